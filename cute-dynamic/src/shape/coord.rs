//! The maps between a coordinate's forms ([`idx2crd`], [`crd2idx`]), all
//! the coordinates of a shape ([`coordinates`]), and whether a coordinate is
//! in bounds ([`in_bounds`]).
//!
//! `idx2crd`, `crd2idx` and `in_bounds` are generic over the integer leaf
//! (`i64` or [`Sym`](cute_core::Sym)); the codomain values of
//! [`idx2crd_scalar`] (F2 values, arithmetic tuples) and the enumeration
//! of [`coordinates`] are machine integers.

use core::fmt;

use cute_core::{DynInt, Error, IntLeaf, Result};

use super::{size, Coord, CoordDisplay, CoordLeaf};
use crate::atuple::ArithTuple;
use crate::htuple::{product, HTuple, IntTuple};
use crate::swizzle::F2;
use crate::typedefs::{divmod, Scalar};

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

/// `divmod(idx, size(sub))` (floor semantics). Where the values are known
/// integers only the quotient and the remainder have to fit in 64 bits,
/// not the size: a size past 64 bits is taken in 128 ([`split_wide`]). A
/// symbolic size must be decided not to be 0: the quotient and remainder
/// by it may simplify to expressions that no longer divide (`0 // N` is 0),
/// which would hide the division by zero of the values where it is 0.
///
/// # Errors
/// `ValueError` for a sub-shape of size 0, or a quotient or remainder that
/// leaves the 64-bit range; `Undecidable` for a symbolic size that may be
/// 0; an error of the symbolic arithmetic (a size past the 64-bit range).
fn split_off<I: DynInt>(idx: I, sub: &HTuple<I>) -> Result<(I, I)> {
    let e = match product(sub) {
        Ok(n) => {
            if n.try_const().is_none() && n.int_cmp(&I::from_i64(0)).is_err() {
                return Err(Error::Undecidable {
                    op: "idx2crd",
                    msg: format!("whether {n} != 0, the size of {sub}"),
                });
            }
            return divmod(idx, n);
        }
        Err(e) => e,
    };
    let ext: Option<Vec<i64>> = sub.leaves().map(IntLeaf::try_const).collect();
    match (idx.try_const(), ext) {
        (Some(i), Some(ext)) => {
            let (q, r) = split_wide(i, &ext, sub)?;
            Ok((I::from_i64(q), I::from_i64(r)))
        }
        _ => Err(e),
    }
}

