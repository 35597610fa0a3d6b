//! What is known about the values of an expression: an interval that holds
//! every value the assumptions admit, and a positive integer known to divide
//! every value. Both are sound (never claim too much) and cheap: an atom's are
//! computed once when it is made, a polynomial's from its atoms'.
//!
//! What is known to divide an atom is its scale, and its generator stands
//! for its value divided by it (see *Scaled atoms* in `repr`): nothing more
//! is known to divide a generator, so what divides a polynomial is what
//! divides its coefficients.

use alloc::vec::Vec;

use super::repr::{AtomKind, Factor, Repr, Term};
use super::{Sign, Sym, SymSign};

/// Finite bounds are kept within `[-CAP, CAP]`: a larger lower bound is
/// weakened to `CAP`, a smaller one dropped, and the same for upper bounds,
/// so products of two bounds never overflow `i128`.
const CAP: i128 = 1 << 100;

/// An endpoint of an interval in the extended integers.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Ext {
    NegInf,
    Fin(i128),
    PosInf,
}

impl Ext {
    fn signum(self) -> i8 {
        match self {
            Ext::NegInf => -1,
            Ext::PosInf => 1,
            Ext::Fin(v) => v.signum() as i8,
        }
    }
    fn mul(self, o: Ext) -> Ext {
        match (self, o) {
            (Ext::Fin(x), Ext::Fin(y)) => x.checked_mul(y).map_or_else(
                || {
                    if (x < 0) != (y < 0) {
                        Ext::NegInf
                    } else {
                        Ext::PosInf
                    }
                },
                Ext::Fin,
            ),
            (Ext::Fin(0), _) | (_, Ext::Fin(0)) => Ext::Fin(0),
            _ => {
                if self.signum() * o.signum() > 0 {
                    Ext::PosInf
                } else {
                    Ext::NegInf
                }
            }
        }
    }
    fn pow(self, e: u64) -> Ext {
        let odd = e % 2 == 1;
        match self {
            Ext::PosInf => Ext::PosInf,
            Ext::NegInf if odd => Ext::NegInf,
            Ext::NegInf => Ext::PosInf,
            Ext::Fin(v) if (-1..=1).contains(&v) => Ext::Fin(if v == -1 && !odd { 1 } else { v }),
            Ext::Fin(v) => {
                let big = if v < 0 && odd {
                    Ext::NegInf
                } else {
                    Ext::PosInf
                };
                if e >= 128 {
                    return big;
                }
                let mut acc: i128 = 1;
                for _ in 0..e {
                    match acc.checked_mul(v) {
                        Some(a) => acc = a,
                        None => return big,
                    }
                }
                Ext::Fin(acc)
            }
        }
    }
}

/// An interval `[lo, hi]` of integers; `None` is unbounded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Range {
    pub(super) lo: Option<i128>,
    pub(super) hi: Option<i128>,
}

impl Range {
    pub(super) const FULL: Range = Range { lo: None, hi: None };

