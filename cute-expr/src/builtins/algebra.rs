//! The layout algebra's functions, as built-ins of the expression language:
//! `coalesce_z`, `coalesce`, `composition`, `complement`, `logical_product`,
//! `logical_divide`, `zipped_divide`, `blocked_product`, `raked_product`,
//! and CuTe C++'s regroupings of the divides and products, by CuTe C++'s
//! names: `tiled_divide`, `flat_divide`, `zipped_product`,
//! `tiled_product`, `flat_product` (cute-dynamic's functions of those
//! names), with the signatures of `zipped_divide` and `logical_product`.
//!
//! Arguments follow the specification's signatures: positional or by keyword
//! (`A`, `B`, `profile`, `extend`), a mode for the functions that take one
//! (`composition[1](A, B)`), `None` where the specification admits it, and
//! an integer or tuple A promoted through `tiler_to_layout`.
//!
//! `coalesce`, `composition`, `logical_divide`, `zipped_divide`,
//! `tiled_divide` and `flat_divide` apply through a tensor A: the result is
//! A's accessor through the new layout.
//! `composition(Swizzle(b, m, s), B)` is CuTe C++'s composed layout of a
//! swizzle after a layout, as the specification writes it: the tensor
//! `Tensor(TransformAccessor(ImplicitAccessor(0), Swizzle(b, m, s)), B)`,
//! whose element at a coordinate is the swizzled offset.

use std::borrow::Cow;

use cute_core::{Error, Result};
use cute_dynamic::algebra::{
    blocked_product, coalesce_at, coalesce_z_at, complement, complement_to, composition_at,
    composition_identity_at, flat_divide_at, flat_divide_identity, flat_product_at,
    logical_divide_at, logical_divide_identity, logical_product_at, raked_product, tiled_divide_at,
    tiled_divide_identity, tiled_product_at, zipped_divide_at, zipped_divide_identity,
    zipped_product_at,
};
use cute_dynamic::layout::{tiler_to_layout, Layout, Tiler};

use super::{func, Builtin, Call, Sig};
use crate::eval::Ctx;
use crate::tensor::{AccessorValue, Base, TensorValue};
use crate::value::Value;

pub(super) static TABLE: &[Builtin] = &[
    func(
        "coalesce_z",
        Sig::new(&["A", "profile"], 1).mode(),
        coalesce_z_,
    ),
    func("coalesce", Sig::new(&["A", "profile"], 1).mode(), coalesce_),
    func("composition", Sig::new(&["A", "B"], 2).mode(), composition_),
    func("complement", Sig::new(&["A", "extend"], 1), complement_),
    func(
        "logical_product",
        Sig::new(&["A", "B"], 2).mode(),
        logical_product_,
    ),
    func(
        "logical_divide",
        Sig::new(&["A", "B"], 2).mode(),
        logical_divide_,
    ),
    func(
        "zipped_divide",
        Sig::new(&["A", "B"], 2).mode(),
        zipped_divide_,
    ),
    func(
        "blocked_product",
        Sig::new(&["A", "B"], 2),
        blocked_product_,
    ),
    func("raked_product", Sig::new(&["A", "B"], 2), raked_product_),
    func(
        "tiled_divide",
        Sig::new(&["A", "B"], 2).mode(),
        tiled_divide_,
    ),
    func("flat_divide", Sig::new(&["A", "B"], 2).mode(), flat_divide_),
    func(
        "zipped_product",
        Sig::new(&["A", "B"], 2).mode(),
        zipped_product_,
    ),
    func(
        "tiled_product",
        Sig::new(&["A", "B"], 2).mode(),
        tiled_product_,
    ),
    func(
        "flat_product",
        Sig::new(&["A", "B"], 2).mode(),
        flat_product_,
    ),
];

/// A layout argument; an integer or a tuple is promoted through
/// `tiler_to_layout`.
pub(super) fn layout_arg<'a>(op: &'static str, v: &'a Value) -> Result<Cow<'a, Layout>> {
    match v {
        Value::Layout(l) => Ok(Cow::Borrowed(l)),
        Value::Int(_) | Value::Tuple(_) | Value::List(_) => {
            Ok(Cow::Owned(tiler_to_layout(&v.to_tiler(op)?)?))
        }
        other => Err(Error::type_error(
            op,
            format!("expected a Layout, got {} {}", other.type_name(), other),
        )),
    }
}

