//! Right and left inverses of a layout (Whitepaper, §3.4).
//!
//! A layout `A` maps its domain `[0, size(A))` to a codomain. A *right
//! inverse* `R` walks part of that codomain and returns the coordinates `A`
//! sends there, so `A(R(k)) == k` on the part `R` covers; the largest one
//! follows each codomain axis's chain of strides from 1 upwards while every
//! stride is exactly the extent covered so far. A *left inverse* `L` undoes
//! `A` on its whole domain, `L(A(k)) == k` for an injective `A`, and stretches
//! its own extents over the holes in `A`'s image to do so.
//!
//! Three codomains are handled: the integers (integer strides, symbolic
//! ones included, each condition of the chain decided or `Undecidable`),
//! coordinate spaces `Z^S` (arithmetic-tuple strides `k * E(i)`, each axis
//! inverted on its own) and F2 (swizzle strides, where a stride may also
//! carry bits the chain already covers, since XOR permutes them; machine
//! integers only).

pub(crate) mod left;
pub(crate) mod right;
mod right_f2;

#[cfg(test)]
mod tests;

pub use left::left_inverse;
pub use right::right_inverse;

use cute_core::sym::spec_order_key;
use cute_core::{DynInt, Result};
use smallvec::SmallVec;

use super::flat::{sort_by_stride_value, Coalescer, Ones};
use crate::layout::{Layout, Mode, INLINE};
use crate::typedefs::Scalar;

const RIGHT: &str = "right_inverse";
const LEFT: &str = "left_inverse";

/// One link of a chain: `(stride, extent, prefix product)` of a mode.
pub(crate) type Link<I> = (I, I, I);

/// A list of links, inline up to [`INLINE`].
pub(crate) type Chain<I> = SmallVec<[Link<I>; INLINE]>;

/// Which codomain the strides of a layout live in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Codomain {
    /// The integers (also: every stride zero).
    Int,
    /// F2: XOR swizzle strides.
    F2,
    /// A coordinate space: arithmetic-tuple strides.
    Coord,
}

fn codomain<I: DynInt>(modes: &[Mode<I>]) -> Codomain {
    let mut kind = Codomain::Int;
    for (_, d) in modes {
        match d {
            Scalar::Arith(_) => return Codomain::Coord,
            Scalar::F2(_) => kind = Codomain::F2,
            Scalar::Int(_) => {}
        }
    }
    kind
}

/// Writes the links of the integer strides of `modes` into `out`.
pub(crate) fn int_links<I: DynInt>(modes: &[Mode<I>], prefix: &[I], out: &mut Chain<I>) {
    for ((s, d), p) in modes.iter().zip(prefix) {
        if let Scalar::Int(d) = d {
            out.push((d.clone(), s.clone(), p.clone()));
        }
    }
}

/// The links of a coordinate layout along the axis `path`, as
/// `(coefficient, extent, prefix)`, with zero-stride modes dropped; `bad`
/// decides about a mode that touches the axis but is not a single term on
/// it.
fn axis_links<I: DynInt>(
    modes: &[Mode<I>],
    prefix: &[I],
    path: &[usize],
    out: &mut Chain<I>,
    mut bad: impl FnMut(&Scalar<I>) -> Result<()>,
) -> Result<()> {
    for ((s, d), p) in modes.iter().zip(prefix) {
        match d {
            Scalar::Arith(a) => match a.single_term() {
                Some((k, q)) if q == path => out.push((I::from_i64(k), s.clone(), p.clone())),
                Some(_) => {}
                None if a.is_zero() => {}
                None => bad(d)?,
            },
            _ if d.is_zero() => {}
            other => bad(other)?,
        }
    }
    Ok(())
}

/// Sorts links by stride value, stably (see
/// [`sort_by_stride_value`]).
///
/// # Errors
/// `Undecidable` (of `op`) when the order of two symbolic strides is.
pub(crate) fn sort_links<I: DynInt>(op: &'static str, chain: &mut [Link<I>]) -> Result<()> {
    sort_by_stride_value(op, chain, |x| &x.0, |x| spec_order_key(&x.0))
}

/// Appends the modes `f` pushes, coalesced, as a flat layout: `1:0` for
/// none.
fn push_modes<I: DynInt, const N: usize>(
    op: &'static str,
    out: &mut Layout<I, N>,
    f: impl FnOnce(&mut Coalescer<'_, I, N>) -> Result<()>,
) -> Result<()> {
    out.push_flat_with(|m| {
        let mut c = Coalescer::new(op, m, Ones::KeepAlone);
        f(&mut c)?;
        c.finish()
    })
}

impl<I: DynInt> Layout<I> {
    /// The largest right inverse of `self`: [`right_inverse`].
    ///
    /// # Errors
    /// As [`right_inverse`].
    pub fn right_inverse(&self) -> Result<Layout<I>> {
        right_inverse(self)
    }

    /// A left inverse of `self`: [`left_inverse`].
    ///
    /// # Errors
    /// As [`left_inverse`].
    pub fn left_inverse(&self) -> Result<Layout<I>> {
        left_inverse(self)
    }
}
