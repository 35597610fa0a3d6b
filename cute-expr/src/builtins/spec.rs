//! The functions of the specification's modules htuple, typedefs, stride,
//! shape, atuple, layout and swizzle, as built-ins of the expression
//! language: each converts its arguments from [`Value`]s, calls the crate's
//! function, and converts the result back.

use cute_core::{Error, Result};

use super::{arity, kwarg, name_static, no_mode};
use crate::eval::MAX_LEN;
use crate::value::Value;
use cute_dynamic::atuple::{self, ArithTuple};
use cute_dynamic::htuple::HTuple;
use cute_dynamic::swizzle::{self, Swizzle, F2};

/// Calls the built-in `name`, or returns `None` if `name` is not one of the
/// specification's modules covered here.
pub(crate) fn call(
    name: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Option<Result<Value>> {
    let name = name_static(name);
    let r = match name {
        "is_tuple" | "is_int" | "is_static" | "is_stride_scalar" | "is_layout" => {
            predicate(name, args, kwargs, mode)
        }
        "E" | "ScaledBasis" | "V" | "ArithTuple" | "basis_repr" | "is_basis"
        | "make_basis_like" | "proj" | "unit" | "as_tuple" => atuple_fn(name, args, kwargs, mode),
        "F2" | "shiftr" | "shiftl" | "Swizzle" => swizzle_fn(name, args, kwargs, mode),
        _ => {
            return super::htuple::call(name, args, kwargs, mode)
                .or_else(|| super::layout::call(name, args, kwargs, mode))
        }
    };
    Some(r)
}

// ---------------------------------------------------------------------------
// conversions

/// A value as a hierarchical tuple whose leaves are the values that are not
/// tuples or lists.
pub(crate) fn to_htuple(v: &Value) -> HTuple<Value> {
    match v {
        Value::Tuple(x) | Value::List(x) => HTuple::Tuple(x.iter().map(to_htuple).collect()),
        x => HTuple::Leaf(x.clone()),
    }
}

/// A hierarchical tuple of values as a (nested) tuple value.
pub(crate) fn from_htuple(h: HTuple<Value>) -> Value {
    match h {
        HTuple::Leaf(x) => x,
        HTuple::Tuple(c) => Value::Tuple(c.into_iter().map(from_htuple).collect()),
    }
}

/// A mode path of non-negative indices.
pub(crate) fn mode_path(op: &'static str, mode: &[i64]) -> Result<Vec<usize>> {
    mode.iter()
        .map(|&i| {
            usize::try_from(i).map_err(|_| Error::OutOfRange {
                op,
                msg: format!("negative mode index {i} in {mode:?}"),
            })
        })
        .collect()
}

/// A list of non-negative basis indices.
fn basis_path(op: &'static str, v: &[Value]) -> Result<Vec<usize>> {
    v.iter()
        .map(|x| {
            let i = x.to_int(op)?;
            usize::try_from(i)
                .ok()
                .filter(|&i| i <= MAX_LEN)
                .ok_or_else(|| Error::value(op, format!("basis index {i} out of range")))
        })
        .collect()
}

/// The value of a path, as the tuple of its indices.
fn path_value(p: &[usize]) -> Value {
    Value::Tuple(p.iter().map(|&i| Value::Int(i as i64)).collect())
}

// ---------------------------------------------------------------------------
// typedefs, htuple, layout: type predicates

fn predicate(
    name: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Result<Value> {
    no_mode(name, mode)?;
    arity(name, args, kwargs, 1, 1, &[])?;
    let v = &args[0];
    let scalar = v.to_scalar(name).ok();
    Ok(Value::Bool(match name {
        "is_tuple" => matches!(v, Value::Tuple(_) | Value::List(_)),
        "is_int" => scalar.is_some_and(|s| s.is_int()),
        "is_static" => scalar.is_some_and(|s| s.is_static()),
        "is_stride_scalar" => scalar.is_some_and(|s| s.is_stride_scalar()),
        "is_layout" => matches!(v, Value::Layout(_)),
        _ => unreachable!("only predicates reach here"),
    }))
}

// ---------------------------------------------------------------------------
// atuple

fn atuple_fn(
    name: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Result<Value> {
    if name != "make_basis_like" {
        no_mode(name, mode)?;
    }
    match name {
        "E" => {
            arity(name, args, kwargs, 0, usize::MAX, &[])?;
            Ok(Value::from_scalar(atuple::e(&basis_path(name, args)?)))
        }
        "ScaledBasis" => {
            arity(name, args, kwargs, 1, 2, &["mode"])?;
            let value = args[0].to_scalar(name)?;
            let p = match args.get(1).or_else(|| kwarg(kwargs, "mode")) {
                None => Vec::new(),
                Some(Value::Tuple(v)) | Some(Value::List(v)) => basis_path(name, v)?,
                Some(other) => {
                    return Err(Error::type_error(
                        name,
                        format!("ScaledBasis mode must be a sequence of integers, got {other}"),
                    ))
                }
            };
            Ok(Value::from_scalar(atuple::scaled_basis(value, &p)))
        }
        "V" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            args[0].to_scalar(name)?;
            Ok(Value::BasisScalar(Box::new(args[0].clone())))
        }
        "ArithTuple" => {
            arity(name, args, kwargs, 0, usize::MAX, &[])?;
            let children = args
                .iter()
                .map(|x| x.to_stride(name))
                .collect::<Result<Vec<_>>>()?;
            Ok(Value::from_scalar(ArithTuple::from_args(children)))
        }
        "basis_repr" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let x = args[0].to_scalar(name)?;
            Ok(Value::List(
                atuple::basis_repr(&x)
                    .into_iter()
                    .map(|(v, p)| Value::Tuple(vec![Value::from_scalar(v), path_value(&p)]))
                    .collect(),
            ))
        }
        "is_basis" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let x = args[0].to_scalar(name)?;
            Ok(Value::Bool(atuple::is_basis(&x)))
        }
        "make_basis_like" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let m = mode_path(name, mode)?;
            let profile = to_htuple(&args[0]);
            if atuple::basis_entries(&profile, &m) > atuple::MAX_BASIS_ENTRIES {
                return Err(Error::value(
                    name,
                    format!(
                        "the basis elements would hold more than {} entries",
                        atuple::MAX_BASIS_ENTRIES
                    ),
                ));
            }
            Ok(Value::from_stride(&atuple::make_basis_like(&profile, &m)))
        }
        "proj" => {
            arity(name, args, kwargs, 2, 2, &[])?;
            let x = args[0].to_stride(name)?;
            let b = args[1].to_scalar(name)?;
            Ok(Value::from_stride(&atuple::proj(&x, &b)?))
        }
        "unit" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let b = args[0].to_scalar(name)?;
            Ok(Value::from_scalar(atuple::unit(&b)?))
        }
        "as_tuple" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let x = args[0].to_stride(name)?;
            Ok(Value::from_stride(&atuple::as_tuple(&x)))
        }
        _ => unreachable!("only atuple names reach here"),
    }
}

