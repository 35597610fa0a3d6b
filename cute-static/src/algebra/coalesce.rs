//! Coalesce: the simplest layout that is the same function.
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

use super::detail::{mul, v, EqK, IsNil, IsOne, KnownEq, KnownOne, Modes, MulOf, ReverseOnto, M};
use crate::htuple::{Leaf, StaticBit};

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
