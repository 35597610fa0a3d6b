//! Coalesce: the simplest layout that is the same function.
//!
//! Two adjacent modes `s0:d0` and `s1:d1` with `d1 == s0 * d0` walk the
//! codomain as one mode `(s0 * s1):d0`, and a mode of extent 1 contributes
//! nothing, so both can be folded away without changing `L(i)`.
//! [`coalesce_z`] keeps a trailing extent-1 mode whose stride still matters
//! for coordinates past the end (the extended domain); [`coalesce`] drops it,
//! as CuTe C++ does.

use cute_core::Result;

use super::detail::{
    at_mode, by_mode, flat_modes_of, flat_tree, int_modes_into, mul, sscale, tree_layout, IntModes,
    Mode, Parts, Tree,
};
use crate::layout::{Layout, Tiler};
use crate::typedefs::Scalar;

/// True iff `(s0, d0)` followed by a mode of stride `d1` walks on as one
/// mode: `d1 == s0 * d0`. An F2 stride also needs `s0` to be a power of two,
/// where its carry-less product and the integer one agree: `(3, 2):(F1, F3)`
/// maps 4 to `F1 ^ F3 == F2`, not `F1 * 4`.
///
/// This is the one rule of every coalescer of the algebra (this module's,
/// the free complement's, and the flat coalescers of the inverses,
/// `layout_add`, `nullspace` and the greatest common domain), so that they
/// all give the same function.
pub(crate) fn continues(s0: i64, d0: &Scalar, d1: &Scalar) -> bool {
    match (d0, d1) {
        (Scalar::Int(a), Scalar::Int(b)) => continues_int(s0, *a, *b),
        (Scalar::F2(a), Scalar::F2(b)) => continues_f2(s0, a.0, b.0),
        (Scalar::F2(_), _) if s0 <= 0 || s0 & (s0 - 1) != 0 => false,
        // a product that overflows is not the stride that follows
        _ => sscale(d0, s0).is_ok_and(|x| x == *d1),
    }
}

/// [`continues`] for integer strides.
#[inline]
pub(crate) fn continues_int(s0: i64, d0: i64, d1: i64) -> bool {
    d0.checked_mul(s0) == Some(d1)
}

/// [`continues`] for F2 strides: `s0` a power of two `2^k`, and `d1` the bits
/// of `d0` shifted by `k` (none lost).
#[inline]
pub(crate) fn continues_f2(s0: i64, d0: u64, d1: u64) -> bool {
    if s0 <= 0 || s0 & (s0 - 1) != 0 {
        return false;
    }
    let k = s0.trailing_zeros();
    d0.checked_shl(k).is_some_and(|x| x >> k == d0 && x == d1)
}

/// Coalesces a flat list of modes. Extent-1 modes are dropped, except the
/// last one when `keep_trailing` and it does not continue the mode before
/// it; a mode that continues the one before it merges into it.
pub(crate) fn coalesce_modes(
    op: &'static str,
    modes: impl ExactSizeIterator<Item = Mode>,
    keep_trailing: bool,
) -> Result<Vec<Mode>> {
    let n = modes.len();
    let mut out: Vec<Mode> = Vec::with_capacity(n);
    for (k, (s, d)) in modes.enumerate() {
        let last = k + 1 == n;
        if s == 1 && !(last && (keep_trailing || out.is_empty())) {
            continue;
        }
        match out.last_mut() {
            None => out.push((s, d)),
            Some((ps, pd)) => {
                if continues(*ps, pd, &d) {
                    *ps = mul(op, *ps, s)?;
                } else {
                    out.push((s, d));
                }
            }
        }
    }
    if out.is_empty() {
        // no mode at all: the empty layout
        out.push((1, Scalar::Int(0)));
    }
    Ok(out)
}

/// [`coalesce_modes`] over integer strides, in place on the stack: mode
/// `k` of the result is written only after mode `k` of the input is read.
pub(crate) fn coalesce_int(op: &'static str, m: &mut IntModes, keep_trailing: bool) -> Result<()> {
    let n = m.len();
    let mut out: usize = 0;
    let ms = m.as_mut_slice();
    for k in 0..n {
        let (s, d) = ms[k];
        let last = k + 1 == n;
        if s == 1 && !(last && (keep_trailing || out == 0)) {
            continue;
        }
        match out.checked_sub(1).map(|p| &mut ms[p]) {
            Some((ps, pd)) if continues_int(*ps, *pd, d) => *ps = mul(op, *ps, s)?,
            _ => {
                ms[out] = (s, d);
                out += 1;
            }
        }
    }
    m.truncate(out);
    if out == 0 {
        m.push(1, 0);
    }
    Ok(())
}

