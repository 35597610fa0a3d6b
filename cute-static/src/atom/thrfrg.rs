//! The thread-value tilings of a tiled MMA: `thrfrg_C`, `thrfrg_A`,
//! `thrfrg_B` of a layout, and the thread-value layouts of the tile
//! (`get_layoutC_TV` and its kin), computed with the algebra's operations.
//!
//! CuTe C++'s `thrfrg_C` (`cute/atom/mma_atom.hpp`), for an `(M, N, ...)`
//! layout:
//!
//! ```text
//! t  = logical_divide(layout, (PermM, PermN))          the atoms' order of the tile
//! z  = zipped_divide(t, (AtomM, AtomN))                ((AtomM, AtomN), (RestM, RestN, ...))
//! tv = composition(z[0], AtomLayoutC_TV)               ((ThrV, FrgV), ...)
//! r  = zipped_divide(z[1], (ThrM, ThrN))               ((ThrM, ThrN), (RestM', RestN', ...))
//!      ((tv[0], r[0]), (tv[1], r[1]))                  ((ThrV, (ThrM, ThrN)), (FrgV, (RestM', RestN', ...)))
//! ```
//!
//! and the same for A over `(M, K)` and B over `(N, K)`. Each step is this
//! crate's operation of the same name, so what stays static is the
//! algebra's rule ([`algebra`](crate::algebra)): a static layout gives a
//! static layout (the specification's, computed by the compiler), a layout
//! with a dynamic leaf gives a `Result` of CuTe C++'s layout, its leaves
//! static where CuTe C++'s are. The static extent-1 leaves of the result
//! take the stride `_0`, as CuTe C++ and the run-time atom layer write them
//! ([`zero_unit_strides`](super::zero_unit_strides)).

use frunk_core::hlist::{HCons, HNil};
use typenum::{U0, U1};

use super::compact::StaticExtent;
use super::compact::{LayoutMode, ModeLayout, ZeroUnitLayout, ZeroUnitStrides};
use super::mma_atom::{AtomK, AtomM, AtomN, MmaAtom, StaticLayout};
use super::rules::ModeTiledBy;
use super::tiled_mma::MmaTiling;
use crate::algebra::{
    Complement, Complemented, Composed, Composition, IntoResult, LogicalDivide, LogicalDivided,
    Returns, RightInverse, RightInverted, StaticValue, ZippedDivide, ZippedDivided,
};
use crate::htuple::{Get, HTuple, ModeOf};
use crate::layout::{Concatenation, Layout, MakeLayout};
use crate::shape::{ColMajor, PrefixProduct, Size, SizeOf};

/// A two-element HList.
pub type HList2<A, B> = HCons<A, HCons<B, HNil>>;

/// The operand A of an MMA: an `(M, K)` layout.
#[derive(Clone, Copy, Debug, Default)]
pub struct OperandA;
/// The operand B of an MMA: an `(N, K)` layout.
#[derive(Clone, Copy, Debug, Default)]
pub struct OperandB;
/// The operand C (and D) of an MMA: an `(M, N)` layout.
#[derive(Clone, Copy, Debug, Default)]
pub struct OperandC;

/// What a tiled MMA `TM` tiles an operand by, in the two modes `(I, J)`
/// the operand spans (`(M, K)` for A, `(N, K)` for B, `(M, N)` for C).
pub trait MmaOperand<TM: MmaTiling> {
    /// CuTe's name of the operand's tiling, for errors: `thrfrg_A`, ...
    const THRFRG: &'static str;
    /// The permutation's tiler of mode I.
    type PermI: StaticValue + Copy;
    /// The permutation's tiler of mode J.
    type PermJ: StaticValue + Copy;
    /// The atom's extent in mode I.
    type AtomI: StaticExtent;
    /// The atom's extent in mode J.
    type AtomJ: StaticExtent;
    /// The atoms along mode I.
    type ThrI: StaticExtent;
    /// The atoms along mode J.
    type ThrJ: StaticExtent;
    /// The tile's extent in mode I.
    type TileI: StaticExtent;
    /// The tile's extent in mode J.
    type TileJ: StaticExtent;
    /// The atom's thread-value layout of the operand.
    type TV: StaticLayout;
    /// The thread's coordinate `(v, i, j)` among the threads `(V, I, J)`
    /// of the operand, from its coordinate `(v, m, n, k)`.
    fn thread_coord(vmnk: [i64; 4]) -> [i64; 3];
}

