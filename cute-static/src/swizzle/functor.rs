//! The swizzle functor as a type: `Swizzle<B, M, S>`, its parameters
//! (typenum integers of either sign), its rules and its evaluation.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::ops::{Add, BitAnd, BitOr, Shl};

use typenum::{
    And, Bit, GrEq, IsEqual, IsGreaterOrEqual, IsLessOrEqual, LeEq, NInt, NonZero, Or, PInt,
    Shleft, Sum, UInt, UTerm, Unsigned, B0, B1, U0, U1, U62, Z0,
};

use super::rules::{
    SwizzleBaseNonNegative, SwizzleBitsNonNegative, SwizzleShiftClearsMask, SwizzleWithinRange,
};

// ------------------------------------------------------------------ parameters

/// A parameter of a [`Swizzle`]: a typenum integer, unsigned (`U3`) or
/// signed (`P3`, `N3`, `Z0`), so that a negative shift is written `N3`.
///
/// # Examples
/// ```
/// use cute_static::swizzle::SwizzleInt;
/// use typenum::{N3, P2, U4, Z0};
/// assert_eq!((U4::I64, P2::I64, N3::I64, Z0::I64), (4, 2, -3, 0));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe Swizzle: `{Self}` is not a swizzle parameter (a typenum integer: `U3`, `P3`, `N3`, `Z0`)"
)]
pub trait SwizzleInt: Copy + Default + 'static {
    /// The value.
    const I64: i64;
    /// The magnitude `abs(Self)`, an unsigned typenum integer.
    type Magnitude: Unsigned;
    /// `B1` iff the value is non-negative.
    type NonNegative: Bit;
}
impl SwizzleInt for UTerm {
    const I64: i64 = 0;
    type Magnitude = UTerm;
    type NonNegative = B1;
}
impl<U: Unsigned, B: Bit> SwizzleInt for UInt<U, B> {
    const I64: i64 = <UInt<U, B> as Unsigned>::I64;
    type Magnitude = UInt<U, B>;
    type NonNegative = B1;
}
impl SwizzleInt for Z0 {
    const I64: i64 = 0;
    type Magnitude = UTerm;
    type NonNegative = B1;
}
impl<U: Unsigned + NonZero> SwizzleInt for PInt<U> {
    const I64: i64 = U::I64;
    type Magnitude = U;
    type NonNegative = B1;
}
impl<U: Unsigned + NonZero> SwizzleInt for NInt<U> {
    const I64: i64 = -U::I64;
    type Magnitude = U;
    type NonNegative = B0;
}

/// `abs(X)` of a swizzle parameter.
type Mag<X> = <X as SwizzleInt>::Magnitude;
/// `B + M + abs(S)`: the number of bits a swizzle spans.
pub type SwizzleWidth<B, M, S> = Sum<Sum<Mag<B>, Mag<M>>, Mag<S>>;
/// `2^(B + M + abs(S))`: the size of a swizzle's domain (its span).
pub type SwizzleSpan<B, M, S> = Shleft<U1, SwizzleWidth<B, M, S>>;

// ------------------------------------------------------------------ the rules

/// `B >= 0`.
type BitsOk<B> = <B as SwizzleInt>::NonNegative;
/// `M >= 0`.
type BaseOk<M> = <M as SwizzleInt>::NonNegative;
/// `S >= 0 or abs(S) >= B`.
type ShiftOk<B, S> = Or<<S as SwizzleInt>::NonNegative, GrEq<Mag<S>, Mag<B>>>;
/// `B + M + abs(S) <= 62`.
type RangeOk<B, M, S> = LeEq<SwizzleWidth<B, M, S>, U62>;

