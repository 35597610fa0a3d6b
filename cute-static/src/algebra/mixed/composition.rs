//! CuTe C++'s composition (`detail::composition_impl`), for operands with a
//! dynamic leaf.
//!
//! A is seen through `coalesce_x` (its flat modes coalesced, a trailing
//! extent-1 mode kept); B keeps its nesting, and each leaf `s:d` of B is
//! composed on its own:
//!
//! ```text
//! d a static 0                    s:d
//! A a single mode s_0:d_0         s:(d * d_0)
//! otherwise, for each mode s_i:d_i of A but the last, with (rs, rd) = (s, d):
//!     ns = ceil(s_i / |rd|), nd = ceil(|rd| / s_i) * signum(rd)
//!     ns or rs a static 1  ->  rd = nd
//!     otherwise            ->  n = min(ns, rs); emit n:(rd * d_i); rs = rs / n; rd = nd
//!   and then: nothing emitted  ->  rs:(rd * d_last)
//!             rs a static 1    ->  the modes emitted
//!             otherwise        ->  the modes emitted, then rs:(rd * d_last)
//! ```
//!
//! Every decision reads only whether a leaf is a static 1 (or a static 0),
//! so the result's structure is known to the compiler whatever the dynamic
//! values are; a dynamic leaf whose value is 1 gives a mode of extent 1.
//! The values follow the same formulas at run time. The specification's
//! conditions, which CuTe C++ checks only on static leaves, are checked on
//! the values ([`super::check`]) before the result is returned.

use cute_core::{IntCeilDiv, IntDiv, IntMin, IntMul, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, B0, B1};

use super::super::detail::{
    one, v, Append, Appended, CeilDivOf, DivOf, FromModes, IsOne, IsZero, KnownOne, KnownZero,
    Modes, ModesOf, MulOf, ToModes, M,
};
use super::arith::{AbsOf, AbsSign, SignOf};
use super::check::{self, Flat};
use super::coalesce::CoalesceX;
use crate::htuple::{HTuple, Leaf, StaticBit, Tuple};

pub(crate) const OP: &str = "composition";

/// `min(ns, rs)`.
type MinOf<A, B> = <A as IntMin<B>>::Output;
/// `ceil(s_i / |rd|)`.
type NextShape<CS, RD> = CeilDivOf<CS, AbsOf<RD>>;
/// `ceil(|rd| / s_i) * signum(rd)`.
type NextStride<CS, RD> = MulOf<CeilDivOf<AbsOf<RD>, CS>, SignOf<RD>>;

/// `(ceil(s_i / |rd|), ceil(|rd| / s_i) * signum(rd))`. A dynamic stride 0
/// (which CuTe C++ would divide by) takes the whole extent left in one
/// mode: `ns` is unbounded and `nd` is 0, so the leaf is `s:0` spread over
/// modes of extent 1.
#[inline]
fn next<CS, RD>(cs: &CS, rd: &RD) -> Result<(NextShape<CS, RD>, NextStride<CS, RD>)>
where
    CS: Leaf + IntCeilDiv<AbsOf<RD>>,
    RD: AbsSign,
    AbsOf<RD>: IntCeilDiv<CS>,
    CeilDivOf<AbsOf<RD>, CS>: IntMul<SignOf<RD>>,
    NextShape<CS, RD>: Leaf,
    NextStride<CS, RD>: Leaf,
{
    let (a, sg) = rd.abs_sign()?;
    if v(&a) == 0 {
        return Ok((Leaf::from_i64(i64::MAX), Leaf::from_i64(0)));
    }
    let ns = cs.int_ceil_div(&a).map_err(|e| e.in_op(OP))?;
    let nd = a
        .int_ceil_div(cs)
        .and_then(|q| q.int_mul(&sg))
        .map_err(|e| e.in_op(OP))?;
    Ok((ns, nd))
}

