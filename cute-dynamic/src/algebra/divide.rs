//! Divides: split a layout by a tile.
//!
//! The logical divide `A / B = A o (B, B*)` composes A with B followed by
//! B's complement up to A's size: mode 0 of the result is the elements B
//! selects (the tile), mode 1 the layout of the tiles (the grid).
//! [`zipped_divide`] first promotes a tuple of tilers to one coordinate
//! layout, so the tile modes and the grid modes gather into the two modes.

use cute_core::{DynInt, Error, Result};

use super::complement::{complement_into, Cotarget};
use super::composition::{compose_with, framed, land_at, rename, Lhs};
use super::shortcuts;
use crate::htuple::HTuple;
use crate::layout::{
    by_mode, by_tiler, identity_of_tiler, promote_tiler, Layout, Scratch, Tiler, TilerArg,
    TilerRef, View, INLINE,
};
use crate::typedefs::Scalar;

const OP: &str = "logical_divide";

/// True iff some stride of `b` is a coordinate (zero included: `1:0@i`
/// still names axis `i`).
fn has_coord_codomain<I: DynInt>(b: View<'_, I>) -> bool {
    b.leaves.iter().any(|(_, d)| matches!(d, Scalar::Arith(_)))
}

/// The extent B's complement must reach inside A, for a B with coordinate
/// strides: A's shape with each mode that B divides replaced by its size.
/// The complement then covers a divided mode as one axis, so the rest of
/// that mode is the mode coalesced, and it leaves every mode B does not
/// divide with its nesting and its extent-1 leaves, so the rest of that
/// mode is the mode itself. (An integer-shaped A is the 1-tuple it
/// denotes.) B divides the modes at the paths of the nonzero terms of its
/// coordinate strides (a zero stride selects nothing and divides nothing).
fn extent_for<I: DynInt>(a: View<'_, I>, b: View<'_, I>) -> Result<HTuple<I>> {
    fn collapse<I: DynInt>(
        s: View<'_, I>,
        path: &mut Vec<usize>,
        paths: &[Vec<usize>],
    ) -> Result<HTuple<I>> {
        if paths.iter().any(|p| p == path) {
            return Ok(HTuple::Leaf(s.size().map_err(|e| e.in_op(OP))?));
        }
        if s.is_leaf() {
            return Ok(HTuple::Leaf(s.leaves[0].0.clone()));
        }
        if !paths.iter().any(|p| p.starts_with(path)) {
            return Ok(s.to_layout().shape());
        }
        let mut out = Vec::new();
        for (i, x) in s.modes().enumerate() {
            path.push(i);
            let r = collapse(x, path, paths);
            path.pop();
            out.push(r?);
        }
        Ok(HTuple::Tuple(out))
    }
    let paths = super::flat::axes(b.leaves);
    if a.is_leaf() {
        // the 1-tuple it denotes
        let mut path = vec![0];
        let inner = collapse(a, &mut path, &paths)?;
        return Ok(HTuple::Tuple(vec![inner]));
    }
    collapse(a, &mut Vec::new(), &paths)
}

/// The tile and the rest of `A / k:1` for an A of one leaf `s:d` (of any
/// nesting), with `s`, `d` and `k` known and positive extents, computed
/// directly: the `(k:d, ceil(s / k):(k * d))` that the general steps give.
///
/// A of one leaf is one mode, its last, which composes with anything
/// without a divisibility condition (the extended domain): `A o k:1` is
/// `k:d`; the complement of `k:1` up to `s` is `ceil(s / k):k`, and
/// `A o ceil(s / k):k` is `ceil(s / k):(k * d)`. This is the divide of each
/// mode of a matrix by an integer tile, the most common divide there is.
/// `None` when the case is not this one, or when `k * d` overflows (the
/// general steps then give the error).
#[inline]
fn divide_leaf_by_compact<I: DynInt>(a: View<'_, I>, b: View<'_, I>) -> Option<[(i64, i64); 2]> {
    let [(k, Scalar::Int(one))] = b.leaves else {
        return None;
    };
    if !b.is_leaf() || !one.is_const(1) {
        return None;
    }
    divide_leaf_by(a, k.try_const()?)
}

/// [`divide_leaf_by_compact`] with the tile `k:1` given by its extent.
#[inline]
fn divide_leaf_by<I: DynInt>(a: View<'_, I>, k: i64) -> Option<[(i64, i64); 2]> {
    let [leaf] = a.leaves else {
        return None;
    };
    let (s, d) = super::flat::ints(leaf)?;
    if !shortcuts::on() || s <= 0 || k <= 0 {
        return None;
    }
    Some([(k, d), ((s - 1) / k + 1, k.checked_mul(d)?)])
}

/// Appends `A o (B, complement(B, extent of A))` for a layout B, as the
/// operation `op` (`logical_divide`, or `zipped_divide` for a promoted
/// tiler).
///
/// A divisibility error names A, B, the complement `B*` as it was computed
/// (`complement(B, shape(A))`, or the extent [`extent_for`] gives for a B
/// with coordinate strides, printed in the message), and the leaf of B or
/// of `B*` that fails with the condition; an error of overlapping strides
/// names B, which has no complement.
pub(crate) fn divide_layouts<I: DynInt>(
    op: &'static str,
    a: View<'_, I>,
    b: View<'_, I>,
    out: &mut Layout<I>,
) -> Result<()> {
    if let Some(modes) = divide_leaf_by_compact(a, b) {
        out.push_flat_ints(&modes);
        return Ok(());
    }
    let mut rest = Scratch::building();
    let e;
    let cotarget = if has_coord_codomain(b) {
        e = extent_for(a, b)?;
        Cotarget::Shape(&e)
    } else {
        Cotarget::Of(a)
    };
    complement_into(b, cotarget, &mut rest).map_err(|err| {
        framed(err, op, || {
            format!(
                "{a:?} / {b:?} = A o (B, B*), and B has no complement B* = complement(B, {})",
                cotarget.describe()
            )
        })
    })?;
    let header = || {
        format!(
            "{a:?} / {b:?} = A o (B, B*) with B* = complement(B, {}) = {:?}",
            cotarget.describe(),
            rest.view()
        )
    };
    // A o (B, B*) == (A o B, A o B*), the leaves of both composed with the
    // same A
    let mut lhs = Lhs::new(a).shared();
    out.open();
    compose_with(&mut lhs, b, "B", out).map_err(|e| framed(e, op, header))?;
    compose_with(&mut lhs, rest.view(), "B*", out).map_err(|e| framed(e, op, header))?;
    out.close();
    Ok(())
}

