//! The operators of the expression language, with Python's and PyCuTe's
//! semantics: `==` is structural (a tuple never equals a list; an all-zero
//! ArithTuple equals 0), `+` concatenates tuples and lists but adds an
//! ArithTuple elementwise, `*` repeats sequences, scales ArithTuples and
//! multiplies F2 values carry-lessly, `//` and `%` floor, and integer
//! overflow is a `ValueError`, never a wrapped number; floats (the elements
//! of `c_double` memory) add, subtract, multiply and divide as Python's.
//! Indexing of sequences and Python's truth values are here too (slicing
//! is [`crate::slice`]'s).

use cute_core::{Error, Result};
use cute_dynamic::atuple::ArithTuple;
use cute_dynamic::swizzle::F2;
use cute_dynamic::typedefs::Scalar;

use crate::ast::{BinOp, CmpOp, UnOp};
use crate::eval::{too_many, MAX_LEN};
use crate::value::{AccessorValue, TensorValue, Value};

/// Resolves a Python index (negative counts from the end) into `0..n`.
pub(crate) fn index_of(i: &Value, n: usize, what: &str) -> Result<usize> {
    let k = match i {
        Value::Int(k) => *k,
        Value::Bool(b) => *b as i64,
        other => {
            return Err(Error::type_error(
                "[]",
                format!(
                    "{what} indices must be integers or slices, not {}",
                    other.type_name()
                ),
            ))
        }
    };
    let n = n as i64;
    let r = if k < 0 { k + n } else { k };
    if r < 0 || r >= n {
        return Err(Error::out_of_range(
            "[]",
            k,
            Some(n.into()),
            format!("{what} index {k} out of range for length {n}"),
        ));
    }
    Ok(r as usize)
}

/// Python's truth value.
pub(crate) fn truthy(v: &Value) -> bool {
    match v {
        Value::None => false,
        Value::Bool(b) => *b,
        Value::Int(x) => *x != 0,
        Value::Float(x) => *x != 0.0,
        Value::Str(s) => !s.is_empty(),
        Value::Tuple(x) | Value::List(x) => !x.is_empty(),
        Value::F2(x) => x.0 != 0,
        Value::Arith(a) => !a.is_zero(),
        Value::Fraction(n, _) => *n != 0,
        _ => true,
    }
}

/// An int, with a bool read as 0 or 1 (Python's bool is an int).
fn as_int(v: &Value) -> Option<i64> {
    match v {
        Value::Int(x) => Some(*x),
        Value::Bool(b) => Some(*b as i64),
        _ => None,
    }
}

fn overflow(a: &Value, op: BinOp, b: &Value) -> Error {
    Error::overflow(
        op.symbol(),
        format!("{a} {} {b} leaves the 64-bit range", op.symbol()),
    )
}

/// The `TypeError` of an operator that does not apply to the types of `a`
/// and `b`.
fn unsupported(op: &str, a: &Value, b: &Value) -> Error {
    Error::type_error(
        "operator",
        format!(
            "unsupported operand types for {op}: '{}' ({a}) and '{}' ({b})",
            a.type_name(),
            b.type_name()
        ),
    )
}

/// Applies a unary operator.
pub(crate) fn unary(op: UnOp, v: Value) -> Result<Value> {
    match (op, &v) {
        (UnOp::Not, _) => Ok(Value::Bool(!truthy(&v))),
        (UnOp::Pos, Value::Int(_) | Value::Float(_) | Value::Arith(_) | Value::Fraction(..)) => {
            Ok(v)
        }
        (UnOp::Pos, Value::Bool(b)) => Ok(Value::Int(*b as i64)),
        (UnOp::Neg, Value::Int(_) | Value::Bool(_)) => {
            let x = as_int(&v).unwrap_or(0);
            x.checked_neg()
                .map(Value::Int)
                .ok_or_else(|| Error::overflow("-", format!("-({x}) leaves the 64-bit range")))
        }
        (UnOp::Neg, Value::Float(x)) => Ok(Value::Float(-x)),
        (UnOp::Neg, Value::Fraction(n, d)) => n
            .checked_neg()
            .map(|n| Value::Fraction(n, *d))
            .ok_or_else(|| Error::overflow("-", format!("-({v}) leaves the 64-bit range"))),
        (UnOp::Neg, Value::Arith(a)) => Ok(Value::Arith(a.neg()?)),
        (UnOp::Pos, Value::Sym(_)) => Ok(v),
        (UnOp::Neg, Value::Sym(s)) => crate::symbolic::neg(s),
        (UnOp::Invert, Value::Int(_) | Value::Bool(_)) => Ok(Value::Int(!as_int(&v).unwrap_or(0))),
        _ => Err(Error::type_error(
            "operator",
            format!(
                "bad operand type for unary {}: '{}' ({v})",
                op.symbol(),
                v.type_name()
            ),
        )),
    }
}

