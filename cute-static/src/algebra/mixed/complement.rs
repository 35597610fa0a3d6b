//! CuTe C++'s complement, for a layout or a cotarget with a dynamic leaf.
//!
//! ```text
//! F = coalesce(A with the extent of each static-0-stride mode set to _1)
//! F a single mode of static stride 0:  make_layout(coalesce(cotarget))
//! otherwise, F's modes sorted by stride (the first of equal ones first),
//!   s_k:d_k, with c_0 = _1 and c_(k+1) = d_k * s_k:
//!   coalesce(((d_0 / c_0, ..., d_(R-1) / c_(R-1)), rest)
//!          : ((c_0, ..., c_(R-1)), compact_col_major(rest, c_R)))
//!   where rest = coalesce(ceil_div(cotarget, c_R)), the free cotarget is
//!   cosize(F), and coalesce of a shape multiplies neighbouring leaves that
//!   are both static or both dynamic.
//! ```
//!
//! The sort is done by the compiler, so CuTe C++ needs static strides
//! (but for a single mode); this crate sorts a layout of several modes with
//! a dynamic stride at run time, its result all dynamic leaves. The modes
//! must not overlap, which is checked on the values; a dynamic stride 0
//! (which CuTe C++ does not leave out) is refused.

use cute_core::{IntAdd, IntCeilDiv, IntDiv, IntMul, IntSub, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, IsLess, UInt, UTerm, Unsigned, B0, B1, U0, U1};

use super::super::detail::IsNil;
use super::super::detail::{
    one, v, AddOf, Append, Appended, CeilDivOf, DivOf, FromModes, Ge, IsOne, IsZero, KnownOne,
    KnownZero, Modes, ModesOf, MulOf, ToModes, TriGe, M,
};
use super::arith::{AbsOf, AbsSign, If, SameStaticness};
use super::check::{self, Flat};
use super::coalesce::BwCoalesce;
use crate::htuple::{Concat, Concatenated, Flatten, Flattened, HTuple, Leaf, StaticBit, Tuple};

pub(crate) const OP: &str = "complement";

// ------------------------------------------------------------------ filter

/// The modes with the extent of each static-0-stride mode set to `_1`
/// (CuTe C++'s `filter_zeros`).
pub trait FilterZeros: Modes {
    /// The modes.
    type Output: Modes;
    /// The modes.
    fn filter_zeros(&self) -> Self::Output;
}
impl FilterZeros for HNil {
    type Output = HNil;
    #[inline(always)]
    fn filter_zeros(&self) -> HNil {
        HNil
    }
}
impl<S: Leaf, D: KnownZero, T: FilterZeros> FilterZeros for HCons<M<S, D>, T>
where
    If<IsZero<D>, U1, S>: Leaf,
{
    type Output = HCons<M<If<IsZero<D>, U1, S>, D>, T::Output>;
    #[inline]
    fn filter_zeros(&self) -> Self::Output {
        let s = if <IsZero<D> as Bit>::BOOL {
            1
        } else {
            v(&self.head.s)
        };
        HCons {
            head: M {
                s: Leaf::from_i64(s),
                d: self.head.d,
            },
            tail: self.tail.filter_zeros(),
        }
    }
}

/// A's modes as CuTe C++'s complement sees them (`filter(A)`).
pub type Filtered<S, D> = <<ModesOf<S, D> as FilterZeros>::Output as BwCoalesce<B0>>::Output;

// ------------------------------------------------------------------ shapes

/// The leaves of a shape, multiplied where neighbours are both static or
/// both dynamic (CuTe C++'s `coalesce` of a shape): a leaf if one is left,
/// else a flat tuple.
pub trait CoalShape: Tuple {
    /// The shape.
    type Output: HTuple;
    /// The shape.
    fn coal_shape(&self) -> Result<Self::Output>;
}
impl<X: Leaf, T: CoalFrom<X, HNil>> CoalShape for HCons<X, T> {
    type Output = T::Output;
    #[inline]
    fn coal_shape(&self) -> Result<Self::Output> {
        self.tail.coal_from(self.head, HNil)
    }
}

