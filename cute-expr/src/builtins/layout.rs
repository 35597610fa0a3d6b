//! The stride, shape and layout modules' functions as built-ins of the
//! expression language, with the layout's own operations: evaluation
//! `A(2, 3)`, indexing and slicing `A[1]`, `A[1:-1]`, and the methods
//! `A.get(path)` and `A._offset_and_slice(crd)`.
//!
//! A function that takes a mode (`shape[1](A)`, `size(A, mode=(1,))`)
//! applies to the sub-layout or sub-tuple at that mode.

use cute_core::{Error, Result};

use super::htuple::{get_at, profile_of};
use super::spec::{mode_path, to_htuple};
use super::{arity, iterate, kwarg, no_mode};
use crate::eval::MAX_LEN;
use crate::value::Value;
use cute_dynamic::htuple::HTuple;
use cute_dynamic::layout::{self, Layout};
use cute_dynamic::shape::{self, Coord};
use cute_dynamic::stride;
use cute_dynamic::typedefs::Scalar;

/// Calls the built-in `name`, or returns `None` if it is not one of the
/// stride, shape and layout modules'.
pub(crate) fn call(
    name: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Option<Result<Value>> {
    let r = match name {
        "stride" | "inner_product" | "prefix_product" | "coshape" | "coprofile" => {
            stride_fn(name, args, kwargs, mode)
        }
        "shape" | "size" | "rank" | "depth" | "compatible" | "common_refinement"
        | "common_coarsening" | "idx2crd" | "crd2idx" | "coordinates" | "in_bounds" => {
            shape_fn(name, args, kwargs, mode)
        }
        "Layout"
        | "make_layout"
        | "make_layout_like"
        | "make_ordered_layout"
        | "tiler_to_layout"
        | "recast" => layout_fn(name, args, kwargs, mode),
        _ => return None,
    };
    Some(r)
}

/// A coordinate: an HTuple of ints and `None`s.
pub(crate) fn to_coord(op: &'static str, v: &Value) -> Result<Coord> {
    to_htuple(v).try_map(&mut |x| match x {
        Value::None => Ok(None),
        Value::Int(i) => Ok(Some(*i)),
        other => Err(Error::type_error(
            op,
            format!("a coordinate leaf is an integer or None, got {other}"),
        )),
    })
}

fn layout_arg(op: &'static str, v: &Value) -> Result<Layout> {
    v.to_layout(op)
}

// ---------------------------------------------------------------------------
// stride

fn stride_fn(
    name: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Result<Value> {
    let m = mode_path(name, mode)?;
    match name {
        "stride" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            match get_at(name, &args[0], &m)? {
                Value::Layout(l) => Ok(Value::from_stride(l.stride())),
                x => Ok(x),
            }
        }
        "inner_product" => {
            no_mode(name, mode)?;
            arity(name, args, kwargs, 2, 2, &[])?;
            let a = args[0].to_int_tuple(name)?;
            let b = args[1].to_stride(name)?;
            Ok(Value::from_scalar(stride::inner_product(&a, &b)?))
        }
        "prefix_product" => {
            no_mode(name, mode)?;
            arity(name, args, kwargs, 1, 2, &["init"])?;
            let a = args[0].to_int_tuple(name)?;
            let init = match args.get(1).or_else(|| kwarg(kwargs, "init")) {
                Some(v) => v.to_stride(name)?,
                None => HTuple::Leaf(Scalar::Int(1)),
            };
            Ok(Value::from_stride(&stride::prefix_product(&a, &init)?))
        }
        "coshape" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let l = layout_arg(name, &get_at(name, &args[0], &m)?)?;
            Ok(Value::from_int_tuple(&l.coshape()?))
        }
        "coprofile" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            match get_at(name, &args[0], &m)? {
                Value::Layout(l) => Ok(Value::from_int_tuple(&l.coprofile())),
                x => Ok(Value::from_int_tuple(&stride::coprofile(
                    &x.to_stride(name)?,
                ))),
            }
        }
        _ => unreachable!("only stride names reach here"),
    }
}

