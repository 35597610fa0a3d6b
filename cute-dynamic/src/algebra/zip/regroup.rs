//! The regrouping of a zipped pair `(tile, rest)` into the tiled and flat
//! forms, and the errors of a regrouping named after it.

use cute_core::{DynInt, Error, Result};

use crate::layout::{by_tiler, Layout, TilerRef, View};

/// Appends the modes a regrouping unpacks the part `v` into: a tuple of two
/// or more modes gives its modes (none for the empty tuple); a leaf, or a
/// tuple of one mode, stays one mode, as it is.
fn unpack<I: DynInt>(v: View<'_, I>, out: &mut Layout<I>) {
    if !v.is_leaf() && v.rank() != 1 {
        for m in v.modes() {
            out.push_view(m);
        }
    } else {
        out.push_view(v);
    }
}

/// Appends the zipped pair `z` regrouped: `(z0, z1_0, z1_1, ...)`, or with
/// `flat` `(z0_0, z0_1, ..., z1_0, z1_1, ...)` (see [`unpack`]).
pub(super) fn regroup_into<I: DynInt>(
    op: &'static str,
    z: View<'_, I>,
    flat: bool,
    out: &mut Layout<I>,
) -> Result<()> {
    let r = z.rank();
    if z.is_leaf() || r != 2 {
        return Err(Error::rank_mismatch(
            op,
            2,
            r,
            format!("the zipped result {z:?} is not a pair (tile, rest) to regroup"),
        ));
    }
    let mut parts = z.modes();
    let (tile, rest) = (parts.next().expect("a pair"), parts.next().expect("a pair"));
    out.open();
    if flat {
        unpack(tile, out);
    } else {
        out.push_view(tile);
    }
    unpack(rest, out);
    out.close();
    Ok(())
}

/// The zipped result `z`, which holds the zipped pair at `mode`, with that
/// pair regrouped.
pub(super) fn regroup_at<I: DynInt>(
    op: &'static str,
    z: &Layout<I>,
    mode: &[usize],
    flat: bool,
) -> Result<Layout<I>> {
    by_tiler(op, z, TilerRef::None, mode, |v, _, out| {
        regroup_into(op, v, flat, out)
    })
}

/// `e` as an error of `op`: the regroupings report the errors of the
/// divide or product they regroup under their own name (a parse error, which
/// no regrouping makes, aside).
#[cold]
pub(super) fn named(e: Error, op: &'static str) -> Error {
    match e {
        Error::Parse { .. } => e,
        e => e.renamed(op),
    }
}
