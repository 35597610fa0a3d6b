//! Hierarchical tuples as types.
//!
//! An HTuple is a leaf or a tuple of HTuples. Here a leaf is a typenum
//! unsigned integer (`UTerm`, `UInt<U, B>`: static, its value fixed by its
//! type) or an `i64` (dynamic), and a tuple is a frunk HList (`HNil`,
//! `HCons<H, T>`) of HTuples. Shape, stride and coordinate are all HTuples:
//! `(4, (2, 3))` is `HCons<U4, HCons<HCons<U2, HCons<U3, HNil>>, HNil>>`.
//!
//! Every function of this module is a sealed trait with an `Output` type, one
//! impl per type constructor (each leaf constructor, `HNil`, `HCons`), and a
//! short alias naming its result, in typenum's style:
//!
//! | CuTe | trait | alias | equation |
//! |---|---|---|---|
//! | `rank` | [`Rank`] | [`RankOf<T>`] | `rank(leaf) = 1`, `rank((t_0..t_n-1)) = n` |
//! | `depth` | [`Depth`] | [`DepthOf<T>`] | `depth(leaf) = 0`, `depth(t) = 1 + max depth(t_i)` |
//! | `flatten` | [`Flatten`] | [`Flattened<T>`] | `flatten(leaf) = (leaf,)`, `flatten(t) = flatten(t_0) ++ ...` |
//! | `get` | [`Get`] | [`ModeOf<T, I>`] | `get<0>((h, t...)) = h`, `get<i>((h, t...)) = get<i-1>((t...))` |
//! | `select` | [`Select`] | [`Selected<T, Is>`] | `select<i, j>(t) = (get<i>(t), get<j>(t))` |
//! | `congruent` | [`Congruent`] | | same profile |
//! | `weakly_congruent` | [`WeaklyCongruent`] | | a leaf coarsens any subtree |
//!
//! The compile-time checks ([`Congruent`], [`WeaklyCongruent`],
//! [`StaticTuple`]) carry `#[diagnostic::on_unimplemented]` messages in
//! CuTe's terms, so a wrong layout says what is wrong with it.

use core::fmt;
use core::ops::{Add, Sub};

use cute_core::bridge::{LeafMode, LeafValue, Node};
use cute_core::{FastDivmod, KnownInt};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Add1, Bit, Max, Maximum, Sub1, UInt, UTerm, Unsigned, B0, B1, U0, U1};

pub(crate) mod sealed {
    /// Only this crate implements the HTuple traits.
    pub trait Sealed {}
}

/// A hierarchical tuple type: a leaf (`UTerm`, `UInt<U, B>`, `i64`) or an
/// HList of hierarchical tuples.
///
/// The associated constants are the tuple's profile facts; [`Rank`] and
/// [`Depth`] give the same numbers as typenum types.
#[diagnostic::on_unimplemented(
    message = "CuTe: `{Self}` is not a hierarchical tuple (an integer leaf: a typenum integer or `i64`, or an HList of hierarchical tuples)"
)]
pub trait HTuple: Copy + Default + sealed::Sealed {
    /// True iff every leaf is static (CuTe's `is_static`).
    const IS_STATIC: bool;
    /// `B1` iff every leaf is static, `B0` otherwise: type-level code
    /// dispatches on it.
    type AllStatic: StaticBit;
    /// True iff this is a leaf rather than a tuple.
    const IS_LEAF: bool;
    /// Number of top-level modes (1 for a leaf).
    const RANK: usize;
    /// Nesting depth: 0 for a leaf, `1 + max depth(mode)` for a tuple (1 for
    /// the empty tuple).
    const DEPTH: usize;
    /// Number of leaves.
    const LEAVES: usize;
    /// The product of the static leaves (dynamic ones count as 1), or
    /// `None` if it leaves the `i64` range.
    #[doc(hidden)]
    const STATIC_SIZE: Option<i64>;

    /// Precomputed divisors of the dynamic leaves, in the same tree: `()` for
    /// a static leaf (its divisor is a constant), a [`FastDivmod`] for a
    /// dynamic one. A static tuple's `Div` is zero-sized.
    type Div: Copy + fmt::Debug;

    /// The divisors of this tuple's dynamic leaves, or `None` if a dynamic
    /// leaf is not a positive extent.
    fn divisors(&self) -> Option<Self::Div>;

    /// True iff every dynamic extent's divisor is a power of two (always
    /// true for a static tuple).
    #[doc(hidden)]
    fn pow2_divisors(v: &Self::Div) -> bool;

    /// Visits the leaves left to right: `(value, is_static)`.
    fn visit(&self, f: &mut dyn FnMut(i64, bool));

    /// Writes the tuple in CuTe C++'s notation: `(_4,(_2,n))`, `_` before a
    /// static leaf, no spaces.
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// The same tuple as a run-time tree.
    #[cfg(feature = "dynamic")]
    fn to_int_tuple(&self) -> cute_dynamic::IntTuple;

    /// The tuple of this type whose run-time tree is `t`: `None` if `t` does
    /// not have this type's profile or differs from a static leaf.
    #[cfg(feature = "dynamic")]
    fn from_int_tuple(t: &cute_dynamic::IntTuple) -> Option<Self>;

