//! Generated code compiles and computes what `Sym::eval` computes: a batch of
//! expressions (hand-picked ones and pseudo-random ones) is written as Rust,
//! C and CUDA (compiled as C++ with `min`/`max` overloads) functions, compiled
//! with `rustc` and `cc`/`c++`, run over several symbol values, and every
//! printed value is compared with the evaluator's. A compiler that cannot be
//! found is reported and its language skipped.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use cute_core::sym::{Lang, Sym};

mod common;
use common::{vars, NAMES};

const VALUE_SETS: [[i64; 5]; 8] = [
    [1, 1, 0, 0, 8],
    [3, 7, 5, -5, 16],
    [8, 3, 63, -64, 64],
    [17, 2, 100, 37, 128],
    [5, 12, 7, -1, 8],
    [64, 64, 255, 255, 256],
    [2, 9, 1, -13, 24],
    [100, 33, 1023, -1000, 1024],
];

/// A small deterministic generator of expressions.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
    fn expr(&mut self, v: &[Sym], depth: u32) -> Option<Sym> {
        if depth == 0 || self.next(4) == 0 {
            return Some(if self.next(3) == 0 {
                Sym::from(self.next(19) as i64 - 9)
            } else {
                v[self.next(v.len() as u64) as usize].clone()
            });
        }
        let a = self.expr(v, depth - 1)?;
        let b = self.expr(v, depth - 1)?;
        let r = match self.next(9) {
            0 | 1 => a.checked_add(&b),
            2 => a.checked_sub(&b),
            3 | 4 => a.checked_mul(&b),
            5 => a.floor_div(&b),
            6 => a.floor_mod(&b),
            7 => a.min_sym(&b),
            _ => a.max_sym(&b),
        };
        r.ok()
    }
}

fn expressions() -> Vec<Sym> {
    let v = vars();
    let (m, n, t, x, k) = (&v[0], &v[1], &v[2], &v[3], &v[4]);
    let c = |i: i64| Sym::from(i);
    let mut out = vec![
        // (t % 8) * 4 + (t / 8) * ld
        (t.floor_mod(&c(8)).unwrap() * 4)
            .unwrap()
            .checked_add(&(t.floor_div(&c(8)).unwrap() * m).unwrap())
            .unwrap(),
        (x + (m * n).unwrap()).unwrap(),
        x.floor_div(&c(4)).unwrap(),
        x.floor_mod(&c(4)).unwrap(),
        x.floor_div(&c(-3)).unwrap(),
        x.floor_mod(&c(-3)).unwrap(),
        x.floor_div(n).unwrap(),
        x.floor_mod(n).unwrap(),
        m.floor_div(&(1 - n).unwrap()).unwrap(),
        m.floor_mod(&(1 - n).unwrap()).unwrap(),
        (x + 3).unwrap().floor_div(&(n + 1).unwrap()).unwrap(),
        m.ceil_div(&c(4)).unwrap(),
        x.ceil_div(n).unwrap(),
        k.floor_div(&c(8)).unwrap(),
        (t * 3).unwrap().floor_mod(&c(6)).unwrap(),
        m.min_sym(n).unwrap().max_sym(&c(3)).unwrap(),
        Sym::min_of(&[x.clone(), c(-2), m.clone()]).unwrap(),
        (x * x).unwrap().floor_div(&c(7)).unwrap(),
        (m - (n * 2).unwrap()).unwrap(),
        c(-4).floor_div(n).unwrap(),
        c(5).floor_mod(x).unwrap(),
        c(5_000_000_000),
        (m * 5_000_000_000).unwrap(),
    ];
    let mut g = Lcg(0x5eed);
    while out.len() < 120 {
        if let Some(e) = g.expr(&v, 4) {
            out.push(e);
        }
    }
    out
}

/// The evaluator's values, `None` where the evaluation fails (division by
/// zero, overflow), which the programs then skip.
fn expected(es: &[Sym]) -> Vec<Vec<Option<i64>>> {
    es.iter()
        .map(|e| {
            VALUE_SETS
                .iter()
                .map(|x| {
                    e.eval(&|n| NAMES.iter().position(|m| *m == n).map(|i| x[i]))
                        .ok()
                        // keep the compiled code far from overflow
                        .filter(|v| v.unsigned_abs() < 1 << 40)
                })
                .collect()
        })
        .collect()
}

fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cute-sym-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(cmd: &mut Command) -> Result<String, String> {
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd:?} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn compiler_present(name: &str) -> bool {
    Command::new(name)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Compares the program's output lines `i j value` with the evaluator's.
fn check_output(lang: &str, out: &str, es: &[Sym], want: &[Vec<Option<i64>>]) {
    let mut seen = 0;
    for line in out.lines() {
        let f: Vec<i64> = line
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        let (i, j, v) = (f[0] as usize, f[1] as usize, f[2]);
        assert_eq!(
            Some(v),
            want[i][j],
            "{lang}: {} at {:?} (code: {})",
            es[i],
            VALUE_SETS[j],
            es[i].to_code(Lang::C).unwrap()
        );
        seen += 1;
    }
    let total: usize = want.iter().map(|w| w.iter().flatten().count()).sum();
    assert_eq!(seen, total, "{lang}: every evaluable case ran");
    assert!(total > 400, "enough cases: {total}");
}

fn params(ty: &str) -> String {
    NAMES
        .iter()
        .map(|n| format!("{ty} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn generated_rust_computes_what_eval_computes() {
    if !compiler_present("rustc") {
        eprintln!("rustc not found: skipping the compiled Rust check");
        return;
    }
    let es = expressions();
    let want = expected(&es);
    let mut src =
        String::from("#![allow(non_snake_case, unused_variables, unused_parens, clippy::all)]\n");
    for (i, e) in es.iter().enumerate() {
        let ps: Vec<String> = NAMES.iter().map(|n| format!("{n}: i64")).collect();
        writeln!(
            src,
            "fn e{i}({}) -> i64 {{ {} }}",
            ps.join(", "),
            e.to_code(Lang::Rust).unwrap()
        )
        .unwrap();
    }
    src.push_str("fn main() {\n");
    calls(&mut src, &want, |i, j, x| {
        format!(
            "    println!(\"{i} {j} {{}}\", e{i}({}, {}, {}, {}, {}));",
            x[0], x[1], x[2], x[3], x[4]
        )
    });
    src.push_str("}\n");
    let dir = scratch("rust");
    let (file, exe) = (dir.join("gen.rs"), dir.join("gen"));
    std::fs::write(&file, &src).unwrap();
    let r = run(Command::new("rustc")
        .args(["--edition", "2021", "-C", "opt-level=1", "-o"])
        .arg(&exe)
        .arg(&file));
    if let Err(e) = r {
        panic!("{e}\n{src}");
    }
    let out = run(&mut Command::new(&exe)).unwrap();
    check_output("Rust", &out, &es, &want);
    let _ = std::fs::remove_dir_all(&dir);
}

/// One line of `src` per expression `i` and value set `j` where the
/// expression has a value: the call `line(i, j, values)` prints it.
fn calls(
    src: &mut String,
    want: &[Vec<Option<i64>>],
    line: impl Fn(usize, usize, [i64; 5]) -> String,
) {
    for (i, w) in want.iter().enumerate() {
        for (j, v) in w.iter().enumerate() {
            if v.is_some() {
                src.push_str(&line(i, j, VALUE_SETS[j]));
                src.push('\n');
            }
        }
    }
}

fn c_program(es: &[Sym], want: &[Vec<Option<i64>>], lang: Lang) -> String {
    let mut src = String::from("#include <stdint.h>\n#include <stdio.h>\n");
    if lang == Lang::Cuda {
        // what CUDA's math headers provide for 64-bit integers
        src.push_str(
            "static inline long long min(long long a, long long b) { return a < b ? a : b; }\n\
             static inline long long max(long long a, long long b) { return a > b ? a : b; }\n",
        );
    }
    for (i, e) in es.iter().enumerate() {
        writeln!(
            src,
            "static int64_t e{i}({}) {{ return {}; }}",
            params("int64_t"),
            e.to_code(lang).unwrap()
        )
        .unwrap();
    }
    src.push_str("int main(void) {\n");
    calls(&mut src, want, |i, j, x| {
        format!(
            "    printf(\"{i} {j} %lld\\n\", (long long)e{i}({}LL, {}LL, {}LL, {}LL, {}LL));",
            x[0], x[1], x[2], x[3], x[4]
        )
    });
    src.push_str("    return 0;\n}\n");
    src
}

fn compile_c(compiler: &str, file: &Path, exe: &Path, extra: &[&str]) -> Result<String, String> {
    run(Command::new(compiler)
        .args(extra)
        .args([
            "-O1",
            "-Wall",
            "-Werror",
            "-Wno-parentheses",
            "-Wno-unused-function",
            "-o",
        ])
        .arg(exe)
        .arg(file))
}

/// Writes the expressions as a program in `lang`, compiles it with the
/// first of `compilers` that is present (skipping, reported, when none is),
/// runs it and checks what it prints against `Sym::eval`.
fn compile_and_check(lang: Lang, compilers: [&str; 3], file: &str, flags: &[&str]) {
    let Some(cc) = compilers.into_iter().find(|c| compiler_present(c)) else {
        eprintln!("no compiler of {compilers:?} found: skipping the compiled {lang:?} check");
        return;
    };
    let es = expressions();
    let want = expected(&es);
    let src = c_program(&es, &want, lang);
    let dir = scratch(file);
    let (file, exe) = (dir.join(file), dir.join("gen"));
    std::fs::write(&file, &src).unwrap();
    if let Err(e) = compile_c(cc, &file, &exe, flags) {
        panic!("{e}\n{src}");
    }
    let out = run(&mut Command::new(&exe)).unwrap();
    check_output(&format!("{lang:?}"), &out, &es, &want);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generated_c_computes_what_eval_computes() {
    compile_and_check(Lang::C, ["cc", "gcc", "clang"], "gen.c", &["-std=c99"]);
}

#[test]
fn generated_cuda_computes_what_eval_computes_as_cpp() {
    compile_and_check(Lang::Cuda, ["c++", "g++", "clang++"], "gen.cpp", &[]);
}
