//! Tests of the evaluator against an exact reference of the
//! specification's evaluation.

use cute_core::kernel::eval::ExactSum;

use super::plan::*;
use super::table::*;
use super::*;
use crate::htuple::{HTuple::Leaf as L, HTuple::Tuple as T, IntTuple};
use crate::swizzle::F2;
use crate::ArithTuple;
use cute_core::ErrorClass;
use proptest::prelude::*;

fn int_stride(h: &HTuple<i64>) -> HTuple<Scalar> {
    h.map(&mut |&x| Scalar::Int(x))
}

fn layout(shape: IntTuple, stride: HTuple<i64>) -> Layout {
    Layout::new(shape, int_stride(&stride)).unwrap()
}

/// The same layout compiled three ways: the division formula only,
/// tables of at most 8 entries (when some split allows them), and the
/// default.
fn all_ways(l: &Layout) -> [Evaluator; 3] {
    [
        Evaluator::with_table_limit(l, 0).unwrap(),
        Evaluator::with_table_limit(l, 8).unwrap(),
        l.evaluator().unwrap(),
    ]
}

fn t(v: Vec<HTuple<i64>>) -> HTuple<i64> {
    T(v)
}

fn size_of(h: &IntTuple) -> i128 {
    h.leaves().map(|&x| i128::from(x)).product()
}

/// The specification's evaluation, written from its definition: split
/// `idx` over the top-level modes colexicographically, floor division,
/// the last mode keeping the whole quotient, recursing into each mode;
/// then the inner product with the stride.
fn reference(shape: &IntTuple, stride: &HTuple<i64>, idx: i128) -> i128 {
    match (shape, stride) {
        (L(_), L(s)) => idx * i128::from(*s),
        (T(ms), T(ds)) => {
            let mut q = idx;
            let mut acc = 0;
            for (k, (m, d)) in ms.iter().zip(ds).enumerate() {
                if k + 1 == ms.len() {
                    acc += reference(m, d, q);
                } else {
                    let sz = size_of(m);
                    acc += reference(m, d, q.rem_euclid(sz));
                    q = q.div_euclid(sz);
                }
            }
            acc
        }
        _ => unreachable!("congruent by construction"),
    }
}

/// The offset of a flat coordinate: each entry evaluated in its mode.
fn reference_flat(shape: &IntTuple, stride: &HTuple<i64>, crd: &[i64]) -> i128 {
    match (shape, stride) {
        (L(_), L(_)) => reference(shape, stride, i128::from(crd[0])),
        (T(ms), T(ds)) => ms
            .iter()
            .zip(ds)
            .zip(crd)
            .map(|((m, d), &c)| reference(m, d, i128::from(c)))
            .sum(),
        _ => unreachable!(),
    }
}

fn spec_a() -> (IntTuple, HTuple<i64>) {
    (
        t(vec![L(3), t(vec![L(2), L(4)])]),
        t(vec![L(2), t(vec![L(1), L(6)])]),
    )
}

#[test]
fn the_table_limit_is_capped() {
    use crate::htuple::HTuple::{Leaf, Tuple};
    let l = |e: [i64; 2], d: [i64; 2]| {
        Layout::new(
            Tuple(vec![Leaf(e[0]), Leaf(e[1])]),
            Tuple(vec![Leaf(Scalar::Int(d[0])), Leaf(Scalar::Int(d[1]))]),
        )
        .unwrap()
    };
    // 2^50 points: two tables of 2^25 offsets, past the cap, are not built
    let huge = l([1 << 25, 1 << 25], [3, 1 << 27]);
    let ev = Evaluator::with_table_limit(&huge, usize::MAX).unwrap();
    assert!(!ev.is_tabulated());
    assert_eq!(ev.eval((1 << 25) + 5), 15 + (1 << 27));
    // 2^36 points: two tables of 2^18 offsets, within it, are
    let big = l([1 << 18, 1 << 18], [3, 1 << 20]);
    let ev = Evaluator::with_table_limit(&big, usize::MAX).unwrap();
    assert!(ev.is_tabulated());
    assert_eq!(ev.eval((7 << 18) + 5), 15 + (7 << 20));
}

#[test]
fn test_spec_examples() {
    let (s, d) = spec_a();
    let ev = layout(s, d).evaluator().unwrap();
    assert_eq!(ev.eval(17), 17);
    assert_eq!(ev.eval_flat(&[2, 5]).unwrap(), 17);
    assert_eq!(ev.eval(100), 99);
    assert_eq!(ev.try_eval(100).unwrap(), 99);
    let ev = layout(t(vec![L(4), L(8)]), t(vec![L(8), L(1)]))
        .evaluator()
        .unwrap();
    assert_eq!(ev.eval(14), 19);
    assert_eq!(ev.eval_flat(&[2, 3]).unwrap(), 19);
    assert_eq!(ev.to_string(), "(4, 8):(8, 1)");
    assert_eq!(format!("{ev:?}"), "Evaluator((4, 8):(8, 1))");
}

