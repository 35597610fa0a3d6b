//! The evaluator: syntax trees to values, with Python's semantics.
//!
//! An [`Env`] maps names to values and persists across statements. Names not
//! bound in it resolve to the built-in functions (`Layout`, `shape`, `len`,
//! ...). Operators follow Python and PyCuTe: `==` is structural (a tuple
//! never equals a list; an all-zero ArithTuple equals 0), `+` concatenates
//! tuples and lists but adds an ArithTuple elementwise, `*` scales
//! ArithTuples and multiplies F2 values carry-lessly, `//` and `%` floor, and
//! integer overflow is a `ValueError`, never a wrapped number.

use std::collections::HashMap;

use cute_core::{Error, Result};

use super::builtins;
use super::parse::{BinOp, CmpOp, Expr, ExprKind, Stmt, Target, UnOp};
use super::value::Value;
use cute_dynamic::atuple::ArithTuple;
use cute_dynamic::htuple::HTuple;
use cute_dynamic::swizzle::F2;
use cute_dynamic::typedefs::Scalar;

/// The deepest nesting a value may have; deeper results are a `ValueError`,
/// so that printing, comparing and dropping values never exhaust the stack.
pub const MAX_VALUE_DEPTH: usize = 256;

/// The most elements a sequence built by the evaluator may hold.
pub const MAX_LEN: usize = 1 << 20;

/// The names bound by assignments, persisting across statements.
#[derive(Clone, Debug, Default)]
pub struct Env {
    vars: HashMap<String, Value>,
}

impl Env {
    /// An empty environment.
    pub fn new() -> Env {
        Env::default()
    }
    /// The value bound to `name`, if any.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.vars.get(name)
    }
    /// Binds `name` to `value`.
    pub fn set(&mut self, name: impl Into<String>, value: Value) {
        self.vars.insert(name.into(), value);
    }
    /// Forgets every binding.
    pub fn clear(&mut self) {
        self.vars.clear();
    }
    /// Number of bound names.
    pub fn len(&self) -> usize {
        self.vars.len()
    }
    /// True iff no name is bound.
    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }
}

/// What evaluating a statement gave.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// An expression (or an error check), and its value.
    Value(Value),
    /// A statement (an assignment, an import), which has no value.
    Statement,
}

/// Executes one parsed statement in `env`.
pub(crate) fn exec(stmt: &Stmt, env: &mut Env) -> Result<Outcome> {
    match stmt {
        Stmt::Expr(e) => Ok(Outcome::Value(eval(e, env)?)),
        Stmt::Assign(target, e) => {
            let v = eval(e, env)?;
            // unpack completely before binding, so a failure binds nothing
            let mut pairs = Vec::new();
            bind(target, v, &mut pairs)?;
            for (n, x) in pairs {
                env.set(n, x);
            }
            Ok(Outcome::Statement)
        }
        Stmt::ExpectError(e, class) => {
            let hit = matches!(eval(e, env), Err(ref x) if x.class() == *class);
            Ok(Outcome::Value(Value::Bool(hit)))
        }
        Stmt::Import => Ok(Outcome::Statement),
    }
}

fn bind(target: &Target, v: Value, out: &mut Vec<(String, Value)>) -> Result<()> {
    match target {
        Target::Name(n) => {
            out.push((n.clone(), v));
            Ok(())
        }
        Target::Tuple(ts) => {
            let items = match v {
                Value::Tuple(x) | Value::List(x) => x,
                other => {
                    return Err(Error::type_error(
                        "=",
                        format!("cannot unpack non-sequence {} {other}", other.type_name()),
                    ))
                }
            };
            if items.len() != ts.len() {
                return Err(Error::value(
                    "=",
                    format!(
                        "cannot unpack {} values into {} names",
                        items.len(),
                        ts.len()
                    ),
                ));
            }
            for (t, x) in ts.iter().zip(items) {
                bind(t, x, out)?;
            }
            Ok(())
        }
    }
}

