//! Copying a 4096 x 4096 `f32` matrix (64 MiB) with `cute_dynamic::alg::copy`:
//! contiguous to contiguous beside `copy_from_slice` of the same bytes, and
//! row-major to column-major (a transpose) beside a hand-tiled transpose.
//! Throughput counts the bytes read plus the bytes written.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cute_dynamic::accessor::{SliceAccessor, SliceAccessorMut};
use cute_dynamic::alg::{copy, plan_copy};
use cute_dynamic::tensor::Tensor;
use cute_dynamic::Layout;

const N: usize = 4096;

/// The anchor: a transpose tiled by hand, 32 x 32 tiles, the inner loop
/// writing a column of the tile contiguously. (32 is its best tile here:
/// with 64 its 64 reads 16 KiB apart conflict in the cache and it runs at
/// two thirds of the speed.)
fn transpose_tiled(src: &[f32], dst: &mut [f32], n: usize) {
    const T: usize = 32;
    for jb in (0..n).step_by(T) {
        for ib in (0..n).step_by(T) {
            // tile (ib.., jb..) of the row-major source, to column-major
            for j in jb..jb + T {
                let out = &mut dst[j * n + ib..j * n + ib + T];
                for (k, o) in out.iter_mut().enumerate() {
                    *o = src[(ib + k) * n + j];
                }
            }
        }
    }
}

fn layout(s: &str) -> Layout {
    s.parse().expect("a layout")
}

fn bench_copy(c: &mut Criterion) {
    let src: Vec<f32> = (0..N * N).map(|i| i as f32).collect();
    let mut dst = vec![0.0f32; N * N];
    let col = layout(&format!("({N}, {N}):(1, {N})"));
    let row = layout(&format!("({N}, {N}):({N}, 1)"));

    let mut g = c.benchmark_group("copy 4096x4096 f32");
    g.throughput(Throughput::Bytes((2 * N * N * 4) as u64));
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(3));

    g.bench_function("copy_from_slice", |b| {
        b.iter(|| dst.copy_from_slice(black_box(&src)))
    });
    g.bench_function("cute copy, column-major to column-major", |b| {
        b.iter(|| {
            let s = Tensor::new(SliceAccessor::new(black_box(&src)), col.clone()).unwrap();
            let mut d = Tensor::new(SliceAccessorMut::new(&mut dst), col.clone()).unwrap();
            copy(&s, &mut d).unwrap();
        })
    });
    g.bench_function("hand-tiled transpose", |b| {
        b.iter(|| transpose_tiled(black_box(&src), &mut dst, N))
    });
    g.bench_function("cute copy, row-major to column-major", |b| {
        b.iter(|| {
            let s = Tensor::new(SliceAccessor::new(black_box(&src)), row.clone()).unwrap();
            let mut d = Tensor::new(SliceAccessorMut::new(&mut dst), col.clone()).unwrap();
            copy(&s, &mut d).unwrap();
        })
    });
    g.finish();

    // the transposing copy is checked once against the hand-tiled one
    let mut expected = vec![0.0f32; N * N];
    transpose_tiled(&src, &mut expected, N);
    let s = Tensor::new(SliceAccessor::new(&src), row.clone()).unwrap();
    let mut d = Tensor::new(SliceAccessorMut::new(&mut dst), col.clone()).unwrap();
    copy(&s, &mut d).unwrap();
    assert!(
        dst == expected,
        "the transposing copy differs from the hand-tiled transpose"
    );
    assert_eq!(plan_copy(&col, &col).unwrap().vector(), (N * N) as i64);
}

criterion_group!(benches, bench_copy);
criterion_main!(benches);