/// A stride scalar view of an operand, for the arithmetic of ints, F2 and
/// ArithTuples (a plain tuple next to an ArithTuple is read as one).
fn scalar_of(v: &Value) -> Option<Scalar> {
    match v {
        Value::Int(x) => Some(Scalar::Int(*x)),
        Value::Bool(b) => Some(Scalar::Int(*b as i64)),
        Value::F2(x) => Some(Scalar::F2(*x)),
        Value::Arith(a) => Some(Scalar::Arith(a.clone())),
        _ => None,
    }
}

/// A tuple read as an ArithTuple (its elements are the children).
pub(crate) fn tuple_as_arith(v: &Value) -> Option<ArithTuple> {
    match v {
        Value::Tuple(items) => items
            .iter()
            .map(|x| x.to_stride("ArithTuple").ok())
            .collect::<Option<Vec<_>>>()
            .map(ArithTuple::new),
        _ => None,
    }
}

fn arith_operands(a: &Value, b: &Value) -> Option<(Scalar, Scalar)> {
    let conv = |x: &Value, other: &Value| -> Option<Scalar> {
        match (x, other) {
            (Value::Tuple(_), Value::Arith(_)) => tuple_as_arith(x).map(Scalar::Arith),
            _ => scalar_of(x),
        }
    };
    Some((conv(a, b)?, conv(b, a)?))
}

/// A scalar result as a value.
fn scalar_value(s: Scalar) -> Value {
    Value::from_scalar(s)
}

/// `items` repeated `n` times, if that fits in one sequence and in `room`
/// elements (the budget left to the line).
fn repeat(items: &[Value], n: i64, what: &str, room: u64) -> Result<Vec<Value>> {
    let n = n.max(0) as usize;
    if items.len().saturating_mul(n) > MAX_LEN {
        return Err(Error::value(
            "*",
            format!("{what} repetition longer than {MAX_LEN} elements"),
        ));
    }
    let one: u64 = items.iter().map(|x| x.weight(room)).sum();
    if one.saturating_mul(n as u64) > room {
        return Err(too_many("*"));
    }
    Ok(items
        .iter()
        .cloned()
        .cycle()
        .take(items.len() * n)
        .collect())
}

fn floor_divmod(a: i64, b: i64) -> Option<(i64, i64)> {
    if b == 0 {
        return None;
    }
    let q = a.checked_div(b)?;
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        Some((q - 1, r + b))
    } else {
        Some((q, r))
    }
}

/// Python's `divmod` for ints (floor semantics) and F2 (polynomial division;
/// an int divisor is read as an F2).
pub(crate) fn py_divmod(a: &Value, b: &Value) -> Result<(Value, Value)> {
    match (a, b) {
        (Value::F2(x), Value::F2(_) | Value::Int(_)) => {
            let y = match b {
                Value::F2(y) => *y,
                Value::Int(y) if *y >= 0 => F2(*y as u64),
                _ => {
                    return Err(Error::value(
                        "divmod",
                        format!("F2 divisor {b} is negative"),
                    ))
                }
            };
            let (q, r) = x.divmod(y)?;
            Ok((Value::F2(q), Value::F2(r)))
        }
        _ => match (as_int(a), as_int(b)) {
            (Some(x), Some(y)) => {
                if y == 0 {
                    return Err(Error::value(
                        "divmod",
                        format!("integer division or modulo by zero: {x} by {y}"),
                    ));
                }
                let (q, r) = floor_divmod(x, y).ok_or_else(|| {
                    Error::overflow("//", format!("{x} // {y} leaves the 64-bit range"))
                })?;
                Ok((Value::Int(q), Value::Int(r)))
            }
            _ => Err(unsupported("divmod", a, b)),
        },
    }
}

