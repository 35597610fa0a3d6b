//! Composition `A o B`: the layout that walks B's domain and maps each of
//! B's values through A (Whitepaper, §3.3). The operation ([`composition`],
//! [`composition_at`]), and the algorithm of static operands, computed by
//! the compiler as the specification computes it.
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
//! A leaf that emits `e` modes' worth of points at mode `i` with step `rd`
//! reaches coordinate `(e - 1) * rd` there; B's leaves add up, and their
//! sum is `A(B(i))` only if the coordinates they reach in each mode of A
//! but the last add up to less than its extent (no carry into the next
//! mode). Each of these conditions is a trait bound: operands that break
//! one do not compile, and the first line of the error names it. Every
//! operand of this algorithm is static (operands with a dynamic leaf take
//! CuTe C++'s, in `mixed`), so the result is a type; its value is the
//! type's only value.

use core::ops::{Add, Mul, Rem, Sub};

use cute_core::Result;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, IsLess, UInt, UTerm, Unsigned, B0, B1, U0, U1};

use super::coalesce::{Coal, CoalescedModes};
use super::detail::{
    DivOf, FromModes, Ge, IsOne, IsZero, KnownOne, KnownZero, Lt, Modes, ModesOf, ToModes, TriGe,
    TriLt, M,
};
use super::mixed::{self, arith::If};
use super::tiler::{Apply, ApplyLayout, AtMode, AtModeOf, IntTiler, IntoTiler, Parts};
use super::{AllStatic, Applied, Returns, TilerOf, Unreachable};
use crate::htuple::{HTuple, Leaf, StaticBit};
use crate::layout::Layout;

// ------------------------------------------------------------------ the operation

apply_impl!(
    Composition,
    composition(b: B),
    If<AllStatic<S, D, TilerOf<B>>, ComposeOp, mixed::MixedCompose>,
    AllStatic<S, D, TilerOf<B>>
);

operation!(
    /// Group composition `A o B` (Whitepaper, §3.3): walk B, then map the result
    /// through A.
    ///
    /// B is a tiler: a layout, an integer `n` (the layout `n:1`), [`Keep`](crate::Keep), or a
    /// tuple of tilers composed mode by mode (`(A0, A1, ...) o (B0, B1, ...) =
    /// (A0 o B0, A1 o B1, ...)`, the remaining modes of A unchanged). The result
    /// keeps B's nesting; each leaf `s:d` of B is composed with A's coalesced
    /// flat modes (see the module `composition` equations in the crate source).
    ///
    /// # Pre-conditions
    /// - A and B satisfy the shape- and stride-divisibility conditions
    ///   (Whitepaper, Eqs. (20)-(21)): for static operands a trait bound.
    /// - A by-mode B has at most as many modes as A (a trait bound).
    ///
    /// # Post-conditions
    /// - `compatible(B, result)`: B refines the result's domain
    /// - `result(i) == A(B(i))` for `i` in `0..size(B)`
    ///
    /// # Errors
    /// For operands with a dynamic leaf, `ValueError` (a divisibility error)
    /// when a condition that reads a dynamic value fails, or on overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_static::{composition, layout, tile, Layout};
    /// let c = composition(layout!((6, 2) : (8, 2)), layout!((4, 3) : (3, 1)));
    /// assert_eq!(c.to_string(), "((_2,_2),_3):((_24,_2),_8)");
    /// let _: Layout![((2, 2), 3) : ((24, 2), 8)] = c; // computed by the compiler
    /// assert_eq!(core::mem::size_of_val(&c), 0);
    /// // by mode
    /// let t = composition(layout!((12, 8) : (1, 12)), tile!(4, 2));
    /// assert_eq!(t.to_string(), "(_4,_2):(_1,_12)");
    /// // a dynamic leaf: a Result, the static parts static
    /// let n = 6;
    /// let m = composition(layout!((6, n) : (8, 2)).unwrap(), layout!((4, 3) : (3, 1))).unwrap();
    /// assert_eq!(m.to_string(), "((_2,_2),_3):((_24,_2),_8)");
    /// // a run-time divisibility failure
    /// let s = 3;
    /// assert!(composition(layout!((8, 6) : (6, 1)), layout!(16 : {s}).unwrap()).is_err());
    /// ```
    /// A divisibility failure of static operands does not compile:
    /// ```compile_fail
    /// use cute_static::{composition, layout};
    /// let _ = composition(layout!((8, 6) : (6, 1)), layout!(16 : 3));
    /// ```
    Composition, composition(b: B) -> Composed,
    "CuTe composition: `{Self}` cannot be composed with `{B}`",
    "composition(A, B) takes a layout A and a tiler B: a layout, an integer, `Keep`, or a tuple of tilers"
);

