//! The complement's chain: A's modes sorted by stride, `d_0 <= d_1 <= ...`
//! with extents `s_k`, fill each gap between the extent covered so far
//! `c_k = d_(k-1) * s_(k-1)` (`c_0 = 1`) and the next stride with the mode
//! `(d_k / c_k) : c_k`. A mode of extent 1 covers nothing and is skipped
//! (unless its stride is the extent covered, where skipping it changes
//! nothing); a stride below the extent covered overlaps the modes before it.
//!
//! # Examples
//! ```
//! use cute_core::kernel::coalesce::{Coalescer, ModeArray, Ones};
//! use cute_core::kernel::complement::chain;
//! // (2, 2):(1, 6): the gaps 1 (before stride 1) and 3 (from 2 to 6)
//! let mut out = ModeArray::<4>::new();
//! let mut c = Coalescer::new("complement", &mut out, Ones::KeepLast);
//! let covered = chain([(&1_i64, &2_i64), (&6, &2)], &mut c, |x| x).unwrap();
//! c.push(1, covered).unwrap(); // the free complement's last mode
//! c.finish().unwrap();
//! assert_eq!((covered, out.modes()), (12, &[(3, 2), (1, 12)][..]));
//! ```

use super::coalesce::{CoalesceStride, Coalescer, ModeSink};
use super::compose::is_one;
use crate::{DynInt, Error};

/// Why a chain stops.
#[derive(Clone, Debug, PartialEq)]
pub enum ChainError<I> {
    /// The mode `extent:stride` starts inside the `covered` offsets the
    /// modes of smaller stride cover: A is not injective there.
    Overlap {
        /// The mode's extent.
        extent: I,
        /// Its stride.
        stride: I,
        /// The extent covered before it.
        covered: I,
    },
    /// An error of the integers' operations or of the coalescer.
    Other(Error),
}

impl<I> From<Error> for ChainError<I> {
    #[inline]
    fn from(e: Error) -> Self {
        ChainError::Other(e)
    }
}

/// Pushes the gaps of the chain of `sorted` (`(stride, extent)` pairs,
/// sorted by stride) into `c`, each at the stride `stride_of(c_k)`, and
/// returns the extent the modes cover, `c_n`.
///
/// # Errors
/// [`ChainError::Overlap`] for a stride below the extent covered (by a mode
/// of extent other than 1); [`ChainError::Other`] for an error of the
/// integers' operations (an overflow, a symbolic decision the assumptions
/// do not settle) or of the coalescer.
#[inline]
pub fn chain<'x, I, S, K>(
    sorted: impl IntoIterator<Item = (&'x I, &'x I)>,
    c: &mut Coalescer<'_, I, S, K>,
    stride_of: impl Fn(I) -> S,
) -> Result<I, ChainError<I>>
where
    I: DynInt + 'x,
    S: CoalesceStride<I>,
    K: ModeSink<S, I>,
{
    let mut current = I::from_i64(1);
    for (d, s) in sorted {
        if s.is_const(1) {
            continue;
        }
        let ord = d.int_cmp(&current)?;
        if !ord.is_eq() && is_one(s)? {
            continue;
        }
        if ord.is_lt() {
            return Err(ChainError::Overlap {
                extent: s.clone(),
                stride: d.clone(),
                covered: current,
            });
        }
        // (the first gap is the stride itself: no division by 1, whose
        // latency the chain would wait for)
        let gap = if current.is_const(1) {
            d.clone()
        } else {
            d.int_div(&current)?
        };
        c.push(gap, stride_of(current.clone()))?;
        current = s.int_mul(d)?;
    }
    Ok(current)
}
