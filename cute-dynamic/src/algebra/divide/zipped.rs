//! The zipped divide: the tiler promoted to one layout, so that the tiles
//! and the rests gather into two modes; by mode and on machine integers
//! where the tiler allows.

use cute_core::{DynInt, Error, Result};

use super::logical::{logical_divide_at, logical_divide_identity};
use super::{divide_layouts, divide_leaf_by, divide_leaf_by_compact};
use crate::algebra::complement::{complement_into, Cotarget};
use crate::algebra::composition::{compose_with, framed, rename, Lhs};
use crate::layout::{
    by_tiler, identity_of_tiler, mode_path, promote_tiler, Layout, Scratch, Tiler, TilerArg,
    TilerRef, View, INLINE,
};
use crate::typedefs::Scalar;

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
/// `tiler_to_layout(B)`. A tuple B may be longer than the mode it divides
/// only by `None` entries (each a tile mode `1:0`): an entry past the rank
/// that divides something is a rank mismatch (`len(A) >= len(B)`, the rule
/// of every by-mode tiler), named as such.
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
/// // past A's rank, only None entries
/// assert_eq!(zipped_divide(&l("4:1"), (2, Tiler::None)).unwrap(), l("((2, 1), (2,)):((1, 0), (2,))"));
/// let e = zipped_divide(&l("1:0"), (Tiler::None, 8)).unwrap_err();
/// assert!(e.to_string().contains("rank mismatch"), "{e}");
/// ```
///
/// [`logical_divide`]: super::logical_divide
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
///
/// [`logical_divide`]: super::logical_divide
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
        let divided = a.view().at(mode);
        let fits = divided.is_ok_and(|m| ts.len() <= m.rank());
        if !ts.is_empty() && ts.iter().all(is_int_tiler) && fits {
            return by_tiler(ZIPPED, a, b.get(), mode, |m, _, out| {
                zipped_by_mode(m, ts, out)
            });
        }
        if let Ok(m) = divided {
            past_the_rank(m, ts, mode)?;
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

/// The rank rule of a by-mode tiler (`len(A) >= len(B)`), as the promoted
/// tiler meets it: entry `i` of a tuple tiler walks the coordinate axis `i`
/// of the mode it divides, so an entry past that mode's rank must walk no
/// axis (`None`, or a layout of zero strides, a tile mode of its own);
/// anything else is a rank mismatch, checked in nested entries too.
///
/// # Errors
/// `ValueError` (rank mismatch) naming the entry past the rank.
fn past_the_rank<I: DynInt>(a: View<'_, I>, ts: &[Tiler<I>], mode: &[usize]) -> Result<()> {
    past_the_rank_at(a, ts, &mut mode.to_vec())
}

fn past_the_rank_at<I: DynInt>(
    a: View<'_, I>,
    ts: &[Tiler<I>],
    path: &mut Vec<usize>,
) -> Result<()> {
    let n = a.rank();
    for (i, ti) in ts.iter().enumerate() {
        match a.modes().nth(i) {
            Some(ai) => {
                if let Tiler::Tuple(sub) = ti {
                    path.push(i);
                    past_the_rank_at(ai, sub, path)?;
                    path.pop();
                }
            }
            None if walks(ti) => {
                let whom = match path.as_slice() {
                    [] => format!("{a:?}"),
                    p => format!("mode {} of A, {a:?},", mode_path(p)),
                };
                return Err(Error::rank_mismatch(
                    ZIPPED,
                    n,
                    ts.len(),
                    format!(
                        "a by-mode tiler of rank {} for {whom} of rank {n}: its entry {i}, {}, divides a mode A does not have (a tiler may be longer than the mode it divides only by None entries)",
                        ts.len(),
                        tiler_entry(ti)
                    ),
                ));
            }
            None => {}
        }
    }
    Ok(())
}

/// True iff the tiler `t`, promoted, walks a coordinate axis: an integer,
/// a layout with a nonzero stride, or a tuple with such an entry.
fn walks<I: DynInt>(t: &Tiler<I>) -> bool {
    match t {
        Tiler::None => false,
        Tiler::Int(_) => true,
        Tiler::Layout(l) => l.strides().any(|d| !d.is_zero()),
        Tiler::Tuple(ts) => ts.iter().any(walks),
    }
}

/// A tiler entry as an error names it.
fn tiler_entry<I: DynInt>(t: &Tiler<I>) -> String {
    match t {
        Tiler::None => "None".into(),
        Tiler::Int(k) => k.to_string(),
        Tiler::Layout(l) => format!("{l:?}"),
        Tiler::Tuple(ts) => {
            let items: Vec<String> = ts.iter().map(tiler_entry).collect();
            match items.as_slice() {
                [one] => format!("({one},)"),
                _ => format!("({})", items.join(", ")),
            }
        }
    }
}

/// True iff `t` is `None`, an integer, or a layout with integer strides.
pub(crate) fn is_int_tiler<I: DynInt>(t: &Tiler<I>) -> bool {
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
