//! Arithmetic tuples: elements of the hierarchical module Z^S.
//!
//! An [`ArithTuple`] is a hierarchical tuple of stride scalars under
//! elementwise addition and scalar multiplication, with implicit
//! zero-extension along trailing positions. It is the single carrier for
//! coordinate strides (one-term sums like `E(0)`) and coordinate sums
//! (multi-term sums like `3*E(0) + 5*E(1)`).
//!
//! A leaf is ordinarily an integer, hence Z^S, but may be any stride scalar,
//! and every operation defers to the leaf's own algebra: an [`F2`] leaf adds
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

use cute_core::{Error, Result};

use crate::htuple::HTuple;
use crate::swizzle::F2;
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
///
/// Arithmetic tuples are ordered colexicographically ([`PartialOrd`]): the
/// last position is the most significant, missing trailing positions are
/// zero, and nested tuples compare recursively. Two tuples whose profiles
/// clash at a nonzero leaf (a nonzero int against a tuple) are not
/// comparable. The type is deliberately not `Hash`: equal elements may hold
/// different children.
///
/// # Examples
/// ```
/// use cute_dynamic::atuple::ArithTuple;
/// use cute_dynamic::htuple::HTuple::Leaf;
/// use cute_dynamic::Scalar::Int;
/// let a = ArithTuple::new(vec![Leaf(Int(1)), Leaf(Int(0)), Leaf(Int(0))]);
/// let b = ArithTuple::new(vec![Leaf(Int(0)), Leaf(Int(1)), Leaf(Int(0))]);
/// assert!(a < b);
/// assert_eq!(a.to_string(), "1@0");
/// ```
#[derive(Clone, Debug, Default)]
pub struct ArithTuple {
    // boxed: a stride scalar holding an arithmetic tuple is as small as one
    // holding an integer (a thin pointer, 8 bytes, where a `Vec` is 24), so
    // that the leaves of a layout of integer strides stay compact
    #[allow(clippy::box_collection)]
    data: Box<Vec<HTuple<Scalar>>>,
}

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
const ZERO: HTuple<Scalar> = HTuple::Leaf(Scalar::Int(0));

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

// ---------------------------------------------------------------------------
// Arithmetic
// ---------------------------------------------------------------------------

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
    /// itself. See [`scaled_basis`].
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

    /// The unit basis element `E(*mode)` (`1` for an empty path). See [`e`].
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

// ---------------------------------------------------------------------------
// The basis vocabulary
// ---------------------------------------------------------------------------

/// A scaled basis vector: `value` at the path `mode` of an otherwise-zero
/// arithmetic tuple, `value` kept verbatim at the leaf (the specification's
/// `ScaledBasis(value, mode)`). An empty `mode` gives `value` itself.
///
/// ```text
/// ScaledBasis(A, [])     := A
/// ScaledBasis(A, [0])    := (A, 0, 0, ...)
/// ScaledBasis(A, [1])    := (0, A, 0, ...)
/// ScaledBasis(A, [1, 0]) := (0, (A, 0, 0, ...), 0, ...)
/// ```
///
/// # Post-conditions
/// `basis_repr(&result) == [(value, mode)]` for a nonzero `value`.
///
/// # Examples
/// ```
/// use cute_dynamic::atuple::{e, scaled_basis};
/// use cute_dynamic::{Scalar, F2};
/// assert_eq!(scaled_basis(Scalar::Int(42), &[]), Scalar::Int(42));
/// assert_eq!(scaled_basis(Scalar::Int(42), &[0]), e(&[0]).scale(42).unwrap());
/// assert_eq!(scaled_basis(Scalar::Int(42), &[1, 0]).to_string(), "42@0@1");
/// assert_eq!(scaled_basis(Scalar::F2(F2(1)), &[0]).to_string(), "F1@0");
/// assert_ne!(scaled_basis(Scalar::Int(42), &[1]), e(&[1]));
/// ```
pub fn scaled_basis(value: Scalar, mode: &[usize]) -> Scalar {
    ArithTuple::scaled_basis(value, mode)
}

/// The unit basis element `E(*mode) == ScaledBasis(1, mode)`: the usual way
/// to write a coordinate stride.
///
/// ```text
/// E()     := 1
/// E(0)    := (1, 0, 0, ...)
/// E(1)    := (0, 1, 0, ...)
/// E(0, 1) := ((0, 1, 0, ...), 0, 0, ...)
/// E(1, 0) := (0, (1, 0, 0, ...), 0, ...)
/// ```
///
/// # Post-conditions
/// `is_basis(&result)`; `unit(&result)? == result`.
///
/// # Examples
/// ```
/// use cute_dynamic::atuple::{e, ArithTuple};
/// use cute_dynamic::htuple::HTuple::Leaf;
/// use cute_dynamic::Scalar::{self, Int};
/// let at = |v: Vec<Scalar>| ArithTuple::from_args(v.into_iter().map(Leaf).collect());
/// assert_eq!(e(&[]), Int(1));
/// assert_eq!(e(&[0]), at(vec![Int(1), Int(0)]));
/// assert_eq!(e(&[1]), at(vec![Int(0), Int(1)]));
/// assert_eq!(e(&[0, 1]), at(vec![at(vec![Int(0), Int(1)]), Int(0)]));
/// assert_eq!(e(&[1, 0]), at(vec![Int(0), at(vec![Int(1), Int(0)])]));
/// assert_ne!(e(&[0, 1]), e(&[1, 0]));
/// ```
pub fn e(mode: &[usize]) -> Scalar {
    ArithTuple::e(mode)
}

