//! Slicing and partitioning: the part of a layout a coordinate leaves free,
//! and the part of a layout a thread block or a thread works on.
//!
//! A *slicing coordinate* is a coordinate whose entries may be [`Keep`]
//! (CuTe's `_`): [`slice()`] keeps the modes it names with `_` and fixes the
//! others, [`offset_and_slice`] also gives the offset of the fixed part
//! (CuTe C++'s `slice` and `slice_and_offset`, the specification's
//! `Layout._offset_and_slice`):
//!
//! ```text
//! slice(_, s:d)      = (s:d,)             offset 0
//! slice(c, s:d)      = ()                 offset (s:d)(c), for an integer c
//! slice((c, cs...), (h, t...):(g, u...)) = slice(c, h:g) ++ slice((cs...), (t...):(u...))
//! ```
//!
//! The partitions divide a layout by a tiler with
//! [`zipped_divide`](crate::zipped_divide), giving `((tile), (rest))`, then
//! fix one of the two modes with a coordinate and keep the other (CuTe C++'s
//! `tensor_impl.hpp`, same names, same semantics):
//!
//! - [`inner_partition`] / [`local_tile`]: fix the *rest* mode at `coord`:
//!   the tile at tile coordinate `coord` (a thread block's tile);
//! - [`outer_partition`]: fix the *tile* mode at `coord`: element `coord`
//!   of every tile (a thread's elements, one per tile);
//! - [`local_partition`]: [`outer_partition`] by the shape of a thread
//!   layout, at the coordinate of one thread in it ([`flat_coord`]);
//! - [`local_tile_proj`] / [`local_partition_proj`]: the same through a
//!   projection (CuTe's `Step<_1, X, _1>`), which keeps only some modes of
//!   a tiler shared by several operands, as a GEMM takes the `(M, K)` part
//!   of an `(M, N, K)` tiler for `A`.
//!
//! The tiler is static, so the tile's modes stay static types; the layout
//! divided may have dynamic leaves (a matrix of run-time extents). What the
//! coordinate or the thread index decides is computed at run time: the
//! offset of the fixed part, an `i64`, beside the layout of the kept part.
//! A coordinate given as a tuple names modes of the fixed part from the
//! first; the modes it does not reach are kept whole (CuTe's
//! `append<R>(coord, _)`), and a `Keep` inside it keeps that mode too. An
//! integral coordinate indexes the fixed mode as a whole.
//!
//! A partition's tiler must divide the layout with no partial tile: each
//! tile extent (for a thread layout, the size of each of its modes) divides
//! the size of the mode it tiles ([`rules`]). On static modes this is a
//! trait bound, whose error's first line names the rule; on modes of
//! run-time size [`outer_partition`] and [`local_partition`] check it at
//! run time, while [`local_tile`] and [`inner_partition`] accept a partial
//! last tile there, as CuTe C++'s rest mode is a ceil-div. CuTe C++ checks
//! none of it: [`local_partition_unchecked`], [`outer_partition_unchecked`]
//! and [`local_tile_unchecked`] are its partitions, for a kernel that
//! predicates the elements past the layout.
//!
//! The partitions return a `Result`: the coordinate is checked to lie in the
//! mode it fixes (an `IndexError` otherwise), as the run-time algebra's
//! partitions check it, the divisibility rule on modes of run-time size (a
//! `ValueError`), and a mixed layout's divide checks its run-time
//! conditions. `to_dynamic()` of the layout a partition gives is the layout
//! `cute_dynamic::tensor::partition` gives for the same operands (for a
//! mixed layout, the same function: the static divide may keep a mode of
//! extent 1 that the run-time one drops).

use core::marker::PhantomData;

use cute_core::Result;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, B1};

use crate::algebra::{pair, IntoResult, IntoTiler, Pair, Tiler, ZippedDivide, ZippedDivided};
use crate::coord::{IntoCoord, Keep};
use crate::htuple::HTuple;
use crate::layout::Layout;
use rules::PartitionRule;
use slice::checked_slice_parts;

/// CuTe's `X` in a projection (`Step<_1, X, _1>`): the mode left out. It is
/// [`Keep`], CuTe C++'s `_` (there `X` is `Underscore` too).
pub use crate::coord::Keep as X;

