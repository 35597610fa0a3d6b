//! Every evaluator of a layout gives the specification's answer, over the
//! extended domain.
//!
//! The specification evaluates `L(c) = inner_product(idx2crd(c, shape),
//! stride)`: `idx2crd` splits an integer colexicographically with floor
//! division, every mode but the last taking its remainder by the mode's
//! size and the last the whole quotient (so past the size the excess
//! accumulates there, and a negative coordinate borrows). A zero extent is
//! not rejected anywhere in the specification; a coordinate divided by it
//! fails as Python's division by zero does (a `ValueError` here), and one
//! that is not (the leaf keeping the quotient, a natural coordinate) does
//! not. An offset beyond the `i64` range is a `ValueError` (overflow).
//!
//! [`reference`] is that definition, mode by mode by the sizes of the
//! sub-shapes, in 128-bit integers. Each case runs it and every evaluator
//! of the workspace on the same layout and coordinates, integral, flat (one
//! integer per top-level mode) and natural (one per leaf):
//!
//! - cute-dynamic: `Layout::call_index`, `Layout::call`, `Layout::call_int`,
//!   the symbolic layout (`Layout<Sym>::call_index`);
//! - the `Evaluator` (with and without tables): `eval`, `try_eval`,
//!   `eval2`, `eval3`, `eval_flat`, `for_each`, `sum`, and its
//!   `LayoutLike::eval_modes` / `eval_natural`;
//! - cute-core's bridge: the default `LayoutLike::eval_modes` and
//!   `eval_natural` (through the dynamic layout, which keeps the defaults);
//! - the drawings: `viz::Cells::label` and `viz::print_tensor`;
//! - cute-static: `Layout::try_eval`, `eval`, `call` and the bridge of a
//!   mixed layout (every leaf dynamic) converted from the same values;
//! - cute-expr: a layout call `Layout(S, D)(c)` and `crd2idx(c, S)`.
//!
//! An evaluator that answers otherwise is a failure, unless the case is in
//! [`KNOWN_DISAGREEMENTS`], the list of what cute-static and cute-expr
//! answer against the specification (the test fails too when a listed case
//! starts to agree, so that the list stays true).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use cute_core::{DynInt, IntLeaf, LayoutLike, Sym};
use cute_dynamic::htuple::HTuple;
use cute_dynamic::viz::{print_tensor, Cells};
use cute_dynamic::{Evaluator, IntTuple, Layout, Scalar};
use proptest::prelude::*;

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
// The reference
// ---------------------------------------------------------------------------

fn size(s: &IntTuple) -> i128 {
    s.leaves().map(|&e| i128::from(e)).product()
}

/// `idx2crd(c, s)` of an integer, flattened to the leaves of `s`, as the
/// specification writes it: mode by mode, by the sizes of the modes.
fn split(c: i128, s: &IntTuple, out: &mut Vec<i128>) -> Result<(), &'static str> {
    match s {
        HTuple::Leaf(_) => out.push(c),
        HTuple::Tuple(ms) => {
            let mut c = c;
            for (k, m) in ms.iter().enumerate() {
                if k + 1 == ms.len() {
                    split(c, m, out)?;
                } else {
                    let n = size(m);
                    if n == 0 {
                        return Err(VALUE); // ZeroDivisionError
                    }
                    split(c.rem_euclid(n), m, out)?;
                    c = c.div_euclid(n);
                }
            }
        }
    }
    Ok(())
}

/// `idx2crd(crd, s)` of a coordinate weakly congruent with `s`, flattened.
fn natural_of(crd: &HTuple<i64>, s: &IntTuple, out: &mut Vec<i128>) -> Result<(), &'static str> {
    match (crd, s) {
        (HTuple::Leaf(c), _) => split(i128::from(*c), s, out),
        (HTuple::Tuple(cs), HTuple::Tuple(ms)) if cs.len() == ms.len() => {
            for (c, m) in cs.iter().zip(ms) {
                natural_of(c, m, out)?;
            }
            Ok(())
        }
        _ => Err(VALUE),
    }
}

