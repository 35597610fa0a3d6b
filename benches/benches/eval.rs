//! Evaluation of a dynamic layout: the [`Evaluator`] (as
//! `Layout::evaluator` builds it, which tabulates layouts this small, and
//! with tables disabled, which evaluates by precomputed division), one
//! coordinate at a time and through its bulk method `for_each`, against a
//! naive evaluation with hardware division and against index arithmetic
//! written by hand.
//!
//! Integral coordinates `L(i)`, four layouts:
//! `((8, 4), (2, 16)):((1, 64), (8, 128))` (1024 coordinates, every prefix
//! product a power of two, so the formula shifts),
//! `((6, 5), (3, 7)):((1, 42), (6, 210))` (630 coordinates, no power of two,
//! so the formula divides by multiply-high), and two layouts that coalesce to
//! the identity, `(4, 8):(1, 4)` and `(128, 64):(1, 128)`, whose
//! hand-written index arithmetic the compiler reduces to `i`. Each benchmark
//! sums `L(i)` over all `i` in `0..size`.
//!
//! Coordinates with one integer per top-level mode, `L(i, j)` and
//! `L(i, j, k)`: `((8, 4), (2, 16)):((1, 64), (8, 128))` again (each mode a
//! nested pair of leaves), the row-major `(128, 64):(64, 1)` (each mode one
//! leaf), and `((3, 4), 5, (2, 6)):((1, 30), 3, (15, 120))` (720
//! coordinates, no power of two). Each benchmark sums the offsets over every
//! coordinate, the first mode varying fastest.
//!
//! The time per evaluation is the reported time divided by the number of
//! coordinates (criterion also reports it as a throughput). The layout, its
//! flattened arrays and the loop bounds pass through `black_box`, so no
//! constant folds into the loops except in the hand-written variants, whose
//! constants are literals by design.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cute_core::LayoutLike;
use cute_dynamic::{Evaluator, Layout};

fn parse(s: &str) -> Layout {
    s.parse().expect("a valid layout")
}

/// The flattened extents and integer strides of `l`.
fn leaves(l: &Layout) -> (Vec<i64>, Vec<i64>) {
    let extents = l.shape().leaves().copied().collect();
    let strides = l
        .stride()
        .leaves()
        .map(|s| s.as_int().expect("integer stride"))
        .collect();
    (extents, strides)
}

/// The flattened extents and strides of each top-level mode of `l`.
fn mode_leaves(l: &Layout) -> Vec<(Vec<i64>, Vec<i64>)> {
    l.shape()
        .modes()
        .iter()
        .zip(l.stride().modes())
        .map(|(s, d)| {
            (
                s.leaves().copied().collect(),
                d.leaves()
                    .map(|x| x.as_int().expect("integer stride"))
                    .collect(),
            )
        })
        .collect()
}

/// The naive evaluation of `c` over the leaves `(extents, strides)`:
/// idx2crd by hardware `/` and `%` (the last leaf keeps the quotient), then
/// the inner product with the strides.
#[inline(always)]
fn naive(extents: &[i64], strides: &[i64], c: i64) -> i64 {
    let last = extents.len() - 1;
    let mut q = c;
    let mut offset = 0i64;
    for k in 0..last {
        offset += (q % extents[k]) * strides[k];
        q /= extents[k];
    }
    offset + q * strides[last]
}

// ---------------------------------------------------------------------------
// L(i)
// ---------------------------------------------------------------------------

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

/// Sum over `0..n` of the naive evaluation.
#[inline(never)]
fn sum_naive(extents: &[i64], strides: &[i64], n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| acc.wrapping_add(naive(extents, strides, i)))
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

/// `(4, 8):(1, 4)` written by hand.
#[inline(never)]
fn sum_hand_written_4x8(n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| acc.wrapping_add((i % 4) + (i / 4) * 4))
}

/// `(128, 64):(1, 128)` written by hand.
#[inline(never)]
fn sum_hand_written_128x64(n: i64) -> i64 {
    (0..n).fold(0i64, |acc, i| acc.wrapping_add((i % 128) + (i / 128) * 128))
}

