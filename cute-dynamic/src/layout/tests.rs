//! Tests of layouts: construction, parsing, printing, evaluation, modes.
use super::testdata::{arb_layout, call_args, cases, matching_close, outcome, split_top};
use super::*;
use crate::htuple::IntTuple;
use crate::shape::{coordinates, idx2crd_int};
use crate::{ArithTuple, Coord};
use proptest::prelude::*;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

fn p(s: &str) -> IntTuple {
    s.parse().unwrap()
}

fn dbg(x: &Layout) -> String {
    format!("{x:?}")
}

/// `Layout(...)` and the text after it.
fn split_layout(expr: &str) -> (Layout, &str) {
    let open = expr.find('(').unwrap();
    let close = open + matching_close(&expr[open..]);
    let lay = expr[..=close]
        .parse()
        .unwrap_or_else(|e| panic!("{expr}: {e}"));
    (lay, &expr[close + 1..])
}

fn check(tag: &str, count: usize, f: impl Fn(&str) -> String) {
    let cs = cases(tag);
    assert_eq!(cs.len(), count, "cases of {tag}");
    let bad: Vec<String> = cs
        .iter()
        .filter_map(|(e, want)| {
            let got = f(e);
            (&got != want).then(|| format!("{e}: got {got}, want {want}"))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {count} {tag} cases differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn conformance_f2_coshape() {
    check("f2_coshape", 149, |e| {
        let a = call_args(e, "coshape");
        outcome(l(a[0]).coshape(), |r| r.to_string())
    });
}

#[test]
fn conformance_recast() {
    check("recast", 148, |e| {
        let a = call_args(e, "recast");
        let (num, den) = match a[1].strip_prefix("Fraction(") {
            Some(f) => {
                let nd = split_top(f.strip_suffix(')').unwrap(), ',');
                (nd[0].parse().unwrap(), nd[1].parse().unwrap())
            }
            None => (a[1].parse().unwrap(), 1),
        };
        outcome(recast(&l(a[0]), num, den), dbg)
    });
}

fn eval_case(e: &str) -> String {
    let (lay, rest) = split_layout(e);
    let arg = rest.strip_prefix('(').unwrap().strip_suffix(')').unwrap();
    let crd: IntTuple = arg.parse().unwrap();
    outcome(lay.call(&crd), |r| r.to_string())
}

#[test]
fn conformance_eval() {
    check("eval", 149, eval_case);
    check("coord_eval", 140, eval_case);
    check("f2_eval", 150, eval_case);
}

#[test]
fn conformance_slice() {
    check("slice", 148, |e| {
        let (lay, rest) = split_layout(e);
        let arg = rest.strip_prefix('[').unwrap().strip_suffix(']').unwrap();
        // the forms of Python slices the cases hold, as ranges of modes
        // (the slices themselves are the expression language's, which runs
        // these cases through its own slicing too)
        let r = lay.rank();
        match arg {
            "1:" => outcome(lay.mode_range(1.min(r)..), dbg),
            "0:1" => outcome(lay.mode_range(..1.min(r)), dbg),
            ":-1" => outcome(lay.mode_range(..r.saturating_sub(1)), dbg),
            "::2" => {
                let even: Vec<usize> = (0..r).step_by(2).collect();
                outcome(lay.select(&even).map(|m| make_layout(&m)), dbg)
            }
            i if !i.contains(':') => outcome(lay.mode(i.parse().unwrap()), dbg),
            other => panic!("{e}: a slice [{other}] the test does not translate"),
        }
    });
}

#[test]
fn conformance_make_layout_like() {
    check("make_layout_like", 142, |e| {
        let a = call_args(e, "make_layout_like");
        outcome(make_layout_like(&l(a[0])), dbg)
    });
}

#[test]
fn construction() {
    assert_eq!(dbg(&l("Layout(8)")), "Layout(8, 1)");
    assert_eq!(dbg(&l("Layout((4, 8))")), "Layout((4, 8), (1, 4))");
    assert_eq!(dbg(&l("Layout((4, 8), 2)")), "Layout((4, 8), (2, 8))");
    assert_eq!(
        dbg(&Layout::compact(p("(3, (2, 4))")).unwrap()),
        "Layout((3, (2, 4)), (1, (3, 6)))"
    );
    assert_eq!(
        dbg(&Layout::with_base(p("(4, 8)"), ArithTuple::e(&[1])).unwrap()),
        "Layout((4, 8), (1@1, 4@1))"
    );
    assert!(Layout::new(p("(4, 8)"), "(1, (2, 3))".parse().unwrap()).is_err());
    assert!(Layout::compact(p("(2, -3)")).is_err());
}

#[test]
fn parsing() {
    assert_eq!(
        l("(3, (2, 4)):(2, (1, 6))"),
        l("Layout((3, (2, 4)), (2, (1, 6)))")
    );
    assert_eq!(dbg(&l("(4, 8):(1@0, 6@1)")), "Layout((4, 8), (1@0, 6@1))");
    assert_eq!(
        dbg(&l("(4, 8):(E(0), 3 * E(1, 0))")),
        "Layout((4, 8), (1@0, 3@0@1))"
    );
    assert_eq!(dbg(&l("(4, 8):(F2(6), F1)")), "Layout((4, 8), (F6, F1))");
    assert_eq!(dbg(&l("(4, 8):(F2, F2 (3))")), "Layout((4, 8), (F2, F3))");
    assert_eq!(dbg(&l("(_4,_8):(_1,_4)")), "Layout((4, 8), (1, 4))");
    assert_eq!(dbg(&l("((8,),):((1,),)")), "Layout(((8,),), ((1,),))");
    assert_eq!(dbg(&l("():()")), "Layout((), ())");
    assert_eq!(
        dbg(&l(" ( 4 , 0b100 ) : ( -1 , 0x10 ) ")),
        "Layout((4, 4), (-1, 16))"
    );
    for (bad, pos) in [
        ("(4, 8):(1, 4", 12),
        ("(4, 8)", 6),
        ("(4, 8):(1, 4) x", 14),
        ("(4; 8):(1, 4)", 2),
        ("Layout(4, 1", 11),
    ] {
        match bad.parse::<Layout>() {
            Err(Error::Parse { pos: got, .. }) => assert_eq!(got, pos, "{bad}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
    assert!("(99999999999999999999):(1)".parse::<Layout>().is_err());
    assert!("(4, 8):(1, 4, 5)".parse::<Layout>().is_err());
    // the printed forms read back
    for s in [
        "(3, (2, 4)):(2, (1, 6))",
        "(4, 8):(1@0, 3@0@1)",
        "(2, 2):(F3, F12)",
        "(8,):(1,)",
    ] {
        let a = l(s);
        assert_eq!(a.to_string(), s);
        assert_eq!(l(&format!("{a:?}")), a);
    }
}

#[test]
fn evaluation_spec_examples() {
    let a = l("(3, (2, 4)):(2, (1, 6))");
    let image: Vec<i64> = (0..24).map(|i| a.call_int(i).unwrap()).collect();
    assert_eq!(
        image,
        [0, 2, 4, 1, 3, 5, 6, 8, 10, 7, 9, 11, 12, 14, 16, 13, 15, 17, 18, 20, 22, 19, 21, 23]
    );
    assert_eq!(a.call(&p("(1, 2)")).unwrap(), Scalar::Int(8));
    assert_eq!(a.call(&p("(0, 7)")).unwrap(), Scalar::Int(19));
    assert_eq!(a.call(&p("(0, (1, 3))")).unwrap(), Scalar::Int(19));
    assert_eq!(a.call(&p("(2, 7)")).unwrap(), Scalar::Int(23));
    assert_eq!(a.call_int(100).unwrap(), 99);
    let b = l("(4, 8):(8, 1)");
    assert_eq!(b.call(&p("(2, 3)")).unwrap(), Scalar::Int(19));
    let c = l("(4, 8):(1@1, 1@0)");
    assert_eq!(c.call(&p("(2, 3)")).unwrap().to_string(), "(3, 2)");
    let f = l("(4, 4):(F50, F49)");
    assert_eq!(f.call_index(13).unwrap().to_string(), "F97");
    let none: Coord = "(None, 1)".parse().unwrap();
    assert_eq!(b.call(&none).unwrap(), Scalar::Int(1));
}

#[test]
fn sizes_and_codomains() {
    let a = l("((2, 3), 4):((4, 8), 1)");
    assert_eq!(a.size().unwrap(), 24);
    assert_eq!(a.size_mode(&[0]).unwrap(), 6);
    assert_eq!(a.size_mode(&[1]).unwrap(), 4);
    assert_eq!(a.rank(), 2);
    assert_eq!(a.rank_mode(&[0]).unwrap(), 2);
    assert_eq!(a.depth(), 2);
    assert_eq!(a.shape(), p("((2, 3), 4)"));
    assert_eq!(l("(4, 8):(1, 4)").coshape().unwrap(), p("32"));
    assert_eq!(l("(4, 8):(8, 1)").coshape().unwrap(), p("32"));
    assert_eq!(l("(4, 8):(1@0, 1@1)").coshape().unwrap(), p("(4, 8)"));
    assert_eq!(l("(4, 8):(1@0, 6@1)").coshape().unwrap(), p("(4, 43)"));
    assert_eq!(l("4:F3").coshape().unwrap(), p("8"));
    assert_eq!(l("(4, 8):(-1, 4)").coshape().unwrap(), p("29"));
    assert_eq!(l("(4, 8):(0, 0)").cosize().unwrap(), 1);
    assert_eq!(l("(2, 8):(1@0, 0)").coshape().unwrap(), p("(2,)"));
    assert_eq!(l("(4, 8):(1, 4)").coprofile(), p("0"));
    assert_eq!(l("(4, 8):(1@0, 1@1)").coprofile(), p("(0, 0)"));
    assert!(l("(4, 8):(F1, 4)").coshape().is_err());
    assert!(l("(4, 8):(4611686018427387904, 4)").coshape().is_err());
    assert!(Layout::compact(p("(1099511627776, 1099511627776)"))
        .unwrap()
        .size()
        .is_err());
}

#[test]
fn mode_indexing() {
    let a = l("(3, (2, 4)):(2, (1, 6))");
    assert_eq!(a.mode(0).unwrap(), l("3:2"));
    assert_eq!(a.mode(1).unwrap(), l("(2, 4):(1, 6)"));
    assert_eq!(a.mode(1).unwrap().mode(0).unwrap(), l("2:1"));
    assert_eq!(a.get(&[1, 0]).unwrap(), l("2:1"));
    assert_eq!(a.get(&[1]).unwrap(), l("(2, 4):(1, 6)"));
    assert_eq!(
        l("(2, (3, 5)):(1, (2, 6))").mode(-1).unwrap(),
        l("(3, 5):(2, 6)")
    );
    assert_eq!(
        l("(2, 3):(1, 2)").mode(2).unwrap_err().class(),
        cute_core::ErrorClass::IndexError
    );
    assert_eq!(
        l("(2, 3):(1, 2)").mode(-3).unwrap_err().class(),
        cute_core::ErrorClass::IndexError
    );
    let b = l("(2, 3, 5, 7):(1, 2, 6, 30)");
    assert_eq!(b.mode_range(1..).unwrap(), l("(3, 5, 7):(2, 6, 30)"));
    assert_eq!(b.mode_range(1..=2).unwrap(), l("(3, 5):(2, 6)"));
    assert_eq!(b.mode_range(..2).unwrap(), l("(2, 3):(1, 2)"));
    assert_eq!(dbg(&b.mode_range(2..2).unwrap()), "Layout((), ())");
    assert_eq!(dbg(&b.mode_range(4..).unwrap()), "Layout((), ())");
    assert_eq!(b.mode_range(..).unwrap(), b);
    assert_eq!(b.mode_range(0..=3).unwrap(), b);
    for bad in [b.mode_range(1..99), b.mode_range(5..), b.mode_range(..=4)] {
        assert_eq!(bad.unwrap_err().class(), cute_core::ErrorClass::IndexError);
    }
    #[allow(clippy::reversed_empty_ranges)]
    let backwards = b.mode_range(3..1);
    assert_eq!(
        backwards.unwrap_err().class(),
        cute_core::ErrorClass::IndexError
    );
    use core::ops::Bound::{Excluded, Included, Unbounded};
    assert_eq!(
        b.mode_range((Excluded(0), Included(1))).unwrap(),
        l("(3,):(2,)")
    );
    assert!(b.mode_range((Excluded(usize::MAX), Unbounded)).is_err());
    assert!(b.mode_range((Unbounded, Included(usize::MAX))).is_err());
    let leaf = l("8:1");
    assert_eq!(dbg(&leaf.mode_range(0..1).unwrap()), "Layout((8,), (1,))");
    assert_eq!(dbg(&leaf.mode_range(1..).unwrap()), "Layout((), ())");
    assert!(leaf.mode_range(0..2).is_err());
    let sel = b.select(&[1, 3]).unwrap();
    assert_eq!(sel, vec![l("3:2"), l("7:30")]);
    assert_eq!(make_layout(&sel), l("(3, 7):(2, 30)"));
    assert_eq!(b.select(&[2]).unwrap(), vec![l("5:6")]);
    assert_eq!(l("8:1").get(&[0, 0]).unwrap(), l("8:1"));
}

#[test]
fn slicing_by_coordinate() {
    let a = l("(4, 8):(1, 4)");
    let (off, sub) = a.offset_and_slice(&"(2, None)".parse().unwrap()).unwrap();
    assert_eq!(
        (off, dbg(&sub)),
        (Scalar::Int(2), "Layout((8,), (4,))".to_string())
    );
    let (off, sub) = a.offset_and_slice(&"(None, 3)".parse().unwrap()).unwrap();
    assert_eq!(
        (off, dbg(&sub)),
        (Scalar::Int(12), "Layout((4,), (1,))".to_string())
    );
    let b = l("(3, (2, 4)):(2, (1, 6))");
    let (off, sub) = b.offset_and_slice(&"(1, 5)".parse().unwrap()).unwrap();
    assert_eq!(
        (off, dbg(&sub)),
        (b.call(&p("(1, 5)")).unwrap(), "Layout((), ())".to_string())
    );
    let (off, sub) = b
        .offset_and_slice(&"(None, (1, None))".parse().unwrap())
        .unwrap();
    assert_eq!(
        (off, dbg(&sub)),
        (Scalar::Int(1), "Layout((3, 4), (2, 6))".to_string())
    );
    // nothing fixed: the offset is the integer 0 even for F2 strides
    let f = l("(4, 4):(F3, F5)");
    let (off, sub) = f.offset_and_slice(&"None".parse().unwrap()).unwrap();
    assert_eq!(
        (off, dbg(&sub)),
        (Scalar::Int(0), "Layout(((4, 4),), ((F3, F5),))".to_string())
    );
}

#[test]
fn make_layouts() {
    assert_eq!(make_layout(&[l("3:1"), l("4:3")]), l("(3, 4):(1, 3)"));
    let a = l("(3, (2, 4)):(2, (1, 6))");
    assert_eq!(
        a,
        make_layout(&[l("3:2"), make_layout(&[l("2:1"), l("4:6")])])
    );
    assert_eq!(
        make_layout_like(&l("(4, 8):(1, 4)")).unwrap(),
        l("(4, 8):(1, 4)")
    );
    assert_eq!(
        make_ordered_layout(&p("(4, 8)"), &p("(0, 1)")).unwrap(),
        l("(4, 8):(1, 4)")
    );
    assert_eq!(
        make_ordered_layout(&p("((2, 2), 3)"), &p("((5, 1), 3)")).unwrap(),
        l("((2, 2), 3):((6, 1), 2)")
    );
    assert!(make_ordered_layout(&p("(4, 8)"), &p("((0, 1), 2)")).is_err());
    let flat = crate::htuple::flatten(&HTuple::from_leaves([l("2:1"), l("3:1")]));
    assert_eq!(make_layout_tree(&flat), l("(2, 3):(1, 1)"));
    let sl = crate::htuple::slice_(
        &"(None, 1)".parse::<Coord>().unwrap(),
        &HTuple::from_leaves([l("4:1"), l("8:1")]),
    )
    .unwrap();
    assert_eq!(dbg(&make_layout_tree(&sl)), "Layout((4,), (1,))");
}

#[test]
fn tilers() {
    assert_eq!(tiler_to_layout(&Tiler::Int(3)).unwrap(), l("3:1"));
    assert_eq!(
        tiler_to_layout(&Tiler::Layout(l("(7, 2):(3, 1)"))).unwrap(),
        l("(7, 2):(3, 1)")
    );
    let nested = Tiler::Tuple(vec![
        Tiler::Tuple(vec![Tiler::Int(4), Tiler::Layout(l("5:2"))]),
        Tiler::Int(3),
    ]);
    assert_eq!(
        dbg(&tiler_to_layout(&nested).unwrap()),
        "Layout(((4, 5), 3), ((1@0@0, 2@1@0), 1@1))"
    );
    let with_none = Tiler::Tuple(vec![Tiler::None, Tiler::Int(4)]);
    let t = tiler_to_layout(&with_none).unwrap();
    assert_eq!(dbg(&t), "Layout((1, 4), (0, 1@1))");
    assert_eq!(t.coprofile(), p("(0, 0)"));
    assert!(tiler_to_layout(&Tiler::Int(-1)).is_err());
}

#[test]
fn recast_spec_examples() {
    assert_eq!(recast(&l("24:1"), 8, 1).unwrap(), l("3:1"));
    assert_eq!(
        recast(&l("(4, 4):(4, 1)"), 1, 2).unwrap(),
        l("(4, 8):(8, 1)")
    );
    assert_eq!(
        recast(&l("(4, 4):(4, 1)"), 2, 4).unwrap(),
        l("(4, 8):(8, 1)")
    );
    assert_eq!(
        dbg(&recast(&l("(4, 8):(1@0, 4@1)"), 2, 1).unwrap()),
        "Layout((2, 8), (1@0, 2@1))"
    );
    assert_eq!(
        recast(&l("(6, 4):(-1, 6)"), 2, 1).unwrap(),
        l("(3, 4):(-1, 3)")
    );
    assert!(recast(&l("4:F2"), 2, 1).is_err());
    assert!(recast(&l("4:1"), 0, 1).is_err());
    assert_eq!(
        recast(&l("4:15"), 8, 1).unwrap_err().class(),
        cute_core::ErrorClass::ValueError
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn three_coordinate_forms_agree(a in arb_layout()) {
        let n = a.size().unwrap();
        for (i, nat) in coordinates(&a.shape()).unwrap().enumerate() {
            let i = i as i64;
            let by_index = a.call_index(i).unwrap();
            prop_assert_eq!(&a.call(&nat).unwrap(), &by_index);
            prop_assert_eq!(&a.call(&HTuple::Leaf(i)).unwrap(), &by_index);
            if a.shape().is_tuple() {
                let flat = HTuple::Tuple(
                    nat.modes().iter().zip(a.shape().modes())
                        .map(|(c, s)| HTuple::Leaf(crate::shape::crd2idx(c, s).unwrap()))
                        .collect(),
                );
                prop_assert_eq!(&a.call(&flat).unwrap(), &by_index);
            }
            prop_assert_eq!(&crate::stride::inner_product(&nat, &a.stride()).unwrap(), &by_index);
        }
        prop_assert_eq!(a.call_index(n).unwrap(),
            crate::stride::inner_product(&idx2crd_int(n, &a.shape()).unwrap(), &a.stride()).unwrap());
    }

    #[test]
    fn coshape_bounds_the_image(a in arb_layout()) {
        let bound = a.cosize().unwrap();
        for i in 0..a.size().unwrap() {
            let v = a.call_int(i).unwrap();
            let lo: i64 = a.shape().leaves().zip(a.stride().leaves())
                .map(|(&s, d)| ((s - 1) * d.as_int().unwrap()).min(0)).sum();
            prop_assert!(v < bound && v >= lo);
        }
    }

    #[test]
    fn make_layout_like_is_compact_and_idempotent(a in arb_layout()) {
        let m = make_layout_like(&a).unwrap();
        prop_assert_eq!(m.shape(), a.shape());
        // Idempotent where no size-1 mode ties with another mode's stride
        // (a size-1 mode takes the stride of the next mode in order).
        if a.shape().leaves().all(|&s| s > 1) {
            prop_assert_eq!(&make_layout_like(&m).unwrap(), &m);
        }
        // the non-zero modes are a bijection onto 0..size of those modes
        let kept: Vec<(i64, i64)> = m.shape().leaves().zip(m.stride().leaves())
            .map(|(&s, d)| (s, d.as_int().unwrap())).filter(|&(_, d)| d != 0).collect();
        let size: i64 = kept.iter().map(|&(s, _)| s).product();
        let sub = Layout::from_ints(
            &HTuple::from_leaves(kept.iter().map(|&(s, _)| s)),
            &HTuple::from_leaves(kept.iter().map(|&(_, d)| d)),
        ).unwrap();
        let mut seen: Vec<i64> = (0..size).map(|i| sub.call_int(i).unwrap()).collect();
        seen.sort_unstable();
        prop_assert_eq!(seen, (0..size).collect::<Vec<_>>());
    }

    #[test]
    fn make_layout_like_orders_coordinate_strides_by_basis_then_scale(
        a in arb_layout(),
        picks in prop::collection::vec((0usize..7, 1i64..50), 16),
    ) {
        // each stride becomes 0, an integer, or k@p for a path p among
        // PATHS (listed in lexicographic order); the result is the one
        // for integer strides ordered the same way: p's rank, then |k|
        const PATHS: [&[usize]; 6] = [&[0], &[0, 0], &[0, 1], &[1], &[1, 0], &[2]];
        let mut coord = Vec::new();
        let mut ints = Vec::new();
        for ((d, &(pick, k)), i) in a.stride().leaves().zip(&picks).zip(0..) {
            let d = d.as_int().unwrap();
            let (c, n) = match pick {
                0 => (Scalar::Int(d), d.abs()),
                _ if i % 3 == 0 => (Scalar::Int(0), 0),
                r => (crate::atuple::ArithTuple::scaled_basis(Scalar::Int(k), PATHS[r - 1]),
                      100 * r as i64 + k),
            };
            coord.push(c);
            ints.push(Scalar::Int(n));
        }
        let with = |v: Vec<Scalar>| {
            Layout::new(a.shape(), crate::htuple::unflatten(&mut v.into_iter(), &a.shape()).unwrap())
                .unwrap()
        };
        prop_assert_eq!(make_layout_like(&with(coord)).unwrap(), make_layout_like(&with(ints)).unwrap());
    }

    #[test]
    fn mode_ranges_are_the_modes(a in arb_layout(), i in 0usize..6, j in 0usize..6) {
        let r = a.rank();
        match a.mode_range(i..j) {
            Ok(s) => {
                prop_assert!(i <= j && j <= r);
                prop_assert_eq!(s.rank(), j - i);
                prop_assert!(s.shape().is_tuple());
                for k in 0..s.rank() {
                    prop_assert_eq!(s.mode(k as i64).unwrap(), a.mode((i + k) as i64).unwrap());
                }
                let picked: Vec<usize> = (i..j).collect();
                prop_assert_eq!(s, make_layout(&a.select(&picked).unwrap()));
            }
            Err(e) => {
                prop_assert!(i > j || j > r);
                prop_assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
            }
        }
        if a.shape().is_tuple() {
            prop_assert_eq!(a.mode_range(..).unwrap(), a.clone());
        }
        prop_assert_eq!(make_layout_owned(a.modes().collect()).modes().len(), a.rank());
    }

    #[test]
    fn printing_round_trips(a in arb_layout()) {
        prop_assert_eq!(&a.to_string().parse::<Layout>().unwrap(), &a);
        prop_assert_eq!(&format!("{a:?}").parse::<Layout>().unwrap(), &a);
    }
}
