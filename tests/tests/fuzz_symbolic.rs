//! Fuzzing of the layout algebra over symbolic integers: random programs
//! that define symbols under assumptions, whose symbolic answer must be the
//! answer for values of the symbols the assumptions admit (see
//! `fuzz_common`), except where the answer is generic: at the values where
//! an extent the coalescer kept as a symbol is 1 (or a stride it kept apart
//! continues the mode before it), the integer line has fewer modes, and
//! what reads the structure afterwards may differ (`fuzz_common::generic`
//! says exactly when; such lines are counted, not failed).

mod fuzz_common;

use std::time::Duration;

use cute_dynamic::layout::Layout;
use cute_dynamic::{Error, Scalar};
use fuzz_common::draw::{
    extent, int_stride, kind, layout, layout_arg, mode_text, nested_call, nesting, scalar_text,
    tiler, tiler_text, tuple_text, Rng, HUGE,
};
use fuzz_common::eval::{points, same, size, value};
use fuzz_common::generic::{generic_instance, run_program};
use fuzz_common::{answer_once, cases, seed, timed};

/// A symbol of a symbolic line, and what it is assumed to be.
#[derive(Clone, Copy, Debug)]
struct SymDef {
    name: &'static str,
    nonnegative: bool,
    multiple: i64,
}

impl SymDef {
    /// A value its assumptions admit: small ones most often, 0 when
    /// non-negative, now and then a large one.
    fn value(&self, r: &mut Rng) -> i64 {
        let k = match r.below(100) {
            0..=59 => 1 + r.below(5) as i64,
            60..=79 => r.pick(&[1, 2, 4, 8, 16]),
            80..=89 if self.nonnegative => 0,
            80..=94 => 1 + r.below(64) as i64,
            _ => r.pick(&[1 << 20, 1 << 31, 1 << 40]),
        };
        // (a multiple that leaves 64 bits is the multiple itself)
        k.checked_mul(self.multiple).unwrap_or(self.multiple)
    }

    /// The statement that makes it, in one of the spellings a user may
    /// write.
    fn text(&self, r: &mut Rng) -> String {
        let mut kw = Vec::new();
        if self.nonnegative {
            kw.push("nonnegative=True".to_string());
        } else if r.pct(20) {
            kw.push("positive=True".into());
        }
        if r.pct(10) {
            kw.push("integer=True".into());
        }
        if self.multiple > 1 || r.pct(10) {
            kw.push(format!("multiple_of={}", self.multiple));
        }
        let kw: String = kw.iter().map(|k| format!(", {k}")).collect();
        let n = self.name;
        match r.below(4) {
            0 => format!("{n} = Symbol('{n}'{kw})"),
            1 => format!("import sympy; {n} = sympy.symbols('{n}'{kw})"),
            2 => format!("({n},) = symbols('{n},'{kw})"),
            _ => format!("{n} = symbols('{n}'{kw})"),
        }
    }
}

/// The symbols of a line: `M`, `N` and `K`, with random assumptions.
fn sym_defs(r: &mut Rng) -> Vec<SymDef> {
    ["M", "N", "K"]
        .iter()
        .map(|&name| SymDef {
            name,
            nonnegative: r.pct(20),
            multiple: match r.below(10) {
                0..=5 => 1,
                6 | 7 => r.pick(&[2, 4, 8]),
                8 => r.pick(&[3, 16, 128]),
                _ => r.pick(&[1 << 20, 1 << 40]),
            },
        })
        .collect()
}

/// A symbolic integer expression: symbols, constants (huge ones too),
/// `+ - * // %`, `min`/`max`, nested up to `depth`.
fn sym_int(r: &mut Rng, depth: u32) -> String {
    if depth == 0 || r.pct(35) {
        return match r.below(10) {
            0..=5 => r.pick(&["M", "N", "K"]).to_string(),
            6 | 7 => (r.below(9) as i64 - 1).to_string(),
            8 => r.pick(&[2, 4, 8, 16, 32, 128]).to_string(),
            _ => r.pick(&HUGE).to_string(),
        };
    }
    let a = sym_int(r, depth - 1);
    let b = sym_int(r, depth - 1);
    match r.below(12) {
        0 | 1 => format!("({a} + {b})"),
        2 => format!("({a} - {b})"),
        3 | 4 => format!("({a} * {b})"),
        5 | 6 => format!("({a} // {b})"),
        7 | 8 => format!("({a} % {b})"),
        9 => format!("-{a}"),
        10 => format!("{}({a}, {b})", r.pick(&["min", "max"])),
        _ => format!("({} * {a})", r.pick(&HUGE)),
    }
}

