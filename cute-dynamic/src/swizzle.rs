//! Swizzles: the binary field F2 as a stride, and the `Swizzle` functor.
//!
//! A swizzle permutes the offsets a layout produces, to spread accesses
//! across shared-memory banks. [`F2`] expresses one as a stride: because its
//! `+` is XOR, an F2-strided layout is an ordinary layout that XORs its
//! coordinates together, and so passes through the whole algebra.
//! [`Swizzle`] is the same transformation written as a plain function on
//! integer offsets (CuTe's `Swizzle<B, M, S>`), for inspecting an existing
//! offset pattern; [`shiftr`] and [`shiftl`] are its signed shifts, and
//! [`divmod`] divides an F2 value by an integer.

use core::fmt;

use cute_core::{Error, Result};

/// An element of F_2^m = (Z_{2^m}, XOR, ·): a vector of bits, read as the
/// coefficients of a polynomial over the two-element field. `+` is XOR and
/// `*` is the carry-less product.
///
/// Both the F2 x F2 and the F2 x int products are carry-less, so an integer
/// operand acts through its bits rather than its value; the two agree with
/// Z's product wherever schoolbook multiplication carries nowhere (a
/// power-of-two operand). Adding a nonzero int is a `TypeError`, since
/// mixing Z's carrying addition into XOR is the hazard the type exists to
/// prevent; int `0` is still the identity.
///
/// `Display` prints `F` and the value: `F6`.
///
/// # Examples
/// ```
/// use cute_dynamic::{ErrorClass, Scalar, F2};
/// assert_eq!(F2(0b1010) + F2(0b1100), F2(0b0110));
/// assert_eq!((F2(0b1010) + F2(0b1100)).to_string(), "F6");
/// assert_eq!(F2(0b1010).mul_int(3).unwrap(), F2(0b11110)); // 3 * F2(0b1010)
/// assert_eq!(F2(0b11).mul_int(0b11).unwrap(), F2(0b101)); // where 3 * 3 == 9 in Z
/// assert_eq!(Scalar::F2(F2(1)).add(&Scalar::Int(0)).unwrap(), Scalar::F2(F2(1)));
/// assert_eq!(F2(1).add_int(1).unwrap_err().class(), ErrorClass::TypeError);
/// ```
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
    /// # Examples
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
    /// # Examples
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

impl F2 {
    /// The F2 value of a non-negative integer: its bits, read as polynomial
    /// coefficients.
    ///
    /// # Errors
    /// `ValueError` for a negative integer (it has no finite bit vector).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::F2;
    /// assert_eq!(F2::from_int(6).unwrap(), F2(0b110));
    /// assert!(F2::from_int(-1).is_err());
    /// ```
    pub fn from_int(v: i64) -> Result<F2> {
        u64::try_from(v)
            .map(F2)
            .map_err(|_| Error::value("F2", format!("F2({v}): the value must be non-negative")))
    }

    /// `self + n` for an integer `n`: only `0`, the identity shared by every
    /// algebra, may be added to an F2.
    ///
    /// # Post-conditions
    /// `result == self`
    ///
    /// # Errors
    /// `TypeError` for a nonzero `n`: mixing Z's carrying addition into XOR
    /// is the hazard the separate type exists to prevent.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{ErrorClass, F2};
    /// assert_eq!(F2(1).add_int(0).unwrap(), F2(1));
    /// assert_eq!(F2(1).add_int(1).unwrap_err().class(), ErrorClass::TypeError);
    /// ```
    pub fn add_int(self, n: i64) -> Result<F2> {
        if n == 0 {
            Ok(self)
        } else {
            Err(Error::type_error(
                "F2 +",
                format!("cannot add the integer {n} to {self}: + is XOR over F2"),
            ))
        }
    }