macro_rules! operand {
    ($op:ty, $name:literal, $pi:ident, $pj:ident, $ai:ident, $aj:ident, $ti:ident, $tj:ident,
     $xi:ident, $xj:ident, $tv:ident, [$ci:literal, $cj:literal]) => {
        impl<TM: MmaTiling> MmaOperand<TM> for $op {
            const THRFRG: &'static str = $name;
            type PermI = TM::$pi;
            type PermJ = TM::$pj;
            type AtomI = $ai<TM::Atom>;
            type AtomJ = $aj<TM::Atom>;
            type ThrI = TM::$ti;
            type ThrJ = TM::$tj;
            type TileI = TM::$xi;
            type TileJ = TM::$xj;
            type TV = <TM::Atom as MmaAtom>::$tv;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn thread_coord(vmnk: [i64; 4]) -> [i64; 3] {
                [vmnk[0], vmnk[$ci], vmnk[$cj]]
            }
        }
    };
}
operand!(
    OperandA,
    "thrfrg_A",
    PermM,
    PermK,
    AtomM,
    AtomK,
    ThrM,
    ThrK,
    TileM,
    TileK,
    ALayout,
    [1, 3]
);
operand!(
    OperandB,
    "thrfrg_B",
    PermN,
    PermK,
    AtomN,
    AtomK,
    ThrN,
    ThrK,
    TileN,
    TileK,
    BLayout,
    [2, 3]
);
operand!(
    OperandC,
    "thrfrg_C",
    PermM,
    PermN,
    AtomM,
    AtomN,
    ThrM,
    ThrN,
    TileM,
    TileN,
    CLayout,
    [1, 2]
);

/// The permutation's tile of the operand `X`: `(PermI, PermJ)`.
pub type PermTile<TM, X> = HList2<<X as MmaOperand<TM>>::PermI, <X as MmaOperand<TM>>::PermJ>;
/// The atom's tile of the operand `X`: `(AtomI, AtomJ)`.
pub type AtomTile<TM, X> = HList2<<X as MmaOperand<TM>>::AtomI, <X as MmaOperand<TM>>::AtomJ>;
/// The atoms' tile of the operand `X`: `(ThrI, ThrJ)`.
pub type ThrTile<TM, X> = HList2<<X as MmaOperand<TM>>::ThrI, <X as MmaOperand<TM>>::ThrJ>;

/// Step 1: the layout divided by the permutation.
type Step1<L, TM, X> = LogicalDivided<L, PermTile<TM, X>>;
/// Step 2: zipped-divided by the atom, `((AtomI, AtomJ), (RestI, RestJ, ...))`.
type Step2<L, TM, X> = ZippedDivided<Step1<L, TM, X>, AtomTile<TM, X>>;
/// Step 3: the atom mode composed with the atom's layout, `(ThrV, FrgV)`.
type Step3<L, TM, X> = Composed<ModeLayout<Step2<L, TM, X>, U0>, <X as MmaOperand<TM>>::TV>;
/// Step 4: the rest divided by the atoms, `((ThrI, ThrJ), (RestI', RestJ', ...))`.
type Step4<L, TM, X> = ZippedDivided<ModeLayout<Step2<L, TM, X>, U1>, ThrTile<TM, X>>;
/// `((a[0], b[0]), (a[1], b[1]))`.
type Regrouped<A, B> = Concatenation<
    HList2<
        Concatenation<HList2<ModeLayout<A, U0>, ModeLayout<B, U0>>>,
        Concatenation<HList2<ModeLayout<A, U1>, ModeLayout<B, U1>>>,
    >,
