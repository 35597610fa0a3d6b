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
mod tiling;

#[cfg(test)]
mod tests;

use core::fmt;

use cute_core::{DynInt, Error, Result};

use super::{
    blocked_product, coalesce as coalesce_op, complement as complement_op, complement_to,
    composition, left_inverse, logical_divide, logical_product, raked_product, right_inverse,
    zipped_divide,
};
use crate::htuple::HTuple;
use crate::layout::{Layout, Mode, Tiler, TilerArg, TilerRef};

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
    "logical_product",
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
    /// A condition of the rule with its numbers; [`Step::holds`] says
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
fn make<I: DynInt>(
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

/// The operand a tiler argument is: a layout, or another tiler.
fn tiler_arg<I: DynInt>(b: TilerRef<'_, I>) -> Arg<I> {
    fn owned<I: DynInt>(t: TilerRef<'_, I>) -> Tiler<I> {
        match t {
            TilerRef::None => Tiler::None,
            TilerRef::Int(n) => Tiler::Int(n.clone()),
            TilerRef::Layout(l) => Tiler::Layout(l.clone()),
            TilerRef::Tuple(ts) => Tiler::Tuple(ts.to_vec()),
        }
    }
    match b {
        TilerRef::Layout(l) => Arg::Layout(l.clone()),
        t => Arg::Tiler(owned(t)),
    }
}

const COMPOSITION_RULE: &str = "A o B: each leaf s:d of B walks A's coalesced modes from the left (B's nesting is kept: composition is right-distributive): d is divided out of A's extents, then s is taken from what remains; both must split A's extents evenly (stride and shape divisibility, Whitepaper Eqs. (20)-(21)), and B's leaves together must not carry from one mode of A into the next (the carry check)";

/// The trace of [`composition`]`(a, b)`: for each leaf `s:d` of B, the
/// modes of A (coalesced) it meets, the stride- and shape-divisibility
/// conditions with their numbers, the modes it makes, and the carry check
/// across B's leaves; a tuple B composes mode by mode.
///
/// # Post-conditions
/// `result == composition(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_composition;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let t = explain_composition(&l("(6, 2):(8, 2)"), &l("(4, 2):(2, 1)"));
/// let text = t.to_string();
/// // 4:2 steps by 2 through A's first mode (extent 6), which holds 3 of
/// // its steps: 3 does not divide 4
/// assert!(text.contains("shape divisibility: the extent 6 holds 6 / 2 = 3 of B's steps, and 3 does not divide the 4 points B still needs [fails]"), "{text}");
/// assert!(t.result.is_err());
/// ```
pub fn explain_composition<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Trace<I> {
    let b = b.into();
    let t = b.get();
    make(
        "composition",
        vec![Arg::Layout(a.clone()), tiler_arg(t)],
        COMPOSITION_RULE,
        |rec| compose::whole(a.view(), t, rec),
        composition(a, t_arg(t)),
    )
}

/// A tiler, borrowed again as an argument of the algebra's functions.
fn t_arg<'a, I: DynInt>(t: TilerRef<'a, I>) -> TilerArg<'a, I> {
    match t {
        TilerRef::Layout(l) => l.into(),
        TilerRef::None => Tiler::None.into(),
        TilerRef::Int(n) => Tiler::Int(n.clone()).into(),
        TilerRef::Tuple(ts) => Tiler::Tuple(ts.to_vec()).into(),
    }
}

/// The trace of [`complement`](super::complement)`(a)`: A's modes sorted by
/// stride, each step of the chain (the offsets covered so far, the gap up
/// to the next stride, the mode that fills it), and the free
/// complement's last mode.
///
/// # Post-conditions
/// `result == complement(a)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_complement;
/// use cute_dynamic::Layout;
/// let t = explain_complement(&"(2, 2):(1, 6)".parse::<Layout>().unwrap());
/// let text = t.to_string();
/// assert!(text.contains("the gap up to its stride 6 holds 6 / 2 = 3 copies of them: the complement's mode 3:2"), "{text}");
/// assert_eq!(t.result.unwrap().to_string(), "(3, 1):(2, 12)");
/// ```
pub fn explain_complement<I: DynInt>(a: &Layout<I>) -> Trace<I> {
    make(
        "complement",
        vec![Arg::Layout(a.clone())],
        complement::RULE,
        |rec| complement::narrate(a.view(), super::complement::Cotarget::Free, rec),
        complement_op(a),
    )
}

