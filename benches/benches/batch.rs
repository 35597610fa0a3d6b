//! Throughput of the expression evaluator on the lines `cute batch` reads:
//! every conformance case (`tests/data/conformance.tsv`, column 2), each
//! evaluated in one environment and answered with its repr or its error
//! class, as `cute batch` answers it. Criterion reports lines per second.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cute_expr::{eval, Env, Outcome};

fn lines() -> Vec<&'static str> {
    include_str!("../../tests/data/conformance.tsv")
        .lines()
        .filter_map(|l| l.split('\t').nth(1))
        .collect()
}

fn bench(c: &mut Criterion) {
    let lines = lines();
    let mut g = c.benchmark_group("batch");
    g.throughput(Throughput::Elements(lines.len() as u64));
    g.bench_function("conformance lines", |b| {
        let mut env = Env::new();
        let mut out = String::with_capacity(1 << 20);
        b.iter(|| {
            out.clear();
            for line in &lines {
                match eval(black_box(line), &mut env) {
                    Ok(Outcome::Value(v)) => writeln!(out, "ok\t{v}"),
                    Ok(Outcome::Statement) => writeln!(out, "ok"),
                    Err(e) => writeln!(out, "err\t{}\t{e}", e.class()),
                }
                .expect("writing to a String");
            }
            black_box(out.len())
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
