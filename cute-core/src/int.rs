//! The integer leaf: an integer that may be known at compile time.
//!
//! CuTe C++ writes `Int<4>` for an integer fixed by its type and `int` for one
//! known only at run time, and one implementation of the algebra runs over
//! both. Here typenum's unsigned integers ([`typenum::UTerm`],
//! [`typenum::UInt`]) are the static integers and `i64` is the dynamic one; a
//! symbolic integer (an expression over named sizes, known only when a kernel
//! is launched) is a dynamic leaf too, one whose value may be unknown.
//!
//! [`IntLeaf`] says what a leaf is: whether it is static, as a *type*
//! ([`IntLeaf::IsStatic`] is `B1` or `B0`, so type-level code dispatches on
//! it), and its value if one is known ([`IntLeaf::try_const`]). The
//! operations the algebra needs are one trait each, with the result's type as
//! `Output`, in typenum's style:
//!
//! | operation | trait | static with static | with a dynamic operand |
//! |---|---|---|---|
//! | `a + b` | [`IntAdd`] | typenum `Sum` | `i64`, overflow is an error |
//! | `a - b` | [`IntSub`] | typenum `Diff` (only for `a >= b`) | `i64` |
//! | `a * b` | [`IntMul`] | typenum `Prod` | `i64` |
//! | `a // b` (floor) | [`IntDiv`] | typenum `Quot` (`b > 0`) | `i64`, `b == 0` is an error |
//! | `a % b` (floor) | [`IntRem`] | typenum `Mod` (`b > 0`) | `i64` |
//! | `ceil(a / b)` | [`IntCeilDiv`] | `Quot<Sub1<Sum<A, B>>, B>` | `i64` |
//! | `gcd(a, b)` | [`IntGcd`] | typenum `Gcf` | `i64`, never negative |
//! | `min`, `max` | [`IntMin`], [`IntMax`] | typenum `Minimum`, `Maximum` | `i64` |
//! | `a` divides `b` | [`IntDivides`] | `B1` or `B0` | `bool` |
//! | compare | [`IntCmp`] | an [`Ordering`] | an [`Ordering`] |
//!
//! Every operation returns a [`Result`]: a dynamic one fails on overflow,
//! on a zero divisor, or, for a symbolic leaf, when the answer cannot be
//! decided ([`crate::Error::Undecidable`]); a static one never fails (its
//! conditions are trait bounds, checked by the compiler). Static with static
//! stays static: the product of `U4` and `U8` is a `U32`, computed by the
//! compiler, and its value is zero-sized.
//!
//! [`DynInt`] gathers what a run-time algebra generic over its integers
//! needs: every operation with itself staying in its own type, and a way to
//! make constants. `i64` implements it, and so can a symbolic integer.
//!
//! ```
//! use cute_core::{IntCeilDiv, IntDivides, IntLeaf, IntMul};
//! use typenum::{U4, U6, U8};
//!
//! let s = U4::default().int_mul(&U8::default()).unwrap(); // static: a U32
//! let _: typenum::U32 = s;
//! assert_eq!(s.try_const(), Some(32));
//! assert!(s.is_static());
//!
//! let d = U4::default().int_mul(&8_i64).unwrap(); // dynamic: an i64
//! assert_eq!(d, 32);
//! assert!(!d.is_static());
//!
//! // A static condition is a static bit; a dynamic one a bool.
//! let yes: typenum::B1 = U4::default().int_divides(&U8::default()).unwrap();
//! let no: typenum::B0 = U4::default().int_divides(&U6::default()).unwrap();
//! assert!(4_i64.int_divides(&8).unwrap());
//! assert_eq!(7_i64.int_ceil_div(&2).unwrap(), 4);
//! assert!(i64::MAX.int_mul(&2).is_err()); // overflow is an error
//! # let _ = (yes, no);
//! ```

use core::cmp::Ordering;
use core::fmt;
use core::ops::{Add, Div, Mul, Rem, Sub};

use typenum::{Bit, Gcd, IsEqual, Max, Min, UInt, UTerm, Unsigned, B0, B1};

use crate::error::{Error, Operand, Result};

