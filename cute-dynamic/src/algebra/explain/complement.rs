//! The complement, told: the modes the chain reads (the algebra's
//! `codomain`), sorted as the algebra sorts them (`complement_axis`, which
//! sorts them in place), and each step of the chain read from the
//! kernel's chain ([`chain`]) run on the sorted modes up to that step.

use core::cell::Cell;

use cute_core::kernel::coalesce::{CoalesceStride, Coalescer, ModeSink, Ones};
use cute_core::kernel::complement::{chain, ChainError};
use cute_core::{DynInt, Result};
use smallvec::SmallVec;

use super::{flat_text, nested, Observer, Step, StepKind as K};
use crate::algebra::complement::{codomain, complement_axis, Cotarget};
use crate::algebra::flat::axis_profile;
use crate::htuple::HTuple;
use crate::layout::{Leaves, View, INLINE};

/// The rule of the complement, in the specification's words.
pub(super) const RULE: &str = "complement(A): A's modes of nonzero stride, sorted by stride d_0 <= d_1 <= ...; with c_k the offsets the modes before mode k cover (c_0 = 1), the gap up to its stride is filled by the mode (d_k / c_k):c_k, and then c_(k+1) = s_k * d_k; a stride below c_k overlaps them (A is not injective); the last mode repeats the whole pattern, 1:c_n for the free complement or up to the cotarget; the modes are coalesced";

/// A stride that never continues the one before: each gap the chain
/// pushes reaches the sink on its own.
#[derive(Clone)]
struct Raw<I>(I);

impl<I: DynInt> CoalesceStride<I> for Raw<I> {
    fn continues(_: &I, _: &Self, _: &Self) -> bool {
        false
    }
    fn zero() -> Self {
        Raw(I::from_i64(0))
    }
}

/// The gaps a chain pushes, as `(extent, stride)`.
struct Gaps<I>(Vec<(I, I)>);

impl<I: DynInt> ModeSink<Raw<I>, I> for Gaps<I> {
    fn push_mode(&mut self, s: I, d: Raw<I>) -> Result<()> {
        self.0.push((s, d.0));
        Ok(())
    }
}

/// The chain of the sorted `(stride, extent)` modes: the extent covered,
/// the number of gaps pushed, and the last gap `(extent, stride)`.
type Prefix<I> = core::result::Result<(I, usize, Option<(I, I)>), ChainError<I>>;

/// The kernel's chain of `modes`.
fn prefix<I: DynInt>(modes: &[(I, I)]) -> Prefix<I> {
    let pushes = Cell::new(0usize);
    let mut gaps = Gaps(Vec::new());
    let mut c = Coalescer::new("complement", &mut gaps, Ones::KeepLast);
    let covered = chain(modes.iter().map(|(d, s)| (d, s)), &mut c, |x| {
        pushes.set(pushes.get() + 1);
        Raw(x)
    })?;
    c.finish()?;
    Ok((covered, pushes.get(), gaps.0.last().cloned()))
}

