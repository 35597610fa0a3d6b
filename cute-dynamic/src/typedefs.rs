//! Type definitions: the integer and stride-scalar vocabulary.
//!
//! Three non-overlapping predicates discriminate a leaf, each answering one
//! question: `is_tuple` (in [`crate::htuple`]) is the structural boundary
//! between a node and a leaf; `is_int` asks whether a value acts as an
//! ordinary integer (shapes, coordinates, sizes, divisors); `is_stride_scalar`
//! asks whether it may sit at a layout's stride leaf. In this crate an integer
//! is an `i64` and a stride leaf is a [`Scalar`]: an integer, an
//! [`ArithTuple`] (a coordinate stride) or an [`F2`] (a swizzle stride). `F2`
//! is a stride scalar but not an integer, because its `+` is XOR; a bool is
//! neither.

use core::fmt;

use cute_core::{Error, Result};

use crate::atuple::ArithTuple;
use crate::htuple::HTuple;
use crate::swizzle::F2;

/// A stride leaf: an element of an integer-module (Whitepaper, §2.3.1).
///
/// | variant | codomain | used for |
/// |---|---|---|
/// | `Int` | Z | ordinary data layouts |
/// | `Arith` | Z^S | coordinate layouts (`E(0)`, `3@1`) |
/// | `F2` | F_2 | XOR swizzles |
///
/// `Display` prints as the specification does: `5`, `(3, 5)` or `42@0@1`,
/// `F6`.
#[derive(Clone, Debug)]
pub enum Scalar {
    /// An integer.
    Int(i64),
    /// An element of the binary field's vector space: `+` is XOR.
    F2(F2),
    /// An arithmetic tuple (a coordinate stride or a coordinate sum).
    Arith(ArithTuple),
}

/// A stride: an HTuple of stride scalars, congruent with its shape.
pub type Stride = HTuple<Scalar>;

impl From<i64> for Scalar {
    fn from(x: i64) -> Self {
        Scalar::Int(x)
    }
}

impl From<F2> for Scalar {
    fn from(x: F2) -> Self {
        Scalar::F2(x)
    }
}

impl From<ArithTuple> for Scalar {
    fn from(x: ArithTuple) -> Self {
        Scalar::Arith(x)
    }
}

impl Scalar {
    /// The integer value, if this is an `Int`.
    #[inline]
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Scalar::Int(x) => Some(*x),
            _ => None,
        }
    }

    /// True iff this is the additive identity of its algebra (int 0, `F0`,
    /// an all-zero ArithTuple).
    pub fn is_zero(&self) -> bool {
        match self {
            Scalar::Int(x) => *x == 0,
            Scalar::F2(x) => x.0 == 0,
            Scalar::Arith(a) => a.is_zero(),
        }
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scalar::Int(x) => x.fmt(f),
            Scalar::F2(x) => x.fmt(f),
            Scalar::Arith(x) => x.fmt(f),
        }
    }
}

impl PartialEq for Scalar {
    /// Equality within each algebra. An ArithTuple equals int 0 exactly when
    /// all its leaves are zero (`ArithTuple(0, 0) == 0`), and never equals a
    /// nonzero int (`ArithTuple((5,)) != 5`: different depths).
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Scalar::Int(a), Scalar::Int(b)) => a == b,
            (Scalar::F2(a), Scalar::F2(b)) => a == b,
            (Scalar::Arith(a), Scalar::Arith(b)) => a == b,
            (Scalar::Arith(a), Scalar::Int(0)) | (Scalar::Int(0), Scalar::Arith(a)) => a.is_zero(),
            _ => false,
        }
    }
}

impl Scalar {
    /// The sum `self + other` in the operands' algebra: integer addition,
    /// XOR for F2, elementwise (zero-extended) for arithmetic tuples. Int 0 is
    /// the identity of every algebra.
    ///
    /// # Errors
    /// `TypeError` for a nonzero int added to an ArithTuple or an F2, or an
    /// F2 added to an ArithTuple; `ValueError` on overflow.
    ///
    /// ```
    /// use cute_dynamic::{Scalar, F2};
    /// assert_eq!(Scalar::Int(3).add(&Scalar::Int(4)).unwrap(), Scalar::Int(7));
    /// assert_eq!(Scalar::F2(F2(0b1010)).add(&Scalar::F2(F2(0b1100))).unwrap(), Scalar::F2(F2(0b0110)));
    /// assert!(Scalar::F2(F2(1)).add(&Scalar::Int(1)).is_err());
    /// ```
    pub fn add(&self, other: &Scalar) -> Result<Scalar> {
        match (self, other) {
            (Scalar::Int(a), Scalar::Int(b)) => a
                .checked_add(*b)
                .map(Scalar::Int)
                .ok_or_else(|| Error::overflow("+", format!("{a} + {b} leaves the 64-bit range"))),
            (Scalar::F2(a), Scalar::F2(b)) => Ok(Scalar::F2(F2(a.0 ^ b.0))),
            (Scalar::Arith(a), Scalar::Arith(b)) => Ok(Scalar::Arith(a.add(b)?)),
            (x, Scalar::Int(0)) => Ok(x.clone()),
            (Scalar::Int(0), x) => Ok(x.clone()),
            (a, b) => Err(Error::type_error(
                "+",
                match (a, b) {
                    (Scalar::Arith(_), _) | (_, Scalar::Arith(_)) => {
                        format!("ArithTuple Incompatibility: {a} and {b}")
                    }
                    _ => format!("incompatible stride scalars {a} and {b}"),
                },
            )),
        }
    }

