//! zipped_divide by tuple tilers of every length against the run-time
//! algebra: shorter than A's rank (the modes not reached are the rest's),
//! longer with `Keep` entries past the rank (each a tile mode `_1:_0`,
//! nothing in the rest: the specification's `logical_divide(A,
//! tiler_to_layout(T))`), and nested (a nested tuple entry for a tuple mode
//! zips inside, and may itself be longer than its mode). Each static case
//! must be the run-time algebra's layout, each mixed one (a dynamic leaf in
//! A or in the tiler) the same function, printed with the leaves CuTe C++
//! keeps static.

mod static_adapter;

use cute_static::*;
use static_adapter::{self as ad, check_mixed, check_part, check_static, T};

#[test]
fn keep_entries_past_the_rank() {
    let want = || ad::zipped_divide("(4, 6):(1, 4)", T::Tup(vec![T::I(2), T::N, T::N]), &[]);
    let s = zipped_divide(layout!((4, 6)), tile!(2, _, _));
    check_static(&s, want(), "zipped_divide((4, 6), (2, None, None))");
    assert_eq!(s.to_string(), "((_2,_1,_1),(_2,_6)):((_1,_0,_0),(_2,_4))");
    assert_eq!(
        format!("{:?}", want().unwrap()),
        "Layout(((2, 1, 1), (2, 6)), ((1, 0, 0), (2, 4)))"
    );
    let m = 4;
    let x = zipped_divide(layout!((m, 6)).unwrap(), tile!(2, _, _)).unwrap();
    assert_eq!(x.to_string(), "((_2,_1,_1),(2,_6)):((_1,_0,_0),(_2,4))");
    check_mixed(Ok(x), want(), "zipped_divide((m, 6), (2, None, None))");
    let n = 2;
    check_mixed(
        zipped_divide(layout!((4, 6)), tile!({ n }, _, _)),
        want(),
        "zipped_divide((4, 6), (n, None, None))",
    );

    // only Keep entries, and more of them past the rank
    let want = || {
        ad::zipped_divide(
            "(4, 6):(1, 4)",
            T::Tup(vec![T::N, T::L("3:1"), T::N, T::N]),
            &[],
        )
    };
    check_static(
        &zipped_divide(layout!((4, 6)), (Keep, layout!(3 : 1), Keep, Keep)),
        want(),
        "zipped_divide((4, 6), (None, 3:1, None, None))",
    );
    check_mixed(
        zipped_divide(
            layout!((4, { m + 2 })).unwrap(),
            (Keep, layout!(3 : 1), Keep, Keep),
        ),
        want(),
        "zipped_divide((4, m), (None, 3:1, None, None))",
    );
    let want = || ad::zipped_divide("(4, 6):(1, 4)", T::Tup(vec![T::N, T::N, T::N]), &[]);
    check_static(
        &zipped_divide(layout!((4, 6)), tile!(_, _, _)),
        want(),
        "zipped_divide((4, 6), (None, None, None))",
    );
    check_mixed(
        zipped_divide(layout!((4, 6) : (1, { m })).unwrap(), tile!(_, _, _)),
        want(),
        "zipped_divide((4, 6):(1, m), (None, None, None))",
    );

    // a leaf layout is its own only mode
    let want = || ad::zipped_divide("6:1", T::Tup(vec![T::I(2), T::N]), &[]);
    check_static(
        &zipped_divide(layout!(6), tile!(2, _)),
        want(),
        "zipped_divide(6, (2, None))",
    );
    check_mixed(
        zipped_divide(layout!({ m + 2 }).unwrap(), tile!(2, _)),
        want(),
        "zipped_divide(m, (2, None))",
    );

    // the regroupings of the zipped divide
    let t = || T::Tup(vec![T::I(2), T::N, T::N]);
    check_static(
        &tiled_divide(layout!((4, 6)), tile!(2, _, _)),
        ad::tiled_divide("(4, 6):(1, 4)", t()),
        "tiled_divide((4, 6), (2, None, None))",
    );
    check_static(
        &flat_divide(layout!((4, 6)), tile!(2, _, _)),
        ad::flat_divide("(4, 6):(1, 4)", t()),
        "flat_divide((4, 6), (2, None, None))",
    );
    check_mixed(
        tiled_divide(layout!((m, 6)).unwrap(), tile!(2, _, _)),
        ad::tiled_divide("(4, 6):(1, 4)", t()),
        "tiled_divide((m, 6), (2, None, None))",
    );
    check_mixed(
        flat_divide(layout!((m, 6)).unwrap(), tile!(2, _, _)),
        ad::flat_divide("(4, 6):(1, 4)", t()),
        "flat_divide((m, 6), (2, None, None))",
    );
}

#[test]
fn tilers_shorter_than_the_rank() {
    let want = || ad::zipped_divide("(4, 6):(1, 4)", T::Tup(vec![T::I(2)]), &[]);
    let s = zipped_divide(layout!((4, 6)), tile!(2,));
    check_static(&s, want(), "zipped_divide((4, 6), (2,))");
    assert_eq!(
        format!("{:?}", want().unwrap()),
        "Layout(((2,), (2, 6)), ((1,), (2, 4)))"
    );
    let m = 6;
    check_mixed(
        zipped_divide(layout!((4, m)).unwrap(), tile!(2,)),
        want(),
        "zipped_divide((4, m), (2,))",
    );

    let want = || {
        ad::zipped_divide(
            "(4, 6, (2, 3)):(1, 4, (24, 48))",
            T::Tup(vec![T::L("2:2"), T::I(3)]),
            &[],
        )
    };
    check_static(
        &zipped_divide(layout!((4, 6, (2, 3))), (layout!(2 : 2), tile!(3))),
        want(),
        "zipped_divide((4, 6, (2, 3)), (2:2, 3))",
    );
    check_mixed(
        zipped_divide(
            layout!((4, 6, (2, { m / 2 }))).unwrap(),
            (layout!(2 : 2), tile!(3)),
        ),
        want(),
        "zipped_divide((4, 6, (2, m)), (2:2, 3))",
    );
    // a nested entry shorter than its mode
    let want = || {
        ad::zipped_divide(
            "(8, (4, 6, 2)):(1, (8, 32, 192))",
            T::Tup(vec![T::I(2), T::Tup(vec![T::I(2)])]),
            &[],
        )
    };
    check_static(
        &zipped_divide(layout!((8, (4, 6, 2))), tile!(2, (2,))),
        want(),
        "zipped_divide((8, (4, 6, 2)), (2, (2,)))",
    );
    check_mixed(
        zipped_divide(layout!((8, (4, m, 2))).unwrap(), tile!(2, (2,))),
        want(),
        "zipped_divide((8, (4, m, 2)), (2, (2,)))",
    );
}

