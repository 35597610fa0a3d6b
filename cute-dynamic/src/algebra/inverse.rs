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
//! Three codomains are handled: the integers (integer strides), coordinate
//! spaces `Z^S` (arithmetic-tuple strides `k * E(i)`, each axis inverted on
//! its own) and F2 (swizzle strides, where a stride may also carry bits the
//! chain already covers, since XOR permutes them).

use cute_core::{Error, Result};

use super::coalesce::{continues, continues_f2, continues_int};
use crate::atuple::ArithTuple;
use crate::htuple::{HTuple, IntTuple};
use crate::layout::Layout;
use crate::swizzle::F2;
use crate::typedefs::Scalar;

// ---------------------------------------------------------------------------
// Flat helpers shared by the inverse, nullspace, layout_add and gcd modules.
//
// Every function here works on the flat `(extent, stride)` leaves of its
// operands and builds the nested result once, at the end. The lists live in
// a `Flat`, which keeps up to `INLINE` items on the stack, so that the common
// case (a handful of leaves) allocates nothing but the result.
// ---------------------------------------------------------------------------

/// How many items a [`Flat`] keeps on the stack before it moves to the heap.
pub(super) const INLINE: usize = 16;

/// A list of `Copy` items: on the stack up to [`INLINE`] items, in a `Vec`
/// beyond (the inline items are then copied over once). It dereferences to
/// a slice, so it sorts, iterates and indexes as one.
pub(super) struct Flat<T: Copy> {
    len: usize,
    inline: [T; INLINE],
    heap: Vec<T>,
}

impl<T: Copy> Flat<T> {
    /// An empty list; `fill` only initializes the unused stack slots.
    #[inline]
    pub(super) fn new(fill: T) -> Self {
        Flat {
            len: 0,
            inline: [fill; INLINE],
            heap: Vec::new(),
        }
    }

    /// Appends `x`.
    #[inline]
    pub(super) fn push(&mut self, x: T) {
        if self.len < INLINE {
            self.inline[self.len] = x;
        } else {
            if self.len == INLINE {
                self.heap.reserve(2 * INLINE);
                self.heap.extend_from_slice(&self.inline);
            }
            self.heap.push(x);
        }
        self.len += 1;
    }
}

impl<T: Copy> Flat<T> {
    /// Keeps the first `n` items.
    pub(super) fn truncate(&mut self, n: usize) {
        if n >= self.len {
            return;
        }
        if self.len > INLINE {
            self.heap.truncate(n);
            if n <= INLINE {
                self.inline[..n].copy_from_slice(&self.heap);
                self.heap.clear();
            }
        }
        self.len = n;
    }
}

impl<T: Copy> core::ops::Deref for Flat<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        if self.len <= INLINE {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }
}

impl<T: Copy> core::ops::DerefMut for Flat<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        if self.len <= INLINE {
            &mut self.inline[..self.len]
        } else {
            &mut self.heap
        }
    }
}

/// The stride that fills the unused slots of a [`Flat`] of leaves.
static ZERO: Scalar = Scalar::Int(0);

/// The leaves of `l` as `(extent, stride)` pairs, left to right.
pub(super) fn flat_modes(l: &Layout) -> Flat<(i64, &Scalar)> {
    fn go<'a>(s: &HTuple<i64>, d: &'a HTuple<Scalar>, out: &mut Flat<(i64, &'a Scalar)>) {
        match (s, d) {
            (HTuple::Leaf(x), HTuple::Leaf(y)) => out.push((*x, y)),
            (HTuple::Tuple(a), HTuple::Tuple(b)) => {
                for (x, y) in a.iter().zip(b) {
                    go(x, y, out);
                }
            }
            // A layout's shape and stride are congruent by construction.
            _ => debug_assert!(false, "shape and stride not congruent"),
        }
    }
    let mut out = Flat::new((0, &ZERO));
    go(l.shape(), l.stride(), &mut out);
    out
}

