//! The built-in functions of the expression language, and the dispatcher
//! that finds them.
//!
//! A name that no assignment bound resolves to a built-in: the Python
//! built-ins the examples use (`len`, `tuple`, `isinstance`, ...), the
//! constructors (`Layout`, `E`, `F2`, `ArithTuple`, ...), and every function
//! of the specification's modules. A call passes the mode its subscripts
//! accumulated (`shape[1, 0](x)`) or its `mode=` keyword; the module tables
//! ([`super::spec`], then the algebra's) each answer for the names
//! they own.

use cute_core::{Error, Result};

use crate::eval::{self, make_fraction, py_cmp, py_divmod, truthy, MAX_LEN};
use crate::value::Value;
mod algebra;
mod htuple;
mod inverse;
mod layout;
mod spec;

use algebra as algebra_builtins;
use cute_dynamic::layout::Layout;
use inverse as inverse_builtins;
use spec as spec_builtins;

/// Python's own built-ins that the examples use.
const PYTHON: &[&str] = &[
    "list",
    "tuple",
    "len",
    "str",
    "repr",
    "print",
    "isinstance",
    "sum",
    "range",
    "iter",
    "min",
    "max",
    "Fraction",
    "int",
    "bool",
    "abs",
    "float",
    "divmod",
];

/// Names that only serve as the second argument of `isinstance`.
const CLASSES: &[&str] = &["Integer", "StrideScalar", "LayoutBase", "HTuple"];

/// Every public name of the specification (its `__all__`).
const SPEC: &[&str] = &[
    // htuple
    "is_tuple",
    "profile",
    "congruent",
    "weakly_congruent",
    "wrap",
    "unwrap",
    "get",
    "lift",
    "replace",
    "select",
    "transform_apply_leaf",
    "transform_leaf",
    "leaves",
    "zip_leaves",
    "fold_leaf",
    "flatten",
    "unflatten",
    "repeat_like",
    "product",
    "product_each",
    "slice_",
    "dice_",
    // typedefs
    "is_int",
    "is_static",
    "is_stride_scalar",
    // stride
    "stride",
    "inner_product",
    "prefix_product",
    "coshape",
    "coprofile",
    // shape
    "shape",
    "size",
    "rank",
    "depth",
    "compatible",
    "common_refinement",
    "common_coarsening",
    "idx2crd",
    "crd2idx",
    "coordinates",
    "in_bounds",
    // atuple
    "ArithTuple",
    "ScaledBasis",
    "E",
    "V",
    "basis_repr",
    "is_basis",
    "make_basis_like",
    "proj",
    "unit",
    "as_tuple",
    // layout
    "is_layout",
    "Layout",
    "make_layout",
    "make_layout_like",
    "make_ordered_layout",
    "tiler_to_layout",
    "recast",
    // algebra
    "coalesce_z",
    "coalesce",
    "composition",
    "right_inverse",
    "left_inverse",
    "complement",
    "logical_product",
    "logical_divide",
    "zipped_divide",
    "blocked_product",
    "raked_product",
    "nullspace",
    "layout_add",
    "greatest_common_domain",
    // swizzle
    "F2",
    "shiftr",
    "shiftl",
    "Swizzle",
];

/// Names of the specification that the evaluator does not provide: memory
/// access and drawing need Python's runtime.
const NOT_PROVIDED: &[&str] = &[
    "register_integer_type",
    "Accessor",
    "MutableAccessor",
    "Ptr",
    "Array",
    "ImplicitAccessor",
    "TransformAccessor",
    "Tensor",
    "is_tensor",
    "identity_tensor",
    "make_tensor",
    "print_tensor",
    "print_table",
    "draw_svg",
    "draw_svg_tv",
    "draw_latex",
    "draw_latex_tv",
];

/// True iff `name` names a built-in.
pub(crate) fn is_builtin(name: &str) -> bool {
    PYTHON.contains(&name)
        || CLASSES.contains(&name)
        || SPEC.contains(&name)
        || NOT_PROVIDED.contains(&name)
}