#[test]
fn test_matches_reference_exhaustively() {
    let cases: Vec<(IntTuple, HTuple<i64>)> = vec![
        spec_a(),
        (L(7), L(3)),
        (L(1), L(0)),
        (t(vec![L(3), L(5)]), t(vec![L(-5), L(1)])),
        (
            t(vec![t(vec![L(8), L(4)]), t(vec![L(2), L(16)])]),
            t(vec![t(vec![L(1), L(64)]), t(vec![L(8), L(128)])]),
        ),
        (
            t(vec![t(vec![L(3), L(2)]), L(4)]),
            t(vec![t(vec![L(4), L(-1)]), L(12)]),
        ),
        (
            t(vec![L(2), L(3), L(5), L(7)]),
            t(vec![L(1), L(2), L(6), L(30)]),
        ),
        (t(vec![L(6), L(1), L(5)]), t(vec![L(0), L(99), L(-7)])),
    ];
    for (s, d) in cases {
        let l = layout(s.clone(), d.clone());
        for ev in all_ways(&l) {
            let size = ev.size();
            assert_eq!(i128::from(size), size_of(&s));
            let mut hi = i128::MIN;
            for i in -3 * size..4 * size {
                let want = reference(&s, &d, i128::from(i));
                assert_eq!(i128::from(ev.eval(i)), want, "{l} at {i}");
                if (0..size).contains(&i) {
                    hi = hi.max(want);
                }
            }
            assert_eq!(i128::from(ev.cosize()), hi + 1, "{l}");
        }
    }
}

#[test]
fn test_flat_coordinates() {
    let (s, d) = spec_a();
    let ev = layout(s.clone(), d.clone()).evaluator().unwrap();
    for c0 in -4..7 {
        for c1 in -9..20 {
            assert_eq!(
                i128::from(ev.eval_flat(&[c0, c1]).unwrap()),
                reference_flat(&s, &d, &[c0, c1])
            );
        }
    }
    // In bounds, flat and integral coordinates agree: i = c0 + 3 * c1.
    for c0 in 0..3 {
        for c1 in 0..8 {
            assert_eq!(ev.eval_flat(&[c0, c1]).unwrap(), ev.eval(c0 + 3 * c1));
        }
    }
    let leaf = layout(L(5), L(-2)).evaluator().unwrap();
    assert_eq!(leaf.rank(), 1);
    assert_eq!(leaf.eval_flat(&[3]).unwrap(), -6);
    let e = ev.eval_flat(&[1]).unwrap_err();
    assert_eq!(e.class(), ErrorClass::ValueError);
    assert!(e.to_string().contains("rank 2"), "{e}");
}

#[test]
fn test_empty_modes() {
    // Rank 0: every index evaluates to 0.
    let ev = layout(t(vec![]), t(vec![])).evaluator().unwrap();
    assert_eq!((ev.rank(), ev.size(), ev.cosize()), (0, 1, 1));
    assert_eq!(ev.eval(0), 0);
    assert_eq!(ev.eval(5), 0);
    assert_eq!(ev.eval_flat(&[]).unwrap(), 0);
    // A trailing empty mode keeps the whole quotient, and drops it.
    let s = t(vec![L(4), t(vec![])]);
    let d = t(vec![L(3), t(vec![])]);
    let ev = layout(s.clone(), d.clone()).evaluator().unwrap();
    for i in -10..20 {
        assert_eq!(i128::from(ev.eval(i)), reference(&s, &d, i128::from(i)));
    }
    assert_eq!(ev.eval(5), 3);
    assert_eq!(ev.eval_flat(&[9, 4]).unwrap(), 27);
}

#[test]
fn test_zero_extent() {
    // The leaf that keeps the quotient may be empty: size 0.
    let ev = layout(t(vec![L(4), L(0)]), t(vec![L(1), L(4)]))
        .evaluator()
        .unwrap();
    assert_eq!((ev.size(), ev.cosize()), (0, 0));
    assert_eq!(ev.eval(9), 1 + 2 * 4);
    // Any other empty leaf is divided by an integral coordinate: an
    // error there, and only there.
    let ev = layout(t(vec![L(0), L(4)]), t(vec![L(1), L(4)]))
        .evaluator()
        .unwrap();
    assert_eq!((ev.size(), ev.cosize()), (0, 0));
    for i in [-1, 0, 5] {
        let e = ev.try_eval(i).unwrap_err();
        assert_eq!(e.class(), ErrorClass::ValueError);
        assert!(e.to_string().contains("extent 0"), "{e}");
    }
    // one integer per mode: each mode is one leaf, never divided
    assert_eq!(ev.eval_flat(&[3, 2]).unwrap(), 3 + 8);
    assert_eq!(ev.eval2(3, 2), 3 + 8);
    assert_eq!(ev.eval_natural(&[3, 2]).unwrap(), 3 + 8);
    let ev = layout(
        t(vec![L(4), t(vec![L(0), t(vec![])])]),
        t(vec![L(1), t(vec![L(4), t(vec![])])]),
    )
    .evaluator()
    .unwrap();
    // (0, ()) divides by its 0: the trailing empty tuple keeps the quotient
    assert!(ev.eval_flat(&[1, 2]).is_err());
    assert!(ev.try_eval(1).is_err());
    assert_eq!(ev.eval_natural(&[1, 2]).unwrap(), 9);
}

#[test]
fn test_non_integer_strides() {
    let f2 = Layout::new(L(8), L(Scalar::F2(F2(3)))).unwrap();
    let e = f2.evaluator().unwrap_err();
    assert_eq!(e.class(), ErrorClass::TypeError);
    assert!(e.to_string().contains("F3"), "{e}");
    let arith = Layout::new(
        T(vec![L(2), L(3)]),
        T(vec![L(Scalar::Int(1)), L(ArithTuple::e(&[0]))]),
    )
    .unwrap();
    assert_eq!(
        arith.evaluator().unwrap_err().class(),
        ErrorClass::TypeError
    );
}

