//! # cute-static
//!
//! CuTe layouts whose shapes and strides are types: frunk HLists of typenum
//! integers, with dynamic (`i64`) leaves allowed beside static ones, as CuTe
//! C++ mixes `Int<N>` and `int`. The compiler checks congruence and the
//! algebra's pre-conditions, and evaluation folds to constants.
//!
//! A layout is a function from coordinates to offsets, `Shape:Stride`. Here
//! it is a [`Layout<S, D>`] whose shape `S` and stride `D` are HTuple types:
//! a leaf is a typenum unsigned integer (static) or an `i64` (dynamic), a
//! tuple is an HList (`HCons`/`HNil`). The value stores only the dynamic
//! leaves, so a fully static layout is zero-sized and compiles to the
//! hand-written index arithmetic.
//!
//! The macros write layouts in CuTe's notation; a leaf in braces (or a bare
//! name) is dynamic:
//!
//! ```
//! use cute_static::{layout, Layout};
//! // static: a zero-sized value, checked by the compiler
//! let a = layout!((4, (2, 3)) : (1, (4, 8)));
//! assert_eq!(a.to_string(), "(_4,(_2,_3)):(_1,(_4,_8))");
//! assert_eq!(a.eval(5), 5);
//! assert_eq!(a.call((1, (0, 2))), 17);
//! let _: Layout![(4, (2, 3)) : (1, (4, 8))] = a;
//!
//! // mixed: the dynamic extent is checked at run time
//! let n = 6;
//! let m = layout!((4, n)).unwrap();            // the column-major stride (1, 4)
//! assert_eq!(m.to_string(), "(_4,6):(_1,_4)");
//! assert_eq!(m.size(), 24);
//! assert!(layout!((4, {-1})).is_err());
//! ```
//!
//! A wrong layout does not compile, and the error says why in CuTe's terms
//! (see `cute-static/README.md` for the messages):
//!
//! ```compile_fail
//! let a = cute_static::layout!((4, 8) : (1, (4, 8))); // not congruent
//! ```
//!
//! Modules mirror CuTe's concepts: [`htuple`] (profiles: rank, depth,
//! flatten, get, select, congruence), [`shape`] (size, product_each,
//! prefix_product, compatible, idx2crd, crd2idx), [`stride`] (cosize,
//! inner_product, static offsets), [`coord`] (coordinates), [`layout`]
//! (the layout, its evaluation, make_layout, the bridge). With the default
//! feature `dynamic`, [`Layout::to_dynamic`] converts to
//! `cute_dynamic::Layout`; without it the crate is `no_std` and needs no
//! allocator.
//!
//! # Limits
//!
//! Static values are typenum binary integers: the compiler's default
//! `recursion_limit` suffices for the depths, ranks and values of real
//! layouts (depth 3, rank 8 and values up to about 2^30 are tested); very
//! large static values (near 2^40) or very long flat tuples (rank above 40)
//! may need a higher `#![recursion_limit]` in the user's crate. Static
//! strides are non-negative; a negative stride is a dynamic leaf `{-1}`.
#![cfg_attr(not(feature = "dynamic"), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate self as cute_static;

pub mod algebra;
pub mod coord;
pub mod htuple;
pub mod layout;
pub mod shape;
pub mod stride;

pub use cute_static_macros::{coord, layout, shape, stride, tile, Coord, Layout, Shape, Stride};
pub use frunk_core::hlist::{HCons, HNil};
pub use typenum;

pub use cute_core::{IntLeaf, KnownInt, LayoutLike};

pub use algebra::{
    blocked_product, coalesce, coalesce_by, complement, complement_to, composition, flat_divide,
    flat_product, left_inverse, logical_divide, logical_product, raked_product, right_inverse,
    tiled_divide, tiled_product, zipped_divide, zipped_product, BlockedProduct, BlockedProducted,
    Coalesce, CoalesceBy, Coalesced, CoalescedBy, Complement, Complemented, Composed, Composition,
    FlatDivide, FlatDivided, FlatProduct, FlatProducted, Keep, LeftInverse, LeftInverted,
    LogicalDivide, LogicalDivided, LogicalProduct, LogicalProducted, RakedProduct, RakedProducted,
    RightInverse, RightInverted, TiledDivide, TiledDivided, TiledProduct, TiledProducted,
    ZippedDivide, ZippedDivided, ZippedProduct, ZippedProducted,
};
pub use coord::IntoCoord;
pub use htuple::{Congruent, HTuple, StaticTuple, WeaklyCongruent};
pub use layout::{make_layout, Layout, MakeLayout};
pub use shape::{ColMajor, Extents, Size, SizeOf};
pub use stride::{Cosize, CosizeOf};

/// The examples of `README.md`, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