>;
/// The result, `((ThrV, (ThrI, ThrJ)), (FrgV, (RestI', RestJ', ...)))`.
type ThrfrgLayout<L, TM, X> = ZeroUnitStrides<Regrouped<Step3<L, TM, X>, Step4<L, TM, X>>>;

pub use super::compact::LayoutStatic;

/// CuTe's `thrfrg_C`, `thrfrg_A`, `thrfrg_B` of a layout: its tiling by the
/// tiled MMA `TM` for the operand `X` (see the [module](self)).
#[diagnostic::on_unimplemented(
    message = "CuTe TiledMMA: `{Self}` cannot be tiled by the tiled MMA for {X}",
    note = "the layout has at least two modes, ((M, N) of C, (M, K) of A, (N, K) of B), tiled exactly by the tiled MMA's tile in each (tile_size)"
)]
pub trait Thrfrg<TM, X> {
    /// The tiled layout's type.
    type Output;
    /// `Output` for a static layout, `Result<Output>` otherwise.
    type Ret;
    /// The tiled layout.
    fn thrfrg(self) -> Self::Ret;
}

impl<TM, X, S, D> Thrfrg<TM, X> for Layout<S, D>
where
    TM: MmaTiling,
    X: MmaOperand<TM>,
    S: HTuple + Get<U0> + Get<U1>,
    D: HTuple,
    ModeOf<S, U0>: Size,
    ModeOf<S, U1>: Size,
    SizeOf<ModeOf<S, U0>>: ModeTiledBy<X::TileI>,
    SizeOf<ModeOf<S, U1>>: ModeTiledBy<X::TileJ>,
    Self: LogicalDivide<PermTile<TM, X>>,
    <Self as LogicalDivide<PermTile<TM, X>>>::Ret: IntoResult<Step1<Self, TM, X>>,
    Step1<Self, TM, X>: ZippedDivide<AtomTile<TM, X>>,
    <Step1<Self, TM, X> as ZippedDivide<AtomTile<TM, X>>>::Ret: IntoResult<Step2<Self, TM, X>>,
    Step2<Self, TM, X>: LayoutMode<U0> + LayoutMode<U1>,
    ModeLayout<Step2<Self, TM, X>, U0>: Composition<X::TV>,
    <ModeLayout<Step2<Self, TM, X>, U0> as Composition<X::TV>>::Ret: IntoResult<Step3<Self, TM, X>>,
    ModeLayout<Step2<Self, TM, X>, U1>: ZippedDivide<ThrTile<TM, X>>,
    <ModeLayout<Step2<Self, TM, X>, U1> as ZippedDivide<ThrTile<TM, X>>>::Ret:
        IntoResult<Step4<Self, TM, X>>,
    Step3<Self, TM, X>: LayoutMode<U0> + LayoutMode<U1>,
    Step4<Self, TM, X>: LayoutMode<U0> + LayoutMode<U1>,
    HList2<ModeLayout<Step3<Self, TM, X>, U0>, ModeLayout<Step4<Self, TM, X>, U0>>: MakeLayout,
    HList2<ModeLayout<Step3<Self, TM, X>, U1>, ModeLayout<Step4<Self, TM, X>, U1>>: MakeLayout,
    HList2<
        Concatenation<
            HList2<ModeLayout<Step3<Self, TM, X>, U0>, ModeLayout<Step4<Self, TM, X>, U0>>,
        >,
        Concatenation<
            HList2<ModeLayout<Step3<Self, TM, X>, U1>, ModeLayout<Step4<Self, TM, X>, U1>>,
        >,
    >: MakeLayout,
    Regrouped<Step3<Self, TM, X>, Step4<Self, TM, X>>: ZeroUnitLayout,
    LayoutStatic<S, D>: Returns<ThrfrgLayout<Self, TM, X>>,
{
    type Output = ThrfrgLayout<Self, TM, X>;
    type Ret = <LayoutStatic<S, D> as Returns<Self::Output>>::Ret;
    #[inline]
    fn thrfrg(self) -> Self::Ret {
        <LayoutStatic<S, D>>::ret(|| {
            let s = self.shape();
            Get::<U0>::get(s).size().check(X::THRFRG, 0)?;
            Get::<U1>::get(s).size().check(X::THRFRG, 1)?;
            let t = self
                .logical_divide(StaticValue::static_value())
                .into_result()?;
            let z = t.zipped_divide(StaticValue::static_value()).into_result()?;
            let z0 = LayoutMode::<U0>::layout_mode(&z);
            let z1 = LayoutMode::<U1>::layout_mode(&z);
            let tv = z0.composition(StaticValue::static_value()).into_result()?;
            let r = z1
                .zipped_divide(StaticValue::static_value())
                .into_result()?;
            let thr = crate::make_layout((
                LayoutMode::<U0>::layout_mode(&tv),
                LayoutMode::<U0>::layout_mode(&r),
            ));
            let frg = crate::make_layout((
                LayoutMode::<U1>::layout_mode(&tv),
                LayoutMode::<U1>::layout_mode(&r),
            ));
            Ok(crate::make_layout((thr, frg)).zero_unit_strides())
        })
    }
}

