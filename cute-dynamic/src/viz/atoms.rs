//! Pictures of the atom layer (CuTe C++'s `print_svg`, `print_latex` and
//! `print_layout` of a TiledMMA or a TiledCopy): each operand's tile with,
//! on every element, the thread and value that hold it.
//!
//! A tiled MMA is drawn as CuTe draws it: A `(M, K)` at the bottom left, B
//! transposed `(K, N)` at the top right, C `(M, N)` at the bottom right, so
//! that a row of A and a column of B meet at the element of C they make. A
//! tiled copy is drawn as its source and its destination side by side.
//! Where several threads hold one element (A is held alike by the threads
//! of every N), the lowest thread is shown.

use std::fmt::Write as _;

use cute_core::{Error, Result};

use super::budget::{self, Items, MAX_DRAW_ITEMS, MAX_PRINT_ITEMS};
use super::colors::{thread_color_8x, TvColor};
use super::latex::{frame, tikz_color, FOOTER, HEADER};
use super::svg::{document, escape, grid_size, indices, tv_cells, TvGrid, CORNER};
use crate::atom::{TiledCopy, TiledMma};
use crate::layout::Layout;

/// One operand: its name, its `(thread, value) -> index` layout over a
/// column-major `m x n` tile, and the threads that hold it.
struct Operand {
    name: &'static str,
    tv: Layout,
    m: i64,
    n: i64,
}

/// The owner of each element of an operand's tile: the first of `threads`
/// (in order) and its first value that reach it.
fn owners(op: &'static str, x: &Operand, threads: &[i64], limit: u64) -> Result<TvGrid> {
    let values = x.tv.size_mode(&[1])?;
    let items = Items::of(threads.len() as i64)
        .mul(Items::of(values))
        .add(Items::of(x.m).mul(Items::of(x.n)));
    let what = format_args!("the {} tile of {} x {} elements", x.name, x.m, x.n);
    budget::check(op, items, limit, &what, "pairs visited and cells")?;
    let t_extent = x.tv.size_mode(&[0])?;
    let mut owners = vec![None; (x.m * x.n) as usize];
    for &t in threads {
        for v in 0..values {
            let k = x.tv.call_int(t + t_extent * v)?;
            if !(0..x.m * x.n).contains(&k) {
                return Err(Error::value(
                    op,
                    format!(
                        "(T{t}, V{v}) of {} reaches {k}, outside its {} x {} tile",
                        x.name, x.m, x.n
                    ),
                ));
            }
            // the tile is column-major; the grid is row-major
            let cell = &mut owners[((k % x.m) * x.n + k / x.m) as usize];
            if cell.is_none() {
                *cell = Some((t, v));
            }
        }
    }
    Ok(TvGrid {
        m: x.m,
        n: x.n,
        header: format!("{}: {}", x.name, x.tv),
        owners,
    })
}

/// The thread indices of a tiled MMA, in order: the image of its thread
/// layout.
fn mma_threads(op: &'static str, tm: &TiledMma, limit: u64) -> Result<Vec<i64>> {
    let vmnk = tm.thr_layout_vmnk();
    let n = vmnk.size()?;
    let what = format_args!("a TiledMMA of {n} threads");
    budget::check(op, Items::of(n), limit, &what, "threads")?;
    let mut t = (0..n)
        .map(|i| vmnk.call_int(i))
        .collect::<Result<Vec<_>>>()?;
    t.sort_unstable();
    t.dedup();
    Ok(t)
}

/// The threads of a tiled copy, `0..n`, counted against `limit` first.
fn copy_threads(op: &'static str, tc: &TiledCopy, limit: u64) -> Result<Vec<i64>> {
    let n = tc.num_threads()?;
    let what = format_args!("a TiledCopy of {n} threads");
    budget::check(op, Items::of(n), limit, &what, "threads")?;
    Ok((0..n).collect())
}

