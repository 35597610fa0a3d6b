//! What is known about the values of an expression: an interval that holds
//! every value the assumptions admit, and a positive integer known to divide
//! every value. Both are sound (never claim too much) and cheap: an atom's are
//! computed once when it is made, a polynomial's from its atoms'.
//!
//! What is known to divide an atom is its scale, and its generator stands
//! for its value divided by it (see *Scaled atoms* in `repr`): nothing more
//! is known to divide a generator, so what divides a polynomial is what
//! divides its coefficients.
//!
//! The interval arithmetic itself is in [`super::interval`]; the atom's
//! constructor, [`Atom::new`], is here, as it starts from what is known.

use alloc::vec::Vec;

use super::interval::{floor_range, mod_range, Ext, Range};
use super::repr::{Atom, AtomKind, Factor, Repr, Term};
use super::{Sym, SymSign};
use crate::error::Result;

impl Atom {
    /// Makes an atom, computing what is known of its values (its scale and
    /// its generator's range) and its metadata; fails beyond the size
    /// limits.
    pub(super) fn new(kind: AtomKind) -> Result<Atom> {
        let scale = atom_scale(&kind);
        let range = atom_range(&kind).divided_exactly(scale);
        Atom::with_known(kind, scale, range)
    }
}

/// The range of an atom's values.
fn atom_range(kind: &AtomKind) -> Range {
    match kind {
        AtomKind::Symbol(d) => match d.assume.sign {
            SymSign::Positive => Range::at_least(i128::from(d.assume.multiple.max(1))),
            SymSign::NonNegative => Range::at_least(0),
            SymSign::Any => Range::FULL,
        },
        AtomKind::Floor(a, b) => floor_range(sym_range(a), sym_range(b)),
        AtomKind::Mod(a, b) => mod_range(sym_range(a), sym_range(b)),
        AtomKind::Min(args) => {
            let rs: Vec<Range> = args.iter().map(sym_range).collect();
            let lo = rs.iter().map(|r| r.lo_ext()).min().unwrap_or(Ext::NegInf);
            let hi = rs.iter().map(|r| r.hi_ext()).min().unwrap_or(Ext::PosInf);
            Range::from_ext(lo, hi)
        }
        AtomKind::Max(args) => {
            let rs: Vec<Range> = args.iter().map(sym_range).collect();
            let lo = rs.iter().map(|r| r.lo_ext()).max().unwrap_or(Ext::NegInf);
            let hi = rs.iter().map(|r| r.hi_ext()).max().unwrap_or(Ext::PosInf);
            Range::from_ext(lo, hi)
        }
    }
}

fn gcd_u(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The scale of an atom: the largest positive integer known to divide
/// every value of it (1 when nothing is known). A symbol's is the multiple
/// it is assumed to be; a remainder's divides its dividend and divisor; a
/// `Min`'s or `Max`'s divides every argument; a quotient's is 1.
fn atom_scale(kind: &AtomKind) -> i64 {
    let g = match kind {
        AtomKind::Symbol(d) => return d.assume.multiple.max(1),
        AtomKind::Floor(..) => return 1,
        AtomKind::Mod(a, b) => gcd_u(sym_mult(a), sym_mult(b)),
        AtomKind::Min(args) | AtomKind::Max(args) => {
            args.iter().fold(0, |g, a| gcd_u(g, sym_mult(a)))
        }
    };
    i64::try_from(g).ok().filter(|&g| g > 0).unwrap_or(1)
}

/// The largest integer known to divide every value of `s`: the gcd of its
/// coefficients, as nothing more is known to divide a generator (0 for the
/// constant 0: every integer divides it).
pub(super) fn sym_mult(s: &Sym) -> u128 {
    match &s.0 {
        Repr::Const(c) => u128::from(c.unsigned_abs()),
        Repr::Poly(p) => p
            .terms
            .iter()
            .fold(0, |g, t| gcd_u(g, u128::from(t.coeff.unsigned_abs()))),
    }
}

/// The interval range of `s` (the sum of its terms' ranges).
pub(super) fn sym_range(s: &Sym) -> Range {
    match &s.0 {
        Repr::Const(c) => Range::exact(i128::from(*c)),
        Repr::Poly(p) => p.range,
    }
}

fn mono_range(m: &[Factor]) -> Range {
    m.iter()
        .fold(Range::exact(1), |r, f| r.mul(f.atom.range().pow(f.exp)))
}

/// True iff every value of the monomial is `>= 0`.
fn mono_nonneg(m: &[Factor]) -> bool {
    m.iter()
        .all(|f| f.exp % 2 == 0 || f.atom.range().lo.is_some_and(|l| l >= 0))
}

/// True iff `big = small * r` where every factor of `r` is at least 1, so
/// that `big >= small` wherever `small >= 0`.
fn dominates(big: &[Factor], small: &[Factor]) -> bool {
    let mut j = 0;
    for f in big {
        let used = if j < small.len() && small[j].atom == f.atom {
            let e = small[j].exp;
            j += 1;
            if f.exp < e {
                return false;
            }
            e
        } else {
            0
        };
        if f.exp > used && f.atom.range().lo.is_none_or(|l| l < 1) {
            return false;
        }
    }
    j == small.len()
}

/// A lower bound of `s * (sum of terms)` (`s` is `1` or `-1`), sharper than
/// the sum of the terms' ranges: a negative term `-c*m` (with `m >= 0`) is
/// paired with positive terms `c'*m'` where `m' = m * r`, `r >= 1`, since
/// `c'*m' - c*m >= 0` for `c <= c'`. `M*N - M >= 0`, `2*M*N - M - N >= 0`.
fn refined_lo(terms: &[Term], s: i128) -> Option<i128> {
    // the signed coefficients, copied out at the first pair: with no pair
    // the bound is the interval range's, which the caller has
    let mut coeffs: Vec<i128> = Vec::new();
    let coeff = |coeffs: &[i128], k: usize| match coeffs {
        [] => s * i128::from(terms[k].coeff),
        c => c[k],
    };
    for i in 0..terms.len() {
        if coeff(&coeffs, i) >= 0 || !mono_nonneg(&terms[i].mono) {
            continue;
        }
        for j in (0..terms.len()).rev() {
            if coeff(&coeffs, j) <= 0 || !dominates(&terms[j].mono, &terms[i].mono) {
                continue;
            }
            if coeffs.is_empty() {
                coeffs = terms.iter().map(|t| s * i128::from(t.coeff)).collect();
            }
            let t = coeffs[j].min(-coeffs[i]);
            coeffs[i] += t;
            coeffs[j] -= t;
            if coeffs[i] == 0 {
                break;
            }
        }
    }
    if coeffs.is_empty() {
        return None;
    }
    terms
        .iter()
        .zip(&coeffs)
        .filter(|(_, c)| **c != 0)
        .fold(Range::exact(0), |r, (t, c)| {
            r.add(mono_range(&t.mono).mul(Range::exact(*c)))
        })
        .lo
}

/// The sharpest range of `s` this module can prove: the interval range,
/// narrowed by pairing terms (see `refined_lo`).
pub(super) fn decided_range(s: &Sym) -> Range {
    match &s.0 {
        Repr::Const(c) => Range::exact(i128::from(*c)),
        Repr::Poly(p) => {
            let mut r = p.range;
            if let Some(l) = refined_lo(&p.terms, 1) {
                r.lo = Some(r.lo.map_or(l, |x| x.max(l)));
            }
            if let Some(l) = refined_lo(&p.terms, -1) {
                r.hi = Some(r.hi.map_or(-l, |x| x.min(-l)));
            }
            r
        }
    }
}
