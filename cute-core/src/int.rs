//! The integer leaf: an integer that may be known at compile time.
//!
//! CuTe C++ writes `Int<4>` for an integer fixed by its type and `int` for one
//! known only at run time; a layout may hold both. Here typenum's unsigned
//! integers ([`typenum::UTerm`], [`typenum::UInt`]) are the static integers
//! and `i64` is the dynamic one. [`IntLeaf`] reads either; [`IntMul`] and
//! [`IntAdd`] combine two of them so that static x static stays static (a
//! typenum type) and anything with a dynamic operand becomes dynamic.
//!
//! ```
//! use cute_core::{IntLeaf, IntMul};
//! use typenum::{U4, U8};
//! let s = U4::default().int_mul(U8::default()); // static: the type is U32
//! assert_eq!(s.value(), 32);
//! assert!(s.is_static());
//! let d = U4::default().int_mul(8_i64); // dynamic
//! assert_eq!(d, 32_i64);
//! assert!(!d.is_static());
//! ```

use core::ops::{Add, Mul};
use typenum::{Bit, UInt, UTerm, Unsigned};

/// An integer leaf of a shape, stride or coordinate: static (a typenum
/// unsigned integer, its value fixed by its type) or dynamic (`i64`).
pub trait IntLeaf: Copy {
    /// True iff the value is defined completely by the type.
    const IS_STATIC: bool;
    /// The value.
    fn value(&self) -> i64;
    /// True iff the value is defined completely by the type
    /// (the specification's `is_static`).
    fn is_static(&self) -> bool {
        Self::IS_STATIC
    }
}

impl IntLeaf for UTerm {
    const IS_STATIC: bool = true;
    #[inline(always)]
    fn value(&self) -> i64 {
        0
    }
}

impl<U: Unsigned, B: Bit> IntLeaf for UInt<U, B> {
    const IS_STATIC: bool = true;
    #[inline(always)]
    fn value(&self) -> i64 {
        <Self as Unsigned>::I64
    }
}

impl IntLeaf for i64 {
    const IS_STATIC: bool = false;
    #[inline(always)]
    fn value(&self) -> i64 {
        *self
    }
}

/// Multiplication of integer leaves: static x static is static, anything
/// with a dynamic operand is `i64`.
pub trait IntMul<Rhs> {
    /// The product's type.
    type Output: IntLeaf;
    /// The product.
    fn int_mul(self, rhs: Rhs) -> Self::Output;
}

/// Addition of integer leaves: static + static is static, anything with a
/// dynamic operand is `i64`.
pub trait IntAdd<Rhs> {
    /// The sum's type.
    type Output: IntLeaf;
    /// The sum.
    fn int_add(self, rhs: Rhs) -> Self::Output;
}

// Each operand's constructor (`UTerm`, `UInt`, `i64`) gets its own impl, so
// that no blanket impl over `Unsigned` overlaps the dynamic one.
macro_rules! leaf_ops {
    ($trait:ident, $method:ident, $op:ident, $wrapping:ident) => {
        // static, static: typenum computes the result type.
        impl $trait<UTerm> for UTerm {
            type Output = UTerm;
            #[inline(always)]
            fn $method(self, _: UTerm) -> UTerm {
                UTerm
            }
        }
        impl<RU: Unsigned, RB: Bit> $trait<UInt<RU, RB>> for UTerm
        where
            UTerm: $op<UInt<RU, RB>>,
            <UTerm as $op<UInt<RU, RB>>>::Output: IntLeaf + Default,
        {
            type Output = <UTerm as $op<UInt<RU, RB>>>::Output;
            #[inline(always)]
            fn $method(self, _: UInt<RU, RB>) -> Self::Output {
                Default::default()
            }
        }
        impl<U: Unsigned, B: Bit> $trait<UTerm> for UInt<U, B>
        where
            UInt<U, B>: $op<UTerm>,
            <UInt<U, B> as $op<UTerm>>::Output: IntLeaf + Default,
        {
            type Output = <UInt<U, B> as $op<UTerm>>::Output;
            #[inline(always)]
            fn $method(self, _: UTerm) -> Self::Output {
                Default::default()
            }
        }
        impl<U: Unsigned, B: Bit, RU: Unsigned, RB: Bit> $trait<UInt<RU, RB>> for UInt<U, B>
        where
            UInt<U, B>: $op<UInt<RU, RB>>,
            <UInt<U, B> as $op<UInt<RU, RB>>>::Output: IntLeaf + Default,
        {
            type Output = <UInt<U, B> as $op<UInt<RU, RB>>>::Output;
            #[inline(always)]
            fn $method(self, _: UInt<RU, RB>) -> Self::Output {
                Default::default()
            }
        }
        // static, dynamic: dynamic.
        impl $trait<i64> for UTerm {
            type Output = i64;
            #[inline(always)]
            fn $method(self, rhs: i64) -> i64 {
                0_i64.$wrapping(rhs)
            }
        }
        impl<U: Unsigned, B: Bit> $trait<i64> for UInt<U, B> {
            type Output = i64;
            #[inline(always)]
            fn $method(self, rhs: i64) -> i64 {
                self.value().$wrapping(rhs)
            }
        }
        // dynamic, anything: dynamic.
        impl<R: IntLeaf> $trait<R> for i64 {
            type Output = i64;
            #[inline(always)]
            fn $method(self, rhs: R) -> i64 {
                self.$wrapping(rhs.value())
            }
        }
    };
}
leaf_ops!(IntMul, int_mul, Mul, wrapping_mul);
leaf_ops!(IntAdd, int_add, Add, wrapping_add);

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::{U0, U12, U3, U4, U7};

    #[test]
    fn static_and_dynamic_values() {
        assert_eq!(U12::default().value(), 12);
        assert_eq!(U0::default().value(), 0);
        assert!(U12::default().is_static());
        assert!(!7_i64.is_static());
        assert_eq!(7_i64.value(), 7);
    }

    #[test]
    fn static_stays_static() {
        let p: typenum::U21 = U3::default().int_mul(U7::default());
        assert_eq!(p.value(), 21);
        let s: typenum::U7 = U3::default().int_add(U4::default());
        assert_eq!(s.value(), 7);
        let d: i64 = 5_i64.int_mul(U4::default());
        assert_eq!(d, 20);
        let e: i64 = 5_i64.int_add(2_i64);
        assert_eq!(e, 7);
    }
}
