//! Copy atoms as types: copy instructions ([`CopyOp`]: CuTe C++'s
//! `Copy_Traits`, their layouts in bits) and the copy atom of an
//! instruction moving values of a type ([`CopyAtomOf<Op, T>`](CopyAtomOf),
//! CuTe C++'s `Copy_Atom<Op, T>`), whose layouts in values the compiler
//! computes by the recast rule ([`recast_layout`](super::recast_layout)
//! from 1 bit to the type's width).
//!
//! The instructions are named as CuTe C++ names them:
//! [`UniversalCopy<T>`] (one thread, one value of `T`),
//! [`SM75_U32x1_LDSM_N`], [`SM75_U32x2_LDSM_N`], [`SM75_U32x4_LDSM_N`]
//! (`ldmatrix`), [`SM75_U16x2_LDSM_T`], [`SM75_U16x4_LDSM_T`],
//! [`SM75_U16x8_LDSM_T`] (`ldmatrix.trans`), [`SM90_U32x1_STSM_N`],
//! [`SM90_U32x2_STSM_N`], [`SM90_U32x4_STSM_N`] (`stmatrix`),
//! [`SM90_U16x2_STSM_T`], [`SM90_U16x4_STSM_T`], [`SM90_U16x8_STSM_T`]
//! (`stmatrix.trans`), [`SM80_CP_ASYNC_CACHEALWAYS<T>`] and
//! [`SM80_CP_ASYNC_CACHEGLOBAL<T>`] (`cp.async`). Their layouts are those
//! of CuTe C++'s `cute/atom/copy_traits_sm75.hpp`, `copy_traits_sm80.hpp`
//! and `copy_traits_sm90.hpp`, written as types; a test checks each atom against the run-time atom of the same
//! instruction and value type (`cute_dynamic::atom::CopyAtom::new`), whose
//! layouts are fitted to the PTX descriptions and checked against CuTe C++.
//!
//! ```
//! use cute_static::atom::{make_copy_atom, CopyAtom, Half, SM75_U32x4_LDSM_N};
//! use cute_static::Layout;
//! let ldsm = make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N);
//! // in bits: 32 threads, each giving the address of one 128-bit row
//! assert_eq!(ldsm.src_layout().to_string(), "(_32,_128):(_128,_1)");
//! // in f16 values, computed by the compiler
//! let _: Layout![(32, 8) : (8, 1)] = ldsm.val_layout_src();
//! let _: Layout![(32, (2, 4)) : (2, (1, 64))] = ldsm.val_layout_dst();
//! assert_eq!(core::mem::size_of_val(&ldsm), 0);
//! ```

use core::fmt;
use core::marker::PhantomData;

use typenum::{IsEqual, U0, U1, U128, U16, U32, U64, U8};

use super::compact::LayoutParts;
use super::compact::StaticExtent;
use super::mma_atom::StaticLayout;
use super::recast::{Recast, RecastLayout};
use super::value::{BFloat16, Half, TFloat32};
use crate::algebra::StaticValue;
use crate::htuple::{Get, ModeOf};
use crate::shape::{Size, SizeOf};

