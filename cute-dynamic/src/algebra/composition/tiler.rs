//! B as a tiler (`None`, an integer, a layout, a tuple composed by mode),
//! and where a result lands when there is no A.

use cute_core::{DynInt, Error, Result};

use super::ints::compose_ints_whole;
use super::lhs::Lhs;
use super::walk::compose_with;
use super::{framed, OP};
use crate::layout::{by_mode, Layout, TilerRef, View};
use crate::typedefs::Scalar;

/// Appends `A o B` for a tiler B: `None` leaves A alone, an integer `n` is
/// `n:1`, a tuple composes by-mode.
pub(super) fn compose_tiler<I: DynInt>(
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
            if compose_ints_whole(a, b, out) {
                return Ok(());
            }
            compose_with(&mut Lhs::new(a), b, "B", out)
                .map_err(|e| framed(e, OP, || format!("{a:?} o {b:?}")))
        }
        TilerRef::Layout(l) => {
            if compose_ints_whole(a, l.view(), out) {
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
