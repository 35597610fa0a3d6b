//! The plans: how an [`Evaluator`](super::Evaluator) computes the offsets
//! of in-bounds coordinates, integral ([`Plan`]) and one integer per
//! top-level mode ([`ModePlan`]), chosen once at construction (see the
//! module documentation of [`super`] for the arithmetic).

use cute_core::{FastDivmod, Result};

use super::table::{offsets, Tables};

/// One term of the in-bounds formula `n * s_0 + sum_k (n div P_k) * w_k`,
/// as [`Plan::Long`] keeps it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Term {
    /// `P_k = e_0 * ... * e_k`.
    pub(super) prefix: FastDivmod,
    /// `w_k = s_{k+1} - e_k * s_k`, modulo `2^64`.
    pub(super) weight: i64,
}

/// The most terms the fixed-size strategies hold: layouts of up to
/// `MAX_TERMS + 1` leaves.
pub(super) const MAX_TERMS: usize = 8;

/// How an in-bounds coordinate is evaluated, `L(n)` for `0 <= n < size`,
/// by the leaves of the layout (or of one top-level mode). Chosen once, at
/// construction; [`Evaluator::eval`](super::Evaluator::eval) matches it once per call (a branch that
/// always goes the same way for one evaluator, so the processor predicts
/// it), and the bulk methods ([`Evaluator::for_each`](super::Evaluator::for_each), [`Evaluator::sum`](super::Evaluator::sum))
/// match it once per call, outside their loop.
#[derive(Clone, Debug)]
pub(super) enum Plan {
    /// `L(n) == n` for every integer `n`, in bounds or not: no product and
    /// no bounds check. Only the plan of an evaluator's integral
    /// coordinates, which checks the layout's extended domain too (see
    /// [`Evaluator::with_table_limit`](super::Evaluator::with_table_limit)).
    Identity,
    /// Two tables of offsets: `L(n) == low[n mod P] + high[n div P]`.
    Table(Tables),
    /// Every extent is a power of two and every stride a power of two or 0,
    /// at most `MAX_TERMS + 1` leaves: each coordinate is a shift and a
    /// mask of `n`, each product by a stride a shift, `L(n) ==
    /// sum_k ((n >> a_k) & (e_k - 1)) << t_k`. No multiplication at all.
    Bits(Bits),
    /// Every prefix product is a power of two, `P_k == 2^shift_k`:
    /// `L(n) == n * s_0 + sum_k (n >> shift_k) * w_k`, a shift, a product
    /// and an add per further leaf.
    Shift(Fixed<u32>),
    /// Any prefix products, at most [`MAX_TERMS`] of them, in a layout of
    /// at most `2^31` coordinates (any size when there are none, one leaf
    /// `n * s_0`, see [`Plan::scale`]):
    /// `L(n) == n * s_0 + sum_k (n div P_k) * w_k`, each division a 64-bit
    /// product and a shift by a precomputed [`Narrow`] (cheaper than a
    /// multiply-high). The divisions are independent of one another, so
    /// they overlap.
    Divide(Fixed<Narrow>),
    /// Any other layout (more than [`MAX_TERMS`] terms, or more than `2^31`
    /// coordinates and a prefix product that is not a power of two): the
    /// same formula over a slice on the heap, each division one
    /// multiply-high and a shift by a precomputed [`FastDivmod`]. Rare, and
    /// kept out of line so that the other plans inline into their callers.
    Long {
        first_stride: i64,
        terms: Box<[Term]>,
    },
}

/// The terms of the formula in fixed-size arrays: `len` of them are
/// meaningful, the rest are padding terms of weight 0, dividing by 1. Every
/// loop over them has a constant trip count (chosen from `len` once per
/// evaluation, or once per range), which the compiler unrolls completely and
/// without bounds checks.
#[derive(Clone, Copy, Debug)]
pub(super) struct Fixed<D: Copy> {
    /// `s_0`.
    pub(super) first_stride: i64,
    /// Number of terms, at most [`MAX_TERMS`].
    pub(super) len: usize,
    /// How to compute `n div P_k`.
    pub(super) divisors: [D; MAX_TERMS],
    /// `w_k`.
    pub(super) weights: [i64; MAX_TERMS],
}