/// A type a copy moves: its width in bits as a typenum integer (the
/// `recast_layout` factor), and its name.
///
/// # Examples
/// ```
/// use cute_static::atom::{CopyValue, Half};
/// assert_eq!(<<Half as CopyValue>::Bits as typenum::Unsigned>::I64, 16);
/// assert_eq!(<u128 as CopyValue>::NAME, "u128");
/// ```
pub trait CopyValue: Copy + Default + fmt::Debug + 'static {
    /// The width in bits (CuTe's `sizeof_bits<T>`).
    type Bits: StaticExtent;
    /// The name in the specification's language: `f16`, `u128`, ...
    const NAME: &'static str;
    /// The run-time algebra's name for the type.
    #[cfg(feature = "dynamic")]
    const DYNAMIC: cute_dynamic::atom::ValueType;
}
macro_rules! copy_value {
    ($($t:ty => $name:literal, $bits:ty, $dynamic:ident);* $(;)?) => {$(
        impl CopyValue for $t {
            type Bits = $bits;
            const NAME: &'static str = $name;
            #[cfg(feature = "dynamic")]
            const DYNAMIC: cute_dynamic::atom::ValueType = cute_dynamic::atom::ValueType::$dynamic;
        }
    )*};
}
copy_value!(
    Half => "f16", U16, F16;
    BFloat16 => "bf16", U16, BF16;
    TFloat32 => "tf32", U32, TF32;
    f32 => "f32", U32, F32;
    f64 => "f64", U64, F64;
    i8 => "s8", U8, S8;
    u8 => "u8", U8, U8;
    i32 => "s32", U32, S32;
    u16 => "u16", U16, U16;
    u32 => "u32", U32, U32;
    u64 => "u64", U64, U64;
    u128 => "u128", U128, U128;
);

/// A copy instruction (CuTe C++'s `Copy_Traits<Op>`): its threads and the
/// `(thread, bit) -> bit` layouts of its source, its destination and the
/// reference its tilings are written against, all static layouts in bits.
/// The instructions are zero-sized types named as CuTe C++ names them (see
/// the [module](self)).
///
/// # Examples
/// ```
/// use cute_static::atom::{CopyOp, SM75_U16x8_LDSM_T};
/// assert_eq!(SM75_U16x8_LDSM_T::dst_layout().to_string(),
///            "((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))");
/// ```
pub trait CopyOp: Copy + Default + fmt::Debug + 'static {
    /// The instruction's name, as CuTe C++ spells it.
    const NAME: &'static str;
    /// `thread id -> thread index`: a static layout.
    type ThrID: StaticLayout;
    /// `(thread, bit) -> bit` of the source.
    type SrcLayout: StaticLayout;
    /// `(thread, bit) -> bit` of the destination.
    type DstLayout: StaticLayout;
    /// `(thread, bit) -> bit` of the reference.
    type RefLayout: StaticLayout;

    /// The thread ID layout.
    #[inline]
    fn thr_id() -> Self::ThrID {
        StaticValue::static_value()
    }
    /// The source layout in bits.
    #[inline]
    fn src_layout() -> Self::SrcLayout {
        StaticValue::static_value()
    }
    /// The destination layout in bits.
    #[inline]
    fn dst_layout() -> Self::DstLayout {
        StaticValue::static_value()
    }
    /// The reference layout in bits.
    #[inline]
    fn ref_layout() -> Self::RefLayout {
        StaticValue::static_value()
    }

    /// The run-time instruction of the same name.
    #[cfg(feature = "dynamic")]
    fn dynamic_op() -> cute_dynamic::atom::CopyOp {
        cute_dynamic::atom::CopyOp::from_name(Self::NAME)
            .expect("a static copy instruction is named as a run-time one")
    }
}

