//! # cute-expr
//!
//! An evaluator for the language the PyCuTe specification's examples are
//! written in, over cute-dynamic's layouts.
//!
//! The language is the small part of Python the examples use: integers
//! (`0b..`, `0x..` too), `True`/`False`/`None`, tuples, lists, strings, names
//! bound by `NAME = expr` or `a, b = expr`, calls with keyword arguments,
//! mode subscripts `f[0, 2](...)`, indexing and slicing `A[1]`, `A[1:-1]`,
//! attributes and methods `A.shape`, `A.get([1, 0])`, calls of a layout
//! `A(2, 3)`, the operators `+ - * // % ** @ ^ & | << >> ~ == != < > <= >=`
//! with Python's precedence and chained comparisons (`-2 ** 2` is `-4`;
//! integers are 64-bit, so a result beyond that range, or `2 ** -1`, is a
//! `ValueError`), `lambda` functions (closures, with
//! default and keyword-only parameters), conditional expressions
//! `x if c else y`, several statements on a line separated by `;`, writes
//! into tensors and accessors `T[1, 2] = 42.0`, and `expr -> ErrorClass`,
//! which is true iff evaluating `expr` fails with that class. Every function
//! of the specification's API reference that is not Python machinery is a
//! built-in, and so are CuTe C++'s regroupings of the divides and products
//! (`tiled_divide`, `flat_divide`, `zipped_product`, `tiled_product`,
//! `flat_product`), its partitions (`local_tile`, `inner_partition`,
//! `outer_partition`, `local_partition`), its atom layer (`MMA_Atom`,
//! `Copy_Atom`, `make_tiled_mma`, `make_tiled_copy`, their slices and
//! partitions), the bank-conflict analyser (`bank_conflicts`,
//! `choose_swizzle`), `explain` and the predicates `is_tractable` and
//! `is_admissible`; [`builtin_names`] lists them.
//!
//! Tensors and accessors are values ([`TensorValue`], [`AccessorValue`]):
//! `Array(16, dtype=ctypes.c_int)`, `make_tensor(layout)`, `Tensor(accessor,
//! layout)`, `identity_tensor(shape)`, `ImplicitAccessor(origin)`,
//! `TransformAccessor(a, f)` with any callable `f` (a lambda too), and a
//! `Ptr` into an `Array`. Indexing `T[1, 2]` reads an element, `T[1, None]`
//! and `T[1, :]` give a view sharing the memory, and `coalesce`,
//! `composition`, `logical_divide`, `zipped_divide`, `tiled_divide` and
//! `flat_divide` apply through a tensor. The element types are ctypes' scalar types ([`Dtype`]); a raw
//! address is not read (`Ptr(address, dtype)` is a `ValueError`).
//! [`cell_table`] gives a layout's or a tensor's cells to cute-dynamic's
//! printing and drawing functions.
//!
//! # Symbols
//!
//! Sizes and strides may be symbolic integers, as sympy's are in the
//! specification (`is_int(N)` is true, `is_static(N)` false):
//! `symbols('M N')` gives a tuple of symbols (one name, one symbol; names
//! are separated by spaces or commas), `Symbol('M')` one symbol, and
//! `import sympy` binds the module whose `symbols` and `Symbol` these are
//! (`from sympy import symbols` too). A symbol is a [`Value::Sym`], an
//! integer that is **positive** unless a keyword says otherwise (sympy
//! assumes nothing of a bare symbol, but a layout's extents are positive and
//! the algebra must know it to decide anything): `positive=True` (the
//! default), `nonnegative=True`, `integer=True` (every symbol is one), and
//! `multiple_of=k`, which sympy does not have, for a size known to be a
//! multiple of `k` (a tile's multiple). Any other keyword is a `TypeError`.
//!
//! Symbols add, subtract, multiply, floor-divide and take remainders
//! (`4*N`, `N + 3`, `floor(N/4)`, `Mod(N, 4)`, printed as sympy prints
//! them); `==` compares their canonical forms, as sympy's `==` does
//! (`M == N` is `False`: a comparison of forms, not a claim about values),
//! `<` and `<=` decide from the assumptions or fail with a `ValueError`
//! naming the condition (`cannot decide whether M < N`), and `min` and `max`
//! of integers and symbols are sympy's `Min` and `Max` (`min(M, 1)` is 1 for
//! a positive `M`; `max(M, N)` stays `Max(M, N)`). A layout with a symbolic leaf
//! is a [`Value::SymLayout`], `Layout((M, N), (1, M))`, and every function of
//! the algebra runs over it (size, evaluation `A(i, j)`, `coalesce`,
//! `composition`, `complement`, the divides and products, the inverses;
//! integers and layouts beside it are promoted), with the same
//! `ValueError` for a condition the symbols leave open. A result with no
//! symbol left is an ordinary integer or layout.
//!
//! ```
//! use cute_expr::{eval, Env, Outcome};
//! let mut env = Env::new();
//! eval("M, N = symbols('M N'); A = Layout((M, N), (1, M))", &mut env).unwrap();
//! let show = |src: &str, env: &mut Env| match eval(src, env) {
//!     Ok(Outcome::Value(v)) => v.to_string(),
//!     Ok(Outcome::Statement) => String::new(),
//!     Err(e) => format!("{}: {e}", e.class()),
//! };
//! assert_eq!(show("size(A), coalesce(A)", &mut env), "(M*N, Layout(M*N, 1))");
//! assert_eq!(show("A(2, 3)", &mut env), "3*M + 2");
//! assert_eq!(show("K = symbols('K', multiple_of=8); logical_divide(Layout(K, 1), 8)", &mut env),
//!            "Layout((8, floor(K/8)), (1, 8))");
//! assert_eq!(show("composition(Layout((M, N), (1, 2 * M)), 8)", &mut env),
//!            "ValueError: composition: cannot decide whether 1 < M");
//! ```
//!
//! # Entry points
//!
//! - [`eval()`] runs a line in an [`Env`] that persists between lines;
//! - [`eval_expr`] evaluates one expression on its own;
//! - [`parse()`] parses a line once into a [`Program`], to be evaluated any
//!   number of times.
//!
//! A [`Value`]'s `Display` is Python's `repr`. Errors are the
//! specification's classes ([`ErrorClass`]): `ValueError`, `TypeError`,
//! `IndexError`, and `SyntaxError` for text that does not parse.
//!
//! No line can take down its caller: a line is at most [`MAX_TEXT`] bytes;
//! a statement builds at most [`MAX_ELEMENTS`] elements (nested ones
//! included), takes at most [`MAX_STEPS`] evaluation steps and nests calls
//! at most [`MAX_CALL_DEPTH`] deep, or fails with a `ValueError` naming the
//! limit; a line that nests deeper than the caller's stack allows runs again
//! on a thread with a large stack.
//!
//! ```
//! use cute_expr::{eval, Env, Outcome};
//! let mut env = Env::new();
//! assert!(matches!(eval("A = Layout((4, 8), (8, 1))", &mut env).unwrap(), Outcome::Statement));
//! match eval("A.shape", &mut env).unwrap() {
//!     Outcome::Value(v) => assert_eq!(v.to_string(), "(4, 8)"),
//!     Outcome::Statement => panic!("a value"),
//! }
//! let Outcome::Value(v) = eval("f = lambda x: x * 2; f(A(1, 1))", &mut env).unwrap() else {
//!     panic!("a value")
//! };
//! assert_eq!(v.to_string(), "18");
//! eval("T = make_tensor(Layout((4, 4), (4, 1))); T[1, 2] = 42.0", &mut env).unwrap();
//! let Outcome::Value(v) = eval("T[1, None]", &mut env).unwrap() else { panic!("a value") };
//! assert_eq!(v.to_string(), "Tensor(Ptr(Array(16, dtype=ctypes.c_double)) + 4, Layout((4,), (1,)))");
//! let Outcome::Value(v) = eval("T[1, None][2]", &mut env).unwrap() else { panic!("a value") };
//! assert_eq!(v.to_string(), "42.0");
//! ```
//!
//! # The modules, in layers
//!
//! The crate's modules depend on one another one way: none imports a module
//! of a layer above its own, so each layer reads, compiles and is tested
//! with the layers below it alone. From the ground up:
//!
//! 1. Foundations, which import nothing of the crate: `lex` (a line's
//!    tokens), `slice` (Python's slices, the one implementation of their
//!    semantics), `stack` (the stack a line may use), `storage` (element
//!    types, memory and the base accessors, knowing no value) and
//!    `builtin_id` (which built-in a name denotes, without what it does).
//! 2. The syntax: `ast`, the flat tree of a line, and `parse`, which reads
//!    the tokens into one.
//! 3. The values: `value`, the [`Value`] enum and the types it holds, which
//!    hold values again (functions, a lambda's data, accessor and tensor
//!    values); they hold syntax trees and built-in ids, and know no
//!    evaluator.
//! 4. The context of evaluation: `eval`, the [`Env`], one statement's
//!    budgets, and the call of a function value.
//! 5. The language's semantics over values: `symbolic` (symbols and
//!    symbolic layouts), `ops` (the operators, Python's `==` and ordering)
//!    and `tensor` (reading and writing tensors and accessors).
//! 6. `builtins`: the table of built-in names, the dispatch of their calls,
//!    and their code, one module of the specification's at a time.
//! 7. `interp`: the evaluator, which walks a statement's tree and calls on
//!    everything below.
//! 8. This file: the entry points.
//!
//! Two calls run against the layers, each through what the upper layer
//! hands down rather than an import: the parser resolves each name with
//! the look-up the entry points give it (the built-ins' table), and a
//! built-in that calls a function value (a lambda passed to
//! `transform_leaf`, the function of a `TransformAccessor`) calls it
//! through its statement's context, in which the evaluator installed its
//! own way of calling.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod ast;
mod builtin_id;
mod builtins;
mod eval;
mod interp;
mod lex;
mod ops;
mod parse;
mod slice;
mod stack;
mod storage;
mod symbolic;
mod tensor;
mod value;

