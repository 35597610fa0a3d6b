//! `TiledCopy`: a copy atom tiled over the threads and values of a block,
//! as a type the compiler computes (CuTe C++'s `TiledCopy`, `ThrCopy`,
//! `make_tiled_copy`, `make_tiled_copy_A/B/C`, `cute/atom/copy_atom.hpp`).
//!
//! A [`TiledCopy<Atom, LayoutTV, Tiler>`](TiledCopy) is a zero-sized type:
//! the atom, the thread-value layout `(thread, value) -> coordinate` of the
//! tile, and the tile's shape. [`make_tiled_copy`] computes the last two
//! from a thread layout and a value layout, as CuTe C++ does:
//!
//! ```text
//! layout_mn = raked_product(thr_layout, val_layout)          (m, n) -> (thr, val)
//! layout_tv = right_inverse(layout_mn) o (size(thr), size(val)):(1, size(thr))
//! tiler     = product_each(shape(layout_mn))
//! ```
//!
//! and [`make_tiled_copy_a`] (`_b`, `_c`) takes them from a [`TiledMma`](super::TiledMma):
//! its operand's thread-value layout and tile, so that the copy's
//! destination is the MMA's register fragment. The tilings are CuTe C++'s
//! `tile2thrfrg`, each step this crate's operation of the same name:
//!
//! ```text
//! ref2trg   = right_inverse(ValLayoutRef) o ValLayoutSrc           (or Dst)
//! atom_tv   = zipped_divide(layout_tv, (AtomNumThr, AtomNumVal))  ((atom_t, atom_v), (rest_t, rest_v))
//! trg_tv    = atom_tv[0] o ref2trg                                 (trg_t, trg_v)
//! thrval2mn = coalesce(((trg_t, rest_t), (trg_v, rest_v)), (1, (1, 1)))
//! tidfrg(L) = let z = zipped_divide(L, tiler), t = z[0] o thrval2mn in (t[0], t[1], z[1])
//!                                                                  (Thr, (FrgV, FrgX), (RestM, RestN, ...))
//! ```
//!
//! A thread's view ([`ThrCopy`], from [`TiledCopy::get_slice`]) slices it
//! at its index: [`ThrCopy::partition_s`] and [`ThrCopy::partition_d`]
//! give `(offset, layout)` of a layout's elements the thread copies, static
//! or mixed as the algebra keeps them, and [`ThrCopy::retile_s`] /
//! [`ThrCopy::retile_d`] regroup a thread's fragment as the copy moves it.
//!
//! ```
//! use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
//! use cute_static::layout;
//! // 32 x 4 threads, K-major, each moving 8 f16 (128 bits) of a row
//! let copy = make_tiled_copy(
//!     make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
//!     layout!((32, 4) : (4, 1)),
//!     layout!((1, 8)),
//! );
//! assert_eq!(copy.size(), 128);
//! assert_eq!(copy.tiler().to_string(), "(_32,_32)");
//! // thread 5's elements of a K-major 128 x 32 tile of A in global memory
//! let ld = 4096;
//! let g_a = layout!((128, 32) : (ld, 1)).unwrap();
//! let (off, t) = copy.get_slice(5).unwrap().partition_s(g_a).unwrap();
//! assert_eq!((off, t.to_string()), (4096 + 8, "((_8,_1),_4,_1):((_1,_0),131072,_0)".to_string()));
//! ```
//!
//! # What the compiler checks
//!
//! - The thread-value layout holds whole atoms: its threads and its values
//!   per thread are multiples of the atom's ([`CopyThreadsHoldAtoms`],
//!   [`CopyValuesHoldAtoms`]; CuTe's "TiledCopy uses too few thrs/vals").
//! - A layout partitioned by the copy is tiled exactly by its tile in each
//!   mode the tile spans ([`CopyTileDivides`](super::CopyTileDivides); a
//!   run-time size at run time).
//! - The atom is valid for its value type
//!   ([`CopyAtomValid`](super::CopyAtomValid)).

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Mul, Rem};

use cute_core::{Error, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{IsEqual, Prod, Unsigned, B0, B1, U0, U1};

use super::compact::{LayoutMode, LayoutParts, ModeLayout, ZeroUnitLayout, ZeroUnitStrides};
use super::copy_atom::{CopyAtom, Dst, Src};
use super::copy_rules::{CopyThreadsHoldAtoms, CopyValuesHoldAtoms, TiledByCopy};
use super::mma_atom::StaticLayout;
use super::recast::{Upcast, Upcasted};
use super::thr_mma::ThreadIndex;
use super::thrfrg::{
    CompactColMajor, HList2, LayoutStatic, LayoutTv, OperandA, OperandB, OperandC,
};
use super::tiled_mma::{HList3, MmaTiling, StaticExtent};
use crate::algebra::{
    CoalesceBy, CoalescedBy, Composed, Composition, IntoResult, IntoTiler, LogicalProduct,
    LogicalProducted, RakedProduct, RakedProducted, Returns, RightInverse, RightInverted,
    StaticValue, ZippedDivide, ZippedDivided,
};
use crate::coord::Keep;
use crate::htuple::{Get, HTuple, ModeOf, Rank, RankOf, StaticTuple, Tuple};
use crate::layout::{Concatenation, Layout, MakeLayout};
use crate::partition::{KeepAll, Slice, Sliced};
use crate::shape::{ColMajor, PrefixProduct, ProductEach, ProductsEach, Size, SizeOf};

// ------------------------------------------------------------------ the type

/// A copy atom `A` tiled over a block (CuTe C++'s `TiledCopy`): `TV` is the
/// thread-value layout `(thread, value) -> coordinate` of the tile (a
/// static layout), `T` the tile's shape, a tuple of static extents (CuTe's
/// `Tiler_MN`). A zero-sized type; made by [`make_tiled_copy`] or
/// [`make_tiled_copy_a`] (`_b`, `_c`), whose bounds check the rules.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
/// use cute_static::layout;
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
/// assert_eq!(core::mem::size_of_val(&copy), 0);
/// assert_eq!(copy.to_string().lines().nth(2).unwrap(),
///            "  TiledLayout_TV: ((_8,_16),_8):((_128,_1),_16)");
/// ```
pub struct TiledCopy<A, TV, T>(PhantomData<Parts<A, TV, T>>);
/// The parameters of a [`TiledCopy`], as a marker (no value held).
type Parts<A, TV, T> = fn() -> (A, TV, T);

impl<A, TV, T> Clone for TiledCopy<A, TV, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A, TV, T> Copy for TiledCopy<A, TV, T> {}
impl<A, TV, T> Default for TiledCopy<A, TV, T> {
    fn default() -> Self {
        TiledCopy(PhantomData)
    }
}

/// The size of mode `I` of a layout type.
type ModeSize<L, I> = SizeOf<ModeOf<<L as LayoutParts>::Shape, I>>;
/// `B1` iff `A` divides `T`.
type DividesBit<T, A> = <<T as Rem<A>>::Output as IsEqual<U0>>::Output;

/// What the compiler knows of a [`TiledCopy`]: its atom, thread-value
/// layout, tile, threads and values per thread, the rules checked
/// ([`CopyThreadsHoldAtoms`], [`CopyValuesHoldAtoms`]).
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, CopyTiling, Half, UniversalCopy};
/// use cute_static::layout;
/// use typenum::Unsigned;
/// fn threads<TC: CopyTiling>(_: &TC) -> (i64, i64) {
///     (<TC::NumThr as Unsigned>::I64, <TC::NumVal as Unsigned>::I64)
/// }
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
/// assert_eq!(threads(&copy), (128, 8));
/// ```
pub trait CopyTiling: Copy + Default {
    /// The atom.
    type Atom: CopyAtom;
    /// `(thread, value) -> coordinate` of the tile (CuTe's `TiledLayout_TV`).
    type LayoutTV: StaticLayout;
    /// The tile's shape, one static extent per mode (CuTe's `Tiler_MN`).
    type Tiler: StaticTuple + StaticValue + IntoTiler + Copy + 'static;
    /// The threads (CuTe's `TiledNumThr`).
    type NumThr: StaticExtent;
    /// The values per thread (CuTe's `TiledNumVal`).
    type NumVal: StaticExtent;
}
impl<A, TV, T> CopyTiling for TiledCopy<A, TV, T>
where
    A: CopyAtom,
    TV: StaticLayout,
    <TV as LayoutParts>::Shape: Get<U0> + Get<U1>,
    ModeOf<<TV as LayoutParts>::Shape, U0>: Size,
    ModeOf<<TV as LayoutParts>::Shape, U1>: Size,
    ModeSize<TV, U0>: StaticExtent + Rem<A::NumThr>,
    ModeSize<TV, U1>: StaticExtent + Rem<A::NumVal>,
    <ModeSize<TV, U0> as Rem<A::NumThr>>::Output: IsEqual<U0>,
    <ModeSize<TV, U1> as Rem<A::NumVal>>::Output: IsEqual<U0>,
    DividesBit<ModeSize<TV, U0>, A::NumThr>: CopyThreadsHoldAtoms<ModeSize<TV, U0>, A::NumThr>,
    DividesBit<ModeSize<TV, U1>, A::NumVal>: CopyValuesHoldAtoms<ModeSize<TV, U1>, A::NumVal>,
    T: StaticTuple + StaticValue + IntoTiler + Copy + 'static,
{
    type Atom = A;
    type LayoutTV = TV;
    type Tiler = T;
    type NumThr = ModeSize<TV, U0>;
    type NumVal = ModeSize<TV, U1>;
}

