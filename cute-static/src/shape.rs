//! Shapes as types: the domain of a layout.
//!
//! A shape is an HTuple of positive extents (Whitepaper, §2.2). This module
//! holds the functions of a shape, each a sealed trait with an `Output` type
//! (static where every leaf it reads is static, `i64` as soon as one is
//! dynamic, as CuTe C++ does with `Int<N>` and `int`) and a value method:
//!
//! | CuTe | trait | alias | equation |
//! |---|---|---|---|
//! | `size` / `product` | [`Size`] | [`SizeOf<S>`] | `size(leaf) = leaf`, `size((s...)) = prod size(s_i)` |
//! | `product_each` | [`ProductEach`] | [`ProductsEach<S>`] | `product_each((s...)) = (size(s_i)...)` |
//! | `prefix_product` | [`PrefixProduct`] | [`PrefixProducts<S, I>`] | `pp(leaf, i) = i`, `pp((h, t...), i) = (pp(h, i), pp((t...), i * size(h))...)` |
//! | compact column-major stride | [`PrefixProduct`] with `I = 1` | [`ColMajor<S>`] | `prefix_product(S, 1)` |
//! | `compatible` | [`Compatible`] | | `compatible(a, b)`: same size at every leaf of `a` |
//! | `idx2crd` | [`Idx2Crd`] | [`Idx2CrdOf<S, C>`] | static coordinates only |
//! | `crd2idx` | [`Crd2Idx`] | [`Crd2IdxOf<S, C>`] | static coordinates only |
//!
//! [`Extents`] is the compile-time check that no static extent is zero.

use cute_core::{IntAdd, IntDiv, IntMul, IntRem, KnownInt};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, IsEqual, UInt, UTerm, Unsigned, B1, U0, U1};

use crate::htuple::{HTuple, Leaf, Tuple};

// ------------------------------------------------------------------ extents

/// Every static extent is positive (a shape's leaves are positive integers;
/// dynamic ones are checked at run time by `Layout::try_new`).
///
/// # Examples
/// ```
/// use cute_static::shape::Extents;
/// use cute_static::Shape;
/// fn check<S: Extents>() {}
/// check::<Shape![4, (2, {})]>();
/// ```
/// ```compile_fail
/// use cute_static::shape::Extents;
/// use cute_static::Shape;
/// fn check<S: Extents>() {}
/// check::<Shape![4, (0, 2)]>(); // zero extent
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe: a shape extent is zero; every extent of a shape must be positive",
    label = "this shape has a zero extent",
    note = "a shape is a tuple of positive integers"
)]
pub trait Extents: HTuple {}
/// A positive static extent.
impl<U: Unsigned, B: Bit> Extents for UInt<U, B> {}
/// A dynamic extent, checked at run time.
impl Extents for i64 {}
/// The empty shape.
impl Extents for HNil {}
/// `(h, t...)` when `h` and `(t...)` are.
impl<H: Extents, T: Extents + Tuple> Extents for HCons<H, T> {}

// ------------------------------------------------------------------ size

/// `size`: the product of the leaves, static iff every leaf is.
///
/// # Examples
/// ```
/// use cute_static::shape::{Size, SizeOf};
/// use cute_static::{shape, Shape};
/// static_assertions::assert_type_eq_all!(SizeOf<Shape![3, (2, 4)]>, typenum::U24);
/// assert_eq!(shape!(3, (2, {4})).size(), 24_i64);
/// assert_eq!(<SizeOf<Shape![()]> as typenum::Unsigned>::I64, 1);
/// ```
#[diagnostic::on_unimplemented(message = "CuTe size: `{Self}` is not a shape")]
pub trait Size: HTuple {
    /// The size: a typenum integer, or `i64` if a leaf is dynamic.
    type Output: KnownInt + HTuple;
    /// The size.
    fn size(&self) -> Self::Output;
}
/// The size of the shape `S`.
pub type SizeOf<S> = <S as Size>::Output;

