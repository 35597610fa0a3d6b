//! Slicing and partitioning: the part of a layout a coordinate leaves free,
//! and the part of a layout a thread block or a thread works on.
//!
//! A *slicing coordinate* is a coordinate whose entries may be [`Keep`]
//! (CuTe's `_`): [`slice()`] keeps the modes it names with `_` and fixes the
//! others, [`offset_and_slice`] also gives the offset of the fixed part
//! (CuTe C++'s `slice` and `slice_and_offset`, the specification's
//! `Layout._offset_and_slice`):
//!
//! ```text
//! slice(_, s:d)      = (s:d,)             offset 0
//! slice(c, s:d)      = ()                 offset (s:d)(c), for an integer c
//! slice((c, cs...), (h, t...):(g, u...)) = slice(c, h:g) ++ slice((cs...), (t...):(u...))
//! ```
//!
//! The partitions divide a layout by a tiler with
//! [`zipped_divide`](crate::zipped_divide), giving `((tile), (rest))`, then
//! fix one of the two modes with a coordinate and keep the other (CuTe C++'s
//! `tensor_impl.hpp`, same names, same semantics):
//!
//! - [`inner_partition`] / [`local_tile`]: fix the *rest* mode at `coord`:
//!   the tile at tile coordinate `coord` (a thread block's tile);
//! - [`outer_partition`]: fix the *tile* mode at `coord`: element `coord`
//!   of every tile (a thread's elements, one per tile);
//! - [`local_partition`]: [`outer_partition`] by the shape of a thread
//!   layout, at the coordinate of one thread in it ([`flat_coord`]);
//! - [`local_tile_proj`] / [`local_partition_proj`]: the same through a
//!   projection (CuTe's `Step<_1, X, _1>`), which keeps only some modes of
//!   a tiler shared by several operands, as a GEMM takes the `(M, K)` part
//!   of an `(M, N, K)` tiler for `A`.
//!
//! The tiler is static, so the tile's modes stay static types; the layout
//! divided may have dynamic leaves (a matrix of run-time extents). What the
//! coordinate or the thread index decides is computed at run time: the
//! offset of the fixed part, an `i64`, beside the layout of the kept part.
//! A coordinate given as a tuple names modes of the fixed part from the
//! first; the modes it does not reach are kept whole (CuTe's
//! `append<R>(coord, _)`), and a `Keep` inside it keeps that mode too. An
//! integral coordinate indexes the fixed mode as a whole.
//!
//! A partition's tiler must divide the layout with no partial tile: each
//! tile extent (for a thread layout, the size of each of its modes) divides
//! the size of the mode it tiles ([`rules`]). On static modes this is a
//! trait bound, whose error's first line names the rule; on modes of
//! run-time size [`outer_partition`] and [`local_partition`] check it at
//! run time, while [`local_tile`] and [`inner_partition`] accept a partial
//! last tile there, as CuTe C++'s rest mode is a ceil-div. CuTe C++ checks
//! none of it: [`local_partition_unchecked`], [`outer_partition_unchecked`]
//! and [`local_tile_unchecked`] are its partitions, for a kernel that
//! predicates the elements past the layout.
//!
//! The partitions return a `Result`: the coordinate is checked to lie in the
//! mode it fixes (an `IndexError` otherwise), as the run-time algebra's
//! partitions check it, the divisibility rule on modes of run-time size (a
//! `ValueError`), and a mixed layout's divide checks its run-time
//! conditions. `to_dynamic()` of the layout a partition gives is the layout
//! `cute_dynamic::tensor::partition` gives for the same operands (for a
//! mixed layout, the same function: the static divide may keep a mode of
//! extent 1 that the run-time one drops).

use core::fmt;
use core::marker::PhantomData;

use cute_core::{Error, KnownInt, Operand, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, B1, U1};

use crate::algebra::{pair, IntoResult, IntoTiler, Pair, Tiler, ZippedDivide, ZippedDivided};
use crate::coord::{IntoCoord, Keep};
#[cfg(feature = "dynamic")]
use crate::htuple::Cute;
use crate::htuple::{leaves64, HTuple, Leaf, Tuple};
use crate::layout::{EvalCrd, Layout};
use crate::shape::{ProductEach, ProductsEach, Size};
use rules::PartitionRule;

/// CuTe's `X` in a projection (`Step<_1, X, _1>`): the mode left out. It is
/// [`Keep`], CuTe C++'s `_` (there `X` is `Underscore` too).
pub use crate::coord::Keep as X;

pub mod rules;

// ================================================================== slicing

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
fn checked_slice_parts<S, D, C>(
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

// ================================================================== partitions

/// The slicing coordinate `(_, ..., _)` that keeps every top-level mode of
/// a mode (CuTe's `repeat<R>(_)`): `_` for a leaf.
pub trait KeepAll {
    /// The coordinate.
    type Output: Copy + Default;
}
macro_rules! keep_all_leaf {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf mode: `_`.
        impl<$($g)*> KeepAll for $t {
            type Output = Keep;
        }
    };
}
keep_all_leaf!([] UTerm);
keep_all_leaf!([U: Unsigned, B: Bit] UInt<U, B>);
keep_all_leaf!([] i64);
/// `()`.
impl KeepAll for HNil {
    type Output = HNil;
}
/// One `_` per top-level mode.
impl<H, T: KeepAll> KeepAll for HCons<H, T>
where
    T::Output: frunk_core::hlist::HList,
{
    type Output = HCons<Keep, T::Output>;
}

/// The slicing coordinate that fixes the mode `Self` at the partition
/// coordinate `C`: an integer or `_` as it is, a tuple padded with `_` up
/// to the mode's rank (CuTe's `append<R>(coord, _)`), a 1-tuple facing a
/// leaf mode its one entry.
#[diagnostic::on_unimplemented(
    message = "CuTe partition: the coordinate `{C}` does not fit the mode `{Self}` it fixes",
    note = "a partition coordinate is an integer, `Keep`, or a tuple with at most as many entries as the mode it fixes has modes"
)]
pub trait FixMode<C> {
    /// The slicing coordinate.
    type Output;
    /// The slicing coordinate.
    fn fix(c: C) -> Self::Output;
}
macro_rules! fix_int {
    ([$($g:tt)*] $c:ty) => {
        /// An integral coordinate of the whole mode.
        impl<$($g)* M: HTuple> FixMode<$c> for M {
            type Output = $c;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn fix(c: $c) -> $c {
                c
            }
        }
    };
}
fix_int!([] UTerm);
fix_int!([U: Unsigned, B: Bit,] UInt<U, B>);
fix_int!([] i64);
/// `_`: the whole mode kept.
impl<M: HTuple> FixMode<Keep> for M {
    type Output = Keep;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn fix(c: Keep) -> Keep {
        c
    }
}
macro_rules! fix_leaf_mode {
    ([$($g:tt)*] $t:ty) => {
        /// A 1-tuple facing a leaf mode: its one entry.
        impl<$($g)* C0> FixMode<HCons<C0, HNil>> for $t {
            type Output = C0;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn fix(c: HCons<C0, HNil>) -> C0 {
                c.head
            }
        }
    };
}
fix_leaf_mode!([] UTerm);
fix_leaf_mode!([U: Unsigned, B: Bit,] UInt<U, B>);
fix_leaf_mode!([] i64);
/// The empty coordinate of the empty mode.
impl FixMode<HNil> for HNil {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn fix(c: HNil) -> HNil {
        c
    }
}
/// The coordinate's entries run out: `_` for the remaining modes.
impl<MH, MT: FixMode<HNil>> FixMode<HNil> for HCons<MH, MT> {
    type Output = HCons<Keep, MT::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn fix(c: HNil) -> Self::Output {
        HCons {
            head: Keep,
            tail: MT::fix(c),
        }
    }
}
/// An entry per mode, from the first.
impl<MH, MT: FixMode<CT>, CH, CT> FixMode<HCons<CH, CT>> for HCons<MH, MT> {
    type Output = HCons<CH, MT::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn fix(c: HCons<CH, CT>) -> Self::Output {
        HCons {
            head: c.head,
            tail: MT::fix(c.tail),
        }
    }
}

