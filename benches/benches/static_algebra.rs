//! The static and mixed algebra's results evaluated in loops, beside the
//! hand-written index arithmetic with the same constants.
//!
//! - GEMM-shaped: a 4096 x 4096 `f32` matrix held as a mixed layout
//!   `(m, n):(1, ld)` (every leaf a run-time value) is divided by the static
//!   tile `(128, 64)` (`zipped_divide`); every tile's elements are summed
//!   through the divided layout: the tile's base offset from the rest mode,
//!   each element's offset from the tile mode `(_128,_64):(_1,ld)`. The
//!   same through `local_tile`, as a kernel takes its block's tile: a tile
//!   `(_128,_64):(_1,ld)` and its base offset per tile coordinate. The
//!   hand-written loop uses the same tile constants.
//! - A fully static composition, `(6, 2):(8, 2) o (4, 3):(3, 1) =
//!   ((2, 2), 3):((24, 2), 8)` (an extent 3: a division by a constant), and
//!   a static thread-value layout composed with a tile, evaluated over a
//!   range of indices, beside the hand-written maps.
//! - The mixed algebra itself, on the cases of `benches/cpp/algebra.cpp`
//!   (CuTe C++'s run-time algebra): each run-time leaf is read through
//!   `black_box` at every iteration, and the leaves CuTe C++ keeps static
//!   there (the strides of complement's and the product's A) are static
//!   here too, so the two programs do the same work.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cute_static::{
    complement, composition, layout, local_tile, logical_divide, logical_product, raked_product,
    tile, zipped_divide, Layout,
};

type Divided = Layout![((128, 64), ({}, {})) : ((1, {}), (128, {}))];

#[inline(never)]
fn gemm_tiles_layout(t: &Divided, data: &[f32]) -> f32 {
    let tile = t.mode::<0>();
    let rest = t.mode::<1>();
    let (tiles_m, tiles_n) = (rest.shape().head, rest.shape().tail.head);
    let mut acc = 0.0_f32;
    for tn in 0..tiles_n {
        for tm in 0..tiles_m {
            let base = rest.call((tm, tn));
            for j in 0..64 {
                for i in 0..128 {
                    acc += data[(base + tile.call((i, j))) as usize];
                }
            }
        }
    }
    acc
}

type Matrix = Layout![({}, {}) : (1, {})];

#[inline(never)]
fn gemm_tiles_local_tile(a: &Matrix, tiles: (i64, i64), data: &[f32]) -> f32 {
    let mut acc = 0.0_f32;
    for tn in 0..tiles.1 {
        for tm in 0..tiles.0 {
            // the block's tile: static extents, its base offset at run time
            let Ok((base, tile)) = local_tile(*a, tile!(128, 64), (tm, tn)) else {
                return f32::NAN;
            };
            for j in 0..64 {
                for i in 0..128 {
                    acc += data[(base + tile.call((i, j))) as usize];
                }
            }
        }
    }
    acc
}

#[inline(never)]
fn gemm_tiles_hand(m: i64, n: i64, ld: i64, data: &[f32]) -> f32 {
    let mut acc = 0.0_f32;
    for tn in 0..n / 64 {
        for tm in 0..m / 128 {
            let base = tm * 128 + tn * 64 * ld;
            for j in 0..64 {
                for i in 0..128 {
                    acc += data[(base + i + j * ld) as usize];
                }
            }
        }
    }
    acc
}

type Composed = Layout![((2, 2), 3) : ((24, 2), 8)];
type ThreadValue = Layout![((2, 4), (4, 8)) : ((32, 8), (64, 1))];

#[inline(never)]
fn sum_composed(l: &Composed, n: i64) -> i64 {
    (0..n).fold(0, |acc, i| acc.wrapping_add(l.eval(i)))
}

#[inline(never)]
fn sum_composed_hand(n: i64) -> i64 {
    (0..n).fold(0, |acc, i| {
        acc.wrapping_add((i % 2) * 24 + ((i / 2) % 2) * 2 + (i / 4) * 8)
    })
}

#[inline(never)]
fn sum_tv(l: &ThreadValue, n: i64) -> i64 {
    (0..n).fold(0, |acc, i| acc.wrapping_add(l.eval(i % 256)))
}

#[inline(never)]
fn sum_tv_hand(n: i64) -> i64 {
    (0..n).fold(0, |acc, i| {
        let i = i % 256;
        acc.wrapping_add((i & 1) * 32 + ((i >> 1) & 3) * 8 + ((i >> 3) & 3) * 64 + (i >> 5))
    })
}

