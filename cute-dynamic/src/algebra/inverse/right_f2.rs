//! The F2 right inverse: the chain of swizzle strides, each mode's stride in
//! the result searched over the domain on which A is XOR-linear.

use cute_core::{Error, Result};
use smallvec::SmallVec;

use super::{push_modes, RIGHT};
use crate::algebra::flat::{prefix_products, sort_modes_by_key, Modes};
use crate::layout::{Layout, Mode, INLINE};
use crate::swizzle::F2;
use crate::typedefs::Scalar;

/// The F2 right inverse: the chain of strides `cur ^ carry`, where `cur` is
/// the running extent (a power of two) and `carry` a value the chain already
/// covers, which must stay inside the covered range `[0, cur)` over the
/// mode's whole extent: `v * carry < cur` (carry-less) for every `v < s`.
///
/// A mode of the chain has a power-of-two prefix product `p`, so that the
/// result can reach it with an F2 stride. Its extent may be any `s >= 2`:
/// a power of two lets the chain go on (the covered range `[0, cur * s)` is
/// again closed under XOR), any other extent ends it, since no stride can
/// follow a covered range that XOR does not keep (over the integers the
/// chain would go on). So `right_inverse((4, (4, 3)):(F1, (F5, F16)))` is
/// `(4, 4, 3):(F1, F5, F16)`.
///
/// Each mode the chain takes gets a stride `r` in the result with
/// `A(R(x) ^ v * r) == x + cur * v` for `x < cur`, `v < s`, every index in
/// A's domain ([`F2Domain::stride_for`]); where there is none, the chain
/// stops there.
pub(super) fn f2_right_inverse(a: &Layout, l: &mut Layout) -> Result<()> {
    let modes = a.leaves();
    let mut prefix = SmallVec::new();
    prefix_products(RIGHT, modes, &mut prefix)?;
    let mut chain: SmallVec<[(u64, i64, i64); INLINE]> = SmallVec::new();
    for (&(s, ref d), &p) in modes.iter().zip(prefix.iter()) {
        if let Scalar::F2(F2(d)) = *d {
            if d != 0 && s != 1 {
                chain.push((d, s, p));
            }
        }
    }
    sort_modes_by_key(&mut chain, |m| m.0);
    // The result so far, as (extent, F2 stride) with power-of-two extents, and
    // the running extent 2^bits it covers.
    let mut out: Modes<i64> = Modes::new();
    if modes.iter().all(|m| m.0 > 0) {
        let mut dom = F2Domain::new(modes, &prefix)?;
        let mut bits: u32 = 0;
        for &(d, s, p) in chain.iter() {
            if bits >= 63 {
                break;
            }
            let cur = 1u64 << bits;
            if d < cur || !pow2(p) {
                // does not extend the chain: a stride inside the covered span
                // (it overlaps), or a mode the result cannot reach with an F2
                // stride; the next mode may
                continue;
            }
            // the bits of the mode's largest coordinate `s - 1`
            let w = 64 - ((s - 1) as u64).leading_zeros();
            if bits + w > 62 {
                break;
            }
            let carry = d ^ cur;
            if carry >= cur {
                // a stride past the running extent leaves a hole, and so does
                // every later (larger) one
                break;
            }
            // The carry must stay inside the covered range over the whole
            // extent: deg(v * carry) < bits for every v < s.
            if carry != 0 && (63 - carry.leading_zeros()) + w > bits {
                break;
            }
            let Some(r) = dom.stride_for(&out, cur, s, p as u64, carry)? else {
                break;
            };
            out.push((s, Scalar::F2(F2(r))));
            if !pow2(s) {
                // the covered range [0, cur * s) is not closed under XOR: no
                // stride can continue it
                break;
            }
            bits += w;
        }
    }
    push_modes(RIGHT, l, |c| {
        out.into_iter().try_for_each(|(s, d)| c.push(s, d))
    })
}

/// True iff `x` is a positive power of two.
fn pow2(x: i64) -> bool {
    x > 0 && (x & (x - 1)) == 0
}

/// The most evaluations of A that [`F2Domain::stride_for`] spends on a mode
/// whose stride it cannot find by linear algebra; past it the chain stops
/// there, which leaves a valid right inverse that may not be the largest.
const EXACT_CHECK: u64 = 1 << 20;

