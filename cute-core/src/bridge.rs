//! The bridge: what every layout is, whatever its flavour.
//!
//! A static layout (shape and stride as types), a mixed one and a dynamic one
//! (run-time trees) all implement [`LayoutLike`], so generic code such as a
//! kernel generator can take `impl LayoutLike` and work with any of them: it
//! can ask for the rank, size and cosize, evaluate every form of coordinate,
//! print the layout, and walk its shape and stride leaves, learning for each
//! whether it is static, which is what a code generator needs to decide
//! between a constant and a run-time parameter.

use core::fmt;

use crate::error::{Error, Result};
use crate::kernel::eval::{ExactSum, Split};

/// An integer that may be known at compile time, as a layout reports it:
/// its value and whether the layout's type fixes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LeafValue {
    /// The value.
    pub value: i64,
    /// True iff the value is defined by the layout's type (CuTe's
    /// `is_static`), as `Int<4>` is in CuTe C++.
    pub is_static: bool,
}

/// One leaf mode of a layout: an extent and its stride.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LeafMode {
    /// The shape leaf.
    pub extent: LeafValue,
    /// The stride leaf.
    pub stride: LeafValue,
}

/// One step of a preorder walk over a layout's profile: a tuple opens, a
/// leaf mode, a tuple closes. A layout whose shape is a single integer walks
/// as one [`Node::Leaf`]; `(4, (2, 3)):(1, (4, 8))` walks as
/// `Open, Leaf(4:1), Open, Leaf(2:4), Leaf(3:8), Close, Close`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// A tuple begins.
    Open,
    /// A leaf mode.
    Leaf(LeafMode),
    /// The innermost open tuple ends.
    Close,
}

