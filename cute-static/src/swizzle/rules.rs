//! The rules of a static swizzle, as trait bounds whose errors name them.
//!
//! A [`Swizzle<B, M, S>`](super::Swizzle) is usable (built, applied,
//! composed) only where [`SwizzleRules`](super::SwizzleRules) holds, which is the four checks of
//! `cute_dynamic::swizzle::Swizzle::new`, one trait each, in its order:
//!
//! | rule | condition | trait |
//! |---|---|---|
//! | bits | `B >= 0` | [`SwizzleBitsNonNegative`] |
//! | base | `M >= 0` | [`SwizzleBaseNonNegative`] |
//! | a left shift clears the mask | `S >= 0` or `abs(S) >= B` | [`SwizzleShiftClearsMask`] |
//! | the 64-bit range | `B + M + abs(S) <= 62` | [`SwizzleWithinRange`] |
//!
//! CuTe C++ asks `abs(S) >= B` of every swizzle (its `static_assert`);
//! cute-dynamic asks it of a negative shift only (a right shift may
//! overlap its fields, then the swizzle is not an involution), and so does
//! this crate, so that a static swizzle is exactly a valid run-time one.
//!
//! One more rule reads a layout: the cosize of a swizzled layout
//! ([`Swizzled::cosize`](super::Swizzled::cosize)) is CuTe's, the cosize of
//! the layout under the swizzle, and that is the swizzled layout's cosize
//! only when the swizzle permutes offsets within `[0, cosize)`:
//! [`SwizzleSpanDividesCosize`] (a static cosize; a run-time one is checked
//! at run time).
//!
//! Each trait is implemented for `B1` only: the bound `<condition>: Rule<...>`
//! is the check, and a violation is a compile error whose first line is the
//! rule.

use typenum::B1;

/// The rule `B >= 0` of `Swizzle<B, M, S>`: the number of bits of the mask.
///
/// # Examples
/// ```compile_fail
/// // CuTe Swizzle: bits must be non-negative ...
/// use cute_static::swizzle::Swizzle;
/// use typenum::{N1, U0, U1};
/// let _ = Swizzle::<N1, U0, U1>::new();
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe Swizzle: bits must be non-negative (Swizzle<B, M, S> needs B >= 0)",
    label = "the swizzle's bits are negative",
    note = "B is the number of bits XORed from YYY into ZZZ: 0 (the identity) or more"
)]
pub trait SwizzleBitsNonNegative<B> {}
impl<B> SwizzleBitsNonNegative<B> for B1 {}

/// The rule `M >= 0` of `Swizzle<B, M, S>`: the number of low bits kept.
///
/// # Examples
/// ```compile_fail
/// // CuTe Swizzle: base must be non-negative ...
/// use cute_static::swizzle::Swizzle;
/// use typenum::{N2, U1};
/// let _ = Swizzle::<U1, N2, U1>::new();
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe Swizzle: base must be non-negative (Swizzle<B, M, S> needs M >= 0)",
    label = "the swizzle's base is negative",
    note = "M is the number of least-significant bits the swizzle keeps constant: 0 or more"
)]
pub trait SwizzleBaseNonNegative<M> {}
impl<M> SwizzleBaseNonNegative<M> for B1 {}

/// The rule `S >= 0 or abs(S) >= B` of `Swizzle<B, M, S>`: a negative
/// shift moves YYY left onto ZZZ, and must move it clear of itself.
///
/// # Examples
/// ```compile_fail
/// // CuTe Swizzle: a negative shift must be at least as long as bits ...
/// use cute_static::swizzle::Swizzle;
/// use typenum::{N2, U0, U3};
/// let _ = Swizzle::<U3, U0, N2>::new();
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe Swizzle: a negative shift must be at least as long as bits (a left shift must clear the mask: S >= 0 or abs(S) >= B)",
    label = "the shift is negative and shorter than the bits",
    note = "a negative S shifts YYY left by abs(S) onto ZZZ; with abs(S) < B the two fields overlap (a right shift may overlap, as in cute-dynamic's Swizzle::new)"
)]
pub trait SwizzleShiftClearsMask<B, S> {}
impl<B, S> SwizzleShiftClearsMask<B, S> for B1 {}

/// The rule `B + M + abs(S) <= 62` of `Swizzle<B, M, S>`: every bit the
/// swizzle reads or writes, and its size `2^(B + M + abs(S))`, fit in an
/// `i64` (cute-dynamic's `MAX_SWIZZLE_BITS`).
///
/// # Examples
/// ```compile_fail
/// // CuTe Swizzle: bits + base + |shift| must be at most 62 ...
/// use cute_static::swizzle::Swizzle;
/// use typenum::{U20, U23};
/// let _ = Swizzle::<U20, U20, U23>::new();
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe Swizzle: bits + base + |shift| must be at most 62 (the swizzle's bits must fit in an i64 offset)",
    label = "this swizzle reaches past bit 62",
    note = "the swizzle reads and writes bits below B + M + abs(S); its size is 2^(B + M + abs(S))"
)]
pub trait SwizzleWithinRange<B, M, S> {}
impl<B, M, S> SwizzleWithinRange<B, M, S> for B1 {}

/// The rule of a swizzled layout's cosize: the swizzle's span,
/// `2^(B + M + abs(S))` (its size), divides the layout's cosize `C` (or the
/// swizzle is the identity, `B = 0`). Then `[0, C)` is a union of whole
/// blocks the swizzle permutes, so the swizzled offsets stay in `[0, C)` and
/// `C` is the swizzled layout's cosize, as CuTe C++ takes it
/// (`cosize(ComposedLayout) = cosize(layout_b)`). A swizzle wider than the
/// layout (a byte swizzle on a layout in 16-bit elements, say) fails it.
///
/// # Examples
/// ```compile_fail
/// // CuTe Swizzle: the swizzle's span does not divide the layout's cosize ...
/// use cute_static::{composition, layout};
/// use cute_static::swizzle::Swizzle;
/// use typenum::{U3, U4};
/// // Sw<3,4,3> spans 1024 offsets, the layout 512
/// let _ = composition(Swizzle::<U3, U4, U3>::new(), layout!((8, 64) : (64, 1))).cosize();
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe Swizzle: the swizzle's span does not divide the layout's cosize, so the swizzled offsets may leave [0, cosize)",
    label = "the swizzle's span does not divide this layout's cosize",
    note = "cosize(Sw o L) is cosize(L), as in CuTe C++, only where the swizzle's span 2^(B + M + abs(S)) divides cosize(L) (or B = 0): the swizzle then permutes whole blocks of [0, cosize(L))"
)]
pub trait SwizzleSpanDividesCosize<Span, C> {}
impl<Span, C> SwizzleSpanDividesCosize<Span, C> for B1 {}
