//! `draw_svg` and `draw_svg_tv`: pictures of layouts, tensors and
//! thread-value layouts, written as SVG by this crate.

use std::fmt::Write as _;

use cute_core::{Error, Result};

use super::budget::{self, Items, MAX_DRAW_ITEMS};
use super::colors::{OffsetColor, Rgb, TvColor};
use super::{mode_sizes, value_at, Cells};
use crate::algebra::composition;
use crate::atuple::make_basis_like;
use crate::htuple::IntTuple;
use crate::layout::Layout;
use crate::typedefs::Scalar;

/// The cells of a layout or tensor of rank 1 or 2, as a grid of `m` rows
/// and `n` columns (rank 1: one row), row-major: each cell's label and the
/// key of its color.
pub(crate) struct Grid {
    pub m: i64,
    pub n: i64,
    pub header: String,
    /// `(label, color key)` of cell `(i, j)` at `i * n + j`.
    pub cells: Vec<(String, i64)>,
}

pub(crate) fn grid(op: &'static str, x: &impl Cells) -> Result<Grid> {
    let layout = x.layout();
    let rank = layout.rank();
    if !(1..=2).contains(&rank) {
        return Err(Error::value(
            op,
            format!("draws a layout or tensor of rank 1 or 2; {layout} has rank {rank}"),
        ));
    }
    let sizes = mode_sizes(layout)?;
    let (m, n) = if rank == 1 {
        (1, sizes[0])
    } else {
        (sizes[0], sizes[1])
    };
    check_size(op, budget::picture_items(m, n), m, n)?;
    let mut cells = Vec::with_capacity(usize::try_from(m * n).unwrap_or(0));
    for i in 0..m {
        for j in 0..n {
            let crd: &[i64] = if rank == 1 { &[j] } else { &[i, j] };
            let key = match x.color_key(crd)? {
                Some(k) => k,
                None => match value_at(layout, crd)? {
                    Scalar::Int(k) => k,
                    Scalar::F2(f) => f.0 as i64,
                    // a coordinate: the cell's integral coordinate
                    _ => i + j * m,
                },
            };
            cells.push((x.label(crd)?, key));
        }
    }
    Ok(Grid {
        m,
        n,
        header: layout.to_string(),
        cells,
    })
}

/// The budget of a picture of `m x n` cells that emits `items`.
fn check_size(op: &'static str, items: Items, m: i64, n: i64) -> Result<()> {
    if m < 0 || n < 0 {
        return Err(Error::value(
            op,
            format!("a picture of {m} x {n} cells: a size is negative"),
        ));
    }
    let what = format_args!("a picture of {m} x {n} cells");
    budget::check(
        op,
        items,
        MAX_DRAW_ITEMS,
        &what,
        "pairs visited, cells and indices",
    )
}

/// The cells of a thread-value layout: a grid of `m x n` positions, each
/// owned by the first `(tid, vid)` that lands on it, or by none.
pub(crate) struct TvGrid {
    pub m: i64,
    pub n: i64,
    pub header: String,
    /// The owner of cell `(i, j)` at `i * n + j`.
    pub owners: Vec<Option<(i64, i64)>>,
}

/// The `(m, n)` coordinate of a codomain value, if it is 2-D.
fn coord2(v: &Scalar) -> Option<(i64, i64)> {
    match v {
        Scalar::Int(0) => Some((0, 0)),
        Scalar::Arith(a) => {
            let (mut m, mut n) = (0, 0);
            for (value, mode) in a.terms() {
                let value = value.as_int()?;
                match mode.as_slice() {
                    [0] => m += value,
                    [1] => n += value,
                    _ => return None,
                }
            }
            Some((m, n))
        }
        _ => None,
    }
}