/// The layout `L` tiled by the tiled MMA `TM` for the operand `X`.
pub type ThrfrgOf<L, TM, X> = <L as Thrfrg<TM, X>>::Output;

// ------------------------------------------------------------------ the thread-value layouts of the tile

/// CuTe's compact column-major layout of a static shape: prefix-product
/// strides, `_0` on the extent-1 leaves (CuTe's `make_layout(shape)`).
pub type CompactColMajor<S> = ZeroUnitStrides<Layout<S, ColMajor<S>>>;

/// The reference layout of the operand's tile, `(TileI, TileJ)` column-major.
type RefLayout<TM, X> =
    CompactColMajor<HList2<<X as MmaOperand<TM>>::TileI, <X as MmaOperand<TM>>::TileJ>>;
/// The tile tiled for the operand.
type RefThrfrg<TM, X> = ThrfrgOf<RefLayout<TM, X>, TM, X>;
/// `thread index -> (V, M, N, K)` thread id: the right inverse of the
/// thread layout completed by its complement, with one mode.
type ThrIdx2ThrId<TM> = Composed<
    Layout<HList2<<TM as MmaTiling>::Threads, U1>, HList2<U1, U0>>,
    RightInverted<
        Concatenation<
            HList2<
                <TM as MmaTiling>::ThrLayoutVMNK,
                Complemented<<TM as MmaTiling>::ThrLayoutVMNK>,
            >,
        >,
    >,
>;

/// The thread mode of an operand's tiling of the tile, as a function of
/// the thread's `(V, M, N, K)` index: C's as it is; A's and B's spread over
/// the other operand's atoms with stride 0 (A does not depend on ThrN, B on
/// ThrM).
pub trait SpreadThreads<TM: MmaTiling, T> {
    /// The thread mode over `(V, (M, N), K)`.
    type Output;
}
impl<TM: MmaTiling, T> SpreadThreads<TM, T> for OperandC {
    type Output = T;
}
/// `(ThrV, (ThrM, ThrK))` -> `(ThrV, (ThrM o (ThrM, ThrN):(1, 0), ThrK))`.
type Spread<T, P> = Concatenation<
    HList2<
        ModeLayout<T, U0>,
        Concatenation<
            HList2<
                Composed<ModeLayout<ModeLayout<T, U1>, U0>, P>,
                ModeLayout<ModeLayout<T, U1>, U1>,
            >,
        >,
    >,
