//! Symbolic integers and layouts in the language: symbols made by
//! `symbols('M N')` or `Symbol('M')` (sympy's names), their arithmetic and
//! comparisons, and the conversions between values and cute-core's [`Sym`]
//! and cute-dynamic's `Layout<Sym>`.
//!
//! A symbolic value is never a constant: an operation whose result has no
//! symbol left gives an [`Value::Int`], and a layout whose leaves are all
//! constants is an ordinary [`Value::Layout`], so that equality and printing
//! match the numbers' ([`sym_value`], [`layout_value`]).
//!
//! # Assumptions
//!
//! A symbol is an integer, and, unless it says otherwise, a *positive* one
//! (sympy assumes nothing of a bare symbol; a layout's extents are positive,
//! and the algebra needs to know it to decide anything). The keywords are
//! sympy's, mapped onto [`Assumptions`]:
//!
//! | keyword | meaning |
//! |---|---|
//! | `positive=True` | `>= 1` (the default) |
//! | `nonnegative=True` | `>= 0` (unless `positive=True` too) |
//! | `integer=True` | nothing more: every symbol is an integer |
//! | `multiple_of=k` | a multiple of the positive integer `k` (not sympy's: it has no such assumption) |
//!
//! `positive=False`, `nonnegative=False` and `integer=False` are a
//! `ValueError` (they would say what the symbol is not, which the integers
//! here cannot represent); any other keyword is a `TypeError`.

use cute_core::sym::{Assumptions, SymSign};
use cute_core::{DynInt, Error, IntLeaf, Result, Sym};
use cute_dynamic::htuple::HTuple;
use cute_dynamic::layout::{tiler_to_layout, Layout, Tiler};
use cute_dynamic::typedefs::{Scalar, Stride};

use crate::ast::{BinOp, CmpOp};
use crate::value::Value;

/// A symbolic result as a value: a constant is an int.
pub(crate) fn sym_value(s: Sym) -> Value {
    match s.try_const() {
        Some(k) => Value::Int(k),
        None => Value::Sym(s),
    }
}

/// True iff the value is, or holds in its (nested) tuples, a symbolic
/// integer or a symbolic layout.
pub(crate) fn has_sym(v: &Value) -> bool {
    match v {
        Value::Sym(_) | Value::SymLayout(_) => true,
        Value::Tuple(x) | Value::List(x) => x.iter().any(has_sym),
        _ => false,
    }
}

fn expected(op: &'static str, what: &str, v: &Value) -> Error {
    Error::type_error(op, format!("expected {what}, got {} {v}", v.type_name()))
}

/// An integer, symbolic or not.
pub(crate) fn to_sym(v: &Value, op: &'static str) -> Result<Sym> {
    match v {
        Value::Int(x) => Ok(Sym::from(*x)),
        Value::Sym(s) => Ok(s.clone()),
        other => Err(expected(op, "an integer", other)),
    }
}

/// An HTuple of integers, symbolic or not.
pub(crate) fn to_sym_tuple(v: &Value, op: &'static str) -> Result<HTuple<Sym>> {
    match v {
        Value::Tuple(x) | Value::List(x) => Ok(HTuple::Tuple(
            x.iter()
                .map(|y| to_sym_tuple(y, op))
                .collect::<Result<_>>()?,
        )),
        Value::Int(_) | Value::Sym(_) => Ok(HTuple::Leaf(to_sym(v, op)?)),
        other => Err(expected(op, "an integer tuple", other)),
    }
}

/// A stride scalar over symbolic integers.
pub(crate) fn to_sym_scalar(v: &Value, op: &'static str) -> Result<Scalar<Sym>> {
    match v {
        Value::Int(_) | Value::Sym(_) => Ok(Scalar::Int(to_sym(v, op)?)),
        Value::F2(x) => Ok(Scalar::F2(*x)),
        Value::Arith(x) => Ok(Scalar::Arith(x.clone())),
        other => Err(expected(op, "a stride scalar", other)),
    }
}

/// A stride over symbolic integers.
pub(crate) fn to_sym_stride(v: &Value, op: &'static str) -> Result<Stride<Sym>> {
    match v {
        Value::Tuple(x) | Value::List(x) => Ok(HTuple::Tuple(
            x.iter()
                .map(|y| to_sym_stride(y, op))
                .collect::<Result<_>>()?,
        )),
        x => Ok(HTuple::Leaf(to_sym_scalar(x, op)?)),
    }
}

/// A layout over machine integers as one over symbolic integers.
pub(crate) fn promote(l: &Layout) -> Layout<Sym> {
    let shape = l.shape().map(&mut |&x| Sym::from(x));
    let stride = l.stride().map(&mut |d| Scalar::from_known(d.clone()));
    Layout::new(shape, stride).expect("a layout's own shape and stride make a layout")
}

