//! The Python built-ins the specification's examples use, and the classes
//! `isinstance` tests (`Integer`, `StrideScalar`, `LayoutBase`, `HTuple`).

use core::cmp::Ordering;

use cute_core::{Error, Result};

use super::{class, class_func, func, isinstance as is_instance, iterate, Builtin, Call, Sig};
use crate::ast::BinOp;
use crate::eval::{Ctx, MAX_LEN};
use crate::ops::{self, make_fraction, py_cmp, py_divmod, truthy};
use crate::value::Value;

pub(super) static TABLE: &[Builtin] = &[
    class_func("list", Sig::new(&["iterable"], 0), list, |v| {
        matches!(v, Value::List(_))
    }),
    class_func("tuple", Sig::new(&["iterable"], 0), tuple, |v| {
        matches!(v, Value::Tuple(_))
    }),
    func("iter", Sig::new(&["iterable"], 1), list),
    func("len", Sig::new(&["obj"], 1), len),
    class_func("str", Sig::new(&["object"], 0), str_, |v| {
        matches!(v, Value::Str(_))
    }),
    func("repr", Sig::new(&["obj"], 1), repr),
    func("print", Sig::new(&[], 0).rest(), print),
    func("isinstance", Sig::new(&["obj", "class"], 2), isinstance),
    func("sum", Sig::new(&["iterable", "start"], 1), sum),
    func("range", Sig::new(&[], 0).rest(), range),
    func("min", Sig::new(&[], 0).rest(), min),
    func("max", Sig::new(&[], 0).rest(), max),
    class_func(
        "Fraction",
        Sig::new(&["numerator", "denominator"], 1),
        fraction,
        |v| matches!(v, Value::Fraction(..)),
    ),
    class_func("int", Sig::new(&["x"], 0), int, |v| {
        matches!(v, Value::Int(_) | Value::Bool(_))
    }),
    class_func("float", Sig::new(&["x"], 0), float, |v| {
        matches!(v, Value::Float(_))
    }),
    class_func("bool", Sig::new(&["x"], 0), bool_, |v| {
        matches!(v, Value::Bool(_))
    }),
    func("abs", Sig::new(&["x"], 1), abs),
    func("divmod", Sig::new(&["a", "b"], 2), divmod),
    class("Integer", |v| matches!(v, Value::Int(_) | Value::Sym(_))),
    class("StrideScalar", |v| {
        matches!(
            v,
            Value::Int(_) | Value::Sym(_) | Value::F2(_) | Value::Arith(_)
        )
    }),
    class("LayoutBase", |v| {
        matches!(v, Value::Layout(_) | Value::SymLayout(_))
    }),
    class("HTuple", |v| matches!(v, Value::Tuple(_) | Value::List(_))),
];

/// `list(x)`, `iter(x)`: the elements of `x` in a list; `tuple(x)`.
fn list(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::List(match c.opt(0) {
        None => Vec::new(),
        Some(v) => iterate(c.name, v)?,
    }))
}

fn tuple(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Tuple(match c.opt(0) {
        None => Vec::new(),
        Some(v) => iterate(c.name, v)?,
    }))
}

fn len(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let n = match c.arg(0) {
        Value::Tuple(x) | Value::List(x) => x.len(),
        Value::Str(s) => s.chars().count(),
        other => {
            return Err(Error::type_error(
                c.name,
                format!("object of type '{}' has no len()", other.type_name()),
            ))
        }
    };
    Ok(Value::Int(n as i64))
}

fn str_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Str(c.opt(0).map(Value::str).unwrap_or_default()))
}

fn repr(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Str(c.arg(0).repr()))
}

/// `print(x, y)`: the text it prints (`str` of each, separated by spaces),
/// as a string.
fn print(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let parts: Vec<String> = c.rest.iter().map(Value::str).collect();
    Ok(Value::Str(parts.join(" ")))
}

fn isinstance(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Bool(is_instance(c.arg(0), c.arg(1))?))
}

/// `sum(iterable, start=0)`. Each partial sum counts against the budget, so
/// a sum of sequences (quadratic in Python too) stays bounded.
fn sum(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let mut acc = c.opt(1).cloned().unwrap_or(Value::Int(0));
    let items = match c.arg(0) {
        Value::Tuple(x) | Value::List(x) => x,
        other => {
            return Err(Error::type_error(
                c.name,
                format!("'{}' object {other} is not iterable", other.type_name()),
            ))
        }
    };
    for x in items {
        acc = ops::binary(BinOp::Add, &acc, x, cx.room())?;
        if !matches!(acc, Value::Int(_)) {
            cx.charge_value(c.name, &acc)?;
        }
    }
    Ok(acc)
}