/// The fold over A's modes `Self` (the last one included) of one leaf of
/// B: `Res` the modes emitted so far, `(RS, RD)` what is left of the leaf.
pub trait Fold<Res, RS, RD>: Modes {
    /// The modes of the result.
    type Output: Modes;
    /// The modes of the result.
    fn fold(&self, res: Res, rs: RS, rd: RD) -> Result<Self::Output>;
}

/// A mode of A that is not the last.
impl<CS, CD, M2, T2, Res, RS, RD> Fold<Res, RS, RD> for HCons<M<CS, CD>, HCons<M2, T2>>
where
    CS: Leaf + IntCeilDiv<AbsOf<RD>>,
    CD: Leaf,
    HCons<M2, T2>: Modes,
    Res: Modes,
    RS: KnownOne,
    RD: AbsSign,
    AbsOf<RD>: IntCeilDiv<CS>,
    CeilDivOf<AbsOf<RD>, CS>: IntMul<SignOf<RD>>,
    NextShape<CS, RD>: KnownOne,
    NextStride<CS, RD>: Leaf,
    <IsOne<NextShape<CS, RD>> as StaticBit>::Or<IsOne<RS>>: FoldStep<Self, Res, RS, RD>,
{
    type Output = <<IsOne<NextShape<CS, RD>> as StaticBit>::Or<IsOne<RS>> as FoldStep<
        Self,
        Res,
        RS,
        RD,
    >>::Output;
    #[inline]
    fn fold(&self, res: Res, rs: RS, rd: RD) -> Result<Self::Output> {
        <<IsOne<NextShape<CS, RD>> as StaticBit>::Or<IsOne<RS>>>::step(self, res, rs, rd)
    }
}

/// A step of the fold: emit nothing (`B1`: `ns` or `rs` is a static 1) or
/// a mode (`B0`).
pub trait FoldStep<L, Res, RS, RD> {
    /// The modes of the result.
    type Output: Modes;
    /// The modes of the result.
    fn step(l: &L, res: Res, rs: RS, rd: RD) -> Result<Self::Output>;
}
impl<CS, CD, T, Res, RS, RD> FoldStep<HCons<M<CS, CD>, T>, Res, RS, RD> for B1
where
    CS: Leaf + IntCeilDiv<AbsOf<RD>>,
    CD: Leaf,
    RD: AbsSign,
    AbsOf<RD>: IntCeilDiv<CS>,
    CeilDivOf<AbsOf<RD>, CS>: IntMul<SignOf<RD>>,
    NextShape<CS, RD>: Leaf,
    NextStride<CS, RD>: Leaf,
    T: Fold<Res, RS, NextStride<CS, RD>>,
{
    type Output = <T as Fold<Res, RS, NextStride<CS, RD>>>::Output;
    #[inline]
    fn step(l: &HCons<M<CS, CD>, T>, res: Res, rs: RS, rd: RD) -> Result<Self::Output> {
        let (_, nd) = next(&l.head.s, &rd)?;
        l.tail.fold(res, rs, nd)
    }
}
impl<CS, CD, T, Res, RS, RD> FoldStep<HCons<M<CS, CD>, T>, Res, RS, RD> for B0
where
    CS: Leaf + IntCeilDiv<AbsOf<RD>>,
    CD: Leaf,
    RD: AbsSign + IntMul<CD>,
    MulOf<RD, CD>: Leaf,
    AbsOf<RD>: IntCeilDiv<CS>,
    CeilDivOf<AbsOf<RD>, CS>: IntMul<SignOf<RD>>,
    NextShape<CS, RD>: Leaf + IntMin<RS>,
    NextStride<CS, RD>: Leaf,
    MinOf<NextShape<CS, RD>, RS>: Leaf,
    RS: Leaf + IntDiv<MinOf<NextShape<CS, RD>, RS>>,
    DivOf<RS, MinOf<NextShape<CS, RD>, RS>>: Leaf,
    Res: Append<HCons<M<MinOf<NextShape<CS, RD>, RS>, MulOf<RD, CD>>, HNil>>,
    T: Fold<
        Appended<Res, HCons<M<MinOf<NextShape<CS, RD>, RS>, MulOf<RD, CD>>, HNil>>,
        DivOf<RS, MinOf<NextShape<CS, RD>, RS>>,
        NextStride<CS, RD>,
    >,
{
    type Output = <T as Fold<
        Appended<Res, HCons<M<MinOf<NextShape<CS, RD>, RS>, MulOf<RD, CD>>, HNil>>,
        DivOf<RS, MinOf<NextShape<CS, RD>, RS>>,
        NextStride<CS, RD>,
    >>::Output;
    #[inline]
    fn step(l: &HCons<M<CS, CD>, T>, res: Res, rs: RS, rd: RD) -> Result<Self::Output> {
        let (ns, nd) = next(&l.head.s, &rd)?;
        let n = ns.int_min(&rs).map_err(|e| e.in_op(OP))?;
        let d = rd.int_mul(&l.head.d).map_err(|e| e.in_op(OP))?;
        let rs = rs.int_div(&n).map_err(|e| e.in_op(OP))?;
        l.tail.fold(res.append(one(M { s: n, d })), rs, nd)
    }
}

