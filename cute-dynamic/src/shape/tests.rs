use super::*;
use crate::atuple::ArithTuple;
use crate::htuple::IntTuple;
use crate::htuple::{congruent, weakly_congruent};
use crate::layout::testdata::{arb_chain, arb_shape, call_args, cases, has_empty, outcome};
use crate::swizzle::F2;
use crate::typedefs::Scalar;
use proptest::prelude::*;

fn p(s: &str) -> IntTuple {
    s.parse().unwrap()
}

fn bool_repr(b: &bool) -> String {
    if *b { "True" } else { "False" }.to_string()
}

#[test]
fn spec_examples() {
    assert_eq!(size(&p("(3, (2, 4))")).unwrap(), 24);
    assert!(compatible(&p("30"), &p("(2, 15)")));
    assert!(compatible(&p("(2, 15)"), &p("(2, (3, 5))")));
    assert!(compatible(&p("24"), &p("((2, 2), (3, 2))")));
    assert!(!compatible(&p("24"), &p("32")));
    assert!(!compatible(&p("(2, (3, 5))"), &p("((3, 2), 5)")));
    assert_eq!(
        common_refinement(&p("(2, 15)"), &p("(2, (3, 5))")).unwrap(),
        p("(2, (3, 5))")
    );
    assert_eq!(
        common_refinement(&p("(2, (3, 5))"), &p("((3, 2), 5)"))
            .unwrap_err()
            .class(),
        cute_core::ErrorClass::ValueError
    );
    assert_eq!(
        common_coarsening(&p("(2, 15)"), &p("(2, (3, 5))")).unwrap(),
        p("(2, 15)")
    );
    assert_eq!(common_coarsening(&p("30"), &p("(2, 15)")).unwrap(), p("30"));
    assert_eq!(
        common_coarsening(&p("(2, (3, 5))"), &p("((3, 2), 5)")).unwrap(),
        p("30")
    );
    assert!(common_coarsening(&p("3"), &p("4")).is_err());
    assert_eq!(idx2crd_int(7, &p("14")).unwrap(), p("7"));
    assert_eq!(idx2crd_int(7, &p("(3, 2, 4)")).unwrap(), p("(1, 0, 1)"));
    assert_eq!(crd2idx(&p("(1, 0, 1)"), &p("(3, 2, 4)")).unwrap(), 7);
    let v: Vec<_> = coordinates(&p("(2, (2, 2))"))
        .unwrap()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(
        v,
        [
            "(0, (0, 0))",
            "(1, (0, 0))",
            "(0, (1, 0))",
            "(1, (1, 0))",
            "(0, (0, 1))",
            "(1, (0, 1))",
            "(0, (1, 1))",
            "(1, (1, 1))"
        ]
    );
    assert!(in_bounds(&p("(1, (0, 7))"), &p("(4, (2, 8))")).unwrap());
    assert!(!in_bounds(&p("(1, (2, 7))"), &p("(4, (2, 8))")).unwrap());
    assert!(!in_bounds(&p("(1, 4)"), &p("(4, 4)")).unwrap());
    assert!(in_bounds(&p("0"), &p("(4, 4)")).unwrap());
}

#[test]
fn idx2crd_none_and_negative() {
    let c: Coord = "(None, 5)".parse().unwrap();
    assert_eq!(
        idx2crd(&c, &p("((2, 3), (2, 4))")).unwrap(),
        p("((0, 0), (1, 2))")
    );
    // floor semantics: -1 is the last coordinate of the first mode, with a
    // borrow into the last
    assert_eq!(idx2crd_int(-1, &p("(3, 4)")).unwrap(), p("(2, -1)"));
    assert!(idx2crd_int(5, &p("(0, 4)")).is_err());
    assert_eq!(coordinates(&p("(3, 0)")).unwrap().count(), 0);
    assert_eq!(
        coordinates(&p("()")).unwrap().collect::<Vec<_>>(),
        vec![p("()")]
    );
}

#[test]
fn f2_and_arith_coordinates() {
    let r = idx2crd_scalar(&Scalar::F2(F2(0b10110)), &p("(4, 8)")).unwrap();
    assert_eq!(
        r,
        HTuple::from_leaves([Scalar::F2(F2(0b10)), Scalar::F2(F2(0b101))])
    );
    let a = ArithTuple::scaled_basis(Scalar::Int(3), &[1]);
    assert_eq!(
        idx2crd_scalar(&a, &p("(4, (2, 4))")).unwrap().to_string(),
        "(0, (1, 1))"
    );
    assert!(in_bounds_scalar(&Scalar::Int(15), &p("(4, 4)")).unwrap());
}