pub(crate) fn tv_grid(
    op: &'static str,
    layout: &Layout,
    tile_mn: Option<&IntTuple>,
) -> Result<TvGrid> {
    if layout.rank() != 2 {
        return Err(Error::value(
            op,
            format!(
                "takes a thread-value layout of rank 2; {layout} has rank {}",
                layout.rank()
            ),
        ));
    }
    let tile = match tile_mn {
        Some(t) if t.rank() != 2 || !t.is_tuple() => {
            return Err(Error::value(op, format!("the tile {t} is not of rank 2")));
        }
        Some(t) => Some(
            t.modes()
                .iter()
                .map(crate::shape::size)
                .collect::<Result<Vec<_>>>()?,
        ),
        None => None,
    };
    // a linear codomain is folded through the tile: composition(tile, layout)
    // with the tile as the coordinate layout (M, N):(1@0, 1@1)
    let linear = layout
        .stride()
        .leaves()
        .all(|d| matches!(d, Scalar::Int(_)));
    let tv = match (tile_mn, linear) {
        (Some(t), true) => {
            let coords = Layout::new(t.clone(), make_basis_like(t, &[]))?;
            composition(&coords, layout)?
        }
        _ => layout.clone(),
    };
    let (threads, values) = (tv.size_mode(&[0])?, tv.size_mode(&[1])?);
    // the pairs visited, and the picture of the tile if it is known
    let pairs = Items::of(threads).mul(Items::of(values));
    let (tm, tn) = tile.as_ref().map_or((0, 0), |t| (t[0], t[1]));
    check_size(op, Items::ZERO, tm, tn)?;
    let what = format_args!("{threads} threads x {values} values");
    budget::check(
        op,
        pairs.add(budget::picture_items(tm, tn)),
        MAX_DRAW_ITEMS,
        &what,
        "pairs visited, cells and indices",
    )?;
    let mut hits = Vec::with_capacity(usize::try_from(threads * values).unwrap_or(0));
    // no pair to visit, no thread to walk through
    let threads = if values > 0 { threads } else { 0 };
    for t in 0..threads {
        for v in 0..values {
            let at = value_at(&tv, &[t, v])?;
            let (i, j) = coord2(&at).ok_or_else(|| {
                Error::value(
                    op,
                    if linear && tile_mn.is_none() {
                        format!(
                            "{layout} maps (T{t}, V{v}) to the offset {at}: a linear codomain \
                             needs a rank-2 tile to fold it into"
                        )
                    } else {
                        format!("{tv} maps (T{t}, V{v}) to {at}, not a 2-D (m, n) coordinate")
                    },
                )
            })?;
            hits.push((t, v, i, j));
        }
    }
    let (m, n) = match &tile {
        Some(mn) => (mn[0], mn[1]),
        None => hits
            .iter()
            .fold((0, 0), |(m, n), &(_, _, i, j)| (m.max(i + 1), n.max(j + 1))),
    };
    check_size(op, pairs.add(budget::picture_items(m, n)), m, n)?;
    let mut owners = vec![None; usize::try_from(m * n).unwrap_or(0)];
    for (t, v, i, j) in hits {
        if !(0..m).contains(&i) || !(0..n).contains(&j) {
            return Err(Error::value(
                op,
                format!("(T{t}, V{v}) lands on ({i}, {j}), outside the {m} x {n} tile"),
            ));
        }
        let cell = &mut owners[(i * n + j) as usize];
        if cell.is_none() {
            *cell = Some((t, v));
        }
    }
    Ok(TvGrid {
        m,
        n,
        header: layout.to_string(),
        owners,
    })
}

/// Side of a cell, in pixels.
const CELL: i64 = 40;
/// Blank border around the picture.
const PAD: i64 = 4;
/// The centre of a grid's corner cell (above the row indices, left of the
/// column indices), from the grid's corner.
pub(super) const CORNER: i64 = PAD + CELL / 2;

pub(super) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// A font size at which `text` fits a cell: 14 px, smaller for long text.
fn font_size(text: &str) -> i64 {
    let len = text.chars().count().max(1) as f64;
    // a monospace glyph is about 0.6 em wide
    ((CELL - 6) as f64 / (0.6 * len)).floor().clamp(6.0, 14.0) as i64
}

fn rgb((r, g, b): Rgb) -> String {
    format!("rgb({r},{g},{b})")
}

/// The width and height of a grid of `m x n` cells with its indices and
/// border.
pub(super) fn grid_size(m: i64, n: i64) -> (i64, i64) {
    (2 * PAD + (n + 1) * CELL, 2 * PAD + (m + 1) * CELL)
}

