//! Composition's conditions, checked leaf by leaf as the algebra checks
//! them, told to an [`Observer`]: the steps of a trace, or nothing (for
//! [`is_admissible`](crate::algebra::is_admissible), which runs the same
//! checks without making the result).
//!
//! The conditions are the kernel's walk ([`kernel::walk`]) and the
//! algebra's carry check ([`reach`]); this module calls them in the order
//! the algebra does (`composition/walk.rs`): B's leaves left to right, a
//! single point evaluated, a zero stride kept, a negative stride walked
//! by its magnitude inside A's last mode, each mode the walk makes scaled
//! and checked for a carry, and a carry error reported once the walk
//! succeeds. The state of a walk part way, which a step of a trace shows
//! (how much of the leaf is left, at what stride, on reaching a mode of
//! A), is read from the kernel: it is what the walk of A's modes up to
//! that one leaves for its last.

use cute_core::kernel::compose::{self as kernel, WalkError};
use cute_core::{DynInt, Error, Operand, Result};

use super::{flat_text, nested, tiler_text, Observer, Step, StepKind as K};
use crate::algebra::composition::carry::reach;
use crate::algebra::composition::Lhs;
use crate::algebra::flat::{self, Ones};
use crate::layout::{Layout, Mode, TilerRef, View};
use crate::typedefs::Scalar;

const OP: &str = "composition";
const STRIDE: &str = "stride divisibility";
const SHAPE: &str = "shape divisibility";
const CARRY: &str = "carry check";

/// `A o B` as composition makes it whole: the tiler's steps, then the
/// size of the result, which must be countable (composition's result is
/// otherwise no layout).
///
/// # Errors
/// As [`tiler`]; an overflow of the result's size.
pub(crate) fn whole<I: DynInt, O: Observer<I>>(
    a: View<'_, I>,
    b: TilerRef<'_, I>,
    obs: &mut O,
) -> Result<()> {
    tiler(a, b, obs)?;
    if let Err(e) = result_size(a, b) {
        obs.step(|| {
            Step::check(
                "countable size",
                false,
                format!("the result's size, B's, is not countable: {e}"),
            )
        });
        return Err(e);
    }
    Ok(())
}

/// The size of `A o B`: B's (each leaf `s:d` of B gives modes whose
/// extents multiply to `s`), mode by mode for a tuple B, the modes it
/// leaves kept.
fn result_size<I: DynInt>(a: View<'_, I>, b: TilerRef<'_, I>) -> Result<I> {
    match b {
        TilerRef::None => a.size(),
        TilerRef::Int(n) => Ok(n.clone()),
        TilerRef::Layout(l) => l.size(),
        TilerRef::Tuple(ts) => {
            let mut acc = I::from_i64(1);
            for (i, m) in a.modes().enumerate() {
                let x = match ts.get(i) {
                    Some(t) => result_size(m, t.as_ref())?,
                    None => m.size()?,
                };
                acc = acc.int_mul(&x)?;
            }
            Ok(acc)
        }
    }
}

