//! Complement: the layout of the codomain's holes that a layout leaves. The
//! operation ([`complement`], [`complement_to`]), and the algorithm of
//! static layouts (a layout with a dynamic leaf takes CuTe C++'s, in
//! `mixed`).
//!
//! Sorting A's modes by stride (`d_0 <= d_1 <= ...`, extents `s_k`, modes of
//! extent 1 or stride 0 left out), the complement fills each gap between the
//! running extent `c_k = d_{k-1} * s_{k-1}` (`c_0 = 1`) and the next stride,
//! then repeats the pattern up to the cotarget:
//!
//! ```text
//! complement = coalesce((d_0 / c_0, d_1 / c_1, ..., ceil(cotarget / c_n)) : (c_0, c_1, ..., c_n))
//! ```
//!
//! Without a cotarget the last extent is 1 and the trailing mode is kept:
//! its stride continues the pattern past its end. The modes must not
//! overlap (`d_k >= c_k`): for a static layout that is a trait bound.
//!
//! The sorting is done by the compiler, so the layout this algorithm
//! complements is static; the cotarget may be dynamic (then the last extent is computed at
//! run time), which is what dividing a matrix of run-time extents by a
//! static tile needs.

use cute_core::{IntCeilDiv, IntMul, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, B1, U1};

use super::coalesce::Coal;
use super::detail::{
    mul, v, Append, Appended, CeilDivOf, DivOf, FromModes, KnownOne, KnownZero, Modes, ModesOf,
    MulOf, ToModes, Trivial, M,
};
use super::mixed;
use super::{LayoutStatic, Returns, Unreachable};
use crate::htuple::{HTuple, Leaf, StaticBit, Tuple};
use crate::layout::Layout;

// ------------------------------------------------------------------ the operation

operation!(
    @trait Complement, complement(n: N = ()) -> Complemented,
    "CuTe complement: `{Self}` has no complement up to `{N}`",
    "the cotarget is `()` (free) or a shape: an integer or a tuple of integers"
);

/// The two ways to complement: by the compiler (a static layout) or by the
/// run-time algebra (a layout with a dynamic leaf).
pub trait ComplementPath<S, D, N> {
    /// The result's layout type.
    type Output;
    /// The result.
    fn complement(s: &S, d: &D, n: &N) -> Result<Self::Output>;
}
impl<S: HTuple + ToModes<D>, D: HTuple, N> ComplementPath<S, D, N> for B1
where
    ModesOf<S, D>: ComplementModes<N>,
{
    type Output = Layout<
        <ComplementOf<S, D, N> as FromModes>::Shape,
        <ComplementOf<S, D, N> as FromModes>::Stride,
    >;
    #[inline]
    fn complement(_: &S, _: &D, n: &N) -> Result<Self::Output> {
        let (s, d) = FromModes::parts(&complement_modes::<S, D, N>(n)?);
        Layout::from_algebra(s, d)
    }
}
/// A layout or a cotarget with a dynamic leaf: CuTe C++'s complement.
impl<S, D, N> ComplementPath<S, D, N> for B0
where
    S: HTuple + ToModes<D>,
    D: HTuple,
    ModesOf<S, D>: mixed::complement::FilterZeros,
    <ModesOf<S, D> as mixed::complement::FilterZeros>::Output: mixed::coalesce::BwCoalesce<B0>,
    mixed::complement::Filtered<S, D>: mixed::complement::ComplementF<N>,
{
    type Output = Layout<mixed::ComplementS<S, D, N>, mixed::ComplementD<S, D, N>>;
    #[inline]
    fn complement(s: &S, d: &D, n: &N) -> Result<Self::Output> {
        let (s, d) = mixed::complement::complement(s, d, n)?;
        Layout::from_algebra(s, d)
    }
}

