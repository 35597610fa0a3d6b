//! The tiled and flat divides: the zipped divide with its rest (and its
//! tile) unpacked.

use cute_core::{DynInt, Result};

use super::regroup::{named, regroup_at};
use crate::accessor::Accessor;
use crate::algebra::{zipped_divide_at, zipped_divide_identity};
use crate::layout::{Layout, TilerArg};
use crate::tensor::Tensor;

const TILED_DIVIDE: &str = "tiled_divide";
const FLAT_DIVIDE: &str = "flat_divide";

/// CuTe C++'s `tiled_divide`: the
/// [`zipped_divide`](crate::algebra::zipped_divide) with the rest unpacked,
/// `((tile_0, tile_1, ...), rest_0, rest_1, ...)`.
///
/// B is a tiler, as for `zipped_divide`: a layout, an integer `n` (the
/// layout `n:1`), a tuple of tilers (one per mode of A, nested for the
/// sub-modes), `Tiler::None` inside a tuple for a mode left undivided (its
/// tile is `1:0`, its rest the mode itself). The rest is unpacked into its
/// modes if it has two or more; a rest that is a leaf or a tuple of one
/// mode stays one mode (`tiled_divide(16:3, (2,))` is `((2,), (8,)):((3,),
/// (6,))`), as in CuTe C++. [`tiled_divide_at`] divides one mode of A;
/// [`tiled_divide_identity`] is the A of `None`.
///
/// # Pre-conditions
/// As [`logical_divide`](crate::algebra::logical_divide).
///
/// # Post-conditions
/// - `result[0] == zipped_divide(A, B)[0]`, the tile
/// - the same function as `zipped_divide(A, B)`, of the same size
///
/// # Errors
/// As `zipped_divide`, named `tiled_divide`; `ValueError` (`RankMismatch`)
/// if the zipped result is not a pair (a B of `None` leaves A as it is,
/// and A has not two modes).
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::tiled_divide;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(tiled_divide(&l("(128, 128):(1, 128)"), (8, 8)).unwrap(),
///            l("((8, 8), 16, 16):((1, 128), 8, 1024)"));
/// assert_eq!(tiled_divide(&l("(9, 32):(1, 9)"), (l("3:3"), l("(2, 4):(1, 8)"))).unwrap(),
///            l("((3, (2, 4)), 3, 4):((3, (9, 72)), 1, 18)"));
/// // a rest of one mode stays one mode
/// assert_eq!(tiled_divide(&l("16:3"), (2,)).unwrap(), l("((2,), (8,)):((3,), (6,))"));
/// // a layout tiler: the logical divide, its rest's modes unpacked
/// assert_eq!(tiled_divide(&l("24:1"), &l("4:2")).unwrap(), l("(4, 2, 3):(2, 1, 8)"));
/// let e = tiled_divide(&l("(4, 3):(3, 1)"), &l("3:1")).unwrap_err();
/// assert_eq!(e.op(), "tiled_divide");
/// ```
pub fn tiled_divide<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Layout<I>> {
    tiled_divide_at(a, b, &[])
}

/// The mode-subscripted `tiled_divide[mode](A, B)`: [`tiled_divide`] of the
/// mode `mode` of A, every other mode unchanged.
///
/// # Errors
/// `IndexError` if `mode` names no mode of A; as [`tiled_divide`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::tiled_divide_at;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(tiled_divide_at(&l("(5, (8, 6)):(1, (5, 40))"), (2, 3), &[1]).unwrap(),
///            l("(5, ((2, 3), 4, 2)):(1, ((5, 40), 10, 120))"));
/// assert!(tiled_divide_at(&l("(5, 24):(1, 5)"), 2, &[4]).is_err());
/// ```
pub fn tiled_divide_at<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    let z = zipped_divide_at(a, b, mode).map_err(|e| named(e, TILED_DIVIDE))?;
    regroup_at(TILED_DIVIDE, &z, mode, false)
}

/// [`tiled_divide`] with an A of `None`: the regrouped
/// [`zipped_divide_identity`], landing at `mode`.
///
/// # Errors
/// As `zipped_divide_identity`, named `tiled_divide`.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::tiled_divide_identity;
/// use cute_dynamic::Layout;
/// let r: Layout = tiled_divide_identity((4, 2), &[]).unwrap();
/// assert_eq!(r.to_string(), "((4, 2), 1, 1):((1@0, 1@1), 4@0, 2@1)");
/// ```
pub fn tiled_divide_identity<'b, I: DynInt>(
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    let z = zipped_divide_identity(b, mode).map_err(|e| named(e, TILED_DIVIDE))?;
    regroup_at(TILED_DIVIDE, &z, mode, false)
}

