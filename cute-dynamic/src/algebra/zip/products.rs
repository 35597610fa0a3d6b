//! The zipped, tiled and flat products: the logical product by a tuple
//! tiler zipped by it, and unpacked.

use cute_core::{DynInt, Result};

use super::regroup::{named, regroup_at, regroup_into};
use super::zip2::{zip_into, KeepIn};
use crate::algebra::logical_product_at;
use crate::layout::{by_tiler, Layout, Tiler, TilerArg, TilerRef};

const ZIPPED_PRODUCT: &str = "zipped_product";
const TILED_PRODUCT: &str = "tiled_product";
const FLAT_PRODUCT: &str = "flat_product";

/// The logical product of A by B at `mode`, zipped by B when B is a tuple
/// ([`zip2_by`](super::zip2_by) with [`KeepIn::Tile`]), then regrouped
/// (`Some(flat)`) or not (`None`); errors named `op`.
fn product_zipped<I: DynInt>(
    op: &'static str,
    a: &Layout<I>,
    b: TilerArg<'_, I>,
    mode: &[usize],
    regroup: Option<bool>,
) -> Result<Layout<I>> {
    // the tiler is the guide, once the product is made
    let guide = match b.get() {
        TilerRef::Tuple(ts) => Some(Tiler::Tuple(ts.to_vec())),
        _ => None,
    };
    let Some(guide) = guide else {
        // a layout's product is already the pair (tile, copies)
        let p = logical_product_at(a, b, mode).map_err(|e| named(e, op))?;
        return match regroup {
            None => Ok(p),
            Some(flat) => regroup_at(op, &p, mode, flat),
        };
    };
    let p = logical_product_at(a, &guide, mode).map_err(|e| named(e, op))?;
    by_tiler(op, &p, guide.as_ref(), mode, |v, g, out| match regroup {
        None => zip_into(op, v, g, KeepIn::Tile, out),
        Some(flat) => {
            let mut z = Layout::building();
            zip_into(op, v, g, KeepIn::Tile, &mut z)?;
            regroup_into(op, z.view(), flat, out)
        }
    })
}

/// CuTe C++'s `zipped_product`: the logical product by a tuple tiler with
/// the tiles and the copies gathered, `((A_0, A_1, ...), (R_0, R_1, ...,
/// A_k, ...))`, where the by-mode product is `((A_0, R_0), (A_1, R_1), ...,
/// A_k, ...)` (CuTe C++'s `zip2_by` with the tiler as the guide).
///
/// B is a tiler, as for [`logical_product`](crate::algebra::logical_product): a
/// layout or an integer `n` (the layout `n:1`), whose product is the
/// logical product itself, already the pair `(A, copies)`; or a tuple of
/// tilers, one per mode of A: a `None` entry leaves its mode as the tile,
/// with the copies `1:0`; a nested tuple entry zips inside its mode; the
/// modes of A past the tuple's entries go to the copies, after the zipped
/// ones. [`zipped_product_at`] multiplies one mode of A.
///
/// # Pre-conditions
/// As `logical_product`.
///
/// # Post-conditions
/// - `rank(result) == 2` (unless B is `None`, which leaves A as it is)
/// - `size(result) == size(logical_product(A, B))`
/// - for a tuple B of layouts and integers with one entry per mode of A:
///   `result[0] == A`, and `result[1][i] == logical_product(A[i], B[i])[1]`
///
/// # Errors
/// As `logical_product`, named `zipped_product`.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::zipped_product;
/// use cute_dynamic::{layout::Tiler, tile, Layout};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let a = l("(2, 5):(5, 1)");
/// assert_eq!(zipped_product(&a, (l("3:1"), l("4:1"))).unwrap(),
///            l("((2, 5), (3, 4)):((5, 1), (1, 5))"));
/// // a None entry: the mode is the tile, with no copies
/// assert_eq!(zipped_product(&a, (Tiler::None, l("3:1"))).unwrap(),
///            l("((2, 5), (1, 3)):((5, 1), (0, 5))"));
/// // a nested tiler zips inside its mode
/// assert_eq!(zipped_product(&l("(2, (5, 3)):(1, (2, 10))"), tile!(3, (2, 2))).unwrap(),
///            l("((2, (5, 3)), (3, (2, 2))):((1, (2, 10)), (2, (1, 1)))"));
/// // the modes past the tiler are copies
/// assert_eq!(zipped_product(&l("(2, 3):(1, 2)"), (4,)).unwrap(),
///            l("((2,), (4, 3)):((1,), (2, 2))"));
/// // a layout tiler: the logical product
/// assert_eq!(zipped_product(&l("(2, 2):(4, 1)"), 6).unwrap(),
///            l("((2, 2), (2, 3)):((4, 1), (2, 8))"));
/// ```
pub fn zipped_product<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Layout<I>> {
    zipped_product_at(a, b, &[])
}