/// Which mode of a zipped divide `((tile), (rest))` a partition fixes, and
/// which divisibility rule it enforces ([`rules::PartitionRule`]).
pub trait Side {
    /// The operation's name, for its errors.
    const OP: &'static str;
}
/// The rest mode is fixed: the tile at a tile coordinate ([`inner_partition`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Inner;
/// The tile mode is fixed: an element of every tile ([`outer_partition`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Outer;
/// The side `W` without the divisibility rule: CuTe C++'s unchecked
/// partition ([`outer_partition_unchecked`], [`local_tile_unchecked`],
/// [`local_partition_unchecked`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Unchecked<W>(PhantomData<W>);
impl Side for Inner {
    const OP: &'static str = "inner_partition";
}
impl Side for Outer {
    const OP: &'static str = "outer_partition";
}
impl<W: Side> Side for Unchecked<W> {
    const OP: &'static str = W::OP;
}

/// The slicing coordinate of a zipped layout `(TS, RS)` for the partition
/// coordinate `C`: `(repeat(_), fix(C))` ([`Inner`]) or `(fix(C),
/// repeat(_))` ([`Outer`]).
pub trait ZipCoord<TS, RS, C>: Side {
    /// The slicing coordinate.
    type Coord;
    /// The slicing coordinate.
    fn zip_coord(c: C) -> Self::Coord;
}
impl<TS: KeepAll, RS: FixMode<C>, C> ZipCoord<TS, RS, C> for Inner {
    type Coord = Pair<TS::Output, RS::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zip_coord(c: C) -> Self::Coord {
        pair(Default::default(), RS::fix(c))
    }
}
impl<TS: FixMode<C>, RS: KeepAll, C> ZipCoord<TS, RS, C> for Outer {
    type Coord = Pair<TS::Output, RS::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zip_coord(c: C) -> Self::Coord {
        pair(TS::fix(c), Default::default())
    }
}
impl<W: ZipCoord<TS, RS, C>, TS, RS, C> ZipCoord<TS, RS, C> for Unchecked<W> {
    type Coord = W::Coord;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zip_coord(c: C) -> Self::Coord {
        W::zip_coord(c)
    }
}

/// A zipped divide `((tile), (rest))` sliced by a partition coordinate `C`
/// on the side `W`.
pub trait SliceZipped<C, W> {
    /// The layout of the kept part.
    type Output;
    /// The offset of the fixed part and the layout of the kept part.
    fn slice_zipped(self, c: C) -> Result<(i64, Self::Output)>;
}
impl<TS, RS, TD, RD, C, W> SliceZipped<C, W> for Layout<Pair<TS, RS>, Pair<TD, RD>>
where
    TS: HTuple,
    RS: HTuple,
    TD: HTuple,
    RD: HTuple,
    W: ZipCoord<TS, RS, C>,
    Pair<TS, RS>: SliceCrd<W::Coord, Pair<TD, RD>>,
{
    type Output = SlicedParts<Pair<TS, RS>, Pair<TD, RD>, W::Coord>;
    #[inline]
    fn slice_zipped(self, c: C) -> Result<(i64, Self::Output)> {
        checked_slice_parts(&self, &W::zip_coord(c), W::OP)
    }
}

/// A partition's tile is static.
#[diagnostic::on_unimplemented(
    message = "CuTe partition: the tiler `{T}` has a run-time extent; a partition's tile is static",
    label = "a static tiler is required here",
    note = "write the tile with static extents (`tile!(128, 64)`, static layouts); a run-time tile is partitioned by `cute_dynamic::tensor::partition` on `to_dynamic()`"
)]
pub trait StaticTile<T> {}
impl<T> StaticTile<T> for B1 {}

/// A partition of a layout by a static tiler at a coordinate, on the side
/// `W` ([`Inner`]: [`inner_partition`], [`local_tile`]; [`Outer`]:
/// [`outer_partition`]; [`Unchecked`]: the same without the divisibility
/// rule of [`rules`]).
#[diagnostic::on_unimplemented(
    message = "CuTe partition: `{Self}` cannot be partitioned by `{T}` at `{C}`",
    note = "the tiler is static and divides the layout as zipped_divide requires, with no partial tile; the coordinate is an integer, `Keep`, or a tuple of at most the fixed mode's rank"
)]
pub trait Partition<T, C, W> {
    /// The layout of the kept part.
    type Output;
    /// The offset of the fixed part and the layout of the kept part.
    fn partition(self, tiler: T, coord: C) -> Result<(i64, Self::Output)>;
}
/// The layout of the tile [`inner_partition`] (and [`local_tile`]) gives.
pub type InnerPartitioned<L, T, C> = <L as Partition<T, C, Inner>>::Output;
/// The layout of the elements [`outer_partition`] gives.
pub type OuterPartitioned<L, T, C> = <L as Partition<T, C, Outer>>::Output;

impl<S, D, T, C, W> Partition<T, C, W> for Layout<S, D>
where
    S: HTuple,
    D: HTuple,
    T: IntoTiler,
    C: IntoCoord,
    <T::Tiler as Tiler>::AllStatic: StaticTile<T::Tiler>,
    W: PartitionRule<T::Tiler, S>,
    Layout<S, D>: ZippedDivide<T::Tiler>,
    <Layout<S, D> as ZippedDivide<T::Tiler>>::Ret:
        IntoResult<ZippedDivided<Layout<S, D>, T::Tiler>>,
    ZippedDivided<Layout<S, D>, T::Tiler>: SliceZipped<C::Coord, W>,
{
    type Output = <ZippedDivided<Layout<S, D>, T::Tiler> as SliceZipped<C::Coord, W>>::Output;
    #[inline]
    fn partition(self, tiler: T, coord: C) -> Result<(i64, Self::Output)> {
        let tiler = tiler.into_tiler();
        W::check(&tiler, self.shape(), W::OP)?;
        ZippedDivide::zipped_divide(self, tiler)
            .into_result()?
            .slice_zipped(coord.into_coord())
    }
}

/// CuTe's `inner_partition(layout, tiler, coord)`: everything inside the
/// tile at tile coordinate `coord`. The layout is divided into `((tile),
/// (rest))` by [`zipped_divide`](crate::zipped_divide), and the rest mode
/// is fixed at `coord`.
///
/// The tiler is static, so the tile's modes are static types (with the
/// layout's dynamic strides where it has them); the offset of the tile is
/// computed at run time.
///
/// # Pre-conditions
/// - `tiler` is static (a trait bound) and meets `zipped_divide`'s
///   pre-conditions on `layout` (a trait bound for static operands).
/// - Every mode of *static* size that the tiler divides is tiled exactly:
///   the tile's extent (an integer entry, or a layout entry's span) divides
///   the mode's size ([`rules`]; a trait bound). A mode of run-time size
///   may end in a partial tile, as in CuTe C++, where the rest mode's
///   extent is a ceil-div: the last tile's elements past the mode are the
///   caller's to predicate. [`local_tile_unchecked`] leaves out the rule.
/// - `coord` is a coordinate of the rest mode: an integer, or a tuple of at
///   most its rank (a trait bound), `Keep` entries keeping their mode.
///
/// # Post-conditions
/// With `(off, t) = result`: `shape(t)` is the tile's top-level modes
/// followed by the rest modes `coord` keeps, and `off + t(j) ==
/// z((j, coord))` for `z = zipped_divide(layout, tiler)`.
///
/// # Errors
/// `IndexError` if `coord` lies outside the rest mode; for a layout with a
/// dynamic leaf, as `zipped_divide`.
///
/// # Examples
/// ```
/// use cute_static::{inner_partition, layout, tile};
/// let a = layout!((8, 6) : (1, 8));
/// let (off, t) = inner_partition(a, tile!(4, 3), (1, 1)).unwrap();
/// assert_eq!((off, t.to_string()), (4 + 3 * 8, "(_4,_3):(_1,_8)".to_string()));
/// assert!(inner_partition(a, tile!(4, 3), (2, 0)).is_err());
/// ```
/// A tile that does not divide a static mode does not compile:
/// ```compile_fail
/// use cute_static::{inner_partition, layout, tile};
/// // 4 does not divide 6: the second tile of mode 1 would run past it
/// let _ = inner_partition(layout!((8, 6) : (1, 8)), tile!(4, 4), (0, 0));
/// ```
#[inline]
pub fn inner_partition<L: Partition<T, C, Inner>, T, C>(
    layout: L,
    tiler: T,
    coord: C,
) -> Result<(i64, L::Output)> {
    layout.partition(tiler, coord)
}