/// The benchmarks of `L(i)` for one layout; `hand` is its hand-written
/// evaluation.
fn bench_integral(c: &mut Criterion, layout: &str, hand: fn(i64) -> i64) {
    let layout = black_box(parse(layout));
    let ev = layout.evaluator().expect("integer strides");
    let formula = Evaluator::with_table_limit(&layout, 0).expect("integer strides");
    assert!(!formula.is_tabulated());
    let size = ev.size();
    let (extents, strides) = leaves(&layout);

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

// ---------------------------------------------------------------------------
// L(i, j) and L(i, j, k)
// ---------------------------------------------------------------------------

/// Sum of `ev.eval2(i, j)` over `0..m x 0..n`.
#[inline(never)]
fn sum2_eval2(ev: &Evaluator, m: i64, n: i64) -> i64 {
    let mut acc = 0i64;
    for j in 0..n {
        for i in 0..m {
            acc = acc.wrapping_add(ev.eval2(i, j));
        }
    }
    acc
}

/// Sum of `ev.eval_modes(&[i, j])` over `0..m x 0..n`.
#[inline(never)]
fn sum2_eval_modes(ev: &Evaluator, m: i64, n: i64) -> i64 {
    let mut acc = 0i64;
    for j in 0..n {
        for i in 0..m {
            acc = acc.wrapping_add(ev.eval_modes(&[i, j]).expect("in bounds"));
        }
    }
    acc
}

/// Sum of `ev.eval_flat(&[i, j])` over `0..m x 0..n`.
#[inline(never)]
fn sum2_eval_flat(ev: &Evaluator, m: i64, n: i64) -> i64 {
    let mut acc = 0i64;
    for j in 0..n {
        for i in 0..m {
            acc = acc.wrapping_add(ev.eval_flat(&[i, j]).expect("in bounds"));
        }
    }
    acc
}

/// Sum of the naive evaluation of `(i, j)` over `0..m x 0..n`: each mode's
/// integer split over its leaves by hardware division.
#[inline(never)]
fn sum2_naive(modes: &[(Vec<i64>, Vec<i64>)], m: i64, n: i64) -> i64 {
    let [(e0, s0), (e1, s1)] = modes else {
        unreachable!("rank 2")
    };
    let mut acc = 0i64;
    for j in 0..n {
        for i in 0..m {
            acc = acc.wrapping_add(naive(e0, s0, i) + naive(e1, s1, j));
        }
    }
    acc
}

/// `((8, 4), (2, 16)):((1, 64), (8, 128))` at `(i, j)`, written by hand.
#[inline(never)]
fn sum2_hand_written_pow2(m: i64, n: i64) -> i64 {
    let mut acc = 0i64;
    for j in 0..n {
        for i in 0..m {
            let offset = (i % 8) + (i / 8) * 64 + (j % 2) * 8 + (j / 2) * 128;
            acc = acc.wrapping_add(offset);
        }
    }
    acc
}

/// `(128, 64):(64, 1)` at `(i, j)`, written by hand.
#[inline(never)]
fn sum2_hand_written_row_major(m: i64, n: i64) -> i64 {
    let mut acc = 0i64;
    for j in 0..n {
        for i in 0..m {
            acc = acc.wrapping_add(i * 64 + j);
        }
    }
    acc
}

/// The benchmarks of `L(i, j)` for one layout of rank 2; `hand` is its
/// hand-written evaluation.
fn bench_modes2(c: &mut Criterion, layout: &str, hand: fn(i64, i64) -> i64) {
    let layout = black_box(parse(layout));
    let ev = layout.evaluator().expect("integer strides");
    let modes = mode_leaves(&layout);
    let [m, n] = [&modes[0].0, &modes[1].0].map(|e| e.iter().product::<i64>());

    let want = sum2_naive(&modes, m, n);
    assert_eq!(sum2_eval2(&ev, m, n), want);
    assert_eq!(sum2_eval_modes(&ev, m, n), want);
    assert_eq!(sum2_eval_flat(&ev, m, n), want);
    assert_eq!(hand(m, n), want);

    let mut g = c.benchmark_group(format!("eval2 {layout}"));
    g.throughput(Throughput::Elements((m * n) as u64));
    g.bench_function("eval2", |b| {
        b.iter(|| sum2_eval2(black_box(&ev), black_box(m), black_box(n)))
    });
    g.bench_function("eval_modes", |b| {
        b.iter(|| sum2_eval_modes(black_box(&ev), black_box(m), black_box(n)))
    });
    g.bench_function("eval_flat", |b| {
        b.iter(|| sum2_eval_flat(black_box(&ev), black_box(m), black_box(n)))
    });
    g.bench_function("naive hardware division", |b| {
        b.iter(|| sum2_naive(black_box(&modes), black_box(m), black_box(n)))
    });
    g.bench_function("hand-written", |b| {
        b.iter(|| hand(black_box(m), black_box(n)))
    });
    g.finish();
}

/// Sum of `ev.eval3(i, j, k)` over `0..l x 0..m x 0..n`.
#[inline(never)]
fn sum3_eval3(ev: &Evaluator, [l, m, n]: [i64; 3]) -> i64 {
    let mut acc = 0i64;
    for k in 0..n {
        for j in 0..m {
            for i in 0..l {
                acc = acc.wrapping_add(ev.eval3(i, j, k));
            }
        }
    }
    acc
}

/// Sum of `ev.eval_modes(&[i, j, k])` over `0..l x 0..m x 0..n`.
#[inline(never)]
fn sum3_eval_modes(ev: &Evaluator, [l, m, n]: [i64; 3]) -> i64 {
    let mut acc = 0i64;
    for k in 0..n {
        for j in 0..m {
            for i in 0..l {
                acc = acc.wrapping_add(ev.eval_modes(&[i, j, k]).expect("in bounds"));
            }
        }
    }
    acc
}

/// Sum of the naive evaluation of `(i, j, k)` over `0..l x 0..m x 0..n`.
#[inline(never)]
fn sum3_naive(modes: &[(Vec<i64>, Vec<i64>)], [l, m, n]: [i64; 3]) -> i64 {
    let [(e0, s0), (e1, s1), (e2, s2)] = modes else {
        unreachable!("rank 3")
    };
    let mut acc = 0i64;
    for k in 0..n {
        for j in 0..m {
            for i in 0..l {
                let offset = naive(e0, s0, i) + naive(e1, s1, j) + naive(e2, s2, k);
                acc = acc.wrapping_add(offset);
            }
        }
    }
    acc
}

/// `((3, 4), 5, (2, 6)):((1, 30), 3, (15, 120))` at `(i, j, k)`, written by
/// hand.
#[inline(never)]
fn sum3_hand_written([l, m, n]: [i64; 3]) -> i64 {
    let mut acc = 0i64;
    for k in 0..n {
        for j in 0..m {
            for i in 0..l {
                let offset = (i % 3) + (i / 3) * 30 + j * 3 + (k % 2) * 15 + (k / 2) * 120;
                acc = acc.wrapping_add(offset);
            }
        }
    }
    acc
}

/// The benchmarks of `L(i, j, k)` for one layout of rank 3.
fn bench_modes3(c: &mut Criterion, layout: &str, hand: fn([i64; 3]) -> i64) {
    let layout = black_box(parse(layout));
    let ev = layout.evaluator().expect("integer strides");
    let modes = mode_leaves(&layout);
    let sizes: [i64; 3] = core::array::from_fn(|k| modes[k].0.iter().product());

    let want = sum3_naive(&modes, sizes);
    assert_eq!(sum3_eval3(&ev, sizes), want);
    assert_eq!(sum3_eval_modes(&ev, sizes), want);
    assert_eq!(hand(sizes), want);

    let mut g = c.benchmark_group(format!("eval3 {layout}"));
    g.throughput(Throughput::Elements(sizes.iter().product::<i64>() as u64));
    g.bench_function("eval3", |b| {
        b.iter(|| sum3_eval3(black_box(&ev), black_box(sizes)))
    });
    g.bench_function("eval_modes", |b| {
        b.iter(|| sum3_eval_modes(black_box(&ev), black_box(sizes)))
    });
    g.bench_function("naive hardware division", |b| {
        b.iter(|| sum3_naive(black_box(&modes), black_box(sizes)))
    });
    g.bench_function("hand-written", |b| b.iter(|| hand(black_box(sizes))));
    g.finish();
}

fn eval(c: &mut Criterion) {
    bench_integral(
        c,
        "((8, 4), (2, 16)):((1, 64), (8, 128))",
        sum_hand_written_pow2,
    );
    bench_integral(
        c,
        "((6, 5), (3, 7)):((1, 42), (6, 210))",
        sum_hand_written_mixed,
    );
    bench_integral(c, "(4, 8):(1, 4)", sum_hand_written_4x8);
    bench_integral(c, "(128, 64):(1, 128)", sum_hand_written_128x64);
    bench_modes2(
        c,
        "((8, 4), (2, 16)):((1, 64), (8, 128))",
        sum2_hand_written_pow2,
    );
    bench_modes2(c, "(128, 64):(64, 1)", sum2_hand_written_row_major);
    bench_modes3(
        c,
        "((3, 4), 5, (2, 6)):((1, 30), 3, (15, 120))",
        sum3_hand_written,
    );
}

criterion_group!(benches, eval);
criterion_main!(benches);
