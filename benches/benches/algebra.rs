//! Benchmarks of the core layout algebra (coalesce, composition, complement,
//! products and divides) on the specification's example inputs and on
//! tiled-GEMM-sized cases: a (128, 64) tile divided by (8, 8), a (4, 8)
//! thread layout producted with a (2, 4) value layout, and the zipped divide
//! of (128, 128) by (8, 8); for reference, the making of a layout of two
//! leaves from run-time values and the return of a layout from a call;
//! and, for information, the same algebra
//! over symbolic sizes (`Layout<Sym>`).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use cute_core::Sym;
use cute_dynamic::algebra::{
    blocked_product, coalesce, coalesce_z, complement, complement_to, composition, composition_at,
    logical_divide, logical_product, raked_product, zipped_divide,
};
use cute_dynamic::layout::{Layout, Tiler};
use cute_dynamic::{tile, HTuple, Scalar};

fn l(s: &str) -> Layout {
    s.parse().expect("a layout literal")
}

/// A clone of `r` as an operation of the algebra returns its result (not
/// inlined into the benchmark's loop, as the algebra's operations are not).
#[inline(never)]
fn returned(r: &Layout) -> cute_core::Result<Layout> {
    Ok(r.clone())
}

fn bench(c: &mut Criterion) {
    // for reference: a layout of two leaves made from run-time values, what
    // every operation below builds and returns
    c.bench_function("make (2,3):(1,6)", |b| {
        b.iter(|| {
            let (s, d) = black_box(((2, 3), (1, 6)));
            Layout::from_modes([(s.0, Scalar::Int(d.0)), (s.1, Scalar::Int(d.1))]).unwrap()
        })
    });
    // for reference: what returning a layout costs an operation that does
    // nothing else, a clone of a 2-D layout returned as a `Result` (as the
    // algebra returns its results) and unwrapped
    let r = l("(3, 2):(2, 12)");
    c.bench_function("return (3,2):(2,12) (a clone, as a Result)", |b| {
        b.iter(|| returned(black_box(&r)).unwrap())
    });
    // the specification's examples
    let a = l("(2, (1, 6)):(1, (6, 2))");
    c.bench_function("coalesce (2,(1,6)):(1,(6,2))", |b| {
        b.iter(|| coalesce(black_box(&a)).unwrap())
    });
    let a = l("(2, 1, 6, 1):(1, 7, 8, 0)");
    c.bench_function("coalesce_z (2,1,6,1):(1,7,8,0)", |b| {
        b.iter(|| coalesce_z(black_box(&a)).unwrap())
    });
    let (a, t) = (l("(6, 2):(8, 2)"), l("(4, 3):(3, 1)"));
    c.bench_function("composition (6,2):(8,2) o (4,3):(3,1)", |b| {
        b.iter(|| composition(black_box(&a), black_box(&t)).unwrap())
    });
    let (a, t) = (l("(4, 6):(1, 4)"), l("3:2"));
    c.bench_function("composition[1] (4,6):(1,4) o 3:2", |b| {
        b.iter(|| composition_at(black_box(&a), black_box(&t), &[1]).unwrap())
    });
    let a = l("(2, 2):(1, 6)");
    c.bench_function("complement (2,2):(1,6)", |b| {
        b.iter(|| complement(black_box(&a)).unwrap())
    });
    let a = l("4:2");
    c.bench_function("complement 4:2, 20", |b| {
        b.iter(|| complement_to(black_box(&a), 20).unwrap())
    });
    let (a, t) = (l("(2, 2):(4, 1)"), l("6:1"));
    c.bench_function("logical_product (2,2):(4,1) x 6:1", |b| {
        b.iter(|| logical_product(black_box(&a), black_box(&t)).unwrap())
    });
    let (a, t) = (l("24:1"), l("4:2"));
    c.bench_function("logical_divide 24:1 / 4:2", |b| {
        b.iter(|| logical_divide(black_box(&a), black_box(&t)).unwrap())
    });
    let a = l("(9, 32):(1, 9)");
    let t: Tiler = tile!(l("3:3"), l("(2, 4):(1, 8)"));
    c.bench_function("zipped_divide (9,32) / (3:3, (2,4):(1,8))", |b| {
        b.iter(|| zipped_divide(black_box(&a), black_box(&t)).unwrap())
    });
    let (a, bl) = (l("(2, 5):(5, 1)"), l("(3, 4):(1, 3)"));
    c.bench_function("blocked_product (2,5):(5,1) x (3,4):(1,3)", |b| {
        b.iter(|| blocked_product(black_box(&a), black_box(&bl)).unwrap())
    });
    c.bench_function("raked_product (2,5):(5,1) x (3,4):(1,3)", |b| {
        b.iter(|| raked_product(black_box(&a), black_box(&bl)).unwrap())
    });

    // tiled-GEMM-sized cases
    let tile = l("(128, 64):(1, 128)");
    let by: Tiler = tile!(8, 8);
    c.bench_function("gemm: logical_divide (128,64) / (8,8) by-mode", |b| {
        b.iter(|| logical_divide(black_box(&tile), black_box(&by)).unwrap())
    });
    let (thr, val) = (l("(4, 8):(8, 1)"), l("(2, 4):(1, 2)"));
    c.bench_function("gemm: logical_product (4,8):(8,1) x (2,4):(1,2)", |b| {
        b.iter(|| logical_product(black_box(&thr), black_box(&val)).unwrap())
    });
    c.bench_function("gemm: raked_product (4,8):(8,1) x (2,4):(1,2)", |b| {
        b.iter(|| raked_product(black_box(&thr), black_box(&val)).unwrap())
    });
    let big = l("(128, 128):(1, 128)");
    c.bench_function("gemm: zipped_divide (128,128) / (8,8)", |b| {
        b.iter(|| zipped_divide(black_box(&big), black_box(&by)).unwrap())
    });
    let (a, t) = (l("((4, 8), (2, 4)):((16, 1), (4, 64))"), l("(8, 4):(4, 1)"));
    c.bench_function("gemm: composition tv o (8,4):(4,1)", |b| {
        b.iter(|| composition(black_box(&a), black_box(&t)).unwrap())
    });

    // the same algebra over symbolic sizes, for information
    let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
    let sym = Layout::new(
        HTuple::from_leaves([m.clone(), n]),
        HTuple::from_leaves([Scalar::Int(Sym::from(1)), Scalar::Int(m)]),
    )
    .unwrap();
    let sby: Tiler<Sym> = tile!(8, 8);
    let mut g = c.benchmark_group("sym");
    g.bench_function("coalesce (M,N):(1,M)", |b| {
        b.iter(|| coalesce(black_box(&sym)).unwrap())
    });
    g.bench_function("complement (M,N):(1,M)", |b| {
        b.iter(|| complement(black_box(&sym)).unwrap())
    });
    g.bench_function("logical_divide (M,N):(1,M) / (8,8)", |b| {
        b.iter(|| logical_divide(black_box(&sym), black_box(&sby)).unwrap())
    });
    g.bench_function("zipped_divide (M,N):(1,M) / (8,8)", |b| {
        b.iter(|| zipped_divide(black_box(&sym), black_box(&sby)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