/// An extent as a user writes one: a symbol, a multiple, a product or
/// quotient of symbols, a constant; rarely any expression at all.
fn sym_extent(r: &mut Rng) -> String {
    match r.below(20) {
        0..=5 => r.pick(&["M", "N", "K"]).to_string(),
        6..=8 => format!("{}*{}", r.pick(&[2, 4, 8]), r.pick(&["M", "N", "K"])),
        9 => "M*N".into(),
        10 => format!("{} // {}", r.pick(&["M", "N", "K"]), r.pick(&[2, 4, 8])),
        11 => format!("({} + {})", r.pick(&["M", "N"]), 1 + r.below(4)),
        12 => format!("{} % {}", r.pick(&["M", "N", "K"]), r.pick(&[2, 4, 8])),
        13 => "(M - 1)".into(),
        14 => extent(r).to_string(),
        15..=17 => r.pick(&["1", "0", "1", "8"]).to_string(),
        _ => sym_int(r, 2),
    }
}

/// An integer stride as a user writes one.
fn sym_stride(r: &mut Rng) -> String {
    match r.below(16) {
        0..=3 => r.pick(&["M", "N", "K"]).to_string(),
        4 => format!("-{}", r.pick(&["M", "N", "K"])),
        5 | 6 => format!("{}*{}", r.pick(&[2, 4, 8, -1]), r.pick(&["M", "N", "K"])),
        7 => "M*N".into(),
        8 => "(M + N)".into(),
        9 => sym_int(r, 2),
        _ => int_stride(r).to_string(),
    }
}

/// A layout literal with symbols in some of its extents and integer
/// strides (the rest as [`layout`] makes them: F2, coordinate strides,
/// zero, one and negative extents).
fn sym_layout_text(r: &mut Rng) -> String {
    let k = kind(r);
    let wild = r.pct(5);
    let l = layout(r, k, wild);
    let p_ext = 20 + r.below(60);
    let p_str = 10 + r.below(50);
    let shape = l.shape().map(&mut |x: &i64| {
        if r.pct(p_ext) {
            sym_extent(r)
        } else {
            x.to_string()
        }
    });
    let stride = l.stride().map(&mut |d: &Scalar| match d {
        Scalar::Int(_) if r.pct(p_str) => sym_stride(r),
        d => scalar_text(d),
    });
    let id = |x: &String| x.clone();
    if r.pct(10) {
        // the compact layout, or the one from a (symbolic) base stride
        return match r.below(2) {
            0 => format!("Layout({})", tuple_text(&shape, &id)),
            _ => format!("Layout({}, {})", tuple_text(&shape, &id), sym_stride(r)),
        };
    }
    format!(
        "Layout({}, {})",
        tuple_text(&shape, &id),
        tuple_text(&stride, &id)
    )
}

/// A shape (or coordinate) with symbols in some of its leaves.
fn sym_shape(r: &mut Rng) -> String {
    let skel = nesting(r, 3);
    let s = skel.map(&mut |()| {
        if r.pct(50) {
            sym_extent(r)
        } else {
            (1 + r.below(6)).to_string()
        }
    });
    tuple_text(&s, &|x: &String| x.clone())
}

/// A symbolic layout argument: a literal, or (nested) a call that gives
/// one.
fn sym_layout_arg(r: &mut Rng, depth: u32) -> String {
    if depth == 0 || r.pct(60) {
        return if r.pct(85) {
            sym_layout_text(r)
        } else {
            layout_arg(r, 0)
        };
    }
    let a = sym_layout_arg(r, depth - 1);
    let t = sym_tiler(r, 1);
    let k = r.below(9);
    nested_call(k, &a, &t).unwrap_or_else(|| match k {
        6 => format!("make_layout({a}, {})", sym_layout_arg(r, 0)),
        7 => format!("tiler_to_layout({t})"),
        _ => format!("complement({a})"),
    })
}

