//! Shared machinery of the layout algebra: flat views of a layout, checked
//! integer arithmetic, evaluation in the extended domain, mode access, and the
//! promotion of tilers to layouts.
//!
//! A layout's *flat modes* are its `(shape, stride)` leaves, left to right.
//! Most of the algebra works on that flat list and builds the nested result
//! once at the end.

use cute_core::{Error, Result};

use crate::atuple::ArithTuple;
use crate::htuple::{HTuple, IntTuple};
use crate::layout::{Layout, Tiler};
use crate::typedefs::{Scalar, Stride};

/// One flat mode of a layout: an extent and its stride.
pub(crate) type Mode = (i64, Scalar);

/// A borrowed layout: a shape and its congruent stride. The algebra works on
/// these so that a mode of a layout is reached without cloning it.
#[derive(Clone, Copy)]
pub(crate) struct Parts<'a> {
    pub(crate) s: &'a IntTuple,
    pub(crate) d: &'a Stride,
}

impl<'a> Parts<'a> {
    /// The parts of `l`.
    #[inline]
    pub(crate) fn of(l: &'a Layout) -> Self {
        Parts {
            s: l.shape(),
            d: l.stride(),
        }
    }

    /// An owned copy of the shape and stride.
    #[inline]
    pub(crate) fn cloned(self) -> Tree {
        (self.s.clone(), self.d.clone())
    }

    /// An owned layout.
    #[cfg(test)]
    pub(crate) fn to_layout(self) -> Layout {
        let (s, d) = self.cloned();
        Layout::from_parts(s, d)
    }

    /// Number of top-level modes.
    #[inline]
    pub(crate) fn rank(self) -> usize {
        self.s.rank()
    }

    /// The top-level modes (a leaf is its own only mode).
    #[inline]
    pub(crate) fn modes(self) -> impl ExactSizeIterator<Item = Parts<'a>> {
        self.s
            .modes()
            .iter()
            .zip(self.d.modes())
            .map(|(s, d)| Parts { s, d })
    }
}

impl core::fmt::Debug for Parts<'_> {
    /// As a [`Layout`] prints: `Layout(shape, stride)`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Layout({}, {})", self.s, self.d)
    }
}

/// An owned shape and its congruent stride: a layout under construction.
pub(crate) type Tree = (IntTuple, Stride);

/// The layout of a tree.
#[inline]
pub(crate) fn tree_layout((s, d): Tree) -> Layout {
    Layout::from_parts(s, d)
}

/// The tree `s:d`.
#[inline]
pub(crate) fn leaf_tree(s: i64, d: Scalar) -> Tree {
    (HTuple::Leaf(s), HTuple::Leaf(d))
}

/// The tree `(a, b)`.
#[inline]
pub(crate) fn pair_tree((sa, da): Tree, (sb, db): Tree) -> Tree {
    (HTuple::Tuple(vec![sa, sb]), HTuple::Tuple(vec![da, db]))
}

/// The `(shape, stride)` leaves of `l`, left to right.
#[cfg(test)]
pub(crate) fn flat_modes(l: &Layout) -> Vec<Mode> {
    flat_modes_of(Parts::of(l))
}

/// The `(shape, stride)` leaves of `l`, left to right.
pub(crate) fn flat_modes_of(l: Parts<'_>) -> Vec<Mode> {
    let mut out = Vec::with_capacity(4);
    push_leaves(l.s, l.d, &mut out);
    out
}

fn push_leaves(s: &IntTuple, d: &Stride, out: &mut Vec<Mode>) {
    match (s, d) {
        (HTuple::Leaf(s), HTuple::Leaf(d)) => out.push((*s, d.clone())),
        (HTuple::Tuple(ss), HTuple::Tuple(ds)) => {
            for (s, d) in ss.iter().zip(ds) {
                push_leaves(s, d, out);
            }
        }
        // A layout's shape and stride are congruent by construction.
        _ => debug_assert!(false, "shape and stride not congruent"),
    }
}

