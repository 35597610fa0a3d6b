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

use cute_core::{Error, FastDivmod, KnownInt, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, U1};

use crate::coord::IntoCoord;
#[cfg(feature = "dynamic")]
use crate::htuple::Cute;
use crate::htuple::{
    leaves64, Congruent, Flatten, Flattened, Get, HTuple, Idx, IndexOf, Leaf, ModeOf, Select,
    Selected, StaticTuple, ToIndex, Tuple,
};
use crate::shape::{Extents, PrefixProduct, Size, SizeOf};
use crate::stride::{Cosize, CosizeOf};

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

/// Static values with a static `Div`: the divisors of a static tuple are
/// all constants, so its `Div` is a zero-sized value known without a check.
#[diagnostic::on_unimplemented(
    message = "CuTe: this layout has a dynamic leaf where a static layout is required"
)]
pub trait StaticDiv: HTuple {
    /// The (zero-sized) divisors.
    fn static_div() -> Self::Div;
}
macro_rules! static_div_leaf {
    ([$($g:tt)*] $t:ty) => {
        impl<$($g)*> StaticDiv for $t {
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn static_div() {}
        }
    };
}
static_div_leaf!([] UTerm);
static_div_leaf!([U: Unsigned, B: Bit] UInt<U, B>);
impl StaticDiv for HNil {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn static_div() -> HNil {
        HNil
    }
}
impl<H: StaticDiv, T: StaticDiv + Tuple> StaticDiv for HCons<H, T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn static_div() -> Self::Div {
        HCons {
            head: H::static_div(),
            tail: T::static_div(),
        }
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

    /// The static layout `shape:stride`.
    ///
    /// # Pre-conditions
    /// `congruent(shape, stride)` and every extent positive: both are trait
    /// bounds, so a violation is a compile error. Every leaf is static (a
    /// layout with a dynamic leaf is built by [`Layout::try_new`]).
    ///
    /// # Post-conditions
    /// `result.shape() == &shape`, `result.stride() == &stride`,
    /// `size_of::<Layout<S, D>>() == 0`.
    ///
    /// # Errors
    /// None: every condition is checked by the compiler (a size or an offset
    /// beyond the `i64` range stops the build when the layout's code is
    /// generated).
    ///
    /// # Examples
    /// ```
    /// use cute_static::{shape, stride, Layout};
    /// let l = Layout::new(shape!(4, 8), stride!(8, 1));
    /// assert_eq!(l.to_string(), "(_4,_8):(_8,_1)");
    /// assert_eq!(l.eval(9), 10);
    /// ```
    /// ```compile_fail
    /// use cute_static::{shape, stride, Layout};
    /// let l = Layout::new(shape!(4, 8), stride!(1, (4, 8))); // not congruent
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn new(shape: S, stride: D) -> Self
    where
        S: Congruent<D> + Extents + StaticTuple + StaticDiv,
        D: StaticTuple,
    {
        // Static values whose size or offsets leave the i64 range (beyond
        // what the type-level checks cover) stop the build here.
        const {
            assert!(
                S::STATIC_SIZE.is_some(),
                "CuTe: the size of this static layout leaves the i64 range"
            );
            assert!(
                <S as Congruent<D>>::STATIC_SPAN.is_some(),
                "CuTe: the offsets of this static layout leave the i64 range"
            );
        }
        Layout {
            shape,
            stride,
            div: S::static_div(),
        }
    }

    /// The layout `shape:stride`, some of whose leaves may be dynamic.
    ///
    /// # Pre-conditions
    /// `congruent(shape, stride)` and every static extent positive (trait
    /// bounds: compile errors).
    ///
    /// # Post-conditions
    /// `result.shape() == &shape`, `result.stride() == &stride`; every offset
    /// `L(i)`, `0 <= i < size`, and the size and cosize are `i64` values.
    ///
    /// # Errors
    /// `ValueError` if a dynamic extent is not positive, or if the size or
    /// the offsets of the layout leave the `i64` range.
    ///
    /// # Examples
    /// ```
    /// use cute_static::{shape, stride, Layout};
    /// let n = 8;
    /// let l = Layout::try_new(shape!(4, n), stride!(1, 4)).unwrap();
    /// assert_eq!((l.size(), l.cosize(), l.eval(9)), (32, 32, 9));
    /// assert_eq!(l.to_string(), "(_4,8):(_1,_4)");
    /// assert!(Layout::try_new(shape!(4, { 0 }), stride!(1, 4)).is_err());
    /// assert!(Layout::try_new(shape!(4, { 1 << 62 }), stride!(1, 4)).is_err());
    /// ```
    pub fn try_new(shape: S, stride: D) -> Result<Self>
    where
        S: Congruent<D> + Extents,
    {
        check_range(&shape, &stride)?;
        match shape.divisors() {
            Some(div) => Ok(Layout { shape, stride, div }),
            None => Err(Error::value("Layout", "a dynamic extent is not positive")),
        }
    }

    /// The static layout `shape:col_major(shape)`: the compact column-major
    /// stride, `prefix_product(shape, 1)` (the specification's `Layout(shape)`).
    ///
    /// # Pre-conditions
    /// Every extent positive and static (trait bounds).
    ///
    /// # Post-conditions
    /// `result.eval(i) == i` for `0 <= i < size`.
    ///
    /// # Errors
    /// None.
    ///
    /// # Examples
    /// ```
    /// use cute_static::{shape, Layout};
    /// assert_eq!(Layout::col_major(shape!(4, (2, 3))).to_string(), "(_4,(_2,_3)):(_1,(_4,_8))");
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn col_major(shape: S) -> Layout<S, D>
    where
        S: PrefixProduct<U1, Output = D> + Congruent<D> + Extents + StaticTuple + StaticDiv,
        D: StaticTuple,
    {
        let stride = shape.prefix_product(U1::new());
        Layout::new(shape, stride)
    }

    /// The layout `shape:col_major(shape)` of a shape with dynamic leaves.
    ///
    /// # Pre-conditions
    /// Every static extent positive (a trait bound).
    ///
    /// # Post-conditions
    /// `result.eval(i) == i` for `0 <= i < size`.
    ///
    /// # Errors
    /// `ValueError` if a dynamic extent is not positive or the size leaves
    /// the `i64` range.
    ///
    /// # Examples
    /// ```
    /// use cute_static::layout;
    /// let n = 5;
    /// let l = layout!((4, n, 2)).unwrap();
    /// assert_eq!(l.to_string(), "(_4,5,_2):(_1,_4,20)");
    /// assert!(layout!((4, { -5 })).is_err());
    /// ```
    pub fn try_col_major(shape: S) -> Result<Layout<S, D>>
    where
        S: PrefixProduct<U1, Output = D> + Congruent<D> + Extents,
    {
        // The size is checked before the (wrapping) prefix products are used:
        // every prefix product divides the size, so none of them wrapped.
        check_size(&shape)?;
        let stride = shape.prefix_product(U1::new());
        Layout::try_new(shape, stride)
    }

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