macro_rules! static_leaf_size {
    ([$($g:tt)*] $t:ty) => {
        /// `size(leaf) = leaf`.
        impl<$($g)*> Size for $t {
            type Output = $t;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn size(&self) -> $t {
                *self
            }
        }
    };
}
static_leaf_size!([] UTerm);
static_leaf_size!([U: Unsigned, B: Bit] UInt<U, B>);
/// `size(n) = n` for a dynamic leaf.
impl Size for i64 {
    type Output = i64;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn size(&self) -> i64 {
        *self
    }
}
/// `size(()) = 1`.
impl Size for HNil {
    type Output = U1;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn size(&self) -> U1 {
        U1::new()
    }
}
/// `size((h, t...)) = size(h) * size((t...))`.
impl<H: Size, T: Tuple + Size> Size for HCons<H, T>
where
    H::Output: IntMul<T::Output>,
    <H::Output as IntMul<T::Output>>::Output: HTuple + KnownInt,
{
    type Output = <H::Output as IntMul<T::Output>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn size(&self) -> Self::Output {
        // A static size is its type: no arithmetic to generate.
        if <Self::Output as HTuple>::IS_STATIC {
            return Default::default();
        }
        self.head.size().wrapping_int_mul(&self.tail.size())
    }
}

// ------------------------------------------------------------------ product_each

/// `product_each`: the size of each top-level mode.
///
/// # Examples
/// ```
/// use cute_static::shape::{ProductEach, ProductsEach};
/// use cute_static::{shape, Shape};
/// static_assertions::assert_type_eq_all!(ProductsEach<Shape![(2, 3), 4, (5, 6)]>, Shape![6, 4, 30]);
/// assert_eq!(shape!((2, {3}), 4).product_each(), shape!({6}, 4));
/// ```
#[diagnostic::on_unimplemented(message = "CuTe product_each: `{Self}` is not a shape")]
pub trait ProductEach: HTuple {
    /// The sizes of the modes.
    type Output: HTuple;
    /// The sizes of the modes.
    fn product_each(&self) -> Self::Output;
}
/// The size of each mode of `S`.
pub type ProductsEach<S> = <S as ProductEach>::Output;

macro_rules! leaf_product_each {
    ([$($g:tt)*] $t:ty) => {
        /// `product_each(leaf) = leaf`.
        impl<$($g)*> ProductEach for $t {
            type Output = $t;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn product_each(&self) -> $t {
                *self
            }
        }
    };
}
leaf_product_each!([] UTerm);
leaf_product_each!([U: Unsigned, B: Bit] UInt<U, B>);
leaf_product_each!([] i64);
/// `product_each(()) = ()`.
impl ProductEach for HNil {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn product_each(&self) -> HNil {
        HNil
    }
}
/// `product_each((h, t...)) = (size(h), product_each((t...))...)`.
impl<H: Size, T: Tuple + ProductEach> ProductEach for HCons<H, T>
where
    T::Output: Tuple,
{
    type Output = HCons<H::Output, T::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn product_each(&self) -> Self::Output {
        HCons {
            head: self.head.size(),
            tail: self.tail.product_each(),
        }
    }
}

// ------------------------------------------------------------------ prefix_product

/// `prefix_product(S, I)`: the exclusive prefix products of the leaves,
/// starting at `I`, in `S`'s profile. With `I = 1` it is the compact
/// column-major stride of `S`.
///
/// # Examples
/// ```
/// use cute_static::shape::{ColMajor, PrefixProduct};
/// use cute_static::{shape, Shape, Stride};
/// static_assertions::assert_type_eq_all!(ColMajor<Shape![3, (2, 4)]>, Stride![1, (3, 6)]);
/// assert_eq!(shape!(4, {8}, 2).prefix_product(2_i64), shape!({2}, {8}, {64}));
/// ```
#[diagnostic::on_unimplemented(message = "CuTe prefix_product: `{Self}` is not a shape")]
pub trait PrefixProduct<I>: HTuple {
    /// The prefix products.
    type Output: HTuple;
    /// The prefix products.
    fn prefix_product(&self, init: I) -> Self::Output;
}
/// The prefix products of `S` starting at `I`.
pub type PrefixProducts<S, I> = <S as PrefixProduct<I>>::Output;
/// The compact column-major stride of `S`: `prefix_product(S, 1)`.
pub type ColMajor<S> = <S as PrefixProduct<U1>>::Output;