/// A cotarget of [`complement_to`]: `()` (none) or a shape.
pub trait Cotarget: Copy {
    /// `B1` iff static.
    type AllStatic: StaticBit;
}
impl Cotarget for () {
    type AllStatic = B1;
}
impl<E: HTuple> Cotarget for E {
    type AllStatic = E::AllStatic;
}

/// `B1` iff the layout and the cotarget are static.
type ComplementStatic<S, D, N> = <<N as Cotarget>::AllStatic as StaticBit>::And<LayoutStatic<S, D>>;

impl<S: HTuple, D: HTuple, N: Cotarget> Complement<N> for Layout<S, D>
where
    ComplementStatic<S, D, N>: ComplementPath<S, D, N>,
    ComplementStatic<S, D, N>:
        Returns<<ComplementStatic<S, D, N> as ComplementPath<S, D, N>>::Output>,
{
    type Output = <ComplementStatic<S, D, N> as ComplementPath<S, D, N>>::Output;
    type Ret = ret_of!(ComplementStatic<S, D, N>, Self::Output);
    #[inline]
    fn complement(self, n: N) -> Self::Ret {
        <ComplementStatic<S, D, N>>::ret(|| {
            <ComplementStatic<S, D, N>>::complement(self.shape(), self.stride(), &n)
        })
    }
}

/// The free complement of A: the layout of the codomain's holes A leaves
/// (sorted by stride, each gap between the extent covered so far and the
/// next stride becomes a mode), its last mode of extent 1 carrying the
/// stride that continues the pattern.
///
/// # Pre-conditions
/// A's modes do not overlap: sorted by stride, `d_k >= d_(k-1) * s_(k-1)`
/// (for a static layout, a trait bound).
///
/// # Post-conditions
/// - `result(i-1) < result(i)` for `i` in `1..size(result)` (ordered)
/// - `result(i) != A(j)` for `i > 0` (disjoint)
///
/// # Errors
/// For a layout or a cotarget with a dynamic leaf (CuTe C++'s complement:
/// the modes of a layout of several modes are sorted by their static
/// strides, or at run time where a stride is dynamic): `ValueError` if the
/// modes overlap, or if a dynamic stride is 0 (which CuTe C++ does not
/// leave out), or a cotarget extent is not positive.
///
/// # Examples
/// ```
/// use cute_static::{complement, complement_to, layout, shape};
/// assert_eq!(complement(layout!(4 : 2)).to_string(), "(_2,_1):(_1,_8)");
/// assert_eq!(complement(layout!((2, 2) : (1, 6))).to_string(), "(_3,_1):(_2,_12)");
/// assert_eq!(complement_to(layout!(4 : 2), shape!(20)).to_string(), "(_2,_3):(_1,_8)");
/// let n = 24;
/// assert_eq!(complement_to(layout!(4 : 2), shape!({n})).unwrap().to_string(), "(_2,3):(_1,_8)");
/// ```
/// Overlapping modes have no complement:
/// ```compile_fail
/// let _ = cute_static::complement(cute_static::layout!((4, 3) : (3, 2)));
/// ```
#[inline]
pub fn complement<A: Complement<()>>(a: A) -> A::Ret {
    a.complement(())
}

/// The complement of A up to the cotarget `n` (a shape: an integer or a
/// tuple, static or dynamic): the free complement's pattern repeated
/// `size(ceil_div(n, cosize))` times. See [`complement`].
///
/// # Errors
/// As [`complement`]; also `ValueError` for a dynamic cotarget with an
/// extent that is not positive.
#[inline]
pub fn complement_to<A: Complement<N>, N>(a: A, n: N) -> A::Ret {
    a.complement(n)
}

ambiguity_guard!(Complement, complement);

pub(crate) const OP: &str = "complement";

// ------------------------------------------------------------------ rule