/// The trace of [`complement_to`]`(a, cotarget)`: as
/// [`explain_complement`], the last mode repeating the pattern up to the
/// cotarget.
///
/// # Post-conditions
/// `result == complement_to(a, cotarget)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_complement_to;
/// use cute_dynamic::Layout;
/// let t = explain_complement_to(&"4:2".parse::<Layout>().unwrap(), 24);
/// assert!(t.to_string().contains("size(ceil_div(24, 8)) = 3"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "(2, 3):(1, 8)");
/// ```
pub fn explain_complement_to<I: DynInt>(a: &Layout<I>, cotarget: impl Into<HTuple<I>>) -> Trace<I> {
    let e: HTuple<I> = cotarget.into();
    let c = match &e {
        HTuple::Leaf(x) => super::complement::Cotarget::One(x),
        t => super::complement::Cotarget::Shape(t),
    };
    make(
        "complement",
        vec![Arg::Layout(a.clone()), Arg::Shape(e.clone())],
        complement::RULE,
        |rec| complement::narrate(a.view(), c, rec),
        complement_to(a, e.clone()),
    )
}

/// The trace of [`coalesce`](super::coalesce)`(a)`: A's flat modes left to
/// right, each merged into the one before when its stride continues it
/// (`d1 == s0 * d0`), kept otherwise, a mode of extent 1 dropped.
///
/// # Post-conditions
/// `result == coalesce(a)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_coalesce;
/// use cute_dynamic::Layout;
/// let t = explain_coalesce(&"(2, (1, 6)):(1, (7, 2))".parse::<Layout>().unwrap());
/// let text = t.to_string();
/// assert!(text.contains("its stride 2 is 2 * 1"), "{text}");
/// assert_eq!(t.result.unwrap().to_string(), "12:1");
/// ```
pub fn explain_coalesce<I: DynInt>(a: &Layout<I>) -> Trace<I> {
    make(
        "coalesce",
        vec![Arg::Layout(a.clone())],
        coalesce::RULE,
        |rec| {
            coalesce::narrate("coalesce", a.leaves(), super::flat::Ones::KeepAlone, rec).map(|_| ())
        },
        coalesce_op(a),
    )
}

/// The trace of [`right_inverse`]`(a)`: each mode's place in A's domain,
/// the modes sorted by stride, and the chain from 1 upwards (a mode
/// extends it when its stride is the extent covered so far).
///
/// # Post-conditions
/// `result == right_inverse(a)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_right_inverse;
/// use cute_dynamic::Layout;
/// let t = explain_right_inverse(&"(4, 8):(8, 1)".parse::<Layout>().unwrap());
/// assert!(t.to_string().contains("extends the chain"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "(8, 4):(4, 1)");
/// ```
pub fn explain_right_inverse<I: DynInt>(a: &Layout<I>) -> Trace<I> {
    make(
        "right_inverse",
        vec![Arg::Layout(a.clone())],
        inverse::RIGHT_RULE,
        |rec| inverse::right(a, rec),
        right_inverse(a),
    )
}

/// The trace of [`left_inverse`]`(a)`: the nonzero strides sorted, each
/// link of their ordered chain, and the modes of the inverse that stretch
/// over the holes in A's image.
///
/// # Post-conditions
/// `result == left_inverse(a)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_left_inverse;
/// use cute_dynamic::Layout;
/// let t = explain_left_inverse(&"(4, 3):(3, 2)".parse::<Layout>().unwrap());
/// assert!(t.to_string().contains("[fails]"), "{t}");
/// assert!(t.result.is_err());
/// ```
pub fn explain_left_inverse<I: DynInt>(a: &Layout<I>) -> Trace<I> {
    make(
        "left_inverse",
        vec![Arg::Layout(a.clone())],
        inverse::LEFT_RULE,
        |rec| inverse::left(a, rec),
        left_inverse(a),
    )
}

