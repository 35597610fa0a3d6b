//! CuTe C++'s `zip2_by`: a layout whose modes are pairs, zipped as a guide
//! says into the pair `(firsts, seconds)`.

use cute_core::{DynInt, Error, Result};

use crate::layout::{mode_path, Layout, TilerArg, TilerRef, View};
use crate::typedefs::Scalar;

const ZIP2_BY: &str = "zip2_by";

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
pub(super) fn zip_into<I: DynInt>(
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
