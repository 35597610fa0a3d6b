//! Evaluation over the extended domain: how an integer coordinate splits
//! over the leaves of a layout.
//!
//! The specification evaluates a layout as
//! `L(c) == inner_product(idx2crd(c, shape), stride)`, where `idx2crd` of an
//! integer `i` and a shape is colexicographic: every mode but the last takes
//! `i mod size(mode)`, the quotient `i div size(mode)` passes on, and the
//! last mode keeps the whole quotient (its mod is skipped). Flattened to the
//! shape's leaves `e_0, ..., e_{n-1}` with strides `d_0, ..., d_{n-1}`:
//!
//! ```text
//!   q_0 = i
//!   c_k = q_k mod e_k,   q_{k+1} = q_k div e_k     every leaf that divides
//!   c_k = q_k                                      the leaf that keeps the quotient
//!   L(i) = sum_k c_k * d_k
//! ```
//!
//! This module is that rule, once:
//!
//! - **Floor semantics.** `div` and `mod` are Python's `//` and `%`: a
//!   negative coordinate borrows from the next leaf, so
//!   `idx2crd(-1, (3, 4)) == (2, -1)`.
//! - **The extended domain.** A coordinate past the size is not wrapped: the
//!   excess accumulates in the leaf that keeps the quotient, so
//!   `idx2crd(42, (3, 7, 2)) == (0, 0, 2)`.
//! - **Which leaf keeps the quotient.** The end of the shape's last-child
//!   path, when that path ends at a leaf. When it ends at an empty tuple
//!   (`(4, ())`), every leaf divides and the excess is dropped, as
//!   `idx2crd(q, ())` is `()`. The caller, who knows the tree, says which
//!   (`keeps_quotient`).
//! - **A zero extent.** The specification's extents are positive, and it
//!   checks that nowhere: `idx2crd` divides by the size of every mode but the
//!   last, and division by zero fails (Python's `ZeroDivisionError`, a
//!   `ValueError` here). So a zero extent is an error exactly where a
//!   coordinate is divided by it: never for the leaf that keeps the
//!   quotient, never for a natural coordinate (one integer per leaf), and,
//!   for a coordinate with one integer per mode, only where it is not the
//!   leaf keeping its mode's quotient (a mode that is one leaf never
//!   divides, unless an empty tuple follows it: `(0, ())`).
//!
//! Splitting leaf by leaf is the specification's split mode by mode: floor
//! divisions by positive integers compose (`(q div a) div b == q div (a * b)`),
//! and a zero extent in a mode that divides makes that mode's size zero, so
//! both divide by zero. Leaf by leaf needs no product of extents, so it
//! cannot overflow where the specification's big integers do not: every
//! `c_k` and `q_k` is at most `|i|` in magnitude.
//!
//! The kernel hands out the coordinates `c_k`; the strides are the
//! caller's, of whatever algebra (an integer, a coordinate stride `E(i)`, an
//! F2 value), and so is the sum `sum_k c_k * d_k`. [`offset`] is the sum for
//! machine-integer strides, exact ([`ExactSum`]): an error exactly when the
//! offset leaves the `i64` range.
//!
//! The integers are the vocabulary of [`crate::int`]: [`split`] runs over
//! any coordinate type `Q` and extent type `E: Divisor<Q>`, which every
//! [`DynInt`] is for itself (`i64`, the symbolic [`crate::Sym`]), and a
//! static extent (typenum's `UInt`, `UTerm`) and a precomputed
//! [`FastDivmod`] are for `i64` coordinates.
//!
//! ```
//! use cute_core::kernel::eval::{offset, split};
//! // (3, (2, 4)):(2, (1, 6)) flattened: 3:2, 2:1, 4:6, the last leaf keeping the quotient
//! let leaves = [(3_i64, 2_i64), (2, 1), (4, 6)];
//! let at = |i: i64| offset("L", i, leaves.iter().map(|(e, d)| (e, *d)), true);
//! assert_eq!(at(7).unwrap(), 8); // idx2crd(7) == (1, (0, 1))
//! assert_eq!(at(100).unwrap(), 99); // the extended domain: (1, (1, 16))
//! assert_eq!(at(-1).unwrap(), 2 * 2 + 1 * 1 - 6); // floor: (2, (1, -1))
//! // the coordinates themselves
//! let mut c = Vec::new();
//! split(42_i64, [3_i64, 7, 2].iter().map(|e| (e, ())), true, |ck, ()| { c.push(ck); Ok(()) }).unwrap();
//! assert_eq!(c, [0, 0, 2]);
//! // a zero extent is an error where it divides, and only there
//! let zero_first = [(0_i64, 1_i64), (4, 0)];
//! assert!(offset("L", 5, zero_first.iter().map(|(e, d)| (e, *d)), true).is_err());
//! let zero_last = [(4_i64, 1_i64), (0, 4)];
//! assert_eq!(offset("L", 5, zero_last.iter().map(|(e, d)| (e, *d)), true).unwrap(), 1 + 4);
//! ```