/// The conditions of `Swizzle<B, M, S>` as a type-level truth value:
/// `Valid` is `B1` iff cute-dynamic's `Swizzle::new(B, M, S)` accepts the
/// parameters. Defined for every parameter triple, valid or not
/// ([`SwizzleRules`] is the same conditions as bounds).
///
/// # Examples
/// ```
/// use cute_static::swizzle::{Swizzle, SwizzleConditions};
/// use typenum::{Bit, N2, N3, U0, U3};
/// assert!(<Swizzle<U3, U0, N3> as SwizzleConditions>::Valid::BOOL);
/// assert!(!<Swizzle<U3, U0, N2> as SwizzleConditions>::Valid::BOOL);
/// ```
pub trait SwizzleConditions {
    /// `B1` iff the swizzle is valid.
    type Valid: Bit;
}
impl<B, M, S> SwizzleConditions for Swizzle<B, M, S>
where
    B: SwizzleInt,
    M: SwizzleInt,
    S: SwizzleInt,
    Mag<S>: IsGreaterOrEqual<Mag<B>>,
    S::NonNegative: BitOr<GrEq<Mag<S>, Mag<B>>>,
    Mag<B>: Add<Mag<M>>,
    Sum<Mag<B>, Mag<M>>: Add<Mag<S>>,
    SwizzleWidth<B, M, S>: IsLessOrEqual<U62>,
    BitsOk<B>: BitAnd<BaseOk<M>>,
    And<BitsOk<B>, BaseOk<M>>: BitAnd<ShiftOk<B, S>>,
    And<And<BitsOk<B>, BaseOk<M>>, ShiftOk<B, S>>: BitAnd<RangeOk<B, M, S>>,
    And<And<And<BitsOk<B>, BaseOk<M>>, ShiftOk<B, S>>, RangeOk<B, M, S>>: Bit,
{
    type Valid = And<And<And<BitsOk<B>, BaseOk<M>>, ShiftOk<B, S>>, RangeOk<B, M, S>>;
}

/// The rules of `Swizzle<B, M, S>` (see [`rules`](super::rules)): the
/// checks of cute-dynamic's `Swizzle::new`, each a trait bound whose error
/// names it. Implemented for every valid swizzle; a method of an invalid
/// one does not compile.
pub trait SwizzleRules {}
impl<B, M, S> SwizzleRules for Swizzle<B, M, S>
where
    B: SwizzleInt,
    M: SwizzleInt,
    S: SwizzleInt,
    BitsOk<B>: SwizzleBitsNonNegative<B>,
    BaseOk<M>: SwizzleBaseNonNegative<M>,
    Mag<S>: IsGreaterOrEqual<Mag<B>>,
    S::NonNegative: BitOr<GrEq<Mag<S>, Mag<B>>>,
    ShiftOk<B, S>: SwizzleShiftClearsMask<B, S>,
    Mag<B>: Add<Mag<M>>,
    Sum<Mag<B>, Mag<M>>: Add<Mag<S>>,
    SwizzleWidth<B, M, S>: IsLessOrEqual<U62>,
    RangeOk<B, M, S>: SwizzleWithinRange<B, M, S>,
{
}

// ------------------------------------------------------------------ the functor

