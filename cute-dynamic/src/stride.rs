//! Strides: how each mode of a layout steps through its codomain.
//!
//! A stride is an HTuple of stride scalars, congruent with a layout's shape,
//! giving the step each mode takes through the codomain (Whitepaper, §2.3).
//! A leaf need only be an element of an integer-module: an integer, an
//! arithmetic tuple (a coordinate stride such as `E(0)`), an F2 value (a
//! swizzle). So the same machinery addresses linear memory,
//! multidimensional coordinates and swizzled offsets alike.
//!
//! This module holds the stride-side operations: evaluating a stride
//! against a coordinate ([`inner_product`]; a coordinate of any form is
//! evaluated by the layout, [`crate::layout::crd2offset`]), building a
//! compact one from a
//! shape ([`prefix_product`]), and describing the codomain a stride reaches
//! ([`coshape`], [`coprofile`]).

use cute_core::{DynInt, Error, Result};

use crate::htuple::{product, HTuple, IntTuple};
use crate::shape::CoordLeaf;
use crate::typedefs::{Scalar, Stride};

/// The sum of the leaf-wise products of a coordinate and a congruent
/// stride, `sum(c * d)`, in the stride's algebra. A `None` coordinate leaf
/// contributes nothing. The empty sum is the integer 0.
///
/// # Pre-conditions
/// `congruent(crd, stride)`.
///
/// # Post-conditions
/// For integer strides, `result == sum(c_i * d_i)` over the leaves.
///
/// # Errors
/// `ValueError` if the two are not congruent or on overflow; `TypeError` if
/// the products belong to algebras that do not add (an F2 and an integer).
///
/// # Examples
/// ```
/// use cute_dynamic::{stride::inner_product, IntTuple, Stride, Scalar};
/// let c: IntTuple = "(1, (2, 3))".parse().unwrap();
/// let d: Stride = "(1, (10, 100))".parse().unwrap();
/// assert_eq!(inner_product(&c, &d).unwrap(), Scalar::Int(321));
/// assert!(inner_product(&c, &"(1, 2)".parse::<Stride>().unwrap()).is_err());
/// ```
pub fn inner_product<I: DynInt, C: CoordLeaf<Int = I>>(
    crd: &HTuple<C>,
    stride: &Stride<I>,
) -> Result<Scalar<I>> {
    let mut acc = Acc::new();
    inner_product_into(crd, stride, &mut acc)?;
    acc.finish("inner_product")
}

fn inner_product_into<I: DynInt, C: CoordLeaf<Int = I>>(
    crd: &HTuple<C>,
    stride: &Stride<I>,
    acc: &mut Acc<I>,
) -> Result<()> {
    match (crd, stride) {
        (HTuple::Leaf(c), HTuple::Leaf(d)) => {
            if let Some(c) = c.get() {
                acc.add(&c, d)?;
            }
            Ok(())
        }
        (HTuple::Tuple(x), HTuple::Tuple(y)) if x.len() == y.len() => {
            for (c, d) in x.iter().zip(y) {
                inner_product_into(c, d, acc)?;
            }
            Ok(())
        }
        _ => Err(Error::NotCongruent {
            op: "inner_product",
            msg: format!("coordinate {crd:?} and stride {stride}"),
        }),
    }
}

/// The running sum of an inner product: exact in 128 bits while every term
/// is a known integer (so that only the sum itself must fit in 64 bits, not
/// each term), in the strides' algebra otherwise.
pub(crate) enum Acc<I> {
    Wide(i128),
    Gen(Scalar<I>),
}

impl<I: DynInt> Acc<I> {
    #[inline]
    pub(crate) fn new() -> Self {
        Acc::Wide(0)
    }

    /// Adds `c * d`.
    #[inline]
    pub(crate) fn add(&mut self, c: &I, d: &Scalar<I>) -> Result<()> {
        if let Acc::Wide(a) = self {
            if let (Some(c), Scalar::Int(v)) = (c.try_const(), d) {
                if let Some(v) = v.try_const() {
                    // |c * v| < 2^126: the product fits, only the sum can
                    // leave 128 bits, and then no later term brings it back
                    *a = a
                        .checked_add(i128::from(c) * i128::from(v))
                        .ok_or_else(|| sum_overflow(*a, c, v))?;
                    return Ok(());
                }
            }
            let sum = narrow(*a)?;
            *self = Acc::Gen(sum);
        }
        let Acc::Gen(acc) = self else {
            unreachable!("made general above")
        };
        *acc = acc.add(&d.scale_by(c)?)?;
        Ok(())
    }