ambiguity_guard!(Composition, composition);

at_mode_fn!(
    /// `composition[I](A, B)`: A with its mode `I` composed with B, the
    /// other modes unchanged (the by-mode composition by `(Keep, ..., B)`).
    ///
    /// # Pre-conditions
    /// As [`composition`]; `I < rank(A)` (a trait bound).
    ///
    /// # Errors
    /// As [`composition`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{algebra::composition_at, layout};
    /// let c = composition_at::<1, _, _>(layout!((4, 6) : (1, 4)), layout!(3 : 2));
    /// assert_eq!(c.to_string(), "(_4,_3):(_1,_8)");
    /// ```
    composition_at, Composition, composition
);

/// `A o B`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ComposeOp;

/// The specification's integer tiler `n` is the layout `n:1`.
impl<N> IntTiler<N> for ComposeOp {
    type Stride = U1;
}

/// `A o B` for a layout `B = SB:DB`.
impl<S, D, SB, DB> ApplyLayout<S, D, SB, DB> for ComposeOp
where
    S: ToModes<D>,
    ModesOf<S, D>: Coal<HNil, typenum::B1>,
    Lhs<S, D>: ComposeTree<SB, DB> + CarryFree<<Lhs<S, D> as ComposeTree<SB, DB>>::Reach>,
{
    type Shape = <Lhs<S, D> as ComposeTree<SB, DB>>::Shape;
    type Stride = <Lhs<S, D> as ComposeTree<SB, DB>>::Stride;
    #[inline]
    fn apply_layout(s: &S, d: &D, sb: &SB, db: &DB) -> Result<Parts<Self::Shape, Self::Stride>> {
        lhs_modes(s, d)?.compose_tree(sb, db)
    }
}

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

/// The carry condition of composition: B's leaves, composed one by one,
/// must add up to `A(B(i))`, so the coordinates they reach together in a
/// mode of A (but the last) must stay below its extent.
#[diagnostic::on_unimplemented(
    message = "CuTe composition: B's leaves carry from one mode of A into the next: no layout is i -> A(B(i))",
    label = "B's leaves together reach coordinate `{R}` of A's extent `{S}`",
    note = "each leaf of B composes with A on its own, and the result adds their values; that is A(B(i)) only if, in every mode of A but the last, the largest coordinates B's leaves reach there add up to less than its extent (the divisibility conditions across B's modes)"
)]
pub trait NoCarry<R, S> {}
impl<R, S> NoCarry<R, S> for B1 {}

// ------------------------------------------------------------------ A(d) in the extended domain