    /// Writes this type's pattern: `_4` for a static leaf, `?` for a
    /// dynamic one, `(...)` for a tuple.
    fn fmt_pattern(f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

/// A type-level truth value with the connectives the algebra needs, as
/// associated types (so generic code needs no extra bounds to combine them).
pub trait StaticBit: Bit + Default + Copy + 'static {
    /// `self && R`.
    type And<R: StaticBit>: StaticBit;
    /// `self || R`.
    type Or<R: StaticBit>: StaticBit;
    /// `!self`.
    type Not: StaticBit;
    /// `if self { T } else { F }`: a choice between two types the caller
    /// can name, which computes neither.
    type Select<T, F>;
}
impl StaticBit for B0 {
    type And<R: StaticBit> = B0;
    type Or<R: StaticBit> = R;
    type Not = B1;
    type Select<T, F> = F;
}
impl StaticBit for B1 {
    type And<R: StaticBit> = R;
    type Or<R: StaticBit> = B1;
    type Not = B0;
    type Select<T, F> = T;
}

/// A tuple (an HList) of hierarchical tuples: `HNil` or `HCons<H, T>`.
#[diagnostic::on_unimplemented(
    message = "CuTe: `{Self}` is not a tuple (an HList of hierarchical tuples)"
)]
pub trait Tuple: HTuple + frunk_core::hlist::HList {
    /// Writes the elements, each preceded by `,` unless `first`.
    #[doc(hidden)]
    fn fmt_elems(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result;
    /// Appends the elements as run-time trees.
    #[cfg(feature = "dynamic")]
    #[doc(hidden)]
    fn push_elems(&self, out: &mut Vec<cute_dynamic::IntTuple>);
    /// The tuple whose elements are the run-time trees `v` (as many as the
    /// rank).
    #[cfg(feature = "dynamic")]
    #[doc(hidden)]
    fn from_elems(v: &[cute_dynamic::IntTuple]) -> Option<Self>;
    /// Writes the elements' patterns.
    #[doc(hidden)]
    fn fmt_pattern_elems(f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result;
}

/// An integer leaf: `UTerm`, `UInt<U, B>` (static) or `i64` (dynamic).
#[diagnostic::on_unimplemented(
    message = "CuTe: `{Self}` is not an integer leaf (a typenum integer or `i64`)"
)]
pub trait Leaf: HTuple + KnownInt {
    /// The value of a static leaf (0 for a dynamic one).
    #[doc(hidden)]
    const CONST: i64;
    /// The leaf whose value is `v`: a dynamic leaf is `v`; a static leaf is
    /// its type's value and `v` is ignored (the callers computed the same
    /// number, or never call this for a static result).
    fn from_i64(v: i64) -> Self;
}

/// `a * b` in `i64`, `None` on overflow or if either is `None`.
const fn checked_mul(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(x), Some(y)) => x.checked_mul(y),
        _ => None,
    }
}

/// `a + b` in `i64`, `None` on overflow or if either is `None`.
const fn checked_add(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(x), Some(y)) => x.checked_add(y),
        _ => None,
    }
}

/// The largest distance `(s - 1) * |d|` a leaf `s:d` spans, `None` if it
/// leaves the `i64` range.
const fn leaf_span(s: i64, d: i64) -> Option<i64> {
    if s < 1 {
        return Some(0);
    }
    match d.checked_abs() {
        Some(a) => (s - 1).checked_mul(a),
        None => None,
    }
}

/// A static leaf: `UTerm` or `UInt<U, B>`, with its value as a typenum
/// integer and a default (its only) value.
#[diagnostic::on_unimplemented(
    message = "CuTe: `{Self}` is not a static integer leaf (a typenum integer)"
)]
pub trait StaticLeaf: Leaf + Unsigned + Default {}

// leaf: UTerm, UInt<U, B> (static)
macro_rules! static_leaf {
    ([$($g:tt)*] $t:ty) => {
        impl<$($g)*> sealed::Sealed for $t {}
        impl<$($g)*> Leaf for $t {
            const CONST: i64 = <$t as Unsigned>::I64;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn from_i64(_: i64) -> Self {
                Default::default()
            }
        }
        impl<$($g)*> StaticLeaf for $t {}
        /// A static leaf: `rank = 1`, `depth = 0`.
        impl<$($g)*> HTuple for $t {
            const IS_STATIC: bool = true;
            type AllStatic = B1;
            const IS_LEAF: bool = true;
            const RANK: usize = 1;
            const DEPTH: usize = 0;
            const LEAVES: usize = 1;
            const STATIC_SIZE: Option<i64> = Some(<$t as Unsigned>::I64);
            type Div = ();
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn divisors(&self) -> Option<()> {
                Some(())
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn pow2_divisors(_: &()) -> bool {
                true
            }
            fn visit(&self, f: &mut dyn FnMut(i64, bool)) {
                f(<$t as Unsigned>::I64, true)
            }
            fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "_{}", <$t as Unsigned>::I64)
            }
            #[cfg(feature = "dynamic")]
            fn to_int_tuple(&self) -> cute_dynamic::IntTuple {
                cute_dynamic::HTuple::Leaf(<$t as Unsigned>::I64)
            }
            #[cfg(feature = "dynamic")]
            fn from_int_tuple(t: &cute_dynamic::IntTuple) -> Option<Self> {
                match t {
                    cute_dynamic::HTuple::Leaf(v) if *v == <$t as Unsigned>::I64 => Some(Default::default()),
                    _ => None,
                }
            }
            fn fmt_pattern(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "_{}", <$t as Unsigned>::I64)
            }
        }
    };
}
static_leaf!([] UTerm);
static_leaf!([U: Unsigned, B: Bit] UInt<U, B>);

