//! Divides: split a layout by a tile.
//!
//! The logical divide `A / B = A o (B, B*)` composes A with B followed by
//! B's complement up to A's size: mode 0 of the result is the elements B
//! selects (the tile), mode 1 the layout of the tiles (the grid).
//! [`zipped_divide`] first promotes a tuple of tilers to one coordinate
//! layout, so the tile modes and the grid modes gather into the two modes.

use cute_core::{Error, Result};

use super::complement::{complement, complement_int, complement_parts, int_input};
use super::composition::{compose_flat, compose_with, land_at, Lhs};
use super::detail::{
    any_leaf, at_mode, by_mode, identity_of_tiler, leaf_tree, pair, pair_tree, size_of, sized,
    tiler_to_layout, tree_layout, IntModes, Parts, Tree,
};
use crate::htuple::{HTuple, IntTuple};
use crate::layout::{Layout, Tiler};
use crate::typedefs::Scalar;

const OP: &str = "logical_divide";

/// True iff some stride of `b` is a coordinate (zero included: `1:0@i`
/// still names axis `i`).
fn has_coord_codomain(b: Parts<'_>) -> bool {
    any_leaf(b.d, &|d| matches!(d, Scalar::Arith(_)))
}

/// The paths of A that a coordinate B divides: the paths of the nonzero
/// terms of B's coordinate strides (a zero stride selects nothing and divides
/// nothing).
fn divided_paths(b: Parts<'_>) -> Vec<Vec<usize>> {
    let mut paths: Vec<Vec<usize>> = Vec::new();
    for d in b.d.leaves() {
        if let Scalar::Arith(t) = d {
            for (_, p) in t.terms() {
                if !paths.contains(&p) {
                    paths.push(p);
                }
            }
        }
    }
    paths
}

/// The extent B's complement must reach inside A: A's shape for an integer
/// codomain. For a coordinate codomain, A's shape with each mode that B
/// divides replaced by its size: the complement then covers a divided mode
/// as one axis, so the rest of that mode is the mode coalesced, and it leaves
/// every mode B does not divide with its nesting and its extent-1 leaves, so
/// the rest of that mode is the mode itself. (An integer-shaped A is the
/// 1-tuple it denotes.)
fn extent_for(a: Parts<'_>, b: Parts<'_>) -> Result<IntTuple> {
    if !has_coord_codomain(b) {
        return Ok(a.s.clone());
    }
    fn collapse(s: &IntTuple, path: &mut Vec<usize>, paths: &[Vec<usize>]) -> Result<IntTuple> {
        if paths.iter().any(|p| p == path) {
            return Ok(HTuple::Leaf(size_of(OP, s)?));
        }
        match s {
            HTuple::Tuple(c) if paths.iter().any(|p| p.starts_with(path)) => {
                let mut out = Vec::with_capacity(c.len());
                for (i, x) in c.iter().enumerate() {
                    path.push(i);
                    let r = collapse(x, path, paths);
                    path.pop();
                    out.push(r?);
                }
                Ok(HTuple::Tuple(out))
            }
            s => Ok(s.clone()),
        }
    }
    let paths = divided_paths(b);
    let wrapped;
    let s = match a.s {
        HTuple::Leaf(_) => {
            wrapped = HTuple::Tuple(vec![a.s.clone()]);
            &wrapped
        }
        s => s,
    };
    collapse(s, &mut Vec::new(), &paths)
}

/// `A o (B, complement(B, extent of A))` for a layout B.
pub(crate) fn divide_layouts(a: Parts<'_>, b: Parts<'_>) -> Result<Tree> {
    let mut lhs = Lhs::new(a);
    let (mut m, mut rest) = (IntModes::new(), IntModes::new());
    if int_input(b, &mut m) {
        // integer fast path: B's codomain is A's shape, and B* stays a stack
        // list of modes composed with A without becoming a layout
        complement_int(b, &m, Some(a.s), &mut rest)?;
        let tile = compose_with(&mut lhs, b)?;
        return Ok(pair_tree(tile, compose_flat(&mut lhs, &rest)?));
    }
    let e = extent_for(a, b)?;
    let rest = complement_parts(b, Some(&e))?;
    // A o (B, B*) == (A o B, A o B*)
    let tile = compose_with(&mut lhs, b)?;
    Ok(pair_tree(tile, compose_with(&mut lhs, Parts::of(&rest))?))
}

