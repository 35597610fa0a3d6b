//! The SM90 warpgroup MMA atoms (`wgmma.mma_async`, CuTe C++'s GMMA) as
//! types: [`SM90_64xNx16_F32F16F16_SS`], [`SM90_64xNx16_F32F16F16_RS`],
//! [`SM90_64xNx16_F32BF16BF16_SS`] and [`SM90_64xNx16_F32BF16BF16_RS`],
//! each generic over `N` (a typenum integer, a multiple of 8 from 8 to
//! 256: [`GmmaN`]) and the majors of A and B in shared memory
//! ([`KMajor`], [`MNMajor`]: CuTe's `GMMA::Major::K` and `MN`).
//!
//! One type stands for CuTe C++'s 32 instructions of a family
//! (`SM90_64x8x16_F32F16F16_SS<tnspA, tnspB>` to
//! `SM90_64x256x16_F32F16F16_SS<tnspA, tnspB>`): the layouts are written
//! once over `N`, and the compiler computes only those of the `N` a program
//! uses. They are those of CuTe C++'s `MMA_Traits` for GMMA
//! (`cute/atom/mma_traits_sm90_gmma.hpp`); a test checks every `N`, major,
//! source and value type against the run-time atom
//! (`cute_dynamic::atom::MmaAtom::new` of `MmaOp::Gmma`):
//!
//! - `ThrID`: a warpgroup, `128:1`;
//! - `ShapeMNK`: `(64, N, 16)`;
//! - A and B read from shared memory (`_SS`'s A and B, `_RS`'s B) are not
//!   distributed over the threads: every thread sees the whole operand
//!   (CuTe's `GMMA::ABLayout`), `(128, (64, 16)):(0, (1, 64))` for A and
//!   `(128, (N, 16)):(0, (1, N))` for B. The majors say how the operand
//!   lies in shared memory (its descriptor), not which thread holds what,
//!   so the layouts are the same for every major;
//! - A read from registers (`_RS`, K-major only) is CuTe's
//!   `GMMA::ALayout_64x16`, `((4, 8, 4), (2, 2, 2)):((128, 1, 16), (64, 8, 512))`;
//! - C is CuTe's `GMMA::CLayout_64xN`,
//!   `((4, 8, 4), (2, 2, N / 8)):((128, 1, 16), (64, 8, 512))`: each
//!   thread holds `N / 2` accumulators.
//!
//! ```
//! use cute_static::atom::{make_tiled_mma, KMajor, MmaAtom, MNMajor, SM90_64xNx16_F32F16F16_SS};
//! use cute_static::layout;
//! use typenum::U128;
//! type Gmma = SM90_64xNx16_F32F16F16_SS<U128, KMajor, MNMajor>;
//! assert_eq!(Gmma::NAME, "SM90_64x128x16_F32F16F16_SS");
//! assert_eq!(Gmma::b_layout().to_string(), "(_128,(_128,_16)):(_0,(_1,_128))");
//! assert_eq!(Gmma::c_layout().to_string(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
//! // two warpgroups along M: a 128 x 128 tile of C
//! let mma = make_tiled_mma(Gmma::new(), layout!((2, 1, 1)));
//! assert_eq!(mma.size(), 256);
//! let acc = mma.get_slice(130).unwrap().partition_fragment_c(&layout!((128, 256)));
//! assert_eq!(acc.layout().to_string(), "((_2,_2,_16),_1,_2):((_1,_2,_4),_0,_64)");
//! assert_eq!(core::mem::size_of_val(&acc), 128 * 4); // 128 f32 accumulators
//! ```
//!
//! An `N` that is not a multiple of 8 from 8 to 256 does not compile
//! ([`GmmaN`]), nor does an `_RS` atom whose A is M-major
//! ([`GmmaRegisterA`]):
//!
//! ```compile_fail
//! use cute_static::atom::{make_tiled_mma, KMajor, SM90_64xNx16_F32F16F16_SS};
//! use cute_static::layout;
//! let _ = make_tiled_mma(SM90_64xNx16_F32F16F16_SS::<typenum::U12, KMajor, KMajor>::new(), layout!((1, 1, 1)));
//! ```

use core::fmt;
use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};
use typenum::{U1, U128, U16, U2, U4, U512, U64, U8};

use super::compact::StaticExtent;
use super::mma_atom::MmaAtom;
use super::value::{BFloat16, Half};
use crate::htuple::{HTuple, StaticTuple};
use crate::layout::Layout;

mod sealed {
    pub trait Sealed {}
}

