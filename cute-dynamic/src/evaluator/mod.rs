//! Fast evaluation of a layout with integer strides.
//!
//! An [`Evaluator`] is a layout compiled for evaluation: its tree is flattened
//! once into arrays of leaves, every division the specification's `idx2crd`
//! performs becomes a precomputed [`FastDivmod`](cute_core::FastDivmod), and evaluating a coordinate
//! then walks those arrays without allocating, recursing or dividing in
//! hardware.
//!
//! # The arithmetic
//!
//! Flatten the shape to its leaves `e_0, ..., e_{L-1}` with strides
//! `s_0, ..., s_{L-1}`. The specification splits an integral coordinate `n`
//! colexicographically and lets the last mode keep the whole remaining
//! quotient:
//!
//! ```text
//!   q_{-1} = n,   c_k = q_{k-1} mod e_k,   q_k = q_{k-1} div e_k   (k < L-1)
//!   c_{L-1} = q_{L-2}
//!   L(n) = sum_k c_k * s_k
//! ```
//!
//! Substituting `c_k = q_{k-1} - e_k * q_k` and regrouping by quotient gives
//!
//! ```text
//!   L(n) = n * s_0 + sum_{k < L-1} q_k * (s_{k+1} - e_k * s_k)
//! ```
//!
//! and `q_k = n div (e_0 * ... * e_k)`, because nested floor divisions
//! compose. So an evaluation is one product for the first leaf and, per
//! further leaf, one division by a precomputed prefix product and one product
//! by a precomputed weight. The divisions are independent of one another (no
//! chain of quotients), and when every prefix product is a power of two, which
//! the evaluator checks once at construction, each is a shift.
//!
//! Each product costs a multiplication, and a machine multiplies about once a
//! cycle, so a layout of `L` leaves costs at least `L` cycles this way. Small
//! layouts go further: split the leaves after a prefix whose product is `P`;
//! in bounds, `n mod P` is the coordinate of the first leaves and `n div P`
//! that of the rest, and `L(n)` is the sum of their two offsets. Tabulating
//! both halves once, `L(n) == low[n mod P] + high[n div P]`: one division (a
//! shift and a mask when `P` is a power of two), two loads and an add,
//! whatever the rank. [`Layout::evaluator`] does this when a split exists
//! with at most [`DEFAULT_TABLE_LIMIT`] entries a half (4 KiB at most);
//! [`Evaluator::with_table_limit`] chooses another limit (at most
//! [`MAX_TABLE_LIMIT`]), or none.
//!
//! # Coalescing first
//!
//! The fewer the leaves, the cheaper every plan, so the plan for integral
//! coordinates is chosen for the coalesced layout: the specification's
//! `coalesce` merges `s0:d0` and `s1:d1` into `(s0 * s1):d0` when
//! `d1 == s0 * d0` and drops extents of 1, and its result is the same
//! function on `[0, size)`. A layout that coalesces to one leaf `n:d` costs
//! one product, `n * d`; `(128, 64):(1, 128)` coalesces to `8192:1`.
//!
//! Past the end the coalesced layout may differ (`(4, 1):(1, 7)` coalesces
//! to `4:1`, yet maps 4 to 7), so out-of-bounds coordinates keep evaluating
//! the original leaves, as below. One case needs no bounds check at all: when
//! the coalesced layout is `size:1`, the last leaf `e:s` keeps the whole
//! quotient and `s == size / e`, then for every integer `n`, with
//! `P == size / e`, `L(n) == L(n mod P) + (n div P) * s == (n mod P) +
//! (n div P) * P == n`, and [`Evaluator::eval`] returns `n` itself, which a
//! compiler sees through as it does hand-written code.
//!
//! # One integer per mode
//!
//! CuTe's usual form, `L(i, j)`, gives each top-level mode its own integer,
//! which `idx2crd` splits over that mode's leaves. Each mode has its own
//! plan, for its own coalesced leaves, and an in-bounds coordinate (every
//! entry in its mode's bounds) is the sum of the modes' offsets. Most modes
//! take one load, a shift, a product and an add,
//! `low[c mod 2^a] + (c div 2^a) * s`, without a branch: one leaf is
//! `c * s` (`low == [0]`); a mode whose leaves before the last make a power
//! of two `2^a` tabulates their offsets and multiplies the last leaf's
//! coordinate by its stride; another small mode tabulates all its offsets
//! (padded to a power of two, `s == 0`). Larger modes use the plans above.
//! [`Evaluator::eval2`] and [`Evaluator::eval3`] evaluate ranks 2 and 3
//! without a slice.
//!
//! # Overflow
//!
//! The weights may leave the 64-bit range even when every offset fits, so the
//! in-bounds path computes modulo `2^64`: the true offset of an in-bounds
//! coordinate is known at construction to lie between the least and the
//! greatest offset, both of which fit an `i64`, and arithmetic modulo `2^64`
//! returns it exactly. Coordinates outside `[0, size)` (or with an entry
//! outside its mode's or its leaf's bounds) take a checked path that follows
//! the specification step by step with floor division (negative coordinates
//! divide as Python's `divmod` does), sums exactly, and reports an offset
//! that does not fit an `i64` as an error: exactly those. That path is the
//! evaluation kernel every evaluator of the workspace shares
//! ([`cute_core::kernel::eval`]), with the extents as precomputed divisors.
//!
//! # Zero extents
//!
//! A layout with an extent 0 has size 0: no coordinate is in bounds, and
//! every one takes the checked path, where a zero extent is an error exactly
//! where it divides, as in the specification (an integral coordinate is
//! divided by every extent but the one keeping the quotient; an entry of
//! [`Evaluator::eval_flat`] by those of its mode but the one keeping the
//! mode's quotient; a natural coordinate by none).

