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

use crate::atuple::ArithTuple;
use crate::htuple::HTuple;
use crate::layout::Layout;
use crate::swizzle::F2;
use crate::typedefs::Scalar;

// ---------------------------------------------------------------------------
// Flat helpers shared by the inverse, nullspace, layout_add and gcd modules.
// ---------------------------------------------------------------------------

/// The leaves of `l` as `(extent, stride)` pairs, left to right.
pub(super) fn flat_modes(l: &Layout) -> Vec<(i64, &Scalar)> {
    let mut out = Vec::with_capacity(8);
    push_modes(l.shape(), l.stride(), &mut out);
    out
}

fn push_modes<'a>(s: &HTuple<i64>, d: &'a HTuple<Scalar>, out: &mut Vec<(i64, &'a Scalar)>) {
    match (s, d) {
        (HTuple::Leaf(x), HTuple::Leaf(y)) => out.push((*x, y)),
        (HTuple::Tuple(a), HTuple::Tuple(b)) => {
            for (x, y) in a.iter().zip(b) {
                push_modes(x, y, out);
            }
        }
        // A layout's shape and stride are congruent by construction.
        _ => debug_assert!(false, "shape and stride not congruent"),
    }
}

/// `a * b`, or an overflow error of `op`.
pub(super) fn mul(op: &'static str, a: i64, b: i64) -> Result<i64> {
    a.checked_mul(b)
        .ok_or_else(|| Error::overflow(op, format!("{a} * {b} leaves the 64-bit range")))
}

/// The exclusive prefix products of the extents of `modes`.
pub(super) fn prefix_products<T>(op: &'static str, modes: &[(i64, T)]) -> Result<Vec<i64>> {
    let mut out = Vec::with_capacity(modes.len());
    let mut acc = 1i64;
    for (s, _) in modes {
        out.push(acc);
        acc = mul(op, acc, *s)?;
    }
    Ok(out)
}