/// CuTe's `local_tile(layout, tiler, coord)`: the tile of `tiler`'s shape
/// at tile coordinate `coord`; the same as [`inner_partition`]. A thread
/// block takes its tile of a matrix this way: the tile's modes stay static,
/// its offset (the block's coordinate times the tile's extents and the
/// matrix's strides) is computed at run time.
///
/// # Pre-conditions
/// As [`inner_partition`]: a static mode is tiled exactly (a trait bound),
/// a mode of run-time extent may end in a partial tile.
///
/// # Post-conditions
/// As [`inner_partition`].
///
/// # Errors
/// As [`inner_partition`].
///
/// # Examples
/// ```
/// use cute_static::{layout, local_tile, tile, Keep, Layout};
/// // a 128 x 64 row-major matrix, 32 x 16 tiles: tile (2, 3)
/// let a = layout!((128, 64) : (64, 1));
/// let (off, t) = local_tile(a, tile!(32, 16), (2, 3)).unwrap();
/// assert_eq!(off, 2 * 32 * 64 + 3 * 16);
/// assert_eq!(t.to_string(), "(_32,_16):(_64,_1)");
/// let _: Layout![(32, 16) : (64, 1)] = t; // a static tile
/// // a matrix of run-time extents: the tile stays static but for the
/// // run-time leading dimension; Keep leaves a mode of tiles whole
/// let (m, n) = (4096, 1000);
/// let b = layout!((m, n) : (1, m)).unwrap();
/// let (off, row) = local_tile(b, tile!(128, 64), (3, Keep)).unwrap();
/// assert_eq!((off, row.to_string()), (384, "(_128,_64,16):(_1,4096,262144)".to_string()));
/// let _: Layout![(128, 64, {}) : (1, {}, {})] = row;
/// // 64 does not divide n = 1000: the 16th tile of columns is partial (its
/// // columns 1000..1024 are past the matrix), as in CuTe C++
/// assert_eq!(local_tile(b, tile!(128, 64), (0, 15)).unwrap().0, 15 * 64 * 4096);
/// // a tile coordinate outside the tiles: an error
/// assert!(local_tile(b, tile!(128, 64), (32, 0)).is_err());
/// ```
/// A tile that does not divide a static mode does not compile:
/// ```compile_fail
/// use cute_static::{layout, local_tile, tile};
/// // 32 does not divide 100: the last tile would run 28 rows past the matrix
/// let _ = local_tile(layout!((100, 64)), tile!(32, 16), (0, 0));
/// ```
#[inline]
pub fn local_tile<L: Partition<T, C, Inner>, T, C>(
    layout: L,
    tiler: T,
    coord: C,
) -> Result<(i64, L::Output)> {
    layout.partition(tiler, coord)
}

/// [`local_tile`] without the divisibility rule: CuTe C++'s `local_tile`,
/// whose last tile of a mode the tile does not divide reaches past the
/// mode (the rest mode's extent is a ceil-div), for a kernel that
/// predicates those elements itself.
///
/// # Pre-conditions
/// As [`inner_partition`], but for the divisibility rule.
///
/// # Post-conditions
/// As [`inner_partition`]; the offsets of a partial tile's elements past
/// the layout are those `zipped_divide` gives them, outside `layout`'s
/// domain.
///
/// # Errors
/// As [`inner_partition`].
///
/// # Examples
/// ```
/// use cute_static::{layout, local_tile_unchecked, tile};
/// // 100 rows by tiles of 32: the fourth tile starts at row 96, and its
/// // rows 100..128 are past the matrix (aliasing the next column)
/// let a = layout!((100, 64));
/// let (off, t) = local_tile_unchecked(a, tile!(32, 16), (3, 0)).unwrap();
/// assert_eq!((off, t.to_string()), (96, "(_32,_16):(_1,_100)".to_string()));
/// assert_eq!(off + t.call((4, 0)), 100); // row 100 is row 0 of column 1
/// ```
#[inline]
pub fn local_tile_unchecked<L: Partition<T, C, Unchecked<Inner>>, T, C>(
    layout: L,
    tiler: T,
    coord: C,
) -> Result<(i64, L::Output)> {
    layout.partition(tiler, coord)
}

/// CuTe's `outer_partition(layout, tiler, coord)`: the element at tile
/// coordinate `coord` of every tile. The layout is divided into `((tile),
/// (rest))` by [`zipped_divide`](crate::zipped_divide), and the tile mode
/// is fixed at `coord`.
///
/// # Pre-conditions
/// - `tiler` is static (a trait bound) and meets `zipped_divide`'s
///   pre-conditions on `layout` (a trait bound for static operands).
/// - Every mode the tiler divides is tiled exactly: the tile's extent (an
///   integer entry, or a layout entry's span) divides the mode's size
///   ([`rules`]): a trait bound for a mode of static size, checked at run
///   time for one of run-time size. A partial tile would give some
///   coordinates elements outside the layout. [`outer_partition_unchecked`]
///   leaves out the rule.
/// - `coord` is a coordinate of the tile mode (as [`inner_partition`]'s of
///   the rest mode).
///
/// # Post-conditions
/// With `(off, t) = result`: `shape(t)` is the rest mode's top-level modes
/// (after the tile modes `coord` keeps), and `off + t(j) == z((coord, j))`
/// for `z = zipped_divide(layout, tiler)`.
///
/// # Errors
/// `IndexError` if `coord` lies outside the tile mode; `ValueError` (a
/// divisibility error naming the tile extent and the mode's size) if a mode
/// of run-time size is not tiled exactly; for a layout with a dynamic leaf,
/// as `zipped_divide`.
///
/// # Examples
/// ```
/// use cute_static::{layout, outer_partition, tile};
/// let a = layout!((8, 6) : (1, 8));
/// let (off, mine) = outer_partition(a, tile!(4, 3), (1, 2)).unwrap();
/// assert_eq!((off, mine.to_string()), (1 + 2 * 8, "(_2,_2):(_4,_24)".to_string()));
/// assert!(outer_partition(a, tile!(4, 3), (4, 0)).is_err());
/// // a run-time extent the tile does not divide: an error, at run time
/// let n = 7;
/// let b = layout!((8, n) : (1, 8)).unwrap();
/// let e = outer_partition(b, tile!(4, 3), (1, 2)).unwrap_err();
/// assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
/// assert!(e.to_string().contains("the tile extent 3 does not divide the size 7 of mode 1"), "{e}");
/// ```
/// A tile that does not divide a static mode does not compile:
/// ```compile_fail
/// use cute_static::{layout, outer_partition, tile};
/// let _ = outer_partition(layout!((8, 6) : (1, 8)), tile!(4, 4), (1, 2));
/// ```
#[inline]
pub fn outer_partition<L: Partition<T, C, Outer>, T, C>(
    layout: L,
    tiler: T,
    coord: C,
) -> Result<(i64, L::Output)> {
    layout.partition(tiler, coord)
}

