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

use cute_core::kernel::eval::offset;
use cute_core::{DynInt, Error, Operand, Result};
use smallvec::SmallVec;

use super::flat::{self, is_one, Known, Modes, Ones};
use super::layout_add::layout_add;
use super::shortcuts;
use crate::atuple::ArithTuple;
pub(crate) use crate::layout::framed;
use crate::layout::{
    by_mode, by_tiler, identity_of_tiler, mode_path, view_at, Layout, Mode, TilerArg, TilerRef,
    View, INLINE,
};
use crate::typedefs::Scalar;

const OP: &str = "composition";

/// A, with its coalesced flat modes computed once, on first use.
pub(crate) struct Lhs<'a, I: DynInt> {
    view: View<'a, I>,
    /// Where A's flat modes, coalesced keeping a significant trailing
    /// extent-1 mode (which carries A's values past its end), are: not
    /// computed yet, A's own leaves (already coalesced), or `owned`.
    state: FlatState,
    owned: Modes<I>,
    /// What the leaves of B composed so far reach in each of A's flat modes
    /// but the last: see [`Lhs::reach`].
    reach: Reaches<I>,
    /// Whether B's leaves must add up to `A(B(i))` (composition and the
    /// divides), or only compose exactly one by one (the products, whose
    /// `A* o B` the specification defines leaf by leaf, for any B).
    whole: bool,
    /// Whether more than one B composes with this A (a divide's tile and
    /// rest), so that what each reaches in A is kept for the next.
    shared: bool,
    /// The modes of A that coordinate strides `k@path` of B compose with,
    /// each with what B's leaves reach there.
    by_path: Vec<(Vec<usize>, Lhs<'a, I>)>,
    /// How errors name this A: `A`, or `A*` in a product.
    name: &'static str,
    /// The path of this A inside the A that is named, for the coordinate
    /// strides `k@path` of B (empty for the A named itself).
    path: Vec<usize>,
}

/// How an error names the left operand of a composition: `A` (or `A*`),
/// or its mode at `path`.
#[derive(Clone, Copy)]
pub(crate) struct Who<'p> {
    name: &'static str,
    path: &'p [usize],
}

impl core::fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.path {
            [] => f.write_str(self.name),
            p => write!(f, "mode {} of {}", mode_path(p), self.name),
        }
    }
}

/// Where an [`Lhs`] keeps A's coalesced flat modes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FlatState {
    Unset,
    Borrowed,
    Owned,
}

/// What the leaves of B reach in each of A's flat modes.
type Reaches<I> = SmallVec<[Reach<I>; INLINE]>;

/// The coordinates the leaves of B reach in one mode of A: the sum of their
/// largest coordinates there, and the union of their coordinates' bits.
#[derive(Clone)]
struct Reach<I> {
    sum: I,
    bits: u64,
}

impl<'a, I: DynInt> Lhs<'a, I> {
    #[inline]
    pub(crate) fn new(view: View<'a, I>) -> Self {
        Lhs {
            view,
            state: FlatState::Unset,
            owned: Modes::new(),
            reach: SmallVec::new(),
            whole: true,
            shared: false,
            by_path: Vec::new(),
            name: "A",
            path: Vec::new(),
        }
    }

    /// This A, named `name` in errors (`A*` for the complement a product
    /// composes with).
    #[inline]
    pub(crate) fn named(mut self, name: &'static str) -> Self {
        self.name = name;
        self
    }

    /// How errors name this A.
    #[inline]
    fn who(&self) -> Who<'_> {
        Who {
            name: self.name,
            path: &self.path,
        }
    }

    /// This A, composed with more than one B (see [`reach`]).
    #[inline]
    pub(crate) fn shared(mut self) -> Self {
        self.shared = true;
        self
    }

    /// This A, composed leaf by leaf only: each leaf of B exact on its own,
    /// their sum not checked against `A(B(i))` (see [`Lhs::reach`]).
    #[inline]
    pub(crate) fn leaf_by_leaf(mut self) -> Self {
        self.whole = false;
        self
    }

    /// A's coalesced flat modes: A's own leaves when they are coalesced
    /// already, else a coalesced copy.
    #[inline(always)]
    fn flat(&mut self) -> Result<&[Mode<I>]> {
        if self.state == FlatState::Unset {
            self.set_flat()?;
        }
        Ok(self.modes())
    }

    /// Computes A's coalesced flat modes, once.
    fn set_flat(&mut self) -> Result<()> {
        if flat::is_coalesced(self.view.leaves) {
            self.state = FlatState::Borrowed;
        } else {
            flat::coalesce_onto(OP, self.view.leaves, &mut self.owned, Ones::KeepLast)?;
            self.state = FlatState::Owned;
        }
        Ok(())
    }

    /// A's coalesced flat modes, once computed.
    #[inline]
    fn modes(&self) -> &[Mode<I>] {
        match self.state {
            FlatState::Owned => &self.owned,
            _ => self.view.leaves,
        }
    }

    /// A's coalesced flat modes (once computed), what B's leaves reach in
    /// them (see [`reach`]), whether that is checked, and how errors name
    /// A: borrowed apart, so that [`compose_int`] records each mode of the
    /// result as it makes it.
    #[inline]
    fn parts(&mut self) -> (&[Mode<I>], &mut Reaches<I>, bool, Who<'_>) {
        let flat = match self.state {
            FlatState::Owned => &self.owned[..],
            _ => self.view.leaves,
        };
        let who = Who {
            name: self.name,
            path: &self.path,
        };
        (flat, &mut self.reach, self.whole, who)
    }
}

