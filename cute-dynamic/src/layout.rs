//! Layouts: functions from coordinates to offsets, `Shape:Stride`.
//!
//! A [`Layout`] is a shape (an HTuple of positive integers) and a congruent
//! stride (an HTuple of stride scalars). It evaluates as
//! `L(c) == inner_product(idx2crd(c, shape), stride)`, so every coordinate
//! form (integral, flat, natural) reaches the same value (Whitepaper, §2.4).

use core::fmt;

use cute_core::{Error, Result};

use crate::htuple::IntTuple;
use crate::typedefs::Stride;

/// A CuTe layout: a shape and a congruent stride.
///
/// `Display` prints `Shape:Stride`, `(3, (2, 4)):(2, (1, 6))`; `Debug` prints
/// the constructor form, `Layout((3, (2, 4)), (2, (1, 6)))`. Equality is
/// structural: same shape and same stride, not merely the same function.
#[derive(Clone)]
pub struct Layout {
    shape: IntTuple,
    stride: Stride,
}

impl Layout {
    /// A layout with the given shape and stride.
    ///
    /// # Errors
    /// `ValueError` if the shape and stride are not congruent or a shape leaf
    /// is negative.
    ///
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar;
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(8)]),
    ///                     Tuple(vec![Leaf(Scalar::Int(8)), Leaf(Scalar::Int(1))])).unwrap();
    /// assert_eq!(l.to_string(), "(4, 8):(8, 1)");
    /// assert!(Layout::new(Leaf(4), Tuple(vec![Leaf(Scalar::Int(1))])).is_err());
    /// ```
    pub fn new(shape: IntTuple, stride: Stride) -> Result<Layout> {
        if !shape.congruent_with(&stride) {
            return Err(Error::NotCongruent {
                op: "Layout",
                msg: format!("shape {shape} and stride {stride}"),
            });
        }
        if let Some(bad) = shape.leaves().find(|&&s| s < 0) {
            return Err(Error::value(
                "Layout",
                format!("shape {shape} has a negative extent {bad}"),
            ));
        }
        Ok(Layout { shape, stride })
    }

    /// A layout from a shape and stride the caller knows to be congruent
    /// (the specification's `Layout._set`). Used by the algebra, which builds
    /// congruent pairs by construction.
    #[inline]
    pub fn from_parts(shape: IntTuple, stride: Stride) -> Layout {
        debug_assert!(shape.congruent_with(&stride));
        Layout { shape, stride }
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The stride.
    #[inline]
    pub fn stride(&self) -> &Stride {
        &self.stride
    }

    /// Shape and stride, by value.
    #[inline]
    pub fn into_parts(self) -> (IntTuple, Stride) {
        (self.shape, self.stride)
    }
}

impl PartialEq for Layout {
    fn eq(&self, other: &Self) -> bool {
        self.shape == other.shape && self.stride == other.stride
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({}, {})", self.shape, self.stride)
    }
}

/// A tiler: an integer, a layout, or a tuple of tilers, with `None` standing
/// for "leave this mode alone" in by-mode operations (the specification's
/// `Tiler`, `HTuple(Integer | Layout)`).
#[derive(Clone, Debug, PartialEq)]
pub enum Tiler {
    /// No-op in this mode.
    None,
    /// An extent `n`, acting as the layout `n:1`.
    Int(i64),
    /// A layout.
    Layout(Layout),
    /// One tiler per mode.
    Tuple(Vec<Tiler>),
}
