//! CuTe's `retile`: a thread's fragment regrouped as a tiled copy moves it
//! ([`Retile`]; see the [module `tiled_copy`](super::tiled_copy)).

use core::ops::Mul;

use frunk_core::hlist::HCons;
use typenum::{Bit, Prod, UInt, Unsigned, U0, U1};

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
type RetileDiv<S, D, TC, V> = ZippedDivided<Layout<S, D>, RetileTiler<TC, V>>;
/// The tile mode through the atom's values.
type RetileTv<S, D, TC, V> = Composed<ModeLayout<RetileDiv<S, D, TC, V>, U0>, FrgV<TC, V>>;
/// The rest modes after the first (a tuple `(1, RestM, ...)`'s tail).
pub trait TailOf {
    /// The tail.
    type Output;
}
impl<H, T> TailOf for HCons<H, T> {
    type Output = T;
}
/// The shape of the rest mode of a retiling.
type RetileRest<S, D, TC, V> = ModeOf<<RetileDiv<S, D, TC, V> as LayoutParts>::Shape, U1>;
/// `(_, (0, _, ...))`: the slicing coordinate that unfolds a retiling.
type RetileCoord<S, D, TC, V> =
    HList2<Keep, HCons<U0, <<RetileRest<S, D, TC, V> as TailOf>::Output as KeepAll>::Output>>;
/// `(tile, rest)`.
type RetileBoth<S, D, TC, V> =
    Concatenation<HList2<RetileTv<S, D, TC, V>, ModeLayout<RetileDiv<S, D, TC, V>, U1>>>;
/// `(tile, rest)` sliced at `(_, (0, _, ...))`: `(tile, RestM, RestN, ...)`.
type RetiledOf<S, D, TC, V> =
    ZeroUnitStrides<Sliced<RetileBoth<S, D, TC, V>, RetileCoord<S, D, TC, V>>>;

/// CuTe's `retile`: a thread's fragment `(V, RestM, RestN, ...)` (of
/// registers or of a partition) regrouped as the tiled copy `TC` moves it,
/// `((atom values, atoms), RestM', RestN', ...)`. A static layout gives a
/// static layout; one with a dynamic leaf a `Result`.
///
/// The first mode, the `V` values of a thread, is tiled by the copy's
/// values, so its *size* is static ([`RetileValues`]): CuTe C++ computes
/// `upcast<TiledNumThr * V>` of the tiled copy's thread-value layout, whose
/// `V` is a compile-time constant, and a fragment whose first mode has a
/// run-time size does not compile there either; here it is a compile error
/// naming the rule. Everything else may be known at run time only, as in
/// CuTe C++: the first mode's strides (a partition of a layout with a
/// run-time leading dimension) and the other modes, sizes and strides.
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
/// // the first mode's strides known at run time
/// let ld = 1000;
/// let r = copy.retile(layout!(((2, 2), 8, 2) : ((ld, 1), 8, 4)).unwrap()).unwrap();
/// assert_eq!(r.to_string(), "(((_2,_2),_1),_8,_2):(((1000,_1),_0),_8,_4)");
/// ```
/// A first mode of run-time size does not compile:
/// ```compile_fail
/// use cute_static::atom::{make_copy_atom, make_tiled_copy_b, make_tiled_mma, Half};
/// use cute_static::atom::{SM75_U32x2_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::layout;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// let copy = make_tiled_copy_b(make_copy_atom::<Half, _>(SM75_U32x2_LDSM_N), &mma);
/// let v = 4;
/// let _ = copy.retile(layout!((v, 8, 2) : (1, 8, 4)).unwrap());
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe TiledCopy: `{Self}` cannot be retiled by the tiled copy",
    note = "retile takes a thread's fragment (V, RestM, RestN, ...) whose first mode has a static size, tiled exactly by the copy's values"
)]
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
    S: HTuple + Get<U0>,
    D: HTuple,
    ModeOf<S, U0>: Size,
    FirstSize<S>: RetileValues<TC, S, D>,
{
    type Output = <FirstSize<S> as RetileValues<TC, S, D>>::Output;
    type Ret = <FirstSize<S> as RetileValues<TC, S, D>>::Ret;
    #[inline]
    fn retile(self) -> Self::Ret {
        <FirstSize<S> as RetileValues<TC, S, D>>::retile(self)
    }
}

