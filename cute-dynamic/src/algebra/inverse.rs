//! Right and left inverses of a layout (Whitepaper, §3.4).
//!
//! A layout `A` maps its domain `[0, size(A))` to a codomain. A *right
//! inverse* `R` walks part of that codomain and returns the coordinates `A`
//! sends there, so `A(R(k)) == k` on the part `R` covers; the largest one
//! follows each codomain axis's chain of strides from 1 upwards while every
//! stride is exactly the extent covered so far. A *left inverse* `L` undoes
//! `A` on its whole domain, `L(A(k)) == k` for an injective `A`, and stretches
//! its own extents over the holes in `A`'s image to do so.
//!
//! Three codomains are handled: the integers (integer strides, symbolic
//! ones included, each condition of the chain decided or `Undecidable`),
//! coordinate spaces `Z^S` (arithmetic-tuple strides `k * E(i)`, each axis
//! inverted on its own) and F2 (swizzle strides, where a stride may also
//! carry bits the chain already covers, since XOR permutes them; machine
//! integers only).

use cute_core::sym::spec_order_key;
use cute_core::{DynInt, Error, Result};
use smallvec::SmallVec;

use super::flat::{
    axes, axis_profile, build_by_axis, is_one, prefix_products, sort_modes_by_key, Coalescer,
    Modes, Ones,
};
use crate::layout::{Layout, Mode, INLINE};
use crate::swizzle::F2;
use crate::typedefs::Scalar;

/// One link of a chain: `(stride, extent, prefix product)` of a mode.
type Link<I> = (I, I, I);

/// A list of links, inline up to [`INLINE`].
type Chain<I> = SmallVec<[Link<I>; INLINE]>;

/// Which codomain the strides of a layout live in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Codomain {
    /// The integers (also: every stride zero).
    Int,
    /// F2: XOR swizzle strides.
    F2,
    /// A coordinate space: arithmetic-tuple strides.
    Coord,
}

fn codomain<I: DynInt>(modes: &[Mode<I>]) -> Codomain {
    let mut kind = Codomain::Int;
    for (_, d) in modes {
        match d {
            Scalar::Arith(_) => return Codomain::Coord,
            Scalar::F2(_) => kind = Codomain::F2,
            Scalar::Int(_) => {}
        }
    }
    kind
}

/// Writes the links of the integer strides of `modes` into `out`.
fn int_links<I: DynInt>(modes: &[Mode<I>], prefix: &[I], out: &mut Chain<I>) {
    for ((s, d), p) in modes.iter().zip(prefix) {
        if let Scalar::Int(d) = d {
            out.push((d.clone(), s.clone(), p.clone()));
        }
    }
}

/// The links of a coordinate layout along the axis `path`, as
/// `(coefficient, extent, prefix)`, with zero-stride modes dropped; `bad`
/// decides about a mode that touches the axis but is not a single term on
/// it.
fn axis_links<I: DynInt>(
    modes: &[Mode<I>],
    prefix: &[I],
    path: &[usize],
    out: &mut Chain<I>,
    mut bad: impl FnMut(&Scalar<I>) -> Result<()>,
) -> Result<()> {
    for ((s, d), p) in modes.iter().zip(prefix) {
        match d {
            Scalar::Arith(a) => match a.single_term() {
                Some((k, q)) if q == path => out.push((I::from_i64(k), s.clone(), p.clone())),
                Some(_) => {}
                None if a.is_zero() => {}
                None => bad(d)?,
            },
            _ if d.is_zero() => {}
            other => bad(other)?,
        }
    }
    Ok(())
}

/// Sorts links by stride, stably, in the specification's order (static
/// values by magnitude, symbolic ones after them, in their order).
fn sort_links<I: DynInt>(chain: &mut [Link<I>]) {
    sort_modes_by_key(chain, |x| spec_order_key(&x.0));
}