    /// The integer multiple `n * self`: integer product, carry-less product
    /// for F2 (an integer acts through its bits), elementwise for arithmetic
    /// tuples.
    ///
    /// # Errors
    /// `ValueError` on overflow (and for a negative multiplier of an F2).
    pub fn scale(&self, n: i64) -> Result<Scalar> {
        match self {
            Scalar::Int(a) => a
                .checked_mul(n)
                .map(Scalar::Int)
                .ok_or_else(|| Error::overflow("*", format!("{a} * {n} leaves the 64-bit range"))),
            Scalar::F2(a) => {
                if n < 0 {
                    return Err(Error::value(
                        "*",
                        format!("{a} * {n}: F2 scales by a non-negative integer"),
                    ));
                }
                Ok(Scalar::F2(a.clmul(F2(n as u64))?))
            }
            Scalar::Arith(a) => Ok(Scalar::Arith(a.scale(n)?)),
        }
    }
}

impl cute_core::StrideScalar for Scalar {
    fn zero() -> Self {
        Scalar::Int(0)
    }
    fn is_zero(&self) -> bool {
        Scalar::is_zero(self)
    }
    fn add(&self, other: &Self) -> Result<Self> {
        Scalar::add(self, other)
    }
    fn scale(&self, n: i64) -> Result<Self> {
        Scalar::scale(self, n)
    }
}

// ---------------------------------------------------------------------------
// Predicates
// ---------------------------------------------------------------------------

impl Scalar {
    /// The specification's `is_int`: true iff the scalar acts as an ordinary
    /// integer. An F2 is not one (its `+` is XOR), nor is an arithmetic tuple.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{atuple::e, Scalar, F2};
    /// assert!(Scalar::Int(7).is_int());
    /// assert!(!Scalar::F2(F2(1)).is_int());
    /// assert!(!e(&[0]).is_int());
    /// ```
    #[inline]
    pub fn is_int(&self) -> bool {
        matches!(self, Scalar::Int(_))
    }

    /// The specification's `is_static`: true iff the value is an integer
    /// known completely, that is one equal to its own integer coercion. Ints
    /// and F2 values are (`is_static(F2(3))`); an arithmetic tuple has no
    /// integer coercion and is not.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{atuple::e, Scalar, F2};
    /// assert!(Scalar::Int(7).is_static());
    /// assert!(Scalar::F2(F2(3)).is_static());
    /// assert!(!e(&[0]).is_static());
    /// ```
    #[inline]
    pub fn is_static(&self) -> bool {
        matches!(self, Scalar::Int(_) | Scalar::F2(_))
    }

    /// The specification's `is_stride_scalar`: true iff the value may sit at
    /// a layout's stride leaf. Every `Scalar` may (an int, an F2, an
    /// arithmetic tuple); the values that may not (floats, bools) have no
    /// `Scalar` representation.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{atuple::e, Scalar, F2};
    /// assert!(Scalar::Int(7).is_stride_scalar());
    /// assert!(e(&[0]).is_stride_scalar());
    /// assert!(Scalar::F2(F2(1)).is_stride_scalar());
    /// ```
    #[inline]
    pub fn is_stride_scalar(&self) -> bool {
        true
    }
}

/// Quotient and remainder of integers with Python's floor semantics:
/// `(a // b, a % b)`, the remainder taking the sign of the divisor.
///
/// # Pre-conditions
/// `b != 0`.
///
/// # Post-conditions
/// `q * b + r == a`, and `0 <= r < b` for `b > 0` (`b < r <= 0` for `b < 0`).
///
/// # Errors
/// `ValueError` for division by zero, and for the one quotient that leaves
/// the 64-bit range (`i64::MIN // -1`).
///
/// # Examples
/// ```
/// use cute_dynamic::typedefs::divmod;
/// assert_eq!(divmod(7, 3).unwrap(), (2, 1));
/// assert_eq!(divmod(-7, 3).unwrap(), (-3, 2));
/// assert_eq!(divmod(7, -3).unwrap(), (-3, -2));
/// assert!(divmod(7, 0).is_err());
/// ```
#[inline]
pub fn divmod(a: i64, b: i64) -> Result<(i64, i64)> {
    if b == 0 {
        return Err(Error::value("divmod", format!("{a} divided by zero")));
    }
    let (q, r) = match (a.checked_div(b), a.checked_rem(b)) {
        (Some(q), Some(r)) => (q, r),
        _ => {
            return Err(Error::overflow(
                "divmod",
                format!("{a} // {b} leaves the 64-bit range"),
            ))
        }
    };
    if r != 0 && ((r < 0) != (b < 0)) {
        Ok((q - 1, r + b))
    } else {
        Ok((q, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn divmod_floor() {
        assert_eq!(divmod(7, 3).unwrap(), (2, 1));
        assert_eq!(divmod(-1, 4).unwrap(), (-1, 3));
        assert_eq!(divmod(i64::MIN, 1).unwrap(), (i64::MIN, 0));
        assert!(divmod(i64::MIN, -1).is_err());
        assert!(divmod(1, 0).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn divmod_reconstructs(a in -1_000_000i64..1_000_000, b in -1000i64..1000) {
            prop_assume!(b != 0);
            let (q, r) = divmod(a, b).unwrap();
            prop_assert_eq!(q * b + r, a);
            if b > 0 { prop_assert!((0..b).contains(&r)); } else { prop_assert!(r <= 0 && r > b); }
        }
    }
}
