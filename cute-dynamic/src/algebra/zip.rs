//! CuTe C++'s regroupings of the divides and products: [`tiled_divide`],
//! [`flat_divide`], [`zipped_product`], [`tiled_product`] and
//! [`flat_product`], and the zip they are made of, [`zip2_by`].
//!
//! A divide or a product by a tuple tiler works mode by mode: mode `i` of
//! the result is a pair, the tile and the rest of mode `i` of A
//! (`(A_i o T_i, rest_i)` for a divide, `(A_i, copies_i)` for a product).
//! The zipped forms gather the first parts into one mode and the second
//! parts into another; the tiled and flat forms then unpack those modes
//! into the top level:
//!
//! | operation | result |
//! |---|---|
//! | [`zipped_divide`](super::zipped_divide)`(A, T)` | `((tile_0, tile_1, ...), (rest_0, rest_1, ...))` |
//! | [`tiled_divide`]`(A, T)` | `((tile_0, tile_1, ...), rest_0, rest_1, ...)` |
//! | [`flat_divide`]`(A, T)` | `(tile_0, tile_1, ..., rest_0, rest_1, ...)` |
//! | [`zipped_product`]`(A, T)` | `((A_0, A_1, ...), (R_0, R_1, ..., A_k, ...))` |
//! | [`tiled_product`]`(A, T)` | `((A_0, A_1, ...), R_0, R_1, ..., A_k, ...)` |
//! | [`flat_product`]`(A, T)` | `(A_0, A_1, ..., R_0, R_1, ..., A_k, ...)` |
//!
//! A part is unpacked into its modes only if it is a tuple of two or more
//! modes; a leaf, or a tuple of one mode, stays one mode, as it is (CuTe
//! C++ slices a part with `repeat<rank>(_)`, and `repeat<1>(_)` is `_`,
//! which keeps the part): `tiled_divide(16:3, (2,))` is
//! `((2,), (8,)):((3,), (6,))`. A tiler that is not a tuple divides or
//! multiplies A as one layout, whose result is already the pair `(tile,
//! rest)`.
//!
//! Each regrouping only renests its zipped result: the layouts are the same
//! function of the index, with the same size.
//!
//! ```
//! use cute_dynamic::algebra::{flat_divide, tiled_divide, tiled_product, zipped_product};
//! use cute_dynamic::{layout::Tiler, Layout};
//! # fn main() -> cute_dynamic::Result<()> {
//! let a: Layout = "(4096, 4096):(1, 4096)".parse()?;
//! assert_eq!(tiled_divide(&a, (128, 64))?.to_string(),
//!            "((128, 64), 32, 64):((1, 4096), 128, 262144)");
//! assert_eq!(flat_divide(&a, (128, 64))?.to_string(),
//!            "(128, 64, 32, 64):(1, 4096, 128, 262144)");
//! let tile: Layout = "(2, 5):(5, 1)".parse()?;
//! let (r, c): (Layout, Layout) = ("3:1".parse()?, "4:1".parse()?);
//! assert_eq!(zipped_product(&tile, (&r, &c))?.to_string(),
//!            "((2, 5), (3, 4)):((5, 1), (1, 5))");
//! assert_eq!(tiled_product(&tile, (&r, &c))?.to_string(), "((2, 5), 3, 4):((5, 1), 1, 5)");
//! // a None entry keeps its mode as the tile, with the copies 1:0
//! assert_eq!(zipped_product(&tile, (Tiler::None, &r))?.to_string(),
//!            "((2, 5), (1, 3)):((5, 1), (0, 5))");
//! # Ok(())
//! # }
//! ```

use cute_core::{DynInt, Error, Result};

use super::divide::{zipped_divide_at, zipped_divide_identity};
use super::product::logical_product_at;
use crate::accessor::Accessor;
use crate::layout::{by_tiler, mode_path, Layout, Tiler, TilerArg, TilerRef, View};
use crate::tensor::Tensor;
use crate::typedefs::Scalar;

const ZIP2_BY: &str = "zip2_by";
const TILED_DIVIDE: &str = "tiled_divide";
const FLAT_DIVIDE: &str = "flat_divide";
const ZIPPED_PRODUCT: &str = "zipped_product";
const TILED_PRODUCT: &str = "tiled_product";
const FLAT_PRODUCT: &str = "flat_product";

/// Where [`zip2_by`] puts a mode whose guide entry is `None` (CuTe's
/// `Keep`, `_`): the mode is then not a pair, and stands as one of the two
/// parts with `1:0` as the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeepIn {
    /// `(A_i, 1:0)`: the mode is the tile, with no copies (a product's
    /// `None` entry).
    Tile,
    /// `(1:0, A_i)`: no tile, the mode is the rest (a divide's `None`
    /// entry).
    Rest,
}

