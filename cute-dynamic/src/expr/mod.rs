//! An evaluator for the language the specification's examples are written in.
//!
//! The language is the small part of Python the examples use: integers
//! (`0b..`, `0x..` too), `True`/`False`/`None`, tuples, lists, strings, names
//! bound by `NAME = expr` or `a, b = expr`, calls with keyword arguments,
//! mode subscripts `f[0, 2](...)`, indexing and slicing `A[1]`, `A[1:-1]`,
//! attributes and methods `A.shape`, `A.get([1, 0])`, calls of a layout
//! `A(2, 3)`, the operators `+ - * // % @ ^ == != < > <= >=` with Python's
//! precedence and chained comparisons, and `expr -> ErrorClass`, which is
//! true iff evaluating `expr` fails with that class.
//!
//! [`eval`] runs one statement in an [`Env`] that persists between calls;
//! [`eval_expr`] evaluates one expression on its own. A value's `Display` is
//! Python's `repr`.
//!
//! ```
//! use cute_dynamic::expr::{eval, Env, Outcome};
//! let mut env = Env::new();
//! assert!(matches!(eval("A = Layout((4, 8), (8, 1))", &mut env).unwrap(), Outcome::Statement));
//! match eval("A.shape", &mut env).unwrap() {
//!     Outcome::Value(v) => assert_eq!(v.to_string(), "(4, 8)"),
//!     Outcome::Statement => unreachable!(),
//! }
//! ```

#[allow(dead_code)]
mod algebra_builtins;
mod builtins;
pub mod eval;
mod htuple_builtins;
#[allow(dead_code)]
mod inverse_builtins;
mod layout_builtins;
pub mod parse;
mod spec_builtins;
pub mod value;

use cute_core::Result;

pub use builtins::{builtin_names, py_str};
pub use eval::{py_eq, Env, Outcome};
pub use value::Value;

/// Parses and runs one statement in `env`: an expression gives
/// [`Outcome::Value`], an assignment binds its names in `env` and gives
/// [`Outcome::Statement`], and `expr -> ErrorClass` gives `True` iff `expr`
/// fails with that class.
///
/// # Errors
/// `SyntaxError` ([`cute_core::Error::Parse`], with the byte position) for
/// text that does not parse; otherwise whatever the evaluation raises
/// (`ValueError`, `TypeError`, `IndexError`). A failed statement leaves
/// `env` as it was.
///
/// # Examples
/// ```
/// use cute_dynamic::expr::{eval, Env, Outcome};
/// use cute_dynamic::ErrorClass;
/// let mut env = Env::new();
/// eval("x, y = (3, 4)", &mut env).unwrap();
/// let Outcome::Value(v) = eval("x * y + 1", &mut env).unwrap() else { unreachable!() };
/// assert_eq!(v.to_string(), "13");
/// let Outcome::Value(v) = eval("(1, 2)[5] -> IndexError", &mut env).unwrap() else { unreachable!() };
/// assert_eq!(v.to_string(), "True");
/// let e = eval("Layout((4, 8), (1,", &mut env).unwrap_err();
/// assert_eq!(e.class(), ErrorClass::SyntaxError);
/// ```
pub fn eval(src: &str, env: &mut Env) -> Result<Outcome> {
    with_stack(src, || {
        let stmt = parse::parse_statement(src)?;
        eval::exec(&stmt, env)
    })
}

/// Evaluates one expression in a fresh environment.
///
/// # Errors
/// As [`eval`]; a statement that is not an expression is a `SyntaxError`.
///
/// # Examples
/// ```
/// use cute_dynamic::expr::eval_expr;
/// use cute_dynamic::ErrorClass;
/// assert_eq!(eval_expr("3 * E(0) + 5 * E(1)").unwrap().to_string(), "(3, 5)");
/// assert_eq!(eval_expr("F2(0b1010) + F2(0b1100)").unwrap().to_string(), "F6");
/// assert_eq!(eval_expr("ArithTuple(1, 2) + 1").unwrap_err().class(), ErrorClass::TypeError);
/// ```
pub fn eval_expr(src: &str) -> Result<Value> {
    with_stack(src, || {
        let e = parse::parse_expr(src)?;
        eval::eval(&e, &Env::new())
    })
}

/// The stack given to the parsing and evaluation of deeply nested input.
const DEEP_STACK: usize = 128 << 20;

/// True iff `src` may nest deeply enough to need more stack than a thread
/// is guaranteed: long text, or brackets nested more than a few levels.
fn is_deep(src: &str) -> bool {
    if src.len() > 256 {
        return true;
    }
    let (mut depth, mut max) = (0i32, 0i32);
    for b in src.bytes() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b')' | b']' | b'}' => depth -= 1,
            _ => {}
        }
    }
    max > 24
}

/// Runs `f`, on a thread with a large stack when `src` may nest deeply, so
/// that the recursion of the parser and the evaluator (bounded by
/// [`parse::MAX_DEPTH`]) always has room.
fn with_stack<T: Send>(src: &str, f: impl FnOnce() -> Result<T> + Send) -> Result<T> {
    if !is_deep(src) {
        return f();
    }
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .stack_size(DEEP_STACK)
            .spawn_scoped(scope, f)
            .map_err(|e| {
                cute_core::Error::value("eval", format!("cannot start the evaluation: {e}"))
            })?;
        handle
            .join()
            .unwrap_or_else(|payload| std::panic::resume_unwind(payload))
    })
}