fn divide_tiler<I: DynInt>(a: View<'_, I>, b: TilerRef<'_, I>, out: &mut Layout<I>) -> Result<()> {
    match b {
        TilerRef::None => {
            out.push_view(a);
            Ok(())
        }
        TilerRef::Int(n) => {
            let leaf = [(n.clone(), Scalar::Int(I::from_i64(1)))];
            divide_layouts(OP, a, View::leaf(&leaf), out)
        }
        TilerRef::Layout(l) => divide_layouts(OP, a, l.view(), out),
        TilerRef::Tuple(ts) => {
            by_mode(OP, a, ts, out, |m, t, out| divide_tiler(m, t.as_ref(), out))
        }
    }
}

/// Splits layout A by the tile B: `A / B = A o (B, B*)`, with `B*` the
/// complement of B up to A's size.
///
/// Mode 0 of the result is the elements selected by B (the tile); mode 1 is
/// the layout of those tiles (the grid). B is a tiler (anything
/// `Into<TilerArg>`): a layout, an integer `n` (the layout `n:1`), a tuple
/// of tilers divided by-mode (the remaining modes of A unchanged), or
/// `Tiler::None`, which leaves A alone. [`logical_divide_at`] divides one
/// mode of A; [`logical_divide_identity`] is the specification's A of
/// `None`.
///
/// # Pre-conditions
/// B divides A (composition's divisibility conditions hold).
///
/// # Post-conditions
/// - `rank(result) == 2` when B is a layout
/// - `compatible(B, result[0])`
/// - `result[0] == composition(A, B)`
///
/// # Errors
/// `ValueError` if a divisibility condition fails, B's strides overlap, a
/// by-mode B has more modes than A, or on overflow; `Undecidable` for a
/// condition on symbols.
///
/// A divisibility error (`Error::Divisibility`, of `logical_divide`) names
/// only values the caller can find: A and B, the complement `B*` as it was
/// computed, printed with the arguments that give it again
/// (`B* = complement(B, (6, 4)) = Layout(8, 4)`: A's shape, or for a B of
/// coordinate strides the extent of each mode it divides), and the failing
/// condition: the leaf of B or of `B*` (`the leaf 8:4 of B*`), the mode of
/// A coalesced that it steps through with its index and extent, and which
/// condition fails (stride or shape divisibility, Whitepaper Eqs.
/// (20)-(21), or the carry check across the leaves of `(B, B*)`). A by-mode
/// or mode-subscripted divide says which mode of A (`in mode 1 of A`), and
/// A and B are then that mode and its tiler. A B whose strides overlap is a
/// `strides not injective` error naming A and B.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::logical_divide;
/// use cute_dynamic::{tile, Layout};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(logical_divide(&l("24:1"), &l("4:2")).unwrap(), l("(4, (2, 3)):(2, (1, 8))"));
/// assert_eq!(logical_divide(&l("(128, 64):(1, 128)"), tile!(8, 8)).unwrap(),
///            l("((8, 16), (8, 8)):((1, 8), (128, 1024))"));
/// // 3:1 does not divide the first mode (4) of A
/// assert!(logical_divide(&l("(4, 3):(3, 1)"), &l("3:1")).is_err());
/// // the error names B* = complement(B, shape(A)) as computed
/// let e = logical_divide(&l("(6, 4):(4, 1)"), &l("4:1")).unwrap_err().to_string();
/// assert!(e.contains("B* = complement(B, (6, 4)) = Layout(8, 4): the leaf 8:4 of B*"), "{e}");
/// ```
pub fn logical_divide<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Layout<I>> {
    by_tiler(OP, a, b.into().get(), &[], divide_tiler)
}

/// The mode-subscripted `logical_divide[mode](A, B)`: divides only the mode
/// `mode` of A by B (see [`logical_divide`]), every other mode unchanged.
///
/// # Pre-conditions
/// `mode` names a mode of A: `rank[mode[:-1]](A) > mode[-1]`.
///
/// # Errors
/// `IndexError` if `mode` names no mode of A; as [`logical_divide`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::logical_divide_at;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(logical_divide_at(&l("(3, 8):(1, 3)"), &l("4:2"), &[1]).unwrap(),
///            l("(3, (4, 2)):(1, (6, 3))"));
/// ```
pub fn logical_divide_at<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    by_tiler(OP, a, b.into().get(), mode, divide_tiler)
}

