use super::*;
use crate::htuple::congruent;
use crate::swizzle::F2;
use cute_core::ErrorClass;
use proptest::prelude::*;
use HTuple::{Leaf, Tuple};
use Scalar::Int;

/// `ArithTuple(*args)`.
fn at(args: Vec<HTuple<Scalar>>) -> Scalar {
    ArithTuple::from_args(args)
}
/// An int leaf.
fn i(x: i64) -> HTuple<Scalar> {
    Leaf(Int(x))
}
/// A leaf holding a scalar.
fn l(x: Scalar) -> HTuple<Scalar> {
    Leaf(x)
}
/// A tuple of int leaves.
fn ints(v: &[i64]) -> HTuple<Scalar> {
    Tuple(v.iter().map(|&x| i(x)).collect())
}
/// `n * x`.
fn times(n: i64, x: Scalar) -> Scalar {
    Int(n).mul(&x).unwrap()
}
fn plus(a: &Scalar, b: &Scalar) -> Scalar {
    a.add(b).unwrap()
}

// --- API reference: class ArithTuple ---------------------------------

#[test]
fn test_arith_tuple_examples() {
    // ArithTuple(1, 2, 3) + (7, 8, 9) == (8, 10, 12)
    let a = at(vec![i(1), i(2), i(3)]);
    let s = plus(&a, &at(vec![ints(&[7, 8, 9])]));
    assert_eq!(s, at(vec![ints(&[8, 10, 12])]));
    assert_eq!(as_tuple(&l(s.clone())), ints(&[8, 10, 12]));
    assert_eq!(s.to_string(), "(8, 10, 12)");
    // ArithTuple(1, 2, 3) * 4 == (4, 8, 12), on both sides
    assert_eq!(a.mul(&Int(4)).unwrap(), at(vec![ints(&[4, 8, 12])]));
    assert_eq!(Int(4).mul(&a).unwrap().to_string(), "(4, 8, 12)");
    // 0 - ArithTuple(1, 2) == (-1, -2)
    let d = Int(0).sub(&at(vec![i(1), i(2)])).unwrap();
    assert_eq!(d, at(vec![ints(&[-1, -2])]));
    assert_eq!(d.to_string(), "(-1, -2)");
    // E(0) == ArithTuple(1, 0) == ArithTuple((1,))
    assert_eq!(e(&[0]), at(vec![i(1), i(0)]));
    assert_eq!(at(vec![i(1), i(0)]), at(vec![ints(&[1])]));
    // ArithTuple(0, 0) == 0 == ArithTuple((0,))
    assert_eq!(at(vec![i(0), i(0)]), Int(0));
    assert_eq!(Int(0), at(vec![ints(&[0])]));
    // ArithTuple((5,)) != 5: different depths
    assert_ne!(at(vec![ints(&[5])]), Int(5));
    assert_ne!(Int(5), at(vec![ints(&[5])]));
    // ArithTuple(1, 2) + 1 -> TypeError
    let err = at(vec![i(1), i(2)]).add(&Int(1)).unwrap_err();
    assert_eq!(err.class(), ErrorClass::TypeError);
    let err = Int(1).add(&at(vec![i(1), i(2)])).unwrap_err();
    assert_eq!(err.class(), ErrorClass::TypeError);
}

#[test]
fn test_constructor_passthrough() {
    // ArithTuple(1) is the depth-0 int 1
    assert!(matches!(at(vec![i(1)]), Int(1)));
    // a single tuple argument holds its elements
    let Scalar::Arith(a) = at(vec![ints(&[1, 2])]) else {
        panic!("not an ArithTuple")
    };
    assert_eq!(a.data(), &[i(1), i(2)]);
    // ArithTuple(1, 2, (3, 4))
    let b = at(vec![i(1), i(2), ints(&[3, 4])]);
    assert_eq!(b.to_string(), "(1, 2, (3, 4))");
    // nested ArithTuple arguments become tuple nodes
    let c = at(vec![l(at(vec![i(0), i(1)])), i(0)]);
    let Scalar::Arith(c) = c else { panic!() };
    assert_eq!(c.data(), &[ints(&[0, 1]), i(0)]);
    // no argument: the empty element, zero
    assert_eq!(at(vec![]), Int(0));
    assert_eq!(at(vec![]).to_string(), "0");
}

