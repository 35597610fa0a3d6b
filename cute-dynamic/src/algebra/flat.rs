//! Flat modes: the one representation every operation of the algebra
//! computes on.
//!
//! A layout's *flat modes* are its `(extent, stride)` leaves, left to right,
//! which is how a [`Layout`] stores them: the algebra reads them in place,
//! computes on lists of them ([`Modes`], inline up to 8), and rebuilds a
//! result's nesting once, as it appends the result's leaves. This module
//! holds what every operation shares: the list, the rule by which two
//! modes walk on as one ([`continues`]), the coalescer over flat modes
//! ([`coalesce_onto`], an instantiation of
//! [`cute_core::kernel::coalesce`]), the evaluation of flat modes ([`eval`]), and the codomain axes of
//! coordinate strides ([`axes`], [`axis_profile`]).
//!
//! # Decisions over symbolic integers
//!
//! Over a symbolic integer, a comparison or a divisibility test that picks
//! between different results is decided through the integer's operations
//! ([`IntCmp`](cute_core::IntCmp), [`IntDivides`](cute_core::IntDivides)) and
//! is an [`Error::Undecidable`] when the symbols do not settle it. A test
//! whose two answers give the same function is read from the canonical form
//! instead: "this extent is 1" (a mode that can be dropped), "this stride is
//! 0", "this stride continues the one before" (two modes that can be
//! merged). So coalescing `(M, N):(1, M)` gives `(M*N):1`, and a symbolic
//! extent that may be 1 stays a mode of its own: the result is the same
//! function for every value of the symbols, not always the most coalesced
//! one. Where the machine-integer algebra skips a mode of extent 1 and
//! skipping it changes the result (the complement's and the inverses'
//! chains), whether the extent is 1 is decided ([`is_one`]), and so is an
//! error that the symbols may avoid by an extent of 1.

use cute_core::kernel::eval::split;
use cute_core::{DynInt, Error, Result};
use smallvec::SmallVec;

use crate::htuple::HTuple;
use crate::layout::{Layout, Leaves, Mode, INLINE};
use crate::stride::Acc;
use crate::swizzle::F2;
use crate::typedefs::Scalar;

/// A list of flat modes, the algebra's working list: inline up to
/// [`SCRATCH`](crate::layout::SCRATCH), twice what an operand may have for
/// the shortcuts ([`INLINE`]).
pub(crate) type Modes<I> = crate::layout::Leaves<I, { crate::layout::SCRATCH }>;

/// True iff `(s0, d0)` followed by a mode of stride `d1` walks on as one
/// mode: `d1 == s0 * d0`. An F2 stride also needs `s0` to be a power of two,
/// where its carry-less product and the integer one agree: `(3, 2):(F1, F3)`
/// maps 4 to `F1 ^ F3 == F2`, not `F1 * 4`.
///
/// This is the one rule of every coalescing in the algebra (coalesce, the
/// complement, composition's A, the inverses, `layout_add`), so that they
/// all give the same function.
#[inline(always)]
pub(crate) fn continues<I: DynInt>(s0: &I, d0: &Scalar<I>, d1: &Scalar<I>) -> bool {
    match (d0, d1) {
        (Scalar::Int(a), Scalar::Int(b)) => a.int_mul(s0).is_ok_and(|x| x == *b),
        (Scalar::F2(a), Scalar::F2(b)) => s0.try_const().is_some_and(|s| continues_f2(s, *a, *b)),
        (Scalar::F2(_), _) => false,
        // a product that overflows is not the stride that follows
        _ => d0.scale_by(s0).is_ok_and(|x| x == *d1),
    }
}

/// [`continues`] for F2 strides: `s0` a power of two `2^k`, and `d1` the bits
/// of `d0` shifted by `k` (none lost).
#[inline]
pub(crate) fn continues_f2(s0: i64, d0: F2, d1: F2) -> bool {
    if s0 <= 0 || s0 & (s0 - 1) != 0 {
        return false;
    }
    let k = s0.trailing_zeros();
    d0.0.checked_shl(k)
        .is_some_and(|x| x >> k == d0.0 && x == d1.0)
}

pub(crate) use cute_core::kernel::compose::is_one;