fn coalesce_whole(op: &'static str, a: Parts<'_>, keep_trailing: bool) -> Result<Tree> {
    // integer fast path: on the stack
    let mut m = IntModes::new();
    if int_modes_into(a, &mut m) {
        coalesce_int(op, &mut m, keep_trailing)?;
        return Ok(m.tree());
    }
    let modes = flat_modes_of(a);
    let out = coalesce_modes(op, modes.into_iter(), keep_trailing)?;
    Ok(flat_tree(out))
}

fn coalesce_profile(
    op: &'static str,
    a: Parts<'_>,
    profile: &Tiler,
    keep_trailing: bool,
) -> Result<Tree> {
    match profile {
        Tiler::None => Ok(a.cloned()),
        Tiler::Int(_) | Tiler::Layout(_) => coalesce_whole(op, a, keep_trailing),
        Tiler::Tuple(ps) => by_mode(op, a, ps, |ai, pi| {
            coalesce_profile(op, ai, pi, keep_trailing)
        }),
    }
}

/// Coalesces `a` into a maximally merged layout that is the same function on
/// every integer, in and past its domain: a trailing extent-1 mode is kept
/// when its stride is not the continuation of the mode before it.
///
/// `profile` selects what is coalesced: an integer (or a layout) the whole of
/// its mode, a tuple each mode by its own entry, `None` nothing. A non-empty
/// `mode` coalesces only that mode of `a`.
///
/// # Pre-conditions
/// `mode` names a mode of `a`.
///
/// # Post-conditions
/// - `size(result) == size(a)`
/// - `depth(result) <= 1` at each leaf of `profile`, within `mode`
/// - `result(i) == a(i)` for all integers `i >= 0`
///
/// # Errors
/// `IndexError` if `mode` names no mode of `a`; `ValueError` if `profile`
/// has more modes than `a`, or on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::coalesce_z;
/// use cute_dynamic::layout::{Layout, Tiler};
/// let a: Layout = "(2, 1, 6, 1):(1, 7, 8, 0)".parse().unwrap();
/// assert_eq!(coalesce_z(&a, &Tiler::Int(1), &[]).unwrap().to_string(), "(2, 6, 1):(1, 8, 0)");
/// let b: Layout = "(3, (2, 6)):(1, (3, 6))".parse().unwrap();
/// assert_eq!(coalesce_z(&b, &Tiler::Int(1), &[1]).unwrap().to_string(), "(3, 12):(1, 3)");
/// assert!(coalesce_z(&b, &Tiler::Int(1), &[2]).is_err());
/// ```
pub fn coalesce_z(a: &Layout, profile: &Tiler, mode: &[usize]) -> Result<Layout> {
    const OP: &str = "coalesce_z";
    at_mode(OP, a, mode, |m| coalesce_profile(OP, m, profile, true))
}

/// Coalesces `a` into a simpler layout that is the same function on its
/// domain: like [`coalesce_z`], but a trailing extent-1 mode is always
/// dropped (C++ `cute::coalesce`).
///
/// `profile` selects what is coalesced: an integer (or a layout) the whole of
/// its mode, a tuple each mode by its own entry, `None` nothing. A non-empty
/// `mode` coalesces only that mode of `a`: `coalesce(a, 1, [1])` is
/// `coalesce(a, (None, 1))`.
///
/// # Pre-conditions
/// `mode` names a mode of `a`.
///
/// # Post-conditions
/// - `size(result) == size(a)`
/// - `depth(result) <= 1` at each leaf of `profile`, within `mode`
/// - `result(i) == a(i)` for `i` in `0..size(a)`
///
/// # Errors
/// `IndexError` if `mode` names no mode of `a`; `ValueError` if `profile`
/// has more modes than `a`, or on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::coalesce;
/// use cute_dynamic::layout::{Layout, Tiler};
/// let one = Tiler::Int(1);
/// let a: Layout = "(2, (1, 6)):(1, (6, 2))".parse().unwrap();
/// assert_eq!(coalesce(&a, &one, &[]).unwrap().to_string(), "12:1");
/// let b: Layout = "(2, 1, 6, 1):(1, 7, 8, 0)".parse().unwrap();
/// assert_eq!(coalesce(&b, &one, &[]).unwrap().to_string(), "(2, 6):(1, 8)");
/// let by_mode = Tiler::Tuple(vec![Tiler::Int(1), Tiler::Int(1)]);
/// assert_eq!(coalesce(&a, &by_mode, &[]).unwrap().to_string(), "(2, 6):(1, 2)");
/// let c: Layout = "(3, (2, 6)):(1, (3, 6))".parse().unwrap();
/// assert_eq!(coalesce(&c, &one, &[1]).unwrap().to_string(), "(3, 12):(1, 3)");
/// assert!(coalesce(&c, &one, &[5]).is_err());
/// ```
pub fn coalesce(a: &Layout, profile: &Tiler, mode: &[usize]) -> Result<Layout> {
    const OP: &str = "coalesce";
    at_mode(OP, a, mode, |m| coalesce_profile(OP, m, profile, false))
}

