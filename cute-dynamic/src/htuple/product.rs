//! The products of an HTuple's leaves, over any dynamic integer leaf
//! ([`DynInt`]: `i64`, or the symbolic [`cute_core::Sym`]).

use cute_core::{DynInt, Error, Result};

use super::HTuple;

/// The product of every leaf of `s`, checked (1 for the empty tuple).
///
/// Generic over the leaf: an `i64` product is a machine integer, a
/// symbolic one an expression (`2*M*N`).
///
/// # Post-conditions
/// `result == s.leaves().product()`.
///
/// # Errors
/// `ValueError` if the product leaves the 64-bit range (for a symbolic
/// leaf, a coefficient); any other error of the leaf's multiplication.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{product, HTuple, IntTuple};
/// use cute_core::Sym;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(product(&p("((2, 3), 4)")).unwrap(), 24);
/// assert_eq!(product(&p("()")).unwrap(), 1);
/// assert!(product(&p("(1099511627776, 1099511627776)")).is_err());
/// let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
/// let s = HTuple::tuple(vec![HTuple::Leaf(m), HTuple::from_leaves([n, Sym::from(2)])]);
/// assert_eq!(product(&s).unwrap().to_string(), "2*M*N");
/// ```
#[inline]
pub fn product<I: DynInt>(s: &HTuple<I>) -> Result<I> {
    fn go<I: DynInt>(s: &HTuple<I>, acc: I) -> Result<I> {
        match s {
            HTuple::Leaf(x) => acc.int_mul(x),
            HTuple::Tuple(c) => c.iter().try_fold(acc, |a, h| go(h, a)),
        }
    }
    go(s, I::from_i64(1)).map_err(|e| product_error(s, e))
}

/// The error of a product: an overflow names the whole tuple.
#[cold]
fn product_error<I: DynInt>(s: &HTuple<I>, e: Error) -> Error {
    match e {
        Error::Overflow { .. } => Error::overflow(
            "product",
            format!("the product of {s} leaves the 64-bit range"),
        ),
        e => e,
    }
}

/// The product of each top-level mode of `s`, as a flat tuple (a leaf is
/// its own 1-tuple).
///
/// # Post-conditions
/// `rank(result) == rank(s)`; `product(result) == product(s)`.
///
/// # Errors
/// As [`product`].
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{product_each, HTuple, IntTuple};
/// use cute_core::Sym;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(product_each(&p("((2, 3), 4, (5, 6))")).unwrap(), p("(6, 4, 30)"));
/// assert_eq!(product_each(&p("()")).unwrap(), p("()"));
/// assert!(product_each(&p("((4294967296, 4294967296),)")).is_err());
/// let n = Sym::symbol("N").unwrap();
/// let s = HTuple::from_leaves([Sym::from(4), (&n * 2).unwrap()]);
/// assert_eq!(product_each(&HTuple::tuple(vec![s])).unwrap().to_string(), "(8*N,)");
/// ```
pub fn product_each<I: DynInt>(s: &HTuple<I>) -> Result<HTuple<I>> {
    s.modes()
        .iter()
        .map(|m| product(m).map(HTuple::Leaf))
        .collect::<Result<Vec<_>>>()
        .map(HTuple::Tuple)
}
