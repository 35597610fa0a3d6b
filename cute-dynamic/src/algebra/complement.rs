//! Complement: the layout of the codomain's "holes" that a layout leaves.
//!
//! Sorting A's modes by stride, `d_0 <= d_1 <= ...` with extents `s_k`, the
//! complement fills each gap between the running extent `d_{k-1} * s_{k-1}`
//! and the next stride `d_k`, and then repeats the whole pattern to reach a
//! target size. Over a coordinate codomain (strides `k@i`) each axis is
//! complemented on its own, and the result has one mode per axis.

use cute_core::{Error, Result};

use super::coalesce::{coalesce_int, coalesce_modes};
use super::detail::{
    basis, ceil_div, flat_modes_of, from_flat, int_modes_into, make_layout, mul, single_term,
    sized, try_fold_leaves, IntModes, Mode, Parts, INLINE,
};
use crate::htuple::{HTuple, IntTuple};
use crate::layout::Layout;
use crate::typedefs::Scalar;

const OP: &str = "complement";

/// A mode of A on one codomain axis: `(stride, extent)`.
type AxisMode = (i64, i64);

/// `size(ceil_div(extend, b))` for the hierarchical `ceil_div` of a shape by
/// an integer: each extent in turn is divided by what is left of `b`,
/// `ceil_div((5, 8), 4) == (2, 8)`.
fn ceil_div_size(extend: &IntTuple, b: i64) -> Result<i64> {
    let (size, _) = try_fold_leaves(extend, (1_i64, b), &mut |(size, rest), &x| {
        if x <= 0 {
            return Err(Error::value(
                OP,
                format!("the extension {extend} has an extent {x}"),
            ));
        }
        Ok((mul(OP, size, ceil_div(x, rest))?, ceil_div(rest, x)))
    })?;
    Ok(size)
}

/// Complements the modes of one codomain axis. With no `extend`, the free
/// complement: its last mode has extent 1 and carries the stride that
/// continues the pattern past its end. With `extend`, the last mode repeats
/// the pattern to cover it: `size(ceil_div(extend, cosize))` times.
fn complement_axis(
    a: Parts<'_>,
    mut modes: Vec<AxisMode>,
    extend: Option<&IntTuple>,
) -> Result<Vec<Mode>> {
    modes.sort_unstable();
    let mut raw: Vec<Mode> = Vec::with_capacity(modes.len() + 1);
    let mut current: i64 = 1;
    for (d, s) in modes {
        if s == 1 {
            continue;
        }
        if d < current {
            return Err(overlap(a, s, d, current));
        }
        raw.push((d / current, Scalar::Int(current)));
        current = mul(OP, s, d)?;
    }
    let last = match extend {
        None => 1,
        Some(e) => ceil_div_size(e, current)?,
    };
    raw.push((last, Scalar::Int(current)));
    coalesce_modes(OP, raw.into_iter(), extend.is_none())
}

/// [`complement_axis`] for integer strides, on the stack (at most
/// `INLINE - 1` modes): writes the complement's flat modes into `out`,
/// coalesced as the complement's layout is (so for the free complement, as
/// composition coalesces its A).
pub(crate) fn complement_int(
    a: Parts<'_>,
    modes: &IntModes,
    extend: Option<&IntTuple>,
    out: &mut IntModes,
) -> Result<()> {
    let mut ds = IntModes::new();
    for &(s, d) in modes.as_slice() {
        if d < 0 {
            return Err(Error::value(OP, format!("{a:?}: negative stride {d}")));
        }
        if s <= 0 {
            return Err(Error::value(
                OP,
                format!("{a:?}: extent {s} is not positive"),
            ));
        }
        if d != 0 && s != 1 {
            ds.push(d, s);
        }
    }
    ds.as_mut_slice().sort_unstable();
    out.clear();
    let mut current: i64 = 1;
    for &(d, s) in ds.as_slice() {
        if d < current {
            return Err(overlap(a, s, d, current));
        }
        out.push(d / current, current);
        current = mul(OP, s, d)?;
    }
    let last = match extend {
        None => 1,
        Some(e) => ceil_div_size(e, current)?,
    };
    out.push(last, current);
    coalesce_int(OP, out, extend.is_none())
}