    /// `L(i)`: the offset of the integral coordinate `i`. An `i` beyond the
    /// size goes on into the last mode, as in the specification.
    ///
    /// For a static layout this is the hand-written arithmetic (shifts and
    /// masks for powers of two, a multiply-and-shift otherwise), with no loop
    /// and no branch; a dynamic extent divides by its precomputed
    /// [`cute_core::FastDivmod`].
    ///
    /// # Pre-conditions
    /// The offset fits in `i64`: true for every `0 <= i < size` (checked at
    /// construction). Outside that range use [`Layout::try_eval`], which
    /// reports an overflow instead of wrapping.
    ///
    /// # Post-conditions
    /// `result == inner_product(idx2crd(i, shape), stride)`.
    ///
    /// # Errors
    /// None.
    ///
    /// # Examples
    /// ```
    /// use cute_static::layout;
    /// let a = layout!((3, (2, 4)) : (2, (1, 6)));
    /// let image: Vec<i64> = (0..24).map(|i| a.eval(i)).collect();
    /// assert_eq!(image, [0, 2, 4, 1, 3, 5, 6, 8, 10, 7, 9, 11, 12, 14, 16, 13, 15, 17, 18, 20, 22, 19, 21, 23]);
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn eval(&self, i: i64) -> i64
    where
        S: Eval<D>,
        D: HTuple,
    {
        // The hot path wraps an offset beyond the i64 range (only possible
        // outside the domain); a debug build computes it exactly beside and
        // asserts that it fits (see `EvalState`).
        //
        // Every extent dynamic (a static extent 1 aside): if every extent
        // and stride is a power of two, each leaf is a rotation and a mask
        // of `i`, independent of the others (see `RotState`). The test is
        // loop-invariant, and the constant condition removes it entirely
        // for static and mixed layouts.
        if !S::IS_STATIC
            && matches!(S::STATIC_SIZE, Some(1))
            && self.shape.eval_rot(&self.stride, RotState::start(0)).ok
        {
            let st = self.shape.eval_rot(&self.stride, RotState::start(i));
            #[cfg(debug_assertions)]
            check_exact(st.acc, st.exact);
            st.acc
        } else if S::pow2_divisors(&self.div) {
            self.shape
                .eval_last(&self.stride, &self.div, EvalState::<true>::start(i))
        } else {
            self.shape
                .eval_last(&self.stride, &self.div, EvalState::<false>::start(i))
        }
    }

    /// `L(c)`: the offset of a coordinate `c` weakly congruent with the
    /// shape: an integer, a flat coordinate `(i, j)` or a natural one
    /// `(i, (j, k))`, as a Rust tuple or a `coord!` HList.
    ///
    /// # Pre-conditions
    /// `weakly_congruent(c, shape)` (a trait bound: a compile error); the
    /// offset fits in `i64` (true for every in-bounds coordinate).
    ///
    /// # Post-conditions
    /// `result == inner_product(idx2crd(c, shape), stride)`.
    ///
    /// # Errors
    /// None.
    ///
    /// # Examples
    /// ```
    /// use cute_static::{coord, layout};
    /// let a = layout!((3, (2, 4)) : (2, (1, 6)));
    /// assert_eq!(a.call((1, 2)), 8);
    /// assert_eq!(a.call((1, (0, 1))), 8);
    /// assert_eq!(a.call((0, 7)), 19);
    /// assert_eq!(a.call(coord!(0, (1, 3))), 19);
    /// ```
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn call<C: IntoCoord>(&self, c: C) -> i64
    where
        S: EvalCrd<C::Coord, D>,
    {
        let c = c.into_coord();
        if S::pow2_divisors(&self.div) {
            self.shape.eval_crd::<true>(&c, &self.stride, &self.div)
        } else {
            self.shape.eval_crd::<false>(&c, &self.stride, &self.div)
        }
    }

    /// `L(i)` with checked arithmetic, for any `i`.
    ///
    /// # Pre-conditions
    /// None.
    ///
    /// # Post-conditions
    /// `result == Ok(L(i))` when the offset fits in `i64`.
    ///
    /// # Errors
    /// `ValueError` (an overflow) when an intermediate or the offset leaves
    /// the `i64` range.
    ///
    /// # Examples
    /// ```
    /// use cute_static::layout;
    /// let a = layout!((3, 4) : (1, 6));
    /// assert_eq!(a.try_eval(100), Ok(199));
    /// assert!(a.try_eval(i64::MAX).is_err());
    /// ```
    pub fn try_eval(&self, i: i64) -> Result<i64>
    where
        D: HTuple,
    {
        exact_offset(&self.shape, &self.stride, i)
            .ok_or_else(|| Error::overflow("Layout.__call__", "the offset leaves the i64 range"))
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

    /// The layout converted to a run-time [`cute_dynamic::Layout`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::layout;
    /// let a = layout!((3, (2, 4)) : (2, (1, 6)));
    /// assert_eq!(a.to_dynamic().to_string(), "(3, (2, 4)):(2, (1, 6))");
    /// ```
    #[cfg(feature = "dynamic")]
    pub fn to_dynamic(&self) -> cute_dynamic::Layout {
        let stride = self
            .stride
            .to_int_tuple()
            .map(&mut |&x| cute_dynamic::Scalar::Int(x));
        cute_dynamic::Layout::new(self.shape.to_int_tuple(), stride)
            .expect("a layout's shape and stride are congruent, its extents positive")
    }
}

impl<S: HTuple, D: HTuple> Layout<S, D> {
    /// The only value of a static layout type.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn from_static_parts() -> Self
    where
        S::Div: Default,
    {
        Layout {
            shape: S::default(),
            stride: D::default(),
            div: Default::default(),
        }
    }

    /// A layout computed by the algebra: the parts are congruent by
    /// construction; the extents are checked to be positive and the offsets
    /// to fit in `i64` (for a layout with a dynamic leaf; a static one was
    /// checked by the compiler).
    #[inline]
    pub(crate) fn from_algebra(shape: S, stride: D) -> Result<Self> {
        if !(S::IS_STATIC && D::IS_STATIC) {
            check_range_unzipped(&shape, &stride)?;
        }
        match shape.divisors() {
            Some(div) => Ok(Layout { shape, stride, div }),
            None => Err(Error::value("Layout", "a dynamic extent is not positive")),
        }
    }
}

/// `L(i)` computed exactly (each term and the sum in 128 bits), `None` if
/// the offset does not fit in `i64`: only the offset itself must fit, not
/// the intermediate products (a negative stride may bring a large term
/// back). The leaves of congruent parts are paired in order (at most 64).
fn exact_offset<S: HTuple, D: HTuple>(shape: &S, stride: &D, i: i64) -> Option<i64> {
    let (ds, n) = leaves64(stride)?;
    let (mut rest, mut acc, mut k) = (i, Some(0_i128), 0);
    shape.visit(&mut |s, _| {
        let c = if k + 1 == n || s <= 0 {
            rest
        } else {
            let c = rest.rem_euclid(s);
            rest = rest.div_euclid(s);
            c
        };
        acc = acc.and_then(|a| a.checked_add(i128::from(c) * i128::from(ds[k])));
        k += 1;
    });
    acc.and_then(|a| i64::try_from(a).ok())
}

/// [`check_range`] for parts whose congruence is known but not a bound: the
/// leaves are paired in order (at most 64 of them).
fn check_range_unzipped<S: HTuple, D: HTuple>(shape: &S, stride: &D) -> Result<()> {
    check_size(shape)?;
    let (ds, _) = leaves64(stride)
        .ok_or_else(|| Error::value("Layout", "a layout of more than 64 leaves"))?;
    let mut span = Some(0_i64);
    let mut k = 0;
    shape.visit(&mut |s, _| {
        let d = ds[k.min(63)];
        k += 1;
        span = span.and_then(|m| (s - 1).checked_mul(d.checked_abs()?)?.checked_add(m));
    });
    if span.is_none() {
        return Err(Error::overflow(
            "Layout",
            "the offsets of the layout leave the i64 range",
        ));
    }
    Ok(())
}

impl<S: HTuple, D> Layout<S, D> {
    /// A layout made of parts (a mode, a selection, the flattening) of a
    /// layout already checked: its extents are positive, so its divisors
    /// exist.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn from_valid_parts(shape: S, stride: D) -> Self {
        let div = match shape.divisors() {
            Some(d) => d,
            // A part of a shape that passed `check_range` has positive extents.
            None => unreachable!("the extents of a valid layout are positive"),
        };
        Layout { shape, stride, div }
    }
}

