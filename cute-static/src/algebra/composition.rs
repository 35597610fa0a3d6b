//! Composition: `A o B`, the layout that walks B's domain and maps each of
//! B's values through A (Whitepaper, §3.3).
//!
//! B keeps its nesting; each leaf `s:d` of B is composed with A's flat modes,
//! coalesced (keeping a trailing extent-1 mode), `(s_0, s_1, ...):(d_0, d_1, ...)`:
//!
//! ```text
//! A o 1:d = 1:A(d)        A o s:0 = s:0
//! A o s:d = walk: for each mode i of A but the last, with (rs, rd) = (s, d):
//!     rs == 1              -> stop
//!     rd >= s_i            -> s_i must divide rd (stride divisibility); rd /= s_i
//!     (rs - 1) * rd < s_i  -> emit rs:(d_i * rd); done
//!     otherwise            -> rd must divide s_i (stride divisibility),
//!                             a = s_i / rd must divide rs (shape divisibility);
//!                             emit a:(d_i * rd); rs /= a; rd = 1
//!   then, unless (rs == 1 and something was emitted) or done: emit rs:(d_last * rd)
//! ```
//!
//! Each decision of the walk whose operands are static is taken by the
//! compiler; a failed divisibility condition is then a compile error. A
//! decision that reads a dynamic leaf is taken at run time: from that mode
//! on the result has one mode per remaining mode of A (extent 1 where the
//! walk emits nothing there), which is the same function as the run-time
//! algebra's result, and a failed condition is an `Err`.

use cute_core::{IntDivides, IntMul, IntSub, KnownInt, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, B0, B1, U0, U1};

use super::coalesce::{Coal, CoalescedModes};
use super::detail::{
    divisibility, mul, v, DivOf, FromModes, Ge, IsOne, IsZero, KnownOne, KnownZero, Lt, Modes,
    MulOf, TriGe, TriLt, Unknown, M,
};
use crate::htuple::{HTuple, Leaf, StaticBit};

pub(crate) const OP: &str = "composition";

// ------------------------------------------------------------------ rules

/// The stride divisibility condition of composition (Whitepaper, Eq. (21)):
/// B's stride and the extent of A it meets must divide one another.
#[diagnostic::on_unimplemented(
    message = "CuTe composition: stride divisibility condition violated: a stride of B and the extent of A it steps over do not divide one another",
    label = "B's stride `{D}` meets A's extent `{S}`",
    note = "A o B needs, for each leaf s:d of B walking A's extents s_0, s_1, ...: d divisible by s_0 (then by s_1, ...) while d >= s_i, and d dividing s_i where B spans past s_i"
)]
pub trait StrideDivisible<D, S> {}
impl<D, S> StrideDivisible<D, S> for B1 {}

/// The shape divisibility condition of composition (Whitepaper, Eq. (20)):
/// what is left of B's extent must split evenly over A's extent.
#[diagnostic::on_unimplemented(
    message = "CuTe composition: shape divisibility condition violated: an extent of B does not split evenly over an extent of A",
    label = "B's remaining extent `{S}` does not split over the `{A}` steps left in A's extent",
    note = "A o B needs, where a leaf s:d of B spans past A's extent s_i, the steps s_i / d to divide what is left of s"
)]
pub trait ShapeDivisible<S, A> {}
impl<S, A> ShapeDivisible<S, A> for B1 {}

// ------------------------------------------------------------------ A(d) in the extended domain

