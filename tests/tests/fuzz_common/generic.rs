//! The generic contract of the symbolic algebra, as an oracle: when is a
//! disagreement between a symbolic line and the same line with integers
//! substituted an instance of it, and not a wrong answer.
//!
//! The coalescer's structural tests are taken generically over symbols, as
//! the specification's reference implementation takes them over sympy
//! symbols (`shape == 1` and `stride == current` are false for a symbol not
//! decided equal): a symbolic extent that is not decided to be 1 is a mode
//! of its own, and a symbolic stride that is not the continuation of the
//! mode before it (`d1 == s0 * d0` as expressions) does not merge into it.
//! The symbolic answer is then the same function on its domain for every
//! value, but at the values where such an extent is 1, or such a stride
//! is the continuation, the integer answer has fewer modes: what reads the
//! structure afterwards (a by-mode tiler, a coordinate stride `E(i)`
//! naming a mode, an evaluation past the end of a domain) may then differ.
//!
//! [`generic_instance`] tells such a disagreement from any other: the line
//! must name an operation that coalesces through that one rule, and at the
//! substituted values some layout of the line (the value of a call in it,
//! or a tiler argument promoted) must have a symbolic extent, not decided
//! to be 1, that is 1, or two consecutive modes with integer strides, not
//! merged over the symbols, that merge at these values. (Consecutive modes
//! with coordinate or F2 strides are not looked at: only the extent test
//! can excuse a disagreement of theirs.)

use std::cmp::Ordering;

use cute_core::sym::Sym;
use cute_core::IntLeaf;
use cute_dynamic::layout::Layout;
use cute_dynamic::{Error, Scalar};

/// The operations that coalesce through the algebra's one coalescer, so
/// that their symbolic answers are generic: `coalesce` (and `coalesce_z`),
/// the inverses, the complement (its result), composition (its view of A,
/// and its result), the divides and the products built on those two,
/// `layout_add` (its operands), and the partitions, which divide
/// (`local_tile`, `inner_partition`, `outer_partition`, `local_partition`).
pub(crate) const COALESCING: [&str; 10] = [
    "coalesce",
    "right_inverse",
    "left_inverse",
    "complement",
    "composition",
    "_divide",
    "_product",
    "layout_add",
    "local_tile",
    "_partition",
];

/// Whether the line `expr` names an operation of [`COALESCING`].
pub(crate) fn coalesces(expr: &str) -> bool {
    COALESCING.iter().any(|op| expr.contains(op))
}

/// A call in a line: the function's name, the call's text and its
/// top-level arguments.
#[derive(Debug, PartialEq)]
pub(crate) struct Call {
    pub(crate) name: String,
    pub(crate) text: String,
    pub(crate) args: Vec<String>,
}

/// The calls of `expr` (`f(...)`, and the mode-subscripted `f[1](...)`),
/// outermost first.
pub(crate) fn calls(expr: &str) -> Vec<Call> {
    let b = expr.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = (b[i].is_ascii_alphabetic() || b[i] == b'_') && (i == 0 || !ident(b[i - 1]));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len() && ident(b[j]) {
            j += 1;
        }
        let name = &expr[i..j];
        let mut k = j;
        if k < b.len() && b[k] == b'[' {
            k = closing(b, k).map_or(b.len(), |c| c + 1);
        }
        if k < b.len() && b[k] == b'(' {
            if let Some(c) = closing(b, k) {
                out.push(Call {
                    name: name.to_string(),
                    text: expr[i..=c].to_string(),
                    args: split_args(&expr[k + 1..c]),
                });
            }
        }
        i = j;
    }
    out
}

/// The index of the bracket that closes the one at `open`.
fn closing(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (k, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'(' | b'[' => depth += 1,
            b')' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// The top-level, comma-separated parts of `s`.
fn split_args(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (k, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..k].trim().to_string());
                start = k + 1;
            }
            _ => {}
        }
    }
    if !s[start..].trim().is_empty() {
        out.push(s[start..].trim().to_string());
    }
    out
}

/// The operations whose second argument on is a tiler.
const TILER_TAKING: [&str; 8] = [
    "composition",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
];