/// The basis-scalar shortcut of the specification: `V(value) @ i` is
/// `ScaledBasis(value, (i,))`, and `@` chains outward
/// (`V(1) @ 0 @ 1 == E(1, 0)`).
///
/// # Examples
/// ```
/// use cute_dynamic::atuple::{e, scaled_basis, V};
/// use cute_dynamic::{Scalar, F2};
/// assert_eq!(V(Scalar::Int(1)).matmul(0), e(&[0]));
/// assert_eq!(V(Scalar::Int(42)).matmul(1), e(&[1]).scale(42).unwrap());
/// assert_eq!(V(Scalar::F2(F2(1))).matmul(0), scaled_basis(Scalar::F2(F2(1)), &[0]));
/// assert_eq!(V(Scalar::Int(1)).matmul(0).matmul(1), e(&[1, 0]));
/// assert_ne!(V(Scalar::Int(1)).matmul(0), e(&[1]));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct V(pub Scalar);

impl V {
    /// `V(value) @ i == ScaledBasis(value, (i,))`.
    pub fn matmul(&self, i: usize) -> Scalar {
        self.0.matmul(i)
    }

    /// The wrapped value (`V(1)` stands for `1`).
    pub fn value(&self) -> &Scalar {
        &self.0
    }
}

impl fmt::Display for V {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "V({})", self.0)
    }
}

/// The algebraic decomposition of `x` into scaled basis vectors: one
/// `(value, path)` per nonzero leaf, left to right, the value verbatim in its
/// own algebra. An int or F2 is the rank-zero term `[(x, ())]`; an all-zero
/// arithmetic tuple collapses to `[(0, ())]`, as int `0` does.
///
/// # Post-conditions
/// `x == sum(scaled_basis(v, s) for (v, s) in result)`; `result.len() >= 1`.
///
/// # Examples
/// ```
/// use cute_dynamic::atuple::{basis_repr, e, ArithTuple};
/// use cute_dynamic::htuple::HTuple::Leaf;
/// use cute_dynamic::Scalar::{self, Int};
/// let x = e(&[1, 2]).scale(5).unwrap();
/// assert_eq!(basis_repr(&x), vec![(Int(5), vec![1, 2])]);
/// let y = e(&[0]).scale(3).unwrap().add(&e(&[1]).scale(5).unwrap()).unwrap();
/// assert_eq!(basis_repr(&y), vec![(Int(3), vec![0]), (Int(5), vec![1])]);
/// assert_eq!(basis_repr(&Int(0)), vec![(Int(0), vec![])]);
/// let z = ArithTuple::from_args(vec![Leaf(Int(0)), Leaf(Int(0))]);
/// assert_eq!(basis_repr(&z), vec![(Int(0), vec![])]);
/// assert_ne!(basis_repr(&y).len(), 1);
/// ```
pub fn basis_repr(x: &Scalar) -> Vec<(Scalar, Vec<usize>)> {
    match x {
        Scalar::Arith(a) => {
            let terms = a.terms();
            if terms.is_empty() {
                vec![(Scalar::Int(0), Vec::new())]
            } else {
                terms
            }
        }
        x => vec![(x.clone(), Vec::new())],
    }
}

/// True iff `x` is a single scaled basis vector `v * E(*s)`. Every int and
/// every F2 qualifies, being the rank-zero basis element.
///
/// # Post-conditions
/// `result == (basis_repr(x).len() == 1)`
///
/// # Examples
/// ```
/// use cute_dynamic::atuple::{e, is_basis};
/// use cute_dynamic::Scalar;
/// assert!(is_basis(&e(&[1, 2]).scale(5).unwrap()));
/// assert!(is_basis(&Scalar::Int(0)));
/// assert!(!is_basis(&e(&[0]).scale(3).unwrap().add(&e(&[1]).scale(5).unwrap()).unwrap()));
/// ```
pub fn is_basis(x: &Scalar) -> bool {
    match x {
        Scalar::Arith(a) => a.terms().len() <= 1,
        _ => true,
    }
}

/// A `profile`-shaped tuple of unit basis elements, one per leaf position:
/// the leaf at path `p` becomes `E(*mode, *p)`.
///
/// ```text
/// make_basis_like(leaf, m)         := E(*m)
/// make_basis_like((p0, p1, ..), m) := (make_basis_like(p0, m + (0,)), make_basis_like(p1, m + (1,)), ..)
/// ```
///
/// # Post-conditions
/// `congruent(result, profile)`; the leaf of `result` at path `p` is
/// `E(*mode, *p)`.
///
/// # Examples
/// ```
/// use cute_dynamic::atuple::{e, make_basis_like};
/// use cute_dynamic::htuple::{congruent, HTuple::{Leaf, Tuple}};
/// let p = Tuple(vec![Leaf(10), Tuple(vec![Leaf(20), Leaf(30)])]);
/// let b = make_basis_like(&p, &[]);
/// assert_eq!(b, Tuple(vec![Leaf(e(&[0])), Tuple(vec![Leaf(e(&[1, 0])), Leaf(e(&[1, 1]))])]));
/// assert_eq!(b.to_string(), "(1@0, (1@0@1, 1@1@1))");
/// assert!(congruent(&b, &p));
/// assert_eq!(make_basis_like(&Leaf(10), &[]), Leaf(e(&[])));
/// assert_ne!(make_basis_like(&Tuple(vec![Leaf(10), Leaf(20)]), &[]), Tuple(vec![Leaf(e(&[1])), Leaf(e(&[0]))]));
/// ```
pub fn make_basis_like<T>(profile: &HTuple<T>, mode: &[usize]) -> HTuple<Scalar> {
    make_basis_like_impl(profile, mode)
}

