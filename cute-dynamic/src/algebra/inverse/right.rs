//! The largest right inverse: each codomain axis's chain of strides from 1
//! upwards, over the integers and coordinate spaces.

use cute_core::{DynInt, Result};
use smallvec::SmallVec;

use super::right_f2::f2_right_inverse;
use super::{
    axis_links, codomain, int_links, push_modes, sort_links, Chain, Codomain, Link, RIGHT,
};
use crate::algebra::flat::{axes, axis_profile, build_by_axis, is_one, prefix_products};
use crate::layout::Layout;
use crate::typedefs::Scalar;

/// The largest right inverse of a layout: the largest injective layout `R`
/// that undoes `A` on the part of `A`'s image it covers (Whitepaper, §3.4).
///
/// Each codomain axis is inverted by following its chain of strides in
/// increasing order: a mode continues the chain only if its stride is exactly
/// the running extent `d_{k-1} * s_{k-1}` (over Z and Z^S). Over F2 a stride
/// may also carry any component the covered modes already span, as long as
/// that component stays inside the covered range across the mode's whole
/// extent; where it does not, the chain stops (as the specification says).
/// A mode that does not extend the chain is skipped and the chain goes on
/// with the next mode that does, as CuTe C++ does: extent-1 and zero-stride
/// modes, a stride below the running extent (it overlaps what the chain
/// covers), and over F2 a mode whose prefix product is not a power of two
/// (no F2 stride of `R` reaches it). So `right_inverse((2, 3, 4):(1, 1, 2))`
/// is `(2, 4):(1, 6)`: the mode `3:1` overlaps `2:1` and is skipped. Over F2
/// a mode whose extent is not a power of two extends the chain and ends it
/// (the range it covers is not closed under XOR, so no stride can follow):
/// `right_inverse((4, (4, 3)):(F1, (F5, F16)))` is `(4, 4, 3):(F1, F5,
/// F16)`. The chain also stops where no F2 stride of `R` would map back
/// through `A`: a carry whose inverse leaves the indices on which `A` is
/// XOR-linear. An integer or F2 codomain gives a flat, coalesced `R`; a
/// coordinate codomain gives one coalesced `R` per axis, nested as the
/// codomain is.
///
/// Over symbols, the strides sort by value where the assumptions decide
/// their order (`M` before `2*M`), and whether a stride is below, at or past
/// the running extent is decided; what is not is `Undecidable`. A symbolic
/// extent not decided to be 1 is taken to be another, as by
/// [`coalesce`](fn@crate::algebra::coalesce) (and the result is coalesced so):
/// `right_inverse(M:1)` is `M:1`, the same function on its domain as the
/// integers' `1:0` at `M = 1`, but not past its end.
///
/// # Pre-conditions
/// None: every layout has a right inverse (at worst `1:0`).
///
/// # Post-conditions
/// `result(A(result(i))) == result(i)` for `i` in `0..size(result)`; over
/// the integers, `A(result(i)) == i`.
///
/// # Errors
/// `ValueError` if a prefix product or a running extent overflows `i64`;
/// `TypeError` for F2 strides beside symbolic extents.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::right_inverse;
/// use cute_dynamic::{ErrorClass, Layout, Scalar};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(right_inverse(&l("(4, 8):(1, 4)")).unwrap(), l("32:1"));
/// assert_eq!(right_inverse(&l("(4, 8):(8, 1)")).unwrap(), l("(8, 4):(4, 1)"));
/// assert_eq!(right_inverse(&l("(4, 8):(1, 5)")).unwrap(), l("4:1"));
/// assert_eq!(right_inverse(&l("(2, 3, 4):(1, 1, 2)")).unwrap(), l("(2, 4):(1, 6)"));
/// assert_eq!(right_inverse(&l("2:0")).unwrap(), l("1:0"));
/// assert_eq!(right_inverse(&l("(8, 8):(F1, F9)")).unwrap(), l("(8, 8):(F1, F9)"));
/// assert_eq!(right_inverse(&l("(8, 8):(F9, F1)")).unwrap(), l("(8, 8):(F8, F9)"));
/// // an extent that is not a power of two ends an F2 chain
/// assert_eq!(right_inverse(&l("(4, (4, 3)):(F1, (F5, F16))")).unwrap(),
///            l("(4, 4, 3):(F1, F5, F16)"));
/// // A coordinate codomain inverts each axis on its own.
/// assert_eq!(right_inverse(&l("(4, 4):(2@0, 1@1)")).unwrap(), l("(1, 4):(0, 4)"));
/// // An extent whose prefix product overflows is an error, not a wrapped number.
/// let big = Layout::from_modes([(1 << 62, Scalar::Int(1)), (4, Scalar::Int(0)), (2, Scalar::Int(0))]).unwrap();
/// assert_eq!(right_inverse(&big).unwrap_err().class(), ErrorClass::ValueError);
/// ```
pub fn right_inverse<I: DynInt>(a: &Layout<I>) -> Result<Layout<I>> {
    let mut out = Layout::building();
    right_inverse_into(a, &mut out).map_err(|e| e.in_op(RIGHT))?;
    Ok(out)
}