mod projection;
pub mod rules;
mod slice;
mod threads;

pub use projection::{
    local_partition_proj, local_tile_proj, DiceOnto, IntoProjection, Project, Projected,
};
pub use slice::{
    offset_and_slice, slice, try_offset_and_slice, Slice, SliceCrd, Sliced, SlicedParts,
};
pub use threads::{
    flat_coord, local_partition, local_partition_unchecked, FlatCoord, LocalPartition,
    LocalPartitioned,
};

/// The slicing coordinate `(_, ..., _)` that keeps every top-level mode of
/// a mode (CuTe's `repeat<R>(_)`): `_` for a leaf.
pub trait KeepAll {
    /// The coordinate.
    type Output: Copy + Default;
}
macro_rules! keep_all_leaf {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf mode: `_`.
        impl<$($g)*> KeepAll for $t {
            type Output = Keep;
        }
    };
}
keep_all_leaf!([] UTerm);
keep_all_leaf!([U: Unsigned, B: Bit] UInt<U, B>);
keep_all_leaf!([] i64);
/// `()`.
impl KeepAll for HNil {
    type Output = HNil;
}
/// One `_` per top-level mode.
impl<H, T: KeepAll> KeepAll for HCons<H, T>
where
    T::Output: frunk_core::hlist::HList,
{
    type Output = HCons<Keep, T::Output>;
}

/// The slicing coordinate that fixes the mode `Self` at the partition
/// coordinate `C`: an integer or `_` as it is, a tuple padded with `_` up
/// to the mode's rank (CuTe's `append<R>(coord, _)`), a 1-tuple facing a
/// leaf mode its one entry.
#[diagnostic::on_unimplemented(
    message = "CuTe partition: the coordinate `{C}` does not fit the mode `{Self}` it fixes",
    note = "a partition coordinate is an integer, `Keep`, or a tuple with at most as many entries as the mode it fixes has modes"
)]
pub trait FixMode<C> {
    /// The slicing coordinate.
    type Output;
    /// The slicing coordinate.
    fn fix(c: C) -> Self::Output;
}
macro_rules! fix_int {
    ([$($g:tt)*] $c:ty) => {
        /// An integral coordinate of the whole mode.
        impl<$($g)* M: HTuple> FixMode<$c> for M {
            type Output = $c;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn fix(c: $c) -> $c {
                c
            }
        }
    };
}
fix_int!([] UTerm);
fix_int!([U: Unsigned, B: Bit,] UInt<U, B>);
fix_int!([] i64);
/// `_`: the whole mode kept.
impl<M: HTuple> FixMode<Keep> for M {
    type Output = Keep;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn fix(c: Keep) -> Keep {
        c
    }
}
macro_rules! fix_leaf_mode {
    ([$($g:tt)*] $t:ty) => {
        /// A 1-tuple facing a leaf mode: its one entry.
        impl<$($g)* C0> FixMode<HCons<C0, HNil>> for $t {
            type Output = C0;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn fix(c: HCons<C0, HNil>) -> C0 {
                c.head
            }
        }
    };
}
fix_leaf_mode!([] UTerm);
fix_leaf_mode!([U: Unsigned, B: Bit,] UInt<U, B>);
fix_leaf_mode!([] i64);
/// The empty coordinate of the empty mode.
impl FixMode<HNil> for HNil {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn fix(c: HNil) -> HNil {
        c
    }
}
/// The coordinate's entries run out: `_` for the remaining modes.
impl<MH, MT: FixMode<HNil>> FixMode<HNil> for HCons<MH, MT> {
    type Output = HCons<Keep, MT::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn fix(c: HNil) -> Self::Output {
        HCons {
            head: Keep,
            tail: MT::fix(c),
        }
    }
}
/// An entry per mode, from the first.
impl<MH, MT: FixMode<CT>, CH, CT> FixMode<HCons<CH, CT>> for HCons<MH, MT> {
    type Output = HCons<CH, MT::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn fix(c: HCons<CH, CT>) -> Self::Output {
        HCons {
            head: c.head,
            tail: MT::fix(c.tail),
        }
    }
}