/// How many flat modes the integer fast path keeps on the stack.
pub(crate) const INLINE: usize = 8;

/// Up to [`INLINE`] flat modes with integer strides, on the stack: the fast
/// path of the algebra for the common case of an integer codomain.
#[derive(Clone, Copy)]
pub(crate) struct IntModes {
    len: usize,
    m: [(i64, i64); INLINE],
}

impl IntModes {
    #[inline]
    pub(crate) fn new() -> Self {
        IntModes {
            len: 0,
            m: [(0, 0); INLINE],
        }
    }

    /// Appends `s:d`; false (and nothing appended) when full.
    #[inline]
    pub(crate) fn push(&mut self, s: i64, d: i64) -> bool {
        if self.len == INLINE {
            return false;
        }
        self.m[self.len] = (s, d);
        self.len += 1;
        true
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Keeps the first `n` modes.
    #[inline]
    pub(crate) fn truncate(&mut self, n: usize) {
        self.len = self.len.min(n);
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[(i64, i64)] {
        &self.m[..self.len]
    }

    #[inline]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [(i64, i64)] {
        &mut self.m[..self.len]
    }

    /// The layout of these modes, as [`from_flat`].
    pub(crate) fn layout(&self) -> Layout {
        tree_layout(self.tree())
    }

    /// The shape and stride of these modes, as [`from_flat`]: one allocation
    /// per tuple, of exact capacity.
    pub(crate) fn tree(&self) -> Tree {
        match self.as_slice() {
            [] => leaf_tree(1, Scalar::Int(0)),
            [(s, d)] => leaf_tree(*s, Scalar::Int(*d)),
            ms => {
                let shape = ms.iter().map(|&(s, _)| HTuple::Leaf(s)).collect();
                let stride = ms
                    .iter()
                    .map(|&(_, d)| HTuple::Leaf(Scalar::Int(d)))
                    .collect();
                (HTuple::Tuple(shape), HTuple::Tuple(stride))
            }
        }
    }
}

/// Writes the flat modes of `l` into `out` (cleared first) and returns true
/// if every stride is an integer and there are at most [`INLINE`] of them.
/// (An out-parameter: returning the buffer by value would copy it.)
pub(crate) fn int_modes_into(l: Parts<'_>, out: &mut IntModes) -> bool {
    fn go(s: &IntTuple, d: &Stride, out: &mut IntModes) -> bool {
        match (s, d) {
            (HTuple::Leaf(s), HTuple::Leaf(Scalar::Int(d))) => out.push(*s, *d),
            (HTuple::Tuple(ss), HTuple::Tuple(ds)) => ss.iter().zip(ds).all(|(s, d)| go(s, d, out)),
            _ => false,
        }
    }
    out.clear();
    go(l.s, l.d, out)
}

/// `L(i)` over integer modes, as [`eval_flat`].
pub(crate) fn eval_int(op: &'static str, modes: &[(i64, i64)], i: i64) -> Result<i64> {
    let mut rest = i;
    let mut acc: i64 = 0;
    let n = modes.len();
    for (k, &(s, d)) in modes.iter().enumerate() {
        let c = if k + 1 == n {
            rest
        } else {
            if s <= 0 {
                return Err(Error::value(
                    op,
                    format!("cannot index a mode of extent {s} (coordinate {i})"),
                ));
            }
            let c = rest % s;
            rest /= s;
            c
        };
        acc = acc.checked_add(mul(op, c, d)?).ok_or_else(|| {
            Error::overflow(
                op,
                format!("the offset of coordinate {i} leaves the 64-bit range"),
            )
        })?;
    }
    Ok(acc)
}

/// The layout of a flat list of modes: `s:d` for one mode, the depth-1 tuple
/// `(s0, s1, ...):(d0, d1, ...)` otherwise.
pub(crate) fn from_flat(modes: Vec<Mode>) -> Layout {
    tree_layout(flat_tree(modes))
}

/// The tree of a flat list of modes, as [`from_flat`].
pub(crate) fn flat_tree(mut modes: Vec<Mode>) -> Tree {
    if modes.len() == 1 {
        let (s, d) = modes.pop().expect("one mode");
        return leaf_tree(s, d);
    }
    let mut shape = Vec::with_capacity(modes.len());
    let mut stride = Vec::with_capacity(modes.len());
    for (s, d) in modes {
        shape.push(HTuple::Leaf(s));
        stride.push(HTuple::Leaf(d));
    }
    (HTuple::Tuple(shape), HTuple::Tuple(stride))
}

/// The layout `s:d`.
#[inline]
pub(crate) fn leaf(s: i64, d: Scalar) -> Layout {
    Layout::from_parts(HTuple::Leaf(s), HTuple::Leaf(d))
}

/// The specification's `make_layout`: each layout becomes one mode.
pub(crate) fn make_layout(layouts: Vec<Layout>) -> Layout {
    let mut shape = Vec::with_capacity(layouts.len());
    let mut stride = Vec::with_capacity(layouts.len());
    for l in layouts {
        let (s, d) = l.into_parts();
        shape.push(s);
        stride.push(d);
    }
    Layout::from_parts(HTuple::Tuple(shape), HTuple::Tuple(stride))
}

/// `make_layout([a, b])`, without the intermediate list.
pub(crate) fn pair(a: Layout, b: Layout) -> Layout {
    let (sa, da) = a.into_parts();
    let (sb, db) = b.into_parts();
    Layout::from_parts(HTuple::Tuple(vec![sa, sb]), HTuple::Tuple(vec![da, db]))
}

/// The top-level modes of `l` (a rank-1 layout whose shape is a leaf is its
/// own only mode).
#[cfg(test)]
pub(crate) fn modes_of(l: &Layout) -> Vec<Layout> {
    match (l.shape(), l.stride()) {
        (HTuple::Tuple(ss), HTuple::Tuple(ds)) => ss
            .iter()
            .zip(ds)
            .map(|(s, d)| Layout::from_parts(s.clone(), d.clone()))
            .collect(),
        _ => vec![l.clone()],
    }
}

/// Number of top-level modes.
#[cfg(test)]
pub(crate) fn rank(l: &Layout) -> usize {
    l.shape().rank()
}

/// `l`, if its size fits in 64 bits: a result of the algebra whose domain
/// cannot be counted is an overflow error, not a layout.
#[inline]
pub(crate) fn sized(op: &'static str, l: Layout) -> Result<Layout> {
    fn product(s: &IntTuple, acc: i64) -> Option<i64> {
        match s {
            HTuple::Leaf(x) => acc.checked_mul(*x),
            HTuple::Tuple(c) => c.iter().try_fold(acc, |a, x| product(x, a)),
        }
    }
    match product(l.shape(), 1) {
        Some(_) => Ok(l),
        None => Err(size_error(op, &l)),
    }
}

#[cold]
fn size_error(op: &'static str, l: &Layout) -> Error {
    Error::overflow(op, format!("the size of {l:?} leaves the 64-bit range"))
}

/// The product of the extents of `s`.
pub(crate) fn size_of(op: &'static str, s: &IntTuple) -> Result<i64> {
    try_fold_leaves(s, 1, &mut |p, &x| mul(op, p, x))
}

/// Folds `f` over the leaves of `x`, left to right, stopping at the first
/// error. Unlike [`HTuple::leaves`], it allocates nothing.
pub(crate) fn try_fold_leaves<T, A, E>(
    x: &HTuple<T>,
    init: A,
    f: &mut impl FnMut(A, &T) -> core::result::Result<A, E>,
) -> core::result::Result<A, E> {
    match x {
        HTuple::Leaf(v) => f(init, v),
        HTuple::Tuple(c) => c.iter().try_fold(init, |acc, y| try_fold_leaves(y, acc, f)),
    }
}

/// True iff some leaf of `x` satisfies `p`. Allocates nothing.
pub(crate) fn any_leaf<T>(x: &HTuple<T>, p: &impl Fn(&T) -> bool) -> bool {
    match x {
        HTuple::Leaf(v) => p(v),
        HTuple::Tuple(c) => c.iter().any(|y| any_leaf(y, p)),
    }
}

/// `a * b`, or an overflow error of `op`.
#[inline]
pub(crate) fn mul(op: &'static str, a: i64, b: i64) -> Result<i64> {
    a.checked_mul(b)
        .ok_or_else(|| Error::overflow(op, format!("{a} * {b} leaves the 64-bit range")))
}

/// `ceil(a / b)` for `a >= 0`, `b > 0`.
#[inline]
pub(crate) fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}

