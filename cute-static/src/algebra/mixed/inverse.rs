//! CuTe C++'s right and left inverses, for a layout with a dynamic leaf.
//!
//! Both coalesce A (as CuTe C++ coalesces it) and take its modes with their
//! prefix products `p_k = s_0 * ... * s_(k-1)`:
//!
//! ```text
//! right_inverse: the modes of static stride, sorted by stride; from
//!   c = _1, each mode whose stride is statically c joins, s_k:p_k, and
//!   c = s_k * d_k; coalesce((_1, s...):(_0, p...)).
//! left_inverse: every stride static (a trait bound), sorted; each mode of
//!   non-zero stride gives the extent d_k / d_(k-1) (d_(-1) = 1, a static
//!   divisibility condition), the strides (_0, p...) shifted by one, and the
//!   last mode's extent ends it: coalesce((d_0, d_1/d_0, ..., s_last):(_0, p...)).
//! ```
//!
//! CuTe C++'s right inverse stops at a dynamic stride or extent, where the
//! specification's follows the values: where the two differ, CuTe C++'s is
//! not the largest right inverse, and this crate returns an `Err` instead
//! of it. The left inverse's conditions that read a dynamic extent are
//! checked on the values.

use cute_core::{IntDiv, IntMul, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{IsLess, B0, B1, U0, U1};

use super::super::detail::{
    one, Append, Appended, DivOf, EqK, FromModes, IsZero, KnownEq, KnownZero, Modes, ModesOf,
    MulOf, ToModes, M,
};
use super::check::{self, Flat};
use super::coalesce::BwCoalesce;
use super::complement::StaticStrides;
use crate::htuple::{HTuple, Leaf, StaticBit};

const RIGHT: &str = "right_inverse";
const LEFT: &str = "left_inverse";

/// A mode `s:d` with its prefix product `p`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tr<S, D, P> {
    s: S,
    d: D,
    p: P,
}

/// A list of [`Tr`].
pub trait Trs: frunk_core::hlist::HList + Copy + Default {}
impl Trs for HNil {}
impl<S: Leaf, D: Leaf, P: Leaf, T: Trs> Trs for HCons<Tr<S, D, P>, T> {}

/// The modes with their prefix products, from `p`.
pub trait Prefixed<P>: Modes {
    /// The triples.
    type Output: Trs;
    /// The triples.
    fn prefixed(&self, p: P) -> Result<Self::Output>;
}
impl<P> Prefixed<P> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn prefixed(&self, _: P) -> Result<HNil> {
        Ok(HNil)
    }
}
impl<S, D, T, P> Prefixed<P> for HCons<M<S, D>, T>
where
    S: Leaf + IntMul<P>,
    D: Leaf,
    P: Leaf,
    T: Prefixed<MulOf<S, P>>,
{
    type Output = HCons<Tr<S, D, P>, T::Output>;
    #[inline]
    fn prefixed(&self, p: P) -> Result<Self::Output> {
        let (s, d) = (self.head.s, self.head.d);
        let next = s.int_mul(&p).map_err(|e| e.in_op(RIGHT))?;
        Ok(HCons {
            head: Tr { s, d, p },
            tail: self.tail.prefixed(next)?,
        })
    }
}