impl Layout {
    /// The whole layout coalesced: `coalesce(self, 1)`. See [`coalesce`].
    ///
    /// # Errors
    /// `ValueError` on overflow.
    pub fn coalesce(&self) -> Result<Layout> {
        coalesce_whole("coalesce", Parts::of(self), false).map(tree_layout)
    }

    /// The whole layout coalesced, keeping a significant trailing extent-1
    /// mode: `coalesce_z(self, 1)`. See [`coalesce_z`].
    ///
    /// # Errors
    /// `ValueError` on overflow.
    pub fn coalesce_z(&self) -> Result<Layout> {
        coalesce_whole("coalesce_z", Parts::of(self), true).map(tree_layout)
    }
}

#[cfg(test)]
mod tests {
    use super::super::detail::testing::{self as kit, check, Call};
    use super::*;

    fn profile_of(c: &Call) -> Tiler {
        if c.args.len() > 1 {
            c.tiler(1)
        } else {
            Tiler::Int(1)
        }
    }

    #[test]
    fn test_conformance_coalesce() {
        check(&["coalesce", "coalesce_profile"], |c| {
            coalesce(&c.layout(0), &profile_of(c), &c.mode)
        });
    }

    #[test]
    fn test_conformance_coalesce_z() {
        check(&["coalesce_z"], |c| {
            coalesce_z(&c.layout(0), &profile_of(c), &c.mode)
        });
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_coalesce_same_function(a in kit::layout()) {
            let n = kit::size(&a);
            let c = coalesce(&a, &Tiler::Int(1), &[]).unwrap();
            prop_assert_eq!(kit::size(&c), n);
            prop_assert!(c.shape().depth() <= 1);
            for i in 0..n {
                prop_assert_eq!(kit::at(&c, i), kit::at(&a, i));
            }
            // coalesce_z is the same function on every integer, past the end too
            let z = coalesce_z(&a, &Tiler::Int(1), &[]).unwrap();
            prop_assert_eq!(kit::size(&z), n);
            prop_assert!(z.shape().depth() <= 1);
            for i in 0..2 * n + 3 {
                prop_assert_eq!(kit::at(&z, i), kit::at(&a, i));
            }
        }

        #[test]
        fn prop_coalesce_by_mode_keeps_modes(a in kit::layout()) {
            let r = a.shape().rank();
            let profile = Tiler::Tuple(vec![Tiler::Int(1); r]);
            let c = coalesce(&a, &profile, &[]).unwrap();
            prop_assert_eq!(c.shape().rank(), r);
            for i in 0..kit::size(&a) {
                prop_assert_eq!(kit::at(&c, i), kit::at(&a, i));
            }
        }
    }

    #[test]
    fn test_coalesce_errors() {
        let a: Layout = "(3, (2, 6)):(1, (3, 6))".parse().unwrap();
        let e = coalesce(&a, &Tiler::Int(1), &[1, 2]).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
        assert!(e.to_string().contains("coalesce"), "{e}");
        let too_many = Tiler::Tuple(vec![Tiler::Int(1); 3]);
        let e = coalesce(&a, &too_many, &[]).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        assert!(e.to_string().contains("(3, (2, 6))"), "{e}");
    }

    #[test]
    fn test_coalesce_f2_merges_only_powers_of_two() {
        use crate::htuple::HTuple;
        use crate::swizzle::F2;
        let l = |s: Vec<i64>, d: Vec<u64>| {
            Layout::new(
                HTuple::from_leaves(s),
                HTuple::from_leaves(d.into_iter().map(|x| Scalar::F2(F2(x)))),
            )
            .unwrap()
        };
        assert_eq!(
            l(vec![2, 2], vec![1, 2]).coalesce().unwrap().to_string(),
            "4:F1"
        );
        // 3 is not a power of two: F1 * 3 == F3, but F3 ^ F1 != F1 * 4
        assert_eq!(
            l(vec![3, 2], vec![1, 3]).coalesce().unwrap().to_string(),
            "(3, 2):(F1, F3)"
        );
    }
}
