//! Coalesce: the simplest layout that is the same function. The operations
//! ([`coalesce`], [`coalesce_by`], [`coalesce_z`], [`coalesce_z_by`],
//! [`coalesce_at`]), and the algorithm of static operands.
//!
//! Over the flat modes, left to right: a mode of extent 1 is dropped (but
//! the last one is kept when `coalesce_z` asks for it, or when nothing else
//! is left), and a mode `s1:d1` that continues the one before it,
//! `d1 == s0 * d0`, merges into `(s0 * s1):d0`. No mode at all is `1:0`.
//!
//! A dynamic extent is never known to be 1, and modes whose merge condition
//! reads a dynamic leaf are kept apart (CuTe C++ does the same): the result
//! is then the same function with more modes than the run-time algebra
//! would give.

use cute_core::{IntMul, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, U0, U1};

use super::detail::{
    mul, v, EqK, FromModes, IsNil, IsOne, KnownEq, KnownOne, Modes, ModesOf, MulOf, ReverseOnto,
    ToModes, M,
};
use super::mixed::{self, arith::If};
use super::tiler::{Apply, ApplyLayout, AtMode, AtModeOf, IntTiler, IntoTiler, Parts};
use super::{Applied, LayoutStatic, Returns, TilerOf, Unreachable};
use crate::htuple::{HTuple, Leaf, StaticBit};
use crate::layout::Layout;

// ------------------------------------------------------------------ the operations

/// `coalesce(A)` is `coalesce(A, 1)`.
impl<S: HTuple, D: HTuple> Coalesce for Layout<S, D>
where
    Layout<S, D>: CoalesceBy<typenum::U1>,
{
    type Output = CoalescedBy<Layout<S, D>, typenum::U1>;
    type Ret = <Layout<S, D> as CoalesceBy<typenum::U1>>::Ret;
    #[inline]
    fn coalesce(self) -> Self::Ret {
        self.coalesce_by(typenum::U1::new())
    }
}

operation!(
    /// Coalesces A into the simplest layout that is the same function on its
    /// domain: adjacent modes `s0:d0, s1:s0*d0` merge into `(s0*s1):d0` and
    /// modes of extent 1 are dropped (C++ `cute::coalesce`). The result is a
    /// leaf for one mode, a flat tuple for more, `1:0` for none.
    ///
    /// A layout with a dynamic leaf is coalesced as CuTe C++ coalesces it,
    /// from the right: a dynamic extent is never known to be 1, and a mode
    /// merges into the one after it only where that one's extent is static
    /// and the merge condition `s * d == d_next` is decided statically. So
    /// a dynamic extent stops the merging: the same function, possibly with
    /// more modes (`(_4,(_2,M)):(_1,(_4,_8))` coalesces to `(_8,M):(_1,_8)`).
    ///
    /// # Post-conditions
    /// - `size(result) == size(A)`, `depth(result) <= 1`
    /// - `result(i) == A(i)` for `i` in `0..size(A)`
    ///
    /// # Errors
    /// For a layout with a dynamic leaf, `ValueError` on overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_static::{coalesce, layout};
    /// assert_eq!(coalesce(layout!((2, (1, 6)) : (1, (6, 2)))).to_string(), "_12:_1");
    /// assert_eq!(coalesce(layout!((2, 1, 6, 1) : (1, 7, 8, 0))).to_string(), "(_2,_6):(_1,_8)");
    /// assert_eq!(coalesce(layout!((2, 4, 6) : (24, 6, 1))).to_string(), "(_2,_4,_6):(_24,_6,_1)");
    /// let n = 8;
    /// // as CuTe C++: the dynamic extent n stops the merge of 2:1 into n:2
    /// assert_eq!(coalesce(layout!((2, (1, n)) : (1, (6, 2))).unwrap()).unwrap().to_string(), "(_2,8):(_1,_2)");
    /// let m = 256;
    /// assert_eq!(coalesce(layout!((4, (2, m)) : (1, (4, 8))).unwrap()).unwrap().to_string(), "(_8,256):(_1,_8)");
    /// ```
    Coalesce, coalesce() -> Coalesced,
    "CuTe coalesce: `{Self}` is not a layout"
);

apply_impl!(
    CoalesceBy,
    coalesce_by(profile: P),
    If<LayoutStatic<S, D>, CoalesceOp, mixed::MixedCoalescing<B0>>,
    LayoutStatic<S, D>
);

