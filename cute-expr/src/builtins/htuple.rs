//! The htuple module's functions as built-ins of the expression language.
//!
//! A value is read as a hierarchical tuple whose leaves are whatever is not
//! a tuple or a list (an int, `None`, a layout, an F2...), so these
//! combinators serve every kind of HTuple, as in the specification. The
//! function arguments (`transform_leaf(f, ...)`, `make=make_layout`) are any
//! callable value: a built-in, a `lambda`, a layout.

use cute_core::{Error, Result};
use cute_dynamic::htuple::{self, HTuple};

use super::{class_func, func, Builtin, Call, Sig};
use crate::eval::{call_value, Ctx, MAX_LEN};
use crate::value::{Fun, Function, Value};

pub(super) static TABLE: &[Builtin] = &[
    func("is_tuple", Sig::new(&["x"], 1), is_tuple),
    func("profile", Sig::new(&["obj"], 1), profile),
    func("congruent", Sig::new(&["a", "b"], 2), congruent),
    func(
        "weakly_congruent",
        Sig::new(&["a", "b"], 2),
        weakly_congruent,
    ),
    func("wrap", Sig::new(&["x"], 1), wrap),
    func("unwrap", Sig::new(&["x"], 1), unwrap),
    class_func("ModeOpDecorator", Sig::new(&["func"], 1), mode_op, |v| {
        matches!(v, Value::Function(Function(Fun::ModeOp(_))))
    }),
    func("get", Sig::new(&["obj"], 1).mode(), get),
    func(
        "lift",
        Sig::new(&["obj"], 1).keywords(&["pad", "make"]).mode(),
        lift,
    ),
    func("replace", Sig::new(&["obj", "x"], 2).mode(), replace),
    func("select", Sig::new(&["obj"], 1).mode(), select),
    func(
        "transform_apply_leaf",
        Sig::new(&["make", "fn", "htuple"], 3).rest(),
        transform_apply_leaf,
    ),
    func(
        "transform_leaf",
        Sig::new(&["fn"], 1).rest(),
        transform_leaf,
    ),
    func("leaves", Sig::new(&["htuple"], 1), leaves),
    func("zip_leaves", Sig::new(&["htuple"], 1).rest(), zip_leaves),
    func("fold_leaf", Sig::new(&["fn", "init"], 2).rest(), fold_leaf),
    func("flatten", Sig::new(&["htuple", "make"], 1), flatten),
    func(
        "unflatten",
        Sig::new(&["values", "profile", "make"], 2),
        unflatten,
    ),
    func("repeat_like", Sig::new(&["x", "profile"], 2), repeat_like),
    func("product", Sig::new(&["s"], 1), product),
    func("product_each", Sig::new(&["s"], 1), product_each),
    func("slice_", Sig::new(&["htuple", "B", "make"], 2), slice_),
    func("dice_", Sig::new(&["htuple", "B", "make"], 2), dice_),
];

/// A value as a hierarchical tuple whose leaves are the values that are not
/// tuples or lists.
pub(crate) fn to_htuple(v: &Value) -> HTuple<Value> {
    match v {
        Value::Tuple(x) | Value::List(x) => HTuple::Tuple(x.iter().map(to_htuple).collect()),
        x => HTuple::Leaf(x.clone()),
    }
}

/// A hierarchical tuple of values as a (nested) tuple value.
pub(crate) fn from_htuple(h: HTuple<Value>) -> Value {
    match h {
        HTuple::Leaf(x) => x,
        HTuple::Tuple(c) => Value::Tuple(c.into_iter().map(from_htuple).collect()),
    }
}

/// The profile of a value: a layout's or a tensor's shape, anything else
/// itself.
pub(crate) fn profile_of(v: &Value) -> Value {
    match v {
        Value::Layout(l) => Value::from_int_tuple(&l.shape()),
        Value::SymLayout(l) => crate::symbolic::shape_value(l),
        Value::Tensor(t) => Value::from_int_tuple(&t.layout().shape()),
        x => x.clone(),
    }
}

/// `get[mode](x)`: a layout's sub-layout, a tensor's sub-tensor, or a
/// tuple's element.
pub(crate) fn get_at(x: &Value, mode: &[usize]) -> Result<Value> {
    if mode.is_empty() {
        return Ok(x.clone());
    }
    match x {
        Value::Layout(l) => Ok(Value::from(l.get(mode)?)),
        Value::SymLayout(l) => Ok(crate::symbolic::layout_value(l.get(mode)?)),
        Value::Tensor(t) => Ok(Value::Tensor(Box::new(t.mode(mode)?))),
        x => Ok(from_htuple(htuple::get(&to_htuple(x), mode)?.clone())),
    }
}