/// The leaf `s:d` as machine integers, when its extent and its stride are
/// known integers: what the algebra's fast paths read.
#[inline(always)]
pub(crate) fn ints<I: DynInt>((s, d): &Mode<I>) -> Option<(i64, i64)> {
    match d {
        Scalar::Int(d) => Some((s.try_const()?, d.try_const()?)),
        _ => None,
    }
}

pub(crate) use cute_core::kernel::coalesce::Ones;

/// The coalescer of the algebra ([`cute_core::kernel::coalesce`]) over
/// flat modes with [`Scalar`] strides, appending to a list of leaves: the
/// merge rule is [`continues`].
pub(crate) type Coalescer<'m, I, const N: usize> =
    cute_core::kernel::coalesce::Coalescer<'m, I, Scalar<I>, Leaves<I, N>>;

impl<I: DynInt> cute_core::kernel::coalesce::CoalesceStride<I> for Scalar<I> {
    #[inline(always)]
    fn continues(s0: &I, d0: &Self, d1: &Self) -> bool {
        continues(s0, d0, d1)
    }
    #[inline(always)]
    fn zero() -> Self {
        Scalar::zero()
    }
}

impl<I: DynInt, const N: usize> cute_core::kernel::coalesce::ModeSink<Scalar<I>, I>
    for Leaves<I, N>
{
    #[inline(always)]
    fn push_mode(&mut self, s: I, d: Scalar<I>) -> Result<()> {
        self.push((s, d));
        Ok(())
    }
}

/// The machine-integer working list of the fast paths: A's flat modes,
/// a complement's, as the coalescer leaves them.
pub(crate) type Ints = cute_core::kernel::coalesce::ModeArray<{ INLINE + 1 }>;

/// Appends `src` to `m` coalesced, with the [`Coalescer`].
///
/// # Errors
/// As [`Coalescer::push`].
#[inline]
pub(crate) fn coalesce_onto<I: DynInt, const N: usize>(
    op: &'static str,
    src: &[Mode<I>],
    m: &mut Leaves<I, N>,
    ones: Ones,
) -> Result<()> {
    let mut c = Coalescer::new(op, m, ones);
    for (s, d) in src {
        c.push(s.clone(), d.clone())?;
    }
    c.finish()
}

/// True iff `m` is coalesced as [`coalesce_onto`] with [`Ones::KeepLast`] leaves
/// it: no mode of extent 1 but the last, and no mode that continues the one
/// before it.
#[inline]
pub(crate) fn is_coalesced<I: DynInt>(m: &[Mode<I>]) -> bool {
    let n = m.len();
    n > 0
        && m.iter().enumerate().all(|(k, (s, d))| {
            (k + 1 == n || !s.is_const(1)) && (k == 0 || !continues(&m[k - 1].0, &m[k - 1].1, d))
        })
}

/// `L(i)` for flat modes and an integral coordinate `i`, in the extended
/// domain, by the evaluation kernel ([`cute_core::kernel::eval::split`]):
/// each mode but the last takes `i mod extent` (floor semantics), the last
/// what is left; the terms of integer strides are summed exactly. A mode
/// whose coordinate is 0 is not reached and adds nothing, whatever the
/// algebra of its stride, as a walk through the modes reaches only those
/// it steps in: `(2, 4):(4, 27@0@1)` at 1 is 4, the coordinate stride of
/// the mode not reached adding no zero of its own algebra to the integer.
///
/// # Errors
/// `ValueError` of `op` for a mode of extent 0 that divides, or for an
/// offset beyond the 64-bit range; `TypeError` for strides whose algebras
/// do not add where the modes are reached; `Undecidable` where that depends
/// on whether a symbolic coordinate is 0.
pub(crate) fn eval<I: DynInt>(op: &'static str, modes: &[Mode<I>], i: &I) -> Result<Scalar<I>> {
    let mut acc = Acc::new();
    // the first coordinate that may be 0 and was added: whether the terms
    // add up may depend on it
    let mut maybe_zero: Option<I> = None;
    let leaves = modes.iter().map(|(s, d)| (s, d));
    split(i.clone(), leaves, true, |c, d| {
        if c.is_const(0) {
            return Ok(());
        }
        if c.try_const().is_none() && maybe_zero.is_none() {
            maybe_zero = Some(c.clone());
        }
        acc.add(&c, d).map_err(|e| match (e, &maybe_zero) {
            (Error::Type { .. }, Some(z)) => Error::Undecidable {
                op,
                msg: format!(
                    "whether {z} == 0: the value at {i} adds the strides of the modes whose coordinates are not 0, and those strides belong to algebras that do not add"
                ),
            },
            (e, _) => e,
        })
    })
    .and_then(|()| acc.finish(op))
    .map_err(|e| match e {
        Error::InvalidValue { msg, .. } => Error::value(op, msg),
        e => e.in_op(op),
    })
}