/// `A o B` for a tiler B: `None` leaves A alone, an integer `n` is the
/// layout `n:1`, a layout composes leaf by leaf, a tuple mode by mode
/// (the algebra's `compose_tiler`).
///
/// # Errors
/// The condition that fails, as the algebra finds it first (its wording
/// is the algebra's to give; a trace shows the algebra's own error).
pub(crate) fn tiler<I: DynInt, O: Observer<I>>(
    a: View<'_, I>,
    b: TilerRef<'_, I>,
    obs: &mut O,
) -> Result<()> {
    match b {
        TilerRef::None => {
            obs.step(|| Step::new(K::Form, "B is None: A is kept as it is"));
            Ok(())
        }
        TilerRef::Int(n) => {
            let leaf = [(n.clone(), Scalar::Int(I::from_i64(1)))];
            obs.step(|| Step::new(K::Form, format!("B = {n} is the layout {n}:1")));
            let mut lhs = Lhs::new(a);
            coalesced(&mut lhs, a, "A", obs);
            layout(&mut lhs, a, View::leaf(&leaf), "B", obs)
        }
        TilerRef::Layout(l) => {
            let mut lhs = Lhs::new(a);
            coalesced(&mut lhs, a, "A", obs);
            layout(&mut lhs, a, l.view(), "B", obs)
        }
        TilerRef::Tuple(ts) => {
            let n = a.rank();
            if ts.len() > n {
                obs.step(|| {
                    Step::check(
                        "rank",
                        false,
                        format!(
                            "a by-mode B has {} modes, and A, {}, has only {n}",
                            ts.len(),
                            a.to_layout()
                        ),
                    )
                    .val("modes", ts.len())
                    .val("rank", n)
                });
                return Err(Error::rank_mismatch(
                    OP,
                    n,
                    ts.len(),
                    "a by-mode tiler of more modes than A".to_string(),
                ));
            }
            obs.step(|| {
                Step::new(
                    K::Form,
                    "B is a tuple: mode i of A composes with mode i of B, A's other modes are kept (A o <B0, B1, ...> = (A0 o B0, A1 o B1, ...))",
                )
            });
            for (i, m) in a.modes().enumerate() {
                match ts.get(i) {
                    Some(t) => {
                        obs.step(|| {
                            Step::new(
                                K::Begin,
                                format!(
                                    "mode {i} of A, {}, with mode {i} of B, {}",
                                    m.to_layout(),
                                    tiler_text(t.as_ref())
                                ),
                            )
                            .val("mode", i)
                        });
                        nested(obs, |obs| tiler(m, t.as_ref(), obs))?;
                    }
                    None => obs.step(|| {
                        Step::new(
                            K::Form,
                            format!("mode {i} of A, {}, has no mode of B: kept", m.to_layout()),
                        )
                        .val("mode", i)
                    }),
                }
            }
            Ok(())
        }
    }
}

/// Tells how the walk reads A (named `name`): its flat modes, coalesced,
/// keeping a last mode of extent 1, whose stride carries A past its end.
/// (Told only; the coalescing the walk reads is the [`Lhs`]'s, when a
/// leaf first needs it, and its errors are the algebra's.)
pub(crate) fn coalesced<I: DynInt, O: Observer<I>>(
    lhs: &mut Lhs<'_, I>,
    a: View<'_, I>,
    name: &str,
    obs: &mut O,
) {
    if !O::ACTIVE {
        return;
    }
    if flat::is_coalesced(a.leaves) {
        obs.step(|| {
            Step::new(
                K::Form,
                format!(
                    "the walk reads {name}'s flat modes, {}, as they are: they are coalesced already",
                    flat_text(a.leaves)
                ),
            )
        });
        return;
    }
    obs.step(|| {
        Step::new(
            K::Form,
            format!(
                "the walk reads {name}'s flat modes, {}, coalesced (a last mode of extent 1 is kept: its stride carries {name} past its end):",
                flat_text(a.leaves)
            ),
        )
    });
    let told = nested(obs, |obs| {
        super::coalesce::narrate(OP, a.leaves, Ones::KeepLast, obs)
    });
    if let (Ok(told), Ok(flat)) = (told, lhs.flat()) {
        debug_assert_eq!(
            &told[..],
            flat,
            "the coalescer told is the one the walk reads"
        );
        let _ = told;
    }
}

