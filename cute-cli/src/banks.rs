//! `cute banks`: the shared-memory wavefronts of an access, its bank
//! picture, and the swizzle of a tile that makes its accesses
//! conflict-free (`cute_dynamic::banks`).
//!
//! - `cute banks TV SMEM BITS OP [--svg] [-o FILE]`: the report of
//!   `bank_conflicts` (or, with `--svg`, the bank picture), the TV layout
//!   possibly a tiled copy (`cute banks TC SMEM [OP]`);
//! - `cute banks --choose TILE ACCESS... [--top N] [--no-padding]`: the
//!   ranking of `choose_swizzle`.
//!
//! Every expression is evaluated in one environment, in order, so a later
//! one may use the names an earlier one set.

use std::path::PathBuf;

use cute_dynamic::atom::{TiledCopy, ValueType};
use cute_dynamic::banks::{
    bank_conflicts_of, choose_swizzle, Access, ChooseOptions, Op, Side, Smem,
};
use cute_dynamic::htuple::IntTuple;
use cute_dynamic::viz::draw_svg_banks;
use cute_dynamic::{Error, Layout, Result};
use cute_expr::{AtomValue, Env, Outcome, Value};

use crate::args::Arg;
use crate::draw::Written;

/// The limits of `cute banks` beyond the evaluator's, for its help.
pub const LIMITS: &str = "a TV layout has at most 1024 threads and 1048576 thread-value \
     pairs; --choose takes a tile of at most 1048576 elements and at most 134217728 \
     steps (candidates times the pairs and elements); the picture has at most 262144 \
     items (cells, row and column indices)";

/// What `cute banks` was asked for.
#[derive(Debug, Default)]
pub struct Options {
    /// The expressions, in order.
    exprs: Vec<String>,
    /// `--choose`.
    choose: bool,
    /// `--svg`.
    svg: bool,
    /// `-o FILE`.
    output: Option<PathBuf>,
    /// `--top N`.
    top: Option<usize>,
    /// `--no-padding`.
    no_padding: bool,
}

/// Reads the arguments; `Err` is a usage message.
pub fn parse_options(args: &[Arg]) -> std::result::Result<Options, String> {
    let mut o = Options::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let a = arg.text().map_err(|e| e.0)?;
        match a {
            "--choose" => o.choose = true,
            "--svg" => o.svg = true,
            "--no-padding" => o.no_padding = true,
            "-o" | "--output" => {
                o.output = Some(it.next().ok_or(format!("{a} needs a file name"))?.path());
            }
            "--top" => {
                let v = it
                    .next()
                    .ok_or("--top needs a number")?
                    .text()
                    .map_err(|e| e.0)?;
                o.top = Some(
                    v.parse::<usize>()
                        .ok()
                        .filter(|n| *n >= 1)
                        .ok_or(format!("--top takes a positive number, not {v:?}"))?,
                );
            }
            flag if flag.starts_with("--") || (flag.starts_with('-') && flag.len() == 2) => {
                return Err(format!("unknown option {flag:?}"))
            }
            e => o.exprs.push(e.to_string()),
        }
    }
    if o.output.as_ref().is_some_and(|p| p.as_os_str().is_empty()) {
        return Err("-o needs a file name, not an empty one".into());
    }
    if o.choose {
        if o.svg || o.output.is_some() {
            return Err("--choose prints a ranking; --svg and -o draw one access".into());
        }
        if o.exprs.len() < 2 {
            return Err("--choose takes the tile's layout and at least one access".into());
        }
    } else {
        if o.top.is_some() || o.no_padding {
            return Err("--top and --no-padding go with --choose".into());
        }
        if o.output.is_some() && !o.svg {
            return Err("-o writes the picture: give --svg too".into());
        }
        if !(2..=4).contains(&o.exprs.len()) {
            return Err(format!(
                "takes TV SMEM BITS OP (or TC SMEM [OP] for a tiled copy); {} argument{} given",
                o.exprs.len(),
                if o.exprs.len() == 1 { "" } else { "s" }
            ));
        }
    }
    Ok(o)
}

/// The value of one expression in `env`.
fn value_of(src: &str, env: &mut Env) -> Result<Value> {
    match cute_expr::eval(src, env)? {
        Outcome::Value(v) => Ok(v),
        Outcome::Statement => Err(Error::type_error(
            "banks",
            format!("{src:?} ends with a statement; its last part must be a value"),
        )),
    }
}

/// A shared-memory layout: a layout, or a swizzle composed with one.
fn smem_of(v: &Value) -> Result<Smem> {
    v.to_smem().ok_or_else(|| {
        Error::type_error(
            "banks",
            format!(
                "shared memory is a layout or a swizzle composed with one, composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1))); got {} {v}",
                v.type_name()
            ),
        )
    })
}