    /// `self * n` for an integer `n`: the carry-less product with `n`'s bits
    /// (`F2(0b11) * 0b11 == F2(0b101)`, where `3 * 3 == 9` in Z). For a power
    /// of two it is the ordinary shift.
    ///
    /// # Post-conditions
    /// `result == self.clmul(F2(n as u64))`
    ///
    /// # Errors
    /// `ValueError` for a negative `n`, or a product wider than 64 bits.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::F2;
    /// assert_eq!(F2(0b11).mul_int(0b11).unwrap(), F2(0b101));
    /// assert_eq!(F2(0b1010).mul_int(3).unwrap(), F2(0b11110));
    /// assert_eq!(F2(0b1010).mul_int(2).unwrap(), F2(20));
    /// assert!(F2(1).mul_int(-1).is_err());
    /// ```
    pub fn mul_int(self, n: i64) -> Result<F2> {
        let n = u64::try_from(n).map_err(|_| {
            Error::value(
                "F2 *",
                format!("{self} * {n}: F2 scales by a non-negative integer"),
            )
        })?;
        self.clmul(F2(n))
    }

    /// Euclidean division by an integer divisor, read through its bits:
    /// `(q, r)` with `self == q * F2(b) + r` and `deg(r) < deg(b)`, both F2.
    /// For `b == 2**k` it splits the bit-fields:
    /// `(F2(a >> k), F2(a & (2**k - 1)))`.
    ///
    /// # Post-conditions
    /// `result.0.mul_int(b)? + result.1 == self`;
    /// `result.1.degree() < F2(b).degree()`.
    ///
    /// # Errors
    /// `ValueError` for a divisor that is zero or negative.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::F2;
    /// assert_eq!(F2(0b1011).divmod_int(0b11).unwrap(), (F2(0b110), F2(0b1)));
    /// assert_eq!(F2(0b10110).divmod_int(4).unwrap(), (F2(0b101), F2(0b10)));
    /// assert_eq!(F2(42).divmod_int(1).unwrap(), (F2(42), F2(0)));
    /// assert!(F2(42).divmod_int(0).is_err());
    /// ```
    pub fn divmod_int(self, b: i64) -> Result<(F2, F2)> {
        if b <= 0 {
            return Err(Error::value(
                "divmod",
                format!("divmod({self}, {b}): the divisor must be positive"),
            ));
        }
        self.divmod(F2(b as u64))
    }
}

impl core::ops::Add for F2 {
    type Output = F2;
    /// XOR: the sum over the two-element field.
    #[inline]
    #[allow(clippy::suspicious_arithmetic_impl)] // addition in F2 is XOR
    fn add(self, rhs: F2) -> F2 {
        F2(self.0 ^ rhs.0)
    }
}

impl core::ops::Sub for F2 {
    type Output = F2;
    /// XOR again: every element is its own inverse.
    #[inline]
    #[allow(clippy::suspicious_arithmetic_impl)] // subtraction in F2 is XOR
    fn sub(self, rhs: F2) -> F2 {
        F2(self.0 ^ rhs.0)
    }
}

/// The specification's `divmod(a, b)` for an F2 dividend and an integer
/// divisor (F2 supplies its own): polynomial long division over the
/// two-element field, see [`F2::divmod_int`].
///
/// # Pre-conditions
/// `b > 0`
///
/// # Post-conditions
/// `a == q * b + r` carry-lessly, with `deg(r) < deg(b)`.
///
/// # Errors
/// `ValueError` for a divisor that is zero or negative.
///
/// # Examples
/// ```
/// use cute_dynamic::swizzle::divmod;
/// use cute_dynamic::F2;
/// assert_eq!(divmod(F2(0b1011), 0b11).unwrap(), (F2(0b110), F2(0b1)));
/// assert_eq!(divmod(F2(0b10110), 4).unwrap(), (F2(0b101), F2(0b10)));
/// assert_eq!(divmod(F2(0b1011), 3).unwrap(), (F2(0b110), F2(0b1)));
/// assert_eq!(divmod(F2(42), 1).unwrap(), (F2(42), F2(0)));
/// assert!(divmod(F2(42), 0).is_err());
/// ```
pub fn divmod(a: F2, b: i64) -> Result<(F2, F2)> {
    a.divmod_int(b)
}

