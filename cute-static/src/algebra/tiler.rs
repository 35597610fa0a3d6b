//! Tilers: what the algebra divides, composes and multiplies by.
//!
//! A tiler is a layout, an integer `n` (the layout `n:1`, static or
//! dynamic), [`Keep`] (leave the mode alone: the specification's `None`,
//! CuTe C++'s `_`), or a tuple of tilers, applied mode by mode (`(A0, A1,
//! ...) o (T0, T1, ...) = (A0 o T0, A1 o T1, ...)`, the remaining modes of A
//! unchanged). Tuples are written as Rust tuples, `(layout_a, layout_b)`,
//! or with the [`tile!`](crate::tile) macro, `tile!(8, 8)`, `tile!(128, _)`.

use cute_core::Result;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, B0, B1};

use crate::coord::Keep;
use crate::htuple::{HTuple, Leaf, StaticBit, Tuple};
use crate::layout::Layout;

/// A value usable as a tiler: a layout, an integer leaf, [`Keep`], or a
/// Rust tuple or HList of tilers.
#[diagnostic::on_unimplemented(
    message = "CuTe: `{Self}` is not a tiler",
    note = "a tiler is a layout, a static integer (typenum, or `tile!(8)`), an `i64`, `Keep`, or a tuple of tilers such as `tile!(8, 8)` or `(layout_a, layout_b)`"
)]
pub trait IntoTiler {
    /// The tiler in its normal form (tuples as HLists).
    type Tiler: Tiler;
    /// The tiler in its normal form.
    fn into_tiler(self) -> Self::Tiler;
}

/// A tiler in normal form.
pub trait Tiler: Copy {
    /// `B1` iff every leaf is static.
    type AllStatic: StaticBit;
    /// `B1` for a tuple of tilers.
    type IsTuple: StaticBit;
    /// Number of entries of a tuple (0 otherwise).
    const LEN: usize;
    /// The tiler as the run-time algebra takes it.
    #[cfg(feature = "dynamic")]
    fn to_dynamic(&self) -> cute_dynamic::layout::Tiler;
}

// A layout, an integer, `Keep` and `()` are tilers in normal form.
crate::htuple::normal_form!(IntoTiler, Tiler, into_tiler;
    [S: HTuple, D: HTuple] Layout<S, D>,
    [] UTerm,
    [U: Unsigned, B: Bit] UInt<U, B>,
    [] i64,
    [] Keep,
    [] HNil,
);
impl<S: HTuple, D: HTuple> Tiler for Layout<S, D> {
    type AllStatic = <S::AllStatic as StaticBit>::And<D::AllStatic>;
    type IsTuple = B0;
    const LEN: usize = 0;
    #[cfg(feature = "dynamic")]
    fn to_dynamic(&self) -> cute_dynamic::layout::Tiler {
        cute_dynamic::layout::Tiler::Layout(self.to_dynamic())
    }
}
macro_rules! leaf_tiler {
    ([$($g:tt)*] $t:ty, $st:ty) => {
        /// An integer `n`: the layout `n:1`.
        impl<$($g)*> Tiler for $t {
            type AllStatic = $st;
            type IsTuple = B0;
            const LEN: usize = 0;
            #[cfg(feature = "dynamic")]
            fn to_dynamic(&self) -> cute_dynamic::layout::Tiler {
                cute_dynamic::layout::Tiler::Int(cute_core::KnownInt::get(self))
            }
        }
    };
}
leaf_tiler!([] UTerm, B1);
leaf_tiler!([U: Unsigned, B: Bit] UInt<U, B>, B1);
leaf_tiler!([] i64, B0);
impl Tiler for Keep {
    type AllStatic = B1;
    type IsTuple = B0;
    const LEN: usize = 0;
    #[cfg(feature = "dynamic")]
    fn to_dynamic(&self) -> cute_dynamic::layout::Tiler {
        cute_dynamic::layout::Tiler::None
    }
}
impl Tiler for HNil {
    type AllStatic = B1;
    type IsTuple = B1;
    const LEN: usize = 0;
    #[cfg(feature = "dynamic")]
    fn to_dynamic(&self) -> cute_dynamic::layout::Tiler {
        cute_dynamic::layout::Tiler::Tuple(Vec::new())
    }
}
crate::htuple::hlist_map!(IntoTiler, Tiler, into_tiler; where T::Tiler: TilerList);
impl<H: Tiler, T: TilerList> Tiler for HCons<H, T> {
    type AllStatic = <H::AllStatic as StaticBit>::And<T::AllStatic>;
    type IsTuple = B1;
    const LEN: usize = 1 + <T as Tiler>::LEN;
    #[cfg(feature = "dynamic")]
    fn to_dynamic(&self) -> cute_dynamic::layout::Tiler {
        let mut v = Vec::with_capacity(<Self as Tiler>::LEN);
        self.push(&mut v);
        cute_dynamic::layout::Tiler::Tuple(v)
    }
}