/// Declares copy instructions of a fixed name: `Name: "doc", thr, src, dst, ref;`
/// with the layouts in `Layout!` notation.
macro_rules! copy_ops {
    ($(
        $(#[$doc:meta])*
        $name:ident: thr $thr:tt : $thrd:tt, src $sl:tt : $sld:tt, dst $dl:tt : $dld:tt, ref $rl:tt : $rld:tt;
    )*) => {$(
        $(#[$doc])*
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl CopyOp for $name {
            const NAME: &'static str = stringify!($name);
            type ThrID = crate::Layout![$thr : $thrd];
            type SrcLayout = crate::Layout![$sl : $sld];
            type DstLayout = crate::Layout![$dl : $dld];
            type RefLayout = crate::Layout![$rl : $rld];
        }
    )*};
}

copy_ops! {
    /// `ldmatrix.sync.aligned.m8n8.x1.shared.b16` (SM75): a warp loads one
    /// 8 x 8 matrix of 16-bit elements, each of threads 0-7 giving the
    /// address of a 128-bit row; each thread receives one 32-bit register.
    SM75_U32x1_LDSM_N: thr 32 : 1, src ((8, 4), 128) : ((128, 0), 1),
        dst (32, 32) : (32, 1), ref (32, 32) : (32, 1);
    /// `ldmatrix.sync.aligned.m8n8.x2.shared.b16` (SM75): two matrices,
    /// two 32-bit registers per thread.
    SM75_U32x2_LDSM_N: thr 32 : 1, src ((16, 2), 128) : ((128, 0), 1),
        dst (32, (32, 2)) : (32, (1, 1024)), ref (32, (32, 2)) : (32, (1, 1024));
    /// `ldmatrix.sync.aligned.m8n8.x4.shared.b16` (SM75): four matrices,
    /// four 32-bit registers per thread; the load of CuTe's SM80 GEMMs.
    SM75_U32x4_LDSM_N: thr 32 : 1, src (32, 128) : (128, 1),
        dst (32, (32, 4)) : (32, (1, 1024)), ref (32, (32, 4)) : (32, (1, 1024));
    /// `ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16` (SM75): one matrix,
    /// transposed on the way.
    SM75_U16x2_LDSM_T: thr 32 : 1, src ((8, 4), 128) : ((128, 0), 1),
        dst ((4, 8), (16, 2)) : ((256, 16), (1, 128)), ref ((4, 8), (16, 2)) : ((256, 16), (1, 128));
    /// `ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16` (SM75).
    SM75_U16x4_LDSM_T: thr 32 : 1, src ((16, 2), 128) : ((128, 0), 1),
        dst ((4, 8), (16, 2, 2)) : ((256, 16), (1, 128, 1024)),
        ref ((4, 8), (16, 2, 2)) : ((256, 16), (1, 128, 1024));
    /// `ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16` (SM75).
    SM75_U16x8_LDSM_T: thr 32 : 1, src (32, 128) : (128, 1),
        dst ((4, 8), (16, 2, 4)) : ((256, 16), (1, 128, 1024)),
        ref ((4, 8), (16, 2, 4)) : ((256, 16), (1, 128, 1024));
    /// `stmatrix.sync.aligned.m8n8.x1.shared.b16` (SM90): the reverse of
    /// [`SM75_U32x1_LDSM_N`], a warp stores one 8 x 8 matrix of 16-bit
    /// elements from one 32-bit register per thread, each of threads 0-7
    /// giving the address of a 128-bit row. The source is `ldmatrix`'s
    /// destination and the destination its source; the reference is the
    /// source (the registers).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, CopyAtom, Half, SM90_U32x1_STSM_N};
    /// let st = make_copy_atom::<Half, _>(SM90_U32x1_STSM_N);
    /// // two f16 a thread, stored as 8 rows of 8
    /// assert_eq!(st.val_layout_src().to_string(), "(_32,_2):(_2,_1)");
    /// assert_eq!(st.val_layout_dst().to_string(), "((_8,_4),_8):((_8,_0),_1)");
    /// ```
    SM90_U32x1_STSM_N: thr 32 : 1, src (32, 32) : (32, 1), dst ((8, 4), 128) : ((128, 0), 1),
        ref (32, 32) : (32, 1);
    /// `stmatrix.sync.aligned.m8n8.x2.shared.b16` (SM90): two matrices, two
    /// 32-bit registers per thread (the reverse of [`SM75_U32x2_LDSM_N`]).
    SM90_U32x2_STSM_N: thr 32 : 1, src (32, (32, 2)) : (32, (1, 1024)),
        dst ((16, 2), 128) : ((128, 0), 1), ref (32, (32, 2)) : (32, (1, 1024));
    /// `stmatrix.sync.aligned.m8n8.x4.shared.b16` (SM90): four matrices,
    /// four 32-bit registers per thread (the reverse of
    /// [`SM75_U32x4_LDSM_N`]); the store of CuTe's SM90 epilogues.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, CopyAtom, CopyOp, BFloat16, SM90_U32x4_STSM_N};
    /// assert_eq!(SM90_U32x4_STSM_N::dst_layout().to_string(), "(_32,_128):(_128,_1)");
    /// let st = make_copy_atom::<BFloat16, _>(SM90_U32x4_STSM_N);
    /// assert_eq!(st.val_layout_src().to_string(), "(_32,(_2,_4)):(_2,(_1,_64))");
    /// assert_eq!(st.num_val(), 8);
    /// ```
    SM90_U32x4_STSM_N: thr 32 : 1, src (32, (32, 4)) : (32, (1, 1024)), dst (32, 128) : (128, 1),
        ref (32, (32, 4)) : (32, (1, 1024));
    /// `stmatrix.sync.aligned.m8n8.x1.trans.shared.b16` (SM90): one
    /// matrix, transposed on the way (the reverse of
    /// [`SM75_U16x2_LDSM_T`]).
    SM90_U16x2_STSM_T: thr 32 : 1, src ((4, 8), (16, 2)) : ((256, 16), (1, 128)),
        dst ((8, 4), 128) : ((128, 0), 1), ref ((4, 8), (16, 2)) : ((256, 16), (1, 128));
    /// `stmatrix.sync.aligned.m8n8.x2.trans.shared.b16` (SM90): the
    /// reverse of [`SM75_U16x4_LDSM_T`].
    SM90_U16x4_STSM_T: thr 32 : 1, src ((4, 8), (16, 2, 2)) : ((256, 16), (1, 128, 1024)),
        dst ((16, 2), 128) : ((128, 0), 1),
        ref ((4, 8), (16, 2, 2)) : ((256, 16), (1, 128, 1024));
    /// `stmatrix.sync.aligned.m8n8.x4.trans.shared.b16` (SM90): the
    /// reverse of [`SM75_U16x8_LDSM_T`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, CopyAtom, Half, SM90_U16x8_STSM_T};
    /// let st = make_copy_atom::<Half, _>(SM90_U16x8_STSM_T);
    /// assert_eq!(st.val_layout_src().to_string(), "((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))");
    /// assert_eq!(st.val_layout_dst().to_string(), "(_32,_8):(_8,_1)");
    /// ```
    SM90_U16x8_STSM_T: thr 32 : 1, src ((4, 8), (16, 2, 4)) : ((256, 16), (1, 128, 1024)),
        dst (32, 128) : (128, 1), ref ((4, 8), (16, 2, 4)) : ((256, 16), (1, 128, 1024));
}

/// The layouts of a one-thread copy of one value of `T`: CuTe C++'s
/// `Layout<_1>` threads and `(_1, sizeof_bits<T>):(_0, _1)` source,
/// destination and reference.
type OneThread = crate::Layout![1 : 0];
/// `(_1, bits):(_0, _1)`.
type OneValue<T> = crate::layout::Layout<
    frunk_core::hlist::HCons<
        U1,
        frunk_core::hlist::HCons<<T as CopyValue>::Bits, frunk_core::hlist::HNil>,
    >,
    crate::Stride![0, 1],
>;

macro_rules! one_thread_op {
    ($(#[$doc:meta])* $name:ident, $bound:ident, |$t:ident| $dynamic:expr) => {
        $(#[$doc])*
        #[allow(non_camel_case_types)]
        pub struct $name<T>(PhantomData<fn() -> T>);
        impl<T> Clone for $name<T> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<T> Copy for $name<T> {}
        impl<T> Default for $name<T> {
            fn default() -> Self {
                $name(PhantomData)
            }
        }
        impl<T: CopyValue> fmt::Debug for $name<T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}<{}>", stringify!($name), T::NAME)
            }
        }
        impl<T: $bound> CopyOp for $name<T>
        where
            OneValue<T>: StaticLayout,
        {
            const NAME: &'static str = stringify!($name);
            type ThrID = OneThread;
            type SrcLayout = OneValue<T>;
            type DstLayout = OneValue<T>;
            type RefLayout = OneValue<T>;
            #[cfg(feature = "dynamic")]
            fn dynamic_op() -> cute_dynamic::atom::CopyOp {
                let $t = T::DYNAMIC;
                $dynamic
            }
        }
    };
}

/// A width `cp.async` copies: `u32`, `u64` or `u128` (4, 8 or 16 bytes).
pub trait CpAsyncValue: CopyValue {}
impl CpAsyncValue for u32 {}
impl CpAsyncValue for u64 {}
impl CpAsyncValue for u128 {}
/// The width `cp.async.cg` copies: `u128`.
pub trait CpAsyncGlobalValue: CpAsyncValue {}
impl CpAsyncGlobalValue for u128 {}

one_thread_op!(
    /// One thread copying one value of `T` by an ordinary load and store
    /// (CuTe's `UniversalCopy<T>`): `UniversalCopy<u128>` moves 128 bits, a
    /// vectorised access.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, CopyAtom, Half, UniversalCopy};
    /// let c = make_copy_atom::<Half, _>(UniversalCopy::<u128>::default());
    /// assert_eq!(c.val_layout_src().to_string(), "(_1,_8):(_0,_1)");
    /// ```
    UniversalCopy, CopyValue, |t| cute_dynamic::atom::CopyOp::universal(t)
);
one_thread_op!(
    /// `cp.async.ca.shared.global` (SM80): one thread copies one value of
    /// `T` (`u32`, `u64` or `u128`) from global to shared memory
    /// asynchronously, cached at all levels (CuTe's
    /// `SM80_CP_ASYNC_CACHEALWAYS<T>`).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, CopyAtom, Half, SM80_CP_ASYNC_CACHEALWAYS};
    /// let c = make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default());
    /// assert_eq!(c.val_layout_dst().to_string(), "(_1,_8):(_0,_1)");
    /// ```
    SM80_CP_ASYNC_CACHEALWAYS, CpAsyncValue,
    |t| cute_dynamic::atom::CopyOp::cp_async("SM80_CP_ASYNC_CACHEALWAYS", t)
        .expect("cp.async copies 32, 64 or 128 bits")
);
one_thread_op!(
    /// `cp.async.cg.shared.global` (SM80): as
    /// [`SM80_CP_ASYNC_CACHEALWAYS`], cached at the global level only;
    /// `T` is `u128` (CuTe's `SM80_CP_ASYNC_CACHEGLOBAL<T>`).
    SM80_CP_ASYNC_CACHEGLOBAL, CpAsyncGlobalValue,
    |t| cute_dynamic::atom::CopyOp::cp_async("SM80_CP_ASYNC_CACHEGLOBAL", t)
        .expect("cp.async.cg copies 128 bits")
);

// ------------------------------------------------------------------ the atom

/// The rule of a copy atom: in values of its type, each of the
/// instruction's layouts keeps a thread mode of the instruction's threads
/// (CuTe's "CopyOperation is not valid for Src of ValType"): the bits one
/// thread moves are a whole number of values. Implemented for `B1` only;
/// the bound `<size<0>(ValLayout) == size(ThrID)>: CopyAtomValid<...>` is
/// the check.
///
/// # Examples
/// ```compile_fail
/// // one 32-bit register per thread does not hold a 64-bit value
/// use cute_static::atom::{make_copy_atom, CopyAtom, SM75_U32x1_LDSM_N};
/// let c = make_copy_atom::<f64, _>(SM75_U32x1_LDSM_N);
/// let _ = c.val_layout_dst();
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe Copy_Atom: the CopyOperation is not valid for its ValType: a layout in values does not keep the instruction's threads",
    label = "the {What} layout of `{Op}` does not keep its threads in values of `{T}`",
    note = "Copy_Atom<Op, T> reads the instruction's layouts (in bits) in values of T (recast_layout<uint1_t, T>): size<0> of each must stay size(ThrID), i.e. the bits each thread moves are a whole number of values of T"
)]
pub trait CopyAtomValid<Op, T, What> {}
impl<Op, T, What> CopyAtomValid<Op, T, What> for typenum::B1 {}

