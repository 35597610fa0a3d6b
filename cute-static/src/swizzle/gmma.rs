//! The GMMA shared-memory layout atoms as static types: CuTe C++'s
//! `GMMA::Layout_K_SW128_Atom<T>` and kin (`cute/atom/mma_traits_sm90_gmma.hpp`),
//! in elements of `T`, as `cute_dynamic::atom::gmma_smem_atom` writes them.
//!
//! In bits, a K-major atom is 8 rows of `W` bits, `(8, W):(W, 1)`, and an
//! MN-major one its transpose `(W, 8):(1, W)`, with `W` 128, 256, 512 or
//! 1024 bits for INTER, SW32, SW64 and SW128, under `Swizzle<0,4,3>`,
//! `<1,4,3>`, `<2,4,3>` or `<3,4,3>` on byte addresses. In elements of `T`
//! (`sizeof_bits<T>` bits) a row holds `W / sizeof_bits<T>` elements, and the
//! swizzle drops `log2(sizeof<T>)` base bits: `Swizzle<B, 4 - log2(sizeof<T>), 3>`.
//!
//! | atom | `T = Half` | `T = f32` | `T = i8` |
//! |---|---|---|---|
//! | [`GmmaLayoutKInterAtom<T>`] | `(_8,_8):(_8,_1)` | `(_8,_4):(_4,_1)` | `(_8,_16):(_16,_1)` |
//! | [`GmmaLayoutKSw128Atom<T>`] | `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)` | `Sw<3,2,3> o _0 o (_8,_32):(_32,_1)` | `Sw<3,4,3> o _0 o (_8,_128):(_128,_1)` |
//! | [`GmmaLayoutMNSw64Atom<T>`] | `Sw<2,3,3> o _0 o (_32,_8):(_1,_32)` | `Sw<2,2,3> o _0 o (_16,_8):(_1,_16)` | `Sw<2,4,3> o _0 o (_64,_8):(_1,_64)` |
//!
//! ```
//! use cute_static::atom::Half;
//! use cute_static::swizzle::{tile_to_shape, GmmaLayoutKSw128Atom};
//! use cute_static::{shape, KnownInt};
//! let atom = GmmaLayoutKSw128Atom::<Half>::new();
//! assert_eq!(atom.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
//! // a 128 x 64 tile of A in shared memory, three pipeline stages
//! let s_a = tile_to_shape(atom, shape!(128, 64, 3));
//! assert_eq!(s_a.to_string(), "Sw<3,3,3> o _0 o ((_8,_16),(_64,_1),(_1,_3)):((_64,_512),(_1,_0),(_0,_8192))");
//! assert_eq!(s_a.cosize().get(), 128 * 64 * 3); // a typenum integer
//! ```

use frunk_core::hlist::{HCons, HNil};
use typenum::{Prod, Unsigned, U0, U1, U16, U2, U3, U4, U8};

use super::composed::Swizzled;
use super::functor::{Swizzle, SwizzleInt};
use crate::atom::{BFloat16, Half, MmaValue, TFloat32};
use crate::layout::Layout;

/// A value type of the GMMA shared-memory atoms: its swizzle base and the
/// values in 16 bytes, as types.
///
/// Implemented for [`Half`] (f16), [`BFloat16`] (bf16), `f32`,
/// [`TFloat32`] (tf32), `i8` (s8) and `u8` (u8).
#[diagnostic::on_unimplemented(
    message = "CuTe GMMA: `{Self}` is not a value type of the GMMA shared-memory atoms",
    note = "the value types are Half (f16), BFloat16 (bf16), f32, TFloat32 (tf32), i8 (s8) and u8"
)]
pub trait GmmaSmemValue: MmaValue {
    /// The base `M` of the atoms' swizzle in these values: `4 -
    /// log2(sizeof<T>)` (the byte swizzle `Swizzle<B,4,3>` recast).
    type Base: SwizzleInt + Unsigned;
    /// The values in 16 bytes (one row of an INTER atom).
    type PerChunk: Unsigned;
}
macro_rules! gmma_smem_value {
    ($($t:ty => $base:ty, $per:ty);* $(;)?) => {$(
        impl GmmaSmemValue for $t {
            type Base = $base;
            type PerChunk = $per;
        }
    )*};
}
gmma_smem_value!(
    Half => U3, U8;
    BFloat16 => U3, U8;
    f32 => U2, U4;
    TFloat32 => U2, U4;
    i8 => U4, U16;
    u8 => U4, U16;
);