/// The logical divide with an A of `None` (the specification's
/// `logical_divide(None, B)`): A is the identity layout of B's domain, of
/// unknown extents, whose mode `i` has stride `E(i)`, so `A o (B, B*)`
/// takes the free complement `B*`.
///
/// A tuple B divides by-mode, as it does any A: mode `i` of the result is
/// the divide of the identity's mode `i` (the axis `E(i)`, of unknown
/// extent) by `B[i]`, that is `(B[i], B[i]*)` with the free complement
/// `B[i]*`, its strides placed on the axis: `logical_divide(None, (3, 5))`
/// is `((3, 1), (5, 1)):((E(0), 3 * E(0)), (E(1), 5 * E(1)))`. A nested
/// tuple divides its sub-modes on their axes (`E(0, 1)` for mode `(0,
/// 1)`), and a `None` mode leaves that mode of the identity as it is,
/// `1:E(i)`. A B that is not a tuple (a layout, or an integer `n`, the
/// layout `n:1`) gives `(B, B*)` itself: the identity of the integers when
/// B's strides are integers. ([`zipped_divide_identity`] divides by the
/// tiler promoted to one layout instead.) With a non-empty `mode`, the
/// result lands there and the modes it does not name are `1:0`.
///
/// # Post-conditions
/// For a tuple B, mode `i` of the result is `logical_divide_identity(B[i])`
/// with each stride `d` placed on the axis `i` (`d * E(i)`), and its mode
/// `(i, 0)`, the tile, is `composition_identity(B)[i]`.
///
/// # Errors
/// `TypeError` if B is `None` too, or a symbolic stride is placed on an
/// axis; `ValueError` for an invalid B or one whose strides overlap (it
/// has no complement).
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::logical_divide_identity;
/// use cute_dynamic::{layout::Tiler, Layout};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(logical_divide_identity(&l("4:2"), &[]).unwrap(), l("(4, (2, 1)):(2, (1, 8))"));
/// let r: Layout = logical_divide_identity((3, 5), &[]).unwrap();
/// assert_eq!(format!("{r:?}"), "Layout(((3, 1), (5, 1)), ((1@0, 3@0), (1@1, 5@1)))");
/// let r: Layout = logical_divide_identity((l("4:2"), Tiler::None), &[]).unwrap();
/// assert_eq!(r.to_string(), "((4, (2, 1)), 1):((2@0, (1@0, 8@0)), 1@1)");
/// assert_eq!(format!("{:?}", logical_divide_identity(&l("4:2"), &[1]).unwrap()),
///            "Layout((1, (4, (2, 1))), (0, (2, (1, 8))))");
/// ```
pub fn logical_divide_identity<'b, I: DynInt>(
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    let b = b.into();
    if let TilerRef::None = b.get() {
        return Err(Error::type_error(
            OP,
            "None / None: neither A nor B is a layout".to_string(),
        ));
    }
    // each mode of B divided on its own, then placed on its axis as the
    // identity's modes are
    let divided = divide_identity_modes(b.get())?;
    let r = identity_of_tiler(divided.as_ref()).map_err(|e| rename(e, OP))?;
    land_at(mode, r)
}

/// The tiler whose leaves are the divides of the identity of the integers
/// by the leaves of `t`, `(T, T*)` with the free complement `T*`, in the
/// nesting of `t`; `None` modes stay `None`.
fn divide_identity_modes<I: DynInt>(t: TilerRef<'_, I>) -> Result<Tiler<I>> {
    match t {
        TilerRef::None => Ok(Tiler::None),
        TilerRef::Tuple(ts) => ts
            .iter()
            .map(|x| divide_identity_modes(x.as_ref()))
            .collect::<Result<_>>()
            .map(Tiler::Tuple),
        t => {
            let mut tile = identity_of_tiler(t).map_err(|e| rename(e, OP))?;
            let mut rest = super::complement::complement(&tile)?;
            let mut r = Layout::building();
            r.open();
            r.push_layout(&mut tile);
            r.push_layout(&mut rest);
            r.close();
            Ok(Tiler::Layout(r))
        }
    }
}

/// The logical divide of A by the tiler B promoted to one layout first,
/// `logical_divide(A, tiler_to_layout(B))`: the result is `((tile...),
/// (rest...))` rather than the by-mode interleaving of a tuple B.
///
/// The rest of a mode that B divides is what is left of that mode,
/// coalesced; a mode B does not divide (missing from a tuple B, `None`, or a
/// tiler with no nonzero stride) is its own rest, as it is: its nesting and
/// its extent-1 leaves are kept, as [`logical_divide`] keeps them. A nested
/// tuple B divides the sub-modes it names and zips them in their nesting.
///
/// # Pre-conditions
/// As [`logical_divide`].
///
/// # Post-conditions
/// - `rank(result) == 2`
/// - `compatible(B, result[0])`
/// - `result[0] == composition(A, B)`
///
/// # Errors
/// As [`logical_divide`], the errors of `zipped_divide`: a tuple of
/// integers and layouts of integer strides divides each mode of A by its
/// tiler (the error says which, and names `B* = complement(B, size)` for
/// that mode's size); any other B is named as it is promoted,
/// `tiler_to_layout(B)`.
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::zipped_divide;
/// use cute_dynamic::{layout::Tiler, Layout};
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(zipped_divide(&l("(9, 32):(1, 9)"), (l("3:3"), l("(2, 4):(1, 8)"))).unwrap(),
///            l("((3, (2, 4)), (3, 4)):((3, (9, 72)), (1, 18))"));
/// assert_eq!(zipped_divide(&l("(128, 128):(1, 128)"), (8, 8)).unwrap(),
///            l("((8, 8), (16, 16)):((1, 128), (8, 1024))"));
/// // the undivided mode 1 is kept as it is
/// assert_eq!(zipped_divide(&l("(4, (3, 1)):(1, (4, 9))"), (l("2:1"),)).unwrap(),
///            l("((2,), (2, (3, 1))):((1,), (2, (4, 9)))"));
/// assert!(zipped_divide(&l("(4, 3):(3, 1)"), &l("3:1")).is_err());
/// ```
pub fn zipped_divide<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
) -> Result<Layout<I>> {
    zipped_divide_at(a, b, &[])
}