/// `A(i)` over A's flat modes, in the extended domain: every mode but the
/// last takes `i mod s`, the last takes what is left.
pub trait EvalExt<I>: Modes {
    /// The offset.
    type Output: Leaf;
    /// The offset (`i >= 0`).
    fn eval_ext(&self, i: I) -> Result<Self::Output>;
}
impl<S: Leaf, D: Leaf, I: Leaf + IntMul<D>> EvalExt<I> for HCons<M<S, D>, HNil>
where
    MulOf<I, D>: Leaf,
{
    type Output = MulOf<I, D>;
    #[inline]
    fn eval_ext(&self, i: I) -> Result<Self::Output> {
        if <Self::Output as HTuple>::IS_STATIC {
            return Ok(Default::default());
        }
        Ok(Leaf::from_i64(mul(OP, v(&i), v(&self.head.d))?))
    }
}
impl<S, D, M2, T2, I> EvalExt<I> for HCons<M<S, D>, HCons<M2, T2>>
where
    S: Leaf,
    D: Leaf,
    HCons<M2, T2>: Modes + EvalExt<DivOf<I, S>>,
    I: Leaf + cute_core::IntRem<S> + cute_core::IntDiv<S>,
    super::detail::RemOf<I, S>: IntMul<D>,
    DivOf<I, S>: Leaf,
    MulOf<super::detail::RemOf<I, S>, D>:
        cute_core::IntAdd<<HCons<M2, T2> as EvalExt<DivOf<I, S>>>::Output>,
    super::detail::AddOf<
        MulOf<super::detail::RemOf<I, S>, D>,
        <HCons<M2, T2> as EvalExt<DivOf<I, S>>>::Output,
    >: Leaf,
{
    type Output = super::detail::AddOf<
        MulOf<super::detail::RemOf<I, S>, D>,
        <HCons<M2, T2> as EvalExt<DivOf<I, S>>>::Output,
    >;
    #[inline]
    fn eval_ext(&self, i: I) -> Result<Self::Output> {
        if <Self::Output as HTuple>::IS_STATIC {
            return Ok(Default::default());
        }
        let (i, s) = (v(&i), v(&self.head.s).max(1));
        let rest = self.tail.eval_ext(Leaf::from_i64(i / s))?;
        let here = mul(OP, i % s, v(&self.head.d))?;
        here.checked_add(v(&rest))
            .map(Leaf::from_i64)
            .ok_or_else(|| super::detail::overflow(OP, here, v(&rest)))
    }
}

// ------------------------------------------------------------------ the walk

/// The walk's run-time values: what is left of B's extent and stride, and
/// the sign of B's stride.
#[derive(Clone, Copy, Debug)]
pub struct St<RS, RD> {
    rs: RS,
    rd: RD,
    sign: i64,
}

/// Composes the leaf whose walk state is `(RS, RD, E)` (`E`: a mode was
/// emitted) with the remaining flat modes `Self` of A.
pub trait Walk<RS, RD, E>: Modes {
    /// The emitted modes.
    type Output: Modes;
    /// The emitted modes.
    fn walk(&self, st: St<RS, RD>) -> Result<Self::Output>;
}

/// The last mode of A: emit `rs:(d * rd)` unless `rs == 1` and a mode was
/// emitted already.
impl<CS, CD, RS, RD, E> Walk<RS, RD, E> for HCons<M<CS, CD>, HNil>
where
    CS: Leaf,
    CD: Leaf + IntMul<RD>,
    RS: KnownOne,
    RD: Leaf,
    E: StaticBit,
    <IsOne<RS> as StaticBit>::And<E>: Final<CD, RS, RD>,
{
    type Output = <<IsOne<RS> as StaticBit>::And<E> as Final<CD, RS, RD>>::Output;
    #[inline]
    fn walk(&self, st: St<RS, RD>) -> Result<Self::Output> {
        <<IsOne<RS> as StaticBit>::And<E>>::fin(self.head.d, st)
    }
}

/// The final emission, or none.
pub trait Final<CD, RS, RD> {
    /// The emitted modes.
    type Output: Modes;
    /// The emitted modes.
    fn fin(cd: CD, st: St<RS, RD>) -> Result<Self::Output>;
}
impl<CD, RS, RD> Final<CD, RS, RD> for B1 {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn fin(_: CD, _: St<RS, RD>) -> Result<HNil> {
        Ok(HNil)
    }
}
impl<CD: Leaf + IntMul<RD>, RS: Leaf, RD: Leaf> Final<CD, RS, RD> for B0
where
    MulOf<CD, RD>: Leaf,
{
    type Output = HCons<M<RS, MulOf<CD, RD>>, HNil>;
    #[inline]
    fn fin(cd: CD, st: St<RS, RD>) -> Result<Self::Output> {
        Ok(HCons {
            head: M {
                s: st.rs,
                d: stride(cd, &st.rd, st.sign)?,
            },
            tail: HNil,
        })
    }
}

