//! Explanations: a trace of an operation of the algebra in the
//! specification's own terms, step by step, ending in the result or in
//! the condition that refuses it.
//!
//! A [`Trace`] holds the operation, its operands, its [`Step`]s as data
//! (each a [`StepKind`], a sentence, whether a condition holds, and the
//! values it names, for a web page to render: [`Trace::to_json`]) and the
//! result; its `Display` is the text for a terminal. The explained
//! operations are [`OPERATIONS`]: composition (each leaf of B walking A's
//! coalesced modes, which mode of B meets which mode of A, the stride- and
//! shape-divisibility conditions and the carry check with their numbers),
//! complement (the modes sorted by stride, each step of the chain, each
//! gap filled), coalesce (what merged and why), the inverses (the chain of
//! strides), the divides and the products (the complement they take, and
//! the compositions).
//!
//! ```
//! use cute_dynamic::algebra::explain::{explain_composition, StepKind};
//! use cute_dynamic::Layout;
//! let a: Layout = "(6, 2):(8, 2)".parse().unwrap();
//! let b: Layout = "(4, 3):(3, 1)".parse().unwrap();
//! let t = explain_composition(&a, &b);
//! assert_eq!(t.result.as_ref().unwrap().to_string(), "((2, 2), 3):((24, 2), 8)");
//! let text = t.to_string();
//! assert!(text.contains("stride divisibility: 3 divides the extent 6 [holds]"), "{text}");
//! assert!(t.steps.iter().any(|s| s.kind == StepKind::Check && s.holds == Some(true)));
//! assert!(t.to_json().starts_with("{\"op\":\"composition\""));
//! ```
//!
//! # Every rule in one place
//!
//! A trace is made by the code that computes the result: its
//! [`Trace::result`] is the operation itself, called on the operands
//! (`explain_composition(a, b).result == composition(a, b)`, errors
//! included), and its steps are recorded by calling the same rules with
//! recording closures: composition's walk and carry check
//! ([`cute_core::kernel::compose::walk`], the algebra's carry check), the
//! coalescer ([`cute_core::kernel::coalesce::Coalescer`], with a stride
//! that records each decision of the one merge rule), the complement's
//! chain ([`cute_core::kernel::complement::chain`]) and sort, and the
//! inverses' chains. Where a step needs the state a rule reached part way
//! (what is left of a leaf of B on reaching a mode of A, the extent a
//! chain covers before a mode), it is read from the rule itself, run on
//! the modes up to that point. Nothing here decides a condition the
//! operation checks: whether a step passes or fails is what the rule
//! reported, and the words that explain it only read its numbers (the one
//! remark of a trace's own is whether each gap of the complement's chain
//! is exact, the divisible chain, which the complement does not check and
//! [`is_tractable`](super::is_tractable) decides from the complement). The
//! walk that [`is_admissible`](super::is_admissible) runs is the one a
//! trace records, with an observer that records nothing.
//!
//! # Limits
//!
//! A trace follows operands of at most [`MAX_TRACED_LEAVES`] leaves each
//! and records at most [`MAX_STEPS`] steps; past either, its steps say so
//! and the result is still the operation's.

mod coalesce;
mod complement;
pub(crate) mod compose;
mod inverse;
mod json;
mod operations;
mod tiling;

#[cfg(test)]
mod tests;

use core::fmt;

use cute_core::{DynInt, Result};

use crate::htuple::HTuple;
use crate::layout::{Layout, Mode, Tiler, TilerRef};

pub use operations::{
    explain, explain_blocked_product, explain_coalesce, explain_complement, explain_complement_to,
    explain_composition, explain_left_inverse, explain_logical_divide, explain_logical_product,
    explain_raked_product, explain_regrouping, explain_right_inverse, explain_zipped_divide,
};

/// The operations a trace explains, by the specification's names.
///
/// ```
/// use cute_dynamic::algebra::explain::OPERATIONS;
/// assert!(OPERATIONS.contains(&"composition") && OPERATIONS.contains(&"raked_product"));
/// ```
pub const OPERATIONS: &[&str] = &[
    "composition",
    "complement",
    "coalesce",
    "right_inverse",
    "left_inverse",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
];