/// An integer leaf of a shape, stride or coordinate: static (a typenum
/// unsigned integer, its value fixed by its type) or dynamic (`i64`, or a
/// symbolic integer whose value may be unknown).
pub trait IntLeaf: Clone {
    /// `B1` iff the value is defined completely by the type (CuTe's
    /// `is_static`), `B0` otherwise: type-level code dispatches on it.
    type IsStatic: Bit;
    /// True iff the value is defined completely by the type.
    const IS_STATIC: bool = <Self::IsStatic as Bit>::BOOL;

    /// The value, if it is known: always for typenum integers and `i64`;
    /// `None` for a symbolic integer that is not a constant.
    fn try_const(&self) -> Option<i64>;

    /// True iff the value is defined completely by the type
    /// (the specification's `is_static`).
    #[inline(always)]
    fn is_static(&self) -> bool {
        Self::IS_STATIC
    }

    /// Writes the value as the specification prints it (`4`, `N`, `4*N`).
    fn fmt_leaf(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

/// The operand an error names for an integer leaf (kept here, beside
/// [`IntLeaf`], so that the errors need not know the leaves).
impl Operand {
    /// The operand of an integer leaf: its value if known, else its text
    /// (without the `alloc` feature, a placeholder text).
    pub fn of<I: IntLeaf>(x: &I) -> Operand {
        match x.try_const() {
            Some(v) => Operand::Int(v),
            #[cfg(feature = "alloc")]
            None => {
                struct Leaf<'a, I>(&'a I);
                impl<I: IntLeaf> fmt::Display for Leaf<'_, I> {
                    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        self.0.fmt_leaf(f)
                    }
                }
                Operand::Text(alloc::format!("{}", Leaf(x)))
            }
            #[cfg(not(feature = "alloc"))]
            None => Operand::Text("a symbolic value"),
        }
    }
}

/// A truth value that may be known at compile time: `B1`/`B0` (static) or
/// `bool` (dynamic). The result of [`IntDivides`].
pub trait BoolLeaf: Copy + fmt::Debug {
    /// True iff the value is defined completely by the type.
    const IS_STATIC: bool;
    /// The value.
    fn get(&self) -> bool;
}

impl BoolLeaf for B0 {
    const IS_STATIC: bool = true;
    #[inline(always)]
    fn get(&self) -> bool {
        false
    }
}
impl BoolLeaf for B1 {
    const IS_STATIC: bool = true;
    #[inline(always)]
    fn get(&self) -> bool {
        true
    }
}
impl BoolLeaf for bool {
    const IS_STATIC: bool = false;
    #[inline(always)]
    fn get(&self) -> bool {
        *self
    }
}

impl IntLeaf for UTerm {
    type IsStatic = B1;
    #[inline(always)]
    fn try_const(&self) -> Option<i64> {
        Some(0)
    }
    fn fmt_leaf(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("0")
    }
}

impl<U: Unsigned, B: Bit> IntLeaf for UInt<U, B> {
    type IsStatic = B1;
    #[inline(always)]
    fn try_const(&self) -> Option<i64> {
        Some(<Self as Unsigned>::I64)
    }
    fn fmt_leaf(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", <Self as Unsigned>::I64)
    }
}