/// CuTe's swizzle functor `Swizzle<B, M, S>` as a zero-sized type: it XORs
/// the `B` bits YYY, `abs(S)` above the `B` bits ZZZ, into ZZZ, keeping the
/// `M` lowest bits.
///
/// ```text
/// 0bxxxxxxxxxxxxxxxYYYxxxxxxxZZZxxxx
///                               ^--^  M (base): least-significant bits kept constant
///                  ^-^       ^-^      B (bits): width of the mask
///                    ^---------^      S (shift): distance from YYY to ZZZ
///                                     (positive shifts YYY right, negative left)
/// ```
///
/// `apply(offset) = offset ^ shiftr(offset & yyy_mask, S)`, where the
/// masks and the direction of the shift are constants: it compiles to a
/// mask, a shift and an XOR. `B`, `M` and `S` are typenum integers
/// ([`SwizzleInt`]); a negative shift is a signed one, `N3`.
///
/// `Display` and `Debug` print CuTe C++'s `Sw<3,3,3>`.
///
/// # Pre-conditions
/// The rules of cute-dynamic's `Swizzle::new`, each a trait bound
/// ([`SwizzleRules`]; see [`rules`](super::rules)): `B >= 0`, `M >= 0`,
/// `S >= 0 or abs(S) >= B`, `B + M + abs(S) <= 62`.
///
/// # Examples
/// ```
/// use cute_static::swizzle::Swizzle;
/// use typenum::{N3, U1, U2, U3, U4};
/// let s = Swizzle::<U3, U4, U3>::new();
/// assert_eq!(core::mem::size_of_val(&s), 0);
/// assert_eq!(s.to_string(), "Sw<3,4,3>");
/// assert_eq!((s.yyy_mask(), s.zzz_mask()), (0b111_0000000, 0b111_0000));
/// assert_eq!(s.apply(0b101_0000000), 0b101_0000000 | 0b101_0000);
/// assert_eq!(s.apply(s.apply(1234)), 1234);
/// // a negative shift: YYY below ZZZ
/// let t = Swizzle::<U2, U1, N3>::new();
/// assert_eq!(t.apply(0b10 << 1), (0b10 << 1) | (0b10 << 4));
/// // a right shift may overlap its fields (as in cute-dynamic)
/// assert_eq!(Swizzle::<U2, U0, U1>::new().apply(0b110), 0b110 ^ 0b11);
/// # use typenum::U0;
/// ```
///
/// A swizzle that breaks a rule does not compile:
/// ```compile_fail
/// // CuTe Swizzle: a negative shift must be at least as long as bits ...
/// use cute_static::swizzle::Swizzle;
/// use typenum::{N2, U0, U3};
/// let _ = Swizzle::<U3, U0, N2>::new().apply(5);
/// ```
pub struct Swizzle<B, M, S>(PhantomData<(B, M, S)>);

impl<B, M, S> Clone for Swizzle<B, M, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<B, M, S> Copy for Swizzle<B, M, S> {}
impl<B, M, S> Default for Swizzle<B, M, S> {
    fn default() -> Self {
        Swizzle(PhantomData)
    }
}
/// A swizzle type has one value.
impl<B, M, S> PartialEq for Swizzle<B, M, S> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<B, M, S> Eq for Swizzle<B, M, S> {}
impl<B, M, S> Hash for Swizzle<B, M, S> {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// `bits` ones starting at bit `at` (zero outside the 64-bit range), as
/// cute-dynamic computes its masks.
const fn mask(bits: i64, at: i64) -> i64 {
    if bits < 0 || at < 0 {
        return 0;
    }
    let ones = if bits >= 64 { -1 } else { (1_i64 << bits) - 1 };
    if at >= 64 {
        0
    } else {
        ones << at
    }
}

/// `x` clamped to a shift amount, `0..=63`.
const fn shift_amount(x: i64) -> u32 {
    if x < 0 {
        0
    } else if x > 63 {
        63
    } else {
        x as u32
    }
}

impl<B: SwizzleInt, M: SwizzleInt, S: SwizzleInt> Swizzle<B, M, S> {
    /// `B`: the number of bits of the mask.
    pub const BITS: i64 = B::I64;
    /// `M`: the number of least-significant bits kept constant.
    pub const BASE: i64 = M::I64;
    /// `S`: the distance YYY moves to land on ZZZ (positive: to the right).
    pub const SHIFT: i64 = S::I64;
    /// The mask selecting YYY: `B` ones from bit `M + max(0, S)`.
    pub const YYY_MASK: i64 = mask(B::I64, M::I64 + if S::I64 > 0 { S::I64 } else { 0 });
    /// The mask selecting ZZZ: `B` ones from bit `M - min(0, S)`.
    pub const ZZZ_MASK: i64 = mask(B::I64, M::I64 - if S::I64 < 0 { S::I64 } else { 0 });
    /// The right shift of YYY (0 for a left shift).
    const RIGHT: u32 = shift_amount(S::I64);
    /// The left shift of YYY (0 for a right shift).
    const LEFT: u32 = shift_amount(-S::I64);