// ------------------------------------------------------------------ make_tiled_copy

/// A shape as a tuple: a leaf `s` is `(s,)`.
pub trait AsTuple {
    /// The tuple.
    type Output: Tuple;
}
impl AsTuple for HNil {
    type Output = HNil;
}
impl<H: HTuple, T: Tuple> AsTuple for HCons<H, T> {
    type Output = HCons<H, T>;
}
impl<U: Unsigned, B: typenum::Bit> AsTuple for typenum::UInt<U, B> {
    type Output = HCons<typenum::UInt<U, B>, HNil>;
}

/// The tuple `Self` padded with `E` entries to the length of `B` (CuTe's
/// `append<R>(layout)` pads a layout with `_1:_0` modes).
pub trait PadLike<B, E> {
    /// The padded tuple.
    type Output;
}
impl<E> PadLike<HNil, E> for HNil {
    type Output = HNil;
}
impl<H, T, E> PadLike<HNil, E> for HCons<H, T> {
    type Output = HCons<H, T>;
}
impl<BH, BT, E> PadLike<HCons<BH, BT>, E> for HNil
where
    HNil: PadLike<BT, E>,
{
    type Output = HCons<E, <HNil as PadLike<BT, E>>::Output>;
}
impl<H, T: PadLike<BT, E>, BH, BT, E> PadLike<HCons<BH, BT>, E> for HCons<H, T> {
    type Output = HCons<H, T::Output>;
}

/// The thread and value layouts of `make_tiled_copy` at one rank: as they
/// are when their ranks agree, otherwise both as tuples, the shorter padded
/// with `_1:_0` modes (CuTe C++'s `raked_product` pads them so). `Self` is
/// the bit "the ranks agree".
pub trait PadRanks<A, B> {
    /// The thread layout.
    type A;
    /// The value layout.
    type B;
}
impl<A, B> PadRanks<A, B> for B1 {
    type A = A;
    type B = B;
}
/// The layout `L` as a tuple padded to the length of the shape `O`.
type PaddedTo<L, O> = Layout<
    <<<L as LayoutParts>::Shape as AsTuple>::Output as PadLike<<O as AsTuple>::Output, U1>>::Output,
    <<<L as LayoutParts>::Stride as AsTuple>::Output as PadLike<<O as AsTuple>::Output, U0>>::Output,
>;
impl<A: LayoutParts, B: LayoutParts> PadRanks<A, B> for B0
where
    A::Shape: AsTuple,
    A::Stride: AsTuple,
    B::Shape: AsTuple,
    B::Stride: AsTuple,
    <A::Shape as AsTuple>::Output: PadLike<<B::Shape as AsTuple>::Output, U1>,
    <A::Stride as AsTuple>::Output: PadLike<<B::Shape as AsTuple>::Output, U0>,
    <B::Shape as AsTuple>::Output: PadLike<<A::Shape as AsTuple>::Output, U1>,
    <B::Stride as AsTuple>::Output: PadLike<<A::Shape as AsTuple>::Output, U0>,
    <<A::Shape as AsTuple>::Output as PadLike<<B::Shape as AsTuple>::Output, U1>>::Output: HTuple,
    <<B::Shape as AsTuple>::Output as PadLike<<A::Shape as AsTuple>::Output, U1>>::Output: HTuple,
{
    type A = PaddedTo<A, B::Shape>;
    type B = PaddedTo<B, A::Shape>;
}

/// What `make_tiled_copy(atom, thr_layout, val_layout)` computes from the
/// thread layout `Self` and the value layout `V`: the thread-value layout
/// and the tile (see the [module](self)).
#[diagnostic::on_unimplemented(
    message = "CuTe make_tiled_copy: `{Self}` and `{V}` are not a thread layout and a value layout",
    note = "make_tiled_copy(atom, thr_layout, val_layout) takes two static layouts (m, n) -> thread and (m, n) -> value; their raked product is the tile"
)]
pub trait ThrValLayout<V> {
    /// `(m, n) -> (thread, value)`: the raked product.
    type LayoutMN: StaticLayout;
    /// `(thread, value) -> (m, n)`.
    type LayoutTV: StaticLayout;
    /// The tile's shape.
    type Tiler;
}
/// `B1` iff the two layouts have the same rank.
type SameRank<A, B> =
    <RankOf<<A as LayoutParts>::Shape> as IsEqual<RankOf<<B as LayoutParts>::Shape>>>::Output;
type PadA<A, B> = <SameRank<A, B> as PadRanks<A, B>>::A;
type PadB<A, B> = <SameRank<A, B> as PadRanks<A, B>>::B;
type MnOf<A, B> = RakedProducted<PadA<A, B>, PadB<A, B>>;
/// `(size(thr), size(val))`, column-major.
type TvShape<A, B> = HList2<SizeOf<<A as LayoutParts>::Shape>, SizeOf<<B as LayoutParts>::Shape>>;
type TvOf<A, B> =
    Composed<RightInverted<MnOf<A, B>>, Layout<TvShape<A, B>, ColMajor<TvShape<A, B>>>>;