/// A layout argument, or `None`.
fn layout_or_none<'a>(op: &'static str, v: &'a Value) -> Result<Option<Cow<'a, Layout>>> {
    match v {
        Value::None => Ok(None),
        v => layout_arg(op, v).map(Some),
    }
}

/// Applies `f` to A's layout (`None` for A = `None`): a tensor A gives its
/// accessor through the new layout, anything else the new layout.
fn through_a(c: &Call<'_>, f: impl FnOnce(Option<&Layout>) -> Result<Layout>) -> Result<Value> {
    match c.arg(0) {
        Value::Tensor(t) => Ok(Value::Tensor(Box::new(
            t.with_layout(f(Some(t.layout()))?)?,
        ))),
        a => Ok(Value::from(f(layout_or_none(c.name, a)?.as_deref())?)),
    }
}

/// `coalesce` (`z` false, through a tensor too) or `coalesce_z`: `None`
/// gives `None`.
fn coalesce_any(c: &Call<'_>, z: bool) -> Result<Value> {
    if matches!(c.arg(0), Value::None) {
        return Ok(Value::None);
    }
    let profile = match c.opt(1) {
        None => Tiler::Int(1),
        Some(v) => v.to_tiler(c.name)?,
    };
    if z {
        let a = layout_arg(c.name, c.arg(0))?;
        return Ok(Value::from(coalesce_z_at(&a, &profile, c.mode)?));
    }
    through_a(c, |a| match a {
        Some(a) => coalesce_at(a, &profile, c.mode),
        None => Err(Error::type_error(c.name, "A is None")),
    })
}

fn coalesce_z_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    coalesce_any(c, true)
}

fn coalesce_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    coalesce_any(c, false)
}

fn composition_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    if let Value::Swizzle(_) = c.arg(0) {
        return swizzle_after(c);
    }
    let b = c.arg(1).to_tiler(c.name)?;
    through_a(c, |a| match a {
        Some(a) => composition_at(a, &b, c.mode),
        None => composition_identity_at(&b, c.mode),
    })
}

/// `composition(Swizzle(b, m, s), B)`: the swizzle after the layout B, as
/// the tensor of swizzled offsets `Tensor(TransformAccessor(
/// ImplicitAccessor(0), Swizzle(b, m, s)), B)` (CuTe C++'s composed layout).
fn swizzle_after(c: &Call<'_>) -> Result<Value> {
    if !c.mode.is_empty() {
        return Err(Error::type_error(
            c.name,
            "a swizzle has no modes: composition[mode](Swizzle, B) composes nothing",
        ));
    }
    let b =
        match c.arg(1) {
            Value::None => return Err(Error::type_error(
                c.name,
                "composition(Swizzle, None) is the swizzle itself, not a tensor: give B a layout",
            )),
            v => layout_arg(c.name, v)?.into_owned(),
        };
    if let Some(d) = b.stride().leaves().find(|d| d.as_int().is_none()) {
        return Err(Error::value(
            c.name,
            format!("a swizzle permutes integer offsets; {b} has the stride {d}"),
        ));
    }
    let mut acc = AccessorValue::new(Base::Implicit(cute_dynamic::Scalar::Int(0)));
    acc.transforms.push(c.arg(0).clone());
    Ok(Value::Tensor(Box::new(TensorValue::new(acc, b)?)))
}

fn complement_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = layout_arg(c.name, c.arg(0))?;
    let extend = match c.opt(1) {
        None | Some(Value::None) => None,
        Some(v) => Some(v.to_int_tuple(c.name)?),
    };
    Ok(Value::from(match extend {
        Some(e) => complement_to(&a, e)?,
        None => complement(&a)?,
    }))
}

fn logical_product_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    product_any(c, |a, b, m| logical_product_at(a, b, m))
}