/// Records that a leaf of B takes the coordinates `step * t`, `t < e`, in
/// A's flat mode `i` of `flat`, and checks that B's leaves, composed one by one,
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
/// included. Otherwise the divisibility conditions of the specification
/// (Whitepaper, Eqs. (20)-(21)) fail across B's modes, and this is their
/// error.
fn reach<I: DynInt>(
    flat: &[Mode<I>],
    reach: &mut Reaches<I>,
    who: Who<'_>,
    i: usize,
    e: &I,
    step: &I,
) -> Result<()> {
    if e.is_const(1) || step.is_const(0) {
        return Ok(());
    }
    let n = flat.len();
    let (extent, stride) = &flat[i];
    let f2 = !stride.is_int() && stride.has_f2();
    // A's last mode has no end to carry from; but over F2, whose `+` is
    // XOR, coordinates that add up must have no bits in common there too
    let last = i + 1 >= n;
    if last && !f2 {
        return Ok(());
    }
    let extent = extent.clone();
    // (pushes: `resize` is general, and out of line)
    while reach.len() < n {
        reach.push(Reach {
            sum: I::from_i64(0),
            bits: 0,
        });
    }
    let top = e.int_sub(&I::from_i64(1))?.int_mul(step)?;
    // the bits of `step * t` for every `t < e` (F2 codomains hold
    // machine integers)
    let bits = if f2 {
        let (Some(e), Some(top), Some(step)) = (e.try_const(), top.try_const(), step.try_const())
        else {
            return Err(Error::type_error(
                OP,
                format!("the leaf steps through the coalesced F2 mode {i} of {who} by the symbolic {step}"),
            ));
        };
        if e == 2 {
            top as u64
        } else {
            let span = 64 - ((e - 1) as u64).leading_zeros();
            (((1u128 << span) - 1) * step as u128).min(u64::MAX as u128) as u64
        }
    } else {
        0
    };
    let r = &mut reach[i];
    let sum = r.sum.int_add(&top);
    let carries = match &sum {
        Ok(sum) => !last && sum.int_cmp(&extent)?.is_ge(),
        Err(_) => !last,
    };
    if carries || (f2 && r.bits & bits != 0) {
        return Err(carry_error(who, i, &extent, sum.ok(), carries));
    }
    if let Ok(sum) = sum {
        r.sum = sum;
    }
    r.bits |= bits;
    Ok(())
}

/// The carry check's error: the leaf and those composed before it reach
/// `sum` (`None`: past the integers) in the mode `i` of A coalesced, of
/// extent `extent`; `carries`: past its end, else (over F2) with bits in
/// common.
#[cold]
fn carry_error<I: DynInt>(
    who: Who<'_>,
    i: usize,
    extent: &I,
    sum: Option<I>,
    carries: bool,
) -> Error {
    let sum = match sum {
        Some(s) => Operand::of(&s),
        None => Operand::Int(i64::MAX),
    };
    let how = if carries {
        format!("up to coordinate {sum}, past its end")
    } else {
        "at coordinates whose bits overlap, which its F2 stride XORs together".to_string()
    };
    Error::divisibility(
        OP,
        sum,
        Operand::of(extent),
        format!(
            "with the leaves composed before it, it reaches into the coalesced mode {i} of {who} (extent {extent}) {how}, so the leaves' offsets do not add up in {who}'s coordinates and no layout composes {who} with them together (the carry check across the leaves, Whitepaper Eqs. (20)-(21))"
        ),
    )
}

impl<'a, I: DynInt> Lhs<'a, I> {
    /// The mode of A at `path`, for the coordinate strides `k@path` of B:
    /// made once, and kept with what B's leaves reach there.
    fn at_path(&mut self, path: Vec<usize>) -> Result<&mut Lhs<'a, I>> {
        let at = match self.by_path.iter().position(|(p, _)| *p == path) {
            Some(at) => at,
            None => {
                let mut sub = Lhs::new(view_at(OP, self.view, &path)?);
                sub.whole = self.whole;
                sub.shared = self.shared;
                sub.name = self.name;
                sub.path = self.path.iter().chain(&path).copied().collect();
                self.by_path.push((path, sub));
                self.by_path.len() - 1
            }
        };
        Ok(&mut self.by_path[at].1)
    }
}

/// Appends `A o s:d` for the leaf `s:d` of B: a leaf or a flat tuple.
fn compose_leaf<I: DynInt, const N: usize>(
    lhs: &mut Lhs<'_, I>,
    s: &I,
    d: &Scalar<I>,
    out: &mut Layout<I, N>,
) -> Result<()> {
    match d {
        Scalar::Int(d) => compose_int(lhs, s, d, out),
        Scalar::Arith(t) if t.is_zero() => {
            out.push_leaf(s.clone(), Scalar::zero());
            Ok(())
        }
        Scalar::Arith(t) => match t.single_term() {
            // a coordinate stride k@path composes with A's mode at path,
            // together with B's other leaves there
            Some((k, path)) => compose_int(lhs.at_path(path)?, s, &I::from_i64(k), out),
            None => compose_coordinate_sum(lhs.view, lhs.who(), s, t, out),
        },
        Scalar::F2(f) => Err(Error::type_error(
            OP,
            format!("B's stride {f} is an F2 value, not an integer or a coordinate"),
        )),
    }
}