#[cfg(test)]
mod test_support {
    use crate::{eval, Env, Outcome};

    /// Runs the lines in one environment: the last one's repr (`ok` for a
    /// statement), or its error's class and message.
    pub(crate) fn run(lines: &[&str]) -> String {
        let mut env = Env::new();
        let mut last = String::new();
        for l in lines {
            last = match eval(l, &mut env) {
                Ok(Outcome::Value(v)) => v.to_string(),
                Ok(Outcome::Statement) => "ok".to_string(),
                Err(e) => format!("{}: {e}", e.class()),
            };
        }
        last
    }
}

use std::sync::Arc;

pub use cute_core::{Error, ErrorClass, Result};
pub use eval::{Env, MAX_CALL_DEPTH, MAX_ELEMENTS, MAX_STEPS};
pub use interp::Outcome;
pub use slice::{Slice, SliceIndices};
pub use storage::Dtype;
pub use tensor::CellTable;
pub use value::{AccessorValue, AtomValue, Function, TensorValue, Value};

use ast::{Code, Stmt};
use interp::Ran;
use stack::{on_big_stack, DEEP_STACK_USE, SHALLOW_STACK};

/// The longest line [`parse()`] reads, in bytes.
pub const MAX_TEXT: usize = 1 << 20;

/// A parsed line: one or more statements, ready to be evaluated.
///
/// # Examples
/// ```
/// use cute_expr::{parse, Env, Outcome, Statement};
/// let p = parse("n = size(Layout((4, 8))); n * 2").unwrap();
/// assert_eq!(p.statements().collect::<Vec<_>>(), [Statement::Assignment, Statement::Expression]);
/// let mut env = Env::new();
/// let Outcome::Value(v) = p.eval(&mut env).unwrap() else { panic!("a value") };
/// assert_eq!(v.to_string(), "64");
/// assert_eq!(env.get("n").unwrap().to_string(), "32");
/// ```
#[derive(Clone, Debug)]
pub struct Program {
    code: Arc<Code>,
}

