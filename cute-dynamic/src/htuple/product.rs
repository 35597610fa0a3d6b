//! The products of an HTuple's leaves.

use cute_core::{Error, Result};

use super::{HTuple, IntTuple};

/// The product of every leaf of `s`, checked (1 for the empty tuple).
///
/// # Post-conditions
/// `result == s.leaves().product()`.
///
/// # Errors
/// `ValueError` if the product leaves the 64-bit range.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{product, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(product(&p("((2, 3), 4)")).unwrap(), 24);
/// assert_eq!(product(&p("()")).unwrap(), 1);
/// assert!(product(&p("(1099511627776, 1099511627776)")).is_err());
/// ```
#[inline]
pub fn product(s: &IntTuple) -> Result<i64> {
    fn go(s: &IntTuple, acc: i64) -> Option<i64> {
        match s {
            HTuple::Leaf(x) => acc.checked_mul(*x),
            HTuple::Tuple(c) => c.iter().try_fold(acc, |a, h| go(h, a)),
        }
    }
    go(s, 1).ok_or_else(|| product_overflow(s))
}

#[cold]
fn product_overflow(s: &IntTuple) -> Error {
    Error::overflow(
        "product",
        format!("the product of {s} leaves the 64-bit range"),
    )
}

/// The product of each top-level mode of `s`, as a flat tuple (a leaf is
/// its own 1-tuple).
///
/// # Post-conditions
/// `rank(result) == rank(s)`; `product(result) == product(s)`.
///
/// # Errors
/// `ValueError` on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::{product_each, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(product_each(&p("((2, 3), 4, (5, 6))")).unwrap(), p("(6, 4, 30)"));
/// assert_eq!(product_each(&p("()")).unwrap(), p("()"));
/// assert!(product_each(&p("((4294967296, 4294967296),)")).is_err());
/// ```
pub fn product_each(s: &IntTuple) -> Result<IntTuple> {
    s.modes()
        .iter()
        .map(|m| product(m).map(HTuple::Leaf))
        .collect::<Result<Vec<_>>>()
        .map(HTuple::Tuple)
}