/// How a GMMA operand lies in shared memory (CuTe's `GMMA::Major`): a
/// marker type, [`KMajor`] or [`MNMajor`].
pub trait GmmaMajor: sealed::Sealed + Copy + Default + fmt::Debug + 'static {
    /// `K` or `MN`, as CuTe C++ and the run-time algebra write it.
    const NAME: &'static str;
    /// The run-time major.
    #[cfg(feature = "dynamic")]
    const DYNAMIC: cute_dynamic::atom::Major;
}

/// K-major (CuTe's `GMMA::Major::K`): consecutive elements of a row of A
/// (a column of B) are adjacent in shared memory ("T" for A and "N" for B
/// in BLAS terms).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KMajor;

/// M-major for A, N-major for B (CuTe's `GMMA::Major::MN`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MNMajor;

impl sealed::Sealed for KMajor {}
impl sealed::Sealed for MNMajor {}
impl GmmaMajor for KMajor {
    const NAME: &'static str = "K";
    #[cfg(feature = "dynamic")]
    const DYNAMIC: cute_dynamic::atom::Major = cute_dynamic::atom::Major::K;
}
impl GmmaMajor for MNMajor {
    const NAME: &'static str = "MN";
    #[cfg(feature = "dynamic")]
    const DYNAMIC: cute_dynamic::atom::Major = cute_dynamic::atom::Major::MN;
}

/// The rule of a GMMA atom's `N`: `wgmma.mma_async.m64nNk16` exists for
/// `N` a multiple of 8 from 8 to 256. Implemented for typenum's `U8`,
/// `U16`, ..., `U256` only, with `N / 8` and CuTe C++'s names of the four
/// instructions of that `N`.
///
/// # Examples
/// ```
/// use cute_static::atom::GmmaN;
/// assert_eq!(<typenum::U24 as GmmaN>::NAMES[3], "SM90_64x24x16_F32BF16BF16_RS");
/// ```
/// ```compile_fail
/// // 20 is not a multiple of 8
/// use cute_static::atom::{make_tiled_mma, KMajor, SM90_64xNx16_F32BF16BF16_SS};
/// use cute_static::layout;
/// let _ = make_tiled_mma(SM90_64xNx16_F32BF16BF16_SS::<typenum::U20, KMajor, KMajor>::new(), layout!((1, 1, 1)));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe GMMA: N is not a multiple of 8 from 8 to 256: there is no SM90 64xNx16 instruction of this N",
    label = "N = `{Self}` is not one of 8, 16, 24, ..., 256",
    note = "SM90_64xNx16_F32F16F16_SS and its kin (wgmma.mma_async.m64nNk16) take N a multiple of 8 from 8 to 256: typenum's U8, U16, U24, ..., U256"
)]
pub trait GmmaN: StaticExtent + StaticTuple + HTuple<Div = ()> {
    /// `N / 8`, the extent of the accumulators' last mode.
    type Div8: StaticExtent + StaticTuple + HTuple<Div = ()>;
    /// CuTe C++'s names of the instructions of this `N`:
    /// `SM90_64xNx16_F32F16F16_SS`, `_F32F16F16_RS`, `_F32BF16BF16_SS`,
    /// `_F32BF16BF16_RS`, with `N` written out.
    const NAMES: [&'static str; 4];
}

macro_rules! gmma_ns {
    ($($n:literal $u:ident $d:ident),* $(,)?) => {$(
        #[diagnostic::do_not_recommend]
        impl GmmaN for typenum::$u {
            type Div8 = typenum::$d;
            const NAMES: [&'static str; 4] = [
                concat!("SM90_64x", $n, "x16_F32F16F16_SS"),
                concat!("SM90_64x", $n, "x16_F32F16F16_RS"),
                concat!("SM90_64x", $n, "x16_F32BF16BF16_SS"),
                concat!("SM90_64x", $n, "x16_F32BF16BF16_RS"),
            ];
        }
    )*};
}
gmma_ns!(
    8 U8 U1, 16 U16 U2, 24 U24 U3, 32 U32 U4, 40 U40 U5, 48 U48 U6, 56 U56 U7, 64 U64 U8,
    72 U72 U9, 80 U80 U10, 88 U88 U11, 96 U96 U12, 104 U104 U13, 112 U112 U14, 120 U120 U15,
    128 U128 U16, 136 U136 U17, 144 U144 U18, 152 U152 U19, 160 U160 U20, 168 U168 U21,
    176 U176 U22, 184 U184 U23, 192 U192 U24, 200 U200 U25, 208 U208 U26, 216 U216 U27,
    224 U224 U28, 232 U232 U29, 240 U240 U30, 248 U248 U31, 256 U256 U32,
);

/// The rule of a GMMA atom reading A from registers (`_RS`): the
/// registers hold A K-major, so A's major is [`KMajor`] (CuTe C++'s
/// "Register source operand A must have K major layout"). Implemented for
/// `KMajor` only.
///
/// # Examples
/// ```compile_fail
/// use cute_static::atom::{make_tiled_mma, KMajor, MNMajor, SM90_64xNx16_F32F16F16_RS};
/// use cute_static::layout;
/// let _ = make_tiled_mma(SM90_64xNx16_F32F16F16_RS::<typenum::U64, MNMajor, KMajor>::new(), layout!((1, 1, 1)));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe GMMA: register source operand A must have a K-major layout",
    label = "A is `{Self}`, not `KMajor`",
    note = "an _RS instruction reads A from registers, which hold it K-major: SM90_64xNx16_..._RS<N, KMajor, B>"
)]
pub trait GmmaRegisterA: GmmaMajor {}
impl GmmaRegisterA for KMajor {}

