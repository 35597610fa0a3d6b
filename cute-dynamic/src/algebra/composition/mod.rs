//! Composition: `A o B`, the layout that walks B's domain and maps each of
//! B's values through A (Whitepaper, §3.3).
//!
//! Composition is right-distributive, `A o (B0, B1) = (A o B0, A o B1)`, so
//! the result keeps B's nesting and each leaf `s:d` of B is composed on its
//! own: d is divided out of A's (coalesced) extents from the left, then s is
//! taken from what remains. Both steps must split A's extents evenly (the
//! stride- and shape-divisibility conditions, Whitepaper, Eqs. (20)-(21)). A
//! coordinate leaf `s:k@i` of B composes with mode `i` of A, which is how a
//! tuple of tilers composes by-mode; a stride that is a sum of scaled basis
//! elements is a coordinate into A, whose terms compose with their modes and
//! add up.

pub(crate) mod carry;
mod ints;
mod lhs;
mod tiler;
mod walk;

#[cfg(test)]
mod tests;

use cute_core::{DynInt, Error, Result};

pub(crate) use crate::layout::framed;
use crate::layout::{by_tiler, identity_of_tiler, Layout, TilerArg, TilerRef};
pub(crate) use ints::compose_ints_flat;
pub(crate) use lhs::Lhs;
use tiler::compose_tiler;
pub(crate) use tiler::land_at;
pub(crate) use walk::compose_with;

const OP: &str = "composition";

/// Group composition `A o B` of layouts (Whitepaper, §3.3): walk B, then map
/// the result through A.
///
/// B is a tiler (anything `Into<TilerArg>`): a layout, an integer `n` (the
/// layout `n:1`), a tuple of tilers composed by-mode (`(A0, A1, ...) o <X,
/// Y, ...> = (A0 o X, A1 o Y, ...)`, the remaining modes of A unchanged), or
/// `Tiler::None`, which leaves A alone. [`composition_at`] composes one mode
/// of A; [`composition_identity`] is the specification's A of `None`.
///
/// Each leaf `s:d` of B is composed with A coalesced, `(s0, s1, ...):(d0, d1,
/// ...)`:
/// ```text
/// A o s:0 = s:0       A o 1:d = 1:A(d)
/// A o s:d = (min(s0/d, s), ...):(d*d0, ...)   dividing d out of s0, s1, ...
///                                            then taking s from what is left
/// A o s:k@p = A_p o s:k                       a coordinate stride: mode p of A
/// A o s:(k0@p0 + k1@p1 + ...) = (A_p0 o s:k0) + (A_p1 o s:k1) + ...
///                                            a coordinate sum: layout_add
/// ```
/// so `composition((2, 8):(5, 10), 2:(1, 3))` is `2:35`, `35 = A((1, 3))`.
///
/// Each leaf `s:d` of B composes exactly, `j -> A(j * d)` for `j` in
/// `0..s`, or the composition fails; a negative `d` reaches `A(-x)`, which
/// is linear only in A's last mode, past whole multiples of its other
/// extents (elsewhere: an error). The leaves compose one by one and the
/// result keeps B's nesting (right-distributivity): `result(i) == sum_k
/// A(B_k(i_k))`, with `i_k` the coordinate of `i` in B's leaf `k`, and that
/// is `A(B(i))`: leaves whose coordinates in one mode of A add up past its
/// extent (whose offsets carry across A's modes) are a `ValueError`.
///
/// Over symbolic integers each condition is decided through the integers'
/// operations; one the symbols do not settle is an `Undecidable` error
/// naming it.
///
/// # Pre-conditions
/// A and B satisfy the shape- and stride-divisibility conditions
/// (Whitepaper, Eqs. (20)-(21)).
///
/// # Post-conditions
/// - `compatible(B, result)`: B refines the result's domain
/// - `result(i) == A(B(i))` for `i` in `0..size(B)`
///
/// # Errors
/// - `ValueError` (`Error::Divisibility`) if a divisibility condition
///   fails, naming A and B, the leaf of B that fails (`the leaf 16:3 of
///   B`), the mode of A coalesced that it steps through (its index and
///   extent), and the condition: stride or shape divisibility (Whitepaper,
///   Eqs. (20)-(21)), or the carry check across B's leaves; a by-mode or
///   mode-subscripted composition says which mode of A.
/// - `ValueError` if a by-mode B has more modes than A, or on overflow;
///   `Undecidable` for a condition on symbols.
/// - `TypeError` if B has F2 strides.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::composition;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(composition(&l("(6, 2):(8, 2)"), &l("(4, 3):(3, 1)")).unwrap(),
///            l("((2, 2), 3):((24, 2), 8)"));
/// assert_eq!(composition(&l("20:2"), &l("(5, 4):(4, 1)")).unwrap(), l("(5, 4):(8, 2)"));
/// assert_eq!(composition(&l("12:1"), &l("(4, 3):(1, 4)")).unwrap(), l("(4, 3):(1, 4)"));
/// assert_eq!(composition(&l("(12, 4):(1, 12)"), (4, 2)).unwrap(), l("(4, 2):(1, 12)"));
/// // 16:3 steps over A's first extent 8 unevenly
/// assert!(composition(&l("(8, 6):(6, 1)"), &l("16:3")).is_err());
/// ```
pub fn composition<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Layout<I>> {
    by_tiler(OP, a, b.into().get(), &[], compose_tiler)
}

