//! Each rule the type system enforces on static and mixed layouts has a
//! compile-fail case in `tests/ui/` whose first diagnostic line says, in
//! CuTe's terms, what is wrong; the compile-pass cases in `tests/pass/`
//! build with the compiler's default `recursion_limit`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
    t.pass("tests/pass/*.rs");
}