/// The last mode of A: the final emission.
impl<CS, CD, Res, RS, RD> Fold<Res, RS, RD> for HCons<M<CS, CD>, HNil>
where
    CS: Leaf,
    CD: Leaf,
    Res: Modes,
    RS: KnownOne,
    RD: Leaf + IntMul<CD>,
    MulOf<RD, CD>: Leaf,
    Res::Empty: FinalChoice<IsOne<RS>>,
    <Res::Empty as FinalChoice<IsOne<RS>>>::Output: Final<Res, RS, MulOf<RD, CD>>,
{
    type Output =
        <<Res::Empty as FinalChoice<IsOne<RS>>>::Output as Final<Res, RS, MulOf<RD, CD>>>::Output;
    #[inline]
    fn fold(&self, res: Res, rs: RS, rd: RD) -> Result<Self::Output> {
        let d = rd.int_mul(&self.head.d).map_err(|e| e.in_op(OP))?;
        <<Res::Empty as FinalChoice<IsOne<RS>>>::Output>::fin(res, rs, d)
    }
}

/// Nothing was emitted: the leaf `rs:d` alone.
pub struct Alone;
/// `rs` is a static 1: the modes emitted.
pub struct Emitted;
/// The modes emitted, then `rs:d`.
pub struct Then;

/// The final emission's choice: `Self` (nothing was emitted), `O` (`rs` is
/// a static 1).
pub trait FinalChoice<O> {
    /// [`Alone`], [`Emitted`] or [`Then`].
    type Output;
}
impl<O> FinalChoice<O> for B1 {
    type Output = Alone;
}
impl FinalChoice<B1> for B0 {
    type Output = Emitted;
}
impl FinalChoice<B0> for B0 {
    type Output = Then;
}

/// The final emission.
pub trait Final<Res, RS, D> {
    /// The modes of the result.
    type Output: Modes;
    /// The modes of the result.
    fn fin(res: Res, rs: RS, d: D) -> Result<Self::Output>;
}
impl<Res, RS: Leaf, D: Leaf> Final<Res, RS, D> for Alone {
    type Output = HCons<M<RS, D>, HNil>;
    #[inline(always)]
    fn fin(_: Res, rs: RS, d: D) -> Result<Self::Output> {
        Ok(one(M { s: rs, d }))
    }
}
impl<Res: Modes, RS, D> Final<Res, RS, D> for Emitted {
    type Output = Res;
    #[inline(always)]
    fn fin(res: Res, _: RS, _: D) -> Result<Res> {
        Ok(res)
    }
}
impl<Res: Append<HCons<M<RS, D>, HNil>>, RS: Leaf, D: Leaf> Final<Res, RS, D> for Then {
    type Output = Appended<Res, HCons<M<RS, D>, HNil>>;
    #[inline(always)]
    fn fin(res: Res, rs: RS, d: D) -> Result<Self::Output> {
        Ok(res.append(one(M { s: rs, d })))
    }
}

