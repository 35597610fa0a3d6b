//! The compatibility order on shapes: whether one shape's coordinates are
//! another's ([`compatible`]), and the join and meet of two shapes
//! ([`common_refinement`], [`common_coarsening`]).
//!
//! Sizes are compared for equality (`==`): of machine integers, by value;
//! of symbolic ones, by their canonical forms, as sympy's `==` compares
//! (`2*M == M + M`, but `M` and `N` are unequal sizes even where the
//! symbols could take one value).

use cute_core::error::Operand;
use cute_core::{DynInt, Error, Result};

use super::size;
use crate::htuple::{product, HTuple};

/// True iff `a` coarsens `b` (`a ≼ b`): `a` is weakly congruent to `b` and
/// each leaf of `a` has the size of the sub-tree of `b` it stands for, so
/// every coordinate of `a` is a coordinate of `b`. A partial order on shapes.
/// A size that overflows compares unequal to everything.
///
/// # Post-conditions
/// `result` implies `weakly_congruent(a, b)` and `size(a) == size(b)`.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::compatible, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert!(compatible(&p("30"), &p("(2, (3, 5))")));
/// assert!(!compatible(&p("(4, 6)"), &p("((2, 3), 8)")));
/// assert!(compatible(&p("24"), &p("(24,)")));
/// assert!(!compatible(&p("(24,)"), &p("24")));
/// // a symbolic size is compared as its canonical form
/// use cute_dynamic::htuple::HTuple;
/// use cute_core::Sym;
/// let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
/// let mn = HTuple::Leaf((&m * &n).unwrap());
/// assert!(compatible(&mn, &HTuple::from_leaves([n.clone(), m.clone()])));
/// assert!(!compatible(&mn, &HTuple::from_leaves([m.clone(), m])));
/// ```
pub fn compatible<I: DynInt>(a: &HTuple<I>, b: &HTuple<I>) -> bool {
    match (a, b) {
        (HTuple::Leaf(x), _) => product(b).is_ok_and(|s| s == *x),
        (HTuple::Tuple(x), HTuple::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| compatible(p, q))
        }
        (HTuple::Tuple(_), HTuple::Leaf(_)) => false,
    }
}

/// The minimal shape `c` refining both `a` and `b` (`a ≼ c`, `b ≼ c`): their
/// join in the compatibility order (Whitepaper, §2.2.1).
///
/// ```text
/// refine(a, b)             = a         a, b leaves, a == b
/// refine(a, B)             = B         a a leaf, size(B) == a (and symmetrically)
/// refine((a..), (b..))     = (refine(a_i, b_i)..)   same rank
/// ```
///
/// # Post-conditions
/// `compatible(a, result) && compatible(b, result)`; symmetric; reflexive.
///
/// # Errors
/// `ValueError` if no common refinement exists (sizes differ, or the trees
/// cannot be reconciled).
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::common_refinement, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(common_refinement(&p("30"), &p("(2, 15)")).unwrap(), p("(2, 15)"));
/// assert_eq!(common_refinement(&p("((2, 3), 20)"), &p("(6, (4, 5))")).unwrap(), p("((2, 3), (4, 5))"));
/// assert_eq!(common_refinement(&p("10"), &p("(10,)")).unwrap(), p("(10,)"));
/// assert!(common_refinement(&p("(6, 5)"), &p("(2, 15)")).is_err());
/// ```
pub fn common_refinement<I: DynInt>(a: &HTuple<I>, b: &HTuple<I>) -> Result<HTuple<I>> {
    fn go<I: DynInt>(a: &HTuple<I>, b: &HTuple<I>) -> Option<HTuple<I>> {
        match (a, b) {
            (HTuple::Leaf(x), HTuple::Leaf(y)) => (x == y).then(|| a.clone()),
            (HTuple::Leaf(x), HTuple::Tuple(_)) => (product(b).ok()? == *x).then(|| b.clone()),
            (HTuple::Tuple(_), HTuple::Leaf(y)) => (product(a).ok()? == *y).then(|| a.clone()),
            (HTuple::Tuple(x), HTuple::Tuple(y)) => {
                if x.len() != y.len() {
                    return None;
                }
                x.iter()
                    .zip(y)
                    .map(|(p, q)| go(p, q))
                    .collect::<Option<Vec<_>>>()
                    .map(HTuple::Tuple)
            }
        }
    }
    go(a, b).ok_or_else(|| {
        Error::value(
            "common_refinement",
            format!("{a} and {b} have no common refinement"),
        )
    })
}

/// The maximal shape `c` coarsening both `a` and `b` (`c ≼ a`, `c ≼ b`):
/// their meet in the compatibility order (Whitepaper, §2.2.1).
///
/// ```text
/// coarsen(a, B)            = size(B)                 a leaf (and symmetrically)
/// coarsen((a..), (b..))    = (coarsen(a_i, b_i)..)   same rank, each mode's sizes agree
///                          = size(a)                 otherwise
/// ```
///
/// # Post-conditions
/// `compatible(result, a) && compatible(result, b)`; symmetric; reflexive.
///
/// # Errors
/// `ValueError` if `size(a) != size(b)`, or a size overflows.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::common_coarsening, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(common_coarsening(&p("(4, (3, 5))"), &p("((2, 2), 15)")).unwrap(), p("(4, 15)"));
/// assert_eq!(common_coarsening(&p("(6, 5)"), &p("(2, 15)")).unwrap(), p("30"));
/// assert_eq!(common_coarsening(&p("(2, 3)"), &p("(2, 3, 1)")).unwrap(), p("6"));
/// assert!(common_coarsening(&p("7"), &p("(2, 3)")).is_err());
/// // symbolic sizes agree as canonical forms
/// use cute_dynamic::htuple::HTuple;
/// use cute_core::Sym;
/// let m = Sym::symbol("M").unwrap();
/// let a = HTuple::tuple(vec![HTuple::from_leaves([Sym::from(2), m.clone()]), HTuple::Leaf(Sym::from(3))]);
/// let b = HTuple::from_leaves([(&m * 2).unwrap(), Sym::from(3)]);
/// assert_eq!(common_coarsening(&a, &b).unwrap().to_string(), "(2*M, 3)");
/// assert_eq!(common_coarsening(&a, &HTuple::Leaf(Sym::from(6))).unwrap_err().class(),
///     cute_core::ErrorClass::ValueError);
/// ```
pub fn common_coarsening<I: DynInt>(a: &HTuple<I>, b: &HTuple<I>) -> Result<HTuple<I>> {
    // Both sizes are known equal (and representable) when `go` is called.
    fn go<I: DynInt>(a: &HTuple<I>, b: &HTuple<I>, n: I) -> HTuple<I> {
        match (a, b) {
            (HTuple::Tuple(x), HTuple::Tuple(y)) if x.len() == y.len() => {
                let mut out = Vec::with_capacity(x.len());
                for (p, q) in x.iter().zip(y) {
                    match (product(p), product(q)) {
                        (Ok(sp), Ok(sq)) if sp == sq => out.push(go(p, q, sp)),
                        _ => return HTuple::Leaf(n),
                    }
                }
                HTuple::Tuple(out)
            }
            _ => HTuple::Leaf(n),
        }
    }
    let (sa, sb) = (size(a)?, size(b)?);
    if sa != sb {
        return Err(Error::size_mismatch(
            "common_coarsening",
            Operand::of(&sa),
            Operand::of(&sb),
            format!("{a} has size {sa} and {b} has size {sb}"),
        ));
    }
    Ok(go(a, b, sa))
}