/// A float operand and its partner read as floats (an int or a bool reads
/// as its value), if one of them is a float and the other a number.
fn float_operands(a: &Value, b: &Value) -> Option<(f64, f64)> {
    let f = |v: &Value| match v {
        Value::Float(x) => Some(*x),
        _ => as_int(v).map(|x| x as f64),
    };
    if !matches!(a, Value::Float(_)) && !matches!(b, Value::Float(_)) {
        return None;
    }
    Some((f(a)?, f(b)?))
}

/// Python's float arithmetic: `+ - * /`, and `//`, `%` with floor
/// semantics (the elements of `c_double` and `c_float` memory are floats).
fn float_op(op: BinOp, x: f64, y: f64, a: &Value, b: &Value) -> Result<Value> {
    let zero = || {
        Error::value(
            op.symbol(),
            format!("float division or modulo by zero: {a} {} {b}", op.symbol()),
        )
    };
    Ok(Value::Float(match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div if y == 0.0 => return Err(zero()),
        BinOp::Div => x / y,
        BinOp::FloorDiv | BinOp::Mod if y == 0.0 => return Err(zero()),
        BinOp::FloorDiv => (x / y).floor(),
        BinOp::Pow if x == 0.0 && y < 0.0 => {
            return Err(Error::value(
                "**",
                format!("0.0 cannot be raised to a negative power: {a} ** {b}"),
            ))
        }
        BinOp::Pow if x < 0.0 && y.fract() != 0.0 => {
            return Err(Error::value(
                "**",
                format!("{a} ** {b} is a complex number"),
            ))
        }
        BinOp::Pow => x.powf(y),
        BinOp::Mod => {
            let r = x % y;
            if r != 0.0 && ((r < 0.0) != (y < 0.0)) {
                r + y
            } else {
                r
            }
        }
        _ => return Err(unsupported(op.symbol(), a, b)),
    }))
}

/// Applies a binary operator. `room` is the number of elements the line may
/// still build: a repetition or a basis index beyond it is refused before
/// anything is built.
pub(crate) fn binary(op: BinOp, a: &Value, b: &Value, room: u64) -> Result<Value> {
    if let Some((x, y)) = float_operands(a, b) {
        return float_op(op, x, y, a, b);
    }
    // int, int (bool reads as int)
    if let (Some(x), Some(y)) = (as_int(a), as_int(b)) {
        let r = match op {
            BinOp::Add => x.checked_add(y),
            BinOp::Sub => x.checked_sub(y),
            BinOp::Mul => x.checked_mul(y),
            BinOp::FloorDiv | BinOp::Mod => {
                let (q, r) = py_divmod(&Value::Int(x), &Value::Int(y))?;
                return Ok(if op == BinOp::FloorDiv { q } else { r });
            }
            BinOp::Xor => Some(x ^ y),
            BinOp::And => Some(x & y),
            BinOp::Or => Some(x | y),
            BinOp::Shl | BinOp::Shr => {
                if y < 0 {
                    return Err(Error::value(
                        op.symbol(),
                        format!("negative shift count {y}"),
                    ));
                }
                if op == BinOp::Shr {
                    Some(if y >= 64 {
                        if x < 0 {
                            -1
                        } else {
                            0
                        }
                    } else {
                        x >> y
                    })
                } else if x == 0 {
                    Some(0)
                } else if y >= 63 {
                    None
                } else {
                    let r = x << y;
                    (r >> y == x).then_some(r)
                }
            }
            BinOp::Div => {
                return Err(Error::type_error(
                    "/",
                    format!("true division {x} / {y} gives a float; use // or Fraction"),
                ))
            }
            BinOp::Pow => {
                if y < 0 {
                    return Err(Error::value(
                        "**",
                        format!("{x} ** {y}: a negative exponent gives a float, not an integer"),
                    ));
                }
                u32::try_from(y)
                    .ok()
                    .and_then(|e| x.checked_pow(e))
                    .or(match x {
                        0 | 1 => Some(x),
                        -1 => Some(if y % 2 == 0 { 1 } else { -1 }),
                        _ => None,
                    })
            }
            BinOp::MatMul => return Err(unsupported("@", a, b)),
        };
        return r.map(Value::Int).ok_or_else(|| overflow(a, op, b));
    }
    if matches!(a, Value::Sym(_)) || matches!(b, Value::Sym(_)) {
        return crate::symbolic::binary(op, a, b)
            .unwrap_or_else(|| Err(unsupported(op.symbol(), a, b)));
    }
    match op {
        BinOp::Add => add(a, b),
        BinOp::Sub => sub(a, b),
        BinOp::Mul => mul(a, b, room),
        BinOp::MatMul => matmul(a, b, room),
        BinOp::FloorDiv | BinOp::Mod => match (a, b) {
            (Value::F2(_), Value::F2(_) | Value::Int(_)) => {
                let (q, r) = py_divmod(a, b)?;
                Ok(if op == BinOp::FloorDiv { q } else { r })
            }
            _ => Err(unsupported(op.symbol(), a, b)),
        },
        BinOp::Xor => match (a, b) {
            (Value::F2(x), Value::F2(y)) => Ok(Value::F2(F2(x.0 ^ y.0))),
            _ => Err(unsupported("^", a, b)),
        },
        _ => Err(unsupported(op.symbol(), a, b)),
    }
}

