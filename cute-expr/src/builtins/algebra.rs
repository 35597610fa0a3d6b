//! The layout algebra's functions, as built-ins of the expression language:
//! `coalesce_z`, `coalesce`, `composition`, `complement`, `logical_product`,
//! `logical_divide`, `zipped_divide`, `blocked_product`, `raked_product`.
//!
//! Arguments follow the specification's signatures: positional or by keyword
//! (`profile`, `extend`), a mode subscript for the functions that take one
//! (`composition[1](A, B)`), `None` where the specification admits it, and
//! an integer or tuple A promoted through `tiler_to_layout`.

use cute_core::{Error, Result};

use super::spec::mode_path;
use crate::Value;
use cute_dynamic::algebra::{
    blocked_product, coalesce, coalesce_z, complement, composition, logical_divide,
    logical_product, raked_product, zipped_divide,
};
use cute_dynamic::layout::{tiler_to_layout, Layout, Tiler};

/// Calls the algebra built-in `name`, or returns `None` if `name` is not one.
pub(crate) fn call(
    name: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Option<Result<Value>> {
    let op: &'static str = match name {
        "coalesce_z" => "coalesce_z",
        "coalesce" => "coalesce",
        "composition" => "composition",
        "complement" => "complement",
        "logical_product" => "logical_product",
        "logical_divide" => "logical_divide",
        "zipped_divide" => "zipped_divide",
        "blocked_product" => "blocked_product",
        "raked_product" => "raked_product",
        _ => return None,
    };
    Some(dispatch(op, args, kwargs, mode))
}

/// The arguments of a call, matched to the parameter names of the
/// specification's signature.
struct Params<'a> {
    values: Vec<Option<&'a Value>>,
}

impl<'a> Params<'a> {
    fn bind(
        op: &'static str,
        names: &[&str],
        required: usize,
        args: &'a [Value],
        kwargs: &'a [(String, Value)],
    ) -> Result<Self> {
        if args.len() > names.len() {
            return Err(Error::type_error(
                op,
                format!(
                    "takes at most {} positional arguments, {} given",
                    names.len(),
                    args.len()
                ),
            ));
        }
        let mut values: Vec<Option<&Value>> = vec![None; names.len()];
        for (i, a) in args.iter().enumerate() {
            values[i] = Some(a);
        }
        for (k, v) in kwargs {
            let Some(i) = names.iter().position(|n| n == k) else {
                return Err(Error::type_error(
                    op,
                    format!("unexpected keyword argument '{k}'"),
                ));
            };
            if values[i].is_some() {
                return Err(Error::type_error(
                    op,
                    format!("got multiple values for argument '{k}'"),
                ));
            }
            values[i] = Some(v);
        }
        if let Some(i) = values[..required].iter().position(Option::is_none) {
            return Err(Error::type_error(
                op,
                format!("missing required argument '{}'", names[i]),
            ));
        }
        Ok(Params { values })
    }

    fn get(&self, i: usize) -> Option<&'a Value> {
        self.values[i]
    }

    fn req(&self, i: usize) -> &'a Value {
        self.values[i].expect("bound as required")
    }
}

/// A layout argument; an integer or a tuple is promoted through
/// `tiler_to_layout`.
fn layout_arg(op: &'static str, v: &Value) -> Result<Layout> {
    match v {
        Value::Layout(l) => Ok(l.clone()),
        Value::Int(_) | Value::Tuple(_) | Value::List(_) => tiler_to_layout(&v.to_tiler(op)?),
        other => Err(Error::type_error(
            op,
            format!("expected a Layout, got {} {}", other.type_name(), other),
        )),
    }
}