/// [`outer_partition`] without the divisibility rule: CuTe C++'s
/// `outer_partition`, whose coordinates in a partial tile (or past a mode
/// the tile overruns) get offsets outside the layout, for a kernel that
/// predicates those elements itself.
///
/// # Pre-conditions
/// As [`outer_partition`], but for the divisibility rule.
///
/// # Post-conditions
/// As [`outer_partition`].
///
/// # Errors
/// As [`outer_partition`], but for the divisibility error.
///
/// # Examples
/// ```
/// use cute_static::{layout, outer_partition_unchecked, tile};
/// // tiles of 4 over 6 columns: two tiles, the second has columns 6 and 7
/// // past the layout, which column coordinate 3 reaches
/// let a = layout!((8, 6) : (1, 8));
/// let (off, mine) = outer_partition_unchecked(a, tile!(4, 4), (1, 3)).unwrap();
/// assert_eq!((off, mine.to_string()), (1 + 3 * 8, "(_2,_2):(_4,_32)".to_string()));
/// assert_eq!(off + mine.call((0, 1)), 57); // column 7: past the 48 elements
/// ```
#[inline]
pub fn outer_partition_unchecked<L: Partition<T, C, Unchecked<Outer>>, T, C>(
    layout: L,
    tiler: T,
    coord: C,
) -> Result<(i64, L::Output)> {
    layout.partition(tiler, coord)
}

// ================================================================== threads

/// CuTe's `Layout::get_flat_coord(index)` for the thread layout `Self:D`:
/// one integer per top-level mode (an integer for a leaf layout). Each leaf
/// `e:s` takes the coordinate `(index / s) mod e` (0 for a stride 0), and
/// each top-level mode gathers its leaves colexicographically.
#[diagnostic::on_unimplemented(
    message = "CuTe local_partition: `{Self}` : `{D}` is not a thread layout",
    note = "a thread layout is a layout whose shape and stride are congruent"
)]
pub trait FlatCoord<D>: HTuple {
    /// The coordinate: `i64` for a leaf, a tuple of `i64` otherwise.
    type Output: Copy;
    /// The coordinate of the thread `index` (non-negative).
    fn flat_coord(&self, d: &D, index: i64) -> Result<Self::Output>;
}

/// The index of the thread `index`'s coordinate within the mode `s:d`.
fn mode_index<S: HTuple, D: HTuple>(s: &S, d: &D, index: i64) -> Result<i64> {
    let (ds, _) = leaves64(d)
        .ok_or_else(|| Error::value("local_partition", "a thread layout of more than 64 leaves"))?;
    let (mut idx, mut mult, mut k, mut bad) = (0_i64, 1_i64, 0, None);
    s.visit(&mut |e, _| {
        let stride = ds[k.min(63)];
        k += 1;
        let c = match stride {
            0 => 0,
            x if x > 0 => (index / x) % e,
            x => {
                bad = bad.or(Some(x));
                0
            }
        };
        // c < e and the product of the extents is the mode's size, which
        // fits in i64: no overflow.
        idx = idx.wrapping_add(c.wrapping_mul(mult));
        mult = mult.wrapping_mul(e);
    });
    match bad {
        None => Ok(idx),
        Some(x) => Err(negative_stride(x)),
    }
}

#[cold]
fn negative_stride(x: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg =
        format!("a thread layout has the stride {x}; thread layouts take non-negative strides");
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = x;
        "a thread layout has a negative stride"
    };
    Error::value("local_partition", msg)
}

macro_rules! flat_coord_leaf {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf thread layout: the thread's coordinate in it.
        impl<$($g)* D: Leaf> FlatCoord<D> for $t {
            type Output = i64;
            #[inline]
            fn flat_coord(&self, d: &D, index: i64) -> Result<i64> {
                mode_index(self, d, index)
            }
        }
    };
}
flat_coord_leaf!([] UTerm);
flat_coord_leaf!([U: Unsigned, B: Bit,] UInt<U, B>);
flat_coord_leaf!([] i64);
/// `()`.
impl FlatCoord<HNil> for HNil {
    type Output = HNil;
    #[inline]
    fn flat_coord(&self, _: &HNil, _: i64) -> Result<HNil> {
        Ok(HNil)
    }
}
/// A coordinate per top-level mode.
impl<H: HTuple, T: Tuple + FlatCoord<V>, G: HTuple, V> FlatCoord<HCons<G, V>> for HCons<H, T>
where
    T::Output: frunk_core::hlist::HList,
{
    type Output = HCons<i64, T::Output>;
    #[inline]
    fn flat_coord(&self, d: &HCons<G, V>, index: i64) -> Result<Self::Output> {
        Ok(HCons {
            head: mode_index(&self.head, &d.head, index)?,
            tail: self.tail.flat_coord(&d.tail, index)?,
        })
    }
}

/// CuTe's `Layout::get_flat_coord(index)`: the flat coordinate (one integer
/// per top-level mode, an integer for a leaf layout) of the thread `index`
/// in the thread layout `threads`. Each leaf `e:s` takes the coordinate
/// `(index / s) mod e` (0 for a stride 0), and each top-level mode gathers
/// its leaves colexicographically.
///
/// # Pre-conditions
/// None.
///
/// # Post-conditions
/// For a compact injective `threads`, `threads(result) == index` when `0 <=
/// index < size(threads)`.
///
/// # Errors
/// `ValueError` for a negative `index`, or a dynamic stride that is
/// negative.
///
/// # Examples
/// ```
/// use cute_static::{coord, flat_coord, layout};
/// let threads = layout!((2, 16) : (16, 1)); // row-major
/// assert_eq!(flat_coord(&threads, 17).unwrap(), coord!({1}, {1}));
/// let nested = layout!(((2, 2), 4) : ((1, 8), 2));
/// assert_eq!(flat_coord(&nested, 13).unwrap(), coord!({3}, {2}));
/// assert!(flat_coord(&threads, -1).is_err());
/// ```
#[inline]
pub fn flat_coord<S: FlatCoord<D>, D: HTuple>(
    threads: &Layout<S, D>,
    index: i64,
) -> Result<S::Output> {
    if index < 0 {
        return Err(negative_index(index));
    }
    threads.shape().flat_coord(threads.stride(), index)
}

#[cold]
fn negative_index(index: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = format!("thread index {index} is negative");
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = index;
        "a thread index is negative"
    };
    Error::value("local_partition", msg)
}

/// `local_partition(L, threads, index)`: the elements of `L` the thread
/// `index` of the thread layout `Thr` owns (see [`local_partition`]). `W`
/// is [`Outer`] (the divisibility rule of [`rules`] enforced) or
/// `Unchecked<Outer>` ([`local_partition_unchecked`]).
#[diagnostic::on_unimplemented(
    message = "CuTe local_partition: `{Self}` cannot be partitioned by the threads `{Thr}`",
    note = "the thread layout's shape is static and the size of each of its modes divides the size of the matching mode of the layout"
)]
pub trait LocalPartition<Thr, W = Outer> {
    /// The layout of the thread's elements.
    type Output;
    /// The offset of the thread's first element and the layout of its
    /// elements.
    fn local_partition(self, threads: Thr, index: i64) -> Result<(i64, Self::Output)>;
}
/// The layout of the elements [`local_partition`] gives a thread.
pub type LocalPartitioned<L, Thr> = <L as LocalPartition<Thr>>::Output;

impl<S, D, TS, TD, W> LocalPartition<Layout<TS, TD>, W> for Layout<S, D>
where
    S: HTuple,
    D: HTuple,
    TS: ProductEach + FlatCoord<TD>,
    TD: HTuple,
    W: PartitionRule<ProductsEach<TS>, S>,
    Layout<S, D>: Partition<ProductsEach<TS>, <TS as FlatCoord<TD>>::Output, Unchecked<Outer>>,
{
    type Output = <Layout<S, D> as Partition<
        ProductsEach<TS>,
        <TS as FlatCoord<TD>>::Output,
        Unchecked<Outer>,
    >>::Output;
    #[inline]
    fn local_partition(self, threads: Layout<TS, TD>, index: i64) -> Result<(i64, Self::Output)> {
        let tiler = threads.shape().product_each();
        W::check(&tiler, self.shape(), "local_partition")?;
        let coord = flat_coord(&threads, index)?;
        <Self as Partition<_, _, Unchecked<Outer>>>::partition(self, tiler, coord)
    }
}

