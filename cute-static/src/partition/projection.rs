//! Partitions through a projection (CuTe's `Step<_1, X, _1>`): the part
//! of a tiler shared by several operands that one of them takes.

use cute_core::Result;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, U1};

use super::{Inner, InnerPartitioned, LocalPartition, LocalPartitioned, Partition};
use crate::algebra::IntoTiler;
use crate::coord::{IntoCoord, Keep};
use crate::htuple::HTuple;
use crate::layout::Layout;

/// A projection (CuTe's `Step<...>`): a tuple whose entries are [`X`](super::X) (the
/// mode left out), an integer (CuTe's `_1`: the mode kept; a literal `1`,
/// or a typenum integer) or a tuple of entries (a selection inside a tuple
/// mode). Its normal form has `U1` for every kept entry.
#[diagnostic::on_unimplemented(
    message = "CuTe: `{Self}` is not a projection",
    note = "a projection is a tuple with one entry per mode: `X` leaves the mode out, `1` (CuTe's `_1`) keeps it, a tuple selects inside a tuple mode"
)]
pub trait IntoProjection {
    /// The projection in its normal form.
    type Projection;
}
/// An integer literal: the mode kept.
impl IntoProjection for i32 {
    type Projection = U1;
}
/// A static integer: the mode kept.
impl IntoProjection for UTerm {
    type Projection = U1;
}
/// A static integer: the mode kept.
impl<U: Unsigned, B: Bit> IntoProjection for UInt<U, B> {
    type Projection = U1;
}
/// `X`: the mode left out.
impl IntoProjection for Keep {
    type Projection = Keep;
}
/// `()`.
impl IntoProjection for HNil {
    type Projection = HNil;
}
crate::htuple::hlist_map!(IntoProjection, Projection);
crate::htuple::tuple_as_hlist!(IntoProjection, Projection);

/// `dice(P, Self) ++ R`: the parts of `Self` whose entry of the projection
/// `P` (in normal form) is not `X`, in front of `R`:
///
/// ```text
/// dice(_1, x) ++ r                  = (x, r...)
/// dice(X, x) ++ r                   = r
/// dice((p, ps...), (x, xs...)) ++ r = dice(p, x) ++ (dice((ps...), (xs...)) ++ r)
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe dice: the projection `{P}` does not fit `{Self}`",
    note = "a projection has one entry per mode: `X` leaves the mode out, `1` (CuTe's `_1`) keeps it, a tuple selects inside a tuple mode"
)]
pub trait DiceOnto<P, R> {
    /// The kept parts, followed by `R`.
    type Output;
    /// The kept parts, followed by `r`.
    fn dice_onto(self, r: R) -> Self::Output;
}
/// `_1`: the part kept.
impl<Y, R> DiceOnto<U1, R> for Y {
    type Output = HCons<Y, R>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn dice_onto(self, r: R) -> HCons<Y, R> {
        HCons {
            head: self,
            tail: r,
        }
    }
}
/// `X`: the part left out.
impl<Y, R> DiceOnto<Keep, R> for Y {
    type Output = R;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn dice_onto(self, r: R) -> R {
        r
    }
}
/// `()`.
impl<R> DiceOnto<HNil, R> for HNil {
    type Output = R;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn dice_onto(self, r: R) -> R {
        r
    }
}
/// An entry per part.
impl<YH, YT, PH, PT, R> DiceOnto<HCons<PH, PT>, R> for HCons<YH, YT>
where
    YT: DiceOnto<PT, R>,
    YH: DiceOnto<PH, YT::Output>,
{
    type Output = YH::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn dice_onto(self, r: R) -> Self::Output {
        self.head.dice_onto(self.tail.dice_onto(r))
    }
}

/// CuTe's `dice(proj, y)` for a tuple projection `Self` (in normal form):
/// the tuple of the parts of the tuple `Y` (a tiler, a coordinate, a shape
/// or a stride) whose entry is not `X`.
pub trait Project<Y> {
    /// The kept parts.
    type Output;
    /// The kept parts.
    fn project(y: Y) -> Self::Output;
}
/// The parts of `Y` the projection `P` (in normal form) keeps.
pub type Projected<P, Y> = <P as Project<Y>>::Output;
impl<PH, PT, Y: DiceOnto<HCons<PH, PT>, HNil>> Project<Y> for HCons<PH, PT> {
    type Output = Y::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn project(y: Y) -> Self::Output {
        y.dice_onto(HNil)
    }
}