impl<A, B> ThrValLayout<B> for A
where
    A: StaticLayout,
    B: StaticLayout,
    A::Shape: Rank + Size,
    B::Shape: Rank + Size,
    RankOf<A::Shape>: IsEqual<RankOf<B::Shape>>,
    SameRank<A, B>: PadRanks<A, B>,
    PadA<A, B>: RakedProduct<PadB<A, B>>,
    MnOf<A, B>: StaticLayout + RightInverse,
    TvShape<A, B>: PrefixProduct<U1>,
    RightInverted<MnOf<A, B>>: Composition<Layout<TvShape<A, B>, ColMajor<TvShape<A, B>>>>,
    TvOf<A, B>: StaticLayout,
    <MnOf<A, B> as LayoutParts>::Shape: ProductEach,
    ProductsEach<<MnOf<A, B> as LayoutParts>::Shape>: AsTuple,
{
    type LayoutMN = MnOf<A, B>;
    type LayoutTV = TvOf<A, B>;
    type Tiler = <ProductsEach<<MnOf<A, B> as LayoutParts>::Shape> as AsTuple>::Output;
}

/// The tiled copy of `make_tiled_copy(atom, Thr, Val)`.
pub type TiledCopyOf<A, Thr, Val> =
    TiledCopy<A, <Thr as ThrValLayout<Val>>::LayoutTV, <Thr as ThrValLayout<Val>>::Tiler>;

/// CuTe C++'s `make_tiled_copy(atom, thr_layout, val_layout)`: the threads
/// laid out by `thr_layout` (`(m, n) -> thread`), each moving the block
/// `val_layout` (`(m, n) -> value`); both static layouts. The tile is their
/// raked product, the thread-value layout its right inverse with the shape
/// `(size(thr_layout), size(val_layout))`, all computed by the compiler
/// (see the [module](self)). The layout of fewer modes is padded with
/// `_1:_0` modes.
///
/// # Pre-conditions
/// The threads and the values per thread hold whole atoms (trait bounds,
/// [`CopyThreadsHoldAtoms`], [`CopyValuesHoldAtoms`]).
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
/// use cute_static::layout;
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
/// assert_eq!(copy.get_layout_s_tv().to_string(), "((_8,_16),(_8,_1)):((_128,_1),(_16,_0))");
/// ```
/// Too few threads for the atom do not compile:
/// ```compile_fail
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM75_U32x4_LDSM_N};
/// use cute_static::layout;
/// let _ = make_tiled_copy(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), layout!((4, 4)), layout!((1, 8)));
/// ```
#[inline]
pub fn make_tiled_copy<A, Thr, Val>(
    atom: A,
    thr_layout: Thr,
    val_layout: Val,
) -> TiledCopyOf<A, Thr, Val>
where
    A: CopyAtom,
    Thr: ThrValLayout<Val>,
    TiledCopyOf<A, Thr, Val>: CopyTiling,
{
    let _ = (atom, thr_layout, val_layout);
    TiledCopy(PhantomData)
}

/// The tiled copy of `make_tiled_copy_A(atom, mma)`.
pub type TiledCopyA<A, TM> = TiledCopy<
    A,
    <OperandA as LayoutTv<TM>>::Output,
    HList2<<TM as MmaTiling>::TileM, <TM as MmaTiling>::TileK>,
>;
/// The tiled copy of `make_tiled_copy_B(atom, mma)`.
pub type TiledCopyB<A, TM> = TiledCopy<
    A,
    <OperandB as LayoutTv<TM>>::Output,
    HList2<<TM as MmaTiling>::TileN, <TM as MmaTiling>::TileK>,
>;
/// The tiled copy of `make_tiled_copy_C(atom, mma)`.
pub type TiledCopyC<A, TM> = TiledCopy<
    A,
    <OperandC as LayoutTv<TM>>::Output,
    HList2<<TM as MmaTiling>::TileM, <TM as MmaTiling>::TileN>,
>;

/// CuTe C++'s `make_tiled_copy_A(atom, mma)`: a tiled copy whose
/// thread-value layout is the tiled MMA's A layout over its `(M, K)` tile
/// ([`TiledMma::get_layout_a_tv`](super::TiledMma::get_layout_a_tv)): the
/// copy's destination is the MMA's A fragment (CuTe's SM80 GEMMs load it
/// from shared memory with `ldmatrix`).
///
/// # Pre-conditions
/// The MMA's threads and A values per thread hold whole atoms (trait
/// bounds, [`CopyThreadsHoldAtoms`], [`CopyValuesHoldAtoms`]).
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half};
/// use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::layout;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
/// assert_eq!((copy.size(), copy.tiler().to_string()), (128, "(_32,_16)".to_string()));
/// ```
#[inline]
pub fn make_tiled_copy_a<A, TM>(atom: A, mma: &TM) -> TiledCopyA<A, TM>
where
    A: CopyAtom,
    TM: MmaTiling,
    OperandA: LayoutTv<TM>,
    TiledCopyA<A, TM>: CopyTiling,
{
    let _ = (atom, mma);
    TiledCopy(PhantomData)
}

/// CuTe C++'s `make_tiled_copy_B(atom, mma)`: as [`make_tiled_copy_a`] for
/// B, over the tiled MMA's `(N, K)` tile.
///
/// # Pre-conditions
/// As [`make_tiled_copy_a`], for B's values.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy_b, make_tiled_mma, Half};
/// use cute_static::atom::{SM75_U32x2_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::layout;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// // each thread holds 4 f16 of B per tile: two 32-bit registers, ldmatrix.x2
/// let copy = make_tiled_copy_b(make_copy_atom::<Half, _>(SM75_U32x2_LDSM_N), &mma);
/// assert_eq!(copy.tiler().to_string(), "(_16,_16)");
/// ```
#[inline]
pub fn make_tiled_copy_b<A, TM>(atom: A, mma: &TM) -> TiledCopyB<A, TM>
where
    A: CopyAtom,
    TM: MmaTiling,
    OperandB: LayoutTv<TM>,
    TiledCopyB<A, TM>: CopyTiling,
{
    let _ = (atom, mma);
    TiledCopy(PhantomData)
}

/// CuTe C++'s `make_tiled_copy_C(atom, mma)`: as [`make_tiled_copy_a`] for
/// C, over the tiled MMA's `(M, N)` tile.
///
/// # Pre-conditions
/// As [`make_tiled_copy_a`], for C's values.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy_c, make_tiled_mma, UniversalCopy};
/// use cute_static::atom::SM80_16x8x16_F32F16F16F32_TN;
/// use cute_static::layout;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// let copy = make_tiled_copy_c(make_copy_atom::<f32, _>(UniversalCopy::<u64>::default()), &mma);
/// // the destination's thread-value layout is the MMA's C layout, coalesced
/// let (d, c) = (copy.get_layout_d_tv(), mma.get_layout_c_tv());
/// assert!((0..128 * 4).all(|i| d.eval(i) == c.eval(i)));
/// ```
#[inline]
pub fn make_tiled_copy_c<A, TM>(atom: A, mma: &TM) -> TiledCopyC<A, TM>
where
    A: CopyAtom,
    TM: MmaTiling,
    OperandC: LayoutTv<TM>,
    TiledCopyC<A, TM>: CopyTiling,
{
    let _ = (atom, mma);
    TiledCopy(PhantomData)
}

// ------------------------------------------------------------------ thrval2mn

