//! Strides as types: the map from a layout's coordinates to offsets.
//!
//! A stride is an HTuple congruent with its shape. Here its leaves are
//! integers: static (typenum, so non-negative) or dynamic (`i64`, any sign).
//! This module holds the functions that read a shape and a stride together:
//!
//! | CuTe | trait | alias | equation |
//! |---|---|---|---|
//! | `cosize` / `coshape` | [`Cosize`] | [`CosizeOf<S, D>`], [`CoshapeOf<S, D>`] | `cosize(S:D) = 1 + sum max(0, (s_i - 1) * d_i)` |
//! | `inner_product` | [`InnerProduct`] | [`InnerProductOf<C, D>`] | `inner_product(c, d) = sum c_i * d_i` (static) |
//! | `L(c)` | | [`OffsetOf<S, D, C>`] | `inner_product(idx2crd(c, S), D)` (static) |

use core::ops::{Add, Mul, Sub};

use cute_core::{IntAdd, IntMul, KnownInt};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, Prod, Sub1, Sum, UInt, UTerm, Unsigned, B1, U0, U1};

use crate::htuple::{HTuple, Leaf, StaticLeaf, Tuple};
use crate::shape::Idx2CrdOf;

/// The largest offset of the layout `Self:D` over its domain,
/// `sum max(0, (s_i - 1) * d_i)` (a negative stride, necessarily dynamic,
/// adds nothing), static iff every leaf it reads is. With [`Cosize`]
/// this is CuTe's `cosize` (for integer strides the coshape is the cosize).
///
/// # Examples
/// ```
/// use cute_static::stride::{Cosize, CosizeOf};
/// use cute_static::{shape, stride, Shape, Stride};
/// static_assertions::assert_type_eq_all!(CosizeOf<Shape![4, 8], Stride![1, 4]>, typenum::U32);
/// static_assertions::assert_type_eq_all!(CosizeOf<Shape![4, 8], Stride![8, 1]>, typenum::U32);
/// assert_eq!(shape!(4, {8}).cosize(&stride!(1, 4)), 32_i64);
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe cosize: the shape `{Self}` and the stride `{D}` do not form a layout",
    note = "the shape and stride must be congruent and every extent positive"
)]
pub trait MaxOffset<D>: HTuple {
    /// The largest offset.
    type Output: KnownInt + HTuple;
    /// The largest offset.
    fn max_offset(&self, d: &D) -> Self::Output;
}

/// `max_offset(s:d) = (s - 1) * d` for a static extent and stride.
impl<U: Unsigned, B: Bit, D: StaticLeaf> MaxOffset<D> for UInt<U, B>
where
    UInt<U, B>: Sub<B1>,
    Sub1<UInt<U, B>>: IntMul<D> + Default,
    <Sub1<UInt<U, B>> as IntMul<D>>::Output: HTuple + KnownInt,
{
    type Output = <Sub1<UInt<U, B>> as IntMul<D>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn max_offset(&self, _: &D) -> Self::Output {
        Default::default()
    }
}
/// `max_offset(s:d) = max(0, (s - 1) * d)` for a dynamic stride, which may
/// be negative.
impl<U: Unsigned, B: Bit> MaxOffset<i64> for UInt<U, B> {
    type Output = i64;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn max_offset(&self, d: &i64) -> i64 {
        (<Self as Unsigned>::I64 - 1).wrapping_mul(*d).max(0)
    }
}
/// `max_offset(s:d) = max(0, (s - 1) * d)` for a dynamic extent.
impl<D: Leaf> MaxOffset<D> for i64 {
    type Output = i64;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn max_offset(&self, d: &D) -> i64 {
        self.wrapping_sub(1).wrapping_mul(d.get()).max(0)
    }
}
/// `max_offset(():()) = 0`.
impl MaxOffset<HNil> for HNil {
    type Output = U0;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn max_offset(&self, _: &HNil) -> U0 {
        U0::new()
    }
}
/// `max_offset((h, t...):(g, u...)) = max_offset(h:g) + max_offset((t...):(u...))`.
impl<H: MaxOffset<G>, T: Tuple + MaxOffset<V>, G, V> MaxOffset<HCons<G, V>> for HCons<H, T>
where
    H::Output: IntAdd<T::Output>,
    <H::Output as IntAdd<T::Output>>::Output: HTuple + KnownInt,
{
    type Output = <H::Output as IntAdd<T::Output>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn max_offset(&self, d: &HCons<G, V>) -> Self::Output {
        if <Self::Output as HTuple>::IS_STATIC {
            return Default::default();
        }
        self.head
            .max_offset(&d.head)
            .wrapping_int_add(&self.tail.max_offset(&d.tail))
    }
}

