//! The left inverse: the nonzero strides' ordered chain, its gaps stretched
//! over the holes in A's image.

use cute_core::{DynInt, Error, Result};
use smallvec::SmallVec;

use super::{axis_links, codomain, int_links, push_modes, sort_links, Chain, Codomain, Link, LEFT};
use crate::algebra::flat::{
    axes, axis_profile, build_by_axis, is_one, prefix_products, sort_modes_by_key, Modes,
};
use crate::layout::{Layout, INLINE};
use crate::swizzle::F2;
use crate::typedefs::Scalar;

/// The left inverse of a layout: a layout `L` with `A(L(A(k))) == A(k)`; for
/// an injective `A`, `L(A(k)) == k` (Whitepaper, §3.4).
///
/// The nonzero strides, sorted `d_0 < d_1 < ...` with extents `s_0, s_1,
/// ...` and prefix products `p_0, p_1, ...`, give
/// `L = coalesce((d_0, d_1 / d_0, ..., d_n / d_{n-1}, s_n) : (0, p_0, ..., p_n))`:
/// each gap between strides stretches an extent of `L` so that it covers the
/// holes in `A`'s image. A coordinate codomain is inverted axis by axis, and
/// the result is nested as the codomain is.
///
/// # Pre-conditions
/// `A`'s nonzero strides form an ordered chain: each is positive, divides the
/// next (`d_{k-1} | d_k`) and `d_k >= d_{k-1} * s_{k-1}`. This is sufficient
/// but not necessary for injectivity. An F2-strided `A` is supported only
/// where every gap is 1, i.e. `d_0 == F2(1)` and `d_k == d_{k-1} * s_{k-1}`,
/// and every extent of that chain but the last is a power of two; its left
/// inverse has integer strides (its codomain is `A`'s domain), so
/// `left_inverse(4:F1)` is `4:1`.
///
/// Over symbols, whether an extent is 1 is decided, not taken generically:
/// skipping a mode of extent 1 changes the gaps, so an extent that may be 1
/// is `Undecidable` (`left_inverse(M:1)`: whether `M > 1`), as are the
/// chain's conditions; only the result's coalescing reads canonical forms,
/// as [`coalesce`](fn@crate::algebra::coalesce) does.
///
/// # Post-conditions
/// `A(result(A(i))) == A(i)` for `i` in `0..size(A)`.
///
/// # Errors
/// `ValueError` if the pre-condition fails (overlapping or unchainable
/// strides, an F2 gap), or on overflow; `Undecidable` for a condition on
/// symbols.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::left_inverse;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(left_inverse(&l("(4, 8):(1, 4)")).unwrap(), l("32:1"));
/// assert_eq!(left_inverse(&l("(4, 8):(8, 1)")).unwrap(), l("(8, 4):(4, 1)"));
/// assert_eq!(left_inverse(&l("(4, 8):(1, 5)")).unwrap(), l("(5, 8):(1, 4)"));
/// assert_eq!(left_inverse(&l("4:F1")).unwrap(), l("4:1"));
/// assert!(left_inverse(&l("(4, 3):(3, 2)")).is_err());
/// ```
pub fn left_inverse<I: DynInt>(a: &Layout<I>) -> Result<Layout<I>> {
    let mut out = Layout::building();
    left_inverse_into(a, &mut out).map_err(|e| e.in_op(LEFT))?;
    Ok(out)
}

fn left_inverse_into<I: DynInt>(a: &Layout<I>, out: &mut Layout<I>) -> Result<()> {
    let modes = a.leaves();
    let mut prefix = SmallVec::new();
    prefix_products(LEFT, modes, &mut prefix)?;
    match codomain(modes) {
        Codomain::Int => {
            let mut chain = Chain::new();
            int_links(modes, &prefix, &mut chain);
            left_chain(a, &mut chain, out)?
        }
        Codomain::F2 => {
            let known = a.known(LEFT)?;
            out.with_known(|out| f2_left_inverse(&known, out))?;
        }
        Codomain::Coord => {
            let profile = axis_profile(&axes(modes), 0);
            build_by_axis(&profile, &mut Vec::new(), out, &mut |path, out| {
                let mut chain = Chain::new();
                axis_links(modes, &prefix, path, &mut chain, |d| {
                    Err(Error::NotInjective {
                        op: LEFT,
                        msg: format!("{a:?}: stride {d} is not a single coordinate axis"),
                    })
                })?;
                left_chain(a, &mut chain, out)
            })?;
            // its extents cover A's codomain, which must be countable (on
            // each axis, `left_chain` checks it; the axes together, here)
            out.check_size(LEFT)?;
        }
    }
    Ok(())
}