fn gemm(c: &mut Criterion) {
    let (m, n, ld) = (
        black_box(4096_i64),
        black_box(4096_i64),
        black_box(4096_i64),
    );
    let data: Vec<f32> = (0..m * n).map(|k| (k % 7) as f32).collect();
    let a = layout!((m, n) : (1, ld)).expect("a valid layout");
    let t: Divided = zipped_divide(a, tile!(128, 64)).expect("the tile divides the matrix");
    assert_eq!(
        t.to_string(),
        "((_128,_64),(32,64)):((_1,4096),(_128,262144))"
    );
    assert_eq!(
        gemm_tiles_layout(&t, &data),
        gemm_tiles_hand(m, n, ld, &data)
    );
    let tiles = (m / 128, n / 64);
    assert_eq!(
        gemm_tiles_local_tile(&a, tiles, &data),
        gemm_tiles_hand(m, n, ld, &data)
    );

    let mut g = c.benchmark_group("GEMM tiles (4096, 4096) by (128, 64), f32 sum");
    g.sample_size(20);
    g.throughput(Throughput::Elements((m * n) as u64));
    // The layout first: the second of two runs over 64 MiB tends to be
    // measured slower on a shared machine; the inner loops are the same
    // machine code.
    g.bench_function("mixed layout divided by a static tile", |b| {
        b.iter(|| gemm_tiles_layout(black_box(&t), &data))
    });
    g.bench_function("local_tile of a mixed layout, per tile", |b| {
        b.iter(|| gemm_tiles_local_tile(black_box(&a), tiles, &data))
    });
    g.bench_function("hand-written", |b| {
        b.iter(|| gemm_tiles_hand(black_box(m), black_box(n), black_box(ld), &data))
    });
    g.finish();
}

fn static_composition(c: &mut Criterion) {
    let s: Composed = composition(layout!((6, 2) : (8, 2)), layout!((4, 3) : (3, 1)));
    let tv: ThreadValue = composition(
        layout!((128, 128) : (1, 128)),
        raked_product(layout!((4, 8) : (8, 1)), layout!((2, 4) : (1, 2))),
    );
    let n = 1 << 14;
    assert_eq!(sum_composed(&s, n), sum_composed_hand(n));
    assert_eq!(sum_tv(&tv, n), sum_tv_hand(n));

    let mut g = c.benchmark_group(format!("L(i) of the static composition {s}"));
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("hand-written", |b| {
        b.iter(|| sum_composed_hand(black_box(n)))
    });
    g.bench_function("static", |b| {
        b.iter(|| sum_composed(black_box(&s), black_box(n)))
    });
    g.finish();

    let mut g = c.benchmark_group(format!("L(i) of the static thread-value layout {tv}"));
    g.throughput(Throughput::Elements(n as u64));
    g.bench_function("hand-written", |b| b.iter(|| sum_tv_hand(black_box(n))));
    g.bench_function("static", |b| {
        b.iter(|| sum_tv(black_box(&tv), black_box(n)))
    });
    g.finish();
}

fn mixed_algebra(c: &mut Criterion) {
    let mut g = c.benchmark_group("mixed algebra, run-time leaves");
    g.bench_function("make (2,3):(1,6)", |b| {
        b.iter(|| {
            let (s0, s1, d0, d1) = black_box((2_i64, 3_i64, 1_i64, 6_i64));
            layout!((s0, s1) : (d0, d1)).unwrap()
        })
    });
    g.bench_function("composition (6,2):(8,2) o (4,3):(3,1)", |b| {
        b.iter(|| {
            let (a0, a1, a2, a3) = black_box((6_i64, 2_i64, 8_i64, 2_i64));
            let (b0, b1, b2, b3) = black_box((4_i64, 3_i64, 3_i64, 1_i64));
            let a = layout!((a0, a1) : (a2, a3)).unwrap();
            composition(a, layout!((b0, b1) : (b2, b3)).unwrap()).unwrap()
        })
    });
    g.bench_function("complement (2,2):(1,6)", |b| {
        b.iter(|| {
            let (a0, a1) = black_box((2_i64, 2_i64));
            complement(layout!((a0, a1) : (1, 6)).unwrap()).unwrap()
        })
    });
    g.bench_function("logical_product (2,2):(4,1) x 6:1", |b| {
        b.iter(|| {
            let (a0, a1, b0, b1) = black_box((2_i64, 2_i64, 6_i64, 1_i64));
            let a = layout!((a0, a1) : (4, 1)).unwrap();
            logical_product(a, layout!(b0 : b1).unwrap()).unwrap()
        })
    });
    g.bench_function("gemm: logical_divide (128,64) / (8,8) by-mode", |b| {
        b.iter(|| {
            let (m, n, d0, ld) = black_box((128_i64, 64_i64, 1_i64, 128_i64));
            let (t0, t1) = black_box((8_i64, 8_i64));
            logical_divide(layout!((m, n) : (d0, ld)).unwrap(), tile!(t0, t1)).unwrap()
        })
    });
    g.bench_function("gemm: zipped_divide (128,128) / (8,8)", |b| {
        b.iter(|| {
            let (m, n, d0, ld) = black_box((128_i64, 128_i64, 1_i64, 128_i64));
            let (t0, t1) = black_box((8_i64, 8_i64));
            zipped_divide(layout!((m, n) : (d0, ld)).unwrap(), tile!(t0, t1)).unwrap()
        })
    });
    g.finish();
}

criterion_group!(benches, gemm, static_composition, mixed_algebra);
criterion_main!(benches);