/// The source or the destination of a tiled copy: which of the atom's
/// layouts its partitions follow.
pub trait CopySide<A: CopyAtom> {
    /// CuTe's name of the side's tiling, for errors: `tidfrg_S`, `tidfrg_D`.
    const TIDFRG: &'static str;
    /// The atom's layout of the side, in values.
    type Trg: StaticLayout;
}
impl<A: CopyAtom> CopySide<A> for Src {
    const TIDFRG: &'static str = "tidfrg_S";
    type Trg = A::ValLayoutSrc;
}
impl<A: CopyAtom> CopySide<A> for Dst {
    const TIDFRG: &'static str = "tidfrg_D";
    type Trg = A::ValLayoutDst;
}

/// `(atom thread, atom value)`: the atom's tile of a thread-value layout.
type AtomTile<TC> = HList2<
    <<TC as CopyTiling>::Atom as CopyAtom>::NumThr,
    <<TC as CopyTiling>::Atom as CopyAtom>::NumVal,
>;
/// `(trg thread, trg value) -> (ref thread, ref value)`.
type Ref2Trg<TC, X> = Composed<
    RightInverted<<<TC as CopyTiling>::Atom as CopyAtom>::ValLayoutRef>,
    <X as CopySide<<TC as CopyTiling>::Atom>>::Trg,
>;
/// `((atom_tid, atom_val), (rest_tid, rest_val)) -> (m, n)`.
type AtomTv<TC> = ZippedDivided<<TC as CopyTiling>::LayoutTV, AtomTile<TC>>;
/// `(trg_tid, trg_val) -> (m, n)`.
type TrgTv<TC, X> = Composed<ModeLayout<AtomTv<TC>, U0>, Ref2Trg<TC, X>>;
/// `(rest_tid, rest_val)`.
type RestTv<TC> = ModeLayout<AtomTv<TC>, U1>;
/// `((trg_tid, rest_tid), (trg_val, rest_val)) -> (m, n)`.
type Zipped<TC, X> = Concatenation<
    HList2<
        Concatenation<HList2<ModeLayout<TrgTv<TC, X>, U0>, ModeLayout<RestTv<TC>, U0>>>,
        Concatenation<HList2<ModeLayout<TrgTv<TC, X>, U1>, ModeLayout<RestTv<TC>, U1>>>,
    >,
>;
/// CuTe's profile `Shape<_1, Shape<_1, _1>>`.
type ThrValProfile = HList2<U1, HList2<U1, U1>>;
/// `(thread, (FrgV, FrgX)) -> (m, n)`.
type ThrVal2MnOf<TC, X> = CoalescedBy<Zipped<TC, X>, ThrValProfile>;

/// CuTe's `thrval2mn` of `tile2thrfrg` for the side `Self` (source or
/// destination) of the tiled copy `TC`: `(thread, (FrgV, FrgX)) -> (m, n)`,
/// the tile's coordinate of each thread's values as the atom moves them
/// (see the [module](self)). A static layout the compiler computes.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half, Src, ThrVal2Mn};
/// use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::layout;
/// fn thrval2mn<TC, X: ThrVal2Mn<TC>>(_: &TC) -> X::Output {
///     cute_static::algebra::StaticValue::static_value()
/// }
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
/// // thread t of the source addresses the 8 f16 of one row
/// assert_eq!(thrval2mn::<_, Src>(&copy).to_string(),
///            "((_16,_2,_2,_2),(_8,_1)):((_1,_256,_16,_0),(_32,_0))");
/// ```
pub trait ThrVal2Mn<TC> {
    /// The layout.
    type Output: StaticLayout;
}
impl<TC, X> ThrVal2Mn<TC> for X
where
    TC: CopyTiling,
    X: CopySide<TC::Atom>,
    <TC::Atom as CopyAtom>::ValLayoutRef: RightInverse,
    RightInverted<<TC::Atom as CopyAtom>::ValLayoutRef>: Composition<X::Trg>,
    TC::LayoutTV: ZippedDivide<AtomTile<TC>>,
    AtomTv<TC>: LayoutMode<U0> + LayoutMode<U1>,
    ModeLayout<AtomTv<TC>, U0>: Composition<Ref2Trg<TC, X>>,
    TrgTv<TC, X>: LayoutMode<U0> + LayoutMode<U1>,
    RestTv<TC>: LayoutMode<U0> + LayoutMode<U1>,
    HList2<ModeLayout<TrgTv<TC, X>, U0>, ModeLayout<RestTv<TC>, U0>>: MakeLayout,
    HList2<ModeLayout<TrgTv<TC, X>, U1>, ModeLayout<RestTv<TC>, U1>>: MakeLayout,
    HList2<
        Concatenation<HList2<ModeLayout<TrgTv<TC, X>, U0>, ModeLayout<RestTv<TC>, U0>>>,
        Concatenation<HList2<ModeLayout<TrgTv<TC, X>, U1>, ModeLayout<RestTv<TC>, U1>>>,
    >: MakeLayout,
    Zipped<TC, X>: CoalesceBy<ThrValProfile>,
    ThrVal2MnOf<TC, X>: StaticLayout,
{
    type Output = ThrVal2MnOf<TC, X>;
}

/// The tile, column-major (CuTe's `make_layout(shape(Tiler_MN))`).
type TileRef<TC> = CompactColMajor<<TC as CopyTiling>::Tiler>;
/// `(thread, value) -> m + M * n` of the side `X`.
type CopyLayoutTvOf<TC, X> = ZeroUnitStrides<Composed<TileRef<TC>, <X as ThrVal2Mn<TC>>::Output>>;

/// CuTe's `get_layoutS_TV` and `get_layoutD_TV`: `(thread, value) ->
/// m + M * n`, the column-major index into the tile, of the side `Self`
/// (source or destination) of the tiled copy `TC`; a static layout the
/// compiler computes.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, CopyLayoutTv, Dst, Half};
/// use cute_static::atom::SM80_CP_ASYNC_CACHEALWAYS;
/// use cute_static::layout;
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
///                            layout!((32, 4) : (4, 1)), layout!((1, 8)));
/// fn layout_tv<TC, X: CopyLayoutTv<TC>>(_: &TC) -> X::Output {
///     cute_static::algebra::StaticValue::static_value()
/// }
/// assert_eq!(layout_tv::<_, Dst>(&copy), copy.get_layout_d_tv());
/// assert_eq!(copy.get_layout_d_tv().to_string(), "((_4,_32),(_8,_1)):((_256,_1),(_32,_0))");
/// ```
pub trait CopyLayoutTv<TC> {
    /// The layout.
    type Output: StaticLayout;
}
impl<TC, X> CopyLayoutTv<TC> for X
where
    TC: CopyTiling,
    X: ThrVal2Mn<TC>,
    TC::Tiler: PrefixProduct<U1>,
    Layout<TC::Tiler, ColMajor<TC::Tiler>>: ZeroUnitLayout,
    TileRef<TC>: Composition<<X as ThrVal2Mn<TC>>::Output>,
    Composed<TileRef<TC>, <X as ThrVal2Mn<TC>>::Output>: ZeroUnitLayout,
    CopyLayoutTvOf<TC, X>: StaticLayout,
{
    type Output = CopyLayoutTvOf<TC, X>;
}

// ------------------------------------------------------------------ tidfrg

