//! Composition: `A o B`, the layout that walks B's domain and maps each of
//! B's values through A (Whitepaper, §3.3).
//!
//! Composition is right-distributive, `A o (B0, B1) = (A o B0, A o B1)`, so
//! the result keeps B's nesting and each leaf `s:d` of B is composed on its
//! own: d is divided out of A's (coalesced) extents from the left, then s is
//! taken from what remains. Both steps must split A's extents evenly (the
//! stride- and shape-divisibility conditions, Whitepaper, Eqs. (20)-(21)). A
//! coordinate leaf `s:k@i` of B composes with mode `i` of A, which is how a
//! tuple of tilers composes by-mode; a stride that is a sum of scaled basis
//! elements is a coordinate into A, whose terms compose with their modes and
//! add up.

use cute_core::{Error, Result};
use smallvec::SmallVec;

use super::coalesce::{coalesce_int, coalesce_modes};
use super::detail::{
    at_mode, by_mode, eval_flat, eval_int, flat_modes_of, flat_tree, get_parts, identity_of_tiler,
    int_modes_into, leaf, leaf_tree, mul, sadd, single_term, sscale, IntModes, Mode, Parts, Tree,
};
use super::layout_add::layout_add;
use crate::atuple::ArithTuple;
use crate::htuple::{HTuple, IntTuple};
use crate::layout::{Layout, Tiler};
use crate::typedefs::{Scalar, Stride};

const OP: &str = "composition";

/// A's flat modes, coalesced (keeping a significant trailing extent-1 mode,
/// which carries A's values past its end): on the stack for integer strides.
// The integer variant is a stack buffer on purpose: it spares an allocation.
#[allow(clippy::large_enum_variant)]
enum Flat {
    /// Not computed yet.
    Unset,
    Int(IntModes),
    Gen(Vec<Mode>),
}

impl Flat {
    #[inline]
    fn len(&self) -> usize {
        match self {
            Flat::Int(m) => m.as_slice().len(),
            Flat::Gen(v) => v.len(),
            Flat::Unset => 0,
        }
    }

    #[inline]
    fn extent(&self, i: usize) -> i64 {
        match self {
            Flat::Int(m) => m.as_slice()[i].0,
            Flat::Gen(v) => v[i].0,
            Flat::Unset => unreachable!("the flat modes are computed before use"),
        }
    }

    /// The layout of these modes.
    fn layout(&self) -> Layout {
        match self {
            Flat::Int(m) => m.layout(),
            Flat::Gen(v) => super::detail::from_flat(v.clone()),
            Flat::Unset => unreachable!("the flat modes are computed before use"),
        }
    }
}

/// A, with its coalesced flat modes computed once, on first use. An A known
/// only by its flat modes (a complement that never became a layout) has no
/// tree.
pub(crate) struct Lhs<'a> {
    tree: Option<Parts<'a>>,
    flat: Flat,
    /// What the leaves of B composed so far reach in each of A's flat modes
    /// but the last: see [`Lhs::reach`].
    reach: SmallVec<[Reach; 8]>,
    /// Whether B's leaves must add up to `A(B(i))` (composition and the
    /// divides), or only compose exactly one by one (the products, whose
    /// `A* o B` the specification defines leaf by leaf, for any B).
    whole: bool,
    /// The modes of A that coordinate strides `k@path` of B compose with,
    /// each with what B's leaves reach there.
    by_path: Vec<(Vec<usize>, Lhs<'a>)>,
}

/// The coordinates the leaves of B reach in one mode of A: the sum of their
/// largest coordinates there, and the union of their coordinates' bits.
#[derive(Clone, Copy, Default)]
struct Reach {
    sum: i64,
    bits: u64,
}

impl<'a> Lhs<'a> {
    #[inline]
    pub(crate) fn new(layout: Parts<'a>) -> Self {
        Lhs {
            tree: Some(layout),
            flat: Flat::Unset,
            reach: SmallVec::new(),
            whole: true,
            by_path: Vec::new(),
        }
    }