/// The kind of one statement of a [`Program`].
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Statement {
    /// An expression: its value is the statement's.
    Expression,
    /// An assignment `a = expr` or `a, b = expr`.
    Assignment,
    /// An error check `expr -> Class`, true iff `expr` fails with `Class`.
    ErrorCheck(ErrorClass),
    /// An import of the specification's modules (or `fractions`).
    Import,
}

impl Program {
    /// The text the program was parsed from.
    pub fn text(&self) -> &str {
        &self.code.text
    }

    /// The kinds of its statements, in order.
    pub fn statements(&self) -> impl Iterator<Item = Statement> + '_ {
        self.code.stmts.iter().map(|s| match s {
            Stmt::Expr(_) => Statement::Expression,
            Stmt::Assign(..) => Statement::Assignment,
            Stmt::ExpectError(_, class) => Statement::ErrorCheck(*class),
            Stmt::Import(_) => Statement::Import,
        })
    }

    /// Runs the statements in order in `env`; the outcome is the last
    /// statement's.
    ///
    /// # Post-conditions
    /// Each statement that succeeded bound its names in `env`; a failed
    /// statement binds nothing, and the statements after it do not run.
    ///
    /// # Errors
    /// The first error a statement raises (`ValueError`, `TypeError`,
    /// `IndexError`).
    ///
    /// # Examples
    /// ```
    /// use cute_expr::{parse, Env, ErrorClass};
    /// let p = parse("x = 1; (1, 2)[5]; y = 2").unwrap();
    /// let mut env = Env::new();
    /// assert_eq!(p.eval(&mut env).unwrap_err().class(), ErrorClass::IndexError);
    /// assert!(env.get("x").is_some() && env.get("y").is_none());
    /// ```
    pub fn eval(&self, env: &mut Env) -> Result<Outcome> {
        let mut last = Outcome::Statement;
        for i in 0..self.code.stmts.len() {
            last = match interp::run_statement(&self.code, i, env) {
                Ran::Done(r) => r?,
                Ran::NeedsStack => on_big_stack(|| interp::run_statement_deep(&self.code, i, env))?,
            };
        }
        Ok(last)
    }
}