/// A product of the mode `mode` of A by B, `f`: `logical_product` or one
/// of its regroupings. An A of `None` is `None` for a B of `None` and a
/// `TypeError` otherwise, as for `logical_product`.
fn product_any(c: &Call<'_>, f: fn(&Layout, &Tiler, &[usize]) -> Result<Layout>) -> Result<Value> {
    let b = c.arg(1).to_tiler(c.name)?;
    match layout_or_none(c.name, c.arg(0))? {
        Some(a) => Ok(Value::from(f(&a, &b, c.mode)?)),
        // None x None: the product of nothing leaves nothing
        None if matches!(b, Tiler::None) => Ok(Value::None),
        None => Err(Error::type_error(
            c.name,
            "A is None: there is nothing to reproduce",
        )),
    }
}

fn zipped_product_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    product_any(c, |a, b, m| zipped_product_at(a, b, m))
}

fn tiled_product_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    product_any(c, |a, b, m| tiled_product_at(a, b, m))
}

fn flat_product_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    product_any(c, |a, b, m| flat_product_at(a, b, m))
}

fn logical_divide_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let b = c.arg(1).to_tiler(c.name)?;
    through_a(c, |a| match a {
        Some(a) => logical_divide_at(a, &b, c.mode),
        None => logical_divide_identity(&b, c.mode),
    })
}

fn zipped_divide_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let b = c.arg(1).to_tiler(c.name)?;
    through_a(c, |a| match a {
        Some(a) => zipped_divide_at(a, &b, c.mode),
        None => zipped_divide_identity(&b, c.mode),
    })
}

fn tiled_divide_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let b = c.arg(1).to_tiler(c.name)?;
    through_a(c, |a| match a {
        Some(a) => tiled_divide_at(a, &b, c.mode),
        None => tiled_divide_identity(&b, c.mode),
    })
}

fn flat_divide_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let b = c.arg(1).to_tiler(c.name)?;
    through_a(c, |a| match a {
        Some(a) => flat_divide_at(a, &b, c.mode),
        None => flat_divide_identity(&b, c.mode),
    })
}

fn blocked_product_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = layout_arg(c.name, c.arg(0))?;
    let b = layout_arg(c.name, c.arg(1))?;
    Ok(Value::from(blocked_product(&a, &b)?))
}

fn raked_product_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = layout_arg(c.name, c.arg(0))?;
    let b = layout_arg(c.name, c.arg(1))?;
    Ok(Value::from(raked_product(&a, &b)?))
}

#[cfg(test)]
mod tests {
    fn repr(src: &str) -> String {
        match crate::eval_expr(src) {
            Ok(v) => v.to_string(),
            Err(e) => format!("err {}", e.class()),
        }
    }