#[test]
fn test_matmul() {
    // E(0) @ 1 == E(1, 0)
    assert_eq!(e(&[0]).matmul(1), e(&[1, 0]));
    assert_eq!(e(&[0]).matmul(1).to_string(), "1@0@1");
    assert_eq!(e(&[0]).matmul(0), e(&[0, 0]));
    assert_eq!(Int(7).matmul(2).to_string(), "7@2");
}

// --- API reference: ScaledBasis, E, V --------------------------------

#[test]
fn test_scaled_basis() {
    assert_eq!(scaled_basis(Int(42), &[]), Int(42));
    assert_eq!(scaled_basis(Int(42), &[0]), times(42, e(&[0])));
    assert_eq!(scaled_basis(Int(42), &[1, 0]), times(42, e(&[1, 0])));
    // the table: ScaledBasis(A, [1, 1]) := (0, (0, A, 0, ...), 0, ...)
    assert_eq!(scaled_basis(Int(7), &[1, 1]), at(vec![i(0), ints(&[0, 7])]));
    assert_eq!(
        scaled_basis(Int(7), &[0, 1]),
        at(vec![ints(&[0, 7]), i(0), i(0)])
    );
    // ScaledBasis(F2(1), (0,)) is an F2-valued axis
    assert_eq!(scaled_basis(Scalar::F2(F2(1)), &[0]).to_string(), "F1@0");
}

#[test]
fn test_e() {
    assert_eq!(e(&[]), Int(1));
    assert_eq!(e(&[0]), at(vec![i(1), i(0)]));
    assert_eq!(e(&[1]), at(vec![i(0), i(1)]));
    assert_eq!(e(&[0, 1]), at(vec![l(at(vec![i(0), i(1)])), i(0)]));
    assert_eq!(e(&[1, 0]), at(vec![i(0), l(at(vec![i(1), i(0)]))]));
    // Layout((4, 5), (E(0), E(1)))(2, 3) == ArithTuple(2, 3)
    let v = plus(&times(2, e(&[0])), &times(3, e(&[1])));
    assert_eq!(v, at(vec![i(2), i(3)]));
}

#[test]
fn test_v() {
    assert_eq!(V(Int(1)).matmul(0), e(&[0]));
    assert_eq!(V(Int(42)).matmul(1), times(42, e(&[1])));
    assert_eq!(
        V(Scalar::F2(F2(1))).matmul(0),
        scaled_basis(Scalar::F2(F2(1)), &[0])
    );
    // V(1)@1@0 := ((0, 1, 0, ...), 0, 0, ...)
    assert_eq!(V(Int(1)).matmul(1).matmul(0), e(&[0, 1]));
    assert_eq!(V(Int(1)).value(), &Int(1));
    assert_eq!(V(Int(1)).to_string(), "V(1)");
}

// --- API reference: basis_repr, is_basis, make_basis_like ------------

#[test]
fn test_basis_repr() {
    assert_eq!(
        basis_repr(&times(5, e(&[1, 2]))),
        vec![(Int(5), vec![1, 2])]
    );
    let y = plus(&times(3, e(&[0])), &times(5, e(&[1])));
    assert_eq!(basis_repr(&y), vec![(Int(3), vec![0]), (Int(5), vec![1])]);
    assert_eq!(basis_repr(&Int(0)), vec![(Int(0), vec![])]);
    assert_eq!(basis_repr(&at(vec![i(0), i(0)])), vec![(Int(0), vec![])]);
    assert_eq!(
        basis_repr(&Scalar::F2(F2(3))),
        vec![(Scalar::F2(F2(3)), vec![])]
    );
}