/// The most tuple entries the basis elements of one profile may hold
/// together (see [`basis_entries`]): past it, building them is refused.
pub const MAX_BASIS_ENTRIES: usize = 1 << 22;

/// The number of tuple entries the unit basis elements of every leaf of
/// `profile` hold together when `profile` sits at `mode`: a basis element at
/// the path `p` stores `sum(p) + len(p)` entries, its leading zeros included.
/// Saturates at `usize::MAX`.
///
/// ```
/// use cute_dynamic::atuple::basis_entries;
/// use cute_dynamic::IntTuple;
/// let p: IntTuple = "(10, (20, 30))".parse().unwrap();
/// // E(0): 1 entry; E(1, 0): 1 + 1 + 1 + 0 = 3; E(1, 1): 4
/// assert_eq!(basis_entries(&p, &[]), 1 + 3 + 4);
/// ```
pub fn basis_entries<T>(profile: &HTuple<T>, mode: &[usize]) -> usize {
    fn go<T>(p: &HTuple<T>, cost: usize) -> usize {
        match p {
            HTuple::Leaf(_) => cost,
            HTuple::Tuple(c) => c.iter().enumerate().fold(0usize, |acc, (i, x)| {
                acc.saturating_add(go(x, cost.saturating_add(i).saturating_add(1)))
            }),
        }
    }
    let base = mode
        .iter()
        .fold(0usize, |a, &i| a.saturating_add(i).saturating_add(1));
    go(profile, base)
}

fn make_basis_like_impl<T>(profile: &HTuple<T>, mode: &[usize]) -> HTuple<Scalar> {
    fn go<T>(p: &HTuple<T>, path: &mut Vec<usize>) -> HTuple<Scalar> {
        match p {
            HTuple::Leaf(_) => HTuple::Leaf(e(path)),
            HTuple::Tuple(c) => HTuple::Tuple(
                c.iter()
                    .enumerate()
                    .map(|(i, x)| {
                        path.push(i);
                        let r = go(x, path);
                        path.pop();
                        r
                    })
                    .collect(),
            ),
        }
    }
    go(profile, &mut mode.to_vec())
}

/// The single `(value, path)` term of a basis, or a `TypeError` naming `op`.
fn basis_term(op: &'static str, basis: &Scalar) -> Result<(Scalar, Vec<usize>)> {
    let mut terms = basis_repr(basis);
    if terms.len() != 1 {
        return Err(Error::type_error(
            op,
            format!("{basis} is not a single scaled basis vector"),
        ));
    }
    Ok(terms.remove(0))
}

/// The part of `x` at the position implied by `basis`: the sub-tree of `x`
/// at `basis`'s path (all of `x` for a rank-zero basis such as an int).
///
/// `x` is read as an element of Z^S: an arithmetic-tuple leaf is read as its
/// tuple, and a position past the end of a tuple, or below a zero leaf, is
/// `0` (zero-extension).
///
/// # Pre-conditions
/// `is_basis(basis)`
///
/// # Post-conditions
/// `proj(&HTuple::Leaf(scaled_basis(v, s)), &e(s)) == v`
///
/// # Errors
/// `TypeError` if `basis` is a multi-term sum, or if the path leads below a
/// nonzero scalar leaf of `x`.
///
/// # Examples
/// ```
/// use cute_dynamic::atuple::{e, proj};
/// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
/// use cute_dynamic::{ErrorClass, Scalar::Int};
/// let x = Tuple(vec![Leaf(Int(7)), Leaf(Int(9))]);
/// assert_eq!(proj(&x, &e(&[0])).unwrap(), Leaf(Int(7)));
/// assert_eq!(proj(&x, &e(&[1]).scale(2).unwrap()).unwrap(), Leaf(Int(9)));
/// assert_eq!(proj(&x, &Int(42)).unwrap(), x); // rank-zero path
/// let two = e(&[0]).add(&e(&[1])).unwrap();
/// assert_eq!(proj(&x, &two).unwrap_err().class(), ErrorClass::TypeError);
/// ```
pub fn proj(x: &HTuple<Scalar>, basis: &Scalar) -> Result<HTuple<Scalar>> {
    let (_, path) = basis_term("proj", basis)?;
    let mut cur = as_tuple(x);
    for (depth, &i) in path.iter().enumerate() {
        let next = match &cur {
            HTuple::Tuple(c) => c.get(i).cloned().unwrap_or(ZERO),
            HTuple::Leaf(z) if z.is_zero() => ZERO,
            HTuple::Leaf(v) => {
                return Err(Error::type_error(
                    "proj",
                    format!(
                        "{x} has the scalar {v} at depth {depth}, where the basis {basis} needs a tuple"
                    ),
                ))
            }
        };
        cur = next;
    }
    Ok(cur)
}