/// The leaves of [`Plan::Bits`] in fixed-size arrays: `len` of them are
/// meaningful, the rest are padding leaves of mask 0.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bits {
    /// Number of leaves, at most `MAX_TERMS + 1`.
    pub(super) len: usize,
    /// `a_k = log2(e_0 * ... * e_{k-1})`.
    pub(super) lows: [u32; MAX_TERMS + 1],
    /// `e_k - 1`, or 0 for a stride 0.
    pub(super) masks: [u64; MAX_TERMS + 1],
    /// `t_k = log2 s_k` (0 for a stride 0).
    pub(super) shifts: [u32; MAX_TERMS + 1],
}

impl Bits {
    /// The plan for leaves `(extent, stride)`, if every extent is a positive
    /// power of two, every stride a power of two or 0, and there are at
    /// most `MAX_TERMS + 1` leaves.
    pub(super) fn new(leaves: &[(i64, i64)]) -> Option<Bits> {
        if leaves.len() > MAX_TERMS + 1 {
            return None;
        }
        let mut b = Bits {
            len: leaves.len(),
            lows: [0; MAX_TERMS + 1],
            masks: [0; MAX_TERMS + 1],
            shifts: [0; MAX_TERMS + 1],
        };
        let mut low = 0u32;
        for (k, &(e, s)) in leaves.iter().enumerate() {
            let pow2 = |x: i64| x > 0 && (x as u64).is_power_of_two();
            if !pow2(e) || !(s == 0 || pow2(s)) {
                return None;
            }
            b.lows[k] = low;
            b.masks[k] = if s == 0 { 0 } else { e as u64 - 1 };
            b.shifts[k] = s.max(1).trailing_zeros();
            low += e.trailing_zeros();
        }
        Some(b)
    }

    /// `L(n)` with the first `N` leaves.
    #[inline(always)]
    pub(super) fn eval_n<const N: usize>(&self, n: u64) -> i64 {
        let mut acc = 0u64;
        for k in 0..N {
            acc = acc.wrapping_add(((n >> self.lows[k]) & self.masks[k]) << self.shifts[k]);
        }
        acc as i64
    }

    /// `L(n)`, running 4 or `MAX_TERMS + 1` leaves (as [`Fixed::eval`]).
    #[inline(always)]
    pub(super) fn eval(&self, n: u64) -> i64 {
        if self.len <= 4 {
            self.eval_n::<4>(n)
        } else {
            self.eval_n::<{ MAX_TERMS + 1 }>(n)
        }
    }

    /// Calls `f(n, L(n))` for every `n` in `lo..hi`, the number of leaves
    /// chosen once.
    #[inline(always)]
    pub(super) fn for_each(&self, lo: u64, hi: u64, f: &mut impl FnMut(i64, i64)) {
        fn run<const N: usize>(b: &Bits, lo: u64, hi: u64, f: &mut impl FnMut(i64, i64)) {
            for n in lo..hi {
                f(n as i64, b.eval_n::<N>(n));
            }
        }
        match self.len {
            0..=2 => run::<2>(self, lo, hi, f),
            3 => run::<3>(self, lo, hi, f),
            4 => run::<4>(self, lo, hi, f),
            5 => run::<5>(self, lo, hi, f),
            6 => run::<6>(self, lo, hi, f),
            7 => run::<7>(self, lo, hi, f),
            8 => run::<8>(self, lo, hi, f),
            _ => run::<{ MAX_TERMS + 1 }>(self, lo, hi, f),
        }
    }
}

/// A way to compute `n div P` for `n < 2^63`.
pub(super) trait Quotient: Copy {
    fn quotient(self, n: u64) -> u64;
}

