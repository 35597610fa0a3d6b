//! The machinery the algebra is written with: flat lists of modes, decisions
//! that may be static (`B1`/`B0`) or depend on a run-time value, the rules a
//! static operand must satisfy, and the conversion between layouts and flat
//! mode lists.
//!
//! A *flat mode list* is an HList of [`M<S, D>`] (an extent and its stride,
//! each a leaf: a typenum integer or an `i64`); most operations work on the
//! flat list of a layout's leaves and build the nested result at the end, as
//! the run-time algebra does.

use cute_core::{Error, IntMul, KnownInt, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, IsEqual, IsGreaterOrEqual, IsLess, UInt, UTerm, Unsigned, B0, B1, U0, U1};

use crate::htuple::{HTuple, Leaf, StaticBit, Tuple};

// ------------------------------------------------------------------ modes

/// One flat mode: the extent `s` and its stride `d`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct M<S, D> {
    /// The extent.
    pub s: S,
    /// The stride.
    pub d: D,
}

/// A flat list of modes: `HNil` or `HCons<M<S, D>, T>`.
pub trait Modes: frunk_core::hlist::HList + Copy + Default {
    /// `B1` iff every leaf is static.
    type AllStatic: StaticBit;
    /// `B1` iff the list is empty.
    type Empty: StaticBit;
    /// Visits `(extent, stride)` left to right.
    fn each(&self, f: &mut dyn FnMut(i64, i64));
}
impl Modes for HNil {
    type AllStatic = B1;
    type Empty = B1;
    fn each(&self, _: &mut dyn FnMut(i64, i64)) {}
}
impl<S: Leaf, D: Leaf, T: Modes> Modes for HCons<M<S, D>, T> {
    type AllStatic =
        <<S::AllStatic as StaticBit>::And<D::AllStatic> as StaticBit>::And<T::AllStatic>;
    type Empty = B0;
    fn each(&self, f: &mut dyn FnMut(i64, i64)) {
        f(self.head.s.get(), self.head.d.get());
        self.tail.each(f);
    }
}

/// `B1` iff the list is empty (for the "is this the last mode" test).
pub trait IsNil: Modes {
    /// The answer.
    type Output: StaticBit;
}
impl IsNil for HNil {
    type Output = B1;
}
impl<S: Leaf, D: Leaf, T: Modes> IsNil for HCons<M<S, D>, T> {
    type Output = B0;
}

/// `a ++ b` for mode lists.
pub trait Append<R: Modes>: Modes {
    /// The concatenation.
    type Output: Modes;
    /// The concatenation.
    fn append(self, r: R) -> Self::Output;
}
impl<R: Modes> Append<R> for HNil {
    type Output = R;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn append(self, r: R) -> R {
        r
    }
}
impl<S: Leaf, D: Leaf, T: Append<R>, R: Modes> Append<R> for HCons<M<S, D>, T> {
    type Output = HCons<M<S, D>, T::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn append(self, r: R) -> Self::Output {
        HCons {
            head: self.head,
            tail: self.tail.append(r),
        }
    }
}
/// `A ++ B`.
pub type Appended<A, B> = <A as Append<B>>::Output;

/// The list reversed onto `Acc`: `rev((m, t...), acc) = rev((t...), (m, acc...))`.
pub trait ReverseOnto<Acc: Modes>: Modes {
    /// The reversed list followed by `Acc`.
    type Output: Modes;
    /// The reversed list followed by `acc`.
    fn reverse_onto(self, acc: Acc) -> Self::Output;
}
impl<Acc: Modes> ReverseOnto<Acc> for HNil {
    type Output = Acc;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn reverse_onto(self, acc: Acc) -> Acc {
        acc
    }
}
impl<S: Leaf, D: Leaf, T: ReverseOnto<HCons<M<S, D>, Acc>>, Acc: Modes> ReverseOnto<Acc>
    for HCons<M<S, D>, T>
{
    type Output = T::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn reverse_onto(self, acc: Acc) -> Self::Output {
        self.tail.reverse_onto(HCons {
            head: self.head,
            tail: acc,
        })
    }
}

