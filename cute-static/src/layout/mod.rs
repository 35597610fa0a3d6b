//! Layouts as types: functions from coordinates to offsets, `Shape:Stride`.
//!
//! A [`Layout<S, D>`] is a shape `S` and a congruent stride `D`, both
//! HTuple *types*; the value stores only the dynamic leaves (and, for each
//! dynamic extent, its precomputed divisor), so a fully static layout is a
//! zero-sized value and its evaluation compiles to the hand-written index
//! arithmetic. It evaluates as `L(c) = inner_product(idx2crd(c, S), D)`
//! (Whitepaper, §2.4), on an integral, flat or natural coordinate:
//!
//! ```text
//! L(i) over the leaves s_0..s_n-1 (colexicographic):
//!     c_k = (i / (s_0 ... s_k-1)) % s_k     for k < n - 1
//!     c_n-1 = i / (s_0 ... s_n-2)             (the last leaf keeps the excess)
//!     L(i) = sum c_k * d_k
//! ```
//!
//! Construction checks what can be checked: congruence of shape and stride
//! and positivity of static extents are trait bounds on the constructors
//! (a compile error), dynamic extents and the range of the offsets are
//! checked by [`Layout::try_new`] (an `Err`).

use core::fmt;

use crate::htuple::{
    Flatten, Flattened, Get, HTuple, Idx, IndexOf, ModeOf, Select, Selected, ToIndex,
};
use crate::shape::{Size, SizeOf};
use crate::stride::{Cosize, CosizeOf};

mod build;
mod convert;
mod eval;

pub use build::{make_layout, Concatenation, MakeLayout, StaticDiv};
pub use eval::{Eval, EvalCrd, EvalState, RotState};

/// A CuTe layout whose shape `S` and stride `D` are HTuple types: static
/// leaves are typenum integers, dynamic ones `i64`.
///
/// `Display` and `Debug` print CuTe C++'s notation, `((_2,_2),_3):((_24,_2),_8)`:
/// `_` before a static leaf, a plain number for a dynamic one, no spaces.
///
/// # Examples
/// ```
/// use cute_static::{layout, Layout};
/// let a = layout!((3, (2, 4)) : (2, (1, 6)));
/// assert_eq!(core::mem::size_of_val(&a), 0);
/// assert_eq!(a.to_string(), "(_3,(_2,_4)):(_2,(_1,_6))");
/// assert_eq!((a.eval(7), a.call((1, 2)), a.call((1, (0, 1))), a.eval(100)), (8, 8, 8, 99));
/// let n = 4;
/// let b = layout!((3, (2, n)) : (2, (1, 6))).unwrap();
/// assert_eq!(b.to_string(), "(_3,(_2,4)):(_2,(_1,_6))");
/// assert_eq!(b.size(), 24);
/// assert!(layout!((3, {-1}) : (1, 3)).is_err());
/// ```
pub struct Layout<S: HTuple, D> {
    shape: S,
    stride: D,
    div: S::Div,
}

impl<S: HTuple, D: Copy> Clone for Layout<S, D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: HTuple, D: Copy> Copy for Layout<S, D> {}

/// Structural equality: same shape and same stride (not merely the same
/// function), as in the specification.
impl<S: HTuple + PartialEq, D: PartialEq> PartialEq for Layout<S, D> {
    fn eq(&self, other: &Self) -> bool {
        self.shape == other.shape && self.stride == other.stride
    }
}

impl<S: HTuple, D: HTuple> fmt::Display for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.fmt_cute(f)?;
        f.write_str(":")?;
        self.stride.fmt_cute(f)
    }
}

impl<S: HTuple, D: HTuple> fmt::Debug for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<S: HTuple, D: HTuple> Layout<S, D> {
    /// True iff every leaf of the shape and the stride is static: the layout
    /// is defined completely by its type (CuTe's `is_static`).
    pub const IS_STATIC: bool = S::IS_STATIC && D::IS_STATIC;
    /// Number of top-level modes.
    pub const RANK: usize = S::RANK;
    /// Nesting depth of the shape.
    pub const DEPTH: usize = S::DEPTH;