    #[test]
    fn test_builtins_dispatch() {
        let cases = [
            (
                "composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))",
                "Layout(((2, 2), 3), ((24, 2), 8))",
            ),
            (
                "composition[1](Layout((4, 6), (1, 4)), Layout(3, 2))",
                "Layout((4, 3), (1, 8))",
            ),
            (
                "composition(Layout((4, 6), (1, 4)), Layout(3, 2), mode=1)",
                "Layout((4, 3), (1, 8))",
            ),
            ("composition(None, (4, 3))", "Layout((4, 3), (1@0, 1@1))"),
            ("complement(Layout(4, 2), 20)", "Layout((2, 3), (1, 8))"),
            (
                "complement(Layout(4, 2), extend=20)",
                "Layout((2, 3), (1, 8))",
            ),
            (
                "complement(A=Layout(4, 2), extend=20)",
                "Layout((2, 3), (1, 8))",
            ),
            (
                "coalesce(Layout((2, (1, 6)), (1, (6, 2))), (1, 1))",
                "Layout((2, 6), (1, 2))",
            ),
            (
                "coalesce_z[1](Layout((3, (2, 6)), (1, (3, 6))))",
                "Layout((3, 12), (1, 3))",
            ),
            ("coalesce(None)", "None"),
            (
                "logical_divide(None, Layout(4, 2))",
                "Layout((4, (2, 1)), (2, (1, 8)))",
            ),
            // a tuple divides the identity by-mode: mode i is the axis E(i)
            // divided by the i-th tiler, with the free complement
            (
                "logical_divide(None, (3, 5))",
                "Layout(((3, 1), (5, 1)), ((1@0, 3@0), (1@1, 5@1)))",
            ),
            (
                "logical_divide(None, (3, 5)) == \
                 Layout(((3, 1), (5, 1)), ((E(0), 3*E(0)), (E(1), 5*E(1))))",
                "True",
            ),
            (
                "logical_divide(None, (Layout(4, 2), None, (2, 3)))",
                "Layout(((4, (2, 1)), 1, ((2, 1), (3, 1))), \
                 ((2@0, (1@0, 8@0)), 1@1, ((1@0@2, 2@0@2), (1@1@2, 3@1@2))))",
            ),
            (
                "logical_divide[1](None, (3, 5))",
                "Layout((1, ((3, 1), (5, 1))), (0, ((1@0, 3@0), (1@1, 5@1))))",
            ),
            // zipped_divide divides by the promoted tiler: tiles, then rests
            (
                "zipped_divide(None, (3, 5))",
                "Layout(((3, 5), (1, 1)), ((1@0, 1@1), (3@0, 5@1)))",
            ),
            (
                "zipped_divide[1](Layout((5, 24), (1, 5)), Layout(4, 2))",
                "Layout((5, (4, (2, 3))), (1, (10, (5, 40))))",
            ),
            (
                "logical_product[0](Layout((3, 5), (1, 20)), Layout(4, 1))",
                "Layout(((3, 4), 5), ((1, 3), 20))",
            ),
            ("logical_product(None, None)", "None"),
            (
                "raked_product(Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3)))",
                "Layout(((3, 2), (4, 5)), ((10, 5), (30, 1)))",
            ),
            (
                "blocked_product(Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3)))",
                "Layout(((2, 3), (5, 4)), ((5, 10), (1, 30)))",
            ),
            // an integer A is promoted through tiler_to_layout
            (
                "logical_divide(24, Layout(4, 2))",
                "Layout((4, (2, 3)), (2, (1, 8)))",
            ),
            // CuTe C++'s regroupings: the parts unpacked where they have two
            // modes or more
            (
                "tiled_divide(Layout((128, 128), (1, 128)), (8, 8))",
                "Layout(((8, 8), 16, 16), ((1, 128), 8, 1024))",
            ),
            (
                "flat_divide(Layout((16, 16)), (4, 8))",
                "Layout((4, 8, 4, 2), (1, 16, 4, 128))",
            ),
            (
                "tiled_divide(Layout(16, 3), (2,))",
                "Layout(((2,), (8,)), ((3,), (6,)))",
            ),
            (
                "flat_divide(Layout((8, 16, 8), (1, 8, 128)), (Layout(2, 4),))",
                "Layout(((2,), 4, 16, 8), ((4,), 1, 8, 128))",
            ),
            (
                "tiled_divide[1](Layout((5, (8, 6)), (1, (5, 40))), (2, 3))",
                "Layout((5, ((2, 3), 4, 2)), (1, ((5, 40), 10, 120)))",
            ),
            (
                "flat_divide(Layout((5, (8, 6)), (1, (5, 40))), (2, 3), mode=1)",
                "Layout((5, (2, 3, 4, 2)), (1, (5, 40, 10, 120)))",
            ),
            (
                "tiled_divide(None, (4, 2))",
                "Layout(((4, 2), 1, 1), ((1@0, 1@1), 4@0, 2@1))",
            ),
            (
                "flat_divide(identity_tensor((4, 6)), (2, 3))[1, 1, 1, 1]",
                "(3, 4)",
            ),
            (
                "zipped_product(Layout((2, 5), (5, 1)), (Layout(3, 1), Layout(4, 1)))",
                "Layout(((2, 5), (3, 4)), ((5, 1), (1, 5)))",
            ),
            (
                "zipped_product(Layout((2, 5), (5, 1)), (None, 3))",
                "Layout(((2, 5), (1, 3)), ((5, 1), (0, 5)))",
            ),
            (
                "tiled_product(Layout((2, 5), (5, 1)), (3, 4))",
                "Layout(((2, 5), 3, 4), ((5, 1), 1, 5))",
            ),
            (
                "flat_product(A=Layout((2, 5), (5, 1)), B=Layout((3, 4), (1, 3)))",
                "Layout((2, 5, 3, 4), (5, 1, 10, 30))",
            ),
            (
                "flat_product[1](Layout((7, (2, 5)), (100, (5, 1))), (3, 4))",
                "Layout((7, (2, 5, 3, 4)), (100, (5, 1, 1, 5)))",
            ),
            ("tiled_product(None, None)", "None"),
        ];
        for (src, want) in cases {
            assert_eq!(repr(src), want, "{src}");
        }
    }

