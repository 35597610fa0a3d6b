//! Products: reproduce a layout over a layout of tiles.
//!
//! The logical product `A x B = (A, A* o B)` places a copy of A at each
//! position of B, where `A*` is A's free complement: mode 0 of the result is
//! A, mode 1 walks the copies. [`blocked_product`] and [`raked_product`]
//! regroup the two modes rank by rank, so that each mode of the result is a
//! tile factor and a grid factor, in one order or the other.

use cute_core::{Error, Result};

use super::complement::{complement_int, complement_parts, int_input};
use super::composition::{compose_mode, compose_with, Lhs};
use super::detail::{
    at_mode, by_mode, leaf_tree, pair_tree, sized, tree_layout, IntModes, Parts, Tree,
};
use crate::htuple::HTuple;
use crate::layout::{Layout, Tiler};
use crate::typedefs::Scalar;

const OP: &str = "logical_product";

/// `A* o B`, with `A*` the free complement of A.
fn complement_then_compose(a: Parts<'_>, b: Parts<'_>) -> Result<Tree> {
    with_complement(a, |lhs| compose_with(lhs, b))
}

/// `f(A*)`, with `A*` the free complement of A as the A of a composition,
/// composed leaf by leaf: the specification places A at each position of B
/// for any B, overlapping ones included.
fn with_complement<R>(a: Parts<'_>, f: impl FnOnce(&mut Lhs<'_>) -> Result<R>) -> Result<R> {
    let mut m = IntModes::new();
    if int_input(a, &mut m) {
        // integer fast path: A* stays a stack list of coalesced modes and is
        // composed without becoming a layout
        let mut lhs = Lhs::int().leaf_by_leaf();
        complement_int(a, &m, None, lhs.int_modes())?;
        return f(&mut lhs);
    }
    let c = complement_parts(a, None)?;
    f(&mut Lhs::new(Parts::of(&c)).leaf_by_leaf())
}

/// `(A, A* o B)` for a layout B.
pub(crate) fn product_layouts(a: Parts<'_>, b: Parts<'_>) -> Result<Tree> {
    let rest = complement_then_compose(a, b)?;
    Ok(pair_tree(a.cloned(), rest))
}

fn product_tiler(a: Parts<'_>, b: &Tiler) -> Result<Tree> {
    match b {
        Tiler::None => Ok(a.cloned()),
        Tiler::Int(n) => {
            let (s, d) = leaf_tree(*n, Scalar::Int(1));
            product_layouts(a, Parts { s: &s, d: &d })
        }
        Tiler::Layout(l) => product_layouts(a, Parts::of(l)),
        Tiler::Tuple(ts) => by_mode(OP, a, ts, product_tiler),
    }
}

/// Reproduces layout A over the layout of tiles B: `A x B = (A, A* o B)`,
/// with `A*` the free complement of A.
///
/// B is a tiler: a layout, an integer `n` (the layout `n:1`), a tuple of
/// tilers applied by-mode (the remaining modes of A unchanged), or `None`,
/// which leaves A alone. A non-empty `mode` reproduces only that mode of A
/// over B and leaves every other mode unchanged. (An integer or tuple A is
/// promoted through `tiler_to_layout` by the caller.)
///
/// # Pre-conditions
/// A's strides are injective (its complement exists), and `A*` and B meet
/// composition's divisibility conditions.
///
/// # Post-conditions
/// - `rank(get[mode](result)) == 2` when B is a layout
/// - `size(result) == size(A) * size(B)` when B is a layout
/// - `get[mode](result)[0] == get[mode](A)`
/// - `compatible(B, get[mode](result)[1])`
///
/// # Errors
/// `ValueError` if A's strides overlap, a divisibility condition fails, a
/// by-mode B has more modes than A, or on overflow; `IndexError` if `mode`
/// names no mode of A.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::logical_product;
/// use cute_dynamic::layout::{Layout, Tiler};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let t = |s: &str| Tiler::Layout(l(s));
/// assert_eq!(logical_product(&l("(2, 2):(4, 1)"), &t("6:1"), &[]).unwrap(),
///            l("((2, 2), (2, 3)):((4, 1), (2, 8))"));
/// assert_eq!(logical_product(&l("3:1"), &t("4:1"), &[]).unwrap(), l("(3, 4):(1, 3)"));
/// assert_eq!(logical_product(&l("(3, 5):(1, 20)"), &t("4:1"), &[0]).unwrap(),
///            l("((3, 4), 5):((1, 3), 20)"));
/// // A's modes overlap, so A has no complement
/// assert!(logical_product(&l("(4, 3):(3, 2)"), &t("2:1"), &[]).is_err());
/// ```
pub fn logical_product(a: &Layout, b: &Tiler, mode: &[usize]) -> Result<Layout> {
    at_mode(OP, a, mode, |m| product_tiler(m, b)).and_then(|r| sized(OP, r))
}

