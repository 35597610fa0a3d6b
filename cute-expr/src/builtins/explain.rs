//! Explanations and the algebra's predicates, as built-ins of the
//! expression language:
//!
//! - `explain(f, A, B)` (or `explain('composition', A, B)`): the trace of
//!   the operation `f`, one of cute-dynamic's explained operations
//!   (`composition`, `complement`, `coalesce`, `right_inverse`,
//!   `left_inverse`, `logical_divide`, `zipped_divide`, `logical_product`,
//!   `blocked_product`, `raked_product`), on A and B (or, for
//!   `complement`, the cotarget, also as `extend=`), as text: the call,
//!   then one line per step, ending in the result or the refusal. With
//!   `json=True`, the trace as one JSON object. The arguments are read as
//!   the operation reads them (an integer or tuple A promoted, B a tiler);
//!   over symbols, the symbolic layouts are traced.
//! - `is_tractable(A)`: whether A's sorted strides form a divisible chain
//!   (its complement tiles the codomain);
//! - `is_admissible(A, B)`: whether `composition(A, B)` succeeds, its
//!   conditions checked without making the result.

use cute_core::{Error, Result, Sym};
use cute_dynamic::algebra::explain::{explain, Arg, OPERATIONS};
use cute_dynamic::algebra::{is_admissible, is_tractable};
use cute_dynamic::layout::{Layout, Tiler};

use super::algebra::layout_arg;
use super::{func, Builtin, Call, Sig};
use crate::eval::Ctx;
use crate::symbolic::{to_sym_layout, to_sym_tiler, to_sym_tuple};
use crate::value::Value;

pub(super) static TABLE: &[Builtin] = &[
    func(
        "explain",
        Sig::new(&["f", "A", "B"], 2).keywords(&["extend", "json"]),
        explain_,
    ),
    func("is_tractable", Sig::new(&["A"], 1), is_tractable_),
    func("is_admissible", Sig::new(&["A", "B"], 2), is_admissible_),
];

/// True iff `v` holds a symbol (a symbolic integer or layout, inside
/// tuples too).
fn symbolic(v: &Value) -> bool {
    match v {
        Value::Sym(_) | Value::SymLayout(_) => true,
        Value::Tuple(x) | Value::List(x) => x.iter().any(symbolic),
        _ => false,
    }
}

/// The operation `explain` names: a built-in function value without a
/// mode subscript, or its name.
fn operation(c: &Call<'_>) -> Result<&'static str> {
    let name = match c.arg(0) {
        Value::Function(f) => {
            if !f.mode().is_empty() {
                return Err(Error::type_error(
                    c.name,
                    format!(
                        "{f}: the mode-subscripted forms are not explained; explain the mode itself"
                    ),
                ));
            }
            f.name().to_string()
        }
        Value::Str(s) => s.clone(),
        v => {
            return Err(Error::type_error(
                c.name,
                format!(
                    "expected one of the operations it explains ({}), got {} {v}",
                    OPERATIONS.join(", "),
                    v.type_name()
                ),
            ))
        }
    };
    OPERATIONS
        .iter()
        .copied()
        .find(|o| *o == name)
        .ok_or_else(|| {
            Error::value(
                c.name,
                format!(
                    "{name} is not an operation explain traces; these are: {}",
                    OPERATIONS.join(", ")
                ),
            )
        })
}

/// `explain(f, A, B, extend=..., json=False)`.
fn explain_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let op = operation(c)?;
    let b = match (c.opt(2), c.kw("extend")) {
        (Some(_), Some(_)) => {
            return Err(Error::type_error(
                c.name,
                "explain() got both B and extend: the cotarget is given once",
            ))
        }
        (None, Some(_)) if op != "complement" => {
            return Err(Error::type_error(
                c.name,
                format!("extend= is complement's cotarget, and {op} takes none"),
            ))
        }
        (b, e) => b.or(e),
    };
    let json = match c.kw("json") {
        None => false,
        Some(Value::Bool(j)) => *j,
        Some(v) => {
            return Err(Error::type_error(
                c.name,
                format!("json must be True or False, got {} {v}", v.type_name()),
            ))
        }
    };
    let sym = symbolic(c.arg(1)) || b.is_some_and(symbolic);
    let text = if sym {
        let a = Arg::Layout(to_sym_layout(c.arg(1), op)?);
        let b = match (op, b) {
            (_, None) => None,
            ("complement", Some(Value::None)) => None,
            ("complement", Some(v)) => Some(Arg::Shape(to_sym_tuple(v, op)?)),
            ("blocked_product" | "raked_product", Some(v)) => {
                Some(Arg::Layout(to_sym_layout(v, op)?))
            }
            (_, Some(v)) => Some(Arg::Tiler(to_sym_tiler(v, op)?)),
        };
        let args: Vec<Arg<Sym>> = core::iter::once(a).chain(b).collect();
        let t = explain(op, &args)?;
        if json {
            t.to_json()
        } else {
            t.to_string()
        }
    } else {
        let a = Arg::Layout(layout_arg(op, c.arg(1))?.into_owned());
        let b = match (op, b) {
            (_, None) => None,
            ("complement", Some(Value::None)) => None,
            ("complement", Some(Value::Layout(l))) => Some(Arg::Shape(l.shape())),
            ("complement", Some(v)) => Some(Arg::Shape(v.to_int_tuple(op)?)),
            ("blocked_product" | "raked_product", Some(v)) => {
                Some(Arg::Layout(layout_arg(op, v)?.into_owned()))
            }
            (_, Some(v)) => Some(Arg::Tiler(v.to_tiler(op)?)),
        };
        let args: Vec<Arg> = core::iter::once(a).chain(b).collect();
        let t = explain(op, &args)?;
        if json {
            t.to_json()
        } else {
            t.to_string()
        }
    };
    Ok(Value::Str(text))
}

/// `is_tractable(A)`.
fn is_tractable_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Bool(if symbolic(c.arg(0)) {
        is_tractable(&to_sym_layout(c.arg(0), c.name)?)
    } else {
        let a: std::borrow::Cow<'_, Layout> = layout_arg(c.name, c.arg(0))?;
        is_tractable(&a)
    }))
}

/// `is_admissible(A, B)`: whether `composition(A, B)` succeeds.
fn is_admissible_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    if symbolic(c.arg(0)) || symbolic(c.arg(1)) {
        let a = to_sym_layout(c.arg(0), c.name)?;
        let b: Tiler<Sym> = to_sym_tiler(c.arg(1), c.name)?;
        return Ok(Value::Bool(is_admissible(&a, &b)));
    }
    let a: std::borrow::Cow<'_, Layout> = layout_arg(c.name, c.arg(0))?;
    let b = c.arg(1).to_tiler(c.name)?;
    Ok(Value::Bool(is_admissible(&a, &b)))
}
