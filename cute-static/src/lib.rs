//! # cute-static
//!
//! CuTe layouts whose shapes and strides are types: frunk HLists of typenum
//! integers, with dynamic (`i64`) leaves allowed beside static ones, as CuTe
//! C++ mixes `Int<N>` and `int`. The compiler checks congruence and the
//! algebra's pre-conditions, and evaluation folds to constants.
//!
//! A layout is a function from coordinates to offsets, `Shape:Stride`. Here
//! it is a [`Layout<S, D>`](struct@Layout) whose shape `S` and stride `D`
//! are HTuple types: a leaf is a typenum unsigned integer (static) or an
//! `i64` (dynamic), a tuple is an HList (`HCons`/`HNil`). The value stores
//! only the dynamic leaves, so a fully static layout is zero-sized and
//! compiles to the hand-written index arithmetic.
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
//! # The algebra
//!
//! The [`algebra`] module gives the layout algebra of the specification on
//! static and mixed layouts: [`coalesce`], [`coalesce_z`], [`composition`], [`complement`],
//! [`right_inverse`], [`left_inverse`], [`logical_divide`],
//! [`zipped_divide`], [`logical_product`], [`blocked_product`],
//! [`raked_product`], and CuTe C++'s regroupings [`tiled_divide`],
//! [`flat_divide`], [`zipped_product`], [`tiled_product`],
//! [`flat_product`]. Each is a trait whose `Output` is the result's layout
//! type and a function taking layouts by value; tilers are tuples or
//! [`tile!`]. Static operands give a static result (its type computed by
//! the compiler, its value zero-sized, the specification's layout); an
//! operand with a dynamic leaf gives a `Result` of CuTe C++'s layout for
//! the same objects, its leaves static exactly where CuTe C++'s are (the
//! rule: [`algebra`], "What a result keeps static"):
//!
//! ```
//! use cute_static::{composition, layout, raked_product, tile, zipped_divide, Layout};
//! let tv = raked_product(layout!((4, 8) : (8, 1)), layout!((2, 4) : (1, 2)));
//! let t = composition(layout!((128, 128) : (1, 128)), tv);
//! let _: Layout![((2, 4), (4, 8)) : ((32, 8), (64, 1))] = t; // computed by the compiler
//!
//! let (m, n, ld) = (4096, 4096, 4096);
//! let a = layout!((m, n) : (1, ld)).unwrap();
//! let tiles = zipped_divide(a, tile!(128, 64)).unwrap();
//! assert_eq!(tiles.to_string(), "((_128,_64),(32,64)):((_1,4096),(_128,262144))");
//! ```
//!
//! A pre-condition that fails on static operands does not compile, and the
//! error's first line names the rule:
//!
//! ```compile_fail
//! // CuTe composition: stride divisibility condition violated: ...
//! let _ = cute_static::composition(cute_static::layout!((8, 6) : (6, 1)), cute_static::layout!(16 : 3));
//! ```
//!
//! # Slicing and partitioning
//!
//! The [`partition`] module slices layouts by coordinates with free modes
//! ([`slice()`], [`offset_and_slice`]: `Keep` is CuTe's `_`) and partitions
//! them as kernels do: [`local_tile`] (a thread block's tile),
//! [`local_partition`] (a thread's elements), [`inner_partition`],
//! [`outer_partition`], and the projection forms [`local_tile_proj`] and
//! [`local_partition_proj`] (CuTe's `Step<_1, X, _1>`). The tiler is
//! static, so the tile's modes stay static types; the offset a tile
//! coordinate or a thread index decides is computed at run time:
//!
//! ```
//! use cute_static::{layout, local_tile_proj, tile, Keep, Layout, X};
//! let (m, k) = (256, 128);
//! let a = layout!((m, k) : (1, m)).unwrap();
//! let (off, g_a) = local_tile_proj(a, tile!(128, 128, 8), (1, 2, Keep), (1, X, 1)).unwrap();
//! assert_eq!((off, g_a.to_string()), (128, "(_128,_8,16):(_1,256,2048)".to_string()));
//! let _: Layout![(128, 8, {}) : (1, {}, {})] = g_a;
//! ```
//!
//! A partition's tiler (or thread layout) must tile the layout with no
//! partial tile, each tile extent dividing the size of the mode it tiles:
//! a trait bound on static modes, an `Err` at run time on modes of run-time
//! size for [`local_partition`] and [`outer_partition`] ([`local_tile`]
//! accepts a partial last tile there, as CuTe C++ does). The `_unchecked`
//! forms are CuTe C++'s unchecked partitions ([`partition::rules`]):
//!
//! ```compile_fail
//! // CuTe partition: the tiler does not divide the layout: ...
//! use cute_static::{layout, local_partition};
//! let _ = local_partition(layout!((128, 8)), layout!((16, 16)), 200);
//! ```
//!
//! # The atom layer
//!
//! The [`atom`] module is CuTe C++'s atom layer on these layouts: MMA atoms
//! as zero-sized types named as CuTe names the instructions
//! ([`atom::SM80_16x8x16_F32F16F16F32_TN`], [`atom::UniversalFMA`], ...),
//! whose shape and thread-value layouts are associated types; a
//! [`atom::TiledMma`] of an atom over a static layout of atoms and a
//! permutation, whose thread layout, tile and thread-value layouts the
//! compiler computes with this crate's algebra; a thread's partitions of
//! static and mixed layouts ([`atom::ThrMma`], from a run-time thread
//! index); and register fragments ([`atom::Fragment`]) stored in stack
//! arrays of the length the compiler computes:
//!
//! ```
//! use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
//! use cute_static::layout;
//! let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
//! let thr = mma.get_slice(5).unwrap();
//! let ld = 4096;
//! let g_c = layout!((128, 128) : (1, ld)).unwrap(); // a block tile of C
//! let (off, t_c) = thr.partition_c(g_c).unwrap();
//! assert_eq!((off, t_c.to_string()), (2 * 4096 + 1, "((_2,_2),_4,_8):((4096,_8),_32,65536)".to_string()));
//! let acc = thr.partition_fragment_c(&g_c);
//! assert_eq!(core::mem::size_of_val(&acc), 128 * 4); // 128 f32 accumulators
//! ```
//!
//! A permutation the atoms do not tile, or a static tile the tiled MMA's
//! tile does not divide, does not compile ([`atom::rules`]).
//!
//! # Assertions
//!
//! [`assert_congruent!`], [`assert_compatible!`], [`assert_divides!`] and
//! [`assert_composable!`] state at item level, on types, that the library's
//! rules hold for a kernel's layouts; they cost nothing at run time, and a
//! rule that fails is a compile error whose first line is the rule's own
//! message ([`assertions`]):
//!
//! ```
//! use cute_static::{assert_composable, assert_divides, Layout, Shape};
//! type SmemA = Layout![(128, 8) : (1, 128)];
//! assert_divides!(Shape![32, 8], SmemA); // a (32, 8) thread layout tiles it
//! assert_composable!(SmemA, Layout![(32, 4) : (4, 1)]);
//! ```
//!
//! A `Result` (what `layout!` with a dynamic leaf returns) passed where a
//! layout is expected is a compile error that says to unwrap it
//! ([`result_hint`]).
//!
//! Modules mirror CuTe's concepts: [`htuple`] (profiles: rank, depth,
//! flatten, get, select, congruence), [`mod@shape`] (size, product_each,
//! prefix_product, compatible, idx2crd, crd2idx), [`mod@stride`] (cosize,
//! inner_product, static offsets), [`mod@coord`] (coordinates),
//! [`mod@layout`] (the layout, its evaluation, make_layout, the bridge),
//! [`algebra`], [`partition`], [`atom`], [`assertions`]. With the default feature `dynamic`,
//! `Layout::to_dynamic` converts to `cute_dynamic::Layout` and
//! `TryFrom<&cute_dynamic::Layout>` converts back into a given static or
//! mixed type; without it the crate is `no_std` and needs no allocator, the
//! whole algebra on static and mixed layouts included (its errors then
//! carry fixed messages, without the values).
//!
//! # Limits
//!
//! Static values are typenum binary integers: the compiler's default
//! `recursion_limit` suffices for the depths, ranks and values of real
//! layouts (depth 3, rank 4 to 8 and values up to about 2^30 are tested,
//! the algebra included); very large static values (near 2^40) or very long
//! flat tuples (rank above 40) may need a higher `#![recursion_limit]` in
//! the user's crate. Static strides are non-negative; a negative stride is a
//! dynamic leaf `{-1}`.
//!
//! The crate's many one-line functions are `#[inline(always)]` in a build
//! without `debug_assertions` (a release build), which is what makes a
//! static layout's evaluation the hand-written arithmetic; a debug build
//! marks them `#[inline]` only, so that it compiles faster (forced inlining
//! at `-O0` is a fifth of the compile time of an algebra-heavy example) and
//! runs them as calls.
#![cfg_attr(not(feature = "dynamic"), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

