//! The swizzled layout `Sw o off o L` (CuTe C++'s `ComposedLayout<Swizzle<B,
//! M,S>, Offset, Layout>`): a layout whose offsets, moved by an offset, pass
//! through a swizzle. The offset is `_0` unless a slice or a partition put
//! one there.

use core::fmt;
use core::ops::{BitOr, Rem};

use cute_core::{Error, Result};
use typenum::{Bit, Eq, IsEqual, Mod, Or, UInt, Unsigned, U0};

use super::functor::{Swizzle, SwizzleFn, SwizzleSpanOf};
use super::rules::SwizzleSpanDividesCosize;
use crate::algebra::{Composition, Returns, StaticValue};
use crate::coord::IntoCoord;
use crate::htuple::{Congruent, Cute, HTuple, Leaf, StaticTuple};
use crate::layout::{Eval, EvalCrd, Layout, StaticDiv};
use crate::shape::{Extents, Size, SizeOf};
use crate::stride::Cosize;

/// The swizzled layout `Sw o off o L`: the layout `L` (a static or mixed
/// [`Layout`]) whose offsets, moved by `off`, pass through the swizzle `Sw`
/// (a [`Swizzle<B, M, S>`](Swizzle)): CuTe C++'s `ComposedLayout<Swizzle<B,M,S>,
/// Offset, Layout>`.
///
/// `eval(i) = Sw::apply(off + L(i))`: for a static `L` the layout's
/// hand-written arithmetic, then a mask, a shift and an XOR. The domain is
/// `L`'s: `shape`, `size` and `rank` are `L`'s, and so is `cosize`, as in
/// CuTe C++, where the swizzle keeps the offsets in `[0, cosize(L))`
/// ([`Swizzled::cosize`]).
///
/// The offset `O` is the static `_0` (`U0`, the default) for a layout made
/// by [`composition`](fn@crate::composition) of a swizzle and a layout, by
/// [`tile_to_shape`](super::tile_to_shape) or by the algebra on one (which
/// keeps it); a slice or a partition of a swizzled layout fixes part of its
/// coordinate, and the offset of that part goes *inside* the swizzle, an
/// `i64` (`Sw(off + L'(c))`, not `Sw(L'(c)) + off`: the swizzle reads the
/// offset's bits). See [`swizzle`](super) for the operations.
///
/// `Display` prints CuTe C++'s form, `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`
/// (a run-time offset without the `_`); a swizzle of no bits (the
/// identity, which CuTe C++ composes away) at the offset `_0` prints the
/// layout alone.
///
/// # Examples
/// ```
/// use cute_static::{composition, layout, Layout};
/// use cute_static::swizzle::{Swizzle, Swizzled};
/// use typenum::U3;
/// let s = composition(Swizzle::<U3, U3, U3>::new(), layout!((8, 64) : (64, 1)));
/// let _: Swizzled<Swizzle<U3, U3, U3>, Layout![(8, 64) : (64, 1)]> = s;
/// assert_eq!(core::mem::size_of_val(&s), 0);
/// assert_eq!(s.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// // row 1, column 0: offset 64, whose bits 6..9 XOR into bits 3..6
/// assert_eq!((s.eval(1), s.call((1, 0)), s.call((1, 9))), (72, 72, 65));
/// assert_eq!((s.size(), s.cosize()), (typenum::U512::new(), typenum::U512::new()));
/// // row 1 alone: its offset 64 goes inside the swizzle
/// let row = cute_static::slice(s, (1, cute_static::Keep));
/// assert_eq!(row.to_string(), "Sw<3,3,3> o 64 o (_64):(_1)");
/// assert_eq!((row.call(0), row.call(9)), (72, 65));
/// ```
pub struct Swizzled<Sw, L, O = U0> {
    swizzle: Sw,
    layout: L,
    offset: O,
}

