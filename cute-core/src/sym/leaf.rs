//! `Sym` as an integer leaf: [`IntLeaf`], every operation trait with `Sym`,
//! `i64` and typenum integers on either side, [`DynInt`], and the std
//! operators.

use alloc::borrow::Cow;
use core::cmp::Ordering;
use core::fmt;
use core::ops::{Add, Mul, Neg, Sub};

use typenum::{Bit, UInt, UTerm, Unsigned, B0};

use super::arith;
use super::repr::Mode;
use super::Sym;
use crate::error::Result;
use crate::int::{
    DynInt, IntAdd, IntCeilDiv, IntCmp, IntDiv, IntDivides, IntGcd, IntLeaf, IntMax, IntMin,
    IntMul, IntRem, IntSub,
};

/// A symbolic integer is dynamic: `is_static` is false even for a constant,
/// whose value `try_const` gives.
impl IntLeaf for Sym {
    type IsStatic = B0;
    #[inline]
    fn try_const(&self) -> Option<i64> {
        self.const_val()
    }
    fn fmt_leaf(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl DynInt for Sym {
    #[inline]
    fn from_i64(v: i64) -> Self {
        Sym::from(v)
    }
}

/// An operand that converts to a `Sym` (borrowed when it is one).
trait Operand {
    fn sym(&self) -> Cow<'_, Sym>;
}
impl Operand for Sym {
    #[inline]
    fn sym(&self) -> Cow<'_, Sym> {
        Cow::Borrowed(self)
    }
}
impl Operand for i64 {
    #[inline]
    fn sym(&self) -> Cow<'_, Sym> {
        Cow::Owned(Sym::from(*self))
    }
}
impl Operand for UTerm {
    #[inline]
    fn sym(&self) -> Cow<'_, Sym> {
        Cow::Owned(Sym::from(0))
    }
}
impl<U: Unsigned, B: Bit> Operand for UInt<U, B> {
    #[inline]
    fn sym(&self) -> Cow<'_, Sym> {
        Cow::Owned(Sym::from(<UInt<U, B> as Unsigned>::I64))
    }
}

/// Wrapping arithmetic (coefficients modulo `2^64`, no size limit) has no
/// failure path.
fn wrapped(r: Result<Sym>) -> Sym {
    r.expect("wrapping arithmetic on symbolic integers cannot fail")
}

macro_rules! sym_op {
    // one impl
    (@one [$($g:tt)*] $lhs:ty, $rhs:ty, $trait:ident, $method:ident, $out:ty, $f:path
        $(, $wrapping:ident => $wf:path)?) => {
        impl<$($g)*> $trait<$rhs> for $lhs {
            type Output = $out;
            #[inline]
            fn $method(&self, rhs: &$rhs) -> Result<$out> {
                $f(&self.sym(), &rhs.sym())
            }
            $(
            fn $wrapping(&self, rhs: &$rhs) -> $out {
                wrapped($wf(&self.sym(), &rhs.sym(), Mode::Wrapping))
            }
            )?
        }
    };
    // every pair with a Sym
    ($trait:ident, $method:ident, $out:ty, $f:path $(, $wrapping:ident => $wf:path)?) => {
        sym_op!(@one [] Sym, Sym, $trait, $method, $out, $f $(, $wrapping => $wf)?);
        sym_op!(@one [] Sym, i64, $trait, $method, $out, $f $(, $wrapping => $wf)?);
        sym_op!(@one [] i64, Sym, $trait, $method, $out, $f $(, $wrapping => $wf)?);
        sym_op!(@one [] Sym, UTerm, $trait, $method, $out, $f $(, $wrapping => $wf)?);
        sym_op!(@one [] UTerm, Sym, $trait, $method, $out, $f $(, $wrapping => $wf)?);
        sym_op!(@one [U: Unsigned, B: Bit] Sym, UInt<U, B>, $trait, $method, $out, $f
            $(, $wrapping => $wf)?);
        sym_op!(@one [U: Unsigned, B: Bit] UInt<U, B>, Sym, $trait, $method, $out, $f
            $(, $wrapping => $wf)?);
    };
}

fn checked_add(a: &Sym, b: &Sym) -> Result<Sym> {
    arith::add(a, b, Mode::Checked)
}
fn checked_sub(a: &Sym, b: &Sym) -> Result<Sym> {
    arith::sub(a, b, Mode::Checked)
}
fn checked_mul(a: &Sym, b: &Sym) -> Result<Sym> {
    arith::mul(a, b, Mode::Checked)
}

