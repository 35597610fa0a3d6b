//! Products: reproduce a layout over a layout of tiles.
//!
//! The logical product `A x B = (A, A* o B)` places a copy of A at each
//! position of B, where `A*` is A's free complement: mode 0 of the result is
//! A, mode 1 walks the copies. [`blocked_product`] and [`raked_product`]
//! regroup the two modes rank by rank, so that each mode of the result is a
//! tile factor and a grid factor, in one order or the other.

use cute_core::{DynInt, Error, Result};

use super::complement::{complement_into, complement_ints_modes, Cotarget};
use super::composition::{compose_ints_flat, compose_with, framed, Lhs};
use super::flat::Ints;
use crate::layout::{by_mode, by_tiler, Layout, Scratch, TilerArg, TilerRef, View};
use crate::typedefs::Scalar;

const OP: &str = "logical_product";

/// Appends `(A, A* o B)` for a layout B. `A*`, the free complement of A, is
/// composed with B leaf by leaf: the specification places A at each
/// position of B for any B, overlapping ones included.
///
/// A divisibility error names A, B and `A* = complement(A)` as computed,
/// and the leaf of B that fails with the condition; an error of
/// overlapping strides names A, which has no complement.
fn product_layouts<I: DynInt>(a: View<'_, I>, b: View<'_, I>, out: &mut Layout<I>) -> Result<()> {
    if product_ints(a, b, out) {
        return Ok(());
    }
    let mut c = Scratch::building();
    complement_into(a, Cotarget::Free, &mut c).map_err(|e| {
        framed(e, OP, || {
            format!("{a:?} x {b:?} = (A, A* o B), and A has no complement A* = complement(A)")
        })
    })?;
    out.open();
    out.push_view(a);
    compose_with(
        &mut Lhs::new(c.view()).named("A*").leaf_by_leaf(),
        b,
        "B",
        out,
    )
    .map_err(|e| {
        framed(e, OP, || {
            format!(
                "{a:?} x {b:?} = (A, A* o B) with A* = complement(A) = {:?}",
                c.view()
            )
        })
    })?;
    out.close();
    Ok(())
}

/// Appends `(A, A* o B)` when every value involved is a known integer:
/// the shortcuts of the complement and the composition, with `A*` kept as
/// machine integers between them. False, with nothing appended, where
/// either gives way to the general steps.
#[inline]
fn product_ints<I: DynInt>(a: View<'_, I>, b: View<'_, I>, out: &mut Layout<I>) -> bool {
    let mut c = Ints::new();
    if complement_ints_modes(a, Cotarget::Free, &mut c).is_none() {
        return false;
    }
    let mark = out.mark();
    out.open();
    out.push_view(a);
    if !compose_ints_flat(c.modes(), None, b, out) {
        out.truncate(mark);
        return false;
    }
    out.close();
    true
}

fn product_tiler<I: DynInt>(a: View<'_, I>, b: TilerRef<'_, I>, out: &mut Layout<I>) -> Result<()> {
    match b {
        TilerRef::None => {
            out.push_view(a);
            Ok(())
        }
        TilerRef::Int(n) => {
            let leaf = [(n.clone(), Scalar::Int(I::from_i64(1)))];
            product_layouts(a, View::leaf(&leaf), out)
        }
        TilerRef::Layout(l) => product_layouts(a, l.view(), out),
        TilerRef::Tuple(ts) => by_mode(OP, a, ts, out, |m, t, out| {
            product_tiler(m, t.as_ref(), out)
        }),
    }
}