/// Which mode of a zipped divide `((tile), (rest))` a partition fixes, and
/// which divisibility rule it enforces ([`rules::PartitionRule`]).
pub trait Side {
    /// The operation's name, for its errors.
    const OP: &'static str;
}
/// The rest mode is fixed: the tile at a tile coordinate ([`inner_partition`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Inner;
/// The tile mode is fixed: an element of every tile ([`outer_partition`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Outer;
/// The side `W` without the divisibility rule: CuTe C++'s unchecked
/// partition ([`outer_partition_unchecked`], [`local_tile_unchecked`],
/// [`local_partition_unchecked`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Unchecked<W>(PhantomData<W>);
impl Side for Inner {
    const OP: &'static str = "inner_partition";
}
impl Side for Outer {
    const OP: &'static str = "outer_partition";
}
impl<W: Side> Side for Unchecked<W> {
    const OP: &'static str = W::OP;
}

/// The slicing coordinate of a zipped layout `(TS, RS)` for the partition
/// coordinate `C`: `(repeat(_), fix(C))` ([`Inner`]) or `(fix(C),
/// repeat(_))` ([`Outer`]).
pub trait ZipCoord<TS, RS, C>: Side {
    /// The slicing coordinate.
    type Coord;
    /// The slicing coordinate.
    fn zip_coord(c: C) -> Self::Coord;
}
impl<TS: KeepAll, RS: FixMode<C>, C> ZipCoord<TS, RS, C> for Inner {
    type Coord = Pair<TS::Output, RS::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zip_coord(c: C) -> Self::Coord {
        pair(Default::default(), RS::fix(c))
    }
}
impl<TS: FixMode<C>, RS: KeepAll, C> ZipCoord<TS, RS, C> for Outer {
    type Coord = Pair<TS::Output, RS::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zip_coord(c: C) -> Self::Coord {
        pair(TS::fix(c), Default::default())
    }
}
impl<W: ZipCoord<TS, RS, C>, TS, RS, C> ZipCoord<TS, RS, C> for Unchecked<W> {
    type Coord = W::Coord;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zip_coord(c: C) -> Self::Coord {
        W::zip_coord(c)
    }
}

/// A zipped divide `((tile), (rest))` sliced by a partition coordinate `C`
/// on the side `W`.
pub trait SliceZipped<C, W> {
    /// The layout of the kept part.
    type Output;
    /// The offset of the fixed part and the layout of the kept part.
    fn slice_zipped(self, c: C) -> Result<(i64, Self::Output)>;
}
impl<TS, RS, TD, RD, C, W> SliceZipped<C, W> for Layout<Pair<TS, RS>, Pair<TD, RD>>
where
    TS: HTuple,
    RS: HTuple,
    TD: HTuple,
    RD: HTuple,
    W: ZipCoord<TS, RS, C>,
    Pair<TS, RS>: SliceCrd<W::Coord, Pair<TD, RD>>,
{
    type Output = SlicedParts<Pair<TS, RS>, Pair<TD, RD>, W::Coord>;
    #[inline]
    fn slice_zipped(self, c: C) -> Result<(i64, Self::Output)> {
        checked_slice_parts(&self, &W::zip_coord(c), W::OP)
    }
}

/// A partition's tile is static.
#[diagnostic::on_unimplemented(
    message = "CuTe partition: the tiler `{T}` has a run-time extent; a partition's tile is static",
    label = "a static tiler is required here",
    note = "write the tile with static extents (`tile!(128, 64)`, static layouts); a run-time tile is partitioned by `cute_dynamic::tensor::partition` on `to_dynamic()`"
)]
pub trait StaticTile<T> {}
impl<T> StaticTile<T> for B1 {}

/// A partition of a layout by a static tiler at a coordinate, on the side
/// `W` ([`Inner`]: [`inner_partition`], [`local_tile`]; [`Outer`]:
/// [`outer_partition`]; [`Unchecked`]: the same without the divisibility
/// rule of [`rules`]).
#[diagnostic::on_unimplemented(
    message = "CuTe partition: `{Self}` cannot be partitioned by `{T}` at `{C}`",
    note = "the tiler is static and divides the layout as zipped_divide requires, with no partial tile; the coordinate is an integer, `Keep`, or a tuple of at most the fixed mode's rank"
)]
pub trait Partition<T, C, W> {
    /// The layout of the kept part.
    type Output;
    /// The offset of the fixed part and the layout of the kept part.
    fn partition(self, tiler: T, coord: C) -> Result<(i64, Self::Output)>;
}
/// The layout of the tile [`inner_partition`] (and [`local_tile`]) gives.
pub type InnerPartitioned<L, T, C> = <L as Partition<T, C, Inner>>::Output;
/// The layout of the elements [`outer_partition`] gives.
pub type OuterPartitioned<L, T, C> = <L as Partition<T, C, Outer>>::Output;

