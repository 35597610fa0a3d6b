//! The evaluator: syntax trees to values, with Python's semantics.
//!
//! It runs one statement of a parsed line in a context ([`Ctx`]) over the
//! environment, which it changes only when the statement succeeds. A name
//! is looked up in the parameters of the lambdas around it (innermost
//! first), then in the environment, then among the built-ins. Operators are
//! in [`crate::ops`], the built-in functions in [`crate::builtins`], the
//! reads and writes of tensors in [`crate::tensor`]; the budgets of a
//! statement are the context's ([`mod@crate::eval`]). Every call of a function
//! value, a built-in's call of a lambda included, comes through here.

use std::sync::Arc;

use cute_core::{Error, Result};
use smallvec::SmallVec;

use crate::ast::{Code, Name, Node, NodeId, Run, Stmt, Target};
use crate::builtins;
use crate::eval::{too_deep, Ctx, Env, MAX_VALUE_DEPTH};
use crate::ops;
use crate::slice::Slice;
use crate::stack::{DEEP_STACK_USE, SHALLOW_STACK};
use crate::tensor;
use crate::value::{Fun, Function, Lambda, Locals, Value};

/// What evaluating a line gave.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// An expression (or an error check), and its value.
    Value(Value),
    /// A statement (an assignment, an import), which has no value.
    Statement,
}

/// Where a node is evaluated: its code, and the parameters in scope.
#[derive(Clone, Copy)]
struct Frame<'c> {
    code: &'c Arc<Code>,
    locals: Option<&'c Arc<Locals>>,
}

/// How running a statement on the caller's stack ended.
pub(crate) enum Ran {
    Done(Result<Outcome>),
    /// The statement needs a larger stack; nothing was bound.
    NeedsStack,
}

/// Runs statement `i` of `code` in `env`, on the caller's stack.
pub(crate) fn run_statement(code: &Arc<Code>, i: usize, env: &mut Env) -> Ran {
    let (r, out_of_stack) = run(code, i, env, SHALLOW_STACK);
    if out_of_stack {
        Ran::NeedsStack
    } else {
        Ran::Done(r)
    }
}

/// Runs statement `i` of `code` in `env`, on a thread with a
/// [`crate::stack::DEEP_STACK`].
pub(crate) fn run_statement_deep(code: &Arc<Code>, i: usize, env: &mut Env) -> Result<Outcome> {
    run(code, i, env, DEEP_STACK_USE).0
}

/// Runs statement `i`, using at most `stack` bytes of stack; the flag is
/// true iff it ran out of them.
fn run(code: &Arc<Code>, i: usize, env: &mut Env, stack: usize) -> (Result<Outcome>, bool) {
    let mut cx = Ctx::new(env, stack, call_value);
    let frame = Frame { code, locals: None };
    let r = exec(&mut cx, frame, &code.stmts[i]);
    let out_of_stack = cx.out_of_stack();
    let r = match r {
        Ok(Exec::Value(v)) => Ok(Outcome::Value(v)),
        Ok(Exec::Bind(pairs)) => {
            for (name, v) in pairs {
                env.set(name, v);
            }
            Ok(Outcome::Statement)
        }
        Ok(Exec::Nothing) => Ok(Outcome::Statement),
        Err(e) => Err(e),
    };
    (r, out_of_stack)
}