/// The triples whose stride is static.
pub trait StaticStrided: Trs {
    /// The triples kept.
    type Output: Trs;
    /// The triples kept.
    fn static_strided(&self) -> Self::Output;
}
impl StaticStrided for HNil {
    type Output = HNil;
    #[inline(always)]
    fn static_strided(&self) -> HNil {
        HNil
    }
}
impl<S: Leaf, D: Leaf, P: Leaf, T: StaticStrided> StaticStrided for HCons<Tr<S, D, P>, T>
where
    D::AllStatic: KeepIf<Tr<S, D, P>, T::Output>,
{
    type Output = <D::AllStatic as KeepIf<Tr<S, D, P>, T::Output>>::Output;
    #[inline]
    fn static_strided(&self) -> Self::Output {
        <D::AllStatic>::keep_if(self.head, self.tail.static_strided())
    }
}
/// Keeps `X` in front of `R` (`B1`) or drops it (`B0`).
pub trait KeepIf<X, R> {
    /// The list.
    type Output: Trs;
    /// The list.
    fn keep_if(x: X, r: R) -> Self::Output;
}
impl<X, R: Trs> KeepIf<X, R> for B0 {
    type Output = R;
    #[inline(always)]
    fn keep_if(_: X, r: R) -> R {
        r
    }
}
impl<S: Leaf, D: Leaf, P: Leaf, R: Trs> KeepIf<Tr<S, D, P>, R> for B1 {
    type Output = HCons<Tr<S, D, P>, R>;
    #[inline(always)]
    fn keep_if(x: Tr<S, D, P>, r: R) -> Self::Output {
        HCons { head: x, tail: r }
    }
}

/// The triples sorted by their static strides, the first of equal ones
/// first.
pub trait SortTr: Trs {
    /// The sorted triples.
    type Output: Trs;
    /// The sorted triples.
    fn sort_tr(&self) -> Self::Output;
}
impl SortTr for HNil {
    type Output = HNil;
    #[inline(always)]
    fn sort_tr(&self) -> HNil {
        HNil
    }
}
impl<X: Copy + Default, T: SortTr> SortTr for HCons<X, T>
where
    HCons<X, T>: Trs,
    T::Output: InsertTr<X>,
{
    type Output = <T::Output as InsertTr<X>>::Output;
    #[inline]
    fn sort_tr(&self) -> Self::Output {
        self.tail.sort_tr().insert_tr(self.head)
    }
}
/// Inserts `X` before the first triple of a larger stride.
pub trait InsertTr<X>: Trs {
    /// The sorted list.
    type Output: Trs;
    /// The sorted list.
    fn insert_tr(self, x: X) -> Self::Output;
}
impl<S: Leaf, D: Leaf, P: Leaf> InsertTr<Tr<S, D, P>> for HNil {
    type Output = HCons<Tr<S, D, P>, HNil>;
    #[inline(always)]
    fn insert_tr(self, x: Tr<S, D, P>) -> Self::Output {
        one(x)
    }
}
impl<S, D, P, HS, HD, HP, T> InsertTr<Tr<S, D, P>> for HCons<Tr<HS, HD, HP>, T>
where
    HCons<Tr<HS, HD, HP>, T>: Trs,
    S: Leaf,
    D: Leaf,
    P: Leaf,
    HD: IsLess<D>,
    <HD as IsLess<D>>::Output: InsertTrAt<Tr<S, D, P>, Tr<HS, HD, HP>, T>,
{
    type Output = <<HD as IsLess<D>>::Output as InsertTrAt<Tr<S, D, P>, Tr<HS, HD, HP>, T>>::Output;
    #[inline(always)]
    fn insert_tr(self, x: Tr<S, D, P>) -> Self::Output {
        <<HD as IsLess<D>>::Output>::insert_tr_at(x, self)
    }
}
/// Insert here (`B0`) or past the head (`B1`).
pub trait InsertTrAt<X, H, T> {
    /// The sorted list.
    type Output: Trs;
    /// The sorted list.
    fn insert_tr_at(x: X, l: HCons<H, T>) -> Self::Output;
}
impl<X, H, T> InsertTrAt<X, H, T> for B0
where
    HCons<X, HCons<H, T>>: Trs,
{
    type Output = HCons<X, HCons<H, T>>;
    #[inline(always)]
    fn insert_tr_at(x: X, l: HCons<H, T>) -> Self::Output {
        HCons { head: x, tail: l }
    }
}
impl<X, H, T: InsertTr<X>> InsertTrAt<X, H, T> for B1
where
    HCons<H, T::Output>: Trs,
{
    type Output = HCons<H, T::Output>;
    #[inline(always)]
    fn insert_tr_at(x: X, l: HCons<H, T>) -> Self::Output {
        HCons {
            head: l.head,
            tail: l.tail.insert_tr(x),
        }
    }
}