/// `A(i)` over A's flat modes, in the extended domain: every mode but the
/// last takes `i mod s`, the last takes what is left.
pub trait EvalExt<I>: Modes {
    /// The offset.
    type Output: Leaf;
}
impl<S, D, I: Mul<D>> EvalExt<I> for HCons<M<S, D>, HNil>
where
    Self: Modes,
    <I as Mul<D>>::Output: Leaf,
{
    type Output = <I as Mul<D>>::Output;
}
impl<S, D, M2, T2, I> EvalExt<I> for HCons<M<S, D>, HCons<M2, T2>>
where
    Self: Modes,
    I: Rem<S> + core::ops::Div<S>,
    <I as Rem<S>>::Output: Mul<D>,
    HCons<M2, T2>: EvalExt<<I as core::ops::Div<S>>::Output>,
    <<I as Rem<S>>::Output as Mul<D>>::Output:
        Add<<HCons<M2, T2> as EvalExt<<I as core::ops::Div<S>>::Output>>::Output>,
    <<<I as Rem<S>>::Output as Mul<D>>::Output as Add<
        <HCons<M2, T2> as EvalExt<<I as core::ops::Div<S>>::Output>>::Output,
    >>::Output: Leaf,
{
    type Output = <<<I as Rem<S>>::Output as Mul<D>>::Output as Add<
        <HCons<M2, T2> as EvalExt<<I as core::ops::Div<S>>::Output>>::Output,
    >>::Output;
}

// ------------------------------------------------------------------ the walk

/// Composes the leaf whose walk state is `(RS, RD, E)` (`E`: a mode was
/// emitted) with the remaining flat modes `Self` of A: the modes emitted,
/// and the coordinates reached in each mode of `Self` but the last (a
/// shorter list: the missing ones reach 0).
pub trait Walk<RS, RD, E>: Modes {
    /// The emitted modes.
    type Output: Modes;
    /// The coordinates reached, mode by mode.
    type Reach;
}

/// The last mode of A: emit `rs:(d * rd)` unless `rs == 1` and a mode was
/// emitted already.
impl<CS, CD, RS, RD, E> Walk<RS, RD, E> for HCons<M<CS, CD>, HNil>
where
    Self: Modes,
    RS: KnownOne,
    E: StaticBit,
    <IsOne<RS> as StaticBit>::And<E>: Final<CD, RS, RD>,
{
    type Output = <<IsOne<RS> as StaticBit>::And<E> as Final<CD, RS, RD>>::Output;
    type Reach = HNil;
}

/// The final emission, or none.
pub trait Final<CD, RS, RD> {
    /// The emitted modes.
    type Output: Modes;
}
impl<CD, RS, RD> Final<CD, RS, RD> for B1 {
    type Output = HNil;
}
impl<CD: Mul<RD>, RS: Leaf, RD> Final<CD, RS, RD> for B0
where
    <CD as Mul<RD>>::Output: Leaf,
{
    type Output = HCons<M<RS, <CD as Mul<RD>>::Output>, HNil>;
}

/// A mode of A that is not the last: the walk's first decision, `rs == 1`.
impl<CS, CD, M2, T2, RS, RD, E> Walk<RS, RD, E> for HCons<M<CS, CD>, HCons<M2, T2>>
where
    Self: Modes,
    RS: KnownOne,
    IsOne<RS>: StepOne<Self, RS, RD, E>,
{
    type Output = <IsOne<RS> as StepOne<Self, RS, RD, E>>::Output;
    type Reach = <IsOne<RS> as StepOne<Self, RS, RD, E>>::Reach;
}

/// `rs == 1`: B's points are all placed.
pub trait StepOne<L, RS, RD, E> {
    /// The emitted modes.
    type Output: Modes;
    /// The coordinates reached.
    type Reach;
}
/// `rs == 1`: stop; only the final emission is left.
impl<L: LastMode, RS, RD, E> StepOne<L, RS, RD, E> for B1
where
    L::Output: Walk<RS, RD, E>,
{
    type Output = <L::Output as Walk<RS, RD, E>>::Output;
    type Reach = HNil;
}
/// `rs != 1`: does B's stride step over this mode?
impl<CS, CD, T, RS, RD, E> StepOne<HCons<M<CS, CD>, T>, RS, RD, E> for B0
where
    CS: Leaf,
    RD: TriGe<CS>,
    Ge<RD, CS>: StepGe<HCons<M<CS, CD>, T>, RS, RD, E>,
{
    type Output = <Ge<RD, CS> as StepGe<HCons<M<CS, CD>, T>, RS, RD, E>>::Output;
    type Reach = <Ge<RD, CS> as StepGe<HCons<M<CS, CD>, T>, RS, RD, E>>::Reach;
}

