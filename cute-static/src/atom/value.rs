//! The value types of MMA operands: Rust's own numbers, and the storage
//! types of the 16-bit and 19-bit floating-point formats the tensor cores
//! take ([`Half`], [`BFloat16`], [`TFloat32`]), which Rust has no type for.
//!
//! The storage types only hold the bits and convert to and from `f32`
//! (rounding to nearest, ties to even); arithmetic is done in `f32`, as a
//! host reference computes an MMA's result.
//!
//! ```
//! use cute_static::atom::{BFloat16, Half, MmaValue, TFloat32};
//! assert_eq!(Half::from_f32(1.5).to_f32(), 1.5);
//! assert_eq!(Half::from_f32(1.0 + 1.0 / 4096.0).to_f32(), 1.0); // 10 bits of mantissa
//! assert_eq!(BFloat16::from_f32(3.0).to_bits(), 0x4040);
//! assert_eq!(TFloat32::from_f32(1.0 + 1.0 / 4096.0).to_f32(), 1.0);
//! assert_eq!((Half::NAME, <f32 as MmaValue>::NAME), ("f16", "f32"));
//! ```

use core::fmt;

/// A type an MMA operand holds: its name (CuTe's spelling in the
/// specification's language, `'f16'`) and its width.
pub trait MmaValue: Copy + Default + PartialEq + fmt::Debug + 'static {
    /// The name: `f16`, `bf16`, `tf32`, `f32`, `f64`, `s8`, `u8`, `s32`.
    const NAME: &'static str;
    /// The width in bits.
    const BITS: u32;
    /// The run-time algebra's name for the type.
    #[cfg(feature = "dynamic")]
    const DYNAMIC: cute_dynamic::atom::ValueType;
}

macro_rules! mma_value {
    ($($t:ty => $name:literal, $bits:literal, $dynamic:ident);* $(;)?) => {$(
        impl MmaValue for $t {
            const NAME: &'static str = $name;
            const BITS: u32 = $bits;
            #[cfg(feature = "dynamic")]
            const DYNAMIC: cute_dynamic::atom::ValueType = cute_dynamic::atom::ValueType::$dynamic;
        }
    )*};
}
mma_value!(
    f32 => "f32", 32, F32;
    f64 => "f64", 64, F64;
    i8 => "s8", 8, S8;
    u8 => "u8", 8, U8;
    i32 => "s32", 32, S32;
    Half => "f16", 16, F16;
    BFloat16 => "bf16", 16, BF16;
    TFloat32 => "tf32", 32, TF32;
);

/// IEEE 754 binary16 (CuTe's `half_t`): 1 sign bit, 5 exponent bits, 10
/// mantissa bits, stored as its bits.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Half(u16);

/// bfloat16 (CuTe's `bfloat16_t`): the upper 16 bits of an `f32`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct BFloat16(u16);

/// TensorFloat-32 (CuTe's `tfloat32_t`): an `f32` whose 13 low mantissa
/// bits are zero (8 exponent bits, 10 mantissa bits), stored in 32 bits.
#[derive(Clone, Copy, Default, PartialEq)]
#[repr(transparent)]
pub struct TFloat32(f32);

/// `bits` rounded to nearest (ties to even) at bit `shift`, then shifted.
const fn round_shift(bits: u32, shift: u32) -> u32 {
    let half = 1 << (shift - 1);
    let odd = (bits >> shift) & 1;
    (bits + half - 1 + odd) >> shift
}

impl Half {
    /// The value whose bits are `bits`.
    pub const fn from_bits(bits: u16) -> Half {
        Half(bits)
    }

