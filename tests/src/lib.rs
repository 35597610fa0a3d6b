//! Cross-crate tests of the CuTe workspace. The tests live in `tests/`; the
//! data they read (the specification's examples, the conformance cases) lives
//! in `data/`.

/// The README's Rust examples, compiled and run as doctests so that the
/// README stays true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