    /// The shape.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The stride.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn stride(&self) -> &D {
        &self.stride
    }

    /// The precomputed divisors of the dynamic extents.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn divisors(&self) -> &S::Div {
        &self.div
    }

    /// True iff the layout is defined completely by its type.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn is_static(&self) -> bool {
        Self::IS_STATIC
    }

    /// The number of top-level modes.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn rank(&self) -> usize {
        S::RANK
    }

    /// The nesting depth of the shape.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn depth(&self) -> usize {
        S::DEPTH
    }

    /// `size(L)`: the number of coordinates, a typenum integer for a static
    /// shape, `i64` otherwise.
    ///
    /// # Examples
    /// ```
    /// use cute_static::layout;
    /// let s: typenum::U24 = layout!((3, (2, 4))).size();
    /// let n = 4;
    /// assert_eq!(layout!((3, (2, n))).unwrap().size(), 24_i64);
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn size(&self) -> SizeOf<S>
    where
        S: Size,
    {
        self.shape.size()
    }

    /// `cosize(L)`: one past the largest offset, `1 + sum max(0, (s - 1) * d)`; a
    /// typenum integer for a static layout, `i64` otherwise.
    ///
    /// # Examples
    /// ```
    /// use cute_static::layout;
    /// let c: typenum::U32 = layout!((4, 8) : (8, 1)).cosize();
    /// assert_eq!(layout!((4, 8) : (1, {5})).unwrap().cosize(), 39_i64);
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn cosize(&self) -> CosizeOf<S, D>
    where
        S: Cosize<D>,
    {
        self.shape.cosize(&self.stride)
    }

    /// The sub-layout of the top-level mode `I` (a const generic): CuTe's
    /// `layout<I>(L)`, the specification's `L[I]`.
    ///
    /// # Pre-conditions
    /// `I < rank` (a trait bound: a compile error).
    ///
    /// # Post-conditions
    /// `result.shape() == get<I>(shape)`, `result.stride() == get<I>(stride)`.
    ///
    /// # Errors
    /// None.
    ///
    /// # Examples
    /// ```
    /// use cute_static::layout;
    /// let a = layout!((3, (2, 4)) : (2, (1, 6)));
    /// assert_eq!(a.mode::<1>().to_string(), "(_2,_4):(_1,_6)");
    /// assert_eq!(a.mode::<0>().to_string(), "_3:_2");
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn mode<const I: usize>(&self) -> Layout<ModeOf<S, IndexOf<I>>, ModeOf<D, IndexOf<I>>>
    where
        Idx<I>: ToIndex,
        S: Get<IndexOf<I>>,
        D: Get<IndexOf<I>>,
    {
        Layout::from_valid_parts(self.shape.get(), self.stride.get())
    }

    /// The layout of the modes at the static indices `Is` (an HList of
    /// typenum integers): the specification's `make_layout(select[i, j](L))`,
    /// CuTe's `select<I, J>(L)`.
    ///
    /// # Pre-conditions
    /// Every index below the rank (a trait bound: a compile error).
    ///
    /// # Post-conditions
    /// `result.shape() == select<Is>(shape)`, `result.stride() == select<Is>(stride)`.
    ///
    /// # Errors
    /// None.
    ///
    /// # Examples
    /// ```
    /// use cute_static::layout;
    /// use typenum::{U1, U3};
    /// let a = layout!((2, 3, 5, 7) : (1, 2, 6, 30));
    /// assert_eq!(a.select::<frunk_core::HList![U1, U3]>().to_string(), "(_3,_7):(_2,_30)");
    /// assert_eq!(a.select::<frunk_core::HList![U3, U1]>().to_string(), "(_7,_3):(_30,_2)");
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn select<Is>(&self) -> Layout<Selected<S, Is>, Selected<D, Is>>
    where
        S: Select<Is>,
        D: Select<Is>,
    {
        Layout::from_valid_parts(self.shape.select(), self.stride.select())
    }

    /// The layout with flattened shape and stride (the same function).
    ///
    /// # Examples
    /// ```
    /// use cute_static::layout;
    /// let a = layout!((3, (2, 4)) : (2, (1, 6)));
    /// assert_eq!(a.flatten().to_string(), "(_3,_2,_4):(_2,_1,_6)");
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn flatten(&self) -> Layout<Flattened<S>, Flattened<D>>
    where
        S: Flatten,
        D: Flatten,
    {
        Layout::from_valid_parts(self.shape.flatten(), self.stride.flatten())
    }
}

#[cfg(all(test, feature = "dynamic"))]
mod tests;