/// CuTe C++'s `zip2_by`: zips a layout whose modes are pairs, as the guide
/// says, into the pair `((firsts...), (seconds..., modes past the
/// guide...))`.
///
/// The guide is a tiler (anything `Into<TilerArg>`), read for its nesting
/// only: for each of its entries, the mode of `layout` in the same place
/// splits as
///
/// ```text
/// layout or integer      (x_i, y_i)   -> x_i and y_i       the mode is a pair
/// None                   A_i          -> A_i and 1:0       keep = KeepIn::Tile
///                                        1:0 and A_i       keep = KeepIn::Rest
/// tuple (t_0, t_1, ...)  A_i          -> zip2_by(A_i, (t_0, t_1, ...))
/// ```
///
/// and the modes past a tuple's entries go to the second part, after the
/// zipped ones. A leaf mode is the 1-tuple it denotes. A guide that is not
/// a tuple takes `layout` as the pair it must be (a layout or an integer:
/// the result is `layout` itself), or keeps it whole (`None`).
///
/// A by-mode divide or product is such a layout, and its tiler the guide:
/// `zipped_product(A, T)` is `zip2_by(logical_product(A, T), T,
/// KeepIn::Tile)` for a tuple `T`, and `zip2_by(logical_divide(A, T), T,
/// KeepIn::Rest)` is the same function as `zipped_divide(A, T)` for a tuple
/// `T` of integers and layouts of integer strides (the zipped divide's rest
/// of a divided mode is coalesced).
///
/// (CuTe C++ accepts a `Keep` entry only where the mode happens to be a
/// pair, and splits it as one; `keep` is the rule of the zipped divide and
/// product, as the specification and cute-static follow it.)
///
/// # Pre-conditions
/// Every mode that a layout or integer entry of the guide names is a tuple
/// of two modes; no tuple of the guide has more entries than its mode of
/// `layout` has modes.
///
/// # Post-conditions
/// - `rank(result) == 2`
/// - `size(result) == size(layout)` when the guide has no `None` entry
///   (a `None` entry adds a `1:0`, so the size is kept too)
///
/// # Errors
/// `ValueError` (`RankMismatch`) if a mode that must be a pair is not, or
/// if a tuple of the guide has more entries than its mode has modes; the
/// error names the mode.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::{logical_product, zip2_by, KeepIn};
/// use cute_dynamic::{layout::Tiler, tile, Layout};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let p = l("((2, 3), (5, 4), 7):((5, 10), (1, 30), 120)");
/// assert_eq!(zip2_by(&p, (3, 4), KeepIn::Tile).unwrap(),
///            l("((2, 5), (3, 4, 7)):((5, 1), (10, 30, 120))"));
/// // a None entry: the mode is the tile (a product) or the rest (a divide)
/// let q = l("((2, 3), 5):((5, 10), 1)");
/// assert_eq!(zip2_by(&q, (2, Tiler::None), KeepIn::Tile).unwrap(),
///            l("((2, 5), (3, 1)):((5, 1), (10, 0))"));
/// assert_eq!(zip2_by(&q, (2, Tiler::None), KeepIn::Rest).unwrap(),
///            l("((2, 1), (3, 5)):((5, 0), (10, 1))"));
/// // a nested guide zips inside its mode
/// let n = l("(((2, 3), (4, 5)),):(((1, 2), (6, 24)),)");
/// assert_eq!(zip2_by(&n, tile!((1, 1)), KeepIn::Tile).unwrap(),
///            l("(((2, 4),), ((3, 5),)):(((1, 6),), ((2, 24),))"));
/// // the by-mode product zipped is the zipped product
/// let a = l("(2, 5):(5, 1)");
/// assert_eq!(zip2_by(&logical_product(&a, (3, 4)).unwrap(), (3, 4), KeepIn::Tile).unwrap(),
///            l("((2, 5), (3, 4)):((5, 1), (1, 5))"));
/// // mode 0 of the layout is not a pair
/// assert!(zip2_by(&l("(4, (2, 3)):(1, (4, 8))"), (2, 2), KeepIn::Tile).is_err());
/// ```
pub fn zip2_by<'g, I: DynInt>(
    layout: &Layout<I>,
    guide: impl Into<TilerArg<'g, I>>,
    keep: KeepIn,
) -> Result<Layout<I>> {
    let guide = guide.into();
    let mut out = Layout::building();
    zip_into(ZIP2_BY, layout.view(), guide.get(), keep, &mut out)?;
    Ok(out)
}

/// Appends the zip of `v` by the guide `g` (see [`zip2_by`]); the errors
/// name `op`.
fn zip_into<I: DynInt>(
    op: &'static str,
    v: View<'_, I>,
    g: TilerRef<'_, I>,
    keep: KeepIn,
    out: &mut Layout<I>,
) -> Result<()> {
    check_zip(op, v, g, &mut Vec::new())?;
    out.open();
    zip_part(v, g, keep, 0, out);
    zip_part(v, g, keep, 1, out);
    out.close();
    Ok(())
}

/// Checks that `v` has the modes the guide `g` splits: a pair for each
/// layout or integer entry, and at least as many modes as each tuple has
/// entries. `path` is where `v` is in the zipped layout.
fn check_zip<I: DynInt>(
    op: &'static str,
    v: View<'_, I>,
    g: TilerRef<'_, I>,
    path: &mut Vec<usize>,
) -> Result<()> {
    let at = |path: &[usize]| match path {
        [] => "the layout".to_string(),
        p => format!("mode {}", mode_path(p)),
    };
    match g {
        TilerRef::None => Ok(()),
        TilerRef::Int(_) | TilerRef::Layout(_) => {
            let r = v.rank();
            if v.is_leaf() || r != 2 {
                return Err(Error::rank_mismatch(
                    op,
                    2,
                    r,
                    format!(
                        "{} ({v:?}) is not a pair, which its guide entry (a layout or an \
                         integer) splits into its two parts",
                        at(path)
                    ),
                ));
            }
            Ok(())
        }
        TilerRef::Tuple(gs) => {
            let r = v.rank();
            if gs.len() > r {
                return Err(Error::rank_mismatch(
                    op,
                    r,
                    gs.len(),
                    format!(
                        "a guide of {} entries for {} ({v:?}), which has {r} modes",
                        gs.len(),
                        at(path)
                    ),
                ));
            }
            for (i, (m, gi)) in v.modes().zip(gs).enumerate() {
                path.push(i);
                let r = check_zip(op, m, gi.as_ref(), path);
                path.pop();
                r?;
            }
            Ok(())
        }
    }
}

/// Appends part `k` (0 or 1) of the zip of `v` by `g`, checked by
/// [`check_zip`].
fn zip_part<I: DynInt>(
    v: View<'_, I>,
    g: TilerRef<'_, I>,
    keep: KeepIn,
    k: usize,
    out: &mut Layout<I>,
) {
    match g {
        TilerRef::None => {
            if (k == 0) == (keep == KeepIn::Tile) {
                out.push_view(v);
            } else {
                out.push_leaf(I::from_i64(1), Scalar::zero());
            }
        }
        TilerRef::Int(_) | TilerRef::Layout(_) => {
            let part = v.modes().nth(k).expect("checked: a pair");
            out.push_view(part);
        }
        TilerRef::Tuple(gs) => {
            out.open();
            for (i, m) in v.modes().enumerate() {
                match gs.get(i) {
                    Some(gi) => zip_part(m, gi.as_ref(), keep, k, out),
                    None if k == 1 => out.push_view(m),
                    None => {}
                }
            }
            out.close();
        }
    }
}

/// Appends the modes a regrouping unpacks the part `v` into: a tuple of two
/// or more modes gives its modes (none for the empty tuple); a leaf, or a
/// tuple of one mode, stays one mode, as it is.
fn unpack<I: DynInt>(v: View<'_, I>, out: &mut Layout<I>) {
    if !v.is_leaf() && v.rank() != 1 {
        for m in v.modes() {
            out.push_view(m);
        }
    } else {
        out.push_view(v);
    }
}

