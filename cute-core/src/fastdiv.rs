//! Precomputed division: quotient and remainder by a divisor fixed in advance.
//!
//! Evaluating a layout splits an index into coordinates with one division per
//! mode, and the extents it divides by are known long before the indices
//! arrive. A hardware 64-bit division costs tens of cycles; a multiplication
//! costs three or four. [`FastDivmod`] trades the one for the other.
//!
//! # The technique
//!
//! Division by a constant `d` is multiplication by `1/d`. In fixed point,
//! `1/d` is approximated from above by `m / 2^s` with the integer
//! `m = ceil(2^s / d)`, and then `n / d` is `floor(n * m / 2^s)`: a product
//! and a shift. This is the method of Granlund and Montgomery ("Division by
//! invariant integers using multiplication", 1994), the one compilers use for
//! literal divisors, and the one Lemire, Kaser and Kurz analyse for the
//! remainder ("Faster remainder by direct computation", 2019).
//!
//! *Why it is exact.* Write `m * d = 2^s + e`, where the rounding error `e`
//! lies in `[0, d)`. Then `n * m / 2^s = n / d + n * e / (d * 2^s)`. With
//! `n = q * d + r` and `0 <= r < d`, the floor of that sum is `q` as long as
//! `r + n * e / 2^s < d`, which holds whenever `n * e < 2^s`. Choosing
//! `s = 63 + l` with `l = ceil(log2 d)` makes it hold for every `n < 2^63`,
//! since `e < d <= 2^l`.
//!
//! *Why it is one multiply-high.* With that `s`, `m < 2^64` (for `d` strictly
//! between powers of two, `m < 2^(63 + l) / 2^(l - 1) = 2^64`; for `d = 2^l`,
//! `m = 2^63`), so `m` fits a machine word. The product `n * m` needs 127
//! bits, but only its top part matters: the shift by `63 + l` is a shift of
//! the doubled dividend `2n` (which fits 64 bits because `n < 2^63`) by
//! `64 + l`, that is the high word of the 128-bit product `2n * m`, shifted
//! right by `l`. On a 64-bit machine the high word is what the `mul`
//! instruction produces anyway.
//!
//! ```text
//!   2n  (64 bits)  x  m  (64 bits)  =  [ high word | low word ]
//!                                          |
//!                                          +--> >> l  -->  n / d
//! ```
//!
//! *No special cases.* `d = 1` gives `l = 0` and `m = 2^63`, and the formula
//! returns `n`; a power of two `d = 2^k` gives `m = 2^63` and the formula
//! returns `n >> k`. Every divisor runs the same three instructions (add,
//! multiply-high, shift), so a loop over divisors of different kinds never
//! branches. A caller that knows all its divisors are powers of two can skip
//! the multiplication altogether with [`FastDivmod::log2`], checked once,
//! outside its loop.
//!
//! The remainder is `n - q * d`.
//!
//! # Range
//!
//! Divisors `d` with `1 <= d <= i64::MAX`; dividends `n` with
//! `0 <= n <= i64::MAX` (that is, `n < 2^63`: every non-negative `i64`, which
//! includes every `u32`). [`FastDivmod::floor_divmod`] accepts every `i64`,
//! negative ones through hardware division.

use crate::error::{Error, Result};

/// Quotient and remainder by a divisor fixed at construction, for dividends
/// in `[0, 2^63)`, by one multiply-high and a shift (see the
/// [module documentation](self) for the method).
///
/// # Examples
/// ```
/// use cute_core::FastDivmod;
/// let by7 = FastDivmod::new(7).unwrap();
/// assert_eq!(by7.divmod(100), (14, 2));
/// assert_eq!(by7.div(6), 0);
/// assert_eq!(by7.rem(700), 0);
/// assert!(FastDivmod::new(0).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FastDivmod {
    /// The divisor `d`.
    divisor: u64,
    /// `ceil(2^(63 + shift) / d)`, below `2^64`.
    multiplier: u64,
    /// `ceil(log2 d)`, at most 63.
    shift: u32,
}

