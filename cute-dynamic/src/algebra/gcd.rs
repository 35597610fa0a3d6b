//! The greatest common domain of two shapes.
//!
//! Two shapes factor the same kind of integer domain in two ways. A common
//! factor that both see at the same place (the same offset, as a divisor of
//! a mode of each) can be selected in both at once: composing either
//! shape's compact layout with it is admissible. [`greatest_common_domain`]
//! collects those factors, walking both shapes together.

use cute_core::{checked, Result};
use smallvec::SmallVec;

use crate::htuple::IntTuple;
use crate::layout::{Layout, INLINE};
use crate::typedefs::Scalar;

/// A position in the walk of a shape: the offset reached and the extent left
/// in the current mode.
#[derive(Clone, Copy, Debug)]
struct Cursor<'a> {
    rest: &'a [i64],
    off: i64,
    head: i64,
}

impl<'a> Cursor<'a> {
    fn new(leaves: &'a [i64]) -> Self {
        Cursor {
            rest: leaves,
            off: 1,
            head: 1,
        }
    }

    /// Moves past exhausted modes; false when the shape is used up (or an
    /// extent is not positive, past which nothing can be aligned).
    fn settle(&mut self) -> bool {
        while self.head == 1 {
            match self.rest.split_first() {
                Some((&h, rest)) if h > 0 => {
                    self.head = h;
                    self.rest = rest;
                }
                _ => return false,
            }
        }
        true
    }

    /// The cursor at offset `target`, if `target` is admissible from here:
    /// `off * head_0 * ... * head_{k-1} * r` with `r` dividing `head_k`.
    fn reach(mut self, target: i64) -> Option<Self> {
        loop {
            if target == self.off {
                return Some(self);
            }
            if target % self.off != 0 {
                return None;
            }
            let q = target / self.off;
            if self.head % q == 0 {
                self.off = target;
                self.head /= q;
                return Some(self);
            }
            if q % self.head != 0 {
                return None;
            }
            self.off = self.off.checked_mul(self.head)?;
            self.head = 1;
            if !self.settle() {
                return None;
            }
        }
    }

    /// The segments of admissible offsets from here, in increasing order: the
    /// current one `(off, head)` (offsets `off * r` for `r` dividing `head`),
    /// then `(P_k, e_k)` for each leaf `e_k` still to come, at its prefix
    /// product `P_k`; up to a non-positive extent or a prefix product past
    /// the 64-bit range.
    fn segments(self) -> impl Iterator<Item = (i64, i64)> + 'a {
        let first = core::iter::once((self.off, self.head));
        let mut base = self.off.checked_mul(self.head);
        let rest = self.rest.iter().map_while(move |&e| {
            let b = base?;
            if e <= 0 {
                return None;
            }
            base = b.checked_mul(e);
            Some((b, e))
        });
        first.chain(rest)
    }
}

/// The least offset at least `lo` admissible from both cursors, and the
/// cursors moved there, where `lo` is as the walk of
/// [`greatest_common_domain`] sets it: the larger offset of the two cursors,
/// or one past their common offset when their extents there are coprime.
///
/// Two segments `(a, ha)` and `(b, hb)` share the offsets `x` that are
/// multiples of `L = lcm(a, b)` with `x / a` dividing `ha` and `x / b`
/// dividing `hb`; the least is `L` itself when `L / a` divides `ha` and
/// `L / b` divides `hb`, and there is none otherwise. So the least common
/// offset is the least such `L` over the pairs of segments: arithmetic on
/// the extents, never a scan of the values between them. (No `L` is below
/// `lo` but for the two current segments at one offset `o` with coprime
/// extents, whose only common offset is `o` itself.)
fn next_common<'a>(ca: Cursor<'a>, cb: Cursor<'a>, lo: i64) -> Option<(Cursor<'a>, Cursor<'a>)> {
    let mut best: Option<i64> = None;
    for (a, ha) in ca.segments() {
        for (b, hb) in cb.segments() {
            let Some(l) = checked::gcd(a, b).ok().and_then(|g| (a / g).checked_mul(b)) else {
                continue;
            };
            if l >= lo && ha % (l / a) == 0 && hb % (l / b) == 0 && best.is_none_or(|x| l < x) {
                best = Some(l);
            }
        }
    }
    let o = best?;
    Some((ca.reach(o)?, cb.reach(o)?))
}