macro_rules! leaf_prefix_product {
    ([$($g:tt)*] $t:ty) => {
        /// `prefix_product(leaf, i) = i`.
        impl<$($g)* I: KnownInt + HTuple> PrefixProduct<I> for $t {
            type Output = I;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn prefix_product(&self, init: I) -> I {
                init
            }
        }
    };
}
leaf_prefix_product!([] UTerm);
leaf_prefix_product!([U: Unsigned, B: Bit,] UInt<U, B>);
leaf_prefix_product!([] i64);
/// `prefix_product((), i) = ()`.
impl<I> PrefixProduct<I> for HNil {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn prefix_product(&self, _: I) -> HNil {
        HNil
    }
}
/// `prefix_product((h, t...), i) = (prefix_product(h, i), prefix_product((t...), i * size(h))...)`.
impl<H, T, I> PrefixProduct<I> for HCons<H, T>
where
    I: Copy + IntMul<SizeOf<H>>,
    H: Size + PrefixProduct<I>,
    T: Tuple + PrefixProduct<<I as IntMul<SizeOf<H>>>::Output>,
    PrefixProducts<T, <I as IntMul<SizeOf<H>>>::Output>: Tuple,
{
    type Output = HCons<PrefixProducts<H, I>, PrefixProducts<T, <I as IntMul<SizeOf<H>>>::Output>>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn prefix_product(&self, init: I) -> Self::Output {
        if <Self::Output as HTuple>::IS_STATIC {
            return Default::default();
        }
        HCons {
            head: PrefixProduct::<I>::prefix_product(&self.head, init),
            tail: self
                .tail
                .prefix_product(init.wrapping_int_mul(&self.head.size())),
        }
    }
}

// ------------------------------------------------------------------ compatible

/// Two sizes that must be equal: checked at compile time when both are
/// static, at run time otherwise.
#[diagnostic::on_unimplemented(
    message = "CuTe compatible: the sizes differ (`{Self}` vs `{R}`)",
    label = "a leaf of the first shape must have the size of the corresponding mode of the second"
)]
pub trait SameSize<R> {}
/// Static sizes: equal at compile time.
impl<U: Unsigned, B: Bit, RU: Unsigned, RB: Bit> SameSize<UInt<RU, RB>> for UInt<U, B> where
    UInt<U, B>: IsEqual<UInt<RU, RB>, Output = B1>
{
}
/// A dynamic size: checked at run time.
impl<U: Unsigned, B: Bit> SameSize<i64> for UInt<U, B> {}
/// A dynamic size: checked at run time.
impl<R> SameSize<R> for i64 {}

/// `compatible(Self, B)`: every coordinate of `Self` is a coordinate of `B`
/// (`Self ≼ B`): `B` refines each leaf of `Self` into a mode of the same
/// size. Static sizes are compared at compile time, dynamic ones by
/// [`Compatible::compatible`].
///
/// # Examples
/// ```
/// use cute_static::shape::Compatible;
/// use cute_static::{shape, Shape};
/// fn check<A: Compatible<B>, B>() {}
/// check::<Shape![30], Shape![2, (3, 5)]>();
/// check::<Shape![24], Shape![(24,)]>();
/// assert!(shape!({30}).compatible(&shape!(2, 15)));
/// assert!(!shape!({24}).compatible(&shape!(2, 15)));
/// ```
/// ```compile_fail
/// use cute_static::shape::Compatible;
/// use cute_static::Shape;
/// fn check<A: Compatible<B>, B>() {}
/// check::<Shape![(2, (3, 5))], Shape![(3, 2), 5]>(); // same size, incompatible
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe compatible: the first shape is not compatible with the second",
    note = "compatible(a, b) needs the profile of a to coarsen that of b, each leaf of a with the size of its mode of b"
)]
pub trait Compatible<B>: HTuple {
    /// True iff the dynamic sizes agree too (the static ones are checked by
    /// the trait bound).
    fn compatible(&self, b: &B) -> bool;
}
/// `compatible(n, b) = n == size(b)`.
impl<U: Unsigned, B: Bit, X: Size> Compatible<X> for UInt<U, B>
where
    UInt<U, B>: SameSize<X::Output>,
{
    #[inline]
    fn compatible(&self, b: &X) -> bool {
        self.get() == b.size().get()
    }
}
/// `compatible(n, b) = n == size(b)`, at run time.
impl<X: Size> Compatible<X> for i64 {
    #[inline]
    fn compatible(&self, b: &X) -> bool {
        *self == b.size().get()
    }
}
/// `compatible((), ())`.
impl Compatible<HNil> for HNil {
    #[inline]
    fn compatible(&self, _: &HNil) -> bool {
        true
    }
}
/// `compatible((h, t...), (g, u...)) = compatible(h, g) && compatible((t...), (u...))`.
impl<H: Compatible<G>, T: Tuple + Compatible<V>, G, V> Compatible<HCons<G, V>> for HCons<H, T> {
    #[inline]
    fn compatible(&self, b: &HCons<G, V>) -> bool {
        self.head.compatible(&b.head) && self.tail.compatible(&b.tail)
    }
}

