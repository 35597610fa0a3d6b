//! The exact path of an [`Evaluator`]: coordinates outside the bounds of
//! the plans, evaluated step by step by the evaluation kernel
//! ([`cute_core::kernel::eval`]) with floor division and an exact sum, so
//! that an offset is an error exactly when it leaves the `i64` range (or a
//! zero extent divides).

use core::ops::Range;

use cute_core::kernel::eval::{split, ExactSum};
use cute_core::{Error, FastDivmod, Result};

use super::{Evaluator, OP};

/// One leaf of the flattened layout: its extent, as a divisor, and its
/// stride. Used by the checked path and by natural coordinates.
#[derive(Clone, Copy, Debug)]
pub(super) struct Leaf {
    /// `e_k`; 1 stands in for a zero extent, which only a layout of size 0
    /// has, and whose exact path divides by the layout's own extents (see
    /// [`Evaluator::span_offset`]). (The leaves stay this small: the
    /// evaluator's size and layout show in the speed of its hot paths.)
    pub(super) extent: FastDivmod,
    /// `s_k`.
    pub(super) stride: i64,
}

/// The leaves of one top-level mode: `leaves[start..end]`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Span {
    pub(super) start: usize,
    pub(super) end: usize,
    /// True iff the mode's last leaf keeps the whole remaining quotient: its
    /// tree's last-child path ends at a leaf (not at an empty tuple).
    pub(super) open: bool,
}

impl Evaluator {
    /// [`Evaluator::eval`] for an index outside `[0, size)`: the checked
    /// path, panicking on overflow. Kept out of line so that `eval` stays
    /// small enough to inline.
    #[cold]
    #[inline(never)]
    pub(super) fn eval_out_of_bounds(&self, idx: i64) -> i64 {
        match self.eval_checked(idx) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`Evaluator::eval2`] and [`Evaluator::eval3`] for a coordinate with
    /// an entry outside its mode's bounds: the checked path, panicking on
    /// overflow.
    #[cold]
    #[inline(never)]
    pub(super) fn eval_modes_out_of_bounds(&self, crd: &[i64]) -> i64 {
        match self.eval_flat_checked(crd) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`Evaluator::eval_flat`] step by step, for `crd.len() == self.rank()`.
    #[cold]
    pub(super) fn eval_flat_checked(&self, crd: &[i64]) -> Result<i64> {
        let mut acc = ExactSum::new();
        for (m, &c) in self.modes.as_slice().iter().zip(crd) {
            self.span_offset(m.start..m.end, m.open, c, &mut acc)?;
        }
        acc.get().ok_or_else(|| {
            Error::overflow(
                OP,
                format!(
                    "layout {} at flat coordinate {crd:?}: the offset leaves the 64-bit range",
                    self.layout
                ),
            )
        })
    }

    #[cold]
    pub(super) fn rank_mismatch(&self, crd: &[i64]) -> Error {
        Error::rank_mismatch(
            OP,
            self.rank,
            crd.len(),
            format!(
                "flat coordinate {crd:?} has {} entries, layout {} has rank {}",
                crd.len(),
                self.layout,
                self.rank
            ),
        )
    }

    /// The offset of a natural coordinate given as one integer per leaf:
    /// `sum_k crd[k] * s_k`, in wrapping arithmetic when every entry is in
    /// its leaf's bounds (the offset is then in bounds too), else exactly.
    pub(super) fn natural(&self, crd: &[i64]) -> Result<i64> {
        let leaves = self.leaves.as_slice();
        if crd.len() != leaves.len() {
            return Err(Error::rank_mismatch(
                OP,
                leaves.len(),
                crd.len(),
                format!(
                    "natural coordinate {crd:?} has {} entries, layout {} has {} leaves",
                    crd.len(),
                    self.layout,
                    leaves.len()
                ),
            ));
        }
        // In a layout of size > 0 every extent is at least 1, and the
        // leaf's divisor is its extent.
        let in_bounds = self.size > 0
            && leaves
                .iter()
                .zip(crd)
                .all(|(l, &c)| (c as u64) < l.extent.divisor());
        if in_bounds {
            return Ok(leaves.iter().zip(crd).fold(0i64, |acc, (l, &c)| {
                acc.wrapping_add(c.wrapping_mul(l.stride))
            }));
        }
        let mut acc = ExactSum::new();
        for (l, &c) in leaves.iter().zip(crd) {
            acc.add(c, l.stride);
        }
        acc.get().ok_or_else(|| {
            Error::overflow(
                OP,
                format!(
                    "layout {} at natural coordinate {crd:?}: the offset leaves the 64-bit range",
                    self.layout
                ),
            )
        })
    }

    /// The specification's evaluation, step by step, with floor division and
    /// checked arithmetic.
    #[cold]
    pub(super) fn eval_checked(&self, idx: i64) -> Result<i64> {
        let mut acc = ExactSum::new();
        self.span_offset(0..self.leaves.as_slice().len(), self.open, idx, &mut acc)?;
        acc.get().ok_or_else(|| {
            Error::overflow(
                OP,
                format!(
                    "layout {} at index {idx}: the offset leaves the 64-bit range",
                    self.layout
                ),
            )
        })
    }

    /// Adds `inner_product(idx2crd(c, mode), stride)` over the leaves
    /// `span` of one mode (or of the whole layout) to `acc`, by the
    /// evaluation kernel ([`cute_core::kernel::eval::split`]): each leaf
    /// takes the floor remainder of the running quotient, except the last
    /// when `open`, which takes the quotient itself. The leaves' divisors
    /// divide, or, in a layout of size 0, the layout's own extents, so that
    /// a zero extent that divides is the kernel's error.
    ///
    /// # Errors
    /// `ValueError` for a zero extent that divides.
    pub(super) fn span_offset(
        &self,
        span: Range<usize>,
        open: bool,
        c: i64,
        acc: &mut ExactSum,
    ) -> Result<()> {
        let leaves = &self.leaves.as_slice()[span.clone()];
        let add = |ck: i64, d: i64| {
            acc.add(ck, d);
            Ok(())
        };
        if self.size == 0 {
            let extents: Vec<i64> = self.layout.shape().leaves().copied().collect();
            let divisors = extents[span].iter().zip(leaves);
            split(c, divisors.map(|(e, l)| (e, l.stride)), open, add)
        } else {
            split(c, leaves.iter().map(|l| (&l.extent, l.stride)), open, add)
        }
        .map_err(|e| e.in_op(OP))
    }
}
