//! Intervals of the extended integers: what is known of the values an
//! expression can take, as bounds that may be infinite, with the interval
//! arithmetic of the operations (`+`, `*`, floor division, remainder).
//! Pure arithmetic on bounds; [`super::range`] computes an expression's
//! interval from its atoms'.

use super::Sign;

/// Finite bounds are kept within `[-CAP, CAP]`: a larger lower bound is
/// weakened to `CAP`, a smaller one dropped, and the same for upper bounds,
/// so products of two bounds never overflow `i128`.
const CAP: i128 = 1 << 100;

/// An endpoint of an interval in the extended integers.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Ext {
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
    pub(super) fn lo_ext(self) -> Ext {
        self.lo.map_or(Ext::NegInf, Ext::Fin)
    }
    pub(super) fn hi_ext(self) -> Ext {
        self.hi.map_or(Ext::PosInf, Ext::Fin)
    }
    pub(super) fn from_ext(lo: Ext, hi: Ext) -> Range {
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
pub(super) fn floor_range(ra: Range, rb: Range) -> Range {
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
pub(super) fn mod_range(ra: Range, rb: Range) -> Range {
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
