//! The layout algebra: coalesce, composition, complement, inverses, products
//! and divides (Whitepaper, §3), and CuTe C++'s regroupings of the divides
//! and products.
//!
//! Every operation takes layouts whose strides are integers, arithmetic
//! tuples (coordinate codomains) or F2 values (swizzles), and gives exactly
//! the layout the specification gives: same shape, same stride, same nesting.
//! Every operation computes on the flat modes of its operands
//! ([`flat`](self#flat-modes)) and builds its result's nesting once, as it
//! appends the result's leaves; the layouts of everyday tiling and their
//! results live inline, without a heap allocation.
//!
//! The calls read as in CuTe C++: the first operand is a `&Layout`, the
//! second a tiler (anything `Into<TilerArg>`: a `&Layout`, a `Layout`, an
//! integer, a tuple of tilers, [`tile!`](crate::tile)):
//!
//! ```
//! use cute_dynamic::algebra::{complement, composition, logical_divide, logical_product};
//! use cute_dynamic::{tile, Layout};
//! # fn main() -> cute_dynamic::Result<()> {
//! let a: Layout = "(6, 2):(8, 2)".parse()?;
//! let b: Layout = "(4, 3):(3, 1)".parse()?;
//! assert_eq!(composition(&a, &b)?.to_string(), "((2, 2), 3):((24, 2), 8)");
//! assert_eq!(complement(&"4:2".parse()?)?.to_string(), "(2, 1):(1, 8)");
//! let tile: Layout = "(128, 64):(1, 128)".parse()?;
//! assert_eq!(logical_divide(&tile, tile!(8, 8))?.to_string(), "((8, 16), (8, 8)):((1, 8), (128, 1024))");
//! assert_eq!(logical_product(&"(2, 2):(4, 1)".parse()?, 6)?.to_string(), "((2, 2), (2, 3)):((4, 1), (2, 8))");
//! # Ok(())
//! # }
//! ```
//!
//! The rare forms are their own functions: the mode-subscripted forms of the
//! specification (`composition[1](A, B)`) are `*_at(a, b, mode)`
//! ([`composition_at`], [`logical_divide_at`], [`zipped_divide_at`],
//! [`logical_product_at`], [`coalesce_at`], [`coalesce_z_at`], and those of
//! the regroupings below), and an A of `None` is `*_identity(b, ...)`
//! ([`composition_identity`], [`logical_divide_identity`],
//! [`zipped_divide_identity`], [`tiled_divide_identity`],
//! [`flat_divide_identity`]).
//!
//! Beside the specification's operations are CuTe C++'s regroupings of the
//! divides and products, by CuTe C++'s names: [`tiled_divide`] and
//! [`flat_divide`] (the zipped divide with its parts unpacked),
//! [`zipped_product`], [`tiled_product`] and [`flat_product`] (the logical
//! product by a tuple tiler zipped by it, and unpacked), and the zip they
//! are made of, [`zip2_by`]:
//!
//! ```
//! use cute_dynamic::algebra::{flat_divide, tiled_divide, tiled_product};
//! use cute_dynamic::Layout;
//! # fn main() -> cute_dynamic::Result<()> {
//! let a: Layout = "(128, 64):(1, 128)".parse()?;
//! assert_eq!(tiled_divide(&a, (8, 8))?.to_string(), "((8, 8), 16, 8):((1, 128), 8, 1024)");
//! assert_eq!(flat_divide(&a, (8, 8))?.to_string(), "(8, 8, 16, 8):(1, 128, 8, 1024)");
//! let t: Layout = "(2, 5):(5, 1)".parse()?;
//! assert_eq!(tiled_product(&t, (3, 4))?.to_string(), "((2, 5), 3, 4):((5, 1), 1, 5)");
//! # Ok(())
//! # }
//! ```
//!
//! # Flat modes
//!
//! A layout's flat modes are its `(extent, stride)` leaves, left to right. The
//! operations share one list of them, one rule for when two modes walk on as
//! one, and one coalescer; over symbolic integers, a condition that picks
//! between results is decided (or `Undecidable`), and a shortcut that gives
//! the same function either way reads the canonical form.
//!
//! # Shortcuts
//!
//! Where every value involved is a known integer, the steps kernels use all
//! the time are computed directly on machine integers: composition's walk
//! through A's modes (A coalesced on machine integers too when it composes
//! with one B), the complement's chain, the products (A's complement kept
//! as machine integers between the two), and the divide of one leaf of A
//! by a compact tile (`zipped_divide(A, (128, 64))`). A shortcut gives
//! exactly the general steps' result and gives way to them wherever they
//! would report an error (an unmet divisibility condition, an overflow), so
//! errors are made in one place; property tests compare the two on random
//! and hostile operands.
//!
//! # Symbolic layouts
//!
//! Every function here is generic over the layout's integers; over
//! symbolic sizes ([`cute_core::Sym`]) each condition is decided from what
//! the symbols' assumptions settle, and one they do not settle is an
//! [`Undecidable`](cute_core::Error::Undecidable) error naming it. A result
//! over symbols is then, for every value of the symbols, the same function
//! as the result over machine integers, with one exception the
//! specification makes: the operations that sort strides (the complement,
//! and with it the divides and the products, and the inverses) put
//! symbolic strides after the static ones, in the order they come, without
//! comparing their values; the results agree for the values in which that
//! is the order of the strides. F2 and coordinate strides hold machine
//! integers ([`Scalar`](crate::Scalar)): beside them, a symbolic extent is a
//! `TypeError`.
//!
//! ```
//! use cute_core::sym::{Assumptions, Sym};
//! use cute_dynamic::algebra::{coalesce, composition, zipped_divide};
//! use cute_dynamic::{HTuple, Layout, Scalar};
//! # fn main() -> cute_dynamic::Result<()> {
//! let (m, n) = (Sym::symbol("M")?, Sym::symbol("N")?);
//! let ints = |v: [Sym; 2]| HTuple::from_leaves(v.map(Scalar::Int));
//! let a = Layout::new(HTuple::from_leaves([m.clone(), n.clone()]), ints([Sym::from(1), m.clone()]))?;
//! assert_eq!(coalesce(&a)?.to_string(), "M*N:1");
//! let z = zipped_divide(&a, (128, 64))?;
//! assert_eq!(z.to_string(),
//!     "((128, 64), (floor(M/128 + 127/128), floor(N/64 + 63/64))):((1, M), (128, 64*M))");
//! // a leading dimension 2*M: whether the tile of 8 rows fits in one column
//! // of M depends on M
//! let padded = Layout::new(HTuple::from_leaves([m.clone(), n.clone()]), ints([Sym::from(1), (&m * 2)?]))?;
//! let e = composition(&padded, 8).unwrap_err();
//! assert_eq!(e.to_string(), "composition: cannot decide whether 1 < M");
//! // unless M is known to be a multiple of 8
//! let m8 = Sym::symbol_with("M", Assumptions::positive().multiple_of(8)?)?;
//! let padded = Layout::new(HTuple::from_leaves([m8.clone(), n]), ints([Sym::from(1), (&m8 * 2)?]))?;
//! assert_eq!(composition(&padded, (8, 4))?.to_string(), "(8, 4):(1, 2*M)");
//! # Ok(())
//! # }
//! ```

