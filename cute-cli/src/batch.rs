//! `cute batch`: one result line per input line, in one environment.

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

/// Runs `f`, turning a panic into a `ValueError`. The evaluator does not
/// panic on any input; this is the last line of defence of a long batch.
pub fn guarded<T>(f: impl FnOnce() -> Result<T>) -> Result<T> {
    match panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".to_string());
            Err(Error::value("eval", format!("internal error: {what}")))
        }
    }
}

/// The result line of one input line, or `None` for an empty line.
pub fn line_result(line: &[u8], env: &mut Env) -> Option<String> {
    let text = match std::str::from_utf8(line) {
        Ok(t) => t,
        Err(e) => {
            return Some(format!(
                "err\tSyntaxError\tinput is not valid UTF-8 (at byte {})",
                e.valid_up_to()
            ))
        }
    };
    let text = text.trim_end_matches(['\r', '\n']);
    if text.trim().is_empty() {
        return None;
    }
    if text.trim() == "%reset" {
        env.clear();
        return Some("ok".to_string());
    }
    Some(match guarded(|| expr::eval(text, env)) {
        Ok(Outcome::Value(v)) => format!("ok\t{}", one_line(&v.to_string())),
        Ok(Outcome::Statement) => "ok".to_string(),
        Err(e) => format!("err\t{}\t{}", e.class(), one_line(&e.to_string())),
    })
}

/// Reads `input` line by line and writes one line per non-empty input line,
/// flushing after each.
///
/// # Errors
/// Only failures to read the input or write the output.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    // a panic is reported as an error line, not on standard error
    let previous = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let mut env = Env::new();
    let mut line = Vec::new();
    let result = loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => break Ok(()),
            Ok(_) => {}
            Err(e) => break Err(e),
        }
        if let Some(out) = line_result(&line, &mut env) {
            if let Err(e) = writeln!(output, "{out}").and_then(|()| output.flush()) {
                break Err(e);
            }
        }
    };
    panic::set_hook(previous);
    result
}
