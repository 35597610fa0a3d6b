//! Composition's walk: where a leaf `s:d` of B lands in A's flat modes
//! (Whitepaper, §3.3, Eqs. (20)-(21)), and the carry check between B's
//! leaves.
//!
//! ```text
//! for each mode s_i of A but the last, with (rs, rd) = (s, d):
//!     rs == 1              -> stop
//!     rd >= s_i            -> s_i must divide rd (stride divisibility); rd /= s_i
//!     (rs - 1) * rd < s_i  -> emit rs at mode i, step rd; done
//!     otherwise            -> rd must divide s_i (stride divisibility),
//!                             a = s_i / rd must divide rs (shape divisibility);
//!                             emit a at mode i, step rd; rs /= a; rd = 1
//! then, unless (rs == 1 and something was emitted) or done: emit rs at the
//! last mode, step rd
//! ```
//!
//! # Examples
//! ```
//! use cute_core::kernel::compose::walk;
//! // (4, 8):(1, 4) o 8:2: steps of 2 through the extent 4 (2 of them),
//! // then 4 steps of 1 through the last mode
//! let a = [4_i64, 8];
//! let mut modes = Vec::new();
//! walk(&a, |x| x, &8, &2, |e, i, step, _| {
//!     modes.push((e, i, step));
//!     Ok(())
//! })
//! .unwrap();
//! assert_eq!(modes, [(2, 0, 2), (4, 1, 1)]);
//! // 3:3 over the extent 4 spans past it, and 3 does not divide 4
//! assert!(walk(&a, |x| x, &3, &3, |_, _, _, _| Ok(())).is_err());
//! ```

use crate::{DynInt, Error, Result};

/// Why a walk stops: a condition of composition that fails, with its
/// values, or an error of the integers' operations (an overflow, or a
/// symbolic decision the assumptions do not settle).
#[derive(Clone, Debug, PartialEq)]
pub enum WalkError<I> {
    /// Stride divisibility: B's stride `step`, meeting A's mode `mode` of
    /// extent `extent`, and the extent do not divide one another.
    Stride {
        /// The mode of A.
        mode: usize,
        /// B's stride there.
        step: I,
        /// The mode's extent.
        extent: I,
    },
    /// Shape divisibility: the `avail` steps of stride `step` in A's mode
    /// `mode` (of extent `extent`) do not divide the `needed` steps B still
    /// needs.
    Shape {
        /// The mode of A.
        mode: usize,
        /// B's stride there.
        step: I,
        /// The mode's extent.
        extent: I,
        /// The steps the mode holds.
        avail: I,
        /// The steps B still needs.
        needed: I,
    },
    /// The carry condition: B's leaves together reach coordinate `sum` of
    /// A's mode `mode`, whose extent is `extent` (see [`carry`]).
    Carry {
        /// The mode of A.
        mode: usize,
        /// The sum of the largest coordinates B's leaves reach there (or
        /// `i64::MAX` where the sum overflows).
        sum: I,
        /// The mode's extent.
        extent: I,
    },
    /// An error of the integers' operations, or of the caller's `emit`.
    Other(Error),
}

impl<I> From<Error> for WalkError<I> {
    #[inline]
    fn from(e: Error) -> Self {
        WalkError::Other(e)
    }
}

/// Whether the extent `x` is 1, decided: a constant answers at once, a
/// symbol through its assumptions.
///
/// # Errors
/// `Undecidable` when the symbols do not settle it.
#[inline]
pub fn is_one<I: DynInt>(x: &I) -> Result<bool> {
    if x.try_const().is_some() {
        return Ok(x.is_const(1));
    }
    Ok(x.int_cmp(&I::from_i64(1))?.is_eq())
}