/// `range(stop)`, `range(start, stop[, step])`, as a list.
fn range(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let ints = c
        .rest
        .iter()
        .map(|a| a.to_int(c.name))
        .collect::<Result<Vec<_>>>()?;
    let (start, stop, step) = match ints[..] {
        [b] => (0, b, 1),
        [a, b] => (a, b, 1),
        [a, b, s] => (a, b, s),
        _ => {
            return Err(Error::type_error(
                c.name,
                format!(
                    "range() takes 1 to 3 positional arguments but {} were given",
                    ints.len()
                ),
            ))
        }
    };
    if step == 0 {
        return Err(Error::value(c.name, "range() arg 3 must not be zero"));
    }
    // the number of elements, computed before any is built
    let (lo, hi, by) = if step > 0 {
        (i128::from(start), i128::from(stop), i128::from(step))
    } else {
        (i128::from(stop), i128::from(start), -i128::from(step))
    };
    let n = if hi > lo { (hi - lo + by - 1) / by } else { 0 };
    if n > MAX_LEN as i128 {
        return Err(Error::value(
            c.name,
            format!("range longer than {MAX_LEN} elements"),
        ));
    }
    if n as u64 > cx.room() {
        return Err(crate::eval::too_many(c.name));
    }
    Ok(Value::List(
        (0..n as i64)
            .map(|k| Value::Int(start + k * step))
            .collect(),
    ))
}

fn min_max(c: &Call<'_>, want: Ordering) -> Result<Value> {
    let items: &[Value] = match c.rest {
        [] => {
            return Err(Error::type_error(
                c.name,
                format!("{}() expects at least 1 argument, got 0", c.name),
            ))
        }
        [Value::Tuple(x) | Value::List(x)] => x,
        [other @ Value::Str(_)] => {
            let chars = iterate(c.name, other)?;
            return best(c.name, &chars, want);
        }
        [other] => {
            return Err(Error::type_error(
                c.name,
                format!("'{}' object {other} is not iterable", other.type_name()),
            ))
        }
        many => many,
    };
    best(c.name, items, want)
}

fn best(name: &'static str, items: &[Value], want: Ordering) -> Result<Value> {
    if items.iter().any(|x| matches!(x, Value::Sym(_)))
        && items
            .iter()
            .all(|x| matches!(x, Value::Int(_) | Value::Sym(_)))
    {
        // integers and symbols: sympy's Min and Max, which decide what the
        // assumptions settle (min(M, 1) is 1 for a positive M, ties
        // included) and keep the rest as an expression, Min(M, N)
        let args = items
            .iter()
            .map(|x| crate::symbolic::to_sym(x, name))
            .collect::<Result<Vec<_>>>()?;
        let r = if want == Ordering::Less {
            cute_core::Sym::min_of(&args)
        } else {
            cute_core::Sym::max_of(&args)
        };
        return r.map(crate::symbolic::sym_value).map_err(|e| e.in_op(name));
    }
    let mut best: Option<&Value> = None;
    for x in items {
        best = Some(match best {
            Some(b) if py_cmp(x, b)? != want => b,
            _ => x,
        });
    }
    best.cloned()
        .ok_or_else(|| Error::value(name, format!("{name}() arg is an empty sequence")))
}

fn min(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    min_max(c, Ordering::Less)
}

fn max(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    min_max(c, Ordering::Greater)
}

fn fraction(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let n = c.arg(0).to_int(c.name)?;
    let d = match c.opt(1) {
        Some(d) => d.to_int(c.name)?,
        None => 1,
    };
    make_fraction(n, d)
}

fn int(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let name = c.name;
    Ok(Value::Int(match c.opt(0) {
        None => 0,
        Some(Value::Int(x)) => *x,
        Some(Value::Bool(b)) => *b as i64,
        Some(Value::F2(x)) => i64::try_from(x.0)
            .map_err(|_| Error::overflow(name, format!("int({x}) leaves the 64-bit range")))?,
        Some(Value::Fraction(n, d)) => n / d,
        Some(Value::Float(x)) if x.is_finite() && x.abs() < 9.2e18 => x.trunc() as i64,
        Some(Value::Str(s)) => s
            .trim()
            .parse::<i64>()
            .map_err(|_| Error::value(name, format!("invalid literal for int(): {s:?}")))?,
        Some(other) => {
            return Err(Error::type_error(
                name,
                format!(
                    "int() argument must be a number or string, not '{}'",
                    other.type_name()
                ),
            ))
        }
    }))
}

fn float(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Float(match c.opt(0) {
        None => 0.0,
        Some(Value::Int(x)) => *x as f64,
        Some(Value::Bool(b)) => *b as i64 as f64,
        Some(Value::Float(x)) => *x,
        Some(Value::Fraction(n, d)) => *n as f64 / *d as f64,
        Some(other) => {
            return Err(Error::type_error(
                c.name,
                format!(
                    "float() argument must be a number, not '{}'",
                    other.type_name()
                ),
            ))
        }
    }))
}

fn bool_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Bool(c.opt(0).is_some_and(truthy)))
}

fn abs(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    match c.arg(0) {
        Value::Int(x) => x
            .checked_abs()
            .map(Value::Int)
            .ok_or_else(|| Error::overflow(c.name, format!("abs({x}) leaves the 64-bit range"))),
        Value::Bool(b) => Ok(Value::Int(*b as i64)),
        Value::Float(x) => Ok(Value::Float(x.abs())),
        other => Err(Error::type_error(
            c.name,
            format!("bad operand type for abs(): '{}'", other.type_name()),
        )),
    }
}

fn divmod(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (q, r) = py_divmod(c.arg(0), c.arg(1))?;
    Ok(Value::Tuple(vec![q, r]))
}