// ------------------------------------------------------------------ idx2crd, crd2idx

/// Floor division and remainder of `i` by an extent `s`, `(i mod s, i div s)`;
/// a non-positive extent (a shape built without a check) keeps `i` whole.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn split(i: i64, s: i64) -> (i64, i64) {
    if s > 0 {
        (i.rem_euclid(s), i.div_euclid(s))
    } else {
        (i, 0)
    }
}

/// `idx2crd(C, Self)`: the natural coordinate of the integral coordinate
/// `C` (or, for a tuple `C`, of each of its entries in the corresponding
/// mode) in the shape `Self`: colexicographic, floor division, the last mode
/// keeping the quotient (so an out-of-bounds index accumulates there).
///
/// One trait computes both the coordinate's type and its value: a static
/// coordinate in a static shape gives a static coordinate (a type, computed
/// by the compiler, whose value is zero-sized); a leaf of the result that
/// depends on a dynamic leaf (of the index or the shape) is an `i64`.
///
/// ```text
/// idx2crd(c, s)              = c                                  (leaf shape)
/// idx2crd(c, (h,))           = (idx2crd(c, h),)
/// idx2crd(c, (h, t...))      = (idx2crd(c % size(h), h), idx2crd(c / size(h), (t...))...)
/// idx2crd((c, cs...), (h, t...)) = (idx2crd(c, h), idx2crd((cs...), (t...))...)
/// ```
///
/// # Examples
/// ```
/// use cute_static::shape::{Idx2Crd, Idx2CrdOf};
/// use cute_static::{coord, shape, Coord, Shape};
/// static_assertions::assert_type_eq_all!(Idx2CrdOf<Shape![3, (2, 4)], Coord![7]>, Coord![1, (0, 1)]);
/// static_assertions::assert_type_eq_all!(Idx2CrdOf<Shape![3, 7, 2], Coord![42]>, Coord![0, 0, 2]);
/// static_assertions::assert_type_eq_all!(Idx2CrdOf<Shape![3, (2, 4)], Coord![1, 7]>, Coord![1, (1, 3)]);
/// assert_eq!(Idx2Crd::<i64>::idx2crd(&shape!(3, (2, 4)), 7), coord!({1}, ({0}, {1})));
/// assert_eq!(Idx2Crd::<i64>::idx2crd(&shape!(3, 7, {2}), 42), coord!({0}, {0}, {2}));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe idx2crd: the coordinate is not weakly congruent with the shape",
    note = "at the mismatch, the coordinate is `{C}` and the shape `{Self}`"
)]
pub trait Idx2Crd<C>: HTuple {
    /// The natural coordinate.
    type Output: HTuple;
    /// The natural coordinate of `c`.
    fn idx2crd(&self, c: C) -> Self::Output;
}
/// The natural coordinate of `C` in the shape `S`.
pub type Idx2CrdOf<S, C> = <S as Idx2Crd<C>>::Output;

