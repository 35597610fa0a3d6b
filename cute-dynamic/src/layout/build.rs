//! Making layouts: compact layouts of a shape, layouts of layouts, layouts
//! ordered like others, the layout a tiler acts as, and recasting to a new
//! element size.

use cute_core::sym::spec_order_key;
use cute_core::{checked, DynInt, Error, Result};

use super::{Layout, Leaves, Mode, Tiler, TilerRef, Tokens, LEAF};
use crate::htuple::HTuple;
use crate::typedefs::Scalar;

impl<I: DynInt> Layout<I> {
    /// The compact, generalized column-major layout of `shape`: stride
    /// `prefix_product(shape)` (the specification's `Layout(shape)`).
    ///
    /// # Pre-conditions
    /// Every extent is non-negative.
    ///
    /// # Post-conditions
    /// `result.stride() == prefix_product(shape, 1)`.
    ///
    /// # Errors
    /// `ValueError` for a negative extent or strides that overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, IntTuple};
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// let l = Layout::compact(p("(3, (2, 4))")).unwrap();
    /// assert_eq!(format!("{l:?}"), "Layout((3, (2, 4)), (1, (3, 6)))");
    /// assert!(Layout::compact(p("(-1, 2)")).is_err());
    /// ```
    pub fn compact(shape: HTuple<I>) -> Result<Self> {
        let text = || shape.to_string();
        Self::prefix(&shape, Scalar::Int(I::from_i64(1))).map_err(|e| match e {
            Error::Overflow { .. } => Error::overflow(
                "prefix_product",
                format!("the strides of {} from 1 leave the 64-bit range", text()),
            ),
            e => e,
        })
    }

    /// The compact layout of `shape` seeded with `base`: stride
    /// `prefix_product(shape, base)` (the specification's
    /// `Layout(shape, base)` with a scalar base).
    ///
    /// # Post-conditions
    /// `result.stride() == prefix_product(shape, base)`.
    ///
    /// # Errors
    /// `ValueError` for a negative extent or on overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, Scalar};
    /// let l = Layout::with_base("(4, 8)".parse().unwrap(), Scalar::Int(2)).unwrap();
    /// assert_eq!(l, "(4, 8):(2, 8)".parse().unwrap());
    /// assert!(Layout::with_base("(4294967296, 4294967296, 2)".parse().unwrap(), Scalar::Int(1)).is_err());
    /// ```
    pub fn with_base(shape: HTuple<I>, base: Scalar<I>) -> Result<Self> {
        Self::prefix(&shape, base)
    }

    /// The layout of `shape` whose strides are its prefix products from
    /// `base`. The running product past a leaf is needed only if another
    /// leaf follows, so `Layout(6, d)` needs `d` alone to fit, not `6 * d`.
    fn prefix(shape: &HTuple<I>, base: Scalar<I>) -> Result<Self> {
        let mut leaves = Leaves::new();
        let mut cur = Ok(base);
        for s in shape.leaves() {
            if super::is_negative(s)? {
                return Err(Error::value(
                    "Layout",
                    format!("shape {shape} has a negative extent"),
                ));
            }
            let d: Scalar<I> = cur?;
            cur = d.scale_by(s);
            leaves.push((s.clone(), d));
        }
        Ok(Layout {
            tok: tokens_of(shape),
            leaves,
        })
    }

    /// A layout with integer strides.
    ///
    /// # Errors
    /// As [`Layout::new`].
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::{Layout, IntTuple};
    /// let p = |s: &str| s.parse::<IntTuple>().unwrap();
    /// let l = Layout::from_ints(&p("(4, 8)"), &p("(8, 1)")).unwrap();
    /// assert_eq!(l.to_string(), "(4, 8):(8, 1)");
    /// assert!(Layout::from_ints(&p("(4, 8)"), &p("8")).is_err());
    /// ```
    pub fn from_ints(shape: &HTuple<I>, stride: &HTuple<I>) -> Result<Self> {
        Layout::new(shape.clone(), stride.map(&mut |v| Scalar::Int(v.clone())))
    }
}

