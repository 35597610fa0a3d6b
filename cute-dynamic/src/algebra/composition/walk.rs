//! The general steps: each leaf of B composed with A on its own, by a walk
//! through A's coalesced extents, every condition worded where it fails.

use cute_core::kernel::compose::{self as kernel, WalkError};
use cute_core::{DynInt, Error, Operand, Result};

use super::carry::{reach, walk_error};
use super::ints::compose_ints;
use super::lhs::{Lhs, Who};
use super::OP;
use crate::algebra::flat::{self, Modes};
use crate::algebra::layout_add::layout_add;
use crate::atuple::ArithTuple;
use crate::layout::{view_at, Layout, View};
use crate::typedefs::Scalar;

/// Appends `A o s:d` for the leaf `s:d` of B: a leaf or a flat tuple.
fn compose_leaf<I: DynInt, const N: usize>(
    lhs: &mut Lhs<'_, I>,
    s: &I,
    d: &Scalar<I>,
    out: &mut Layout<I, N>,
) -> Result<()> {
    match d {
        Scalar::Int(d) => compose_int(lhs, s, d, out),
        Scalar::Arith(t) if t.is_zero() => {
            out.push_leaf(s.clone(), Scalar::zero());
            Ok(())
        }
        Scalar::Arith(t) => match t.single_term() {
            // a coordinate stride k@path composes with A's mode at path,
            // together with B's other leaves there
            Some((k, path)) => compose_int(lhs.at_path(path)?, s, &I::from_i64(k), out),
            None => compose_coordinate_sum(lhs.view, lhs.who(), s, t, out),
        },
        Scalar::F2(f) => Err(Error::type_error(
            OP,
            format!("B's stride {f} is an F2 value, not an integer or a coordinate"),
        )),
    }
}

/// Appends `A o s:t` for a stride `t = k0@p0 + k1@p1 + ...` of several
/// terms: a coordinate into A, whose modes A maps linearly, so
/// `A(j * t) == A_p0(j * k0) + A_p1(j * k1) + ...`. Each term composes with
/// its mode of A, and the results add pointwise (`layout_add`); for a single
/// point (`s == 1`) the stride is `A(t)`. When each term gives one mode, the
/// result is `s:A(t)` (for a coordinate A, the coordinate `A(t)`).
fn compose_coordinate_sum<I: DynInt, const N: usize>(
    a: View<'_, I>,
    who: Who<'_>,
    s: &I,
    t: &ArithTuple,
    out: &mut Layout<I, N>,
) -> Result<()> {
    let mut point = Scalar::zero();
    let mut acc: Option<Layout<I>> = None;
    for (v, path) in t.terms() {
        let k = v.as_int().ok_or_else(|| {
            Error::type_error(
                OP,
                format!("the stride {t} of B has a term {v} that is not an integer"),
            )
        })?;
        let mut r = Layout::building();
        let mut sub = Lhs::new(view_at(OP, a, &path)?).named(who.name);
        sub.path = who.path.iter().chain(&path).copied().collect();
        compose_int(&mut sub, s, &I::from_i64(k), &mut r)?;
        if s.is_const(1) {
            // a single point: `1:A_p(k)`, and the strides add up to A(t)
            if !r.is_tuple() {
                point = point.add(&r.leaves()[0].1)?;
            }
            continue;
        }
        acc = Some(match acc {
            None => r,
            Some(x) => layout_add(&x, &r).map_err(|e| match e {
                Error::InvalidValue { .. } | Error::SizeMismatch { .. } => Error::divisibility(
                    OP,
                    Operand::Text(format!("{t}")),
                    Operand::Text(format!("{who}")),
                    format!(
                        "the terms of its stride {t} each compose with their mode of {who}, and the layouts they give have no common refinement: their sum is no layout"
                    ),
                ),
                e => e,
            })?,
        });
    }
    match acc {
        Some(mut r) => out.push_layout(&mut r),
        None => out.push_leaf(s.clone(), point),
    }
    Ok(())
}

/// Walks A's coalesced extents for the leaf `s:d` (`s > 1`, `d > 0`), and
/// calls `emit(extent, i, step)` for each mode of the result: `extent` taken
/// from A's mode `i`, whose stride is scaled by `step`. The walk is the
/// kernel's ([`kernel::walk`]); a failed condition is worded here, naming
/// A as `who`.
fn walk<I: DynInt>(
    flat: &[(I, Scalar<I>)],
    who: Who<'_>,
    s: &I,
    d: &I,
    mut emit: impl FnMut(I, usize, I) -> Result<()>,
) -> Result<()> {
    kernel::walk(
        flat,
        |m| &m.0,
        s,
        d,
        |e, i, step, _| emit(e, i, step).map_err(WalkError::Other),
    )
    .map_err(|f| walk_error(who, flat, f))
}

