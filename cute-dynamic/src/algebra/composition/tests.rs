//! Unit and property tests of composition: conformance cases, coordinate
//! strides, F2 and negative strides, leaves that carry across A's modes,
//! errors.

use super::*;
use crate::algebra::testkit::{self as kit, check, leaf};
#[allow(unused_imports)]
use crate::algebra::testkit::{
    coalesce, coalesce_z, composition, logical_divide, logical_product, zipped_divide,
};
use crate::atuple::ArithTuple;
#[allow(unused_imports)]
use crate::htuple::{HTuple, IntTuple};
use crate::layout::View;
#[allow(unused_imports)]
use crate::layout::{tiler_to_layout, Tiler};
#[allow(unused_imports)]
use crate::typedefs::Scalar;

#[test]
fn test_conformance_composition() {
    check(
        &[
            "composition",
            "composition_bymode",
            "composition_mode",
            "coord_composition",
        ],
        |c| composition(c.layout_or_none(0).as_ref(), &c.tiler(1), &c.mode),
    );
}

use super::super::testkit::get_mode;
use crate::shape::compatible;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn prop_composition_of_a_leaf(a in kit::layout(), s in 1_i64..9, d in 0_i64..20) {
        // B = s:d: either a divisibility error, or exactly j -> A(j * d)
        let b = leaf(s, Scalar::Int(d));
        match composition(Some(&a), &Tiler::Layout(b.clone()), &[]) {
            Ok(r) => {
                prop_assert_eq!(kit::size(&r), s);
                for j in 0..s {
                    prop_assert_eq!(kit::at(&r, j), kit::at(&a, j * d), "{:?} o {:?} = {:?}", a, b, r);
                }
            }
            Err(e) => prop_assert!(matches!(e, Error::Divisibility { .. }), "{}", e),
        }
    }

    #[test]
    fn prop_composition_is_function_composition(
        a in kit::pow2_layout(),
        b in kit::pow2_layout(),
        d in (0_u32..6).prop_map(|k| 1_i64 << k),
    ) {
        // powers of two always divide one way or the other, so each leaf of
        // B composes with A on its own; the leaves together give
        // i -> A(B(i)) in B's nesting, or a divisibility error where their
        // offsets carry from one mode of A into the next
        match composition(Some(&a), &Tiler::Layout(b.clone()), &[]) {
            Ok(r) => {
                prop_assert!(compatible(&b.shape(), &r.shape()), "{:?} o {:?} = {:?}", a, b, r);
                for i in kit::sample(kit::size(&b)) {
                    prop_assert_eq!(kit::at(&r, i), kit::at(&a, kit::at(&b, i)), "{:?} o {:?} = {:?} at {}", a, b, r, i);
                }
            }
            Err(e) => prop_assert!(matches!(e, Error::Divisibility { .. }), "{}", e),
        }
        // a compact B (its index i is its value) walks A's domain: (A o B)(i) == A(i)
        let b = kit::compact_of(&b);
        let a = kit::cover(&a, kit::size(&b), d);
        let r = composition(Some(&a), &Tiler::Layout(b.clone()), &[]).unwrap();
        prop_assert!(compatible(&b.shape(), &r.shape()), "{:?} o {:?} = {:?}", a, b, r);
        for i in 0..kit::size(&b) {
            prop_assert_eq!(kit::at(&r, i), kit::at(&a, kit::at(&b, i)), "{:?} o {:?} = {:?}", a, b, r);
        }
    }

    #[test]
    fn prop_composition_by_mode(a in kit::pow2_layout(), b in kit::pow2_layout()) {
        // composing mode 0 alone agrees with composing get[0](A), result or error
        prop_assume!(a.shape().is_tuple());
        let a0 = get_mode("t", &a, &[0]).unwrap();
        match composition(Some(&a), &Tiler::Layout(b.clone()), &[0]) {
            Ok(r) => prop_assert_eq!(get_mode("t", &r, &[0]).unwrap(), a0.compose(&b).unwrap()),
            Err(e) => {
                prop_assert!(matches!(e, Error::Divisibility { .. }), "{}", e);
                prop_assert!(a0.compose(&b).is_err());
            }
        }
    }
}

/// The arithmetic tuple `(c0, c1, ...)`: the coordinate sum `c0@0 + c1@1 + ...`.
fn coord(cs: &[i64]) -> Scalar {
    Scalar::Arith(ArithTuple::new(
        cs.iter().map(|&c| HTuple::Leaf(Scalar::Int(c))).collect(),
    ))
}