/// The mode-subscripted `zipped_product[mode](A, B)`: [`zipped_product`]
/// of the mode `mode` of A, every other mode unchanged.
///
/// # Errors
/// `IndexError` if `mode` names no mode of A; as [`zipped_product`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::zipped_product_at;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(zipped_product_at(&l("(7, (2, 5)):(100, (5, 1))"), (3, 4), &[1]).unwrap(),
///            l("(7, ((2, 5), (3, 4))):(100, ((5, 1), (1, 5)))"));
/// ```
pub fn zipped_product_at<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    product_zipped(ZIPPED_PRODUCT, a, b.into(), mode, None)
}

/// CuTe C++'s `tiled_product`: the [`zipped_product`] with the copies
/// unpacked, `((A_0, A_1, ...), R_0, R_1, ..., A_k, ...)`.
///
/// B is a tiler, as for `zipped_product`. The copies are unpacked into
/// their modes if they have two or more; a part that is a leaf or a tuple
/// of one mode stays one mode, as in CuTe C++.
///
/// # Pre-conditions
/// As [`logical_product`](crate::algebra::logical_product).
///
/// # Post-conditions
/// - `result[0] == zipped_product(A, B)[0]`
/// - the same function as `zipped_product(A, B)`, of the same size
///
/// # Errors
/// As `zipped_product`, named `tiled_product`; `ValueError`
/// (`RankMismatch`) if the zipped product is not a pair (a B of `None`
/// leaves A as it is, and A has not two modes).
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::tiled_product;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(tiled_product(&l("(2, 5):(5, 1)"), (l("3:1"), l("4:1"))).unwrap(),
///            l("((2, 5), 3, 4):((5, 1), 1, 5)"));
/// assert_eq!(tiled_product(&l("(2, 5):(5, 1)"), &l("(3, 4):(1, 3)")).unwrap(),
///            l("((2, 5), 3, 4):((5, 1), 10, 30)"));
/// // A's modes overlap: no complement, no copies
/// assert!(tiled_product(&l("(4, 3):(3, 2)"), 2).is_err());
/// ```
pub fn tiled_product<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Layout<I>> {
    tiled_product_at(a, b, &[])
}

/// The mode-subscripted `tiled_product[mode](A, B)`: [`tiled_product`] of
/// the mode `mode` of A, every other mode unchanged.
///
/// # Errors
/// `IndexError` if `mode` names no mode of A; as [`tiled_product`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::tiled_product_at;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(tiled_product_at(&l("(7, (2, 5)):(100, (5, 1))"), (3, 4), &[1]).unwrap(),
///            l("(7, ((2, 5), 3, 4)):(100, ((5, 1), 1, 5))"));
/// ```
pub fn tiled_product_at<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    product_zipped(TILED_PRODUCT, a, b.into(), mode, Some(false))
}

/// CuTe C++'s `flat_product`: the [`zipped_product`] with both the tiles
/// and the copies unpacked, `(A_0, A_1, ..., R_0, R_1, ..., A_k, ...)`.
///
/// B is a tiler, as for `zipped_product`. Each part is unpacked into its
/// modes if it has two or more; a part that is a leaf or a tuple of one
/// mode stays one mode, as in CuTe C++.
///
/// # Pre-conditions
/// As [`logical_product`](crate::algebra::logical_product).
///
/// # Post-conditions
/// - `result` is [`tiled_product`]`(A, B)` with its mode 0 unpacked
/// - the same function as `zipped_product(A, B)`, of the same size
///
/// # Errors
/// As [`tiled_product`], named `flat_product`.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::flat_product;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(flat_product(&l("(2, 5):(5, 1)"), (l("3:1"), l("4:1"))).unwrap(),
///            l("(2, 5, 3, 4):(5, 1, 1, 5)"));
/// // the tile of one mode stays one mode
/// assert_eq!(flat_product(&l("(3,):(1,)"), (4,)).unwrap(), l("((3,), (4,)):((1,), (3,))"));
/// ```
pub fn flat_product<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Layout<I>> {
    flat_product_at(a, b, &[])
}

/// The mode-subscripted `flat_product[mode](A, B)`: [`flat_product`] of the
/// mode `mode` of A, every other mode unchanged.
///
/// # Errors
/// `IndexError` if `mode` names no mode of A; as [`flat_product`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::flat_product_at;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(flat_product_at(&l("(7, (2, 5)):(100, (5, 1))"), (3, 4), &[1]).unwrap(),
///            l("(7, (2, 5, 3, 4)):(100, (5, 1, 1, 5))"));
/// assert!(flat_product_at(&l("(7, (2, 5)):(100, (5, 1))"), (3, 4), &[2]).is_err());
/// ```
pub fn flat_product_at<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    product_zipped(FLAT_PRODUCT, a, b.into(), mode, Some(true))
}

impl<I: DynInt> Layout<I> {
    /// [`zipped_product`] of `self` and `b`.
    ///
    /// # Errors
    /// As [`zipped_product`].
    pub fn zipped_product<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        zipped_product(self, b)
    }

    /// [`tiled_product`] of `self` and `b`.
    ///
    /// # Errors
    /// As [`tiled_product`].
    pub fn tiled_product<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        tiled_product(self, b)
    }

    /// [`flat_product`] of `self` and `b`.
    ///
    /// # Errors
    /// As [`flat_product`].
    pub fn flat_product<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        flat_product(self, b)
    }
}
