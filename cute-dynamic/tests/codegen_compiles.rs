//! The index code of several layouts, written as Rust, compiles with `rustc`
//! and computes at every coordinate (and a few past the end) the offset the
//! layout itself gives. A missing `rustc` is reported and the test skipped.

use std::fmt::Write as _;
use std::process::Command;

use cute_core::sym::Lang;
use cute_dynamic::codegen::Coords;
use cute_dynamic::Layout;

const LAYOUTS: [&str; 9] = [
    "(4, 8):(1, 4)",
    "(4, 8):(8, 1)",
    "(3, (2, 4)):(2, (1, 6))",
    "((8, 4), (2, 16)):((1, 64), (8, 128))",
    "((2, 2), 3):((24, 2), 8)",
    "(6, 5, 3):(15, 1, 5)",
    "((4, 8), (2, 2)):((32, 1), (16, 8))",
    "(5, 7):(-1, 5)",
    "(128, 64):(64, 1)",
];

/// The names of one coordinate per mode: `c0, c1, ...`.
fn mode_names(l: &Layout) -> Vec<String> {
    (0..l.rank()).map(|k| format!("c{k}")).collect()
}

#[test]
fn generated_rust_computes_the_layout() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    if Command::new(&rustc).arg("--version").output().is_err() {
        eprintln!("rustc not found: the generated code is not compiled");
        return;
    }
    let mut src = String::from("fn main() {\n");
    let mut want = String::new();
    for (k, text) in LAYOUTS.iter().enumerate() {
        let l: Layout = text.parse().unwrap();
        let n = l.size().unwrap();
        let linear = l.index_code(Coords::Index("i"), Lang::Rust).unwrap();
        writeln!(
            src,
            "    for i in 0..{}_i64 {{ let v: i64 = {linear}; println!(\"{k} {{i}} {{v}}\"); }}",
            n + 3
        )
        .unwrap();
        for i in 0..n + 3 {
            writeln!(want, "{k} {i} {}", l.call_int(i).unwrap()).unwrap();
        }
        // one integer per mode, every coordinate in the domain
        let names = mode_names(&l);
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let code = l.index_code(Coords::Modes(&refs), Lang::Rust).unwrap();
        let sizes: Vec<i64> = l.modes().map(|m| m.size().unwrap()).collect();
        let mut open = String::new();
        let mut close = String::new();
        for (name, s) in names.iter().zip(&sizes).rev() {
            write!(open, "for {name} in 0..{s}_i64 {{ ").unwrap();
            close.push_str("} ");
        }
        let args: Vec<String> = names.iter().map(|n| format!("{{{n}}}")).collect();
        writeln!(
            src,
            "    {open}let v: i64 = {code}; println!(\"{k}m {} {{v}}\"); {close}",
            args.join(",")
        )
        .unwrap();
        let total: i64 = sizes.iter().product();
        // the same loops, nested last mode outermost: colexicographic order
        for i in 0..total {
            let (mut rest, mut crd) = (i, Vec::new());
            for s in &sizes {
                crd.push(rest % s);
                rest /= s;
            }
            let c: Vec<String> = crd.iter().map(i64::to_string).collect();
            writeln!(want, "{k}m {} {}", c.join(","), l.call_int(i).unwrap()).unwrap();
        }
    }
    src.push_str("}\n");
    let dir = std::env::temp_dir().join(format!("cute-codegen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("offsets.rs");
    std::fs::write(&file, &src).unwrap();
    let exe = dir.join("offsets");
    let out = Command::new(&rustc)
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&exe)
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "rustc failed:\n{}\n{src}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("compiled and ran {} lines", want.lines().count());
    assert!(run.status.success());
    let got = String::from_utf8(run.stdout).unwrap();
    for (g, w) in got.lines().zip(want.lines()) {
        assert_eq!(g, w, "generated code:\n{src}");
    }
    assert_eq!(got.lines().count(), want.lines().count());
}
