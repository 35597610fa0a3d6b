//! The arithmetic of arithmetic tuples: sums, negation, differences,
//! scaling and the projections of `@`, each leaf in its own algebra.

use cute_core::{Error, Result};

use super::{normalize, ArithTuple, ZERO};
use crate::htuple::HTuple;
use crate::typedefs::Scalar;

impl ArithTuple {
    /// Elementwise sum with zero-extension along trailing positions; each
    /// leaf adds in its own algebra (an F2 leaf by XOR).
    ///
    /// ```text
    /// ArithTuple(A, B, (C, D)) + ArithTuple(W, X, (Y, Z)) := ArithTuple(A+W, B+X, (C+Y, D+Z))
    /// ```
    ///
    /// # Post-conditions
    /// `a.add(b) == b.add(a)`; `a.add(&ArithTuple::default()) == a`.
    ///
    /// # Errors
    /// `TypeError` where a nonzero leaf meets a nonzero tuple (different
    /// depths); otherwise as [`Scalar::add`] at the leaves.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atuple::ArithTuple;
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::{ErrorClass, Scalar::Int};
    /// let a = ArithTuple::new(vec![Leaf(Int(1)), Leaf(Int(2)), Tuple(vec![Leaf(Int(3)), Leaf(Int(4))])]);
    /// let b = ArithTuple::new(vec![Leaf(Int(7)), Leaf(Int(8)), Tuple(vec![Leaf(Int(9)), Leaf(Int(10))])]);
    /// assert_eq!(a.add(&b).unwrap().to_string(), "(8, 10, (12, 14))");
    /// let c = ArithTuple::new(vec![Leaf(Int(1)), Leaf(Int(1)), Leaf(Int(1))]);
    /// assert_eq!(a.add(&c).unwrap_err().class(), ErrorClass::TypeError);
    /// ```
    pub fn add(&self, other: &ArithTuple) -> Result<ArithTuple> {
        Ok(ArithTuple {
            data: Box::new(add_children(&self.data, &other.data)?),
        })
    }

    /// The additive inverse, leafwise in each leaf's algebra (an F2 leaf is
    /// its own inverse).
    ///
    /// # Post-conditions
    /// `a.add(&a.neg()?)?.is_zero()`
    ///
    /// # Errors
    /// `ValueError` if an integer leaf is `i64::MIN`.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atuple::ArithTuple;
    /// use cute_dynamic::htuple::HTuple::Leaf;
    /// use cute_dynamic::Scalar::Int;
    /// let a = ArithTuple::new(vec![Leaf(Int(1)), Leaf(Int(2))]);
    /// assert_eq!(a.neg().unwrap().to_string(), "(-1, -2)");
    /// assert!(ArithTuple::new(vec![Leaf(Int(i64::MIN))]).neg().is_err());
    /// ```
    pub fn neg(&self) -> Result<ArithTuple> {
        Ok(ArithTuple {
            data: Box::new(
                self.data
                    .iter()
                    .map(|h| h.try_map(&mut Scalar::neg))
                    .collect::<Result<_>>()?,
            ),
        })
    }

    /// The difference `self - other`, elementwise with zero-extension.
    ///
    /// # Post-conditions
    /// `a.sub(b)?.add(b)? == a`
    ///
    /// # Errors
    /// As [`ArithTuple::add`] and [`ArithTuple::neg`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atuple::ArithTuple;
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::Scalar::Int;
    /// let a = ArithTuple::new(vec![Leaf(Int(8)), Leaf(Int(10))]);
    /// let b = ArithTuple::new(vec![Leaf(Int(7)), Leaf(Int(8))]);
    /// assert_eq!(a.sub(&b).unwrap().to_string(), "(1, 2)");
    /// let c = ArithTuple::new(vec![Leaf(Int(7)), Tuple(vec![Leaf(Int(1)), Leaf(Int(1))])]);
    /// assert!(a.sub(&c).is_err());
    /// ```
    pub fn sub(&self, other: &ArithTuple) -> Result<ArithTuple> {
        self.add(&other.neg()?)
    }