/// `A o B` for a layout B, leaf by leaf, with A's coalesced modes and what
/// B's leaves reach in them kept in `lhs` (shared by the tile and the rest
/// of a divide); `a` is A's view and `rhs` the name of B (`B`, `B*`).
pub(crate) fn layout<I: DynInt, O: Observer<I>>(
    lhs: &mut Lhs<'_, I>,
    a: View<'_, I>,
    b: View<'_, I>,
    rhs: &'static str,
    obs: &mut O,
) -> Result<()> {
    for (k, (s, d)) in b.leaves.iter().enumerate() {
        obs.step(|| {
            Step::new(K::Begin, format!("leaf {k} of {rhs}, {s}:{d}"))
                .val("leaf", k)
                .val("extent", s)
                .val("stride", d)
        });
        nested(obs, |obs| leaf(lhs, a, s, d, obs))?;
    }
    Ok(())
}

/// `A o s:d` for one leaf of B (the algebra's `compose_leaf`).
fn leaf<I: DynInt, O: Observer<I>>(
    lhs: &mut Lhs<'_, I>,
    a: View<'_, I>,
    s: &I,
    d: &Scalar<I>,
    obs: &mut O,
) -> Result<()> {
    match d {
        Scalar::Int(d) => int(lhs, s, d, obs),
        Scalar::Arith(t) if t.is_zero() => {
            let m = (s.clone(), Scalar::zero());
            obs.step(|| {
                Step::new(
                    K::Emit,
                    format!(
                        "its stride is 0: every point is A's offset 0, so the leaf gives {s}:0"
                    ),
                )
                .val("layout", format!("{s}:0"))
            });
            obs.mode(&m);
            Ok(())
        }
        Scalar::Arith(t) => match t.single_term() {
            Some((k, path)) => {
                obs.step(|| {
                    Step::new(
                        K::Form,
                        format!(
                            "its stride {t} is a coordinate: it steps by {k} through mode {} of A",
                            crate::layout::mode_path(&path)
                        ),
                    )
                    .val("step", k)
                });
                let sub = lhs.at_path(path)?;
                if O::ACTIVE {
                    if let Ok(flat) = sub.flat() {
                        let text = flat_text(flat);
                        let (_, _, _, who) = sub.parts();
                        obs.step(|| {
                            Step::new(
                                K::Form,
                                format!("the walk reads {who}'s flat modes, coalesced: {text}"),
                            )
                        });
                    }
                }
                int(sub, s, &I::from_i64(k), obs)
            }
            None => {
                // a sum of terms: each composes with its mode of A, and the
                // results add (the algebra's `compose_coordinate_sum`, which
                // keeps no state between leaves): the leaf composed alone
                let one = Layout::leaf(s.clone(), d.clone());
                let r = crate::algebra::composition(&a.to_layout(), &one);
                obs.step(|| {
                    let what = match &r {
                        Ok(l) => format!("A o {s}:{t} = {l}"),
                        Err(e) => format!("refused: {e}"),
                    };
                    Step::new(
                        K::Note,
                        format!("its stride {t} is a sum of coordinates: each term composes with its mode of A, and the layouts add (layout_add): {what}"),
                    )
                });
                let r = r?;
                for m in r.leaves() {
                    obs.mode(m);
                }
                Ok(())
            }
        },
        Scalar::F2(f) => {
            obs.step(|| {
                Step::check(
                    "integer stride",
                    false,
                    format!("its stride {f} is an F2 value: a leaf of B steps by an integer or a coordinate"),
                )
            });
            Err(Error::type_error(
                OP,
                format!("B's stride {f} is an F2 value, not an integer or a coordinate"),
            ))
        }
    }
}