/// The multiplicative unit of `basis`'s algebra at `basis`'s path: `1` for
/// an int, `F2(1)` for an F2 (whose unit multiplies carry-lessly), and
/// `ScaledBasis(unit(v), s)` for a basis vector `v * E(*s)`. It drops the
/// magnitude and keeps the algebra and the axis, so `unit(d) * n` is a
/// stride of magnitude `n` in the same place.
///
/// # Pre-conditions
/// `is_basis(basis)`
///
/// # Post-conditions
/// `is_basis(&result)`; `basis_repr(&result)[0].1 == basis_repr(basis)[0].1`.
///
/// # Errors
/// `TypeError` if `basis` is a multi-term sum.
///
/// # Examples
/// ```
/// use cute_dynamic::atuple::{e, scaled_basis, unit};
/// use cute_dynamic::{ErrorClass, Scalar, F2};
/// assert_eq!(unit(&Scalar::Int(5)).unwrap(), Scalar::Int(1));
/// assert_eq!(unit(&e(&[1]).scale(2).unwrap()).unwrap(), e(&[1]));
/// assert_eq!(unit(&Scalar::F2(F2(9))).unwrap(), Scalar::F2(F2(1)));
/// assert_eq!(unit(&scaled_basis(Scalar::F2(F2(9)), &[0])).unwrap(), scaled_basis(Scalar::F2(F2(1)), &[0]));
/// let two = e(&[0]).add(&e(&[1])).unwrap();
/// assert_eq!(unit(&two).unwrap_err().class(), ErrorClass::TypeError);
/// ```
pub fn unit(basis: &Scalar) -> Result<Scalar> {
    let (v, path) = basis_term("unit", basis)?;
    let one = match v {
        Scalar::F2(_) => Scalar::F2(F2(1)),
        Scalar::Int(_) => Scalar::Int(1),
        // a term's value is a leaf, never an arithmetic tuple
        Scalar::Arith(a) => unit(&Scalar::Arith(a))?,
    };
    Ok(scaled_basis(one, &path))
}

