//! Coalesce: the simplest layout that is the same function.
//!
//! Two adjacent modes `s0:d0` and `s1:d1` with `d1 == s0 * d0` walk the
//! codomain as one mode `(s0 * s1):d0`, and a mode of extent 1 contributes
//! nothing, so both can be folded away without changing `L(i)`.
//! [`coalesce_z`] keeps a trailing extent-1 mode whose stride still matters
//! for coordinates past the end (the extended domain); [`coalesce`] drops it,
//! as CuTe C++ does. The coalescing itself is the algebra's one coalescer,
//! [`super::flat::Coalescer`].

use cute_core::{DynInt, Result};

use super::flat::{self, Ones};
use crate::layout::{by_mode, by_tiler, Layout, TilerArg, TilerRef, View};

/// Appends `a` coalesced whole.
fn coalesce_whole<I: DynInt>(
    op: &'static str,
    a: View<'_, I>,
    ones: Ones,
    out: &mut Layout<I>,
) -> Result<()> {
    out.push_flat_with(|m| flat::coalesce_onto(op, a.leaves, m, ones))
}

/// Appends `a` coalesced as `profile` says.
fn coalesce_profile<I: DynInt>(
    op: &'static str,
    a: View<'_, I>,
    profile: TilerRef<'_, I>,
    ones: Ones,
    out: &mut Layout<I>,
) -> Result<()> {
    match profile {
        TilerRef::None => {
            out.push_view(a);
            Ok(())
        }
        TilerRef::Int(_) | TilerRef::Layout(_) => coalesce_whole(op, a, ones, out),
        TilerRef::Tuple(ps) => by_mode(op, a, ps, out, |ai, pi, out| {
            coalesce_profile(op, ai, pi.as_ref(), ones, out)
        }),
    }
}

fn coalesce_impl<'p, I: DynInt>(
    op: &'static str,
    a: &Layout<I>,
    profile: impl Into<TilerArg<'p, I>>,
    mode: &[usize],
    ones: Ones,
) -> Result<Layout<I>> {
    by_tiler(op, a, profile.into().get(), mode, |m, p, out| {
        coalesce_profile(op, m, p, ones, out)
    })
}

/// Coalesces `a` whole into a simpler layout that is the same function on
/// its domain (C++ `cute::coalesce`): extent-1 modes are dropped, a mode
/// whose stride continues the one before it merges into it, and the result
/// is flat (`s:d`, or a depth-1 tuple).
///
/// Over symbols both tests are generic, as PyCuTe's over sympy symbols: a
/// symbolic extent not decided to be 1 stays a mode, and a stride that is
/// not `s0 * d0` as an expression does not merge, so `(M, N):(1, 7)` stays
/// as it is. The result is the same function on its domain for every value
/// of the symbols; at a value where such an extent is 1 (or such a stride
/// continues) it has more modes than the integer answer (`N:7` at `M = 1`),
/// which what reads the structure afterwards (a by-mode tiler, a coordinate
/// stride naming a mode, an index past the end) may see.
///
/// # Post-conditions
/// - `size(result) == size(a)`
/// - `depth(result) <= 1`
/// - `result(i) == a(i)` for `i` in `0..size(a)`
///
/// # Errors
/// `ValueError` on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::coalesce;
/// use cute_dynamic::Layout;
/// let a: Layout = "(2, (1, 6)):(1, (6, 2))".parse().unwrap();
/// assert_eq!(coalesce(&a).unwrap().to_string(), "12:1");
/// let b: Layout = "(2, 1, 6, 1):(1, 7, 8, 0)".parse().unwrap();
/// assert_eq!(coalesce(&b).unwrap().to_string(), "(2, 6):(1, 8)");
/// let big: Layout = "(4611686018427387904, 4):(1, 4611686018427387904)".parse().unwrap();
/// assert!(coalesce(&big).is_err());
/// ```
pub fn coalesce<I: DynInt>(a: &Layout<I>) -> Result<Layout<I>> {
    const OP: &str = "coalesce";
    let mut out = Layout::building();
    coalesce_whole(OP, a.view(), Ones::KeepAlone, &mut out).map_err(|e| e.in_op(OP))?;
    Ok(out)
}

/// [`coalesce`] as `profile` says: an integer (or a layout) coalesces the
/// whole of its mode, a tuple each mode by its own entry, `None` nothing.
///
/// # Post-conditions
/// - `size(result) == size(a)`
/// - `depth(result) <= 1` at each leaf of `profile`
/// - `result(i) == a(i)` for `i` in `0..size(a)`
///
/// # Errors
/// `ValueError` if `profile` has more modes than `a`, or on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::coalesce_by;
/// use cute_dynamic::Layout;
/// let a: Layout = "(2, (1, 6)):(1, (6, 2))".parse().unwrap();
/// assert_eq!(coalesce_by(&a, (1, 1)).unwrap().to_string(), "(2, 6):(1, 2)");
/// assert!(coalesce_by(&a, (1, 1, 1)).is_err());
/// ```
pub fn coalesce_by<'p, I: DynInt>(
    a: &Layout<I>,
    profile: impl Into<TilerArg<'p, I>>,
) -> Result<Layout<I>> {
    coalesce_impl("coalesce", a, profile, &[], Ones::KeepAlone)
}