/// The leaves `Self` after the current leaf `X` and the leaves `Done`.
pub trait CoalFrom<X, Done>: Tuple {
    /// The shape.
    type Output: HTuple;
    /// The shape.
    fn coal_from(&self, x: X, done: Done) -> Result<Self::Output>;
}
impl<X: Leaf> CoalFrom<X, HNil> for HNil {
    type Output = X;
    #[inline(always)]
    fn coal_from(&self, x: X, _: HNil) -> Result<X> {
        Ok(x)
    }
}
impl<X: Leaf, DH: HTuple, DT: Tuple> CoalFrom<X, HCons<DH, DT>> for HNil
where
    HCons<DH, DT>: Concat<HCons<X, HNil>>,
{
    type Output = Concatenated<HCons<DH, DT>, HCons<X, HNil>>;
    #[inline(always)]
    fn coal_from(&self, x: X, done: HCons<DH, DT>) -> Result<Self::Output> {
        Ok(done.concat(one(x)))
    }
}
impl<X: Leaf, Y: Leaf, T: Tuple, Done> CoalFrom<X, Done> for HCons<Y, T>
where
    SameStaticness<X, Y>: CoalStep<X, Y, T, Done>,
{
    type Output = <SameStaticness<X, Y> as CoalStep<X, Y, T, Done>>::Output;
    #[inline]
    fn coal_from(&self, x: X, done: Done) -> Result<Self::Output> {
        <SameStaticness<X, Y>>::step(x, self.head, &self.tail, done)
    }
}

/// Multiply `y` into `x` (`B1`) or start a new leaf (`B0`).
pub trait CoalStep<X, Y, T, Done> {
    /// The shape.
    type Output: HTuple;
    /// The shape.
    fn step(x: X, y: Y, t: &T, done: Done) -> Result<Self::Output>;
}
impl<X: IntMul<Y>, Y, T: CoalFrom<MulOf<X, Y>, Done>, Done> CoalStep<X, Y, T, Done> for B1 {
    type Output = T::Output;
    #[inline]
    fn step(x: X, y: Y, t: &T, done: Done) -> Result<Self::Output> {
        t.coal_from(x.int_mul(&y).map_err(|e| e.in_op(OP))?, done)
    }
}
impl<X: HTuple, Y, T, Done: Concat<HCons<X, HNil>>> CoalStep<X, Y, T, Done> for B0
where
    T: CoalFrom<Y, Concatenated<Done, HCons<X, HNil>>>,
{
    type Output = T::Output;
    #[inline]
    fn step(x: X, y: Y, t: &T, done: Done) -> Result<Self::Output> {
        t.coal_from(y, done.concat(one(x)))
    }
}

/// `ceil_div` of a flat shape by an integer, CuTe C++'s way: each extent
/// divided by what is left of `b`, `ceil_div((a, as...), b) =
/// (ceil(a / b), ceil_div((as...), ceil(b / a))...)`.
pub trait CeilDivList<B>: Tuple {
    /// The quotients.
    type Output: Tuple;
    /// The quotients.
    fn ceil_div_list(&self, b: B) -> Result<Self::Output>;
}
impl<B> CeilDivList<B> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn ceil_div_list(&self, _: B) -> Result<HNil> {
        Ok(HNil)
    }
}
impl<A, T, B> CeilDivList<B> for HCons<A, T>
where
    A: Leaf + IntCeilDiv<B>,
    B: Leaf + IntCeilDiv<A>,
    CeilDivOf<A, B>: Leaf,
    T: CeilDivList<CeilDivOf<B, A>>,
{
    type Output = HCons<CeilDivOf<A, B>, T::Output>;
    #[inline]
    fn ceil_div_list(&self, b: B) -> Result<Self::Output> {
        if v(&self.head) <= 0 {
            return Err(cute_core::Error::value(
                OP,
                "an extent of the cotarget is not positive",
            ));
        }
        let q = self.head.int_ceil_div(&b).map_err(|e| e.in_op(OP))?;
        let r = b.int_ceil_div(&self.head).map_err(|e| e.in_op(OP))?;
        Ok(HCons {
            head: q,
            tail: self.tail.ceil_div_list(r)?,
        })
    }
}

