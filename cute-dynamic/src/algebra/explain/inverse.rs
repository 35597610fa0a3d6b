//! The inverses, told: each mode's place in A's domain (the algebra's
//! prefix products), the links sorted as the algebra sorts them, and each
//! step of the chain read from the algebra's chain run on the sorted links
//! up to that step.

use cute_core::{DynInt, Result};
use smallvec::SmallVec;

use super::{Observer, Step, StepKind as K};
use crate::algebra::flat::prefix_products;
use crate::algebra::inverse::left::left_chain;
use crate::algebra::inverse::right::int_chain;
use crate::algebra::inverse::{int_links, sort_links, Chain, Link};
use crate::layout::Layout;
use crate::typedefs::Scalar;

/// The rule of the right inverse, in the specification's words.
pub(super) const RIGHT_RULE: &str = "right_inverse(A): each mode's position in A's domain is the product of the extents before it; the modes, sorted by stride, extend a chain from 1 upwards while a mode's stride is the extent covered so far, each contributing extent:position to R, so that A(R(i)) == i; a mode that overlaps what the chain covers, or of extent 1, is skipped, and past a gap the chain ends";

/// The rule of the left inverse, in the specification's words.
pub(super) const LEFT_RULE: &str = "left_inverse(A): the nonzero strides, sorted d_0 < d_1 < ..., with extents s_k and positions p_k in A's domain, must form an ordered chain (d_(k-1) divides d_k and d_k >= d_(k-1) * s_(k-1)); then L = coalesce((d_0, d_1 / d_0, ..., d_n / d_(n-1), s_n) : (0, p_0, ..., p_(n-1), p_n)), each gap between strides stretching a mode of L over the holes in A's image, so that L(A(i)) == i";

/// The links of A's integer strides, sorted as the inverses sort them;
/// `None` (told why) for a codomain that is not the integers.
fn links<I: DynInt, O: Observer<I>>(
    op: &'static str,
    a: &Layout<I>,
    obs: &mut O,
) -> Result<Option<Chain<I>>> {
    let modes = a.leaves();
    if let Some((_, d)) = modes.iter().find(|(_, d)| !d.is_int()) {
        let what = match d {
            Scalar::F2(_) => "F2 strides (swizzles): a stride may carry bits the chain already covers, as XOR permutes them",
            _ => "coordinate strides: each axis of the codomain is inverted on its own, by the same chain",
        };
        obs.step(|| {
            Step::new(
                K::Note,
                format!("A has {what}; the trace does not follow that chain step by step"),
            )
        });
        return Ok(None);
    }
    let mut prefix = SmallVec::new();
    prefix_products(op, modes, &mut prefix)?;
    obs.step(|| {
        let m: Vec<String> = modes
            .iter()
            .zip(prefix.iter())
            .map(|((s, d), p)| format!("{s}:{d} at {p}"))
            .collect();
        Step::new(
            K::Form,
            format!(
                "each mode's position in A's domain, the product of the extents before it: {}",
                m.join(", ")
            ),
        )
    });
    let mut chain = Chain::new();
    int_links(modes, &prefix, &mut chain);
    sort_links(op, &mut chain)?;
    obs.step(|| {
        let m: Vec<String> = chain
            .iter()
            .map(|(d, s, p)| format!("{s}:{d} at {p}"))
            .collect();
        Step::new(K::Form, format!("sorted by stride: {}", m.join(", ")))
    });
    Ok(Some(chain))
}

/// The right inverse of the sorted links `chain[..n]`, as the algebra
/// makes it.
fn right_of<I: DynInt>(chain: &[Link<I>]) -> Result<Layout<I>> {
    let mut links: Vec<Link<I>> = chain.to_vec();
    let mut out = Layout::building();
    int_chain(&mut links, &mut out)?;
    Ok(out)
}

