//! Compiling a layout into an [`Evaluator`]: flattening, the checks of
//! size and range, and the choice of plans.

use cute_core::{Error, FastDivmod, Result};

use super::exact::{Leaf, Span};
use super::plan::{ModePlan, Plan};
#[cfg(doc)]
use super::MAX_TABLE_LIMIT;
use super::{Evaluator, Store, DEFAULT_TABLE_LIMIT, OP};
use crate::htuple::HTuple;
use crate::layout::{Layout, Tiler};
use crate::typedefs::Scalar;

impl Layout {
    /// Compiles this layout for fast evaluation (see [`Evaluator`]). A layout
    /// whose leaves split into two halves of at most [`DEFAULT_TABLE_LIMIT`]
    /// coordinates each is also tabulated (see
    /// [`Evaluator::with_table_limit`]).
    ///
    /// # Pre-conditions
    /// Every stride leaf is an integer; every extent is non-negative (a
    /// [`Layout`] guarantees it). An extent may be 0: the layout then has
    /// size 0, and a coordinate that a zero extent divides is an error
    /// where it is evaluated, as the specification's `idx2crd` divides by
    /// zero (see [`cute_core::kernel::eval`]).
    ///
    /// # Post-conditions
    /// `result.size() == size(self)`, `result.rank() == rank(self)`, and
    /// `result.eval(i) == self(i)` for every `i` whose offset fits an `i64`
    /// (and so for every coordinate form); `result.cosize()` is one past the
    /// greatest offset of an in-bounds coordinate (0 for a layout of size
    /// 0), `L(size - 1) + 1` when no stride is negative.
    ///
    /// # Errors
    /// - `TypeError` if a stride leaf is an `F2` or an `ArithTuple`;
    /// - `ValueError` (overflow) if the size, the cosize or the least offset
    ///   leaves the 64-bit range.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::{Int, F2};
    /// use cute_dynamic::{ErrorClass, F2 as F2Value};
    /// // Layout((4, 8), (8, 1)): L(14) == L(2, 3) == 19
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(8)]), Tuple(vec![Leaf(Int(8)), Leaf(Int(1))])).unwrap();
    /// let ev = l.evaluator().unwrap();
    /// assert_eq!(ev.eval(14), 19);
    /// assert_eq!(ev.eval2(2, 3), 19);
    /// assert_eq!(ev.eval_flat(&[2, 3]).unwrap(), 19);
    /// assert_eq!(ev.cosize(), 32);
    /// // Negative strides: (4, 2):(-1, 4)
    /// let n = Layout::new(Tuple(vec![Leaf(4), Leaf(2)]), Tuple(vec![Leaf(Int(-1)), Leaf(Int(4))])).unwrap();
    /// let ev = n.evaluator().unwrap();
    /// assert_eq!((0..8).map(|i| ev.eval(i)).collect::<Vec<_>>(), [0, -1, -2, -3, 4, 3, 2, 1]);
    /// assert_eq!(ev.cosize(), 5);
    /// // A swizzle stride cannot be evaluated as an integer.
    /// let s = Layout::new(Leaf(8), Leaf(F2(F2Value(3)))).unwrap();
    /// assert_eq!(s.evaluator().unwrap_err().class(), ErrorClass::TypeError);
    /// ```
    pub fn evaluator(&self) -> Result<Evaluator> {
        Evaluator::new(self)
    }
}

impl Evaluator {
    /// Compiles `layout`; see [`Layout::evaluator`], which is the same.
    ///
    /// # Pre-conditions
    /// As [`Layout::evaluator`].
    ///
    /// # Post-conditions
    /// As [`Layout::evaluator`].
    ///
    /// # Errors
    /// As [`Layout::evaluator`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::evaluator::Evaluator;
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// let l = Layout::new(Tuple(vec![Leaf(2), Leaf(3)]), Tuple(vec![Leaf(Int(3)), Leaf(Int(1))])).unwrap();
    /// assert_eq!(Evaluator::new(&l).unwrap().eval(1), 3);
    /// // 2^40 x 2^40 elements do not fit a 64-bit size.
    /// let big = Layout::new(Tuple(vec![Leaf(1 << 40), Leaf(1 << 40)]),
    ///                       Tuple(vec![Leaf(Int(1)), Leaf(Int(0))])).unwrap();
    /// assert!(Evaluator::new(&big).is_err());
    /// ```
    pub fn new(layout: &Layout) -> Result<Evaluator> {
        Evaluator::with_table_limit(layout, DEFAULT_TABLE_LIMIT)
    }