// leaf: i64 (dynamic)
impl sealed::Sealed for i64 {}
impl Leaf for i64 {
    const CONST: i64 = 0;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn from_i64(v: i64) -> Self {
        v
    }
}
/// A dynamic leaf: `rank = 1`, `depth = 0`.
impl HTuple for i64 {
    const IS_STATIC: bool = false;
    type AllStatic = B0;
    const IS_LEAF: bool = true;
    const RANK: usize = 1;
    const DEPTH: usize = 0;
    const LEAVES: usize = 1;
    const STATIC_SIZE: Option<i64> = Some(1);
    type Div = FastDivmod;
    #[inline]
    fn divisors(&self) -> Option<FastDivmod> {
        FastDivmod::from_i64(*self).ok()
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn pow2_divisors(v: &FastDivmod) -> bool {
        v.log2().is_some()
    }
    fn visit(&self, f: &mut dyn FnMut(i64, bool)) {
        f(*self, false)
    }
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
    #[cfg(feature = "dynamic")]
    fn to_int_tuple(&self) -> cute_dynamic::IntTuple {
        cute_dynamic::HTuple::Leaf(*self)
    }
    #[cfg(feature = "dynamic")]
    fn from_int_tuple(t: &cute_dynamic::IntTuple) -> Option<Self> {
        match t {
            cute_dynamic::HTuple::Leaf(v) => Some(*v),
            _ => None,
        }
    }
    fn fmt_pattern(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("?")
    }
}

// tuple: HNil
impl sealed::Sealed for HNil {}
/// The empty tuple: `rank = 0`, `depth = 1`.
impl HTuple for HNil {
    const IS_STATIC: bool = true;
    type AllStatic = B1;
    const IS_LEAF: bool = false;
    const RANK: usize = 0;
    const DEPTH: usize = 1;
    const LEAVES: usize = 0;
    const STATIC_SIZE: Option<i64> = Some(1);
    type Div = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn divisors(&self) -> Option<HNil> {
        Some(HNil)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn pow2_divisors(_: &HNil) -> bool {
        true
    }
    fn visit(&self, _: &mut dyn FnMut(i64, bool)) {}
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
    #[cfg(feature = "dynamic")]
    fn to_int_tuple(&self) -> cute_dynamic::IntTuple {
        cute_dynamic::HTuple::empty()
    }
    #[cfg(feature = "dynamic")]
    fn from_int_tuple(t: &cute_dynamic::IntTuple) -> Option<Self> {
        match t {
            cute_dynamic::HTuple::Tuple(v) if v.is_empty() => Some(HNil),
            _ => None,
        }
    }
    fn fmt_pattern(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
}
impl Tuple for HNil {
    fn fmt_elems(&self, _: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
    #[cfg(feature = "dynamic")]
    fn push_elems(&self, _: &mut Vec<cute_dynamic::IntTuple>) {}
    #[cfg(feature = "dynamic")]
    fn from_elems(v: &[cute_dynamic::IntTuple]) -> Option<Self> {
        v.is_empty().then_some(HNil)
    }
    fn fmt_pattern_elems(_: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
}

// tuple: HCons<H, T>
impl<H: HTuple, T: Tuple> sealed::Sealed for HCons<H, T> {}
/// `rank((h, t...)) = 1 + rank((t...))`,
/// `depth((h, t...)) = max(1 + depth(h), depth((t...)))`.
impl<H: HTuple, T: Tuple> HTuple for HCons<H, T> {
    const IS_STATIC: bool = H::IS_STATIC && T::IS_STATIC;
    type AllStatic = <H::AllStatic as StaticBit>::And<T::AllStatic>;
    const IS_LEAF: bool = false;
    const RANK: usize = 1 + T::RANK;
    const DEPTH: usize = if H::DEPTH + 1 > T::DEPTH {
        H::DEPTH + 1
    } else {
        T::DEPTH
    };
    const LEAVES: usize = H::LEAVES + T::LEAVES;
    const STATIC_SIZE: Option<i64> = checked_mul(H::STATIC_SIZE, T::STATIC_SIZE);
    type Div = HCons<H::Div, T::Div>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn divisors(&self) -> Option<Self::Div> {
        Some(HCons {
            head: self.head.divisors()?,
            tail: self.tail.divisors()?,
        })
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn pow2_divisors(v: &Self::Div) -> bool {
        H::pow2_divisors(&v.head) & T::pow2_divisors(&v.tail)
    }
    fn visit(&self, f: &mut dyn FnMut(i64, bool)) {
        self.head.visit(f);
        self.tail.visit(f);
    }
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.fmt_elems(f, true)?;
        f.write_str(")")
    }
    #[cfg(feature = "dynamic")]
    fn to_int_tuple(&self) -> cute_dynamic::IntTuple {
        let mut v = Vec::with_capacity(Self::RANK);
        self.push_elems(&mut v);
        cute_dynamic::HTuple::Tuple(v)
    }
    #[cfg(feature = "dynamic")]
    fn from_int_tuple(t: &cute_dynamic::IntTuple) -> Option<Self> {
        match t {
            cute_dynamic::HTuple::Tuple(v) if v.len() == Self::RANK => Self::from_elems(v),
            _ => None,
        }
    }
    fn fmt_pattern(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        Self::fmt_pattern_elems(f, true)?;
        f.write_str(")")
    }
}
impl<H: HTuple, T: Tuple> Tuple for HCons<H, T> {
    fn fmt_elems(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        self.head.fmt_cute(f)?;
        self.tail.fmt_elems(f, false)
    }
    #[cfg(feature = "dynamic")]
    fn push_elems(&self, out: &mut Vec<cute_dynamic::IntTuple>) {
        out.push(self.head.to_int_tuple());
        self.tail.push_elems(out);
    }
    #[cfg(feature = "dynamic")]
    fn from_elems(v: &[cute_dynamic::IntTuple]) -> Option<Self> {
        let (h, t) = v.split_first()?;
        Some(HCons {
            head: H::from_int_tuple(h)?,
            tail: T::from_elems(t)?,
        })
    }
    fn fmt_pattern_elems(f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        H::fmt_pattern(f)?;
        T::fmt_pattern_elems(f, false)
    }
}

/// Displays an HTuple in CuTe C++'s notation, `(_4,(_2,n))`.
///
/// # Examples
/// ```
/// use cute_static::{htuple::Cute, shape};
/// assert_eq!(Cute(shape!(4, (2, {3}))).to_string(), "(_4,(_2,3))");
/// ```
#[derive(Clone, Copy, PartialEq)]
pub struct Cute<T>(pub T);

impl<T: HTuple> fmt::Display for Cute<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_cute(f)
    }
}

impl<T: HTuple> fmt::Debug for Cute<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_cute(f)
    }
}

// ------------------------------------------------------------------ static

/// Every leaf is static: the tuple is defined completely by its type.
#[diagnostic::on_unimplemented(
    message = "CuTe: this layout has a dynamic leaf where a static layout is required",
    label = "this tuple has a dynamic (`i64`) leaf",
    note = "a layout with dynamic leaves is built with `Layout::try_new`, which checks them at run time; `layout!` does so for `{{expr}}` leaves"
)]
pub trait StaticTuple: HTuple + Default {}
/// `UTerm` is static.
impl StaticTuple for UTerm {}
/// `UInt<U, B>` is static.
impl<U: Unsigned, B: Bit> StaticTuple for UInt<U, B> {}
/// `()` is static.
impl StaticTuple for HNil {}
/// `(h, t...)` is static iff `h` and `(t...)` are.
impl<H: StaticTuple, T: StaticTuple + Tuple> StaticTuple for HCons<H, T> {}