/// `d_i * rd * sign` as the stride leaf `L` (static when every factor is).
#[inline]
fn stride<L: Leaf, CD: KnownInt, RD: KnownInt>(cd: CD, rd: &RD, sign: i64) -> Result<L> {
    if <L as HTuple>::IS_STATIC {
        return Ok(Default::default());
    }
    Ok(Leaf::from_i64(mul(OP, mul(OP, v(&cd), v(rd))?, sign)?))
}

/// A mode of A that is not the last: the walk's first decision, `rs == 1`.
impl<CS, CD, M2, T2, RS, RD, E> Walk<RS, RD, E> for HCons<M<CS, CD>, HCons<M2, T2>>
where
    CS: Leaf,
    CD: Leaf,
    HCons<M2, T2>: Modes,
    RS: KnownOne,
    IsOne<RS>: StepOne<Self, RS, RD, E>,
{
    type Output = <IsOne<RS> as StepOne<Self, RS, RD, E>>::Output;
    #[inline]
    fn walk(&self, st: St<RS, RD>) -> Result<Self::Output> {
        <IsOne<RS>>::step(self, st)
    }
}

/// `rs == 1`: B's points are all placed.
pub trait StepOne<L, RS, RD, E> {
    /// The emitted modes.
    type Output: Modes;
    /// The emitted modes.
    fn step(l: &L, st: St<RS, RD>) -> Result<Self::Output>;
}
/// `rs == 1`: stop; only the final emission is left.
impl<L: LastMode, RS, RD, E> StepOne<L, RS, RD, E> for B1
where
    L::Output: Walk<RS, RD, E>,
{
    type Output = <L::Output as Walk<RS, RD, E>>::Output;
    #[inline]
    fn step(l: &L, st: St<RS, RD>) -> Result<Self::Output> {
        l.last_mode().walk(st)
    }
}
/// `rs != 1` (or not known to be 1): does B's stride step over this mode?
impl<CS, CD, T, RS, RD, E> StepOne<HCons<M<CS, CD>, T>, RS, RD, E> for B0
where
    CS: Leaf,
    CD: Leaf,
    T: Modes,
    HCons<M<CS, CD>, T>: Modes,
    RD: TriGe<CS>,
    Ge<RD, CS>: StepGe<HCons<M<CS, CD>, T>, RS, RD, E>,
{
    type Output = <Ge<RD, CS> as StepGe<HCons<M<CS, CD>, T>, RS, RD, E>>::Output;
    #[inline]
    fn step(l: &HCons<M<CS, CD>, T>, st: St<RS, RD>) -> Result<Self::Output> {
        <Ge<RD, CS>>::step(l, st)
    }
}

