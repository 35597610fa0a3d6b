//! The `cute` command, run as a process.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::{cute, stderr, stdout};

#[test]
fn eval_prints_the_repr() {
    let o = cute(&["eval", "3 * E(0) + 5 * E(1)"], b"");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "(3, 5)\n");
    let o = cute(&["eval", "Layout((4, 8), (8, 1))"], b"");
    assert_eq!(stdout(&o), "Layout((4, 8), (8, 1))\n");
}

#[test]
fn eval_answers_a_symbolic_line() {
    let o = cute(
        &[
            "eval",
            "M, N = symbols('M N'); A = Layout((M, N), (1, M)); (size(A), coalesce(A), A(2, 3))",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), "(M*N, Layout(M*N, 1), 3*M + 2)\n");
    let o = cute(
        &[
            "eval",
            "M = symbols('M'); composition(Layout((M, 4), (1, 2 * M)), 8)",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("ValueError: composition: cannot decide whether 1 < M"),
        "{err}"
    );
}

#[test]
fn batch_answers_the_specifications_sympy_lines() {
    let o = cute(
        &["batch"],
        b"import sympy\nN = sympy.symbols('N')\nis_int(N)\nis_static(N)\n4 * N\n",
    );
    assert!(o.status.success());
    assert_eq!(stdout(&o), "ok\nok\nok\tTrue\nok\tFalse\nok\t4*N\n");
}

#[test]
fn eval_reports_errors_on_stderr() {
    let o = cute(&["eval", "ArithTuple(1, 2) + 1"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("TypeError: "), "{err}");
    let o = cute(&["eval", "Layout((4, 8), (1,"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("SyntaxError: "));
}

#[test]
fn usage() {
    for args in [&["help"][..], &["--help"][..]] {
        let o = cute(args, b"");
        assert!(o.status.success());
        assert!(stdout(&o).contains("cute batch"));
    }
    let o = cute(&["frobnicate"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown command"));
}

#[test]
fn batch_syntax_error_is_one_line() {
    let o = cute(&["batch"], b"Layout((4, 8), (1,\n");
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1);
    assert!(out.starts_with("err\tSyntaxError\t"), "{out}");
}

#[test]
fn batch_keeps_names_until_reset() {
    let input = b"x = 7\nx * 6\n\n(x, F2(0b11) * 0b11)\n%reset\nx\n1 // 0\n(1, 2)[2]\n";
    let o = cute(&["batch"], input);
    assert!(o.status.success());
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 7, "{lines:?}");
    assert_eq!(lines[0], "ok");
    assert_eq!(lines[1], "ok\t42");
    assert_eq!(lines[2], "ok\t(7, F5)");
    assert_eq!(lines[3], "ok");
    assert!(lines[4].starts_with("err\tValueError\t"), "{}", lines[4]);
    assert!(lines[5].starts_with("err\tValueError\t"), "{}", lines[5]);
    assert!(lines[6].starts_with("err\tIndexError\t"), "{}", lines[6]);
}

#[test]
fn batch_messages_fit_on_one_line() {
    let o = cute(&["batch"], b"'a\\nb' + 1\n");
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert_eq!(out.split('\t').count(), 3);
}

#[test]
fn batch_survives_random_bytes() {
    // a fixed xorshift generator: the same lines on every run
    let mut rng = common::Rng(0x9E37_79B9_7F4A_7C15);
    let mut next = move || rng.next();
    const ALPHABET: &[u8] = b"()[],:.=+-*/%@^<>!#'\"_ 0123456789abxELayoutF2sizeshape\xff\xc3";
    let mut input = Vec::new();
    let lines = 2000;
    for i in 0..lines {
        let len = (next() % 40) as usize + 1;
        for _ in 0..len {
            let r = next();
            let b = if i % 3 == 0 {
                (r >> 8) as u8
            } else {
                ALPHABET[(r as usize >> 8) % ALPHABET.len()]
            };
            // one input line per iteration: no stray newlines, never blank
            input.push(if b == b'\n' || b == b'\r' { b'x' } else { b });
        }
        input.push(b'x');
        input.push(b'\n');
    }
    let o = cute(&["batch"], &input);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), lines);
    for l in out.lines() {
        assert!(
            l == "ok" || l.starts_with("ok\t") || l.starts_with("err\t"),
            "bad line {l:?}"
        );
        if let Some(rest) = l.strip_prefix("err\t") {
            let class = rest.split('\t').next().unwrap_or("");
            assert!(
                ["ValueError", "TypeError", "IndexError", "SyntaxError"].contains(&class),
                "{l:?}"
            );
            assert!(!l.contains("internal error"), "{l:?}");
        }
    }
}

#[test]
fn batch_survives_deep_nesting() {
    let mut input = Vec::new();
    input.extend("(".repeat(100_000).as_bytes());
    input.push(b'\n');
    input.extend(format!("{}1{}\n", "[".repeat(150), "]".repeat(150)).as_bytes());
    input.extend(format!("{}1\n", "-".repeat(100_000)).as_bytes());
    let o = cute(&["batch"], &input);
    assert!(o.status.success());
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("err\tSyntaxError\t"));
    assert!(lines[1].starts_with("ok\t[[[["));
    assert!(lines[2].starts_with("err\tSyntaxError\t"));
}