mod coalesce;
mod complement;
mod composition;
mod divide;
#[cfg(test)]
mod error_props;
pub mod explain;
mod flat;
#[cfg(test)]
mod flat_props;
mod gcd;
mod inverse;
mod layout_add;
mod nullspace;
mod predicates;
mod product;
mod shortcuts;
#[cfg(test)]
mod sym_props;
#[cfg(test)]
pub(crate) mod testkit;
mod zip;

pub use coalesce::{coalesce, coalesce_at, coalesce_by, coalesce_z, coalesce_z_at};
pub use complement::{complement, complement_to};
pub use composition::{composition, composition_at, composition_identity, composition_identity_at};
pub use divide::{
    logical_divide, logical_divide_at, logical_divide_identity, zipped_divide, zipped_divide_at,
    zipped_divide_identity,
};
pub use gcd::greatest_common_domain;
pub use inverse::{left_inverse, right_inverse};
pub use layout_add::layout_add;
pub use nullspace::nullspace;
pub use predicates::{is_admissible, is_tractable};
pub use product::{blocked_product, logical_product, logical_product_at, raked_product};
pub use zip::{
    flat_divide, flat_divide_at, flat_divide_identity, flat_product, flat_product_at, tiled_divide,
    tiled_divide_at, tiled_divide_identity, tiled_product, tiled_product_at, zip2_by,
    zipped_product, zipped_product_at, KeepIn,
};

