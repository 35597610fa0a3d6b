//! Fast evaluation of a layout with integer strides.
//!
//! An [`Evaluator`] is a layout compiled for evaluation: its tree is flattened
//! once into arrays of leaves, every division the specification's `idx2crd`
//! performs becomes a precomputed [`FastDivmod`], and evaluating a coordinate
//! then walks those arrays without allocating, recursing or dividing in
//! hardware.
//!
//! # The arithmetic
//!
//! Flatten the shape to its leaves `e_0, ..., e_{L-1}` with strides
//! `s_0, ..., s_{L-1}`. The specification splits an integral coordinate `n`
//! colexicographically and lets the last mode keep the whole remaining
//! quotient:
//!
//! ```text
//!   q_{-1} = n,   c_k = q_{k-1} mod e_k,   q_k = q_{k-1} div e_k   (k < L-1)
//!   c_{L-1} = q_{L-2}
//!   L(n) = sum_k c_k * s_k
//! ```
//!
//! Substituting `c_k = q_{k-1} - e_k * q_k` and regrouping by quotient gives
//!
//! ```text
//!   L(n) = n * s_0 + sum_{k < L-1} q_k * (s_{k+1} - e_k * s_k)
//! ```
//!
//! and `q_k = n div (e_0 * ... * e_k)`, because nested floor divisions
//! compose. So an evaluation is one product for the first leaf and, per
//! further leaf, one division by a precomputed prefix product and one product
//! by a precomputed weight. The divisions are independent of one another (no
//! chain of quotients), and when every prefix product is a power of two, which
//! the evaluator checks once at construction, each is a shift.
//!
//! Each product costs a multiplication, and a machine multiplies about once a
//! cycle, so a layout of `L` leaves costs at least `L` cycles this way. Small
//! layouts go further: split the leaves after a prefix whose product is `P`;
//! in bounds, `n mod P` is the coordinate of the first leaves and `n div P`
//! that of the rest, and `L(n)` is the sum of their two offsets. Tabulating
//! both halves once, `L(n) == low[n mod P] + high[n div P]`: one division (a
//! shift and a mask when `P` is a power of two), two loads and an add,
//! whatever the rank. [`Layout::evaluator`] does this when a split exists
//! with at most [`DEFAULT_TABLE_LIMIT`] entries a half (4 KiB at most);
//! [`Evaluator::with_table_limit`] chooses another limit (at most
//! [`MAX_TABLE_LIMIT`]), or none.
//!
//! # Coalescing first
//!
//! The fewer the leaves, the cheaper every plan, so the plan for integral
//! coordinates is chosen for the coalesced layout: the specification's
//! `coalesce` merges `s0:d0` and `s1:d1` into `(s0 * s1):d0` when
//! `d1 == s0 * d0` and drops extents of 1, and its result is the same
//! function on `[0, size)`. A layout that coalesces to one leaf `n:d` costs
//! one product, `n * d`; `(128, 64):(1, 128)` coalesces to `8192:1`.
//!
//! Past the end the coalesced layout may differ (`(4, 1):(1, 7)` coalesces
//! to `4:1`, yet maps 4 to 7), so out-of-bounds coordinates keep evaluating
//! the original leaves, as below. One case needs no bounds check at all: when
//! the coalesced layout is `size:1`, the last leaf `e:s` keeps the whole
//! quotient and `s == size / e`, then for every integer `n`, with
//! `P == size / e`, `L(n) == L(n mod P) + (n div P) * s == (n mod P) +
//! (n div P) * P == n`, and [`Evaluator::eval`] returns `n` itself, which a
//! compiler sees through as it does hand-written code.
//!
//! # One integer per mode
//!
//! CuTe's usual form, `L(i, j)`, gives each top-level mode its own integer,
//! which `idx2crd` splits over that mode's leaves. Each mode has its own
//! plan, for its own coalesced leaves, and an in-bounds coordinate (every
//! entry in its mode's bounds) is the sum of the modes' offsets. Most modes
//! take one load, a shift, a product and an add,
//! `low[c mod 2^a] + (c div 2^a) * s`, without a branch: one leaf is
//! `c * s` (`low == [0]`); a mode whose leaves before the last make a power
//! of two `2^a` tabulates their offsets and multiplies the last leaf's
//! coordinate by its stride; another small mode tabulates all its offsets
//! (padded to a power of two, `s == 0`). Larger modes use the plans above.
//! [`Evaluator::eval2`] and [`Evaluator::eval3`] evaluate ranks 2 and 3
//! without a slice.
//!
//! # Overflow
//!
//! The weights may leave the 64-bit range even when every offset fits, so the
//! in-bounds path computes modulo `2^64`: the true offset of an in-bounds
//! coordinate is known at construction to lie between the least and the
//! greatest offset, both of which fit an `i64`, and arithmetic modulo `2^64`
//! returns it exactly. Coordinates outside `[0, size)` (or with an entry
//! outside its mode's or its leaf's bounds) take a checked path that follows
//! the specification step by step with floor division (negative coordinates
//! divide as Python's `divmod` does), sums exactly, and reports an offset
//! that does not fit an `i64` as an error: exactly those.

use core::fmt;
use core::ops::Range;

use cute_core::bridge::{LeafMode, LeafValue, Node};
use cute_core::kernel::eval::{split, Divisor, ExactSum};
use cute_core::{Error, FastDivmod, LayoutLike, Result};

use crate::htuple::HTuple;
use crate::layout::{Layout, Tiler};
use crate::typedefs::Scalar;

/// The operation name errors of this module carry.
const OP: &str = "evaluator";

/// How many entries [`Store`] keeps inline before it moves to the heap.
const INLINE: usize = 8;

/// A fixed sequence of `Copy` values, inline up to [`INLINE`] entries.
#[derive(Clone)]
enum Store<T: Copy> {
    /// Up to [`INLINE`] entries; `len` of `buf` are meaningful.
    Inline { len: usize, buf: [T; INLINE] },
    /// More entries.
    Heap(Box<[T]>),
}

impl<T: Copy> Store<T> {
    /// The entries of `items`; `fill` pads the unused inline slots.
    fn new(items: &[T], fill: T) -> Self {
        if items.len() <= INLINE {
            let mut buf = [fill; INLINE];
            buf[..items.len()].copy_from_slice(items);
            Store::Inline {
                len: items.len(),
                buf,
            }
        } else {
            Store::Heap(items.into())
        }
    }

    #[inline(always)]
    fn as_slice(&self) -> &[T] {
        match self {
            Store::Inline { len, buf } => buf.get(..*len).unwrap_or(&[]),
            Store::Heap(b) => b,
        }
    }

    #[cfg(test)]
    fn is_heap(&self) -> bool {
        matches!(self, Store::Heap(_))
    }
}

/// One leaf of the flattened layout: its extent, as a divisor, and its
/// stride. Used by the checked path and by flat coordinates.
#[derive(Clone, Copy, Debug)]
struct Leaf {
    /// `e_k`, or `None` for a zero extent, which fails to divide.
    extent: Option<FastDivmod>,
    /// `s_k`.
    stride: i64,
}

/// A leaf divides as its extent does (a zero extent fails, as the
/// evaluation kernel's integers do).
impl Divisor<i64> for Leaf {
    #[inline]
    fn divmod_floor(&self, q: &i64) -> Result<(i64, i64)> {
        match &self.extent {
            Some(e) => e.divmod_floor(q),
            None => 0_i64.divmod_floor(q),
        }
    }
}

/// One term of the in-bounds formula `n * s_0 + sum_k (n div P_k) * w_k`,
/// as [`Plan::Long`] keeps it.
#[derive(Clone, Copy, Debug)]
struct Term {
    /// `P_k = e_0 * ... * e_k`.
    prefix: FastDivmod,
    /// `w_k = s_{k+1} - e_k * s_k`, modulo `2^64`.
    weight: i64,
}

/// The most terms the fixed-size strategies hold: layouts of up to
/// `MAX_TERMS + 1` leaves.
const MAX_TERMS: usize = 8;