#[test]
fn tour_walks_through() {
    let o = cute(&["tour"], b"");
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains(">>> A = Layout((3, (2, 4)), (2, (1, 6)))"));
    assert!(out.contains(">>> print(A)\n(3, (2, 4)):(2, (1, 6))\n"));
    assert!(out.contains(">>> A(2, (1, 2))\n17\n"));
    assert!(out.contains(">>> A[1:]\n") || out.contains(">>> A[1]\nLayout((2, 4), (1, 6))\n"));
    assert!(out.contains(
        ">>> composition(Layout(20, 2), Layout((5, 4), (4, 1)))\nLayout((5, 4), (8, 2))\n"
    ));
    assert!(out.contains(">>> coalesce(Layout((2, (1, 6)), (1, (6, 2))))\nLayout(12, 1)\n"));
    assert!(out.contains(">>> right_inverse(Layout((4, 8), (8, 1)))\nLayout((8, 4), (4, 1))\n"));
    assert!(out.contains(">>> Layout((2, 3), (1, 2))[2] -> IndexError\nTrue\n"));
    assert!(out.contains(">>> T[1, None][2]\n42\n"));
    assert!(out.contains("10    11    8     9\n"));
    // every step evaluates: no error is printed
    assert!(!out.contains("Error:"), "{out}");
}

#[test]
fn print_draws_the_table_of_offsets() {
    let o = cute(&["print", "Layout((4, 8), (1, 4))"], b"");
    assert!(o.status.success());
    // the specification's print_tensor output, one line per row
    assert_eq!(
        stdout(&o),
        "(4, 8):(1, 4)\n\
         0     4     8     12    16    20    24    28\n\
         1     5     9     13    17    21    25    29\n\
         2     6     10    14    18    22    26    30\n\
         3     7     11    15    19    23    27    31\n"
    );
    let o = cute(&["print", "Layout((2, 2, 2, 2, 2))"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("ValueError: "));
    let o = cute(&["print", "7"], b"");
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("TypeError: "));
}

/// A fresh directory for the files one test writes.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cute-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The cells of an SVG picture: `(m, n) -> (fill, texts)`.
fn svg_cells(svg: &str) -> std::collections::BTreeMap<(i64, i64), (String, Vec<String>)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let mut cells = std::collections::BTreeMap::new();
    let at = |n: &roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<i64>().unwrap();
    for n in doc.descendants().filter(|n| n.is_element()) {
        if n.attribute("data-m").is_none() {
            continue;
        }
        let key = (at(&n, "data-m"), at(&n, "data-n"));
        let e = cells.entry(key).or_insert((String::new(), Vec::new()));
        if n.tag_name().name() == "rect" {
            e.0 = n.attribute("fill").unwrap().to_string();
        } else {
            e.1.push(n.text().unwrap().to_string());
        }
    }
    cells
}