/// The source (CuTe's `Src`), for errors.
#[derive(Clone, Copy, Debug, Default)]
pub struct Src;
/// The destination (CuTe's `Dst`), for errors.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dst;
/// The reference (CuTe's `Ref`), for errors.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ref;

/// A copy atom (CuTe C++'s `Copy_Atom<Op, T>`): a copy instruction and the
/// type of the values it moves, all as types. Implemented by
/// [`CopyAtomOf<Op, T>`](CopyAtomOf), from [`make_copy_atom`].
///
/// - `ThrID`, `SrcLayout`, `DstLayout`, `RefLayout`: the instruction's
///   layouts, in bits;
/// - `ValLayoutSrc`, `ValLayoutDst`, `ValLayoutRef`: the same in values of
///   `ValType`, computed by the compiler
///   (`recast_layout<uint1_t, ValType>`);
/// - `NumThr`, `NumVal`: the threads and the values per thread of the
///   reference (CuTe's `AtomNumThr`, `AtomNumVal`).
///
/// Each atom equals the run-time atom of the same instruction and value
/// type (`cute_dynamic::atom::CopyAtom::new`), which is checked against
/// CuTe C++; a test compares them ([`CopyAtom::to_dynamic`]).
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, CopyAtom, SM75_U32x2_LDSM_N};
/// use typenum::Unsigned;
/// fn atom_size<A: CopyAtom>(_: A) -> (i64, i64) {
///     (<A::NumThr as Unsigned>::I64, <A::NumVal as Unsigned>::I64)
/// }
/// // a warp; two 32-bit registers of 8-bit values each
/// assert_eq!(atom_size(make_copy_atom::<i8, _>(SM75_U32x2_LDSM_N)), (32, 8));
/// ```
pub trait CopyAtom: Copy + Default + fmt::Debug + 'static {
    /// The instruction.
    type Op: CopyOp;
    /// The type of the values moved.
    type ValType: CopyValue;
    /// `thread id -> thread index`.
    type ThrID: StaticLayout;
    /// `(thread, bit) -> bit` of the source.
    type SrcLayout: StaticLayout;
    /// `(thread, bit) -> bit` of the destination.
    type DstLayout: StaticLayout;
    /// `(thread, bit) -> bit` of the reference.
    type RefLayout: StaticLayout;
    /// `(thread, value) -> value` of the source.
    type ValLayoutSrc: StaticLayout;
    /// `(thread, value) -> value` of the destination.
    type ValLayoutDst: StaticLayout;
    /// `(thread, value) -> value` of the reference.
    type ValLayoutRef: StaticLayout;
    /// The threads of the reference (CuTe's `AtomNumThr`).
    type NumThr: StaticExtent;
    /// The values per thread of the reference (CuTe's `AtomNumVal`).
    type NumVal: StaticExtent;

    /// The thread ID layout.
    #[inline]
    fn thr_id(&self) -> Self::ThrID {
        StaticValue::static_value()
    }
    /// The source layout in bits.
    #[inline]
    fn src_layout(&self) -> Self::SrcLayout {
        StaticValue::static_value()
    }
    /// The destination layout in bits.
    #[inline]
    fn dst_layout(&self) -> Self::DstLayout {
        StaticValue::static_value()
    }
    /// The reference layout in bits.
    #[inline]
    fn ref_layout(&self) -> Self::RefLayout {
        StaticValue::static_value()
    }
    /// The source layout in values (CuTe's `ValLayoutSrc`).
    #[inline]
    fn val_layout_src(&self) -> Self::ValLayoutSrc {
        StaticValue::static_value()
    }
    /// The destination layout in values (CuTe's `ValLayoutDst`).
    #[inline]
    fn val_layout_dst(&self) -> Self::ValLayoutDst {
        StaticValue::static_value()
    }
    /// The reference layout in values (CuTe's `ValLayoutRef`).
    #[inline]
    fn val_layout_ref(&self) -> Self::ValLayoutRef {
        StaticValue::static_value()
    }
    /// The values one thread moves (CuTe's `NumValSrc`, the reference's).
    #[inline]
    fn num_val(&self) -> i64 {
        <Self::NumVal as typenum::Unsigned>::I64
    }

    /// The atom as a run-time atom (`cute_dynamic::atom::CopyAtom`): its
    /// instruction, value type and layouts in bits. It equals
    /// `CopyAtom::new(Self::Op::dynamic_op(), value type)`, the run-time
    /// atom of the same instruction (a test checks it for every atom).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, CopyAtom, CopyOp, Half, SM75_U16x4_LDSM_T};
    /// let d = CopyAtom::to_dynamic(&make_copy_atom::<Half, _>(SM75_U16x4_LDSM_T));
    /// let want = cute_dynamic::atom::CopyAtom::new(SM75_U16x4_LDSM_T::dynamic_op(),
    ///                                              cute_dynamic::atom::ValueType::F16).unwrap();
    /// assert_eq!(d, want);
    /// ```
    #[cfg(feature = "dynamic")]
    fn to_dynamic(&self) -> cute_dynamic::atom::CopyAtom {
        cute_dynamic::atom::CopyAtom::from_parts(
            <Self::Op as CopyOp>::dynamic_op().name(),
            <Self::ValType as CopyValue>::DYNAMIC,
            self.thr_id().dynamic(),
            self.src_layout().dynamic(),
            self.dst_layout().dynamic(),
            self.ref_layout().dynamic(),
        )
        .expect("a static copy atom's layouts are those of an atom")
    }
}

