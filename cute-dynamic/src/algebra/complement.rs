//! Complement: the layout of the codomain's "holes" that a layout leaves.
//!
//! Sorting A's modes by stride, `d_0 <= d_1 <= ...` with extents `s_k`, the
//! complement fills each gap between the running extent `d_{k-1} * s_{k-1}`
//! and the next stride `d_k`, and then repeats the whole pattern to reach a
//! target size. Over a coordinate codomain (strides `k@i`) each axis is
//! complemented on its own, and the result has one mode per axis.

use cute_core::sym::{spec_order_key, SpecOrderKey};
use cute_core::{DynInt, Error, Result};
use smallvec::SmallVec;

use cute_core::kernel::complement::{chain, ChainError};

use super::flat::{
    axis_profile, ints, sort_by_stride_value, sort_modes_by_key, Coalescer, Ints, Ones,
};
use super::shortcuts;
use crate::htuple::HTuple;
use crate::layout::{Layout, Leaves, View, INLINE};
use crate::typedefs::Scalar;

const OP: &str = "complement";

/// What a complement reaches: nothing more than A's own pattern (the free
/// complement), or a cotarget, given by its extents (for an integer
/// codomain only their order and product matter) or as a shape (whose
/// profile a coordinate codomain follows).
pub(crate) enum Cotarget<'a, I: DynInt> {
    /// The free complement.
    Free,
    /// The shape of this layout. (By reference, as every variant holds
    /// its operand, so that a cotarget is two words, passed in registers:
    /// passed in memory, it was read back in wider loads than the stores
    /// that had just written it, and waited for them.)
    Of(&'a View<'a, I>),
    /// One extent.
    One(&'a I),
    /// A shape.
    Shape(&'a HTuple<I>),
}

// (the two words the documentation promises)
const _: () =
    assert!(core::mem::size_of::<Cotarget<'static, i64>>() == 2 * core::mem::size_of::<usize>());

impl<I: DynInt> Clone for Cotarget<'_, I> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<I: DynInt> Copy for Cotarget<'_, I> {}

impl<I: DynInt> Cotarget<'_, I> {
    /// `size(ceil_div(cotarget, b))` for the hierarchical `ceil_div` of a
    /// shape by an integer: each extent in turn is divided by what is left
    /// of `b`, `ceil_div((5, 8), 4) == (2, 8)`.
    #[inline(always)]
    pub(crate) fn ceil_div_size(&self, b: &I) -> Result<I> {
        let mut size = I::from_i64(1);
        let bad = match self {
            Cotarget::Free => None,
            Cotarget::Of(v) => ceil_div_steps(v.leaves.iter().map(|(x, _)| x), &mut size, b)?,
            Cotarget::One(x) => ceil_div_steps(core::iter::once(*x), &mut size, b)?,
            Cotarget::Shape(s) => ceil_div_steps(s.leaves(), &mut size, b)?,
        };
        match bad {
            Some(x) => Err(self.nonpositive(x)),
            None => Ok(size),
        }
    }

    /// The error of an extent `x <= 0` in the cotarget (out of line: the
    /// steps that succeed build no message).
    #[cold]
    #[inline(never)]
    fn nonpositive(&self, x: &I) -> Error {
        Error::value(
            OP,
            format!("the extension {} has an extent {x}", self.describe()),
        )
    }

    /// The cotarget as the specification prints it.
    pub(crate) fn describe(&self) -> String {
        match self {
            Cotarget::Free => "None".to_string(),
            Cotarget::Of(v) => v.to_layout().shape().to_string(),
            Cotarget::One(x) => x.to_string(),
            Cotarget::Shape(s) => s.to_string(),
        }
    }
}

/// The steps of [`Cotarget::ceil_div_size`]: each extent `x` in turn,
/// divided by what is left of the divisor `b`, multiplies `size`, and
/// what is left becomes `ceil(rest / x)`. The first extent `x <= 0`, where
/// one stops the steps.
#[inline(always)]
fn ceil_div_steps<'a, I: DynInt + 'a>(
    xs: impl Iterator<Item = &'a I>,
    size: &mut I,
    b: &I,
) -> Result<Option<&'a I>> {
    let zero = I::from_i64(0);
    let mut rest = b.clone();
    // (what is left after an extent is computed when the next extent needs
    // it: a single extent, the common cotarget, waits for one division)
    let mut last: Option<&I> = None;
    for x in xs {
        if let Some(p) = last {
            rest = rest.int_ceil_div(p)?;
        }
        if x.int_cmp(&zero)?.is_le() {
            return Ok(Some(x));
        }
        *size = size.int_mul(&x.int_ceil_div(&rest)?)?;
        last = Some(x);
    }
    Ok(None)
}