/// Coalesces a flat list of modes in place: drops extent-1 modes and merges
/// `(s0, d0), (s1, s0 * d0)` into `(s0 * s1, d0)`.
pub(super) fn coalesce_flat(op: &'static str, modes: &mut Vec<(i64, Scalar)>) -> Result<()> {
    let mut out: Vec<(i64, Scalar)> = Vec::with_capacity(modes.len());
    for (s, d) in modes.drain(..) {
        if s == 1 {
            continue;
        }
        if let Some((ps, pd)) = out.last_mut() {
            if pd.scale(*ps).is_ok_and(|x| x == d) {
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
        _ => {
            let (s, d): (Vec<_>, Vec<_>) = modes
                .into_iter()
                .map(|(s, d)| (HTuple::Leaf(s), HTuple::Leaf(d)))
                .unzip();
            Layout::from_parts(HTuple::Tuple(s), HTuple::Tuple(d))
        }
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
/// extent; where it does not, the chain stops. Extent-1 and zero-stride modes
/// are skipped. An integer or F2 codomain gives a flat, coalesced `R`; a
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
    let modes = flat_modes(a);
    let prefix = prefix_products(RIGHT, &modes)?;
    match codomain(&modes) {
        Codomain::Int => {
            let mut chain = Vec::with_capacity(modes.len());
            for (&(s, d), &p) in modes.iter().zip(&prefix) {
                if let Scalar::Int(d) = *d {
                    chain.push((d, s, p));
                }
            }
            let mut out = int_chain(chain, Scalar::Int)?;
            coalesce_flat(RIGHT, &mut out)?;
            Ok(layout_from_flat(out))
        }
        Codomain::F2 => f2_right_inverse(a, &modes, &prefix),
        Codomain::Coord => {
            let paths = coord_paths(&modes);
            let profile = profile_of(&paths, 0);
            build_by_axis(&profile, &mut Vec::new(), &mut |path| {
                let chain = axis_modes(&modes, &prefix, path, |_| Ok(()))?;
                let mut out = int_chain(chain, Scalar::Int)?;
                coalesce_flat(RIGHT, &mut out)?;
                Ok(layout_from_flat(out))
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

/// Follows an integer chain: `(stride, extent, prefix)` triples, sorted; each
/// mode of stride equal to the running extent contributes `extent:prefix`.
fn int_chain(
    mut chain: Vec<(i64, i64, i64)>,
    stride: impl Fn(i64) -> Scalar,
) -> Result<Vec<(i64, Scalar)>> {
    chain.retain(|&(d, s, _)| d != 0 && s != 1);
    // A stable sort by stride alone: equal strides keep the domain's order.
    chain.sort_by_key(|m| m.0);
    let mut out = Vec::with_capacity(chain.len());
    let mut cur = 1i64;
    for (d, s, p) in chain {
        if d != cur {
            break;
        }
        out.push((s, stride(p)));
        cur = mul(RIGHT, s, d)?;
    }
    Ok(out)
}

/// The F2 right inverse: the chain of strides `cur ^ carry`, where `cur` is
/// the running extent (a power of two) and `carry` a value the chain already
/// covers. Every mode in the chain must have a power-of-two extent and a
/// power-of-two prefix product, so that `A` is linear over F2 on the domain
/// indices the result produces.
fn f2_right_inverse(a: &Layout, modes: &[(i64, &Scalar)], prefix: &[i64]) -> Result<Layout> {
    let mut chain: Vec<(u64, i64, i64)> = Vec::with_capacity(modes.len());
    for (&(s, d), &p) in modes.iter().zip(prefix) {
        if let Scalar::F2(F2(d)) = *d {
            if d != 0 && s != 1 {
                chain.push((d, s, p));
            }
        }
    }
    chain.sort_by_key(|m| m.0);
    // The result so far, as (extent, F2 stride) with power-of-two extents, and
    // the running extent 2^bits it covers.
    let mut out: Vec<(i64, u64)> = Vec::with_capacity(chain.len());
    let mut bits: u32 = 0;
    for (d, s, p) in chain {
        let pow2 = |x: i64| x > 0 && (x & (x - 1)) == 0;
        if !pow2(s) || !pow2(p) || bits >= 63 {
            break;
        }
        let b = s.trailing_zeros();
        if bits + b > 62 {
            break;
        }
        let cur = 1u64 << bits;
        let carry = d ^ cur;
        if carry >= cur {
            break;
        }
        // The carry must stay inside the covered range over the whole extent:
        // deg(v * carry) < bits for every v < s.
        if carry != 0 && (63 - carry.leading_zeros()) + b > bits {
            break;
        }
        // Cancel the carry with the inverse built so far.
        let r = (p as u64) ^ eval_f2_flat(&out, carry);
        // Check A(r << j) == cur << j for each bit j of the new extent.
        let mut ok = true;
        for j in 0..b {
            let x = r << j;
            if x > i64::MAX as u64 || eval_f2_layout(a, x as i64)? != Some(cur << j) {
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
    let mut flat: Vec<(i64, Scalar)> = out
        .into_iter()
        .map(|(s, r)| (s, Scalar::F2(F2(r))))
        .collect();
    coalesce_flat(RIGHT, &mut flat)?;
    Ok(layout_from_flat(flat))
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

/// Evaluates an F2 layout at the integral coordinate `x`; `None` if a stride
/// is not an F2 value on the way (the coordinate touches such a mode).
fn eval_f2_layout(a: &Layout, x: i64) -> Result<Option<u64>> {
    let mut rest = x;
    let mut acc = 0u64;
    for (s, d) in flat_modes(a) {
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
/// where every gap is 1, i.e. `d_0 == F2(1)` and `d_k == d_{k-1} * s_{k-1}`.
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
    let modes = flat_modes(a);
    let prefix = prefix_products(LEFT, &modes)?;
    match codomain(&modes) {
        Codomain::Int => {
            let mut chain = Vec::with_capacity(modes.len());
            for (&(s, d), &p) in modes.iter().zip(&prefix) {
                match *d {
                    Scalar::Int(d) => chain.push((d, s, p)),
                    _ => unreachable!("an integer codomain has integer strides"),
                }
            }
            left_chain(a, chain)
        }
        Codomain::F2 => f2_left_inverse(a, &modes, &prefix),
        Codomain::Coord => {
            let paths = coord_paths(&modes);
            let profile = profile_of(&paths, 0);
            build_by_axis(&profile, &mut Vec::new(), &mut |path| {
                let chain = axis_modes(&modes, &prefix, path, |d| {
                    Err(Error::NotInjective {
                        op: LEFT,
                        msg: format!("{a:?}: stride {d} is not a single coordinate axis"),
                    })
                })?;
                left_chain(a, chain)
            })
        }
    }
}

/// The left inverse along one integer axis, from `(stride, extent, prefix)`.
fn left_chain(a: &Layout, mut chain: Vec<(i64, i64, i64)>) -> Result<Layout> {
    chain.retain(|&(_, s, _)| s != 1);
    chain.sort_by_key(|m| m.0);
    let mut flat: Vec<(i64, Scalar)> = Vec::with_capacity(chain.len() + 1);
    let mut prev: Option<(i64, i64, i64)> = None;
    for &(d, s, p) in &chain {
        if d == 0 {
            continue;
        }
        if d < 0 {
            return Err(Error::NotInjective {
                op: LEFT,
                msg: format!("{a:?}: negative stride {d} cannot be chained"),
            });
        }
        match prev {
            None => flat.push((d, Scalar::Int(0))),
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
                flat.push((d / pd, Scalar::Int(pp)));
            }
        }
        prev = Some((d, s, p));
    }
    if let Some((_, s, p)) = prev {
        flat.push((s, Scalar::Int(p)));
    }
    coalesce_flat(LEFT, &mut flat)?;
    Ok(layout_from_flat(flat))
}

/// The F2 left inverse: only a gap-free chain (`d_0 == F2(1)`,
/// `d_k == d_{k-1} * s_{k-1}`) is supported, and then it is the chain itself
/// read backwards, `(s_0, s_1, ...) : (F2(p_0), F2(p_1), ...)`.
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
    let mut out = Vec::with_capacity(chain.len());
    for (d, s, p) in chain {
        if F2(d) != cur {
            return Err(Error::NotInjective {
                op: LEFT,
                msg: format!(
                    "{a:?}: F2 stride F{d} leaves a gap after {cur}; F2 quotients are carry-less, so only gaps of 1 are supported"
                ),
            });
        }
        out.push((s, Scalar::F2(F2(p as u64))));
        cur = F2(d).clmul(F2(s as u64))?;
    }
    coalesce_flat(LEFT, &mut out)?;
    Ok(layout_from_flat(out))
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

/// A reader for the conformance data's lines, shared by the tests of the
/// inverse, nullspace, layout_add and gcd modules.
#[cfg(test)]
pub(crate) mod inverse_testkit {
    use crate::atuple::ArithTuple;
    use crate::htuple::{HTuple, IntTuple};
    use crate::layout::Layout;
    use crate::swizzle::F2;
    use crate::typedefs::{Scalar, Stride};

    /// A parsed argument: an integer, a tuple, a stride scalar, a layout.
    #[derive(Clone, Debug)]
    pub enum Arg {
        Int(i64),
        Tup(Vec<Arg>),
        Scalar(Scalar),
        Layout(Layout),
    }

    impl Arg {
        pub fn int_tuple(&self) -> IntTuple {
            match self {
                Arg::Int(x) => HTuple::Leaf(*x),
                Arg::Tup(v) => HTuple::Tuple(v.iter().map(Arg::int_tuple).collect()),
                Arg::Layout(l) => l.shape().clone(),
                Arg::Scalar(s) => panic!("not an int tuple: {s}"),
            }
        }
        pub fn stride(&self) -> Stride {
            match self {
                Arg::Int(x) => HTuple::Leaf(Scalar::Int(*x)),
                Arg::Scalar(s) => HTuple::Leaf(s.clone()),
                Arg::Tup(v) => HTuple::Tuple(v.iter().map(Arg::stride).collect()),
                Arg::Layout(_) => panic!("not a stride"),
            }
        }
        pub fn layout(&self) -> Layout {
            match self {
                Arg::Layout(l) => l.clone(),
                other => panic!("not a layout: {other:?}"),
            }
        }
    }

    struct P<'a> {
        s: &'a [u8],
        i: usize,
    }

    impl P<'_> {
        fn ws(&mut self) {
            while self.i < self.s.len() && self.s[self.i] == b' ' {
                self.i += 1;
            }
        }
        fn eat(&mut self, c: u8) -> bool {
            self.ws();
            if self.s.get(self.i) == Some(&c) {
                self.i += 1;
                true
            } else {
                false
            }
        }
        fn ident(&mut self) -> String {
            self.ws();
            let st = self.i;
            while self.i < self.s.len()
                && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_')
            {
                self.i += 1;
            }
            String::from_utf8(self.s[st..self.i].to_vec()).unwrap()
        }
        fn args(&mut self) -> Vec<Arg> {
            assert!(self.eat(b'('));
            let mut v = Vec::new();
            if self.eat(b')') {
                return v;
            }
            loop {
                v.push(self.expr());
                if self.eat(b')') {
                    return v;
                }
                assert!(self.eat(b','), "expected , at {}", self.i);
                if self.eat(b')') {
                    return v;
                }
            }
        }
        fn expr(&mut self) -> Arg {
            let a = self.atom();
            if self.eat(b'*') {
                let b = self.atom();
                match (a, b) {
                    (Arg::Int(k), Arg::Scalar(s)) => Arg::Scalar(s.scale(k).unwrap()),
                    other => panic!("bad product {other:?}"),
                }
            } else {
                a
            }
        }
        fn atom(&mut self) -> Arg {
            self.ws();
            let c = self.s[self.i];
            if c == b'(' {
                let v = self.args();
                return Arg::Tup(v);
            }
            if c == b'-' || c.is_ascii_digit() {
                let st = self.i;
                self.i += 1;
                while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                    self.i += 1;
                }
                let t = std::str::from_utf8(&self.s[st..self.i]).unwrap();
                return Arg::Int(t.parse().unwrap());
            }
            let name = self.ident();
            let args = self.args();
            match name.as_str() {
                "Layout" => {
                    let shape = args[0].int_tuple();
                    let stride = args[1].stride();
                    Arg::Layout(Layout::new(shape, stride).unwrap())
                }
                "F2" => match args[0] {
                    Arg::Int(x) => Arg::Scalar(Scalar::F2(F2(x as u64))),
                    _ => panic!(),
                },
                "E" => {
                    let path: Vec<usize> = args
                        .iter()
                        .map(|a| match a {
                            Arg::Int(x) => *x as usize,
                            _ => panic!(),
                        })
                        .collect();
                    Arg::Scalar(ArithTuple::e(&path))
                }
                other => panic!("unknown {other}"),
            }
        }
    }

    /// Parses `name(args...)` into the name and its arguments.
    pub fn call(src: &str) -> (String, Vec<Arg>) {
        let mut p = P {
            s: src.as_bytes(),
            i: 0,
        };
        let name = p.ident();
        let args = p.args();
        (name, args)
    }

    /// The lines of the conformance data of `family`: (expression, expected).
    pub fn cases(family: &str) -> Vec<(String, String)> {
        let data = include_str!("../../../tests/data/conformance.tsv");
        data.lines()
            .filter_map(|line| {
                let mut f = line.split('\t');
                (f.next()? == family)
                    .then(|| (f.next().unwrap().to_string(), f.next().unwrap().to_string()))
            })
            .collect()
    }

    /// The conformance text of a result: `ok Layout(...)` or `err Class`.
    pub fn outcome(r: cute_core::Result<Layout>) -> String {
        match r {
            Ok(l) => format!("ok {l:?}"),
            Err(e) => format!("err {}", e.class()),
        }
    }

    /// `A(i)` for an integral coordinate `i` (the excess goes to the last
    /// mode), computed leaf by leaf.
    pub fn eval(a: &Layout, i: i64) -> Scalar {
        let modes = super::flat_modes(a);
        let n = modes.len();
        let mut rest = i;
        let mut acc = Scalar::Int(0);
        for (k, (s, d)) in modes.into_iter().enumerate() {
            let c = if k + 1 == n { rest } else { rest % s };
            rest = if k + 1 == n { 0 } else { rest / s };
            acc = acc.add(&d.scale(c).unwrap()).unwrap();
        }
        acc
    }

    /// `eval` as an integer (an F2 value's bits, read as an integer).
    pub fn eval_int(a: &Layout, i: i64) -> i64 {
        match eval(a, i) {
            Scalar::Int(x) => x,
            Scalar::F2(f) => f.0 as i64,
            Scalar::Arith(t) => panic!("not an integer: {t}"),
        }
    }

    /// The size of a layout.
    pub fn size(a: &Layout) -> i64 {
        a.shape().leaves().product()
    }

    /// Indices to check in `0..n`: all of them for small `n`, else the first
    /// 128, the last 128 and about 128 spread between.
    pub fn sample(n: i64) -> impl Iterator<Item = i64> {
        let head = n.min(128);
        let tail = (n - 128).max(head);
        let step = ((tail - head) / 128).max(1) as usize;
        (0..head).chain((head..tail).step_by(step)).chain(tail..n)
    }

    use proptest::prelude::*;

    /// A random shape tree of depth at most 3 and rank at most 4 per node,
    /// with extents in `1..=6`.
    pub fn shape_tree() -> impl Strategy<Value = IntTuple> {
        (1i64..=6)
            .prop_map(HTuple::Leaf)
            .prop_recursive(3, 12, 4, |inner| {
                proptest::collection::vec(inner, 1..=4).prop_map(HTuple::Tuple)
            })
    }

    /// Gives `shape` the flat strides `flat`, left to right.
    pub fn with_strides(shape: &IntTuple, flat: &[Scalar]) -> Layout {
        let mut it = flat.iter().cloned();
        let stride = shape.map(&mut |_| it.next().unwrap());
        Layout::new(shape.clone(), stride).unwrap()
    }

    /// A random integer layout: random strides (some 0), or a compact layout
    /// with its modes permuted (some strides then zeroed or stretched).
    pub fn int_layout() -> impl Strategy<Value = Layout> {
        shape_tree()
            .prop_flat_map(|shape| {
                let n = shape.leaf_count();
                let random = proptest::collection::vec(prop_oneof![Just(0i64), 1i64..48], n);
                let perm = Just((0..n).collect::<Vec<usize>>()).prop_shuffle();
                let tweak = proptest::collection::vec(0u8..6, n);
                (Just(shape), random, perm, tweak, any::<bool>())
            })
            .prop_map(|(shape, random, perm, tweak, compact)| {
                let ext: Vec<i64> = shape.leaves().copied().collect();
                let flat: Vec<Scalar> = if compact {
                    // strides of the modes taken in the order `perm`
                    let mut d = vec![0i64; ext.len()];
                    let mut acc = 1i64;
                    for &k in &perm {
                        d[k] = acc;
                        acc *= ext[k];
                        if tweak[k] == 5 {
                            acc *= 2; // leave a hole after this mode
                        }
                    }
                    d.iter()
                        .zip(&tweak)
                        .map(|(&x, &t)| Scalar::Int(if t == 0 { 0 } else { x }))
                        .collect()
                } else {
                    random.into_iter().map(Scalar::Int).collect()
                };
                with_strides(&shape, &flat)
            })
    }

    /// Runs every case of `family` through `f`; returns the mismatches.
    pub fn run(family: &str, f: impl Fn(&[Arg]) -> cute_core::Result<Layout>) -> Vec<String> {
        let cases = cases(family);
        assert!(!cases.is_empty(), "no cases for {family}");
        cases
            .iter()
            .filter_map(|(expr, want)| {
                let (_, args) = call(expr);
                let got = outcome(f(&args));
                (&got != want).then(|| format!("{expr}\n   want {want}\n    got {got}"))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::inverse_testkit::run;
    use super::*;

    fn report(family: &str, bad: Vec<String>) {
        let n = bad.len();
        for b in bad.iter().take(15) {
            eprintln!("{b}");
        }
        assert_eq!(n, 0, "{family}: {n} mismatches");
    }

    #[test]
    fn conformance_right_inverse() {
        report(
            "right_inverse",
            run("right_inverse", |a| right_inverse(&a[0].layout())),
        );
    }

    #[test]
    fn conformance_coord_right_inverse() {
        report(
            "coord_right_inverse",
            run("coord_right_inverse", |a| right_inverse(&a[0].layout())),
        );
    }

    #[test]
    fn conformance_f2_right_inverse() {
        report(
            "f2_right_inverse",
            run("f2_right_inverse", |a| right_inverse(&a[0].layout())),
        );
    }

    #[test]
    fn conformance_left_inverse() {
        report(
            "left_inverse",
            run("left_inverse", |a| left_inverse(&a[0].layout())),
        );
    }

    #[test]
    fn conformance_nullspace() {
        report(
            "nullspace",
            run("nullspace", |a| super::super::nullspace(&a[0].layout())),
        );
    }

    #[test]
    fn conformance_layout_add() {
        report(
            "layout_add",
            run("layout_add", |a| {
                super::super::layout_add(&a[0].layout(), &a[1].layout())
            }),
        );
    }

    #[test]
    fn conformance_gcd() {
        report(
            "greatest_common_domain",
            run("greatest_common_domain", |a| {
                super::super::greatest_common_domain(&a[0].int_tuple(), &a[1].int_tuple())
            }),
        );
    }

    use super::inverse_testkit::{eval, eval_int, int_layout, sample, size, with_strides};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn right_inverse_is_a_right_inverse(a in int_layout()) {
            let r = right_inverse(&a).unwrap();
            for i in sample(size(&r)) {
                let ri = eval_int(&r, i);
                prop_assert_eq!(eval_int(&a, ri), i, "A(R({})) for R = {:?}", i, r);
                prop_assert_eq!(eval_int(&r, eval_int(&a, ri)), ri);
            }
        }

        #[test]
        fn left_inverse_is_a_left_inverse(a in int_layout()) {
            if let Ok(l) = left_inverse(&a) {
                for i in sample(size(&a)) {
                    let ai = eval_int(&a, i);
                    prop_assert_eq!(eval_int(&a, eval_int(&l, ai)), ai, "L = {:?}", l);
                }
            }
        }

        #[test]
        fn left_inverse_exists_for_compact_chains(
            shape in super::inverse_testkit::shape_tree(),
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
                prop_assert_eq!(eval_int(&l, eval_int(&a, i)), i);
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
                let ri = eval_int(&r, i);
                prop_assert_eq!(eval_int(&r, eval_int(&a, ri)), ri, "R = {:?}", r);
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
        assert_eq!(format!("{:?}", left_inverse(&f).unwrap()), "Layout(32, F1)");
        let g = with_strides(&shape, &[Scalar::F2(F2(1)), Scalar::F2(F2(8))]);
        assert_eq!(
            left_inverse(&g).unwrap_err().class(),
            cute_core::ErrorClass::ValueError
        );
    }
}