/// The names of all built-ins.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    PYTHON
        .iter()
        .chain(CLASSES)
        .chain(SPEC)
        .chain(NOT_PROVIDED)
        .copied()
}

/// Keyword arguments, in the order given.
pub(crate) type Kwargs = Vec<(String, Value)>;

/// Separates the `mode=` keyword from the others, merging it with the
/// subscript mode.
fn take_mode(name: &str, mode: &[i64], kwargs: &[(String, Value)]) -> Result<(Vec<i64>, Kwargs)> {
    let mut out = mode.to_vec();
    let mut rest = Vec::new();
    for (k, v) in kwargs {
        if k == "mode" {
            if !mode.is_empty() {
                return Err(Error::type_error(
                    "call",
                    format!("{name}: mode given both as a subscript and as a keyword"),
                ));
            }
            out = match v {
                Value::Int(i) => vec![*i],
                Value::Tuple(x) | Value::List(x) => x
                    .iter()
                    .map(|y| y.to_int(name_static(name)))
                    .collect::<Result<_>>()?,
                other => {
                    return Err(Error::type_error(
                        "call",
                        format!("{name}: mode must be a tuple of integers, got {other}"),
                    ))
                }
            };
        } else {
            rest.push((k.clone(), v.clone()));
        }
    }
    Ok((out, rest))
}

/// The `'static` spelling of a built-in's name, for error messages.
pub(crate) fn name_static(name: &str) -> &'static str {
    builtin_names().find(|n| *n == name).unwrap_or("call")
}

/// Calls the built-in `name` with the accumulated `mode`.
pub(crate) fn call(
    name: &str,
    mode: &[i64],
    args: &[Value],
    kwargs: &[(String, Value)],
) -> Result<Value> {
    let (mode, kwargs) = take_mode(name, mode, kwargs)?;
    if NOT_PROVIDED.contains(&name) {
        return Err(Error::value(
            name_static(name),
            format!("{name} needs Python's runtime (memory, drawing); the evaluator does not provide it"),
        ));
    }
    if let Some(r) = python(name, &mode, args, &kwargs) {
        return r;
    }
    if let Some(r) = spec_builtins::call(name, args, &kwargs, &mode) {
        return r;
    }
    if let Some(r) = algebra_builtins::call(name, args, &kwargs, &mode) {
        return r;
    }
    if let Some(r) = inverse_builtins::call(name, args, &kwargs, &mode) {
        return r;
    }
    if CLASSES.contains(&name) {
        return Err(Error::type_error(
            name_static(name),
            format!("{name} is an abstract type: use it with isinstance"),
        ));
    }
    Err(Error::value(
        name_static(name),
        format!("{name} is not yet available in this evaluator"),
    ))
}

/// Checks the number of positional arguments and that no keyword is given
/// beyond `allowed`.
pub(crate) fn arity(
    name: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    min: usize,
    max: usize,
    allowed: &[&str],
) -> Result<()> {
    if args.len() < min || args.len() > max {
        let want = if min == max {
            format!("{min}")
        } else if max == usize::MAX {
            format!("at least {min}")
        } else {
            format!("{min} to {max}")
        };
        return Err(Error::type_error(
            name,
            format!(
                "{name}() takes {want} positional arguments but {} were given",
                args.len()
            ),
        ));
    }
    if let Some((k, _)) = kwargs.iter().find(|(k, _)| !allowed.contains(&k.as_str())) {
        return Err(Error::type_error(
            name,
            format!("{name}() got an unexpected keyword argument '{k}'"),
        ));
    }
    Ok(())
}

/// The keyword argument `key`, if given.
pub(crate) fn kwarg<'a>(kwargs: &'a [(String, Value)], key: &str) -> Option<&'a Value> {
    kwargs.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// Rejects a mode for a function that takes none.
