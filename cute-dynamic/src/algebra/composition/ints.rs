//! The shortcut: composition on machine integers, where every value
//! involved is known, giving way to the general steps elsewhere.

use cute_core::kernel::compose::{self as kernel, WalkError};
use cute_core::{DynInt, Error};

use super::lhs::{Lhs, Reach};
use super::OP;
use crate::algebra::flat::{self, Ints, Ones};
use crate::algebra::shortcuts;
use crate::layout::{Layout, Mode, View, INLINE};
use crate::typedefs::Scalar;

/// Appends `A o B` when every value involved is a known integer: A's
/// coalesced flat modes have integer strides, and B's leaves known extents
/// `s >= 1` and integer strides `d >= 0` (what kernels compose). The fast
/// path: the same kernels ([`kernel::walk`], [`kernel::carry`]) on machine
/// integers, read from the layouts once, with nothing to word: where a
/// condition fails (or an overflow, or a single point of B, which A's
/// evaluation places), this gives way to the general steps, which word
/// the error. False, with nothing appended, in that case or when the
/// values are not all known.
///
/// With one mode in A (its last, so A is `x -> e * x` on its extended
/// domain), `A o B` is B with each stride times `e`: the products of a
/// compact A, and the rest of every divide of one leaf.
#[inline]
pub(super) fn compose_ints<I: DynInt, const N: usize>(
    lhs: &mut Lhs<'_, I>,
    b: View<'_, I>,
    out: &mut Layout<I, N>,
) -> bool {
    if !shortcuts::on() || b.leaves.len() > INLINE {
        return false;
    }
    if lhs.flat().is_err() {
        return false;
    }
    let shared = lhs.shared;
    let (flat, reached, whole, _) = lhs.parts();
    let mut a = [(0_i64, 0_i64); INLINE];
    if flat.len() > INLINE {
        return false;
    }
    for (m, leaf) in a.iter_mut().zip(flat) {
        let Some(k) = flat::ints(leaf) else {
            return false;
        };
        *m = k;
    }
    let a = &a[..flat.len()];
    if !whole || a.len() == 1 {
        // (with one mode in A, nothing can carry: no reach to record)
        return compose_ints_flat(a, None, b, out);
    }
    // what B's leaves reach in A's modes, with what earlier calls recorded
    let mut reach = [0_i64; INLINE];
    for (r, x) in reach.iter_mut().zip(reached.iter()) {
        match x.sum.try_const() {
            Some(v) if x.bits == 0 => *r = v,
            _ => return false,
        }
    }
    if !compose_ints_flat(a, Some(&mut reach), b, out) {
        return false;
    }
    if shared {
        while reached.len() < a.len() {
            reached.push(Reach {
                sum: I::from_i64(0),
                bits: 0,
            });
        }
        for (x, &r) in reached.iter_mut().zip(&reach) {
            x.sum = I::from_i64(r);
        }
    }
    true
}

/// [`compose_ints`] for an A that composes with one B only: A's flat modes
/// coalesced on machine integers (the kernel's coalescer), without an
/// [`Lhs`].
#[inline]
pub(super) fn compose_ints_whole<I: DynInt, const N: usize>(
    a: View<'_, I>,
    b: View<'_, I>,
    out: &mut Layout<I, N>,
) -> bool {
    if !shortcuts::on() || a.leaves.len() > INLINE {
        return false;
    }
    let mut flat = Ints::new();
    let mut c = cute_core::kernel::coalesce::Coalescer::new(OP, &mut flat, Ones::KeepLast);
    for leaf in a.leaves {
        let Some((s, d)) = flat::ints(leaf) else {
            return false;
        };
        if c.push(s, d).is_err() {
            return false;
        }
    }
    if c.finish().is_err() {
        return false;
    }
    compose_ints_flat(flat.modes(), Some(&mut [0; INLINE]), b, out)
}