impl<Sw: Copy, L: Copy, O: Copy> Clone for Swizzled<Sw, L, O> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Sw: Copy, L: Copy, O: Copy> Copy for Swizzled<Sw, L, O> {}

/// Structural equality: the same swizzle, offset and layout.
impl<Sw: PartialEq, L: PartialEq, O: PartialEq> PartialEq for Swizzled<Sw, L, O> {
    fn eq(&self, other: &Self) -> bool {
        self.swizzle == other.swizzle && self.offset == other.offset && self.layout == other.layout
    }
}

impl<Sw: SwizzleFn, S: HTuple, D: HTuple, O: Leaf> fmt::Display for Swizzled<Sw, Layout<S, D>, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if Sw::BITS != 0 || !<O as HTuple>::IS_STATIC || self.offset.get() != 0 {
            write!(f, "{} o {} o ", self.swizzle, Cute(self.offset))?;
        }
        fmt::Display::fmt(&self.layout, f)
    }
}

impl<Sw: SwizzleFn, S: HTuple, D: HTuple, O: Leaf> fmt::Debug for Swizzled<Sw, Layout<S, D>, O> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// `Sw o 0 o L`: the swizzle `Sw` composed with the layout `L`, static or
/// mixed (CuTe C++'s `composition(Swizzle<B,M,S>{}, layout)`, which is
/// [`composition`](fn@crate::composition) of a swizzle and a layout, except
/// that this one never returns a `Result`: nothing can fail).
///
/// # Post-conditions
/// `result.eval(i) == Sw::apply(layout.eval(i))`; `result.layout() == &layout`.
///
/// # Examples
/// ```
/// use cute_static::layout;
/// use cute_static::swizzle::{compose_swizzle, Swizzle};
/// use typenum::{U0, U1};
/// let ld = 8;
/// let s = compose_swizzle(Swizzle::<U1, U0, U1>::new(), layout!((2, 2) : ({ld}, 1)).unwrap());
/// assert_eq!(s.to_string(), "Sw<1,0,1> o _0 o (_2,_2):(8,_1)");
/// assert_eq!((0..4).map(|i| s.eval(i)).collect::<Vec<_>>(), [0, 8, 1, 9]);
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn compose_swizzle<Sw: SwizzleFn, S: HTuple, D: HTuple>(
    swizzle: Sw,
    layout: Layout<S, D>,
) -> Swizzled<Sw, Layout<S, D>> {
    Swizzled {
        swizzle,
        layout,
        offset: U0::new(),
    }
}

/// `Sw o off o L`: the swizzle `Sw` composed with the layout `L` moved by
/// the offset `off` (CuTe C++'s `composition(swizzle, offset, layout)` and
/// `make_composed_layout`): the general form of [`Swizzled`], which slices
/// and partitions of a swizzled layout return. The offset is a static
/// integer (`U0`, `U64`, ...) or an `i64`.
///
/// # Post-conditions
/// `result.eval(i) == Sw::apply(off + layout.eval(i))`; `result.offset() == off`.
///
/// # Examples
/// ```
/// use cute_static::layout;
/// use cute_static::swizzle::{compose_swizzle_offset, Swizzle};
/// use typenum::U3;
/// // the 8 x 64 atom's row 1, as a thread's partition gives it
/// let row = compose_swizzle_offset(Swizzle::<U3, U3, U3>::new(), 64, layout!(64 : 1));
/// assert_eq!(row.to_string(), "Sw<3,3,3> o 64 o _64:_1");
/// assert_eq!((row.eval(0), row.eval(8)), (72, 64)); // Sw(64 + i), not Sw(i) + 64
/// let s = compose_swizzle_offset(Swizzle::<U3, U3, U3>::new(), typenum::U0::new(), layout!(64 : 1));
/// assert!(s == cute_static::compose_swizzle(Swizzle::<U3, U3, U3>::new(), layout!(64 : 1)));
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn compose_swizzle_offset<Sw: SwizzleFn, S: HTuple, D: HTuple, O: Leaf>(
    swizzle: Sw,
    offset: O,
    layout: Layout<S, D>,
) -> Swizzled<Sw, Layout<S, D>, O> {
    Swizzled {
        swizzle,
        layout,
        offset,
    }
}