#[test]
fn test_overflow() {
    let big = layout(t(vec![L(1 << 32), L(1 << 32)]), t(vec![L(1), L(0)]));
    let e = big.evaluator().unwrap_err();
    assert!(matches!(e, Error::Overflow { .. }), "{e}");
    // Size fits, the greatest offset does not.
    let far = layout(t(vec![L(1 << 20), L(4)]), t(vec![L(1 << 44), L(1)]));
    assert!(matches!(far.evaluator(), Err(Error::Overflow { .. })));
    // Nor the least.
    let low = layout(t(vec![L(1 << 20), L(4)]), t(vec![L(-(1 << 44)), L(1)]));
    assert!(matches!(low.evaluator(), Err(Error::Overflow { .. })));
    // Exactly at the edge: offsets up to i64::MAX - 1, cosize i64::MAX.
    let edge = layout(
        t(vec![L(2), L(2)]),
        t(vec![L(i64::MAX / 2), L(i64::MAX / 2)]),
    );
    for ev in all_ways(&edge) {
        assert_eq!(ev.cosize(), i64::MAX);
        assert_eq!(ev.eval(3), i64::MAX - 1);
        assert_eq!(ev.try_eval(4).unwrap(), i64::MAX - 1);
        assert!(matches!(ev.try_eval(6), Err(Error::Overflow { .. })));
        assert!(matches!(ev.eval_flat(&[0, 3]), Err(Error::Overflow { .. })));
    }
    // Weights that overflow while every offset fits.
    // (2, 2):(2^62, -2^62) has weight -2^62 - 2 * 2^62 < i64::MIN.
    let ws = t(vec![L(1 << 62), L(-(1 << 62))]);
    for ev in all_ways(&layout(t(vec![L(2), L(2)]), ws)) {
        assert_eq!(
            (0..4).map(|i| ev.eval(i)).collect::<Vec<_>>(),
            [0, 1 << 62, -(1 << 62), 0]
        );
        assert_eq!(ev.cosize(), (1 << 62) + 1);
    }
}

#[test]
#[should_panic(expected = "64-bit range")]
fn test_eval_panics_only_beyond_i64() {
    let ev = layout(L(8), L(1 << 40)).evaluator().unwrap();
    ev.eval(1 << 30);
}

#[test]
fn test_heap_storage_beyond_rank_8() {
    let shape = t((0..11).map(|k| L(2 + k % 3)).collect());
    let stride = t((0..11)
        .map(|k| L(if k % 2 == 0 { 1 << k } else { -(1 << k) }))
        .collect());
    let ev = layout(shape.clone(), stride.clone()).evaluator().unwrap();
    assert!(ev.leaves.is_heap() && ev.modes.is_heap());
    assert!(matches!(ev.strategy, Plan::Long { .. }));
    let size = ev.size();
    for i in (0..size).step_by(97).chain([size - 1, size, -1]) {
        assert_eq!(i128::from(ev.eval(i)), reference(&shape, &stride, i.into()));
    }
    let small = layout(spec_a().0, spec_a().1).evaluator().unwrap();
    assert!(!small.leaves.is_heap());
}

impl Evaluator {
    /// `d` if the plan is one product, `n * d`.
    fn scale(&self) -> Option<i64> {
        match &self.strategy {
            Plan::Divide(f) if f.len == 0 => Some(f.first_stride),
            _ => None,
        }
    }

    fn tables(&self) -> Option<&Tables> {
        match &self.strategy {
            Plan::Table(t) => Some(t),
            _ => None,
        }
    }
}

#[test]
fn test_tables() {
    let (s, d) = spec_a();
    let l = layout(s, d);
    // 24 coordinates: the best split is after (3, 2), tables of 6 and 4.
    let ev = Evaluator::with_table_limit(&l, 8).unwrap();
    let tables = ev.tables().unwrap();
    assert_eq!((tables.low.len(), tables.high.len()), (6, 4));
    assert_eq!(&*tables.low, &[0, 2, 4, 1, 3, 5]);
    assert_eq!(&*tables.high, &[0, 6, 12, 18]);
    assert!(!Evaluator::with_table_limit(&l, 5).unwrap().is_tabulated());
    assert!(l.evaluator().unwrap().is_tabulated());
    // Power-of-two splits divide by shifting.
    let p = layout(t(vec![L(8), L(4), L(16)]), t(vec![L(1), L(-64), L(8)]));
    let ev = Evaluator::with_table_limit(&p, 32).unwrap();
    assert!(ev.tables().unwrap().pow2);
    for i in 0..ev.size() {
        assert_eq!(
            i128::from(ev.eval(i)),
            reference(&p.shape(), &t(vec![L(1), L(-64), L(8)]), i.into())
        );
    }
    // No balanced split: (2, 1000) has halves of 2000, 1000 or 2000.
    let q = layout(t(vec![L(2), L(1000)]), t(vec![L(1000), L(1)]));
    assert!(!q.evaluator().unwrap().is_tabulated());
    // Empty layouts have nothing to tabulate.
    let z = layout(t(vec![L(2), L(0)]), t(vec![L(1), L(2)]));
    assert!(!z.evaluator().unwrap().is_tabulated());
}