// ------------------------------------------------------------------ right inverse

/// The right inverse's chain from `c`: each triple whose stride is
/// statically `c` joins (`s:p`), and `c` becomes `s * d`.
pub trait RightChain<C>: Trs {
    /// The modes of the result.
    type Output: Modes;
    /// The modes of the result.
    fn right_chain(&self, c: C) -> Result<Self::Output>;
}
impl<C> RightChain<C> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn right_chain(&self, _: C) -> Result<HNil> {
        Ok(HNil)
    }
}
impl<S, D, P, T, C> RightChain<C> for HCons<Tr<S, D, P>, T>
where
    Self: Trs,
    S: Leaf,
    P: Leaf,
    D: Leaf + KnownEq<C>,
    EqK<D, C>: StaticBit + Join<S, D, P, T, C>,
{
    type Output = <EqK<D, C> as Join<S, D, P, T, C>>::Output;
    #[inline]
    fn right_chain(&self, c: C) -> Result<Self::Output> {
        <EqK<D, C>>::join(self.head, &self.tail, c)
    }
}
/// A triple joins the chain (`B1`) or not (`B0`).
pub trait Join<S, D, P, T, C> {
    /// The modes of the result.
    type Output: Modes;
    /// The modes of the result.
    fn join(x: Tr<S, D, P>, t: &T, c: C) -> Result<Self::Output>;
}
impl<S, D, P, T: RightChain<C>, C> Join<S, D, P, T, C> for B0 {
    type Output = T::Output;
    #[inline(always)]
    fn join(_: Tr<S, D, P>, t: &T, c: C) -> Result<Self::Output> {
        t.right_chain(c)
    }
}
impl<S, D, P, T, C> Join<S, D, P, T, C> for B1
where
    S: Leaf + IntMul<D>,
    D: Leaf,
    P: Leaf,
    T: RightChain<MulOf<S, D>>,
{
    type Output = HCons<M<S, P>, T::Output>;
    #[inline]
    fn join(x: Tr<S, D, P>, t: &T, _: C) -> Result<Self::Output> {
        let c = x.s.int_mul(&x.d).map_err(|e| e.in_op(RIGHT))?;
        Ok(HCons {
            head: M { s: x.s, d: x.p },
            tail: t.right_chain(c)?,
        })
    }
}

/// A's modes as CuTe C++'s inverses see them (coalesced).
pub type Coalesced<S, D> = <ModesOf<S, D> as BwCoalesce<B0>>::Output;
/// The right inverse's modes, before the final coalesce.
type RightModes<S, D> = HCons<
    M<U1, U0>,
    <<<<Coalesced<S, D> as Prefixed<U1>>::Output as StaticStrided>::Output as SortTr>::Output as RightChain<U1>>::Output,
>;

