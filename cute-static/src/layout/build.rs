//! Building layouts: the checked constructors, the parts the algebra and
//! the accessors assemble, and `make_layout`.

use cute_core::{Error, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, U1};

use super::Layout;
#[cfg(feature = "dynamic")]
use crate::htuple::Cute;
use crate::htuple::{leaves64, Congruent, HTuple, StaticTuple, Tuple};
use crate::shape::{Extents, PrefixProduct};

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