/// Shifts `a` right by `s`, or left by `-s` when `s` is negative (an
/// arithmetic shift: `a >> s` rounds toward negative infinity).
///
/// # Post-conditions
/// `shiftr(a, s) == shiftl(a, -s)`
///
/// # Errors
/// `ValueError` if a left shift leaves the 64-bit range.
///
/// # Examples
/// ```
/// use cute_dynamic::swizzle::shiftr;
/// assert_eq!(shiftr(0b1000, 2).unwrap(), 0b10);
/// assert_eq!(shiftr(0b1000, -2).unwrap(), 0b100000);
/// assert_eq!(shiftr(0b1000, 0).unwrap(), 0b1000);
/// assert!(shiftr(1, -64).is_err());
/// ```
pub fn shiftr(a: i64, s: i64) -> Result<i64> {
    match s {
        0 => Ok(a),
        // right: everything past bit 63 is the sign
        1.. => Ok(a >> s.min(63)),
        _ => match s.checked_neg() {
            Some(l) => shiftl(a, l),
            None => shift_overflow(a, s, "shiftr"),
        },
    }
}

/// Shifts `a` left by `s`, or right by `-s` when `s` is negative.
///
/// # Post-conditions
/// `shiftl(a, s) == a * 2**s` for `s >= 0`.
///
/// # Errors
/// `ValueError` if the result leaves the 64-bit range.
///
/// # Examples
/// ```
/// use cute_dynamic::swizzle::shiftl;
/// assert_eq!(shiftl(0b1000, 2).unwrap(), 0b100000);
/// assert_eq!(shiftl(0b1000, -2).unwrap(), 0b10);
/// assert_eq!(shiftl(-3, 1).unwrap(), -6);
/// assert!(shiftl(1, 63).is_err());
/// ```
pub fn shiftl(a: i64, s: i64) -> Result<i64> {
    match s {
        0 => Ok(a),
        1.. => {
            if a == 0 {
                return Ok(0);
            }
            // a fits after the shift iff it has more than s redundant sign bits
            let spare = if a < 0 {
                a.leading_ones()
            } else {
                a.leading_zeros()
            };
            if s < i64::from(spare) {
                Ok(a << s)
            } else {
                shift_overflow(a, s, "shiftl")
            }
        }
        _ => match s.checked_neg() {
            Some(r) => shiftr(a, r),
            None => Ok(if a < 0 { -1 } else { 0 }),
        },
    }
}

fn shift_overflow(a: i64, s: i64, op: &'static str) -> Result<i64> {
    Err(Error::overflow(
        op,
        format!("{op}({a}, {s}) leaves the 64-bit range"),
    ))
}

/// The widest swizzle supported: `bits + base + |shift|` at most this many
/// bits, so that every offset it touches and its `size` fit in an `i64`.
pub const MAX_SWIZZLE_BITS: i64 = 62;

/// A generic swizzle functor on integer offsets, CuTe's `Swizzle<B, M, S>`.
///
/// ```text
/// 0bxxxxxxxxxxxxxxxYYYxxxxxxxZZZxxxx
///                               ^--^  base: least-significant bits kept constant
///                  ^-^       ^-^      bits: width of the mask
///                    ^---------^      shift: distance from YYY to ZZZ
///                                     (positive shifts YYY right, negative left)
/// ```
/// The result XORs YYY into ZZZ: `offset ^ shiftr(offset & yyy_mask, shift)`.
///
/// `Debug` prints the constructor form `Swizzle(3,4,3)`, `Display` the short
/// form `SW_3_4_3`, as the specification's reference does. The fields are
/// readable; a `Swizzle` is built only by [`Swizzle::new`], which checks
/// them.
// A private field, unlike `#[non_exhaustive]`, also keeps the rest of this
// crate from building an unchecked swizzle.
#[allow(clippy::manual_non_exhaustive)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Swizzle {
    /// Number of bits in the mask.
    pub bits: i64,
    /// Number of least-significant bits kept constant.
    pub base: i64,
    /// Distance YYY is shifted to land on ZZZ (positive: to the right).
    pub shift: i64,
    /// Forbids construction that bypasses [`Swizzle::new`].
    _checked: (),
}