/// The swizzle of a GMMA shared-memory atom (CuTe C++'s `GMMA::LayoutType`):
/// [`Inter`] (no swizzle) or [`SW32`], [`SW64`], [`SW128`] (rows of 32, 64
/// or 128 bytes).
pub trait GmmaSwizzle: Copy + Default + 'static {
    /// `B` of the swizzle `Swizzle<B, M, 3>`: 0, 1, 2 or 3.
    type Bits: SwizzleInt + Unsigned;
    /// The 16-byte chunks in a row: 1, 2, 4 or 8.
    type Chunks: Unsigned;
    /// The run-time algebra's name for it.
    #[cfg(feature = "dynamic")]
    const DYNAMIC: cute_dynamic::atom::SmemSwizzle;
}

macro_rules! gmma_swizzle {
    ($($(#[$doc:meta])* $name:ident => $bits:ty, $chunks:ty, $dynamic:ident);* $(;)?) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl GmmaSwizzle for $name {
            type Bits = $bits;
            type Chunks = $chunks;
            #[cfg(feature = "dynamic")]
            const DYNAMIC: cute_dynamic::atom::SmemSwizzle = cute_dynamic::atom::SmemSwizzle::$dynamic;
        }
    )*};
}
gmma_swizzle!(
    /// Interleaved: rows of 16 bytes, the identity swizzle `Swizzle<0, M, 3>`.
    Inter => U0, U1, Inter;
    /// Rows of 32 bytes, `Swizzle<1, M, 3>`.
    SW32 => U1, U2, SW32;
    /// Rows of 64 bytes, `Swizzle<2, M, 3>`.
    SW64 => U2, U4, SW64;
    /// Rows of 128 bytes, `Swizzle<3, M, 3>`.
    SW128 => U3, U8, SW128;
);

/// The values in one row of the atom of swizzle `W` in values of `T`.
pub type GmmaRow<W, T> = Prod<<T as GmmaSmemValue>::PerChunk, <W as GmmaSwizzle>::Chunks>;
/// The swizzle of the GMMA atoms of swizzle `W` in values of `T`:
/// `Swizzle<B, 4 - log2(sizeof<T>), 3>`.
pub type GmmaSmemSwizzle<W, T> = Swizzle<<W as GmmaSwizzle>::Bits, <T as GmmaSmemValue>::Base, U3>;

/// The K-major GMMA shared-memory atom of swizzle `W` in values of `T`:
/// `Sw o _0 o (_8,R):(R,_1)`, `R` the values in a row.
pub type GmmaLayoutKAtom<W, T> = Swizzled<
    GmmaSmemSwizzle<W, T>,
    Layout<HCons<U8, HCons<GmmaRow<W, T>, HNil>>, HCons<GmmaRow<W, T>, HCons<U1, HNil>>>,
>;
/// The MN-major GMMA shared-memory atom of swizzle `W` in values of `T`:
/// `Sw o _0 o (R,_8):(_1,R)`, `R` the values in a column.
pub type GmmaLayoutMNAtom<W, T> = Swizzled<
    GmmaSmemSwizzle<W, T>,
    Layout<HCons<GmmaRow<W, T>, HCons<U8, HNil>>, HCons<U1, HCons<GmmaRow<W, T>, HNil>>>,
>;