    pub(super) fn exact(v: i128) -> Range {
        Range::from_ext(Ext::Fin(v), Ext::Fin(v))
    }
    pub(super) fn at_least(v: i128) -> Range {
        Range::from_ext(Ext::Fin(v), Ext::PosInf)
    }
    fn lo_ext(self) -> Ext {
        self.lo.map_or(Ext::NegInf, Ext::Fin)
    }
    fn hi_ext(self) -> Ext {
        self.hi.map_or(Ext::PosInf, Ext::Fin)
    }
    fn from_ext(lo: Ext, hi: Ext) -> Range {
        let lo = match lo {
            Ext::NegInf => None,
            Ext::PosInf => Some(CAP),
            Ext::Fin(v) if v > CAP => Some(CAP),
            Ext::Fin(v) if v < -CAP => None,
            Ext::Fin(v) => Some(v),
        };
        let hi = match hi {
            Ext::PosInf => None,
            Ext::NegInf => Some(-CAP),
            Ext::Fin(v) if v < -CAP => Some(-CAP),
            Ext::Fin(v) if v > CAP => None,
            Ext::Fin(v) => Some(v),
        };
        Range { lo, hi }
    }
    pub(super) fn add(self, o: Range) -> Range {
        Range {
            lo: self.lo.zip(o.lo).map(|(a, b)| a + b),
            hi: self.hi.zip(o.hi).map(|(a, b)| a + b),
        }
        .clamped()
    }
    fn clamped(self) -> Range {
        Range::from_ext(self.lo_ext(), self.hi_ext())
    }
    pub(super) fn neg(self) -> Range {
        Range {
            lo: self.hi.map(|v| -v),
            hi: self.lo.map(|v| -v),
        }
    }
    pub(super) fn mul(self, o: Range) -> Range {
        let c = [
            self.lo_ext().mul(o.lo_ext()),
            self.lo_ext().mul(o.hi_ext()),
            self.hi_ext().mul(o.lo_ext()),
            self.hi_ext().mul(o.hi_ext()),
        ];
        let lo = c.iter().copied().min().unwrap_or(Ext::NegInf);
        let hi = c.iter().copied().max().unwrap_or(Ext::PosInf);
        Range::from_ext(lo, hi)
    }
    pub(super) fn pow(self, e: u64) -> Range {
        if e == 0 {
            return Range::exact(1);
        }
        if e == 1 {
            return self;
        }
        let (lo, hi) = (self.lo_ext(), self.hi_ext());
        let even = e % 2 == 0;
        if lo >= Ext::Fin(0) || !even {
            // monotone
            Range::from_ext(lo.pow(e), hi.pow(e))
        } else if hi <= Ext::Fin(0) {
            Range::from_ext(hi.pow(e), lo.pow(e))
        } else {
            Range::from_ext(Ext::Fin(0), lo.pow(e).max(hi.pow(e)))
        }
    }
    /// The range of `v / s` for the values `v` in this range, all of them
    /// multiples of `s >= 1`: the bounds divided, rounded inwards.
    pub(super) fn divided_exactly(self, s: i64) -> Range {
        if s <= 1 {
            return self;
        }
        let s = i128::from(s);
        Range {
            lo: self.lo.map(|l| -(-l).div_euclid(s)),
            hi: self.hi.map(|h| h.div_euclid(s)),
        }
    }
    pub(super) fn sign(self) -> Sign {
        match (self.lo, self.hi) {
            (Some(0), Some(0)) => Sign::Zero,
            (Some(l), _) if l > 0 => Sign::Positive,
            (_, Some(h)) if h < 0 => Sign::Negative,
            (Some(l), _) if l >= 0 => Sign::NonNegative,
            (_, Some(h)) if h <= 0 => Sign::NonPositive,
            _ => Sign::Unknown,
        }
    }
}

/// `floor(a / b)` on `i128` for `b > 0`.
fn fdiv(a: i128, b: i128) -> i128 {
    a.div_euclid(b)
}

/// The range of `floor(a / b)` for `a` in `ra` and `b` in `rb`.
fn floor_range(ra: Range, rb: Range) -> Range {
    match (rb.lo, rb.hi) {
        (Some(bl), _) if bl >= 1 => {
            // floor(a/b) grows with a; with b it falls for a >= 0, rises for a < 0.
            let lo = match ra.lo {
                None => None,
                Some(al) if al >= 0 => Some(rb.hi.map_or(0, |bh| fdiv(al, bh))),
                Some(al) => Some(fdiv(al, bl)),
            };
            let hi = match ra.hi {
                None => None,
                Some(ah) if ah >= 0 => Some(fdiv(ah, bl)),
                Some(ah) => Some(rb.hi.map_or(-1, |bh| fdiv(ah, bh))),
            };
            Range { lo, hi }.clamped()
        }
        (_, Some(bh)) if bh <= -1 => floor_range(ra.neg(), rb.neg()),
        _ => Range::FULL,
    }
}

/// The range of `a mod b` (floor remainder, the divisor's sign).
fn mod_range(ra: Range, rb: Range) -> Range {
    match (rb.lo, rb.hi) {
        (Some(bl), _) if bl >= 1 => {
            let mut hi = rb.hi.map(|h| h - 1);
            if ra.lo.is_some_and(|l| l >= 0) {
                hi = match (hi, ra.hi) {
                    (Some(x), Some(y)) => Some(x.min(y)),
                    (x, None) => x,
                    (None, y) => y,
                };
            }
            Range { lo: Some(0), hi }
        }
        (_, Some(bh)) if bh <= -1 => mod_range(ra.neg(), rb.neg()).neg(),
        (Some(bl), Some(bh)) => {
            let m = bl.abs().max(bh.abs()) - 1;
            Range {
                lo: Some(-m),
                hi: Some(m),
            }
        }
        _ => Range::FULL,
    }
}

/// The range of an atom's values.
pub(super) fn atom_range(kind: &AtomKind) -> Range {
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
pub(super) fn atom_scale(kind: &AtomKind) -> i64 {
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
