//! Hierarchical tuples.
//!
//! An HTuple is the container at the base of CuTe: a leaf, or a tuple of
//! HTuples. Shape, Stride, Coord and Tiler are all HTuples that differ only in
//! what they admit at a leaf, so [`HTuple`] is generic over its leaf and the
//! combinators here serve all of them.
//!
//! Two ideas recur. A *profile* is an HTuple read for its tree alone, with the
//! leaves ignored; [`congruent`] and [`weakly_congruent`] compare profiles. A
//! *mode* is a path of indices into that tree: where the specification writes
//! `get[0, 2](x)`, this crate takes `mode: &[usize]` (`get(&x, &[0, 2])`).

use core::fmt;

use smallvec::SmallVec;

/// A hierarchical tuple: a leaf of type `T`, or a tuple of hierarchical
/// tuples.
///
/// `Display` prints it as Python prints the nested tuple: `(3, (2, 4))`,
/// a one-tuple as `(8,)`, the empty tuple as `()`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::HTuple;
/// let s = HTuple::tuple(vec![HTuple::Leaf(3), HTuple::tuple(vec![HTuple::Leaf(2), HTuple::Leaf(4)])]);
/// assert_eq!(s.to_string(), "(3, (2, 4))");
/// assert_eq!(HTuple::tuple(vec![HTuple::Leaf(8)]).to_string(), "(8,)");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum HTuple<T> {
    /// A leaf.
    Leaf(T),
    /// An internal node: a tuple of hierarchical tuples.
    Tuple(Vec<HTuple<T>>),
}

/// An HTuple of integers: the carrier of shapes and coordinates.
pub type IntTuple = HTuple<i64>;

impl<T> HTuple<T> {
    /// A tuple node with the given children.
    #[inline]
    pub fn tuple(children: Vec<HTuple<T>>) -> Self {
        HTuple::Tuple(children)
    }

    /// A tuple of leaves.
    pub fn from_leaves(leaves: impl IntoIterator<Item = T>) -> Self {
        HTuple::Tuple(leaves.into_iter().map(HTuple::Leaf).collect())
    }

    /// The empty tuple `()`.
    #[inline]
    pub fn empty() -> Self {
        HTuple::Tuple(Vec::new())
    }

    /// True iff this is an internal node (the specification's `is_tuple`).
    #[inline]
    pub fn is_tuple(&self) -> bool {
        matches!(self, HTuple::Tuple(_))
    }

    /// The leaf value, if this is a leaf.
    #[inline]
    pub fn as_leaf(&self) -> Option<&T> {
        match self {
            HTuple::Leaf(x) => Some(x),
            HTuple::Tuple(_) => None,
        }
    }

    /// The children, if this is a tuple.
    #[inline]
    pub fn as_tuple(&self) -> Option<&[HTuple<T>]> {
        match self {
            HTuple::Leaf(_) => None,
            HTuple::Tuple(c) => Some(c),
        }
    }

    /// Number of top-level modes: the tuple's length, 1 for a leaf.
    #[inline]
    pub fn rank(&self) -> usize {
        match self {
            HTuple::Leaf(_) => 1,
            HTuple::Tuple(c) => c.len(),
        }
    }

    /// The top-level modes as a slice: the children of a tuple, the value
    /// itself for a leaf (a leaf behaves as the 1-tuple it denotes).
    #[inline]
    pub fn modes(&self) -> &[HTuple<T>] {
        match self {
            HTuple::Leaf(_) => core::slice::from_ref(self),
            HTuple::Tuple(c) => c,
        }
    }

    /// Nesting depth: 0 for a leaf, 1 + the deepest child for a tuple.
    pub fn depth(&self) -> usize {
        match self {
            HTuple::Leaf(_) => 0,
            HTuple::Tuple(c) => 1 + c.iter().map(HTuple::depth).max().unwrap_or(0),
        }
    }

