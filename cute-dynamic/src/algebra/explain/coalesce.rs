//! The coalescer, told: the algebra's one coalescer
//! ([`cute_core::kernel::coalesce::Coalescer`]) fed a stride that records
//! each decision of the one merge rule
//! ([`continues`](crate::algebra::flat::continues)) as the
//! coalescer asks it, and a sink that records each mode it writes.

use core::cell::RefCell;
use std::rc::Rc;

use cute_core::kernel::coalesce::{CoalesceStride, Coalescer, ModeSink, Ones};
use cute_core::{DynInt, Result};

use super::{flat_text, Observer, Step, StepKind as K};
use crate::layout::Mode;
use crate::typedefs::Scalar;

/// The rule of coalesce, in the specification's words.
pub(super) const RULE: &str = "coalesce(A): A's flat modes, left to right: a mode of extent 1 contributes nothing and is dropped, and a mode s1:d1 after s0:d0 walks on as one mode (s0 * s1):d0 when d1 == s0 * d0; the result is the same function on A's domain";

/// One decision of the merge rule: does a mode of stride `d1` continue
/// `s0:d0`?
struct Decision<I: DynInt> {
    s0: I,
    d0: Scalar<I>,
    d1: Scalar<I>,
    merged: bool,
}

type Log<I> = Rc<RefCell<Vec<Decision<I>>>>;

/// A stride that records each decision the coalescer asks of it: the
/// decision itself is [`continues`](crate::algebra::flat::continues), the rule every coalescing of
/// the algebra follows.
#[derive(Clone)]
struct Watched<I: DynInt> {
    d: Scalar<I>,
    log: Log<I>,
}

impl<I: DynInt> CoalesceStride<I> for Watched<I> {
    fn continues(s0: &I, d0: &Self, d1: &Self) -> bool {
        let merged = <Scalar<I> as CoalesceStride<I>>::continues(s0, &d0.d, &d1.d);
        d1.log.borrow_mut().push(Decision {
            s0: s0.clone(),
            d0: d0.d.clone(),
            d1: d1.d.clone(),
            merged,
        });
        merged
    }

    fn zero() -> Self {
        Watched {
            d: Scalar::zero(),
            log: Rc::default(),
        }
    }
}

/// A sink that records the modes the coalescer writes.
struct Written<I: DynInt>(Rc<RefCell<Vec<Mode<I>>>>);

impl<I: DynInt> ModeSink<Watched<I>, I> for Written<I> {
    fn push_mode(&mut self, s: I, d: Watched<I>) -> Result<()> {
        self.0.borrow_mut().push((s, d.d));
        Ok(())
    }
}

/// Coalesces `modes` as the algebra does (the coalescer of the operation
/// `op`, with `ones`), telling each mode's fate; returns the coalesced
/// modes.
///
/// # Errors
/// The coalescer's (an extent that overflows as modes merge).
pub(crate) fn narrate<I: DynInt, O: Observer<I>>(
    op: &'static str,
    modes: &[Mode<I>],
    ones: Ones,
    obs: &mut O,
) -> Result<Vec<Mode<I>>> {
    let log: Log<I> = Rc::default();
    let out: Rc<RefCell<Vec<Mode<I>>>> = Rc::default();
    let mut sink = Written(out.clone());
    let mut c = Coalescer::new(op, &mut sink, ones);
    let mut started = false;
    let mut pending: Option<usize> = None;
    for (k, (s, d)) in modes.iter().enumerate() {
        let seen = log.borrow().len();
        let r = c.push(
            s.clone(),
            Watched {
                d: d.clone(),
                log: log.clone(),
            },
        );
        if let Err(e) = r {
            obs.step(|| {
                Step::new(
                    K::Note,
                    format!("mode {k}, {s}:{d}: merging it overflows: {e}"),
                )
            });
            return Err(e);
        }
        let decided = log
            .borrow()
            .get(seen)
            .map(|x| (x.s0.clone(), x.d0.clone(), x.d1.clone(), x.merged));
        match decided {
            None if s.is_const(1) => {
                if let Some(j) = pending.replace(k) {
                    obs.step(|| {
                        Step::new(
                            K::Drop,
                            format!("mode {j}, of extent 1, is dropped: mode {k} follows it"),
                        )
                        .val("mode", j)
                    });
                }
                obs.step(|| {
                    Step::new(
                        K::Drop,
                        format!("mode {k}, {s}:{d}: extent 1, it contributes nothing: set aside (kept only if it ends the layout and the rule keeps such a mode)"),
                    )
                    .val("mode", k)
                });
                continue;
            }
            None => {
                started = true;
                obs.step(|| {
                    Step::new(K::Form, format!("mode {k}, {s}:{d}: the first mode")).val("mode", k)
                });
            }
            Some((s0, d0, d1, merged)) => {
                started = true;
                if merged {
                    let total = s0
                        .int_mul(s)
                        .map_or_else(|_| format!("{s0} * {s}"), |x| x.to_string());
                    obs.step(|| {
                        Step::new(
                            K::Merge,
                            format!("mode {k}, {s}:{d}, continues {s0}:{d0}: its stride {d1} is {s0} * {d0}, so the two walk on as one mode {total}:{d0}"),
                        )
                        .val("mode", k)
                        .val("extent", &s0)
                        .val("stride", &d0)
                        .val("next", &d1)
                    });
                } else {
                    obs.step(|| {
                        Step::new(
                            K::Keep,
                            format!("mode {k}, {s}:{d}, does not continue {s0}:{d0} ({d1} is not {s0} * {d0}): {s0}:{d0} is a mode of the result"),
                        )
                        .val("mode", k)
                        .val("extent", &s0)
                        .val("stride", &d0)
                        .val("next", &d1)
                    });
                }
            }
        }
        if let Some(j) = pending.take() {
            obs.step(|| {
                Step::new(
                    K::Drop,
                    format!("mode {j}, of extent 1, is dropped: mode {k} follows it"),
                )
                .val("mode", j)
            });
        }
    }
    let seen = log.borrow().len();
    c.finish()?;
    let kept_by_merge = log.borrow().len() > seen;
    let result = out.borrow().clone();
    if let Some(j) = pending {
        let (_, d) = &modes[j];
        let kept = kept_by_merge || result.last().is_some_and(|(s, x)| s.is_const(1) && x == d);
        let why = match ones {
            Ones::KeepLast => {
                "a last mode of extent 1 is kept: its stride carries the layout past its end"
            }
            Ones::KeepAlone => "a mode of extent 1 is kept only when no other mode is left",
            Ones::Drop => "modes of extent 1 are dropped",
        };
        obs.step(|| {
            Step::new(
                if kept { K::Keep } else { K::Drop },
                format!(
                    "mode {j}, of extent 1, ends the layout: {} ({why})",
                    if kept { "kept" } else { "dropped" }
                ),
            )
            .val("mode", j)
        });
    }
    if !started && pending.is_none() && modes.is_empty() {
        obs.step(|| Step::new(K::Note, "no mode: the empty layout 1:0".to_string()));
    }
    obs.step(|| {
        Step::new(K::Form, format!("coalesced: {}", flat_text(&result)))
            .val("layout", flat_text(&result))
    });
    Ok(result)
}