fn add(a: &Value, b: &Value) -> Result<Value> {
    match (a, b) {
        (Value::Accessor(x), k) => Ok(Value::Accessor(Box::new(x.moved(k)?))),
        (Value::Tuple(x), Value::Tuple(y)) => Ok(Value::Tuple(concat(x, y)?)),
        (Value::List(x), Value::List(y)) => Ok(Value::List(concat(x, y)?)),
        (Value::Str(x), Value::Str(y)) => Ok(Value::Str(format!("{x}{y}"))),
        (Value::Fraction(..), _) | (_, Value::Fraction(..)) => fraction_op(BinOp::Add, a, b),
        _ => match arith_operands(a, b) {
            Some((x, y)) => Ok(scalar_value(x.add(&y)?)),
            None => Err(unsupported("+", a, b)),
        },
    }
}

fn concat(x: &[Value], y: &[Value]) -> Result<Vec<Value>> {
    if x.len() + y.len() > MAX_LEN {
        return Err(Error::value(
            "+",
            format!("sequence longer than {MAX_LEN} elements"),
        ));
    }
    Ok(x.iter().chain(y).cloned().collect())
}

fn sub(a: &Value, b: &Value) -> Result<Value> {
    match (a, b) {
        (Value::F2(x), Value::F2(y)) => Ok(Value::F2(F2(x.0 ^ y.0))),
        (Value::Fraction(..), _) | (_, Value::Fraction(..)) => fraction_op(BinOp::Sub, a, b),
        _ => match arith_operands(a, b) {
            Some((x, y)) => Ok(scalar_value(x.sub(&y)?)),
            None => Err(unsupported("-", a, b)),
        },
    }
}

fn mul(a: &Value, b: &Value, room: u64) -> Result<Value> {
    match (a, b) {
        (Value::Tuple(x), n) | (n, Value::Tuple(x)) if as_int(n).is_some() => Ok(Value::Tuple(
            repeat(x, as_int(n).unwrap_or(0), "tuple", room)?,
        )),
        (Value::List(x), n) | (n, Value::List(x)) if as_int(n).is_some() => Ok(Value::List(
            repeat(x, as_int(n).unwrap_or(0), "list", room)?,
        )),
        (Value::Str(s), n) | (n, Value::Str(s)) if as_int(n).is_some() => {
            let k = as_int(n).unwrap_or(0).max(0) as usize;
            if s.len().saturating_mul(k) > MAX_LEN {
                return Err(Error::value(
                    "*",
                    format!("string longer than {MAX_LEN} bytes"),
                ));
            }
            if (s.len() * k) as u64 > room {
                return Err(too_many("*"));
            }
            Ok(Value::Str(s.repeat(k)))
        }
        (Value::Fraction(..), _) | (_, Value::Fraction(..)) => fraction_op(BinOp::Mul, a, b),
        _ => match (scalar_of(a), scalar_of(b)) {
            (Some(x), Some(y)) => Ok(scalar_value(x.mul(&y)?)),
            _ => Err(unsupported("*", a, b)),
        },
    }
}