/// CuTe's `local_partition(layout, threads, index)`: the elements the
/// thread `index` owns when the thread layout `threads` is tiled over
/// `layout`. The layout is divided by the shape of `threads`, mode by mode,
/// and each tile gives the thread its element at the thread's coordinate:
/// [`outer_partition`] with `tiler = product_each(shape(threads))` and
/// `coord = flat_coord(threads, index)`.
///
/// The thread layout's shape is static, so the tiler is; the thread's
/// coordinate and the offset of its first element are computed at run
/// time.
///
/// # Pre-conditions
/// - `threads` has a static shape (a trait bound), with at most as many
///   modes as `layout` (a trait bound).
/// - The size of each mode of `threads` divides the size of the matching
///   mode of `layout`: the partition's divisibility rule ([`rules`]), a
///   trait bound for a mode of static size, checked at run time for one of
///   run-time size. Otherwise the threads past the mode's end would get
///   offsets outside `layout` (CuTe C++ does not check it; its tutorial's
///   kernels assert it). [`local_partition_unchecked`] leaves out the rule.
///
/// # Post-conditions
/// With `(off, t) = result`: `size(t) * size(threads) == size(layout)`;
/// over all threads of a compact `threads`, the partitions cover every
/// offset of `layout` exactly once.
///
/// # Errors
/// As [`flat_coord`] and [`outer_partition`]: `ValueError` for a negative
/// `index`, a negative run-time stride of `threads`, or a mode of run-time
/// size the thread layout's mode does not divide (a divisibility error
/// naming both sizes).
///
/// # Examples
/// ```
/// use cute_static::{layout, local_partition};
/// // CuTe's example: a 16 x 64 tile, threads (2, 16) column-major: thread 3 is (1, 1)
/// let data = layout!((16, 64) : (1, 16));
/// let threads = layout!((2, 16) : (1, 2));
/// let (off, mine) = local_partition(data, threads, 3).unwrap();
/// assert_eq!(off, 1 + 16);
/// assert_eq!(mine.to_string(), "(_8,_4):(_2,_256)");
/// assert!(local_partition(data, threads, -1).is_err());
/// // a run-time extent that 16 threads do not divide: an error
/// let m = 100;
/// let e = local_partition(layout!((m, 64)).unwrap(), layout!((16, 16)), 3).unwrap_err();
/// assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
/// assert_eq!(
///     e.to_string(),
///     "local_partition: divisibility condition violated: the 16 threads of mode 0 of the \
///      thread layout do not divide the size 100 of mode 0 of the layout: the partition would \
///      have a partial tile (the `_unchecked` partitions leave it to the caller)"
/// );
/// ```
/// The classic mistake, 16 x 16 threads over a 128 x 8 tile, does not
/// compile (half of the threads would read past the tile's 8 columns):
/// ```compile_fail
/// use cute_static::{layout, local_partition};
/// let _ = local_partition(layout!((128, 8)), layout!((16, 16)), 200);
/// ```
#[inline]
pub fn local_partition<L: LocalPartition<Thr>, Thr>(
    layout: L,
    threads: Thr,
    index: i64,
) -> Result<(i64, L::Output)> {
    layout.local_partition(threads, index)
}

/// [`local_partition`] without the divisibility rule: CuTe C++'s
/// `local_partition`, for a kernel that predicates the elements of the
/// threads that run past a mode itself.
///
/// # Pre-conditions
/// As [`local_partition`], but for the divisibility rule.
///
/// # Post-conditions
/// As [`outer_partition`]; the threads whose coordinate lies past a mode's
/// end get offsets outside `layout`.
///
/// # Errors
/// As [`local_partition`], but for the divisibility error.
///
/// # Examples
/// ```
/// use cute_static::{layout, local_partition_unchecked};
/// // 16 x 16 threads over a 128 x 8 tile: thread 200 is (8, 12), and
/// // column 12 is past the tile's 8 columns
/// let tile = layout!((128, 8));
/// let (off, mine) = local_partition_unchecked(tile, layout!((16, 16)), 200).unwrap();
/// assert_eq!((off, mine.to_string()), (8 + 12 * 128, "(_8,_1):(_16,_2048)".to_string()));
/// assert!(off >= 128 * 8); // outside the tile
/// ```
#[inline]
pub fn local_partition_unchecked<L: LocalPartition<Thr, Unchecked<Outer>>, Thr>(
    layout: L,
    threads: Thr,
    index: i64,
) -> Result<(i64, L::Output)> {
    layout.local_partition(threads, index)
}

// ================================================================== projections

/// A projection (CuTe's `Step<...>`): a tuple whose entries are [`X`] (the
/// mode left out), an integer (CuTe's `_1`: the mode kept; a literal `1`,
/// or a typenum integer) or a tuple of entries (a selection inside a tuple
/// mode). Its normal form has `U1` for every kept entry.
#[diagnostic::on_unimplemented(
    message = "CuTe: `{Self}` is not a projection",
    note = "a projection is a tuple with one entry per mode: `X` leaves the mode out, `1` (CuTe's `_1`) keeps it, a tuple selects inside a tuple mode"
)]
pub trait IntoProjection {
    /// The projection in its normal form.
    type Projection;
}
/// An integer literal: the mode kept.
impl IntoProjection for i32 {
    type Projection = U1;
}
/// A static integer: the mode kept.
impl IntoProjection for UTerm {
    type Projection = U1;
}
/// A static integer: the mode kept.
impl<U: Unsigned, B: Bit> IntoProjection for UInt<U, B> {
    type Projection = U1;
}
/// `X`: the mode left out.
impl IntoProjection for Keep {
    type Projection = Keep;
}
/// `()`.
impl IntoProjection for HNil {
    type Projection = HNil;
}
crate::htuple::hlist_map!(IntoProjection, Projection);
crate::htuple::tuple_as_hlist!(IntoProjection, Projection);

/// `dice(P, Self) ++ R`: the parts of `Self` whose entry of the projection
/// `P` (in normal form) is not `X`, in front of `R`:
///
/// ```text
/// dice(_1, x) ++ r                  = (x, r...)
/// dice(X, x) ++ r                   = r
/// dice((p, ps...), (x, xs...)) ++ r = dice(p, x) ++ (dice((ps...), (xs...)) ++ r)
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe dice: the projection `{P}` does not fit `{Self}`",
    note = "a projection has one entry per mode: `X` leaves the mode out, `1` (CuTe's `_1`) keeps it, a tuple selects inside a tuple mode"
)]
pub trait DiceOnto<P, R> {
    /// The kept parts, followed by `R`.
    type Output;
    /// The kept parts, followed by `r`.
    fn dice_onto(self, r: R) -> Self::Output;
}
/// `_1`: the part kept.
impl<Y, R> DiceOnto<U1, R> for Y {
    type Output = HCons<Y, R>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn dice_onto(self, r: R) -> HCons<Y, R> {
        HCons {
            head: self,
            tail: r,
        }
    }
}
/// `X`: the part left out.
impl<Y, R> DiceOnto<Keep, R> for Y {
    type Output = R;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn dice_onto(self, r: R) -> R {
        r
    }
}
/// `()`.
impl<R> DiceOnto<HNil, R> for HNil {
    type Output = R;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn dice_onto(self, r: R) -> R {
        r
    }
}
/// An entry per part.
impl<YH, YT, PH, PT, R> DiceOnto<HCons<PH, PT>, R> for HCons<YH, YT>
where
    YT: DiceOnto<PT, R>,
    YH: DiceOnto<PH, YT::Output>,
{
    type Output = YH::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn dice_onto(self, r: R) -> Self::Output {
        self.head.dice_onto(self.tail.dice_onto(r))
    }
}

