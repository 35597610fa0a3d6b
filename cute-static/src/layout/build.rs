//! What building a layout checks: static values (`StaticDiv`), the extents
//! and the range of the offsets of dynamic ones; and `make_layout`, the
//! concatenation of layouts.

use cute_core::{Error, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned};

use super::Layout;
#[cfg(feature = "dynamic")]
use crate::htuple::Cute;
use crate::htuple::{leaves64, Congruent, HTuple, Tuple};

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

/// [`check_range`] for parts whose congruence is known but not a bound: the
/// leaves are paired in order (at most 64 of them).
pub(super) fn check_range_unzipped<S: HTuple, D: HTuple>(shape: &S, stride: &D) -> Result<()> {
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

/// Checks that the extents of `shape` are positive and that its size fits
/// in `i64`.
pub(super) fn check_size<S: HTuple>(shape: &S) -> Result<()> {
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
pub(super) fn check_range<S: Congruent<D>, D: HTuple>(shape: &S, stride: &D) -> Result<()> {
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