impl Quotient for u32 {
    /// `P == 2^self`.
    #[inline(always)]
    fn quotient(self, n: u64) -> u64 {
        n >> self
    }
}

/// Division by `d`, for dividends and divisors of at most `2^31`: with
/// `l = ceil(log2 d)` and `m = ceil(2^(31 + l) / d)`,
/// `n div d == (n * m) >> (31 + l)`, and `n * m` fits 64 bits.
///
/// Exact by the argument of [`FastDivmod`] with 31 in place of 63: write
/// `m * d == 2^(31 + l) + e` with `0 <= e < d <= 2^l`; then
/// `n * m / 2^(31 + l) == n / d + n * e / (d * 2^(31 + l))`, and since
/// `n * e < 2^31 * 2^l`, the second part is less than `1 / d`, which cannot
/// carry the sum past the next integer. And `m <= 2^32` (as for
/// `FastDivmod`), so `n * m < 2^63`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Narrow {
    /// `m`.
    pub(super) multiplier: u64,
    /// `31 + l`.
    pub(super) shift: u32,
}

impl Narrow {
    /// The largest dividend and divisor: `2^31`.
    pub(super) const MAX: u64 = 1 << 31;

    /// Division by `d`, for `1 <= d <= Narrow::MAX`.
    pub(super) fn new(d: u64) -> Narrow {
        debug_assert!((1..=Self::MAX).contains(&d));
        let l = if d <= 1 {
            0
        } else {
            64 - (d - 1).leading_zeros()
        };
        let shift = 31 + l;
        Narrow {
            multiplier: (1u64 << shift).div_ceil(d),
            shift,
        }
    }
}

impl Quotient for Narrow {
    /// `n <= Narrow::MAX`.
    #[inline(always)]
    fn quotient(self, n: u64) -> u64 {
        n.wrapping_mul(self.multiplier) >> self.shift
    }
}

impl Quotient for FastDivmod {
    #[inline(always)]
    fn quotient(self, n: u64) -> u64 {
        self.div(n)
    }
}

impl<D: Quotient> Fixed<D> {
    /// The terms `ts` (at most [`MAX_TERMS`]); `fill` pads the arrays, and
    /// must divide by 1 so that a padding term is `(n div 1) * 0 == 0`.
    pub(super) fn new(first_stride: i64, ts: &[(D, i64)], fill: D) -> Self {
        let mut divisors = [fill; MAX_TERMS];
        let mut weights = [0; MAX_TERMS];
        for (k, &(d, w)) in ts.iter().enumerate() {
            divisors[k] = d;
            weights[k] = w;
        }
        Fixed {
            first_stride,
            len: ts.len(),
            divisors,
            weights,
        }
    }

    /// The formula with the first `N` terms, modulo `2^64`.
    #[inline(always)]
    pub(super) fn eval_n<const N: usize>(&self, n: u64) -> i64 {
        let mut acc = (n as i64).wrapping_mul(self.first_stride);
        for k in 0..N {
            let q = self.divisors[k].quotient(n) as i64;
            acc = acc.wrapping_add(q.wrapping_mul(self.weights[k]));
        }
        acc
    }

    /// Calls `f(n, L(n))` for every `n` in `lo..hi`, with the number of
    /// terms chosen once, outside the loop.
    #[inline(always)]
    pub(super) fn for_each(&self, lo: u64, hi: u64, f: &mut impl FnMut(i64, i64)) {
        fn run<const N: usize, D: Quotient>(
            x: &Fixed<D>,
            lo: u64,
            hi: u64,
            f: &mut impl FnMut(i64, i64),
        ) {
            for n in lo..hi {
                f(n as i64, x.eval_n::<N>(n));
            }
        }
        match self.len {
            0 => run::<0, D>(self, lo, hi, f),
            1 => run::<1, D>(self, lo, hi, f),
            2 => run::<2, D>(self, lo, hi, f),
            3 => run::<3, D>(self, lo, hi, f),
            4 => run::<4, D>(self, lo, hi, f),
            5 => run::<5, D>(self, lo, hi, f),
            6 => run::<6, D>(self, lo, hi, f),
            7 => run::<7, D>(self, lo, hi, f),
            _ => run::<MAX_TERMS, D>(self, lo, hi, f),
        }
    }

