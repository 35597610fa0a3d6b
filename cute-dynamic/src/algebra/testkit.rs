//! The test kit of the layout algebra: the conformance cases of a family,
//! read as calls `name[mode](args)` whose arguments are layouts, integer
//! tuples, tilers and `None`, and checked against the algebra's functions
//! called directly; and the random layouts and evaluation helpers of the
//! properties.
//!
//! The cases are the reference implementation's (`testdata/conformance.tsv`).
//! Their arguments are read with the crate's own parsers (a layout by
//! [`Layout`]'s `FromStr`), so the kit needs no expression language.

use cute_core::Result;
use proptest::prelude::*;

use crate::htuple::{HTuple, IntTuple};
use crate::layout::{make_layout, Layout, Tiler};
use crate::typedefs::Scalar;

// ---- the specification's call forms ---------------------------------------
//
// The conformance cases call the algebra as the specification does, with an
// A that may be `None` and a mode subscript; these dispatch to the Rust
// functions of each form.

/// `composition[mode](a, b)`.
pub(crate) fn composition(a: Option<&Layout>, b: &Tiler, mode: &[usize]) -> Result<Layout> {
    match a {
        Some(a) => super::composition_at(a, b, mode),
        None => super::composition_identity_at(b, mode),
    }
}

/// `logical_divide[mode](a, b)`.
pub(crate) fn logical_divide(a: Option<&Layout>, b: &Tiler, mode: &[usize]) -> Result<Layout> {
    match a {
        Some(a) => super::logical_divide_at(a, b, mode),
        None => super::logical_divide_identity(b, mode),
    }
}

/// `zipped_divide[mode](a, b)`.
pub(crate) fn zipped_divide(a: Option<&Layout>, b: &Tiler, mode: &[usize]) -> Result<Layout> {
    match a {
        Some(a) => super::zipped_divide_at(a, b, mode),
        None => super::zipped_divide_identity(b, mode),
    }
}

/// `logical_product[mode](a, b)`.
pub(crate) fn logical_product(a: &Layout, b: &Tiler, mode: &[usize]) -> Result<Layout> {
    super::logical_product_at(a, b, mode)
}

/// `coalesce[mode](a, profile)`.
pub(crate) fn coalesce(a: &Layout, profile: &Tiler, mode: &[usize]) -> Result<Layout> {
    super::coalesce_at(a, profile, mode)
}

/// `coalesce_z[mode](a, profile)`.
pub(crate) fn coalesce_z(a: &Layout, profile: &Tiler, mode: &[usize]) -> Result<Layout> {
    super::coalesce_z_at(a, profile, mode)
}

/// `complement(a, extend)`.
pub(crate) fn complement(a: &Layout, extend: Option<&IntTuple>) -> Result<Layout> {
    match extend {
        Some(e) => super::complement_to(a, e.clone()),
        None => super::complement(a),
    }
}

/// The top-level modes of `l` (a rank-1 layout whose shape is a leaf is its
/// own only mode).
pub(crate) fn modes_of(l: &Layout) -> Vec<Layout> {
    l.modes().collect()
}

/// Number of top-level modes.
pub(crate) fn rank(l: &Layout) -> usize {
    l.rank()
}

/// The sub-layout at `mode`.
pub(crate) fn get_mode(_op: &'static str, l: &Layout, mode: &[usize]) -> Result<Layout> {
    l.get(mode)
}

/// The layout `s:d`.
pub(crate) fn leaf(s: i64, d: Scalar) -> Layout {
    Layout::leaf(s, d)
}

// ---- conformance cases -------------------------------------------------

/// A case's call `name[m0, m1](arg, ...)`: the function's name, its mode
/// subscript and its arguments. An argument is read as a tiler: `None`, an
/// integer, a layout, or a tuple of them (an integer tuple is a tiler of
/// integers).
pub(crate) struct Call {
    pub name: String,
    pub mode: Vec<usize>,
    pub args: Vec<Tiler>,
}