impl<S, D, T, C, W> Partition<T, C, W> for Layout<S, D>
where
    S: HTuple,
    D: HTuple,
    T: IntoTiler,
    C: IntoCoord,
    <T::Tiler as Tiler>::AllStatic: StaticTile<T::Tiler>,
    W: PartitionRule<T::Tiler, S>,
    Layout<S, D>: ZippedDivide<T::Tiler>,
    <Layout<S, D> as ZippedDivide<T::Tiler>>::Ret:
        IntoResult<ZippedDivided<Layout<S, D>, T::Tiler>>,
    ZippedDivided<Layout<S, D>, T::Tiler>: SliceZipped<C::Coord, W>,
{
    type Output = <ZippedDivided<Layout<S, D>, T::Tiler> as SliceZipped<C::Coord, W>>::Output;
    #[inline]
    fn partition(self, tiler: T, coord: C) -> Result<(i64, Self::Output)> {
        let tiler = tiler.into_tiler();
        W::check(&tiler, self.shape(), W::OP)?;
        ZippedDivide::zipped_divide(self, tiler)
            .into_result()?
            .slice_zipped(coord.into_coord())
    }
}

/// CuTe's `inner_partition(layout, tiler, coord)`: everything inside the
/// tile at tile coordinate `coord`. The layout is divided into `((tile),
/// (rest))` by [`zipped_divide`](crate::zipped_divide), and the rest mode
/// is fixed at `coord`.
///
/// The tiler is static, so the tile's modes are static types (with the
/// layout's dynamic strides where it has them); the offset of the tile is
/// computed at run time.
///
/// # Pre-conditions
/// - `tiler` is static (a trait bound) and meets `zipped_divide`'s
///   pre-conditions on `layout` (a trait bound for static operands).
/// - Every mode of *static* size that the tiler divides is tiled exactly:
///   the tile's extent (an integer entry, or a layout entry's span) divides
///   the mode's size ([`rules`]; a trait bound). A mode of run-time size
///   may end in a partial tile, as in CuTe C++, where the rest mode's
///   extent is a ceil-div: the last tile's elements past the mode are the
///   caller's to predicate. [`local_tile_unchecked`] leaves out the rule.
/// - `coord` is a coordinate of the rest mode: an integer, or a tuple of at
///   most its rank (a trait bound), `Keep` entries keeping their mode.
///
/// # Post-conditions
/// With `(off, t) = result`: `shape(t)` is the tile's top-level modes
/// followed by the rest modes `coord` keeps, and `off + t(j) ==
/// z((j, coord))` for `z = zipped_divide(layout, tiler)`.
///
/// # Errors
/// `IndexError` if `coord` lies outside the rest mode; for a layout with a
/// dynamic leaf, as `zipped_divide`.
///
/// # Examples
/// ```
/// use cute_static::{inner_partition, layout, tile};
/// let a = layout!((8, 6) : (1, 8));
/// let (off, t) = inner_partition(a, tile!(4, 3), (1, 1)).unwrap();
/// assert_eq!((off, t.to_string()), (4 + 3 * 8, "(_4,_3):(_1,_8)".to_string()));
/// assert!(inner_partition(a, tile!(4, 3), (2, 0)).is_err());
/// ```
/// A tile that does not divide a static mode does not compile:
/// ```compile_fail
/// use cute_static::{inner_partition, layout, tile};
/// // 4 does not divide 6: the second tile of mode 1 would run past it
/// let _ = inner_partition(layout!((8, 6) : (1, 8)), tile!(4, 4), (0, 0));
/// ```
#[inline]
pub fn inner_partition<L: Partition<T, C, Inner>, T, C>(
    layout: L,
    tiler: T,
    coord: C,
) -> Result<(i64, L::Output)> {
    layout.partition(tiler, coord)
}