/// A symbolic tiler: an extent, a layout, `None`, or a tuple of tilers.
fn sym_tiler(r: &mut Rng, depth: u32) -> String {
    match r.below(10) {
        0..=2 => sym_extent(r),
        3 | 4 => sym_layout_text(r),
        5 => tiler_text(&tiler(r, 1)),
        6 => "None".into(),
        _ if depth == 0 => (1 + r.below(4)).to_string(),
        _ => {
            let n = 1 + r.below(3);
            let ts: Vec<String> = (0..n).map(|_| sym_tiler(r, depth - 1)).collect();
            if n == 1 {
                format!("({},)", ts[0])
            } else {
                format!("({})", ts.join(", "))
            }
        }
    }
}

/// An index or coordinate as a user passes one: symbols, constants,
/// negative and huge ones.
fn sym_index(r: &mut Rng) -> String {
    match r.below(6) {
        0 | 1 => sym_int(r, 1),
        2 => (r.below(40) as i64 - 4).to_string(),
        3 => sym_shape(r),
        _ => sym_extent(r),
    }
}

/// A tile coordinate (or a projection): an index as [`sym_index`] gives
/// one, or a tuple of small ones, symbolic ones and `None`.
fn sym_coord(r: &mut Rng) -> String {
    if r.pct(20) {
        return sym_index(r);
    }
    let n = r.below(4) as usize;
    let items: Vec<String> = (0..n)
        .map(|_| match r.below(10) {
            0..=2 => "None".to_string(),
            3..=6 => r.below(4).to_string(),
            7 => format!("{} - 1", r.pick(&["M", "N", "K"])),
            _ => sym_int(r, 1),
        })
        .collect();
    match items.as_slice() {
        [one] => format!("({one},)"),
        _ => format!("({})", items.join(", ")),
    }
}

/// A partition of a symbolic matrix that its tiler divides: each mode's
/// extent a constant `k` or `k` times a symbol, its tile a divisor of `k`
/// (or the whole extent, or `None`), its strides column-major, a leading
/// dimension or row-major; the tile coordinate `0`, the last tile, a small
/// one or `None`; the thread layout of `local_partition` the tile's extents.
fn sym_partition(r: &mut Rng) -> String {
    let rank = 1 + r.below(3) as usize;
    let (mut shape, mut tile, mut rest, mut inner) = (vec![], vec![], vec![], vec![]);
    for _ in 0..rank {
        let k = r.pick(&[1i64, 2, 4, 8, 3, 6]);
        let s = r.pick(&["M", "N", "K", ""]);
        let extent = match (s, k) {
            ("", k) => k.to_string(),
            (s, 1) => s.to_string(),
            (s, k) => format!("{k}*{s}"),
        };
        let divisors: Vec<i64> = (1..=k).filter(|d| k % d == 0).collect();
        let t = match r.below(6) {
            0 => "None".to_string(),
            1 if !s.is_empty() => extent.clone(),
            _ => r.pick(&divisors).to_string(),
        };
        let last = |t: &str| match t {
            "None" => "0".to_string(),
            t => format!("{extent} // {t} - 1"),
        };
        rest.push(match r.below(6) {
            0 => "None".to_string(),
            1 | 2 => "0".to_string(),
            3 => r.below(3).to_string(),
            _ => last(&t),
        });
        inner.push(match (r.below(3), t.parse::<i64>()) {
            (0, _) => "None".to_string(),
            (1, Ok(n)) => (n - 1).to_string(),
            _ => "0".to_string(),
        });
        shape.push(extent);
        tile.push(t);
    }
    let tuple = |xs: &[String]| match xs {
        [one] => format!("({one},)"),
        _ => format!("({})", xs.join(", ")),
    };
    let stride: Vec<String> = match r.below(3) {
        0 => (0..rank)
            .map(|i| match i {
                0 => "1".to_string(),
                _ => format!("({})", shape[..i].join(") * (")),
            })
            .collect(),
        1 => (0..rank)
            .map(|i| match i {
                0 => "1".to_string(),
                _ => format!("{i} * {}", r.pick(&["M", "N", "K"])),
            })
            .collect(),
        _ => (0..rank)
            .map(|i| match i + 1 {
                n if n == rank => "1".to_string(),
                n => format!("({})", shape[n..].join(") * (")),
            })
            .collect(),
    };
    let a = format!("Layout({}, {})", tuple(&shape), tuple(&stride));
    let tiler = tuple(&tile);
    match r.below(5) {
        0 | 1 => format!("local_tile({a}, {tiler}, {})", tuple(&rest)),
        2 => format!("inner_partition({a}, {tiler}, {})", tuple(&rest)),
        3 => format!("outer_partition({a}, {tiler}, {})", tuple(&inner)),
        _ => {
            let threads: Vec<String> = tile
                .iter()
                .map(|t| {
                    if t.parse::<i64>().is_ok() {
                        t.clone()
                    } else {
                        "1".into()
                    }
                })
                .collect();
            let n: u64 = threads
                .iter()
                .map(|t| t.parse::<u64>().unwrap_or(1))
                .product();
            format!(
                "local_partition({a}, {}, {})",
                tuple(&threads),
                r.below(n + 1)
            )
        }
    }
}