/// Tells the right inverse of `a`.
///
/// # Errors
/// Where the algebra's chain fails (an overflow).
pub(crate) fn right<I: DynInt, O: Observer<I>>(a: &Layout<I>, obs: &mut O) -> Result<()> {
    let Some(chain) = links("right_inverse", a, obs)? else {
        return Ok(());
    };
    // the chain of the first j links, for each j, and its size: the
    // extent it covers
    let mut made: Vec<(Layout<I>, I)> = Vec::with_capacity(chain.len() + 1);
    for j in 0..=chain.len() {
        let r = right_of(&chain[..j])?;
        let n = r.size()?;
        made.push((r, n));
    }
    for j in 0..chain.len() {
        let (d, s, p) = &chain[j];
        let covered = &made[j].1;
        if made[j + 1].1 != *covered {
            obs.step(|| {
                Step::check(
                    "chain",
                    true,
                    format!("mode {s}:{d} at {p}: its stride {d} is the extent covered so far, {covered}: it extends the chain, R gets the mode {s}:{p}"),
                )
                .val("stride", d)
                .val("covered", covered)
                .val("layout", format!("{s}:{p}"))
            });
            continue;
        }
        let why = if d.is_const(0) {
            "its stride is 0: it reaches no offset but 0".to_string()
        } else if s.is_const(1) {
            "extent 1: it covers nothing".to_string()
        } else if s.is_const(0) || p.is_const(0) {
            "it has no coordinate to return (an extent 0 in A's domain)".to_string()
        } else if d.int_cmp(covered).is_ok_and(|o| o.is_lt()) {
            format!("its stride {d} is below the extent covered, {covered}: it overlaps what the chain covers")
        } else {
            format!("its stride {d} leaves a gap after the {covered} offsets covered: no point of R reaches past it")
        };
        let ends = made[j + 1..].iter().all(|(_, n)| n == covered);
        obs.step(|| {
            Step::new(
                K::Drop,
                format!(
                    "mode {s}:{d} at {p}: {why}: {}",
                    if ends {
                        "the chain ends here"
                    } else {
                        "skipped"
                    }
                ),
            )
            .val("stride", d)
            .val("covered", covered)
        });
        if ends {
            break;
        }
    }
    let before = &made[chain.len()].0;
    obs.step(|| Step::new(K::Form, format!("R, coalesced: {before}")).val("layout", before));
    Ok(())
}

/// Tells the left inverse of `a`.
///
/// # Errors
/// Where the algebra's chain fails (strides that do not form an ordered
/// chain, an overflow).
pub(crate) fn left<I: DynInt, O: Observer<I>>(a: &Layout<I>, obs: &mut O) -> Result<()> {
    let Some(chain) = links("left_inverse", a, obs)? else {
        return Ok(());
    };
    let run = |n: usize| -> Result<Layout<I>> {
        let mut links: Vec<Link<I>> = chain[..n].to_vec();
        let mut out = Layout::building();
        left_chain(a, &mut links, &mut out)?;
        Ok(out)
    };
    let mut prev: Option<&Link<I>> = None;
    for j in 0..chain.len() {
        let link = &chain[j];
        let (d, s, p) = link;
        if let Err(e) = run(j + 1) {
            obs.step(|| {
                let what = match prev {
                    Some((pd, ps, _)) => format!(
                        "the strides {pd} (extent {ps}) and {d} do not form an ordered chain: {pd} must divide {d}, and {d} be at least {pd} * {ps}"
                    ),
                    None => format!("its stride {d} cannot begin a chain"),
                };
                Step::check("ordered chain", false, format!("mode {s}:{d} at {p}: {what}"))
                    .val("stride", d)
            });
            return Err(e);
        }
        if d.is_const(0) || s.is_const(1) {
            obs.step(|| {
                Step::new(
                    K::Drop,
                    format!(
                        "mode {s}:{d} at {p}: {}: skipped",
                        if d.is_const(0) {
                            "stride 0"
                        } else {
                            "extent 1"
                        }
                    ),
                )
            });
            continue;
        }
        match prev {
            None => obs.step(|| {
                Step::new(
                    K::Chain,
                    format!("mode {s}:{d} at {p}: the smallest stride, {d}: L begins with the mode {d}:0 (the offsets below it map to 0)"),
                )
                .val("layout", format!("{d}:0"))
            }),
            Some((pd, ps, pp)) => {
                let q = d
                    .int_div(pd)
                    .map_or_else(|_| format!("{d} / {pd}"), |x| x.to_string());
                obs.step(|| {
                    Step::check(
                        "ordered chain",
                        true,
                        format!("mode {s}:{d} at {p}: {pd} divides {d}, and {d} is at least {pd} * {ps}: L gets the mode {q}:{pp}"),
                    )
                    .val("stride", d)
                    .val("previous", pd)
                    .val("layout", format!("{q}:{pp}"))
                });
            }
        }
        prev = Some(link);
    }
    if let Some((_, s, p)) = prev {
        obs.step(|| {
            Step::new(
                K::Chain,
                format!("the largest stride's mode ends L: {s}:{p}"),
            )
            .val("layout", format!("{s}:{p}"))
        });
    }
    let l = run(chain.len())?;
    obs.step(|| Step::new(K::Form, format!("L, coalesced: {l}")).val("layout", &l));
    Ok(())
}