#[test]
fn idx2crd_of_a_coordinate_fills_the_modes_it_lacks() {
    let e = |k: i64, path: &[usize]| ArithTuple::scaled_basis(Scalar::Int(k), path);
    let s = p("((4, 5), 8)");
    let crd = |x: &Scalar| idx2crd_scalar(x, &s).unwrap().to_string();
    assert_eq!(crd(&e(1, &[1])), "((0, 0), 1)");
    assert_eq!(crd(&e(1, &[0])), "((1, 0), 0)");
    assert_eq!(crd(&e(1, &[0, 0])), "((1, 0), 0)");
    assert_eq!(crd(&e(1, &[0, 1])), "((0, 1), 0)");
    // an integer component is an integral coordinate of its sub-shape
    assert_eq!(crd(&e(7, &[0])), "((3, 1), 0)");
    // more modes than the shape has: not a coordinate of it
    assert!(idx2crd_scalar(&e(1, &[2]), &s).is_err());
    assert!(idx2crd_scalar(&e(1, &[0, 2]), &s).is_err());
    assert!(idx2crd_scalar(&e(1, &[1, 1]), &s).is_err());
}

proptest! {
    #[test]
    fn idx2crd_of_a_natural_coordinate_is_itself(s in arb_shape(), i in 0i64..1000, keep in 0usize..4) {
        // a natural coordinate of s, as an arithmetic tuple, comes back
        // as it is; with its trailing modes cut off, they come back as 0
        prop_assume!(size(&s).unwrap() > 0 && s.is_tuple());
        let c = idx2crd_int(i % size(&s).unwrap(), &s).unwrap();
        let data: Vec<HTuple<Scalar>> = c.modes().iter().map(|m| m.map(&mut |&v| Scalar::Int(v))).collect();
        let back = idx2crd_scalar(&Scalar::Arith(ArithTuple::new(data.clone())), &s).unwrap();
        prop_assert_eq!(back, c.map(&mut |&v| Scalar::Int(v)));
        let k = keep.min(data.len());
        let cut = idx2crd_scalar(&Scalar::Arith(ArithTuple::new(data[..k].to_vec())), &s).unwrap();
        let want = HTuple::Tuple(c.modes().iter().enumerate().map(|(j, m)| {
            if j < k { m.map(&mut |&v| Scalar::Int(v)) } else { m.map(&mut |_| Scalar::Int(0)) }
        }).collect());
        prop_assert_eq!(cut, want);
    }
}

#[test]
fn overflow_is_an_error() {
    assert!(size(&p("(4294967296, 4294967296)")).is_err());
    assert!(crd2idx(&p("(1, 4611686018427387904)"), &p("(4, 4)")).is_err());
    // only the coordinates have to fit, not the size of a mode
    assert_eq!(
        idx2crd_int(1, &p("((4294967296, 4294967296), 2)")).unwrap(),
        p("((1, 0), 0)")
    );
    // -1 mod 2^64 does not
    assert!(idx2crd_int(-1, &p("((4294967296, 4294967296), 2)")).is_err());
    assert!(!compatible(&p("0"), &p("(4294967296, 4294967296)")));
}

#[test]
fn idx2crd_by_a_negative_size_past_64_bits_is_floor_division() {
    // the size of the middle mode, -2^70, is taken in 128 bits: -1 divided
    // by it is 0, remainder -1, as for the small size -8 (and Python's
    // divmod(-1, -2**70))
    assert_eq!(
        idx2crd_int(-1, &p("((3,), (1099511627776, -1073741824), (2, 5))")).unwrap(),
        p("((2,), (1099511627775, -1), (0, 0))")
    );
    assert_eq!(
        idx2crd_int(-1, &p("((3,), (4, -2), (2, 5))")).unwrap(),
        p("((2,), (3, -1), (0, 0))")
    );
    // 5 divided by it: quotient -1, and the remainder 5 - 2^70 leaves 64 bits
    assert!(idx2crd_int(5, &p("((1, 1), (1099511627776, -1073741824), 2)")).is_err());
    assert_eq!(
        idx2crd_int(-2, &p("((1099511627776, -1073741824), (2, 5))")).unwrap(),
        p("((1099511627774, -1), (0, 0))")
    );
}