impl FastDivmod {
    /// The largest dividend [`FastDivmod::divmod`] accepts: `2^63 - 1`.
    pub const MAX_DIVIDEND: u64 = i64::MAX as u64;

    /// The largest divisor: `2^63 - 1`.
    pub const MAX_DIVISOR: u64 = i64::MAX as u64;

    /// Precomputes division by `d`.
    ///
    /// # Pre-conditions
    /// None: every `u64` is accepted.
    ///
    /// # Post-conditions
    /// `result.divisor() == d`, and
    /// `result.divmod(n) == (n / d, n % d)` for every `n <= MAX_DIVIDEND`.
    ///
    /// # Errors
    /// `None` if `d == 0` or `d > MAX_DIVISOR`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::FastDivmod;
    /// assert_eq!(FastDivmod::new(12).unwrap().divmod(1000), (83, 4));
    /// assert_eq!(FastDivmod::new(1).unwrap().divmod(i64::MAX as u64), (i64::MAX as u64, 0));
    /// assert_eq!(FastDivmod::new(0), None);
    /// assert_eq!(FastDivmod::new(1 << 63), None);
    /// ```
    pub const fn new(d: u64) -> Option<FastDivmod> {
        if d == 0 || d > Self::MAX_DIVISOR {
            return None;
        }
        // l = ceil(log2 d): 0 for d = 1, k for d = 2^k, k + 1 for 2^k < d < 2^(k+1).
        let shift = if d == 1 {
            0
        } else {
            64 - (d - 1).leading_zeros()
        };
        // m = ceil(2^(63 + l) / d); 63 + l <= 126, so the numerator fits u128,
        // and m < 2^64 (module documentation).
        let numerator = 1u128 << (63 + shift);
        let d128 = d as u128;
        let multiplier = numerator.div_ceil(d128) as u64;
        Some(FastDivmod {
            divisor: d,
            multiplier,
            shift,
        })
    }

    /// Precomputes division by a signed divisor `d`.
    ///
    /// # Pre-conditions
    /// None.
    ///
    /// # Post-conditions
    /// `result.divisor() == d as u64`.
    ///
    /// # Errors
    /// `ValueError` ([`Error::InvalidValue`]) if `d <= 0`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::{ErrorClass, FastDivmod};
    /// assert_eq!(FastDivmod::from_i64(6).unwrap().divmod(20), (3, 2));
    /// assert_eq!(FastDivmod::from_i64(0).unwrap_err().class(), ErrorClass::ValueError);
    /// assert!(FastDivmod::from_i64(-3).is_err());
    /// ```
    pub fn from_i64(d: i64) -> Result<FastDivmod> {
        if d <= 0 {
            #[cfg(feature = "alloc")]
            let msg = alloc::format!("divisor {d} is not positive");
            #[cfg(not(feature = "alloc"))]
            let msg = "divisor is not positive";
            return Err(Error::value("FastDivmod", msg));
        }
        // 0 < d <= i64::MAX == MAX_DIVISOR, so `new` succeeds.
        match Self::new(d as u64) {
            Some(f) => Ok(f),
            None => Err(Error::value("FastDivmod", "divisor out of range")),
        }
    }

    /// The divisor.
    ///
    /// # Examples
    /// ```
    /// use cute_core::FastDivmod;
    /// assert_eq!(FastDivmod::new(9).unwrap().divisor(), 9);
    /// ```
    #[inline(always)]
    pub const fn divisor(&self) -> u64 {
        self.divisor
    }

