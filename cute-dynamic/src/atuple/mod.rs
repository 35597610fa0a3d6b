//! Arithmetic tuples: elements of the hierarchical module Z^S.
//!
//! An [`ArithTuple`] is a hierarchical tuple of stride scalars under
//! elementwise addition and scalar multiplication, with implicit
//! zero-extension along trailing positions. It is the single carrier for
//! coordinate strides (one-term sums like `E(0)`) and coordinate sums
//! (multi-term sums like `3*E(0) + 5*E(1)`).
//!
//! A leaf is ordinarily an integer, hence Z^S, but may be any stride scalar,
//! and every operation defers to the leaf's own algebra: an [`F2`](crate::swizzle::F2) leaf adds
//! by XOR while its siblings keep integer addition.
//!
//! Besides the type, this module holds the basis vocabulary of the
//! specification: [`scaled_basis`] (`ScaledBasis`), [`e`] (`E`), [`V`],
//! [`basis_repr`], [`is_basis`], [`make_basis_like`], [`proj`], [`unit()`] and
//! [`as_tuple`]. The operations of the stride-scalar algebra as a whole
//! (`+`, `-`, `*`, `@`, the order) are [`Scalar`]'s, in [`crate::typedefs`].
//!
//! ```
//! use cute_dynamic::atuple::{e, ArithTuple};
//! use cute_dynamic::Scalar;
//! // 3 * E(0) + 5 * E(1) == (3, 5)
//! let x = e(&[0]).scale(3).unwrap().add(&e(&[1]).scale(5).unwrap()).unwrap();
//! assert_eq!(x.to_string(), "(3, 5)");
//! assert_eq!(e(&[0, 0]).to_string(), "1@0@0");
//! ```

use core::cmp::Ordering;
use core::fmt;

use crate::htuple::HTuple;
// (defined beside `Scalar`, which holds it as it holds scalars)
pub use crate::typedefs::ArithTuple;
use crate::typedefs::Scalar;

impl ArithTuple {
    /// An arithmetic tuple with the given children. Leaves that are
    /// themselves arithmetic tuples become tuple nodes.
    ///
    /// # Post-conditions
    /// `result.data().len() == data.len()`
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atuple::ArithTuple;
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::Scalar::Int;
    /// let a = ArithTuple::new(vec![Leaf(Int(1)), Leaf(Int(2)), Tuple(vec![Leaf(Int(3)), Leaf(Int(4))])]);
    /// assert_eq!(a.to_string(), "(1, 2, (3, 4))");
    /// ```
    pub fn new(data: Vec<HTuple<Scalar>>) -> Self {
        ArithTuple {
            data: Box::new(data.into_iter().map(normalize).collect()),
        }
    }

    /// The specification's constructor `ArithTuple(*args)`.
    ///
    /// A single argument that is a tuple gives the arithmetic tuple holding
    /// its elements (`ArithTuple((1, 2))` holds `1` and `2`); a single
    /// argument that is a scalar is passed through unchanged
    /// (`ArithTuple(1)` is the int `1`, of depth 0); any other number of
    /// arguments gives the arithmetic tuple holding them as children.
    ///
    /// # Post-conditions
    /// For two or more arguments, `result` is a `Scalar::Arith` whose
    /// children are `args`.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atuple::{e, ArithTuple};
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::Scalar::Int;
    /// let a = ArithTuple::from_args(vec![Leaf(Int(1)), Leaf(Int(2)), Tuple(vec![Leaf(Int(3)), Leaf(Int(4))])]);
    /// assert_eq!(a.to_string(), "(1, 2, (3, 4))");
    /// assert_eq!(ArithTuple::from_args(vec![Leaf(Int(1))]), Int(1)); // passthrough
    /// // E(0) == ArithTuple(1, 0) == ArithTuple((1,))
    /// assert_eq!(e(&[0]), ArithTuple::from_args(vec![Leaf(Int(1)), Leaf(Int(0))]));
    /// assert_eq!(e(&[0]), ArithTuple::from_args(vec![Tuple(vec![Leaf(Int(1))])]));
    /// // ArithTuple((5,)) != 5: different depths
    /// assert_ne!(ArithTuple::from_args(vec![Tuple(vec![Leaf(Int(5))])]), Int(5));
    /// ```
    pub fn from_args(mut args: Vec<HTuple<Scalar>>) -> Scalar {
        if args.len() == 1 {
            match args.pop() {
                // a single tuple argument: its elements are the children
                Some(HTuple::Tuple(c)) => return Scalar::Arith(ArithTuple::new(c)),
                // a single scalar: passthrough
                Some(HTuple::Leaf(x)) => return x,
                None => unreachable!("len == 1"),
            }
        }
        Scalar::Arith(ArithTuple::new(args))
    }