impl Call {
    fn arg(&self, k: usize) -> &Tiler {
        self.args
            .get(k)
            .unwrap_or_else(|| panic!("{}: no argument {k}", self.name))
    }

    /// Argument `k`, a layout.
    pub(crate) fn layout(&self, k: usize) -> Layout {
        match self.arg(k) {
            Tiler::Layout(l) => l.clone(),
            other => panic!("{}: argument {k} is not a layout: {other:?}", self.name),
        }
    }

    /// Argument `k`, a layout or `None`.
    pub(crate) fn layout_or_none(&self, k: usize) -> Option<Layout> {
        match self.arg(k) {
            Tiler::None => None,
            _ => Some(self.layout(k)),
        }
    }

    /// Argument `k`, a tiler.
    pub(crate) fn tiler(&self, k: usize) -> Tiler {
        self.arg(k).clone()
    }

    /// Argument `k`, an integer tuple; `None` if the call has no such
    /// argument.
    pub(crate) fn int_tuple(&self, k: usize) -> Option<IntTuple> {
        fn ints(name: &str, t: &Tiler) -> IntTuple {
            match t {
                Tiler::Int(x) => HTuple::Leaf(*x),
                Tiler::Tuple(c) => HTuple::Tuple(c.iter().map(|x| ints(name, x)).collect()),
                other => panic!("{name}: not an integer tuple: {other:?}"),
            }
        }
        self.args.get(k).map(|t| ints(&self.name, t))
    }
}

