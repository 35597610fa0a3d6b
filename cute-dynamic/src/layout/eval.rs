//! Evaluation of a layout at an index or a coordinate, over the
//! evaluation kernel, and the bridge by which a dynamic layout is a
//! [`cute_core::LayoutLike`].

use core::fmt;

use cute_core::kernel::eval::split;
use cute_core::{DynInt, Error, Result};

use super::{tree, Layout, View, CLOSE, LEAF, OPEN};
use crate::htuple::HTuple;
use crate::shape::CoordLeaf;
use crate::stride::Acc;
use crate::typedefs::{Scalar, Stride};

/// True iff the last-child path of the node `tok` ends at a leaf: the leaf
/// that keeps the whole quotient of an integer split over the node. (It
/// ends at an empty tuple otherwise, which drops the quotient.) The last
/// token that does not close a tuple is that path's end.
#[inline]
fn keeps_quotient(tok: &[u8]) -> bool {
    tok.iter().rev().find(|&&t| t != CLOSE) == Some(&LEAF)
}

/// Adds `L(idx)` for the sub-layout `v` to `acc`: `idx` split over its
/// leaves by the evaluation kernel ([`cute_core::kernel::eval::split`]),
/// every leaf but the one keeping the quotient dividing, with floor
/// semantics; a zero extent that divides is a `ValueError`.
#[inline]
pub(super) fn eval_index<I: DynInt>(idx: I, v: View<'_, I>, acc: &mut Acc<I>) -> Result<()> {
    let leaves = v.leaves.iter().map(|(s, d)| (s, d));
    split(idx, leaves, keeps_quotient(v.tok), |c, d| acc.add(&c, d))
        .map_err(|e| e.in_op("Layout()"))
}

/// Adds `L(crd)` for the sub-layout `v` to `acc`; a `None` leaf is 0, or
/// skipped with `skip_none`.
pub(super) fn eval_coord<I: DynInt, C: CoordLeaf<Int = I>>(
    crd: &HTuple<C>,
    v: View<'_, I>,
    skip_none: bool,
    acc: &mut Acc<I>,
) -> Result<()> {
    match crd {
        HTuple::Leaf(c) => match c.get() {
            Some(i) => eval_index(i, v, acc),
            None if skip_none => Ok(()),
            None => eval_index(I::from_i64(0), v, acc),
        },
        HTuple::Tuple(x) if !v.is_leaf() && x.len() == v.rank() => {
            for (c, m) in x.iter().zip(v.modes()) {
                eval_coord(c, m, skip_none, acc)?;
            }
            Ok(())
        }
        _ => Err(Error::NotCongruent {
            op: "Layout()",
            msg: format!(
                "coordinate {} is not weakly congruent to shape {}",
                crate::shape::CoordDisplay(crd),
                tree(v.tok, &mut v.leaves.iter().map(|(s, _)| s.clone()))
            ),
        }),
    }
}

/// A run-time layout as generic code sees any layout. Every leaf is dynamic.
///
/// - Integer strides evaluate as they are; an F2 stride evaluates to its
///   bit pattern as an `i64` (the swizzled offset), and walks as that value.
/// - A coordinate stride has no integer value: [`LayoutLike::try_eval`](cute_core::LayoutLike::try_eval) is a
///   `TypeError`, [`LayoutLike::eval`](cute_core::LayoutLike::eval) panics, and [`LayoutLike::walk`](cute_core::LayoutLike::walk)
///   reports such a stride as 0. Code that takes coordinate layouts uses
///   [`Layout::call_index`].
/// - `size` and `cosize` panic if the value does not fit in an `i64`
///   ([`Layout::size`] and [`Layout::cosize`] return it as a `Result`).
///
/// ```
/// use cute_core::LayoutLike;
/// use cute_dynamic::Layout;
/// fn total<L: LayoutLike>(l: &L) -> i64 { (0..l.size()).map(|i| l.eval(i)).sum() }
/// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
/// assert_eq!(total(&a), (0..24).sum::<i64>());
/// assert_eq!(LayoutLike::cosize(&a), 24);
/// assert_eq!(a.eval_natural(&[1, 1, 3]).unwrap(), 21);
/// let c: Layout = "(4, 8):(1@0, 1@1)".parse().unwrap();
/// assert_eq!(c.try_eval(3).unwrap_err().class(), cute_core::ErrorClass::TypeError);
/// ```
impl cute_core::LayoutLike for Layout {
    #[inline]
    fn rank(&self) -> usize {
        Layout::rank(self)
    }