    /// The children, as stored.
    #[inline]
    pub fn data(&self) -> &[HTuple<Scalar>] {
        &self.data
    }

    /// True iff every leaf is zero (the additive identity).
    pub fn is_zero(&self) -> bool {
        self.data.iter().all(|h| h.leaves().all(Scalar::is_zero))
    }

    /// The nonzero leaves with their paths, left to right (the specification's
    /// `basis_repr`, without its collapse of the all-zero case).
    pub fn terms(&self) -> Vec<(Scalar, Vec<usize>)> {
        fn walk(h: &HTuple<Scalar>, path: &mut Vec<usize>, out: &mut Vec<(Scalar, Vec<usize>)>) {
            match h {
                HTuple::Leaf(x) => {
                    if !x.is_zero() {
                        out.push((x.clone(), path.clone()));
                    }
                }
                HTuple::Tuple(c) => {
                    for (i, x) in c.iter().enumerate() {
                        path.push(i);
                        walk(x, path, out);
                        path.pop();
                    }
                }
            }
        }
        let mut out = Vec::new();
        let mut path = Vec::new();
        for (i, x) in self.data.iter().enumerate() {
            path.push(i);
            walk(x, &mut path, &mut out);
            path.pop();
        }
        out
    }

    /// The one nonzero term `(value, path)`, if there is exactly one.
    ///
    /// ```
    /// use cute_dynamic::atuple::ArithTuple;
    /// use cute_dynamic::Scalar;
    /// let Scalar::Arith(a) = ArithTuple::scaled_basis(Scalar::Int(3), &[1]) else { unreachable!() };
    /// assert_eq!(a.single(), Some((Scalar::Int(3), vec![1])));
    /// ```
    pub fn single(&self) -> Option<(Scalar, Vec<usize>)> {
        let mut terms = self.terms();
        if terms.len() == 1 {
            terms.pop()
        } else {
            None
        }
    }

    /// The one nonzero term of a coordinate stride `k@path` whose value is
    /// an integer: `Some((k, path))`; `None` for zero, a sum of several
    /// terms or a non-integer value.
    ///
    /// ```
    /// use cute_dynamic::atuple::ArithTuple;
    /// use cute_dynamic::Scalar;
    /// let Scalar::Arith(a) = ArithTuple::scaled_basis(Scalar::Int(3), &[1, 0]) else { unreachable!() };
    /// assert_eq!(a.single_term(), Some((3, vec![1, 0])));
    /// ```
    pub fn single_term(&self) -> Option<(i64, Vec<usize>)> {
        let (v, path) = self.single()?;
        v.as_int().map(|k| (k, path))
    }

    /// The plain hierarchical tuple holding the same children
    /// (the specification's `as_tuple` of an arithmetic tuple).
    ///
    /// # Post-conditions
    /// `result` is a tuple node; none of its leaves is a `Scalar::Arith`.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atuple::e;
    /// use cute_dynamic::Scalar;
    /// let Scalar::Arith(x) = e(&[1]) else { unreachable!() };
    /// assert_eq!(x.as_tuple().to_string(), "(0, 1)");
    /// ```
    pub fn as_tuple(&self) -> HTuple<Scalar> {
        HTuple::Tuple(self.data.to_vec())
    }
}

fn normalize(h: HTuple<Scalar>) -> HTuple<Scalar> {
    match h {
        HTuple::Leaf(Scalar::Arith(a)) => HTuple::Tuple(*a.data),
        HTuple::Leaf(x) => HTuple::Leaf(x),
        HTuple::Tuple(c) => HTuple::Tuple(c.into_iter().map(normalize).collect()),
    }
}