fn divide_tiler(a: Parts<'_>, b: &Tiler) -> Result<Tree> {
    match b {
        Tiler::None => Ok(a.cloned()),
        Tiler::Int(n) => {
            let (s, d) = leaf_tree(*n, Scalar::Int(1));
            divide_layouts(a, Parts { s: &s, d: &d })
        }
        Tiler::Layout(l) => divide_layouts(a, Parts::of(l)),
        Tiler::Tuple(ts) => by_mode(OP, a, ts, divide_tiler),
    }
}

/// Splits layout A by the tile B: `A / B = A o (B, B*)`, with `B*` the
/// complement of B up to A's size.
///
/// Mode 0 of the result is the elements selected by B (the tile); mode 1 is
/// the layout of those tiles (the grid). B is a tiler: a layout, an integer
/// `n` (the layout `n:1`), a tuple of tilers divided by-mode (the remaining
/// modes of A unchanged), or `None`, which leaves A alone. An A of `None` is
/// the identity layout of B's domain, of unknown extents, whose mode `i` has
/// stride `E(i)`: `A o (B, B*)` is `(B, B*)` with B promoted as in
/// [`super::composition`] (a `None` mode of a tuple B is `1:E(i)`) and `B*`
/// its free complement, in coordinates too (`3@0` past a tile `3:1@0`). A
/// non-empty `mode` divides only that mode of A; for an A of
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
        Some(a) => at_mode(OP, a, mode, |m| divide_tiler(m, b)).and_then(|r| sized(OP, r)),
        None => {
            if let Tiler::None = b {
                return Err(Error::type_error(
                    OP,
                    "None / None: neither A nor B is a layout".to_string(),
                ));
            }
            let bl = identity_of_tiler(OP, b)?;
            let rest = complement(&bl, None)?;
            let r = pair(bl, rest);
            land_at(mode, r)
        }
    }
}

/// The logical divide of A by the tiler B promoted to one layout first,
/// `logical_divide(A, tiler_to_layout(B))`: the result is `((tile...),
/// (rest...))` rather than the by-mode interleaving of a tuple B.
///
/// The rest of a mode that B divides is what is left of that mode,
/// coalesced; a mode B does not divide (missing from a tuple B, `None`, or a
/// tiler with no nonzero stride) is its own rest, as it is: its nesting and
/// its extent-1 leaves are kept, as [`logical_divide`] keeps them. A nested
/// tuple B divides the sub-modes it names and zips them in their nesting.
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
/// // the undivided mode 1 is kept as it is
/// assert_eq!(zipped_divide(Some(&l("(4, (3, 1)):(1, (4, 9))")), &Tiler::Tuple(vec![t("2:1")]), &[])
///                .unwrap(),
///            l("((2,), (2, (3, 1))):((1,), (2, (4, 9)))"));
/// assert!(zipped_divide(Some(&l("(4, 3):(3, 1)")), &t("3:1"), &[]).is_err());
/// ```
pub fn zipped_divide(a: Option<&Layout>, b: &Tiler, mode: &[usize]) -> Result<Layout> {
    if let (Some(a), Tiler::Tuple(ts)) = (a, b) {
        // (an empty tuple is the empty layout: no codomain axis to zip)
        if !ts.is_empty() && ts.iter().all(is_int_tiler) && ts.len() <= a.shape().rank() {
            return at_mode(OP, a, mode, |m| zipped_by_mode(m, ts)).and_then(|r| sized(OP, r));
        }
    }
    let promoted = match (a, b) {
        (_, Tiler::None) => Tiler::None,
        (None, b) => Tiler::Layout(identity_of_tiler("zipped_divide", b)?),
        (Some(_), b) => Tiler::Layout(tiler_to_layout("zipped_divide", b)?),
    };
    logical_divide(a, &promoted, mode)
}