#[cold]
fn overlap(a: Parts<'_>, s: i64, d: i64, current: i64) -> Error {
    Error::NotInjective {
        op: OP,
        msg: format!(
            "{a:?}: the mode {s}:{d} overlaps the {current} offsets the smaller strides cover"
        ),
    }
}

/// The modes of A split by codomain axis.
enum Codomain {
    /// Integer strides: `(stride, extent)` pairs.
    Int(Vec<AxisMode>),
    /// Coordinate strides: `(axis path, stride, extent)`.
    Coord(Vec<(Vec<usize>, i64, i64)>),
}

fn codomain(a: Parts<'_>, coord_extend: bool) -> Result<Codomain> {
    let mut ints = Vec::new();
    let mut coords = Vec::new();
    let mut saw_arith = false;
    for (s, d) in flat_modes_of(a) {
        if s <= 0 {
            return Err(Error::value(
                OP,
                format!("{a:?}: extent {s} is not positive"),
            ));
        }
        saw_arith |= matches!(d, Scalar::Arith(_));
        match &d {
            _ if d.is_zero() => {}
            Scalar::Int(k) => ints.push((*k, s)),
            Scalar::Arith(t) => {
                let (k, path) = single_term(t).ok_or_else(|| {
                    Error::value(
                        OP,
                        format!("{a:?}: the stride {t} is not a single scaled basis element"),
                    )
                })?;
                coords.push((path, k, s));
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
        if let Some(&(k, _)) = ints.last() {
            if k < 0 {
                return Err(Error::value(OP, format!("{a:?}: negative stride {k}")));
            }
        }
    }
    // only zero coordinate strides: still a coordinate codomain when the
    // extension gives its axes
    let coord = !coords.is_empty() || (saw_arith && coord_extend);
    match (ints.is_empty(), !coord) {
        (_, true) => Ok(Codomain::Int(ints)),
        (true, false) => {
            if let Some((_, k, _)) = coords.iter().find(|c| c.1 < 0) {
                return Err(Error::value(OP, format!("{a:?}: negative stride {k}")));
            }
            Ok(Codomain::Coord(coords))
        }
        (false, false) => Err(Error::type_error(
            OP,
            format!("{a:?} mixes integer and coordinate strides"),
        )),
    }
}

/// The coordinate profile spanned by `paths`: each node as wide as its
/// largest index; leaves are `-1` (no extent).
fn profile_of(paths: &[&[usize]]) -> IntTuple {
    if paths.iter().all(|p| p.is_empty()) {
        return HTuple::Leaf(-1);
    }
    let width = paths
        .iter()
        .filter_map(|p| p.first())
        .max()
        .map_or(0, |m| m + 1);
    HTuple::Tuple(
        (0..width)
            .map(|i| {
                let sub: Vec<&[usize]> = paths
                    .iter()
                    .filter(|p| p.first() == Some(&i))
                    .map(|p| &p[1..])
                    .collect();
                profile_of(&sub)
            })
            .collect(),
    )
}

/// Complements each axis of the coordinate profile `prof` (leaves are the
/// extents to reach, `-1` for a free complement).
fn complement_coord(
    a: Parts<'_>,
    modes: &[(Vec<usize>, i64, i64)],
    prof: &IntTuple,
    path: &mut Vec<usize>,
    used: &mut usize,
) -> Result<Layout> {
    match prof {
        HTuple::Leaf(e) => {
            let axis: Vec<AxisMode> = modes
                .iter()
                .filter(|(p, _, _)| p == path)
                .map(|&(_, k, s)| (k, s))
                .collect();
            *used += axis.len();
            let extend = HTuple::Leaf(*e);
            let mut out = complement_axis(a, axis, (*e >= 0).then_some(&extend))?;
            for (_, d) in &mut out {
                if let Scalar::Int(k) = d {
                    *d = basis(*k, path);
                }
            }
            Ok(from_flat(out))
        }
        HTuple::Tuple(children) => {
            let mut parts = Vec::with_capacity(children.len());
            for (i, c) in children.iter().enumerate() {
                path.push(i);
                let r = complement_coord(a, modes, c, path, used);
                path.pop();
                parts.push(r?);
            }
            Ok(make_layout(parts))
        }
    }
}

/// The complement of `a`: the layout that fills the codomain holes `a`
/// leaves, optionally extended to cover `extend`.
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
/// The free complement (`extend = None`) keeps a trailing extent-1 mode whose
/// stride continues the pattern past its end; with `extend`, the last mode
/// repeats the pattern up to `extend` and is dropped when it has extent 1.
///
/// ```text
/// sorted modes (s_k, d_k), c_0 = 1, c_{k+1} = s_k * d_k:
/// complement = coalesce((d_0 / c_0, d_1 / c_1, ..., ceil(extend / c_n)) : (c_0, c_1, ..., c_n))
/// ```
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
/// use cute_dynamic::htuple::HTuple;
/// use cute_dynamic::layout::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(complement(&l("4:2"), None).unwrap(), l("(2, 1):(1, 8)"));
/// assert_eq!(complement(&l("(2, 2):(1, 6)"), None).unwrap(), l("(3, 1):(2, 12)"));
/// assert_eq!(complement(&l("4:2"), Some(&HTuple::Leaf(20))).unwrap(), l("(2, 3):(1, 8)"));
/// // the strides overlap: 4:3 covers offsets 0..12, and 2 lies inside
/// assert!(complement(&l("(4, 3):(3, 2)"), None).is_err());
/// ```
pub fn complement(a: &Layout, extend: Option<&IntTuple>) -> Result<Layout> {
    complement_parts(Parts::of(a), extend).and_then(|r| sized(OP, r))
}

/// Writes A's flat modes into `m`; true iff [`complement_int`] applies:
/// integer strides, fewer than [`INLINE`] modes.
#[inline]
pub(crate) fn int_input(a: Parts<'_>, m: &mut IntModes) -> bool {
    int_modes_into(a, m) && m.len() < INLINE
}

/// [`complement`] of a borrowed layout.
pub(crate) fn complement_parts(a: Parts<'_>, extend: Option<&IntTuple>) -> Result<Layout> {
    // integer fast path: the whole computation on the stack
    let mut m = IntModes::new();
    if int_input(a, &mut m) {
        let mut out = IntModes::new();
        complement_int(a, &m, extend, &mut out)?;
        return Ok(out.layout());
    }
    match codomain(a, extend.is_some_and(HTuple::is_tuple))? {
        Codomain::Int(modes) => Ok(from_flat(complement_axis(a, modes, extend)?)),
        Codomain::Coord(modes) => {
            let free;
            let prof = match extend {
                Some(e) => e,
                None => {
                    let paths: Vec<&[usize]> = modes.iter().map(|(p, _, _)| p.as_slice()).collect();
                    free = profile_of(&paths);
                    &free
                }
            };
            if !prof.is_tuple() {
                return Err(Error::value(
                    OP,
                    format!(
                        "{a:?} has a coordinate codomain, but the extension {prof} is an integer"
                    ),
                ));
            }
            let mut used = 0;
            let r = complement_coord(a, &modes, prof, &mut Vec::new(), &mut used)?;
            if used != modes.len() {
                return Err(Error::value(
                    OP,
                    format!("{a:?} has strides outside the codomain profile {prof}"),
                ));
            }
            Ok(r)
        }
    }
}

impl Layout {
    /// The free complement of `self`: [`complement`] with no extension.
    ///
    /// # Errors
    /// As [`complement`].
    pub fn complement(&self) -> Result<Layout> {
        complement(self, None)
    }
}

#[cfg(test)]
mod tests {
    use super::super::detail::testing::{self as kit, check};
    use super::*;
    use crate::atuple::ArithTuple;

    #[test]
    fn test_conformance_complement() {
        check(
            &["complement", "complement_extend", "coord_complement"],
            |c| complement(&c.layout(0), c.int_tuple(1).as_ref()),
        );
    }

    use super::super::detail::make_layout;
    use proptest::prelude::*;

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
            let both = make_layout(vec![a.clone(), c.clone()]);
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