/// Evaluates an expression, checking that the result is not nested too
/// deeply.
pub(crate) fn eval(e: &Expr, env: &Env) -> Result<Value> {
    let v = eval_node(e, env)?;
    if value_depth(&v, MAX_VALUE_DEPTH + 1) > MAX_VALUE_DEPTH {
        return Err(Error::value(
            "eval",
            format!("result nested deeper than {MAX_VALUE_DEPTH} levels"),
        ));
    }
    Ok(v)
}

/// Nesting depth of a value, counted up to `cap`.
pub(crate) fn value_depth(v: &Value, cap: usize) -> usize {
    if cap == 0 {
        return 0;
    }
    match v {
        Value::Tuple(x) | Value::List(x) => {
            1 + x.iter().map(|y| value_depth(y, cap - 1)).max().unwrap_or(0)
        }
        Value::BasisScalar(b) => 1 + value_depth(b, cap - 1),
        Value::Layout(l) => l.shape().depth(),
        Value::Arith(a) => 1 + a.data().iter().map(HTuple::depth).max().unwrap_or(0),
        _ => 0,
    }
}

fn eval_node(e: &Expr, env: &Env) -> Result<Value> {
    Ok(match &e.kind {
        ExprKind::Int(v) => Value::Int(*v),
        ExprKind::Float(v) => Value::Float(*v),
        ExprKind::Str(s) => Value::Str(s.clone()),
        ExprKind::Bool(b) => Value::Bool(*b),
        ExprKind::None => Value::None,
        ExprKind::Name(n) => lookup(n, env)?,
        ExprKind::Tuple(items) => Value::Tuple(eval_all(items, env)?),
        ExprKind::List(items) => Value::List(eval_all(items, env)?),
        ExprKind::Unary(op, x) => {
            let v = eval_node(x, env)?;
            unary(*op, v)?
        }
        ExprKind::Binary(op, a, b) => {
            let a = eval_node(a, env)?;
            let b = eval_node(b, env)?;
            binary(*op, &a, &b)?
        }
        ExprKind::And(a, b) => {
            let a = eval_node(a, env)?;
            if !truthy(&a) {
                a
            } else {
                eval_node(b, env)?
            }
        }
        ExprKind::Or(a, b) => {
            let a = eval_node(a, env)?;
            if truthy(&a) {
                a
            } else {
                eval_node(b, env)?
            }
        }
        ExprKind::Compare(first, rest) => {
            let mut left = eval_node(first, env)?;
            for (op, r) in rest {
                let right = eval_node(r, env)?;
                if !compare(*op, &left, &right)? {
                    return Ok(Value::Bool(false));
                }
                left = right;
            }
            Value::Bool(true)
        }
        ExprKind::Call { func, args, kwargs } => {
            let argv = eval_all(args, env)?;
            let kwv = kwargs
                .iter()
                .map(|(k, x)| Ok((k.clone(), eval_node(x, env)?)))
                .collect::<Result<Vec<_>>>()?;
            if let ExprKind::Attr(obj, name) = &func.kind {
                let o = eval_node(obj, env)?;
                return builtins::call_method(&o, name, &argv, &kwv);
            }
            let f = eval_node(func, env)?;
            call_value(&f, &argv, &kwv)?
        }
        ExprKind::Attr(obj, name) => {
            let o = eval_node(obj, env)?;
            builtins::attribute(&o, name)?
        }
        ExprKind::Index(obj, idx) => {
            let o = eval_node(obj, env)?;
            let i = eval_node(idx, env)?;
            subscript(&o, &i)?
        }
        ExprKind::Slice(a, b, c) => {
            let bound = |x: &Option<Box<Expr>>| -> Result<Option<i64>> {
                match x {
                    None => Ok(None),
                    Some(x) => match eval_node(x, env)? {
                        Value::None => Ok(None),
                        Value::Int(v) => Ok(Some(v)),
                        Value::Bool(v) => Ok(Some(v as i64)),
                        other => Err(Error::type_error(
                            "slice",
                            format!("slice indices must be integers or None, got {other}"),
                        )),
                    },
                }
            };
            Value::Slice(bound(a)?, bound(b)?, bound(c)?)
        }
        ExprKind::Lambda => {
            return Err(Error::value(
                "lambda",
                "lambda expressions are Python machinery the evaluator does not run",
            ))
        }
    })
}