fn check_family(tag: &str, expected_count: usize, f: impl Fn(&[&str]) -> String) {
    let cs = cases(tag);
    assert_eq!(cs.len(), expected_count, "cases of {tag}");
    let mut bad = Vec::new();
    for (expr, want) in &cs {
        let args = call_args(expr, tag);
        let got = f(&args);
        if &got != want {
            bad.push(format!("{expr}: got {got}, want {want}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} {tag} cases differ:\n{}",
        bad.len(),
        cs.len(),
        bad.join("\n")
    );
}

#[test]
fn conformance_compatible() {
    check_family("compatible", 136, |a| {
        format!("ok {}", bool_repr(&compatible(&p(a[0]), &p(a[1]))))
    });
}

#[test]
fn conformance_common_refinement() {
    check_family("common_refinement", 136, |a| {
        outcome(common_refinement(&p(a[0]), &p(a[1])), |r| r.to_string())
    });
}

#[test]
fn conformance_common_coarsening() {
    check_family("common_coarsening", 136, |a| {
        outcome(common_coarsening(&p(a[0]), &p(a[1])), |r| r.to_string())
    });
}

#[test]
fn conformance_idx2crd() {
    check_family("idx2crd", 143, |a| {
        outcome(idx2crd(&p(a[0]), &p(a[1])), |r| r.to_string())
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn idx2crd_crd2idx_round_trip(s in arb_shape()) {
        let n = size(&s).unwrap();
        for i in 0..n {
            let c = idx2crd_int(i, &s).unwrap();
            prop_assert!(congruent(&c, &s));
            prop_assert_eq!(crd2idx(&c, &s).unwrap(), i);
            prop_assert!(in_bounds(&c, &s).unwrap());
        }
        prop_assert!(!in_bounds(&HTuple::Leaf(n), &s).unwrap() || has_empty(&s));
    }

    #[test]
    fn coordinates_order_and_count(s in arb_shape()) {
        let all: Vec<IntTuple> = coordinates(&s).unwrap().collect();
        prop_assert_eq!(all.len() as i64, size(&s).unwrap());
        for (i, c) in all.iter().enumerate() {
            prop_assert_eq!(c, &idx2crd_int(i as i64, &s).unwrap());
            prop_assert_eq!(crd2idx(c, &s).unwrap(), i as i64);
        }
    }

    #[test]
    fn flat_coordinates_agree(s in arb_shape(), i in 0i64..200) {
        // a flat coordinate: each top-level mode's integral coordinate
        let nat = idx2crd_int(i, &s).unwrap();
        let flat = HTuple::Tuple(
            nat.modes().iter().zip(s.modes()).map(|(c, m)| HTuple::Leaf(crd2idx(c, m).unwrap())).collect(),
        );
        if s.is_tuple() {
            prop_assert_eq!(idx2crd(&flat, &s).unwrap(), nat.clone());
            prop_assert_eq!(crd2idx(&flat, &s).unwrap(), crd2idx(&nat, &s).unwrap());
        }
    }

    #[test]
    fn compatibility_laws((c2, c1, s) in arb_chain(), t in arb_shape()) {
        // reflexive
        prop_assert!(compatible(&s, &s));
        // the chain, and transitivity along it
        prop_assert!(compatible(&c1, &s));
        prop_assert!(compatible(&c2, &c1));
        prop_assert!(compatible(&c2, &s));
        // compatible implies weakly congruent
        for (a, b) in [(&c2, &c1), (&c1, &s), (&t, &s), (&s, &t)] {
            if compatible(a, b) {
                prop_assert!(weakly_congruent(a, b));
                prop_assert_eq!(size(a).unwrap(), size(b).unwrap());
            }
        }
    }

    #[test]
    fn refinement_and_coarsening_laws((c2, c1, s) in arb_chain(), t in arb_shape()) {
        for (a, b) in [(&c2, &s), (&c1, &c2), (&s, &t), (&c1, &t)] {
            let r = common_refinement(a, b);
            prop_assert_eq!(r.as_ref().ok().cloned(), common_refinement(b, a).ok());
            if let Ok(r) = &r {
                prop_assert!(compatible(a, r) && compatible(b, r));
            }
            let c = common_coarsening(a, b);
            prop_assert_eq!(c.as_ref().ok().cloned(), common_coarsening(b, a).ok());
            prop_assert_eq!(c.is_ok(), size(a).unwrap() == size(b).unwrap());
            if let Ok(c) = &c {
                prop_assert!(compatible(c, a) && compatible(c, b));
            }
        }
        prop_assert_eq!(common_refinement(&s, &s).unwrap(), s.clone());
        prop_assert_eq!(common_coarsening(&s, &s).unwrap(), s.clone());
        // a chain: the refinement is the finer, the coarsening the coarser
        prop_assert_eq!(common_refinement(&c2, &s).unwrap(), s.clone());
        prop_assert_eq!(common_coarsening(&c1, &s).unwrap(), c1.clone());
    }
}
