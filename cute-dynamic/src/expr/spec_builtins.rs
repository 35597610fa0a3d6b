//! The functions of the specification's modules htuple, typedefs, stride,
//! shape, atuple, layout and swizzle, as built-ins of the expression
//! language: each converts its arguments from [`Value`]s, calls the crate's
//! function, and converts the result back.

use cute_core::{Error, Result};

use super::builtins::{arity, name_static, no_mode, scalar_constructor};
use super::value::Value;
use crate::layout::Layout;

/// Calls the built-in `name`, or returns `None` if `name` is not one of the
/// specification's modules covered here.
pub(crate) fn call(
    name: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Option<Result<Value>> {
    if let Some(r) = scalar_constructor(name, args, kwargs, mode) {
        return Some(r);
    }
    let name = name_static(name);
    let r = match name {
        "is_tuple" | "is_int" | "is_static" | "is_stride_scalar" | "is_layout" => {
            predicate(name, args, kwargs, mode)
        }
        "Layout" => construct_layout(args, kwargs, mode),
        _ => return None,
    };
    Some(r)
}

/// The type predicates of typedefs, htuple and layout.
fn predicate(
    name: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Result<Value> {
    no_mode(name, mode)?;
    arity(name, args, kwargs, 1, 1, &[])?;
    let v = &args[0];
    Ok(Value::Bool(match name {
        "is_tuple" => matches!(v, Value::Tuple(_) | Value::List(_)),
        "is_int" => matches!(v, Value::Int(_)),
        // every integer the evaluator holds is a number, known when written
        "is_static" => matches!(v, Value::Int(_) | Value::F2(_)),
        "is_stride_scalar" => matches!(v, Value::Int(_) | Value::F2(_) | Value::Arith(_)),
        "is_layout" => matches!(v, Value::Layout(_)),
        _ => unreachable!("only predicates reach here"),
    }))
}

/// `Layout(shape, stride)`.
fn construct_layout(args: &[Value], kwargs: &[(String, Value)], mode: &[i64]) -> Result<Value> {
    no_mode("Layout", mode)?;
    arity("Layout", args, kwargs, 1, 2, &["stride"])?;
    let shape = args[0].to_int_tuple("Layout")?;
    let stride = match args
        .get(1)
        .or_else(|| super::builtins::kwarg(kwargs, "stride"))
    {
        Some(s) if s.as_seq().is_some() => s.to_stride("Layout")?,
        _ => {
            return Err(Error::value(
                "Layout",
                "a default or single-integer stride is not yet available in this evaluator",
            ))
        }
    };
    Ok(Value::Layout(Layout::new(shape, stride)?))
}

/// Calls a layout or a swizzle.
pub(crate) fn call_object(f: &Value, args: &[Value], kwargs: &[(String, Value)]) -> Result<Value> {
    let _ = (args, kwargs);
    Err(Error::value(
        "call",
        format!(
            "calling a {} is not yet available in this evaluator",
            f.type_name()
        ),
    ))
}

/// `A[i]` and `A[i:j:k]` for a layout.
pub(crate) fn layout_getitem(o: &Value, i: &Value) -> Result<Value> {
    let _ = i;
    Err(Error::value(
        "[]",
        format!(
            "indexing a {} is not yet available in this evaluator",
            o.type_name()
        ),
    ))
}

/// A layout's methods: `A.get(path)`, `A._offset_and_slice(crd)`.
pub(crate) fn layout_method(
    o: &Value,
    name: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> Result<Value> {
    let _ = (args, kwargs);
    Err(Error::type_error(
        "attribute",
        format!("'Layout' object {o} has no method '{name}' in this evaluator"),
    ))
}