/// Complements the modes `(stride, extent)` of one codomain axis into `out`
/// (as flat modes). With no cotarget, the free complement: its last mode has
/// extent 1 and carries the stride that continues the pattern past its end.
/// With a cotarget, the last mode repeats the pattern to cover it:
/// `size(ceil_div(cotarget, cosize))` times.
///
/// The modes are sorted by stride value (equal static strides by extent;
/// symbolic strides by decided comparisons, or `Undecidable`); each check
/// of the chain is decided through the integers' operations.
pub(crate) fn complement_axis<I: DynInt, const N: usize>(
    a: View<'_, I>,
    modes: &mut [(I, I)],
    cotarget: Cotarget<'_, I>,
    out: &mut Leaves<I, N>,
) -> Result<()> {
    let ones = match cotarget {
        Cotarget::Free => Ones::KeepLast,
        _ => Ones::KeepAlone,
    };
    let mut c = Coalescer::new(OP, out, ones);
    // by stride value, equal static strides by extent
    let key = |(d, s): &(I, I)| {
        let d = spec_order_key(d);
        let s = match d {
            SpecOrderKey::Static(_) => spec_order_key(s),
            SpecOrderKey::Symbolic => SpecOrderKey::Static(0),
        };
        (d, s)
    };
    sort_by_stride_value(OP, modes, |(d, _)| d, key)?;
    // the chain, the kernel's rule
    let current =
        chain(modes.iter().map(|(d, s)| (d, s)), &mut c, Scalar::Int).map_err(|e| match e {
            ChainError::Overlap {
                extent,
                stride,
                covered,
            } => overlap(a, &extent, &stride, &covered),
            ChainError::Other(e) => e,
        })?;
    let last = match cotarget {
        Cotarget::Free => I::from_i64(1),
        t => t.ceil_div_size(&current)?,
    };
    c.push(last, Scalar::Int(current))?;
    c.finish()
}

#[cold]
fn overlap<I: DynInt>(a: View<'_, I>, s: &I, d: &I, current: &I) -> Error {
    Error::NotInjective {
        op: OP,
        msg: format!(
            "{a:?}: the mode {s}:{d} overlaps the {current} offsets the smaller strides cover"
        ),
    }
}

/// The modes of A on their codomain axes, zero strides left out: the
/// `(stride, extent)` of integer strides in `ints`, the `(axis path, stride,
/// extent)` of coordinate strides in `coords`. True for a codomain of
/// coordinates.
pub(crate) fn codomain<I: DynInt>(
    a: View<'_, I>,
    coord_cotarget: bool,
    ints: &mut SmallVec<[(I, I); INLINE]>,
    coords: &mut Vec<(Vec<usize>, I, I)>,
) -> Result<bool> {
    let zero = I::from_i64(0);
    let mut saw_arith = false;
    let mut negative: Option<i64> = None;
    for (s, d) in a.leaves {
        if s.int_cmp(&zero)?.is_le() {
            return Err(Error::value(
                OP,
                format!("{a:?}: extent {s} is not positive"),
            ));
        }
        saw_arith |= matches!(d, Scalar::Arith(_));
        match d {
            _ if d.is_zero() => {}
            Scalar::Int(k) => {
                if k.int_cmp(&zero)?.is_lt() {
                    return Err(Error::value(OP, format!("{a:?}: negative stride {k}")));
                }
                ints.push((k.clone(), s.clone()));
            }
            Scalar::Arith(t) => {
                let (k, path) = t.single_term().ok_or_else(|| {
                    Error::value(
                        OP,
                        format!("{a:?}: the stride {t} is not a single scaled basis element"),
                    )
                })?;
                if k < 0 && negative.is_none() {
                    negative = Some(k);
                }
                coords.push((path, I::from_i64(k), s.clone()));
            }
            Scalar::F2(f) => {
                return Err(Error::type_error(
                    OP,
                    format!(
                        "{a:?}: the stride {f} is an F2 value; complement needs an ordered codomain"
                    ),
                ))
            }
        }
    }
    // only zero coordinate strides: still a coordinate codomain when the
    // cotarget gives its axes
    let coord = !coords.is_empty() || (saw_arith && coord_cotarget);
    if coord && !ints.is_empty() {
        return Err(Error::type_error(
            OP,
            format!("{a:?} mixes integer and coordinate strides"),
        ));
    }
    if let (true, Some(k)) = (coord, negative) {
        return Err(Error::value(OP, format!("{a:?}: negative stride {k}")));
    }
    Ok(coord)
}

