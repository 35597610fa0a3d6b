//! Static swizzles: CuTe's `Swizzle<B, M, S>` as a zero-sized type, the
//! swizzled layout `Sw o off o L` (CuTe C++'s `ComposedLayout`), the GMMA
//! shared-memory layout atoms as types, `tile_to_shape`, and the algebra,
//! slices and partitions of swizzled layouts.
//!
//! - [`Swizzle<B, M, S>`](Swizzle): the parameters are typenum integers (a
//!   negative shift is a signed one, `N3`); [`Swizzle::apply`] is
//!   `offset ^ shiftr(offset & yyy_mask, S)` with constant masks and a
//!   constant shift, so it compiles to a mask, a shift and an XOR.
//! - [`Swizzled<Sw, L, O>`](Swizzled): a static or mixed [`Layout`](struct@crate::Layout)
//!   `L` whose offsets, moved by the offset `O`, pass through `Sw`, written
//!   as CuTe C++ writes it,
//!   [`composition`](fn@crate::composition)`(Swizzle::<U3, U3, U3>::new(), layout)`
//!   (or [`compose_swizzle`], which never returns a `Result`; the offset is
//!   then `_0`, and [`compose_swizzle_offset`] gives another). Its
//!   evaluation at a coordinate is `Sw::apply(off + L(c))`; its `shape`,
//!   `size` and `rank` are `L`'s, and so is its `cosize` (CuTe's), checked
//!   against the swizzle's span. With the feature `dynamic`, a swizzled
//!   layout at the offset `_0` converts to and from
//!   `cute_dynamic::atom::SwizzledLayout`.
//! - The GMMA shared-memory atoms, in elements of their value type as
//!   `cute_dynamic::atom::gmma_smem_atom` writes them:
//!   [`GmmaLayoutKInterAtom<T>`], [`GmmaLayoutKSw32Atom<T>`],
//!   [`GmmaLayoutKSw64Atom<T>`], [`GmmaLayoutKSw128Atom<T>`] and the
//!   MN-major [`GmmaLayoutMNInterAtom<T>`] ... [`GmmaLayoutMNSw128Atom<T>`],
//!   for `T` one of [`Half`](crate::atom::Half), [`BFloat16`](crate::atom::BFloat16),
//!   `f32`, [`TFloat32`](crate::atom::TFloat32), `i8`, `u8` ([`gmma`]).
//! - [`tile_to_shape`]: a static block (an atom, swizzled or not) repeated
//!   to a shape, the blocked product of the block and the compact layout of
//!   the copies, its swizzle kept. A static shape gives a static layout; a
//!   shape with run-time extents (`(128, k)`, `(U128::new(), k)`) a
//!   `Result` whose leaves are static where CuTe C++'s are (the block's
//!   modes, the static extents' repeat counts), each run-time extent
//!   checked to be a multiple of the block's mode.
//! - The algebra on a swizzled layout keeps the swizzle and the offset
//!   outermost, as CuTe C++ does on a `ComposedLayout`:
//!   [`composition`](fn@crate::composition)`(Sw o off o L, B) = Sw o off o
//!   composition(L, B)`, and so [`logical_divide`](fn@crate::logical_divide),
//!   [`zipped_divide`](fn@crate::zipped_divide),
//!   [`tiled_divide`](fn@crate::tiled_divide) and
//!   [`flat_divide`](fn@crate::flat_divide), through the operations' own
//!   traits, with their rules and errors.
//! - Slices and partitions of a swizzled layout ([`slice`](fn@crate::slice),
//!   [`offset_and_slice`](crate::offset_and_slice),
//!   [`local_tile`](crate::local_tile), [`local_partition`](crate::local_partition),
//!   [`inner_partition`](crate::inner_partition),
//!   [`outer_partition`](crate::outer_partition), their `_unchecked` and
//!   projection forms, and a tiled copy's or MMA's `partition_s`,
//!   `partition_d`, `partition_a/b/c`) give the part's layout under the
//!   swizzle with the part's offset *inside* the swizzle, `Sw o (off + o) o
//!   L'` (an `i64` offset), and `0` as the offset beside it: a thread's
//!   elements of a swizzled tile are at `Sw(o + L'(c))`, where the whole
//!   tile has them. A register fragment is shaped by the partition alone
//!   (`partition_fragment_a/b` take [`Swizzled::layout`]).
//!
//! The other operations of the algebra (products, complements, inverses,
//! coalesce) are not defined on a swizzled layout.
//!
//! ```
//! use cute_static::{composition, layout, local_partition, shape};
//! use cute_static::atom::Half;
//! use cute_static::swizzle::{tile_to_shape, GmmaLayoutKSw128Atom, Swizzle};
//! use typenum::{U128, U3};
//! // CuTe C++: composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{})
//! let s = composition(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : (64, 1)));
//! assert_eq!(s.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
//! assert_eq!((s.call((1, 0)), s.call((1, 8))), (72, 64));
//! assert!(s == GmmaLayoutKSw128Atom::<Half>::new()); // GMMA::Layout_K_SW128_Atom<half_t>
//! let tile = tile_to_shape(s, shape!(64, 128));
//! assert_eq!(tile.to_string(), "Sw<3,3,3> o _0 o ((_8,_8),(_64,_2)):((_64,_512),(_1,_4096))");
//! // a run-time K: the atom's modes and M's repeat count stay static
//! let k = 256;
//! let s_a = tile_to_shape(s, (U128::new(), k)).unwrap();
//! assert_eq!(s_a.to_string(), "Sw<3,3,3> o _0 o ((_8,_16),(_64,4)):((_64,_512),(_1,_8192))");
//! // thread 9 of 8 x 8 threads: its base offset is inside the swizzle
//! let (_, mine) = local_partition(s, layout!((8, 8) : (8, 1)), 9).unwrap();
//! assert_eq!(mine.to_string(), "Sw<3,3,3> o 65 o (_1,_8):(_512,_8)");
//! assert_eq!(mine.call((0, 0)), s.call((1, 1)));
//! // a mixed layout: the swizzle is static, the leading dimension is not
//! let ld = 64;
//! let m = composition(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : ({ld}, 1)).unwrap()).unwrap();
//! assert!((0..512).all(|i| m.eval(i) == s.eval(i)));
//! ```
//!
//! # What the compiler checks
//!
//! A swizzle's parameters satisfy the rules of cute-dynamic's
//! `Swizzle::new`, each a trait bound whose error's first line names it
//! ([`rules`]): `B >= 0`, `M >= 0`, a negative shift at least as long as
//! `B` (a left shift must clear the mask), and `B + M + abs(S) <= 62`. The
//! cosize of a static swizzled layout is checked against the swizzle's
//! span, where it is claimed ([`Swizzled::cosize`]: a run-time cosize at run
//! time), and `tile_to_shape` checks that each mode of the block divides the
//! target's (a static extent by the compiler, a run-time one at run time).
//! The algebra and the partitions of a swizzled layout are those of the
//! layout under it, with their rules: a static violation is the inner
//! operation's compile error.
//!
//! ```compile_fail
//! // CuTe Swizzle: a negative shift must be at least as long as bits ...
//! let _ = cute_static::swizzle::Swizzle::<typenum::U3, typenum::U4, typenum::N2>::new();
//! ```