/// A tuple of tilers: `HNil` or `HCons<T, R>`.
pub trait TilerList: Tiler {
    /// Appends the entries as run-time tilers.
    #[cfg(feature = "dynamic")]
    #[doc(hidden)]
    fn push(&self, out: &mut Vec<cute_dynamic::layout::Tiler>);
}
impl TilerList for HNil {
    #[cfg(feature = "dynamic")]
    fn push(&self, _: &mut Vec<cute_dynamic::layout::Tiler>) {}
}
impl<H: Tiler, T: TilerList> TilerList for HCons<H, T> {
    #[cfg(feature = "dynamic")]
    fn push(&self, out: &mut Vec<cute_dynamic::layout::Tiler>) {
        out.push(self.head.to_dynamic());
        self.tail.push(out);
    }
}

crate::htuple::tuple_as_hlist!(IntoTiler, Tiler, into_tiler);

// ------------------------------------------------------------------ applying a tiler

/// A layout under construction: shape and stride.
pub type Parts<S, D> = (S, D);

/// An operation `Op` of the algebra, applied to the layout `S:D` and the
/// tiler `Self`. (The tiler is the trait's `Self` so that the compiler
/// waits for its type before searching the bounds.)
pub trait Apply<Op, S, D> {
    /// The result's shape.
    type Shape: HTuple;
    /// The result's stride.
    type Stride: HTuple;
    /// The result.
    fn apply(&self, s: &S, d: &D) -> Result<Parts<Self::Shape, Self::Stride>>;
}

/// What an operation does with a layout tiler (its defining case); the
/// other tilers reduce to it or to [`ByMode`].
pub trait ApplyLayout<S, D, SB, DB> {
    /// The result's shape.
    type Shape: HTuple;
    /// The result's stride.
    type Stride: HTuple;
    /// The result.
    fn apply_layout(s: &S, d: &D, sb: &SB, db: &DB) -> Result<Parts<Self::Shape, Self::Stride>>;
}

/// A layout tiler.
impl<Op: ApplyLayout<S, D, SB, DB>, S, D, SB: HTuple, DB: HTuple> Apply<Op, S, D>
    for Layout<SB, DB>
{
    type Shape = Op::Shape;
    type Stride = Op::Stride;
    #[inline]
    fn apply(&self, s: &S, d: &D) -> Result<Parts<Self::Shape, Self::Stride>> {
        Op::apply_layout(s, d, self.shape(), self.stride())
    }
}
macro_rules! int_apply {
    ([$($g:tt)*] $t:ty) => {
        /// An integer tiler `n`: the layout `n:1`.
        impl<$($g)* Op: IntTiler<$t> + ApplyLayout<S, D, $t, <Op as IntTiler<$t>>::Stride>, S, D> Apply<Op, S, D> for $t {
            type Shape = <Op as ApplyLayout<S, D, $t, <Op as IntTiler<$t>>::Stride>>::Shape;
            type Stride = <Op as ApplyLayout<S, D, $t, <Op as IntTiler<$t>>::Stride>>::Stride;
            #[inline]
            fn apply(&self, s: &S, d: &D) -> Result<Parts<Self::Shape, Self::Stride>> {
                let one: <Op as IntTiler<$t>>::Stride = Leaf::from_i64(1);
                Op::apply_layout(s, d, self, &one)
            }
        }
    };
}
int_apply!([] UTerm);
int_apply!([U: Unsigned, B: Bit,] UInt<U, B>);
int_apply!([] i64);
/// [`Keep`]: the mode unchanged.
impl<Op, S: HTuple, D: HTuple> Apply<Op, S, D> for Keep {
    type Shape = S;
    type Stride = D;
    #[inline]
    fn apply(&self, s: &S, d: &D) -> Result<Parts<S, D>> {
        Ok((*s, *d))
    }
}
/// A tuple of tilers: mode by mode.
impl<Op, S: ByMode<D, Op, HNil>, D> Apply<Op, S, D> for HNil {
    type Shape = <S as ByMode<D, Op, HNil>>::Shape;
    type Stride = <S as ByMode<D, Op, HNil>>::Stride;
    #[inline]
    fn apply(&self, s: &S, d: &D) -> Result<Parts<Self::Shape, Self::Stride>> {
        s.by_mode(d, self)
    }
}
/// A tuple of tilers: mode by mode.
impl<Op, S: ByMode<D, Op, HCons<TH, TT>>, D, TH, TT> Apply<Op, S, D> for HCons<TH, TT> {
    type Shape = <S as ByMode<D, Op, HCons<TH, TT>>>::Shape;
    type Stride = <S as ByMode<D, Op, HCons<TH, TT>>>::Stride;
    #[inline]
    fn apply(&self, s: &S, d: &D) -> Result<Parts<Self::Shape, Self::Stride>> {
        s.by_mode(d, self)
    }
}