    /// The swizzle's only value.
    ///
    /// # Pre-conditions
    /// The rules of [`Swizzle`] (trait bounds: compile errors).
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::Swizzle;
    /// use typenum::{U3, U4};
    /// assert_eq!(format!("{:?}", Swizzle::<U3, U4, U3>::new()), "Sw<3,4,3>");
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub const fn new() -> Self
    where
        Self: SwizzleRules,
    {
        Swizzle(PhantomData)
    }

    /// Applies the swizzle to an offset: `offset ^ shiftr(offset &
    /// yyy_mask, S)`, CuTe's `Swizzle::apply`. The masks and the shift are
    /// constants: a mask, a shift and an XOR, no branch.
    ///
    /// # Post-conditions
    /// `result == cute_dynamic::swizzle::Swizzle::new(B, M, S)?.apply(offset)`;
    /// only the bits of ZZZ change.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::Swizzle;
    /// use typenum::{U0, U1};
    /// let s = Swizzle::<U1, U0, U1>::new();
    /// assert_eq!((s.apply(0b00), s.apply(0b10), s.apply(0b11)), (0b00, 0b11, 0b10));
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub const fn apply(&self, offset: i64) -> i64
    where
        Self: SwizzleRules,
    {
        let y = offset & Self::YYY_MASK;
        // `y` is non-negative and below bit 62 - abs(S), so neither shift
        // loses a bit (`SwizzleWithinRange`)
        let moved = if S::I64 >= 0 {
            y >> Self::RIGHT
        } else {
            y << Self::LEFT
        };
        offset ^ moved
    }

    /// The mask selecting YYY.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::Swizzle;
    /// use typenum::{U3, U4};
    /// assert_eq!(Swizzle::<U3, U4, U3>::new().yyy_mask(), 0b111_0000000);
    /// ```
    pub const fn yyy_mask(&self) -> i64 {
        Self::YYY_MASK
    }

    /// The mask selecting ZZZ.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::Swizzle;
    /// use typenum::{U3, U4};
    /// assert_eq!(Swizzle::<U3, U4, U3>::new().zzz_mask(), 0b111_0000);
    /// ```
    pub const fn zzz_mask(&self) -> i64 {
        Self::ZZZ_MASK
    }

    /// The size of the swizzle's domain, its span: `2^(B + M + abs(S))`, a
    /// typenum integer.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::Swizzle;
    /// use typenum::{Unsigned, U3};
    /// assert_eq!(Swizzle::<U3, U3, U3>::new().size(), typenum::U512::new());
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn size(&self) -> SwizzleSpan<B, M, S>
    where
        Self: SwizzleRules,
        Mag<B>: Add<Mag<M>>,
        Sum<Mag<B>, Mag<M>>: Add<Mag<S>>,
        U1: Shl<SwizzleWidth<B, M, S>>,
        SwizzleSpan<B, M, S>: Default,
    {
        Default::default()
    }

    /// The same swizzle as a run-time `cute_dynamic::swizzle::Swizzle`.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::Swizzle;
    /// use typenum::{N3, U1, U2};
    /// let d = Swizzle::<U2, U1, N3>::new().to_dynamic();
    /// assert_eq!(format!("{d:?}"), "Swizzle(2,1,-3)");
    /// ```
    #[cfg(feature = "dynamic")]
    pub fn to_dynamic(&self) -> cute_dynamic::swizzle::Swizzle
    where
        Self: SwizzleRules,
    {
        cute_dynamic::swizzle::Swizzle::new(B::I64, M::I64, S::I64)
            .expect("a static swizzle satisfies the rules of Swizzle::new")
    }
}

impl<B: SwizzleInt, M: SwizzleInt, S: SwizzleInt> fmt::Display for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", B::I64, M::I64, S::I64)
    }
}

impl<B: SwizzleInt, M: SwizzleInt, S: SwizzleInt> fmt::Debug for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// ------------------------------------------------------------------ the trait