mod algebra;
mod composed;
mod functor;
pub mod gmma;
mod partition;
pub mod rules;
mod tile;

pub use algebra::Reswizzle;
pub use composed::{compose_swizzle, compose_swizzle_offset, Swizzled, SwizzledCosize};
pub use functor::{
    Swizzle, SwizzleConditions, SwizzleFn, SwizzleInt, SwizzleRules, SwizzleSpan, SwizzleSpanOf,
    SwizzleWidth,
};
pub use gmma::{
    GmmaLayoutKAtom, GmmaLayoutKInterAtom, GmmaLayoutKSw128Atom, GmmaLayoutKSw32Atom,
    GmmaLayoutKSw64Atom, GmmaLayoutMNAtom, GmmaLayoutMNInterAtom, GmmaLayoutMNSw128Atom,
    GmmaLayoutMNSw32Atom, GmmaLayoutMNSw64Atom, GmmaRow, GmmaSmemSwizzle, GmmaSmemValue,
    GmmaSwizzle, Inter, SW128, SW32, SW64,
};
pub use rules::{
    SwizzleBaseNonNegative, SwizzleBitsNonNegative, SwizzleShiftClearsMask,
    SwizzleSpanDividesCosize, SwizzleWithinRange,
};
pub use tile::{tile_to_shape, ModeList, PadTile, TileToShape, TileToShapeDivides, TiledToShape};

#[cfg(all(test, feature = "dynamic"))]
mod ops_tests;
#[cfg(all(test, feature = "dynamic"))]
mod tests;