/// Appends `A o s:d` for an integer stride `d`: exactly `j -> A(j * d)` for
/// `j` in `0..s`, or an error.
///
/// A negative stride reaches `A(-x)`, where every mode of A but the last
/// takes the coordinate `(-x) mod extent` and borrows from the next (floor
/// semantics, as `idx2crd`): `j -> A(-j * |d|)` is linear only if the leaf
/// lies in A's last mode alone, past whole multiples of the other extents;
/// elsewhere no layout is that function, and it is an error.
fn compose_int<I: DynInt, const N: usize>(
    lhs: &mut Lhs<'_, I>,
    s: &I,
    d: &I,
    out: &mut Layout<I, N>,
) -> Result<()> {
    let zero = I::from_i64(0);
    if s.is_const(1) {
        // a single point: A's value there (in A's extended domain; a negative
        // index with idx2crd's floor semantics, as a layout evaluates it)
        // (its one coordinate is 0: it reaches nothing in A)
        let flat = lhs.flat()?;
        let v = if d.int_cmp(&zero)?.is_lt() {
            Layout::flat(flat.iter().cloned().collect()).call_index(d.clone())?
        } else {
            flat::eval(OP, flat, d)?
        };
        out.push_leaf(s.clone(), v);
        return Ok(());
    }
    if d.is_const(0) {
        out.push_leaf(s.clone(), Scalar::zero());
        return Ok(());
    }
    if s.int_cmp(&zero)?.is_le() {
        return Err(Error::value(OP, format!("B's extent {s} is not positive")));
    }
    if d.int_cmp(&zero)?.is_lt() {
        return compose_negative(lhs, s, d, out);
    }
    lhs.flat()?;
    let (flat, reached, whole, who) = lhs.parts();
    // the first error of `reach`, returned once the walk is done (whose
    // own errors come first)
    let mut carry: Option<Error> = None;
    out.push_flat_with(|m| {
        walk(flat, who, s, d, |e, i, step| {
            let di = &flat[i].1;
            // an F2 stride scales carry-lessly: `(d * step) * j` is
            // `d * (step * j)` for every `j < e` when `step` is a power of
            // two (or `j` is 0 or 1), not in general
            if let Scalar::F2(_) = di {
                let pow2 = step.try_const().is_some_and(|k| k & (k - 1) == 0);
                if !pow2 && e.int_cmp(&I::from_i64(2))?.is_gt() {
                    return Err(f2_step_error(who, i, &step, &flat[i]));
                }
            }
            m.push((e.clone(), di.scale_by(&step)?));
            // where the leaf lands in A
            if whole && carry.is_none() {
                carry = reach(flat, reached, who, i, &e, &step).err();
            }
            Ok(())
        })
    })?;
    carry.map_or(Ok(()), Err)
}

/// [`compose_int`] for a negative stride `d` (and `s > 1`): the leaf must lie
/// in A's last mode, where `A(-x)` is `-A(x)`; it takes no coordinate but 0
/// in any other mode.
#[cold]
#[inline(never)]
fn compose_negative<I: DynInt, const N: usize>(
    lhs: &mut Lhs<'_, I>,
    s: &I,
    d: &I,
    out: &mut Layout<I, N>,
) -> Result<()> {
    let m = I::from_i64(0)
        .int_sub(d)
        .map_err(|_| Error::overflow(OP, format!("B's stride {d} has no 64-bit magnitude")))?;
    lhs.flat()?;
    let (flat, _, _, who) = lhs.parts();
    let n = flat.len();
    let mut res: Modes<I> = Modes::new();
    walk(flat, who, s, &m, |e, i, step| {
        if !e.is_const(1) && i + 1 != n {
            return Err(negative_stride_error(who, i, d, &flat[i].0));
        }
        let neg = I::from_i64(0).int_sub(&step)?;
        res.push((e, flat[i].1.scale_by(&neg)?));
        Ok(())
    })?;
    out.push_flat(&res);
    Ok(())
}

#[cold]
fn negative_stride_error<I: DynInt>(who: Who<'_>, i: usize, d: &I, extent: &I) -> Error {
    Error::divisibility(
        OP,
        Operand::of(d),
        Operand::of(extent),
        format!(
            "its negative stride {d} reaches the coalesced mode {i} of {who} (extent {extent}), not its last, where {who}(-x) takes the coordinate (-x) mod {extent}: no layout is j -> {who}(j * {d})"
        ),
    )
}

#[cold]
fn f2_step_error<I: DynInt>(who: Who<'_>, i: usize, step: &I, (s, d): &(I, Scalar<I>)) -> Error {
    Error::divisibility(
        OP,
        Operand::of(step),
        Operand::of(s),
        format!(
            "it steps by {step} through the coalesced mode {i} of {who} (extent {s}, stride {d}), whose F2 stride multiplies carry-lessly: no layout is j -> {who}(j * {step}) there"
        ),
    )
}

/// Appends `A o B`, B's nesting kept; A's flat modes are computed once
/// across calls with the same `lhs`. A divisibility error names the leaf
/// of B that fails, as a leaf of `rhs` (the name the caller's message gives
/// B: `B`, or `B*` for a complement), and the condition, with A as `lhs`
/// names it; the caller names the operands themselves ([`framed`]).
///
/// [`framed`]: super::framed
pub(crate) fn compose_with<I: DynInt, const N: usize>(
    lhs: &mut Lhs<'_, I>,
    b: View<'_, I>,
    rhs: &'static str,
    out: &mut Layout<I, N>,
) -> Result<()> {
    if compose_ints(lhs, b, out) {
        return Ok(());
    }
    let mut k = 0;
    for &t in b.tok {
        match t {
            crate::layout::OPEN => out.open(),
            crate::layout::CLOSE => out.close(),
            _ => {
                let (s, d) = &b.leaves[k];
                k += 1;
                compose_leaf(lhs, s, d, out).map_err(|e| of_leaf(e, s, d, rhs))?;
            }
        }
    }
    Ok(())
}

/// A divisibility error of composing the leaf `s:d` of `rhs`: the leaf
/// named before the condition.
#[cold]
fn of_leaf<I: DynInt>(e: Error, s: &I, d: &Scalar<I>, rhs: &str) -> Error {
    match e {
        Error::Divisibility {
            op,
            lhs,
            rhs: r,
            msg,
        } => Error::Divisibility {
            op,
            lhs,
            rhs: r,
            msg: format!("the leaf {s}:{d} of {rhs}: {msg}"),
        },
        e => e,
    }
}