impl Swizzle {
    /// The swizzle `Swizzle(bits, base, shift)`.
    ///
    /// # Pre-conditions
    /// `bits >= 0`, `base >= 0`, and `shift >= 0 or |shift| >= bits`;
    /// `bits + base + |shift| <= 62` (the 64-bit range).
    ///
    /// # Post-conditions
    /// For `|shift| >= bits` the fields YYY and ZZZ do not overlap and the
    /// swizzle is an involution: `s.apply(s.apply(x)) == x`.
    ///
    /// # Errors
    /// `ValueError` if a pre-condition fails.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::swizzle::Swizzle;
    /// use cute_dynamic::ErrorClass;
    /// let s = Swizzle::new(3, 4, 3).unwrap();
    /// assert_eq!(format!("{s:?}"), "Swizzle(3,4,3)");
    /// assert_eq!(s.to_string(), "SW_3_4_3");
    /// assert_eq!(Swizzle::new(-1, 0, 1).unwrap_err().class(), ErrorClass::ValueError);
    /// assert!(Swizzle::new(3, 0, -2).is_err()); // a left shift must clear the mask
    /// assert!(Swizzle::new(3, 0, 2).is_ok()); // a right shift may overlap
    /// ```
    pub fn new(bits: i64, base: i64, shift: i64) -> Result<Swizzle> {
        let bad = |why: &str| {
            Err(Error::value(
                "Swizzle",
                format!("Swizzle({bits}, {base}, {shift}): {why}"),
            ))
        };
        if bits < 0 {
            return bad("bits must be non-negative");
        }
        if base < 0 {
            return bad("base must be non-negative");
        }
        if shift < 0 && shift.unsigned_abs() < bits.unsigned_abs() {
            return bad("a negative shift must be at least as long as bits");
        }
        let width = bits
            .checked_add(base)
            .and_then(|w| w.checked_add(i64::try_from(shift.unsigned_abs()).ok()?));
        match width {
            Some(w) if w <= MAX_SWIZZLE_BITS => {}
            _ => return bad("bits + base + |shift| must be at most 62"),
        }
        Ok(Swizzle {
            bits,
            base,
            shift,
            _checked: (),
        })
    }

    /// The mask selecting YYY: `bits` ones from bit `base + max(0, shift)`.
    pub fn yyy_mask(&self) -> i64 {
        mask(self.bits, self.base.saturating_add(self.shift.max(0)))
    }

    /// The mask selecting ZZZ: `bits` ones from bit `base - min(0, shift)`.
    pub fn zzz_mask(&self) -> i64 {
        mask(self.bits, self.base.saturating_sub(self.shift.min(0)))
    }

    /// Applies the swizzle to an integer offset: `offset ^ shiftr(offset &
    /// yyy_mask, shift)`; the specification's `Swizzle.__call__`.
    ///
    /// # Post-conditions
    /// Only the bits of ZZZ change: `(result ^ offset) & !zzz_mask == 0`.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::swizzle::Swizzle;
    /// let s = Swizzle::new(1, 0, 1).unwrap();
    /// assert_eq!(s.apply(0b00), 0b00);
    /// assert_eq!(s.apply(0b10), 0b11);
    /// assert_eq!(s.apply(s.apply(0b10)), 0b10);
    /// assert_ne!(s.apply(0b10), 0b10);
    /// ```
    pub fn apply(&self, offset: i64) -> i64 {
        let y = offset & self.yyy_mask();
        // the checked constructor keeps every shifted field inside 62 bits
        let moved = shiftr(y, self.shift).unwrap_or(0);
        offset ^ moved
    }

    /// Size of the domain: `2**(bits + base + |shift|)`.
    pub fn size(&self) -> i64 {
        let w = self
            .bits
            .saturating_add(self.base)
            .saturating_add(self.shift.saturating_abs());
        match u32::try_from(w) {
            Ok(w) if w < 63 => 1 << w,
            _ => i64::MAX,
        }
    }

    /// Size of the codomain: the same as [`Swizzle::size`].
    pub fn cosize(&self) -> i64 {
        self.size()
    }
}

/// `bits` ones starting at bit `at` (zero outside the 64-bit range).
fn mask(bits: i64, at: i64) -> i64 {
    let (Ok(bits), Ok(at)) = (u32::try_from(bits), u32::try_from(at)) else {
        return 0;
    };
    let ones = 1_i64.checked_shl(bits).map_or(-1, |p| p.wrapping_sub(1));
    ones.checked_shl(at).unwrap_or(0)
}