/// Calls `f` on each leaf `(extent, stride)` of `l` whose stride is an
/// integer; `None` as soon as a stride is not an integer or `f` gives `None`.
/// This is the entry of the integer fast paths.
pub(super) fn for_int_leaves(l: &Layout, mut f: impl FnMut(i64, i64) -> Option<()>) -> Option<()> {
    fn go(
        s: &HTuple<i64>,
        d: &HTuple<Scalar>,
        f: &mut impl FnMut(i64, i64) -> Option<()>,
    ) -> Option<()> {
        match (s, d) {
            (HTuple::Leaf(x), HTuple::Leaf(Scalar::Int(y))) => f(*x, *y),
            (HTuple::Tuple(a), HTuple::Tuple(b)) => {
                for (x, y) in a.iter().zip(b) {
                    go(x, y, f)?;
                }
                Some(())
            }
            _ => None,
        }
    }
    go(l.shape(), l.stride(), &mut f)
}

/// The extents of `t`, left to right.
pub(super) fn flat_extents(t: &IntTuple) -> Flat<i64> {
    fn go(t: &IntTuple, out: &mut Flat<i64>) {
        match t {
            HTuple::Leaf(x) => out.push(*x),
            HTuple::Tuple(c) => c.iter().for_each(|x| go(x, out)),
        }
    }
    let mut out = Flat::new(0);
    go(t, &mut out);
    out
}

/// `a * b`, or an overflow error of `op`.
#[inline]
pub(super) fn mul(op: &'static str, a: i64, b: i64) -> Result<i64> {
    a.checked_mul(b)
        .ok_or_else(|| Error::overflow(op, format!("{a} * {b} leaves the 64-bit range")))
}

/// The exclusive prefix products of the extents of `modes`; the product of
/// all of them must fit too.
pub(super) fn prefix_products<T>(op: &'static str, modes: &[(i64, T)]) -> Result<Flat<i64>> {
    let mut out = Flat::new(0);
    let mut acc = 1i64;
    for (s, _) in modes {
        out.push(acc);
        acc = mul(op, acc, *s)?;
    }
    Ok(out)
}

/// [`coalesce_flat`] for integer strides, in place on the stack: drops
/// extent-1 modes and merges `(s0, d0), (s1, s0 * d0)` into `(s0 * s1, d0)`.
pub(super) fn coalesce_ints(op: &'static str, modes: &mut Flat<(i64, i64)>) -> Result<()> {
    // `modes[..w]` is the coalesced prefix; it never overtakes the reader.
    let mut w = 0;
    for r in 0..modes.len() {
        let (s, d) = modes[r];
        if s == 1 {
            continue;
        }
        if let Some(&(ps, pd)) = modes[..w].last() {
            if continues_int(ps, pd, d) {
                modes[w - 1].0 = mul(op, ps, s)?;
                continue;
            }
        }
        modes[w] = (s, d);
        w += 1;
    }
    modes.truncate(w);
    Ok(())
}

/// Coalesces a flat list of modes in place: drops extent-1 modes and merges
/// `(s0, d0), (s1, s0 * d0)` into `(s0 * s1, d0)`, by the rule of
/// [`continues`] (an F2 stride merges only past a power-of-two extent).
pub(super) fn coalesce_flat(op: &'static str, modes: &mut Vec<(i64, Scalar)>) -> Result<()> {
    let mut out: Vec<(i64, Scalar)> = Vec::with_capacity(modes.len());
    for (s, d) in modes.drain(..) {
        if s == 1 {
            continue;
        }
        if let Some((ps, pd)) = out.last_mut() {
            if continues(*ps, pd, &d) {
                *ps = mul(op, *ps, s)?;
                continue;
            }
        }
        out.push((s, d));
    }
    *modes = out;
    Ok(())
}

/// The layout of a flat list of modes: `1:0` when empty, `s:d` for one mode,
/// `(s0, s1, ...):(d0, d1, ...)` otherwise.
pub(super) fn layout_from_flat(modes: Vec<(i64, Scalar)>) -> Layout {
    match modes.len() {
        0 => Layout::from_parts(HTuple::Leaf(1), HTuple::Leaf(Scalar::Int(0))),
        1 => {
            let (s, d) = modes.into_iter().next().expect("one mode");
            Layout::from_parts(HTuple::Leaf(s), HTuple::Leaf(d))
        }
        _ => tuple_layout_from_flat(modes),
    }
}