/// True iff `t` is `None`, an integer, or a layout with integer strides.
fn is_int_tiler(t: &Tiler) -> bool {
    match t {
        Tiler::None | Tiler::Int(_) => true,
        Tiler::Layout(l) => !any_leaf(l.stride(), &|d| !matches!(d, Scalar::Int(_))),
        Tiler::Tuple(_) => false,
    }
}

/// `zipped_divide(A, (T0, T1, ...))` for flat integer tilers, without the
/// coordinate layout: the promoted tiler puts `Ti` on axis `i`, so its tile
/// mode is `(A0 o T0, A1 o T1, ...)` and its rest mode `(A0 o T0*, A1 o T1*,
/// ...)`, each `Ti*` the complement of `Ti` up to `size(Ai)`. A mode that
/// `Ti` does not divide (`Ti` missing, `None`, or with no nonzero stride) is
/// its own rest, as it is: nesting and extent-1 leaves kept.
fn zipped_by_mode(a: Parts<'_>, ts: &[Tiler]) -> Result<Tree> {
    let n_modes = a.rank();
    let (mut tile_s, mut tile_d) = (Vec::with_capacity(ts.len()), Vec::with_capacity(ts.len()));
    let (mut rest_s, mut rest_d) = (Vec::with_capacity(n_modes), Vec::with_capacity(n_modes));
    let (mut m, mut rest) = (IntModes::new(), IntModes::new());
    for (i, ai) in a.modes().enumerate() {
        let mut lhs = Lhs::new(ai);
        let int_tile;
        let ti = match ts.get(i) {
            None | Some(Tiler::None) => None,
            Some(Tiler::Int(k)) => {
                int_tile = leaf_tree(*k, Scalar::Int(1));
                Some(Parts {
                    s: &int_tile.0,
                    d: &int_tile.1,
                })
            }
            Some(Tiler::Layout(l)) => Some(Parts::of(l)),
            Some(Tiler::Tuple(_)) => unreachable!("checked by is_int_tiler"),
        };
        let (tile, rest) = match ti {
            Some(ti) if !any_leaf(ti.d, &|d| !d.is_zero()) => {
                (Some(compose_with(&mut lhs, ti)?), ai.cloned())
            }
            Some(ti) => {
                let extent = HTuple::Leaf(size_of(OP, ai.s)?);
                if int_input(ti, &mut m) {
                    // integer fast path: Ti* stays on the stack
                    complement_int(ti, &m, Some(&extent), &mut rest)?;
                    let t = compose_with(&mut lhs, ti)?;
                    (Some(t), compose_flat(&mut lhs, &rest)?)
                } else {
                    let rest = complement_parts(ti, Some(&extent))?;
                    let t = compose_with(&mut lhs, ti)?;
                    (Some(t), compose_with(&mut lhs, Parts::of(&rest))?)
                }
            }
            None => {
                // an undivided mode: no tile (1:0 for a None), and the rest is
                // the mode itself, nesting and extent-1 leaves included
                let t = (i < ts.len()).then(|| leaf_tree(1, Scalar::Int(0)));
                (t, ai.cloned())
            }
        };
        if let Some((s, d)) = tile {
            tile_s.push(s);
            tile_d.push(d);
        }
        let (s, d) = rest;
        rest_s.push(s);
        rest_d.push(d);
    }
    Ok((
        HTuple::Tuple(vec![HTuple::Tuple(tile_s), HTuple::Tuple(rest_s)]),
        HTuple::Tuple(vec![HTuple::Tuple(tile_d), HTuple::Tuple(rest_d)]),
    ))
}

