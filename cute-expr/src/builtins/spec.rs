//! The typedefs, atuple and swizzle modules' functions as built-ins of the
//! expression language: each converts its arguments from [`Value`]s, calls
//! cute-dynamic's function, and converts the result back.

use cute_core::{Error, Result};
use cute_dynamic::atuple::{self, ArithTuple};
use cute_dynamic::swizzle::{self, Swizzle, F2};

use super::htuple::to_htuple;
use super::{class_func, func, Builtin, Call, Sig};
use crate::eval::{too_many, Ctx, MAX_LEN};
use crate::value::Value;

pub(super) static TABLE: &[Builtin] = &[
    // typedefs
    func("is_int", Sig::new(&["x"], 1), is_int),
    func("is_static", Sig::new(&["x"], 1), is_static),
    func(
        "is_stride_scalar",
        Sig::new(&["value"], 1),
        is_stride_scalar,
    ),
    // atuple
    class_func("ArithTuple", Sig::new(&[], 0).rest(), arith_tuple, |v| {
        matches!(v, Value::Arith(_))
    }),
    func("ScaledBasis", Sig::new(&["value", "mode"], 1), scaled_basis),
    func("E", Sig::new(&[], 0).rest(), e),
    class_func("V", Sig::new(&["value"], 1), v, |v| {
        matches!(v, Value::BasisScalar(_))
    }),
    func("basis_repr", Sig::new(&["x"], 1), basis_repr),
    func("is_basis", Sig::new(&["x"], 1), is_basis),
    func(
        "make_basis_like",
        Sig::new(&["profile", "mode"], 1),
        make_basis_like,
    ),
    func("proj", Sig::new(&["x", "basis"], 2), proj),
    func("unit", Sig::new(&["basis"], 1), unit),
    func("as_tuple", Sig::new(&["atuple"], 1), as_tuple),
    // swizzle
    class_func("F2", Sig::new(&["value"], 1), f2, |v| {
        matches!(v, Value::F2(_))
    }),
    func("shiftr", Sig::new(&["a", "s"], 2), shiftr),
    func("shiftl", Sig::new(&["a", "s"], 2), shiftl),
    class_func(
        "Swizzle",
        Sig::new(&["bits", "base", "shift"], 3),
        swizzle,
        |v| matches!(v, Value::Swizzle(_)),
    ),
];

/// A list of non-negative basis indices, whose basis elements fit in what
/// the statement may still build.
fn basis_path(cx: &Ctx<'_>, op: &'static str, v: &[Value]) -> Result<Vec<usize>> {
    let path = v
        .iter()
        .map(|x| {
            let i = x.to_int(op)?;
            usize::try_from(i)
                .ok()
                .filter(|&i| i <= MAX_LEN)
                .ok_or_else(|| Error::value(op, format!("basis index {i} out of range")))
        })
        .collect::<Result<Vec<usize>>>()?;
    if path.iter().map(|&i| i as u64 + 1).sum::<u64>() > cx.room() {
        return Err(too_many(op));
    }
    Ok(path)
}

/// The value of a path, as the tuple of its indices.
fn path_value(p: &[usize]) -> Value {
    Value::Tuple(p.iter().map(|&i| Value::Int(i as i64)).collect())
}

fn is_int(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    if let Value::Sym(_) = c.arg(0) {
        return Ok(Value::Bool(true));
    }
    let s = c.arg(0).to_scalar(c.name).ok();
    Ok(Value::Bool(s.is_some_and(|s| s.is_int())))
}

/// A symbol is not static: its value is not known.
fn is_static(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    if let Value::Sym(_) = c.arg(0) {
        return Ok(Value::Bool(false));
    }
    let s = c.arg(0).to_scalar(c.name).ok();
    Ok(Value::Bool(s.is_some_and(|s| s.is_static())))
}