/// The layout of a flat list of modes, always as a tuple (depth 1).
pub(super) fn tuple_layout_from_flat(modes: Vec<(i64, Scalar)>) -> Layout {
    let (s, d): (Vec<_>, Vec<_>) = modes
        .into_iter()
        .map(|(s, d)| (HTuple::Leaf(s), HTuple::Leaf(d)))
        .unzip();
    Layout::from_parts(HTuple::Tuple(s), HTuple::Tuple(d))
}

/// [`layout_from_flat`] of `(extent, stride(x))` for the `(extent, x)` of
/// `modes`, built directly.
pub(super) fn layout_of<T: Copy>(modes: &[(i64, T)], stride: impl Fn(T) -> Scalar) -> Layout {
    match modes {
        [] => Layout::from_parts(HTuple::Leaf(1), HTuple::Leaf(Scalar::Int(0))),
        [(s, x)] => Layout::from_parts(HTuple::Leaf(*s), HTuple::Leaf(stride(*x))),
        _ => tuple_layout_of(modes, stride),
    }
}

/// [`tuple_layout_from_flat`] of `(extent, stride(x))` for the `(extent, x)`
/// of `modes`, built directly.
pub(super) fn tuple_layout_of<T: Copy>(modes: &[(i64, T)], stride: impl Fn(T) -> Scalar) -> Layout {
    let shape = modes.iter().map(|&(s, _)| HTuple::Leaf(s)).collect();
    let strides = modes
        .iter()
        .map(|&(_, x)| HTuple::Leaf(stride(x)))
        .collect();
    Layout::from_parts(HTuple::Tuple(shape), HTuple::Tuple(strides))
}
// ---------------------------------------------------------------------------
// The codomain of a layout.
// ---------------------------------------------------------------------------

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