/// `A o s:d` for an integer stride `d` (the algebra's `compose_int`).
fn int<I: DynInt, O: Observer<I>>(lhs: &mut Lhs<'_, I>, s: &I, d: &I, obs: &mut O) -> Result<()> {
    let zero = I::from_i64(0);
    if s.is_const(1) {
        // a single point: A's value there, in A's extended domain
        let flat = lhs.flat()?;
        let v = if d.int_cmp(&zero)?.is_lt() {
            Layout::flat(flat.iter().cloned().collect()).call_index(d.clone())?
        } else {
            flat::eval(OP, flat, d)?
        };
        obs.step(|| {
            Step::new(
                K::Emit,
                format!("one point (extent 1): A's offset at {d} is {v}, so the leaf gives 1:{v}"),
            )
            .val("offset", &v)
            .val("layout", format!("1:{v}"))
        });
        obs.mode(&(s.clone(), v));
        return Ok(());
    }
    if d.is_const(0) {
        obs.step(|| {
            Step::new(
                K::Emit,
                format!("its stride is 0: every point is A's offset 0, so the leaf gives {s}:0"),
            )
            .val("layout", format!("{s}:0"))
        });
        obs.mode(&(s.clone(), Scalar::zero()));
        return Ok(());
    }
    if s.int_cmp(&zero)?.is_le() {
        obs.step(|| {
            Step::check(
                "positive extent",
                false,
                format!("its extent {s} is not positive"),
            )
        });
        return Err(Error::value(OP, format!("B's extent {s} is not positive")));
    }
    if d.int_cmp(&zero)?.is_lt() {
        return negative(lhs, s, d, obs);
    }
    lhs.flat()?;
    let (flat, reached, whole, who) = lhs.parts();
    // the first error of the carry check, returned once the walk is done
    // (whose own errors come first)
    let mut carry: Option<Error> = None;
    let name = who.to_string();
    walk(flat, &name, s, d, obs, |e, i, step, obs| {
        let (extent, di) = &flat[i];
        // an F2 stride scales carry-lessly: `(d * step) * j` is
        // `d * (step * j)` for every `j < e` only when `step` is a power
        // of two (or `j` is 0 or 1)
        if let Scalar::F2(_) = di {
            let pow2 = step.try_const().is_some_and(|k| k & (k - 1) == 0);
            if !pow2 && e.int_cmp(&I::from_i64(2))?.is_gt() {
                obs.step(|| {
                    Step::check(
                        "F2 step",
                        false,
                        format!("it steps by {step} through mode {i} of {name}, whose F2 stride {di} multiplies carry-lessly: no layout is j -> {name}(j * {step}) there"),
                    )
                    .val("step", &step)
                    .val("extent", extent)
                });
                return Err(Error::divisibility(
                    OP,
                    Operand::of(&step),
                    Operand::of(extent),
                    format!("the F2 mode {i} of {who} taken by steps of {step}"),
                ));
            }
        }
        let m = (e.clone(), di.scale_by(&step)?);
        obs.step(|| {
            Step::new(
                K::Emit,
                format!(
                    "-> {}:{}: {e} points of mode {i} of {name}, its stride {di} times {step}",
                    m.0, m.1
                ),
            )
            .val("layout", format!("{}:{}", m.0, m.1))
            .val("mode", i)
        });
        obs.mode(&m);
        if whole && carry.is_none() {
            let before = reached.get(i).map(|r| (r.sum.clone(), r.bits));
            match reach(flat, reached, who, i, &e, &step) {
                Ok(()) => {
                    let after = reached.get(i).map(|r| (r.sum.clone(), r.bits));
                    if O::ACTIVE && after.is_some() && after != before {
                        let sum = after.map(|x| x.0).unwrap_or_else(|| I::from_i64(0));
                        obs.step(|| {
                            Step::check(
                                CARRY,
                                true,
                                format!(
                                    "{CARRY}: in mode {i} of {name} (extent {extent}), the leaves composed so far reach coordinate {sum}, below {extent}"
                                ),
                            )
                            .val("mode", i)
                            .val("reach", &sum)
                            .val("extent", extent)
                        });
                    }
                }
                Err(err) => {
                    let before = before.map(|x| x.0).unwrap_or_else(|| I::from_i64(0));
                    let (reach, past) = match &err {
                        Error::Divisibility { lhs, rhs, .. } => (lhs.to_string(), rhs.to_string()),
                        _ => (format!("{before} + ({e} - 1) * {step}"), extent.to_string()),
                    };
                    obs.step(|| {
                        Step::check(
                            CARRY,
                            false,
                            format!(
                                "{CARRY}: in mode {i} of {name} (extent {extent}), the leaves composed so far reach coordinate {before} + ({e} - 1) * {step} = {reach}, not below {past}: their offsets carry into the next mode, and no layout composes {name} with them together"
                            ),
                        )
                        .val("mode", i)
                        .val("reach", &reach)
                        .val("extent", &past)
                    });
                    carry = Some(err);
                }
            }
        }
        Ok(())
    })?;
    carry.map_or(Ok(()), Err)
}

