//! Right and left inverses (Whitepaper, §3.4): the operations
//! ([`right_inverse`], [`left_inverse`]), and the algorithm of static
//! layouts.
//!
//! Each flat mode `s:d` of A, with its prefix product `p` (the product of
//! the extents before it), is a triple `(d, s, p)`; the triples are sorted by
//! stride (stably: equal strides keep A's order), and modes of extent 1 or
//! stride 0 are left out.
//!
//! ```text
//! right_inverse: c = 1; for (d, s, p): d == c -> (s:p), c = s * d;  else stop
//! left_inverse:  (d_0:0), then (d_k / d_(k-1)):p_(k-1) for each next mode,
//!                then (s_last:p_last); each d_(k-1) must divide d_k and
//!                d_k >= d_(k-1) * s_(k-1) (an ordered chain)
//! ```
//!
//! and the result is coalesced (`1:0` if empty). Sorting is done by the
//! compiler, so the layout this algorithm inverts is static; a layout with
//! a dynamic leaf takes CuTe C++'s inverses (in `mixed`).

use core::marker::PhantomData;

use cute_core::{IntMul, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{IsEqual, IsLessOrEqual, B0, B1, U0, U1};

use super::coalesce::Coal;
use super::detail::{
    DivOf, FromModes, KnownOne, KnownZero, Modes, ModesOf, MulOf, ToModes, Trivial, M,
};
use super::mixed;
use super::{LayoutStatic, Returns};
use crate::htuple::{HTuple, Leaf, StaticBit};
use crate::layout::Layout;

// ------------------------------------------------------------------ the operations

macro_rules! inverse_op {
    ($(#[$doc:meta])* $tr:ident, $method:ident, $alias:ident, $kind:ident, $msg:literal) => {
        operation!($(#[$doc])* $tr, $method() -> $alias, $msg);

        impl<S: HTuple, D: HTuple> $tr for Layout<S, D>
        where
            LayoutStatic<S, D>: InversePath<S, D, $kind>,
            LayoutStatic<S, D>: Returns<<LayoutStatic<S, D> as InversePath<S, D, $kind>>::Output>,
        {
            type Output = <LayoutStatic<S, D> as InversePath<S, D, $kind>>::Output;
            type Ret = ret_of!(LayoutStatic<S, D>, Self::Output);
            #[inline]
            fn $method(self) -> Self::Ret {
                <LayoutStatic<S, D>>::ret(|| {
                    <LayoutStatic<S, D>>::invert(self.shape(), self.stride())
                })
            }
        }
    };
}

/// The two ways to invert: the specification's, by the compiler (a static
/// layout, `B1`), or CuTe C++'s (a layout with a dynamic leaf, `B0`).
pub trait InversePath<S, D, K> {
    /// The result's layout type.
    type Output;
    /// The inverse.
    fn invert(s: &S, d: &D) -> Result<Self::Output>;
}
impl<S: HTuple + ToModes<D>, D: HTuple, K: Invert<ModesOf<S, D>>> InversePath<S, D, K> for B1 {
    type Output = Layout<K::Shape, K::Stride>;
    #[inline]
    fn invert(_: &S, _: &D) -> Result<Self::Output> {
        Layout::from_algebra(Default::default(), Default::default())
    }
}
impl<S: mixed::inverse::RightInverseOf<D>, D: HTuple> InversePath<S, D, RightInverseKind> for B0 {
    type Output = Layout<S::Shape, S::Stride>;
    #[inline]
    fn invert(s: &S, d: &D) -> Result<Self::Output> {
        let (s, d) = s.right_inverse_of(d)?;
        Layout::from_algebra(s, d)
    }
}
impl<S: mixed::inverse::LeftInverseOf<D>, D: HTuple> InversePath<S, D, LeftInverseKind> for B0 {
    type Output = Layout<S::Shape, S::Stride>;
    #[inline]
    fn invert(s: &S, d: &D) -> Result<Self::Output> {
        let (s, d) = s.left_inverse_of(d)?;
        Layout::from_algebra(s, d)
    }
}

inverse_op!(
    /// The largest right inverse of A: the layout R with `A(R(k)) == k` over
    /// the contiguous part of A's image, following A's strides in
    /// increasing order from 1 while each is the extent covered so far.
    ///
    /// # Post-conditions
    /// `A(result(i)) == i` for `i` in `0..size(result)`
    ///
    /// # Errors
    /// For a layout with a dynamic leaf (CuTe C++'s right inverse, which
    /// follows the static strides only): `ValueError` where it stops before
    /// the largest right inverse the values give, or on overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_static::{layout, right_inverse};
    /// assert_eq!(right_inverse(layout!((4, 8) : (1, 4))).to_string(), "_32:_1");
    /// assert_eq!(right_inverse(layout!((4, 8) : (8, 1))).to_string(), "(_8,_4):(_4,_1)");
    /// assert_eq!(right_inverse(layout!((4, 8) : (1, 5))).to_string(), "_4:_1");
    /// // a dynamic extent: CuTe C++'s right inverse, the same function
    /// let n = 8;
    /// assert_eq!(right_inverse(layout!((4, n) : (1, 4)).unwrap()).unwrap().to_string(), "(_4,8):(_1,_4)");
    /// // CuTe C++ follows the static strides only: it would stop at 4 of 32
    /// let d = 4;
    /// assert!(right_inverse(layout!((4, 8) : (1, d)).unwrap()).is_err());
    /// ```
    RightInverse, right_inverse, RightInverted, RightInverseKind, "CuTe right_inverse: `{Self}` is not a layout"
);
inverse_op!(
    /// The left inverse of A: the layout R with `R(A(k)) == k` for an
    /// injective A, its extents stretched over the holes of A's image.
    ///
    /// # Pre-conditions
    /// A's non-zero strides form an ordered chain: sorted, each divides the
    /// next and `d_k >= d_(k-1) * s_(k-1)` (for a static layout, a trait
    /// bound).
    ///
    /// # Post-conditions
    /// `A(result(A(i))) == A(i)` for `i` in `0..size(A)`
    ///
    /// # Errors
    /// For a layout with a dynamic extent (CuTe C++'s left inverse: its
    /// coalesced strides must be static, a trait bound): `ValueError` if
    /// the chain condition fails on the values, or where CuTe C++'s result
    /// is not the specification's.
    ///
    /// # Examples
    /// ```
    /// use cute_static::{layout, left_inverse};
    /// assert_eq!(left_inverse(layout!((4, 8) : (1, 4))).to_string(), "_32:_1");
    /// assert_eq!(left_inverse(layout!((4, 8) : (1, 5))).to_string(), "(_5,_8):(_1,_4)");
    /// ```
    /// ```compile_fail
    /// // 1 and 2 overlap: no ordered chain
    /// let _ = cute_static::left_inverse(cute_static::layout!((4, 8) : (1, 2)));
    /// ```
    LeftInverse, left_inverse, LeftInverted, LeftInverseKind, "CuTe left_inverse: `{Self}` is not a layout"
);

// ------------------------------------------------------------------ the static algorithm

/// A flat mode with its prefix product: stride `D`, extent `S`, prefix `P`.
pub struct T3<D, S, P>(PhantomData<(D, S, P)>);

/// The triples of a mode list, prefix products starting at `P`.
pub trait Triples<P>: Modes {
    /// The triples.
    type Output;
}
impl<P> Triples<P> for HNil {
    type Output = HNil;
}
impl<S: Leaf, D: Leaf, T: Modes + Triples<MulOf<P, S>>, P: IntMul<S>> Triples<P>
    for HCons<M<S, D>, T>
{
    type Output = HCons<T3<D, S, P>, T::Output>;
}

/// Inserts a triple into a list sorted by stride, before the first one of a
/// larger or equal stride (the list is built from the back, so equal
/// strides keep A's order).
pub trait InsertT<X> {
    /// The sorted list.
    type Output;
}
impl<X> InsertT<X> for HNil {
    type Output = HCons<X, HNil>;
}
impl<D, S, P, D2, S2, P2, T> InsertT<T3<D, S, P>> for HCons<T3<D2, S2, P2>, T>
where
    D: IsLessOrEqual<D2>,
    <D as IsLessOrEqual<D2>>::Output: InsertTAt<T3<D, S, P>, T3<D2, S2, P2>, T>,
{
    type Output =
        <<D as IsLessOrEqual<D2>>::Output as InsertTAt<T3<D, S, P>, T3<D2, S2, P2>, T>>::Output;
}
/// `X` before `H` (`B1`) or after it (`B0`).
pub trait InsertTAt<X, H, T> {
    /// The list.
    type Output;
}
impl<X, H, T> InsertTAt<X, H, T> for B1 {
    type Output = HCons<X, HCons<H, T>>;
}
impl<X, H, T: InsertT<X>> InsertTAt<X, H, T> for B0 {
    type Output = HCons<H, T::Output>;
}
/// The triples sorted by stride, stably.
pub trait SortT {
    /// The sorted list.
    type Output;
}
impl SortT for HNil {
    type Output = HNil;
}
impl<X, T: SortT> SortT for HCons<X, T>
where
    T::Output: InsertT<X>,
{
    type Output = <T::Output as InsertT<X>>::Output;
}

// ------------------------------------------------------------------ right inverse

/// The right inverse's chain from the sorted triples; `C` is the running
/// extent.
pub trait RChain<C> {
    /// The modes of the result, before coalescing.
    type Output: Modes;
}
impl<C> RChain<C> for HNil {
    type Output = HNil;
}
impl<D, S, P, T, C> RChain<C> for HCons<T3<D, S, P>, T>
where
    S: KnownOne,
    D: KnownZero + IsEqual<C>,
    Trivial<S, D>: RSkip<D, S, P, T, C>,
{
    type Output = <Trivial<S, D> as RSkip<D, S, P, T, C>>::Output;
}
/// Skip a mode of extent 1 or stride 0 (`B1`), or follow the chain (`B0`).
pub trait RSkip<D, S, P, T, C> {
    /// The modes.
    type Output: Modes;
}
impl<D, S, P, T: RChain<C>, C> RSkip<D, S, P, T, C> for B1 {
    type Output = T::Output;
}
impl<D: IsEqual<C>, S, P, T, C> RSkip<D, S, P, T, C> for B0
where
    <D as IsEqual<C>>::Output: RFollow<D, S, P, T>,
{
    type Output = <<D as IsEqual<C>>::Output as RFollow<D, S, P, T>>::Output;
}
/// `d == c`: `(s:p)` and on with `c = s * d` (`B1`); otherwise stop (`B0`).
pub trait RFollow<D, S, P, T> {
    /// The modes.
    type Output: Modes;
}
impl<D, S, P, T> RFollow<D, S, P, T> for B0 {
    type Output = HNil;
}
impl<D, S: Leaf + IntMul<D>, P: Leaf, T: RChain<MulOf<S, D>>> RFollow<D, S, P, T> for B1 {
    type Output = HCons<M<S, P>, T::Output>;
}

// ------------------------------------------------------------------ left inverse

/// The left inverse requires an ordered chain of strides.
#[diagnostic::on_unimplemented(
    message = "CuTe left_inverse: the strides do not form an ordered chain (each stride must divide the next and the next must be at least the previous stride times its extent)",
    label = "the stride `{D}` does not continue the chain after the stride `{PD}`",
    note = "sorted by stride d_0 < d_1 < ... with extents s_k, left_inverse(A) needs d_(k-1) | d_k and d_k >= d_(k-1) * s_(k-1)"
)]
pub trait OrderedChain<D, PD> {}
impl<D, PD> OrderedChain<D, PD> for B1 {}

/// The left inverse's modes from the sorted triples; `Prev` is the previous
/// mode of the chain as a triple, or `()` before the first.
pub trait LChain<Prev> {
    /// The modes of the result, before coalescing.
    type Output: Modes;
}
/// The end: `(s_last:p_last)`.
impl<PD, PS: Leaf, PP: Leaf> LChain<T3<PD, PS, PP>> for HNil {
    type Output = HCons<M<PS, PP>, HNil>;
}
/// No mode at all.
impl LChain<()> for HNil {
    type Output = HNil;
}
impl<D, S, P, T, Prev> LChain<Prev> for HCons<T3<D, S, P>, T>
where
    S: KnownOne,
    D: KnownZero,
    Trivial<S, D>: LSkip<D, S, P, T, Prev>,
{
    type Output = <Trivial<S, D> as LSkip<D, S, P, T, Prev>>::Output;
}
/// Skip a mode of extent 1 or stride 0 (`B1`), or chain it (`B0`).
pub trait LSkip<D, S, P, T, Prev> {
    /// The modes.
    type Output: Modes;
}
impl<D, S, P, T: LChain<Prev>, Prev> LSkip<D, S, P, T, Prev> for B1 {
    type Output = T::Output;
}
/// The first mode of the chain: `(d_0:0)`.
impl<D: Leaf, S, P, T: LChain<T3<D, S, P>>> LSkip<D, S, P, T, ()> for B0 {
    type Output = HCons<M<D, U0>, T::Output>;
}
/// A next mode: `(d / pd):pp`, checked.
impl<D, S, P, T, PD, PS, PP> LSkip<D, S, P, T, T3<PD, PS, PP>> for B0
where
    D: Leaf + cute_core::IntDiv<PD> + typenum::IsGreaterOrEqual<MulOf<PD, PS>>,
    PD: Leaf + cute_core::IntDivides<D> + IntMul<PS>,
    PP: Leaf,
    <<PD as cute_core::IntDivides<D>>::Output as StaticBit>::And<
        <D as typenum::IsGreaterOrEqual<MulOf<PD, PS>>>::Output,
    >: OrderedChain<D, PD>,
    <PD as cute_core::IntDivides<D>>::Output: StaticBit,
    <D as typenum::IsGreaterOrEqual<MulOf<PD, PS>>>::Output: StaticBit,
    DivOf<D, PD>: Leaf,
    T: LChain<T3<D, S, P>>,
{
    type Output = HCons<M<DivOf<D, PD>, PP>, T::Output>;
}

/// The coalesced right inverse of the flat modes `L`.
pub type RightInverseModes<L> = <<<<L as Triples<U1>>::Output as SortT>::Output as RChain<U1>>::Output as Coal<HNil, B0>>::Output;
/// The coalesced left inverse of the flat modes `L`.
pub type LeftInverseModes<L> = <<<<L as Triples<U1>>::Output as SortT>::Output as LChain<()>>::Output as Coal<HNil, B0>>::Output;

/// The right inverse of the static flat modes `Self`.
pub trait RightInv: Modes {
    /// The result's modes.
    type Output: FromModes;
}
impl<L: Modes + Triples<U1>> RightInv for L
where
    <L as Triples<U1>>::Output: SortT,
    <<L as Triples<U1>>::Output as SortT>::Output: RChain<U1>,
    <<<L as Triples<U1>>::Output as SortT>::Output as RChain<U1>>::Output: Coal<HNil, B0>,
    RightInverseModes<L>: FromModes,
{
    type Output = RightInverseModes<L>;
}

/// The left inverse of the static flat modes `Self`.
pub trait LeftInv: Modes {
    /// The result's modes.
    type Output: FromModes;
}
impl<L: Modes + Triples<U1>> LeftInv for L
where
    <L as Triples<U1>>::Output: SortT,
    <<L as Triples<U1>>::Output as SortT>::Output: LChain<()>,
    <<<L as Triples<U1>>::Output as SortT>::Output as LChain<()>>::Output: Coal<HNil, B0>,
    LeftInverseModes<L>: FromModes,
{
    type Output = LeftInverseModes<L>;
}

/// The right inverse.
#[derive(Clone, Copy, Debug, Default)]
pub struct RightInverseKind;
/// The left inverse.
#[derive(Clone, Copy, Debug, Default)]
pub struct LeftInverseKind;

/// The inverse of kind `Self` of the static flat modes `L`, as a layout's
/// parts.
pub trait Invert<L> {
    /// The shape.
    type Shape: crate::htuple::HTuple;
    /// The stride.
    type Stride: crate::htuple::HTuple;
}
impl<L: RightInv> Invert<L> for RightInverseKind {
    type Shape = <L::Output as FromModes>::Shape;
    type Stride = <L::Output as FromModes>::Stride;
}
impl<L: LeftInv> Invert<L> for LeftInverseKind {
    type Shape = <L::Output as FromModes>::Shape;
    type Stride = <L::Output as FromModes>::Stride;
}