/// `rd >= s_i`.
pub trait StepGe<L, RS, RD, E> {
    /// The emitted modes.
    type Output: Modes;
    /// The emitted modes.
    fn step(l: &L, st: St<RS, RD>) -> Result<Self::Output>;
}
/// `rd >= s_i`: B steps over whole multiples of this extent, which must
/// divide `rd`; go on with `rd / s_i`.
impl<CS, CD, T, RS, RD, E> StepGe<HCons<M<CS, CD>, T>, RS, RD, E> for B1
where
    CS: Leaf + IntDivides<RD>,
    CD: Leaf,
    RD: Leaf + cute_core::IntDiv<CS>,
    DivOf<RD, CS>: Leaf,
    <CS as IntDivides<RD>>::Output: StrideDivisible<RD, CS>,
    T: Walk<RS, DivOf<RD, CS>, E>,
{
    type Output = <T as Walk<RS, DivOf<RD, CS>, E>>::Output;
    #[inline]
    fn step(l: &HCons<M<CS, CD>, T>, st: St<RS, RD>) -> Result<Self::Output> {
        let (rd, cs) = (v(&st.rd), v(&l.head.s));
        if !<RD as HTuple>::IS_STATIC && (cs <= 0 || rd % cs != 0) {
            return Err(divisibility(
                OP,
                "a stride of B and an extent of A do not divide one another",
                rd,
                cs,
            ));
        }
        l.tail.walk(St {
            rs: st.rs,
            rd: Leaf::from_i64(rd / cs.max(1)),
            sign: st.sign,
        })
    }
}
macro_rules! step_at_run_time {
    ($tr:ident) => {
        /// A decision that reads a dynamic leaf: the rest of the walk at run time.
        impl<L: Slots, RS: Leaf, RD: Leaf, E: StaticBit> $tr<L, RS, RD, E> for Unknown {
            type Output = L::Output;
            #[inline]
            fn step(l: &L, st: St<RS, RD>) -> Result<Self::Output> {
                l.slots(&mut Rt::new(v(&st.rs), v(&st.rd), E::BOOL, st.sign))
            }
        }
    };
}
step_at_run_time!(StepGe);
/// `rd < s_i`: do B's remaining points all lie within this mode?
impl<CS, CD, T, RS, RD, E> StepGe<HCons<M<CS, CD>, T>, RS, RD, E> for B0
where
    CS: Leaf,
    CD: Leaf,
    T: Modes,
    HCons<M<CS, CD>, T>: Modes,
    RS: Leaf + IntSub<U1>,
    <RS as IntSub<U1>>::Output: IntMul<RD>,
    MulOf<<RS as IntSub<U1>>::Output, RD>: TriLt<CS>,
    Lt<MulOf<<RS as IntSub<U1>>::Output, RD>, CS>: StepLt<HCons<M<CS, CD>, T>, RS, RD, E>,
{
    type Output = <Lt<MulOf<<RS as IntSub<U1>>::Output, RD>, CS> as StepLt<
        HCons<M<CS, CD>, T>,
        RS,
        RD,
        E,
    >>::Output;
    #[inline]
    fn step(l: &HCons<M<CS, CD>, T>, st: St<RS, RD>) -> Result<Self::Output> {
        <Lt<MulOf<<RS as IntSub<U1>>::Output, RD>, CS>>::step(l, st)
    }
}

/// `(rs - 1) * rd < s_i`.
pub trait StepLt<L, RS, RD, E> {
    /// The emitted modes.
    type Output: Modes;
    /// The emitted modes.
    fn step(l: &L, st: St<RS, RD>) -> Result<Self::Output>;
}
/// All of B's remaining points lie within this mode: emit `rs:(d_i * rd)`,
/// and the walk is done.
impl<CS, CD, T, RS, RD, E> StepLt<HCons<M<CS, CD>, T>, RS, RD, E> for B1
where
    CS: Leaf,
    CD: Leaf + IntMul<RD>,
    MulOf<CD, RD>: Leaf,
    RS: Leaf,
    RD: Leaf,
{
    type Output = HCons<M<RS, MulOf<CD, RD>>, HNil>;
    #[inline]
    fn step(l: &HCons<M<CS, CD>, T>, st: St<RS, RD>) -> Result<Self::Output> {
        Ok(HCons {
            head: M {
                s: st.rs,
                d: stride(l.head.d, &st.rd, st.sign)?,
            },
            tail: HNil,
        })
    }
}
step_at_run_time!(StepLt);
/// B spans past this mode: `rd` must divide `s_i`, and `a = s_i / rd` must
/// divide `rs`; emit `a:(d_i * rd)` and go on with `(rs / a, 1)`.
impl<CS, CD, T, RS, RD, E> StepLt<HCons<M<CS, CD>, T>, RS, RD, E> for B0
where
    CS: Leaf + cute_core::IntDiv<RD>,
    CD: Leaf + IntMul<RD>,
    MulOf<CD, RD>: Leaf,
    RD: Leaf + IntDivides<CS>,
    <RD as IntDivides<CS>>::Output: StrideDivisible<RD, CS>,
    DivOf<CS, RD>: Leaf + IntDivides<RS>,
    <DivOf<CS, RD> as IntDivides<RS>>::Output: ShapeDivisible<RS, DivOf<CS, RD>>,
    RS: Leaf + cute_core::IntDiv<DivOf<CS, RD>>,
    DivOf<RS, DivOf<CS, RD>>: Leaf,
    T: Walk<DivOf<RS, DivOf<CS, RD>>, U1, B1>,
{
    type Output = HCons<
        M<DivOf<CS, RD>, MulOf<CD, RD>>,
        <T as Walk<DivOf<RS, DivOf<CS, RD>>, U1, B1>>::Output,
    >;
    #[inline]
    fn step(l: &HCons<M<CS, CD>, T>, st: St<RS, RD>) -> Result<Self::Output> {
        // Every operand of this branch is static (its decision was), so the
        // values are the types'; only the stride's factor d_i may be dynamic.
        let (rs, rd, cs) = (v(&st.rs), v(&st.rd).max(1), v(&l.head.s));
        let a = (cs / rd).max(1);
        Ok(HCons {
            head: M {
                s: Leaf::from_i64(a),
                d: stride(l.head.d, &st.rd, st.sign)?,
            },
            tail: l.tail.walk(St {
                rs: Leaf::from_i64(rs / a),
                rd: U1::new(),
                sign: st.sign,
            })?,
        })
    }
}

