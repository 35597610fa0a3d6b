//! The machinery of `evaluators_agree.rs`: answers, the disagreements
//! found, the coordinates each case probes, and the evaluators' runs
//! ([`spec`] is the specification's answer, [`dynamic`] and
//! [`static_layouts`] run the evaluators).

pub(crate) mod dynamic;
pub(crate) mod spec;
pub(crate) mod static_layouts;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use cute_dynamic::htuple::HTuple;
use cute_dynamic::{IntTuple, Scalar};
use spec::size;

/// An answer: an offset, or the class of the error (`"panic"` for an
/// evaluator that panics).
type Answer = Result<i64, &'static str>;

const VALUE: &str = "ValueError";

fn class<T>(r: cute_core::Result<T>) -> Result<T, &'static str> {
    r.map_err(|e| e.class().name())
}

thread_local! {
    /// True while [`caught`] runs: its panics are answers, not news.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// `f()`, or `"panic"` if it panics (quietly).
fn caught(f: impl FnOnce() -> i64) -> Answer {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                default(info)
            }
        }));
    });
    QUIET.with(|q| q.set(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    QUIET.with(|q| q.set(false));
    r.map_err(|_| "panic")
}

// ---------------------------------------------------------------------------
// One case: a layout and its coordinates
// ---------------------------------------------------------------------------

/// The disagreements found, by `evaluator | layout`, with the first few
/// coordinates where they show.
#[derive(Default)]
pub(crate) struct Found {
    pub(crate) detail: BTreeMap<String, Vec<String>>,
}

impl Found {
    /// Records `got` against `want` under `evaluator` for the case `case`
    /// (a layout, then ` at ` a coordinate, ` over ` a range, or
    /// ` (construction)`).
    fn check(&mut self, evaluator: &str, case: &str, got: Answer, want: Answer) {
        if got == want {
            return;
        }
        let layout = case
            .split(" at ")
            .next()
            .and_then(|c| c.split(" over ").next())
            .map_or(case, |c| c.trim_end_matches(" (construction)"));
        let seen = self
            .detail
            .entry(format!("{evaluator} | {layout}"))
            .or_default();
        if seen.len() < 3 {
            seen.push(format!("{case}: gives {got:?}, the specification {want:?}"));
        }
    }

    /// The disagreements not in `known`, and the known ones not found, as
    /// text (empty when the two match).
    pub(crate) fn unexpected(&self, known: &[(&str, &str)]) -> String {
        let known: BTreeSet<String> = known.iter().map(|(k, _)| k.to_string()).collect();
        let mut report = String::new();
        for (k, d) in &self.detail {
            if !known.contains(k) {
                writeln!(report, "{k}:\n    {}", d.join("\n    ")).unwrap();
            }
        }
        for k in known.iter().filter(|k| !self.detail.contains_key(*k)) {
            writeln!(report, "listed, but agrees now: {k}").unwrap();
        }
        report
    }
}

/// The text of a coordinate in Python's notation.
pub(crate) fn py(c: &HTuple<i64>) -> String {
    match c {
        HTuple::Leaf(v) => v.to_string(),
        HTuple::Tuple(cs) if cs.len() == 1 => format!("({},)", py(&cs[0])),
        HTuple::Tuple(cs) => {
            let parts: Vec<String> = cs.iter().map(py).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// The same tree as `shape` with the values of `vals` at its leaves.
pub(crate) fn unflatten(shape: &IntTuple, vals: &mut impl Iterator<Item = i64>) -> HTuple<i64> {
    match shape {
        HTuple::Leaf(_) => HTuple::Leaf(vals.next().expect("one value per leaf")),
        HTuple::Tuple(ms) => HTuple::Tuple(ms.iter().map(|m| unflatten(m, vals)).collect()),
    }
}

/// The coordinates a case probes: integral ones, flat ones (one integer
/// per top-level mode) and natural ones (one per leaf), in bounds and out.
pub(crate) struct Probes {
    ints: Vec<i64>,
    flats: Vec<Vec<i64>>,
    naturals: Vec<Vec<i64>>,
}

pub(crate) fn probes(shape: &IntTuple, extra: &[i64]) -> Probes {
    let n = size(shape).clamp(0, 1 << 20) as i64;
    let mut ints: Vec<i64> = (-3..n.min(64) + 3).collect();
    ints.extend([n, n + 1, 2 * n + 7, 100, -100, -n - 1]);
    ints.extend(extra);
    let modes = shape.modes();
    let mut flats = Vec::new();
    let sizes: Vec<i64> = modes
        .iter()
        .map(|m| size(m).clamp(0, 1 << 20) as i64)
        .collect();
    let pick =
        |k: usize, m: i64| -> Vec<i64> { vec![0, 1, m - 1, m, m + 3, -1, -m - 2, 5 + k as i64] };
    let per: Vec<Vec<i64>> = sizes.iter().enumerate().map(|(k, &m)| pick(k, m)).collect();
    for t in 0..8 {
        flats.push(
            per.iter()
                .enumerate()
                .map(|(k, p)| p[(t + k) % p.len()])
                .collect(),
        );
    }
    for &x in extra {
        flats.push(vec![x; modes.len()]);
    }
    let leaves: Vec<i64> = shape.leaves().copied().collect();
    let mut naturals = Vec::new();
    for t in 0..6 {
        naturals.push(
            leaves
                .iter()
                .enumerate()
                .map(|(k, &e)| [0, e - 1, e, -1, e + 2, 3][(t + k) % 6])
                .collect(),
        );
    }
    for &x in extra {
        naturals.push(vec![x; leaves.len()]);
    }
    Probes {
        ints,
        flats,
        naturals,
    }
}

/// The flat coordinate `c` as a coordinate tree: a leaf for a layout whose
/// shape is a leaf.
fn flat_tree(shape: &IntTuple, c: &[i64]) -> HTuple<i64> {
    match shape {
        HTuple::Leaf(_) => HTuple::Leaf(c[0]),
        HTuple::Tuple(_) => HTuple::from_leaves(c.iter().copied()),
    }
}

fn scalar_int(s: cute_core::Result<Scalar>) -> Answer {
    match s {
        Ok(Scalar::Int(v)) => Ok(v),
        Ok(other) => panic!("an integer offset, got {other:?}"),
        Err(e) => Err(e.class().name()),
    }
}