/// The mode-subscripted `coalesce[mode](a, profile)`: coalesces only the
/// mode `mode` of `a`, as `profile` says, and leaves every other mode alone;
/// `coalesce_at(a, 1, &[1])` is `coalesce_by(a, (None, 1))`.
///
/// # Pre-conditions
/// `mode` names a mode of `a`.
///
/// # Errors
/// `IndexError` if `mode` names no mode of `a`; as [`coalesce_by`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::coalesce_at;
/// use cute_dynamic::Layout;
/// let c: Layout = "(3, (2, 6)):(1, (3, 6))".parse().unwrap();
/// assert_eq!(coalesce_at(&c, 1, &[1]).unwrap().to_string(), "(3, 12):(1, 3)");
/// assert!(coalesce_at(&c, 1, &[5]).is_err());
/// ```
pub fn coalesce_at<'p, I: DynInt>(
    a: &Layout<I>,
    profile: impl Into<TilerArg<'p, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    coalesce_impl("coalesce", a, profile, mode, Ones::KeepAlone)
}

/// Coalesces `a` whole into a maximally merged layout that is the same
/// function on every integer, in and past its domain: like [`coalesce`],
/// but a trailing extent-1 mode is kept when its stride is not the
/// continuation of the mode before it.
///
/// # Post-conditions
/// - `size(result) == size(a)`
/// - `depth(result) <= 1`
/// - `result(i) == a(i)` for all integers `i >= 0`
///
/// # Errors
/// `ValueError` on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::coalesce_z;
/// use cute_dynamic::Layout;
/// let a: Layout = "(2, 1, 6, 1):(1, 7, 8, 0)".parse().unwrap();
/// assert_eq!(coalesce_z(&a).unwrap().to_string(), "(2, 6, 1):(1, 8, 0)");
/// ```
pub fn coalesce_z<I: DynInt>(a: &Layout<I>) -> Result<Layout<I>> {
    // `coalesce_z_at(a, 1, &[])`, without making the tiler `1`
    const OP: &str = "coalesce_z";
    let mut out = Layout::building();
    coalesce_whole(OP, a.view(), Ones::KeepLast, &mut out)
        .and_then(|()| out.check_size(OP))
        .map_err(|e| e.in_op(OP))?;
    Ok(out)
}

/// [`coalesce_z`] as `profile` says, of the mode `mode` of `a` (the whole
/// of `a` for an empty `mode`): the specification's
/// `coalesce_z[mode](a, profile)`.
///
/// # Errors
/// `IndexError` if `mode` names no mode of `a`; `ValueError` if `profile`
/// has more modes than `a`, or on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::coalesce_z_at;
/// use cute_dynamic::Layout;
/// let b: Layout = "(3, (2, 6)):(1, (3, 6))".parse().unwrap();
/// assert_eq!(coalesce_z_at(&b, 1, &[1]).unwrap().to_string(), "(3, 12):(1, 3)");
/// assert!(coalesce_z_at(&b, 1, &[2]).is_err());
/// ```
pub fn coalesce_z_at<'p, I: DynInt>(
    a: &Layout<I>,
    profile: impl Into<TilerArg<'p, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    coalesce_impl("coalesce_z", a, profile, mode, Ones::KeepLast)
}

impl<I: DynInt> Layout<I> {
    /// The whole layout coalesced: [`coalesce`].
    ///
    /// # Errors
    /// `ValueError` on overflow.
    pub fn coalesce(&self) -> Result<Layout<I>> {
        coalesce(self)
    }

    /// The whole layout coalesced, keeping a significant trailing extent-1
    /// mode: [`coalesce_z`].
    ///
    /// # Errors
    /// `ValueError` on overflow.
    pub fn coalesce_z(&self) -> Result<Layout<I>> {
        coalesce_z(self)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{self as kit, check, Call};
    #[allow(unused_imports)]
    use super::super::testkit::{coalesce, coalesce_z};
    use super::*;
    #[allow(unused_imports)]
    use crate::htuple::{HTuple, IntTuple};
    #[allow(unused_imports)]
    use crate::layout::{tiler_to_layout, Tiler};
    #[allow(unused_imports)]
    use crate::typedefs::Scalar;

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
