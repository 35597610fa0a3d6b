//! Conversions: from the run-time `cute_dynamic::Layout` back to a static or
//! mixed layout type, and the `LayoutLike` view the other crates share.

use core::fmt;

use cute_core::KnownInt;
#[cfg(feature = "dynamic")]
use cute_core::{Error, Result};

use super::{Eval, Layout};
use crate::htuple::{Congruent, HTuple};
#[cfg(feature = "dynamic")]
use crate::shape::Extents;
use crate::shape::Size;
use crate::stride::Cosize;

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