#[test]
fn test_is_basis() {
    assert!(is_basis(&times(5, e(&[1, 2]))));
    assert!(is_basis(&Int(0)));
    assert!(!is_basis(&plus(&times(3, e(&[0])), &times(5, e(&[1])))));
    assert!(is_basis(&at(vec![i(0), i(0)])));
}

#[test]
fn test_make_basis_like() {
    let p = Tuple(vec![Leaf(10), Leaf(20)]);
    assert_eq!(
        make_basis_like(&p, &[]),
        Tuple(vec![l(e(&[0])), l(e(&[1]))])
    );
    let q = Tuple(vec![Leaf(10), Tuple(vec![Leaf(20), Leaf(30)])]);
    let b = make_basis_like(&q, &[]);
    assert_eq!(
        b,
        Tuple(vec![l(e(&[0])), Tuple(vec![l(e(&[1, 0])), l(e(&[1, 1]))])])
    );
    assert_eq!(b.to_string(), "(1@0, (1@0@1, 1@1@1))");
    assert_eq!(make_basis_like(&Leaf(10), &[]), l(e(&[])));
    assert!(congruent(&b, &q));
    // a mode prefix
    assert_eq!(make_basis_like(&Leaf(10), &[2, 1]), l(e(&[2, 1])));
}

// --- API reference: proj, unit, as_tuple -----------------------------

#[test]
fn test_proj() {
    let x = ints(&[7, 9]);
    assert_eq!(proj(&x, &e(&[0])).unwrap(), i(7));
    assert_eq!(proj(&x, &times(2, e(&[1]))).unwrap(), i(9));
    assert_eq!(proj(&x, &Int(42)).unwrap(), x);
    let err = proj(&x, &plus(&e(&[0]), &e(&[1]))).unwrap_err();
    assert_eq!(err.class(), ErrorClass::TypeError);
    // an arithmetic-tuple leaf is read as its tuple, zero-extended
    let c = l(at(vec![i(3), ints(&[4, 5])]));
    assert_eq!(proj(&c, &e(&[1, 1])).unwrap(), i(5));
    assert_eq!(proj(&c, &e(&[2])).unwrap(), i(0));
    assert_eq!(
        proj(&c, &e(&[0, 1])).unwrap_err().class(),
        ErrorClass::TypeError
    );
}

#[test]
fn test_unit() {
    assert_eq!(unit(&Int(5)).unwrap(), Int(1));
    assert_eq!(unit(&times(2, e(&[1]))).unwrap(), e(&[1]));
    assert_eq!(unit(&Scalar::F2(F2(9))).unwrap(), Scalar::F2(F2(1)));
    assert_eq!(
        unit(&scaled_basis(Scalar::F2(F2(9)), &[0])).unwrap(),
        scaled_basis(Scalar::F2(F2(1)), &[0])
    );
    let err = unit(&plus(&e(&[0]), &e(&[1]))).unwrap_err();
    assert_eq!(err.class(), ErrorClass::TypeError);
    // unit(d) * n rebuilds a stride of magnitude n in the same place
    let d = scaled_basis(Scalar::F2(F2(4)), &[1]);
    assert_eq!(unit(&d).unwrap().mul(&Int(4)).unwrap(), d);
}

#[test]
fn test_as_tuple() {
    let a = at(vec![i(1), i(2), ints(&[3, 4])]);
    assert_eq!(as_tuple(&l(a)), Tuple(vec![i(1), i(2), ints(&[3, 4])]));
    assert_eq!(as_tuple(&i(42)), i(42));
    // a tuple of them
    let t = Tuple(vec![l(e(&[0])), l(e(&[1]))]);
    assert_eq!(as_tuple(&t), Tuple(vec![ints(&[1]), ints(&[0, 1])]));
}

// --- chapter 02 -------------------------------------------------------

