//! The htuple module's functions as built-ins of the expression language.
//!
//! A value is read as a hierarchical tuple whose leaves are whatever is not
//! a tuple or a list (an int, `None`, a layout, an F2...), so these
//! combinators serve every kind of HTuple, as in the specification. Function
//! arguments (`make=make_layout`, `transform_leaf(f, ...)`) are built-in
//! functions; lambdas are Python machinery the evaluator does not run.

use cute_core::{Error, Result};

use super::spec::{from_htuple, mode_path, to_htuple};
use super::{arity, kwarg};
use crate::eval::{call_value, MAX_LEN};
use crate::value::Value;
use cute_dynamic::htuple::{self, HTuple};

/// Calls the htuple built-in `name`, or returns `None` if it is not one.
pub(crate) fn call(
    name: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Option<Result<Value>> {
    let r = match name {
        "profile"
        | "congruent"
        | "weakly_congruent"
        | "wrap"
        | "unwrap"
        | "get"
        | "lift"
        | "replace"
        | "select"
        | "transform_apply_leaf"
        | "transform_leaf"
        | "leaves"
        | "zip_leaves"
        | "fold_leaf"
        | "flatten"
        | "unflatten"
        | "repeat_like"
        | "product"
        | "product_each"
        | "slice_"
        | "dice_" => dispatch(name, args, kwargs, mode),
        _ => return None,
    };
    Some(r)
}

/// The profile of a value: a layout's shape, anything else itself.
pub(crate) fn profile_of(v: &Value) -> Value {
    match v {
        Value::Layout(l) => Value::from_int_tuple(l.shape()),
        x => x.clone(),
    }
}

/// Builds a value from a tree with `make` applied at every node (`None`
/// makes tuples).
pub(crate) fn build(h: HTuple<Value>, make: Option<&Value>) -> Result<Value> {
    match (h, make) {
        (h, None) => Ok(from_htuple(h)),
        (HTuple::Leaf(x), Some(_)) => Ok(x),
        (HTuple::Tuple(c), Some(f)) => {
            let items = c
                .into_iter()
                .map(|x| build(x, make))
                .collect::<Result<Vec<_>>>()?;
            call_value(f, &[Value::List(items)], &[])
        }
    }
}

/// A `make` argument: absent or `tuple` builds tuples.
fn make_arg(v: Option<&Value>) -> Option<&Value> {
    match v {
        None => None,
        Some(Value::Func { name, mode }) if name == "tuple" && mode.is_empty() => None,
        Some(f) => Some(f),
    }
}

fn dispatch(
    name: &'static str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Result<Value> {
    let m = mode_path(name, mode)?;
    match name {
        "profile" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            Ok(profile_of(&get_at(name, &args[0], &m)?))
        }
        "congruent" | "weakly_congruent" => {
            arity(name, args, kwargs, 2, 2, &[])?;
            let a = to_htuple(&profile_of(&args[0]));
            let b = to_htuple(&profile_of(&args[1]));
            Ok(Value::Bool(if name == "congruent" {
                htuple::congruent(&a, &b)
            } else {
                htuple::weakly_congruent(&a, &b)
            }))
        }
        "wrap" | "unwrap" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let x = to_htuple(&get_at(name, &args[0], &m)?);
            Ok(from_htuple(if name == "wrap" {
                htuple::wrap(x)
            } else {
                htuple::unwrap(x)
            }))
        }
        "get" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            get_at(name, &args[0], &m)
        }
        "lift" => {
            arity(name, args, kwargs, 1, 1, &["pad", "make"])?;
            let pad = to_htuple(kwarg(kwargs, "pad").unwrap_or(&Value::Int(0)));
            // Each index i creates i pads: bound them as every other length.
            if let Some(&i) = m.iter().find(|&&i| i > MAX_LEN) {
                return Err(Error::value(
                    name,
                    format!("mode index {i} would create more than {MAX_LEN} elements"),
                ));
            }
            let lifted = htuple::lift(to_htuple(&args[0]), &pad, &m);
            build(lifted, make_arg(kwarg(kwargs, "make")))
        }
        "replace" => {
            arity(name, args, kwargs, 2, 2, &[])?;
            let r = htuple::replace(&to_htuple(&args[0]), to_htuple(&args[1]), &m)?;
            Ok(from_htuple(r))
        }
        "select" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            match &args[0] {
                Value::Layout(l) => Ok(Value::Tuple(
                    l.select(&m)?.into_iter().map(Value::Layout).collect(),
                )),
                x => Ok(from_htuple(htuple::select(&to_htuple(x), &m)?)),
            }
        }
        "transform_apply_leaf" => {
            arity(name, args, kwargs, 3, 4, &[])?;
            let (make, f) = (&args[0], &args[1]);
            let trees: Vec<HTuple<Value>> = args[2..].iter().map(to_htuple).collect();
            apply_leaf(
                name,
                &trees,
                &mut |leaves| call_value(f, leaves, &[]),
                &mut |c| call_value(make, &[Value::List(c)], &[]),
            )
        }
        "transform_leaf" => {
            arity(name, args, kwargs, 2, 3, &[])?;
            let f = &args[0];
            let trees: Vec<HTuple<Value>> = args[1..].iter().map(to_htuple).collect();
            apply_leaf(
                name,
                &trees,
                &mut |leaves| call_value(f, leaves, &[]),
                &mut |c| Ok(Value::Tuple(c)),
            )
        }
        "fold_leaf" => {
            arity(name, args, kwargs, 3, usize::MAX, &[])?;
            let (f, init) = (&args[0], args[1].clone());
            let rows = zipped(name, &args[2..])?;
            rows.into_iter().try_fold(init, |acc, row| {
                let mut call_args = vec![acc];
                call_args.extend(row);
                call_value(f, &call_args, &[])
            })
        }
        "leaves" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let t = to_htuple(&args[0]);
            Ok(Value::List(htuple::leaves(&t).cloned().collect()))
        }
        "zip_leaves" => {
            arity(name, args, kwargs, 1, usize::MAX, &[])?;
            Ok(Value::List(
                zipped(name, args)?.into_iter().map(Value::Tuple).collect(),
            ))
        }
        "flatten" => {
            arity(name, args, kwargs, 1, 2, &["make"])?;
            let flat = htuple::flatten(&to_htuple(&args[0]));
            build(
                flat,
                make_arg(args.get(1).or_else(|| kwarg(kwargs, "make"))),
            )
        }
        "unflatten" => {
            arity(name, args, kwargs, 2, 3, &["make"])?;
            let values = super::iterate(name, &args[0])?;
            let profile = to_htuple(&args[1]);
            let t = htuple::unflatten(&mut values.into_iter(), &profile)?;
            build(t, make_arg(args.get(2).or_else(|| kwarg(kwargs, "make"))))
        }
        "repeat_like" => {
            arity(name, args, kwargs, 2, 2, &[])?;
            let p = to_htuple(&profile_of(&args[1]));
            Ok(from_htuple(htuple::repeat_like(&args[0], &p)))
        }
        "product" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let s = get_at(name, &args[0], &m)?.to_int_tuple(name)?;
            Ok(Value::Int(htuple::product(&s)?))
        }
        "product_each" => {
            arity(name, args, kwargs, 1, 1, &[])?;
            let s = get_at(name, &args[0], &m)?.to_int_tuple(name)?;
            Ok(Value::from_int_tuple(&htuple::product_each(&s)?))
        }
        "slice_" | "dice_" => {
            arity(name, args, kwargs, 2, 3, &["make"])?;
            let crd = to_htuple(&args[0]).try_map(&mut |v| match v {
                Value::None => Ok(None),
                x => Ok(Some(x.clone())),
            })?;
            let b = to_htuple(&args[1]);
            let r = if name == "slice_" {
                htuple::slice_(&crd, &b)?
            } else {
                htuple::dice_(&crd, &b)?
            };
            let make = make_arg(args.get(2).or_else(|| kwarg(kwargs, "make")));
            match (r, make) {
                (HTuple::Tuple(c), Some(f)) => {
                    let items = c.into_iter().map(from_htuple).collect();
                    call_value(f, &[Value::List(items)], &[])
                }
                (r, _) => Ok(from_htuple(r)),
            }
        }
        _ => unreachable!("only htuple names reach here"),
    }
}

