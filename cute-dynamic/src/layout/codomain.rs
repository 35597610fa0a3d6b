//! Codomains of layouts of machine integers: the codomain's shape and
//! profile.

use cute_core::{Error, Result};

use super::Layout;
use crate::htuple::IntTuple;
use crate::stride::{coprofile, coshape};
use crate::typedefs::Scalar;

impl Layout {
    /// The shape of the codomain (see [`crate::stride::coshape`]): the
    /// integer `L(size - 1) + 1` for non-negative integer strides, one extent
    /// per axis for coordinate strides, a power of two bounding the bit span
    /// for F2 strides.
    ///
    /// # Errors
    /// As [`crate::stride::coshape`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, IntTuple};
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert_eq!("(4, 8):(1, 4)".parse::<Layout>().unwrap().coshape().unwrap(), p("32"));
    /// assert_eq!("(4, 8):(1@0, 6@1)".parse::<Layout>().unwrap().coshape().unwrap(), p("(4, 43)"));
    /// assert_eq!("4:F3".parse::<Layout>().unwrap().coshape().unwrap(), p("8"));
    /// assert!("(4, 8):(1, 1@1)".parse::<Layout>().unwrap().coshape().is_err());
    /// ```
    pub fn coshape(&self) -> Result<IntTuple> {
        coshape(&self.shape(), &self.stride())
    }

    /// The profile of the codomain (see [`crate::stride::coprofile`]).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, IntTuple};
    /// assert_eq!("(4, 8):(1@0, 1@1)".parse::<Layout>().unwrap().coprofile(),
    ///            "(0, 0)".parse::<IntTuple>().unwrap());
    /// ```
    pub fn coprofile(&self) -> IntTuple {
        coprofile(&self.stride())
    }

    /// [`Layout::call_index`] for a layout with integer strides, as an
    /// integer.
    ///
    /// # Errors
    /// As [`Layout::call_index`], and `TypeError` if the result is not an
    /// integer.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let l: Layout = "(4, 8):(8, 1)".parse().unwrap();
    /// assert_eq!(l.call_int(14).unwrap(), 19);
    /// assert!("(4, 8):(1@0, 1@1)".parse::<Layout>().unwrap().call_int(5).is_err());
    /// ```
    pub fn call_int(&self, idx: i64) -> Result<i64> {
        match self.call_index(idx)? {
            Scalar::Int(v) => Ok(v),
            other => Err(Error::type_error(
                "Layout()",
                format!("{self} maps {idx} to {other}, not an integer"),
            )),
        }
    }
}
