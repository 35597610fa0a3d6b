//! The nullspace (kernel) of a layout: the coordinates it maps to zero.
//!
//! A layout's stride-0 modes are exactly the directions along which it does
//! not move, so the coordinates `c` with `A(c) == 0` are the coordinates of
//! those modes, with every other mode held at 0. [`nullspace`] enumerates
//! them as a compact layout into `A`'s domain.

use cute_core::Result;

use super::inverse::{flat_modes, layout_from_flat, prefix_products};
use crate::layout::Layout;
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
pub fn nullspace(a: &Layout) -> Result<Layout> {
    let modes = flat_modes(a);
    let prefix = prefix_products(OP, &modes)?;
    let kernel: Vec<(i64, Scalar)> = modes
        .iter()
        .zip(&prefix)
        .filter(|((_, d), _)| d.is_zero())
        .map(|(&(s, _), &p)| (s, Scalar::Int(p)))
        .collect();
    Ok(layout_from_flat(kernel))
}

impl Layout {
    /// The nullspace of this layout; see [`nullspace`].
    ///
    /// # Errors
    /// As [`nullspace`].
    pub fn nullspace(&self) -> Result<Layout> {
        nullspace(self)
    }
}