/// The domain of an F2 layout A (extents positive), as the F2 right
/// inverse reaches it.
///
/// The indices below `low` (a power of two) are bit fields of A's
/// power-of-two modes, so A is XOR-linear there: `A(x ^ y) == A(x) ^ A(y)`.
/// `low` is the prefix product of the first mode whose extent is not a
/// power of two (the top mode), or `size(A)` when there is none. Above it,
/// an index `x` is `low * t + (x mod low)`, and A of it is A of the low
/// part XOR A of `low * t`: XOR-ing an index below `low` into any index of
/// the domain is still linear.
struct F2Domain<'a> {
    modes: &'a [Mode],
    size: u64,
    /// log2 of `low`.
    low_bits: u32,
    /// Whether A has a top mode.
    top: bool,
    /// `A(2^k)` for `k < low_bits`, made on first use.
    images: Vec<u64>,
    /// Whether the result so far reaches indices above `low`.
    spilled: bool,
}

impl<'a> F2Domain<'a> {
    fn new(modes: &'a [Mode], prefix: &[i64]) -> Result<Self> {
        let size = match (modes.last(), prefix.last()) {
            (Some(&(s, _)), Some(&p)) => p
                .checked_mul(s)
                .ok_or_else(|| Error::overflow(RIGHT, format!("the size of {modes:?}")))?,
            _ => 1,
        } as u64;
        let top = modes.iter().position(|m| !pow2(m.0));
        let low = top.map_or(size, |k| prefix[k] as u64);
        Ok(F2Domain {
            modes,
            size,
            low_bits: low.trailing_zeros(),
            top: top.is_some(),
            images: Vec::new(),
            spilled: false,
        })
    }

    /// A at the index `x`, `None` outside the domain.
    fn at(&self, x: u64) -> Result<Option<u64>> {
        if x >= self.size {
            return Ok(None);
        }
        eval_f2_modes(self.modes, x as i64)
    }

    /// A stride `r` for the mode of extent `s`, prefix product `p` (a
    /// power of two) and stride `cur ^ carry` that extends the right inverse
    /// `out` (covering `[0, cur)`): `A(out(x) ^ v * r) == x + cur * v` for
    /// every `x < cur` and `v < s`, every index in A's domain. `None` if
    /// there is none (or, where only a search could tell, the search would
    /// exceed [`EXACT_CHECK`]).
    ///
    /// The first candidate is `p ^ out(carry)`, whose image is `cur`: the
    /// prefix product maps to `cur ^ carry` and `out(carry)` cancels the
    /// carry. Where it fails (its shifts leave the domain, or A is not
    /// injective and maps them elsewhere), the stride is solved for as a
    /// linear system over F2 among the indices below `low`; a top mode whose
    /// result so far reaches past `low`, or a stride that needs indices above
    /// it, is found by a search that checks every index.
    fn stride_for(
        &mut self,
        out: &[Mode],
        cur: u64,
        s: i64,
        p: u64,
        carry: u64,
    ) -> Result<Option<u64>> {
        let w = 64 - ((s - 1) as u64).leading_zeros();
        let low = 1u64 << self.low_bits;
        // the mode of the chain is A's top mode: its coordinate v lands at
        // `low * v`, which must not mix with other indices above `low`
        let at_top = self.top && p == low;
        let back = eval_f2(out, carry);
        let r = p ^ back;
        // `r << j` has no bits at or above `low` but the top mode's own
        let stays_low = back == 0 || (64 - back.leading_zeros()) + (w - 1) <= self.low_bits;
        if !(at_top && self.spilled) {
            // A is linear on every index the mode adds: A(r << j) == cur << j
            // for each bit j of its coordinates suffices
            if stays_low && self.maps_shifts(r, cur, w)? {
                return Ok(Some(r));
            }
            if let Some(r) = self.solve(cur, w, at_top)? {
                return Ok(Some(r));
            }
        }
        if !self.top {
            // the domain is closed under XOR and A linear on all of it: the
            // linear system has every solution there is
            return Ok(None);
        }
        // a search over every stride whose index lies in the domain
        let work = self
            .size
            .checked_mul(cur)
            .and_then(|x| x.checked_mul(s as u64));
        if work.is_none_or(|x| x > EXACT_CHECK) {
            return Ok(None);
        }
        let mut cands = core::iter::once(r).chain((1..self.size).filter(|&x| x != r));
        let found = loop {
            let Some(r) = cands.next() else { break None };
            if self.extends_exactly(out, cur, s, r)? {
                break Some(r);
            }
        };
        self.spilled |= found.is_some();
        Ok(found)
    }