/// Checks that the extents of `shape` are positive and that its size fits
/// in `i64`.
fn check_size<S: HTuple>(shape: &S) -> Result<()> {
    let mut size = Some(1_i64);
    let mut bad_extent = None;
    shape.visit(&mut |s, _| {
        if s <= 0 {
            bad_extent = bad_extent.or(Some(s));
        }
        size = size.and_then(|z| z.checked_mul(s));
    });
    if let Some(s) = bad_extent {
        #[cfg(feature = "dynamic")]
        let msg = format!(
            "the extent {s} of the shape {} is not positive",
            Cute(*shape)
        );
        #[cfg(not(feature = "dynamic"))]
        let msg = {
            let _ = s;
            "an extent of the shape is not positive"
        };
        return Err(Error::value("Layout", msg));
    }
    if size.is_none() {
        #[cfg(feature = "dynamic")]
        let msg = format!(
            "the size of the shape {} leaves the i64 range",
            Cute(*shape)
        );
        #[cfg(not(feature = "dynamic"))]
        let msg = "the size of the shape leaves the i64 range";
        return Err(Error::overflow("Layout", msg));
    }
    Ok(())
}

/// Checks that the extents are positive and that the size and every offset
/// of `shape:stride` over its domain fit in `i64`: `sum (s - 1) * |d|` does.
fn check_range<S: Congruent<D>, D: HTuple>(shape: &S, stride: &D) -> Result<()> {
    check_size(shape)?;
    let mut span = Some(0_i64);
    shape.zip_visit(stride, &mut |s, d| {
        // s >= 1 here: check_size passed.
        span = span.and_then(|m| (s - 1).checked_mul(d.checked_abs()?)?.checked_add(m));
    });
    if span.is_none() {
        #[cfg(feature = "dynamic")]
        let msg = format!(
            "the offsets of the layout {}:{} leave the i64 range",
            Cute(*shape),
            Cute(*stride)
        );
        #[cfg(not(feature = "dynamic"))]
        let msg = "the offsets of the layout leave the i64 range";
        return Err(Error::overflow("Layout", msg));
    }
    Ok(())
}

// ------------------------------------------------------------------ evaluation

/// The running state of an evaluation: the offset so far, the quotient left
/// for the next leaves, and a coefficient still owed by that quotient.
///
/// A dynamic leaf `e:d` owes `c * d` with `c = q mod e = q - e * (q div e)`;
/// it adds `q * d` now and leaves `-(e * d)` pending on the next quotient, so
/// that a following dynamic leaf pays both with one product,
/// `q' * (d' - e * d)` (the coefficient is loop-invariant). A static leaf
/// leaves nothing pending and uses `%` and `/` by its constant. `P` is true
/// when every dynamic extent is a power of two, so that each divides by a
/// shift: the layout decides it once, and an evaluation loop is compiled
/// twice rather than testing each extent.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct EvalState<const P: bool> {
    acc: i64,
    q: i64,
    pend: i64,
    /// The offset so far, exactly (a debug build checks the result fits).
    #[cfg(debug_assertions)]
    exact: i128,
}

/// A debug build's check of the hot path: the wrapped offset is the exact
/// one. The comparison is inlined; the panic, with its formatting, is one
/// function out of line, so that each evaluation a debug build generates
/// costs a compare and a branch.
#[cfg(debug_assertions)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
#[track_caller]
fn check_exact(wrapped: i64, exact: i128) {
    if i128::from(wrapped) != exact {
        offset_out_of_range(exact)
    }
}

#[cfg(debug_assertions)]
#[cold]
#[inline(never)]
#[track_caller]
fn offset_out_of_range(exact: i128) -> ! {
    panic!(
        "CuTe: the offset {exact} leaves the i64 range: Layout::eval wraps it (unchecked in release builds); use try_eval for indices beyond the domain"
    )
}

/// `exact + c * d` for a debug build's exact offset, in 128-bit arithmetic
/// that wraps rather than checks (a product of two `i64` always fits; the
/// sum could leave the 128-bit range only with three terms near `2^126`,
/// that is strides and coordinates near `i64::MAX`), so that a debug build
/// generates no overflow branch for it.
#[cfg(debug_assertions)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn exact_term(exact: i128, c: i128, d: i64) -> i128 {
    exact.wrapping_add(c.wrapping_mul(i128::from(d)))
}

impl<const P: bool> EvalState<P> {
    /// The state before the first leaf: the whole index left.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn start(i: i64) -> Self {
        EvalState {
            acc: 0,
            q: i,
            pend: 0,
            #[cfg(debug_assertions)]
            exact: 0,
        }
    }

    /// The offset, the last leaf (of stride `d`) taking all that is left:
    /// `acc + q * (pend + d)`, for a static or a dynamic extent alike.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn last(self, d: i64) -> i64 {
        let r = self
            .acc
            .wrapping_add(self.q.wrapping_mul(self.pend.wrapping_add(d)));
        #[cfg(debug_assertions)]
        check_exact(r, exact_term(self.exact, i128::from(self.q), d));
        r
    }
}

/// The running state of an evaluation by rotations, for a layout whose
/// extents and strides are all powers of two (or zero strides).
///
/// The leaf `k` of extent `2^w_k` and stride `2^t_k`, after leaves whose
/// extents multiply to `2^s_k`, contributes `((i >> s_k) & (2^w_k - 1)) << t_k`,
/// which is the field of bits `s_k .. s_k + w_k` of `i` moved to `t_k`:
/// `i.rotate_right(s_k - t_k) & ((2^w_k - 1) << t_k)`. The last leaf keeps
/// the excess, `(i >> s_k) << t_k`, which is `i.rotate_right(s_k - t_k) &
/// (!0 << t_k)` when `t_k >= s_k` (the bits rotated around land below
/// `t_k`). Every leaf is then two operations on `i`, independent of the
/// others, and the rotations and masks are loop-invariant. `ok` records
/// whether the layout qualifies.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct RotState {
    /// The index.
    i: i64,
    /// `s_k`: the base-2 logarithm of the extents seen so far.
    shift: u32,
    /// The leaves seen so far.
    seen: usize,
    /// The offset so far.
    acc: i64,
    /// True while every leaf seen qualifies.
    ok: bool,
    /// The offset so far, exactly (a debug build checks the result fits).
    #[cfg(debug_assertions)]
    exact: i128,
}

impl RotState {
    /// The state before the first leaf.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn start(i: i64) -> Self {
        RotState {
            i,
            shift: 0,
            seen: 0,
            acc: 0,
            ok: true,
            #[cfg(debug_assertions)]
            exact: 0,
        }
    }

    /// Adds the leaf `e:d`, the last one of `leaves` if `seen + 1 == leaves`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn leaf(self, e: i64, d: i64, leaves: usize) -> Self {
        let last = self.seen + 1 == leaves;
        let w = (e as u64).trailing_zeros();
        let t = if d == 0 {
            0
        } else {
            (d as u64).trailing_zeros()
        };
        // `&` rather than `&&`: a branch-free test the compiler hoists.
        let ok = self.ok
            & (e > 0)
            & ((e as u64).count_ones() == 1)
            & (d >= 0)
            & ((d as u64).count_ones() <= 1)
            & (self.shift + w < 64)
            & (!last | (d == 0) | (t >= self.shift));
        let mask = if d == 0 {
            0
        } else if last {
            (-1_i64).wrapping_shl(t)
        } else {
            (e - 1).wrapping_shl(t)
        };
        let r = self.shift.wrapping_sub(t) & 63;
        RotState {
            i: self.i,
            shift: (self.shift + w) & 63,
            seen: self.seen + 1,
            acc: self.acc.wrapping_add(self.i.rotate_right(r) & mask),
            ok,
            #[cfg(debug_assertions)]
            exact: {
                let c = i128::from(self.i) >> self.shift.min(127);
                let c = if last { c } else { c & i128::from(e - 1) };
                exact_term(self.exact, c, d)
            },
        }
    }
}