/// Runs `f` in a fresh statement context over `env` (the budgets of one
/// statement), using at most `stack` bytes of stack; the flag is true iff
/// it ran out of them.
pub(crate) fn run_with<T>(
    env: &Env,
    stack: usize,
    f: impl FnOnce(&mut Ctx<'_>) -> Result<T>,
) -> (Result<T>, bool) {
    let mut cx = Ctx::new(env, stack, call_value);
    let r = f(&mut cx);
    (r, cx.out_of_stack())
}

enum Exec {
    Value(Value),
    Bind(Vec<(String, Value)>),
    Nothing,
}

fn exec(cx: &mut Ctx<'_>, f: Frame<'_>, stmt: &Stmt) -> Result<Exec> {
    match stmt {
        Stmt::Expr(e) => Ok(Exec::Value(eval_top(cx, f, *e)?)),
        Stmt::Assign(target, e) => {
            let v = eval_top(cx, f, *e)?;
            // unpack completely before binding, so a failure binds no name
            // (a write into a tensor is made when its item is reached)
            let mut pairs = Vec::new();
            bind(cx, f, target, v, &mut pairs)?;
            Ok(Exec::Bind(pairs))
        }
        Stmt::ExpectError(e, class) => {
            let r = eval_top(cx, f, *e);
            let hit = matches!(r, Err(ref x) if x.class() == *class);
            Ok(Exec::Value(Value::Bool(hit)))
        }
        Stmt::Import(import) => {
            builtins::import(f.code, import)?;
            Ok(Exec::Nothing)
        }
    }
}

/// Evaluates a statement's expression and checks that its value is not
/// nested too deeply.
fn eval_top(cx: &mut Ctx<'_>, f: Frame<'_>, e: NodeId) -> Result<Value> {
    let v = eval_node(cx, f, e)?;
    if v.depth(MAX_VALUE_DEPTH + 1) > MAX_VALUE_DEPTH {
        return Err(too_deep("eval"));
    }
    Ok(v)
}

fn bind(
    cx: &mut Ctx<'_>,
    f: Frame<'_>,
    target: &Target,
    v: Value,
    out: &mut Vec<(String, Value)>,
) -> Result<()> {
    match target {
        Target::Name(n) => {
            out.push((f.code.text(*n).to_string(), v));
            Ok(())
        }
        Target::Item(obj, idx) => {
            let o = eval_node(cx, f, *obj)?;
            let i = eval_node(cx, f, *idx)?;
            setitem(&o, &i, &v)
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
                bind(cx, f, t, x, out)?;
            }
            Ok(())
        }
    }
}

fn eval_node(cx: &mut Ctx<'_>, f: Frame<'_>, id: NodeId) -> Result<Value> {
    cx.step()?;
    let code = &**f.code;
    Ok(match code.node(id) {
        Node::Int(v) => Value::Int(v),
        Node::Float(v) => Value::Float(v),
        Node::Str(i) => {
            let s = &code.strings[i as usize];
            cx.charge("str", 1 + s.len() as u64)?;
            Value::Str(s.clone())
        }
        Node::Bool(b) => Value::Bool(b),
        Node::None => Value::None,
        Node::Name(n) => lookup(cx, f, n)?,
        Node::Tuple(run) => Value::Tuple(eval_seq(cx, f, run)?),
        Node::List(run) => Value::List(eval_seq(cx, f, run)?),
        Node::Unary(op, x) => {
            let v = eval_node(cx, f, x)?;
            ops::unary(op, v)?
        }
        Node::Binary(op, a, b) => {
            let a = eval_node(cx, f, a)?;
            let b = eval_node(cx, f, b)?;
            let r = ops::binary(op, &a, &b, cx.room())?;
            if !matches!(r, Value::Int(_)) {
                cx.charge_value(op.symbol(), &r)?;
            }
            r
        }
        Node::And(a, b) => {
            let a = eval_node(cx, f, a)?;
            if !ops::truthy(&a) {
                a
            } else {
                eval_node(cx, f, b)?
            }
        }
        Node::Or(a, b) => {
            let a = eval_node(cx, f, a)?;
            if ops::truthy(&a) {
                a
            } else {
                eval_node(cx, f, b)?
            }
        }
        Node::IfElse { cond, then, other } => {
            let c = eval_node(cx, f, cond)?;
            eval_node(cx, f, if ops::truthy(&c) { then } else { other })?
        }
        Node::Compare { first, rest } => {
            let mut left = eval_node(cx, f, first)?;
            for &(op, r) in &code.cmps[rest.range()] {
                let right = eval_node(cx, f, r)?;
                if !ops::compare(op, &left, &right)? {
                    return Ok(Value::Bool(false));
                }
                left = right;
            }
            Value::Bool(true)
        }
        Node::Call { func, args, kwargs } => eval_call(cx, f, func, args, kwargs)?,
        Node::Attr(obj, name) => {
            let o = eval_node(cx, f, obj)?;
            let r = builtins::attribute(&o, code.text(name))?;
            cx.charge_value("attribute", &r)?;
            r
        }
        Node::Index(obj, idx) => {
            let o = eval_node(cx, f, obj)?;
            let i = eval_node(cx, f, idx)?;
            let r = subscript(cx, &o, &i)?;
            cx.charge_value("[]", &r)?;
            r
        }
        Node::Slice(parts) => {
            let mut bounds = [None; 3];
            for (b, part) in bounds.iter_mut().zip(parts) {
                if let Some(x) = part {
                    *b = match eval_node(cx, f, x)? {
                        Value::None => None,
                        Value::Int(v) => Some(v),
                        Value::Bool(v) => Some(v as i64),
                        other => {
                            return Err(Error::type_error(
                                "slice",
                                format!("slice indices must be integers or None, got {other}"),
                            ))
                        }
                    };
                }
            }
            Value::Slice(Box::new(Slice {
                start: bounds[0],
                stop: bounds[1],
                step: bounds[2],
            }))
        }
        Node::Lambda(i) => {
            let def = &code.lambdas[i as usize];
            let mut defaults = Vec::with_capacity(def.params.len());
            for p in &def.params {
                defaults.push(match p.default {
                    Some(d) => Some(eval_node(cx, f, d)?),
                    None => None,
                });
            }
            let l = Value::Function(Function(Fun::Lambda(Arc::new(Lambda {
                code: f.code.clone(),
                def: i,
                defaults,
                captured: f.locals.cloned(),
            }))));
            // what it closes over counts: closures nested in a loop stay bounded
            cx.charge_value("lambda", &l)?;
            l
        }
    })
}