impl IntLeaf for i64 {
    type IsStatic = B0;
    #[inline(always)]
    fn try_const(&self) -> Option<i64> {
        Some(*self)
    }
    fn fmt_leaf(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// A leaf whose value is always known (typenum integers and `i64`): the
/// leaves of layouts that evaluate to machine integers.
pub trait KnownInt: IntLeaf + Copy {
    /// The value.
    fn get(&self) -> i64;
}

impl KnownInt for UTerm {
    #[inline(always)]
    fn get(&self) -> i64 {
        0
    }
}
impl<U: Unsigned, B: Bit> KnownInt for UInt<U, B> {
    #[inline(always)]
    fn get(&self) -> i64 {
        <Self as Unsigned>::I64
    }
}
impl KnownInt for i64 {
    #[inline(always)]
    fn get(&self) -> i64 {
        *self
    }
}

// ---- the operations ----------------------------------------------------------

macro_rules! op_trait {
    ($(#[$doc:meta])* $trait:ident, $method:ident, $out:ident) => {
        $(#[$doc])*
        pub trait $trait<Rhs: ?Sized = Self> {
            /// The result's type: static when both operands are static.
            type Output: $out;
            #[allow(missing_docs)]
            fn $method(&self, rhs: &Rhs) -> Result<Self::Output>;
        }
    };
    ($(#[$doc:meta])* $trait:ident, $method:ident, $out:ident, $wrapping:ident) => {
        $(#[$doc])*
        pub trait $trait<Rhs: ?Sized = Self> {
            /// The result's type: static when both operands are static.
            type Output: $out;
            #[allow(missing_docs)]
            fn $method(&self, rhs: &Rhs) -> Result<Self::Output>;
            /// The same operation, unchecked: a machine integer wraps modulo
            /// `2^64`. For the hot paths of layouts whose range was checked
            /// when they were made.
            fn $wrapping(&self, rhs: &Rhs) -> Self::Output;
        }
    };
}

op_trait!(
    /// `self + rhs`.
    ///
    /// # Errors
    /// `ValueError` (overflow) when a dynamic sum leaves the `i64` range.
    IntAdd, int_add, IntLeaf, wrapping_int_add
);
op_trait!(
    /// `self - rhs`. Static with static is defined only when `self >= rhs`
    /// (typenum integers are unsigned).
    ///
    /// # Errors
    /// `ValueError` (overflow) when a dynamic difference leaves the `i64`
    /// range.
    IntSub, int_sub, IntLeaf, wrapping_int_sub
);
op_trait!(
    /// `self * rhs`.
    ///
    /// # Errors
    /// `ValueError` (overflow) when a dynamic product leaves the `i64` range.
    IntMul, int_mul, IntLeaf, wrapping_int_mul
);
op_trait!(
    /// Floor division `self // rhs` (rounded towards negative infinity, as
    /// Python and the specification divide). Static with static is defined
    /// for a non-zero divisor.
    ///
    /// # Errors
    /// `ValueError` for a zero divisor, or on overflow (`i64::MIN // -1`).
    IntDiv, int_div, IntLeaf
);
op_trait!(
    /// Floor remainder `self % rhs` (its sign is the divisor's, as in
    /// Python). Static with static is defined for a non-zero divisor.
    ///
    /// # Errors
    /// `ValueError` for a zero divisor.
    IntRem, int_rem, IntLeaf
);
op_trait!(
    /// Ceiling division `ceil(self / rhs)` (CuTe's `ceil_div`). Static with
    /// static is defined for a non-zero divisor.
    ///
    /// # Errors
    /// `ValueError` for a zero divisor, or on overflow.
    IntCeilDiv, int_ceil_div, IntLeaf
);
op_trait!(
    /// The greatest common divisor, never negative; `gcd(0, 0) = 0`.
    ///
    /// # Errors
    /// `ValueError` (overflow) when the result is `2^63` (both operands
    /// `i64::MIN` or one `i64::MIN` and the other 0).
    IntGcd, int_gcd, IntLeaf
);
op_trait!(
    /// The smaller of the two.
    ///
    /// # Errors
    /// A symbolic integer fails when it cannot decide which is smaller.
    IntMin, int_min, IntLeaf
);
op_trait!(
    /// The larger of the two.
    ///
    /// # Errors
    /// A symbolic integer fails when it cannot decide which is larger.
    IntMax, int_max, IntLeaf
);
op_trait!(
    /// True iff `self` divides `rhs`: `rhs = k * self` for an integer `k`
    /// (so 0 divides only 0). Static with static is a static bit, `B1` or
    /// `B0`, so a pre-condition on static operands is a trait bound.
    ///
    /// # Errors
    /// A symbolic integer fails when it cannot decide.
    IntDivides, int_divides, BoolLeaf
);

/// Comparison of integer leaves, static or dynamic.
pub trait IntCmp<Rhs: ?Sized = Self> {
    /// The order of `self` and `rhs`.
    ///
    /// # Errors
    /// A symbolic integer fails when it cannot decide.
    fn int_cmp(&self, rhs: &Rhs) -> Result<Ordering>;

    /// The order of `self` and `rhs` as far as it is decided, where a weak
    /// order counts: `Less` when `self <= rhs` is decided (equal or not),
    /// `Greater` when `self >= rhs` is, `Equal` when they are equal, `None`
    /// when neither is decided. Known integers are always decided, and
    /// their order is [`IntCmp::int_cmp`]'s. Unlike `int_cmp`, an
    /// undecided order builds no error, so that a caller that has another
    /// way forward (a sort that takes a weak order) pays nothing for it.
    ///
    /// ```
    /// use core::cmp::Ordering;
    /// use cute_core::{IntCmp, Sym};
    /// let m = Sym::symbol("M").unwrap(); // M >= 1
    /// assert_eq!(m.int_cmp_weak(&Sym::from(1)), Some(Ordering::Greater));
    /// assert!(m.int_cmp(&Sym::from(1)).is_err()); // M may be 1
    /// assert_eq!(m.int_cmp_weak(&Sym::from(2)), None);
    /// assert_eq!(3_i64.int_cmp_weak(&5), Some(Ordering::Less));
    /// ```
    #[inline]
    fn int_cmp_weak(&self, rhs: &Rhs) -> Option<Ordering> {
        self.int_cmp(rhs).ok()
    }
}

// ---- i64 arithmetic, the one home of checked integer arithmetic ----------------

/// Checked `i64` arithmetic with the specification's (Python's) floor
/// semantics, each failure an [`Error`] naming the operands.
pub mod checked {
    use super::*;

    #[cold]
    fn overflow(op: &'static str, a: i64, b: i64) -> Error {
        #[cfg(feature = "alloc")]
        {
            Error::overflow(op, alloc::format!("{a} {op} {b} leaves the 64-bit range"))
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = (a, b);
            Error::overflow(op, "the result leaves the 64-bit range")
        }
    }

    #[cold]
    fn by_zero(op: &'static str, a: i64) -> Error {
        #[cfg(feature = "alloc")]
        {
            Error::value(op, alloc::format!("{a} {op} 0: division by zero"))
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = a;
            Error::value(op, "division by zero")
        }
    }

    /// `a + b`.
    #[inline]
    pub fn add(a: i64, b: i64) -> Result<i64> {
        a.checked_add(b).ok_or_else(|| overflow("+", a, b))
    }
    /// `a - b`.
    #[inline]
    pub fn sub(a: i64, b: i64) -> Result<i64> {
        a.checked_sub(b).ok_or_else(|| overflow("-", a, b))
    }
    /// `a * b`.
    #[inline]
    pub fn mul(a: i64, b: i64) -> Result<i64> {
        a.checked_mul(b).ok_or_else(|| overflow("*", a, b))
    }
    /// `a // b`, rounded towards negative infinity.
    #[inline]
    pub fn floor_div(a: i64, b: i64) -> Result<i64> {
        // the algebra's case, one hardware division: floor division is
        // truncation there
        if a >= 0 && b > 0 {
            return Ok(a / b);
        }
        if b == 0 {
            return Err(by_zero("//", a));
        }
        let q = a.checked_div(b).ok_or_else(|| overflow("//", a, b))?;
        Ok(if a % b != 0 && ((a < 0) != (b < 0)) {
            q - 1
        } else {
            q
        })
    }
    /// `a % b`, with the divisor's sign.
    #[inline]
    pub fn floor_rem(a: i64, b: i64) -> Result<i64> {
        if a >= 0 && b > 0 {
            return Ok(a % b);
        }
        if b == 0 {
            return Err(by_zero("%", a));
        }
        // `checked_rem` fails only for `i64::MIN % -1`, whose remainder is 0.
        let r = a.checked_rem(b).unwrap_or(0);
        Ok(if r != 0 && ((r < 0) != (b < 0)) {
            r + b
        } else {
            r
        })
    }
    /// `ceil(a / b)`.
    #[inline]
    pub fn ceil_div(a: i64, b: i64) -> Result<i64> {
        if a >= 0 && b > 0 {
            // one hardware division gives both
            return Ok(a / b + i64::from(a % b != 0));
        }
        if b == 0 {
            return Err(by_zero("ceil_div", a));
        }
        let q = a.checked_div(b).ok_or_else(|| overflow("ceil_div", a, b))?;
        Ok(if a % b != 0 && ((a < 0) == (b < 0)) {
            q + 1
        } else {
            q
        })
    }
    /// `gcd(a, b)`, never negative.
    #[inline]
    pub fn gcd(a: i64, b: i64) -> Result<i64> {
        let x = gcd_u64(a.unsigned_abs(), b.unsigned_abs());
        i64::try_from(x).map_err(|_| overflow("gcd", a, b))
    }
    /// `gcd(a, b)` of unsigned integers (`gcd(0, 0) == 0`): the one Euclid
    /// of the workspace.
    #[inline]
    pub fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    }
    /// True iff `d` divides `n` (0 divides only 0).
    #[inline]
    pub fn divides(d: i64, n: i64) -> bool {
        // the algebra's case, as `floor_div` writes it: the remainder and
        // the quotient that usually follows it are one hardware division
        if n >= 0 && d > 0 {
            return n % d == 0;
        }
        if d == 0 {
            n == 0
        } else {
            // `checked_rem` fails only for `i64::MIN % -1`, which is 0.
            n.checked_rem(d).unwrap_or(0) == 0
        }
    }
}

// ---- impls, one per pair of operand constructors ------------------------------
//
// Each operand constructor (`UTerm`, `UInt`, `i64`) gets its own impls, so no
// blanket impl over `Unsigned` overlaps the dynamic one, and a later leaf type
// (a symbolic integer) can add its own pairs.

/// The result leaf of a dynamic operation, made from its `i64` value: the
/// value itself, or a static leaf (the value is then its type's, by the
/// rule that chose the type).
trait FromLeafValue<T = i64> {
    fn from_leaf_value(v: T) -> Self;
}
impl FromLeafValue for i64 {
    #[inline(always)]
    fn from_leaf_value(v: i64) -> i64 {
        v
    }
}
impl FromLeafValue<bool> for bool {
    #[inline(always)]
    fn from_leaf_value(v: bool) -> bool {
        v
    }
}
impl FromLeafValue for UTerm {
    #[inline(always)]
    fn from_leaf_value(_: i64) -> UTerm {
        UTerm
    }
}

macro_rules! dyn_pairs {
    ($trait:ident, $method:ident, $out:ty, |$a:ident, $b:ident| $body:expr $(, $wrapping:ident => $inherent:ident)?) => {
        dyn_pairs!($trait, $method, $out, $out, $out, |$a, $b| $body $(, $wrapping => $inherent)?);
    };
    // `$z0` is the result type of `i64 op 0`, `$zl` that of `0 op i64`: the
    // static zero where the result is 0 whatever the dynamic operand.
    ($trait:ident, $method:ident, $out:ty, $z0:ty, $zl:ty, |$a:ident, $b:ident| $body:expr $(, $wrapping:ident => $inherent:ident)?) => {
        dyn_pairs!(@impl [] i64, i64, |s| *s, |r| *r, $trait, $method, $out, |$a, $b| $body $(, $wrapping => $inherent)?);
        dyn_pairs!(@impl [] i64, UTerm, |s| *s, |_r| 0_i64, $trait, $method, $z0, |$a, $b| $body $(, $wrapping => $inherent)?);
        dyn_pairs!(@impl [U: Unsigned, B: Bit] i64, UInt<U, B>, |s| *s, |_r| <UInt<U, B> as Unsigned>::I64,
            $trait, $method, $out, |$a, $b| $body $(, $wrapping => $inherent)?);
        dyn_pairs!(@impl [] UTerm, i64, |_s| 0_i64, |r| *r, $trait, $method, $zl, |$a, $b| $body $(, $wrapping => $inherent)?);
        dyn_pairs!(@impl [U: Unsigned, B: Bit] UInt<U, B>, i64, |_s| <UInt<U, B> as Unsigned>::I64, |r| *r,
            $trait, $method, $out, |$a, $b| $body $(, $wrapping => $inherent)?);
    };
    (@impl [$($g:tt)*] $lhs:ty, $rhs:ty, |$s:pat_param| $sv:expr, |$r:pat_param| $rv:expr,
        $trait:ident, $method:ident, $out:ty, |$a:ident, $b:ident| $body:expr $(, $wrapping:ident => $inherent:ident)?) => {
        impl<$($g)*> $trait<$rhs> for $lhs {
            type Output = $out;
            #[inline(always)]
            fn $method(&self, rhs: &$rhs) -> Result<$out> {
                let ($s, $r) = (self, rhs);
                let ($a, $b): (i64, i64) = ($sv, $rv);
                $body.map(FromLeafValue::from_leaf_value)
            }
            $(
            #[inline(always)]
            fn $wrapping(&self, rhs: &$rhs) -> $out {
                let ($s, $r) = (self, rhs);
                let ($a, $b): (i64, i64) = ($sv, $rv);
                FromLeafValue::from_leaf_value($a.$inherent($b))
            }
            )?
        }
    };
}

// static, static: typenum computes the result type, whose value is its
// default. `$op` is the typenum operator trait.
macro_rules! static_pairs {
    ($trait:ident, $method:ident, $op:ident $(, $wrapping:ident)?) => {
        impl<L: Unsigned + $op<R>, R: Unsigned> $trait<R> for L
        where
            L: StaticCtor,
            R: StaticCtor,
            <L as $op<R>>::Output: IntLeaf + Default,
        {
            type Output = <L as $op<R>>::Output;
            #[inline(always)]
            fn $method(&self, _: &R) -> Result<Self::Output> {
                Ok(Default::default())
            }
            $(
            #[inline(always)]
            fn $wrapping(&self, _: &R) -> Self::Output {
                Default::default()
            }
            )?
        }
    };
}

/// The static integer constructors, `UTerm` and `UInt<U, B>`: the marker
/// keeps the static-with-static impls apart from the `i64` ones.
pub trait StaticCtor: Unsigned + Default + Copy {}
impl StaticCtor for UTerm {}
impl<U: Unsigned, B: Bit> StaticCtor for UInt<U, B> {}

dyn_pairs!(IntAdd, int_add, i64, |a, b| checked::add(a, b), wrapping_int_add => wrapping_add);
dyn_pairs!(IntSub, int_sub, i64, |a, b| checked::sub(a, b), wrapping_int_sub => wrapping_sub);
// `x * 0 = 0 * x = 0`, `0 // x = 0` and `0 % x = 0` whatever the dynamic
// `x`: the result is the static zero, as in CuTe C++ (`_0 * n` is `_0`).
dyn_pairs!(IntMul, int_mul, i64, UTerm, UTerm, |a, b| checked::mul(a, b), wrapping_int_mul => wrapping_mul);
dyn_pairs!(IntDiv, int_div, i64, i64, UTerm, |a, b| checked::floor_div(
    a, b
));
dyn_pairs!(IntRem, int_rem, i64, i64, UTerm, |a, b| checked::floor_rem(
    a, b
));
dyn_pairs!(IntCeilDiv, int_ceil_div, i64, |a, b| checked::ceil_div(
    a, b
));
dyn_pairs!(IntGcd, int_gcd, i64, |a, b| checked::gcd(a, b));
dyn_pairs!(IntMin, int_min, i64, |a, b| Ok(a.min(b)));
dyn_pairs!(IntMax, int_max, i64, |a, b| Ok(a.max(b)));
dyn_pairs!(IntDivides, int_divides, bool, |a, b| Ok(checked::divides(
    a, b
)));

static_pairs!(IntAdd, int_add, Add, wrapping_int_add);
static_pairs!(IntSub, int_sub, Sub, wrapping_int_sub);
static_pairs!(IntMul, int_mul, Mul, wrapping_int_mul);
static_pairs!(IntDiv, int_div, Div);
static_pairs!(IntRem, int_rem, Rem);
static_pairs!(IntGcd, int_gcd, Gcd);
static_pairs!(IntMin, int_min, Min);
static_pairs!(IntMax, int_max, Max);

/// `ceil(a / b) = (a + b - 1) // b` for static `a` and non-zero static `b`.
impl<L, R> IntCeilDiv<R> for L
where
    L: StaticCtor + Add<R>,
    R: StaticCtor,
    <L as Add<R>>::Output: Sub<B1>,
    <<L as Add<R>>::Output as Sub<B1>>::Output: Div<R>,
    <<<L as Add<R>>::Output as Sub<B1>>::Output as Div<R>>::Output: IntLeaf + Default,
{
    type Output = <<<L as Add<R>>::Output as Sub<B1>>::Output as Div<R>>::Output;
    #[inline(always)]
    fn int_ceil_div(&self, _: &R) -> Result<Self::Output> {
        Ok(Default::default())
    }
}

/// `0` divides `n` iff `n == 0`.
impl<R> IntDivides<R> for UTerm
where
    R: StaticCtor + IsEqual<UTerm>,
    <R as IsEqual<UTerm>>::Output: BoolLeaf + Default,
{
    type Output = <R as IsEqual<UTerm>>::Output;
    #[inline(always)]
    fn int_divides(&self, _: &R) -> Result<Self::Output> {
        Ok(Default::default())
    }
}

/// `d` divides `n` iff `n % d == 0`, for `d > 0`.
impl<U: Unsigned, B: Bit, R> IntDivides<R> for UInt<U, B>
where
    R: StaticCtor + Rem<UInt<U, B>>,
    <R as Rem<UInt<U, B>>>::Output: IsEqual<UTerm>,
    <<R as Rem<UInt<U, B>>>::Output as IsEqual<UTerm>>::Output: BoolLeaf + Default,
{
    type Output = <<R as Rem<UInt<U, B>>>::Output as IsEqual<UTerm>>::Output;
    #[inline(always)]
    fn int_divides(&self, _: &R) -> Result<Self::Output> {
        Ok(Default::default())
    }
}

/// Values known to the machine compare as integers.
impl<L: KnownInt, R: KnownInt> IntCmp<R> for L {
    #[inline(always)]
    fn int_cmp(&self, rhs: &R) -> Result<Ordering> {
        Ok(self.get().cmp(&rhs.get()))
    }
}

// ---- the dynamic, closed vocabulary -------------------------------------------

/// A dynamic integer leaf whose operations with itself stay in its own type:
/// what a run-time algebra generic over its integers needs. `i64` implements
/// it; a symbolic integer can, so the same algebra runs over unknown sizes.
/// A value owns its data (`'static`), so that layouts and tilers may borrow
/// one another freely.
pub trait DynInt:
    'static
    + IntLeaf<IsStatic = B0>
    + PartialEq
    + IntAdd<Self, Output = Self>
    + IntSub<Self, Output = Self>
    + IntMul<Self, Output = Self>
    + IntDiv<Self, Output = Self>
    + IntRem<Self, Output = Self>
    + IntCeilDiv<Self, Output = Self>
    + IntGcd<Self, Output = Self>
    + IntMin<Self, Output = Self>
    + IntMax<Self, Output = Self>
    + IntDivides<Self, Output = bool>
    + IntCmp<Self>
    + fmt::Debug
    + fmt::Display
{
    /// The constant `v`.
    fn from_i64(v: i64) -> Self;

    /// True iff this is the constant `v`.
    #[inline]
    fn is_const(&self, v: i64) -> bool {
        self.try_const() == Some(v)
    }
}

impl DynInt for i64 {
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use typenum::{U0, U12, U2, U3, U4, U5, U6, U7};

    #[test]
    fn static_and_dynamic_values() {
        assert_eq!(U12::default().try_const(), Some(12));
        assert_eq!(U0::default().try_const(), Some(0));
        assert!(U12::default().is_static());
        const { assert!(<U3 as IntLeaf>::IS_STATIC) };
        assert!(!7_i64.is_static());
        assert_eq!(7_i64.try_const(), Some(7));
    }

    #[test]
    fn static_stays_static() {
        let p: typenum::U21 = U3::default().int_mul(&U7::default()).unwrap();
        assert_eq!(p.get(), 21);
        let s: typenum::U7 = U3::default().int_add(&U4::default()).unwrap();
        assert_eq!(s.get(), 7);
        let q: typenum::U2 = U7::default().int_div(&U3::default()).unwrap();
        let r: typenum::U1 = U7::default().int_rem(&U3::default()).unwrap();
        let c: typenum::U3 = U7::default().int_ceil_div(&U3::default()).unwrap();
        let g: typenum::U2 = U6::default().int_gcd(&U4::default()).unwrap();
        let lo: typenum::U4 = U6::default().int_min(&U4::default()).unwrap();
        let hi: typenum::U6 = U6::default().int_max(&U4::default()).unwrap();
        let exact: typenum::U2 = U6::default().int_ceil_div(&U3::default()).unwrap();
        assert_eq!((q.get(), r.get(), c.get(), g.get()), (2, 1, 3, 2));
        assert_eq!((lo.get(), hi.get(), exact.get()), (4, 6, 2));
        let d: i64 = 5_i64.int_mul(&U4::default()).unwrap();
        assert_eq!(d, 20);
        let e: i64 = U5::default().int_add(&2_i64).unwrap();
        assert_eq!(e, 7);
    }

    #[test]
    fn divisibility_is_a_static_bit() {
        let t: B1 = U3::default().int_divides(&U12::default()).unwrap();
        let f: B0 = U5::default().int_divides(&U12::default()).unwrap();
        let z: B1 = U0::default().int_divides(&U0::default()).unwrap();
        let nz: B0 = U0::default().int_divides(&U2::default()).unwrap();
        assert!(t.get() && !f.get() && z.get() && !nz.get());
        assert!(3_i64.int_divides(&U12::default()).unwrap());
        assert!(!0_i64.int_divides(&5).unwrap());
        assert!(0_i64.int_divides(&0).unwrap());
        assert!((-1_i64).int_divides(&i64::MIN).unwrap());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

        /// `divides` is divisibility of the integers, for every sign and at
        /// the ends of the range (the fast case, non-negative operands,
        /// included).
        #[test]
        fn divides_is_divisibility(
            d in proptest::prop_oneof![-9_i64..=9, proptest::prelude::any::<i64>(), proptest::prelude::Just(i64::MIN)],
            n in proptest::prop_oneof![-100_i64..=100, proptest::prelude::any::<i64>(), proptest::prelude::Just(i64::MIN)],
        ) {
            let want = if d == 0 { n == 0 } else { i128::from(n) % i128::from(d) == 0 };
            proptest::prop_assert_eq!(checked::divides(d, n), want);
        }
    }

    #[test]
    fn floor_semantics() {
        use checked::*;
        assert_eq!(floor_div(7, 2).unwrap(), 3);
        assert_eq!(floor_div(-7, 2).unwrap(), -4);
        assert_eq!(floor_div(7, -2).unwrap(), -4);
        assert_eq!(floor_rem(-7, 2).unwrap(), 1);
        assert_eq!(floor_rem(7, -2).unwrap(), -1);
        assert_eq!(floor_rem(i64::MIN, -1).unwrap(), 0);
        assert_eq!(ceil_div(7, 2).unwrap(), 4);
        assert_eq!(ceil_div(-7, 2).unwrap(), -3);
        assert_eq!(ceil_div(6, 3).unwrap(), 2);
        assert!(floor_div(1, 0).is_err());
        assert!(floor_div(i64::MIN, -1).is_err());
        assert_eq!(gcd(-12, 18).unwrap(), 6);
        assert_eq!(gcd(0, 0).unwrap(), 0);
        assert!(gcd(i64::MIN, 0).is_err());
        assert!(add(i64::MAX, 1).is_err());
    }

    #[test]
    fn comparisons() {
        assert_eq!(
            U3::default().int_cmp(&4_i64).unwrap(),
            core::cmp::Ordering::Less
        );
        assert_eq!(
            9_i64.int_cmp(&U4::default()).unwrap(),
            core::cmp::Ordering::Greater
        );
    }

    fn generic_sum<I: DynInt>(xs: &[I]) -> Result<I> {
        xs.iter().try_fold(I::from_i64(0), |acc, x| acc.int_add(x))
    }

    #[test]
    fn generic_over_dynamic_integers() {
        assert_eq!(generic_sum(&[1_i64, 2, 3]).unwrap(), 6);
        assert!(generic_sum(&[i64::MAX, 1]).is_err());
    }
}