/// CuTe's `local_tile(layout, tiler, coord)`: the tile of `tiler`'s shape
/// at tile coordinate `coord`; the same as [`inner_partition`]. A thread
/// block takes its tile of a matrix this way: the tile's modes stay static,
/// its offset (the block's coordinate times the tile's extents and the
/// matrix's strides) is computed at run time.
///
/// # Pre-conditions
/// As [`inner_partition`]: a static mode is tiled exactly (a trait bound),
/// a mode of run-time extent may end in a partial tile.
///
/// # Post-conditions
/// As [`inner_partition`].
///
/// # Errors
/// As [`inner_partition`].
///
/// # Examples
/// ```
/// use cute_static::{layout, local_tile, tile, Keep, Layout};
/// // a 128 x 64 row-major matrix, 32 x 16 tiles: tile (2, 3)
/// let a = layout!((128, 64) : (64, 1));
/// let (off, t) = local_tile(a, tile!(32, 16), (2, 3)).unwrap();
/// assert_eq!(off, 2 * 32 * 64 + 3 * 16);
/// assert_eq!(t.to_string(), "(_32,_16):(_64,_1)");
/// let _: Layout![(32, 16) : (64, 1)] = t; // a static tile
/// // a matrix of run-time extents: the tile stays static but for the
/// // run-time leading dimension; Keep leaves a mode of tiles whole
/// let (m, n) = (4096, 1000);
/// let b = layout!((m, n) : (1, m)).unwrap();
/// let (off, row) = local_tile(b, tile!(128, 64), (3, Keep)).unwrap();
/// assert_eq!((off, row.to_string()), (384, "(_128,_64,16):(_1,4096,262144)".to_string()));
/// let _: Layout![(128, 64, {}) : (1, {}, {})] = row;
/// // 64 does not divide n = 1000: the 16th tile of columns is partial (its
/// // columns 1000..1024 are past the matrix), as in CuTe C++
/// assert_eq!(local_tile(b, tile!(128, 64), (0, 15)).unwrap().0, 15 * 64 * 4096);
/// // a tile coordinate outside the tiles: an error
/// assert!(local_tile(b, tile!(128, 64), (32, 0)).is_err());
/// ```
/// A tile that does not divide a static mode does not compile:
/// ```compile_fail
/// use cute_static::{layout, local_tile, tile};
/// // 32 does not divide 100: the last tile would run 28 rows past the matrix
/// let _ = local_tile(layout!((100, 64)), tile!(32, 16), (0, 0));
/// ```
#[inline]
pub fn local_tile<L: Partition<T, C, Inner>, T, C>(
    layout: L,
    tiler: T,
    coord: C,
) -> Result<(i64, L::Output)> {
    layout.partition(tiler, coord)
}

/// [`local_tile`] without the divisibility rule: CuTe C++'s `local_tile`,
/// whose last tile of a mode the tile does not divide reaches past the
/// mode (the rest mode's extent is a ceil-div), for a kernel that
/// predicates those elements itself.
///
/// # Pre-conditions
/// As [`inner_partition`], but for the divisibility rule.
///
/// # Post-conditions
/// As [`inner_partition`]; the offsets of a partial tile's elements past
/// the layout are those `zipped_divide` gives them, outside `layout`'s
/// domain.
///
/// # Errors
/// As [`inner_partition`].
///
/// # Examples
/// ```
/// use cute_static::{layout, local_tile_unchecked, tile};
/// // 100 rows by tiles of 32: the fourth tile starts at row 96, and its
/// // rows 100..128 are past the matrix (aliasing the next column)
/// let a = layout!((100, 64));
/// let (off, t) = local_tile_unchecked(a, tile!(32, 16), (3, 0)).unwrap();
/// assert_eq!((off, t.to_string()), (96, "(_32,_16):(_1,_100)".to_string()));
/// assert_eq!(off + t.call((4, 0)), 100); // row 100 is row 0 of column 1
/// ```
#[inline]
pub fn local_tile_unchecked<L: Partition<T, C, Unchecked<Inner>>, T, C>(
    layout: L,
    tiler: T,
    coord: C,
) -> Result<(i64, L::Output)> {
    layout.partition(tiler, coord)
}