/// `rd >= s_i`.
pub trait StepGe<L, RS, RD, E> {
    /// The emitted modes.
    type Output: Modes;
    /// The coordinates reached.
    type Reach;
}
/// `rd >= s_i`: B steps over whole multiples of this extent, which must
/// divide `rd`; go on with `rd / s_i`.
impl<CS, CD, T, RS, RD, E> StepGe<HCons<M<CS, CD>, T>, RS, RD, E> for B1
where
    CS: Leaf + cute_core::IntDivides<RD>,
    RD: Leaf + cute_core::IntDiv<CS>,
    <CS as cute_core::IntDivides<RD>>::Output: StrideDivisible<RD, CS>,
    T: Walk<RS, DivOf<RD, CS>, E>,
{
    type Output = <T as Walk<RS, DivOf<RD, CS>, E>>::Output;
    type Reach = HCons<U0, <T as Walk<RS, DivOf<RD, CS>, E>>::Reach>;
}
/// `rd < s_i`: do B's remaining points all lie within this mode?
impl<CS, CD, T, RS, RD, E> StepGe<HCons<M<CS, CD>, T>, RS, RD, E> for B0
where
    CS: Leaf,
    RS: Sub<U1>,
    <RS as Sub<U1>>::Output: Mul<RD>,
    <<RS as Sub<U1>>::Output as Mul<RD>>::Output: TriLt<CS>,
    Lt<<<RS as Sub<U1>>::Output as Mul<RD>>::Output, CS>: StepLt<HCons<M<CS, CD>, T>, RS, RD, E>,
{
    type Output = <Lt<<<RS as Sub<U1>>::Output as Mul<RD>>::Output, CS> as StepLt<
        HCons<M<CS, CD>, T>,
        RS,
        RD,
        E,
    >>::Output;
    type Reach = <Lt<<<RS as Sub<U1>>::Output as Mul<RD>>::Output, CS> as StepLt<
        HCons<M<CS, CD>, T>,
        RS,
        RD,
        E,
    >>::Reach;
}

/// `(rs - 1) * rd < s_i`.
pub trait StepLt<L, RS, RD, E> {
    /// The emitted modes.
    type Output: Modes;
    /// The coordinates reached.
    type Reach;
}
/// All of B's remaining points lie within this mode: emit `rs:(d_i * rd)`,
/// and the walk is done; they reach `(rs - 1) * rd` here.
impl<CS, CD, T, RS, RD, E> StepLt<HCons<M<CS, CD>, T>, RS, RD, E> for B1
where
    CD: Mul<RD>,
    <CD as Mul<RD>>::Output: Leaf,
    RS: Leaf + Sub<U1>,
    <RS as Sub<U1>>::Output: Mul<RD>,
{
    type Output = HCons<M<RS, <CD as Mul<RD>>::Output>, HNil>;
    type Reach = HCons<<<RS as Sub<U1>>::Output as Mul<RD>>::Output, HNil>;
}
/// B spans past this mode: `rd` must divide `s_i`, and `a = s_i / rd` must
/// divide `rs`; emit `a:(d_i * rd)` (reaching `(a - 1) * rd`) and go on
/// with `(rs / a, 1)`.
impl<CS, CD, T, RS, RD, E> StepLt<HCons<M<CS, CD>, T>, RS, RD, E> for B0
where
    CS: Leaf + cute_core::IntDiv<RD>,
    CD: Mul<RD>,
    <CD as Mul<RD>>::Output: Leaf,
    RD: Leaf + cute_core::IntDivides<CS>,
    <RD as cute_core::IntDivides<CS>>::Output: StrideDivisible<RD, CS>,
    DivOf<CS, RD>: Leaf + cute_core::IntDivides<RS> + Sub<U1>,
    <DivOf<CS, RD> as Sub<U1>>::Output: Mul<RD>,
    <DivOf<CS, RD> as cute_core::IntDivides<RS>>::Output: ShapeDivisible<RS, DivOf<CS, RD>>,
    RS: Leaf + cute_core::IntDiv<DivOf<CS, RD>>,
    T: Walk<DivOf<RS, DivOf<CS, RD>>, U1, B1>,
{
    type Output = HCons<
        M<DivOf<CS, RD>, <CD as Mul<RD>>::Output>,
        <T as Walk<DivOf<RS, DivOf<CS, RD>>, U1, B1>>::Output,
    >;
    type Reach = HCons<
        <<DivOf<CS, RD> as Sub<U1>>::Output as Mul<RD>>::Output,
        <T as Walk<DivOf<RS, DivOf<CS, RD>>, U1, B1>>::Reach,
    >;
}