    #[inline]
    pub(crate) fn finish(self, op: &'static str) -> Result<Scalar<I>> {
        match self {
            Acc::Wide(a) => narrow(a).map_err(|_| {
                Error::overflow(op, format!("the offset {a} leaves the 64-bit range"))
            }),
            Acc::Gen(s) => Ok(s),
        }
    }
}

#[cold]
fn sum_overflow(a: i128, c: i64, v: i64) -> Error {
    Error::overflow("inner_product", format!("{a} + {c} * {v} leaves 128 bits"))
}

#[inline]
fn narrow<I: DynInt>(a: i128) -> Result<Scalar<I>> {
    i64::try_from(a)
        .map(|v| Scalar::Int(I::from_i64(v)))
        .map_err(|_| Error::overflow("inner_product", format!("{a} leaves the 64-bit range")))
}

/// The inner product of two congruent integer tuples: [`inner_product`]
/// with integer strides, generic over the integer leaf.
///
/// # Pre-conditions
/// `congruent(a, b)`.
///
/// # Errors
/// `ValueError` if they are not congruent or on overflow (of the sum: the
/// terms are exact); for symbolic values, an error of their arithmetic.
///
/// # Examples
/// ```
/// use cute_dynamic::{stride::inner_product_int, IntTuple, htuple::HTuple};
/// use cute_core::Sym;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(inner_product_int(&p("(1, 0, 1)"), &p("(1, 3, 6)")).unwrap(), 7);
/// assert_eq!(inner_product_int(&p("(2, 3)"), &p("(1, 4)")).unwrap(), 14);
/// assert!(inner_product_int(&p("(2, 3)"), &p("(1, (4, 5))")).is_err());
/// let m = Sym::symbol("M").unwrap();
/// let (c, d) = (HTuple::from_leaves([Sym::from(2), Sym::from(3)]), HTuple::from_leaves([Sym::from(1), m]));
/// assert_eq!(inner_product_int(&c, &d).unwrap().to_string(), "3*M + 2");
/// ```
pub fn inner_product_int<I: DynInt + CoordLeaf<Int = I>>(
    a: &HTuple<I>,
    b: &HTuple<I>,
) -> Result<I> {
    let stride = b.map(&mut |d| Scalar::Int(d.clone()));
    match inner_product(a, &stride) {
        Ok(Scalar::Int(v)) => Ok(v),
        Ok(other) => unreachable!("integer strides give the integer {other}"),
        Err(Error::Overflow { .. }) => Err(Error::overflow(
            "inner_product",
            format!("{a} . {b} leaves the 64-bit range"),
        )),
        Err(Error::NotCongruent { .. }) => Err(Error::NotCongruent {
            op: "inner_product",
            msg: format!("{a} and {b}"),
        }),
        Err(e) => Err(e),
    }
}