/// `right_inverse(A)` (A `S:D`) with CuTe C++'s structure, or an `Err`
/// where it is not the largest right inverse.
pub trait RightInverseOf<D>: HTuple {
    /// The result's shape.
    type Shape: HTuple;
    /// The result's stride.
    type Stride: HTuple;
    /// The result.
    fn right_inverse_of(&self, d: &D) -> Result<(Self::Shape, Self::Stride)>;
}
impl<S, D> RightInverseOf<D> for S
where
    S: HTuple + ToModes<D>,
    D: HTuple,
    ModesOf<S, D>: BwCoalesce<B0>,
    Coalesced<S, D>: Prefixed<U1>,
    <Coalesced<S, D> as Prefixed<U1>>::Output: StaticStrided,
    <<Coalesced<S, D> as Prefixed<U1>>::Output as StaticStrided>::Output: SortTr,
    <<<Coalesced<S, D> as Prefixed<U1>>::Output as StaticStrided>::Output as SortTr>::Output:
        RightChain<U1>,
    RightModes<S, D>: Modes + BwCoalesce<B0>,
    <RightModes<S, D> as BwCoalesce<B0>>::Output: FromModes,
{
    type Shape = <<RightModes<S, D> as BwCoalesce<B0>>::Output as FromModes>::Shape;
    type Stride = <<RightModes<S, D> as BwCoalesce<B0>>::Output as FromModes>::Stride;
    #[inline]
    fn right_inverse_of(&self, d: &D) -> Result<(Self::Shape, Self::Stride)> {
        let c = self.to_modes(d).bw_coalesce()?;
        let chain = c
            .prefixed(U1::new())?
            .static_strided()
            .sort_tr()
            .right_chain(U1::new())?;
        // the specification's right inverse follows the values: CuTe C++'s
        // must reach as far
        let ours = Flat::of_modes(RIGHT, &chain)?
            .as_slice()
            .iter()
            .try_fold(1_i64, |n, &(s, _)| n.checked_mul(s))
            .ok_or_else(overflow)?;
        let want = spec_right_size(&Flat::of_modes(RIGHT, &c)?.coalesced(RIGHT)?)?;
        if ours != want {
            return Err(short(ours, want));
        }
        let all = HCons {
            head: M::<U1, U0>::default(),
            tail: chain,
        };
        Ok(all.bw_coalesce()?.parts())
    }
}

/// The size of the specification's right inverse of the coalesced modes
/// `f`: sorted by stride, a mode whose stride is the extent covered so far
/// continues the chain.
fn spec_right_size(f: &Flat) -> Result<i64> {
    let mut m = *f;
    let sorted = m.sort_by_stride();
    let mut current: i64 = 1;
    for &(s, d) in sorted {
        if s == 1 || d != current {
            if d > current {
                break;
            }
            continue;
        }
        current = current.checked_mul(s).ok_or_else(overflow)?;
    }
    Ok(current)
}

#[cold]
fn overflow() -> cute_core::Error {
    cute_core::Error::overflow(RIGHT, "an extent leaves the 64-bit range")
}

#[cold]
fn short(ours: i64, want: i64) -> cute_core::Error {
    #[cfg(feature = "dynamic")]
    let msg = format!(
        "CuTe C++'s right inverse of a layout with dynamic leaves follows only its static strides and extents and reaches {ours} of the {want} elements the largest right inverse reaches: no mixed layout of CuTe C++'s structure is the value (use the run-time algebra, or make those leaves static)"
    );
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = (ours, want);
        "CuTe C++'s right inverse of a layout with dynamic leaves stops before the largest right inverse does"
    };
    cute_core::Error::value(RIGHT, msg)
}

// ------------------------------------------------------------------ left inverse

/// The specification's left inverse of the chain `links` (`(stride, mode)`
/// sorted by stride, modes of extent 1 or stride 0 left out), whose modes'
/// extents and prefix products are `modes`: `(d_0 : 0), (d_k / d_(k-1) :
/// p_(k-1))..., (s_last : p_last)`, or `1:0` for no link.
fn spec_left_modes(links: &[(i64, i64)], modes: &[(i64, i64)]) -> Result<Flat> {
    let mut out = Flat::new();
    let mut prev: Option<(i64, i64)> = None;
    for &(d, k) in links {
        let p = modes[k as usize].1;
        match prev {
            None => out.push(LEFT, d, 0)?,
            Some((pd, pp)) => out.push(LEFT, d / pd, pp)?,
        }
        prev = Some((d, p));
    }
    match links.last() {
        Some(&(_, k)) => out.push(LEFT, modes[k as usize].0, modes[k as usize].1)?,
        None => out.push(LEFT, 1, 0)?,
    }
    Ok(out)
}