use core::fmt;
use core::ops::Range;

use cute_core::bridge::{LeafMode, LeafValue, Node};
use cute_core::{Error, LayoutLike, Result};

use crate::htuple::HTuple;
use crate::layout::Layout;
use crate::typedefs::Scalar;

mod build;
mod exact;
mod plan;
mod table;
#[cfg(test)]
mod tests;

use exact::{Leaf, Span};
use plan::{eval_modes2, eval_modes3, ModePlan, Plan};
pub use table::{DEFAULT_TABLE_LIMIT, MAX_TABLE_LIMIT};

/// The operation name errors of this module carry.
const OP: &str = "evaluator";

/// How many entries [`Store`] keeps inline before it moves to the heap.
const INLINE: usize = 8;

/// A fixed sequence of `Copy` values, inline up to [`INLINE`] entries.
#[derive(Clone)]
enum Store<T: Copy> {
    /// Up to [`INLINE`] entries; `len` of `buf` are meaningful.
    Inline { len: usize, buf: [T; INLINE] },
    /// More entries.
    Heap(Box<[T]>),
}

impl<T: Copy> Store<T> {
    /// The entries of `items`; `fill` pads the unused inline slots.
    fn new(items: &[T], fill: T) -> Self {
        if items.len() <= INLINE {
            let mut buf = [fill; INLINE];
            buf[..items.len()].copy_from_slice(items);
            Store::Inline {
                len: items.len(),
                buf,
            }
        } else {
            Store::Heap(items.into())
        }
    }

    #[inline(always)]
    fn as_slice(&self) -> &[T] {
        match self {
            Store::Inline { len, buf } => buf.get(..*len).unwrap_or(&[]),
            Store::Heap(b) => b,
        }
    }

    #[cfg(test)]
    fn is_heap(&self) -> bool {
        matches!(self, Store::Heap(_))
    }
}