/// Builds the left inverse of one chain of `(stride, extent, prefix)`
/// links, appending it.
pub(crate) fn left_chain<I: DynInt>(
    a: &Layout<I>,
    chain: &mut [Link<I>],
    out: &mut Layout<I>,
) -> Result<()> {
    sort_links(LEFT, chain)?;
    let zero = I::from_i64(0);
    push_modes(LEFT, out, |res| {
        let mut prev: Option<&Link<I>> = None;
        for link in chain.iter() {
            let (d, s, _) = link;
            if d.is_const(0) || is_one(s)? {
                continue;
            }
            if d.int_cmp(&zero)?.is_lt() {
                return Err(Error::NotInjective {
                    op: LEFT,
                    msg: format!("{a:?}: negative stride {d} cannot be chained"),
                });
            }
            match prev {
                None => res.push(d.clone(), Scalar::zero())?,
                Some((pd, ps, pp)) => {
                    let end = pd.int_mul(ps);
                    let apart = match &end {
                        Ok(e) => pd.int_divides(d)? && d.int_cmp(e)?.is_ge(),
                        Err(_) => false,
                    };
                    if !apart {
                        return Err(Error::NotInjective {
                            op: LEFT,
                            msg: format!(
                            "{a:?}: strides {pd} (extent {ps}) and {d} do not form an ordered chain"
                        ),
                        });
                    }
                    res.push(d.int_div(pd)?, Scalar::Int(pp.clone()))?;
                }
            }
            prev = Some(link);
        }
        if let Some((d, s, p)) = prev {
            // the extents of the result multiply to `d_n * s_n`: the end of
            // A's codomain must be countable
            d.int_mul(s).map_err(|e| e.in_op(LEFT))?;
            res.push(s.clone(), Scalar::Int(p.clone()))?;
        }
        Ok(())
    })
}

/// The left inverse of an F2 chain whose gaps are all 1.
fn f2_left_inverse(a: &Layout, l: &mut Layout) -> Result<()> {
    let modes = a.leaves();
    let mut prefix = SmallVec::new();
    prefix_products(LEFT, modes, &mut prefix)?;
    let mut chain: SmallVec<[(u64, i64, i64); INLINE]> = SmallVec::new();
    for (&(s, ref d), &p) in modes.iter().zip(prefix.iter()) {
        match d {
            Scalar::F2(F2(0)) | Scalar::Int(0) => {}
            Scalar::F2(F2(d)) => {
                if s != 1 {
                    chain.push((*d, s, p));
                }
            }
            other => {
                return Err(Error::type_error(
                    LEFT,
                    format!("{a:?}: stride {other} mixes with F2 strides"),
                ))
            }
        }
    }
    sort_modes_by_key(&mut chain, |m| m.0);
    let mut cur = F2(1);
    let mut out: Modes<i64> = Modes::new();
    let last = chain.len().saturating_sub(1);
    for (k, &(d, s, p)) in chain.iter().enumerate() {
        if k < last && (s <= 0 || s & (s - 1) != 0) {
            // `F(d) * s` then has several bits, and the next stride overlaps
            // this mode's values: (3, 3):(F1, F3) maps (1, 1) and (2, 0) to F2
            return Err(Error::NotInjective {
                op: LEFT,
                msg: format!(
                    "{a:?}: the F2 chain has a mode of extent {s}, not a power of two, before its last mode; its values overlap the next mode's"
                ),
            });
        }
        if F2(d) != cur {
            return Err(Error::NotInjective {
                op: LEFT,
                msg: format!(
                    "{a:?}: F2 stride F{d} leaves a gap after {cur}; F2 quotients are carry-less, so only gaps of 1 are supported"
                ),
            });
        }
        out.push((s, Scalar::Int(p)));
        cur = F2(d).clmul(F2(s as u64))?;
    }
    push_modes(LEFT, l, |c| {
        out.into_iter().try_for_each(|(s, d)| c.push(s, d))
    })
}