/// Parses one line.
///
/// # Post-conditions
/// The program holds at least one statement.
///
/// # Errors
/// `SyntaxError` ([`Error::Parse`], with the byte position) for text that is
/// not a line of the language, that nests more than 200 levels deep, or
/// that is longer than [`MAX_TEXT`] bytes.
///
/// # Examples
/// ```
/// use cute_expr::{parse, Error, Statement};
/// let p = parse("A[3] -> IndexError").unwrap();
/// assert_eq!(p.statements().next(), Some(Statement::ErrorCheck(cute_expr::ErrorClass::IndexError)));
/// let e = parse("Layout((4, 8), (1,").unwrap_err();
/// assert!(matches!(e, Error::Parse { pos: 18, .. }));
/// ```
pub fn parse(src: &str) -> Result<Program> {
    if src.len() > MAX_TEXT {
        return Err(Error::Parse {
            op: "parse",
            pos: MAX_TEXT,
            msg: format!("line longer than {MAX_TEXT} bytes"),
        });
    }
    let code = match parse::parse(src, SHALLOW_STACK, builtins::lookup) {
        Some(r) => r?,
        None => on_big_stack(|| {
            parse::parse(src, DEEP_STACK_USE, builtins::lookup).unwrap_or_else(|| {
                Err(Error::Parse {
                    op: "parse",
                    pos: 0,
                    msg: "expression nested too deeply".into(),
                })
            })
        })?,
    };
    Ok(Program {
        code: Arc::new(code),
    })
}