/// `zipped_divide(L, tiler)`: `((tile), (RestM, RestN, ...))`.
type TileDiv<L, TC> = ZippedDivided<L, <TC as CopyTiling>::Tiler>;
/// The tile mode through the threads and values: `(thread, (FrgV, FrgX))`.
type TileTv<L, TC, X> = Composed<ModeLayout<TileDiv<L, TC>, U0>, <X as ThrVal2Mn<TC>>::Output>;
/// `(thread, (FrgV, FrgX), (RestM, RestN, ...))`.
type TidFrgOf<L, TC, X> = ZeroUnitStrides<
    Concatenation<
        HList3<
            ModeLayout<TileTv<L, TC, X>, U0>,
            ModeLayout<TileTv<L, TC, X>, U1>,
            ModeLayout<TileDiv<L, TC>, U1>,
        >,
    >,
>;

/// CuTe's `tidfrg_S` and `tidfrg_D` of a layout: its tiling by the tiled
/// copy `TC` for the side `X`, `(thread, (FrgV, FrgX), (RestM, RestN,
/// ...))` (see the [module](self)). A static layout gives a static layout;
/// a layout with a dynamic leaf gives a `Result`, its leaves static where
/// the algebra keeps them.
#[diagnostic::on_unimplemented(
    message = "CuTe TiledCopy: `{Self}` cannot be tiled by the tiled copy",
    note = "the layout has at least as many modes as the copy's tile (Tiler_MN), tiled exactly by it in each"
)]
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, Src, TidFrg};
/// use cute_static::atom::SM80_CP_ASYNC_CACHEALWAYS;
/// use cute_static::layout;
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
///                            layout!((32, 4) : (4, 1)), layout!((1, 8)));
/// fn tidfrg<TC, L: TidFrg<TC, Src>>(_: &TC, l: L) -> L::Ret {
///     l.tidfrg()
/// }
/// let t = tidfrg(&copy, layout!((64, 32) : (32, 1)));
/// assert_eq!(t.to_string(), "((_4,_32),(_8,_1),(_2,_1)):((_8,_32),(_1,_0),(_1024,_0))");
/// ```
pub trait TidFrg<TC, X> {
    /// The tiled layout's type.
    type Output;
    /// `Output` for a static layout, `Result<Output>` otherwise.
    type Ret;
    /// The tiled layout.
    fn tidfrg(self) -> Self::Ret;
}
impl<TC, X, S, D> TidFrg<TC, X> for Layout<S, D>
where
    TC: CopyTiling,
    X: CopySide<TC::Atom> + ThrVal2Mn<TC>,
    S: HTuple + TiledByCopy<TC::Tiler>,
    D: HTuple,
    Self: ZippedDivide<TC::Tiler>,
    <Self as ZippedDivide<TC::Tiler>>::Ret: IntoResult<TileDiv<Self, TC>>,
    TileDiv<Self, TC>: LayoutMode<U0> + LayoutMode<U1>,
    ModeLayout<TileDiv<Self, TC>, U0>: Composition<<X as ThrVal2Mn<TC>>::Output>,
    <ModeLayout<TileDiv<Self, TC>, U0> as Composition<<X as ThrVal2Mn<TC>>::Output>>::Ret:
        IntoResult<TileTv<Self, TC, X>>,
    TileTv<Self, TC, X>: LayoutMode<U0> + LayoutMode<U1>,
    HList3<
        ModeLayout<TileTv<Self, TC, X>, U0>,
        ModeLayout<TileTv<Self, TC, X>, U1>,
        ModeLayout<TileDiv<Self, TC>, U1>,
    >: MakeLayout,
    Concatenation<
        HList3<
            ModeLayout<TileTv<Self, TC, X>, U0>,
            ModeLayout<TileTv<Self, TC, X>, U1>,
            ModeLayout<TileDiv<Self, TC>, U1>,
        >,
    >: ZeroUnitLayout,
    LayoutStatic<S, D>: Returns<TidFrgOf<Self, TC, X>>,
{
    type Output = TidFrgOf<Self, TC, X>;
    type Ret = <LayoutStatic<S, D> as Returns<Self::Output>>::Ret;
    #[inline]
    fn tidfrg(self) -> Self::Ret {
        <LayoutStatic<S, D>>::ret(|| {
            self.shape().check_tiles(X::TIDFRG, 0)?;
            let z = self
                .zipped_divide(<TC::Tiler as StaticValue>::static_value())
                .into_result()?;
            let tile = LayoutMode::<U0>::layout_mode(&z)
                .composition(StaticValue::static_value())
                .into_result()?;
            let modes: HList3<_, _, _> = frunk_core::hlist![
                LayoutMode::<U0>::layout_mode(&tile),
                LayoutMode::<U1>::layout_mode(&tile),
                LayoutMode::<U1>::layout_mode(&z),
            ];
            Ok(crate::make_layout(modes).zero_unit_strides())
        })
    }
}

/// The slicing coordinate of a thread's partition: `(thr, _, (_, ...))`.
type PartCoord<O> = HList3<i64, Keep, KeepRest<O>>;
/// `_` for each rest mode of a tiling `(Thr, Frg, (Rest...))`.
type KeepRest<O> = <ModeOf<<O as LayoutParts>::Shape, typenum::U2> as KeepAll>::Output;

/// A thread's partition of a layout by the tiled copy `TC` for the side
/// `X`: the layout tiled by [`TidFrg`] and sliced at the thread's index,
/// `((FrgV, FrgX), RestM, RestN, ...)`.
#[diagnostic::on_unimplemented(
    message = "CuTe TiledCopy: `{Self}` cannot be partitioned by the tiled copy",
    note = "the layout has at least as many modes as the copy's tile (Tiler_MN), tiled exactly by it in each"
)]
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, CopyPartition, Dst, Half};
/// use cute_static::atom::SM80_CP_ASYNC_CACHEALWAYS;
/// use cute_static::layout;
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
///                            layout!((32, 4) : (4, 1)), layout!((1, 8)));
/// let thr = copy.get_slice(6).unwrap();
/// fn part<TC, L: CopyPartition<TC, Dst>>(_: &TC, l: L, t: i64) -> (i64, L::Output) {
///     l.copy_partition(t).unwrap()
/// }
/// // the trait is what partition_d calls
/// assert_eq!(part(&copy, layout!((64, 32) : (32, 1)), thr.thread()),
///            thr.partition_d(layout!((64, 32) : (32, 1))).unwrap());
/// ```
pub trait CopyPartition<TC, X> {
    /// The thread's layout.
    type Output;
    /// The offset of the thread's first element and its layout.
    fn copy_partition(self, thr: i64) -> Result<(i64, Self::Output)>;
}
impl<TC, X, L> CopyPartition<TC, X> for L
where
    L: TidFrg<TC, X>,
    L::Ret: IntoResult<L::Output>,
    L::Output: LayoutParts + Slice<PartCoord<L::Output>>,
    <L::Output as LayoutParts>::Shape: Get<typenum::U2>,
    ModeOf<<L::Output as LayoutParts>::Shape, typenum::U2>: KeepAll,
{
    type Output = Sliced<L::Output, PartCoord<L::Output>>;
    #[inline]
    fn copy_partition(self, thr: i64) -> Result<(i64, Self::Output)> {
        let t = self.tidfrg().into_result()?;
        let c: PartCoord<L::Output> = frunk_core::hlist![thr, Keep, Default::default()];
        t.try_offset_and_slice(c)
    }
}
/// The layout of a thread's partition of `L` by the tiled copy `TC` for the
/// side `X` (`Src` or `Dst`).
pub type CopyPartitioned<L, TC, X> = <L as CopyPartition<TC, X>>::Output;

// ------------------------------------------------------------------ retile

