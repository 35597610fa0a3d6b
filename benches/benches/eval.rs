//! Evaluation of a dynamic layout: the [`Evaluator`] (as
//! `Layout::evaluator` builds it, which tabulates a layout this small, and
//! with tables disabled, which evaluates by precomputed division) against a
//! naive evaluation with hardware division and against index arithmetic
//! written by hand.
//!
//! The layout is `((8, 4), (2, 16)):((1, 64), (8, 128))` (1024 coordinates);
//! each benchmark sums `L(i)` over all `i` in `0..size`, so the time per
//! evaluation is the reported time divided by 1024 (criterion also reports it
//! as a throughput). The layout, its flattened arrays and the size pass
//! through `black_box`, so no constant folds into the loops except in the
//! hand-written variant, whose constants are literals by design.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
use cute_dynamic::{Evaluator, Layout, Scalar};

/// `((8, 4), (2, 16)):((1, 64), (8, 128))`.
fn bench_layout() -> Layout {
    let int = |x: i64| Leaf(Scalar::Int(x));
    Layout::new(
        Tuple(vec![
            Tuple(vec![Leaf(8), Leaf(4)]),
            Tuple(vec![Leaf(2), Leaf(16)]),
        ]),
        Tuple(vec![
            Tuple(vec![int(1), int(64)]),
            Tuple(vec![int(8), int(128)]),
        ]),
    )
    .expect("a congruent layout")
}

/// Sum of `ev(i)` over `0..n`.
#[inline(never)]
fn sum_evaluator(ev: &Evaluator, n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| acc.wrapping_add(ev.eval(i)))
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

/// Sum over `0..n` of the same map written by hand with literal constants.
#[inline(never)]
fn sum_hand_written(n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| {
        let offset = (i % 8) + (i / 8 % 4) * 64 + (i / 32 % 2) * 8 + (i / 64) * 128;
        acc.wrapping_add(offset)
    })
}

fn eval(c: &mut Criterion) {
    let layout = black_box(bench_layout());
    let ev = layout.evaluator().expect("integer strides");
    let formula = Evaluator::with_table_limit(&layout, 0).expect("integer strides");
    let size = ev.size();
    let extents: Vec<i64> = layout.shape().leaves().copied().collect();
    let strides: Vec<i64> = layout
        .stride()
        .leaves()
        .map(|s| s.as_int().expect("integer stride"))
        .collect();

    // All four compute the same sum.
    let want = sum_naive(&extents, &strides, size);
    assert_eq!(sum_evaluator(&ev, size), want);
    assert_eq!(sum_evaluator(&formula, size), want);
    assert_eq!(sum_hand_written(size), want);

    let mut g = c.benchmark_group(format!("eval {layout}"));
    g.throughput(Throughput::Elements(size as u64));
    g.bench_function("evaluator", |b| {
        b.iter(|| sum_evaluator(black_box(&ev), black_box(size)))
    });
    g.bench_function("evaluator, no tables", |b| {
        b.iter(|| sum_evaluator(black_box(&formula), black_box(size)))
    });
    g.bench_function("naive hardware division", |b| {
        b.iter(|| sum_naive(black_box(&extents), black_box(&strides), black_box(size)))
    });
    g.bench_function("hand-written", |b| {
        b.iter(|| sum_hand_written(black_box(size)))
    });
    g.finish();
}

criterion_group!(benches, eval);
criterion_main!(benches);
