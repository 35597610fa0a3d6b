//! The seeded generator: layouts, tilers and algebra calls, adversarial but
//! well-formed, and their text in the specification's language.

use cute_dynamic::htuple::{HTuple, IntTuple};
use cute_dynamic::layout::{Layout, Tiler};
use cute_dynamic::{ArithTuple, Scalar, F2};

/// SplitMix64: small, seedable, good enough to spread the draws.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// True with probability `k / 100`.
    pub(crate) fn pct(&mut self, k: u64) -> bool {
        self.below(100) < k
    }

    pub(crate) fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// Values past which arithmetic overflows.
pub(crate) const HUGE: [i64; 6] = [2_147_483_647, 1 << 31, 1 << 40, 1 << 62, i64::MAX, i64::MIN];

pub(crate) fn extent(r: &mut Rng) -> i64 {
    match r.below(100) {
        0..=74 => 1 + r.below(6) as i64,
        75..=84 => r.pick(&[1, 8, 16, 32]),
        85..=89 => 0,
        90..=93 => -(1 + r.below(3) as i64),
        _ => r.pick(&HUGE).saturating_abs(),
    }
}

pub(crate) fn int_stride(r: &mut Rng) -> i64 {
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
pub(crate) enum Kind {
    Int,
    F2,
    Coord,
    Mixed,
}

/// A stride leaf of kind `k`, as a value.
pub(crate) fn stride(r: &mut Rng, k: Kind) -> Scalar {
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
pub(crate) fn nesting(r: &mut Rng, depth: u32) -> HTuple<()> {
    if depth == 0 || r.pct(40) {
        return HTuple::Leaf(());
    }
    let n = if r.pct(3) { 0 } else { 1 + r.below(4) as usize };
    HTuple::Tuple((0..n).map(|_| nesting(r, depth - 1)).collect())
}

/// A random layout: any nesting up to depth 4, stride kind `k`. Extents
/// whose running product passes 2^14 become 1 unless `wild`, so that the
/// post-conditions can walk the domains.
pub(crate) fn layout(r: &mut Rng, k: Kind, wild: bool) -> Layout {
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

pub(crate) fn kind(r: &mut Rng) -> Kind {
    match r.below(10) {
        0..=5 => Kind::Int,
        6 => Kind::F2,
        7 | 8 => Kind::Coord,
        _ => Kind::Mixed,
    }
}

/// A tiler: an extent, a layout, `None`, or a tuple of tilers.
pub(crate) fn tiler(r: &mut Rng, depth: u32) -> Tiler {
    match r.below(10) {
        0..=2 => Tiler::Int(extent(r).clamp(-2, 16)),
        3..=5 => Tiler::Layout(layout(r, Kind::Int, false)),
        6 => Tiler::None,
        _ if depth == 0 => Tiler::Int(1 + r.below(4) as i64),
        _ => Tiler::Tuple((0..1 + r.below(4)).map(|_| tiler(r, depth - 1)).collect()),
    }
}

pub(crate) fn tiler_text(t: &Tiler) -> String {
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
pub(crate) fn scalar_text(d: &Scalar) -> String {
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

pub(crate) fn tuple_text<T>(t: &HTuple<T>, leaf: &impl Fn(&T) -> String) -> String {
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

pub(crate) fn layout_text(l: &Layout) -> String {
    format!(
        "Layout({}, {})",
        tuple_text(&l.shape(), &|x: &i64| x.to_string()),
        tuple_text(&l.stride(), &scalar_text)
    )
}

/// A layout argument: a literal, or (nested) a call that gives one.
pub(crate) fn layout_arg(r: &mut Rng, depth: u32) -> String {
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
    nested_call(r.below(7), &a, &t).unwrap_or_else(|| format!("complement({a})"))
}

/// The `k`-th (0 to 5) of the algebra's calls that nest in a generated
/// layout argument, on the layout `a` and the tiler `t`.
pub(crate) fn nested_call(k: u64, a: &str, t: &str) -> Option<String> {
    Some(match k {
        0 => format!("coalesce({a})"),
        1 => format!("composition({a}, {t})"),
        2 => format!("logical_divide({a}, {t})"),
        3 => format!("zipped_divide({a}, {t})"),
        4 => format!("logical_product({a}, {t})"),
        5 => format!("right_inverse({a})"),
        _ => return None,
    })
}

/// A mode subscript, most often none.
pub(crate) fn mode_text(r: &mut Rng) -> String {
    match r.below(10) {
        0 => format!("[{}]", r.below(3)),
        1 => format!("[{}, {}]", r.below(2), r.below(2)),
        _ => String::new(),
    }
}