/// Reproduces layout A over the layout of tiles B: `A x B = (A, A* o B)`,
/// with `A*` the free complement of A.
///
/// B is a tiler (anything `Into<TilerArg>`): a layout, an integer `n` (the
/// layout `n:1`), a tuple of tilers applied by-mode (the remaining modes of
/// A unchanged), or `Tiler::None`, which leaves A alone.
/// [`logical_product_at`] reproduces one mode of A.
///
/// # Pre-conditions
/// A's strides are injective (its complement exists), and each leaf of B
/// meets composition's divisibility conditions with `A*`.
///
/// # Post-conditions
/// - `rank(result) == 2` when B is a layout
/// - `size(result) == size(A) * size(B)` when B is a layout
/// - `result[0] == A`
/// - `compatible(B, result[1])`
///
/// # Errors
/// `ValueError` if A's strides overlap, a divisibility condition fails, a
/// by-mode B has more modes than A, or on overflow; `Undecidable` for a
/// condition on symbols.
///
/// A divisibility error names A, B and `A* = complement(A)` as it was
/// computed, the leaf of B that fails and the coalesced mode of `A*` it
/// steps through, with the condition (stride or shape divisibility,
/// Whitepaper Eqs. (20)-(21)); a by-mode or mode-subscripted product says
/// which mode. An A whose strides overlap is a `strides not injective`
/// error naming A and B.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::logical_product;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(logical_product(&l("(2, 2):(4, 1)"), &l("6:1")).unwrap(),
///            l("((2, 2), (2, 3)):((4, 1), (2, 8))"));
/// assert_eq!(logical_product(&l("3:1"), 4).unwrap(), l("(3, 4):(1, 3)"));
/// // A's modes overlap, so A has no complement
/// assert!(logical_product(&l("(4, 3):(3, 2)"), &l("2:1")).is_err());
/// ```
pub fn logical_product<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Layout<I>> {
    by_tiler(OP, a, b.into().get(), &[], product_tiler)
}

/// The mode-subscripted `logical_product[mode](A, B)`: reproduces only the
/// mode `mode` of A over B (see [`logical_product`]), every other mode
/// unchanged.
///
/// # Errors
/// `IndexError` if `mode` names no mode of A; as [`logical_product`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::logical_product_at;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(logical_product_at(&l("(3, 5):(1, 20)"), &l("4:1"), &[0]).unwrap(),
///            l("((3, 4), 5):((1, 3), 20)"));
/// ```
pub fn logical_product_at<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    by_tiler(OP, a, b.into().get(), mode, product_tiler)
}

/// The rank-matched product: `logical_product(A, B)` regrouped so that mode
/// `i` of the result is `(A[i], (A* o B)[i])`, `tile_first` deciding the
/// order.
fn zipped_product<I: DynInt>(
    op: &'static str,
    a: &Layout<I>,
    b: &Layout<I>,
    tile_first: bool,
) -> Result<Layout<I>> {
    let (va, vb) = (a.view(), b.view());
    let (ra, rb) = (va.rank(), vb.rank());
    if ra != rb {
        return Err(Error::rank_mismatch(
            op,
            ra,
            rb,
            format!("{a:?} has rank {ra} and {b:?} rank {rb}"),
        ));
    }
    let mut out = Layout::building();
    if !zipped_product_ints(va, vb, tile_first, &mut out) {
        let mut c = Scratch::building();
        complement_into(va, Cotarget::Free, &mut c).map_err(|e| {
            framed(e, op, || {
                format!("{a:?} and {b:?}: logical_product(A, B) = (A, A* o B), and A has no complement A* = complement(A)")
            })
        })?;
        let header = || {
            format!(
                "{a:?} and {b:?}: logical_product(A, B) = (A, A* o B) with A* = complement(A) = {:?}",
                c.view()
            )
        };
        let mut lhs = Lhs::new(c.view()).named("A*").leaf_by_leaf();
        out.open();
        // mode i of `A* o B` is `A* o B_i` (a leaf B is one mode, and so is
        // `A* o B`, however it refines B; A has one mode too, as B's rank is
        // A's)
        for (x, bi) in va.modes().zip(vb.modes()) {
            out.open();
            if tile_first {
                out.push_view(x);
                compose_with(&mut lhs, bi, "B", &mut out).map_err(|e| framed(e, op, header))?;
            } else {
                compose_with(&mut lhs, bi, "B", &mut out).map_err(|e| framed(e, op, header))?;
                out.push_view(x);
            }
            out.close();
        }
        out.close();
    }
    out.check_size(op).map_err(|e| e.in_op(op))?;
    Ok(out)
}