    /// An A known by its flat integer modes alone, to be written through
    /// [`Lhs::int_modes`] already coalesced as [`Lhs::flat`] coalesces
    /// (keeping a significant trailing extent-1 mode): a free complement,
    /// whose coalescing is the same.
    #[inline]
    pub(crate) fn int() -> Lhs<'static> {
        Lhs {
            tree: None,
            flat: Flat::Int(IntModes::new()),
            reach: SmallVec::new(),
            whole: true,
            by_path: Vec::new(),
        }
    }

    /// This A, composed leaf by leaf only: each leaf of B exact on its own,
    /// their sum not checked against `A(B(i))` (see [`Lhs::reach`]).
    #[inline]
    pub(crate) fn leaf_by_leaf(mut self) -> Self {
        self.whole = false;
        self
    }

    /// The buffer of an A made by [`Lhs::int`].
    #[inline]
    pub(crate) fn int_modes(&mut self) -> &mut IntModes {
        match &mut self.flat {
            Flat::Int(m) => m,
            _ => unreachable!("made by Lhs::int"),
        }
    }

    fn flat(&mut self) -> Result<&Flat> {
        if let Flat::Unset = self.flat {
            let l = self.tree.expect("an A without flat modes has a tree");
            // filled in place: the stack buffer is not moved
            self.flat = Flat::Int(IntModes::new());
            let Flat::Int(m) = &mut self.flat else {
                unreachable!("just set")
            };
            let done = if int_modes_into(l, m) {
                coalesce_int(OP, m, true)
            } else {
                coalesce_modes(OP, flat_modes_of(l).into_iter(), true).map(|v| {
                    self.flat = Flat::Gen(v);
                })
            };
            if let Err(e) = done {
                self.flat = Flat::Unset;
                return Err(e);
            }
        }
        Ok(&self.flat)
    }

    /// Records that a leaf of B takes the coordinates `step * t`, `t < e`, in
    /// A's flat mode `i`, and checks that B's leaves, composed one by one,
    /// still compose to `i -> A(B(i))`.
    ///
    /// Composition is right-distributive: each leaf of B composes with A on
    /// its own, and the result maps B's coordinate to the *sum* of the
    /// leaves' values under A. That sum is `A(B(i))` only if B's offsets add
    /// up in A's coordinates without carrying from one mode of A into the
    /// next (A's last mode has no end to carry from), since a carry between
    /// two modes that do not coalesce changes the value. So the largest
    /// coordinates the leaves reach in each mode must add up to less than
    /// its extent; in a mode whose stride is an F2 value, whose `+` is XOR,
    /// the leaves' coordinates must also have no bits in common, last mode
    /// included. Otherwise
    /// the divisibility conditions of the specification (Whitepaper, Eqs.
    /// (20)-(21)) fail across B's modes, and this is their error.
    fn reach(&mut self, i: usize, e: i64, step: i64) -> Result<()> {
        if !self.whole || e <= 1 || step == 0 {
            return Ok(());
        }
        let (n, extent, f2) = match &self.flat {
            Flat::Int(m) => (m.as_slice().len(), m.as_slice()[i].0, false),
            Flat::Gen(v) => (v.len(), v[i].0, has_f2(&v[i].1)),
            Flat::Unset => unreachable!("the flat modes are computed before use"),
        };
        // A's last mode has no end to carry from; but over F2, whose `+` is
        // XOR, coordinates that add up must have no bits in common there too
        let last = i + 1 >= n;
        if last && !f2 {
            return Ok(());
        }
        if self.reach.len() < n {
            self.reach.resize(n, Reach::default());
        }
        let top = mul(OP, step, e - 1)?;
        // the bits of `step * t` for every `t < e`
        let bits = if e == 2 {
            top as u64
        } else {
            let span = 64 - ((e - 1) as u64).leading_zeros();
            (((1u128 << span) - 1) * step as u128).min(u64::MAX as u128) as u64
        };
        let r = &mut self.reach[i];
        let sum = r.sum.saturating_add(top);
        if (sum >= extent && !last) || (f2 && r.bits & bits != 0) {
            return Err(Error::divisibility(OP, sum, extent, format!(
                    "B's leaves together reach coordinate {sum} of A's extent {extent}, so B's offsets carry from one mode of A into the next and no layout is i -> A(B(i))"
                )));
        }
        r.sum = sum;
        r.bits |= bits;
        Ok(())
    }

    /// A as it prints, for error messages.
    fn describe(&self) -> String {
        match (self.tree, &self.flat) {
            (Some(t), _) => format!("{t:?}"),
            (None, f) => format!("{:?}", f.layout()),
        }
    }
}

/// Composes A with the leaf `s:d` of B; the result is the layout of that
/// leaf's domain (a leaf or a flat tuple).
fn compose_leaf(lhs: &mut Lhs<'_>, s: i64, d: &Scalar) -> Result<Tree> {
    match d {
        Scalar::Int(d) => compose_int(lhs, s, *d),
        Scalar::Arith(t) if t.is_zero() => Ok(leaf_tree(s, Scalar::Int(0))),
        Scalar::Arith(t) => match (lhs.tree, single_term(t)) {
            // a coordinate stride k@path composes with A's mode at path,
            // together with B's other leaves there
            (Some(a), Some((k, path))) => {
                let at = match lhs.by_path.iter().position(|(p, _)| *p == path) {
                    Some(at) => at,
                    None => {
                        let mut sub = Lhs::new(get_parts(OP, a, &path)?);
                        sub.whole = lhs.whole;
                        lhs.by_path.push((path, sub));
                        lhs.by_path.len() - 1
                    }
                };
                compose_int(&mut lhs.by_path[at].1, s, k)
            }
            (Some(a), None) => compose_coordinate_sum(a, s, t),
            (None, term) => {
                // an A known by its flat modes: its layout, made here
                let owned = lhs.flat()?.layout();
                let a = Parts::of(&owned);
                match term {
                    Some((k, path)) => compose_int(&mut Lhs::new(get_parts(OP, a, &path)?), s, k),
                    None => compose_coordinate_sum(a, s, t),
                }
            }
        },
        Scalar::F2(f) => Err(Error::type_error(
            OP,
            format!("B's stride {f} is an F2 value, not an integer or a coordinate"),
        )),
    }
}
/// `A o s:t` for a stride `t = k0@p0 + k1@p1 + ...` of several terms: a
/// coordinate into A, whose modes A maps linearly, so
/// `A(j * t) == A_p0(j * k0) + A_p1(j * k1) + ...`. Each term composes with
/// its mode of A, and the results add pointwise (`layout_add`); for a single
/// point (`s == 1`) the stride is `A(t)`. When each term gives one mode, the
/// result is `s:A(t)` (for a coordinate A, the coordinate `A(t)`).
fn compose_coordinate_sum(a: Parts<'_>, s: i64, t: &ArithTuple) -> Result<Tree> {
    let mut point = Scalar::Int(0);
    let mut acc: Option<Layout> = None;
    for (v, path) in t.terms() {
        let k = v.as_int().ok_or_else(|| {
            Error::type_error(
                OP,
                format!("the stride {t} of B has a term {v} that is not an integer"),
            )
        })?;
        let (rs, rd) = compose_int(&mut Lhs::new(get_parts(OP, a, &path)?), s, k)?;
        if s == 1 {
            // a single point: `1:A_p(k)`, and the strides add up to A(t)
            if let HTuple::Leaf(d) = rd {
                point = sadd(&point, &d)?;
            }
            continue;
        }
        let r = Layout::from_parts(rs, rd);
        acc = Some(match acc {
            None => r,
            Some(x) => layout_add(&x, &r).map_err(|e| match e {
                Error::InvalidValue { msg, .. } | Error::SizeMismatch { msg, .. } => {
                    Error::divisibility(OP, cute_core::Operand::Text(format!("{x:?}")), cute_core::Operand::Text(format!("{r:?}")),  format!(
                            "the terms of B's stride {t} compose to {x:?} and {r:?}, whose sum is no layout: {msg}"
                        ))
                }
                e => e,
            })?,
        });
    }
    Ok(match acc {
        Some(r) => r.into_parts(),
        None => leaf_tree(s, point),
    })
}