fn dispatch(
    op: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Result<Value> {
    let mode = mode_path(op, mode)?;
    match op {
        "coalesce_z" | "coalesce" => {
            let p = Params::bind(op, &["A", "profile"], 1, args, kwargs)?;
            if let Value::None = p.req(0) {
                return Ok(Value::None);
            }
            let a = layout_arg(op, p.req(0))?;
            let profile = match p.get(1) {
                None => Tiler::Int(1),
                Some(v) => v.to_tiler(op)?,
            };
            let r = if op == "coalesce" {
                coalesce(&a, &profile, &mode)
            } else {
                coalesce_z(&a, &profile, &mode)
            };
            Ok(Value::Layout(r?))
        }
        "complement" => {
            no_mode(op, &mode)?;
            let p = Params::bind(op, &["A", "extend"], 1, args, kwargs)?;
            let a = layout_arg(op, p.req(0))?;
            let extend = match p.get(1) {
                None | Some(Value::None) => None,
                Some(v) => Some(v.to_int_tuple(op)?),
            };
            Ok(Value::Layout(complement(&a, extend.as_ref())?))
        }
        "blocked_product" | "raked_product" => {
            no_mode(op, &mode)?;
            let p = Params::bind(op, &["A", "B"], 2, args, kwargs)?;
            let a = layout_arg(op, p.req(0))?;
            let b = layout_arg(op, p.req(1))?;
            let r = if op == "blocked_product" {
                blocked_product(&a, &b)
            } else {
                raked_product(&a, &b)
            };
            Ok(Value::Layout(r?))
        }
        _ => {
            // composition, logical_product, logical_divide, zipped_divide
            let p = Params::bind(op, &["A", "B"], 2, args, kwargs)?;
            let b = p.req(1).to_tiler(op)?;
            let a = match p.req(0) {
                Value::None => None,
                v => Some(layout_arg(op, v)?),
            };
            let r = match (op, a.as_ref()) {
                ("composition", a) => composition(a, &b, &mode),
                ("logical_divide", a) => logical_divide(a, &b, &mode),
                ("zipped_divide", a) => zipped_divide(a, &b, &mode),
                (_, Some(a)) => logical_product(a, &b, &mode),
                (_, None) => match b {
                    // None x B: the product of nothing leaves nothing
                    Tiler::None => return Ok(Value::None),
                    _ => Err(Error::type_error(
                        op,
                        "A is None: there is nothing to reproduce",
                    )),
                },
            };
            Ok(Value::Layout(r?))
        }
    }
}

fn no_mode(op: &'static str, mode: &[usize]) -> Result<()> {
    if mode.is_empty() {
        Ok(())
    } else {
        Err(Error::type_error(op, "takes no mode subscript"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cute_dynamic::htuple::HTuple;

    fn lay(s: &str) -> Value {
        Value::Layout(s.parse().unwrap())
    }

    fn repr(r: Option<Result<Value>>) -> String {
        match r.expect("a built-in") {
            Ok(v) => v.to_string(),
            Err(e) => format!("err {}", e.class()),
        }
    }

    #[test]
    fn test_builtins_dispatch() {
        assert!(call("right_inverse", &[], &[], &[]).is_none());
        assert_eq!(
            repr(call(
                "composition",
                &[lay("(6, 2):(8, 2)"), lay("(4, 3):(3, 1)")],
                &[],
                &[]
            )),
            "Layout(((2, 2), 3), ((24, 2), 8))"
        );
        assert_eq!(
            repr(call(
                "composition",
                &[lay("(4, 6):(1, 4)"), lay("3:2")],
                &[],
                &[1]
            )),
            "Layout((4, 3), (1, 8))"
        );
        let t43 = Value::Tuple(vec![Value::Int(4), Value::Int(3)]);
        assert_eq!(
            repr(call("composition", &[Value::None, t43.clone()], &[], &[])),
            "Layout((4, 3), (1@0, 1@1))"
        );
        assert_eq!(
            repr(call("complement", &[lay("4:2"), Value::Int(20)], &[], &[])),
            "Layout((2, 3), (1, 8))"
        );
        assert_eq!(
            repr(call(
                "complement",
                &[lay("4:2")],
                &[("extend".into(), Value::Int(20))],
                &[]
            )),
            "Layout((2, 3), (1, 8))"
        );
        let p11 = Value::Tuple(vec![Value::Int(1), Value::Int(1)]);
        assert_eq!(
            repr(call(
                "coalesce",
                &[lay("(2, (1, 6)):(1, (6, 2))"), p11],
                &[],
                &[]
            )),
            "Layout((2, 6), (1, 2))"
        );
        assert_eq!(
            repr(call(
                "coalesce_z",
                &[lay("(3, (2, 6)):(1, (3, 6))")],
                &[],
                &[1]
            )),
            "Layout((3, 12), (1, 3))"
        );
        assert_eq!(
            repr(call("logical_divide", &[Value::None, lay("4:2")], &[], &[])),
            "Layout((4, (2, 1)), (2, (1, 8)))"
        );
        assert_eq!(
            repr(call(
                "zipped_divide",
                &[lay("(5, 24):(1, 5)"), lay("4:2")],
                &[],
                &[1]
            )),
            "Layout((5, (4, (2, 3))), (1, (10, (5, 40))))"
        );
        assert_eq!(
            repr(call(
                "logical_product",
                &[lay("(3, 5):(1, 20)"), lay("4:1")],
                &[],
                &[0]
            )),
            "Layout(((3, 4), 5), ((1, 3), 20))"
        );
        assert_eq!(
            repr(call(
                "raked_product",
                &[lay("(2, 5):(5, 1)"), lay("(3, 4):(1, 3)")],
                &[],
                &[]
            )),
            "Layout(((3, 2), (4, 5)), ((10, 5), (30, 1)))"
        );
        assert_eq!(
            repr(call(
                "blocked_product",
                &[lay("(2, 5):(5, 1)"), lay("(3, 4):(1, 3)")],
                &[],
                &[]
            )),
            "Layout(((2, 3), (5, 4)), ((5, 10), (1, 30)))"
        );
        // an integer A is promoted through tiler_to_layout
        assert_eq!(
            repr(call(
                "logical_divide",
                &[Value::Int(24), lay("4:2")],
                &[],
                &[]
            )),
            "Layout((4, (2, 3)), (2, (1, 8)))"
        );
        let _ = HTuple::<i64>::empty();
    }

    #[test]
    fn test_builtins_errors() {
        assert_eq!(
            repr(call(
                "composition",
                &[lay("(8, 6):(6, 1)"), lay("16:3")],
                &[],
                &[]
            )),
            "err ValueError"
        );
        assert_eq!(
            repr(call("composition", &[lay("(8, 6):(6, 1)")], &[], &[])),
            "err TypeError"
        );
        assert_eq!(
            repr(call("composition", &[lay("8:1"), lay("2:1")], &[], &[-1])),
            "err IndexError"
        );
        assert_eq!(
            repr(call("composition", &[lay("8:1"), lay("2:1")], &[], &[3])),
            "err IndexError"
        );
        assert_eq!(
            repr(call(
                "complement",
                &[lay("8:1")],
                &[("bogus".into(), Value::Int(1))],
                &[]
            )),
            "err TypeError"
        );
        assert_eq!(
            repr(call(
                "blocked_product",
                &[lay("(2, 5):(5, 1)"), lay("3:1")],
                &[],
                &[]
            )),
            "err ValueError"
        );
        assert_eq!(
            repr(call("complement", &[lay("8:1")], &[], &[0])),
            "err TypeError"
        );
    }
}