/// Evaluation of an integral coordinate in the layout `Self:D` (the shape is
/// `Self`, the stride a parameter, `Self::Div` the precomputed divisors).
///
/// ```text
/// inner(leaf e:d, q)      = c = q % e,  offset += c * d,  q = q / e
/// inner((h, t...):(g, u...), q) = inner(h:g, q) then inner((t...):(u...), q)
/// last(leaf e:d, q)       = offset += q * d
/// last((h,):(g,), q)      = last(h:g, q)
/// last((h, t...):(g, u...), q) = inner(h:g, q) then last((t...):(u...), q)
/// ```
///
/// `%` and `/` are floor division (the specification's `//`), so a negative
/// index splits as in Python.
#[diagnostic::on_unimplemented(
    message = "CuTe: `{Self}` : `{D}` is not a layout (the shape and stride are not congruent, or an extent is zero)"
)]
pub trait Eval<D>: HTuple {
    /// Every leaf takes `q % e`.
    #[doc(hidden)]
    fn eval_inner<const P: bool>(&self, d: &D, v: &Self::Div, st: EvalState<P>) -> EvalState<P>;
    /// The last leaf takes all that is left.
    #[doc(hidden)]
    fn eval_last<const P: bool>(&self, d: &D, v: &Self::Div, st: EvalState<P>) -> i64;
    /// `last((h, Self...):(g, D...))` for a tuple `Self` following `h`:
    /// `h` takes its part, `Self` the rest (the empty tuple overrides it:
    /// then `h` is the last).
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_after<const P: bool, H: Eval<G>, G>(
        &self,
        d: &D,
        v: &Self::Div,
        h: &H,
        g: &G,
        vh: &H::Div,
        st: EvalState<P>,
    ) -> i64 {
        self.eval_last(d, v, h.eval_inner(g, vh, st))
    }
    /// Every leaf in turn through [`RotState::leaf`]; `leaves` is the
    /// number of leaves of the whole layout.
    #[doc(hidden)]
    fn eval_rot_in(&self, d: &D, st: RotState, leaves: usize) -> RotState;
    /// The evaluation by rotations of the whole layout `Self:D`.
    #[doc(hidden)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_rot(&self, d: &D, st: RotState) -> RotState {
        self.eval_rot_in(d, st, Self::LEAVES)
    }
}

/// Floor division and remainder `(q div e, q mod e)` by a positive extent
/// `e` known to the compiler: a shift and a mask for a power of two, an
/// unsigned multiply-and-shift otherwise. A negative `q` goes through its
/// complement, `q div e = !(!q div e)`, without a branch.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn floor_divmod_const(q: i64, e: i64) -> (i64, i64) {
    let eu = e as u64;
    if eu.is_power_of_two() {
        (q >> eu.trailing_zeros(), q & (e - 1))
    } else {
        let m = q >> 63;
        let quo = m ^ ((((q ^ m) as u64) / eu) as i64);
        (quo, q.wrapping_sub(quo.wrapping_mul(e)))
    }
}

/// Floor division `q div e` by a dynamic extent through its precomputed
/// divisor: one multiply-high, where a negative `q` goes through its
/// complement, `q div e = !(!q div e)`, without a branch.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn floor_div_fast(q: i64, v: &FastDivmod) -> i64 {
    let m = q >> 63;
    m ^ (v.div((q ^ m) as u64) as i64)
}

/// A static extent: `%` and `/` by a constant.
impl<U: Unsigned, B: Bit, L: Leaf> Eval<L> for UInt<U, B> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_inner<const P: bool>(&self, d: &L, _: &(), st: EvalState<P>) -> EvalState<P> {
        let (q, c) = floor_divmod_const(st.q, <Self as Unsigned>::I64);
        let owed = st.q.wrapping_mul(st.pend);
        EvalState {
            acc: st
                .acc
                .wrapping_add(owed)
                .wrapping_add(c.wrapping_mul(d.get())),
            q,
            pend: 0,
            #[cfg(debug_assertions)]
            exact: exact_term(st.exact, i128::from(c), d.get()),
        }
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_last<const P: bool>(&self, d: &L, _: &(), st: EvalState<P>) -> i64 {
        st.last(d.get())
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_rot_in(&self, d: &L, st: RotState, leaves: usize) -> RotState {
        st.leaf(<Self as Unsigned>::I64, d.get(), leaves)
    }
}
/// A dynamic extent: `/` by its precomputed divisor; the remainder's term is
/// folded into the coefficients (see [`EvalState`]).
impl<L: Leaf> Eval<L> for i64 {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_inner<const P: bool>(&self, d: &L, v: &FastDivmod, st: EvalState<P>) -> EvalState<P> {
        let q = if P {
            st.q >> v.log2().unwrap_or(0)
        } else {
            floor_div_fast(st.q, v)
        };
        EvalState {
            acc: st
                .acc
                .wrapping_add(st.q.wrapping_mul(st.pend.wrapping_add(d.get()))),
            q,
            pend: self.wrapping_mul(d.get()).wrapping_neg(),
            #[cfg(debug_assertions)]
            exact: exact_term(
                st.exact,
                i128::from(st.q).wrapping_sub(i128::from(*self).wrapping_mul(i128::from(q))),
                d.get(),
            ),
        }
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_last<const P: bool>(&self, d: &L, _: &FastDivmod, st: EvalState<P>) -> i64 {
        st.last(d.get())
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_rot_in(&self, d: &L, st: RotState, leaves: usize) -> RotState {
        st.leaf(*self, d.get(), leaves)
    }
}
/// The empty layout: no leaf, nothing added.
impl Eval<HNil> for HNil {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_inner<const P: bool>(&self, _: &HNil, _: &HNil, st: EvalState<P>) -> EvalState<P> {
        st
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_last<const P: bool>(&self, _: &HNil, _: &HNil, st: EvalState<P>) -> i64 {
        st.acc.wrapping_add(st.q.wrapping_mul(st.pend))
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_after<const P: bool, H: Eval<G>, G>(
        &self,
        _: &HNil,
        _: &HNil,
        h: &H,
        g: &G,
        vh: &H::Div,
        st: EvalState<P>,
    ) -> i64 {
        h.eval_last(g, vh, st)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_rot_in(&self, _: &HNil, st: RotState, _: usize) -> RotState {
        st
    }
}
/// A tuple: the modes in turn, the last one keeping the excess.
impl<H: Eval<G>, T: Tuple + Eval<V>, G, V> Eval<HCons<G, V>> for HCons<H, T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_inner<const P: bool>(
        &self,
        d: &HCons<G, V>,
        v: &Self::Div,
        st: EvalState<P>,
    ) -> EvalState<P> {
        let st = self.head.eval_inner(&d.head, &v.head, st);
        self.tail.eval_inner(&d.tail, &v.tail, st)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_last<const P: bool>(&self, d: &HCons<G, V>, v: &Self::Div, st: EvalState<P>) -> i64 {
        self.tail
            .eval_after(&d.tail, &v.tail, &self.head, &d.head, &v.head, st)
    }
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_rot_in(&self, d: &HCons<G, V>, st: RotState, leaves: usize) -> RotState {
        let st = self.head.eval_rot_in(&d.head, st, leaves);
        self.tail.eval_rot_in(&d.tail, st, leaves)
    }
}

/// Evaluation of a coordinate `C` weakly congruent with the shape `Self`, in
/// the layout `Self:D`:
///
/// ```text
/// L(i)                 = last(S:D, i)                 for an integer i
/// (S:D)((c, cs...))    = (h:g)(c) + ((t...):(u...))((cs...))
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe: the coordinate does not fit the layout's shape (not weakly congruent)",
    label = "this coordinate is not weakly congruent with the shape",
    note = "a coordinate is an integer (integral), one integer per mode (flat), or the shape's own profile (natural)",
    note = "at the mismatch, the coordinate is `{C}` and the shape `{Self}`"
)]
pub trait EvalCrd<C, D>: HTuple {
    /// The offset.
    fn eval_crd<const P: bool>(&self, c: &C, d: &D, v: &Self::Div) -> i64;
}
macro_rules! eval_crd_leaf {
    ([$($g:tt)*] $c:ty) => {
        /// An integral coordinate of the whole (sub-)layout.
        impl<$($g)* S: Eval<D>, D> EvalCrd<$c, D> for S {
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn eval_crd<const P: bool>(&self, c: &$c, d: &D, v: &S::Div) -> i64 {
                self.eval_last(d, v, EvalState::<P>::start(c.get()))
            }
        }
    };
}
eval_crd_leaf!([] UTerm);
eval_crd_leaf!([U: Unsigned, B: Bit,] UInt<U, B>);
eval_crd_leaf!([] i64);
/// The empty coordinate of the empty layout.
impl EvalCrd<HNil, HNil> for HNil {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_crd<const P: bool>(&self, _: &HNil, _: &HNil, _: &HNil) -> i64 {
        0
    }
}
/// One coordinate per mode.
impl<H, T, CH, CT, G, V> EvalCrd<HCons<CH, CT>, HCons<G, V>> for HCons<H, T>
where
    H: EvalCrd<CH, G>,
    T: Tuple + EvalCrd<CT, V>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn eval_crd<const P: bool>(&self, c: &HCons<CH, CT>, d: &HCons<G, V>, v: &Self::Div) -> i64 {
        self.head
            .eval_crd::<P>(&c.head, &d.head, &v.head)
            .wrapping_add(self.tail.eval_crd::<P>(&c.tail, &d.tail, &v.tail))
    }
}

// ------------------------------------------------------------------ make_layout

/// `make_layout`: the concatenation of layouts, one mode per layout.
///
/// # Examples
/// ```
/// use cute_static::{layout, make_layout};
/// let l = make_layout((layout!(3 : 1), layout!((5, 1) : (7, 2)), layout!(2 : 42)));
/// assert_eq!(l.to_string(), "(_3,(_5,_1),_2):(_1,(_7,_2),_42)");
/// ```
#[diagnostic::on_unimplemented(message = "CuTe make_layout: `{Self}` is not a tuple of layouts")]
pub trait MakeLayout {
    /// The concatenated layout.
    type Output;
    /// The concatenated layout.
    fn make_layout(self) -> Self::Output;
}
/// The concatenation of the layouts `Ls`.
pub type Concatenation<Ls> = <Ls as MakeLayout>::Output;

/// `make_layout(()) = ():()`.
impl MakeLayout for HNil {
    type Output = Layout<HNil, HNil>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn make_layout(self) -> Self::Output {
        Layout {
            shape: HNil,
            stride: HNil,
            div: HNil,
        }
    }
}
/// `make_layout((s:d, ls...)) = (s, shapes(ls)...):(d, strides(ls)...)`.
impl<S: HTuple, D: HTuple, T, TS: Tuple, TD: Tuple> MakeLayout for HCons<Layout<S, D>, T>
where
    T: MakeLayout<Output = Layout<TS, TD>>,
{
    type Output = Layout<HCons<S, TS>, HCons<D, TD>>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn make_layout(self) -> Self::Output {
        let rest = self.tail.make_layout();
        Layout {
            shape: HCons {
                head: self.head.shape,
                tail: rest.shape,
            },
            stride: HCons {
                head: self.head.stride,
                tail: rest.stride,
            },
            div: HCons {
                head: self.head.div,
                tail: rest.div,
            },
        }
    }
}
crate::htuple::tuple_as_hlist!(MakeLayout, Output, make_layout);

/// `make_layout(layouts)`: concatenates an HList or Rust tuple of layouts.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn make_layout<Ls: MakeLayout>(layouts: Ls) -> Ls::Output {
    layouts.make_layout()
}

// ------------------------------------------------------------------ bridge

/// The pattern of a layout type: `(_4,?):(_1,_4)`, `?` for a dynamic leaf.
#[cfg(feature = "dynamic")]
struct Pattern<S, D>(core::marker::PhantomData<(S, D)>);
#[cfg(feature = "dynamic")]
impl<S: HTuple, D: HTuple> fmt::Display for Pattern<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        S::fmt_pattern(f)?;
        f.write_str(":")?;
        D::fmt_pattern(f)
    }
}