/// Appends the zipped pair `z` regrouped: `(z0, z1_0, z1_1, ...)`, or with
/// `flat` `(z0_0, z0_1, ..., z1_0, z1_1, ...)` (see [`unpack`]).
fn regroup_into<I: DynInt>(
    op: &'static str,
    z: View<'_, I>,
    flat: bool,
    out: &mut Layout<I>,
) -> Result<()> {
    let r = z.rank();
    if z.is_leaf() || r != 2 {
        return Err(Error::rank_mismatch(
            op,
            2,
            r,
            format!("the zipped result {z:?} is not a pair (tile, rest) to regroup"),
        ));
    }
    let mut parts = z.modes();
    let (tile, rest) = (parts.next().expect("a pair"), parts.next().expect("a pair"));
    out.open();
    if flat {
        unpack(tile, out);
    } else {
        out.push_view(tile);
    }
    unpack(rest, out);
    out.close();
    Ok(())
}

/// The zipped result `z`, which holds the zipped pair at `mode`, with that
/// pair regrouped.
fn regroup_at<I: DynInt>(
    op: &'static str,
    z: &Layout<I>,
    mode: &[usize],
    flat: bool,
) -> Result<Layout<I>> {
    by_tiler(op, z, TilerRef::None, mode, |v, _, out| {
        regroup_into(op, v, flat, out)
    })
}

/// `e` as an error of `op`: the regroupings report the errors of the
/// divide or product they regroup under their own name.
#[cold]
fn named(e: Error, op: &'static str) -> Error {
    match e {
        Error::NotCongruent { msg, .. } => Error::NotCongruent { op, msg },
        Error::Divisibility { lhs, rhs, msg, .. } => Error::Divisibility { op, lhs, rhs, msg },
        Error::RankMismatch {
            expected,
            found,
            msg,
            ..
        } => Error::RankMismatch {
            op,
            expected,
            found,
            msg,
        },
        Error::SizeMismatch {
            expected,
            found,
            msg,
            ..
        } => Error::SizeMismatch {
            op,
            expected,
            found,
            msg,
        },
        Error::NotInjective { msg, .. } => Error::NotInjective { op, msg },
        Error::Overflow { msg, .. } => Error::Overflow { op, msg },
        Error::Undecidable { msg, .. } => Error::Undecidable { op, msg },
        Error::InvalidValue { msg, .. } => Error::InvalidValue { op, msg },
        Error::Type { msg, .. } => Error::Type { op, msg },
        Error::OutOfRange {
            index, len, msg, ..
        } => Error::OutOfRange {
            op,
            index,
            len,
            msg,
        },
        e => e,
    }
}

// ---- divides ---------------------------------------------------------------

/// CuTe C++'s `tiled_divide`: the [`zipped_divide`](super::zipped_divide)
/// with the rest unpacked, `((tile_0, tile_1, ...), rest_0, rest_1, ...)`.
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
/// As [`logical_divide`](super::logical_divide).
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
/// [`zipped_divide_identity`](super::zipped_divide_identity), landing at
/// `mode`.
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

/// CuTe C++'s `flat_divide`: the [`zipped_divide`](super::zipped_divide)
/// with both the tile and the rest unpacked, `(tile_0, tile_1, ..., rest_0,
/// rest_1, ...)`.
///
/// B is a tiler, as for [`tiled_divide`]. Each part is unpacked into its
/// modes if it has two or more; a part that is a leaf or a tuple of one
/// mode stays one mode (`flat_divide((8, 16, 8):(1, 8, 128), (2:4,))` is
/// `((2,), 4, 16, 8):((4,), 1, 8, 128)`), as in CuTe C++.
///
/// # Pre-conditions
/// As [`logical_divide`](super::logical_divide).
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
/// [`zipped_divide_identity`](super::zipped_divide_identity), landing at
/// `mode`.
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

// ---- products --------------------------------------------------------------

/// The logical product of A by B at `mode`, zipped by B when B is a tuple
/// ([`zip2_by`] with [`KeepIn::Tile`]), then regrouped (`Some(flat)`) or
/// not (`None`); errors named `op`.
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
/// B is a tiler, as for [`logical_product`](super::logical_product): a
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
/// As [`logical_product`](super::logical_product).
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
/// As [`logical_product`](super::logical_product).
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

#[cfg(test)]
mod tests {
    use super::super::testkit as kit;
    use super::*;
    use crate::algebra::{logical_divide, logical_product, zipped_divide};
    use crate::htuple::HTuple;
    use crate::layout::make_layout;
    use crate::tile;
    use cute_core::{ErrorClass, Sym};
    use proptest::prelude::*;