/// `composition(Swizzle<B, M, S>, L)`: CuTe C++'s spelling of the swizzled
/// layout `Sw o 0 o L`. As every operation of the [`algebra`](crate::algebra),
/// a static `L` gives the result itself and a mixed one a `Result` (always
/// `Ok`: [`compose_swizzle`] returns the value alone).
///
/// # Examples
/// ```
/// use cute_static::{composition, layout};
/// use cute_static::swizzle::Swizzle;
/// use typenum::{N3, U1, U2};
/// let s = composition(Swizzle::<U2, U1, N3>::new(), layout!(64 : 1));
/// assert_eq!(s.eval(0b100), 0b100 | 0b100_000);
/// let n = 64;
/// let m = composition(Swizzle::<U2, U1, N3>::new(), layout!({n} : 1).unwrap()).unwrap();
/// assert_eq!(m.eval(0b100), 0b100 | 0b100_000);
/// ```
impl<Bb, Mm, Ss, S, D> Composition<Layout<S, D>> for Swizzle<Bb, Mm, Ss>
where
    Self: SwizzleFn,
    S: HTuple,
    D: HTuple,
    LayoutStaticBit<S, D>: Returns<Swizzled<Self, Layout<S, D>>>,
{
    type Output = Swizzled<Self, Layout<S, D>>;
    type Ret = <LayoutStaticBit<S, D> as Returns<Self::Output>>::Ret;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn composition(self, layout: Layout<S, D>) -> Self::Ret {
        <LayoutStaticBit<S, D>>::ret(|| Ok(compose_swizzle(self, layout)))
    }
}

/// `B1` iff every leaf of the layout `S:D` is static.
type LayoutStaticBit<S, D> =
    <<S as HTuple>::AllStatic as crate::htuple::StaticBit>::And<<D as HTuple>::AllStatic>;

/// A static swizzled layout (a static layout at a static offset) is its
/// type's only value.
impl<Sw: SwizzleFn, S: HTuple, D: HTuple, O: Leaf + StaticTuple> StaticValue
    for Swizzled<Sw, Layout<S, D>, O>
where
    Layout<S, D>: StaticValue,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn static_value() -> Self {
        compose_swizzle_offset(Sw::default(), O::default(), Layout::static_value())
    }
}

/// A static swizzled layout's only value ([`Swizzled::new`]).
impl<Sw, S, D> Default for Swizzled<Sw, Layout<S, D>>
where
    Sw: SwizzleFn,
    S: Congruent<D> + Extents + StaticTuple + StaticDiv,
    D: StaticTuple,
{
    fn default() -> Self {
        Self::new()
    }
}

impl<Sw: SwizzleFn, S: HTuple, D: HTuple, O: Leaf> Swizzled<Sw, Layout<S, D>, O> {
    /// True iff the layout and the offset are static (the swizzle always
    /// is).
    pub const IS_STATIC: bool = Layout::<S, D>::IS_STATIC && <O as HTuple>::IS_STATIC;