/// The rule of [`Retile`], and its computation (CuTe C++'s
/// `TiledCopy::retile` by the tiled copy `TC` of the fragment `S:D`): the
/// first mode of the fragment, the values of a thread, has a static size
/// `Self` (CuTe C++'s `upcast<TiledNumThr * V>` takes it as a
/// compile-time constant). Implemented for typenum's integers only, so a
/// first mode of run-time size (`i64`) is refused by name.
#[diagnostic::on_unimplemented(
    message = "CuTe TiledCopy::retile: the first mode of the fragment has a run-time size; the values of a thread's fragment must be known to the compiler",
    label = "the first mode's size is `{Self}`, known at run time only",
    note = "retile tiles the first mode (the V values of a thread) by the copy's values, as CuTe C++'s upcast<TiledNumThr * V>, whose V is a compile-time constant: the first mode's extents are static; its strides and the other modes may be run-time"
)]
pub trait RetileValues<TC, S: HTuple, D> {
    /// The retiled layout's type.
    type Output;
    /// `Output` for a static layout, `Result<Output>` otherwise.
    type Ret;
    /// The retiled layout.
    fn retile(layout: Layout<S, D>) -> Self::Ret;
}
impl<U, B, TC, S, D> RetileValues<TC, S, D> for UInt<U, B>
where
    U: Unsigned,
    B: Bit,
    TC: CopyTiling,
    S: HTuple + Get<U0>,
    D: HTuple,
    UInt<U, B>: StaticExtent,
    TC::LayoutTV: RightInverse,
    TC::Tiler: PrefixProduct<U1>,
    RightInverted<TC::LayoutTV>: Composition<Layout<TC::Tiler, ColMajor<TC::Tiler>>>,
    TC::NumThr: Mul<UInt<U, B>>,
    InvTv<TC>: Upcast<ThrTimes<TC, UInt<U, B>>>,
    FrgMn<TC, UInt<U, B>>: RightInverse + LayoutParts,
    <FrgMn<TC, UInt<U, B>> as LayoutParts>::Shape: ProductEach,
    UInt<U, B>: PrefixProduct<U1>,
    Layout<UInt<U, B>, ColMajor<UInt<U, B>>>: ZeroUnitLayout,
    CompactColMajor<UInt<U, B>>: LogicalProduct<RightInverted<FrgMn<TC, UInt<U, B>>>>,
    <TC::Atom as CopyAtom>::NumVal: PrefixProduct<U1>,
    Layout<<TC::Atom as CopyAtom>::NumVal, ColMajor<<TC::Atom as CopyAtom>::NumVal>>:
        ZeroUnitLayout,
    LogicalProducted<CompactColMajor<UInt<U, B>>, RightInverted<FrgMn<TC, UInt<U, B>>>>:
        ZippedDivide<CompactColMajor<<TC::Atom as CopyAtom>::NumVal>>,
    FrgV<TC, UInt<U, B>>: StaticLayout,
    RetileTiler<TC, UInt<U, B>>: IntoTiler + StaticValue,
    Layout<S, D>: ZippedDivide<RetileTiler<TC, UInt<U, B>>>,
    <Layout<S, D> as ZippedDivide<RetileTiler<TC, UInt<U, B>>>>::Ret:
        IntoResult<RetileDiv<S, D, TC, UInt<U, B>>>,
    RetileDiv<S, D, TC, UInt<U, B>>: LayoutMode<U0> + LayoutMode<U1> + LayoutParts,
    <RetileDiv<S, D, TC, UInt<U, B>> as LayoutParts>::Shape: Get<U1>,
    RetileRest<S, D, TC, UInt<U, B>>: TailOf,
    <RetileRest<S, D, TC, UInt<U, B>> as TailOf>::Output: KeepAll,
    <<RetileRest<S, D, TC, UInt<U, B>> as TailOf>::Output as KeepAll>::Output:
        frunk_core::hlist::HList,
    ModeLayout<RetileDiv<S, D, TC, UInt<U, B>>, U0>: Composition<FrgV<TC, UInt<U, B>>>,
    <ModeLayout<RetileDiv<S, D, TC, UInt<U, B>>, U0> as Composition<FrgV<TC, UInt<U, B>>>>::Ret:
        IntoResult<RetileTv<S, D, TC, UInt<U, B>>>,
    HList2<RetileTv<S, D, TC, UInt<U, B>>, ModeLayout<RetileDiv<S, D, TC, UInt<U, B>>, U1>>:
        MakeLayout,
    RetileBoth<S, D, TC, UInt<U, B>>: Slice<RetileCoord<S, D, TC, UInt<U, B>>>,
    Sliced<RetileBoth<S, D, TC, UInt<U, B>>, RetileCoord<S, D, TC, UInt<U, B>>>: ZeroUnitLayout,
    LayoutStatic<S, D>: Returns<RetiledOf<S, D, TC, UInt<U, B>>>,
{
    type Output = RetiledOf<S, D, TC, UInt<U, B>>;
    type Ret = <LayoutStatic<S, D> as Returns<Self::Output>>::Ret;
    #[inline]
    fn retile(layout: Layout<S, D>) -> Self::Ret {
        <LayoutStatic<S, D>>::ret(|| {
            let t = layout
                .zipped_divide(<RetileTiler<TC, UInt<U, B>> as StaticValue>::static_value())
                .into_result()?;
            let tile = LayoutMode::<U0>::layout_mode(&t)
                .composition(StaticValue::static_value())
                .into_result()?;
            let both =
                crate::make_layout(frunk_core::hlist![tile, LayoutMode::<U1>::layout_mode(&t)]);
            let c: RetileCoord<S, D, TC, UInt<U, B>> = Default::default();
            let (_, r) = both.try_offset_and_slice(c)?;
            Ok(r.zero_unit_strides())
        })
    }
}
/// The layout of `retile(L)` by the tiled copy `TC`.
pub type Retiled<L, TC> = <L as Retile<TC>>::Output;