/// The last mode of a list, as a one-mode list.
pub trait LastMode: Modes {
    /// `(last,)`.
    type Output: Modes;
    /// `(last,)`.
    fn last_mode(&self) -> Self::Output;
}
impl<S: Leaf, D: Leaf> LastMode for HCons<M<S, D>, HNil> {
    type Output = Self;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn last_mode(&self) -> Self {
        *self
    }
}
impl<S: Leaf, D: Leaf, M2, T2> LastMode for HCons<M<S, D>, HCons<M2, T2>>
where
    HCons<M2, T2>: LastMode,
{
    type Output = <HCons<M2, T2> as LastMode>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn last_mode(&self) -> Self::Output {
        self.tail.last_mode()
    }
}

// ------------------------------------------------------------------ the walk at run time

/// The walk's state at run time.
#[derive(Clone, Copy, Debug)]
pub struct Rt {
    rs: i64,
    rd: i64,
    emitted: bool,
    /// The walk stopped at `rs == 1`.
    stopped: bool,
    /// The walk finished inside a mode: no final emission.
    done: bool,
    sign: i64,
}

impl Rt {
    fn new(rs: i64, rd: i64, emitted: bool, sign: i64) -> Rt {
        Rt {
            rs,
            rd,
            emitted,
            stopped: false,
            done: false,
            sign,
        }
    }

    /// One mode of A that is not the last: the mode of the result it gives
    /// (extent 1 where the walk emits nothing).
    fn inner(&mut self, cs: i64, cd: i64) -> Result<(i64, i64)> {
        if self.stopped || self.done {
            return Ok((1, 0));
        }
        if self.rs == 1 {
            self.stopped = true;
            return Ok((1, 0));
        }
        let stride_err = |rd, cs| {
            divisibility(
                OP,
                "a stride of B and an extent of A do not divide one another",
                rd,
                cs,
            )
        };
        if self.rd >= cs {
            if cs <= 0 || self.rd % cs != 0 {
                return Err(stride_err(self.rd, cs));
            }
            self.rd /= cs;
            return Ok((1, 0));
        }
        let d = mul(OP, mul(OP, cd, self.rd)?, self.sign)?;
        if mul(OP, self.rs - 1, self.rd)? < cs {
            self.done = true;
            return Ok((self.rs, d));
        }
        if self.rd <= 0 || cs % self.rd != 0 {
            return Err(stride_err(self.rd, cs));
        }
        let a = cs / self.rd;
        if self.rs % a != 0 {
            return Err(divisibility(
                OP,
                "an extent of B does not split evenly over an extent of A",
                self.rs,
                a,
            ));
        }
        self.emitted = true;
        self.rs /= a;
        self.rd = 1;
        Ok((a, d))
    }

    /// The last mode of A.
    fn last(&mut self, cd: i64) -> Result<(i64, i64)> {
        if self.done || (self.rs == 1 && self.emitted) {
            return Ok((1, 0));
        }
        Ok((self.rs, mul(OP, mul(OP, cd, self.rd)?, self.sign)?))
    }
}

