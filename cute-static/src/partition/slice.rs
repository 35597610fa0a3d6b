//! Slicing: the part of a layout a coordinate leaves free, and the offset
//! of the part it fixes.

use core::fmt;
#[cfg(feature = "dynamic")]
use core::marker::PhantomData;

use cute_core::{Error, KnownInt, Operand, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned};

use crate::coord::{IntoCoord, Keep};
#[cfg(feature = "dynamic")]
use crate::htuple::Cute;
use crate::htuple::{HTuple, Tuple};
use crate::layout::{EvalCrd, Layout};
use crate::shape::Size;

/// Slicing the shape `Self` (with the stride `D`) at the coordinate `C`,
/// whose `_` ([`Keep`]) entries keep their modes:
///
/// ```text
/// slice(_, s:d) ++ r              = (s:d, r...)
/// slice(c, s:d) ++ r              = r                     (an integer c)
/// slice((c, cs...), (h, t...):(g, u...)) ++ r = slice(c, h:g) ++ (slice((cs...), (t...):(u...)) ++ r)
/// ```
///
/// The kept modes are built in front of a given tail `r`, so the result is
/// flat at its top level (CuTe's `filter_tuple`) with no concatenation.
#[diagnostic::on_unimplemented(
    message = "CuTe slice: the coordinate does not fit the layout's shape (not weakly congruent)",
    label = "this slicing coordinate is not weakly congruent with the shape",
    note = "a slicing coordinate is an integer, `_` (`Keep`: the mode is kept), or a tuple of them, with at most the shape's profile",
    note = "at the mismatch, the coordinate is `{C}` and the shape `{Self}`"
)]
pub trait SliceCrd<C, D>: HTuple {
    /// The modes the coordinate keeps, followed by `R`.
    type Shape<R: Tuple>: Tuple;
    /// Their strides, followed by `R`.
    type Stride<R: Tuple>: Tuple;
    /// The kept modes in front of `rs`, their strides in front of `rd`.
    fn slice_onto<RS: Tuple, RD: Tuple>(
        &self,
        c: &C,
        d: &D,
        rs: RS,
        rd: RD,
    ) -> (Self::Shape<RS>, Self::Stride<RD>);
    /// The offset of the fixed part (evaluated as [`Layout::call`]
    /// evaluates a coordinate).
    #[doc(hidden)]
    fn slice_offset<const P: bool>(&self, c: &C, d: &D, v: &Self::Div) -> i64;
    /// True iff every integer of `c` lies in the mode it indexes:
    /// `0 <= c < size(mode)`.
    #[doc(hidden)]
    fn slice_in_bounds(&self, c: &C) -> bool;
    /// Writes `c`, `_` for a kept mode.
    #[doc(hidden)]
    fn write_crd(c: &C, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// Writes the entries of a tuple `c`, each after a comma unless `first`.
    #[doc(hidden)]
    fn write_elems(c: &C, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(", ")?;
        }
        Self::write_crd(c, f)
    }
}

