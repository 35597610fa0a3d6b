//! `cute table`, `cute svg`, `cute svg-tv`, `cute latex`, `cute latex-tv`:
//! a layout or a tensor given as an expression, printed as a grid or drawn.
//!
//! [`layout_of`] and [`drawable`] are the places these commands (and the
//! tour) call the expression evaluator.

use std::path::{Path, PathBuf};

use cute_dynamic::atom::{make_tiled_mma, MmaAtom, TiledCopy, TiledMma};
use cute_dynamic::viz::{self, colors, Cells};
use cute_dynamic::{Error, IntTuple, Layout, Result};
use cute_expr::{AtomValue, CellTable, Env, Outcome, Value};

use crate::args::Arg;

/// The layout an expression of the specification's language evaluates to.
///
/// # Errors
/// Whatever evaluating `src` raises; a `TypeError` if it is not a layout.
pub fn layout_of(src: &str, op: &'static str) -> Result<Layout> {
    cute_expr::eval_expr(src)?.to_layout(op)
}

/// What the printing and drawing commands show: a layout (each cell its
/// value), or a tensor (each cell its element, read through its accessor).
pub enum Drawable {
    /// A layout.
    Layout(Layout),
    /// A tensor's cells.
    Tensor(CellTable),
}

impl Cells for Drawable {
    fn layout(&self) -> &Layout {
        match self {
            Drawable::Layout(l) => l,
            Drawable::Tensor(t) => t.layout(),
        }
    }

    fn label(&self, crd: &[i64]) -> Result<String> {
        match self {
            Drawable::Layout(l) => l.label(crd),
            Drawable::Tensor(t) => t.label(crd),
        }
    }

    fn color_key(&self, crd: &[i64]) -> Result<Option<i64>> {
        match self {
            Drawable::Layout(l) => l.color_key(crd),
            Drawable::Tensor(t) => t.color_key(crd),
        }
    }
}

/// The value the line `src` (statements separated by `;`, the last one an
/// expression) evaluates to in `env`.
///
/// # Errors
/// Whatever evaluating `src` raises; a `TypeError`, naming `op`, if the line
/// ends with a statement.
fn value_of(src: &str, env: &mut Env, op: &'static str) -> Result<Value> {
    match cute_expr::eval(src, env)? {
        Outcome::Value(v) => Ok(v),
        Outcome::Statement => Err(Error::type_error(
            op,
            "the line ends with a statement; its last part must be a layout or a tensor",
        )),
    }
}

/// The layout or tensor a value is (a tensor of a `Swizzle(...)` composed
/// with a layout too, `composition(Swizzle(3, 3, 3), Layout((8, 64), (64,
/// 1)))`, whose cells are the swizzled offsets).
fn drawable_of(v: Value, env: &mut Env, op: &'static str) -> Result<Drawable> {
    match v {
        Value::Layout(l) => Ok(Drawable::Layout(*l)),
        t @ Value::Tensor(_) => Ok(Drawable::Tensor(cute_expr::cell_table(&t, env)?)),
        v => Err(Error::type_error(
            op,
            format!("expected a Layout or a Tensor, got {} {v}", v.type_name()),
        )),
    }
}

/// The layout or tensor that the line `src` evaluates to in `env` (see
/// [`drawable_of`]).
///
/// # Errors
/// Whatever evaluating `src` or reading the tensor's elements raises; a
/// `TypeError`, naming `op`, for a value that is neither.
pub fn drawable(src: &str, env: &mut Env, op: &'static str) -> Result<Drawable> {
    let v = value_of(src, env, op)?;
    drawable_of(v, env, op)
}

/// What the printing and drawing commands show: a layout or a tensor, or a
/// tiled MMA or tiled copy (an MMA atom or instruction as its one-atom
/// tiled MMA).
pub enum Shown {
    /// A layout or a tensor.
    Cells(Drawable),
    /// A tiled MMA.
    Mma(Box<TiledMma>),
    /// A tiled copy.
    Copy(Box<TiledCopy>),
}

/// What the line `src` shows (see [`Shown`]).
///
/// # Errors
/// As [`drawable`].
pub fn shown(src: &str, env: &mut Env, op: &'static str) -> Result<Shown> {
    let v = value_of(src, env, op)?;
    if let Value::Atom(a) = &v {
        match &**a {
            AtomValue::TiledMma(t) => return Ok(Shown::Mma(Box::new(t.clone()))),
            AtomValue::TiledCopy(t) => return Ok(Shown::Copy(Box::new(t.clone()))),
            AtomValue::MmaAtom(a) => {
                return Ok(Shown::Mma(Box::new(make_tiled_mma(a.clone(), None, &[])?)))
            }
            AtomValue::MmaOp(o) => {
                return Ok(Shown::Mma(Box::new(make_tiled_mma(
                    MmaAtom::new(*o)?,
                    None,
                    &[],
                )?)))
            }
            _ => {}
        }
    }
    drawable_of(v, env, op).map(Shown::Cells)
}

/// The options of a drawing command.
#[derive(Debug, Default)]
pub struct Options {
    /// The expression.
    pub expr: String,
    /// `-o FILE`: where to write; standard output without it.
    pub output: Option<PathBuf>,
    /// `--color NAME`.
    pub color: Option<String>,
    /// `--tile M,N` (thread-value drawings).
    pub tile: Option<String>,
    /// `--no-pdf` (LaTeX drawings): do not run pdflatex.
    pub no_pdf: bool,
}

