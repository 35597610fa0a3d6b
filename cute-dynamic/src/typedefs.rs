//! Type definitions: the integer and stride-scalar vocabulary, and the one
//! home of stride-scalar arithmetic.
//!
//! Three non-overlapping predicates discriminate a leaf, each answering one
//! question: `is_tuple` (in [`crate::htuple`]) is the structural boundary
//! between a node and a leaf; `is_int` asks whether a value acts as an
//! ordinary integer (shapes, coordinates, sizes, divisors); `is_stride_scalar`
//! asks whether it may sit at a layout's stride leaf.
//!
//! An integer here is any [`DynInt`]: `i64` (the default everywhere), or a
//! symbolic integer ([`cute_core::Sym`]) for layouts whose sizes are known
//! only when a kernel runs. A stride leaf is a [`Scalar`]: an integer, an
//! [`ArithTuple`] (a coordinate stride) or an [`F2`] (a swizzle stride). `F2`
//! is a stride scalar but not an integer, because its `+` is XOR; a bool is
//! neither. Coordinate and F2 strides hold machine integers (`i64`
//! coefficients, `u64` bits) whatever the layout's integer type: a symbolic
//! layout may carry them, and an operation that would have to scale one by
//! a symbolic value is a `TypeError`.
//!
//! [`Scalar`] and [`ArithTuple`] are defined together, each holding the
//! other; the arithmetic tuple's own operations and the basis vocabulary
//! are in [`crate::atuple`].
//!
//! Every operation of the stride algebra is here, on [`Scalar`]: `+`
//! ([`Scalar::add`]), the integer action ([`Scalar::scale`]), and, for
//! machine-integer scalars, negation, difference, product, `@` and the order
//! that `complement` sorts strides by.

use core::cmp::Ordering;
use core::fmt;

use cute_core::{checked, DynInt, Error, Result};

use crate::htuple::HTuple;
use crate::swizzle::F2;

/// A stride leaf: an element of an integer-module (Whitepaper, §2.3.1).
///
/// | variant | codomain | used for |
/// |---|---|---|
/// | `Int` | Z | ordinary data layouts (also symbolic: `Scalar<Sym>`) |
/// | `Arith` | Z^S | coordinate layouts (`E(0)`, `3@1`) |
/// | `F2` | F_2 | XOR swizzles |
///
/// `Display` prints as the specification does: `5`, `(3, 5)` or `42@0@1`,
/// `F6`. The integer type `I` is `i64` unless named (`Scalar<Sym>` for a
/// symbolic stride); coordinate and F2 values hold machine integers in
/// either case. Where nothing else fixes the integer type of an F2 or
/// coordinate value, name it: `Scalar::<i64>::F2(F2(3))`.
#[non_exhaustive]
#[derive(Clone, Debug)]
pub enum Scalar<I = i64> {
    /// An integer.
    Int(I),
    /// An element of the binary field's vector space: `+` is XOR.
    F2(F2),
    /// An arithmetic tuple (a coordinate stride or a coordinate sum).
    Arith(ArithTuple),
}

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
    // (its operations, in `crate::atuple`, read it directly)
    // boxed: a stride scalar holding an arithmetic tuple is as small as one
    // holding an integer (a thin pointer, 8 bytes, where a `Vec` is 24), so
    // that the leaves of a layout of integer strides stay compact
    #[allow(clippy::box_collection)]
    pub(crate) data: Box<Vec<HTuple<Scalar>>>,
}

/// A stride: an HTuple of stride scalars, congruent with its shape.
pub type Stride<I = i64> = HTuple<Scalar<I>>;

impl From<i64> for Scalar {
    fn from(x: i64) -> Self {
        Scalar::Int(x)
    }
}

impl<I> From<F2> for Scalar<I> {
    fn from(x: F2) -> Self {
        Scalar::F2(x)
    }
}