operation!(
    /// Coalesces the modes of A that `profile` names: an integer coalesces the
    /// whole mode (a flat result), [`Keep`](crate::Keep) leaves it, a tuple goes mode by mode
    /// (the modes it does not reach are unchanged).
    ///
    /// # Post-conditions
    /// - `size(result) == size(A)`; `result(i) == A(i)` for `i` in `0..size(A)`
    ///
    /// # Errors
    /// As [`coalesce`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{coalesce_by, layout, tile};
    /// let a = layout!((2, (1, 6)) : (1, (6, 2)));
    /// assert_eq!(coalesce_by(a, tile!(1, 1)).to_string(), "(_2,_6):(_1,_2)");
    /// let b = layout!((3, (2, 6)) : (1, (3, 6)));
    /// assert_eq!(coalesce_by(b, tile!(_, 1)).to_string(), "(_3,_12):(_1,_3)");
    /// ```
    CoalesceBy, coalesce_by(profile: P) -> CoalescedBy,
    "CuTe coalesce: `{P}` is not a coalescing profile for `{Self}`",
    "a profile is an integer (the whole mode), `Keep` (leave it), or a tuple of profiles, one per mode"
);

/// `coalesce_z(A)` is `coalesce_z(A, 1)`.
impl<S: HTuple, D: HTuple> CoalesceZ for Layout<S, D>
where
    Layout<S, D>: CoalesceZBy<typenum::U1>,
{
    type Output = CoalescedZBy<Layout<S, D>, typenum::U1>;
    type Ret = <Layout<S, D> as CoalesceZBy<typenum::U1>>::Ret;
    #[inline]
    fn coalesce_z(self) -> Self::Ret {
        self.coalesce_z_by(typenum::U1::new())
    }
}

operation!(
    /// Coalesces A as [`coalesce`] does, but keeps a trailing extent-1 mode
    /// (the specification's `coalesce_z`): the result is the same function as
    /// A on every integer, in and past its domain, where `coalesce` may
    /// change A's values past the domain by dropping a last mode of extent
    /// 1. The trailing mode still merges into the one before it when its
    /// stride continues it.
    ///
    /// # Post-conditions
    /// - `size(result) == size(A)`, `depth(result) <= 1`
    /// - `result(i) == A(i)` for every integer `i >= 0`
    ///
    /// # Errors
    /// As [`coalesce`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{coalesce, coalesce_z, layout, Layout};
    /// let a = layout!((2, 1, 6, 1) : (1, 7, 8, 0));
    /// assert_eq!(coalesce_z(a).to_string(), "(_2,_6,_1):(_1,_8,_0)");
    /// assert_eq!(coalesce(a).to_string(), "(_2,_6):(_1,_8)");
    /// let _: Layout![(2, 6, 1) : (1, 8, 0)] = coalesce_z(a); // computed by the compiler
    /// // past the domain: A(12) = 12 * 0 + ... the last mode of extent 1 keeps it
    /// assert_eq!((coalesce_z(a).eval(12), a.eval(12)), (0, 0));
    /// assert_eq!(coalesce(a).eval(12), 48);
    /// assert_eq!(coalesce_z(layout!((4, 1) : (1, 4))).to_string(), "_4:_1");
    /// let n = 6;
    /// // with a dynamic leaf, CuTe C++'s rule for what merges (as `coalesce`)
    /// assert_eq!(coalesce_z(layout!((2, n, 1) : (1, 2, 0)).unwrap()).unwrap().to_string(), "(_2,6,_1):(_1,_2,_0)");
    /// ```
    CoalesceZ, coalesce_z() -> CoalescedZ,
    "CuTe coalesce_z: `{Self}` is not a layout"
);

apply_impl!(
    CoalesceZBy,
    coalesce_z_by(profile: P),
    If<LayoutStatic<S, D>, CoalesceZOp, mixed::MixedCoalescing<B1>>,
    LayoutStatic<S, D>
);

operation!(
    /// Coalesces the modes of A that `profile` names as [`coalesce_z`] does:
    /// an integer coalesces the whole mode, [`Keep`](crate::Keep) leaves it, a tuple goes
    /// mode by mode (the specification's `coalesce_z(A, profile)`).
    ///
    /// # Post-conditions
    /// - `size(result) == size(A)`; `result(i) == A(i)` for every integer `i >= 0`
    ///
    /// # Errors
    /// As [`coalesce`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{coalesce_z_by, layout, tile};
    /// let a = layout!((2, (1, 6)) : (1, (6, 2)));
    /// assert_eq!(coalesce_z_by(a, tile!(1, 1)).to_string(), "(_2,_6):(_1,_2)");
    /// let b = layout!((3, (2, 6, 1)) : (1, (3, 6, 5)));
    /// assert_eq!(coalesce_z_by(b, tile!(_, 1)).to_string(), "(_3,(_12,_1)):(_1,(_3,_5))");
    /// ```
    CoalesceZBy, coalesce_z_by(profile: P) -> CoalescedZBy,
    "CuTe coalesce_z: `{P}` is not a coalescing profile for `{Self}`",
    "a profile is an integer (the whole mode), `Keep` (leave it), or a tuple of profiles, one per mode"
);

