//! Evaluation of a dynamic layout: the [`Evaluator`] (as
//! `Layout::evaluator` builds it, which tabulates layouts this small, and
//! with tables disabled, which evaluates by precomputed division), one
//! coordinate at a time and through its bulk method `for_each`, against a
//! naive evaluation with hardware division and against index arithmetic
//! written by hand.
//!
//! Two layouts: `((8, 4), (2, 16)):((1, 64), (8, 128))` (1024 coordinates,
//! every prefix product a power of two, so the formula shifts) and
//! `((6, 5), (3, 7)):((1, 42), (6, 210))` (630 coordinates, no power of two,
//! so the formula divides by multiply-high). Each benchmark sums `L(i)` over
//! all `i` in `0..size`, so the time per evaluation is the reported time
//! divided by the size (criterion also reports it as a throughput). The
//! layout, its flattened arrays and the size pass through `black_box`, so no
//! constant folds into the loops except in the hand-written variants, whose
//! constants are literals by design.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
use cute_dynamic::{Evaluator, Layout, Scalar};

/// `((a, b), (c, d)):((sa, sb), (sc, sd))`.
fn rank2x2(e: [i64; 4], s: [i64; 4]) -> Layout {
    let int = |x: i64| Leaf(Scalar::Int(x));
    Layout::new(
        Tuple(vec![
            Tuple(vec![Leaf(e[0]), Leaf(e[1])]),
            Tuple(vec![Leaf(e[2]), Leaf(e[3])]),
        ]),
        Tuple(vec![
            Tuple(vec![int(s[0]), int(s[1])]),
            Tuple(vec![int(s[2]), int(s[3])]),
        ]),
    )
    .expect("a congruent layout")
}

/// Sum of `ev.eval(i)` over `0..n`, one call per coordinate.
#[inline(never)]
fn sum_evaluator(ev: &Evaluator, n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| acc.wrapping_add(ev.eval(i)))
}

/// Sum of `ev.eval(i)` over `0..n`, through `Evaluator::for_each`.
#[inline(never)]
fn sum_for_each(ev: &Evaluator, n: i64) -> i64 {
    let mut acc = 0i64;
    ev.for_each(0..n, |_, v| acc = acc.wrapping_add(v));
    acc
}

/// Sum over `0..n` of the naive evaluation: idx2crd by hardware `/` and `%`
/// over the flattened shape (the last leaf keeps the quotient), then the
/// inner product with the flattened stride.
#[inline(never)]
fn sum_naive(extents: &[i64], strides: &[i64], n: i64) -> i64 {
    let last = extents.len() - 1;
    (0..n).fold(0i64, |acc, i| {
        let mut q = i;
        let mut offset = 0i64;
        for k in 0..last {
            offset += (q % extents[k]) * strides[k];
            q /= extents[k];
        }
        acc.wrapping_add(offset + q * strides[last])
    })
}

/// `((8, 4), (2, 16)):((1, 64), (8, 128))` written by hand.
#[inline(never)]
fn sum_hand_written_pow2(n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| {
        let offset = (i % 8) + (i / 8 % 4) * 64 + (i / 32 % 2) * 8 + (i / 64) * 128;
        acc.wrapping_add(offset)
    })
}

/// `((6, 5), (3, 7)):((1, 42), (6, 210))` written by hand.
#[inline(never)]
fn sum_hand_written_mixed(n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| {
        let offset = (i % 6) + (i / 6 % 5) * 42 + (i / 30 % 3) * 6 + (i / 90) * 210;
        acc.wrapping_add(offset)
    })
}

/// The benchmarks of one layout; `hand` is its hand-written evaluation.
fn bench_layout(c: &mut Criterion, layout: Layout, hand: fn(i64) -> i64) {
    let layout = black_box(layout);
    let ev = layout.evaluator().expect("integer strides");
    let formula = Evaluator::with_table_limit(&layout, 0).expect("integer strides");
    assert!(ev.is_tabulated() && !formula.is_tabulated());
    let size = ev.size();
    let extents: Vec<i64> = layout.shape().leaves().copied().collect();
    let strides: Vec<i64> = layout
        .stride()
        .leaves()
        .map(|s| s.as_int().expect("integer stride"))
        .collect();

    // All compute the same sum.
    let want = sum_naive(&extents, &strides, size);
    for e in [&ev, &formula] {
        assert_eq!(sum_evaluator(e, size), want);
        assert_eq!(sum_for_each(e, size), want);
        assert_eq!(e.sum(0..size).expect("a small sum"), want);
    }
    assert_eq!(hand(size), want);

    let mut g = c.benchmark_group(format!("eval {layout}"));
    g.throughput(Throughput::Elements(size as u64));
    g.bench_function("evaluator", |b| {
        b.iter(|| sum_evaluator(black_box(&ev), black_box(size)))
    });
    g.bench_function("evaluator, no tables", |b| {
        b.iter(|| sum_evaluator(black_box(&formula), black_box(size)))
    });
    g.bench_function("for_each", |b| {
        b.iter(|| sum_for_each(black_box(&ev), black_box(size)))
    });
    g.bench_function("for_each, no tables", |b| {
        b.iter(|| sum_for_each(black_box(&formula), black_box(size)))
    });
    g.bench_function("naive hardware division", |b| {
        b.iter(|| sum_naive(black_box(&extents), black_box(&strides), black_box(size)))
    });
    g.bench_function("hand-written", |b| b.iter(|| hand(black_box(size))));
    g.finish();
}

fn eval(c: &mut Criterion) {
    bench_layout(
        c,
        rank2x2([8, 4, 2, 16], [1, 64, 8, 128]),
        sum_hand_written_pow2,
    );
    bench_layout(
        c,
        rank2x2([6, 5, 3, 7], [1, 42, 6, 210]),
        sum_hand_written_mixed,
    );
}

criterion_group!(benches, eval);
criterion_main!(benches);
