//! Shapes: the domains of layouts, and the coordinates into them.
//!
//! A shape is an [`IntTuple`] of positive extents describing a layout's
//! domain (Whitepaper, §2.2). Its leaves and its tree together fix a
//! coordinate space, and this module holds the operations on that space:
//! reading its structure ([`size`], [`rank`], [`depth`]), the compatibility
//! partial order relating one shape's coordinates to another's
//! ([`compatible`], [`common_refinement`], [`common_coarsening`]), the maps
//! between a coordinate's three forms ([`idx2crd`], [`crd2idx`],
//! [`coordinates`]), and whether a coordinate is one the shape has at all
//! ([`in_bounds`]).
//!
//! A coordinate is an HTuple of integers; where it may also hold `None`
//! (a slice marker, or "zero" for [`idx2crd`]) it is a [`Coord`]. The
//! functions taking coordinates are generic over the leaf through
//! [`CoordLeaf`], so both forms are accepted without conversion. Every
//! coordinate form maps to the natural one in colexicographical order: the
//! leftmost mode varies fastest.

use core::fmt;

use cute_core::{DynInt, Error, Result, Sym};

use crate::atuple::ArithTuple;
use crate::htuple::{product, HTuple, IntTuple};
use crate::swizzle::F2;
use crate::typedefs::{divmod, Scalar};

/// A coordinate that may carry `None` at any position: a slice marker for
/// [`crate::layout::Layout::offset_and_slice`], a zero for [`idx2crd`].
pub type Coord = HTuple<Option<i64>>;

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
pub fn to_coord(x: &IntTuple) -> Coord {
    x.map(&mut |&v| Some(v))
}

