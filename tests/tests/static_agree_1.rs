//! Static-vs-dynamic agreement of the layout algebra, part 1 of 6.
//! Written by scripts/gen_static_cases.py from the specification's examples
//! and the conformance cases; do not edit by hand.
#![allow(clippy::all)]

mod static_adapter;

use cute_static::*;
use static_adapter::{self as ad, check_mixed, check_static, T};

#[test]
fn agree_1() {
    let (mut statics, mut mixed) = (0, 0);
    check_static(
        &coalesce(layout!((2, (1, 6)) : (1, (6, 2)))),
        ad::coalesce("(2, (1, 6)):(1, (6, 2))", None, &[]),
        "coalesce: spec: coalesce(Layout((2, (1, 6)), (1, (6, 2))))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!((2, (1, 6)) : (1, (6, {2}))).unwrap()).unwrap(),
        ad::coalesce("(2, (1, 6)):(1, (6, 2))", None, &[]),
        "coalesce (mixed): spec: coalesce(Layout((2, (1, 6)), (1, (6, 2))))",
    );
    mixed += 1;
    check_mixed(
        &composition(
            layout!(({6}, 2) : (8, 2)).unwrap(),
            layout!((4, 3) : (3, {1})).unwrap(),
        )
        .unwrap(),
        ad::composition("(6, 2):(8, 2)", T::L("(4, 3):(3, 1)"), &[]),
        "composition (mixed): spec: composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))",
    );
    mixed += 1;
    check_mixed(
        &composition(
            layout!((4, 6) : (1, {4})).unwrap(),
            (Keep, layout!({3} : 2).unwrap()),
        )
        .unwrap(),
        ad::composition("(4, 6):(1, 4)", T::L("3:2"), &[1]),
        "composition (mixed): spec: composition[1](Layout((4, 6), (1, 4)), Layout(3, 2))",
    );
    mixed += 1;
    check_static(
        &complement(layout!(4 : 2)),
        ad::complement("4:2", None),
        "complement: spec: complement(Layout(4, 2))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!({4} : 2).unwrap()).unwrap(),
        ad::complement("4:2", None),
        "complement (mixed): spec: complement(Layout(4, 2))",
    );
    mixed += 1;
    check_mixed(
        &logical_product(layout!({3} : 1).unwrap(), layout!(4 : {1}).unwrap()).unwrap(),
        ad::logical_product("3:1", T::L("4:1"), &[]),
        "logical_product (mixed): spec: logical_product(Layout(3, 1), Layout(4, 1))",
    );
    mixed += 1;
    check_static(
        &logical_divide(layout!((3, 8) : (1, 3)), (Keep, layout!(4 : 2))),
        ad::logical_divide("(3, 8):(1, 3)", T::L("4:2"), &[1]),
        "logical_divide: spec: logical_divide[1](Layout((3, 8)), Layout(4, 2))",
    );
    statics += 1;
    check_mixed(
        &logical_divide(layout!((3, 8) : (1, {3})).unwrap(), (Keep, layout!(4 : 2))).unwrap(),
        ad::logical_divide("(3, 8):(1, 3)", T::L("4:2"), &[1]),
        "logical_divide (mixed): spec: logical_divide[1](Layout((3, 8)), Layout(4, 2))",
    );
    mixed += 1;
    check_static(
        &logical_divide(layout!((5, 24) : (1, 5)), (Keep, layout!(4 : 2))),
        ad::zipped_divide("(5, 24):(1, 5)", T::L("4:2"), &[1]),
        "zipped_divide: spec: zipped_divide[1](Layout((5, 24)), Layout(4, 2))",
    );
    statics += 1;
    check_mixed(
        &logical_divide(layout!((5, 24) : ({1}, 5)).unwrap(), (Keep, layout!(4 : 2))).unwrap(),
        ad::zipped_divide("(5, 24):(1, 5)", T::L("4:2"), &[1]),
        "zipped_divide (mixed): spec: zipped_divide[1](Layout((5, 24)), Layout(4, 2))",
    );
    mixed += 1;
    check_static(
        &coalesce(layout!((8, 6) : (6, 1))),
        ad::coalesce("(8, 6):(6, 1)", None, &[]),
        "coalesce: conformance: coalesce(Layout((8, 6), (6, 1)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!((8, {6}) : (6, 1)).unwrap()).unwrap(),
        ad::coalesce("(8, 6):(6, 1)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout((8, 6), (6, 1)))",
    );
    mixed += 1;
    check_static(
        &logical_divide(layout!((8, 6) : (6, 1)), tile!(_, _)),
        ad::logical_divide("(8, 6):(6, 1)", T::Tup(vec![T::N, T::N]), &[]),
        "logical_divide: conformance: logical_divide(Layout((8, 6), (6, 1)), (None, None))",
    );
    statics += 1;
    check_mixed(
        &logical_divide(layout!((8, 6) : ({6}, 1)).unwrap(), tile!(_, _)).unwrap(),
        ad::logical_divide("(8, 6):(6, 1)", T::Tup(vec![T::N, T::N]), &[]),
        "logical_divide (mixed): conformance: logical_divide(Layout((8, 6), (6, 1)), (None, None))",
    );
    mixed += 1;
    check_static(
        &logical_product(layout!((8, 6) : (6, 1)), tile!(_, _)),
        ad::logical_product("(8, 6):(6, 1)", T::Tup(vec![T::N, T::N]), &[]),
        "logical_product: conformance: logical_product(Layout((8, 6), (6, 1)), (None, None))",
    );
    statics += 1;
    check_mixed(&logical_product(layout!(({8}, 6) : (6, 1)).unwrap(), tile!(_, _)).unwrap(), ad::logical_product("(8, 6):(6, 1)", T::Tup(vec![T::N, T::N]), &[]), "logical_product (mixed): conformance: logical_product(Layout((8, 6), (6, 1)), (None, None))");
    mixed += 1;
    check_mixed(
        &complement_to(layout!((8, 6) : (6, {1})).unwrap(), shape!(16)).unwrap(),
        ad::complement("(8, 6):(6, 1)", Some("16")),
        "complement_to (mixed): conformance: complement(Layout((8, 6), (6, 1)), 16)",
    );
    mixed += 1;
    check_mixed(&logical_product(layout!((8, 6) : (6, {1})).unwrap(), layout!(({6},) : (1,)).unwrap()).unwrap(), ad::logical_product("(8, 6):(6, 1)", T::L("(6,):(1,)"), &[]), "logical_product (mixed): conformance: logical_product(Layout((8, 6), (6, 1)), Layout((6,), (1,)))");
    mixed += 1;
    check_static(
        &coalesce(layout!(4 : 1)),
        ad::coalesce("4:1", None, &[]),
        "coalesce: conformance: coalesce(Layout(4, 1))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!({4} : 1).unwrap()).unwrap(),
        ad::coalesce("4:1", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout(4, 1))",
    );
    mixed += 1;
    check_static(
        &complement_to(layout!(4 : 1), shape!(128)),
        ad::complement("4:1", Some("128")),
        "complement_to: conformance: complement(Layout(4, 1), 128)",
    );
    statics += 1;
    check_mixed(
        &complement_to(layout!(4 : 1), shape!({ 128 })).unwrap(),
        ad::complement("4:1", Some("128")),
        "complement_to (mixed): conformance: complement(Layout(4, 1), 128)",
    );
    mixed += 1;
    check_static(
        &logical_product(layout!(4 : 1), layout!((6, 2) : (2, 1))),
        ad::logical_product("4:1", T::L("(6, 2):(2, 1)"), &[]),
        "logical_product: conformance: logical_product(Layout(4, 1), Layout((6, 2), (2, 1)))",
    );
    statics += 1;
    check_mixed(&logical_product(layout!({4} : 1).unwrap(), layout!((6, 2) : (2, 1))).unwrap(), ad::logical_product("4:1", T::L("(6, 2):(2, 1)"), &[]), "logical_product (mixed): conformance: logical_product(Layout(4, 1), Layout((6, 2), (2, 1)))");
    mixed += 1;
    check_mixed(
        &composition(
            layout!(({3}, 3) : (3, 1)).unwrap(),
            layout!(3 : {1}).unwrap(),
        )
        .unwrap(),
        ad::composition("(3, 3):(3, 1)", T::L("3:1"), &[]),
        "composition (mixed): conformance: composition(Layout((3, 3), (3, 1)), Layout(3, 1))",
    );
    mixed += 1;
    check_mixed(
        &zipped_divide(
            layout!((3, 3) : (3, {1})).unwrap(),
            (tile!({ 3 }), tile!(1)),
        )
        .unwrap(),
        ad::zipped_divide("(3, 3):(3, 1)", T::Tup(vec![T::I(3), T::I(1)]), &[]),
        "zipped_divide (mixed): conformance: zipped_divide(Layout((3, 3), (3, 1)), (3, 1))",
    );
    mixed += 1;
    check_mixed(&composition(layout!((3, {3}) : (3, 1)).unwrap(), (Keep, layout!(({4}, 1) : (1, 4)).unwrap())).unwrap(), ad::composition("(3, 3):(3, 1)", T::L("(4, 1):(1, 4)"), &[1]), "composition (mixed): conformance: composition[1](Layout((3, 3), (3, 1)), Layout((4, 1), (1, 4)))");
    mixed += 1;
    check_static(
        &logical_divide(layout!((3, 3) : (3, 1)), layout!(3 : 1)),
        ad::logical_divide("(3, 3):(3, 1)", T::L("3:1"), &[]),
        "logical_divide: conformance: logical_divide(Layout((3, 3), (3, 1)), Layout(3, 1))",
    );
    statics += 1;
    check_mixed(
        &logical_divide(layout!((3, 3) : ({3}, 1)).unwrap(), layout!(3 : 1)).unwrap(),
        ad::logical_divide("(3, 3):(3, 1)", T::L("3:1"), &[]),
        "logical_divide (mixed): conformance: logical_divide(Layout((3, 3), (3, 1)), Layout(3, 1))",
    );
    mixed += 1;
    check_mixed(&blocked_product(layout!(({3}, 3) : (3, 1)).unwrap(), layout!((5, 2) : (3, {23})).unwrap()).unwrap(), ad::blocked_product("(3, 3):(3, 1)", "(5, 2):(3, 23)"), "blocked_product (mixed): conformance: blocked_product(Layout((3, 3), (3, 1)), Layout((5, 2), (3, 23)))");
    mixed += 1;
    check_mixed(&composition(layout!((1, ({4}, 2), 1) : (2, (9, 17), 14)).unwrap(), layout!(({2}, 1) : (2, 4)).unwrap()).unwrap(), ad::composition("(1, (4, 2), 1):(2, (9, 17), 14)", T::L("(2, 1):(2, 4)"), &[]), "composition (mixed): conformance: composition(Layout((1, (4, 2), 1), (2, (9, 17), 14)), Layout((2, 1), (2, 4)))");
    mixed += 1;
    check_mixed(&logical_divide(layout!((1, (4, 2), 1) : ({2}, (9, 17), 14)).unwrap(), tile!(_, _, _)).unwrap(), ad::logical_divide("(1, (4, 2), 1):(2, (9, 17), 14)", T::Tup(vec![T::N, T::N, T::N]), &[]), "logical_divide (mixed): conformance: logical_divide(Layout((1, (4, 2), 1), (2, (9, 17), 14)), (None, None, None))");
    mixed += 1;
    check_mixed(&logical_product(layout!((1, (4, 2), 1) : (2, (9, {17}), 14)).unwrap(), tile!(_, _, _)).unwrap(), ad::logical_product("(1, (4, 2), 1):(2, (9, 17), 14)", T::Tup(vec![T::N, T::N, T::N]), &[]), "logical_product (mixed): conformance: logical_product(Layout((1, (4, 2), 1), (2, (9, 17), 14)), (None, None, None))");
    mixed += 1;
    check_static(
        &coalesce(layout!(((3, 2, 8), 4) : ((32, 0, 1), 16))),
        ad::coalesce("((3, 2, 8), 4):((32, 0, 1), 16)", None, &[]),
        "coalesce: conformance: coalesce(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!(((3, 2, {8}), 4) : ((32, 0, 1), 16)).unwrap()).unwrap(),
        ad::coalesce("((3, 2, 8), 4):((32, 0, 1), 16)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)))",
    );
    mixed += 1;
    check_static(&logical_divide(layout!(((3, 2, 8), 4) : ((32, 0, 1), 16)), tile!(_, 2)), ad::logical_divide("((3, 2, 8), 4):((32, 0, 1), 16)", T::Tup(vec![T::N, T::I(2)]), &[]), "logical_divide: conformance: logical_divide(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)), (None, 2))");
    statics += 1;
    check_mixed(&logical_divide(layout!(((3, 2, 8), 4) : ((32, 0, 1), {16})).unwrap(), tile!(_, 2)).unwrap(), ad::logical_divide("((3, 2, 8), 4):((32, 0, 1), 16)", T::Tup(vec![T::N, T::I(2)]), &[]), "logical_divide (mixed): conformance: logical_divide(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)), (None, 2))");
    mixed += 1;
    check_static(&logical_product(layout!(((3, 2, 8), 4) : ((32, 0, 1), 16)), tile!(_, 2)), ad::logical_product("((3, 2, 8), 4):((32, 0, 1), 16)", T::Tup(vec![T::N, T::I(2)]), &[]), "logical_product: conformance: logical_product(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)), (None, 2))");
    statics += 1;
    check_mixed(&logical_product(layout!(((3, {2}, 8), 4) : ((32, 0, 1), 16)).unwrap(), tile!(_, 2)).unwrap(), ad::logical_product("((3, 2, 8), 4):((32, 0, 1), 16)", T::Tup(vec![T::N, T::I(2)]), &[]), "logical_product (mixed): conformance: logical_product(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)), (None, 2))");
    mixed += 1;
    check_static(
        &coalesce_by(layout!((4, 3) : (3, 1)), tile!(1, _)),
        ad::coalesce("(4, 3):(3, 1)", Some(T::Tup(vec![T::I(1), T::N])), &[]),
        "coalesce_by: conformance: coalesce(Layout((4, 3), (3, 1)), (1, None))",
    );
    statics += 1;
    check_mixed(
        &coalesce_by(layout!((4, 3) : (3, {1})).unwrap(), tile!(1, _)).unwrap(),
        ad::coalesce("(4, 3):(3, 1)", Some(T::Tup(vec![T::I(1), T::N])), &[]),
        "coalesce_by (mixed): conformance: coalesce(Layout((4, 3), (3, 1)), (1, None))",
    );
    mixed += 1;
    check_mixed(&logical_divide(layout!((4, 3) : ({3}, 1)).unwrap(), (layout!(1 : 4), tile!({1}))).unwrap(), ad::logical_divide("(4, 3):(3, 1)", T::Tup(vec![T::L("1:4"), T::I(1)]), &[]), "logical_divide (mixed): conformance: logical_divide(Layout((4, 3), (3, 1)), (Layout(1, 4), 1))");
    mixed += 1;
    check_mixed(&logical_product(layout!(({4}, 3) : (3, 1)).unwrap(), (layout!(1 : 4), tile!({1}))).unwrap(), ad::logical_product("(4, 3):(3, 1)", T::Tup(vec![T::L("1:4"), T::I(1)]), &[]), "logical_product (mixed): conformance: logical_product(Layout((4, 3), (3, 1)), (Layout(1, 4), 1))");
    mixed += 1;
    check_static(
        &complement(layout!((4, 3) : (3, 1))),
        ad::complement("(4, 3):(3, 1)", None),
        "complement: conformance: complement(Layout((4, 3), (3, 1)))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!((4, 3) : ({3}, 1)).unwrap()).unwrap(),
        ad::complement("(4, 3):(3, 1)", None),
        "complement (mixed): conformance: complement(Layout((4, 3), (3, 1)))",
    );
    mixed += 1;
    check_mixed(&logical_product(layout!((4, 3) : ({3}, 1)).unwrap(), layout!(3 : {0}).unwrap()).unwrap(), ad::logical_product("(4, 3):(3, 1)", T::L("3:0"), &[]), "logical_product (mixed): conformance: logical_product(Layout((4, 3), (3, 1)), Layout(3, 0))");
    mixed += 1;
    check_static(
        &coalesce(layout!((2, 6, 3) : (23, 24, 32))),
        ad::coalesce("(2, 6, 3):(23, 24, 32)", None, &[]),
        "coalesce: conformance: coalesce(Layout((2, 6, 3), (23, 24, 32)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!((2, 6, {3}) : (23, 24, 32)).unwrap()).unwrap(),
        ad::coalesce("(2, 6, 3):(23, 24, 32)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout((2, 6, 3), (23, 24, 32)))",
    );
    mixed += 1;
    check_static(
        &logical_divide(layout!((2, 6, 3) : (23, 24, 32)), tile!(2, 6, 1)),
        ad::logical_divide(
            "(2, 6, 3):(23, 24, 32)",
            T::Tup(vec![T::I(2), T::I(6), T::I(1)]),
            &[],
        ),
        "logical_divide: conformance: logical_divide(Layout((2, 6, 3), (23, 24, 32)), (2, 6, 1))",
    );
    statics += 1;
    check_mixed(&logical_divide(layout!((2, {6}, 3) : (23, 24, 32)).unwrap(), tile!(2, 6, 1)).unwrap(), ad::logical_divide("(2, 6, 3):(23, 24, 32)", T::Tup(vec![T::I(2), T::I(6), T::I(1)]), &[]), "logical_divide (mixed): conformance: logical_divide(Layout((2, 6, 3), (23, 24, 32)), (2, 6, 1))");
    mixed += 1;
    check_static(
        &logical_product(layout!((2, 6, 3) : (23, 24, 32)), tile!(2, 6, 1)),
        ad::logical_product(
            "(2, 6, 3):(23, 24, 32)",
            T::Tup(vec![T::I(2), T::I(6), T::I(1)]),
            &[],
        ),
        "logical_product: conformance: logical_product(Layout((2, 6, 3), (23, 24, 32)), (2, 6, 1))",
    );
    statics += 1;
    check_mixed(&logical_product(layout!((2, 6, 3) : ({23}, 24, 32)).unwrap(), tile!(2, 6, 1)).unwrap(), ad::logical_product("(2, 6, 3):(23, 24, 32)", T::Tup(vec![T::I(2), T::I(6), T::I(1)]), &[]), "logical_product (mixed): conformance: logical_product(Layout((2, 6, 3), (23, 24, 32)), (2, 6, 1))");
    mixed += 1;
    check_mixed(&composition(layout!((2, 6, 3) : (23, {24}, 32)).unwrap(), (Keep, Keep, layout!(4 : {1}).unwrap())).unwrap(), ad::composition("(2, 6, 3):(23, 24, 32)", T::L("4:1"), &[2]), "composition (mixed): conformance: composition[2](Layout((2, 6, 3), (23, 24, 32)), Layout(4, 1))");
    mixed += 1;
    check_static(&composition(layout!((2, (6, 2), 4) : (6, (1, 48), 12)), layout!(48 : 2)), ad::composition("(2, (6, 2), 4):(6, (1, 48), 12)", T::L("48:2"), &[]), "composition: conformance: composition(Layout((2, (6, 2), 4), (6, (1, 48), 12)), Layout(48, 2))");
    statics += 1;
    check_mixed(&composition(layout!((2, (6, 2), {4}) : (6, (1, 48), 12)).unwrap(), layout!(48 : 2)).unwrap(), ad::composition("(2, (6, 2), 4):(6, (1, 48), 12)", T::L("48:2"), &[]), "composition (mixed): conformance: composition(Layout((2, (6, 2), 4), (6, (1, 48), 12)), Layout(48, 2))");
    mixed += 1;
    check_static(&composition(layout!((2, (6, 2), 4) : (6, (1, 48), 12)), (layout!(2 : 1),)), ad::composition("(2, (6, 2), 4):(6, (1, 48), 12)", T::L("2:1"), &[0]), "composition: conformance: composition[0](Layout((2, (6, 2), 4), (6, (1, 48), 12)), Layout(2, 1))");
    statics += 1;
    check_mixed(&composition(layout!((2, (6, 2), 4) : (6, (1, {48}), 12)).unwrap(), (layout!(2 : 1),)).unwrap(), ad::composition("(2, (6, 2), 4):(6, (1, 48), 12)", T::L("2:1"), &[0]), "composition (mixed): conformance: composition[0](Layout((2, (6, 2), 4), (6, (1, 48), 12)), Layout(2, 1))");
    mixed += 1;
    check_static(
        &left_inverse(layout!((2, (6, 2), 4) : (6, (1, 48), 12))),
        ad::left_inverse("(2, (6, 2), 4):(6, (1, 48), 12)"),
        "left_inverse: conformance: left_inverse(Layout((2, (6, 2), 4), (6, (1, 48), 12)))",
    );
    statics += 1;
    check_mixed(
        &left_inverse(layout!((2, (6, {2}), 4) : (6, (1, 48), 12)).unwrap()).unwrap(),
        ad::left_inverse("(2, (6, 2), 4):(6, (1, 48), 12)"),
        "left_inverse (mixed): conformance: left_inverse(Layout((2, (6, 2), 4), (6, (1, 48), 12)))",
    );
    mixed += 1;
    check_mixed(
        &composition(
            layout!(((2, 5),) : (({1}, 0),)).unwrap(),
            layout!(1 : {5}).unwrap(),
        )
        .unwrap(),
        ad::composition("((2, 5),):((1, 0),)", T::L("1:5"), &[]),
        "composition (mixed): conformance: composition(Layout(((2, 5),), ((1, 0),)), Layout(1, 5))",
    );
    mixed += 1;
    check_static(
        &logical_divide(layout!(((2, 5),) : ((1, 0),)), layout!(1 : 2)),
        ad::logical_divide("((2, 5),):((1, 0),)", T::L("1:2"), &[]),
        "logical_divide: conformance: logical_divide(Layout(((2, 5),), ((1, 0),)), Layout(1, 2))",
    );
    statics += 1;
    check_mixed(&logical_divide(layout!(((2, 5),) : ((1, {0}),)).unwrap(), layout!(1 : 2)).unwrap(), ad::logical_divide("((2, 5),):((1, 0),)", T::L("1:2"), &[]), "logical_divide (mixed): conformance: logical_divide(Layout(((2, 5),), ((1, 0),)), Layout(1, 2))");
    mixed += 1;
    check_static(
        &coalesce_by(layout!((2, 2) : (1, 2)), tile!(_, 1)),
        ad::coalesce("(2, 2):(1, 2)", Some(T::Tup(vec![T::N, T::I(1)])), &[]),
        "coalesce_by: conformance: coalesce(Layout((2, 2), (1, 2)), (None, 1))",
    );
    statics += 1;
    check_mixed(
        &coalesce_by(layout!(({2}, 2) : (1, 2)).unwrap(), tile!(_, 1)).unwrap(),
        ad::coalesce("(2, 2):(1, 2)", Some(T::Tup(vec![T::N, T::I(1)])), &[]),
        "coalesce_by (mixed): conformance: coalesce(Layout((2, 2), (1, 2)), (None, 1))",
    );
    mixed += 1;
    check_mixed(&zipped_divide(layout!((2, {2}) : (1, 2)).unwrap(), (layout!({1} : 1).unwrap(), layout!(2 : 1))).unwrap(), ad::zipped_divide("(2, 2):(1, 2)", T::Tup(vec![T::L("1:1"), T::L("2:1")]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((2, 2), (1, 2)), (Layout(1, 1), Layout(2, 1)))");
    mixed += 1;
    check_static(&tiled_product(layout!((2, 2) : (1, 2)), (layout!(1 : 1), layout!(2 : 1))), ad::tiled_product("(2, 2):(1, 2)", T::Tup(vec![T::L("1:1"), T::L("2:1")])), "tiled_product: conformance: logical_product(Layout((2, 2), (1, 2)), (Layout(1, 1), Layout(2, 1)))");
    statics += 1;
    check_mixed(&tiled_product(layout!((2, 2) : (1, 2)), (layout!(1 : 1), layout!(2 : {1}).unwrap())).unwrap(), ad::tiled_product("(2, 2):(1, 2)", T::Tup(vec![T::L("1:1"), T::L("2:1")])), "tiled_product (mixed): conformance: logical_product(Layout((2, 2), (1, 2)), (Layout(1, 1), Layout(2, 1)))");
    mixed += 1;
    check_static(
        &left_inverse(layout!((2, 2) : (1, 2))),
        ad::left_inverse("(2, 2):(1, 2)"),
        "left_inverse: conformance: left_inverse(Layout((2, 2), (1, 2)))",
    );
    statics += 1;
    check_mixed(
        &left_inverse(layout!((2, 2) : (1, {2})).unwrap()).unwrap(),
        ad::left_inverse("(2, 2):(1, 2)"),
        "left_inverse (mixed): conformance: left_inverse(Layout((2, 2), (1, 2)))",
    );
    mixed += 1;
    check_static(&blocked_product(layout!((2, 2) : (1, 2)), layout!((2, 5) : (1, 2))), ad::blocked_product("(2, 2):(1, 2)", "(2, 5):(1, 2)"), "blocked_product: conformance: blocked_product(Layout((2, 2), (1, 2)), Layout((2, 5), (1, 2)))");
    statics += 1;
    check_mixed(&blocked_product(layout!((2, 2) : (1, 2)), layout!((2, {5}) : (1, 2)).unwrap()).unwrap(), ad::blocked_product("(2, 2):(1, 2)", "(2, 5):(1, 2)"), "blocked_product (mixed): conformance: blocked_product(Layout((2, 2), (1, 2)), Layout((2, 5), (1, 2)))");
    mixed += 1;
    check_static(&logical_divide(layout!((4, 2, 1) : (1, 4, 8)), (Keep, layout!(1 : 2), tile!(1))), ad::logical_divide("(4, 2, 1):(1, 4, 8)", T::Tup(vec![T::N, T::L("1:2"), T::I(1)]), &[]), "logical_divide: conformance: logical_divide(Layout((4, 2, 1), (1, 4, 8)), (None, Layout(1, 2), 1))");
    statics += 1;
    check_mixed(&logical_divide(layout!((4, 2, {1}) : (1, 4, 8)).unwrap(), (Keep, layout!(1 : 2), tile!(1))).unwrap(), ad::logical_divide("(4, 2, 1):(1, 4, 8)", T::Tup(vec![T::N, T::L("1:2"), T::I(1)]), &[]), "logical_divide (mixed): conformance: logical_divide(Layout((4, 2, 1), (1, 4, 8)), (None, Layout(1, 2), 1))");
    mixed += 1;
    check_static(&logical_product(layout!((4, 2, 1) : (1, 4, 8)), (Keep, layout!(1 : 2), tile!(1))), ad::logical_product("(4, 2, 1):(1, 4, 8)", T::Tup(vec![T::N, T::L("1:2"), T::I(1)]), &[]), "logical_product: conformance: logical_product(Layout((4, 2, 1), (1, 4, 8)), (None, Layout(1, 2), 1))");
    statics += 1;
    check_mixed(&logical_product(layout!((4, 2, 1) : (1, {4}, 8)).unwrap(), (Keep, layout!(1 : 2), tile!(1))).unwrap(), ad::logical_product("(4, 2, 1):(1, 4, 8)", T::Tup(vec![T::N, T::L("1:2"), T::I(1)]), &[]), "logical_product (mixed): conformance: logical_product(Layout((4, 2, 1), (1, 4, 8)), (None, Layout(1, 2), 1))");
    mixed += 1;
    check_static(
        &left_inverse(layout!((4, 2, 1) : (1, 4, 8))),
        ad::left_inverse("(4, 2, 1):(1, 4, 8)"),
        "left_inverse: conformance: left_inverse(Layout((4, 2, 1), (1, 4, 8)))",
    );
    statics += 1;
    check_mixed(
        &left_inverse(layout!((4, 2, 1) : ({1}, 4, 8)).unwrap()).unwrap(),
        ad::left_inverse("(4, 2, 1):(1, 4, 8)"),
        "left_inverse (mixed): conformance: left_inverse(Layout((4, 2, 1), (1, 4, 8)))",
    );
    mixed += 1;
    check_static(
        &coalesce(layout!((5, 3, 3) : (9, 1, 3))),
        ad::coalesce("(5, 3, 3):(9, 1, 3)", None, &[]),
        "coalesce: conformance: coalesce(Layout((5, 3, 3), (9, 1, 3)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!(({5}, 3, 3) : (9, 1, 3)).unwrap()).unwrap(),
        ad::coalesce("(5, 3, 3):(9, 1, 3)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout((5, 3, 3), (9, 1, 3)))",
    );
    mixed += 1;
    check_static(&tiled_divide(layout!((5, 3, 3) : (9, 1, 3)), (tile!(1), layout!(1 : 1), tile!(3))), ad::tiled_divide("(5, 3, 3):(9, 1, 3)", T::Tup(vec![T::I(1), T::L("1:1"), T::I(3)])), "tiled_divide: conformance: zipped_divide(Layout((5, 3, 3), (9, 1, 3)), (1, Layout(1, 1), 3))");
    statics += 1;
    check_mixed(&tiled_divide(layout!(({5}, 3, 3) : (9, 1, 3)).unwrap(), (tile!(1), layout!(1 : 1), tile!(3))).unwrap(), ad::tiled_divide("(5, 3, 3):(9, 1, 3)", T::Tup(vec![T::I(1), T::L("1:1"), T::I(3)])), "tiled_divide (mixed): conformance: zipped_divide(Layout((5, 3, 3), (9, 1, 3)), (1, Layout(1, 1), 3))");
    mixed += 1;
    check_static(&flat_product(layout!((5, 3, 3) : (9, 1, 3)), (tile!(1), layout!(1 : 1), tile!(3))), ad::flat_product("(5, 3, 3):(9, 1, 3)", T::Tup(vec![T::I(1), T::L("1:1"), T::I(3)])), "flat_product: conformance: logical_product(Layout((5, 3, 3), (9, 1, 3)), (1, Layout(1, 1), 3))");
    statics += 1;
    check_mixed(&flat_product(layout!((5, 3, 3) : (9, 1, 3)), (tile!(1), layout!({1} : 1).unwrap(), tile!(3))).unwrap(), ad::flat_product("(5, 3, 3):(9, 1, 3)", T::Tup(vec![T::I(1), T::L("1:1"), T::I(3)])), "flat_product (mixed): conformance: logical_product(Layout((5, 3, 3), (9, 1, 3)), (1, Layout(1, 1), 3))");
    mixed += 1;
    check_static(
        &logical_divide(layout!((5, 3, 3) : (9, 1, 3)), layout!(45 : 1)),
        ad::logical_divide("(5, 3, 3):(9, 1, 3)", T::L("45:1"), &[]),
        "logical_divide: conformance: logical_divide(Layout((5, 3, 3), (9, 1, 3)), Layout(45, 1))",
    );
    statics += 1;
    check_mixed(&logical_divide(layout!((5, {3}, 3) : (9, 1, 3)).unwrap(), layout!(45 : 1)).unwrap(), ad::logical_divide("(5, 3, 3):(9, 1, 3)", T::L("45:1"), &[]), "logical_divide (mixed): conformance: logical_divide(Layout((5, 3, 3), (9, 1, 3)), Layout(45, 1))");
    mixed += 1;
    check_static(
        &coalesce_by(layout!((3, 4) : (28, 17)), tile!(1, _)),
        ad::coalesce("(3, 4):(28, 17)", Some(T::Tup(vec![T::I(1), T::N])), &[]),
        "coalesce_by: conformance: coalesce(Layout((3, 4), (28, 17)), (1, None))",
    );
    statics += 1;
    check_mixed(
        &coalesce_by(layout!((3, 4) : ({28}, 17)).unwrap(), tile!(1, _)).unwrap(),
        ad::coalesce("(3, 4):(28, 17)", Some(T::Tup(vec![T::I(1), T::N])), &[]),
        "coalesce_by (mixed): conformance: coalesce(Layout((3, 4), (28, 17)), (1, None))",
    );
    mixed += 1;
    check_static(
        &flat_divide(layout!((3, 4) : (28, 17)), (layout!(1 : 1), tile!(2))),
        ad::flat_divide("(3, 4):(28, 17)", T::Tup(vec![T::L("1:1"), T::I(2)])),
        "flat_divide: conformance: zipped_divide(Layout((3, 4), (28, 17)), (Layout(1, 1), 2))",
    );
    statics += 1;
    check_mixed(&flat_divide(layout!((3, 4) : ({28}, 17)).unwrap(), (layout!(1 : 1), tile!(2))).unwrap(), ad::flat_divide("(3, 4):(28, 17)", T::Tup(vec![T::L("1:1"), T::I(2)])), "flat_divide (mixed): conformance: zipped_divide(Layout((3, 4), (28, 17)), (Layout(1, 1), 2))");
    mixed += 1;
    check_static(
        &right_inverse(layout!((3, 4) : (28, 17))),
        ad::right_inverse("(3, 4):(28, 17)"),
        "right_inverse: conformance: right_inverse(Layout((3, 4), (28, 17)))",
    );
    statics += 1;
    check_mixed(
        &right_inverse(layout!((3, {4}) : (28, 17)).unwrap()).unwrap(),
        ad::right_inverse("(3, 4):(28, 17)"),
        "right_inverse (mixed): conformance: right_inverse(Layout((3, 4), (28, 17)))",
    );
    mixed += 1;
    check_mixed(&zipped_divide(layout!((6, ({3}, 6)) : (28, (22, 9))).unwrap(), (layout!({1} : 1).unwrap(), tile!(1))).unwrap(), ad::zipped_divide("(6, (3, 6)):(28, (22, 9))", T::Tup(vec![T::L("1:1"), T::I(1)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((6, (3, 6)), (28, (22, 9))), (Layout(1, 1), 1))");
    mixed += 1;
    check_static(
        &coalesce(layout!(((2, 4, 2), 2, 3) : ((16, 1, 4), 8, 32))),
        ad::coalesce("((2, 4, 2), 2, 3):((16, 1, 4), 8, 32)", None, &[]),
        "coalesce: conformance: coalesce(Layout(((2, 4, 2), 2, 3), ((16, 1, 4), 8, 32)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!(((2, 4, 2), 2, 3) : ((16, 1, {4}), 8, 32)).unwrap()).unwrap(),
        ad::coalesce("((2, 4, 2), 2, 3):((16, 1, 4), 8, 32)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout(((2, 4, 2), 2, 3), ((16, 1, 4), 8, 32)))",
    );
    mixed += 1;
    check_static(&tiled_divide(layout!(((2, 4, 2), 2, 3) : ((16, 1, 4), 8, 32)), tile!(1, 1, 1)), ad::tiled_divide("((2, 4, 2), 2, 3):((16, 1, 4), 8, 32)", T::Tup(vec![T::I(1), T::I(1), T::I(1)])), "tiled_divide: conformance: zipped_divide(Layout(((2, 4, 2), 2, 3), ((16, 1, 4), 8, 32)), (1, 1, 1))");
    statics += 1;
    check_mixed(&tiled_divide(layout!(((2, 4, 2), 2, {3}) : ((16, 1, 4), 8, 32)).unwrap(), tile!(1, 1, 1)).unwrap(), ad::tiled_divide("((2, 4, 2), 2, 3):((16, 1, 4), 8, 32)", T::Tup(vec![T::I(1), T::I(1), T::I(1)])), "tiled_divide (mixed): conformance: zipped_divide(Layout(((2, 4, 2), 2, 3), ((16, 1, 4), 8, 32)), (1, 1, 1))");
    mixed += 1;
    check_mixed(&complement_to(layout!(((2, 4, 2), 2, 3) : ((16, 1, 4), {8}, 32)).unwrap(), shape!(128)).unwrap(), ad::complement("((2, 4, 2), 2, 3):((16, 1, 4), 8, 32)", Some("128")), "complement_to (mixed): conformance: complement(Layout(((2, 4, 2), 2, 3), ((16, 1, 4), 8, 32)), 128)");
    mixed += 1;
    check_mixed(&logical_product(layout!(((2, 4, {2}), 2, 3) : ((16, 1, 4), 8, 32)).unwrap(), layout!((1, 1, 5) : (5, 1, {1})).unwrap()).unwrap(), ad::logical_product("((2, 4, 2), 2, 3):((16, 1, 4), 8, 32)", T::L("(1, 1, 5):(5, 1, 1)"), &[]), "logical_product (mixed): conformance: logical_product(Layout(((2, 4, 2), 2, 3), ((16, 1, 4), 8, 32)), Layout((1, 1, 5), (5, 1, 1)))");
    mixed += 1;
    check_static(
        &zipped_divide(layout!(((5, 5), 3) : ((38, 11), 35)), tile!(1, 1)),
        ad::zipped_divide(
            "((5, 5), 3):((38, 11), 35)",
            T::Tup(vec![T::I(1), T::I(1)]),
            &[],
        ),
        "zipped_divide: conformance: zipped_divide(Layout(((5, 5), 3), ((38, 11), 35)), (1, 1))",
    );
    statics += 1;
    check_mixed(&zipped_divide(layout!((({5}, 5), 3) : ((38, 11), 35)).unwrap(), tile!(1, 1)).unwrap(), ad::zipped_divide("((5, 5), 3):((38, 11), 35)", T::Tup(vec![T::I(1), T::I(1)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout(((5, 5), 3), ((38, 11), 35)), (1, 1))");
    mixed += 1;
    check_mixed(&logical_divide(layout!(((5, 5), 3) : (({38}, 11), 35)).unwrap(), layout!(({15}, 1) : (5, 150)).unwrap()).unwrap(), ad::logical_divide("((5, 5), 3):((38, 11), 35)", T::L("(15, 1):(5, 150)"), &[]), "logical_divide (mixed): conformance: logical_divide(Layout(((5, 5), 3), ((38, 11), 35)), Layout((15, 1), (5, 150)))");
    mixed += 1;
    check_mixed(&zipped_divide(layout!((3, {1}, (2, 5, 8)) : (16, 8, (8, 48, 1))).unwrap(), (layout!({1} : 3).unwrap(), tile!(1), tile!(1))).unwrap(), ad::zipped_divide("(3, 1, (2, 5, 8)):(16, 8, (8, 48, 1))", T::Tup(vec![T::L("1:3"), T::I(1), T::I(1)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((3, 1, (2, 5, 8)), (16, 8, (8, 48, 1))), (Layout(1, 3), 1, 1))");
    mixed += 1;
    check_static(&complement_to(layout!((3, 1, (2, 5, 8)) : (16, 8, (8, 48, 1))), shape!(256)), ad::complement("(3, 1, (2, 5, 8)):(16, 8, (8, 48, 1))", Some("256")), "complement_to: conformance: complement(Layout((3, 1, (2, 5, 8)), (16, 8, (8, 48, 1))), 256)");
    statics += 1;
    check_mixed(&complement_to(layout!((3, 1, (2, 5, 8)) : (16, 8, (8, 48, 1))), shape!({256})).unwrap(), ad::complement("(3, 1, (2, 5, 8)):(16, 8, (8, 48, 1))", Some("256")), "complement_to (mixed): conformance: complement(Layout((3, 1, (2, 5, 8)), (16, 8, (8, 48, 1))), 256)");
    mixed += 1;
    check_static(&zipped_product(layout!((3, 1, (2, 5, 8)) : (16, 8, (8, 48, 1))), layout!(((2, 5),) : ((1, 2),))), ad::zipped_product("(3, 1, (2, 5, 8)):(16, 8, (8, 48, 1))", T::L("((2, 5),):((1, 2),)")), "zipped_product: conformance: logical_product(Layout((3, 1, (2, 5, 8)), (16, 8, (8, 48, 1))), Layout(((2, 5),), ((1, 2),)))");
    statics += 1;
    check_mixed(&zipped_product(layout!((3, 1, (2, 5, 8)) : (16, 8, (8, 48, 1))), layout!(((2, {5}),) : ((1, 2),)).unwrap()).unwrap(), ad::zipped_product("(3, 1, (2, 5, 8)):(16, 8, (8, 48, 1))", T::L("((2, 5),):((1, 2),)")), "zipped_product (mixed): conformance: logical_product(Layout((3, 1, (2, 5, 8)), (16, 8, (8, 48, 1))), Layout(((2, 5),), ((1, 2),)))");
    mixed += 1;
    check_static(
        &left_inverse(layout!(5 : 34)),
        ad::left_inverse("5:34"),
        "left_inverse: conformance: left_inverse(Layout(5, 34))",
    );
    statics += 1;
    check_mixed(
        &left_inverse(layout!({5} : 34).unwrap()).unwrap(),
        ad::left_inverse("5:34"),
        "left_inverse (mixed): conformance: left_inverse(Layout(5, 34))",
    );
    mixed += 1;
    check_static(
        &coalesce(layout!((2, 4) : (1, 2))),
        ad::coalesce("(2, 4):(1, 2)", None, &[]),
        "coalesce: conformance: coalesce(Layout((2, 4), (1, 2)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!((2, {4}) : (1, 2)).unwrap()).unwrap(),
        ad::coalesce("(2, 4):(1, 2)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout((2, 4), (1, 2)))",
    );
    mixed += 1;
    check_static(
        &tiled_divide(layout!((2, 4) : (1, 2)), (layout!(1 : 2), tile!(1))),
        ad::tiled_divide("(2, 4):(1, 2)", T::Tup(vec![T::L("1:2"), T::I(1)])),
        "tiled_divide: conformance: zipped_divide(Layout((2, 4), (1, 2)), (Layout(1, 2), 1))",
    );
    statics += 1;
    check_mixed(&tiled_divide(layout!(({2}, 4) : (1, 2)).unwrap(), (layout!(1 : 2), tile!(1))).unwrap(), ad::tiled_divide("(2, 4):(1, 2)", T::Tup(vec![T::L("1:2"), T::I(1)])), "tiled_divide (mixed): conformance: zipped_divide(Layout((2, 4), (1, 2)), (Layout(1, 2), 1))");
    mixed += 1;
    check_mixed(
        &complement_to(layout!(({2}, 4) : (1, 2)).unwrap(), shape!(256)).unwrap(),
        ad::complement("(2, 4):(1, 2)", Some("256")),
        "complement_to (mixed): conformance: complement(Layout((2, 4), (1, 2)), 256)",
    );
    mixed += 1;
    check_static(&blocked_product(layout!((2, 4) : (1, 2)), layout!((5, 2) : (6, 1))), ad::blocked_product("(2, 4):(1, 2)", "(5, 2):(6, 1)"), "blocked_product: conformance: blocked_product(Layout((2, 4), (1, 2)), Layout((5, 2), (6, 1)))");
    statics += 1;
    check_mixed(&blocked_product(layout!((2, 4) : (1, 2)), layout!(({5}, 2) : (6, 1)).unwrap()).unwrap(), ad::blocked_product("(2, 4):(1, 2)", "(5, 2):(6, 1)"), "blocked_product (mixed): conformance: blocked_product(Layout((2, 4), (1, 2)), Layout((5, 2), (6, 1)))");
    mixed += 1;
    check_static(&zipped_divide(layout!((2, (2, 4), 5, 2) : (0, (0, 16), 1, 1)), (tile!(2), tile!(1), tile!(5), layout!(1 : 2))), ad::zipped_divide("(2, (2, 4), 5, 2):(0, (0, 16), 1, 1)", T::Tup(vec![T::I(2), T::I(1), T::I(5), T::L("1:2")]), &[]), "zipped_divide: conformance: zipped_divide(Layout((2, (2, 4), 5, 2), (0, (0, 16), 1, 1)), (2, 1, 5, Layout(1, 2)))");
    statics += 1;
    check_mixed(&zipped_divide(layout!((2, (2, 4), 5, 2) : (0, (0, {16}), 1, 1)).unwrap(), (tile!(2), tile!(1), tile!(5), layout!(1 : 2))).unwrap(), ad::zipped_divide("(2, (2, 4), 5, 2):(0, (0, 16), 1, 1)", T::Tup(vec![T::I(2), T::I(1), T::I(5), T::L("1:2")]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((2, (2, 4), 5, 2), (0, (0, 16), 1, 1)), (2, 1, 5, Layout(1, 2)))");
    mixed += 1;
    check_static(
        &coalesce_by(layout!((2, 1) : (1, 2)), tile!(_, _)),
        ad::coalesce("(2, 1):(1, 2)", Some(T::Tup(vec![T::N, T::N])), &[]),
        "coalesce_by: conformance: coalesce(Layout((2, 1), (1, 2)), (None, None))",
    );
    statics += 1;
    check_mixed(
        &coalesce_by(layout!((2, 1) : (1, {2})).unwrap(), tile!(_, _)).unwrap(),
        ad::coalesce("(2, 1):(1, 2)", Some(T::Tup(vec![T::N, T::N])), &[]),
        "coalesce_by (mixed): conformance: coalesce(Layout((2, 1), (1, 2)), (None, None))",
    );
    mixed += 1;
    check_static(
        &complement_to(layout!((2, 1) : (1, 2)), shape!(16)),
        ad::complement("(2, 1):(1, 2)", Some("16")),
        "complement_to: conformance: complement(Layout((2, 1), (1, 2)), 16)",
    );
    statics += 1;
    check_mixed(
        &complement_to(layout!((2, 1) : (1, 2)), shape!({ 16 })).unwrap(),
        ad::complement("(2, 1):(1, 2)", Some("16")),
        "complement_to (mixed): conformance: complement(Layout((2, 1), (1, 2)), 16)",
    );
    mixed += 1;
    check_mixed(&blocked_product(layout!((2, {1}) : (1, 2)).unwrap(), layout!(({2}, 6) : (0, 0)).unwrap()).unwrap(), ad::blocked_product("(2, 1):(1, 2)", "(2, 6):(0, 0)"), "blocked_product (mixed): conformance: blocked_product(Layout((2, 1), (1, 2)), Layout((2, 6), (0, 0)))");
    mixed += 1;
    check_mixed(
        &complement_to(layout!(6 : {1}).unwrap(), shape!(128)).unwrap(),
        ad::complement("6:1", Some("128")),
        "complement_to (mixed): conformance: complement(Layout(6, 1), 128)",
    );
    mixed += 1;
    check_static(
        &zipped_divide(layout!((3, 8, 4) : (32, 16, 26)), tile!(1, 2, 1)),
        ad::zipped_divide(
            "(3, 8, 4):(32, 16, 26)",
            T::Tup(vec![T::I(1), T::I(2), T::I(1)]),
            &[],
        ),
        "zipped_divide: conformance: zipped_divide(Layout((3, 8, 4), (32, 16, 26)), (1, 2, 1))",
    );
    statics += 1;
    check_mixed(&zipped_divide(layout!((3, 8, 4) : (32, {16}, 26)).unwrap(), tile!(1, 2, 1)).unwrap(), ad::zipped_divide("(3, 8, 4):(32, 16, 26)", T::Tup(vec![T::I(1), T::I(2), T::I(1)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((3, 8, 4), (32, 16, 26)), (1, 2, 1))");
    mixed += 1;
    check_static(
        &coalesce_by(layout!((3, 3) : (15, 3)), tile!(_, 1)),
        ad::coalesce("(3, 3):(15, 3)", Some(T::Tup(vec![T::N, T::I(1)])), &[]),
        "coalesce_by: conformance: coalesce(Layout((3, 3), (15, 3)), (None, 1))",
    );
    statics += 1;
    check_mixed(
        &coalesce_by(layout!((3, {3}) : (15, 3)).unwrap(), tile!(_, 1)).unwrap(),
        ad::coalesce("(3, 3):(15, 3)", Some(T::Tup(vec![T::N, T::I(1)])), &[]),
        "coalesce_by (mixed): conformance: coalesce(Layout((3, 3), (15, 3)), (None, 1))",
    );
    mixed += 1;
    check_static(
        &complement_to(layout!((3, 3) : (15, 3)), shape!(1024)),
        ad::complement("(3, 3):(15, 3)", Some("1024")),
        "complement_to: conformance: complement(Layout((3, 3), (15, 3)), 1024)",
    );
    statics += 1;
    check_mixed(
        &complement_to(layout!((3, 3) : (15, 3)), shape!({ 1024 })).unwrap(),
        ad::complement("(3, 3):(15, 3)", Some("1024")),
        "complement_to (mixed): conformance: complement(Layout((3, 3), (15, 3)), 1024)",
    );
    mixed += 1;
    check_mixed(
        &zipped_divide(
            layout!((2, 2) : ({1}, 2)).unwrap(),
            (tile!(1), tile!({ 1 })),
        )
        .unwrap(),
        ad::zipped_divide("(2, 2):(1, 2)", T::Tup(vec![T::I(1), T::I(1)]), &[]),
        "zipped_divide (mixed): conformance: zipped_divide(Layout((2, 2), (1, 2)), (1, 1))",
    );
    mixed += 1;
    check_static(
        &raked_product(layout!((2, 2) : (1, 2)), layout!((8, 2) : (2, 1))),
        ad::raked_product("(2, 2):(1, 2)", "(8, 2):(2, 1)"),
        "raked_product: conformance: raked_product(Layout((2, 2), (1, 2)), Layout((8, 2), (2, 1)))",
    );
    statics += 1;
    check_mixed(&raked_product(layout!((2, 2) : (1, 2)), layout!((8, 2) : (2, {1})).unwrap()).unwrap(), ad::raked_product("(2, 2):(1, 2)", "(8, 2):(2, 1)"), "raked_product (mixed): conformance: raked_product(Layout((2, 2), (1, 2)), Layout((8, 2), (2, 1)))");
    mixed += 1;
    check_static(&tiled_divide(layout!((1, (2, 5), 2, 2) : (5, (1, 14), 3, 12)), (layout!(1 : 1), layout!((10, 1) : (1, 20)), layout!(1 : 2), tile!(1))), ad::tiled_divide("(1, (2, 5), 2, 2):(5, (1, 14), 3, 12)", T::Tup(vec![T::L("1:1"), T::L("(10, 1):(1, 20)"), T::L("1:2"), T::I(1)])), "tiled_divide: conformance: zipped_divide(Layout((1, (2, 5), 2, 2), (5, (1, 14), 3, 12)), (Layout(1, 1), Layout((10, 1), (1, 20)), Layout(1, 2), 1))");
    statics += 1;
    check_mixed(&tiled_divide(layout!((1, (2, 5), 2, 2) : ({5}, (1, 14), 3, 12)).unwrap(), (layout!(1 : 1), layout!((10, 1) : (1, 20)), layout!(1 : 2), tile!(1))).unwrap(), ad::tiled_divide("(1, (2, 5), 2, 2):(5, (1, 14), 3, 12)", T::Tup(vec![T::L("1:1"), T::L("(10, 1):(1, 20)"), T::L("1:2"), T::I(1)])), "tiled_divide (mixed): conformance: zipped_divide(Layout((1, (2, 5), 2, 2), (5, (1, 14), 3, 12)), (Layout(1, 1), Layout((10, 1), (1, 20)), Layout(1, 2), 1))");
    mixed += 1;
    check_mixed(&zipped_divide(layout!(({4}, 1) : (1, 4)).unwrap(), (tile!(4), layout!(1 : {1}).unwrap())).unwrap(), ad::zipped_divide("(4, 1):(1, 4)", T::Tup(vec![T::I(4), T::L("1:1")]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((4, 1), (1, 4)), (4, Layout(1, 1)))");
    mixed += 1;
    check_static(
        &complement(layout!((4, 1) : (1, 4))),
        ad::complement("(4, 1):(1, 4)", None),
        "complement: conformance: complement(Layout((4, 1), (1, 4)))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!((4, 1) : (1, {4})).unwrap()).unwrap(),
        ad::complement("(4, 1):(1, 4)", None),
        "complement (mixed): conformance: complement(Layout((4, 1), (1, 4)))",
    );
    mixed += 1;
    check_static(&blocked_product(layout!((4, 1) : (1, 4)), layout!((3, (1, 2)) : (2, (2, 1)))), ad::blocked_product("(4, 1):(1, 4)", "(3, (1, 2)):(2, (2, 1))"), "blocked_product: conformance: blocked_product(Layout((4, 1), (1, 4)), Layout((3, (1, 2)), (2, (2, 1))))");
    statics += 1;
    check_mixed(&blocked_product(layout!((4, 1) : (1, 4)), layout!((3, (1, {2})) : (2, (2, 1))).unwrap()).unwrap(), ad::blocked_product("(4, 1):(1, 4)", "(3, (1, 2)):(2, (2, 1))"), "blocked_product (mixed): conformance: blocked_product(Layout((4, 1), (1, 4)), Layout((3, (1, 2)), (2, (2, 1))))");
    mixed += 1;
    check_static(&zipped_divide(layout!((4, 3, 1) : (1, 4, 1)), (tile!(4), layout!(3 : 1), tile!(1))), ad::zipped_divide("(4, 3, 1):(1, 4, 1)", T::Tup(vec![T::I(4), T::L("3:1"), T::I(1)]), &[]), "zipped_divide: conformance: zipped_divide(Layout((4, 3, 1), (1, 4, 1)), (4, Layout(3, 1), 1))");
    statics += 1;
    check_mixed(&zipped_divide(layout!((4, {3}, 1) : (1, 4, 1)).unwrap(), (tile!(4), layout!(3 : 1), tile!(1))).unwrap(), ad::zipped_divide("(4, 3, 1):(1, 4, 1)", T::Tup(vec![T::I(4), T::L("3:1"), T::I(1)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((4, 3, 1), (1, 4, 1)), (4, Layout(3, 1), 1))");
    mixed += 1;
    check_static(&flat_product(layout!((4, 3, 1) : (1, 4, 1)), (tile!(4), layout!(3 : 1), tile!(1))), ad::flat_product("(4, 3, 1):(1, 4, 1)", T::Tup(vec![T::I(4), T::L("3:1"), T::I(1)])), "flat_product: conformance: logical_product(Layout((4, 3, 1), (1, 4, 1)), (4, Layout(3, 1), 1))");
    statics += 1;
    check_mixed(&flat_product(layout!((4, 3, 1) : (1, 4, 1)), (tile!(4), layout!(3 : 1), tile!({1}))).unwrap(), ad::flat_product("(4, 3, 1):(1, 4, 1)", T::Tup(vec![T::I(4), T::L("3:1"), T::I(1)])), "flat_product (mixed): conformance: logical_product(Layout((4, 3, 1), (1, 4, 1)), (4, Layout(3, 1), 1))");
    mixed += 1;
    check_static(&zipped_product(layout!((4, 3, 1) : (1, 4, 1)), layout!((2,) : (1,))), ad::zipped_product("(4, 3, 1):(1, 4, 1)", T::L("(2,):(1,)")), "zipped_product: conformance: logical_product(Layout((4, 3, 1), (1, 4, 1)), Layout((2,), (1,)))");
    statics += 1;
    check_mixed(&zipped_product(layout!((4, 3, 1) : (1, 4, 1)), layout!(({2},) : (1,)).unwrap()).unwrap(), ad::zipped_product("(4, 3, 1):(1, 4, 1)", T::L("(2,):(1,)")), "zipped_product (mixed): conformance: logical_product(Layout((4, 3, 1), (1, 4, 1)), Layout((2,), (1,)))");
    mixed += 1;
    check_static(&complement(layout!((2, (2, 1, 4), 8, 4) : (256, (1, 256, 16), 2, 64))), ad::complement("(2, (2, 1, 4), 8, 4):(256, (1, 256, 16), 2, 64)", None), "complement: conformance: complement(Layout((2, (2, 1, 4), 8, 4), (256, (1, 256, 16), 2, 64)))");
    statics += 1;
    check_mixed(&complement(layout!((2, (2, 1, 4), 8, 4) : (256, ({1}, 256, 16), 2, 64)).unwrap()).unwrap(), ad::complement("(2, (2, 1, 4), 8, 4):(256, (1, 256, 16), 2, 64)", None), "complement (mixed): conformance: complement(Layout((2, (2, 1, 4), 8, 4), (256, (1, 256, 16), 2, 64)))");
    mixed += 1;
    check_static(&zipped_divide(layout!((2, 5) : (4, 16)), (layout!((2, 1) : (1, 4)), tile!(1))), ad::zipped_divide("(2, 5):(4, 16)", T::Tup(vec![T::L("(2, 1):(1, 4)"), T::I(1)]), &[]), "zipped_divide: conformance: zipped_divide(Layout((2, 5), (4, 16)), (Layout((2, 1), (1, 4)), 1))");
    statics += 1;
    check_mixed(&zipped_divide(layout!((2, {5}) : (4, 16)).unwrap(), (layout!((2, 1) : (1, 4)), tile!(1))).unwrap(), ad::zipped_divide("(2, 5):(4, 16)", T::Tup(vec![T::L("(2, 1):(1, 4)"), T::I(1)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((2, 5), (4, 16)), (Layout((2, 1), (1, 4)), 1))");
    mixed += 1;
    check_static(&flat_product(layout!((2, 5) : (4, 16)), (layout!((2, 1) : (1, 4)), tile!(1))), ad::flat_product("(2, 5):(4, 16)", T::Tup(vec![T::L("(2, 1):(1, 4)"), T::I(1)])), "flat_product: conformance: logical_product(Layout((2, 5), (4, 16)), (Layout((2, 1), (1, 4)), 1))");
    statics += 1;
    check_mixed(&flat_product(layout!((2, 5) : (4, 16)), (layout!((2, 1) : (1, 4)), tile!({1}))).unwrap(), ad::flat_product("(2, 5):(4, 16)", T::Tup(vec![T::L("(2, 1):(1, 4)"), T::I(1)])), "flat_product (mixed): conformance: logical_product(Layout((2, 5), (4, 16)), (Layout((2, 1), (1, 4)), 1))");
    mixed += 1;
    check_mixed(&blocked_product(layout!((2, {5}) : (4, 16)).unwrap(), layout!(({2}, 8) : (1, 2)).unwrap()).unwrap(), ad::blocked_product("(2, 5):(4, 16)", "(2, 8):(1, 2)"), "blocked_product (mixed): conformance: blocked_product(Layout((2, 5), (4, 16)), Layout((2, 8), (1, 2)))");
    mixed += 1;
    check_static(
        &left_inverse(layout!((4,) : (1,))),
        ad::left_inverse("(4,):(1,)"),
        "left_inverse: conformance: left_inverse(Layout((4,), (1,)))",
    );
    statics += 1;
    check_mixed(
        &left_inverse(layout!((4,) : ({1},)).unwrap()).unwrap(),
        ad::left_inverse("(4,):(1,)"),
        "left_inverse (mixed): conformance: left_inverse(Layout((4,), (1,)))",
    );
    mixed += 1;
    check_static(&flat_divide(layout!(((4, 4), 4) : ((1, 4), 16)), (layout!(16 : 1), tile!(2))), ad::flat_divide("((4, 4), 4):((1, 4), 16)", T::Tup(vec![T::L("16:1"), T::I(2)])), "flat_divide: conformance: zipped_divide(Layout(((4, 4), 4), ((1, 4), 16)), (Layout(16, 1), 2))");
    statics += 1;
    check_mixed(&flat_divide(layout!(((4, {4}), 4) : ((1, 4), 16)).unwrap(), (layout!(16 : 1), tile!(2))).unwrap(), ad::flat_divide("((4, 4), 4):((1, 4), 16)", T::Tup(vec![T::L("16:1"), T::I(2)])), "flat_divide (mixed): conformance: zipped_divide(Layout(((4, 4), 4), ((1, 4), 16)), (Layout(16, 1), 2))");
    mixed += 1;
    check_static(
        &left_inverse(layout!(((4, 4), 4) : ((1, 4), 16))),
        ad::left_inverse("((4, 4), 4):((1, 4), 16)"),
        "left_inverse: conformance: left_inverse(Layout(((4, 4), 4), ((1, 4), 16)))",
    );
    statics += 1;
    check_mixed(
        &left_inverse(layout!(((4, {4}), 4) : ((1, 4), 16)).unwrap()).unwrap(),
        ad::left_inverse("((4, 4), 4):((1, 4), 16)"),
        "left_inverse (mixed): conformance: left_inverse(Layout(((4, 4), 4), ((1, 4), 16)))",
    );
    mixed += 1;
    check_static(
        &zipped_divide(layout!((2, 4) : (4, 1)), (layout!(1 : 2), tile!(1))),
        ad::zipped_divide("(2, 4):(4, 1)", T::Tup(vec![T::L("1:2"), T::I(1)]), &[]),
        "zipped_divide: conformance: zipped_divide(Layout((2, 4), (4, 1)), (Layout(1, 2), 1))",
    );
    statics += 1;
    check_mixed(&zipped_divide(layout!(({2}, 4) : (4, 1)).unwrap(), (layout!(1 : 2), tile!(1))).unwrap(), ad::zipped_divide("(2, 4):(4, 1)", T::Tup(vec![T::L("1:2"), T::I(1)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((2, 4), (4, 1)), (Layout(1, 2), 1))");
    mixed += 1;
    check_mixed(
        &complement_to(layout!(({2}, 4) : (4, 1)).unwrap(), shape!(64)).unwrap(),
        ad::complement("(2, 4):(4, 1)", Some("64")),
        "complement_to (mixed): conformance: complement(Layout((2, 4), (4, 1)), 64)",
    );
    mixed += 1;
    check_static(
        &zipped_divide(layout!((5, 2) : (6, 3)), (tile!(1), layout!(2 : 1))),
        ad::zipped_divide("(5, 2):(6, 3)", T::Tup(vec![T::I(1), T::L("2:1")]), &[]),
        "zipped_divide: conformance: zipped_divide(Layout((5, 2), (6, 3)), (1, Layout(2, 1)))",
    );
    statics += 1;
    check_mixed(&zipped_divide(layout!(({5}, 2) : (6, 3)).unwrap(), (tile!(1), layout!(2 : 1))).unwrap(), ad::zipped_divide("(5, 2):(6, 3)", T::Tup(vec![T::I(1), T::L("2:1")]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((5, 2), (6, 3)), (1, Layout(2, 1)))");
    mixed += 1;
    check_static(
        &complement(layout!((5, 2) : (6, 3))),
        ad::complement("(5, 2):(6, 3)", None),
        "complement: conformance: complement(Layout((5, 2), (6, 3)))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!((5, 2) : (6, {3})).unwrap()).unwrap(),
        ad::complement("(5, 2):(6, 3)", None),
        "complement (mixed): conformance: complement(Layout((5, 2), (6, 3)))",
    );
    mixed += 1;
    check_static(
        &complement(layout!((5, (1, 8)) : (24, (3, 3)))),
        ad::complement("(5, (1, 8)):(24, (3, 3))", None),
        "complement: conformance: complement(Layout((5, (1, 8)), (24, (3, 3))))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!((5, ({1}, 8)) : (24, (3, 3))).unwrap()).unwrap(),
        ad::complement("(5, (1, 8)):(24, (3, 3))", None),
        "complement (mixed): conformance: complement(Layout((5, (1, 8)), (24, (3, 3))))",
    );
    mixed += 1;
    check_mixed(
        &complement_to(layout!((8, (6, 2)) : ({6}, (96, 1))).unwrap(), shape!(128)).unwrap(),
        ad::complement("(8, (6, 2)):(6, (96, 1))", Some("128")),
        "complement_to (mixed): conformance: complement(Layout((8, (6, 2)), (6, (96, 1))), 128)",
    );
    mixed += 1;
    check_static(
        &complement(layout!(8 : 16)),
        ad::complement("8:16", None),
        "complement: conformance: complement(Layout(8, 16))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!({8} : 16).unwrap()).unwrap(),
        ad::complement("8:16", None),
        "complement (mixed): conformance: complement(Layout(8, 16))",
    );
    mixed += 1;
    check_static(
        &complement(layout!((4, 6) : (1, 8))),
        ad::complement("(4, 6):(1, 8)", None),
        "complement: conformance: complement(Layout((4, 6), (1, 8)))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!((4, {6}) : (1, 8)).unwrap()).unwrap(),
        ad::complement("(4, 6):(1, 8)", None),
        "complement (mixed): conformance: complement(Layout((4, 6), (1, 8)))",
    );
    mixed += 1;
    check_static(
        &raked_product(layout!((4, 6) : (1, 8)), layout!((2, 2) : (1, 4))),
        ad::raked_product("(4, 6):(1, 8)", "(2, 2):(1, 4)"),
        "raked_product: conformance: raked_product(Layout((4, 6), (1, 8)), Layout((2, 2), (1, 4)))",
    );
    statics += 1;
    check_mixed(&raked_product(layout!((4, 6) : (1, 8)), layout!((2, 2) : ({1}, 4)).unwrap()).unwrap(), ad::raked_product("(4, 6):(1, 8)", "(2, 2):(1, 4)"), "raked_product (mixed): conformance: raked_product(Layout((4, 6), (1, 8)), Layout((2, 2), (1, 4)))");
    mixed += 1;
    check_static(&tiled_product(layout!((1, (3, 4)) : (20, (6, 23))), (tile!(1), layout!((3, 4) : (1, 6)))), ad::tiled_product("(1, (3, 4)):(20, (6, 23))", T::Tup(vec![T::I(1), T::L("(3, 4):(1, 6)")])), "tiled_product: conformance: logical_product(Layout((1, (3, 4)), (20, (6, 23))), (1, Layout((3, 4), (1, 6))))");
    statics += 1;
    check_mixed(&tiled_product(layout!((1, (3, 4)) : (20, (6, 23))), (tile!(1), layout!((3, {4}) : (1, 6)).unwrap())).unwrap(), ad::tiled_product("(1, (3, 4)):(20, (6, 23))", T::Tup(vec![T::I(1), T::L("(3, 4):(1, 6)")])), "tiled_product (mixed): conformance: logical_product(Layout((1, (3, 4)), (20, (6, 23))), (1, Layout((3, 4), (1, 6))))");
    mixed += 1;
    check_static(&blocked_product(layout!((3, 6) : (8, 0)), layout!((4, 4) : (4, 1))), ad::blocked_product("(3, 6):(8, 0)", "(4, 4):(4, 1)"), "blocked_product: conformance: blocked_product(Layout((3, 6), (8, 0)), Layout((4, 4), (4, 1)))");
    statics += 1;
    check_mixed(&blocked_product(layout!((3, 6) : (8, 0)), layout!((4, {4}) : (4, 1)).unwrap()).unwrap(), ad::blocked_product("(3, 6):(8, 0)", "(4, 4):(4, 1)"), "blocked_product (mixed): conformance: blocked_product(Layout((3, 6), (8, 0)), Layout((4, 4), (4, 1)))");
    mixed += 1;
    check_static(&blocked_product(layout!((1, 2) : (2, 1)), layout!((1, 1) : (1, 1))), ad::blocked_product("(1, 2):(2, 1)", "(1, 1):(1, 1)"), "blocked_product: conformance: blocked_product(Layout((1, 2), (2, 1)), Layout((1, 1), (1, 1)))");
    statics += 1;
    check_mixed(&blocked_product(layout!((1, 2) : (2, 1)), layout!(({1}, 1) : (1, 1)).unwrap()).unwrap(), ad::blocked_product("(1, 2):(2, 1)", "(1, 1):(1, 1)"), "blocked_product (mixed): conformance: blocked_product(Layout((1, 2), (2, 1)), Layout((1, 1), (1, 1)))");
    mixed += 1;
    check_static(&blocked_product(layout!(((4, 2), 5) : ((1, 4), 8)), layout!((4, 3) : (3, 1))), ad::blocked_product("((4, 2), 5):((1, 4), 8)", "(4, 3):(3, 1)"), "blocked_product: conformance: blocked_product(Layout(((4, 2), 5), ((1, 4), 8)), Layout((4, 3), (3, 1)))");
    statics += 1;
    check_mixed(&blocked_product(layout!(((4, 2), 5) : ((1, 4), 8)), layout!((4, 3) : ({3}, 1)).unwrap()).unwrap(), ad::blocked_product("((4, 2), 5):((1, 4), 8)", "(4, 3):(3, 1)"), "blocked_product (mixed): conformance: blocked_product(Layout(((4, 2), 5), ((1, 4), 8)), Layout((4, 3), (3, 1)))");
    mixed += 1;
    check_static(
        &raked_product(layout!((4, 4) : (1, 4)), layout!((2, 4) : (1, 2))),
        ad::raked_product("(4, 4):(1, 4)", "(2, 4):(1, 2)"),
        "raked_product: conformance: raked_product(Layout((4, 4), (1, 4)), Layout((2, 4), (1, 2)))",
    );
    statics += 1;
    check_mixed(&raked_product(layout!((4, 4) : (1, 4)), layout!((2, {4}) : (1, 2)).unwrap()).unwrap(), ad::raked_product("(4, 4):(1, 4)", "(2, 4):(1, 2)"), "raked_product (mixed): conformance: raked_product(Layout((4, 4), (1, 4)), Layout((2, 4), (1, 2)))");
    mixed += 1;
    check_static(&raked_product(layout!(((3, 2), 8) : ((16, 1), 2)), layout!((2, 8) : (8, 1))), ad::raked_product("((3, 2), 8):((16, 1), 2)", "(2, 8):(8, 1)"), "raked_product: conformance: raked_product(Layout(((3, 2), 8), ((16, 1), 2)), Layout((2, 8), (8, 1)))");
    statics += 1;
    check_mixed(&raked_product(layout!(((3, 2), 8) : ((16, 1), 2)), layout!((2, 8) : ({8}, 1)).unwrap()).unwrap(), ad::raked_product("((3, 2), 8):((16, 1), 2)", "(2, 8):(8, 1)"), "raked_product (mixed): conformance: raked_product(Layout(((3, 2), 8), ((16, 1), 2)), Layout((2, 8), (8, 1)))");
    mixed += 1;
    check_static(&blocked_product(layout!((4, 8) : (1, 4)), layout!((2, 5) : (1, 2))), ad::blocked_product("(4, 8):(1, 4)", "(2, 5):(1, 2)"), "blocked_product: conformance: blocked_product(Layout((4, 8), (1, 4)), Layout((2, 5), (1, 2)))");
    statics += 1;
    check_mixed(&blocked_product(layout!((4, 8) : (1, 4)), layout!((2, {5}) : (1, 2)).unwrap()).unwrap(), ad::blocked_product("(4, 8):(1, 4)", "(2, 5):(1, 2)"), "blocked_product (mixed): conformance: blocked_product(Layout((4, 8), (1, 4)), Layout((2, 5), (1, 2)))");
    mixed += 1;
    check_static(&blocked_product(layout!(((1, 3), 2) : ((3, 1), 3)), layout!((1, (1, 8)) : (1, (8, 1)))), ad::blocked_product("((1, 3), 2):((3, 1), 3)", "(1, (1, 8)):(1, (8, 1))"), "blocked_product: conformance: blocked_product(Layout(((1, 3), 2), ((3, 1), 3)), Layout((1, (1, 8)), (1, (8, 1))))");
    statics += 1;
    check_mixed(&blocked_product(layout!(((1, 3), 2) : ((3, 1), 3)), layout!(({1}, (1, 8)) : (1, (8, 1))).unwrap()).unwrap(), ad::blocked_product("((1, 3), 2):((3, 1), 3)", "(1, (1, 8)):(1, (8, 1))"), "blocked_product (mixed): conformance: blocked_product(Layout(((1, 3), 2), ((3, 1), 3)), Layout((1, (1, 8)), (1, (8, 1))))");
    mixed += 1;
    check_static(&blocked_product(layout!((4, (4, 1)) : (1, (4, 16))), layout!((5, 2) : (17, 5))), ad::blocked_product("(4, (4, 1)):(1, (4, 16))", "(5, 2):(17, 5)"), "blocked_product: conformance: blocked_product(Layout((4, (4, 1)), (1, (4, 16))), Layout((5, 2), (17, 5)))");
    statics += 1;
    check_mixed(&blocked_product(layout!((4, (4, 1)) : (1, (4, 16))), layout!((5, 2) : (17, {5})).unwrap()).unwrap(), ad::blocked_product("(4, (4, 1)):(1, (4, 16))", "(5, 2):(17, 5)"), "blocked_product (mixed): conformance: blocked_product(Layout((4, (4, 1)), (1, (4, 16))), Layout((5, 2), (17, 5)))");
    mixed += 1;
    check_static(
        &raked_product(layout!((5, 4) : (0, 0)), layout!((8, 1) : (1, 8))),
        ad::raked_product("(5, 4):(0, 0)", "(8, 1):(1, 8)"),
        "raked_product: conformance: raked_product(Layout((5, 4), (0, 0)), Layout((8, 1), (1, 8)))",
    );
    statics += 1;
    check_mixed(&raked_product(layout!((5, 4) : (0, 0)), layout!((8, 1) : (1, {8})).unwrap()).unwrap(), ad::raked_product("(5, 4):(0, 0)", "(8, 1):(1, 8)"), "raked_product (mixed): conformance: raked_product(Layout((5, 4), (0, 0)), Layout((8, 1), (1, 8)))");
    mixed += 1;
    check_static(&raked_product(layout!((1, (2, 2)) : (2, (2, 1))), layout!((3, 2) : (2, 1))), ad::raked_product("(1, (2, 2)):(2, (2, 1))", "(3, 2):(2, 1)"), "raked_product: conformance: raked_product(Layout((1, (2, 2)), (2, (2, 1))), Layout((3, 2), (2, 1)))");
    statics += 1;
    check_mixed(&raked_product(layout!((1, (2, 2)) : (2, (2, 1))), layout!((3, 2) : ({2}, 1)).unwrap()).unwrap(), ad::raked_product("(1, (2, 2)):(2, (2, 1))", "(3, 2):(2, 1)"), "raked_product (mixed): conformance: raked_product(Layout((1, (2, 2)), (2, (2, 1))), Layout((3, 2), (2, 1)))");
    mixed += 1;
    check_static(&blocked_product(layout!(((4, 2), (2, 5)) : ((2, 1), (40, 8))), layout!(((2, 2), 4) : ((2, 4), 0))), ad::blocked_product("((4, 2), (2, 5)):((2, 1), (40, 8))", "((2, 2), 4):((2, 4), 0)"), "blocked_product: conformance: blocked_product(Layout(((4, 2), (2, 5)), ((2, 1), (40, 8))), Layout(((2, 2), 4), ((2, 4), 0)))");
    statics += 1;
    check_mixed(&blocked_product(layout!(((4, 2), (2, 5)) : ((2, 1), (40, 8))), layout!(((2, {2}), 4) : ((2, 4), 0)).unwrap()).unwrap(), ad::blocked_product("((4, 2), (2, 5)):((2, 1), (40, 8))", "((2, 2), 4):((2, 4), 0)"), "blocked_product (mixed): conformance: blocked_product(Layout(((4, 2), (2, 5)), ((2, 1), (40, 8))), Layout(((2, 2), 4), ((2, 4), 0)))");
    mixed += 1;
    check_static(&raked_product(layout!((4, 1) : (1, 4)), layout!((2, (2, 1, 4)) : (8, (2, 2, 48)))), ad::raked_product("(4, 1):(1, 4)", "(2, (2, 1, 4)):(8, (2, 2, 48))"), "raked_product: conformance: raked_product(Layout((4, 1), (1, 4)), Layout((2, (2, 1, 4)), (8, (2, 2, 48))))");
    statics += 1;
    check_mixed(&raked_product(layout!((4, 1) : (1, 4)), layout!((2, (2, {1}, 4)) : (8, (2, 2, 48))).unwrap()).unwrap(), ad::raked_product("(4, 1):(1, 4)", "(2, (2, 1, 4)):(8, (2, 2, 48))"), "raked_product (mixed): conformance: raked_product(Layout((4, 1), (1, 4)), Layout((2, (2, 1, 4)), (8, (2, 2, 48))))");
    mixed += 1;
    check_static(&blocked_product(layout!(((4, 5), (2, 5)) : ((1, 4), (20, 40))), layout!((2, 2) : (1, 2))), ad::blocked_product("((4, 5), (2, 5)):((1, 4), (20, 40))", "(2, 2):(1, 2)"), "blocked_product: conformance: blocked_product(Layout(((4, 5), (2, 5)), ((1, 4), (20, 40))), Layout((2, 2), (1, 2)))");
    statics += 1;
    check_mixed(&blocked_product(layout!(((4, 5), (2, 5)) : ((1, 4), (20, 40))), layout!(({2}, 2) : (1, 2)).unwrap()).unwrap(), ad::blocked_product("((4, 5), (2, 5)):((1, 4), (20, 40))", "(2, 2):(1, 2)"), "blocked_product (mixed): conformance: blocked_product(Layout(((4, 5), (2, 5)), ((1, 4), (20, 40))), Layout((2, 2), (1, 2)))");
    mixed += 1;
    check_static(&tiled_product(layout!((2, 2) : (12, 3)), (layout!(1 : 2), layout!(1 : 1))), ad::tiled_product("(2, 2):(12, 3)", T::Tup(vec![T::L("1:2"), T::L("1:1")])), "tiled_product: conformance: logical_product(Layout((2, 2), (12, 3)), (Layout(1, 2), Layout(1, 1)))");
    statics += 1;
    check_mixed(&tiled_product(layout!((2, 2) : (12, 3)), (layout!(1 : 2), layout!(1 : {1}).unwrap())).unwrap(), ad::tiled_product("(2, 2):(12, 3)", T::Tup(vec![T::L("1:2"), T::L("1:1")])), "tiled_product (mixed): conformance: logical_product(Layout((2, 2), (12, 3)), (Layout(1, 2), Layout(1, 1)))");
    mixed += 1;
    check_static(&tiled_product(layout!((6, 8) : (15, 39)), (layout!(2 : 2), layout!(2 : 1))), ad::tiled_product("(6, 8):(15, 39)", T::Tup(vec![T::L("2:2"), T::L("2:1")])), "tiled_product: conformance: logical_product(Layout((6, 8), (15, 39)), (Layout(2, 2), Layout(2, 1)))");
    statics += 1;
    check_mixed(&tiled_product(layout!((6, 8) : (15, 39)), (layout!(2 : 2), layout!(2 : {1}).unwrap())).unwrap(), ad::tiled_product("(6, 8):(15, 39)", T::Tup(vec![T::L("2:2"), T::L("2:1")])), "tiled_product (mixed): conformance: logical_product(Layout((6, 8), (15, 39)), (Layout(2, 2), Layout(2, 1)))");
    mixed += 1;
    check_static(&tiled_product(layout!((4, (5, 4)) : (4, (16, 1))), (layout!(2 : 1), tile!(1))), ad::tiled_product("(4, (5, 4)):(4, (16, 1))", T::Tup(vec![T::L("2:1"), T::I(1)])), "tiled_product: conformance: logical_product(Layout((4, (5, 4)), (4, (16, 1))), (Layout(2, 1), 1))");
    statics += 1;
    check_mixed(&tiled_product(layout!((4, (5, 4)) : (4, (16, 1))), (layout!({2} : 1).unwrap(), tile!(1))).unwrap(), ad::tiled_product("(4, (5, 4)):(4, (16, 1))", T::Tup(vec![T::L("2:1"), T::I(1)])), "tiled_product (mixed): conformance: logical_product(Layout((4, (5, 4)), (4, (16, 1))), (Layout(2, 1), 1))");
    mixed += 1;
    println!("static_agree_1: {statics} static cases, {mixed} mixed cases");
}
