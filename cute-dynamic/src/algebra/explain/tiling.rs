//! The divides and the products, told: the complement each takes (told by
//! the complement's steps, computed by the algebra's `complement_into`),
//! then the compositions (told by composition's steps), mode by mode for a
//! tuple tiler, as the algebra's `divide_layouts`, `zipped_by_mode`,
//! `product_layouts` and `zipped_product` arrange them.

use cute_core::{DynInt, Error, Result};

use super::compose::{self, coalesced};
use super::{complement, nested, tiler_text, Observer, Step, StepKind as K};
use crate::algebra::complement::{complement_into, Cotarget};
use crate::algebra::composition::Lhs;
use crate::algebra::divide::zipped::is_int_tiler;
use crate::algebra::divide::{extent_for, has_coord_codomain};
use crate::layout::{promote_tiler, Layout, Scratch, Tiler, TilerRef, View};
use crate::typedefs::Scalar;

/// The rule of the logical divide, in the specification's words.
pub(super) const DIVIDE_RULE: &str = "logical_divide(A, B) = A o (B, B*), with B* = complement(B, shape(A)) the complement of B up to A's size: mode 0 of the result is the tile B selects, mode 1 the layout of the tiles; a tuple B divides mode by mode";

/// The rule of the zipped divide.
pub(super) const ZIPPED_RULE: &str = "zipped_divide(A, B): the logical divide by B promoted to one layout, tiler_to_layout(B), so that the tiles gather in mode 0 and the rests in mode 1; for a tuple of integer tilers, each mode of A is divided by its tiler and the tiles and rests are zipped";

/// The rule of the logical product.
pub(super) const PRODUCT_RULE: &str = "logical_product(A, B) = (A, A* o B), with A* = complement(A) the free complement of A: a copy of A at each position of B (A* o B composed leaf by leaf, without the carry check across B's leaves); a tuple B multiplies mode by mode";

/// The rule of the blocked product.
pub(super) const BLOCKED_RULE: &str = "blocked_product(A, B): the logical product of A and B of equal ranks, regrouped so that mode i is (A_i, (A* o B)_i): each tile stays contiguous";

/// The rule of the raked product.
pub(super) const RAKED_RULE: &str = "raked_product(A, B): the logical product of A and B of equal ranks, regrouped so that mode i is ((A* o B)_i, A_i): the copies of the tile are interleaved";

/// A mode kept as it is.
fn kept<I: DynInt, O: Observer<I>>(i: usize, m: View<'_, I>, why: &str, obs: &mut O) {
    obs.step(|| {
        Step::new(K::Form, format!("mode {i} of A, {}: {why}", m.to_layout())).val("mode", i)
    });
}

/// The by-mode form of an operation `op` of A and a tuple tiler: each mode
/// of A with its mode of the tiler (`f`), the other modes kept.
fn by_mode<I: DynInt, O: Observer<I>>(
    op: &'static str,
    a: View<'_, I>,
    ts: &[Tiler<I>],
    obs: &mut O,
    mut f: impl FnMut(View<'_, I>, TilerRef<'_, I>, &mut O) -> Result<()>,
) -> Result<()> {
    let n = a.rank();
    if ts.len() > n {
        obs.step(|| {
            Step::check(
                "rank",
                false,
                format!(
                    "B is a tuple of {} modes, and A, {}, has only {n}",
                    ts.len(),
                    a.to_layout()
                ),
            )
        });
        return Err(Error::rank_mismatch(op, n, ts.len(), "a by-mode tiler"));
    }
    obs.step(|| {
        Step::new(
            K::Form,
            "B is a tuple: each mode of A with its mode of B, A's other modes kept".to_string(),
        )
    });
    for (i, m) in a.modes().enumerate() {
        match ts.get(i) {
            Some(t) => {
                obs.step(|| {
                    Step::new(
                        K::Begin,
                        format!(
                            "mode {i} of A, {}, with mode {i} of B, {}",
                            m.to_layout(),
                            tiler_text(t.as_ref())
                        ),
                    )
                    .val("mode", i)
                });
                nested(obs, |obs| f(m, t.as_ref(), obs))?;
            }
            None => kept(i, m, "no mode of B: kept", obs),
        }
    }
    Ok(())
}

/// Tells `logical_divide(a, b)`.
pub(crate) fn logical_divide<I: DynInt, O: Observer<I>>(
    a: View<'_, I>,
    b: TilerRef<'_, I>,
    obs: &mut O,
) -> Result<()> {
    match b {
        TilerRef::None => {
            obs.step(|| Step::new(K::Form, "B is None: A is kept as it is"));
            Ok(())
        }
        TilerRef::Int(n) => {
            let leaf = [(n.clone(), Scalar::Int(I::from_i64(1)))];
            obs.step(|| Step::new(K::Form, format!("B = {n} is the layout {n}:1")));
            divide_layouts(a, View::leaf(&leaf), obs)
        }
        TilerRef::Layout(l) => divide_layouts(a, l.view(), obs),
        TilerRef::Tuple(ts) => by_mode("logical_divide", a, ts, obs, logical_divide),
    }
}