#[cold]
fn not_left_value() -> cute_core::Error {
    cute_core::Error::value(
        LEFT,
        "CuTe C++'s left inverse of this layout keeps in its chain a dynamic extent 1 (or, where every stride is 0, the last extent) that the specification's leaves out, and is not its value: no mixed layout of CuTe C++'s structure is (use the run-time algebra, or make those leaves static)",
    )
}

/// Every stride of a left inverse's layout is static in CuTe C++.
#[diagnostic::on_unimplemented(
    message = "CuTe left_inverse: the layout has a dynamic stride; CuTe C++'s left inverse sorts the strides at compile time",
    label = "the stride `{D}` has a dynamic leaf",
    note = "make the strides static, or invert the run-time layout: cute_dynamic::algebra::left_inverse(&a.to_dynamic())"
)]
pub trait StaticStride<D> {}
impl<D> StaticStride<D> for B1 {}

/// CuTe C++'s left-inverse divisibility condition: each stride divisible
/// by the one before it.
#[diagnostic::on_unimplemented(
    message = "CuTe left_inverse: the strides do not form an ordered chain (a stride is not divisible by the one before it)",
    label = "the stride `{D}` is not divisible by the stride `{P}` before it",
    note = "sorted by stride d_0 < d_1 < ..., left_inverse(A) needs each d_(k-1) to divide d_k (and d_k >= d_(k-1) * s_(k-1))"
)]
pub trait ChainDivides<D, P> {}
impl<D, P> ChainDivides<D, P> for B1 {}