/// The way back from the run-time form: a `cute_dynamic::Layout` converts
/// into a given static or mixed layout type when it has the type's profile,
/// its static leaves have the type's values, and its strides are integers;
/// the dynamic leaves take the run-time values, which are checked as
/// [`Layout::try_new`] checks them.
///
/// # Errors
/// `TypeError` if the profile, a static value or a stride's kind differs
/// (the message shows the layout and the type's pattern, `?` for a dynamic
/// leaf); `ValueError` as [`Layout::try_new`].
///
/// # Examples
/// ```
/// use cute_static::Layout;
/// let d: cute_dynamic::Layout = "(4, (2, 8)):(1, (4, 8))".parse().unwrap();
/// let m = <Layout![(4, (2, {})) : (1, ({}, 8))]>::try_from(&d).unwrap();
/// assert_eq!(m.to_string(), "(_4,(_2,8)):(_1,(4,_8))");
/// let s = <Layout![(4, (2, 8)) : (1, (4, 8))]>::try_from(&d).unwrap();
/// assert_eq!(s.to_dynamic(), d);
/// let e = <Layout![(4, (2, 4)) : (1, ({}, 8))]>::try_from(&d).unwrap_err();
/// assert_eq!(e.to_string(),
///     "Layout: cannot convert (4, (2, 8)):(1, (4, 8)) to the layout type (_4,(_2,_4)):(_1,(?,_8)): the shape's profile or a static value differs");
/// ```
#[cfg(feature = "dynamic")]
impl<S, D> TryFrom<&cute_dynamic::Layout> for Layout<S, D>
where
    S: Congruent<D> + Extents,
    D: HTuple,
{
    type Error = Error;

    fn try_from(l: &cute_dynamic::Layout) -> Result<Self> {
        let fail = |what: &str| {
            Error::type_error(
                "Layout",
                format!(
                    "cannot convert {l} to the layout type {}: {what}",
                    Pattern::<S, D>(core::marker::PhantomData)
                ),
            )
        };
        let shape = S::from_int_tuple(&l.shape())
            .ok_or_else(|| fail("the shape's profile or a static value differs"))?;
        let mut not_int = false;
        let ints = l.stride().map(&mut |x| match x {
            cute_dynamic::Scalar::Int(v) => *v,
            _ => {
                not_int = true;
                0
            }
        });
        if not_int {
            return Err(fail("a stride is not an integer"));
        }
        let stride = D::from_int_tuple(&ints)
            .ok_or_else(|| fail("the stride's profile or a static value differs"))?;
        Layout::try_new(shape, stride)
    }
}

/// Every static and mixed layout is a [`cute_core::LayoutLike`].
/// The bridge to symbolic layouts.
#[cfg(feature = "dynamic")]
impl<S, D> Layout<S, D>
where
    S: Eval<D> + Size + Cosize<D> + Congruent<D>,
    D: HTuple,
{
    /// The layout as a symbolic [`cute_dynamic::Layout`] whose run-time
    /// leaves are named by `symbols` (the shape's dynamic leaves left to
    /// right, then the stride's), its static leaves constants: what a
    /// kernel generator needs to write the index code of a mixed layout
    /// over its run-time parameters (see
    /// [`cute_dynamic::Layout::symbolic_of`], which this is).
    ///
    /// # Errors
    /// `ValueError` if the number of symbols is not the number of dynamic
    /// leaves, or a symbol's assumptions exclude its leaf's current value.
    ///
    /// # Examples
    /// ```
    /// use cute_core::sym::{Assumptions, Lang, Sym};
    /// use cute_dynamic::codegen::Coords;
    /// use cute_static::layout;
    /// // a 128x64 tile of a column-major matrix with a run-time leading dimension
    /// let ld_now = 4096i64;
    /// let tile = layout!((128, 64) : (1, {ld_now})).unwrap();
    /// let ld = Sym::symbol_with("ld", Assumptions::positive()).unwrap();
    /// let sym = tile.to_symbolic(&[ld]).unwrap();
    /// assert_eq!(sym.to_string(), "(128, 64):(1, ld)");
    /// let code = sym.index_code(Coords::Modes(&["i", "j"]), Lang::Cuda).unwrap();
    /// assert_eq!(code, "i + j * ld");
    /// // one symbol per dynamic leaf, admitting its value
    /// assert!(tile.to_symbolic(&[]).is_err());
    /// let by_3 = Sym::symbol_with("ld", Assumptions::positive().multiple_of(3).unwrap()).unwrap();
    /// assert!(tile.to_symbolic(&[by_3]).is_err()); // 4096 is not a multiple of 3
    /// ```
    pub fn to_symbolic(
        &self,
        symbols: &[cute_core::sym::Sym],
    ) -> Result<cute_dynamic::Layout<cute_core::sym::Sym>> {
        cute_dynamic::Layout::symbolic_of(self, symbols)
    }
}