/// `right_inverse(layout_tv)` with the tile's shape, column-major:
/// `(m, n) -> thread + threads * value`.
type InvTv<TC> = Composed<
    RightInverted<<TC as CopyTiling>::LayoutTV>,
    Layout<<TC as CopyTiling>::Tiler, ColMajor<<TC as CopyTiling>::Tiler>>,
>;
/// `threads * V`.
type ThrTimes<TC, V> = Prod<<TC as CopyTiling>::NumThr, V>;
/// `(m, n) -> v`: the shape and order of the V inside the thread-value
/// layout (CuTe's `frg_layout_mn`).
type FrgMn<TC, V> = Upcasted<InvTv<TC>, ThrTimes<TC, V>>;
/// `(atom values, rest values) -> (v, m, n)` (CuTe's `frg_layout_v`).
type FrgV<TC, V> = ZippedDivided<
    LogicalProducted<CompactColMajor<V>, RightInverted<FrgMn<TC, V>>>,
    CompactColMajor<<<TC as CopyTiling>::Atom as CopyAtom>::NumVal>,
>;
/// `(V, M', N', ...)`: the tiler of a fragment.
type RetileTiler<TC, V> = HCons<V, ProductsEach<<FrgMn<TC, V> as LayoutParts>::Shape>>;
/// The size of the first mode of the shape `S`.
type FirstSize<S> = SizeOf<ModeOf<S, U0>>;
/// `((TileV, TileM, TileN, ...), (1, RestM, RestN, ...))`.
type RetileDiv<S, D, TC> = ZippedDivided<Layout<S, D>, RetileTiler<TC, FirstSize<S>>>;
/// The tile mode through the atom's values.
type RetileTv<S, D, TC> = Composed<ModeLayout<RetileDiv<S, D, TC>, U0>, FrgV<TC, FirstSize<S>>>;
/// The rest modes after the first (a tuple `(1, RestM, ...)`'s tail).
pub trait TailOf {
    /// The tail.
    type Output;
}
impl<H, T> TailOf for HCons<H, T> {
    type Output = T;
}
/// The shape of the rest mode of a retiling.
type RetileRest<S, D, TC> = ModeOf<<RetileDiv<S, D, TC> as LayoutParts>::Shape, U1>;
/// `(_, (0, _, ...))`: the slicing coordinate that unfolds a retiling.
type RetileCoord<S, D, TC> =
    HList2<Keep, HCons<U0, <<RetileRest<S, D, TC> as TailOf>::Output as KeepAll>::Output>>;
/// `(tile, rest)`.
type RetileBoth<S, D, TC> =
    Concatenation<HList2<RetileTv<S, D, TC>, ModeLayout<RetileDiv<S, D, TC>, U1>>>;
/// `(tile, rest)` sliced at `(_, (0, _, ...))`: `(tile, RestM, RestN, ...)`.
type RetiledOf<S, D, TC> = ZeroUnitStrides<Sliced<RetileBoth<S, D, TC>, RetileCoord<S, D, TC>>>;

/// CuTe's `retile`: a thread's fragment `(V, RestM, RestN, ...)` (of
/// registers or of a partition) regrouped as the tiled copy `TC` moves it,
/// `((atom values, atoms), RestM', RestN', ...)`. A static layout gives a
/// static layout; one with a dynamic leaf a `Result`. The first mode's
/// size is static.
#[diagnostic::on_unimplemented(
    message = "CuTe TiledCopy: `{Self}` cannot be retiled by the tiled copy",
    note = "retile takes a thread's fragment (V, RestM, RestN, ...) whose first mode has a static size, tiled exactly by the copy's values"
)]
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy_b, make_tiled_mma, Half};
/// use cute_static::atom::{SM75_U32x2_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::layout;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// let copy = make_tiled_copy_b(make_copy_atom::<Half, _>(SM75_U32x2_LDSM_N), &mma);
/// // B's registers ((2, 2), 8, 2) as ldmatrix.x2 fills them: 4 values per call
/// let r = copy.retile(layout!(((2, 2), 8, 2) : ((1, 2), 8, 4)));
/// assert_eq!(r.to_string(), "((_4,_1),_8,_2):((_1,_0),_8,_4)");
/// ```
pub trait Retile<TC> {
    /// The retiled layout's type.
    type Output;
    /// `Output` for a static layout, `Result<Output>` otherwise.
    type Ret;
    /// The retiled layout.
    fn retile(self) -> Self::Ret;
}
impl<TC, S, D> Retile<TC> for Layout<S, D>
where
    TC: CopyTiling,
    S: HTuple + Get<U0>,
    D: HTuple,
    ModeOf<S, U0>: Size,
    FirstSize<S>: StaticExtent,
    TC::LayoutTV: RightInverse,
    TC::Tiler: PrefixProduct<U1>,
    RightInverted<TC::LayoutTV>: Composition<Layout<TC::Tiler, ColMajor<TC::Tiler>>>,
    TC::NumThr: Mul<FirstSize<S>>,
    InvTv<TC>: Upcast<ThrTimes<TC, FirstSize<S>>>,
    FrgMn<TC, FirstSize<S>>: RightInverse + LayoutParts,
    <FrgMn<TC, FirstSize<S>> as LayoutParts>::Shape: ProductEach,
    FirstSize<S>: PrefixProduct<U1>,
    Layout<FirstSize<S>, ColMajor<FirstSize<S>>>: ZeroUnitLayout,
    CompactColMajor<FirstSize<S>>: LogicalProduct<RightInverted<FrgMn<TC, FirstSize<S>>>>,
    <TC::Atom as CopyAtom>::NumVal: PrefixProduct<U1>,
    Layout<<TC::Atom as CopyAtom>::NumVal, ColMajor<<TC::Atom as CopyAtom>::NumVal>>:
        ZeroUnitLayout,
    LogicalProducted<CompactColMajor<FirstSize<S>>, RightInverted<FrgMn<TC, FirstSize<S>>>>:
        ZippedDivide<CompactColMajor<<TC::Atom as CopyAtom>::NumVal>>,
    FrgV<TC, FirstSize<S>>: StaticLayout,
    RetileTiler<TC, FirstSize<S>>: IntoTiler + StaticValue,
    Self: ZippedDivide<RetileTiler<TC, FirstSize<S>>>,
    <Self as ZippedDivide<RetileTiler<TC, FirstSize<S>>>>::Ret: IntoResult<RetileDiv<S, D, TC>>,
    RetileDiv<S, D, TC>: LayoutMode<U0> + LayoutMode<U1> + LayoutParts,
    <RetileDiv<S, D, TC> as LayoutParts>::Shape: Get<U1>,
    RetileRest<S, D, TC>: TailOf,
    <RetileRest<S, D, TC> as TailOf>::Output: KeepAll,
    <<RetileRest<S, D, TC> as TailOf>::Output as KeepAll>::Output: frunk_core::hlist::HList,
    ModeLayout<RetileDiv<S, D, TC>, U0>: Composition<FrgV<TC, FirstSize<S>>>,
    <ModeLayout<RetileDiv<S, D, TC>, U0> as Composition<FrgV<TC, FirstSize<S>>>>::Ret:
        IntoResult<RetileTv<S, D, TC>>,
    HList2<RetileTv<S, D, TC>, ModeLayout<RetileDiv<S, D, TC>, U1>>: MakeLayout,
    RetileBoth<S, D, TC>: Slice<RetileCoord<S, D, TC>>,
    Sliced<RetileBoth<S, D, TC>, RetileCoord<S, D, TC>>: ZeroUnitLayout,
    LayoutStatic<S, D>: Returns<RetiledOf<S, D, TC>>,
{
    type Output = RetiledOf<S, D, TC>;
    type Ret = <LayoutStatic<S, D> as Returns<Self::Output>>::Ret;
    #[inline]
    fn retile(self) -> Self::Ret {
        <LayoutStatic<S, D>>::ret(|| {
            let t = self
                .zipped_divide(<RetileTiler<TC, FirstSize<S>> as StaticValue>::static_value())
                .into_result()?;
            let tile = LayoutMode::<U0>::layout_mode(&t)
                .composition(StaticValue::static_value())
                .into_result()?;
            let both =
                crate::make_layout(frunk_core::hlist![tile, LayoutMode::<U1>::layout_mode(&t)]);
            let c: RetileCoord<S, D, TC> = Default::default();
            let (_, r) = both.try_offset_and_slice(c)?;
            Ok(r.zero_unit_strides())
        })
    }
}
/// The layout of `retile(L)` by the tiled copy `TC`.
pub type Retiled<L, TC> = <L as Retile<TC>>::Output;