    /// `k` if the divisor is `2^k` (including `d = 1`, `k = 0`), so that
    /// `n / d == n >> k` and `n % d == n & (d - 1)`; `None` otherwise.
    ///
    /// # Examples
    /// ```
    /// use cute_core::FastDivmod;
    /// assert_eq!(FastDivmod::new(1).unwrap().log2(), Some(0));
    /// assert_eq!(FastDivmod::new(64).unwrap().log2(), Some(6));
    /// assert_eq!(FastDivmod::new(48).unwrap().log2(), None);
    /// ```
    #[inline]
    pub const fn log2(&self) -> Option<u32> {
        if self.divisor.is_power_of_two() {
            Some(self.shift)
        } else {
            None
        }
    }

    /// The quotient `n / d`.
    ///
    /// # Pre-conditions
    /// `n <= MAX_DIVIDEND` (checked in debug builds; above it the result is
    /// unspecified: use [`FastDivmod::checked_divmod`] for unchecked input).
    ///
    /// # Post-conditions
    /// `result == n / self.divisor()`.
    ///
    /// # Errors
    /// None.
    ///
    /// # Examples
    /// ```
    /// use cute_core::FastDivmod;
    /// let by3 = FastDivmod::new(3).unwrap();
    /// assert_eq!(by3.div(0), 0);
    /// assert_eq!(by3.div(8), 2);
    /// assert_eq!(by3.div(i64::MAX as u64), i64::MAX as u64 / 3);
    /// assert_eq!(by3.checked_divmod(u64::MAX), None);
    /// ```
    #[inline(always)]
    pub const fn div(&self, n: u64) -> u64 {
        debug_assert!(n <= Self::MAX_DIVIDEND);
        // floor(2n * m / 2^64) >> l == floor(n * m / 2^(63 + l)) == n / d.
        let high = ((((n << 1) as u128) * (self.multiplier as u128)) >> 64) as u64;
        high >> self.shift
    }

    /// The remainder `n % d`.
    ///
    /// # Pre-conditions
    /// `n <= MAX_DIVIDEND` (checked in debug builds).
    ///
    /// # Post-conditions
    /// `result == n % self.divisor()`.
    ///
    /// # Errors
    /// None.
    ///
    /// # Examples
    /// ```
    /// use cute_core::FastDivmod;
    /// assert_eq!(FastDivmod::new(10).unwrap().rem(1234), 4);
    /// assert_eq!(FastDivmod::new(10).unwrap().checked_divmod(1 << 63), None);
    /// ```
    #[inline(always)]
    pub const fn rem(&self, n: u64) -> u64 {
        n - self.div(n) * self.divisor
    }

    /// The quotient and remainder `(n / d, n % d)`.
    ///
    /// # Pre-conditions
    /// `n <= MAX_DIVIDEND` (checked in debug builds).
    ///
    /// # Post-conditions
    /// `result == (n / d, n % d)`; `result.0 * d + result.1 == n`.
    ///
    /// # Errors
    /// None.
    ///
    /// # Examples
    /// ```
    /// use cute_core::FastDivmod;
    /// assert_eq!(FastDivmod::new(3).unwrap().divmod(7), (2, 1));
    /// assert_eq!(FastDivmod::new(3).unwrap().checked_divmod(u64::MAX), None);
    /// ```
    #[inline(always)]
    pub const fn divmod(&self, n: u64) -> (u64, u64) {
        let q = self.div(n);
        (q, n - q * self.divisor)
    }

    /// The quotient and remainder, or `None` for a dividend out of range.
    ///
    /// # Pre-conditions
    /// None.
    ///
    /// # Post-conditions
    /// `result == Some((n / d, n % d))` if `n <= MAX_DIVIDEND`.
    ///
    /// # Errors
    /// `None` if `n > MAX_DIVIDEND`.
    ///
    /// # Examples
    /// ```
    /// use cute_core::FastDivmod;
    /// let by5 = FastDivmod::new(5).unwrap();
    /// assert_eq!(by5.checked_divmod(17), Some((3, 2)));
    /// assert_eq!(by5.checked_divmod(u64::MAX), None);
    /// ```
    #[inline]
    pub const fn checked_divmod(&self, n: u64) -> Option<(u64, u64)> {
        if n > Self::MAX_DIVIDEND {
            None
        } else {
            Some(self.divmod(n))
        }
    }