/// `A o s:d` for a negative stride `d` (and `s > 1`): the leaf walks by
/// `|d|` and must lie in A's last mode, where `A(-x)` is `-A(x)` (the
/// algebra's `compose_negative`).
fn negative<I: DynInt, O: Observer<I>>(
    lhs: &mut Lhs<'_, I>,
    s: &I,
    d: &I,
    obs: &mut O,
) -> Result<()> {
    let zero = I::from_i64(0);
    let m = zero
        .int_sub(d)
        .map_err(|_| Error::overflow(OP, format!("B's stride {d} has no 64-bit magnitude")))?;
    obs.step(|| {
        Step::new(
            K::Form,
            format!("its stride {d} is negative: A(-x) is -A(x) only in A's last mode (elsewhere a coordinate wraps), so the leaf walks by {m} and must stay in A's last mode"),
        )
    });
    lhs.flat()?;
    let (flat, _, _, who) = lhs.parts();
    let name = who.to_string();
    let n = flat.len();
    walk(flat, &name, s, &m, obs, |e, i, step, obs| {
        if !e.is_const(1) && i + 1 != n {
            obs.step(|| {
                Step::check(
                    "last mode",
                    false,
                    format!("it reaches mode {i} of {name}, not its last: no layout is j -> {name}(j * {d})"),
                )
                .val("stride", d)
                .val("extent", &flat[i].0)
            });
            return Err(Error::value(
                OP,
                format!("the negative stride {d} reaches the coalesced mode {i} of A"),
            ));
        }
        let neg = I::from_i64(0).int_sub(&step)?;
        let mm = (e.clone(), flat[i].1.scale_by(&neg)?);
        obs.step(|| {
            Step::new(
                K::Emit,
                format!(
                    "-> {}:{}: {e} points of mode {i} of {name}, backwards",
                    mm.0, mm.1
                ),
            )
            .val("layout", format!("{}:{}", mm.0, mm.1))
        });
        obs.mode(&mm);
        Ok(())
    })
}