/// The flat modes of the layout `Self:D`, left to right.
pub trait ToModes<D>: HTuple {
    /// The modes.
    type Output: Modes;
    /// The modes.
    fn to_modes(&self, d: &D) -> Self::Output;
}
macro_rules! leaf_to_modes {
    ([$($g:tt)*] $t:ty) => {
        /// `modes(s:d) = (s:d,)` for a leaf.
        impl<$($g)* D: Leaf> ToModes<D> for $t {
            type Output = HCons<M<$t, D>, HNil>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn to_modes(&self, d: &D) -> Self::Output {
                HCons { head: M { s: *self, d: *d }, tail: HNil }
            }
        }
    };
}
leaf_to_modes!([] UTerm);
leaf_to_modes!([U: Unsigned, B: Bit,] UInt<U, B>);
leaf_to_modes!([] i64);
/// `modes(():()) = ()`.
impl ToModes<HNil> for HNil {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn to_modes(&self, _: &HNil) -> HNil {
        HNil
    }
}
/// `modes((h, t...):(g, u...)) = modes(h:g) ++ modes((t...):(u...))`.
impl<H: ToModes<G>, T: Tuple + ToModes<V>, G, V> ToModes<HCons<G, V>> for HCons<H, T>
where
    H::Output: Append<T::Output>,
{
    type Output = Appended<H::Output, T::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn to_modes(&self, d: &HCons<G, V>) -> Self::Output {
        self.head
            .to_modes(&d.head)
            .append(self.tail.to_modes(&d.tail))
    }
}
/// The flat modes of the layout `S:D`.
pub type ModesOf<S, D> = <S as ToModes<D>>::Output;

/// The shape and stride of a mode list as the run-time algebra builds them:
/// `1:0` for no mode, `s:d` for one, the flat tuple `(s...):(d...)` for more.
pub trait FromModes: Modes {
    /// The shape.
    type Shape: HTuple;
    /// The stride.
    type Stride: HTuple;
    /// The shape and stride.
    fn parts(&self) -> (Self::Shape, Self::Stride);
}
impl FromModes for HNil {
    type Shape = U1;
    type Stride = U0;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn parts(&self) -> (U1, U0) {
        (U1::new(), U0::new())
    }
}
impl<S: Leaf, D: Leaf> FromModes for HCons<M<S, D>, HNil> {
    type Shape = S;
    type Stride = D;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn parts(&self) -> (S, D) {
        (self.head.s, self.head.d)
    }
}
impl<S: Leaf, D: Leaf, M2, T2> FromModes for HCons<M<S, D>, HCons<M2, T2>>
where
    HCons<M2, T2>: Modes,
    Self: TupleModes,
{
    type Shape = <Self as TupleModes>::Shape;
    type Stride = <Self as TupleModes>::Stride;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn parts(&self) -> (Self::Shape, Self::Stride) {
        self.tuple_parts()
    }
}

/// The shape and stride of a mode list as a flat tuple, whatever its length.
pub trait TupleModes: Modes {
    /// The shape.
    type Shape: Tuple;
    /// The stride.
    type Stride: Tuple;
    /// The shape and stride.
    fn tuple_parts(&self) -> (Self::Shape, Self::Stride);
}
impl TupleModes for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn tuple_parts(&self) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<S: Leaf, D: Leaf, T: TupleModes> TupleModes for HCons<M<S, D>, T> {
    type Shape = HCons<S, T::Shape>;
    type Stride = HCons<D, T::Stride>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn tuple_parts(&self) -> (Self::Shape, Self::Stride) {
        let (s, d) = self.tail.tuple_parts();
        (
            HCons {
                head: self.head.s,
                tail: s,
            },
            HCons {
                head: self.head.d,
                tail: d,
            },
        )
    }
}

/// The HList `(x,)`.
#[inline(always)]
pub fn one<X>(x: X) -> HCons<X, HNil> {
    HCons {
        head: x,
        tail: HNil,
    }
}

/// `(a, b)`: the two modes of a divide or a product, a pair of an HList.
pub type Pair<A, B> = HCons<A, HCons<B, HNil>>;

/// The HList `(a, b)`.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn pair<A, B>(a: A, b: B) -> Pair<A, B> {
    HCons {
        head: a,
        tail: HCons {
            head: b,
            tail: HNil,
        },
    }
}

// ------------------------------------------------------------------ decisions

/// A decision that depends on a run-time value: neither `B1` nor `B0` is
/// known to the compiler.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unknown;

/// A three-valued decision: `B1`, `B0` or [`Unknown`].
pub trait Tri: Copy + Default + 'static {}
impl Tri for B0 {}
impl Tri for B1 {}
impl Tri for Unknown {}

/// `Self == 1`, known only for a static leaf: `B0` for a dynamic one (a
/// dynamic extent is kept where a static 1 would be dropped, as CuTe C++
/// keeps it; the function is the same).
pub trait KnownOne: Leaf {
    /// `B1` iff `Self` is the static 1.
    type Output: StaticBit;
}
impl KnownOne for UTerm {
    type Output = B0;
}
impl<U: Unsigned, B: Bit> KnownOne for UInt<U, B>
where
    UInt<U, B>: IsEqual<U1>,
    <UInt<U, B> as IsEqual<U1>>::Output: StaticBit,
{
    type Output = <UInt<U, B> as IsEqual<U1>>::Output;
}
impl KnownOne for i64 {
    type Output = B0;
}
/// `B1` iff `X` is the static 1.
pub type IsOne<X> = <X as KnownOne>::Output;

