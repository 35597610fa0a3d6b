//! Layouts: functions from coordinates to offsets, `Shape:Stride`.
//!
//! A [`Layout`] is a shape (an HTuple of positive integers) and a congruent
//! stride (an HTuple of stride scalars). It evaluates as
//! `L(c) == inner_product(idx2crd(c, shape), stride)`, so every coordinate
//! form (integral, flat, natural) reaches the same value (Whitepaper, §2.4).

use core::fmt;

use cute_core::{Error, Result};

use crate::atuple::ArithTuple;
use crate::htuple::{product, slice_, HTuple, IntTuple};
use crate::shape::{Coord, CoordLeaf};
use crate::stride::{coprofile, coshape, prefix_product, prefix_product_int};
use crate::typedefs::{Scalar, Stride};

mod parse;
#[cfg(test)]
pub(crate) mod testdata;

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
        fn any_negative(s: &IntTuple) -> bool {
            match s {
                HTuple::Leaf(v) => *v < 0,
                HTuple::Tuple(c) => c.iter().any(any_negative),
            }
        }
        if any_negative(&shape) {
            return Err(Error::value(
                "Layout",
                format!("shape {shape} has a negative extent"),
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

// ---------------------------------------------------------------------------
// Construction
// ---------------------------------------------------------------------------

impl Layout {
    /// The compact, generalized column-major layout of `shape`: stride
    /// `prefix_product(shape)` (the specification's `Layout(shape)`).
    ///
    /// # Pre-conditions
    /// Every extent is non-negative.
    ///
    /// # Post-conditions
    /// `result.stride() == prefix_product(shape, 1)`.
    ///
    /// # Errors
    /// `ValueError` for a negative extent or strides that overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, IntTuple};
    /// let l = Layout::compact("(3, (2, 4))".parse().unwrap()).unwrap();
    /// assert_eq!(format!("{l:?}"), "Layout((3, (2, 4)), (1, (3, 6)))");
    /// assert!(Layout::compact("(-1, 2)".parse().unwrap()).is_err());
    /// ```
    pub fn compact(shape: IntTuple) -> Result<Layout> {
        let stride = prefix_product_int(&shape, 1)?.map(&mut |&v| Scalar::Int(v));
        Layout::new(shape, stride)
    }

    /// The compact layout of `shape` seeded with `base`: stride
    /// `prefix_product(shape, base)` (the specification's
    /// `Layout(shape, base)` with a scalar base).
    ///
    /// # Post-conditions
    /// `result.stride() == prefix_product(shape, base)`.
    ///
    /// # Errors
    /// `ValueError` for a negative extent or on overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, Scalar};
    /// let l = Layout::with_base("(4, 8)".parse().unwrap(), Scalar::Int(2)).unwrap();
    /// assert_eq!(l, "(4, 8):(2, 8)".parse().unwrap());
    /// assert!(Layout::with_base("(4294967296, 4294967296, 2)".parse().unwrap(), Scalar::Int(1)).is_err());
    /// ```
    pub fn with_base(shape: IntTuple, base: Scalar) -> Result<Layout> {
        let stride = prefix_product(&shape, &HTuple::Leaf(base))?;
        Layout::new(shape, stride)
    }

    /// A layout with integer strides.
    ///
    /// # Errors
    /// As [`Layout::new`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, IntTuple};
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// let l = Layout::from_ints(&p("(4, 8)"), &p("(8, 1)")).unwrap();
    /// assert_eq!(l.to_string(), "(4, 8):(8, 1)");
    /// assert!(Layout::from_ints(&p("(4, 8)"), &p("8")).is_err());
    /// ```
    pub fn from_ints(shape: &IntTuple, stride: &IntTuple) -> Result<Layout> {
        Layout::new(shape.clone(), stride.map(&mut |&v| Scalar::Int(v)))
    }
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

impl Layout {
    /// The size of the domain: the product of the shape.
    ///
    /// # Errors
    /// `ValueError` if it overflows.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "((2, 3), 4):((4, 8), 1)".parse().unwrap();
    /// assert_eq!(a.size().unwrap(), 24);
    /// let big = Layout::compact("(1099511627776, 1099511627776)".parse().unwrap()).unwrap();
    /// assert!(big.size().is_err());
    /// ```
    #[inline]
    pub fn size(&self) -> Result<i64> {
        product(&self.shape)
    }

    /// The number of top-level modes (1 for a scalar shape).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// assert_eq!("((2, 3), 4):((4, 8), 1)".parse::<Layout>().unwrap().rank(), 2);
    /// assert_eq!("8:1".parse::<Layout>().unwrap().rank(), 1);
    /// ```
    #[inline]
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// The depth of the shape: 0 for a scalar shape.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// assert_eq!("((2, 3), 4):((4, 8), 1)".parse::<Layout>().unwrap().depth(), 2);
    /// ```
    #[inline]
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }

    /// `size[mode](self)`: the size of the sub-layout at `mode`.
    ///
    /// # Errors
    /// `IndexError` if `mode` names no mode; `ValueError` on overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "((2, 3), 4):((4, 8), 1)".parse().unwrap();
    /// assert_eq!(a.size_mode(&[0]).unwrap(), 6);
    /// assert!(a.size_mode(&[2]).is_err());
    /// ```
    pub fn size_mode(&self, mode: &[usize]) -> Result<i64> {
        product(self.shape_at(mode)?.0)
    }

    /// `rank[mode](self)`.
    ///
    /// # Errors
    /// `IndexError` if `mode` names no mode.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "((2, 3), 4):((4, 8), 1)".parse().unwrap();
    /// assert_eq!(a.rank_mode(&[0]).unwrap(), 2);
    /// assert!(a.rank_mode(&[0, 5]).is_err());
    /// ```
    pub fn rank_mode(&self, mode: &[usize]) -> Result<usize> {
        Ok(self.shape_at(mode)?.0.rank())
    }

    /// `depth[mode](self)`.
    ///
    /// # Errors
    /// `IndexError` if `mode` names no mode.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(3, (2, 4)):(1, (3, 6))".parse().unwrap();
    /// assert_eq!(a.depth_mode(&[1]).unwrap(), 1);
    /// assert!(a.depth_mode(&[3]).is_err());
    /// ```
    pub fn depth_mode(&self, mode: &[usize]) -> Result<usize> {
        Ok(self.shape_at(mode)?.0.depth())
    }

    /// The shape and stride at `mode`, without copying; a scalar shape
    /// behaves as the 1-tuple it denotes.
    fn shape_at(&self, mode: &[usize]) -> Result<(&IntTuple, &Stride)> {
        let (mut s, mut d) = (&self.shape, &self.stride);
        for (k, &i) in mode.iter().enumerate() {
            let (sm, dm) = (s.modes(), d.modes());
            if i >= sm.len() {
                return Err(Error::out_of_range(
                    "Layout.get",
                    i,
                    Some(sm.len().into()),
                    format!(
                        "mode {mode:?} of {self:?}: index {i} at depth {k} is past rank {}",
                        sm.len()
                    ),
                ));
            }
            s = &sm[i];
            d = &dm[i];
        }
        Ok((s, d))
    }

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
        coshape(&self.shape, &self.stride)
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
        coprofile(&self.stride)
    }

    /// The size of the codomain: the product of [`Layout::coshape`]
    /// (`L(size - 1) + 1` for non-negative integer strides, 0 for an empty
    /// layout).
    ///
    /// # Errors
    /// As [`Layout::coshape`], and `ValueError` on overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// assert_eq!("(4, 8):(1, 5)".parse::<Layout>().unwrap().cosize().unwrap(), 39);
    /// assert_eq!("(4, 0):(1, 5)".parse::<Layout>().unwrap().cosize().unwrap(), 0);
    /// assert!("(4, 8):(1, 1@1)".parse::<Layout>().unwrap().cosize().is_err());
    /// ```
    pub fn cosize(&self) -> Result<i64> {
        product(&self.coshape()?)
    }
}

// ---------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------

impl Layout {
    /// Evaluates the layout at an integral coordinate:
    /// `L(i) == inner_product(idx2crd(i, shape), stride)`. Out-of-bounds
    /// indices are allowed (the excess goes to the last mode, the extended
    /// domain of the Whitepaper). Does not allocate for integer strides.
    ///
    /// # Post-conditions
    /// `result == self.call(&idx2crd(i, shape))`.
    ///
    /// # Errors
    /// `ValueError` on overflow or a zero extent used as a divisor;
    /// `TypeError` for strides whose algebras do not add.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, Scalar};
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// assert_eq!(a.call_index(7).unwrap(), Scalar::Int(8));
    /// assert_eq!(a.call_index(100).unwrap(), Scalar::Int(99));
    /// let b: Layout = "(4, 8):(1@0, 1@1)".parse().unwrap();
    /// assert_eq!(b.call_index(14).unwrap().to_string(), "(2, 3)");
    /// let big: Layout = "4:4611686018427387904".parse().unwrap();
    /// assert!(big.call_index(2).is_err());
    /// ```
    pub fn call_index(&self, idx: i64) -> Result<Scalar> {
        let mut acc = crate::stride::Acc::new();
        crate::stride::eval_index(idx, &self.shape, &self.stride, &mut acc)?;
        acc.finish("Layout()")
    }

    /// Evaluates the layout at a coordinate of any form: integral (a leaf),
    /// flat (one entry per top-level mode, each of which may itself be an
    /// integral coordinate of its sub-shape), or natural (congruent with the
    /// shape). A `None` leaf counts as zero.
    ///
    /// # Pre-conditions
    /// `weakly_congruent(crd, shape)`.
    ///
    /// # Post-conditions
    /// `result == inner_product(idx2crd(crd, shape), stride)`.
    ///
    /// # Errors
    /// `ValueError` if `crd` is not weakly congruent to the shape, or as
    /// [`Layout::call_index`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, IntTuple, Scalar};
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// assert_eq!(a.call(&p("17")).unwrap(), Scalar::Int(17));
    /// assert_eq!(a.call(&p("(2, 5)")).unwrap(), Scalar::Int(17));
    /// assert_eq!(a.call(&p("(2, (1, 2))")).unwrap(), Scalar::Int(17));
    /// assert!(a.call(&p("(1, 2, 3)")).is_err());
    /// ```
    pub fn call<C: CoordLeaf>(&self, crd: &HTuple<C>) -> Result<Scalar> {
        let mut acc = crate::stride::Acc::new();
        crate::stride::eval_coord(crd, &self.shape, &self.stride, false, &mut acc)?;
        acc.finish("Layout()")
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

    /// Partial evaluation: the offset of the coordinate's fixed part and the
    /// sub-layout of its `None` part (the specification's
    /// `Layout._offset_and_slice`). The offset sums the fixed leaves only
    /// (integer 0 if there are none); the sub-layout is
    /// `Layout(slice_(crd, shape), slice_(crd, stride))`.
    ///
    /// # Pre-conditions
    /// `weakly_congruent(crd, shape)`.
    ///
    /// # Post-conditions
    /// `offset + sub(j) == self(crd with its None part set to j)`.
    ///
    /// # Errors
    /// `ValueError` if `crd` is not weakly congruent to the shape, or on
    /// overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, Scalar, htuple::HTuple};
    /// let a: Layout = "(4, 8):(1, 4)".parse().unwrap();
    /// let (off, sub) = a.offset_and_slice(&HTuple::from_leaves([Some(2), None])).unwrap();
    /// assert_eq!(off, Scalar::Int(2));
    /// assert_eq!(format!("{sub:?}"), "Layout((8,), (4,))");
    /// assert!(a.offset_and_slice(&HTuple::from_leaves([Some(2), None, None])).is_err());
    /// ```
    pub fn offset_and_slice(&self, crd: &Coord) -> Result<(Scalar, Layout)> {
        let mut acc = crate::stride::Acc::new();
        crate::stride::eval_coord(crd, &self.shape, &self.stride, true, &mut acc)?;
        let shape = slice_(crd, &self.shape)?;
        let stride = slice_(crd, &self.stride)?;
        Ok((acc.finish("Layout()")?, Layout { shape, stride }))
    }
}

// ---------------------------------------------------------------------------
// Modes
// ---------------------------------------------------------------------------

/// Python's `slice.indices`: the indices a slice `start:stop:step` selects
/// from a sequence of length `len`, bounds clamped.
fn slice_indices(
    len: usize,
    start: Option<i64>,
    stop: Option<i64>,
    step: Option<i64>,
) -> Result<Vec<usize>> {
    let n = len as i64;
    let step = step.unwrap_or(1);
    if step == 0 {
        return Err(Error::value("Layout[]", "slice step cannot be zero"));
    }
    let clamp = |v: i64, lo: i64, hi: i64| {
        let v = if v < 0 { v.saturating_add(n) } else { v };
        v.clamp(lo, hi)
    };
    let mut out = Vec::new();
    if step > 0 {
        let a = start.map_or(0, |v| clamp(v, 0, n));
        let b = stop.map_or(n, |v| clamp(v, 0, n));
        let mut i = a;
        while i < b {
            out.push(i as usize);
            i = i.saturating_add(step);
        }
    } else {
        let a = start.map_or(n - 1, |v| clamp(v, -1, n - 1));
        let b = stop.map_or(-1, |v| clamp(v, -1, n - 1));
        let mut i = a;
        while i > b {
            out.push(i as usize);
            i = i.saturating_add(step);
        }
    }
    Ok(out)
}

impl Layout {
    /// The sub-layout at top-level mode `i` (`A[i]`), with Python's tuple
    /// indexing: negative indices count from the end. A layout whose shape is
    /// a scalar behaves as the 1-tuple it denotes, so its mode 0 (and -1) is
    /// itself.
    ///
    /// # Pre-conditions
    /// `-rank <= i < rank`.
    ///
    /// # Post-conditions
    /// `A.slice(Some(i), Some(j), None)?.mode(k) == A.mode(i + k)`.
    ///
    /// # Errors
    /// `IndexError` if `i` is out of range.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(2, 3, 5):(1, 2, 6)".parse().unwrap();
    /// assert_eq!(a.mode(1).unwrap(), "3:2".parse().unwrap());
    /// assert_eq!(a.mode(-1).unwrap(), "5:6".parse().unwrap());
    /// let b: Layout = "8:1".parse().unwrap();
    /// assert_eq!(b.mode(-1).unwrap(), b);
    /// assert!(a.mode(3).is_err());
    /// assert!(a.mode(-4).is_err());
    /// ```
    pub fn mode(&self, i: i64) -> Result<Layout> {
        let (s, d) = (self.shape.modes(), self.stride.modes());
        let n = s.len() as i64;
        let k = if i < 0 { i + n } else { i };
        if !(0..n).contains(&k) {
            return Err(Error::out_of_range(
                "Layout[]",
                i,
                Some(n.into()),
                format!("mode {i} of {self:?}, whose rank is {n}"),
            ));
        }
        Ok(Layout {
            shape: s[k as usize].clone(),
            stride: d[k as usize].clone(),
        })
    }

    /// The modes `start:stop:step` as one layout (`A[i:j:k]`), with Python's
    /// slice semantics: the result stays wrapped (a tuple shape), bounds are
    /// clamped rather than checked, `None` takes the default.
    ///
    /// # Post-conditions
    /// `rank(result)` is the number of indices the slice selects.
    ///
    /// # Errors
    /// `ValueError` for a zero step.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(2, 3, 5, 7):(1, 2, 6, 30)".parse().unwrap();
    /// assert_eq!(a.slice(Some(1), Some(-1), None).unwrap(), "(3, 5):(2, 6)".parse().unwrap());
    /// assert_eq!(a.slice(None, None, Some(2)).unwrap(), "(2, 5):(1, 6)".parse().unwrap());
    /// assert_eq!(format!("{:?}", a.slice(Some(1), Some(2), None).unwrap()), "Layout((3,), (2,))");
    /// assert_eq!(format!("{:?}", a.slice(Some(2), Some(2), None).unwrap()), "Layout((), ())");
    /// assert_eq!(format!("{:?}", "8:1".parse::<Layout>().unwrap().slice(Some(0), Some(1), None).unwrap()),
    ///            "Layout((8,), (1,))");
    /// assert!(a.slice(None, None, Some(0)).is_err());
    /// ```
    pub fn slice(
        &self,
        start: Option<i64>,
        stop: Option<i64>,
        step: Option<i64>,
    ) -> Result<Layout> {
        let (s, d) = (self.shape.modes(), self.stride.modes());
        let idx = slice_indices(s.len(), start, stop, step)?;
        Ok(Layout {
            shape: HTuple::Tuple(idx.iter().map(|&i| s[i].clone()).collect()),
            stride: HTuple::Tuple(idx.iter().map(|&i| d[i].clone()).collect()),
        })
    }

    /// The sub-layout at the mode path `mode` (`A.get(mode)`, `get[mode](A)`);
    /// the empty path is the whole layout.
    ///
    /// # Errors
    /// `IndexError` if `mode` names no mode.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// assert_eq!(a.get(&[1, 0]).unwrap(), "2:1".parse().unwrap());
    /// assert_eq!(a.get(&[]).unwrap(), a);
    /// assert!(a.get(&[2]).is_err());
    /// ```
    pub fn get(&self, mode: &[usize]) -> Result<Layout> {
        let (s, d) = self.shape_at(mode)?;
        Ok(Layout {
            shape: s.clone(),
            stride: d.clone(),
        })
    }

    /// The top-level modes named by `mode`, in the order given
    /// (`select[mode](A)`); [`make_layout`] joins them back into one layout.
    ///
    /// # Post-conditions
    /// `result.len() == mode.len()`; `result[i] == A.mode(mode[i])`.
    ///
    /// # Errors
    /// `IndexError` if an index is out of range.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::layout::{make_layout, Layout};
    /// let a: Layout = "(2, 3, 5, 7):(1, 2, 6, 30)".parse().unwrap();
    /// assert_eq!(make_layout(&a.select(&[3, 1]).unwrap()), "(7, 3):(30, 2)".parse().unwrap());
    /// assert!(a.select(&[4]).is_err());
    /// ```
    pub fn select(&self, mode: &[usize]) -> Result<Vec<Layout>> {
        mode.iter().map(|&i| self.get(&[i])).collect()
    }

    /// The top-level modes, as layouts (a scalar-shaped layout has one mode,
    /// itself).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// assert_eq!(a.modes().map(|m| m.to_string()).collect::<Vec<_>>(), ["3:2", "(2, 4):(1, 6)"]);
    /// ```
    pub fn modes(&self) -> impl ExactSizeIterator<Item = Layout> + '_ {
        self.shape
            .modes()
            .iter()
            .zip(self.stride.modes())
            .map(|(s, d)| Layout {
                shape: s.clone(),
                stride: d.clone(),
            })
    }
}

// ---------------------------------------------------------------------------
// Free functions
// ---------------------------------------------------------------------------

/// Concatenates layouts, each becoming one mode of the result.
///
/// # Post-conditions
/// `rank(result) == layouts.len()`; `result.mode(i) == layouts[i]`.
///
/// # Examples
/// ```
/// use cute_dynamic::layout::{make_layout, Layout};
/// let l = make_layout(&["3:1", "(5, 1):(7, 2)", "2:42"].map(|s| s.parse::<Layout>().unwrap()));
/// assert_eq!(format!("{l:?}"), "Layout((3, (5, 1), 2), (1, (7, 2), 42))");
/// assert_eq!(format!("{:?}", make_layout(&[])), "Layout((), ())");
/// ```
pub fn make_layout(layouts: &[Layout]) -> Layout {
    Layout {
        shape: HTuple::Tuple(layouts.iter().map(|l| l.shape.clone()).collect()),
        stride: HTuple::Tuple(layouts.iter().map(|l| l.stride.clone()).collect()),
    }
}

/// [`make_layout`] of owned layouts, without copying them.
///
/// # Examples
/// ```
/// use cute_dynamic::layout::{make_layout_owned, Layout};
/// let l = make_layout_owned(vec!["3:1".parse().unwrap(), "4:3".parse().unwrap()]);
/// assert_eq!(l, "(3, 4):(1, 3)".parse::<Layout>().unwrap());
/// ```
pub fn make_layout_owned(layouts: Vec<Layout>) -> Layout {
    let (shape, stride) = layouts.into_iter().map(Layout::into_parts).unzip();
    Layout {
        shape: HTuple::Tuple(shape),
        stride: HTuple::Tuple(stride),
    }
}

/// A tree of layouts joined into one layout, [`make_layout`] at every node:
/// the specification's `make=make_layout` argument of `flatten`, `slice_`,
/// `lift` and `transform_apply_leaf`.
///
/// # Examples
/// ```
/// use cute_dynamic::{htuple::{lift, HTuple}, layout::{make_layout_tree, Layout}};
/// let l: Layout = "4:2".parse().unwrap();
/// let t = lift(HTuple::Leaf(l), &HTuple::Leaf("1:0".parse().unwrap()), &[1]);
/// assert_eq!(make_layout_tree(&t), "(1, 4):(0, 2)".parse().unwrap());
/// ```
pub fn make_layout_tree(t: &HTuple<Layout>) -> Layout {
    match t {
        HTuple::Leaf(l) => l.clone(),
        HTuple::Tuple(c) => make_layout_owned(c.iter().map(make_layout_tree).collect()),
    }
}

/// Compact strides for `shape` visiting the leaves in the order `order`
/// (indices into the flattened shape): the first gets stride 1, each next
/// the product of the extents before it.
fn compact_in_order(shape: &IntTuple, order: &[usize], pinned: &[bool]) -> Result<IntTuple> {
    let ext: Vec<i64> = shape.leaves().copied().collect();
    let mut out = vec![0i64; ext.len()];
    let mut cur = 1i64;
    let mut overflowed = false;
    for &k in order {
        if pinned[k] {
            continue;
        }
        if overflowed {
            return Err(Error::overflow(
                "make_layout_like",
                format!("compact strides of {shape} leave the 64-bit range"),
            ));
        }
        out[k] = cur;
        match cur.checked_mul(ext[k]) {
            Some(v) => cur = v,
            None => overflowed = true,
        }
    }
    crate::htuple::unflatten(&mut out.into_iter(), shape)
}

/// A compact layout with the shape of `layout` whose strides follow the
/// order of its strides: the mode with the smallest non-zero stride
/// magnitude gets stride 1, the rest compact prefix-product strides in
/// stable ascending order of stride magnitude. A mode whose stride is zero
/// carries no position and keeps stride 0.
///
/// A coordinate stride `k@p` (a scaled basis element) is ordered by its
/// basis index `p` first (lexicographically for a nested index such as
/// `E(0, 1)`), then by its scale's magnitude; an integer stride is the
/// rank-zero basis element, index `()`, so it comes before every coordinate
/// stride. The result has integer strides either way.
///
/// # Pre-conditions
/// Every stride is an integer, a scaled basis element, or zero.
///
/// A size-1 mode is ordered like any other: it takes the running stride at
/// its place in the order (so it may share a stride with the next mode).
///
/// # Post-conditions
/// `shape(result) == shape(layout)`; the non-zero modes are compact;
/// idempotent when every extent is greater than 1.
///
/// # Errors
/// `TypeError` for a non-zero F2 stride or a coordinate sum of several
/// terms (they have no place in the order); `ValueError` on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::layout::{make_layout_like, Layout};
/// let p = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(make_layout_like(&p("(4, 8):(100, 1)")).unwrap(), p("(4, 8):(8, 1)"));
/// assert_eq!(make_layout_like(&p("(2, 3, 4, 5):(0, 42, 4, 0)")).unwrap(), p("(2, 3, 4, 5):(0, 4, 1, 0)"));
/// assert_eq!(make_layout_like(&p("(4, 8):(1@1, 1@0)")).unwrap(), p("(4, 8):(8, 1)"));
/// assert_eq!(make_layout_like(&p("(2, 3, 5):(1@1, 0, 2@0)")).unwrap(), p("(2, 3, 5):(5, 0, 1)"));
/// assert!(make_layout_like(&p("(4, 8):(F1, F4)")).is_err());
/// ```
pub fn make_layout_like(layout: &Layout) -> Result<Layout> {
    let mut keys: Vec<(Vec<usize>, u64)> = Vec::with_capacity(layout.stride.leaf_count());
    let mut pinned = Vec::with_capacity(keys.capacity());
    for d in layout.stride.leaves() {
        if d.is_zero() {
            keys.push((Vec::new(), 0));
            pinned.push(true);
            continue;
        }
        let key = match d {
            Scalar::Int(v) => Some((Vec::new(), v.unsigned_abs())),
            Scalar::Arith(t) => {
                let mut terms = t.terms();
                match (terms.pop(), terms.is_empty()) {
                    (Some((Scalar::Int(k), path)), true) => Some((path, k.unsigned_abs())),
                    _ => None,
                }
            }
            Scalar::F2(_) => None,
        };
        match key {
            Some(key) => {
                keys.push(key);
                pinned.push(false);
            }
            None => {
                return Err(Error::type_error(
                    "make_layout_like",
                    format!("stride {d} of {layout} has no place in the order of strides"),
                ))
            }
        }
    }
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|&i, &j| keys[i].cmp(&keys[j]));
    let stride = compact_in_order(&layout.shape, &order, &pinned)?;
    Ok(Layout {
        shape: layout.shape.clone(),
        stride: stride.map(&mut |&v| Scalar::Int(v)),
    })
}

/// A compact layout of `shape` whose strides follow `order`: the leaf with
/// the smallest order value gets stride 1, the rest compact prefix-product
/// strides in stable ascending order of their order values (only their
/// relative order matters).
///
/// # Pre-conditions
/// `congruent(shape, order)`.
///
/// # Post-conditions
/// `shape(result) == shape`; the result is compact.
///
/// # Errors
/// `ValueError` if `shape` and `order` are not congruent, or on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::{layout::{make_ordered_layout, Layout}, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(make_ordered_layout(&p("(4, 8)"), &p("(1, 0)")).unwrap(), "(4, 8):(8, 1)".parse().unwrap());
/// assert_eq!(make_ordered_layout(&p("(2, 3, 4, 2)"), &p("(0, 2, 3, 0)")).unwrap(),
///            "(2, 3, 4, 2):(1, 4, 12, 2)".parse().unwrap());
/// assert!(make_ordered_layout(&p("(4, 8)"), &p("(1, 0, 2)")).is_err());
/// ```
pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<Layout> {
    if !shape.congruent_with(order) {
        return Err(Error::NotCongruent {
            op: "make_ordered_layout",
            msg: format!("shape {shape} and order {order}"),
        });
    }
    let keys: Vec<i64> = order.leaves().copied().collect();
    let mut idx: Vec<usize> = (0..keys.len()).collect();
    idx.sort_by_key(|&k| keys[k]);
    let pinned = vec![false; keys.len()];
    let stride = compact_in_order(shape, &idx, &pinned)?;
    Layout::new(shape.clone(), stride.map(&mut |&v| Scalar::Int(v)))
}

/// The layout a tiler acts as under composition. An integer `n` is `n:1`, a
/// layout is itself, and a tuple of tilers becomes one coordinate layout
/// whose mode `i` lives on codomain axis `i`: each sub-tiler's strides are
/// placed at that axis (`(4, 5)` is `(4, 5):(1@0, 1@1)`,
/// `(4:2, 5:3)` is `(4, 5):(2@0, 3@1)`), recursively for nested tuples
/// (mode `(0, 1)` lands on axis `1@1@0`). A `None` mode inside a tuple
/// keeps its axis but selects nothing along it: `1:0` there.
///
/// # Post-conditions
/// `shape(result) == shape(tiler)`; `coprofile(result)` has one axis per
/// tuple mode.
///
/// # Errors
/// `ValueError` for a `None` tiler (it has no extent) or an invalid layout.
///
/// # Examples
/// ```
/// use cute_dynamic::layout::{tiler_to_layout, Layout, Tiler};
/// let p = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(tiler_to_layout(&Tiler::Int(3)).unwrap(), p("3:1"));
/// let t = Tiler::Tuple(vec![Tiler::Int(4), Tiler::Int(5)]);
/// assert_eq!(format!("{:?}", tiler_to_layout(&t).unwrap()), "Layout((4, 5), (1@0, 1@1))");
/// let t = Tiler::Tuple(vec![Tiler::Layout(p("4:2")), Tiler::Layout(p("5:3"))]);
/// assert_eq!(format!("{:?}", tiler_to_layout(&t).unwrap()), "Layout((4, 5), (2@0, 3@1))");
/// assert!(tiler_to_layout(&Tiler::None).is_err());
/// ```
pub fn tiler_to_layout(tiler: &Tiler) -> Result<Layout> {
    promote_tiler(tiler, false)
}

/// The identity layout of a tiler's domain composed with the tiler: what
/// the algebra acts on when its A is `None`. As [`tiler_to_layout`], except
/// that a `None` mode inside a tuple is that mode of the identity, `1:E(i)`
/// (its extent unknown, its axis kept), rather than `1:0`.
///
/// # Errors
/// As [`tiler_to_layout`].
pub(crate) fn identity_of_tiler(tiler: &Tiler) -> Result<Layout> {
    promote_tiler(tiler, true)
}

/// [`tiler_to_layout`]; with `identity`, a `None` mode inside a tuple is
/// `1:E(path)` rather than `1:0`.
fn promote_tiler(tiler: &Tiler, identity: bool) -> Result<Layout> {
    fn go(t: &Tiler, path: &mut Vec<usize>, identity: bool) -> Result<Layout> {
        let at = |d: &Scalar, path: &[usize]| -> Scalar {
            if path.is_empty() {
                d.clone()
            } else {
                ArithTuple::scaled_basis(d.clone(), path)
            }
        };
        match t {
            Tiler::Int(n) => Layout::new(HTuple::Leaf(*n), HTuple::Leaf(at(&Scalar::Int(1), path))),
            Tiler::Layout(l) => Ok(Layout {
                shape: l.shape.clone(),
                stride: l.stride.map(&mut |d| at(d, path)),
            }),
            Tiler::None if path.is_empty() => Err(Error::value(
                "tiler_to_layout",
                "None has no extent: it is a no-op mode only inside a tuple",
            )),
            Tiler::None => Ok(Layout {
                shape: HTuple::Leaf(1),
                stride: HTuple::Leaf(ArithTuple::scaled_basis(
                    Scalar::Int(i64::from(identity)),
                    path,
                )),
            }),
            Tiler::Tuple(c) => {
                let mut modes = Vec::with_capacity(c.len());
                for (i, x) in c.iter().enumerate() {
                    path.push(i);
                    let m = go(x, path, identity);
                    path.pop();
                    modes.push(m?);
                }
                Ok(make_layout_owned(modes))
            }
        }
    }
    // A mode at path p gets a basis element holding sum(p) + len(p) entries:
    // refuse a tiler whose coordinate strides would not fit in memory.
    fn entries(t: &Tiler, cost: usize) -> usize {
        match t {
            Tiler::Tuple(c) => c.iter().enumerate().fold(0usize, |acc, (i, x)| {
                acc.saturating_add(entries(x, cost.saturating_add(i).saturating_add(1)))
            }),
            Tiler::Layout(l) => cost.saturating_mul(l.shape.leaf_count()),
            Tiler::Int(_) | Tiler::None => cost,
        }
    }
    if entries(tiler, 0) > crate::atuple::MAX_BASIS_ENTRIES {
        return Err(Error::value(
            "tiler_to_layout",
            format!(
                "a tiler of rank {} would need coordinate strides of more than {} entries",
                match tiler {
                    Tiler::Tuple(c) => c.len(),
                    _ => 1,
                },
                crate::atuple::MAX_BASIS_ENTRIES
            ),
        ));
    }
    go(tiler, &mut Vec::new(), identity)
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a as i64
}

/// Recasts a layout to a new element size, `num / den` times the old one:
/// `recast(L, 8, 1)` packs 8 source elements per new element, `recast(L, 1,
/// 2)` unpacks 2 new elements per source element. Each leaf `s:d` is
/// rescaled by the ratio of its stride's magnitude `v` (its coefficient, for
/// a coordinate stride, whose axis is kept) to the scale `r = num / den`:
///
/// ```text
/// s:0   ->  s:0
/// s:±1  ->  ceil(s / r) : ±1                  the contiguous mode resizes
/// s:v   ->  s : v / r                         r divides v
/// s:v   ->  ceil(s * v / r) : ±1              v divides r
/// ```
///
/// # Pre-conditions
/// `num > 0`, `den > 0`; at each leaf the stride and the scale divide one
/// another.
///
/// # Post-conditions
/// `shape(result)` is congruent with `shape(layout)`.
///
/// # Errors
/// `ValueError` for a non-positive scale, a leaf whose stride and scale do
/// not divide one another, or on overflow; `TypeError` for an F2 or
/// multi-term arithmetic-tuple stride.
///
/// # Examples
/// ```
/// use cute_dynamic::layout::{recast, Layout};
/// let p = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(recast(&p("24:1"), 8, 1).unwrap(), p("3:1"));
/// assert_eq!(recast(&p("24:2"), 4, 1).unwrap(), p("12:1"));
/// assert_eq!(recast(&p("(4, 4):(4, 1)"), 4, 1).unwrap(), p("(4, 1):(1, 1)"));
/// assert_eq!(recast(&p("(4, 4):(4, 1)"), 1, 2).unwrap(), p("(4, 8):(8, 1)"));
/// assert!(recast(&p("(3, 3):(3, 1)"), 2, 1).is_err());
/// ```
pub fn recast(layout: &Layout, num: i64, den: i64) -> Result<Layout> {
    const OP: &str = "recast";
    if num <= 0 || den <= 0 {
        return Err(Error::value(
            OP,
            format!("scale {num}/{den} is not positive"),
        ));
    }
    let g = gcd(num, den);
    let (num, den) = (num / g, den / g);
    let ovf = || {
        Error::overflow(
            OP,
            format!("recasting {layout} by {num}/{den} leaves the 64-bit range"),
        )
    };
    // ceil(a / b) for a >= 0, b > 0 (without a + b - 1, which may overflow)
    let ceil_div = |a: i64, b: i64| a / b + i64::from(a % b != 0);
    let mut out_shape = Vec::with_capacity(layout.shape.leaf_count());
    let mut out_stride = Vec::with_capacity(out_shape.capacity());
    for (&s, d) in layout.shape.leaves().zip(layout.stride.leaves()) {
        if d.is_zero() {
            out_shape.push(s);
            out_stride.push(d.clone());
            continue;
        }
        let (v, path): (i64, Vec<usize>) = match d {
            Scalar::Int(v) => (*v, Vec::new()),
            Scalar::Arith(a) => match a.terms().as_slice() {
                [(Scalar::Int(v), p)] => (*v, p.clone()),
                _ => {
                    return Err(Error::type_error(
                        OP,
                        format!("stride {d} is not a single scaled basis element"),
                    ))
                }
            },
            Scalar::F2(_) => {
                return Err(Error::type_error(
                    OP,
                    format!("stride {d} is an F2 value, which has no magnitude"),
                ))
            }
        };
        let rebuild = |x: i64| -> Scalar {
            if path.is_empty() {
                Scalar::Int(x)
            } else {
                ArithTuple::scaled_basis(Scalar::Int(x), &path)
            }
        };
        let sign = v.signum();
        let m = v.checked_abs().ok_or_else(ovf)?;
        // new stride in new elements: v * den / num
        let vd = m.checked_mul(den).ok_or_else(ovf)?;
        if m == 1 {
            let n = s.checked_mul(den).ok_or_else(ovf)?;
            out_shape.push(ceil_div(n, num));
            out_stride.push(rebuild(sign));
        } else if vd % num == 0 {
            out_shape.push(s);
            out_stride.push(rebuild(sign * (vd / num)));
        } else if num % vd == 0 {
            let n = s.checked_mul(vd).ok_or_else(ovf)?;
            out_shape.push(ceil_div(n, num));
            out_stride.push(rebuild(sign));
        } else {
            return Err(Error::divisibility(
                OP,
                v,
                num,
                format!("stride {d} of {layout} and scale {num}/{den} do not divide one another"),
            ));
        }
    }
    let shape = crate::htuple::unflatten(&mut out_shape.into_iter(), &layout.shape)?;
    let stride = crate::htuple::unflatten(&mut out_stride.into_iter(), &layout.stride)?;
    Layout::new(shape, stride)
}

#[cfg(test)]
mod tests {
    use super::testdata::{arb_layout, call_args, cases, matching_close, outcome, split_top};
    use super::*;
    use crate::shape::{coordinates, idx2crd_int};
    use proptest::prelude::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }

    fn p(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    fn dbg(x: &Layout) -> String {
        format!("{x:?}")
    }

    /// `Layout(...)` and the text after it.
    fn split_layout(expr: &str) -> (Layout, &str) {
        let open = expr.find('(').unwrap();
        let close = open + matching_close(&expr[open..]);
        let lay = expr[..=close]
            .parse()
            .unwrap_or_else(|e| panic!("{expr}: {e}"));
        (lay, &expr[close + 1..])
    }

    fn check(tag: &str, count: usize, f: impl Fn(&str) -> String) {
        let cs = cases(tag);
        assert_eq!(cs.len(), count, "cases of {tag}");
        let bad: Vec<String> = cs
            .iter()
            .filter_map(|(e, want)| {
                let got = f(e);
                (&got != want).then(|| format!("{e}: got {got}, want {want}"))
            })
            .collect();
        assert!(
            bad.is_empty(),
            "{} of {count} {tag} cases differ:\n{}",
            bad.len(),
            bad.join("\n")
        );
    }

    #[test]
    fn conformance_f2_coshape() {
        check("f2_coshape", 149, |e| {
            let a = call_args(e, "coshape");
            outcome(l(a[0]).coshape(), |r| r.to_string())
        });
    }

    #[test]
    fn conformance_recast() {
        check("recast", 148, |e| {
            let a = call_args(e, "recast");
            let (num, den) = match a[1].strip_prefix("Fraction(") {
                Some(f) => {
                    let nd = split_top(f.strip_suffix(')').unwrap(), ',');
                    (nd[0].parse().unwrap(), nd[1].parse().unwrap())
                }
                None => (a[1].parse().unwrap(), 1),
            };
            outcome(recast(&l(a[0]), num, den), dbg)
        });
    }

    fn eval_case(e: &str) -> String {
        let (lay, rest) = split_layout(e);
        let arg = rest.strip_prefix('(').unwrap().strip_suffix(')').unwrap();
        let crd: IntTuple = arg.parse().unwrap();
        outcome(lay.call(&crd), |r| r.to_string())
    }

    #[test]
    fn conformance_eval() {
        check("eval", 149, eval_case);
        check("coord_eval", 140, eval_case);
        check("f2_eval", 150, eval_case);
    }

    #[test]
    fn conformance_slice() {
        check("slice", 148, |e| {
            let (lay, rest) = split_layout(e);
            let arg = rest.strip_prefix('[').unwrap().strip_suffix(']').unwrap();
            let num = |s: &str| (!s.is_empty()).then(|| s.parse::<i64>().unwrap());
            if arg.contains(':') {
                let parts: Vec<&str> = arg.split(':').collect();
                let step = parts.get(2).and_then(|s| num(s));
                outcome(lay.slice(num(parts[0]), num(parts[1]), step), dbg)
            } else {
                outcome(lay.mode(arg.parse().unwrap()), dbg)
            }
        });
    }

    #[test]
    fn conformance_make_layout_like() {
        check("make_layout_like", 142, |e| {
            let a = call_args(e, "make_layout_like");
            outcome(make_layout_like(&l(a[0])), dbg)
        });
    }

    #[test]
    fn construction() {
        assert_eq!(dbg(&l("Layout(8)")), "Layout(8, 1)");
        assert_eq!(dbg(&l("Layout((4, 8))")), "Layout((4, 8), (1, 4))");
        assert_eq!(dbg(&l("Layout((4, 8), 2)")), "Layout((4, 8), (2, 8))");
        assert_eq!(
            dbg(&Layout::compact(p("(3, (2, 4))")).unwrap()),
            "Layout((3, (2, 4)), (1, (3, 6)))"
        );
        assert_eq!(
            dbg(&Layout::with_base(p("(4, 8)"), ArithTuple::e(&[1])).unwrap()),
            "Layout((4, 8), (1@1, 4@1))"
        );
        assert!(Layout::new(p("(4, 8)"), "(1, (2, 3))".parse().unwrap()).is_err());
        assert!(Layout::compact(p("(2, -3)")).is_err());
    }

    #[test]
    fn parsing() {
        assert_eq!(
            l("(3, (2, 4)):(2, (1, 6))"),
            l("Layout((3, (2, 4)), (2, (1, 6)))")
        );
        assert_eq!(dbg(&l("(4, 8):(1@0, 6@1)")), "Layout((4, 8), (1@0, 6@1))");
        assert_eq!(
            dbg(&l("(4, 8):(E(0), 3 * E(1, 0))")),
            "Layout((4, 8), (1@0, 3@0@1))"
        );
        assert_eq!(dbg(&l("(4, 8):(F2(6), F1)")), "Layout((4, 8), (F6, F1))");
        assert_eq!(dbg(&l("(4, 8):(F2, F2 (3))")), "Layout((4, 8), (F2, F3))");
        assert_eq!(dbg(&l("(_4,_8):(_1,_4)")), "Layout((4, 8), (1, 4))");
        assert_eq!(dbg(&l("((8,),):((1,),)")), "Layout(((8,),), ((1,),))");
        assert_eq!(dbg(&l("():()")), "Layout((), ())");
        assert_eq!(
            dbg(&l(" ( 4 , 0b100 ) : ( -1 , 0x10 ) ")),
            "Layout((4, 4), (-1, 16))"
        );
        for (bad, pos) in [
            ("(4, 8):(1, 4", 12),
            ("(4, 8)", 6),
            ("(4, 8):(1, 4) x", 14),
            ("(4; 8):(1, 4)", 2),
            ("Layout(4, 1", 11),
        ] {
            match bad.parse::<Layout>() {
                Err(Error::Parse { pos: got, .. }) => assert_eq!(got, pos, "{bad}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
        assert!("(99999999999999999999):(1)".parse::<Layout>().is_err());
        assert!("(4, 8):(1, 4, 5)".parse::<Layout>().is_err());
        // the printed forms read back
        for s in [
            "(3, (2, 4)):(2, (1, 6))",
            "(4, 8):(1@0, 3@0@1)",
            "(2, 2):(F3, F12)",
            "(8,):(1,)",
        ] {
            let a = l(s);
            assert_eq!(a.to_string(), s);
            assert_eq!(l(&format!("{a:?}")), a);
        }
    }

    #[test]
    fn evaluation_spec_examples() {
        let a = l("(3, (2, 4)):(2, (1, 6))");
        let image: Vec<i64> = (0..24).map(|i| a.call_int(i).unwrap()).collect();
        assert_eq!(
            image,
            [
                0, 2, 4, 1, 3, 5, 6, 8, 10, 7, 9, 11, 12, 14, 16, 13, 15, 17, 18, 20, 22, 19, 21,
                23
            ]
        );
        assert_eq!(a.call(&p("(1, 2)")).unwrap(), Scalar::Int(8));
        assert_eq!(a.call(&p("(0, 7)")).unwrap(), Scalar::Int(19));
        assert_eq!(a.call(&p("(0, (1, 3))")).unwrap(), Scalar::Int(19));
        assert_eq!(a.call(&p("(2, 7)")).unwrap(), Scalar::Int(23));
        assert_eq!(a.call_int(100).unwrap(), 99);
        let b = l("(4, 8):(8, 1)");
        assert_eq!(b.call(&p("(2, 3)")).unwrap(), Scalar::Int(19));
        let c = l("(4, 8):(1@1, 1@0)");
        assert_eq!(c.call(&p("(2, 3)")).unwrap().to_string(), "(3, 2)");
        let f = l("(4, 4):(F50, F49)");
        assert_eq!(f.call_index(13).unwrap().to_string(), "F97");
        let none: Coord = "(None, 1)".parse().unwrap();
        assert_eq!(b.call(&none).unwrap(), Scalar::Int(1));
    }

    #[test]
    fn sizes_and_codomains() {
        let a = l("((2, 3), 4):((4, 8), 1)");
        assert_eq!(a.size().unwrap(), 24);
        assert_eq!(a.size_mode(&[0]).unwrap(), 6);
        assert_eq!(a.size_mode(&[1]).unwrap(), 4);
        assert_eq!(a.rank(), 2);
        assert_eq!(a.rank_mode(&[0]).unwrap(), 2);
        assert_eq!(a.depth(), 2);
        assert_eq!(a.shape(), &p("((2, 3), 4)"));
        assert_eq!(l("(4, 8):(1, 4)").coshape().unwrap(), p("32"));
        assert_eq!(l("(4, 8):(8, 1)").coshape().unwrap(), p("32"));
        assert_eq!(l("(4, 8):(1@0, 1@1)").coshape().unwrap(), p("(4, 8)"));
        assert_eq!(l("(4, 8):(1@0, 6@1)").coshape().unwrap(), p("(4, 43)"));
        assert_eq!(l("4:F3").coshape().unwrap(), p("8"));
        assert_eq!(l("(4, 8):(-1, 4)").coshape().unwrap(), p("29"));
        assert_eq!(l("(4, 8):(0, 0)").cosize().unwrap(), 1);
        assert_eq!(l("(2, 8):(1@0, 0)").coshape().unwrap(), p("(2,)"));
        assert_eq!(l("(4, 8):(1, 4)").coprofile(), p("0"));
        assert_eq!(l("(4, 8):(1@0, 1@1)").coprofile(), p("(0, 0)"));
        assert!(l("(4, 8):(F1, 4)").coshape().is_err());
        assert!(l("(4, 8):(4611686018427387904, 4)").coshape().is_err());
        assert!(Layout::compact(p("(1099511627776, 1099511627776)"))
            .unwrap()
            .size()
            .is_err());
    }

    #[test]
    fn mode_indexing() {
        let a = l("(3, (2, 4)):(2, (1, 6))");
        assert_eq!(a.mode(0).unwrap(), l("3:2"));
        assert_eq!(a.mode(1).unwrap(), l("(2, 4):(1, 6)"));
        assert_eq!(a.mode(1).unwrap().mode(0).unwrap(), l("2:1"));
        assert_eq!(a.get(&[1, 0]).unwrap(), l("2:1"));
        assert_eq!(a.get(&[1]).unwrap(), l("(2, 4):(1, 6)"));
        assert_eq!(
            l("(2, (3, 5)):(1, (2, 6))").mode(-1).unwrap(),
            l("(3, 5):(2, 6)")
        );
        assert_eq!(
            l("(2, 3):(1, 2)").mode(2).unwrap_err().class(),
            cute_core::ErrorClass::IndexError
        );
        assert_eq!(
            l("(2, 3):(1, 2)").mode(-3).unwrap_err().class(),
            cute_core::ErrorClass::IndexError
        );
        let b = l("(2, 3, 5, 7):(1, 2, 6, 30)");
        assert_eq!(
            b.slice(Some(1), None, None).unwrap(),
            l("(3, 5, 7):(2, 6, 30)")
        );
        assert_eq!(
            b.slice(Some(1), Some(99), None).unwrap(),
            l("(3, 5, 7):(2, 6, 30)")
        );
        assert_eq!(
            b.slice(None, None, Some(-1)).unwrap(),
            l("(7, 5, 3, 2):(30, 6, 2, 1)")
        );
        assert_eq!(
            b.slice(Some(-2), Some(0), Some(-1)).unwrap(),
            l("(5, 3):(6, 2)")
        );
        assert_eq!(
            dbg(&b.slice(Some(2), Some(2), None).unwrap()),
            "Layout((), ())"
        );
        assert_eq!(b.slice(None, None, None).unwrap(), b);
        let sel = b.select(&[1, 3]).unwrap();
        assert_eq!(sel, vec![l("3:2"), l("7:30")]);
        assert_eq!(make_layout(&sel), l("(3, 7):(2, 30)"));
        assert_eq!(b.select(&[2]).unwrap(), vec![l("5:6")]);
        assert_eq!(l("8:1").get(&[0, 0]).unwrap(), l("8:1"));
    }

    #[test]
    fn slicing_by_coordinate() {
        let a = l("(4, 8):(1, 4)");
        let (off, sub) = a.offset_and_slice(&"(2, None)".parse().unwrap()).unwrap();
        assert_eq!(
            (off, dbg(&sub)),
            (Scalar::Int(2), "Layout((8,), (4,))".to_string())
        );
        let (off, sub) = a.offset_and_slice(&"(None, 3)".parse().unwrap()).unwrap();
        assert_eq!(
            (off, dbg(&sub)),
            (Scalar::Int(12), "Layout((4,), (1,))".to_string())
        );
        let b = l("(3, (2, 4)):(2, (1, 6))");
        let (off, sub) = b.offset_and_slice(&"(1, 5)".parse().unwrap()).unwrap();
        assert_eq!(
            (off, dbg(&sub)),
            (b.call(&p("(1, 5)")).unwrap(), "Layout((), ())".to_string())
        );
        let (off, sub) = b
            .offset_and_slice(&"(None, (1, None))".parse().unwrap())
            .unwrap();
        assert_eq!(
            (off, dbg(&sub)),
            (Scalar::Int(1), "Layout((3, 4), (2, 6))".to_string())
        );
        // nothing fixed: the offset is the integer 0 even for F2 strides
        let f = l("(4, 4):(F3, F5)");
        let (off, sub) = f.offset_and_slice(&"None".parse().unwrap()).unwrap();
        assert_eq!(
            (off, dbg(&sub)),
            (Scalar::Int(0), "Layout(((4, 4),), ((F3, F5),))".to_string())
        );
    }

    #[test]
    fn make_layouts() {
        assert_eq!(make_layout(&[l("3:1"), l("4:3")]), l("(3, 4):(1, 3)"));
        let a = l("(3, (2, 4)):(2, (1, 6))");
        assert_eq!(
            a,
            make_layout(&[l("3:2"), make_layout(&[l("2:1"), l("4:6")])])
        );
        assert_eq!(
            make_layout_like(&l("(4, 8):(1, 4)")).unwrap(),
            l("(4, 8):(1, 4)")
        );
        assert_eq!(
            make_ordered_layout(&p("(4, 8)"), &p("(0, 1)")).unwrap(),
            l("(4, 8):(1, 4)")
        );
        assert_eq!(
            make_ordered_layout(&p("((2, 2), 3)"), &p("((5, 1), 3)")).unwrap(),
            l("((2, 2), 3):((6, 1), 2)")
        );
        assert!(make_ordered_layout(&p("(4, 8)"), &p("((0, 1), 2)")).is_err());
        let flat = crate::htuple::flatten(&HTuple::from_leaves([l("2:1"), l("3:1")]));
        assert_eq!(make_layout_tree(&flat), l("(2, 3):(1, 1)"));
        let sl = crate::htuple::slice_(
            &"(None, 1)".parse::<Coord>().unwrap(),
            &HTuple::from_leaves([l("4:1"), l("8:1")]),
        )
        .unwrap();
        assert_eq!(dbg(&make_layout_tree(&sl)), "Layout((4,), (1,))");
    }

    #[test]
    fn tilers() {
        assert_eq!(tiler_to_layout(&Tiler::Int(3)).unwrap(), l("3:1"));
        assert_eq!(
            tiler_to_layout(&Tiler::Layout(l("(7, 2):(3, 1)"))).unwrap(),
            l("(7, 2):(3, 1)")
        );
        let nested = Tiler::Tuple(vec![
            Tiler::Tuple(vec![Tiler::Int(4), Tiler::Layout(l("5:2"))]),
            Tiler::Int(3),
        ]);
        assert_eq!(
            dbg(&tiler_to_layout(&nested).unwrap()),
            "Layout(((4, 5), 3), ((1@0@0, 2@1@0), 1@1))"
        );
        let with_none = Tiler::Tuple(vec![Tiler::None, Tiler::Int(4)]);
        let t = tiler_to_layout(&with_none).unwrap();
        assert_eq!(dbg(&t), "Layout((1, 4), (0, 1@1))");
        assert_eq!(t.coprofile(), p("(0, 0)"));
        assert!(tiler_to_layout(&Tiler::Int(-1)).is_err());
    }

    #[test]
    fn recast_spec_examples() {
        assert_eq!(recast(&l("24:1"), 8, 1).unwrap(), l("3:1"));
        assert_eq!(
            recast(&l("(4, 4):(4, 1)"), 1, 2).unwrap(),
            l("(4, 8):(8, 1)")
        );
        assert_eq!(
            recast(&l("(4, 4):(4, 1)"), 2, 4).unwrap(),
            l("(4, 8):(8, 1)")
        );
        assert_eq!(
            dbg(&recast(&l("(4, 8):(1@0, 4@1)"), 2, 1).unwrap()),
            "Layout((2, 8), (1@0, 2@1))"
        );
        assert_eq!(
            recast(&l("(6, 4):(-1, 6)"), 2, 1).unwrap(),
            l("(3, 4):(-1, 3)")
        );
        assert!(recast(&l("4:F2"), 2, 1).is_err());
        assert!(recast(&l("4:1"), 0, 1).is_err());
        assert_eq!(
            recast(&l("4:15"), 8, 1).unwrap_err().class(),
            cute_core::ErrorClass::ValueError
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn three_coordinate_forms_agree(a in arb_layout()) {
            let n = a.size().unwrap();
            for (i, nat) in coordinates(a.shape()).unwrap().enumerate() {
                let i = i as i64;
                let by_index = a.call_index(i).unwrap();
                prop_assert_eq!(&a.call(&nat).unwrap(), &by_index);
                prop_assert_eq!(&a.call(&HTuple::Leaf(i)).unwrap(), &by_index);
                if a.shape().is_tuple() {
                    let flat = HTuple::Tuple(
                        nat.modes().iter().zip(a.shape().modes())
                            .map(|(c, s)| HTuple::Leaf(crate::shape::crd2idx(c, s).unwrap()))
                            .collect(),
                    );
                    prop_assert_eq!(&a.call(&flat).unwrap(), &by_index);
                }
                prop_assert_eq!(&crate::stride::inner_product(&nat, a.stride()).unwrap(), &by_index);
            }
            prop_assert_eq!(a.call_index(n).unwrap(),
                crate::stride::inner_product(&idx2crd_int(n, a.shape()).unwrap(), a.stride()).unwrap());
        }

        #[test]
        fn coshape_bounds_the_image(a in arb_layout()) {
            let bound = a.cosize().unwrap();
            for i in 0..a.size().unwrap() {
                let v = a.call_int(i).unwrap();
                let lo: i64 = a.shape().leaves().zip(a.stride().leaves())
                    .map(|(&s, d)| ((s - 1) * d.as_int().unwrap()).min(0)).sum();
                prop_assert!(v < bound && v >= lo);
            }
        }

        #[test]
        fn make_layout_like_is_compact_and_idempotent(a in arb_layout()) {
            let m = make_layout_like(&a).unwrap();
            prop_assert_eq!(m.shape(), a.shape());
            // Idempotent where no size-1 mode ties with another mode's stride
            // (a size-1 mode takes the stride of the next mode in order).
            if a.shape().leaves().all(|&s| s > 1) {
                prop_assert_eq!(&make_layout_like(&m).unwrap(), &m);
            }
            // the non-zero modes are a bijection onto 0..size of those modes
            let kept: Vec<(i64, i64)> = m.shape().leaves().zip(m.stride().leaves())
                .map(|(&s, d)| (s, d.as_int().unwrap())).filter(|&(_, d)| d != 0).collect();
            let size: i64 = kept.iter().map(|&(s, _)| s).product();
            let sub = Layout::from_ints(
                &HTuple::from_leaves(kept.iter().map(|&(s, _)| s)),
                &HTuple::from_leaves(kept.iter().map(|&(_, d)| d)),
            ).unwrap();
            let mut seen: Vec<i64> = (0..size).map(|i| sub.call_int(i).unwrap()).collect();
            seen.sort_unstable();
            prop_assert_eq!(seen, (0..size).collect::<Vec<_>>());
        }

        #[test]
        fn make_layout_like_orders_coordinate_strides_by_basis_then_scale(
            a in arb_layout(),
            picks in prop::collection::vec((0usize..7, 1i64..50), 16),
        ) {
            // each stride becomes 0, an integer, or k@p for a path p among
            // PATHS (listed in lexicographic order); the result is the one
            // for integer strides ordered the same way: p's rank, then |k|
            const PATHS: [&[usize]; 6] = [&[0], &[0, 0], &[0, 1], &[1], &[1, 0], &[2]];
            let mut coord = Vec::new();
            let mut ints = Vec::new();
            for ((d, &(pick, k)), i) in a.stride().leaves().zip(&picks).zip(0..) {
                let d = d.as_int().unwrap();
                let (c, n) = match pick {
                    0 => (Scalar::Int(d), d.abs()),
                    _ if i % 3 == 0 => (Scalar::Int(0), 0),
                    r => (crate::atuple::ArithTuple::scaled_basis(Scalar::Int(k), PATHS[r - 1]),
                          100 * r as i64 + k),
                };
                coord.push(c);
                ints.push(Scalar::Int(n));
            }
            let with = |v: Vec<Scalar>| {
                Layout::new(a.shape().clone(), crate::htuple::unflatten(&mut v.into_iter(), a.shape()).unwrap())
                    .unwrap()
            };
            prop_assert_eq!(make_layout_like(&with(coord)).unwrap(), make_layout_like(&with(ints)).unwrap());
        }

        #[test]
        fn slices_are_the_modes(a in arb_layout(), i in -5i64..5, j in -5i64..5) {
            let r = a.rank() as i64;
            let s = a.slice(Some(i), Some(j), None).unwrap();
            for k in 0..s.rank() as i64 {
                let from = if i < 0 { (i + r).max(0) } else { i.min(r) };
                prop_assert_eq!(s.mode(k).unwrap(), a.mode(from + k).unwrap());
            }
            if a.shape().is_tuple() {
                prop_assert_eq!(a.slice(None, None, None).unwrap(), a.clone());
            }
            prop_assert_eq!(make_layout_owned(a.modes().collect()).modes().len(), a.rank());
        }

        #[test]
        fn printing_round_trips(a in arb_layout()) {
            prop_assert_eq!(&a.to_string().parse::<Layout>().unwrap(), &a);
            prop_assert_eq!(&format!("{a:?}").parse::<Layout>().unwrap(), &a);
        }
    }
}