/// `cosize(Self:D) = max_offset(Self:D) + 1`: one past the largest offset.
#[diagnostic::on_unimplemented(
    message = "CuTe cosize: the shape `{Self}` and the stride `{D}` do not form a layout"
)]
pub trait Cosize<D>: MaxOffset<D> {
    /// The cosize.
    type Output: KnownInt + HTuple;
    /// The cosize.
    fn cosize(&self, d: &D) -> <Self as Cosize<D>>::Output;
}
impl<S: MaxOffset<D>, D> Cosize<D> for S
where
    <S as MaxOffset<D>>::Output: IntAdd<U1>,
    <<S as MaxOffset<D>>::Output as IntAdd<U1>>::Output: HTuple + KnownInt,
{
    type Output = <<S as MaxOffset<D>>::Output as IntAdd<U1>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn cosize(&self, d: &D) -> <Self as Cosize<D>>::Output {
        if <<Self as Cosize<D>>::Output as HTuple>::IS_STATIC {
            return Default::default();
        }
        self.max_offset(d).wrapping_int_add(&U1::new())
    }
}
/// The cosize of the layout `S:D`.
pub type CosizeOf<S, D> = <S as Cosize<D>>::Output;
/// The coshape of the layout `S:D`: for integer strides, its cosize.
pub type CoshapeOf<S, D> = CosizeOf<S, D>;

/// `inner_product(Self, D)` at the type level, for a static natural
/// coordinate and a static stride.
///
/// # Examples
/// ```
/// use cute_static::stride::InnerProductOf;
/// use cute_static::{Coord, Stride};
/// static_assertions::assert_type_eq_all!(InnerProductOf<Coord![1, (2, 3)], Stride![1, (10, 100)]>, typenum::U321);
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe inner_product: the coordinate `{Self}` and the stride `{D}` are not congruent"
)]
pub trait InnerProduct<D> {
    /// The inner product.
    type Output: Unsigned;
}
/// The inner product of the coordinate `C` with the stride `D`.
pub type InnerProductOf<C, D> = <C as InnerProduct<D>>::Output;

macro_rules! leaf_inner_product {
    ([$($g:tt)*] $c:ty) => {
        /// `inner_product(c, d) = c * d`.
        impl<$($g)* D: Unsigned> InnerProduct<D> for $c
        where
            $c: Mul<D>,
            Prod<$c, D>: Unsigned,
        {
            type Output = Prod<$c, D>;
        }
    };
}
leaf_inner_product!([] UTerm);
leaf_inner_product!([U: Unsigned, B: Bit,] UInt<U, B>);
/// `inner_product((), ()) = 0`.
impl InnerProduct<HNil> for HNil {
    type Output = U0;
}
/// `inner_product((c, cs...), (d, ds...)) = c * d + inner_product((cs...), (ds...))`.
impl<C: InnerProduct<G>, CS: InnerProduct<V>, G, V> InnerProduct<HCons<G, V>> for HCons<C, CS>
where
    C::Output: Add<CS::Output>,
    Sum<C::Output, CS::Output>: Unsigned,
{
    type Output = Sum<C::Output, CS::Output>;
}

/// The offset of the static coordinate `C` in the static layout `S:D`:
/// `inner_product(idx2crd(C, S), D)`, computed by the compiler.
///
/// # Examples
/// ```
/// use cute_static::stride::OffsetOf;
/// use cute_static::{Coord, Shape, Stride};
/// type S = Shape![3, (2, 4)];
/// type D = Stride![2, (1, 6)];
/// static_assertions::assert_type_eq_all!(OffsetOf<S, D, Coord![7]>, typenum::U8);
/// static_assertions::assert_type_eq_all!(OffsetOf<S, D, Coord![1, 2]>, typenum::U8);
/// static_assertions::assert_type_eq_all!(OffsetOf<S, D, Coord![0, (1, 3)]>, typenum::U19);
/// ```
pub type OffsetOf<S, D, C> = InnerProductOf<Idx2CrdOf<S, C>, D>;

#[cfg(all(test, feature = "dynamic"))]
mod tests;