// ------------------------------------------------------------------ rank

/// `rank`: the number of top-level modes, as a typenum integer.
///
/// # Examples
/// ```
/// use cute_static::htuple::RankOf;
/// use cute_static::Shape;
/// use typenum::Unsigned;
/// assert_eq!(<RankOf<Shape![3, (2, 4), 5]>>::USIZE, 3);
/// assert_eq!(<RankOf<Shape![42]>>::USIZE, 1);
/// assert_eq!(<RankOf<Shape![()]>>::USIZE, 0);
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe rank: `{Self}` is not a shape, stride or coordinate"
)]
pub trait Rank: sealed::Sealed {
    /// The rank.
    type Output: Unsigned;
    /// The rank as a number.
    const VALUE: usize = <Self::Output as Unsigned>::USIZE;
}
/// The rank of `T`.
pub type RankOf<T> = <T as Rank>::Output;

macro_rules! leaf_rank_depth {
    ([$($g:tt)*] $t:ty) => {
        /// `rank(leaf) = 1`.
        impl<$($g)*> Rank for $t {
            type Output = U1;
        }
        /// `depth(leaf) = 0`.
        impl<$($g)*> Depth for $t {
            type Output = U0;
        }
    };
}
leaf_rank_depth!([] UTerm);
leaf_rank_depth!([U: Unsigned, B: Bit] UInt<U, B>);
leaf_rank_depth!([] i64);

/// `rank(()) = 0`.
impl Rank for HNil {
    type Output = U0;
}
/// `rank((h, t...)) = 1 + rank((t...))`.
impl<H: HTuple, T: Tuple + Rank> Rank for HCons<H, T>
where
    T::Output: Add<B1>,
    Add1<T::Output>: Unsigned,
{
    type Output = Add1<T::Output>;
}

// ------------------------------------------------------------------ depth

/// `depth`: the nesting depth, as a typenum integer.
///
/// # Examples
/// ```
/// use cute_static::htuple::DepthOf;
/// use cute_static::Shape;
/// use typenum::Unsigned;
/// assert_eq!(<DepthOf<Shape![42]>>::USIZE, 0);
/// assert_eq!(<DepthOf<Shape![3, 4]>>::USIZE, 1);
/// assert_eq!(<DepthOf<Shape![3, (2, (4, 5))]>>::USIZE, 3);
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe depth: `{Self}` is not a shape, stride or coordinate"
)]
pub trait Depth: sealed::Sealed {
    /// The depth.
    type Output: Unsigned;
    /// The depth as a number.
    const VALUE: usize = <Self::Output as Unsigned>::USIZE;
}
/// The depth of `T`.
pub type DepthOf<T> = <T as Depth>::Output;

/// `depth(()) = 1`.
impl Depth for HNil {
    type Output = U1;
}
/// `depth((h, t...)) = max(1 + depth(h), depth((t...)))`.
impl<H: HTuple + Depth, T: Tuple + Depth> Depth for HCons<H, T>
where
    H::Output: Add<B1>,
    Add1<H::Output>: Max<T::Output>,
    Maximum<Add1<H::Output>, T::Output>: Unsigned,
{
    type Output = Maximum<Add1<H::Output>, T::Output>;
}

// ------------------------------------------------------------------ concat, flatten

/// Concatenation of two tuples: `(a...) ++ (b...) = (a..., b...)`.
#[diagnostic::on_unimplemented(message = "CuTe: `{Self}` and `{R}` are not tuples to concatenate")]
pub trait Concat<R: Tuple>: Tuple {
    /// The concatenation.
    type Output: Tuple;
    /// The concatenation.
    fn concat(self, rhs: R) -> Self::Output;
}
/// `() ++ r = r`.
impl<R: Tuple> Concat<R> for HNil {
    type Output = R;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn concat(self, rhs: R) -> R {
        rhs
    }
}
/// `(h, t...) ++ r = (h, (t... ++ r)...)`.
impl<H: HTuple, T: Concat<R>, R: Tuple> Concat<R> for HCons<H, T> {
    type Output = HCons<H, T::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn concat(self, rhs: R) -> Self::Output {
        HCons {
            head: self.head,
            tail: self.tail.concat(rhs),
        }
    }
}
/// `a ++ b`.
pub type Concatenated<A, B> = <A as Concat<B>>::Output;