#[test]
fn test_plans() {
    let plan =
        |l: &Layout, limit: usize| match Evaluator::with_table_limit(l, limit).unwrap().strategy {
            Plan::Identity => "identity",
            Plan::Divide(f) if f.len == 0 => "scale",
            Plan::Table(_) => "table",
            Plan::Bits(_) => "bits",
            Plan::Shift(_) => "shift",
            Plan::Divide(_) => "divide",
            Plan::Long { .. } => "long",
        };
    let pow2 = layout(
        t(vec![t(vec![L(8), L(4)]), t(vec![L(2), L(16)])]),
        t(vec![t(vec![L(1), L(64)]), t(vec![L(8), L(128)])]),
    );
    assert_eq!(plan(&pow2, DEFAULT_TABLE_LIMIT), "table");
    assert_eq!(plan(&pow2, 0), "bits");
    // A stride that is not a power of two: shifts and products.
    let pow2_shape = layout(t(vec![L(8), L(4), L(2)]), t(vec![L(1), L(24), L(-8)]));
    assert_eq!(plan(&pow2_shape, 0), "shift");
    // Strides 0 and extents 1 are allowed too.
    let (s, d) = (
        t(vec![L(4), L(1), t(vec![L(8), L(2)])]),
        t(vec![L(0), L(4), t(vec![L(2), L(1 << 40)])]),
    );
    let l = layout(s.clone(), d.clone());
    assert_eq!(plan(&l, 0), "bits");
    let ev = Evaluator::with_table_limit(&l, 0).unwrap();
    for i in -70..140 {
        assert_eq!(i128::from(ev.eval(i)), reference(&s, &d, i.into()), "{i}");
    }
    // One prefix product (6) is not a power of two.
    let mixed = layout(t(vec![L(2), L(3), L(4)]), t(vec![L(1), L(3), L(7)]));
    assert_eq!(plan(&mixed, 0), "divide");
    // The same shape compact: it coalesces to 24:1, the identity, in
    // bounds and out; with stride 2, 24:2, one product.
    let compact = layout(t(vec![L(2), L(3), L(4)]), t(vec![L(1), L(2), L(6)]));
    assert_eq!(plan(&compact, 0), "identity");
    let even = layout(t(vec![L(2), L(3), L(4)]), t(vec![L(2), L(4), L(12)]));
    assert_eq!(plan(&even, 0), "scale");
    // Nine leaves, eight terms: the largest fixed-size plan; ten: long.
    for (count, want) in [(9, "bits"), (10, "long")] {
        let s = t((0..count).map(|_| L(2)).collect());
        let d = t((0..count).map(|k| L(1 << (count - 1 - k))).collect());
        let l = layout(s.clone(), d.clone());
        assert_eq!(plan(&l, 0), want);
        let ev = Evaluator::with_table_limit(&l, 0).unwrap();
        for i in -3..(1 << count) + 3 {
            assert_eq!(i128::from(ev.eval(i)), reference(&s, &d, i.into()));
        }
    }
    let s = t((0..9).map(|k| L(2 + k % 2)).collect());
    let d = t((0..9).map(|k| L(k * 7 - 20)).collect());
    let l = layout(s.clone(), d.clone());
    assert_eq!(plan(&l, 0), "divide");
    let ev = Evaluator::with_table_limit(&l, 0).unwrap();
    for i in (-50..ev.size() + 50).step_by(7) {
        assert_eq!(i128::from(ev.eval(i)), reference(&s, &d, i.into()));
    }
    // Beyond 2^31 coordinates the divisions are multiply-highs; just
    // below, they are still narrow.
    for (e, want) in [((1 << 31) / 15 + 1, "long"), ((1 << 31) / 15, "divide")] {
        let s = t(vec![L(3), L(5), L(e)]);
        let d = t(vec![L(7), L(-2), L(100)]);
        let s2 = t(vec![L(4), L(e)]);
        let d2 = t(vec![L(-1), L(9)]);
        for (s, d) in [(s.clone(), d.clone()), (s2, d2)] {
            let l = layout(s.clone(), d.clone());
            let ev = Evaluator::with_table_limit(&l, 0).unwrap();
            let size = ev.size();
            let probes = (0..2000).chain((size - 2000..size + 10).step_by(3));
            for i in probes.chain((0..size).step_by(99_991)) {
                assert_eq!(
                    i128::from(ev.eval(i)),
                    reference(&s, &d, i.into()),
                    "{l} at {i}"
                );
            }
        }
        assert_eq!(plan(&layout(s, d), 0), want);
    }
}

#[test]
fn test_narrow_division() {
    let max = Narrow::MAX;
    let mut divisors: Vec<u64> = (1..=300).collect();
    divisors.extend([
        641,
        1000,
        65535,
        65536,
        65537,
        (1 << 30) - 1,
        1 << 30,
        (1 << 30) + 1,
    ]);
    divisors.extend([max / 3, max - 1, max]);
    for d in divisors {
        let q = Narrow::new(d);
        let edges = [0, 1, d - 1, d, d + 1, 2 * d - 1, max / d * d, max - 1, max];
        for n in (0..2000).chain(edges).chain((0..max).step_by(7_654_321)) {
            let n = n.min(max);
            assert_eq!(q.quotient(n), n / d, "{n} / {d}");
        }
    }
}