/// A, B transposed and C of a tiled MMA.
fn mma_operands(tm: &TiledMma) -> Result<[Operand; 3]> {
    let [m, n, k] = tm.tile_shape()?;
    // B's (n, k) index n + N k as the index k + K n of a (K, N) tile
    let transpose: Layout = Layout::from_ints(
        &crate::htuple::HTuple::Tuple(vec![
            crate::htuple::HTuple::Leaf(n),
            crate::htuple::HTuple::Leaf(k),
        ]),
        &crate::htuple::HTuple::Tuple(vec![
            crate::htuple::HTuple::Leaf(k),
            crate::htuple::HTuple::Leaf(1),
        ]),
    )?;
    let b = crate::algebra::composition(&transpose, &tm.get_layout_b_tv()?)?;
    Ok([
        Operand {
            name: "A",
            tv: tm.get_layout_a_tv()?,
            m,
            n: k,
        },
        Operand {
            name: "B",
            tv: b,
            m: k,
            n,
        },
        Operand {
            name: "C",
            tv: tm.get_layout_c_tv()?,
            m,
            n,
        },
    ])
}

/// Source and destination of a tiled copy.
fn copy_operands(tc: &TiledCopy) -> Result<[Operand; 2]> {
    let tile = tc.tile_shape()?;
    let (m, n) = match tile[..] {
        [m] => (m, 1),
        [m, n] => (m, n),
        _ => {
            return Err(Error::value(
                "print_svg",
                format!("draws a tiled copy of a rank-1 or rank-2 tile; its tile is {tile:?}"),
            ))
        }
    };
    Ok([
        Operand {
            name: "S",
            tv: tc.get_layout_s_tv()?,
            m,
            n,
        },
        Operand {
            name: "D",
            tv: tc.get_layout_d_tv()?,
            m,
            n,
        },
    ])
}