impl fmt::Debug for Swizzle {
    /// The constructor form, `Swizzle(1,0,1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Swizzle({},{},{})", self.bits, self.base, self.shift)
    }
}

impl fmt::Display for Swizzle {
    /// The short form, `SW_1_0_1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SW_{}_{}_{}", self.bits, self.base, self.shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::typedefs::Scalar;
    use cute_core::ErrorClass;
    use proptest::prelude::*;

    // --- API reference: class F2 ---------------------------------------------

    #[test]
    fn test_f2_examples() {
        // F2(0b1010) + F2(0b1100) == F2(0b0110)
        assert_eq!(F2(0b1010) + F2(0b1100), F2(0b0110));
        let s = Scalar::<i64>::F2(F2(0b1010))
            .add(&Scalar::F2(F2(0b1100)))
            .unwrap();
        assert_eq!(s, Scalar::F2(F2(0b0110)));
        // 3 * F2(0b1010) == F2(0b11110)
        assert_eq!(F2(0b1010).mul_int(3).unwrap(), F2(0b11110));
        let p = Scalar::Int(3).mul(&Scalar::F2(F2(0b1010))).unwrap();
        assert_eq!(p, Scalar::F2(F2(0b11110)));
        // F2(0b11) * 0b11 == F2(0b101): carry-less
        assert_eq!(F2(0b11).mul_int(0b11).unwrap(), F2(0b101));
        let p = Scalar::F2(F2(0b11)).mul(&Scalar::Int(0b11)).unwrap();
        assert_eq!(p, Scalar::F2(F2(0b101)));
        // F2(1) + 0 == F2(1)
        assert_eq!(F2(1).add_int(0).unwrap(), F2(1));
        let s = Scalar::F2(F2(1)).add(&Scalar::Int(0)).unwrap();
        assert_eq!(s, Scalar::F2(F2(1)));
        // F2(1) + 1 -> TypeError
        assert_eq!(F2(1).add_int(1).unwrap_err().class(), ErrorClass::TypeError);
        let e = Scalar::F2(F2(1)).add(&Scalar::Int(1)).unwrap_err();
        assert_eq!(e.class(), ErrorClass::TypeError);
        // Layout((4, 8), (F2(1), F2(8)))(2, 1) == F2(2 ^ 8): 2 * F2(1) + 1 * F2(8)
        let v = F2(1).mul_int(2).unwrap() + F2(8).mul_int(1).unwrap();
        assert_eq!(v, F2(2 ^ 8));
    }

    #[test]
    fn test_f2_products() {
        assert_eq!(F2(0b11).clmul(F2(0b11)).unwrap(), F2(0b101));
        assert_eq!(
            Scalar::F2(F2(3)).mul(&Scalar::F2(F2(3))).unwrap(),
            Scalar::F2(F2(5))
        );
        assert_eq!(F2(7).mul_int(0).unwrap(), F2(0));
        assert_eq!(F2(1 << 40).mul_int(1 << 23).unwrap(), F2(1 << 63));
        assert_eq!(
            F2(1 << 40).mul_int(1 << 24).unwrap_err().class(),
            ErrorClass::ValueError
        );
        assert_eq!(
            F2(1).mul_int(-2).unwrap_err().class(),
            ErrorClass::ValueError
        );
        assert_eq!(F2(5) - F2(1), F2(4));
        assert_eq!(F2::from_int(9).unwrap(), F2(9));
        assert_eq!(
            F2::from_int(-9).unwrap_err().class(),
            ErrorClass::ValueError
        );
    }

    // --- chapter 02 -----------------------------------------------------------

    #[test]
    fn test_f2_printing() {
        assert_eq!((F2(0b1010) + F2(0b1100)).to_string(), "F6");
        assert_eq!(F2(0b1010).mul_int(2).unwrap().to_string(), "F20");
        assert_eq!(F2(0b11).mul_int(0b11).unwrap().to_string(), "F5");
        assert_eq!(F2(0).to_string(), "F0");
    }

    // --- API reference: F2.divmod and typedefs.divmod -------------------------

