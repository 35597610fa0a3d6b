//! Divides: split a layout by a tile (Whitepaper, §3.4).
//!
//! The logical divide `A / B = A o (B, B*)` composes A with B followed by
//! B's complement up to A's size: mode 0 of the result is the elements B
//! selects (the tile), mode 1 the layout of the tiles (the grid).
//! [`zipped_divide`] first promotes a tuple of tilers to one coordinate
//! layout, so the tile modes and the grid modes gather into the two modes.

use cute_core::{Error, Result};

use super::complement::complement;
use super::composition::{compose_layouts, land_at};
use super::detail::{at_mode, by_mode, leaf, make_layout, modes_of, size_of, tiler_to_layout};
use crate::htuple::{HTuple, IntTuple};
use crate::layout::{Layout, Tiler};
use crate::typedefs::Scalar;

const OP: &str = "logical_divide";

/// True iff some stride of `b` is a (nonzero) coordinate.
fn has_coord_codomain(b: &Layout) -> bool {
    b.stride()
        .leaves()
        .any(|d| matches!(d, Scalar::Arith(t) if !t.is_zero()))
}

/// The extent B's complement must reach inside A: A's shape for an integer
/// codomain, the size of each of A's modes for a coordinate one.
fn extent_for(a: &Layout, b: &Layout) -> Result<IntTuple> {
    if has_coord_codomain(b) {
        let axes = b
            .stride()
            .leaves()
            .filter_map(|d| match d {
                Scalar::Arith(t) => t
                    .terms()
                    .iter()
                    .filter_map(|(_, p)| p.first().copied())
                    .max(),
                _ => None,
            })
            .max()
            .map_or(0, |m| m + 1);
        let modes = a.shape().modes();
        let mut out = Vec::with_capacity(axes.max(modes.len()));
        for i in 0..axes.max(modes.len()) {
            out.push(HTuple::Leaf(match modes.get(i) {
                Some(m) => size_of(OP, m)?,
                None => 1,
            }));
        }
        Ok(HTuple::Tuple(out))
    } else {
        Ok(a.shape().clone())
    }
}

/// `A o (B, complement(B, extent of A))` for a layout B.
pub(crate) fn divide_layouts(a: &Layout, b: &Layout) -> Result<Layout> {
    let e = extent_for(a, b)?;
    let tiler = make_layout(vec![b.clone(), complement(b, Some(&e))?]);
    compose_layouts(a, &tiler)
}

fn divide_tiler(a: &Layout, b: &Tiler) -> Result<Layout> {
    match b {
        Tiler::None => Ok(a.clone()),
        Tiler::Int(n) => divide_layouts(a, &leaf(*n, Scalar::Int(1))),
        Tiler::Layout(l) => divide_layouts(a, l),
        Tiler::Tuple(ts) => by_mode(OP, a, ts, divide_tiler),
    }
}

/// Splits layout A by the tile B: `A / B = A o (B, B*)`, with `B*` the
/// complement of B up to A's size (Whitepaper, §3.4).
///
/// Mode 0 of the result is the elements selected by B (the tile); mode 1 is
/// the layout of those tiles (the grid). B is a tiler: a layout, an integer
/// `n` (the layout `n:1`), a tuple of tilers divided by-mode (the remaining
/// modes of A unchanged), or `None`, which leaves A alone. An A of `None` is
/// the identity of unknown extents, so `A o (B, B*)` takes B's free
/// complement. A non-empty `mode` divides only that mode of A; for an A of
/// `None` it names where the result lands, and the modes it does not name
/// are `1:0`. (An integer or tuple A is promoted through `tiler_to_layout`
/// by the caller.)
///
/// # Pre-conditions
/// - B divides A (composition's divisibility conditions hold).
/// - `mode` names a mode of A: `rank[mode[:-1]](A) > mode[-1]`.
///
/// # Post-conditions
/// - `rank(get[mode](result)) == 2` when B is a layout
/// - `compatible(B, get[mode](result)[0])`
/// - `get[mode](result)[0] == composition(get[mode](A), B)`
///
/// # Errors
/// `ValueError` if a divisibility condition fails, B's strides overlap, a
/// by-mode B has more modes than A, or on overflow; `IndexError` if `mode`
/// names no mode of A; `TypeError` if A and B are both `None`.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::logical_divide;
/// use cute_dynamic::layout::{Layout, Tiler};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let t = |s: &str| Tiler::Layout(l(s));
/// assert_eq!(logical_divide(Some(&l("24:1")), &t("4:2"), &[]).unwrap(),
///            l("(4, (2, 3)):(2, (1, 8))"));
/// assert_eq!(logical_divide(Some(&l("(3, 8):(1, 3)")), &t("4:2"), &[1]).unwrap(),
///            l("(3, (4, 2)):(1, (6, 3))"));
/// assert_eq!(logical_divide(None, &t("4:2"), &[]).unwrap(), l("(4, (2, 1)):(2, (1, 8))"));
/// // 3:1 does not divide the first mode (4) of A
/// assert!(logical_divide(Some(&l("(4, 3):(3, 1)")), &t("3:1"), &[]).is_err());
/// ```
pub fn logical_divide(a: Option<&Layout>, b: &Tiler, mode: &[usize]) -> Result<Layout> {
    match a {
        Some(a) => at_mode(OP, a, mode, |m| divide_tiler(m, b)),
        None => {
            if let Tiler::None = b {
                return Err(Error::type_error(
                    OP,
                    "None / None: neither A nor B is a layout".to_string(),
                ));
            }
            let bl = tiler_to_layout(OP, b)?;
            let r = make_layout(vec![bl.clone(), complement(&bl, None)?]);
            Ok(land_at(mode, r))
        }
    }
}

