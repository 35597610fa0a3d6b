//! The profile functions of an HTuple: rank, depth, concatenation,
//! flattening, get and select.

use core::ops::{Add, Sub};

use frunk_core::hlist::{HCons, HNil};
use typenum::{Add1, Bit, Max, Maximum, Sub1, UInt, UTerm, Unsigned, B1, U0, U1};

use super::{sealed, HTuple, Tuple};

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