/// Appends the complement of the compact leaf `s:1` (`s > 0`) reaching
/// `cotarget`: `size(ceil_div(cotarget, s)):s`. (Out of line, so that the
/// general complement is compiled as it is without it.)
#[inline(never)]
fn complement_compact<I: DynInt, const N: usize>(
    s: &I,
    cotarget: Cotarget<'_, I>,
    out: &mut Layout<I, N>,
) -> Result<()> {
    out.push_leaf(cotarget.ceil_div_size(s)?, Scalar::Int(s.clone()));
    Ok(())
}

/// Appends the complement of `a` when every value involved is a known
/// integer: A's extents `s >= 1` and integer strides `d >= 0`, a free
/// complement or a cotarget of known positive extents. The fast path: the
/// kernels of [`complement_axis`] (the chain, the coalescer) on machine
/// integers; where they fail (overlapping strides, an overflow) this gives
/// way to the general steps, which word the error. False, with nothing
/// appended, in that case or when the values are not all known.
#[inline]
fn complement_ints<I: DynInt, const N: usize>(
    a: View<'_, I>,
    cotarget: Cotarget<'_, I>,
    out: &mut Layout<I, N>,
) -> bool {
    let mut res = Ints::new();
    if complement_ints_modes(a, cotarget, &mut res).is_none() {
        return false;
    }
    out.push_flat_ints(res.modes());
    true
}

/// Computes into `res` (empty) the modes [`complement_ints`] appends
/// (coalesced, as the general complement's are); `None` where it gives way
/// to the general steps.
#[inline]
pub(crate) fn complement_ints_modes<I: DynInt>(
    a: View<'_, I>,
    cotarget: Cotarget<'_, I>,
    res: &mut Ints,
) -> Option<()> {
    if !shortcuts::on() || a.leaves.len() > INLINE {
        return None;
    }
    // the (stride, extent) of each mode with a nonzero stride
    let mut modes = [(0_i64, 0_i64); INLINE];
    let mut n = 0;
    for leaf in a.leaves {
        let (s, d) = ints(leaf)?;
        if s < 1 || d < 0 {
            return None;
        }
        if d != 0 {
            modes[n] = (d, s);
            n += 1;
        }
    }
    let modes = &mut modes[..n];
    sort_modes_by_key(modes, |&m| m);
    let ones = match cotarget {
        Cotarget::Free => Ones::KeepLast,
        _ => Ones::KeepAlone,
    };
    let mut c = cute_core::kernel::coalesce::Coalescer::new(OP, res, ones);
    let current = chain(modes.iter().map(|(d, s)| (d, s)), &mut c, |x| x).ok()?;
    // the last mode: the pattern repeated up to the cotarget
    let last = match cotarget {
        Cotarget::Free => Some(1),
        Cotarget::One(_) | Cotarget::Of(_) => cotarget
            .ceil_div_size(&I::from_i64(current))
            .ok()?
            .try_const(),
        Cotarget::Shape(_) => None,
    };
    c.push(last?, current).ok()?;
    c.finish().ok()
}