/// The rest of the walk at run time: one mode of the result per mode of A.
pub trait Slots: Modes {
    /// One dynamic mode per mode.
    type Output: Modes;
    /// The modes.
    fn slots(&self, st: &mut Rt) -> Result<Self::Output>;
}
impl Slots for HNil {
    type Output = HNil;
    #[inline]
    fn slots(&self, _: &mut Rt) -> Result<HNil> {
        Ok(HNil)
    }
}
impl<S: Leaf, D: Leaf, T: Slots> Slots for HCons<M<S, D>, T> {
    type Output = HCons<M<i64, i64>, T::Output>;
    #[inline]
    fn slots(&self, st: &mut Rt) -> Result<Self::Output> {
        let (s, d) = if <T as frunk_core::hlist::HList>::LEN == 0 {
            st.last(v(&self.head.d))?
        } else {
            st.inner(v(&self.head.s), v(&self.head.d))?
        };
        Ok(HCons {
            head: M { s, d },
            tail: self.tail.slots(st)?,
        })
    }
}

// ------------------------------------------------------------------ a leaf of B

/// `A o s:d` for a leaf `s:d` of B, A given by its coalesced flat modes
/// `Self`: the modes of the result.
pub trait ComposeLeaf<S, D>: Modes {
    /// The modes.
    type Output: Modes;
    /// The modes.
    fn compose_leaf(&self, s: S, d: D) -> Result<Self::Output>;
}
impl<AF: Modes, S: KnownOne, D: Leaf> ComposeLeaf<S, D> for AF
where
    IsOne<S>: LeafOne<AF, S, D>,
{
    type Output = <IsOne<S> as LeafOne<AF, S, D>>::Output;
    #[inline]
    fn compose_leaf(&self, s: S, d: D) -> Result<Self::Output> {
        <IsOne<S>>::go(self, s, d)
    }
}

/// `s == 1`?
pub trait LeafOne<AF, S, D> {
    /// The modes.
    type Output: Modes;
    /// The modes.
    fn go(a: &AF, s: S, d: D) -> Result<Self::Output>;
}
/// `A o 1:d = 1:A(d)`.
impl<AF: EvalExt<D>, S, D: Leaf> LeafOne<AF, S, D> for B1 {
    type Output = HCons<M<U1, AF::Output>, HNil>;
    #[inline]
    fn go(a: &AF, _: S, d: D) -> Result<Self::Output> {
        if v(&d) < 0 {
            return Err(cute_core::Error::value(OP, "B's stride is negative"));
        }
        Ok(HCons {
            head: M {
                s: U1::new(),
                d: a.eval_ext(d)?,
            },
            tail: HNil,
        })
    }
}
/// `s != 1`: is `d` zero?
impl<AF: Modes, S: Leaf, D: KnownZero> LeafOne<AF, S, D> for B0
where
    IsZero<D>: LeafZero<AF, S, D>,
{
    type Output = <IsZero<D> as LeafZero<AF, S, D>>::Output;
    #[inline]
    fn go(a: &AF, s: S, d: D) -> Result<Self::Output> {
        <IsZero<D>>::go(a, s, d)
    }
}

/// `d == 0`?
pub trait LeafZero<AF, S, D> {
    /// The modes.
    type Output: Modes;
    /// The modes.
    fn go(a: &AF, s: S, d: D) -> Result<Self::Output>;
}
/// `A o s:0 = s:0`.
impl<AF, S: Leaf, D> LeafZero<AF, S, D> for B1 {
    type Output = HCons<M<S, U0>, HNil>;
    #[inline]
    fn go(_: &AF, s: S, _: D) -> Result<Self::Output> {
        Ok(HCons {
            head: M { s, d: U0::new() },
            tail: HNil,
        })
    }
}
/// The walk, with B's stride `|d|` and its sign.
impl<AF, S: Leaf, D: Leaf + Abs> LeafZero<AF, S, D> for B0
where
    AF: Walk<S, D::Output, B0>,
{
    type Output = <AF as Walk<S, D::Output, B0>>::Output;
    #[inline]
    fn go(a: &AF, s: S, d: D) -> Result<Self::Output> {
        let (rd, sign) = d.abs_sign()?;
        a.walk(St { rs: s, rd, sign })
    }
}