/// `x @ i`: `x` placed at outer index `i` (`E(0) @ 1 == E(1, 0)`,
/// `V(42) @ 1 == 42 * E(1)`).
fn matmul(a: &Value, b: &Value, room: u64) -> Result<Value> {
    let i = match as_int(b) {
        Some(i) if i >= 0 => i as usize,
        Some(i) => return Err(Error::value("@", format!("negative basis index {i}"))),
        None => return Err(unsupported("@", a, b)),
    };
    if i as u64 > room {
        return Err(too_many("@"));
    }
    if i > MAX_LEN {
        return Err(Error::value("@", format!("basis index {i} too large")));
    }
    let x = match a {
        Value::Arith(x) => Scalar::Arith(x.clone()),
        Value::BasisScalar(v) => v.to_scalar("V")?,
        _ => return Err(unsupported("@", a, b)),
    };
    Ok(scalar_value(x.matmul(i)))
}

fn fraction_parts(v: &Value) -> Option<(i64, i64)> {
    match v {
        Value::Fraction(n, d) => Some((*n, *d)),
        _ => as_int(v).map(|n| (n, 1)),
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    let g = cute_core::checked::gcd_u64(a.unsigned_abs(), b.unsigned_abs());
    g.min(i64::MAX as u64) as i64
}

/// A fraction in lowest terms with a positive denominator.
pub(crate) fn make_fraction(n: i64, d: i64) -> Result<Value> {
    if d == 0 {
        return Err(Error::value(
            "Fraction",
            format!("Fraction({n}, 0): zero denominator"),
        ));
    }
    let g = gcd(n, d).max(1);
    let (mut n, mut d) = (n / g, d / g);
    if d < 0 {
        n = n
            .checked_neg()
            .ok_or_else(|| Error::overflow("Fraction", format!("Fraction({n}, {d})")))?;
        d = d
            .checked_neg()
            .ok_or_else(|| Error::overflow("Fraction", format!("Fraction({n}, {d})")))?;
    }
    Ok(Value::Fraction(n, d))
}

fn fraction_op(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    let ((p, q), (r, s)) = match (fraction_parts(a), fraction_parts(b)) {
        (Some(x), Some(y)) => (x, y),
        _ => return Err(unsupported(op.symbol(), a, b)),
    };
    let of = || overflow(a, op, b);
    let (n, d) = match op {
        BinOp::Add | BinOp::Sub => {
            let ps = p.checked_mul(s).ok_or_else(of)?;
            let rq = r.checked_mul(q).ok_or_else(of)?;
            let n = if op == BinOp::Add {
                ps.checked_add(rq)
            } else {
                ps.checked_sub(rq)
            };
            (n.ok_or_else(of)?, q.checked_mul(s).ok_or_else(of)?)
        }
        BinOp::Mul => (
            p.checked_mul(r).ok_or_else(of)?,
            q.checked_mul(s).ok_or_else(of)?,
        ),
        _ => return Err(unsupported(op.symbol(), a, b)),
    };
    let v = make_fraction(n, d)?;
    Ok(match v {
        Value::Fraction(n, 1) => Value::Int(n),
        v => v,
    })
}

/// Python's `==`.
pub(crate) fn py_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Float(x), y) | (y, Value::Float(x)) => match y {
            Value::Float(z) => x == z,
            _ => as_int(y).is_some_and(|z| *x == z as f64),
        },
        (Value::Fraction(..), _) | (_, Value::Fraction(..)) => {
            match (fraction_parts(a), fraction_parts(b)) {
                (Some(x), Some(y)) => x == y,
                _ => false,
            }
        }
        (Value::Arith(x), Value::Tuple(_)) => tuple_as_arith(b).is_some_and(|y| *x == y),
        (Value::Tuple(_), Value::Arith(y)) => tuple_as_arith(a).is_some_and(|x| x == *y),
        (Value::Arith(_), _) | (_, Value::Arith(_)) => match (scalar_of(a), scalar_of(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
        (Value::Tuple(x), Value::Tuple(y)) | (Value::List(x), Value::List(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| py_eq(p, q))
        }
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::None, Value::None) => true,
        (Value::F2(x), Value::F2(y)) => x == y,
        (Value::Layout(x), Value::Layout(y)) => x == y,
        (Value::SymLayout(x), Value::SymLayout(y)) => x == y,
        (Value::Sym(x), Value::Sym(y)) => x == y,
        (Value::Swizzle(x), Value::Swizzle(y)) => x == y,
        (Value::BasisScalar(x), Value::BasisScalar(y)) => py_eq(x, y),
        (Value::Function(f), Value::Function(g)) => f.same(g),
        (Value::Slice(x), Value::Slice(y)) => x == y,
        (Value::Tensor(x), Value::Tensor(y)) => x == y,
        (Value::Accessor(x), Value::Accessor(y)) => x == y,
        (Value::Dtype(x), Value::Dtype(y)) => x == y,
        (Value::Module(x), Value::Module(y)) => x == y,
        (Value::Atom(x), Value::Atom(y)) => x == y,
        _ => match (as_int(a), as_int(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
    }
}

/// Two lists of functions are the same functions, in order.
fn same_transforms(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(f, g)| py_eq(f, g))
}

