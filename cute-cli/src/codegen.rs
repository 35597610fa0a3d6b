//! `cute codegen`: a layout's offset as C, CUDA or Rust source over named
//! coordinates.

use cute_dynamic::banks::Smem;
use cute_dynamic::codegen::{function_code_with, index_code_with, Coords, IndexType, Lang, Sym};
use cute_dynamic::htuple::HTuple;
use cute_dynamic::swizzle::Swizzle;
use cute_dynamic::{Error, Layout, Result};
use cute_expr::{Env, Outcome, Value};

use crate::args::Arg;

/// What `cute codegen` was asked for.
pub struct Options {
    src: String,
    lang: Lang,
    names: Option<Vec<String>>,
    /// `--coord` with parentheses: a profile of names.
    profile: Option<HTuple<String>>,
    function: Option<String>,
    index_type: IndexType,
}

/// The limits of `cute codegen` beyond the evaluator's, for its help and
/// the README.
pub const LIMITS: &str = "the offset is an expression of at most 4096 nodes, nested at \
     most 24 levels (the limits of every symbolic integer: a linear index split over \
     more than 24 symbolic extents nests deeper; give one name per mode or per leaf); \
     the work is polynomial in the leaves (about quadratic: 64 symbolic leaves take \
     under a millisecond)";

/// Reads `EXPR [--lang c|cuda|rust] [--coord NAMES] [--fn NAME] [--type
/// i32|u32|i64]`; `Err` is a usage message.
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
        profile: None,
        function: None,
        index_type: IndexType::I64,
    };
    while let Some(flag) = it.next() {
        let flag = flag.text().map_err(|e| e.0)?;
        if !matches!(flag, "--lang" | "--coord" | "--fn" | "--type") {
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
            "--type" => o.index_type = value.parse().map_err(|e: Error| e.to_string())?,
            "--coord" if value.contains('(') => o.profile = Some(profile(value)?),
            "--coord" => {
                o.names = Some(value.split(',').map(|n| n.trim().to_string()).collect());
            }
            _ => o.function = Some(value.to_string()),
        }
    }
    Ok(o)
}

/// `t,(v,(m,n))` or `(t, (v, (m, n)))` as a tree of names (each checked
/// later, as every name is); `Err` is a usage message.
fn profile(text: &str) -> std::result::Result<HTuple<String>, String> {
    fn tree(s: &[u8], at: &mut usize) -> std::result::Result<HTuple<String>, String> {
        let skip = |at: &mut usize| {
            while *at < s.len() && s[*at] == b' ' {
                *at += 1;
            }
        };
        skip(at);
        if s.get(*at) == Some(&b'(') {
            *at += 1;
            let mut items = vec![tree(s, at)?];
            skip(at);
            while s.get(*at) == Some(&b',') {
                *at += 1;
                items.push(tree(s, at)?);
                skip(at);
            }
            if s.get(*at) != Some(&b')') {
                return Err("a '(' of --coord is not closed".into());
            }
            *at += 1;
            Ok(HTuple::Tuple(items))
        } else {
            let start = *at;
            while *at < s.len() && !matches!(s[*at], b',' | b'(' | b')' | b' ') {
                *at += 1;
            }
            if start == *at {
                return Err("--coord has an empty name".into());
            }
            Ok(HTuple::Leaf(
                String::from_utf8_lossy(&s[start..*at]).into_owned(),
            ))
        }
    }
    let wrapped = format!("({text})");
    let (s, mut at) = (wrapped.as_bytes(), 0);
    let t = tree(s, &mut at)?;
    if at != s.len() {
        return Err("--coord has text after its last ')'".into());
    }
    // `(t, (v, m))` is the tuple itself, not a tuple of one tuple
    Ok(match t {
        HTuple::Tuple(mut items) if items.len() == 1 && text.trim_start().starts_with('(') => {
            items.remove(0)
        }
        t => t,
    })
}

/// The default names: one per mode, `i, j, k, l, m, n`, or one index `i`.
const DEFAULT_NAMES: [&str; 6] = ["i", "j", "k", "l", "m", "n"];

/// The layout the line `src` evaluates to (statements separated by `;`,
/// the last an expression), as a symbolic layout (symbols made on the line,
/// `M = symbols('M'); Layout((M, 8), (1, M))`, stay symbols), with the
/// swizzle applied after it, if the value is a swizzle composed with a
/// layout (`composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))`). A
/// layout with F2 strides is a layout.
fn layout_of(src: &str) -> Result<(Layout<Sym>, Option<Swizzle>)> {
    match cute_expr::eval(src, &mut Env::new())? {
        Outcome::Value(Value::Layout(l)) => Ok((l.to_symbolic(), None)),
        Outcome::Value(Value::SymLayout(l)) => Ok((*l, None)),
        Outcome::Value(t @ Value::Tensor(_)) => match t.to_smem() {
            // a swizzle after a layout: the tensor of its swizzled offsets
            Some(Smem::Swizzled(s)) => Ok((s.layout.to_symbolic(), Some(s.swizzle))),
            _ => Err(Error::type_error(
                "codegen",
                format!("expected a Layout or a swizzle composed with one, got the tensor {t}"),
            )),
        },
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
    let (layout, swizzle) = layout_of(&o.src)?;
    let rank = layout.rank();
    let names: Vec<&str> = match &o.names {
        Some(n) => n.iter().map(String::as_str).collect(),
        None if rank <= DEFAULT_NAMES.len() => DEFAULT_NAMES[..rank].to_vec(),
        None => vec!["i"],
    };
    fn strs(t: &HTuple<String>) -> HTuple<&str> {
        match t {
            HTuple::Leaf(n) => HTuple::Leaf(n.as_str()),
            HTuple::Tuple(ts) => HTuple::Tuple(ts.iter().map(strs).collect()),
        }
    }
    let tree: Option<HTuple<&str>> = o.profile.as_ref().map(strs);
    let coords = if let Some(t) = &tree {
        Coords::Profile(t)
    } else if names.len() == 1 && rank != 1 {
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
        None => Ok(format!(
            "{}\n",
            index_code_with(&layout, swizzle.as_ref(), coords, o.lang)?
        )),
        Some(f) => function_code_with(&layout, swizzle.as_ref(), coords, f, o.lang, o.index_type),
    }
}
