//! The carry check across the leaves of B, and the errors of the conditions
//! of the walk through A's modes.

use cute_core::kernel::compose::{self as kernel, WalkError};
use cute_core::{DynInt, Error, Operand, Result};

use super::lhs::{Reach, Reaches, Who};
use super::OP;
use crate::layout::Mode;
use crate::typedefs::Scalar;

/// Records that a leaf of B takes the coordinates `step * t`, `t < e`, in
/// A's flat mode `i` of `flat`, and checks that B's leaves, composed one by one,
/// still compose to `i -> A(B(i))`.
///
/// Composition is right-distributive: each leaf of B composes with A on
/// its own, and the result maps B's coordinate to the *sum* of the
/// leaves' values under A. That sum is `A(B(i))` only if B's offsets add
/// up in A's coordinates without carrying from one mode of A into the
/// next (A's last mode has no end to carry from), since a carry between
/// two modes that do not coalesce changes the value. So the largest
/// coordinates the leaves reach in each mode must add up to less than
/// its extent; in a mode whose stride is an F2 value, whose `+` is XOR,
/// the leaves' coordinates must also have no bits in common, last mode
/// included. Otherwise the divisibility conditions of the specification
/// (Whitepaper, Eqs. (20)-(21)) fail across B's modes, and this is their
/// error.
pub(crate) fn reach<I: DynInt>(
    flat: &[Mode<I>],
    reach: &mut Reaches<I>,
    who: Who<'_>,
    i: usize,
    e: &I,
    step: &I,
) -> Result<()> {
    if e.is_const(1) || step.is_const(0) {
        return Ok(());
    }
    let n = flat.len();
    let (extent, stride) = &flat[i];
    let f2 = !stride.is_int() && stride.has_f2();
    // A's last mode has no end to carry from; but over F2, whose `+` is
    // XOR, coordinates that add up must have no bits in common there too
    let last = i + 1 >= n;
    if last && !f2 {
        return Ok(());
    }
    let extent = extent.clone();
    // (pushes: `resize` is general, and out of line)
    while reach.len() < n {
        reach.push(Reach {
            sum: I::from_i64(0),
            bits: 0,
        });
    }
    let r = &mut reach[i];
    if !last {
        // the carry check, the kernel's rule
        match kernel::carry(&mut r.sum, i, &extent, e, step) {
            Ok(()) => {}
            Err(WalkError::Carry { sum, .. }) => {
                if let Some(e) = undecided_continuation(who, flat, i) {
                    return Err(e);
                }
                return Err(carry_error(who, i, &extent, Some(sum), true));
            }
            Err(f) => return Err(walk_error(who, flat, f)),
        }
    }
    if f2 {
        // over F2 the leaves' coordinates must have no bits in common: the
        // bits of `step * t` for every `t < e` (F2 codomains hold machine
        // integers)
        let top = e.int_sub(&I::from_i64(1))?.int_mul(step)?;
        let (Some(e), Some(top), Some(step)) = (e.try_const(), top.try_const(), step.try_const())
        else {
            return Err(Error::type_error(
                OP,
                format!("the leaf steps through the coalesced F2 mode {i} of {who} by the symbolic {step}"),
            ));
        };
        let bits = if e == 2 {
            top as u64
        } else {
            let span = 64 - ((e - 1) as u64).leading_zeros();
            (((1u128 << span) - 1) * step as u128).min(u64::MAX as u128) as u64
        };
        if r.bits & bits != 0 {
            return Err(carry_error(who, i, &extent, None, false));
        }
        r.bits |= bits;
    }
    Ok(())
}