impl PartialEq for AccessorValue {
    /// Python's `==` of accessors: the same memory from the same offset (or
    /// implicit accessors of equal origins), read through the same
    /// functions.
    fn eq(&self, other: &AccessorValue) -> bool {
        self.base == other.base && same_transforms(&self.transforms, &other.transforms)
    }
}

impl PartialEq for TensorValue {
    /// Python's `==` of tensors: the same accessor through the same layout,
    /// read through the same functions.
    fn eq(&self, other: &TensorValue) -> bool {
        self.tensor == other.tensor && same_transforms(&self.transforms, &other.transforms)
    }
}

/// Python's ordering, where it is defined: numbers, strings, tuples and
/// lists lexicographically, ArithTuples colexicographically.
pub(crate) fn py_cmp(a: &Value, b: &Value) -> Result<core::cmp::Ordering> {
    let fail = || {
        Error::type_error(
            "<",
            format!(
                "'<' not supported between '{}' ({a}) and '{}' ({b})",
                a.type_name(),
                b.type_name()
            ),
        )
    };
    if let (Some(x), Some(y)) = (as_int(a), as_int(b)) {
        return Ok(x.cmp(&y));
    }
    match (a, b) {
        (Value::Float(_), _) | (_, Value::Float(_)) => {
            let f = |v: &Value| match v {
                Value::Float(x) => Some(*x),
                _ => as_int(v).map(|x| x as f64),
            };
            match (f(a), f(b)) {
                (Some(x), Some(y)) => x.partial_cmp(&y).ok_or_else(fail),
                _ => Err(fail()),
            }
        }
        (Value::Fraction(..), _) | (_, Value::Fraction(..)) => {
            match (fraction_parts(a), fraction_parts(b)) {
                (Some((p, q)), Some((r, s))) => {
                    Ok((i128::from(p) * i128::from(s)).cmp(&(i128::from(r) * i128::from(q))))
                }
                _ => Err(fail()),
            }
        }
        (Value::Sym(_), _) | (_, Value::Sym(_)) => {
            let (Ok(x), Ok(y)) = (
                crate::symbolic::to_sym(a, "<"),
                crate::symbolic::to_sym(b, "<"),
            ) else {
                return Err(fail());
            };
            x.try_cmp(&y).map_err(|e| e.in_op("<"))
        }
        (Value::Str(x), Value::Str(y)) => Ok(x.cmp(y)),
        (Value::F2(x), Value::F2(y)) => Ok(x.0.cmp(&y.0)),
        (Value::Tuple(x), Value::Tuple(y)) | (Value::List(x), Value::List(y)) => {
            for (p, q) in x.iter().zip(y) {
                if !py_eq(p, q) {
                    return py_cmp(p, q);
                }
            }
            Ok(x.len().cmp(&y.len()))
        }
        (Value::Arith(_), _) | (_, Value::Arith(_)) => {
            let conv = |v: &Value| match v {
                Value::Tuple(_) => tuple_as_arith(v).map(Scalar::Arith),
                _ => scalar_of(v),
            };
            match (conv(a), conv(b)) {
                (Some(x), Some(y)) => x.try_cmp(&y),
                _ => Err(fail()),
            }
        }
        _ => Err(fail()),
    }
}