/// The greatest common domain of two shapes: the layout selecting the
/// factors both shapes share in order, each at the offset where it appears.
///
/// Both shapes are walked from offset 1. Where both are at the same offset
/// with current extents sharing a factor `g > 1`, `g` at that offset is a
/// mode of the result. Otherwise both advance to the next offset admissible
/// in both (an offset `P_k * r` with `r` dividing the `k`-th extent, `P_k`
/// its prefix product). When no aligned common factor exists the result is
/// the trivial `(1,):(0,)`.
///
/// # Pre-conditions
/// None (extents are positive; the walk stops at a non-positive extent).
///
/// # Post-conditions
/// symmetric: `greatest_common_domain(A, B) == greatest_common_domain(B, A)`;
/// `depth(result) == 1`;
/// `size(result)` divides `gcd(size(A), size(B))`;
/// `composition(A, result)` and `composition(B, result)` are admissible.
///
/// # Errors
/// None at present: the `Result` leaves room for symbolic extents.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::greatest_common_domain;
/// use cute_dynamic::{HTuple::{Leaf, Tuple}, Layout, Scalar};
/// let t = |s: &[i64]| Tuple(s.iter().map(|&x| Leaf(x)).collect());
/// let l = |s: &[i64], d: &[i64]| Layout::new(t(s),
///     Tuple(d.iter().map(|&x| Leaf(Scalar::Int(x))).collect())).unwrap();
/// let gcd = |a: &[i64], b: &[i64]| greatest_common_domain(&t(a), &t(b)).unwrap();
/// assert_eq!(gcd(&[10], &[10]), l(&[10], &[1]));
/// assert_eq!(gcd(&[16, 3], &[16, 3]), l(&[16, 3], &[1, 16]));
/// assert_eq!(gcd(&[5, 3, 4], &[10, 6]), l(&[5, 2], &[1, 30]));
/// assert_eq!(gcd(&[6, 35], &[15, 14]), l(&[3, 7], &[1, 30]));
/// assert_eq!(gcd(&[5, 3], &[3, 5]), l(&[1], &[0]));
/// // It never fails; a shape with no common factor gives the trivial domain.
/// assert_eq!(greatest_common_domain(&Leaf(7), &Leaf(4)).unwrap(), l(&[1], &[0]));
/// ```
pub fn greatest_common_domain(a: &IntTuple, b: &IntTuple) -> Result<Layout> {
    // The extents and the result live in stack lists; the result is built
    // once at the end.
    let mut la: SmallVec<[i64; INLINE]> = SmallVec::new();
    let mut lb: SmallVec<[i64; INLINE]> = SmallVec::new();
    a.leaves().for_each(|&x| la.push(x));
    b.leaves().for_each(|&x| lb.push(x));
    let mut ca = Cursor::new(&la);
    let mut cb = Cursor::new(&lb);
    let mut out: SmallVec<[(i64, i64); INLINE]> = SmallVec::new();
    while ca.settle() && cb.settle() {
        if ca.off == cb.off {
            let g = checked::gcd(ca.head, cb.head)?;
            if g > 1 {
                out.push((g, ca.off));
                let Some(o) = ca.off.checked_mul(g) else {
                    break;
                };
                ca.off = o;
                cb.off = o;
                ca.head /= g;
                cb.head /= g;
                continue;
            }
        }
        let lo = if ca.off == cb.off {
            match ca.off.checked_add(1) {
                Some(x) => x,
                None => break,
            }
        } else {
            ca.off.max(cb.off)
        };
        match next_common(ca, cb, lo) {
            Some((x, y)) => {
                ca = x;
                cb = y;
            }
            None => break,
        }
    }
    if out.is_empty() {
        out.push((1, 0));
    }
    // always a tuple
    let mut l = Layout::building();
    l.open();
    for (s, d) in out {
        l.push_leaf(s, Scalar::Int(d));
    }
    l.close();
    Ok(l)
}

