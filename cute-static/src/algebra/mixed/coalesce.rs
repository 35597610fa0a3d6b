//! CuTe C++'s coalesce (`bw_coalesce`): the flat modes from the right, each
//! meeting the front of the modes kept so far:
//!
//! ```text
//! s:d with s a static 1                          skip it
//! the front is a lone static 1 (not coalesce_z)  replace it by s:d
//! the front's extent is static and s*d == its stride, statically
//!                                                merge: the front becomes (s * front):d
//! otherwise                                      prepend s:d
//! ```
//!
//! and a lone static 1 at the end is `_1:_0`. A merge needs the front's
//! extent and the equality to be static, so a dynamic extent stops the
//! merging to its right: `(_4,(_2,M)):(_1,(_4,_8))` coalesces to
//! `(_8,M):(_1,_8)`. `coalesce_z` keeps a trailing mode of extent 1 (the
//! specification's operation, which CuTe C++ does not have): its front is
//! never replaced and never becomes `_1:_0`.
//!
//! `coalesce_x` is composition's view of A (CuTe C++'s
//! `detail::coalesce_x`): a trailing static 1 starts as a placeholder
//! extent `_2`, so that its stride, which carries A past its end, is kept
//! or merged but never dropped. Composition reads no last extent.

use cute_core::{IntMul, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, U0, U1, U2};

use super::super::detail::IsNil;
use super::super::detail::{one, EqK, IsOne, KnownEq, KnownOne, Modes, MulOf, ReverseOnto, M};
use crate::htuple::{HTuple, Leaf, StaticBit};

const OP: &str = "coalesce";

/// Skip the old mode.
pub struct Skip;
/// Replace the front (a lone static 1) by the old mode.
pub struct Replace;
/// Merge the old mode into the front.
pub struct Merge;
/// Prepend the old mode.
pub struct Prepend;

/// The choice of a step, from its three conditions: `Self` (the old extent
/// is a static 1), `C2` (the front may be replaced), `C3` (the old mode
/// merges into the front).
pub trait Choose<C2, C3> {
    /// [`Skip`], [`Replace`], [`Merge`] or [`Prepend`].
    type Output;
}
impl<C2, C3> Choose<C2, C3> for B1 {
    type Output = Skip;
}
impl<C3> Choose<B1, C3> for B0 {
    type Output = Replace;
}
impl Choose<B0, B1> for B0 {
    type Output = Merge;
}
impl Choose<B0, B0> for B0 {
    type Output = Prepend;
}

/// The front `FS:FD`, followed by `NT`, may be replaced: it is alone, a
/// static 1, and the coalesce is not `coalesce_z` (`K`).
type Replaceable<FS, NT, K> =
    <<<NT as IsNil>::Output as StaticBit>::And<IsOne<FS>> as StaticBit>::And<<K as StaticBit>::Not>;
/// `s:d` merges into the front `FS:FD`: its extent is static and
/// `s * d == FD` statically.
type Mergeable<S, D, FS, FD> = <<FS as HTuple>::AllStatic as StaticBit>::And<EqK<MulOf<S, D>, FD>>;

/// The old modes `Self`, rightmost first, coalesced onto the front list
/// `New` (never empty; a lone mode is a leaf).
pub trait Bw<New, K>: Modes {
    /// The coalesced modes.
    type Output: Modes;
    /// The coalesced modes.
    fn bw(&self, new: New) -> Result<Self::Output>;
}

/// The end: a lone static 1 is `_1:_0` (but for `coalesce_z`).
impl<FS, FD, NT, K> Bw<HCons<M<FS, FD>, NT>, K> for HNil
where
    FS: KnownOne,
    FD: Leaf,
    NT: Modes + IsNil,
    K: StaticBit,
    Replaceable<FS, NT, K>: Finish<HCons<M<FS, FD>, NT>>,
{
    type Output = <Replaceable<FS, NT, K> as Finish<HCons<M<FS, FD>, NT>>>::Output;
    #[inline]
    fn bw(&self, new: HCons<M<FS, FD>, NT>) -> Result<Self::Output> {
        Ok(<Replaceable<FS, NT, K>>::finish(new))
    }
}