/// The modes of a complemented layout must not overlap: sorted by stride,
/// each stride is at least the extent the smaller ones cover.
#[diagnostic::on_unimplemented(
    message = "CuTe complement: the layout's modes overlap (its strides are not injective), so it has no complement",
    label = "a mode of stride `{D}` starts inside the `{C}` offsets the smaller strides cover",
    note = "sorted by stride d_0 <= d_1 <= ..., complement(A) needs d_k >= d_(k-1) * s_(k-1)"
)]
pub trait NonOverlapping<D, C> {}
impl<D, C> NonOverlapping<D, C> for B1 {}

// ------------------------------------------------------------------ filter and sort

/// The modes that matter: extent not 1 and stride not 0.
pub trait Significant: Modes {
    /// The modes kept.
    type Output: Modes;
}
impl Significant for HNil {
    type Output = HNil;
}
impl<S: KnownOne, D: KnownZero, T: Significant> Significant for HCons<M<S, D>, T>
where
    Trivial<S, D>: Keep1<M<S, D>, T::Output>,
{
    type Output = <Trivial<S, D> as Keep1<M<S, D>, T::Output>>::Output;
}
/// Keep `X` in front of `R` (`B0`) or drop it (`B1`).
pub trait Keep1<X, R> {
    /// The list.
    type Output: Modes;
}
impl<X, R: Modes> Keep1<X, R> for B1 {
    type Output = R;
}
impl<S: Leaf, D: Leaf, R: Modes> Keep1<M<S, D>, R> for B0 {
    type Output = HCons<M<S, D>, R>;
}

/// `(s1:d1) < (s2:d2)` by `(stride, extent)`.
pub trait LexLess<Y> {
    /// `B1` or `B0`.
    type Output: StaticBit;
}
impl<S1, D1, S2, D2> LexLess<M<S2, D2>> for M<S1, D1>
where
    D1: typenum::IsLess<D2> + typenum::IsEqual<D2>,
    S1: typenum::IsLess<S2>,
    <D1 as typenum::IsLess<D2>>::Output: StaticBit,
    <D1 as typenum::IsEqual<D2>>::Output: StaticBit,
    <S1 as typenum::IsLess<S2>>::Output: StaticBit,
{
    type Output = <<D1 as typenum::IsLess<D2>>::Output as StaticBit>::Or<
        <<D1 as typenum::IsEqual<D2>>::Output as StaticBit>::And<
            <S1 as typenum::IsLess<S2>>::Output,
        >,
    >;
}

/// Inserts `X` into the sorted list `Self`.
pub trait Insert<X>: Modes {
    /// The sorted list.
    type Output: Modes;
}
impl<S: Leaf, D: Leaf> Insert<M<S, D>> for HNil {
    type Output = HCons<M<S, D>, HNil>;
}
impl<X, H, T: Modes> Insert<X> for HCons<H, T>
where
    HCons<H, T>: Modes,
    X: LexLess<H>,
    <X as LexLess<H>>::Output: InsertAt<X, H, T>,
{
    type Output = <<X as LexLess<H>>::Output as InsertAt<X, H, T>>::Output;
}
/// `X` before `H` (`B1`) or after it (`B0`).
pub trait InsertAt<X, H, T> {
    /// The list.
    type Output: Modes;
}
impl<X, H, T> InsertAt<X, H, T> for B1
where
    HCons<X, HCons<H, T>>: Modes,
{
    type Output = HCons<X, HCons<H, T>>;
}
impl<X, H, T: Insert<X>> InsertAt<X, H, T> for B0
where
    HCons<H, T::Output>: Modes,
{
    type Output = HCons<H, T::Output>;
}

/// The list sorted by `(stride, extent)`.
pub trait Sort: Modes {
    /// The sorted list.
    type Output: Modes;
}
impl Sort for HNil {
    type Output = HNil;
}
impl<X, T: Sort> Sort for HCons<X, T>
where
    HCons<X, T>: Modes,
    T::Output: Insert<X>,
{
    type Output = <T::Output as Insert<X>>::Output;
}

// ------------------------------------------------------------------ the gaps