/// `flatten`: the leaves, as a flat tuple.
///
/// # Examples
/// ```
/// use cute_static::htuple::{Flatten, Flattened};
/// use cute_static::{shape, Shape};
/// static_assertions::assert_type_eq_all!(Flattened<Shape![(2, 3), 4]>, Shape![2, 3, 4]);
/// static_assertions::assert_type_eq_all!(Flattened<Shape![42]>, Shape![(42,)]);
/// assert_eq!(shape!((2, {3}), 4).flatten(), shape!(2, {3}, 4));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe flatten: `{Self}` is not a shape, stride or coordinate"
)]
pub trait Flatten: HTuple {
    /// The flat tuple of the leaves.
    type Output: Tuple;
    /// The flat tuple of the leaves.
    fn flatten(self) -> Self::Output;
}
/// The leaves of `T`, as a flat tuple.
pub type Flattened<T> = <T as Flatten>::Output;

macro_rules! leaf_flatten {
    ([$($g:tt)*] $t:ty) => {
        /// `flatten(leaf) = (leaf,)`.
        impl<$($g)*> Flatten for $t {
            type Output = HCons<$t, HNil>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn flatten(self) -> Self::Output {
                HCons { head: self, tail: HNil }
            }
        }
    };
}
leaf_flatten!([] UTerm);
leaf_flatten!([U: Unsigned, B: Bit] UInt<U, B>);
leaf_flatten!([] i64);
/// `flatten(()) = ()`.
impl Flatten for HNil {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn flatten(self) -> HNil {
        HNil
    }
}
/// `flatten((h, t...)) = flatten(h) ++ flatten((t...))`.
impl<H: Flatten, T: Tuple + Flatten> Flatten for HCons<H, T>
where
    H::Output: Concat<T::Output>,
{
    type Output = Concatenated<H::Output, T::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn flatten(self) -> Self::Output {
        self.head.flatten().concat(self.tail.flatten())
    }
}

// ------------------------------------------------------------------ get, select

/// `get<I>`: the mode at the static index `I` (a typenum integer).
///
/// # Examples
/// ```
/// use cute_static::htuple::{Get, ModeOf};
/// use cute_static::{shape, Shape};
/// use typenum::{U0, U1};
/// static_assertions::assert_type_eq_all!(ModeOf<Shape![3, (2, 4)], U1>, Shape![2, 4]);
/// assert_eq!(Get::<U0>::get(&shape!({3}, (2, 4))), 3);
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe get: the mode index is out of range (modes are numbered from 0 to rank - 1)",
    label = "no mode at this index",
    note = "a layout or tuple of rank r has the modes 0, 1, ..., r - 1"
)]
pub trait Get<I>: HTuple {
    /// The mode.
    type Output: HTuple;
    /// The mode.
    fn get(&self) -> Self::Output;
}
/// The mode of `T` at the static index `I`.
pub type ModeOf<T, I> = <T as Get<I>>::Output;

/// `get<0>((h, t...)) = h`.
impl<H: HTuple, T: Tuple> Get<UTerm> for HCons<H, T> {
    type Output = H;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn get(&self) -> H {
        self.head
    }
}
/// `get<i>((h, t...)) = get<i-1>((t...))` for `i > 0`.
impl<H: HTuple, T: Tuple, U: Unsigned, B: Bit> Get<UInt<U, B>> for HCons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: Get<Sub1<UInt<U, B>>>,
{
    type Output = <T as Get<Sub1<UInt<U, B>>>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn get(&self) -> Self::Output {
        self.tail.get()
    }
}

/// `select<I...>`: the modes at the static indices of the tuple `Is` (an
/// HList of typenum integers).
///
/// # Examples
/// ```
/// use cute_static::htuple::Selected;
/// use cute_static::Shape;
/// use typenum::{U1, U3};
/// use frunk_core::HList;
/// static_assertions::assert_type_eq_all!(Selected<Shape![2, 3, 5, 7], HList![U3, U1]>, Shape![7, 3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe select: a mode index is out of range (modes are numbered from 0 to rank - 1)",
    note = "modes are numbered from 0 to rank - 1"
)]
pub trait Select<Is>: HTuple {
    /// The selected modes.
    type Output: Tuple;
    /// The selected modes.
    fn select(&self) -> Self::Output;
}
/// The modes of `T` at the indices `Is`.
pub type Selected<T, Is> = <T as Select<Is>>::Output;

/// `select<>(t) = ()`.
impl<T: HTuple> Select<HNil> for T {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn select(&self) -> HNil {
        HNil
    }
}
/// `select<i, is...>(t) = (get<i>(t), select<is...>(t)...)`.
impl<T: HTuple + Get<I> + Select<Is>, I, Is> Select<HCons<I, Is>> for T {
    type Output = HCons<<T as Get<I>>::Output, <T as Select<Is>>::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn select(&self) -> Self::Output {
        HCons {
            head: Get::<I>::get(self),
            tail: Select::<Is>::select(self),
        }
    }
}

/// A mode index as a const generic: `Idx<N>` names the typenum integer
/// `UN` for `N < 64` (through [`ToIndex`]).
pub struct Idx<const N: usize>;

