//! `cute codegen`: a layout's offset as C, CUDA or Rust source over named
//! coordinates.

use cute_dynamic::codegen::{parameters, Coords, Lang, Sym};
use cute_dynamic::{Error, Layout, Result};
use cute_expr::{Env, Outcome, Value};

/// What `cute codegen` was asked for.
pub struct Options<'a> {
    src: &'a str,
    lang: Lang,
    names: Option<Vec<&'a str>>,
    function: Option<&'a str>,
}

/// Reads `EXPR [--lang c|cuda|rust] [--coord NAMES] [--fn NAME]`.
pub fn parse_options<'a>(args: &[&'a str]) -> std::result::Result<Options<'a>, String> {
    let mut it = args.iter();
    let src = it.next().ok_or("the layout expression is missing")?;
    let mut o = Options {
        src,
        lang: Lang::C,
        names: None,
        function: None,
    };
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        match *flag {
            "--lang" => {
                o.lang = match *value {
                    "c" => Lang::C,
                    "cuda" => Lang::Cuda,
                    "rust" => Lang::Rust,
                    other => return Err(format!("unknown language {other:?} (c, cuda or rust)")),
                }
            }
            "--coord" => o.names = Some(value.split(',').map(str::trim).collect()),
            "--fn" => o.function = Some(value),
            other => return Err(format!("unknown option {other:?}")),
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
/// code reads.
pub fn run(o: &Options<'_>) -> Result<String> {
    let layout = layout_of(o.src)?;
    let rank = layout.rank();
    let names: Vec<&str> = match &o.names {
        Some(n) => n.clone(),
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
    let expr = layout.index_expr(coords)?;
    let code = expr.to_code(o.lang)?;
    // the layout's symbols that the code reads, in the layout's order
    let used = expr.symbols();
    let symbols: Vec<String> = parameters(&layout)
        .into_iter()
        .filter(|p| used.iter().any(|(u, _)| u == p))
        .collect();
    let at = names.join(", ");
    let names: Vec<&str> = names
        .iter()
        .copied()
        .chain(symbols.iter().map(String::as_str))
        .collect();
    Ok(match o.function {
        None => format!("{code}\n"),
        Some(f) => {
            let params = |ty: &str| {
                names
                    .iter()
                    .map(|n| format!("{ty} {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            match o.lang {
                Lang::Rust => {
                    // symbols such as `M` are not snake case
                    let allow = if symbols.is_empty() {
                        ""
                    } else {
                        "\n#[allow(non_snake_case)]"
                    };
                    let p: Vec<String> = names.iter().map(|n| format!("{n}: i64")).collect();
                    format!(
                        "/// The offset of {layout} at ({at}).\n#[inline(always)]{allow}\npub fn {f}({}) -> i64 {{\n    {code}\n}}\n",
                        p.join(", ")
                    )
                }
                Lang::C => format!(
                    "/* The offset of {layout} at ({at}). */\nstatic inline int64_t {f}({}) {{\n    return {code};\n}}\n",
                    params("int64_t")
                ),
                // `Lang` is non-exhaustive in spirit: CUDA and anything like it
                _ => format!(
                    "// The offset of {layout} at ({at}).\n__host__ __device__ inline int64_t {f}({}) {{\n    return {code};\n}}\n",
                    params("int64_t")
                ),
            }
        }
    })
}