// ---------------------------------------------------------------------------
// shape

fn shape_fn(
    name: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Result<Value> {
    let m = mode_path(name, mode)?;
    match name {
        "shape" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            Ok(profile_of(&get_at(name, &args[0], &m)?))
        }
        "size" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let s = match &args[0] {
                Value::Layout(l) => l.size_mode(&m)?,
                x => shape::size_mode(&profile_of(x).to_int_tuple(name)?, &m)?,
            };
            Ok(Value::Int(s))
        }
        "rank" | "depth" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let x = to_htuple(&profile_of(&get_at(name, &args[0], &m)?));
            let r = if name == "rank" {
                shape::rank(&x)
            } else {
                shape::depth(&x)
            };
            Ok(Value::Int(r as i64))
        }
        "compatible" | "common_refinement" | "common_coarsening" => {
            no_mode(name, mode)?;
            arity(name, args, kwargs, 2, 2, &[])?;
            let a = profile_of(&args[0]).to_int_tuple(name)?;
            let b = profile_of(&args[1]).to_int_tuple(name)?;
            Ok(match name {
                "compatible" => Value::Bool(shape::compatible(&a, &b)),
                "common_refinement" => Value::from_int_tuple(&shape::common_refinement(&a, &b)?),
                _ => Value::from_int_tuple(&shape::common_coarsening(&a, &b)?),
            })
        }
        "idx2crd" => {
            no_mode(name, mode)?;
            arity(name, args, kwargs, 2, 2, &[])?;
            let s = profile_of(&args[1]).to_int_tuple(name)?;
            match &args[0] {
                Value::F2(_) | Value::Arith(_) => {
                    let x = args[0].to_scalar(name)?;
                    Ok(Value::from_stride(&shape::idx2crd_scalar(&x, &s)?))
                }
                c => Ok(Value::from_int_tuple(&shape::idx2crd(
                    &to_coord(name, c)?,
                    &s,
                )?)),
            }
        }
        "crd2idx" => {
            no_mode(name, mode)?;
            arity(name, args, kwargs, 2, 2, &[])?;
            let c = to_coord(name, &args[0])?;
            let s = profile_of(&args[1]).to_int_tuple(name)?;
            Ok(Value::Int(shape::crd2idx(&c, &s)?))
        }
        "coordinates" => {
            no_mode(name, mode)?;
            arity(name, args, kwargs, 1, 1, &[])?;
            let s = profile_of(&args[0]).to_int_tuple(name)?;
            let n = shape::size(&s)?;
            if n > MAX_LEN as i64 {
                return Err(Error::value(
                    name,
                    format!("shape {s} has {n} coordinates, more than {MAX_LEN}"),
                ));
            }
            Ok(Value::List(
                shape::coordinates(&s)?
                    .map(|c| Value::from_int_tuple(&c))
                    .collect(),
            ))
        }
        "in_bounds" => {
            no_mode(name, mode)?;
            arity(name, args, kwargs, 2, 2, &[])?;
            let s = profile_of(&args[1]).to_int_tuple(name)?;
            let r = match &args[0] {
                Value::F2(_) | Value::Arith(_) => {
                    shape::in_bounds_scalar(&args[0].to_scalar(name)?, &s)?
                }
                c => shape::in_bounds(&to_coord(name, c)?, &s)?,
            };
            Ok(Value::Bool(r))
        }
        _ => unreachable!("only shape names reach here"),
    }
}

// ---------------------------------------------------------------------------
// layout

fn layouts_of(op: &'static str, v: &Value) -> Result<Vec<Layout>> {
    iterate(op, v)?.iter().map(|x| layout_arg(op, x)).collect()
}