/// The rank-matched product: `logical_product(A, B)` regrouped so that mode
/// `i` of the result is `(A[i], (A* o B)[i])`, `tile_first` deciding the
/// order.
fn zipped_product(op: &'static str, a: &Layout, b: &Layout, tile_first: bool) -> Result<Layout> {
    let (pa, pb) = (Parts::of(a), Parts::of(b));
    if pa.rank() != pb.rank() {
        return Err(Error::rank_mismatch(
            op,
            pa.rank(),
            pb.rank(),
            format!("{a:?} has rank {} and {b:?} rank {}", pa.rank(), pb.rank()),
        ));
    }
    let n = pa.rank();
    let mut shape = Vec::with_capacity(n);
    let mut stride = Vec::with_capacity(n);
    let mut push = |x: Tree, y: Tree| {
        let (s, d) = if tile_first {
            pair_tree(x, y)
        } else {
            pair_tree(y, x)
        };
        shape.push(s);
        stride.push(d);
    };
    if pb.s.is_tuple() {
        // mode i of `A* o B` is `A* o B_i`: each lands in the result directly
        with_complement(pa, |lhs| {
            for (x, bi) in pa.modes().zip(pb.modes()) {
                push(x.cloned(), compose_mode(lhs, pb, bi)?);
            }
            Ok(())
        })?;
    } else {
        // a leaf B is one mode, and so is `A* o B`, however it refines B (a
        // tuple there is that one mode split, not several modes); A has one
        // mode too, as B's rank is A's
        let rest = complement_then_compose(pa, pb)?;
        let x = pa.modes().next().expect("A has B's rank, 1");
        push(x.cloned(), rest);
    }
    Ok(tree_layout((HTuple::Tuple(shape), HTuple::Tuple(stride))))
}

/// Lays out copies of the tile A in a blocked arrangement over B: the
/// logical product, regrouped so that each mode is `(tile, grid)` and each
/// tile stays contiguous.
///
/// # Pre-conditions
/// `rank(A) == rank(B)`, and the pre-conditions of [`logical_product`].
///
/// # Post-conditions
/// `rank(result) == rank(A) == rank(B)`
///
/// # Errors
/// `ValueError` if the ranks differ, or as [`logical_product`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::blocked_product;
/// use cute_dynamic::layout::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(blocked_product(&l("(2, 5):(5, 1)"), &l("(3, 4):(1, 3)")).unwrap(),
///            l("((2, 3), (5, 4)):((5, 10), (1, 30))"));
/// assert!(blocked_product(&l("(2, 5):(5, 1)"), &l("3:1")).is_err());
/// ```
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    zipped_product("blocked_product", a, b, true).and_then(|r| sized("blocked_product", r))
}

/// Distributes copies of the tile A raked (cyclically interleaved) through
/// B: the logical product, regrouped so that each mode is `(grid, tile)`.
///
/// # Pre-conditions
/// `rank(A) == rank(B)`, and the pre-conditions of [`logical_product`].
///
/// # Post-conditions
/// `rank(result) == rank(A) == rank(B)`
///
/// # Errors
/// `ValueError` if the ranks differ, or as [`logical_product`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::raked_product;
/// use cute_dynamic::layout::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(raked_product(&l("(2, 5):(5, 1)"), &l("(3, 4):(1, 3)")).unwrap(),
///            l("((3, 2), (4, 5)):((10, 5), (30, 1))"));
/// assert!(raked_product(&l("(2, 5):(5, 1)"), &l("3:1")).is_err());
/// ```
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    zipped_product("raked_product", a, b, false).and_then(|r| sized("raked_product", r))
}

#[cfg(test)]
mod tests {
    use super::super::detail::testing::{self as kit, check};
    use super::*;

    #[test]
    fn test_conformance_logical_product() {
        check(&["logical_product", "logical_product_bymode"], |c| {
            logical_product(&c.layout(0), &c.tiler(1), &c.mode)
        });
    }

    #[test]
    fn test_conformance_blocked_raked() {
        check(&["blocked_product"], |c| {
            blocked_product(&c.layout(0), &c.layout(1))
        });
        check(&["raked_product"], |c| {
            raked_product(&c.layout(0), &c.layout(1))
        });
    }

    use super::super::detail::{get_mode, leaf, make_layout, modes_of, rank};
    use crate::shape::compatible;
    use proptest::prelude::*;