/// Appends `A o s:t` for a stride `t = k0@p0 + k1@p1 + ...` of several
/// terms: a coordinate into A, whose modes A maps linearly, so
/// `A(j * t) == A_p0(j * k0) + A_p1(j * k1) + ...`. Each term composes with
/// its mode of A, and the results add pointwise (`layout_add`); for a single
/// point (`s == 1`) the stride is `A(t)`. When each term gives one mode, the
/// result is `s:A(t)` (for a coordinate A, the coordinate `A(t)`).
fn compose_coordinate_sum<I: DynInt, const N: usize>(
    a: View<'_, I>,
    who: Who<'_>,
    s: &I,
    t: &ArithTuple,
    out: &mut Layout<I, N>,
) -> Result<()> {
    let mut point = Scalar::zero();
    let mut acc: Option<Layout<I>> = None;
    for (v, path) in t.terms() {
        let k = v.as_int().ok_or_else(|| {
            Error::type_error(
                OP,
                format!("the stride {t} of B has a term {v} that is not an integer"),
            )
        })?;
        let mut r = Layout::building();
        let mut sub = Lhs::new(view_at(OP, a, &path)?).named(who.name);
        sub.path = who.path.iter().chain(&path).copied().collect();
        compose_int(&mut sub, s, &I::from_i64(k), &mut r)?;
        if s.is_const(1) {
            // a single point: `1:A_p(k)`, and the strides add up to A(t)
            if !r.is_tuple() {
                point = point.add(&r.leaves()[0].1)?;
            }
            continue;
        }
        acc = Some(match acc {
            None => r,
            Some(x) => layout_add(&x, &r).map_err(|e| match e {
                Error::InvalidValue { .. } | Error::SizeMismatch { .. } => Error::divisibility(
                    OP,
                    Operand::Text(format!("{t}")),
                    Operand::Text(format!("{who}")),
                    format!(
                        "the terms of its stride {t} each compose with their mode of {who}, and the layouts they give have no common refinement: their sum is no layout"
                    ),
                ),
                e => e,
            })?,
        });
    }
    match acc {
        Some(mut r) => out.push_layout(&mut r),
        None => out.push_leaf(s.clone(), point),
    }
    Ok(())
}

/// Walks A's coalesced extents for the leaf `s:d` (`s > 1`, `d > 0`), and
/// calls `emit(extent, i, step)` for each mode of the result: `extent` taken
/// from A's mode `i`, whose stride is scaled by `step`.
fn walk<I: DynInt>(
    flat: &[(I, Scalar<I>)],
    who: Who<'_>,
    s: &I,
    d: &I,
    mut emit: impl FnMut(I, usize, I) -> Result<()>,
) -> Result<()> {
    let n = flat.len();
    let zero = I::from_i64(0);
    let one = I::from_i64(1);
    let mut rest_shape = s.clone();
    let mut rest_stride = d.clone();
    let mut emitted = false;
    for (i, (cs, _)) in flat[..n - 1].iter().enumerate() {
        if rest_shape.is_const(1) {
            break;
        }
        // (an error is decided only if B's extent left is not 1, where the
        // walk ends: symbols that may make it 1 leave the error undecided)
        if rest_stride.int_cmp(cs)?.is_ge() {
            // stride divisibility: B steps over whole multiples of this extent
            if cs.int_cmp(&zero)?.is_le() || !cs.int_divides(&rest_stride)? {
                is_one(&rest_shape)?;
                return Err(stride_error(who, i, &rest_stride, cs));
            }
            rest_stride = rest_stride.int_div(cs)?;
            continue;
        }
        if rest_shape
            .int_sub(&one)?
            .int_mul(&rest_stride)?
            .int_cmp(cs)?
            .is_lt()
        {
            // B's remaining points all lie within this mode of A
            return emit(rest_shape, i, rest_stride);
        }
        // B spans past this mode: its stride must divide the extent, and the
        // extent left must divide what B still needs (shape divisibility)
        if !rest_stride.int_divides(cs)? {
            is_one(&rest_shape)?;
            return Err(stride_error(who, i, &rest_stride, cs));
        }
        let avail = cs.int_div(&rest_stride)?;
        if !avail.int_divides(&rest_shape)? {
            is_one(&rest_shape)?;
            return Err(Error::divisibility(
                OP,
                Operand::of(&avail),
                Operand::of(&rest_shape),
                format!(
                    "it steps by {rest_stride} through the coalesced mode {i} of {who} (extent {cs}), which holds {avail} of its steps, and {avail} does not divide the {rest_shape} steps it still needs (shape divisibility, Whitepaper Eqs. (20)-(21))"
                ),
            ));
        }
        rest_shape = rest_shape.int_div(&avail)?;
        emit(avail, i, core::mem::replace(&mut rest_stride, one.clone()))?;
        emitted = true;
    }
    if !rest_shape.is_const(1) || !emitted {
        emit(rest_shape, n - 1, rest_stride)?;
    }
    Ok(())
}

