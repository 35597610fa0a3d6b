//! The nullspace (kernel) of a layout: the coordinates it maps to zero.
//!
//! A layout's stride-0 modes are exactly the directions along which it does
//! not move, so the coordinates `c` with `A(c) == 0` are the coordinates of
//! those modes, with every other mode held at 0. [`nullspace`] enumerates
//! them as a compact layout into `A`'s domain.

use cute_core::{DynInt, Result};

use crate::layout::{Layout, Leaves};
use crate::typedefs::Scalar;

const OP: &str = "nullspace";

/// The nullspace of a layout: a layout enumerating exactly the coordinates
/// `c` in `A`'s domain with `A(c) == 0`.
///
/// The result collects the stride-0 leaves of `A` (extent-1 ones included),
/// each with its stride in `A`'s compact (column-major) domain; it is `1:0`
/// when `A` has no stride-0 leaf, and a leaf layout when it has one.
///
/// # Pre-conditions
/// None.
///
/// # Post-conditions
/// `A(result(i)) == 0` for `i` in `0..size(result)`;
/// `size(result) * size(filter(A)) == size(A)`.
///
/// # Errors
/// `ValueError` if a prefix product of `A`'s shape overflows `i64`.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::nullspace;
/// use cute_dynamic::{ArithTuple, ErrorClass, HTuple::{Leaf, Tuple}, Layout, Scalar};
/// let l = |s: &[i64], d: Vec<Scalar>| Layout::new(
///     Tuple(s.iter().map(|&x| Leaf(x)).collect()), Tuple(d.into_iter().map(Leaf).collect())).unwrap();
/// let leaf = |s: i64, d: i64| Layout::new(Leaf(s), Leaf(Scalar::Int(d))).unwrap();
/// let (e0, e1) = (ArithTuple::e(&[0]), ArithTuple::e(&[1]));
/// assert_eq!(nullspace(&l(&[4, 5], vec![e0, e1.clone()])).unwrap(), leaf(1, 0));
/// assert_eq!(nullspace(&l(&[4, 5], vec![Scalar::Int(0), e1])).unwrap(), leaf(4, 1));
/// let ints = |d: &[i64]| d.iter().map(|&x| Scalar::Int(x)).collect::<Vec<_>>();
/// assert_eq!(nullspace(&l(&[2, 4, 6], ints(&[1, 2, 0]))).unwrap(), leaf(6, 8));
/// // The domain's prefix products must fit in 64 bits.
/// let big = l(&[1 << 62, 4, 2], ints(&[1, 0, 0]));
/// assert_eq!(nullspace(&big).unwrap_err().class(), ErrorClass::ValueError);
/// ```
pub fn nullspace<I: DynInt>(a: &Layout<I>) -> Result<Layout<I>> {
    // One walk over the flat leaves: the prefix product of each leaf is its
    // stride in the compact domain; only the zero test looks at the stride,
    // so every kind of stride takes this path.
    let mut out = Layout::building();
    out.push_flat_with(|kernel| kernel_of(a, kernel))?;
    Ok(out)
}

/// Appends the kernel of `a`'s flat modes.
fn kernel_of<I: DynInt, const N: usize>(a: &Layout<I>, kernel: &mut Leaves<I, N>) -> Result<()> {
    let mut p = I::from_i64(1);
    let zero = I::from_i64(0);
    for (s, d) in a.leaves() {
        // a symbolic stride that may be 0 is decided
        let null = match d {
            Scalar::Int(x) if x.try_const().is_none() => {
                x.int_cmp(&zero).map_err(|e| e.in_op(OP))?.is_eq()
            }
            d => d.is_zero(),
        };
        if null {
            kernel.push((s.clone(), Scalar::Int(p.clone())));
        }
        p = p.int_mul(s).map_err(|e| e.in_op(OP))?;
    }
    // the kernel's size is at most A's, which fits, unless A has an extent
    // 0: past it the prefix products bound nothing
    if p.is_const(0)
        && kernel
            .iter()
            .try_fold(I::from_i64(1), |z, (s, _)| z.int_mul(s))
            .is_err()
    {
        return Err(too_large(a));
    }
    if kernel.is_empty() {
        kernel.push((I::from_i64(1), Scalar::zero()));
    }
    Ok(())
}

#[cold]
fn too_large<I: DynInt>(a: &Layout<I>) -> cute_core::Error {
    cute_core::Error::overflow(
        OP,
        format!("the nullspace of {a:?} has more than 2^63 coordinates"),
    )
}

impl<I: DynInt> Layout<I> {
    /// The nullspace of `self`: [`nullspace`].
    ///
    /// # Errors
    /// As [`nullspace`].
    pub fn nullspace(&self) -> Result<Layout<I>> {
        nullspace(self)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{at, eval, int_layout, sample, size};
    use super::*;
    #[allow(unused_imports)]
    use crate::htuple::{HTuple, IntTuple};
    #[allow(unused_imports)]
    use crate::layout::{tiler_to_layout, Tiler};
    #[allow(unused_imports)]
    use crate::typedefs::Scalar;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn the_nullspace_maps_to_zero(a in int_layout()) {
            let n = nullspace(&a).unwrap();
            for i in sample(size(&n)) {
                let c = at(&n, i);
                prop_assert!(eval(&a, c).is_zero(), "A(N({})) for N = {:?}", i, n);
            }
            // every stride-0 leaf contributes its extent
            let zeros: i64 = a.leaves().iter().filter(|m| m.1.is_zero()).map(|m| m.0).product();
            prop_assert_eq!(size(&n), zeros);
        }
    }

    #[test]
    fn extent_one_zero_modes_are_kept() {
        use crate::htuple::HTuple::{Leaf, Tuple};
        let a = Layout::new(
            Tuple(vec![Leaf(1), Tuple(vec![Leaf(4), Leaf(5)])]),
            Tuple(vec![
                Leaf(Scalar::Int(0)),
                Tuple(vec![Leaf(Scalar::Int(1)), Leaf(Scalar::Int(16))]),
            ]),
        )
        .unwrap();
        assert_eq!(format!("{:?}", nullspace(&a).unwrap()), "Layout(1, 1)");
        assert_eq!(format!("{:?}", a.nullspace().unwrap()), "Layout(1, 1)");
    }
}