/// `a + b` in the stride algebra, with an integer fast path.
#[inline]
pub(crate) fn sadd(a: &Scalar, b: &Scalar) -> Result<Scalar> {
    match (a, b) {
        (Scalar::Int(x), Scalar::Int(y)) => x
            .checked_add(*y)
            .map(Scalar::Int)
            .ok_or_else(|| Error::overflow("+", format!("{x} + {y} leaves the 64-bit range"))),
        _ => a.add(b),
    }
}

/// `n * d` in the stride algebra, with an integer fast path.
#[inline]
pub(crate) fn sscale(d: &Scalar, n: i64) -> Result<Scalar> {
    match d {
        Scalar::Int(x) => x
            .checked_mul(n)
            .map(Scalar::Int)
            .ok_or_else(|| Error::overflow("*", format!("{x} * {n} leaves the 64-bit range"))),
        _ => d.scale(n),
    }
}

/// `L(i)` for an integral coordinate `i >= 0`, in the extended domain: each
/// mode but the last takes `i mod extent`, the last takes what is left.
pub(crate) fn eval_flat(op: &'static str, modes: &[Mode], i: i64) -> Result<Scalar> {
    let mut rest = i;
    let mut acc = Scalar::Int(0);
    let n = modes.len();
    for (k, (s, d)) in modes.iter().enumerate() {
        let c = if k + 1 == n {
            rest
        } else {
            if *s <= 0 {
                return Err(Error::value(
                    op,
                    format!("cannot index a mode of extent {s} (coordinate {i})"),
                ));
            }
            let c = rest % s;
            rest /= s;
            c
        };
        if c != 0 {
            acc = sadd(&acc, &sscale(d, c)?)?;
        }
    }
    Ok(acc)
}

