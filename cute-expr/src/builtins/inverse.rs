//! The inverses and the other layout functions of the algebra (right_inverse,
//! left_inverse, nullspace, layout_add, greatest_common_domain), as built-ins
//! of the expression language.

use cute_core::{Error, Result};
use cute_dynamic::algebra::{
    greatest_common_domain, layout_add, left_inverse, nullspace, right_inverse,
};
use cute_dynamic::atuple::ArithTuple;
use cute_dynamic::htuple::{HTuple, IntTuple};
use cute_dynamic::layout::Layout;
use cute_dynamic::typedefs::Scalar;

use super::{func, Builtin, Call, Sig};
use crate::eval::Ctx;
use crate::value::Value;

pub(super) static TABLE: &[Builtin] = &[
    func("right_inverse", Sig::new(&["A"], 1), right_inverse_),
    func("left_inverse", Sig::new(&["A"], 1), left_inverse_),
    func("nullspace", Sig::new(&["A"], 1), nullspace_),
    func("layout_add", Sig::new(&["A", "B"], 2), layout_add_),
    func(
        "greatest_common_domain",
        Sig::new(&["A", "B"], 2),
        greatest_common_domain_,
    ),
];

/// `right_inverse(A)`; `None` gives `None`.
fn right_inverse_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    match c.arg(0) {
        Value::None => Ok(Value::None),
        Value::Layout(a) => Ok(Value::from(right_inverse(a)?)),
        v => Err(not_a_layout(c.name, v)),
    }
}

/// `left_inverse(A)`; `None` gives `None`.
fn left_inverse_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    match c.arg(0) {
        Value::None => Ok(Value::None),
        Value::Layout(a) => Ok(Value::from(left_inverse(a)?)),
        v => Err(not_a_layout(c.name, v)),
    }
}

fn nullspace_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    match c.arg(0) {
        Value::None => Ok(Value::None),
        v => Ok(Value::from(nullspace(&promote(c.name, v)?)?)),
    }
}

fn layout_add_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    match (c.arg(0), c.arg(1)) {
        (Value::Layout(a), Value::Layout(b)) => Ok(Value::from(layout_add(a, b)?)),
        (Value::Layout(_), v) | (v, _) => Err(not_a_layout(c.name, v)),
    }
}

/// The largest sum of A's extents `greatest_common_domain` accepts.
const GCD_WALK: i64 = 1 << 22;

/// `greatest_common_domain(A, B)`. The algebra's walk over the offsets of A
/// tries the divisors of each extent one by one, so its time grows with the
/// extents themselves; A's extents are bounded here, so that no call takes
/// more than a fraction of a second.
fn greatest_common_domain_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = shape_of(c.name, c.arg(0))?;
    let b = shape_of(c.name, c.arg(1))?;
    let walk = a
        .leaves()
        .try_fold(0i64, |acc, &x| acc.checked_add(x.max(0)))
        .unwrap_or(i64::MAX);
    if walk > GCD_WALK {
        return Err(Error::value(
            c.name,
            format!(
                "the extents of A sum to {walk}, above {GCD_WALK}: the algebra's walk takes time \
                 proportional to them, which the evaluator bounds"
            ),
        ));
    }
    Ok(Value::from(greatest_common_domain(&a, &b)?))
}

fn not_a_layout(op: &'static str, v: &Value) -> Error {
    Error::type_error(
        op,
        format!("expected a Layout, got {} {}", v.type_name(), v),
    )
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
        Value::Layout(l) => Ok((**l).clone()),
        Value::Tuple(items) | Value::List(items) => {
            let mut shapes = Vec::with_capacity(items.len());
            let mut strides = Vec::with_capacity(items.len());
            for (i, x) in items.iter().enumerate() {
                let (s, d) = promote(op, x)?.into_parts();
                shapes.push(s);
                strides.push(d.map(&mut |d: &Scalar| ArithTuple::scaled_basis(d.clone(), &[i])));
            }
            Layout::new(HTuple::Tuple(shapes), HTuple::Tuple(strides))
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
            (
                "greatest_common_domain((2048, 2048), (4096, 1024))",
                "Layout((2048, 2, 1024), (1, 2048, 4096))",
            ),
        ];
        for (src, want) in cases {
            assert_eq!(eval(src).unwrap().to_string(), want, "{src}");
        }
    }

    #[test]
    fn none_and_errors() {
        use cute_core::ErrorClass;
        assert_eq!(eval("nullspace(None)").unwrap().to_string(), "None");
        assert_eq!(eval("right_inverse(None)").unwrap().to_string(), "None");
        assert_eq!(eval("left_inverse(None)").unwrap().to_string(), "None");
        let class = |src: &str| eval(src).unwrap_err().class();
        assert_eq!(
            class("left_inverse(Layout((4, 8), (1, 2)))"),
            ErrorClass::ValueError
        );
        assert_eq!(class("layout_add(3)"), ErrorClass::TypeError);
        assert_eq!(class("layout_add(Layout(3), 3)"), ErrorClass::TypeError);
        assert_eq!(class("nullspace('x')"), ErrorClass::TypeError);
        assert_eq!(class("nullspace[0](3)"), ErrorClass::TypeError);
        assert_eq!(class("right_inverse(Layout(3), 1)"), ErrorClass::TypeError);
        // a walk whose time would grow with the extents is refused
        assert_eq!(
            class("greatest_common_domain(4611686018427387904, 4611686018427387903)"),
            ErrorClass::ValueError
        );
    }
}