/// [`zipped_product`]'s modes when every value involved is a known integer,
/// as [`product_ints`] computes them. False, with `out` as it was, where
/// the shortcuts give way to the general steps.
#[inline]
fn zipped_product_ints<I: DynInt>(
    a: View<'_, I>,
    b: View<'_, I>,
    tile_first: bool,
    out: &mut Layout<I>,
) -> bool {
    let mut c = Ints::new();
    if complement_ints_modes(a, Cotarget::Free, &mut c).is_none() {
        return false;
    }
    let mark = out.mark();
    let modes = c.modes();
    let mode = |x: View<'_, I>, bi: View<'_, I>, out: &mut Layout<I>| {
        out.open();
        if tile_first {
            out.push_view(x);
        }
        if !compose_ints_flat(modes, None, bi, out) {
            return false;
        }
        if !tile_first {
            out.push_view(x);
        }
        out.close();
        true
    };
    out.open();
    // (flat operands, the usual ones, without scanning their profiles)
    let done = match (a.leaf_modes(), b.leaf_modes()) {
        (Some(xs), Some(bs)) => xs.zip(bs).all(|(x, bi)| mode(x, bi, out)),
        _ => a.modes().zip(b.modes()).all(|(x, bi)| mode(x, bi, out)),
    };
    if !done {
        out.truncate(mark);
        return false;
    }
    out.close();
    true
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
/// `ValueError` if the ranks differ, or as [`logical_product`] (as errors
/// of this product, which name A, B and `A* = complement(A)`).
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::blocked_product;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(blocked_product(&l("(2, 5):(5, 1)"), &l("(3, 4):(1, 3)")).unwrap(),
///            l("((2, 3), (5, 4)):((5, 10), (1, 30))"));
/// assert!(blocked_product(&l("(2, 5):(5, 1)"), &l("3:1")).is_err());
/// ```
pub fn blocked_product<I: DynInt>(a: &Layout<I>, b: &Layout<I>) -> Result<Layout<I>> {
    zipped_product("blocked_product", a, b, true)
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
/// `ValueError` if the ranks differ, or as [`logical_product`] (as errors
/// of this product, which name A, B and `A* = complement(A)`).
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::raked_product;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(raked_product(&l("(2, 5):(5, 1)"), &l("(3, 4):(1, 3)")).unwrap(),
///            l("((3, 2), (4, 5)):((10, 5), (30, 1))"));
/// assert!(raked_product(&l("(2, 5):(5, 1)"), &l("3:1")).is_err());
/// ```
pub fn raked_product<I: DynInt>(a: &Layout<I>, b: &Layout<I>) -> Result<Layout<I>> {
    zipped_product("raked_product", a, b, false)
}

impl<I: DynInt> Layout<I> {
    /// `self x b`: [`logical_product`].
    ///
    /// # Errors
    /// As [`logical_product`].
    pub fn logical_product<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        logical_product(self, b)
    }

    /// [`blocked_product`] of `self` and `b`.
    ///
    /// # Errors
    /// As [`blocked_product`].
    pub fn blocked_product(&self, b: &Layout<I>) -> Result<Layout<I>> {
        blocked_product(self, b)
    }

    /// [`raked_product`] of `self` and `b`.
    ///
    /// # Errors
    /// As [`raked_product`].
    pub fn raked_product(&self, b: &Layout<I>) -> Result<Layout<I>> {
        raked_product(self, b)
    }
}

#[cfg(test)]
mod tests {
    #[allow(unused_imports)]
    use super::super::testkit::logical_product;
    use super::super::testkit::{self as kit, check};
    use super::*;
    #[allow(unused_imports)]
    use crate::htuple::{HTuple, IntTuple};
    #[allow(unused_imports)]
    use crate::layout::{tiler_to_layout, Tiler};
    #[allow(unused_imports)]
    use crate::typedefs::Scalar;

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

    use super::super::testkit::{get_mode, leaf, modes_of, rank};
    use crate::layout::make_layout;
    use crate::shape::compatible;
    use proptest::prelude::*;

    /// `b` with exactly `r` top-level modes: truncated, or padded with `1:0`.
    fn with_rank(b: &Layout, r: usize) -> Layout {
        let mut m = modes_of(b);
        m.truncate(r);
        while m.len() < r {
            m.push(leaf(1, Scalar::Int(0)));
        }
        make_layout(&m)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_logical_product_sizes(a in kit::chained_layout(true), b in kit::pow2_layout()) {
            let p = logical_product(&a, &Tiler::Layout(b.clone()), &[]).unwrap();
            prop_assert_eq!(rank(&p), 2);
            prop_assert_eq!(kit::size(&p), kit::size(&a) * kit::size(&b));
            prop_assert_eq!(get_mode("t", &p, &[0]).unwrap(), a.clone());
            prop_assert!(compatible(&b.shape(), &get_mode("t", &p, &[1]).unwrap().shape()));
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
