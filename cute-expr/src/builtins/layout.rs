//! The stride, shape and layout modules' functions as built-ins of the
//! expression language, and the layout's
//! own operations: evaluation `A(2, 3)`, indexing and slicing `A[1]`,
//! `A[1:-1]`, and the methods `A.get(path)` and `A._offset_and_slice(crd)`.
//!
//! A function that takes a mode (`shape[1](A)`, `size(A, mode=(1,))`)
//! applies to the sub-layout or sub-tuple at that mode.

use cute_core::{DynInt, Error, Result};
use cute_dynamic::htuple::HTuple;
use cute_dynamic::layout::{self, Layout};
use cute_dynamic::shape::{self, Coord};
use cute_dynamic::stride;
use cute_dynamic::typedefs::Scalar;

use super::htuple::{get_at, profile_of, to_htuple};
use super::{class_func, func, iterate, method_arity, Builtin, Call, Sig};
use crate::eval::{too_many, Ctx, MAX_LEN};
use crate::slice::Slice;
use crate::value::Value;

pub(super) static TABLE: &[Builtin] = &[
    // stride
    func("stride", Sig::new(&["obj"], 1).mode(), stride_),
    func("inner_product", Sig::new(&["a", "b"], 2), inner_product),
    func(
        "prefix_product",
        Sig::new(&["a", "init"], 1),
        prefix_product,
    ),
    func("coshape", Sig::new(&["obj"], 1).mode(), coshape),
    func("coprofile", Sig::new(&["obj"], 1).mode(), coprofile),
    // shape
    func("shape", Sig::new(&["obj"], 1).mode(), shape_),
    func("size", Sig::new(&["obj"], 1).mode(), size),
    func("rank", Sig::new(&["obj"], 1).mode(), rank),
    func("depth", Sig::new(&["obj"], 1).mode(), depth),
    func("compatible", Sig::new(&["a", "b"], 2), compatible),
    func(
        "common_refinement",
        Sig::new(&["a", "b"], 2),
        common_refinement,
    ),
    func(
        "common_coarsening",
        Sig::new(&["a", "b"], 2),
        common_coarsening,
    ),
    func("idx2crd", Sig::new(&["idx", "shape"], 2), idx2crd),
    func("crd2idx", Sig::new(&["crd", "shape"], 2), crd2idx),
    func("coordinates", Sig::new(&["shape"], 1), coordinates),
    func("in_bounds", Sig::new(&["crd", "shape"], 2), in_bounds),
    // layout
    func("is_layout", Sig::new(&["x"], 1), is_layout),
    class_func("Layout", Sig::new(&["shape", "stride"], 1), layout_, |v| {
        matches!(v, Value::Layout(_) | Value::SymLayout(_))
    }),
    func("make_layout", Sig::new(&[], 0).rest(), make_layout),
    func(
        "make_layout_like",
        Sig::new(&["layout"], 1),
        make_layout_like,
    ),
    func(
        "make_ordered_layout",
        Sig::new(&["shape", "order"], 2),
        make_ordered_layout,
    ),
    func("tiler_to_layout", Sig::new(&["tiler"], 1), tiler_to_layout),
    func("recast", Sig::new(&["layout", "scale"], 2), recast),
];

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

fn stride_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    match get_at(c.arg(0), c.mode)? {
        Value::Layout(l) => Ok(Value::from_stride(&l.stride())),
        Value::SymLayout(l) => Ok(crate::symbolic::from_sym_stride(&l.stride())),
        x => Ok(x),
    }
}

fn inner_product(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = c.arg(0).to_int_tuple(c.name)?;
    let b = c.arg(1).to_stride(c.name)?;
    Ok(Value::from_scalar(stride::inner_product(&a, &b)?))
}

fn prefix_product(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = c.arg(0).to_int_tuple(c.name)?;
    let init = match c.opt(1) {
        Some(v) => v.to_stride(c.name)?,
        None => HTuple::Leaf(Scalar::Int(1)),
    };
    Ok(Value::from_stride(&stride::prefix_product(&a, &init)?))
}

fn coshape(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let l = layout_arg(c.name, &get_at(c.arg(0), c.mode)?)?;
    Ok(Value::from_int_tuple(&l.coshape()?))
}

