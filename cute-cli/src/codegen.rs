//! `cute codegen`: a layout's offset as C, CUDA or Rust source over named
//! coordinates.

use cute_dynamic::codegen::{function_code, Coords, Lang, Sym};
use cute_dynamic::{Error, Layout, Result};
use cute_expr::{Env, Outcome, Value};

use crate::args::Arg;

/// What `cute codegen` was asked for.
pub struct Options {
    src: String,
    lang: Lang,
    names: Option<Vec<String>>,
    function: Option<String>,
}

/// The limits of `cute codegen` beyond the evaluator's, for its help and
/// the README.
pub const LIMITS: &str = "the offset is an expression of at most 4096 nodes, nested at \
     most 24 levels (the limits of every symbolic integer: a linear index split over \
     more than 24 symbolic extents nests deeper; give one name per mode or per leaf); \
     the work is polynomial in the leaves (about quadratic: 64 symbolic leaves take \
     under a millisecond)";

/// Reads `EXPR [--lang c|cuda|rust] [--coord NAMES] [--fn NAME]`; `Err` is
/// a usage message.
pub fn parse_options(args: &[Arg]) -> std::result::Result<Options, String> {
    let mut it = args.iter();
    let src = it
        .next()
        .ok_or("the layout expression is missing")?
        .text()
        .map_err(|e| e.0)?;
    let mut o = Options {
        src: src.to_string(),
        lang: Lang::C,
        names: None,
        function: None,
    };
    while let Some(flag) = it.next() {
        let flag = flag.text().map_err(|e| e.0)?;
        if !matches!(flag, "--lang" | "--coord" | "--fn") {
            return Err(format!("unknown option {flag:?}"));
        }
        let value = it
            .next()
            .ok_or(format!("{flag} needs a value"))?
            .text()
            .map_err(|e| e.0)?;
        match flag {
            "--lang" => {
                o.lang = match value {
                    "c" => Lang::C,
                    "cuda" => Lang::Cuda,
                    "rust" => Lang::Rust,
                    other => return Err(format!("unknown language {other:?} (c, cuda or rust)")),
                }
            }
            "--coord" => {
                o.names = Some(value.split(',').map(|n| n.trim().to_string()).collect());
            }
            _ => o.function = Some(value.to_string()),
        }
    }
    Ok(o)
}

/// The default names: one per mode, `i, j, k, l, m, n`, or one index `i`.
const DEFAULT_NAMES: [&str; 6] = ["i", "j", "k", "l", "m", "n"];

/// The layout the line `src` evaluates to (statements separated by `;`,
/// the last an expression), as a symbolic layout: symbols made on the line
/// (`M = symbols('M'); Layout((M, 8), (1, M))`) stay symbols.
fn layout_of(src: &str) -> Result<Layout<Sym>> {
    match cute_expr::eval(src, &mut Env::new())? {
        Outcome::Value(Value::Layout(l)) => Ok(l.to_symbolic()),
        Outcome::Value(Value::SymLayout(l)) => Ok(*l),
        Outcome::Value(v) => Err(Error::type_error(
            "codegen",
            format!("expected a Layout, got {} {v}", v.type_name()),
        )),
        Outcome::Statement => Err(Error::type_error(
            "codegen",
            "the line ends with a statement; its last part must be a layout",
        )),
    }
}

/// The code for the options: an expression, or a function named `--fn`
/// whose parameters are the coordinates, then the layout's symbols that the
/// code reads. Every name is checked for the language
/// ([`cute_dynamic::codegen::check_name`]); none is pasted into the code
/// unchecked.
///
/// # Errors
/// Whatever evaluating the expression raises; a `TypeError` for a value
/// that is not a layout; a `ValueError` for a name the language does not
/// accept, names given twice, or a number of names that fits neither one
/// index, the modes nor the leaves; as
/// [`cute_dynamic::codegen::index_code`].
pub fn run(o: &Options) -> Result<String> {
    let layout = layout_of(&o.src)?;
    let rank = layout.rank();
    let names: Vec<&str> = match &o.names {
        Some(n) => n.iter().map(String::as_str).collect(),
        None if rank <= DEFAULT_NAMES.len() => DEFAULT_NAMES[..rank].to_vec(),
        None => vec!["i"],
    };
    let coords = if names.len() == 1 && rank != 1 {
        Coords::Index(names[0])
    } else if names.len() == rank {
        Coords::Modes(&names)
    } else if names.len() == layout.leaves().len() {
        Coords::Natural(&names)
    } else {
        return Err(Error::value(
            "codegen",
            format!(
                "{} coordinate names for a layout of rank {rank} with {} leaves: give one index, one name per mode or one per leaf",
                names.len(),
                layout.leaves().len()
            ),
        ));
    };
    match &o.function {
        None => Ok(format!("{}\n", layout.index_code(coords, o.lang)?)),
        Some(f) => function_code(&layout, coords, f, o.lang),
    }
}
