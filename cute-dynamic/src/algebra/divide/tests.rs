//! Unit and property tests of the divides: conformance cases, undivided
//! modes, the identity of a `None` A, the zipped divide against the
//! by-mode one, errors.

use super::super::testkit::{self as kit, check};
#[allow(unused_imports)]
use super::super::testkit::{composition, logical_divide, zipped_divide};
use super::*;
#[allow(unused_imports)]
use crate::htuple::{HTuple, IntTuple};
#[allow(unused_imports)]
use crate::layout::{make_layout, tiler_to_layout, Tiler};
#[allow(unused_imports)]
use crate::typedefs::Scalar;
use cute_core::Error;

#[test]
fn test_conformance_logical_divide() {
    check(&["logical_divide", "logical_divide_bymode"], |c| {
        logical_divide(c.layout_or_none(0).as_ref(), &c.tiler(1), &c.mode)
    });
}

#[test]
fn test_conformance_zipped_divide() {
    check(&["zipped_divide"], |c| {
        zipped_divide(c.layout_or_none(0).as_ref(), &c.tiler(1), &c.mode)
    });
}

use super::super::testkit::{get_mode, rank};
use crate::shape::compatible;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A mode form divides that mode alone: mode `m` of the result is
    /// the divide of A's mode `m`, whatever the tiler's length (an
    /// integer tiler longer than the mode once took a shortcut that
    /// read the whole layout's rank, and dropped its extra entries).
    #[test]
    fn prop_zipped_divide_at_is_the_divide_of_the_mode(
        a in kit::pow2_layout(),
        m in 0_usize..4,
        ts in proptest::collection::vec(1_i64..5, 1..4),
    ) {
        prop_assume!(m < a.rank());
        let t = Tiler::Tuple(ts.iter().map(|&x| Tiler::Int(x)).collect());
        let whole = zipped_divide_at(&a, &t, &[m]).map(|r| r.get(&[m]).unwrap());
        let alone = super::zipped_divide(&a.get(&[m]).unwrap(), &t);
        prop_assert_eq!(whole.map_err(|_| ()), alone.map_err(|_| ()));
    }

    #[test]
    fn prop_logical_divide_tile_is_composition(a in kit::pow2_layout(), b in kit::chained_layout(true)) {
        let d = logical_divide(Some(&a), &Tiler::Layout(b.clone()), &[]).unwrap();
        prop_assert_eq!(rank(&d), 2);
        let tile = get_mode("t", &d, &[0]).unwrap();
        prop_assert!(compatible(&b.shape(), &tile.shape()));
        prop_assert_eq!(tile, composition(Some(&a), &Tiler::Layout(b.clone()), &[]).unwrap());
    }

    #[test]
    fn prop_divide_compact_by_tile_is_permutation(a in kit::chained_layout(true), b in kit::chained_layout(true)) {
        // a compact A divided by an injective tile that fits: the divide
        // reorders A's elements, and covers at least all of them
        let a = kit::compact_of(&a);
        prop_assume!(kit::max_value(&b) < kit::size(&a));
        let d = logical_divide(Some(&a), &Tiler::Layout(b.clone()), &[]).unwrap();
        prop_assert!(kit::size(&d) >= kit::size(&a));
        let n = kit::size(&a);
        let mut seen: Vec<i64> = (0..kit::size(&d)).map(|i| kit::at(&d, i)).filter(|&x| x < n).collect();
        seen.sort_unstable();
        seen.dedup();
        prop_assert_eq!(seen, (0..n).collect::<Vec<_>>());
    }

    #[test]
    fn prop_zipped_divide_modes(a in kit::pow2_layout(), b in kit::pow2_layout()) {
        // a tuple of tilers, one per mode of A: the tile mode of zipped_divide
        // is the by-mode composition
        let tiler = Tiler::Tuple(
            super::super::testkit::modes_of(&a)
                .iter()
                .map(|m| Tiler::Int(kit::size(m).min(kit::size(&b))))
                .collect(),
        );
        let z = zipped_divide(Some(&a), &tiler, &[]).unwrap();
        prop_assert_eq!(rank(&z), 2);
        let by_mode = composition(Some(&a), &tiler, &[]).unwrap();
        let tile = get_mode("t", &z, &[0]).unwrap();
        prop_assert_eq!(tile.shape(), by_mode.shape());
        for i in 0..kit::size(&tile) {
            prop_assert_eq!(kit::at(&tile, i), kit::at(&by_mode, i));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn prop_zipped_fast_path_is_promoted_divide(a in kit::layout(), b in kit::layout(), k in 0_usize..4) {
        // the by-mode shortcut agrees with dividing by the promoted tiler
        let mut ts: Vec<Tiler> = super::super::testkit::modes_of(&b).into_iter().map(Tiler::Layout).collect();
        ts.truncate(a.shape().rank());
        if k < ts.len() {
            ts[k] = Tiler::None;
        }
        let t = Tiler::Tuple(ts);
        let fast = zipped_divide(Some(&a), &t, &[]);
        let slow = tiler_to_layout(&t).and_then(|p| logical_divide(Some(&a), &Tiler::Layout(p), &[]));
        match (fast, slow) {
            (Ok(x), Ok(y)) => prop_assert_eq!(x, y),
            (Err(x), Err(y)) => prop_assert_eq!(x.class(), y.class()),
            (x, y) => prop_assert!(false, "{:?} vs {:?}", x, y),
        }
    }
}

fn lay(s: &str) -> Layout {
    s.parse().unwrap()
}

#[test]
fn test_zipped_divide_keeps_undivided_modes() {
    let tl = |s: &str| Tiler::Layout(lay(s));
    let z = |a: &str, t: Vec<Tiler>| zipped_divide(Some(&lay(a)), &Tiler::Tuple(t), &[]).unwrap();
    // a mode the tiler does not reach is its own rest, nesting and
    // extent-1 leaves kept
    assert_eq!(
        z("(4, (3, 1)):(1, (4, 9))", vec![tl("2:1")]),
        lay("((2,), (2, (3, 1))):((1,), (2, (4, 9)))")
    );
    assert_eq!(
        z("(4, (8, 4)):(1, (24, 192))", vec![tl("2:1")]),
        lay("((2,), (2, (8, 4))):((1,), (2, (24, 192)))")
    );
    // a None entry: tile 1:0, the mode itself as the rest
    assert_eq!(
        z("(4, (3, 1)):(1, (4, 9))", vec![Tiler::None, Tiler::Int(3)]),
        lay("((1, 3), (4, 1)):((0, 4), (1, 9))")
    );
    // a divided mode's rest is the mode coalesced
    assert_eq!(
        z(
            "(4, (8, 4)):(1, (24, 192))",
            vec![Tiler::Int(2), Tiler::Int(4)]
        ),
        lay("((2, 4), (2, 8)):((1, 24), (2, 96))")
    );
    // a nested tiler divides the sub-modes it names, and zips them in
    // their nesting
    let nested = vec![
        Tiler::Tuple(vec![Tiler::Int(2), Tiler::Int(3)]),
        Tiler::Int(4),
    ];
    assert_eq!(
        z("((4, 6), 8):((1, 4), 24)", nested.clone()),
        lay("(((2, 3), 4), ((2, 2), 2)):(((1, 4), 24), ((2, 12), 96))")
    );
    let promoted = tiler_to_layout(&Tiler::Tuple(nested)).unwrap();
    assert_eq!(
        logical_divide(
            Some(&lay("((4, 6), 8):((1, 4), 24)")),
            &Tiler::Layout(promoted),
            &[]
        )
        .unwrap(),
        lay("(((2, 3), 4), ((2, 2), 2)):(((1, 4), 24), ((2, 12), 96))")
    );
    // a tiler without a nonzero stride selects one point and divides
    // nothing: the fast path and the promoted divide agree
    let t = Tiler::Tuple(vec![tl("2:0"), Tiler::Int(2)]);
    let a = lay("((2, 3), 4):((1, 2), 6)");
    let fast = zipped_divide(Some(&a), &t, &[]).unwrap();
    assert_eq!(fast, lay("((2, 2), ((2, 3), 2)):((0, 6), ((1, 2), 12))"));
    let promoted = tiler_to_layout(&t).unwrap();
    assert_eq!(
        logical_divide(Some(&a), &Tiler::Layout(promoted), &[]).unwrap(),
        fast
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn prop_zipped_rest_keeps_the_modes_it_does_not_divide(
        a in kit::layout(),
        k in 1_usize..4,
        none in 0_usize..4,
    ) {
        // a tiler of the first k modes, entry `none` a None: every other
        // mode of A is its own rest, exactly as it is
        let modes = super::super::testkit::modes_of(&a);
        let k = k.min(modes.len());
        let ts: Vec<Tiler> = (0..k)
            .map(|i| if i == none { Tiler::None } else { Tiler::Int(1) })
            .collect();
        let z = zipped_divide(Some(&a), &Tiler::Tuple(ts.clone()), &[]).unwrap();
        prop_assert_eq!(rank(&z), 2);
        let rest = get_mode("t", &z, &[1]).unwrap();
        for (i, m) in modes.iter().enumerate() {
            if i >= k || i == none {
                prop_assert_eq!(&get_mode("t", &rest, &[i]).unwrap(), m);
            }
        }
        // the promoted tiler divides the same way
        let p = tiler_to_layout(&Tiler::Tuple(ts)).unwrap();
        prop_assert_eq!(logical_divide(Some(&a), &Tiler::Layout(p), &[]).unwrap(), z);
    }
}

#[test]
fn test_divide_none_is_the_identity_of_the_tilers_domain() {
    let t = Tiler::Tuple(vec![Tiler::Int(4), Tiler::None]);
    // a None mode is that mode of the identity, 1:E(1), not 1:0
    assert_eq!(
        composition(None, &t, &[]).unwrap().to_string(),
        "(4, 1):(1@0, 1@1)"
    );
    // a tuple divides by-mode, and a None mode is left as it is
    let d = logical_divide(None, &t, &[]).unwrap();
    assert_eq!(d.to_string(), "((4, 1), 1):((1@0, 4@0), 1@1)");
    // zipped_divide divides by the promoted tiler: tiles, then rests
    assert_eq!(
        zipped_divide(None, &t, &[]).unwrap().to_string(),
        "((4, 1), (1, 1)):((1@0, 1@1), (4@0, 1@1))"
    );
    // each mode i is the divide of the axis E(i) by the i-th tiler,
    // with the free complement
    let t = Tiler::Tuple(vec![Tiler::Int(3), Tiler::Int(5)]);
    let d = logical_divide(None, &t, &[]).unwrap();
    assert_eq!(
        format!("{d:?}"),
        "Layout(((3, 1), (5, 1)), ((1@0, 3@0), (1@1, 5@1)))"
    );
    let e = |k: i64, i: usize| crate::ArithTuple::e(&[i]).scale(k).unwrap();
    let want = Layout::new(
        "((3, 1), (5, 1))".parse::<IntTuple>().unwrap(),
        HTuple::Tuple(vec![
            HTuple::Tuple(vec![HTuple::Leaf(e(1, 0)), HTuple::Leaf(e(3, 0))]),
            HTuple::Tuple(vec![HTuple::Leaf(e(1, 1)), HTuple::Leaf(e(5, 1))]),
        ]),
    )
    .unwrap();
    assert_eq!(d, want);
    // layouts, integers, None and nested tuples in one tiler
    let t = Tiler::Tuple(vec![
        Tiler::Layout(lay("4:2")),
        Tiler::None,
        Tiler::Tuple(vec![Tiler::Int(2), Tiler::Layout(lay("(2, 2):(1, 4)"))]),
    ]);
    assert_eq!(
        format!("{:?}", logical_divide(None, &t, &[]).unwrap()),
        "Layout(((4, (2, 1)), 1, ((2, 1), ((2, 2), (2, 1)))), \
         ((2@0, (1@0, 8@0)), 1@1, ((1@0@2, 2@0@2), ((1@1@2, 4@1@2), (2@1@2, 8@1@2)))))"
    );
    // a tiler that is not a tuple: the identity of the integers
    assert_eq!(
        logical_divide(None, &Tiler::Layout(lay("4:2")), &[]).unwrap(),
        lay("(4, (2, 1)):(2, (1, 8))")
    );
    assert_eq!(
        logical_divide(None, &Tiler::Int(3), &[]).unwrap(),
        lay("(3, 1):(1, 3)")
    );
    // no modes to divide
    assert_eq!(
        logical_divide(None, &Tiler::Tuple(vec![]), &[]).unwrap(),
        lay("():()")
    );
    // a tiler mode without a complement is an error, as for any A
    let bad = Tiler::Tuple(vec![Tiler::Int(2), Tiler::Layout(lay("(2, 2):(1, 1)"))]);
    assert!(logical_divide(None, &bad, &[]).is_err());
}

/// A tuple tiler of depth <= 2 and rank <= 3 per level: integers,
/// injective layouts of one or two leaves (extents up to 4, a stride
/// of 0 now and then, gaps in the chain, modes in either order), and
/// `None`.
fn tuple_tiler() -> BoxedStrategy<Tiler> {
    let small =
        (1_i64..=4, 0_i64..=3, 1_i64..=4, 1_i64..=3, 0_u8..3).prop_map(|(s0, g0, s1, g1, how)| {
            let (d0, d1) = (g0, g0.max(1) * s0 * g1);
            Tiler::Layout(match how {
                0 => lay(&format!("{s0}:{d0}")),
                1 => lay(&format!("({s0}, {s1}):({d0}, {d1})")),
                _ => lay(&format!("({s1}, {s0}):({d1}, {d0})")),
            })
        });
    let leaf = prop_oneof![
        2 => (1_i64..=5).prop_map(Tiler::Int),
        2 => small,
        1 => Just(Tiler::None),
    ];
    let inner = prop_oneof![
        3 => leaf.clone(),
        1 => proptest::collection::vec(leaf, 1..=2).prop_map(Tiler::Tuple),
    ];
    proptest::collection::vec(inner, 1..=3)
        .prop_map(Tiler::Tuple)
        .boxed()
}

/// The tiles and the rests of `d`, the divide of None by the tuple `t`,
/// regrouped as `zipped_divide` groups them: each leaf tiler's mode `(T,
/// T*)` of `d` split into its tile and its rest, in the nesting of `t`;
/// a `None` mode, the identity's mode, is its own tile and rest.
fn regroup(t: &Tiler, d: &Layout, path: &mut Vec<usize>) -> (Layout, Layout) {
    match t {
        Tiler::Tuple(ts) => {
            let (mut tiles, mut rests) = (Vec::new(), Vec::new());
            for (i, x) in ts.iter().enumerate() {
                path.push(i);
                let (a, b) = regroup(x, d, path);
                path.pop();
                tiles.push(a);
                rests.push(b);
            }
            (make_layout(&tiles), make_layout(&rests))
        }
        Tiler::None => {
            let m = d.get(path).unwrap();
            (m.clone(), m)
        }
        _ => {
            let m = d.get(path).unwrap();
            (m.get(&[0]).unwrap(), m.get(&[1]).unwrap())
        }
    }
}

/// True iff some layout of the tiler `t` has only zero strides.
fn has_zero_leaf(t: &Tiler) -> bool {
    match t {
        Tiler::Tuple(ts) => ts.iter().any(has_zero_leaf),
        Tiler::Layout(l) => l.strides().all(|d| d.is_zero()),
        _ => false,
    }
}

/// `t` with each leaf tiler replaced by the extent its divide of the
/// identity of the integers reaches (`None` by 1): the shape of a
/// concrete identity layout that holds `logical_divide(None, t)`.
fn reach_of(t: &Tiler) -> Tiler {
    match t {
        Tiler::Tuple(ts) => Tiler::Tuple(ts.iter().map(reach_of).collect()),
        Tiler::None => Tiler::Int(1),
        t => {
            let d = logical_divide(None, t, &[]).unwrap();
            Tiler::Int(kit::max_value(&d) + 1)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `logical_divide(None, t)` for a tuple `t` divides by-mode: the
    /// tile of each leaf tiler is that mode of `composition(None, t)`;
    /// the tiles and the rests regrouped are `zipped_divide(None, t)`
    /// (the specification's relation of the two divides); and the whole
    /// evaluates as the divide of a concrete identity layout, the axes
    /// `E(i)` with extents large enough to hold it, divided by `t`.
    #[test]
    fn prop_divide_none_by_a_tuple_is_by_mode(t in tuple_tiler()) {
        let d = logical_divide(None, &t, &[]).unwrap();
        let c = composition(None, &t, &[]).unwrap();
        let (tiles, rests) = regroup(&t, &d, &mut Vec::new());
        prop_assert_eq!(&tiles, &c, "tiles of {:?}", d);
        // (a mode whose tiler has only zero strides names its axis by
        // them alone, which the complement of the promoted tiler does
        // not see: zipped_divide's rest for it is the integer 1:1)
        if !has_zero_leaf(&t) {
            let z = zipped_divide(None, &t, &[]).unwrap();
            prop_assert_eq!(make_layout(&[tiles, rests]), z, "{:?} regrouped", d);
        }
        let ident = tiler_to_layout(&reach_of(&t)).unwrap();
        let concrete = logical_divide(Some(&ident), &t, &[]).unwrap();
        prop_assert_eq!(kit::size(&concrete), kit::size(&d));
        for i in kit::sample(kit::size(&d)) {
            prop_assert_eq!(kit::eval(&d, i), kit::eval(&concrete, i), "{:?} vs {:?} at {}", d, concrete, i);
        }
    }
}

#[test]
fn test_divide_errors() {
    let a: Layout = "(4, 3):(3, 1)".parse().unwrap();
    let e = logical_divide(Some(&a), &Tiler::Int(3), &[]).unwrap_err();
    assert!(
        matches!(
            e,
            Error::Divisibility {
                op: "logical_divide",
                ..
            }
        ),
        "{e}"
    );
    // A, B, the complement as computed (with the arguments that give it
    // again), the leaf that fails and the condition
    assert_eq!(
        e.to_string(),
        "logical_divide: divisibility condition violated: Layout((4, 3), (3, 1)) / Layout(3, 1) \
         = A o (B, B*) with B* = complement(B, (4, 3)) = Layout(6, 3): the leaf 6:3 of B*: \
         it steps by 3 through the coalesced mode 0 of A (extent 4), and 3 and 4 do not \
         divide one another (stride divisibility, Whitepaper Eqs. (20)-(21))"
    );
    // a B that has no complement is named with A
    let e = logical_divide(Some(&a), &Tiler::Layout(lay("(2, 2):(1, 1)")), &[]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "logical_divide: strides not injective: Layout((4, 3), (3, 1)) / Layout((2, 2), (1, 1)) \
         = A o (B, B*), and B has no complement B* = complement(B, (4, 3)): \
         Layout((2, 2), (1, 1)): the mode 2:1 overlaps the 2 offsets the smaller strides cover"
    );
    // the carry check across the leaves of B and B*
    let e = logical_divide(
        Some(&lay("(4, 2):(1, 100)")),
        &Tiler::Layout(lay("(3, 2):(1, 3)")),
        &[],
    )
    .unwrap_err();
    assert!(e.to_string().contains("the leaf 2:3 of B: with the leaves composed before it, it reaches into the coalesced mode 0 of A (extent 4) up to coordinate 5"), "{e}");
    let e = zipped_divide(Some(&a), &Tiler::Int(2), &[4]).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
    let e = logical_divide(None, &Tiler::None, &[]).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::TypeError);
    // None divided at a mode: the other modes are 1:0
    let b: Layout = "4:2".parse().unwrap();
    let r = logical_divide(None, &Tiler::Layout(b), &[1]).unwrap();
    assert_eq!(
        format!("{r:?}"),
        "Layout((1, (4, (2, 1))), (0, (2, (1, 8))))"
    );
}

#[test]
fn test_divide_of_a_layout_with_an_extent_0() {
    // logical_divide(A, B) is A o (B, complement(B, shape(A))): the
    // complement reaches each extent of A's shape (a coordinate tiler's
    // axis by axis), and an extent that is not positive leaves nothing to
    // reach, a ValueError of the complement (as `complement_to` says). So
    // an A with an extent 0 does not divide, whether the tiler's strides
    // are integers or coordinates, and the error names A's shape.
    let a = lay("(4, 0):(1, 4)");
    for b in ["2:1@0", "2:2@0", "2:1@1", "(2, 1):(1@0, 1@1)", "2:1", "2:2"] {
        let e = logical_divide(Some(&a), &Tiler::Layout(lay(b)), &[]).unwrap_err();
        let want = crate::algebra::complement_to(&lay(b), a.shape()).unwrap_err();
        assert_eq!(e.to_string(), want.to_string(), "{b}");
        assert!(
            e.to_string()
                .contains("the extension (4, 0) has an extent 0"),
            "{b}: {e}"
        );
    }
    // a mode that a by-mode tiler leaves alone keeps its extent 0
    let t = Tiler::Tuple(vec![Tiler::Int(2), Tiler::None]);
    assert_eq!(
        logical_divide(Some(&a), &t, &[]).unwrap(),
        lay("((2, 2), 0):((1, 2), 4)")
    );
    // with the extent 1 in its place, the coordinate tiler divides
    assert_eq!(
        logical_divide(
            Some(&lay("(4, 1):(1, 4)")),
            &Tiler::Layout(lay("2:1@0")),
            &[]
        )
        .unwrap(),
        lay("(2, (2, 1)):(1, (2, 4))")
    );
}

#[test]
fn test_zipped_divide_past_the_rank() {
    // the rank rule of a by-mode tiler (`len(A) >= len(B)`): entry i of the
    // promoted tiler walks the coordinate axis i, which A has only up to
    // its rank; a None entry (or a layout of zero strides) walks none and
    // is a tile mode of its own
    let t = |ts: Vec<Tiler>| Tiler::Tuple(ts);
    let e =
        zipped_divide(Some(&lay("1:0")), &t(vec![Tiler::None, Tiler::Int(8)]), &[]).unwrap_err();
    assert!(
        matches!(
            e,
            Error::RankMismatch {
                op: "zipped_divide",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(
        e.to_string(),
        "zipped_divide: rank mismatch: a by-mode tiler of rank 2 for Layout(1, 0) of rank 1: \
         its entry 1, 8, divides a mode A does not have (a tiler may be longer than the mode it \
         divides only by None entries)"
    );
    // an extent 1 walks its axis too; so does a layout with a nonzero stride
    for extra in [Tiler::Int(1), Tiler::Layout(lay("(2, 2):(0, 1)"))] {
        let b = t(vec![Tiler::Int(2), extra.clone()]);
        let e = zipped_divide(Some(&lay("4:1")), &b, &[]).unwrap_err();
        assert!(e.to_string().contains("rank mismatch"), "{extra:?}: {e}");
    }
    // in a nested entry, and at a mode, the mode is named
    let a = lay("(4, (2, 3)):(1, (4, 8))");
    let nested = t(vec![
        Tiler::Int(2),
        t(vec![Tiler::None, Tiler::Int(3), Tiler::Int(2)]),
    ]);
    let e = zipped_divide(Some(&a), &nested, &[]).unwrap_err();
    assert!(
        e.to_string()
            .contains("for mode 1 of A, Layout((2, 3), (4, 8)), of rank 2: its entry 2, 2,"),
        "{e}"
    );
    let at = t(vec![Tiler::None, Tiler::Int(3), Tiler::Int(2)]);
    assert_eq!(
        zipped_divide(Some(&a), &at, &[1]).unwrap_err().to_string(),
        e.to_string()
    );
    // entries past the rank that walk no axis still divide
    for extra in [Tiler::None, Tiler::Layout(lay("4:0"))] {
        let b = t(vec![Tiler::Int(2), extra.clone()]);
        let r = zipped_divide(Some(&lay("4:1")), &b, &[]).unwrap();
        let tile = if extra == Tiler::None { "1" } else { "4" };
        assert_eq!(
            r.to_string(),
            format!("((2, {tile}), (2,)):((1, 0), (2,))"),
            "{extra:?}"
        );
    }
    // the same refusal over symbols
    let m = cute_core::sym::Sym::symbol("M").unwrap();
    let a = Layout::<cute_core::sym::Sym>::new(
        HTuple::Leaf(m.clone()),
        HTuple::Leaf(Scalar::Int(cute_core::sym::Sym::from(1))),
    )
    .unwrap();
    let b = Tiler::Tuple(vec![Tiler::None, Tiler::Int(m)]);
    let e = super::zipped_divide(&a, &b).unwrap_err();
    assert!(e.to_string().contains("rank mismatch"), "{e}");
}
