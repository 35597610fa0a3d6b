//! `cute banks`, and the language's `bank_conflicts` and `choose_swizzle`,
//! run as the `cute` process.

mod common;

use common::{cute, stderr, stdout};

/// `cute eval EXPR`'s output, which must succeed.
fn eval(expr: &str) -> String {
    let o = cute(&["eval", expr], b"");
    assert!(o.status.success(), "{expr}: {}", stderr(&o));
    stdout(&o).trim_end().to_string()
}

/// `cute eval EXPR`'s one error line, which must fail with status 1.
fn eval_err(expr: &str) -> String {
    let o = cute(&["eval", expr], b"");
    assert_eq!(o.status.code(), Some(1), "{expr}: {}", stdout(&o));
    let e = stderr(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    e
}

const LDSM: &str = "Layout(((8, 4), 8), ((1, 64), 8))";
const TILE: &str = "Layout((8, 64), (64, 1))";
const SWIZZLED: &str = "composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))";

/// The SM80 fp16 GEMM's copies of A: 128-bit cp.async by 16 x 8 threads,
/// and ldmatrix.x4 feeding a 2 x 2 tiled SM80_16x8x16 MMA.
const SM80: &str = "CP = make_tiled_copy(Copy_Atom(SM80_CP_ASYNC_CACHEGLOBAL('u128'), 'f16'), \
     Layout((16, 8), (8, 1)), Layout((1, 8))); \
     MMA = make_tiled_mma(MMA_Atom(SM80_16x8x16_F32F16F16F32_TN), Layout((2, 2, 1)), (32, 32, 16)); \
     LD = make_tiled_copy_A(Copy_Atom(SM75_U32x4_LDSM_N, 'f16'), MMA)";

#[test]
fn bank_conflicts_known_answers() {
    assert_eq!(
        eval(&format!("bank_conflicts({LDSM}, {TILE}, 16, 'ldmatrix')")),
        "(32, 4)"
    );
    assert_eq!(
        eval(&format!(
            "bank_conflicts({LDSM}, {SWIZZLED}, 16, 'ldmatrix')"
        )),
        "(4, 4)"
    );
    assert_eq!(
        eval(&format!(
            "bank_conflicts({LDSM}, {SWIZZLED}, 'f16', 'ldmatrix.x4.trans')"
        )),
        "(4, 4)"
    );
    // 32 threads reading consecutive f32
    assert_eq!(
        eval("bank_conflicts(Layout((32, 1), (1, 0)), Layout(32), 32, 'ld')"),
        "(1, 1)"
    );
    // a column of a 32 x 32 row-major f32 array; padded to 33 columns
    assert_eq!(
        eval("bank_conflicts(Layout((32, 1), (1, 0)), Layout((32, 32), (32, 1)), 32, 'ld')"),
        "(32, 1)"
    );
    assert_eq!(
        eval("bank_conflicts(Layout((32, 1), (1, 0)), Layout((32, 32), (33, 1)), 32, 'ld')"),
        "(1, 1)"
    );
    // 32 threads each loading 16 consecutive bytes
    assert_eq!(
        eval("bank_conflicts(Layout((32, 16), (16, 1)), Layout(512), 8, 'ld')"),
        "(4, 4)"
    );
    // an F2-strided layout: the columns of (8, 32):(F36, F1)
    assert_eq!(
        eval("bank_conflicts(Layout((8, 1), (1, 0)), Layout((8, 32), (F2(36), F2(1))), 32, 'st')"),
        "(1, 1)"
    );
    // a tiled copy, over the whole tile: 4 warps, 16 tiles of 32 x 16
    assert_eq!(
        eval(&format!("{SM80}; (bank_conflicts(CP, Layout((128, 64), (64, 1))), bank_conflicts(LD, Layout((128, 64), (64, 1))), bank_conflicts(LD, composition(Swizzle(3, 3, 3), Layout((128, 64), (64, 1)))))")),
        "((128, 128), (2048, 256), (256, 256))"
    );
}

#[test]
fn choose_swizzle_recovers_cutes_choices() {
    // SM80 fp16 K-major: Swizzle<3,3,3>
    let out = eval(&format!(
        "{SM80}; C = choose_swizzle(Layout((128, 64), (64, 1)), CP, LD, top=2); (C[0][0], C[0][1], C[0][2], C[0][3], C[1][0])"
    ));
    assert_eq!(out, "('Swizzle<3,3,3>', 384, 384, 16384, 'pad 8')");
    // GMMA's K-major atoms for rows of 32, 64 and 128 bytes of f16: the
    // chooser's layout is the atom's
    for (row, atom) in [(16, "SW32"), (32, "SW64"), (64, "SW128")] {
        let chunks = row / 8;
        let expr = format!(
            "C = choose_swizzle(Layout((8, {row}), ({row}, 1)), (Layout((({chunks}, 8), 8), ((64, 1), 8)), 16, 'st'), \
             (Layout(((8, {chunks}), 8), ((1, 64), 8)), 'f16', 'ldmatrix')); \
             (C[0][0], C[0][1] == C[0][2], C[0][4])"
        );
        let want = eval(&format!("GMMA_Layout_K_{atom}_Atom('f16')"));
        let got = eval(&expr);
        assert!(
            got.ends_with(&format!(", True, {want})")),
            "{atom}: {got} vs {want}"
        );
    }
    // the language's candidate is a layout bank_conflicts takes back
    assert_eq!(
        eval(&format!(
            "C = choose_swizzle({TILE}, ({LDSM}, 16, 'ldmatrix'), top=1); bank_conflicts({LDSM}, C[0][4], 16, 'ldmatrix')"
        )),
        "(4, 4)"
    );
    assert_eq!(
        eval(&format!(
            "len(choose_swizzle({TILE}, ({LDSM}, 16, 'ldmatrix'), top=3, padding=False))"
        )),
        "3"
    );
}

#[test]
fn language_errors_are_clear() {
    let e = eval_err(&format!("bank_conflicts(Layout(32), {TILE}, 16, 'ld')"));
    assert!(
        e.starts_with("ValueError: bank_conflicts: the TV layout") && e.contains("not of rank 2"),
        "{e}"
    );
    let e = eval_err(&format!(
        "bank_conflicts(Layout((32, 2), (1, 64)), {TILE}, 16, 'ld')"
    ));
    assert!(e.contains("one vector"), "{e}");
    let e = eval_err(&format!("bank_conflicts({LDSM}, {TILE}, 16, 'lds')"));
    assert!(e.contains("unknown instruction \"lds\""), "{e}");
    let e = eval_err(&format!("bank_conflicts({LDSM}, {TILE}, 32, 'ldmatrix')"));
    assert!(e.contains("a row of 16 bytes"), "{e}");
    let e = eval_err(&format!("bank_conflicts({LDSM}, {TILE})"));
    assert!(e.starts_with("TypeError"), "{e}");
    let e = eval_err(&format!("bank_conflicts({LDSM}, 5, 16, 'ld')"));
    assert!(
        e.starts_with("TypeError") && e.contains("shared memory"),
        "{e}"
    );
    let e = eval_err(&format!(
        "bank_conflicts(Layout((4096, 4096), (0, 0)), {TILE}, 16, 'ld')"
    ));
    assert!(e.contains("1024"), "{e}");
    let e = eval_err(&format!("choose_swizzle({TILE})"));
    assert!(e.contains("no access"), "{e}");
    let e = eval_err(&format!(
        "choose_swizzle({SWIZZLED}, ({LDSM}, 16, 'ldmatrix'))"
    ));
    assert!(e.contains("plain Layout"), "{e}");
    let e = eval_err(&format!("choose_swizzle({TILE}, 3)"));
    assert!(e.contains("an access is"), "{e}");
    let e =
        eval_err("choose_swizzle(Layout((100000, 100000)), (Layout((32, 1), (1, 0)), 32, 'ld'))");
    assert!(e.contains("more than"), "{e}");
    // a UniversalCopy names its side
    let e = eval_err(&format!(
        "TC = make_tiled_copy(Copy_Atom(UniversalCopy('u128'), 'f16'), Layout((8, 8), (8, 1)), Layout((1, 8))); bank_conflicts(TC, {TILE})"
    ));
    assert!(e.contains("say which side"), "{e}");
    assert_eq!(
        eval(&format!(
            "TC = make_tiled_copy(Copy_Atom(UniversalCopy('u128'), 'f16'), Layout((8, 8), (8, 1)), Layout((1, 8))); bank_conflicts(TC, {TILE}, op='st')"
        )),
        "(8, 8)"
    );
    // batch answers every line, errors included
    let o = cute(
        &["batch"],
        format!("bank_conflicts({LDSM}, {TILE}, 16, 'ldmatrix')\nbank_conflicts(Layout(32), {TILE}, 16, 'ld')\n").as_bytes(),
    );
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok\t(32, 4)");
    assert!(lines[1].starts_with("err\tValueError\t"), "{}", lines[1]);
}

#[test]
fn cute_banks_reports_an_access() {
    let o = cute(&["banks", LDSM, TILE, "16", "ldmatrix"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with(
            "ldmatrix.x4 of 16-bit elements, 16 bytes per thread: 32 wavefronts (ideal 4)"
        ),
        "{out}"
    );
    assert!(
        out.contains("warp 0, instruction 0: 32 wavefronts (ideal 4); phases 8 8 8 8"),
        "{out}"
    );
    assert!(out.contains("worst phase, bank 0:"), "{out}");
    for t in 0..8 {
        assert!(
            out.contains(&format!("word at byte {}: thread {t}\n", 128 * t)),
            "{out}"
        );
    }
    let o = cute(&["banks", LDSM, SWIZZLED, "f16", "'ldmatrix'"], b"");
    assert!(
        stdout(&o).contains("4 wavefronts (ideal 4)"),
        "{}",
        stderr(&o)
    );
    // a tiled copy
    let o = cute(
        &[
            "banks",
            &format!("{SM80}; LD"),
            "Layout((128, 64), (64, 1))",
        ],
        b"",
    );
    let out = stdout(&o);
    assert!(out.starts_with("ldmatrix.x4 of 16-bit elements, 16 bytes per thread: 2048 wavefronts (ideal 256) in 64 instructions of 4 warps"), "{out}{}", stderr(&o));
    assert!(
        out.contains("\n  warp 3, instruction 15: 32 wavefronts (ideal 4)"),
        "{out}"
    );
}

#[test]
fn cute_banks_draws_the_banks() {
    let dir = std::env::temp_dir().join(format!("cute-banks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("banks.svg");
    let p = path.to_str().unwrap();
    let o = cute(
        &["banks", LDSM, TILE, "16", "ldmatrix", "--svg", "-o", p],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("wrote {p}\n"));
    let svg = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("title"))
        .filter_map(|n| n.text())
        .collect();
    assert!(texts[0].contains("32 wavefronts (ideal 4)"), "{texts:?}");
    assert!(texts[1].contains("bank 0 holds 8 words"), "{texts:?}");
    let count = |c: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(c))
            .count()
    };
    assert_eq!(count("cell"), 512);
    assert_eq!(count("phase") + count("conflict"), 64);
    assert_eq!(count("conflict"), 16);
    // to standard output without -o
    let o = cute(&["banks", LDSM, SWIZZLED, "16", "ldmatrix", "--svg"], b"");
    assert!(stdout(&o).starts_with("<?xml"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cute_banks_chooses() {
    let o = cute(
        &[
            "banks",
            "--choose",
            TILE,
            "(Layout(((8, 8), 8), ((64, 1), 8)), 16, 'st')",
            &format!("({LDSM}, 16, 'ldmatrix')"),
            "--top",
            "3",
        ],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].ends_with("for 2 accesses, best first:"), "{out}");
    assert!(lines[1].starts_with("rank  candidate"), "{out}");
    assert!(
        lines[2].starts_with("1     Swizzle<3,3,3>            12      12     1024  8 + 4"),
        "{out}"
    );
    assert!(lines[3].starts_with("2     pad 8"), "{out}");
    assert_eq!(lines.len(), 7, "{out}");
    assert!(lines[5].contains("rejected"), "{out}");
    assert_eq!(
        lines[6],
        "best: Swizzle<3,3,3> = Sw<3,3,3> o 0 o (8, 64):(64, 1)"
    );
    // tiled copies, named by the expressions that make them
    let o = cute(
        &[
            "banks",
            "--choose",
            &format!("{SM80}; Layout((128, 64), (64, 1))"),
            "CP",
            "LD",
            "--no-padding",
        ],
        b"",
    );
    let out = stdout(&o);
    assert!(
        out.contains("1     Swizzle<3,3,3>           384     384    16384  128 + 256"),
        "{out}{}",
        stderr(&o)
    );
    assert!(!out.contains("pad"), "{out}");
}

#[test]
fn cute_banks_misuse_and_bad_input() {
    // usage errors: exit 2, one line
    for args in [
        vec!["banks"],
        vec!["banks", LDSM],
        vec!["banks", "a", "b", "c", "d", "e"],
        vec!["banks", LDSM, TILE, "16", "ld", "-o", "x.svg"],
        vec!["banks", "--choose", TILE],
        vec!["banks", "--choose", TILE, "X", "--svg"],
        vec!["banks", LDSM, TILE, "16", "ld", "--top", "2"],
        vec!["banks", "--choose", TILE, "X", "--top", "0"],
        vec!["banks", LDSM, TILE, "16", "ld", "--frobnicate"],
    ] {
        let o = cute(&args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = stderr(&o);
        assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
        assert!(e.starts_with("cute banks: "), "{e}");
    }
    // input errors: exit 1, one line, the class first
    for (args, class) in [
        (vec!["banks", "Layout(32)", TILE, "16", "ld"], "ValueError"),
        (vec!["banks", LDSM, TILE, "16", "lds"], "ValueError"),
        (vec!["banks", LDSM, TILE, "12", "ld"], "ValueError"),
        (vec!["banks", LDSM, TILE, "f17", "ld"], "ValueError"),
        (
            vec![
                "banks",
                LDSM,
                "Layout((1000000000, 1000000000))",
                "16",
                "ldmatrix",
                "--svg",
            ],
            "ValueError",
        ),
        (
            vec!["banks", "Layout((4096, 4096), (0, 0))", TILE, "16", "ld"],
            "ValueError",
        ),
        (
            vec!["banks", LDSM, "Layout((8, 64), (E(0), E(1)))", "16", "ld"],
            "TypeError",
        ),
        (
            vec![
                "banks",
                "--choose",
                "Layout((1000000, 1000000))",
                &format!("({LDSM}, 16, 'ld')"),
            ],
            "ValueError",
        ),
        (
            vec![
                "banks",
                LDSM,
                TILE,
                "16",
                "ldmatrix",
                "--svg",
                "-o",
                "/nonexistent-dir/x.svg",
            ],
            "ValueError",
        ),
    ] {
        let o = cute(&args, b"");
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stdout(&o));
        let e = stderr(&o);
        assert_eq!(e.lines().count(), 1, "{args:?}: {e}");
        assert!(e.starts_with(class), "{args:?}: {e}");
    }
    // the help names the command and its limits
    let o = cute(&["help", "banks"], b"");
    let out = stdout(&o);
    assert!(
        out.contains("cute banks --choose") && out.contains("1024 threads"),
        "{out}"
    );
    assert!(stdout(&cute(&["help"], b"")).contains("cute banks 'TV' 'SMEM' BITS OP"));
}