/// The gaps between sorted modes: `(d_k / c_k):c_k`, with `c_0 = 1`,
/// `c_{k+1} = s_k * d_k`; `Cur` is `c` so far.
pub trait Gaps<Cur>: Modes {
    /// The modes of the gaps.
    type Output: Modes;
    /// The running extent at the end.
    type Cur: Leaf;
}
impl<Cur: Leaf> Gaps<Cur> for HNil {
    type Output = HNil;
    type Cur = Cur;
}
impl<S, D, T, Cur> Gaps<Cur> for HCons<M<S, D>, T>
where
    S: Leaf + IntMul<D>,
    D: Leaf + typenum::IsGreaterOrEqual<Cur> + cute_core::IntDiv<Cur>,
    <D as typenum::IsGreaterOrEqual<Cur>>::Output: NonOverlapping<D, Cur>,
    Cur: Leaf,
    DivOf<D, Cur>: Leaf,
    T: Gaps<MulOf<S, D>>,
    HCons<M<S, D>, T>: Modes,
{
    type Output = HCons<M<DivOf<D, Cur>, Cur>, T::Output>;
    type Cur = T::Cur;
}

// ------------------------------------------------------------------ the cotarget

/// `size(ceil_div(cotarget, c))` for the hierarchical `ceil_div` of a shape
/// by an integer: each extent in turn is divided by what is left of `c`,
/// `ceil_div((5, 8), 4) == (2, 8)`. `Size` and `Rest` are the running
/// product and what is left of `c`.
pub trait CeilDivSize<Size, Rest>: HTuple {
    /// The product.
    type Size: Leaf;
    /// What is left of `c`.
    type Rest: Leaf;
    /// `(size, rest)` at run time.
    fn ceil_div_size(&self, size: i64, rest: i64) -> Result<(i64, i64)>;
}
macro_rules! leaf_cds {
    ([$($g:tt)*] $t:ty) => {
        impl<$($g)* Size, Rest> CeilDivSize<Size, Rest> for $t
        where
            $t: IntCeilDiv<Rest>,
            Size: Leaf + IntMul<CeilDivOf<$t, Rest>>,
            Rest: Leaf + IntCeilDiv<$t>,
            MulOf<Size, CeilDivOf<$t, Rest>>: Leaf,
            CeilDivOf<Rest, $t>: Leaf,
        {
            type Size = MulOf<Size, CeilDivOf<$t, Rest>>;
            type Rest = CeilDivOf<Rest, $t>;
            #[inline]
            fn ceil_div_size(&self, size: i64, rest: i64) -> Result<(i64, i64)> {
                let x = v(self);
                if x <= 0 || rest <= 0 {
                    return Err(cute_core::Error::value(OP, "the cotarget has an extent that is not positive"));
                }
                Ok((mul(OP, size, ceil(x, rest))?, ceil(rest, x)))
            }
        }
    };
}
leaf_cds!([] typenum::UTerm);
leaf_cds!([U: typenum::Unsigned, B: typenum::Bit,] typenum::UInt<U, B>);
leaf_cds!([] i64);
impl<Size: Leaf, Rest: Leaf> CeilDivSize<Size, Rest> for HNil {
    type Size = Size;
    type Rest = Rest;
    #[inline]
    fn ceil_div_size(&self, size: i64, rest: i64) -> Result<(i64, i64)> {
        Ok((size, rest))
    }
}
impl<H, T, Size, Rest> CeilDivSize<Size, Rest> for HCons<H, T>
where
    H: CeilDivSize<Size, Rest>,
    T: Tuple + CeilDivSize<H::Size, H::Rest>,
{
    type Size = T::Size;
    type Rest = T::Rest;
    #[inline]
    fn ceil_div_size(&self, size: i64, rest: i64) -> Result<(i64, i64)> {
        let (size, rest) = self.head.ceil_div_size(size, rest)?;
        self.tail.ceil_div_size(size, rest)
    }
}

