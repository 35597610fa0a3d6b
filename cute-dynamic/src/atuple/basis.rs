//! The basis vocabulary of the specification: scaled basis vectors, their
//! representation and projections.

use core::fmt;

use cute_core::{Error, Result};

use super::{ArithTuple, ZERO};
use crate::htuple::HTuple;
use crate::swizzle::F2;
use crate::typedefs::Scalar;

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