/// The profile tokens of a tree.
fn tokens_of<T>(t: &HTuple<T>) -> Tokens {
    fn go<T>(t: &HTuple<T>, out: &mut Tokens) {
        match t {
            HTuple::Leaf(_) => out.push(LEAF),
            HTuple::Tuple(c) => {
                out.push(super::OPEN);
                c.iter().for_each(|x| go(x, out));
                out.push(super::CLOSE);
            }
        }
    }
    let mut out = Tokens::new();
    go(t, &mut out);
    out
}

/// Concatenates layouts, each becoming one mode of the result.
///
/// # Post-conditions
/// `rank(result) == layouts.len()`; `result.mode(i) == layouts[i]`.
///
/// # Examples
/// ```
/// use cute_dynamic::layout::{make_layout, Layout};
/// let l = make_layout(&["3:1", "(5, 1):(7, 2)", "2:42"].map(|s| s.parse::<Layout>().unwrap()));
/// assert_eq!(format!("{l:?}"), "Layout((3, (5, 1), 2), (1, (7, 2), 42))");
/// assert_eq!(format!("{:?}", make_layout::<i64>(&[])), "Layout((), ())");
/// ```
pub fn make_layout<I: DynInt>(layouts: &[Layout<I>]) -> Layout<I> {
    let mut out = Layout::building();
    out.open();
    for l in layouts {
        out.push_view(l.view());
    }
    out.close();
    out
}

/// [`make_layout`] of owned layouts, without copying them.
///
/// # Examples
/// ```
/// use cute_dynamic::layout::{make_layout_owned, Layout};
/// let l = make_layout_owned(vec!["3:1".parse().unwrap(), "4:3".parse().unwrap()]);
/// assert_eq!(l, "(3, 4):(1, 3)".parse::<Layout>().unwrap());
/// ```
pub fn make_layout_owned<I: DynInt>(layouts: Vec<Layout<I>>) -> Layout<I> {
    let mut out = Layout::building();
    out.open();
    for mut l in layouts {
        out.push_layout(&mut l);
    }
    out.close();
    out
}

/// A tree of layouts joined into one layout, [`make_layout`] at every node:
/// the specification's `make=make_layout` argument of `flatten`, `slice_`,
/// `lift` and `transform_apply_leaf`.
///
/// # Examples
/// ```
/// use cute_dynamic::{htuple::{lift, HTuple}, layout::{make_layout_tree, Layout}};
/// let l: Layout = "4:2".parse().unwrap();
/// let t = lift(HTuple::Leaf(l), &HTuple::Leaf("1:0".parse().unwrap()), &[1]);
/// assert_eq!(make_layout_tree(&t), "(1, 4):(0, 2)".parse().unwrap());
/// ```
pub fn make_layout_tree<I: DynInt>(t: &HTuple<Layout<I>>) -> Layout<I> {
    fn go<I: DynInt>(t: &HTuple<Layout<I>>, out: &mut Layout<I>) {
        match t {
            HTuple::Leaf(l) => out.push_view(l.view()),
            HTuple::Tuple(c) => {
                out.open();
                c.iter().for_each(|x| go(x, out));
                out.close();
            }
        }
    }
    let mut out = Layout::building();
    go(t, &mut out);
    out
}

/// The leaves of `layout` with compact strides visiting them in the order
/// `order` (indices into the leaves): the first gets stride 1, each next
/// the product of the extents before it; a pinned leaf keeps stride 0.
fn compact_in_order<I: DynInt>(
    op: &'static str,
    layout: &Layout<I>,
    order: &[usize],
    pinned: &[bool],
) -> Result<Layout<I>> {
    let zero = Scalar::Int(I::from_i64(0));
    let mut leaves: Leaves<I> = layout
        .leaves()
        .iter()
        .map(|(s, _)| (s.clone(), zero.clone()))
        .collect();
    let mut cur: Result<I> = Ok(I::from_i64(1));
    for &k in order {
        if pinned[k] {
            continue;
        }
        let d = cur.map_err(|_| {
            Error::overflow(
                op,
                format!(
                    "compact strides of {} leave the 64-bit range",
                    layout.shape()
                ),
            )
        })?;
        cur = d.int_mul(&leaves[k].0);
        leaves[k].1 = Scalar::Int(d);
    }
    Ok(Layout {
        tok: layout.tok.clone(),
        leaves,
    })
}