/// One symbolic line's expression: arithmetic and comparisons over
/// symbols, or a built-in with a symbolic form on symbolic operands.
///
/// The shape of a symbolic result need not be the shape of the result for
/// given values (a symbolic extent that may be 1 stays where `coalesce`
/// drops a 1), only its function: so what looks at a result's structure (a
/// mode subscript, `A[i]`) takes a literal layout, and an evaluation of a
/// computed layout takes an index in its domain (reduced modulo its size).
fn sym_line(r: &mut Rng) -> String {
    let mode = mode_text(r);
    let a = if mode.is_empty() {
        sym_layout_arg(r, 2)
    } else {
        sym_layout_text(r)
    };
    let lit = sym_layout_text(r);
    let b = sym_layout_arg(r, 1);
    let t = sym_tiler(r, 2);
    let at = |r: &mut Rng, a: &str| {
        if a == lit {
            sym_index(r)
        } else {
            format!("({}) % size({a})", sym_int(r, 1))
        }
    };
    match r.below(44) {
        0 | 1 => {
            let depth = 1 + r.below(5) as u32;
            sym_int(r, depth)
        }
        2 => {
            // not == and !=: over symbols they are sympy's, a comparison of
            // canonical forms (M == N is False), which claims nothing about
            // the values the symbols take
            let op = r.pick(&["<", "<=", ">", ">="]);
            format!("{} {op} {}", sym_int(r, 2), sym_int(r, 2))
        }
        3 => format!("size{mode}({a})"),
        4 => format!("size({})", sym_shape(r)),
        5 => format!("product({})", sym_shape(r)),
        6 => format!("product_each({})", sym_shape(r)),
        7 => format!("inner_product({}, {})", sym_shape(r), sym_shape(r)),
        8 => format!("coshape({a})"),
        9 => format!("Layout({}, {})", sym_shape(r), sym_shape(r)),
        10 => format!("make_layout({a}, {b})"),
        11 => format!("make_layout_like({a})"),
        12 => format!("make_ordered_layout({}, {})", sym_shape(r), sym_shape(r)),
        13 => format!("tiler_to_layout({t})"),
        14 => format!("coalesce{mode}({a})"),
        15 => format!("coalesce{mode}({a}, {})", sym_shape(r)),
        16 => format!("coalesce_z{mode}({a})"),
        17 | 18 => format!("composition{mode}({a}, {b})"),
        19 => format!("composition{mode}({a}, {t})"),
        20 => format!("complement({a})"),
        21 => format!("complement({a}, {})", sym_shape(r)),
        22 => format!("logical_product{mode}({a}, {t})"),
        23 => format!("logical_divide{mode}({a}, {b})"),
        24 => format!("logical_divide{mode}({a}, {t})"),
        25 => format!("zipped_divide{mode}({a}, {t})"),
        26 => format!("blocked_product({a}, {b})"),
        27 => format!("raked_product({a}, {b})"),
        28 => format!("right_inverse({a})"),
        29 => format!("left_inverse({a})"),
        30 => format!("nullspace({a})"),
        31 => format!("layout_add({a}, {b})"),
        32 => format!("idx2crd({}, {})", sym_index(r), sym_shape(r)),
        33 => format!("crd2idx({}, {})", sym_index(r), sym_shape(r)),
        34 => format!("{lit}({})", at(r, &lit)),
        35 => format!("{a}({})", at(r, &a)),
        36 => format!("{lit}[{}]", sym_index(r)),
        37 => format!("{lit}({}, {})", sym_index(r), sym_index(r)),
        38 => format!("logical_divide(None, {t})"),
        // the partitions of a literal layout (they read its structure), by
        // any tiler, or of a matrix by a tiler that divides it
        39 => {
            let op = r.pick(&["local_tile", "inner_partition", "outer_partition"]);
            format!("{op}({lit}, {t}, {})", sym_coord(r))
        }
        40 => format!(
            "local_partition({lit}, {}, {})",
            layout_arg(r, 0),
            r.below(40)
        ),
        41 | 42 => sym_partition(r),
        _ => format!("zipped_divide(None, {t})"),
    }
}