    /// The leaves, left to right.
    pub fn leaves(&self) -> Leaves<'_, T> {
        let mut stack = SmallVec::new();
        stack.push(core::slice::from_ref(self));
        Leaves { stack }
    }

    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        match self {
            HTuple::Leaf(_) => 1,
            HTuple::Tuple(c) => c.iter().map(HTuple::leaf_count).sum(),
        }
    }

    /// Rebuilds the tree with `f` applied at every leaf.
    pub fn map<U>(&self, f: &mut impl FnMut(&T) -> U) -> HTuple<U> {
        match self {
            HTuple::Leaf(x) => HTuple::Leaf(f(x)),
            HTuple::Tuple(c) => HTuple::Tuple(c.iter().map(|h| h.map(f)).collect()),
        }
    }

    /// Rebuilds the tree with a fallible `f` applied at every leaf.
    pub fn try_map<U, E>(&self, f: &mut impl FnMut(&T) -> Result<U, E>) -> Result<HTuple<U>, E> {
        Ok(match self {
            HTuple::Leaf(x) => HTuple::Leaf(f(x)?),
            HTuple::Tuple(c) => {
                HTuple::Tuple(c.iter().map(|h| h.try_map(f)).collect::<Result<_, _>>()?)
            }
        })
    }

    /// True iff `self` and `other` have the same profile.
    pub fn congruent_with<U>(&self, other: &HTuple<U>) -> bool {
        match (self, other) {
            (HTuple::Leaf(_), HTuple::Leaf(_)) => true,
            (HTuple::Tuple(a), HTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent_with(y))
            }
            _ => false,
        }
    }
}

/// Iterator over the leaves of an [`HTuple`], left to right. (It allocates
/// nothing for trees up to 8 levels deep.)
pub struct Leaves<'a, T> {
    stack: SmallVec<[&'a [HTuple<T>]; 8]>,
}

impl<'a, T> Iterator for Leaves<'a, T> {
    type Item = &'a T;
    fn next(&mut self) -> Option<&'a T> {
        loop {
            let top = self.stack.last_mut()?;
            match top.split_first() {
                None => {
                    self.stack.pop();
                }
                Some((first, rest)) => {
                    *top = rest;
                    match first {
                        HTuple::Leaf(x) => return Some(x),
                        HTuple::Tuple(c) => self.stack.push(c),
                    }
                }
            }
        }
    }
}

impl<T> From<T> for HTuple<T> {
    fn from(x: T) -> Self {
        HTuple::Leaf(x)
    }
}

impl<T: fmt::Display> fmt::Display for HTuple<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HTuple::Leaf(x) => x.fmt(f),
            HTuple::Tuple(c) => {
                f.write_str("(")?;
                for (i, x) in c.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    x.fmt(f)?;
                }
                if c.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// True iff `a` and `b` have the same hierarchical profile (Whitepaper,
/// §2.1): matching tuple/leaf structure at every level, whatever the
/// leaves hold. An equivalence relation.
///
/// # Post-conditions
/// `congruent(a, b)` implies `weakly_congruent(a, b)`.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{congruent, HTuple::{Leaf, Tuple}};
/// assert!(congruent(&Tuple(vec![Leaf(4), Leaf(8)]), &Tuple(vec![Leaf(5), Leaf(7)])));
/// assert!(!congruent(&Leaf(31), &Tuple(vec![Leaf(4), Leaf(8)])));
/// ```
pub fn congruent<A, B>(a: &HTuple<A>, b: &HTuple<B>) -> bool {
    a.congruent_with(b)
}

/// True iff `a` coarsens the profile of `b` (Whitepaper, §2.1): a leaf of
/// `a` may stand for a whole sub-tree of `b`. A partial order on profiles.
///
/// # Post-conditions
/// A leaf is weakly congruent to anything; a tuple never to a leaf.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{weakly_congruent, HTuple::{Leaf, Tuple}};
/// assert!(weakly_congruent(&Leaf(30), &Tuple(vec![Leaf(3), Leaf(4)])));
/// assert!(!weakly_congruent(&Tuple(vec![Leaf(3), Leaf(4)]), &Leaf(30)));
/// ```
pub fn weakly_congruent<A, B>(a: &HTuple<A>, b: &HTuple<B>) -> bool {
    match (a, b) {
        (HTuple::Leaf(_), _) => true,
        (HTuple::Tuple(_), HTuple::Leaf(_)) => false,
        (HTuple::Tuple(x), HTuple::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| weakly_congruent(p, q))
        }
    }
}

mod ops;
mod product;

pub use ops::{
    dice_, flatten, fold_leaf, fold_leaf2, get, is_tuple, leaves, lift, profile, repeat_like,
    replace, select, slice_, transform_apply_leaf, transform_apply_leaf2, transform_leaf,
    transform_leaf2, unflatten, unwrap, wrap, zip_leaves,
};
pub use product::{product, product_each};

#[cfg(test)]
mod tests;