fn tiled_copy(v: &Value) -> Option<&TiledCopy> {
    match v {
        Value::Atom(a) => match &**a {
            AtomValue::TiledCopy(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// An element width: an integer, or a value type's name (with or without
/// quotes, `f16` or `'f16'`).
fn bits_of(src: &str, env: &mut Env) -> Result<i64> {
    let t = src.trim().trim_matches(|c| c == '\'' || c == '"');
    if let Ok(ty) = t.parse::<ValueType>() {
        return Ok(ty.bits());
    }
    match value_of(src, env)? {
        Value::Int(b) => Ok(b),
        Value::Str(s) => Ok(s.parse::<ValueType>()?.bits()),
        v => Err(Error::type_error(
            "banks",
            format!("BITS is a number of bits or a value type such as f16, got {v}"),
        )),
    }
}

/// An instruction's name, with or without quotes.
fn op_of(src: &str) -> Result<Op> {
    src.trim().trim_matches(|c| c == '\'' || c == '"').parse()
}

/// The shared-memory side a name of an instruction says: a load reads its
/// source, a store writes its destination.
fn side_of(op: Op) -> Side {
    match op {
        Op::Ld | Op::Ldmatrix { .. } => Side::Source,
        _ => Side::Destination,
    }
}

/// The access `TV SMEM BITS OP` or `TC SMEM [OP]` asks about.
fn access(o: &Options, env: &mut Env) -> Result<(Access, Smem)> {
    access_of(&o.exprs, env)
}

/// The access the expressions `[TV, SMEM, BITS, OP]` or `[TC, SMEM]`,
/// `[TC, SMEM, OP]` ask about, evaluated in `env` in order (also `cute
/// serve`'s bank view).
pub(crate) fn access_of(exprs: &[String], env: &mut Env) -> Result<(Access, Smem)> {
    if exprs.len() < 2 {
        return Err(Error::type_error(
            "banks",
            "an access needs a TV layout (or tiled copy) and a shared-memory layout",
        ));
    }
    let first = value_of(&exprs[0], env)?;
    let smem = smem_of(&value_of(&exprs[1], env)?)?;
    let access = match (tiled_copy(&first), &exprs[2..]) {
        (Some(tc), []) => Access::from_tiled_copy(tc, None, &smem.layout().shape())?,
        (Some(tc), [op]) => {
            Access::from_tiled_copy(tc, Some(side_of(op_of(op)?)), &smem.layout().shape())?
        }
        (Some(_), _) => {
            return Err(Error::type_error(
                "banks",
                "a tiled copy gives its element width: cute banks TC SMEM [OP]",
            ))
        }
        (None, [bits, op]) => {
            Access::new(first.to_layout("banks")?, bits_of(bits, env)?, op_of(op)?)
        }
        (None, _) => return Err(Error::type_error(
            "banks",
            "cute banks TV SMEM BITS OP: a TV layout needs the element width and the instruction",
        )),
    };
    Ok((access, smem))
}

/// One access of `--choose`: a tiled copy, `(TC, op)` or `(TV, bits, op)`.
fn choose_access(v: &Value, shape: &IntTuple) -> Result<Access> {
    if let Some(tc) = tiled_copy(v) {
        return Access::from_tiled_copy(tc, None, shape);
    }
    let op = |v: &Value| match v {
        Value::Str(s) => s.parse::<Op>(),
        v => Err(Error::type_error(
            "banks",
            format!("an instruction is a string such as 'ldmatrix', got {v}"),
        )),
    };
    if let Some([tc, o]) = v.as_seq() {
        if let Some(tc) = tiled_copy(tc) {
            return Access::from_tiled_copy(tc, Some(side_of(op(o)?)), shape);
        }
    }
    match v.as_seq() {
        Some([tv, bits, o]) => {
            let bits = match bits {
                Value::Int(b) => *b,
                Value::Str(s) => s.parse::<ValueType>()?.bits(),
                v => {
                    return Err(Error::type_error(
                        "banks",
                        format!("an element width is a number or a value type, got {v}"),
                    ))
                }
            };
            Ok(Access::new(tv.to_layout("banks")?, bits, op(o)?))
        }
        _ => Err(Error::type_error(
            "banks",
            format!(
                "an access is a TiledCopy, (TiledCopy, op) or (TV, bits, op); got {} {v}",
                v.type_name()
            ),
        )),
    }
}

/// `cute banks`.
///
/// # Errors
/// Whatever evaluating the expressions, the analysis, the chooser or the
/// drawing raises; a `ValueError` for a file that cannot be written.
pub fn run(o: &Options) -> Result<Written> {
    let mut env = Env::new();
    if o.choose {
        let tile: Layout = value_of(&o.exprs[0], &mut env)?.to_layout("banks")?;
        let shape = tile.shape();
        let mut accesses = Vec::new();
        for e in &o.exprs[1..] {
            let v = value_of(e, &mut env)?;
            accesses.push(choose_access(&v, &shape)?);
        }
        let options = ChooseOptions {
            padding: !o.no_padding,
            ..ChooseOptions::default()
        };
        let mut r = choose_swizzle(&tile, &accesses, &options)?;
        let total = r.candidates.len();
        r.candidates.truncate(o.top.unwrap_or(10));
        let mut text = format!(
            "{total} candidate layouts of {tile} for {} access{}, best first:\n",
            accesses.len(),
            if accesses.len() == 1 { "" } else { "es" }
        );
        text.push_str(&r.to_string());
        if let Some(best) = r.best() {
            text.push_str(&format!("best: {} = {}\n", best.choice, best.smem));
        }
        return Ok(Written::Stdout(text));
    }
    let (access, smem) = access(o, &mut env)?;
    if !o.svg {
        return Ok(Written::Stdout(
            bank_conflicts_of(&access, &smem)?.to_string(),
        ));
    }
    let svg = draw_svg_banks(&access, &smem)?;
    match &o.output {
        None => Ok(Written::Stdout(svg)),
        Some(path) => {
            std::fs::write(path, svg).map_err(|e| {
                Error::value("cute", format!("cannot write {}: {e}", path.display()))
            })?;
            Ok(Written::Files(vec![path.clone()], None))
        }
    }
}