/// A swizzle function, for generic code over swizzles: its parameters,
/// masks, span and application. Implemented by every valid
/// [`Swizzle<B, M, S>`](Swizzle).
///
/// # Examples
/// ```
/// use cute_static::swizzle::{Swizzle, SwizzleFn};
/// use typenum::{U2, U3};
/// fn twice<Sw: SwizzleFn>(x: i64) -> i64 {
///     Sw::default().apply(Sw::default().apply(x))
/// }
/// assert_eq!(twice::<Swizzle<U2, U3, U3>>(777), 777);
/// assert_eq!(<Swizzle<U2, U3, U3> as SwizzleFn>::BITS, 2);
/// assert_eq!(<Swizzle<U2, U3, U3> as SwizzleFn>::SPAN, 256);
/// ```
pub trait SwizzleFn: Copy + Default + PartialEq + fmt::Display + 'static {
    /// `B`.
    const BITS: i64;
    /// `M`.
    const BASE: i64;
    /// `S`.
    const SHIFT: i64;
    /// The mask selecting YYY.
    const YYY_MASK: i64;
    /// The mask selecting ZZZ.
    const ZZZ_MASK: i64;
    /// The span `2^(B + M + abs(S))`, the size of the swizzle's domain.
    const SPAN: i64;
    /// `offset ^ shiftr(offset & yyy_mask, S)`.
    fn apply(&self, offset: i64) -> i64;
    /// The same swizzle as a run-time `cute_dynamic::swizzle::Swizzle`.
    #[cfg(feature = "dynamic")]
    fn to_dynamic(&self) -> cute_dynamic::swizzle::Swizzle;
}

impl<B: SwizzleInt, M: SwizzleInt, S: SwizzleInt> SwizzleFn for Swizzle<B, M, S>
where
    Self: SwizzleRules,
{
    const BITS: i64 = B::I64;
    const BASE: i64 = M::I64;
    const SHIFT: i64 = S::I64;
    const YYY_MASK: i64 = Swizzle::<B, M, S>::YYY_MASK;
    const ZZZ_MASK: i64 = Swizzle::<B, M, S>::ZZZ_MASK;
    const SPAN: i64 =
        1 << shift_amount(B::I64 + M::I64 + if S::I64 < 0 { -S::I64 } else { S::I64 });
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn apply(&self, offset: i64) -> i64 {
        Swizzle::apply(self, offset)
    }
    #[cfg(feature = "dynamic")]
    fn to_dynamic(&self) -> cute_dynamic::swizzle::Swizzle {
        Swizzle::to_dynamic(self)
    }
}

/// The span of a swizzle as a type, for the compile-time rule of a
/// swizzled layout's cosize ([`SwizzleSpanDividesCosize`](super::SwizzleSpanDividesCosize)).
///
/// # Examples
/// ```
/// use cute_static::swizzle::{Swizzle, SwizzleSpanOf};
/// static_assertions::assert_type_eq_all!(<Swizzle<typenum::U3, typenum::U4, typenum::U3> as SwizzleSpanOf>::Span, typenum::U1024);
/// ```
pub trait SwizzleSpanOf: SwizzleFn {
    /// The span `2^(B + M + abs(S))`, a typenum integer.
    type Span: Unsigned;
    /// `B1` iff the swizzle is the identity (`B = 0`).
    type Identity: Bit;
}
impl<B: SwizzleInt, M: SwizzleInt, S: SwizzleInt> SwizzleSpanOf for Swizzle<B, M, S>
where
    Self: SwizzleFn,
    Mag<B>: Add<Mag<M>> + IsEqual<U0>,
    Sum<Mag<B>, Mag<M>>: Add<Mag<S>>,
    U1: Shl<SwizzleWidth<B, M, S>>,
    SwizzleSpan<B, M, S>: Unsigned,
{
    type Span = SwizzleSpan<B, M, S>;
    type Identity = <Mag<B> as IsEqual<U0>>::Output;
}