    #[test]
    fn test_regroupings_over_symbols() {
        for (src, want) in [
            (
                "M, N = symbols('M N', multiple_of=64); \
                 tiled_divide(Layout((M, N), (1, M)), (64, 64))",
                "Layout(((64, 64), floor(M/64), floor(N/64)), ((1, M), 64, 64*M))",
            ),
            (
                "M, N = symbols('M N'); flat_divide(Layout((M, N), (1, M)), (8, None))",
                "Layout((8, 1, floor(M/8 + 7/8), N), (1, 0, 8, M))",
            ),
            (
                "M = symbols('M'); flat_product(Layout((M, 4), (1, M)), (2,))",
                "Layout(((M,), 2, 4), ((1,), M, M))",
            ),
            (
                "M = symbols('M', multiple_of=2); \
                 zipped_product[1](Layout((4, (M, 2)), (1, (4, 4*M))), (2,))",
                "Layout((4, ((M,), (2, 2))), (1, ((4,), (1, 4*M))))",
            ),
        ] {
            let mut env = crate::Env::new();
            let got = match crate::eval(src, &mut env) {
                Ok(crate::Outcome::Value(v)) => v.to_string(),
                other => format!("{other:?}"),
            };
            assert_eq!(got, want, "{src}");
        }
    }

    #[test]
    fn test_divide_errors_name_the_complement_computed() {
        // B* = complement(B, shape(A)), as complement gives it
        for (a, b, star) in [
            ("Layout((6, 4), (4, 1))", "Layout(4, 1)", "Layout(8, 4)"),
            ("Layout((4, 3), (3, 1))", "Layout(3, 1)", "Layout(6, 3)"),
            ("Layout((10, 4), (4, 1))", "Layout(4, 1)", "Layout(12, 4)"),
        ] {
            let e = crate::eval_expr(&format!("logical_divide({a}, {b})")).unwrap_err();
            let msg = e.to_string();
            let shape = repr(&format!("shape({a})"));
            assert!(
                msg.starts_with(&format!(
                    "logical_divide: divisibility condition violated: {a} / {b} = A o (B, B*) \
                     with B* = complement(B, {shape}) = {star}: the leaf "
                )),
                "{msg}"
            );
            assert_eq!(repr(&format!("complement({b}, shape({a}))")), star);
        }
    }

    #[test]
    fn test_builtins_errors() {
        let cases = [
            (
                "composition(Layout((8, 6), (6, 1)), Layout(16, 3))",
                "err ValueError",
            ),
            ("composition(Layout((8, 6), (6, 1)))", "err TypeError"),
            (
                "composition[-1](Layout(8, 1), Layout(2, 1))",
                "err IndexError",
            ),
            (
                "composition[3](Layout(8, 1), Layout(2, 1))",
                "err IndexError",
            ),
            (
                "composition(Layout(8, 1), Layout(2, 1), mode=-1)",
                "err IndexError",
            ),
            ("complement(Layout(8, 1), bogus=1)", "err TypeError"),
            ("complement(Layout(8, 1), 4, extend=4)", "err TypeError"),
            ("complement[0](Layout(8, 1))", "err TypeError"),
            (
                "blocked_product(Layout((2, 5), (5, 1)), Layout(3, 1))",
                "err ValueError",
            ),
            ("logical_product(None, Layout(2, 1))", "err TypeError"),
            ("coalesce('x')", "err TypeError"),
            (
                "tiled_divide(Layout((4, 3), (3, 1)), Layout(3, 1))",
                "err ValueError",
            ),
            (
                "flat_divide[3](Layout((4, 3), (3, 1)), 2)",
                "err IndexError",
            ),
            (
                "zipped_product(Layout(((2, 2), 3), ((1, 1), 4)), (2, 2))",
                "err ValueError",
            ),
            ("tiled_product(None, Layout(2, 1))", "err TypeError"),
            // A of three modes, left as it is by None: not a pair
            ("flat_product(Layout((2, 3, 4)), None)", "err ValueError"),
            ("flat_divide(None, None)", "err TypeError"),
        ];
        for (src, want) in cases {
            assert_eq!(repr(src), want, "{src}");
        }
    }
}
