//! The inverses and the other layout functions of the algebra (right_inverse,
//! left_inverse, nullspace, layout_add, greatest_common_domain), as built-ins
//! of the expression language.

use cute_core::{Error, Result};

use crate::Value;
use cute_dynamic::algebra::{
    greatest_common_domain, layout_add, left_inverse, nullspace, right_inverse,
};
use cute_dynamic::atuple::ArithTuple;
use cute_dynamic::htuple::{HTuple, IntTuple};
use cute_dynamic::layout::Layout;
use cute_dynamic::typedefs::Scalar;

/// Calls the built-in `name`, or returns `None` if `name` is not one of this
/// module's.
pub(crate) fn call(
    name: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Option<Result<Value>> {
    let (op, arity): (&'static str, usize) = match name {
        "right_inverse" => ("right_inverse", 1),
        "left_inverse" => ("left_inverse", 1),
        "nullspace" => ("nullspace", 1),
        "layout_add" => ("layout_add", 2),
        "greatest_common_domain" => ("greatest_common_domain", 2),
        _ => return None,
    };
    Some(dispatch(op, arity, args, kwargs, mode))
}

fn dispatch(
    op: &'static str,
    arity: usize,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Result<Value> {
    if let Some((k, _)) = kwargs.first() {
        return Err(Error::type_error(
            op,
            format!("unexpected keyword argument '{k}'"),
        ));
    }
    if !mode.is_empty() {
        return Err(Error::type_error(op, "takes no mode subscript"));
    }
    if args.len() != arity {
        return Err(Error::type_error(
            op,
            format!("takes {arity} argument(s), {} given", args.len()),
        ));
    }
    match op {
        "right_inverse" | "left_inverse" => match &args[0] {
            Value::None => Ok(Value::None),
            v => {
                let a = v.to_layout(op)?;
                let r = if op == "right_inverse" {
                    right_inverse(&a)
                } else {
                    left_inverse(&a)
                };
                Ok(Value::Layout(r?))
            }
        },
        "nullspace" => match &args[0] {
            Value::None => Ok(Value::None),
            v => Ok(Value::Layout(nullspace(&promote(op, v)?)?)),
        },
        "layout_add" => Ok(Value::Layout(layout_add(
            &args[0].to_layout(op)?,
            &args[1].to_layout(op)?,
        )?)),
        _ => Ok(Value::Layout(greatest_common_domain(
            &shape_of(op, &args[0])?,
            &shape_of(op, &args[1])?,
        )?)),
    }
}

/// The shape of an int, a (nested) tuple of ints, or a layout.
fn shape_of(op: &'static str, v: &Value) -> Result<IntTuple> {
    match v {
        Value::Layout(l) => Ok(l.shape().clone()),
        other => other.to_int_tuple(op),
    }
}

/// A tiler promoted to a layout: `n` is `n:1`, a layout is itself, and a
/// tuple places its `i`-th element along the coordinate axis `E(i)`
/// (`(4, 5)` is `(4, 5):(1@0, 1@1)`).
fn promote(op: &'static str, v: &Value) -> Result<Layout> {
    match v {
        Value::Int(n) => Layout::new(HTuple::Leaf(*n), HTuple::Leaf(Scalar::Int(1))),
        Value::Layout(l) => Ok(l.clone()),
        Value::Tuple(items) | Value::List(items) => {
            let mut shapes = Vec::with_capacity(items.len());
            let mut strides = Vec::with_capacity(items.len());
            for (i, x) in items.iter().enumerate() {
                let (s, d) = promote(op, x)?.into_parts();
                shapes.push(s);
                strides.push(d.map(&mut |d: &Scalar| ArithTuple::scaled_basis(d.clone(), &[i])));
            }
            Ok(Layout::from_parts(
                HTuple::Tuple(shapes),
                HTuple::Tuple(strides),
            ))
        }
        other => Err(Error::type_error(
            op,
            format!(
                "expected a layout, an integer or a tuple, got {} {}",
                other.type_name(),
                other
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evaluates `src`, a call of one of this module's built-ins.
    fn eval(src: &str) -> Result<Value> {
        crate::eval_expr(src)
    }

    #[test]
    fn builtins_match_the_spec() {
        let cases = [
            (
                "right_inverse(Layout((4, 8), (8, 1)))",
                "Layout((8, 4), (4, 1))",
            ),
            (
                "left_inverse(Layout((4, 8), (1, 5)))",
                "Layout((5, 8), (1, 4))",
            ),
            ("nullspace(Layout((2, 4, 6), (1, 2, 0)))", "Layout(6, 8)"),
            ("nullspace(Layout((4, 5), (0, E(1))))", "Layout(4, 1)"),
            ("nullspace(12)", "Layout(1, 0)"),
            ("nullspace((4, 5))", "Layout(1, 0)"),
            (
                "layout_add(Layout((4, 3), (1, 4)), Layout((4, 3), (3, 1)))",
                "Layout((4, 3), (4, 5))",
            ),
            (
                "greatest_common_domain((6, 35), (15, 14))",
                "Layout((3, 7), (1, 30))",
            ),
            (
                "greatest_common_domain(Layout((5, 3, 4), (1, 5, 15)), (10, 6))",
                "Layout((5, 2), (1, 30))",
            ),
            ("greatest_common_domain(4, (4,))", "Layout((4,), (1,))"),
        ];
        for (src, want) in cases {
            assert_eq!(eval(src).unwrap().to_string(), want, "{src}");
        }
    }

    #[test]
    fn none_and_errors() {
        assert!(matches!(
            call("nullspace", &[Value::None], &[], &[]),
            Some(Ok(Value::None))
        ));
        assert!(matches!(
            call("right_inverse", &[Value::None], &[], &[]),
            Some(Ok(Value::None))
        ));
        assert!(call("composition", &[], &[], &[]).is_none());
        let e = eval("left_inverse(Layout((4, 8), (1, 2)))").unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        let e = call("layout_add", &[Value::Int(3)], &[], &[])
            .unwrap()
            .unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::TypeError);
        let e = call("nullspace", &[Value::Str("x".into())], &[], &[])
            .unwrap()
            .unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::TypeError);
        let e = call("nullspace", &[Value::Int(3)], &[], &[0])
            .unwrap()
            .unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::TypeError);
    }
}
