//! Fuzzing of the layout algebra, deterministic and bounded in time.
//!
//! Two loops share one seeded generator of adversarial but well-formed input
//! (deep nesting; extents 0, 1, negative and huge; integer, F2 and
//! coordinate strides, mixed; profiles that do not match; nested algebra
//! calls):
//! - expressions of the specification's language, run through the
//!   expression evaluator ([`evaluate`] is the one place that reaches it);
//! - direct calls of the algebra's functions on random layouts.
//!
//! Every call must answer once, on one line, without a panic, within
//! [`SLOW`]; and every layout the algebra returns must meet the operation's
//! post-conditions, checked with an evaluation of layouts written here,
//! independently of the crate's.
//!
//! `CUTE_FUZZ_SEED` (an integer) and `CUTE_FUZZ_SECS` (seconds per loop,
//! default 2) change the seed and the budget; a failure names the seed and
//! the line or call, so that it can be replayed.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use cute_dynamic::algebra::{
    blocked_product, coalesce, coalesce_z, complement, composition, greatest_common_domain,
    layout_add, left_inverse, logical_divide, logical_product, nullspace, raked_product,
    right_inverse, zipped_divide,
};
use cute_dynamic::htuple::{HTuple, IntTuple};
use cute_dynamic::layout::{Layout, Tiler};
use cute_dynamic::{ArithTuple, Error, Scalar, F2};

/// The expression evaluator: a line's answer, the value's repr or the error.
/// (The only call into the evaluator: re-pointing it is this line.)
fn evaluate(src: &str) -> Result<String, Error> {
    cute_expr::eval_expr(src).map(|v| v.to_string())
}

/// The slowest a single line or call may be.
const SLOW: Duration = if cfg!(debug_assertions) {
    Duration::from_millis(200)
} else {
    Duration::from_millis(50)
};

/// At most this many points of a domain are checked per post-condition.
const POINTS: i64 = 96;

// ---- the generator -----------------------------------------------------------

/// SplitMix64: small, seedable, good enough to spread the draws.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// True with probability `k / 100`.
    fn pct(&mut self, k: u64) -> bool {
        self.below(100) < k
    }

    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// Values past which arithmetic overflows.
const HUGE: [i64; 6] = [2_147_483_647, 1 << 31, 1 << 40, 1 << 62, i64::MAX, i64::MIN];

fn extent(r: &mut Rng) -> i64 {
    match r.below(100) {
        0..=74 => 1 + r.below(6) as i64,
        75..=84 => r.pick(&[1, 8, 16, 32]),
        85..=89 => 0,
        90..=93 => -(1 + r.below(3) as i64),
        _ => r.pick(&HUGE).saturating_abs(),
    }
}

fn int_stride(r: &mut Rng) -> i64 {
    match r.below(100) {
        0..=14 => 0,
        15..=69 => 1 + r.below(40) as i64,
        70..=84 => -(1 + r.below(8) as i64),
        85..=94 => 1 << r.below(12),
        _ => r.pick(&HUGE),
    }
}

/// The kinds of stride a layout may have.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Int,
    F2,
    Coord,
    Mixed,
}

/// A stride leaf of kind `k`, as a value.
fn stride(r: &mut Rng, k: Kind) -> Scalar {
    let k = if k == Kind::Mixed {
        r.pick(&[Kind::Int, Kind::F2, Kind::Coord])
    } else {
        k
    };
    match k {
        Kind::F2 => Scalar::F2(F2(if r.pct(95) { r.below(64) } else { r.next() })),
        Kind::Coord => {
            let v = int_stride(r).clamp(-64, 64);
            let mut path = vec![r.below(3) as usize];
            if r.pct(15) {
                path.push(r.below(2) as usize);
            }
            if v == 0 {
                Scalar::Int(0)
            } else {
                ArithTuple::scaled_basis(Scalar::Int(v), &path)
            }
        }
        _ => Scalar::Int(int_stride(r)),
    }
}