/// CuTe's `dice(proj, y)` for a tuple projection `Self` (in normal form):
/// the tuple of the parts of the tuple `Y` (a tiler, a coordinate, a shape
/// or a stride) whose entry is not `X`.
pub trait Project<Y> {
    /// The kept parts.
    type Output;
    /// The kept parts.
    fn project(y: Y) -> Self::Output;
}
/// The parts of `Y` the projection `P` (in normal form) keeps.
pub type Projected<P, Y> = <P as Project<Y>>::Output;
impl<PH, PT, Y: DiceOnto<HCons<PH, PT>, HNil>> Project<Y> for HCons<PH, PT> {
    type Output = Y::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn project(y: Y) -> Self::Output {
        y.dice_onto(HNil)
    }
}

/// CuTe's `local_tile(layout, tiler, coord, proj)`: [`local_tile`] by the
/// modes of `tiler` and `coord` that the projection `proj` keeps.
///
/// `proj` is CuTe's `Step<...>`: a tuple with one entry per mode of the
/// tiler, [`X`] for a mode to leave out, an integer (CuTe's `_1`) for a mode
/// to keep, a tuple to select inside a tuple mode. A GEMM tiles its three
/// operands with one `(BM, BN, BK)` tiler and one `(m, n, _)` tile
/// coordinate: `A` (`M x K`) with `proj = (1, X, 1)`, `B` (`N x K`) with
/// `(X, 1, 1)`, `C` with `(1, 1, X)`.
///
/// # Pre-conditions
/// `proj` is a tuple with the profile of `tiler` and `coord` where it
/// selects inside them (a trait bound); what it keeps satisfies the
/// pre-conditions of [`local_tile`], the divisibility rule included (the
/// kept tiler's modes apply to the layout's modes in order).
///
/// # Post-conditions
/// `result == local_tile(layout, dice(proj, tiler), dice(proj, coord))`,
/// where `dice` keeps the parts whose entry of `proj` is not `X`.
///
/// # Errors
/// As [`local_tile`].
///
/// # Examples
/// ```
/// use cute_static::{layout, local_tile_proj, tile, Keep, Layout, X};
/// // C = A B with A M x K (column-major, run-time extents), CTA tiles of
/// // 128 x 128 x 8: the CTA at (1, 2) reads the (128, 8) tiles of A in
/// // its row, for every k
/// let (m, k) = (256, 128);
/// let a = layout!((m, k) : (1, m)).unwrap();
/// let cta = tile!(128, 128, 8);
/// let (off, g_a) = local_tile_proj(a, cta, (1, 2, Keep), (1, X, 1)).unwrap();
/// assert_eq!((off, g_a.to_string()), (128, "(_128,_8,16):(_1,256,2048)".to_string()));
/// let _: Layout![(128, 8, {}) : (1, {}, {})] = g_a;
/// ```
#[inline]
#[allow(clippy::type_complexity)]
pub fn local_tile_proj<L, T, C, P>(
    layout: L,
    tiler: T,
    coord: C,
    proj: P,
) -> Result<(
    i64,
    InnerPartitioned<L, Projected<P::Projection, T::Tiler>, Projected<P::Projection, C::Coord>>,
)>
where
    T: IntoTiler,
    C: IntoCoord,
    P: IntoProjection,
    P::Projection: Project<T::Tiler> + Project<C::Coord>,
    L: Partition<Projected<P::Projection, T::Tiler>, Projected<P::Projection, C::Coord>, Inner>,
{
    let _ = proj;
    layout.partition(
        <P::Projection as Project<T::Tiler>>::project(tiler.into_tiler()),
        <P::Projection as Project<C::Coord>>::project(coord.into_coord()),
    )
}

/// CuTe's `local_partition(layout, threads, index, proj)`:
/// [`local_partition`] by the modes of the thread layout that the
/// projection `proj` keeps (see [`local_tile_proj`] for `proj`).
///
/// The thread's coordinate is taken in the projected thread layout, whose
/// strides still place the kept modes in the whole one: with threads
/// `(16, 16):(1, 16)`, `proj = (1, X)` partitions the rows of `A` by the
/// first coordinate of the thread, `(X, 1)` the rows of `B` by the second.
///
/// # Pre-conditions
/// `proj` is a tuple with the profile of `threads` where it selects inside
/// it (a trait bound); what it keeps satisfies the pre-conditions of
/// [`local_partition`], the divisibility rule included: the kept thread
/// modes' sizes divide the layout's modes in order.
///
/// # Post-conditions
/// `result == local_partition(layout, dice(proj, threads), index)`.
///
/// # Errors
/// As [`local_partition`].
///
/// # Examples
/// ```
/// use cute_static::{layout, local_partition_proj, X};
/// // 16 x 16 threads over a 128 x 8 tile of A: thread 200 is (8, 12) and
/// // takes every 16th row, from row 8, of every column
/// let s_a = layout!((128, 8) : (1, 128));
/// let threads = layout!((16, 16) : (1, 16));
/// let (off, mine) = local_partition_proj(s_a, threads, 200, (1, X)).unwrap();
/// assert_eq!((off, mine.to_string()), (8, "(_8,_8):(_16,_128)".to_string()));
/// // the same threads over B take the rows of their second coordinate
/// assert_eq!(local_partition_proj(s_a, threads, 200, (X, 1)).unwrap().0, 12);
/// ```
#[inline]
#[allow(clippy::type_complexity)]
pub fn local_partition_proj<L, TS, TD, P>(
    layout: L,
    threads: Layout<TS, TD>,
    index: i64,
    proj: P,
) -> Result<(
    i64,
    LocalPartitioned<L, Layout<Projected<P::Projection, TS>, Projected<P::Projection, TD>>>,
)>
where
    TS: HTuple,
    TD: HTuple,
    P: IntoProjection,
    P::Projection: Project<TS> + Project<TD>,
    Projected<P::Projection, TS>: HTuple,
    Projected<P::Projection, TD>: HTuple,
    L: LocalPartition<Layout<Projected<P::Projection, TS>, Projected<P::Projection, TD>>>,
{
    let _ = proj;
    let diced = Layout::from_valid_parts(
        <P::Projection as Project<TS>>::project(*threads.shape()),
        <P::Projection as Project<TD>>::project(*threads.stride()),
    );
    layout.local_partition(diced, index)
}

#[cfg(all(test, feature = "dynamic"))]
mod tests {
    use super::*;
    use crate::{coord, layout, tile, Layout};

    // The expected values below were printed by CuTe C++ (CUTLASS 4.2,
    // cute/tensor.hpp) for the same calls on tensors of the same layouts
    // (`cute-static/examples/gemm_partition.cpp`; the offset is
    // `tensor.data() - ptr`). CuTe prints a static leaf as `_N` and a
    // run-time one as a plain number, as `Display` does here, so each
    // string also says which leaves stay static; the `let _: Layout![...]`
    // lines pin the same as types.
    //
    // The problem is (M, N, K) = (256, 384, 128) with run-time extents; A
    // is M x K, B is N x K, C is M x N, column-major; the CTA tiler is
    // Shape<_128, _128, _8> and the CTA coordinate (1, 2, _).

    #[test]
    fn test_gemm_tiles_like_cute_cpp() {
        let (m, n, k) = (256, 384, 128);
        let ma = layout!((m, k) : (1, m)).unwrap();
        let mb = layout!((n, k) : (1, n)).unwrap();
        let mc = layout!((m, n) : (1, m)).unwrap();
        let cta = tile!(128, 128, 8);
        // local_tile(mA, cta_tiler, cta_coord, Step<_1, X, _1>{})
        let (off, g_a) = local_tile_proj(ma, cta, (1, 2, Keep), (1, X, 1)).unwrap();
        assert_eq!(
            (off, g_a.to_string()),
            (128, "(_128,_8,16):(_1,256,2048)".into())
        );
        let _: Layout![(128, 8, {}) : (1, {}, {})] = g_a;
        // Step<X, _1, _1>
        let (off, g_b) = local_tile_proj(mb, cta, (1, 2, Keep), (X, 1, 1)).unwrap();
        assert_eq!(
            (off, g_b.to_string()),
            (256, "(_128,_8,16):(_1,384,3072)".into())
        );
        // Step<_1, _1, X>
        let (off, g_c) = local_tile_proj(mc, cta, (1, 2, Keep), (1, 1, X)).unwrap();
        assert_eq!(
            (off, g_c.to_string()),
            (65664, "(_128,_128):(_1,256)".into())
        );
        let _: Layout![(128, 128) : (1, {})] = g_c;
        // one k-tile: the coordinate (1, 2, 3)
        let (off, g_a3) = local_tile_proj(ma, cta, (1, 2, 3), (1, X, 1)).unwrap();
        assert_eq!((off, g_a3.to_string()), (6272, "(_128,_8):(_1,256)".into()));
        let _: Layout![(128, 8) : (1, {})] = g_a3;
        // the same tile without a projection: local_tile by the (M, K) tiler
        assert_eq!(
            local_tile(ma, tile!(128, 8), (1, Keep)).unwrap(),
            (128, g_a)
        );
    }