use typenum::{Bit, UInt, UTerm, Unsigned};

use crate::error::{Error, Result};
use crate::fastdiv::FastDivmod;
use crate::int::DynInt;

/// An extent as the kernel divides a coordinate `Q` by it: floor division
/// and remainder, Python's `divmod`.
///
/// Implemented by every [`DynInt`] for itself (`i64`, and the symbolic
/// [`crate::Sym`], whose quotient and remainder are expressions), and, for
/// `i64` coordinates, by the static extents (typenum's `UInt` and `UTerm`)
/// and by a precomputed [`FastDivmod`].
///
/// ```
/// use cute_core::kernel::eval::Divisor;
/// use cute_core::FastDivmod;
/// assert_eq!(3_i64.divmod_floor(&-7).unwrap(), (-3, 2));
/// assert_eq!(FastDivmod::new(3).unwrap().divmod_floor(&-7).unwrap(), (-3, 2));
/// assert_eq!(typenum::U3::default().divmod_floor(&-7).unwrap(), (-3, 2));
/// assert!(0_i64.divmod_floor(&7).is_err());
/// assert!(typenum::U0::default().divmod_floor(&7).is_err());
/// ```
pub trait Divisor<Q> {
    /// `(q div self, q mod self)`, rounded towards negative infinity, the
    /// remainder taking the divisor's sign.
    ///
    /// # Errors
    /// `ValueError` for a zero divisor; `ValueError` (overflow) for a
    /// quotient beyond the coordinate's range (`i64::MIN div -1`); for a
    /// symbolic divisor, whatever its arithmetic cannot decide.
    fn divmod_floor(&self, q: &Q) -> Result<(Q, Q)>;
}

/// An integer leaf divides its own kind: `int_div` and `int_rem`, the floor
/// operations of [`crate::int`]. Known values and a positive divisor (every
/// extent that divides, for a machine integer) take one hardware division:
/// Euclidean division is floor division there, and cannot overflow.
impl<I: DynInt> Divisor<I> for I {
    #[inline(always)]
    fn divmod_floor(&self, q: &I) -> Result<(I, I)> {
        if let (Some(e), Some(x)) = (self.try_const(), q.try_const()) {
            if e > 0 {
                return Ok((I::from_i64(x.div_euclid(e)), I::from_i64(x.rem_euclid(e))));
            }
        }
        divmod_general(self, q)
    }
}

/// [`Divisor::divmod_floor`] of integer leaves beyond the hardware
/// division: a symbolic operand, a zero or a negative divisor. Out of line,
/// so that the machine-integer path stays small enough to inline.
#[inline(never)]
fn divmod_general<I: DynInt>(e: &I, q: &I) -> Result<(I, I)> {
    if e.is_const(0) {
        return Err(zero_extent(q));
    }
    Ok((q.int_div(e)?, q.int_rem(e)?))
}

/// The error of a coordinate divided by a zero extent.
#[cold]
#[inline(never)]
fn zero_extent<Q: core::fmt::Display>(q: &Q) -> Error {
    #[cfg(feature = "alloc")]
    {
        Error::value(
            "idx2crd",
            alloc::format!("the coordinate {q} is divided by an extent 0 (division by zero)"),
        )
    }
    #[cfg(not(feature = "alloc"))]
    {
        let _ = q;
        Error::value(
            "idx2crd",
            "a coordinate is divided by an extent 0 (division by zero)",
        )
    }
}

/// A precomputed divisor (never zero).
impl Divisor<i64> for FastDivmod {
    #[inline(always)]
    fn divmod_floor(&self, q: &i64) -> Result<(i64, i64)> {
        Ok(self.floor_divmod(*q))
    }
}

/// A static extent, a constant the compiler divides by.
impl<U: Unsigned, B: Bit> Divisor<i64> for UInt<U, B> {
    #[inline(always)]
    fn divmod_floor(&self, q: &i64) -> Result<(i64, i64)> {
        <UInt<U, B> as Unsigned>::I64.divmod_floor(q)
    }
}