    /// The swizzle.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn swizzle(&self) -> Sw {
        self.swizzle
    }

    /// The offset between the swizzle and the layout (CuTe's `offset()`):
    /// `U0` unless a slice or a partition fixed part of the coordinate.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::GmmaLayoutKSw128Atom;
    /// use cute_static::{atom::Half, local_tile, tile};
    /// let a = GmmaLayoutKSw128Atom::<Half>::new();
    /// assert_eq!(a.offset(), typenum::U0::new());
    /// let (_, t) = local_tile(a, tile!(8, 16), (0, 2)).unwrap(); // columns 32..48
    /// assert_eq!((t.offset(), t.call((0, 0))), (32, 32));
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn offset(&self) -> O {
        self.offset
    }

    /// The layout under the swizzle (CuTe's `layout_b()`).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn layout(&self) -> &Layout<S, D> {
        &self.layout
    }

    /// The shape: the layout's.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::GmmaLayoutKSw32Atom;
    /// use cute_static::htuple::Cute;
    /// let a = GmmaLayoutKSw32Atom::<f32>::new();
    /// assert_eq!(Cute(*a.shape()).to_string(), "(_8,_8)");
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn shape(&self) -> &S {
        self.layout.shape()
    }

    /// The number of top-level modes: the layout's.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn rank(&self) -> usize {
        S::RANK
    }

    /// `size`: the layout's, a typenum integer for a static shape.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::GmmaLayoutKSw128Atom;
    /// use cute_static::atom::BFloat16;
    /// let n: typenum::U512 = GmmaLayoutKSw128Atom::<BFloat16>::new().size();
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn size(&self) -> SizeOf<S>
    where
        S: Size,
    {
        self.layout.size()
    }

    /// The offset of the integral coordinate `i`: `Sw::apply(off + L(i))`.
    ///
    /// For a static layout, the layout's hand-written arithmetic and then a
    /// mask, a shift and an XOR, with no loop and no branch.
    ///
    /// # Pre-conditions
    /// As [`Layout::eval`].
    ///
    /// # Post-conditions
    /// `result == cute_dynamic::swizzle::Swizzle::new(B, M, S)?.apply(off + L(i))`.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::GmmaLayoutKSw128Atom;
    /// use cute_static::atom::Half;
    /// let a = GmmaLayoutKSw128Atom::<Half>::new();
    /// // row 1, element 0: offset 64, whose bits 6.. XOR into bits 3..
    /// assert_eq!(a.eval(1), 64 + 8);
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn eval(&self, i: i64) -> i64
    where
        S: Eval<D>,
    {
        self.swizzle.apply(self.offset.get() + self.layout.eval(i))
    }

    /// The offset of a coordinate `c` weakly congruent with the shape:
    /// `Sw::apply(off + L(c))`.
    ///
    /// # Pre-conditions
    /// As [`Layout::call`]: `weakly_congruent(c, shape)` (a trait bound).
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::GmmaLayoutKSw128Atom;
    /// use cute_static::atom::Half;
    /// let a = GmmaLayoutKSw128Atom::<Half>::new();
    /// assert_eq!((a.call((1, 0)), a.call((2, 16)), a.call((7, 63))), (72, 128, 455));
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn call<C: IntoCoord>(&self, c: C) -> i64
    where
        S: EvalCrd<C::Coord, D>,
    {
        self.swizzle.apply(self.offset.get() + self.layout.call(c))
    }
}

/// The swizzled layouts at the offset `_0`: made from their type, their
/// cosize, and the run-time form.
impl<Sw: SwizzleFn, S: HTuple, D: HTuple> Swizzled<Sw, Layout<S, D>> {
    /// The only value of a static swizzled layout type: how a GMMA atom
    /// ([`GmmaLayoutKSw128Atom<T>`](super::GmmaLayoutKSw128Atom), ...) is
    /// made.
    ///
    /// # Pre-conditions
    /// As [`Layout::new`] (trait bounds).
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::{GmmaLayoutMNSw64Atom, Swizzle, Swizzled};
    /// use cute_static::{atom::Half, Layout};
    /// let a = GmmaLayoutMNSw64Atom::<Half>::new();
    /// assert_eq!(a.to_string(), "Sw<2,3,3> o _0 o (_32,_8):(_1,_32)");
    /// let b = Swizzled::<Swizzle<typenum::U2, typenum::U3, typenum::U3>, Layout![(32, 8) : (1, 32)]>::new();
    /// assert!(a == b);
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn new() -> Self
    where
        S: Congruent<D> + Extents + StaticTuple + StaticDiv,
        D: StaticTuple,
    {
        compose_swizzle(Sw::default(), Layout::new(S::default(), D::default()))
    }