#[test]
fn test_composition_with_a_coordinate_sum_stride() {
    let l = |s: &str| -> Layout { s.parse().unwrap() };
    let b = |s: i64, cs: &[i64]| Tiler::Layout(leaf(s, coord(cs)));
    // (1, 3) is the coordinate (1, 3) of A: the stride is A((1, 3))
    assert_eq!(
        composition(Some(&l("(2, 8):(5, 10)")), &b(2, &[1, 3]), &[]).unwrap(),
        l("2:35")
    );
    assert_eq!(
        composition(Some(&l("(2, 8):(5, 10)")), &b(1, &[1, 3]), &[]).unwrap(),
        l("1:35")
    );
    // a coordinate A gives the coordinate
    let r = composition(Some(&l("(4, 8):(1@0, 1@1)")), &b(2, &[1, 3]), &[]).unwrap();
    assert_eq!(r, leaf(2, coord(&[1, 3])));
    // a term that splits over a hierarchical mode of A: the terms add
    // pointwise
    assert_eq!(
        composition(Some(&l("((2, 2), 8):((1, 20), 4)")), &b(4, &[1, 2]), &[]).unwrap(),
        l("(2, 2):(9, 36)")
    );
    // terms whose compositions have no common refinement: no layout
    let e = composition(
        Some(&l("((2, 3), (3, 2)):((1, 20), (1, 30))")),
        &b(6, &[1, 1]),
        &[],
    )
    .unwrap_err();
    assert!(matches!(e, Error::Divisibility { .. }), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn prop_composition_with_a_coordinate_sum(
        a in kit::layout(),
        s in 1_i64..6,
        cs in proptest::collection::vec(0_i64..4, 2..4),
    ) {
        // B = s:(c0, c1, ...): either an error, or j -> sum_i A_i(j * c_i)
        let modes = super::super::testkit::modes_of(&a);
        prop_assume!(modes.len() >= cs.len());
        let b = leaf(s, coord(&cs));
        match composition(Some(&a), &Tiler::Layout(b.clone()), &[]) {
            Ok(r) => {
                prop_assert_eq!(kit::size(&r), s);
                for j in 0..s {
                    let want: i64 = cs.iter().zip(&modes).map(|(&c, m)| kit::at(m, j * c)).sum();
                    prop_assert_eq!(kit::at(&r, j), want, "{:?} o {:?} = {:?}", a, b, r);
                }
            }
            Err(e) => prop_assert!(matches!(e, Error::Divisibility { .. }), "{}", e),
        }
    }
}

#[test]
fn test_mode_of_a_rank1_integer_layout() {
    // an integer-shaped A is the 1-tuple it denotes: its mode 0 is
    // itself, and a mode-subscripted result keeps the tuple
    let l = |s: &str| -> Layout { s.parse().unwrap() };
    let a = l("6:1");
    let b = Tiler::Layout(l("3:1"));
    assert_eq!(composition(Some(&a), &b, &[0]).unwrap(), l("(3,):(1,)"));
    assert_eq!(
        composition(Some(&a), &b, &[0, 0]).unwrap(),
        l("((3,),):((1,),)")
    );
    assert_eq!(composition(Some(&a), &b, &[]).unwrap(), l("3:1"));
    let two = Tiler::Int(2);
    let one = Tiler::Int(1);
    use super::super::testkit::{
        coalesce, coalesce_z, logical_divide, logical_product, zipped_divide,
    };
    assert_eq!(coalesce(&a, &one, &[0]).unwrap(), l("(6,):(1,)"));
    assert_eq!(coalesce_z(&a, &one, &[0]).unwrap(), l("(6,):(1,)"));
    assert_eq!(
        logical_divide(Some(&a), &two, &[0]).unwrap(),
        l("((2, 3),):((1, 2),)")
    );
    assert_eq!(
        zipped_divide(Some(&a), &two, &[0]).unwrap(),
        l("((2, 3),):((1, 2),)")
    );
    assert_eq!(
        logical_product(&a, &two, &[0]).unwrap(),
        l("((6, 2),):((1, 6),)")
    );
    // a tuple A of rank 1 is unchanged
    assert_eq!(
        composition(Some(&l("(6,):(1,)")), &b, &[0]).unwrap(),
        l("(3,):(1,)")
    );
    assert!(composition(Some(&a), &b, &[1]).is_err());
}

/// The sub-layouts of `r` at the leaves of `b`'s shape (`r` has `b`'s
/// nesting, each leaf of `b` refined into a leaf or a tuple).
fn leaf_results(b: &IntTuple, r: View<'_, i64>, out: &mut Vec<Layout>) {
    match b {
        HTuple::Leaf(_) => out.push(r.to_layout()),
        HTuple::Tuple(c) => {
            for (bi, ri) in c.iter().zip(r.modes()) {
                leaf_results(bi, ri, out);
            }
        }
    }
}

/// Random B: any nesting, extents 1..=5 (at most 256 points), strides
/// from -6 to 23 (some 0).
fn any_b() -> BoxedStrategy<Layout> {
    kit::skeleton()
        .prop_flat_map(|skel| {
            let n = skel.leaf_count();
            (
                Just(skel),
                proptest::collection::vec((1_i64..=5, -6_i64..24), n),
            )
        })
        .prop_map(|(skel, mut modes)| {
            let mut size = 1;
            for m in &mut modes {
                if size * m.0 > 256 {
                    m.0 = 1;
                }
                size *= m.0;
            }
            kit::fill(&skel, &modes)
        })
        .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// Composition with any B (hierarchical, non-compact, negative
    /// strides): each leaf `s:d` of B composes exactly, `j -> A(j * d)`,
    /// or the whole is a ValueError; the result keeps B's nesting and
    /// distributes over B's leaves, `R(i) == sum_k A(B_k(i_k))`, and that
    /// is `A(B(i))`: leaves whose offsets carry across A's modes are a
    /// ValueError.
    #[test]
    fn prop_composition_is_exact_leaf_by_leaf(a in kit::layout(), b in any_b()) {
        match composition(Some(&a), &Tiler::Layout(b.clone()), &[]) {
            Ok(r) => {
                prop_assert!(compatible(&b.shape(), &r.shape()), "{:?} o {:?} = {:?}", a, b, r);
                let mut per_leaf = Vec::new();
                leaf_results(&b.shape(), r.view(), &mut per_leaf);
                let leaves = b.leaves().to_vec();
                for ((s, d), rk) in leaves.iter().zip(&per_leaf) {
                    let d = d.as_int().unwrap();
                    prop_assert_eq!(kit::size(rk), *s);
                    for j in 0..*s {
                        prop_assert_eq!(kit::at(rk, j), kit::at(&a, j * d),
                            "leaf {}:{} of {:?} o {:?} = {:?}", s, d, a, b, r);
                    }
                }
                let mut additive = true;
                for i in 0..kit::size(&b) {
                    // B's coordinate of i, leaf by leaf
                    let mut rest = i;
                    let mut sum = 0;
                    for (s, d) in &leaves {
                        let c = rest % s;
                        rest /= s;
                        sum += kit::at(&a, c * d.as_int().unwrap());
                    }
                    prop_assert_eq!(kit::at(&r, i), sum, "{:?} o {:?} = {:?} at {}", a, b, r, i);
                    additive &= kit::at(&a, kit::at(&b, i)) == sum;
                }
                // the specification's post-condition: B's leaves add up
                prop_assert!(additive, "{:?} o {:?} = {:?} is not i -> A(B(i))", a, b, r);
            }
            Err(e) => prop_assert!(matches!(e, Error::Divisibility { .. }), "{}", e),
        }
    }
}

#[test]
fn test_composition_with_f2_strides() {
    let l = |s: &str| -> Layout { s.parse().unwrap() };
    let c = |a: &str, b: &str| composition(Some(&l(a)), &Tiler::Layout(l(b)), &[]);
    // powers of two: the carry-less product is the integer one
    assert_eq!(
        c("(4, 8):(F1, F9)", "(2, 4):(2, 4)").unwrap(),
        l("(2, 4):(F2, F9)")
    );
    assert_eq!(c("8:F3", "4:2").unwrap(), l("4:F6"));
    // a step of 3 over F3: (F3 * 3) * 2 == F10, F3 * 6 == F10 but
    // (F3 * 3) * 3 == F15 != F3 * 9 == F27
    let e = c("16:F3", "4:3").unwrap_err();
    assert!(matches!(e, Error::Divisibility { .. }), "{e}");
    // two points only: j is 0 or 1
    assert_eq!(c("16:F3", "2:3").unwrap(), l("2:F5"));
}

#[test]
fn test_composition_negative_strides() {
    let l = |s: &str| -> Layout { s.parse().unwrap() };
    let c = |a: &str, b: &str| composition(Some(&l(a)), &Tiler::Layout(l(b)), &[]);
    // A(-x) takes the coordinate (-x) mod 8 in A's first mode: no layout
    let e = c("(8, 4):(-2, 1)", "3:-1").unwrap_err();
    assert!(matches!(e, Error::Divisibility { .. }), "{e}");
    // past whole multiples of the other extents, in A's last mode: exact
    assert_eq!(c("(4, 8):(1, 10)", "3:-4").unwrap(), l("3:-10"));
    assert_eq!(c("(8, 4):(-2, 1)", "3:-8").unwrap(), l("3:-1"));
    assert_eq!(
        c("(8, 4):(-2, 1)", "(2, 3):(1, -8)").unwrap(),
        l("(2, 3):(-2, -1)")
    );
    // a negative stride in a single-mode A: the mode is A's last
    assert_eq!(c("16:3", "(4, 2):(-1, -4)").unwrap(), l("(4, 2):(-3, -12)"));
    assert!(c("(4, 8):(1, 10)", "2:-2").is_err());
}

fn lay(text: &str) -> Layout {
    text.parse().unwrap()
}

#[test]
fn test_leaves_that_carry_across_modes_of_a() {
    // each leaf of B composes exactly on its own (3:1 and 2:3 both lie in
    // A's first mode), but together they reach A(4) = 100 where the sum
    // of the leaves' values would be 4: a ValueError, never that layout
    let a = lay("Layout((4, 2), (1, 100))");
    let e = a.compose(lay("Layout((3, 2), (1, 3))")).unwrap_err();
    assert!(matches!(e, Error::Divisibility { .. }), "{e}");
    assert!(e.to_string().contains("carry"), "{e}");
    // leaves that stay apart compose: (2, 2):(1, 2) reaches 1 + 2 < 4
    assert_eq!(
        a.compose(lay("Layout((2, 2), (1, 2))")).unwrap(),
        lay("Layout((2, 2), (1, 2))")
    );
    // leaves that cross into the next mode without carrying compose too
    assert_eq!(
        a.compose(lay("Layout((4, 2), (1, 4))")).unwrap(),
        lay("Layout((4, 2), (1, 100))")
    );
    // over F2 the leaves' bits must be apart as well: 1 XOR 1 is 0, not 2
    let f = lay("Layout((4, 2), (F2(1), F2(16)))");
    assert!(f.compose(lay("Layout((2, 2), (1, 1))")).is_err());
    assert_eq!(
        f.compose(lay("Layout((2, 2), (1, 2))")).unwrap(),
        lay("Layout((2, 2), (F2(1), F2(2)))")
    );
    // the products compose A's complement leaf by leaf, for any B
    let b = Tiler::Layout(lay("Layout((2, 2), (1, 1))"));
    let p = crate::algebra::logical_product(&lay("Layout(2, 1)"), &b);
    assert!(p.is_ok(), "{p:?}");
}

#[test]
fn test_composition_errors() {
    let a: Layout = "(8, 6):(6, 1)".parse().unwrap();
    let b: Layout = "16:3".parse().unwrap();
    let e = composition(Some(&a), &Tiler::Layout(b), &[]).unwrap_err();
    assert!(matches!(e, Error::Divisibility { .. }));
    let msg = e.to_string();
    assert!(
        msg.contains("composition")
            && msg.contains("Layout((8, 6), (6, 1))")
            && msg.contains("Layout(16, 3)"),
        "{msg}"
    );
    let e = composition(Some(&a), &Tiler::Int(2), &[2]).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
    let e = composition(None, &Tiler::None, &[]).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::TypeError);
}