macro_rules! idx2crd_leaf {
    ([$($g:tt)*] $c:ty) => {
        /// `idx2crd(c, s) = c` for a leaf shape.
        impl<$($g)* SU: Unsigned, SB: Bit> Idx2Crd<$c> for UInt<SU, SB> {
            type Output = $c;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn idx2crd(&self, c: $c) -> $c {
                c
            }
        }
        /// `idx2crd(c, s) = c` for a leaf shape.
        impl<$($g)*> Idx2Crd<$c> for i64 {
            type Output = $c;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn idx2crd(&self, c: $c) -> $c {
                c
            }
        }
        /// `idx2crd(c, (h,)) = (idx2crd(c, h),)`: the last mode takes it all.
        impl<$($g)* H: Idx2Crd<$c>> Idx2Crd<$c> for HCons<H, HNil> {
            type Output = HCons<H::Output, HNil>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn idx2crd(&self, c: $c) -> Self::Output {
                HCons { head: self.head.idx2crd(c), tail: HNil }
            }
        }
        /// `idx2crd(c, (h, t...)) = (idx2crd(c % size(h), h), idx2crd(c / size(h), (t...))...)`.
        impl<$($g)* H, H2, T2> Idx2Crd<$c> for HCons<H, HCons<H2, T2>>
        where
            H: Size,
            H2: HTuple,
            T2: Tuple,
            $c: IntRem<SizeOf<H>> + IntDiv<SizeOf<H>>,
            <$c as IntRem<SizeOf<H>>>::Output: Leaf,
            <$c as IntDiv<SizeOf<H>>>::Output: Leaf,
            H: Idx2Crd<<$c as IntRem<SizeOf<H>>>::Output>,
            HCons<H2, T2>: Idx2Crd<<$c as IntDiv<SizeOf<H>>>::Output>,
            Idx2CrdOf<HCons<H2, T2>, <$c as IntDiv<SizeOf<H>>>::Output>: Tuple,
        {
            type Output = HCons<
                Idx2CrdOf<H, <$c as IntRem<SizeOf<H>>>::Output>,
                Idx2CrdOf<HCons<H2, T2>, <$c as IntDiv<SizeOf<H>>>::Output>,
            >;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn idx2crd(&self, c: $c) -> Self::Output {
                if <Self::Output as HTuple>::IS_STATIC {
                    return Default::default();
                }
                let (r, q) = split(c.get(), self.head.size().get());
                HCons {
                    head: self.head.idx2crd(Leaf::from_i64(r)),
                    tail: self.tail.idx2crd(Leaf::from_i64(q)),
                }
            }
        }
        /// `crd2idx(c, s) = c` for an integral coordinate.
        impl<$($g)* S: HTuple> Crd2Idx<$c> for S {
            type Output = $c;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn crd2idx(&self, c: &$c) -> $c {
                *c
            }
        }
    };
}
idx2crd_leaf!([] UTerm);
idx2crd_leaf!([CU: Unsigned, CB: Bit,] UInt<CU, CB>);
idx2crd_leaf!([] i64);
/// `idx2crd((), ()) = ()`.
impl Idx2Crd<HNil> for HNil {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn idx2crd(&self, _: HNil) -> HNil {
        HNil
    }
}
/// `idx2crd((c, cs...), (h, t...)) = (idx2crd(c, h), idx2crd((cs...), (t...))...)`.
impl<H: Idx2Crd<CH>, T: Tuple + Idx2Crd<CT>, CH, CT> Idx2Crd<HCons<CH, CT>> for HCons<H, T>
where
    T::Output: Tuple,
{
    type Output = HCons<H::Output, T::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn idx2crd(&self, c: HCons<CH, CT>) -> Self::Output {
        HCons {
            head: self.head.idx2crd(c.head),
            tail: self.tail.idx2crd(c.tail),
        }
    }
}

/// `idx2crd(c, shape)`: the natural coordinate of `c` in `shape` (see
/// [`Idx2Crd`]). A function rather than the trait's method, so that the
/// coordinate's type is known before the trait is searched.
///
/// # Examples
/// ```
/// use cute_static::shape::idx2crd;
/// use cute_static::{coord, shape};
/// assert_eq!(idx2crd(7, &shape!(3, (2, {4}))), coord!({1}, ({0}, {1})));
/// let c: cute_static::Coord![1, (0, 1)] = idx2crd(typenum::U7::new(), &shape!(3, (2, 4)));
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn idx2crd<C, S: Idx2Crd<C>>(c: C, shape: &S) -> S::Output {
    shape.idx2crd(c)
}