impl<I> From<ArithTuple> for Scalar<I> {
    fn from(x: ArithTuple) -> Self {
        Scalar::Arith(x)
    }
}

impl<I: DynInt> fmt::Display for Scalar<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scalar::Int(x) => fmt::Display::fmt(x, f),
            Scalar::F2(x) => x.fmt(f),
            Scalar::Arith(x) => x.fmt(f),
        }
    }
}

impl<I: DynInt> PartialEq for Scalar<I> {
    /// Equality within each algebra. An ArithTuple equals int 0 exactly when
    /// all its leaves are zero (`ArithTuple(0, 0) == 0`), and never equals a
    /// nonzero int (`ArithTuple((5,)) != 5`: different depths).
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Scalar::Int(a), Scalar::Int(b)) => a == b,
            (Scalar::F2(a), Scalar::F2(b)) => a == b,
            (Scalar::Arith(a), Scalar::Arith(b)) => a == b,
            (Scalar::Arith(a), Scalar::Int(z)) | (Scalar::Int(z), Scalar::Arith(a)) => {
                z.is_const(0) && a.is_zero()
            }
            _ => false,
        }
    }
}

// ---------------------------------------------------------------------------
// The stride algebra, over any integer type
// ---------------------------------------------------------------------------

impl<I: DynInt> Scalar<I> {
    /// The integer 0, the identity of every algebra.
    #[inline]
    pub fn zero() -> Self {
        Scalar::Int(I::from_i64(0))
    }

    /// The integer value, if this is an `Int`.
    #[inline]
    pub fn as_int(&self) -> Option<I> {
        match self {
            Scalar::Int(x) => Some(x.clone()),
            _ => None,
        }
    }

    /// True iff this is the additive identity of its algebra (int 0, `F0`,
    /// an all-zero ArithTuple). A symbolic integer is zero when its
    /// canonical form is the constant 0.
    #[inline]
    pub fn is_zero(&self) -> bool {
        match self {
            Scalar::Int(x) => x.is_const(0),
            Scalar::F2(x) => x.0 == 0,
            Scalar::Arith(a) => a.is_zero(),
        }
    }

    /// The sum `self + other` in the operands' algebra: integer addition,
    /// XOR for F2, elementwise (zero-extended) for arithmetic tuples. Int 0 is
    /// the identity of every algebra.
    ///
    /// # Errors
    /// `TypeError` for a nonzero int added to an ArithTuple or an F2, or an
    /// F2 added to an ArithTuple; `ValueError` on overflow.
    ///
    /// ```
    /// use cute_dynamic::{Scalar, F2};
    /// assert_eq!(Scalar::Int(3).add(&Scalar::Int(4)).unwrap(), Scalar::Int(7));
    /// let f = |x| Scalar::<i64>::F2(F2(x));
    /// assert_eq!(f(0b1010).add(&f(0b1100)).unwrap(), f(0b0110));
    /// assert!(f(1).add(&Scalar::Int(1)).is_err());
    /// ```
    #[inline]
    pub fn add(&self, other: &Self) -> Result<Self> {
        match (self, other) {
            (Scalar::Int(a), Scalar::Int(b)) => a.int_add(b).map(Scalar::Int),
            _ => self.add_other(other),
        }
    }

    /// [`Scalar::add`] for operands that are not both integers.
    #[cold]
    fn add_other(&self, other: &Self) -> Result<Self> {
        match (self, other) {
            (Scalar::F2(a), Scalar::F2(b)) => Ok(Scalar::F2(F2(a.0 ^ b.0))),
            (Scalar::Arith(a), Scalar::Arith(b)) => Ok(Scalar::Arith(a.add(b)?)),
            (x, z) | (z, x) if z.is_zero() && matches!(z, Scalar::Int(_)) => Ok(x.clone()),
            (a, b) => Err(Error::type_error(
                "+",
                match (a, b) {
                    (Scalar::Arith(_), _) | (_, Scalar::Arith(_)) => {
                        format!("ArithTuple Incompatibility: {a} and {b}")
                    }
                    _ => format!("incompatible stride scalars {a} and {b}"),
                },
            )),
        }
    }