/// Walks A's coalesced extents for the leaf `s:d` (`s > 1`, `d > 0`), and
/// calls `emit(extent, i, step)` for each mode of the result: `extent` taken
/// from A's mode `i`, whose stride is scaled by `step`.
fn walk(
    flat: &Flat,
    s: i64,
    d: i64,
    mut emit: impl FnMut(i64, usize, i64) -> Result<()>,
) -> Result<()> {
    let n = flat.len();
    let mut rest_shape = s;
    let mut rest_stride = d;
    let mut emitted = false;
    for i in 0..n - 1 {
        let cs = flat.extent(i);
        if rest_shape == 1 {
            break;
        }
        if rest_stride >= cs {
            // stride divisibility: B steps over whole multiples of this extent
            if cs <= 0 || rest_stride % cs != 0 {
                return Err(stride_error(rest_stride, cs));
            }
            rest_stride /= cs;
            continue;
        }
        if mul(OP, rest_shape - 1, rest_stride)? < cs {
            // B's remaining points all lie within this mode of A
            emit(rest_shape, i, rest_stride)?;
            return Ok(());
        }
        // B spans past this mode: its stride must divide the extent, and the
        // extent left must divide what B still needs (shape divisibility)
        if cs % rest_stride != 0 {
            return Err(stride_error(rest_stride, cs));
        }
        let avail = cs / rest_stride;
        if rest_shape % avail != 0 {
            return Err(Error::divisibility(OP, avail, rest_shape, format!(
                    "extent {rest_shape} does not split over the {avail} steps of stride {rest_stride} in A's extent {cs}"
                )));
        }
        emit(avail, i, rest_stride)?;
        emitted = true;
        rest_shape /= avail;
        rest_stride = 1;
    }
    if rest_shape != 1 || !emitted {
        emit(rest_shape, n - 1, rest_stride)?;
    }
    Ok(())
}

/// `A o s:d` for an integer stride `d`: exactly `j -> A(j * d)` for `j` in
/// `0..s`, or an error.
///
/// A negative stride reaches `A(-x)`, where every mode of A but the last
/// takes the coordinate `(-x) mod extent` and borrows from the next (floor
/// semantics, as `idx2crd`): `j -> A(-j * |d|)` is linear only if the leaf
/// lies in A's last mode alone, past whole multiples of the other extents;
/// elsewhere no layout is that function, and it is an error.
fn compose_int(lhs: &mut Lhs<'_>, s: i64, d: i64) -> Result<Tree> {
    if s == 1 {
        // a single point: A's value there (in A's extended domain; a negative
        // index with idx2crd's floor semantics, as a layout evaluates it)
        // (its one coordinate is 0: it reaches nothing in A)
        if d < 0 {
            return Ok(leaf_tree(1, lhs.flat()?.layout().call_index(d)?));
        }
        return Ok(match lhs.flat()? {
            Flat::Int(m) => leaf_tree(1, Scalar::Int(eval_int(OP, m.as_slice(), d)?)),
            Flat::Gen(v) => leaf_tree(1, eval_flat(OP, v, d)?),
            Flat::Unset => unreachable!("the flat modes are computed before use"),
        });
    }
    if d == 0 {
        return Ok(leaf_tree(s, Scalar::Int(0)));
    }
    if s <= 0 {
        return Err(Error::value(OP, format!("B's extent {s} is not positive")));
    }
    if d < 0 {
        return compose_negative(lhs, s, d);
    }
    lhs.flat()?;
    let mut reached: SmallVec<[(usize, i64, i64); 4]> = SmallVec::new();
    let flat = &lhs.flat;
    let tree = match flat {
        Flat::Int(m) => {
            let mut out = IntModes::new();
            walk(flat, s, d, |e, i, step| {
                reached.push((i, e, step));
                out.push(e, mul(OP, m.as_slice()[i].1, step)?);
                Ok(())
            })?;
            out.tree()
        }
        Flat::Unset => unreachable!("the flat modes are computed before use"),
        Flat::Gen(v) => {
            let mut out: Vec<Mode> = Vec::with_capacity(2);
            walk(flat, s, d, |e, i, step| {
                reached.push((i, e, step));
                // an F2 stride scales carry-lessly: `(d * step) * j` is
                // `d * (step * j)` for every `j < e` when `step` is a power of
                // two (or `j` is 0 or 1), not in general
                if e > 2 && step & (step - 1) != 0 && has_f2(&v[i].1) {
                    return Err(f2_step_error(step, &v[i]));
                }
                out.push((e, sscale(&v[i].1, step)?));
                Ok(())
            })?;
            flat_tree(out)
        }
    };
    for (i, e, step) in reached {
        lhs.reach(i, e, step)?;
    }
    Ok(tree)
}

/// [`compose_int`] for a negative stride `d` (and `s > 1`): the leaf must lie
/// in A's last mode, where `A(-x)` is `-A(x)`; it takes no coordinate but 0
/// in any other mode.
#[cold]
#[inline(never)]
fn compose_negative(lhs: &mut Lhs<'_>, s: i64, d: i64) -> Result<Tree> {
    let m = d
        .checked_abs()
        .ok_or_else(|| Error::overflow(OP, format!("B's stride {d} has no 64-bit magnitude")))?;
    let flat = lhs.flat()?;
    let n = flat.len();
    let mut out: Vec<Mode> = Vec::with_capacity(1);
    walk(flat, s, m, |e, i, step| {
        if e != 1 && i + 1 != n {
            return Err(negative_stride_error(d, flat.extent(i)));
        }
        let stride = match flat {
            Flat::Int(modes) => Scalar::Int(mul(OP, modes.as_slice()[i].1, -step)?),
            Flat::Gen(v) => sscale(&v[i].1, -step)?,
            Flat::Unset => unreachable!("the flat modes are computed before use"),
        };
        out.push((e, stride));
        Ok(())
    })?;
    Ok(flat_tree(out))
}