/// The specification's `L(crd)`.
fn reference(shape: &IntTuple, stride: &[i64], crd: &HTuple<i64>) -> Answer {
    let mut c = Vec::new();
    natural_of(crd, shape, &mut c)?;
    let mut acc = 0i128;
    for (c, &d) in c.iter().zip(stride) {
        acc = c
            .checked_mul(i128::from(d))
            .and_then(|t| acc.checked_add(t))
            .ok_or(VALUE)?;
    }
    i64::try_from(acc).map_err(|_| VALUE)
}

/// The specification's `crd2idx(crd, shape)`: Horner from the right, an
/// integer passing through.
fn reference_crd2idx(crd: &HTuple<i64>, s: &IntTuple) -> Answer {
    fn go(crd: &HTuple<i64>, s: &IntTuple) -> i128 {
        match (crd, s) {
            (HTuple::Leaf(c), _) => i128::from(*c),
            (HTuple::Tuple(cs), HTuple::Tuple(ms)) => cs
                .iter()
                .zip(ms)
                .rev()
                .fold(0, |acc, (c, m)| acc * size(m) + go(c, m)),
            _ => unreachable!("weakly congruent"),
        }
    }
    i64::try_from(go(crd, s)).map_err(|_| VALUE)
}

/// True iff a term `c_k * d_k` of `L(crd)`, or a running sum of the terms
/// of a mode, leaves the `i64` range (whatever the offset).
fn partial_overflow(shape: &IntTuple, stride: &[i64], crd: &HTuple<i64>) -> bool {
    let mut c = Vec::new();
    if natural_of(crd, shape, &mut c).is_err() {
        return false;
    }
    let fits = |v: i128| i64::try_from(v).is_ok();
    let terms: Vec<i128> = c
        .iter()
        .zip(stride)
        .map(|(c, &d)| c * i128::from(d))
        .collect();
    let mut k = 0;
    let mut partial = false;
    for m in shape.modes() {
        let n = m.leaf_count();
        let mut run = 0i128;
        for t in &terms[k..k + n] {
            run += t;
            partial |= !fits(*t) || !fits(run);
        }
        k += n;
    }
    partial
}

/// True iff `crd2idx` of a sub-tuple of `crd` (a mode's own index, before
/// it is scaled by the size of the modes before it) leaves the `i64`
/// range.
fn sub_index_overflow(crd: &HTuple<i64>, s: &IntTuple) -> bool {
    fn go(crd: &HTuple<i64>, s: &IntTuple, bad: &mut bool) -> i128 {
        match (crd, s) {
            (HTuple::Leaf(c), _) => i128::from(*c),
            (HTuple::Tuple(cs), HTuple::Tuple(ms)) => {
                let v = cs
                    .iter()
                    .zip(ms)
                    .rev()
                    .fold(0, |acc, (c, m)| acc * size(m) + go(c, m, bad));
                *bad |= i64::try_from(v).is_err();
                v
            }
            _ => 0,
        }
    }
    let mut bad = false;
    if let (HTuple::Tuple(cs), HTuple::Tuple(ms)) = (crd, s) {
        for (c, m) in cs.iter().zip(ms) {
            go(c, m, &mut bad);
        }
    }
    bad
}

// ---------------------------------------------------------------------------
// One case: a layout and its coordinates
// ---------------------------------------------------------------------------

