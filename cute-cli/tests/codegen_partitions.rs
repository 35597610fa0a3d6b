//! `cute codegen` of a block's tile: the partition of a symbolic matrix by
//! `local_tile`, its tile coordinate kept (`None`) and named in the code
//! (`--coord i,j,bx,by`), gives Rust that compiles and computes, for every
//! block `(bx, by)` of matrices of several sizes, the offset of element
//! `(i, j)` of the tile `local_tile` gives for that block over integers
//! (cute-dynamic's `tensor::partition::local_tile`). A missing `rustc` is
//! reported and the test skipped.

mod common;

use std::fmt::Write as _;
use std::process::Command;

use common::{cute, stderr, stdout};
use cute_dynamic::layout::Tiler;
use cute_dynamic::tensor::partition::local_tile;
use cute_dynamic::{Coord, HTuple, Layout, Scalar};

/// The compiler, or `None` (reported) when there is none to run.
fn rustc() -> Option<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    if Command::new(&rustc).arg("--version").output().is_err() {
        eprintln!("rustc not found: the generated code is not compiled");
        return None;
    }
    Some(rustc)
}

/// Compiles the program `src`, runs it, and checks that it prints `want`.
fn compile_and_compare(rustc: &str, src: &str, want: &str) {
    let dir = std::env::temp_dir().join(format!("cute-cli-codegen-tile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tile.rs");
    std::fs::write(&file, src).unwrap();
    let exe = dir.join("tile");
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
    assert!(run.status.success());
    let got = String::from_utf8(run.stdout).unwrap();
    eprintln!("compiled and ran {} lines", want.lines().count());
    for (g, w) in got.lines().zip(want.lines()) {
        assert_eq!(g, w, "generated code:\n{src}");
    }
    assert_eq!(got.lines().count(), want.lines().count());
}

/// The parameters of the generated function `name`, in order.
fn parameters(code: &str, name: &str) -> Vec<String> {
    let head = format!("pub fn {name}(");
    let at = code.find(&head).expect("the function") + head.len();
    let list = &code[at..at + code[at..].find(')').expect("its parameters")];
    list.split(',')
        .map(|p| p.split(':').next().unwrap().trim().to_string())
        .collect()
}

/// A block's tile of a symbolic matrix: the line `cute codegen` reads, and
/// the integer matrix it is for given values of `M`, `N` and `ld`.
struct Case {
    src: &'static str,
    matrix: fn(i64, i64, i64) -> Layout,
    /// The values `(M, N, ld)` the matrix is checked at.
    values: &'static [(i64, i64, i64)],
}

fn matrix(shape: (i64, i64), stride: (i64, i64)) -> Layout {
    Layout::new(
        HTuple::Tuple(vec![HTuple::Leaf(shape.0), HTuple::Leaf(shape.1)]),
        HTuple::Tuple(vec![
            HTuple::Leaf(Scalar::Int(stride.0)),
            HTuple::Leaf(Scalar::Int(stride.1)),
        ]),
    )
    .unwrap()
}

const CASES: [Case; 3] = [
    // a column-major M x N matrix, M and N multiples of the tile
    Case {
        src: "M, N = symbols('M N', multiple_of=128); \
              local_tile(Layout((M, N), (1, M)), (128, 64), (None, None))",
        matrix: |m, n, _| matrix((m, n), (1, m)),
        values: &[(128, 128, 0), (256, 192, 0), (384, 128, 0)],
    },
    // a row-major one
    Case {
        src: "M, N = symbols('M N', multiple_of=128); \
              local_tile(Layout((M, N), (N, 1)), (128, 64), (None, None))",
        matrix: |m, n, _| matrix((m, n), (n, 1)),
        values: &[(128, 128, 0), (256, 384, 0)],
    },
    // M x N tiles of a matrix with a leading dimension
    Case {
        src: "M, N, ld = symbols('M N ld'); \
              local_tile(Layout((128*M, 64*N), (1, ld)), (128, 64), (None, None))",
        matrix: |m, n, ld| matrix((128 * m, 64 * n), (1, ld)),
        values: &[(1, 1, 128), (2, 3, 300), (3, 2, 384)],
    },
];

/// The rows and columns of a tile checked: its corners and a few inside.
const ROWS: [i64; 4] = [0, 1, 77, 127];
const COLS: [i64; 4] = [0, 1, 30, 63];

#[test]
fn the_index_code_of_a_blocks_tile_is_local_tiles_tile() {
    let Some(rustc) = rustc() else { return };
    let tiler = Tiler::Tuple(vec![Tiler::Int(128), Tiler::Int(64)]);
    let mut src = String::new();
    let mut main = String::from("fn main() {\n");
    let mut want = String::new();
    for (k, case) in CASES.iter().enumerate() {
        let name = format!("tile{k}");
        let o = cute(
            &[
                "codegen",
                case.src,
                "--coord",
                "i,j,bx,by",
                "--lang",
                "rust",
                "--fn",
                &name,
            ],
            b"",
        );
        assert!(o.status.success(), "{}: {}", case.src, stderr(&o));
        let code = stdout(&o);
        let params = parameters(&code, &name);
        src.push_str(&code);
        for &(m, n, ld) in case.values {
            let a = (case.matrix)(m, n, ld);
            let (bm, bn) = (
                a.mode(0).unwrap().size().unwrap() / 128,
                a.mode(1).unwrap().size().unwrap() / 64,
            );
            for bx in 0..bm {
                for by in 0..bn {
                    let crd: Coord =
                        HTuple::Tuple(vec![HTuple::Leaf(Some(bx)), HTuple::Leaf(Some(by))]);
                    let (off, t) = local_tile(&a, &tiler, &crd).unwrap();
                    let off = off.as_int().unwrap();
                    for i in ROWS {
                        for j in COLS {
                            let args: Vec<String> = params
                                .iter()
                                .map(|p| match p.as_str() {
                                    "i" => i,
                                    "j" => j,
                                    "bx" => bx,
                                    "by" => by,
                                    "M" => m,
                                    "N" => n,
                                    "ld" => ld,
                                    other => panic!("{}: the parameter {other}", case.src),
                                })
                                .map(|v| format!("{v}_i64"))
                                .collect();
                            writeln!(
                                main,
                                "    println!(\"{k} {m} {n} {bx} {by} {i} {j} {{}}\", {name}({}));",
                                args.join(", ")
                            )
                            .unwrap();
                            let ij: Coord =
                                HTuple::Tuple(vec![HTuple::Leaf(Some(i)), HTuple::Leaf(Some(j))]);
                            let at = off + t.call(&ij).unwrap().as_int().unwrap();
                            writeln!(want, "{k} {m} {n} {bx} {by} {i} {j} {at}").unwrap();
                        }
                    }
                }
            }
        }
    }
    main.push_str("}\n");
    src.push_str(&main);
    compile_and_compare(&rustc, &src, &want);
}

/// A symbolic block coordinate is refused where the assumptions cannot
/// place it among the tiles, and the error says to keep it `None`.
#[test]
fn a_symbolic_block_coordinate_is_kept_none() {
    let src =
        "M, N = symbols('M N', multiple_of=128); bx, by = symbols('bx by', nonnegative=True); \
               local_tile(Layout((M, N), (1, M)), (128, 64), (bx, by))";
    let o = cute(&["codegen", src, "--coord", "i,j"], b"");
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.starts_with("ValueError: local_tile: cannot decide whether bx < floor(M/128)"),
        "{err}"
    );
    assert!(err.contains("leave the coordinate None"), "{err}");
}