// ---------------------------------------------------------------------------
// swizzle

fn swizzle_fn(
    name: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Result<Value> {
    no_mode(name, mode)?;
    match name {
        "F2" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            match &args[0] {
                Value::F2(x) => Ok(Value::F2(*x)),
                v => Ok(Value::F2(F2::from_int(v.to_int(name)?)?)),
            }
        }
        "shiftr" | "shiftl" => {
            arity(name, args, kwargs, 2, 2, &[])?;
            let a = args[0].to_int(name)?;
            let k = args[1].to_int(name)?;
            let r = if name == "shiftr" {
                swizzle::shiftr(a, k)?
            } else {
                swizzle::shiftl(a, k)?
            };
            Ok(Value::Int(r))
        }
        "Swizzle" => {
            arity(name, args, kwargs, 3, 3, &[])?;
            let b = args[0].to_int(name)?;
            let m = args[1].to_int(name)?;
            let s = args[2].to_int(name)?;
            Ok(Value::Swizzle(Swizzle::new(b, m, s)?))
        }
        _ => unreachable!("only swizzle names reach here"),
    }
}

// ---------------------------------------------------------------------------
// layout

/// Calls a layout (evaluation at a coordinate) or a swizzle (applied to an
/// offset).
pub(crate) fn call_object(f: &Value, args: &[Value], kwargs: &[(String, Value)]) -> Result<Value> {
    match f {
        Value::Swizzle(s) => {
            arity("Swizzle", args, kwargs, 1, 1, &[])?;
            Ok(Value::Int(s.apply(args[0].to_int("Swizzle")?)))
        }
        Value::Layout(l) => super::layout::call_layout(l, args, kwargs),
        other => Err(Error::type_error(
            "call",
            format!("'{}' object {other} is not callable", other.type_name()),
        )),
    }
}

/// `A[i]` and `A[i:j:k]` for a layout.
pub(crate) fn layout_getitem(o: &Value, i: &Value) -> Result<Value> {
    match o {
        Value::Layout(l) => super::layout::getitem(l, i),
        other => Err(Error::type_error(
            "[]",
            format!(
                "'{}' object {other} is not subscriptable",
                other.type_name()
            ),
        )),
    }
}

/// A layout's methods: `A.get(path)`, `A._offset_and_slice(crd)`.
pub(crate) fn layout_method(
    o: &Value,
    name: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> Result<Value> {
    match o {
        Value::Layout(l) => super::layout::method(l, name, args, kwargs),
        other => Err(Error::type_error(
            "attribute",
            format!(
                "'{}' object {other} has no method '{name}'",
                other.type_name()
            ),
        )),
    }
}