/// Tells `A o (B, B*)` for a layout B, `B*` the complement of B up to A
/// (the algebra's `divide_layouts`).
fn divide_layouts<I: DynInt, O: Observer<I>>(
    a: View<'_, I>,
    b: View<'_, I>,
    obs: &mut O,
) -> Result<()> {
    let e;
    let cotarget = if has_coord_codomain(b) {
        e = extent_for(a, b)?;
        Cotarget::Shape(&e)
    } else {
        Cotarget::Of(&a)
    };
    let rest = complement_of(b, cotarget, "B", obs)?;
    divided(a, b, rest.view(), obs)
}

/// Tells and computes the complement `name* = complement(name, cotarget)`
/// of `b`.
fn complement_of<I: DynInt, O: Observer<I>>(
    b: View<'_, I>,
    cotarget: Cotarget<'_, I>,
    name: &str,
    obs: &mut O,
) -> Result<Scratch<I>> {
    let what = match cotarget {
        Cotarget::Free => format!("{name}* = complement({name})"),
        t => format!("{name}* = complement({name}, {})", t.describe()),
    };
    obs.step(|| Step::new(K::Begin, format!("{what}, of {name} = {}", b.to_layout())));
    let told = nested(obs, |obs| complement::narrate(b, cotarget, obs));
    let mut rest = Scratch::building();
    let r = complement_into(b, cotarget, &mut rest);
    let _ = told;
    r?;
    obs.step(|| {
        Step::new(K::Form, format!("{what} = {}", rest.view().to_layout()))
            .val("layout", rest.view().to_layout())
    });
    Ok(rest)
}

/// Tells `A o (B, B*)`: A composed with the tile B and with its rest `B*`,
/// the leaves of both reaching into the same modes of A.
fn divided<I: DynInt, O: Observer<I>>(
    a: View<'_, I>,
    b: View<'_, I>,
    rest: View<'_, I>,
    obs: &mut O,
) -> Result<()> {
    let mut lhs = Lhs::new(a).shared();
    coalesced(&mut lhs, a, "A", obs);
    obs.step(|| {
        Step::new(
            K::Begin,
            format!("the tile: A o B = {} o {}", a.to_layout(), b.to_layout()),
        )
    });
    nested(obs, |obs| compose::layout(&mut lhs, a, b, "B", obs))?;
    obs.step(|| {
        Step::new(
            K::Begin,
            format!(
                "the rest: A o B* = {} o {} (B's leaves and B*'s together must not carry between A's modes)",
                a.to_layout(),
                rest.to_layout()
            ),
        )
    });
    nested(obs, |obs| compose::layout(&mut lhs, a, rest, "B*", obs))?;
    obs.step(|| Step::new(K::Regroup, "the result is (A o B, A o B*)".to_string()));
    Ok(())
}

/// Tells `zipped_divide(a, b)`.
pub(crate) fn zipped_divide<I: DynInt, O: Observer<I>>(
    a: View<'_, I>,
    b: TilerRef<'_, I>,
    obs: &mut O,
) -> Result<()> {
    if let TilerRef::Tuple(ts) = b {
        if !ts.is_empty() && ts.iter().all(is_int_tiler) && ts.len() <= a.rank() {
            return zipped_by_mode(a, ts, obs);
        }
    }
    match b {
        TilerRef::None => {
            obs.step(|| Step::new(K::Form, "B is None: A is kept as it is"));
            Ok(())
        }
        t => {
            let promoted = promote_tiler(t, false)?;
            obs.step(|| {
                Step::new(
                    K::Form,
                    format!("B promoted to one layout: tiler_to_layout(B) = {promoted}"),
                )
                .val("layout", &promoted)
            });
            divide_layouts(a, promoted.view(), obs)
        }
    }
}

/// Tells the zipped divide by a tuple of integer tilers: each mode of A
/// divided by its tiler, the tiles and the rests then zipped (the
/// algebra's `zipped_by_mode`).
fn zipped_by_mode<I: DynInt, O: Observer<I>>(
    a: View<'_, I>,
    ts: &[Tiler<I>],
    obs: &mut O,
) -> Result<()> {
    obs.step(|| {
        Step::new(
            K::Form,
            "B is a tuple of integer tilers: mode i of A is divided by mode i of B on its own"
                .to_string(),
        )
    });
    for (i, ai) in a.modes().enumerate() {
        let int_tile;
        let ti = match ts.get(i) {
            None | Some(Tiler::None) => None,
            Some(Tiler::Int(k)) => {
                int_tile = [(k.clone(), Scalar::Int(I::from_i64(1)))];
                Some(View::leaf(&int_tile))
            }
            Some(Tiler::Layout(l)) => Some(l.view()),
            Some(Tiler::Tuple(_)) => None,
        };
        let Some(ti) = ti else {
            kept(
                i,
                ai,
                "no tiler: undivided, its rest is the mode itself",
                obs,
            );
            continue;
        };
        obs.step(|| {
            Step::new(
                K::Begin,
                format!(
                    "mode {i} of A, {}, divided by {}",
                    ai.to_layout(),
                    ti.to_layout()
                ),
            )
            .val("mode", i)
        });
        nested(obs, |obs| -> Result<()> {
            if ti.leaves.iter().all(|(_, d)| d.is_zero()) {
                obs.step(|| {
                    Step::new(
                        K::Form,
                        "the tiler's strides are all 0: it divides nothing; the tile is A o B and the rest the mode itself".to_string(),
                    )
                });
                let mut lhs = Lhs::new(ai);
                return compose::layout(&mut lhs, ai, ti, "B", obs);
            }
            let size = ai.size()?;
            let rest = complement_of(ti, Cotarget::One(&size), "B", obs)?;
            divided(ai, ti, rest.view(), obs)
        })?;
    }
    obs.step(|| {
        Step::new(
            K::Regroup,
            "zipped: the tiles of the modes gather into mode 0, their rests into mode 1"
                .to_string(),
        )
    });
    Ok(())
}