/// The last mode of a list, as a one-mode list.
pub trait LastMode: Modes {
    /// `(last,)`.
    type Output: Modes;
}
impl<S: Leaf, D: Leaf> LastMode for HCons<M<S, D>, HNil> {
    type Output = Self;
}
impl<S: Leaf, D: Leaf, M2, T2> LastMode for HCons<M<S, D>, HCons<M2, T2>>
where
    HCons<M2, T2>: LastMode,
{
    type Output = <HCons<M2, T2> as LastMode>::Output;
}

// ------------------------------------------------------------------ a leaf of B

/// `A o s:d` for a leaf `s:d` of B, A given by its coalesced flat modes
/// `Self`: the modes of the result and the coordinates the leaf reaches.
pub trait ComposeLeaf<S, D>: Modes {
    /// The modes.
    type Output: Modes;
    /// The coordinates reached.
    type Reach;
}
impl<AF: Modes, S: KnownOne, D: Leaf> ComposeLeaf<S, D> for AF
where
    IsOne<S>: LeafOne<AF, S, D>,
{
    type Output = <IsOne<S> as LeafOne<AF, S, D>>::Output;
    type Reach = <IsOne<S> as LeafOne<AF, S, D>>::Reach;
}

/// `s == 1`?
pub trait LeafOne<AF, S, D> {
    /// The modes.
    type Output: Modes;
    /// The coordinates reached.
    type Reach;
}
/// `A o 1:d = 1:A(d)`; a single point reaches nothing.
impl<AF: EvalExt<D>, S, D: Leaf> LeafOne<AF, S, D> for B1 {
    type Output = HCons<M<U1, AF::Output>, HNil>;
    type Reach = HNil;
}
/// `s != 1`: is `d` zero?
impl<AF: Modes, S: Leaf, D: KnownZero> LeafOne<AF, S, D> for B0
where
    IsZero<D>: LeafZero<AF, S, D>,
{
    type Output = <IsZero<D> as LeafZero<AF, S, D>>::Output;
    type Reach = <IsZero<D> as LeafZero<AF, S, D>>::Reach;
}

/// `d == 0`?
pub trait LeafZero<AF, S, D> {
    /// The modes.
    type Output: Modes;
    /// The coordinates reached.
    type Reach;
}
/// `A o s:0 = s:0`, which reaches nothing.
impl<AF, S: Leaf, D> LeafZero<AF, S, D> for B1 {
    type Output = HCons<M<S, U0>, HNil>;
    type Reach = HNil;
}
/// The walk.
impl<AF, S: Leaf, D: Leaf> LeafZero<AF, S, D> for B0
where
    AF: Walk<S, D, B0>,
{
    type Output = <AF as Walk<S, D, B0>>::Output;
    type Reach = <AF as Walk<S, D, B0>>::Reach;
}

// ------------------------------------------------------------------ reaches

