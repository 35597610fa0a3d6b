//! `print_table`: a rank-2 layout or tensor as one bordered grid.

use cute_core::Result;

use super::budget::{self, MAX_DRAW_ITEMS};
use super::{mode_sizes, pad_left, pad_right, print_type, Cells};

/// Renders a rank-2 layout or tensor as a single bordered grid, one cell per
/// coordinate, with the column indices as a header row and the row indices
/// as a first column (the specification's `print_table`; the grid is the
/// one of the `tabulate` package's `grid` format, which the specification
/// uses). A layout's cells are its values, a tensor's its elements; with
/// `print_type` the `Shape:Stride` header comes first. Input of another rank
/// falls back to a plain print: the header line alone, which is what
/// printing the object shows.
///
/// Every column is as wide as its widest entry plus a space on each side;
/// a column of numbers is right-aligned, any other left-aligned; the header
/// row is separated by `=`, the other rows by `-`.
///
/// # Errors
/// As [`super::print_tensor`]; `ValueError` for more than
/// [`super::MAX_DRAW_ITEMS`] items to print: `(m + 1) x (n + 1)` cells, the
/// indices included, and `m + 2` rules of `n + 1` segments.
///
/// # Examples
/// ```
/// use cute_dynamic::viz::print_table;
/// use cute_dynamic::Layout;
/// let l: Layout = "(2, 3):(1, 2)".parse().unwrap();
/// assert_eq!(print_table(&l, true).unwrap(), "\
/// (2, 3):(1, 2)
/// +---+---+---+---+
/// |   | 0 | 1 | 2 |
/// +===+===+===+===+
/// | 0 | 0 | 2 | 4 |
/// +---+---+---+---+
/// | 1 | 1 | 3 | 5 |
/// +---+---+---+---+
/// ");
/// let v: Layout = "(2, 3, 2):(1, 2, 6)".parse().unwrap();
/// assert_eq!(print_table(&v, false).unwrap(), "(2, 3, 2):(1, 2, 6)\n");
/// ```
pub fn print_table(x: &impl Cells, print_type: bool) -> Result<String> {
    let layout = x.layout();
    if layout.rank() != 2 {
        return Ok(format!("{}\n", self::print_type(x)));
    }
    let sizes = mode_sizes(layout)?;
    let (m, n) = (sizes[0], sizes[1]);
    let what = format_args!("a grid of {m} x {n} cells");
    budget::check(
        "print_table",
        budget::table_items(m, n),
        MAX_DRAW_ITEMS,
        &what,
        "cells, indices and rule segments",
    )?;
    // columns: the row index, then one per column of the layout
    let mut columns: Vec<Vec<String>> = Vec::with_capacity(usize::try_from(n).unwrap_or(0) + 1);
    columns.push(
        std::iter::once(String::new())
            .chain((0..m).map(|i| i.to_string()))
            .collect(),
    );
    for j in 0..n {
        let mut col = vec![j.to_string()];
        for i in 0..m {
            col.push(x.label(&[i, j])?);
        }
        columns.push(col);
    }
    let numeric = |s: &str| s.is_empty() || s.parse::<f64>().is_ok();
    let widths: Vec<usize> = columns
        .iter()
        .map(|c| c.iter().map(|s| s.chars().count()).max().unwrap_or(0))
        .collect();
    let right: Vec<bool> = columns
        .iter()
        .map(|c| c[1..].iter().all(|s| numeric(s)))
        .collect();
    let rule = |fill: char| {
        let mut s = String::from("+");
        for &w in &widths {
            s.extend(std::iter::repeat_n(fill, w + 2));
            s.push('+');
        }
        s.push('\n');
        s
    };
    let row = |r: usize| {
        let mut s = String::from("|");
        for (k, c) in columns.iter().enumerate() {
            s.push(' ');
            if right[k] {
                pad_left(&mut s, &c[r], widths[k]);
            } else {
                pad_right(&mut s, &c[r], widths[k]);
            }
            s.push_str(" |");
        }
        s.push('\n');
        s
    };
    let mut out = String::new();
    if print_type {
        out.push_str(&self::print_type(x));
        out.push('\n');
    }
    out.push_str(&rule('-'));
    out.push_str(&row(0));
    out.push_str(&rule('='));
    for r in 1..=m as usize {
        out.push_str(&row(r));
        out.push_str(&rule('-'));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tensor::{identity_tensor, make_tensor};
    use crate::Layout;

    #[test]
    fn test_print_table_wide_values_and_tensors() {
        let l: Layout = "(2, 2):(100, 1)".parse().unwrap();
        assert_eq!(
            print_table(&l, false).unwrap(),
            "+---+-----+-----+\n|   |   0 |   1 |\n+===+=====+=====+\n| 0 |   0 |   1 |\n\
             +---+-----+-----+\n| 1 | 100 | 101 |\n+---+-----+-----+\n"
        );
        let mut t = make_tensor::<f64>(&"(1, 2):(2, 1)".parse().unwrap()).unwrap();
        t.set_at(1, 2.5).unwrap();
        assert_eq!(
            print_table(&t, true).unwrap(),
            "(1, 2):(2, 1)\n+---+---+-----+\n|   | 0 |   1 |\n+===+===+=====+\n| 0 | 0 | 2.5 |\n+---+---+-----+\n"
        );
        // a grid too large to read is refused
        let big: Layout = "(1000, 1000):(1, 1000)".parse().unwrap();
        assert!(print_table(&big, false).is_err());
        // a grid of no cells but a billion columns is a billion indices
        let flat: Layout = "(0, 1000000000):(1, 1)".parse().unwrap();
        assert!(print_table(&flat, false).is_err());
        // coordinates are text: left-aligned
        let i = identity_tensor(&"(2, 2)".parse().unwrap()).unwrap();
        assert_eq!(
            print_table(&i, false).unwrap(),
            "+---+-----+--------+\n|   | 0   | 1      |\n+===+=====+========+\n| 0 | 0   | 1@1    |\n\
             +---+-----+--------+\n| 1 | 1@0 | (1, 1) |\n+---+-----+--------+\n"
        );
    }
}
