//! Visualization: layouts and tensors rendered as text and pictures.
//!
//! A layout of rank 1 to 4 is shown as a table of the values it takes, each
//! cell the offset (or coordinate, or F2 value) at that coordinate: a layout
//! read as an implicit tensor whose element at `c` is `L(c)`. A tensor is
//! shown the same way, each cell the element stored there. Both are
//! [`Cells`]: a layout to walk and a label per coordinate.
//!
//! - [`print_tensor`]: the specification's `print_tensor`, rows of cells
//!   (ranks 1 to 4);
//! - [`print_table`]: a bordered grid with row and column indices (rank 2);
//! - [`print_type`]: the header both print, `Shape:Stride`;
//! - [`draw_svg`] / [`draw_svg_tv`]: SVG pictures of a layout or tensor, and
//!   of a thread-value layout;
//! - [`draw_latex`] / [`draw_latex_tv`]: the same as TikZ documents
//!   (CuTe C++'s `print_latex`), compiled to PDF when `pdflatex` is there;
//! - [`colors`]: the color functors of the pictures.
//!
//! ```
//! use cute_dynamic::htuple::HTuple;
//! use cute_dynamic::viz::print_tensor;
//! use cute_dynamic::{Layout, Scalar};
//! let l = Layout::new(HTuple::from_leaves([2, 3]), HTuple::from_leaves([1, 2].map(Scalar::Int))).unwrap();
//! assert_eq!(print_tensor(&l, true).unwrap(), "(2, 3):(1, 2)\n0     2     4\n1     3     5\n");
//! ```

use core::fmt;

use cute_core::{Error, Result};

use crate::accessor::Accessor;
use crate::htuple::HTuple;
use crate::layout::Layout;
use crate::tensor::Tensor;
use crate::typedefs::Scalar;

mod atoms;
mod banks;
mod budget;
pub mod colors;
mod latex;
mod svg;
mod table;

pub use atoms::{
    draw_latex_copy, draw_latex_mma, draw_svg_copy, draw_svg_mma, print_layout_copy,
    print_layout_mma,
};
pub use banks::draw_svg_banks;
pub use budget::{MAX_DRAW_ITEMS, MAX_PRINT_ITEMS};
pub use latex::{draw_latex, draw_latex_tv, write_latex};
pub use svg::{draw_svg, draw_svg_tv};
pub use table::print_table;

/// Something shown as a table of cells: a layout to walk (its shape gives
/// the cells, its offsets the keys of the color functors) and the text of
/// each cell. A [`Layout`] labels a cell with its value there (an offset, a
/// coordinate or an F2 value); a [`Tensor`] with the element stored there.
pub trait Cells {
    /// The layout whose domain the cells are.
    fn layout(&self) -> &Layout;

    /// The text of the cell at a flat coordinate (one integral coordinate
    /// per top-level mode of the layout).
    ///
    /// # Errors
    /// Whatever evaluating the layout or reading the element raises.
    fn label(&self, crd: &[i64]) -> Result<String>;

    /// The key of the cell's color in the drawings, if it is not the
    /// layout's value there (the default, `None`): an implicit tensor, whose
    /// elements are offsets (a layout read through a function of its
    /// offsets), is colored by its elements, as the layout of those offsets
    /// would be.
    ///
    /// # Errors
    /// Whatever reading the element raises.
    fn color_key(&self, crd: &[i64]) -> Result<Option<i64>> {
        let _ = crd;
        Ok(None)
    }
}

impl Cells for Layout {
    fn layout(&self) -> &Layout {
        self
    }

    fn label(&self, crd: &[i64]) -> Result<String> {
        Ok(value_at(self, crd)?.to_string())
    }
}

impl<A: Accessor> Cells for Tensor<A>
where
    A::Value: fmt::Display,
{
    fn layout(&self) -> &Layout {
        Tensor::layout(self)
    }

    fn label(&self, crd: &[i64]) -> Result<String> {
        // a scalar shape takes its one coordinate as a leaf
        let crd = match (self.shape(), crd) {
            (HTuple::Leaf(_), &[c]) => HTuple::Leaf(c),
            _ => HTuple::from_leaves(crd.iter().copied()),
        };
        Ok(self.get(&crd)?.to_string())
    }
}