    /// The formula with its `len` terms, modulo `2^64`. For a single
    /// coordinate the body must stay small enough to inline into the
    /// caller's loop (where the compiler can then hoist the choice of plan
    /// out of the loop), so it runs 2, 4 or 8 terms: the padding contributes
    /// `(n div 1) * 0 == 0`. Three unrolled bodies, chosen by a branch that
    /// always goes the same way for one evaluator.
    #[inline(always)]
    pub(super) fn eval(&self, n: u64) -> i64 {
        if self.len <= 2 {
            self.eval_n::<2>(n)
        } else if self.len <= 4 {
            self.eval_n::<4>(n)
        } else {
            self.eval_n::<MAX_TERMS>(n)
        }
    }
}

impl Plan {
    /// The cheapest plan for the coordinates `0..size` of the leaves `pairs`
    /// (`(extent, stride)`, left to right), whose extents multiply to
    /// `size > 0` and whose in-bounds offsets all fit an `i64`: one product
    /// for a single leaf; two tables when both halves of some split have at
    /// most `max_entries` offsets; shifts and masks when every extent and
    /// stride is a power of two; else the formula of the module
    /// documentation.
    pub(super) fn new(pairs: &[(i64, i64)], size: i64, max_entries: usize) -> Result<Plan> {
        match *pairs {
            // no leaf: the empty layout, offset 0
            [] => return Ok(Plan::scale(0)),
            // one leaf: n * d
            [(_, d)] => return Ok(Plan::scale(d)),
            _ => {}
        }
        if let Some(t) = Tables::new(pairs, size, max_entries)? {
            return Ok(Plan::Table(t));
        }
        if let Some(b) = Bits::new(pairs) {
            return Ok(Plan::Bits(b));
        }
        // The terms of the formula; every prefix product divides the size.
        let mut terms = Vec::with_capacity(pairs.len() - 1);
        let mut prefix = 1i64;
        for w in pairs.windows(2) {
            let ((e, s), (_, next)) = (w[0], w[1]);
            prefix = prefix.saturating_mul(e);
            terms.push(Term {
                prefix: FastDivmod::from_i64(prefix.max(1))?,
                weight: next.wrapping_sub(e.wrapping_mul(s)),
            });
        }
        let first_stride = pairs[0].1;
        let shifts: Option<Vec<(u32, i64)>> = terms
            .iter()
            .map(|t| Some((t.prefix.log2()?, t.weight)))
            .collect();
        Ok(match shifts {
            _ if terms.len() > MAX_TERMS => Plan::Long {
                first_stride,
                terms: terms.into(),
            },
            Some(shifts) => Plan::Shift(Fixed::new(first_stride, &shifts, 0)),
            // In bounds, n < size and every prefix product is at most size.
            None if size as u64 <= Narrow::MAX => {
                let divs: Vec<(Narrow, i64)> = terms
                    .iter()
                    .map(|t| (Narrow::new(t.prefix.divisor()), t.weight))
                    .collect();
                Plan::Divide(Fixed::new(first_stride, &divs, Narrow::new(1)))
            }
            None => Plan::Long {
                first_stride,
                terms: terms.into(),
            },
        })
    }

    /// `L(n) == n * d` for `n` in bounds: the formula without terms, for a
    /// layout of one leaf `e:d` (or none, `d == 0`), of any size (no
    /// division). [`Fixed::eval`] runs it with two padding terms of weight
    /// 0; a branch to skip them there, and the compiler keeps the choice of
    /// plan inside its callers' loops (measured).
    pub(super) fn scale(d: i64) -> Plan {
        Plan::Divide(Fixed::new(d, &[], Narrow::new(1)))
    }