/// [`split_off`] of known values whose size leaves 64 bits: the size is
/// taken in 128 bits, and a sub-shape too large even for that leaves every
/// index `idx >= 0` whole (quotient 0, remainder `idx`). `sub` names it in
/// the error.
fn split_wide(idx: i64, ext: &[i64], sub: &dyn fmt::Display) -> Result<(i64, i64)> {
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
            // floor semantics: the remainder takes the sign of the divisor;
            // for a negative divisor, `i == q * n + r == (q - 1) * n + (r + n)`
            let (q, r) = if n < 0 && r != 0 {
                (q - 1, r + n)
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

/// The natural coordinate of the integral coordinate `idx` in `shape`,
/// colexicographical: every mode of a tuple but the last takes
/// `idx mod size(mode)`, and the last keeps the whole quotient.
fn split_index<I: DynInt>(idx: I, shape: &HTuple<I>) -> Result<HTuple<I>> {
    match shape {
        HTuple::Leaf(_) => Ok(HTuple::Leaf(idx)),
        HTuple::Tuple(c) => {
            let mut out = Vec::with_capacity(c.len());
            if let Some((last, init)) = c.split_last() {
                let mut idx = idx;
                for s in init {
                    let (q, r) = split_off(idx, s)?;
                    out.push(split_index(r, s)?);
                    idx = q;
                }
                out.push(split_index(idx, last)?);
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
/// Generic over the integer leaf: over symbolic extents (`I = Sym`) the
/// divisions are expressions (`Mod(i, M)`, `floor(i/M)`), simplified where
/// the symbols' assumptions allow.
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
/// overflows, or an extent used as a divisor is zero; for symbolic values,
/// an error of their arithmetic.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::idx2crd, IntTuple, htuple::HTuple};
/// use cute_core::Sym;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(idx2crd(&HTuple::Leaf(7), &p("(3, (2, 4))")).unwrap(), p("(1, (0, 1))"));
/// assert_eq!(idx2crd(&HTuple::Leaf(42), &p("(3, 7, 2)")).unwrap(), p("(0, 0, 2)"));
/// assert_eq!(idx2crd(&HTuple::Leaf(None::<i64>), &p("(3, (2, 4))")).unwrap(), p("(0, (0, 0))"));
/// assert!(idx2crd(&p("(1, 2)"), &p("7")).is_err());
///
/// // over symbols: (M, 4) splits M + 5
/// let m = Sym::symbol("M").unwrap();
/// let shape = HTuple::from_leaves([m.clone(), Sym::from(4)]);
/// let c = idx2crd(&HTuple::Leaf((&m + 5).unwrap()), &shape).unwrap();
/// assert_eq!(c.to_string(), "(Mod(5, M), floor(5/M) + 1)");
/// // and gives the integers' answer for M = 3
/// let at3 = c.map(&mut |x| x.eval(&|_| Some(3)).unwrap());
/// assert_eq!(at3, idx2crd(&HTuple::Leaf(8), &p("(3, 4)")).unwrap());
/// ```
pub fn idx2crd<I: DynInt, C: CoordLeaf<Int = I>>(
    crd: &HTuple<C>,
    shape: &HTuple<I>,
) -> Result<HTuple<I>> {
    match (crd, shape) {
        (HTuple::Leaf(c), _) => match c.get() {
            Some(i) => split_index(i, shape),
            None => Ok(shape.map(&mut |_| I::from_i64(0))),
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
pub fn idx2crd_int<I: DynInt>(idx: I, shape: &HTuple<I>) -> Result<HTuple<I>> {
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
/// Generic over the integer leaf: over symbolic extents or coordinates
/// (`I = Sym`) the index is an expression (`2*M + 1`). While the values
/// are known integers the sum is exact in 128 bits, so only the index of
/// each tuple has to fit in 64, and a mode's size is needed only once the
/// part of the index above it is not 0.
///
/// # Pre-conditions
/// `weakly_congruent(crd, shape)`.
///
/// # Post-conditions
/// `idx2crd(crd2idx(c, S), S) == c` for `c` in `coordinates(S)`.
///
/// # Errors
/// `ValueError` if `crd` is not weakly congruent to `shape`, or on overflow;
/// for symbolic values, an error of their arithmetic.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::crd2idx, IntTuple, htuple::HTuple};
/// use cute_core::Sym;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(crd2idx(&p("(1, (0, 1))"), &p("(3, (2, 4))")).unwrap(), 7);
/// assert_eq!(crd2idx(&p("7"), &p("(3, (2, 4))")).unwrap(), 7);
/// assert_eq!(crd2idx(&p("(2, 5)"), &p("(3, (2, 3))")).unwrap(), 17);
/// assert!(crd2idx(&p("(1, 2)"), &p("3")).is_err());
///
/// // over symbols: (1, (2, 3)) in (M, (3, N))
/// let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
/// let shape = HTuple::tuple(vec![
///     HTuple::Leaf(m.clone()),
///     HTuple::from_leaves([Sym::from(3), n.clone()]),
/// ]);
/// let crd = HTuple::tuple(vec![HTuple::Leaf(1), HTuple::from_leaves([2, 3])]).map(&mut |&v| Sym::from(v));
/// let i = crd2idx(&crd, &shape).unwrap();
/// assert_eq!(i.to_string(), "11*M + 1");
/// // and the integers' answer for M = 4, N = 5
/// let at = i.eval(&|s| Some(if s == "M" { 4 } else { 5 })).unwrap();
/// assert_eq!(at, crd2idx(&p("(1, (2, 3))"), &p("(4, (3, 5))")).unwrap());
/// ```
pub fn crd2idx<I: DynInt, C: CoordLeaf<Int = I>>(crd: &HTuple<C>, shape: &HTuple<I>) -> Result<I> {
    fn go<I: DynInt, C: CoordLeaf<Int = I>>(
        crd: &HTuple<C>,
        shape: &HTuple<I>,
    ) -> Option<Result<I>> {
        match (crd, shape) {
            (HTuple::Leaf(c), _) => Some(Ok(c.get().unwrap_or_else(|| I::from_i64(0)))),
            (HTuple::Tuple(x), HTuple::Tuple(y)) if x.len() == y.len() => {
                // Horner from the right: c0 + s0 * (c1 + s1 * (...))
                let overflow = || {
                    Error::overflow(
                        "crd2idx",
                        format!("index leaves the 64-bit range in shape {shape}"),
                    )
                };
                let mut acc = Horner::Wide(0);
                for (c, s) in x.iter().zip(y).rev() {
                    let ci = match go(c, s)? {
                        Ok(v) => v,
                        Err(e) => return Some(Err(e)),
                    };
                    if let Err(e) = acc.step(s, &ci, &overflow) {
                        return Some(Err(e));
                    }
                }
                Some(acc.finish(&overflow))
            }
            _ => None,
        }
    }
    go(crd, shape).unwrap_or_else(|| Err(not_weakly_congruent("crd2idx", crd, shape)))
}

/// The running index of [`crd2idx`]'s Horner scheme: exact in 128 bits
/// while every term is a known integer, in the leaf's own arithmetic once
/// one is not (a symbol).
enum Horner<I> {
    Wide(i128),
    Gen(I),
}

impl<I: DynInt> Horner<I> {
    /// `acc = acc * size(s) + c`, the size taken only when `acc` is not 0.
    fn step(&mut self, s: &HTuple<I>, c: &I, overflow: &dyn Fn() -> Error) -> Result<()> {
        if let Horner::Wide(a) = self {
            if let Some(cv) = c.try_const() {
                let scaled = match *a {
                    0 => Some(Some(0)),
                    a => wide_size(s).map(|n| n.and_then(|n| a.checked_mul(n))),
                };
                // `None`: a leaf of `s` is not a known integer
                if let Some(scaled) = scaled {
                    *a = scaled
                        .and_then(|v| v.checked_add(i128::from(cv)))
                        .ok_or_else(overflow)?;
                    return Ok(());
                }
            }
            let v = i64::try_from(*a).map_err(|_| overflow())?;
            *self = Horner::Gen(I::from_i64(v));
        }
        let Horner::Gen(g) = self else {
            unreachable!("made general above")
        };
        if !g.is_const(0) {
            *g = g.int_mul(&product(s)?)?;
        }
        *g = g.int_add(c)?;
        Ok(())
    }

    fn finish(self, overflow: &dyn Fn() -> Error) -> Result<I> {
        match self {
            Horner::Wide(a) => i64::try_from(a).map(I::from_i64).map_err(|_| overflow()),
            Horner::Gen(g) => Ok(g),
        }
    }
}

/// The size of `s` in 128 bits if its leaves are known integers (`None`
/// if one is not; `Some(None)` if even 128 bits overflow).
fn wide_size<I: DynInt>(s: &HTuple<I>) -> Option<Option<i128>> {
    let mut n = Some(1i128);
    for x in s.leaves() {
        let v = x.try_const()?;
        n = n.and_then(|n| n.checked_mul(i128::from(v)));
    }
    Some(n)
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
/// Generic over the integer leaf: over symbols, each bound is decided from
/// the symbols' assumptions. One leaf decided out of bounds makes the
/// answer `false`; otherwise a bound left undecided is an error.
///
/// # Pre-conditions
/// `weakly_congruent(crd, shape)`.
///
/// # Post-conditions
/// True for every item of `coordinates(S)` and every `i` in `0..size(S)`.
///
/// # Errors
/// As [`idx2crd`]; `Undecidable` when a bound of a symbolic leaf is not
/// decided and none is decided to fail.
///
/// # Examples
/// ```
/// use cute_dynamic::{shape::in_bounds, IntTuple, htuple::HTuple};
/// use cute_core::Sym;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert!(in_bounds(&p("(1, 2)"), &p("(4, 4)")).unwrap());
/// assert!(!in_bounds(&p("(-1, 2)"), &p("(4, 4)")).unwrap());
/// assert!(in_bounds(&p("15"), &p("(4, 4)")).unwrap());
/// assert!(!in_bounds(&p("16"), &p("(4, 4)")).unwrap());
/// assert!(in_bounds(&p("(1, 2, 3)"), &p("(4, 4)")).is_err());
/// // over symbols: M - 1 is in 0..M, M is not, and 3 may or may not be
/// let m = Sym::symbol("M").unwrap();
/// let shape = HTuple::Leaf(m.clone());
/// assert!(in_bounds(&HTuple::Leaf((&m - 1).unwrap()), &shape).unwrap());
/// assert!(!in_bounds(&HTuple::Leaf(m.clone()), &shape).unwrap());
/// assert!(in_bounds(&HTuple::Leaf(Sym::from(3)), &shape).is_err());
/// ```
pub fn in_bounds<I: DynInt, C: CoordLeaf<Int = I>>(
    crd: &HTuple<C>,
    shape: &HTuple<I>,
) -> Result<bool> {
    let nat = idx2crd(crd, shape)?;
    let zero = I::from_i64(0);
    let mut undecided = None;
    let mut it = shape.leaves();
    for c in nat.leaves() {
        let s = it.next().expect("congruent with the shape");
        let inside = is_ge(c, &zero).and_then(|lo| Ok(lo && !is_ge(c, s)?));
        match inside {
            Ok(true) => {}
            Ok(false) => return Ok(false),
            Err(e) => {
                undecided.get_or_insert(e);
            }
        }
    }
    undecided.map_or(Ok(true), Err)
}

/// `a >= b`, decided: by the order of the two, or else, for a symbolic `a`
/// that may equal `b`, by `max(a, b)` being `a`.
fn is_ge<I: DynInt>(a: &I, b: &I) -> Result<bool> {
    match a.int_cmp(b) {
        Ok(o) => Ok(o.is_ge()),
        Err(e) => match a.int_max(b) {
            Ok(m) if m == *a => Ok(true),
            _ => Err(e),
        },
    }
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