#[inline]
fn ceil(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}

/// How a cotarget ends the complement: `()` for the free complement, or a
/// shape (any HTuple, static or dynamic leaves) whose size the complement
/// repeats its pattern up to.
pub trait CotargetEnd<Cur: Leaf>: Copy {
    /// The last extent.
    type Last: Leaf;
    /// `B1` to keep a trailing extent-1 mode (the free complement).
    type Keep: StaticBit;
    /// The last extent, `c` being the running extent.
    fn last(&self, c: i64) -> Result<Self::Last>;
}
impl<Cur: Leaf> CotargetEnd<Cur> for () {
    type Last = U1;
    type Keep = B1;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn last(&self, _: i64) -> Result<U1> {
        Ok(U1::new())
    }
}
impl<Cur: Leaf, E: HTuple + CeilDivSize<U1, Cur>> CotargetEnd<Cur> for E {
    type Last = <E as CeilDivSize<U1, Cur>>::Size;
    type Keep = B0;
    #[inline]
    fn last(&self, c: i64) -> Result<Self::Last> {
        if <Self::Last as HTuple>::IS_STATIC {
            return Ok(Default::default());
        }
        Ok(Leaf::from_i64(self.ceil_div_size(1, c)?.0))
    }
}

// ------------------------------------------------------------------ the complement

/// The complement's flat modes, before coalescing.
pub type RawComplement<L, E> =
    Appended<
        <<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Output,
        HCons<
            M<
                <E as CotargetEnd<
                    <<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Cur,
                >>::Last,
                <<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Cur,
            >,
            HNil,
        >,
    >;

/// The complement of the static layout whose flat modes are `Self`, up to
/// the cotarget `E`: its coalesced flat modes.
pub trait ComplementModes<E>: Modes {
    /// The modes.
    type Output: Modes + FromModes;
    /// The modes (only the last extent may be dynamic).
    fn complement_modes(e: &E) -> Result<Self::Output>;
}
impl<L, E> ComplementModes<E> for L
where
    L: Modes + Significant,
    <L as Significant>::Output: Sort,
    <<L as Significant>::Output as Sort>::Output: Gaps<U1>,
    E: CotargetEnd<<<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Cur>,
    <<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Output: Append<
        HCons<
            M<
                <E as CotargetEnd<
                    <<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Cur,
                >>::Last,
                <<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Cur,
            >,
            HNil,
        >,
    >,
    RawComplement<L, E>: Coal<
        HNil,
        <E as CotargetEnd<<<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Cur>>::Keep,
    >,
    <RawComplement<L, E> as Coal<
        HNil,
        <E as CotargetEnd<<<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Cur>>::Keep,
    >>::Output: FromModes,
{
    type Output = <RawComplement<L, E> as Coal<
        HNil,
        <E as CotargetEnd<<<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Cur>>::Keep,
    >>::Output;
    #[inline]
    fn complement_modes(e: &E) -> Result<Self::Output> {
        type Cur<L> = <<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Cur;
        let gaps: <<<L as Significant>::Output as Sort>::Output as Gaps<U1>>::Output =
            Default::default();
        let c = v(&<Cur<L> as Default>::default());
        let last = HCons {
            head: M {
                s: e.last(c)?,
                d: <Cur<L> as Default>::default(),
            },
            tail: HNil,
        };
        gaps.append(last).coal(HNil)
    }
}

/// The coalesced complement modes of the static layout `S:D` up to `E`.
pub type ComplementOf<S, D, E> = <ModesOf<S, D> as ComplementModes<E>>::Output;

/// The complement of the static layout `S:D` up to `E`, as flat modes.
#[inline]
pub fn complement_modes<S, D, E>(e: &E) -> Result<ComplementOf<S, D, E>>
where
    S: ToModes<D>,
    ModesOf<S, D>: ComplementModes<E>,
{
    <ModesOf<S, D> as ComplementModes<E>>::complement_modes(e)
}
