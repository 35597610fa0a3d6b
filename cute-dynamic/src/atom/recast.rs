//! Layouts between value widths (CuTe C++'s `upcast`, `downcast`,
//! `recast_layout`), and the layout utilities the atom layer uses:
//! `tile_to_shape`, `max_common_vector`, `max_common_layout`.

use cute_core::{checked, Error, Result};

use crate::algebra::{blocked_product, coalesce, composition, right_inverse};
use crate::htuple::{product_each, HTuple, IntTuple};
use crate::layout::{make_layout, Layout};
use crate::typedefs::Scalar;

/// The magnitude and the rebuilding of a leaf's stride: an integer, or one
/// scaled basis element (whose axis is kept).
fn magnitude(op: &'static str, layout: &Layout, d: &Scalar) -> Result<(i64, Vec<usize>)> {
    match d {
        Scalar::Int(v) => Ok((*v, Vec::new())),
        Scalar::Arith(a) => a.single_term().ok_or_else(|| {
            Error::type_error(
                op,
                format!("the stride {d} of {layout} is not one scaled basis element"),
            )
        }),
        Scalar::F2(_) => Err(Error::type_error(
            op,
            format!("the stride {d} of {layout} is an F2 value, which has no magnitude"),
        )),
    }
}

/// Applies `leaf` to every leaf of `layout`, keeping its nesting.
fn map_leaves(
    layout: &Layout,
    mut leaf: impl FnMut(i64, &Scalar) -> Result<(i64, Scalar)>,
) -> Result<Layout> {
    layout.try_map_leaves(|s, d| leaf(*s, d))
}

/// Whether a coalesced mode (a leaf) has the stride 1.
fn unit_stride(m: &Layout) -> bool {
    matches!(m.leaves(), [(_, Scalar::Int(1))])
}

/// CuTe C++'s `upcast<N>(layout)`: the layout in elements `N` times wider.
/// A stride-0 leaf is kept; a leaf `s:d` becomes
/// `ceil(s / ceil(N / |d|)) : sign(d) * ceil(|d| / N)`: a stride below `N`
/// (which must divide `N`) packs its elements, a stride above (which `N`
/// must divide) shrinks.
///
/// # Errors
/// `ValueError` if `n < 1`, or if a stride and `n` do not divide one
/// another (CuTe C++ checks this only for static strides, and assumes a
/// dynamic one divisible); `TypeError` for an F2 or multi-term stride.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::upcast;
/// let l = |s: &str| s.parse::<cute_dynamic::Layout>().unwrap();
/// assert_eq!(upcast(&l("(32, 128):(128, 1)"), 16).unwrap(), l("(32, 8):(8, 1)"));
/// assert_eq!(upcast(&l("(8, 64):(64, 1)"), 8).unwrap(), l("(8, 8):(8, 1)"));
/// assert!(upcast(&l("(8, 6):(6, 1)"), 4).is_err());
/// ```
pub fn upcast(layout: &Layout, n: i64) -> Result<Layout> {
    const OP: &str = "upcast";
    if n < 1 {
        return Err(Error::value(
            OP,
            format!("upcast by {n}: the factor must be positive"),
        ));
    }
    let ovf = || {
        Error::overflow(
            OP,
            format!("upcast of {layout} by {n} leaves the 64-bit range"),
        )
    };
    map_leaves(layout, |s, d| {
        if d.is_zero() {
            return Ok((s, d.clone()));
        }
        let (v, path) = magnitude(OP, layout, d)?;
        let m = v.checked_abs().ok_or_else(ovf)?;
        if m % n != 0 && n % m != 0 {
            return Err(Error::divisibility(
                OP,
                m,
                n,
                format!("the stride {d} of {layout} and the factor {n} do not divide one another"),
            ));
        }
        let pack = checked::ceil_div(n, m).map_err(|_| ovf())?;
        let s = checked::ceil_div(s, pack).map_err(|_| ovf())?;
        let d = v.signum() * checked::ceil_div(m, n).map_err(|_| ovf())?;
        Ok((s, Scalar::Int(d).at_path(&path)?))
    })
}