/// The compact column-major stride of a leaf or flat shape from `cur`
/// (CuTe C++'s `compact_major<LayoutLeft>`): a static extent 1 gets the
/// stride `_0`.
pub trait CompactCol<Cur>: HTuple {
    /// The stride.
    type Output: HTuple;
    /// The stride.
    fn compact(&self, cur: Cur) -> Result<Self::Output>;
}
/// A dynamic leaf: `cur`.
impl<Cur: Leaf> CompactCol<Cur> for i64 {
    type Output = Cur;
    #[inline(always)]
    fn compact(&self, cur: Cur) -> Result<Cur> {
        Ok(cur)
    }
}
/// The static 0 (not an extent; for completeness): `cur`.
impl<Cur: Leaf> CompactCol<Cur> for UTerm {
    type Output = Cur;
    #[inline(always)]
    fn compact(&self, cur: Cur) -> Result<Cur> {
        Ok(cur)
    }
}
/// A static leaf: `_0` for the static 1, else `cur`.
impl<U: Unsigned, B: Bit, Cur: Leaf> CompactCol<Cur> for UInt<U, B>
where
    UInt<U, B>: KnownOne,
    If<IsOne<UInt<U, B>>, U0, Cur>: Leaf,
{
    type Output = If<IsOne<UInt<U, B>>, U0, Cur>;
    #[inline]
    fn compact(&self, cur: Cur) -> Result<Self::Output> {
        Ok(Leaf::from_i64(if <IsOne<UInt<U, B>> as Bit>::BOOL {
            0
        } else {
            v(&cur)
        }))
    }
}
impl<Cur> CompactCol<Cur> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn compact(&self, _: Cur) -> Result<HNil> {
        Ok(HNil)
    }
}
impl<H, T, Cur> CompactCol<Cur> for HCons<H, T>
where
    H: Leaf + CompactCol<Cur>,
    Cur: Leaf + IntMul<H>,
    T: Tuple + CompactCol<MulOf<Cur, H>>,
    <T as CompactCol<MulOf<Cur, H>>>::Output: Tuple,
{
    type Output = HCons<H::Output, <T as CompactCol<MulOf<Cur, H>>>::Output>;
    #[inline]
    fn compact(&self, cur: Cur) -> Result<Self::Output> {
        let next = cur.int_mul(&self.head).map_err(|e| e.in_op(OP))?;
        Ok(HCons {
            head: self.head.compact(cur)?,
            tail: self.tail.compact(next)?,
        })
    }
}

// ------------------------------------------------------------------ cosize

/// CuTe C++'s `cosize` of flat modes: `sum((s - 1) * |d|) + 1`, static
/// where its terms are (a term with a static factor 0 is a static 0).
pub trait CoSize<Acc>: Modes {
    /// The cosize.
    type Output: Leaf;
    /// The cosize.
    fn cosize(&self, acc: Acc) -> Result<Self::Output>;
}
impl<Acc: Leaf + IntAdd<U1>> CoSize<Acc> for HNil
where
    AddOf<Acc, U1>: Leaf,
{
    type Output = AddOf<Acc, U1>;
    #[inline]
    fn cosize(&self, acc: Acc) -> Result<Self::Output> {
        acc.int_add(&U1::new()).map_err(|e| e.in_op(OP))
    }
}
/// `(s - 1) * |d|`.
type Term<S, D> = MulOf<<S as IntSub<U1>>::Output, AbsOf<D>>;
impl<S, D, T, Acc> CoSize<Acc> for HCons<M<S, D>, T>
where
    S: Leaf + IntSub<U1>,
    D: AbsSign,
    <S as IntSub<U1>>::Output: IntMul<AbsOf<D>>,
    Acc: Leaf + IntAdd<Term<S, D>>,
    T: CoSize<AddOf<Acc, Term<S, D>>>,
{
    type Output = <T as CoSize<AddOf<Acc, Term<S, D>>>>::Output;
    #[inline]
    fn cosize(&self, acc: Acc) -> Result<Self::Output> {
        let (a, _) = self.head.d.abs_sign()?;
        let t = self
            .head
            .s
            .int_sub(&U1::new())
            .and_then(|x| x.int_mul(&a))
            .and_then(|t| acc.int_add(&t))
            .map_err(|e| e.in_op(OP))?;
        self.tail.cosize(t)
    }
}

// ------------------------------------------------------------------ the sort