/// The start of an SVG document of `w x h` pixels: the SVG element, a title
/// and a white background.
pub(super) fn document(out: &mut String, title: &str, w: i64, h: i64) {
    let title = escape(title);
    let _ = writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">"
    );
    let _ = writeln!(out, "<title>{title}</title>");
    let _ = writeln!(
        out,
        "<rect class=\"background\" width=\"{w}\" height=\"{h}\" fill=\"white\"/>"
    );
}

/// The row and column indices of an `m x n` grid whose corner is `at`.
pub(super) fn indices(out: &mut String, at: (i64, i64), m: i64, n: i64) {
    let (x0, y0) = at;
    for i in 0..m {
        let _ = writeln!(
            out,
            "<text class=\"row-index\" x=\"{}\" y=\"{}\" font-size=\"14\" fill=\"#555555\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{i}</text>",
            x0 + PAD + CELL / 2,
            y0 + PAD + (i + 1) * CELL + CELL / 2
        );
    }
    for j in 0..n {
        let _ = writeln!(
            out,
            "<text class=\"col-index\" x=\"{}\" y=\"{}\" font-size=\"14\" fill=\"#555555\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{j}</text>",
            x0 + PAD + (j + 1) * CELL + CELL / 2,
            y0 + PAD + CELL / 2
        );
    }
}

/// The frame: the SVG element, a title, a white background and the row and
/// column indices.
fn open(out: &mut String, title: &str, m: i64, n: i64) {
    let (w, h) = grid_size(m, n);
    document(out, title, w, h);
    indices(out, (0, 0), m, n);
}

/// The rectangle of cell `(i, j)` of the grid whose corner is `at`;
/// returns its top-left corner.
fn cell_rect(out: &mut String, at: (i64, i64), i: i64, j: i64, fill: Rgb) -> (i64, i64) {
    let (x, y) = (at.0 + PAD + (j + 1) * CELL, at.1 + PAD + (i + 1) * CELL);
    let _ = writeln!(
        out,
        "<rect class=\"cell\" data-m=\"{i}\" data-n=\"{j}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" \
         height=\"{CELL}\" fill=\"{}\" stroke=\"black\" stroke-width=\"1\"/>",
        rgb(fill)
    );
    (x, y)
}