/// Tells the complement of `a` reaching `cotarget`.
///
/// # Errors
/// Where the complement fails (told as the failing condition; its error is
/// the algebra's).
pub(crate) fn narrate<I: DynInt, O: Observer<I>>(
    a: View<'_, I>,
    cotarget: Cotarget<'_, I>,
    obs: &mut O,
) -> Result<()> {
    let coord_cotarget = matches!(cotarget, Cotarget::Shape(s) if s.is_tuple());
    let mut ints: SmallVec<[(I, I); INLINE]> = SmallVec::new();
    let mut coords = Vec::new();
    let coord = match codomain(a, coord_cotarget, &mut ints, &mut coords) {
        Ok(c) => c,
        Err(e) => {
            obs.step(|| {
                Step::check(
                    "ordered codomain",
                    false,
                    format!("A's strides give the chain no ordered modes: {e}"),
                )
            });
            return Err(e);
        }
    };
    let zeros: Vec<usize> = (0..a.leaves.len())
        .filter(|&k| a.leaves[k].1.is_zero())
        .collect();
    if !zeros.is_empty() {
        obs.step(|| {
            let z: Vec<String> = zeros.iter().map(ToString::to_string).collect();
            Step::new(
                K::Drop,
                format!(
                    "the modes of stride 0 ({}) reach no offset but 0: left out",
                    z.join(", ")
                ),
            )
        });
    }
    if !coord {
        let mut modes: Vec<(I, I)> = ints.into_iter().collect();
        return axis(a, &mut modes, cotarget, obs);
    }
    // a coordinate codomain: each axis on its own, the cotarget's extent
    // on that axis (or the free complement)
    let prof: HTuple<Option<I>> = match cotarget {
        Cotarget::Shape(e) if e.is_tuple() => e.map(&mut |x| Some(x.clone())),
        Cotarget::Free => {
            let paths: Vec<Vec<usize>> = coords.iter().map(|(p, _, _)| p.clone()).collect();
            axis_profile(&paths, 0).map(&mut |_| None)
        }
        _ => {
            obs.step(|| {
                Step::check(
                    "cotarget",
                    false,
                    format!(
                        "A's codomain is of coordinates, but the cotarget {} is an integer",
                        cotarget.describe()
                    ),
                )
            });
            return Err(cute_core::Error::value(
                "complement",
                "an integer cotarget for a coordinate codomain",
            ));
        }
    };
    obs.step(|| {
        Step::new(
            K::Form,
            "A's strides are coordinates: each axis of the codomain is complemented on its own"
                .to_string(),
        )
    });
    let mut leaves = Vec::new();
    axes(&prof, &mut Vec::new(), &mut leaves);
    let used = coords
        .iter()
        .filter(|(p, _, _)| leaves.iter().any(|(q, _)| q == p))
        .count();
    if used != coords.len() {
        obs.step(|| {
            Step::check(
                "codomain profile",
                false,
                format!(
                    "A has strides on axes outside the cotarget's profile {}",
                    cotarget.describe()
                ),
            )
        });
        return Err(cute_core::Error::value(
            "complement",
            "strides outside the codomain profile",
        ));
    }
    for (path, e) in leaves {
        let mut modes: Vec<(I, I)> = coords
            .iter()
            .filter(|(p, _, _)| *p == path)
            .map(|(_, k, s)| (k.clone(), s.clone()))
            .collect();
        let name = crate::layout::mode_path(&path);
        obs.step(|| Step::new(K::Begin, format!("axis {name}")).val("axis", &name));
        let c = match &e {
            Some(x) => Cotarget::One(x),
            None => Cotarget::Free,
        };
        nested(obs, |obs| axis(a, &mut modes, c, obs))?;
    }
    Ok(())
}

/// The leaves of a profile, with their paths.
fn axes<T: Clone>(p: &HTuple<T>, path: &mut Vec<usize>, out: &mut Vec<(Vec<usize>, T)>) {
    match p {
        HTuple::Leaf(x) => out.push((path.clone(), x.clone())),
        HTuple::Tuple(c) => {
            for (i, x) in c.iter().enumerate() {
                path.push(i);
                axes(x, path, out);
                path.pop();
            }
        }
    }
}

