//! `draw_latex` and `draw_latex_tv`: the pictures of [`super::draw_svg`] and
//! [`super::draw_svg_tv`] as standalone TikZ documents, in the form of CuTe
//! C++'s `print_latex` and `print_latex_tv`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use cute_core::{Error, Result};

use super::colors::{OffsetColor, Rgb, TvColor};
use super::svg::{grid, tv_grid};
use super::Cells;
use crate::htuple::IntTuple;
use crate::layout::Layout;

/// The preamble of CuTe's `print_latex`: a standalone TikZ picture whose x
/// axis points down the rows and y axis along the columns, one 1 cm node per
/// cell.
pub(super) const HEADER: &str = "\\documentclass{standalone}\n\
\\usepackage{tikz}\n\n\
\\begin{document}\n\
\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n";

pub(super) const FOOTER: &str = "\\end{tikzpicture}\n\\end{document}\n";

pub(super) fn tikz_color((r, g, b): Rgb) -> String {
    format!("{{rgb,255:red,{r};green,{g};blue,{b}}}")
}

/// Text safe in a TikZ node: TeX's special characters escaped.
fn tex_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '#' | '$' | '%' | '&' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            _ => out.push(c),
        }
    }
    out
}

/// The grid lines and the row and column indices.
pub(super) fn frame(out: &mut String, m: i64, n: i64) {
    let _ = writeln!(
        out,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] (0,0) grid ({m},{n});\n"
    );
    for i in 0..m {
        let _ = writeln!(out, "\\node at ({i},-1) {{\\Large{{\\texttt{{{i}}}}}}};");
    }
    for j in 0..n {
        let _ = writeln!(out, "\\node at (-1,{j}) {{\\Large{{\\texttt{{{j}}}}}}};");
    }
}

/// The LaTeX analogue of [`super::draw_svg`] (the specification's
/// `draw_latex`, CuTe C++'s `print_latex`): a standalone TikZ document with
/// one node per cell, `\node[fill=COLOR] at (m,n) {LABEL};`, the grid, and
/// the row and column indices. Returns the document; [`write_latex`] saves
/// it and compiles it to PDF.
///
/// # Pre-conditions
/// `rank(x)` is 1 or 2 (rank 1 is one row), with at most
/// [`super::MAX_DRAW_ITEMS`] items (cells, row and column indices).
///
/// # Errors
/// As [`super::draw_svg`].
///
/// # Examples
/// ```
/// use cute_dynamic::viz::{colors::white, draw_latex};
/// use cute_dynamic::Layout;
/// let tex = draw_latex(&"(2, 2):(1, 2)".parse::<Layout>().unwrap(), &white()).unwrap();
/// assert!(tex.starts_with("% Layout: (2, 2):(1, 2)\n\\documentclass{standalone}"));
/// assert!(tex.contains("\\node[fill={rgb,255:red,255;green,255;blue,255}] at (1,1) {3};"));
/// assert!(tex.ends_with("\\end{document}\n"));
/// ```
pub fn draw_latex(x: &impl Cells, color: &impl OffsetColor) -> Result<String> {
    let g = grid("draw_latex", x)?;
    let mut out = format!("% Layout: {}\n{HEADER}", g.header);
    for i in 0..g.m {
        for j in 0..g.n {
            let (label, key) = &g.cells[(i * g.n + j) as usize];
            let _ = writeln!(
                out,
                "\\node[fill={}] at ({i},{j}) {{{}}};",
                tikz_color(color.color(*key)),
                tex_escape(label)
            );
        }
    }
    frame(&mut out, g.m, g.n);
    out.push_str(FOOTER);
    Ok(out)
}

/// The LaTeX analogue of [`super::draw_svg_tv`] (the specification's
/// `draw_latex_tv`, CuTe C++'s `print_latex_tv`): the same thread-value
/// layouts (a 2-D codomain, or linear offsets folded through a rank-2
/// `tile_mn`), each owned position a node `\shortstack{T<tid> \\ V<vid>}`.
///
/// # Pre-conditions
/// As [`super::draw_svg_tv`].
///
/// # Errors
/// As [`super::draw_svg_tv`].
///
/// # Examples
/// ```
/// use cute_dynamic::viz::{colors::thread_color_8x, draw_latex_tv};
/// use cute_dynamic::{IntTuple, Layout};
/// let tv: Layout = "(2, 2):(1@1, 1@0)".parse().unwrap();
/// let tex = draw_latex_tv(&tv, None, &thread_color_8x).unwrap();
/// assert!(tex.contains("at (1,0) {\\shortstack{T0 \\\\ V1}};"));
/// ```
pub fn draw_latex_tv(
    layout: &Layout,
    tile_mn: Option<&IntTuple>,
    color: &impl TvColor,
) -> Result<String> {
    let g = tv_grid("draw_latex_tv", layout, tile_mn)?;
    let mut out = format!("% Layout TV: {}\n{HEADER}", g.header);
    for i in 0..g.m {
        for j in 0..g.n {
            if let Some((t, v)) = g.owners[(i * g.n + j) as usize] {
                let _ = writeln!(
                    out,
                    "\\node[fill={}] at ({i},{j}) {{\\shortstack{{T{t} \\\\ V{v}}}}};",
                    tikz_color(color.color(t, v))
                );
            }
        }
    }
    frame(&mut out, g.m, g.n);
    out.push_str(FOOTER);
    Ok(out)
}