    /// True iff `A(r << j) == cur << j` for every `j < w`, each index in the
    /// domain.
    fn maps_shifts(&self, r: u64, cur: u64, w: u32) -> Result<bool> {
        for j in 0..w {
            if self.at(r << j)? != Some(cur << j) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Solves `A(r << j) == cur << j` for `j < w` by Gaussian elimination
    /// over F2, for an `r` whose shifts stay below `low` (or, `at_top`, for
    /// `r = low ^ y` with `y`'s shifts below `low`, the top mode's
    /// coordinate `2^j` at `low << j`).
    fn solve(&mut self, cur: u64, w: u32, at_top: bool) -> Result<Option<u64>> {
        if self.images.len() < self.low_bits as usize {
            self.images.clear();
            for k in 0..self.low_bits {
                self.images.push(self.at(1 << k)?.unwrap_or(0));
            }
        }
        let base = if at_top { 1u64 << self.low_bits } else { 0 };
        let mut target: Vec<u64> = Vec::with_capacity(w as usize);
        for j in 0..w {
            let Some(v) = self.at(base << j)? else {
                return Ok(None);
            };
            target.push((cur << j) ^ v);
        }
        // the unknown bits i of y, with i + j < low_bits for every j < w;
        // column i is (A(2^(i + j)))_j, and the pivots are kept reduced in
        // insertion order
        let n = (self.low_bits + 1).saturating_sub(w);
        let mut rows: Vec<(Vec<u64>, u64, usize)> = Vec::new();
        let pivot = |v: &[u64]| {
            v.iter()
                .enumerate()
                .find(|(_, &x)| x != 0)
                .map(|(k, &x)| k * 64 + x.trailing_zeros() as usize)
        };
        let bit = |v: &[u64], at: usize| v[at / 64] >> (at % 64) & 1 == 1;
        let reduce = |rows: &[(Vec<u64>, u64, usize)], v: &mut Vec<u64>, m: &mut u64| {
            for (rv, rm, at) in rows {
                if bit(v, *at) {
                    v.iter_mut().zip(rv).for_each(|(x, y)| *x ^= y);
                    *m ^= rm;
                }
            }
        };
        for i in 0..n {
            let mut v: Vec<u64> = (0..w).map(|j| self.images[(i + j) as usize]).collect();
            let mut m = 1u64 << i;
            reduce(&rows, &mut v, &mut m);
            if let Some(at) = pivot(&v) {
                rows.push((v, m, at));
            }
        }
        let mut m = 0u64;
        reduce(&rows, &mut target, &mut m);
        Ok(target.iter().all(|&x| x == 0).then_some(base ^ m))
    }

    /// True iff the F2 right inverse `out` (power-of-two extents, covering
    /// `[0, cur)`) followed by the mode `s:F(r)` maps back through A exactly,
    /// within its domain: `A(out(x) ^ v * r) == x + cur * v` for every
    /// `x < cur` and `v < s`.
    fn extends_exactly(&self, out: &[Mode], cur: u64, s: i64, r: u64) -> Result<bool> {
        for v in 1..s as u64 {
            let Ok(hi) = F2(r).clmul(F2(v)) else {
                return Ok(false);
            };
            for x in 0..cur {
                if self.at(eval_f2(out, x) ^ hi.0)? != Some(x + cur * v) {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }
}

/// Evaluates flat F2 modes (power-of-two extents) at `k`.
fn eval_f2(modes: &[Mode], mut k: u64) -> u64 {
    let mut acc = 0u64;
    for (s, r) in modes {
        let Scalar::F2(r) = r else { continue };
        let s = *s as u64;
        let v = k % s;
        k /= s;
        acc ^= r.clmul(F2(v)).map_or(0, |x| x.0);
    }
    acc
}

/// Evaluates the flat modes of an F2 layout at the integral coordinate `x`;
/// `None` if a stride is not an F2 value on the way (the coordinate touches
/// such a mode).
pub(super) fn eval_f2_modes(modes: &[Mode], x: i64) -> Result<Option<u64>> {
    let mut rest = x;
    let mut acc = 0u64;
    for (s, d) in modes {
        let s = *s;
        if s <= 0 {
            return Ok(None);
        }
        let v = rest % s;
        rest /= s;
        if v == 0 {
            continue;
        }
        match d {
            Scalar::F2(f) => acc ^= f.clmul(F2(v as u64))?.0,
            Scalar::Int(0) => {}
            _ => return Ok(None),
        }
    }
    Ok((rest == 0).then_some(acc))
}