#[test]
fn table_prints_a_grid() {
    let o = cute(&["table", "Layout((2, 3), (3, 1))"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "(2, 3):(3, 1)\n+---+---+---+---+\n|   | 0 | 1 | 2 |\n+===+===+===+===+\n\
         | 0 | 0 | 1 | 2 |\n+---+---+---+---+\n| 1 | 3 | 4 | 5 |\n+---+---+---+---+\n"
    );
    let o = cute(&["table", "Layout((2, 3), (3, 1)"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("SyntaxError: "));
}

#[test]
fn svg_writes_a_picture_of_the_offsets() {
    let dir = scratch("svg");
    let file = dir.join("swizzle.svg");
    let f = file.to_str().unwrap();
    let o = cute(
        &[
            "svg",
            "Layout((4, 8), (F2(9), F2(1)))",
            "-o",
            f,
            "--color",
            "bank8",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("wrote {f}\n"));
    let cells = svg_cells(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(cells.len(), 32);
    // (m, n) holds F(9 m ^ n) (carry-less), colored by bank_color_8x of it
    let bank8 = |k: i64| {
        // cell 1 of k:k is offset k
        let svg = stdout(&cute(
            &["svg", &format!("Layout(2, {k})"), "--color", "bank8"],
            b"",
        ));
        svg_cells(&svg)[&(0, 1)].0.clone()
    };
    for (m, n) in [(0, 0), (1, 0), (3, 5), (2, 7)] {
        let off = ((m << 3) ^ m) ^ n; // m * F9 == (m << 3) ^ m for m < 8
        let (fill, texts) = &cells[&(m, n)];
        assert_eq!(texts, &[format!("F{off}")]);
        assert_eq!(fill, &bank8(off));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn table_and_print_show_a_tensors_elements() {
    let src = "T = make_tensor((2, 3), dtype=c_int); T[1, 2] = 7; T[0, 1] = -3; T";
    let o = cute(&["table", src], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "(2, 3):(1, 2)\n+---+---+----+---+\n|   | 0 |  1 | 2 |\n+===+===+====+===+\n\
         | 0 | 0 | -3 | 0 |\n+---+---+----+---+\n| 1 | 0 |  0 | 7 |\n+---+---+----+---+\n"
    );
    // a view of the same memory, and an implicit tensor of coordinates
    let o = cute(&["print", &format!("{src}; T[None, 2]")], b"");
    assert_eq!(stdout(&o), "(2,):(1,)\n0\n7\n");
    let o = cute(&["print", "identity_tensor((2, 2))"], b"");
    assert_eq!(stdout(&o), "(2, 2):(1@0, 1@1)\n0     1@1\n1@0   (1, 1)\n");
    // the line must end with a layout or a tensor
    let o = cute(&["table", "T = make_tensor((2, 3))"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("TypeError: "), "{}", stderr(&o));
}

#[test]
fn svg_draws_a_swizzle_composed_with_a_layout() {
    // Swizzle(3, 0, 3) after (8, 8):(8, 1) is the F2 layout (8, 8):(F9, F1):
    // the same labels (without the F) and the same colors
    let swizzled = stdout(&cute(
        &[
            "svg",
            "composition(Swizzle(3, 0, 3), Layout((8, 8), (8, 1)))",
            "--color",
            "bank8",
        ],
        b"",
    ));
    let f2 = stdout(&cute(
        &["svg", "Layout((8, 8), (F2(9), F2(1)))", "--color", "bank8"],
        b"",
    ));
    let (s, f) = (svg_cells(&swizzled), svg_cells(&f2));
    assert_eq!(s.len(), 64);
    for (cell, (fill, texts)) in &f {
        let want: Vec<String> = texts
            .iter()
            .map(|t| t.trim_start_matches('F').to_string())
            .collect();
        assert_eq!(s[cell], (fill.clone(), want), "{cell:?}");
    }
    // the layout alone is colored by its own offsets
    let plain = svg_cells(&stdout(&cute(
        &["svg", "Layout((8, 8), (8, 1))", "--color", "bank8"],
        b"",
    )));
    assert_eq!(plain[&(1, 0)].1, ["8"]);
    assert_eq!(s[&(1, 0)].1, ["9"]);
    assert_ne!(plain[&(1, 0)].0, s[&(1, 0)].0);
    // a swizzle composes with integer offsets only
    let o = cute(
        &["svg", "composition(Swizzle(1, 0, 1), Layout(2, E(0)))"],
        b"",
    );
    assert!(stderr(&o).starts_with("ValueError: "), "{}", stderr(&o));
}

#[test]
fn svg_tv_folds_through_the_tile() {
    let o = cute(
        &[
            "svg-tv",
            "Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))",
            "--tile",
            "16,8",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let cells = svg_cells(&stdout(&o));
    assert_eq!(cells.len(), 128);
    // thread 5 = (1, 1), value 2 = (0, 1): row 1 + 8, column 2
    assert_eq!(cells[&(9, 2)].1, ["T5", "V2"]);
    assert_eq!(cells[&(0, 0)].0, "rgb(175,175,255)");
    // a linear codomain without a tile is an error
    let o = cute(
        &["svg-tv", "Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))"],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("ValueError: draw_svg_tv: "),
        "{}",
        stderr(&o)
    );
}

#[test]
fn latex_writes_tex_and_maybe_pdf() {
    let dir = scratch("latex");
    let file = dir.join("l.tex");
    let f = file.to_str().unwrap();
    let o = cute(
        &["latex", "Layout((2, 2), (1, 2))", "-o", f, "--no-pdf"],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("wrote {f}\n"));
    let tex = std::fs::read_to_string(&file).unwrap();
    assert!(tex.contains("at (1,1) {3};"));
    let o = cute(&["latex-tv", "Layout((2, 2), (E(1), E(0)))", "-o", f], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with(&format!("wrote {f}\n")));
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("\\shortstack{T1 \\\\ V0}"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn drawing_errors() {
    // not a layout, a bad rank, a bad color, a bad tile, an unwritable file
    for (args, class) in [
        (&["svg", "(1, 2)"][..], "TypeError: "),
        (&["svg", "Layout((2, 2, 2))"][..], "ValueError: "),
        (&["svg", "Layout(4)", "--color", "warp"][..], "ValueError: "),
        (
            &["svg-tv", "Layout((2, 2))", "--tile", "x"][..],
            "ValueError: ",
        ),
        (
            &["svg", "Layout(4)", "-o", "/nonexistent-dir/x.svg"][..],
            "ValueError: ",
        ),
    ] {
        let o = cute(args, b"");
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).starts_with(class), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o).lines().count(), 1);
    }
    // usage errors
    for args in [
        &["svg"][..],
        &["svg", "Layout(4)", "--tile", "2,2"][..],
        &["svg", "a", "b"][..],
    ] {
        assert_eq!(cute(args, b"").status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn tour_writes_its_drawing() {
    let o = cute(&["tour"], b"");
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("+===+"));
    let line = out
        .lines()
        .find(|l| l.starts_with("wrote "))
        .expect("the drawing line");
    let path = line["wrote ".len()..].split(" (").next().unwrap();
    assert_eq!(
        svg_cells(&std::fs::read_to_string(path).unwrap()).len(),
        128
    );
}

#[test]
fn batch_answers_the_line_after_a_hostile_one() {
    // each hostile line is answered with an error, and the next line still
    // gets its answer
    let hostile = [
        "len((tuple(range(1048576)),) * 1024)",
        "[[0] * 1000] * 10000",
        "'ab' * 1000000 * 4",
        "f = lambda n: f(n); f(1)",
        "(lambda f: f(f, 0))(lambda f, n: 0 if n == 40 else (f(f, n + 1), f(f, n + 1)))",
        "print_tensor(Layout((100000, 100000)))",
        "coordinates((1 << 40,))",
        "E(1048576, 1048576, 1048576, 1048576, 1048576)",
        "greatest_common_domain(4611686018427387904, 4611686018427387903)",
    ];
    let mut input = String::new();
    for (i, h) in hostile.iter().enumerate() {
        input.push_str(h);
        input.push('\n');
        input.push_str(&format!("{i} + 1\n"));
    }
    let o = cute(&["batch"], input.as_bytes());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2 * hostile.len(), "{out}");
    for (i, h) in hostile.iter().enumerate() {
        let answer = lines[2 * i];
        assert!(answer.starts_with("err\tValueError\t"), "{h}: {answer}");
        assert_eq!(lines[2 * i + 1], format!("ok\t{}", i + 1), "after {h}");
    }
    assert!(lines[0].contains("4194304"), "{}", lines[0]);
}

#[test]
fn batch_answers_each_line_before_the_next_arrives() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;

    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the cute binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let output = child.stdout.take().expect("stdout is piped");
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            if tx.send(line.expect("output is UTF-8")).is_err() {
                break;
            }
        }
    });
    // each answer must come while the input is still open
    for (line, want) in [("x = 6", "ok"), ("x * 7", "ok\t42"), ("x(", "err")] {
        writeln!(input, "{line}").expect("the batch reads its input");
        input.flush().expect("the batch reads its input");
        let got = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer before the next line is written");
        assert!(got.starts_with(want), "{line}: {got}");
    }
    drop(input);
    assert!(child.wait().expect("the batch ends").success());
    reader.join().expect("the reader ends");
}

#[test]
fn codegen_writes_the_offset_as_source() {
    // one name per mode by default, a linear index with one name
    let o = cute(
        &["codegen", "Layout((128, 64), (64, 1))", "--lang", "rust"],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "64 * i + j\n");
    let o = cute(&["codegen", "Layout((8, 4), (4, 1))", "--coord", "t"], b"");
    assert_eq!(stdout(&o), "4 * (t & 7) + (t >> 3)\n");
    // a function around it
    let o = cute(
        &[
            "codegen",
            "Layout((4, 8), (8, 1))",
            "--lang",
            "c",
            "--fn",
            "off",
        ],
        b"",
    );
    let text = stdout(&o);
    assert!(
        text.contains("static inline int64_t off(int64_t i, int64_t j) {"),
        "{text}"
    );
    assert!(text.contains("return 8 * i + j;"), "{text}");
    // errors: a stride with no index code, a wrong number of names, a bad option
    let o = cute(&["codegen", "Layout((2, 3), (E(0), E(1)))"], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("TypeError: "), "{}", stderr(&o));
    let o = cute(&["codegen", "Layout((4, 8))", "--coord", "a,b,c"], b"");
    assert!(stderr(&o).starts_with("ValueError: "), "{}", stderr(&o));
    let o = cute(&["codegen", "Layout(4)", "--lang", "go"], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn codegen_writes_symbolic_layouts_over_their_symbols() {
    let src =
        "M, N = symbols('M N', multiple_of=64); zipped_divide(Layout((M, N), (1, M)), (64, 64))";
    let o = cute(&["codegen", src, "--coord", "t,b"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "64 * M * (b / (M >> 6)) + M * (t >> 6) + 64 * (b % (M >> 6)) + (t & 63)\n"
    );
    // the function takes the symbols the code reads (M, not N) after the coordinates
    let o = cute(
        &[
            "codegen", src, "--coord", "t,b", "--lang", "rust", "--fn", "tile",
        ],
        b"",
    );
    let text = stdout(&o);
    assert!(text.contains("#[allow(non_snake_case)]"), "{text}");
    assert!(
        text.contains("pub fn tile(t: i64, b: i64, M: i64) -> i64 {"),
        "{text}"
    );
    // a coordinate may not take a symbol's name; a statement is not a layout
    let o = cute(
        &[
            "codegen",
            "M = symbols('M'); Layout((M, 4))",
            "--coord",
            "M,j",
        ],
        b"",
    );
    assert!(stderr(&o).starts_with("ValueError: "), "{}", stderr(&o));
    let o = cute(&["codegen", "M = symbols('M')"], b"");
    assert!(stderr(&o).starts_with("TypeError: "), "{}", stderr(&o));
}

#[test]
fn committed_drawings_are_what_cute_draws() {
    // the README shows these; `scripts/render-drawings.sh` remakes them
    let images = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/images");
    let dir = scratch("drawings");
    for (name, args) in [
        (
            "column-major",
            &["svg", "Layout((4, 8), (1, 4))", "--color", "grey"][..],
        ),
        (
            "swizzle-banks",
            &[
                "svg",
                "Layout((8, 32), (F2(36), F2(1)))",
                "--color",
                "bank32",
            ][..],
        ),
        (
            "mma-c-16x8",
            &[
                "svg-tv",
                "Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))",
                "--tile",
                "16,8",
            ][..],
        ),
    ] {
        let out = dir.join(format!("{name}.svg"));
        let mut argv = args.to_vec();
        let path = out.to_str().unwrap().to_string();
        argv.extend(["-o", &path]);
        let o = cute(&argv, b"");
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let drawn = std::fs::read_to_string(&out).unwrap();
        let committed = std::fs::read_to_string(images.join(format!("{name}.svg"))).unwrap();
        assert!(
            drawn == committed,
            "docs/images/{name}.svg is not what cute draws: run scripts/render-drawings.sh"
        );
    }
}

/// Layouts and tensors with few or no cells but a huge number of rows,
/// columns or slices, and layouts too large to print.
const HOSTILE_PRINTS: [&str; 8] = [
    "Layout((1000000000, 0))",
    "Layout((0, 1000000000))",
    "Layout((1, 0, 1000000000))",
    "identity_tensor((1000000000, 0))",
    "Tensor(ImplicitAccessor(0), Layout((1000000000, 0)))",
    "Layout((1000000, 1000000))",
    "Layout(4611686018427387904)",
    "Layout((1000000000, 0), (E(0), E(1)))",
];

#[test]
fn batch_answers_size_zero_tensors_without_spending_memory() {
    let mut input = String::new();
    for x in HOSTILE_PRINTS {
        input.push_str(&format!("print_tensor({x})\nprint_table({x})\n"));
    }
    input.push_str("1 + 1\n");
    let o = cute(&["batch"], input.as_bytes());
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2 * HOSTILE_PRINTS.len() + 1, "{out}");
    for l in &lines[..lines.len() - 1] {
        // refused, or cheap: nothing but a header (no rows, or a rank-3 table)
        assert!(
            l.starts_with("err\tValueError\t") || (l.starts_with("ok\t'(") && l.len() < 80),
            "{l}"
        );
    }
    assert!(
        lines[0].contains("more than the limit of 4194304"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[lines.len() - 1], "ok\t2");
}

#[test]
fn every_printing_command_refuses_what_it_cannot_print() {
    for x in HOSTILE_PRINTS {
        for cmd in ["print", "table", "svg", "latex", "svg-tv", "latex-tv"] {
            let o = cute(&[cmd, x], b"");
            let err = stderr(&o);
            // cheap: a header alone (a rank-3 table, no rows), an empty
            // thread-value picture (no pairs)
            if o.status.success() {
                assert!(o.stdout.len() < 1024, "{cmd} {x}");
                continue;
            }
            assert_eq!(o.status.code(), Some(1), "{cmd} {x}: {err}");
            assert_eq!(err.lines().count(), 1, "{cmd} {x}: {err}");
            assert!(
                err.starts_with("ValueError: ") || err.starts_with("TypeError: "),
                "{cmd} {x}: {err}"
            );
            assert!(o.stdout.len() < 1024, "{cmd} {x}");
        }
    }
    let o = cute(&["print", "Layout((1000000, 1000000))"], b"");
    assert!(
        stderr(&o).contains("more than the limit of 4194304"),
        "{}",
        stderr(&o)
    );
    let o = cute(&["table", "Layout((0, 1000000000))"], b"");
    assert!(
        stderr(&o).contains("more than the limit of 262144"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_cell_wider_than_any_formatting_width_prints() {
    let wide =
        "Tensor(TransformAccessor(ImplicitAccessor(0), lambda x: 'a' * 70000), Layout((2, 2)))";
    for cmd in ["table", "print"] {
        let o = cute(&[cmd, wide], b"");
        assert!(o.status.success(), "{cmd}: {}", stderr(&o));
        assert!(stdout(&o).contains(&"a".repeat(70000)));
    }
    let o = cute(&["batch"], format!("print_table({wide})\n").as_bytes());
    assert!(
        stdout(&o).starts_with("ok\t'(2, 2):(1, 2)"),
        "{}",
        stdout(&o)
    );
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_named() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    let bad = || OsString::from_vec(b"Layout(4)\xff".to_vec());
    let run = |args: Vec<OsString>| {
        Command::new(env!("CARGO_BIN_EXE_cute"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    for cmd in [
        "eval", "batch", "print", "table", "svg", "svg-tv", "latex", "latex-tv", "codegen", "tour",
        "help",
    ] {
        let o = run(vec![cmd.into(), bad()]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{cmd}: {err}");
        assert_eq!(err.lines().count(), 1, "{cmd}: {err}");
        assert!(
            err.contains("argument 2 is not valid UTF-8: \"Layout(4)\\xFF\"")
                || err.contains("\"Layout(4)\\xFF\" is one too many"),
            "{cmd}: {err}"
        );
    }
    // the command itself, and a value of an option
    let o = run(vec![OsString::from_vec(b"ev\xffal".to_vec())]);
    assert!(
        stderr(&o).contains("argument 1 is not valid UTF-8"),
        "{}",
        stderr(&o)
    );
    let o = run(vec![
        "codegen".into(),
        "Layout(4)".into(),
        "--fn".into(),
        bad(),
    ]);
    assert!(
        stderr(&o).contains("argument 4 is not valid UTF-8"),
        "{}",
        stderr(&o)
    );
    // a file name may be any bytes
    let dir = scratch("non-utf8");
    let mut file = dir.clone().into_os_string().into_vec();
    file.extend_from_slice(b"/picture\xff.svg");
    let file = OsString::from_vec(file);
    let o = run(vec![
        "svg".into(),
        "Layout(4)".into(),
        "-o".into(),
        file.clone(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(std::path::Path::new(&file).exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn extra_arguments_and_help_are_named() {
    for cmd in ["batch", "tour"] {
        let o = cute(&[cmd, "x"], b"");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            err.contains(&format!(
                "cute {cmd}: takes no arguments; \"x\" is one too many"
            )),
            "{err}"
        );
        assert!(!err.contains("unknown command"), "{err}");
    }
    let o = cute(&["eval", "a", "b"], b"");
    assert!(
        stderr(&o).contains("\"b\" is one too many"),
        "{}",
        stderr(&o)
    );
    // each command's help, however it is asked for, with its limits
    for cmd in [
        "eval", "batch", "print", "table", "svg", "svg-tv", "latex", "latex-tv", "codegen", "tour",
    ] {
        for args in [vec![cmd, "--help"], vec![cmd, "-h"], vec!["help", cmd]] {
            let o = cute(&args, b"");
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            let out = stdout(&o);
            assert!(out.contains(&format!("cute {cmd}")), "{args:?}: {out}");
            assert!(out.contains("limits: "), "{args:?}: {out}");
        }
    }
    let o = cute(&["codegen", "Layout(4)", "--help"], b"");
    assert!(stdout(&o).starts_with("usage:\n  cute codegen"));
    let o = cute(&["help", "frobnicate"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1);
}

#[test]
fn codegen_accepts_only_names_the_language_accepts() {
    for (args, what) in [
        (&["--coord", "i,i", "--fn", "f"][..], "given twice"),
        (&["--coord", "int,return"][..], "keyword of C"),
        (&["--fn", "fn", "--lang", "rust"][..], "keyword of Rust"),
        (&["--fn", ""][..], "not an identifier"),
        (&["--fn", "f(){}; evil(); int g"][..], "not an identifier"),
        (
            &["--coord", "i,class", "--lang", "cuda"][..],
            "keyword of CUDA",
        ),
        (
            &["--coord", "i,j", "--fn", "j"][..],
            "a parameter has that name",
        ),
        (&["--coord", ",j"][..], "not an identifier"),
    ] {
        let mut all = vec!["codegen", "Layout((4, 8))"];
        all.extend_from_slice(args);
        let o = cute(&all, b"");
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("ValueError: ") && err.contains(what),
            "{args:?}: {err}"
        );
    }
    // a symbol of the expression is a name of the code too
    let o = cute(&["codegen", "M = symbols('int'); Layout((M, 4))"], b"");
    assert!(stderr(&o).contains("keyword of C"), "{}", stderr(&o));
    let o = cute(
        &[
            "codegen",
            "M = symbols('int'); Layout((M, 4))",
            "--lang",
            "rust",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
}
