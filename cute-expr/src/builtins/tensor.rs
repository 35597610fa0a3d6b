//! The accessor and tensor modules' names as built-ins of the expression
//! language, the printing functions of the util module (`print_tensor`,
//! `print_table`, which give the printed text as a string), and the element
//! types of the `ctypes` module that the specification's `dtype` arguments
//! take.
//!
//! The values themselves, and what reading and writing them does, are in
//! [`crate::tensor`].

use cute_core::{Error, Result};
use cute_dynamic::accessor::Accessor as _;
use cute_dynamic::layout::Layout;
use cute_dynamic::tensor::offset_span;
use cute_dynamic::typedefs::Scalar;

use super::{class, class_func, func, Builtin, Call, Kind, Sig};
use crate::eval::Ctx;
use crate::tensor::{self, AccessorValue, Base, Dtype, TensorValue, DTYPE_NAMES};
use crate::value::Value;

pub(super) static TABLE: &[Builtin] = &[
    // accessor
    class("Accessor", |v| matches!(v, Value::Accessor(_))),
    class(
        "MutableAccessor",
        |v| matches!(v, Value::Accessor(a) if a.is_mutable()),
    ),
    class_func(
        "Ptr",
        Sig::new(&["source", "dtype", "owner"], 1),
        ptr,
        |v| matches!(v, Value::Accessor(a) if matches!(a.type_name(), "Ptr" | "Array")),
    ),
    class_func(
        "Array",
        Sig::new(&["size", "dtype"], 1),
        array,
        |v| matches!(v, Value::Accessor(a) if a.type_name() == "Array"),
    ),
    class_func(
        "ImplicitAccessor",
        Sig::new(&["origin"], 1),
        implicit_accessor,
        |v| matches!(v, Value::Accessor(a) if a.type_name() == "ImplicitAccessor"),
    ),
    class_func(
        "TransformAccessor",
        Sig::new(&["accessor", "transform"], 2),
        transform_accessor,
        |v| matches!(v, Value::Accessor(a) if a.type_name() == "TransformAccessor"),
    ),
    // tensor
    class_func(
        "Tensor",
        Sig::new(&["accessor", "layout"], 2),
        tensor_,
        |v| matches!(v, Value::Tensor(_)),
    ),
    func("is_tensor", Sig::new(&["x"], 1), is_tensor),
    func("identity_tensor", Sig::new(&["shape"], 1), identity_tensor),
    func(
        "make_tensor",
        Sig::new(&["layout", "dtype"], 1),
        make_tensor,
    ),
    // util
    func(
        "print_tensor",
        Sig::new(&["tensor", "print_type"], 1),
        print_tensor,
    ),
    func(
        "print_table",
        Sig::new(&["tensor", "print_type"], 1),
        print_table,
    ),
];

/// The `ctypes` module and its scalar types (the names of [`DTYPE_NAMES`]).
pub(super) static CTYPES: &[Builtin] = &{
    const fn dtype(name: &'static str, d: Dtype) -> Builtin {
        Builtin {
            name,
            kind: Kind::Dtype(d),
        }
    }
    let mut t = [const {
        Builtin {
            name: "ctypes",
            kind: Kind::Module,
        }
    }; DTYPE_NAMES.len() + 1];
    let mut i = 0;
    while i < DTYPE_NAMES.len() {
        t[i + 1] = dtype(DTYPE_NAMES[i].0, DTYPE_NAMES[i].1);
        i += 1;
    }
    t
};

/// A `dtype` argument: absent (the specification's default, `c_double`) or
/// an element type.
fn dtype_arg(op: &'static str, v: Option<&Value>) -> Result<Dtype> {
    match v {
        None => Ok(Dtype::Double),
        Some(Value::Dtype(d)) => Ok(*d),
        Some(other) => Err(Error::type_error(
            op,
            format!(
                "dtype is a ctypes scalar type (ctypes.c_int, ctypes.c_double, ...), got {} {other}",
                other.type_name()
            ),
        )),
    }
}

/// An accessor argument.
fn accessor_arg<'a>(op: &'static str, v: &'a Value) -> Result<&'a AccessorValue> {
    match v {
        Value::Accessor(a) => Ok(a),
        other => Err(Error::type_error(
            op,
            format!(
                "expected an accessor (Array, Ptr, ImplicitAccessor, TransformAccessor), got {} {other}",
                other.type_name()
            ),
        )),
    }
}

/// `Ptr(source, dtype=None, owner=None)`: a pointer into the memory of an
/// `Array` (or of another `Ptr`). A raw address is not read: with a dtype
/// it is a `ValueError`, as it is without one (the specification's
/// example).
fn ptr(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let dtype = match c.opt(1) {
        None | Some(Value::None) => None,
        d => Some(dtype_arg(c.name, d)?),
    };
    let a = match c.arg(0) {
        Value::Int(_) if dtype.is_none() => {
            return Err(Error::value(
                c.name,
                "a Ptr of an address needs its dtype: Ptr(address, dtype)",
            ))
        }
        Value::Int(addr) => {
            return Err(Error::value(
                c.name,
                format!(
                    "the evaluator reads no raw address ({addr}): make the Ptr from an Array, Ptr(Array(n, dtype))"
                ),
            ))
        }
        v => accessor_arg(c.name, v)?,
    };
    let (Base::Memory { buf, pos, xor, .. }, true) = (&a.base, a.transforms.is_empty()) else {
        return Err(Error::type_error(
            c.name,
            format!("a Ptr points into memory; a {} has none", a.type_name()),
        ));
    };
    if let Some(d) = dtype.filter(|&d| Some(d) != a.dtype()) {
        return Err(Error::value(
            c.name,
            format!(
                "{a} holds ctypes.{}; reading it as ctypes.{} is not supported",
                a.dtype().map_or("?", Dtype::name),
                d.name()
            ),
        ));
    }
    match c.opt(2) {
        None | Some(Value::None) => {}
        Some(Value::Accessor(o)) if Some(&**o) == a.owner().as_ref() => {}
        Some(other) => {
            return Err(Error::value(
                c.name,
                format!("the owner of {a}'s memory is its Array, not {other}"),
            ))
        }
    }
    Ok(Value::Accessor(Box::new(AccessorValue::new(
        Base::Memory {
            buf: buf.clone(),
            pos: *pos,
            xor: *xor,
            array: false,
        },
    ))))
}