fn eval_all(items: &[Expr], env: &Env) -> Result<Vec<Value>> {
    items.iter().map(|x| eval_node(x, env)).collect()
}

fn lookup(name: &str, env: &Env) -> Result<Value> {
    if let Some(v) = env.get(name) {
        return Ok(v.clone());
    }
    if builtins::is_builtin(name) {
        return Ok(Value::Func {
            name: name.to_string(),
            mode: Vec::new(),
        });
    }
    let why = match name {
        "ctypes" | "array" | "sympy" => "is a Python module the evaluator does not provide",
        _ => "is not defined",
    };
    Err(Error::value("name", format!("name '{name}' {why}")))
}

/// Calls a value: a built-in function, a layout (evaluation at a
/// coordinate) or a swizzle (applied to an offset).
pub(crate) fn call_value(f: &Value, args: &[Value], kwargs: &[(String, Value)]) -> Result<Value> {
    match f {
        Value::Func { name, mode } => builtins::call(name, mode, args, kwargs),
        Value::Layout(_) | Value::Swizzle(_) => builtins::call_object(f, args, kwargs),
        other => Err(Error::type_error(
            "call",
            format!("'{}' object {other} is not callable", other.type_name()),
        )),
    }
}

fn subscript(o: &Value, i: &Value) -> Result<Value> {
    match o {
        // a mode subscript: shape[1], get[0, 2], shape[1][0]
        Value::Func { name, mode } => {
            let mut mode = mode.clone();
            match i {
                Value::Int(k) => mode.push(*k),
                Value::Tuple(ks) => {
                    for k in ks {
                        mode.push(k.to_int("[]")?);
                    }
                }
                other => {
                    return Err(Error::type_error(
                        "[]",
                        format!("a mode subscript of {name} is an integer or a tuple of integers, got {other}"),
                    ))
                }
            }
            Ok(Value::Func {
                name: name.clone(),
                mode,
            })
        }
        Value::Tuple(_) | Value::List(_) | Value::Str(_) if matches!(i, Value::Slice(..)) => {
            let Value::Slice(a, b, c) = i else {
                unreachable!("matched above")
            };
            Ok(match o {
                Value::Tuple(v) => Value::Tuple(
                    slice_indices(v.len(), *a, *b, *c)?
                        .into_iter()
                        .map(|k| v[k].clone())
                        .collect(),
                ),
                Value::List(v) => Value::List(
                    slice_indices(v.len(), *a, *b, *c)?
                        .into_iter()
                        .map(|k| v[k].clone())
                        .collect(),
                ),
                Value::Str(s) => {
                    let cs: Vec<char> = s.chars().collect();
                    Value::Str(
                        slice_indices(cs.len(), *a, *b, *c)?
                            .into_iter()
                            .map(|k| cs[k])
                            .collect(),
                    )
                }
                _ => unreachable!("matched above"),
            })
        }
        Value::Tuple(v) | Value::List(v) => {
            let k = index_of(i, v.len(), o.type_name())?;
            Ok(v[k].clone())
        }
        Value::Str(s) => {
            let cs: Vec<char> = s.chars().collect();
            let k = index_of(i, cs.len(), "str")?;
            Ok(Value::Str(cs[k].to_string()))
        }
        Value::Layout(_) => builtins::layout_getitem(o, i),
        other => Err(Error::type_error(
            "[]",
            format!(
                "'{}' object {other} is not subscriptable",
                other.type_name()
            ),
        )),
    }
}

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
        return Err(Error::OutOfRange {
            op: "[]",
            msg: format!("{what} index {k} out of range for length {n}"),
        });
    }
    Ok(r as usize)
}