/// The mode-subscripted `zipped_divide[mode](A, B)`: [`zipped_divide`] of
/// the mode `mode` of A, every other mode unchanged.
///
/// # Errors
/// `IndexError` if `mode` names no mode of A; as [`logical_divide`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::zipped_divide_at;
/// use cute_dynamic::Layout;
/// let l = |s: &str| -> Layout { s.parse().unwrap() };
/// assert_eq!(zipped_divide_at(&l("(5, 24):(1, 5)"), &l("4:2"), &[1]).unwrap(),
///            l("(5, (4, (2, 3))):(1, (10, (5, 40)))"));
/// assert!(zipped_divide_at(&l("(5, 24):(1, 5)"), 2, &[4]).is_err());
/// ```
pub fn zipped_divide_at<'b, I: DynInt>(
    a: &Layout<I>,
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    let b = b.into();
    if let TilerRef::Tuple(ts) = b.get() {
        // (an empty tuple is the empty layout: no codomain axis to zip)
        // (a tiler longer than the mode it divides takes the general steps,
        // which promote it)
        let fits = a.view().at(mode).is_ok_and(|m| ts.len() <= m.rank());
        if !ts.is_empty() && ts.iter().all(is_int_tiler) && fits {
            return by_tiler(ZIPPED, a, b.get(), mode, |m, _, out| {
                zipped_by_mode(m, ts, out)
            });
        }
    }
    match b.get() {
        TilerRef::None => logical_divide_at(a, Tiler::None, mode),
        t => {
            let promoted = promote_tiler(t, false).map_err(|e| rename(e, ZIPPED))?;
            let promoted_by = |m: View<'_, I>, _: TilerRef<'_, I>, out: &mut Layout<I>| {
                divide_layouts(ZIPPED, m, promoted.view(), out)
            };
            let promoted_b = || {
                format!(
                    "B promoted to one layout, tiler_to_layout(B) = {:?}",
                    promoted
                )
            };
            by_tiler(ZIPPED, a, t, mode, promoted_by).map_err(|e| framed(e, ZIPPED, promoted_b))
        }
    }
}

const ZIPPED: &str = "zipped_divide";

/// [`zipped_divide`] with an A of `None`: [`logical_divide_identity`] by the
/// tiler promoted to one layout, landing at `mode`.
///
/// # Errors
/// As [`logical_divide_identity`].
///
/// # Examples
/// ```
/// use cute_dynamic::algebra::zipped_divide_identity;
/// use cute_dynamic::{layout::Tiler, Layout};
/// let r: Layout = zipped_divide_identity((4, Tiler::None), &[]).unwrap();
/// assert_eq!(r.to_string(), "((4, 1), (1, 1)):((1@0, 1@1), (4@0, 1@1))");
/// ```
pub fn zipped_divide_identity<'b, I: DynInt>(
    b: impl Into<TilerArg<'b, I>>,
    mode: &[usize],
) -> Result<Layout<I>> {
    let b = b.into();
    match b.get() {
        TilerRef::None => logical_divide_identity(Tiler::None, mode),
        t => {
            let promoted = identity_of_tiler(t).map_err(|e| rename(e, "zipped_divide"))?;
            logical_divide_identity(&promoted, mode)
        }
    }
}

/// True iff `t` is `None`, an integer, or a layout with integer strides.
fn is_int_tiler<I: DynInt>(t: &Tiler<I>) -> bool {
    match t {
        Tiler::None | Tiler::Int(_) => true,
        Tiler::Layout(l) => l.strides().all(Scalar::is_int),
        Tiler::Tuple(_) => false,
    }
}

/// `zipped_divide(A, (T0, T1, ...))` for flat integer tilers, without the
/// coordinate layout: the promoted tiler puts `Ti` on axis `i`, so its tile
/// mode is `(A0 o T0, A1 o T1, ...)` and its rest mode `(A0 o T0*, A1 o T1*,
/// ...)`, each `Ti*` the complement of `Ti` up to `size(Ai)`. A mode that
/// `Ti` does not divide (`Ti` missing, `None`, or with no nonzero stride) is
/// its own rest, as it is: nesting and extent-1 leaves kept.
fn zipped_by_mode<I: DynInt>(a: View<'_, I>, ts: &[Tiler<I>], out: &mut Layout<I>) -> Result<()> {
    if zipped_by_leaves(a, ts, out) {
        return Ok(());
    }
    let mut rest = Scratch::building();
    out.open();
    out.open();
    rest.open();
    for (i, ai) in a.modes().enumerate() {
        let int_tile;
        let ti = match ts.get(i) {
            None | Some(Tiler::None) => None,
            Some(Tiler::Int(k)) => {
                int_tile = [(k.clone(), Scalar::Int(I::from_i64(1)))];
                Some(View::leaf(&int_tile))
            }
            Some(Tiler::Layout(l)) => Some(l.view()),
            Some(Tiler::Tuple(_)) => unreachable!("checked by is_int_tiler"),
        };
        match ti {
            Some(ti) if ti.leaves.iter().all(|(_, d)| d.is_zero()) => {
                compose_with(&mut Lhs::new(ai), ti, "B", out).map_err(|e| {
                    framed(e, ZIPPED, || {
                        format!("in mode {i} of A and of the tiler: {ai:?} o {ti:?}")
                    })
                })?;
                rest.push_view(ai);
            }
            Some(ti) => {
                if let Some([tile, r]) = divide_leaf_by_compact(ai, ti) {
                    out.push_ints(tile);
                    rest.push_ints(r);
                    continue;
                }
                let size = ai.size().map_err(|e| e.in_op(ZIPPED))?;
                let mut r = Scratch::building();
                complement_into(ti, Cotarget::One(&size), &mut r).map_err(|e| {
                    framed(e, ZIPPED, || {
                        format!(
                            "in mode {i} of A and of the tiler: {ai:?} / {ti:?} = A o (B, B*), and B has no complement B* = complement(B, {size})"
                        )
                    })
                })?;
                let header = || {
                    format!(
                        "in mode {i} of A and of the tiler: {ai:?} / {ti:?} = A o (B, B*) with B* = complement(B, {size}) = {:?}",
                        r.view()
                    )
                };
                let mut lhs = Lhs::new(ai).shared();
                compose_with(&mut lhs, ti, "B", out).map_err(|e| framed(e, ZIPPED, header))?;
                compose_with(&mut lhs, r.view(), "B*", &mut rest)
                    .map_err(|e| framed(e, ZIPPED, header))?;
            }
            None => {
                // an undivided mode: no tile (1:0 for a None), and the rest is
                // the mode itself, nesting and extent-1 leaves included
                if i < ts.len() {
                    out.push_leaf(I::from_i64(1), Scalar::zero());
                }
                rest.push_view(ai);
            }
        }
    }
    out.close();
    rest.close();
    out.push_layout(&mut rest);
    out.close();
    Ok(())
}