#[test]
fn test_chapter_printing() {
    assert_eq!(e(&[0]).to_string(), "1@0");
    assert_eq!(e(&[1]).to_string(), "1@1");
    assert_eq!(e(&[0, 0]).to_string(), "1@0@0");
    assert_eq!(times(3, e(&[0])).to_string(), "3@0");
    assert_eq!(scaled_basis(Int(42), &[]).to_string(), "42");
    assert_eq!(scaled_basis(Int(42), &[0]).to_string(), "42@0");
    assert_eq!(scaled_basis(Int(42), &[1]).to_string(), "42@1");
    assert_eq!(scaled_basis(Int(42), &[1, 0]).to_string(), "42@0@1");
    let y = plus(&times(3, e(&[0])), &times(5, e(&[1])));
    assert_eq!(y.to_string(), "(3, 5)");
    assert!(matches!(y, Scalar::Arith(_)));
    assert!(y.is_stride_scalar());
    assert!(at(vec![i(1), i(2), i(3)]).is_stride_scalar());
    assert!(e(&[0]).is_stride_scalar());
}

#[test]
fn test_chapter_arithmetic() {
    let a = at(vec![i(1), i(2), i(3)]);
    let b = at(vec![i(7), i(8), i(9)]);
    assert_eq!(plus(&a, &b).to_string(), "(8, 10, 12)");
    assert_eq!(a.mul(&Int(4)).unwrap().to_string(), "(4, 8, 12)");
    assert_eq!(Int(4).mul(&a).unwrap().to_string(), "(4, 8, 12)");
    let c = at(vec![i(1), i(2), ints(&[3, 4])]);
    let d = at(vec![Tuple(vec![i(7), i(8), ints(&[9, 10])])]);
    assert_eq!(plus(&c, &d).to_string(), "(8, 10, (12, 14))");
    // ArithTuple(1, 2, 3) + 7 -> TypeError: ArithTuple Incompatibility
    assert_eq!(a.add(&Int(7)).unwrap_err().class(), ErrorClass::TypeError);
    // depth clash inside the tuples
    let Scalar::Arith(x) = c else { panic!() };
    let Scalar::Arith(z) = at(vec![i(0), i(0), i(1)]) else {
        panic!()
    };
    let err = x.add(&z).unwrap_err();
    assert_eq!(err.class(), ErrorClass::TypeError);
    assert!(err.to_string().contains("ArithTuple Incompatibility"));
}

#[test]
fn test_chapter_order() {
    // 0 < E(0)
    assert!(Int(0).try_lt(&e(&[0])).unwrap());
    assert!(e(&[0]).try_gt(&Int(0)).unwrap());
    // ArithTuple(1, 0, 0) < ArithTuple(0, 1, 0)
    assert!(at(vec![i(1), i(0), i(0)])
        .try_lt(&at(vec![i(0), i(1), i(0)]))
        .unwrap());
    // ArithTuple(idx2crd(3, (3, 4))) < ArithTuple(idx2crd(7, (3, 4))):
    // (0, 1) < (1, 2)
    assert!(at(vec![ints(&[0, 1])])
        .try_lt(&at(vec![ints(&[1, 2])]))
        .unwrap());
    let (Scalar::Arith(p), Scalar::Arith(q)) = (at(vec![i(1), i(0), i(0)]), at(vec![i(0), i(1)]))
    else {
        panic!()
    };
    assert!(p < q);
    assert!(q > p);
    assert_eq!(q.partial_cmp(&p), Some(Ordering::Greater));
}