/// `(64, N, 16)`.
type GmmaShape<N> = HCons<U64, HCons<N, HCons<U16, HNil>>>;
/// A or B from shared memory, `(128, (rows, 16)):(0, (1, rows))`: every
/// thread sees the whole operand (CuTe's `GMMA::ABLayout<rows, 16>`).
type SmemLayout<R> = Layout<
    HCons<U128, HCons<HCons<R, HCons<U16, HNil>>, HNil>>,
    HCons<typenum::U0, HCons<HCons<U1, HCons<R, HNil>>, HNil>>,
>;
/// A from registers (CuTe's `GMMA::ALayout_64x16`).
type RegisterA = crate::Layout![((4, 8, 4), (2, 2, 2)) : ((128, 1, 16), (64, 8, 512))];
/// The accumulators (CuTe's `GMMA::CLayout_64xN`):
/// `((4, 8, 4), (2, 2, N / 8)):((128, 1, 16), (64, 8, 512))`.
type Accumulators<N> = Layout<
    HCons<
        HCons<U4, HCons<U8, HCons<U4, HNil>>>,
        HCons<HCons<U2, HCons<U2, HCons<<N as GmmaN>::Div8, HNil>>>, HNil>,
    >,
    HCons<
        HCons<U128, HCons<U1, HCons<U16, HNil>>>,
        HCons<HCons<U64, HCons<U8, HCons<U512, HNil>>>, HNil>,
    >,
>;

/// Declares the GMMA families: a zero-sized type over `<N, A, B>`.
macro_rules! gmma_types {
    ($(
        $(#[$doc:meta])*
        $name:ident: name $idx:literal;
    )*) => {$(
        $(#[$doc])*
        #[allow(non_camel_case_types)]
        pub struct $name<N, A, B>(PhantomData<fn() -> (N, A, B)>);

        impl<N, A, B> $name<N, A, B> {
            /// The atom (a zero-sized value).
            #[inline]
            pub const fn new() -> Self {
                $name(PhantomData)
            }
        }
        impl<N, A, B> Clone for $name<N, A, B> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<N, A, B> Copy for $name<N, A, B> {}
        impl<N, A, B> Default for $name<N, A, B> {
            fn default() -> Self {
                Self::new()
            }
        }
        impl<N, A, B> PartialEq for $name<N, A, B> {
            fn eq(&self, _: &Self) -> bool {
                true
            }
        }
        impl<N, A, B> Eq for $name<N, A, B> {}
        /// CuTe C++'s type: `SM90_64x64x16_F32F16F16_SS<K, MN>`.
        impl<N: GmmaN, A: GmmaMajor, B: GmmaMajor> fmt::Debug for $name<N, A, B> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}<{}, {}>", N::NAMES[$idx], A::NAME, B::NAME)
            }
        }
    )*};
}