/// The most leaves an operand may have for its steps to be traced (the
/// result is given whatever the operands).
///
/// ```
/// use cute_dynamic::algebra::explain::{explain_coalesce, MAX_TRACED_LEAVES};
/// use cute_dynamic::{Layout, Scalar};
/// let big = Layout::from_modes((0..=MAX_TRACED_LEAVES as i64).map(|i| (2, Scalar::Int(3 << (i % 40))))).unwrap();
/// let t = explain_coalesce(&big);
/// assert!(t.to_string().contains("not traced"));
/// assert!(t.result.is_ok());
/// ```
pub const MAX_TRACED_LEAVES: usize = 64;

/// The most steps a trace records; past it, one last step says how many
/// were left out.
///
/// ```
/// use cute_dynamic::algebra::explain::MAX_STEPS;
/// assert!(MAX_STEPS >= 1000);
/// ```
pub const MAX_STEPS: usize = 10_000;

/// An operand of a traced operation, as it was given.
///
/// ```
/// use cute_dynamic::algebra::explain::Arg;
/// use cute_dynamic::layout::Tiler;
/// use cute_dynamic::Layout;
/// let a = Arg::Layout("(4, 8):(1, 4)".parse::<Layout>().unwrap());
/// assert_eq!(a.to_string(), "Layout((4, 8), (1, 4))");
/// let t: Arg = Arg::Tiler(Tiler::Tuple(vec![Tiler::Int(4), Tiler::None]));
/// assert_eq!(t.to_string(), "(4, None)");
/// ```
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<I: DynInt = i64> {
    /// A layout.
    Layout(Layout<I>),
    /// A tiler that is not a layout (an integer, a tuple, `None`).
    Tiler(Tiler<I>),
    /// A shape or an extent (a complement's cotarget).
    Shape(HTuple<I>),
}

impl<I: DynInt> fmt::Display for Arg<I> {
    /// The operand as the language writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Layout(l) => write!(f, "{l:?}"),
            Arg::Tiler(t) => write_tiler(f, t.as_ref()),
            Arg::Shape(s) => write!(f, "{s}"),
        }
    }
}

/// Writes a tiler as the language writes it.
fn write_tiler<I: DynInt>(f: &mut fmt::Formatter<'_>, t: TilerRef<'_, I>) -> fmt::Result {
    match t {
        TilerRef::None => f.write_str("None"),
        TilerRef::Int(n) => write!(f, "{n}"),
        TilerRef::Layout(l) => write!(f, "{l:?}"),
        TilerRef::Tuple(ts) => {
            f.write_str("(")?;
            for (i, x) in ts.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_tiler(f, x.as_ref())?;
            }
            if ts.len() == 1 {
                f.write_str(",")?;
            }
            f.write_str(")")
        }
    }
}

/// A tiler as text, as the language writes it.
pub(crate) fn tiler_text<I: DynInt>(t: TilerRef<'_, I>) -> String {
    struct T<'a, I: DynInt>(TilerRef<'a, I>);
    impl<I: DynInt> fmt::Display for T<'_, I> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_tiler(f, self.0)
        }
    }
    T(t).to_string()
}

/// Flat modes as a layout's text: `(6, 2):(8, 2)`.
pub(crate) fn flat_text<I: DynInt>(m: &[Mode<I>]) -> String {
    match Layout::from_modes(m.iter().cloned()) {
        Ok(l) => l.to_string(),
        Err(_) => "()".to_string(),
    }
}

/// What a step of a trace is.
///
/// ```
/// use cute_dynamic::algebra::explain::StepKind;
/// assert_eq!(StepKind::Check.name(), "check");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// The rule the operation follows, in the specification's words.
    Rule,
    /// A part of the computation begins (a leaf of B, a mode of a by-mode
    /// tiler, a complement the operation takes): the deeper steps that
    /// follow are its own.
    Begin,
    /// An operand put in the form the rule reads: A's coalesced flat modes,
    /// modes sorted by stride, an integer tiler as the layout `n:1`.
    Form,
    /// Composition: a leaf of B meets a mode of A, and what it takes there.
    Meet,
    /// A condition of the rule with its numbers; the field `holds` of [`Step`] says
    /// whether it holds.
    Check,
    /// Coalesce: a mode merges into the one before it.
    Merge,
    /// Coalesce: a mode ends, the next one does not continue it.
    Keep,
    /// A mode is left out: extent 1, a zero stride, a mode a chain skips.
    Drop,
    /// A chain's step: a gap the complement fills, a link of an inverse.
    Chain,
    /// A mode of the result is made.
    Emit,
    /// The modes of the result are regrouped (divides, products).
    Regroup,
    /// A remark: a case the rule treats as a whole, a limit of the trace.
    Note,
    /// The result.
    Result,
    /// The operation is refused: the error it raises.
    Refused,
}