/// Applies a comparison operator.
pub(crate) fn compare(op: CmpOp, a: &Value, b: &Value) -> Result<bool> {
    use core::cmp::Ordering::*;
    let name = match op {
        CmpOp::Eq => "==",
        CmpOp::Ne => "!=",
        CmpOp::Lt => "<",
        CmpOp::Gt => ">",
        CmpOp::Le => "<=",
        CmpOp::Ge => ">=",
    };
    if matches!(a, Value::Sym(_)) || matches!(b, Value::Sym(_)) {
        if let Some(r) = crate::symbolic::compare(op, a, b) {
            return r.map_err(|e| e.in_op(name));
        }
    }
    Ok(match op {
        CmpOp::Eq => py_eq(a, b),
        CmpOp::Ne => !py_eq(a, b),
        CmpOp::Lt => py_cmp(a, b)? == Less,
        CmpOp::Gt => py_cmp(a, b)? == Greater,
        CmpOp::Le => py_cmp(a, b)? != Greater,
        CmpOp::Ge => py_cmp(a, b)? != Less,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval_expr;
    use cute_core::ErrorClass;

    fn yes(src: &str) {
        match eval_expr(src) {
            Ok(Value::Bool(true)) => {}
            other => panic!("{src}: {other:?}"),
        }
    }

    fn class(src: &str) -> ErrorClass {
        eval_expr(src).unwrap_err().class()
    }

    #[test]
    fn integers() {
        yes("7 // 2 == 3");
        yes("-7 // 2 == -4");
        yes("-7 % 3 == 2");
        yes("7 % -3 == -2");
        yes("2 ^ 8 == 10");
        yes("1 + 2 * 3 == 7");
        yes("0b1000 >> 2 == 2");
        yes("~5 == -6");
        yes("True + True == 2");
        assert_eq!(class("9223372036854775807 + 1"), ErrorClass::ValueError);
        assert_eq!(class("-9223372036854775808 // -1"), ErrorClass::ValueError);
        assert_eq!(class("1 // 0"), ErrorClass::ValueError);
        assert_eq!(class("1 << 70"), ErrorClass::ValueError);
        assert_eq!(class("1 / 2"), ErrorClass::TypeError);
    }

    /// `**` as Python has it: tighter than a prefix operator on its left,
    /// looser on its right, grouping to the right; an integer result that
    /// leaves 64 bits, or a negative exponent of an integer (a float in
    /// Python), is a `ValueError`.
    #[test]
    fn powers() {
        yes("2 ** 10 == 1024");
        yes("-2 ** 2 == -4");
        yes("(-2) ** 2 == 4");
        yes("2 ** 3 ** 2 == 512");
        yes("2 * 3 ** 2 == 18");
        yes("-2 ** -0 == -1");
        yes("0 ** 0 == 1");
        yes("(-2) ** 63 == -9223372036854775807 - 1");
        yes("1 ** 100000000000 == 1");
        yes("(-1) ** 100000000001 == -1");
        yes("0 ** 100000000000 == 0");
        yes("2 ** 0.5 > 1.41");
        yes("4.0 ** 0.5 == 2.0");
        yes("True ** 5 == 1");
        assert_eq!(class("2 ** 63"), ErrorClass::ValueError);
        assert_eq!(class("3 ** 100000000000"), ErrorClass::ValueError);
        assert_eq!(class("2 ** -1"), ErrorClass::ValueError);
        assert_eq!(class("(-8.0) ** 0.5"), ErrorClass::ValueError);
        assert_eq!(class("0.0 ** -1"), ErrorClass::ValueError);
        assert_eq!(class("E(0) ** 2"), ErrorClass::TypeError);
        assert_eq!(class("(1, 2) ** 2"), ErrorClass::TypeError);
        assert_eq!(class("2 **"), ErrorClass::SyntaxError);
    }

    #[test]
    fn floats() {
        yes("1.5 + 1 == 2.5");
        yes("2 * 0.25 == 0.5");
        yes("1 - 0.5 == 0.5");
        yes("1.0 / 4 == 0.25");
        yes("7.5 // 2 == 3.0");
        yes("-7.5 // 2 == -4.0");
        yes("-1.5 % 2 == 0.5");
        yes("1.5 % -2 == -0.5");
        yes("True + 0.5 == 1.5");
        assert_eq!(
            eval_expr("0.1 * 3").unwrap().to_string(),
            "0.30000000000000004"
        );
        assert_eq!(eval_expr("2.0 * 3").unwrap().to_string(), "6.0");
        assert_eq!(class("1.0 / 0"), ErrorClass::ValueError);
        assert_eq!(class("1.0 % 0.0"), ErrorClass::ValueError);
        assert_eq!(class("1.0 ^ 2"), ErrorClass::TypeError);
        assert_eq!(class("(1,) * 2.0"), ErrorClass::TypeError);
        assert_eq!(class("E(0) + 1.0"), ErrorClass::TypeError);
    }

    #[test]
    fn sequences() {
        yes("(1, 2) + (3,) == (1, 2, 3)");
        yes("[1] + [2] == [1, 2]");
        yes("(1, 2) != [1, 2]");
        assert_eq!(class("(1,) + [2]"), ErrorClass::TypeError);
        yes("(1, 2, 3)[-1] == 3");
        yes("(1, 2, 3, 4)[1:-1] == (2, 3)");
        yes("(1, 2, 3, 4)[::2] == (1, 3)");
        yes("(1, 2, 3, 4)[::-1] == (4, 3, 2, 1)");
        yes("'abc'[1:] == 'bc'");
        assert_eq!(class("(1, 2)[2]"), ErrorClass::IndexError);
        yes("(1, 2) < (1, 3)");
        yes("(0,) * 3 == (0, 0, 0)");
        yes("3 * [1] == [1, 1, 1]");
        yes("'ab' * 2 == 'abab'");
        assert!(eval_expr("(0,) * 9223372036854775807").is_err());
    }

    #[test]
    fn chained_comparisons() {
        yes("1 < 2 < 3");
        yes("not (1 < 3 < 2)");
        yes("1 == 1 == 1");
        yes("True == 1");
        yes("1 <= 1 >= 0");
        assert_eq!(class("(1, 2) < 3"), ErrorClass::TypeError);
    }

    #[test]
    fn arithmetic_tuples_and_f2() {
        yes("ArithTuple(1, 2, 3) + (7, 8, 9) == (8, 10, 12)");
        yes("0 - ArithTuple(1, 2) == (-1, -2)");
        yes("E(0) @ 1 == E(1, 0)");
        yes("F2(0b1010) + F2(0b1100) == F2(6)");
        yes("F2(0b11) * 0b11 == F2(5)");
        yes("divmod(F2(0b1011), 0b11) == (F2(0b110), F2(0b1))");
        yes("Fraction(1, 2) + Fraction(1, 3) == Fraction(5, 6)");
        yes("Fraction(2, 4) == Fraction(1, 2)");
        assert_eq!(class("F2(1) + 1"), ErrorClass::TypeError);
        assert_eq!(class("E(0) @ -1"), ErrorClass::ValueError);
    }
}