/// A compact layout with the shape of `layout` whose strides follow the
/// order of its strides: the mode with the smallest non-zero stride
/// magnitude gets stride 1, the rest compact prefix-product strides in
/// stable ascending order of stride magnitude. A mode whose stride is zero
/// carries no position and keeps stride 0.
///
/// A coordinate stride `k@p` (a scaled basis element) is ordered by its
/// basis index `p` first (lexicographically for a nested index such as
/// `E(0, 1)`), then by its scale's magnitude; an integer stride is the
/// rank-zero basis element, index `()`, so it comes before every coordinate
/// stride. The result has integer strides either way. A symbolic stride is
/// larger than every static one, and symbolic strides keep their order
/// (the specification's order of values that are not static).
///
/// # Pre-conditions
/// Every stride is an integer, a scaled basis element, or zero.
///
/// A size-1 mode is ordered like any other: it takes the running stride at
/// its place in the order (so it may share a stride with the next mode).
///
/// # Post-conditions
/// `shape(result) == shape(layout)`; the non-zero modes are compact;
/// idempotent when every extent is greater than 1.
///
/// # Errors
/// `TypeError` for a non-zero F2 stride or a coordinate sum of several
/// terms (they have no place in the order); `ValueError` on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::layout::{make_layout_like, Layout};
/// let p = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(make_layout_like(&p("(4, 8):(100, 1)")).unwrap(), p("(4, 8):(8, 1)"));
/// assert_eq!(make_layout_like(&p("(2, 3, 4, 5):(0, 42, 4, 0)")).unwrap(), p("(2, 3, 4, 5):(0, 4, 1, 0)"));
/// assert_eq!(make_layout_like(&p("(4, 8):(1@1, 1@0)")).unwrap(), p("(4, 8):(8, 1)"));
/// assert_eq!(make_layout_like(&p("(2, 3, 5):(1@1, 0, 2@0)")).unwrap(), p("(2, 3, 5):(5, 0, 1)"));
/// assert!(make_layout_like(&p("(4, 8):(F1, F4)")).is_err());
/// ```
pub fn make_layout_like<I: DynInt>(layout: &Layout<I>) -> Result<Layout<I>> {
    const OP: &str = "make_layout_like";
    let n = layout.leaves().len();
    let mut keys = Vec::with_capacity(n);
    let mut pinned = Vec::with_capacity(n);
    for (_, d) in layout.leaves() {
        // a zero stride keeps its 0 and takes no place in the order; a
        // symbolic stride that may be 0 or not is undecidable here
        let zero = match d {
            Scalar::Int(v) => v.int_cmp(&I::from_i64(0)).map_err(|e| e.in_op(OP))?.is_eq(),
            _ => d.is_zero(),
        };
        if zero {
            keys.push((Vec::new(), spec_order_key(&0_i64)));
            pinned.push(true);
            continue;
        }
        let magnitude = |v: I| match v.try_const() {
            Some(x) => spec_order_key(&(x.unsigned_abs().min(i64::MAX as u64) as i64)),
            None => spec_order_key(&v),
        };
        let key = match d {
            Scalar::Int(v) => Some((Vec::new(), magnitude(v.clone()))),
            Scalar::Arith(t) => t
                .single_term()
                .map(|(k, path)| (path, magnitude(I::from_i64(k)))),
            Scalar::F2(_) => None,
        };
        match key {
            Some(key) => {
                keys.push(key);
                pinned.push(false);
            }
            None => {
                return Err(Error::type_error(
                    OP,
                    format!("stride {d} of {layout} has no place in the order of strides"),
                ))
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&i, &j| keys[i].cmp(&keys[j]));
    compact_in_order(OP, layout, &order, &pinned)
}

/// A compact layout of `shape` whose strides follow `order`: the leaf with
/// the smallest order value gets stride 1, the rest compact prefix-product
/// strides in stable ascending order of their order values (only their
/// relative order matters; a symbolic order value is larger than every
/// static one, and symbolic ones keep their order).
///
/// # Pre-conditions
/// `congruent(shape, order)`.
///
/// # Post-conditions
/// `shape(result) == shape`; the result is compact.
///
/// # Errors
/// `ValueError` if `shape` and `order` are not congruent, or on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::{layout::{make_ordered_layout, Layout}, IntTuple};
/// let p = |s: &str| s.parse::<IntTuple>().unwrap();
/// assert_eq!(make_ordered_layout(&p("(4, 8)"), &p("(1, 0)")).unwrap(), "(4, 8):(8, 1)".parse().unwrap());
/// assert_eq!(make_ordered_layout(&p("(2, 3, 4, 2)"), &p("(0, 2, 3, 0)")).unwrap(),
///            "(2, 3, 4, 2):(1, 4, 12, 2)".parse().unwrap());
/// assert!(make_ordered_layout(&p("(4, 8)"), &p("(1, 0, 2)")).is_err());
/// ```
pub fn make_ordered_layout<I: DynInt>(shape: &HTuple<I>, order: &HTuple<I>) -> Result<Layout<I>> {
    if !shape.congruent_with(order) {
        return Err(Error::NotCongruent {
            op: "make_ordered_layout",
            msg: format!("shape {shape} and order {order}"),
        });
    }
    let keys: Vec<_> = order.leaves().map(spec_order_key).collect();
    let mut idx: Vec<usize> = (0..keys.len()).collect();
    idx.sort_by_key(|&k| keys[k]);
    let pinned = vec![false; keys.len()];
    let zeros = Layout::new(
        shape.clone(),
        shape.map(&mut |_| Scalar::Int(I::from_i64(0))),
    )?;
    compact_in_order("make_layout_like", &zeros, &idx, &pinned)
}

/// The layout a tiler acts as under composition. An integer `n` is `n:1`, a
/// layout is itself, and a tuple of tilers becomes one coordinate layout
/// whose mode `i` lives on codomain axis `i`: each sub-tiler's strides are
/// placed at that axis (`(4, 5)` is `(4, 5):(1@0, 1@1)`,
/// `(4:2, 5:3)` is `(4, 5):(2@0, 3@1)`), recursively for nested tuples
/// (mode `(0, 1)` lands on axis `1@1@0`). A `None` mode inside a tuple
/// keeps its axis but selects nothing along it: `1:0` there.
///
/// # Post-conditions
/// `shape(result) == shape(tiler)`; `coprofile(result)` has one axis per
/// tuple mode.
///
/// # Errors
/// `ValueError` for a `None` tiler (it has no extent) or an invalid layout;
/// `TypeError` for a symbolic stride placed on an axis.
///
/// # Examples
/// ```
/// use cute_dynamic::layout::{tiler_to_layout, Layout, Tiler};
/// let p = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(tiler_to_layout(&Tiler::Int(3)).unwrap(), p("3:1"));
/// let t = Tiler::Tuple(vec![Tiler::Int(4), Tiler::Int(5)]);
/// assert_eq!(format!("{:?}", tiler_to_layout(&t).unwrap()), "Layout((4, 5), (1@0, 1@1))");
/// let t = Tiler::Tuple(vec![Tiler::Layout(p("4:2")), Tiler::Layout(p("5:3"))]);
/// assert_eq!(format!("{:?}", tiler_to_layout(&t).unwrap()), "Layout((4, 5), (2@0, 3@1))");
/// assert!(tiler_to_layout(&Tiler::<i64>::None).is_err());
/// ```
pub fn tiler_to_layout<I: DynInt>(tiler: &Tiler<I>) -> Result<Layout<I>> {
    promote_tiler(tiler.as_ref(), false)
}

/// The identity layout of a tiler's domain composed with the tiler: what
/// the algebra acts on when its A is `None`. As [`tiler_to_layout`], except
/// that a `None` mode inside a tuple is that mode of the identity, `1:E(i)`
/// (its extent unknown, its axis kept), rather than `1:0`.
///
/// # Errors
/// As [`tiler_to_layout`].
pub(crate) fn identity_of_tiler<I: DynInt>(tiler: TilerRef<'_, I>) -> Result<Layout<I>> {
    promote_tiler(tiler, true)
}

/// [`tiler_to_layout`]; with `identity`, a `None` mode inside a tuple is
/// `1:E(path)` rather than `1:0`.
pub(crate) fn promote_tiler<I: DynInt>(
    tiler: TilerRef<'_, I>,
    identity: bool,
) -> Result<Layout<I>> {
    fn go<I: DynInt>(
        t: TilerRef<'_, I>,
        path: &mut Vec<usize>,
        identity: bool,
        out: &mut Layout<I>,
    ) -> Result<()> {
        match t {
            TilerRef::Int(n) => {
                if n.int_cmp(&I::from_i64(0))?.is_lt() {
                    return Err(Error::value(
                        "Layout",
                        format!("shape {n} has a negative extent"),
                    ));
                }
                out.push_leaf(n.clone(), Scalar::Int(I::from_i64(1)).at_path(path)?);
            }
            TilerRef::Layout(l) => {
                super::push_tokens(&mut out.tok, &l.tok);
                for (s, d) in l.leaves() {
                    out.leaves.push((s.clone(), d.at_path(path)?));
                }
            }
            TilerRef::None if path.is_empty() => {
                return Err(Error::value(
                    "tiler_to_layout",
                    "None has no extent: it is a no-op mode only inside a tuple",
                ))
            }
            TilerRef::None => {
                // `1@path`, or `0@path`, the zero of the axis (an arithmetic
                // tuple, which still names the axis)
                let d = Scalar::Int(I::from_i64(i64::from(identity))).at_path(path)?;
                out.push_leaf(I::from_i64(1), d);
            }
            TilerRef::Tuple(c) => {
                out.open();
                for (i, x) in c.iter().enumerate() {
                    path.push(i);
                    let r = go(x.as_ref(), path, identity, out);
                    path.pop();
                    r?;
                }
                out.close();
            }
        }
        Ok(())
    }
    // A mode at path p gets a basis element holding sum(p) + len(p) entries:
    // refuse a tiler whose coordinate strides would not fit in memory.
    fn entries<I: DynInt>(t: TilerRef<'_, I>, cost: usize) -> usize {
        match t {
            TilerRef::Tuple(c) => c.iter().enumerate().fold(0usize, |acc, (i, x)| {
                acc.saturating_add(entries(
                    x.as_ref(),
                    cost.saturating_add(i).saturating_add(1),
                ))
            }),
            TilerRef::Layout(l) => cost.saturating_mul(l.leaves().len()),
            TilerRef::Int(_) | TilerRef::None => cost,
        }
    }
    if entries(tiler, 0) > crate::atuple::MAX_BASIS_ENTRIES {
        return Err(Error::value(
            "tiler_to_layout",
            format!(
                "a tiler of rank {} would need coordinate strides of more than {} entries",
                match tiler {
                    TilerRef::Tuple(c) => c.len(),
                    _ => 1,
                },
                crate::atuple::MAX_BASIS_ENTRIES
            ),
        ));
    }
    let mut out = Layout::building();
    go(tiler, &mut Vec::new(), identity, &mut out)?;
    Ok(out)
}

/// Recasts a layout to a new element size, `num / den` times the old one:
/// `recast(L, 8, 1)` packs 8 source elements per new element, `recast(L, 1,
/// 2)` unpacks 2 new elements per source element. Each leaf `s:d` is
/// rescaled by the ratio of its stride's magnitude `v` (its coefficient, for
/// a coordinate stride, whose axis is kept) to the scale `r = num / den`:
///
/// ```text
/// s:0   ->  s:0
/// s:±1  ->  ceil(s / r) : ±1                  the contiguous mode resizes
/// s:v   ->  s : v / r                         r divides v
/// s:v   ->  ceil(s * v / r) : ±1              v divides r
/// ```
///
/// # Pre-conditions
/// `num > 0`, `den > 0`; at each leaf the stride and the scale divide one
/// another.
///
/// # Post-conditions
/// `shape(result)` is congruent with `shape(layout)`.
///
/// # Errors
/// `ValueError` for a non-positive scale, a leaf whose stride and scale do
/// not divide one another, or on overflow; `TypeError` for an F2 or
/// multi-term arithmetic-tuple stride.
///
/// # Examples
/// ```
/// use cute_dynamic::layout::{recast, Layout};
/// let p = |s: &str| s.parse::<Layout>().unwrap();
/// assert_eq!(recast(&p("24:1"), 8, 1).unwrap(), p("3:1"));
/// assert_eq!(recast(&p("24:2"), 4, 1).unwrap(), p("12:1"));
/// assert_eq!(recast(&p("(4, 4):(4, 1)"), 4, 1).unwrap(), p("(4, 1):(1, 1)"));
/// assert_eq!(recast(&p("(4, 4):(4, 1)"), 1, 2).unwrap(), p("(4, 8):(8, 1)"));
/// assert!(recast(&p("(3, 3):(3, 1)"), 2, 1).is_err());
/// ```
pub fn recast(layout: &Layout, num: i64, den: i64) -> Result<Layout> {
    const OP: &str = "recast";
    if num <= 0 || den <= 0 {
        return Err(Error::value(
            OP,
            format!("scale {num}/{den} is not positive"),
        ));
    }
    let g = checked::gcd(num, den)?;
    let (num, den) = (num / g, den / g);
    let ovf = || {
        Error::overflow(
            OP,
            format!("recasting {layout} by {num}/{den} leaves the 64-bit range"),
        )
    };
    let ceil_div = |a: i64, b: i64| checked::ceil_div(a, b).map_err(|_| ovf());
    let mut leaves: Leaves<i64> = Leaves::with_capacity(layout.leaves().len());
    for (s, d) in layout.leaves() {
        let s = *s;
        if d.is_zero() {
            leaves.push((s, d.clone()));
            continue;
        }
        let (v, path): (i64, Vec<usize>) = match d {
            Scalar::Int(v) => (*v, Vec::new()),
            Scalar::Arith(a) => a.single_term().ok_or_else(|| {
                Error::type_error(
                    OP,
                    format!("stride {d} is not a single scaled basis element"),
                )
            })?,
            Scalar::F2(_) => {
                return Err(Error::type_error(
                    OP,
                    format!("stride {d} is an F2 value, which has no magnitude"),
                ))
            }
        };
        let rebuild = |x: i64| Scalar::Int(x).at_path(&path);
        let sign = v.signum();
        let m = v.checked_abs().ok_or_else(ovf)?;
        // new stride in new elements: v * den / num
        let vd = m.checked_mul(den).ok_or_else(ovf)?;
        let leaf: Mode = if m == 1 {
            let n = s.checked_mul(den).ok_or_else(ovf)?;
            (ceil_div(n, num)?, rebuild(sign)?)
        } else if vd % num == 0 {
            (s, rebuild(sign * (vd / num))?)
        } else if num % vd == 0 {
            let n = s.checked_mul(vd).ok_or_else(ovf)?;
            (ceil_div(n, num)?, rebuild(sign)?)
        } else {
            return Err(Error::divisibility(
                OP,
                v,
                num,
                format!("stride {d} of {layout} and scale {num}/{den} do not divide one another"),
            ));
        };
        leaves.push(leaf);
    }
    Ok(Layout {
        tok: layout.tok.clone(),
        leaves,
    })
}
