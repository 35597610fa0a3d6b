//! Coordinates: what a layout is called on.
//!
//! A coordinate is an HTuple of integers weakly congruent with the shape it
//! indexes: an integral coordinate (one integer), a flat one (one integer per
//! top-level mode) or a natural one (the shape's own profile), or any mix
//! (Whitepaper, §2.2.2). [`IntoCoord`] accepts HLists (the `coord!` macro)
//! and Rust tuples of integers, so `l.call((1, (0, 1)))` reads as CuTe's
//! `L(1, (0, 1))`. A *slicing* coordinate may also hold [`Keep`] (CuTe's
//! `_`) for a mode it leaves free: `(2, Keep)` names row 2 of a matrix (see
//! [`slice`](crate::slice)); a layout is called on coordinates without it.

use frunk_core::hlist::HNil;
use typenum::{Bit, UInt, UTerm, Unsigned};

/// CuTe's `_`: the entry that leaves its mode alone. In a slicing
/// coordinate it keeps the mode free (see [`slice`](crate::slice)); in a
/// tiler it leaves the mode unchanged (the specification's `None`; see
/// [`algebra`](crate::algebra)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keep;

/// A value usable as a coordinate: an integer (`i64`, or a smaller integer
/// type converted losslessly, or a typenum integer), [`Keep`] (a mode left
/// free, for slicing), an HList of coordinates, or a Rust tuple of
/// coordinates (up to 8 elements).
///
/// # Examples
/// ```
/// use cute_static::coord::IntoCoord;
/// use cute_static::coord;
/// assert_eq!((1, (2_u8, 3_i64)).into_coord(), coord!({1}, ({2}, {3})));
/// assert_eq!(7.into_coord(), 7_i64);
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe: `{Self}` is not a coordinate",
    note = "a coordinate is an integer (i64, i32, u32, ...), a typenum integer, `Keep` (a free mode, for slicing), or a tuple or HList of coordinates"
)]
pub trait IntoCoord {
    /// The coordinate as an HList tree of integers (and [`Keep`]s).
    type Coord;
    /// The coordinate in its normal form.
    fn into_coord(self) -> Self::Coord;
}

/// A machine integer that converts to `i64` without loss: what a
/// coordinate may be written with.
pub trait MachineInt: Copy + Into<i64> + sealed::Sealed {}
mod sealed {
    pub trait Sealed {}
}
macro_rules! machine_int {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl MachineInt for $t {}
    )*};
}
machine_int!(i64, i32, i16, i8, u32, u16, u8);

/// An integer coordinate, as `i64`. (One impl for every machine integer,
/// so that an integer literal's coordinate type is known at once, before
/// the literal's own type is.)
impl<T: MachineInt> IntoCoord for T {
    type Coord = i64;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn into_coord(self) -> i64 {
        self.into()
    }
}

// A static integer, a free mode (CuTe's `_`), the empty coordinate.
crate::htuple::normal_form!(IntoCoord, Coord, into_coord;
    [] UTerm,
    [U: Unsigned, B: Bit] UInt<U, B>,
    [] Keep,
    [] HNil,
);
/// The empty coordinate, as a Rust unit.
impl IntoCoord for () {
    type Coord = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn into_coord(self) -> HNil {
        HNil
    }
}
crate::htuple::hlist_map!(IntoCoord, Coord, into_coord);

crate::htuple::tuple_as_hlist!(IntoCoord, Coord, into_coord);

#[cfg(all(test, feature = "dynamic"))]
mod tests;