/// `L(i)`, as [`eval_flat`].
#[cfg(test)]
pub(crate) fn eval(op: &'static str, l: &Layout, i: i64) -> Result<Scalar> {
    eval_flat(op, &flat_modes(l), i)
}

/// The sub-layout at `mode` (the specification's `get[mode](l)`).
#[cfg(test)]
pub(crate) fn get_mode(op: &'static str, l: &Layout, mode: &[usize]) -> Result<Layout> {
    Ok(get_parts(op, Parts::of(l), mode)?.to_layout())
}

/// The sub-layout at `mode`, borrowed.
pub(crate) fn get_parts<'a>(op: &'static str, l: Parts<'a>, mode: &[usize]) -> Result<Parts<'a>> {
    let (mut s, mut d) = (l.s, l.d);
    for (depth, &m) in mode.iter().enumerate() {
        let (ss, ds) = (s.modes(), d.modes());
        if m >= ss.len() {
            return Err(Error::out_of_range(
                op,
                m,
                Some(ss.len().into()),
                format!(
                    "mode {:?} of {l:?}: index {m} at depth {depth} for rank {}",
                    mode,
                    ss.len()
                ),
            ));
        }
        s = &ss[m];
        d = &ds[m];
    }
    Ok(Parts { s, d })
}

/// `l` with the sub-layout at `mode` replaced by `new`; the other modes are
/// cloned straight into the result.
pub(crate) fn replace_mode(
    op: &'static str,
    l: Parts<'_>,
    mode: &[usize],
    new: Tree,
) -> Result<Tree> {
    let Some((&m, rest)) = mode.split_first() else {
        return Ok(new);
    };
    let n = l.rank();
    if m >= n {
        return Err(Error::out_of_range(
            op,
            m,
            Some(n.into()),
            format!("mode index {m} of {l:?}, of rank {n}"),
        ));
    }
    if !l.s.is_tuple() {
        // a rank-1 layout whose shape is an integer is the 1-tuple it
        // denotes: its mode 0 is itself, and the result keeps the tuple
        let (s, d) = replace_mode(op, l, rest, new)?;
        return Ok((HTuple::Tuple(vec![s]), HTuple::Tuple(vec![d])));
    }
    let mut shape = Vec::with_capacity(n);
    let mut stride = Vec::with_capacity(n);
    let mut new = Some(new);
    for (i, p) in l.modes().enumerate() {
        let (s, d) = match new.take_if(|_| i == m) {
            Some(new) => replace_mode(op, p, rest, new)?,
            None => p.cloned(),
        };
        shape.push(s);
        stride.push(d);
    }
    Ok((HTuple::Tuple(shape), HTuple::Tuple(stride)))
}

