//! Post-conditions of the flat-mode operations (coalesce, `layout_add`,
//! `nullspace`, the inverses) over every kind of stride: integers, F2 values
//! and coordinates. Each operation coalesces or chains its operands' flat
//! modes; these properties hold them all to the same rules.

use proptest::prelude::*;

use super::testkit::modes_of;
use super::testkit::{eval, regrouped, sample, shape_tree, size, with_strides};
use super::{coalesce, layout_add, left_inverse, nullspace, right_inverse};
use crate::atuple::ArithTuple;
use crate::htuple::{HTuple, IntTuple};
use crate::layout::Layout;
use crate::swizzle::F2;
use crate::typedefs::Scalar;

/// The kind of stride a random layout gets.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Int,
    F2,
    Coord,
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![Just(Kind::Int), Just(Kind::F2), Just(Kind::Coord)]
}

/// The stride of kind `k` made of the raw draw `(axis, v)`: `v` an integer,
/// `F2(v)`, or `v@axis` (zero when `v` is 0).
fn stride(k: Kind, (axis, v): (usize, i64)) -> Scalar {
    match k {
        Kind::Int => Scalar::Int(v),
        Kind::F2 => Scalar::F2(F2(v as u64)),
        Kind::Coord if v == 0 => Scalar::Int(0),
        Kind::Coord => ArithTuple::e(&[axis]).scale(v).unwrap(),
    }
}

/// A layout of `shape` with strides of kind `k`; when `chain`, the strides
/// are a compact chain in a shuffled order with some of them stretched (so
/// that inverses have something to find), else arbitrary draws.
fn layout_of(
    shape: &IntTuple,
    k: Kind,
    chain: bool,
    draws: &[(usize, i64)],
    order: &[usize],
) -> Layout {
    let ext: Vec<i64> = shape.leaves().copied().collect();
    let n = ext.len();
    let flat: Vec<Scalar> = if chain {
        let mut d = vec![0i64; n];
        let mut acc = [1i64; 2];
        for &i in order.iter().filter(|&&i| i < n) {
            let axis = draws[i].0;
            d[i] = acc[axis];
            acc[axis] *= ext[i] * if draws[i].1 % 5 == 0 { 2 } else { 1 };
        }
        (0..n).map(|i| stride(k, (draws[i].0, d[i]))).collect()
    } else {
        (0..n).map(|i| stride(k, draws[i])).collect()
    };
    with_strides(shape, &flat)
}

/// Extents that are powers of two (F2 layouts are linear there).
fn pow2_shape() -> impl Strategy<Value = IntTuple> {
    shape_tree().prop_map(|s| {
        s.map(&mut |&x| {
            if x > 4 {
                4
            } else if x == 3 {
                2
            } else {
                x
            }
        })
    })
}

/// A random layout of any stride kind, and its pieces.
fn any_layout() -> impl Strategy<Value = Layout> {
    (kind(), any::<bool>(), any::<bool>())
        .prop_flat_map(|(k, chain, pow2)| {
            let shape = match k {
                Kind::F2 if pow2 => pow2_shape().boxed(),
                _ => shape_tree().boxed(),
            }
            // as many leaves as there are draws (a deeper tree is rare)
            .prop_filter("at most 16 leaves", |s| s.leaf_count() <= 16);
            (
                Just(k),
                Just(chain),
                shape,
                proptest::collection::vec((0usize..2, 0i64..24), 16),
                Just((0..16).collect::<Vec<usize>>()).prop_shuffle(),
            )
        })
        .prop_map(|(k, chain, shape, draws, order)| layout_of(&shape, k, chain, &draws, &order))
}

/// `l` evaluated at a value of some layout's codomain: an integer index, an
/// F2 value read as its bits, or a coordinate read axis by axis on `l`'s
/// top-level modes (one per axis).
fn eval_at(l: &Layout, v: &Scalar) -> Scalar {
    match v {
        Scalar::Int(i) => eval(l, *i),
        Scalar::F2(f) => eval(l, f.0 as i64),
        Scalar::Arith(t) => {
            let c = t.as_tuple();
            let axes = modes_of(l);
            let mut acc = Scalar::Int(0);
            for (k, m) in axes.iter().enumerate() {
                let ck = c
                    .modes()
                    .get(k)
                    .and_then(HTuple::as_leaf)
                    .and_then(Scalar::as_int)
                    .unwrap_or(0);
                acc = acc.add(&eval(m, ck)).unwrap();
            }
            acc
        }
    }
}

/// The integer a value of a domain stands for (an F2 value's bits).
fn index(v: &Scalar) -> i64 {
    match v {
        Scalar::Int(i) => *i,
        Scalar::F2(f) => f.0 as i64,
        Scalar::Arith(t) => panic!("not an index: {t}"),
    }
}