fn layout_fn(
    name: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Result<Value> {
    no_mode(name, mode)?;
    let l = match name {
        "Layout" => {
            arity(name, args, kwargs, 1, 2, &["stride"])?;
            let shape = args[0].to_int_tuple(name)?;
            match args.get(1).or_else(|| kwarg(kwargs, "stride")) {
                None => Layout::compact(shape)?,
                Some(s @ (Value::Tuple(_) | Value::List(_))) => {
                    Layout::new(shape, s.to_stride(name)?)?
                }
                Some(s) => Layout::with_base(shape, s.to_scalar(name)?)?,
            }
        }
        "make_layout" => {
            arity(name, args, kwargs, 0, usize::MAX, &[])?;
            match args {
                [one @ (Value::Tuple(_) | Value::List(_))] => {
                    layout::make_layout(&layouts_of(name, one)?)
                }
                many => layout::make_layout(
                    &many
                        .iter()
                        .map(|x| layout_arg(name, x))
                        .collect::<Result<Vec<_>>>()?,
                ),
            }
        }
        "make_layout_like" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            layout::make_layout_like(&layout_arg(name, &args[0])?)?
        }
        "make_ordered_layout" => {
            arity(name, args, kwargs, 2, 2, &[])?;
            let s = args[0].to_int_tuple(name)?;
            let o = args[1].to_int_tuple(name)?;
            layout::make_ordered_layout(&s, &o)?
        }
        "tiler_to_layout" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            layout::tiler_to_layout(&args[0].to_tiler(name)?)?
        }
        "recast" => {
            arity(name, args, kwargs, 2, 2, &[])?;
            let l = layout_arg(name, &args[0])?;
            let (num, den) = match &args[1] {
                Value::Fraction(n, d) => (*n, *d),
                x => (x.to_int(name)?, 1),
            };
            layout::recast(&l, num, den)?
        }
        _ => unreachable!("only layout names reach here"),
    };
    Ok(Value::Layout(l))
}

/// `A(c)`: the layout at a coordinate (an integral index, or a flat or
/// natural coordinate, given whole or as one argument per mode).
pub(crate) fn call_layout(l: &Layout, args: &[Value], kwargs: &[(String, Value)]) -> Result<Value> {
    arity("Layout()", args, kwargs, 0, usize::MAX, &[])?;
    let r = match args {
        [Value::Int(i)] => l.call_index(*i)?,
        [c] => l.call(&to_coord("Layout()", c)?)?,
        many => l.call(&to_coord("Layout()", &Value::Tuple(many.to_vec()))?)?,
    };
    Ok(Value::from_scalar(r))
}

/// `A[i]` and `A[i:j:k]`.
pub(crate) fn getitem(l: &Layout, i: &Value) -> Result<Value> {
    match i {
        Value::Int(k) => Ok(Value::Layout(l.mode(*k)?)),
        Value::Bool(b) => Ok(Value::Layout(l.mode(*b as i64)?)),
        Value::Slice(a, b, c) => Ok(Value::Layout(l.slice(*a, *b, *c)?)),
        other => Err(Error::type_error(
            "Layout[]",
            format!("layout indices must be integers or slices, got {other}"),
        )),
    }
}

/// `A.get(path)` and `A._offset_and_slice(crd)`.
pub(crate) fn method(
    l: &Layout,
    name: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> Result<Value> {
    match name {
        "get" => {
            arity("Layout.get", args, kwargs, 0, 1, &["mode"])?;
            let path = match args.first().or_else(|| kwarg(kwargs, "mode")) {
                None => Vec::new(),
                Some(p) => iterate("Layout.get", p)?
                    .iter()
                    .map(|x| x.to_int("Layout.get"))
                    .collect::<Result<Vec<_>>>()?,
            };
            Ok(Value::Layout(l.get(&mode_path("Layout.get", &path)?)?))
        }
        "_offset_and_slice" => {
            arity("Layout._offset_and_slice", args, kwargs, 1, 1, &[])?;
            let c = to_coord("Layout._offset_and_slice", &args[0])?;
            let (off, sub) = l.offset_and_slice(&c)?;
            Ok(Value::Tuple(vec![
                Value::from_scalar(off),
                Value::Layout(sub),
            ]))
        }
        other => Err(Error::type_error(
            "attribute",
            format!("'Layout' object {l:?} has no method '{other}'"),
        )),
    }
}