    /// The integer multiple `n * self`: integer product, carry-less product
    /// for F2 (an integer acts through its bits), elementwise for arithmetic
    /// tuples.
    ///
    /// # Errors
    /// `ValueError` on overflow (and for a negative multiplier of an F2);
    /// `TypeError` for an F2 or coordinate stride scaled by a symbolic
    /// integer (their values are machine integers).
    ///
    /// ```
    /// use cute_dynamic::{atuple::e, Scalar, F2};
    /// assert_eq!(Scalar::Int(3).scale(5).unwrap(), Scalar::Int(15));
    /// assert_eq!(Scalar::F2(F2(3)).scale(2).unwrap(), Scalar::F2(F2(6)));
    /// assert_eq!(e(&[1]).scale(4).unwrap().to_string(), "4@1");
    /// assert!(Scalar::Int(i64::MAX).scale(2).is_err());
    /// ```
    #[inline]
    pub fn scale(&self, n: I) -> Result<Self> {
        self.scale_by(&n)
    }

    /// [`Scalar::scale`] by a borrowed integer.
    ///
    /// # Errors
    /// As [`Scalar::scale`].
    #[inline]
    pub fn scale_by(&self, n: &I) -> Result<Self> {
        match self {
            Scalar::Int(a) => a.int_mul(n).map(Scalar::Int),
            _ => self.scale_other(n),
        }
    }

    /// [`Scalar::scale_by`] of an F2 value or an arithmetic tuple.
    #[cold]
    fn scale_other(&self, n: &I) -> Result<Self> {
        let k = known(n, self)?;
        match self {
            Scalar::Int(_) => unreachable!("scaled by scale_by"),
            Scalar::F2(a) => {
                if k < 0 {
                    return Err(Error::value(
                        "*",
                        format!("{a} * {k}: F2 scales by a non-negative integer"),
                    ));
                }
                Ok(Scalar::F2(a.clmul(F2(k as u64))?))
            }
            Scalar::Arith(a) => Ok(Scalar::Arith(a.scale(k)?)),
        }
    }

    /// The specification's `is_int`: true iff the scalar acts as an ordinary
    /// integer. An F2 is not one (its `+` is XOR), nor is an arithmetic tuple.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{atuple::e, Scalar, F2};
    /// assert!(Scalar::Int(7).is_int());
    /// assert!(!Scalar::<i64>::F2(F2(1)).is_int());
    /// assert!(!e(&[0]).is_int());
    /// ```
    #[inline]
    pub fn is_int(&self) -> bool {
        matches!(self, Scalar::Int(_))
    }

    /// The specification's `is_static`: true iff the value is an integer
    /// known completely, that is one equal to its own integer coercion. Ints
    /// and F2 values are (`is_static(F2(3))`), a symbolic integer is not; an
    /// arithmetic tuple has no integer coercion and is not.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{atuple::e, Scalar, F2};
    /// assert!(Scalar::Int(7).is_static());
    /// assert!(Scalar::<i64>::F2(F2(3)).is_static());
    /// assert!(!e(&[0]).is_static());
    /// ```
    #[inline]
    pub fn is_static(&self) -> bool {
        match self {
            Scalar::Int(x) => x.try_const().is_some(),
            Scalar::F2(_) => true,
            Scalar::Arith(_) => false,
        }
    }

    /// The specification's `is_stride_scalar`: true iff the value may sit at
    /// a layout's stride leaf. Every `Scalar` may (an int, an F2, an
    /// arithmetic tuple); the values that may not (floats, bools) have no
    /// `Scalar` representation.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{atuple::e, Scalar, F2};
    /// assert!(Scalar::Int(7).is_stride_scalar());
    /// assert!(e(&[0]).is_stride_scalar());
    /// assert!(Scalar::<i64>::F2(F2(1)).is_stride_scalar());
    /// ```
    #[inline]
    pub fn is_stride_scalar(&self) -> bool {
        true
    }