/// A nesting: a leaf, or a tuple of up to four nestings (rarely none).
fn nesting(r: &mut Rng, depth: u32) -> HTuple<()> {
    if depth == 0 || r.pct(40) {
        return HTuple::Leaf(());
    }
    let n = if r.pct(3) { 0 } else { 1 + r.below(4) as usize };
    HTuple::Tuple((0..n).map(|_| nesting(r, depth - 1)).collect())
}

/// A random layout: any nesting up to depth 4, stride kind `k`. Extents
/// whose running product passes 2^14 become 1 unless `wild`, so that the
/// post-conditions can walk the domains.
fn layout(r: &mut Rng, k: Kind, wild: bool) -> Layout {
    let skel = nesting(r, 4);
    let mut size = 1i64;
    let shape: IntTuple = skel.map(&mut |()| {
        let mut e = extent(r);
        if !wild && (e < 0 || size.saturating_mul(e) > 1 << 14) {
            e = 1;
        }
        size = size.saturating_mul(e.max(1));
        e
    });
    let stride = skel.map(&mut |()| stride(r, k));
    Layout::new(shape.clone(), stride).unwrap_or_else(|_| {
        Layout::new(
            shape.map(&mut |&e| e.abs()),
            skel.map(&mut |()| Scalar::Int(1)),
        )
        .unwrap()
    })
}

fn kind(r: &mut Rng) -> Kind {
    match r.below(10) {
        0..=5 => Kind::Int,
        6 => Kind::F2,
        7 | 8 => Kind::Coord,
        _ => Kind::Mixed,
    }
}

/// A tiler: an extent, a layout, `None`, or a tuple of tilers.
fn tiler(r: &mut Rng, depth: u32) -> Tiler {
    match r.below(10) {
        0..=2 => Tiler::Int(extent(r).clamp(-2, 16)),
        3..=5 => Tiler::Layout(layout(r, Kind::Int, false)),
        6 => Tiler::None,
        _ if depth == 0 => Tiler::Int(1 + r.below(4) as i64),
        _ => Tiler::Tuple((0..1 + r.below(4)).map(|_| tiler(r, depth - 1)).collect()),
    }
}

fn tiler_text(t: &Tiler) -> String {
    match t {
        Tiler::None => "None".into(),
        Tiler::Int(n) => n.to_string(),
        Tiler::Layout(l) => layout_text(l),
        Tiler::Tuple(ts) if ts.len() == 1 => format!("({},)", tiler_text(&ts[0])),
        Tiler::Tuple(ts) => format!(
            "({})",
            ts.iter().map(tiler_text).collect::<Vec<_>>().join(", ")
        ),
        other => panic!("a tiler the fuzz test does not make: {other:?}"),
    }
}

/// A stride leaf as the language writes it (`3 * E(0, 1)`, `F2(5)`).
fn scalar_text(d: &Scalar) -> String {
    match d {
        Scalar::Int(v) => v.to_string(),
        Scalar::F2(f) => format!("F2({})", f.0),
        Scalar::Arith(t) => t
            .terms()
            .iter()
            .map(|(v, p)| {
                let p: Vec<String> = p.iter().map(|i| i.to_string()).collect();
                format!("{v} * E({})", p.join(", "))
            })
            .collect::<Vec<_>>()
            .join(" + "),
        other => panic!("a stride the fuzz test does not make: {other}"),
    }
}

