//! The sum of two layouts, taken coordinate by coordinate.
//!
//! Two layouts of the same size are two functions on the same domain
//! `[0, n)`; their sum `i -> A(i) + B(i)` is again a layout when the two
//! shapes can be refined to a common factorization (each mode of one splits
//! evenly into modes of the other). [`layout_add`] finds that refinement on
//! the coalesced operands and adds the strides mode by mode.

use cute_core::{Error, Result};

use super::coalesce::continues;
use super::inverse::{
    coalesce_flat, coalesce_ints, flat_modes, for_int_leaves, layout_from_flat, layout_of, mul,
    Flat,
};
use crate::layout::Layout;
use crate::typedefs::Scalar;

const OP: &str = "layout_add";

/// The coalesced flat modes of `l`, owned, and its size.
fn coalesced(l: &Layout) -> Result<(Vec<(i64, Scalar)>, i64)> {
    let mut modes: Vec<(i64, Scalar)> =
        flat_modes(l).iter().map(|&(s, d)| (s, d.clone())).collect();
    let mut size = 1i64;
    for (s, _) in &modes {
        size = mul(OP, size, *s)?;
    }
    coalesce_flat(OP, &mut modes)?;
    Ok((modes, size))
}

/// The coordinate-wise sum of two layouts: `R` with `R(i) == A(i) + B(i)`.
///
/// Both operands are coalesced; then, walking both from the first mode, the
/// larger of the two current extents is split by the smaller one (which must
/// divide it), and the strides of the common piece are added. The result is
/// coalesced. `A` and `B` need not be compatible, and `R` need not be
/// compatible with either. A mode splits only where `coalesce` would merge
/// its two pieces back (an F2 stride at a power of two), and the sum of F2
/// layouts stays F2, a zero stride included (`F0`).
///
/// # Pre-conditions
/// `size(A) == size(B)`.
///
/// # Post-conditions
/// `size(result) == size(A)`;
/// `result(i) == A(i) + B(i)` for `i` in `0..size(result)`;
/// symmetric: `layout_add(A, B) == layout_add(B, A)`.
///
/// # Errors
/// `ValueError` if the sizes differ or no layout is the sum (two current
/// extents neither of which divides the other, or an F2 mode that would
/// split at an extent that is not a power of two), or on overflow; `TypeError`
/// if two strides cannot be added (an F2 and a nonzero integer).
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::layout_add;
/// use cute_dynamic::{ErrorClass, HTuple::{Leaf, Tuple}, Layout, Scalar};
/// let l = |s: &[i64], d: &[i64]| if s.len() == 1 {
///     Layout::new(Leaf(s[0]), Leaf(Scalar::Int(d[0]))).unwrap()
/// } else {
///     Layout::new(Tuple(s.iter().map(|&x| Leaf(x)).collect()),
///                 Tuple(d.iter().map(|&x| Leaf(Scalar::Int(x))).collect())).unwrap()
/// };
/// assert_eq!(layout_add(&l(&[12], &[1]), &l(&[12], &[1])).unwrap(), l(&[12], &[2]));
/// assert_eq!(layout_add(&l(&[5], &[0]), &l(&[5], &[1])).unwrap(), l(&[5], &[1]));
/// assert_eq!(layout_add(&l(&[4, 3], &[1, 4]), &l(&[4, 3], &[3, 1])).unwrap(), l(&[4, 3], &[4, 5]));
/// assert_eq!(layout_add(&l(&[5, 3, 4], &[1, 5, 15]), &l(&[10, 6], &[1, 10])).unwrap(), l(&[60], &[2]));
/// // i -> (i % 2 + 10 * (i / 2)) + (i % 3 + 10 * (i / 3)) is no layout.
/// let e = layout_add(&l(&[2, 3], &[1, 10]), &l(&[3, 2], &[1, 10])).unwrap_err();
/// assert_eq!(e.class(), ErrorClass::ValueError);
/// ```
pub fn layout_add(a: &Layout, b: &Layout) -> Result<Layout> {
    if let Some(r) = int_layout_add(a, b) {
        return Ok(r);
    }
    layout_add_general(a, b)
}

/// The coalesced flat modes of `l` on the stack, and its size, when every
/// stride is an integer and nothing overflows.
fn int_coalesced(l: &Layout) -> Option<(Flat<(i64, i64)>, i64)> {
    let mut modes = Flat::new((0i64, 0i64));
    let mut size = 1i64;
    for_int_leaves(l, |s, d| {
        size = size.checked_mul(s)?;
        modes.push((s, d));
        Some(())
    })?;
    coalesce_ints(OP, &mut modes).ok()?;
    Some((modes, size))
}

