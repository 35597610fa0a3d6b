//! What [`make_tiled_copy`](super::make_tiled_copy) computes from a thread
//! layout and a value layout: the ranks padded alike ([`PadRanks`]), their
//! raked product, the thread-value layout and the tile ([`ThrValLayout`];
//! see the [module `tiled_copy`](super::tiled_copy)).

use frunk_core::hlist::{HCons, HNil};
use typenum::{IsEqual, Unsigned, B0, B1, U0, U1};

use super::compact::LayoutParts;
use super::mma_atom::StaticLayout;
use super::thrfrg::HList2;
use crate::algebra::{
    Composed, Composition, RakedProduct, RakedProducted, RightInverse, RightInverted,
};
use crate::htuple::{HTuple, Rank, RankOf, Tuple};
use crate::layout::Layout;
use crate::shape::{ColMajor, PrefixProduct, ProductEach, ProductsEach, Size, SizeOf};

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
/// and the tile (see the [module](super::tiled_copy)).
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