    fn lay(s: &str) -> Layout {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    /// A print of CuTe C++ (`((_2),_4):((_4),1)`: `_N` static, every
    /// parenthesis a tuple) in the notation of the specification
    /// (`((2,), 4):((4,), 1)`).
    fn from_cute(s: &str) -> String {
        fn tree(b: &[u8], i: &mut usize, out: &mut String) {
            if b[*i] == b'(' {
                *i += 1;
                out.push('(');
                let mut n = 0;
                loop {
                    if n > 0 {
                        out.push_str(", ");
                    }
                    tree(b, i, out);
                    n += 1;
                    if b[*i] == b',' {
                        *i += 1;
                    } else {
                        break;
                    }
                }
                assert_eq!(b[*i], b')');
                *i += 1;
                if n == 1 {
                    out.push(',');
                }
                out.push(')');
                return;
            }
            if b[*i] == b'_' {
                *i += 1;
            }
            while *i < b.len() && (b[*i] == b'-' || b[*i].is_ascii_digit()) {
                out.push(b[*i] as char);
                *i += 1;
            }
        }
        let (b, mut i, mut out) = (s.as_bytes(), 0, String::new());
        tree(b, &mut i, &mut out);
        assert_eq!(b[i], b':');
        i += 1;
        out.push(':');
        tree(b, &mut i, &mut out);
        assert_eq!(i, b.len(), "{s}");
        out
    }

    /// A tiler in the test's notation: a layout `s:d`, an integer, `_` for
    /// `None`, or a tuple of these (`(2, (_, 3:1))`).
    fn tiler(s: &str) -> Tiler {
        fn item(b: &[u8], i: &mut usize) -> Tiler {
            while b[*i] == b' ' {
                *i += 1;
            }
            let start = *i;
            if b[*i] == b'_' {
                *i += 1;
                return Tiler::None;
            }
            if b[*i] == b'(' {
                // a tuple of tilers, unless a layout's shape follows
                let mut depth = 0;
                let mut j = *i;
                loop {
                    match b[j] {
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                let after = b[j + 1..].iter().find(|c| **c != b' ');
                if after != Some(&b':') {
                    *i += 1;
                    let mut v = Vec::new();
                    loop {
                        while b[*i] == b' ' {
                            *i += 1;
                        }
                        if b[*i] == b')' {
                            *i += 1;
                            return Tiler::Tuple(v);
                        }
                        v.push(item(b, i));
                        while b[*i] == b' ' {
                            *i += 1;
                        }
                        if b[*i] == b',' {
                            *i += 1;
                        }
                    }
                }
            }
            // a layout or an integer: up to the next `,` or `)` at depth 0
            let mut depth = 0;
            while *i < b.len() {
                match b[*i] {
                    b'(' => depth += 1,
                    b')' if depth == 0 => break,
                    b')' => depth -= 1,
                    b',' if depth == 0 => break,
                    _ => {}
                }
                *i += 1;
            }
            let text = std::str::from_utf8(&b[start..*i]).unwrap().trim();
            if text.contains(':') {
                Tiler::Layout(lay(text))
            } else {
                Tiler::Int(text.parse().unwrap())
            }
        }
        let mut i = 0;
        let t = item(s.as_bytes(), &mut i);
        assert_eq!(i, s.len(), "{s}");
        t
    }

    #[test]
    fn test_tiler_notation() {
        assert_eq!(tiler("8"), Tiler::Int(8));
        assert_eq!(tiler("4:2"), Tiler::Layout(lay("4:2")));
        assert_eq!(
            tiler("(2, (_, (3, 2):(1, 3)), 1:0)"),
            Tiler::Tuple(vec![
                Tiler::Int(2),
                Tiler::Tuple(vec![Tiler::None, Tiler::Layout(lay("(3, 2):(1, 3)"))]),
                Tiler::Layout(lay("1:0")),
            ])
        );
        assert_eq!(tiler("(2)"), Tiler::Tuple(vec![Tiler::Int(2)]));
        assert_eq!(from_cute("((_2),_4):((_4),-1)"), "((2,), 4):((4,), -1)");
    }

    /// CuTe C++'s prints (nvidia-cutlass 4.2.0.0, compiled and run on the
    /// host) of the regroupings of layouts whose leaves are all static.
    const CUTE_CPP: &[(&str, &str, &str, &str)] = &[
        ("tiled_divide", "16:3", "(2)", "((_2),(_8)):((_3),(_6))"),
        (
            "flat_divide",
            "(8, 16, 8):(1, 8, 128)",
            "(2:4)",
            "((_2),_4,_16,_8):((_4),_1,_8,_128)",
        ),
        (
            "tiled_divide",
            "(128, 128):(1, 128)",
            "(8, 8)",
            "((_8,_8),_16,_16):((_1,_128),_8,_1024)",
        ),
        (
            "flat_divide",
            "(128, 128):(1, 128)",
            "(8, 8)",
            "(_8,_8,_16,_16):(_1,_128,_8,_1024)",
        ),
        ("tiled_divide", "24:1", "4:2", "(_4,_2,_3):(_2,_1,_8)"),
        ("flat_divide", "24:1", "4:2", "(_4,_2,_3):(_2,_1,_8)"),
        (
            "tiled_divide",
            "(9, 32):(1, 9)",
            "(3:3, (2, 4):(1, 8))",
            "((_3,(_2,_4)),_3,_4):((_3,(_9,_72)),_1,_18)",
        ),
        (
            "flat_divide",
            "(8, (4, 6)):(1, (8, 32))",
            "(2, (2, 3))",
            "(_2,(_2,_3),_4,(_2,_2)):(_1,(_8,_32),_2,(_16,_96))",
        ),
        // from tests/data/cute_cpp_mixed.tsv, the prints with every leaf static
        (
            "tiled_divide",
            "((3, 1, 10),):((1, 3, 3),)",
            "(2)",
            "((_2),(_15)):((_1),(_2))",
        ),
        (
            "tiled_divide",
            "(4, (16, 8)):(3, (12, 192))",
            "(2, (4, 2))",
            "((_2,(_4,_2)),_2,(_4,_4)):((_3,(_12,_192)),_6,(_48,_384))",
        ),
        (
            "flat_divide",
            "(16, 2, 5):(1, 16, 32)",
            "(2, 1:1, 1)",
            "(_2,_1,_1,_8,_2,_5):(_1,_16,_0,_2,_16,_32)",
        ),
        (
            "flat_divide",
            "(1, (2, 2)):(2, (2, 1))",
            "(1, (4, 1):(1, 8))",
            "(_1,((_2,_2),_1),_1,_1):(_0,((_2,_1),_4),_0,_0)",
        ),
        (
            "flat_divide",
            "((9, 1, 2),):((1, 9, 9),)",
            "(18:1)",
            "((_18),(_1)):((_1),(_0))",
        ),
        (
            "zipped_product",
            "(2, 5):(5, 1)",
            "(3:1, 4:1)",
            "((_2,_5),(_3,_4)):((_5,_1),(_1,_5))",
        ),
        (
            "tiled_product",
            "(2, 5):(5, 1)",
            "(3:1, 4:1)",
            "((_2,_5),_3,_4):((_5,_1),_1,_5)",
        ),
        (
            "flat_product",
            "(2, 5):(5, 1)",
            "(3:1, 4:1)",
            "(_2,_5,_3,_4):(_5,_1,_1,_5)",
        ),
        (
            "tiled_product",
            "(2, 5):(5, 1)",
            "(3, 4):(1, 3)",
            "((_2,_5),_3,_4):((_5,_1),_10,_30)",
        ),
        (
            "flat_product",
            "(2, 5):(5, 1)",
            "(3, 4):(1, 3)",
            "(_2,_5,_3,_4):(_5,_1,_10,_30)",
        ),
        (
            "zipped_product",
            "(2, (5, 3)):(1, (2, 10))",
            "(3, (2, 2))",
            "((_2,(_5,_3)),(_3,(_2,_2))):((_1,(_2,_10)),(_2,(_1,_1)))",
        ),
        (
            "flat_product",
            "(2, (5, 3)):(1, (2, 10))",
            "(3, (2, 2))",
            "(_2,(_5,_3),_3,(_2,_2)):(_1,(_2,_10),_2,(_1,_1))",
        ),
        (
            "zipped_product",
            "(2, 3):(1, 2)",
            "(4)",
            "((_2),(_4,_3)):((_1),(_2,_2))",
        ),
        (
            "tiled_product",
            "(2, 3):(1, 2)",
            "(4)",
            "((_2),_4,_3):((_1),_2,_2)",
        ),
        (
            "flat_product",
            "(2, 3):(1, 2)",
            "(4)",
            "((_2),_4,_3):((_1),_2,_2)",
        ),
        ("tiled_product", "3:1", "(4)", "((_3),(_4)):((_1),(_3))"),
        (
            "flat_product",
            "((3,),):((1,),)",
            "(4)",
            "(((_3)),(_4)):(((_1)),(_3))",
        ),
        // from tests/data/cute_cpp_mixed.tsv, the prints with every leaf static
        ("zipped_product", "8:1", "(1)", "((_8),(_1)):((_1),(_0))"),
        (
            "zipped_product",
            "(2, 5):(4, 16)",
            "((2, 1):(1, 4), 1)",
            "((_2,_5),((_2,_1),_1)):((_4,_16),((_1,_4),_0))",
        ),
        (
            "zipped_product",
            "(1, 2, 4):(24, 1, 2)",
            "(9:1, 2:1, 8)",
            "((_1,_2,_4),(_9,_2,(_2,_4))):((_24,_1,_2),(_1,_2,(_1,_8)))",
        ),
        (
            "zipped_product",
            "(4, 8):(8, 1)",
            "(16:1, 3:1)",
            "((_4,_8),((_8,_2),_3)):((_8,_1),((_1,_32),_8))",
        ),
        (
            "zipped_product",
            "((1, 2),):((1, 1),)",
            "(1)",
            "(((_1,_2)),(_1)):(((_1,_1)),(_0))",
        ),
    ];

    fn call(op: &str, a: &Layout, t: &Tiler) -> Result<Layout> {
        match op {
            "tiled_divide" => tiled_divide(a, t),
            "flat_divide" => flat_divide(a, t),
            "zipped_product" => zipped_product(a, t),
            "tiled_product" => tiled_product(a, t),
            "flat_product" => flat_product(a, t),
            other => panic!("{other}"),
        }
    }

    /// `r` and `c` have the same shape and nesting, and the same stride at
    /// every leaf of extent other than 1: CuTe C++ gives a static leaf of
    /// extent 1 the stride 0, where the specification keeps the stride the
    /// operation computed (such a leaf is never stepped on).
    fn same_but_unit_strides(r: &Layout, c: &Layout) -> bool {
        r.shape() == c.shape()
            && r.leaves()
                .iter()
                .zip(c.leaves())
                .all(|((s, d), (_, e))| *s == 1 || d == e)
    }

    #[test]
    fn test_agrees_with_cute_cpp() {
        let mut bad = Vec::new();
        for &(op, a, t, cute) in CUTE_CPP {
            // (a tiler `(x)` is the tuple of one entry, CuTe C++'s
            // make_tile(x))
            let t = tiler(t);
            match call(op, &lay(a), &t) {
                Ok(r) if same_but_unit_strides(&r, &lay(&from_cute(cute))) => {}
                Ok(r) => bad.push(format!("{op}({a}, {t:?}): {r}, CuTe C++ {cute}")),
                Err(e) => bad.push(format!("{op}({a}, {t:?}): {e}, CuTe C++ {cute}")),
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    #[test]
    fn test_keep_entries() {
        // a divide's None entry: no tile (1:0), the mode is the rest
        let a = lay("(4, (3, 2)):(1, (4, 12))");
        assert_eq!(
            tiled_divide(&a, (Tiler::None, 3)).unwrap(),
            lay("((1, 3), 4, 2):((0, 4), 1, 12)")
        );
        assert_eq!(
            flat_divide(&a, (Tiler::None, 3)).unwrap(),
            lay("(1, 3, 4, 2):(0, 4, 1, 12)")
        );
        // a product's None entry: the mode is the tile, no copies (1:0)
        assert_eq!(
            tiled_product(&a, (2, Tiler::None)).unwrap(),
            lay("((4, (3, 2)), 2, 1):((1, (4, 12)), 4, 0)")
        );
        assert_eq!(
            flat_product(&a, (2, Tiler::None)).unwrap(),
            lay("(4, (3, 2), 2, 1):(1, (4, 12), 4, 0)")
        );
        // a nested None
        assert_eq!(
            zipped_product(&a, (Tiler::None, tile!(Tiler::None, 2))).unwrap(),
            lay("((4, (3, 2)), (1, (1, 2))):((1, (4, 12)), (0, (0, 1)))")
        );
        // a tiler of None leaves A as it is: the regroupings need a pair
        assert_eq!(
            tiled_divide(&lay("(4, 6):(1, 4)"), Tiler::None).unwrap(),
            lay("(4, 6):(1, 4)")
        );
        assert_eq!(
            tiled_divide(&a.get(&[1]).unwrap(), Tiler::None).unwrap(),
            lay("(3, 2):(4, 12)")
        );
        let e = flat_product(&lay("(2, 3, 4):(1, 2, 6)"), Tiler::None).unwrap_err();
        assert!(
            matches!(
                e,
                Error::RankMismatch {
                    op: "flat_product",
                    ..
                }
            ),
            "{e}"
        );
        assert_eq!(zipped_product(&a, Tiler::None).unwrap(), a);
    }

    #[test]
    fn test_unpacking() {
        // parts of one mode stay one mode; of two or more, are unpacked
        let a = lay("(8, 6):(1, 8)");
        assert_eq!(
            tiled_divide(&a, (2,)).unwrap(),
            lay("((2,), 4, 6):((1,), 2, 8)")
        );
        assert_eq!(
            flat_divide(&a, (2,)).unwrap(),
            lay("((2,), 4, 6):((1,), 2, 8)")
        );
        assert_eq!(
            flat_divide(&lay("8:1"), (2,)).unwrap(),
            lay("((2,), (4,)):((1,), (2,))")
        );
        // a layout tiler: the logical divide, its tile and rest unpacked
        // where they have two modes or more
        assert_eq!(
            flat_divide(&lay("(8, 6):(1, 8)"), lay("4:1")).unwrap(),
            lay("(4, 12):(1, 4)")
        );
        assert_eq!(
            tiled_divide(&lay("(8, 6):(1, 8)"), lay("(2, 2):(1, 4)")).unwrap(),
            lay("((2, 2), 2, 6):((1, 4), 2, 8)")
        );
        assert_eq!(
            flat_divide(&lay("(8, 6):(1, 8)"), lay("(2, 2):(1, 4)")).unwrap(),
            lay("(2, 2, 2, 6):(1, 4, 2, 8)")
        );
        // nested parts are unpacked at the top only
        assert_eq!(
            flat_divide(&lay("(8, (4, 6)):(1, (8, 32))"), tile!(2, (2, 3))).unwrap(),
            lay("(2, (2, 3), 4, (2, 2)):(1, (8, 32), 2, (16, 96))")
        );
    }

    #[test]
    fn test_errors() {
        let a = lay("(4, 3):(3, 1)");
        // the errors of the divide or product, under the regrouping's name
        for (op, e) in [
            ("tiled_divide", tiled_divide(&a, 3).unwrap_err()),
            ("flat_divide", flat_divide(&a, 3).unwrap_err()),
        ] {
            assert!(matches!(e, Error::Divisibility { .. }), "{e}");
            assert_eq!(e.op(), op);
            let z = zipped_divide(&a, 3).unwrap_err().to_string();
            assert_eq!(e.to_string(), z.replacen("zipped_divide", op, 1));
        }
        // (mode 0 of A overlaps itself: it has no complement)
        let overlapping = lay("((2, 2), 3):((1, 1), 4)");
        for (op, e) in [
            (
                "zipped_product",
                zipped_product(&overlapping, (2, 2)).unwrap_err(),
            ),
            ("tiled_product", tiled_product(&overlapping, 2).unwrap_err()),
            (
                "flat_product",
                flat_product(&overlapping, (2,)).unwrap_err(),
            ),
        ] {
            assert!(matches!(e, Error::NotInjective { .. }), "{e}");
            assert_eq!(e.op(), op);
        }
        // a tiler longer than A
        let e = tiled_divide(&a, (2, 3, 4)).unwrap_err();
        assert_eq!(
            (e.class(), e.op()),
            (ErrorClass::ValueError, "tiled_divide"),
            "{e}"
        );
        let e = zipped_product(&a, (2, 3, 4)).unwrap_err();
        assert!(
            matches!(
                e,
                Error::RankMismatch {
                    op: "zipped_product",
                    ..
                }
            ),
            "{e}"
        );
        // a mode that names nothing
        for e in [
            tiled_divide_at(&a, 2, &[2]).unwrap_err(),
            flat_divide_at(&a, 2, &[0, 1]).unwrap_err(),
            zipped_product_at(&a, 2, &[3]).unwrap_err(),
            tiled_product_at(&a, 2, &[2]).unwrap_err(),
            flat_product_at(&a, 2, &[2]).unwrap_err(),
        ] {
            assert_eq!(e.class(), ErrorClass::IndexError, "{e}");
        }
        assert_eq!(
            tiled_divide_identity(Tiler::<i64>::None, &[])
                .unwrap_err()
                .class(),
            ErrorClass::TypeError
        );
        // zip2_by: a mode that is not a pair, a guide longer than its mode
        let e = zip2_by(&lay("((2, 3), 5):((1, 2), 6)"), (1, 1), KeepIn::Tile).unwrap_err();
        assert_eq!(
            e.to_string(),
            "zip2_by: rank mismatch: mode 1 (Layout(5, 6)) is not a pair, which its guide \
             entry (a layout or an integer) splits into its two parts"
        );
        let e = zip2_by(
            &lay("((2, 3), 5):((1, 2), 6)"),
            tile!((1, 1, 1)),
            KeepIn::Rest,
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "zip2_by: rank mismatch: a guide of 3 entries for mode 0 (Layout((2, 3), (1, 2))), \
             which has 2 modes"
        );
        assert!(zip2_by(&lay("(2, 3, 4):(1, 2, 6)"), 2, KeepIn::Tile).is_err());
        assert!(zip2_by(&lay("(2, 3, 4):(1, 2, 6)"), (1, 1, 1, 1), KeepIn::Tile).is_err());
    }

    #[test]
    fn test_zip2_by_guides() {
        let p = lay("((2, 3), 5):((1, 2), 6)");
        // a guide that is not a tuple: the pair as it is, or kept whole
        assert_eq!(zip2_by(&p, lay("4:1"), KeepIn::Tile).unwrap(), p);
        assert_eq!(
            zip2_by(&p, Tiler::None, KeepIn::Tile).unwrap(),
            lay("(((2, 3), 5), 1):(((1, 2), 6), 0)")
        );
        assert_eq!(
            zip2_by(&p, Tiler::None, KeepIn::Rest).unwrap(),
            lay("(1, ((2, 3), 5)):(0, ((1, 2), 6))")
        );
        // the empty guide: every mode goes to the second part
        assert_eq!(
            zip2_by(&p, Tiler::Tuple(vec![]), KeepIn::Tile).unwrap(),
            lay("((), ((2, 3), 5)):((), ((1, 2), 6))")
        );
        // a leaf is the 1-tuple it denotes
        assert_eq!(
            zip2_by(&lay("6:1"), (Tiler::None,), KeepIn::Rest).unwrap(),
            lay("((1,), (6,)):((0,), (1,))")
        );
    }

    #[test]
    fn test_mode_and_identity_forms() {
        let a = lay("(3, (8, 6)):(1, (3, 24))");
        assert_eq!(
            tiled_divide_at(&a, (2, 3), &[1]).unwrap(),
            lay("(3, ((2, 3), 4, 2)):(1, ((3, 24), 6, 72))")
        );
        assert_eq!(
            flat_divide_at(&a, (2, 3), &[1]).unwrap(),
            lay("(3, (2, 3, 4, 2)):(1, (3, 24, 6, 72))")
        );
        assert_eq!(
            tiled_product_at(&a, 2, &[1, 0]).unwrap(),
            lay("(3, ((8, 2), 6)):(1, ((3, 1), 24))")
        );
        // a leaf is the 1-tuple it denotes
        assert_eq!(
            tiled_divide_at(&lay("12:1"), (4,), &[0]).unwrap(),
            lay("(((4,), (3,)),):(((1,), (4,)),)")
        );
        // the identity: the others modes are 1:0
        let r: Layout = tiled_divide_identity((2, 3), &[1]).unwrap();
        assert_eq!(
            r.to_string(),
            "(1, ((2, 3), 1, 1)):(0, ((1@0, 1@1), 2@0, 3@1))"
        );
        let r: Layout = flat_divide_identity(lay("4:2"), &[]).unwrap();
        assert_eq!(r.to_string(), "(4, 2, 1):(2, 1, 8)");
        // the methods
        assert_eq!(
            a.tiled_divide((3, 2)).unwrap(),
            tiled_divide(&a, (3, 2)).unwrap()
        );
        assert_eq!(
            a.flat_divide((3, 2)).unwrap(),
            flat_divide(&a, (3, 2)).unwrap()
        );
        assert_eq!(
            a.zipped_product((3, 2)).unwrap(),
            zipped_product(&a, (3, 2)).unwrap()
        );
        assert_eq!(
            a.tiled_product((3, 2)).unwrap(),
            tiled_product(&a, (3, 2)).unwrap()
        );
        assert_eq!(
            a.flat_product((3, 2)).unwrap(),
            flat_product(&a, (3, 2)).unwrap()
        );
    }

    #[test]
    fn test_through_a_tensor() {
        use crate::tensor::{identity_tensor, make_tensor};
        let t = identity_tensor(&"(8, 6)".parse().unwrap()).unwrap();
        let d = t.flat_divide((4, 3)).unwrap();
        assert_eq!(d.layout().to_string(), "(4, 3, 2, 2):(1@0, 1@1, 4@0, 3@1)");
        let c = "(3, 2, 1, 1)".parse().unwrap();
        assert_eq!(d.get(&c).unwrap().to_string(), "(7, 5)");
        // a divide that reaches outside the storage is refused
        let m = make_tensor::<f32>(&lay("(8, 6):(1, 8)")).unwrap();
        assert!(m.tiled_divide((16, 3)).is_err());
    }

    #[test]
    fn test_symbolic() {
        let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
        let ints = |v: [Sym; 2]| HTuple::from_leaves(v.map(Scalar::Int));
        let a = Layout::new(
            HTuple::from_leaves([m.clone(), n.clone()]),
            ints([Sym::from(1), m.clone()]),
        )
        .unwrap();
        assert_eq!(
            tiled_divide(&a, (128, 64)).unwrap().to_string(),
            "((128, 64), floor(M/128 + 127/128), floor(N/64 + 63/64)):((1, M), 128, 64*M)"
        );
        assert_eq!(
            flat_divide(&a, (128, 64)).unwrap().to_string(),
            "(128, 64, floor(M/128 + 127/128), floor(N/64 + 63/64)):(1, M, 128, 64*M)"
        );
        assert_eq!(
            flat_product(&a, (2,)).unwrap().to_string(),
            "((M,), 2, N):((1,), M, M)"
        );
        // the complement of N:M, whose copies mode 1 holds, starts with
        // the gap 1 to M if M > 1, which the symbol's assumptions leave open
        let e = flat_product(&a, (2, 2)).unwrap_err();
        assert_eq!(e.to_string(), "flat_product: cannot decide whether M > 1");
    }

    /// The top-level modes a regrouping unpacks `part` into.
    fn unpacked(part: Layout) -> Vec<Layout> {
        if part.is_tuple() && part.rank() != 1 {
            part.modes().collect()
        } else {
            vec![part]
        }
    }

    /// `(z0, z1_0, z1_1, ...)` or `(z0_0, ..., z1_0, ...)` for a pair `z`.
    fn regrouped(z: &Layout, flat: bool) -> Layout {
        let (tile, rest) = (z.mode(0).unwrap(), z.mode(1).unwrap());
        let mut modes = if flat { unpacked(tile) } else { vec![tile] };
        modes.extend(unpacked(rest));
        make_layout(&modes)
    }

    /// `x` and `y` are the same function of the index, of the same size.
    fn same_function(x: &Layout, y: &Layout) -> std::result::Result<(), TestCaseError> {
        prop_assert_eq!(kit::size(x), kit::size(y), "{} and {}", x, y);
        for i in kit::sample(kit::size(x)) {
            prop_assert_eq!(kit::eval(x, i), kit::eval(y, i), "{} and {} at {}", x, y, i);
        }
        Ok(())
    }

    /// A tiler entry for one mode: an integer, a layout of one leaf (a
    /// stride of 0 now and then), `None`, or a tuple of these.
    fn entry() -> BoxedStrategy<Tiler> {
        let leaf = prop_oneof![
            3 => (1_i64..=4).prop_map(Tiler::Int),
            2 => (1_i64..=4, 0_i64..=3).prop_map(|(s, d)| Tiler::Layout(kit::leaf(s, Scalar::Int(d)))),
            1 => Just(Tiler::None),
        ];
        prop_oneof![
            3 => leaf.clone(),
            1 => prop::collection::vec(leaf, 1..=2).prop_map(Tiler::Tuple),
        ]
        .boxed()
    }

    /// [`entry`] with extents and nonzero strides powers of two: such
    /// entries divide a mode of powers of two without a partial tile.
    fn pow2_entry() -> BoxedStrategy<Tiler> {
        let p = |k: u32| 1_i64 << k;
        let leaf = prop_oneof![
            3 => (0_u32..=2).prop_map(move |k| Tiler::Int(p(k))),
            2 => (0_u32..=2, 0_u32..=3).prop_map(move |(s, d)| {
                Tiler::Layout(kit::leaf(p(s), Scalar::Int(if d == 3 { 0 } else { p(d) })))
            }),
            1 => Just(Tiler::None),
        ];
        prop_oneof![
            3 => leaf.clone(),
            1 => prop::collection::vec(leaf, 1..=2).prop_map(Tiler::Tuple),
        ]
        .boxed()
    }

    /// A tiler: mostly a tuple of entries, else an integer or a layout.
    fn tiler_strategy() -> BoxedStrategy<Tiler> {
        prop_oneof![
            1 => (1_i64..=8).prop_map(Tiler::Int),
            1 => kit::chained_layout(true).prop_map(Tiler::Layout),
            4 => prop::collection::vec(entry(), 1..=3).prop_map(Tiler::Tuple),
        ]
        .boxed()
    }

    /// The tile and the copies of the mode `a` of A multiplied by the
    /// entry `t`, from the logical products of its leaf entries: `(A_i,
    /// logical_product(A_i, t)[1])`, `(A_i, 1:0)` for `None`, zipped in
    /// the nesting of a tuple.
    fn product_parts(a: &Layout, t: &Tiler) -> Result<(Layout, Layout)> {
        match t {
            Tiler::None => Ok((a.clone(), Layout::leaf(1, Scalar::Int(0)))),
            Tiler::Tuple(ts) => {
                let modes: Vec<Layout> = a.modes().collect();
                if ts.len() > modes.len() {
                    return Err(Error::value("test", "a tiler longer than its mode"));
                }
                let (mut tiles, mut copies) = (Vec::new(), Vec::new());
                for (i, m) in modes.into_iter().enumerate() {
                    match ts.get(i) {
                        Some(ti) => {
                            let (x, y) = product_parts(&m, ti)?;
                            tiles.push(x);
                            copies.push(y);
                        }
                        None => copies.push(m),
                    }
                }
                Ok((make_layout(&tiles), make_layout(&copies)))
            }
            t => Ok((a.clone(), logical_product(a, t)?.mode(1)?)),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// The tiled and flat divides are the zipped divide regrouped: the
        /// same function, the rest (and for the flat divide the tile)
        /// unpacked; the flat divide is the tiled divide with its mode 0
        /// unpacked; an error is the zipped divide's.
        #[test]
        fn prop_divides_regroup_the_zipped_divide(a in kit::layout(), t in tiler_strategy()) {
            let (td, fd) = (tiled_divide(&a, &t), flat_divide(&a, &t));
            match zipped_divide(&a, &t) {
                Ok(z) => {
                    let (td, fd) = (td.unwrap(), fd.unwrap());
                    same_function(&z, &td)?;
                    same_function(&z, &fd)?;
                    prop_assert_eq!(&td, &regrouped(&z, false));
                    prop_assert_eq!(&fd, &regrouped(&z, true));
                    // the flat divide is the tiled divide, its mode 0 unpacked
                    let mut modes = unpacked(td.mode(0).unwrap());
                    modes.extend(td.modes().skip(1));
                    prop_assert_eq!(&fd, &make_layout(&modes));
                }
                Err(e) => {
                    for r in [td, fd] {
                        let r = r.unwrap_err();
                        prop_assert_eq!(r.class(), e.class());
                        let (r, e) = (r.to_string(), e.to_string());
                        prop_assert_eq!(r.split_once(": ").unwrap().1, e.split_once(": ").unwrap().1);
                    }
                }
            }
        }

        /// The zipped product's parts are A's modes and the copies of each
        /// mode's logical product (`1:0` for `None`, the modes past the
        /// tiler among the copies); a tiler that is not a tuple gives the
        /// logical product. The tiled and flat products are the zipped
        /// product regrouped, the same function. An error is the logical
        /// product's.
        #[test]
        fn prop_products_zip_the_logical_product(a in kit::chained_layout(false), t in tiler_strategy()) {
            let zp = zipped_product(&a, &t);
            let (tp, fp) = (tiled_product(&a, &t), flat_product(&a, &t));
            match logical_product(&a, &t) {
                Ok(p) => {
                    let zp = zp.unwrap();
                    prop_assert_eq!(kit::size(&zp), kit::size(&p));
                    if let Tiler::Tuple(_) = t {
                        let (tiles, copies) = product_parts(&a, &t).unwrap();
                        prop_assert_eq!(&zp, &make_layout(&[tiles, copies]));
                    } else {
                        prop_assert_eq!(&zp, &p);
                    }
                    let (tp, fp) = (tp.unwrap(), fp.unwrap());
                    same_function(&zp, &tp)?;
                    same_function(&zp, &fp)?;
                    prop_assert_eq!(&tp, &regrouped(&zp, false));
                    prop_assert_eq!(&fp, &regrouped(&zp, true));
                }
                Err(e) => {
                    for r in [zp, tp, fp] {
                        prop_assert_eq!(r.unwrap_err().class(), e.class());
                    }
                }
            }
        }

        /// The by-mode divide zipped by its tiler, a `None` entry's mode in
        /// the rest, is the zipped divide: the same function, the same tile.
        /// (Where a tile does not divide its mode, the two rests differ: the
        /// by-mode divide's complement reaches the mode's shape by the
        /// hierarchical `ceil_div`, the zipped divide's its size.)
        #[test]
        fn prop_zip_of_the_by_mode_divide_is_the_zipped_divide(
            a in kit::pow2_layout(),
            t in prop::collection::vec(pow2_entry(), 1..=3),
        ) {
            let t = Tiler::Tuple(t);
            if let (Ok(d), Ok(z)) = (logical_divide(&a, &t), zipped_divide(&a, &t)) {
                let zipped = zip2_by(&d, &t, KeepIn::Rest).unwrap();
                same_function(&zipped, &z)?;
                prop_assert_eq!(zipped.mode(0).unwrap(), z.mode(0).unwrap());
            }
        }

        /// The mode-subscripted forms regroup the one mode they divide or
        /// multiply.
        #[test]
        fn prop_at_mode_is_the_regrouping_of_the_mode(a in kit::layout(), t in tiler_strategy(), k in 0_usize..4) {
            let modes: Vec<Layout> = a.modes().collect();
            let k = k % modes.len();
            type Op = fn(&Layout, &Tiler) -> Result<Layout>;
            type OpAt = fn(&Layout, &Tiler, &[usize]) -> Result<Layout>;
            let ops: [(Op, OpAt); 5] = [
                (|a, t| tiled_divide(a, t), |a, t, m| tiled_divide_at(a, t, m)),
                (|a, t| flat_divide(a, t), |a, t, m| flat_divide_at(a, t, m)),
                (|a, t| zipped_product(a, t), |a, t, m| zipped_product_at(a, t, m)),
                (|a, t| tiled_product(a, t), |a, t, m| tiled_product_at(a, t, m)),
                (|a, t| flat_product(a, t), |a, t, m| flat_product_at(a, t, m)),
            ];
            for (f, f_at) in ops {
                match (f(&modes[k], &t), f_at(&a, &t, &[k])) {
                    (Ok(m), Ok(r)) => {
                        let mut want = modes.clone();
                        want[k] = m;
                        prop_assert_eq!(r, make_layout(&want));
                    }
                    (Err(x), Err(y)) => prop_assert_eq!(x.class(), y.class()),
                    (x, y) => prop_assert!(false, "{:?} and {:?}", x, y),
                }
            }
        }
    }
}