    /// Floor division of any `i64`, as Python's `divmod`: the quotient
    /// rounds toward negative infinity and the remainder lies in `[0, d)`.
    /// Non-negative `n` take the multiply-high path; negative `n` fall back
    /// to hardware division.
    ///
    /// # Pre-conditions
    /// None.
    ///
    /// # Post-conditions
    /// `result.0 * d + result.1 == n` and `0 <= result.1 < d`.
    ///
    /// # Errors
    /// None (the divisor is positive, so nothing overflows).
    ///
    /// # Examples
    /// ```
    /// use cute_core::FastDivmod;
    /// let by3 = FastDivmod::new(3).unwrap();
    /// assert_eq!(by3.floor_divmod(7), (2, 1));
    /// assert_eq!(by3.floor_divmod(-1), (-1, 2));
    /// assert_eq!(by3.floor_divmod(i64::MIN), (i64::MIN / 3 - 1, 1));
    /// assert_eq!(FastDivmod::new(0), None);
    /// ```
    #[inline]
    pub const fn floor_divmod(&self, n: i64) -> (i64, i64) {
        if n >= 0 {
            let (q, r) = self.divmod(n as u64);
            (q as i64, r as i64)
        } else {
            // d <= i64::MAX, so it is a valid positive i64 and Euclidean
            // division (remainder in [0, d)) is floor division.
            let d = self.divisor as i64;
            (n.div_euclid(d), n.rem_euclid(d))
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use proptest::prelude::*;
    use std::vec::Vec;

    fn check(f: &FastDivmod, n: u64) {
        let d = f.divisor();
        assert_eq!(f.divmod(n), (n / d, n % d), "n = {n}, d = {d}");
    }

    /// Dividends that stress the rounding: around multiples of `d`, around
    /// powers of two, and at the ends of the range.
    fn hard_dividends(d: u64) -> impl Iterator<Item = u64> {
        let mut v = Vec::new();
        for k in 0..64u32 {
            let p = 1u64 << k;
            for n in [p.wrapping_sub(1), p, p.wrapping_add(1)] {
                if n <= FastDivmod::MAX_DIVIDEND {
                    v.push(n);
                }
            }
        }
        let max = FastDivmod::MAX_DIVIDEND;
        let top = max / d * d;
        for n in [
            max,
            max - 1,
            top,
            top.saturating_sub(1),
            top.saturating_sub(d),
        ] {
            v.push(n);
        }
        for q in [1u64, 2, 3, 1000, (1 << 31) / d + 1, (1 << 32) / d + 1] {
            if let Some(base) = q.checked_mul(d) {
                for n in [base.wrapping_sub(1), base, base.wrapping_add(1)] {
                    if n <= max {
                        v.push(n);
                    }
                }
            }
        }
        v.into_iter()
    }

    #[test]
    fn all_small_divisors_dense() {
        // Every d <= 2^12 against every n < 2^13 and a stride-sampled range
        // up to 2^32, plus the hard cases.
        for d in 1..=(1u64 << 12) {
            let f = FastDivmod::new(d).unwrap();
            for n in 0..(1u64 << 13) {
                check(&f, n);
            }
            let mut n = 1u64 << 13;
            while n < (1u64 << 32) {
                check(&f, n);
                check(&f, n + d - 1);
                n += 0x10_0001 + d;
            }
            for n in hard_dividends(d) {
                check(&f, n);
            }
        }
    }

    #[test]
    fn large_divisors() {
        let mut ds: Vec<u64> = Vec::new();
        for k in 12..63u32 {
            let p = 1u64 << k;
            ds.extend([p - 1, p, p + 1, p + p / 3]);
        }
        ds.extend([
            FastDivmod::MAX_DIVISOR,
            FastDivmod::MAX_DIVISOR - 1,
            3_000_000_019,
        ]);
        for d in ds {
            let f = FastDivmod::new(d).unwrap();
            assert_eq!(f.divisor(), d);
            for n in hard_dividends(d) {
                check(&f, n);
            }
        }
    }

    #[test]
    fn constructor_range() {
        assert_eq!(FastDivmod::new(0), None);
        assert_eq!(FastDivmod::new(FastDivmod::MAX_DIVISOR + 1), None);
        assert_eq!(FastDivmod::new(u64::MAX), None);
        assert!(FastDivmod::new(FastDivmod::MAX_DIVISOR).is_some());
        assert!(FastDivmod::from_i64(0).is_err());
        assert!(FastDivmod::from_i64(i64::MIN).is_err());
        assert_eq!(
            FastDivmod::from_i64(i64::MAX).unwrap().divisor(),
            i64::MAX as u64
        );
        // Usable in constants.
        const BY10: Option<FastDivmod> = FastDivmod::new(10);
        assert_eq!(BY10.unwrap().divmod(99), (9, 9));
    }

    #[test]
    fn log2_and_shift_agree() {
        for k in 0..63u32 {
            let f = FastDivmod::new(1 << k).unwrap();
            assert_eq!(f.log2(), Some(k));
            for n in [0u64, 1, 12345, FastDivmod::MAX_DIVIDEND] {
                assert_eq!(f.div(n), n >> k);
                assert_eq!(f.rem(n), n & ((1 << k) - 1));
            }
        }
        assert_eq!(FastDivmod::new(3).unwrap().log2(), None);
        assert_eq!(
            FastDivmod::new(FastDivmod::MAX_DIVISOR).unwrap().log2(),
            None
        );
    }

    #[test]
    fn floor_divmod_matches_python() {
        let f = FastDivmod::new(4).unwrap();
        assert_eq!(f.floor_divmod(-1), (-1, 3));
        assert_eq!(f.floor_divmod(-4), (-1, 0));
        assert_eq!(f.floor_divmod(-5), (-2, 3));
        assert_eq!(f.floor_divmod(9), (2, 1));
        let m = FastDivmod::new(FastDivmod::MAX_DIVISOR).unwrap();
        assert_eq!(m.floor_divmod(i64::MIN), (-2, i64::MAX - 1));
        assert_eq!(m.floor_divmod(i64::MAX), (1, 0));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn divmod_equals_hardware(d in 1..=FastDivmod::MAX_DIVISOR, n in 0..=FastDivmod::MAX_DIVIDEND) {
            let f = FastDivmod::new(d).unwrap();
            prop_assert_eq!(f.divmod(n), (n / d, n % d));
            prop_assert_eq!(f.checked_divmod(n), Some((n / d, n % d)));
        }

        #[test]
        fn divmod_small_divisor_any_dividend(d in 1u64..100_000, n in 0..=FastDivmod::MAX_DIVIDEND) {
            let f = FastDivmod::new(d).unwrap();
            prop_assert_eq!(f.div(n), n / d);
            prop_assert_eq!(f.rem(n), n % d);
        }

        #[test]
        fn divmod_32_bit_dividends(d in 1u64..(1 << 33), n in 0u64..(1 << 32)) {
            let f = FastDivmod::new(d).unwrap();
            prop_assert_eq!(f.divmod(n), (n / d, n % d));
        }

        #[test]
        fn floor_divmod_any_i64(d in 1..=i64::MAX, n in any::<i64>()) {
            let f = FastDivmod::from_i64(d).unwrap();
            let (q, r) = f.floor_divmod(n);
            prop_assert_eq!((q, r), (n.div_euclid(d), n.rem_euclid(d)));
            prop_assert!(0 <= r && r < d);
        }
    }
}