/// The `MmaAtom` impls of the GMMA families: `name: A and B's type, its
/// run-time name, index in GmmaN::NAMES, RS, A's layout, A's major rule`.
macro_rules! gmma_atoms {
    ($($name:ident: $ab:ty, $abdyn:ident, $idx:literal, $rs:literal, $alayout:ty, $amajor:ident;)*) => {$(
        impl<N: GmmaN, A: $amajor, B: GmmaMajor> MmaAtom for $name<N, A, B> {
            const NAME: &'static str = N::NAMES[$idx];
            type ValTypeD = f32;
            type ValTypeA = $ab;
            type ValTypeB = $ab;
            type ValTypeC = f32;
            type ShapeMNK = GmmaShape<N>;
            type ThrID = crate::Layout![128 : 1];
            type ALayout = $alayout;
            type BLayout = SmemLayout<N>;
            type CLayout = Accumulators<N>;

            #[cfg(feature = "dynamic")]
            fn dynamic_op() -> cute_dynamic::atom::MmaOp {
                cute_dynamic::atom::MmaOp::Gmma {
                    n: <N as typenum::Unsigned>::I64,
                    ab: cute_dynamic::atom::ValueType::$abdyn,
                    a: A::DYNAMIC,
                    b: B::DYNAMIC,
                    rs: $rs,
                }
            }

            /// The run-time atom, named as the run-time algebra names a
            /// GMMA atom: the instruction and the majors of A and B.
            #[cfg(feature = "dynamic")]
            fn to_dynamic() -> cute_dynamic::atom::MmaAtom {
                super::mma_atom::dynamic_atom::<Self>(format!(
                    "{}('{}', '{}')",
                    Self::NAME,
                    A::NAME,
                    B::NAME
                ))
            }
        }
    )*};
}

gmma_types! {
    /// `wgmma.mma_async.sync.aligned.m64nNk16.f32.f16.f16` with A and B in
    /// shared memory (CuTe's `SM90_64xNx16_F32F16F16_SS<tnspA, tnspB>`):
    /// a warpgroup computes a `64 x N x 16` block with f32 accumulators.
    /// `N` is a typenum integer ([`GmmaN`]), `A` and `B` the majors of the
    /// operands ([`KMajor`], [`MNMajor`]).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{KMajor, MmaAtom, SM90_64xNx16_F32F16F16_SS};
    /// type G = SM90_64xNx16_F32F16F16_SS<typenum::U64, KMajor, KMajor>;
    /// assert_eq!(G::a_layout().to_string(), "(_128,(_64,_16)):(_0,(_1,_64))");
    /// assert_eq!(format!("{:?}", G::new()), "SM90_64x64x16_F32F16F16_SS<K, K>");
    /// assert_eq!(core::mem::size_of::<G>(), 0);
    /// ```
    SM90_64xNx16_F32F16F16_SS: name 0;
    /// `wgmma.mma_async.sync.aligned.m64nNk16.f32.f16.f16` with A in
    /// registers and B in shared memory (CuTe's
    /// `SM90_64xNx16_F32F16F16_RS<tnspA, tnspB>`); A is K-major
    /// ([`GmmaRegisterA`]).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{KMajor, MmaAtom, MNMajor, SM90_64xNx16_F32F16F16_RS};
    /// type G = SM90_64xNx16_F32F16F16_RS<typenum::U8, KMajor, MNMajor>;
    /// assert_eq!(G::a_layout().to_string(), "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))");
    /// assert_eq!(G::c_layout().to_string(), "((_4,_8,_4),(_2,_2,_1)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64xNx16_F32F16F16_RS: name 1;
    /// `wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16` with A and B
    /// in shared memory (CuTe's `SM90_64xNx16_F32BF16BF16_SS<tnspA, tnspB>`).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{MmaAtom, MNMajor, SM90_64xNx16_F32BF16BF16_SS};
    /// type G = SM90_64xNx16_F32BF16BF16_SS<typenum::U256, MNMajor, MNMajor>;
    /// assert_eq!(G::NAME, "SM90_64x256x16_F32BF16BF16_SS");
    /// ```
    SM90_64xNx16_F32BF16BF16_SS: name 2;
    /// `wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16` with A in
    /// registers and B in shared memory (CuTe's
    /// `SM90_64xNx16_F32BF16BF16_RS<tnspA, tnspB>`); A is K-major
    /// ([`GmmaRegisterA`]).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{KMajor, MmaAtom, SM90_64xNx16_F32BF16BF16_RS};
    /// type G = SM90_64xNx16_F32BF16BF16_RS<typenum::U32, KMajor, KMajor>;
    /// assert_eq!(G::b_layout().to_string(), "(_128,(_32,_16)):(_0,(_1,_32))");
    /// ```
    SM90_64xNx16_F32BF16BF16_RS: name 3;
}

gmma_atoms! {
    SM90_64xNx16_F32F16F16_SS: Half, F16, 0, false, SmemLayout<U64>, GmmaMajor;
    SM90_64xNx16_F32F16F16_RS: Half, F16, 1, true, RegisterA, GmmaRegisterA;
    SM90_64xNx16_F32BF16BF16_SS: BFloat16, BF16, 2, false, SmemLayout<U64>, GmmaMajor;
    SM90_64xNx16_F32BF16BF16_RS: BFloat16, BF16, 3, true, RegisterA, GmmaRegisterA;
}