fn coprofile(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    match get_at(c.arg(0), c.mode)? {
        Value::Layout(l) => Ok(Value::from_int_tuple(&l.coprofile())),
        x => Ok(Value::from_int_tuple(&stride::coprofile(
            &x.to_stride(c.name)?,
        ))),
    }
}

fn shape_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(profile_of(&get_at(c.arg(0), c.mode)?))
}

fn size(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let s = match c.arg(0) {
        Value::Layout(l) => l.size_mode(c.mode)?,
        // a tiled MMA or copy: its threads (CuTe's size(TiledMMA))
        Value::Atom(_) if c.mode.is_empty() => {
            return super::atom::threads(c.name, c.arg(0)).map(Value::Int)
        }
        x => shape::size_mode(&profile_of(x).to_int_tuple(c.name)?, c.mode)?,
    };
    Ok(Value::Int(s))
}

fn rank(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let x = to_htuple(&profile_of(&get_at(c.arg(0), c.mode)?));
    Ok(Value::Int(shape::rank(&x) as i64))
}

fn depth(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let x = to_htuple(&profile_of(&get_at(c.arg(0), c.mode)?));
    Ok(Value::Int(shape::depth(&x) as i64))
}

/// The two shapes of `compatible`, `common_refinement`, `common_coarsening`.
fn two_shapes(c: &Call<'_>) -> Result<(cute_dynamic::IntTuple, cute_dynamic::IntTuple)> {
    let a = profile_of(c.arg(0)).to_int_tuple(c.name)?;
    let b = profile_of(c.arg(1)).to_int_tuple(c.name)?;
    Ok((a, b))
}

fn compatible(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (a, b) = two_shapes(c)?;
    Ok(Value::Bool(shape::compatible(&a, &b)))
}

fn common_refinement(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (a, b) = two_shapes(c)?;
    Ok(Value::from_int_tuple(&shape::common_refinement(&a, &b)?))
}

fn common_coarsening(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (a, b) = two_shapes(c)?;
    Ok(Value::from_int_tuple(&shape::common_coarsening(&a, &b)?))
}

fn idx2crd(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let s = profile_of(c.arg(1)).to_int_tuple(c.name)?;
    match c.arg(0) {
        x @ (Value::F2(_) | Value::Arith(_)) => {
            let x = x.to_scalar(c.name)?;
            Ok(Value::from_stride(&shape::idx2crd_scalar(&x, &s)?))
        }
        x => Ok(Value::from_int_tuple(&shape::idx2crd(
            &to_coord(c.name, x)?,
            &s,
        )?)),
    }
}

fn crd2idx(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let crd = to_coord(c.name, c.arg(0))?;
    let s = profile_of(c.arg(1)).to_int_tuple(c.name)?;
    Ok(Value::Int(shape::crd2idx(&crd, &s)?))
}

fn coordinates(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let s = profile_of(c.arg(0)).to_int_tuple(c.name)?;
    let n = shape::size(&s)?;
    if n > MAX_LEN as i64 {
        return Err(Error::value(
            c.name,
            format!("shape {s} has {n} coordinates, more than {MAX_LEN}"),
        ));
    }
    let each = 1 + s.leaf_count() as u64;
    if (n as u64).saturating_mul(each) > cx.room() {
        return Err(too_many(c.name));
    }
    Ok(Value::List(
        shape::coordinates(&s)?
            .map(|crd| Value::from_int_tuple(&crd))
            .collect(),
    ))
}

fn in_bounds(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let s = profile_of(c.arg(1)).to_int_tuple(c.name)?;
    let r = match c.arg(0) {
        x @ (Value::F2(_) | Value::Arith(_)) => shape::in_bounds_scalar(&x.to_scalar(c.name)?, &s)?,
        x => shape::in_bounds(&to_coord(c.name, x)?, &s)?,
    };
    Ok(Value::Bool(r))
}

fn is_layout(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Bool(matches!(
        c.arg(0),
        Value::Layout(_) | Value::SymLayout(_)
    )))
}