impl Layout {
    /// The greatest common domain of this layout's shape and `other`'s; see
    /// [`greatest_common_domain`].
    ///
    /// # Errors
    /// As [`greatest_common_domain`].
    pub fn greatest_common_domain(&self, other: &Layout) -> Result<Layout> {
        greatest_common_domain(&self.shape(), &other.shape())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{shape_tree, size};
    use super::*;
    #[allow(unused_imports)]
    use crate::htuple::{HTuple, IntTuple};
    #[allow(unused_imports)]
    use crate::layout::{tiler_to_layout, Tiler};
    #[allow(unused_imports)]
    use crate::typedefs::Scalar;
    use proptest::prelude::*;

    /// True iff selecting `extent` elements at `off` from the compact layout
    /// of `shape` is admissible: `off` is a prefix product times a divisor of
    /// an extent, and `off * extent` is admissible too.
    fn admissible(shape: &IntTuple, off: i64, extent: i64) -> bool {
        let leaves: Vec<i64> = shape.leaves().copied().collect();
        let start = Cursor::new(&leaves);
        let mut c = start;
        c.settle()
            && c.reach(off)
                .is_some_and(|c| c.reach(off * extent).is_some())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn the_common_domain_is_common(a in shape_tree(), b in shape_tree()) {
            let r = greatest_common_domain(&a, &b).unwrap();
            prop_assert_eq!(&greatest_common_domain(&b, &a).unwrap(), &r);
            prop_assert_eq!(r.shape().depth(), 1);
            let (sa, sb): (i64, i64) = (a.leaves().product(), b.leaves().product());
            prop_assert_eq!(checked::gcd(sa, sb).unwrap() % size(&r), 0);
            if size(&r) > 1 {
                for (s, d) in r.shape().leaves().zip(r.stride().leaves()) {
                    let d = d.as_int().unwrap();
                    prop_assert!(admissible(&a, d, *s) && admissible(&b, d, *s), "{:?}", r);
                }
            }
        }
    }

    /// The walk of [`greatest_common_domain`] with the next common offset
    /// found by a scan of every offset from `lo` up, the definition that
    /// [`next_common`] computes arithmetically (small values only).
    fn by_scan(a: &IntTuple, b: &IntTuple) -> Vec<(i64, i64)> {
        let (la, lb): (Vec<i64>, Vec<i64>) =
            (a.leaves().copied().collect(), b.leaves().copied().collect());
        let (mut ca, mut cb) = (Cursor::new(&la), Cursor::new(&lb));
        let mut out = Vec::new();
        while ca.settle() && cb.settle() {
            if ca.off == cb.off {
                let g = checked::gcd(ca.head, cb.head).unwrap();
                if g > 1 {
                    out.push((g, ca.off));
                    ca.off *= g;
                    cb.off *= g;
                    ca.head /= g;
                    cb.head /= g;
                    continue;
                }
            }
            let lo = if ca.off == cb.off {
                ca.off + 1
            } else {
                ca.off.max(cb.off)
            };
            // past the smaller size, no offset is admissible in both
            let end = size(&Layout::compact(a.clone()).unwrap())
                .min(size(&Layout::compact(b.clone()).unwrap()));
            match (lo..=end).find_map(|o| Some((ca.reach(o)?, cb.reach(o)?))) {
                Some((x, y)) => (ca, cb) = (x, y),
                None => break,
            }
        }
        if out.is_empty() {
            out.push((1, 0));
        }
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn the_arithmetic_search_is_the_scan(a in shape_tree(), b in shape_tree()) {
            let small = |t: &IntTuple| t.leaves().try_fold(1i64, |p, &x| p.checked_mul(x)).is_some_and(|p| p <= 1 << 14);
            prop_assume!(small(&a) || small(&b));
            let r = greatest_common_domain(&a, &b).unwrap();
            let got: Vec<(i64, i64)> = r.shape().leaves().copied()
                .zip(r.stride().leaves().map(|d| d.as_int().unwrap())).collect();
            prop_assert_eq!(got, by_scan(&a, &b));
        }
    }

    #[test]
    fn huge_extents_cost_no_more_than_small_ones() {
        // a scan of the divisors of 2^63 - 1 would not finish
        let t = |s: &[i64]| HTuple::Tuple(s.iter().map(|&x| HTuple::Leaf(x)).collect());
        let g =
            |a: &[i64], b: &[i64]| format!("{:?}", greatest_common_domain(&t(a), &t(b)).unwrap());
        assert_eq!(g(&[2147483647], &[4]), "Layout((1,), (0,))");
        assert_eq!(g(&[i64::MAX], &[8]), "Layout((1,), (0,))");
        assert_eq!(g(&[i64::MAX, 3], &[8, i64::MAX]), "Layout((1,), (0,))");
        assert_eq!(g(&[2, i64::MAX], &[4, i64::MAX / 2]), "Layout((2,), (1,))");
        assert_eq!(
            g(&[1 << 40, 1 << 20], &[1 << 20, 1 << 40]),
            "Layout((1048576, 1048576, 1048576), (1, 1048576, 1099511627776))"
        );
        assert_eq!(
            g(&[3, 1 << 62], &[3, 1 << 61, 2]),
            "Layout((3, 2305843009213693952, 2), (1, 3, 6917529027641081856))"
        );
    }

    #[test]
    fn walk_details() {
        let t = |s: &[i64]| HTuple::Tuple(s.iter().map(|&x| HTuple::Leaf(x)).collect());
        let g =
            |a: &[i64], b: &[i64]| format!("{:?}", greatest_common_domain(&t(a), &t(b)).unwrap());
        assert_eq!(g(&[4, 3], &[2]), "Layout((2,), (1,))");
        assert_eq!(g(&[2, 2], &[4]), "Layout((2, 2), (1, 2))");
        assert_eq!(g(&[], &[4]), "Layout((1,), (0,))");
        assert_eq!(g(&[1, 4], &[4, 1]), "Layout((4,), (1,))");
    }
}