/// `s` split at the commas outside brackets, each part trimmed; an empty
/// last part (a trailing comma) is dropped.
fn split_args(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = s[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}

use crate::layout::testdata::matching_close as closing;

/// One argument of a case: `None`, an integer, a layout (either notation
/// [`Layout`]'s `FromStr` reads), or a parenthesised tuple of arguments
/// (`(x,)` is a 1-tuple, `(x)` is `x`, as in Python).
fn parse_arg(src: &str) -> Tiler {
    let s = src.trim();
    if s == "None" {
        return Tiler::None;
    }
    if let Ok(n) = s.parse::<i64>() {
        return Tiler::Int(n);
    }
    if s.starts_with('(') && closing(s) == s.len() - 1 {
        let inner = &s[1..s.len() - 1];
        let items = split_args(inner);
        let one = items.len() == 1 && !inner.trim_end().ends_with(',');
        if one {
            return parse_arg(items[0]);
        }
        return Tiler::Tuple(items.into_iter().map(parse_arg).collect());
    }
    match s.parse::<Layout>() {
        Ok(l) => Tiler::Layout(l),
        Err(e) => panic!("cannot read the argument {s:?}: {e}"),
    }
}

/// Reads the call `name[mode](args)` of a conformance case.
pub(crate) fn parse_call(src: &str) -> Call {
    let s = src.trim();
    let open = s
        .find(['[', '('])
        .unwrap_or_else(|| panic!("not a call: {src:?}"));
    let name = s[..open].trim().to_string();
    let (mode, rest) = if s[open..].starts_with('[') {
        let close = open + closing(&s[open..]);
        let mode = split_args(&s[open + 1..close])
            .into_iter()
            .map(|m| {
                m.parse::<usize>()
                    .unwrap_or_else(|_| panic!("bad mode {m:?} in {src:?}"))
            })
            .collect();
        (mode, s[close + 1..].trim_start())
    } else {
        (Vec::new(), &s[open..])
    };
    assert!(
        rest.starts_with('(') && closing(rest) == rest.len() - 1,
        "not a call: {src:?}"
    );
    let args = split_args(&rest[1..rest.len() - 1])
        .into_iter()
        .map(parse_arg)
        .collect();
    Call { name, mode, args }
}

/// The conformance cases of the given families: `(family, expr, expected)`.
pub(crate) fn cases(families: &[&str]) -> Vec<(String, String, String)> {
    let text = include_str!("../../testdata/conformance.tsv");
    text.lines()
        .filter_map(|line| {
            let mut it = line.splitn(3, '\t');
            let (f, e, x) = (it.next()?, it.next()?, it.next()?);
            families
                .contains(&f)
                .then(|| (f.to_string(), e.to_string(), x.to_string()))
        })
        .collect()
}

/// Asserts that `f` gives the expected outcome (`ok <repr>` or
/// `err <class>`) on every case of `families`, listing the failures.
pub(crate) fn check(families: &[&str], f: impl Fn(&Call) -> Result<Layout>) {
    let cases = cases(families);
    let n = cases.len();
    assert!(n > 0, "no cases for {families:?}");
    let bad: Vec<String> = cases
        .iter()
        .filter_map(|(fam, expr, want)| {
            let call = parse_call(expr);
            let got = match f(&call) {
                Ok(l) => format!("ok {l:?}"),
                Err(e) => format!("err {}", e.class()),
            };
            let text_over_reference =
                got == "err ValueError" && breaks_composition_post_condition(&call, want);
            (&got != want && !text_over_reference)
                .then(|| format!("{fam}\t{expr}\n    want {want}\n    got  {got}"))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {n} cases fail:\n{}",
        bad.len(),
        bad.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// True iff `want` is the reference's layout for the composition `call`
/// (no mode subscript) and it is not `i -> A(B(i))`: the specification's
/// post-condition and divisibility conditions make such a case a
/// `ValueError`, over the reference's answer.
fn breaks_composition_post_condition(call: &Call, want: &str) -> bool {
    if call.name != "composition" || !call.mode.is_empty() {
        return false;
    }
    let Some(Ok(r)) = want.strip_prefix("ok ").map(str::parse::<Layout>) else {
        return false;
    };
    let (a, b) = (call.layout(0), call.layout(1));
    (0..size(&b).min(1 << 16)).any(|i| {
        let via = eval(&b, i).as_int().map(|x| eval(&a, x));
        via.as_ref() != Some(&eval(&r, i))
    })
}

// ---- evaluation ----------------------------------------------------------

/// `l(i)` for an integral coordinate `i` (the excess goes to the last
/// mode; a negative `i` splits with floor division), computed leaf by leaf,
/// independently of the algebra.
pub(crate) fn eval(l: &Layout, i: i64) -> Scalar {
    let modes = l.leaves();
    let n = modes.len();
    let mut rest = i;
    let mut acc = Scalar::Int(0);
    for (k, (s, d)) in modes.iter().enumerate() {
        // floor division, as the specification (Python) divides
        let c = if k + 1 == n {
            rest
        } else {
            rest.rem_euclid(*s)
        };
        rest = if k + 1 == n { 0 } else { rest.div_euclid(*s) };
        acc = acc.add(&d.scale(c).unwrap()).unwrap();
    }
    acc
}

/// `l(i)` as an integer (an F2 value's bits, read as an integer).
pub(crate) fn at(l: &Layout, i: i64) -> i64 {
    match eval(l, i) {
        Scalar::Int(x) => x,
        Scalar::F2(f) => f.0 as i64,
        Scalar::Arith(t) => panic!("not an integer: {t}"),
    }
}

/// `size(l)`.
pub(crate) fn size(l: &Layout) -> i64 {
    l.size().unwrap()
}

/// The largest value `l` takes on its domain.
pub(crate) fn max_value(l: &Layout) -> i64 {
    (0..size(l)).map(|i| at(l, i)).max().unwrap_or(0)
}

/// Indices to check in `0..n`: all of them for small `n`, else the first
/// 128, the last 128 and about 128 spread between.
pub(crate) fn sample(n: i64) -> impl Iterator<Item = i64> {
    let head = n.min(128);
    let tail = (n - 128).max(head);
    let step = ((tail - head) / 128).max(1) as usize;
    (0..head).chain((head..tail).step_by(step)).chain(tail..n)
}

// ---- building layouts ----------------------------------------------------

/// Gives `shape` the flat strides `flat`, left to right.
pub(crate) fn with_strides(shape: &IntTuple, flat: &[Scalar]) -> Layout {
    let mut it = flat.iter().cloned();
    let stride = shape.map(&mut |_| it.next().unwrap());
    Layout::new(shape.clone(), stride).unwrap()
}

/// A shape of the same size as `a`: `a`'s flat extents, each one that
/// `split` marks and `factor` has a factor `f` for split into `f` and `s/f`,
/// grouped in pairs. Gives the shape and its number of leaves.
pub(crate) fn regrouped(
    a: &Layout,
    split: &[bool],
    factor: impl Fn(i64) -> Option<i64>,
) -> (IntTuple, usize) {
    let mut ext = Vec::new();
    for (k, &s) in a.shape().leaves().enumerate() {
        match (split.get(k), factor(s)) {
            (Some(true), Some(f)) => {
                ext.push(f);
                ext.push(s / f);
            }
            _ => ext.push(s),
        }
    }
    let shape = HTuple::Tuple(
        ext.chunks(2)
            .map(|c| HTuple::Tuple(c.iter().map(|&x| HTuple::Leaf(x)).collect()))
            .collect(),
    );
    (shape, ext.len())
}

/// The nesting of a layout: a leaf, or a tuple of nestings.
pub(crate) type Skeleton = HTuple<()>;

/// Fills the leaves of `skel` with `modes`, left to right.
pub(crate) fn fill(skel: &Skeleton, modes: &[(i64, i64)]) -> Layout {
    let mut ext = modes.iter().map(|m| m.0);
    let shape = skel.map(&mut |()| ext.next().expect("one mode per leaf"));
    let stride: Vec<Scalar> = modes.iter().map(|m| Scalar::Int(m.1)).collect();
    with_strides(&shape, &stride)
}

/// `a` with one more mode `k:d`, `k` the smallest power of two that makes
/// `size >= n` (`a` itself if it is already that large).
pub(crate) fn cover(a: &Layout, n: i64, d: i64) -> Layout {
    let s = size(a);
    if s >= n {
        return a.clone();
    }
    let mut k = 1;
    while s * k < n {
        k *= 2;
    }
    make_layout(&[a.clone(), leaf(k, Scalar::Int(d))])
}

/// `l`'s shape with compact column-major strides.
pub(crate) fn compact_of(l: &Layout) -> Layout {
    let mut acc = 1;
    let shape = l.shape();
    let stride = shape.map(&mut |&s| {
        let d = acc;
        acc *= s;
        Scalar::Int(d)
    });
    Layout::new(shape, stride).unwrap()
}

// ---- random layouts ------------------------------------------------------

fn skeleton_at(depth: u32, width: usize) -> BoxedStrategy<Skeleton> {
    if depth == 0 {
        return Just(HTuple::Leaf(())).boxed();
    }
    prop_oneof![
        1 => Just(HTuple::Leaf(())),
        2 => prop::collection::vec(skeleton_at(depth - 1, 2), 1..=width).prop_map(HTuple::Tuple),
    ]
    .boxed()
}

/// A nesting of depth <= 3 and rank <= 4 (at most 16 leaves).
pub(crate) fn skeleton() -> BoxedStrategy<Skeleton> {
    skeleton_at(3, 4)
}

/// Extents whose product stays small (at most 512), so that a test may
/// walk a whole domain: once the running product is large, extents are 1.
fn clamp(mut shapes: Vec<i64>) -> Vec<i64> {
    let mut p = 1;
    for s in &mut shapes {
        if p * *s > 512 {
            *s = 1;
        }
        p *= *s;
    }
    shapes
}

/// `n` strides: compact (column-major), arbitrary, or arbitrary with zeros.
fn strides(shapes: Vec<i64>, pow2: bool) -> BoxedStrategy<Vec<(i64, i64)>> {
    let n = shapes.len();
    let compact = {
        let shapes = shapes.clone();
        Just(()).prop_map(move |()| {
            let mut acc = 1;
            shapes
                .iter()
                .map(|&s| {
                    let d = acc;
                    acc *= s;
                    (s, d)
                })
                .collect::<Vec<_>>()
        })
    };
    let leaf = if pow2 {
        prop_oneof![1 => Just(0_i64), 4 => (0_u32..7).prop_map(|k| 1_i64 << k)].boxed()
    } else {
        prop_oneof![1 => Just(0_i64), 4 => 1_i64..40].boxed()
    };
    let arbitrary = {
        let shapes = shapes.clone();
        prop::collection::vec(leaf, n)
            .prop_map(move |d| shapes.iter().copied().zip(d).collect::<Vec<_>>())
    };
    prop_oneof![compact, arbitrary].boxed()
}

fn layout_with(shape: BoxedStrategy<i64>, pow2: bool) -> BoxedStrategy<Layout> {
    skeleton()
        .prop_flat_map(move |skel| {
            let n = skel.leaf_count();
            (Just(skel), prop::collection::vec(shape.clone(), n))
        })
        .prop_flat_map(move |(skel, shapes)| (Just(skel), strides(clamp(shapes), pow2)))
        .prop_map(|(skel, modes)| fill(&skel, &modes))
        .boxed()
}

/// Any layout: extents 1..=6, strides compact, arbitrary or 0.
pub(crate) fn layout() -> BoxedStrategy<Layout> {
    layout_with((1_i64..=6).boxed(), false)
}

/// A layout whose extents and nonzero strides are powers of two, so that
/// every pair of them divides one way or the other: such layouts meet
/// composition's divisibility conditions as B and as A.
pub(crate) fn pow2_layout() -> BoxedStrategy<Layout> {
    layout_with((0_u32..=3).prop_map(|k| 1_i64 << k).boxed(), true)
}

/// An injective layout whose sorted strides form a chain, each stride
/// `gap` times the running extent (`gap == 1`: compact; a divisible chain
/// in any case), its modes in random order. `pow2` keeps extents and gaps
/// powers of two.
pub(crate) fn chained_layout(pow2: bool) -> BoxedStrategy<Layout> {
    let ext = if pow2 {
        (0_u32..=2).prop_map(|k| 1_i64 << k).boxed()
    } else {
        (1_i64..=5).boxed()
    };
    let gap = if pow2 {
        (0_u32..=2).prop_map(|k| 1_i64 << k).boxed()
    } else {
        (1_i64..=3).boxed()
    };
    skeleton()
        .prop_flat_map(move |skel| {
            let n = skel.leaf_count();
            (
                Just(skel),
                prop::collection::vec((ext.clone(), gap.clone()), n),
            )
        })
        .prop_flat_map(|(skel, sg)| {
            let shapes = clamp(sg.iter().map(|p| p.0).collect());
            let sg: Vec<(i64, i64)> = shapes.into_iter().zip(sg.iter().map(|p| p.1)).collect();
            let mut cur = 1;
            let modes: Vec<(i64, i64)> = sg
                .iter()
                .map(|&(s, g)| {
                    let d = cur * g;
                    cur = d * s;
                    (s, d)
                })
                .collect();
            (Just(skel), Just(modes).prop_shuffle())
        })
        .prop_map(|(skel, modes)| fill(&skel, &modes))
        .boxed()
}

/// Any layout, bad ones included: zero extents, negative strides, and
/// values near the end of the 64-bit range.
pub(crate) fn wild_layout() -> BoxedStrategy<Layout> {
    let big = prop_oneof![
        4 => -3_i64..40,
        1 => Just(i64::MAX / 3),
        1 => Just(i64::MAX),
        1 => Just(i64::MIN + 1),
        1 => Just(i64::MIN),
    ];
    skeleton()
        .prop_flat_map(move |skel| {
            let n = skel.leaf_count();
            let ext = prop_oneof![4 => 0_i64..7, 1 => Just(1_i64 << 40)];
            (Just(skel), prop::collection::vec((ext, big.clone()), n))
        })
        .prop_map(|(skel, modes)| fill(&skel, &modes))
        .boxed()
}

/// A random shape tree of depth at most 3 and rank at most 4 per node,
/// with extents in `1..=6`.
pub(crate) fn shape_tree() -> impl Strategy<Value = IntTuple> {
    (1i64..=6)
        .prop_map(HTuple::Leaf)
        .prop_recursive(3, 12, 4, |inner| {
            proptest::collection::vec(inner, 1..=4).prop_map(HTuple::Tuple)
        })
}

/// A random integer layout: random strides (some 0), or a compact layout
/// with its modes permuted (some strides then zeroed or stretched).
pub(crate) fn int_layout() -> impl Strategy<Value = Layout> {
    shape_tree()
        .prop_flat_map(|shape| {
            let n = shape.leaf_count();
            let random = proptest::collection::vec(prop_oneof![Just(0i64), 1i64..48], n);
            let perm = Just((0..n).collect::<Vec<usize>>()).prop_shuffle();
            let tweak = proptest::collection::vec(0u8..6, n);
            (Just(shape), random, perm, tweak, any::<bool>())
        })
        .prop_map(|(shape, random, perm, tweak, compact)| {
            let ext: Vec<i64> = shape.leaves().copied().collect();
            let flat: Vec<Scalar> = if compact {
                // strides of the modes taken in the order `perm`
                let mut d = vec![0i64; ext.len()];
                let mut acc = 1i64;
                for &k in &perm {
                    d[k] = acc;
                    acc *= ext[k];
                    if tweak[k] == 5 {
                        acc *= 2; // leave a hole after this mode
                    }
                }
                d.iter()
                    .zip(&tweak)
                    .map(|(&x, &t)| Scalar::Int(if t == 0 { 0 } else { x }))
                    .collect()
            } else {
                random.into_iter().map(Scalar::Int).collect()
            };
            with_strides(&shape, &flat)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_call() {
        let c = parse_call("composition[1, 0](Layout((6, 2), (8, 2)), (3, None, (4,), 2:1))");
        assert_eq!(
            (c.name.as_str(), c.mode.as_slice()),
            ("composition", &[1, 0][..])
        );
        assert_eq!(c.args.len(), 2);
        assert_eq!(format!("{:?}", c.layout(0)), "Layout((6, 2), (8, 2))");
        let Tiler::Tuple(t) = c.tiler(1) else {
            panic!("a tuple tiler")
        };
        assert!(
            matches!(t[..], [Tiler::Int(3), Tiler::None, Tiler::Tuple(ref one), Tiler::Layout(_)] if one.len() == 1)
        );
        let c = parse_call("logical_divide(None, Layout((6, 1), (2 * E(0), 1 * E(1))))");
        assert!(c.layout_or_none(0).is_none());
        assert_eq!(c.layout(1).to_string(), "(6, 1):(2@0, 1@1)");
        let c = parse_call("greatest_common_domain((8, (6)), ((5, 2), 4))");
        assert_eq!(c.int_tuple(0).unwrap().to_string(), "(8, 6)");
        assert_eq!(c.int_tuple(1).unwrap().to_string(), "((5, 2), 4)");
        assert!(c.int_tuple(2).is_none());
        assert!(parse_call("coalesce(Layout(4, 1), ())")
            .int_tuple(1)
            .unwrap()
            .is_tuple());
    }
}
