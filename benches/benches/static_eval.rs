//! Evaluation of static and mixed layouts against index arithmetic written
//! by hand.
//!
//! The layout is `((8, 4), (2, 16)):((1, 64), (8, 128))` (1024 coordinates),
//! written four ways: fully static (a zero-sized type), mixed (the extent 4
//! dynamic), with every leaf dynamic (each dynamic extent divides by its
//! precomputed `FastDivmod`), and as the hand-written map. Each benchmark sums
//! `L(i)` over `i` in `0..1024` (the 1-D form) or `L(i, j)` over
//! `0..32 x 0..32` (the 2-D form); the time per evaluation is the reported
//! time divided by 1024 (criterion reports it as a throughput too). The loop
//! bounds and every dynamic leaf pass through `black_box`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cute_static::{layout, Layout};

type Static = Layout![((8, 4), (2, 16)) : ((1, 64), (8, 128))];
type Mixed = Layout![((8, {}), (2, 16)) : ((1, 64), (8, 128))];
type Dynamic = Layout![(({}, {}), ({}, {})) : (({}, {}), ({}, {}))];

/// The map of the layout, by hand, with shifts and masks.
#[inline(always)]
fn hand(i: i64) -> i64 {
    (i & 7) + ((i >> 3) & 3) * 64 + ((i >> 5) & 1) * 8 + (i >> 6) * 128
}

/// The map of the layout on a flat coordinate `(i, j)`, by hand.
#[inline(always)]
fn hand2(i: i64, j: i64) -> i64 {
    (i & 7) + (i >> 3) * 64 + (j & 1) * 8 + (j >> 1) * 128
}

#[inline(never)]
fn sum_hand(n: i64) -> i64 {
    (0..n).fold(0, |acc, i| acc.wrapping_add(hand(i)))
}

#[inline(never)]
fn sum_static(l: &Static, n: i64) -> i64 {
    (0..n).fold(0, |acc, i| acc.wrapping_add(l.eval(i)))
}

#[inline(never)]
fn sum_mixed(l: &Mixed, n: i64) -> i64 {
    (0..n).fold(0, |acc, i| acc.wrapping_add(l.eval(i)))
}

#[inline(never)]
fn sum_dynamic(l: &Dynamic, n: i64) -> i64 {
    (0..n).fold(0, |acc, i| acc.wrapping_add(l.eval(i)))
}

#[inline(never)]
fn sum2_hand(m: i64, n: i64) -> i64 {
    let mut acc = 0_i64;
    for j in 0..n {
        for i in 0..m {
            acc = acc.wrapping_add(hand2(i, j));
        }
    }
    acc
}

macro_rules! sum2 {
    ($name:ident, $ty:ty) => {
        #[inline(never)]
        fn $name(l: &$ty, m: i64, n: i64) -> i64 {
            let mut acc = 0_i64;
            for j in 0..n {
                for i in 0..m {
                    acc = acc.wrapping_add(l.call((i, j)));
                }
            }
            acc
        }
    };
}
sum2!(sum2_static, Static);
sum2!(sum2_mixed, Mixed);
sum2!(sum2_dynamic, Dynamic);

fn static_eval(c: &mut Criterion) {
    let s: Static = layout!(((8, 4), (2, 16)) : ((1, 64), (8, 128)));
    let four = black_box(4_i64);
    let m: Mixed = layout!(((8, four), (2, 16)) : ((1, 64), (8, 128))).expect("a valid layout");
    let v = |x: i64| black_box(x);
    let d: Dynamic =
        layout!((({v(8)}, {v(4)}), ({v(2)}, {v(16)})) : (({v(1)}, {v(64)}), ({v(8)}, {v(128)})))
            .expect("a valid layout");
    let n = 1024;
    let want = sum_hand(n);
    assert_eq!(sum_static(&s, n), want);
    assert_eq!(sum_mixed(&m, n), want);
    assert_eq!(sum_dynamic(&d, n), want);
    assert_eq!(sum2_hand(32, 32), want);
    assert_eq!(sum2_static(&s, 32, 32), want);
    assert_eq!(sum2_mixed(&m, 32, 32), want);
    assert_eq!(sum2_dynamic(&d, 32, 32), want);

    let mut g = c.benchmark_group(format!("L(i) {s}"));
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("hand-written", |b| b.iter(|| sum_hand(black_box(n))));
    g.bench_function("static", |b| {
        b.iter(|| sum_static(black_box(&s), black_box(n)))
    });
    g.bench_function("mixed", |b| {
        b.iter(|| sum_mixed(black_box(&m), black_box(n)))
    });
    g.bench_function("dynamic leaves", |b| {
        b.iter(|| sum_dynamic(black_box(&d), black_box(n)))
    });
    g.finish();

    let mut g = c.benchmark_group(format!("L(i, j) {s}"));
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("hand-written", |b| {
        b.iter(|| sum2_hand(black_box(32), black_box(32)))
    });
    g.bench_function("static", |b| {
        b.iter(|| sum2_static(black_box(&s), black_box(32), black_box(32)))
    });
    g.bench_function("mixed", |b| {
        b.iter(|| sum2_mixed(black_box(&m), black_box(32), black_box(32)))
    });
    g.bench_function("dynamic leaves", |b| {
        b.iter(|| sum2_dynamic(black_box(&d), black_box(32), black_box(32)))
    });
    g.finish();
}

criterion_group!(benches, static_eval);
criterion_main!(benches);