/// The copy atom of the instruction `Op` moving values of `T` (CuTe C++'s
/// `Copy_Atom<Op, T>`): a zero-sized type, made by [`make_copy_atom`].
///
/// # Examples
/// ```
/// use cute_static::atom::{CopyAtom, CopyAtomOf, BFloat16, SM75_U16x8_LDSM_T};
/// let t = CopyAtomOf::<SM75_U16x8_LDSM_T, BFloat16>::default();
/// assert_eq!(t.val_layout_dst().to_string(), "((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))");
/// assert_eq!(format!("{t:?}"), "Copy_Atom<SM75_U16x8_LDSM_T, bf16>");
/// ```
pub struct CopyAtomOf<Op, T>(PhantomData<fn() -> (Op, T)>);
impl<Op, T> Clone for CopyAtomOf<Op, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Op, T> Copy for CopyAtomOf<Op, T> {}
impl<Op, T> Default for CopyAtomOf<Op, T> {
    fn default() -> Self {
        CopyAtomOf(PhantomData)
    }
}
impl<Op: CopyOp, T: CopyValue> fmt::Debug for CopyAtomOf<Op, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Copy_Atom<{:?}, {}>", Op::default(), T::NAME)
    }
}

/// CuTe's `Copy_Atom<Op, T>{}`: the copy atom of the instruction `op`
/// moving values of `T`. Its layouts in values are computed by the
/// compiler where they are used; an instruction not valid for `T` does
/// not compile ([`CopyAtomValid`]).
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, CopyAtom, Half, SM80_CP_ASYNC_CACHEALWAYS};
/// let cp = make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default());
/// assert_eq!(cp.num_val(), 8); // 8 f16 in 128 bits
/// ```
#[inline]
pub fn make_copy_atom<T, Op>(op: Op) -> CopyAtomOf<Op, T>
where
    Op: CopyOp,
    T: CopyValue,
    CopyAtomOf<Op, T>: CopyAtom,
{
    let _ = op;
    CopyAtomOf(PhantomData)
}

