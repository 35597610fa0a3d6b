//! A tiled copy's tilings of its source and destination: the atom's
//! thread-value layouts through the tile ([`ThrVal2Mn`], [`CopyLayoutTv`]),
//! a layout tiled into `(thread, (FrgV, FrgX), (RestM, RestN, ...))`
//! ([`TidFrg`]) and a thread's partition of it ([`CopyPartition`]); see the
//! [module `tiled_copy`](super::tiled_copy).

use cute_core::Result;
use typenum::{U0, U1};

use super::compact::{LayoutMode, LayoutParts, ModeLayout, ZeroUnitLayout, ZeroUnitStrides};
use super::copy_atom::{CopyAtom, Dst, Src};
use super::copy_rules::TiledByCopy;
use super::copy_tiling::CopyTiling;
use super::mma_atom::StaticLayout;
use super::thrfrg::{CompactColMajor, HList2, LayoutStatic};
use super::tiled_mma::HList3;
use crate::algebra::{
    CoalesceBy, CoalescedBy, Composed, Composition, IntoResult, Returns, RightInverse,
    RightInverted, StaticValue, ZippedDivide, ZippedDivided,
};
use crate::coord::Keep;
use crate::htuple::{Get, HTuple, ModeOf};
use crate::layout::{Concatenation, Layout, MakeLayout};
use crate::partition::{KeepAll, Slice, Sliced};
use crate::shape::{ColMajor, PrefixProduct};

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
/// (see the [module](super::tiled_copy)). A static layout the compiler computes.
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
/// ...))` (see the [module](super::tiled_copy)). A static layout gives a static layout;
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