/// The layout over machine integers a symbolic layout is, if its leaves
/// are all constants.
pub(crate) fn demote(l: &Layout<Sym>) -> Option<Layout> {
    if !l
        .leaves()
        .iter()
        .all(|(s, d)| s.try_const().is_some() && d.to_known().is_some())
    {
        return None;
    }
    let shape = l.shape().map(&mut |x| x.try_const().unwrap_or(0));
    let stride = l
        .stride()
        .map(&mut |d| d.to_known().unwrap_or(Scalar::Int(0)));
    Layout::new(shape, stride).ok()
}

/// A symbolic result layout as a value: an ordinary layout if no symbol is
/// left in it.
pub(crate) fn layout_value(l: Layout<Sym>) -> Value {
    match demote(&l) {
        Some(k) => Value::from(k),
        None => Value::SymLayout(Box::new(l)),
    }
}

/// A layout over symbolic integers: a layout, or an integer or tuple
/// promoted through `tiler_to_layout`.
pub(crate) fn to_sym_layout(v: &Value, op: &'static str) -> Result<Layout<Sym>> {
    match v {
        Value::SymLayout(l) => Ok((**l).clone()),
        Value::Layout(l) => Ok(promote(l)),
        Value::Int(_) | Value::Sym(_) | Value::Tuple(_) | Value::List(_) => {
            tiler_to_layout(&to_sym_tiler(v, op)?)
        }
        other => Err(expected(op, "a Layout", other)),
    }
}

/// A tiler over symbolic integers: `None`, an integer, a layout, or a
/// tuple of tilers.
pub(crate) fn to_sym_tiler(v: &Value, op: &'static str) -> Result<Tiler<Sym>> {
    match v {
        Value::None => Ok(Tiler::None),
        Value::Int(_) | Value::Sym(_) => Ok(Tiler::Int(to_sym(v, op)?)),
        Value::Layout(l) => Ok(Tiler::Layout(promote(l))),
        Value::SymLayout(l) => Ok(Tiler::Layout((**l).clone())),
        Value::Tuple(x) | Value::List(x) => Ok(Tiler::Tuple(
            x.iter()
                .map(|y| to_sym_tiler(y, op))
                .collect::<Result<_>>()?,
        )),
        other => Err(expected(op, "a tiler", other)),
    }
}

/// The value of an HTuple of symbolic integers.
pub(crate) fn from_sym_tuple(t: &HTuple<Sym>) -> Value {
    match t {
        HTuple::Leaf(x) => sym_value(x.clone()),
        HTuple::Tuple(c) => Value::Tuple(c.iter().map(from_sym_tuple).collect()),
    }
}

/// The value of a symbolic stride scalar.
pub(crate) fn from_sym_scalar(s: Scalar<Sym>) -> Value {
    match s.to_known() {
        Some(k) => Value::from_scalar(k),
        None => match s {
            Scalar::Int(x) => sym_value(x),
            other => Value::Str(other.to_string()),
        },
    }
}

/// The value of a symbolic stride.
pub(crate) fn from_sym_stride(t: &Stride<Sym>) -> Value {
    match t {
        HTuple::Leaf(x) => from_sym_scalar(x.clone()),
        HTuple::Tuple(c) => Value::Tuple(c.iter().map(from_sym_stride).collect()),
    }
}

/// An operand of symbolic arithmetic: an int, a bool (as Python reads it)
/// or a symbol.
fn operand(v: &Value) -> Option<Sym> {
    match v {
        Value::Int(x) => Some(Sym::from(*x)),
        Value::Bool(b) => Some(Sym::from(i64::from(*b))),
        Value::Sym(s) => Some(s.clone()),
        _ => None,
    }
}

/// `a op b` where one operand is symbolic.
pub(crate) fn binary(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    let (Some(x), Some(y)) = (operand(a), operand(b)) else {
        return Err(crate::ops::unsupported(op.symbol(), a, b));
    };
    let r = match op {
        BinOp::Add => x.checked_add(&y),
        BinOp::Sub => x.checked_sub(&y),
        BinOp::Mul => x.checked_mul(&y),
        BinOp::FloorDiv => x.floor_div(&y),
        BinOp::Mod => x.floor_mod(&y),
        BinOp::Div => {
            return Err(Error::type_error(
                "/",
                format!("true division {a} / {b} is not an integer; use //"),
            ))
        }
        _ => return Err(crate::ops::unsupported(op.symbol(), a, b)),
    };
    Ok(sym_value(r.map_err(|e| e.in_op(op.symbol()))?))
}

/// `-a` for a symbolic `a`.
pub(crate) fn neg(s: &Sym) -> Result<Value> {
    Ok(sym_value(s.checked_neg()?))
}