/// Tells the complement of one axis, the `(stride, extent)` modes
/// `modes`, reaching `cotarget`.
fn axis<I: DynInt, O: Observer<I>>(
    a: View<'_, I>,
    modes: &mut [(I, I)],
    cotarget: Cotarget<'_, I>,
    obs: &mut O,
) -> Result<()> {
    let mut out: Leaves<I, INLINE> = Leaves::new();
    // the algebra's complement of the axis, which sorts `modes` in place
    let r = complement_axis(a, modes, cotarget, &mut out);
    if !O::ACTIVE {
        return r;
    }
    obs.step(|| {
        let m: Vec<String> = modes.iter().map(|(d, s)| format!("{s}:{d}")).collect();
        Step::new(
            K::Form,
            format!(
                "the modes sorted by stride: {}",
                if m.is_empty() {
                    "none".to_string()
                } else {
                    m.join(", ")
                }
            ),
        )
    });
    let mut covered = I::from_i64(1);
    let mut pushes = 0usize;
    let mut whole = true;
    for j in 0..modes.len() {
        let (d, s) = &modes[j];
        match prefix(&modes[..=j]) {
            Err(ChainError::Overlap {
                extent,
                stride,
                covered,
            }) => {
                obs.step(|| {
                    Step::check(
                        "injectivity",
                        false,
                        format!("mode {extent}:{stride}: its stride {stride} lies inside the {covered} offsets the modes of smaller stride cover: they overlap, and A is not injective"),
                    )
                    .val("stride", &stride)
                    .val("covered", &covered)
                });
                whole = false;
                break;
            }
            Err(ChainError::Other(e)) => {
                obs.step(|| Step::new(K::Note, format!("mode {s}:{d}: the chain stops: {e}")));
                whole = false;
                break;
            }
            Ok((next, n, last)) => {
                if n == pushes {
                    obs.step(|| {
                        Step::new(
                            K::Drop,
                            format!("mode {s}:{d}: extent 1, it covers nothing: skipped"),
                        )
                    });
                } else {
                    let (g, at) = last.unwrap_or_else(|| (I::from_i64(1), covered.clone()));
                    let exact = covered.int_divides(d).unwrap_or(false);
                    if g.is_const(1) && exact {
                        obs.step(|| {
                            Step::new(
                                K::Chain,
                                format!("mode {s}:{d}: its stride {d} is the extent the modes before it cover: no gap to fill"),
                            )
                            .val("covered", &covered)
                            .val("stride", d)
                            .val("gap", &g)
                        });
                    } else {
                        obs.step(|| {
                            Step::new(
                                K::Chain,
                                format!("mode {s}:{d}: the modes before it cover the offsets 0..{covered}; the gap up to its stride {d} holds {d} / {covered} = {g} copies of them: the complement's mode {g}:{at}"),
                            )
                            .val("covered", &covered)
                            .val("stride", d)
                            .val("gap", &g)
                            .val("layout", format!("{g}:{at}"))
                        });
                        obs.step(|| {
                            Step::check(
                                "divisible chain",
                                exact,
                                if exact {
                                    format!("divisible chain: {covered} divides {d}: the gap is filled exactly")
                                } else {
                                    format!("divisible chain: {covered} does not divide {d}: the gap rounds down, and the complement leaves holes (it does not tile)")
                                },
                            )
                            .val("covered", &covered)
                            .val("stride", d)
                        });
                    }
                    obs.step(|| {
                        Step::new(
                            K::Form,
                            format!("with it, the modes cover {s} * {d} = {next} offsets"),
                        )
                        .val("covered", &next)
                    });
                }
                covered = next;
                pushes = n;
            }
        }
    }
    if whole {
        match cotarget {
            Cotarget::Free => obs.step(|| {
                Step::new(
                    K::Chain,
                    format!("the free complement ends with the mode 1:{covered}, whose stride continues the pattern past its end"),
                )
                .val("layout", format!("1:{covered}"))
            }),
            t => match t.ceil_div_size(&covered) {
                Ok(k) => obs.step(|| {
                    let e = t.describe();
                    Step::new(
                        K::Chain,
                        format!("the pattern repeats up to the cotarget {e}: size(ceil_div({e}, {covered})) = {k} times, the mode {k}:{covered}"),
                    )
                    .val("repeat", &k)
                    .val("layout", format!("{k}:{covered}"))
                }),
                Err(e) => obs.step(|| {
                    Step::check(
                        "cotarget",
                        false,
                        format!("the pattern cannot repeat up to the cotarget {}: {e}", t.describe()),
                    )
                }),
            },
        }
    }
    if r.is_ok() {
        obs.step(|| {
            Step::new(K::Form, format!("coalesced: {}", flat_text(&out)))
                .val("layout", flat_text(&out))
        });
    }
    r
}