/// The items of a tuple or list display.
fn eval_seq(cx: &mut Ctx<'_>, f: Frame<'_>, run: Run) -> Result<Vec<Value>> {
    cx.charge("tuple", 1 + u64::from(run.len))?;
    let mut items = Vec::with_capacity(run.len as usize);
    for &k in f.code.kids(run) {
        items.push(eval_node(cx, f, k)?);
    }
    Ok(items)
}

/// The value a name refers to.
fn lookup(cx: &mut Ctx<'_>, f: Frame<'_>, n: Name) -> Result<Value> {
    let text = f.code.text(n.span);
    let mut scope = f.locals;
    while let Some(l) = scope {
        if let Some((_, v)) = l.vars.iter().find(|(s, _)| l.code.text(*s) == text) {
            cx.charge_value("name", v)?;
            return Ok(v.clone());
        }
        scope = l.parent.as_ref();
    }
    if let Some(v) = cx.env().get(text) {
        cx.charge_value("name", v)?;
        return Ok(v.clone());
    }
    match n.builtin {
        Some(b) => builtins::reference(b),
        None => Err(Error::value(
            "name",
            format!("name '{text}' is not defined"),
        )),
    }
}

/// Positional arguments, evaluated.
type Args = SmallVec<[Value; 4]>;
/// Keyword arguments, evaluated, in the order written.
type Kwargs<'a> = SmallVec<[(&'a str, Value); 2]>;

fn eval_call(
    cx: &mut Ctx<'_>,
    f: Frame<'_>,
    func: NodeId,
    args: Run,
    kwargs: Run,
) -> Result<Value> {
    let code = &**f.code;
    // a method: obj.name(args)
    if let Node::Attr(obj, name) = code.node(func) {
        let o = eval_node(cx, f, obj)?;
        let (argv, kwv) = eval_args(cx, f, args, kwargs)?;
        return builtins::call_method(cx, &o, code.text(name), &argv, &kwv);
    }
    let fv = eval_node(cx, f, func)?;
    let (argv, kwv) = eval_args(cx, f, args, kwargs)?;
    call_value(cx, &fv, &argv, &kwv)
}