/// Whether the symbolic answer `s`, with the symbols' values `vals`, is
/// the integer answer `i`: integers equal, layouts the same function
/// (size, and the offset at each checked index). `Ok(false)` when it
/// cannot be told (the substitution leaves 64 bits, a stride that is not
/// an integer).
fn agrees(
    s: &cute_expr::Value,
    i: &cute_expr::Value,
    vals: &dyn Fn(&str) -> Option<i64>,
) -> Result<bool, String> {
    use cute_expr::Value as V;
    let layouts = |a: &Layout, b: &Layout| -> Result<bool, String> {
        let (na, nb) = (size(a), size(b));
        if na != nb {
            return Err(format!("size {na:?} != {nb:?} (substituted: {a})"));
        }
        let Some(n) = na else { return Ok(false) };
        for k in points(n) {
            let (x, y) = (value(a, k), value(b, k));
            if x.is_some() && y.is_some() && !same(x.as_ref(), y.as_ref()) {
                return Err(format!("at {k}: {x:?} != {y:?} (substituted: {a})"));
            }
        }
        Ok(true)
    };
    match (s, i) {
        (V::Sym(x), V::Int(y)) => match x.eval(&|n| vals(n)) {
            Ok(v) if v == *y => Ok(true),
            Ok(v) => Err(format!("{x} is {v}, not {y}")),
            Err(_) => Ok(false),
        },
        (V::SymLayout(x), V::Layout(y)) => match x.subs(&|n| vals(n)) {
            Ok(l) => layouts(&l, y),
            Err(_) => Ok(false),
        },
        (V::Layout(x), V::Layout(y)) => layouts(x, y),
        (V::Tuple(xs), V::Tuple(ys)) | (V::List(xs), V::List(ys)) => {
            if xs.len() != ys.len() {
                return Err(format!("{} items, not {}", xs.len(), ys.len()));
            }
            let mut all = true;
            for (x, y) in xs.iter().zip(ys) {
                all &= agrees(x, y, vals)?;
            }
            Ok(all)
        }
        // a stride that is not an integer, printed
        (V::Str(_), _) => Ok(false),
        (x, y) if x.to_string() == y.to_string() => Ok(true),
        (x, y) => Err(format!(
            "{} {x} against {} {y}",
            x.type_name(),
            y.type_name()
        )),
    }
}

/// Counts of the symbolic loop, for the report.
#[derive(Default)]
struct SymSeen {
    lines: u64,
    symbolic_ok: u64,
    compared: u64,
    agreed: u64,
    int_overflow: u64,
    undefined: u64,
    spec_order: u64,
    generic: u64,
}

/// Whether a line sorts strides or an order: `make_layout_like` and
/// `make_ordered_layout` place a symbolic value after every static one,
/// by the specification, not by its value, so their symbolic answer need
/// not be the answer for given values.
fn by_spec_order(expr: &str) -> bool {
    expr.contains("make_layout_like") || expr.contains("make_ordered_layout")
}

/// Whether every symbolic integer and layout in `v` has a value when the
/// symbols have the values `vals`.
fn defined(v: &cute_expr::Value, vals: &dyn Fn(&str) -> Option<i64>) -> bool {
    use cute_expr::Value as V;
    match v {
        V::Sym(x) => x.eval(&|n| vals(n)).is_ok(),
        V::SymLayout(x) => x.subs(&|n| vals(n)).is_ok(),
        V::Tuple(xs) | V::List(xs) => xs.iter().all(|x| defined(x, vals)),
        _ => true,
    }
}