/// A mode path: an integer, or a sequence of them, none negative.
pub(crate) fn mode_path(op: &'static str, p: &Value) -> Result<Vec<usize>> {
    let one = |x: &Value| {
        let i = x.to_int(op)?;
        usize::try_from(i)
            .map_err(|_| Error::out_of_range(op, i, None, format!("negative mode index {i}")))
    };
    match p {
        Value::Tuple(x) | Value::List(x) => x.iter().map(one).collect(),
        x => Ok(vec![one(x)?]),
    }
}

/// The children of a tuple or list value.
fn children(v: &Value) -> Option<&[Value]> {
    v.as_seq()
}

/// A `make` argument: absent, or the built-in `tuple`, builds tuples.
fn make_arg(v: Option<&Value>) -> Option<&Value> {
    match v {
        Some(Value::Function(f)) if f.name() == "tuple" && f.as_builtin().is_some() => None,
        other => other,
    }
}

/// Builds a node from its children with `make` (`None` makes a tuple).
fn make_node(cx: &mut Ctx<'_>, make: Option<&Value>, items: Vec<Value>) -> Result<Value> {
    match make {
        None => Ok(Value::Tuple(items)),
        Some(f) => call_value(cx, f, &[Value::List(items)], &[]),
    }
}

/// Builds a value from a tree, with `make` at every node.
fn build(cx: &mut Ctx<'_>, h: HTuple<Value>, make: Option<&Value>) -> Result<Value> {
    match (h, make) {
        (h, None) => Ok(from_htuple(h)),
        (HTuple::Leaf(x), Some(_)) => Ok(x),
        (HTuple::Tuple(c), Some(_)) => {
            let mut items = Vec::with_capacity(c.len());
            for x in c {
                items.push(build(cx, x, make)?);
            }
            make_node(cx, make, items)
        }
    }
}

fn is_tuple(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Bool(matches!(
        c.arg(0),
        Value::Tuple(_) | Value::List(_)
    )))
}

fn profile(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(profile_of(c.arg(0)))
}

fn congruent(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = to_htuple(&profile_of(c.arg(0)));
    let b = to_htuple(&profile_of(c.arg(1)));
    Ok(Value::Bool(htuple::congruent(&a, &b)))
}

fn weakly_congruent(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = to_htuple(&profile_of(c.arg(0)));
    let b = to_htuple(&profile_of(c.arg(1)));
    Ok(Value::Bool(htuple::weakly_congruent(&a, &b)))
}

fn wrap(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(from_htuple(htuple::wrap(to_htuple(c.arg(0)))))
}

fn unwrap(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(from_htuple(htuple::unwrap(to_htuple(c.arg(0)))))
}

/// `ModeOpDecorator(f)`: `f` with its keyword `mode` exposed as subscripts:
/// `op[0](A, mode=1)` calls `f(A, mode=(0, 1))`.
fn mode_op(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    match c.arg(0) {
        f @ Value::Function(_) => Ok(Value::Function(Function(Fun::ModeOp(std::sync::Arc::new(
            (f.clone(), Vec::new()),
        ))))),
        other => Err(Error::type_error(
            c.name,
            format!(
                "ModeOpDecorator takes a function, got {} {other}",
                other.type_name()
            ),
        )),
    }
}

fn get(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    get_at(c.arg(0), c.mode)
}

fn lift(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let pad = to_htuple(c.kw("pad").unwrap_or(&Value::Int(0)));
    // each index i creates i pads: bound them as every other length
    let pads: usize = c.mode.iter().sum();
    if let Some(&i) = c.mode.iter().find(|&&i| i > MAX_LEN) {
        return Err(Error::value(
            c.name,
            format!("mode index {i} would create more than {MAX_LEN} elements"),
        ));
    }
    let pad_weight = c.kw("pad").map_or(1, |p| p.weight(cx.room()));
    if (pads as u64).saturating_mul(pad_weight) > cx.room() {
        return Err(crate::eval::too_many(c.name));
    }
    let lifted = htuple::lift(to_htuple(c.arg(0)), &pad, c.mode);
    build(cx, lifted, make_arg(c.kw("make")))
}

fn replace(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let r = htuple::replace(&to_htuple(c.arg(0)), to_htuple(c.arg(1)), c.mode)?;
    Ok(from_htuple(r))
}

fn select(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    match c.arg(0) {
        Value::Layout(l) => Ok(Value::Tuple(
            l.select(c.mode)?.into_iter().map(Value::from).collect(),
        )),
        Value::SymLayout(l) => crate::symbolic::select(l, c.mode),
        x => Ok(from_htuple(htuple::select(&to_htuple(x), c.mode)?)),
    }
}