fn eval_args<'c>(
    cx: &mut Ctx<'_>,
    f: Frame<'c>,
    args: Run,
    kwargs: Run,
) -> Result<(Args, Kwargs<'c>)> {
    let code: &'c Code = f.code;
    let mut argv = Args::new();
    for &k in code.kids(args) {
        argv.push(eval_node(cx, f, k)?);
    }
    let mut kwv = Kwargs::new();
    for &(name, k) in &code.kwargs[kwargs.range()] {
        kwv.push((code.text(name), eval_node(cx, f, k)?));
    }
    Ok((argv, kwv))
}

/// Calls a value: a function, a layout (evaluation at a coordinate) or a
/// swizzle (applied to an offset). Every [`Ctx`] made here calls function
/// values so ([`crate::eval::call_value`]).
fn call_value(
    cx: &mut Ctx<'_>,
    f: &Value,
    args: &[Value],
    kwargs: &[(&str, Value)],
) -> Result<Value> {
    match f {
        Value::Function(Function(fun)) => match fun {
            Fun::Builtin(b) => builtins::call(cx, *b, &[], args, kwargs),
            Fun::Subscripted(s) => builtins::call(cx, s.0, &s.1, args, kwargs),
            Fun::Lambda(l) => call_lambda(cx, l, args, kwargs),
            Fun::ModeOp(m) => call_mode_op(cx, &m.0, &m.1, args, kwargs),
        },
        Value::Layout(_) | Value::SymLayout(_) | Value::Swizzle(_) => {
            let r = builtins::call_object(f, args, kwargs)?;
            cx.charge_value("call", &r)?;
            Ok(r)
        }
        other => Err(Error::type_error(
            "call",
            format!("'{}' object {other} is not callable", other.type_name()),
        )),
    }
}

/// `ModeOpDecorator(inner)[mode](args, mode=m)`: `inner(args, mode=mode +
/// m)`, the subscripts' modes before the keyword's.
fn call_mode_op(
    cx: &mut Ctx<'_>,
    inner: &Value,
    mode: &[i64],
    args: &[Value],
    kwargs: &[(&str, Value)],
) -> Result<Value> {
    let mut full: Vec<Value> = mode.iter().map(|&m| Value::Int(m)).collect();
    let mut rest: Kwargs<'_> = SmallVec::new();
    for (k, v) in kwargs {
        if *k == "mode" {
            match v {
                Value::Int(i) => full.push(Value::Int(*i)),
                Value::Tuple(x) | Value::List(x) => full.extend(x.iter().cloned()),
                other => {
                    return Err(Error::type_error(
                        "ModeOpDecorator",
                        format!("mode must be an integer or a tuple of integers, got {other}"),
                    ))
                }
            }
        } else {
            rest.push((k, v.clone()));
        }
    }
    rest.push(("mode", Value::Tuple(full)));
    call_value(cx, inner, args, &rest)
}

fn call_lambda(
    cx: &mut Ctx<'_>,
    l: &Arc<Lambda>,
    args: &[Value],
    kwargs: &[(&str, Value)],
) -> Result<Value> {
    cx.enter_call()?;
    let def = l.def();
    let code = &l.code;
    let mut slots: SmallVec<[Option<Value>; 4]> = SmallVec::from_elem(None, def.params.len());
    let positional = def.params.iter().filter(|p| !p.keyword_only).count();
    if args.len() > positional {
        return Err(Error::type_error(
            "lambda",
            format!(
                "<lambda>() takes {positional} positional arguments but {} were given",
                args.len()
            ),
        ));
    }
    for (slot, a) in slots.iter_mut().zip(args) {
        *slot = Some(a.clone());
    }
    for (k, v) in kwargs {
        let Some(i) = def.params.iter().position(|p| code.text(p.name) == *k) else {
            return Err(Error::type_error(
                "lambda",
                format!("<lambda>() got an unexpected keyword argument '{k}'"),
            ));
        };
        if slots[i].is_some() {
            return Err(Error::type_error(
                "lambda",
                format!("<lambda>() got multiple values for argument '{k}'"),
            ));
        }
        slots[i] = Some(v.clone());
    }
    let mut vars = SmallVec::with_capacity(def.params.len());
    for ((p, slot), default) in def.params.iter().zip(slots).zip(&l.defaults) {
        let v = match (slot, default) {
            (Some(v), _) => v,
            (None, Some(d)) => d.clone(),
            (None, None) => {
                return Err(Error::type_error(
                    "lambda",
                    format!(
                        "<lambda>() missing required argument '{}'",
                        code.text(p.name)
                    ),
                ))
            }
        };
        vars.push((p.name, v));
    }
    let locals = Arc::new(Locals {
        code: code.clone(),
        vars,
        parent: l.captured.clone(),
    });
    let frame = Frame {
        code,
        locals: Some(&locals),
    };
    let r = eval_node(cx, frame, def.body);
    cx.leave_call();
    r
}