pub(crate) fn no_mode(name: &'static str, mode: &[i64]) -> Result<()> {
    if mode.is_empty() {
        Ok(())
    } else {
        Err(Error::type_error(
            name,
            format!("{name} takes no mode subscript"),
        ))
    }
}

/// The elements of an iterable value: a tuple, a list or a string.
pub(crate) fn iterate(op: &'static str, v: &Value) -> Result<Vec<Value>> {
    match v {
        Value::Tuple(x) | Value::List(x) => Ok(x.clone()),
        Value::Str(s) => Ok(s.chars().map(|c| Value::Str(c.to_string())).collect()),
        other => Err(Error::type_error(
            op,
            format!("'{}' object {other} is not iterable", other.type_name()),
        )),
    }
}

/// Python's `str`: a string is itself, a layout prints `shape:stride`,
/// anything else as its repr.
pub fn py_str(v: &Value) -> String {
    match v {
        Value::Str(s) => s.clone(),
        Value::Layout(l) => l.to_string(),
        other => other.to_string(),
    }
}

fn isinstance(v: &Value, class: &Value) -> Result<bool> {
    let name = match class {
        Value::Func { name, mode } if mode.is_empty() => name.as_str(),
        Value::Tuple(cs) => {
            for c in cs {
                if isinstance(v, c)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        other => {
            return Err(Error::type_error(
                "isinstance",
                format!("isinstance() arg 2 must be a type, got {other}"),
            ))
        }
    };
    Ok(match name {
        "int" => matches!(v, Value::Int(_) | Value::Bool(_)),
        "Integer" => matches!(v, Value::Int(_)),
        "StrideScalar" => matches!(v, Value::Int(_) | Value::F2(_) | Value::Arith(_)),
        "ArithTuple" => matches!(v, Value::Arith(_)),
        "Layout" | "LayoutBase" => matches!(v, Value::Layout(_)),
        "tuple" => matches!(v, Value::Tuple(_)),
        "list" => matches!(v, Value::List(_)),
        "str" => matches!(v, Value::Str(_)),
        "bool" => matches!(v, Value::Bool(_)),
        "float" => matches!(v, Value::Float(_)),
        "F2" => matches!(v, Value::F2(_)),
        "Swizzle" => matches!(v, Value::Swizzle(_)),
        "Fraction" => matches!(v, Value::Fraction(..)),
        "V" => matches!(v, Value::BasisScalar(_)),
        "HTuple" => matches!(v, Value::Tuple(_) | Value::List(_)),
        other => {
            return Err(Error::type_error(
                "isinstance",
                format!("isinstance() arg 2 must be a type, got function {other}"),
            ))
        }
    })
}

fn range(args: &[Value]) -> Result<Value> {
    let ints = args
        .iter()
        .map(|a| a.to_int("range"))
        .collect::<Result<Vec<_>>>()?;
    let (start, stop, step) = match ints.as_slice() {
        [b] => (0, *b, 1),
        [a, b] => (*a, *b, 1),
        [a, b, c] => (*a, *b, *c),
        _ => unreachable!("arity checked"),
    };
    if step == 0 {
        return Err(Error::value("range", "range() arg 3 must not be zero"));
    }
    let mut out = Vec::new();
    let mut k = start;
    while (step > 0 && k < stop) || (step < 0 && k > stop) {
        if out.len() >= MAX_LEN {
            return Err(Error::value(
                "range",
                format!("range longer than {MAX_LEN} elements"),
            ));
        }
        out.push(Value::Int(k));
        k = match k.checked_add(step) {
            Some(x) => x,
            None => break,
        };
    }
    Ok(Value::List(out))
}

fn min_max(name: &'static str, args: &[Value], want: core::cmp::Ordering) -> Result<Value> {
    let items = if args.len() == 1 {
        iterate(name, &args[0])?
    } else {
        args.to_vec()
    };
    let mut best: Option<Value> = None;
    for x in items {
        best = Some(match best {
            None => x,
            Some(b) => {
                if py_cmp(&x, &b)? == want {
                    x
                } else {
                    b
                }
            }
        });
    }
    best.ok_or_else(|| Error::value(name, format!("{name}() arg is an empty sequence")))
}

/// Python's own built-ins.
fn python(
    name: &str,
    mode: &[i64],
    args: &[Value],
    kwargs: &[(String, Value)],
) -> Option<Result<Value>> {
    if !PYTHON.contains(&name) {
        return None;
    }
    let name = name_static(name);
    Some(no_mode(name, mode).and_then(|()| python_impl(name, args, kwargs)))
}

fn python_impl(name: &'static str, args: &[Value], kwargs: &[(String, Value)]) -> Result<Value> {
    match name {
        "list" | "tuple" | "iter" => {
            arity(name, args, kwargs, 0, 1, &[])?;
            let items = match args.first() {
                None => Vec::new(),
                Some(v) => iterate(name, v)?,
            };
            Ok(if name == "tuple" {
                Value::Tuple(items)
            } else {
                Value::List(items)
            })
        }
        "len" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let n = iterate(name, &args[0])?.len();
            Ok(Value::Int(n as i64))
        }
        "str" => {
            arity(name, args, kwargs, 0, 1, &[])?;
            Ok(Value::Str(args.first().map(py_str).unwrap_or_default()))
        }
        "print" => {
            arity(name, args, kwargs, 0, usize::MAX, &[])?;
            let parts: Vec<String> = args.iter().map(py_str).collect();
            Ok(Value::Str(parts.join(" ")))
        }
        "repr" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            Ok(Value::Str(args[0].repr()))
        }
        "isinstance" => {
            arity(name, args, kwargs, 2, 2, &[])?;
            Ok(Value::Bool(isinstance(&args[0], &args[1])?))
        }
        "sum" => {
            arity(name, args, kwargs, 1, 2, &["start"])?;
            let mut acc = args
                .get(1)
                .or_else(|| kwarg(kwargs, "start"))
                .cloned()
                .unwrap_or(Value::Int(0));
            for x in iterate(name, &args[0])? {
                acc = eval::binary(crate::parse::BinOp::Add, &acc, &x)?;
            }
            Ok(acc)
        }
        "range" => {
            arity(name, args, kwargs, 1, 3, &[])?;
            range(args)
        }
        "min" => {
            arity(name, args, kwargs, 1, usize::MAX, &[])?;
            min_max(name, args, core::cmp::Ordering::Less)
        }
        "max" => {
            arity(name, args, kwargs, 1, usize::MAX, &[])?;
            min_max(name, args, core::cmp::Ordering::Greater)
        }
        "Fraction" => {
            arity(name, args, kwargs, 1, 2, &[])?;
            let n = args[0].to_int(name)?;
            let d = match args.get(1) {
                Some(d) => d.to_int(name)?,
                None => 1,
            };
            make_fraction(n, d)
        }
        "int" => {
            arity(name, args, kwargs, 0, 1, &[])?;
            Ok(Value::Int(match args.first() {
                None => 0,
                Some(Value::Int(x)) => *x,
                Some(Value::Bool(b)) => *b as i64,
                Some(Value::F2(x)) => i64::try_from(x.0).map_err(|_| {
                    Error::overflow(name, format!("int({x}) leaves the 64-bit range"))
                })?,
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
        "float" => {
            arity(name, args, kwargs, 0, 1, &[])?;
            Ok(Value::Float(match args.first() {
                None => 0.0,
                Some(Value::Int(x)) => *x as f64,
                Some(Value::Bool(b)) => *b as i64 as f64,
                Some(Value::Float(x)) => *x,
                Some(Value::Fraction(n, d)) => *n as f64 / *d as f64,
                Some(other) => {
                    return Err(Error::type_error(
                        name,
                        format!(
                            "float() argument must be a number, not '{}'",
                            other.type_name()
                        ),
                    ))
                }
            }))
        }
        "bool" => {
            arity(name, args, kwargs, 0, 1, &[])?;
            Ok(Value::Bool(args.first().is_some_and(truthy)))
        }
        "abs" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            match &args[0] {
                Value::Int(x) => x.checked_abs().map(Value::Int).ok_or_else(|| {
                    Error::overflow(name, format!("abs({x}) leaves the 64-bit range"))
                }),
                Value::Bool(b) => Ok(Value::Int(*b as i64)),
                Value::Float(x) => Ok(Value::Float(x.abs())),
                other => Err(Error::type_error(
                    name,
                    format!("bad operand type for abs(): '{}'", other.type_name()),
                )),
            }
        }
        "divmod" => {
            arity(name, args, kwargs, 2, 2, &[])?;
            let (q, r) = py_divmod(&args[0], &args[1])?;
            Ok(Value::Tuple(vec![q, r]))
        }
        _ => unreachable!("only names of PYTHON reach here"),
    }
}

/// Calls a layout (evaluation at a coordinate) or a swizzle.
pub(crate) fn call_object(f: &Value, args: &[Value], kwargs: &[(String, Value)]) -> Result<Value> {
    spec_builtins::call_object(f, args, kwargs)
}

/// `A[i]`, `A[i:j:k]` for a layout.
pub(crate) fn layout_getitem(o: &Value, i: &Value) -> Result<Value> {
    spec_builtins::layout_getitem(o, i)
}

/// `obj.name`.
pub(crate) fn attribute(o: &Value, name: &str) -> Result<Value> {
    match (o, name) {
        (Value::Layout(l), "shape") => Ok(Value::from_int_tuple(l.shape())),
        (Value::Layout(l), "stride") => Ok(Value::from_stride(l.stride())),
        (Value::F2(x), "value") => {
            Ok(Value::Int(i64::try_from(x.0).map_err(|_| {
                Error::overflow("F2.value", format!("{x} leaves the 64-bit range"))
            })?))
        }
        (Value::Fraction(n, _), "numerator") => Ok(Value::Int(*n)),
        (Value::Fraction(_, d), "denominator") => Ok(Value::Int(*d)),
        (Value::Swizzle(s), "bits") => Ok(Value::Int(s.bits)),
        (Value::Swizzle(s), "base") => Ok(Value::Int(s.base)),
        (Value::Swizzle(s), "shift") => Ok(Value::Int(s.shift)),
        (_, n) if n.starts_with("__") => Err(Error::value(
            "attribute",
            format!("{n} is Python machinery the evaluator does not provide"),
        )),
        (o, n) => Err(Error::type_error(
            "attribute",
            format!("'{}' object {o} has no attribute '{n}'", o.type_name()),
        )),
    }
}

/// `obj.name(args)`.
pub(crate) fn call_method(
    o: &Value,
    name: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
) -> Result<Value> {
    match (o, name) {
        (Value::Func { name: f, mode }, "_set") if f == "Layout" && mode.is_empty() => {
            arity("Layout._set", args, kwargs, 2, 2, &[])?;
            let shape = args[0].to_int_tuple("Layout._set")?;
            let stride = args[1].to_stride("Layout._set")?;
            Ok(Value::Layout(Layout::new(shape, stride)?))
        }
        (Value::F2(_), "divmod") => {
            arity("F2.divmod", args, kwargs, 1, 1, &[])?;
            let (q, r) = py_divmod(o, &args[0])?;
            Ok(Value::Tuple(vec![q, r]))
        }
        (Value::Arith(a), "matmul") => {
            arity("ArithTuple.matmul", args, kwargs, 1, 1, &[])?;
            eval::binary(
                crate::parse::BinOp::MatMul,
                &Value::Arith(a.clone()),
                &args[0],
            )
        }
        (Value::Layout(_), _) => spec_builtins::layout_method(o, name, args, kwargs),
        _ => {
            let f = attribute(o, name)?;
            eval::call_value(&f, args, kwargs)
        }
    }
}