/// `B1` iff every stride is static.
pub trait StaticStrides: Modes {
    /// The answer.
    type Output: StaticBit;
}
impl StaticStrides for HNil {
    type Output = B1;
}
impl<S: Leaf, D: Leaf, T: StaticStrides> StaticStrides for HCons<M<S, D>, T> {
    type Output = <D::AllStatic as StaticBit>::And<T::Output>;
}

/// The modes sorted by static stride, the first of equal ones first.
pub trait SortByStride: Modes {
    /// The sorted modes.
    type Output: Modes;
    /// The sorted modes.
    fn sort(&self) -> Self::Output;
}
impl SortByStride for HNil {
    type Output = HNil;
    #[inline(always)]
    fn sort(&self) -> HNil {
        HNil
    }
}
impl<S: Leaf, D: Leaf, T: SortByStride> SortByStride for HCons<M<S, D>, T>
where
    T::Output: Insert<S, D>,
{
    type Output = <T::Output as Insert<S, D>>::Output;
    #[inline]
    fn sort(&self) -> Self::Output {
        self.tail.sort().insert(self.head)
    }
}

/// Inserts `s:d` into the sorted list `Self`, before the first mode of a
/// larger stride (so a mode comes before the later ones of equal stride:
/// the list is sorted from the right, each mode inserted before the ones
/// after it in A).
pub trait Insert<S, D>: Modes {
    /// The sorted list.
    type Output: Modes;
    /// The sorted list.
    fn insert(self, m: M<S, D>) -> Self::Output;
}
impl<S: Leaf, D: Leaf> Insert<S, D> for HNil {
    type Output = HCons<M<S, D>, HNil>;
    #[inline(always)]
    fn insert(self, m: M<S, D>) -> Self::Output {
        one(m)
    }
}
impl<S, D, HS, HD, T> Insert<S, D> for HCons<M<HS, HD>, T>
where
    S: Leaf,
    D: Leaf,
    HS: Leaf,
    HD: Leaf + IsLess<D>,
    T: Modes,
    <HD as IsLess<D>>::Output: InsertAt<S, D, HS, HD, T>,
{
    type Output = <<HD as IsLess<D>>::Output as InsertAt<S, D, HS, HD, T>>::Output;
    #[inline(always)]
    fn insert(self, m: M<S, D>) -> Self::Output {
        <<HD as IsLess<D>>::Output>::insert_at(m, self)
    }
}
/// `B1`: the head's stride is smaller, go past it; `B0`: insert here.
pub trait InsertAt<S, D, HS, HD, T> {
    /// The sorted list.
    type Output: Modes;
    /// The sorted list.
    fn insert_at(m: M<S, D>, l: HCons<M<HS, HD>, T>) -> Self::Output;
}
impl<S: Leaf, D: Leaf, HS: Leaf, HD: Leaf, T: Modes> InsertAt<S, D, HS, HD, T> for B0 {
    type Output = HCons<M<S, D>, HCons<M<HS, HD>, T>>;
    #[inline(always)]
    fn insert_at(m: M<S, D>, l: HCons<M<HS, HD>, T>) -> Self::Output {
        HCons { head: m, tail: l }
    }
}
impl<S, D, HS: Leaf, HD: Leaf, T: Insert<S, D>> InsertAt<S, D, HS, HD, T> for B1 {
    type Output = HCons<M<HS, HD>, T::Output>;
    #[inline(always)]
    fn insert_at(m: M<S, D>, l: HCons<M<HS, HD>, T>) -> Self::Output {
        HCons {
            head: l.head,
            tail: l.tail.insert(m),
        }
    }
}

// ------------------------------------------------------------------ the chain

/// A complement's modes must not overlap: where a stride and the extent
/// the smaller strides cover are both static, that is a trait bound (as in
/// CuTe C++); where either is dynamic, it is checked on the values.
#[diagnostic::on_unimplemented(
    message = "CuTe complement: the layout's modes overlap (its strides are not injective), so it has no complement",
    label = "a mode of stride `{D}` starts inside the `{C}` offsets the smaller strides cover",
    note = "sorted by stride d_0 <= d_1 <= ..., complement(A) needs d_k >= d_(k-1) * s_(k-1)"
)]
pub trait NotOverlapping<D, C> {}
impl<D, C> NotOverlapping<D, C> for B1 {}
impl<D, C> NotOverlapping<D, C> for super::super::detail::Unknown {}