/// A tiler has at most as many modes as the layout it applies to.
#[diagnostic::on_unimplemented(
    message = "CuTe: a by-mode tiler has more modes than the layout it applies to",
    label = "the tiler's modes beyond the layout's rank: `{T}`",
    note = "a tuple tiler applies its i-th entry to the i-th mode of the layout; it may have fewer entries than the layout has modes, not more"
)]
pub trait TilerFits<T> {}
impl<T> TilerFits<T> for B1 {}

/// `op` mode by mode: `op((a0, a1, ...), (t0, t1, ...)) = (op(a0, t0), op(a1, t1), ..., a_k...)`.
/// A leaf layout is its own only mode.
pub trait ByMode<D, Op, T>: HTuple {
    /// The result's shape.
    type Shape: Tuple;
    /// The result's stride.
    type Stride: Tuple;
    /// The result.
    fn by_mode(&self, d: &D, t: &T) -> Result<Parts<Self::Shape, Self::Stride>>;
}
/// No tiler left: the remaining modes unchanged.
impl<Op, S: Tuple, D: Tuple> ByMode<D, Op, HNil> for S {
    type Shape = S;
    type Stride = D;
    #[inline]
    fn by_mode(&self, d: &D, _: &HNil) -> Result<Parts<S, D>> {
        Ok((*self, *d))
    }
}
/// `(op(a0, t0), op((a...), (t...))...)`.
impl<Op, SH, ST, DH, DT, TH, TT> ByMode<HCons<DH, DT>, Op, HCons<TH, TT>> for HCons<SH, ST>
where
    SH: HTuple,
    ST: Tuple + ByMode<DT, Op, TT>,
    TH: Apply<Op, SH, DH>,
{
    type Shape = HCons<<TH as Apply<Op, SH, DH>>::Shape, <ST as ByMode<DT, Op, TT>>::Shape>;
    type Stride = HCons<<TH as Apply<Op, SH, DH>>::Stride, <ST as ByMode<DT, Op, TT>>::Stride>;
    #[inline]
    fn by_mode(
        &self,
        d: &HCons<DH, DT>,
        t: &HCons<TH, TT>,
    ) -> Result<Parts<Self::Shape, Self::Stride>> {
        let (hs, hd) = t.head.apply(&self.head, &d.head)?;
        let (ts, td) = self.tail.by_mode(&d.tail, &t.tail)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}
/// A tiler longer than the layout.
impl<Op, TH, TT> ByMode<HNil, Op, HCons<TH, TT>> for HNil
where
    B0: TilerFits<HCons<TH, TT>>,
{
    type Shape = HNil;
    type Stride = HNil;
    #[inline]
    fn by_mode(&self, _: &HNil, _: &HCons<TH, TT>) -> Result<Parts<HNil, HNil>> {
        Ok((HNil, HNil))
    }
}
macro_rules! leaf_by_mode {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf layout is its own only mode: `op(a, (t0, ...)) = (op(a, t0), ...)`.
        impl<$($g)* Op, D: Leaf, TH, TT> ByMode<D, Op, HCons<TH, TT>> for $t
        where
            HCons<$t, HNil>: ByMode<HCons<D, HNil>, Op, HCons<TH, TT>>,
        {
            type Shape = <HCons<$t, HNil> as ByMode<HCons<D, HNil>, Op, HCons<TH, TT>>>::Shape;
            type Stride = <HCons<$t, HNil> as ByMode<HCons<D, HNil>, Op, HCons<TH, TT>>>::Stride;
            #[inline]
            fn by_mode(&self, d: &D, t: &HCons<TH, TT>) -> Result<Parts<Self::Shape, Self::Stride>> {
                HCons { head: *self, tail: HNil }.by_mode(&HCons { head: *d, tail: HNil }, t)
            }
        }
    };
}
leaf_by_mode!([] UTerm);
leaf_by_mode!([U: Unsigned, B: Bit,] UInt<U, B>);
leaf_by_mode!([] i64);