#[cold]
fn negative_stride_error(d: i64, extent: i64) -> Error {
    Error::divisibility(OP, d, extent, format!(
            "B's negative stride {d} reaches A's extent {extent} (not its last mode), where A(-x) takes the coordinate (-x) mod {extent}: no layout is j -> A(j * {d})"
        ))
}

#[cold]
fn f2_step_error(step: i64, (s, d): &Mode) -> Error {
    Error::divisibility(OP, step, *s, format!(
            "B steps by {step} through A's mode {s}:{d}, whose F2 stride multiplies carry-lessly: no layout is j -> A(j * {step}) there"
        ))
}

/// True iff `d` is an F2 value or holds one.
fn has_f2(d: &Scalar) -> bool {
    match d {
        Scalar::F2(_) => true,
        Scalar::Int(_) => false,
        Scalar::Arith(t) => t.terms().iter().any(|(v, _)| has_f2(v)),
    }
}

#[cold]
fn stride_error(d: i64, s: i64) -> Error {
    Error::divisibility(
        OP,
        d,
        s,
        format!("stride {d} and extent {s} of A do not divide one another"),
    )
}

/// `A o B` for a layout B: each leaf of B composed with A, in B's nesting.
pub(crate) fn compose_layouts(a: &Layout, b: &Layout) -> Result<Layout> {
    let (s, d) = compose_with(&mut Lhs::new(Parts::of(a)), Parts::of(b))?;
    Ok(Layout::from_parts(s, d))
}

/// `A o B`, B's nesting kept; A's flat modes are computed once across calls
/// with the same `lhs`.
pub(crate) fn compose_with(lhs: &mut Lhs<'_>, b: Parts<'_>) -> Result<Tree> {
    let r = match (b.s, b.d) {
        (HTuple::Leaf(s), HTuple::Leaf(d)) => compose_leaf(lhs, *s, d),
        _ => compose_tree(lhs, b.s, b.d),
    };
    r.map_err(|e| with_operands(e, lhs, || format!("{b:?}")))
}

/// `A o B` for a B given by its flat integer modes (a complement that never
/// became a layout): as [`compose_with`] on `B.layout()`, whose nesting is a
/// leaf for one mode and a flat tuple otherwise.
pub(crate) fn compose_flat(lhs: &mut Lhs<'_>, b: &IntModes) -> Result<Tree> {
    let r = match b.as_slice() {
        [(s, d)] => compose_int(lhs, *s, *d),
        ms => (|| {
            let mut rs = Vec::with_capacity(ms.len());
            let mut rd = Vec::with_capacity(ms.len());
            for &(s, d) in ms {
                let (a, b) = compose_int(lhs, s, d)?;
                rs.push(a);
                rd.push(b);
            }
            Ok((HTuple::Tuple(rs), HTuple::Tuple(rd)))
        })(),
    };
    r.map_err(|e| with_operands(e, lhs, || format!("{:?}", b.layout())))
}

/// Mode `bi` of `A o B` for a tuple B (whose modes compose one by one, in
/// order, with the same `lhs`): `A o B_i`, an error naming the whole of B.
pub(crate) fn compose_mode(lhs: &mut Lhs<'_>, b: Parts<'_>, bi: Parts<'_>) -> Result<Tree> {
    compose_tree(lhs, bi.s, bi.d).map_err(|e| with_operands(e, lhs, || format!("{b:?}")))
}

/// A divisibility error of `A o B`, naming both layouts.
#[cold]
fn with_operands(e: Error, lhs: &Lhs<'_>, b: impl FnOnce() -> String) -> Error {
    match e {
        Error::Divisibility {
            op,
            lhs: l,
            rhs,
            msg,
        } => Error::Divisibility {
            op,
            lhs: l,
            rhs,
            msg: format!("{} o {}: {msg}", lhs.describe(), b()),
        },
        e => e,
    }
}

fn compose_tree(lhs: &mut Lhs<'_>, s: &IntTuple, d: &Stride) -> Result<Tree> {
    match (s, d) {
        (HTuple::Leaf(s), HTuple::Leaf(d)) => compose_leaf(lhs, *s, d),
        (HTuple::Tuple(ss), HTuple::Tuple(ds)) => {
            let mut rs = Vec::with_capacity(ss.len());
            let mut rd = Vec::with_capacity(ss.len());
            for (s, d) in ss.iter().zip(ds) {
                let (a, b) = compose_tree(lhs, s, d)?;
                rs.push(a);
                rd.push(b);
            }
            Ok((HTuple::Tuple(rs), HTuple::Tuple(rd)))
        }
        _ => Err(Error::NotCongruent {
            op: OP,
            msg: format!("B's shape {s} and stride {d}"),
        }),
    }
}

/// `A o B` for a tiler B: `None` leaves A alone, an integer `n` is `n:1`, a
/// tuple composes by-mode.
pub(crate) fn compose_tiler(a: Parts<'_>, b: &Tiler) -> Result<Tree> {
    match b {
        Tiler::None => Ok(a.cloned()),
        Tiler::Int(n) => {
            let (s, d) = leaf_tree(*n, Scalar::Int(1));
            compose_with(&mut Lhs::new(a), Parts { s: &s, d: &d })
        }
        Tiler::Layout(l) => compose_with(&mut Lhs::new(a), Parts::of(l)),
        Tiler::Tuple(ts) => by_mode(OP, a, ts, compose_tiler),
    }
}