/// The value of `layout` at a flat coordinate, one integer per top-level
/// mode: the layout's own evaluation, [`Layout::call`] (a single entry is
/// the integral coordinate of a layout of rank 1, whatever its shape).
pub(crate) fn value_at(layout: &Layout, crd: &[i64]) -> Result<Scalar> {
    match *crd {
        [c] => layout.call_index(c),
        _ => layout.call(&HTuple::from_leaves(crd.iter().copied())),
    }
}

/// The header [`print_tensor`] and [`print_table`] print with `print_type`:
/// the layout in `Shape:Stride` notation (the specification's
/// `print_type=True`).
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::make_tensor;
/// use cute_dynamic::viz::print_type;
/// use cute_dynamic::Layout;
/// let l: Layout = "(4, 8):(1, 4)".parse().unwrap();
/// assert_eq!(print_type(&l), "(4, 8):(1, 4)");
/// assert_eq!(print_type(&make_tensor::<f32>(&l).unwrap()), "(4, 8):(1, 4)");
/// ```
pub fn print_type(x: &impl Cells) -> String {
    x.layout().to_string()
}

/// Width of a table cell: values are left-aligned in it.
pub const CELL_WIDTH: usize = 6;

/// Renders a layout or a tensor of rank 1 to 4 as text, one cell per
/// coordinate, each cell the layout's value there (a layout, read through an
/// implicit accessor) or the element stored there (a tensor): the
/// specification's `print_tensor`.
///
/// The text is, line by line:
/// - with `print_type`, the header: the layout in `Shape:Stride` notation
///   ([`print_type`]);
/// - rank 1: one value per line, `L(0)`, `L(1)`, ...;
/// - rank 2: row `m` holds `L(m, 0)`, `L(m, 1)`, ...;
/// - rank 3: the rank-2 slices `L(_, _, k)` in order of `k`, separated by a
///   line of `6 * size(mode 1)` dashes;
/// - rank 4: the rank-3 renderings of `L(_, _, _, p)` in order of `p`,
///   separated by a line of `6 * size(mode 1)` equals signs.
///
/// Each value is left-aligned in a cell of width 6 (a longer value takes one
/// space after it), trailing spaces are dropped, and every line ends with
/// `'\n'`. A mode of a nested shape is walked through its integral
/// coordinate, colexicographically.
///
/// # Pre-conditions
/// `1 <= rank(layout) <= 4`
///
/// # Post-conditions
/// Without `print_type`, `result` holds `size(layout)` values.
///
/// # Errors
/// `ValueError` for a rank outside 1 to 4, for a value that leaves the
/// 64-bit range, or for more than [`MAX_PRINT_ITEMS`] items to print (cells,
/// lines and columns of rules, counted before any is built: a mode of size
/// 0 empties the cells, not the lines); `TypeError` if two strides of
/// different algebras meet in one sum; whatever reading an element of a
/// tensor raises.
///
/// # Examples
/// ```
/// use cute_dynamic::htuple::HTuple;
/// use cute_dynamic::viz::print_tensor;
/// use cute_dynamic::{ErrorClass, Layout, Scalar};
/// let l = Layout::new(HTuple::from_leaves([4, 8]), HTuple::from_leaves([1, 4].map(Scalar::Int))).unwrap();
/// assert_eq!(
///     print_tensor(&l, true).unwrap(),
///     "(4, 8):(1, 4)\n\
///      0     4     8     12    16    20    24    28\n\
///      1     5     9     13    17    21    25    29\n\
///      2     6     10    14    18    22    26    30\n\
///      3     7     11    15    19    23    27    31\n"
/// );
/// let l5 = Layout::new(HTuple::from_leaves([1; 5]), HTuple::from_leaves([0; 5].map(Scalar::Int))).unwrap();
/// assert_eq!(print_tensor(&l5, true).unwrap_err().class(), ErrorClass::ValueError);
/// ```
///
/// A tensor shows its elements:
/// ```
/// use cute_dynamic::tensor::make_tensor;
/// use cute_dynamic::viz::print_tensor;
/// use cute_dynamic::Layout;
/// let mut t = make_tensor::<i32>(&"(2, 3):(3, 1)".parse::<Layout>().unwrap()).unwrap();
/// for i in 0..6 { t.set_at(i, 10 * i as i32).unwrap(); }
/// assert_eq!(print_tensor(&t, true).unwrap(), "(2, 3):(3, 1)\n0     20    40\n10    30    50\n");
/// ```
pub fn print_tensor(x: &impl Cells, print_type: bool) -> Result<String> {
    let sizes = mode_sizes(x.layout())?;
    let header = print_type.then(|| self::print_type(x));
    print_tensor_with(header.as_deref(), &sizes, |crd| x.label(crd))
}