    /// Compiles `layout`, tabulating the offsets of its integral coordinates
    /// only if both tables have at most `max_entries` entries, capped at
    /// [`MAX_TABLE_LIMIT`] (so that no limit allocates more than 16 MiB);
    /// the plans of the modes tabulate within the smaller of `max_entries`
    /// and [`DEFAULT_TABLE_LIMIT`]. `max_entries == 0` never tabulates, and
    /// every in-bounds evaluation then computes its offset.
    ///
    /// # Pre-conditions
    /// As [`Layout::evaluator`].
    ///
    /// # Post-conditions
    /// As [`Layout::evaluator`]: the limit changes the speed and the memory
    /// of the result, never its values.
    ///
    /// # Errors
    /// As [`Layout::evaluator`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::evaluator::Evaluator;
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::{Int, F2};
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(8)]), Tuple(vec![Leaf(Int(8)), Leaf(Int(1))])).unwrap();
    /// let tabulated = Evaluator::with_table_limit(&l, 256).unwrap();
    /// let formula = Evaluator::with_table_limit(&l, 0).unwrap();
    /// assert!(tabulated.is_tabulated() && !formula.is_tabulated());
    /// assert!((0..32).all(|i| tabulated.eval(i) == formula.eval(i)));
    /// let swizzle = Layout::new(Leaf(8), Leaf(F2(cute_dynamic::F2(1)))).unwrap();
    /// assert!(Evaluator::with_table_limit(&swizzle, 0).is_err());
    /// // any limit is capped: 2^50 points would need two tables of 2^25 offsets
    /// let huge = Layout::new(Tuple(vec![Leaf(1 << 25), Leaf(1 << 25)]),
    ///                        Tuple(vec![Leaf(Int(3)), Leaf(Int(1 << 27))])).unwrap();
    /// assert!(!Evaluator::with_table_limit(&huge, usize::MAX).unwrap().is_tabulated());
    /// ```
    pub fn with_table_limit(layout: &Layout, max_entries: usize) -> Result<Evaluator> {
        let shape = layout.shape();
        let stride = layout.stride();

        // Flatten. The layout keeps shape and stride congruent, so the two
        // leaf sequences pair up.
        let pairs = int_pairs(&shape, &stride).ok_or_else(|| {
            match stride.leaves().find(|s| s.as_int().is_none()) {
                Some(other) => Error::type_error(
                    OP,
                    format!(
                        "stride {stride} of layout {layout} has the non-integer leaf {other}; \
                         only integer strides can be evaluated to offsets"
                    ),
                ),
                None => Error::NotCongruent {
                    op: OP,
                    msg: format!("shape {shape} and stride {stride}"),
                },
            }
        })?;
        let count = pairs.len();
        let open = ends_in_leaf(&shape);

        // The leaves as divisors (1 standing in for 0). A zero extent is an
        // error where it divides, as the evaluation kernel reports: the
        // layout then has size 0, so every coordinate takes the checked
        // path, which divides by the layout's own extents.
        let mut leaves = Vec::with_capacity(count);
        for (k, &(e, s)) in pairs.iter().enumerate() {
            if e < 0 {
                return Err(Error::value(
                    OP,
                    format!("shape {shape} of layout {layout} has extent {e} at leaf {k}"),
                ));
            }
            let extent = FastDivmod::from_i64(e.max(1))?;
            leaves.push(Leaf { extent, stride: s });
        }

        // size = product of the extents.
        let size = size_of_pairs(&pairs).ok_or_else(|| {
            Error::overflow(
                OP,
                format!("the size of shape {shape} leaves the 64-bit range"),
            )
        })?;

        // Greatest and least in-bounds offsets: each leaf contributes its
        // stride times 0 or e - 1, whichever is larger (smaller).
        let cosize = if size == 0 {
            0
        } else {
            let (mut hi, mut lo) = (0i128, 0i128);
            for &(e, s) in &pairs {
                let span = i128::from(e - 1) * i128::from(s);
                if span > 0 {
                    hi += span;
                } else {
                    lo += span;
                }
            }
            let range_err = || {
                Error::overflow(
                    OP,
                    format!("the offsets of layout {layout} range over [{lo}, {hi}], beyond the 64-bit range"),
                )
            };
            if i64::try_from(lo).is_err() {
                return Err(range_err());
            }
            i64::try_from(hi + 1).map_err(|_| range_err())?
        };

        // Spans of the top-level modes.
        let mut modes = Vec::with_capacity(shape.rank());
        let mut start = 0;
        for m in shape.modes() {
            let end = start + m.leaf_count();
            modes.push(Span {
                start,
                end,
                open: ends_in_leaf(m),
            });
            start = end;
        }

        // The plans. From here on every in-bounds offset fits an i64 (the
        // cosize check), of the layout and of each mode (a mode's offsets
        // lie between the layout's least and greatest). A layout of size 0
        // has no in-bounds coordinate, and no plan is ever used.
        let (strategy, mut mode_plans) = if size == 0 {
            (
                Plan::scale(0),
                modes.iter().map(|_| ModePlan::none()).collect(),
            )
        } else {
            // Integral coordinates: the coalesced layout, the same function
            // in bounds (out of bounds, the original leaves are evaluated).
            // (one leaf or none: nothing to merge)
            let merged = (count > 1)
                .then(|| coalesced(layout, false))
                .flatten()
                .and_then(|c| int_pairs(&c.shape(), &c.stride()))
                .filter(|p| size_of_pairs(p) == Some(size));
            let merged = merged.as_deref().unwrap_or(&pairs);
            // The identity `size:1` in bounds. Out of bounds, with the
            // leaves before the last making up P = size / e_last coordinates
            // (all of them in bounds, so L(m) == m for m < P),
            // L(n) == L(n mod P) + (n div P) * s_last == (n mod P) + (n div P) * P
            // == n when the last leaf keeps the quotient and s_last == P.
            let identity = matches!(merged, [(_, 1)])
                && open
                && pairs.last().is_some_and(|&(e, s)| s == size / e);
            let strategy = if identity {
                Plan::Identity
            } else {
                Plan::new(merged, size, max_entries)?
            };

            // Each mode: its coalesced leaves, the same function on the
            // mode's in-bounds coordinates.
            // (modes of one leaf or none: nothing to merge)
            let nested = modes.iter().any(|m| m.end - m.start > 1);
            let by_mode: Option<Vec<Vec<(i64, i64)>>> = nested
                .then(|| coalesced(layout, true))
                .flatten()
                .and_then(|c| {
                    let (shape, stride) = (c.shape(), c.stride());
                    let (ss, ds) = (shape.modes(), stride.modes());
                    (ss.len() == modes.len())
                        .then(|| ss.iter().zip(ds).map(|(s, d)| int_pairs(s, d)).collect())
                        .flatten()
                });
            let mode_limit = max_entries.min(DEFAULT_TABLE_LIMIT);
            let mut mode_plans = Vec::with_capacity(modes.len());
            for (m, span) in modes.iter().enumerate() {
                let own = &pairs[span.start..span.end];
                // divides size, so fits and is positive
                let msize = size_of_pairs(own).unwrap_or(0);
                let merged = by_mode
                    .as_ref()
                    .and_then(|b| b.get(m))
                    .filter(|p| size_of_pairs(p) == Some(msize));
                mode_plans.push(ModePlan::new(
                    merged.map_or(own, Vec::as_slice),
                    msize,
                    mode_limit,
                )?);
            }
            (strategy, mode_plans)
        };

        let tail: Box<[ModePlan]> = mode_plans.split_off(mode_plans.len().min(3)).into();
        let mut head = mode_plans.into_iter();
        let head = [(); 3].map(|()| head.next().unwrap_or_else(ModePlan::none));
        let one = FastDivmod::new(1).expect("1 is a valid divisor");
        Ok(Evaluator {
            strategy,
            head,
            tail,
            layout: layout.clone(),
            rank: shape.rank(),
            size,
            cosize,
            open,
            leaves: Store::new(
                &leaves,
                Leaf {
                    extent: one,
                    stride: 0,
                },
            ),
            modes: Store::new(
                &modes,
                Span {
                    start: 0,
                    end: 0,
                    open: false,
                },
            ),
        })
    }
}