/// Walks the leaf `s:d` through A's coalesced modes `flat` with the
/// kernel's walk, calling `emit(extent, mode, step, obs)` for each mode it
/// makes, and tells the observer each mode of A the leaf meets: the steps
/// over whole modes, the points taken in each, the conditions checked.
///
/// # Errors
/// The kernel's: a failed divisibility condition (worded plainly; the
/// algebra words it for the user), or `emit`'s.
fn walk<I: DynInt, O: Observer<I>>(
    flat: &[Mode<I>],
    who: &str,
    s: &I,
    d: &I,
    obs: &mut O,
    mut emit: impl FnMut(I, usize, I, &mut O) -> Result<()>,
) -> Result<()> {
    let tagged: Vec<(I, usize)> = flat
        .iter()
        .enumerate()
        .map(|(i, (e, _))| (e.clone(), i))
        .collect();
    let n = flat.len();
    // the modes of A told so far, and whether the last mode made ended the
    // walk
    let mut told = 0usize;
    let mut ended = true;
    let r = kernel::walk(
        &tagged,
        |m| &m.0,
        s,
        d,
        |e, i, step, done| {
            if O::ACTIVE {
                passes(flat, who, &tagged, s, d, told..i, obs);
                meet(flat, who, &tagged, s, d, i, &e, &step, done, obs);
            }
            told = i + 1;
            ended = done;
            emit(e, i, step, obs).map_err(WalkError::Other)
        },
    );
    match r {
        Ok(()) => {
            if !ended && told < n {
                obs.step(|| {
                    Step::new(
                        K::Note,
                        "nothing of the leaf is left: the walk ends".to_string(),
                    )
                });
            }
            Ok(())
        }
        Err(WalkError::Stride { mode, step, extent }) => {
            if O::ACTIVE {
                passes(flat, who, &tagged, s, d, told..mode, obs);
                let rest = state_at(&tagged, mode, s, d).map(|x| x.0);
                let (es, ed) = &flat[mode];
                let over = step.int_cmp(&extent).is_ok_and(|o| o.is_ge());
                obs.step(|| {
                    let how = match (over, &rest) {
                        (true, _) => format!("the leaf's stride {step} is at least its extent {es}, so {es} must divide {step}"),
                        (false, Some(r)) => format!("the leaf's {r} points at stride {step} reach past it, so {step} must divide its extent {es}"),
                        (false, None) => format!("the leaf reaches past it, so {step} must divide its extent {es}"),
                    };
                    Step::new(K::Meet, format!("mode {mode} of {who}, {es}:{ed}: {how}"))
                        .val("mode", mode)
                        .val("extent", es)
                        .val("stride", ed)
                });
                obs.step(|| {
                    Step::check(
                        STRIDE,
                        false,
                        format!("{STRIDE}: {step} and {extent} do not divide one another"),
                    )
                    .val("stride", &step)
                    .val("extent", &extent)
                });
            }
            Err(Error::divisibility(
                OP,
                Operand::of(&step),
                Operand::of(&extent),
                format!("{step} and {extent} do not divide one another ({STRIDE})"),
            ))
        }
        Err(WalkError::Shape {
            mode,
            step,
            extent,
            avail,
            needed,
        }) => {
            if O::ACTIVE {
                passes(flat, who, &tagged, s, d, told..mode, obs);
                let (es, ed) = &flat[mode];
                obs.step(|| {
                    Step::new(
                        K::Meet,
                        format!("mode {mode} of {who}, {es}:{ed}: the leaf's {needed} points at stride {step} reach past it: {step} < {extent} <= ({needed} - 1) * {step}"),
                    )
                    .val("mode", mode)
                    .val("points", &needed)
                    .val("step", &step)
                });
                obs.step(|| {
                    Step::check(
                        STRIDE,
                        true,
                        format!("{STRIDE}: {step} divides the extent {extent}"),
                    )
                    .val("stride", &step)
                    .val("extent", &extent)
                });
                obs.step(|| {
                    Step::check(
                        SHAPE,
                        false,
                        format!("{SHAPE}: the extent {extent} holds {extent} / {step} = {avail} of B's steps, and {avail} does not divide the {needed} points B still needs"),
                    )
                    .val("held", &avail)
                    .val("needed", &needed)
                });
            }
            Err(Error::divisibility(
                OP,
                Operand::of(&avail),
                Operand::of(&needed),
                format!("{avail} does not divide {needed} ({SHAPE})"),
            ))
        }
        Err(WalkError::Carry { mode, sum, extent }) => Err(Error::divisibility(
            OP,
            Operand::of(&sum),
            Operand::of(&extent),
            format!("mode {mode} reached up to {sum} ({CARRY})"),
        )),
        Err(WalkError::Other(e)) => Err(e),
    }
}

/// What is left of the leaf `s:d`, `(points, stride)`, when the walk
/// reaches A's mode `j`: what the kernel's walk of A's modes up to `j`
/// leaves for its last mode (`None` if it leaves nothing).
fn state_at<I: DynInt>(tagged: &[(I, usize)], j: usize, s: &I, d: &I) -> Option<(I, I)> {
    let mut st = None;
    let _ = kernel::walk(
        &tagged[..=j],
        |m| &m.0,
        s,
        d,
        |e, i, step, _| {
            if i == j {
                st = Some((e, step));
            }
            Ok(())
        },
    );
    st
}