/// The steps of [`compose_ints`] once A's coalesced flat modes `a` are
/// known integers: appends `A o B` and returns true, or returns false with
/// nothing appended. With `reach` (what B's leaves reach in each mode of A,
/// updated), B's leaves must add up without a carry between A's modes
/// (see [`reach`]); without it, they only compose one by one (the
/// products).
///
/// [`reach`]: super::carry::reach
#[inline]
pub(crate) fn compose_ints_flat<I: DynInt, const N: usize>(
    a: &[(i64, i64)],
    mut reach: Option<&mut [i64; INLINE]>,
    b: View<'_, I>,
    out: &mut Layout<I, N>,
) -> bool {
    if !shortcuts::on() || b.leaves.len() > INLINE || a.is_empty() || a.len() > INLINE {
        return false;
    }
    if let [(_, e)] = *a {
        return compose_scaled(e, b, out);
    }
    let mark = out.mark();
    let mut leaves = b.leaves.iter();
    for &t in b.tok {
        match t {
            crate::layout::OPEN => out.open(),
            crate::layout::CLOSE => out.close(),
            _ => {
                // the leaf's modes, written where they go: one mode, or a
                // flat tuple of them
                let Some((s, d)) = leaves.next().and_then(flat::ints) else {
                    out.truncate(mark);
                    return false;
                };
                if compose_leaf_ints(a, reach.as_deref_mut(), s, d, out).is_none() {
                    out.truncate(mark);
                    return false;
                }
            }
        }
    }
    true
}

/// Appends the leaf `s:d` (`s >= 1`, `d >= 0`) composed with the flat
/// modes `a` (more than one), as [`compose_ints_flat`] does: the kernel's
/// walk and carry check on machine integers. `None` where the general
/// steps are needed (which word the error).
#[inline(always)]
fn compose_leaf_ints<I: DynInt, const N: usize>(
    a: &[(i64, i64)],
    mut reach: Option<&mut [i64; INLINE]>,
    s: i64,
    d: i64,
    out: &mut Layout<I, N>,
) -> Option<()> {
    // (a single point is A's value there, which the general steps
    // evaluate)
    if s <= 1 || d < 0 {
        return None;
    }
    if d == 0 {
        out.push_leaf(I::from_i64(s), Scalar::zero());
        return Some(());
    }
    // a tuple of the modes, opened before the first unless it is the only
    // one
    let (mut first, mut opened) = (true, false);
    kernel::walk(
        a,
        |m| &m.0,
        &s,
        &d,
        // (inlined: a call would pass the walk's wide `Result` through
        // memory at every mode)
        #[inline(always)]
        |e, i, step, done| {
            if core::mem::take(&mut first) && !done {
                out.open();
                opened = true;
            }
            let (extent, stride) = a[i];
            // B's leaves must add up without a carry between A's modes
            if let Some(reach) = reach.as_deref_mut() {
                if e != 1 && i + 1 < a.len() {
                    kernel::carry(&mut reach[i], i, &extent, &e, &step)?;
                }
            }
            let stride = stride.checked_mul(step).ok_or_else(overflow_signal)?;
            out.push_leaf(I::from_i64(e), Scalar::Int(I::from_i64(stride)));
            Ok(())
        },
    )
    .ok()?;
    if opened {
        out.close();
    }
    Some(())
}

/// The failure of a fast path that gives way to the general steps, which
/// word the error (out of line: a fast path builds no message).
#[cold]
#[inline(never)]
fn overflow_signal() -> WalkError<i64> {
    WalkError::Other(Error::overflow(OP, "a stride leaves the 64-bit range"))
}

/// [`compose_ints`] with one mode `c:e` in A: B with each stride `d`
/// (known, `d >= 0`, and its extent `s >= 1`) times `e`, or false.
#[inline]
fn compose_scaled<I: DynInt, const N: usize>(
    e: i64,
    b: View<'_, I>,
    out: &mut Layout<I, N>,
) -> bool {
    let fits = |m: &Mode<I>| {
        flat::ints(m).is_some_and(|(s, d)| s >= 1 && d >= 0 && d.checked_mul(e).is_some())
    };
    if !b.leaves.iter().all(fits) {
        return false;
    }
    out.push_view_with(b, |m| {
        let (_, d) = flat::ints(m).unwrap_or_default();
        (m.0.clone(), Scalar::Int(I::from_i64(d * e)))
    });
    true
}