/// The coordinate axes the strides of `leaves` name: the path of each term
/// of each coordinate stride, once each, in order of appearance.
pub(crate) fn axes<I: DynInt>(leaves: &[Mode<I>]) -> Vec<Vec<usize>> {
    let mut paths: Vec<Vec<usize>> = Vec::new();
    for (_, d) in leaves {
        if let Scalar::Arith(t) = d {
            for (_, p) in t.terms() {
                if !paths.contains(&p) {
                    paths.push(p);
                }
            }
        }
    }
    paths
}

/// The codomain profile spanned by the axis paths `paths` (below `depth`):
/// a leaf where no path goes deeper, else one child per index up to the
/// largest used.
pub(crate) fn axis_profile(paths: &[Vec<usize>], depth: usize) -> HTuple<()> {
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
                axis_profile(&sub, depth + 1)
            })
            .collect(),
    )
}

/// Appends a layout congruent to `profile`, with `leaf(path, out)`
/// appending what goes at each leaf.
pub(crate) fn build_by_axis<I: DynInt>(
    profile: &HTuple<()>,
    path: &mut Vec<usize>,
    out: &mut Layout<I>,
    leaf: &mut impl FnMut(&[usize], &mut Layout<I>) -> Result<()>,
) -> Result<()> {
    match profile {
        HTuple::Leaf(()) => leaf(path, out),
        HTuple::Tuple(c) => {
            out.open();
            for (i, p) in c.iter().enumerate() {
                path.push(i);
                let r = build_by_axis(p, path, out, leaf);
                path.pop();
                r?;
            }
            out.close();
            Ok(())
        }
    }
}