/// Builds the layout that has `r` at `mode` and `1:0` in every mode before
/// it, at each level of `mode`: where a result lands when there is no A.
pub(crate) fn land_at(mode: &[usize], r: Layout) -> Result<Layout> {
    let Some((&m, rest)) = mode.split_first() else {
        return Ok(r);
    };
    if m > MAX_FILL {
        return Err(Error::value(
            OP,
            format!("mode index {m} would fill more than {MAX_FILL} modes with 1:0"),
        ));
    }
    let mut parts: Vec<Layout> = (0..m).map(|_| leaf(1, Scalar::Int(0))).collect();
    parts.push(land_at(rest, r)?);
    Ok(super::detail::make_layout(parts))
}

/// The most modes [`land_at`] fills in one level.
const MAX_FILL: usize = 4096;

/// Group composition `A o B` of layouts (Whitepaper, §3.3): walk B, then map
/// the result through A.
///
/// B is a tiler: a layout, an integer `n` (the layout `n:1`), a tuple of
/// tilers composed by-mode (`(A0, A1, ...) o <X, Y, ...> = (A0 o X, A1 o Y,
/// ...)`, the remaining modes of A unchanged), or `None`, which leaves A
/// alone. An A of `None` is the identity layout of B's domain, of unknown
/// extents, whose mode `i` has stride `E(i)`: the result is
/// `tiler_to_layout(B)`, with no divisibility condition, except that a `None`
/// mode of a tuple B leaves that mode of the identity, `1:E(i)`. A non-empty `mode`
/// composes only that mode of A and leaves every other mode unchanged; an A
/// whose shape is an integer is the 1-tuple it denotes, so `composition[0]`
/// of `6:1` and `3:1` is `(3,):(1,)` (the same holds for every
/// mode-subscripted operation of the algebra).
///
/// Each leaf `s:d` of B is composed with A coalesced, `(s0, s1, ...):(d0, d1,
/// ...)`:
/// ```text
/// A o s:0 = s:0       A o 1:d = 1:A(d)
/// A o s:d = (min(s0/d, s), ...):(d*d0, ...)   dividing d out of s0, s1, ...
///                                            then taking s from what is left
/// A o s:k@p = A_p o s:k                       a coordinate stride: mode p of A
/// A o s:(k0@p0 + k1@p1 + ...) = (A_p0 o s:k0) + (A_p1 o s:k1) + ...
///                                            a coordinate sum: layout_add
/// ```
/// so `composition((2, 8):(5, 10), 2:(1, 3))` is `2:35`, `35 = A((1, 3))`.
///
/// # Pre-conditions
/// - A and B satisfy the shape- and stride-divisibility conditions
///   (Whitepaper, Eqs. (20)-(21)).
/// - `mode` names a mode of A: `rank[mode[:-1]](A) > mode[-1]`.
///
/// Each leaf `s:d` of B composes exactly, `j -> A(j * d)` for `j` in
/// `0..s`, or the composition fails; a negative `d` reaches `A(-x)`, which
/// is linear only in A's last mode, past whole multiples of its other
/// extents (elsewhere: an error).
///
/// The leaves compose one by one and the result keeps B's nesting
/// (right-distributivity): `result(i) == sum_k A(B_k(i_k))`, with `i_k` the
/// coordinate of `i` in B's leaf `k`. That is `A(B(i))` wherever A adds up
/// over B's leaves, i.e. unless the coordinates two leaves take in one mode
/// of A add up past its extent. There the leaf-by-leaf layout is what the
/// specification's reference implementation (and CuTe C++) gives, and not
/// `i -> A(B(i))`: `(4, 2):(1, 100) o (3, 2):(1, 3)` is `(3, 2):(1, 3)`,
/// while `A(B(4)) == 100`.
///
/// # Post-conditions
/// - `compatible(B, get[mode](result))`: B refines the result's domain
/// - `get[mode](result)(i) == sum_k get[mode](A)(B_k(i_k))` for `i` in
///   `0..size(B)`; this is the specification's
///   `get[mode](result)(i) == get[mode](A)(B(i))` wherever A adds up over
///   B's leaves (always for a B of one leaf)
///
/// # Errors
/// - `ValueError` (`Error::Divisibility`, naming both layouts) if a
///   divisibility condition fails; `ValueError` if a by-mode B has more modes
///   than A, or on overflow.
/// - `IndexError` if `mode` names no mode of A.
/// - `TypeError` if A and B are both `None`, or B has F2 strides.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::composition;
/// use cute_dynamic::layout::{Layout, Tiler};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// let t = |s: &str| Tiler::Layout(l(s));
/// assert_eq!(composition(Some(&l("(6, 2):(8, 2)")), &t("(4, 3):(3, 1)"), &[]).unwrap(),
///            l("((2, 2), 3):((24, 2), 8)"));
/// assert_eq!(composition(Some(&l("20:2")), &t("(5, 4):(4, 1)"), &[]).unwrap(), l("(5, 4):(8, 2)"));
/// assert_eq!(composition(Some(&l("12:1")), &t("(4, 3):(1, 4)"), &[]).unwrap(), l("(4, 3):(1, 4)"));
/// assert_eq!(composition(Some(&l("(4, 6):(1, 4)")), &t("3:2"), &[1]).unwrap(), l("(4, 3):(1, 8)"));
/// let by_mode = Tiler::Tuple(vec![Tiler::Int(4), Tiler::Int(3)]);
/// assert_eq!(composition(None, &by_mode, &[]).unwrap().to_string(), "(4, 3):(1@0, 1@1)");
/// let with_none = Tiler::Tuple(vec![Tiler::Int(4), Tiler::None]);
/// assert_eq!(composition(None, &with_none, &[]).unwrap().to_string(), "(4, 1):(1@0, 1@1)");
/// // 16:3 steps over A's first extent 8 unevenly
/// assert!(composition(Some(&l("(8, 6):(6, 1)")), &t("16:3"), &[]).is_err());
/// ```
pub fn composition(a: Option<&Layout>, b: &Tiler, mode: &[usize]) -> Result<Layout> {
    match a {
        // (the result has B's size: no new size to check)
        Some(a) => at_mode(OP, a, mode, |m| compose_tiler(m, b)),
        None => {
            let r = match b {
                Tiler::None => {
                    return Err(Error::type_error(
                        OP,
                        "None o None: neither A nor B is a layout".to_string(),
                    ))
                }
                b => identity_of_tiler(OP, b)?,
            };
            land_at(mode, r)
        }
    }
}