    /// `k` placed on the coordinate axis `path`: `k` itself for an empty
    /// path, int 0 for `k == 0`, else the scaled basis element `k@path`
    /// (whose coefficient must be a machine integer).
    ///
    /// # Errors
    /// `TypeError` for a symbolic `k` on a non-empty path.
    pub fn on_axis(k: I, path: &[usize]) -> Result<Self> {
        if path.is_empty() || k.is_const(0) {
            return Ok(Scalar::Int(k));
        }
        Scalar::Int(k).at_path(path)
    }

    /// This scalar placed at the coordinate axis `path` (the
    /// specification's `ScaledBasis(self, path)`): itself for an empty path,
    /// else an arithmetic tuple, a zero one included (it still names the
    /// axis).
    ///
    /// # Errors
    /// `TypeError` for a symbolic integer on a non-empty path.
    pub fn at_path(&self, path: &[usize]) -> Result<Self> {
        if path.is_empty() {
            return Ok(self.clone());
        }
        let v = self.to_known().ok_or_else(|| {
            Error::type_error(
                "ScaledBasis",
                format!("a coordinate stride's coefficient is a known integer, not {self}"),
            )
        })?;
        match ArithTuple::scaled_basis(v, path) {
            Scalar::Arith(a) => Ok(Scalar::Arith(a)),
            _ => unreachable!("a non-empty path gives an arithmetic tuple"),
        }
    }

    /// This value over machine integers: `None` for a symbolic integer.
    pub fn to_known(&self) -> Option<Scalar> {
        Some(match self {
            Scalar::Int(k) => Scalar::Int(k.try_const()?),
            Scalar::F2(f) => Scalar::F2(*f),
            Scalar::Arith(a) => Scalar::Arith(a.clone()),
        })
    }

    /// A value over machine integers as a value over `I`.
    pub fn from_known(v: Scalar) -> Self {
        match v {
            Scalar::Int(k) => Scalar::Int(I::from_i64(k)),
            Scalar::F2(f) => Scalar::F2(f),
            Scalar::Arith(a) => Scalar::Arith(a),
        }
    }

    /// The single term `(k, path)` of a coordinate stride `k@path` whose
    /// coefficient is an integer (see [`ArithTuple::single_term`]); `None`
    /// otherwise.
    pub fn single_term(&self) -> Option<(I, Vec<usize>)> {
        match self {
            Scalar::Arith(a) => a.single_term().map(|(k, p)| (I::from_i64(k), p)),
            _ => None,
        }
    }

    /// True iff this is an F2 value or an arithmetic tuple holding one.
    #[inline]
    pub fn has_f2(&self) -> bool {
        match self {
            Scalar::F2(_) => true,
            Scalar::Int(_) => false,
            Scalar::Arith(t) => t.terms().iter().any(|(v, _)| v.has_f2()),
        }
    }
}

/// The machine value of `n`, which scales the F2 or coordinate value `x`.
fn known<I: DynInt>(n: &I, x: &Scalar<I>) -> Result<i64> {
    n.try_const().ok_or_else(|| {
        Error::type_error(
            "*",
            format!("{x} * {n}: F2 and coordinate strides scale by known integers only"),
        )
    })
}

// ---------------------------------------------------------------------------
// The stride algebra completed, over machine integers: negation, difference,
// product, @, order
// ---------------------------------------------------------------------------