/// The tile and the rest of mode `ai` of A under its tiler `t` when
/// [`divide_leaf_by_compact`] gives them (`Some(Some(..))`), or when `t`
/// leaves the mode undivided (`Some(None)`: no tiler, or `None`); `None`
/// when the general steps are needed.
#[inline]
fn leaf_divided<I: DynInt>(
    ai: View<'_, I>,
    t: Option<&Tiler<I>>,
) -> Option<Option<[(i64, i64); 2]>> {
    match t {
        None | Some(Tiler::None) => Some(None),
        Some(Tiler::Int(k)) => divide_leaf_by(ai, k.try_const()?).map(Some),
        Some(Tiler::Layout(l)) => divide_leaf_by_compact(ai, l.view()).map(Some),
        Some(Tiler::Tuple(_)) => None,
    }
}

/// [`zipped_by_mode`] when every mode of A that its tiler divides is one
/// leaf divided by a compact tile ([`divide_leaf_by_compact`]): each mode's
/// tile and rest computed once, then the tiles and the rests written
/// straight into `out`. False, with nothing written, when some mode needs
/// the general steps (or A has more than [`INLINE`] modes).
fn zipped_by_leaves<I: DynInt>(a: View<'_, I>, ts: &[Tiler<I>], out: &mut Layout<I>) -> bool {
    let mut parts = [None; INLINE];
    let mut n = 0;
    for (i, ai) in a.modes().enumerate() {
        match (parts.get_mut(i), leaf_divided(ai, ts.get(i))) {
            (Some(p), Some(d)) => *p = d,
            _ => return false,
        }
        n = i + 1;
    }
    out.open();
    out.open();
    for (i, p) in parts[..n].iter().enumerate() {
        match p {
            Some([tile, _]) => out.push_ints(*tile),
            None if i < ts.len() => out.push_leaf(I::from_i64(1), Scalar::zero()),
            None => {}
        }
    }
    out.close();
    out.open();
    for (p, ai) in parts.iter().zip(a.modes()) {
        match p {
            Some([_, rest]) => out.push_ints(*rest),
            None => out.push_view(ai),
        }
    }
    out.close();
    out.close();
    true
}