/// Appends the complement of the view `a` reaching `cotarget`.
pub(crate) fn complement_into<I: DynInt, const N: usize>(
    a: View<'_, I>,
    cotarget: Cotarget<'_, I>,
    out: &mut Layout<I, N>,
) -> Result<()> {
    // a compact tile, one leaf `s:1` of a known extent: its chain is that
    // one mode, with no gap before it, so the complement is the one mode
    // that repeats it, `size(ceil_div(cotarget, s)):s` (the chain below
    // gives the same, through its general steps)
    if let [(s, Scalar::Int(d))] = a.leaves {
        if d.is_const(1) && s.try_const().is_some_and(|v| v > 0) && shortcuts::on() {
            return complement_compact(s, cotarget, out);
        }
    }
    if complement_ints(a, cotarget, out) {
        return Ok(());
    }
    let coord_cotarget = matches!(cotarget, Cotarget::Shape(s) if s.is_tuple());
    let mut ints = SmallVec::new();
    let mut modes = Vec::new();
    if !codomain(a, coord_cotarget, &mut ints, &mut modes)? {
        return out.push_flat_with(|m| complement_axis(a, &mut ints, cotarget, m));
    }
    // a coordinate codomain: each axis of the cotarget's profile (or of the
    // axes A's strides name) on its own; a leaf of the profile holds the
    // extent to reach, `None` for a free complement there
    let prof: HTuple<Option<I>> = match cotarget {
        Cotarget::Shape(e) => {
            if !e.is_tuple() {
                return Err(Error::value(
                    OP,
                    format!("{a:?} has a coordinate codomain, but the extension {e} is an integer"),
                ));
            }
            // every extent must be positive, as for an integer codomain (an
            // axis of extent 0 or less has no complement to reach)
            let zero = I::from_i64(0);
            for x in e.leaves() {
                if x.int_cmp(&zero)?.is_le() {
                    return Err(Error::value(
                        OP,
                        format!("the extension {e} has an extent {x}"),
                    ));
                }
            }
            e.map(&mut |x| Some(x.clone()))
        }
        Cotarget::Free => {
            let paths: Vec<Vec<usize>> = modes.iter().map(|(p, _, _)| p.clone()).collect();
            axis_profile(&paths, 0).map(&mut |_| None)
        }
        _ => {
            return Err(Error::value(
                OP,
                format!(
                    "{a:?} has a coordinate codomain, but the extension {} is an integer",
                    cotarget.describe()
                ),
            ))
        }
    };
    let mut used = 0;
    complement_coord(a, &modes, &prof, &mut Vec::new(), &mut used, out)?;
    if used != modes.len() {
        return Err(Error::value(
            OP,
            format!(
                "{a:?} has strides outside the codomain profile {}",
                cotarget.describe()
            ),
        ));
    }
    Ok(())
}

/// Complements each axis of the coordinate profile `prof` (leaves are the
/// extents to reach, `None` for a free complement), appending the result.
fn complement_coord<I: DynInt, const N: usize>(
    a: View<'_, I>,
    modes: &[(Vec<usize>, I, I)],
    prof: &HTuple<Option<I>>,
    path: &mut Vec<usize>,
    used: &mut usize,
    out: &mut Layout<I, N>,
) -> Result<()> {
    match prof {
        HTuple::Leaf(e) => {
            let mut axis: SmallVec<[(I, I); INLINE]> = modes
                .iter()
                .filter(|(p, _, _)| p == path)
                .map(|(_, k, s)| (k.clone(), s.clone()))
                .collect();
            *used += axis.len();
            let cotarget = match e {
                Some(e) => Cotarget::One(e),
                None => Cotarget::Free,
            };
            out.push_flat_with(|m| {
                let from = m.len();
                complement_axis(a, &mut axis, cotarget, m)?;
                for (_, d) in &mut m[from..] {
                    if let Scalar::Int(k) = d {
                        *d = Scalar::on_axis(k.clone(), path)?;
                    }
                }
                Ok(())
            })
        }
        HTuple::Tuple(children) => {
            out.open();
            for (i, c) in children.iter().enumerate() {
                path.push(i);
                let r = complement_coord(a, modes, c, path, used, out);
                path.pop();
                r?;
            }
            out.close();
            Ok(())
        }
    }
}

/// The complement of `a`: the layout that fills the codomain holes `a`
/// leaves, continuing its pattern past its end (the free complement,
/// `complement(A)`; [`complement_to`] reaches a cotarget).
///
/// It is weakly congruent to A's codomain (one mode per coordinate axis for
/// strides `k@i`), strictly ordered, and disjoint from A. There are two
/// regimes, by whether A's sorted stride chain is divisible (each running
/// extent `d_{k-1} * s_{k-1}` divides the next stride `d_k`):
/// - divisible: the complement tiles, `make_layout([A, complement(A)])` is a
///   bijection onto a contiguous range;
/// - not divisible: the result is the largest ordered, disjoint layout that
///   fits (gaps round down), and it does not tile.
///
/// The free complement keeps a trailing extent-1 mode whose stride
/// continues the pattern past its end.
///
/// ```text
/// sorted modes (s_k, d_k), c_0 = 1, c_{k+1} = s_k * d_k:
/// complement = coalesce((d_0 / c_0, d_1 / c_1, ..., ceil(extend / c_n)) : (c_0, c_1, ..., c_n))
/// ```
///
/// The strides sort by value, as the specification's chain `d_0 <= d_1 <=
/// ...` orders them; over symbols each comparison and each condition of the
/// chain is decided, or `Undecidable`.
///
/// # Pre-conditions
/// A's nonzero strides are non-overlapping (injective): each
/// `d_k >= d_{k-1} * s_{k-1}`.
///
/// # Post-conditions
/// - `weakly_congruent(coprofile(A), result)`
/// - `result(i-1) < result(i)` for `i` in `1..size(result)` (ordered)
/// - `result(i) != A(j)` for `i > 0`, all `j` (disjoint)
///
/// # Errors
/// `ValueError` (`Error::NotInjective`) if A's strides overlap, if a stride is
/// negative or a multi-term coordinate, or on overflow; `TypeError` for F2
/// strides or a mix of integer and coordinate strides.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::complement;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(complement(&l("4:2")).unwrap(), l("(2, 1):(1, 8)"));
/// assert_eq!(complement(&l("(2, 2):(1, 6)")).unwrap(), l("(3, 1):(2, 12)"));
/// // the strides overlap: 4:3 covers offsets 0..12, and 2 lies inside
/// assert!(complement(&l("(4, 3):(3, 2)")).is_err());
/// ```
pub fn complement<I: DynInt>(a: &Layout<I>) -> Result<Layout<I>> {
    let mut out = Layout::building();
    complement_into(a.view(), Cotarget::Free, &mut out)
        .and_then(|()| out.check_size(OP))
        .map_err(|e| e.in_op(OP))?;
    Ok(out)
}