impl StepKind {
    /// The kind's name in a trace's JSON.
    ///
    /// ```
    /// use cute_dynamic::algebra::explain::StepKind;
    /// assert_eq!(StepKind::Refused.name(), "refused");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Rule => "rule",
            StepKind::Begin => "begin",
            StepKind::Form => "form",
            StepKind::Meet => "meet",
            StepKind::Check => "check",
            StepKind::Merge => "merge",
            StepKind::Keep => "keep",
            StepKind::Drop => "drop",
            StepKind::Chain => "chain",
            StepKind::Emit => "emit",
            StepKind::Regroup => "regroup",
            StepKind::Note => "note",
            StepKind::Result => "result",
            StepKind::Refused => "refused",
        }
    }
}

/// One step of a trace: its kind, how deep it is in the computation, a
/// sentence, whether the condition it checks holds, and the values it
/// names (each a name and the value's text).
///
/// ```
/// use cute_dynamic::algebra::explain::{explain_composition, StepKind};
/// use cute_dynamic::Layout;
/// let a: Layout = "(6, 2):(8, 2)".parse().unwrap();
/// let t = explain_composition(&a, &"(4, 3):(3, 1)".parse::<Layout>().unwrap());
/// let s = t.steps.iter().find(|s| s.kind == StepKind::Check).unwrap();
/// assert_eq!(s.value("condition"), Some("stride divisibility"));
/// assert_eq!((s.value("stride"), s.value("extent")), (Some("3"), Some("6")));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// What the step is.
    pub kind: StepKind,
    /// How deep the step is: 0 for the operation's own steps, one more
    /// inside each part ([`StepKind::Begin`]).
    pub depth: usize,
    /// The step, in words and numbers.
    pub text: String,
    /// For a [`StepKind::Check`], whether the condition holds.
    pub holds: Option<bool>,
    /// The values the step names: `(name, value)`, each name once.
    pub values: Vec<(String, String)>,
}

impl Step {
    /// A step of `kind` saying `text`, at depth 0, naming no value.
    pub(crate) fn new(kind: StepKind, text: impl Into<String>) -> Step {
        Step {
            kind,
            depth: 0,
            text: text.into(),
            holds: None,
            values: Vec::new(),
        }
    }

    /// A check of a condition, holding or not.
    pub(crate) fn check(condition: &str, holds: bool, text: impl Into<String>) -> Step {
        Step::new(StepKind::Check, text)
            .holds(holds)
            .val("condition", condition)
    }

    /// This step, naming `v` as `name` (replacing a value of that name).
    pub(crate) fn val(mut self, name: &str, v: impl fmt::Display) -> Step {
        let v = v.to_string();
        match self.values.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = v,
            None => self.values.push((name.to_string(), v)),
        }
        self
    }

    /// This step, a condition that holds or not.
    pub(crate) fn holds(mut self, h: bool) -> Step {
        self.holds = Some(h);
        self
    }

    /// The value named `name`, if the step names one.
    ///
    /// ```
    /// use cute_dynamic::algebra::explain::explain_complement;
    /// use cute_dynamic::Layout;
    /// let t = explain_complement(&"4:2".parse::<Layout>().unwrap());
    /// assert!(t.steps.iter().any(|s| s.value("gap") == Some("2")));
    /// ```
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

impl fmt::Display for Step {
    /// The step's sentence, indented by its depth, a check followed by
    /// `[holds]` or `[fails]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..=self.depth {
            f.write_str("  ")?;
        }
        f.write_str(&self.text)?;
        match self.holds {
            Some(true) => f.write_str(" [holds]"),
            Some(false) => f.write_str(" [fails]"),
            None => Ok(()),
        }
    }
}