/// The fast path of [`layout_add`] for two layouts whose strides are all
/// integers: `Some(R)` exactly when the general path gives `Ok(R)`, `None`
/// when a stride is not an integer, the sizes differ or are 0, two extents do
/// not divide each other, or a number overflows (the general path then
/// handles the case, and gives the error if there is one).
///
/// It runs the general walk on stack lists of `(extent, stride)` integers.
fn int_layout_add(a: &Layout, b: &Layout) -> Option<Layout> {
    let (fa, size_a) = int_coalesced(a)?;
    let (fb, size_b) = int_coalesced(b)?;
    if size_a != size_b || size_a == 0 {
        return None;
    }
    let mut out = Flat::new((0i64, 0i64));
    let (mut ia, mut ib) = (1, 1);
    let mut ha = fa.first().copied();
    let mut hb = fb.first().copied();
    while let (Some((sa, da)), Some((sb, db))) = (ha, hb) {
        let sum = da.checked_add(db)?;
        if sa == sb {
            out.push((sa, sum));
            ha = fa.get(ia).copied();
            hb = fb.get(ib).copied();
            ia += 1;
            ib += 1;
        } else if sa % sb == 0 {
            out.push((sb, sum));
            ha = Some((sa / sb, da.checked_mul(sb)?));
            hb = fb.get(ib).copied();
            ib += 1;
        } else if sb % sa == 0 {
            out.push((sa, sum));
            hb = Some((sb / sa, db.checked_mul(sa)?));
            ha = fa.get(ia).copied();
            ia += 1;
        } else {
            return None;
        }
    }
    coalesce_ints(OP, &mut out).ok()?;
    Some(layout_of(&out, Scalar::Int))
}

/// [`layout_add`] for every kind of stride: integers, F2 values and
/// arithmetic tuples.
fn layout_add_general(a: &Layout, b: &Layout) -> Result<Layout> {
    let (fa, size_a) = coalesced(a)?;
    let (fb, size_b) = coalesced(b)?;
    if size_a != size_b {
        return Err(Error::size_mismatch(
            OP,
            size_a,
            size_b,
            format!("{a:?} has size {size_a} and {b:?} has size {size_b}"),
        ));
    }
    // the zero of the operands' algebra: F0 for F2 strides (a stride the
    // sum drops is still an F2 value), int 0 otherwise (0 is the zero of Z^S)
    let is_f2 = |d: &Scalar| matches!(d, Scalar::F2(_));
    let zero = if a.stride().leaves().chain(b.stride().leaves()).any(is_f2) {
        Scalar::F2(crate::swizzle::F2(0))
    } else {
        Scalar::Int(0)
    };
    if size_a == 0 {
        return Ok(layout_from_flat(vec![(0, zero)]));
    }
    let mut out: Vec<(i64, Scalar)> = Vec::with_capacity(fa.len() + fb.len());
    let mut ia = fa.into_iter();
    let mut ib = fb.into_iter();
    let mut ha = ia.next();
    let mut hb = ib.next();
    while let (Some((sa, da)), Some((sb, db))) = (&ha, &hb) {
        let (sa, sb) = (*sa, *sb);
        let sum = da.add(db)?;
        if sa == sb {
            out.push((sa, sum));
            ha = ia.next();
            hb = ib.next();
        } else if sa % sb == 0 {
            out.push((sb, sum));
            let rest = split(a, sb, da)?;
            ha = Some((sa / sb, rest));
            hb = ib.next();
        } else if sb % sa == 0 {
            out.push((sa, sum));
            let rest = split(b, sa, db)?;
            hb = Some((sb / sa, rest));
            ha = ia.next();
        } else {
            return Err(Error::value(
                OP,
                format!(
                    "no layout is the sum of {a:?} and {b:?}: extents {sa} and {sb} do not divide each other"
                ),
            ));
        }
    }
    coalesce_flat(OP, &mut out)?;
    if out.is_empty() {
        out.push((1, zero));
    }
    Ok(layout_from_flat(out))
}