// ------------------------------------------------------------------ the tiled copy's functions

impl<A, TV, T> TiledCopy<A, TV, T> {
    /// The number of threads (CuTe's `size(tiled_copy)`).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u64>::default()),
    ///                            layout!((8, 8) : (8, 1)), layout!((1, 4)));
    /// assert_eq!(copy.size(), 64);
    /// assert_eq!(copy.tiler().to_string(), "(_8,_32)");
    /// assert_eq!(copy.layout_tv().to_string(), "((_8,_8),_4):((_32,_1),_8)");
    /// assert_eq!(format!("{:?}", copy.atom()), "Copy_Atom<UniversalCopy<u64>, f16>");
    /// ```
    #[inline]
    pub fn size(&self) -> i64
    where
        Self: CopyTiling,
    {
        <<Self as CopyTiling>::NumThr as Unsigned>::I64
    }

    /// The thread-value layout `(thread, value) -> coordinate` (CuTe's
    /// `TiledLayout_TV`), a static layout.
    #[inline]
    pub fn layout_tv(&self) -> <Self as CopyTiling>::LayoutTV
    where
        Self: CopyTiling,
    {
        StaticValue::static_value()
    }

    /// The tile's shape (CuTe's `Tiler_MN`), a tuple of static extents.
    #[inline]
    pub fn tiler(&self) -> crate::htuple::Cute<<Self as CopyTiling>::Tiler>
    where
        Self: CopyTiling,
    {
        crate::htuple::Cute(StaticValue::static_value())
    }

    /// The atom.
    #[inline]
    pub fn atom(&self) -> <Self as CopyTiling>::Atom
    where
        Self: CopyTiling,
    {
        Default::default()
    }

    /// CuTe's `get_layoutS_TV`: `(thread, value) -> m + M * n` of the
    /// source, the column-major index into the tile; a static layout the
    /// compiler computes.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half};
    /// use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
    /// // each thread addresses 8 f16 of one row of the 32 x 16 tile
    /// assert_eq!(copy.get_layout_s_tv().to_string(),
    ///            "((_16,_2,_2,_2),(_8,_1)):((_1,_256,_16,_0),(_32,_0))");
    /// ```
    #[inline]
    pub fn get_layout_s_tv(&self) -> <Src as CopyLayoutTv<Self>>::Output
    where
        Self: CopyTiling,
        Src: CopyLayoutTv<Self>,
    {
        StaticValue::static_value()
    }

    /// CuTe's `get_layoutD_TV`: as [`TiledCopy::get_layout_s_tv`] for the
    /// destination.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half};
    /// use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
    /// // the registers ldmatrix fills are the MMA's A fragment: the same function
    /// let (d, a) = (copy.get_layout_d_tv(), mma.get_layout_a_tv());
    /// assert!((0..128 * 8).all(|i| d.eval(i) == a.eval(i)));
    /// ```
    #[inline]
    pub fn get_layout_d_tv(&self) -> <Dst as CopyLayoutTv<Self>>::Output
    where
        Self: CopyTiling,
        Dst: CopyLayoutTv<Self>,
    {
        StaticValue::static_value()
    }

    /// CuTe's `tidfrg_S`: a layout of the source tiled into `(thread,
    /// (FrgV, FrgX), (RestM, RestN, ...))`: FrgV the values of one atom,
    /// FrgX the atoms of one thread, Rest the tiles (see the
    /// [module](self)). A static layout gives a static layout; a layout
    /// with a dynamic leaf gives a `Result`.
    ///
    /// # Pre-conditions
    /// The layout has at least as many modes as the tile, each of a size
    /// the tile's extent divides (trait bounds on static sizes,
    /// [`CopyTileDivides`](super::CopyTileDivides)).
    ///
    /// # Errors
    /// For a layout with a dynamic leaf: a mode of run-time size the tile
    /// does not divide, or an error of the algebra's operations.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
    ///                            layout!((32, 4) : (4, 1)), layout!((1, 8)));
    /// let ld = 1000;
    /// let t = copy.tidfrg_s(layout!((64, 32) : (ld, 1)).unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "((_4,_32),(_8,_1),(_2,_1)):((_8,1000),(_1,_0),(32000,_0))");
    /// ```
    #[inline]
    pub fn tidfrg_s<L: TidFrg<Self, Src>>(&self, layout: L) -> L::Ret {
        layout.tidfrg()
    }

    /// CuTe's `tidfrg_D`: as [`TiledCopy::tidfrg_s`] for the destination.
    ///
    /// # Pre-conditions
    /// As [`TiledCopy::tidfrg_s`].
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg_s`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
    ///                            layout!((32, 4) : (4, 1)), layout!((1, 8)));
    /// let t = copy.tidfrg_d(layout!((64, 32) : (32, 1)));
    /// assert_eq!(t.to_string(), "((_4,_32),(_8,_1),(_2,_1)):((_8,_32),(_1,_0),(_1024,_0))");
    /// ```
    #[inline]
    pub fn tidfrg_d<L: TidFrg<Self, Dst>>(&self, layout: L) -> L::Ret {
        layout.tidfrg()
    }

    /// CuTe's `retile`: a thread's fragment `(V, RestM, RestN, ...)`
    /// regrouped as the copy moves it (see [`Retile`]).
    ///
    /// # Errors
    /// For a layout with a dynamic leaf: an error of the algebra's
    /// operations.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u64>::default()),
    ///                            layout!((8, 8) : (8, 1)), layout!((1, 8)));
    /// // 8 values per thread and tile, 4 per atom: two atoms a tile
    /// assert_eq!(copy.retile(layout!((8, 2, 3))).to_string(), "((_4,_2),_2,_3):((_1,_4),_8,_16)");
    /// ```
    #[inline]
    pub fn retile<L: Retile<Self>>(&self, layout: L) -> L::Ret {
        layout.retile()
    }

    /// Thread `thr`'s view of the tiled copy (CuTe's `get_slice`).
    ///
    /// # Errors
    /// `IndexError` if `thr` is negative or not below the number of threads
    /// (CuTe C++ does not check).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
    ///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
    /// assert_eq!(copy.get_slice(7_u32).unwrap().thread(), 7);
    /// assert!(copy.get_slice(128).is_err());
    /// ```
    pub fn get_slice<I: ThreadIndex>(&self, thr: I) -> Result<ThrCopy<Self>>
    where
        Self: CopyTiling,
    {
        let n = self.size();
        match thr.thread_index() {
            Some(t) if (0..n).contains(&t) => Ok(ThrCopy {
                thr: t,
                tiled: PhantomData,
            }),
            t => Err(bad_thread(t, n)),
        }
    }