/// Sorts `v` by `key`, stably: the few modes of a layout, by insertion
/// (the standard library's stable sort is general and out of line).
#[inline]
pub(crate) fn sort_modes_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    if v.len() > 2 * INLINE {
        v.sort_by_key(key);
        return;
    }
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(&v[j - 1]) > key(&v[j]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `v` stably by the value of its strides, `stride(x)`: by `key`
/// when every stride is a known integer (the order of static values, ties
/// broken as `key` says); otherwise by decided comparisons, so that
/// symbolic strides take their place by value (`M` before `2*M`), as the
/// specification sorts the modes of the complement and the inverses.
///
/// # Errors
/// `Undecidable` (of `op`), naming the two strides, when the order of two
/// strides depends on the symbols' values.
pub(crate) fn sort_by_stride_value<T, I: DynInt, K: Ord>(
    op: &'static str,
    v: &mut [T],
    stride: impl Fn(&T) -> &I,
    key: impl FnMut(&T) -> K,
) -> Result<()> {
    if v.iter().all(|x| stride(x).try_const().is_some()) {
        sort_modes_by_key(v, key);
        return Ok(());
    }
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && goes_before(op, stride(&v[j]), stride(&v[j - 1]))? {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
    Ok(())
}

/// Whether the stride `a` goes before `b`, which comes first: `a < b`, or
/// `a <= b` where only that is decided (equal strides may go either way).
fn goes_before<I: DynInt>(op: &'static str, a: &I, b: &I) -> Result<bool> {
    // (the weak order, which builds no error where only `<=` is decided)
    match a.int_cmp_weak(b) {
        Some(o) => Ok(o.is_lt()),
        // not decided: the comparison's own error where it is not the
        // order's (an overflow of the difference)
        None => match a.int_cmp(b) {
            Err(e) if !matches!(e, Error::Undecidable { .. }) => Err(e),
            _ => Err(Error::Undecidable {
                op,
                msg: format!(
                    "whether {a} < {b} (the modes are taken in the order of their strides)"
                ),
            }),
        },
    }
}

/// Writes the exclusive prefix products of the extents of `modes` into
/// `out`; the product of all of them must fit too.
///
/// # Errors
/// `ValueError` (overflow) of `op`.
pub(crate) fn prefix_products<I: DynInt>(
    op: &'static str,
    modes: &[Mode<I>],
    out: &mut SmallVec<[I; INLINE]>,
) -> Result<()> {
    let mut acc = I::from_i64(1);
    for (s, _) in modes {
        let next = acc.int_mul(s).map_err(|e| e.in_op(op))?;
        out.push(core::mem::replace(&mut acc, next));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cute_core::Sym;

    fn modes(v: &[(i64, i64)]) -> Modes<i64> {
        v.iter().map(|&(s, d)| (s, Scalar::Int(d))).collect()
    }

    /// The modes `m` coalesced onto an empty list.
    fn coalesce<I: DynInt>(op: &'static str, m: &mut Modes<I>, ones: Ones) -> Result<()> {
        let mut out = Modes::new();
        coalesce_onto(op, m, &mut out, ones)?;
        *m = out;
        Ok(())
    }

    #[test]
    fn the_one_coalescer() {
        let mut m = modes(&[(2, 1), (1, 7), (6, 2), (1, 12)]);
        coalesce("t", &mut m, Ones::KeepLast).unwrap();
        assert_eq!(m, modes(&[(12, 1)]));
        let mut m = modes(&[(2, 1), (1, 7), (6, 8), (1, 0)]);
        coalesce("t", &mut m, Ones::KeepLast).unwrap();
        assert_eq!(m, modes(&[(2, 1), (6, 8), (1, 0)]));
        let mut m = modes(&[(2, 1), (1, 7), (6, 8), (1, 0)]);
        coalesce("t", &mut m, Ones::KeepAlone).unwrap();
        assert_eq!(m, modes(&[(2, 1), (6, 8)]));
        let mut m = modes(&[(1, 3), (1, 4)]);
        coalesce("t", &mut m, Ones::KeepAlone).unwrap();
        assert_eq!(m, modes(&[(1, 4)]));
        let mut m = modes(&[(1, 3), (1, 4)]);
        coalesce("t", &mut m, Ones::Drop).unwrap();
        assert!(m.is_empty());
        let mut m = modes(&[]);
        coalesce("t", &mut m, Ones::KeepAlone).unwrap();
        assert_eq!(m, modes(&[(1, 0)]));
        let mut m = modes(&[(1 << 40, 1), (1 << 40, 1 << 40)]);
        assert_eq!(
            coalesce("t", &mut m, Ones::KeepAlone).unwrap_err().op(),
            "t"
        );
        // a coalescer appends after what the list holds, and merges nothing
        // into it
        let mut out = modes(&[(2, 1)]);
        coalesce_onto("t", &modes(&[(3, 2), (1, 5)]), &mut out, Ones::KeepAlone).unwrap();
        assert_eq!(out, modes(&[(2, 1), (3, 2)]));
        let mut out = modes(&[(2, 1)]);
        coalesce_onto("t", &modes(&[(1, 5)]), &mut out, Ones::KeepAlone).unwrap();
        assert_eq!(out, modes(&[(2, 1), (1, 5)]));
    }

    #[test]
    fn symbolic_modes_merge_by_their_canonical_form() {
        let m = Sym::symbol("M").unwrap();
        let n = Sym::symbol("N").unwrap();
        let mut v: Modes<Sym> = [
            (m.clone(), Scalar::Int(Sym::from(1))),
            (n.clone(), Scalar::Int(m.clone())),
        ]
        .into_iter()
        .collect();
        coalesce("t", &mut v, Ones::KeepAlone).unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].0.to_string(), "M*N");
        let x = eval("t", &v, &Sym::symbol("i").unwrap()).unwrap();
        assert_eq!(x.to_string(), "i");
    }

    #[test]
    fn f2_modes_merge_past_powers_of_two() {
        let f = |x| Scalar::<i64>::F2(F2(x));
        assert!(continues(&2, &f(1), &f(2)));
        assert!(!continues(&3, &f(1), &f(3)));
        assert!(!continues(&2, &f(1), &Scalar::Int(2)));
    }
}