>;
macro_rules! spread {
    ($op:ty, $p:ty) => {
        impl<TM: MmaTiling, T> SpreadThreads<TM, T> for $op
        where
            T: LayoutMode<U0> + LayoutMode<U1>,
            ModeLayout<T, U1>: LayoutMode<U0> + LayoutMode<U1>,
            ModeLayout<ModeLayout<T, U1>, U0>: Composition<$p>,
            HList2<
                Composed<ModeLayout<ModeLayout<T, U1>, U0>, $p>,
                ModeLayout<ModeLayout<T, U1>, U1>,
            >: MakeLayout,
            HList2<
                ModeLayout<T, U0>,
                Concatenation<
                    HList2<
                        Composed<ModeLayout<ModeLayout<T, U1>, U0>, $p>,
                        ModeLayout<ModeLayout<T, U1>, U1>,
                    >,
                >,
            >: MakeLayout,
        {
            type Output = Spread<T, $p>;
        }
    };
}
spread!(OperandA, Layout<HList2<TM::ThrM, TM::ThrN>, HList2<U1, U0>>);
spread!(OperandB, Layout<HList2<TM::ThrM, TM::ThrN>, HList2<U0, U1>>);

/// The thread mode of the operand's tiling of the tile, over `(V, M, N, K)`.
type SpreadThr<TM, X> = <X as SpreadThreads<TM, ModeLayout<RefThrfrg<TM, X>, U0>>>::Output;
/// `(thread index, value) -> coordinate`.
type LayoutTvOf<TM, X> = ZeroUnitStrides<
    Concatenation<
        HList2<Composed<SpreadThr<TM, X>, ThrIdx2ThrId<TM>>, ModeLayout<RefThrfrg<TM, X>, U1>>,
    >,
>;

/// CuTe's `get_layoutC_TV`, `get_layoutA_TV`, `get_layoutB_TV`: `(thread
/// index, value) -> coordinate` of the operand `Self`'s tile, for every
/// thread of the tiled MMA `TM`; a static layout the compiler computes.
pub trait LayoutTv<TM: MmaTiling> {
    /// The layout.
    type Output: StaticLayout;
}
impl<TM, X> LayoutTv<TM> for X
where
    TM: MmaTiling,
    X: MmaOperand<TM>,
    HList2<X::TileI, X::TileJ>: PrefixProduct<U1>,
    Layout<HList2<X::TileI, X::TileJ>, ColMajor<HList2<X::TileI, X::TileJ>>>: ZeroUnitLayout,
    RefLayout<TM, X>: Thrfrg<TM, X>,
    RefThrfrg<TM, X>: LayoutMode<U0> + LayoutMode<U1>,
    X: SpreadThreads<TM, ModeLayout<RefThrfrg<TM, X>, U0>>,
    TM::ThrLayoutVMNK: Complement<()>,
    HList2<TM::ThrLayoutVMNK, Complemented<TM::ThrLayoutVMNK>>: MakeLayout,
    Concatenation<HList2<TM::ThrLayoutVMNK, Complemented<TM::ThrLayoutVMNK>>>: RightInverse,
    Layout<HList2<TM::Threads, U1>, HList2<U1, U0>>: Composition<
        RightInverted<Concatenation<HList2<TM::ThrLayoutVMNK, Complemented<TM::ThrLayoutVMNK>>>>,
    >,
    SpreadThr<TM, X>: Composition<ThrIdx2ThrId<TM>>,
    HList2<Composed<SpreadThr<TM, X>, ThrIdx2ThrId<TM>>, ModeLayout<RefThrfrg<TM, X>, U1>>:
        MakeLayout,
    Concatenation<
        HList2<Composed<SpreadThr<TM, X>, ThrIdx2ThrId<TM>>, ModeLayout<RefThrfrg<TM, X>, U1>>,
    >: ZeroUnitLayout,
    LayoutTvOf<TM, X>: StaticLayout,
{
    type Output = LayoutTvOf<TM, X>;
}