/// The static zero: every division by it fails.
impl Divisor<i64> for UTerm {
    #[inline]
    fn divmod_floor(&self, q: &i64) -> Result<(i64, i64)> {
        Err(zero_extent(q))
    }
}

/// An integer coordinate being split over leaves, left to right: the
/// quotient not yet handed out. The form of [`split`] for code that visits
/// the leaves one at a time (a walk over a layout's tree).
///
/// # Examples
/// ```
/// use cute_core::kernel::eval::Split;
/// // idx2crd(23, (3, 2, 4)) == (2, 1, 3)
/// let mut s = Split::new(23_i64);
/// assert_eq!(s.divide(&3_i64).unwrap(), 2);
/// assert_eq!(s.divide(&2_i64).unwrap(), 1);
/// assert_eq!(s.into_rest(), 3); // the last leaf keeps the quotient
/// assert!(Split::new(5_i64).divide(&0_i64).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split<Q> {
    rest: Q,
}

impl<Q> Split<Q> {
    /// The split of the coordinate `idx`, no leaf visited yet.
    #[inline(always)]
    pub const fn new(idx: Q) -> Self {
        Split { rest: idx }
    }

    /// The coordinate of the next leaf, one that divides: `rest mod extent`,
    /// and `rest div extent` is what is left.
    ///
    /// # Errors
    /// As [`Divisor::divmod_floor`]; the split is then unchanged.
    #[inline(always)]
    pub fn divide<E: Divisor<Q> + ?Sized>(&mut self, extent: &E) -> Result<Q> {
        let (q, r) = extent.divmod_floor(&self.rest)?;
        self.rest = q;
        Ok(r)
    }

    /// What is left: the coordinate of the leaf that keeps the quotient.
    #[inline(always)]
    pub fn rest(&self) -> &Q {
        &self.rest
    }

    /// What is left, by value.
    #[inline(always)]
    pub fn into_rest(self) -> Q {
        self.rest
    }
}