impl<I: DynInt> Layout<I> {
    /// `self / b`: [`logical_divide`].
    ///
    /// # Errors
    /// As [`logical_divide`].
    pub fn logical_divide<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        logical_divide(self, b)
    }

    /// [`zipped_divide`] of `self` by `b`.
    ///
    /// # Errors
    /// As [`zipped_divide`].
    pub fn zipped_divide<'b>(&self, b: impl Into<TilerArg<'b, I>>) -> Result<Layout<I>> {
        zipped_divide(self, b)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{self as kit, check};
    #[allow(unused_imports)]
    use super::super::testkit::{composition, logical_divide, zipped_divide};
    use super::*;
    #[allow(unused_imports)]
    use crate::htuple::{HTuple, IntTuple};
    #[allow(unused_imports)]
    use crate::layout::{make_layout, tiler_to_layout, Tiler};
    #[allow(unused_imports)]
    use crate::typedefs::Scalar;

    #[test]
    fn test_conformance_logical_divide() {
        check(&["logical_divide", "logical_divide_bymode"], |c| {
            logical_divide(c.layout_or_none(0).as_ref(), &c.tiler(1), &c.mode)
        });
    }

    #[test]
    fn test_conformance_zipped_divide() {
        check(&["zipped_divide"], |c| {
            zipped_divide(c.layout_or_none(0).as_ref(), &c.tiler(1), &c.mode)
        });
    }

    use super::super::testkit::{get_mode, rank};
    use crate::shape::compatible;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// A mode form divides that mode alone: mode `m` of the result is
        /// the divide of A's mode `m`, whatever the tiler's length (an
        /// integer tiler longer than the mode once took a shortcut that
        /// read the whole layout's rank, and dropped its extra entries).
        #[test]
        fn prop_zipped_divide_at_is_the_divide_of_the_mode(
            a in kit::pow2_layout(),
            m in 0_usize..4,
            ts in proptest::collection::vec(1_i64..5, 1..4),
        ) {
            prop_assume!(m < a.rank());
            let t = Tiler::Tuple(ts.iter().map(|&x| Tiler::Int(x)).collect());
            let whole = zipped_divide_at(&a, &t, &[m]).map(|r| r.get(&[m]).unwrap());
            let alone = super::zipped_divide(&a.get(&[m]).unwrap(), &t);
            prop_assert_eq!(whole.map_err(|_| ()), alone.map_err(|_| ()));
        }

        #[test]
        fn prop_logical_divide_tile_is_composition(a in kit::pow2_layout(), b in kit::chained_layout(true)) {
            let d = logical_divide(Some(&a), &Tiler::Layout(b.clone()), &[]).unwrap();
            prop_assert_eq!(rank(&d), 2);
            let tile = get_mode("t", &d, &[0]).unwrap();
            prop_assert!(compatible(&b.shape(), &tile.shape()));
            prop_assert_eq!(tile, composition(Some(&a), &Tiler::Layout(b.clone()), &[]).unwrap());
        }

        #[test]
        fn prop_divide_compact_by_tile_is_permutation(a in kit::chained_layout(true), b in kit::chained_layout(true)) {
            // a compact A divided by an injective tile that fits: the divide
            // reorders A's elements, and covers at least all of them
            let a = kit::compact_of(&a);
            prop_assume!(kit::max_value(&b) < kit::size(&a));
            let d = logical_divide(Some(&a), &Tiler::Layout(b.clone()), &[]).unwrap();
            prop_assert!(kit::size(&d) >= kit::size(&a));
            let n = kit::size(&a);
            let mut seen: Vec<i64> = (0..kit::size(&d)).map(|i| kit::at(&d, i)).filter(|&x| x < n).collect();
            seen.sort_unstable();
            seen.dedup();
            prop_assert_eq!(seen, (0..n).collect::<Vec<_>>());
        }

        #[test]
        fn prop_zipped_divide_modes(a in kit::pow2_layout(), b in kit::pow2_layout()) {
            // a tuple of tilers, one per mode of A: the tile mode of zipped_divide
            // is the by-mode composition
            let tiler = Tiler::Tuple(
                super::super::testkit::modes_of(&a)
                    .iter()
                    .map(|m| Tiler::Int(kit::size(m).min(kit::size(&b))))
                    .collect(),
            );
            let z = zipped_divide(Some(&a), &tiler, &[]).unwrap();
            prop_assert_eq!(rank(&z), 2);
            let by_mode = composition(Some(&a), &tiler, &[]).unwrap();
            let tile = get_mode("t", &z, &[0]).unwrap();
            prop_assert_eq!(tile.shape(), by_mode.shape());
            for i in 0..kit::size(&tile) {
                prop_assert_eq!(kit::at(&tile, i), kit::at(&by_mode, i));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_zipped_fast_path_is_promoted_divide(a in kit::layout(), b in kit::layout(), k in 0_usize..4) {
            // the by-mode shortcut agrees with dividing by the promoted tiler
            let mut ts: Vec<Tiler> = super::super::testkit::modes_of(&b).into_iter().map(Tiler::Layout).collect();
            ts.truncate(a.shape().rank());
            if k < ts.len() {
                ts[k] = Tiler::None;
            }
            let t = Tiler::Tuple(ts);
            let fast = zipped_divide(Some(&a), &t, &[]);
            let slow = tiler_to_layout(&t).and_then(|p| logical_divide(Some(&a), &Tiler::Layout(p), &[]));
            match (fast, slow) {
                (Ok(x), Ok(y)) => prop_assert_eq!(x, y),
                (Err(x), Err(y)) => prop_assert_eq!(x.class(), y.class()),
                (x, y) => prop_assert!(false, "{:?} vs {:?}", x, y),
            }
        }
    }

    fn lay(s: &str) -> Layout {
        s.parse().unwrap()
    }

    #[test]
    fn test_zipped_divide_keeps_undivided_modes() {
        let tl = |s: &str| Tiler::Layout(lay(s));
        let z =
            |a: &str, t: Vec<Tiler>| zipped_divide(Some(&lay(a)), &Tiler::Tuple(t), &[]).unwrap();
        // a mode the tiler does not reach is its own rest, nesting and
        // extent-1 leaves kept
        assert_eq!(
            z("(4, (3, 1)):(1, (4, 9))", vec![tl("2:1")]),
            lay("((2,), (2, (3, 1))):((1,), (2, (4, 9)))")
        );
        assert_eq!(
            z("(4, (8, 4)):(1, (24, 192))", vec![tl("2:1")]),
            lay("((2,), (2, (8, 4))):((1,), (2, (24, 192)))")
        );
        // a None entry: tile 1:0, the mode itself as the rest
        assert_eq!(
            z("(4, (3, 1)):(1, (4, 9))", vec![Tiler::None, Tiler::Int(3)]),
            lay("((1, 3), (4, 1)):((0, 4), (1, 9))")
        );
        // a divided mode's rest is the mode coalesced
        assert_eq!(
            z(
                "(4, (8, 4)):(1, (24, 192))",
                vec![Tiler::Int(2), Tiler::Int(4)]
            ),
            lay("((2, 4), (2, 8)):((1, 24), (2, 96))")
        );
        // a nested tiler divides the sub-modes it names, and zips them in
        // their nesting
        let nested = vec![
            Tiler::Tuple(vec![Tiler::Int(2), Tiler::Int(3)]),
            Tiler::Int(4),
        ];
        assert_eq!(
            z("((4, 6), 8):((1, 4), 24)", nested.clone()),
            lay("(((2, 3), 4), ((2, 2), 2)):(((1, 4), 24), ((2, 12), 96))")
        );
        let promoted = tiler_to_layout(&Tiler::Tuple(nested)).unwrap();
        assert_eq!(
            logical_divide(
                Some(&lay("((4, 6), 8):((1, 4), 24)")),
                &Tiler::Layout(promoted),
                &[]
            )
            .unwrap(),
            lay("(((2, 3), 4), ((2, 2), 2)):(((1, 4), 24), ((2, 12), 96))")
        );
        // a tiler without a nonzero stride selects one point and divides
        // nothing: the fast path and the promoted divide agree
        let t = Tiler::Tuple(vec![tl("2:0"), Tiler::Int(2)]);
        let a = lay("((2, 3), 4):((1, 2), 6)");
        let fast = zipped_divide(Some(&a), &t, &[]).unwrap();
        assert_eq!(fast, lay("((2, 2), ((2, 3), 2)):((0, 6), ((1, 2), 12))"));
        let promoted = tiler_to_layout(&t).unwrap();
        assert_eq!(
            logical_divide(Some(&a), &Tiler::Layout(promoted), &[]).unwrap(),
            fast
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn prop_zipped_rest_keeps_the_modes_it_does_not_divide(
            a in kit::layout(),
            k in 1_usize..4,
            none in 0_usize..4,
        ) {
            // a tiler of the first k modes, entry `none` a None: every other
            // mode of A is its own rest, exactly as it is
            let modes = super::super::testkit::modes_of(&a);
            let k = k.min(modes.len());
            let ts: Vec<Tiler> = (0..k)
                .map(|i| if i == none { Tiler::None } else { Tiler::Int(1) })
                .collect();
            let z = zipped_divide(Some(&a), &Tiler::Tuple(ts.clone()), &[]).unwrap();
            prop_assert_eq!(rank(&z), 2);
            let rest = get_mode("t", &z, &[1]).unwrap();
            for (i, m) in modes.iter().enumerate() {
                if i >= k || i == none {
                    prop_assert_eq!(&get_mode("t", &rest, &[i]).unwrap(), m);
                }
            }
            // the promoted tiler divides the same way
            let p = tiler_to_layout(&Tiler::Tuple(ts)).unwrap();
            prop_assert_eq!(logical_divide(Some(&a), &Tiler::Layout(p), &[]).unwrap(), z);
        }
    }

    #[test]
    fn test_divide_none_is_the_identity_of_the_tilers_domain() {
        let t = Tiler::Tuple(vec![Tiler::Int(4), Tiler::None]);
        // a None mode is that mode of the identity, 1:E(1), not 1:0
        assert_eq!(
            composition(None, &t, &[]).unwrap().to_string(),
            "(4, 1):(1@0, 1@1)"
        );
        // a tuple divides by-mode, and a None mode is left as it is
        let d = logical_divide(None, &t, &[]).unwrap();
        assert_eq!(d.to_string(), "((4, 1), 1):((1@0, 4@0), 1@1)");
        // zipped_divide divides by the promoted tiler: tiles, then rests
        assert_eq!(
            zipped_divide(None, &t, &[]).unwrap().to_string(),
            "((4, 1), (1, 1)):((1@0, 1@1), (4@0, 1@1))"
        );
        // each mode i is the divide of the axis E(i) by the i-th tiler,
        // with the free complement
        let t = Tiler::Tuple(vec![Tiler::Int(3), Tiler::Int(5)]);
        let d = logical_divide(None, &t, &[]).unwrap();
        assert_eq!(
            format!("{d:?}"),
            "Layout(((3, 1), (5, 1)), ((1@0, 3@0), (1@1, 5@1)))"
        );
        let e = |k: i64, i: usize| crate::ArithTuple::e(&[i]).scale(k).unwrap();
        let want = Layout::new(
            "((3, 1), (5, 1))".parse::<IntTuple>().unwrap(),
            HTuple::Tuple(vec![
                HTuple::Tuple(vec![HTuple::Leaf(e(1, 0)), HTuple::Leaf(e(3, 0))]),
                HTuple::Tuple(vec![HTuple::Leaf(e(1, 1)), HTuple::Leaf(e(5, 1))]),
            ]),
        )
        .unwrap();
        assert_eq!(d, want);
        // layouts, integers, None and nested tuples in one tiler
        let t = Tiler::Tuple(vec![
            Tiler::Layout(lay("4:2")),
            Tiler::None,
            Tiler::Tuple(vec![Tiler::Int(2), Tiler::Layout(lay("(2, 2):(1, 4)"))]),
        ]);
        assert_eq!(
            format!("{:?}", logical_divide(None, &t, &[]).unwrap()),
            "Layout(((4, (2, 1)), 1, ((2, 1), ((2, 2), (2, 1)))), \
             ((2@0, (1@0, 8@0)), 1@1, ((1@0@2, 2@0@2), ((1@1@2, 4@1@2), (2@1@2, 8@1@2)))))"
        );
        // a tiler that is not a tuple: the identity of the integers
        assert_eq!(
            logical_divide(None, &Tiler::Layout(lay("4:2")), &[]).unwrap(),
            lay("(4, (2, 1)):(2, (1, 8))")
        );
        assert_eq!(
            logical_divide(None, &Tiler::Int(3), &[]).unwrap(),
            lay("(3, 1):(1, 3)")
        );
        // no modes to divide
        assert_eq!(
            logical_divide(None, &Tiler::Tuple(vec![]), &[]).unwrap(),
            lay("():()")
        );
        // a tiler mode without a complement is an error, as for any A
        let bad = Tiler::Tuple(vec![Tiler::Int(2), Tiler::Layout(lay("(2, 2):(1, 1)"))]);
        assert!(logical_divide(None, &bad, &[]).is_err());
    }

    /// A tuple tiler of depth <= 2 and rank <= 3 per level: integers,
    /// injective layouts of one or two leaves (extents up to 4, a stride
    /// of 0 now and then, gaps in the chain, modes in either order), and
    /// `None`.
    fn tuple_tiler() -> BoxedStrategy<Tiler> {
        let small = (1_i64..=4, 0_i64..=3, 1_i64..=4, 1_i64..=3, 0_u8..3).prop_map(
            |(s0, g0, s1, g1, how)| {
                let (d0, d1) = (g0, g0.max(1) * s0 * g1);
                Tiler::Layout(match how {
                    0 => lay(&format!("{s0}:{d0}")),
                    1 => lay(&format!("({s0}, {s1}):({d0}, {d1})")),
                    _ => lay(&format!("({s1}, {s0}):({d1}, {d0})")),
                })
            },
        );
        let leaf = prop_oneof![
            2 => (1_i64..=5).prop_map(Tiler::Int),
            2 => small,
            1 => Just(Tiler::None),
        ];
        let inner = prop_oneof![
            3 => leaf.clone(),
            1 => proptest::collection::vec(leaf, 1..=2).prop_map(Tiler::Tuple),
        ];
        proptest::collection::vec(inner, 1..=3)
            .prop_map(Tiler::Tuple)
            .boxed()
    }

    /// The tiles and the rests of `d`, the divide of None by the tuple `t`,
    /// regrouped as `zipped_divide` groups them: each leaf tiler's mode `(T,
    /// T*)` of `d` split into its tile and its rest, in the nesting of `t`;
    /// a `None` mode, the identity's mode, is its own tile and rest.
    fn regroup(t: &Tiler, d: &Layout, path: &mut Vec<usize>) -> (Layout, Layout) {
        match t {
            Tiler::Tuple(ts) => {
                let (mut tiles, mut rests) = (Vec::new(), Vec::new());
                for (i, x) in ts.iter().enumerate() {
                    path.push(i);
                    let (a, b) = regroup(x, d, path);
                    path.pop();
                    tiles.push(a);
                    rests.push(b);
                }
                (make_layout(&tiles), make_layout(&rests))
            }
            Tiler::None => {
                let m = d.get(path).unwrap();
                (m.clone(), m)
            }
            _ => {
                let m = d.get(path).unwrap();
                (m.get(&[0]).unwrap(), m.get(&[1]).unwrap())
            }
        }
    }

    /// True iff some layout of the tiler `t` has only zero strides.
    fn has_zero_leaf(t: &Tiler) -> bool {
        match t {
            Tiler::Tuple(ts) => ts.iter().any(has_zero_leaf),
            Tiler::Layout(l) => l.strides().all(|d| d.is_zero()),
            _ => false,
        }
    }

    /// `t` with each leaf tiler replaced by the extent its divide of the
    /// identity of the integers reaches (`None` by 1): the shape of a
    /// concrete identity layout that holds `logical_divide(None, t)`.
    fn reach_of(t: &Tiler) -> Tiler {
        match t {
            Tiler::Tuple(ts) => Tiler::Tuple(ts.iter().map(reach_of).collect()),
            Tiler::None => Tiler::Int(1),
            t => {
                let d = logical_divide(None, t, &[]).unwrap();
                Tiler::Int(kit::max_value(&d) + 1)
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// `logical_divide(None, t)` for a tuple `t` divides by-mode: the
        /// tile of each leaf tiler is that mode of `composition(None, t)`;
        /// the tiles and the rests regrouped are `zipped_divide(None, t)`
        /// (the specification's relation of the two divides); and the whole
        /// evaluates as the divide of a concrete identity layout, the axes
        /// `E(i)` with extents large enough to hold it, divided by `t`.
        #[test]
        fn prop_divide_none_by_a_tuple_is_by_mode(t in tuple_tiler()) {
            let d = logical_divide(None, &t, &[]).unwrap();
            let c = composition(None, &t, &[]).unwrap();
            let (tiles, rests) = regroup(&t, &d, &mut Vec::new());
            prop_assert_eq!(&tiles, &c, "tiles of {:?}", d);
            // (a mode whose tiler has only zero strides names its axis by
            // them alone, which the complement of the promoted tiler does
            // not see: zipped_divide's rest for it is the integer 1:1)
            if !has_zero_leaf(&t) {
                let z = zipped_divide(None, &t, &[]).unwrap();
                prop_assert_eq!(make_layout(&[tiles, rests]), z, "{:?} regrouped", d);
            }
            let ident = tiler_to_layout(&reach_of(&t)).unwrap();
            let concrete = logical_divide(Some(&ident), &t, &[]).unwrap();
            prop_assert_eq!(kit::size(&concrete), kit::size(&d));
            for i in kit::sample(kit::size(&d)) {
                prop_assert_eq!(kit::eval(&d, i), kit::eval(&concrete, i), "{:?} vs {:?} at {}", d, concrete, i);
            }
        }
    }

    #[test]
    fn test_divide_errors() {
        let a: Layout = "(4, 3):(3, 1)".parse().unwrap();
        let e = logical_divide(Some(&a), &Tiler::Int(3), &[]).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Divisibility {
                    op: "logical_divide",
                    ..
                }
            ),
            "{e}"
        );
        // A, B, the complement as computed (with the arguments that give it
        // again), the leaf that fails and the condition
        assert_eq!(
            e.to_string(),
            "logical_divide: divisibility condition violated: Layout((4, 3), (3, 1)) / Layout(3, 1) \
             = A o (B, B*) with B* = complement(B, (4, 3)) = Layout(6, 3): the leaf 6:3 of B*: \
             it steps by 3 through the coalesced mode 0 of A (extent 4), and 3 and 4 do not \
             divide one another (stride divisibility, Whitepaper Eqs. (20)-(21))"
        );
        // a B that has no complement is named with A
        let e = logical_divide(Some(&a), &Tiler::Layout(lay("(2, 2):(1, 1)")), &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "logical_divide: strides not injective: Layout((4, 3), (3, 1)) / Layout((2, 2), (1, 1)) \
             = A o (B, B*), and B has no complement B* = complement(B, (4, 3)): \
             Layout((2, 2), (1, 1)): the mode 2:1 overlaps the 2 offsets the smaller strides cover"
        );
        // the carry check across the leaves of B and B*
        let e = logical_divide(
            Some(&lay("(4, 2):(1, 100)")),
            &Tiler::Layout(lay("(3, 2):(1, 3)")),
            &[],
        )
        .unwrap_err();
        assert!(e.to_string().contains("the leaf 2:3 of B: with the leaves composed before it, it reaches into the coalesced mode 0 of A (extent 4) up to coordinate 5"), "{e}");
        let e = zipped_divide(Some(&a), &Tiler::Int(2), &[4]).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
        let e = logical_divide(None, &Tiler::None, &[]).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::TypeError);
        // None divided at a mode: the other modes are 1:0
        let b: Layout = "4:2".parse().unwrap();
        let r = logical_divide(None, &Tiler::Layout(b), &[1]).unwrap();
        assert_eq!(
            format!("{r:?}"),
            "Layout((1, (4, (2, 1))), (0, (2, (1, 8))))"
        );
    }
}
