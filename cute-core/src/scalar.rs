//! Stride scalars: what may sit at a leaf of a layout's stride.
//!
//! A stride leaf need only be an element of an integer-module (Whitepaper,
//! §2.3.1): it adds to another of its kind and scales by an integer. Plain
//! integers (codomain Z), arithmetic tuples (Z^S, coordinate strides) and F2
//! (XOR-based swizzles) all qualify, so the algebra is written once over this
//! contract. The dynamic crate implements it for its stride-leaf type; here it
//! is implemented for `i64`.

use crate::error::Result;

/// The algebraic contract of a stride leaf: an abelian group under
/// [`StrideScalar::add`] with identity [`StrideScalar::zero`], acted on by
/// the integers through [`StrideScalar::scale`].
///
/// ```
/// use cute_core::StrideScalar;
/// assert_eq!(3_i64.add(&4).unwrap(), 7);
/// assert_eq!(3_i64.scale(5).unwrap(), 15);
/// assert!(i64::MAX.add(&1).is_err()); // overflow is an error, not a wrap
/// ```
pub trait StrideScalar: Clone + PartialEq + core::fmt::Debug {
    /// The additive identity.
    fn zero() -> Self;
    /// True iff this is the additive identity.
    fn is_zero(&self) -> bool;
    /// The sum `self + other`.
    ///
    /// # Errors
    /// `TypeError` for operands of incompatible kinds, `ValueError` on
    /// overflow.
    fn add(&self, other: &Self) -> Result<Self>;
    /// The integer multiple `n * self`.
    ///
    /// # Errors
    /// `ValueError` on overflow.
    fn scale(&self, n: i64) -> Result<Self>;
}

impl StrideScalar for i64 {
    #[inline]
    fn zero() -> Self {
        0
    }
    #[inline]
    fn is_zero(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn add(&self, other: &Self) -> Result<Self> {
        crate::checked::add(*self, *other)
    }
    #[inline]
    fn scale(&self, n: i64) -> Result<Self> {
        crate::checked::mul(*self, n)
    }
}