ambiguity_guard!(CoalesceBy, coalesce_by);
ambiguity_guard!(CoalesceZBy, coalesce_z_by);

/// `coalesce[I](A)`: A with its mode `I` coalesced, the other modes
/// unchanged (`coalesce(A, (Keep, ..., 1))`).
///
/// # Errors
/// As [`coalesce`].
///
/// # Examples
/// ```
/// use cute_static::{algebra::coalesce_at, layout};
/// assert_eq!(coalesce_at::<1, _>(layout!((3, (2, 6)) : (1, (3, 6)))).to_string(), "(_3,_12):(_1,_3)");
/// ```
#[inline]
pub fn coalesce_at<const I: usize, A>(
    a: A,
) -> <A as CoalesceBy<AtModeOf<crate::htuple::IndexOf<I>, typenum::U1>>>::Ret
where
    crate::htuple::Idx<I>: crate::htuple::ToIndex,
    crate::htuple::IndexOf<I>: AtMode<typenum::U1>,
    A: CoalesceBy<AtModeOf<crate::htuple::IndexOf<I>, typenum::U1>>,
{
    a.coalesce_by(<crate::htuple::IndexOf<I> as AtMode<typenum::U1>>::at_mode(
        typenum::U1::new(),
    ))
}

/// `coalesce(A)` (`K = B0`) or `coalesce_z(A)` (`K = B1`: a trailing
/// extent-1 mode is kept) of each mode a profile names.
#[derive(Clone, Copy, Debug, Default)]
pub struct Coalescing<K>(core::marker::PhantomData<K>);
/// `coalesce(A)` of each mode a profile names.
pub type CoalesceOp = Coalescing<B0>;
/// `coalesce_z(A)` of each mode a profile names.
pub type CoalesceZOp = Coalescing<typenum::B1>;

/// The specification's integer tiler `n` is the layout `n:1`.
impl<N, K> IntTiler<N> for Coalescing<K> {
    type Stride = U1;
}

/// `coalesce(A)` or `coalesce_z(A)`, whatever the profile entry (an
/// integer or a layout).
impl<S, D, SB, DB, K: StaticBit> ApplyLayout<S, D, SB, DB> for Coalescing<K>
where
    S: ToModes<D>,
    ModesOf<S, D>: Coal<HNil, K>,
    CoalescedModes<ModesOf<S, D>, K>: FromModes,
{
    type Shape = <CoalescedModes<ModesOf<S, D>, K> as FromModes>::Shape;
    type Stride = <CoalescedModes<ModesOf<S, D>, K> as FromModes>::Stride;
    #[inline]
    fn apply_layout(s: &S, d: &D, _: &SB, _: &DB) -> Result<Parts<Self::Shape, Self::Stride>> {
        Ok(s.to_modes(d).coal(HNil)?.parts())
    }
}

// ------------------------------------------------------------------ the static algorithm

const OP: &str = "coalesce";

/// Coalesces the mode list `Self` onto `Out` (the modes kept so far, last
/// one first); `K` is `B1` to keep a trailing extent-1 mode (`coalesce_z`,
/// and composition's view of A).
pub trait Coal<Out: Modes, K: StaticBit>: Modes {
    /// The coalesced modes, in order.
    type Output: Modes;
    /// The coalesced modes.
    fn coal(&self, out: Out) -> Result<Self::Output>;
}

/// The end: `out` reversed, or `1:0` if it is empty.
impl<Out: Modes, K: StaticBit> Coal<Out, K> for HNil
where
    Out: Finish,
{
    type Output = <Out as Finish>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn coal(&self, out: Out) -> Result<Self::Output> {
        Ok(out.finish())
    }
}

/// The output's final form: its modes in order, `1:0` if there are none.
pub trait Finish: Modes {
    /// The modes.
    type Output: Modes;
    /// The modes.
    fn finish(self) -> Self::Output;
}
impl Finish for HNil {
    type Output = HCons<M<U1, U0>, HNil>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn finish(self) -> Self::Output {
        HCons {
            head: M::default(),
            tail: HNil,
        }
    }
}
impl<S: Leaf, D: Leaf, T: Modes> Finish for HCons<M<S, D>, T>
where
    Self: ReverseOnto<HNil>,
{
    type Output = <Self as ReverseOnto<HNil>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn finish(self) -> Self::Output {
        self.reverse_onto(HNil)
    }
}

