//! Swizzles: the binary field F2 as a stride, and the `Swizzle` functor.
//!
//! A swizzle permutes the offsets a layout produces, to spread accesses
//! across shared-memory banks. [`F2`] expresses one as a stride: because its
//! `+` is XOR, an F2-strided layout is an ordinary layout that XORs its
//! coordinates together, and so passes through the whole algebra.

use core::fmt;

use cute_core::{Error, Result};

/// An element of F_2^m = (Z_{2^m}, XOR, ·): a vector of bits, read as the
/// coefficients of a polynomial over the two-element field. `+` is XOR and
/// `*` is the carry-less product.
///
/// `Display` prints `F` and the value: `F6`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct F2(pub u64);

impl fmt::Display for F2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "F{}", self.0)
    }
}

impl F2 {
    /// The carry-less product `self * other`: polynomial multiplication over
    /// the two-element field.
    ///
    /// # Errors
    /// `ValueError` if the product needs more than 64 bits.
    ///
    /// ```
    /// use cute_dynamic::F2;
    /// assert_eq!(F2(0b11).clmul(F2(0b11)).unwrap(), F2(0b101));
    /// assert_eq!(F2(0b1010).clmul(F2(2)).unwrap(), F2(20));
    /// ```
    pub fn clmul(self, other: F2) -> Result<F2> {
        let (a, b) = (self.0, other.0);
        if a == 0 || b == 0 {
            return Ok(F2(0));
        }
        let bits = (64 - a.leading_zeros()) + (64 - b.leading_zeros()) - 1;
        if bits > 64 {
            return Err(Error::overflow(
                "F2 *",
                format!("{self} * {other} needs {bits} bits"),
            ));
        }
        let mut acc = 0u64;
        let mut rest = b;
        while rest != 0 {
            let i = rest.trailing_zeros();
            acc ^= a << i;
            rest &= rest - 1;
        }
        Ok(F2(acc))
    }
}

impl F2 {
    /// Degree of the polynomial (`bit_length - 1`); `None` for zero.
    #[inline]
    pub fn degree(self) -> Option<u32> {
        (self.0 != 0).then(|| 63 - self.0.leading_zeros())
    }

    /// Euclidean division of polynomials over the two-element field: the
    /// unique `(q, r)` with `self == q * other + r` and
    /// `deg(r) < deg(other)`.
    ///
    /// # Errors
    /// `ValueError` for division by zero.
    ///
    /// ```
    /// use cute_dynamic::F2;
    /// assert_eq!(F2(0b1011).divmod(F2(0b11)).unwrap(), (F2(0b110), F2(0b1)));
    /// assert_eq!(F2(0b10110).divmod(F2(4)).unwrap(), (F2(0b101), F2(0b10)));
    /// assert!(F2(3).divmod(F2(0)).is_err());
    /// ```
    pub fn divmod(self, other: F2) -> Result<(F2, F2)> {
        let Some(d) = other.degree() else {
            return Err(Error::value(
                "F2 divmod",
                format!("{self} divided by {other}"),
            ));
        };
        let (mut q, mut r) = (0u64, self.0);
        while let Some(k) = F2(r).degree().filter(|&k| k >= d) {
            q |= 1 << (k - d);
            r ^= other.0 << (k - d);
        }
        Ok((F2(q), F2(r)))
    }
}

/// A generic swizzle functor on integer offsets, CuTe's `Swizzle<B, M, S>`.
///
/// ```text
/// 0bxxxxxxxxxxxxxxxYYYxxxxxxxZZZxxxx
///                               ^--^  base: least-significant bits kept
///                  ^-^       ^-^      bits: width of the mask
///                  ^---------^        shift: distance from YYY to ZZZ
/// ```
/// The result XORs YYY into ZZZ.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Swizzle {
    /// Number of bits in the mask.
    pub bits: i64,
    /// Number of least-significant bits kept constant.
    pub base: i64,
    /// Distance YYY is shifted to land on ZZZ (positive: to the right).
    pub shift: i64,
}