/// Reads `EXPR [-o FILE] [--color NAME] [--tile M,N] [--no-pdf]`; `Err` is a
/// usage message. The file name is taken as it is; every other argument
/// must be text.
pub fn parse_options(args: &[Arg], tv: bool, latex: bool) -> std::result::Result<Options, String> {
    let mut o = Options::default();
    let mut expr = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let a = arg.text().map_err(|e| e.0)?;
        let mut value = |flag: &str| it.next().ok_or_else(|| format!("{flag} needs a value"));
        match a {
            "-o" | "--output" => o.output = Some(value(a)?.path()),
            "--color" => o.color = Some(value(a)?.text().map_err(|e| e.0)?.to_string()),
            "--tile" if tv => o.tile = Some(value(a)?.text().map_err(|e| e.0)?.to_string()),
            "--no-pdf" if latex => o.no_pdf = true,
            flag if flag.starts_with("--") || (flag.starts_with('-') && flag.len() == 2) => {
                return Err(format!("unknown option {flag:?}"))
            }
            e if expr.is_none() => expr = Some(e.to_string()),
            e => return Err(format!("one expression only; {e:?} is a second")),
        }
    }
    o.expr = expr.ok_or("the expression is missing")?;
    if o.output.as_ref().is_some_and(|p| p.as_os_str().is_empty()) {
        return Err("-o needs a file name, not an empty one".into());
    }
    Ok(o)
}

/// `--tile 16,8` or `--tile "(16, 8)"` as a shape.
fn tile_shape(s: &str) -> Result<IntTuple> {
    let t = s.trim();
    let text = if t.starts_with('(') {
        t.to_string()
    } else {
        format!("({t})")
    };
    text.parse::<IntTuple>().map_err(|_| {
        Error::value(
            "--tile",
            format!("{s:?} is not a tile shape; write it M,N (for example 16,8)"),
        )
    })
}

/// `cute table EXPR`: the layout or tensor as a bordered grid, with its
/// header.
///
/// # Errors
/// As [`drawable`] and [`viz::print_table`].
pub fn table(src: &str, env: &mut Env) -> Result<String> {
    viz::print_table(&drawable(src, env, "print_table")?, true)
}

/// Where the result went, for the command to report.
pub enum Written {
    /// The text, for standard output.
    Stdout(String),
    /// The files written, in order.
    Files(Vec<PathBuf>, Option<String>),
}

fn write(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text)
        .map_err(|e| Error::value("cute", format!("cannot write {}: {e}", path.display())))
}

fn unknown_color(name: &str, kind: &str, names: &str) -> Error {
    Error::value(
        "--color",
        format!("unknown {kind} color {name:?}; the {kind} colors are {names}"),
    )
}

const OFFSET_NAMES: &str = "white, grey, bank8, bank16, bank32";
const TV_NAMES: &str = "thread, value, warp, white";

/// `cute svg` / `cute latex`: a rank-1 or rank-2 layout or tensor, colored
/// by offset (`white` by default; a swizzle composed with a layout by its
/// swizzled offsets), or a tiled MMA (A, B and C) or tiled copy (source and
/// destination), each element its thread and value, colored by thread.
///
/// # Errors
/// As [`drawable`], [`viz::draw_svg`] and [`viz::draw_latex`]; a
/// `ValueError` for an unknown color or a file that cannot be written.
pub fn draw(o: &Options, latex: bool) -> Result<Written> {
    let name = o.color.as_deref().unwrap_or("white");
    let color = colors::offset_color_by_name(name)
        .ok_or_else(|| unknown_color(name, "offset", OFFSET_NAMES))?;
    let op = if latex { "draw_latex" } else { "draw_svg" };
    let text = match (shown(&o.expr, &mut Env::new(), op)?, latex) {
        (Shown::Cells(x), true) => viz::draw_latex(&x, &color)?,
        (Shown::Cells(x), false) => viz::draw_svg(&x, &color)?,
        (Shown::Mma(t), true) => viz::draw_latex_mma(&t)?,
        (Shown::Mma(t), false) => viz::draw_svg_mma(&t)?,
        (Shown::Copy(t), true) => viz::draw_latex_copy(&t)?,
        (Shown::Copy(t), false) => viz::draw_svg_copy(&t)?,
    };
    finish(o, text, latex)
}

/// `cute svg-tv` / `cute latex-tv`: a thread-value layout, colored by
/// thread (`thread` by default), folded through `--tile` if given.
///
/// # Errors
/// As [`draw`], with [`viz::draw_svg_tv`] and [`viz::draw_latex_tv`].
pub fn draw_tv(o: &Options, latex: bool) -> Result<Written> {
    let name = o.color.as_deref().unwrap_or("thread");
    let color = colors::tv_color_by_name(name)
        .ok_or_else(|| unknown_color(name, "thread-value", TV_NAMES))?;
    let op = if latex {
        "draw_latex_tv"
    } else {
        "draw_svg_tv"
    };
    let layout = layout_of(&o.expr, op)?;
    let tile = o.tile.as_deref().map(tile_shape).transpose()?;
    let text = if latex {
        viz::draw_latex_tv(&layout, tile.as_ref(), &color)?
    } else {
        viz::draw_svg_tv(&layout, tile.as_ref(), &color)?
    };
    finish(o, text, latex)
}

fn finish(o: &Options, text: String, latex: bool) -> Result<Written> {
    let Some(path) = &o.output else {
        return Ok(Written::Stdout(text));
    };
    if !latex {
        write(path, &text)?;
        return Ok(Written::Files(vec![path.clone()], None));
    }
    let pdf = viz::write_latex(path, &text, !o.no_pdf)?;
    let note = (!o.no_pdf && pdf.is_none())
        .then(|| "pdflatex is not installed or failed; the .tex is left as it is".to_string());
    let mut files = vec![path.clone()];
    files.extend(pdf);
    Ok(Written::Files(files, note))
}