    /// # Panics
    /// If the size does not fit in an `i64`.
    fn size(&self) -> i64 {
        Layout::size(self).unwrap_or_else(|e| panic!("LayoutLike::size of {self}: {e}"))
    }

    /// # Panics
    /// If the cosize does not fit in an `i64`.
    fn cosize(&self) -> i64 {
        Layout::cosize(self).unwrap_or_else(|e| panic!("LayoutLike::cosize of {self}: {e}"))
    }

    /// # Panics
    /// For a coordinate stride (use [`LayoutLike::try_eval`](cute_core::LayoutLike::try_eval)), or an offset
    /// that does not fit in an `i64`.
    fn eval(&self, idx: i64) -> i64 {
        cute_core::LayoutLike::try_eval(self, idx)
            .unwrap_or_else(|e| panic!("LayoutLike::eval of {self} at {idx}: {e}"))
    }

    fn try_eval(&self, idx: i64) -> Result<i64> {
        match self.call_index(idx)? {
            Scalar::Int(v) => Ok(v),
            Scalar::F2(f) => Ok(f.0 as i64),
            other => Err(Error::type_error(
                "LayoutLike::eval",
                format!("{self} maps {idx} to the coordinate {other}, not an integer offset"),
            )),
        }
    }

    fn walk(&self, f: &mut dyn FnMut(cute_core::bridge::Node)) {
        use cute_core::bridge::{LeafMode, LeafValue, Node};
        let dynamic = |value| LeafValue {
            value,
            is_static: false,
        };
        let mut k = 0;
        for &t in &self.tok {
            match t {
                OPEN => f(Node::Open),
                CLOSE => f(Node::Close),
                _ => {
                    let (s, d) = &self.leaves[k];
                    k += 1;
                    let d = match d {
                        Scalar::Int(v) => *v,
                        Scalar::F2(x) => x.0 as i64,
                        Scalar::Arith(_) => 0,
                    };
                    f(Node::Leaf(LeafMode {
                        extent: dynamic(*s),
                        stride: dynamic(d),
                    }))
                }
            }
        }
    }

    fn fmt_layout(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The value of the layout `shape:stride` at a coordinate of any form: the
/// specification's evaluation `inner_product(idx2crd(crd, shape), stride)`,
/// done in one walk (an integer standing for a sub-tree of `shape` is split
/// colexicographically as it goes; a `None` leaf counts as zero), as
/// [`Layout::call`] evaluates. Does not allocate for integer
/// strides.
///
/// # Pre-conditions
/// `weakly_congruent(crd, shape)`, `congruent(shape, stride)`.
///
/// # Post-conditions
/// `result == inner_product(idx2crd(crd, shape), stride)`.
///
/// # Errors
/// `ValueError` if the coordinate, shape and stride do not fit together, or
/// on overflow; `TypeError` for strides whose algebras do not add.
///
/// # Examples
/// ```
/// use cute_dynamic::{layout::crd2offset, IntTuple, Stride, Scalar};
/// let s: IntTuple = "(3, (2, 4))".parse().unwrap();
/// let d: Stride = "(2, (1, 6))".parse().unwrap();
/// assert_eq!(crd2offset(&"(0, 7)".parse::<IntTuple>().unwrap(), &s, &d).unwrap(), Scalar::Int(19));
/// assert_eq!(crd2offset(&"23".parse::<IntTuple>().unwrap(), &s, &d).unwrap(), Scalar::Int(23));
/// assert!(crd2offset(&"(0, 1, 2)".parse::<IntTuple>().unwrap(), &s, &d).is_err());
/// ```
pub fn crd2offset<I: DynInt, C: CoordLeaf<Int = I>>(
    crd: &HTuple<C>,
    shape: &HTuple<I>,
    stride: &Stride<I>,
) -> Result<Scalar<I>> {
    if !shape.congruent_with(stride) {
        return Err(Error::NotCongruent {
            op: "Layout",
            msg: format!("shape {shape} and stride {stride}"),
        });
    }
    Layout::from_parts(shape.clone(), stride.clone()).call(crd)
}