/// The typenum integer of a const-generic mode index.
#[diagnostic::on_unimplemented(
    message = "CuTe: mode index {Self} is out of range: static mode indices go up to 63"
)]
pub trait ToIndex {
    /// The typenum integer.
    type Index: Unsigned;
}
macro_rules! indices {
    ($($n:literal => $u:ident),*) => { $(impl ToIndex for Idx<$n> { type Index = typenum::$u; })* };
}
indices!(0 => U0, 1 => U1, 2 => U2, 3 => U3, 4 => U4, 5 => U5, 6 => U6, 7 => U7, 8 => U8, 9 => U9,
    10 => U10, 11 => U11, 12 => U12, 13 => U13, 14 => U14, 15 => U15, 16 => U16, 17 => U17, 18 => U18,
    19 => U19, 20 => U20, 21 => U21, 22 => U22, 23 => U23, 24 => U24, 25 => U25, 26 => U26, 27 => U27,
    28 => U28, 29 => U29, 30 => U30, 31 => U31, 32 => U32, 33 => U33, 34 => U34, 35 => U35, 36 => U36,
    37 => U37, 38 => U38, 39 => U39, 40 => U40, 41 => U41, 42 => U42, 43 => U43, 44 => U44, 45 => U45,
    46 => U46, 47 => U47, 48 => U48, 49 => U49, 50 => U50, 51 => U51, 52 => U52, 53 => U53, 54 => U54,
    55 => U55, 56 => U56, 57 => U57, 58 => U58, 59 => U59, 60 => U60, 61 => U61, 62 => U62, 63 => U63);

/// The typenum integer of the const-generic index `N`.
pub type IndexOf<const N: usize> = <Idx<N> as ToIndex>::Index;

/// `get<I>(t)`: the mode of `t` at the const-generic index `I`.
///
/// # Pre-conditions
/// `I < rank(t)` (a trait bound: a compile error).
///
/// # Post-conditions
/// `result` is the `I`-th top-level mode of `t`.
///
/// # Errors
/// None.
///
/// # Examples
/// ```
/// use cute_static::htuple::get;
/// use cute_static::{shape, Shape};
/// let s = shape!(3, ({5}, 4));
/// assert_eq!(get::<1, _>(&s), shape!({5}, 4));
/// let _: Shape![3] = get::<0, _>(&s);
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn get<const I: usize, T>(t: &T) -> ModeOf<T, IndexOf<I>>
where
    Idx<I>: ToIndex,
    T: Get<IndexOf<I>>,
{
    t.get()
}

// ------------------------------------------------------------------ congruence

/// `congruent(Self, B)`: `Self` and `B` have the same profile (same tree,
/// any leaves). A layout's shape and stride must be congruent.
///
/// # Examples
/// ```
/// use cute_static::htuple::Congruent;
/// use cute_static::{shape, stride};
/// assert!(shape!(4, 8).congruent(&stride!(5, {7})));
/// ```
/// ```compile_fail
/// use cute_static::htuple::Congruent;
/// use cute_static::{shape, stride};
/// shape!(4, 8).congruent(&stride!(4, (2, 4))); // different profile
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe: the shape and the stride are not congruent (not the same hierarchical profile)",
    label = "the shape and the stride must have the same profile",
    note = "a layout's shape and stride must be congruent: same nesting and same rank at every level"
)]
pub trait Congruent<B>: HTuple {
    /// `sum (s - 1) * |d|` over the static leaves (dynamic ones count as 0),
    /// or `None` if it leaves the `i64` range: every offset of a static
    /// layout is at most this in absolute value.
    #[doc(hidden)]
    const STATIC_SPAN: Option<i64>;
    /// Visits pairs of corresponding leaves: `(self leaf, b leaf)`.
    fn zip_visit<F: FnMut(i64, i64)>(&self, b: &B, f: &mut F);
    /// Walks the pair as a layout `self:b` in preorder (see
    /// [`cute_core::bridge::Node`]); the tuple around `self` itself is the
    /// caller's to open and close.
    #[doc(hidden)]
    fn zip_walk(&self, b: &B, f: &mut dyn FnMut(Node));
    /// True (the check is the trait bound).
    fn congruent(&self, _: &B) -> bool {
        true
    }
}

/// A tuple facing a tuple: splits a non-empty tuple into head and tail.
#[diagnostic::on_unimplemented(
    message = "CuTe: not congruent: a tuple faces a leaf or a shorter tuple (the shape and stride must have the same profile)",
    note = "the other side is `{Self}`",
    note = "congruent tuples have the same nesting and the same rank at every level"
)]
pub trait NonEmpty: Tuple {
    /// The first mode.
    type Head: HTuple;
    /// The other modes.
    type Tail: Tuple;
    /// The first mode.
    fn head(&self) -> &Self::Head;
    /// The other modes.
    fn tail(&self) -> &Self::Tail;
}
impl<H: HTuple, T: Tuple> NonEmpty for HCons<H, T> {
    type Head = H;
    type Tail = T;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn head(&self) -> &H {
        &self.head
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn tail(&self) -> &T {
        &self.tail
    }
}

/// The end of a tuple facing the end of a tuple.
#[diagnostic::on_unimplemented(
    message = "CuTe: not congruent: the ranks differ (the shape and stride must have the same profile)",
    note = "one tuple ends where the other goes on with `{Self}`",
    note = "congruent tuples have the same nesting and the same rank at every level"
)]
pub trait Empty: Tuple {}
impl Empty for HNil {}

/// A leaf facing a leaf.
#[diagnostic::on_unimplemented(
    message = "CuTe: not congruent: a leaf faces a tuple (the shape and stride must have the same profile)",
    note = "the tuple is `{Self}`",
    note = "congruent tuples have the same nesting and the same rank at every level"
)]
pub trait LeafLike: HTuple {}
impl<L: Leaf> LeafLike for L {}

