//! Criterion benchmarks of the CuTe workspace (`cargo bench -p cute-benches`).