/// The trace of [`logical_divide`]`(a, b)`: `A / B = A o (B, B*)`, the
/// complement `B*` of B up to A's shape step by step, and the composition
/// of A with B and with `B*`; a tuple B divides mode by mode.
///
/// # Post-conditions
/// `result == logical_divide(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_logical_divide;
/// use cute_dynamic::Layout;
/// let t = explain_logical_divide(&"24:1".parse::<Layout>().unwrap(), &"4:2".parse::<Layout>().unwrap());
/// assert!(t.to_string().contains("B* = complement(B, 24) = (2, 3):(1, 8)"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "(4, (2, 3)):(2, (1, 8))");
/// ```
pub fn explain_logical_divide<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Trace<I> {
    let b = b.into();
    let t = b.get();
    make(
        "logical_divide",
        vec![Arg::Layout(a.clone()), tiler_arg(t)],
        tiling::DIVIDE_RULE,
        |rec| tiling::logical_divide(a.view(), t, rec),
        logical_divide(a, t_arg(t)),
    )
}

/// The trace of [`zipped_divide`]`(a, b)`: the logical divide by the tiler
/// promoted to one layout (or, for a tuple of integer tilers, each mode of
/// A divided by its tiler), the tiles and the rests gathered into two
/// modes.
///
/// # Post-conditions
/// `result == zipped_divide(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_zipped_divide;
/// use cute_dynamic::Layout;
/// let t = explain_zipped_divide(&"(128, 64):(1, 128)".parse::<Layout>().unwrap(), (8, 8));
/// assert!(t.to_string().contains("zipped"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "((8, 8), (16, 8)):((1, 128), (8, 1024))");
/// ```
pub fn explain_zipped_divide<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Trace<I> {
    let b = b.into();
    let t = b.get();
    make(
        "zipped_divide",
        vec![Arg::Layout(a.clone()), tiler_arg(t)],
        tiling::ZIPPED_RULE,
        |rec| tiling::zipped_divide(a.view(), t, rec),
        zipped_divide(a, t_arg(t)),
    )
}

/// The trace of [`logical_product`]`(a, b)`: `A x B = (A, A* o B)`, the
/// free complement `A*` of A step by step, and its composition with B,
/// leaf by leaf; a tuple B multiplies mode by mode.
///
/// # Post-conditions
/// `result == logical_product(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_logical_product;
/// use cute_dynamic::Layout;
/// let t = explain_logical_product(&"(2, 2):(4, 1)".parse::<Layout>().unwrap(), 6);
/// assert!(t.to_string().contains("A* = complement(A) = (2, 1):(2, 8)"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "((2, 2), (2, 3)):((4, 1), (2, 8))");
/// ```
pub fn explain_logical_product<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Trace<I> {
    let b = b.into();
    let t = b.get();
    make(
        "logical_product",
        vec![Arg::Layout(a.clone()), tiler_arg(t)],
        tiling::PRODUCT_RULE,
        |rec| tiling::logical_product(a.view(), t, rec),
        logical_product(a, t_arg(t)),
    )
}

/// The trace of [`blocked_product`]`(a, b)`: the logical product, mode by
/// mode of equal ranks, regrouped so that mode `i` is `(A_i, (A* o B)_i)`.
///
/// # Post-conditions
/// `result == blocked_product(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_blocked_product;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let t = explain_blocked_product(&l("(2, 5):(5, 1)"), &l("(3, 4):(1, 3)"));
/// assert!(t.to_string().contains("regrouped"), "{t}");
/// assert_eq!(t.result.unwrap().to_string(), "((2, 3), (5, 4)):((5, 10), (1, 30))");
/// ```
pub fn explain_blocked_product<I: DynInt>(a: &Layout<I>, b: &Layout<I>) -> Trace<I> {
    make(
        "blocked_product",
        vec![Arg::Layout(a.clone()), Arg::Layout(b.clone())],
        tiling::BLOCKED_RULE,
        |rec| tiling::zipped_product("blocked_product", a, b, true, rec),
        blocked_product(a, b),
    )
}

/// The trace of [`raked_product`]`(a, b)`: the logical product, mode by
/// mode of equal ranks, regrouped so that mode `i` is `((A* o B)_i, A_i)`.
///
/// # Post-conditions
/// `result == raked_product(a, b)`, errors included.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::explain_raked_product;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let t = explain_raked_product(&l("(2, 5):(5, 1)"), &l("3:1"));
/// assert!(t.to_string().contains("rank"), "{t}");
/// assert!(t.result.is_err());
/// ```
pub fn explain_raked_product<I: DynInt>(a: &Layout<I>, b: &Layout<I>) -> Trace<I> {
    make(
        "raked_product",
        vec![Arg::Layout(a.clone()), Arg::Layout(b.clone())],
        tiling::RAKED_RULE,
        |rec| tiling::zipped_product("raked_product", a, b, false, rec),
        raked_product(a, b),
    )
}