impl Scalar {
    /// The additive inverse in the scalar's algebra: integer negation, the
    /// identity for F2 (XOR is self-inverse), leafwise for an arithmetic
    /// tuple.
    ///
    /// # Post-conditions
    /// `x.add(&x.neg()?)?.is_zero()`
    ///
    /// # Errors
    /// `ValueError` on overflow (`-i64::MIN`).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Scalar, F2};
    /// assert_eq!(Scalar::Int(3).neg().unwrap(), Scalar::Int(-3));
    /// assert_eq!(Scalar::F2(F2(6)).neg().unwrap(), Scalar::F2(F2(6)));
    /// assert!(Scalar::Int(i64::MIN).neg().is_err());
    /// ```
    pub fn neg(&self) -> Result<Scalar> {
        match self {
            Scalar::Int(a) => a
                .checked_neg()
                .map(Scalar::Int)
                .ok_or_else(|| Error::overflow("-", format!("-({a}) leaves the 64-bit range"))),
            Scalar::F2(a) => Ok(Scalar::F2(*a)),
            Scalar::Arith(a) => Ok(Scalar::Arith(a.neg()?)),
        }
    }

    /// The difference `self - other`, that is `self + (-other)`. Unlike `+`
    /// it does not commute, so `0 - x` negates `x` in any algebra.
    ///
    /// # Post-conditions
    /// `a.sub(b)?.add(b)? == a`
    ///
    /// # Errors
    /// As [`Scalar::add`]: `TypeError` for a nonzero int against an
    /// arithmetic tuple or an F2; `ValueError` on overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atuple::ArithTuple;
    /// use cute_dynamic::htuple::HTuple::Leaf;
    /// use cute_dynamic::{ErrorClass, Scalar};
    /// let a = ArithTuple::from_args(vec![Leaf(Scalar::Int(1)), Leaf(Scalar::Int(2))]);
    /// assert_eq!(Scalar::Int(0).sub(&a).unwrap().to_string(), "(-1, -2)"); // 0 - ArithTuple(1, 2)
    /// assert_eq!(a.sub(&Scalar::Int(1)).unwrap_err().class(), ErrorClass::TypeError);
    /// ```
    pub fn sub(&self, other: &Scalar) -> Result<Scalar> {
        self.add(&other.neg()?)
    }

    /// The product `self * other`: integer product of two ints; for an int
    /// and any other scalar, that scalar scaled by the int (elementwise for
    /// an arithmetic tuple, carry-less for F2, on either side); carry-less
    /// product of two F2 values.
    ///
    /// # Post-conditions
    /// `a.mul(b) == b.mul(a)`
    ///
    /// # Errors
    /// `TypeError` for two arithmetic tuples or an arithmetic tuple and an
    /// F2 (Z^S is not a ring); `ValueError` on overflow and for an F2 scaled
    /// by a negative int.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atuple::e;
    /// use cute_dynamic::{ErrorClass, Scalar, F2};
    /// assert_eq!(Scalar::Int(3).mul(&Scalar::F2(F2(0b1010))).unwrap(), Scalar::F2(F2(0b11110)));
    /// assert_eq!(Scalar::F2(F2(0b11)).mul(&Scalar::Int(0b11)).unwrap(), Scalar::F2(F2(0b101)));
    /// assert_eq!(Scalar::Int(3).mul(&e(&[0])).unwrap().to_string(), "3@0");
    /// assert_eq!(e(&[0]).mul(&e(&[1])).unwrap_err().class(), ErrorClass::TypeError);
    /// ```
    pub fn mul(&self, other: &Scalar) -> Result<Scalar> {
        match (self, other) {
            // int, int
            (Scalar::Int(a), Scalar::Int(b)) => checked::mul(*a, *b).map(Scalar::Int),
            // int, anything / anything, int: the integer action
            (Scalar::Int(n), x) | (x, Scalar::Int(n)) => x.scale(*n),
            // F2, F2: carry-less
            (Scalar::F2(a), Scalar::F2(b)) => Ok(Scalar::F2(a.clmul(*b)?)),
            (a, b) => Err(Error::type_error(
                "*",
                format!("cannot multiply {a} by {b}: only an integer acts on an ArithTuple"),
            )),
        }
    }