/// `min(a, b)` when decided.
fn decided_min(a: &Sym, b: &Sym) -> Result<Sym> {
    decided_pick(a, b, "min", true)
}
/// `max(a, b)` when decided.
fn decided_max(a: &Sym, b: &Sym) -> Result<Sym> {
    decided_pick(a, b, "max", false)
}

fn decided_pick(a: &Sym, b: &Sym, op: &'static str, is_min: bool) -> Result<Sym> {
    if a == b {
        return Ok(a.clone());
    }
    // one difference, its sign read once: a weak order is enough to pick
    let le = match arith::weak_compare(a, b) {
        Some(o) => o.is_le(),
        None => return Err(arith::undecidable(op, alloc::format!("whether {a} < {b}"))),
    };
    Ok(if le == is_min { a.clone() } else { b.clone() })
}

sym_op!(IntAdd, int_add, Sym, checked_add, wrapping_int_add => arith::add);
sym_op!(IntSub, int_sub, Sym, checked_sub, wrapping_int_sub => arith::sub);
sym_op!(IntMul, int_mul, Sym, checked_mul, wrapping_int_mul => arith::mul);
sym_op!(IntDiv, int_div, Sym, arith::floor_div);
sym_op!(IntRem, int_rem, Sym, arith::floor_mod);
sym_op!(IntCeilDiv, int_ceil_div, Sym, arith::ceil_div);
sym_op!(IntGcd, int_gcd, Sym, arith::gcd);
sym_op!(IntMin, int_min, Sym, decided_min);
sym_op!(IntMax, int_max, Sym, decided_max);
sym_op!(IntDivides, int_divides, bool, arith::divides);

macro_rules! sym_cmp {
    ([$($g:tt)*] $lhs:ty, $rhs:ty) => {
        impl<$($g)*> IntCmp<$rhs> for $lhs {
            #[inline]
            fn int_cmp(&self, rhs: &$rhs) -> Result<Ordering> {
                arith::compare(&self.sym(), &rhs.sym())
            }
            #[inline]
            fn int_cmp_weak(&self, rhs: &$rhs) -> Option<Ordering> {
                arith::weak_compare(&self.sym(), &rhs.sym())
            }
        }
    };
}
sym_cmp!([] Sym, Sym);
sym_cmp!([] Sym, i64);
sym_cmp!([] i64, Sym);
sym_cmp!([] Sym, UTerm);
sym_cmp!([] UTerm, Sym);
sym_cmp!([U: Unsigned, B: Bit] Sym, UInt<U, B>);
sym_cmp!([U: Unsigned, B: Bit] UInt<U, B>, Sym);

// ---- std operators: checked, so their output is a Result -----------------------

macro_rules! std_op {
    ($trait:ident, $method:ident, $f:path) => {
        std_op!(@one $trait, $method, $f, Sym, Sym, |a| &a, |b| &b);
        std_op!(@one $trait, $method, $f, &Sym, &Sym, |a| a, |b| b);
        std_op!(@one $trait, $method, $f, Sym, &Sym, |a| &a, |b| b);
        std_op!(@one $trait, $method, $f, &Sym, Sym, |a| a, |b| &b);
        std_op!(@one $trait, $method, $f, Sym, i64, |a| &a, |b| &Sym::from(b));
        std_op!(@one $trait, $method, $f, &Sym, i64, |a| a, |b| &Sym::from(b));
        std_op!(@one $trait, $method, $f, i64, Sym, |a| &Sym::from(a), |b| &b);
        std_op!(@one $trait, $method, $f, i64, &Sym, |a| &Sym::from(a), |b| b);
    };
    (@one $trait:ident, $method:ident, $f:path, $lhs:ty, $rhs:ty, |$a:ident| $ea:expr, |$b:ident| $eb:expr) => {
        #[doc = concat!("Checked `", stringify!($method), "`: an overflow or an expression past the size limit is an `Err`.")]
        impl $trait<$rhs> for $lhs {
            type Output = Result<Sym>;
            #[inline]
            fn $method(self, rhs: $rhs) -> Result<Sym> {
                let ($a, $b) = (self, rhs);
                $f($ea, $eb, Mode::Checked)
            }
        }
    };
}

std_op!(Add, add, arith::add);
std_op!(Sub, sub, arith::sub);
std_op!(Mul, mul, arith::mul);

/// Checked negation: a coefficient `i64::MIN` is an `Err`.
impl Neg for Sym {
    type Output = Result<Sym>;
    fn neg(self) -> Result<Sym> {
        arith::neg(&self, Mode::Checked)
    }
}

/// Checked negation: a coefficient `i64::MIN` is an `Err`.
impl Neg for &Sym {
    type Output = Result<Sym>;
    fn neg(self) -> Result<Sym> {
        arith::neg(self, Mode::Checked)
    }
}
