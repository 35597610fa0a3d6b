//! What the symbolic integer's integration tests share: their symbols.

use cute_core::sym::{Assumptions, Sym};

/// The names of the test symbols: two positive sizes, a non-negative
/// coordinate, an integer of any sign, and a positive multiple of 8.
pub const NAMES: [&str; 5] = ["M", "N", "t", "x", "K"];

/// The symbols of [`NAMES`], with their assumptions.
pub fn vars() -> Vec<Sym> {
    let a = [
        Assumptions::positive(),
        Assumptions::positive(),
        Assumptions::nonnegative(),
        Assumptions::any(),
        Assumptions::positive().multiple_of(8).unwrap(),
    ];
    NAMES
        .iter()
        .zip(a)
        .map(|(n, a)| Sym::symbol_with(n, a).unwrap())
        .collect()
}
