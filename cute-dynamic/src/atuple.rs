//! Arithmetic tuples: elements of the hierarchical module Z^S.
//!
//! An [`ArithTuple`] is a hierarchical tuple of stride scalars under
//! elementwise addition and scalar multiplication, with implicit
//! zero-extension along trailing positions. It is the single carrier for
//! coordinate strides (one-term sums like `E(0)`) and coordinate sums
//! (multi-term sums like `3*E(0) + 5*E(1)`).

use core::fmt;

use cute_core::Result;

use crate::htuple::HTuple;
use crate::typedefs::Scalar;

/// An element of Z^S: the children of a hierarchical tuple whose leaves are
/// integers or F2 values.
///
/// The children are kept as given (`ArithTuple(1, 0)` holds two, `E(0)` one);
/// equality extends trailing positions by zero, so both denote `1@0`. Nested
/// arithmetic tuples are stored as plain tuple nodes: the leaves of `data`
/// are never `Scalar::Arith`.
///
/// `Display` is hybrid: a single nonzero leaf prints in basis form
/// `value@p_n@...@p_0`, an all-zero tuple as `0`, anything else as a Python
/// tuple `(3, 5)`.
#[derive(Clone, Debug, Default)]
pub struct ArithTuple {
    data: Vec<HTuple<Scalar>>,
}

impl ArithTuple {
    /// An arithmetic tuple with the given children. Leaves that are
    /// themselves arithmetic tuples become tuple nodes.
    pub fn new(data: Vec<HTuple<Scalar>>) -> Self {
        ArithTuple {
            data: data.into_iter().map(normalize).collect(),
        }
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
}

fn normalize(h: HTuple<Scalar>) -> HTuple<Scalar> {
    match h {
        HTuple::Leaf(Scalar::Arith(a)) => HTuple::Tuple(a.data),
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
            _ => HTuple::Tuple(self.data.clone()).fmt(f),
        }
    }
}

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
        (HTuple::Leaf(x), HTuple::Leaf(y)) => x == y,
        (HTuple::Tuple(x), HTuple::Tuple(y)) => children_eq(x, y),
        // a zero leaf is the identity of every depth
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

impl ArithTuple {
    /// Elementwise sum with zero-extension along trailing positions; each
    /// leaf adds in its own algebra (an F2 leaf by XOR).
    ///
    /// # Errors
    /// As [`Scalar::add`] at the leaves.
    pub fn add(&self, other: &ArithTuple) -> Result<ArithTuple> {
        Ok(ArithTuple {
            data: add_children(&self.data, &other.data)?,
        })
    }

    /// The integer multiple `n * self`, elementwise.
    ///
    /// # Errors
    /// As [`Scalar::scale`] at the leaves.
    pub fn scale(&self, n: i64) -> Result<ArithTuple> {
        Ok(ArithTuple {
            data: self
                .data
                .iter()
                .map(|h| h.try_map(&mut |x| x.scale(n)))
                .collect::<Result<_>>()?,
        })
    }

    /// The specification's `ScaledBasis(value, mode)`: `value` at the path
    /// `mode` of an otherwise-zero arithmetic tuple. An empty path is `value`
    /// itself.
    ///
    /// ```
    /// use cute_dynamic::{ArithTuple, Scalar};
    /// assert_eq!(ArithTuple::scaled_basis(Scalar::Int(42), &[1, 0]).to_string(), "42@0@1");
    /// assert_eq!(ArithTuple::scaled_basis(Scalar::Int(42), &[]).to_string(), "42");
    /// ```
    pub fn scaled_basis(value: Scalar, mode: &[usize]) -> Scalar {
        let mut node = HTuple::Leaf(value);
        let Some((&first, inner)) = mode.split_first() else {
            return match node {
                HTuple::Leaf(v) => v,
                HTuple::Tuple(_) => unreachable!("a leaf was just built"),
            };
        };
        for &i in inner.iter().rev() {
            node = HTuple::Tuple(pad(i, node));
        }
        Scalar::Arith(ArithTuple {
            data: pad(first, node),
        })
    }

    /// The unit basis element `E(*mode)` (`1` for an empty path).
    pub fn e(mode: &[usize]) -> Scalar {
        Self::scaled_basis(Scalar::Int(1), mode)
    }
}

/// `i` zeros, then `x`.
fn pad(i: usize, x: HTuple<Scalar>) -> Vec<HTuple<Scalar>> {
    let mut v: Vec<HTuple<Scalar>> = (0..i).map(|_| HTuple::Leaf(Scalar::Int(0))).collect();
    v.push(normalize(x));
    v
}

fn add_children(a: &[HTuple<Scalar>], b: &[HTuple<Scalar>]) -> Result<Vec<HTuple<Scalar>>> {
    let n = a.len().max(b.len());
    (0..n)
        .map(|i| match (a.get(i), b.get(i)) {
            (Some(x), Some(y)) => add_nodes(x, y),
            (Some(x), None) | (None, Some(x)) => Ok(x.clone()),
            (None, None) => unreachable!("i < max(len)"),
        })
        .collect()
}

fn add_nodes(a: &HTuple<Scalar>, b: &HTuple<Scalar>) -> Result<HTuple<Scalar>> {
    match (a, b) {
        (HTuple::Leaf(x), HTuple::Leaf(y)) => Ok(HTuple::Leaf(x.add(y)?)),
        (HTuple::Tuple(x), HTuple::Tuple(y)) => Ok(HTuple::Tuple(add_children(x, y)?)),
        (HTuple::Leaf(z), t @ HTuple::Tuple(_)) | (t @ HTuple::Tuple(_), HTuple::Leaf(z))
            if z.is_zero() =>
        {
            Ok(t.clone())
        }
        (x, y) => Err(cute_core::Error::type_error(
            "ArithTuple +",
            format!("ArithTuple Incompatibility: {x} and {y} differ in depth"),
        )),
    }
}
