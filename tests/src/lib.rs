//! Cross-crate tests of the CuTe workspace. The tests live in `tests/`; the
//! data they read (the specification's examples, the conformance cases) lives
//! in `data/`.