/// `make(fn(leaves)...)` over the trees `trees`, walked alongside the first:
/// where the first has a leaf, `fn` receives it and the matching sub-trees
/// of the others.
fn apply_leaf(
    cx: &mut Ctx<'_>,
    op: &'static str,
    make: Option<&Value>,
    f: &Value,
    trees: &[&Value],
) -> Result<Value> {
    let Some(first) = children(trees[0]) else {
        let leaves: Vec<Value> = trees.iter().map(|&t| t.clone()).collect();
        return call_value(cx, f, &leaves, &[]);
    };
    let mut items = Vec::with_capacity(first.len());
    for (i, x) in first.iter().enumerate() {
        let mut row: Vec<&Value> = Vec::with_capacity(trees.len());
        row.push(x);
        for t in &trees[1..] {
            match children(t) {
                Some(c) if c.len() == first.len() => row.push(&c[i]),
                _ => {
                    return Err(Error::NotCongruent {
                        op,
                        msg: format!("{} is not weakly congruent with {t}", trees[0]),
                    })
                }
            }
        }
        items.push(apply_leaf(cx, op, make, f, &row)?);
    }
    make_node(cx, make, items)
}

fn transform_apply_leaf(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let mut trees = vec![c.arg(2)];
    trees.extend(c.rest);
    apply_leaf(cx, c.name, make_arg(Some(c.arg(0))), c.arg(1), &trees)
}

fn transform_leaf(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    if c.rest.is_empty() {
        return Err(Error::type_error(
            c.name,
            "transform_leaf() needs at least one HTuple",
        ));
    }
    let trees: Vec<&Value> = c.rest.iter().collect();
    apply_leaf(cx, c.name, None, c.arg(0), &trees)
}

/// The rows of `zip_leaves(first, *rest)`: for each leaf of `first`, that
/// leaf and the matching sub-tree of every other argument.
fn zipped(op: &'static str, first: &Value, rest: &[Value]) -> Result<Vec<Vec<Value>>> {
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

fn leaves(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let t = to_htuple(c.arg(0));
    Ok(Value::List(htuple::leaves(&t).cloned().collect()))
}

fn zip_leaves(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::List(
        zipped(c.name, c.arg(0), c.rest)?
            .into_iter()
            .map(Value::Tuple)
            .collect(),
    ))
}

fn fold_leaf(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let Some((first, rest)) = c.rest.split_first() else {
        return Err(Error::type_error(
            c.name,
            "fold_leaf() needs at least one HTuple",
        ));
    };
    let f = c.arg(0);
    let mut acc = c.arg(1).clone();
    for row in zipped(c.name, first, rest)? {
        let mut args = Vec::with_capacity(row.len() + 1);
        args.push(acc);
        args.extend(row);
        acc = call_value(cx, f, &args, &[])?;
    }
    Ok(acc)
}

fn flatten(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let flat = htuple::flatten(&to_htuple(c.arg(0)));
    build(cx, flat, make_arg(c.opt(1)))
}

fn unflatten(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let values = super::iterate(c.name, c.arg(0))?;
    let profile = to_htuple(c.arg(1));
    let t = htuple::unflatten(&mut values.into_iter(), &profile)?;
    build(cx, t, make_arg(c.opt(2)))
}

fn repeat_like(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let p = to_htuple(&profile_of(c.arg(1)));
    let n = p.leaf_count() as u64;
    if n.saturating_mul(c.arg(0).weight(cx.room())) > cx.room() {
        return Err(crate::eval::too_many(c.name));
    }
    Ok(from_htuple(htuple::repeat_like(c.arg(0), &p)))
}

fn product(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let s = c.arg(0).to_int_tuple(c.name)?;
    Ok(Value::Int(htuple::product(&s)?))
}

fn product_each(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let s = c.arg(0).to_int_tuple(c.name)?;
    Ok(Value::from_int_tuple(&htuple::product_each(&s)?))
}

/// `slice_` (`keep_none`) or `dice_`.
fn slice_or_dice(cx: &mut Ctx<'_>, c: &Call<'_>, keep_none: bool) -> Result<Value> {
    let crd = to_htuple(c.arg(0)).try_map(&mut |v| match v {
        Value::None => Ok(None),
        x => Ok(Some(x.clone())),
    })?;
    let b = to_htuple(c.arg(1));
    let r = if keep_none {
        htuple::slice_(&crd, &b)?
    } else {
        htuple::dice_(&crd, &b)?
    };
    match (r, make_arg(c.opt(2))) {
        (HTuple::Tuple(items), Some(f)) => {
            let items = items.into_iter().map(from_htuple).collect();
            call_value(cx, f, &[Value::List(items)], &[])
        }
        (r, _) => Ok(from_htuple(r)),
    }
}

fn slice_(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    slice_or_dice(cx, c, true)
}

fn dice_(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    slice_or_dice(cx, c, false)
}