/// Draws a layout or tensor of rank 1 or 2 as an SVG table with row and
/// column indices (the specification's `draw_svg`): cell `(m, n)` shows the
/// layout's value there (a layout) or the element stored there (a tensor),
/// on the color `color(offset)` of its offset. A rank-1 input is one row.
/// Returns the SVG text; write it to a file to view it.
///
/// The SVG has one `<rect class="cell" data-m=".." data-n="..">` per
/// coordinate, filled with `rgb(r,g,b)`, and one `<text class="label">` per
/// cell, in row-major order. A cell whose value is a coordinate (a tensor
/// with coordinate strides) is colored by its integral coordinate.
///
/// # Pre-conditions
/// `rank(x)` is 1 or 2, and the picture has at most
/// [`super::MAX_DRAW_ITEMS`] items (cells, row and column indices).
///
/// # Errors
/// `ValueError` for another rank or a larger picture; whatever evaluating
/// the layout or reading an element raises.
///
/// # Examples
/// ```
/// use cute_dynamic::viz::{colors::bank_color_32x, draw_svg};
/// use cute_dynamic::Layout;
/// let svg = draw_svg(&"(4, 8):(1, 4)".parse::<Layout>().unwrap(), &bank_color_32x).unwrap();
/// assert_eq!(svg.matches("<rect class=\"cell\"").count(), 32);
/// assert!(svg.contains(">31</text>"));
/// assert!(draw_svg(&"(2, 2, 2):(1, 2, 4)".parse::<Layout>().unwrap(), &bank_color_32x).is_err());
/// ```
pub fn draw_svg(x: &impl Cells, color: &impl OffsetColor) -> Result<String> {
    let g = grid("draw_svg", x)?;
    let mut out = String::new();
    open(&mut out, &g.header, g.m, g.n);
    for i in 0..g.m {
        for j in 0..g.n {
            let (label, key) = &g.cells[(i * g.n + j) as usize];
            let (x, y) = cell_rect(&mut out, (0, 0), i, j, color.color(*key));
            let _ = writeln!(
                out,
                "<text class=\"label\" data-m=\"{i}\" data-n=\"{j}\" x=\"{}\" y=\"{}\" font-size=\"{}\" \
                 text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
                x + CELL / 2,
                y + CELL / 2,
                font_size(label),
                escape(label)
            );
        }
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// Draws a thread-value layout as an SVG table (the specification's
/// `draw_svg_tv`): the layout maps `(tid, vid)` to a position of a 2-D tile,
/// and each position shows `T<tid>` over `V<vid>` on the color
/// `color(tid, vid)`. Where several pairs land on one position the first
/// drawn wins, threads in order and, for each, values in order.
///
/// The codomain may be 2-D `(m, n)` coordinates (strides `E(0)`, `E(1)`), or
/// linear offsets: then the rank-2 `tile_mn` is required and each offset is
/// folded into the tile through `composition(tile_mn, layout)`, the tile
/// read as the coordinate layout `(M, N):(1@0, 1@1)` (offset `k` is
/// position `(k mod M, k div M)`). The grid is the tile, or for a 2-D
/// codomain without a tile, the smallest that holds every position. A
/// position no pair reaches is drawn white and empty.
///
/// The SVG has one `<rect class="cell">` per position, and on each owned
/// one a `<text class="thread">` and a `<text class="value">`.
///
/// # Pre-conditions
/// `rank(layout) == 2`; `rank(tile_mn) == 2`; the codomain is 2-D once
/// folded, inside the tile.
///
/// # Errors
/// `ValueError` if a pre-condition fails or the picture has more than
/// [`super::MAX_DRAW_ITEMS`] items (the `(thread, value)` pairs visited, the
/// cells, the row and column indices); as [`composition`].
///
/// # Examples
/// ```
/// use cute_dynamic::viz::{colors::thread_color_8x, draw_svg_tv};
/// use cute_dynamic::{IntTuple, Layout};
/// // the SM80 16 x 8 MMA accumulator layout, folded through its (16, 8) tile
/// let c: Layout = "((4, 8), (2, 2)):((32, 1), (16, 8))".parse().unwrap();
/// let tile: IntTuple = "(16, 8)".parse().unwrap();
/// let svg = draw_svg_tv(&c, Some(&tile), &thread_color_8x).unwrap();
/// assert_eq!(svg.matches("<rect class=\"cell\"").count(), 128);
/// assert!(svg.contains(">T31</text>") && svg.contains(">V3</text>"));
/// assert!(draw_svg_tv(&c, None, &thread_color_8x).is_err()); // linear: needs a tile
/// ```
pub fn draw_svg_tv(
    layout: &Layout,
    tile_mn: Option<&IntTuple>,
    color: &impl TvColor,
) -> Result<String> {
    let g = tv_grid("draw_svg_tv", layout, tile_mn)?;
    let mut out = String::new();
    open(&mut out, &g.header, g.m, g.n);
    tv_cells(&mut out, (0, 0), &g, color);
    out.push_str("</svg>\n");
    Ok(out)
}

/// The cells of a thread-value grid whose corner is `at`: each owned one
/// `T<tid>` over `V<vid>` on its color, the others white.
pub(super) fn tv_cells(out: &mut String, at: (i64, i64), g: &TvGrid, color: &impl TvColor) {
    for i in 0..g.m {
        for j in 0..g.n {
            let owner = g.owners[(i * g.n + j) as usize];
            let fill = owner.map_or((255, 255, 255), |(t, v)| color.color(t, v));
            let (x, y) = cell_rect(out, at, i, j, fill);
            if let Some((t, v)) = owner {
                let (tt, vv) = (format!("T{t}"), format!("V{v}"));
                let fs = font_size(&tt).min(font_size(&vv)).min(12);
                for (class, text, dy) in [("thread", &tt, -CELL / 5), ("value", &vv, CELL / 5)] {
                    let _ = writeln!(
                        out,
                        "<text class=\"{class}\" data-m=\"{i}\" data-n=\"{j}\" x=\"{}\" y=\"{}\" \
                         font-size=\"{fs}\" text-anchor=\"middle\" dominant-baseline=\"central\">{text}</text>",
                        x + CELL / 2,
                        y + CELL / 2 + dy
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
