//! Symbols (`symbols`, `Symbol`, the `sympy` module) and the symbolic forms
//! of the built-ins.
//!
//! A built-in runs its machine-integer code first; only when that fails and
//! an argument holds a symbol (a symbolic integer or layout, see
//! [`crate::symbolic`]) does [`retry`] run its symbolic form here, over
//! `Layout<Sym>`, with the machine-integer operands promoted. So the
//! machine-integer path costs nothing more than before. A symbolic result
//! with no symbol left is an ordinary value.
//!
//! A symbolic form is dispatch only: it converts the arguments to their
//! `Sym` forms, calls the function the integer form calls, generic over the
//! integer leaf, with `I = Sym` (`shape::idx2crd`, `shape::crd2idx`,
//! `htuple::product`, `stride::coshape`, the algebra, ...), and converts the
//! result back. So a rule has one body, and the symbols follow it as the
//! integers do.
//!
//! The built-ins with a symbolic form: `size`, `product`, `product_each`,
//! `inner_product`, `coshape` (the cosize, for integer strides), `Layout`,
//! `make_layout`, `make_layout_like`, `make_ordered_layout`,
//! `tiler_to_layout`, `coalesce`, `coalesce_z`, `composition`,
//! `complement`, `logical_product`, `logical_divide`, `zipped_divide`,
//! `tiled_divide`, `flat_divide`, `zipped_product`, `tiled_product`,
//! `flat_product`, `blocked_product`, `raked_product`, `right_inverse`, `left_inverse`,
//! `nullspace`, `layout_add`, `idx2crd` and `crd2idx`. The htuple functions that only restructure
//! (`rank`, `depth`, `shape`, `stride`, `get`, `flatten`, ...) take symbols
//! as any other leaf.

use cute_core::{Error, Result, Sym};
use cute_dynamic::algebra::{
    blocked_product, coalesce_at, coalesce_z_at, complement, complement_to, composition_at,
    composition_identity_at, flat_divide_at, flat_divide_identity, flat_product_at, layout_add,
    left_inverse, logical_divide_at, logical_divide_identity, logical_product_at, nullspace,
    raked_product, right_inverse, tiled_divide_at, tiled_divide_identity, tiled_product_at,
    zipped_divide_at, zipped_divide_identity, zipped_product_at,
};
use cute_dynamic::htuple::{self, HTuple};
use cute_dynamic::layout::{self, Layout, Tiler};
use cute_dynamic::{shape, stride};

use super::htuple::profile_of;
use super::{func, iterate, Builtin, Call, Kind, Sig};
use crate::eval::Ctx;
use crate::symbolic::{
    self, from_sym_scalar, from_sym_tuple, has_sym, layout_value, sym_value, to_sym_coord,
    to_sym_layout, to_sym_stride, to_sym_tiler, to_sym_tuple,
};
use crate::value::Value;

/// The keywords `symbols` and `Symbol` accept.
const ASSUMPTIONS: &[&str] = &["positive", "nonnegative", "integer", "multiple_of"];

pub(super) static TABLE: &[Builtin] = &[
    func(
        "symbols",
        Sig::new(&["names"], 1).keywords(&[
            "positive",
            "nonnegative",
            "integer",
            "multiple_of",
            "seq",
        ]),
        symbols_,
    ),
    func(
        "Symbol",
        Sig::new(&["name"], 1).keywords(ASSUMPTIONS),
        symbol_,
    ),
    Builtin {
        name: "sympy",
        kind: Kind::Module,
    },
];

/// The names the `sympy` module provides.
pub(super) const SYMPY_NAMES: &[&str] = &["symbols", "Symbol"];

/// The keyword arguments of a call.
fn kwargs<'a>(c: &Call<'a>) -> &'a [(&'a str, Value)] {
    c.kwargs
}

fn name_arg<'a>(c: &Call<'a>) -> Result<&'a str> {
    match c.arg(0) {
        Value::Str(s) => Ok(s),
        other => Err(Error::type_error(
            c.name,
            format!(
                "{}() takes a string of names, got {} {other}",
                c.name,
                other.type_name()
            ),
        )),
    }
}

