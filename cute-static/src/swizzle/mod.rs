//! Static swizzles: CuTe's `Swizzle<B, M, S>` as a zero-sized type, the
//! swizzled layout `Sw o 0 o L` (CuTe C++'s `ComposedLayout`), the GMMA
//! shared-memory layout atoms as types, and `tile_to_shape`.
//!
//! - [`Swizzle<B, M, S>`](Swizzle): the parameters are typenum integers (a
//!   negative shift is a signed one, `N3`); [`Swizzle::apply`] is
//!   `offset ^ shiftr(offset & yyy_mask, S)` with constant masks and a
//!   constant shift, so it compiles to a mask, a shift and an XOR.
//! - [`Swizzled<Sw, L>`](Swizzled): a static or mixed [`Layout`](struct@crate::Layout)
//!   `L` whose offsets pass through `Sw`, written as CuTe C++ writes it,
//!   [`composition`](fn@crate::composition)`(Swizzle::<U3, U3, U3>::new(), layout)`
//!   (or [`compose_swizzle`], which never returns a `Result`). Its
//!   evaluation at a coordinate is `Sw::apply(L(c))`; its `shape`, `size`
//!   and `rank` are `L`'s, and so is its `cosize` (CuTe's), checked against
//!   the swizzle's span. With the feature `dynamic` it converts to and from
//!   `cute_dynamic::atom::SwizzledLayout`.
//! - The GMMA shared-memory atoms, in elements of their value type as
//!   `cute_dynamic::atom::gmma_smem_atom` writes them:
//!   [`GmmaLayoutKInterAtom<T>`], [`GmmaLayoutKSw32Atom<T>`],
//!   [`GmmaLayoutKSw64Atom<T>`], [`GmmaLayoutKSw128Atom<T>`] and the
//!   MN-major [`GmmaLayoutMNInterAtom<T>`] ... [`GmmaLayoutMNSw128Atom<T>`],
//!   for `T` one of [`Half`](crate::atom::Half), [`BFloat16`](crate::atom::BFloat16),
//!   `f32`, [`TFloat32`](crate::atom::TFloat32), `i8`, `u8` ([`gmma`]).
//! - [`tile_to_shape`]: a static block (an atom) repeated to a static shape,
//!   the blocked product of the block and the compact layout of the copies,
//!   its swizzle kept.
//!
//! ```
//! use cute_static::{composition, layout, shape};
//! use cute_static::atom::Half;
//! use cute_static::swizzle::{tile_to_shape, GmmaLayoutKSw128Atom, Swizzle};
//! use typenum::U3;
//! // CuTe C++: composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{})
//! let s = composition(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : (64, 1)));
//! assert_eq!(s.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
//! assert_eq!((s.call((1, 0)), s.call((1, 8))), (72, 64));
//! assert!(s == GmmaLayoutKSw128Atom::<Half>::new()); // GMMA::Layout_K_SW128_Atom<half_t>
//! let tile = tile_to_shape(s, shape!(64, 128));
//! assert_eq!(tile.to_string(), "Sw<3,3,3> o _0 o ((_8,_8),(_64,_2)):((_64,_512),(_1,_4096))");
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
//! target's.
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
mod tests;