/// CuTe C++'s `flat_divide`: the
/// [`zipped_divide`](crate::algebra::zipped_divide) with both the tile and
/// the rest unpacked, `(tile_0, tile_1, ..., rest_0, rest_1, ...)`.
///
/// B is a tiler, as for [`tiled_divide`]. Each part is unpacked into its
/// modes if it has two or more; a part that is a leaf or a tuple of one
/// mode stays one mode (`flat_divide((8, 16, 8):(1, 8, 128), (2:4,))` is
/// `((2,), 4, 16, 8):((4,), 1, 8, 128)`), as in CuTe C++.
///
/// # Pre-conditions
/// As [`logical_divide`](crate::algebra::logical_divide).
///
/// # Post-conditions
/// - `result` is [`tiled_divide`]`(A, B)` with its mode 0 unpacked
/// - the same function as `zipped_divide(A, B)`, of the same size
///
/// # Errors
/// As [`tiled_divide`], named `flat_divide`.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::flat_divide;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(flat_divide(&l("(16, 16):(1, 16)"), (4, 8)).unwrap(),
///            l("(4, 8, 4, 2):(1, 16, 4, 128)"));
/// assert_eq!(flat_divide(&l("(8, 16, 8):(1, 8, 128)"), (l("2:4"),)).unwrap(),
///            l("((2,), 4, 16, 8):((4,), 1, 8, 128)"));
/// assert!(flat_divide(&l("(4, 3):(3, 1)"), &l("3:1")).is_err());
/// ```
pub fn flat_divide<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Layout<I>> {
    flat_divide_at(a, b, &[])
}

/// The mode-subscripted `flat_divide[mode](A, B)`: [`flat_divide`] of the
/// mode `mode` of A, every other mode unchanged.
///
/// # Errors
/// `IndexError` if `mode` names no mode of A; as [`flat_divide`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::flat_divide_at;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(flat_divide_at(&l("(5, (8, 6)):(1, (5, 40))"), (2, 3), &[1]).unwrap(),
///            l("(5, (2, 3, 4, 2)):(1, (5, 40, 10, 120))"));
/// ```
pub fn flat_divide_at<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    let z = zipped_divide_at(a, b, mode).map_err(|e| named(e, FLAT_DIVIDE))?;
    regroup_at(FLAT_DIVIDE, &z, mode, true)
}

/// [`flat_divide`] with an A of `None`: the regrouped
/// [`zipped_divide_identity`], landing at `mode`.
///
/// # Errors
/// As `zipped_divide_identity`, named `flat_divide`.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::flat_divide_identity;
/// use cute_dynamic::Layout;
/// let r: Layout = flat_divide_identity((4, 2), &[]).unwrap();
/// assert_eq!(r.to_string(), "(4, 2, 1, 1):(1@0, 1@1, 4@0, 2@1)");
/// ```
pub fn flat_divide_identity<'b, I: DynInt>(
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    let z = zipped_divide_identity(b, mode).map_err(|e| named(e, FLAT_DIVIDE))?;
    regroup_at(FLAT_DIVIDE, &z, mode, true)
}

impl<I: DynInt> Layout<I> {
    /// [`tiled_divide`] of `self` by `b`.
    ///
    /// # Errors
    /// As [`tiled_divide`].
    pub fn tiled_divide<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        tiled_divide(self, b)
    }

    /// [`flat_divide`] of `self` by `b`.
    ///
    /// # Errors
    /// As [`flat_divide`].
    pub fn flat_divide<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        flat_divide(self, b)
    }
}

impl<A: Accessor> Tensor<A> {
    /// `tiled_divide(T, B)`: the same accessor through the divided layout,
    /// `((tile), rest_0, rest_1, ...)`.
    ///
    /// # Errors
    /// As [`tiled_divide`] and [`Tensor::new`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::tensor::identity_tensor;
    /// use cute_dynamic::IntTuple;
    /// let t = identity_tensor(&"(8, 6)".parse().unwrap()).unwrap();
    /// let d = t.tiled_divide((4, 3)).unwrap();
    /// assert_eq!(d.layout().to_string(), "((4, 3), 2, 2):((1@0, 1@1), 4@0, 3@1)");
    /// let c: IntTuple = "((1, 2), 1, 1)".parse().unwrap();
    /// assert_eq!(d.get(&c).unwrap().to_string(), "(5, 5)");
    /// ```
    pub fn tiled_divide<'b>(self, b: impl Into<TilerArg<'b>>) -> Result<Tensor<A>> {
        let l = tiled_divide(self.layout(), b)?;
        self.with_layout(l)
    }

    /// `flat_divide(T, B)`: the same accessor through the divided layout,
    /// `(tile_0, tile_1, ..., rest_0, rest_1, ...)`.
    ///
    /// # Errors
    /// As [`flat_divide`] and [`Tensor::new`].
    pub fn flat_divide<'b>(self, b: impl Into<TilerArg<'b>>) -> Result<Tensor<A>> {
        let l = flat_divide(self.layout(), b)?;
        self.with_layout(l)
    }
}