/// The exclusive prefix product of the leaves of `a`, seeded with `init`,
/// congruent with `a`: the compact (generalized column-major) stride of the
/// shape `a`. `init` is a stride scalar (a leaf), or a tuple of them weakly
/// congruent with `a`, in which case each mode is prefix-producted from its
/// own seed. Generic over the integer leaf.
///
/// ```text
/// prefix_product(s, d)             = d                              s a leaf
/// prefix_product((s0, S..), d)     = (prefix_product(s0, d), prefix_product((S..), d * |s0|)..)
/// prefix_product((s..), (d..))     = (prefix_product(s_i, d_i)..)
/// ```
///
/// The running product past a leaf is needed only if another leaf follows,
/// so that `Layout(6, d)` needs `d` alone to fit, not `6 * d`.
///
/// # Pre-conditions
/// `weakly_congruent(init, a)`.
///
/// # Post-conditions
/// `congruent(result, a)`.
///
/// # Errors
/// `ValueError` if `init` is not weakly congruent with `a`, or on overflow;
/// for symbolic values, an error of their arithmetic.
///
/// # Examples
/// ```
/// use cute_dynamic::{stride::prefix_product, IntTuple, Stride, Scalar, htuple::HTuple};
/// use cute_core::Sym;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let d = |s: &str| s.parse::<Stride>().unwrap();
/// assert_eq!(prefix_product(&p("(3, (2, 4))"), &d("1")).unwrap(), d("(1, (3, 6))"));
/// assert_eq!(prefix_product(&p("(4, 8)"), &d("2")).unwrap(), d("(2, 8)"));
/// assert_eq!(prefix_product(&p("((2, 3), (4, 5))"), &d("(1, 100)")).unwrap(), d("((1, 2), (100, 400))"));
/// assert!(prefix_product(&p("4"), &d("(1, 100)")).is_err());
/// let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
/// let s = HTuple::from_leaves([m, n, Sym::from(2)]);
/// let st = prefix_product(&s, &HTuple::Leaf(Scalar::Int(Sym::from(1)))).unwrap();
/// assert_eq!(st.to_string(), "(1, M, M*N)");
/// ```
pub fn prefix_product<I: DynInt>(a: &HTuple<I>, init: &Stride<I>) -> Result<Stride<I>> {
    match (init, a) {
        (HTuple::Leaf(d), _) => {
            let mut cur = Ok(d.clone());
            prefix_scalar(a, &mut cur)
        }
        (HTuple::Tuple(x), HTuple::Tuple(y)) if x.len() == y.len() => y
            .iter()
            .zip(x)
            .map(|(s, d)| prefix_product(s, d))
            .collect::<Result<Vec<_>>>()
            .map(HTuple::Tuple),
        _ => Err(Error::NotCongruent {
            op: "prefix_product",
            msg: format!("seed {init} is not weakly congruent to {a}"),
        }),
    }
}

/// The prefix products of `a` from `cur`. The running product past a leaf
/// is needed only if another leaf follows: an error computing it is kept in
/// `cur` and raised there.
fn prefix_scalar<I: DynInt>(a: &HTuple<I>, cur: &mut Result<Scalar<I>>) -> Result<Stride<I>> {
    match a {
        HTuple::Leaf(s) => {
            let out = cur.clone()?;
            *cur = out.scale_by(s);
            Ok(HTuple::Leaf(out))
        }
        HTuple::Tuple(c) => c
            .iter()
            .map(|h| prefix_scalar(h, cur))
            .collect::<Result<Vec<_>>>()
            .map(HTuple::Tuple),
    }
}

/// [`prefix_product`] of integers: the compact stride of shape `a` with base
/// `init`.
///
/// # Errors
/// `ValueError` on overflow; for symbolic values, an error of their
/// arithmetic.
///
/// # Examples
/// ```
/// use cute_dynamic::{stride::prefix_product_int, IntTuple, htuple::HTuple};
/// use cute_core::Sym;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(prefix_product_int(&p("(3, 2, 4)"), 1).unwrap(), p("(1, 3, 6)"));
/// assert!(prefix_product_int(&p("(4294967296, 4294967296, 2)"), 1).is_err());
/// let m = Sym::symbol("M").unwrap();
/// let s = HTuple::from_leaves([Sym::from(4), m.clone(), Sym::from(2)]);
/// assert_eq!(prefix_product_int(&s, m).unwrap().to_string(), "(M, 4*M, 4*M**2)");
/// ```
pub fn prefix_product_int<I: DynInt>(a: &HTuple<I>, init: I) -> Result<HTuple<I>> {
    match prefix_product(a, &HTuple::Leaf(Scalar::Int(init.clone()))) {
        Ok(st) => Ok(st.map(&mut |d| d.as_int().expect("an integer seed scales to integers"))),
        Err(Error::Overflow { .. }) => Err(Error::overflow(
            "prefix_product",
            format!("the strides of {a} from {init} leave the 64-bit range"),
        )),
        Err(e) => Err(e),
    }
}

/// The contribution of one codomain leaf to the bound of its axis.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Extent<I> {
    /// Z: the sum of the maximal offsets `max(0, (s - 1) * d)`.
    Int(I),
    /// F2: the number of bits any XOR of the values can reach.
    Bits(u32),
}