#[test]
fn test_order_details() {
    use Ordering::*;
    // zero-extension: (1,) == (1, 0), and trailing positions decide first
    assert_eq!(e(&[0]).try_cmp(&at(vec![i(1), i(0)])).unwrap(), Equal);
    assert_eq!(e(&[1]).try_cmp(&times(5, e(&[0]))).unwrap(), Greater);
    // nested: E(0, 1) < E(1)
    assert_eq!(e(&[0, 1]).try_cmp(&e(&[1])).unwrap(), Less);
    // negative coordinates
    assert_eq!(times(-1, e(&[0])).try_cmp(&Int(0)).unwrap(), Less);
    // ints and F2 by value; F2 against int zero
    assert_eq!(Int(3).try_cmp(&Int(4)).unwrap(), Less);
    assert_eq!(
        Scalar::F2(F2(3)).try_cmp(&Scalar::F2(F2(1))).unwrap(),
        Greater
    );
    assert_eq!(Scalar::F2(F2(3)).try_cmp(&Int(0)).unwrap(), Greater);
    assert_eq!(Int(0).try_cmp(&Scalar::F2(F2(0))).unwrap(), Equal);
    // not comparable
    for (a, b) in [
        (Int(5), e(&[0])),
        (Scalar::F2(F2(1)), Int(1)),
        (Scalar::F2(F2(1)), e(&[0])),
        (at(vec![i(1), i(1)]), at(vec![ints(&[1, 1]), i(1)])),
    ] {
        assert_eq!(a.try_cmp(&b).unwrap_err().class(), ErrorClass::TypeError);
        assert_eq!(b.try_cmp(&a).unwrap_err().class(), ErrorClass::TypeError);
    }
}

#[test]
fn test_neg_sub_and_errors() {
    let a = at(vec![i(3), ints(&[4, 5])]);
    assert_eq!(a.neg().unwrap().to_string(), "(-3, (-4, -5))");
    assert_eq!(a.sub(&a).unwrap(), Int(0));
    assert_eq!(
        Int(i64::MIN).neg().unwrap_err().class(),
        ErrorClass::ValueError
    );
    let f = scaled_basis(Scalar::F2(F2(6)), &[0]);
    assert_eq!(f.neg().unwrap(), f);
    assert_eq!(f.sub(&f).unwrap().to_string(), "0");
    assert_eq!(a.sub(&Int(1)).unwrap_err().class(), ErrorClass::TypeError);
    assert_eq!(
        at(vec![i(i64::MAX), i(0)])
            .mul(&Int(2))
            .unwrap_err()
            .class(),
        ErrorClass::ValueError
    );
    assert_eq!(
        e(&[0]).mul(&Scalar::F2(F2(1))).unwrap_err().class(),
        ErrorClass::TypeError
    );
}

#[test]
fn test_equality_zero_extension() {
    // a zero F2 leaf and a zero int leaf are the same identity
    let a = at(vec![l(Scalar::F2(F2(0))), i(1)]);
    assert_eq!(a, e(&[1]));
    // a zero leaf against a zero sub-tuple
    assert_eq!(at(vec![i(0), i(1)]), at(vec![ints(&[0, 0]), i(1)]));
    assert_ne!(at(vec![i(2), i(1)]), at(vec![ints(&[2]), i(1)]));
    // printing an all-zero tuple of any shape
    assert_eq!(at(vec![ints(&[0, 0]), i(0)]).to_string(), "0");
}

/// Every `coord_eval` case of the conformance data: layouts
/// `Layout((s0, s1), (k0 * E(j0), k1 * E(j1)))(idx)` evaluated through the
/// module's arithmetic and printed.
#[test]
fn test_conformance_coord_eval_printing() {
    let data = include_str!("../../testdata/conformance.tsv");
    let mut n = 0;
    for line in data.lines().filter(|l| l.starts_with("coord_eval\t")) {
        let mut f = line.split('\t');
        let (expr, expected) = (f.nth(1).unwrap(), f.next().unwrap());
        let nums: Vec<i64> = expr
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let [s0, _s1, k0, j0, k1, j1, idx] = nums[..] else {
            panic!("unexpected case {expr}")
        };
        let (c0, c1) = (idx % s0, idx / s0);
        let d0 = times(k0, e(&[j0 as usize]));
        let d1 = times(k1, e(&[j1 as usize]));
        let v = plus(&times(c0, d0), &times(c1, d1));
        assert_eq!(format!("ok {v}"), expected, "{expr}");
        n += 1;
    }
    assert!(n >= 100, "only {n} coord_eval cases");
}

// --- properties ---------------------------------------------------------

/// Arithmetic tuples of small ints, up to depth 2 and rank 4.
fn arb_at() -> impl Strategy<Value = ArithTuple> {
    let leaf = (-50_i64..50).prop_map(i);
    let node = prop_oneof![
        3 => leaf.clone(),
        1 => prop::collection::vec(leaf, 0..4).prop_map(Tuple),
    ];
    prop::collection::vec(node, 0..5).prop_map(ArithTuple::new)
}