impl Layout {
    /// `self o b`: [`composition`] with a layout B.
    ///
    /// # Errors
    /// As [`composition`].
    pub fn compose(&self, b: &Layout) -> Result<Layout> {
        compose_layouts(self, b)
    }
}

#[cfg(test)]
mod tests {
    use super::super::detail::testing::{self as kit, check};
    use super::*;

    #[test]
    fn test_conformance_composition() {
        check(
            &[
                "composition",
                "composition_bymode",
                "composition_mode",
                "coord_composition",
            ],
            |c| composition(c.layout_or_none(0).as_ref(), &c.tiler(1), &c.mode),
        );
    }

    use super::super::detail::get_mode;
    use crate::shape::compatible;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_composition_of_a_leaf(a in kit::layout(), s in 1_i64..9, d in 0_i64..20) {
            // B = s:d: either a divisibility error, or exactly j -> A(j * d)
            let b = leaf(s, Scalar::Int(d));
            match composition(Some(&a), &Tiler::Layout(b.clone()), &[]) {
                Ok(r) => {
                    prop_assert_eq!(kit::size(&r), s);
                    for j in 0..s {
                        prop_assert_eq!(kit::at(&r, j), kit::at(&a, j * d), "{:?} o {:?} = {:?}", a, b, r);
                    }
                }
                Err(e) => prop_assert!(matches!(e, Error::Divisibility { .. }), "{}", e),
            }
        }

        #[test]
        fn prop_composition_is_function_composition(
            a in kit::pow2_layout(),
            b in kit::pow2_layout(),
            d in (0_u32..6).prop_map(|k| 1_i64 << k),
        ) {
            // powers of two always divide one way or the other, so each leaf of
            // B composes with A on its own; the leaves together give
            // i -> A(B(i)) in B's nesting, or a divisibility error where their
            // offsets carry from one mode of A into the next
            match composition(Some(&a), &Tiler::Layout(b.clone()), &[]) {
                Ok(r) => {
                    prop_assert!(compatible(b.shape(), r.shape()), "{:?} o {:?} = {:?}", a, b, r);
                    for i in kit::sample(kit::size(&b)) {
                        prop_assert_eq!(kit::at(&r, i), kit::at(&a, kit::at(&b, i)), "{:?} o {:?} = {:?} at {}", a, b, r, i);
                    }
                }
                Err(e) => prop_assert!(matches!(e, Error::Divisibility { .. }), "{}", e),
            }
            // a compact B (its index i is its value) walks A's domain: (A o B)(i) == A(i)
            let b = kit::compact_of(&b);
            let a = kit::cover(&a, kit::size(&b), d);
            let r = composition(Some(&a), &Tiler::Layout(b.clone()), &[]).unwrap();
            prop_assert!(compatible(b.shape(), r.shape()), "{:?} o {:?} = {:?}", a, b, r);
            for i in 0..kit::size(&b) {
                prop_assert_eq!(kit::at(&r, i), kit::at(&a, kit::at(&b, i)), "{:?} o {:?} = {:?}", a, b, r);
            }
        }