/// Splits the integer coordinate `idx` over a run of leaves, as `idx2crd`
/// does: each leaf is its extent and a payload of the caller's (its stride,
/// say), and `f(c_k, payload_k)` is called for each leaf in order with its
/// coordinate. Every leaf divides but the last when `keeps_quotient`, which
/// takes what is left; without it, what is left is dropped (a shape whose
/// last-child path ends at an empty tuple). No leaves: nothing is called.
///
/// The leaves are those of one integer: all the leaves of a layout for an
/// integral coordinate, a top-level mode's for a coordinate with one
/// integer per mode, a sub-tree's for an integer standing for it.
///
/// # Pre-conditions
/// None.
///
/// # Post-conditions
/// With `keeps_quotient` and positive extents, `sum_k c_k * P_k == idx`
/// where `P_k` is the product of the extents before leaf `k` (the inverse,
/// `crd2idx`); for `0 <= idx < size` every `c_k` is in `[0, e_k)`.
///
/// # Errors
/// As [`Divisor::divmod_floor`] for a leaf that divides (a zero extent
/// there is a `ValueError`), or the first error of `f`. Nothing is called
/// after an error.
///
/// # Examples
/// ```
/// use cute_core::kernel::eval::split;
/// let crd = |idx: i64, extents: &[i64], keeps| {
///     let mut c = Vec::new();
///     split(idx, extents.iter().map(|e| (e, ())), keeps, |ck, ()| { c.push(ck); Ok(()) }).map(|()| c)
/// };
/// assert_eq!(crd(7, &[3, 2, 4], true).unwrap(), [1, 0, 1]);
/// assert_eq!(crd(-1, &[3, 4], true).unwrap(), [2, -1]);
/// assert_eq!(crd(9, &[4], false).unwrap(), [1]); // (4, ()): the quotient 2 is dropped
/// assert_eq!(crd(9, &[2, 0], true).unwrap(), [1, 4]); // the zero extent keeps the quotient
/// assert!(crd(9, &[0, 2], true).is_err()); // and divides here
/// ```
#[inline(always)]
pub fn split<'a, Q, E, P, It, F>(idx: Q, leaves: It, keeps_quotient: bool, mut f: F) -> Result<()>
where
    E: Divisor<Q> + ?Sized + 'a,
    It: IntoIterator<Item = (&'a E, P)>,
    It::IntoIter: ExactSizeIterator,
    F: FnMut(Q, P) -> Result<()>,
{
    let leaves = leaves.into_iter();
    let last = if keeps_quotient {
        leaves.len().checked_sub(1)
    } else {
        None
    };
    let mut s = Split::new(idx);
    for (k, (e, p)) in leaves.enumerate() {
        if Some(k) == last {
            return f(s.into_rest(), p);
        }
        let c = s.divide(e)?;
        f(c, p)?;
    }
    Ok(())
}

/// The offset `sum_k c_k * d_k` of the integer coordinate `idx` split over
/// leaves `(extent, stride)` with machine-integer strides ([`split`], then
/// an [`ExactSum`]).
///
/// # Pre-conditions
/// None.
///
/// # Post-conditions
/// `result == inner_product(idx2crd(idx, leaves), strides)` whenever that
/// fits an `i64`.
///
/// # Errors
/// As [`split`]; `ValueError` (overflow) of `op` if the offset leaves the
/// `i64` range (only the offset: the terms are summed exactly).
///
/// # Examples
/// ```
/// use cute_core::kernel::eval::offset;
/// let l = [(4_i64, 1_i64 << 62), (4, -(1_i64 << 62))];
/// let at = |i| offset("L", i, l.iter().map(|(e, d)| (e, *d)), true);
/// assert_eq!(at(5).unwrap(), 0); // 2^62 - 2^62: the terms need not fit
/// assert!(at(2).is_err()); // 2 * 2^62
/// ```
#[inline]
pub fn offset<'a, E, It>(
    op: &'static str,
    idx: i64,
    leaves: It,
    keeps_quotient: bool,
) -> Result<i64>
where
    E: Divisor<i64> + ?Sized + 'a,
    It: IntoIterator<Item = (&'a E, i64)>,
    It::IntoIter: ExactSizeIterator,
{
    let mut sum = ExactSum::new();
    split(idx, leaves, keeps_quotient, |c, d| {
        sum.add(c, d);
        Ok(())
    })?;
    sum.get().ok_or_else(|| offset_overflow(op, idx))
}

#[cold]
#[inline(never)]
fn offset_overflow(op: &'static str, idx: i64) -> Error {
    #[cfg(feature = "alloc")]
    {
        Error::overflow(
            op,
            alloc::format!("the offset of {idx} leaves the 64-bit range"),
        )
    }
    #[cfg(not(feature = "alloc"))]
    {
        let _ = idx;
        Error::overflow(op, "the offset leaves the 64-bit range")
    }
}

/// An exact sum of products of machine integers: the sum modulo `2^128` and
/// the number of times it wrapped, so that the true sum is
/// `sum + wraps * 2^128` however many terms come. Each term `c * d` is
/// exact in 128 bits (`|c * d| <= 2^126`), so an offset is an error only if
/// it does not fit an `i64` itself, whatever its terms.
///
/// # Examples
/// ```
/// use cute_core::kernel::eval::ExactSum;
/// let mut s = ExactSum::new();
/// for _ in 0..4 { s.add(i64::MAX, i64::MAX); } // 4 * (2^63 - 1)^2 wraps 128 bits
/// assert_eq!(s.get(), None);
/// for _ in 0..4 { s.add(i64::MAX, -i64::MAX); }
/// s.add(3, 5);
/// assert_eq!(s.get(), Some(15));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExactSum {
    sum: i128,
    wraps: i64,
}

impl ExactSum {
    /// The empty sum, 0.
    #[inline(always)]
    pub const fn new() -> Self {
        ExactSum { sum: 0, wraps: 0 }
    }

    /// Adds `c * d`.
    #[inline(always)]
    pub fn add(&mut self, c: i64, d: i64) {
        let t = i128::from(c) * i128::from(d);
        let (s, wrapped) = self.sum.overflowing_add(t);
        self.sum = s;
        if wrapped {
            self.wraps += if t < 0 { -1 } else { 1 };
        }
    }