/// A layout with integer strides, compiled for fast evaluation.
///
/// Built by [`Layout::evaluator`]. It stores the flattened leaves (extent as a
/// [`FastDivmod`](cute_core::FastDivmod), stride), the size and the cosize, a plan for the integral
/// coordinates of the coalesced layout and one plan per top-level mode, and
/// evaluates
///
/// - an integral coordinate with [`Evaluator::eval`] (or
///   [`Evaluator::try_eval`]), as the specification's
///   `L(i) == inner_product(idx2crd(i, shape), stride)`: colexicographic, the
///   last mode keeping the whole quotient, so an out-of-bounds `i` is allowed;
/// - a coordinate with one integer per top-level mode, CuTe's `L(i, j)`, with
///   [`Evaluator::eval2`] and [`Evaluator::eval3`] (ranks 2 and 3, the hot
///   forms), or [`Evaluator::eval_flat`] (any rank, checked);
/// - a natural coordinate, one integer per leaf, with
///   [`LayoutLike::eval_natural`].
///
/// Nothing is allocated per evaluation. The arrays of layouts of up to 8
/// leaves and 8 top-level modes are inline, and so are the plans of the
/// first three modes; the plans of further modes, and the tables of a
/// tabulated plan (see [`Evaluator::with_table_limit`]), are on the heap.
/// To evaluate a range of integral coordinates,
/// [`Evaluator::for_each`] and [`Evaluator::sum`] choose the evaluation
/// strategy once for the whole range.
///
/// `Display` prints the layout as `Shape:Stride`.
///
/// # Examples
/// ```
/// use cute_core::LayoutLike;
/// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
/// use cute_dynamic::layout::Layout;
/// use cute_dynamic::typedefs::Scalar::Int;
/// // A = Layout((3, (2, 4)), (2, (1, 6)))
/// let a = Layout::new(
///     Tuple(vec![Leaf(3), Tuple(vec![Leaf(2), Leaf(4)])]),
///     Tuple(vec![Leaf(Int(2)), Tuple(vec![Leaf(Int(1)), Leaf(Int(6))])]),
/// )
/// .unwrap();
/// let ev = a.evaluator().unwrap();
/// assert_eq!(ev.eval(17), 17);
/// assert_eq!(ev.eval2(2, 5), 17);
/// assert_eq!(ev.eval_flat(&[2, 5]).unwrap(), 17);
/// assert_eq!(ev.eval_natural(&[2, 1, 2]).unwrap(), 17);
/// assert_eq!(ev.eval(100), 99); // out of bounds: the last mode keeps the quotient
/// assert_eq!((ev.size(), ev.cosize(), ev.rank()), (24, 24, 2));
/// assert_eq!(ev.to_string(), "(3, (2, 4)):(2, (1, 6))");
/// assert!(ev.eval_flat(&[2]).is_err());
/// ```
#[derive(Clone)]
pub struct Evaluator {
    layout: Layout,
    rank: usize,
    size: i64,
    cosize: i64,
    /// The last leaf keeps the whole quotient of an integral coordinate.
    open: bool,
    /// How in-bounds integral coordinates are evaluated.
    strategy: Plan,
    /// How the first three top-level modes evaluate their in-bounds
    /// coordinates (the plans of missing modes have size 0). Inline, so
    /// that in a loop over [`Evaluator::eval2`] or [`Evaluator::eval3`] the
    /// compiler keeps them in registers.
    head: [ModePlan; 3],
    /// The plans of the modes after the third.
    tail: Box<[ModePlan]>,
    /// The `L` leaves.
    leaves: Store<Leaf>,
    /// One span of leaves per top-level mode.
    modes: Store<Span>,
}

impl Evaluator {
    /// The layout this evaluator was compiled from.
    #[inline]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// True iff in-bounds evaluation of an integral coordinate reads
    /// tabulated offsets rather than computing them (see
    /// [`Evaluator::with_table_limit`]).
    #[inline]
    pub fn is_tabulated(&self) -> bool {
        matches!(self.strategy, Plan::Table(_))
    }

    /// The longest table of the plan of integral coordinates, and of the
    /// plans of the modes (0 where there is none).
    #[cfg(test)]
    fn longest_tables(&self) -> (usize, usize) {
        let modes = self.head.iter().chain(self.tail.iter());
        (
            self.strategy.longest_table(),
            modes.map(ModePlan::longest_table).max().unwrap_or(0),
        )
    }

    /// Number of top-level modes.
    #[inline]
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// Number of coordinates: the product of the shape.
    #[inline]
    pub fn size(&self) -> i64 {
        self.size
    }

    /// One past the greatest offset of an in-bounds coordinate (0 for a
    /// layout of size 0).
    #[inline]
    pub fn cosize(&self) -> i64 {
        self.cosize
    }