/// The left inverse's chain, sorted: `Q` the product of the extents so far
/// (the stride before), `PP` the stride of the next mode of the result.
pub trait LeftChain<Q, PP>: Trs {
    /// The modes of the result.
    type Output: Modes;
    /// The modes of the result.
    fn left_chain(&self, q: Q, pp: PP) -> Result<Self::Output>;
}
/// The end: the last mode's extent, at the last stride.
impl<S, D, P, Q, PP> LeftChain<Q, PP> for HCons<Tr<S, D, P>, HNil>
where
    Self: Trs,
    S: Leaf,
    D: Leaf,
    P: Leaf,
    PP: Leaf,
    IsZero<D>: LeftStep<S, D, P, HNil, Q, PP>,
    D: KnownZero,
{
    type Output = <IsZero<D> as LeftStep<S, D, P, HNil, Q, PP>>::Output;
    #[inline]
    fn left_chain(&self, q: Q, pp: PP) -> Result<Self::Output> {
        <IsZero<D>>::left_step(self.head, &HNil, q, pp)
    }
}
impl<S, D, P, X, T, Q, PP> LeftChain<Q, PP> for HCons<Tr<S, D, P>, HCons<X, T>>
where
    Self: Trs,
    HCons<X, T>: Trs,
    S: Leaf,
    P: Leaf,
    D: KnownZero,
    IsZero<D>: LeftStep<S, D, P, HCons<X, T>, Q, PP>,
{
    type Output = <IsZero<D> as LeftStep<S, D, P, HCons<X, T>, Q, PP>>::Output;
    #[inline]
    fn left_chain(&self, q: Q, pp: PP) -> Result<Self::Output> {
        <IsZero<D>>::left_step(self.head, &self.tail, q, pp)
    }
}
/// A zero stride (`B1`, skipped) or not.
pub trait LeftStep<S, D, P, T, Q, PP> {
    /// The modes of the result.
    type Output: Modes;
    /// The modes of the result.
    fn left_step(x: Tr<S, D, P>, t: &T, q: Q, pp: PP) -> Result<Self::Output>;
}
/// A zero stride, not the last: skipped.
impl<S, D, P, X, T, Q, PP> LeftStep<S, D, P, HCons<X, T>, Q, PP> for B1
where
    HCons<X, T>: LeftChain<Q, PP>,
{
    type Output = <HCons<X, T> as LeftChain<Q, PP>>::Output;
    #[inline(always)]
    fn left_step(_: Tr<S, D, P>, t: &HCons<X, T>, q: Q, pp: PP) -> Result<Self::Output> {
        t.left_chain(q, pp)
    }
}
/// A zero stride, the last: the last extent ends the result all the same.
impl<S: Leaf, D, P, Q, PP: Leaf> LeftStep<S, D, P, HNil, Q, PP> for B1 {
    type Output = HCons<M<S, PP>, HNil>;
    #[inline(always)]
    fn left_step(x: Tr<S, D, P>, _: &HNil, _: Q, pp: PP) -> Result<Self::Output> {
        Ok(one(M { s: x.s, d: pp }))
    }
}
/// A stride: the extent `d / q` at the stride before, then the rest; the
/// last stride also gives the last extent.
impl<S, D, P, T, Q, PP> LeftStep<S, D, P, T, Q, PP> for B0
where
    S: Leaf,
    D: Leaf + IntDiv<Q> + cute_core::IntRem<Q>,
    <D as cute_core::IntRem<Q>>::Output: KnownZero,
    super::super::detail::IsZero<<D as cute_core::IntRem<Q>>::Output>: ChainDivides<D, Q>,
    DivOf<D, Q>: Leaf,
    P: Leaf,
    PP: Leaf,
    T: LeftRest<S, P, D>,
    HCons<M<DivOf<D, Q>, PP>, HNil>: Append<T::Output>,
{
    type Output = Appended<HCons<M<DivOf<D, Q>, PP>, HNil>, T::Output>;
    #[inline]
    fn left_step(x: Tr<S, D, P>, t: &T, q: Q, pp: PP) -> Result<Self::Output> {
        let e = x.d.int_div(&q).map_err(|e| e.in_op(LEFT))?;
        Ok(one(M { s: e, d: pp }).append(t.left_rest(x)?))
    }
}
/// What follows a mode of non-zero stride: the chain, or the last extent.
pub trait LeftRest<S, P, D> {
    /// The modes.
    type Output: Modes;
    /// The modes.
    fn left_rest(&self, x: Tr<S, D, P>) -> Result<Self::Output>;
}
impl<S: Leaf, P: Leaf, D> LeftRest<S, P, D> for HNil {
    type Output = HCons<M<S, P>, HNil>;
    #[inline(always)]
    fn left_rest(&self, x: Tr<S, D, P>) -> Result<Self::Output> {
        Ok(one(M { s: x.s, d: x.p }))
    }
}
impl<S, P, D, X, T> LeftRest<S, P, D> for HCons<X, T>
where
    HCons<X, T>: LeftChain<D, P>,
{
    type Output = <HCons<X, T> as LeftChain<D, P>>::Output;
    #[inline(always)]
    fn left_rest(&self, x: Tr<S, D, P>) -> Result<Self::Output> {
        self.left_chain(x.d, x.p)
    }
}

/// The left inverse's modes, before the final coalesce.
type LeftModes<S, D> =
    <<<Coalesced<S, D> as Prefixed<U1>>::Output as SortTr>::Output as LeftChain<U1, U0>>::Output;

