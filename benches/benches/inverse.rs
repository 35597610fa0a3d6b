//! Benchmarks of the inverses, nullspace, layout_add and
//! greatest_common_domain on the specification's example inputs and on a
//! GEMM-sized thread-value layout, `((4, 8), (2, 4)):((2, 32), (1, 8))`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use cute_dynamic::algebra::{
    greatest_common_domain, layout_add, left_inverse, nullspace, right_inverse,
};
use cute_dynamic::{HTuple, IntTuple, Layout, Scalar, F2};

fn t(s: &[i64]) -> IntTuple {
    HTuple::Tuple(s.iter().map(|&x| HTuple::Leaf(x)).collect())
}

fn flat(s: &[i64], d: &[i64]) -> Layout {
    let d = d.iter().map(|&x| HTuple::Leaf(Scalar::Int(x))).collect();
    Layout::new(t(s), HTuple::Tuple(d)).unwrap()
}

/// `((4, 8), (2, 4)):((2, 32), (1, 8))`: 32 threads by 8 values, a
/// bijection onto 256 offsets (each thread owns pairs of contiguous values).
fn tv() -> Layout {
    let pair = |a: i64, b: i64| HTuple::Tuple(vec![HTuple::Leaf(a), HTuple::Leaf(b)]);
    let spair = |a: i64, b: i64| {
        HTuple::Tuple(vec![
            HTuple::Leaf(Scalar::Int(a)),
            HTuple::Leaf(Scalar::Int(b)),
        ])
    };
    Layout::new(
        HTuple::Tuple(vec![pair(4, 8), pair(2, 4)]),
        HTuple::Tuple(vec![spair(2, 32), spair(1, 8)]),
    )
    .unwrap()
}

fn bench(c: &mut Criterion) {
    let row = flat(&[4, 8], &[8, 1]);
    let gap = flat(&[4, 8], &[1, 5]);
    let f2 = |x: u64| HTuple::Leaf(Scalar::F2(F2(x)));
    let swz = Layout::new(t(&[8, 8]), HTuple::Tuple(vec![f2(9), f2(1)])).unwrap();
    let tv = tv();
    let z = flat(&[2, 4, 6], &[1, 2, 0]);
    let (a, b) = (flat(&[5, 3, 4], &[1, 5, 15]), flat(&[10, 6], &[1, 10]));
    let (sa, sb) = (t(&[6, 35]), t(&[15, 14]));
    let mut g = c.benchmark_group("inverse");
    g.bench_function("right_inverse (4,8):(8,1)", |x| {
        x.iter(|| right_inverse(black_box(&row)))
    });
    g.bench_function("right_inverse F2 (8,8):(F9,F1)", |x| {
        x.iter(|| right_inverse(black_box(&swz)))
    });
    g.bench_function("right_inverse TV", |x| {
        x.iter(|| right_inverse(black_box(&tv)))
    });
    g.bench_function("left_inverse (4,8):(1,5)", |x| {
        x.iter(|| left_inverse(black_box(&gap)))
    });
    g.bench_function("left_inverse TV", |x| {
        x.iter(|| left_inverse(black_box(&tv)))
    });
    g.bench_function("nullspace (2,4,6):(1,2,0)", |x| {
        x.iter(|| nullspace(black_box(&z)))
    });
    g.bench_function("layout_add (5,3,4)+(10,6)", |x| {
        x.iter(|| layout_add(black_box(&a), black_box(&b)))
    });
    g.bench_function("layout_add TV+TV", |x| {
        x.iter(|| layout_add(black_box(&tv), black_box(&tv)))
    });
    g.bench_function("greatest_common_domain (6,35),(15,14)", |x| {
        x.iter(|| greatest_common_domain(black_box(&sa), black_box(&sb)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