/// The mode `s:d` with the modes `T` after it: dropped when `s` is 1 unless
/// it is last and (`K` or nothing is kept yet).
impl<S, D, T, Out, K> Coal<Out, K> for HCons<M<S, D>, T>
where
    S: KnownOne,
    D: Leaf,
    T: Modes + IsNil,
    Out: Modes,
    K: StaticBit,
    // drop = s == 1 && !(last && (K || out empty))
    And3<S, T, Out, K>: DropOrKeep<S, D, T, Out, K>,
{
    type Output = <And3<S, T, Out, K> as DropOrKeep<S, D, T, Out, K>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn coal(&self, out: Out) -> Result<Self::Output> {
        <And3<S, T, Out, K>>::go(self.head, &self.tail, out)
    }
}

/// The drop decision `s == 1 && !(last && (K || out empty))`.
pub type And3<S, T, Out, K> = <IsOne<S> as StaticBit>::And<
    <<<T as IsNil>::Output as StaticBit>::And<
        <K as StaticBit>::Or<<Out as Modes>::Empty>,
    > as StaticBit>::Not,
>;

/// The two branches of the drop decision.
pub trait DropOrKeep<S, D, T, Out: Modes, K: StaticBit> {
    /// The coalesced modes.
    type Output: Modes;
    /// The coalesced modes.
    fn go(m: M<S, D>, t: &T, out: Out) -> Result<Self::Output>;
}
/// Drop the mode.
impl<S, D, T: Coal<Out, K>, Out: Modes, K: StaticBit> DropOrKeep<S, D, T, Out, K> for B1 {
    type Output = T::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn go(_: M<S, D>, t: &T, out: Out) -> Result<T::Output> {
        t.coal(out)
    }
}
/// Keep the mode: push it, or merge it into the last one kept.
impl<S, D, T, Out: Modes + Push<S, D>, K: StaticBit> DropOrKeep<S, D, T, Out, K> for B0
where
    T: Coal<<Out as Push<S, D>>::Output, K>,
{
    type Output = <T as Coal<<Out as Push<S, D>>::Output, K>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn go(m: M<S, D>, t: &T, out: Out) -> Result<Self::Output> {
        t.coal(out.push(m)?)
    }
}

/// Pushes `s:d` onto the kept modes (last one first), merging it into the
/// last one when it continues it.
pub trait Push<S, D>: Modes {
    /// The kept modes.
    type Output: Modes;
    /// The kept modes.
    fn push(self, m: M<S, D>) -> Result<Self::Output>;
}
impl<S: Leaf, D: Leaf> Push<S, D> for HNil {
    type Output = HCons<M<S, D>, HNil>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn push(self, m: M<S, D>) -> Result<Self::Output> {
        Ok(HCons {
            head: m,
            tail: HNil,
        })
    }
}
impl<S, D, PS, PD, R> Push<S, D> for HCons<M<PS, PD>, R>
where
    S: Leaf,
    D: Leaf,
    PS: Leaf,
    PD: Leaf + IntMul<PS>,
    R: Modes,
    MulOf<PD, PS>: KnownEq<D>,
    EqK<MulOf<PD, PS>, D>: Merge<S, D, PS, PD, R>,
{
    type Output = <EqK<MulOf<PD, PS>, D> as Merge<S, D, PS, PD, R>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn push(self, m: M<S, D>) -> Result<Self::Output> {
        <EqK<MulOf<PD, PS>, D>>::merge(m, self)
    }
}

/// The two branches of the merge decision `d == ps * pd`.
pub trait Merge<S, D, PS, PD, R> {
    /// The kept modes.
    type Output: Modes;
    /// The kept modes.
    fn merge(m: M<S, D>, out: HCons<M<PS, PD>, R>) -> Result<Self::Output>;
}
/// Merge: `(ps * s):pd`.
impl<S: Leaf, D: Leaf, PS: Leaf + IntMul<S>, PD: Leaf, R: Modes> Merge<S, D, PS, PD, R> for B1
where
    MulOf<PS, S>: Leaf,
{
    type Output = HCons<M<MulOf<PS, S>, PD>, R>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn merge(m: M<S, D>, out: HCons<M<PS, PD>, R>) -> Result<Self::Output> {
        Ok(HCons {
            head: M {
                s: Leaf::from_i64(mul(OP, v(&out.head.s), v(&m.s))?),
                d: out.head.d,
            },
            tail: out.tail,
        })
    }
}
/// A new mode.
impl<S: Leaf, D: Leaf, PS: Leaf, PD: Leaf, R: Modes> Merge<S, D, PS, PD, R> for B0 {
    type Output = HCons<M<S, D>, HCons<M<PS, PD>, R>>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn merge(m: M<S, D>, out: HCons<M<PS, PD>, R>) -> Result<Self::Output> {
        Ok(HCons { head: m, tail: out })
    }
}

/// The coalesced modes of `L` (`K = B1` keeps a trailing extent-1 mode).
pub type CoalescedModes<L, K> = <L as Coal<HNil, K>>::Output;
