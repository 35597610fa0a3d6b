//! Leaf arithmetic with CuTe C++'s rules for what stays static.
//!
//! A result is static when its operands are (`_4 * _2` is `_8`), or when a
//! static operand decides it whatever the dynamic one is (`_0 * n` is `_0`,
//! the rule of the workspace's leaf operations); otherwise it is dynamic,
//! its value computed at run time. These are the operations CuTe C++'s
//! algebra uses that the leaf vocabulary of `cute_core` does not name:
//! `abs`, `signum`, a selection by a type-level condition, and the
//! comparison of static-ness.

use cute_core::Result;
use typenum::{Bit, UInt, UTerm, Unsigned, U1};

use crate::htuple::{HTuple, Leaf, StaticBit};

/// `|x|` and `signum(x)` of a leaf: a static leaf is non-negative.
pub trait AbsSign: Leaf {
    /// `|x|`.
    type Abs: Leaf;
    /// `signum(x)`: `1`, `0` or `-1`.
    type Sign: Leaf;
    /// `(|x|, signum(x))`.
    fn abs_sign(&self) -> Result<(Self::Abs, Self::Sign)>;
}
impl AbsSign for UTerm {
    type Abs = UTerm;
    type Sign = UTerm;
    #[inline]
    fn abs_sign(&self) -> Result<(UTerm, UTerm)> {
        Ok((UTerm, UTerm))
    }
}
impl<U: Unsigned, B: Bit> AbsSign for UInt<U, B>
where
    UInt<U, B>: Leaf,
{
    type Abs = Self;
    type Sign = U1;
    #[inline]
    fn abs_sign(&self) -> Result<(Self, U1)> {
        Ok((*self, U1::new()))
    }
}
impl AbsSign for i64 {
    type Abs = i64;
    type Sign = i64;
    #[inline]
    fn abs_sign(&self) -> Result<(i64, i64)> {
        let a = self.checked_abs().ok_or_else(|| {
            cute_core::Error::overflow("layout algebra", "a stride has no 64-bit magnitude")
        })?;
        Ok((a, self.signum()))
    }
}
/// `|x|`.
pub type AbsOf<X> = <X as AbsSign>::Abs;
/// `signum(x)`.
pub type SignOf<X> = <X as AbsSign>::Sign;

/// `if C { T } else { F }` for types.
pub type If<C, T, F> = <C as StaticBit>::Select<T, F>;

/// `B1` iff the two leaves are both static or both dynamic.
pub type SameStaticness<A, B> =
    <<<A as HTuple>::AllStatic as StaticBit>::And<<B as HTuple>::AllStatic> as StaticBit>::Or<
        <<<A as HTuple>::AllStatic as StaticBit>::Not as StaticBit>::And<
            <<B as HTuple>::AllStatic as StaticBit>::Not,
        >,
    >;