macro_rules! leaf_congruent {
    ([$($g:tt)*] $t:ty) => {
        /// `congruent(leaf, leaf)`.
        impl<$($g)* L: LeafLike + Leaf> Congruent<L> for $t {
            const STATIC_SPAN: Option<i64> = leaf_span(<$t as Leaf>::CONST, L::CONST);
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn zip_visit<F: FnMut(i64, i64)>(&self, b: &L, f: &mut F) {
                let mut other = 0;
                b.visit(&mut |x, _| other = x);
                f(self.get(), other)
            }
            fn zip_walk(&self, b: &L, f: &mut dyn FnMut(Node)) {
                f(Node::Leaf(LeafMode {
                    extent: LeafValue { value: self.get(), is_static: <$t as HTuple>::IS_STATIC },
                    stride: LeafValue { value: b.get(), is_static: <L as HTuple>::IS_STATIC },
                }))
            }
        }
        /// `weakly_congruent(leaf, anything)`.
        impl<$($g)* X: HTuple> WeaklyCongruent<X> for $t {}
    };
}
leaf_congruent!([] UTerm);
leaf_congruent!([U: Unsigned, B: Bit,] UInt<U, B>);
leaf_congruent!([] i64);
/// `congruent((), ())`.
impl<X: Empty> Congruent<X> for HNil {
    const STATIC_SPAN: Option<i64> = Some(0);
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zip_visit<F: FnMut(i64, i64)>(&self, _: &X, _: &mut F) {}
    fn zip_walk(&self, _: &X, _: &mut dyn FnMut(Node)) {}
}
/// `congruent((h, t...), (g, u...)) = congruent(h, g) && congruent((t...), (u...))`.
impl<H, T, X> Congruent<X> for HCons<H, T>
where
    X: NonEmpty,
    H: Congruent<X::Head>,
    T: Tuple + Congruent<X::Tail>,
{
    const STATIC_SPAN: Option<i64> = checked_add(H::STATIC_SPAN, T::STATIC_SPAN);
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zip_visit<F: FnMut(i64, i64)>(&self, b: &X, f: &mut F) {
        self.head.zip_visit(b.head(), f);
        self.tail.zip_visit(b.tail(), f);
    }
    fn zip_walk(&self, b: &X, f: &mut dyn FnMut(Node)) {
        if H::IS_LEAF {
            self.head.zip_walk(b.head(), f);
        } else {
            f(Node::Open);
            self.head.zip_walk(b.head(), f);
            f(Node::Close);
        }
        self.tail.zip_walk(b.tail(), f);
    }
}

/// `weakly_congruent(Self, B)`: `Self`'s profile coarsens `B`'s (a leaf of
/// `Self` may stand for a whole subtree of `B`). A coordinate must be weakly
/// congruent with the shape it indexes.
///
/// # Examples
/// ```
/// use cute_static::htuple::WeaklyCongruent;
/// use cute_static::Shape;
/// fn check<A: WeaklyCongruent<B>, B>() {}
/// check::<Shape![30], Shape![(3, 4), 5]>();
/// check::<Shape![3, 4], Shape![5, (6, 7)]>();
/// ```
/// ```compile_fail
/// use cute_static::htuple::WeaklyCongruent;
/// use cute_static::Shape;
/// fn check<A: WeaklyCongruent<B>, B>() {}
/// check::<Shape![3, 4], Shape![30]>(); // a tuple does not coarsen a leaf
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe: the profile `{Self}` is not weakly congruent with the profile `{B}`",
    label = "this profile does not coarsen the other",
    note = "a coordinate must have the shape's profile, or coarsen it: a leaf may stand for any subtree"
)]
pub trait WeaklyCongruent<B>: HTuple {}
/// `weakly_congruent((), ())`.
impl WeaklyCongruent<HNil> for HNil {}
/// `weakly_congruent((h, t...), (g, u...)) = weakly_congruent(h, g) && weakly_congruent((t...), (u...))`.
impl<H: WeaklyCongruent<G>, T: Tuple + WeaklyCongruent<U>, G, U> WeaklyCongruent<HCons<G, U>>
    for HCons<H, T>
{
}

/// The leaves of `t`, left to right, and their number: `None` for more than
/// 64 (the leaves of a stride, paired in order with the shape's where their
/// congruence is known but not a bound).
pub(crate) fn leaves64<T: HTuple>(t: &T) -> Option<([i64; 64], usize)> {
    let mut out = [0_i64; 64];
    let mut n = 0;
    t.visit(&mut |x, _| {
        if n < out.len() {
            out[n] = x;
        }
        n += 1;
    });
    (n <= out.len()).then_some((out, n))
}

// ------------------------------------------------------------------ Rust tuples

/// Implements the trait `$tr` for the Rust tuples of one to eight elements
/// as it is implemented for the HList of the same elements: the associated
/// type `$assoc` is the HList's, and `$method` (if any) converts the tuple
/// to the HList and calls the HList's. Coordinates, tilers, projections and
/// `make_layout` take Rust tuples this way.
macro_rules! tuple_as_hlist {
    ($tr:ident, $assoc:ident $(, $method:ident)?) => {
        $crate::htuple::tuple_as_hlist!(@impl $tr, $assoc, [$($method)?]; A);
        $crate::htuple::tuple_as_hlist!(@impl $tr, $assoc, [$($method)?]; A, B);
        $crate::htuple::tuple_as_hlist!(@impl $tr, $assoc, [$($method)?]; A, B, C);
        $crate::htuple::tuple_as_hlist!(@impl $tr, $assoc, [$($method)?]; A, B, C, D);
        $crate::htuple::tuple_as_hlist!(@impl $tr, $assoc, [$($method)?]; A, B, C, D, E);
        $crate::htuple::tuple_as_hlist!(@impl $tr, $assoc, [$($method)?]; A, B, C, D, E, F);
        $crate::htuple::tuple_as_hlist!(@impl $tr, $assoc, [$($method)?]; A, B, C, D, E, F, G);
        $crate::htuple::tuple_as_hlist!(@impl $tr, $assoc, [$($method)?]; A, B, C, D, E, F, G, H);
    };
    (@impl $tr:ident, $assoc:ident, []; $($t:ident),+) => {
        /// A Rust tuple: as the HList of its elements.
        impl<$($t),+> $tr for ($($t,)+)
        where
            ::frunk_core::HList![$($t),+]: $tr,
        {
            type $assoc = <::frunk_core::HList![$($t),+] as $tr>::$assoc;
        }
    };
    (@impl $tr:ident, $assoc:ident, [$method:ident]; $($t:ident),+) => {
        /// A Rust tuple: as the HList of its elements.
        impl<$($t),+> $tr for ($($t,)+)
        where
            ::frunk_core::HList![$($t),+]: $tr,
        {
            type $assoc = <::frunk_core::HList![$($t),+] as $tr>::$assoc;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            #[allow(non_snake_case)]
            fn $method(self) -> Self::$assoc {
                let ($($t,)+) = self;
                ::frunk_core::hlist![$($t),+].$method()
            }
        }
    };
}
pub(crate) use tuple_as_hlist;