/// Parses and runs one line in `env`: an expression gives
/// [`Outcome::Value`], an assignment binds its names in `env` and gives
/// [`Outcome::Statement`], `expr -> ErrorClass` gives `True` iff `expr`
/// fails with that class, and statements separated by `;` run in order,
/// the last one giving the outcome.
///
/// # Post-conditions
/// On success `env` holds every name the line bound; a statement that
/// fails binds nothing (those before it on the line keep their bindings).
/// The value's `Display` is its Python `repr`.
///
/// # Errors
/// `SyntaxError` ([`Error::Parse`], with the byte position) for text that
/// does not parse; otherwise whatever the evaluation raises (`ValueError`,
/// `TypeError`, `IndexError`).
///
/// # Examples
/// ```
/// use cute_expr::{eval, Env, ErrorClass, Outcome};
/// let mut env = Env::new();
/// eval("x, y = (3, 4)", &mut env).unwrap();
/// let Outcome::Value(v) = eval("x * y + 1", &mut env).unwrap() else { panic!("a value") };
/// assert_eq!(v.to_string(), "13");
/// let Outcome::Value(v) = eval("(1, 2)[5] -> IndexError", &mut env).unwrap() else { panic!("a value") };
/// assert_eq!(v.to_string(), "True");
/// let e = eval("Layout((4, 8), (1,", &mut env).unwrap_err();
/// assert_eq!(e.class(), ErrorClass::SyntaxError);
/// ```
pub fn eval(src: &str, env: &mut Env) -> Result<Outcome> {
    parse(src)?.eval(env)
}

/// Evaluates one expression in a fresh environment.
///
/// # Post-conditions
/// The same value as [`eval()`] of `src` in an empty [`Env`].
///
/// # Errors
/// As [`eval()`]; a line that is not one expression is a `SyntaxError`.
///
/// # Examples
/// ```
/// use cute_expr::{eval_expr, ErrorClass};
/// assert_eq!(eval_expr("3 * E(0) + 5 * E(1)").unwrap().to_string(), "(3, 5)");
/// assert_eq!(eval_expr("F2(0b1010) + F2(0b1100)").unwrap().to_string(), "F6");
/// assert_eq!(eval_expr("(lambda x, y=10: x + y)(2)").unwrap().to_string(), "12");
/// assert_eq!(eval_expr("ArithTuple(1, 2) + 1").unwrap_err().class(), ErrorClass::TypeError);
/// ```
pub fn eval_expr(src: &str) -> Result<Value> {
    let p = parse(src)?;
    if p.statements().ne([Statement::Expression]) {
        return Err(Error::Parse {
            op: "parse",
            pos: 0,
            msg: "expected one expression".into(),
        });
    }
    match p.eval(&mut Env::new())? {
        Outcome::Value(v) => Ok(v),
        Outcome::Statement => Err(Error::Parse {
            op: "parse",
            pos: 0,
            msg: "expected one expression".into(),
        }),
    }
}

/// The names of the built-ins the evaluator provides, sorted: the
/// functions and classes of the specification that are not Python
/// machinery, and the Python built-ins its examples use.
///
/// # Examples
/// ```
/// let names: Vec<&str> = cute_expr::builtin_names().collect();
/// assert!(names.contains(&"composition") && names.contains(&"len"));
/// assert!(names.contains(&"Tensor") && names.contains(&"c_int"));
/// assert!(!names.contains(&"draw_svg")); // the evaluator does not draw
/// ```
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    builtins::provided_names()
}