#[test]
fn test_a_single_point_reaches_only_the_modes_it_steps_in() {
    use cute_core::Sym;
    // 1:1 lies in A's first mode, as 2:1 does: A's value there is 4, and
    // the mode of coordinate stride, where its coordinate is 0, adds
    // nothing (no zero of its algebra to add to the integer 4)
    let a = lay("(144, 4):(4, 27@0@1)");
    assert_eq!(a.compose(1).unwrap(), lay("1:4"));
    assert_eq!(a.compose(2).unwrap(), lay("2:4"));
    assert_eq!(a.compose(lay("1:144")).unwrap(), lay("1:27@0@1"));
    // where both modes are reached, the strides still do not add
    let e = a.compose(lay("1:145")).unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::TypeError, "{e}");
    // over a symbol, 1:M reaches the first mode unless M is a multiple of
    // 144: the answer depends on it
    let m = Sym::symbol("M").unwrap();
    let b = Layout::from_modes([(Sym::from(1), Scalar::Int(m.clone()))]).unwrap();
    let e = a.to_symbolic().compose(&b).unwrap_err();
    assert!(
        matches!(e, Error::Undecidable { .. }) && e.to_string().contains("Mod(M, 144) == 0"),
        "{e}"
    );
    // M:1 lies in the first mode of (144*M, 4):(4, 27@0@1) whatever M is:
    // M:4, a single point at M = 1, where the integers agree
    let am = Layout::from_modes([
        ((&m * 144).unwrap(), Scalar::Int(Sym::from(4))),
        (
            Sym::from(4),
            a.to_symbolic().stride().leaves().nth(1).unwrap().clone(),
        ),
    ])
    .unwrap();
    let b = Layout::from_modes([(m, Scalar::Int(Sym::from(1)))]).unwrap();
    assert_eq!(am.compose(&b).unwrap().to_string(), "M:4");
}