fn codomain(modes: &[(i64, &Scalar)]) -> Codomain {
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

/// The single term `k * E(path)` of an arithmetic-tuple stride: `Some((k,
/// path))` for a one-term integer stride, `None` for zero, a sum of several
/// terms or a non-integer coefficient.
fn single_term(a: &ArithTuple) -> Option<(i64, Vec<usize>)> {
    let mut terms = a.terms();
    if terms.len() != 1 {
        return None;
    }
    let (v, path) = terms.pop()?;
    v.as_int().map(|k| (k, path))
}

/// The codomain profile spanned by the basis paths: a leaf for an empty set
/// of paths below a node, else one child per index up to the largest used.
fn profile_of(paths: &[Vec<usize>], depth: usize) -> HTuple<()> {
    let here: Vec<&Vec<usize>> = paths.iter().filter(|p| p.len() > depth).collect();
    if here.is_empty() {
        return HTuple::Leaf(());
    }
    let n = here.iter().map(|p| p[depth]).max().map_or(0, |m| m + 1);
    HTuple::Tuple(
        (0..n)
            .map(|i| {
                let sub: Vec<Vec<usize>> = here
                    .iter()
                    .filter(|p| p[depth] == i)
                    .map(|p| (*p).clone())
                    .collect();
                profile_of(&sub, depth + 1)
            })
            .collect(),
    )
}

/// Builds a layout congruent to `profile`, with `leaf(path)` at each leaf.
fn build_by_axis(
    profile: &HTuple<()>,
    path: &mut Vec<usize>,
    leaf: &mut impl FnMut(&[usize]) -> Result<Layout>,
) -> Result<Layout> {
    match profile {
        HTuple::Leaf(()) => leaf(path),
        HTuple::Tuple(c) => {
            let mut shapes = Vec::with_capacity(c.len());
            let mut strides = Vec::with_capacity(c.len());
            for (i, p) in c.iter().enumerate() {
                path.push(i);
                let (s, d) = build_by_axis(p, path, leaf)?.into_parts();
                path.pop();
                shapes.push(s);
                strides.push(d);
            }
            Ok(Layout::from_parts(
                HTuple::Tuple(shapes),
                HTuple::Tuple(strides),
            ))
        }
    }
}

/// The modes of a coordinate layout as `(extent, coefficient, prefix)` along
/// the axis `path`, with zero-stride modes dropped; `Err` (via `bad`) for a
/// mode that touches the axis but is not a single term on it.
fn axis_modes(
    modes: &[(i64, &Scalar)],
    prefix: &[i64],
    path: &[usize],
    mut bad: impl FnMut(&Scalar) -> Result<()>,
) -> Result<Vec<(i64, i64, i64)>> {
    let mut out = Vec::with_capacity(modes.len());
    for (&(s, d), &p) in modes.iter().zip(prefix) {
        match d {
            Scalar::Arith(a) => match single_term(a) {
                Some((k, q)) if q == path => out.push((k, s, p)),
                Some(_) => {}
                None if a.is_zero() => {}
                None => bad(d)?,
            },
            Scalar::Int(0) => {}
            other => bad(other)?,
        }
    }
    Ok(out)
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
/// covers), and over F2 a mode whose extent or prefix product is not a power
/// of two. So `right_inverse((2, 3, 4):(1, 1, 2))` is `(2, 4):(1, 6)`: the
/// mode `3:1` overlaps `2:1` and is skipped. An integer or F2 codomain gives a flat, coalesced `R`; a
/// coordinate codomain gives one coalesced `R` per axis, nested as the
/// codomain is.
///
/// # Pre-conditions
/// None: every layout has a right inverse (at worst `1:0`).
///
/// # Post-conditions
/// `result(A(result(i))) == result(i)` for `i` in `0..size(result)`; over
/// the integers, `A(result(i)) == i`.
///
/// # Errors
/// `ValueError` if a prefix product or a running extent overflows `i64`.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::right_inverse;
/// use cute_dynamic::{ErrorClass, F2, HTuple::{Leaf, Tuple}, Layout, Scalar};
/// // A flat layout; one mode is a leaf.
/// let l = |s: &[i64], d: Vec<Scalar>| if s.len() == 1 {
///     Layout::new(Leaf(s[0]), Leaf(d[0].clone())).unwrap()
/// } else {
///     Layout::new(Tuple(s.iter().map(|&x| Leaf(x)).collect()),
///                 Tuple(d.into_iter().map(Leaf).collect())).unwrap()
/// };
/// let z = |d: &[i64]| d.iter().map(|&x| Scalar::Int(x)).collect::<Vec<_>>();
/// let f = |d: &[u64]| d.iter().map(|&x| Scalar::F2(F2(x))).collect::<Vec<_>>();
/// assert_eq!(right_inverse(&l(&[4, 8], z(&[1, 4]))).unwrap(), l(&[32], z(&[1])));
/// assert_eq!(right_inverse(&l(&[4, 8], z(&[8, 1]))).unwrap(), l(&[8, 4], z(&[4, 1])));
/// assert_eq!(right_inverse(&l(&[4, 8], z(&[1, 5]))).unwrap(), l(&[4], z(&[1])));
/// assert_eq!(right_inverse(&l(&[2, 3, 4], z(&[1, 1, 2]))).unwrap(), l(&[2, 4], z(&[1, 6])));
/// assert_eq!(right_inverse(&l(&[2], z(&[0]))).unwrap(), l(&[1], z(&[0])));
/// assert_eq!(right_inverse(&l(&[8, 8], f(&[1, 9]))).unwrap(), l(&[8, 8], f(&[1, 9])));
/// assert_eq!(right_inverse(&l(&[8, 8], f(&[9, 1]))).unwrap(), l(&[8, 8], f(&[8, 9])));
/// // A coordinate codomain inverts each axis on its own.
/// # use cute_dynamic::ArithTuple;
/// let e = |k: i64, i: usize| ArithTuple::e(&[i]).scale(k).unwrap();
/// assert_eq!(right_inverse(&l(&[4, 4], vec![e(2, 0), e(1, 1)])).unwrap(), l(&[1, 4], z(&[0, 4])));
/// // An extent whose prefix product overflows is an error, not a wrapped number.
/// let big = l(&[1 << 62, 4, 2], z(&[1, 0, 0]));
/// assert_eq!(right_inverse(&big).unwrap_err().class(), ErrorClass::ValueError);
/// ```
pub fn right_inverse(a: &Layout) -> Result<Layout> {
    // Fast path: with integer strides only, the chain is collected straight
    // from the layout's leaves onto the stack.
    let mut chain = Flat::new((0i64, 0i64, 0i64));
    if int_chain_modes(a, &mut chain) {
        return int_chain(&mut chain);
    }
    // (a coordinate codomain's axes together may not be countable)
    right_inverse_general(a).and_then(|r| super::detail::sized(RIGHT, r))
}

/// Fills `chain` with the `(stride, extent, prefix product)` of each leaf
/// of `a`, when every stride is an integer and every prefix product (the
/// size included) fits in `i64`; false otherwise, and the general path takes
/// over (and reports the overflow). (An out-parameter, so that the stack
/// list is not copied on return.)
#[inline]
fn int_chain_modes(a: &Layout, chain: &mut Flat<(i64, i64, i64)>) -> bool {
    let mut p = 1i64;
    for_int_leaves(a, |s, d| {
        chain.push((d, s, p));
        p = p.checked_mul(s)?;
        Some(())
    })
    .is_some()
}

/// [`right_inverse`] for every kind of stride: integers, F2 values and
/// arithmetic tuples.
fn right_inverse_general(a: &Layout) -> Result<Layout> {
    let modes = flat_modes(a);
    let prefix = prefix_products(RIGHT, &modes)?;
    match codomain(&modes) {
        Codomain::Int => {
            let mut chain = Flat::new((0i64, 0i64, 0i64));
            for (&(s, d), &p) in modes.iter().zip(prefix.iter()) {
                if let Scalar::Int(d) = *d {
                    chain.push((d, s, p));
                }
            }
            int_chain(&mut chain)
        }
        Codomain::F2 => f2_right_inverse(&modes, &prefix),
        Codomain::Coord => {
            let paths = coord_paths(&modes);
            let profile = profile_of(&paths, 0);
            build_by_axis(&profile, &mut Vec::new(), &mut |path| {
                int_chain(&mut axis_modes(&modes, &prefix, path, |_| Ok(()))?)
            })
        }
    }
}

/// The basis paths of every single-term coordinate stride.
fn coord_paths(modes: &[(i64, &Scalar)]) -> Vec<Vec<usize>> {
    let mut paths: Vec<Vec<usize>> = Vec::new();
    for (_, d) in modes {
        if let Scalar::Arith(a) = d {
            for (_, p) in a.terms() {
                if !paths.contains(&p) {
                    paths.push(p);
                }
            }
        }
    }
    paths
}

/// Follows an integer chain, given as `(stride, extent, prefix)` triples in
/// the domain's order: sorted by stride (stable), each mode of stride equal
/// to the running extent contributes `extent:prefix`; a mode that does not
/// extend the chain (zero stride, extent 1, or a stride below the running
/// extent, which overlaps what the chain covers) is skipped, and the chain
/// goes on with the next mode that does, as CuTe C++ does. (Past a stride
/// above the running extent, every stride is: the chain ends there.) The
/// result is coalesced.
fn int_chain(chain: &mut [(i64, i64, i64)]) -> Result<Layout> {
    // A stable sort by stride alone: equal strides keep the domain's order.
    // (The standard stable sort does not allocate for short lists.)
    chain.sort_by_key(|m| m.0);
    let mut out = Flat::new((0i64, 0i64));
    let mut cur = 1i64;
    for &(d, s, p) in chain.iter() {
        if d == 0 || s == 1 || d < cur {
            continue;
        }
        if d != cur {
            break;
        }
        out.push((s, p));
        cur = mul(RIGHT, s, d)?;
    }
    coalesce_ints(RIGHT, &mut out)?;
    Ok(layout_of(&out, Scalar::Int))
}

/// The F2 right inverse: the chain of strides `cur ^ carry`, where `cur` is
/// the running extent (a power of two) and `carry` a value the chain already
/// covers. Every mode in the chain must have a power-of-two extent and a
/// power-of-two prefix product, so that `A` is linear over F2 on the domain
/// indices the result produces.
///
/// `modes` are `A`'s flat leaves (no arithmetic-tuple stride among them) and
/// `prefix` their prefix products; `A` is evaluated on them directly.
fn f2_right_inverse(modes: &[(i64, &Scalar)], prefix: &[i64]) -> Result<Layout> {
    let mut chain = Flat::new((0u64, 0i64, 0i64));
    for (&(s, d), &p) in modes.iter().zip(prefix) {
        if let Scalar::F2(F2(d)) = *d {
            if d != 0 && s != 1 {
                chain.push((d, s, p));
            }
        }
    }
    chain.sort_by_key(|m| m.0);
    let positive = modes.iter().all(|m| m.0 > 0);
    // The result so far, as (extent, F2 stride) with power-of-two extents, and
    // the running extent 2^bits it covers.
    let mut out = Flat::new((0i64, 0u64));
    let mut bits: u32 = 0;
    for &(d, s, p) in chain.iter() {
        if bits >= 63 {
            break;
        }
        let cur = 1u64 << bits;
        let pow2 = |x: i64| x > 0 && (x & (x - 1)) == 0;
        if d < cur || !pow2(s) || !pow2(p) {
            // does not extend the chain: a stride inside the covered span
            // (it overlaps), or a mode that is not linear over F2 on the
            // indices the chain produces; the next mode may
            continue;
        }
        let b = s.trailing_zeros();
        if bits + b > 62 {
            break;
        }
        let carry = d ^ cur;
        if carry >= cur {
            // a stride past the running extent leaves a hole, and so does
            // every later (larger) one
            break;
        }
        // The carry must stay inside the covered range over the whole extent:
        // deg(v * carry) < bits for every v < s.
        if carry != 0 && (63 - carry.leading_zeros()) + b > bits {
            break;
        }
        // Cancel the carry with the inverse built so far.
        let r = (p as u64) ^ eval_f2_flat(&out, carry);
        // Check A(r << j) == cur << j for each bit j of the new extent. With
        // no carry this holds without evaluating A: r == p is the prefix
        // product of this mode, so the domain index p << j has coordinate
        // 2^j in this mode and 0 in every other, and A maps it to
        // d * 2^j == cur << j. (The evaluation also rejects any mode of
        // extent 0 or less, hence `positive`.)
        let mut ok = true;
        for j in (0..b).filter(|_| carry != 0 || !positive) {
            let x = r << j;
            if x > i64::MAX as u64 || eval_f2_modes(modes, x as i64)? != Some(cur << j) {
                ok = false;
                break;
            }
        }
        if !ok {
            break;
        }
        out.push((s, r));
        bits += b;
    }
    // Coalesce as `coalesce_flat` does (the rule of `continues`).
    let mut merged = Flat::new((0i64, 0u64));
    for &(s, d) in out.iter() {
        if let Some((ps, pd)) = merged.last_mut() {
            if continues_f2(*ps, *pd, d) {
                *ps = mul(RIGHT, *ps, s)?;
                continue;
            }
        }
        merged.push((s, d));
    }
    Ok(layout_of(&merged, |r| Scalar::F2(F2(r))))
}

/// Evaluates a flat F2 layout (power-of-two extents) at `k`.
fn eval_f2_flat(modes: &[(i64, u64)], mut k: u64) -> u64 {
    let mut acc = 0u64;
    for &(s, r) in modes {
        let s = s as u64;
        let v = k % s;
        k /= s;
        acc ^= F2(r).clmul(F2(v)).map_or(0, |x| x.0);
    }
    acc
}

/// Evaluates the flat modes of an F2 layout at the integral coordinate `x`;
/// `None` if a stride is not an F2 value on the way (the coordinate touches
/// such a mode).
fn eval_f2_modes(modes: &[(i64, &Scalar)], x: i64) -> Result<Option<u64>> {
    let mut rest = x;
    let mut acc = 0u64;
    for &(s, d) in modes {
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
/// strides, an F2 gap), or on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::left_inverse;
/// use cute_dynamic::{ErrorClass, HTuple::{Leaf, Tuple}, Layout, Scalar};
/// let l = |s: &[i64], d: &[i64]| if s.len() == 1 {
///     Layout::new(Leaf(s[0]), Leaf(Scalar::Int(d[0]))).unwrap()
/// } else {
///     Layout::new(Tuple(s.iter().map(|&x| Leaf(x)).collect()),
///                 Tuple(d.iter().map(|&x| Leaf(Scalar::Int(x))).collect())).unwrap()
/// };
/// assert_eq!(left_inverse(&l(&[4, 8], &[1, 4])).unwrap(), l(&[32], &[1]));
/// assert_eq!(left_inverse(&l(&[4, 8], &[1, 5])).unwrap(), l(&[5, 8], &[1, 4]));
/// // Overlapping strides cannot be inverted.
/// assert_eq!(left_inverse(&l(&[4, 8], &[1, 2])).unwrap_err().class(), ErrorClass::ValueError);
/// ```
pub fn left_inverse(a: &Layout) -> Result<Layout> {
    // Fast path: with integer strides only, the chain is collected straight
    // from the layout's leaves onto the stack.
    let mut chain = Flat::new((0i64, 0i64, 0i64));
    if int_chain_modes(a, &mut chain) {
        return left_chain(a, &mut chain);
    }
    // its extents cover A's codomain, which must be countable (on each
    // axis, `left_chain` checks it; the axes together, here)
    left_inverse_general(a).and_then(|r| super::detail::sized(LEFT, r))
}

/// [`left_inverse`] for every kind of stride: integers, F2 values and
/// arithmetic tuples.
fn left_inverse_general(a: &Layout) -> Result<Layout> {
    let modes = flat_modes(a);
    let prefix = prefix_products(LEFT, &modes)?;
    match codomain(&modes) {
        Codomain::Int => {
            let mut chain = Flat::new((0i64, 0i64, 0i64));
            for (&(s, d), &p) in modes.iter().zip(prefix.iter()) {
                match *d {
                    Scalar::Int(d) => chain.push((d, s, p)),
                    _ => unreachable!("an integer codomain has integer strides"),
                }
            }
            left_chain(a, &mut chain)
        }
        Codomain::F2 => f2_left_inverse(a, &modes, &prefix),
        Codomain::Coord => {
            let paths = coord_paths(&modes);
            let profile = profile_of(&paths, 0);
            build_by_axis(&profile, &mut Vec::new(), &mut |path| {
                let mut chain = axis_modes(&modes, &prefix, path, |d| {
                    Err(Error::NotInjective {
                        op: LEFT,
                        msg: format!("{a:?}: stride {d} is not a single coordinate axis"),
                    })
                })?;
                left_chain(a, &mut chain)
            })
        }
    }
}

/// The left inverse along one integer axis, from `(stride, extent, prefix)`
/// triples in the domain's order: sorted by stride (stable), extent-1 and
/// zero-stride modes skipped, each gap between consecutive strides checked
/// arithmetically and turned into an extent of the result.
fn left_chain(a: &Layout, chain: &mut [(i64, i64, i64)]) -> Result<Layout> {
    chain.sort_by_key(|m| m.0);
    let mut flat = Flat::new((0i64, 0i64));
    let mut prev: Option<(i64, i64, i64)> = None;
    for &(d, s, p) in chain.iter() {
        if d == 0 || s == 1 {
            continue;
        }
        if d < 0 {
            return Err(Error::NotInjective {
                op: LEFT,
                msg: format!("{a:?}: negative stride {d} cannot be chained"),
            });
        }
        match prev {
            None => flat.push((d, 0)),
            Some((pd, ps, pp)) => {
                let end = pd.checked_mul(ps);
                if d % pd != 0 || end.is_none_or(|e| d < e) {
                    return Err(Error::NotInjective {
                        op: LEFT,
                        msg: format!(
                            "{a:?}: strides {pd} (extent {ps}) and {d} do not form an ordered chain"
                        ),
                    });
                }
                flat.push((d / pd, pp));
            }
        }
        prev = Some((d, s, p));
    }
    if let Some((d, s, p)) = prev {
        // the extents of the result multiply to `d_n * s_n`: the end of
        // A's codomain must be countable
        mul(LEFT, d, s)?;
        flat.push((s, p));
    }
    coalesce_ints(LEFT, &mut flat)?;
    Ok(layout_of(&flat, Scalar::Int))
}

/// The F2 left inverse: only a gap-free chain (`d_0 == F2(1)`,
/// `d_k == d_{k-1} * s_{k-1}`) is supported, and then it is the chain itself
/// read backwards, `(s_0, s_1, ...) : (p_0, p_1, ...)`. Its strides are
/// integers: its codomain is A's domain, whose index space is the integers.
/// Every extent of the chain but the last must be a power of two, where the
/// carry-less running extent is one bit and the modes' values do not
/// overlap.
fn f2_left_inverse(a: &Layout, modes: &[(i64, &Scalar)], prefix: &[i64]) -> Result<Layout> {
    let mut chain: Vec<(u64, i64, i64)> = Vec::with_capacity(modes.len());
    for (&(s, d), &p) in modes.iter().zip(prefix) {
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
    chain.sort_by_key(|m| m.0);
    let mut cur = F2(1);
    let mut out = Flat::new((0i64, 0i64));
    let last = chain.len().saturating_sub(1);
    for (k, (d, s, p)) in chain.into_iter().enumerate() {
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
        out.push((s, p));
        cur = F2(d).clmul(F2(s as u64))?;
    }
    coalesce_ints(LEFT, &mut out)?;
    Ok(layout_of(&out, Scalar::Int))
}

impl Layout {
    /// The largest right inverse of this layout; see [`right_inverse`].
    ///
    /// # Errors
    /// As [`right_inverse`].
    pub fn right_inverse(&self) -> Result<Layout> {
        right_inverse(self)
    }

    /// The left inverse of this layout; see [`left_inverse`].
    ///
    /// # Errors
    /// As [`left_inverse`].
    pub fn left_inverse(&self) -> Result<Layout> {
        left_inverse(self)
    }
}

#[cfg(test)]
mod tests {
    use super::super::detail::testing::{
        at, check, eval, int_layout, sample, shape_tree, size, with_strides,
    };
    use super::*;

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
        fn integer_fast_paths_agree_with_the_general_paths(a in int_layout()) {
            prop_assert!(int_chain_modes(&a, &mut Flat::new((0, 0, 0))));
            prop_assert_eq!(right_inverse(&a), right_inverse_general(&a));
            prop_assert_eq!(left_inverse(&a), left_inverse_general(&a));
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
            let axes = super::super::detail::modes_of(&r);
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
    fn flat_lists_spill_to_the_heap() {
        let mut f = Flat::new(0i64);
        for i in 0..40 {
            f.push(i);
            assert_eq!(f.len(), i as usize + 1);
        }
        assert!(f.iter().copied().eq(0..40));
        f[20] = -1;
        assert_eq!(f[20], -1);
        f.truncate(30);
        assert_eq!(f.len(), 30);
        f.truncate(3);
        assert_eq!(&f[..], &[0, 1, 2]);
        f.push(7);
        assert_eq!(&f[..], &[0, 1, 2, 7]);
        for i in 0..20 {
            f.push(i);
        }
        assert_eq!(f.len(), 24);
        assert_eq!(f[4..].to_vec(), (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn fast_paths_handle_many_leaves() {
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
        let mut chain = Flat::new((0, 0, 0));
        assert!(int_chain_modes(&a, &mut chain));
        assert_eq!(chain.len(), 40);
        let r = right_inverse(&a).unwrap();
        assert_eq!(Ok(r.clone()), right_inverse_general(&a));
        let l = left_inverse(&a).unwrap();
        assert_eq!(Ok(l.clone()), left_inverse_general(&a));
        for i in sample(size(&a)) {
            assert_eq!(at(&a, at(&l, at(&a, i))), at(&a, i));
        }
        for i in sample(size(&r)) {
            assert_eq!(at(&a, at(&r, i)), i);
        }
    }

    #[test]
    fn fast_paths_leave_overflow_to_the_general_path() {
        let shape = HTuple::Tuple(vec![
            HTuple::Leaf(1 << 62),
            HTuple::Leaf(4),
            HTuple::Leaf(2),
        ]);
        let a = with_strides(&shape, &[Scalar::Int(1), Scalar::Int(0), Scalar::Int(0)]);
        assert!(!int_chain_modes(&a, &mut Flat::new((0, 0, 0))));
        assert!(right_inverse(&a).is_err());
        assert!(left_inverse(&a).is_err());
        assert_eq!(right_inverse(&a), right_inverse_general(&a));
        assert_eq!(left_inverse(&a), left_inverse_general(&a));
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
            let modes = flat_modes(&a);
            let prefix = prefix_products(RIGHT, &modes).unwrap();
            for (&(s, d), &p) in modes.iter().zip(prefix.iter()) {
                let Scalar::F2(F2(d)) = *d else { continue };
                if s & (s - 1) != 0 || p & (p - 1) != 0 {
                    continue;
                }
                for j in 0..s.trailing_zeros() {
                    prop_assert_eq!(eval_f2_modes(&modes, p << j).unwrap(), Some(d << j));
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