/// The sizes of the top-level modes of a layout of rank 1 to 4.
pub(crate) fn mode_sizes(layout: &Layout) -> Result<Vec<i64>> {
    let shape = layout.shape();
    let shape = shape.modes();
    check_rank(shape.len())?;
    shape.iter().map(crate::shape::size).collect()
}

/// The table of [`print_tensor`] for any tensor-like object: `sizes` are
/// the sizes of its 1 to 4 top-level modes, `cell` gives the text of the
/// element at a flat coordinate (one integer per mode), and `header`, if
/// any, is the first line.
///
/// # Pre-conditions
/// `1 <= sizes.len() <= 4`
///
/// # Errors
/// `ValueError` for a rank outside 1 to 4, a negative size, or more than
/// [`MAX_PRINT_ITEMS`] items to print; any error of `cell`.
///
/// # Examples
/// ```
/// use cute_dynamic::viz::print_tensor_with;
/// let t = print_tensor_with(None, &[2, 2, 2], |c| Ok(format!("{}{}{}", c[0], c[1], c[2]))).unwrap();
/// assert_eq!(t, "000   010\n100   110\n------------\n001   011\n101   111\n");
/// assert!(print_tensor_with(None, &[], |_| Ok(String::new())).is_err());
/// // a billion empty rows are a billion lines
/// assert!(print_tensor_with(None, &[1_000_000_000, 0], |_| Ok(String::new())).is_err());
/// ```
pub fn print_tensor_with(
    header: Option<&str>,
    sizes: &[i64],
    mut cell: impl FnMut(&[i64]) -> Result<String>,
) -> Result<String> {
    check_rank(sizes.len())?;
    if let Some(bad) = sizes.iter().find(|&&n| n < 0) {
        return Err(Error::value(
            "print_tensor",
            format!("a mode of negative size {bad}"),
        ));
    }
    let sizes_text: Vec<String> = sizes.iter().map(i64::to_string).collect();
    let what = format_args!("a tensor of mode sizes ({})", sizes_text.join(", "));
    budget::check(
        "print_tensor",
        budget::tensor_items(sizes),
        budget::MAX_PRINT_ITEMS,
        &what,
        "cells, lines and rule columns",
    )?;
    let mut out = String::new();
    if let Some(h) = header {
        out.push_str(h);
        out.push('\n');
    }
    let mut crd = vec![0; sizes.len()];
    render(sizes, &mut crd, &mut cell, &mut out)?;
    Ok(out)
}

fn check_rank(rank: usize) -> Result<()> {
    if (1..=4).contains(&rank) {
        Ok(())
    } else {
        Err(Error::value(
            "print_tensor",
            format!("takes a tensor of rank 1 to 4, got rank {rank}"),
        ))
    }
}

/// Appends `text` to `out`, then spaces up to `width` characters in all:
/// the padding is written here, never taken as a formatting width from the
/// data.
pub(crate) fn pad_right(out: &mut String, text: &str, width: usize) {
    out.push_str(text);
    let len = text.chars().count();
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(len)));
}

/// Appends spaces up to `width` characters in all, then `text`.
pub(crate) fn pad_left(out: &mut String, text: &str, width: usize) {
    let len = text.chars().count();
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(len)));
    out.push_str(text);
}