/// The sorted modes' gaps: `(d_k / c_k) : c_k`, `c_(k+1) = d_k * s_k`.
pub trait Chain<Cur>: Modes {
    /// The gaps.
    type Output: Modes;
    /// `c_R`, the extent the modes cover.
    type Last: Leaf;
    /// The gaps and `c_R`.
    fn chain(&self, cur: Cur) -> Result<(Self::Output, Self::Last)>;
}
impl<Cur: Leaf> Chain<Cur> for HNil {
    type Output = HNil;
    type Last = Cur;
    #[inline(always)]
    fn chain(&self, cur: Cur) -> Result<(HNil, Cur)> {
        Ok((HNil, cur))
    }
}
impl<S, D, T, Cur> Chain<Cur> for HCons<M<S, D>, T>
where
    S: Leaf,
    D: Leaf + IntDiv<Cur> + IntMul<S> + TriGe<Cur>,
    Ge<D, Cur>: NotOverlapping<D, Cur>,
    Cur: Leaf,
    DivOf<D, Cur>: Leaf,
    MulOf<D, S>: Leaf,
    T: Chain<MulOf<D, S>>,
{
    type Output = HCons<M<DivOf<D, Cur>, Cur>, T::Output>;
    type Last = T::Last;
    #[inline]
    fn chain(&self, cur: Cur) -> Result<(Self::Output, Self::Last)> {
        let (s, d) = (self.head.s, self.head.d);
        // an overlap makes this 0, refused by the check before the result
        // is returned
        let gap = d.int_div(&cur).map_err(|e| e.in_op(OP))?;
        let next = d.int_mul(&s).map_err(|e| e.in_op(OP))?;
        let (rest, last) = self.tail.chain(next)?;
        Ok((
            HCons {
                head: M { s: gap, d: cur },
                tail: rest,
            },
            last,
        ))
    }
}

// ------------------------------------------------------------------ cotargets

/// What a complement reaches: `()` (the free complement, up to the
/// filtered layout's cosize) or a shape.
pub trait Cotarget<F: Modes> {
    /// The cotarget's leaves.
    type Leaves: Tuple;
    /// The cotarget's leaves.
    fn leaves(&self, f: &F) -> Result<Self::Leaves>;
}
impl<F: CoSize<U0>> Cotarget<F> for () {
    type Leaves = HCons<<F as CoSize<U0>>::Output, HNil>;
    #[inline]
    fn leaves(&self, f: &F) -> Result<Self::Leaves> {
        Ok(one(f.cosize(U0::new())?))
    }
}
impl<F: Modes, E: HTuple + Flatten> Cotarget<F> for E {
    type Leaves = Flattened<E>;
    #[inline]
    fn leaves(&self, _: &F) -> Result<Self::Leaves> {
        Ok(self.flatten())
    }
}

// ------------------------------------------------------------------ the complement

/// The complement of the filtered modes `Self` (`F`) up to the cotarget
/// `N`.
pub trait ComplementF<N>: Modes {
    /// The result's shape.
    type Shape: HTuple;
    /// The result's stride.
    type Stride: HTuple;
    /// The result.
    fn complement_f(&self, n: &N) -> Result<(Self::Shape, Self::Stride)>;
}

/// Which way: a single mode of static stride 0, the compiler's sort, or a
/// sort at run time.
pub trait Way<F, N> {
    /// The result's shape.
    type Shape: HTuple;
    /// The result's stride.
    type Stride: HTuple;
    /// The result.
    fn way(f: &F, n: &N) -> Result<(Self::Shape, Self::Stride)>;
}
/// A single mode of static stride 0: `make_layout(coalesce(cotarget))`.
pub struct ZeroWay;
/// The sort by the compiler.
pub struct SortWay;
/// The sort at run time: all leaves dynamic.
pub struct RunWay;

/// The way, from `Self` (`F` is a single mode), `Z` (its stride is a static
/// 0) and `St` (every stride is static).
pub trait ChooseWay<Z, St> {
    /// [`ZeroWay`], [`SortWay`] or [`RunWay`].
    type Output;
}
impl<St> ChooseWay<B1, St> for B1 {
    type Output = ZeroWay;
}
impl<St> ChooseWay<B0, St> for B1 {
    type Output = SortWay;
}
impl<Z> ChooseWay<Z, B1> for B0 {
    type Output = SortWay;
}
impl<Z> ChooseWay<Z, B0> for B0 {
    type Output = RunWay;
}

