//! The index code of several layouts, written as Rust, compiles with `rustc`
//! and computes at every coordinate (and a few past the end) the offset the
//! layout itself gives. A missing `rustc` is reported and the test skipped.

use std::fmt::Write as _;
use std::process::Command;

use cute_core::sym::{Assumptions, Lang, Sym};
use cute_dynamic::codegen::Coords;
use cute_dynamic::layout::Tiler;
use cute_dynamic::{algebra, Layout, Scalar};

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

/// The compiler, or `None` (reported) when there is none to run.
fn rustc() -> Option<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    if Command::new(&rustc).arg("--version").output().is_err() {
        eprintln!("rustc not found: the generated code is not compiled");
        return None;
    }
    Some(rustc)
}

/// Compiles the program `src`, runs it, and checks that it prints `want`
/// line by line.
fn compile_and_compare(rustc: &str, name: &str, src: &str, want: &str) {
    let dir = std::env::temp_dir().join(format!("cute-codegen-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("offsets.rs");
    std::fs::write(&file, src).unwrap();
    let exe = dir.join("offsets");
    let out = Command::new(rustc)
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

/// The coordinate of the index `i`, one integer per mode of the given sizes.
fn mode_coordinate(mut i: i64, sizes: &[i64]) -> Vec<i64> {
    let mut crd = Vec::new();
    for s in sizes {
        crd.push(i % s);
        i /= s;
    }
    crd
}

#[test]
fn generated_rust_computes_the_layout() {
    let Some(rustc) = rustc() else { return };
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
        let names = mode_names_of(l.rank());
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
            let crd = mode_coordinate(i, &sizes);
            let c: Vec<String> = crd.iter().map(i64::to_string).collect();
            writeln!(want, "{k}m {} {}", c.join(","), l.call_int(i).unwrap()).unwrap();
        }
    }
    src.push_str("}\n");
    compile_and_compare(&rustc, "int", &src, &want);
}

/// The symbol `name`, a positive multiple of `k`.
fn symbol(name: &str, k: i64) -> Sym {
    Sym::symbol_with(name, Assumptions::positive().multiple_of(k).unwrap()).unwrap()
}

/// Layouts over the symbols `M`, `N` (positive multiples of 8) and `ld`
/// (positive), as a kernel generator makes them: a matrix with a leading
/// dimension, its 8x8 tiles, a thread layout composed into it, a product.
fn symbolic_layouts() -> Vec<(&'static str, Layout<Sym>)> {
    let (m, n, ld) = (symbol("M", 8), symbol("N", 8), symbol("ld", 1));
    let int = |x: i64| Scalar::Int(Sym::from(x));
    let matrix =
        Layout::from_modes([(m.clone(), int(1)), (n.clone(), Scalar::Int(ld.clone()))]).unwrap();
    let row_major =
        Layout::from_modes([(m.clone(), Scalar::Int(n.clone())), (n.clone(), int(1))]).unwrap();
    let tiler = Tiler::Tuple(vec![Tiler::Int(Sym::from(8)), Tiler::Int(Sym::from(8))]);
    let tiles = algebra::zipped_divide(&matrix, &tiler).unwrap();
    let threads: Layout = "(2, 4):(4, 1)".parse().unwrap();
    let composed = algebra::composition(&row_major, threads.to_symbolic()).unwrap();
    let block: Layout = "(2, 2):(1, 2)".parse().unwrap();
    let product = algebra::logical_product(&block.to_symbolic(), &matrix).unwrap();
    vec![
        ("matrix", matrix),
        ("row_major", row_major),
        ("tiles", tiles),
        ("composed", composed),
        ("product", product),
    ]
}

#[test]
fn generated_rust_computes_symbolic_layouts() {
    let Some(rustc) = rustc() else { return };
    let values: [[i64; 3]; 4] = [[8, 8, 8], [16, 8, 19], [24, 16, 24], [8, 24, 40]];
    let names = ["M", "N", "ld"];
    let mut src = String::new();
    let mut main = String::from("fn main() {\n");
    let mut want = String::new();
    for (k, (what, l)) in symbolic_layouts().iter().enumerate() {
        let linear = l.index_code(Coords::Index("i"), Lang::Rust).unwrap();
        let modes = mode_names_of(l.rank());
        let refs: Vec<&str> = modes.iter().map(String::as_str).collect();
        let by_mode = l.index_code(Coords::Modes(&refs), Lang::Rust).unwrap();
        writeln!(
            src,
            "#[allow(non_snake_case, unused)]\nfn linear{k}(i: i64, M: i64, N: i64, ld: i64) -> i64 {{ {linear} }}"
        )
        .unwrap();
        let params: Vec<String> = modes.iter().map(|c| format!("{c}: i64")).collect();
        writeln!(
            src,
            "#[allow(non_snake_case, unused)]\nfn modes{k}({}, M: i64, N: i64, ld: i64) -> i64 {{ {by_mode} }}",
            params.join(", ")
        )
        .unwrap();
        for vals in &values {
            let at = l
                .subs(&|s| names.iter().position(|n| *n == s).map(|p| vals[p]))
                .unwrap_or_else(|e| panic!("{what} at {vals:?}: {e}"));
            let size = at.size().unwrap();
            let sizes: Vec<i64> = at.modes().map(|m| m.size().unwrap()).collect();
            let [vm, vn, vld] = vals;
            writeln!(
                main,
                "    for i in 0..{size}_i64 {{ println!(\"{k} {{i}} {{}}\", linear{k}(i, {vm}, {vn}, {vld})); }}"
            )
            .unwrap();
            let mut args = String::new();
            for (c, s) in modes.iter().zip(&sizes).rev() {
                write!(main, "    for {c} in 0..{s}_i64 {{").unwrap();
            }
            for c in &modes {
                write!(args, "{c}, ").unwrap();
            }
            writeln!(
                main,
                " println!(\"{k}m {{}}\", modes{k}({args}{vm}, {vn}, {vld}));{}",
                " }".repeat(modes.len())
            )
            .unwrap();
            for i in 0..size {
                writeln!(want, "{k} {i} {}", at.call_int(i).unwrap()).unwrap();
            }
            // the loops run the last mode outermost: colexicographic order
            for i in 0..size {
                writeln!(want, "{k}m {}", at.call_int(i).unwrap()).unwrap();
            }
        }
    }
    main.push_str("}\n");
    src.push_str(&main);
    compile_and_compare(&rustc, "sym", &src, &want);
}

/// The names of one coordinate per mode: `c0, c1, ...`.
fn mode_names_of(rank: usize) -> Vec<String> {
    (0..rank).map(|k| format!("c{k}")).collect()
}