/// Applies `f` to the sub-layout at `mode`, leaving every other mode alone.
pub(crate) fn at_mode(
    op: &'static str,
    l: &Layout,
    mode: &[usize],
    f: impl FnOnce(Parts<'_>) -> Result<Tree>,
) -> Result<Layout> {
    let l = Parts::of(l);
    if mode.is_empty() {
        return f(l).map(tree_layout);
    }
    let new = f(get_parts(op, l, mode)?)?;
    replace_mode(op, l, mode, new).map(tree_layout)
}

/// A by-mode operation: `op(l[i], t[i])` for each element of the tuple `t`,
/// the remaining modes of `l` unchanged.
pub(crate) fn by_mode(
    op: &'static str,
    l: Parts<'_>,
    t: &[Tiler],
    mut f: impl FnMut(Parts<'_>, &Tiler) -> Result<Tree>,
) -> Result<Tree> {
    let n = l.rank();
    if t.len() > n {
        return Err(Error::rank_mismatch(
            op,
            n,
            t.len(),
            format!("a by-mode tiler of rank {} for {l:?} of rank {n}", t.len()),
        ));
    }
    let mut shape = Vec::with_capacity(n);
    let mut stride = Vec::with_capacity(n);
    for (i, p) in l.modes().enumerate() {
        let (s, d) = match t.get(i) {
            Some(ti) => f(p, ti)?,
            None => p.cloned(),
        };
        shape.push(s);
        stride.push(d);
    }
    Ok((HTuple::Tuple(shape), HTuple::Tuple(stride)))
}

/// The specification's `tiler_to_layout`, with the error naming `op`.
pub(crate) fn tiler_to_layout(op: &'static str, t: &Tiler) -> Result<Layout> {
    crate::layout::tiler_to_layout(t).map_err(|e| match e {
        Error::InvalidValue { msg, .. } => Error::InvalidValue { op, msg },
        e => e,
    })
}

/// The identity layout of a tiler's domain composed with the tiler (a `None`
/// mode is `1:E(i)`): what an operation acts on when its A is `None`. Errors
/// name `op`.
pub(crate) fn identity_of_tiler(op: &'static str, t: &Tiler) -> Result<Layout> {
    crate::layout::identity_of_tiler(t).map_err(|e| match e {
        Error::InvalidValue { msg, .. } => Error::InvalidValue { op, msg },
        e => e,
    })
}

/// `k` scaled along the coordinate axis `path` (`k` itself for an empty
/// path; int 0 for `k == 0`).
pub(crate) fn basis(k: i64, path: &[usize]) -> Scalar {
    if path.is_empty() || k == 0 {
        Scalar::Int(k)
    } else {
        ArithTuple::scaled_basis(Scalar::Int(k), path)
    }
}

/// The single term `(value, path)` of a one-term arithmetic tuple.
pub(crate) fn single_term(a: &ArithTuple) -> Option<(i64, Vec<usize>)> {
    let mut terms = a.terms();
    if terms.len() != 1 {
        return None;
    }
    let (v, path) = terms.pop()?;
    v.as_int().map(|v| (v, path))
}

/// The algebra's test kit, also reachable here for the tests that name it
/// through this module.
#[cfg(test)]
pub(crate) use super::testing;

#[cfg(test)]
mod tests {
    use super::testing as kit;
    use super::*;

    fn lay(text: &str) -> Layout {
        text.parse().unwrap()
    }

    use super::super::{
        blocked_product, coalesce, coalesce_z, complement, composition, logical_divide,
        logical_product, raked_product, zipped_divide,
    };
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Bad input is an error, never a panic (no division by zero, no
        /// wrapped number).
        #[test]
        fn prop_no_panic_on_bad_layouts(a in kit::wild_layout(), b in kit::wild_layout(), e in -2_i64..100) {
            let one = Tiler::Int(1);
            let tb = Tiler::Layout(b.clone());
            let _ = coalesce(&a, &one, &[]);
            let _ = coalesce_z(&a, &one, &[]);
            let _ = composition(Some(&a), &tb, &[]);
            let _ = complement(&a, None);
            let _ = complement(&a, Some(&HTuple::Leaf(e)));
            let _ = logical_product(&a, &tb, &[]);
            let _ = logical_divide(Some(&a), &tb, &[]);
            let _ = logical_divide(None, &tb, &[]);
            let _ = zipped_divide(Some(&a), &Tiler::Tuple(vec![Tiler::Int(e), tb.clone()]), &[]);
            let _ = blocked_product(&a, &b);
            let _ = raked_product(&a, &b);
        }
    }

    #[test]
    fn test_eval_extended_domain() {
        let a = lay("Layout((3, (2, 4)), (2, (1, 6)))");
        let want = [0, 2, 4, 1, 3, 5, 6, 8, 10, 7, 9, 11];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(eval("t", &a, i as i64).unwrap(), Scalar::Int(*w));
        }
        assert_eq!(eval("t", &a, 100).unwrap(), Scalar::Int(99));
    }

    #[test]
    fn test_tiler_to_layout() {
        let t = Tiler::Tuple(vec![Tiler::Int(4), Tiler::Int(5)]);
        assert_eq!(
            format!("{:?}", tiler_to_layout("t", &t).unwrap()),
            "Layout((4, 5), (1@0, 1@1))"
        );
        let t = Tiler::Tuple(vec![
            Tiler::Layout(lay("Layout(4, 2)")),
            Tiler::Layout(lay("Layout(5, 3)")),
        ]);
        assert_eq!(
            format!("{:?}", tiler_to_layout("t", &t).unwrap()),
            "Layout((4, 5), (2@0, 3@1))"
        );
        assert_eq!(
            format!("{:?}", tiler_to_layout("t", &Tiler::Int(3)).unwrap()),
            "Layout(3, 1)"
        );
    }

    #[test]
    fn test_modes() {
        let a = lay("Layout((3, (2, 4)), (2, (1, 6)))");
        assert_eq!(
            format!("{:?}", get_mode("t", &a, &[1, 0]).unwrap()),
            "Layout(2, 1)"
        );
        assert!(get_mode("t", &a, &[2]).is_err());
        let new = lay("Layout(7, 7)").into_parts();
        let r = tree_layout(replace_mode("t", Parts::of(&a), &[1, 1], new).unwrap());
        assert_eq!(format!("{r:?}"), "Layout((3, (2, 7)), (2, (1, 7)))");
    }
}