/// Walks the leaf `s:d` of B (`s > 1`, `d > 0`) over A's flat modes `a`
/// (`extent` reads a mode's extent; the last mode's extent is not read),
/// calling `emit(extent, mode, step, done)` for each mode of the result:
/// `extent` points of A's mode `mode` at `step` apart, `done` true for the
/// last one the walk makes.
///
/// An error is decided only where B's extent left is not 1 (symbols that
/// may make it 1 leave the error undecided).
///
/// # Errors
/// [`WalkError::Stride`] or [`WalkError::Shape`] where a divisibility
/// condition fails; [`WalkError::Other`] for an error of the integers'
/// operations or of `emit`.
#[inline]
pub fn walk<'a, I: DynInt, M: 'a>(
    a: &'a [M],
    extent: impl Fn(&'a M) -> &'a I,
    s: &I,
    d: &I,
    mut emit: impl FnMut(I, usize, I, bool) -> core::result::Result<(), WalkError<I>>,
) -> core::result::Result<(), WalkError<I>> {
    let Some(last) = a.len().checked_sub(1) else {
        return Ok(());
    };
    let zero = I::from_i64(0);
    let one = I::from_i64(1);
    let mut rest_shape = s.clone();
    let mut rest_stride = d.clone();
    let mut emitted = false;
    for (i, m) in a[..last].iter().enumerate() {
        if rest_shape.is_const(1) {
            break;
        }
        let cs = extent(m);
        if rest_stride.int_cmp(cs)?.is_ge() {
            // stride divisibility: B steps over whole multiples of this extent
            if cs.int_cmp(&zero)?.is_le() || !cs.int_divides(&rest_stride)? {
                is_one(&rest_shape)?;
                return Err(WalkError::Stride {
                    mode: i,
                    step: rest_stride,
                    extent: cs.clone(),
                });
            }
            rest_stride = rest_stride.int_div(cs)?;
            continue;
        }
        if rest_shape
            .int_sub(&one)?
            .int_mul(&rest_stride)?
            .int_cmp(cs)?
            .is_lt()
        {
            // B's remaining points all lie within this mode of A
            return emit(rest_shape, i, rest_stride, true);
        }
        // B spans past this mode: its stride must divide the extent, and the
        // extent left must divide what B still needs (shape divisibility)
        if !rest_stride.int_divides(cs)? {
            is_one(&rest_shape)?;
            return Err(WalkError::Stride {
                mode: i,
                step: rest_stride,
                extent: cs.clone(),
            });
        }
        let avail = cs.int_div(&rest_stride)?;
        if !avail.int_divides(&rest_shape)? {
            is_one(&rest_shape)?;
            return Err(WalkError::Shape {
                mode: i,
                step: rest_stride,
                extent: cs.clone(),
                avail,
                needed: rest_shape,
            });
        }
        rest_shape = rest_shape.int_div(&avail)?;
        let done = false;
        emit(
            avail,
            i,
            core::mem::replace(&mut rest_stride, one.clone()),
            done,
        )?;
        emitted = true;
    }
    if !rest_shape.is_const(1) || !emitted {
        emit(rest_shape, last, rest_stride, true)?;
    }
    Ok(())
}

/// The carry check between B's leaves: a leaf that takes the coordinates
/// `step * t`, `t < e`, in A's mode `mode` of extent `extent` (not A's
/// last) adds `(e - 1) * step` to `sum`, the sum of the largest coordinates
/// B's leaves reach there; that sum must stay below the extent, or B's
/// offsets carry from that mode into the next and the leaves, composed one
/// by one, do not add up to `A(B(i))`.
///
/// # Errors
/// [`WalkError::Carry`] where the sum reaches the extent (`sum` is left as
/// it was); [`WalkError::Other`] for an error of the integers' operations.
///
/// # Examples
/// ```
/// use cute_core::kernel::compose::{carry, WalkError};
/// let mut sum = 0_i64;
/// assert_eq!(carry(&mut sum, 0, &4, &3, &1), Ok(())); // reaches 2
/// assert_eq!(
///     carry(&mut sum, 0, &4, &2, &3),
///     Err(WalkError::Carry { mode: 0, sum: 5, extent: 4 }) // 2 + 3 >= 4
/// );
/// ```
#[inline]
pub fn carry<I: DynInt>(
    sum: &mut I,
    mode: usize,
    extent: &I,
    e: &I,
    step: &I,
) -> core::result::Result<(), WalkError<I>> {
    let top = e.int_sub(&I::from_i64(1))?.int_mul(step)?;
    let next = match sum.int_add(&top) {
        Ok(next) => next,
        // a sum that overflows reaches past any extent
        Err(_) => I::from_i64(i64::MAX),
    };
    if next.int_cmp(extent)?.is_ge() {
        return Err(WalkError::Carry {
            mode,
            sum: next,
            extent: extent.clone(),
        });
    }
    *sum = next;
    Ok(())
}