/// Draws the grids at their corners into one SVG document.
fn svg(title: &str, grids: &[(TvGrid, (i64, i64))], color: &impl TvColor) -> String {
    let (w, h) = grids.iter().fold((0, 0), |(w, h), (g, (x, y))| {
        let (gw, gh) = grid_size(g.m, g.n);
        (w.max(x + gw), h.max(y + gh))
    });
    let mut out = String::new();
    document(&mut out, title, w, h);
    for (g, at) in grids {
        let name = g.header.split(':').next().unwrap_or("");
        let _ = writeln!(
            out,
            "<g class=\"operand\" data-operand=\"{}\">",
            escape(name)
        );
        let _ = writeln!(out, "<title>{}</title>", escape(&g.header));
        indices(&mut out, *at, g.m, g.n);
        // the operand's name in the grid's corner, above the row indices
        let _ = writeln!(
            out,
            "<text class=\"operand-name\" x=\"{}\" y=\"{}\" font-size=\"18\" font-weight=\"bold\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            at.0 + CORNER,
            at.1 + CORNER,
            escape(name)
        );
        tv_cells(&mut out, *at, g, color);
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// Draws a tiled MMA as SVG (CuTe C++'s `print_svg(TiledMMA)`): A at the
/// bottom left, B transposed at the top right, C at the bottom right, each
/// element `T<thread>` over `V<value>` on its thread's color (CuTe's
/// palette of eight). Each operand is a `<g class="operand"
/// data-operand="A">` of `<rect class="cell" data-m data-n>` cells.
///
/// # Errors
/// `ValueError` if the picture would have more than
/// [`super::MAX_DRAW_ITEMS`] items; as the tiled MMA's layouts.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{make_tiled_mma, MmaAtom, MmaOp};
/// use cute_dynamic::viz::draw_svg_mma;
/// let atom = MmaAtom::new(MmaOp::from_name("SM80_16x8x8_F32F16F16F32_TN").unwrap()).unwrap();
/// let tm = make_tiled_mma(atom, None, &[]).unwrap();
/// let svg = draw_svg_mma(&tm).unwrap();
/// // A 16 x 8, B 8 x 8, C 16 x 8
/// assert_eq!(svg.matches("<rect class=\"cell\"").count(), 128 + 64 + 128);
/// assert!(svg.contains("data-operand=\"C\""));
/// ```
pub fn draw_svg_mma(tm: &TiledMma) -> Result<String> {
    let threads = mma_threads("print_svg", tm, MAX_DRAW_ITEMS)?;
    let [a, b, c] = mma_operands(tm)?;
    let (wa, _) = grid_size(a.m, a.n);
    let (_, hb) = grid_size(b.m, b.n);
    let grids = [
        (owners("print_svg", &a, &threads, MAX_DRAW_ITEMS)?, (0, hb)),
        (owners("print_svg", &b, &threads, MAX_DRAW_ITEMS)?, (wa, 0)),
        (owners("print_svg", &c, &threads, MAX_DRAW_ITEMS)?, (wa, hb)),
    ];
    Ok(svg(
        &format!("TiledMMA {}", tm.atom().name()),
        &grids,
        &thread_color_8x,
    ))
}

/// Draws a tiled copy as SVG (CuTe C++'s `print_svg(TiledCopy)`): the
/// source (`S`) and the destination (`D`) tiles side by side, each element
/// `T<thread>` over `V<value>` on its thread's color.
///
/// # Errors
/// As [`draw_svg_mma`]; `ValueError` for a tile of rank above 2.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{make_tiled_copy, CopyAtom, CopyOp, ValueType};
/// use cute_dynamic::viz::draw_svg_copy;
/// let l = |s: &str| s.parse::<cute_dynamic::Layout>().unwrap();
/// let ca = CopyAtom::new(CopyOp::universal(ValueType::U64), ValueType::F16).unwrap();
/// let tc = make_tiled_copy(ca, &l("(4, 2):(2, 1)"), &l("(1, 4):(1, 1)")).unwrap();
/// let svg = draw_svg_copy(&tc).unwrap();
/// assert_eq!(svg.matches("<rect class=\"cell\"").count(), 2 * 32);
/// ```
pub fn draw_svg_copy(tc: &TiledCopy) -> Result<String> {
    let threads = copy_threads("print_svg", tc, MAX_DRAW_ITEMS)?;
    let [s, d] = copy_operands(tc)?;
    let (ws, _) = grid_size(s.m, s.n);
    let grids = [
        (owners("print_svg", &s, &threads, MAX_DRAW_ITEMS)?, (0, 0)),
        (owners("print_svg", &d, &threads, MAX_DRAW_ITEMS)?, (ws, 0)),
    ];
    Ok(svg(
        &format!("TiledCopy {}", tc.atom().name()),
        &grids,
        &thread_color_8x,
    ))
}

/// The grids at their corners `(row, column)` as one TikZ document.
fn latex(title: &str, grids: &[(TvGrid, (i64, i64))]) -> String {
    let mut out = format!("% {}\n{HEADER}", title.replace('\n', " "));
    for (g, (r, c)) in grids {
        let _ = writeln!(out, "% {}", g.header);
        let _ = writeln!(out, "\\begin{{scope}}[shift={{({r},{c})}}]");
        for i in 0..g.m {
            for j in 0..g.n {
                if let Some((t, v)) = g.owners[(i * g.n + j) as usize] {
                    let _ = writeln!(
                        out,
                        "\\node[fill={}] at ({i},{j}) {{\\shortstack{{T{t} \\\\ V{v}}}}};",
                        tikz_color(thread_color_8x(t, v))
                    );
                }
            }
        }
        frame(&mut out, g.m, g.n);
        out.push_str("\\end{scope}\n");
    }
    out.push_str(FOOTER);
    out
}

/// The LaTeX (TikZ) form of [`draw_svg_mma`] (CuTe C++'s
/// `print_latex(TiledMMA)`).
///
/// # Errors
/// As [`draw_svg_mma`].
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{make_tiled_mma, MmaAtom, MmaOp};
/// use cute_dynamic::viz::draw_latex_mma;
/// let atom = MmaAtom::new(MmaOp::from_name("SM80_8x8x4_F64F64F64F64_TN").unwrap()).unwrap();
/// let tex = draw_latex_mma(&make_tiled_mma(atom, None, &[]).unwrap()).unwrap();
/// assert_eq!(tex.matches("\\begin{scope}").count(), 3);
/// assert!(tex.contains("\\shortstack{T0 \\\\ V0}"));
/// ```
pub fn draw_latex_mma(tm: &TiledMma) -> Result<String> {
    let threads = mma_threads("print_latex", tm, MAX_DRAW_ITEMS)?;
    let [a, b, c] = mma_operands(tm)?;
    // rows and columns, one cell each, with a row and a column of indices
    let (ka, kb) = (a.n + 2, b.m + 2);
    let grids = [
        (
            owners("print_latex", &a, &threads, MAX_DRAW_ITEMS)?,
            (kb, 0),
        ),
        (
            owners("print_latex", &b, &threads, MAX_DRAW_ITEMS)?,
            (0, ka),
        ),
        (
            owners("print_latex", &c, &threads, MAX_DRAW_ITEMS)?,
            (kb, ka),
        ),
    ];
    Ok(latex(&format!("TiledMMA {}", tm.atom().name()), &grids))
}

/// The LaTeX (TikZ) form of [`draw_svg_copy`] (CuTe C++'s
/// `print_latex(TiledCopy)`).
///
/// # Errors
/// As [`draw_svg_copy`].
pub fn draw_latex_copy(tc: &TiledCopy) -> Result<String> {
    let threads = copy_threads("print_latex", tc, MAX_DRAW_ITEMS)?;
    let [s, d] = copy_operands(tc)?;
    let grids = [
        (owners("print_latex", &s, &threads, MAX_DRAW_ITEMS)?, (0, 0)),
        (
            owners("print_latex", &d, &threads, MAX_DRAW_ITEMS)?,
            (0, s.n + 2),
        ),
    ];
    Ok(latex(&format!("TiledCopy {}", tc.atom().name()), &grids))
}

/// A grid as text: a header line, then a row of `T<t>V<v>` cells (`.` for
/// an element no thread holds) per row, in columns of one width.
fn text(out: &mut String, g: &TvGrid) {
    let label = |o: Option<(i64, i64)>| o.map_or(".".to_string(), |(t, v)| format!("T{t}V{v}"));
    let width = g.owners.iter().map(|&o| label(o).len()).max().unwrap_or(1);
    let _ = writeln!(out, "{} ({} x {})", g.header, g.m, g.n);
    for i in 0..g.m {
        let row: Vec<String> = (0..g.n)
            .map(|j| format!("{:>width$}", label(g.owners[(i * g.n + j) as usize])))
            .collect();
        let _ = writeln!(out, "{}", row.join(" "));
    }
}

/// The text form of a tiled MMA (CuTe C++'s `print_layout` of its A, B
/// and C thread-value layouts): each operand's tile, A `(M, K)`, B `(K, N)`
/// and C `(M, N)`, each element `T<thread>V<value>`.
///
/// # Errors
/// `ValueError` if the text would have more than
/// [`super::MAX_PRINT_ITEMS`] items; as the tiled MMA's layouts.
///
/// # Examples
/// ```
/// use cute_dynamic::atom::{make_tiled_mma, MmaAtom, MmaOp};
/// use cute_dynamic::viz::print_layout_mma;
/// let atom = MmaAtom::new(MmaOp::from_name("SM80_16x8x8_F32F16F16F32_TN").unwrap()).unwrap();
/// let text = print_layout_mma(&make_tiled_mma(atom, None, &[]).unwrap()).unwrap();
/// assert!(text.starts_with("A: "));
/// assert!(text.lines().any(|l| l.starts_with(" T0V0  T0V1  T1V0")));
/// ```
pub fn print_layout_mma(tm: &TiledMma) -> Result<String> {
    let threads = mma_threads("print_layout", tm, MAX_PRINT_ITEMS)?;
    let mut out = String::new();
    for x in mma_operands(tm)? {
        text(
            &mut out,
            &owners("print_layout", &x, &threads, MAX_PRINT_ITEMS)?,
        );
        out.push('\n');
    }
    Ok(out)
}

/// The text form of a tiled copy: its source and destination tiles, as
/// [`print_layout_mma`] prints an MMA's operands.
///
/// # Errors
/// As [`print_layout_mma`]; `ValueError` for a tile of rank above 2.
pub fn print_layout_copy(tc: &TiledCopy) -> Result<String> {
    let threads = copy_threads("print_layout", tc, MAX_PRINT_ITEMS)?;
    let mut out = String::new();
    for x in copy_operands(tc)? {
        text(
            &mut out,
            &owners("print_layout", &x, &threads, MAX_PRINT_ITEMS)?,
        );
        out.push('\n');
    }
    Ok(out)
}