/// The layout `L` in bits read in values of `T`.
type InValues<L, T> = Recast<L, U1, <T as CopyValue>::Bits>;
/// The size of mode `I` of a layout type.
type ModeSize<L, I> = SizeOf<ModeOf<<L as LayoutParts>::Shape, I>>;
/// The size of a layout type.
type LayoutSize<L> = SizeOf<<L as LayoutParts>::Shape>;
/// `B1` iff the layout `L` in bits keeps the `N` threads in values of `T`.
type Keeps<L, T, N> = <ModeSize<InValues<L, T>, U0> as IsEqual<N>>::Output;

impl<Op: CopyOp, T: CopyValue> CopyAtom for CopyAtomOf<Op, T>
where
    <Op::ThrID as LayoutParts>::Shape: Size,
    LayoutSize<Op::ThrID>: StaticExtent,
    Op::SrcLayout: RecastLayout<U1, T::Bits>,
    Op::DstLayout: RecastLayout<U1, T::Bits>,
    Op::RefLayout: RecastLayout<U1, T::Bits>,
    InValues<Op::SrcLayout, T>: StaticLayout,
    InValues<Op::DstLayout, T>: StaticLayout,
    InValues<Op::RefLayout, T>: StaticLayout,
    <InValues<Op::SrcLayout, T> as LayoutParts>::Shape: Get<U0>,
    <InValues<Op::DstLayout, T> as LayoutParts>::Shape: Get<U0>,
    <InValues<Op::RefLayout, T> as LayoutParts>::Shape: Get<U0> + Get<U1>,
    ModeOf<<InValues<Op::SrcLayout, T> as LayoutParts>::Shape, U0>: Size,
    ModeOf<<InValues<Op::DstLayout, T> as LayoutParts>::Shape, U0>: Size,
    ModeOf<<InValues<Op::RefLayout, T> as LayoutParts>::Shape, U0>: Size,
    ModeOf<<InValues<Op::RefLayout, T> as LayoutParts>::Shape, U1>: Size,
    ModeSize<InValues<Op::SrcLayout, T>, U0>: IsEqual<LayoutSize<Op::ThrID>>,
    ModeSize<InValues<Op::DstLayout, T>, U0>: IsEqual<LayoutSize<Op::ThrID>>,
    ModeSize<InValues<Op::RefLayout, T>, U0>: IsEqual<LayoutSize<Op::ThrID>> + StaticExtent,
    ModeSize<InValues<Op::RefLayout, T>, U1>: StaticExtent,
    Keeps<Op::SrcLayout, T, LayoutSize<Op::ThrID>>: CopyAtomValid<Op, T, Src>,
    Keeps<Op::DstLayout, T, LayoutSize<Op::ThrID>>: CopyAtomValid<Op, T, Dst>,
    Keeps<Op::RefLayout, T, LayoutSize<Op::ThrID>>: CopyAtomValid<Op, T, Ref>,
{
    type Op = Op;
    type ValType = T;
    type ThrID = Op::ThrID;
    type SrcLayout = Op::SrcLayout;
    type DstLayout = Op::DstLayout;
    type RefLayout = Op::RefLayout;
    type ValLayoutSrc = InValues<Op::SrcLayout, T>;
    type ValLayoutDst = InValues<Op::DstLayout, T>;
    type ValLayoutRef = InValues<Op::RefLayout, T>;
    type NumThr = ModeSize<InValues<Op::RefLayout, T>, U0>;
    type NumVal = ModeSize<InValues<Op::RefLayout, T>, U1>;
}

/// CuTe C++'s `print(Copy_Atom)`: the instruction, the value type, the
/// thread layout and the layouts in values.
impl<Op: CopyOp, T: CopyValue> fmt::Display for CopyAtomOf<Op, T>
where
    Self: CopyAtom,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Copy_Atom {:?} {}", Op::default(), T::NAME)?;
        writeln!(f, "  ThrID:        {}", self.thr_id())?;
        writeln!(f, "  ValLayoutSrc: {}", self.val_layout_src())?;
        writeln!(f, "  ValLayoutDst: {}", self.val_layout_dst())?;
        write!(f, "  ValLayoutRef: {}", self.val_layout_ref())
    }
}