/// Appends `A o s:d` for an integer stride `d`: exactly `j -> A(j * d)` for
/// `j` in `0..s`, or an error.
///
/// A negative stride reaches `A(-x)`, where every mode of A but the last
/// takes the coordinate `(-x) mod extent` and borrows from the next (floor
/// semantics, as `idx2crd`): `j -> A(-j * |d|)` is linear only if the leaf
/// lies in A's last mode alone, past whole multiples of the other extents;
/// elsewhere no layout is that function, and it is an error.
fn compose_int<I: DynInt, const N: usize>(
    lhs: &mut Lhs<'_, I>,
    s: &I,
    d: &I,
    out: &mut Layout<I, N>,
) -> Result<()> {
    let zero = I::from_i64(0);
    if s.is_const(1) {
        // a single point: A's value there (in A's extended domain; a negative
        // index with idx2crd's floor semantics, as a layout evaluates it)
        // (its one coordinate is 0: it reaches nothing in A)
        let flat = lhs.flat()?;
        let v = if d.int_cmp(&zero)?.is_lt() {
            Layout::flat(flat.iter().cloned().collect()).call_index(d.clone())?
        } else {
            flat::eval(OP, flat, d)?
        };
        out.push_leaf(s.clone(), v);
        return Ok(());
    }
    if d.is_const(0) {
        out.push_leaf(s.clone(), Scalar::zero());
        return Ok(());
    }
    if s.int_cmp(&zero)?.is_le() {
        return Err(Error::value(OP, format!("B's extent {s} is not positive")));
    }
    if d.int_cmp(&zero)?.is_lt() {
        return compose_negative(lhs, s, d, out);
    }
    lhs.flat()?;
    let (flat, reached, whole, who) = lhs.parts();
    // the first error of `reach`, returned once the walk is done (whose
    // own errors come first)
    let mut carry: Option<Error> = None;
    out.push_flat_with(|m| {
        walk(flat, who, s, d, |e, i, step| {
            let di = &flat[i].1;
            // an F2 stride scales carry-lessly: `(d * step) * j` is
            // `d * (step * j)` for every `j < e` when `step` is a power of
            // two (or `j` is 0 or 1), not in general
            if let Scalar::F2(_) = di {
                let pow2 = step.try_const().is_some_and(|k| k & (k - 1) == 0);
                if !pow2 && e.int_cmp(&I::from_i64(2))?.is_gt() {
                    return Err(f2_step_error(who, i, &step, &flat[i]));
                }
            }
            m.push((e.clone(), di.scale_by(&step)?));
            // where the leaf lands in A
            if whole && carry.is_none() {
                carry = reach(flat, reached, who, i, &e, &step).err();
            }
            Ok(())
        })
    })?;
    carry.map_or(Ok(()), Err)
}

/// [`compose_int`] for a negative stride `d` (and `s > 1`): the leaf must lie
/// in A's last mode, where `A(-x)` is `-A(x)`; it takes no coordinate but 0
/// in any other mode.
#[cold]
#[inline(never)]
fn compose_negative<I: DynInt, const N: usize>(
    lhs: &mut Lhs<'_, I>,
    s: &I,
    d: &I,
    out: &mut Layout<I, N>,
) -> Result<()> {
    let m = I::from_i64(0)
        .int_sub(d)
        .map_err(|_| Error::overflow(OP, format!("B's stride {d} has no 64-bit magnitude")))?;
    lhs.flat()?;
    let (flat, _, _, who) = lhs.parts();
    let n = flat.len();
    let mut res: Modes<I> = Modes::new();
    walk(flat, who, s, &m, |e, i, step| {
        if !e.is_const(1) && i + 1 != n {
            return Err(negative_stride_error(who, i, d, &flat[i].0));
        }
        let neg = I::from_i64(0).int_sub(&step)?;
        res.push((e, flat[i].1.scale_by(&neg)?));
        Ok(())
    })?;
    out.push_flat(&res);
    Ok(())
}

#[cold]
fn negative_stride_error<I: DynInt>(who: Who<'_>, i: usize, d: &I, extent: &I) -> Error {
    Error::divisibility(
        OP,
        Operand::of(d),
        Operand::of(extent),
        format!(
            "its negative stride {d} reaches the coalesced mode {i} of {who} (extent {extent}), not its last, where {who}(-x) takes the coordinate (-x) mod {extent}: no layout is j -> {who}(j * {d})"
        ),
    )
}

#[cold]
fn f2_step_error<I: DynInt>(who: Who<'_>, i: usize, step: &I, (s, d): &(I, Scalar<I>)) -> Error {
    Error::divisibility(
        OP,
        Operand::of(step),
        Operand::of(s),
        format!(
            "it steps by {step} through the coalesced mode {i} of {who} (extent {s}, stride {d}), whose F2 stride multiplies carry-lessly: no layout is j -> {who}(j * {step}) there"
        ),
    )
}

#[cold]
fn stride_error<I: DynInt>(who: Who<'_>, i: usize, d: &I, s: &I) -> Error {
    Error::divisibility(
        OP,
        Operand::of(d),
        Operand::of(s),
        format!(
            "it steps by {d} through the coalesced mode {i} of {who} (extent {s}), and {d} and {s} do not divide one another (stride divisibility, Whitepaper Eqs. (20)-(21))"
        ),
    )
}

/// Appends `A o B`, B's nesting kept; A's flat modes are computed once
/// across calls with the same `lhs`. A divisibility error names the leaf
/// of B that fails, as a leaf of `rhs` (the name the caller's message gives
/// B: `B`, or `B*` for a complement), and the condition, with A as `lhs`
/// names it; the caller names the operands themselves ([`framed`]).
pub(crate) fn compose_with<I: DynInt, const N: usize>(
    lhs: &mut Lhs<'_, I>,
    b: View<'_, I>,
    rhs: &'static str,
    out: &mut Layout<I, N>,
) -> Result<()> {
    if compose_known(lhs, b, out) {
        return Ok(());
    }
    let mut k = 0;
    for &t in b.tok {
        match t {
            crate::layout::OPEN => out.open(),
            crate::layout::CLOSE => out.close(),
            _ => {
                let (s, d) = &b.leaves[k];
                k += 1;
                compose_leaf(lhs, s, d, out).map_err(|e| of_leaf(e, s, d, rhs))?;
            }
        }
    }
    Ok(())
}

