//! Shapes: the domains of layouts, and the coordinates into them.
//!
//! A shape is an HTuple of positive extents describing a layout's domain
//! (Whitepaper, §2.2). Its leaves and its tree together fix a coordinate
//! space, and this module holds the operations on that space: reading its
//! structure ([`size`], [`rank`], [`depth`]), the compatibility partial
//! order relating one shape's coordinates to another's ([`compatible`],
//! [`common_refinement`], [`common_coarsening`]), the maps between a
//! coordinate's three forms ([`idx2crd`], [`crd2idx`], [`coordinates`]),
//! and whether a coordinate is one the shape has at all ([`in_bounds`]).
//!
//! The arithmetic is generic over the integer leaf, as
//! [`Layout`](crate::layout::Layout) is: an [`IntTuple`](crate::IntTuple)
//! of `i64` extents, or an `HTuple<Sym>` of symbolic ones (`(M, (N, 4))`),
//! where a size is an expression, an index splits into `Mod` and `floor`
//! terms, and a condition the symbols' assumptions do not settle is an
//! `Undecidable` error. Every checked operation is an `Err`, never a panic
//! or a wrap.
//!
//! A coordinate is an HTuple of integers; where it may also hold `None`
//! (a slice marker, or "zero" for [`idx2crd`]) it is a [`Coord`]. The
//! functions taking coordinates are generic over the leaf through
//! [`CoordLeaf`], so both forms are accepted without conversion. Every
//! coordinate form maps to the natural one in colexicographical order: the
//! leftmost mode varies fastest.
//!
//! ```
//! use cute_dynamic::htuple::HTuple;
//! use cute_dynamic::shape::{crd2idx, idx2crd, size};
//! use cute_core::Sym;
//! let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
//! let s = HTuple::from_leaves([m.clone(), n, Sym::from(4)]);
//! assert_eq!(size(&s).unwrap().to_string(), "4*M*N");
//! let c = idx2crd(&HTuple::Leaf((&m + 2).unwrap()), &s).unwrap();
//! assert_eq!(c.to_string(), "(Mod(2, M), Mod(floor(2/M) + 1, N), floor((floor(2/M) + 1)/N))");
//! let i = crd2idx(&c, &s).unwrap();
//! // the index again, for every value of M and N
//! let at = |x: &Sym, m: i64, n: i64| x.eval(&|v| Some(if v == "M" { m } else { n })).unwrap();
//! assert!((1..9).all(|m| (1..9).all(|n| at(&i, m, n) == m + 2)));
//! ```

use core::fmt;

use cute_core::{DynInt, Result, Sym};

use crate::htuple::{product, HTuple};

mod compat;
mod coord;

pub use compat::{common_coarsening, common_refinement, compatible};
pub use coord::{
    coordinates, crd2idx, idx2crd, idx2crd_int, idx2crd_scalar, in_bounds, in_bounds_scalar,
    Coordinates,
};

/// A coordinate that may carry `None` at any position: a slice marker for
/// [`crate::layout::Layout::offset_and_slice`], a zero for [`idx2crd`].
pub type Coord<I = i64> = HTuple<Option<I>>;

/// A leaf of a coordinate: an integer, or an optional integer whose `None`
/// stands for a zero (or a slice marker, where one is expected). The
/// integer is `i64` or a symbolic [`Sym`] (a coordinate of a symbolic
/// layout, whose offset is then an expression).
pub trait CoordLeaf: Clone + fmt::Debug {
    /// The integer type.
    type Int: DynInt;
    /// The integer value, `None` for a `None` leaf.
    fn get(&self) -> Option<Self::Int>;
}

impl CoordLeaf for i64 {
    type Int = i64;
    #[inline(always)]
    fn get(&self) -> Option<i64> {
        Some(*self)
    }
}

impl CoordLeaf for Option<i64> {
    type Int = i64;
    #[inline(always)]
    fn get(&self) -> Option<i64> {
        *self
    }
}