/// `Layout(shape, stride=1)`: a compact layout, a layout of that stride,
/// or one whose strides are the compact ones scaled by a scalar base.
fn layout_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let shape = c.arg(0).to_int_tuple(c.name)?;
    Ok(Value::from(match c.opt(1) {
        None => Layout::compact(shape)?,
        Some(s @ (Value::Tuple(_) | Value::List(_))) => Layout::new(shape, s.to_stride(c.name)?)?,
        Some(s) => Layout::with_base(shape, s.to_scalar(c.name)?)?,
    }))
}

/// `make_layout(A, B, ...)` or `make_layout((A, B, ...))`.
fn make_layout(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let layouts = match c.rest {
        [one @ (Value::Tuple(_) | Value::List(_))] => iterate(c.name, one)?
            .iter()
            .map(|x| layout_arg(c.name, x))
            .collect::<Result<Vec<_>>>()?,
        many => many
            .iter()
            .map(|x| layout_arg(c.name, x))
            .collect::<Result<Vec<_>>>()?,
    };
    Ok(Value::from(layout::make_layout_owned(layouts)))
}

fn make_layout_like(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let l = layout_arg(c.name, c.arg(0))?;
    Ok(Value::from(layout::make_layout_like(&l)?))
}

fn make_ordered_layout(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let s = c.arg(0).to_int_tuple(c.name)?;
    let o = c.arg(1).to_int_tuple(c.name)?;
    Ok(Value::from(layout::make_ordered_layout(&s, &o)?))
}

fn tiler_to_layout(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let t = c.arg(0).to_tiler(c.name)?;
    Ok(Value::from(layout::tiler_to_layout(&t)?))
}

fn recast(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let l = layout_arg(c.name, c.arg(0))?;
    let (num, den) = match c.arg(1) {
        Value::Fraction(n, d) => (*n, *d),
        x => (x.to_int(c.name)?, 1),
    };
    Ok(Value::from(layout::recast(&l, num, den)?))
}

/// `A(c)`: the layout at a coordinate (an integral index, or a flat or
/// natural coordinate, given whole or as one argument per mode).
pub(crate) fn call_layout(l: &Layout, args: &[Value]) -> Result<Value> {
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
        Value::Int(k) => Ok(Value::from(l.mode(*k)?)),
        Value::Bool(b) => Ok(Value::from(l.mode(*b as i64)?)),
        Value::Slice(s) => Ok(Value::from(slice_modes(l, s)?)),
        other => Err(Error::type_error(
            "Layout[]",
            format!("layout indices must be integers or slices, got {other}"),
        )),
    }
}

/// `A[i:j:k]`: the top-level modes the slice selects, with Python's slice
/// semantics, joined into one layout whose shape is the tuple of them (a
/// tuple of one mode, or of none, included).
///
/// # Errors
/// `ValueError` for a zero step.
pub(crate) fn slice_modes<I: DynInt>(l: &Layout<I>, s: &Slice) -> Result<Layout<I>> {
    let picked: Vec<usize> = s.indices(l.rank())?.collect();
    Ok(layout::make_layout(&l.select(&picked)?))
}

/// `A.get(path)` and `A._offset_and_slice(crd)`.
pub(crate) fn method(
    l: &Layout,
    name: &str,
    args: &[Value],
    kwargs: &[(&str, Value)],
) -> Result<Value> {
    match name {
        "get" => {
            method_arity("Layout.get", args, kwargs, 0, 1, &["mode"])?;
            let path = match args.first().or(kwargs.first().map(|(_, v)| v)) {
                None => Vec::new(),
                Some(p) => super::htuple::mode_path("Layout.get", p)?,
            };
            Ok(Value::from(l.get(&path)?))
        }
        "_offset_and_slice" => {
            method_arity("Layout._offset_and_slice", args, kwargs, 1, 1, &[])?;
            let c = to_coord("Layout._offset_and_slice", &args[0])?;
            let (off, sub) = l.offset_and_slice(&c)?;
            Ok(Value::Tuple(vec![
                Value::from_scalar(off),
                Value::from(sub),
            ]))
        }
        other => Err(Error::type_error(
            "attribute",
            format!("'Layout' object {l:?} has no method '{other}'"),
        )),
    }
}