/// An ordering comparison where one operand is symbolic: decided from the
/// symbols' assumptions, or a `ValueError` naming the condition.
pub(crate) fn compare(op: CmpOp, a: &Value, b: &Value) -> Option<Result<bool>> {
    let (x, y) = (operand(a)?, operand(b)?);
    let r = match op {
        CmpOp::Eq => Ok(x == y),
        CmpOp::Ne => Ok(x != y),
        CmpOp::Lt => x.is_lt(&y),
        CmpOp::Gt => x.is_gt(&y),
        CmpOp::Le => x.is_le(&y),
        CmpOp::Ge => x.is_ge(&y),
    };
    Some(r)
}

/// The assumptions that sympy's keyword arguments state.
///
/// # Errors
/// `TypeError` for a keyword that is not one of `positive`, `nonnegative`,
/// `integer` and `multiple_of`, or a flag that is not a bool; `ValueError`
/// for a flag set to `False` or a `multiple_of` that is not a positive
/// integer.
pub(crate) fn assumptions(op: &'static str, kwargs: &[(&str, Value)]) -> Result<Assumptions> {
    let mut sign = SymSign::Positive;
    let (mut positive, mut nonnegative) = (false, false);
    let mut multiple = 1;
    for (k, v) in kwargs {
        match *k {
            "positive" | "nonnegative" | "integer" => {
                let Value::Bool(flag) = v else {
                    return Err(Error::type_error(
                        op,
                        format!("{k} must be True or False, got {v}"),
                    ));
                };
                if !flag {
                    return Err(Error::value(
                        op,
                        format!(
                            "{k}=False is not supported: a symbol is an integer, \
                             positive (the default) or nonnegative=True"
                        ),
                    ));
                }
                match *k {
                    "positive" => positive = true,
                    "nonnegative" => nonnegative = true,
                    _ => {}
                }
            }
            "multiple_of" => {
                multiple = match v {
                    Value::Int(m) => *m,
                    other => return Err(expected(op, "an integer multiple_of", other)),
                };
            }
            "seq" => {}
            other => {
                return Err(Error::type_error(
                    op,
                    format!(
                        "{op}() got an unexpected keyword argument '{other}' (the assumptions \
                         are positive=True, nonnegative=True, integer=True and multiple_of=k)"
                    ),
                ))
            }
        }
    }
    if nonnegative && !positive {
        sign = SymSign::NonNegative;
    }
    let base = match sign {
        SymSign::NonNegative => Assumptions::nonnegative(),
        _ => Assumptions::positive(),
    };
    base.multiple_of(multiple).map_err(|e| e.in_op(op))
}

/// The symbols named in `names` (separated by commas or whitespace): one
/// symbol for one name, else (or with a comma, or with `seq`) a tuple.
pub(crate) fn symbols(
    op: &'static str,
    names: &str,
    assume: Assumptions,
    seq: bool,
) -> Result<Value> {
    let parts: Vec<&str> = names
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    let made = parts
        .iter()
        .map(|n| Sym::symbol_with(n, assume).map(Value::Sym))
        .collect::<Result<Vec<_>>>()
        .map_err(|e| e.in_op(op))?;
    if parts.len() == 1 && !seq && !names.contains(',') {
        return Ok(made.into_iter().next().unwrap_or(Value::None));
    }
    Ok(Value::Tuple(made))
}

/// Evaluates a symbolic layout at a coordinate (integers or symbols, given
/// whole or one argument per mode).
pub(crate) fn call_layout(l: &Layout<Sym>, args: &[Value]) -> Result<Value> {
    let crd = match args {
        [one] => one.clone(),
        many => Value::Tuple(many.to_vec()),
    };
    let r = match &crd {
        Value::Int(_) | Value::Sym(_) => l.call_index(to_sym(&crd, "Layout()")?)?,
        c => l.call(&to_sym_coord("Layout()", c)?)?,
    };
    Ok(from_sym_scalar(r))
}

/// A coordinate over symbolic integers: integers, symbols and `None`s.
pub(crate) fn to_sym_coord(op: &'static str, v: &Value) -> Result<HTuple<Option<Sym>>> {
    match v {
        Value::Tuple(x) | Value::List(x) => Ok(HTuple::Tuple(
            x.iter()
                .map(|y| to_sym_coord(op, y))
                .collect::<Result<_>>()?,
        )),
        Value::None => Ok(HTuple::Leaf(None)),
        other => Ok(HTuple::Leaf(Some(to_sym(other, op).map_err(|_| {
            Error::type_error(
                op,
                format!("a coordinate leaf is an integer or None, got {other}"),
            )
        })?))),
    }
}

/// The product of a (sub-)shape's extents.
pub(crate) fn product<I: DynInt>(t: &HTuple<I>) -> Result<I> {
    let mut p = I::from_i64(1);
    for x in t.leaves() {
        p = p.int_mul(x)?;
    }
    Ok(p)
}