/// CuTe's `local_tile(layout, tiler, coord, proj)`: [`local_tile`](super::local_tile) by the
/// modes of `tiler` and `coord` that the projection `proj` keeps.
///
/// `proj` is CuTe's `Step<...>`: a tuple with one entry per mode of the
/// tiler, [`X`](super::X) for a mode to leave out, an integer (CuTe's `_1`) for a mode
/// to keep, a tuple to select inside a tuple mode. A GEMM tiles its three
/// operands with one `(BM, BN, BK)` tiler and one `(m, n, _)` tile
/// coordinate: `A` (`M x K`) with `proj = (1, X, 1)`, `B` (`N x K`) with
/// `(X, 1, 1)`, `C` with `(1, 1, X)`.
///
/// # Pre-conditions
/// `proj` is a tuple with the profile of `tiler` and `coord` where it
/// selects inside them (a trait bound); what it keeps satisfies the
/// pre-conditions of [`local_tile`](super::local_tile), the divisibility rule included (the
/// kept tiler's modes apply to the layout's modes in order).
///
/// # Post-conditions
/// `result == local_tile(layout, dice(proj, tiler), dice(proj, coord))`,
/// where `dice` keeps the parts whose entry of `proj` is not `X`.
///
/// # Errors
/// As [`local_tile`](super::local_tile).
///
/// # Examples
/// ```
/// use cute_static::{layout, local_tile_proj, tile, Keep, Layout, X};
/// // C = A B with A M x K (column-major, run-time extents), CTA tiles of
/// // 128 x 128 x 8: the CTA at (1, 2) reads the (128, 8) tiles of A in
/// // its row, for every k
/// let (m, k) = (256, 128);
/// let a = layout!((m, k) : (1, m)).unwrap();
/// let cta = tile!(128, 128, 8);
/// let (off, g_a) = local_tile_proj(a, cta, (1, 2, Keep), (1, X, 1)).unwrap();
/// assert_eq!((off, g_a.to_string()), (128, "(_128,_8,16):(_1,256,2048)".to_string()));
/// let _: Layout![(128, 8, {}) : (1, {}, {})] = g_a;
/// ```
#[inline]
#[allow(clippy::type_complexity)]
pub fn local_tile_proj<L, T, C, P>(
    layout: L,
    tiler: T,
    coord: C,
    proj: P,
) -> Result<(
    i64,
    InnerPartitioned<L, Projected<P::Projection, T::Tiler>, Projected<P::Projection, C::Coord>>,
)>
where
    T: IntoTiler,
    C: IntoCoord,
    P: IntoProjection,
    P::Projection: Project<T::Tiler> + Project<C::Coord>,
    L: Partition<Projected<P::Projection, T::Tiler>, Projected<P::Projection, C::Coord>, Inner>,
{
    let _ = proj;
    layout.partition(
        <P::Projection as Project<T::Tiler>>::project(tiler.into_tiler()),
        <P::Projection as Project<C::Coord>>::project(coord.into_coord()),
    )
}

/// CuTe's `local_partition(layout, threads, index, proj)`:
/// [`local_partition`](super::local_partition) by the modes of the thread layout that the
/// projection `proj` keeps (see [`local_tile_proj`] for `proj`).
///
/// The thread's coordinate is taken in the projected thread layout, whose
/// strides still place the kept modes in the whole one: with threads
/// `(16, 16):(1, 16)`, `proj = (1, X)` partitions the rows of `A` by the
/// first coordinate of the thread, `(X, 1)` the rows of `B` by the second.
///
/// # Pre-conditions
/// `proj` is a tuple with the profile of `threads` where it selects inside
/// it (a trait bound); what it keeps satisfies the pre-conditions of
/// [`local_partition`](super::local_partition), the divisibility rule included: the kept thread
/// modes' sizes divide the layout's modes in order.
///
/// # Post-conditions
/// `result == local_partition(layout, dice(proj, threads), index)`.
///
/// # Errors
/// As [`local_partition`](super::local_partition).
///
/// # Examples
/// ```
/// use cute_static::{layout, local_partition_proj, X};
/// // 16 x 16 threads over a 128 x 8 tile of A: thread 200 is (8, 12) and
/// // takes every 16th row, from row 8, of every column
/// let s_a = layout!((128, 8) : (1, 128));
/// let threads = layout!((16, 16) : (1, 16));
/// let (off, mine) = local_partition_proj(s_a, threads, 200, (1, X)).unwrap();
/// assert_eq!((off, mine.to_string()), (8, "(_8,_8):(_16,_128)".to_string()));
/// // the same threads over B take the rows of their second coordinate
/// assert_eq!(local_partition_proj(s_a, threads, 200, (X, 1)).unwrap().0, 12);
/// ```
#[inline]
#[allow(clippy::type_complexity)]
pub fn local_partition_proj<L, TS, TD, P>(
    layout: L,
    threads: Layout<TS, TD>,
    index: i64,
    proj: P,
) -> Result<(
    i64,
    LocalPartitioned<L, Layout<Projected<P::Projection, TS>, Projected<P::Projection, TD>>>,
)>
where
    TS: HTuple,
    TD: HTuple,
    P: IntoProjection,
    P::Projection: Project<TS> + Project<TD>,
    Projected<P::Projection, TS>: HTuple,
    Projected<P::Projection, TD>: HTuple,
    L: LocalPartition<Layout<Projected<P::Projection, TS>, Projected<P::Projection, TD>>>,
{
    let _ = proj;
    let diced = Layout::from_valid_parts(
        <P::Projection as Project<TS>>::project(*threads.shape()),
        <P::Projection as Project<TD>>::project(*threads.stride()),
    );
    layout.local_partition(diced, index)
}