/// True iff the last-child path of `h` ends at a leaf: the leaf that keeps
/// the whole quotient in `idx2crd`. An empty tuple at the end of the path
/// keeps nothing, and the excess of an out-of-bounds coordinate is dropped.
pub(super) fn ends_in_leaf<T>(h: &HTuple<T>) -> bool {
    match h {
        HTuple::Leaf(_) => true,
        HTuple::Tuple(c) => c.last().is_some_and(ends_in_leaf),
    }
}

/// The leaves of `shape` and of the congruent `stride`, left to right, as
/// `(extent, stride)` pairs; `None` if a stride leaf is not an integer or
/// the two trees have different numbers of leaves.
pub(super) fn int_pairs(shape: &HTuple<i64>, stride: &HTuple<Scalar>) -> Option<Vec<(i64, i64)>> {
    let strides: Vec<i64> = stride.leaves().map(Scalar::as_int).collect::<Option<_>>()?;
    let extents: Vec<i64> = shape.leaves().copied().collect();
    (extents.len() == strides.len()).then(|| extents.into_iter().zip(strides).collect())
}

/// The product of the extents of `pairs`, if it fits an `i64`.
pub(super) fn size_of_pairs(pairs: &[(i64, i64)]) -> Option<i64> {
    pairs
        .iter()
        .try_fold(1i64, |acc, &(e, _)| acc.checked_mul(e))
}

/// `layout` coalesced, as a whole or each top-level mode on its own
/// (`by_mode`): the specification's `coalesce`, whose result is the same
/// function on in-bounds coordinates (`result(i) == A(i)` for `i` in
/// `range(size(A))`; of each mode, by mode) with as few leaves as merging
/// allows. The one use of the algebra in this module; `None` if it fails,
/// and the evaluator then plans with the leaves as they are.
pub(super) fn coalesced(layout: &Layout, by_mode: bool) -> Option<Layout> {
    if by_mode {
        let profile = Tiler::Tuple(vec![Tiler::Int(1); layout.rank()]);
        crate::algebra::coalesce_by(layout, &profile).ok()
    } else {
        crate::algebra::coalesce(layout).ok()
    }
}