    /// `b` with exactly `r` top-level modes: truncated, or padded with `1:0`.
    fn with_rank(b: &Layout, r: usize) -> Layout {
        let mut m = modes_of(b);
        m.truncate(r);
        while m.len() < r {
            m.push(leaf(1, Scalar::Int(0)));
        }
        make_layout(m)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_logical_product_sizes(a in kit::chained_layout(true), b in kit::pow2_layout()) {
            let p = logical_product(&a, &Tiler::Layout(b.clone()), &[]).unwrap();
            prop_assert_eq!(rank(&p), 2);
            prop_assert_eq!(kit::size(&p), kit::size(&a) * kit::size(&b));
            prop_assert_eq!(get_mode("t", &p, &[0]).unwrap(), a.clone());
            prop_assert!(compatible(b.shape(), get_mode("t", &p, &[1]).unwrap().shape()));
        }

        #[test]
        fn prop_product_of_compact_tile_is_injective(a in kit::chained_layout(true), b in kit::chained_layout(true)) {
            // an injective tile repeated over a compact grid stays injective
            let b = kit::compact_of(&b);
            {
                let p = logical_product(&a, &Tiler::Layout(b.clone()), &[]).unwrap();
                let mut seen: Vec<i64> = (0..kit::size(&p)).map(|i| kit::at(&p, i)).collect();
                let n = seen.len();
                seen.sort_unstable();
                seen.dedup();
                prop_assert_eq!(seen.len(), n, "{:?} x {:?} = {:?}", a, b, p);
            }
        }

        #[test]
        fn prop_blocked_raked_ranks(a in kit::chained_layout(true), b in kit::pow2_layout()) {
            let b = with_rank(&b, rank(&a));
            let bl = blocked_product(&a, &b).unwrap();
            let rk = raked_product(&a, &b).unwrap();
            prop_assert_eq!(rank(&bl), rank(&a));
            prop_assert_eq!(rank(&rk), rank(&b));
            prop_assert_eq!(kit::size(&bl), kit::size(&a) * kit::size(&b));
            prop_assert_eq!(kit::size(&rk), kit::size(&a) * kit::size(&b));
            for (i, am) in modes_of(&a).into_iter().enumerate() {
                prop_assert_eq!(get_mode("t", &bl, &[i, 0]).unwrap(), am.clone());
                prop_assert_eq!(get_mode("t", &rk, &[i, 1]).unwrap(), am);
            }
        }
    }

    #[test]
    fn test_products_with_a_leaf_b() {
        // A* o B refines a leaf B into a tuple: that tuple is B's one mode,
        // not several modes (which zipping with A's modes would drop)
        let l = |s: &str| -> Layout { s.parse().unwrap() };
        let r = raked_product(&l("2:10"), &l("4:5")).unwrap();
        assert_eq!(r, l("(((2, 2), 2),):(((5, 20), 10),)"));
        assert_eq!(kit::size(&r), 8);
        let b = blocked_product(&l("(5,):(21,)"), &l("6:7")).unwrap();
        assert_eq!(b, l("((5, (3, 2)),):((21, (7, 105)),)"));
        assert_eq!(kit::size(&b), 30);
        assert_eq!(
            blocked_product(&l("3:1"), &l("4:1")).unwrap(),
            l("((3, 4),):((1, 3),)")
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_blocked_raked_of_rank_one(a in kit::chained_layout(true), s in 1_i64..9, d in 1_i64..9) {
            // A of rank 1 (its first mode), B a leaf: the sizes multiply
            let a0 = modes_of(&a).swap_remove(0);
            let b = leaf(s, Scalar::Int(d));
            for r in [blocked_product(&a0, &b), raked_product(&a0, &b)].into_iter().flatten() {
                prop_assert_eq!(rank(&r), 1);
                prop_assert_eq!(kit::size(&r), kit::size(&a0) * s, "{:?} with {:?}", a0, b);
            }
        }
    }

    #[test]
    fn test_product_errors() {
        let a: Layout = "(3, 4):(28, 17)".parse().unwrap();
        let b: Layout = "(3, 3):(16, 6)".parse().unwrap();
        for e in [
            blocked_product(&a, &b).unwrap_err(),
            raked_product(&a, &b).unwrap_err(),
            logical_product(&a, &Tiler::Layout(b.clone()), &[]).unwrap_err(),
        ] {
            assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
            assert!(e.to_string().contains("Layout((3, 4), (28, 17))"), "{e}");
        }
        let c: Layout = "(2, 5):(5, 1)".parse().unwrap();
        let e = blocked_product(&c, &"3:1".parse().unwrap()).unwrap_err();
        assert!(
            matches!(
                e,
                Error::RankMismatch {
                    op: "blocked_product",
                    ..
                }
            ),
            "{e}"
        );
        let e = logical_product(&c, &Tiler::Int(2), &[0, 1]).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
    }
}