/// The carry check's error: the leaf and those composed before it reach
/// `sum` (`None`: past the integers) in the mode `i` of A coalesced, of
/// extent `extent`; `carries`: past its end, else (over F2) with bits in
/// common.
#[cold]
fn carry_error<I: DynInt>(
    who: Who<'_>,
    i: usize,
    extent: &I,
    sum: Option<I>,
    carries: bool,
) -> Error {
    let sum = match sum {
        Some(s) => Operand::of(&s),
        None => Operand::Int(i64::MAX),
    };
    let how = if carries {
        format!("up to coordinate {sum}, past its end")
    } else {
        "at coordinates whose bits overlap, which its F2 stride XORs together".to_string()
    };
    Error::divisibility(
        OP,
        sum,
        Operand::of(extent),
        format!(
            "with the leaves composed before it, it reaches into the coalesced mode {i} of {who} (extent {extent}) {how}, so the leaves' offsets do not add up in {who}'s coordinates and no layout composes {who} with them together (the carry check across the leaves, Whitepaper Eqs. (20)-(21))"
        ),
    )
}

/// The error of a failed condition of the walk or of the carry check
/// through A's coalesced flat modes `flat`.
#[cold]
pub(super) fn walk_error<I: DynInt>(who: Who<'_>, flat: &[Mode<I>], f: WalkError<I>) -> Error {
    let mode = match &f {
        WalkError::Stride { mode, .. }
        | WalkError::Shape { mode, .. }
        | WalkError::Carry { mode, .. } => Some(*mode),
        WalkError::Other(_) => None,
    };
    if let Some(e) = mode.and_then(|i| undecided_continuation(who, flat, i)) {
        return e;
    }
    match f {
        WalkError::Stride { mode, step, extent } => stride_error(who, mode, &step, &extent),
        WalkError::Shape {
            mode,
            step,
            extent,
            avail,
            needed,
        } => Error::divisibility(
            OP,
            Operand::of(&avail),
            Operand::of(&needed),
            format!(
                "it steps by {step} through the coalesced mode {mode} of {who} (extent {extent}), which holds {avail} of its steps, and {avail} does not divide the {needed} steps it still needs (shape divisibility, Whitepaper Eqs. (20)-(21))"
            ),
        ),
        WalkError::Carry { mode, sum, extent } => carry_error(who, mode, &extent, Some(sum), true),
        WalkError::Other(e) => e,
    }
}

#[cold]
fn stride_error<I: DynInt>(who: Who<'_>, i: usize, d: &I, s: &I) -> Error {
    Error::divisibility(
        OP,
        Operand::of(d),
        Operand::of(s),
        format!(
            "it steps by {d} through the coalesced mode {i} of {who} (extent {s}), and {d} and {s} do not divide one another (stride divisibility, Whitepaper Eqs. (20)-(21))"
        ),
    )
}

/// The error of a condition that fails at A's flat mode `i` because A's
/// modes were not coalesced there, when whether they coalesce depends on
/// symbols: mode `i` and a neighbour continue each other exactly when the
/// neighbour's stride is the product of the extent and stride before it,
/// and then the walk sees one mode where the condition may hold (so
/// `(3, 8):(1, M) o 8:1` is `8:1` for `M = 3` and an error otherwise). None
/// when that is decided, as it always is for machine integers.
fn undecided_continuation<I: DynInt>(who: Who<'_>, flat: &[Mode<I>], i: usize) -> Option<Error> {
    let pair = |j: usize| -> Option<Error> {
        let ((s0, d0), (s1, d1)) = (flat.get(j)?, flat.get(j + 1)?);
        let (Scalar::Int(d0), Scalar::Int(d1)) = (d0, d1) else {
            return None;
        };
        let next = s0.int_mul(d0).ok()?;
        match d1.int_cmp(&next) {
            Err(Error::Undecidable { .. }) => Some(Error::Undecidable {
                op: OP,
                msg: format!(
                    "whether {d1} == {next}: the coalesced modes {j} ({s0}:{d0}) and {} ({s1}:{d1}) of {who} continue each other exactly then, and the composition's divisibility conditions (Whitepaper Eqs. (20)-(21)) hold or fail depending on it",
                    j + 1
                ),
            }),
            _ => None,
        }
    };
    pair(i).or_else(|| i.checked_sub(1).and_then(pair))
}