/// `o[i] = v`: a write into a tensor or an accessor (the evaluator's
/// tuples and lists are values, which item assignment cannot change).
fn setitem(o: &Value, i: &Value, v: &Value) -> Result<()> {
    match o {
        Value::Tensor(t) => tensor::tensor_setitem(t, i, v),
        Value::Accessor(a) => tensor::accessor_setitem(a, i, v),
        other => Err(Error::type_error(
            "[]=",
            format!(
                "'{}' object {other} does not support item assignment (tensors and accessors do)",
                other.type_name()
            ),
        )),
    }
}

/// `o[i]`: a mode subscript of a function, an element or a slice of a
/// sequence or a string, a mode or a slice of a layout, an element or a view
/// of a tensor, the value at an offset of an accessor.
fn subscript(cx: &mut Ctx<'_>, o: &Value, i: &Value) -> Result<Value> {
    match (o, i) {
        (Value::Tensor(t), _) => tensor::tensor_getitem(cx, t, i),
        (Value::Accessor(a), _) => tensor::accessor_getitem(cx, a, i),
        // a mode subscript: shape[1], get[0, 2], shape[1][0]
        (Value::Function(func), _) => {
            let more: Vec<i64> = match i {
                Value::Int(k) => vec![*k],
                Value::Tuple(ks) => ks.iter().map(|k| k.to_int("[]")).collect::<Result<_>>()?,
                other => {
                    return Err(Error::type_error(
                        "[]",
                        format!(
                        "a mode subscript of {} is an integer or a tuple of integers, got {other}",
                        func.name()
                    ),
                    ))
                }
            };
            builtins::check_subscript(func)?;
            Ok(Value::Function(func.subscript(&more)?))
        }
        (Value::Tuple(v), Value::Slice(s)) => Ok(Value::Tuple(
            s.indices(v.len())?.map(|k| v[k].clone()).collect(),
        )),
        (Value::List(v), Value::Slice(s)) => Ok(Value::List(
            s.indices(v.len())?.map(|k| v[k].clone()).collect(),
        )),
        (Value::Str(st), Value::Slice(s)) => {
            let cs: Vec<char> = st.chars().collect();
            Ok(Value::Str(s.indices(cs.len())?.map(|k| cs[k]).collect()))
        }
        (Value::Tuple(v) | Value::List(v), _) => {
            let k = ops::index_of(i, v.len(), o.type_name())?;
            Ok(v[k].clone())
        }
        (Value::Str(s), _) => {
            let cs: Vec<char> = s.chars().collect();
            let k = ops::index_of(i, cs.len(), "str")?;
            Ok(Value::Str(cs[k].to_string()))
        }
        (Value::Layout(l), _) => builtins::layout_getitem(l, i),
        (Value::SymLayout(l), _) => builtins::sym_layout_getitem(l, i),
        (other, _) => Err(Error::type_error(
            "[]",
            format!(
                "'{}' object {other} is not subscriptable",
                other.type_name()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MAX_ELEMENTS;
    use crate::{eval, eval_expr};
    use cute_core::ErrorClass;

    /// The repr (its first 200 characters) or the error class.
    fn val(src: &str) -> String {
        match eval_expr(src) {
            Ok(v) => v.to_string().chars().take(200).collect(),
            Err(e) => format!("{}", e.class()),
        }
    }

    /// Runs the lines in one environment; the last one's value or class.
    fn run(lines: &[&str]) -> String {
        let mut env = Env::new();
        let mut last = String::new();
        for l in lines {
            last = match eval(l, &mut env) {
                Ok(Outcome::Value(v)) => v.to_string().chars().take(200).collect(),
                Ok(Outcome::Statement) => "ok".to_string(),
                Err(e) => format!("{}: {e}", e.class()),
            };
        }
        last
    }

    #[test]
    fn lambdas_are_values_and_closures() {
        assert_eq!(val("(lambda x: x + 1)(2)"), "3");
        assert_eq!(val("(lambda: 7)()"), "7");
        assert_eq!(run(&["f = lambda x: x * 2; f(3)"]), "6");
        assert_eq!(run(&["f = lambda x: x * 2", "f(3)"]), "6");
        // a lambda closes over the parameters of the lambdas around it
        assert_eq!(val("(lambda x: lambda y: x + y)(1)(2)"), "3");
        assert_eq!(val("(lambda x: (lambda x: x * 10)(x + 1))(1)"), "20");
        // globals are looked up when the lambda runs, as in Python
        assert_eq!(run(&["k = 2", "f = lambda x: x * k", "k = 3", "f(2)"]), "6");
        // defaults are evaluated when the lambda is
        assert_eq!(run(&["k = 1", "f = lambda x=k: x", "k = 2", "f()"]), "1");
        assert_eq!(val("(lambda x, y=10: x + y)(1)"), "11");
        assert_eq!(val("(lambda x, y=10: x + y)(1, y=2)"), "3");
        assert_eq!(
            val("(lambda x, *, mode=(): (x, mode))(1, mode=2)"),
            "(1, 2)"
        );
        assert_eq!(val("(lambda x: x)(1, 2)"), "TypeError");
        assert_eq!(val("(lambda x: x)()"), "TypeError");
        assert_eq!(val("(lambda x: x)(y=1)"), "TypeError");
        assert_eq!(val("(lambda x: x)(1, x=1)"), "TypeError");
        assert_eq!(val("(lambda x, *, k: x)(1, 2)"), "TypeError");
        assert_eq!(val("(lambda x: x)[0]"), "TypeError");
        assert_eq!(val("lambda x: x"), "<function <lambda>>");
        assert_eq!(
            run(&["f = lambda x: x", "f == f, f == (lambda x: x)"]),
            "(True, False)"
        );
        // the names of a lambda's parameters shadow the environment and the built-ins
        assert_eq!(run(&["x = 5", "(lambda x: x)(1) + x"]), "6");
        assert_eq!(val("(lambda size: size + 1)(1)"), "2");
        assert_eq!(val("1 if 0 else 2"), "2");
    }

    #[test]
    fn functions_take_lambdas() {
        assert_eq!(
            val("transform_leaf(lambda a, b, c: a + b + c, (1, (2,)), (3, (4,)), (5, (6,)))"),
            "(9, (12,))"
        );
        assert_eq!(
            val("transform_apply_leaf(lambda c: max(c), lambda x: x * 2, (1, (5, 3)))"),
            "10"
        );
        assert_eq!(
            val("fold_leaf(lambda acc, x, y, z: acc + x * y * z, 0, (1, 2), (3, 4), (5, 6))"),
            "63"
        );
        assert_eq!(val("lift[1](42, make=lambda c: list(c))"), "[0, 42]");
        assert_eq!(val("flatten(((1, 2), 3), lambda c: sum(c))"), "6");
        assert_eq!(
            val("transform_leaf(lambda x: 1 // x, (1, 0))"),
            "ValueError"
        );
        assert_eq!(
            val("transform_leaf(lambda x, y: x, (1, 2), (3,))"),
            "ValueError"
        );
        assert_eq!(
            val("transform_leaf(Layout, (4, (8,)))"),
            "(Layout(4, 1), (Layout(8, 1),))"
        );
    }

    #[test]
    fn mode_op_decorator() {
        let op = "op = ModeOpDecorator(lambda x, *, mode=(): get(x, mode=mode))";
        assert_eq!(run(&[op, "op[1]((1, (2, 3)))"]), "(2, 3)");
        assert_eq!(run(&[op, "op[1][0]((1, (2, 3)))"]), "2");
        assert_eq!(run(&[op, "op[1, 0]((1, (2, 3)))"]), "2");
        assert_eq!(run(&[op, "op[1]((1, (2, 3)), mode=0)"]), "2");
        assert_eq!(run(&[op, "op((1, 2))"]), "(1, 2)");
        assert_eq!(run(&[op, "op[1]"]), "<function <lambda>[1]>");
        assert_eq!(val("ModeOpDecorator(size)[1](Layout((3, (2, 4))))"), "8");
        assert_eq!(
            val("isinstance(ModeOpDecorator(size), ModeOpDecorator)"),
            "True"
        );
        assert_eq!(val("ModeOpDecorator(3)"), "TypeError");
        assert_eq!(val("ModeOpDecorator(lambda x: x)[0](1)"), "TypeError");
    }

    #[test]
    fn recursion_is_bounded() {
        let fact = "fact = lambda n: 1 if n <= 1 else n * fact(n - 1)";
        assert_eq!(run(&[fact, "fact(20)"]), "2432902008176640000");
        // deep recursion moves to a large stack rather than overflowing
        let count = "count = lambda n: 0 if n == 0 else 1 + count(n - 1)";
        assert_eq!(run(&[count, "count(900)"]), "900");
        let r = run(&["f = lambda n: f(n)", "f(1)"]);
        assert!(
            r.starts_with("ValueError") && r.contains("recursion"),
            "{r}"
        );
        // a call tree that doubles at each level runs out of steps
        let r = run(&[
            "(lambda f: f(f, 0))(lambda f, n: 0 if n == 40 else (f(f, n + 1), f(f, n + 1)))",
        ]);
        assert!(r.starts_with("ValueError") && r.contains("steps"), "{r}");
    }

    #[test]
    fn one_statement_builds_a_bounded_number_of_elements() {
        let r = run(&["len((tuple(range(1048576)),) * 1024)"]);
        assert!(
            r.starts_with("ValueError") && r.contains(&MAX_ELEMENTS.to_string()),
            "{r}"
        );
        // a name copies its value: five copies of a million are too many
        assert_eq!(run(&["x = tuple(range(1000000))", "len(x)"]), "1000000");
        let r = run(&["x = tuple(range(1000000))", "(x, x, x, x, x)"]);
        assert!(r.starts_with("ValueError"), "{r}");
        // a quadratic sum is cut short
        let r = run(&["sum([(1,)] * 100000, ())"]);
        assert!(r.starts_with("ValueError"), "{r}");
        for src in [
            "[[0] * 1000] * 10000",
            "'ab' * 1000000 * 4",
            "E(1000000, 1000000, 1000000, 1000000, 1000000)",
            "lift[1000000, 1000000, 1000000, 1000000, 1000000](0)",
            "repeat_like(tuple(range(1000)), tuple(range(10000)))",
            "coordinates((1024, 1024)) + coordinates((1024, 1024))",
            "print_tensor(Layout((4096, 4096)))",
        ] {
            assert_eq!(val(src), "ValueError", "{src}");
        }
        // the budget is per statement: the next one starts afresh
        let build = "x = tuple(range(1000000)); y = list(x)";
        assert_eq!(run(&[build, build, build, "len(x) + len(y)"]), "2000000");
    }

    #[test]
    fn deep_values_are_rejected() {
        let mut env = Env::new();
        env.set("x", Value::Int(0));
        let mut failed = false;
        for _ in 0..(MAX_VALUE_DEPTH + 5) {
            if eval("x = (x,)", &mut env).is_err() {
                failed = true;
                break;
            }
        }
        assert!(failed);
        let r = run(&[
            "f = lambda x, n: x if n == 0 else f((x,), n - 1)",
            "f(0, 300)",
        ]);
        assert!(r.starts_with("ValueError"), "{r}");
        assert_eq!(
            eval_expr("(lambda x: x)(1) -> ValueError")
                .unwrap_err()
                .class(),
            ErrorClass::SyntaxError
        );
    }
}