/// How an in-bounds coordinate is evaluated, `L(n)` for `0 <= n < size`,
/// by the leaves of the layout (or of one top-level mode). Chosen once, at
/// construction; [`Evaluator::eval`] matches it once per call (a branch that
/// always goes the same way for one evaluator, so the processor predicts
/// it), and the bulk methods ([`Evaluator::for_each`], [`Evaluator::sum`])
/// match it once per call, outside their loop.
#[derive(Clone, Debug)]
enum Plan {
    /// `L(n) == n` for every integer `n`, in bounds or not: no product and
    /// no bounds check. Only the plan of an evaluator's integral
    /// coordinates, which checks the layout's extended domain too (see
    /// [`Evaluator::with_table_limit`]).
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
struct Fixed<D: Copy> {
    /// `s_0`.
    first_stride: i64,
    /// Number of terms, at most [`MAX_TERMS`].
    len: usize,
    /// How to compute `n div P_k`.
    divisors: [D; MAX_TERMS],
    /// `w_k`.
    weights: [i64; MAX_TERMS],
}

/// The leaves of [`Plan::Bits`] in fixed-size arrays: `len` of them are
/// meaningful, the rest are padding leaves of mask 0.
#[derive(Clone, Copy, Debug)]
struct Bits {
    /// Number of leaves, at most `MAX_TERMS + 1`.
    len: usize,
    /// `a_k = log2(e_0 * ... * e_{k-1})`.
    lows: [u32; MAX_TERMS + 1],
    /// `e_k - 1`, or 0 for a stride 0.
    masks: [u64; MAX_TERMS + 1],
    /// `t_k = log2 s_k` (0 for a stride 0).
    shifts: [u32; MAX_TERMS + 1],
}

impl Bits {
    /// The plan for leaves `(extent, stride)`, if every extent is a positive
    /// power of two, every stride a power of two or 0, and there are at
    /// most `MAX_TERMS + 1` leaves.
    fn new(leaves: &[(i64, i64)]) -> Option<Bits> {
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
    fn eval_n<const N: usize>(&self, n: u64) -> i64 {
        let mut acc = 0u64;
        for k in 0..N {
            acc = acc.wrapping_add(((n >> self.lows[k]) & self.masks[k]) << self.shifts[k]);
        }
        acc as i64
    }

    /// `L(n)`, running 4 or `MAX_TERMS + 1` leaves (as [`Fixed::eval`]).
    #[inline(always)]
    fn eval(&self, n: u64) -> i64 {
        if self.len <= 4 {
            self.eval_n::<4>(n)
        } else {
            self.eval_n::<{ MAX_TERMS + 1 }>(n)
        }
    }

    /// Calls `f(n, L(n))` for every `n` in `lo..hi`, the number of leaves
    /// chosen once.
    #[inline(always)]
    fn for_each(&self, lo: u64, hi: u64, f: &mut impl FnMut(i64, i64)) {
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
trait Quotient: Copy {
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
struct Narrow {
    /// `m`.
    multiplier: u64,
    /// `31 + l`.
    shift: u32,
}

impl Narrow {
    /// The largest dividend and divisor: `2^31`.
    const MAX: u64 = 1 << 31;

    /// Division by `d`, for `1 <= d <= Narrow::MAX`.
    fn new(d: u64) -> Narrow {
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
    fn new(first_stride: i64, ts: &[(D, i64)], fill: D) -> Self {
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
    fn eval_n<const N: usize>(&self, n: u64) -> i64 {
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
    fn for_each(&self, lo: u64, hi: u64, f: &mut impl FnMut(i64, i64)) {
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
    fn eval(&self, n: u64) -> i64 {
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
    fn new(pairs: &[(i64, i64)], size: i64, max_entries: usize) -> Result<Plan> {
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
    fn scale(d: i64) -> Plan {
        Plan::Divide(Fixed::new(d, &[], Narrow::new(1)))
    }

    /// `L(n)` for `n < size`. Four plans run inline; the others out of
    /// line, so that the evaluation stays small enough for the compiler to
    /// move the choice of plan out of its callers' loops (measured: with a
    /// fifth, the choice stays in the loop, and the evaluation of a
    /// tabulated layout takes half as long again).
    #[inline(always)]
    fn eval(&self, n: u64) -> i64 {
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
    fn for_each(&self, lo: u64, hi: u64, f: &mut impl FnMut(i64, i64)) {
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

/// The leaves of one top-level mode: `leaves[start..end]`.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: usize,
    end: usize,
    /// True iff the mode's last leaf keeps the whole remaining quotient: its
    /// tree's last-child path ends at a leaf (not at an empty tuple).
    open: bool,
}

/// How the coordinates `0..size` of one top-level mode are evaluated. A
/// coordinate of [`Evaluator::eval2`] and its kin whose every entry is in
/// its mode's bounds is the sum of the modes' offsets.
#[derive(Clone, Debug)]
struct ModePlan {
    /// The size of the mode (0 for every mode of a layout of size 0, so
    /// that no coordinate of such a layout takes the plans).
    size: u64,
    kind: ModeKind,
}

#[derive(Clone, Debug)]
enum ModeKind {
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
    /// single leaf needs none).
    fn new(pairs: &[(i64, i64)], size: i64, limit: usize) -> Result<ModePlan> {
        let split = |low: Vec<i64>, last: i64| {
            let shift = low.len().trailing_zeros();
            ModeKind::Split {
                mask: (low.len() - 1) as u64,
                low: low.into(),
                shift,
                last,
            }
        };
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let kind = match pairs.split_last() {
            // no leaf: offset 0
            None => split(vec![0], 0),
            Some((&(e, s), init)) => {
                // the extents before the last multiply to size / e (e > 0)
                let p = size / e;
                let whole = (size as u64).next_power_of_two() as i64;
                if (p as u64).is_power_of_two() && p <= limit.max(1) {
                    split(offsets(init), s)
                } else if whole <= limit {
                    let mut low = offsets(pairs);
                    low.resize(whole as usize, 0);
                    split(low, 0)
                } else {
                    ModeKind::Plan(Box::new(Plan::new(pairs, size, limit as usize)?))
                }
            }
        };
        Ok(ModePlan {
            size: size as u64,
            kind,
        })
    }

    /// The plan of a mode without coordinates: of size 0, never evaluated.
    fn none() -> ModePlan {
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
    fn eval(&self, c: u64) -> i64 {
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
fn eval_modes2(a: &ModePlan, b: &ModePlan, i: i64, j: i64) -> Option<i64> {
    let in_bounds = ((i as u64) < a.size) & ((j as u64) < b.size);
    in_bounds.then(|| a.eval(i as u64).wrapping_add(b.eval(j as u64)))
}

/// `L(i, j, k)` by the plans of three modes, if every entry is in bounds.
#[inline(always)]
fn eval_modes3(a: &ModePlan, b: &ModePlan, c: &ModePlan, i: i64, j: i64, k: i64) -> Option<i64> {
    let in_bounds = ((i as u64) < a.size) & ((j as u64) < b.size) & ((k as u64) < c.size);
    in_bounds.then(|| {
        a.eval(i as u64)
            .wrapping_add(b.eval(j as u64))
            .wrapping_add(c.eval(k as u64))
    })
}

/// A layout with integer strides, compiled for fast evaluation.
///
/// Built by [`Layout::evaluator`]. It stores the flattened leaves (extent as a
/// [`FastDivmod`], stride), the size and the cosize, a plan for the integral
/// coordinates of the coalesced layout and one plan per top-level mode, and
/// evaluates
///
/// - an integral coordinate with [`Evaluator::eval`] (or
///   [`Evaluator::try_eval`]), as the specification's
///   `L(i) == inner_product(idx2crd(i, shape), stride)`: colexicographic, the
///   last mode keeping the whole quotient, so an out-of-bounds `i` is allowed;
/// - a coordinate with one integer per top-level mode, CuTe's `L(i, j)`, with
///   [`Evaluator::eval2`] and [`Evaluator::eval3`] (ranks 2 and 3, the hot
///   forms), or [`Evaluator::eval_flat`] (any rank, checked);
/// - a natural coordinate, one integer per leaf, with
///   [`LayoutLike::eval_natural`].
///
/// Nothing is allocated per evaluation. The arrays of layouts of up to 8
/// leaves and 8 top-level modes are inline, and so are the plans of the
/// first three modes; the plans of further modes, and the tables of a
/// tabulated plan (see [`Evaluator::with_table_limit`]), are on the heap.
/// To evaluate a range of integral coordinates,
/// [`Evaluator::for_each`] and [`Evaluator::sum`] choose the evaluation
/// strategy once for the whole range.
///
/// `Display` prints the layout as `Shape:Stride`.
///
/// # Examples
/// ```
/// use cute_core::LayoutLike;
/// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
/// use cute_dynamic::layout::Layout;
/// use cute_dynamic::typedefs::Scalar::Int;
/// // A = Layout((3, (2, 4)), (2, (1, 6)))
/// let a = Layout::new(
///     Tuple(vec![Leaf(3), Tuple(vec![Leaf(2), Leaf(4)])]),
///     Tuple(vec![Leaf(Int(2)), Tuple(vec![Leaf(Int(1)), Leaf(Int(6))])]),
/// )
/// .unwrap();
/// let ev = a.evaluator().unwrap();
/// assert_eq!(ev.eval(17), 17);
/// assert_eq!(ev.eval2(2, 5), 17);
/// assert_eq!(ev.eval_flat(&[2, 5]).unwrap(), 17);
/// assert_eq!(ev.eval_natural(&[2, 1, 2]).unwrap(), 17);
/// assert_eq!(ev.eval(100), 99); // out of bounds: the last mode keeps the quotient
/// assert_eq!((ev.size(), ev.cosize(), ev.rank()), (24, 24, 2));
/// assert_eq!(ev.to_string(), "(3, (2, 4)):(2, (1, 6))");
/// assert!(ev.eval_flat(&[2]).is_err());
/// ```
#[derive(Clone)]
pub struct Evaluator {
    layout: Layout,
    rank: usize,
    size: i64,
    cosize: i64,
    /// The last leaf keeps the whole quotient of an integral coordinate.
    open: bool,
    /// How in-bounds integral coordinates are evaluated.
    strategy: Plan,
    /// How the first three top-level modes evaluate their in-bounds
    /// coordinates (the plans of missing modes have size 0). Inline, so
    /// that in a loop over [`Evaluator::eval2`] or [`Evaluator::eval3`] the
    /// compiler keeps them in registers.
    head: [ModePlan; 3],
    /// The plans of the modes after the third.
    tail: Box<[ModePlan]>,
    /// The `L` leaves.
    leaves: Store<Leaf>,
    /// One span of leaves per top-level mode.
    modes: Store<Span>,
}

/// The offsets of in-bounds coordinates in two tables: with the leaves split
/// after a prefix whose product is `P`, `L(n) == low[n mod P] + high[n div P]`
/// for `0 <= n < size`.
#[derive(Clone, Debug)]
struct Tables {
    /// Division by `P`.
    split: FastDivmod,
    /// `P` is a power of two: `log2 P` and `P - 1`.
    pow2: bool,
    shift: u32,
    mask: u64,
    /// `P` offsets of the first leaves, colexicographic.
    low: Box<[i64]>,
    /// `size / P` offsets of the remaining leaves, colexicographic.
    high: Box<[i64]>,
}

impl Tables {
    /// The tables of the leaves `pairs` (whose extents multiply to
    /// `size > 0` and whose in-bounds offsets fit an `i64`), split after
    /// the prefix that best balances the two halves, if both have at most
    /// `max_entries` entries (capped at [`MAX_TABLE_LIMIT`]).
    fn new(pairs: &[(i64, i64)], size: i64, max_entries: usize) -> Result<Option<Tables>> {
        if max_entries == 0 {
            return Ok(None);
        }
        let limit = i64::try_from(max_entries.min(MAX_TABLE_LIMIT)).unwrap_or(i64::MAX);
        let mut best: Option<(usize, i64, i64)> = None;
        let mut prefix = 1i64;
        for j in 0..=pairs.len() {
            if j > 0 {
                prefix *= pairs[j - 1].0; // divides size: no overflow, never 0
            }
            let cost = prefix.max(size / prefix);
            if cost <= limit && best.is_none_or(|(_, _, c)| cost < c) {
                best = Some((j, prefix, cost));
            }
        }
        let Some((j, p, _)) = best else {
            return Ok(None);
        };
        let split = FastDivmod::from_i64(p)?;
        Ok(Some(Tables {
            split,
            pow2: split.log2().is_some(),
            shift: split.log2().unwrap_or(0),
            mask: (p as u64).wrapping_sub(1),
            low: offsets(&pairs[..j]).into(),
            high: offsets(&pairs[j..]).into(),
        }))
    }

    /// `L(n)` for `n < size`.
    #[inline(always)]
    fn eval(&self, n: u64) -> i64 {
        let (q, r) = if self.pow2 {
            (n >> self.shift, n & self.mask)
        } else {
            self.split.divmod(n)
        };
        // In bounds, r < P == low.len() and q < size / P == high.len().
        self.low[r as usize].wrapping_add(self.high[q as usize])
    }
}

/// Offsets of every coordinate of the leaves `leaves`, colexicographic:
/// `offsets(&leaves[..=k])` is `e_k` copies of `offsets(&leaves[..k])`, the
/// `c`-th shifted by `c * s_k`. The caller guarantees that every offset fits
/// an `i64` and that the count is small.
fn offsets(leaves: &[(i64, i64)]) -> Vec<i64> {
    let mut table = vec![0i64];
    for &(e, s) in leaves {
        let below = table.len();
        for c in 1..e {
            for i in 0..below {
                table.push(table[i] + c * s);
            }
        }
    }
    table
}

/// The largest table [`Layout::evaluator`] builds: 256 offsets a half, so
/// at most 4 KiB per plan, for layouts (and modes) of up to 65536
/// coordinates.
pub const DEFAULT_TABLE_LIMIT: usize = 256;

/// The cap on the limit of [`Evaluator::with_table_limit`]: 2^20 offsets a
/// half, so at most 16 MiB for the integral coordinates, whatever limit is
/// asked for (a larger one is this one; the tables only ever change the
/// speed). The plans of the modes tabulate at most
/// [`DEFAULT_TABLE_LIMIT`] offsets a half.
pub const MAX_TABLE_LIMIT: usize = 1 << 20;

/// True iff the last-child path of `h` ends at a leaf: the leaf that keeps
/// the whole quotient in `idx2crd`. An empty tuple at the end of the path
/// keeps nothing, and the excess of an out-of-bounds coordinate is dropped.
fn ends_in_leaf<T>(h: &HTuple<T>) -> bool {
    match h {
        HTuple::Leaf(_) => true,
        HTuple::Tuple(c) => c.last().is_some_and(ends_in_leaf),
    }
}

/// The leaves of `shape` and of the congruent `stride`, left to right, as
/// `(extent, stride)` pairs; `None` if a stride leaf is not an integer or
/// the two trees have different numbers of leaves.
fn int_pairs(shape: &HTuple<i64>, stride: &HTuple<Scalar>) -> Option<Vec<(i64, i64)>> {
    let strides: Vec<i64> = stride.leaves().map(Scalar::as_int).collect::<Option<_>>()?;
    let extents: Vec<i64> = shape.leaves().copied().collect();
    (extents.len() == strides.len()).then(|| extents.into_iter().zip(strides).collect())
}

/// The product of the extents of `pairs`, if it fits an `i64`.
fn size_of_pairs(pairs: &[(i64, i64)]) -> Option<i64> {
    pairs
        .iter()
        .try_fold(1i64, |acc, &(e, _)| acc.checked_mul(e))
}

/// `layout` coalesced, as a whole or each top-level mode on its own
/// (`by_mode`): the specification's `coalesce`, whose result is the same
/// function on in-bounds coordinates (`result(i) == A(i)` for `i` in
/// `range(size(A))`; of each mode, by mode) with as few leaves as merging
/// allows. The one use of the algebra in this module; `None` if it fails,
/// and the evaluator then plans with the leaves as they are.
fn coalesced(layout: &Layout, by_mode: bool) -> Option<Layout> {
    if by_mode {
        let profile = Tiler::Tuple(vec![Tiler::Int(1); layout.rank()]);
        crate::algebra::coalesce_by(layout, &profile).ok()
    } else {
        crate::algebra::coalesce(layout).ok()
    }
}

impl Layout {
    /// Compiles this layout for fast evaluation (see [`Evaluator`]). A layout
    /// whose leaves split into two halves of at most [`DEFAULT_TABLE_LIMIT`]
    /// coordinates each is also tabulated (see
    /// [`Evaluator::with_table_limit`]).
    ///
    /// # Pre-conditions
    /// Every stride leaf is an integer; every extent is non-negative (a
    /// [`Layout`] guarantees it). An extent may be 0: the layout then has
    /// size 0, and a coordinate that a zero extent divides is an error
    /// where it is evaluated, as the specification's `idx2crd` divides by
    /// zero (see [`cute_core::kernel::eval`]).
    ///
    /// # Post-conditions
    /// `result.size() == size(self)`, `result.rank() == rank(self)`, and
    /// `result.eval(i) == self(i)` for every `i` whose offset fits an `i64`
    /// (and so for every coordinate form); `result.cosize()` is one past the
    /// greatest offset of an in-bounds coordinate (0 for a layout of size
    /// 0), `L(size - 1) + 1` when no stride is negative.
    ///
    /// # Errors
    /// - `TypeError` if a stride leaf is an `F2` or an `ArithTuple`;
    /// - `ValueError` (overflow) if the size, the cosize or the least offset
    ///   leaves the 64-bit range.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::{Int, F2};
    /// use cute_dynamic::{ErrorClass, F2 as F2Value};
    /// // Layout((4, 8), (8, 1)): L(14) == L(2, 3) == 19
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(8)]), Tuple(vec![Leaf(Int(8)), Leaf(Int(1))])).unwrap();
    /// let ev = l.evaluator().unwrap();
    /// assert_eq!(ev.eval(14), 19);
    /// assert_eq!(ev.eval2(2, 3), 19);
    /// assert_eq!(ev.eval_flat(&[2, 3]).unwrap(), 19);
    /// assert_eq!(ev.cosize(), 32);
    /// // Negative strides: (4, 2):(-1, 4)
    /// let n = Layout::new(Tuple(vec![Leaf(4), Leaf(2)]), Tuple(vec![Leaf(Int(-1)), Leaf(Int(4))])).unwrap();
    /// let ev = n.evaluator().unwrap();
    /// assert_eq!((0..8).map(|i| ev.eval(i)).collect::<Vec<_>>(), [0, -1, -2, -3, 4, 3, 2, 1]);
    /// assert_eq!(ev.cosize(), 5);
    /// // A swizzle stride cannot be evaluated as an integer.
    /// let s = Layout::new(Leaf(8), Leaf(F2(F2Value(3)))).unwrap();
    /// assert_eq!(s.evaluator().unwrap_err().class(), ErrorClass::TypeError);
    /// ```
    pub fn evaluator(&self) -> Result<Evaluator> {
        Evaluator::new(self)
    }
}

impl Evaluator {
    /// Compiles `layout`; see [`Layout::evaluator`], which is the same.
    ///
    /// # Pre-conditions
    /// As [`Layout::evaluator`].
    ///
    /// # Post-conditions
    /// As [`Layout::evaluator`].
    ///
    /// # Errors
    /// As [`Layout::evaluator`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::evaluator::Evaluator;
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// let l = Layout::new(Tuple(vec![Leaf(2), Leaf(3)]), Tuple(vec![Leaf(Int(3)), Leaf(Int(1))])).unwrap();
    /// assert_eq!(Evaluator::new(&l).unwrap().eval(1), 3);
    /// // 2^40 x 2^40 elements do not fit a 64-bit size.
    /// let big = Layout::new(Tuple(vec![Leaf(1 << 40), Leaf(1 << 40)]),
    ///                       Tuple(vec![Leaf(Int(1)), Leaf(Int(0))])).unwrap();
    /// assert!(Evaluator::new(&big).is_err());
    /// ```
    pub fn new(layout: &Layout) -> Result<Evaluator> {
        Evaluator::with_table_limit(layout, DEFAULT_TABLE_LIMIT)
    }

    /// Compiles `layout`, tabulating the offsets of its integral coordinates
    /// only if both tables have at most `max_entries` entries, capped at
    /// [`MAX_TABLE_LIMIT`] (so that no limit allocates more than 16 MiB);
    /// the plans of the modes tabulate within the smaller of `max_entries`
    /// and [`DEFAULT_TABLE_LIMIT`]. `max_entries == 0` never tabulates, and
    /// every in-bounds evaluation then computes its offset.
    ///
    /// # Pre-conditions
    /// As [`Layout::evaluator`].
    ///
    /// # Post-conditions
    /// As [`Layout::evaluator`]: the limit changes the speed and the memory
    /// of the result, never its values.
    ///
    /// # Errors
    /// As [`Layout::evaluator`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::evaluator::Evaluator;
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::{Int, F2};
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(8)]), Tuple(vec![Leaf(Int(8)), Leaf(Int(1))])).unwrap();
    /// let tabulated = Evaluator::with_table_limit(&l, 256).unwrap();
    /// let formula = Evaluator::with_table_limit(&l, 0).unwrap();
    /// assert!(tabulated.is_tabulated() && !formula.is_tabulated());
    /// assert!((0..32).all(|i| tabulated.eval(i) == formula.eval(i)));
    /// let swizzle = Layout::new(Leaf(8), Leaf(F2(cute_dynamic::F2(1)))).unwrap();
    /// assert!(Evaluator::with_table_limit(&swizzle, 0).is_err());
    /// // any limit is capped: 2^50 points would need two tables of 2^25 offsets
    /// let huge = Layout::new(Tuple(vec![Leaf(1 << 25), Leaf(1 << 25)]),
    ///                        Tuple(vec![Leaf(Int(3)), Leaf(Int(1 << 27))])).unwrap();
    /// assert!(!Evaluator::with_table_limit(&huge, usize::MAX).unwrap().is_tabulated());
    /// ```
    pub fn with_table_limit(layout: &Layout, max_entries: usize) -> Result<Evaluator> {
        let shape = layout.shape();
        let stride = layout.stride();

        // Flatten. The layout keeps shape and stride congruent, so the two
        // leaf sequences pair up.
        let pairs = int_pairs(&shape, &stride).ok_or_else(|| {
            match stride.leaves().find(|s| s.as_int().is_none()) {
                Some(other) => Error::type_error(
                    OP,
                    format!(
                        "stride {stride} of layout {layout} has the non-integer leaf {other}; \
                         only integer strides can be evaluated to offsets"
                    ),
                ),
                None => Error::NotCongruent {
                    op: OP,
                    msg: format!("shape {shape} and stride {stride}"),
                },
            }
        })?;
        let count = pairs.len();
        let open = ends_in_leaf(&shape);

        // The leaves as divisors. A zero extent is an error where it
        // divides, as the evaluation kernel reports: the layout then has
        // size 0, so every coordinate takes the checked path.
        let mut leaves = Vec::with_capacity(count);
        for (k, &(e, s)) in pairs.iter().enumerate() {
            if e < 0 {
                return Err(Error::value(
                    OP,
                    format!("shape {shape} of layout {layout} has extent {e} at leaf {k}"),
                ));
            }
            let extent = (e > 0).then(|| FastDivmod::from_i64(e)).transpose()?;
            leaves.push(Leaf { extent, stride: s });
        }

        // size = product of the extents.
        let size = size_of_pairs(&pairs).ok_or_else(|| {
            Error::overflow(
                OP,
                format!("the size of shape {shape} leaves the 64-bit range"),
            )
        })?;

        // Greatest and least in-bounds offsets: each leaf contributes its
        // stride times 0 or e - 1, whichever is larger (smaller).
        let cosize = if size == 0 {
            0
        } else {
            let (mut hi, mut lo) = (0i128, 0i128);
            for &(e, s) in &pairs {
                let span = i128::from(e - 1) * i128::from(s);
                if span > 0 {
                    hi += span;
                } else {
                    lo += span;
                }
            }
            let range_err = || {
                Error::overflow(
                    OP,
                    format!("the offsets of layout {layout} range over [{lo}, {hi}], beyond the 64-bit range"),
                )
            };
            if i64::try_from(lo).is_err() {
                return Err(range_err());
            }
            i64::try_from(hi + 1).map_err(|_| range_err())?
        };

        // Spans of the top-level modes.
        let mut modes = Vec::with_capacity(shape.rank());
        let mut start = 0;
        for m in shape.modes() {
            let end = start + m.leaf_count();
            modes.push(Span {
                start,
                end,
                open: ends_in_leaf(m),
            });
            start = end;
        }

        // The plans. From here on every in-bounds offset fits an i64 (the
        // cosize check), of the layout and of each mode (a mode's offsets
        // lie between the layout's least and greatest). A layout of size 0
        // has no in-bounds coordinate, and no plan is ever used.
        let (strategy, mut mode_plans) = if size == 0 {
            (
                Plan::scale(0),
                modes.iter().map(|_| ModePlan::none()).collect(),
            )
        } else {
            // Integral coordinates: the coalesced layout, the same function
            // in bounds (out of bounds, the original leaves are evaluated).
            // (one leaf or none: nothing to merge)
            let merged = (count > 1)
                .then(|| coalesced(layout, false))
                .flatten()
                .and_then(|c| int_pairs(&c.shape(), &c.stride()))
                .filter(|p| size_of_pairs(p) == Some(size));
            let merged = merged.as_deref().unwrap_or(&pairs);
            // The identity `size:1` in bounds. Out of bounds, with the
            // leaves before the last making up P = size / e_last coordinates
            // (all of them in bounds, so L(m) == m for m < P),
            // L(n) == L(n mod P) + (n div P) * s_last == (n mod P) + (n div P) * P
            // == n when the last leaf keeps the quotient and s_last == P.
            let identity = matches!(merged, [(_, 1)])
                && open
                && pairs.last().is_some_and(|&(e, s)| s == size / e);
            let strategy = if identity {
                Plan::Identity
            } else {
                Plan::new(merged, size, max_entries)?
            };

            // Each mode: its coalesced leaves, the same function on the
            // mode's in-bounds coordinates.
            // (modes of one leaf or none: nothing to merge)
            let nested = modes.iter().any(|m| m.end - m.start > 1);
            let by_mode: Option<Vec<Vec<(i64, i64)>>> = nested
                .then(|| coalesced(layout, true))
                .flatten()
                .and_then(|c| {
                    let (shape, stride) = (c.shape(), c.stride());
                    let (ss, ds) = (shape.modes(), stride.modes());
                    (ss.len() == modes.len())
                        .then(|| ss.iter().zip(ds).map(|(s, d)| int_pairs(s, d)).collect())
                        .flatten()
                });
            let mode_limit = max_entries.min(DEFAULT_TABLE_LIMIT);
            let mut mode_plans = Vec::with_capacity(modes.len());
            for (m, span) in modes.iter().enumerate() {
                let own = &pairs[span.start..span.end];
                // divides size, so fits and is positive
                let msize = size_of_pairs(own).unwrap_or(0);
                let merged = by_mode
                    .as_ref()
                    .and_then(|b| b.get(m))
                    .filter(|p| size_of_pairs(p) == Some(msize));
                mode_plans.push(ModePlan::new(
                    merged.map_or(own, Vec::as_slice),
                    msize,
                    mode_limit,
                )?);
            }
            (strategy, mode_plans)
        };

        let tail: Box<[ModePlan]> = mode_plans.split_off(mode_plans.len().min(3)).into();
        let mut head = mode_plans.into_iter();
        let head = [(); 3].map(|()| head.next().unwrap_or_else(ModePlan::none));
        let one = FastDivmod::new(1).expect("1 is a valid divisor");
        Ok(Evaluator {
            strategy,
            head,
            tail,
            layout: layout.clone(),
            rank: shape.rank(),
            size,
            cosize,
            open,
            leaves: Store::new(
                &leaves,
                Leaf {
                    extent: Some(one),
                    stride: 0,
                },
            ),
            modes: Store::new(
                &modes,
                Span {
                    start: 0,
                    end: 0,
                    open: false,
                },
            ),
        })
    }

    /// The layout this evaluator was compiled from.
    #[inline]
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// True iff in-bounds evaluation of an integral coordinate reads
    /// tabulated offsets rather than computing them (see
    /// [`Evaluator::with_table_limit`]).
    #[inline]
    pub fn is_tabulated(&self) -> bool {
        matches!(self.strategy, Plan::Table(_))
    }

    /// Number of top-level modes.
    #[inline]
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// Number of coordinates: the product of the shape.
    #[inline]
    pub fn size(&self) -> i64 {
        self.size
    }

    /// One past the greatest offset of an in-bounds coordinate (0 for a
    /// layout of size 0).
    #[inline]
    pub fn cosize(&self) -> i64 {
        self.cosize
    }

    /// The offset of the integral coordinate `idx`, as the specification
    /// evaluates it: `inner_product(idx2crd(idx, shape), stride)`.
    ///
    /// # Pre-conditions
    /// The offset fits an `i64` (always true for `0 <= idx < size`).
    ///
    /// # Post-conditions
    /// `result == self.try_eval(idx).unwrap()`.
    ///
    /// # Errors
    /// None; see Panics.
    ///
    /// # Panics
    /// If `idx` is out of bounds and its offset does not fit an `i64`, or a
    /// zero extent divides it; use [`Evaluator::try_eval`] for coordinates
    /// that are not known to be admissible.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(8)]), Tuple(vec![Leaf(Int(8)), Leaf(Int(1))])).unwrap();
    /// let ev = l.evaluator().unwrap();
    /// assert_eq!(ev.eval(14), 19);
    /// assert_eq!(ev.eval(-1), 3 * 8 - 1); // floor division: idx2crd(-1) == (3, -1)
    /// assert_eq!(ev.eval(40), 10); // out of bounds: idx2crd(40) == (0, 10)
    /// let far = Layout::new(Leaf(8), Leaf(Int(1 << 40))).unwrap().evaluator().unwrap();
    /// assert!(far.try_eval(1 << 30).is_err()); // where eval would panic
    /// ```
    #[inline]
    pub fn eval(&self, idx: i64) -> i64 {
        // The identity is matched past the bounds check, where a caller's
        // loop that chose the plan (once, outside the loop) knows it: the
        // loop then sees `idx` on both sides.
        if (idx as u64) < (self.size as u64) {
            self.strategy.eval(idx as u64)
        } else if let Plan::Identity = self.strategy {
            idx
        } else {
            self.eval_out_of_bounds(idx)
        }
    }

    /// [`Evaluator::eval`] for an index outside `[0, size)`: the checked
    /// path, panicking on overflow. Kept out of line so that `eval` stays
    /// small enough to inline.
    #[cold]
    #[inline(never)]
    fn eval_out_of_bounds(&self, idx: i64) -> i64 {
        match self.eval_checked(idx) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// The offset of the integral coordinate `idx`, checked.
    ///
    /// # Pre-conditions
    /// None.
    ///
    /// # Post-conditions
    /// `result == inner_product(idx2crd(idx, shape), stride)`, with Python's
    /// floor division for negative `idx`.
    ///
    /// # Errors
    /// `ValueError` (overflow) if the offset does not fit an `i64`;
    /// `ValueError` if a zero extent divides `idx` (an extent 0 that is not
    /// the one keeping the quotient).
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::Leaf;
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// let ev = Layout::new(Leaf(8), Leaf(Int(1 << 40))).unwrap().evaluator().unwrap();
    /// assert_eq!(ev.try_eval(3).unwrap(), 3 << 40);
    /// assert_eq!(ev.try_eval(1 << 20).unwrap(), 1 << 60);
    /// assert!(ev.try_eval(1 << 30).is_err());
    /// ```
    #[inline]
    pub fn try_eval(&self, idx: i64) -> Result<i64> {
        if (idx as u64) < (self.size as u64) {
            Ok(self.strategy.eval(idx as u64))
        } else if let Plan::Identity = self.strategy {
            Ok(idx)
        } else {
            self.eval_checked(idx)
        }
    }

    /// Calls `f(i, self.eval(i))` for every `i` in `range`, in increasing
    /// order. The in-bounds part of the range is evaluated with the
    /// strategy chosen once for the whole range, so this is the fastest way
    /// to visit many coordinates.
    ///
    /// # Pre-conditions
    /// As [`Evaluator::eval`] for every `i` in `range`: the offset fits an
    /// `i64` (always true for `0 <= i < size`).
    ///
    /// # Post-conditions
    /// `f` is called exactly `range.end - range.start` times (none for an
    /// empty range), with `(i, self.eval(i))` for `i` in increasing order.
    ///
    /// # Errors
    /// None; see Panics.
    ///
    /// # Panics
    /// As [`Evaluator::eval`], for an out-of-bounds `i` whose offset does
    /// not fit an `i64`; [`Evaluator::sum`] reports that case as an error.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// // (4, 2):(-1, 4), and two coordinates on each side of [0, 8).
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(2)]), Tuple(vec![Leaf(Int(-1)), Leaf(Int(4))])).unwrap();
    /// let ev = l.evaluator().unwrap();
    /// let mut seen = Vec::new();
    /// ev.for_each(-2..10, |i, offset| seen.push((i, offset)));
    /// assert_eq!(seen, (-2..10).map(|i| (i, ev.eval(i))).collect::<Vec<_>>());
    /// assert_eq!(&seen[2..6], &[(0, 0), (1, -1), (2, -2), (3, -3)]);
    /// ```
    #[inline]
    pub fn for_each(&self, range: Range<i64>, mut f: impl FnMut(i64, i64)) {
        let Range { start, end } = range;
        if let Plan::Identity = self.strategy {
            // in bounds or not
            for i in start..end {
                f(i, i);
            }
            return;
        }
        if start >= end {
            return;
        }
        // [start, end) = [start, lo) + [lo, hi) + [hi, end), the middle one
        // in bounds (possibly empty).
        let lo = start.clamp(0, self.size);
        let hi = end.clamp(lo, self.size);
        for i in start..lo.min(end) {
            f(i, self.eval(i));
        }
        if lo < hi {
            self.strategy.for_each(lo as u64, hi as u64, &mut f);
        }
        for i in hi.max(start)..end {
            f(i, self.eval(i));
        }
    }

    /// The sum of the offsets `self.eval(i)` over `i` in `range` (0 for an
    /// empty range), computed as [`Evaluator::for_each`] visits them.
    ///
    /// # Pre-conditions
    /// None.
    ///
    /// # Post-conditions
    /// `result == range.map(|i| self.eval(i)).sum()` when every offset and
    /// the sum fit an `i64`.
    ///
    /// # Errors
    /// `ValueError` (overflow) if an offset or the sum does not fit an `i64`.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// let l = Layout::new(Tuple(vec![Leaf(4), Leaf(8)]), Tuple(vec![Leaf(Int(8)), Leaf(Int(1))])).unwrap();
    /// let ev = l.evaluator().unwrap();
    /// assert_eq!(ev.sum(0..32).unwrap(), (0..32).sum::<i64>());
    /// assert_eq!(ev.sum(-1..1).unwrap(), ev.eval(-1) + ev.eval(0));
    /// let big = Layout::new(Leaf(4), Leaf(Int(1 << 61))).unwrap().evaluator().unwrap();
    /// assert!(big.sum(0..4).is_err()); // 6 * 2^61 does not fit an i64
    /// ```
    pub fn sum(&self, range: Range<i64>) -> Result<i64> {
        let Range { start, end } = range;
        let overflow = || {
            Error::overflow(
                OP,
                format!(
                    "layout {} over the indices {start}..{end}: the sum of the offsets \
                     leaves the 64-bit range",
                    self.layout
                ),
            )
        };
        if start >= end {
            return Ok(0);
        }
        let lo = start.clamp(0, self.size);
        let hi = end.clamp(lo, self.size);
        // At most 2^64 offsets, each below 2^63 in magnitude: the i128 sum
        // cannot overflow.
        let mut acc = 0i128;
        for i in (start..lo.min(end)).chain(hi.max(start)..end) {
            acc += i128::from(self.try_eval(i)?);
        }
        if lo < hi {
            self.strategy
                .for_each(lo as u64, hi as u64, &mut |_, v| acc += i128::from(v));
        }
        i64::try_from(acc).map_err(|_| overflow())
    }

    /// The offset of the coordinate `(i, j)` of a layout of rank 2, one
    /// integer per top-level mode (CuTe's `L(i, j)`): each integer is split
    /// over its mode's leaves as `idx2crd` does (the mode's last leaf
    /// keeping the whole quotient). The hot form of
    /// [`Evaluator::eval_flat`]: when both entries are in their modes'
    /// bounds, the sum of two precomputed plans (a product for a mode that
    /// is one leaf, or coalesces to one).
    ///
    /// # Pre-conditions
    /// `self.rank() == 2`; the offset fits an `i64` (always true for a
    /// coordinate in bounds).
    ///
    /// # Post-conditions
    /// `result == self.eval_flat(&[i, j]).unwrap()`; in bounds,
    /// `result == self.eval(i + j * size(mode 0))`.
    ///
    /// # Errors
    /// None; see Panics.
    ///
    /// # Panics
    /// If the rank is not 2, or if the coordinate is out of bounds and its
    /// offset does not fit an `i64` or a zero extent divides it;
    /// [`Evaluator::eval_flat`] reports these as errors.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::layout::Layout;
    /// // A = Layout((3, (2, 4)), (2, (1, 6))): A(1, 2) == 8, A(2, 7) == 23
    /// let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
    /// let ev = a.evaluator().unwrap();
    /// assert_eq!(ev.eval2(1, 2), 8);
    /// assert_eq!(ev.eval2(2, 7), 23);
    /// assert_eq!(ev.eval2(0, 9), 1 + 4 * 6); // out of bounds: 9 -> (1, 4)
    /// assert!(ev.eval_flat(&[0, 0, 0]).is_err()); // where eval2 would panic
    /// ```
    #[inline]
    pub fn eval2(&self, i: i64, j: i64) -> i64 {
        if self.rank != 2 {
            self.wrong_rank(2)
        }
        let [a, b, _] = &self.head;
        match eval_modes2(a, b, i, j) {
            Some(v) => v,
            None => self.eval_modes_out_of_bounds(&[i, j]),
        }
    }

    /// The offset of the coordinate `(i, j, k)` of a layout of rank 3, one
    /// integer per top-level mode (CuTe's `L(i, j, k)`); as
    /// [`Evaluator::eval2`].
    ///
    /// # Pre-conditions
    /// `self.rank() == 3`; the offset fits an `i64` (always true for a
    /// coordinate in bounds).
    ///
    /// # Post-conditions
    /// `result == self.eval_flat(&[i, j, k]).unwrap()`.
    ///
    /// # Errors
    /// None; see Panics.
    ///
    /// # Panics
    /// If the rank is not 3, or if the coordinate is out of bounds and its
    /// offset does not fit an `i64` or a zero extent divides it;
    /// [`Evaluator::eval_flat`] reports these as errors.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::layout::Layout;
    /// let a: Layout = "((2, 3), 4, 5):((1, 8), 2, 24)".parse().unwrap();
    /// let ev = a.evaluator().unwrap();
    /// assert_eq!(ev.eval3(5, 3, 2), 1 + 2 * 8 + 3 * 2 + 2 * 24);
    /// assert_eq!(ev.eval3(5, 3, 2), ev.eval(5 + 6 * 3 + 24 * 2));
    /// assert_eq!(ev.eval3(0, 0, -1), -24); // out of bounds
    /// ```
    #[inline]
    pub fn eval3(&self, i: i64, j: i64, k: i64) -> i64 {
        if self.rank != 3 {
            self.wrong_rank(3)
        }
        let [a, b, c] = &self.head;
        match eval_modes3(a, b, c, i, j, k) {
            Some(v) => v,
            None => self.eval_modes_out_of_bounds(&[i, j, k]),
        }
    }

    /// [`Evaluator::eval2`] and [`Evaluator::eval3`] for a coordinate with
    /// an entry outside its mode's bounds: the checked path, panicking on
    /// overflow.
    #[cold]
    #[inline(never)]
    fn eval_modes_out_of_bounds(&self, crd: &[i64]) -> i64 {
        match self.eval_flat_checked(crd) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    #[cold]
    #[inline(never)]
    fn wrong_rank(&self, want: usize) -> ! {
        panic!(
            "a coordinate of {want} entries for layout {} of rank {}",
            self.layout, self.rank
        )
    }

    /// The offset of a flat coordinate: one integer per top-level mode, each
    /// split over its mode's leaves as `idx2crd` does (the mode's last leaf
    /// keeping the whole quotient).
    ///
    /// When every entry is in its mode's bounds, this sums the modes'
    /// precomputed plans, as [`Evaluator::eval2`] does; otherwise it follows
    /// the specification step by step, in checked arithmetic.
    ///
    /// # Pre-conditions
    /// `crd.len() == self.rank()`.
    ///
    /// # Post-conditions
    /// `result == inner_product(idx2crd(crd, shape), stride)`; for a
    /// coordinate in bounds, `result == self.eval(crd2idx(crd, shape))`.
    ///
    /// # Errors
    /// - `ValueError` (rank mismatch) if `crd.len() != self.rank()`;
    /// - `ValueError` if a zero extent divides an entry (one of a mode of
    ///   two or more leaves that is not the one keeping the quotient);
    /// - `ValueError` (overflow) if the offset does not fit an `i64`.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::htuple::HTuple::{Leaf, Tuple};
    /// use cute_dynamic::layout::Layout;
    /// use cute_dynamic::typedefs::Scalar::Int;
    /// let a = Layout::new(
    ///     Tuple(vec![Leaf(3), Tuple(vec![Leaf(2), Leaf(4)])]),
    ///     Tuple(vec![Leaf(Int(2)), Tuple(vec![Leaf(Int(1)), Leaf(Int(6))])]),
    /// ).unwrap();
    /// let ev = a.evaluator().unwrap();
    /// assert_eq!(ev.eval_flat(&[2, 5]).unwrap(), 17);
    /// assert_eq!(ev.eval_flat(&[0, 9]).unwrap(), 1 + 4 * 6); // 9 -> (1, 4)
    /// assert!(ev.eval_flat(&[1, 2, 3]).is_err());
    /// ```
    #[inline]
    pub fn eval_flat(&self, crd: &[i64]) -> Result<i64> {
        let [a, b, c] = &self.head;
        // ranks 1 to 3 unrolled, as in eval2 and eval3
        let fast = match *crd {
            [i] if self.rank == 1 => ((i as u64) < a.size).then(|| a.eval(i as u64)),
            [i, j] if self.rank == 2 => eval_modes2(a, b, i, j),
            [i, j, k] if self.rank == 3 => eval_modes3(a, b, c, i, j, k),
            _ => None,
        };
        match fast {
            Some(v) => Ok(v),
            None => self.eval_flat_general(crd),
        }
    }

    /// [`Evaluator::eval_flat`] for any rank.
    #[inline(never)]
    fn eval_flat_general(&self, crd: &[i64]) -> Result<i64> {
        if crd.len() != self.rank {
            return Err(self.rank_mismatch(crd));
        }
        let plans = || self.head.iter().chain(self.tail.iter()).zip(crd);
        if plans().all(|(p, &c)| (c as u64) < p.size) {
            Ok(plans().fold(0i64, |acc, (p, &c)| acc.wrapping_add(p.eval(c as u64))))
        } else {
            self.eval_flat_checked(crd)
        }
    }

    /// [`Evaluator::eval_flat`] step by step, for `crd.len() == self.rank()`.
    #[cold]
    fn eval_flat_checked(&self, crd: &[i64]) -> Result<i64> {
        let leaves = self.leaves.as_slice();
        let mut acc = ExactSum::new();
        for (m, &c) in self.modes.as_slice().iter().zip(crd) {
            span_offset(&leaves[m.start..m.end], m.open, c, &mut acc)?;
        }
        acc.get().ok_or_else(|| {
            Error::overflow(
                OP,
                format!(
                    "layout {} at flat coordinate {crd:?}: the offset leaves the 64-bit range",
                    self.layout
                ),
            )
        })
    }

    #[cold]
    fn rank_mismatch(&self, crd: &[i64]) -> Error {
        Error::rank_mismatch(
            OP,
            self.rank,
            crd.len(),
            format!(
                "flat coordinate {crd:?} has {} entries, layout {} has rank {}",
                crd.len(),
                self.layout,
                self.rank
            ),
        )
    }

    /// The offset of a natural coordinate given as one integer per leaf:
    /// `sum_k crd[k] * s_k`, in wrapping arithmetic when every entry is in
    /// its leaf's bounds (the offset is then in bounds too), else exactly.
    fn natural(&self, crd: &[i64]) -> Result<i64> {
        let leaves = self.leaves.as_slice();
        if crd.len() != leaves.len() {
            return Err(Error::rank_mismatch(
                OP,
                leaves.len(),
                crd.len(),
                format!(
                    "natural coordinate {crd:?} has {} entries, layout {} has {} leaves",
                    crd.len(),
                    self.layout,
                    leaves.len()
                ),
            ));
        }
        // In a layout of size > 0 every extent is at least 1, and the
        // leaf's divisor is its extent.
        let in_bounds = self.size > 0
            && leaves
                .iter()
                .zip(crd)
                .all(|(l, &c)| (c as u64) < l.extent.map_or(0, |e| e.divisor()));
        if in_bounds {
            return Ok(leaves.iter().zip(crd).fold(0i64, |acc, (l, &c)| {
                acc.wrapping_add(c.wrapping_mul(l.stride))
            }));
        }
        let mut acc = ExactSum::new();
        for (l, &c) in leaves.iter().zip(crd) {
            acc.add(c, l.stride);
        }
        acc.get().ok_or_else(|| {
            Error::overflow(
                OP,
                format!(
                    "layout {} at natural coordinate {crd:?}: the offset leaves the 64-bit range",
                    self.layout
                ),
            )
        })
    }

    /// The specification's evaluation, step by step, with floor division and
    /// checked arithmetic.
    #[cold]
    fn eval_checked(&self, idx: i64) -> Result<i64> {
        let mut acc = ExactSum::new();
        span_offset(self.leaves.as_slice(), self.open, idx, &mut acc)?;
        acc.get().ok_or_else(|| {
            Error::overflow(
                OP,
                format!(
                    "layout {} at index {idx}: the offset leaves the 64-bit range",
                    self.layout
                ),
            )
        })
    }
}

/// `L(n)` for `n < size` by a plan that does not run inline.
#[inline(never)]
fn eval_formula(plan: &Plan, n: u64) -> i64 {
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
fn formula(first_stride: i64, terms: &[Term], n: u64) -> i64 {
    terms
        .iter()
        .fold((n as i64).wrapping_mul(first_stride), |acc, t| {
            acc.wrapping_add((t.prefix.div(n) as i64).wrapping_mul(t.weight))
        })
}

/// Adds `inner_product(idx2crd(c, mode), stride)` over the leaves of one
/// mode to `acc`, by the evaluation kernel
/// ([`cute_core::kernel::eval::split`]): each leaf takes the floor
/// remainder of the running quotient, except the last when `open`, which
/// takes the quotient itself.
///
/// # Errors
/// `ValueError` for a zero extent that divides.
fn span_offset(leaves: &[Leaf], open: bool, c: i64, acc: &mut ExactSum) -> Result<()> {
    split(c, leaves.iter().map(|l| (l, l.stride)), open, |ck, d| {
        acc.add(ck, d);
        Ok(())
    })
    .map_err(|e| e.in_op(OP))
}

impl LayoutLike for Evaluator {
    #[inline]
    fn rank(&self) -> usize {
        self.rank
    }
    #[inline]
    fn size(&self) -> i64 {
        self.size
    }
    #[inline]
    fn cosize(&self) -> i64 {
        self.cosize
    }
    /// As [`Evaluator::eval`] (and with its panic for an out-of-bounds index
    /// whose offset does not fit an `i64`).
    #[inline]
    fn eval(&self, idx: i64) -> i64 {
        Evaluator::eval(self, idx)
    }
    #[inline]
    fn try_eval(&self, idx: i64) -> Result<i64> {
        Evaluator::try_eval(self, idx)
    }
    /// As [`Evaluator::eval_flat`]: the modes' precomputed plans in bounds;
    /// an error exactly when the offset does not fit an `i64`.
    #[inline]
    fn eval_modes(&self, crd: &[i64]) -> Result<i64> {
        self.eval_flat(crd)
    }
    /// `sum_k crd[k] * stride[k]` over the leaves, in wrapping arithmetic
    /// when every entry is in its leaf's bounds; an error exactly when the
    /// offset does not fit an `i64`.
    #[inline]
    fn eval_natural(&self, crd: &[i64]) -> Result<i64> {
        self.natural(crd)
    }
    /// Every leaf of a run-time layout is dynamic.
    fn walk(&self, f: &mut dyn FnMut(Node)) {
        fn go(s: &HTuple<i64>, d: &HTuple<Scalar>, f: &mut dyn FnMut(Node)) {
            match (s, d) {
                (HTuple::Tuple(ss), HTuple::Tuple(ds)) => {
                    f(Node::Open);
                    for (s, d) in ss.iter().zip(ds) {
                        go(s, d, f);
                    }
                    f(Node::Close);
                }
                (HTuple::Leaf(s), HTuple::Leaf(d)) => {
                    let dynamic = |value| LeafValue {
                        value,
                        is_static: false,
                    };
                    f(Node::Leaf(LeafMode {
                        extent: dynamic(*s),
                        stride: dynamic(d.as_int().unwrap_or(0)),
                    }))
                }
                // An evaluator's layout is congruent with integer strides.
                _ => {}
            }
        }
        go(&self.layout.shape(), &self.layout.stride(), f)
    }
    fn fmt_layout(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.layout, f)
    }
}

impl fmt::Display for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_layout(f)
    }
}

impl fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Evaluator({})", self.layout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::htuple::{HTuple::Leaf as L, HTuple::Tuple as T, IntTuple};
    use crate::swizzle::F2;
    use crate::ArithTuple;
    use cute_core::ErrorClass;
    use proptest::prelude::*;

    fn int_stride(h: &HTuple<i64>) -> HTuple<Scalar> {
        h.map(&mut |&x| Scalar::Int(x))
    }

    fn layout(shape: IntTuple, stride: HTuple<i64>) -> Layout {
        Layout::new(shape, int_stride(&stride)).unwrap()
    }

    /// The same layout compiled three ways: the division formula only,
    /// tables of at most 8 entries (when some split allows them), and the
    /// default.
    fn all_ways(l: &Layout) -> [Evaluator; 3] {
        [
            Evaluator::with_table_limit(l, 0).unwrap(),
            Evaluator::with_table_limit(l, 8).unwrap(),
            l.evaluator().unwrap(),
        ]
    }

    fn t(v: Vec<HTuple<i64>>) -> HTuple<i64> {
        T(v)
    }

    fn size_of(h: &IntTuple) -> i128 {
        h.leaves().map(|&x| i128::from(x)).product()
    }

    /// The specification's evaluation, written from its definition: split
    /// `idx` over the top-level modes colexicographically, floor division,
    /// the last mode keeping the whole quotient, recursing into each mode;
    /// then the inner product with the stride.
    fn reference(shape: &IntTuple, stride: &HTuple<i64>, idx: i128) -> i128 {
        match (shape, stride) {
            (L(_), L(s)) => idx * i128::from(*s),
            (T(ms), T(ds)) => {
                let mut q = idx;
                let mut acc = 0;
                for (k, (m, d)) in ms.iter().zip(ds).enumerate() {
                    if k + 1 == ms.len() {
                        acc += reference(m, d, q);
                    } else {
                        let sz = size_of(m);
                        acc += reference(m, d, q.rem_euclid(sz));
                        q = q.div_euclid(sz);
                    }
                }
                acc
            }
            _ => unreachable!("congruent by construction"),
        }
    }

    /// The offset of a flat coordinate: each entry evaluated in its mode.
    fn reference_flat(shape: &IntTuple, stride: &HTuple<i64>, crd: &[i64]) -> i128 {
        match (shape, stride) {
            (L(_), L(_)) => reference(shape, stride, i128::from(crd[0])),
            (T(ms), T(ds)) => ms
                .iter()
                .zip(ds)
                .zip(crd)
                .map(|((m, d), &c)| reference(m, d, i128::from(c)))
                .sum(),
            _ => unreachable!(),
        }
    }

    fn spec_a() -> (IntTuple, HTuple<i64>) {
        (
            t(vec![L(3), t(vec![L(2), L(4)])]),
            t(vec![L(2), t(vec![L(1), L(6)])]),
        )
    }

    #[test]
    fn the_table_limit_is_capped() {
        use crate::htuple::HTuple::{Leaf, Tuple};
        let l = |e: [i64; 2], d: [i64; 2]| {
            Layout::new(
                Tuple(vec![Leaf(e[0]), Leaf(e[1])]),
                Tuple(vec![Leaf(Scalar::Int(d[0])), Leaf(Scalar::Int(d[1]))]),
            )
            .unwrap()
        };
        // 2^50 points: two tables of 2^25 offsets, past the cap, are not built
        let huge = l([1 << 25, 1 << 25], [3, 1 << 27]);
        let ev = Evaluator::with_table_limit(&huge, usize::MAX).unwrap();
        assert!(!ev.is_tabulated());
        assert_eq!(ev.eval((1 << 25) + 5), 15 + (1 << 27));
        // 2^36 points: two tables of 2^18 offsets, within it, are
        let big = l([1 << 18, 1 << 18], [3, 1 << 20]);
        let ev = Evaluator::with_table_limit(&big, usize::MAX).unwrap();
        assert!(ev.is_tabulated());
        assert_eq!(ev.eval((7 << 18) + 5), 15 + (7 << 20));
    }

    #[test]
    fn test_spec_examples() {
        let (s, d) = spec_a();
        let ev = layout(s, d).evaluator().unwrap();
        assert_eq!(ev.eval(17), 17);
        assert_eq!(ev.eval_flat(&[2, 5]).unwrap(), 17);
        assert_eq!(ev.eval(100), 99);
        assert_eq!(ev.try_eval(100).unwrap(), 99);
        let ev = layout(t(vec![L(4), L(8)]), t(vec![L(8), L(1)]))
            .evaluator()
            .unwrap();
        assert_eq!(ev.eval(14), 19);
        assert_eq!(ev.eval_flat(&[2, 3]).unwrap(), 19);
        assert_eq!(ev.to_string(), "(4, 8):(8, 1)");
        assert_eq!(format!("{ev:?}"), "Evaluator((4, 8):(8, 1))");
    }

    #[test]
    fn test_matches_reference_exhaustively() {
        let cases: Vec<(IntTuple, HTuple<i64>)> = vec![
            spec_a(),
            (L(7), L(3)),
            (L(1), L(0)),
            (t(vec![L(3), L(5)]), t(vec![L(-5), L(1)])),
            (
                t(vec![t(vec![L(8), L(4)]), t(vec![L(2), L(16)])]),
                t(vec![t(vec![L(1), L(64)]), t(vec![L(8), L(128)])]),
            ),
            (
                t(vec![t(vec![L(3), L(2)]), L(4)]),
                t(vec![t(vec![L(4), L(-1)]), L(12)]),
            ),
            (
                t(vec![L(2), L(3), L(5), L(7)]),
                t(vec![L(1), L(2), L(6), L(30)]),
            ),
            (t(vec![L(6), L(1), L(5)]), t(vec![L(0), L(99), L(-7)])),
        ];
        for (s, d) in cases {
            let l = layout(s.clone(), d.clone());
            for ev in all_ways(&l) {
                let size = ev.size();
                assert_eq!(i128::from(size), size_of(&s));
                let mut hi = i128::MIN;
                for i in -3 * size..4 * size {
                    let want = reference(&s, &d, i128::from(i));
                    assert_eq!(i128::from(ev.eval(i)), want, "{l} at {i}");
                    if (0..size).contains(&i) {
                        hi = hi.max(want);
                    }
                }
                assert_eq!(i128::from(ev.cosize()), hi + 1, "{l}");
            }
        }
    }

    #[test]
    fn test_flat_coordinates() {
        let (s, d) = spec_a();
        let ev = layout(s.clone(), d.clone()).evaluator().unwrap();
        for c0 in -4..7 {
            for c1 in -9..20 {
                assert_eq!(
                    i128::from(ev.eval_flat(&[c0, c1]).unwrap()),
                    reference_flat(&s, &d, &[c0, c1])
                );
            }
        }
        // In bounds, flat and integral coordinates agree: i = c0 + 3 * c1.
        for c0 in 0..3 {
            for c1 in 0..8 {
                assert_eq!(ev.eval_flat(&[c0, c1]).unwrap(), ev.eval(c0 + 3 * c1));
            }
        }
        let leaf = layout(L(5), L(-2)).evaluator().unwrap();
        assert_eq!(leaf.rank(), 1);
        assert_eq!(leaf.eval_flat(&[3]).unwrap(), -6);
        let e = ev.eval_flat(&[1]).unwrap_err();
        assert_eq!(e.class(), ErrorClass::ValueError);
        assert!(e.to_string().contains("rank 2"), "{e}");
    }

    #[test]
    fn test_empty_modes() {
        // Rank 0: every index evaluates to 0.
        let ev = layout(t(vec![]), t(vec![])).evaluator().unwrap();
        assert_eq!((ev.rank(), ev.size(), ev.cosize()), (0, 1, 1));
        assert_eq!(ev.eval(0), 0);
        assert_eq!(ev.eval(5), 0);
        assert_eq!(ev.eval_flat(&[]).unwrap(), 0);
        // A trailing empty mode keeps the whole quotient, and drops it.
        let s = t(vec![L(4), t(vec![])]);
        let d = t(vec![L(3), t(vec![])]);
        let ev = layout(s.clone(), d.clone()).evaluator().unwrap();
        for i in -10..20 {
            assert_eq!(i128::from(ev.eval(i)), reference(&s, &d, i128::from(i)));
        }
        assert_eq!(ev.eval(5), 3);
        assert_eq!(ev.eval_flat(&[9, 4]).unwrap(), 27);
    }

    #[test]
    fn test_zero_extent() {
        // The leaf that keeps the quotient may be empty: size 0.
        let ev = layout(t(vec![L(4), L(0)]), t(vec![L(1), L(4)]))
            .evaluator()
            .unwrap();
        assert_eq!((ev.size(), ev.cosize()), (0, 0));
        assert_eq!(ev.eval(9), 1 + 2 * 4);
        // Any other empty leaf is divided by an integral coordinate: an
        // error there, and only there.
        let ev = layout(t(vec![L(0), L(4)]), t(vec![L(1), L(4)]))
            .evaluator()
            .unwrap();
        assert_eq!((ev.size(), ev.cosize()), (0, 0));
        for i in [-1, 0, 5] {
            let e = ev.try_eval(i).unwrap_err();
            assert_eq!(e.class(), ErrorClass::ValueError);
            assert!(e.to_string().contains("extent 0"), "{e}");
        }
        // one integer per mode: each mode is one leaf, never divided
        assert_eq!(ev.eval_flat(&[3, 2]).unwrap(), 3 + 8);
        assert_eq!(ev.eval2(3, 2), 3 + 8);
        assert_eq!(ev.eval_natural(&[3, 2]).unwrap(), 3 + 8);
        let ev = layout(
            t(vec![L(4), t(vec![L(0), t(vec![])])]),
            t(vec![L(1), t(vec![L(4), t(vec![])])]),
        )
        .evaluator()
        .unwrap();
        // (0, ()) divides by its 0: the trailing empty tuple keeps the quotient
        assert!(ev.eval_flat(&[1, 2]).is_err());
        assert!(ev.try_eval(1).is_err());
        assert_eq!(ev.eval_natural(&[1, 2]).unwrap(), 9);
    }

    #[test]
    fn test_non_integer_strides() {
        let f2 = Layout::new(L(8), L(Scalar::F2(F2(3)))).unwrap();
        let e = f2.evaluator().unwrap_err();
        assert_eq!(e.class(), ErrorClass::TypeError);
        assert!(e.to_string().contains("F3"), "{e}");
        let arith = Layout::new(
            T(vec![L(2), L(3)]),
            T(vec![L(Scalar::Int(1)), L(ArithTuple::e(&[0]))]),
        )
        .unwrap();
        assert_eq!(
            arith.evaluator().unwrap_err().class(),
            ErrorClass::TypeError
        );
    }

    #[test]
    fn test_overflow() {
        let big = layout(t(vec![L(1 << 32), L(1 << 32)]), t(vec![L(1), L(0)]));
        let e = big.evaluator().unwrap_err();
        assert!(matches!(e, Error::Overflow { .. }), "{e}");
        // Size fits, the greatest offset does not.
        let far = layout(t(vec![L(1 << 20), L(4)]), t(vec![L(1 << 44), L(1)]));
        assert!(matches!(far.evaluator(), Err(Error::Overflow { .. })));
        // Nor the least.
        let low = layout(t(vec![L(1 << 20), L(4)]), t(vec![L(-(1 << 44)), L(1)]));
        assert!(matches!(low.evaluator(), Err(Error::Overflow { .. })));
        // Exactly at the edge: offsets up to i64::MAX - 1, cosize i64::MAX.
        let edge = layout(
            t(vec![L(2), L(2)]),
            t(vec![L(i64::MAX / 2), L(i64::MAX / 2)]),
        );
        for ev in all_ways(&edge) {
            assert_eq!(ev.cosize(), i64::MAX);
            assert_eq!(ev.eval(3), i64::MAX - 1);
            assert_eq!(ev.try_eval(4).unwrap(), i64::MAX - 1);
            assert!(matches!(ev.try_eval(6), Err(Error::Overflow { .. })));
            assert!(matches!(ev.eval_flat(&[0, 3]), Err(Error::Overflow { .. })));
        }
        // Weights that overflow while every offset fits.
        // (2, 2):(2^62, -2^62) has weight -2^62 - 2 * 2^62 < i64::MIN.
        let ws = t(vec![L(1 << 62), L(-(1 << 62))]);
        for ev in all_ways(&layout(t(vec![L(2), L(2)]), ws)) {
            assert_eq!(
                (0..4).map(|i| ev.eval(i)).collect::<Vec<_>>(),
                [0, 1 << 62, -(1 << 62), 0]
            );
            assert_eq!(ev.cosize(), (1 << 62) + 1);
        }
    }

    #[test]
    #[should_panic(expected = "64-bit range")]
    fn test_eval_panics_only_beyond_i64() {
        let ev = layout(L(8), L(1 << 40)).evaluator().unwrap();
        ev.eval(1 << 30);
    }

    #[test]
    fn test_heap_storage_beyond_rank_8() {
        let shape = t((0..11).map(|k| L(2 + k % 3)).collect());
        let stride = t((0..11)
            .map(|k| L(if k % 2 == 0 { 1 << k } else { -(1 << k) }))
            .collect());
        let ev = layout(shape.clone(), stride.clone()).evaluator().unwrap();
        assert!(ev.leaves.is_heap() && ev.modes.is_heap());
        assert!(matches!(ev.strategy, Plan::Long { .. }));
        let size = ev.size();
        for i in (0..size).step_by(97).chain([size - 1, size, -1]) {
            assert_eq!(i128::from(ev.eval(i)), reference(&shape, &stride, i.into()));
        }
        let small = layout(spec_a().0, spec_a().1).evaluator().unwrap();
        assert!(!small.leaves.is_heap());
    }

    impl Evaluator {
        /// `d` if the plan is one product, `n * d`.
        fn scale(&self) -> Option<i64> {
            match &self.strategy {
                Plan::Divide(f) if f.len == 0 => Some(f.first_stride),
                _ => None,
            }
        }

        fn tables(&self) -> Option<&Tables> {
            match &self.strategy {
                Plan::Table(t) => Some(t),
                _ => None,
            }
        }
    }

    #[test]
    fn test_tables() {
        let (s, d) = spec_a();
        let l = layout(s, d);
        // 24 coordinates: the best split is after (3, 2), tables of 6 and 4.
        let ev = Evaluator::with_table_limit(&l, 8).unwrap();
        let tables = ev.tables().unwrap();
        assert_eq!((tables.low.len(), tables.high.len()), (6, 4));
        assert_eq!(&*tables.low, &[0, 2, 4, 1, 3, 5]);
        assert_eq!(&*tables.high, &[0, 6, 12, 18]);
        assert!(!Evaluator::with_table_limit(&l, 5).unwrap().is_tabulated());
        assert!(l.evaluator().unwrap().is_tabulated());
        // Power-of-two splits divide by shifting.
        let p = layout(t(vec![L(8), L(4), L(16)]), t(vec![L(1), L(-64), L(8)]));
        let ev = Evaluator::with_table_limit(&p, 32).unwrap();
        assert!(ev.tables().unwrap().pow2);
        for i in 0..ev.size() {
            assert_eq!(
                i128::from(ev.eval(i)),
                reference(&p.shape(), &t(vec![L(1), L(-64), L(8)]), i.into())
            );
        }
        // No balanced split: (2, 1000) has halves of 2000, 1000 or 2000.
        let q = layout(t(vec![L(2), L(1000)]), t(vec![L(1000), L(1)]));
        assert!(!q.evaluator().unwrap().is_tabulated());
        // Empty layouts have nothing to tabulate.
        let z = layout(t(vec![L(2), L(0)]), t(vec![L(1), L(2)]));
        assert!(!z.evaluator().unwrap().is_tabulated());
    }

    #[test]
    fn test_plans() {
        let plan = |l: &Layout, limit: usize| match Evaluator::with_table_limit(l, limit)
            .unwrap()
            .strategy
        {
            Plan::Identity => "identity",
            Plan::Divide(f) if f.len == 0 => "scale",
            Plan::Table(_) => "table",
            Plan::Bits(_) => "bits",
            Plan::Shift(_) => "shift",
            Plan::Divide(_) => "divide",
            Plan::Long { .. } => "long",
        };
        let pow2 = layout(
            t(vec![t(vec![L(8), L(4)]), t(vec![L(2), L(16)])]),
            t(vec![t(vec![L(1), L(64)]), t(vec![L(8), L(128)])]),
        );
        assert_eq!(plan(&pow2, DEFAULT_TABLE_LIMIT), "table");
        assert_eq!(plan(&pow2, 0), "bits");
        // A stride that is not a power of two: shifts and products.
        let pow2_shape = layout(t(vec![L(8), L(4), L(2)]), t(vec![L(1), L(24), L(-8)]));
        assert_eq!(plan(&pow2_shape, 0), "shift");
        // Strides 0 and extents 1 are allowed too.
        let (s, d) = (
            t(vec![L(4), L(1), t(vec![L(8), L(2)])]),
            t(vec![L(0), L(4), t(vec![L(2), L(1 << 40)])]),
        );
        let l = layout(s.clone(), d.clone());
        assert_eq!(plan(&l, 0), "bits");
        let ev = Evaluator::with_table_limit(&l, 0).unwrap();
        for i in -70..140 {
            assert_eq!(i128::from(ev.eval(i)), reference(&s, &d, i.into()), "{i}");
        }
        // One prefix product (6) is not a power of two.
        let mixed = layout(t(vec![L(2), L(3), L(4)]), t(vec![L(1), L(3), L(7)]));
        assert_eq!(plan(&mixed, 0), "divide");
        // The same shape compact: it coalesces to 24:1, the identity, in
        // bounds and out; with stride 2, 24:2, one product.
        let compact = layout(t(vec![L(2), L(3), L(4)]), t(vec![L(1), L(2), L(6)]));
        assert_eq!(plan(&compact, 0), "identity");
        let even = layout(t(vec![L(2), L(3), L(4)]), t(vec![L(2), L(4), L(12)]));
        assert_eq!(plan(&even, 0), "scale");
        // Nine leaves, eight terms: the largest fixed-size plan; ten: long.
        for (count, want) in [(9, "bits"), (10, "long")] {
            let s = t((0..count).map(|_| L(2)).collect());
            let d = t((0..count).map(|k| L(1 << (count - 1 - k))).collect());
            let l = layout(s.clone(), d.clone());
            assert_eq!(plan(&l, 0), want);
            let ev = Evaluator::with_table_limit(&l, 0).unwrap();
            for i in -3..(1 << count) + 3 {
                assert_eq!(i128::from(ev.eval(i)), reference(&s, &d, i.into()));
            }
        }
        let s = t((0..9).map(|k| L(2 + k % 2)).collect());
        let d = t((0..9).map(|k| L(k * 7 - 20)).collect());
        let l = layout(s.clone(), d.clone());
        assert_eq!(plan(&l, 0), "divide");
        let ev = Evaluator::with_table_limit(&l, 0).unwrap();
        for i in (-50..ev.size() + 50).step_by(7) {
            assert_eq!(i128::from(ev.eval(i)), reference(&s, &d, i.into()));
        }
        // Beyond 2^31 coordinates the divisions are multiply-highs; just
        // below, they are still narrow.
        for (e, want) in [((1 << 31) / 15 + 1, "long"), ((1 << 31) / 15, "divide")] {
            let s = t(vec![L(3), L(5), L(e)]);
            let d = t(vec![L(7), L(-2), L(100)]);
            let s2 = t(vec![L(4), L(e)]);
            let d2 = t(vec![L(-1), L(9)]);
            for (s, d) in [(s.clone(), d.clone()), (s2, d2)] {
                let l = layout(s.clone(), d.clone());
                let ev = Evaluator::with_table_limit(&l, 0).unwrap();
                let size = ev.size();
                let probes = (0..2000).chain((size - 2000..size + 10).step_by(3));
                for i in probes.chain((0..size).step_by(99_991)) {
                    assert_eq!(
                        i128::from(ev.eval(i)),
                        reference(&s, &d, i.into()),
                        "{l} at {i}"
                    );
                }
            }
            assert_eq!(plan(&layout(s, d), 0), want);
        }
    }

    #[test]
    fn test_narrow_division() {
        let max = Narrow::MAX;
        let mut divisors: Vec<u64> = (1..=300).collect();
        divisors.extend([
            641,
            1000,
            65535,
            65536,
            65537,
            (1 << 30) - 1,
            1 << 30,
            (1 << 30) + 1,
        ]);
        divisors.extend([max / 3, max - 1, max]);
        for d in divisors {
            let q = Narrow::new(d);
            let edges = [0, 1, d - 1, d, d + 1, 2 * d - 1, max / d * d, max - 1, max];
            for n in (0..2000).chain(edges).chain((0..max).step_by(7_654_321)) {
                let n = n.min(max);
                assert_eq!(q.quotient(n), n / d, "{n} / {d}");
            }
        }
    }

    #[test]
    fn test_for_each_and_sum() {
        let (s, d) = spec_a();
        let l = layout(s, d);
        for ev in all_ways(&l) {
            for (a, b) in [
                (0, 24),
                (-5, 3),
                (20, 30),
                (-7, -2),
                (30, 40),
                (5, 5),
                (9, 2),
                (-3, 40),
            ] {
                let mut seen = Vec::new();
                ev.for_each(a..b, |i, v| seen.push((i, v)));
                let want: Vec<(i64, i64)> = (a..b).map(|i| (i, ev.eval(i))).collect();
                assert_eq!(seen, want, "{l} over {a}..{b}");
                assert_eq!(ev.sum(a..b).unwrap(), want.iter().map(|p| p.1).sum::<i64>());
            }
        }
        // Empty layouts: every index is out of bounds.
        let z = layout(t(vec![L(2), L(0)]), t(vec![L(1), L(2)]));
        let ev = z.evaluator().unwrap();
        let mut seen = Vec::new();
        ev.for_each(-2..3, |i, v| seen.push((i, v)));
        assert_eq!(seen, (-2..3).map(|i| (i, ev.eval(i))).collect::<Vec<_>>());
        // The sum is checked; so is each out-of-bounds offset.
        let big = layout(L(4), L(1 << 61));
        for ev in all_ways(&big) {
            assert_eq!(ev.sum(0..3).unwrap(), 3 << 61);
            let e = ev.sum(0..4).unwrap_err();
            assert!(matches!(e, Error::Overflow { .. }), "{e}");
            assert!(e.to_string().contains("0..4"), "{e}");
            assert!(matches!(ev.sum(0..9), Err(Error::Overflow { .. })));
            assert_eq!(ev.sum(-1..1).unwrap(), -(1 << 61));
        }
    }

    #[test]
    fn test_layout_like() {
        fn total(l: &impl LayoutLike) -> i64 {
            (0..l.size()).map(|i| l.eval(i)).sum()
        }
        struct Show<'a>(&'a Evaluator);
        impl fmt::Display for Show<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt_layout(f)
            }
        }
        let (s, d) = spec_a();
        let ev = layout(s, d).evaluator().unwrap();
        assert_eq!(total(&ev), (0..24).sum::<i64>());
        assert_eq!(LayoutLike::rank(&ev), 2);
        assert_eq!(LayoutLike::cosize(&ev), 24);
        assert_eq!(Show(&ev).to_string(), "(3, (2, 4)):(2, (1, 6))");
    }

    /// The terms `(coordinate, stride)` of the specification's evaluation of
    /// the integral coordinate `idx`, in the order [`reference`] adds them.
    fn reference_terms(
        shape: &IntTuple,
        stride: &HTuple<i64>,
        idx: i128,
        out: &mut Vec<(i128, i64)>,
    ) {
        match (shape, stride) {
            (L(_), L(s)) => out.push((idx, *s)),
            (T(ms), T(ds)) => {
                let mut q = idx;
                for (k, (m, d)) in ms.iter().zip(ds).enumerate() {
                    if k + 1 == ms.len() {
                        reference_terms(m, d, q, out);
                    } else {
                        let sz = size_of(m);
                        reference_terms(m, d, q.rem_euclid(sz), out);
                        q = q.div_euclid(sz);
                    }
                }
            }
            _ => unreachable!("congruent by construction"),
        }
    }

    /// The exact sum of the products `c * s`, if it fits an `i64`. Each
    /// product (below `2^127` in magnitude) splits into a multiple of
    /// `2^64` and a rest in `[0, 2^64)`, summed apart, so that no partial
    /// sum overflows.
    fn exact_sum(terms: &[(i128, i64)]) -> Option<i64> {
        let (mut hi, mut lo) = (0i128, 0i128);
        for &(c, s) in terms {
            let p = c.checked_mul(i128::from(s)).expect("|c|, |s| <= 2^63");
            hi += p >> 64;
            lo += p & i128::from(u64::MAX);
        }
        hi += lo >> 64;
        let lo = (lo & i128::from(u64::MAX)) as u64;
        // hi * 2^64 + lo fits an i64 iff it is lo read as an i64
        let fits = (hi == 0 && lo < 1 << 63) || (hi == -1 && lo >= 1 << 63);
        fits.then_some(lo as i64)
    }

    /// The exact offset of the integral coordinate `idx`, if it fits an `i64`.
    fn exact(shape: &IntTuple, stride: &HTuple<i64>, idx: i64) -> Option<i64> {
        let mut terms = Vec::new();
        reference_terms(shape, stride, idx.into(), &mut terms);
        exact_sum(&terms)
    }

    /// The exact offset of a flat coordinate (one entry per mode).
    fn exact_flat(shape: &IntTuple, stride: &HTuple<i64>, crd: &[i64]) -> Option<i64> {
        let mut terms = Vec::new();
        for ((m, d), &c) in shape.modes().iter().zip(stride.modes()).zip(crd) {
            reference_terms(m, d, c.into(), &mut terms);
        }
        exact_sum(&terms)
    }

    /// The exact offset of a natural coordinate (one entry per leaf).
    fn exact_natural(stride: &HTuple<i64>, crd: &[i64]) -> Option<i64> {
        let terms: Vec<(i128, i64)> = stride
            .leaves()
            .zip(crd)
            .map(|(&s, &c)| (c.into(), s))
            .collect();
        exact_sum(&terms)
    }

    #[test]
    fn test_exact_sum() {
        let big = i128::from(i64::MIN);
        assert_eq!(exact_sum(&[(3, 4), (-2, 5)]), Some(2));
        assert_eq!(exact_sum(&[(big, -1)]), None);
        assert_eq!(exact_sum(&[(big, 1)]), Some(i64::MIN));
        assert_eq!(exact_sum(&[(big, -1), (-1, 1)]), Some(i64::MAX));
        // partial sums of 2^126 cancel
        let terms = [
            (big, i64::MIN),
            (big, i64::MIN),
            (-big, i64::MIN),
            (-big, i64::MIN),
        ];
        assert_eq!(exact_sum(&terms), Some(0));
        assert_eq!(exact_sum(&terms[..3]), None);
        // the kernel's sum: partial sums beyond an i128 that cancel
        let (min, max) = (i64::MIN, i64::MAX);
        let mut e = ExactSum::new();
        for (c, s) in [(min, min), (min, min), (max, min), (max, min), (2, min)] {
            e.add(c, s);
        }
        assert_eq!(e.get(), Some(0));
        e.add(max, 1);
        assert_eq!(e.get(), Some(i64::MAX));
        e.add(1, 1);
        assert_eq!(e.get(), None);
        // Four products of 2^126 sum to 2^128, 0 modulo 2^128: an error.
        let min = i64::MIN;
        let l = layout(t(vec![L(1); 4]), t(vec![L(min); 4]));
        let ev = l.evaluator().unwrap();
        assert!(ev.eval_natural(&[min; 4]).is_err());
        assert!(ev.eval_flat(&[min; 4]).is_err());
        // Partial sums beyond an i128 that cancel:
        // 2 * 2^126 + 2 * (2^63 - 1) * -2^63 + 2 * -2^63 == 0.
        let crd = [min, min, i64::MAX, i64::MAX, 2];
        let l = layout(t(vec![L(1); 5]), t(vec![L(min); 5]));
        let ev = l.evaluator().unwrap();
        assert_eq!(exact_natural(&t(vec![L(min); 5]), &crd), Some(0));
        assert_eq!(ev.eval_natural(&crd).unwrap(), 0);
        assert_eq!(ev.eval_flat(&crd).unwrap(), 0);
    }

    /// Every evaluation of `s:d`, each compiled three ways, against the
    /// exact reference: the integral coordinates `ints` and the first
    /// entries of `raw` as a flat and as a natural coordinate, as they are
    /// and reduced into bounds. An overflow is an error exactly when the
    /// true offset does not fit an `i64`. A layout the evaluator rejects
    /// (its offsets leave the 64-bit range) is skipped.
    fn check_layout(
        s: &IntTuple,
        d: &HTuple<i64>,
        ints: &[i64],
        raw: &[i64],
    ) -> core::result::Result<(), TestCaseError> {
        let l = layout(s.clone(), d.clone());
        let Ok(first) = l.evaluator() else {
            return Ok(());
        };
        let size = first.size();
        let mode_sizes: Vec<i64> = s.modes().iter().map(|m| size_of(m) as i64).collect();
        let extents: Vec<i64> = s.leaves().copied().collect();
        let mut flats = Vec::new();
        let mut naturals = Vec::new();
        if raw.len() >= mode_sizes.len() {
            let crd = &raw[..mode_sizes.len()];
            flats.push(crd.to_vec());
            if size > 0 {
                flats.push(
                    crd.iter()
                        .zip(&mode_sizes)
                        .map(|(&c, &m)| c.rem_euclid(m))
                        .collect(),
                );
            }
        }
        // each mode's last coordinate, and one past it, the others 0 or last
        for m in 0..mode_sizes.len() {
            for past in [0, 1] {
                let mut crd: Vec<i64> = mode_sizes.iter().map(|&z| z - 1).collect();
                crd[m] += past;
                flats.push(crd.clone());
                crd.iter_mut().for_each(|c| *c = 0);
                crd[m] = mode_sizes[m] - 1 + past;
                flats.push(crd);
            }
        }
        for k in 0..extents.len() {
            let mut crd = vec![0; extents.len()];
            crd[k] = extents[k];
            naturals.push(crd);
        }
        if raw.len() >= extents.len() {
            let crd = &raw[..extents.len()];
            naturals.push(crd.to_vec());
            if size > 0 {
                naturals.push(
                    crd.iter()
                        .zip(&extents)
                        .map(|(&c, &e)| c.rem_euclid(e))
                        .collect(),
                );
            }
        }
        let edges = [0, 1, size - 1, size, size + 1, -1, i64::MIN, i64::MAX];
        let inside: Vec<i64> = ints
            .iter()
            .filter(|_| size > 0)
            .map(|i| i.rem_euclid(size.max(1)))
            .collect();
        for ev in all_ways(&l) {
            prop_assert_eq!(ev.size(), size);
            for &i in ints.iter().chain(&inside).chain(&edges) {
                let want = exact(s, d, i);
                prop_assert_eq!(ev.try_eval(i).ok(), want, "{} at {}", l, i);
                if let Some(w) = want {
                    prop_assert_eq!(ev.eval(i), w, "{} at {}", l, i);
                }
            }
            for crd in &flats {
                let want = exact_flat(s, d, crd);
                prop_assert_eq!(ev.eval_flat(crd).ok(), want, "{} at {:?}", l, crd);
                prop_assert_eq!(ev.eval_modes(crd).ok(), want, "{} at {:?}", l, crd);
                if let Some(w) = want {
                    match *crd.as_slice() {
                        [i, j] => prop_assert_eq!(ev.eval2(i, j), w, "{} at {:?}", l, crd),
                        [i, j, k] => prop_assert_eq!(ev.eval3(i, j, k), w, "{} at {:?}", l, crd),
                        _ => {}
                    }
                }
                // in bounds, the flat coordinate is the integral one
                // i = sum_m c_m * prod_{k < m} size_k
                if crd
                    .iter()
                    .zip(&mode_sizes)
                    .all(|(&c, &m)| (0..m).contains(&c))
                {
                    let (i, _) = crd
                        .iter()
                        .zip(&mode_sizes)
                        .fold((0, 1), |(i, p), (&c, &m)| (i + c * p, p * m));
                    prop_assert_eq!(ev.eval_flat(crd).ok(), Some(ev.eval(i)));
                }
            }
            for crd in &naturals {
                let want = exact_natural(d, crd);
                prop_assert_eq!(ev.eval_natural(crd).ok(), want, "{} at {:?}", l, crd);
            }
            // one entry too many
            prop_assert!(ev.eval_flat(&vec![0; mode_sizes.len() + 1]).is_err());
            prop_assert!(ev.eval_natural(&vec![0; extents.len() + 1]).is_err());
        }
        Ok(())
    }

    #[test]
    fn test_coalesced_identity() {
        // (128, 64):(1, 128) and (4, 8):(1, 4) are the identity everywhere
        for (s, d) in [
            (t(vec![L(128), L(64)]), t(vec![L(1), L(128)])),
            (t(vec![L(4), L(8)]), t(vec![L(1), L(4)])),
            (
                t(vec![t(vec![L(2), L(1)]), t(vec![L(3), L(4)])]),
                t(vec![t(vec![L(1), L(9)]), t(vec![L(2), L(6)])]),
            ),
            (L(1), L(1)),
        ] {
            let l = layout(s.clone(), d.clone());
            for ev in all_ways(&l) {
                assert!(matches!(ev.strategy, Plan::Identity), "{l}");
                for i in [-5, 0, 7, 31, 32, 1000, i64::MIN, i64::MAX] {
                    assert_eq!(ev.eval(i), i, "{l} at {i}");
                    assert_eq!(ev.try_eval(i).ok(), exact(&s, &d, i), "{l} at {i}");
                }
            }
        }
        // The identity in bounds only: a trailing extent-1 leaf whose
        // stride does not continue, a trailing empty tuple (the excess is
        // dropped), a last leaf of stride other than the size before it.
        for (s, d) in [
            (t(vec![L(4), L(1)]), t(vec![L(1), L(7)])),
            (t(vec![L(4), t(vec![])]), t(vec![L(1), t(vec![])])),
            (
                t(vec![L(4), t(vec![L(2), t(vec![])])]),
                t(vec![L(1), t(vec![L(4), t(vec![])])]),
            ),
            (t(vec![L(4), L(1)]), t(vec![L(1), L(0)])),
        ] {
            let l = layout(s.clone(), d.clone());
            for ev in all_ways(&l) {
                assert_eq!(ev.scale(), Some(1), "{l}");
                for i in -20..20 {
                    assert_eq!(ev.try_eval(i).ok(), exact(&s, &d, i), "{l} at {i}");
                }
                assert_ne!(ev.eval(9), 9, "{l}");
                assert_eq!(ev.eval(3), 3, "{l}");
            }
        }
        // A single mode n * d after coalescing: one product, in bounds.
        let (s, d) = (
            t(vec![L(2), t(vec![L(3), L(4)])]),
            t(vec![L(-3), t(vec![L(-6), L(-18)])]),
        );
        let l = layout(s.clone(), d.clone());
        let ev = l.evaluator().unwrap();
        assert_eq!(ev.scale(), Some(-3));
        for i in (-30..60).chain([i64::MIN, i64::MAX, i64::MAX / 3, i64::MAX / 3 + 1]) {
            assert_eq!(ev.try_eval(i).ok(), exact(&s, &d, i), "{l} at {i}");
        }
    }

    impl Evaluator {
        /// The kind of each mode's plan.
        fn mode_kinds(&self) -> Vec<&'static str> {
            self.head
                .iter()
                .chain(self.tail.iter())
                .take(self.rank)
                .map(|m| match &m.kind {
                    ModeKind::Split { low, last: 0, .. } if low.len() > 1 => "table",
                    ModeKind::Split { low, .. } if low.len() == 1 => "product",
                    ModeKind::Split { .. } => "split",
                    ModeKind::Plan(_) => "plan",
                })
                .collect()
        }
    }

    #[test]
    fn test_mode_plans() {
        // ((8, 4), (2, 16), (3, 5), 7, (2, 1000)) : ((1, 64), (8, 128), (5000, 1), 33, (-1, 100))
        let s = t(vec![
            t(vec![L(8), L(4)]),
            t(vec![L(2), L(16)]),
            t(vec![L(3), L(5)]),
            L(7),
            t(vec![L(3), L(1000)]),
            t(vec![L(4), L(2), t(vec![])]),
        ]);
        let d = t(vec![
            t(vec![L(1), L(64)]),
            t(vec![L(8), L(128)]),
            t(vec![L(5000), L(1)]),
            L(33),
            t(vec![L(-1), L(100)]),
            t(vec![L(1), L(4), t(vec![])]),
        ]);
        let l = layout(s.clone(), d.clone());
        let ev = l.evaluator().unwrap();
        // split after a power of two, whole table, one leaf, a plan of
        // divisions (3 * 1000 > 256), a mode that coalesces to one leaf
        assert_eq!(
            ev.mode_kinds(),
            ["split", "split", "table", "product", "plan", "product"]
        );
        let none = Evaluator::with_table_limit(&l, 0).unwrap();
        // no tables: a product where a mode is one leaf, else the plan
        assert_eq!(
            none.mode_kinds(),
            ["plan", "plan", "plan", "product", "plan", "product"]
        );
        for ev in all_ways(&l) {
            for c in [
                -3, 0, 1, 2, 5, 7, 8, 14, 15, 16, 31, 32, 33, 2999, 3000, 3001,
            ] {
                for m in 0..6 {
                    let mut crd = vec![1, 2, 3, 4, 5, 6];
                    crd[m] = c;
                    assert_eq!(
                        ev.eval_flat(&crd).ok(),
                        exact_flat(&s, &d, &crd),
                        "{l} at {crd:?}"
                    );
                }
            }
        }
        // more than three modes: the tail
        assert_eq!(ev.tail.len(), 3);
        // A rank-3 layout; eval3 in and out of bounds.
        let (s, d) = (
            t(vec![t(vec![L(3), L(4)]), L(5), t(vec![L(2), L(6)])]),
            t(vec![t(vec![L(1), L(30)]), L(3), t(vec![L(15), L(120)])]),
        );
        let l = layout(s.clone(), d.clone());
        for ev in all_ways(&l) {
            for (i, j, k) in [
                (0, 0, 0),
                (11, 4, 11),
                (12, 0, 0),
                (0, 5, 0),
                (0, 0, 12),
                (-1, -1, -1),
                (5, 3, 7),
            ] {
                assert_eq!(Some(ev.eval3(i, j, k)), exact_flat(&s, &d, &[i, j, k]));
            }
        }
    }

    #[test]
    #[should_panic(expected = "rank 3")]
    fn test_eval2_panics_on_rank() {
        let (s, d) = (t(vec![L(2), L(3), L(4)]), t(vec![L(1), L(2), L(6)]));
        layout(s, d).evaluator().unwrap().eval2(0, 0);
    }

    #[test]
    #[should_panic(expected = "rank 2")]
    fn test_eval3_panics_on_rank() {
        let (s, d) = spec_a();
        layout(s, d).evaluator().unwrap().eval3(0, 0, 0);
    }

    #[test]
    #[should_panic(expected = "64-bit range")]
    fn test_eval2_panics_only_beyond_i64() {
        let ev = layout(t(vec![L(8), L(8)]), t(vec![L(1 << 40), L(1)]))
            .evaluator()
            .unwrap();
        assert_eq!(ev.eval2(1 << 20, 0), 1 << 60);
        ev.eval2(1 << 30, 0);
    }

    #[test]
    fn test_empty_layout_modes() {
        // size 0: no coordinate is in bounds, every one is checked
        let (s, d) = (t(vec![L(3), L(0)]), t(vec![L(1 << 62), L(1)]));
        let l = layout(s.clone(), d.clone());
        let ev = l.evaluator().unwrap();
        assert_eq!(ev.size(), 0);
        for crd in [[0, 0], [2, 0], [1, 5], [-1, -1]] {
            assert_eq!(ev.eval_flat(&crd).ok(), exact_flat(&s, &d, &crd), "{crd:?}");
            assert_eq!(
                ev.eval_natural(&crd).ok(),
                exact_natural(&d, &crd),
                "{crd:?}"
            );
        }
        assert!(ev.eval_flat(&[2, 0]).is_err());
        assert!(ev.eval_natural(&[2, 0]).is_err());
    }

    /// A random layout: depth at most 3, up to 9 leaves, small extents and
    /// strides of either sign.
    fn arb_layout() -> impl Strategy<Value = (IntTuple, HTuple<i64>)> {
        let leaf = (1i64..=6, -40i64..=40).prop_map(|(e, s)| (L(e), L(s)));
        leaf.prop_recursive(3, 9, 4, |inner| {
            prop::collection::vec(inner, 0..4).prop_map(|v| {
                let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
                (T(s), T(d))
            })
        })
    }

    /// A random layout with strides of any size: small ones, powers of two
    /// of either sign, any `i64`; small extents. Many have offsets beyond
    /// the 64-bit range, and the evaluator rejects them.
    fn arb_big_layout() -> impl Strategy<Value = (IntTuple, HTuple<i64>)> {
        let stride = prop_oneof![
            3 => -40i64..=40,
            3 => (0u32..63, any::<bool>()).prop_map(|(k, neg)| if neg { -(1i64 << k) } else { 1 << k }),
            1 => any::<i64>(),
            1 => Just(i64::MIN),
        ];
        let leaf = (1i64..=3, stride).prop_map(|(e, s)| (L(e), L(s)));
        leaf.prop_recursive(3, 6, 3, |inner| {
            prop::collection::vec(inner, 0..4).prop_map(|v| {
                let (s, d): (Vec<_>, Vec<_>) = v.into_iter().unzip();
                (T(s), T(d))
            })
        })
    }

    /// A random layout that mostly coalesces: the compact colexicographic
    /// strides of a random shape times 1, 2, -1 or 0, perhaps with one
    /// stride changed, and perhaps a trailing empty tuple or extent-1 leaf.
    fn arb_compact_layout() -> impl Strategy<Value = (IntTuple, HTuple<i64>)> {
        (
            arb_layout(),
            prop_oneof![Just(1i64), Just(2), Just(-1), Just(0)],
            prop::option::of((0usize..9, -40i64..=40)),
            0u8..5,
            -40i64..=40,
        )
            .prop_map(|((shape, _), scale, change, tail, x)| {
                let (mut k, mut prefix) = (0, scale);
                let stride = shape.map(&mut |&e| {
                    let s = match change {
                        Some((j, v)) if j == k => v,
                        _ => prefix,
                    };
                    k += 1;
                    prefix *= e;
                    s
                });
                match tail {
                    // (S, ()):(D, ())
                    0 => (T(vec![shape, T(vec![])]), T(vec![stride, T(vec![])])),
                    // (S, 1):(D, x), and (S, 1):(D, size * scale), which continues
                    1 => (T(vec![shape, L(1)]), T(vec![stride, L(x)])),
                    2 => (T(vec![shape, L(1)]), T(vec![stride, L(prefix)])),
                    _ => (shape, stride),
                }
            })
    }

    /// Probes: mostly small integers, some of any size.
    fn probes(n: usize) -> impl Strategy<Value = Vec<i64>> {
        let one = prop_oneof![
            6 => -100i64..100,
            2 => any::<i64>(),
            1 => -(1i64 << 33)..(1 << 33),
        ];
        prop::collection::vec(one, n)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_every_form_matches_the_exact_reference((s, d) in arb_layout(), ints in probes(8), raw in probes(12)) {
            check_layout(&s, &d, &ints, &raw)?;
        }

        #[test]
        fn prop_big_strides_overflow_exactly((s, d) in arb_big_layout(), ints in probes(8), raw in probes(12)) {
            check_layout(&s, &d, &ints, &raw)?;
        }

        #[test]
        fn prop_coalesced_plans_match_the_exact_reference((s, d) in arb_compact_layout(), ints in probes(8), raw in probes(12)) {
            check_layout(&s, &d, &ints, &raw)?;
        }

        #[test]
        fn prop_eval_matches_reference((s, d) in arb_layout(), probes in prop::collection::vec(any::<i64>(), 8)) {
            let l = layout(s.clone(), d.clone());
            for ev in all_ways(&l) {
            prop_assert_eq!(i128::from(ev.size()), size_of(&s));
            let size = ev.size();
            let mut hi = i128::MIN;
            for i in (0..size).step_by(((size / 500) as usize).max(1)) {
                let want = reference(&s, &d, i.into());
                prop_assert_eq!(i128::from(ev.eval(i)), want);
                hi = hi.max(want);
            }
            // The greatest offset is at the corner picking e - 1 where the
            // stride is positive; check the cosize against it by brute force
            // for small layouts.
            if size <= 4096 {
                let hi_all = (0..size).map(|i| reference(&s, &d, i.into())).max().unwrap();
                prop_assert_eq!(i128::from(ev.cosize()), hi_all + 1);
            } else {
                prop_assert!(i128::from(ev.cosize()) > hi);
            }
            // Arbitrary indices, in or out of bounds, negative or not.
            for &p in &probes {
                let i = p % (4 * size.max(1));
                let want = reference(&s, &d, i.into());
                prop_assert_eq!(ev.try_eval(i).map(i128::from).ok(), Some(want));
                let r = ev.try_eval(p);
                let want = reference(&s, &d, p.into());
                match i64::try_from(want) {
                    Ok(w) => prop_assert_eq!(r.unwrap(), w),
                    Err(_) => prop_assert!(r.is_err()),
                }
            }
            }
        }

        #[test]
        fn prop_for_each_and_sum_match_eval((s, d) in arb_layout(), a in -50i64..50, len in 0i64..200) {
            let l = layout(s, d);
            for ev in all_ways(&l) {
                let b = a + len;
                let mut seen = Vec::new();
                ev.for_each(a..b, |i, v| seen.push((i, v)));
                let want: Vec<(i64, i64)> = (a..b).map(|i| (i, ev.eval(i))).collect();
                let total = want.iter().try_fold(0i64, |acc, p| acc.checked_add(p.1));
                prop_assert_eq!(seen, want);
                prop_assert_eq!(ev.sum(a..b).ok(), total);
            }
        }

        #[test]
        fn prop_eval_flat_matches_reference((s, d) in arb_layout(), raw in prop::collection::vec(-100i64..100, 4)) {
            let ev = layout(s.clone(), d.clone()).evaluator().unwrap();
            let crd: Vec<i64> = raw.into_iter().take(ev.rank()).collect();
            prop_assume!(crd.len() == ev.rank());
            prop_assert_eq!(i128::from(ev.eval_flat(&crd).unwrap()), reference_flat(&s, &d, &crd));
        }
    }
}