/// A program's value (its last statement is an expression).
pub(crate) fn run_program(src: &str) -> Result<cute_expr::Value, Error> {
    match cute_expr::eval(src, &mut cute_expr::Env::new())? {
        cute_expr::Outcome::Value(v) => Ok(v),
        cute_expr::Outcome::Statement => Err(Error::value("fuzz", "no value")),
    }
}

/// The symbolic layouts of the line `expr` after the statements `prelude`
/// (which make its symbols): the value of each call that gives layouts,
/// and each tiler argument of an operation that takes one, promoted.
pub(crate) fn line_layouts(prelude: &str, expr: &str) -> Vec<Layout<Sym>> {
    let mut out = Vec::new();
    let mut run = |text: &str| {
        if let Ok(v) = run_program(&format!("{prelude}; {text}")) {
            sym_layouts(&v, &mut out);
        }
    };
    for c in calls(expr) {
        run(&c.text);
        if TILER_TAKING.contains(&c.name.as_str()) {
            for t in c.args.iter().skip(1) {
                run(&format!("tiler_to_layout({t})"));
            }
        }
    }
    out
}

fn sym_layouts(v: &cute_expr::Value, out: &mut Vec<Layout<Sym>>) {
    use cute_expr::Value as V;
    match v {
        V::SymLayout(l) => out.push((**l).clone()),
        V::Tuple(xs) | V::List(xs) => xs.iter().for_each(|x| sym_layouts(x, out)),
        _ => {}
    }
}

/// The value of `x` at `vals`, if it has one.
fn at(x: &Sym, vals: &dyn Fn(&str) -> Option<i64>) -> Option<i64> {
    x.eval(&|n| vals(n)).ok()
}

/// Why the layout `l` reads differently at `vals` than for generic symbols,
/// if it does: a symbolic extent not decided to be 1 that is 1 there.
pub(crate) fn extent_one(l: &Layout<Sym>, vals: &dyn Fn(&str) -> Option<i64>) -> Option<String> {
    l.shape().leaves().find_map(|s| {
        let symbolic = s.try_const().is_none();
        let decided = s.try_cmp(&Sym::from(1)).is_ok_and(|o| o == Ordering::Equal);
        (symbolic && !decided && at(s, vals) == Some(1))
            .then(|| format!("the extent {s} of {l} is 1 there"))
    })
}

/// Why the layout `l` reads differently at `vals` than for generic symbols,
/// if it does by a stride: two consecutive modes with integer strides
/// (modes of constant extent 1 skipped, modes merged over the symbols
/// merged), `s0:d0` then `s1:d1` with `d1 != s0 * d0` as expressions, whose
/// values at `vals` have `d1 == s0 * d0`: the coalescer merges them there.
pub(crate) fn stride_merges(l: &Layout<Sym>, vals: &dyn Fn(&str) -> Option<i64>) -> Option<String> {
    let mut last: Option<(Sym, Sym)> = None;
    for (s, d) in l.shape().leaves().zip(l.stride().leaves()) {
        if s.try_const() == Some(1) {
            continue;
        }
        let Scalar::Int(d) = d else {
            last = None;
            continue;
        };
        if let Some((s0, d0)) = &mut last {
            let next = s0.checked_mul(d0).ok();
            if next.as_ref() == Some(d) {
                if let Ok(p) = s0.checked_mul(s) {
                    *s0 = p;
                    continue;
                }
            } else {
                let merges = match (at(s0, vals), at(d0, vals), at(d, vals)) {
                    (Some(a), Some(b), Some(c)) => a.checked_mul(b) == Some(c),
                    _ => false,
                };
                if merges {
                    return Some(format!(
                        "the stride {d} of {l} continues the mode {s0}:{d0} there"
                    ));
                }
            }
        }
        last = Some((s.clone(), d.clone()));
    }
    None
}

/// Why the disagreement of the symbolic line `expr` (after `prelude`) with
/// its substitution at `vals` is an instance of the generic contract, if
/// it is one (see the module's documentation); `None` for any other.
pub(crate) fn generic_instance(
    prelude: &str,
    expr: &str,
    vals: &dyn Fn(&str) -> Option<i64>,
) -> Option<String> {
    if !coalesces(expr) {
        return None;
    }
    let layouts = line_layouts(prelude, expr);
    layouts
        .iter()
        .find_map(|l| extent_one(l, vals))
        .or_else(|| layouts.iter().find_map(|l| stride_merges(l, vals)))
}
