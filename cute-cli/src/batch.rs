//! `cute batch`: one result line per input line, in one environment.

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::panic::{self, AssertUnwindSafe};

use cute_dynamic::{Error, Result};
use cute_expr::{self as expr, Env, Outcome};

/// Replaces line breaks and tabs, so that a message fits in one field of
/// one line.
pub fn one_line(s: &str) -> String {
    s.replace("\r\n", " ")
        .chars()
        .map(|c| {
            if c == '\n' || c == '\r' || c == '\t' {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// The message a panic carries (`"unknown"` for a payload that is not
/// text).
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown".to_string())
}

/// Runs `f`, turning a panic into a `ValueError`. The evaluator does not
/// panic on any input; this is the last line of defence of a long batch.
pub fn guarded<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    match panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            let what = panic_text(payload.as_ref());
            Err(Error::value("eval", format!("internal error: {what}")))
        }
    }
}

/// Appends `text` to `out` on one line: line breaks and tabs become spaces.
fn push_one_line(out: &mut String, text: &str) {
    if text.bytes().any(|b| matches!(b, b'\n' | b'\r' | b'\t')) {
        out.push_str(&one_line(text));
    } else {
        out.push_str(text);
    }
}

/// Appends the result line of one input line (with its newline) to `out`;
/// an empty line has none.
fn answer(line: &[u8], env: &mut Env, out: &mut String, scratch: &mut String) {
    let text = match std::str::from_utf8(line) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(
                out,
                "err\tSyntaxError\tinput is not valid UTF-8 (at byte {})",
                e.valid_up_to()
            );
            return;
        }
    };
    let text = text.trim_end_matches(['\r', '\n']);
    if text.trim().is_empty() {
        return;
    }
    if text.trim() == "%reset" {
        env.clear();
        out.push_str("ok\n");
        return;
    }
    scratch.clear();
    match guarded(|| expr::eval(text, env)) {
        Ok(Outcome::Value(v)) => {
            out.push_str("ok\t");
            let _ = write!(scratch, "{v}");
        }
        Ok(Outcome::Statement) => out.push_str("ok"),
        Err(e) => {
            let _ = write!(out, "err\t{}\t", e.class());
            let _ = write!(scratch, "{e}");
        }
    }
    push_one_line(out, scratch);
    out.push('\n');
}

/// Reads `input` line by line and writes one line per non-empty input line.
/// The answers are written as the input arrives: all the lines already read
/// are answered, and the output flushed, before each read that may wait.
///
/// # Errors
/// Only failures to read the input or write the output.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    // a panic is reported as an error line, not on standard error
    let previous = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let result = answer_all(&mut input, &mut output);
    panic::set_hook(previous);
    result
}

/// Answers a line longer than the evaluator reads, without keeping it.
fn too_long(out: &mut String) {
    let _ = writeln!(
        out,
        "err\tSyntaxError\tline longer than {} bytes",
        expr::MAX_TEXT
    );
}

fn answer_all(input: &mut impl BufRead, output: &mut impl Write) -> std::io::Result<()> {
    let mut env = Env::new();
    // the start of a line whose end is not read yet
    let mut partial: Vec<u8> = Vec::new();
    // true while skipping the rest of a line too long to keep
    let mut skipping = false;
    let mut out = String::new();
    let mut scratch = String::new();
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            if skipping {
                too_long(&mut out);
            } else if !partial.is_empty() {
                answer(&partial, &mut env, &mut out, &mut scratch);
            }
            output.write_all(out.as_bytes())?;
            return output.flush();
        }
        let n = chunk.len();
        let mut rest = chunk;
        while let Some(i) = rest.iter().position(|&b| b == b'\n') {
            let (line, tail) = rest.split_at(i + 1);
            if skipping {
                too_long(&mut out);
                skipping = false;
            } else if partial.is_empty() {
                answer(line, &mut env, &mut out, &mut scratch);
            } else {
                partial.extend_from_slice(line);
                answer(&partial, &mut env, &mut out, &mut scratch);
                partial.clear();
            }
            rest = tail;
            if out.len() >= 1 << 16 {
                output.write_all(out.as_bytes())?;
                out.clear();
            }
        }
        if !skipping {
            partial.extend_from_slice(rest);
            if partial.len() > expr::MAX_TEXT + 2 {
                partial = Vec::new();
                skipping = true;
            }
        }
        input.consume(n);
        output.write_all(out.as_bytes())?;
        out.clear();
        output.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers `input` with reads of at most `chunk` bytes.
    fn batch(input: &[u8], chunk: usize) -> String {
        let reader = std::io::BufReader::with_capacity(chunk, input);
        let mut out = Vec::new();
        run(reader, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn lines_split_across_reads_are_answered_once() {
        let input = b"x = 6\n\nx * 7\n(1, 2)[2]\n%reset\nx\n'a\\tb'";
        let want = "ok\nok\t42\nerr\tIndexError\t";
        for chunk in [1, 2, 3, 7, 64, 4096] {
            let out = batch(input, chunk);
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 6, "{chunk}: {out}");
            assert!(out.starts_with(want), "{chunk}: {out}");
            assert_eq!(lines[3], "ok");
            assert!(lines[4].starts_with("err\tValueError\t"), "{out}");
            assert_eq!(lines[5], "ok\t'a\\tb'");
        }
    }

    #[test]
    fn a_line_too_long_is_answered_without_being_kept() {
        let mut input = vec![b'1'; expr::MAX_TEXT + 10];
        input.extend_from_slice(b"\n2\n");
        input.extend(vec![b'('; expr::MAX_TEXT + 10]);
        let out = batch(&input, 4096);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        for l in [lines[0], lines[2]] {
            assert!(l.starts_with("err\tSyntaxError\t"), "{l}");
            assert!(l.contains("line longer than 1048576 bytes"), "{l}");
        }
        assert_eq!(lines[1], "ok\t2");
    }

    #[test]
    fn a_remainder_by_a_symbolic_divisor_is_answered() {
        // M - K // 4 and its negation both once led with a negative
        // coefficient in canonical form; this line then overflowed the
        // stack (an abort that no batch outlives)
        let input = b"M = symbols('M'); K = symbols('K', multiple_of=8)\n\
                      (M - K) % (M - K // 4)\n(M - K) // (K // 4 - M)\n1 + 1\n";
        let out = batch(input, 4096);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines,
            [
                "ok",
                "ok\t-Mod(K - M, -M + floor(K/4))",
                "ok\tfloor((-K + M)/(K/4 - M))",
                "ok\t2"
            ],
            "{out}"
        );
    }

    #[test]
    fn answers_fit_on_one_line() {
        let out = batch(b"print('a\\nb')\n'x' + 1\n", 4096);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines, ["ok\t'a\\nb'", lines[1]]);
        assert_eq!(lines[1].split('\t').count(), 3);
        let out = batch(b"print_tensor(Layout((2, 2)))\n", 4096);
        assert_eq!(out.lines().count(), 1, "{out}");
    }
}