/// CuTe C++'s `GMMA::Layout_K_INTER_Atom<T>`: `(8, 16 bytes)` K-major, no
/// swizzle.
///
/// # Examples
/// ```
/// use cute_static::swizzle::GmmaLayoutKInterAtom;
/// assert_eq!(GmmaLayoutKInterAtom::<i8>::new().to_string(), "(_8,_16):(_16,_1)");
/// ```
pub type GmmaLayoutKInterAtom<T> = GmmaLayoutKAtom<Inter, T>;
/// CuTe C++'s `GMMA::Layout_K_SW32_Atom<T>`: `(8, 32 bytes)` K-major.
///
/// # Examples
/// ```
/// use cute_static::swizzle::GmmaLayoutKSw32Atom;
/// use cute_static::atom::Half;
/// assert_eq!(GmmaLayoutKSw32Atom::<Half>::new().to_string(), "Sw<1,3,3> o _0 o (_8,_16):(_16,_1)");
/// ```
pub type GmmaLayoutKSw32Atom<T> = GmmaLayoutKAtom<SW32, T>;
/// CuTe C++'s `GMMA::Layout_K_SW64_Atom<T>`: `(8, 64 bytes)` K-major.
///
/// # Examples
/// ```
/// use cute_static::swizzle::GmmaLayoutKSw64Atom;
/// use cute_static::atom::TFloat32;
/// assert_eq!(GmmaLayoutKSw64Atom::<TFloat32>::new().to_string(), "Sw<2,2,3> o _0 o (_8,_16):(_16,_1)");
/// ```
pub type GmmaLayoutKSw64Atom<T> = GmmaLayoutKAtom<SW64, T>;
/// CuTe C++'s `GMMA::Layout_K_SW128_Atom<T>`: `(8, 128 bytes)` K-major.
///
/// # Examples
/// ```
/// use cute_static::swizzle::GmmaLayoutKSw128Atom;
/// use cute_static::atom::BFloat16;
/// assert_eq!(GmmaLayoutKSw128Atom::<BFloat16>::new().to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// ```
pub type GmmaLayoutKSw128Atom<T> = GmmaLayoutKAtom<SW128, T>;
/// CuTe C++'s `GMMA::Layout_MN_INTER_Atom<T>`: `(16 bytes, 8)` MN-major, no
/// swizzle.
///
/// # Examples
/// ```
/// use cute_static::swizzle::GmmaLayoutMNInterAtom;
/// assert_eq!(GmmaLayoutMNInterAtom::<f32>::new().to_string(), "(_4,_8):(_1,_4)");
/// ```
pub type GmmaLayoutMNInterAtom<T> = GmmaLayoutMNAtom<Inter, T>;
/// CuTe C++'s `GMMA::Layout_MN_SW32_Atom<T>`: `(32 bytes, 8)` MN-major.
///
/// # Examples
/// ```
/// use cute_static::swizzle::GmmaLayoutMNSw32Atom;
/// assert_eq!(GmmaLayoutMNSw32Atom::<u8>::new().to_string(), "Sw<1,4,3> o _0 o (_32,_8):(_1,_32)");
/// ```
pub type GmmaLayoutMNSw32Atom<T> = GmmaLayoutMNAtom<SW32, T>;
/// CuTe C++'s `GMMA::Layout_MN_SW64_Atom<T>`: `(64 bytes, 8)` MN-major.
///
/// # Examples
/// ```
/// use cute_static::swizzle::GmmaLayoutMNSw64Atom;
/// use cute_static::atom::Half;
/// assert_eq!(GmmaLayoutMNSw64Atom::<Half>::new().to_string(), "Sw<2,3,3> o _0 o (_32,_8):(_1,_32)");
/// ```
pub type GmmaLayoutMNSw64Atom<T> = GmmaLayoutMNAtom<SW64, T>;
/// CuTe C++'s `GMMA::Layout_MN_SW128_Atom<T>`: `(128 bytes, 8)` MN-major.
///
/// # Examples
/// ```
/// use cute_static::swizzle::GmmaLayoutMNSw128Atom;
/// assert_eq!(GmmaLayoutMNSw128Atom::<f32>::new().to_string(), "Sw<3,2,3> o _0 o (_32,_8):(_1,_32)");
/// ```
pub type GmmaLayoutMNSw128Atom<T> = GmmaLayoutMNAtom<SW128, T>;