impl<S, D, T, N> ComplementF<N> for HCons<M<S, D>, T>
where
    S: Leaf,
    D: KnownZero,
    T: IsNil,
    Self: StaticStrides,
    <T as IsNil>::Output: ChooseWay<
        <<T as IsNil>::Output as StaticBit>::And<IsZero<D>>,
        <Self as StaticStrides>::Output,
    >,
    <<T as IsNil>::Output as ChooseWay<
        <<T as IsNil>::Output as StaticBit>::And<IsZero<D>>,
        <Self as StaticStrides>::Output,
    >>::Output: Way<Self, N>,
{
    type Shape = <<<T as IsNil>::Output as ChooseWay<
        <<T as IsNil>::Output as StaticBit>::And<IsZero<D>>,
        <Self as StaticStrides>::Output,
    >>::Output as Way<Self, N>>::Shape;
    type Stride = <<<T as IsNil>::Output as ChooseWay<
        <<T as IsNil>::Output as StaticBit>::And<IsZero<D>>,
        <Self as StaticStrides>::Output,
    >>::Output as Way<Self, N>>::Stride;
    #[inline]
    fn complement_f(&self, n: &N) -> Result<(Self::Shape, Self::Stride)> {
        <<<T as IsNil>::Output as ChooseWay<
            <<T as IsNil>::Output as StaticBit>::And<IsZero<D>>,
            <Self as StaticStrides>::Output,
        >>::Output as Way<Self, N>>::way(self, n)
    }
}

impl<F: Modes, N: Cotarget<F>> Way<F, N> for ZeroWay
where
    N::Leaves: CoalShape,
    <N::Leaves as CoalShape>::Output: CompactCol<U1>,
{
    type Shape = <N::Leaves as CoalShape>::Output;
    type Stride = <<N::Leaves as CoalShape>::Output as CompactCol<U1>>::Output;
    #[inline]
    fn way(f: &F, n: &N) -> Result<(Self::Shape, Self::Stride)> {
        let s = n.leaves(f)?.coal_shape()?;
        let d = s.compact(U1::new())?;
        Ok((s, d))
    }
}

/// The rest's shape: `coalesce(ceil_div(cotarget, c_R))`.
type RestShape<F, N, Last> =
    <<<N as Cotarget<F>>::Leaves as CeilDivList<Last>>::Output as CoalShape>::Output;
/// The gaps and the rest, as modes.
type AllModes<F, N> = Appended<
    <<F as SortByStride>::Output as Chain<U1>>::Output,
    ModesOf<
        RestShape<F, N, <<F as SortByStride>::Output as Chain<U1>>::Last>,
        <RestShape<F, N, <<F as SortByStride>::Output as Chain<U1>>::Last> as CompactCol<
            <<F as SortByStride>::Output as Chain<U1>>::Last,
        >>::Output,
    >,
>;

impl<F, N> Way<F, N> for SortWay
where
    F: Modes + SortByStride,
    N: Cotarget<F>,
    F::Output: Chain<U1>,
    N::Leaves: CeilDivList<<F::Output as Chain<U1>>::Last>,
    <N::Leaves as CeilDivList<<F::Output as Chain<U1>>::Last>>::Output: CoalShape,
    RestShape<F, N, <F::Output as Chain<U1>>::Last>: CompactCol<<F::Output as Chain<U1>>::Last>
        + ToModes<
            <RestShape<F, N, <F::Output as Chain<U1>>::Last> as CompactCol<
                <F::Output as Chain<U1>>::Last,
            >>::Output,
        >,
    <F::Output as Chain<U1>>::Output: Append<
        ModesOf<
            RestShape<F, N, <F::Output as Chain<U1>>::Last>,
            <RestShape<F, N, <F::Output as Chain<U1>>::Last> as CompactCol<
                <F::Output as Chain<U1>>::Last,
            >>::Output,
        >,
    >,
    AllModes<F, N>: BwCoalesce<B0>,
    <AllModes<F, N> as BwCoalesce<B0>>::Output: FromModes,
{
    type Shape = <<AllModes<F, N> as BwCoalesce<B0>>::Output as FromModes>::Shape;
    type Stride = <<AllModes<F, N> as BwCoalesce<B0>>::Output as FromModes>::Stride;
    #[inline]
    fn way(f: &F, n: &N) -> Result<(Self::Shape, Self::Stride)> {
        let sorted = f.sort();
        let mut modes = Flat::new();
        modes.fill_modes(OP, &sorted)?;
        check::complement(OP, modes.as_slice())?;
        let cot = n.leaves(f)?;
        let (gaps, last) = sorted.chain(U1::new())?;
        let rest = cot.ceil_div_list(last)?.coal_shape()?;
        let rest_d = rest.compact(last)?;
        let all = gaps.append(rest.to_modes(&rest_d));
        Ok(all.bw_coalesce()?.parts())
    }
}