/// Writes a TikZ document to `path` and, with `compile_pdf`, compiles it
/// with `pdflatex` into a PDF beside it (the specification's `filename` and
/// `compile_pdf` arguments). A missing or failing `pdflatex` leaves the
/// `.tex` in place and is not an error: the result is then `None`.
///
/// # Errors
/// `ValueError` if the file cannot be written.
///
/// # Examples
/// ```
/// use cute_dynamic::viz::{colors::white, draw_latex, write_latex};
/// use cute_dynamic::Layout;
/// let dir = std::env::temp_dir().join(format!("cute-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let tex = draw_latex(&"4:1".parse::<Layout>().unwrap(), &white()).unwrap();
/// let path = dir.join("layout.tex");
/// let pdf = write_latex(&path, &tex, false).unwrap();
/// assert!(pdf.is_none() && path.exists());
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_latex(path: &Path, tex: &str, compile_pdf: bool) -> Result<Option<PathBuf>> {
    std::fs::write(path, tex).map_err(|e| {
        Error::value(
            "draw_latex",
            format!("cannot write {}: {e}", path.display()),
        )
    })?;
    if !compile_pdf {
        return Ok(None);
    }
    // a relative name that starts with '-' would read as an option of pdflatex
    let dashed = path.is_relative() && path.as_os_str().as_encoded_bytes().first() == Some(&b'-');
    let path = &if dashed {
        Path::new(".").join(path)
    } else {
        path.to_path_buf()
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let status = Command::new("pdflatex")
        .arg("-interaction=nonstopmode")
        .arg("-halt-on-error")
        .arg("-output-directory")
        .arg(&dir)
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let pdf = path.with_extension("pdf");
    match status {
        Ok(s) if s.success() && pdf.exists() => Ok(Some(pdf)),
        _ => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::viz::colors::{bank_color_32x, thread_color_8x};

    #[test]
    fn test_draw_latex_nodes() {
        let l: Layout = "(2, 3):(3, 1)".parse().unwrap();
        let tex = draw_latex(&l, &bank_color_32x).unwrap();
        for i in 0..2 {
            for j in 0..3 {
                let off = 3 * i + j;
                let (r, g, b) = bank_color_32x(off);
                let node = format!(
                    "\\node[fill={{rgb,255:red,{r};green,{g};blue,{b}}}] at ({i},{j}) {{{off}}};"
                );
                assert!(tex.contains(&node), "{node}\n{tex}");
            }
        }
        assert!(tex.contains("grid (2,3);"));
        assert_eq!(tex.matches("\\node[fill=").count(), 6);
        assert!(draw_latex(
            &"(2, 2, 2):(1, 2, 4)".parse::<Layout>().unwrap(),
            &bank_color_32x
        )
        .is_err());
    }

    #[test]
    fn test_draw_latex_tv_first_wins_and_escapes() {
        // two threads on the same position (stride 0): thread 0 wins
        let tv: Layout = "(2, 2):(0, 1)".parse().unwrap();
        let tile: IntTuple = "(1, 2)".parse().unwrap();
        let tex = draw_latex_tv(&tv, Some(&tile), &thread_color_8x).unwrap();
        assert!(
            tex.contains("at (0,1) {\\shortstack{T0 \\\\ V1}};"),
            "{tex}"
        );
        assert!(!tex.contains("T1"));
        assert_eq!(tex_escape("a_b{c}%"), "a\\_b\\{c\\}\\%");
    }

    #[test]
    fn test_write_latex_without_or_with_pdflatex() {
        let dir = std::env::temp_dir().join(format!("cute-latex-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.tex");
        let tex = draw_latex(&"(2, 2):(1, 2)".parse::<Layout>().unwrap(), &bank_color_32x).unwrap();
        // either pdflatex is there and makes a PDF, or the .tex stays alone
        let pdf = write_latex(&path, &tex, true).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), tex);
        if let Some(p) = pdf {
            assert!(std::fs::read(p).unwrap().starts_with(b"%PDF"));
        }
        assert!(write_latex(&dir.join("missing").join("x.tex"), &tex, false).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