/// A layout with integer strides, seen through the operations every flavour
/// shares.
///
/// Implementors give the rank, size, cosize, the evaluation of an integral
/// coordinate (checked and unchecked), printing, and a [`LayoutLike::walk`]
/// over their leaves; the evaluation of a coordinate with one entry per mode
/// ([`LayoutLike::eval_modes`]) or one per leaf ([`LayoutLike::eval_natural`])
/// is derived from the walk, and implementors may override it with a faster
/// path.
///
/// ```
/// use cute_core::bridge::{LeafMode, LeafValue, Node};
/// use cute_core::LayoutLike;
/// /// A rank-1 compact layout `n:1`, as a minimal implementation.
/// struct Iota(i64);
/// impl LayoutLike for Iota {
///     fn rank(&self) -> usize { 1 }
///     fn size(&self) -> i64 { self.0 }
///     fn cosize(&self) -> i64 { self.0 }
///     fn eval(&self, idx: i64) -> i64 { idx }
///     fn try_eval(&self, idx: i64) -> cute_core::Result<i64> { Ok(idx) }
///     fn walk(&self, f: &mut dyn FnMut(Node)) {
///         let v = |value, is_static| LeafValue { value, is_static };
///         f(Node::Leaf(LeafMode { extent: v(self.0, false), stride: v(1, true) }))
///     }
///     fn fmt_layout(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
///         write!(f, "{}:1", self.0)
///     }
/// }
/// fn total<L: LayoutLike>(l: &L) -> i64 { (0..l.size()).map(|i| l.eval(i)).sum() }
/// assert_eq!(total(&Iota(4)), 6);
/// assert_eq!(Iota(4).eval_natural(&[3]).unwrap(), 3);
/// assert_eq!(Iota(4).leaf_count(), 1);
/// ```
pub trait LayoutLike {
    /// Number of top-level modes.
    fn rank(&self) -> usize;
    /// Number of coordinates in the domain: the product of the shape.
    fn size(&self) -> i64;
    /// Size of the codomain: one past the largest offset, `L(size - 1) + 1`
    /// for a layout with non-negative strides (0 for an empty layout).
    fn cosize(&self) -> i64;
    /// The offset of the integral coordinate `idx` (out-of-bounds `idx` is
    /// allowed: the excess goes to the last mode, as in the specification).
    ///
    /// This is the hot-loop form. For `0 <= idx < size()` it never fails;
    /// outside the domain an offset that leaves the `i64` range is a bug of
    /// the caller's, and implementations may panic on it, as slice indexing
    /// does. Use [`LayoutLike::try_eval`] for indices that come from a user.
    fn eval(&self, idx: i64) -> i64;
    /// The offset of the integral coordinate `idx`, checked: an offset that
    /// leaves the `i64` range is an overflow error.
    fn try_eval(&self, idx: i64) -> Result<i64>;
    /// Calls `f` on each step of a preorder walk over the shape and stride
    /// (see [`Node`]).
    fn walk(&self, f: &mut dyn FnMut(Node));
    /// Writes the layout in `Shape:Stride` notation.
    fn fmt_layout(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;

    /// Number of leaf modes.
    fn leaf_count(&self) -> usize {
        let mut n = 0;
        self.walk(&mut |node| n += matches!(node, Node::Leaf(_)) as usize);
        n
    }

    /// True iff every shape and stride leaf is static.
    fn is_static(&self) -> bool {
        let mut all = true;
        self.walk(&mut |node| {
            if let Node::Leaf(m) = node {
                all &= m.extent.is_static && m.stride.is_static;
            }
        });
        all
    }

    /// The offset of a natural coordinate given as one integer per leaf,
    /// left to right: `sum_k crd[k] * stride[k]` (the specification's
    /// `inner_product`).
    ///
    /// # Errors
    /// `ValueError` if `crd` does not have one entry per leaf, or if the
    /// offset leaves the `i64` range (only the offset: the terms are summed
    /// exactly, as [`crate::kernel::eval::ExactSum`] does).
    fn eval_natural(&self, crd: &[i64]) -> Result<i64> {
        let mut sum = ExactSum::new();
        let mut k = 0;
        self.walk(&mut |node| {
            if let Node::Leaf(m) = node {
                if let Some(&c) = crd.get(k) {
                    sum.add(c, m.stride.value);
                }
                k += 1;
            }
        });
        if k != crd.len() {
            return Err(Error::rank_mismatch(
                "eval_natural",
                k,
                crd.len(),
                leaf_count_msg(k, crd.len()),
            ));
        }
        sum.get()
            .ok_or_else(|| Error::overflow("eval_natural", offset_overflow_msg()))
    }

    /// The offset of a coordinate given as one integer per top-level mode
    /// (CuTe's `L(i, j)`): each mode's integer is split over that mode's
    /// leaves by `idx2crd` ([`crate::kernel::eval`]): colexicographically,
    /// with floor division, the excess going to the mode's last leaf (or
    /// dropped, when the mode's last-child path ends at an empty tuple).
    ///
    /// # Pre-conditions
    /// None.
    ///
    /// # Post-conditions
    /// `result == inner_product(idx2crd(crd, shape), stride)`, summed
    /// exactly: an error only when that offset leaves the `i64` range.
    ///
    /// # Errors
    /// `ValueError` if `crd` does not have one entry per mode, if a zero
    /// extent divides (a leaf that is not the one keeping its mode's
    /// quotient), or if the offset leaves the `i64` range.
    ///
    /// # Examples
    /// ```
    /// use cute_core::bridge::{LayoutLike, LeafMode, LeafValue, Node};
    /// /// A layout of rank `self.0`, given by its walk.
    /// struct Walked(usize, Vec<Node>);
    /// impl LayoutLike for Walked {
    ///     fn rank(&self) -> usize { self.0 }
    ///     fn size(&self) -> i64 { 0 }
    ///     fn cosize(&self) -> i64 { 0 }
    ///     fn eval(&self, _: i64) -> i64 { 0 }
    ///     fn try_eval(&self, _: i64) -> cute_core::Result<i64> { Ok(0) }
    ///     fn walk(&self, f: &mut dyn FnMut(Node)) { self.1.iter().for_each(|&n| f(n)) }
    ///     fn fmt_layout(&self, _: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { Ok(()) }
    /// }
    /// let leaf = |e, d| Node::Leaf(LeafMode {
    ///     extent: LeafValue { value: e, is_static: false },
    ///     stride: LeafValue { value: d, is_static: false },
    /// });
    /// let (open, close) = (Node::Open, Node::Close);
    /// // (3, (2, 4)):(2, (1, 6)): 9 in mode 1 is (1, 4), past its extent 4
    /// let a = Walked(2, vec![open, leaf(3, 2), open, leaf(2, 1), leaf(4, 6), close, close]);
    /// assert_eq!(a.eval_modes(&[2, 5]).unwrap(), 17);
    /// assert_eq!(a.eval_modes(&[0, 9]).unwrap(), 1 + 4 * 6);
    /// assert_eq!(a.eval_modes(&[-1, 0]).unwrap(), -2);
    /// assert!(a.eval_modes(&[1]).is_err());
    /// // (0, (4, 0)):(1, (2, 5)): no zero extent divides
    /// let z = Walked(2, vec![open, leaf(0, 1), open, leaf(4, 2), leaf(0, 5), close, close]);
    /// assert_eq!(z.eval_modes(&[7, 9]).unwrap(), 7 + 1 * 2 + 2 * 5);
    /// // ((0, 4)):((1, 3)): the zero extent divides
    /// let d = Walked(1, vec![open, open, leaf(0, 1), leaf(4, 3), close, close]);
    /// assert!(d.eval_modes(&[7]).is_err());
    /// ```
    fn eval_modes(&self, crd: &[i64]) -> Result<i64> {
        let rank = self.rank();
        if crd.len() != rank {
            return Err(Error::rank_mismatch(
                "eval_modes",
                rank,
                crd.len(),
                leaf_count_msg(rank, crd.len()),
            ));
        }
        // One mode at a time: its integer's split, and its last leaf seen
        // so far, which divides once another leaf or a tuple follows it (it
        // is then not the end of the mode's last-child path).
        let mut sum = ExactSum::new();
        let mut err: Option<Error> = None;
        let (mut depth, mut mode) = (0usize, 0usize);
        let mut split = Split::new(0_i64);
        let mut pending: Option<LeafMode> = None;
        let divide = |split: &mut Split<i64>, p: Option<LeafMode>, sum: &mut ExactSum| {
            if let Some(p) = p {
                let c = split.divide(&p.extent.value)?;
                sum.add(c, p.stride.value);
            }
            Ok::<(), Error>(())
        };
        self.walk(&mut |node| {
            if err.is_some() {
                return;
            }
            let step = match node {
                Node::Open => {
                    depth += 1;
                    if depth == 2 {
                        split = Split::new(crd.get(mode).copied().unwrap_or(0));
                        Ok(())
                    } else {
                        divide(&mut split, pending.take(), &mut sum)
                    }
                }
                // a top-level mode that is a leaf: its integer is its
                // coordinate
                Node::Leaf(m) if depth <= 1 => {
                    sum.add(crd.get(mode).copied().unwrap_or(0), m.stride.value);
                    mode += 1;
                    Ok(())
                }
                Node::Leaf(m) => divide(&mut split, pending.replace(m), &mut sum),
                Node::Close => {
                    if depth == 2 {
                        if let Some(p) = pending.take() {
                            sum.add(*split.rest(), p.stride.value);
                        }
                        mode += 1;
                    }
                    depth = depth.saturating_sub(1);
                    Ok(())
                }
            };
            if let Err(e) = step {
                err = Some(e);
            }
        });
        if let Some(e) = err {
            return Err(e.in_op("eval_modes"));
        }
        sum.get()
            .ok_or_else(|| Error::overflow("eval_modes", offset_overflow_msg()))
    }
}

#[cfg(feature = "alloc")]
fn offset_overflow_msg() -> crate::Message {
    alloc::string::String::from("the offset leaves the 64-bit range")
}

#[cfg(not(feature = "alloc"))]
fn offset_overflow_msg() -> crate::Message {
    "the offset leaves the 64-bit range"
}

#[cfg(feature = "alloc")]
fn leaf_count_msg(want: usize, got: usize) -> crate::Message {
    alloc::format!("expected {want} coordinate entries, got {got}")
}

#[cfg(not(feature = "alloc"))]
fn leaf_count_msg(_: usize, _: usize) -> crate::Message {
    "the coordinate has the wrong number of entries"
}

/// Displays any [`LayoutLike`] in `Shape:Stride` notation.
///
/// ```
/// # use cute_core::bridge::{LayoutLike, Display, Node};
/// # struct Iota(i64);
/// # impl LayoutLike for Iota {
/// #     fn rank(&self) -> usize { 1 }
/// #     fn size(&self) -> i64 { self.0 }
/// #     fn cosize(&self) -> i64 { self.0 }
/// #     fn eval(&self, idx: i64) -> i64 { idx }
/// #     fn try_eval(&self, idx: i64) -> cute_core::Result<i64> { Ok(idx) }
/// #     fn walk(&self, _: &mut dyn FnMut(Node)) {}
/// #     fn fmt_layout(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
/// #         write!(f, "{}:1", self.0)
/// #     }
/// # }
/// assert_eq!(format!("{}", Display(&Iota(8))), "8:1");
/// ```
pub struct Display<'a, L: ?Sized>(pub &'a L);