/// The complement of `a` reaching `cotarget` (the specification's
/// `complement(A, extend)`): as [`complement`], but the last mode repeats
/// the pattern up to the cotarget, a size or a shape (whose profile a
/// coordinate codomain follows), and is dropped when it has extent 1.
///
/// # Post-conditions
/// As [`complement`].
///
/// # Errors
/// As [`complement`]; `ValueError` for a cotarget extent that is not
/// positive, or an integer cotarget of a coordinate codomain.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::complement_to;
/// use cute_dynamic::{IntTuple, Layout};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(complement_to(&l("4:2"), 20).unwrap(), l("(2, 3):(1, 8)"));
/// let to: IntTuple = "(4, 8)".parse().unwrap();
/// assert_eq!(complement_to(&l("(2, 2):(1@0, 2@1)"), to).unwrap().to_string(),
///            "(2, (2, 2)):(2@0, (1@1, 4@1))");
/// ```
pub fn complement_to<I: DynInt>(
    a: &Layout<I>,
    cotarget: impl Into<HTuple<I>>,
) -> Result<Layout<I>> {
    let e = cotarget.into();
    let cotarget = match &e {
        HTuple::Leaf(x) => Cotarget::One(x),
        t => Cotarget::Shape(t),
    };
    let mut out = Layout::building();
    complement_into(a.view(), cotarget, &mut out)
        .and_then(|()| out.check_size(OP))
        .map_err(|e| e.in_op(OP))?;
    Ok(out)
}

impl<I: DynInt> Layout<I> {
    /// The free complement of `self`: [`complement`].
    ///
    /// # Errors
    /// As [`complement`].
    pub fn complement(&self) -> Result<Layout<I>> {
        complement(self)
    }
}

#[cfg(test)]
mod tests {
    #[allow(unused_imports)]
    use super::super::testkit::complement;
    use super::super::testkit::{self as kit, check};
    use super::*;
    use crate::atuple::ArithTuple;
    #[allow(unused_imports)]
    use crate::htuple::{HTuple, IntTuple};
    #[allow(unused_imports)]
    use crate::layout::{tiler_to_layout, Tiler};
    #[allow(unused_imports)]
    use crate::typedefs::Scalar;

    #[test]
    fn test_conformance_complement() {
        check(
            &["complement", "complement_extend", "coord_complement"],
            |c| complement(&c.layout(0), c.int_tuple(1).as_ref()),
        );
    }