/// CuTe C++'s `downcast<N>(layout)`: the layout in elements `N` times
/// narrower. A leaf of stride `±1` has `N` times the extent; every other
/// stride is `N` times larger.
///
/// # Errors
/// `ValueError` if `n < 1`, if no leaf has stride `±1` (CuTe's "Downcast
/// requires adjacent elements"), or on overflow; `TypeError` for an F2 or
/// multi-term stride.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::downcast;
/// let l = |s: &str| s.parse::<cute_dynamic::Layout>().unwrap();
/// assert_eq!(downcast(&l("(32, 8):(8, 1)"), 2).unwrap(), l("(32, 16):(16, 1)"));
/// assert!(downcast(&l("(4, 8):(2, 8)"), 2).is_err());
/// ```
pub fn downcast(layout: &Layout, n: i64) -> Result<Layout> {
    const OP: &str = "downcast";
    if n < 1 {
        return Err(Error::value(
            OP,
            format!("downcast by {n}: the factor must be positive"),
        ));
    }
    let adjacent = layout
        .leaves()
        .iter()
        .any(|(_, d)| matches!(magnitude(OP, layout, d), Ok((1 | -1, _))));
    if !adjacent {
        return Err(Error::value(
            OP,
            format!("{layout} has no stride 1: downcast requires adjacent elements"),
        ));
    }
    let ovf = || {
        Error::overflow(
            OP,
            format!("downcast of {layout} by {n} leaves the 64-bit range"),
        )
    };
    map_leaves(layout, |s, d| {
        if d.is_zero() {
            return Ok((s, d.clone()));
        }
        let (v, path) = magnitude(OP, layout, d)?;
        if v == 1 || v == -1 {
            Ok((s.checked_mul(n).ok_or_else(ovf)?, d.clone()))
        } else {
            Ok((
                s,
                Scalar::Int(v.checked_mul(n).ok_or_else(ovf)?).at_path(&path)?,
            ))
        }
    })
}

/// CuTe C++'s `recast_layout<Old, New>(layout)`: a layout over values of
/// `old_bits` bits as one over values of `new_bits` bits. With `num / den =
/// new_bits / old_bits` in lowest terms: [`upcast`] by `num`, then
/// [`downcast`] by `den` (each skipped when it is 1).
///
/// # Errors
/// `ValueError` for a width below 1; as [`upcast`] and [`downcast`].
///
/// # Examples
/// ```
/// use cute_dynamic::atom::recast_layout;
/// let l = |s: &str| s.parse::<cute_dynamic::Layout>().unwrap();
/// // ldmatrix's source, in bits, as 16-bit values
/// assert_eq!(recast_layout(&l("(32, 128):(128, 1)"), 1, 16).unwrap(), l("(32, 8):(8, 1)"));
/// assert_eq!(recast_layout(&l("(8, 8):(8, 1)"), 32, 16).unwrap(), l("(8, 16):(16, 1)"));
/// assert_eq!(recast_layout(&l("(4, 6):(6, 1)"), 32, 48).unwrap(), l("(4, 4):(4, 1)"));
/// ```
pub fn recast_layout(layout: &Layout, old_bits: i64, new_bits: i64) -> Result<Layout> {
    if old_bits < 1 || new_bits < 1 {
        return Err(Error::value(
            "recast_layout",
            format!("value widths {old_bits} and {new_bits} bits: both must be positive"),
        ));
    }
    let g = checked::gcd(old_bits, new_bits)?;
    let (num, den) = (new_bits / g, old_bits / g);
    let up = if num == 1 {
        layout.clone()
    } else {
        upcast(layout, num)?
    };
    if den == 1 {
        Ok(up)
    } else {
        downcast(&up, den)
    }
}