/// Tells `logical_product(a, b)`.
pub(crate) fn logical_product<I: DynInt, O: Observer<I>>(
    a: View<'_, I>,
    b: TilerRef<'_, I>,
    obs: &mut O,
) -> Result<()> {
    match b {
        TilerRef::None => {
            obs.step(|| Step::new(K::Form, "B is None: A is kept as it is"));
            Ok(())
        }
        TilerRef::Int(n) => {
            let leaf = [(n.clone(), Scalar::Int(I::from_i64(1)))];
            obs.step(|| Step::new(K::Form, format!("B = {n} is the layout {n}:1")));
            product_layouts(a, View::leaf(&leaf), obs)
        }
        TilerRef::Layout(l) => product_layouts(a, l.view(), obs),
        TilerRef::Tuple(ts) => by_mode("logical_product", a, ts, obs, logical_product),
    }
}

/// Tells `(A, A* o B)` for a layout B (the algebra's `product_layouts`).
fn product_layouts<I: DynInt, O: Observer<I>>(
    a: View<'_, I>,
    b: View<'_, I>,
    obs: &mut O,
) -> Result<()> {
    let c = complement_of(a, Cotarget::Free, "A", obs)?;
    let mut lhs = Lhs::new(c.view()).named("A*").leaf_by_leaf();
    coalesced(&mut lhs, c.view(), "A*", obs);
    obs.step(|| {
        Step::new(
            K::Begin,
            format!(
                "A* o B = {} o {}, leaf by leaf",
                c.view().to_layout(),
                b.to_layout()
            ),
        )
    });
    nested(obs, |obs| compose::layout(&mut lhs, c.view(), b, "B", obs))?;
    obs.step(|| Step::new(K::Regroup, "the result is (A, A* o B)".to_string()));
    Ok(())
}

/// Tells `blocked_product(a, b)` (`tile_first`) or `raked_product(a, b)`
/// (the algebra's `zipped_product`).
pub(crate) fn zipped_product<I: DynInt, O: Observer<I>>(
    op: &'static str,
    a: &Layout<I>,
    b: &Layout<I>,
    tile_first: bool,
    obs: &mut O,
) -> Result<()> {
    let (va, vb) = (a.view(), b.view());
    let (ra, rb) = (va.rank(), vb.rank());
    obs.step(|| {
        Step::check(
            "rank",
            ra == rb,
            format!("the ranks of A and B must be equal: A has rank {ra}, B rank {rb}"),
        )
        .val("A", ra)
        .val("B", rb)
    });
    if ra != rb {
        return Err(Error::rank_mismatch(op, ra, rb, "ranks differ"));
    }
    let c = complement_of(va, Cotarget::Free, "A", obs)?;
    let mut lhs = Lhs::new(c.view()).named("A*").leaf_by_leaf();
    coalesced(&mut lhs, c.view(), "A*", obs);
    for (i, (x, bi)) in va.modes().zip(vb.modes()).enumerate() {
        obs.step(|| {
            Step::new(
                K::Begin,
                format!(
                    "mode {i}: A* o B_{i} = {} o {}, leaf by leaf",
                    c.view().to_layout(),
                    bi.to_layout()
                ),
            )
            .val("mode", i)
        });
        nested(obs, |obs| compose::layout(&mut lhs, c.view(), bi, "B", obs))?;
        obs.step(|| {
            Step::new(
                K::Regroup,
                if tile_first {
                    format!(
                        "mode {i} of the result: (A_{i}, A* o B_{i}), A_{i} = {}",
                        x.to_layout()
                    )
                } else {
                    format!(
                        "mode {i} of the result: (A* o B_{i}, A_{i}), A_{i} = {}",
                        x.to_layout()
                    )
                },
            )
        });
    }
    obs.step(|| {
        Step::new(
            K::Regroup,
            format!(
                "regrouped: mode i of the result is {}",
                if tile_first {
                    "(A_i, (A* o B)_i)"
                } else {
                    "((A* o B)_i, A_i)"
                }
            ),
        )
    });
    Ok(())
}