/// The final form of the front list.
pub trait Finish<New> {
    /// The modes.
    type Output: Modes;
    /// The modes.
    fn finish(new: New) -> Self::Output;
}
impl<New> Finish<New> for B1 {
    type Output = HCons<M<U1, U0>, HNil>;
    #[inline(always)]
    fn finish(_: New) -> Self::Output {
        one(M::default())
    }
}
impl<New: Modes> Finish<New> for B0 {
    type Output = New;
    #[inline(always)]
    fn finish(new: New) -> New {
        new
    }
}

/// One old mode `s:d` meets the front.
impl<S, D, T, FS, FD, NT, K> Bw<HCons<M<FS, FD>, NT>, K> for HCons<M<S, D>, T>
where
    S: KnownOne + IntMul<D>,
    D: Leaf,
    T: Modes,
    FS: KnownOne,
    FD: Leaf,
    NT: Modes + IsNil,
    K: StaticBit,
    MulOf<S, D>: KnownEq<FD>,
    EqK<MulOf<S, D>, FD>: StaticBit,
    IsOne<S>: Choose<Replaceable<FS, NT, K>, Mergeable<S, D, FS, FD>>,
    <IsOne<S> as Choose<Replaceable<FS, NT, K>, Mergeable<S, D, FS, FD>>>::Output:
        Step<S, D, T, HCons<M<FS, FD>, NT>, K>,
{
    type Output =
        <<IsOne<S> as Choose<Replaceable<FS, NT, K>, Mergeable<S, D, FS, FD>>>::Output as Step<
            S,
            D,
            T,
            HCons<M<FS, FD>, NT>,
            K,
        >>::Output;
    #[inline]
    fn bw(&self, new: HCons<M<FS, FD>, NT>) -> Result<Self::Output> {
        <<IsOne<S> as Choose<Replaceable<FS, NT, K>, Mergeable<S, D, FS, FD>>>::Output>::step(
            self.head, &self.tail, new,
        )
    }
}

/// A step of the coalesce, by its choice.
pub trait Step<S, D, T, New, K> {
    /// The coalesced modes.
    type Output: Modes;
    /// The coalesced modes.
    fn step(m: M<S, D>, t: &T, new: New) -> Result<Self::Output>;
}
impl<S, D, T: Bw<New, K>, New, K> Step<S, D, T, New, K> for Skip {
    type Output = T::Output;
    #[inline(always)]
    fn step(_: M<S, D>, t: &T, new: New) -> Result<Self::Output> {
        t.bw(new)
    }
}
impl<S: Leaf, D: Leaf, T: Bw<HCons<M<S, D>, HNil>, K>, New, K> Step<S, D, T, New, K> for Replace {
    type Output = T::Output;
    #[inline(always)]
    fn step(m: M<S, D>, t: &T, _: New) -> Result<Self::Output> {
        t.bw(one(m))
    }
}
impl<S, D, T, FS, FD, NT, K> Step<S, D, T, HCons<M<FS, FD>, NT>, K> for Merge
where
    S: Leaf + IntMul<FS>,
    D: Leaf,
    FS: Leaf,
    MulOf<S, FS>: Leaf,
    T: Bw<HCons<M<MulOf<S, FS>, D>, NT>, K>,
{
    type Output = T::Output;
    #[inline(always)]
    fn step(m: M<S, D>, t: &T, new: HCons<M<FS, FD>, NT>) -> Result<Self::Output> {
        let s = m.s.int_mul(&new.head.s).map_err(|e| e.in_op(OP))?;
        t.bw(HCons {
            head: M { s, d: m.d },
            tail: new.tail,
        })
    }
}
impl<S: Leaf, D: Leaf, T: Bw<HCons<M<S, D>, New>, K>, New, K> Step<S, D, T, New, K> for Prepend {
    type Output = T::Output;
    #[inline(always)]
    fn step(m: M<S, D>, t: &T, new: New) -> Result<Self::Output> {
        t.bw(HCons { head: m, tail: new })
    }
}

// ------------------------------------------------------------------ entry points