/// The cells of a layout or a tensor value, ready for cute-dynamic's
/// printing and drawing functions (`print_tensor`, `print_table`,
/// `draw_svg`, `draw_latex`): a layout's values, or a tensor's elements read
/// through its accessor's functions, evaluated with the names of `env` and
/// the budgets of one statement.
///
/// # Post-conditions
/// For a value of rank 1 to 4, every cell has its text; another rank has
/// none (it prints as its `Shape:Stride` header alone).
///
/// # Errors
/// `TypeError` for a value that is neither a layout nor a tensor;
/// `ValueError` for more cells than one statement may build; whatever
/// reading an element raises (a lambda of a `TransformAccessor` may fail).
///
/// # Examples
/// ```
/// use cute_expr::{cell_table, eval, Env, Outcome};
/// let mut env = Env::new();
/// let Outcome::Value(t) = eval("T = make_tensor((2, 2), dtype=c_int); T[1, 0] = 7; T", &mut env).unwrap() else { panic!() };
/// let cells = cell_table(&t, &env).unwrap();
/// assert_eq!(cute_dynamic::viz::print_tensor(&cells, false).unwrap(), "0     0\n7     0\n");
/// assert!(cell_table(&Value::Int(3), &env).is_err());
/// # use cute_expr::Value;
/// ```
pub fn cell_table(value: &Value, env: &Env) -> Result<CellTable> {
    let run = |stack| interp::run_with(env, stack, |cx| tensor::cells(cx, "cells", value));
    match run(SHALLOW_STACK) {
        (r, false) => r,
        (_, true) => on_big_stack(|| run(DEEP_STACK_USE).0),
    }
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
        assert!(eval("from pycute import *", &mut env).is_ok());
        assert!(eval("from fractions import Fraction", &mut env).is_ok());
        assert!(eval("from pycute.util import print_tensor", &mut env).is_ok());
        assert!(eval("from pycute import Tensor, make_tensor", &mut env).is_ok());
        assert!(eval(
            "import ctypes; from ctypes import c_int, c_double",
            &mut env
        )
        .is_ok());
        assert!(eval("import sympy; from sympy import symbols, Symbol", &mut env).is_ok());
        for bad in [
            "import numpy",
            "from sympy import floor",
            "from pycute import draw_svg",
            "from pycute import nope",
            "from pycute import c_int",
            "from ctypes import Layout",
        ] {
            assert_eq!(
                eval(bad, &mut env).unwrap_err().class(),
                ErrorClass::ValueError,
                "{bad}"
            );
        }
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
    fn function_names() {
        // the specification's size.__name__ == 'size'
        let Value::Function(f) = eval_expr("size").unwrap() else {
            panic!("a function")
        };
        assert_eq!(f.name(), "size");
        let Value::Function(f) = eval_expr("shape[1]").unwrap() else {
            panic!("a function")
        };
        assert_eq!((f.name(), f.mode()), ("shape", &[1][..]));
    }

    #[test]
    fn error_classes() {
        assert_eq!(val("Layout((2, 3), (1, 2))[2]"), "IndexError");
        assert_eq!(val("Layout((2, 3), (1,))"), "ValueError");
        assert_eq!(val("F2(1) + 1"), "TypeError");
        assert_eq!(val("undefined_name"), "ValueError");
        assert_eq!(val("lambda x: x"), "<function <lambda>>");
        assert_eq!(val("size.__name__"), "ValueError");
        assert_eq!(val("Layout((4, 8), (1,"), "SyntaxError");
        // the subscripts' modes come first, then the keyword's
        assert_eq!(val("shape[1](Layout((3, (2, 4))), mode=(0,))"), "2");
        assert_eq!(val("shape[1](Layout(4), mode=(0,))"), "IndexError");
        assert_eq!(val("len[0]((1, 2))"), "TypeError");
        assert_eq!(
            eval_expr("x = 1").unwrap_err().class(),
            ErrorClass::SyntaxError
        );
    }

    #[test]
    fn long_input_is_rejected() {
        let long = "1".repeat(MAX_TEXT + 1);
        assert_eq!(parse(&long).unwrap_err().class(), ErrorClass::SyntaxError);
        let big = format!("len(({}))", "1, ".repeat(100_000));
        assert_eq!(
            eval_expr(&big).map(|v| v.to_string()),
            Ok("100000".to_string())
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
            prop_assert!(ops::py_eq(&v, &w));
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
