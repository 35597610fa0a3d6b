//! `cute explain 'EXPR' [--json]`: the trace of the operation of the
//! algebra that EXPR's last statement calls, `composition(A, B)` and the
//! like (cute-dynamic's explained operations), step by step in the
//! specification's terms, ending in the result or the refused condition;
//! with `--json`, the trace as one JSON object.
//!
//! EXPR is a line of the language: statements before the last run as
//! `cute eval` runs them, and the last one is a call `NAME(ARGS)` (with
//! `NAME` one of the explained operations), which runs as the language's
//! `explain(NAME, ARGS)`: the arguments are evaluated as the call would
//! evaluate them, and the trace is the operation's, by the same code.

use cute_dynamic::algebra::explain::{MAX_STEPS, MAX_TRACED_LEAVES, OPERATIONS};
use cute_dynamic::{Error, Result};
use cute_expr::{self as expr, Env, Outcome, Statement, Value};

use crate::args::Arg;

/// The options of `cute explain`.
pub struct Options {
    /// The line whose last statement is the call to explain.
    pub src: String,
    /// The trace as JSON, not as text.
    pub json: bool,
}

/// Reads the arguments of `cute explain`: the expression, and `--json`.
///
/// # Errors
/// The usage error's text.
pub fn parse_options(args: &[Arg]) -> std::result::Result<Options, String> {
    let mut src = None;
    let mut json = false;
    for a in args {
        let t = a.text().map_err(|e| e.0)?;
        if t == "--json" {
            json = true;
        } else if t.starts_with("--") {
            return Err(format!("unknown option {t:?}"));
        } else if src.is_none() {
            src = Some(t.to_string());
        } else {
            return Err(format!(
                "takes exactly one expression; {t:?} is one too many"
            ));
        }
    }
    let src = src.ok_or("the expression is missing")?;
    Ok(Options { src, json })
}

/// The error for a line whose last statement is not a call to explain.
fn not_a_call() -> Error {
    Error::value(
        "explain",
        format!(
            "the last statement must be a call of one of the operations explain traces: {}",
            OPERATIONS.join(", ")
        ),
    )
}

/// The trace of the call that `o.src`'s last statement makes, as text
/// (with its final newline).
///
/// # Errors
/// The line's error (a syntax error, an argument that does not evaluate),
/// or a `ValueError` if its last statement is not a call of an explained
/// operation.
pub fn run(o: &Options) -> Result<String> {
    let program = expr::parse(&o.src)?;
    if program.statements().last() != Some(Statement::Expression) {
        return Err(not_a_call());
    }
    let line = rewrite(&o.src, o.json).ok_or_else(not_a_call)?;
    match expr::eval(&line, &mut Env::new())? {
        Outcome::Value(Value::Str(text)) => Ok(format!("{text}\n")),
        _ => Err(not_a_call()),
    }
}

/// True iff `src` parses and its last statement is a call of an explained
/// operation, the line [`run`] traces (`cute serve`'s trace view).
pub(crate) fn is_explained_call(src: &str) -> bool {
    expr::parse(src).is_ok_and(|p| p.statements().last() == Some(Statement::Expression))
        && rewrite(src, true).is_some()
}

/// Skips the string literal that starts at `i` (its quote); returns the
/// index past its closing quote.
fn skip_string(b: &[u8], mut i: usize) -> usize {
    let q = b[i];
    i += 1;
    while i < b.len() && b[i] != q {
        if b[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    i + 1
}

/// The end of the bracketed group that opens at `i` (the index past its
/// closing bracket), strings skipped; `None` if it does not close.
fn group_end(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'\'' | b'"' => {
                i = skip_string(b, i);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// `src` with its last statement, a call `NAME[MODE](ARGS)` of an
/// explained operation, made `explain(NAME[MODE], ARGS)` (with
/// `json=True` for JSON); `None` if the last statement is not such a call.
/// (The line parses: its strings and brackets are well formed.)
fn rewrite(src: &str, json: bool) -> Option<String> {
    let b = src.as_bytes();
    // the top-level statements, `(start, end)`, end at `;`; a comment
    // ends the line
    let mut stmts = Vec::new();
    let mut start = 0usize;
    let mut end = b.len();
    let mut depth = 0i64;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\'' | b'"' => {
                i = skip_string(b, i);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b';' if depth == 0 => {
                stmts.push((start, i));
                start = i + 1;
            }
            b'#' => {
                end = i;
                break;
            }
            _ => {}
        }
        i += 1;
    }
    stmts.push((start, end.max(start)));
    // the last statement that is not blank
    let &(from, to) = stmts
        .iter()
        .rev()
        .find(|&&(s, t)| b[s..t].iter().any(|c| !c.is_ascii_whitespace()))?;
    let mut k = from;
    while b[k].is_ascii_whitespace() {
        k += 1;
    }
    let name_start = k;
    while k < to && (b[k].is_ascii_alphanumeric() || b[k] == b'_') {
        k += 1;
    }
    let name = &src[name_start..k];
    if !OPERATIONS.contains(&name) {
        return None;
    }
    while k < to && b[k].is_ascii_whitespace() {
        k += 1;
    }
    if k < to && b[k] == b'[' {
        k = group_end(b, k)?;
        while k < to && b[k].is_ascii_whitespace() {
            k += 1;
        }
    }
    let callee = &src[name_start..k];
    if k >= to || b[k] != b'(' {
        return None;
    }
    let close = group_end(b, k)?;
    if close > to || b[close..to].iter().any(|c| !c.is_ascii_whitespace()) {
        return None;
    }
    let args = src[k + 1..close - 1].trim();
    let mut call = format!("explain({}", callee.trim_end());
    if !args.is_empty() {
        call.push_str(", ");
        call.push_str(args.trim_end_matches(','));
    }
    if json {
        call.push_str(", json=True");
    }
    call.push(')');
    Some(format!("{}{call}{}", &src[..name_start], &src[close..]))
}

/// The limits, stated with the library's constants.
pub fn limits() -> String {
    format!(
        "the trace follows operands of at most {MAX_TRACED_LEAVES} leaves and records at most {MAX_STEPS} steps; past either, it says so and still gives the result"
    )
}