    /// The offset of the integral coordinate `idx`, as the specification
    /// evaluates it: `inner_product(idx2crd(idx, shape), stride)`.
    ///
    /// # Pre-conditions
    /// The offset fits an `i64` (always true for `0 <= idx < size`).
    ///
    /// # Post-conditions
    /// `result == self.try_eval(idx).unwrap()`.
    ///
    /// # Errors
    /// None; see Panics.
    ///
    /// # Panics
    /// If `idx` is out of bounds and its offset does not fit an `i64`, or a
    /// zero extent divides it; use [`Evaluator::try_eval`] for coordinates
    /// that are not known to be admissible.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(8)]), Tuple(vec![Leaf(Int(8)), Leaf(Int(1))])).unwrap();
    /// let ev = l.evaluator().unwrap();
    /// assert_eq!(ev.eval(14), 19);
    /// assert_eq!(ev.eval(-1), 3 * 8 - 1); // floor division: idx2crd(-1) == (3, -1)
    /// assert_eq!(ev.eval(40), 10); // out of bounds: idx2crd(40) == (0, 10)
    /// let far = Layout::new(Leaf(8), Leaf(Int(1 << 40))).unwrap().evaluator().unwrap();
    /// assert!(far.try_eval(1 << 30).is_err()); // where eval would panic
    /// ```
    #[inline]
    pub fn eval(&self, idx: i64) -> i64 {
        // The identity is matched past the bounds check, where a caller's
        // loop that chose the plan (once, outside the loop) knows it: the
        // loop then sees `idx` on both sides.
        if (idx as u64) < (self.size as u64) {
            self.strategy.eval(idx as u64)
        } else if let Plan::Identity = self.strategy {
            idx
        } else {
            self.eval_out_of_bounds(idx)
        }
    }

    /// The offset of the integral coordinate `idx`, checked.
    ///
    /// # Pre-conditions
    /// None.
    ///
    /// # Post-conditions
    /// `result == inner_product(idx2crd(idx, shape), stride)`, with Python's
    /// floor division for negative `idx`.
    ///
    /// # Errors
    /// `ValueError` (overflow) if the offset does not fit an `i64`;
    /// `ValueError` if a zero extent divides `idx` (an extent 0 that is not
    /// the one keeping the quotient).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::Leaf;
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// let ev = Layout::new(Leaf(8), Leaf(Int(1 << 40))).unwrap().evaluator().unwrap();
    /// assert_eq!(ev.try_eval(3).unwrap(), 3 << 40);
    /// assert_eq!(ev.try_eval(1 << 20).unwrap(), 1 << 60);
    /// assert!(ev.try_eval(1 << 30).is_err());
    /// ```
    #[inline]
    pub fn try_eval(&self, idx: i64) -> Result<i64> {
        if (idx as u64) < (self.size as u64) {
            Ok(self.strategy.eval(idx as u64))
        } else if let Plan::Identity = self.strategy {
            Ok(idx)
        } else {
            self.eval_checked(idx)
        }
    }