#[test]
fn test_for_each_and_sum() {
    let (s, d) = spec_a();
    let l = layout(s, d);
    for ev in all_ways(&l) {
        for (a, b) in [
            (0, 24),
            (-5, 3),
            (20, 30),
            (-7, -2),
            (30, 40),
            (5, 5),
            (9, 2),
            (-3, 40),
        ] {
            let mut seen = Vec::new();
            ev.for_each(a..b, |i, v| seen.push((i, v)));
            let want: Vec<(i64, i64)> = (a..b).map(|i| (i, ev.eval(i))).collect();
            assert_eq!(seen, want, "{l} over {a}..{b}");
            assert_eq!(ev.sum(a..b).unwrap(), want.iter().map(|p| p.1).sum::<i64>());
        }
    }
    // Empty layouts: every index is out of bounds.
    let z = layout(t(vec![L(2), L(0)]), t(vec![L(1), L(2)]));
    let ev = z.evaluator().unwrap();
    let mut seen = Vec::new();
    ev.for_each(-2..3, |i, v| seen.push((i, v)));
    assert_eq!(seen, (-2..3).map(|i| (i, ev.eval(i))).collect::<Vec<_>>());
    // The sum is checked; so is each out-of-bounds offset.
    let big = layout(L(4), L(1 << 61));
    for ev in all_ways(&big) {
        assert_eq!(ev.sum(0..3).unwrap(), 3 << 61);
        let e = ev.sum(0..4).unwrap_err();
        assert!(matches!(e, Error::Overflow { .. }), "{e}");
        assert!(e.to_string().contains("0..4"), "{e}");
        assert!(matches!(ev.sum(0..9), Err(Error::Overflow { .. })));
        assert_eq!(ev.sum(-1..1).unwrap(), -(1 << 61));
    }
}

#[test]
fn test_layout_like() {
    fn total(l: &impl LayoutLike) -> i64 {
        (0..l.size()).map(|i| l.eval(i)).sum()
    }
    struct Show<'a>(&'a Evaluator);
    impl fmt::Display for Show<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.fmt_layout(f)
        }
    }
    let (s, d) = spec_a();
    let ev = layout(s, d).evaluator().unwrap();
    assert_eq!(total(&ev), (0..24).sum::<i64>());
    assert_eq!(LayoutLike::rank(&ev), 2);
    assert_eq!(LayoutLike::cosize(&ev), 24);
    assert_eq!(Show(&ev).to_string(), "(3, (2, 4)):(2, (1, 6))");
}

/// The terms `(coordinate, stride)` of the specification's evaluation of
/// the integral coordinate `idx`, in the order [`reference`] adds them.
fn reference_terms(shape: &IntTuple, stride: &HTuple<i64>, idx: i128, out: &mut Vec<(i128, i64)>) {
    match (shape, stride) {
        (L(_), L(s)) => out.push((idx, *s)),
        (T(ms), T(ds)) => {
            let mut q = idx;
            for (k, (m, d)) in ms.iter().zip(ds).enumerate() {
                if k + 1 == ms.len() {
                    reference_terms(m, d, q, out);
                } else {
                    let sz = size_of(m);
                    reference_terms(m, d, q.rem_euclid(sz), out);
                    q = q.div_euclid(sz);
                }
            }
        }
        _ => unreachable!("congruent by construction"),
    }
}

/// The exact sum of the products `c * s`, if it fits an `i64`. Each
/// product (below `2^127` in magnitude) splits into a multiple of
/// `2^64` and a rest in `[0, 2^64)`, summed apart, so that no partial
/// sum overflows.
fn exact_sum(terms: &[(i128, i64)]) -> Option<i64> {
    let (mut hi, mut lo) = (0i128, 0i128);
    for &(c, s) in terms {
        let p = c.checked_mul(i128::from(s)).expect("|c|, |s| <= 2^63");
        hi += p >> 64;
        lo += p & i128::from(u64::MAX);
    }
    hi += lo >> 64;
    let lo = (lo & i128::from(u64::MAX)) as u64;
    // hi * 2^64 + lo fits an i64 iff it is lo read as an i64
    let fits = (hi == 0 && lo < 1 << 63) || (hi == -1 && lo >= 1 << 63);
    fits.then_some(lo as i64)
}

/// The exact offset of the integral coordinate `idx`, if it fits an `i64`.
fn exact(shape: &IntTuple, stride: &HTuple<i64>, idx: i64) -> Option<i64> {
    let mut terms = Vec::new();
    reference_terms(shape, stride, idx.into(), &mut terms);
    exact_sum(&terms)
}

/// The exact offset of a flat coordinate (one entry per mode).
fn exact_flat(shape: &IntTuple, stride: &HTuple<i64>, crd: &[i64]) -> Option<i64> {
    let mut terms = Vec::new();
    for ((m, d), &c) in shape.modes().iter().zip(stride.modes()).zip(crd) {
        reference_terms(m, d, c.into(), &mut terms);
    }
    exact_sum(&terms)
}

/// The exact offset of a natural coordinate (one entry per leaf).
fn exact_natural(stride: &HTuple<i64>, crd: &[i64]) -> Option<i64> {
    let terms: Vec<(i128, i64)> = stride
        .leaves()
        .zip(crd)
        .map(|(&s, &c)| (c.into(), s))
        .collect();
    exact_sum(&terms)
}