fn right_inverse_into<I: DynInt>(a: &Layout<I>, out: &mut Layout<I>) -> Result<()> {
    let modes = a.leaves();
    let mut prefix = SmallVec::new();
    prefix_products(RIGHT, modes, &mut prefix)?;
    match codomain(modes) {
        Codomain::Int => {
            let mut chain = Chain::new();
            int_links(modes, &prefix, &mut chain);
            int_chain(&mut chain, out)?
        }
        Codomain::F2 => {
            let known = a.known(RIGHT)?;
            out.with_known(|out| f2_right_inverse(&known, out))?;
        }
        Codomain::Coord => {
            let profile = axis_profile(&axes(modes), 0);
            build_by_axis(&profile, &mut Vec::new(), out, &mut |path, out| {
                let mut chain = Chain::new();
                axis_links(modes, &prefix, path, &mut chain, |_| Ok(()))?;
                int_chain(&mut chain, out)
            })?;
            // a coordinate codomain's axes together may not be countable
            // (elsewhere the result's extents are some of A's)
            out.check_size(RIGHT)?;
        }
    }
    Ok(())
}

/// Follows an integer chain, given as `(stride, extent, prefix)` links in
/// the domain's order: sorted by stride (stable), each mode of stride equal
/// to the running extent contributes `extent:prefix`; a mode that does not
/// extend the chain (zero stride, extent 1, or a stride below the running
/// extent, which overlaps what the chain covers) is skipped, and the chain
/// goes on with the next mode that does, as CuTe C++ does. (Past a stride
/// above the running extent, every stride is: the chain ends there.) A mode
/// of extent 0, or one whose prefix is 0 (after an extent 0 in the
/// domain's order), ends the chain: no coordinate of it maps back. The
/// result is coalesced.
pub(crate) fn int_chain<I: DynInt>(chain: &mut [Link<I>], out: &mut Layout<I>) -> Result<()> {
    sort_links(RIGHT, chain)?;
    push_modes(RIGHT, out, |res| {
        let mut cur = I::from_i64(1);
        for (d, s, p) in chain.iter() {
            if d.is_const(0) || s.is_const(1) {
                continue;
            }
            // a mode of extent 0 covers nothing, and a mode after one in
            // the domain's order (A's size is then 0) has no coordinate to
            // return, every one mapping to A's index 0: the chain ends
            // there (at worst, `1:0`)
            if s.is_const(0) || p.is_const(0) {
                break;
            }
            match d.int_cmp(&cur)? {
                core::cmp::Ordering::Less => continue,
                // past a gap the chain ends, unless this mode, of extent
                // 1, is skipped
                core::cmp::Ordering::Greater if is_one(s)? => continue,
                core::cmp::Ordering::Greater => break,
                core::cmp::Ordering::Equal => {}
            }
            res.push(s.clone(), Scalar::Int(p.clone()))?;
            cur = s.int_mul(d).map_err(|e| e.in_op(RIGHT))?;
        }
        Ok(())
    })
}
