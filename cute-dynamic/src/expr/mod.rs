//! An evaluator for the language the specification's examples are written in.
//!
//! The language is the small part of Python the examples use: integers
//! (`0b..` too), `True`/`False`/`None`, tuples, lists, strings, names bound by
//! `NAME = expr`, calls with keyword arguments, mode subscripts
//! `f[0, 2](...)`, indexing and slicing `A[1]`, `A[1:-1]`, calls of a layout
//! `A(2, 3)`, the operators `+ - * // % @ ^ == != < >`, and
//! `expr -> ErrorClass`, which checks that `expr` fails with that class.

#[allow(dead_code)]
mod algebra_builtins;
#[allow(dead_code)]
mod inverse_builtins;
pub mod value;

pub use value::Value;