    /// Calls `f(i, self.eval(i))` for every `i` in `range`, in increasing
    /// order. The in-bounds part of the range is evaluated with the
    /// strategy chosen once for the whole range, so this is the fastest way
    /// to visit many coordinates.
    ///
    /// # Pre-conditions
    /// As [`Evaluator::eval`] for every `i` in `range`: the offset fits an
    /// `i64` (always true for `0 <= i < size`).
    ///
    /// # Post-conditions
    /// `f` is called exactly `range.end - range.start` times (none for an
    /// empty range), with `(i, self.eval(i))` for `i` in increasing order.
    ///
    /// # Errors
    /// None; see Panics.
    ///
    /// # Panics
    /// As [`Evaluator::eval`], for an out-of-bounds `i` whose offset does
    /// not fit an `i64`; [`Evaluator::sum`] reports that case as an error.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// // (4, 2):(-1, 4), and two coordinates on each side of [0, 8).
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(2)]), Tuple(vec![Leaf(Int(-1)), Leaf(Int(4))])).unwrap();
    /// let ev = l.evaluator().unwrap();
    /// let mut seen = Vec::new();
    /// ev.for_each(-2..10, |i, offset| seen.push((i, offset)));
    /// assert_eq!(seen, (-2..10).map(|i| (i, ev.eval(i))).collect::<Vec<_>>());
    /// assert_eq!(&seen[2..6], &[(0, 0), (1, -1), (2, -2), (3, -3)]);
    /// ```
    #[inline]
    pub fn for_each(&self, range: Range<i64>, mut f: impl FnMut(i64, i64)) {
        let Range { start, end } = range;
        if let Plan::Identity = self.strategy {
            // in bounds or not
            for i in start..end {
                f(i, i);
            }
            return;
        }
        if start >= end {
            return;
        }
        // [start, end) = [start, lo) + [lo, hi) + [hi, end), the middle one
        // in bounds (possibly empty).
        let lo = start.clamp(0, self.size);
        let hi = end.clamp(lo, self.size);
        for i in start..lo.min(end) {
            f(i, self.eval(i));
        }
        if lo < hi {
            self.strategy.for_each(lo as u64, hi as u64, &mut f);
        }
        for i in hi.max(start)..end {
            f(i, self.eval(i));
        }
    }

    /// The sum of the offsets `self.eval(i)` over `i` in `range` (0 for an
    /// empty range), computed as [`Evaluator::for_each`] visits them.
    ///
    /// # Pre-conditions
    /// None.
    ///
    /// # Post-conditions
    /// `result == range.map(|i| self.eval(i)).sum()` when every offset and
    /// the sum fit an `i64`.
    ///
    /// # Errors
    /// `ValueError` (overflow) if an offset or the sum does not fit an `i64`.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(8)]), Tuple(vec![Leaf(Int(8)), Leaf(Int(1))])).unwrap();
    /// let ev = l.evaluator().unwrap();
    /// assert_eq!(ev.sum(0..32).unwrap(), (0..32).sum::<i64>());
    /// assert_eq!(ev.sum(-1..1).unwrap(), ev.eval(-1) + ev.eval(0));
    /// let big = Layout::new(Leaf(4), Leaf(Int(1 << 61))).unwrap().evaluator().unwrap();
    /// assert!(big.sum(0..4).is_err()); // 6 * 2^61 does not fit an i64
    /// ```
    pub fn sum(&self, range: Range<i64>) -> Result<i64> {
        let Range { start, end } = range;
        let overflow = || {
            Error::overflow(
                OP,
                format!(
                    "layout {} over the indices {start}..{end}: the sum of the offsets \
                     leaves the 64-bit range",
                    self.layout
                ),
            )
        };
        if start >= end {
            return Ok(0);
        }
        let lo = start.clamp(0, self.size);
        let hi = end.clamp(lo, self.size);
        // At most 2^64 offsets, each below 2^63 in magnitude: the i128 sum
        // cannot overflow.
        let mut acc = 0i128;
        for i in (start..lo.min(end)).chain(hi.max(start)..end) {
            acc += i128::from(self.try_eval(i)?);
        }
        if lo < hi {
            self.strategy
                .for_each(lo as u64, hi as u64, &mut |_, v| acc += i128::from(v));
        }
        i64::try_from(acc).map_err(|_| overflow())
    }

    /// The offset of the coordinate `(i, j)` of a layout of rank 2, one
    /// integer per top-level mode (CuTe's `L(i, j)`): each integer is split
    /// over its mode's leaves as `idx2crd` does (the mode's last leaf
    /// keeping the whole quotient). The hot form of
    /// [`Evaluator::eval_flat`]: when both entries are in their modes'
    /// bounds, the sum of two precomputed plans (a product for a mode that
    /// is one leaf, or coalesces to one).
    ///
    /// # Pre-conditions
    /// `self.rank() == 2`; the offset fits an `i64` (always true for a
    /// coordinate in bounds).
    ///
    /// # Post-conditions
    /// `result == self.eval_flat(&[i, j]).unwrap()`; in bounds,
    /// `result == self.eval(i + j * size(mode 0))`.
    ///
    /// # Errors
    /// None; see Panics.
    ///
    /// # Panics
    /// If the rank is not 2, or if the coordinate is out of bounds and its
    /// offset does not fit an `i64` or a zero extent divides it;
    /// [`Evaluator::eval_flat`] reports these as errors.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::layout::Layout;
    /// // A = Layout((3, (2, 4)), (2, (1, 6))): A(1, 2) == 8, A(2, 7) == 23
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// let ev = a.evaluator().unwrap();
    /// assert_eq!(ev.eval2(1, 2), 8);
    /// assert_eq!(ev.eval2(2, 7), 23);
    /// assert_eq!(ev.eval2(0, 9), 1 + 4 * 6); // out of bounds: 9 -> (1, 4)
    /// assert!(ev.eval_flat(&[0, 0, 0]).is_err()); // where eval2 would panic
    /// ```
    #[inline]
    pub fn eval2(&self, i: i64, j: i64) -> i64 {
        if self.rank != 2 {
            self.wrong_rank(2)
        }
        let [a, b, _] = &self.head;
        match eval_modes2(a, b, i, j) {
            Some(v) => v,
            None => self.eval_modes_out_of_bounds(&[i, j]),
        }
    }

    /// The offset of the coordinate `(i, j, k)` of a layout of rank 3, one
    /// integer per top-level mode (CuTe's `L(i, j, k)`); as
    /// [`Evaluator::eval2`].
    ///
    /// # Pre-conditions
    /// `self.rank() == 3`; the offset fits an `i64` (always true for a
    /// coordinate in bounds).
    ///
    /// # Post-conditions
    /// `result == self.eval_flat(&[i, j, k]).unwrap()`.
    ///
    /// # Errors
    /// None; see Panics.
    ///
    /// # Panics
    /// If the rank is not 3, or if the coordinate is out of bounds and its
    /// offset does not fit an `i64` or a zero extent divides it;
    /// [`Evaluator::eval_flat`] reports these as errors.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::layout::Layout;
    /// let a: Layout = "((2, 3), 4, 5):((1, 8), 2, 24)".parse().unwrap();
    /// let ev = a.evaluator().unwrap();
    /// assert_eq!(ev.eval3(5, 3, 2), 1 + 2 * 8 + 3 * 2 + 2 * 24);
    /// assert_eq!(ev.eval3(5, 3, 2), ev.eval(5 + 6 * 3 + 24 * 2));
    /// assert_eq!(ev.eval3(0, 0, -1), -24); // out of bounds
    /// ```
    #[inline]
    pub fn eval3(&self, i: i64, j: i64, k: i64) -> i64 {
        if self.rank != 3 {
            self.wrong_rank(3)
        }
        let [a, b, c] = &self.head;
        match eval_modes3(a, b, c, i, j, k) {
            Some(v) => v,
            None => self.eval_modes_out_of_bounds(&[i, j, k]),
        }
    }

    #[cold]
    #[inline(never)]
    fn wrong_rank(&self, want: usize) -> ! {
        panic!(
            "a coordinate of {want} entries for layout {} of rank {}",
            self.layout, self.rank
        )
    }

    /// The offset of a flat coordinate: one integer per top-level mode, each
    /// split over its mode's leaves as `idx2crd` does (the mode's last leaf
    /// keeping the whole quotient).
    ///
    /// When every entry is in its mode's bounds, this sums the modes'
    /// precomputed plans, as [`Evaluator::eval2`] does; otherwise it follows
    /// the specification step by step, in checked arithmetic.
    ///
    /// # Pre-conditions
    /// `crd.len() == self.rank()`.
    ///
    /// # Post-conditions
    /// `result == inner_product(idx2crd(crd, shape), stride)`; for a
    /// coordinate in bounds, `result == self.eval(crd2idx(crd, shape))`.
    ///
    /// # Errors
    /// - `ValueError` (rank mismatch) if `crd.len() != self.rank()`;
    /// - `ValueError` if a zero extent divides an entry (a leaf of its mode
    ///   that is not the one keeping the mode's quotient);
    /// - `ValueError` (overflow) if the offset does not fit an `i64`.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// let a = Layout::new(
    ///     Tuple(vec![Leaf(3), Tuple(vec![Leaf(2), Leaf(4)])]),
    ///     Tuple(vec![Leaf(Int(2)), Tuple(vec![Leaf(Int(1)), Leaf(Int(6))])]),
    /// ).unwrap();
    /// let ev = a.evaluator().unwrap();
    /// assert_eq!(ev.eval_flat(&[2, 5]).unwrap(), 17);
    /// assert_eq!(ev.eval_flat(&[0, 9]).unwrap(), 1 + 4 * 6); // 9 -> (1, 4)
    /// assert!(ev.eval_flat(&[1, 2, 3]).is_err());
    /// ```
    #[inline(always)]
    pub fn eval_flat(&self, crd: &[i64]) -> Result<i64> {
        let [a, b, c] = &self.head;
        // ranks 1 to 3 unrolled, as in eval2 and eval3
        let fast = match *crd {
            [i] if self.rank == 1 => ((i as u64) < a.size).then(|| a.eval(i as u64)),
            [i, j] if self.rank == 2 => eval_modes2(a, b, i, j),
            [i, j, k] if self.rank == 3 => eval_modes3(a, b, c, i, j, k),
            _ => None,
        };
        match fast {
            Some(v) => Ok(v),
            None => self.eval_flat_general(crd),
        }
    }

    /// [`Evaluator::eval_flat`] for any rank.
    #[inline(never)]
    fn eval_flat_general(&self, crd: &[i64]) -> Result<i64> {
        if crd.len() != self.rank {
            return Err(self.rank_mismatch(crd));
        }
        let plans = || self.head.iter().chain(self.tail.iter()).zip(crd);
        if plans().all(|(p, &c)| (c as u64) < p.size) {
            Ok(plans().fold(0i64, |acc, (p, &c)| acc.wrapping_add(p.eval(c as u64))))
        } else {
            self.eval_flat_checked(crd)
        }
    }
}

