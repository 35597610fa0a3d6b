//! Each rule the type system enforces on static and mixed layouts has a
//! compile-fail case in `tests/ui/` whose first diagnostic line says, in
//! CuTe's terms, what is wrong; the compile-pass cases in `tests/pass/`
//! build with the compiler's default `recursion_limit`.
//!
//! The committed `.stderr` files were made by the compiler named in
//! `rustc-version`. With that compiler they must match byte for byte. With
//! another one, the rest of a diagnostic (notes, spans, type names) may
//! legitimately differ, so the test says so plainly and checks what this
//! project owns: every case still fails to compile, and its first line (the
//! rule, in CuTe's terms) is the committed one.

use std::path::{Path, PathBuf};
use std::process::Command;

fn rustc_version() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(rustc)
        .arg("--version")
        .output()
        .expect("rustc --version runs");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn first_line(path: &Path) -> String {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines().next().unwrap_or_default().to_string()
}

#[test]
fn ui() {
    let recorded = include_str!("../rustc-version").trim();
    let actual = rustc_version();
    if actual == recorded {
        let t = trybuild::TestCases::new();
        t.compile_fail("tests/ui/*.rs");
        t.pass("tests/pass/*.rs");
        return;
    }
    eprintln!(
        "notice: the .stderr files of ui-tests were made with `{recorded}`, \
         this compiler is `{actual}`: checking that every case fails to compile \
         with the committed first line, not the whole diagnostic"
    );
    // Copy the cases to a scratch directory and let trybuild write their
    // diagnostics there; then compare first lines with the committed ones.
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("ui-first-lines");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let mut cases = Vec::new();
    for entry in std::fs::read_dir("tests/ui").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let copy = scratch.join(path.file_name().unwrap());
            std::fs::copy(&path, &copy).unwrap();
            cases.push((path, copy));
        }
    }
    // This test is the only one of its binary, so no other thread reads the
    // environment; trybuild reads the variable when the cases run, below.
    std::env::set_var("TRYBUILD", "overwrite");
    {
        let t = trybuild::TestCases::new();
        t.compile_fail(scratch.join("*.rs"));
        t.pass("tests/pass/*.rs");
    }
    for (committed, copy) in cases {
        let want = first_line(&committed.with_extension("stderr"));
        let got = first_line(&copy.with_extension("stderr"));
        assert_eq!(
            got,
            want,
            "first diagnostic line of {}",
            committed.display()
        );
    }
}
