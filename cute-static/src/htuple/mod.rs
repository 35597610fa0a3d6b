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

use cute_core::{FastDivmod, KnownInt};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, B0, B1};

mod congruence;
mod profile;

pub use congruence::{Congruent, Empty, LeafLike, NonEmpty, WeaklyCongruent};
pub use profile::{
    get, Concat, Concatenated, Depth, DepthOf, Flatten, Flattened, Get, Idx, IndexOf, ModeOf, Rank,
    RankOf, Select, Selected, ToIndex,
};

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
    /// True iff the last-child path of this tuple ends at a leaf: the leaf
    /// that keeps the whole quotient when an integer is split over the
    /// tuple's leaves ([`cute_core::kernel::eval::split`]). A leaf keeps it;
    /// a tuple whose last-child path ends at an empty tuple, `(4, ())`,
    /// drops it.
    #[doc(hidden)]
    const KEEPS_QUOTIENT: bool = Self::IS_LEAF;

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
    const KEEPS_QUOTIENT: bool = if T::RANK == 0 {
        H::KEEPS_QUOTIENT
    } else {
        T::KEEPS_QUOTIENT
    };
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

/// The leaves of `t`, left to right, and their number: `None` for more than
/// 64 (the leaves of a stride, paired in order with the shape's where their
/// congruence is known but not a bound).
#[inline(always)]
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
mod tests;