fn bit_len(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// The reach `(s - 1) * d` of a mode of extent `s` and integer stride `d`,
/// counted only where it is positive: a mode walking down (or not at all)
/// adds nothing to the bound, however far it walks. Decided by the sign of
/// `d` and whether `s` exceeds 1 (`max(s, 1)`), so that a symbolic extent
/// known to be positive needs no decision whether it is 1.
fn int_reach<I: DynInt>(op: &'static str, s: &I, d: &I) -> Result<I> {
    let (zero, one) = (I::from_i64(0), I::from_i64(1));
    let climbs = d.int_cmp(&zero).map_err(|e| e.in_op(op))?.is_gt()
        && !s.int_max(&one).map_err(|e| e.in_op(op))?.is_const(1);
    if !climbs {
        return Ok(zero);
    }
    s.int_sub(&one)?.int_mul(d).map_err(|e| match e {
        Error::Overflow { .. } => {
            Error::overflow(op, format!("({s} - 1) * {d} leaves the 64-bit range"))
        }
        e => e,
    })
}

fn leaf_extent<I: DynInt>(op: &'static str, s: &I, d: &Scalar<I>) -> Result<HTuple<Extent<I>>> {
    match d {
        Scalar::Int(v) => Ok(HTuple::Leaf(Extent::Int(int_reach(op, s, v)?))),
        Scalar::F2(f) => {
            let s = known_extent(op, s, d)?;
            let bits = if s > 1 && f.0 != 0 {
                bit_len((s - 1) as u64) + bit_len(f.0) - 1
            } else {
                0
            };
            Ok(HTuple::Leaf(Extent::Bits(bits)))
        }
        Scalar::Arith(a) => a
            .data()
            .iter()
            .map(|h| arith_extent(op, s, h))
            .collect::<Result<Vec<_>>>()
            .map(HTuple::Tuple),
    }
}

/// The value of an extent that meets an F2 stride, whose bit span needs it.
fn known_extent<I: DynInt>(op: &'static str, s: &I, d: &Scalar<I>) -> Result<i64> {
    s.try_const().ok_or_else(|| {
        Error::type_error(
            op,
            format!("the bound of the stride {d} over the symbolic extent {s} is not supported"),
        )
    })
}

fn arith_extent<I: DynInt>(
    op: &'static str,
    s: &I,
    h: &HTuple<Scalar>,
) -> Result<HTuple<Extent<I>>> {
    match h {
        HTuple::Leaf(x) => leaf_extent(op, s, &Scalar::from_known(x.clone())),
        HTuple::Tuple(c) => c
            .iter()
            .map(|x| arith_extent(op, s, x))
            .collect::<Result<Vec<_>>>()
            .map(HTuple::Tuple),
    }
}

fn is_zero_extent<I: DynInt>(e: &HTuple<Extent<I>>) -> bool {
    matches!(e, HTuple::Leaf(Extent::Int(v)) if v.is_const(0))
}

/// Adds the bound `b` into `a`: integer sums add, F2 spans take the larger,
/// axes zero-extend; int 0 is the identity of every codomain.
fn merge_extent<I: DynInt>(
    op: &'static str,
    a: &mut HTuple<Extent<I>>,
    b: HTuple<Extent<I>>,
) -> Result<()> {
    if is_zero_extent(&b) {
        return Ok(());
    }
    if is_zero_extent(a) {
        *a = b;
        return Ok(());
    }
    match (&mut *a, b) {
        (HTuple::Leaf(Extent::Int(x)), HTuple::Leaf(Extent::Int(y))) => {
            *x = x.int_add(&y).map_err(|e| match e {
                Error::Overflow { .. } => {
                    Error::overflow(op, format!("{x} + {y} leaves the 64-bit range"))
                }
                e => e,
            })?;
            Ok(())
        }
        (HTuple::Leaf(Extent::Bits(x)), HTuple::Leaf(Extent::Bits(y))) => {
            *x = (*x).max(y);
            Ok(())
        }
        (HTuple::Tuple(x), HTuple::Tuple(y)) => {
            for (i, e) in y.into_iter().enumerate() {
                if i < x.len() {
                    merge_extent(op, &mut x[i], e)?;
                } else {
                    x.push(e);
                }
            }
            Ok(())
        }
        (a, b) => Err(Error::type_error(
            op,
            format!("codomain components {a:?} and {b:?} belong to different algebras"),
        )),
    }
}

/// The shape of a layout's codomain: an extent large enough to hold every
/// value the layout `shape:stride` produces on its domain.
///
/// Each mode contributes its maximal offset `max(0, (s - 1) * d)`; over Z
/// and Z^S (arithmetic-tuple strides, one extent per axis) the
/// contributions add, and the extent is their sum plus one, i.e.
/// `L(size - 1) + 1` for non-negative strides. F2's `+` is XOR, which is not
/// monotone, so an F2 codomain is bounded by bit span instead: `2^b`, where
/// `b` is the largest bit length `bitlen(s - 1) + bitlen(d) - 1` of a mode's
/// carry-less products. A layout with an empty domain has a zero extent on
/// every axis.
///
/// Generic over the integer leaf: over symbols, the sum is an expression,
/// and the signs it needs (of each integer stride, of the size) are
/// decided from the symbols' assumptions.
///
/// # Pre-conditions
/// `congruent(shape, stride)`.
///
/// # Post-conditions
/// `congruent(result, coprofile(stride))`; for integer strides every
/// `L(i)` with `i` in `0..size` is below `result`.
///
/// # Errors
/// `ValueError` if shape and stride are not congruent or on overflow;
/// `TypeError` for strides of algebras that do not add (a nonzero integer
/// and an arithmetic tuple), or an F2 stride over a symbolic extent;
/// `Undecidable` when a sign it needs is not decided.
///
/// # Examples
/// ```
/// use cute_dynamic::{stride::coshape, IntTuple, Stride, Scalar, htuple::HTuple};
/// use cute_core::Sym;
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// let d = |s: &str| s.parse::<Stride>().unwrap();
/// assert_eq!(coshape(&p("(4, 8)"), &d("(1, 4)")).unwrap(), p("32"));
/// assert_eq!(coshape(&p("(4, 8)"), &d("(1@0, 6@1)")).unwrap(), p("(4, 43)"));
/// assert_eq!(coshape(&p("4"), &d("F3")).unwrap(), p("8"));
/// assert!(coshape(&p("(4, 8)"), &d("(1, 1@0)")).is_err());
/// let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
/// let shape = HTuple::from_leaves([m.clone(), n]);
/// let stride = HTuple::from_leaves([Scalar::Int(Sym::from(1)), Scalar::Int(m)]);
/// assert_eq!(coshape(&shape, &stride).unwrap().to_string(), "M*N");
/// ```
pub fn coshape<I: DynInt>(shape: &HTuple<I>, stride: &Stride<I>) -> Result<HTuple<I>> {
    const OP: &str = "coshape";
    let mut acc = HTuple::Leaf(Extent::Int(I::from_i64(0)));
    let pairs = crate::htuple::zip_leaves(shape, stride)?;
    if pairs.len() != stride.leaf_count() {
        return Err(Error::NotCongruent {
            op: OP,
            msg: format!("shape {shape} and stride {stride}"),
        });
    }
    let empty = product(shape)?
        .int_cmp(&I::from_i64(0))
        .map_err(|e| e.in_op(OP))?
        .is_eq();
    for (s, d) in pairs {
        let d = d.as_leaf().expect("congruent");
        merge_extent(OP, &mut acc, leaf_extent(OP, s, d)?)?;
    }
    acc.try_map(&mut |e| {
        if empty {
            return Ok(I::from_i64(0));
        }
        match e {
            Extent::Int(v) => v.int_add(&I::from_i64(1)).map_err(|e| match e {
                Error::Overflow { .. } => {
                    Error::overflow(OP, format!("{v} + 1 leaves the 64-bit range"))
                }
                e => e,
            }),
            Extent::Bits(b) if *b < 63 => Ok(I::from_i64(1i64 << b)),
            Extent::Bits(b) => Err(Error::overflow(
                OP,
                format!("2^{b} leaves the 64-bit range"),
            )),
        }
    })
}

/// The profile of a stride's codomain: an HTuple congruent to the coshape
/// whose leaves are all 0. Integer and F2 strides have a one-leaf codomain;
/// arithmetic-tuple strides contribute their axes, zero-extended across the
/// modes. Read straight off the strides, so it is defined even where the
/// extents cannot be bounded.
///
/// # Post-conditions
/// `congruent(coprofile(stride), coshape(shape, stride))` wherever coshape
/// is defined.
///
/// # Examples
/// ```
/// use cute_dynamic::{stride::coprofile, IntTuple, Stride};
/// let d = |s: &str| s.parse::<Stride>().unwrap();
/// assert_eq!(coprofile(&d("(1, 4)")), "0".parse::<IntTuple>().unwrap());
/// assert_eq!(coprofile(&d("(1@0, 1@1)")), "(0, 0)".parse::<IntTuple>().unwrap());
/// assert_eq!(coprofile(&d("(1@0, 1@0@1)")), "(0, (0,))".parse::<IntTuple>().unwrap());
/// ```
pub fn coprofile<I: DynInt>(stride: &Stride<I>) -> IntTuple {
    fn of(h: &HTuple<Scalar>) -> IntTuple {
        match h {
            HTuple::Leaf(Scalar::Arith(a)) => HTuple::Tuple(a.data().iter().map(of).collect()),
            HTuple::Leaf(_) => HTuple::Leaf(0),
            HTuple::Tuple(c) => HTuple::Tuple(c.iter().map(of).collect()),
        }
    }
    fn merge(a: &mut IntTuple, b: IntTuple) {
        match (&mut *a, b) {
            (HTuple::Tuple(x), HTuple::Tuple(y)) => {
                for (i, e) in y.into_iter().enumerate() {
                    if i < x.len() {
                        merge(&mut x[i], e);
                    } else {
                        x.push(e);
                    }
                }
            }
            (HTuple::Leaf(_), t @ HTuple::Tuple(_)) => *a = t,
            _ => {}
        }
    }
    let mut acc = HTuple::Leaf(0);
    for d in stride.leaves() {
        let axes = match d {
            Scalar::Arith(a) => HTuple::Tuple(a.data().iter().map(of).collect()),
            _ => HTuple::Leaf(0),
        };
        merge(&mut acc, axes);
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::testdata::arb_shape;
    use crate::swizzle::F2;
    use proptest::prelude::*;

    fn p(s: &str) -> IntTuple {
        s.parse().unwrap()
    }

    fn d(s: &str) -> Stride {
        s.parse().unwrap()
    }

    #[test]
    fn test_inner_product() {
        assert_eq!(
            inner_product_int(&p("(1, 0, 1)"), &p("(1, 3, 6)")).unwrap(),
            7
        );
        assert_eq!(
            inner_product(&p("(2, 3)"), &d("(1, 4)")).unwrap(),
            Scalar::Int(14)
        );
        assert_eq!(
            inner_product(&p("(2, 3)"), &d("(1@0, 1@1)"))
                .unwrap()
                .to_string(),
            "(2, 3)"
        );
        assert_eq!(
            inner_product(&p("(1, 1)"), &d("(F3, F5)")).unwrap(),
            Scalar::F2(F2(6))
        );
        assert_eq!(
            inner_product(&p("(0, 0)"), &d("(F3, F5)")).unwrap(),
            Scalar::F2(F2(0))
        );
        assert_eq!(inner_product(&p("()"), &d("()")).unwrap(), Scalar::Int(0));
        let c: crate::shape::Coord = "(None, 2)".parse().unwrap();
        assert_eq!(inner_product(&c, &d("(5, 7)")).unwrap(), Scalar::Int(14));
        assert_eq!(
            inner_product(&p("(1, 1)"), &d("(F3, 5)"))
                .unwrap_err()
                .class(),
            cute_core::ErrorClass::TypeError
        );
        assert!(inner_product(&p("(2, 4611686018427387904)"), &d("(1, 2)")).is_err());
    }

    /// `L(idx)` in 128 bits, by the definition: floor-divide by each mode's
    /// size but the last, which keeps the quotient.
    fn exact(ext: &[i64], st: &[i64], idx: i64) -> i128 {
        let mut rest = i128::from(idx);
        let mut acc = 0i128;
        for (k, (&s, &d)) in ext.iter().zip(st).enumerate() {
            let c = if k + 1 == ext.len() {
                rest
            } else {
                let c = rest.rem_euclid(i128::from(s));
                rest = rest.div_euclid(i128::from(s));
                c
            };
            acc += c * i128::from(d);
        }
        acc
    }

    #[test]
    fn only_the_result_has_to_fit() {
        use crate::layout::Layout;
        use crate::Evaluator;
        // the largest offset 5 * d fits; 6 * d, past the end, is not needed
        let d = 1729382256910270464;
        let l = Layout::with_base(p("6"), Scalar::Int(d)).unwrap();
        assert_eq!(l.call_int(5).unwrap(), 5 * d);
        assert_eq!(l.cosize().unwrap(), 5 * d + 1);
        assert!(l.call_int(6).is_err());
        // an intermediate product leaves 64 bits, the offset does not
        let a: Layout = "(5, 4):(1, 5)".parse().unwrap();
        assert_eq!(a.call_int(i64::MIN).unwrap(), i64::MIN);
        assert_eq!(
            Evaluator::new(&a).unwrap().try_eval(i64::MIN).unwrap(),
            i64::MIN
        );
        // a mode whose size leaves 64 bits, with an index that does not
        let big = p("((1099511627776, 1099511627776), 2)");
        assert_eq!(
            crate::shape::idx2crd_int(5, &big).unwrap(),
            p("((5, 0), 0)")
        );
        assert_eq!(crate::shape::crd2idx(&p("((5, 0), 0)"), &big).unwrap(), 5);
        assert_eq!(
            crate::shape::crd2idx(&p("(1, 0)"), &p("(4, (1099511627776, 1099511627776))")).unwrap(),
            1
        );
        assert_eq!(
            crate::shape::crd2idx(&p("(0, (0, 1))"), &p("(4, (1099511627776, 1099511627776))"))
                .unwrap(),
            1 << 42
        );
        assert!(crate::shape::crd2idx(
            &p("(0, (0, 1099511627775))"),
            &p("(4, (1099511627776, 1099511627776))")
        )
        .is_err());
        // a mode walking down adds nothing to the codomain's bound
        assert_eq!(
            coshape(&p("(1099511627776, 2)"), &d_("(-1099511627776, 1)")).unwrap(),
            p("2")
        );
    }

    fn d_(s: &str) -> Stride {
        s.parse().unwrap()
    }

    proptest! {
        #[test]
        fn an_offset_is_an_error_exactly_when_it_leaves_64_bits(
            ext in proptest::collection::vec(1i64..6, 1..4),
            st in proptest::collection::vec(prop_oneof![
                -8i64..8,
                Just(i64::MAX / 3), Just(i64::MIN / 3), Just(1 << 62), Just(-(1 << 62)),
            ], 4),
            idx in prop_oneof![-50i64..50, any::<i64>()],
        ) {
            let st = &st[..ext.len()];
            let shape = HTuple::Tuple(ext.iter().map(|&x| HTuple::Leaf(x)).collect());
            let stride = HTuple::Tuple(st.iter().map(|&x| HTuple::Leaf(Scalar::Int(x))).collect());
            let l = crate::layout::Layout::new(shape, stride).unwrap();
            let want = exact(&ext, st, idx);
            match l.call_index(idx) {
                Ok(v) => prop_assert_eq!(v, Scalar::Int(i64::try_from(want).unwrap())),
                Err(_) => prop_assert!(i64::try_from(want).is_err(), "{} at {}: {}", l, idx, want),
            }
        }
    }

    #[test]
    fn test_prefix_product() {
        assert_eq!(
            prefix_product(&p("(3, 2, 4)"), &d("1")).unwrap(),
            d("(1, 3, 6)")
        );
        assert_eq!(
            prefix_product(&p("(4, 8)"), &d("1@1")).unwrap(),
            d("(1@1, 4@1)")
        );
        assert_eq!(
            prefix_product(&p("(4, 8)"), &d("(1@0, 1@1)")).unwrap(),
            d("(1@0, 1@1)")
        );
        assert_eq!(prefix_product(&p("()"), &d("5")).unwrap(), d("()"));
        assert_eq!(
            prefix_product_int(&p("((2, 3), 4)"), 2).unwrap(),
            p("((2, 4), 12)")
        );
        // the running product past the last leaf is never stored
        assert_eq!(
            prefix_product_int(&p("(2, 4611686018427387904)"), 1).unwrap(),
            p("(1, 2)")
        );
        assert!(prefix_product(&p("(4611686018427387904, 4, 1)"), &d("1")).is_err());
        // so with a scalar seed, as `Layout(6, d)` seeds it
        let big = Scalar::Int(1729382256910270464);
        assert_eq!(
            prefix_product(&p("6"), &HTuple::Leaf(big.clone())).unwrap(),
            HTuple::Leaf(big)
        );
    }

    #[test]
    fn test_coshape_and_coprofile() {
        assert_eq!(coshape(&p("(4, 8)"), &d("(1, 4)")).unwrap(), p("32"));
        assert_eq!(
            coshape(&p("(4, 8)"), &d("(1@0, 1@1)")).unwrap(),
            p("(4, 8)")
        );
        assert_eq!(
            coshape(&p("(4, 8)"), &d("(1@1, 1@0)")).unwrap(),
            p("(8, 4)")
        );
        assert_eq!(
            coshape(&p("(4, (2, 3))"), &d("(1@0, (1@0@1, 1@1@1))")).unwrap(),
            p("(4, (2, 3))")
        );
        assert_eq!(coshape(&p("(4, 8)"), &d("(F1, F4)")).unwrap(), p("32"));
        assert_eq!(coshape(&p("(8, 8)"), &d("(F1, F9)")).unwrap(), p("64"));
        assert_eq!(
            coshape(&p("(4, 0)"), &d("(1@0, 1@1)")).unwrap(),
            p("(0, 0)")
        );
        assert_eq!(coshape(&p("1"), &d("0")).unwrap(), p("1"));
        assert!(coshape(&p("(4, 8)"), &d("(1, 4, 5)")).is_err());
        assert!(coshape(&p("(4, 8)"), &d("(F1, 1@1)")).is_err());
        assert_eq!(coprofile(&d("(F1, F4)")), p("0"));
        assert_eq!(coprofile(&d("(1@0, (0, 1@1@1))")), p("(0, (0, 0))"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prefix_product_is_compact(s in arb_shape()) {
            let st = prefix_product_int(&s, 1).unwrap();
            prop_assert!(crate::htuple::congruent(&st, &s));
            // the compact layout enumerates 0..size in colexicographical order
            for (i, c) in crate::shape::coordinates(&s).unwrap().enumerate() {
                prop_assert_eq!(inner_product_int(&c, &st).unwrap(), i as i64);
            }
            let generic = prefix_product(&s, &HTuple::Leaf(Scalar::Int(1))).unwrap();
            prop_assert_eq!(generic, st.map(&mut |&v| Scalar::Int(v)));
        }

        #[test]
        fn f2_coshape_bounds_every_value(s0 in 1i64..9, s1 in 1i64..9, f0 in 0u64..64, f1 in 0u64..64) {
            let shape = HTuple::from_leaves([s0, s1]);
            let stride = HTuple::from_leaves([Scalar::F2(F2(f0)), Scalar::F2(F2(f1))]);
            let bound = *coshape(&shape, &stride).unwrap().as_leaf().unwrap() as u64;
            for c in crate::shape::coordinates(&shape).unwrap() {
                match inner_product(&c, &stride).unwrap() {
                    Scalar::F2(v) => prop_assert!(v.0 < bound),
                    other => prop_assert!(false, "{other}"),
                }
            }
        }

        #[test]
        fn coshape_congruent_with_coprofile(s in arb_shape(), axes in prop::collection::vec(0usize..3, 16)) {
            let mut it = axes.into_iter().cycle();
            let stride = s.map(&mut |_| crate::atuple::ArithTuple::e(&[it.next().unwrap()]));
            let cs = coshape(&s, &stride).unwrap();
            let cp = coprofile(&stride);
            prop_assert!(crate::htuple::congruent(&cs, &cp));
        }
    }
}