/// The disagreements found, by `evaluator | layout`, with the first few
/// coordinates where they show.
#[derive(Default)]
struct Found {
    detail: BTreeMap<String, Vec<String>>,
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
    fn unexpected(&self, known: &[(&str, &str)]) -> String {
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
fn py(c: &HTuple<i64>) -> String {
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
fn unflatten(shape: &IntTuple, vals: &mut impl Iterator<Item = i64>) -> HTuple<i64> {
    match shape {
        HTuple::Leaf(_) => HTuple::Leaf(vals.next().expect("one value per leaf")),
        HTuple::Tuple(ms) => HTuple::Tuple(ms.iter().map(|m| unflatten(m, vals)).collect()),
    }
}

/// The coordinates a case probes: integral ones, flat ones (one integer
/// per top-level mode) and natural ones (one per leaf), in bounds and out.
struct Probes {
    ints: Vec<i64>,
    flats: Vec<Vec<i64>>,
    naturals: Vec<Vec<i64>>,
}

fn probes(shape: &IntTuple, extra: &[i64]) -> Probes {
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

/// Runs every dynamic evaluator on `s:d` and records what disagrees.
fn check_dynamic(found: &mut Found, case: &str, shape: &IntTuple, stride: &[i64], p: &Probes) {
    let d = unflatten(shape, &mut stride.iter().copied()).map(&mut |&x| Scalar::Int(x));
    let l = Layout::new(shape.clone(), d).expect("a layout");
    let sym = l.to_symbolic();
    let evs: Vec<(&str, cute_core::Result<Evaluator>)> = vec![
        ("Evaluator", l.evaluator()),
        ("Evaluator(no tables)", Evaluator::with_table_limit(&l, 0)),
    ];
    let rank = l.rank();

    for &i in &p.ints {
        let c = HTuple::Leaf(i);
        let want = reference(shape, stride, &c);
        let at = format!("{case} at {i}");
        found.check("Layout::call_index", &at, scalar_int(l.call_index(i)), want);
        found.check("Layout::call_int", &at, class(l.call_int(i)), want);
        found.check("Layout::call", &at, scalar_int(l.call(&c)), want);
        found.check(
            "LayoutLike::try_eval(Layout)",
            &at,
            class(LayoutLike::try_eval(&l, i)),
            want,
        );
        let s = scalar_int(sym.call_index(Sym::from_i64(i)).map(|x| match x {
            Scalar::Int(v) => Scalar::Int(v.try_const().expect("a constant")),
            _ => panic!("an integer"),
        }));
        found.check("Layout<Sym>::call_index", &at, s, want);
        for (name, ev) in &evs {
            let Ok(ev) = ev else {
                found.check(name, &format!("{case} (construction)"), Err(VALUE), want);
                continue;
            };
            found.check(
                &format!("{name}::try_eval"),
                &at,
                class(ev.try_eval(i)),
                want,
            );
            if let Ok(w) = want {
                found.check(&format!("{name}::eval"), &at, caught(|| ev.eval(i)), Ok(w));
            }
        }
    }
    // for_each and sum over the probed range, where every offset exists
    for (name, ev) in &evs {
        let Ok(ev) = ev else { continue };
        let (lo, hi) = (-5i64, size(shape).clamp(0, 200) as i64 + 5);
        let wants: Vec<Answer> = (lo..hi)
            .map(|i| reference(shape, stride, &HTuple::Leaf(i)))
            .collect();
        if wants.iter().all(Result::is_ok) {
            let mut got = Vec::new();
            ev.for_each(lo..hi, |_, v| got.push(Ok(v)));
            for (k, (g, w)) in got.iter().zip(&wants).enumerate() {
                found.check(
                    &format!("{name}::for_each"),
                    &format!("{case} at {}", lo + k as i64),
                    *g,
                    *w,
                );
            }
            let total: i128 = wants.iter().map(|w| i128::from(w.unwrap())).sum();
            let want = i64::try_from(total).map_err(|_| VALUE);
            found.check(
                &format!("{name}::sum"),
                &format!("{case} over {lo}..{hi}"),
                class(ev.sum(lo..hi)),
                want,
            );
        } else {
            found.check(
                &format!("{name}::sum"),
                &format!("{case} over {lo}..{hi}"),
                class(ev.sum(lo..hi)).map(|_| 0),
                Err(VALUE),
            );
        }
    }

    for f in &p.flats {
        let c = flat_tree(shape, f);
        let want = reference(shape, stride, &c);
        let at = format!("{case} at {}", py(&c));
        found.check("Layout::call", &at, scalar_int(l.call(&c)), want);
        found.check(
            "LayoutLike::eval_modes(Layout)",
            &at,
            class(LayoutLike::eval_modes(&l, f)),
            want,
        );
        found.check("viz::Cells::label", &at, label(&l, f), want);
        for (name, ev) in &evs {
            let Ok(ev) = ev else { continue };
            found.check(
                &format!("{name}::eval_flat"),
                &at,
                class(ev.eval_flat(f)),
                want,
            );
            found.check(
                &format!("{name}::eval_modes"),
                &at,
                class(LayoutLike::eval_modes(ev, f)),
                want,
            );
            if let Ok(w) = want {
                match *f.as_slice() {
                    [i, j] if rank == 2 => found.check(
                        &format!("{name}::eval2"),
                        &at,
                        caught(|| ev.eval2(i, j)),
                        Ok(w),
                    ),
                    [i, j, k] if rank == 3 => found.check(
                        &format!("{name}::eval3"),
                        &at,
                        caught(|| ev.eval3(i, j, k)),
                        Ok(w),
                    ),
                    _ => {}
                }
            }
        }
    }

    for n in &p.naturals {
        let c = unflatten(shape, &mut n.iter().copied());
        let want = reference(shape, stride, &c);
        let at = format!("{case} at {}", py(&c));
        found.check("Layout::call", &at, scalar_int(l.call(&c)), want);
        found.check(
            "LayoutLike::eval_natural(Layout)",
            &at,
            class(LayoutLike::eval_natural(&l, n)),
            want,
        );
        for (name, ev) in &evs {
            let Ok(ev) = ev else { continue };
            found.check(
                &format!("{name}::eval_natural"),
                &at,
                class(LayoutLike::eval_natural(ev, n)),
                want,
            );
        }
    }

    // print_tensor shows L at every in-bounds flat coordinate
    if (1..=4).contains(&rank) && size(shape) <= 4096 {
        check_print_tensor(found, case, &l, shape, stride);
    }
}

/// The drawings' value at a flat coordinate.
fn label(l: &Layout, f: &[i64]) -> Answer {
    class(Cells::label(l, f)).map(|s| s.parse::<i64>().expect("an integer label"))
}

/// `print_tensor` of `l`: its cells, in its order, against the reference.
fn check_print_tensor(found: &mut Found, case: &str, l: &Layout, shape: &IntTuple, stride: &[i64]) {
    let text = match print_tensor(l, false) {
        Ok(t) => t,
        Err(e) => {
            found.check("viz::print_tensor", case, Err(e.class().name()), Ok(0));
            return;
        }
    };
    let got: Vec<i64> = text
        .split(|c: char| c.is_whitespace())
        .filter_map(|w| w.parse().ok())
        .collect();
    // the order print_tensor visits: rows of mode 0, columns of mode 1,
    // then slices of modes 2 and 3
    let sizes: Vec<i64> = shape.modes().iter().map(|m| size(m) as i64).collect();
    let mut want = Vec::new();
    let mut push = |c: &[i64]| want.push(reference(shape, stride, &flat_tree(shape, c)));
    match *sizes.as_slice() {
        [a] => (0..a).for_each(|i| push(&[i])),
        [a, b] => (0..a).for_each(|i| (0..b).for_each(|j| push(&[i, j]))),
        [a, b, c] => {
            (0..c).for_each(|k| (0..a).for_each(|i| (0..b).for_each(|j| push(&[i, j, k]))))
        }
        [a, b, c, d] => (0..d).for_each(|q| {
            (0..c).for_each(|k| (0..a).for_each(|i| (0..b).for_each(|j| push(&[i, j, k, q]))))
        }),
        _ => unreachable!("rank 1 to 4"),
    }
    let got: Vec<Answer> = got.into_iter().map(Ok).collect();
    if got != want {
        found.check("viz::print_tensor", case, Err("other cells"), Ok(0));
    }
}

/// cute-expr: a layout call and `crd2idx`, as the specification's language.
fn check_expr(found: &mut Found, case: &str, shape: &IntTuple, stride: &[i64], p: &Probes) {
    let d = unflatten(shape, &mut stride.iter().copied());
    let layout = format!("Layout({}, {})", py(shape), py(&d));
    let run = |src: &str| -> Answer {
        match cute_expr::eval_expr(src) {
            Ok(v) => Ok(v
                .to_string()
                .parse::<i64>()
                .unwrap_or_else(|_| panic!("{src} gives {v}"))),
            Err(e) => Err(e.class().name()),
        }
    };
    let mut crds: Vec<HTuple<i64>> = p.ints.iter().map(|&i| HTuple::Leaf(i)).collect();
    crds.extend(p.flats.iter().map(|f| flat_tree(shape, f)));
    crds.extend(
        p.naturals
            .iter()
            .map(|n| unflatten(shape, &mut n.iter().copied())),
    );
    for c in &crds {
        let at = format!("{case} at {}", py(c));
        let want = reference(shape, stride, c);
        found.check(
            "cute_expr Layout(S, D)(c)",
            &at,
            run(&format!("{layout}({})", py(c))),
            want,
        );
        let want = reference_crd2idx(c, shape);
        let got = run(&format!("crd2idx({}, {})", py(c), py(shape)));
        let name = if got.is_err() && want.is_ok() && sub_index_overflow(c, shape) {
            "cute_expr crd2idx(c, S) [a sub-index beyond i64]"
        } else {
            "cute_expr crd2idx(c, S)"
        };
        found.check(name, &at, got, want);
    }
}

// ---------------------------------------------------------------------------
// cute-static: mixed layouts of a few profiles, every leaf dynamic
// ---------------------------------------------------------------------------

/// The leaves of `crd` in the profile of a static layout type: `call`
/// takes Rust tuples, so each profile spells its own.
macro_rules! static_profile {
    ($found:ident, $case:ident, $l:ident, $shape:ident, $stride:ident, $p:ident,
     $ty:ty, flat |$f:ident| $flat:expr, natural |$n:ident| $nat:expr) => {{
        match <$ty>::try_from(&$l) {
            Err(e) => {
                // the dynamic layout is one; the specification has no
                // objection to it either
                $found.check(
                    "cute_static TryFrom",
                    &format!("{} (construction)", $case),
                    Err(e.class().name()),
                    Ok(0),
                );
            }
            Ok(m) => {
                for &i in &$p.ints {
                    let want = reference(&$shape, &$stride, &HTuple::Leaf(i));
                    let at = format!("{} at {i}", $case);
                    $found.check(
                        "cute_static Layout::try_eval",
                        &at,
                        class(m.try_eval(i)),
                        want,
                    );
                    $found.check(
                        "cute_static LayoutLike::try_eval",
                        &at,
                        class(LayoutLike::try_eval(&m, i)),
                        want,
                    );
                    if let Ok(w) = want {
                        $found.check("cute_static Layout::eval", &at, caught(|| m.eval(i)), Ok(w));
                        $found.check(
                            "cute_static Layout::call(i)",
                            &at,
                            caught(|| m.call(i)),
                            Ok(w),
                        );
                    }
                }
                for $f in &$p.flats {
                    let c = flat_tree(&$shape, $f);
                    let want = reference(&$shape, &$stride, &c);
                    let at = format!("{} at {}", $case, py(&c));
                    $found.check(
                        "cute_static LayoutLike::eval_modes",
                        &at,
                        class(LayoutLike::eval_modes(&m, $f)),
                        want,
                    );
                    if let Ok(w) = want {
                        let got = caught(|| m.call($flat));
                        let name = if got == Err("panic") && partial_overflow(&$shape, &$stride, &c)
                        {
                            "cute_static Layout::call(flat) [a partial offset beyond i64]"
                        } else {
                            "cute_static Layout::call(flat)"
                        };
                        $found.check(name, &at, got, Ok(w));
                    }
                }
                for $n in &$p.naturals {
                    let c = unflatten(&$shape, &mut $n.iter().copied());
                    let want = reference(&$shape, &$stride, &c);
                    let at = format!("{} at {}", $case, py(&c));
                    $found.check(
                        "cute_static LayoutLike::eval_natural",
                        &at,
                        class(LayoutLike::eval_natural(&m, $n)),
                        want,
                    );
                    if let Ok(w) = want {
                        let got = caught(|| m.call($nat));
                        let name = if got == Err("panic") && partial_overflow(&$shape, &$stride, &c)
                        {
                            "cute_static Layout::call(natural) [a partial offset beyond i64]"
                        } else {
                            "cute_static Layout::call(natural)"
                        };
                        $found.check(name, &at, got, Ok(w));
                    }
                }
            }
        }
    }};
}

/// The profile of `shape` as text: `_` for a leaf.
fn profile(s: &IntTuple) -> String {
    match s {
        HTuple::Leaf(_) => "_".into(),
        HTuple::Tuple(ms) => {
            let parts: Vec<String> = ms.iter().map(profile).collect();
            format!("({})", parts.join(","))
        }
    }
}

/// Runs cute-static on `s:d` when its profile is one of those spelled
/// here; false otherwise.
fn check_static(
    found: &mut Found,
    case: &str,
    shape: &IntTuple,
    stride: &[i64],
    p: &Probes,
) -> bool {
    let d = unflatten(shape, &mut stride.iter().copied()).map(&mut |&x| Scalar::Int(x));
    let l = Layout::new(shape.clone(), d).expect("a layout");
    match profile(shape).as_str() {
        "_" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![{} : {}],
            flat | f | f[0],
            natural | n | n[0]
        ),
        "(_,_)" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![({}, {}) : ({}, {})],
            flat | f | (f[0], f[1]),
            natural | n | (n[0], n[1])
        ),
        "(_,_,_)" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![({}, {}, {}) : ({}, {}, {})],
            flat | f | (f[0], f[1], f[2]),
            natural | n | (n[0], n[1], n[2])
        ),
        "(_,(_,_))" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![({}, ({}, {})) : ({}, ({}, {}))],
            flat | f | (f[0], f[1]),
            natural | n | (n[0], (n[1], n[2]))
        ),
        "((_,_),_)" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![(({}, {}), {}) : (({}, {}), {})],
            flat | f | (f[0], f[1]),
            natural | n | ((n[0], n[1]), n[2])
        ),
        "((_,_),(_,(_,_)))" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![(({}, {}), ({}, ({}, {}))) : (({}, {}), ({}, ({}, {})))],
            flat | f | (f[0], f[1]),
            natural | n | ((n[0], n[1]), (n[2], (n[3], n[4])))
        ),
        "(_,())" => static_profile!(
            found,
            case,
            l,
            shape,
            stride,
            p,
            cute_static::Layout![({}, ()) : ({}, ())],
            flat | f | (f[0], f[1]),
            natural | n | (n[0], ())
        ),
        _ => return false,
    }
    true
}