impl<S, D> cute_core::LayoutLike for Layout<S, D>
where
    S: Eval<D> + Size + Cosize<D> + Congruent<D>,
    D: HTuple,
{
    fn rank(&self) -> usize {
        S::RANK
    }
    fn size(&self) -> i64 {
        self.shape.size().get()
    }
    fn cosize(&self) -> i64 {
        self.shape.cosize(&self.stride).get()
    }
    fn eval(&self, idx: i64) -> i64 {
        Layout::eval(self, idx)
    }
    fn try_eval(&self, idx: i64) -> cute_core::Result<i64> {
        Layout::try_eval(self, idx)
    }
    fn walk(&self, f: &mut dyn FnMut(cute_core::bridge::Node)) {
        if S::IS_LEAF {
            self.shape.zip_walk(&self.stride, f);
        } else {
            f(cute_core::bridge::Node::Open);
            self.shape.zip_walk(&self.stride, f);
            f(cute_core::bridge::Node::Close);
        }
    }
    fn fmt_layout(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(all(test, feature = "dynamic"))]
mod tests {
    use super::*;

    #[test]
    fn bridge_walk_reports_leaves_and_their_static_ness() {
        use cute_core::bridge::Node;
        use cute_core::LayoutLike;
        let n = 4_i64;
        let m = crate::layout!((3, (2, n)) : (2, (1, 6))).unwrap();
        let mut seen = Vec::new();
        LayoutLike::walk(&m, &mut |node| {
            seen.push(match node {
                Node::Open => "(".to_string(),
                Node::Close => ")".to_string(),
                Node::Leaf(l) => format!(
                    "{}{}:{}{}",
                    if l.extent.is_static { "_" } else { "" },
                    l.extent.value,
                    if l.stride.is_static { "_" } else { "" },
                    l.stride.value
                ),
            })
        });
        assert_eq!(seen.concat(), "(_3:_2(_2:_14:_6))");
        assert_eq!(LayoutLike::leaf_count(&m), 3);
        assert!(!LayoutLike::is_static(&m));
        for i in 0..24 {
            let (a, b) = (i % 3, i / 3);
            assert_eq!(m.eval_modes(&[a, b]).unwrap(), m.eval(i));
            assert_eq!(m.eval_natural(&[a, b % 2, b / 2]).unwrap(), m.eval(i));
        }
        let s = crate::layout!(8 : 2);
        assert!(LayoutLike::is_static(&s));
        assert_eq!(s.eval_natural(&[3]).unwrap(), 6);
    }
    use crate::{coord, layout, shape, stride, Layout as LayoutT};
    use cute_core::LayoutLike;
    use proptest::prelude::*;

    /// The run-time layout `shape:stride` of two flat-of-pairs trees.
    fn dynamic_of(
        shape: cute_dynamic::IntTuple,
        stride: cute_dynamic::IntTuple,
    ) -> cute_dynamic::Layout {
        let stride = stride.map(&mut |&x| cute_dynamic::Scalar::Int(x));
        cute_dynamic::Layout::new(shape, stride).expect("congruent")
    }

    #[test]
    fn test_static_is_zero_sized() {
        let a = layout!(((8, 4), (2, 16)) : ((1, 64), (8, 128)));
        assert_eq!(core::mem::size_of_val(&a), 0);
        assert_eq!(
            core::mem::size_of::<LayoutT![((8, 4), (2, 16)) : ((1, 64), (8, 128))]>(),
            0
        );
        assert!(a.is_static());
        let n = 4;
        let m = layout!(((8, n), (2, 16)) : ((1, 64), (8, 128))).unwrap();
        assert!(!m.is_static());
        const { assert!(!<LayoutT![(4, {}) : (1, 4)]>::IS_STATIC) };
        const { assert!(<LayoutT![(4, 8)]>::IS_STATIC) };
    }

    #[test]
    fn test_printing() {
        assert_eq!(
            layout!(((2, 2), 3) : ((24, 2), 8)).to_string(),
            "((_2,_2),_3):((_24,_2),_8)"
        );
        assert_eq!(
            format!("{:?}", layout!(((2, 2), 3) : ((24, 2), 8))),
            "((_2,_2),_3):((_24,_2),_8)"
        );
        let n = 3;
        assert_eq!(
            layout!(((2, 2), n) : ((24, 2), 8)).unwrap().to_string(),
            "((_2,_2),3):((_24,_2),_8)"
        );
        assert_eq!(layout!(8).to_string(), "_8:_1");
        assert_eq!(layout!(():()).to_string(), "():()");
        let d = -1;
        assert_eq!(
            layout!((4, 8) : (1, d)).unwrap().to_string(),
            "(_4,_8):(_1,-1)"
        );
    }

    #[test]
    fn test_spec_layout_example() {
        let a = layout!((3, (2, 4)) : (2, (1, 6)));
        assert_eq!(a.eval(0), 0);
        assert_eq!(a.eval(7), 8);
        assert_eq!(a.eval(23), 23);
        assert_eq!(a.eval(100), 99);
        assert_eq!(a.call((1, 2)), 8);
        assert_eq!(a.call((0, 7)), 19);
        assert_eq!(a.call((1, (0, 1))), 8);
        assert_eq!(a.call(coord!(0, (1, 3))), 19);
        for i in 0..3 {
            for j in 0..8 {
                assert_eq!(a.eval(i + 3 * j), a.call((i, j)));
            }
        }
        assert_eq!(a.mode::<0>(), layout!(3 : 2));
        assert_eq!(a.mode::<1>(), layout!((2, 4) : (1, 6)));
        assert_eq!(a.mode::<1>().mode::<0>(), layout!(2 : 1));
        assert_eq!(
            a,
            make_layout((
                layout!(3 : 2),
                make_layout((layout!(2 : 1), layout!(4 : 6)))
            ))
        );
        assert_eq!(a.size().get(), 24);
        assert_eq!(a.rank(), 2);
        assert_eq!(a.depth(), 2);
    }

    #[test]
    fn test_default_stride() {
        assert_eq!(layout!(8), layout!(8 : 1));
        assert_eq!(layout!((4, 8)), layout!((4, 8) : (1, 4)));
        assert_eq!(
            layout!((3, (2, 4))).to_string(),
            "(_3,(_2,_4)):(_1,(_3,_6))"
        );
    }

    #[test]
    fn test_mixed_folding() {
        let n = 6;
        let m = layout!((4, n) : (1, 4)).unwrap();
        let s: i64 = m.size();
        assert_eq!(s, 24);
        assert_eq!(m.cosize(), 24);
        for i in 0..30 {
            assert_eq!(m.eval(i), i);
        }
        let k = 3;
        let w = layout!((4, 8) : (k, 1)).unwrap();
        let z: typenum::U32 = w.size();
        assert_eq!(z.get(), 32);
        assert_eq!(w.cosize(), 9 + 7 + 1);
        assert_eq!(w.mode::<0>().to_string(), "_4:3");
    }

    #[test]
    fn test_checked_construction() {
        assert!(layout!((4, { 0 }) : (1, 4)).is_err());
        assert!(layout!((4, { -2 }) : (1, 4)).is_err());
        assert!(layout!((2, { i64::MAX / 2 + 1 }) : (1, 2)).is_err());
        assert!(layout!((2, 3) : (1, { i64::MAX })).is_err());
        assert!(layout!((2, 3) : (1, { i64::MAX / 2 })).is_ok());
        let e = layout!((4, { 0 }) : (1, 4)).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        assert_eq!(
            e.to_string(),
            "Layout: the extent 0 of the shape (_4,0) is not positive"
        );
    }

    #[test]
    fn test_try_eval() {
        let a = layout!((3, (2, 4)) : (2, (1, 6)));
        for i in -50..100 {
            assert_eq!(a.try_eval(i), Ok(a.eval(i)));
        }
        assert!(a.try_eval(i64::MAX).is_err());
    }

    #[test]
    fn test_negative_index_is_floor() {
        // idx2crd uses floor division: -1 in (3, 4) is (2, -1).
        let a = layout!((3, 4) : (1, 10));
        assert_eq!(a.eval(-1), 2 - 10);
        let n = 3;
        let b = layout!((n, 4) : (1, 10)).unwrap();
        assert_eq!(b.eval(-1), 2 - 10);
        let four = 4;
        let c = layout!((four, (2, four)) : (1, (10, 100))).unwrap();
        assert_eq!(c.eval(-1), 3 + 10 - 100);
        assert_eq!(c.eval(-9), 3 + 10 - 200);
        assert_eq!(c.call((-1, 3)), -1 + 10 + 100);
        for q in [
            -1_i64,
            -2,
            -7,
            -8,
            -9,
            -1000,
            i64::MIN,
            i64::MIN + 1,
            0,
            5,
            i64::MAX,
        ] {
            for e in [1_i64, 2, 3, 7, 8, 12, 1 << 20, i64::MAX] {
                assert_eq!(
                    floor_divmod_const(q, e),
                    (q.div_euclid(e), q.rem_euclid(e)),
                    "{q} {e}"
                );
                let v = FastDivmod::from_i64(e).unwrap();
                assert_eq!(floor_div_fast(q, &v), q.div_euclid(e), "{q} {e}");
            }
        }
    }

    #[test]
    fn test_agrees_with_dynamic() {
        let a = layout!(((8, 4), (2, 16)) : ((1, 64), (8, 128)));
        let d = a.to_dynamic();
        assert_eq!(d.to_string(), "((8, 4), (2, 16)):((1, 64), (8, 128))");
        use cute_dynamic::HTuple as T;
        let pair = |a, b| T::from_leaves([a, b]);
        let want = dynamic_of(
            T::tuple(vec![pair(8, 4), pair(2, 16)]),
            T::tuple(vec![pair(1, 64), pair(8, 128)]),
        );
        assert_eq!(d, want);
        let n = 4;
        let m = layout!(((8, n), (2, 16)) : ((1, 64), (8, 128))).unwrap();
        assert_eq!(m.to_dynamic(), d);
        assert_eq!(LayoutLike::size(&a), 1024);
        assert_eq!(LayoutLike::cosize(&a), 7 + 3 * 64 + 8 + 15 * 128 + 1);
        assert_eq!(LayoutLike::rank(&m), 2);
        for i in 0..1024 {
            assert_eq!(a.eval(i), m.eval(i));
            assert_eq!(LayoutLike::eval(&m, i), a.eval(i));
        }
    }

    #[test]
    fn test_flatten_and_make_layout() {
        let n = 2;
        let a = layout!((3, (n, 4)) : (2, (1, 6))).unwrap();
        let f = a.flatten();
        assert_eq!(f.to_string(), "(_3,2,_4):(_2,_1,_6)");
        for i in 0..24 {
            assert_eq!(f.eval(i), a.eval(i));
        }
        assert_eq!(
            make_layout(frunk_core::hlist![layout!(3 : 1), layout!(4 : 3)]).to_string(),
            "(_3,_4):(_1,_3)"
        );
        assert_eq!(make_layout(HNil).to_string(), "():()");
    }

    #[test]
    fn test_static_values_of_mixed_shape() {
        let l = LayoutT::try_new(shape!(4, { 8 }), stride!(1, 4)).unwrap();
        assert_eq!(l.shape(), &shape!(4, { 8 }));
        assert_eq!(l.stride(), &stride!(1, 4));
    }

    /// Checks a static or mixed layout against cute-dynamic's answers for
    /// its conversion: the printed form, size, cosize, and every `L(i)`
    /// (and some beyond the size).
    fn check_against_dynamic<S, D>(l: &LayoutT<S, D>, printed: &str)
    where
        S: Eval<D> + Size + Cosize<D> + Congruent<D>,
        D: HTuple,
    {
        use cute_dynamic::{shape, stride, HTuple as T, Scalar};
        let d = l.to_dynamic();
        assert_eq!(d.to_string(), printed);
        let size = shape::size(&d.shape()).unwrap();
        assert_eq!(LayoutLike::size(l), size, "size of {printed}");
        let coshape = stride::coshape(&d.shape(), &d.stride()).unwrap();
        assert_eq!(
            T::Leaf(LayoutLike::cosize(l)),
            coshape,
            "cosize of {printed}"
        );
        for i in 0..size + 7 {
            let want = stride::crd2offset(&T::Leaf(i), &d.shape(), &d.stride()).unwrap();
            assert_eq!(Scalar::Int(l.eval(i)), want, "{printed} at {i}");
            assert_eq!(l.try_eval(i), Ok(l.eval(i)));
        }
    }

    #[test]
    fn test_values_agree_with_dynamic() {
        let n = 4;
        let k = 6;
        check_against_dynamic(
            &layout!(((8, 4), (2, 16)) : ((1, 64), (8, 128))),
            "((8, 4), (2, 16)):((1, 64), (8, 128))",
        );
        check_against_dynamic(
            &layout!(((8, n), (2, 16)) : ((1, 64), (8, 128))).unwrap(),
            "((8, 4), (2, 16)):((1, 64), (8, 128))",
        );
        check_against_dynamic(
            &layout!((3, (2, 4)) : (2, (1, 6))),
            "(3, (2, 4)):(2, (1, 6))",
        );
        check_against_dynamic(
            &layout!((3, (2, n)) : (k, (1, 0))).unwrap(),
            "(3, (2, 4)):(6, (1, 0))",
        );
        check_against_dynamic(
            &layout!(((2, 2), 3) : ((24, 2), 8)),
            "((2, 2), 3):((24, 2), 8)",
        );
        check_against_dynamic(&layout!((4, 8) : (8, 1)), "(4, 8):(8, 1)");
        check_against_dynamic(&layout!((5, 7, 3) : (21, 3, 1)), "(5, 7, 3):(21, 3, 1)");
        check_against_dynamic(
            &layout!((5, {7}, 3) : ({-21}, 3, 1)).unwrap(),
            "(5, 7, 3):(-21, 3, 1)",
        );
        check_against_dynamic(&layout!(8), "8:1");
        check_against_dynamic(&layout!((8,)), "(8,):(1,)");
        check_against_dynamic(
            &layout!((3, (5, 1), 2) : (1, (7, 2), 42)),
            "(3, (5, 1), 2):(1, (7, 2), 42)",
        );
        check_against_dynamic(
            &layout!(((3, { n }), ({ k }, 5))).unwrap(),
            "((3, 4), (6, 5)):((1, 3), (12, 72))",
        );
    }

    /// Evaluation by the definition: idx2crd over the flattened shape (the
    /// last leaf keeps the excess), then the inner product.
    fn reference(shape: &[i64], stride: &[i64], i: i64) -> i64 {
        reference_with(shape, stride, i, 0, |off, c, d| off + c * d)
    }

    /// [`reference`] in 128 bits, for any index.
    fn reference_exact(shape: &[i64], stride: &[i64], i: i64) -> i128 {
        reference_with(shape, stride, i, 0, |off, c, d| {
            off + i128::from(c) * i128::from(d)
        })
    }

    /// The coordinates of `i` in the flat `shape` (the last leaf keeping
    /// the excess), each with its stride added to `zero` by `add`.
    fn reference_with<T>(
        shape: &[i64],
        stride: &[i64],
        i: i64,
        zero: T,
        add: impl Fn(T, i64, i64) -> T,
    ) -> T {
        let mut rest = i;
        let mut off = zero;
        for (k, (&s, &d)) in shape.iter().zip(stride).enumerate() {
            let c = if k + 1 == shape.len() {
                rest
            } else {
                rest.rem_euclid(s)
            };
            rest = rest.div_euclid(s);
            off = add(off, c, d);
        }
        off
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "leaves the i64 range: Layout::eval wraps it")]
    fn test_eval_out_of_range_is_a_debug_assertion() {
        let a = layout!((4, 8) : (1, 1152921504606846976));
        let _ = a.eval(i64::MAX / 2);
    }

    #[test]
    fn test_try_from_dynamic() {
        let d: cute_dynamic::Layout = "(4, (2, 8)):(1, (4, 8))".parse().unwrap();
        let m = <LayoutT![(4, (2, {})) : (1, ({}, 8))]>::try_from(&d).unwrap();
        assert_eq!(m.to_string(), "(_4,(_2,8)):(_1,(4,_8))");
        let s = <LayoutT![(4, (2, 8)) : (1, (4, 8))]>::try_from(&d).unwrap();
        assert_eq!(s.to_dynamic(), d);
        let e = <LayoutT![(4, (2, 4)) : (1, ({}, 8))]>::try_from(&d).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::TypeError);
        assert_eq!(
            e.to_string(),
            "Layout: cannot convert (4, (2, 8)):(1, (4, 8)) to the layout type (_4,(_2,_4)):(_1,(?,_8)): the shape's profile or a static value differs"
        );
        let e = <LayoutT![(4, 16) : (1, {})]>::try_from(&d).unwrap_err();
        assert!(e.to_string().contains("profile"), "{e}");
        let e = <LayoutT![(4, (2, 8)) : (1, (4, 9))]>::try_from(&d).unwrap_err();
        assert!(e.to_string().contains("stride"), "{e}");
        let f: cute_dynamic::Layout = "(4, 2):(1, 2@0)".parse().unwrap();
        assert!(<LayoutT![(4, 2) : (1, {})]>::try_from(&f).is_err());
        // a dynamic value is checked as try_new checks it
        let z: cute_dynamic::Layout = "(4, 3):(1, 4611686018427387904)".parse().unwrap();
        assert!(<LayoutT![(4, {}) : (1, {})]>::try_from(&z).is_err());
        // round trips
        let n = 6;
        let mixed = layout!((4, (n, 2)) : (n, (1, 24))).unwrap();
        assert_eq!(
            <LayoutT![(4, ({}, 2)) : ({}, (1, 24))]>::try_from(&mixed.to_dynamic()).unwrap(),
            mixed
        );
    }

    #[test]
    fn test_try_eval_checks_the_offset_not_the_terms() {
        let big = 1_i64 << 61;
        let l = layout!((2, 2) : ({big}, {-big})).unwrap();
        // (1, 4), beyond the domain: the term 4 * 2^61 does not fit in i64,
        // but the offset 2^61 - 4 * 2^61 = -3 * 2^61 does.
        assert_eq!(l.try_eval(1 + 2 * 4), Ok(-3 * big));
        assert_eq!(l.eval(1 + 2 * 4), -3 * big);
        // (1, 6): 2^61 - 6 * 2^61 < -2^63
        assert!(l.try_eval(1 + 2 * 6).is_err());
    }

    /// [`reference`] with wrapping arithmetic, for any index.
    #[cfg_attr(debug_assertions, allow(dead_code))]
    fn reference_wrapping(shape: &[i64], stride: &[i64], i: i64) -> i64 {
        reference_with(shape, stride, i, 0, |off: i64, c: i64, d| {
            off.wrapping_add(c.wrapping_mul(d))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_mixed_equals_definition(
            s in proptest::array::uniform4(1_i64..9),
            d in proptest::array::uniform4(-50_i64..50),
            i in -100_i64..5000,
        ) {
            let [s0, s1, s2, s3] = s;
            let [d0, d1, d2, d3] = d;
            let l = layout!(((s0, s1), (s2, s3)) : ((d0, d1), (d2, d3))).unwrap();
            prop_assert_eq!(l.eval(i), reference(&s, &d, i));
            prop_assert_eq!(l.try_eval(i), Ok(reference(&s, &d, i)));
            let half = layout!(((s0, 3), (s2, 5)) : ((d0, 7), (1, d3))).unwrap();
            prop_assert_eq!(half.eval(i), reference(&[s0, 3, s2, 5], &[d0, 7, 1, d3], i));
        }

        #[test]
        fn prop_power_of_two_leaves_equal_definition(
            w in proptest::array::uniform4(0_u32..5),
            t in proptest::array::uniform4(0_u32..12),
            zero in proptest::array::uniform4(0_u8..6),
            i in prop_oneof![-3000_i64..3000, any::<i64>()],
        ) {
            let s = w.map(|x| 1_i64 << x);
            let mut d = [0_i64; 4];
            for k in 0..4 {
                d[k] = if zero[k] == 0 { 0 } else { 1_i64 << t[k] };
            }
            let [s0, s1, s2, s3] = s;
            let [d0, d1, d2, d3] = d;
            // In the domain's range `eval` is exact; beyond it the hot path
            // wraps (a debug build asserts instead) and `try_eval` reports it.
            fn check<S: Eval<D> + HTuple, D: HTuple>(l: &LayoutT<S, D>, s: &[i64], d: &[i64], i: i64) {
                let exact = reference_exact(s, d, i);
                match i64::try_from(exact) {
                    Ok(v) => {
                        assert_eq!(l.eval(i), v);
                        assert_eq!(l.try_eval(i), Ok(v));
                    }
                    Err(_) => {
                        assert!(l.try_eval(i).is_err());
                        // release builds wrap (a debug build asserts)
                        #[cfg(not(debug_assertions))]
                        assert_eq!(l.eval(i), reference_wrapping(s, d, i));
                    }
                }
            }
            let l = layout!(((s0, s1), (s2, s3)) : ((d0, d1), (d2, d3))).unwrap();
            check(&l, &s, &d, i);
            let one = layout!(s0 : d0).unwrap();
            check(&one, &[s0], &[d0], i);
            let pair = layout!((s1, (s2,)) : (d1, (d3,))).unwrap();
            check(&pair, &[s1, s2], &[d1, d3], i);
        }

        #[test]
        fn prop_static_equals_dynamic_and_coordinate_forms(i in 0_i64..1024) {
            let a = layout!(((8, 4), (2, 16)) : ((1, 64), (8, 128)));
            prop_assert_eq!(a.eval(i), reference(&[8, 4, 2, 16], &[1, 64, 8, 128], i));
            let (x, y) = (i % 32, i / 32);
            prop_assert_eq!(a.call((x, y)), a.eval(i));
            prop_assert_eq!(a.call(((x % 8, x / 8), (y % 2, y / 2))), a.eval(i));
        }

        #[test]
        fn prop_col_major_is_identity(n in 1_i64..20, k in 0_i64..1000) {
            let l = layout!((3, (n, 2))).unwrap();
            let i = k % l.size();
            prop_assert_eq!(l.eval(i), i);
        }
    }
}