    /// The integer multiple `n * self`, elementwise (each leaf scales in its
    /// own algebra: an F2 leaf carry-lessly).
    ///
    /// ```text
    /// X * ArithTuple(A, B, (C, D)) := ArithTuple(X*A, X*B, (X*C, X*D))
    /// ```
    ///
    /// # Post-conditions
    /// `a.scale(m + n) == a.scale(m) + a.scale(n)` for integer leaves.
    ///
    /// # Errors
    /// As [`Scalar::scale`] at the leaves (`ValueError` on overflow).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atuple::ArithTuple;
    /// use cute_dynamic::htuple::HTuple::Leaf;
    /// use cute_dynamic::Scalar::Int;
    /// let a = ArithTuple::new(vec![Leaf(Int(1)), Leaf(Int(2)), Leaf(Int(3))]);
    /// assert_eq!(a.scale(4).unwrap().to_string(), "(4, 8, 12)");
    /// assert!(a.scale(i64::MAX).is_err());
    /// ```
    pub fn scale(&self, n: i64) -> Result<ArithTuple> {
        Ok(ArithTuple {
            data: Box::new(
                self.data
                    .iter()
                    .map(|h| h.try_map(&mut |x| x.scale(n)))
                    .collect::<Result<_>>()?,
            ),
        })
    }

    /// `self @ i`: wraps `self` at outer index `i`, that is `i` leading
    /// zeros, then `self` as one child.
    ///
    /// # Post-conditions
    /// `result.data().len() == i + 1`
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atuple::{e, ArithTuple};
    /// use cute_dynamic::Scalar;
    /// let Scalar::Arith(e0) = e(&[0]) else { unreachable!() };
    /// assert_eq!(Scalar::Arith(e0.matmul(1)), e(&[1, 0])); // E(0) @ 1 == E(1, 0)
    /// assert_ne!(Scalar::Arith(e0.matmul(1)), e(&[1]));
    /// ```
    pub fn matmul(&self, i: usize) -> ArithTuple {
        ArithTuple {
            data: Box::new(pad(i, HTuple::Tuple(self.data.to_vec()))),
        }
    }

    /// The specification's `ScaledBasis(value, mode)`: `value` at the path
    /// `mode` of an otherwise-zero arithmetic tuple. An empty path is `value`
    /// itself. See [`scaled_basis`](super::scaled_basis).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{ArithTuple, Scalar};
    /// assert_eq!(ArithTuple::scaled_basis(Scalar::Int(42), &[1, 0]).to_string(), "42@0@1");
    /// assert_eq!(ArithTuple::scaled_basis(Scalar::Int(42), &[]).to_string(), "42");
    /// ```
    pub fn scaled_basis(value: Scalar, mode: &[usize]) -> Scalar {
        let Some((&first, inner)) = mode.split_first() else {
            return value;
        };
        let mut node = HTuple::Leaf(value);
        for &i in inner.iter().rev() {
            node = HTuple::Tuple(pad(i, node));
        }
        Scalar::Arith(ArithTuple {
            data: Box::new(pad(first, node)),
        })
    }

    /// The unit basis element `E(*mode)` (`1` for an empty path). See [`e`](super::e).
    pub fn e(mode: &[usize]) -> Scalar {
        Self::scaled_basis(Scalar::Int(1), mode)
    }
}

/// `i` zeros, then `x`.
fn pad(i: usize, x: HTuple<Scalar>) -> Vec<HTuple<Scalar>> {
    let mut v: Vec<HTuple<Scalar>> = (0..i).map(|_| ZERO).collect();
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
        // leaf, leaf
        (HTuple::Leaf(x), HTuple::Leaf(y)) => Ok(HTuple::Leaf(x.add(y)?)),
        // tuple, tuple
        (HTuple::Tuple(x), HTuple::Tuple(y)) => Ok(HTuple::Tuple(add_children(x, y)?)),
        // leaf, tuple: a zero leaf is the identity of every depth
        (HTuple::Leaf(z), t @ HTuple::Tuple(_)) | (t @ HTuple::Tuple(_), HTuple::Leaf(z))
            if z.is_zero() =>
        {
            Ok(t.clone())
        }
        (x, y) => Err(Error::type_error(
            "ArithTuple +",
            format!("ArithTuple Incompatibility: {x} and {y} differ in depth"),
        )),
    }
}