/// A divisibility error of composing the leaf `s:d` of `rhs`: the leaf
/// named before the condition.
#[cold]
fn of_leaf<I: DynInt>(e: Error, s: &I, d: &Scalar<I>, rhs: &str) -> Error {
    match e {
        Error::Divisibility {
            op,
            lhs,
            rhs: r,
            msg,
        } => Error::Divisibility {
            op,
            lhs,
            rhs: r,
            msg: format!("the leaf {s}:{d} of {rhs}: {msg}"),
        },
        e => e,
    }
}

/// Appends `A o B` when every value involved is a known integer: A's
/// coalesced flat modes have integer strides, and B's leaves known extents
/// `s >= 1` and integer strides `d >= 0` (what kernels compose). The steps
/// are [`walk`] and [`reach`] on machine integers, with nothing to decide
/// and no error to build: where the general steps would report an error
/// (a divisibility condition, an overflow), this gives way to them. False,
/// with nothing appended, in that case or when the values are not all
/// known.
///
/// With one mode in A (its last, so A is `x -> e * x` on its extended
/// domain), `A o B` is B with each stride times `e`: the products of a
/// compact A, and the rest of every divide of one leaf.
#[inline]
fn compose_known<I: DynInt, const N: usize>(
    lhs: &mut Lhs<'_, I>,
    b: View<'_, I>,
    out: &mut Layout<I, N>,
) -> bool {
    if !shortcuts::on() || b.leaves.len() > INLINE {
        return false;
    }
    if lhs.flat().is_err() {
        return false;
    }
    let shared = lhs.shared;
    let (flat, reached, whole, _) = lhs.parts();
    let mut a = [(0_i64, 0_i64); INLINE];
    if flat.len() > INLINE {
        return false;
    }
    for (m, leaf) in a.iter_mut().zip(flat) {
        let Some(k) = flat::known(leaf) else {
            return false;
        };
        *m = k;
    }
    let a = &a[..flat.len()];
    if !whole || a.len() == 1 {
        // (with one mode in A, nothing can carry: no reach to record)
        return compose_known_flat(a, None, b, out);
    }
    // what B's leaves reach in A's modes, with what earlier calls recorded
    let mut reach = [0_i64; INLINE];
    for (r, x) in reach.iter_mut().zip(reached.iter()) {
        match x.sum.try_const() {
            Some(v) if x.bits == 0 => *r = v,
            _ => return false,
        }
    }
    if !compose_known_flat(a, Some(&mut reach), b, out) {
        return false;
    }
    if shared {
        while reached.len() < a.len() {
            reached.push(Reach {
                sum: I::from_i64(0),
                bits: 0,
            });
        }
        for (x, &r) in reached.iter_mut().zip(&reach) {
            x.sum = I::from_i64(r);
        }
    }
    true
}

/// [`compose_known`] for an A that composes with one B only: A's flat
/// modes coalesced on machine integers ([`Known`]), without an [`Lhs`].
#[inline]
fn compose_known_whole<I: DynInt, const N: usize>(
    a: View<'_, I>,
    b: View<'_, I>,
    out: &mut Layout<I, N>,
) -> bool {
    if !shortcuts::on() || a.leaves.len() > INLINE {
        return false;
    }
    let mut flat = Known::default();
    for leaf in a.leaves {
        let Some((s, d)) = flat::known(leaf) else {
            return false;
        };
        if flat.push(s, d).is_none() {
            return false;
        }
    }
    if flat.finish(Ones::KeepLast).is_none() {
        return false;
    }
    compose_known_flat(flat.modes(), Some(&mut [0; INLINE]), b, out)
}

/// The steps of [`compose_known`] once A's coalesced flat modes `a` are
/// known integers: appends `A o B` and returns true, or returns false with
/// nothing appended. With `reach` (what B's leaves reach in each mode of A,
/// updated), B's leaves must add up without a carry between A's modes
/// (see [`reach`]); without it, they only compose one by one (the
/// products).
#[inline]
pub(crate) fn compose_known_flat<I: DynInt, const N: usize>(
    a: &[(i64, i64)],
    mut reach: Option<&mut [i64; INLINE]>,
    b: View<'_, I>,
    out: &mut Layout<I, N>,
) -> bool {
    if !shortcuts::on() || b.leaves.len() > INLINE || a.is_empty() || a.len() > INLINE {
        return false;
    }
    if let [(_, e)] = *a {
        return compose_scaled(e, b, out);
    }
    let mark = out.mark();
    let mut leaves = b.leaves.iter();
    for &t in b.tok {
        match t {
            crate::layout::OPEN => out.open(),
            crate::layout::CLOSE => out.close(),
            _ => {
                // the leaf's modes, written where they go: one mode, or a
                // flat tuple of them
                let Some((s, d)) = leaves.next().and_then(flat::known) else {
                    out.truncate(mark);
                    return false;
                };
                if compose_leaf_known(a, reach.as_deref_mut(), s, d, out).is_none() {
                    out.truncate(mark);
                    return false;
                }
            }
        }
    }
    true
}