/// The sum, mode by mode, of two lists of coordinates reached (a missing
/// entry is 0).
pub trait AddReach<R> {
    /// The sum.
    type Output;
}
impl<R> AddReach<R> for HNil {
    type Output = R;
}
impl<H, T> AddReach<HNil> for HCons<H, T> {
    type Output = Self;
}
impl<H: Add<H2>, T: AddReach<T2>, H2, T2> AddReach<HCons<H2, T2>> for HCons<H, T> {
    type Output = HCons<<H as Add<H2>>::Output, <T as AddReach<T2>>::Output>;
}
/// `a + b` of two lists of coordinates reached.
pub type ReachSum<A, B> = <A as AddReach<B>>::Output;

/// The carry condition: the coordinates `R` B's leaves reach in each mode
/// of A's flat modes `Self` but the last are below its extent.
pub trait CarryFree<R>: Modes {}
impl<L: Modes> CarryFree<HNil> for L {}
impl<S, D, T, RH, RT> CarryFree<HCons<RH, RT>> for HCons<M<S, D>, T>
where
    Self: Modes,
    T: CarryFree<RT>,
    RH: IsLess<S>,
    <RH as IsLess<S>>::Output: NoCarry<RH, S>,
{
}

// ------------------------------------------------------------------ B's nesting

/// `A o B` for the layout `SB:DB` (B's nesting kept), A given by its
/// coalesced flat modes `Self`: the result, and the coordinates B's leaves
/// reach together in each mode of A.
pub trait ComposeTree<SB, DB>: Modes {
    /// The result's shape.
    type Shape: HTuple;
    /// The result's stride.
    type Stride: HTuple;
    /// The coordinates reached.
    type Reach;
    /// The result (static: the types' only values).
    #[inline(always)]
    fn compose_tree(&self, _: &SB, _: &DB) -> Result<(Self::Shape, Self::Stride)> {
        Ok(Default::default())
    }
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
            type Reach = <AF as ComposeLeaf<$t, DB>>::Reach;
        }
    };
}
compose_tree_leaf!([] UTerm);
compose_tree_leaf!([U: Unsigned, B: Bit,] UInt<U, B>);
/// `A o (():()) = ():()`.
impl<AF: Modes> ComposeTree<HNil, HNil> for AF {
    type Shape = HNil;
    type Stride = HNil;
    type Reach = HNil;
}
/// `A o (b, bs...) = (A o b, A o (bs...)...)`.
impl<AF: Modes, SH, ST, DH, DT> ComposeTree<HCons<SH, ST>, HCons<DH, DT>> for AF
where
    AF: ComposeTree<SH, DH> + ComposeTree<ST, DT>,
    <AF as ComposeTree<ST, DT>>::Shape: crate::htuple::Tuple,
    <AF as ComposeTree<ST, DT>>::Stride: crate::htuple::Tuple,
    <AF as ComposeTree<SH, DH>>::Reach: AddReach<<AF as ComposeTree<ST, DT>>::Reach>,
{
    type Shape = HCons<<AF as ComposeTree<SH, DH>>::Shape, <AF as ComposeTree<ST, DT>>::Shape>;
    type Stride = HCons<<AF as ComposeTree<SH, DH>>::Stride, <AF as ComposeTree<ST, DT>>::Stride>;
    type Reach = ReachSum<<AF as ComposeTree<SH, DH>>::Reach, <AF as ComposeTree<ST, DT>>::Reach>;
}

/// A's flat modes as composition sees them: coalesced, a trailing extent-1
/// mode kept.
pub type Lhs<S, D> = CoalescedModes<ModesOf<S, D>, B1>;

/// The coalesced flat modes of `S:D`, for composition (static: the types'
/// only values).
#[inline(always)]
pub fn lhs_modes<S, D>(_: &S, _: &D) -> Result<Lhs<S, D>>
where
    S: ToModes<D>,
    ModesOf<S, D>: Coal<HNil, B1>,
{
    Ok(Default::default())
}