/// Tells the modes of A in `range` that the walk stepped over whole: the
/// leaf's stride was at least the extent, which divided it.
fn passes<I: DynInt, O: Observer<I>>(
    flat: &[Mode<I>],
    who: &str,
    tagged: &[(I, usize)],
    s: &I,
    d: &I,
    range: core::ops::Range<usize>,
    obs: &mut O,
) {
    for m in range {
        let (es, ed) = &flat[m];
        let Some((_, rd)) = state_at(tagged, m, s, d) else {
            continue;
        };
        let next = state_at(tagged, m + 1, s, d).map(|x| x.1);
        obs.step(|| {
            Step::new(
                K::Meet,
                format!("mode {m} of {who}, {es}:{ed}: the leaf's stride {rd} is at least its extent {es}: the leaf steps over the whole mode"),
            )
            .val("mode", m)
            .val("extent", es)
            .val("stride", ed)
            .val("step", &rd)
        });
        obs.step(|| {
            let then = match &next {
                Some(n) => format!(", and the stride left is {rd} / {es} = {n}"),
                None => String::new(),
            };
            Step::check(
                STRIDE,
                true,
                format!("{STRIDE}: the extent {es} divides the stride {rd}{then}"),
            )
            .val("stride", &rd)
            .val("extent", es)
        });
    }
}

/// Tells the mode `i` of A where the walk made a mode of `e` points at
/// stride `step` (`done`: the last one of the leaf).
#[allow(clippy::too_many_arguments)]
fn meet<I: DynInt, O: Observer<I>>(
    flat: &[Mode<I>],
    who: &str,
    tagged: &[(I, usize)],
    s: &I,
    d: &I,
    i: usize,
    e: &I,
    step: &I,
    done: bool,
    obs: &mut O,
) {
    let n = flat.len();
    let (es, ed) = &flat[i];
    if i + 1 == n {
        obs.step(|| {
            let what = if n == 1 {
                format!("mode {i} of {who}, {es}:{ed}, is {who}'s only mode")
            } else {
                format!("mode {i} of {who}, {es}:{ed}, is {who}'s last")
            };
            Step::new(
                K::Meet,
                format!("{what}: it takes the rest of the leaf, {e} points at stride {step} (past its extent if need be: {who}'s last mode extends it)"),
            )
            .val("mode", i)
            .val("points", e)
            .val("step", step)
        });
        return;
    }
    if done {
        obs.step(|| {
            Step::new(
                K::Meet,
                format!("mode {i} of {who}, {es}:{ed}: the leaf's {e} points at stride {step} lie within it: ({e} - 1) * {step} < {es}"),
            )
            .val("mode", i)
            .val("points", e)
            .val("step", step)
        });
        return;
    }
    let (rs, rd) = state_at(tagged, i, s, d).unwrap_or_else(|| (e.clone(), step.clone()));
    obs.step(|| {
        Step::new(
            K::Meet,
            format!("mode {i} of {who}, {es}:{ed}: the leaf's {rs} points at stride {rd} reach past it: {rd} < {es} <= ({rs} - 1) * {rd}"),
        )
        .val("mode", i)
        .val("points", &rs)
        .val("step", &rd)
    });
    obs.step(|| {
        Step::check(
            STRIDE,
            true,
            format!("{STRIDE}: {rd} divides the extent {es}"),
        )
        .val("stride", &rd)
        .val("extent", es)
    });
    obs.step(|| {
        Step::check(
            SHAPE,
            true,
            format!("{SHAPE}: the extent {es} holds {es} / {rd} = {e} of B's steps, and {e} divides the {rs} points B needs"),
        )
        .val("held", e)
        .val("needed", &rs)
    });
}