fn tuple_text<T>(t: &HTuple<T>, leaf: &impl Fn(&T) -> String) -> String {
    match t {
        HTuple::Leaf(x) => leaf(x),
        HTuple::Tuple(c) if c.len() == 1 => format!("({},)", tuple_text(&c[0], leaf)),
        HTuple::Tuple(c) => format!(
            "({})",
            c.iter()
                .map(|x| tuple_text(x, leaf))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn layout_text(l: &Layout) -> String {
    format!(
        "Layout({}, {})",
        tuple_text(&l.shape(), &|x: &i64| x.to_string()),
        tuple_text(&l.stride(), &scalar_text)
    )
}

/// A layout argument: a literal, or (nested) a call that gives one.
fn layout_arg(r: &mut Rng, depth: u32) -> String {
    if depth == 0 || r.pct(70) {
        let k = kind(r);
        let wild = r.pct(10);
        let l = layout(r, k, wild);
        if r.pct(3) {
            // a negative extent, which Layout refuses
            let m = layout(r, k, false);
            let mut first = true;
            let shape = m.shape().map(&mut |&x| {
                let neg = std::mem::take(&mut first);
                if neg {
                    -x.max(1)
                } else {
                    x
                }
            });
            return format!(
                "Layout({}, {})",
                tuple_text(&shape, &|x: &i64| x.to_string()),
                tuple_text(&m.stride(), &scalar_text)
            );
        }
        if r.pct(5) {
            // a profile that does not match: the shape of one, the stride of another
            let m = layout(r, k, false);
            return format!(
                "Layout({}, {})",
                tuple_text(&l.shape(), &|x: &i64| x.to_string()),
                tuple_text(&m.stride(), &scalar_text)
            );
        }
        return layout_text(&l);
    }
    let a = layout_arg(r, depth - 1);
    let t = tiler_text(&tiler(r, 1));
    match r.below(7) {
        0 => format!("coalesce({a})"),
        1 => format!("composition({a}, {t})"),
        2 => format!("logical_divide({a}, {t})"),
        3 => format!("zipped_divide({a}, {t})"),
        4 => format!("logical_product({a}, {t})"),
        5 => format!("right_inverse({a})"),
        _ => format!("complement({a})"),
    }
}

/// A mode subscript, most often none.
fn mode_text(r: &mut Rng) -> String {
    match r.below(10) {
        0 => format!("[{}]", r.below(3)),
        1 => format!("[{}, {}]", r.below(2), r.below(2)),
        _ => String::new(),
    }
}

/// One line: an algebra call (the operation, its mode, its arguments).
struct Line {
    op: &'static str,
    mode: String,
    args: Vec<String>,
}

impl Line {
    fn text(&self) -> String {
        format!("{}{}({})", self.op, self.mode, self.args.join(", "))
    }
}

fn line(r: &mut Rng) -> Line {
    let a = layout_arg(r, 2);
    let t = tiler_text(&tiler(r, 2));
    let shape = |r: &mut Rng| {
        let wild = r.pct(20);
        tuple_text(&layout(r, Kind::Int, wild).shape(), &|x: &i64| {
            x.to_string()
        })
    };
    let (op, args): (&'static str, Vec<String>) = match r.below(26) {
        0 => ("coalesce", vec![a]),
        1 => ("coalesce", vec![a, t]),
        2 => ("coalesce_z", vec![a]),
        3 | 4 => ("composition", vec![a, layout_arg(r, 1)]),
        5 => ("composition", vec![a, t]),
        6 => ("composition", vec!["None".into(), t]),
        7 => ("complement", vec![a]),
        8 => ("complement", vec![a, shape(r)]),
        9 => ("right_inverse", vec![a]),
        10 => ("left_inverse", vec![a]),
        11 => ("logical_divide", vec![a, layout_arg(r, 1)]),
        12 => ("logical_divide", vec![a, t]),
        13 => ("logical_divide", vec!["None".into(), t]),
        14 => ("zipped_divide", vec![a, t]),
        15 => ("logical_product", vec![a, layout_arg(r, 1)]),
        16 => ("logical_product", vec![a, t]),
        17 => ("blocked_product", vec![a, layout_arg(r, 1)]),
        18 => ("raked_product", vec![a, layout_arg(r, 1)]),
        19 => ("layout_add", vec![a.clone(), layout_arg(r, 1)]),
        20 => ("nullspace", vec![a]),
        21 => ("greatest_common_domain", vec![shape(r), shape(r)]),
        22 => ("make_layout_like", vec![a]),
        23 => (
            "idx2crd",
            vec![(r.next() as i64 >> r.below(64)).to_string(), shape(r)],
        ),
        24 => ("crd2idx", vec![shape(r), shape(r)]),
        _ => (
            "recast",
            vec![a, r.pick(&[1, 2, 4, 8, 3, 0, -2]).to_string()],
        ),
    };
    let mode = match op {
        "coalesce" | "coalesce_z" | "composition" | "logical_divide" | "zipped_divide"
        | "logical_product" => mode_text(r),
        _ => String::new(),
    };
    Line { op, mode, args }
}

// ---- an independent evaluation of layouts ----------------------------------

/// The flat leaves `(extent, stride)` of a layout.
fn leaves(l: &Layout) -> Vec<(i64, Scalar)> {
    l.shape()
        .leaves()
        .copied()
        .zip(l.stride().leaves().cloned())
        .collect()
}

/// The number of points of a layout's domain, if it is a reasonable one.
fn size(l: &Layout) -> Option<i64> {
    l.shape()
        .leaves()
        .try_fold(1i64, |p, &x| if x < 0 { None } else { p.checked_mul(x) })
}

/// `L(i)` by the definition: the index split colexicographically with floor
/// semantics (the last leaf keeps the quotient), then `sum(c * d)` in the
/// stride's algebra; `None` where that is undefined or leaves 64 bits.
fn value(l: &Layout, i: i64) -> Option<Scalar> {
    let ls = leaves(l);
    let n = ls.len();
    let mut rest = i128::from(i);
    let mut wide = 0i128;
    let mut acc: Option<Scalar> = None;
    for (k, (s, d)) in ls.iter().enumerate() {
        let c = if k + 1 == n {
            rest
        } else {
            if *s <= 0 {
                return None;
            }
            let c = rest.rem_euclid(i128::from(*s));
            rest = rest.div_euclid(i128::from(*s));
            c
        };
        if c == 0 {
            continue;
        }
        match (d, &mut acc) {
            (Scalar::Int(v), None) => wide = wide.checked_add(c.checked_mul(i128::from(*v))?)?,
            _ => {
                let term = d.scale(i64::try_from(c).ok()?).ok()?;
                let prev = match acc.take() {
                    Some(a) => a,
                    None => Scalar::Int(i64::try_from(wide).ok()?),
                };
                acc = Some(prev.add(&term).ok()?);
            }
        }
    }
    match acc {
        Some(a) => Some(a),
        None => i64::try_from(wide).ok().map(Scalar::Int),
    }
}

/// The integer a value stands for as an index (an F2 value's bits).
fn index(v: &Scalar) -> Option<i64> {
    match v {
        Scalar::Int(i) => Some(*i),
        Scalar::F2(f) => i64::try_from(f.0).ok(),
        _ => None,
    }
}

/// The points of `0..n` checked: all of a small domain, else the first and
/// last ones and some between.
fn points(n: i64) -> impl Iterator<Item = i64> {
    let head = n.min(POINTS / 2);
    let tail = (n - POINTS / 2).max(head);
    let step = ((tail - head) / (POINTS / 2)).max(1) as usize;
    (0..head).chain((head..tail).step_by(step)).chain(tail..n)
}

/// Equal values, a zero of one algebra equal to a zero of another (the
/// empty sum is the integer 0).
fn same(x: Option<&Scalar>, y: Option<&Scalar>) -> bool {
    match (x, y) {
        (Some(x), Some(y)) => x == y || (x.is_zero() && y.is_zero()),
        _ => false,
    }
}

fn int_strides(l: &Layout) -> bool {
    l.stride().leaves().all(|d| matches!(d, Scalar::Int(_)))
}

// ---- post-conditions -----------------------------------------------------------

/// What the algebra returned for one call, with its operands as layouts
/// (where they are layouts; shapes as their compact layouts).
struct Case {
    op: &'static str,
    mode: bool,
    a: Option<Layout>,
    b: Option<Layout>,
    /// A second operand that is a tiler but not a layout (a tuple, None).
    tuple_b: bool,
    r: Layout,
}

/// Counts of what the checks saw, for the report.
#[derive(Default, Debug)]
struct Seen {
    checked: u64,
}

/// Checks the post-conditions of `c`; an error names the one that fails.
fn check(c: &Case, seen: &mut Seen) -> Result<(), String> {
    let r = &c.r;
    let (Some(a), false) = (&c.a, c.mode) else {
        return Ok(());
    };
    let Some(na) = size(a) else { return Ok(()) };
    let nb = c.b.as_ref().map_or(Some(1), size);
    let Some(nr) = size(r) else {
        // a result must be countable, unless an operand is not
        return match (c.op, nb, na) {
            ("composition", None, _) => Ok(()),
            // an extent 0 of A makes its size 0 whatever its other extents,
            // and a by-mode tiler may replace that extent in the result
            (_, _, 0) if c.tuple_b => Ok(()),
            _ => Err(format!("a result of no size: {r:?}")),
        };
    };
    if na > 1 << 16 {
        return Ok(());
    }
    seen.checked += 1;
    match c.op {
        "coalesce" | "coalesce_z" => {
            if c.b.is_some() || c.tuple_b {
                return Ok(());
            }
            if nr != na {
                return Err(format!("size {nr} != {na}"));
            }
            let past = if c.op == "coalesce_z" { na + 3 } else { 0 };
            for i in points(na + past) {
                if let (Some(x), y) = (value(a, i), value(r, i)) {
                    if !same(y.as_ref(), Some(&x)) {
                        return Err(format!("R({i}) = {y:?}, A({i}) = {x:?}"));
                    }
                }
            }
        }
        "composition" => {
            let Some(b) = &c.b else { return Ok(()) };
            if !int_strides(b) {
                return Ok(());
            }
            let nb = size(b).unwrap_or(0);
            if nr != nb {
                return Err(format!("size {nr} != size(B) {nb}"));
            }
            let bl = leaves(b);
            let mut additive = true;
            for i in points(nb) {
                // B's coordinate of i, leaf by leaf: R distributes over them
                let mut rest = i;
                let mut sum: Option<Scalar> = Some(Scalar::Int(0));
                for (s, d) in &bl {
                    let ci = if *s > 0 { rest % s } else { 0 };
                    rest = if *s > 0 { rest / s } else { 0 };
                    let Scalar::Int(d) = d else { unreachable!() };
                    let term = ci.checked_mul(*d).and_then(|x| value(a, x));
                    sum = match (sum, term) {
                        (Some(s), Some(t)) => s.add(&t).ok(),
                        _ => None,
                    };
                }
                let Some(sum) = sum else { continue };
                let got = value(r, i);
                if !same(got.as_ref(), Some(&sum)) {
                    return Err(format!("R({i}) = {got:?}, sum of A(B_k(i_k)) = {sum:?}"));
                }
                // (an A with a zero extent has no value to compare with)
                if let Some(whole) = value(b, i)
                    .and_then(|x| index(&x))
                    .and_then(|x| value(a, x))
                {
                    additive &= same(Some(&whole), Some(&sum));
                }
            }
            if !additive {
                // the specification's post-condition: R(i) == A(B(i)), or a
                // ValueError (leaves whose offsets carry across A's modes)
                return Err(format!("R(i) != A(B(i)) for B = {b:?}"));
            }
        }
        "complement" => {
            if !int_strides(a) {
                return Ok(());
            }
            // ordered, and disjoint from A's image (but at 0)
            let image: std::collections::HashSet<i64> = (0..na)
                .filter_map(|j| value(a, j).and_then(|x| index(&x)))
                .collect();
            let mut prev: Option<(i64, i64)> = None;
            for i in points(nr) {
                let Some(x) = value(r, i).and_then(|x| index(&x)) else {
                    continue;
                };
                if let Some((j, p)) = prev {
                    if p >= x {
                        return Err(format!("not ordered: R({j}) = {p}, R({i}) = {x}"));
                    }
                }
                prev = Some((i, x));
                if i > 0 && image.contains(&x) {
                    return Err(format!("R({i}) = {x} is in A's image"));
                }
            }
        }
        "right_inverse" => {
            for i in points(nr) {
                let Some(ri) = value(r, i) else { continue };
                let Some(x) = index(&ri).and_then(|x| value(a, x)) else {
                    continue;
                };
                let Some(back) = index(&x).and_then(|x| value(r, x)) else {
                    continue;
                };
                if !same(Some(&back), Some(&ri)) {
                    return Err(format!("R(A(R({i}))) = {back:?}, R({i}) = {ri:?}"));
                }
            }
        }
        "left_inverse" => {
            for i in points(na) {
                let Some(ai) = value(a, i) else { continue };
                let Some(li) = index(&ai).and_then(|x| value(r, x)) else {
                    continue;
                };
                let Some(back) = index(&li).and_then(|x| value(a, x)) else {
                    continue;
                };
                if !same(Some(&back), Some(&ai)) {
                    return Err(format!("A(L(A({i}))) = {back:?}, A({i}) = {ai:?}"));
                }
            }
        }
        "nullspace" => {
            for i in points(nr) {
                let Some(x) = value(r, i)
                    .and_then(|x| index(&x))
                    .and_then(|x| value(a, x))
                else {
                    continue;
                };
                if !x.is_zero() {
                    return Err(format!("A(N({i})) = {x:?}"));
                }
            }
        }
        "layout_add" => {
            let Some(b) = &c.b else { return Ok(()) };
            if nr != na {
                return Err(format!("size {nr} != {na}"));
            }
            for i in points(na) {
                if let (Some(x), Some(y)) = (value(a, i), value(b, i)) {
                    let want = x.add(&y).ok();
                    let got = value(r, i);
                    if want.is_some() && !same(got.as_ref(), want.as_ref()) {
                        return Err(format!("R({i}) = {got:?}, A + B = {want:?}"));
                    }
                }
            }
        }
        "logical_divide" | "zipped_divide" => {
            if r.shape().rank() != 2 && c.b.is_some() {
                return Err(format!("rank {} != 2", r.shape().rank()));
            }
            if let Some(b) = &c.b {
                // the tile is A o B
                let tile = r.mode(0).map_err(|e| e.to_string())?;
                if Some(size(&tile).unwrap_or(-1)) != size(b) {
                    return Err(format!("the tile {tile:?} is not the size of B {b:?}"));
                }
                if c.op == "logical_divide" {
                    let comp = composition(a, b)
                        .map_err(|e| format!("the divide exists, A o B does not: {e}"))?;
                    if comp != tile {
                        return Err(format!("the tile {tile:?} is not A o B = {comp:?}"));
                    }
                }
            }
        }
        "logical_product" => {
            if let Some(b) = &c.b {
                let nb = size(b).unwrap_or(0);
                if r.shape().rank() != 2 || nr != na * nb {
                    return Err(format!(
                        "rank {} and size {nr}, for sizes {na} x {nb}",
                        r.shape().rank()
                    ));
                }
                if r.mode(0).ok().as_ref() != Some(a) {
                    return Err("mode 0 is not A".into());
                }
            }
        }
        "greatest_common_domain" => {
            let Some(b) = &c.b else { return Ok(()) };
            let nb = size(b).unwrap_or(0);
            let g = gcd(na, nb);
            if r.shape().depth() > 1 || (g != 0 && g % nr != 0) {
                return Err(format!(
                    "depth {} and size {nr}, for sizes {na} and {nb}",
                    r.shape().depth()
                ));
            }
            let swapped =
                greatest_common_domain(&b.shape(), &a.shape()).map_err(|e| e.to_string())?;
            if &swapped != r {
                return Err(format!("not symmetric: the other way it is {swapped:?}"));
            }
        }
        "make_layout_like" if r.shape() != a.shape() || !int_strides(r) => {
            return Err(format!(
                "not a layout of A's shape with integer strides: {r:?}"
            ));
        }
        "blocked_product" | "raked_product" => {
            if let Some(b) = &c.b {
                let nb = size(b).unwrap_or(0);
                if r.shape().rank() != a.shape().rank() || nr != na * nb {
                    return Err(format!(
                        "rank {} and size {nr}, for {a:?} and {b:?}",
                        r.shape().rank()
                    ));
                }
            }
        }
        _ => {}
    }
    Ok(())
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

// ---- the loops -------------------------------------------------------------------

fn seed() -> u64 {
    std::env::var("CUTE_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5EED_CAFE)
}

fn budget() -> Duration {
    let secs = std::env::var("CUTE_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .unwrap_or(2.0);
    Duration::from_secs_f64(secs)
}

thread_local! {
    /// Whether this thread is inside [`timed`], whose panics are reported as
    /// failures rather than printed.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with a panic caught (and not printed: it becomes a failure of
/// the test) and its time measured.
fn timed<T>(f: impl FnOnce() -> T) -> (std::thread::Result<T>, Duration) {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                default(info);
            }
        }));
    });
    QUIET.with(|q| q.set(true));
    let t = Instant::now();
    let r = catch_unwind(AssertUnwindSafe(f));
    let took = t.elapsed();
    QUIET.with(|q| q.set(false));
    (r, took)
}

#[test]
fn fuzz_expressions() {
    let seed = seed();
    let mut rng = Rng(seed);
    let end = Instant::now() + budget();
    let (mut lines, mut ok, mut slowest) = (0u64, 0u64, Duration::ZERO);
    let mut slowest_line = String::new();
    let mut seen = Seen::default();
    let mut failures = Vec::new();
    while Instant::now() < end && failures.len() < 10 {
        let l = line(&mut rng);
        let text = l.text();
        lines += 1;
        let (answer, took) = timed(|| evaluate(&text));
        if took > slowest {
            slowest = took;
            slowest_line = text.clone();
        }
        let fail = |why: String| format!("seed {seed}, line {lines}: {text}\n    {why}");
        let answer = match answer {
            Err(_) => {
                failures.push(fail("panicked".into()));
                continue;
            }
            Ok(a) => a,
        };
        if took > SLOW {
            // once more, in case the machine was busy: slow twice is slow
            let (_, again) = timed(|| evaluate(&text));
            if again > SLOW {
                failures.push(fail(format!("took {took:?}, then {again:?}")));
            }
        }
        let shown = match &answer {
            Ok(v) => format!("ok\t{v}"),
            Err(e) => format!("err\t{}\t{e}", e.class()),
        };
        if shown.contains('\n') {
            failures.push(fail(format!("answers on more than one line: {shown:?}")));
        }
        let Ok(repr) = answer else { continue };
        ok += 1;
        // idx2crd and crd2idx undo each other in bounds
        if l.op == "idx2crd" {
            if let (Ok(i), Ok(Ok(n))) = (
                l.args[0].parse::<i64>(),
                evaluate(&format!("size({})", l.args[1])).map(|v| v.parse::<i64>()),
            ) {
                if (0..n).contains(&i) {
                    let back = evaluate(&format!("crd2idx({repr}, {})", l.args[1]));
                    if back.as_deref().ok() != Some(i.to_string().as_str()) {
                        failures.push(fail(format!("= {repr}, and crd2idx gives back {back:?}")));
                    }
                }
            }
            continue;
        }
        // the operands, as layouts where they are (a shape as its compact
        // layout)
        let arg = |k: usize| -> Option<Layout> {
            let v = evaluate(l.args.get(k)?).ok()?;
            if v.starts_with("Layout(") {
                v.parse().ok()
            } else {
                Layout::compact(v.parse().ok()?).ok()
            }
        };
        let Ok(r) = repr.parse::<Layout>() else {
            continue;
        };
        let second = l.args.get(1).map(String::as_str);
        let (b, tuple_b) = match second {
            Some(s) if l.op != "greatest_common_domain" && (s.starts_with('(') || s == "None") => {
                (None, true)
            }
            Some(s) => match s.parse::<i64>() {
                Ok(n) => (
                    Layout::new(HTuple::Leaf(n), HTuple::Leaf(Scalar::Int(1))).ok(),
                    false,
                ),
                Err(_) => (arg(1), false),
            },
            None => (None, false),
        };
        let case = Case {
            op: l.op,
            mode: !l.mode.is_empty(),
            a: if l.args[0] == "None" { None } else { arg(0) },
            b,
            tuple_b,
            r,
        };
        if let Err(why) = check(&case, &mut seen) {
            failures.push(fail(format!("{} = {repr}: {why}", l.op)));
        }
    }
    println!(
        "fuzz_expressions: seed {seed}: {lines} lines, {ok} answered with a value, {} checked against their post-conditions, slowest {slowest:?}: {slowest_line}",
        seen.checked
    );
    assert!(lines > 100, "only {lines} lines in the budget");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A direct call of the algebra, ready to run.
type ApiCall = Box<dyn FnOnce() -> (Result<Layout, Error>, Option<Case>)>;

/// One direct call of the algebra on random operands, and its description.
fn api_call(rng: &mut Rng) -> (String, ApiCall) {
    let k = kind(rng);
    let wild = rng.pct(10);
    let a = layout(rng, k, wild);
    let kb = kind(rng);
    let b = layout(rng, kb, false);
    let t = tiler(rng, 2);
    let op: &'static str = rng.pick(&[
        "coalesce",
        "coalesce_z",
        "composition",
        "complement",
        "right_inverse",
        "left_inverse",
        "logical_divide",
        "zipped_divide",
        "logical_product",
        "blocked_product",
        "raked_product",
        "layout_add",
        "nullspace",
        "greatest_common_domain",
    ]);
    let tb = if rng.pct(30) {
        t
    } else {
        Tiler::Layout(b.clone())
    };
    let desc = format!("{op}({a:?}, {})", tiler_text(&tb));
    let call = move || {
        let r = match op {
            "coalesce" => coalesce(&a),
            "coalesce_z" => coalesce_z(&a),
            "composition" => composition(&a, &tb),
            "complement" => complement(&a),
            "right_inverse" => right_inverse(&a),
            "left_inverse" => left_inverse(&a),
            "logical_divide" => logical_divide(&a, &tb),
            "zipped_divide" => zipped_divide(&a, &tb),
            "logical_product" => logical_product(&a, &tb),
            "blocked_product" => blocked_product(&a, &b),
            "raked_product" => raked_product(&a, &b),
            "layout_add" => layout_add(&a, &b),
            "nullspace" => nullspace(&a),
            _ => greatest_common_domain(&a.shape(), &b.shape()),
        };
        let (bl, tuple_b) = match (&tb, op) {
            (_, "blocked_product" | "raked_product" | "layout_add") => (Some(b.clone()), false),
            (_, "greatest_common_domain") => (Layout::compact(b.shape()).ok(), false),
            (Tiler::Layout(l), _) => (Some(l.clone()), false),
            (Tiler::Int(n), _) => (
                Layout::new(HTuple::Leaf(*n), HTuple::Leaf(Scalar::Int(1))).ok(),
                false,
            ),
            _ => (None, true),
        };
        let a = if op == "greatest_common_domain" {
            Layout::compact(a.shape().clone()).ok()
        } else {
            Some(a)
        };
        let case = r.as_ref().ok().map(|r| Case {
            op,
            mode: false,
            a,
            b: bl,
            tuple_b,
            r: r.clone(),
        });
        (r, case)
    };
    (desc, Box::new(call))
}

