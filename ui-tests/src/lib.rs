//! Compile-fail and compile-pass tests of `cute-static`: each rule the type
//! system enforces has a case in `tests/ui/` with its expected diagnostic.