/// The size of a shape: the number of integral coordinates of its domain,
/// the product of its leaves (1 for `()`).
///
/// # Post-conditions
/// `result == product(s)`.
///
/// # Errors
/// `ValueError` if the product leaves the 64-bit range.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::size, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(size(&p("(3, (2, 4))")).unwrap(), 24);
/// assert_eq!(size(&p("42")).unwrap(), 42);
/// assert_eq!(size(&p("()")).unwrap(), 1);
/// assert!(size(&p("(1099511627776, 1099511627776)")).is_err());
/// ```
#[inline]
pub fn size(s: &IntTuple) -> Result<i64> {
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
pub fn size_mode(s: &IntTuple, mode: &[usize]) -> Result<i64> {
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
/// ```
pub fn compatible(a: &IntTuple, b: &IntTuple) -> bool {
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
pub fn common_refinement(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    fn go(a: &IntTuple, b: &IntTuple) -> Option<IntTuple> {
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
/// ```
pub fn common_coarsening(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    // Both sizes are known equal (and representable) when `go` is called.
    fn go(a: &IntTuple, b: &IntTuple, n: i64) -> IntTuple {
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
            sa,
            sb,
            format!("{a} has size {sa} and {b} has size {sb}"),
        ));
    }
    Ok(go(a, b, sa))
}

#[cold]
fn not_weakly_congruent<A: CoordLeaf, B: fmt::Display>(
    op: &'static str,
    a: &HTuple<A>,
    b: &HTuple<B>,
) -> Error {
    Error::NotCongruent {
        op,
        msg: format!(
            "coordinate {} is not weakly congruent to shape {b}",
            CoordDisplay(a)
        ),
    }
}

/// Writes the natural coordinate of the integral coordinate `idx` in `shape`
/// into `out` (colexicographical; the last mode of every tuple keeps the
/// full quotient). Floor division, so a negative `idx` decomposes as Python's
/// `//` and `%` do.
/// `divmod(idx, size(sub))` (floor semantics) where only the quotient and
/// the remainder have to fit in 64 bits, not the size: the size is taken in
/// 128 bits, and a sub-shape too large even for that leaves every index
/// `idx >= 0` whole (quotient 0, remainder `idx`).
///
/// # Errors
/// `ValueError` for a sub-shape of size 0, or a quotient or remainder that
/// leaves the 64-bit range.
pub(crate) fn split_off(idx: i64, sub: &IntTuple) -> Result<(i64, i64)> {
    if let Ok(n) = product(sub) {
        return divmod(idx, n);
    }
    let ext: Vec<i64> = sub.leaves().copied().collect();
    split_wide(idx, &ext, sub)
}

/// [`split_off`] for a sub-shape whose size leaves 64 bits: `sub` names it
/// in the error.
pub(crate) fn split_wide(idx: i64, ext: &[i64], sub: &dyn fmt::Display) -> Result<(i64, i64)> {
    let wide = ext
        .iter()
        .try_fold(1i128, |p, &x| p.checked_mul(i128::from(x)));
    let fits = |v: i128| i64::try_from(v).ok();
    let overflow = || {
        Error::overflow(
            "idx2crd",
            format!("{idx} split by the size of {sub} leaves the 64-bit range"),
        )
    };
    match wide {
        Some(0) => divmod(idx, 0),
        Some(n) => {
            let (i, n) = (i128::from(idx), n);
            let (q, r) = (i.div_euclid(n), i.rem_euclid(n));
            // floor semantics: the remainder takes the sign of the divisor
            let (q, r) = if n < 0 && r != 0 {
                (q + 1, r + n)
            } else {
                (q, r)
            };
            match (fits(q), fits(r)) {
                (Some(q), Some(r)) => Ok((q, r)),
                _ => Err(overflow()),
            }
        }
        None if ext.contains(&0) => divmod(idx, 0),
        None if idx >= 0 && ext.iter().all(|&x| x > 0) => Ok((0, idx)),
        None => Err(overflow()),
    }
}

fn split_index(mut idx: i64, shape: &IntTuple) -> Result<IntTuple> {
    match shape {
        HTuple::Leaf(_) => Ok(HTuple::Leaf(idx)),
        HTuple::Tuple(c) => {
            let mut out = Vec::with_capacity(c.len());
            let last = c.len().saturating_sub(1);
            for (i, s) in c.iter().enumerate() {
                if i == last {
                    out.push(split_index(idx, s)?);
                } else {
                    let (q, r) = split_off(idx, s)?;
                    out.push(split_index(r, s)?);
                    idx = q;
                }
            }
            Ok(HTuple::Tuple(out))
        }
    }
}

/// The natural coordinate of any coordinate of `shape`: the specification's
/// `idx2crd`. An integer standing for a sub-tree of `shape` is decomposed
/// in colexicographical order (leftmost mode fastest); the final mode of
/// each tuple keeps the full quotient, so an out-of-bounds index does not
/// wrap but accumulates in the last leaf. A `None` leaf becomes zeros.
///
/// ```text
/// idx2crd(i, s)               = i                                 s a leaf
/// idx2crd(i, (s0, S..))       = (idx2crd(i % |s0|, s0), idx2crd(i / |s0|, (S..))..)
/// idx2crd((c..), (s..))       = (idx2crd(c_i, s_i)..)
/// ```
///
/// # Pre-conditions
/// `weakly_congruent(crd, shape)`.
///
/// # Post-conditions
/// `congruent(result, shape)`; `crd2idx(idx2crd(i, S), S) == i` for
/// `i` in `0..size(S)`.
///
/// # Errors
/// `ValueError` if `crd` is not weakly congruent to `shape`, a size
/// overflows, or an extent used as a divisor is zero.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::idx2crd, IntTuple, htuple::HTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(idx2crd(&HTuple::Leaf(7), &p("(3, (2, 4))")).unwrap(), p("(1, (0, 1))"));
/// assert_eq!(idx2crd(&HTuple::Leaf(42), &p("(3, 7, 2)")).unwrap(), p("(0, 0, 2)"));
/// assert_eq!(idx2crd(&HTuple::Leaf(None::<i64>), &p("(3, (2, 4))")).unwrap(), p("(0, (0, 0))"));
/// assert!(idx2crd(&p("(1, 2)"), &p("7")).is_err());
/// ```
pub fn idx2crd<C: CoordLeaf<Int = i64>>(crd: &HTuple<C>, shape: &IntTuple) -> Result<IntTuple> {
    match (crd, shape) {
        (HTuple::Leaf(c), _) => match c.get() {
            Some(i) => split_index(i, shape),
            None => Ok(shape.map(&mut |_| 0)),
        },
        (HTuple::Tuple(x), HTuple::Tuple(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .map(|(c, s)| idx2crd(c, s))
            .collect::<Result<Vec<_>>>()
            .map(HTuple::Tuple),
        _ => Err(not_weakly_congruent("idx2crd", crd, shape)),
    }
}

/// [`idx2crd`] of a single integer.
///
/// # Errors
/// As [`idx2crd`].
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::idx2crd_int, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(idx2crd_int(7, &p("((3, 2), 4)")).unwrap(), p("((1, 0), 1)"));
/// assert!(idx2crd_int(7, &p("(0, 4)")).is_err());
/// ```
#[inline]
pub fn idx2crd_int(idx: i64, shape: &IntTuple) -> Result<IntTuple> {
    split_index(idx, shape)
}

/// [`idx2crd`] of a value drawn from a layout's codomain, a stride scalar:
/// an integer decomposes as usual; an arithmetic tuple is already a natural
/// coordinate, returned in the shape's profile with the modes it lacks
/// filled with zeros, at every level (an integer component stands for an
/// integral coordinate of its sub-shape); an F2 value is split by F2
/// Euclidean division (carry-less:
/// the remainder by each extent, then the quotient), giving F2 leaves.
///
/// # Pre-conditions
/// `weakly_congruent(idx, shape)` for an arithmetic tuple; each extent that
/// divides an F2 value is nonzero.
///
/// # Post-conditions
/// `congruent(result, shape)`.
///
/// # Errors
/// `ValueError` if an arithmetic tuple has more modes than `shape` or is not
/// weakly congruent to it, on overflow, or on division by a zero extent;
/// `TypeError` for an F2 leaf inside an arithmetic tuple.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::idx2crd_scalar, IntTuple, Scalar, F2, ArithTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let r = idx2crd_scalar(&Scalar::F2(F2(0b10110)), &p("(4, 8)")).unwrap();
/// assert_eq!(r.to_string(), "(F2, F5)");
/// let e = ArithTuple::scaled_basis(Scalar::Int(2), &[0]);
/// assert_eq!(idx2crd_scalar(&e, &p("(4, 4)")).unwrap().to_string(), "(2, 0)");
/// let e1 = ArithTuple::e(&[1]);
/// assert_eq!(idx2crd_scalar(&e1, &p("((4, 5), 8)")).unwrap().to_string(), "((0, 0), 1)");
/// let far = ArithTuple::scaled_basis(Scalar::Int(2), &[2]);
/// assert!(idx2crd_scalar(&far, &p("(4, 4)")).is_err());
/// ```
pub fn idx2crd_scalar(idx: &Scalar, shape: &IntTuple) -> Result<HTuple<Scalar>> {
    match idx {
        Scalar::Int(i) => Ok(split_index(*i, shape)?.map(&mut |&v| Scalar::Int(v))),
        Scalar::F2(f) => split_f2(*f, shape),
        Scalar::Arith(a) => {
            let crd = arith_to_coord(a, shape)?;
            Ok(idx2crd(&crd, shape)?.map(&mut |&v| Scalar::Int(v)))
        }
    }
}

fn split_f2(mut idx: F2, shape: &IntTuple) -> Result<HTuple<Scalar>> {
    match shape {
        HTuple::Leaf(_) => Ok(HTuple::Leaf(Scalar::F2(idx))),
        HTuple::Tuple(c) => {
            let mut out = Vec::with_capacity(c.len());
            let last = c.len().saturating_sub(1);
            for (i, s) in c.iter().enumerate() {
                if i == last {
                    out.push(split_f2(idx, s)?);
                } else {
                    let n = product(s)?;
                    let d = u64::try_from(n).map_err(|_| {
                        Error::value("idx2crd", format!("{idx} split by the negative extent {n}"))
                    })?;
                    let (q, r) = idx.divmod(F2(d))?;
                    out.push(split_f2(r, s)?);
                    idx = q;
                }
            }
            Ok(HTuple::Tuple(out))
        }
    }
}

/// The coordinate an arithmetic tuple denotes in `shape`: its children, in
/// the shape's profile, zero-extended at every level to the rank of the
/// sub-shape they stand for (`E(1)` in `((4, 5), 8)` is `(0, 1)`, and
/// `E(0, 0)` is `((1, 0), 0)`); an integer child stands for an integral
/// coordinate of its sub-shape, and a sub-shape that is a leaf takes a tuple
/// of at most one child as that child.
pub(crate) fn arith_to_coord(a: &ArithTuple, shape: &IntTuple) -> Result<Coord> {
    fn fit(h: &HTuple<Scalar>, shape: &IntTuple, a: &ArithTuple) -> Result<Coord> {
        match (h, shape) {
            (HTuple::Leaf(Scalar::Int(v)), _) => Ok(HTuple::Leaf(Some(*v))),
            (HTuple::Leaf(x), _) => Err(Error::type_error(
                "idx2crd",
                format!("coordinate leaf {x} is not an integer"),
            )),
            (HTuple::Tuple(c), HTuple::Leaf(_)) => match c.as_slice() {
                [] => Ok(HTuple::Leaf(Some(0))),
                [x] => fit(x, shape, a),
                _ => Err(Error::NotCongruent {
                    op: "idx2crd",
                    msg: format!("coordinate {a} has more modes than shape {shape}"),
                }),
            },
            (HTuple::Tuple(c), HTuple::Tuple(ss)) => {
                if c.len() > ss.len() {
                    return Err(Error::NotCongruent {
                        op: "idx2crd",
                        msg: format!("coordinate {a} has more modes than shape {shape}"),
                    });
                }
                let mut out = Vec::with_capacity(ss.len());
                for (i, s) in ss.iter().enumerate() {
                    out.push(match c.get(i) {
                        Some(x) => fit(x, s, a)?,
                        // a mode the coordinate lacks: zero
                        None => HTuple::Leaf(Some(0)),
                    });
                }
                Ok(HTuple::Tuple(out))
            }
        }
    }
    fit(&HTuple::Tuple(a.data().to_vec()), shape, a)
}

/// The integral coordinate of any coordinate of `shape`: the specification's
/// `crd2idx`. An integer standing for a sub-tree is already that sub-tree's
/// integral coordinate and passes through; a `None` leaf counts as zero.
///
/// ```text
/// crd2idx(c, s)               = c                                   c a leaf
/// crd2idx((c0, C..), (s0, S..)) = crd2idx(c0, s0) + |s0| * crd2idx((C..), (S..))
/// ```
///
/// # Pre-conditions
/// `weakly_congruent(crd, shape)`.
///
/// # Post-conditions
/// `idx2crd(crd2idx(c, S), S) == c` for `c` in `coordinates(S)`.
///
/// # Errors
/// `ValueError` if `crd` is not weakly congruent to `shape`, or on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::crd2idx, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(crd2idx(&p("(1, (0, 1))"), &p("(3, (2, 4))")).unwrap(), 7);
/// assert_eq!(crd2idx(&p("7"), &p("(3, (2, 4))")).unwrap(), 7);
/// assert_eq!(crd2idx(&p("(2, 5)"), &p("(3, (2, 3))")).unwrap(), 17);
/// assert!(crd2idx(&p("(1, 2)"), &p("3")).is_err());
/// ```
pub fn crd2idx<C: CoordLeaf<Int = i64>>(crd: &HTuple<C>, shape: &IntTuple) -> Result<i64> {
    fn go<C: CoordLeaf<Int = i64>>(crd: &HTuple<C>, shape: &IntTuple) -> Option<Result<i64>> {
        match (crd, shape) {
            (HTuple::Leaf(c), _) => Some(Ok(c.get().unwrap_or(0))),
            (HTuple::Tuple(x), HTuple::Tuple(y)) if x.len() == y.len() => {
                // Horner from the right: c0 + s0 * (c1 + s1 * (...)), in 128
                // bits so that only the index itself has to fit in 64 (a
                // mode's size is needed only once the part above it is not 0)
                let overflow = || {
                    Error::overflow(
                        "crd2idx",
                        format!("index leaves the 64-bit range in shape {shape}"),
                    )
                };
                let mut acc = 0i128;
                for (c, s) in x.iter().zip(y).rev() {
                    let ci = match go(c, s)? {
                        Ok(v) => v,
                        Err(e) => return Some(Err(e)),
                    };
                    if acc != 0 {
                        let n = s
                            .leaves()
                            .try_fold(1i128, |p, &x| p.checked_mul(i128::from(x)));
                        match n.and_then(|n| acc.checked_mul(n)) {
                            Some(v) => acc = v,
                            None => return Some(Err(overflow())),
                        }
                    }
                    match acc.checked_add(i128::from(ci)) {
                        Some(v) => acc = v,
                        None => return Some(Err(overflow())),
                    }
                }
                Some(i64::try_from(acc).map_err(|_| overflow()))
            }
            _ => None,
        }
    }
    go(crd, shape).unwrap_or_else(|| Err(not_weakly_congruent("crd2idx", crd, shape)))
}

/// An iterator over the natural coordinates of a shape, in colexicographical
/// order (leftmost mode fastest). See [`coordinates`].
pub struct Coordinates {
    shape: IntTuple,
    extents: Vec<i64>,
    counter: Vec<i64>,
    remaining: u64,
}

impl Iterator for Coordinates {
    type Item = IntTuple;
    fn next(&mut self) -> Option<IntTuple> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let mut it = self.counter.iter().copied();
        let out = crate::htuple::unflatten(&mut it, &self.shape).expect("one counter per leaf");
        for (c, &n) in self.counter.iter_mut().zip(&self.extents) {
            *c += 1;
            if *c < n {
                break;
            }
            *c = 0;
        }
        Some(out)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.remaining).unwrap_or(usize::MAX);
        (n, usize::try_from(self.remaining).ok())
    }
}

/// All natural coordinates of `shape`, in colexicographical order.
///
/// # Pre-conditions
/// Every extent is non-negative.
///
/// # Post-conditions
/// The `i`-th item is `idx2crd(i, shape)`; there are `size(shape)` items.
///
/// # Errors
/// `ValueError` for a negative extent or a size that overflows.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::coordinates, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let v: Vec<IntTuple> = coordinates(&p("(3, 2)")).unwrap().collect();
/// assert_eq!(v, ["(0, 0)", "(1, 0)", "(2, 0)", "(0, 1)", "(1, 1)", "(2, 1)"].map(p));
/// assert_eq!(coordinates(&p("6")).unwrap().count(), 6);
/// assert!(coordinates(&p("(2, -1)")).is_err());
/// ```
pub fn coordinates(shape: &IntTuple) -> Result<Coordinates> {
    if let Some(bad) = shape.leaves().find(|&&s| s < 0) {
        return Err(Error::value(
            "coordinates",
            format!("shape {shape} has a negative extent {bad}"),
        ));
    }
    let n = size(shape)?;
    let extents: Vec<i64> = shape.leaves().copied().collect();
    Ok(Coordinates {
        shape: shape.clone(),
        counter: vec![0; extents.len()],
        extents,
        remaining: n as u64,
    })
}

/// True iff `crd` is an in-bounds coordinate of `shape`: its natural form
/// ([`idx2crd`]) has every leaf in `0..extent`.
///
/// # Pre-conditions
/// `weakly_congruent(crd, shape)`.
///
/// # Post-conditions
/// True for every item of `coordinates(S)` and every `i` in `0..size(S)`.
///
/// # Errors
/// As [`idx2crd`].
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::in_bounds, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert!(in_bounds(&p("(1, 2)"), &p("(4, 4)")).unwrap());
/// assert!(!in_bounds(&p("(-1, 2)"), &p("(4, 4)")).unwrap());
/// assert!(in_bounds(&p("15"), &p("(4, 4)")).unwrap());
/// assert!(!in_bounds(&p("16"), &p("(4, 4)")).unwrap());
/// assert!(in_bounds(&p("(1, 2, 3)"), &p("(4, 4)")).is_err());
/// ```
pub fn in_bounds<C: CoordLeaf<Int = i64>>(crd: &HTuple<C>, shape: &IntTuple) -> Result<bool> {
    let nat = idx2crd(crd, shape)?;
    let mut ok = true;
    let mut it = shape.leaves();
    for &c in nat.leaves() {
        let s = *it.next().expect("congruent with the shape");
        ok &= 0 <= c && c < s;
    }
    Ok(ok)
}

/// [`in_bounds`] of a stride scalar read as a coordinate (an integer, or an
/// arithmetic tuple such as `2 * E(0)`).
///
/// # Errors
/// As [`idx2crd_scalar`]; `TypeError` for an F2 value, which has no order.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::in_bounds_scalar, IntTuple, Scalar, ArithTuple, F2};
/// let s: IntTuple = "(4, 4)".parse().unwrap();
/// assert!(in_bounds_scalar(&ArithTuple::scaled_basis(Scalar::Int(2), &[0]), &s).unwrap());
/// assert!(!in_bounds_scalar(&ArithTuple::scaled_basis(Scalar::Int(4), &[1]), &s).unwrap());
/// assert!(in_bounds_scalar(&Scalar::F2(F2(1)), &s).is_err());
/// ```
pub fn in_bounds_scalar(crd: &Scalar, shape: &IntTuple) -> Result<bool> {
    match crd {
        Scalar::Int(i) => in_bounds(&HTuple::Leaf(*i), shape),
        Scalar::Arith(a) => in_bounds(&arith_to_coord(a, shape)?, shape),
        Scalar::F2(f) => Err(Error::type_error(
            "in_bounds",
            format!("{f} is not an integer coordinate"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::htuple::{congruent, weakly_congruent};
    use crate::layout::testdata::{arb_chain, arb_shape, call_args, cases, has_empty, outcome};
    use proptest::prelude::*;

    fn p(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    fn bool_repr(b: &bool) -> String {
        if *b { "True" } else { "False" }.to_string()
    }

    #[test]
    fn spec_examples() {
        assert_eq!(size(&p("(3, (2, 4))")).unwrap(), 24);
        assert!(compatible(&p("30"), &p("(2, 15)")));
        assert!(compatible(&p("(2, 15)"), &p("(2, (3, 5))")));
        assert!(compatible(&p("24"), &p("((2, 2), (3, 2))")));
        assert!(!compatible(&p("24"), &p("32")));
        assert!(!compatible(&p("(2, (3, 5))"), &p("((3, 2), 5)")));
        assert_eq!(
            common_refinement(&p("(2, 15)"), &p("(2, (3, 5))")).unwrap(),
            p("(2, (3, 5))")
        );
        assert_eq!(
            common_refinement(&p("(2, (3, 5))"), &p("((3, 2), 5)"))
                .unwrap_err()
                .class(),
            cute_core::ErrorClass::ValueError
        );
        assert_eq!(
            common_coarsening(&p("(2, 15)"), &p("(2, (3, 5))")).unwrap(),
            p("(2, 15)")
        );
        assert_eq!(common_coarsening(&p("30"), &p("(2, 15)")).unwrap(), p("30"));
        assert_eq!(
            common_coarsening(&p("(2, (3, 5))"), &p("((3, 2), 5)")).unwrap(),
            p("30")
        );
        assert!(common_coarsening(&p("3"), &p("4")).is_err());
        assert_eq!(idx2crd_int(7, &p("14")).unwrap(), p("7"));
        assert_eq!(idx2crd_int(7, &p("(3, 2, 4)")).unwrap(), p("(1, 0, 1)"));
        assert_eq!(crd2idx(&p("(1, 0, 1)"), &p("(3, 2, 4)")).unwrap(), 7);
        let v: Vec<_> = coordinates(&p("(2, (2, 2))"))
            .unwrap()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(
            v,
            [
                "(0, (0, 0))",
                "(1, (0, 0))",
                "(0, (1, 0))",
                "(1, (1, 0))",
                "(0, (0, 1))",
                "(1, (0, 1))",
                "(0, (1, 1))",
                "(1, (1, 1))"
            ]
        );
        assert!(in_bounds(&p("(1, (0, 7))"), &p("(4, (2, 8))")).unwrap());
        assert!(!in_bounds(&p("(1, (2, 7))"), &p("(4, (2, 8))")).unwrap());
        assert!(!in_bounds(&p("(1, 4)"), &p("(4, 4)")).unwrap());
        assert!(in_bounds(&p("0"), &p("(4, 4)")).unwrap());
    }

    #[test]
    fn idx2crd_none_and_negative() {
        let c: Coord = "(None, 5)".parse().unwrap();
        assert_eq!(
            idx2crd(&c, &p("((2, 3), (2, 4))")).unwrap(),
            p("((0, 0), (1, 2))")
        );
        // floor semantics: -1 is the last coordinate of the first mode, with a
        // borrow into the last
        assert_eq!(idx2crd_int(-1, &p("(3, 4)")).unwrap(), p("(2, -1)"));
        assert!(idx2crd_int(5, &p("(0, 4)")).is_err());
        assert_eq!(coordinates(&p("(3, 0)")).unwrap().count(), 0);
        assert_eq!(
            coordinates(&p("()")).unwrap().collect::<Vec<_>>(),
            vec![p("()")]
        );
    }

    #[test]
    fn f2_and_arith_coordinates() {
        let r = idx2crd_scalar(&Scalar::F2(F2(0b10110)), &p("(4, 8)")).unwrap();
        assert_eq!(
            r,
            HTuple::from_leaves([Scalar::F2(F2(0b10)), Scalar::F2(F2(0b101))])
        );
        let a = ArithTuple::scaled_basis(Scalar::Int(3), &[1]);
        assert_eq!(
            idx2crd_scalar(&a, &p("(4, (2, 4))")).unwrap().to_string(),
            "(0, (1, 1))"
        );
        assert!(in_bounds_scalar(&Scalar::Int(15), &p("(4, 4)")).unwrap());
    }

    #[test]
    fn idx2crd_of_a_coordinate_fills_the_modes_it_lacks() {
        let e = |k: i64, path: &[usize]| ArithTuple::scaled_basis(Scalar::Int(k), path);
        let s = p("((4, 5), 8)");
        let crd = |x: &Scalar| idx2crd_scalar(x, &s).unwrap().to_string();
        assert_eq!(crd(&e(1, &[1])), "((0, 0), 1)");
        assert_eq!(crd(&e(1, &[0])), "((1, 0), 0)");
        assert_eq!(crd(&e(1, &[0, 0])), "((1, 0), 0)");
        assert_eq!(crd(&e(1, &[0, 1])), "((0, 1), 0)");
        // an integer component is an integral coordinate of its sub-shape
        assert_eq!(crd(&e(7, &[0])), "((3, 1), 0)");
        // more modes than the shape has: not a coordinate of it
        assert!(idx2crd_scalar(&e(1, &[2]), &s).is_err());
        assert!(idx2crd_scalar(&e(1, &[0, 2]), &s).is_err());
        assert!(idx2crd_scalar(&e(1, &[1, 1]), &s).is_err());
    }

    proptest! {
        #[test]
        fn idx2crd_of_a_natural_coordinate_is_itself(s in arb_shape(), i in 0i64..1000, keep in 0usize..4) {
            // a natural coordinate of s, as an arithmetic tuple, comes back
            // as it is; with its trailing modes cut off, they come back as 0
            prop_assume!(size(&s).unwrap() > 0 && s.is_tuple());
            let c = idx2crd_int(i % size(&s).unwrap(), &s).unwrap();
            let data: Vec<HTuple<Scalar>> = c.modes().iter().map(|m| m.map(&mut |&v| Scalar::Int(v))).collect();
            let back = idx2crd_scalar(&Scalar::Arith(ArithTuple::new(data.clone())), &s).unwrap();
            prop_assert_eq!(back, c.map(&mut |&v| Scalar::Int(v)));
            let k = keep.min(data.len());
            let cut = idx2crd_scalar(&Scalar::Arith(ArithTuple::new(data[..k].to_vec())), &s).unwrap();
            let want = HTuple::Tuple(c.modes().iter().enumerate().map(|(j, m)| {
                if j < k { m.map(&mut |&v| Scalar::Int(v)) } else { m.map(&mut |_| Scalar::Int(0)) }
            }).collect());
            prop_assert_eq!(cut, want);
        }
    }

    #[test]
    fn overflow_is_an_error() {
        assert!(size(&p("(4294967296, 4294967296)")).is_err());
        assert!(crd2idx(&p("(1, 4611686018427387904)"), &p("(4, 4)")).is_err());
        // only the coordinates have to fit, not the size of a mode
        assert_eq!(
            idx2crd_int(1, &p("((4294967296, 4294967296), 2)")).unwrap(),
            p("((1, 0), 0)")
        );
        // -1 mod 2^64 does not
        assert!(idx2crd_int(-1, &p("((4294967296, 4294967296), 2)")).is_err());
        assert!(!compatible(&p("0"), &p("(4294967296, 4294967296)")));
    }

    fn check_family(tag: &str, expected_count: usize, f: impl Fn(&[&str]) -> String) {
        let cs = cases(tag);
        assert_eq!(cs.len(), expected_count, "cases of {tag}");
        let mut bad = Vec::new();
        for (expr, want) in &cs {
            let args = call_args(expr, tag);
            let got = f(&args);
            if &got != want {
                bad.push(format!("{expr}: got {got}, want {want}"));
            }
        }
        assert!(
            bad.is_empty(),
            "{} of {} {tag} cases differ:\n{}",
            bad.len(),
            cs.len(),
            bad.join("\n")
        );
    }

    #[test]
    fn conformance_compatible() {
        check_family("compatible", 136, |a| {
            format!("ok {}", bool_repr(&compatible(&p(a[0]), &p(a[1]))))
        });
    }

    #[test]
    fn conformance_common_refinement() {
        check_family("common_refinement", 136, |a| {
            outcome(common_refinement(&p(a[0]), &p(a[1])), |r| r.to_string())
        });
    }

    #[test]
    fn conformance_common_coarsening() {
        check_family("common_coarsening", 136, |a| {
            outcome(common_coarsening(&p(a[0]), &p(a[1])), |r| r.to_string())
        });
    }

    #[test]
    fn conformance_idx2crd() {
        check_family("idx2crd", 143, |a| {
            outcome(idx2crd(&p(a[0]), &p(a[1])), |r| r.to_string())
        });
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn idx2crd_crd2idx_round_trip(s in arb_shape()) {
            let n = size(&s).unwrap();
            for i in 0..n {
                let c = idx2crd_int(i, &s).unwrap();
                prop_assert!(congruent(&c, &s));
                prop_assert_eq!(crd2idx(&c, &s).unwrap(), i);
                prop_assert!(in_bounds(&c, &s).unwrap());
            }
            prop_assert!(!in_bounds(&HTuple::Leaf(n), &s).unwrap() || has_empty(&s));
        }

        #[test]
        fn coordinates_order_and_count(s in arb_shape()) {
            let all: Vec<IntTuple> = coordinates(&s).unwrap().collect();
            prop_assert_eq!(all.len() as i64, size(&s).unwrap());
            for (i, c) in all.iter().enumerate() {
                prop_assert_eq!(c, &idx2crd_int(i as i64, &s).unwrap());
                prop_assert_eq!(crd2idx(c, &s).unwrap(), i as i64);
            }
        }

        #[test]
        fn flat_coordinates_agree(s in arb_shape(), i in 0i64..200) {
            // a flat coordinate: each top-level mode's integral coordinate
            let nat = idx2crd_int(i, &s).unwrap();
            let flat = HTuple::Tuple(
                nat.modes().iter().zip(s.modes()).map(|(c, m)| HTuple::Leaf(crd2idx(c, m).unwrap())).collect(),
            );
            if s.is_tuple() {
                prop_assert_eq!(idx2crd(&flat, &s).unwrap(), nat.clone());
                prop_assert_eq!(crd2idx(&flat, &s).unwrap(), crd2idx(&nat, &s).unwrap());
            }
        }

        #[test]
        fn compatibility_laws((c2, c1, s) in arb_chain(), t in arb_shape()) {
            // reflexive
            prop_assert!(compatible(&s, &s));
            // the chain, and transitivity along it
            prop_assert!(compatible(&c1, &s));
            prop_assert!(compatible(&c2, &c1));
            prop_assert!(compatible(&c2, &s));
            // compatible implies weakly congruent
            for (a, b) in [(&c2, &c1), (&c1, &s), (&t, &s), (&s, &t)] {
                if compatible(a, b) {
                    prop_assert!(weakly_congruent(a, b));
                    prop_assert_eq!(size(a).unwrap(), size(b).unwrap());
                }
            }
        }

        #[test]
        fn refinement_and_coarsening_laws((c2, c1, s) in arb_chain(), t in arb_shape()) {
            for (a, b) in [(&c2, &s), (&c1, &c2), (&s, &t), (&c1, &t)] {
                let r = common_refinement(a, b);
                prop_assert_eq!(r.as_ref().ok().cloned(), common_refinement(b, a).ok());
                if let Ok(r) = &r {
                    prop_assert!(compatible(a, r) && compatible(b, r));
                }
                let c = common_coarsening(a, b);
                prop_assert_eq!(c.as_ref().ok().cloned(), common_coarsening(b, a).ok());
                prop_assert_eq!(c.is_ok(), size(a).unwrap() == size(b).unwrap());
                if let Ok(c) = &c {
                    prop_assert!(compatible(c, a) && compatible(c, b));
                }
            }
            prop_assert_eq!(common_refinement(&s, &s).unwrap(), s.clone());
            prop_assert_eq!(common_coarsening(&s, &s).unwrap(), s.clone());
            // a chain: the refinement is the finer, the coarsening the coarser
            prop_assert_eq!(common_refinement(&c2, &s).unwrap(), s.clone());
            prop_assert_eq!(common_coarsening(&c1, &s).unwrap(), c1.clone());
        }
    }
}