/// `left_inverse(A)` (A `S:D`) with CuTe C++'s structure.
pub trait LeftInverseOf<D>: HTuple {
    /// The result's shape.
    type Shape: HTuple;
    /// The result's stride.
    type Stride: HTuple;
    /// The result.
    fn left_inverse_of(&self, d: &D) -> Result<(Self::Shape, Self::Stride)>;
}
/// A layout whose strides, once coalesced, are all static (`B1`) has CuTe
/// C++'s left inverse; one with a dynamic stride left (`B0`) does not
/// compile (as in CuTe C++).
impl<S: HTuple + ToModes<D>, D: HTuple> LeftInverseOf<D> for S
where
    ModesOf<S, D>: BwCoalesce<B0>,
    Coalesced<S, D>: StaticStrides,
    <Coalesced<S, D> as StaticStrides>::Output: LeftPath<S, D>,
{
    type Shape = <<Coalesced<S, D> as StaticStrides>::Output as LeftPath<S, D>>::Shape;
    type Stride = <<Coalesced<S, D> as StaticStrides>::Output as LeftPath<S, D>>::Stride;
    #[inline]
    fn left_inverse_of(&self, d: &D) -> Result<(Self::Shape, Self::Stride)> {
        <<Coalesced<S, D> as StaticStrides>::Output>::left(self, d)
    }
}

/// [`LeftInverseOf`] by whether the strides are static.
pub trait LeftPath<S, D> {
    /// The result's shape.
    type Shape: HTuple;
    /// The result's stride.
    type Stride: HTuple;
    /// The result.
    fn left(s: &S, d: &D) -> Result<(Self::Shape, Self::Stride)>;
}
impl<S, D> LeftPath<S, D> for B0
where
    B0: StaticStride<D>,
{
    type Shape = HNil;
    type Stride = HNil;
    fn left(_: &S, _: &D) -> Result<(HNil, HNil)> {
        Ok((HNil, HNil))
    }
}
impl<S, D> LeftPath<S, D> for B1
where
    S: HTuple + ToModes<D>,
    D: HTuple,
    ModesOf<S, D>: BwCoalesce<B0>,
    Coalesced<S, D>: Prefixed<U1>,
    <Coalesced<S, D> as Prefixed<U1>>::Output: SortTr,
    <<Coalesced<S, D> as Prefixed<U1>>::Output as SortTr>::Output: LeftChain<U1, U0>,
    LeftModes<S, D>: BwCoalesce<B0>,
    <LeftModes<S, D> as BwCoalesce<B0>>::Output: FromModes,
{
    type Shape = <<LeftModes<S, D> as BwCoalesce<B0>>::Output as FromModes>::Shape;
    type Stride = <<LeftModes<S, D> as BwCoalesce<B0>>::Output as FromModes>::Stride;
    #[inline]
    fn left(s: &S, d: &D) -> Result<(Self::Shape, Self::Stride)> {
        let c = s.to_modes(d).bw_coalesce()?;
        // the specification's conditions on the values: sorted, the modes
        // of non-zero stride do not overlap
        let f = Flat::of_modes(LEFT, &c)?;
        let mut chain = Flat::new();
        let mut prefix: i64 = 1;
        let mut with_prefix = Flat::new();
        for &(s, _) in f.as_slice() {
            with_prefix.push(LEFT, s, prefix)?;
            prefix = prefix.saturating_mul(s);
        }
        for (k, &(s, d)) in f.as_slice().iter().enumerate() {
            if d != 0 && s != 1 {
                chain.push(LEFT, d, k as i64)?;
            }
        }
        let links = chain.sort_by_stride_first();
        let mut overlap = Flat::new();
        for &(d, k) in links {
            overlap.push(LEFT, with_prefix.as_slice()[k as usize].0, d)?;
        }
        check::complement(LEFT, overlap.as_slice())?;
        let modes = c
            .prefixed(U1::new())?
            .sort_tr()
            .left_chain(U1::new(), U0::new())?;
        // CuTe C++ keeps in its chain a dynamic extent 1 and, where every
        // stride is 0, the last extent, which the specification leaves out:
        // its result must still be the specification's function
        let spec = spec_left_modes(links, with_prefix.as_slice())?.normal(LEFT)?;
        let ours = Flat::of_modes(LEFT, &modes)?.normal(LEFT)?;
        if spec.as_slice() != ours.as_slice() {
            return Err(not_left_value());
        }
        Ok(modes.bw_coalesce()?.parts())
    }
}