    /// The tiled copy as a run-time one (`cute_dynamic::atom::TiledCopy`):
    /// the same atom, thread-value layout and tile.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
    ///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
    /// let d = copy.to_dynamic();
    /// assert_eq!(d.get_layout_s_tv().unwrap(), copy.get_layout_s_tv().to_dynamic());
    /// ```
    #[cfg(feature = "dynamic")]
    pub fn to_dynamic(&self) -> cute_dynamic::atom::TiledCopy
    where
        Self: CopyTiling,
    {
        use crate::algebra::Tiler;
        let tiler = match <<Self as CopyTiling>::Tiler as StaticValue>::static_value()
            .into_tiler()
            .to_dynamic()
        {
            cute_dynamic::layout::Tiler::Tuple(t) => t,
            t => vec![t],
        };
        cute_dynamic::atom::TiledCopy::new(
            self.atom().to_dynamic(),
            self.layout_tv().dynamic(),
            tiler,
        )
        .expect("a static tiled copy is a run-time one")
    }
}

#[cold]
fn bad_thread(thr: Option<i64>, n: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = match thr {
        Some(t) => format!("thread {t} of a TiledCopy of {n} threads"),
        None => format!("a thread index beyond i64 of a TiledCopy of {n} threads"),
    };
    #[cfg(not(feature = "dynamic"))]
    let msg = "a thread index outside the TiledCopy's threads";
    Error::out_of_range("get_slice", thr.unwrap_or(i64::MAX), Some(n.into()), msg)
}

impl<A: CopyAtom, TV, T> fmt::Debug for TiledCopy<A, TV, T>
where
    Self: CopyTiling,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TiledCopy<{A:?}>", A = A::default())
    }
}

/// CuTe C++'s `print(TiledCopy)`: the tile, the thread-value layout and the
/// atom.
impl<A: CopyAtom + fmt::Display, TV, T> fmt::Display for TiledCopy<A, TV, T>
where
    Self: CopyTiling,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledCopy")?;
        writeln!(f, "  Tiler_MN:       {}", self.tiler())?;
        writeln!(f, "  TiledLayout_TV: {}", self.layout_tv())?;
        write!(f, "{}", A::default())
    }
}

// ------------------------------------------------------------------ a thread's view

/// One thread's view of a tiled copy `TC` (CuTe C++'s `ThrCopy`), from
/// [`TiledCopy::get_slice`]: the thread's index, with which it partitions
/// layouts.
///
/// The partitions take a layout (static or mixed) and give the thread's
/// elements of it with their offset: `(offset, layout)`, the element at a
/// coordinate `c` of the thread's layout being the original layout's
/// `offset + layout(c)`. Their types are computed by the compiler: a static
/// layout's partition is static, a mixed one keeps static what the algebra
/// keeps static.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
/// use cute_static::layout;
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
/// let thr = copy.get_slice(9).unwrap();
/// let (off, d) = thr.partition_d(layout!((64, 64) : (64, 1))).unwrap();
/// assert_eq!((off, d.to_string()), (72, "((_8,_1),_4,_1):((_1,_0),_1024,_0)".to_string()));
/// ```
pub struct ThrCopy<TC> {
    thr: i64,
    tiled: PhantomData<TC>,
}
impl<TC> Clone for ThrCopy<TC> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<TC> Copy for ThrCopy<TC> {}
impl<TC> fmt::Debug for ThrCopy<TC> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThrCopy").field("thr", &self.thr).finish()
    }
}

impl<TC: CopyTiling> ThrCopy<TC> {
    /// The thread's index.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u64>::default()),
    ///                            layout!((8, 8) : (8, 1)), layout!((1, 8)));
    /// assert_eq!(copy.get_slice(63).unwrap().thread(), 63);
    /// ```
    #[inline]
    pub fn thread(&self) -> i64 {
        self.thr
    }

    /// CuTe's `partition_S`: the thread's elements of a source layout,
    /// `((FrgV, FrgX), RestM, RestN, ...)`, with their offset: the layout's
    /// element at the thread's coordinate `c` is `offset + result(c)`.
    ///
    /// # Pre-conditions
    /// As [`TiledCopy::tidfrg_s`].
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg_s`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half};
    /// use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::{layout, Layout};
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
    /// // a K-major 128 x 32 tile of A in shared memory
    /// let (off, s) = copy.get_slice(9).unwrap().partition_s(layout!((128, 32) : (32, 1))).unwrap();
    /// assert_eq!((off, s.to_string()), (288, "((_8,_1),_4,_2):((_1,_0),_1024,_16)".to_string()));
    /// let _: Layout![((8, 1), 4, 2) : ((1, 0), 1024, 16)] = s;
    /// ```
    #[inline]
    pub fn partition_s<L: CopyPartition<TC, Src>>(&self, layout: L) -> Result<(i64, L::Output)> {
        layout.copy_partition(self.thr)
    }

    /// CuTe's `partition_D`: the thread's elements of a destination layout,
    /// with their offset.
    ///
    /// # Pre-conditions
    /// As [`TiledCopy::tidfrg_d`].
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg_d`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
    ///                            layout!((32, 4) : (4, 1)), layout!((1, 8)));
    /// // thread 5's elements of a K-major 128 x 32 tile in shared memory
    /// let (off, d) = copy.get_slice(5).unwrap().partition_d(layout!((128, 32) : (32, 1))).unwrap();
    /// assert_eq!((off, d.to_string()), (40, "((_8,_1),_4,_1):((_1,_0),_1024,_0)".to_string()));
    /// ```
    #[inline]
    pub fn partition_d<L: CopyPartition<TC, Dst>>(&self, layout: L) -> Result<(i64, L::Output)> {
        layout.copy_partition(self.thr)
    }

    /// CuTe's `retile_S`: a thread's fragment regrouped as the copy moves
    /// it ([`TiledCopy::retile`]; the source and the destination are
    /// retiled alike).
    ///
    /// # Errors
    /// As [`TiledCopy::retile`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u64>::default()),
    ///                            layout!((8, 8) : (8, 1)), layout!((1, 8)));
    /// let thr = copy.get_slice(0).unwrap();
    /// assert_eq!(thr.retile_s(layout!((8, 2, 3))), thr.retile_d(layout!((8, 2, 3))));
    /// ```
    #[inline]
    pub fn retile_s<L: Retile<TC>>(&self, layout: L) -> L::Ret {
        layout.retile()
    }

    /// CuTe's `retile_D`: [`TiledCopy::retile`] (see [`ThrCopy::retile_s`]).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half};
    /// use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
    /// let thr = mma.get_slice(9).unwrap();
    /// let frag = thr.partition_fragment_a(&layout!((128, 32) : (32, 1)));
    /// let r = copy.get_slice(9).unwrap().retile_d(frag.layout());
    /// assert_eq!(r.to_string(), "((_8,_1),_4,_2):((_1,_0),_16,_8)");
    /// ```
    #[inline]
    pub fn retile_d<L: Retile<TC>>(&self, layout: L) -> L::Ret {
        layout.retile()
    }
}