/// The logical divide of A by the tiler B promoted to one layout first,
/// `logical_divide(A, tiler_to_layout(B))`: the result is `((tile...),
/// (rest...))` rather than the by-mode interleaving of a tuple B.
///
/// # Pre-conditions
/// As [`logical_divide`].
///
/// # Post-conditions
/// - `rank(get[mode](result)) == 2`
/// - `compatible(B, get[mode](result)[0])`
/// - `get[mode](result)[0] == composition(get[mode](A), B)`
///
/// # Errors
/// As [`logical_divide`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::zipped_divide;
/// use cute_dynamic::layout::{Layout, Tiler};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let t = |s: &str| Tiler::Layout(l(s));
/// let tiler = Tiler::Tuple(vec![t("3:3"), t("(2, 4):(1, 8)")]);
/// assert_eq!(zipped_divide(Some(&l("(9, 32):(1, 9)")), &tiler, &[]).unwrap(),
///            l("((3, (2, 4)), (3, 4)):((3, (9, 72)), (1, 18))"));
/// assert_eq!(zipped_divide(Some(&l("(5, 24):(1, 5)")), &t("4:2"), &[1]).unwrap(),
///            l("(5, (4, (2, 3))):(1, (10, (5, 40)))"));
/// assert!(zipped_divide(Some(&l("(4, 3):(3, 1)")), &t("3:1"), &[]).is_err());
/// ```
pub fn zipped_divide(a: Option<&Layout>, b: &Tiler, mode: &[usize]) -> Result<Layout> {
    let promoted = match b {
        Tiler::None => Tiler::None,
        b => Tiler::Layout(tiler_to_layout("zipped_divide", b)?),
    };
    logical_divide(a, &promoted, mode)
}

impl Layout {
    /// `self / b`: [`logical_divide`] by a layout B.
    ///
    /// # Errors
    /// As [`logical_divide`].
    pub fn logical_divide(&self, b: &Layout) -> Result<Layout> {
        divide_layouts(self, b)
    }

    /// `self x b`: [`super::logical_product`] with a layout B.
    ///
    /// # Errors
    /// As [`super::logical_product`].
    pub fn logical_product(&self, b: &Layout) -> Result<Layout> {
        super::product::product_layouts(self, b)
    }
}

#[allow(dead_code)]
fn grid_of(l: &Layout) -> Option<Layout> {
    modes_of(l).get(1).cloned()
}

#[cfg(test)]
mod tests {
    use super::super::detail::testing::{check, Arg};
    use super::*;

    fn opt(a: &Arg) -> Option<Layout> {
        match a {
            Arg::Layout(l) => Some(l.clone()),
            Arg::None => None,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn test_conformance_logical_divide() {
        check(&["logical_divide", "logical_divide_bymode"], |c| {
            logical_divide(opt(&c.args[0]).as_ref(), &c.args[1].tiler(), &c.mode)
        });
    }

    #[test]
    fn test_conformance_zipped_divide() {
        check(&["zipped_divide"], |c| {
            zipped_divide(opt(&c.args[0]).as_ref(), &c.args[1].tiler(), &c.mode)
        });
    }
}