    use crate::layout::make_layout;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// The complement of a compact leaf `s:1`, made at once, is what the
        /// chain gives for the same leaf beside a mode of extent 1 (which
        /// the chain skips): free, to an extent, to a shape, and its errors.
        #[test]
        fn prop_compact_leaf_is_the_chain(s in 1_i64..70, e in -3_i64..300, f in 1_i64..9) {
            let leaf: Layout = Layout::leaf(s, Scalar::Int(1));
            let chain = make_layout(&[leaf.clone(), Layout::leaf(1, Scalar::Int(7))]);
            let shape = HTuple::from_leaves([e, f]);
            let (x, y) = (super::complement(&leaf), super::complement(&chain));
            prop_assert_eq!(x.map(|l| l.to_string()), y.map(|l| l.to_string()));
            let (x, y) = (complement_to(&leaf, e), complement_to(&chain, e));
            prop_assert_eq!(x.map(|l| l.to_string()).map_err(|e| e.to_string()), y.map(|l| l.to_string()).map_err(|e| e.to_string()));
            let (x, y) = (complement_to(&leaf, shape.clone()), complement_to(&chain, shape));
            prop_assert_eq!(x.map(|l| l.to_string()).map_err(|e| e.to_string()), y.map(|l| l.to_string()).map_err(|e| e.to_string()));
        }
    }

    fn ordered_and_disjoint(a: &Layout, c: &Layout) -> core::result::Result<(), TestCaseError> {
        let image: std::collections::HashSet<i64> =
            (0..kit::size(a)).map(|j| kit::at(a, j)).collect();
        for i in 1..kit::size(c) {
            prop_assert!(
                kit::at(c, i - 1) < kit::at(c, i),
                "{:?} not ordered at {}",
                c,
                i
            );
            prop_assert!(
                !image.contains(&kit::at(c, i)),
                "{:?} meets {:?} at {}",
                c,
                a,
                i
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_complement_tiles_divisible_chain(a in kit::chained_layout(false), k in 1_i64..4) {
            let c = complement(&a, None).unwrap();
            ordered_and_disjoint(&a, &c)?;
            // (A, A*) is a bijection onto 0..size(A)*size(A*)
            let n = kit::size(&a) * kit::size(&c);
            let both = make_layout(&[a.clone(), c.clone()]);
            let mut seen: Vec<i64> = (0..n).map(|i| kit::at(&both, i)).collect();
            seen.sort_unstable();
            prop_assert_eq!(seen, (0..n).collect::<Vec<_>>());
            // extended to k times the cosize, it still tiles
            let e = HTuple::Leaf(n * k);
            let ce = complement(&a, Some(&e)).unwrap();
            ordered_and_disjoint(&a, &ce)?;
            prop_assert_eq!(kit::size(&a) * kit::size(&ce), n * k);
        }

        #[test]
        fn prop_complement_ordered_disjoint(a in kit::layout()) {
            // any layout: either the strides overlap, or the complement is
            // ordered and disjoint (also in the non-divisible regime)
            match complement(&a, None) {
                Ok(c) => ordered_and_disjoint(&a, &c)?,
                Err(e) => prop_assert!(matches!(e, Error::NotInjective { .. }), "{}", e),
            }
        }
    }

    #[test]
    fn test_complement_errors() {
        let a: Layout = "(2, 6, 3):(23, 24, 32)".parse().unwrap();
        let e = complement(&a, None).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        assert!(
            e.to_string().contains("complement")
                && e.to_string().contains("Layout((2, 6, 3), (23, 24, 32))")
        );
    }

    #[test]
    fn test_cotarget_extents_must_be_positive() {
        // over a coordinate codomain as over an integer one: an extent 0
        // or negative of the cotarget is a ValueError naming the cotarget
        // (a negative one was taken as no cotarget for that axis)
        let l = |s: &str| -> Layout { s.parse().unwrap() };
        let to = |s: &str| -> IntTuple { s.parse().unwrap() };
        for (a, t) in [
            ("2:1@0", "(4, 0)"),
            ("2:1@0", "(4, -3)"),
            ("2:1@1", "(0, 4)"),
            ("2:1", "(4, 0)"),
            ("2:1", "(4, -3)"),
        ] {
            let e = complement_to(&l(a), to(t)).unwrap_err();
            assert_eq!(e.class(), cute_core::ErrorClass::ValueError, "{a} {t}: {e}");
            assert!(
                e.to_string()
                    .contains(&format!("the extension {t} has an extent")),
                "{a} {t}: {e}"
            );
        }
        assert_eq!(
            complement_to(&l("2:1@0"), to("(4, 3)"))
                .unwrap()
                .to_string(),
            "(2, 3):(2@0, 1@1)"
        );
    }

    #[test]
    fn test_complement_coordinate_free() {
        let a = Layout::new(
            HTuple::from_leaves([4, 3]),
            HTuple::from_leaves([ArithTuple::e(&[0]), ArithTuple::e(&[1]).scale(8).unwrap()]),
        )
        .unwrap();
        assert_eq!(
            format!("{:?}", complement(&a, None).unwrap()),
            "Layout((1, (8, 1)), (4@0, (1@1, 24@1)))"
        );
    }
}