impl LayoutLike for Evaluator {
    #[inline]
    fn rank(&self) -> usize {
        self.rank
    }
    #[inline]
    fn size(&self) -> i64 {
        self.size
    }
    #[inline]
    fn cosize(&self) -> i64 {
        self.cosize
    }
    /// As [`Evaluator::eval`] (and with its panic for an out-of-bounds index
    /// whose offset does not fit an `i64`).
    #[inline]
    fn eval(&self, idx: i64) -> i64 {
        Evaluator::eval(self, idx)
    }
    #[inline]
    fn try_eval(&self, idx: i64) -> Result<i64> {
        Evaluator::try_eval(self, idx)
    }
    /// As [`Evaluator::eval_flat`]: the modes' precomputed plans in bounds;
    /// an error exactly when the offset does not fit an `i64`.
    #[inline]
    fn eval_modes(&self, crd: &[i64]) -> Result<i64> {
        self.eval_flat(crd)
    }
    /// `sum_k crd[k] * stride[k]` over the leaves, in wrapping arithmetic
    /// when every entry is in its leaf's bounds; an error exactly when the
    /// offset does not fit an `i64`.
    #[inline]
    fn eval_natural(&self, crd: &[i64]) -> Result<i64> {
        self.natural(crd)
    }
    /// Every leaf of a run-time layout is dynamic.
    fn walk(&self, f: &mut dyn FnMut(Node)) {
        fn go(s: &HTuple<i64>, d: &HTuple<Scalar>, f: &mut dyn FnMut(Node)) {
            match (s, d) {
                (HTuple::Tuple(ss), HTuple::Tuple(ds)) => {
                    f(Node::Open);
                    for (s, d) in ss.iter().zip(ds) {
                        go(s, d, f);
                    }
                    f(Node::Close);
                }
                (HTuple::Leaf(s), HTuple::Leaf(d)) => {
                    let dynamic = |value| LeafValue {
                        value,
                        is_static: false,
                    };
                    f(Node::Leaf(LeafMode {
                        extent: dynamic(*s),
                        stride: dynamic(d.as_int().unwrap_or(0)),
                    }))
                }
                // An evaluator's layout is congruent with integer strides.
                _ => {}
            }
        }
        go(&self.layout.shape(), &self.layout.stride(), f)
    }
    fn fmt_layout(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.layout, f)
    }
}

impl fmt::Display for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_layout(f)
    }
}

impl fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Evaluator({})", self.layout)
    }
}