#[test]
fn test_exact_sum() {
    let big = i128::from(i64::MIN);
    assert_eq!(exact_sum(&[(3, 4), (-2, 5)]), Some(2));
    assert_eq!(exact_sum(&[(big, -1)]), None);
    assert_eq!(exact_sum(&[(big, 1)]), Some(i64::MIN));
    assert_eq!(exact_sum(&[(big, -1), (-1, 1)]), Some(i64::MAX));
    // partial sums of 2^126 cancel
    let terms = [
        (big, i64::MIN),
        (big, i64::MIN),
        (-big, i64::MIN),
        (-big, i64::MIN),
    ];
    assert_eq!(exact_sum(&terms), Some(0));
    assert_eq!(exact_sum(&terms[..3]), None);
    // the kernel's sum: partial sums beyond an i128 that cancel
    let (min, max) = (i64::MIN, i64::MAX);
    let mut e = ExactSum::new();
    for (c, s) in [(min, min), (min, min), (max, min), (max, min), (2, min)] {
        e.add(c, s);
    }
    assert_eq!(e.get(), Some(0));
    e.add(max, 1);
    assert_eq!(e.get(), Some(i64::MAX));
    e.add(1, 1);
    assert_eq!(e.get(), None);
    // Four products of 2^126 sum to 2^128, 0 modulo 2^128: an error.
    let min = i64::MIN;
    let l = layout(t(vec![L(1); 4]), t(vec![L(min); 4]));
    let ev = l.evaluator().unwrap();
    assert!(ev.eval_natural(&[min; 4]).is_err());
    assert!(ev.eval_flat(&[min; 4]).is_err());
    // Partial sums beyond an i128 that cancel:
    // 2 * 2^126 + 2 * (2^63 - 1) * -2^63 + 2 * -2^63 == 0.
    let crd = [min, min, i64::MAX, i64::MAX, 2];
    let l = layout(t(vec![L(1); 5]), t(vec![L(min); 5]));
    let ev = l.evaluator().unwrap();
    assert_eq!(exact_natural(&t(vec![L(min); 5]), &crd), Some(0));
    assert_eq!(ev.eval_natural(&crd).unwrap(), 0);
    assert_eq!(ev.eval_flat(&crd).unwrap(), 0);
}

/// Every evaluation of `s:d`, each compiled three ways, against the
/// exact reference: the integral coordinates `ints` and the first
/// entries of `raw` as a flat and as a natural coordinate, as they are
/// and reduced into bounds. An overflow is an error exactly when the
/// true offset does not fit an `i64`. A layout the evaluator rejects
/// (its offsets leave the 64-bit range) is skipped.
fn check_layout(
    s: &IntTuple,
    d: &HTuple<i64>,
    ints: &[i64],
    raw: &[i64],
) -> core::result::Result<(), TestCaseError> {
    let l = layout(s.clone(), d.clone());
    let Ok(first) = l.evaluator() else {
        return Ok(());
    };
    let size = first.size();
    let mode_sizes: Vec<i64> = s.modes().iter().map(|m| size_of(m) as i64).collect();
    let extents: Vec<i64> = s.leaves().copied().collect();
    let mut flats = Vec::new();
    let mut naturals = Vec::new();
    if raw.len() >= mode_sizes.len() {
        let crd = &raw[..mode_sizes.len()];
        flats.push(crd.to_vec());
        if size > 0 {
            flats.push(
                crd.iter()
                    .zip(&mode_sizes)
                    .map(|(&c, &m)| c.rem_euclid(m))
                    .collect(),
            );
        }
    }
    // each mode's last coordinate, and one past it, the others 0 or last
    for m in 0..mode_sizes.len() {
        for past in [0, 1] {
            let mut crd: Vec<i64> = mode_sizes.iter().map(|&z| z - 1).collect();
            crd[m] += past;
            flats.push(crd.clone());
            crd.iter_mut().for_each(|c| *c = 0);
            crd[m] = mode_sizes[m] - 1 + past;
            flats.push(crd);
        }
    }
    for k in 0..extents.len() {
        let mut crd = vec![0; extents.len()];
        crd[k] = extents[k];
        naturals.push(crd);
    }
    if raw.len() >= extents.len() {
        let crd = &raw[..extents.len()];
        naturals.push(crd.to_vec());
        if size > 0 {
            naturals.push(
                crd.iter()
                    .zip(&extents)
                    .map(|(&c, &e)| c.rem_euclid(e))
                    .collect(),
            );
        }
    }
    let edges = [0, 1, size - 1, size, size + 1, -1, i64::MIN, i64::MAX];
    let inside: Vec<i64> = ints
        .iter()
        .filter(|_| size > 0)
        .map(|i| i.rem_euclid(size.max(1)))
        .collect();
    for ev in all_ways(&l) {
        prop_assert_eq!(ev.size(), size);
        for &i in ints.iter().chain(&inside).chain(&edges) {
            let want = exact(s, d, i);
            prop_assert_eq!(ev.try_eval(i).ok(), want, "{} at {}", l, i);
            if let Some(w) = want {
                prop_assert_eq!(ev.eval(i), w, "{} at {}", l, i);
            }
        }
        for crd in &flats {
            let want = exact_flat(s, d, crd);
            prop_assert_eq!(ev.eval_flat(crd).ok(), want, "{} at {:?}", l, crd);
            prop_assert_eq!(ev.eval_modes(crd).ok(), want, "{} at {:?}", l, crd);
            if let Some(w) = want {
                match *crd.as_slice() {
                    [i, j] => prop_assert_eq!(ev.eval2(i, j), w, "{} at {:?}", l, crd),
                    [i, j, k] => prop_assert_eq!(ev.eval3(i, j, k), w, "{} at {:?}", l, crd),
                    _ => {}
                }
            }
            // in bounds, the flat coordinate is the integral one
            // i = sum_m c_m * prod_{k < m} size_k
            if crd
                .iter()
                .zip(&mode_sizes)
                .all(|(&c, &m)| (0..m).contains(&c))
            {
                let (i, _) = crd
                    .iter()
                    .zip(&mode_sizes)
                    .fold((0, 1), |(i, p), (&c, &m)| (i + c * p, p * m));
                prop_assert_eq!(ev.eval_flat(crd).ok(), Some(ev.eval(i)));
            }
        }
        for crd in &naturals {
            let want = exact_natural(d, crd);
            prop_assert_eq!(ev.eval_natural(crd).ok(), want, "{} at {:?}", l, crd);
        }
        // one entry too many
        prop_assert!(ev.eval_flat(&vec![0; mode_sizes.len() + 1]).is_err());
        prop_assert!(ev.eval_natural(&vec![0; extents.len() + 1]).is_err());
    }
    Ok(())
}

