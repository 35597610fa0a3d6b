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
//! use cute_expr::{eval, Env, Outcome};
//! let mut env = Env::new();
//! assert!(matches!(eval("A = Layout((4, 8), (8, 1))", &mut env).unwrap(), Outcome::Statement));
//! match eval("A.shape", &mut env).unwrap() {
//!     Outcome::Value(v) => assert_eq!(v.to_string(), "(4, 8)"),
//!     Outcome::Statement => unreachable!(),
//! }
//! ```

mod builtins;
pub mod eval;
pub mod parse;
pub mod value;

pub use cute_core::{Error, ErrorClass, Result};

pub use builtins::{builtin_names, py_str};
pub use eval::{py_eq, Env, Outcome};
pub use value::Value;

/// Parses and runs one statement in `env`: an expression gives
/// [`Outcome::Value`], an assignment binds its names in `env` and gives
/// [`Outcome::Statement`], and `expr -> ErrorClass` gives `True` iff `expr`
/// fails with that class.
///
/// # Post-conditions
/// On success `env` holds every name the statement bound; on failure `env`
/// is unchanged. The value's `Display` is its Python `repr`.
///
/// # Errors
/// `SyntaxError` ([`cute_core::Error::Parse`], with the byte position) for
/// text that does not parse; otherwise whatever the evaluation raises
/// (`ValueError`, `TypeError`, `IndexError`). A failed statement leaves
/// `env` as it was.
///
/// # Examples
/// ```
/// use cute_expr::{eval, Env, Outcome};
/// use cute_expr::ErrorClass;
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
/// # Post-conditions
/// The same value as [`eval`] of `src` in an empty [`Env`].
///
/// # Errors
/// As [`eval`]; a statement that is not an expression is a `SyntaxError`.
///
/// # Examples
/// ```
/// use cute_expr::eval_expr;
/// use cute_expr::ErrorClass;
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

#[cfg(test)]
mod tests {
    use super::*;
    use cute_core::ErrorClass;
    use proptest::prelude::*;

    fn val(src: &str) -> String {
        match eval_expr(src) {
            Ok(v) => v.to_string(),
            Err(e) => format!("{}", e.class()),
        }
    }

    #[test]
    fn statements_and_environment() {
        let mut env = Env::new();
        assert!(matches!(
            eval("a, (b, c) = (1, (2, 3))", &mut env).unwrap(),
            Outcome::Statement
        ));
        let Outcome::Value(v) = eval("a + b + c", &mut env).unwrap() else {
            panic!()
        };
        assert_eq!(v.to_string(), "6");
        // a failed unpacking binds nothing
        assert!(eval("x, y = (1, 2, 3)", &mut env).is_err());
        assert!(env.get("x").is_none());
        assert_eq!(env.len(), 3);
        env.clear();
        assert!(env.is_empty());
        assert!(eval("import sympy", &mut env).is_ok());
    }

    #[test]
    fn the_example_language() {
        assert_eq!(val("shape[1][0](Layout((3, (2, 4))))"), "2");
        assert_eq!(val("get(((0, 0, (0, 0, 0, 42)),), mode=(0, 2, 3))"), "42");
        assert_eq!(val("Layout((3, (2, 4)), (2, (1, 6)))(2, (1, 2))"), "17");
        assert_eq!(
            val("Layout((2, 3, 5, 7), (1, 2, 6, 30))[::2]"),
            "Layout((2, 5), (1, 6))"
        );
        assert_eq!(
            val("Layout((4, 8), (1, 4))._offset_and_slice((2, None))"),
            "(2, Layout((8,), (4,)))"
        );
        assert_eq!(val("Layout._set((4, 8), (8, 1))"), "Layout((4, 8), (8, 1))");
        assert_eq!(
            val("str(Layout((3, (2, 4)), (2, (1, 6))))"),
            "'(3, (2, 4)):(2, (1, 6))'"
        );
        assert_eq!(val("V(42) @ 1 == 42 * E(1)"), "True");
        assert_eq!(val("E(0) == ArithTuple(1, 0) == ArithTuple((1,))"), "True");
        assert_eq!(val("ArithTuple((5,)) != 5"), "True");
        assert_eq!(val("ArithTuple(1, 2, 3) + (7, 8, 9)"), "(8, 10, 12)");
        assert_eq!(val("0 - ArithTuple(1, 2)"), "(-1, -2)");
        assert_eq!(val("Swizzle(1, 0, 1)(2)"), "3");
        assert_eq!(val("divmod(F2(0b10110), 4)"), "(F5, F2)");
        assert_eq!(
            val("list(zip_leaves((1, 2), (3, 4), (5, 6)))"),
            "[(1, 3, 5), (2, 4, 6)]"
        );
        assert_eq!(
            val("flatten((Layout(2), Layout(3)), make_layout)"),
            "Layout((2, 3), (1, 1))"
        );
        assert_eq!(
            val("lift[1](Layout(4, 2), pad=Layout(1, 0), make=make_layout)"),
            "Layout((1, 4), (0, 2))"
        );
        assert_eq!(
            val("transform_apply_leaf(make_layout, Layout, (2, 3), (1, 4))"),
            "Layout((2, 3), (1, 4))"
        );
        assert_eq!(
            val("recast(Layout((4, 4), (4, 1)), Fraction(1, 2))"),
            "Layout((4, 8), (8, 1))"
        );
        assert_eq!(
            val("isinstance(True, Integer), isinstance(True, int)"),
            "(False, True)"
        );
        assert_eq!(
            val("sum(range(5)), min(3, 1, 2), max([4, 9])"),
            "(10, 1, 9)"
        );
    }

