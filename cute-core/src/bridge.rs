//! The bridge: what every layout is, whatever its flavour.
//!
//! A static layout (shape and stride as types), a mixed one and a dynamic one
//! (run-time trees) all implement [`LayoutLike`], so generic code such as a
//! kernel generator can take `impl LayoutLike` and work with any of them.

use core::fmt;

/// A layout with integer strides, seen through the operations every flavour
/// shares.
///
/// ```
/// use cute_core::LayoutLike;
/// /// A rank-1 compact layout `n:1`, as a minimal implementation.
/// struct Iota(i64);
/// impl LayoutLike for Iota {
///     fn rank(&self) -> usize { 1 }
///     fn size(&self) -> i64 { self.0 }
///     fn cosize(&self) -> i64 { self.0 }
///     fn eval(&self, idx: i64) -> i64 { idx }
///     fn try_eval(&self, idx: i64) -> cute_core::Result<i64> { Ok(idx) }
///     fn fmt_layout(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
///         write!(f, "{}:1", self.0)
///     }
/// }
/// fn total<L: LayoutLike>(l: &L) -> i64 { (0..l.size()).map(|i| l.eval(i)).sum() }
/// assert_eq!(total(&Iota(4)), 6);
/// ```
pub trait LayoutLike {
    /// Number of top-level modes.
    fn rank(&self) -> usize;
    /// Number of coordinates in the domain: the product of the shape.
    fn size(&self) -> i64;
    /// Size of the codomain: one past the largest offset, `L(size - 1) + 1`
    /// for a layout with non-negative strides (0 for an empty layout).
    fn cosize(&self) -> i64;
    /// The offset of the integral coordinate `idx` (out-of-bounds `idx` is
    /// allowed: the excess goes to the last mode, as in the specification).
    ///
    /// This is the hot-loop form. For `0 <= idx < size()` it never fails;
    /// outside the domain an offset that leaves the `i64` range is a bug of
    /// the caller's, and implementations may panic on it, as slice indexing
    /// does. Use [`LayoutLike::try_eval`] for indices that come from a user.
    fn eval(&self, idx: i64) -> i64;
    /// The offset of the integral coordinate `idx`, checked: an offset that
    /// leaves the `i64` range is an overflow error.
    fn try_eval(&self, idx: i64) -> crate::Result<i64>;
    /// Writes the layout in `Shape:Stride` notation.
    fn fmt_layout(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