/// CuTe's `outer_partition(layout, tiler, coord)`: the element at tile
/// coordinate `coord` of every tile. The layout is divided into `((tile),
/// (rest))` by [`zipped_divide`](crate::zipped_divide), and the tile mode
/// is fixed at `coord`.
///
/// # Pre-conditions
/// - `tiler` is static (a trait bound) and meets `zipped_divide`'s
///   pre-conditions on `layout` (a trait bound for static operands).
/// - Every mode the tiler divides is tiled exactly: the tile's extent (an
///   integer entry, or a layout entry's span) divides the mode's size
///   ([`rules`]): a trait bound for a mode of static size, checked at run
///   time for one of run-time size. A partial tile would give some
///   coordinates elements outside the layout. [`outer_partition_unchecked`]
///   leaves out the rule.
/// - `coord` is a coordinate of the tile mode (as [`inner_partition`]'s of
///   the rest mode).
///
/// # Post-conditions
/// With `(off, t) = result`: `shape(t)` is the rest mode's top-level modes
/// (after the tile modes `coord` keeps), and `off + t(j) == z((coord, j))`
/// for `z = zipped_divide(layout, tiler)`.
///
/// # Errors
/// `IndexError` if `coord` lies outside the tile mode; `ValueError` (a
/// divisibility error naming the tile extent and the mode's size) if a mode
/// of run-time size is not tiled exactly; for a layout with a dynamic leaf,
/// as `zipped_divide`.
///
/// # Examples
/// ```
/// use cute_static::{layout, outer_partition, tile};
/// let a = layout!((8, 6) : (1, 8));
/// let (off, mine) = outer_partition(a, tile!(4, 3), (1, 2)).unwrap();
/// assert_eq!((off, mine.to_string()), (1 + 2 * 8, "(_2,_2):(_4,_24)".to_string()));
/// assert!(outer_partition(a, tile!(4, 3), (4, 0)).is_err());
/// // a run-time extent the tile does not divide: an error, at run time
/// let n = 7;
/// let b = layout!((8, n) : (1, 8)).unwrap();
/// let e = outer_partition(b, tile!(4, 3), (1, 2)).unwrap_err();
/// assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
/// assert!(e.to_string().contains("the tile extent 3 does not divide the size 7 of mode 1"), "{e}");
/// ```
/// A tile that does not divide a static mode does not compile:
/// ```compile_fail
/// use cute_static::{layout, outer_partition, tile};
/// let _ = outer_partition(layout!((8, 6) : (1, 8)), tile!(4, 4), (1, 2));
/// ```
#[inline]
pub fn outer_partition<L: Partition<T, C, Outer>, T, C>(
    layout: L,
    tiler: T,
    coord: C,
) -> Result<(i64, L::Output)> {
    layout.partition(tiler, coord)
}

/// [`outer_partition`] without the divisibility rule: CuTe C++'s
/// `outer_partition`, whose coordinates in a partial tile (or past a mode
/// the tile overruns) get offsets outside the layout, for a kernel that
/// predicates those elements itself.
///
/// # Pre-conditions
/// As [`outer_partition`], but for the divisibility rule.
///
/// # Post-conditions
/// As [`outer_partition`].
///
/// # Errors
/// As [`outer_partition`], but for the divisibility error.
///
/// # Examples
/// ```
/// use cute_static::{layout, outer_partition_unchecked, tile};
/// // tiles of 4 over 6 columns: two tiles, the second has columns 6 and 7
/// // past the layout, which column coordinate 3 reaches
/// let a = layout!((8, 6) : (1, 8));
/// let (off, mine) = outer_partition_unchecked(a, tile!(4, 4), (1, 3)).unwrap();
/// assert_eq!((off, mine.to_string()), (1 + 3 * 8, "(_2,_2):(_4,_32)".to_string()));
/// assert_eq!(off + mine.call((0, 1)), 57); // column 7: past the 48 elements
/// ```
#[inline]
pub fn outer_partition_unchecked<L: Partition<T, C, Unchecked<Outer>>, T, C>(
    layout: L,
    tiler: T,
    coord: C,
) -> Result<(i64, L::Output)> {
    layout.partition(tiler, coord)
}

#[cfg(all(test, feature = "dynamic"))]
mod tests;