/// The stride of the rest of a mode of stride `d` split after `k`
/// coordinates: `k * d`, if the two pieces are the same function as the
/// mode, i.e. if they coalesce back into it (the rule of `coalesce`: an F2
/// stride splits only at a power of two, where its carry-less product is
/// the integer one).
fn split(l: &Layout, k: i64, d: &Scalar) -> Result<Scalar> {
    let rest = d.scale(k)?;
    if !continues(k, d, &rest) {
        return Err(Error::value(
            OP,
            format!(
                "{l:?}: its mode of stride {d} does not split after {k} coordinates (F2 strides multiply carry-lessly)"
            ),
        ));
    }
    Ok(rest)
}

impl Layout {
    /// The coordinate-wise sum of this layout and `other`; see [`layout_add`].
    ///
    /// # Errors
    /// As [`layout_add`].
    pub fn layout_add(&self, other: &Layout) -> Result<Layout> {
        layout_add(self, other)
    }
}

#[cfg(test)]
mod tests {
    use super::super::detail::testing::{eval, int_layout, sample, size, with_strides};
    use super::*;
    use crate::htuple::HTuple;
    use proptest::prelude::*;

    /// `b` with the same size as `a`: `a`'s flat extents, some split into
    /// two factors, regrouped in pairs, with random strides.
    fn partner(a: &Layout, split: &[bool], strides: &[i64]) -> Layout {
        let mut ext = Vec::new();
        for (k, &s) in a.shape().leaves().enumerate() {
            match (split.get(k), (2..s).find(|f| s % f == 0)) {
                (Some(true), Some(f)) => {
                    ext.push(f);
                    ext.push(s / f);
                }
                _ => ext.push(s),
            }
        }
        let shape = HTuple::Tuple(
            ext.chunks(2)
                .map(|c| HTuple::Tuple(c.iter().map(|&x| HTuple::Leaf(x)).collect()))
                .collect(),
        );
        let d: Vec<Scalar> = (0..ext.len())
            .map(|k| Scalar::Int(strides[k % strides.len()]))
            .collect();
        with_strides(&shape, &d)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn the_sum_adds_pointwise_and_commutes(
            a in int_layout(),
            split in proptest::collection::vec(any::<bool>(), 12),
            strides in proptest::collection::vec(0i64..40, 1..6),
        ) {
            let b = partner(&a, &split, &strides);
            prop_assert_eq!(size(&a), size(&b));
            prop_assert_eq!(int_layout_add(&a, &b), layout_add_general(&a, &b).ok());
            match layout_add(&a, &b) {
                Ok(r) => {
                    prop_assert_eq!(size(&r), size(&a));
                    for i in sample(size(&r)) {
                        let want = eval(&a, i).add(&eval(&b, i)).unwrap();
                        prop_assert_eq!(eval(&r, i), want, "R = {:?}", r);
                    }
                    prop_assert_eq!(layout_add(&b, &a).unwrap(), r);
                }
                Err(e) => {
                    prop_assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
                    prop_assert!(layout_add(&b, &a).is_err());
                }
            }
        }
    }

    #[test]
    fn sizes_must_agree() {
        let a = with_strides(&HTuple::Leaf(4), &[Scalar::Int(1)]);
        let b = with_strides(&HTuple::Leaf(6), &[Scalar::Int(1)]);
        let e = layout_add(&a, &b).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        assert!(e.to_string().contains("layout_add"), "{e}");
        assert_eq!(
            a.layout_add(&a).unwrap(),
            with_strides(&HTuple::Leaf(4), &[Scalar::Int(2)])
        );
    }

    #[test]
    fn f2_and_coordinate_strides_add_in_their_algebra() {
        use crate::atuple::ArithTuple;
        use crate::swizzle::F2;
        let s = HTuple::Tuple(vec![HTuple::Leaf(4), HTuple::Leaf(4)]);
        let a = with_strides(&s, &[Scalar::F2(F2(1)), Scalar::F2(F2(4))]);
        let b = with_strides(&s, &[Scalar::F2(F2(8)), Scalar::F2(F2(1))]);
        assert_eq!(
            format!("{:?}", layout_add(&a, &b).unwrap()),
            "Layout((4, 4), (F9, F5))"
        );
        let c = with_strides(&s, &[ArithTuple::e(&[0]), ArithTuple::e(&[1])]);
        let d = with_strides(&s, &[Scalar::Int(0), ArithTuple::e(&[0])]);
        assert_eq!(
            format!("{:?}", layout_add(&c, &d).unwrap()),
            "Layout((4, 4), (1@0, (1, 1)))"
        );
        let e = layout_add(&a, &with_strides(&s, &[Scalar::Int(1), Scalar::Int(4)])).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::TypeError);
    }
}
