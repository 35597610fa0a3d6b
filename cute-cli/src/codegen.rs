//! `cute codegen`: a layout's offset as C, CUDA or Rust source over named
//! coordinates.

use cute_dynamic::codegen::{Coords, Lang};
use cute_dynamic::{Error, Result};

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

/// The code for the options: an expression, or a function named `--fn`.
pub fn run(o: &Options<'_>) -> Result<String> {
    let layout = crate::draw::layout_of(o.src, "codegen")?;
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
    } else if names.len() == layout.shape().leaf_count() {
        Coords::Natural(&names)
    } else {
        return Err(Error::value(
            "codegen",
            format!(
                "{} coordinate names for a layout of rank {rank} with {} leaves: give one index, one name per mode or one per leaf",
                names.len(),
                layout.shape().leaf_count()
            ),
        ));
    };
    let code = layout.index_code(coords, o.lang)?;
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
                    let p: Vec<String> = names.iter().map(|n| format!("{n}: i64")).collect();
                    format!(
                        "/// The offset of {layout} at ({}).\n#[inline(always)]\npub fn {f}({}) -> i64 {{\n    {code}\n}}\n",
                        names.join(", "),
                        p.join(", ")
                    )
                }
                Lang::C => format!(
                    "/* The offset of {layout} at ({}). */\nstatic inline int64_t {f}({}) {{\n    return {code};\n}}\n",
                    names.join(", "),
                    params("int64_t")
                ),
                // `Lang` is non-exhaustive in spirit: CUDA and anything like it
                _ => format!(
                    "// The offset of {layout} at ({}).\n__host__ __device__ inline int64_t {f}({}) {{\n    return {code};\n}}\n",
                    names.join(", "),
                    params("int64_t")
                ),
            }
        }
    })
}