    /// `self @ i`: `self` wrapped at outer index `i`, that is `i` leading
    /// zeros, then `self` (`E(0) @ 1 == E(1, 0)`; for a plain scalar `v`,
    /// `v @ i == ScaledBasis(v, (i,))`).
    ///
    /// # Post-conditions
    /// `proj(&HTuple::Leaf(result), &e(&[i]))? == as_tuple(self)`
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atuple::{e, scaled_basis};
    /// use cute_dynamic::Scalar;
    /// assert_eq!(e(&[0]).matmul(1), e(&[1, 0]));
    /// assert_eq!(Scalar::Int(42).matmul(1), scaled_basis(Scalar::Int(42), &[1]));
    /// assert_ne!(Scalar::Int(42).matmul(1), Scalar::Int(42));
    /// ```
    pub fn matmul(&self, i: usize) -> Scalar {
        match self {
            Scalar::Arith(a) => Scalar::Arith(a.matmul(i)),
            x => ArithTuple::scaled_basis(x.clone(), &[i]),
        }
    }

    /// Compares two stride scalars in the colexicographic order that
    /// `complement` sorts strides by.
    ///
    /// Comparable pairs: two ints (by value); two F2 values (by value); two
    /// arithmetic tuples (colexicographically, see [`ArithTuple`]'s
    /// `PartialOrd`); any zero with any scalar (int `0` is the rank-0
    /// element, below `E(0)`, equal to every all-zero arithmetic tuple and to
    /// `F0`). A nonzero int against an arithmetic tuple or an F2, or an F2
    /// against an arithmetic tuple, is not comparable.
    ///
    /// # Post-conditions
    /// `a.try_cmp(b)? == Ordering::Equal` iff `a == b`, up to the identity
    /// of all zeros.
    ///
    /// # Errors
    /// `TypeError` for a pair that is not comparable.
    ///
    /// # Examples
    /// ```
    /// use core::cmp::Ordering;
    /// use cute_dynamic::atuple::{e, ArithTuple};
    /// use cute_dynamic::htuple::HTuple::Leaf;
    /// use cute_dynamic::{ErrorClass, Scalar};
    /// assert!(Scalar::Int(0).try_lt(&e(&[0])).unwrap()); // 0 < E(0)
    /// let t = |v: Vec<i64>| ArithTuple::from_args(v.into_iter().map(|x| Leaf(Scalar::Int(x))).collect());
    /// assert!(t(vec![1, 0, 0]).try_lt(&t(vec![0, 1, 0])).unwrap());
    /// assert_eq!(t(vec![0, 0]).try_cmp(&Scalar::Int(0)).unwrap(), Ordering::Equal);
    /// assert_eq!(Scalar::Int(5).try_cmp(&e(&[0])).unwrap_err().class(), ErrorClass::TypeError);
    /// ```
    pub fn try_cmp(&self, other: &Scalar) -> Result<Ordering> {
        let ord = match (self, other) {
            (Scalar::Int(a), Scalar::Int(b)) => Some(a.cmp(b)),
            (Scalar::F2(a), Scalar::F2(b)) => Some(a.cmp(b)),
            (Scalar::Arith(a), Scalar::Arith(b)) => a.partial_cmp(b),
            // a zero against a scalar of another algebra: compare that scalar
            // with its own zero
            (z, x) if z.is_zero() => x.cmp_zero().map(Ordering::reverse),
            (x, z) if z.is_zero() => x.cmp_zero(),
            _ => None,
        };
        ord.ok_or_else(|| {
            Error::type_error("<", format!("'<' not supported between {self} and {other}"))
        })
    }

    /// The order of `self` against the zero of its algebra.
    fn cmp_zero(&self) -> Option<Ordering> {
        match self {
            Scalar::Int(a) => Some(a.cmp(&0)),
            Scalar::F2(a) => Some(a.cmp(&F2(0))),
            Scalar::Arith(a) => a.partial_cmp(&ArithTuple::default()),
        }
    }

