//! Divides: split a layout by a tile.
//!
//! The logical divide `A / B = A o (B, B*)` composes A with B followed by
//! B's complement up to A's size: mode 0 of the result is the elements B
//! selects (the tile), mode 1 the layout of the tiles (the grid).
//! [`zipped_divide`] first promotes a tuple of tilers to one coordinate
//! layout, so the tile modes and the grid modes gather into the two modes.

mod logical;
pub(crate) mod zipped;

#[cfg(test)]
mod tests;

pub use logical::{logical_divide, logical_divide_at, logical_divide_identity};
pub use zipped::{zipped_divide, zipped_divide_at, zipped_divide_identity};

use cute_core::{DynInt, Result};

use super::complement::{complement_into, Cotarget};
use super::composition::{compose_with, framed, Lhs};
use super::shortcuts;
use crate::htuple::HTuple;
use crate::layout::{Layout, Scratch, TilerArg, View};
use crate::typedefs::Scalar;

const OP: &str = "logical_divide";

/// True iff some stride of `b` is a coordinate (zero included: `1:0@i`
/// still names axis `i`).
pub(crate) fn has_coord_codomain<I: DynInt>(b: View<'_, I>) -> bool {
    b.leaves.iter().any(|(_, d)| matches!(d, Scalar::Arith(_)))
}

/// The extent B's complement must reach inside A, for a B with coordinate
/// strides: A's shape with each mode that B divides replaced by its size.
/// The complement then covers a divided mode as one axis, so the rest of
/// that mode is the mode coalesced, and it leaves every mode B does not
/// divide with its nesting and its extent-1 leaves, so the rest of that
/// mode is the mode itself. (An integer-shaped A is the 1-tuple it
/// denotes.) B divides the modes at the paths of the nonzero terms of its
/// coordinate strides (a zero stride selects nothing and divides nothing).
pub(crate) fn extent_for<I: DynInt>(a: View<'_, I>, b: View<'_, I>) -> Result<HTuple<I>> {
    fn collapse<I: DynInt>(
        s: View<'_, I>,
        path: &mut Vec<usize>,
        paths: &[Vec<usize>],
    ) -> Result<HTuple<I>> {
        if paths.iter().any(|p| p == path) {
            return Ok(HTuple::Leaf(s.size().map_err(|e| e.in_op(OP))?));
        }
        if s.is_leaf() {
            return Ok(HTuple::Leaf(s.leaves[0].0.clone()));
        }
        if !paths.iter().any(|p| p.starts_with(path)) {
            return Ok(s.to_layout().shape());
        }
        let mut out = Vec::new();
        for (i, x) in s.modes().enumerate() {
            path.push(i);
            let r = collapse(x, path, paths);
            path.pop();
            out.push(r?);
        }
        Ok(HTuple::Tuple(out))
    }
    let paths = super::flat::axes(b.leaves);
    if a.is_leaf() {
        // the 1-tuple it denotes
        let mut path = vec![0];
        let inner = collapse(a, &mut path, &paths)?;
        return Ok(HTuple::Tuple(vec![inner]));
    }
    collapse(a, &mut Vec::new(), &paths)
}

/// The tile and the rest of `A / k:1` for an A of one leaf `s:d` (of any
/// nesting), with `s`, `d` and `k` known and positive extents, computed
/// directly: the `(k:d, ceil(s / k):(k * d))` that the general steps give.
///
/// A of one leaf is one mode, its last, which composes with anything
/// without a divisibility condition (the extended domain): `A o k:1` is
/// `k:d`; the complement of `k:1` up to `s` is `ceil(s / k):k`, and
/// `A o ceil(s / k):k` is `ceil(s / k):(k * d)`. This is the divide of each
/// mode of a matrix by an integer tile, the most common divide there is.
/// `None` when the case is not this one, or when `k * d` overflows (the
/// general steps then give the error).
#[inline]
fn divide_leaf_by_compact<I: DynInt>(a: View<'_, I>, b: View<'_, I>) -> Option<[(i64, i64); 2]> {
    let [(k, Scalar::Int(one))] = b.leaves else {
        return None;
    };
    if !b.is_leaf() || !one.is_const(1) {
        return None;
    }
    divide_leaf_by(a, k.try_const()?)
}

/// [`divide_leaf_by_compact`] with the tile `k:1` given by its extent.
#[inline]
fn divide_leaf_by<I: DynInt>(a: View<'_, I>, k: i64) -> Option<[(i64, i64); 2]> {
    let [leaf] = a.leaves else {
        return None;
    };
    let (s, d) = super::flat::ints(leaf)?;
    if !shortcuts::on() || s <= 0 || k <= 0 {
        return None;
    }
    Some([(k, d), ((s - 1) / k + 1, k.checked_mul(d)?)])
}

/// Appends `A o (B, complement(B, extent of A))` for a layout B, as the
/// operation `op` (`logical_divide`, or `zipped_divide` for a promoted
/// tiler).
///
/// A divisibility error names A, B, the complement `B*` as it was computed
/// (`complement(B, shape(A))`, or the extent [`extent_for`] gives for a B
/// with coordinate strides, printed in the message), and the leaf of B or
/// of `B*` that fails with the condition; an error of overlapping strides
/// names B, which has no complement.
pub(crate) fn divide_layouts<I: DynInt>(
    op: &'static str,
    a: View<'_, I>,
    b: View<'_, I>,
    out: &mut Layout<I>,
) -> Result<()> {
    if let Some(modes) = divide_leaf_by_compact(a, b) {
        out.push_flat_ints(&modes);
        return Ok(());
    }
    let mut rest = Scratch::building();
    let e;
    let cotarget = if has_coord_codomain(b) {
        e = extent_for(a, b)?;
        Cotarget::Shape(&e)
    } else {
        Cotarget::Of(&a)
    };
    complement_into(b, cotarget, &mut rest).map_err(|err| {
        framed(err, op, || {
            format!(
                "{a:?} / {b:?} = A o (B, B*), and B has no complement B* = complement(B, {})",
                cotarget.describe()
            )
        })
    })?;
    let header = || {
        format!(
            "{a:?} / {b:?} = A o (B, B*) with B* = complement(B, {}) = {:?}",
            cotarget.describe(),
            rest.view()
        )
    };
    // A o (B, B*) == (A o B, A o B*), the leaves of both composed with the
    // same A
    let mut lhs = Lhs::new(a).shared();
    out.open();
    compose_with(&mut lhs, b, "B", out).map_err(|e| framed(e, op, header))?;
    compose_with(&mut lhs, rest.view(), "B*", out).map_err(|e| framed(e, op, header))?;
    out.close();
    Ok(())
}

impl<I: DynInt> Layout<I> {
    /// `self / b`: [`logical_divide`].
    ///
    /// # Errors
    /// As [`logical_divide`].
    pub fn logical_divide<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        logical_divide(self, b)
    }

    /// [`zipped_divide`] of `self` by `b`.
    ///
    /// # Errors
    /// As [`zipped_divide`].
    pub fn zipped_divide<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        zipped_divide(self, b)
    }
}