/// `Self == 0`, known only for a static leaf (`B0` for a dynamic one).
pub trait KnownZero: Leaf {
    /// `B1` iff `Self` is the static 0.
    type Output: StaticBit;
}
impl KnownZero for UTerm {
    type Output = B1;
}
impl<U: Unsigned, B: Bit> KnownZero for UInt<U, B> {
    type Output = B0;
}
impl KnownZero for i64 {
    type Output = B0;
}
/// `B1` iff `X` is the static 0.
pub type IsZero<X> = <X as KnownZero>::Output;
/// `B1` iff the mode `s:d` is known to add no offset: a static extent 1 or
/// a static stride 0 (the complement and the inverses skip it).
pub type Trivial<S, D> = <IsOne<S> as StaticBit>::Or<IsZero<D>>;

macro_rules! static_cmp {
    ($(#[$doc:meta])* $tr:ident, $alias:ident, $tn:ident, $dynamic:ty) => {
        $(#[$doc])*
        pub trait $tr<R>: Leaf {
            /// The decision.
            type Output: Tri;
        }
        impl<R: StaticOrDyn> $tr<R> for i64 {
            type Output = $dynamic;
        }
        impl $tr<i64> for UTerm {
            type Output = $dynamic;
        }
        impl<U: Unsigned, B: Bit> $tr<i64> for UInt<U, B> {
            type Output = $dynamic;
        }
        impl<R: crate::htuple::StaticLeaf> $tr<R> for UTerm
        where
            UTerm: $tn<R>,
            <UTerm as $tn<R>>::Output: StaticBit + Tri,
        {
            type Output = <UTerm as $tn<R>>::Output;
        }
        impl<U: Unsigned, B: Bit, R: crate::htuple::StaticLeaf> $tr<R> for UInt<U, B>
        where
            UInt<U, B>: $tn<R>,
            <UInt<U, B> as $tn<R>>::Output: StaticBit + Tri,
        {
            type Output = <UInt<U, B> as $tn<R>>::Output;
        }
        /// The decision of the two leaves.
        pub type $alias<A, B> = <A as $tr<B>>::Output;
    };
}

/// A leaf: static or dynamic (a marker for the dynamic-operand impls).
pub trait StaticOrDyn: Leaf {}
impl StaticOrDyn for UTerm {}
impl<U: Unsigned, B: Bit> StaticOrDyn for UInt<U, B> {}
impl StaticOrDyn for i64 {}

static_cmp!(
    /// `Self < R`: `B1`/`B0` for static leaves, [`Unknown`] with a dynamic one.
    TriLt, Lt, IsLess, Unknown
);
static_cmp!(
    /// `Self >= R`: `B1`/`B0` for static leaves, [`Unknown`] with a dynamic one.
    TriGe, Ge, IsGreaterOrEqual, Unknown
);
static_cmp!(
    /// `Self == R`, known only for static leaves (`B0` with a dynamic one:
    /// modes that might merge are kept apart, as CuTe C++ keeps them).
    KnownEq, EqK, IsEqual, B0
);

// ------------------------------------------------------------------ arithmetic aliases

/// `a * b` of two leaves.
pub type MulOf<A, B> = <A as IntMul<B>>::Output;
/// `a / b` (floor) of two leaves.
pub type DivOf<A, B> = <A as cute_core::IntDiv<B>>::Output;
/// `a + b` of two leaves.
pub type AddOf<A, B> = <A as cute_core::IntAdd<B>>::Output;
/// `ceil(a / b)` of two leaves.
pub type CeilDivOf<A, B> = <A as cute_core::IntCeilDiv<B>>::Output;

/// `a * b` with overflow reported as an error of `op`.
#[inline]
pub(crate) fn mul(op: &'static str, a: i64, b: i64) -> Result<i64> {
    a.checked_mul(b).ok_or_else(|| overflow(op, a, b))
}

#[cold]
pub(crate) fn overflow(op: &'static str, a: i64, b: i64) -> Error {
    #[cfg(feature = "dynamic")]
    {
        Error::overflow(op, format!("{a} * {b} leaves the 64-bit range"))
    }
    #[cfg(not(feature = "dynamic"))]
    {
        let _ = (a, b);
        Error::overflow(op, "a product leaves the 64-bit range")
    }
}

/// A leaf's value as `i64` (a shorthand for [`KnownInt::get`]).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub(crate) fn v<L: KnownInt>(l: &L) -> i64 {
    l.get()
}