#[cfg(test)]
mod tests {
    use super::testkit as kit;
    use crate::htuple::HTuple;
    use crate::layout::{tiler_to_layout, Layout, Tiler};
    use crate::typedefs::Scalar;
    use proptest::prelude::*;

    fn lay(text: &str) -> Layout {
        text.parse().unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Bad input is an error, never a panic (no division by zero, no
        /// wrapped number).
        #[test]
        fn prop_no_panic_on_bad_layouts(a in kit::wild_layout(), b in kit::wild_layout(), e in -2_i64..100) {
            let _ = super::coalesce(&a);
            let _ = super::coalesce_z(&a);
            let _ = super::composition(&a, &b);
            let _ = super::complement(&a);
            let _ = super::complement_to(&a, e);
            let _ = super::logical_product(&a, &b);
            let _ = super::logical_divide(&a, &b);
            let _ = super::logical_divide_identity(&b, &[]);
            let _ = super::zipped_divide(&a, (e, b.clone()));
            let _ = super::blocked_product(&a, &b);
            let _ = super::raked_product(&a, &b);
            let _ = super::right_inverse(&a);
            let _ = super::left_inverse(&a);
            let _ = super::layout_add(&a, &b);
            let _ = super::nullspace(&a);
            let _ = super::tiled_divide(&a, (e, b.clone()));
            let _ = super::flat_divide(&a, &b);
            let _ = super::zipped_product(&a, (b.clone(), e));
            let _ = super::tiled_product(&a, &b);
            let _ = super::flat_product(&a, (e,));
            let _ = super::zip2_by(&a, (e, b.clone()), super::KeepIn::Rest);
        }
    }

    #[test]
    fn test_eval_extended_domain() {
        let a = lay("Layout((3, (2, 4)), (2, (1, 6)))");
        let want = [0, 2, 4, 1, 3, 5, 6, 8, 10, 7, 9, 11];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(kit::eval(&a, i as i64), Scalar::Int(*w));
            assert_eq!(a.call_index(i as i64).unwrap(), Scalar::Int(*w));
        }
        assert_eq!(kit::eval(&a, 100), Scalar::Int(99));
        assert_eq!(a.call_index(100).unwrap(), Scalar::Int(99));
    }

    #[test]
    fn test_tiler_to_layout() {
        let t = Tiler::Tuple(vec![Tiler::Int(4), Tiler::Int(5)]);
        assert_eq!(
            format!("{:?}", tiler_to_layout(&t).unwrap()),
            "Layout((4, 5), (1@0, 1@1))"
        );
        let t = Tiler::Tuple(vec![
            Tiler::Layout(lay("Layout(4, 2)")),
            Tiler::Layout(lay("Layout(5, 3)")),
        ]);
        assert_eq!(
            format!("{:?}", tiler_to_layout(&t).unwrap()),
            "Layout((4, 5), (2@0, 3@1))"
        );
        assert_eq!(
            format!("{:?}", tiler_to_layout(&Tiler::Int(3)).unwrap()),
            "Layout(3, 1)"
        );
    }

    #[test]
    fn test_modes() {
        let a = lay("Layout((3, (2, 4)), (2, (1, 6)))");
        assert_eq!(format!("{:?}", a.get(&[1, 0]).unwrap()), "Layout(2, 1)");
        assert!(a.get(&[2]).is_err());
        let mut out = Layout::building();
        crate::layout::at_mode("t", &a, &[1, 1], &mut out, |_, out| {
            out.push_leaf(7, Scalar::Int(7));
            Ok(())
        })
        .unwrap();
        assert_eq!(format!("{out:?}"), "Layout((3, (2, 7)), (2, (1, 7)))");
        let leaf = Layout::new(HTuple::Leaf(6), HTuple::Leaf(Scalar::Int(1))).unwrap();
        let mut out = Layout::building();
        crate::layout::at_mode("t", &leaf, &[0, 0], &mut out, |v, out| {
            out.push_view(v);
            Ok(())
        })
        .unwrap();
        assert_eq!(out.to_string(), "((6,),):((1,),)");
    }
}