    #[test]
    fn test_gemm_threads_like_cute_cpp() {
        let (m, n, k) = (256, 384, 128);
        let cta = tile!(128, 128, 8);
        let ma = layout!((m, k) : (1, m)).unwrap();
        let mb = layout!((n, k) : (1, n)).unwrap();
        let mc = layout!((m, n) : (1, m)).unwrap();
        let (oa, g_a) = local_tile_proj(ma, cta, (1, 2, Keep), (1, X, 1)).unwrap();
        let (ob, g_b) = local_tile_proj(mb, cta, (1, 2, Keep), (X, 1, 1)).unwrap();
        let (oc, g_c) = local_tile_proj(mc, cta, (1, 2, Keep), (1, 1, X)).unwrap();
        // static (16, 16) thread layouts, column-major
        let t = layout!((16, 16));
        // thread, then (offset, layout) of tCgC = local_partition(gC, tC, tid),
        // tCgA = local_partition(gA, tC, tid, Step<_1, X>{}),
        // tCgB = local_partition(gB, tC, tid, Step<X, _1>{})
        let cute = [
            (0, 65664, 128, 256),
            (17, 65921, 129, 257),
            (200, 68744, 136, 268),
        ];
        for (tid, c_off, a_off, b_off) in cute {
            let (off, c) = local_partition(g_c, t, tid).unwrap();
            assert_eq!(
                (oc + off, c.to_string()),
                (c_off, "(_8,_8):(_16,4096)".into())
            );
            let _: Layout![(8, 8) : (16, {})] = c;
            let (off, a) = local_partition_proj(g_a, t, tid, (1, X)).unwrap();
            assert_eq!(
                (oa + off, a.to_string()),
                (a_off, "(_8,_8,16):(_16,256,2048)".into())
            );
            let _: Layout![(8, 8, {}) : (16, {}, {})] = a;
            let (off, b) = local_partition_proj(g_b, t, tid, (X, 1)).unwrap();
            assert_eq!(
                (ob + off, b.to_string()),
                (b_off, "(_8,_8,16):(_16,384,3072)".into())
            );
        }
        // tAgA = local_partition(gA, tC, tid) with the (16, 16) threads over
        // the (128, 8, k) tile: the 16 threads of mode 1 overrun its extent
        // 8, and the rest of that mode has extent 1. `local_partition`
        // refuses it at compile time (mode 1 is static); the unchecked form
        // gives CuTe C++'s partition: a mixed layout is divided as CuTe C++
        // divides it, which gives that mode the static stride _0 (it prints
        // (_8,_1,16):(_16,_0,2048)).
        for (tid, off_cute) in [(0, 128), (17, 385), (200, 3208)] {
            let (off, a) = local_partition_unchecked(g_a, t, tid).unwrap();
            assert_eq!(
                (oa + off, a.to_string()),
                (off_cute, "(_8,_1,16):(_16,_0,2048)".into())
            );
            let _: Layout![(8, 1, {}) : (16, 0, {})] = a;
        }
    }

    #[test]
    fn test_slice_like_cute_cpp() {
        // slice(make_coord(2, _), l) and slice_and_offset(make_coord(_, make_coord(1, _)), l)
        // for l = (_4, (_2, M)):(M, (_1, _2)), M = 256
        let m = 256;
        let l = layout!((4, (2, m)) : (m, (1, 2))).unwrap();
        let s = slice(l, (2, Keep));
        assert_eq!(s.to_string(), "((_2,256)):((_1,_2))");
        let _: Layout![((2, {}),) : ((1, 2),)] = s;
        assert_eq!(offset_and_slice(l, (2, Keep)).0, 512);
        let (off, s) = offset_and_slice(l, (Keep, (1, Keep)));
        assert_eq!((off, s.to_string()), (1, "(_4,256):(256,_2)".into()));
        let _: Layout![(4, {}) : ({}, 2)] = s;
    }

    #[test]
    fn test_slice() {
        let a = layout!((3, (2, 4)) : (2, (1, 6)));
        // every coordinate with a free part: off + sub(j) == a(c with j)
        for i in 0..3 {
            let (off, sub) = offset_and_slice(a, (i, Keep));
            let _: Layout![((2, 4),) : ((1, 6),)] = sub;
            for j in 0..8 {
                assert_eq!(off + sub.eval(j), a.call((i, j)));
            }
        }
        for j in 0..4 {
            let (off, sub) = offset_and_slice(a, (Keep, (Keep, j)));
            assert_eq!(sub.to_string(), "(_3,_2):(_2,_1)");
            for i in 0..3 {
                for h in 0..2 {
                    assert_eq!(off + sub.call((i, h)), a.call((i, (h, j))));
                }
            }
        }
        // `_` alone keeps the whole layout, as one mode; an integer keeps nothing
        assert_eq!(slice(a, Keep).to_string(), "((_3,(_2,_4))):((_2,(_1,_6)))");
        assert_eq!(offset_and_slice(a, 7), (8, layout!(())));
        // a static coordinate
        assert_eq!(offset_and_slice(a, coord!(1, _)).0, 2);
        // checked: an IndexError outside, naming the coordinate
        let e = try_offset_and_slice(a, (3, Keep)).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
        assert!(e.to_string().contains("(3, _)"), "{e}");
        assert!(try_offset_and_slice(a, (Keep, (2, 0))).is_err());
        assert!(try_offset_and_slice(a, (-1, Keep)).is_err());
        assert_eq!(try_offset_and_slice(a, (2, (Keep, 3))).unwrap().0, 4 + 18);
    }

    #[test]
    fn test_partition_coordinates() {
        let a = layout!((8, 8, 3) : (1, 8, 64));
        // a coordinate shorter than the rest mode keeps the modes it does not reach
        let (off, t) = local_tile(a, tile!(4, 2), (1, 2)).unwrap();
        assert_eq!((off, t.to_string()), (36, "(_4,_2,_3):(_1,_8,_64)".into()));
        // an integral coordinate indexes the rest mode as a whole
        let (off, t) = local_tile(a, tile!(4, 2), 5).unwrap();
        assert_eq!(
            (off, t.to_string()),
            (4 + 2 * 2 * 8, "(_4,_2):(_1,_8)".into())
        );
        // `Keep` keeps a mode of tiles
        let (off, t) = local_tile(a, tile!(4, 2), (1, Keep, 2)).unwrap();
        assert_eq!(
            (off, t.to_string()),
            (4 + 128, "(_4,_2,_4):(_1,_8,_16)".into())
        );
        // a 1-tuple coordinate of a leaf mode
        let (off, t) = local_tile(layout!(32 : 2), layout!(8 : 1), (3,)).unwrap();
        assert_eq!((off, t.to_string()), (48, "(_8):(_2)".into()));
        // out of range, and a negative coordinate
        assert!(local_tile(a, tile!(4, 2), (2, 0)).is_err());
        assert!(local_tile(a, tile!(4, 2), (0, 0, 3)).is_err());
        assert!(outer_partition(a, tile!(4, 2), (-1, 0)).is_err());
        // a mixed layout: a run-time divisibility failure is an error
        let n = 3;
        let b = layout!(((n, 4), 8) : ((1, 10), 40)).unwrap();
        let e = local_tile(b, tile!(2, 4), (0, 0)).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        let n = 4;
        let b = layout!(((n, 4), 8) : ((1, 10), 40)).unwrap();
        assert_eq!(local_tile(b, tile!(2, 4), (1, 1)).unwrap().0, 2 + 160);
    }