impl Layout {
    /// `self / b`: [`logical_divide`] by a layout B.
    ///
    /// # Errors
    /// As [`logical_divide`].
    pub fn logical_divide(&self, b: &Layout) -> Result<Layout> {
        divide_layouts(Parts::of(self), Parts::of(b)).and_then(|r| sized(OP, tree_layout(r)))
    }

    /// `self x b`: [`super::logical_product`] with a layout B.
    ///
    /// # Errors
    /// As [`super::logical_product`].
    pub fn logical_product(&self, b: &Layout) -> Result<Layout> {
        super::product::product_layouts(Parts::of(self), Parts::of(b))
            .and_then(|r| sized("logical_product", tree_layout(r)))
    }
}

#[cfg(test)]
mod tests {
    use super::super::detail::testing::{self as kit, check};
    use super::*;

    #[test]
    fn test_conformance_logical_divide() {
        check(&["logical_divide", "logical_divide_bymode"], |c| {
            logical_divide(c.layout_or_none(0).as_ref(), &c.tiler(1), &c.mode)
        });
    }

    #[test]
    fn test_conformance_zipped_divide() {
        check(&["zipped_divide"], |c| {
            zipped_divide(c.layout_or_none(0).as_ref(), &c.tiler(1), &c.mode)
        });
    }

    use super::super::composition::composition;
    use super::super::detail::{get_mode, rank};
    use crate::shape::compatible;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_logical_divide_tile_is_composition(a in kit::pow2_layout(), b in kit::chained_layout(true)) {
            let d = logical_divide(Some(&a), &Tiler::Layout(b.clone()), &[]).unwrap();
            prop_assert_eq!(rank(&d), 2);
            let tile = get_mode("t", &d, &[0]).unwrap();
            prop_assert!(compatible(b.shape(), tile.shape()));
            prop_assert_eq!(tile, composition(Some(&a), &Tiler::Layout(b.clone()), &[]).unwrap());
        }

        #[test]
        fn prop_divide_compact_by_tile_is_permutation(a in kit::chained_layout(true), b in kit::chained_layout(true)) {
            // a compact A divided by an injective tile that fits: the divide
            // reorders A's elements, and covers at least all of them
            let a = kit::compact_of(&a);
            prop_assume!(kit::max_value(&b) < kit::size(&a));
            let d = logical_divide(Some(&a), &Tiler::Layout(b.clone()), &[]).unwrap();
            prop_assert!(kit::size(&d) >= kit::size(&a));
            let n = kit::size(&a);
            let mut seen: Vec<i64> = (0..kit::size(&d)).map(|i| kit::at(&d, i)).filter(|&x| x < n).collect();
            seen.sort_unstable();
            seen.dedup();
            prop_assert_eq!(seen, (0..n).collect::<Vec<_>>());
        }