/// CuTe C++'s `tile_to_shape(block, shape)`: `block` repeated (column-major
/// over the copies) until it has the shape `shape`. `block` takes as many
/// modes as `shape` has (the missing ones `1:0`), and each mode's size must
/// divide the target's; the result is the [`blocked_product`] of the block
/// and the compact layout of the copies.
///
/// # Errors
/// `ValueError` if `block` has more modes than `shape`, or if a mode of
/// `block` does not divide the target's (CuTe C++ checks this only for
/// static shapes); as [`blocked_product`].
///
/// # Examples
/// ```
/// use cute_dynamic::atom::tile_to_shape;
/// let l = |s: &str| s.parse::<cute_dynamic::Layout>().unwrap();
/// let block = l("(8, 64):(64, 1)");
/// assert_eq!(tile_to_shape(&block, &"(128, 64)".parse().unwrap()).unwrap(),
///            l("((8, 16), (64, 1)):((64, 512), (1, 0))"));
/// assert!(tile_to_shape(&block, &"(100, 64)".parse().unwrap()).is_err());
/// ```
pub fn tile_to_shape(block: &Layout, shape: &IntTuple) -> Result<Layout> {
    const OP: &str = "tile_to_shape";
    let target: Vec<i64> = match product_each(shape)? {
        HTuple::Tuple(t) => t
            .into_iter()
            .map(|x| match x {
                HTuple::Leaf(x) => x,
                HTuple::Tuple(_) => 0,
            })
            .collect(),
        HTuple::Leaf(x) => vec![x],
    };
    let rank = target.len();
    let mut modes: Vec<Layout> = if block.is_tuple() {
        block.modes().collect()
    } else {
        vec![block.clone()]
    };
    if modes.len() > rank {
        return Err(Error::value(
            OP,
            format!(
                "{block} has {} modes, more than the target shape {shape}",
                modes.len()
            ),
        ));
    }
    modes.resize(rank, Layout::leaf(1, Scalar::Int(0)));
    let mut copies = Vec::with_capacity(rank);
    for (i, (m, t)) in modes.iter().zip(&target).enumerate() {
        let b = m.size()?;
        if b == 0 || t % b != 0 {
            return Err(Error::divisibility(
                OP,
                *t,
                b,
                format!("mode {i} of {block} has size {b}, which does not divide the target's {t} (shape {shape})"),
            ));
        }
        copies.push(t / b);
    }
    let padded = make_layout(&modes);
    let copies = Layout::compact(HTuple::Tuple(
        copies.into_iter().map(HTuple::Leaf).collect(),
    ))?;
    // extent-1 modes at stride 0, as CuTe C++ prints its static ones
    super::tiled_mma::zero_unit_strides(&blocked_product(&padded, &copies)?)
}

/// `coalesce(a o right_inverse(b))` and `right_inverse(b)`.
fn common(a: &Layout, b: &Layout) -> Result<(Layout, Layout)> {
    let inv_b = right_inverse(b)?;
    Ok((coalesce(&composition(a, &inv_b)?)?, inv_b))
}

/// The first mode of a layout (the layout itself if it is a leaf).
fn first_mode(l: &Layout) -> Result<Layout> {
    if l.is_tuple() {
        l.mode(0)
    } else {
        Ok(l.clone())
    }
}

/// CuTe C++'s `max_common_vector(a, b)`: the largest `n` such that the
/// first `n` elements of `b`'s codomain are the first `n` of `a`'s, in the
/// same order: for `0 <= i < n`, `a(b⁻¹(i)) == i`. It is the extent of
/// the first mode of `coalesce(a o right_inverse(b))` when that mode has
/// stride 1, and 1 otherwise. (CuTe C++ also answers 1 when that mode is
/// not static; here every extent is known.)
///
/// # Errors
/// As [`right_inverse`], [`composition`] and [`coalesce`].
///
/// # Examples
/// ```
/// use cute_dynamic::atom::max_common_vector;
/// let l = |s: &str| s.parse::<cute_dynamic::Layout>().unwrap();
/// assert_eq!(max_common_vector(&l("(8, 8):(1, 8)"), &l("(8, 8):(1, 8)")).unwrap(), 64);
/// assert_eq!(max_common_vector(&l("(8, 8):(1, 8)"), &l("(8, 8):(8, 1)")).unwrap(), 1);
/// assert_eq!(max_common_vector(&l("(4, 8):(1, 8)"), &l("(4, 8):(1, 4)")).unwrap(), 4);
/// ```
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<i64> {
    let (c, _) = common(a, b)?;
    let m = first_mode(&c)?;
    Ok(if unit_stride(&m) { m.size()? } else { 1 })
}

/// CuTe C++'s `max_common_layout(a, b)`: the layout `r` of the longest run
/// of `b`'s codomain that `a` and `b` share, `a(r(i)) == i` and `b(r(i)) ==
/// i`: `right_inverse(b)` composed with the first mode of `coalesce(a o
/// right_inverse(b))` when that mode has stride 1, `1:0` otherwise.
///
/// # Errors
/// As [`max_common_vector`].
///
/// # Examples
/// ```
/// use cute_dynamic::atom::max_common_layout;
/// let l = |s: &str| s.parse::<cute_dynamic::Layout>().unwrap();
/// assert_eq!(max_common_layout(&l("(4, 8):(1, 8)"), &l("(4, 8):(1, 4)")).unwrap(), l("4:1"));
/// assert_eq!(max_common_layout(&l("(8, 8):(1, 8)"), &l("(8, 8):(8, 1)")).unwrap(), l("1:0"));
/// ```
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    let (c, inv_b) = common(a, b)?;
    let m = first_mode(&c)?;
    if unit_stride(&m) {
        composition(&inv_b, &m)
    } else {
        Ok(Layout::leaf(1, Scalar::Int(0)))
    }
}