    #[test]
    fn test_f2_divmod() {
        assert_eq!(divmod(F2(0b10110), 4).unwrap(), (F2(0b101), F2(0b10)));
        assert_eq!(divmod(F2(0b1011), 3).unwrap(), (F2(0b110), F2(0b1)));
        assert_eq!(divmod(F2(42), 1).unwrap(), (F2(42), F2(0)));
        // typedefs: divmod(F2(0b1011), 0b11) == (F2(0b110), F2(0b1))
        assert_eq!(divmod(F2(0b1011), 0b11).unwrap(), (F2(0b110), F2(0b1)));
        assert_eq!(F2(0b1011).divmod(F2(0b11)).unwrap(), (F2(0b110), F2(0b1)));
        // where Z would give divmod(11, 3) == (3, 2)
        assert_ne!(divmod(F2(11), 3).unwrap(), (F2(3), F2(2)));
        assert_eq!(
            divmod(F2(1), 0).unwrap_err().class(),
            ErrorClass::ValueError
        );
        assert_eq!(
            divmod(F2(1), -4).unwrap_err().class(),
            ErrorClass::ValueError
        );
        assert_eq!(
            F2(1).divmod(F2(0)).unwrap_err().class(),
            ErrorClass::ValueError
        );
        // the power-of-two case splits bit-fields
        let a = 0b1101_0110_u64;
        assert_eq!(divmod(F2(a), 1 << 3).unwrap(), (F2(a >> 3), F2(a & 0b111)));
        // a full-width dividend
        let (q, r) = divmod(F2(u64::MAX), 0b111).unwrap();
        assert_eq!(q.clmul(F2(0b111)).unwrap() + r, F2(u64::MAX));
    }

    // --- API reference: shiftr, shiftl ----------------------------------------

    #[test]
    fn test_shifts() {
        assert_eq!(shiftr(0b1000, 2).unwrap(), 0b10);
        assert_eq!(shiftr(0b1000, -2).unwrap(), 0b100000);
        assert_eq!(shiftl(0b1000, 2).unwrap(), 0b100000);
        assert_eq!(shiftl(0b1000, -2).unwrap(), 0b10);
        assert_eq!(shiftl(5, 0).unwrap(), 5);
        assert_eq!(shiftr(5, 0).unwrap(), 5);
        assert_eq!(shiftr(-8, 1).unwrap(), -4);
        assert_eq!(shiftr(-1, 100).unwrap(), -1);
        assert_eq!(shiftr(7, 100).unwrap(), 0);
        assert_eq!(shiftl(7, i64::MIN).unwrap(), 0);
        assert_eq!(shiftl(1, 62).unwrap(), 1 << 62);
        assert_eq!(shiftl(-1, 63).unwrap(), i64::MIN);
        assert_eq!(shiftl(0, 1000).unwrap(), 0);
        assert_eq!(shiftl(1, 63).unwrap_err().class(), ErrorClass::ValueError);
        assert_eq!(shiftl(3, 62).unwrap_err().class(), ErrorClass::ValueError);
        assert_eq!(
            shiftr(1, i64::MIN).unwrap_err().class(),
            ErrorClass::ValueError
        );
    }

    // --- API reference: class Swizzle -----------------------------------------

    #[test]
    fn test_swizzle_examples() {
        let s = Swizzle::new(1, 0, 1).unwrap();
        assert_eq!(s.apply(0b00), 0b00);
        assert_eq!(s.apply(0b10), 0b11);
        assert_eq!(s.apply(s.apply(0b10)), 0b10);
        let e = Swizzle::new(-1, 0, 1).unwrap_err();
        assert_eq!(e.class(), ErrorClass::ValueError);
    }

    #[test]
    fn test_swizzle_preconditions() {
        assert!(Swizzle::new(0, 0, 0).is_ok());
        assert!(Swizzle::new(3, 4, 3).is_ok());
        assert!(Swizzle::new(3, 4, -3).is_ok());
        assert!(Swizzle::new(3, 4, 1).is_ok()); // shift >= 0 may overlap
        assert!(Swizzle::new(3, 4, -2).is_err());
        assert!(Swizzle::new(1, -1, 1).is_err());
        assert!(Swizzle::new(20, 20, 22).is_ok());
        assert!(Swizzle::new(20, 20, 23).is_err());
        assert!(Swizzle::new(1, 0, i64::MIN).is_err());
        assert!(Swizzle::new(i64::MAX, i64::MAX, 1).is_err());
    }