#[test]
fn test_an_a_of_size_0_over_symbols_agrees_with_the_integers() {
    use cute_core::Sym;
    // A has an extent 0: its size is 0, and a coordinate divided by that
    // extent is a ValueError (division by zero), a mode of it met by a
    // step of B fails stride divisibility, and A's last mode is never
    // divided. Over a symbol M (positive, or non-negative), each symbolic
    // answer is the integers' answer for every value of M, or the integers
    // fail for every value too, or it is Undecidable.
    let pos = Sym::symbol("M").unwrap();
    let nonneg = Sym::symbol_with("M", cute_core::sym::Assumptions::nonnegative()).unwrap();
    // x + k * M, as a symbol
    let lin = |m: &Sym, x: i64, k: i64| ((m * k).unwrap() + x).unwrap();
    let a_int = [
        "(0, 4):(1, 7)",
        "(4, 0, 3):(1, 7, 3)",
        "(2, 0):(1, 3)",
        "(4, 0):(1, 4)",
        "(0, 0, 5):(13, 0, 2048)",
    ];
    let mut decided = 0;
    for m in [&pos, &nonneg] {
        // B's leaves (extent, stride), each as the pair (x, k) of x + k * M
        type Leaf = ((i64, i64), (i64, i64));
        let bs: [&[Leaf]; 7] = [
            &[((1, 0), (0, 1))],
            &[((0, 1), (1, 0))],
            &[((2, 0), (0, 1))],
            &[((2, 0), (0, 4))],
            &[((1, 0), (0, 4))],
            &[((2, 0), (1, 0)), ((0, 1), (2, 0))],
            &[((2, 0), (0, 0)), ((3, 0), (4, 0))],
        ];
        for a in a_int {
            let a = lay(a);
            for b in bs {
                let sym_b = Layout::from_modes(
                    b.iter()
                        .map(|&((x, k), (y, j))| (lin(m, x, k), Scalar::Int(lin(m, y, j)))),
                );
                let Ok(sym_b) = sym_b else { continue };
                let sym = a.to_symbolic().compose(&sym_b);
                if matches!(sym, Err(Error::Undecidable { .. })) {
                    continue;
                }
                decided += 1;
                let lo = if m == &nonneg { 0 } else { 1 };
                for v in lo..6 {
                    let int_b = Layout::from_modes(
                        b.iter()
                            .map(|&((x, k), (y, j))| (x + k * v, Scalar::Int(y + j * v))),
                    );
                    let Ok(int_b) = int_b else { continue };
                    let int = a.compose(&int_b);
                    match (&sym, &int) {
                        (Ok(s), Ok(i)) => {
                            let s = s.subs(&|_| Some(v)).unwrap();
                            assert_eq!(
                                kit::size(&s),
                                kit::size(i),
                                "{a:?} o {sym_b:?} = {s:?} at M = {v}, not {i:?}"
                            );
                            for x in 0..kit::size(i) {
                                assert_eq!(
                                    kit::at(&s, x),
                                    kit::at(i, x),
                                    "{a:?} o {sym_b:?} = {s:?} at M = {v}, not {i:?}"
                                );
                            }
                        }
                        (Err(_), Err(_)) => {}
                        _ => panic!("{a:?} o {sym_b:?} = {sym:?}, but at M = {v} {int:?}"),
                    }
                }
            }
        }
    }
    assert!(decided > 20, "{decided}");
}