#[test]
fn test_coalesced_identity() {
    // (128, 64):(1, 128) and (4, 8):(1, 4) are the identity everywhere
    for (s, d) in [
        (t(vec![L(128), L(64)]), t(vec![L(1), L(128)])),
        (t(vec![L(4), L(8)]), t(vec![L(1), L(4)])),
        (
            t(vec![t(vec![L(2), L(1)]), t(vec![L(3), L(4)])]),
            t(vec![t(vec![L(1), L(9)]), t(vec![L(2), L(6)])]),
        ),
        (L(1), L(1)),
    ] {
        let l = layout(s.clone(), d.clone());
        for ev in all_ways(&l) {
            assert!(matches!(ev.strategy, Plan::Identity), "{l}");
            for i in [-5, 0, 7, 31, 32, 1000, i64::MIN, i64::MAX] {
                assert_eq!(ev.eval(i), i, "{l} at {i}");
                assert_eq!(ev.try_eval(i).ok(), exact(&s, &d, i), "{l} at {i}");
            }
        }
    }
    // The identity in bounds only: a trailing extent-1 leaf whose
    // stride does not continue, a trailing empty tuple (the excess is
    // dropped), a last leaf of stride other than the size before it.
    for (s, d) in [
        (t(vec![L(4), L(1)]), t(vec![L(1), L(7)])),
        (t(vec![L(4), t(vec![])]), t(vec![L(1), t(vec![])])),
        (
            t(vec![L(4), t(vec![L(2), t(vec![])])]),
            t(vec![L(1), t(vec![L(4), t(vec![])])]),
        ),
        (t(vec![L(4), L(1)]), t(vec![L(1), L(0)])),
    ] {
        let l = layout(s.clone(), d.clone());
        for ev in all_ways(&l) {
            assert_eq!(ev.scale(), Some(1), "{l}");
            for i in -20..20 {
                assert_eq!(ev.try_eval(i).ok(), exact(&s, &d, i), "{l} at {i}");
            }
            assert_ne!(ev.eval(9), 9, "{l}");
            assert_eq!(ev.eval(3), 3, "{l}");
        }
    }
    // A single mode n * d after coalescing: one product, in bounds.
    let (s, d) = (
        t(vec![L(2), t(vec![L(3), L(4)])]),
        t(vec![L(-3), t(vec![L(-6), L(-18)])]),
    );
    let l = layout(s.clone(), d.clone());
    let ev = l.evaluator().unwrap();
    assert_eq!(ev.scale(), Some(-3));
    for i in (-30..60).chain([i64::MIN, i64::MAX, i64::MAX / 3, i64::MAX / 3 + 1]) {
        assert_eq!(ev.try_eval(i).ok(), exact(&s, &d, i), "{l} at {i}");
    }
}

impl Evaluator {
    /// The kind of each mode's plan.
    fn mode_kinds(&self) -> Vec<&'static str> {
        self.head
            .iter()
            .chain(self.tail.iter())
            .take(self.rank)
            .map(|m| match &m.kind {
                ModeKind::Split { low, last: 0, .. } if low.len() > 1 => "table",
                ModeKind::Split { low, .. } if low.len() == 1 => "product",
                ModeKind::Split { .. } => "split",
                ModeKind::Plan(_) => "plan",
            })
            .collect()
    }
}