// ------------------------------------------------------------------ a leaf of B

/// `A o s:d` for a leaf `s:d` of B, A given by its modes `Self` as
/// `coalesce_x` leaves them.
pub trait ComposeLeaf<SB, DB>: Modes {
    /// The modes of the result.
    type Output: Modes;
    /// The modes of the result.
    fn compose_leaf(&self, s: SB, d: DB) -> Result<Self::Output>;
}
impl<LA: Modes, SB: Leaf, DB: KnownZero> ComposeLeaf<SB, DB> for LA
where
    IsZero<DB>: ZeroStride<LA, SB, DB>,
{
    type Output = <IsZero<DB> as ZeroStride<LA, SB, DB>>::Output;
    #[inline]
    fn compose_leaf(&self, s: SB, d: DB) -> Result<Self::Output> {
        <IsZero<DB>>::go(self, s, d)
    }
}

/// `d` a static 0 (`B1`) or not.
pub trait ZeroStride<LA, SB, DB> {
    /// The modes of the result.
    type Output: Modes;
    /// The modes of the result.
    fn go(a: &LA, s: SB, d: DB) -> Result<Self::Output>;
}
/// `A o s:_0 = s:_0`.
impl<LA, SB: Leaf, DB: Leaf> ZeroStride<LA, SB, DB> for B1 {
    type Output = HCons<M<SB, DB>, HNil>;
    #[inline(always)]
    fn go(_: &LA, s: SB, d: DB) -> Result<Self::Output> {
        Ok(one(M { s, d }))
    }
}
/// A single mode of A, or the fold.
impl<LA: Walk<SB, DB>, SB, DB> ZeroStride<LA, SB, DB> for B0 {
    type Output = LA::Output;
    #[inline(always)]
    fn go(a: &LA, s: SB, d: DB) -> Result<Self::Output> {
        a.walk(s, d)
    }
}

/// The leaf `s:d` (`d` not a static 0) through A's modes `Self`.
pub trait Walk<SB, DB>: Modes {
    /// The modes of the result.
    type Output: Modes;
    /// The modes of the result.
    fn walk(&self, s: SB, d: DB) -> Result<Self::Output>;
}
/// A single mode `s_0:d_0`: `s:(d * d_0)`.
impl<AS: Leaf, AD: Leaf, SB: Leaf, DB: Leaf + IntMul<AD>> Walk<SB, DB> for HCons<M<AS, AD>, HNil>
where
    MulOf<DB, AD>: Leaf,
{
    type Output = HCons<M<SB, MulOf<DB, AD>>, HNil>;
    #[inline]
    fn walk(&self, s: SB, d: DB) -> Result<Self::Output> {
        let d = d.int_mul(&self.head.d).map_err(|e| e.in_op(OP))?;
        Ok(one(M { s, d }))
    }
}
/// Several modes: the fold.
impl<AS, AD, M2, T2, SB, DB> Walk<SB, DB> for HCons<M<AS, AD>, HCons<M2, T2>>
where
    Self: Fold<HNil, SB, DB>,
{
    type Output = <Self as Fold<HNil, SB, DB>>::Output;
    #[inline]
    fn walk(&self, s: SB, d: DB) -> Result<Self::Output> {
        self.fold(HNil, s, d)
    }
}

// ------------------------------------------------------------------ B's nesting