/// Appends the known leaf `s:d` (`s >= 1`, `d >= 0`) composed with the
/// known flat modes `a` (more than one), as [`compose_known_flat`] does.
/// `None` where the general steps are needed.
#[inline(always)]
fn compose_leaf_known<I: DynInt, const N: usize>(
    a: &[(i64, i64)],
    mut reach: Option<&mut [i64; INLINE]>,
    s: i64,
    d: i64,
    out: &mut Layout<I, N>,
) -> Option<()> {
    if s < 1 || d < 0 {
        return None;
    }
    if s == 1 {
        // a single point: A's value there, in its extended domain
        let v = offset(OP, d, a.iter().map(|(s, d)| (s, *d)), true).ok()?;
        out.push_leaf(I::from_i64(1), Scalar::Int(I::from_i64(v)));
        return Some(());
    }
    if d == 0 {
        out.push_leaf(I::from_i64(s), Scalar::zero());
        return Some(());
    }
    // a tuple of the modes, opened before the first unless it is the only
    // one
    let (mut first, mut opened) = (true, false);
    walk_known(a, s, d, |e, i, step, last| {
        if core::mem::take(&mut first) && !last {
            out.open();
            opened = true;
        }
        let (extent, stride) = a[i];
        // B's leaves must add up without a carry between A's modes
        if let Some(reach) = reach.as_deref_mut() {
            if e != 1 && i + 1 < a.len() {
                let sum = reach[i].checked_add((e - 1).checked_mul(step)?)?;
                if sum >= extent {
                    return None;
                }
                reach[i] = sum;
            }
        }
        out.push_leaf(
            I::from_i64(e),
            Scalar::Int(I::from_i64(stride.checked_mul(step)?)),
        );
        Some(())
    })?;
    if opened {
        out.close();
    }
    Some(())
}

/// [`compose_known`] with one mode `c:e` in A: B with each stride `d`
/// (known, `d >= 0`, and its extent `s >= 1`) times `e`, or false.
#[inline]
fn compose_scaled<I: DynInt, const N: usize>(
    e: i64,
    b: View<'_, I>,
    out: &mut Layout<I, N>,
) -> bool {
    let fits = |m: &Mode<I>| {
        flat::known(m).is_some_and(|(s, d)| s >= 1 && d >= 0 && d.checked_mul(e).is_some())
    };
    if !b.leaves.iter().all(fits) {
        return false;
    }
    out.push_view_with(b, |m| {
        let (_, d) = flat::known(m).unwrap_or_default();
        (m.0.clone(), Scalar::Int(I::from_i64(d * e)))
    });
    true
}

/// [`walk`] on known integers (`s > 1`, `d > 0`): `None` where [`walk`]
/// reports an error, or where `emit` does. (The same steps, with `emit`
/// called from one place, so that it is inlined.) `emit`'s last argument
/// says whether the walk ends with that mode: a walk that does not end
/// with its first mode makes two or more.
#[inline]
fn walk_known(
    a: &[(i64, i64)],
    s: i64,
    d: i64,
    mut emit: impl FnMut(i64, usize, i64, bool) -> Option<()>,
) -> Option<()> {
    let last = a.len().checked_sub(1)?;
    let (mut rest_shape, mut rest_stride) = (s, d);
    let (mut i, mut emitted) = (0, false);
    loop {
        // the next mode of the result: its extent, its mode of A, its step
        // there, and whether the walk ends with it
        let (e, at, step, done);
        if i < last && rest_shape != 1 {
            let cs = a[i].0;
            if rest_stride >= cs {
                if cs <= 0 || rest_stride % cs != 0 {
                    return None;
                }
                rest_stride /= cs;
                i += 1;
                continue;
            }
            if (rest_shape - 1).checked_mul(rest_stride)? < cs {
                (e, at, step, done) = (rest_shape, i, rest_stride, true);
            } else {
                if cs % rest_stride != 0 || rest_shape % (cs / rest_stride) != 0 {
                    return None;
                }
                let avail = cs / rest_stride;
                rest_shape /= avail;
                (e, at, step, done) = (avail, i, rest_stride, false);
                rest_stride = 1;
                i += 1;
            }
        } else if rest_shape != 1 || !emitted {
            (e, at, step, done) = (rest_shape, last, rest_stride, true);
        } else {
            return Some(());
        }
        emit(e, at, step, done)?;
        if done {
            return Some(());
        }
        emitted = true;
    }
}

/// Appends `A o B` for a tiler B: `None` leaves A alone, an integer `n` is
/// `n:1`, a tuple composes by-mode.
pub(crate) fn compose_tiler<I: DynInt>(
    a: View<'_, I>,
    b: TilerRef<'_, I>,
    out: &mut Layout<I>,
) -> Result<()> {
    match b {
        TilerRef::None => {
            out.push_view(a);
            Ok(())
        }
        TilerRef::Int(n) => {
            let leaf = [(n.clone(), Scalar::Int(I::from_i64(1)))];
            let b = View::leaf(&leaf);
            if compose_known_whole(a, b, out) {
                return Ok(());
            }
            compose_with(&mut Lhs::new(a), b, "B", out)
                .map_err(|e| framed(e, OP, || format!("{a:?} o {b:?}")))
        }
        TilerRef::Layout(l) => {
            if compose_known_whole(a, l.view(), out) {
                return Ok(());
            }
            compose_with(&mut Lhs::new(a), l.view(), "B", out)
                .map_err(|e| framed(e, OP, || format!("{a:?} o {l:?}")))
        }
        TilerRef::Tuple(ts) => by_mode(OP, a, ts, out, |m, t, out| {
            compose_tiler(m, t.as_ref(), out)
        }),
    }
}