/// `b` regrouped: `a`'s flat extents, some split in two, paired up, with
/// `a`'s stride kind and fresh strides.
fn partner(a: &Layout, split: &[bool], draws: &[(usize, i64)]) -> Layout {
    let kind_of = match a.stride().leaves().find(|d| !d.is_zero()) {
        Some(Scalar::F2(_)) => Kind::F2,
        Some(Scalar::Arith(_)) => Kind::Coord,
        _ => Kind::Int,
    };
    let (shape, n) = regrouped(a, split, |s| (s % 2 == 0 && s > 2).then_some(2));
    let d: Vec<Scalar> = (0..n)
        .map(|k| stride(kind_of, draws[k % draws.len()]))
        .collect();
    with_strides(&shape, &d)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn coalesce_is_the_same_function(a in any_layout()) {
        let c = coalesce(&a).unwrap();
        prop_assert_eq!(size(&c), size(&a));
        for i in sample(size(&a)) {
            prop_assert_eq!(eval(&c, i), eval(&a, i), "coalesce({:?}) = {:?} at {}", a, c, i);
        }
    }

    #[test]
    fn layout_add_adds_pointwise(
        a in any_layout(),
        split in proptest::collection::vec(any::<bool>(), 16),
        draws in proptest::collection::vec((0usize..2, 0i64..24), 1..6),
        zero in any::<bool>(),
    ) {
        // B: a regrouping of A's extents with fresh strides, or the zero
        // layout of A's size
        let b = if zero {
            with_strides(&HTuple::Leaf(size(&a)), &[Scalar::Int(0)])
        } else {
            partner(&a, &split, &draws)
        };
        prop_assert_eq!(size(&a), size(&b));
        match layout_add(&a, &b) {
            Ok(r) => {
                prop_assert_eq!(size(&r), size(&a));
                for i in sample(size(&r)) {
                    let want = eval(&a, i).add(&eval(&b, i)).unwrap();
                    prop_assert_eq!(eval(&r, i), want, "{:?} + {:?} = {:?} at {}", a, b, r, i);
                }
                prop_assert_eq!(layout_add(&b, &a).unwrap(), r);
            }
            Err(e) => prop_assert!(layout_add(&b, &a).is_err(), "{}", e),
        }
    }

    #[test]
    fn nullspace_maps_to_zero(a in any_layout()) {
        let n = nullspace(&a).unwrap();
        for i in sample(size(&n)) {
            let c = index(&eval(&n, i));
            prop_assert!(eval(&a, c).is_zero(), "A(N({})) for N = {:?} of {:?}", i, n, a);
        }
    }

    #[test]
    fn right_inverse_is_a_right_inverse(a in any_layout()) {
        // R(A(R(i))) == R(i)
        let r = right_inverse(&a).unwrap();
        for i in sample(size(&r)) {
            let ri = eval(&r, i);
            let back = eval_at(&r, &eval(&a, index(&ri)));
            prop_assert_eq!(back, ri.clone(), "R = {:?} of {:?} at {}", r, a, i);
        }
    }

    #[test]
    fn left_inverse_is_a_left_inverse(a in any_layout()) {
        // A(L(A(i))) == A(i), where L exists; its codomain is A's domain, so
        // its strides are integers
        if let Ok(l) = left_inverse(&a) {
            prop_assert!(l.stride().leaves().all(|d| matches!(d, Scalar::Int(_))), "{:?}", l);
            for i in sample(size(&a)) {
                let ai = eval(&a, i);
                let back = eval(&a, index(&eval_at(&l, &ai)));
                prop_assert_eq!(back, ai, "L = {:?} of {:?} at {}", l, a, i);
            }
        }
    }
}

#[test]
fn f2_results() {
    let l = |s: &str| -> Layout { s.parse().unwrap() };
    // the left inverse of an F2 layout maps back to the domain's integers
    assert_eq!(left_inverse(&l("4:F1")).unwrap(), l("4:1"));
    assert_eq!(
        left_inverse(&l("(4, 2):(F2, F1)")).unwrap(),
        l("(2, 4):(4, 1)")
    );
    // a sum of F2 layouts stays F2, zero strides included
    assert_eq!(layout_add(&l("4:F1"), &l("4:F1")).unwrap(), l("4:F0"));
    assert_eq!(layout_add(&l("1:F1"), &l("1:F1")).unwrap(), l("1:F0"));
    // 3 is not a power of two: (3, 2):(F1, F3) does not coalesce, and its
    // sum with zero is itself
    let a = l("(3, 2):(F1, F3)");
    assert_eq!(coalesce(&a).unwrap(), a);
    assert_eq!(layout_add(&a, &l("6:0")).unwrap(), a);
    assert_eq!(layout_add(&l("6:0"), &a).unwrap(), a);
    // 6:F55 does not split into (3, 2):(F55, F55 * 3): F55 * 4 is not
    // F55 ^ (F55 * 3), so no layout is found for this sum
    let e = layout_add(
        &l("(6,):(F55,)"),
        &l("(((3,), (2,)), 1):(((F35,), (F3,)), F59)"),
    )
    .unwrap_err();
    assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
    // a power of two splits
    assert_eq!(
        layout_add(&l("8:F1"), &l("(2, 4):(F8, F1)")).unwrap(),
        l("(2, 4):(F9, F3)")
    );
}