/// `|d|` and the sign of `d`: a static stride is non-negative.
pub trait Abs: Leaf {
    /// `|d|`.
    type Output: Leaf;
    /// `(|d|, sign)`.
    fn abs_sign(&self) -> Result<(Self::Output, i64)>;
}
impl Abs for UTerm {
    type Output = UTerm;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn abs_sign(&self) -> Result<(UTerm, i64)> {
        Ok((*self, 1))
    }
}
impl<U: Unsigned, B: Bit> Abs for UInt<U, B> {
    type Output = Self;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn abs_sign(&self) -> Result<(Self, i64)> {
        Ok((*self, 1))
    }
}
impl Abs for i64 {
    type Output = i64;
    #[inline]
    fn abs_sign(&self) -> Result<(i64, i64)> {
        let a = self
            .checked_abs()
            .ok_or_else(|| cute_core::Error::overflow(OP, "B's stride has no 64-bit magnitude"))?;
        Ok((a, if *self < 0 { -1 } else { 1 }))
    }
}

// ------------------------------------------------------------------ B's nesting

/// `A o B` for the layout `SB:DB` (B's nesting kept), A given by its
/// coalesced flat modes `Self`.
pub trait ComposeTree<SB, DB>: Modes {
    /// The result's shape.
    type Shape: HTuple;
    /// The result's stride.
    type Stride: HTuple;
    /// The result.
    fn compose_tree(&self, s: &SB, d: &DB) -> Result<(Self::Shape, Self::Stride)>;
}
macro_rules! compose_tree_leaf {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf of B: its modes, as a leaf or a flat tuple.
        impl<$($g)* AF: Modes, DB: Leaf> ComposeTree<$t, DB> for AF
        where
            AF: ComposeLeaf<$t, DB>,
            <AF as ComposeLeaf<$t, DB>>::Output: FromModes,
        {
            type Shape = <<AF as ComposeLeaf<$t, DB>>::Output as FromModes>::Shape;
            type Stride = <<AF as ComposeLeaf<$t, DB>>::Output as FromModes>::Stride;
            #[inline]
            fn compose_tree(&self, s: &$t, d: &DB) -> Result<(Self::Shape, Self::Stride)> {
                Ok(self.compose_leaf(*s, *d)?.parts())
            }
        }
    };
}
compose_tree_leaf!([] UTerm);
compose_tree_leaf!([U: Unsigned, B: Bit,] UInt<U, B>);
compose_tree_leaf!([] i64);
/// `A o (():()) = ():()`.
impl<AF: Modes> ComposeTree<HNil, HNil> for AF {
    type Shape = HNil;
    type Stride = HNil;
    #[inline]
    fn compose_tree(&self, _: &HNil, _: &HNil) -> Result<(HNil, HNil)> {
        Ok((HNil, HNil))
    }
}
/// `A o (b, bs...) = (A o b, A o (bs...)...)`.
impl<AF: Modes, SH, ST, DH, DT> ComposeTree<HCons<SH, ST>, HCons<DH, DT>> for AF
where
    AF: ComposeTree<SH, DH> + ComposeTree<ST, DT>,
    <AF as ComposeTree<ST, DT>>::Shape: crate::htuple::Tuple,
    <AF as ComposeTree<ST, DT>>::Stride: crate::htuple::Tuple,
{
    type Shape = HCons<<AF as ComposeTree<SH, DH>>::Shape, <AF as ComposeTree<ST, DT>>::Shape>;
    type Stride = HCons<<AF as ComposeTree<SH, DH>>::Stride, <AF as ComposeTree<ST, DT>>::Stride>;
    #[inline]
    fn compose_tree(
        &self,
        s: &HCons<SH, ST>,
        d: &HCons<DH, DT>,
    ) -> Result<(Self::Shape, Self::Stride)> {
        let (hs, hd) = ComposeTree::<SH, DH>::compose_tree(self, &s.head, &d.head)?;
        let (ts, td) = ComposeTree::<ST, DT>::compose_tree(self, &s.tail, &d.tail)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}

/// A's flat modes as composition sees them: coalesced, a trailing extent-1
/// mode kept.
pub type Lhs<S, D> = CoalescedModes<super::detail::ModesOf<S, D>, B1>;

/// The coalesced flat modes of `S:D`, for composition.
#[inline]
pub fn lhs_modes<S, D>(s: &S, d: &D) -> Result<Lhs<S, D>>
where
    S: super::detail::ToModes<D>,
    super::detail::ModesOf<S, D>: Coal<HNil, B1>,
{
    s.to_modes(d).coal(HNil)
}