/// `A o B` for the layout `SB:DB`, B's nesting kept, A given by its modes
/// `Self` as `coalesce_x` leaves them.
pub trait Tree<SB, DB>: Modes {
    /// The result's shape.
    type Shape: HTuple;
    /// The result's stride.
    type Stride: HTuple;
    /// The result.
    fn tree(&self, s: &SB, d: &DB) -> Result<(Self::Shape, Self::Stride)>;
}
macro_rules! tree_leaf {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf of B: its modes, as a leaf or a flat tuple.
        impl<$($g)* LA: Modes, DB: Leaf> Tree<$t, DB> for LA
        where
            LA: ComposeLeaf<$t, DB>,
            <LA as ComposeLeaf<$t, DB>>::Output: FromModes,
        {
            type Shape = <<LA as ComposeLeaf<$t, DB>>::Output as FromModes>::Shape;
            type Stride = <<LA as ComposeLeaf<$t, DB>>::Output as FromModes>::Stride;
            #[inline]
            fn tree(&self, s: &$t, d: &DB) -> Result<(Self::Shape, Self::Stride)> {
                Ok(self.compose_leaf(*s, *d)?.parts())
            }
        }
    };
}
tree_leaf!([] UTerm);
tree_leaf!([U: Unsigned, B: Bit,] UInt<U, B>);
tree_leaf!([] i64);
/// `A o (():()) = ():()`.
impl<LA: Modes> Tree<HNil, HNil> for LA {
    type Shape = HNil;
    type Stride = HNil;
    #[inline]
    fn tree(&self, _: &HNil, _: &HNil) -> Result<(HNil, HNil)> {
        Ok((HNil, HNil))
    }
}
/// `A o (b, bs...) = (A o b, A o (bs...)...)`.
impl<LA: Modes, SH, ST, DH, DT> Tree<HCons<SH, ST>, HCons<DH, DT>> for LA
where
    LA: Tree<SH, DH> + Tree<ST, DT>,
    <LA as Tree<ST, DT>>::Shape: Tuple,
    <LA as Tree<ST, DT>>::Stride: Tuple,
{
    type Shape = HCons<<LA as Tree<SH, DH>>::Shape, <LA as Tree<ST, DT>>::Shape>;
    type Stride = HCons<<LA as Tree<SH, DH>>::Stride, <LA as Tree<ST, DT>>::Stride>;
    #[inline]
    fn tree(&self, s: &HCons<SH, ST>, d: &HCons<DH, DT>) -> Result<(Self::Shape, Self::Stride)> {
        let (hs, hd) = Tree::<SH, DH>::tree(self, &s.head, &d.head)?;
        let (ts, td) = Tree::<ST, DT>::tree(self, &s.tail, &d.tail)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}

// ------------------------------------------------------------------ the operation

/// A's modes as CuTe C++'s composition sees them.
pub type Lhs<S, D> = <ModesOf<S, D> as CoalesceX>::Output;
/// The shape and stride of `A o B`.
pub type ComposeParts<S, D, SB, DB> = (
    <Lhs<S, D> as Tree<SB, DB>>::Shape,
    <Lhs<S, D> as Tree<SB, DB>>::Stride,
);

/// `A o B` (A `S:D`, B `SB:DB`) with CuTe C++'s structure, after checking
/// the specification's conditions on the values: with `whole`, B's leaves
/// must also add up without carrying across A's modes (composition, the
/// divides); without, each leaf is composed on its own (a product's
/// complement composed with its grid).
#[inline]
pub fn compose<S, D, SB, DB>(
    s: &S,
    d: &D,
    sb: &SB,
    db: &DB,
    whole: bool,
) -> Result<ComposeParts<S, D, SB, DB>>
where
    S: ToModes<D>,
    ModesOf<S, D>: CoalesceX,
    Lhs<S, D>: Tree<SB, DB>,
    SB: HTuple,
    DB: HTuple,
{
    let la = s.to_modes(d).coalesce_x()?;
    let (mut a, mut b) = (Flat::new(), Flat::new());
    a.fill_modes(OP, &la)?;
    b.fill_layout(OP, sb, db)?;
    check::composition(OP, &a, &b, whole)?;
    la.tree(sb, db)
}