/// `crd2idx(c, shape)`: the integral coordinate of `c` in `shape` (see
/// [`Crd2Idx`]).
///
/// # Examples
/// ```
/// use cute_static::shape::crd2idx;
/// use cute_static::{coord, shape};
/// assert_eq!(crd2idx(&coord!({1}, ({0}, {1})), &shape!(3, (2, 4))), 7);
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn crd2idx<C, S: Crd2Idx<C>>(c: &C, shape: &S) -> S::Output {
    shape.crd2idx(c)
}

/// `crd2idx(C, Self)`: the integral coordinate (colexicographic) of a
/// coordinate `C` weakly congruent with the shape `Self`.
///
/// One trait computes both the index's type and its value: static for a
/// static coordinate in a static shape (computed by the compiler), `i64` as
/// soon as a leaf it reads is dynamic.
///
/// ```text
/// crd2idx(c, s)                  = c                              (integral c)
/// crd2idx((c, cs...), (h, t...)) = crd2idx(c, h) + size(h) * crd2idx((cs...), (t...))
/// ```
///
/// # Examples
/// ```
/// use cute_static::shape::{Crd2Idx, Crd2IdxOf};
/// use cute_static::{coord, shape, Coord, Shape};
/// static_assertions::assert_type_eq_all!(Crd2IdxOf<Shape![3, 2, 4], Coord![1, 0, 1]>, typenum::U7);
/// static_assertions::assert_type_eq_all!(Crd2IdxOf<Shape![3, (2, 3)], Coord![2, 5]>, typenum::U17);
/// assert_eq!(shape!(3, (2, 4)).crd2idx(&coord!({1}, ({0}, {1}))), 7);
/// // static: the dynamic extent is not read (`0 * n` is a static 0, as in CuTe C++)
/// let i: typenum::U17 = shape!(3, (2, {3})).crd2idx(&coord!(2, 5));
/// assert_eq!(cute_static::KnownInt::get(&i), 17);
/// assert_eq!(shape!(3, (2, 4)).crd2idx(&7_i64), 7);
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe crd2idx: the coordinate is not weakly congruent with the shape",
    note = "at the mismatch, the coordinate is `{C}` and the shape `{Self}`"
)]
pub trait Crd2Idx<C>: HTuple {
    /// The integral coordinate.
    type Output: Leaf;
    /// The integral coordinate of `c`.
    fn crd2idx(&self, c: &C) -> Self::Output;
}
/// The integral coordinate of `C` in the shape `S`.
pub type Crd2IdxOf<S, C> = <S as Crd2Idx<C>>::Output;
/// `crd2idx((), ()) = 0`.
impl Crd2Idx<HNil> for HNil {
    type Output = U0;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn crd2idx(&self, _: &HNil) -> U0 {
        U0::new()
    }
}
/// `crd2idx((c, cs...), (h, t...)) = crd2idx(c, h) + size(h) * crd2idx((cs...), (t...))`.
impl<H, T, CH, CT> Crd2Idx<HCons<CH, CT>> for HCons<H, T>
where
    H: Size + Crd2Idx<CH>,
    T: Tuple + Crd2Idx<CT>,
    SizeOf<H>: IntMul<Crd2IdxOf<T, CT>>,
    Crd2IdxOf<H, CH>: IntAdd<<SizeOf<H> as IntMul<Crd2IdxOf<T, CT>>>::Output>,
    <Crd2IdxOf<H, CH> as IntAdd<<SizeOf<H> as IntMul<Crd2IdxOf<T, CT>>>::Output>>::Output: Leaf,
{
    type Output =
        <Crd2IdxOf<H, CH> as IntAdd<<SizeOf<H> as IntMul<Crd2IdxOf<T, CT>>>::Output>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn crd2idx(&self, c: &HCons<CH, CT>) -> Self::Output {
        if <Self::Output as HTuple>::IS_STATIC {
            return Default::default();
        }
        let rest = self
            .tail
            .crd2idx(&c.tail)
            .get()
            .wrapping_mul(self.head.size().get());
        Leaf::from_i64(self.head.crd2idx(&c.head).get().wrapping_add(rest))
    }
}

#[cfg(all(test, feature = "dynamic"))]
mod tests;
