//! The sum of two layouts, taken coordinate by coordinate.
//!
//! Two layouts of the same size are two functions on the same domain
//! `[0, n)`; their sum `i -> A(i) + B(i)` is again a layout when the two
//! shapes can be refined to a common factorization (each mode of one splits
//! evenly into modes of the other). [`layout_add`] finds that refinement on
//! the coalesced operands and adds the strides mode by mode.

use cute_core::{DynInt, Error, Operand, Result};

use super::flat::{self, continues, Coalescer, Modes, Ones};
use crate::layout::{Layout, Leaves, Mode};
use crate::swizzle::F2;
use crate::typedefs::Scalar;

const OP: &str = "layout_add";

/// Writes the coalesced flat modes of `l` (extent-1 modes dropped) into
/// `modes`, and returns its size.
fn coalesced<I: DynInt>(l: &Layout<I>, modes: &mut Modes<I>) -> Result<I> {
    let size = l.leaves().iter().try_fold(I::from_i64(1), |p, (s, _)| {
        p.int_mul(s).map_err(|e| e.in_op(OP))
    })?;
    flat::coalesce_onto(OP, l.leaves(), modes, Ones::Drop)?;
    Ok(size)
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
pub fn layout_add<I: DynInt>(a: &Layout<I>, b: &Layout<I>) -> Result<Layout<I>> {
    let (mut fa, mut fb) = (Modes::new(), Modes::new());
    let size_a = coalesced(a, &mut fa)?;
    let size_b = coalesced(b, &mut fb)?;
    if !size_a.int_cmp(&size_b).map_err(|e| e.in_op(OP))?.is_eq() {
        return Err(Error::size_mismatch(
            OP,
            Operand::of(&size_a),
            Operand::of(&size_b),
            format!("{a:?} has size {size_a} and {b:?} has size {size_b}"),
        ));
    }
    // the zero of the operands' algebra: F0 for F2 strides (a stride the
    // sum drops is still an F2 value), int 0 otherwise (0 is the zero of Z^S)
    let is_f2 = |d: &Scalar<I>| matches!(d, Scalar::F2(_));
    let zero = if a.strides().chain(b.strides()).any(is_f2) {
        Scalar::F2(F2(0))
    } else {
        Scalar::zero()
    };
    if size_a.is_const(0) {
        return Layout::from_modes([(size_a, zero)]);
    }
    let mut l = Layout::building();
    l.push_flat_with(|out| sum_modes(a, b, &fa, &fb, zero, out))?;
    Ok(l)
}

/// Appends the coalesced sum of the coalesced modes `fa` of `a` and `fb` of
/// `b` (of the same size): `zero` for none.
fn sum_modes<I: DynInt, const N: usize>(
    a: &Layout<I>,
    b: &Layout<I>,
    fa: &[Mode<I>],
    fb: &[Mode<I>],
    zero: Scalar<I>,
    out: &mut Leaves<I, N>,
) -> Result<()> {
    let mut c = Coalescer::new(OP, out, Ones::Drop);
    let mut ia = fa.iter().cloned();
    let mut ib = fb.iter().cloned();
    let mut ha = ia.next();
    let mut hb = ib.next();
    while let (Some((sa, da)), Some((sb, db))) = (&ha, &hb) {
        let sum = da.add(db).map_err(|e| e.in_op(OP))?;
        if sa.int_cmp(sb).map_err(|e| e.in_op(OP))?.is_eq() {
            c.push(sa.clone(), sum)?;
            ha = ia.next();
            hb = ib.next();
        } else if sb.int_divides(sa).map_err(|e| e.in_op(OP))? {
            let rest = split(a, sb, da)?;
            ha = Some((sa.int_div(sb)?, rest));
            c.push(sb.clone(), sum)?;
            hb = ib.next();
        } else if sa.int_divides(sb).map_err(|e| e.in_op(OP))? {
            let rest = split(b, sa, db)?;
            hb = Some((sb.int_div(sa)?, rest));
            c.push(sa.clone(), sum)?;
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
    c.finish()?;
    if out.is_empty() {
        out.push((I::from_i64(1), zero));
    }
    Ok(())
}

/// The stride of the rest of a mode of stride `d` split after `k`
/// coordinates: `k * d`, if the two pieces are the same function as the
/// mode, i.e. if they coalesce back into it (the rule of `coalesce`: an F2
/// stride splits only at a power of two, where its carry-less product is
/// the integer one).
fn split<I: DynInt>(l: &Layout<I>, k: &I, d: &Scalar<I>) -> Result<Scalar<I>> {
    let rest = d.scale_by(k).map_err(|e| e.in_op(OP))?;
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

impl<I: DynInt> Layout<I> {
    /// The coordinate-wise sum of this layout and `other`; see [`layout_add`].
    ///
    /// # Errors
    /// As [`layout_add`].
    pub fn layout_add(&self, other: &Layout<I>) -> Result<Layout<I>> {
        layout_add(self, other)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{eval, int_layout, regrouped, sample, size, with_strides};
    use super::*;
    use crate::htuple::HTuple;
    use crate::typedefs::Scalar;
    use proptest::prelude::*;

    /// `b` with the same size as `a`: `a`'s flat extents, some split into
    /// two factors, regrouped in pairs, with random strides.
    fn partner(a: &Layout, split: &[bool], strides: &[i64]) -> Layout {
        let (shape, n) = regrouped(a, split, |s| (2..s).find(|f| s % f == 0));
        let d: Vec<Scalar> = (0..n)
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