    /// `cosize`: the layout's, as CuTe C++ defines the cosize of a swizzled
    /// layout, which is one past its largest offset because the swizzle
    /// maps `[0, cosize(L))` onto itself: its span, `2^(B + M + abs(S))`,
    /// divides `cosize(L)` (or the swizzle is the identity).
    ///
    /// Defined at the offset `_0`: a slice or a partition (at an offset)
    /// covers part of the swizzle's blocks, and its offsets are not a range.
    ///
    /// That rule ([`SwizzleSpanDividesCosize`]) is checked here, where the
    /// cosize is claimed, and not by the composition, which CuTe C++ also
    /// applies to the small slices of a partition (a slice's layout spans
    /// less than the swizzle; its offsets are still right).
    ///
    /// # Pre-conditions
    /// For a static cosize, the rule above (a trait bound: a compile error).
    ///
    /// # Errors
    /// For a run-time cosize, `ValueError` if the swizzle's span does not
    /// divide it.
    ///
    /// # Examples
    /// ```
    /// use cute_static::{composition, layout};
    /// use cute_static::swizzle::Swizzle;
    /// use typenum::{N3, U1, U2, U3, U4};
    /// let sw = Swizzle::<U3, U4, U3>::new(); // spans 1024 offsets
    /// let c: typenum::U2048 = composition(sw, layout!((16, 128) : (128, 1))).cosize();
    /// let rows = 16;
    /// let m = composition(sw, layout!((rows, 128) : (128, 1)).unwrap()).unwrap();
    /// assert_eq!(m.cosize(), Ok(2048));
    /// // a left shift moves bits up: Sw<2,1,-3> spans 64 offsets, and on
    /// // 16 of them it reaches 63
    /// let n = 16;
    /// let t = composition(Swizzle::<U2, U1, N3>::new(), layout!({n} : 1).unwrap()).unwrap();
    /// assert!(t.cosize().is_err());
    /// assert_eq!((0..16).map(|i| t.eval(i)).max(), Some(63));
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    // (`C` is the layout's cosize type, a parameter so that a failed rule is
    // reported as the rule, not as a method whose bounds do not hold)
    pub fn cosize<C>(&self) -> C::Ret
    where
        S: Cosize<D, Output = C>,
        C: SwizzledCosize<Sw>,
    {
        self.layout.cosize().check_span()
    }

    /// The swizzled layout as a run-time `cute_dynamic::atom::SwizzledLayout`.
    ///
    /// # Examples
    /// ```
    /// use cute_static::swizzle::GmmaLayoutKSw128Atom;
    /// use cute_static::atom::Half;
    /// use cute_dynamic::atom::{gmma_smem_atom, Major, SmemSwizzle, ValueType};
    /// let a = GmmaLayoutKSw128Atom::<Half>::new().to_dynamic();
    /// assert_eq!(a, gmma_smem_atom(Major::K, SmemSwizzle::SW128, ValueType::F16).unwrap());
    /// assert_eq!(a.to_string(), "Sw<3,3,3> o 0 o (8, 64):(64, 1)");
    /// ```
    #[cfg(feature = "dynamic")]
    pub fn to_dynamic(&self) -> cute_dynamic::atom::SwizzledLayout {
        cute_dynamic::atom::SwizzledLayout {
            swizzle: self.swizzle.to_dynamic(),
            layout: self.layout.to_dynamic(),
        }
    }
}