    /// The sum, if it fits an `i64`.
    #[inline]
    pub fn get(&self) -> Option<i64> {
        if self.wraps == 0 {
            i64::try_from(self.sum).ok()
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use proptest::prelude::*;
    use std::vec::Vec;

    /// The specification's evaluation in big-enough integers: mode by mode,
    /// by the sizes of the leaves' prefixes (every extent positive).
    fn reference(idx: i64, leaves: &[(i64, i64)]) -> i128 {
        let n = leaves.len();
        let mut q = i128::from(idx);
        let mut acc = 0i128;
        for (k, &(e, d)) in leaves.iter().enumerate() {
            let c = if k + 1 == n {
                q
            } else {
                let e = i128::from(e);
                let c = q.rem_euclid(e);
                q = q.div_euclid(e);
                c
            };
            acc += c * i128::from(d);
        }
        acc
    }

    fn at(idx: i64, leaves: &[(i64, i64)], keeps: bool) -> Result<i64> {
        offset("L", idx, leaves.iter().map(|(e, d)| (e, *d)), keeps)
    }

    #[test]
    fn spec_examples() {
        let a = [(3, 2), (2, 1), (4, 6)];
        let want = [0, 2, 4, 1, 3, 5, 6, 8, 10, 7, 9, 11];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(at(i as i64, &a, true).unwrap(), *w);
        }
        assert_eq!(at(100, &a, true).unwrap(), 99);
        assert_eq!(at(23, &a, true).unwrap(), 23);
        // no leaves: offset 0, whatever the coordinate
        assert_eq!(at(5, &[], true).unwrap(), 0);
        assert_eq!(at(5, &[], false).unwrap(), 0);
        // one leaf that divides: (4, ()) drops the quotient
        assert_eq!(at(9, &[(4, 1)], false).unwrap(), 1);
    }

    #[test]
    fn zero_extents() {
        // a zero extent keeping the quotient is never divided by
        assert_eq!(at(7, &[(0, 5)], true).unwrap(), 35);
        assert_eq!(at(7, &[(2, 1), (0, 4)], true).unwrap(), 1 + 3 * 4);
        // one that divides is a ValueError, whatever the coordinate
        for i in [-3, 0, 1, 7] {
            let e = at(i, &[(0, 1), (2, 4)], true).unwrap_err();
            assert_eq!(e.class(), crate::ErrorClass::ValueError);
            assert!(at(i, &[(0, 1)], false).is_err());
        }
    }

    #[test]
    fn overflow_only_of_the_offset() {
        assert!(at(i64::MAX, &[(1, 2)], true).is_err());
        assert_eq!(at(i64::MIN, &[(2, 1), (4, 0)], true).unwrap(), 0);
        assert_eq!(at(i64::MIN, &[(1, -1)], false).unwrap(), 0);
        // the quotient of i64::MIN by -1 leaves the range
        assert!(at(i64::MIN, &[(-1, 1), (1, 1)], true).is_err());
    }

    #[test]
    fn static_and_precomputed_divisors_agree() {
        use typenum::{U1, U3, U4};
        for q in [-13, -1, 0, 1, 7, i64::MIN, i64::MAX] {
            let want = 3_i64.divmod_floor(&q).unwrap();
            assert_eq!(U3::default().divmod_floor(&q).unwrap(), want);
            assert_eq!(FastDivmod::new(3).unwrap().divmod_floor(&q).unwrap(), want);
            assert_eq!(
                U4::default().divmod_floor(&q).unwrap(),
                4_i64.divmod_floor(&q).unwrap()
            );
            assert_eq!(U1::default().divmod_floor(&q).unwrap(), (q, 0));
            assert!(UTerm.divmod_floor(&q).is_err());
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn symbolic_coordinates() {
        use crate::Sym;
        let i = Sym::symbol("i").unwrap();
        let four = Sym::from_i64(4);
        let mut c = Vec::new();
        split(i, [(&four, ()), (&four, ())], true, |ck, ()| {
            c.push(std::format!("{ck}"));
            Ok(())
        })
        .unwrap();
        assert_eq!(c, ["Mod(i, 4)", "floor(i/4)"]);
        assert!(Split::new(Sym::from_i64(3))
            .divide(&Sym::from_i64(0))
            .is_err());
    }

    proptest! {
        #[test]
        fn matches_the_reference(
            leaves in prop::collection::vec((1i64..9, -50i64..50), 0..6),
            idx in -10_000i64..10_000,
        ) {
            let got = at(idx, &leaves, true).unwrap();
            prop_assert_eq!(i128::from(got), reference(idx, &leaves));
        }

        #[test]
        fn split_then_recompose(
            extents in prop::collection::vec(1i64..9, 1..6),
            idx in -10_000i64..10_000,
        ) {
            let mut c = Vec::new();
            split(idx, extents.iter().map(|e| (e, ())), true, |ck, ()| { c.push(ck); Ok(()) }).unwrap();
            let mut back = 0i64;
            let mut p = 1i64;
            for (ck, e) in c.iter().zip(&extents) {
                back += ck * p;
                p *= e;
            }
            prop_assert_eq!(back, idx);
        }
    }
}