/// Appends the modes `f` pushes, coalesced, as a flat layout: `1:0` for
/// none.
fn push_modes<I: DynInt, const N: usize>(
    op: &'static str,
    out: &mut Layout<I, N>,
    f: impl FnOnce(&mut Coalescer<'_, I, N>) -> Result<()>,
) -> Result<()> {
    out.push_flat_with(|m| {
        let mut c = Coalescer::new(op, m, Ones::KeepAlone);
        f(&mut c)?;
        c.finish()
    })
}

// ---------------------------------------------------------------------------
// right_inverse
// ---------------------------------------------------------------------------

const RIGHT: &str = "right_inverse";

/// The largest right inverse of a layout: the largest injective layout `R`
/// that undoes `A` on the part of `A`'s image it covers (Whitepaper, §3.4).
///
/// Each codomain axis is inverted by following its chain of strides in
/// increasing order: a mode continues the chain only if its stride is exactly
/// the running extent `d_{k-1} * s_{k-1}` (over Z and Z^S). Over F2 a stride
/// may also carry any component the covered modes already span, as long as
/// that component stays inside the covered range across the mode's whole
/// extent; where it does not, the chain stops (as the specification says).
/// A mode that does not extend the chain is skipped and the chain goes on
/// with the next mode that does, as CuTe C++ does: extent-1 and zero-stride
/// modes, a stride below the running extent (it overlaps what the chain
/// covers), and over F2 a mode whose prefix product is not a power of two
/// (no F2 stride of `R` reaches it). So `right_inverse((2, 3, 4):(1, 1, 2))`
/// is `(2, 4):(1, 6)`: the mode `3:1` overlaps `2:1` and is skipped. Over F2
/// a mode whose extent is not a power of two extends the chain and ends it
/// (the range it covers is not closed under XOR, so no stride can follow):
/// `right_inverse((4, (4, 3)):(F1, (F5, F16)))` is `(4, 4, 3):(F1, F5,
/// F16)`. The chain also stops where no F2 stride of `R` would map back
/// through `A`: a carry whose inverse leaves the indices on which `A` is
/// XOR-linear. An integer or F2 codomain gives a flat, coalesced `R`; a
/// coordinate codomain gives one coalesced `R` per axis, nested as the
/// codomain is.
///
/// Over symbols, the strides sort as the specification orders them (static
/// by magnitude, symbolic after, in their order), and whether a stride is
/// below, at or past the running extent is decided or `Undecidable`.
///
/// # Pre-conditions
/// None: every layout has a right inverse (at worst `1:0`).
///
/// # Post-conditions
/// `result(A(result(i))) == result(i)` for `i` in `0..size(result)`; over
/// the integers, `A(result(i)) == i`.
///
/// # Errors
/// `ValueError` if a prefix product or a running extent overflows `i64`;
/// `TypeError` for F2 strides beside symbolic extents.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::right_inverse;
/// use cute_dynamic::{ErrorClass, Layout, Scalar};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(right_inverse(&l("(4, 8):(1, 4)")).unwrap(), l("32:1"));
/// assert_eq!(right_inverse(&l("(4, 8):(8, 1)")).unwrap(), l("(8, 4):(4, 1)"));
/// assert_eq!(right_inverse(&l("(4, 8):(1, 5)")).unwrap(), l("4:1"));
/// assert_eq!(right_inverse(&l("(2, 3, 4):(1, 1, 2)")).unwrap(), l("(2, 4):(1, 6)"));
/// assert_eq!(right_inverse(&l("2:0")).unwrap(), l("1:0"));
/// assert_eq!(right_inverse(&l("(8, 8):(F1, F9)")).unwrap(), l("(8, 8):(F1, F9)"));
/// assert_eq!(right_inverse(&l("(8, 8):(F9, F1)")).unwrap(), l("(8, 8):(F8, F9)"));
/// // an extent that is not a power of two ends an F2 chain
/// assert_eq!(right_inverse(&l("(4, (4, 3)):(F1, (F5, F16))")).unwrap(),
///            l("(4, 4, 3):(F1, F5, F16)"));
/// // A coordinate codomain inverts each axis on its own.
/// assert_eq!(right_inverse(&l("(4, 4):(2@0, 1@1)")).unwrap(), l("(1, 4):(0, 4)"));
/// // An extent whose prefix product overflows is an error, not a wrapped number.
/// let big = Layout::from_modes([(1 << 62, Scalar::Int(1)), (4, Scalar::Int(0)), (2, Scalar::Int(0))]).unwrap();
/// assert_eq!(right_inverse(&big).unwrap_err().class(), ErrorClass::ValueError);
/// ```
pub fn right_inverse<I: DynInt>(a: &Layout<I>) -> Result<Layout<I>> {
    let mut out = Layout::building();
    right_inverse_into(a, &mut out).map_err(|e| e.in_op(RIGHT))?;
    Ok(out)
}

fn right_inverse_into<I: DynInt>(a: &Layout<I>, out: &mut Layout<I>) -> Result<()> {
    let modes = a.leaves();
    let mut prefix = SmallVec::new();
    prefix_products(RIGHT, modes, &mut prefix)?;
    match codomain(modes) {
        Codomain::Int => {
            let mut chain = Chain::new();
            int_links(modes, &prefix, &mut chain);
            int_chain(&mut chain, out)?
        }
        Codomain::F2 => {
            let known = a.known(RIGHT)?;
            out.with_known(|out| f2_right_inverse(&known, out))?;
        }
        Codomain::Coord => {
            let profile = axis_profile(&axes(modes), 0);
            build_by_axis(&profile, &mut Vec::new(), out, &mut |path, out| {
                let mut chain = Chain::new();
                axis_links(modes, &prefix, path, &mut chain, |_| Ok(()))?;
                int_chain(&mut chain, out)
            })?;
            // a coordinate codomain's axes together may not be countable
            // (elsewhere the result's extents are some of A's)
            out.check_size(RIGHT)?;
        }
    }
    Ok(())
}

/// Follows an integer chain, given as `(stride, extent, prefix)` links in
/// the domain's order: sorted by stride (stable), each mode of stride equal
/// to the running extent contributes `extent:prefix`; a mode that does not
/// extend the chain (zero stride, extent 1, or a stride below the running
/// extent, which overlaps what the chain covers) is skipped, and the chain
/// goes on with the next mode that does, as CuTe C++ does. (Past a stride
/// above the running extent, every stride is: the chain ends there.) The
/// result is coalesced.
fn int_chain<I: DynInt>(chain: &mut [Link<I>], out: &mut Layout<I>) -> Result<()> {
    sort_links(chain);
    push_modes(RIGHT, out, |res| {
        let mut cur = I::from_i64(1);
        for (d, s, p) in chain.iter() {
            if d.is_const(0) || s.is_const(1) {
                continue;
            }
            match d.int_cmp(&cur)? {
                core::cmp::Ordering::Less => continue,
                // past a gap the chain ends, unless this mode, of extent
                // 1, is skipped
                core::cmp::Ordering::Greater if is_one(s)? => continue,
                core::cmp::Ordering::Greater => break,
                core::cmp::Ordering::Equal => {}
            }
            res.push(s.clone(), Scalar::Int(p.clone()))?;
            cur = s.int_mul(d).map_err(|e| e.in_op(RIGHT))?;
        }
        Ok(())
    })
}

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
fn f2_right_inverse(a: &Layout, l: &mut Layout) -> Result<()> {
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
fn eval_f2_modes(modes: &[Mode], x: i64) -> Result<Option<u64>> {
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

// ---------------------------------------------------------------------------
// left_inverse
// ---------------------------------------------------------------------------

const LEFT: &str = "left_inverse";

/// The left inverse of a layout: a layout `L` with `A(L(A(k))) == A(k)`; for
/// an injective `A`, `L(A(k)) == k` (Whitepaper, §3.4).
///
/// The nonzero strides, sorted `d_0 < d_1 < ...` with extents `s_0, s_1,
/// ...` and prefix products `p_0, p_1, ...`, give
/// `L = coalesce((d_0, d_1 / d_0, ..., d_n / d_{n-1}, s_n) : (0, p_0, ..., p_n))`:
/// each gap between strides stretches an extent of `L` so that it covers the
/// holes in `A`'s image. A coordinate codomain is inverted axis by axis, and
/// the result is nested as the codomain is.
///
/// # Pre-conditions
/// `A`'s nonzero strides form an ordered chain: each is positive, divides the
/// next (`d_{k-1} | d_k`) and `d_k >= d_{k-1} * s_{k-1}`. This is sufficient
/// but not necessary for injectivity. An F2-strided `A` is supported only
/// where every gap is 1, i.e. `d_0 == F2(1)` and `d_k == d_{k-1} * s_{k-1}`,
/// and every extent of that chain but the last is a power of two; its left
/// inverse has integer strides (its codomain is `A`'s domain), so
/// `left_inverse(4:F1)` is `4:1`.
///
/// # Post-conditions
/// `A(result(A(i))) == A(i)` for `i` in `0..size(A)`.
///
/// # Errors
/// `ValueError` if the pre-condition fails (overlapping or unchainable
/// strides, an F2 gap), or on overflow; `Undecidable` for a condition on
/// symbols.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::left_inverse;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(left_inverse(&l("(4, 8):(1, 4)")).unwrap(), l("32:1"));
/// assert_eq!(left_inverse(&l("(4, 8):(8, 1)")).unwrap(), l("(8, 4):(4, 1)"));
/// assert_eq!(left_inverse(&l("(4, 8):(1, 5)")).unwrap(), l("(5, 8):(1, 4)"));
/// assert_eq!(left_inverse(&l("4:F1")).unwrap(), l("4:1"));
/// assert!(left_inverse(&l("(4, 3):(3, 2)")).is_err());
/// ```
pub fn left_inverse<I: DynInt>(a: &Layout<I>) -> Result<Layout<I>> {
    let mut out = Layout::building();
    left_inverse_into(a, &mut out).map_err(|e| e.in_op(LEFT))?;
    Ok(out)
}

fn left_inverse_into<I: DynInt>(a: &Layout<I>, out: &mut Layout<I>) -> Result<()> {
    let modes = a.leaves();
    let mut prefix = SmallVec::new();
    prefix_products(LEFT, modes, &mut prefix)?;
    match codomain(modes) {
        Codomain::Int => {
            let mut chain = Chain::new();
            int_links(modes, &prefix, &mut chain);
            left_chain(a, &mut chain, out)?
        }
        Codomain::F2 => {
            let known = a.known(LEFT)?;
            out.with_known(|out| f2_left_inverse(&known, out))?;
        }
        Codomain::Coord => {
            let profile = axis_profile(&axes(modes), 0);
            build_by_axis(&profile, &mut Vec::new(), out, &mut |path, out| {
                let mut chain = Chain::new();
                axis_links(modes, &prefix, path, &mut chain, |d| {
                    Err(Error::NotInjective {
                        op: LEFT,
                        msg: format!("{a:?}: stride {d} is not a single coordinate axis"),
                    })
                })?;
                left_chain(a, &mut chain, out)
            })?;
            // its extents cover A's codomain, which must be countable (on
            // each axis, `left_chain` checks it; the axes together, here)
            out.check_size(LEFT)?;
        }
    }
    Ok(())
}

/// Builds the left inverse of one chain of `(stride, extent, prefix)`
/// links, appending it.
fn left_chain<I: DynInt>(a: &Layout<I>, chain: &mut [Link<I>], out: &mut Layout<I>) -> Result<()> {
    sort_links(chain);
    let zero = I::from_i64(0);
    push_modes(LEFT, out, |res| {
        let mut prev: Option<&Link<I>> = None;
        for link in chain.iter() {
            let (d, s, _) = link;
            if d.is_const(0) || is_one(s)? {
                continue;
            }
            if d.int_cmp(&zero)?.is_lt() {
                return Err(Error::NotInjective {
                    op: LEFT,
                    msg: format!("{a:?}: negative stride {d} cannot be chained"),
                });
            }
            match prev {
                None => res.push(d.clone(), Scalar::zero())?,
                Some((pd, ps, pp)) => {
                    let end = pd.int_mul(ps);
                    let apart = match &end {
                        Ok(e) => pd.int_divides(d)? && d.int_cmp(e)?.is_ge(),
                        Err(_) => false,
                    };
                    if !apart {
                        return Err(Error::NotInjective {
                            op: LEFT,
                            msg: format!(
                            "{a:?}: strides {pd} (extent {ps}) and {d} do not form an ordered chain"
                        ),
                        });
                    }
                    res.push(d.int_div(pd)?, Scalar::Int(pp.clone()))?;
                }
            }
            prev = Some(link);
        }
        if let Some((d, s, p)) = prev {
            // the extents of the result multiply to `d_n * s_n`: the end of
            // A's codomain must be countable
            d.int_mul(s).map_err(|e| e.in_op(LEFT))?;
            res.push(s.clone(), Scalar::Int(p.clone()))?;
        }
        Ok(())
    })
}

/// The left inverse of an F2 chain whose gaps are all 1.
fn f2_left_inverse(a: &Layout, l: &mut Layout) -> Result<()> {
    let modes = a.leaves();
    let mut prefix = SmallVec::new();
    prefix_products(LEFT, modes, &mut prefix)?;
    let mut chain: SmallVec<[(u64, i64, i64); INLINE]> = SmallVec::new();
    for (&(s, ref d), &p) in modes.iter().zip(prefix.iter()) {
        match d {
            Scalar::F2(F2(0)) | Scalar::Int(0) => {}
            Scalar::F2(F2(d)) => {
                if s != 1 {
                    chain.push((*d, s, p));
                }
            }
            other => {
                return Err(Error::type_error(
                    LEFT,
                    format!("{a:?}: stride {other} mixes with F2 strides"),
                ))
            }
        }
    }
    sort_modes_by_key(&mut chain, |m| m.0);
    let mut cur = F2(1);
    let mut out: Modes<i64> = Modes::new();
    let last = chain.len().saturating_sub(1);
    for (k, &(d, s, p)) in chain.iter().enumerate() {
        if k < last && (s <= 0 || s & (s - 1) != 0) {
            // `F(d) * s` then has several bits, and the next stride overlaps
            // this mode's values: (3, 3):(F1, F3) maps (1, 1) and (2, 0) to F2
            return Err(Error::NotInjective {
                op: LEFT,
                msg: format!(
                    "{a:?}: the F2 chain has a mode of extent {s}, not a power of two, before its last mode; its values overlap the next mode's"
                ),
            });
        }
        if F2(d) != cur {
            return Err(Error::NotInjective {
                op: LEFT,
                msg: format!(
                    "{a:?}: F2 stride F{d} leaves a gap after {cur}; F2 quotients are carry-less, so only gaps of 1 are supported"
                ),
            });
        }
        out.push((s, Scalar::Int(p)));
        cur = F2(d).clmul(F2(s as u64))?;
    }
    push_modes(LEFT, l, |c| {
        out.into_iter().try_for_each(|(s, d)| c.push(s, d))
    })
}

impl<I: DynInt> Layout<I> {
    /// The largest right inverse of `self`: [`right_inverse`].
    ///
    /// # Errors
    /// As [`right_inverse`].
    pub fn right_inverse(&self) -> Result<Layout<I>> {
        right_inverse(self)
    }

    /// A left inverse of `self`: [`left_inverse`].
    ///
    /// # Errors
    /// As [`left_inverse`].
    pub fn left_inverse(&self) -> Result<Layout<I>> {
        left_inverse(self)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{
        at, check, eval, int_layout, sample, shape_tree, size, with_strides,
    };
    use super::*;
    #[allow(unused_imports)]
    use crate::htuple::{HTuple, IntTuple};
    #[allow(unused_imports)]
    use crate::layout::{tiler_to_layout, Tiler};
    #[allow(unused_imports)]
    use crate::typedefs::Scalar;
    #[allow(unused_imports)]
    use crate::{ArithTuple, Coord};

    #[test]
    fn conformance_right_inverse() {
        check(&["right_inverse"], |c| right_inverse(&c.layout(0)));
    }

    #[test]
    fn conformance_coord_right_inverse() {
        check(&["coord_right_inverse"], |c| right_inverse(&c.layout(0)));
    }

    #[test]
    fn conformance_f2_right_inverse() {
        check(&["f2_right_inverse"], |c| right_inverse(&c.layout(0)));
    }

    #[test]
    fn conformance_left_inverse() {
        check(&["left_inverse"], |c| left_inverse(&c.layout(0)));
    }

    #[test]
    fn conformance_nullspace() {
        check(&["nullspace"], |c| super::super::nullspace(&c.layout(0)));
    }

    #[test]
    fn conformance_layout_add() {
        check(&["layout_add"], |c| {
            super::super::layout_add(&c.layout(0), &c.layout(1))
        });
    }

    #[test]
    fn conformance_gcd() {
        check(&["greatest_common_domain"], |c| {
            super::super::greatest_common_domain(&c.int_tuple(0).unwrap(), &c.int_tuple(1).unwrap())
        });
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn right_inverse_is_a_right_inverse(a in int_layout()) {
            let r = right_inverse(&a).unwrap();
            for i in sample(size(&r)) {
                let ri = at(&r, i);
                prop_assert_eq!(at(&a, ri), i, "A(R({})) for R = {:?}", i, r);
                prop_assert_eq!(at(&r, at(&a, ri)), ri);
            }
        }

        #[test]
        fn left_inverse_is_a_left_inverse(a in int_layout()) {
            if let Ok(l) = left_inverse(&a) {
                for i in sample(size(&a)) {
                    let ai = at(&a, i);
                    prop_assert_eq!(at(&a, at(&l, ai)), ai, "L = {:?}", l);
                }
            }
        }

        #[test]
        fn left_inverse_exists_for_compact_chains(
            shape in shape_tree(),
            seed in any::<u64>(),
        ) {
            // a compact layout with its modes in a scrambled order
            let ext: Vec<i64> = shape.leaves().copied().collect();
            let mut order: Vec<usize> = (0..ext.len()).collect();
            let mut x = seed;
            for k in (1..order.len()).rev() {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                order.swap(k, (x >> 33) as usize % (k + 1));
            }
            let mut d = vec![Scalar::Int(0); ext.len()];
            let mut acc = 1;
            for &k in &order {
                d[k] = Scalar::Int(acc);
                acc *= ext[k];
            }
            let a = with_strides(&shape, &d);
            let l = left_inverse(&a).unwrap();
            for i in sample(size(&a)) {
                prop_assert_eq!(at(&l, at(&a, i)), i);
            }
        }

        #[test]
        fn f2_right_inverse_is_a_right_inverse(
            bits in proptest::collection::vec(0u32..=3, 1..=4),
            strides in proptest::collection::vec(0u64..64, 4),
            pure in any::<bool>(),
        ) {
            // power-of-two extents; either a permuted pure chain with carries
            // or random strides
            let ext: Vec<i64> = bits.iter().map(|&b| 1i64 << b).collect();
            let mut d: Vec<Scalar> = Vec::new();
            let mut cur = 1u64;
            for (k, &b) in bits.iter().enumerate() {
                let v = if pure { cur ^ (strides[k] % cur.max(1)) } else { strides[k] };
                d.push(Scalar::F2(F2(v)));
                cur <<= b;
            }
            let shape = HTuple::Tuple(ext.iter().map(|&x| HTuple::Leaf(x)).collect());
            let a = with_strides(&shape, &d);
            let r = right_inverse(&a).unwrap();
            for i in sample(size(&r)) {
                let ri = at(&r, i);
                prop_assert_eq!(at(&r, at(&a, ri)), ri, "R = {:?}", r);
            }
        }
    }

    /// The carry-less product of two small values.
    fn clmul(a: u64, b: u64) -> u64 {
        (0..64)
            .filter(|j| b >> j & 1 == 1)
            .fold(0, |acc, j| acc ^ (a << j))
    }

    /// The sizes of the right inverses the specification's F2 chain allows
    /// for the flat F2 `modes` (with their prefix products), computed by
    /// enumeration: the modes of nonzero stride and extent other than 1,
    /// sorted by stride, taken in turn while the covered range `[0, cur)` is
    /// closed under XOR (`cur` a power of two). A mode continues the chain if
    /// its stride is `cur ^ carry` with `carry < cur` and `v * carry < cur`
    /// for every coordinate `v` of the mode; a stride below `cur` overlaps
    /// and is skipped, and so is a mode whose prefix product is not a power
    /// of two (no F2 stride reaches it). Returns the chain's sizes, `1`
    /// first, and the links `(extent, stride)` taken.
    fn spec_f2_chain(modes: &[(i64, u64, i64)]) -> (Vec<i64>, Vec<(i64, u64)>) {
        let mut links: Vec<(i64, u64, i64)> = modes
            .iter()
            .copied()
            .filter(|&(s, d, _)| d != 0 && s != 1)
            .collect();
        links.sort_by_key(|&(_, d, _)| d);
        let (mut sizes, mut taken) = (vec![1], Vec::new());
        let mut cur: u64 = 1;
        for (s, d, p) in links {
            if !cur.is_power_of_two() {
                break;
            }
            if d < cur || !(p > 0 && (p as u64).is_power_of_two()) {
                continue;
            }
            let carry = d ^ cur;
            if carry >= cur || (0..s as u64).any(|v| clmul(v, carry) >= cur) {
                break;
            }
            cur *= s as u64;
            sizes.push(cur as i64);
            taken.push((s, d));
        }
        (sizes, taken)
    }

    /// True iff some F2 stride `r` extends the right inverse `r0` of `a` by
    /// a mode of extent `s`, onto the range `[0, size(r0) * s)`, within A's
    /// domain: `A(r0(x) ^ v * r) == x + size(r0) * v` with every index
    /// `r0(x) ^ v * r` below `size(A)`. Every `r` below `size(A)` is tried
    /// (a larger one is itself past the domain: the index of `x = 0, v = 1`).
    fn f2_extension_exists(a: &Layout, r0: &Layout, s: i64) -> bool {
        let (n, domain) = (size(r0), size(a));
        let base: Vec<u64> = (0..n).map(|x| at(r0, x) as u64).collect();
        (0..domain as u64).any(|r| {
            (1..s).all(|v| {
                let hi = clmul(v as u64, r);
                base.iter().enumerate().all(|(x, &b)| {
                    let idx = (b ^ hi) as i64;
                    idx < domain && at(a, idx) == x as i64 + n * v
                })
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        /// Over random small F2 layouts, extents of any size: `R` is a right
        /// inverse (`A(R(i)) == i` for every `i`), its size is one of the
        /// sizes the specification's chain goes through, and where it stops
        /// short of the chain's end, no F2 stride extends it by the chain's
        /// next mode within A's domain (searched exhaustively): it is the
        /// largest.
        #[test]
        fn f2_right_inverse_is_the_chain_the_specification_allows(
            ext in proptest::collection::vec(prop::sample::select(vec![1i64, 2, 2, 4, 4, 8, 3, 5, 6, 7]), 1..=5),
            picks in proptest::collection::vec((0u64..64, 0u64..128, 0u8..6, 0usize..5, 0usize..5), 5),
            order in Just(()).prop_perturb(|_, mut rng| {
                let mut o: Vec<usize> = (0..5).collect();
                for k in (1..5).rev() {
                    o.swap(k, (rng.next_u32() as usize) % (k + 1));
                }
                o
            }),
        ) {
            // at most 1024 indices (extents past that are 1)
            let mut ext = ext;
            let mut total = 1;
            for e in ext.iter_mut() {
                if total * *e > 1024 {
                    *e = 1;
                }
                total *= *e;
            }
            // strides: the chain in a scrambled order, `cur` or `cur ^ carry`
            // with a small carry, random values, and the XOR of two strides
            // given before (a non-injective A, with many candidate strides)
            let n = ext.len();
            let mut d = vec![0u64; n];
            let mut given: Vec<u64> = Vec::new();
            let mut cur = 1u64;
            for &k in order.iter().filter(|&&k| k < n) {
                let (carry, random, kind, x, y) = picks[k];
                d[k] = match kind {
                    0 => random,
                    1 => cur,
                    2 => cur ^ (carry % (cur >> 2).max(1)),
                    3 => cur ^ (carry % cur.next_power_of_two()),
                    _ if given.is_empty() => cur,
                    _ => given[x % given.len()] ^ given[y % given.len()] ^ (carry & 1),
                };
                given.push(d[k]);
                cur = cur.saturating_mul(ext[k] as u64);
            }
            let shape = HTuple::Tuple(ext.iter().map(|&x| HTuple::Leaf(x)).collect());
            let a = with_strides(&shape, &d.iter().map(|&x| Scalar::F2(F2(x))).collect::<Vec<_>>());
            let mut modes = Vec::new();
            let mut p = 1;
            for (&s, &x) in ext.iter().zip(&d) {
                modes.push((s, x, p));
                p *= s;
            }
            let (sizes, links) = spec_f2_chain(&modes);
            let r = right_inverse(&a).unwrap();
            let n_r = size(&r);
            for i in 0..n_r {
                let ri = at(&r, i);
                prop_assert!((0..size(&a)).contains(&ri), "R({}) = {} for A = {:?}, R = {:?}", i, ri, a, r);
                prop_assert_eq!(at(&a, ri), i, "A(R({})) for A = {:?}, R = {:?}", i, a, r);
            }
            let k = sizes.iter().position(|&x| x == n_r);
            prop_assert!(k.is_some(), "size of R = {:?} for A = {:?} is none of {:?}", r, a, sizes);
            let k = k.unwrap();
            if let Some(&(s, _)) = links.get(k) {
                prop_assert!(
                    !f2_extension_exists(&a, &r, s),
                    "R = {:?} for A = {:?} stops before the mode of extent {} the chain {:?} allows",
                    r, a, s, links
                );
            }
        }
    }

    #[test]
    fn f2_right_inverse_of_extents_that_are_not_powers_of_two() {
        let l = |s: &str| -> Layout { s.parse().unwrap() };
        let ri = |s: &str| format!("{:?}", right_inverse(&l(s)).unwrap());
        // the mode 3:F16 extends the chain (F1, F5) and ends it
        assert_eq!(
            ri("(4, (4, 3)):(F1, (F5, F16))"),
            "Layout((4, 4, 3), (F1, F5, F16))"
        );
        // a mode whose prefix product is not a power of two is skipped
        assert_eq!(ri("(3, 4):(F2, F1)"), "Layout(1, 0)");
        // nothing follows it, whatever its stride
        assert_eq!(ri("(2, 3, 2):(F1, F2, F6)"), "Layout(6, F1)");
        // an extent that is not a power of two, first in the chain
        assert_eq!(ri("5:F1"), "Layout(5, F1)");
        // a carry over such an extent: v * carry < cur for v < 3
        assert_eq!(ri("(4, 3):(F1, F5)"), "Layout((4, 3), (F1, F5))");
        // ... and one that leaves the covered range (2 * 3 = 6 >= 4)
        assert_eq!(ri("(4, 3):(F1, F7)"), "Layout(4, F1)");
        // the carry of 3:F5 comes back through the index 2, and 2 << 1
        // reaches the mode 3:F5 of A, past which A is not linear: the mode
        // is checked index by index, and kept where A maps them all back
        assert_eq!(
            ri("(2, 2, 3, 2):(F2, F1, F5, F8)"),
            "Layout((2, 2, 3), (F2, F1, F6))"
        );
        assert_eq!(
            ri("(2, 2, 3, 2):(F2, F1, F5, F9)"),
            "Layout((2, 2), (F2, F1))"
        );
    }

    #[test]
    fn f2_right_inverse_finds_a_stride_where_the_first_candidate_fails() {
        let l = |s: &str| -> Layout { s.parse().unwrap() };
        let check = |a: &Layout, want: &str| {
            let r = right_inverse(a).unwrap();
            assert_eq!(format!("{r:?}"), want);
            for i in 0..size(&r) {
                let ri = at(&r, i);
                assert!((0..size(a)).contains(&ri), "R({i}) = {ri}");
                assert_eq!(at(a, ri), i, "A(R({i}))");
            }
        };
        // F36 = F32 ^ F4: the carry 4 comes back through F128, whose shift
        // 256 is no index of value 8; A is not injective (F12 = F8 ^ F4), and
        // the stride F41 does map 1 and 2 to 32 and 64
        check(
            &l("(8, 4, 4, 8):(F12, F8, F36, F1)"),
            "Layout((8, 4, 4), (F128, F8, F41))",
        );
        // the one stride of value 16 is 33, and 66 lies past the domain: the
        // chain stops, A(66) is only reached in the extended domain
        check(
            &l("(4, 1, 2, 8):(F20, F0, F8, F1)"),
            "Layout((8, 2), (F8, F4))",
        );
        // every power-of-two chain of a compact swizzle is found whole
        check(&l("(8, 8):(F9, F1)"), "Layout((8, 8), (F8, F9))");
    }

    #[test]
    fn right_inverse_skips_modes_that_do_not_extend_the_chain() {
        let flat = |s: &[i64], d: Vec<Scalar>| {
            with_strides(
                &HTuple::Tuple(s.iter().map(|&x| HTuple::Leaf(x)).collect()),
                &d,
            )
        };
        let z = |d: &[i64]| d.iter().map(|&x| Scalar::Int(x)).collect::<Vec<_>>();
        let f = |d: &[u64]| d.iter().map(|&x| Scalar::F2(F2(x))).collect::<Vec<_>>();
        let e = |k: i64, i: usize| ArithTuple::e(&[i]).scale(k).unwrap();
        // Z: 3:1 overlaps 2:1; the chain goes on with 4:2
        let r = right_inverse(&flat(&[2, 3, 4], z(&[1, 1, 2]))).unwrap();
        assert_eq!(format!("{r:?}"), "Layout((2, 4), (1, 6))");
        // several overlapping modes in a row, in any order
        let r = right_inverse(&flat(&[3, 2, 2, 5], z(&[6, 1, 1, 2]))).unwrap();
        assert_eq!(format!("{r:?}"), "Layout((2, 5), (3, 12))");
        // Z^S: per axis
        let r = right_inverse(&flat(
            &[2, 3, 4, 5],
            vec![e(1, 0), e(1, 1), e(2, 0), e(1, 1)],
        ))
        .unwrap();
        assert_eq!(format!("{r:?}"), "Layout(((2, 4), 3), ((1, 6), 2))");
        // F2: F1 of the second mode lies inside what the first covers
        let r = right_inverse(&flat(&[2, 2, 4], f(&[1, 1, 2]))).unwrap();
        assert_eq!(format!("{r:?}"), "Layout((2, 4), (F1, F4))");
        // F2: the overlapping mode 3:F1 sorts between the modes of the chain
        let r = right_inverse(&flat(&[2, 2, 3], f(&[1, 2, 1]))).unwrap();
        assert_eq!(format!("{r:?}"), "Layout(4, F1)");
        // F2, as the specification says: a carry that leaves the covered
        // range stops the chain (F7 = F4 ^ F3 over extent 2: 3 * 1 has
        // degree 1 < 2, fine; F6 over extent 4 carries 2 * 3 = 6 past 4)
        let r = right_inverse(&flat(&[4, 4, 2], f(&[1, 6, 16]))).unwrap();
        assert_eq!(format!("{r:?}"), "Layout(4, F1)");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn coordinate_right_inverse_is_a_right_inverse(
            shape in shape_tree(),
            picks in proptest::collection::vec((0usize..3, 0i64..5), 16),
        ) {
            // strides k@0 or k@1 (some zero): R(A(R(i))) == R(i), reading the
            // coordinate A(R(i)) axis by axis on R's modes
            let d: Vec<Scalar> = picks.iter().take(shape.leaf_count())
                .map(|&(p, k)| match p {
                    2 => Scalar::Int(0),
                    p => ArithTuple::e(&[p]).scale(k).unwrap(),
                })
                .collect();
            let a = with_strides(&shape, &d);
            let r = right_inverse(&a).unwrap();
            let axes = super::super::testkit::modes_of(&r);
            for i in sample(size(&r)) {
                let ri = at(&r, i);
                let Scalar::Arith(c) = eval(&a, ri) else {
                    // every stride zero: R is 1:0
                    prop_assert_eq!(size(&r), 1);
                    continue;
                };
                let c = c.as_tuple();
                let back: i64 = axes.iter().enumerate().map(|(k, m)| {
                    let ck = c.modes().get(k).and_then(|x| x.as_leaf()).and_then(Scalar::as_int).unwrap_or(0);
                    at(m, ck)
                }).sum();
                prop_assert_eq!(back, ri, "R = {:?}", r);
            }
        }
    }

    #[test]
    fn inverses_of_many_leaves() {
        // 40 leaves: a compact chain of extent-2 modes in reversed order,
        // with every fifth stride zeroed, nested in pairs.
        let n = 40;
        let d: Vec<Scalar> = (0..n)
            .map(|k| Scalar::Int(if k % 5 == 0 { 0 } else { 1i64 << (n - 1 - k) }))
            .collect();
        let shape = HTuple::Tuple(
            (0..n / 2)
                .map(|_| HTuple::Tuple(vec![HTuple::Leaf(2), HTuple::Leaf(2)]))
                .collect(),
        );
        // extent-2 modes cover 2^40 at most: no overflow
        let a = with_strides(&shape, &d);
        assert_eq!(a.leaves().len(), 40);
        let r = right_inverse(&a).unwrap();
        let l = left_inverse(&a).unwrap();
        for i in sample(size(&a)) {
            assert_eq!(at(&a, at(&l, at(&a, i))), at(&a, i));
        }
        for i in sample(size(&r)) {
            assert_eq!(at(&a, at(&r, i)), i);
        }
    }

    #[test]
    fn prefix_products_that_overflow_are_errors() {
        let shape = HTuple::Tuple(vec![
            HTuple::Leaf(1 << 62),
            HTuple::Leaf(4),
            HTuple::Leaf(2),
        ]);
        let a = with_strides(&shape, &[Scalar::Int(1), Scalar::Int(0), Scalar::Int(0)]);
        assert_eq!(right_inverse(&a).unwrap_err().op(), "right_inverse");
        assert_eq!(left_inverse(&a).unwrap_err().op(), "left_inverse");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// The premise of the F2 right inverse's shortcut: a mode of
        /// power-of-two extent `s`, prefix product `p` and F2 stride `d`
        /// maps the domain index `p << j` to `d << j` for `2^j < s`, whatever
        /// the other modes are (extents positive).
        #[test]
        fn f2_modes_map_their_prefix_bits_linearly(
            ext in proptest::collection::vec(1i64..=8, 1..=5),
            strides in proptest::collection::vec((any::<bool>(), 0u64..64), 5),
        ) {
            let d: Vec<Scalar> = ext
                .iter()
                .zip(&strides)
                .map(|(_, &(f2, x))| if f2 { Scalar::F2(F2(x)) } else { Scalar::Int(x as i64) })
                .collect();
            let shape = HTuple::Tuple(ext.iter().map(|&x| HTuple::Leaf(x)).collect());
            let a = with_strides(&shape, &d);
            let modes = a.leaves();
            let mut prefix = SmallVec::new();
            prefix_products(RIGHT, modes, &mut prefix).unwrap();
            for (&(s, ref d), &p) in modes.iter().zip(prefix.iter()) {
                let Scalar::F2(F2(d)) = d else { continue };
                if s & (s - 1) != 0 || p & (p - 1) != 0 {
                    continue;
                }
                for j in 0..s.trailing_zeros() {
                    prop_assert_eq!(eval_f2_modes(modes, p << j).unwrap(), Some(d << j));
                }
            }
        }
    }

    #[test]
    fn coordinate_codomains_invert_per_axis() {
        let e = |k: i64, i: usize| ArithTuple::e(&[i]).scale(k).unwrap();
        let shape = HTuple::Tuple(vec![HTuple::Leaf(4), HTuple::Leaf(4)]);
        let a = with_strides(&shape, &[e(1, 0), e(1, 1)]);
        let r = right_inverse(&a).unwrap();
        assert_eq!(format!("{r:?}"), "Layout((4, 4), (1, 4))");
        // each axis's inverse maps that axis back to the domain
        for i in 0..4 {
            assert_eq!(eval(&r, i), Scalar::Int(i));
        }
        let l = left_inverse(&with_strides(&shape, &[e(2, 0), e(1, 1)])).unwrap();
        assert_eq!(format!("{l:?}"), "Layout(((2, 4), 4), ((0, 1), 4))");
    }

    #[test]
    fn errors_name_the_operation_and_values() {
        let shape = HTuple::Tuple(vec![HTuple::Leaf(4), HTuple::Leaf(8)]);
        let a = with_strides(&shape, &[Scalar::Int(2), Scalar::Int(3)]);
        let e = left_inverse(&a).unwrap_err();
        assert_eq!(e.op(), "left_inverse");
        assert!(e.to_string().contains("Layout((4, 8), (2, 3))"), "{e}");
        let f = with_strides(&shape, &[Scalar::F2(F2(1)), Scalar::F2(F2(4))]);
        // an F2 layout's left inverse maps back to the domain: integer strides
        assert_eq!(format!("{:?}", left_inverse(&f).unwrap()), "Layout(32, 1)");
        let g = with_strides(&shape, &[Scalar::F2(F2(1)), Scalar::F2(F2(8))]);
        assert_eq!(
            left_inverse(&g).unwrap_err().class(),
            cute_core::ErrorClass::ValueError
        );
    }
}