/// The trace of the operation named `op` (one of [`OPERATIONS`]) on
/// `args`: a layout A, then B for the binary operations (a tiler; a layout
/// for `blocked_product` and `raked_product`), or, for `complement`, an
/// optional cotarget (a shape, or a layout whose shape it is).
///
/// # Errors
/// `ValueError` for an operation that is not explained; `TypeError` for
/// operands of the wrong number or kind.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::explain::{explain, Arg};
/// use cute_dynamic::layout::Tiler;
/// use cute_dynamic::Layout;
/// let a = Arg::Layout("(4, 8):(1, 4)".parse::<Layout>().unwrap());
/// let t = explain("logical_divide", &[a.clone(), Arg::Tiler(Tiler::Int(2))]).unwrap();
/// assert_eq!(t.result.unwrap().to_string(), "(2, 16):(1, 2)");
/// assert!(explain("nullspace", &[a.clone()]).is_err());
/// assert!(explain("composition", &[a]).is_err());
/// ```
pub fn explain<I: DynInt>(op: &str, args: &[Arg<I>]) -> Result<Trace<I>> {
    let Some(&name) = OPERATIONS.iter().find(|&&o| o == op) else {
        return Err(Error::value(
            "explain",
            format!(
                "{op} is not an operation a trace explains; these are: {}",
                OPERATIONS.join(", ")
            ),
        ));
    };
    let wrong = || {
        let kinds: Vec<&str> = args
            .iter()
            .map(|a| match a {
                Arg::Layout(_) => "a layout",
                Arg::Tiler(_) => "a tiler",
                Arg::Shape(_) => "a shape",
            })
            .collect();
        Error::type_error(
            "explain",
            format!(
                "{name} takes {}; got {}",
                match name {
                    "complement" => "a layout A and an optional cotarget",
                    "coalesce" | "right_inverse" | "left_inverse" => "one layout A",
                    "blocked_product" | "raked_product" => "two layouts A and B",
                    _ => "a layout A and a tiler B",
                },
                if kinds.is_empty() {
                    "nothing".to_string()
                } else {
                    kinds.join(", ")
                }
            ),
        )
    };
    let tiler = |b: &Arg<I>| -> Option<Tiler<I>> {
        match b {
            Arg::Layout(l) => Some(Tiler::Layout(l.clone())),
            Arg::Tiler(t) => Some(t.clone()),
            Arg::Shape(_) => None,
        }
    };
    Ok(match (name, args) {
        ("coalesce", [Arg::Layout(a)]) => explain_coalesce(a),
        ("right_inverse", [Arg::Layout(a)]) => explain_right_inverse(a),
        ("left_inverse", [Arg::Layout(a)]) => explain_left_inverse(a),
        ("complement", [Arg::Layout(a)]) => explain_complement(a),
        ("complement", [Arg::Layout(a), Arg::Tiler(Tiler::None)]) => explain_complement(a),
        ("complement", [Arg::Layout(a), Arg::Shape(e)]) => explain_complement_to(a, e.clone()),
        ("complement", [Arg::Layout(a), Arg::Tiler(Tiler::Int(e))]) => {
            explain_complement_to(a, HTuple::Leaf(e.clone()))
        }
        ("complement", [Arg::Layout(a), Arg::Layout(e)]) => explain_complement_to(a, e.shape()),
        ("blocked_product", [Arg::Layout(a), Arg::Layout(b)]) => explain_blocked_product(a, b),
        ("raked_product", [Arg::Layout(a), Arg::Layout(b)]) => explain_raked_product(a, b),
        (
            "composition" | "logical_divide" | "zipped_divide" | "logical_product",
            [Arg::Layout(a), b],
        ) => {
            let b = tiler(b).ok_or_else(wrong)?;
            match name {
                "composition" => explain_composition(a, &b),
                "logical_divide" => explain_logical_divide(a, &b),
                "zipped_divide" => explain_zipped_divide(a, &b),
                _ => explain_logical_product(a, &b),
            }
        }
        _ => return Err(wrong()),
    })
}