/// The layout that has `r` at `mode` and `1:0` in every mode before it, at
/// each level of `mode`: where a result lands when there is no A.
pub(crate) fn land_at<I: DynInt>(mode: &[usize], mut r: Layout<I>) -> Result<Layout<I>> {
    fn go<I: DynInt>(mode: &[usize], r: &mut Layout<I>, out: &mut Layout<I>) -> Result<()> {
        let Some((&m, rest)) = mode.split_first() else {
            out.push_layout(r);
            return Ok(());
        };
        if m > MAX_FILL {
            return Err(Error::value(
                OP,
                format!("mode index {m} would fill more than {MAX_FILL} modes with 1:0"),
            ));
        }
        out.open();
        for _ in 0..m {
            out.push_leaf(I::from_i64(1), Scalar::zero());
        }
        go(rest, r, out)?;
        out.close();
        Ok(())
    }
    if mode.is_empty() {
        return Ok(r);
    }
    let mut out = Layout::building();
    go(mode, &mut r, &mut out)?;
    Ok(out)
}

/// The most modes [`land_at`] fills in one level.
const MAX_FILL: usize = 4096;

/// Group composition `A o B` of layouts (Whitepaper, §3.3): walk B, then map
/// the result through A.
///
/// B is a tiler (anything `Into<TilerArg>`): a layout, an integer `n` (the
/// layout `n:1`), a tuple of tilers composed by-mode (`(A0, A1, ...) o <X,
/// Y, ...> = (A0 o X, A1 o Y, ...)`, the remaining modes of A unchanged), or
/// `Tiler::None`, which leaves A alone. [`composition_at`] composes one mode
/// of A; [`composition_identity`] is the specification's A of `None`.
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
/// Each leaf `s:d` of B composes exactly, `j -> A(j * d)` for `j` in
/// `0..s`, or the composition fails; a negative `d` reaches `A(-x)`, which
/// is linear only in A's last mode, past whole multiples of its other
/// extents (elsewhere: an error). The leaves compose one by one and the
/// result keeps B's nesting (right-distributivity): `result(i) == sum_k
/// A(B_k(i_k))`, with `i_k` the coordinate of `i` in B's leaf `k`, and that
/// is `A(B(i))`: leaves whose coordinates in one mode of A add up past its
/// extent (whose offsets carry across A's modes) are a `ValueError`.
///
/// Over symbolic integers each condition is decided through the integers'
/// operations; one the symbols do not settle is an `Undecidable` error
/// naming it.
///
/// # Pre-conditions
/// A and B satisfy the shape- and stride-divisibility conditions
/// (Whitepaper, Eqs. (20)-(21)).
///
/// # Post-conditions
/// - `compatible(B, result)`: B refines the result's domain
/// - `result(i) == A(B(i))` for `i` in `0..size(B)`
///
/// # Errors
/// - `ValueError` (`Error::Divisibility`) if a divisibility condition
///   fails, naming A and B, the leaf of B that fails (`the leaf 16:3 of
///   B`), the mode of A coalesced that it steps through (its index and
///   extent), and the condition: stride or shape divisibility (Whitepaper,
///   Eqs. (20)-(21)), or the carry check across B's leaves; a by-mode or
///   mode-subscripted composition says which mode of A.
/// - `ValueError` if a by-mode B has more modes than A, or on overflow;
///   `Undecidable` for a condition on symbols.
/// - `TypeError` if B has F2 strides.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::composition;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(composition(&l("(6, 2):(8, 2)"), &l("(4, 3):(3, 1)")).unwrap(),
///            l("((2, 2), 3):((24, 2), 8)"));
/// assert_eq!(composition(&l("20:2"), &l("(5, 4):(4, 1)")).unwrap(), l("(5, 4):(8, 2)"));
/// assert_eq!(composition(&l("12:1"), &l("(4, 3):(1, 4)")).unwrap(), l("(4, 3):(1, 4)"));
/// assert_eq!(composition(&l("(12, 4):(1, 12)"), (4, 2)).unwrap(), l("(4, 2):(1, 12)"));
/// // 16:3 steps over A's first extent 8 unevenly
/// assert!(composition(&l("(8, 6):(6, 1)"), &l("16:3")).is_err());
/// ```
pub fn composition<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Layout<I>> {
    by_tiler(OP, a, b.into().get(), &[], compose_tiler)
}

/// The mode-subscripted `composition[mode](A, B)`: composes only the mode
/// `mode` of A with B (see [`composition`]) and leaves every other mode
/// unchanged. An A whose shape is an integer is the 1-tuple it denotes, so
/// `composition_at` of `6:1` and `3:1` at `[0]` is `(3,):(1,)` (the same
/// holds for every mode-subscripted operation of the algebra).
///
/// # Pre-conditions
/// `mode` names a mode of A: `rank[mode[:-1]](A) > mode[-1]`.
///
/// # Post-conditions
/// `get[mode](result) == composition(get[mode](A), B)`.
///
/// # Errors
/// `IndexError` if `mode` names no mode of A; as [`composition`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::composition_at;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(composition_at(&l("(4, 6):(1, 4)"), &l("3:2"), &[1]).unwrap(), l("(4, 3):(1, 8)"));
/// assert_eq!(composition_at(&l("6:1"), &l("3:1"), &[0]).unwrap(), l("(3,):(1,)"));
/// assert!(composition_at(&l("(4, 6):(1, 4)"), &l("3:2"), &[2]).is_err());
/// ```
pub fn composition_at<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    by_tiler(OP, a, b.into().get(), mode, compose_tiler)
}