/// The trace of one operation of the algebra: the operation, its
/// operands, its steps and its result (the operation's own result, or
/// the error it raises).
///
/// ```
/// use cute_dynamic::algebra::explain::explain_composition;
/// use cute_dynamic::algebra::composition;
/// use cute_dynamic::Layout;
/// let a: Layout = "(6, 2):(8, 2)".parse().unwrap();
/// let b: Layout = "(4, 3):(5, 1)".parse().unwrap();
/// let t = explain_composition(&a, &b);
/// assert_eq!(t.result, composition(&a, &b));
/// let text = t.to_string();
/// assert!(text.starts_with("composition(Layout((6, 2), (8, 2)), Layout((4, 3), (5, 1)))\n"));
/// assert!(text.contains("stride divisibility: 5 and 6 do not divide one another [fails]"), "{text}");
/// assert!(text.lines().last().unwrap().contains("refused: ValueError"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Trace<I: DynInt = i64> {
    /// The operation, by the specification's name (`composition`).
    pub op: String,
    /// Its operands, as they were given.
    pub operands: Vec<Arg<I>>,
    /// The steps, in order, ending with a [`StepKind::Result`] or a
    /// [`StepKind::Refused`] step.
    pub steps: Vec<Step>,
    /// The operation's result: exactly what the operation returns.
    pub result: Result<Layout<I>>,
}

impl<I: DynInt> Trace<I> {
    /// The call, as the language writes it: `composition(Layout(...), 4)`.
    ///
    /// ```
    /// use cute_dynamic::algebra::explain::explain_composition;
    /// use cute_dynamic::Layout;
    /// let t = explain_composition(&"8:2".parse::<Layout>().unwrap(), 4);
    /// assert_eq!(t.call(), "composition(Layout(8, 2), 4)");
    /// ```
    pub fn call(&self) -> String {
        let args: Vec<String> = self.operands.iter().map(ToString::to_string).collect();
        format!("{}({})", self.op, args.join(", "))
    }

    /// The trace as one JSON object, for a web page:
    /// `{"op", "call", "operands", "steps", "result"}`, each step
    /// `{"kind", "depth", "text", "holds", "values"}` (`holds` is `null`
    /// but for a check; `values` an object of strings), and `result`
    /// either `{"layout", "repr"}` or `{"error": {"class", "message"}}`.
    ///
    /// ```
    /// use cute_dynamic::algebra::explain::explain_coalesce;
    /// use cute_dynamic::Layout;
    /// let j = explain_coalesce(&"(2, 6):(1, 2)".parse::<Layout>().unwrap()).to_json();
    /// assert!(j.starts_with("{\"op\":\"coalesce\",\"call\":\"coalesce(Layout((2, 6), (1, 2)))\""));
    /// assert!(j.contains("\"kind\":\"merge\""));
    /// assert!(j.ends_with("\"result\":{\"layout\":\"12:1\",\"repr\":\"Layout(12, 1)\"}}"));
    /// ```
    pub fn to_json(&self) -> String {
        json::trace(self)
    }
}

impl<I: DynInt> fmt::Display for Trace<I> {
    /// The call on the first line, then one line per step.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.call())?;
        for s in &self.steps {
            write!(f, "\n{s}")?;
        }
        Ok(())
    }
}

// ---- observers -------------------------------------------------------------

/// What the steps of a rule are told to: nothing, by default (an observer
/// whose methods do nothing, so that the rule's checks alone run), or a
/// [`Recorder`].
pub(crate) trait Observer<I: DynInt> {
    /// Whether this observer records: the work done only to describe a
    /// step (reading the state a rule reached part way) is skipped
    /// otherwise.
    const ACTIVE: bool = false;

    /// A step, made by `f` only if the observer records.
    #[inline(always)]
    fn step(&mut self, f: impl FnOnce() -> Step) {
        let _ = f;
    }

    /// The steps that follow are one level deeper.
    #[inline(always)]
    fn enter(&mut self) {}

    /// Back one level.
    #[inline(always)]
    fn leave(&mut self) {}

