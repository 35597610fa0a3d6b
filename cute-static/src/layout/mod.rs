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

use cute_core::{Error, Result};
use typenum::U1;

use crate::coord::IntoCoord;
use crate::htuple::{
    Congruent, Flatten, Flattened, Get, HTuple, Idx, IndexOf, ModeOf, Select, Selected,
    StaticTuple, ToIndex,
};
use crate::shape::{Extents, PrefixProduct, Size, SizeOf};
use crate::stride::{Cosize, CosizeOf};
use build::{check_range, check_range_unzipped, check_size};
#[cfg(debug_assertions)]
use eval::check_exact;
use eval::exact_offset;

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
    /// `ValueError` (an overflow) when the offset leaves the `i64` range
    /// (an intermediate product may: the sum is exact).
    ///
    /// # Examples
    /// ```
    /// use cute_static::{layout, shape, stride, Layout};
    /// let a = layout!((3, 4) : (1, 6));
    /// assert_eq!(a.try_eval(100), Ok(199));
    /// assert!(a.try_eval(i64::MAX).is_err());
    /// // past the size, the last leaf keeps the excess; a shape whose last
    /// // mode is the empty tuple drops it, as the specification's idx2crd
    /// let e = Layout::new(shape!(4, ()), stride!(3, ()));
    /// assert_eq!((e.try_eval(5), e.eval(5)), (Ok(3), 3));
    /// ```
    pub fn try_eval(&self, i: i64) -> Result<i64>
    where
        D: HTuple,
    {
        exact_offset(&self.shape, &self.stride, i)
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

#[cfg(all(test, feature = "dynamic"))]
mod tests;