/// The mode-subscripted `composition[mode](A, B)`: composes only the mode
/// `mode` of A with B (see [`composition`]) and leaves every other mode
/// unchanged. An A whose shape is an integer is the 1-tuple it denotes, so
/// `composition_at` of `6:1` and `3:1` at `[0]` is `(3,):(1,)` (the same
/// holds for every mode-subscripted operation of the algebra).
///
/// # Pre-conditions
/// `mode` names a mode of A: `rank[mode[:-1]](A) > mode[-1]`.
///
/// # Post-conditions
/// `get[mode](result) == composition(get[mode](A), B)`.
///
/// # Errors
/// `IndexError` if `mode` names no mode of A; as [`composition`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::composition_at;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(composition_at(&l("(4, 6):(1, 4)"), &l("3:2"), &[1]).unwrap(), l("(4, 3):(1, 8)"));
/// assert_eq!(composition_at(&l("6:1"), &l("3:1"), &[0]).unwrap(), l("(3,):(1,)"));
/// assert!(composition_at(&l("(4, 6):(1, 4)"), &l("3:2"), &[2]).is_err());
/// ```
pub fn composition_at<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    by_tiler(OP, a, b.into().get(), mode, compose_tiler)
}

/// Composition with an A of `None` (the specification's
/// `composition(None, B)`): A is the identity layout of B's domain, of
/// unknown extents, whose mode `i` has stride `E(i)`, so the result is
/// `tiler_to_layout(B)`, with no divisibility condition, except that a
/// `None` mode of a tuple B is that mode of the identity, `1:E(i)`.
///
/// # Errors
/// `TypeError` if B is `None` too; `ValueError` for an invalid B.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::composition_identity;
/// use cute_dynamic::{layout::Tiler, Layout};
/// let r: Layout = composition_identity((4, 3)).unwrap();
/// assert_eq!(r.to_string(), "(4, 3):(1@0, 1@1)");
/// let r: Layout = composition_identity((4, Tiler::None)).unwrap();
/// assert_eq!(r.to_string(), "(4, 1):(1@0, 1@1)");
/// assert!(composition_identity(Tiler::<i64>::None).is_err());
/// ```
pub fn composition_identity<'b, I: DynInt>(b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
    composition_identity_at(b, &[])
}

/// [`composition_identity`] landing at the mode `mode` (the specification's
/// `composition[mode](None, B)`): the result is at `mode`, and every mode
/// before it, at each level of `mode`, is `1:0`.
///
/// # Errors
/// As [`composition_identity`]; `ValueError` for a mode index above 4096.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::composition_identity_at;
/// use cute_dynamic::Layout;
/// let r: Layout = composition_identity_at(3, &[1]).unwrap();
/// assert_eq!(r.to_string(), "(1, 3):(0, 1)");
/// ```
pub fn composition_identity_at<'b, I: DynInt>(
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    let b = b.into();
    let r = match b.get() {
        TilerRef::None => {
            return Err(Error::type_error(
                OP,
                "None o None: neither A nor B is a layout".to_string(),
            ))
        }
        b => identity_of_tiler(b).map_err(|e| rename(e, OP))?,
    };
    land_at(mode, r)
}

/// An `InvalidValue` error of the tiler promotion, named `op`.
pub(crate) fn rename(e: Error, op: &'static str) -> Error {
    match e {
        Error::InvalidValue { msg, .. } => Error::InvalidValue { op, msg },
        e => e,
    }
}

impl<I: DynInt> Layout<I> {
    /// `self o b`: [`composition`].
    ///
    /// # Errors
    /// As [`composition`].
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(6, 2):(8, 2)".parse().unwrap();
    /// let b: Layout = "(4, 3):(3, 1)".parse().unwrap();
    /// assert_eq!(a.compose(&b).unwrap().to_string(), "((2, 2), 3):((24, 2), 8)");
    /// ```
    pub fn compose<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        composition(self, b)
    }
}