#[test]
fn test_mode_plans() {
    // ((8, 4), (2, 16), (3, 5), 7, (2, 1000)) : ((1, 64), (8, 128), (5000, 1), 33, (-1, 100))
    let s = t(vec![
        t(vec![L(8), L(4)]),
        t(vec![L(2), L(16)]),
        t(vec![L(3), L(5)]),
        L(7),
        t(vec![L(3), L(1000)]),
        t(vec![L(4), L(2), t(vec![])]),
    ]);
    let d = t(vec![
        t(vec![L(1), L(64)]),
        t(vec![L(8), L(128)]),
        t(vec![L(5000), L(1)]),
        L(33),
        t(vec![L(-1), L(100)]),
        t(vec![L(1), L(4), t(vec![])]),
    ]);
    let l = layout(s.clone(), d.clone());
    let ev = l.evaluator().unwrap();
    // split after a power of two, whole table, one leaf, a plan of
    // divisions (3 * 1000 > 256), a mode that coalesces to one leaf
    assert_eq!(
        ev.mode_kinds(),
        ["split", "split", "table", "product", "plan", "product"]
    );
    let none = Evaluator::with_table_limit(&l, 0).unwrap();
    // no tables: a product where a mode is one leaf, else the plan
    assert_eq!(
        none.mode_kinds(),
        ["plan", "plan", "plan", "product", "plan", "product"]
    );
    for ev in all_ways(&l) {
        for c in [
            -3, 0, 1, 2, 5, 7, 8, 14, 15, 16, 31, 32, 33, 2999, 3000, 3001,
        ] {
            for m in 0..6 {
                let mut crd = vec![1, 2, 3, 4, 5, 6];
                crd[m] = c;
                assert_eq!(
                    ev.eval_flat(&crd).ok(),
                    exact_flat(&s, &d, &crd),
                    "{l} at {crd:?}"
                );
            }
        }
    }
    // more than three modes: the tail
    assert_eq!(ev.tail.len(), 3);
    // A rank-3 layout; eval3 in and out of bounds.
    let (s, d) = (
        t(vec![t(vec![L(3), L(4)]), L(5), t(vec![L(2), L(6)])]),
        t(vec![t(vec![L(1), L(30)]), L(3), t(vec![L(15), L(120)])]),
    );
    let l = layout(s.clone(), d.clone());
    for ev in all_ways(&l) {
        for (i, j, k) in [
            (0, 0, 0),
            (11, 4, 11),
            (12, 0, 0),
            (0, 5, 0),
            (0, 0, 12),
            (-1, -1, -1),
            (5, 3, 7),
        ] {
            assert_eq!(Some(ev.eval3(i, j, k)), exact_flat(&s, &d, &[i, j, k]));
        }
    }
}

#[test]
#[should_panic(expected = "rank 3")]
fn test_eval2_panics_on_rank() {
    let (s, d) = (t(vec![L(2), L(3), L(4)]), t(vec![L(1), L(2), L(6)]));
    layout(s, d).evaluator().unwrap().eval2(0, 0);
}

#[test]
#[should_panic(expected = "rank 2")]
fn test_eval3_panics_on_rank() {
    let (s, d) = spec_a();
    layout(s, d).evaluator().unwrap().eval3(0, 0, 0);
}

#[test]
#[should_panic(expected = "64-bit range")]
fn test_eval2_panics_only_beyond_i64() {
    let ev = layout(t(vec![L(8), L(8)]), t(vec![L(1 << 40), L(1)]))
        .evaluator()
        .unwrap();
    assert_eq!(ev.eval2(1 << 20, 0), 1 << 60);
    ev.eval2(1 << 30, 0);
}

#[test]
fn test_empty_layout_modes() {
    // size 0: no coordinate is in bounds, every one is checked
    let (s, d) = (t(vec![L(3), L(0)]), t(vec![L(1 << 62), L(1)]));
    let l = layout(s.clone(), d.clone());
    let ev = l.evaluator().unwrap();
    assert_eq!(ev.size(), 0);
    for crd in [[0, 0], [2, 0], [1, 5], [-1, -1]] {
        assert_eq!(ev.eval_flat(&crd).ok(), exact_flat(&s, &d, &crd), "{crd:?}");
        assert_eq!(
            ev.eval_natural(&crd).ok(),
            exact_natural(&d, &crd),
            "{crd:?}"
        );
    }
    assert!(ev.eval_flat(&[2, 0]).is_err());
    assert!(ev.eval_natural(&[2, 0]).is_err());
}

mod props;

#[test]
fn test_mode_of_size_above_2_pow_62_is_not_tabulated() {
    // One mode of 3 * 2^61 coordinates: the next power of two, 2^63, leaves
    // the i64 range, and the mode's plan must not tabulate it.
    let l: Layout = "((3, 2305843009213693952),):((1, 4),)".parse().unwrap();
    for ev in [
        l.evaluator().unwrap(),
        Evaluator::with_table_limit(&l, usize::MAX).unwrap(),
    ] {
        let (whole, modes) = ev.longest_tables();
        assert!(whole <= MAX_TABLE_LIMIT && modes <= DEFAULT_TABLE_LIMIT);
        let last = (3 << 61) - 1;
        for i in [0, 1, 2, 3, 7, 1 << 40, last] {
            let want = l.call_int(i).unwrap();
            assert_eq!(ev.eval(i), want, "{i}");
            assert_eq!(ev.eval_flat(&[i]).unwrap(), want, "{i}");
        }
        assert_eq!(ev.eval(last), i64::MAX - 1);
    }
    // the same beside other modes, and at the largest sizes
    for s in [
        "(1, (3, 2305843009213693952)):(7, (1, 4))",
        "((5, 1844674407370955161),):((1, 5),)",
        "((3, 3074457345618258602), 1):((1, 3), 0)",
    ] {
        let l: Layout = s.parse().unwrap();
        let ev = l.evaluator().unwrap();
        assert!(ev.longest_tables().1 <= DEFAULT_TABLE_LIMIT, "{s}");
        let size = ev.size();
        for i in [0, 1, size / 2, size - 1] {
            assert_eq!(ev.eval(i), l.call_int(i).unwrap(), "{s} at {i}");
        }
    }
}
