//! The one limit of every printing and drawing: the number of items it
//! would emit, counted from the sizes before anything is built.
//!
//! An *item* is one thing written out: a cell, a line, a row or column
//! index, a column of a rule. The count is what the output holds, not rows
//! times columns, so a mode of size 0 does not hide the other modes: a
//! `(1000000000, 0)` layout has no cells but would print a billion empty
//! lines, and is refused as such.

use core::fmt;

use cute_core::{Error, Result};

/// The most items [`super::print_tensor`] emits: its cells, its lines and
/// the columns of its rules (a rule between two slices of a tensor of `n`
/// columns counts `n`). A 2048 x 2047 table is within it.
pub const MAX_PRINT_ITEMS: u64 = 1 << 22;

/// The most items [`super::print_table`] and the drawings
/// ([`super::draw_svg`], [`super::draw_svg_tv`], [`super::draw_latex`],
/// [`super::draw_latex_tv`]) emit: their cells, row and column indices, the
/// segments of a table's rules (one per column and rule), and the
/// `(thread, value)` pairs a thread-value drawing visits. A 256 x 256 grid
/// is within it.
pub const MAX_DRAW_ITEMS: u64 = 1 << 18;

/// A count of items that saturates instead of overflowing (so that it
/// still compares correctly with a limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Items(u128);

impl Items {
    pub(crate) const ZERO: Items = Items(0);

    /// A size as a count; a negative size counts nothing (the callers
    /// refuse negative sizes themselves).
    pub(crate) fn of(n: i64) -> Items {
        Items(u128::try_from(n).unwrap_or(0))
    }

    pub(crate) fn add(self, o: Items) -> Items {
        Items(self.0.saturating_add(o.0))
    }

    pub(crate) fn mul(self, o: Items) -> Items {
        Items(self.0.saturating_mul(o.0))
    }
}

impl fmt::Display for Items {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == u128::MAX {
            f.write_str("more than 2**128")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// The items of [`super::print_tensor`] of a tensor whose top-level modes
/// have `sizes` (rank 1 to 4): cells, lines, and the columns of the rules
/// between slices.
pub(crate) fn tensor_items(sizes: &[i64]) -> Items {
    match *sizes {
        [] => Items::ZERO,
        // a column: one line per cell
        [m] => Items::of(m).add(Items::of(m)),
        // rows of cells
        [m, n] => Items::of(m).mul(Items::of(n)).add(Items::of(m)),
        // slices of the last mode, a rule of n columns between two
        _ => {
            let (inner, last) = sizes.split_at(sizes.len() - 1);
            let k = Items::of(last[0]);
            let rules = Items::of(last[0].saturating_sub(1).max(0));
            let rule = Items(1).add(Items::of(sizes[1]));
            k.mul(tensor_items(inner)).add(rules.mul(rule))
        }
    }
}

/// The items of [`super::print_table`] of an `m x n` grid: `(m + 1) x (n +
/// 1)` cells (the indices included) and `m + 2` rules of `n + 1` segments.
pub(crate) fn table_items(m: i64, n: i64) -> Items {
    let (rows, cols) = (Items::of(m).add(Items(1)), Items::of(n).add(Items(1)));
    rows.mul(cols).add(Items::of(m).add(Items(2)).mul(cols))
}

/// The items of a picture of `m x n` cells: the cells, and the `m` row and
/// `n` column indices.
pub(crate) fn picture_items(m: i64, n: i64) -> Items {
    Items::of(m)
        .mul(Items::of(n))
        .add(Items::of(m))
        .add(Items::of(n))
}

/// `Ok` if `items` is within `limit`; else a `ValueError` of `op` naming
/// what was asked (`what`), the count, what it counts (`kinds`) and the
/// limit.
pub(crate) fn check(
    op: &'static str,
    items: Items,
    limit: u64,
    what: &dyn fmt::Display,
    kinds: &str,
) -> Result<()> {
    if items <= Items(u128::from(limit)) {
        return Ok(());
    }
    Err(Error::value(
        op,
        format!("{what} would emit {items} items ({kinds}), more than the limit of {limit}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_counts_saturate_and_compare() {
        assert_eq!(tensor_items(&[4, 8]), Items(36));
        assert_eq!(tensor_items(&[3]), Items(6));
        // two slices of 2 x 3 and one rule of 3 columns (and its line)
        assert_eq!(tensor_items(&[2, 3, 2]), Items(2 * 8 + 4));
        assert_eq!(tensor_items(&[1_000_000_000, 0]), Items(1_000_000_000));
        assert_eq!(
            tensor_items(&[0, 1_000_000_000, 3]),
            Items(2 * 1_000_000_001)
        );
        let huge = tensor_items(&[i64::MAX; 4]);
        assert_eq!(huge, Items(u128::MAX));
        assert_eq!(huge.to_string(), "more than 2**128");
        assert!(check("t", huge, MAX_PRINT_ITEMS, &"x", "y").is_err());
        assert!(check(
            "t",
            Items(MAX_PRINT_ITEMS.into()),
            MAX_PRINT_ITEMS,
            &"x",
            "y"
        )
        .is_ok());
        assert_eq!(table_items(2, 3), Items(3 * 4 + 4 * 4));
        assert_eq!(table_items(0, 1_000_000_000), Items(3 * 1_000_000_001));
        assert_eq!(picture_items(1_000_000_000, 0), Items(1_000_000_000));
        assert_eq!(picture_items(256, 256), Items(65536 + 512));
    }
}