    /// The bits.
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The nearest binary16 value (ties to even; beyond the range, an
    /// infinity; a NaN stays a NaN).
    pub fn from_f32(x: f32) -> Half {
        let b = x.to_bits();
        let sign = ((b >> 16) & 0x8000) as u16;
        let exp = ((b >> 23) & 0xff) as i32;
        let man = b & 0x007f_ffff;
        if exp == 0xff {
            let nan = if man != 0 { 0x0200 } else { 0 };
            return Half(sign | 0x7c00 | nan);
        }
        let e = exp - 127 + 15;
        if e >= 0x1f {
            return Half(sign | 0x7c00);
        }
        if e <= 0 {
            // a subnormal binary16 (or zero): the mantissa with its hidden
            // bit, shifted right by 14 - e bits (at most 24 + 1)
            if e < -10 {
                return Half(sign);
            }
            let m = man | 0x0080_0000;
            let shift = (14 - e) as u32;
            return Half(sign | round_shift(m, shift) as u16);
        }
        // a rounding carry into the exponent is the right result (up to infinity)
        let r = round_shift(((e as u32) << 23) | man, 13);
        Half(sign | r as u16)
    }

    /// The value as an `f32` (exact).
    pub fn to_f32(self) -> f32 {
        let h = u32::from(self.0);
        let sign = (h & 0x8000) << 16;
        let exp = (h >> 10) & 0x1f;
        let man = h & 0x03ff;
        let bits = match (exp, man) {
            (0, 0) => sign,
            (0, m) => {
                // subnormal: m * 2^-24
                let v = m as f32 * (1.0 / 16_777_216.0);
                return if sign != 0 { -v } else { v };
            }
            (0x1f, m) => sign | 0x7f80_0000 | (m << 13),
            (e, m) => sign | ((e + 127 - 15) << 23) | (m << 13),
        };
        f32::from_bits(bits)
    }
}

impl BFloat16 {
    /// The value whose bits are `bits`.
    pub const fn from_bits(bits: u16) -> BFloat16 {
        BFloat16(bits)
    }

    /// The bits.
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The nearest bfloat16 value (ties to even; a NaN stays a NaN).
    pub fn from_f32(x: f32) -> BFloat16 {
        let b = x.to_bits();
        if x.is_nan() {
            return BFloat16(((b >> 16) | 0x0040) as u16);
        }
        BFloat16(round_shift(b, 16) as u16)
    }

    /// The value as an `f32` (exact).
    pub fn to_f32(self) -> f32 {
        f32::from_bits(u32::from(self.0) << 16)
    }
}

impl TFloat32 {
    /// The nearest TensorFloat-32 value (ties to even; a NaN stays a NaN).
    pub fn from_f32(x: f32) -> TFloat32 {
        if !x.is_finite() {
            return TFloat32(x);
        }
        TFloat32(f32::from_bits(round_shift(x.to_bits(), 13) << 13))
    }

    /// The value as an `f32` (exact).
    pub fn to_f32(self) -> f32 {
        self.0
    }
}

macro_rules! debug_as_f32 {
    ($($t:ty),*) => {$(
        impl fmt::Debug for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.to_f32(), f)
            }
        }
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.to_f32(), f)
            }
        }
        impl From<$t> for f32 {
            fn from(x: $t) -> f32 {
                x.to_f32()
            }
        }
    )*};
}
debug_as_f32!(Half, BFloat16, TFloat32);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_round_trips_and_rounds() {
        for x in [
            0.0_f32,
            -0.0,
            1.0,
            -2.5,
            65504.0,
            6.103_515_6e-5,
            5.960_464_5e-8,
            0.333_251_95,
        ] {
            assert_eq!(Half::from_f32(x).to_f32(), x, "{x}");
        }
        assert_eq!(Half::from_f32(1.0).to_bits(), 0x3c00);
        assert_eq!(Half::from_f32(65520.0).to_f32(), f32::INFINITY); // rounds up past the max
        assert_eq!(
            Half::from_f32(1.0 + 3.0 / 2048.0).to_f32(),
            1.0 + 2.0 / 1024.0
        ); // tie to even
        assert_eq!(Half::from_f32(1e-9).to_f32(), 0.0);
        assert!(Half::from_f32(f32::NAN).to_f32().is_nan());
    }

    #[test]
    fn bf16_and_tf32_round() {
        assert_eq!(BFloat16::from_f32(1.0 + 1.0 / 256.0).to_f32(), 1.0); // tie to even
        assert_eq!(BFloat16::from_f32(-3.0).to_f32(), -3.0);
        assert!(BFloat16::from_f32(f32::NAN).to_f32().is_nan());
        assert_eq!(
            TFloat32::from_f32(1.0 + 3.0 / 2048.0).to_f32(),
            1.0 + 2.0 / 1024.0
        );
        assert_eq!(TFloat32::from_f32(-7.25).to_f32(), -7.25);
    }
}