/// Implements the conversion trait `$tr` (normal form `$assoc`, conversion
/// `$method`) as the identity for the types listed, already in normal form:
/// `normal_form!(IntoCoord, Coord, into_coord; [] HNil, [U: Unsigned, B: Bit] UInt<U, B>)`.
macro_rules! normal_form {
    ($tr:ident, $assoc:ident, $method:ident; $([$($g:tt)*] $t:ty),+ $(,)?) => {$(
        /// Already in normal form.
        impl<$($g)*> $tr for $t {
            type $assoc = Self;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn $method(self) -> Self {
                self
            }
        }
    )+};
}
pub(crate) use normal_form;

/// Implements the conversion trait `$tr` (normal form `$assoc`, conversion
/// `$method`, if any) for HLists element by element: the HList of the
/// elements' normal forms, with the `where` bounds given.
macro_rules! hlist_map {
    ($tr:ident, $assoc:ident $(, $method:ident)? $(; where $($w:tt)*)?) => {
        /// An HList: the HList of its elements' normal forms.
        impl<H: $tr, T: $tr> $tr for ::frunk_core::hlist::HCons<H, T>
        $(where $($w)*)?
        {
            type $assoc = ::frunk_core::hlist::HCons<H::$assoc, T::$assoc>;
            $(
                #[cfg_attr(not(debug_assertions), inline(always))]
                #[cfg_attr(debug_assertions, inline)]
                fn $method(self) -> Self::$assoc {
                    ::frunk_core::hlist::HCons {
                        head: self.head.$method(),
                        tail: self.tail.$method(),
                    }
                }
            )?
        }
    };
}
pub(crate) use hlist_map;

#[cfg(all(test, feature = "dynamic"))]
mod tests {
    use super::*;
    use crate::{shape, Shape};
    use static_assertions::assert_type_eq_all;
    use typenum::{U2, U3, U4, U5, U6, U7};

    #[test]
    fn test_profile_constants() {
        type S = Shape![3, (2, (4, 5))];
        assert_eq!(S::RANK, 2);
        assert_eq!(S::DEPTH, 3);
        assert_eq!(S::LEAVES, 4);
        const { assert!(S::IS_STATIC) };
        const { assert!(!<Shape![3, {}]>::IS_STATIC) };
        assert_eq!(HNil::DEPTH, 1);
        assert_eq!(<Shape![42]>::RANK, 1);
        assert_eq!(<Shape![42]>::DEPTH, 0);
    }

    #[test]
    fn test_rank_depth() {
        assert_type_eq_all!(RankOf<Shape![3, (2, 4), 5]>, U3);
        assert_type_eq_all!(RankOf<Shape![()]>, U0);
        assert_type_eq_all!(DepthOf<Shape![3, (2, (4, 5))]>, U3);
        assert_type_eq_all!(DepthOf<Shape![7]>, U0);
        assert_eq!(<Shape![(1, 2), 3] as Rank>::VALUE, 2);
    }

    #[test]
    fn test_flatten() {
        assert_type_eq_all!(
            Flattened<Shape![(2, 3), (4, (5, 6))]>,
            Shape![2, 3, 4, 5, 6]
        );
        assert_type_eq_all!(Flattened<Shape![()]>, HNil);
        let n = 5_i64;
        assert_eq!(shape!((2, n), ((7,),)).flatten(), shape!(2, n, 7));
    }

    #[test]
    fn test_get_select() {
        type S = Shape![2, (3, 4), 5, 7];
        assert_type_eq_all!(ModeOf<S, U0>, U2);
        assert_type_eq_all!(ModeOf<S, U1>, Shape![3, 4]);
        assert_type_eq_all!(ModeOf<S, IndexOf<3>>, U7);
        assert_type_eq_all!(Selected<S, frunk_core::HList![U3, U0]>, Shape![7, 2]);
        let s = shape!(2, { 9 }, 5);
        assert_eq!(Get::<U1>::get(&s), 9);
        assert_eq!(
            Select::<frunk_core::HList![U1, U1]>::select(&s),
            shape!({ 9 }, { 9 })
        );
    }

    #[test]
    fn test_congruent_visit() {
        let mut pairs = Vec::new();
        shape!(4, (2, { 3 })).zip_visit(&shape!(1, ({ 8 }, 4)), &mut |a, b| pairs.push((a, b)));
        assert_eq!(pairs, vec![(4, 1), (2, 8), (3, 4)]);
    }

    #[test]
    fn test_printing() {
        assert_eq!(Cute(shape!((2, 2), 3)).to_string(), "((_2,_2),_3)");
        assert_eq!(Cute(shape!(4, { 6 })).to_string(), "(_4,6)");
        assert_eq!(Cute(shape!(8)).to_string(), "_8");
        assert_eq!(Cute(shape!(8,)).to_string(), "(_8)");
        assert_eq!(Cute(HNil).to_string(), "()");
        let _: (U4, U5, U6) = Default::default();
    }
}
