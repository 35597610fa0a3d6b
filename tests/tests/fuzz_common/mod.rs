//! What the fuzz tests of the layout algebra share (`fuzz_expressions.rs`,
//! `fuzz_api.rs`, `fuzz_symbolic.rs`): deterministic and bounded in time.
//!
//! Three loops share one seeded generator of adversarial but well-formed
//! input (deep nesting; extents 0, 1, negative and huge; integer, F2 and
//! coordinate strides, mixed; profiles that do not match; nested algebra
//! calls):
//! - expressions of the specification's language, run through the
//!   expression evaluator ([`evaluate`] is the one place that reaches it);
//! - direct calls of the algebra's functions on random layouts;
//! - symbolic lines, checked against the same lines with integers
//!   substituted.
//!
//! Every call must answer once, on one line, without a panic, within
//! [`SLOW`]; and every layout the algebra returns must meet the operation's
//! post-conditions, checked with an evaluation of layouts written here,
//! independently of the crate's.
//!
//! Each loop runs a fixed number of cases, so that a slow machine tests as
//! much as a fast one. `CUTE_FUZZ_SEED` (an integer) changes the seed and
//! `CUTE_FUZZ_CASES` (a number of cases per loop) the count; a failure
//! names the seed and the line or call, so that it can be replayed.
//! [`SLOW`] is a hang detector, not a speed target: it is far above what
//! any case takes.
#![allow(dead_code)]

pub(crate) mod check;
pub(crate) mod draw;
pub(crate) mod eval;
pub(crate) mod generic;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use cute_dynamic::Error;

/// The expression evaluator: a line's answer, the value's repr or the error.
/// (The only call into the evaluator: re-pointing it is this line.)
pub(crate) fn evaluate(src: &str) -> Result<String, Error> {
    cute_expr::eval_expr(src).map(|v| v.to_string())
}

/// The slowest a single line or call may be, twice in a row: a hang
/// detector (cases take a few milliseconds at most in a debug build).
pub(crate) const SLOW: Duration = if cfg!(debug_assertions) {
    Duration::from_millis(1000)
} else {
    Duration::from_millis(250)
};

pub(crate) fn seed() -> u64 {
    std::env::var("CUTE_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5EED_CAFE)
}

/// The number of cases a loop runs: `CUTE_FUZZ_CASES`, or the loop's
/// default.
pub(crate) fn cases(default: u64) -> u64 {
    std::env::var("CUTE_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

thread_local! {
    /// Whether this thread is inside [`timed`], whose panics are reported as
    /// failures rather than printed.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with a panic caught (and not printed: it becomes a failure of
/// the test) and its time measured.
/// Runs the line `text` through `run` and checks what every line must do:
/// answer without a panic, within [`SLOW`] (once more if not: slow twice is
/// slow), on one line. A failure goes to `failures` (worded by `fail`) and
/// a panic gives `None`; `slowest` keeps the slowest line so far.
pub(crate) fn answer_once<T: std::fmt::Display>(
    text: &str,
    run: impl Fn(&str) -> Result<T, Error>,
    (slowest, slowest_line): (&mut Duration, &mut String),
    fail: &dyn Fn(String) -> String,
    failures: &mut Vec<String>,
) -> Option<Result<T, Error>> {
    let (answer, took) = timed(|| run(text));
    if took > *slowest {
        *slowest = took;
        *slowest_line = text.to_string();
    }
    let Ok(answer) = answer else {
        failures.push(fail("panicked".into()));
        return None;
    };
    if took > SLOW {
        let (_, again) = timed(|| run(text));
        if again > SLOW {
            failures.push(fail(format!("took {took:?}, then {again:?}")));
        }
    }
    let shown = match &answer {
        Ok(v) => v.to_string(),
        Err(e) => e.to_string(),
    };
    if shown.contains('\n') {
        failures.push(fail(format!("answers on more than one line: {shown:?}")));
    }
    Some(answer)
}

pub(crate) fn timed<T>(f: impl FnOnce() -> T) -> (std::thread::Result<T>, Duration) {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                default(info);
            }
        }));
    });
    QUIET.with(|q| q.set(true));
    let t = Instant::now();
    let r = catch_unwind(AssertUnwindSafe(f));
    let took = t.elapsed();
    QUIET.with(|q| q.set(false));
    (r, took)
}