#[test]
fn nested_entries() {
    // a nested entry longer than its mode: Keep past the mode's rank
    let want = || {
        ad::zipped_divide(
            "(4, (2, 3)):(1, (4, 8))",
            T::Tup(vec![T::I(2), T::Tup(vec![T::N, T::I(3), T::N])]),
            &[],
        )
    };
    let s = zipped_divide(layout!((4, (2, 3))), tile!(2, (_, 3, _)));
    check_static(
        &s,
        want(),
        "zipped_divide((4, (2, 3)), (2, (None, 3, None)))",
    );
    assert_eq!(
        s.to_string(),
        "((_2,(_1,_3,_1)),(_2,(_2,_1))):((_1,(_0,_8,_0)),(_2,(_4,_24)))"
    );
    let m = 4;
    check_mixed(
        zipped_divide(layout!((m, (2, 3))).unwrap(), tile!(2, (_, 3, _))),
        want(),
        "zipped_divide((m, (2, 3)), (2, (None, 3, None)))",
    );
    // and past A's rank too
    let want = || {
        ad::zipped_divide(
            "(4, (2, 3)):(1, (4, 8))",
            T::Tup(vec![T::N, T::Tup(vec![T::N, T::I(3)]), T::N]),
            &[],
        )
    };
    check_static(
        &zipped_divide(layout!((4, (2, 3))), tile!(_, (_, 3), _)),
        want(),
        "zipped_divide((4, (2, 3)), (None, (None, 3), None))",
    );
    check_mixed(
        zipped_divide(
            layout!((4, (2, 3)) : (1, ({ m }, 8))).unwrap(),
            tile!(_, (_, 3), _),
        ),
        want(),
        "zipped_divide((4, (2, 3)):(1, (m, 8)), (None, (None, 3), None))",
    );
    // layouts in a nested tiler, Keep past the rank
    let want = || {
        ad::zipped_divide(
            "(8, (4, 6)):(1, (8, 32))",
            T::Tup(vec![T::L("2:2"), T::Tup(vec![T::I(2), T::L("3:2")]), T::N]),
            &[],
        )
    };
    check_static(
        &zipped_divide(
            layout!((8, (4, 6))),
            (layout!(2 : 2), (tile!(2), layout!(3 : 2)), Keep),
        ),
        want(),
        "zipped_divide((8, (4, 6)), (2:2, (2, 3:2), None))",
    );
    let n = 8;
    check_mixed(
        zipped_divide(
            layout!((n, (4, 6))).unwrap(),
            (layout!(2 : 2), (tile!(2), layout!(3 : 2)), Keep),
        ),
        want(),
        "zipped_divide((n, (4, 6)), (2:2, (2, 3:2), None))",
    );
    // a nested tiler in a nested tiler
    let want = || {
        ad::zipped_divide(
            "(((4, 2), 6), 3):(((1, 4), 8), 48)",
            T::Tup(vec![
                T::Tup(vec![T::Tup(vec![T::I(2), T::N]), T::I(3)]),
                T::N,
            ]),
            &[],
        )
    };
    check_static(
        &zipped_divide(layout!((((4, 2), 6), 3)), tile!(((2, _), 3), _)),
        want(),
        "zipped_divide((((4, 2), 6), 3), (((2, None), 3), None))",
    );
    check_mixed(
        zipped_divide(
            layout!((((4, 2), 6), { m - 1 })).unwrap(),
            tile!(((2, _), 3), _),
        ),
        want(),
        "zipped_divide((((4, 2), 6), m), (((2, None), 3), None))",
    );
}

#[test]
fn partitions_by_a_tiler_longer_than_the_rank() {
    // the partitions divide by zipped_divide: Keep entries past the rank
    // divide nothing, and the tile has their modes _1:_0
    let t = || T::Tup(vec![T::I(2), T::N, T::N]);
    let r = local_tile(layout!((4, 6)), tile!(2, _, _), (1, 2));
    check_part(
        r,
        ad::local_tile("(4, 6):(1, 4)", t(), "(1, 2)"),
        true,
        "local_tile((4, 6), (2, None, None), (1, 2))",
    );
    let m = 4;
    let r = local_tile(layout!((m, 6)).unwrap(), tile!(2, _, _), (1, 2));
    check_part(
        r,
        ad::local_tile("(4, 6):(1, 4)", t(), "(1, 2)"),
        false,
        "local_tile((m, 6), (2, None, None), (1, 2))",
    );
    let r = outer_partition(layout!((m, 6)).unwrap(), tile!(2, _, _), (1, 0, 0));
    check_part(
        r,
        ad::outer_partition("(4, 6):(1, 4)", t(), "(1, 0, 0)"),
        false,
        "outer_partition((m, 6), (2, None, None), (1, 0, 0))",
    );
}