impl fmt::Display for ArithTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let terms = self.terms();
        match terms.as_slice() {
            [] => f.write_str("0"),
            [(v, path)] => {
                write!(f, "{v}")?;
                for p in path.iter().rev() {
                    write!(f, "@{p}")?;
                }
                Ok(())
            }
            _ => HTuple::Tuple(self.data.to_vec()).fmt(f),
        }
    }
}

// ---------------------------------------------------------------------------
// Equality and order
// ---------------------------------------------------------------------------

/// Zero-extending equality of two lists of children.
fn children_eq(a: &[HTuple<Scalar>], b: &[HTuple<Scalar>]) -> bool {
    let n = a.len().max(b.len());
    (0..n).all(|i| match (a.get(i), b.get(i)) {
        (Some(x), Some(y)) => node_eq(x, y),
        (Some(x), None) | (None, Some(x)) => x.leaves().all(Scalar::is_zero),
        (None, None) => true,
    })
}

fn node_eq(a: &HTuple<Scalar>, b: &HTuple<Scalar>) -> bool {
    match (a, b) {
        // leaf, leaf: the zeros of all algebras are one identity
        (HTuple::Leaf(x), HTuple::Leaf(y)) => x == y || (x.is_zero() && y.is_zero()),
        // tuple, tuple
        (HTuple::Tuple(x), HTuple::Tuple(y)) => children_eq(x, y),
        // leaf, tuple: a zero leaf is the identity of every depth
        (HTuple::Leaf(x), t @ HTuple::Tuple(_)) | (t @ HTuple::Tuple(_), HTuple::Leaf(x)) => {
            x.is_zero() && t.leaves().all(Scalar::is_zero)
        }
    }
}

impl PartialEq for ArithTuple {
    /// Equality with implicit zero-extension along trailing positions:
    /// `E(0) == ArithTuple(1, 0) == ArithTuple((1,))`.
    fn eq(&self, other: &Self) -> bool {
        children_eq(&self.data, &other.data)
    }
}

/// The zero leaf, against which missing positions compare.
pub(crate) const ZERO: HTuple<Scalar> = HTuple::Leaf(Scalar::Int(0));

/// Colexicographic comparison of two lists of children, zero-extended: the
/// last position decides first.
fn children_cmp(a: &[HTuple<Scalar>], b: &[HTuple<Scalar>]) -> Option<Ordering> {
    let n = a.len().max(b.len());
    for i in (0..n).rev() {
        let x = a.get(i).unwrap_or(&ZERO);
        let y = b.get(i).unwrap_or(&ZERO);
        match node_cmp(x, y)? {
            Ordering::Equal => {}
            ord => return Some(ord),
        }
    }
    Some(Ordering::Equal)
}

fn node_cmp(a: &HTuple<Scalar>, b: &HTuple<Scalar>) -> Option<Ordering> {
    match (a, b) {
        // leaf, leaf
        (HTuple::Leaf(x), HTuple::Leaf(y)) => x.try_cmp(y).ok(),
        // tuple, tuple
        (HTuple::Tuple(x), HTuple::Tuple(y)) => children_cmp(x, y),
        // leaf, tuple: only a zero leaf has every depth
        (HTuple::Leaf(x), HTuple::Tuple(y)) => x.is_zero().then(|| children_cmp(&[], y))?,
        (HTuple::Tuple(x), HTuple::Leaf(y)) => y.is_zero().then(|| children_cmp(x, &[]))?,
    }
}

impl PartialOrd for ArithTuple {
    /// The colexicographic order: the last position is the most significant,
    /// missing trailing positions are zero, nested tuples compare
    /// recursively, and leaves compare in their own algebra (ints by value,
    /// F2 by value, any zero equal to any zero). `None` when the profiles
    /// clash at a nonzero leaf or a leaf pair is not comparable (see
    /// [`Scalar::try_cmp`]).
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        children_cmp(&self.data, &other.data)
    }
}

mod arith;
mod basis;

pub use basis::{
    as_tuple, basis_entries, basis_repr, e, is_basis, make_basis_like, proj, scaled_basis, unit,
    MAX_BASIS_ENTRIES, V,
};

#[cfg(test)]
mod tests;