    /// `self < other` in the order of [`Scalar::try_cmp`].
    ///
    /// # Errors
    /// `TypeError` for a pair that is not comparable.
    pub fn try_lt(&self, other: &Scalar) -> Result<bool> {
        Ok(self.try_cmp(other)? == Ordering::Less)
    }

    /// `self > other` in the order of [`Scalar::try_cmp`].
    ///
    /// # Errors
    /// `TypeError` for a pair that is not comparable.
    pub fn try_gt(&self, other: &Scalar) -> Result<bool> {
        Ok(self.try_cmp(other)? == Ordering::Greater)
    }
}

/// Quotient and remainder of integers with Python's floor semantics:
/// `(a // b, a % b)`, the remainder taking the sign of the divisor.
///
/// # Pre-conditions
/// `b != 0`.
///
/// # Post-conditions
/// `q * b + r == a`, and `0 <= r < b` for `b > 0` (`b < r <= 0` for `b < 0`).
///
/// # Errors
/// `ValueError` for division by zero, and for the one quotient that leaves
/// the 64-bit range (`i64::MIN // -1`).
///
/// # Examples
/// ```
/// use cute_dynamic::typedefs::divmod;
/// assert_eq!(divmod(7, 3).unwrap(), (2, 1));
/// assert_eq!(divmod(-7, 3).unwrap(), (-3, 2));
/// assert_eq!(divmod(7, -3).unwrap(), (-3, -2));
/// assert!(divmod(7, 0).is_err());
/// ```
#[inline]
pub fn divmod<I: DynInt>(a: I, b: I) -> Result<(I, I)> {
    if b.is_const(0) {
        return Err(Error::value("divmod", format!("{a} divided by zero")));
    }
    match (a.int_div(&b), a.int_rem(&b)) {
        (Ok(q), Ok(r)) => Ok((q, r)),
        (Err(Error::Overflow { .. }), _) | (_, Err(Error::Overflow { .. })) => Err(
            Error::overflow("divmod", format!("{a} // {b} leaves the 64-bit range")),
        ),
        (Err(e), _) | (_, Err(e)) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn divmod_floor() {
        assert_eq!(divmod(7, 3).unwrap(), (2, 1));
        assert_eq!(divmod(-1, 4).unwrap(), (-1, 3));
        assert_eq!(divmod(i64::MIN, 1).unwrap(), (i64::MIN, 0));
        assert!(divmod(i64::MIN, -1).is_err());
        assert!(divmod(1, 0).is_err());
    }

    #[test]
    fn symbolic_scalars() {
        use cute_core::Sym;
        let m = Sym::symbol("M").unwrap();
        let s = Scalar::Int(m.clone());
        assert_eq!(s.scale(Sym::from(4)).unwrap().to_string(), "4*M");
        assert_eq!(
            s.add(&Scalar::Int(Sym::from(1))).unwrap().to_string(),
            "M + 1"
        );
        assert!(Scalar::<Sym>::F2(F2(1)).scale(m.clone()).is_err());
        assert!(!s.is_static());
        assert!(Scalar::Int(Sym::from(0)).is_zero());
        assert_eq!(
            Scalar::<Sym>::on_axis(Sym::from(3), &[1])
                .unwrap()
                .to_string(),
            "3@1"
        );
        assert!(Scalar::<Sym>::on_axis(m, &[1]).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn divmod_reconstructs(a in -1_000_000i64..1_000_000, b in -1000i64..1000) {
            prop_assume!(b != 0);
            let (q, r) = divmod(a, b).unwrap();
            prop_assert_eq!(q * b + r, a);
            if b > 0 { prop_assert!((0..b).contains(&r)); } else { prop_assert!(r <= 0 && r > b); }
        }
    }
}
