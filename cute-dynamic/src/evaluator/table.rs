//! Tabulated offsets: an [`Evaluator`]'s in-bounds
//! offsets read from two tables, `L(n) == low[n mod P] + high[n div P]`.

use cute_core::{FastDivmod, Result};

#[cfg(doc)]
use super::Evaluator;
#[cfg(doc)]
use crate::layout::Layout;

/// The offsets of in-bounds coordinates in two tables: with the leaves split
/// after a prefix whose product is `P`, `L(n) == low[n mod P] + high[n div P]`
/// for `0 <= n < size`.
#[derive(Clone, Debug)]
pub(super) struct Tables {
    /// Division by `P`.
    pub(super) split: FastDivmod,
    /// `P` is a power of two: `log2 P` and `P - 1`.
    pub(super) pow2: bool,
    pub(super) shift: u32,
    pub(super) mask: u64,
    /// `P` offsets of the first leaves, colexicographic.
    pub(super) low: Box<[i64]>,
    /// `size / P` offsets of the remaining leaves, colexicographic.
    pub(super) high: Box<[i64]>,
}

impl Tables {
    /// The tables of the leaves `pairs` (whose extents multiply to
    /// `size > 0` and whose in-bounds offsets fit an `i64`), split after
    /// the prefix that best balances the two halves, if both have at most
    /// `max_entries` entries (capped at [`MAX_TABLE_LIMIT`]).
    pub(super) fn new(
        pairs: &[(i64, i64)],
        size: i64,
        max_entries: usize,
    ) -> Result<Option<Tables>> {
        if max_entries == 0 {
            return Ok(None);
        }
        let limit = i64::try_from(max_entries.min(MAX_TABLE_LIMIT)).unwrap_or(i64::MAX);
        let mut best: Option<(usize, i64, i64)> = None;
        let mut prefix = 1i64;
        for j in 0..=pairs.len() {
            if j > 0 {
                prefix *= pairs[j - 1].0; // divides size: no overflow, never 0
            }
            let cost = prefix.max(size / prefix);
            if cost <= limit && best.is_none_or(|(_, _, c)| cost < c) {
                best = Some((j, prefix, cost));
            }
        }
        let Some((j, p, _)) = best else {
            return Ok(None);
        };
        let split = FastDivmod::from_i64(p)?;
        Ok(Some(Tables {
            split,
            pow2: split.log2().is_some(),
            shift: split.log2().unwrap_or(0),
            mask: (p as u64).wrapping_sub(1),
            low: offsets(&pairs[..j]).into(),
            high: offsets(&pairs[j..]).into(),
        }))
    }

    /// `L(n)` for `n < size`.
    #[inline(always)]
    pub(super) fn eval(&self, n: u64) -> i64 {
        let (q, r) = if self.pow2 {
            (n >> self.shift, n & self.mask)
        } else {
            self.split.divmod(n)
        };
        // In bounds, r < P == low.len() and q < size / P == high.len().
        self.low[r as usize].wrapping_add(self.high[q as usize])
    }
}

/// Offsets of every coordinate of the leaves `leaves`, colexicographic:
/// `offsets(&leaves[..=k])` is `e_k` copies of `offsets(&leaves[..k])`, the
/// `c`-th shifted by `c * s_k`. The caller guarantees that every offset fits
/// an `i64` and that the count is small: at most [`MAX_TABLE_LIMIT`]
/// (checked in debug builds, before anything is allocated).
pub(super) fn offsets(leaves: &[(i64, i64)]) -> Vec<i64> {
    debug_assert!(
        leaves
            .iter()
            .try_fold(1i64, |n, &(e, _)| n.checked_mul(e.max(1)))
            .is_some_and(|n| usize::try_from(n).is_ok_and(|n| n <= MAX_TABLE_LIMIT)),
        "a table of the offsets of {leaves:?} would exceed {MAX_TABLE_LIMIT} entries"
    );
    let mut table = vec![0i64];
    for &(e, s) in leaves {
        let below = table.len();
        for c in 1..e {
            for i in 0..below {
                table.push(table[i] + c * s);
            }
        }
    }
    table
}

/// The largest table [`Layout::evaluator`] builds: 256 offsets a half, so
/// at most 4 KiB per plan, for layouts (and modes) of up to 65536
/// coordinates.
pub const DEFAULT_TABLE_LIMIT: usize = 256;

/// The cap on the limit of [`Evaluator::with_table_limit`]: 2^20 offsets a
/// half, so at most 16 MiB for the integral coordinates, whatever limit is
/// asked for (a larger one is this one; the tables only ever change the
/// speed). The plans of the modes tabulate at most
/// [`DEFAULT_TABLE_LIMIT`] offsets a half.
pub const MAX_TABLE_LIMIT: usize = 1 << 20;