fn is_stride_scalar(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    if let Value::Sym(_) = c.arg(0) {
        return Ok(Value::Bool(true));
    }
    let s = c.arg(0).to_scalar(c.name).ok();
    Ok(Value::Bool(s.is_some_and(|s| s.is_stride_scalar())))
}

fn arith_tuple(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let children = c
        .rest
        .iter()
        .map(|x| x.to_stride(c.name))
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::from_scalar(ArithTuple::from_args(children)))
}

fn scaled_basis(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let value = c.arg(0).to_scalar(c.name)?;
    let p = match c.opt(1) {
        None => Vec::new(),
        Some(Value::Tuple(v)) | Some(Value::List(v)) => basis_path(cx, c.name, v)?,
        Some(other) => {
            return Err(Error::type_error(
                c.name,
                format!("ScaledBasis mode must be a sequence of integers, got {other}"),
            ))
        }
    };
    Ok(Value::from_scalar(atuple::scaled_basis(value, &p)))
}

fn e(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from_scalar(atuple::e(&basis_path(
        cx, c.name, c.rest,
    )?)))
}

fn v(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    c.arg(0).to_scalar(c.name)?;
    Ok(Value::BasisScalar(Box::new(c.arg(0).clone())))
}

fn basis_repr(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let x = c.arg(0).to_scalar(c.name)?;
    Ok(Value::List(
        atuple::basis_repr(&x)
            .into_iter()
            .map(|(v, p)| Value::Tuple(vec![Value::from_scalar(v), path_value(&p)]))
            .collect(),
    ))
}

fn is_basis(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let x = c.arg(0).to_scalar(c.name)?;
    Ok(Value::Bool(atuple::is_basis(&x)))
}

fn make_basis_like(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let m: Vec<usize> = match c.opt(1) {
        None => Vec::new(),
        Some(Value::Int(i)) => basis_path(cx, c.name, &[Value::Int(*i)])?,
        Some(Value::Tuple(v)) | Some(Value::List(v)) => basis_path(cx, c.name, v)?,
        Some(other) => {
            return Err(Error::type_error(
                c.name,
                format!("make_basis_like mode must be a sequence of integers, got {other}"),
            ))
        }
    };
    let profile = to_htuple(c.arg(0));
    let entries = atuple::basis_entries(&profile, &m);
    if entries > atuple::MAX_BASIS_ENTRIES || entries as u64 > cx.room() {
        return Err(Error::value(
            c.name,
            format!(
                "the basis elements would hold {entries} entries, more than this statement may build"
            ),
        ));
    }
    Ok(Value::from_stride(&atuple::make_basis_like(&profile, &m)))
}

fn proj(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let x = c.arg(0).to_stride(c.name)?;
    let b = c.arg(1).to_scalar(c.name)?;
    Ok(Value::from_stride(&atuple::proj(&x, &b)?))
}

fn unit(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let b = c.arg(0).to_scalar(c.name)?;
    Ok(Value::from_scalar(atuple::unit(&b)?))
}

fn as_tuple(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let x = c.arg(0).to_stride(c.name)?;
    Ok(Value::from_stride(&atuple::as_tuple(&x)))
}

fn f2(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    match c.arg(0) {
        Value::F2(x) => Ok(Value::F2(*x)),
        v => Ok(Value::F2(F2::from_int(v.to_int(c.name)?)?)),
    }
}

fn shiftr(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (a, k) = (c.arg(0).to_int(c.name)?, c.arg(1).to_int(c.name)?);
    Ok(Value::Int(swizzle::shiftr(a, k)?))
}

fn shiftl(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (a, k) = (c.arg(0).to_int(c.name)?, c.arg(1).to_int(c.name)?);
    Ok(Value::Int(swizzle::shiftl(a, k)?))
}

fn swizzle(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let b = c.arg(0).to_int(c.name)?;
    let m = c.arg(1).to_int(c.name)?;
    let s = c.arg(2).to_int(c.name)?;
    Ok(Value::Swizzle(Swizzle::new(b, m, s)?))
}