#[test]
fn fuzz_symbolic() {
    let seed = seed() ^ 0x5E4B_0110;
    let mut rng = Rng(seed);
    let cases = cases(5000);
    let mut seen = SymSeen::default();
    let (mut slowest, mut slowest_line) = (Duration::ZERO, String::new());
    let mut failures = Vec::new();
    while seen.lines < cases && failures.len() < 10 {
        let defs = sym_defs(&mut rng);
        let made: Vec<String> = defs.iter().map(|d| d.text(&mut rng)).collect();
        let expr = sym_line(&mut rng);
        let prelude = made.join("; ");
        let text = format!("{prelude}; {expr}");
        seen.lines += 1;
        let lines = seen.lines;
        let fail = |why: String| format!("seed {seed}, line {lines}: {text}\n    {why}");
        let slow = (&mut slowest, &mut slowest_line);
        let Some(answer) = answer_once(&text, run_program, slow, &fail, &mut failures) else {
            continue;
        };
        let Ok(sym) = answer else { continue };
        seen.symbolic_ok += 1;
        // the same line with values admitted by the assumptions in place
        // of the symbols
        for _ in 0..2 {
            let vals: Vec<(&str, i64)> = defs.iter().map(|d| (d.name, d.value(&mut rng))).collect();
            let set: Vec<String> = vals.iter().map(|(n, v)| format!("{n} = {v}")).collect();
            let int_text = format!("{}; {expr}", set.join("; "));
            let lookup = |n: &str| vals.iter().find(|(m, _)| *m == n).map(|(_, v)| *v);
            let (int_answer, _) = timed(|| run_program(&int_text));
            let Ok(int_answer) = int_answer else {
                failures.push(fail(format!("{int_text}: panicked")));
                continue;
            };
            seen.compared += 1;
            // the disagreement is the generic answer's, at values where an
            // extent or a stride the coalescing took generically is special
            // (printed, for a replay: rare, and each is to be read)
            let generic = || {
                generic_instance(&prelude, &expr, &lookup)
                    .inspect(|why| println!("generic: {int_text}: {why}"))
                    .is_some()
            };
            match int_answer {
                Ok(iv) => match agrees(&sym, &iv, &lookup) {
                    Ok(true) => seen.agreed += 1,
                    Ok(false) => {}
                    // the specification orders a symbolic stride (order)
                    // after every static one, whatever its value
                    Err(_) if by_spec_order(&expr) => seen.spec_order += 1,
                    Err(_) if generic() => seen.generic += 1,
                    Err(why) => {
                        failures.push(fail(format!("= {sym}, but {int_text} = {iv}: {why}")))
                    }
                },
                // the integers leave 64 bits where the symbolic answer is
                // a formula
                Err(Error::Overflow { .. }) => seen.int_overflow += 1,
                // the symbolic answer is a formula undefined there too (a
                // division by an expression that is 0 for these values)
                Err(_) if !defined(&sym, &lookup) => seen.undefined += 1,
                // the line divides by an expression that is 0 for these
                // values: the symbolic side keeps the quotient as a formula
                // (`Mod(x, y)`, `floor(x/y)`), which a later 0 factor may
                // absorb (`0 * Mod(N, K % M)` is 0)
                Err(e)
                    if e.to_string().contains("by zero")
                        && (expr.contains("//") || expr.contains('%')) =>
                {
                    seen.undefined += 1
                }
                Err(_) if generic() => seen.generic += 1,
                Err(e) => failures.push(fail(format!("= {sym}, but {int_text} fails: {e}"))),
            }
        }
    }
    println!(
        "fuzz_symbolic: seed {seed}: {} lines, {} answered symbolically, {} substitutions compared, {} agreed, {} overflowed on the integers, {} undefined there, {} ordered by the specification, {} generic (a special value of an extent or a stride taken generically), slowest {slowest:?}: {slowest_line}",
        seen.lines, seen.symbolic_ok, seen.compared, seen.agreed, seen.int_overflow, seen.undefined, seen.spec_order, seen.generic
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
