//! The context of evaluation: the environment that persists across lines
//! ([`Env`]), and one statement's context ([`Ctx`]): its budgets, and how a
//! function value is called.
//!
//! What one statement may cost is bounded, whatever its values: it builds at
//! most [`MAX_ELEMENTS`] elements (nested ones included: every tuple,
//! layout, string and copy of a bound value counts what it holds), takes at
//! most [`MAX_STEPS`] evaluation steps, and nests calls at most
//! [`MAX_CALL_DEPTH`] deep. Past a bound the statement fails with a
//! `ValueError` naming it, before it takes the memory or the time.
//!
//! The context is below the operators, the tensors and the built-ins, which
//! all count against the budgets, and below the evaluator
//! ([`crate::interp`]), which walks the syntax tree. A built-in that calls a
//! function value (a lambda) calls it through the context ([`call_value`]):
//! the evaluator installed its own way of calling in the context when it
//! made it, so the built-ins need not know the evaluator.

use std::collections::HashMap;

use cute_core::{Error, Result};

use crate::stack::StackLimit;
use crate::value::Value;

/// The deepest nesting a value may have; deeper results are a `ValueError`,
/// so that printing, comparing and dropping values never exhaust the stack.
pub(crate) const MAX_VALUE_DEPTH: usize = 256;

/// The most elements one sequence built by the evaluator may hold.
pub(crate) const MAX_LEN: usize = 1 << 20;

/// The most elements one statement may build, nested ones included.
pub const MAX_ELEMENTS: u64 = 1 << 22;

/// The most evaluation steps (nodes evaluated, functions called) one
/// statement may take.
pub const MAX_STEPS: u64 = 1 << 22;

/// The deepest nesting of function calls (a lambda calling itself through a
/// name, or a built-in calling a lambda).
pub const MAX_CALL_DEPTH: u32 = 1000;

/// The error of a statement that would build more than [`MAX_ELEMENTS`].
pub(crate) fn too_many(op: &'static str) -> Error {
    Error::value(
        op,
        format!(
            "this statement would build more than {MAX_ELEMENTS} elements, the limit of one statement"
        ),
    )
}

/// The error of a value nested deeper than [`MAX_VALUE_DEPTH`].
pub(crate) fn too_deep(op: &'static str) -> Error {
    Error::value(
        op,
        format!("value nested deeper than {MAX_VALUE_DEPTH} levels"),
    )
}

/// The names bound by assignments, persisting across statements.
///
/// # Examples
/// ```
/// use cute_expr::{eval, Env};
/// let mut env = Env::new();
/// eval("x = 3", &mut env).unwrap();
/// assert_eq!(env.get("x").unwrap().to_string(), "3");
/// env.set("y", cute_expr::Value::Int(4));
/// assert_eq!(env.len(), 2);
/// env.clear();
/// assert!(env.is_empty());
/// ```
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
        if self.vars.is_empty() {
            return None;
        }
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

/// How a call of a function value is made: the evaluator's, which it
/// installs in every [`Ctx`] it makes.
pub(crate) type Caller = fn(&mut Ctx<'_>, &Value, &[Value], &[(&str, Value)]) -> Result<Value>;

/// The state of one statement's evaluation: the environment, what the
/// statement has used of its budgets, and the evaluator's way of calling a
/// function value.
pub(crate) struct Ctx<'e> {
    env: &'e Env,
    caller: Caller,
    elements: u64,
    steps: u64,
    calls: u32,
    stack: StackLimit,
    /// Set when the statement ran out of the shallow stack: it is to be run
    /// again on a large one.
    out_of_stack: bool,
}

impl<'e> Ctx<'e> {
    /// The context of a statement over `env` that may use `stack_limit`
    /// bytes of stack from the caller's frame, and calls function values
    /// with `caller`.
    #[inline(always)]
    pub(crate) fn new(env: &'e Env, stack_limit: usize, caller: Caller) -> Ctx<'e> {
        Ctx {
            env,
            caller,
            elements: 0,
            steps: 0,
            calls: 0,
            stack: StackLimit::new(stack_limit),
            out_of_stack: false,
        }
    }

    /// The names bound before the statement.
    #[inline]
    pub(crate) fn env(&self) -> &'e Env {
        self.env
    }

    /// True iff the statement ran out of its stack, and is to be run again
    /// on a large one.
    #[inline]
    pub(crate) fn out_of_stack(&self) -> bool {
        self.out_of_stack
    }

    /// The number of elements the statement may still build.
    #[inline]
    pub(crate) fn room(&self) -> u64 {
        MAX_ELEMENTS - self.elements
    }

    /// Counts `n` elements built.
    #[inline]
    pub(crate) fn charge(&mut self, op: &'static str, n: u64) -> Result<()> {
        if n > self.room() {
            self.elements = MAX_ELEMENTS;
            return Err(too_many(op));
        }
        self.elements += n;
        Ok(())
    }

    /// Counts the elements of `v`, a value just built or copied, and checks
    /// that it does not nest deeper than [`MAX_VALUE_DEPTH`].
    #[inline]
    pub(crate) fn charge_value(&mut self, op: &'static str, v: &Value) -> Result<()> {
        let m = v.measure(self.room());
        if m.depth > MAX_VALUE_DEPTH {
            return Err(too_deep(op));
        }
        self.charge(op, m.weight)
    }

    /// Counts one evaluation step, and checks the stack.
    ///
    /// # Errors
    /// `ValueError` past [`MAX_STEPS`] steps, or when the stack is used up
    /// (the context then says it ran out of its stack).
    #[inline]
    pub(crate) fn step(&mut self) -> Result<()> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(Error::value(
                "eval",
                format!("this statement takes more than {MAX_STEPS} evaluation steps, the limit of one statement"),
            ));
        }
        if self.stack.exceeded() {
            self.out_of_stack = true;
            return Err(Error::value(
                "eval",
                "expression or recursion too deep for the stack",
            ));
        }
        Ok(())
    }

    /// Counts a step into a call, one level deeper.
    ///
    /// # Errors
    /// As [`Ctx::step`]; `ValueError` past [`MAX_CALL_DEPTH`] nested calls.
    pub(crate) fn enter_call(&mut self) -> Result<()> {
        self.step()?;
        self.calls += 1;
        if self.calls > MAX_CALL_DEPTH {
            return Err(Error::value(
                "call",
                format!("maximum recursion depth ({MAX_CALL_DEPTH} nested calls) exceeded"),
            ));
        }
        Ok(())
    }

    /// Counts the return from a call that [`Ctx::enter_call`] entered.
    #[inline]
    pub(crate) fn leave_call(&mut self) {
        self.calls -= 1;
    }
}

/// Calls a value: a function, a layout (evaluation at a coordinate) or a
/// swizzle (applied to an offset), as the evaluator calls it; the built-ins
/// that take a function (`transform_leaf(f, ...)`, a `TransformAccessor`'s
/// functions) call it so.
///
/// # Errors
/// `TypeError` for a value that is not callable; whatever the call raises.
#[inline]
pub(crate) fn call_value(
    cx: &mut Ctx<'_>,
    f: &Value,
    args: &[Value],
    kwargs: &[(&str, Value)],
) -> Result<Value> {
    (cx.caller)(cx, f, args, kwargs)
}