/// `symbols('M N', positive=True)`: one symbol, or a tuple of them.
fn symbols_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let assume = symbolic::assumptions(c.name, kwargs(c))?;
    let seq = match c.kw("seq") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            return Err(Error::type_error(
                c.name,
                format!("seq must be True or False, got {other}"),
            ))
        }
    };
    symbolic::symbols(c.name, name_arg(c)?, assume, seq)
}

/// `Symbol('M', positive=True)`: one symbol.
fn symbol_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let assume = symbolic::assumptions(c.name, kwargs(c))?;
    let name = name_arg(c)?;
    Ok(Value::Sym(symbolic::symbol(c.name, name, assume)?))
}

/// True iff an argument of the call holds a symbol.
fn call_has_sym(c: &Call<'_>) -> bool {
    c.slots.iter().flatten().any(|v| has_sym(v))
        || c.rest.iter().any(has_sym)
        || c.kwargs.iter().any(|(_, v)| has_sym(v))
}

/// The symbolic form of a built-in.
type SymHandler = fn(&Call<'_>) -> Result<Value>;

fn handler(name: &str) -> Option<SymHandler> {
    Some(match name {
        "size" => size,
        "product" => product,
        "product_each" => product_each,
        "inner_product" => inner_product,
        "coshape" => coshape,
        "Layout" => layout_,
        "make_layout" => make_layout,
        "make_layout_like" => make_layout_like,
        "make_ordered_layout" => make_ordered_layout,
        "tiler_to_layout" => tiler_to_layout,
        "coalesce" => |c| coalesce_any(c, false),
        "coalesce_z" => |c| coalesce_any(c, true),
        "composition" => composition,
        "complement" => complement_,
        "logical_product" => logical_product,
        "logical_divide" => logical_divide,
        "zipped_divide" => zipped_divide,
        "tiled_divide" => |c| {
            divide_any(
                c,
                |a, b, m| tiled_divide_at(a, b, m),
                |b, m| tiled_divide_identity(b, m),
            )
        },
        "flat_divide" => |c| {
            divide_any(
                c,
                |a, b, m| flat_divide_at(a, b, m),
                |b, m| flat_divide_identity(b, m),
            )
        },
        "zipped_product" => |c| product_any(c, |a, b, m| zipped_product_at(a, b, m)),
        "tiled_product" => |c| product_any(c, |a, b, m| tiled_product_at(a, b, m)),
        "flat_product" => |c| product_any(c, |a, b, m| flat_product_at(a, b, m)),
        "blocked_product" => |c| two_layouts(c, blocked_product),
        "raked_product" => |c| two_layouts(c, raked_product),
        "layout_add" => |c| two_layouts(c, layout_add),
        "right_inverse" => |c| one_layout(c, right_inverse),
        "left_inverse" => |c| one_layout(c, left_inverse),
        "nullspace" => |c| one_layout(c, nullspace),
        "idx2crd" => idx2crd,
        "crd2idx" => crd2idx,
        _ => return None,
    })
}

/// After the built-in's machine-integer code failed with `e`: its symbolic
/// form if an argument holds a symbol and it has one, else `e`.
#[cold]
pub(super) fn retry(c: &Call<'_>, e: Error) -> Result<Value> {
    match handler(c.name) {
        Some(h) if call_has_sym(c) => h(c),
        _ => Err(e),
    }
}

fn size(c: &Call<'_>) -> Result<Value> {
    let s = match c.arg(0) {
        Value::SymLayout(l) => l.size_mode(c.mode)?,
        x => shape::size_mode(&to_sym_tuple(&profile_of(x), c.name)?, c.mode)?,
    };
    Ok(sym_value(s))
}

fn product(c: &Call<'_>) -> Result<Value> {
    let s = to_sym_tuple(c.arg(0), c.name)?;
    Ok(sym_value(htuple::product(&s)?))
}

fn product_each(c: &Call<'_>) -> Result<Value> {
    let s = to_sym_tuple(c.arg(0), c.name)?;
    Ok(from_sym_tuple(&htuple::product_each(&s)?))
}

fn inner_product(c: &Call<'_>) -> Result<Value> {
    let a = to_sym_coord(c.name, c.arg(0))?;
    let b = to_sym_stride(c.arg(1), c.name)?;
    Ok(from_sym_scalar(stride::inner_product(&a, &b)?))
}

/// The coordinate (an index, or a coordinate of the shape) and the shape
/// of `idx2crd` and `crd2idx`, over symbols.
fn coord_and_shape(c: &Call<'_>) -> Result<(HTuple<Option<Sym>>, HTuple<Sym>)> {
    let shape = to_sym_tuple(&profile_of(c.arg(1)), c.name)?;
    Ok((to_sym_coord(c.name, c.arg(0))?, shape))
}

fn idx2crd(c: &Call<'_>) -> Result<Value> {
    let (crd, shape) = coord_and_shape(c)?;
    Ok(from_sym_tuple(&shape::idx2crd(&crd, &shape)?))
}

fn crd2idx(c: &Call<'_>) -> Result<Value> {
    let (crd, shape) = coord_and_shape(c)?;
    Ok(sym_value(shape::crd2idx(&crd, &shape)?))
}

/// `coshape(A)` of a symbolic layout with integer strides.
fn coshape(c: &Call<'_>) -> Result<Value> {
    let a = super::htuple::get_at(c.arg(0), c.mode)?;
    let l = match &a {
        Value::SymLayout(l) => l,
        other => {
            return Err(Error::type_error(
                c.name,
                format!("expected a Layout, got {} {other}", other.type_name()),
            ))
        }
    };
    if let Some(d) = l.stride().leaves().find(|d| d.as_int().is_none()) {
        return Err(Error::type_error(
            c.name,
            format!("the coshape of a symbolic layout with the stride {d} is not supported"),
        ));
    }
    Ok(from_sym_tuple(&stride::coshape(&l.shape(), &l.stride())?))
}

/// `Layout(shape, stride=1)` with symbolic leaves.
fn layout_(c: &Call<'_>) -> Result<Value> {
    let shape = to_sym_tuple(c.arg(0), c.name)?;
    let l = match c.opt(1) {
        None => Layout::compact(shape)?,
        Some(s @ (Value::Tuple(_) | Value::List(_))) => {
            Layout::new(shape, to_sym_stride(s, c.name)?)?
        }
        Some(s) => Layout::with_base(shape, symbolic::to_sym_scalar(s, c.name)?)?,
    };
    Ok(layout_value(l))
}

fn make_layout(c: &Call<'_>) -> Result<Value> {
    let items: Vec<Value> = match c.rest {
        [one @ (Value::Tuple(_) | Value::List(_))] => iterate(c.name, one)?,
        many => many.to_vec(),
    };
    let layouts = items
        .iter()
        .map(|x| match x {
            Value::Layout(_) | Value::SymLayout(_) => to_sym_layout(x, c.name),
            other => Err(Error::type_error(
                c.name,
                format!("expected a Layout, got {} {other}", other.type_name()),
            )),
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(layout_value(layout::make_layout_owned(layouts)))
}

fn make_layout_like(c: &Call<'_>) -> Result<Value> {
    let l = to_sym_layout(c.arg(0), c.name)?;
    Ok(layout_value(layout::make_layout_like(&l)?))
}

fn make_ordered_layout(c: &Call<'_>) -> Result<Value> {
    let s = to_sym_tuple(c.arg(0), c.name)?;
    let o = to_sym_tuple(c.arg(1), c.name)?;
    Ok(layout_value(layout::make_ordered_layout(&s, &o)?))
}

fn tiler_to_layout(c: &Call<'_>) -> Result<Value> {
    let t = to_sym_tiler(c.arg(0), c.name)?;
    Ok(layout_value(layout::tiler_to_layout(&t)?))
}

/// A layout argument; `None` is `None`.
fn layout_or_none(c: &Call<'_>, v: &Value) -> Result<Option<Layout<Sym>>> {
    match v {
        Value::None => Ok(None),
        v => to_sym_layout(v, c.name).map(Some),
    }
}

fn coalesce_any(c: &Call<'_>, z: bool) -> Result<Value> {
    let a = to_sym_layout(c.arg(0), c.name)?;
    let profile = match c.opt(1) {
        None => Tiler::Int(Sym::from(1)),
        Some(v) => to_sym_tiler(v, c.name)?,
    };
    Ok(layout_value(if z {
        coalesce_z_at(&a, &profile, c.mode)?
    } else {
        coalesce_at(&a, &profile, c.mode)?
    }))
}

fn composition(c: &Call<'_>) -> Result<Value> {
    let b = to_sym_tiler(c.arg(1), c.name)?;
    Ok(layout_value(match layout_or_none(c, c.arg(0))? {
        Some(a) => composition_at(&a, &b, c.mode)?,
        None => composition_identity_at(&b, c.mode)?,
    }))
}

fn complement_(c: &Call<'_>) -> Result<Value> {
    let a = to_sym_layout(c.arg(0), c.name)?;
    Ok(layout_value(match c.opt(1) {
        None | Some(Value::None) => complement(&a)?,
        Some(v) => complement_to(&a, to_sym_tuple(v, c.name)?)?,
    }))
}

fn logical_product(c: &Call<'_>) -> Result<Value> {
    product_any(c, |a, b, m| logical_product_at(a, b, m))
}

/// An operation of the algebra on the mode `mode` (the last argument) of a
/// symbolic layout A and a tiler B.
type SymTilerOp = fn(&Layout<Sym>, &Tiler<Sym>, &[usize]) -> Result<Layout<Sym>>;

/// A product of the mode `mode` of A by B, `f`: `logical_product` or one
/// of its regroupings.
fn product_any(c: &Call<'_>, f: SymTilerOp) -> Result<Value> {
    let b = to_sym_tiler(c.arg(1), c.name)?;
    match layout_or_none(c, c.arg(0))? {
        Some(a) => Ok(layout_value(f(&a, &b, c.mode)?)),
        None => Err(Error::type_error(
            c.name,
            "A is None: there is nothing to reproduce",
        )),
    }
}

fn logical_divide(c: &Call<'_>) -> Result<Value> {
    let b = to_sym_tiler(c.arg(1), c.name)?;
    Ok(layout_value(match layout_or_none(c, c.arg(0))? {
        Some(a) => logical_divide_at(&a, &b, c.mode)?,
        None => logical_divide_identity(&b, c.mode)?,
    }))
}

fn zipped_divide(c: &Call<'_>) -> Result<Value> {
    let b = to_sym_tiler(c.arg(1), c.name)?;
    Ok(layout_value(match layout_or_none(c, c.arg(0))? {
        Some(a) => zipped_divide_at(&a, &b, c.mode)?,
        None => zipped_divide_identity(&b, c.mode)?,
    }))
}

/// A regrouped divide of the mode `mode` of A by B: `f`, or `identity` for
/// an A of `None`.
fn divide_any(
    c: &Call<'_>,
    f: SymTilerOp,
    identity: fn(&Tiler<Sym>, &[usize]) -> Result<Layout<Sym>>,
) -> Result<Value> {
    let b = to_sym_tiler(c.arg(1), c.name)?;
    Ok(layout_value(match layout_or_none(c, c.arg(0))? {
        Some(a) => f(&a, &b, c.mode)?,
        None => identity(&b, c.mode)?,
    }))
}

fn one_layout(c: &Call<'_>, f: fn(&Layout<Sym>) -> Result<Layout<Sym>>) -> Result<Value> {
    let a = to_sym_layout(c.arg(0), c.name)?;
    Ok(layout_value(f(&a)?))
}

fn two_layouts(
    c: &Call<'_>,
    f: fn(&Layout<Sym>, &Layout<Sym>) -> Result<Layout<Sym>>,
) -> Result<Value> {
    let a = to_sym_layout(c.arg(0), c.name)?;
    let b = to_sym_layout(c.arg(1), c.name)?;
    Ok(layout_value(f(&a, &b)?))
}