impl<L: LayoutLike + ?Sized> fmt::Display for Display<'_, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_layout(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(3, (2, 4)):(2, (1, 6))` written out by hand.
    struct Example;
    impl LayoutLike for Example {
        fn rank(&self) -> usize {
            2
        }
        fn size(&self) -> i64 {
            24
        }
        fn cosize(&self) -> i64 {
            24
        }
        fn eval(&self, idx: i64) -> i64 {
            (idx % 3) * 2 + ((idx / 3) % 2) + (idx / 6) * 6
        }
        fn try_eval(&self, idx: i64) -> Result<i64> {
            Ok(self.eval(idx))
        }
        fn walk(&self, f: &mut dyn FnMut(Node)) {
            let leaf = |s, d| {
                Node::Leaf(LeafMode {
                    extent: LeafValue {
                        value: s,
                        is_static: true,
                    },
                    stride: LeafValue {
                        value: d,
                        is_static: d != 6,
                    },
                })
            };
            for n in [
                Node::Open,
                leaf(3, 2),
                Node::Open,
                leaf(2, 1),
                leaf(4, 6),
                Node::Close,
                Node::Close,
            ] {
                f(n)
            }
        }
        fn fmt_layout(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("(3,(2,4)):(2,(1,6))")
        }
    }

    #[test]
    fn derived_evaluations_agree_with_eval() {
        let l = Example;
        assert_eq!(l.leaf_count(), 3);
        assert!(!l.is_static());
        for i in 0..24 {
            let (m0, m1) = (i % 3, i / 3);
            assert_eq!(l.eval_modes(&[m0, m1]).unwrap(), l.eval(i));
            assert_eq!(l.eval_natural(&[m0, m1 % 2, m1 / 2]).unwrap(), l.eval(i));
        }
        // The excess of a mode goes to its last leaf.
        assert_eq!(l.eval_modes(&[0, 9]).unwrap(), 1 + 4 * 6);
        assert!(l.eval_modes(&[1]).is_err());
        assert!(l.eval_natural(&[1, 2]).is_err());
        assert!(l.eval_natural(&[i64::MAX, 0, 0]).is_err());
    }

    /// A layout given by its rank and its walk.
    struct Walked<'a>(usize, &'a [Node]);
    impl LayoutLike for Walked<'_> {
        fn rank(&self) -> usize {
            self.0
        }
        fn size(&self) -> i64 {
            0
        }
        fn cosize(&self) -> i64 {
            0
        }
        fn eval(&self, _: i64) -> i64 {
            0
        }
        fn try_eval(&self, _: i64) -> Result<i64> {
            Ok(0)
        }
        fn walk(&self, f: &mut dyn FnMut(Node)) {
            self.1.iter().for_each(|&n| f(n))
        }
        fn fmt_layout(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
            Ok(())
        }
    }

    const fn leaf(e: i64, d: i64) -> Node {
        Node::Leaf(LeafMode {
            extent: LeafValue {
                value: e,
                is_static: false,
            },
            stride: LeafValue {
                value: d,
                is_static: false,
            },
        })
    }
    const O: Node = Node::Open;
    const C: Node = Node::Close;

    #[test]
    fn eval_modes_in_the_extended_domain() {
        // (((2, 3), 4)):(((1, 2), 6)), one mode of three leaves at depth 3
        let a = Walked(1, &[O, O, O, leaf(2, 1), leaf(3, 2), C, leaf(4, 6), C, C]);
        for c in -30i64..30 {
            let (c0, q) = (c.rem_euclid(2), c.div_euclid(2));
            let (c1, c2) = (q.rem_euclid(3), q.div_euclid(3));
            assert_eq!(a.eval_modes(&[c]).unwrap(), c0 + 2 * c1 + 6 * c2);
        }
        // (4, ()):(1, ()): the excess is dropped
        let e = Walked(1, &[O, O, leaf(4, 1), O, C, C, C]);
        assert_eq!(e.eval_modes(&[9]).unwrap(), 1);
        // a leaf layout
        let l = Walked(1, &[leaf(4, 3)]);
        assert_eq!(l.eval_modes(&[9]).unwrap(), 27);
        // the empty layout
        assert_eq!(Walked(0, &[O, C]).eval_modes(&[]).unwrap(), 0);
        // the terms need not fit, only the offset
        let big = Walked(2, &[O, leaf(2, i64::MAX), leaf(2, -i64::MAX), C]);
        assert_eq!(big.eval_modes(&[3, 3]).unwrap(), 0);
        assert!(big.eval_modes(&[3, 1]).is_err());
        assert_eq!(big.eval_natural(&[3, 3]).unwrap(), 0);
        assert!(big.eval_natural(&[3, 1]).is_err());
    }

    #[test]
    fn eval_modes_zero_extents() {
        // a zero extent that keeps its mode's quotient is never divided by
        let z = Walked(2, &[O, leaf(0, 1), O, leaf(4, 2), leaf(0, 5), C, C]);
        assert_eq!(z.eval_modes(&[7, 9]).unwrap(), 7 + 2 + 10);
        // one that divides fails, as 9 % 0 does
        let d = Walked(2, &[O, leaf(3, 1), O, leaf(0, 2), leaf(4, 5), C, C]);
        let e = d.eval_modes(&[1, 9]).unwrap_err();
        assert_eq!(e.class(), crate::ErrorClass::ValueError);
        // so does one followed by an empty tuple: (0, ()) divides by 0
        let t = Walked(1, &[O, O, leaf(0, 1), O, C, C, C]);
        assert!(t.eval_modes(&[0]).is_err());
    }
}