#[test]
fn fuzz_api() {
    let seed = seed() ^ 0xA11_CA11;
    let mut rng = Rng(seed);
    let end = Instant::now() + budget();
    let (mut calls, mut ok, mut slowest) = (0u64, 0u64, Duration::ZERO);
    let mut seen = Seen::default();
    let mut failures = Vec::new();
    while Instant::now() < end && failures.len() < 10 {
        // the generator's state before the call, to draw it again
        let replay = rng.0;
        let (desc, call) = api_call(&mut rng);
        calls += 1;
        let (out, took) = timed(call);
        slowest = slowest.max(took);
        let fail = |why: String| format!("seed {seed}, call {calls}: {desc}\n    {why}");
        let Ok((r, case)) = out else {
            failures.push(fail("panicked".into()));
            continue;
        };
        if took > SLOW {
            // once more, in case the machine was busy: slow twice is slow
            let (_, again) = timed(api_call(&mut Rng(replay)).1);
            if again > SLOW {
                failures.push(fail(format!("took {took:?}, then {again:?}")));
            }
        }
        match r {
            Ok(r) => {
                ok += 1;
                if let Some(case) = case {
                    if let Err(why) = check(&case, &mut seen) {
                        failures.push(fail(format!("= {r:?}: {why}")));
                    }
                }
            }
            Err(e) => {
                if e.to_string().contains('\n') {
                    failures.push(fail(format!("an error of more than one line: {e}")));
                }
            }
        }
    }
    println!(
        "fuzz_api: seed {seed}: {calls} calls, {ok} gave a layout, {} checked against their post-conditions, slowest {slowest:?}",
        seen.checked
    );
    assert!(calls > 100, "only {calls} calls in the budget");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