/// CuTe C++'s coalesce of a flat mode list (`K = B0`), or the
/// specification's `coalesce_z` with CuTe C++'s rule for static-ness
/// (`K = B1`). No mode at all is `_1:_0`.
pub trait BwCoalesce<K>: Modes {
    /// The coalesced modes.
    type Output: Modes;
    /// The coalesced modes.
    fn bw_coalesce(&self) -> Result<Self::Output>;
}
impl<K> BwCoalesce<K> for HNil {
    type Output = HCons<M<U1, U0>, HNil>;
    #[inline(always)]
    fn bw_coalesce(&self) -> Result<Self::Output> {
        Ok(one(M::default()))
    }
}
impl<S: Leaf, D: Leaf, T: Modes, K> BwCoalesce<K> for HCons<M<S, D>, T>
where
    Self: ReverseOnto<HNil>,
    <Self as ReverseOnto<HNil>>::Output: StartBw<K, B0>,
{
    type Output = <<Self as ReverseOnto<HNil>>::Output as StartBw<K, B0>>::Output;
    #[inline]
    fn bw_coalesce(&self) -> Result<Self::Output> {
        self.reverse_onto(HNil).start_bw()
    }
}

/// The reversed list `Self` (its last mode first) coalesced: the front
/// starts as the last mode, or (`X = B1`, `coalesce_x`) as `_2:d` when
/// the last extent is a static 1.
pub trait StartBw<K, X>: Modes {
    /// The coalesced modes.
    type Output: Modes;
    /// The coalesced modes.
    fn start_bw(&self) -> Result<Self::Output>;
}
impl<S, D, T, K, X> StartBw<K, X> for HCons<M<S, D>, T>
where
    S: KnownOne,
    D: Leaf,
    T: Modes,
    X: StaticBit,
    <IsOne<S> as StaticBit>::And<X>: Placeholder<S, D>,
    T: Bw<HCons<<<IsOne<S> as StaticBit>::And<X> as Placeholder<S, D>>::Output, HNil>, K>,
{
    type Output = <T as Bw<
        HCons<<<IsOne<S> as StaticBit>::And<X> as Placeholder<S, D>>::Output, HNil>,
        K,
    >>::Output;
    #[inline]
    fn start_bw(&self) -> Result<Self::Output> {
        self.tail
            .bw(one(<<IsOne<S> as StaticBit>::And<X>>::placeholder(
                self.head,
            )))
    }
}

/// The first front: the last mode, or `_2:d` in its place.
pub trait Placeholder<S, D> {
    /// The mode.
    type Output: Copy;
    /// The mode.
    fn placeholder(m: M<S, D>) -> Self::Output;
}
impl<S: Leaf, D: Leaf> Placeholder<S, D> for B0 {
    type Output = M<S, D>;
    #[inline(always)]
    fn placeholder(m: M<S, D>) -> M<S, D> {
        m
    }
}
impl<S, D: Leaf> Placeholder<S, D> for B1 {
    type Output = M<U2, D>;
    #[inline(always)]
    fn placeholder(m: M<S, D>) -> M<U2, D> {
        M {
            s: U2::new(),
            d: m.d,
        }
    }
}

/// Composition's view of A (CuTe C++'s `coalesce_x`): its flat modes
/// coalesced, a trailing static 1 kept as the placeholder `_2` (a mode list
/// with no modes is `_1:_0`).
pub trait CoalesceX: Modes {
    /// The coalesced modes.
    type Output: Modes;
    /// The coalesced modes.
    fn coalesce_x(&self) -> Result<Self::Output>;
}
impl CoalesceX for HNil {
    type Output = HCons<M<U1, U0>, HNil>;
    #[inline(always)]
    fn coalesce_x(&self) -> Result<Self::Output> {
        Ok(one(M::default()))
    }
}
impl<S: Leaf, D: Leaf, T: Modes> CoalesceX for HCons<M<S, D>, T>
where
    Self: ReverseOnto<HNil>,
    <Self as ReverseOnto<HNil>>::Output: StartBw<B0, B1>,
{
    type Output = <<Self as ReverseOnto<HNil>>::Output as StartBw<B0, B1>>::Output;
    #[inline]
    fn coalesce_x(&self) -> Result<Self::Output> {
        self.reverse_onto(HNil).start_bw()
    }
}