/// `Array(size, dtype=c_double)`: `size` zeros of `dtype`, owned.
fn array(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let n = c.arg(0).to_int(c.name)?;
    if n < 0 {
        return Err(Error::value(
            c.name,
            format!("an Array of {n} elements: the size is negative"),
        ));
    }
    let dtype = dtype_arg(c.name, c.opt(1))?;
    let base = tensor::allocate(cx, c.name, dtype, n)?;
    Ok(Value::Accessor(Box::new(AccessorValue::new(base))))
}

fn implicit_accessor(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let origin = c.arg(0).to_scalar(c.name)?;
    Ok(Value::Accessor(Box::new(AccessorValue::new(
        Base::Implicit(origin),
    ))))
}

/// True iff `f` can be called with one argument's worth of value: a
/// function, a layout or a swizzle.
fn callable(f: &Value) -> bool {
    matches!(f, Value::Function(_) | Value::Layout(_) | Value::Swizzle(_))
}

fn transform_accessor(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = accessor_arg(c.name, c.arg(0))?;
    let f = c.arg(1);
    if !callable(f) {
        return Err(Error::type_error(
            c.name,
            format!("the transform must be callable, got {} {f}", f.type_name()),
        ));
    }
    let mut t = a.clone();
    t.transforms.push(f.clone());
    Ok(Value::Accessor(Box::new(t)))
}

fn tensor_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = accessor_arg(c.name, c.arg(0))?;
    let l = c.arg(1).to_layout(c.name)?;
    Ok(Value::Tensor(Box::new(TensorValue::new(a.clone(), l)?)))
}

fn is_tensor(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Bool(matches!(c.arg(0), Value::Tensor(_))))
}

fn identity_tensor(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let s = c.arg(0).to_int_tuple(c.name)?;
    let (a, l) = cute_dynamic::tensor::identity_tensor(&s)?.into_parts();
    let acc = AccessorValue::new(Base::Implicit(a.origin().clone()));
    Ok(Value::Tensor(Box::new(TensorValue::new(acc, l)?)))
}

/// `make_tensor(layout, dtype=c_double)`: zeros of `dtype` at every offset
/// the layout reaches (`cosize(layout)` of them when no stride is
/// negative), bound to the layout. An integer or a tuple is a shape, whose
/// compact layout `Layout(shape)` is bound.
fn make_tensor(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let l = match c.arg(0) {
        Value::Layout(l) => (**l).clone(),
        v => Layout::compact(v.to_int_tuple(c.name)?)?,
    };
    let dtype = dtype_arg(c.name, c.opt(1))?;
    let span = offset_span(&l).map_err(|e| match e {
        Error::InvalidValue { msg, .. } => Error::value(c.name, msg),
        e => e,
    })?;
    let len = span
        .end
        .checked_sub(span.start)
        .ok_or_else(|| Error::value(c.name, format!("the offsets of {l} leave the i64 range")))?;
    let base = tensor::allocate(cx, c.name, dtype, len)?;
    // offset 0 is element -start: the lowest offset is the first element
    let origin = span
        .start
        .checked_neg()
        .ok_or_else(|| Error::value(c.name, format!("the offsets of {l} leave the i64 range")))?;
    let base = base.offset(&Scalar::Int(origin))?;
    let base = match base {
        Base::Memory { buf, pos, xor, .. } => Base::Memory {
            buf,
            pos,
            xor,
            array: pos == 0 && xor == 0,
        },
        b => b,
    };
    Ok(Value::Tensor(Box::new(TensorValue::new(
        AccessorValue::new(base),
        l,
    )?)))
}

/// `print_type=True`, or its truth.
fn print_type(c: &Call<'_>) -> bool {
    c.opt(1).is_none_or(crate::ops::truthy)
}

/// `print_tensor(tensor, print_type=True)`: the text the specification's
/// `print_tensor` prints, as a string: a layout's offsets, or a tensor's
/// elements, in rows, the `Shape:Stride` header first.
fn print_tensor(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let cells = tensor::cells(cx, c.name, c.arg(0))?;
    Ok(Value::Str(cute_dynamic::viz::print_tensor(
        &cells,
        print_type(c),
    )?))
}

/// `print_table(tensor, print_type=True)`: the text the specification's
/// `print_table` prints, as a string: a rank-2 layout or tensor as one
/// bordered grid (another rank: its header).
fn print_table(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let cells = tensor::cells(cx, c.name, c.arg(0))?;
    Ok(Value::Str(cute_dynamic::viz::print_table(
        &cells,
        print_type(c),
    )?))
}
