//! The index code of several layouts, written as Rust, compiles with `rustc`
//! and computes at every coordinate (and a few past the end) the offset the
//! layout itself gives. A missing `rustc` is reported and the test skipped.

use std::fmt::Write as _;
use std::process::Command;

use cute_core::sym::{Assumptions, Lang, Sym};
use cute_core::IntLeaf as _;
use cute_dynamic::codegen::{function_code_with, Coords, IndexType};
use cute_dynamic::layout::Tiler;
use cute_dynamic::swizzle::Swizzle;
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

/// Tiles a swizzle is applied after, with the swizzles' `(B, M, S)`.
const SWIZZLED: [(&str, ()); 3] = [
    ("(8, 64):(64, 1)", ()),
    ("(8, 32):(32, 1)", ()),
    ("((8, 2), 64):((64, 512), 1)", ()),
];
const SWIZZLES: [(i64, i64, i64); 4] = [(3, 3, 3), (2, 3, 3), (1, 4, 3), (3, 4, 3)];
/// Layouts with F2 strides: swizzles written as strides.
const F2_LAYOUTS: [&str; 3] = [
    "(8, 32):(F36, F1)",
    "(4, 8):(F9, F1)",
    "((2, 4), 16):((F16, F34), F1)",
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

// ---- functions with random names, in every language --------------------------

/// Whether `name --version` runs.
fn compiler_present(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Words next to the ones a language reserves, and reserved in one
/// language only: the candidates a random identifier rarely is.
const NEAR: &[&str] = &[
    "union", "min", "max", "int", "int_", "Int", "fn_", "None", "None_", "Some", "self_",
    "template", "class", "new", "delete", "auto", "fn", "let", "match", "loop", "type", "mod",
    "move", "ref", "where", "SIZE", "_x", "x_", "INT64", "int64", "i64", "u8", "std", "core",
    "bool", "signed", "Self", "_", "__x", "_X", "xor", "and", "not", "typename", "restrict",
    "register", "uint_t", "INT8_C", "SIZE_MAX", "int64_t", "printf_", "crate", "impl", "trait",
    "async", "dyn", "gen",
];

/// A candidate name: a random identifier, or a word of [`NEAR`].
fn candidate(rng: &mut Rng) -> String {
    if rng.below(3) == 0 {
        return NEAR[rng.below(NEAR.len())].to_string();
    }
    const FIRST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
    const REST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789";
    let mut s = String::from(FIRST[rng.below(FIRST.len())] as char);
    for _ in 0..rng.below(9) {
        s.push(REST[rng.below(REST.len())] as char);
    }
    s
}

/// A fresh name that `lang` accepts: not in `used`, not a name of the test
/// programs themselves. Candidates the language refuses are counted.
fn fresh(rng: &mut Rng, lang: Lang, used: &mut Vec<String>, refused: &mut usize) -> String {
    loop {
        let n = candidate(rng);
        if used.contains(&n) || ["main", "printf"].contains(&n.as_str()) {
            continue;
        }
        match cute_dynamic::codegen::check_name(&n, lang, "a name") {
            Ok(()) => {
                used.push(n.clone());
                return n;
            }
            Err(_) => *refused += 1,
        }
    }
}

/// One generated function: its code, and per call its arguments and the
/// offset the layout gives.
struct Case {
    code: String,
    name: String,
    calls: Vec<(Vec<i64>, i64)>,
}

/// The coordinate `i` split colexicographically over `sizes`.
fn split_colex(mut i: i64, sizes: &[i64]) -> Vec<i64> {
    let mut out = Vec::new();
    for (k, s) in sizes.iter().enumerate() {
        if k + 1 == sizes.len() {
            out.push(i);
        } else {
            out.push(i % s);
            i /= s;
        }
    }
    out
}

/// `count` functions over random layouts, coordinate forms and names, all
/// of which `lang` accepts; each checked later at a few coordinates.
fn random_cases(lang: Lang, seed: u64, count: usize) -> (Vec<Case>, usize) {
    let mut rng = Rng(seed);
    let mut used_fns = Vec::new();
    let mut refused = 0;
    let mut cases = Vec::new();
    for k in 0..count {
        let mut used = used_fns.clone();
        // a layout over two symbols of random names, or an integer one
        let symbolic = k % 2 == 1;
        let (a, b) = (
            fresh(&mut rng, lang, &mut used, &mut refused),
            fresh(&mut rng, lang, &mut used, &mut refused),
        );
        // every fourth case swizzled after the layout, every fourth an F2
        // layout; the integer ones in a random index type
        let swizzled = k % 4 == 2;
        let f2 = k % 4 == 3;
        let layout: Layout<Sym> = if symbolic {
            let sa = Sym::symbol_with(&a, Assumptions::positive()).unwrap();
            let sb = Sym::symbol_with(&b, Assumptions::positive()).unwrap();
            let int = |x: i64| Scalar::Int(Sym::from(x));
            Layout::from_modes([(sa, int(1)), (Sym::from(4), Scalar::Int(sb))]).unwrap()
        } else if swizzled {
            SWIZZLED[rng.below(SWIZZLED.len())]
                .0
                .parse::<Layout>()
                .unwrap()
                .to_symbolic()
        } else if f2 {
            F2_LAYOUTS[rng.below(F2_LAYOUTS.len())]
                .parse::<Layout>()
                .unwrap()
                .to_symbolic()
        } else {
            LAYOUTS[rng.below(LAYOUTS.len())]
                .parse::<Layout>()
                .unwrap()
                .to_symbolic()
        };
        let swizzle = swizzled.then(|| {
            let (b, m, s) = SWIZZLES[rng.below(SWIZZLES.len())];
            Swizzle::new(b, m, s).unwrap()
        });
        let negative = layout
            .leaves()
            .iter()
            .any(|(_, d)| matches!(d, Scalar::Int(x) if x.try_const().is_some_and(|x| x < 0)));
        let ty = match (symbolic, rng.below(3)) {
            (true, _) => IndexType::I64,
            (false, 0) => IndexType::I32,
            (false, 1) if !negative => IndexType::U32,
            _ => IndexType::I64,
        };
        let values = |s: &str| {
            if s == a {
                Some(5)
            } else if s == b {
                Some(23)
            } else {
                None
            }
        };
        let at = layout.subs(&values).unwrap();
        let leaves = at.leaves().len();
        let (form, n) = match rng.below(4) {
            0 => (0, 1),
            1 => (1, at.rank()),
            2 => (2, leaves),
            // a profile: one name per mode, as a tuple
            _ => (3, at.rank()),
        };
        let names: Vec<String> = (0..n)
            .map(|_| fresh(&mut rng, lang, &mut used, &mut refused))
            .collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let tree = cute_dynamic::htuple::HTuple::Tuple(
            refs.iter()
                .map(|r| cute_dynamic::htuple::HTuple::Leaf(*r))
                .collect(),
        );
        let coords = match form {
            0 => Coords::Index(refs[0]),
            1 => Coords::Modes(&refs),
            2 => Coords::Natural(&refs),
            _ => Coords::Profile(&tree),
        };
        let name = fresh(&mut rng, lang, &mut used, &mut refused);
        used_fns.push(name.clone());
        let code = function_code_with(&layout, swizzle.as_ref(), coords, &name, lang, ty)
            .unwrap_or_else(|e| panic!("{name} over {names:?}: {e}"));
        // the symbols the code reads, in the layout's order, follow the coordinates
        let params = cute_dynamic::codegen::parameters(&layout, coords).unwrap();
        let sizes: Vec<i64> = match form {
            0 => vec![at.size().unwrap()],
            1 | 3 => at.modes().map(|m| m.size().unwrap()).collect(),
            _ => at.leaves().iter().map(|(s, _)| *s).collect(),
        };
        let calls = (0..at.size().unwrap().min(7))
            .map(|i| {
                let mut args = split_colex(i, &sizes);
                args.extend(params.iter().map(|p| values(p).unwrap()));
                let offset = match at.call_index(i).unwrap() {
                    Scalar::Int(x) => x,
                    Scalar::F2(f) => f.0 as i64,
                    x => panic!("the offset {x}"),
                };
                (args, swizzle.as_ref().map_or(offset, |sw| sw.apply(offset)))
            })
            .collect();
        cases.push(Case { code, name, calls });
    }
    (cases, refused)
}

/// Compiles `src` with `compiler` and `flags` into `exe`; runs it.
fn build_and_run(compiler: &str, flags: &[&str], file: &std::path::Path, src: &str) -> String {
    std::fs::write(file, src).unwrap();
    let exe = file.with_extension("exe");
    let out = Command::new(compiler)
        .args(flags)
        .arg("-o")
        .arg(&exe)
        .arg(file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{compiler} failed:\n{}\n{src}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = Command::new(&exe).output().unwrap();
    assert!(run.status.success());
    String::from_utf8(run.stdout).unwrap()
}

#[test]
fn functions_with_random_names_compile_and_compute_the_layout() {
    const CASES: usize = 24;
    let dir = std::env::temp_dir().join(format!("cute-codegen-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (lang, compilers, file) in [
        (Lang::C, ["cc", "gcc", "clang"], "names.c"),
        (Lang::Cuda, ["c++", "g++", "clang++"], "names.cpp"),
        (Lang::Rust, ["rustc", "rustc", "rustc"], "names.rs"),
    ] {
        let compiler = match lang {
            Lang::Rust => rustc(),
            _ => compilers
                .into_iter()
                .find(|c| compiler_present(c))
                .map(String::from),
        };
        let Some(compiler) = compiler else {
            eprintln!(
                "no compiler of {compilers:?} found: the {lang:?} functions are not compiled"
            );
            continue;
        };
        let (cases, refused) = random_cases(lang, 0x5eed_c0de, CASES);
        assert!(refused > 0, "some candidates are refused in {lang:?}");
        let mut src = String::new();
        let mut want = String::new();
        let rust = lang == Lang::Rust;
        if !rust {
            // the code's own header first: a name must not clash with it;
            // printf is declared by hand, no other header is read
            src.push_str("#include <stdint.h>\n");
            if lang == Lang::Cuda {
                src.push_str(
                    "#define __host__\n#define __device__\nextern \"C\" int printf(const char *, ...);\n\
                     static inline long long min(long long a, long long b) { return a < b ? a : b; }\n\
                     static inline long long max(long long a, long long b) { return a > b ? a : b; }\n",
                );
            } else {
                src.push_str("int printf(const char *, ...);\n");
            }
        }
        for c in &cases {
            src.push_str(&c.code);
        }
        src.push_str(if rust {
            "fn main() {\n"
        } else {
            "int main(void) {\n"
        });
        for c in &cases {
            for (args, v) in &c.calls {
                let a: Vec<String> = args.iter().map(i64::to_string).collect();
                if rust {
                    writeln!(src, "    println!(\"{{}}\", {}({}));", c.name, a.join(", ")).unwrap();
                } else {
                    writeln!(
                        src,
                        "    printf(\"%lld\\n\", (long long){}({}));",
                        c.name,
                        a.join(", ")
                    )
                    .unwrap();
                }
                writeln!(want, "{v}").unwrap();
            }
        }
        src.push_str(if rust { "}\n" } else { "    return 0;\n}\n" });
        let flags: &[&str] = match lang {
            Lang::Rust => &["--edition", "2021"],
            Lang::C => &["-std=c99", "-Wall", "-Werror", "-Wno-unused-function"],
            Lang::Cuda => &["-Wall", "-Werror", "-Wno-unused-function"],
        };
        let got = build_and_run(&compiler, flags, &dir.join(file), &src);
        assert_eq!(got, want, "{lang:?}:\n{src}");
        eprintln!(
            "{lang:?}: {CASES} functions with random names compiled and computed {} offsets ({refused} candidate names refused)",
            want.lines().count()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A thread's partition of a symbolic C (`(128 M, 128 N)`), written as a C
/// and a Rust function over the fragment's coordinates and `M`, computes at
/// every coordinate what the partition of the layout with `M` and `N`
/// substituted computes; the thread's offset (its first element) is the
/// substituted one too.
#[test]
fn generated_code_of_a_symbolic_partition_computes_it() {
    use cute_dynamic::atom::{make_tiled_mma, MmaAtom, MmaOp};
    let atom = MmaAtom::new(MmaOp::from_name("SM80_16x8x16_F32F16F16F32_TN").unwrap()).unwrap();
    let tm = make_tiled_mma(atom, Some(&"(2, 2, 1):(1, 2, 4)".parse().unwrap()), &[]).unwrap();
    let m = Sym::symbol_with("M", Assumptions::positive()).unwrap();
    let n = Sym::symbol_with("N", Assumptions::positive()).unwrap();
    let k = |x: i64| Sym::from(x);
    let c = Layout::from_modes([
        ((k(128) * m.clone()).unwrap(), Scalar::Int(k(1))),
        ((k(128) * n).unwrap(), Scalar::Int((k(128) * m).unwrap())),
    ])
    .unwrap();
    let values = |s: &str| match s {
        "M" => Some(2),
        "N" => Some(3),
        _ => None,
    };
    let at = c.subs(&values).unwrap();
    let dir = std::env::temp_dir().join(format!("cute-codegen-partition-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for t in [0, 5, 127] {
        let (off, part) = tm.get_slice(t).unwrap().partition_c(&c).unwrap();
        let (off_at, part_at) = tm.get_slice(t).unwrap().partition_c(&at).unwrap();
        assert_eq!(
            off.as_int().and_then(|o| o.eval(&values).ok()),
            off_at.as_int()
        );
        let coords = Coords::Modes(&["v", "i", "j"]);
        let params = cute_dynamic::codegen::parameters(&part, coords).unwrap();
        let sizes: Vec<i64> = part_at.modes().map(|md| md.size().unwrap()).collect();
        let n_points = part_at.size().unwrap();
        let mut want = String::new();
        let mut calls = Vec::new();
        for i in 0..n_points {
            let mut args = mode_coordinate(i, &sizes);
            args.extend(params.iter().map(|p| values(p).unwrap()));
            calls.push(args);
            writeln!(want, "{}", part_at.call_int(i).unwrap()).unwrap();
        }
        for (lang, compiler, file) in [
            (Lang::Rust, rustc(), "part.rs"),
            (
                Lang::C,
                compiler_present("cc").then(|| "cc".to_string()),
                "part.c",
            ),
        ] {
            let Some(compiler) = compiler else {
                eprintln!("no compiler for {lang:?}: the partition's code is not compiled");
                continue;
            };
            let code = cute_dynamic::codegen::function_code(&part, coords, "frag", lang).unwrap();
            let mut src = String::new();
            let rust = lang == Lang::Rust;
            if !rust {
                src.push_str("#include <stdint.h>\nint printf(const char *, ...);\n");
            }
            src.push_str(&code);
            src.push_str(if rust {
                "fn main() {\n"
            } else {
                "int main(void) {\n"
            });
            for args in &calls {
                let a: Vec<String> = args.iter().map(i64::to_string).collect();
                if rust {
                    writeln!(src, "    println!(\"{{}}\", frag({}));", a.join(", ")).unwrap();
                } else {
                    writeln!(
                        src,
                        "    printf(\"%lld\\n\", (long long)frag({}));",
                        a.join(", ")
                    )
                    .unwrap();
                }
            }
            src.push_str(if rust { "}\n" } else { "    return 0;\n}\n" });
            let flags: &[&str] = if rust {
                &["--edition", "2021"]
            } else {
                &["-std=c99", "-Wall", "-Werror"]
            };
            let got = build_and_run(&compiler, flags, &dir.join(file), &src);
            assert_eq!(got, want, "thread {t}, {lang:?}:\n{src}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