/// Composition with an A of `None` (the specification's
/// `composition(None, B)`): A is the identity layout of B's domain, of
/// unknown extents, whose mode `i` has stride `E(i)`, so the result is
/// `tiler_to_layout(B)`, with no divisibility condition, except that a
/// `None` mode of a tuple B is that mode of the identity, `1:E(i)`.
///
/// # Errors
/// `TypeError` if B is `None` too; `ValueError` for an invalid B.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::composition_identity;
/// use cute_dynamic::{layout::Tiler, Layout};
/// let r: Layout = composition_identity((4, 3)).unwrap();
/// assert_eq!(r.to_string(), "(4, 3):(1@0, 1@1)");
/// let r: Layout = composition_identity((4, Tiler::None)).unwrap();
/// assert_eq!(r.to_string(), "(4, 1):(1@0, 1@1)");
/// assert!(composition_identity(Tiler::<i64>::None).is_err());
/// ```
pub fn composition_identity<'b, I: DynInt>(b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
    composition_identity_at(b, &[])
}

/// [`composition_identity`] landing at the mode `mode` (the specification's
/// `composition[mode](None, B)`): the result is at `mode`, and every mode
/// before it, at each level of `mode`, is `1:0`.
///
/// # Errors
/// As [`composition_identity`]; `ValueError` for a mode index above 4096.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::composition_identity_at;
/// use cute_dynamic::Layout;
/// let r: Layout = composition_identity_at(3, &[1]).unwrap();
/// assert_eq!(r.to_string(), "(1, 3):(0, 1)");
/// ```
pub fn composition_identity_at<'b, I: DynInt>(
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    let b = b.into();
    let r = match b.get() {
        TilerRef::None => {
            return Err(Error::type_error(
                OP,
                "None o None: neither A nor B is a layout".to_string(),
            ))
        }
        b => identity_of_tiler(b).map_err(|e| rename(e, OP))?,
    };
    land_at(mode, r)
}

/// An `InvalidValue` error of the tiler promotion, named `op`.
pub(crate) fn rename(e: Error, op: &'static str) -> Error {
    match e {
        Error::InvalidValue { msg, .. } => Error::InvalidValue { op, msg },
        e => e,
    }
}

impl<I: DynInt> Layout<I> {
    /// `self o b`: [`composition`].
    ///
    /// # Errors
    /// As [`composition`].
    ///
    /// ```
    /// use cute_dynamic::Layout;
    /// let a: Layout = "(6, 2):(8, 2)".parse().unwrap();
    /// let b: Layout = "(4, 3):(3, 1)".parse().unwrap();
    /// assert_eq!(a.compose(&b).unwrap().to_string(), "((2, 2), 3):((24, 2), 8)");
    /// ```
    pub fn compose<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        composition(self, b)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{self as kit, check, leaf};
    #[allow(unused_imports)]
    use super::super::testkit::{
        coalesce, coalesce_z, composition, logical_divide, logical_product, zipped_divide,
    };
    use super::*;
    #[allow(unused_imports)]
    use crate::htuple::{HTuple, IntTuple};
    #[allow(unused_imports)]
    use crate::layout::{tiler_to_layout, Tiler};
    #[allow(unused_imports)]
    use crate::typedefs::Scalar;

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

    use super::super::testkit::get_mode;
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
                    prop_assert!(compatible(&b.shape(), &r.shape()), "{:?} o {:?} = {:?}", a, b, r);
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
            prop_assert!(compatible(&b.shape(), &r.shape()), "{:?} o {:?} = {:?}", a, b, r);
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
            let modes = super::super::testkit::modes_of(&a);
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
        use super::super::testkit::{
            coalesce, coalesce_z, logical_divide, logical_product, zipped_divide,
        };
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
    fn leaf_results(b: &IntTuple, r: View<'_, i64>, out: &mut Vec<Layout>) {
        match b {
            HTuple::Leaf(_) => out.push(r.to_layout()),
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
                    prop_assert!(compatible(&b.shape(), &r.shape()), "{:?} o {:?} = {:?}", a, b, r);
                    let mut per_leaf = Vec::new();
                    leaf_results(&b.shape(), r.view(), &mut per_leaf);
                    let leaves = b.leaves().to_vec();
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
        let e = a.compose(lay("Layout((3, 2), (1, 3))")).unwrap_err();
        assert!(matches!(e, Error::Divisibility { .. }), "{e}");
        assert!(e.to_string().contains("carry"), "{e}");
        // leaves that stay apart compose: (2, 2):(1, 2) reaches 1 + 2 < 4
        assert_eq!(
            a.compose(lay("Layout((2, 2), (1, 2))")).unwrap(),
            lay("Layout((2, 2), (1, 2))")
        );
        // leaves that cross into the next mode without carrying compose too
        assert_eq!(
            a.compose(lay("Layout((4, 2), (1, 4))")).unwrap(),
            lay("Layout((4, 2), (1, 100))")
        );
        // over F2 the leaves' bits must be apart as well: 1 XOR 1 is 0, not 2
        let f = lay("Layout((4, 2), (F2(1), F2(16)))");
        assert!(f.compose(lay("Layout((2, 2), (1, 1))")).is_err());
        assert_eq!(
            f.compose(lay("Layout((2, 2), (1, 2))")).unwrap(),
            lay("Layout((2, 2), (F2(1), F2(2)))")
        );
        // the products compose A's complement leaf by leaf, for any B
        let b = Tiler::Layout(lay("Layout((2, 2), (1, 1))"));
        let p = crate::algebra::logical_product(&lay("Layout(2, 1)"), &b);
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