    /// A mode of the result, as the rule made it.
    #[inline(always)]
    fn mode(&mut self, m: &Mode<I>) {
        let _ = m;
    }
}

/// The observer that records nothing: the rules' checks alone.
pub(crate) struct Silent;

impl<I: DynInt> Observer<I> for Silent {}

/// The observer of a trace: the steps, at their depths, up to
/// [`MAX_STEPS`], and the modes of the result the rules made.
pub(crate) struct Recorder<I: DynInt> {
    pub(crate) steps: Vec<Step>,
    depth: usize,
    left_out: usize,
    pub(crate) modes: Vec<Mode<I>>,
}

impl<I: DynInt> Recorder<I> {
    pub(crate) fn new() -> Self {
        Recorder {
            steps: Vec::new(),
            depth: 0,
            left_out: 0,
            modes: Vec::new(),
        }
    }
}

impl<I: DynInt> Observer<I> for Recorder<I> {
    const ACTIVE: bool = true;

    fn step(&mut self, f: impl FnOnce() -> Step) {
        if self.steps.len() >= MAX_STEPS {
            self.left_out += 1;
            return;
        }
        let mut s = f();
        s.depth = self.depth;
        self.steps.push(s);
    }

    fn enter(&mut self) {
        self.depth += 1;
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn mode(&mut self, m: &Mode<I>) {
        if self.modes.len() < MAX_STEPS {
            self.modes.push(m.clone());
        }
    }
}

/// Runs `f` one level deeper.
pub(crate) fn nested<I: DynInt, O: Observer<I>, T>(obs: &mut O, f: impl FnOnce(&mut O) -> T) -> T {
    obs.enter();
    let r = f(obs);
    obs.leave();
    r
}

// ---- making a trace ----------------------------------------------------------

/// The trace of `op` on `operands`: the rule's statement, the steps
/// `narrate` records (unless an operand is too large to follow), and the
/// final step, from `result`.
pub(super) fn make<I: DynInt>(
    op: &str,
    operands: Vec<Arg<I>>,
    rule: &str,
    narrate: impl FnOnce(&mut Recorder<I>) -> Result<()>,
    result: Result<Layout<I>>,
) -> Trace<I> {
    let mut rec = Recorder::new();
    rec.step(|| Step::new(StepKind::Rule, rule));
    let largest = operands.iter().map(leaf_count).max().unwrap_or(0);
    if largest > MAX_TRACED_LEAVES {
        rec.step(|| {
            Step::new(
                StepKind::Note,
                format!(
                    "not traced: an operand has {largest} leaves, more than the {MAX_TRACED_LEAVES} a trace follows"
                ),
            )
            .val("leaves", largest)
        });
    } else {
        // (a narration that stops at an error has recorded the failing
        // condition; the error itself is the operation's, below)
        let _ = narrate(&mut rec);
    }
    rec.depth = 0;
    if rec.left_out > 0 {
        let n = rec.left_out;
        rec.steps.push(
            Step::new(
                StepKind::Note,
                format!("... {n} more steps, past the {MAX_STEPS} a trace records"),
            )
            .val("left_out", n),
        );
    }
    rec.steps.push(match &result {
        Ok(l) => Step::new(StepKind::Result, format!("= {l}"))
            .val("layout", l)
            .val("repr", format!("{l:?}")),
        Err(e) => Step::new(StepKind::Refused, format!("refused: {}: {e}", e.class()))
            .val("class", e.class())
            .val("message", e),
    });
    Trace {
        op: op.to_string(),
        operands,
        steps: rec.steps,
        result,
    }
}

/// The number of leaves of an operand.
fn leaf_count<I: DynInt>(a: &Arg<I>) -> usize {
    fn tiler<I: DynInt>(t: TilerRef<'_, I>) -> usize {
        match t {
            TilerRef::None | TilerRef::Int(_) => 1,
            TilerRef::Layout(l) => l.leaves().len(),
            TilerRef::Tuple(ts) => ts.iter().map(|t| tiler(t.as_ref())).sum(),
        }
    }
    match a {
        Arg::Layout(l) => l.leaves().len(),
        Arg::Tiler(t) => tiler(t.as_ref()),
        Arg::Shape(s) => s.leaf_count(),
    }
}