/// Materializes arithmetic tuples as plain nested tuples: every
/// `Scalar::Arith` leaf of `x` becomes the tuple node of its children;
/// other leaves are kept.
///
/// # Post-conditions
/// No leaf of `result` is a `Scalar::Arith`.
///
/// # Examples
/// ```
/// use cute_dynamic::atuple::{as_tuple, ArithTuple};
/// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
/// use cute_dynamic::Scalar::Int;
/// let a = ArithTuple::from_args(vec![Leaf(Int(1)), Leaf(Int(2)), Tuple(vec![Leaf(Int(3)), Leaf(Int(4))])]);
/// let t = as_tuple(&Leaf(a));
/// assert_eq!(t, Tuple(vec![Leaf(Int(1)), Leaf(Int(2)), Tuple(vec![Leaf(Int(3)), Leaf(Int(4))])]));
/// assert_eq!(as_tuple(&Leaf(Int(42))), Leaf(Int(42)));
/// assert_ne!(as_tuple(&Leaf(Int(42))), Tuple(vec![Leaf(Int(42))]));
/// ```
pub fn as_tuple(x: &HTuple<Scalar>) -> HTuple<Scalar> {
    match x {
        HTuple::Leaf(Scalar::Arith(a)) => a.as_tuple(),
        HTuple::Leaf(v) => HTuple::Leaf(v.clone()),
        HTuple::Tuple(c) => HTuple::Tuple(c.iter().map(as_tuple).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::htuple::congruent;
    use cute_core::ErrorClass;
    use proptest::prelude::*;
    use HTuple::{Leaf, Tuple};
    use Scalar::Int;

    /// `ArithTuple(*args)`.
    fn at(args: Vec<HTuple<Scalar>>) -> Scalar {
        ArithTuple::from_args(args)
    }
    /// An int leaf.
    fn i(x: i64) -> HTuple<Scalar> {
        Leaf(Int(x))
    }
    /// A leaf holding a scalar.
    fn l(x: Scalar) -> HTuple<Scalar> {
        Leaf(x)
    }
    /// A tuple of int leaves.
    fn ints(v: &[i64]) -> HTuple<Scalar> {
        Tuple(v.iter().map(|&x| i(x)).collect())
    }
    /// `n * x`.
    fn times(n: i64, x: Scalar) -> Scalar {
        Int(n).mul(&x).unwrap()
    }
    fn plus(a: &Scalar, b: &Scalar) -> Scalar {
        a.add(b).unwrap()
    }

    // --- API reference: class ArithTuple ---------------------------------

    #[test]
    fn test_arith_tuple_examples() {
        // ArithTuple(1, 2, 3) + (7, 8, 9) == (8, 10, 12)
        let a = at(vec![i(1), i(2), i(3)]);
        let s = plus(&a, &at(vec![ints(&[7, 8, 9])]));
        assert_eq!(s, at(vec![ints(&[8, 10, 12])]));
        assert_eq!(as_tuple(&l(s.clone())), ints(&[8, 10, 12]));
        assert_eq!(s.to_string(), "(8, 10, 12)");
        // ArithTuple(1, 2, 3) * 4 == (4, 8, 12), on both sides
        assert_eq!(a.mul(&Int(4)).unwrap(), at(vec![ints(&[4, 8, 12])]));
        assert_eq!(Int(4).mul(&a).unwrap().to_string(), "(4, 8, 12)");
        // 0 - ArithTuple(1, 2) == (-1, -2)
        let d = Int(0).sub(&at(vec![i(1), i(2)])).unwrap();
        assert_eq!(d, at(vec![ints(&[-1, -2])]));
        assert_eq!(d.to_string(), "(-1, -2)");
        // E(0) == ArithTuple(1, 0) == ArithTuple((1,))
        assert_eq!(e(&[0]), at(vec![i(1), i(0)]));
        assert_eq!(at(vec![i(1), i(0)]), at(vec![ints(&[1])]));
        // ArithTuple(0, 0) == 0 == ArithTuple((0,))
        assert_eq!(at(vec![i(0), i(0)]), Int(0));
        assert_eq!(Int(0), at(vec![ints(&[0])]));
        // ArithTuple((5,)) != 5: different depths
        assert_ne!(at(vec![ints(&[5])]), Int(5));
        assert_ne!(Int(5), at(vec![ints(&[5])]));
        // ArithTuple(1, 2) + 1 -> TypeError
        let err = at(vec![i(1), i(2)]).add(&Int(1)).unwrap_err();
        assert_eq!(err.class(), ErrorClass::TypeError);
        let err = Int(1).add(&at(vec![i(1), i(2)])).unwrap_err();
        assert_eq!(err.class(), ErrorClass::TypeError);
    }

    #[test]
    fn test_constructor_passthrough() {
        // ArithTuple(1) is the depth-0 int 1
        assert!(matches!(at(vec![i(1)]), Int(1)));
        // a single tuple argument holds its elements
        let Scalar::Arith(a) = at(vec![ints(&[1, 2])]) else {
            panic!("not an ArithTuple")
        };
        assert_eq!(a.data(), &[i(1), i(2)]);
        // ArithTuple(1, 2, (3, 4))
        let b = at(vec![i(1), i(2), ints(&[3, 4])]);
        assert_eq!(b.to_string(), "(1, 2, (3, 4))");
        // nested ArithTuple arguments become tuple nodes
        let c = at(vec![l(at(vec![i(0), i(1)])), i(0)]);
        let Scalar::Arith(c) = c else { panic!() };
        assert_eq!(c.data(), &[ints(&[0, 1]), i(0)]);
        // no argument: the empty element, zero
        assert_eq!(at(vec![]), Int(0));
        assert_eq!(at(vec![]).to_string(), "0");
    }

    #[test]
    fn test_matmul() {
        // E(0) @ 1 == E(1, 0)
        assert_eq!(e(&[0]).matmul(1), e(&[1, 0]));
        assert_eq!(e(&[0]).matmul(1).to_string(), "1@0@1");
        assert_eq!(e(&[0]).matmul(0), e(&[0, 0]));
        assert_eq!(Int(7).matmul(2).to_string(), "7@2");
    }

    // --- API reference: ScaledBasis, E, V --------------------------------

    #[test]
    fn test_scaled_basis() {
        assert_eq!(scaled_basis(Int(42), &[]), Int(42));
        assert_eq!(scaled_basis(Int(42), &[0]), times(42, e(&[0])));
        assert_eq!(scaled_basis(Int(42), &[1, 0]), times(42, e(&[1, 0])));
        // the table: ScaledBasis(A, [1, 1]) := (0, (0, A, 0, ...), 0, ...)
        assert_eq!(scaled_basis(Int(7), &[1, 1]), at(vec![i(0), ints(&[0, 7])]));
        assert_eq!(
            scaled_basis(Int(7), &[0, 1]),
            at(vec![ints(&[0, 7]), i(0), i(0)])
        );
        // ScaledBasis(F2(1), (0,)) is an F2-valued axis
        assert_eq!(scaled_basis(Scalar::F2(F2(1)), &[0]).to_string(), "F1@0");
    }

    #[test]
    fn test_e() {
        assert_eq!(e(&[]), Int(1));
        assert_eq!(e(&[0]), at(vec![i(1), i(0)]));
        assert_eq!(e(&[1]), at(vec![i(0), i(1)]));
        assert_eq!(e(&[0, 1]), at(vec![l(at(vec![i(0), i(1)])), i(0)]));
        assert_eq!(e(&[1, 0]), at(vec![i(0), l(at(vec![i(1), i(0)]))]));
        // Layout((4, 5), (E(0), E(1)))(2, 3) == ArithTuple(2, 3)
        let v = plus(&times(2, e(&[0])), &times(3, e(&[1])));
        assert_eq!(v, at(vec![i(2), i(3)]));
    }

    #[test]
    fn test_v() {
        assert_eq!(V(Int(1)).matmul(0), e(&[0]));
        assert_eq!(V(Int(42)).matmul(1), times(42, e(&[1])));
        assert_eq!(
            V(Scalar::F2(F2(1))).matmul(0),
            scaled_basis(Scalar::F2(F2(1)), &[0])
        );
        // V(1)@1@0 := ((0, 1, 0, ...), 0, 0, ...)
        assert_eq!(V(Int(1)).matmul(1).matmul(0), e(&[0, 1]));
        assert_eq!(V(Int(1)).value(), &Int(1));
        assert_eq!(V(Int(1)).to_string(), "V(1)");
    }

    // --- API reference: basis_repr, is_basis, make_basis_like ------------

    #[test]
    fn test_basis_repr() {
        assert_eq!(
            basis_repr(&times(5, e(&[1, 2]))),
            vec![(Int(5), vec![1, 2])]
        );
        let y = plus(&times(3, e(&[0])), &times(5, e(&[1])));
        assert_eq!(basis_repr(&y), vec![(Int(3), vec![0]), (Int(5), vec![1])]);
        assert_eq!(basis_repr(&Int(0)), vec![(Int(0), vec![])]);
        assert_eq!(basis_repr(&at(vec![i(0), i(0)])), vec![(Int(0), vec![])]);
        assert_eq!(
            basis_repr(&Scalar::F2(F2(3))),
            vec![(Scalar::F2(F2(3)), vec![])]
        );
    }

    #[test]
    fn test_is_basis() {
        assert!(is_basis(&times(5, e(&[1, 2]))));
        assert!(is_basis(&Int(0)));
        assert!(!is_basis(&plus(&times(3, e(&[0])), &times(5, e(&[1])))));
        assert!(is_basis(&at(vec![i(0), i(0)])));
    }

    #[test]
    fn test_make_basis_like() {
        let p = Tuple(vec![Leaf(10), Leaf(20)]);
        assert_eq!(
            make_basis_like(&p, &[]),
            Tuple(vec![l(e(&[0])), l(e(&[1]))])
        );
        let q = Tuple(vec![Leaf(10), Tuple(vec![Leaf(20), Leaf(30)])]);
        let b = make_basis_like(&q, &[]);
        assert_eq!(
            b,
            Tuple(vec![l(e(&[0])), Tuple(vec![l(e(&[1, 0])), l(e(&[1, 1]))])])
        );
        assert_eq!(b.to_string(), "(1@0, (1@0@1, 1@1@1))");
        assert_eq!(make_basis_like(&Leaf(10), &[]), l(e(&[])));
        assert!(congruent(&b, &q));
        // a mode prefix
        assert_eq!(make_basis_like(&Leaf(10), &[2, 1]), l(e(&[2, 1])));
    }

    // --- API reference: proj, unit, as_tuple -----------------------------

    #[test]
    fn test_proj() {
        let x = ints(&[7, 9]);
        assert_eq!(proj(&x, &e(&[0])).unwrap(), i(7));
        assert_eq!(proj(&x, &times(2, e(&[1]))).unwrap(), i(9));
        assert_eq!(proj(&x, &Int(42)).unwrap(), x);
        let err = proj(&x, &plus(&e(&[0]), &e(&[1]))).unwrap_err();
        assert_eq!(err.class(), ErrorClass::TypeError);
        // an arithmetic-tuple leaf is read as its tuple, zero-extended
        let c = l(at(vec![i(3), ints(&[4, 5])]));
        assert_eq!(proj(&c, &e(&[1, 1])).unwrap(), i(5));
        assert_eq!(proj(&c, &e(&[2])).unwrap(), i(0));
        assert_eq!(
            proj(&c, &e(&[0, 1])).unwrap_err().class(),
            ErrorClass::TypeError
        );
    }

    #[test]
    fn test_unit() {
        assert_eq!(unit(&Int(5)).unwrap(), Int(1));
        assert_eq!(unit(&times(2, e(&[1]))).unwrap(), e(&[1]));
        assert_eq!(unit(&Scalar::F2(F2(9))).unwrap(), Scalar::F2(F2(1)));
        assert_eq!(
            unit(&scaled_basis(Scalar::F2(F2(9)), &[0])).unwrap(),
            scaled_basis(Scalar::F2(F2(1)), &[0])
        );
        let err = unit(&plus(&e(&[0]), &e(&[1]))).unwrap_err();
        assert_eq!(err.class(), ErrorClass::TypeError);
        // unit(d) * n rebuilds a stride of magnitude n in the same place
        let d = scaled_basis(Scalar::F2(F2(4)), &[1]);
        assert_eq!(unit(&d).unwrap().mul(&Int(4)).unwrap(), d);
    }

    #[test]
    fn test_as_tuple() {
        let a = at(vec![i(1), i(2), ints(&[3, 4])]);
        assert_eq!(as_tuple(&l(a)), Tuple(vec![i(1), i(2), ints(&[3, 4])]));
        assert_eq!(as_tuple(&i(42)), i(42));
        // a tuple of them
        let t = Tuple(vec![l(e(&[0])), l(e(&[1]))]);
        assert_eq!(as_tuple(&t), Tuple(vec![ints(&[1]), ints(&[0, 1])]));
    }

    // --- chapter 02 -------------------------------------------------------

    #[test]
    fn test_chapter_printing() {
        assert_eq!(e(&[0]).to_string(), "1@0");
        assert_eq!(e(&[1]).to_string(), "1@1");
        assert_eq!(e(&[0, 0]).to_string(), "1@0@0");
        assert_eq!(times(3, e(&[0])).to_string(), "3@0");
        assert_eq!(scaled_basis(Int(42), &[]).to_string(), "42");
        assert_eq!(scaled_basis(Int(42), &[0]).to_string(), "42@0");
        assert_eq!(scaled_basis(Int(42), &[1]).to_string(), "42@1");
        assert_eq!(scaled_basis(Int(42), &[1, 0]).to_string(), "42@0@1");
        let y = plus(&times(3, e(&[0])), &times(5, e(&[1])));
        assert_eq!(y.to_string(), "(3, 5)");
        assert!(matches!(y, Scalar::Arith(_)));
        assert!(y.is_stride_scalar());
        assert!(at(vec![i(1), i(2), i(3)]).is_stride_scalar());
        assert!(e(&[0]).is_stride_scalar());
    }

    #[test]
    fn test_chapter_arithmetic() {
        let a = at(vec![i(1), i(2), i(3)]);
        let b = at(vec![i(7), i(8), i(9)]);
        assert_eq!(plus(&a, &b).to_string(), "(8, 10, 12)");
        assert_eq!(a.mul(&Int(4)).unwrap().to_string(), "(4, 8, 12)");
        assert_eq!(Int(4).mul(&a).unwrap().to_string(), "(4, 8, 12)");
        let c = at(vec![i(1), i(2), ints(&[3, 4])]);
        let d = at(vec![Tuple(vec![i(7), i(8), ints(&[9, 10])])]);
        assert_eq!(plus(&c, &d).to_string(), "(8, 10, (12, 14))");
        // ArithTuple(1, 2, 3) + 7 -> TypeError: ArithTuple Incompatibility
        assert_eq!(a.add(&Int(7)).unwrap_err().class(), ErrorClass::TypeError);
        // depth clash inside the tuples
        let Scalar::Arith(x) = c else { panic!() };
        let Scalar::Arith(z) = at(vec![i(0), i(0), i(1)]) else {
            panic!()
        };
        let err = x.add(&z).unwrap_err();
        assert_eq!(err.class(), ErrorClass::TypeError);
        assert!(err.to_string().contains("ArithTuple Incompatibility"));
    }

    #[test]
    fn test_chapter_order() {
        // 0 < E(0)
        assert!(Int(0).try_lt(&e(&[0])).unwrap());
        assert!(e(&[0]).try_gt(&Int(0)).unwrap());
        // ArithTuple(1, 0, 0) < ArithTuple(0, 1, 0)
        assert!(at(vec![i(1), i(0), i(0)])
            .try_lt(&at(vec![i(0), i(1), i(0)]))
            .unwrap());
        // ArithTuple(idx2crd(3, (3, 4))) < ArithTuple(idx2crd(7, (3, 4))):
        // (0, 1) < (1, 2)
        assert!(at(vec![ints(&[0, 1])])
            .try_lt(&at(vec![ints(&[1, 2])]))
            .unwrap());
        let (Scalar::Arith(p), Scalar::Arith(q)) =
            (at(vec![i(1), i(0), i(0)]), at(vec![i(0), i(1)]))
        else {
            panic!()
        };
        assert!(p < q);
        assert!(q > p);
        assert_eq!(q.partial_cmp(&p), Some(Ordering::Greater));
    }

    #[test]
    fn test_order_details() {
        use Ordering::*;
        // zero-extension: (1,) == (1, 0), and trailing positions decide first
        assert_eq!(e(&[0]).try_cmp(&at(vec![i(1), i(0)])).unwrap(), Equal);
        assert_eq!(e(&[1]).try_cmp(&times(5, e(&[0]))).unwrap(), Greater);
        // nested: E(0, 1) < E(1)
        assert_eq!(e(&[0, 1]).try_cmp(&e(&[1])).unwrap(), Less);
        // negative coordinates
        assert_eq!(times(-1, e(&[0])).try_cmp(&Int(0)).unwrap(), Less);
        // ints and F2 by value; F2 against int zero
        assert_eq!(Int(3).try_cmp(&Int(4)).unwrap(), Less);
        assert_eq!(
            Scalar::F2(F2(3)).try_cmp(&Scalar::F2(F2(1))).unwrap(),
            Greater
        );
        assert_eq!(Scalar::F2(F2(3)).try_cmp(&Int(0)).unwrap(), Greater);
        assert_eq!(Int(0).try_cmp(&Scalar::F2(F2(0))).unwrap(), Equal);
        // not comparable
        for (a, b) in [
            (Int(5), e(&[0])),
            (Scalar::F2(F2(1)), Int(1)),
            (Scalar::F2(F2(1)), e(&[0])),
            (at(vec![i(1), i(1)]), at(vec![ints(&[1, 1]), i(1)])),
        ] {
            assert_eq!(a.try_cmp(&b).unwrap_err().class(), ErrorClass::TypeError);
            assert_eq!(b.try_cmp(&a).unwrap_err().class(), ErrorClass::TypeError);
        }
    }

    #[test]
    fn test_neg_sub_and_errors() {
        let a = at(vec![i(3), ints(&[4, 5])]);
        assert_eq!(a.neg().unwrap().to_string(), "(-3, (-4, -5))");
        assert_eq!(a.sub(&a).unwrap(), Int(0));
        assert_eq!(
            Int(i64::MIN).neg().unwrap_err().class(),
            ErrorClass::ValueError
        );
        let f = scaled_basis(Scalar::F2(F2(6)), &[0]);
        assert_eq!(f.neg().unwrap(), f);
        assert_eq!(f.sub(&f).unwrap().to_string(), "0");
        assert_eq!(a.sub(&Int(1)).unwrap_err().class(), ErrorClass::TypeError);
        assert_eq!(
            at(vec![i(i64::MAX), i(0)])
                .mul(&Int(2))
                .unwrap_err()
                .class(),
            ErrorClass::ValueError
        );
        assert_eq!(
            e(&[0]).mul(&Scalar::F2(F2(1))).unwrap_err().class(),
            ErrorClass::TypeError
        );
    }

    #[test]
    fn test_equality_zero_extension() {
        // a zero F2 leaf and a zero int leaf are the same identity
        let a = at(vec![l(Scalar::F2(F2(0))), i(1)]);
        assert_eq!(a, e(&[1]));
        // a zero leaf against a zero sub-tuple
        assert_eq!(at(vec![i(0), i(1)]), at(vec![ints(&[0, 0]), i(1)]));
        assert_ne!(at(vec![i(2), i(1)]), at(vec![ints(&[2]), i(1)]));
        // printing an all-zero tuple of any shape
        assert_eq!(at(vec![ints(&[0, 0]), i(0)]).to_string(), "0");
    }

    /// Every `coord_eval` case of the conformance data: layouts
    /// `Layout((s0, s1), (k0 * E(j0), k1 * E(j1)))(idx)` evaluated through the
    /// module's arithmetic and printed.
    #[test]
    fn test_conformance_coord_eval_printing() {
        let data = include_str!("../testdata/conformance.tsv");
        let mut n = 0;
        for line in data.lines().filter(|l| l.starts_with("coord_eval\t")) {
            let mut f = line.split('\t');
            let (expr, expected) = (f.nth(1).unwrap(), f.next().unwrap());
            let nums: Vec<i64> = expr
                .split(|c: char| !c.is_ascii_digit())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            let [s0, _s1, k0, j0, k1, j1, idx] = nums[..] else {
                panic!("unexpected case {expr}")
            };
            let (c0, c1) = (idx % s0, idx / s0);
            let d0 = times(k0, e(&[j0 as usize]));
            let d1 = times(k1, e(&[j1 as usize]));
            let v = plus(&times(c0, d0), &times(c1, d1));
            assert_eq!(format!("ok {v}"), expected, "{expr}");
            n += 1;
        }
        assert!(n >= 100, "only {n} coord_eval cases");
    }

    // --- properties ---------------------------------------------------------

    /// Arithmetic tuples of small ints, up to depth 2 and rank 4.
    fn arb_at() -> impl Strategy<Value = ArithTuple> {
        let leaf = (-50_i64..50).prop_map(i);
        let node = prop_oneof![
            3 => leaf.clone(),
            1 => prop::collection::vec(leaf, 0..4).prop_map(Tuple),
        ];
        prop::collection::vec(node, 0..5).prop_map(ArithTuple::new)
    }

    /// Arithmetic tuples of one fixed profile `(a, (b, c), d)`, so that any
    /// two add.
    fn arb_flat() -> impl Strategy<Value = ArithTuple> {
        prop::collection::vec(-1000_i64..1000, 4)
            .prop_map(|v| ArithTuple::new(vec![i(v[0]), ints(&[v[1], v[2]]), i(v[3])]))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_add_commutative(a in arb_flat(), b in arb_flat()) {
            prop_assert_eq!(a.add(&b).unwrap(), b.add(&a).unwrap());
        }

        #[test]
        fn prop_add_associative(a in arb_flat(), b in arb_flat(), c in arb_flat()) {
            let l = a.add(&b).unwrap().add(&c).unwrap();
            let r = a.add(&b.add(&c).unwrap()).unwrap();
            prop_assert_eq!(l, r);
        }

        #[test]
        fn prop_add_identity(a in arb_at()) {
            prop_assert_eq!(a.add(&ArithTuple::default()).unwrap(), a.clone());
            let z = Scalar::Int(0);
            prop_assert_eq!(Scalar::Arith(a.clone()).add(&z).unwrap(), Scalar::Arith(a.clone()));
            prop_assert_eq!(z.add(&Scalar::Arith(a.clone())).unwrap(), Scalar::Arith(a));
        }

        #[test]
        fn prop_add_inverse(a in arb_at(), b in arb_flat()) {
            prop_assert!(a.add(&a.neg().unwrap()).unwrap().is_zero());
            prop_assert!(a.sub(&a).unwrap().is_zero());
            // (b - c) + c == b
            let c = b.scale(3).unwrap();
            prop_assert_eq!(b.sub(&c).unwrap().add(&c).unwrap(), b);
        }

        #[test]
        fn prop_scalar_distributive(a in arb_flat(), b in arb_flat(), m in -20_i64..20, n in -20_i64..20) {
            // n * (a + b) == n * a + n * b
            let l = a.add(&b).unwrap().scale(n).unwrap();
            let r = a.scale(n).unwrap().add(&b.scale(n).unwrap()).unwrap();
            prop_assert_eq!(l, r);
            // (m + n) * a == m * a + n * a
            let l = a.scale(m + n).unwrap();
            let r = a.scale(m).unwrap().add(&a.scale(n).unwrap()).unwrap();
            prop_assert_eq!(l, r);
        }

        #[test]
        fn prop_basis_repr_sums_back(a in arb_at()) {
            let x = Scalar::Arith(a);
            let terms = basis_repr(&x);
            prop_assert!(!terms.is_empty());
            let mut sum = Scalar::Int(0);
            for (v, s) in terms {
                sum = sum.add(&scaled_basis(v, &s)).unwrap();
            }
            prop_assert_eq!(sum, x);
        }

        #[test]
        fn prop_order_is_consistent(a in arb_flat(), b in arb_flat()) {
            let ord = a.partial_cmp(&b).unwrap();
            prop_assert_eq!(ord == Ordering::Equal, a == b);
            prop_assert_eq!(b.partial_cmp(&a).unwrap(), ord.reverse());
            // translation invariance: a < b iff a + c < b + c
            let c = a.scale(2).unwrap();
            prop_assert_eq!(a.add(&c).unwrap().partial_cmp(&b.add(&c).unwrap()), Some(ord));
        }

        #[test]
        fn prop_proj_of_scaled_basis(v in 1_i64..100, s in prop::collection::vec(0_usize..4, 0..4)) {
            let x = Leaf(scaled_basis(Scalar::Int(v), &s));
            prop_assert_eq!(proj(&x, &e(&s)).unwrap(), Leaf(Scalar::Int(v)));
            prop_assert_eq!(unit(&scaled_basis(Scalar::Int(v), &s)).unwrap(), e(&s));
        }
    }
}