        #[test]
        fn prop_zipped_divide_modes(a in kit::pow2_layout(), b in kit::pow2_layout()) {
            // a tuple of tilers, one per mode of A: the tile mode of zipped_divide
            // is the by-mode composition
            let tiler = Tiler::Tuple(
                super::super::detail::modes_of(&a)
                    .iter()
                    .map(|m| Tiler::Int(kit::size(m).min(kit::size(&b))))
                    .collect(),
            );
            let z = zipped_divide(Some(&a), &tiler, &[]).unwrap();
            prop_assert_eq!(rank(&z), 2);
            let by_mode = composition(Some(&a), &tiler, &[]).unwrap();
            let tile = get_mode("t", &z, &[0]).unwrap();
            prop_assert_eq!(tile.shape(), by_mode.shape());
            for i in 0..kit::size(&tile) {
                prop_assert_eq!(kit::at(&tile, i), kit::at(&by_mode, i));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_zipped_fast_path_is_promoted_divide(a in kit::layout(), b in kit::layout(), k in 0_usize..4) {
            // the by-mode shortcut agrees with dividing by the promoted tiler
            let mut ts: Vec<Tiler> = super::super::detail::modes_of(&b).into_iter().map(Tiler::Layout).collect();
            ts.truncate(a.shape().rank());
            if k < ts.len() {
                ts[k] = Tiler::None;
            }
            let t = Tiler::Tuple(ts);
            let fast = zipped_divide(Some(&a), &t, &[]);
            let slow = tiler_to_layout("t", &t).and_then(|p| logical_divide(Some(&a), &Tiler::Layout(p), &[]));
            match (fast, slow) {
                (Ok(x), Ok(y)) => prop_assert_eq!(x, y),
                (Err(x), Err(y)) => prop_assert_eq!(x.class(), y.class()),
                (x, y) => prop_assert!(false, "{:?} vs {:?}", x, y),
            }
        }
    }

    fn lay(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn test_zipped_divide_keeps_undivided_modes() {
        let tl = |s: &str| Tiler::Layout(lay(s));
        let z =
            |a: &str, t: Vec<Tiler>| zipped_divide(Some(&lay(a)), &Tiler::Tuple(t), &[]).unwrap();
        // a mode the tiler does not reach is its own rest, nesting and
        // extent-1 leaves kept
        assert_eq!(
            z("(4, (3, 1)):(1, (4, 9))", vec![tl("2:1")]),
            lay("((2,), (2, (3, 1))):((1,), (2, (4, 9)))")
        );
        assert_eq!(
            z("(4, (8, 4)):(1, (24, 192))", vec![tl("2:1")]),
            lay("((2,), (2, (8, 4))):((1,), (2, (24, 192)))")
        );
        // a None entry: tile 1:0, the mode itself as the rest
        assert_eq!(
            z("(4, (3, 1)):(1, (4, 9))", vec![Tiler::None, Tiler::Int(3)]),
            lay("((1, 3), (4, 1)):((0, 4), (1, 9))")
        );
        // a divided mode's rest is the mode coalesced
        assert_eq!(
            z(
                "(4, (8, 4)):(1, (24, 192))",
                vec![Tiler::Int(2), Tiler::Int(4)]
            ),
            lay("((2, 4), (2, 8)):((1, 24), (2, 96))")
        );
        // a nested tiler divides the sub-modes it names, and zips them in
        // their nesting
        let nested = vec![
            Tiler::Tuple(vec![Tiler::Int(2), Tiler::Int(3)]),
            Tiler::Int(4),
        ];
        assert_eq!(
            z("((4, 6), 8):((1, 4), 24)", nested.clone()),
            lay("(((2, 3), 4), ((2, 2), 2)):(((1, 4), 24), ((2, 12), 96))")
        );
        let promoted = tiler_to_layout("t", &Tiler::Tuple(nested)).unwrap();
        assert_eq!(
            logical_divide(
                Some(&lay("((4, 6), 8):((1, 4), 24)")),
                &Tiler::Layout(promoted),
                &[]
            )
            .unwrap(),
            lay("(((2, 3), 4), ((2, 2), 2)):(((1, 4), 24), ((2, 12), 96))")
        );
        // a tiler without a nonzero stride selects one point and divides
        // nothing: the fast path and the promoted divide agree
        let t = Tiler::Tuple(vec![tl("2:0"), Tiler::Int(2)]);
        let a = lay("((2, 3), 4):((1, 2), 6)");
        let fast = zipped_divide(Some(&a), &t, &[]).unwrap();
        assert_eq!(fast, lay("((2, 2), ((2, 3), 2)):((0, 6), ((1, 2), 12))"));
        let promoted = tiler_to_layout("t", &t).unwrap();
        assert_eq!(
            logical_divide(Some(&a), &Tiler::Layout(promoted), &[]).unwrap(),
            fast
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_zipped_rest_keeps_the_modes_it_does_not_divide(
            a in kit::layout(),
            k in 1_usize..4,
            none in 0_usize..4,
        ) {
            // a tiler of the first k modes, entry `none` a None: every other
            // mode of A is its own rest, exactly as it is
            let modes = super::super::detail::modes_of(&a);
            let k = k.min(modes.len());
            let ts: Vec<Tiler> = (0..k)
                .map(|i| if i == none { Tiler::None } else { Tiler::Int(1) })
                .collect();
            let z = zipped_divide(Some(&a), &Tiler::Tuple(ts.clone()), &[]).unwrap();
            prop_assert_eq!(rank(&z), 2);
            let rest = get_mode("t", &z, &[1]).unwrap();
            for (i, m) in modes.iter().enumerate() {
                if i >= k || i == none {
                    prop_assert_eq!(&get_mode("t", &rest, &[i]).unwrap(), m);
                }
            }
            // the promoted tiler divides the same way
            let p = tiler_to_layout("t", &Tiler::Tuple(ts)).unwrap();
            prop_assert_eq!(logical_divide(Some(&a), &Tiler::Layout(p), &[]).unwrap(), z);
        }
    }

    #[test]
    fn test_divide_none_is_the_identity_of_the_tilers_domain() {
        let t = Tiler::Tuple(vec![Tiler::Int(4), Tiler::None]);
        // a None mode is that mode of the identity, 1:E(1), not 1:0
        assert_eq!(
            composition(None, &t, &[]).unwrap().to_string(),
            "(4, 1):(1@0, 1@1)"
        );
        let d = logical_divide(None, &t, &[]).unwrap();
        assert_eq!(d.to_string(), "((4, 1), (1, 1)):((1@0, 1@1), (4@0, 1@1))");
        assert_eq!(zipped_divide(None, &t, &[]).unwrap(), d);
        // the rest is a free complement in coordinates: scaled basis strides
        let t = Tiler::Tuple(vec![Tiler::Int(3), Tiler::Int(4)]);
        assert_eq!(
            logical_divide(None, &t, &[]).unwrap().to_string(),
            "((3, 4), (1, 1)):((1@0, 1@1), (3@0, 4@1))"
        );
        // an integer tiler: the identity of the integers
        assert_eq!(
            logical_divide(None, &Tiler::Layout(lay("4:2")), &[]).unwrap(),
            lay("(4, (2, 1)):(2, (1, 8))")
        );
        // the tile is the composition with the identity, and the whole is
        // the divide of a concrete identity layout large enough to hold it
        let t = Tiler::Tuple(vec![Tiler::Layout(lay("4:2")), Tiler::Int(3)]);
        let d = logical_divide(None, &t, &[]).unwrap();
        assert_eq!(
            get_mode("t", &d, &[0]).unwrap(),
            composition(None, &t, &[]).unwrap()
        );
        let ident = lay("(8, 3):(1@0, 1@1)");
        let concrete = logical_divide(
            Some(&ident),
            &Tiler::Layout(tiler_to_layout("t", &t).unwrap()),
            &[],
        )
        .unwrap();
        for i in 0..kit::size(&concrete) {
            assert_eq!(kit::eval(&d, i), kit::eval(&concrete, i), "at {i}");
        }
    }

    #[test]
    fn test_divide_errors() {
        let a: Layout = "(4, 3):(3, 1)".parse().unwrap();
        let e = logical_divide(Some(&a), &Tiler::Int(3), &[]).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Divisibility {
                    op: "composition",
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("Layout((4, 3), (3, 1))"), "{e}");
        let e = zipped_divide(Some(&a), &Tiler::Int(2), &[4]).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
        let e = logical_divide(None, &Tiler::None, &[]).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::TypeError);
        // None divided at a mode: the other modes are 1:0
        let b: Layout = "4:2".parse().unwrap();
        let r = logical_divide(None, &Tiler::Layout(b), &[1]).unwrap();
        assert_eq!(
            format!("{r:?}"),
            "Layout((1, (4, (2, 1))), (0, (2, (1, 8))))"
        );
    }
}