macro_rules! slice_int {
    ([$($g:tt)*] $c:ty) => {
        /// An integer: the (sub-)shape fixed at its integral coordinate.
        impl<$($g)* S: Size + EvalCrd<$c, D>, D> SliceCrd<$c, D> for S {
            type Shape<R: Tuple> = R;
            type Stride<R: Tuple> = R;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn slice_onto<RS: Tuple, RD: Tuple>(&self, _: &$c, _: &D, rs: RS, rd: RD) -> (RS, RD) {
                (rs, rd)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn slice_offset<const P: bool>(&self, c: &$c, d: &D, v: &S::Div) -> i64 {
                self.eval_crd::<P>(c, d, v)
            }
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn slice_in_bounds(&self, c: &$c) -> bool {
                let c = c.get();
                (0 <= c) & (c < self.size().get())
            }
            fn write_crd(c: &$c, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", c.get())
            }
        }
    };
}
slice_int!([] UTerm);
slice_int!([U: Unsigned, B: Bit,] UInt<U, B>);
slice_int!([] i64);

/// `_`: the whole (sub-)layout kept, as one mode.
impl<S: HTuple, D: HTuple> SliceCrd<Keep, D> for S {
    type Shape<R: Tuple> = HCons<S, R>;
    type Stride<R: Tuple> = HCons<D, R>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_onto<RS: Tuple, RD: Tuple>(
        &self,
        _: &Keep,
        d: &D,
        rs: RS,
        rd: RD,
    ) -> (HCons<S, RS>, HCons<D, RD>) {
        (
            HCons {
                head: *self,
                tail: rs,
            },
            HCons { head: *d, tail: rd },
        )
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_offset<const P: bool>(&self, _: &Keep, _: &D, _: &S::Div) -> i64 {
        0
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_in_bounds(&self, _: &Keep) -> bool {
        true
    }
    fn write_crd(_: &Keep, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_")
    }
}

/// The empty coordinate of the empty shape.
impl SliceCrd<HNil, HNil> for HNil {
    type Shape<R: Tuple> = R;
    type Stride<R: Tuple> = R;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_onto<RS: Tuple, RD: Tuple>(&self, _: &HNil, _: &HNil, rs: RS, rd: RD) -> (RS, RD) {
        (rs, rd)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_offset<const P: bool>(&self, _: &HNil, _: &HNil, _: &HNil) -> i64 {
        0
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_in_bounds(&self, _: &HNil) -> bool {
        true
    }
    fn write_crd(_: &HNil, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
    fn write_elems(_: &HNil, _: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
}

/// One coordinate per mode: the head's kept modes, then the tail's.
impl<H, T, CH, CT, G, V> SliceCrd<HCons<CH, CT>, HCons<G, V>> for HCons<H, T>
where
    H: SliceCrd<CH, G>,
    T: Tuple + SliceCrd<CT, V>,
{
    type Shape<R: Tuple> = H::Shape<T::Shape<R>>;
    type Stride<R: Tuple> = H::Stride<T::Stride<R>>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_onto<RS: Tuple, RD: Tuple>(
        &self,
        c: &HCons<CH, CT>,
        d: &HCons<G, V>,
        rs: RS,
        rd: RD,
    ) -> (Self::Shape<RS>, Self::Stride<RD>) {
        let (ts, td) = self.tail.slice_onto(&c.tail, &d.tail, rs, rd);
        self.head.slice_onto(&c.head, &d.head, ts, td)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_offset<const P: bool>(
        &self,
        c: &HCons<CH, CT>,
        d: &HCons<G, V>,
        v: &Self::Div,
    ) -> i64 {
        self.head
            .slice_offset::<P>(&c.head, &d.head, &v.head)
            .wrapping_add(self.tail.slice_offset::<P>(&c.tail, &d.tail, &v.tail))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn slice_in_bounds(&self, c: &HCons<CH, CT>) -> bool {
        self.head.slice_in_bounds(&c.head) & self.tail.slice_in_bounds(&c.tail)
    }
    fn write_crd(c: &HCons<CH, CT>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        Self::write_elems(c, f, true)?;
        f.write_str(")")
    }
    fn write_elems(c: &HCons<CH, CT>, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(", ")?;
        }
        H::write_crd(&c.head, f)?;
        T::write_elems(&c.tail, f, false)
    }
}

/// A slicing coordinate of the shape `S` (with the stride `D`), printed.
#[cfg(feature = "dynamic")]
struct CrdText<'a, S, D, C>(&'a C, PhantomData<(S, D)>);
#[cfg(feature = "dynamic")]
impl<S: SliceCrd<C, D>, D, C> fmt::Display for CrdText<'_, S, D, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        S::write_crd(self.0, f)
    }
}

/// The layout of the modes the slicing coordinate `C` keeps.
pub type SlicedParts<S, D, C> =
    Layout<<S as SliceCrd<C, D>>::Shape<HNil>, <S as SliceCrd<C, D>>::Stride<HNil>>;

/// The offset of `l`'s part that `c` fixes, and the layout of the part it
/// keeps.
#[inline]
fn slice_parts<S, D, C>(l: &Layout<S, D>, c: &C) -> (i64, SlicedParts<S, D, C>)
where
    S: SliceCrd<C, D>,
    D: HTuple,
{
    let off = if S::pow2_divisors(l.divisors()) {
        l.shape().slice_offset::<true>(c, l.stride(), l.divisors())
    } else {
        l.shape().slice_offset::<false>(c, l.stride(), l.divisors())
    };
    let (s, d) = l.shape().slice_onto(c, l.stride(), HNil, HNil);
    (off, Layout::from_valid_parts(s, d))
}

/// [`slice_parts`], with an `IndexError` of `op` for an integer of `c`
/// outside the mode it indexes.
#[inline]
pub(super) fn checked_slice_parts<S, D, C>(
    l: &Layout<S, D>,
    c: &C,
    op: &'static str,
) -> Result<(i64, SlicedParts<S, D, C>)>
where
    S: SliceCrd<C, D>,
    D: HTuple,
{
    if l.shape().slice_in_bounds(c) {
        Ok(slice_parts(l, c))
    } else {
        Err(out_of_range::<S, D, C>(op, l.shape(), c))
    }
}

#[cold]
fn out_of_range<S: SliceCrd<C, D>, D, C>(op: &'static str, s: &S, c: &C) -> Error {
    #[cfg(feature = "dynamic")]
    let (index, len, msg) = {
        let crd = format!("{}", CrdText::<S, D, C>(c, PhantomData));
        let shape = format!("{}", Cute(*s));
        let msg = format!("coordinate {crd} is outside {shape}");
        (Operand::Text(crd), Some(Operand::Text(shape)), msg)
    };
    #[cfg(not(feature = "dynamic"))]
    let (index, len, msg) = {
        let _ = (s, c);
        (
            #[allow(clippy::useless_conversion)] // a String with `dynamic`
            Operand::Text("the coordinate".into()),
            None,
            "the coordinate is outside the shape",
        )
    };
    Error::out_of_range(op, index, len, msg)
}

/// `slice(c, L)`: the layout of the modes of `L` that the slicing
/// coordinate `c` leaves free (see [`slice()`]).
#[diagnostic::on_unimplemented(
    message = "CuTe slice: `{C}` is not a slicing coordinate of `{Self}`",
    note = "a slicing coordinate is an integer, `Keep` (CuTe's `_`: the mode is kept), or a tuple of them, weakly congruent with the layout's shape"
)]
pub trait Slice<C> {
    /// The layout of the kept modes.
    type Output;
    /// The layout of the kept modes.
    fn slice(self, c: C) -> Self::Output;
    /// The offset of the fixed part and the layout of the kept modes.
    fn offset_and_slice(self, c: C) -> (i64, Self::Output);
    /// [`Slice::offset_and_slice`], the coordinate checked to be in bounds.
    fn try_offset_and_slice(self, c: C) -> Result<(i64, Self::Output)>;
}
/// The layout of the modes of `L` that the slicing coordinate `C` keeps.
pub type Sliced<L, C> = <L as Slice<C>>::Output;

impl<S, D, C> Slice<C> for Layout<S, D>
where
    S: SliceCrd<C::Coord, D>,
    D: HTuple,
    C: IntoCoord,
{
    type Output = SlicedParts<S, D, C::Coord>;
    #[inline]
    fn slice(self, c: C) -> Self::Output {
        let (s, d) = self
            .shape()
            .slice_onto(&c.into_coord(), self.stride(), HNil, HNil);
        Layout::from_valid_parts(s, d)
    }
    #[inline]
    fn offset_and_slice(self, c: C) -> (i64, Self::Output) {
        slice_parts(&self, &c.into_coord())
    }
    #[inline]
    fn try_offset_and_slice(self, c: C) -> Result<(i64, Self::Output)> {
        checked_slice_parts(&self, &c.into_coord(), "offset_and_slice")
    }
}

/// CuTe's `slice(c, L)`: the layout of the modes of `L` that the slicing
/// coordinate `c` leaves free, its `Keep` (CuTe's `_`) entries, gathered in
/// one flat tuple (the specification's `slice_` of the shape and of the
/// stride).
///
/// # Pre-conditions
/// `c` is weakly congruent with `shape(L)` (a trait bound).
///
/// # Post-conditions
/// `result(j) + off == L(c with its _ entries set to j)`, with `off` the
/// offset [`offset_and_slice`] gives; the kept modes' leaves keep their
/// static or dynamic kind.
///
/// # Errors
/// None.
///
/// # Examples
/// ```
/// use cute_static::{layout, slice, Keep};
/// let a = layout!((4, (2, 8)) : (16, (1, 2)));
/// assert_eq!(slice(a, (2, Keep)).to_string(), "((_2,_8)):((_1,_2))");
/// assert_eq!(slice(a, (Keep, (1, Keep))).to_string(), "(_4,_8):(_16,_2)");
/// assert_eq!(slice(a, (1, 3)).to_string(), "():()");
/// let m = 256;
/// let b = layout!((4, (2, m)) : (m, (1, 2))).unwrap();
/// assert_eq!(slice(b, (Keep, (1, Keep))).to_string(), "(_4,256):(256,_2)");
/// ```
#[inline]
pub fn slice<L: Slice<C>, C>(layout: L, coord: C) -> L::Output {
    layout.slice(coord)
}

/// CuTe's `slice_and_offset(c, L)` (the specification's
/// `_offset_and_slice`): the offset of the part of `L` the coordinate `c`
/// fixes, and the layout of the part its `Keep` entries leave free.
///
/// The offset sums the fixed entries only; an integer entry facing a tuple
/// mode is an integral coordinate of that mode.
///
/// # Pre-conditions
/// `c` is weakly congruent with `shape(L)` (a trait bound); the offset
/// fits in `i64` (true for every in-bounds coordinate; see
/// [`try_offset_and_slice`] for a checked form).
///
/// # Post-conditions
/// `off + sub(j) == L(c with its _ entries set to j)` for `(off, sub) =
/// result`.
///
/// # Errors
/// None.
///
/// # Examples
/// ```
/// use cute_static::{layout, offset_and_slice, Keep};
/// let a = layout!((4, 8) : (1, 4));
/// let (off, col) = offset_and_slice(a, (Keep, 3));
/// assert_eq!((off, col.to_string()), (12, "(_4):(_1)".to_string()));
/// let m = 256;
/// let b = layout!((4, (2, m)) : (m, (1, 2))).unwrap();
/// let (off, sub) = offset_and_slice(b, (Keep, (1, Keep)));
/// assert_eq!((off, sub.to_string()), (1, "(_4,256):(256,_2)".to_string()));
/// assert_eq!(offset_and_slice(b, (2, Keep)).0, 512);
/// ```
#[inline]
pub fn offset_and_slice<L: Slice<C>, C>(layout: L, coord: C) -> (i64, L::Output) {
    layout.offset_and_slice(coord)
}

/// [`offset_and_slice`] with the coordinate checked: every integer of `c`
/// lies in the mode it indexes (`0 <= c < size(mode)`).
///
/// # Errors
/// `IndexError` if an integer of `c` lies outside the mode it indexes.
///
/// # Examples
/// ```
/// use cute_static::{layout, try_offset_and_slice, Keep};
/// let a = layout!((4, 8) : (1, 4));
/// assert_eq!(try_offset_and_slice(a, (Keep, 3)).unwrap().0, 12);
/// let e = try_offset_and_slice(a, (Keep, 8)).unwrap_err();
/// assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
/// ```
#[inline]
pub fn try_offset_and_slice<L: Slice<C>, C>(layout: L, coord: C) -> Result<(i64, L::Output)> {
    layout.try_offset_and_slice(coord)
}