    /// The longest table this plan holds (0 for none).
    #[cfg(test)]
    pub(super) fn longest_table(&self) -> usize {
        match self {
            Plan::Table(t) => t.low.len().max(t.high.len()),
            _ => 0,
        }
    }

    /// `L(n)` for `n < size`. Four plans run inline; the others out of
    /// line, so that the evaluation stays small enough for the compiler to
    /// move the choice of plan out of its callers' loops (measured: with a
    /// fifth, the choice stays in the loop, and the evaluation of a
    /// tabulated layout takes half as long again).
    #[inline(always)]
    pub(super) fn eval(&self, n: u64) -> i64 {
        match self {
            Plan::Identity => n as i64,
            Plan::Table(t) => t.eval(n),
            Plan::Bits(b) => b.eval(n),
            Plan::Divide(f) => f.eval(n),
            plan => eval_formula(plan, n),
        }
    }

    /// Calls `f(n, L(n))` for every `n` in `lo..hi`, which lies in
    /// `[0, size)`; the plan is matched once.
    #[inline(always)]
    pub(super) fn for_each(&self, lo: u64, hi: u64, f: &mut impl FnMut(i64, i64)) {
        match self {
            Plan::Identity => {
                for n in lo..hi {
                    f(n as i64, n as i64);
                }
            }
            Plan::Table(t) => {
                for n in lo..hi {
                    f(n as i64, t.eval(n));
                }
            }
            Plan::Bits(b) => b.for_each(lo, hi, f),
            Plan::Shift(x) => x.for_each(lo, hi, f),
            Plan::Divide(x) => x.for_each(lo, hi, f),
            Plan::Long {
                first_stride,
                terms,
            } => {
                for n in lo..hi {
                    f(n as i64, formula(*first_stride, terms, n));
                }
            }
        }
    }
}

/// How the coordinates `0..size` of one top-level mode are evaluated. A
/// coordinate of [`Evaluator::eval2`](super::Evaluator::eval2) and its kin whose every entry is in
/// its mode's bounds is the sum of the modes' offsets.
#[derive(Clone, Debug)]
pub(super) struct ModePlan {
    /// The size of the mode (0 for every mode of a layout of size 0, so
    /// that no coordinate of such a layout takes the plans).
    pub(super) size: u64,
    pub(super) kind: ModeKind,
}

#[derive(Clone, Debug)]
pub(super) enum ModeKind {
    /// `L(c) == low[c & mask] + (c >> shift) * last`, without a branch: the
    /// offsets of the leaves before the last tabulated (`2^shift` of them,
    /// `mask == 2^shift - 1`) and the last leaf, which keeps the quotient,
    /// a product by its stride. A mode of one leaf has `low == [0]` and
    /// `shift == 0`: `c * last`. A small mode whose leaves before the last
    /// do not make a power of two has all its offsets in `low` (padded to
    /// a power of two) and `last == 0`.
    Split {
        low: Box<[i64]>,
        mask: u64,
        shift: u32,
        last: i64,
    },
    /// Any other mode: the plan of its leaves, out of line.
    Plan(Box<Plan>),
}

impl ModePlan {
    /// The plan of a mode of leaves `pairs`, of `size > 0` coordinates whose
    /// offsets fit an `i64`, with tables of at most `limit` entries (a
    /// single leaf needs none): whatever the size, even one near `2^63`
    /// whose next power of two leaves the `i64` range, no table is longer
    /// than `limit` (or 1).
    pub(super) fn new(pairs: &[(i64, i64)], size: i64, limit: usize) -> Result<ModePlan> {
        let split = |low: Vec<i64>, last: i64| {
            let shift = low.len().trailing_zeros();
            ModeKind::Split {
                mask: (low.len() - 1) as u64,
                low: low.into(),
                shift,
                last,
            }
        };
        // A count of entries within the limit (`floor` standing in for a
        // limit below it), as a length.
        let within =
            |n: i64, floor: usize| usize::try_from(n).ok().filter(|&n| n <= limit.max(floor));
        let kind = match pairs.split_last() {
            // no leaf: offset 0
            None => split(vec![0], 0),
            Some((&(e, s), init)) => {
                // the extents before the last multiply to size / e (e > 0)
                let p = size / e;
                // The whole mode padded to a power of two. Checked: a size
                // above 2^62 has no power of two above it in the i64 range.
                let whole = u64::try_from(size)
                    .ok()
                    .and_then(u64::checked_next_power_of_two)
                    .and_then(|w| i64::try_from(w).ok())
                    .and_then(|w| within(w, 0));
                if p > 0 && p.count_ones() == 1 && within(p, 1).is_some() {
                    split(offsets(init), s)
                } else if let Some(whole) = whole {
                    let mut low = offsets(pairs);
                    low.resize(whole, 0);
                    split(low, 0)
                } else {
                    ModeKind::Plan(Box::new(Plan::new(pairs, size, limit)?))
                }
            }
        };
        Ok(ModePlan {
            size: size as u64,
            kind,
        })
    }