/// One dynamic mode per mode of `Self`, and one more.
pub trait DynModes: Modes {
    /// The modes.
    type Output: Modes;
    /// The modes, from their values.
    fn from_values(m: &[(i64, i64)]) -> Self::Output;
}
impl DynModes for HNil {
    type Output = HCons<M<i64, i64>, HNil>;
    #[inline]
    fn from_values(m: &[(i64, i64)]) -> Self::Output {
        let (s, d) = m.first().copied().unwrap_or((1, 0));
        one(M { s, d })
    }
}
impl<H, T: DynModes> DynModes for HCons<H, T>
where
    HCons<H, T>: Modes,
{
    type Output = HCons<M<i64, i64>, T::Output>;
    #[inline]
    fn from_values(m: &[(i64, i64)]) -> Self::Output {
        let (s, d) = m.first().copied().unwrap_or((1, 0));
        HCons {
            head: M { s, d },
            tail: T::from_values(m.get(1..).unwrap_or(&[])),
        }
    }
}

impl<F, N> Way<F, N> for RunWay
where
    F: Modes + DynModes,
    N: Cotarget<F>,
    N::Leaves: Tuple,
    <F as DynModes>::Output: FromModes,
{
    type Shape = <<F as DynModes>::Output as FromModes>::Shape;
    type Stride = <<F as DynModes>::Output as FromModes>::Stride;
    fn way(f: &F, n: &N) -> Result<(Self::Shape, Self::Stride)> {
        let mut modes = Flat::new();
        modes.fill_modes(OP, f)?;
        let sorted = modes.sort_by_stride();
        check::complement(OP, sorted)?;
        let mut out = Flat::new();
        let mut cur: i64 = 1;
        for &(s, d) in sorted {
            out.push(OP, d / cur, cur)?;
            cur = d.checked_mul(s).ok_or_else(overflow)?;
        }
        // the rest: the product of ceil_div(cotarget, cur), CuTe C++'s way
        let mut rest: i64 = 1;
        let mut b = cur;
        let mut bad = false;
        n.leaves(f)?.visit(&mut |a, _| {
            if a <= 0 {
                bad = true;
                return;
            }
            rest = rest.saturating_mul((a + b - 1) / b);
            b = (b + a - 1) / a;
        });
        if bad {
            return Err(cute_core::Error::value(
                OP,
                "an extent of the cotarget is not positive",
            ));
        }
        if rest == i64::MAX {
            return Err(overflow());
        }
        out.push(OP, rest, cur)?;
        Ok(<F as DynModes>::from_values(out.as_slice()).parts())
    }
}

#[cold]
fn overflow() -> cute_core::Error {
    cute_core::Error::overflow(OP, "an extent leaves the 64-bit range")
}

/// The shape and stride of `complement(A, n)` (A `S:D`).
pub type ComplementParts<S, D, N> = (
    <Filtered<S, D> as ComplementF<N>>::Shape,
    <Filtered<S, D> as ComplementF<N>>::Stride,
);

/// `complement(A, n)` (A `S:D`) with CuTe C++'s structure.
#[inline]
pub fn complement<S, D, N>(s: &S, d: &D, n: &N) -> Result<ComplementParts<S, D, N>>
where
    S: ToModes<D>,
    ModesOf<S, D>: FilterZeros,
    <ModesOf<S, D> as FilterZeros>::Output: BwCoalesce<B0>,
    Filtered<S, D>: ComplementF<N>,
{
    s.to_modes(d).filter_zeros().bw_coalesce()?.complement_f(n)
}