/// The way back from the run-time form: a `cute_dynamic::atom::SwizzledLayout`
/// converts into a given swizzled layout type when its swizzle is the
/// type's and its layout converts into the type's layout
/// (`TryFrom<&cute_dynamic::Layout>` for [`Layout`]).
///
/// # Errors
/// `TypeError` if the swizzle differs; as `Layout::try_from`.
///
/// # Examples
/// ```
/// use cute_static::swizzle::{GmmaLayoutKSw64Atom, Swizzle, Swizzled};
/// use cute_static::Layout;
/// use cute_dynamic::atom::{gmma_smem_atom, Major, SmemSwizzle, ValueType};
/// use typenum::{U2, U3};
/// let d = gmma_smem_atom(Major::K, SmemSwizzle::SW64, ValueType::F32).unwrap();
/// let s = GmmaLayoutKSw64Atom::<f32>::try_from(&d).unwrap();
/// assert_eq!(s.to_string(), "Sw<2,2,3> o _0 o (_8,_16):(_16,_1)");
/// // the same layout with a run-time leading dimension
/// let m = <Swizzled<Swizzle<U2, typenum::U2, U3>, Layout![(8, 16) : ({}, 1)]>>::try_from(&d).unwrap();
/// assert_eq!(m.to_string(), "Sw<2,2,3> o _0 o (_8,_16):(16,_1)");
/// assert!(<GmmaLayoutKSw64Atom<cute_static::atom::Half>>::try_from(&d).is_err());
/// ```
#[cfg(feature = "dynamic")]
impl<Sw, S, D> TryFrom<&cute_dynamic::atom::SwizzledLayout> for Swizzled<Sw, Layout<S, D>>
where
    Sw: SwizzleFn,
    S: Congruent<D> + Extents,
    D: HTuple,
{
    type Error = Error;

    fn try_from(l: &cute_dynamic::atom::SwizzledLayout) -> Result<Self> {
        let swizzle = Sw::default();
        if swizzle.to_dynamic() != l.swizzle {
            return Err(Error::type_error(
                "Swizzled",
                format!(
                    "cannot convert {l} to a layout swizzled by {swizzle}: its swizzle is {:?}",
                    l.swizzle
                ),
            ));
        }
        Ok(compose_swizzle(swizzle, Layout::try_from(&l.layout)?))
    }
}

/// The cosize of a swizzled layout: the layout's cosize `Self`, checked
/// against the swizzle's span `Sw::Span` ([`SwizzleSpanDividesCosize`]): a
/// static cosize by the compiler, a run-time one at run time.
pub trait SwizzledCosize<Sw> {
    /// The cosize for a static one, `Result<i64>` for a run-time one.
    type Ret;
    /// The cosize, checked.
    fn check_span(self) -> Self::Ret;
}
impl<U, B, Sw> SwizzledCosize<Sw> for UInt<U, B>
where
    U: Unsigned,
    B: Bit,
    Sw: SwizzleSpanOf,
    UInt<U, B>: Rem<Sw::Span>,
    Mod<UInt<U, B>, Sw::Span>: IsEqual<U0>,
    Sw::Identity: BitOr<Eq<Mod<UInt<U, B>, Sw::Span>, U0>>,
    Or<Sw::Identity, Eq<Mod<UInt<U, B>, Sw::Span>, U0>>:
        SwizzleSpanDividesCosize<Sw::Span, UInt<U, B>>,
{
    type Ret = UInt<U, B>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn check_span(self) -> UInt<U, B> {
        self
    }
}
impl<Sw: SwizzleFn> SwizzledCosize<Sw> for i64 {
    type Ret = Result<i64>;
    #[inline]
    fn check_span(self) -> Result<i64> {
        if Sw::BITS == 0 || self % Sw::SPAN == 0 {
            Ok(self)
        } else {
            Err(span_error::<Sw>(self, Sw::SPAN))
        }
    }
}

#[cold]
fn span_error<Sw: SwizzleFn>(cosize: i64, span: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = format!(
        "the span {span} of {} does not divide the layout's cosize {cosize}: the swizzled offsets may leave [0, {cosize})",
        Sw::default()
    );
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = (cosize, span, Sw::BITS);
        "the swizzle's span does not divide the layout's cosize: the swizzled offsets may leave [0, cosize)"
    };
    Error::value("Swizzled cosize", msg)
}