// ---------------------------------------------------------------------------
// The cases
// ---------------------------------------------------------------------------

fn shape_of(s: &str) -> IntTuple {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Every evaluator on `shape:stride`, the strides given leaf by leaf.
fn run_case(found: &mut Found, shape: &str, stride: &[i64], extra: &[i64]) {
    let s = shape_of(shape);
    assert_eq!(s.leaf_count(), stride.len(), "{shape}");
    let case = format!(
        "{}:{}",
        shape,
        py(&unflatten(&s, &mut stride.iter().copied()))
    );
    let p = probes(&s, extra);
    check_dynamic(found, &case, &s, stride, &p);
    check_static(found, &case, &s, stride, &p);
    check_expr(found, &case, &s, stride, &p);
}

/// The fixed cases: the specification's example, extent-1 modes, zero
/// extents, empty tuples, nesting, negative strides, and offsets at the
/// edge of the `i64` range.
fn fixed_cases(found: &mut Found) {
    const BIG: i64 = 1 << 61;
    let cases: &[(&str, &[i64], &[i64])] = &[
        // the specification's A
        ("(3, (2, 4))", &[2, 1, 6], &[]),
        ("(4, 8)", &[8, 1], &[]),
        ("7", &[3], &[]),
        // extent-1 modes (coalescing changes the extended domain)
        ("(4, 1)", &[1, 7], &[]),
        ("(1, 4)", &[7, 1], &[]),
        ("((1, 3), 1)", &[5, 1, 9], &[]),
        ("(1, (1, 1))", &[2, 3, 4], &[]),
        // zero extents: where they divide, and where they do not
        ("(4, 0)", &[1, 4], &[]),
        ("(0, 4)", &[1, 0], &[]),
        ("0", &[5], &[]),
        ("(3, (0, 4))", &[1, 3, 0], &[]),
        ("(3, (4, 0))", &[1, 3, 12], &[]),
        ("((2, 0), 3)", &[1, 2, 5], &[]),
        ("((0, 2), (3, 0))", &[1, 0, 2, 6], &[]),
        ("(0, 0, 0)", &[1, 2, 3], &[]),
        // empty tuples: the quotient is dropped at the end of the path
        ("(4, ())", &[3], &[]),
        ("((), 4)", &[2], &[]),
        ("(4, (2, ()))", &[1, 4], &[]),
        ("(0, ())", &[1], &[]),
        // nesting and negative strides
        ("((2, 3), (4, (5, 2)))", &[1, 2, 6, 24, 120], &[]),
        ("((2, 3), (4, (5, 2)))", &[-1, 7, 0, -3, 11], &[]),
        ("(4, 2)", &[-1, 4], &[]),
        ("(2, 3, 5)", &[15, 5, 1], &[]),
        // the edge of the i64 range
        ("4", &[BIG], &[i64::MAX, i64::MIN]),
        ("(2, 2)", &[2 * BIG, -2 * BIG], &[i64::MAX, i64::MIN, 3]),
        ("(2, 3)", &[1, 3], &[i64::MAX, i64::MIN, i64::MIN + 1]),
        (
            "(3, (2, 4))",
            &[i64::MAX / 8, 1, i64::MIN / 4],
            &[i64::MAX, i64::MIN],
        ),
        ("(2, 4, 2)", &[-5, 0, 2], &[-1844783633838736023]),
        ("(0, (1, 3))", &[5, 1, 2], &[i64::MIN / 2 - 1]),
    ];
    for (shape, stride, extra) in cases {
        run_case(found, shape, stride, extra);
    }
}

/// What cute-static answers against the specification, as `evaluator |
/// layout` and why (cute-expr agrees everywhere). The test fails when one
/// of these starts to agree, so that the list stays true.
const KNOWN_DISAGREEMENTS: &[(&str, &str)] = &[
    // `Layout::try_new` (and so `TryFrom<&cute_dynamic::Layout>`) refuses
    // every dynamic extent that is not positive ("a dynamic extent is not
    // positive"), where the specification evaluates the layout: a zero
    // extent fails only where a coordinate is divided by it.
    ("cute_static TryFrom | (4, 0):(1, 4)", "a zero extent"),
    ("cute_static TryFrom | (0, 4):(1, 0)", "a zero extent"),
    ("cute_static TryFrom | 0:5", "a zero extent"),
    ("cute_static TryFrom | (3, (0, 4)):(1, (3, 0))", "a zero extent"),
    ("cute_static TryFrom | (3, (4, 0)):(1, (3, 12))", "a zero extent"),
    ("cute_static TryFrom | ((2, 0), 3):((1, 2), 5)", "a zero extent"),
    ("cute_static TryFrom | (0, 0, 0):(1, 2, 3)", "a zero extent"),
    ("cute_static TryFrom | (0, ()):(1, ())", "a zero extent"),
    ("cute_static TryFrom | (0, (1, 3)):(5, (1, 2))", "a zero extent"),
    // `check_range` bounds the offsets by the sum of |(e - 1) * d|, 2^63
    // here, where the in-bounds offsets are 0, 2^62, -2^62 and 0.
    (
        "cute_static TryFrom | (2, 2):(4611686018427387904, -4611686018427387904)",
        "a range check stricter than the offsets",
    ),
    // `call` with one integer per mode checks each mode's offset exactly in
    // a debug build and panics when one leaves the i64 range, though their
    // sum, the offset, fits (a release build wraps and gets it right).
    (
        "cute_static Layout::call(flat) [a partial offset beyond i64] | (3, (2, 4)):(1152921504606846975, (1, -2305843009213693952))",
        "a debug-build panic on a partial offset",
    ),
    (
        "cute_static Layout::call(flat) [a partial offset beyond i64] | (2, 4, 2):(-5, 0, 2)",
        "a debug-build panic on a partial offset",
    ),
    (
        "cute_static Layout::call(natural) [a partial offset beyond i64] | (2, 4, 2):(-5, 0, 2)",
        "a debug-build panic on a partial offset",
    ),
    // cute-expr's `crd2idx` (cute-dynamic's `shape::crd2idx`) narrows the
    // index of each sub-tuple to an i64 before scaling it by the size of
    // the modes before it, so a sub-index beyond the range is an overflow
    // even where that size is 0 and the index fits: crd2idx((x, (x, x)),
    // (0, (1, 3))) is x.
    (
        "cute_expr crd2idx(c, S) [a sub-index beyond i64] | (0, (1, 3)):(5, (1, 2))",
        "an overflow of a part of the index",
    ),
];

#[test]
fn every_evaluator_agrees_with_the_specification() {
    let mut found = Found::default();
    fixed_cases(&mut found);
    let report = found.unexpected(KNOWN_DISAGREEMENTS);
    assert!(
        report.is_empty(),
        "disagreements with the specification:\n{report}"
    );
}

// ---------------------------------------------------------------------------
// Random layouts
// ---------------------------------------------------------------------------

/// A shape of at most three levels: extents 0 to 6 (0 and 1 often), tuples
/// of 0 to 3 modes (the empty tuple included).
fn arb_shape() -> impl Strategy<Value = IntTuple> {
    let extent = prop_oneof![1 => Just(0i64), 2 => Just(1i64), 5 => 2i64..7];
    extent
        .prop_map(HTuple::Leaf)
        .prop_recursive(3, 12, 3, |inner| {
            prop::collection::vec(inner, 0..4).prop_map(HTuple::Tuple)
        })
}

/// A shape of one of the profiles [`check_static`] spells (the trailing
/// empty tuple aside), extents 0 to 6.
fn arb_static_shape() -> impl Strategy<Value = IntTuple> {
    let profiles = [
        "_",
        "(_,_)",
        "(_,_,_)",
        "(_,(_,_))",
        "((_,_),_)",
        "((_,_),(_,(_,_)))",
    ];
    (
        prop::sample::select(profiles.to_vec()),
        prop::collection::vec(prop_oneof![1 => Just(0i64), 8 => 1i64..7], 5),
    )
        .prop_map(|(p, e)| {
            let mut e = e.into_iter();
            let text: String = p
                .chars()
                .map(|c| {
                    if c == '_' {
                        e.next().unwrap().to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join("")
                .replace(',', ", ");
            shape_of(&text)
        })
}

/// Strides for the leaves of `s`, and random coordinates beside the
/// probes.
fn with_strides(s: IntTuple) -> impl Strategy<Value = (IntTuple, Vec<i64>, Vec<i64>)> {
    let n = s.leaf_count();
    (
        Just(s),
        prop::collection::vec(-9i64..10, n),
        prop::collection::vec(prop_oneof![-200i64..200, any::<i64>()], 3),
    )
}

/// The text of `shape:stride`, as the cases name it.
fn case_name(s: &IntTuple, d: &[i64]) -> String {
    format!("{s}:{}", py(&unflatten(s, &mut d.iter().copied())))
}

proptest! {

    /// cute-dynamic's evaluators, the drawings and cute-expr agree with the
    /// specification on any layout, zero extents and empty tuples included
    /// (but for cute-expr's `crd2idx` of a sub-index beyond i64, see
    /// [`KNOWN_DISAGREEMENTS`]).
    #[test]
    fn random_layouts_agree((s, d, extra) in arb_shape().prop_flat_map(with_strides)) {
        let mut found = Found::default();
        let case = case_name(&s, &d);
        let p = probes(&s, &extra);
        check_dynamic(&mut found, &case, &s, &d, &p);
        check_expr(&mut found, &case, &s, &d, &p);
        // the known kind: see KNOWN_DISAGREEMENTS
        found.detail.retain(|k, _| !k.contains("[a sub-index beyond i64]"));
        let report = found.unexpected(&[]);
        prop_assert!(report.is_empty(), "{}", report);
    }

    /// cute-static agrees on mixed layouts of the profiles it is given here,
    /// except that it refuses a zero extent, and its `call` panics in a
    /// debug build on a partial offset beyond i64 (see
    /// [`KNOWN_DISAGREEMENTS`]).
    #[test]
    fn random_static_layouts_agree((s, d, extra) in arb_static_shape().prop_flat_map(with_strides)) {
        let mut found = Found::default();
        let case = case_name(&s, &d);
        let p = probes(&s, &extra);
        prop_assert!(check_static(&mut found, &case, &s, &d, &p));
        if s.leaves().any(|&e| e == 0) {
            let refused = format!("cute_static TryFrom | {case}");
            prop_assert!(found.detail.remove(&refused).is_some(), "{} is refused", case);
        }
        // the known kind: see KNOWN_DISAGREEMENTS
        found.detail.retain(|k, _| !k.contains("[a partial offset beyond i64]"));
        let report = found.unexpected(&[]);
        prop_assert!(report.is_empty(), "{}", report);
    }
}
