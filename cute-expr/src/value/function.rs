//! Function values: the built-ins (with the mode their subscripts gave
//! them), the functions `ModeOpDecorator` makes, and `lambda`s with what
//! they close over.
//!
//! A lambda is data here: its definition (a node of the line it was written
//! in, which it keeps alive), its defaults and the parameters it captured.
//! Calling one is the evaluator's business.

use core::fmt;
use std::sync::Arc;

use cute_core::{Error, Result};
use smallvec::SmallVec;

use super::Value;
use crate::ast::{Code, LambdaDef, Span};
use crate::builtin_id::BuiltinId;

/// A function value: a built-in, a `lambda` (a closure over the names in
/// scope where it was written), or a function made by `ModeOpDecorator`.
///
/// Its `Display` is `<function NAME>`, with the mode its subscripts gave it:
/// `<function shape[1, 0]>`, `<function <lambda>>`.
#[derive(Clone)]
pub struct Function(pub(crate) Fun);

#[derive(Clone)]
pub(crate) enum Fun {
    /// A built-in, without a mode subscript.
    Builtin(BuiltinId),
    /// A built-in with its mode subscripts (`shape[1][0]`).
    Subscripted(Arc<(BuiltinId, Vec<i64>)>),
    /// A lambda.
    Lambda(Arc<Lambda>),
    /// `ModeOpDecorator(inner)`, with its mode subscripts.
    ModeOp(Arc<(Value, Vec<i64>)>),
}

impl Function {
    pub(crate) fn builtin(b: BuiltinId) -> Function {
        Function(Fun::Builtin(b))
    }

    /// The function's name: the built-in's, or `<lambda>`.
    pub fn name(&self) -> &str {
        match &self.0 {
            Fun::Builtin(b) => b.name(),
            Fun::Subscripted(s) => s.0.name(),
            Fun::Lambda(_) => "<lambda>",
            Fun::ModeOp(m) => match &m.0 {
                Value::Function(f) => f.name(),
                _ => "ModeOpDecorator",
            },
        }
    }

    /// The mode its subscripts accumulated (empty if none).
    pub fn mode(&self) -> &[i64] {
        match &self.0 {
            Fun::Subscripted(s) => &s.1,
            Fun::ModeOp(m) => &m.1,
            Fun::Builtin(_) | Fun::Lambda(_) => &[],
        }
    }

    /// The built-in this function is, if it is one.
    pub(crate) fn as_builtin(&self) -> Option<BuiltinId> {
        match &self.0 {
            Fun::Builtin(b) => Some(*b),
            Fun::Subscripted(s) => Some(s.0),
            _ => None,
        }
    }

    /// The same function with `more` appended to its mode, as `f[more]`
    /// gives.
    ///
    /// # Errors
    /// `TypeError` for a lambda, which takes no mode subscript.
    pub(crate) fn subscript(&self, more: &[i64]) -> Result<Function> {
        let join = |mode: &[i64]| {
            let mut m = Vec::with_capacity(mode.len() + more.len());
            m.extend_from_slice(mode);
            m.extend_from_slice(more);
            m
        };
        Ok(Function(match &self.0 {
            Fun::Builtin(b) => Fun::Subscripted(Arc::new((*b, more.to_vec()))),
            Fun::Subscripted(s) => Fun::Subscripted(Arc::new((s.0, join(&s.1)))),
            Fun::ModeOp(m) => Fun::ModeOp(Arc::new((m.0.clone(), join(&m.1)))),
            Fun::Lambda(_) => {
                return Err(Error::type_error(
                    "[]",
                    "a lambda is not subscriptable: wrap it in ModeOpDecorator to give it modes",
                ))
            }
        }))
    }

    /// The values the function holds: a lambda's defaults and the values
    /// of the parameters it closes over, a `ModeOpDecorator`'s function.
    pub(crate) fn held(&self) -> Box<dyn Iterator<Item = &Value> + '_> {
        match &self.0 {
            Fun::Builtin(_) | Fun::Subscripted(_) => Box::new(core::iter::empty()),
            Fun::ModeOp(m) => Box::new(core::iter::once(&m.0)),
            Fun::Lambda(l) => l.held(),
        }
    }

    /// True iff both are the same function with the same mode.
    pub(crate) fn same(&self, other: &Function) -> bool {
        match (&self.0, &other.0) {
            (Fun::Lambda(a), Fun::Lambda(b)) => Arc::ptr_eq(a, b),
            (Fun::ModeOp(a), Fun::ModeOp(b)) => {
                a.1 == b.1
                    && match (&a.0, &b.0) {
                        (Value::Function(x), Value::Function(y)) => x.same(y),
                        _ => false,
                    }
            }
            (Fun::Lambda(_) | Fun::ModeOp(_), _) | (_, Fun::Lambda(_) | Fun::ModeOp(_)) => false,
            _ => {
                let (a, b) = (self.as_builtin(), other.as_builtin());
                a.is_some() && a == b && self.mode() == other.mode()
            }
        }
    }
}

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<function {}", self.name())?;
        let mode = self.mode();
        if !mode.is_empty() {
            f.write_str("[")?;
            for (i, m) in mode.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{m}")?;
            }
            f.write_str("]")?;
        }
        f.write_str(">")
    }
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A `lambda`: its definition (a node of the code it was written in), the
/// values of its parameters' defaults, and the parameters of the lambdas
/// around it when it was made.
pub(crate) struct Lambda {
    /// The line it was written in.
    pub(crate) code: Arc<Code>,
    /// Its definition: an index into the code's lambdas.
    pub(crate) def: u32,
    /// The values of its parameters' defaults, `None` for a parameter
    /// without one.
    pub(crate) defaults: Vec<Option<Value>>,
    /// The parameters of the lambdas around it, when it was made.
    pub(crate) captured: Option<Arc<Locals>>,
}

impl Lambda {
    /// Its definition: parameters and body.
    pub(crate) fn def(&self) -> &LambdaDef {
        &self.code.lambdas[self.def as usize]
    }

    /// The values it holds: its defaults, and the parameters it closes over.
    pub(crate) fn held(&self) -> Box<dyn Iterator<Item = &Value> + '_> {
        let defaults = self.defaults.iter().flatten();
        let captured = core::iter::successors(self.captured.as_deref(), |l| l.parent.as_deref())
            .flat_map(|l| l.vars.iter().map(|(_, v)| v));
        Box::new(defaults.chain(captured))
    }
}

/// The parameters of one call of a lambda, and those of the lambdas around
/// it.
pub(crate) struct Locals {
    /// The line the parameters' names are spans of.
    pub(crate) code: Arc<Code>,
    /// Each parameter's name and value.
    pub(crate) vars: SmallVec<[(Span, Value); 2]>,
    /// The parameters of the lambda around this one.
    pub(crate) parent: Option<Arc<Locals>>,
}