/// Appends the lines of the sub-tensor of rank `sizes.len()` to `out`, each
/// ending with a line break; `crd` holds the fixed coordinates of the
/// higher modes.
fn render(
    sizes: &[i64],
    crd: &mut [i64],
    cell: &mut impl FnMut(&[i64]) -> Result<String>,
    out: &mut String,
) -> Result<()> {
    match sizes.len() {
        // rank 1: a column
        1 => {
            for m in 0..sizes[0] {
                crd[0] = m;
                out.push_str(&cell(crd)?);
                out.push('\n');
            }
        }
        // rank 2: rows of cells, each left-aligned in CELL_WIDTH - 1
        // characters and followed by a space; no trailing spaces
        2 => {
            for m in 0..sizes[0] {
                let start = out.len();
                for n in 0..sizes[1] {
                    crd[0] = m;
                    crd[1] = n;
                    pad_right(out, &cell(crd)?, CELL_WIDTH - 1);
                    out.push(' ');
                }
                let kept = out[start..].trim_end().len();
                out.truncate(start + kept);
                out.push('\n');
            }
        }
        // rank 3 and 4: slices of the last mode, with a rule between them
        r => {
            let rule = if r == 3 { '-' } else { '=' };
            let width = usize::try_from(sizes[1])
                .unwrap_or(0)
                .saturating_mul(CELL_WIDTH);
            for k in 0..sizes[r - 1] {
                if k > 0 {
                    out.extend(std::iter::repeat_n(rule, width));
                    out.push('\n');
                }
                crd[r - 1] = k;
                render(&sizes[..r - 1], crd, cell, out)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layout with integer strides from `Shape:Stride` text (test input
    /// only: integers, parentheses, commas).
    fn layout(s: &str) -> Layout {
        fn parse(t: &[u8], i: &mut usize) -> HTuple<i64> {
            while t[*i] == b' ' {
                *i += 1;
            }
            if t[*i] == b'(' {
                *i += 1;
                let mut c = Vec::new();
                loop {
                    while t[*i] == b' ' || t[*i] == b',' {
                        *i += 1;
                    }
                    if t[*i] == b')' {
                        *i += 1;
                        return HTuple::Tuple(c);
                    }
                    c.push(parse(t, i));
                }
            }
            let start = *i;
            while *i < t.len() && (t[*i] == b'-' || t[*i].is_ascii_digit()) {
                *i += 1;
            }
            HTuple::Leaf(std::str::from_utf8(&t[start..*i]).unwrap().parse().unwrap())
        }
        let (a, b) = s.split_once(':').unwrap();
        let shape = parse(a.as_bytes(), &mut 0);
        let stride = parse(b.as_bytes(), &mut 0).map(&mut |&x| Scalar::Int(x));
        Layout::new(shape, stride).unwrap()
    }

    #[test]
    fn test_print_tensor_rank2_spec() {
        // the 03_layout chapter's example, as the examples file carries it
        // (lines joined by " / ")
        let data = include_str!("../../testdata/examples.tsv");
        let line = data
            .lines()
            .find(|l| l.contains("\tprint_tensor(Layout((4, 8), (1, 4))) => "))
            .expect("the print_tensor example");
        let (_, expected) = line.split_once(" => ").unwrap();
        let got = print_tensor(&layout("(4, 8):(1, 4)"), true).unwrap();
        assert_eq!(got.trim_end_matches('\n').replace('\n', " / "), expected);
    }

    #[test]
    fn test_print_tensor_rank1() {
        assert_eq!(
            print_tensor(&layout("4:2"), true).unwrap(),
            "4:2\n0\n2\n4\n6\n"
        );
        assert_eq!(
            print_tensor(&layout("(3,):(5,)"), false).unwrap(),
            "0\n5\n10\n"
        );
    }

    #[test]
    fn test_print_tensor_rank3_and_4() {
        let got = print_tensor(&layout("(2, 2, 2):(1, 2, 4)"), false).unwrap();
        assert_eq!(got, "0     2\n1     3\n------------\n4     6\n5     7\n");
        let got = print_tensor(&layout("(1, 2, 2, 2):(0, 1, 2, 4)"), false).unwrap();
        assert_eq!(
            got,
            "0     1\n------------\n2     3\n============\n4     5\n------------\n6     7\n"
        );
    }

    #[test]
    fn test_print_tensor_hierarchical_and_coords() {
        // mode 1 is (2, 2):(1, 4), walked colexicographically
        let got = print_tensor(&layout("(2, (2, 2)):(2, (1, 4))"), false).unwrap();
        assert_eq!(got, "0     1     4     5\n2     3     6     7\n");
        let l = Layout::new(
            HTuple::Tuple(vec![HTuple::Leaf(2), HTuple::Leaf(2)]),
            HTuple::Tuple(vec![
                HTuple::Leaf(crate::atuple::e(&[0])),
                HTuple::Leaf(crate::atuple::e(&[1])),
            ]),
        )
        .unwrap();
        assert_eq!(
            print_tensor(&l, false).unwrap(),
            "0     1@1\n1@0   (1, 1)\n"
        );
        let f = Layout::new(
            HTuple::Tuple(vec![HTuple::Leaf(2), HTuple::Leaf(2)]),
            HTuple::Tuple(vec![
                HTuple::Leaf(Scalar::F2(crate::F2(1))),
                HTuple::Leaf(Scalar::F2(crate::F2(3))),
            ]),
        )
        .unwrap();
        assert_eq!(print_tensor(&f, false).unwrap(), "F0    F3\nF1    F2\n");
    }

    #[test]
    fn test_print_tensor_wide_cells_stay_apart() {
        let got = print_tensor(&layout("(2, 2):(1000000, 1)"), false).unwrap();
        assert_eq!(got, "0     1\n1000000 1000001\n");
    }

    #[test]
    fn test_print_tensor_errors() {
        let e = print_tensor(&layout("(1, 1, 1, 1, 1):(1, 1, 1, 1, 1)"), true).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        let mixed = Layout::new(
            HTuple::Tuple(vec![HTuple::Leaf(2), HTuple::Leaf(2)]),
            HTuple::Tuple(vec![
                HTuple::Leaf(Scalar::Int(1)),
                HTuple::Leaf(Scalar::F2(crate::F2(2))),
            ]),
        )
        .unwrap();
        assert_eq!(
            print_tensor(&mixed, false).unwrap_err().class(),
            cute_core::ErrorClass::TypeError
        );
        let big = print_tensor(
            &layout("(2, 2):(4611686018427387904, 4611686018427387904)"),
            false,
        );
        assert!(big.is_err());
        assert!(print_tensor_with(None, &[1, -1], |_| Ok(String::new())).is_err());
    }

    #[test]
    fn test_print_tensor_of_tensors() {
        // a rank-3 tensor shows its elements, slice by slice
        let mut t = crate::tensor::make_tensor::<i64>(&layout("(2, 2, 2):(4, 2, 1)")).unwrap();
        for i in 0..8 {
            t.set_at(i, 100 + i).unwrap();
        }
        assert_eq!(
            print_tensor(&t, true).unwrap(),
            "(2, 2, 2):(4, 2, 1)\n100   102\n101   103\n------------\n104   106\n105   107\n"
        );
        // a rank-1 view of it
        let row = t.slice(&"(1, None, 0)".parse().unwrap()).unwrap();
        assert_eq!(print_tensor(&row, false).unwrap(), "101\n103\n");
        assert_eq!(print_type(&row), "(2,):(2,)");
    }

    /// Shapes with few or no cells and a huge number of lines, indices or
    /// rules, and shapes too large in every way.
    const HOSTILE: [&str; 8] = [
        "(1000000000, 0)",
        "(0, 1000000000)",
        "(1, 0, 1000000000)",
        "(0, 1000000000, 3)",
        "(0, 1000000000, 1, 3)",
        "(1000000, 1000000)",
        "4611686018427387904",
        "(4611686018427387904, 4611686018427387904, 0, 4611686018427387904)",
    ];

    /// Every printing and drawing path of `x`, each with its name.
    fn every_path(x: &impl Cells) -> Vec<(&'static str, Result<String>)> {
        use colors::{thread_color_8x, white};
        let mut out = vec![
            ("print_tensor", print_tensor(x, true)),
            ("print_table", print_table(x, true)),
            ("draw_svg", draw_svg(x, &white())),
            ("draw_latex", draw_latex(x, &white())),
        ];
        let sizes = mode_sizes(x.layout());
        out.push((
            "print_tensor_with",
            print_tensor_with(None, sizes.as_deref().unwrap_or(&[]), |_| Ok("x".into())),
        ));
        let l = x.layout();
        let tile: crate::IntTuple = "(1000000000, 0)".parse().unwrap();
        for t in [None, Some(&tile)] {
            out.push(("draw_svg_tv", draw_svg_tv(l, t, &thread_color_8x)));
            out.push(("draw_latex_tv", draw_latex_tv(l, t, &thread_color_8x)));
        }
        out
    }

    #[test]
    fn test_every_printing_path_counts_what_it_emits() {
        use crate::accessor::ImplicitAccessor;
        use crate::tensor::{identity_tensor, Tensor};
        for shape in HOSTILE {
            let s: crate::IntTuple = shape.parse().unwrap();
            // compact strides, or zeros where they overflow
            let l = Layout::compact(s.clone())
                .or_else(|_| Layout::new(s.clone(), s.map(&mut |_| Scalar::Int(0))))
                .unwrap();
            let paths = [
                ("layout", every_path(&l)),
                ("identity_tensor", every_path(&identity_tensor(&s).unwrap())),
                (
                    "implicit tensor",
                    every_path(&Tensor::new(ImplicitAccessor::new(0), l.clone()).unwrap()),
                ),
            ];
            for (kind, results) in paths {
                for (path, r) in results {
                    match r {
                        // another rank falls back to the header alone; an
                        // empty picture (no pairs of a thread-value layout)
                        // is a frame
                        Ok(text) => assert!(
                            text.len() < 1024,
                            "{path} of the {kind} {shape} printed {} bytes",
                            text.len()
                        ),
                        Err(e) => assert_eq!(
                            e.class(),
                            cute_core::ErrorClass::ValueError,
                            "{path} of the {kind} {shape}: {e}"
                        ),
                    }
                }
            }
        }
    }

    #[test]
    fn test_the_count_is_what_is_printed() {
        // cells, lines and rule columns, as print_tensor writes them
        for sizes in [
            vec![3],
            vec![0],
            vec![2, 3],
            vec![3, 0],
            vec![0, 3],
            vec![2, 3, 2],
            vec![1, 0, 4],
            vec![2, 2, 2, 3],
            vec![0, 5, 2, 2],
        ] {
            let text = print_tensor_with(None, &sizes, |_| Ok("x".into())).unwrap();
            let cells = text.matches('x').count() as u128;
            let lines = text.lines().count() as u128;
            let rules: u128 = text
                .lines()
                .filter(|l| l.starts_with(['-', '=']))
                .map(|l| (l.len() / CELL_WIDTH) as u128)
                .sum();
            assert_eq!(
                budget::tensor_items(&sizes),
                budget::Items::of(i64::try_from(cells + lines + rules).unwrap()),
                "{sizes:?}"
            );
        }
    }

    #[test]
    fn test_wide_cells_are_padded_by_hand() {
        // a cell wider than any formatting width (65535) prints
        let wide = "7".repeat(70_000);
        let t = print_tensor_with(None, &[1, 2], |c| {
            Ok(if c[1] == 0 { wide.clone() } else { "1".into() })
        })
        .unwrap();
        assert_eq!(t, format!("{wide} 1\n"));
    }

    #[test]
    fn test_print_tensor_empty_mode() {
        assert_eq!(
            print_tensor(&layout("(0, 3):(1, 1)"), true).unwrap(),
            "(0, 3):(1, 1)\n"
        );
    }
}