    /// The longest table this plan holds (0 for none).
    #[cfg(test)]
    pub(super) fn longest_table(&self) -> usize {
        match &self.kind {
            ModeKind::Split { low, .. } => low.len(),
            ModeKind::Plan(p) => p.longest_table(),
        }
    }

    /// The plan of a mode without coordinates: of size 0, never evaluated.
    pub(super) fn none() -> ModePlan {
        ModePlan {
            size: 0,
            kind: ModeKind::Split {
                low: Box::new([]),
                mask: 0,
                shift: 0,
                last: 0,
            },
        }
    }

    /// `L(c)` for `c < size`.
    #[inline(always)]
    pub(super) fn eval(&self, c: u64) -> i64 {
        match &self.kind {
            ModeKind::Split {
                low,
                mask,
                shift,
                last,
            } => low[(c & mask) as usize].wrapping_add(((c >> shift) as i64).wrapping_mul(*last)),
            ModeKind::Plan(p) => eval_formula(p, c),
        }
    }
}

/// `L(i, j)` by the plans of two modes, if both entries are in bounds.
#[inline(always)]
pub(super) fn eval_modes2(a: &ModePlan, b: &ModePlan, i: i64, j: i64) -> Option<i64> {
    let in_bounds = ((i as u64) < a.size) & ((j as u64) < b.size);
    in_bounds.then(|| a.eval(i as u64).wrapping_add(b.eval(j as u64)))
}

/// `L(i, j, k)` by the plans of three modes, if every entry is in bounds.
#[inline(always)]
pub(super) fn eval_modes3(
    a: &ModePlan,
    b: &ModePlan,
    c: &ModePlan,
    i: i64,
    j: i64,
    k: i64,
) -> Option<i64> {
    let in_bounds = ((i as u64) < a.size) & ((j as u64) < b.size) & ((k as u64) < c.size);
    in_bounds.then(|| {
        a.eval(i as u64)
            .wrapping_add(b.eval(j as u64))
            .wrapping_add(c.eval(k as u64))
    })
}

/// `L(n)` for `n < size` by a plan that does not run inline.
#[inline(never)]
pub(super) fn eval_formula(plan: &Plan, n: u64) -> i64 {
    match plan {
        Plan::Identity => n as i64,
        Plan::Table(t) => t.eval(n),
        Plan::Bits(b) => b.eval(n),
        Plan::Shift(f) => f.eval(n),
        Plan::Divide(f) => f.eval(n),
        Plan::Long {
            first_stride,
            terms,
        } => formula(*first_stride, terms, n),
    }
}

/// The formula `n * s_0 + sum_k (n div P_k) * w_k` over a slice of terms,
/// modulo `2^64`.
#[inline(always)]
pub(super) fn formula(first_stride: i64, terms: &[Term], n: u64) -> i64 {
    terms
        .iter()
        .fold((n as i64).wrapping_mul(first_stride), |acc, t| {
            acc.wrapping_add((t.prefix.div(n) as i64).wrapping_mul(t.weight))
        })
}