/// Arithmetic tuples of one fixed profile `(a, (b, c), d)`, so that any
/// two add.
fn arb_flat() -> impl Strategy<Value = ArithTuple> {
    prop::collection::vec(-1000_i64..1000, 4)
        .prop_map(|v| ArithTuple::new(vec![i(v[0]), ints(&[v[1], v[2]]), i(v[3])]))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn prop_add_commutative(a in arb_flat(), b in arb_flat()) {
        prop_assert_eq!(a.add(&b).unwrap(), b.add(&a).unwrap());
    }

    #[test]
    fn prop_add_associative(a in arb_flat(), b in arb_flat(), c in arb_flat()) {
        let l = a.add(&b).unwrap().add(&c).unwrap();
        let r = a.add(&b.add(&c).unwrap()).unwrap();
        prop_assert_eq!(l, r);
    }

    #[test]
    fn prop_add_identity(a in arb_at()) {
        prop_assert_eq!(a.add(&ArithTuple::default()).unwrap(), a.clone());
        let z = Scalar::Int(0);
        prop_assert_eq!(Scalar::Arith(a.clone()).add(&z).unwrap(), Scalar::Arith(a.clone()));
        prop_assert_eq!(z.add(&Scalar::Arith(a.clone())).unwrap(), Scalar::Arith(a));
    }

    #[test]
    fn prop_add_inverse(a in arb_at(), b in arb_flat()) {
        prop_assert!(a.add(&a.neg().unwrap()).unwrap().is_zero());
        prop_assert!(a.sub(&a).unwrap().is_zero());
        // (b - c) + c == b
        let c = b.scale(3).unwrap();
        prop_assert_eq!(b.sub(&c).unwrap().add(&c).unwrap(), b);
    }

    #[test]
    fn prop_scalar_distributive(a in arb_flat(), b in arb_flat(), m in -20_i64..20, n in -20_i64..20) {
        // n * (a + b) == n * a + n * b
        let l = a.add(&b).unwrap().scale(n).unwrap();
        let r = a.scale(n).unwrap().add(&b.scale(n).unwrap()).unwrap();
        prop_assert_eq!(l, r);
        // (m + n) * a == m * a + n * a
        let l = a.scale(m + n).unwrap();
        let r = a.scale(m).unwrap().add(&a.scale(n).unwrap()).unwrap();
        prop_assert_eq!(l, r);
    }

    #[test]
    fn prop_basis_repr_sums_back(a in arb_at()) {
        let x = Scalar::Arith(a);
        let terms = basis_repr(&x);
        prop_assert!(!terms.is_empty());
        let mut sum = Scalar::Int(0);
        for (v, s) in terms {
            sum = sum.add(&scaled_basis(v, &s)).unwrap();
        }
        prop_assert_eq!(sum, x);
    }

    #[test]
    fn prop_order_is_consistent(a in arb_flat(), b in arb_flat()) {
        let ord = a.partial_cmp(&b).unwrap();
        prop_assert_eq!(ord == Ordering::Equal, a == b);
        prop_assert_eq!(b.partial_cmp(&a).unwrap(), ord.reverse());
        // translation invariance: a < b iff a + c < b + c
        let c = a.scale(2).unwrap();
        prop_assert_eq!(a.add(&c).unwrap().partial_cmp(&b.add(&c).unwrap()), Some(ord));
    }

    #[test]
    fn prop_proj_of_scaled_basis(v in 1_i64..100, s in prop::collection::vec(0_usize..4, 0..4)) {
        let x = Leaf(scaled_basis(Scalar::Int(v), &s));
        prop_assert_eq!(proj(&x, &e(&s)).unwrap(), Leaf(Scalar::Int(v)));
        prop_assert_eq!(unit(&scaled_basis(Scalar::Int(v), &s)).unwrap(), e(&s));
    }
}
