//! CuTe's `retile`: a thread's fragment regrouped as a tiled copy moves it
//! ([`Retile`]; see the [module `tiled_copy`](super::tiled_copy)).

use core::ops::Mul;

use frunk_core::hlist::HCons;
use typenum::{Prod, U0, U1};

use super::compact::StaticExtent;
use super::compact::{LayoutMode, LayoutParts, ModeLayout, ZeroUnitLayout, ZeroUnitStrides};
use super::copy_atom::CopyAtom;
use super::copy_tiling::CopyTiling;
use super::mma_atom::StaticLayout;
use super::recast::{Upcast, Upcasted};
use super::thrfrg::{CompactColMajor, HList2, LayoutStatic};
use crate::algebra::{
    Composed, Composition, IntoResult, IntoTiler, LogicalProduct, LogicalProducted, Returns,
    RightInverse, RightInverted, StaticValue, ZippedDivide, ZippedDivided,
};
use crate::coord::Keep;
use crate::htuple::{Get, HTuple, ModeOf};
use crate::layout::{Concatenation, Layout, MakeLayout};
use crate::partition::{KeepAll, Slice, Sliced};
use crate::shape::{ColMajor, PrefixProduct, ProductEach, ProductsEach, Size, SizeOf};

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
