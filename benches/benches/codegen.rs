//! Index code of symbolic layouts with many leaves: 64 symbolic extents
//! and strides, one name per mode (4 modes of 16 leaves) and one per leaf,
//! and a linear index split over 24 symbolic extents, the deepest nesting
//! a symbolic integer allows. Writing the code is linear in the size of
//! the expression (at most 4096 nodes); it once doubled with each nested
//! quotient.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use cute_core::sym::{Assumptions, Lang, Sym};
use cute_dynamic::codegen::{function_code, Coords};
use cute_dynamic::{HTuple, Layout, Scalar};

fn symbol(name: &str) -> Sym {
    Sym::symbol_with(name, Assumptions::positive()).unwrap()
}

/// `modes` modes of `per` leaves, leaf `k` of extent `a<k>` and stride `d<k>`.
fn distinct(modes: usize, per: usize) -> Layout<Sym> {
    fn tuple<T>(modes: usize, per: usize, f: impl Fn(usize) -> T) -> HTuple<T> {
        HTuple::Tuple(
            (0..modes)
                .map(|m| HTuple::Tuple((0..per).map(|k| HTuple::Leaf(f(m * per + k))).collect()))
                .collect(),
        )
    }
    let shape = tuple(modes, per, |k| symbol(&format!("a{k}")));
    let stride = tuple(modes, per, |k| Scalar::Int(symbol(&format!("d{k}"))));
    Layout::new(shape, stride).unwrap()
}

fn bench(c: &mut Criterion) {
    let by_mode = distinct(4, 16);
    let by_leaf = distinct(8, 8);
    let leaf_names: Vec<String> = (0..64).map(|k| format!("c{k}")).collect();
    let leaf_refs: Vec<&str> = leaf_names.iter().map(String::as_str).collect();
    let m = symbol("M");
    let deep = Layout::from_modes((0..24).map(|_| (m.clone(), Scalar::Int(m.clone())))).unwrap();
    let mut g = c.benchmark_group("codegen");
    g.bench_function("64 symbolic leaves, 4 modes of 16, C function", |x| {
        x.iter(|| {
            function_code(
                black_box(&by_mode),
                Coords::Modes(&["i", "j", "k", "l"]),
                "f",
                Lang::C,
            )
        })
    });
    g.bench_function("64 symbolic leaves, a name per leaf, Rust function", |x| {
        x.iter(|| {
            function_code(
                black_box(&by_leaf),
                Coords::Natural(&leaf_refs),
                "f",
                Lang::Rust,
            )
        })
    });
    g.bench_function("a linear index over 24 symbolic leaves, C", |x| {
        x.iter(|| black_box(&deep).index_code(Coords::Index("t"), Lang::C))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