/// The positions `start:stop:step` selects from a sequence of length `n`,
/// with Python's clamping of out-of-range bounds.
pub(crate) fn slice_indices(
    n: usize,
    start: Option<i64>,
    stop: Option<i64>,
    step: Option<i64>,
) -> Result<Vec<usize>> {
    let n = n as i64;
    let step = step.unwrap_or(1);
    if step == 0 {
        return Err(Error::value("slice", "slice step cannot be zero"));
    }
    let clamp = |x: i64, lo: i64, hi: i64| {
        let x = if x < 0 { x.saturating_add(n) } else { x };
        x.clamp(lo, hi)
    };
    let mut out = Vec::new();
    if step > 0 {
        let a = start.map_or(0, |x| clamp(x, 0, n));
        let b = stop.map_or(n, |x| clamp(x, 0, n));
        let mut k = a;
        while k < b {
            out.push(k as usize);
            k = match k.checked_add(step) {
                Some(x) => x,
                None => break,
            };
        }
    } else {
        let a = start.map_or(n - 1, |x| clamp(x, -1, n - 1));
        let b = stop.map_or(-1, |x| clamp(x, -1, n - 1));
        let mut k = a;
        while k > b {
            out.push(k as usize);
            k = match k.checked_add(step) {
                Some(x) => x,
                None => break,
            };
        }
    }
    Ok(out)
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

fn unary(op: UnOp, v: Value) -> Result<Value> {
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
        (UnOp::Invert, Value::Int(_) | Value::Bool(_)) => Ok(Value::Int(!as_int(&v).unwrap_or(0))),
        _ => Err(Error::type_error(
            "operator",
            format!(
                "bad operand type for unary {}: '{}' ({v})",
                match op {
                    UnOp::Neg => "-",
                    UnOp::Pos => "+",
                    UnOp::Invert => "~",
                    UnOp::Not => "not",
                },
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

fn repeat(items: &[Value], n: i64, what: &str) -> Result<Vec<Value>> {
    let n = n.max(0) as usize;
    if items.len().saturating_mul(n) > MAX_LEN {
        return Err(Error::value(
            "*",
            format!("{what} repetition longer than {MAX_LEN} elements"),
        ));
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

/// Applies a binary operator.
pub(crate) fn binary(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
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
            BinOp::MatMul => return Err(unsupported("@", a, b)),
        };
        return r.map(Value::Int).ok_or_else(|| overflow(a, op, b));
    }
    match op {
        BinOp::Add => add(a, b),
        BinOp::Sub => sub(a, b),
        BinOp::Mul => mul(a, b),
        BinOp::MatMul => matmul(a, b),
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

fn mul(a: &Value, b: &Value) -> Result<Value> {
    match (a, b) {
        (Value::Tuple(x), n) | (n, Value::Tuple(x)) if as_int(n).is_some() => {
            Ok(Value::Tuple(repeat(x, as_int(n).unwrap_or(0), "tuple")?))
        }
        (Value::List(x), n) | (n, Value::List(x)) if as_int(n).is_some() => {
            Ok(Value::List(repeat(x, as_int(n).unwrap_or(0), "list")?))
        }
        (Value::Str(s), n) | (n, Value::Str(s)) if as_int(n).is_some() => {
            let k = as_int(n).unwrap_or(0).max(0) as usize;
            if s.len().saturating_mul(k) > MAX_LEN {
                return Err(Error::value(
                    "*",
                    format!("string longer than {MAX_LEN} bytes"),
                ));
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
fn matmul(a: &Value, b: &Value) -> Result<Value> {
    let i = match as_int(b) {
        Some(i) if i >= 0 => i as usize,
        Some(i) => return Err(Error::value("@", format!("negative basis index {i}"))),
        None => return Err(unsupported("@", a, b)),
    };
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
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.min(i64::MAX as u64) as i64
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
pub fn py_eq(a: &Value, b: &Value) -> bool {
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
        (Value::Swizzle(x), Value::Swizzle(y)) => x == y,
        (Value::BasisScalar(x), Value::BasisScalar(y)) => py_eq(x, y),
        (Value::Func { name: n, mode: m }, Value::Func { name: o, mode: p }) => n == o && m == p,
        (Value::Slice(a1, b1, c1), Value::Slice(a2, b2, c2)) => (a1, b1, c1) == (a2, b2, c2),
        _ => match (as_int(a), as_int(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
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

fn compare(op: CmpOp, a: &Value, b: &Value) -> Result<bool> {
    use core::cmp::Ordering::*;
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
    use crate::parse::parse_expr;
    use cute_core::ErrorClass;

    fn ev(src: &str) -> Result<Value> {
        eval(&parse_expr(src).unwrap(), &Env::new())
    }
    fn yes(src: &str) {
        match ev(src) {
            Ok(Value::Bool(true)) => {}
            other => panic!("{src}: {other:?}"),
        }
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
        assert_eq!(
            ev("9223372036854775807 + 1").unwrap_err().class(),
            ErrorClass::ValueError
        );
        assert_eq!(
            ev("-9223372036854775808 // -1").unwrap_err().class(),
            ErrorClass::ValueError
        );
        assert_eq!(ev("1 // 0").unwrap_err().class(), ErrorClass::ValueError);
        assert_eq!(ev("1 << 70").unwrap_err().class(), ErrorClass::ValueError);
    }

    #[test]
    fn sequences() {
        yes("(1, 2) + (3,) == (1, 2, 3)");
        yes("[1] + [2] == [1, 2]");
        yes("(1, 2) != [1, 2]");
        assert_eq!(ev("(1,) + [2]").unwrap_err().class(), ErrorClass::TypeError);
        yes("(1, 2, 3)[-1] == 3");
        yes("(1, 2, 3, 4)[1:-1] == (2, 3)");
        yes("(1, 2, 3, 4)[::2] == (1, 3)");
        yes("(1, 2, 3, 4)[::-1] == (4, 3, 2, 1)");
        assert_eq!(ev("(1, 2)[2]").unwrap_err().class(), ErrorClass::IndexError);
        yes("(1, 2) < (1, 3)");
        yes("(0,) * 3 == (0, 0, 0)");
        assert!(ev("(0,) * 9223372036854775807").is_err());
    }

    #[test]
    fn chained_comparisons() {
        yes("1 < 2 < 3");
        yes("not (1 < 3 < 2)");
        yes("1 == 1 == 1");
        yes("True == 1");
    }

    #[test]
    fn slices_clamp() {
        assert_eq!(
            slice_indices(4, Some(1), Some(99), None).unwrap(),
            vec![1, 2, 3]
        );
        assert_eq!(
            slice_indices(4, Some(2), Some(2), None).unwrap(),
            Vec::<usize>::new()
        );
        assert_eq!(
            slice_indices(4, Some(-99), None, Some(3)).unwrap(),
            vec![0, 3]
        );
        assert!(slice_indices(4, None, None, Some(0)).is_err());
        assert_eq!(
            slice_indices(3, None, None, Some(i64::MIN)).unwrap(),
            vec![2]
        );
    }

    #[test]
    fn deep_values_are_rejected() {
        let mut env = Env::new();
        env.set("x", Value::Int(0));
        let stmt = crate::parse::parse_statement("x = (x,)").unwrap();
        let mut failed = false;
        for _ in 0..(MAX_VALUE_DEPTH + 5) {
            if exec(&stmt, &mut env).is_err() {
                failed = true;
                break;
            }
        }
        assert!(failed);
    }
}