        #[test]
        fn prop_composition_by_mode(a in kit::pow2_layout(), b in kit::pow2_layout()) {
            // composing mode 0 alone agrees with composing get[0](A), result or error
            prop_assume!(a.shape().is_tuple());
            let a0 = get_mode("t", &a, &[0]).unwrap();
            match composition(Some(&a), &Tiler::Layout(b.clone()), &[0]) {
                Ok(r) => prop_assert_eq!(get_mode("t", &r, &[0]).unwrap(), a0.compose(&b).unwrap()),
                Err(e) => {
                    prop_assert!(matches!(e, Error::Divisibility { .. }), "{}", e);
                    prop_assert!(a0.compose(&b).is_err());
                }
            }
        }
    }

    /// The arithmetic tuple `(c0, c1, ...)`: the coordinate sum `c0@0 + c1@1 + ...`.
    fn coord(cs: &[i64]) -> Scalar {
        Scalar::Arith(ArithTuple::new(
            cs.iter().map(|&c| HTuple::Leaf(Scalar::Int(c))).collect(),
        ))
    }

    #[test]
    fn test_composition_with_a_coordinate_sum_stride() {
        let l = |s: &str| -> Layout { s.parse().unwrap() };
        let b = |s: i64, cs: &[i64]| Tiler::Layout(leaf(s, coord(cs)));
        // (1, 3) is the coordinate (1, 3) of A: the stride is A((1, 3))
        assert_eq!(
            composition(Some(&l("(2, 8):(5, 10)")), &b(2, &[1, 3]), &[]).unwrap(),
            l("2:35")
        );
        assert_eq!(
            composition(Some(&l("(2, 8):(5, 10)")), &b(1, &[1, 3]), &[]).unwrap(),
            l("1:35")
        );
        // a coordinate A gives the coordinate
        let r = composition(Some(&l("(4, 8):(1@0, 1@1)")), &b(2, &[1, 3]), &[]).unwrap();
        assert_eq!(r, leaf(2, coord(&[1, 3])));
        // a term that splits over a hierarchical mode of A: the terms add
        // pointwise
        assert_eq!(
            composition(Some(&l("((2, 2), 8):((1, 20), 4)")), &b(4, &[1, 2]), &[]).unwrap(),
            l("(2, 2):(9, 36)")
        );
        // terms whose compositions have no common refinement: no layout
        let e = composition(
            Some(&l("((2, 3), (3, 2)):((1, 20), (1, 30))")),
            &b(6, &[1, 1]),
            &[],
        )
        .unwrap_err();
        assert!(matches!(e, Error::Divisibility { .. }), "{e}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_composition_with_a_coordinate_sum(
            a in kit::layout(),
            s in 1_i64..6,
            cs in proptest::collection::vec(0_i64..4, 2..4),
        ) {
            // B = s:(c0, c1, ...): either an error, or j -> sum_i A_i(j * c_i)
            let modes = super::super::detail::modes_of(&a);
            prop_assume!(modes.len() >= cs.len());
            let b = leaf(s, coord(&cs));
            match composition(Some(&a), &Tiler::Layout(b.clone()), &[]) {
                Ok(r) => {
                    prop_assert_eq!(kit::size(&r), s);
                    for j in 0..s {
                        let want: i64 = cs.iter().zip(&modes).map(|(&c, m)| kit::at(m, j * c)).sum();
                        prop_assert_eq!(kit::at(&r, j), want, "{:?} o {:?} = {:?}", a, b, r);
                    }
                }
                Err(e) => prop_assert!(matches!(e, Error::Divisibility { .. }), "{}", e),
            }
        }
    }

    #[test]
    fn test_mode_of_a_rank1_integer_layout() {
        // an integer-shaped A is the 1-tuple it denotes: its mode 0 is
        // itself, and a mode-subscripted result keeps the tuple
        let l = |s: &str| -> Layout { s.parse().unwrap() };
        let a = l("6:1");
        let b = Tiler::Layout(l("3:1"));
        assert_eq!(composition(Some(&a), &b, &[0]).unwrap(), l("(3,):(1,)"));
        assert_eq!(
            composition(Some(&a), &b, &[0, 0]).unwrap(),
            l("((3,),):((1,),)")
        );
        assert_eq!(composition(Some(&a), &b, &[]).unwrap(), l("3:1"));
        let two = Tiler::Int(2);
        let one = Tiler::Int(1);
        use super::super::{coalesce, coalesce_z, logical_divide, logical_product, zipped_divide};
        assert_eq!(coalesce(&a, &one, &[0]).unwrap(), l("(6,):(1,)"));
        assert_eq!(coalesce_z(&a, &one, &[0]).unwrap(), l("(6,):(1,)"));
        assert_eq!(
            logical_divide(Some(&a), &two, &[0]).unwrap(),
            l("((2, 3),):((1, 2),)")
        );
        assert_eq!(
            zipped_divide(Some(&a), &two, &[0]).unwrap(),
            l("((2, 3),):((1, 2),)")
        );
        assert_eq!(
            logical_product(&a, &two, &[0]).unwrap(),
            l("((6, 2),):((1, 6),)")
        );
        // a tuple A of rank 1 is unchanged
        assert_eq!(
            composition(Some(&l("(6,):(1,)")), &b, &[0]).unwrap(),
            l("(3,):(1,)")
        );
        assert!(composition(Some(&a), &b, &[1]).is_err());
    }

    /// The sub-layouts of `r` at the leaves of `b`'s shape (`r` has `b`'s
    /// nesting, each leaf of `b` refined into a leaf or a tuple).
    fn leaf_results(b: &IntTuple, r: Parts<'_>, out: &mut Vec<Layout>) {
        match b {
            HTuple::Leaf(_) => out.push(Layout::from_parts(r.s.clone(), r.d.clone())),
            HTuple::Tuple(c) => {
                for (bi, ri) in c.iter().zip(r.modes()) {
                    leaf_results(bi, ri, out);
                }
            }
        }
    }

    /// Random B: any nesting, extents 1..=5 (at most 256 points), strides
    /// from -6 to 23 (some 0).
    fn any_b() -> BoxedStrategy<Layout> {
        kit::skeleton()
            .prop_flat_map(|skel| {
                let n = skel.leaf_count();
                (
                    Just(skel),
                    proptest::collection::vec((1_i64..=5, -6_i64..24), n),
                )
            })
            .prop_map(|(skel, mut modes)| {
                let mut size = 1;
                for m in &mut modes {
                    if size * m.0 > 256 {
                        m.0 = 1;
                    }
                    size *= m.0;
                }
                kit::fill(&skel, &modes)
            })
            .boxed()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        /// Composition with any B (hierarchical, non-compact, negative
        /// strides): each leaf `s:d` of B composes exactly, `j -> A(j * d)`,
        /// or the whole is a ValueError; the result keeps B's nesting and
        /// distributes over B's leaves, `R(i) == sum_k A(B_k(i_k))`, and that
        /// is `A(B(i))`: leaves whose offsets carry across A's modes are a
        /// ValueError.
        #[test]
        fn prop_composition_is_exact_leaf_by_leaf(a in kit::layout(), b in any_b()) {
            match composition(Some(&a), &Tiler::Layout(b.clone()), &[]) {
                Ok(r) => {
                    prop_assert!(compatible(b.shape(), r.shape()), "{:?} o {:?} = {:?}", a, b, r);
                    let mut per_leaf = Vec::new();
                    leaf_results(b.shape(), Parts::of(&r), &mut per_leaf);
                    let leaves = super::super::detail::flat_modes(&b);
                    for ((s, d), rk) in leaves.iter().zip(&per_leaf) {
                        let d = d.as_int().unwrap();
                        prop_assert_eq!(kit::size(rk), *s);
                        for j in 0..*s {
                            prop_assert_eq!(kit::at(rk, j), kit::at(&a, j * d),
                                "leaf {}:{} of {:?} o {:?} = {:?}", s, d, a, b, r);
                        }
                    }
                    let mut additive = true;
                    for i in 0..kit::size(&b) {
                        // B's coordinate of i, leaf by leaf
                        let mut rest = i;
                        let mut sum = 0;
                        for (s, d) in &leaves {
                            let c = rest % s;
                            rest /= s;
                            sum += kit::at(&a, c * d.as_int().unwrap());
                        }
                        prop_assert_eq!(kit::at(&r, i), sum, "{:?} o {:?} = {:?} at {}", a, b, r, i);
                        additive &= kit::at(&a, kit::at(&b, i)) == sum;
                    }
                    // the specification's post-condition: B's leaves add up
                    prop_assert!(additive, "{:?} o {:?} = {:?} is not i -> A(B(i))", a, b, r);
                }
                Err(e) => prop_assert!(matches!(e, Error::Divisibility { .. }), "{}", e),
            }
        }
    }

    #[test]
    fn test_composition_with_f2_strides() {
        let l = |s: &str| -> Layout { s.parse().unwrap() };
        let c = |a: &str, b: &str| composition(Some(&l(a)), &Tiler::Layout(l(b)), &[]);
        // powers of two: the carry-less product is the integer one
        assert_eq!(
            c("(4, 8):(F1, F9)", "(2, 4):(2, 4)").unwrap(),
            l("(2, 4):(F2, F9)")
        );
        assert_eq!(c("8:F3", "4:2").unwrap(), l("4:F6"));
        // a step of 3 over F3: (F3 * 3) * 2 == F10, F3 * 6 == F10 but
        // (F3 * 3) * 3 == F15 != F3 * 9 == F27
        let e = c("16:F3", "4:3").unwrap_err();
        assert!(matches!(e, Error::Divisibility { .. }), "{e}");
        // two points only: j is 0 or 1
        assert_eq!(c("16:F3", "2:3").unwrap(), l("2:F5"));
    }

    #[test]
    fn test_composition_negative_strides() {
        let l = |s: &str| -> Layout { s.parse().unwrap() };
        let c = |a: &str, b: &str| composition(Some(&l(a)), &Tiler::Layout(l(b)), &[]);
        // A(-x) takes the coordinate (-x) mod 8 in A's first mode: no layout
        let e = c("(8, 4):(-2, 1)", "3:-1").unwrap_err();
        assert!(matches!(e, Error::Divisibility { .. }), "{e}");
        // past whole multiples of the other extents, in A's last mode: exact
        assert_eq!(c("(4, 8):(1, 10)", "3:-4").unwrap(), l("3:-10"));
        assert_eq!(c("(8, 4):(-2, 1)", "3:-8").unwrap(), l("3:-1"));
        assert_eq!(
            c("(8, 4):(-2, 1)", "(2, 3):(1, -8)").unwrap(),
            l("(2, 3):(-2, -1)")
        );
        // a negative stride in a single-mode A: the mode is A's last
        assert_eq!(c("16:3", "(4, 2):(-1, -4)").unwrap(), l("(4, 2):(-3, -12)"));
        assert!(c("(4, 8):(1, 10)", "2:-2").is_err());
    }

    fn lay(text: &str) -> Layout {
        text.parse().unwrap()
    }

    #[test]
    fn test_leaves_that_carry_across_modes_of_a() {
        // each leaf of B composes exactly on its own (3:1 and 2:3 both lie in
        // A's first mode), but together they reach A(4) = 100 where the sum
        // of the leaves' values would be 4: a ValueError, never that layout
        let a = lay("Layout((4, 2), (1, 100))");
        let e = a.compose(&lay("Layout((3, 2), (1, 3))")).unwrap_err();
        assert!(matches!(e, Error::Divisibility { .. }), "{e}");
        assert!(e.to_string().contains("carry"), "{e}");
        // leaves that stay apart compose: (2, 2):(1, 2) reaches 1 + 2 < 4
        assert_eq!(
            a.compose(&lay("Layout((2, 2), (1, 2))")).unwrap(),
            lay("Layout((2, 2), (1, 2))")
        );
        // leaves that cross into the next mode without carrying compose too
        assert_eq!(
            a.compose(&lay("Layout((4, 2), (1, 4))")).unwrap(),
            lay("Layout((4, 2), (1, 100))")
        );
        // over F2 the leaves' bits must be apart as well: 1 XOR 1 is 0, not 2
        let f = lay("Layout((4, 2), (F2(1), F2(16)))");
        assert!(f.compose(&lay("Layout((2, 2), (1, 1))")).is_err());
        assert_eq!(
            f.compose(&lay("Layout((2, 2), (1, 2))")).unwrap(),
            lay("Layout((2, 2), (F2(1), F2(2)))")
        );
        // the products compose A's complement leaf by leaf, for any B
        let b = Tiler::Layout(lay("Layout((2, 2), (1, 1))"));
        let p = crate::algebra::logical_product(&lay("Layout(2, 1)"), &b, &[]);
        assert!(p.is_ok(), "{p:?}");
    }

    #[test]
    fn test_composition_errors() {
        let a: Layout = "(8, 6):(6, 1)".parse().unwrap();
        let b: Layout = "16:3".parse().unwrap();
        let e = composition(Some(&a), &Tiler::Layout(b), &[]).unwrap_err();
        assert!(matches!(e, Error::Divisibility { .. }));
        let msg = e.to_string();
        assert!(
            msg.contains("composition")
                && msg.contains("Layout((8, 6), (6, 1))")
                && msg.contains("Layout(16, 3)"),
            "{msg}"
        );
        let e = composition(Some(&a), &Tiler::Int(2), &[2]).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
        let e = composition(None, &Tiler::None, &[]).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::TypeError);
    }
}