    #[test]
    fn test_swizzle_masks_and_printing() {
        // Swizzle<3, 4, 3>: YYY at bits 7..10, ZZZ at bits 4..7
        let s = Swizzle::new(3, 4, 3).unwrap();
        assert_eq!(s.yyy_mask(), 0b111_0000000);
        assert_eq!(s.zzz_mask(), 0b111_0000);
        assert_eq!(s.apply(0b101_0000000), 0b101_0000000 | 0b101_0000);
        assert_eq!(s.size(), 1 << 10);
        assert_eq!(s.cosize(), 1 << 10);
        // negative shift: YYY below ZZZ
        let t = Swizzle::new(2, 1, -3).unwrap();
        assert_eq!(t.yyy_mask(), 0b11 << 1);
        assert_eq!(t.zzz_mask(), 0b11 << 4);
        assert_eq!(t.apply(0b10 << 1), (0b10 << 1) | (0b10 << 4));
        assert_eq!(format!("{s:?}"), "Swizzle(3,4,3)");
        assert_eq!(s.to_string(), "SW_3_4_3");
        assert_eq!(format!("{t:?}"), "Swizzle(2,1,-3)");
        // the widest one stays in range
        let w = Swizzle::new(20, 20, 22).unwrap();
        assert_eq!(w.size(), 1 << 62);
        assert_eq!(w.apply(-1), -1 ^ (((1 << 20) - 1) << 20));
    }

    #[test]
    fn test_swizzle_overlapping_is_not_an_involution() {
        // shift 1 < bits 2: the fields overlap
        let s = Swizzle::new(2, 0, 1).unwrap();
        assert_ne!(s.apply(s.apply(0b110)), 0b110);
    }

    // --- properties -------------------------------------------------------------

    fn arb_swizzle() -> impl Strategy<Value = Swizzle> {
        (0_i64..8, 0_i64..8, 0_i64..12, any::<bool>()).prop_filter_map(
            "fields overlap",
            |(b, m, s, neg)| {
                let s = if neg { -s } else { s };
                (s.abs() >= b).then(|| Swizzle::new(b, m, s).unwrap())
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_swizzle_involution(s in arb_swizzle(), x in any::<i64>()) {
            prop_assert_eq!(s.apply(s.apply(x)), x);
            // only ZZZ changes
            prop_assert_eq!((s.apply(x) ^ x) & !s.zzz_mask(), 0);
        }

        #[test]
        fn prop_f2_divmod(a in any::<u64>(), b in 1_i64..(1 << 20)) {
            let (q, r) = divmod(F2(a), b).unwrap();
            // a == q * b + r
            prop_assert_eq!(q.mul_int(b).unwrap() + r, F2(a));
            // deg(r) < deg(b)
            let db = F2(b as u64).degree().unwrap();
            prop_assert!(r.degree().is_none_or(|dr| dr < db));
        }

        #[test]
        fn prop_f2_xor_group(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
            let (a, b, c) = (F2(a), F2(b), F2(c));
            prop_assert_eq!((a + b) + c, a + (b + c));
            prop_assert_eq!(a + b, b + a);
            prop_assert_eq!(a + F2(0), a);
            prop_assert_eq!(a + a, F2(0));
        }

        #[test]
        fn prop_f2_clmul_distributes(a in 0_u64..(1 << 30), b in 0_u64..(1 << 30), c in 0_u64..(1 << 30)) {
            let (a, b, c) = (F2(a), F2(b), F2(c));
            prop_assert_eq!((a + b).clmul(c).unwrap(), a.clmul(c).unwrap() + b.clmul(c).unwrap());
            prop_assert_eq!(a.clmul(b).unwrap(), b.clmul(a).unwrap());
        }

        #[test]
        fn prop_shift_roundtrip(a in -(1_i64 << 40)..(1 << 40), s in 0_i64..20) {
            prop_assert_eq!(shiftr(shiftl(a, s).unwrap(), s).unwrap(), a);
            prop_assert_eq!(shiftl(a, -s).unwrap(), shiftr(a, s).unwrap());
        }
    }
}