/// `get[mode](x)`: a layout's sub-layout, or a tuple's element.
pub(crate) fn get_at(op: &'static str, x: &Value, mode: &[usize]) -> Result<Value> {
    if mode.is_empty() {
        return Ok(x.clone());
    }
    match x {
        Value::Layout(l) => Ok(Value::Layout(l.get(mode)?)),
        x => {
            let t = to_htuple(x);
            let _ = op;
            Ok(from_htuple(htuple::get(&t, mode)?.clone()))
        }
    }
}

/// The rows of `zip_leaves(first, *rest)`: for each leaf of `first`, that
/// leaf and the matching sub-tree of every other argument.
fn zipped(op: &'static str, args: &[Value]) -> Result<Vec<Vec<Value>>> {
    let Some((first, rest)) = args.split_first() else {
        return Err(Error::type_error(
            op,
            format!("{op}() needs at least one HTuple"),
        ));
    };
    let a = to_htuple(first);
    let mut rows: Vec<Vec<Value>> = htuple::leaves(&a).map(|x| vec![x.clone()]).collect();
    for other in rest {
        let b = to_htuple(other);
        let pairs = htuple::zip_leaves(&a, &b)?;
        for (row, (_, sub)) in rows.iter_mut().zip(pairs) {
            row.push(from_htuple(sub.clone()));
        }
    }
    if rows.len() > MAX_LEN {
        return Err(Error::value(op, format!("more than {MAX_LEN} leaves")));
    }
    Ok(rows)
}

/// `transform_apply_leaf` over one or two trees: `f` at the leaves of the
/// first (with the matching sub-tree of the second), `make` at its nodes.
fn apply_leaf(
    op: &'static str,
    trees: &[HTuple<Value>],
    f: &mut dyn FnMut(&[Value]) -> Result<Value>,
    make: &mut dyn FnMut(Vec<Value>) -> Result<Value>,
) -> Result<Value> {
    match trees {
        [a] => {
            // the first error stops the walk; it is kept here and reported
            let err = core::cell::RefCell::new(None);
            let r = htuple::transform_apply_leaf(
                a,
                &mut |c: Vec<Option<Value>>| {
                    let c: Option<Vec<Value>> = c.into_iter().collect();
                    c.and_then(|c| make(c).map_err(|e| *err.borrow_mut() = Some(e)).ok())
                },
                &mut |x: &Value| {
                    f(std::slice::from_ref(x))
                        .map_err(|e| *err.borrow_mut() = Some(e))
                        .ok()
                },
            );
            match (r, err.into_inner()) {
                (_, Some(e)) => Err(e),
                (Some(v), None) => Ok(v),
                (None, None) => Err(Error::value(op, "no result")),
            }
        }
        [a, b] => htuple::transform_apply_leaf2(a, b, &mut |c| make(c), &mut |x, y| {
            f(&[x.clone(), from_htuple(y.clone())])
        }),
        _ => Err(Error::type_error(
            op,
            format!("{op}() takes one or two HTuples, got {}", trees.len()),
        )),
    }
}