/// A command line as the shell splits it: words, quoted with `'` or `"`.
fn words(line: &str) -> Vec<String> {
    let (mut out, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => (quote, any) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (_, c) => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// The README's examples of the partition built-ins (`cute eval` and `cute
/// codegen` lines that name one) print what the README shows.
#[test]
fn the_readmes_partition_examples_are_what_cute_prints() {
    let readme = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    let text = std::fs::read_to_string(readme).unwrap();
    let names = [
        "local_tile(",
        "inner_partition(",
        "outer_partition(",
        "local_partition(",
    ];
    let lines: Vec<&str> = text.lines().collect();
    let mut checked = 0;
    for (k, line) in lines.iter().enumerate() {
        let Some(cmd) = line.strip_prefix("$ cute ") else {
            continue;
        };
        if !names.iter().any(|n| cmd.contains(n)) {
            continue;
        }
        let want: Vec<&str> = lines[k + 1..]
            .iter()
            .take_while(|l| !l.starts_with("$ ") && !l.starts_with("```"))
            .copied()
            .collect();
        let args = words(cmd);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = cute(&refs, b"");
        let got = format!("{}{}", stdout(&o), stderr(&o));
        assert_eq!(got.lines().collect::<Vec<_>>(), want, "$ cute {cmd}");
        checked += 1;
    }
    assert!(checked >= 7, "{checked} examples in the README");
}