impl CoordLeaf for Sym {
    type Int = Sym;
    #[inline]
    fn get(&self) -> Option<Sym> {
        Some(self.clone())
    }
}

impl CoordLeaf for Option<Sym> {
    type Int = Sym;
    #[inline]
    fn get(&self) -> Option<Sym> {
        self.clone()
    }
}

/// Displays a coordinate as Python prints it: `(1, None, (2, 3))`.
pub struct CoordDisplay<'a, C>(pub &'a HTuple<C>);

impl<C: CoordLeaf> fmt::Display for CoordDisplay<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            HTuple::Leaf(x) => match x.get() {
                Some(v) => write!(f, "{v}"),
                None => f.write_str("None"),
            },
            HTuple::Tuple(c) => {
                f.write_str("(")?;
                for (i, x) in c.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}", CoordDisplay(x))?;
                }
                if c.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The coordinate form of an integer tuple (every leaf `Some`).
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::{to_coord, Coord}, IntTuple};
/// let c: Coord = "(1, (2, 3))".parse().unwrap();
/// assert_eq!(to_coord(&"(1, (2, 3))".parse::<IntTuple>().unwrap()), c);
/// ```
pub fn to_coord<I: Clone>(x: &HTuple<I>) -> Coord<I> {
    x.map(&mut |v| Some(v.clone()))
}

/// The size of a shape: the number of integral coordinates of its domain,
/// the product of its leaves (1 for `()`); for symbolic extents, an
/// expression.
///
/// # Post-conditions
/// `result == product(s)`.
///
/// # Errors
/// `ValueError` if the product leaves the 64-bit range.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::size, htuple::HTuple, IntTuple};
/// use cute_core::Sym;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(size(&p("(3, (2, 4))")).unwrap(), 24);
/// assert_eq!(size(&p("42")).unwrap(), 42);
/// assert_eq!(size(&p("()")).unwrap(), 1);
/// assert!(size(&p("(1099511627776, 1099511627776)")).is_err());
/// let m = Sym::symbol("M").unwrap();
/// assert_eq!(size(&HTuple::from_leaves([m, Sym::from(4)])).unwrap().to_string(), "4*M");
/// ```
#[inline]
pub fn size<I: DynInt>(s: &HTuple<I>) -> Result<I> {
    product(s)
}

/// The size of the `mode`-th element of a shape (`size[mode](s)`).
///
/// # Errors
/// `IndexError` if `mode` names no element; `ValueError` on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::size_mode, IntTuple};
/// let s: IntTuple = "(3, (2, 4))".parse().unwrap();
/// assert_eq!(size_mode(&s, &[1]).unwrap(), 8);
/// assert!(size_mode(&s, &[2]).is_err());
/// ```
pub fn size_mode<I: DynInt>(s: &HTuple<I>, mode: &[usize]) -> Result<I> {
    product(crate::htuple::get(s, mode)?)
}

/// The rank of an HTuple: its number of top-level modes (1 for a leaf).
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::rank, IntTuple};
/// assert_eq!(rank(&"(3, (2, 4), 5)".parse::<IntTuple>().unwrap()), 3);
/// assert_eq!(rank(&"42".parse::<IntTuple>().unwrap()), 1);
/// assert_eq!(rank(&"()".parse::<IntTuple>().unwrap()), 0);
/// ```
#[inline]
pub fn rank<T>(s: &HTuple<T>) -> usize {
    s.rank()
}

/// The depth of an HTuple: 0 for a leaf, 1 + the deepest mode for a tuple.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::depth, IntTuple};
/// assert_eq!(depth(&"42".parse::<IntTuple>().unwrap()), 0);
/// assert_eq!(depth(&"(3, (2, 4))".parse::<IntTuple>().unwrap()), 2);
/// ```
#[inline]
pub fn depth<T>(s: &HTuple<T>) -> usize {
    s.depth()
}
#[cfg(test)]
mod sym_tests;
#[cfg(test)]
mod tests;