/// The top-level modes of a layout part as a tuple: a tuple is its own, a
/// leaf is `(leaf,)`.
pub trait AsModes: HTuple {
    /// The modes.
    type Output: Tuple;
    /// The modes.
    fn as_modes(self) -> Self::Output;
}
impl AsModes for HNil {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn as_modes(self) -> HNil {
        self
    }
}
impl<H: HTuple, T: Tuple> AsModes for HCons<H, T> {
    type Output = Self;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn as_modes(self) -> Self {
        self
    }
}
macro_rules! leaf_as_modes {
    ([$($g:tt)*] $t:ty) => {
        impl<$($g)*> AsModes for $t {
            type Output = HCons<$t, HNil>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn as_modes(self) -> Self::Output {
                HCons { head: self, tail: HNil }
            }
        }
    };
}
leaf_as_modes!([] UTerm);
leaf_as_modes!([U: Unsigned, B: Bit] UInt<U, B>);
leaf_as_modes!([] i64);

/// The modes a regrouping unpacks a part into (CuTe C++ slices the part
/// with `repeat<rank>(_)`): a tuple of two or more modes gives its modes; a
/// leaf, or a tuple of one mode, stays one mode (`repeat<1>(_)` is `_`,
/// which keeps the part as it is).
pub trait SliceModes: HTuple {
    /// The modes.
    type Output: Tuple;
    /// The modes.
    fn slice_modes(self) -> Self::Output;
}
impl SliceModes for HNil {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_modes(self) -> HNil {
        self
    }
}
impl<H: HTuple> SliceModes for HCons<H, HNil> {
    type Output = HCons<Self, HNil>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_modes(self) -> Self::Output {
        HCons {
            head: self,
            tail: HNil,
        }
    }
}
impl<H: HTuple, H2: HTuple, T: Tuple> SliceModes for HCons<H, HCons<H2, T>> {
    type Output = Self;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_modes(self) -> Self {
        self
    }
}
macro_rules! leaf_slice_modes {
    ([$($g:tt)*] $t:ty) => {
        impl<$($g)*> SliceModes for $t {
            type Output = HCons<$t, HNil>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn slice_modes(self) -> Self::Output {
                HCons { head: self, tail: HNil }
            }
        }
    };
}
leaf_slice_modes!([] UTerm);
leaf_slice_modes!([U: Unsigned, B: Bit] UInt<U, B>);
leaf_slice_modes!([] i64);

/// The stride of the layout an integer tiler `n` stands for, by the
/// operation `Self`: `n:1` in the specification; CuTe C++ composes with
/// `n:_1` but divides and multiplies by `make_layout(n)`, whose compact
/// stride is `_0` where `n` is a static 1.
pub trait IntTiler<N> {
    /// The stride.
    type Stride: Leaf;
}

/// The by-mode tiler that applies `B` to mode `I` alone: `I` times [`Keep`],
/// then `B` (the specification's mode subscript `f[I](A, B)`).
pub trait AtMode<B> {
    /// `(Keep, ..., Keep, B)`.
    type Output: Tiler;
    /// The tiler.
    fn at_mode(b: B) -> Self::Output;
}
impl<B: IntoTiler> AtMode<B> for UTerm {
    type Output = HCons<B::Tiler, HNil>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn at_mode(b: B) -> Self::Output {
        HCons {
            head: b.into_tiler(),
            tail: HNil,
        }
    }
}
impl<U: Unsigned, Bt: Bit, B> AtMode<B> for UInt<U, Bt>
where
    UInt<U, Bt>: core::ops::Sub<B1>,
    typenum::Sub1<UInt<U, Bt>>: AtMode<B>,
    <typenum::Sub1<UInt<U, Bt>> as AtMode<B>>::Output: TilerList,
{
    type Output = HCons<Keep, <typenum::Sub1<UInt<U, Bt>> as AtMode<B>>::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn at_mode(b: B) -> Self::Output {
        HCons {
            head: Keep,
            tail: <typenum::Sub1<UInt<U, Bt>> as AtMode<B>>::at_mode(b),
        }
    }
}
/// The tiler applying `B` to mode `I` alone.
pub type AtModeOf<I, B> = <I as AtMode<B>>::Output;