    #[test]
    fn error_classes() {
        assert_eq!(val("Layout((2, 3), (1, 2))[2]"), "IndexError");
        assert_eq!(val("Layout((2, 3), (1,))"), "ValueError");
        assert_eq!(val("F2(1) + 1"), "TypeError");
        assert_eq!(val("undefined_name"), "ValueError");
        assert_eq!(val("lambda x: x"), "ValueError");
        assert_eq!(val("size.__name__"), "ValueError");
        assert_eq!(val("Layout((4, 8), (1,"), "SyntaxError");
        assert_eq!(val("shape[1](Layout(4), mode=(0,))"), "TypeError");
        assert_eq!(
            eval_expr("x = 1").unwrap_err().class(),
            ErrorClass::SyntaxError
        );
    }

    #[test]
    fn deep_input_is_rejected_not_overflowed() {
        let deep = "[".repeat(5_000) + &"]".repeat(5_000);
        assert_eq!(
            eval_expr(&deep).unwrap_err().class(),
            ErrorClass::SyntaxError
        );
        let ok = "(".repeat(150) + "7" + &",)".repeat(150);
        assert!(eval_expr(&ok).is_ok());
    }

    fn int_tuple() -> impl Strategy<Value = String> {
        let leaf = (-50i64..50).prop_map(|x| x.to_string());
        leaf.prop_recursive(3, 16, 4, |inner| {
            prop::collection::vec(inner, 0..4).prop_map(|v| match v.len() {
                1 => format!("({},)", v[0]),
                _ => format!("({})", v.join(", ")),
            })
        })
    }

    fn shape() -> impl Strategy<Value = String> {
        let leaf = (1i64..5).prop_map(|x| x.to_string());
        leaf.prop_recursive(2, 8, 3, |inner| {
            prop::collection::vec(inner, 1..4).prop_map(|v| match v.len() {
                1 => format!("({},)", v[0]),
                _ => format!("({})", v.join(", ")),
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Any text gives a value or an error, never a panic.
        #[test]
        fn any_text_is_handled(s in "\\PC{0,40}") {
            let _ = eval_expr(&s);
        }

        /// The repr of a value evaluates back to an equal value.
        #[test]
        fn repr_round_trips(t in int_tuple()) {
            let v = eval_expr(&t).unwrap();
            let w = eval_expr(&v.to_string()).unwrap();
            prop_assert!(py_eq(&v, &w));
            prop_assert_eq!(v.to_string(), w.to_string());
        }

        /// Integer arithmetic is checked: the exact result, or a ValueError.
        #[test]
        fn integer_arithmetic_is_checked(a in any::<i64>(), b in any::<i64>()) {
            for (op, exact) in [("+", a.checked_add(b)), ("-", a.checked_sub(b)), ("*", a.checked_mul(b))] {
                match (eval_expr(&format!("({a}) {op} ({b})")), exact) {
                    (Ok(v), Some(x)) => prop_assert_eq!(v.to_string(), x.to_string()),
                    (Err(e), None) => prop_assert_eq!(e.class(), ErrorClass::ValueError),
                    (r, x) => prop_assert!(false, "{a} {op} {b}: {r:?} vs {x:?}"),
                }
            }
        }

        /// Floor division and modulo satisfy `(a // b) * b + a % b == a`.
        #[test]
        fn floor_division_identity(a in -1000i64..1000, b in -50i64..50) {
            prop_assume!(b != 0);
            let src = format!("(({a}) // ({b})) * ({b}) + ({a}) % ({b}) == {a}");
            prop_assert_eq!(val(&src), "True");
            let r = eval_expr(&format!("({a}) % ({b})")).unwrap().to_string().parse::<i64>().unwrap();
            let in_range = if b > 0 { (0..b).contains(&r) } else { r <= 0 && r > b };
            prop_assert!(in_range);
        }

        /// A layout reaches the same offset from an integral coordinate and
        /// from its natural coordinate.
        #[test]
        fn layout_coordinate_forms_agree(s in shape(), i in 0i64..64) {
            let a = format!("Layout({s})");
            let n: i64 = val(&format!("size({a})")).parse().unwrap();
            let i = i % n;
            let src = format!("{a}({i}) == {a}(idx2crd({i}, {s}))");
            prop_assert_eq!(val(&src), "True");
        }
    }
}
