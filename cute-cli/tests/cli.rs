//! The `cute` command, run as a process.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cute(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the cute binary starts");
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        input.write_all(stdin).expect("stdin accepts the input");
    }
    child.wait_with_output().expect("the cute binary finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("output is UTF-8")
}

#[test]
fn eval_prints_the_repr() {
    let o = cute(&["eval", "3 * E(0) + 5 * E(1)"], b"");
    assert!(o.status.success());
    assert_eq!(stdout(&o), "(3, 5)\n");
    let o = cute(&["eval", "Layout((4, 8), (8, 1))"], b"");
    assert_eq!(stdout(&o), "Layout((4, 8), (8, 1))\n");
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
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
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