    #[test]
    fn test_partitions_cover() {
        // every offset of the layout is reached by exactly one thread
        fn cover<S: HTuple, D: HTuple, TS, TD>(a: Layout<S, D>, threads: Layout<TS, TD>)
        where
            Layout<S, D>: LocalPartition<Layout<TS, TD>>,
            LocalPartitioned<Layout<S, D>, Layout<TS, TD>>: cute_core::LayoutLike,
            Layout<S, D>: cute_core::LayoutLike,
            Layout<TS, TD>: cute_core::LayoutLike,
            TS: HTuple,
            TD: HTuple,
            Layout<TS, TD>: Copy,
        {
            let n = cute_core::LayoutLike::size(&a) as usize;
            let mut seen = [0_u32; 1024];
            for t in 0..cute_core::LayoutLike::size(&threads) {
                let (off, p) = local_partition(a, threads, t).unwrap();
                for j in 0..cute_core::LayoutLike::size(&p) {
                    seen[(off + cute_core::LayoutLike::eval(&p, j)) as usize] += 1;
                }
            }
            assert!(seen[..n].iter().all(|&k| k == 1), "{a} by {threads}");
        }
        cover(layout!((16, 64) : (1, 16)), layout!((2, 16) : (1, 2)));
        cover(layout!((16, 64) : (64, 1)), layout!((2, 16) : (16, 1)));
        cover(layout!((8, 8) : (8, 1)), layout!(((2, 2), 4) : ((1, 8), 2)));
        cover(layout!(32 : 1), layout!(8 : 1));
        let w = 8;
        cover(layout!((w, 8) : (8, 1)).unwrap(), layout!((4, 2) : (2, 1)));
    }

    #[test]
    fn test_divisibility_rule() {
        use cute_core::{Error, ErrorClass, Operand};
        fn values(e: &Error) -> (Operand, Operand) {
            match e {
                Error::Divisibility { lhs, rhs, .. } => (lhs.clone(), rhs.clone()),
                e => panic!("not a divisibility error: {e}"),
            }
        }
        // outer_partition: a mode of run-time size must be tiled exactly
        let n = 7;
        let b = layout!((8, n) : (1, 8)).unwrap();
        let e = outer_partition(b, tile!(4, 3), (0, 0)).unwrap_err();
        assert_eq!(e.class(), ErrorClass::ValueError);
        assert_eq!(e.op(), "outer_partition");
        assert_eq!(values(&e), (Operand::Int(3), Operand::Int(7)));
        assert!(outer_partition(b, tile!(4, 7), (0, 0)).is_ok());
        assert!(outer_partition(b, tile!(4, 1), (0, 0)).is_ok());
        // ... and the unchecked form is CuTe C++'s
        let (off, t) = outer_partition_unchecked(b, tile!(4, 3), (1, 2)).unwrap();
        assert_eq!((off, t.to_string()), (17, "(_2,3):(_4,_24)".into()));
        // a tiler entry past a mode's extent
        let e = outer_partition(b, tile!(4, 8), (0, 0)).unwrap_err();
        assert_eq!(values(&e), (Operand::Int(8), Operand::Int(7)));
        // Keep and missing entries divide nothing
        assert!(outer_partition(b, tile!(_, 1), (0, 0)).is_ok());
        assert!(outer_partition(b, tile!(4), 0).is_ok());
        // a nested entry divides the sub-modes; the mode is the top-level one
        let w = 6;
        let c = layout!((4, (2, w)) : (1, (4, 8))).unwrap();
        let e = outer_partition(c, tile!(2, (2, 4)), (0, (0, 0))).unwrap_err();
        assert_eq!(values(&e), (Operand::Int(4), Operand::Int(6)));
        assert!(e.to_string().contains("of mode 1 of the layout"), "{e}");
        assert!(outer_partition(c, tile!(2, (2, 3)), (0, (0, 0))).is_ok());
        // a layout tile: its span (the largest extent * stride) must divide
        // the mode: (2, 2):(1, 4) spans 8
        let m = 12;
        let d = layout!((m, 4)).unwrap();
        let tile = (layout!((2, 2) : (1, 4)), Keep);
        let e = outer_partition(d, tile, (0, 0)).unwrap_err();
        assert_eq!(values(&e), (Operand::Int(8), Operand::Int(12)));
        let m = 16;
        let d = layout!((m, 4)).unwrap();
        assert!(outer_partition(d, tile, (0, 0)).is_ok());
        // a tiler of the whole layout (not a tuple): the whole size
        let k = 30;
        let f = layout!(k : 1).unwrap();
        let e = outer_partition(f, layout!(8 : 1), 0).unwrap_err();
        assert_eq!(values(&e), (Operand::Int(8), Operand::Int(30)));
        assert!(e.to_string().contains("of the layout:"), "{e}");
        assert!(outer_partition(f, layout!(5 : 1), 0).is_ok());
        // local_partition: the sizes of the thread layout's modes, named as threads
        let m = 100;
        let g = layout!((m, 8)).unwrap();
        let e = local_partition(g, layout!((16, 2)), 0).unwrap_err();
        assert_eq!(e.op(), "local_partition");
        assert_eq!(values(&e), (Operand::Int(16), Operand::Int(100)));
        assert!(e.to_string().contains("the 16 threads of mode 0"), "{e}");
        // nested thread modes count as their size: ((2, 2), 2) has 4 threads in mode 0
        assert!(local_partition(g, layout!(((2, 2), 2)), 0).is_ok());
        assert!(local_partition(g, layout!(((2, 4), 2)), 0).is_err());
        // the projection form checks what it keeps
        let proj = local_partition_proj(g, layout!((16, 2)), 0, (X, 1));
        assert!(proj.is_ok());
        assert!(local_partition_proj(g, layout!((16, 2)), 0, (1, X)).is_err());
        // unchecked: CuTe C++'s partition of the threads past the mode
        let (off, t) = local_partition_unchecked(g, layout!((16, 2)), 9).unwrap();
        assert_eq!((off, t.to_string()), (9, "(7,_4):(_16,200)".into()));
        // local_tile: a mode of run-time size may end in a partial tile
        let (off, t) = local_tile(g, tile!(32, 8), (3, 0)).unwrap();
        assert_eq!((off, t.to_string()), (96, "(_32,_8):(_1,100)".into()));
        assert!(local_tile(g, tile!(32, 8), (4, 0)).is_err()); // past ceil(100 / 32)
        assert!(local_tile_proj(g, tile!(32, 4, 8), (3, 0, 0), (1, X, 1)).is_ok());
    }

    #[test]
    fn test_flat_coord() {
        let threads = layout!((2, 16) : (16, 1));
        assert_eq!(flat_coord(&threads, 17).unwrap(), coord!({ 1 }, { 1 }));
        assert_eq!(flat_coord(&layout!(8 : 1), 5).unwrap(), 5);
        // a run-time stride, and a zero one
        let s = 4;
        let dyn_threads = layout!((4, 2) : (1, s)).unwrap();
        assert_eq!(flat_coord(&dyn_threads, 6).unwrap(), coord!({ 2 }, { 1 }));
        assert_eq!(
            flat_coord(&layout!((4, 2) : (1, 0)), 6).unwrap(),
            coord!({ 2 }, { 0 })
        );
        // errors: a negative index, a negative stride
        assert!(flat_coord(&threads, -3).is_err());
        let neg = layout!((2, 3) : ({ -1 }, 2)).unwrap();
        let e = flat_coord(&neg, 0).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        assert!(local_partition(layout!((8, 6) : (1, 8)), neg, 0).is_err());
    }
}