extern crate self as cute_static;

pub mod algebra;
pub mod assertions;
pub mod atom;
pub mod coord;
pub mod htuple;
pub mod layout;
pub mod partition;
pub mod result_hint;
pub mod shape;
pub mod stride;
pub mod swizzle;

pub use cute_static_macros::{coord, layout, shape, stride, tile, Coord, Layout, Shape, Stride};
pub use frunk_core::hlist::{HCons, HNil};
pub use typenum;

pub use cute_core::{IntLeaf, KnownInt, LayoutLike};

pub use algebra::{
    blocked_product, coalesce, coalesce_at, coalesce_by, coalesce_z, coalesce_z_by, complement,
    complement_to, composition, composition_at, flat_divide, flat_product, left_inverse,
    logical_divide, logical_divide_at, logical_product, logical_product_at, raked_product,
    right_inverse, tiled_divide, tiled_product, zipped_divide, zipped_product, BlockedProduct,
    BlockedProducted, Coalesce, CoalesceBy, CoalesceZ, CoalesceZBy, Coalesced, CoalescedBy,
    CoalescedZ, CoalescedZBy, Complement, Complemented, Composed, Composition, FlatDivide,
    FlatDivided, FlatProduct, FlatProducted, Keep, LeftInverse, LeftInverted, LogicalDivide,
    LogicalDivided, LogicalProduct, LogicalProducted, RakedProduct, RakedProducted, RightInverse,
    RightInverted, TiledDivide, TiledDivided, TiledProduct, TiledProducted, ZippedDivide,
    ZippedDivided, ZippedProduct, ZippedProducted,
};
pub use coord::IntoCoord;
pub use htuple::{Congruent, HTuple, StaticTuple, WeaklyCongruent};
pub use layout::{make_layout, Layout, MakeLayout};
pub use partition::{
    flat_coord, inner_partition, local_partition, local_partition_proj, local_partition_unchecked,
    local_tile, local_tile_proj, local_tile_unchecked, offset_and_slice, outer_partition,
    outer_partition_unchecked, slice, try_offset_and_slice, InnerPartitioned, LocalPartition,
    LocalPartitioned, OuterPartitioned, Partition, Projected, Slice, Sliced, X,
};
pub use shape::{ColMajor, Extents, Size, SizeOf};
pub use stride::{Cosize, CosizeOf};
pub use swizzle::{compose_swizzle, tile_to_shape, Swizzle, Swizzled};

/// The examples of `README.md`, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
