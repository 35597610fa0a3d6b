//! `cute explain`, run as a process, and the language's `explain`,
//! `is_tractable` and `is_admissible` through `cute eval`.

use std::process::{Command, Output};

fn cute(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .output()
        .expect("the cute binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("output is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn explain_prints_the_steps_of_the_readme_composition() {
    let o = cute(&[
        "explain",
        "composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))"
    );
    for want in [
        "  leaf 0 of B, 4:3",
        "    mode 0 of A, 6:8: the leaf's 4 points at stride 3 reach past it: 3 < 6 <= (4 - 1) * 3",
        "    stride divisibility: 3 divides the extent 6 [holds]",
        "    shape divisibility: the extent 6 holds 6 / 3 = 2 of B's steps, and 2 divides the 4 points B needs [holds]",
        "    -> 2:24: 2 points of mode 0 of A, its stride 8 times 3",
        "    mode 1 of A, 2:2, is A's last: it takes the rest of the leaf, 2 points at stride 1 (past its extent if need be: A's last mode extends it)",
        "  leaf 1 of B, 3:1",
        "    carry check: in mode 0 of A (extent 6), the leaves composed so far reach coordinate 5, below 6 [holds]",
    ] {
        assert!(lines.contains(&want), "{want}\n{out}");
    }
    assert_eq!(*lines.last().unwrap(), "  = ((2, 2), 3):((24, 2), 8)");
    assert!(o.stderr.is_empty());
}

#[test]
fn explain_shows_a_refusal_with_its_numbers() {
    let o = cute(&[
        "explain",
        "A = Layout((6, 2), (8, 2)); B = Layout((4, 3), (5, 1)); composition(A, B)",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("  leaf 0 of B, 4:5\n"), "{out}");
    assert!(
        out.contains("    stride divisibility: 5 and 6 do not divide one another [fails]\n"),
        "{out}"
    );
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("  refused: ValueError: composition: divisibility condition violated:")
            && last.contains("the leaf 4:5 of B"),
        "{last}"
    );
}

#[test]
fn explain_every_operation() {
    for (expr, result) in [
        ("complement(Layout(4, 2))", "  = (2, 1):(1, 8)"),
        ("complement(Layout(4, 2), 24)", "  = (2, 3):(1, 8)"),
        ("coalesce(Layout((2, (1, 6)), (1, (7, 2))))", "  = 12:1"),
        ("right_inverse(Layout((4, 8), (8, 1)))", "  = (8, 4):(4, 1)"),
        ("left_inverse(Layout((4, 8), (1, 5)))", "  = (5, 8):(1, 4)"),
        (
            "logical_divide(Layout((128, 64), (1, 128)), (8, 8))",
            "  = ((8, 16), (8, 8)):((1, 8), (128, 1024))",
        ),
        (
            "zipped_divide(Layout((128, 64), (1, 128)), (8, 8))",
            "  = ((8, 8), (16, 8)):((1, 128), (8, 1024))",
        ),
        (
            "logical_product(Layout((2, 2), (4, 1)), 6)",
            "  = ((2, 2), (2, 3)):((4, 1), (2, 8))",
        ),
        (
            "blocked_product(Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3)))",
            "  = ((2, 3), (5, 4)):((5, 10), (1, 30))",
        ),
        (
            "raked_product(Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3)))",
            "  = ((3, 2), (4, 5)):((10, 5), (30, 1))",
        ),
        (
            "M = symbols('M', multiple_of=8); logical_divide(Layout((M, 4), (1, M)), 8)",
            "  = (8, floor(M/2)):(1, 8)",
        ),
    ] {
        let o = cute(&["explain", expr]);
        assert!(o.status.success(), "{expr}: {}", stderr(&o));
        let out = stdout(&o);
        assert_eq!(out.lines().last(), Some(result), "{expr}\n{out}");
        // the value is the one `cute eval` gives
        let e = cute(&["eval", expr]);
        assert!(e.status.success(), "{expr}: {}", stderr(&e));
    }
}

#[test]
fn explain_json() {
    let o = cute(&[
        "explain",
        "--json",
        "composition(Layout((6, 2), (8, 2)), Layout(4, 2))",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with("{\"op\":\"composition\",\"call\":"),
        "{out}"
    );
    assert!(out.contains("\"kind\":\"check\""), "{out}");
    assert!(out.contains("\"holds\":false"), "{out}");
    assert!(out.trim_end().ends_with("}}"), "{out}");
    assert!(
        out.contains("\"result\":{\"error\":{\"class\":\"ValueError\""),
        "{out}"
    );
}

#[test]
fn explain_refuses_what_it_does_not_explain() {
    // not a call of an explained operation: one line, exit status 1
    for expr in [
        "size(Layout(4))",
        "x = composition(Layout(4), 2)",
        "composition(Layout(4), 2) + 1",
        "composition[0](Layout((4, 4)), 2)",
        "composition(Layout(4)",
        "composition(Layout(4), undefined_name)",
    ] {
        let o = cute(&["explain", expr]);
        assert_eq!(o.status.code(), Some(1), "{expr}");
        assert!(o.stdout.is_empty(), "{expr}");
        assert_eq!(stderr(&o).lines().count(), 1, "{expr}: {}", stderr(&o));
    }
    // usage errors: exit status 2
    for args in [
        &["explain"][..],
        &["explain", "a", "b"],
        &["explain", "--frob", "a"],
    ] {
        let o = cute(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
    let o = cute(&["explain", "--help"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("cute explain 'EXPR' [--json]"));
    assert!(stdout(&o).contains("limits:"));
}

#[test]
fn explain_and_predicates_in_the_language() {
    // a string: its repr, the trace's lines joined by \n
    let o = cute(&[
        "eval",
        "explain(composition, Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let repr = stdout(&o);
    assert!(
        repr.starts_with("'composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))\\n"),
        "{repr}"
    );
    assert!(
        repr.contains("\\n    stride divisibility: 3 divides the extent 6 [holds]\\n"),
        "{repr}"
    );
    assert!(
        repr.trim_end().ends_with("= ((2, 2), 3):((24, 2), 8)'"),
        "{repr}"
    );
    let by_name = cute(&[
        "eval",
        "explain('composition', Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))",
    ]);
    assert_eq!(stdout(&by_name), repr);
    for (expr, want) in [
        ("is_tractable(Layout((2, 4), (12, 1)))", "True"),
        ("is_tractable(Layout((2, 3), (1, 3)))", "False"),
        ("is_tractable(Layout((4, 3), (3, 2)))", "False"),
        (
            "is_admissible(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))",
            "True",
        ),
        (
            "is_admissible(Layout((6, 2), (8, 2)), Layout((4, 3), (5, 1)))",
            "False",
        ),
        ("is_admissible(Layout((12, 4), (1, 12)), (4, 2))", "True"),
        (
            "M = symbols('M'); is_admissible(Layout((M, 4), (1, 2 * M)), 8)",
            "False",
        ),
        (
            "M = symbols('M', multiple_of=8); is_admissible(Layout((M, 4), (1, 2 * M)), 8)",
            "True",
        ),
        (
            "explain(complement, Layout(4, 2), extend=24, json=True)[:12]",
            "'{\"op\":\"compl'",
        ),
    ] {
        let o = cute(&["eval", expr]);
        assert!(o.status.success(), "{expr}: {}", stderr(&o));
        assert_eq!(stdout(&o).trim_end(), want, "{expr}");
    }
    for (expr, class) in [
        ("explain(nullspace, Layout(4))", "ValueError"),
        ("explain(composition[1], Layout((4, 4)), 2)", "TypeError"),
        ("explain(composition, Layout(4), 2, extend=3)", "TypeError"),
        ("explain(3, Layout(4))", "TypeError"),
    ] {
        let o = cute(&["eval", expr]);
        assert_eq!(o.status.code(), Some(1), "{expr}");
        assert!(stderr(&o).starts_with(class), "{expr}: {}", stderr(&o));
    }
}
