//! The divisibility rule of the partitions: a tiler tiles the modes it
//! divides exactly, with no partial tile.
//!
//! A partition divides a layout `A` by a tiler `T` with
//! [`zipped_divide`](crate::zipped_divide): mode `i` becomes `A_i o (T_i,
//! T_i*)` with `T_i* = complement(T_i, size(A_i))`. The pair `(T_i, T_i*)`
//! covers `span(T_i) * ceil(size(A_i) / span(T_i))` indices, where the span
//! of an integer tile `n` is `n` and that of a layout tile is the largest
//! `s * d` over its modes of extent above 1 and non-zero stride (the extent
//! its complement's last mode continues from). So the tiles cover `A_i`
//! exactly, and no tile reaches past the mode, iff
//!
//! ```text
//! span(T_i) divides size(A_i)
//! ```
//!
//! for every mode the tiler divides ([`Keep`] and missing
//! entries divide nothing; a nested tuple entry divides the sub-modes of its
//! mode, entry by entry; a tiler that is not a tuple divides the whole
//! layout). CuTe C++ does not check it: a thread layout of 16 threads over a
//! mode of extent 8 gives half of its threads offsets outside the tile, and
//! a tile of 32 over an extent of 100 a last tile that runs 28 elements past
//! it. Its tutorial kernels assert the rule for the partitions they make
//! (`size<0>(cta_tiler) % size<0>(tA) == 0`); here the partitions do.
//!
//! Which partition requires what:
//!
//! - [`outer_partition`](crate::outer_partition) and
//!   [`local_partition`](crate::local_partition) (and its projection form)
//!   give a thread one element of every tile: a partial tile would give some
//!   threads elements outside the layout, so every mode the tiler divides
//!   must be tiled exactly. A static mode size is checked by the compiler
//!   (the trait [`TileDivides`]); a dynamic one at run time (an `Err`).
//! - [`inner_partition`](crate::inner_partition) and
//!   [`local_tile`](crate::local_tile) (and its projection form) give a
//!   thread block one tile. A static mode must be tiled exactly (the
//!   compiler checks it: a static extent that the tile does not divide is a
//!   mistake the types can see); a mode of run-time extent may end in a
//!   partial tile, as in CuTe C++, where the rest mode's extent is a
//!   ceil-div and the kernel predicates the elements of the last tile.
//! - The `_unchecked` forms ([`local_partition_unchecked`](crate::local_partition_unchecked),
//!   [`outer_partition_unchecked`](crate::outer_partition_unchecked),
//!   [`local_tile_unchecked`](crate::local_tile_unchecked)) check nothing
//!   of this rule: CuTe C++'s partitions, for a kernel that predicates the
//!   elements itself.

use core::ops::{BitAnd, Mul, Rem};

use cute_core::{Error, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, IsEqual, IsGreater, Max, UInt, UTerm, Unsigned, B0, B1, U0, U1};

use super::{Inner, Outer, Side, Unchecked};
use crate::algebra::Tiler;
use crate::coord::Keep;
use crate::htuple::HTuple;
use crate::layout::Layout;
use crate::shape::{Size, SizeOf};

/// The divisibility rule of the partitions, on static values: the tile's
/// span `E` divides the size `M` of the mode it tiles. Implemented for
/// `B1` only; the bound `<M mod E == 0>: TileDivides<E, M>` is the check.
///
/// # Examples
/// ```compile_fail
/// // 16 threads over a mode of extent 8: half of them would get offsets
/// // outside the tile
/// use cute_static::{layout, local_partition};
/// let _ = local_partition(layout!((128, 8)), layout!((16, 16)), 200);
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe partition: the tiler does not divide the layout: a tile extent does not divide the size of the mode it tiles, so zipped_divide would leave a partial tile",
    label = "the tile extent `{E}` does not divide the mode size `{M}`",
    note = "local_partition, outer_partition, local_tile and inner_partition need, for every mode the tiler (or the thread layout) divides, size(mode) % extent == 0: a thread layout's extent is the size of its mode, a layout tile's the largest extent * stride of its modes",
    note = "CuTe C++ does not check it; `local_partition_unchecked`, `outer_partition_unchecked` and `local_tile_unchecked` are its unchecked partitions, for a kernel that predicates the elements past the layout"
)]
pub trait TileDivides<E, M> {}
impl<E, M> TileDivides<E, M> for B1 {}

/// A mode that a tiler does not tile exactly, found at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uneven {
    /// The span of the tile (for a thread layout, the size of its mode).
    pub extent: i64,
    /// The size of the mode it tiles.
    pub size: i64,
    /// The top-level mode of the layout, or `None` for a tiler that divides
    /// the whole layout.
    pub mode: Option<usize>,
}

impl Uneven {
    /// The error of the partition `op` for this mode (`local_partition`
    /// speaks of threads).
    #[cold]
    pub fn error(self, op: &'static str) -> Error {
        #[cfg(feature = "dynamic")]
        let msg = {
            let at = match self.mode {
                Some(i) => format!("mode {i} of the layout"),
                None => "the layout".to_string(),
            };
            let what = match (op, self.mode) {
                ("local_partition", Some(i)) => {
                    format!(
                        "the {} threads of mode {i} of the thread layout do",
                        self.extent
                    )
                }
                ("local_partition", None) => format!("the {} threads do", self.extent),
                _ => format!("the tile extent {} does", self.extent),
            };
            format!(
                "{what} not divide the size {} of {at}: the partition would have a partial tile \
                 (the `_unchecked` partitions leave it to the caller)",
                self.size
            )
        };
        #[cfg(not(feature = "dynamic"))]
        let msg = "a tile extent does not divide the size of the mode it tiles";
        Error::divisibility(op, self.extent, self.size, msg)
    }
}

/// Whether a mode of run-time size must be tiled exactly: the policy of a
/// partition side.
pub trait DynamicRule {
    /// True iff a mode of run-time size must be tiled exactly.
    const EXACT: bool;
}
/// [`inner_partition`](crate::inner_partition): a mode of run-time extent
/// may end in a partial tile.
impl DynamicRule for Inner {
    const EXACT: bool = false;
}
/// [`outer_partition`](crate::outer_partition): every mode exactly.
impl DynamicRule for Outer {
    const EXACT: bool = true;
}

/// The size `Self` of a mode (a typenum integer or an `i64`) is divisible
/// by the static span `E`, under the policy `P`: a static size by the
/// compiler ([`TileDivides`]), a run-time one at run time if `P` requires.
pub trait SizeDivisible<E, P> {
    /// The size, if it is a run-time value the policy checks and `E` does
    /// not divide it.
    fn uneven(&self) -> Option<i64>;
}
impl<U, B, E, P> SizeDivisible<E, P> for UInt<U, B>
where
    U: Unsigned,
    B: Bit,
    E: Unsigned,
    UInt<U, B>: Rem<E>,
    <UInt<U, B> as Rem<E>>::Output: IsEqual<U0>,
    <<UInt<U, B> as Rem<E>>::Output as IsEqual<U0>>::Output: TileDivides<E, UInt<U, B>>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn uneven(&self) -> Option<i64> {
        None
    }
}
/// A zero size is refused by the layout itself.
impl<E, P> SizeDivisible<E, P> for UTerm {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn uneven(&self) -> Option<i64> {
        None
    }
}
impl<E: Unsigned, P: DynamicRule> SizeDivisible<E, P> for i64 {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn uneven(&self) -> Option<i64> {
        // E is at least 1 (a span), and a layout's extents are positive.
        (P::EXACT && E::U64 != 0 && *self % E::I64 != 0).then_some(*self)
    }
}

/// `a` if `Self` is `B1`, `b` if it is `B0`.
pub trait Pick<A, B> {
    /// The choice.
    type Output;
}
impl<A, B> Pick<A, B> for B1 {
    type Output = A;
}
impl<A, B> Pick<A, B> for B0 {
    type Output = B;
}

/// The span of the static layout tile `Self:D`: the largest `s * d` over
/// its leaves with `s > 1` and `d > 0` (1 if there is none). For a tile
/// whose modes do not overlap, `(tile, complement(tile, n))` covers
/// `span * ceil(n / span)` indices.
///
/// # Examples
/// ```
/// use cute_static::partition::rules::TileSpan;
/// use cute_static::{Shape, Stride};
/// static_assertions::assert_type_eq_all!(<Shape![(2, 2)] as TileSpan<Stride![(1, 4)]>>::Output, typenum::U8);
/// static_assertions::assert_type_eq_all!(<Shape![(4, 1)] as TileSpan<Stride![(1, 100)]>>::Output, typenum::U4);
/// ```
pub trait TileSpan<D> {
    /// The span, a typenum integer.
    type Output: Unsigned;
}
impl TileSpan<HNil> for HNil {
    type Output = U1;
}
impl<SH, ST, DH, DT> TileSpan<HCons<DH, DT>> for HCons<SH, ST>
where
    SH: TileSpan<DH>,
    ST: TileSpan<DT>,
    SH::Output: Max<ST::Output>,
    <SH::Output as Max<ST::Output>>::Output: Unsigned,
{
    type Output = <SH::Output as Max<ST::Output>>::Output;
}
impl<D> TileSpan<D> for UTerm {
    type Output = U1;
}
impl<U, B, D> TileSpan<D> for UInt<U, B>
where
    U: Unsigned,
    B: Bit,
    UInt<U, B>: IsGreater<U1> + Mul<D>,
    D: IsGreater<U0>,
    <UInt<U, B> as IsGreater<U1>>::Output: BitAnd<<D as IsGreater<U0>>::Output>,
    <<UInt<U, B> as IsGreater<U1>>::Output as BitAnd<<D as IsGreater<U0>>::Output>>::Output:
        Pick<<UInt<U, B> as Mul<D>>::Output, U1>,
    <<<UInt<U, B> as IsGreater<U1>>::Output as BitAnd<<D as IsGreater<U0>>::Output>>::Output as Pick<
        <UInt<U, B> as Mul<D>>::Output,
        U1,
    >>::Output: Unsigned,
{
    type Output = <<<UInt<U, B> as IsGreater<U1>>::Output as BitAnd<
        <D as IsGreater<U0>>::Output,
    >>::Output as Pick<<UInt<U, B> as Mul<D>>::Output, U1>>::Output;
}

/// A layout tile `SB:DB` for the mode `S`: static (`B1`), by its span; a
/// tile with a run-time leaf is refused by the partitions before this rule
/// (`B0`: nothing to check).
pub trait LayoutTile<SB, DB, S, P> {
    /// The first mode not tiled exactly.
    fn uneven(s: &S, mode: Option<usize>) -> Option<Uneven>;
}
impl<SB, DB, S, P> LayoutTile<SB, DB, S, P> for B1
where
    SB: TileSpan<DB>,
    S: Size,
    SizeOf<S>: SizeDivisible<SB::Output, P>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn uneven(s: &S, mode: Option<usize>) -> Option<Uneven> {
        s.size().uneven().map(|size| Uneven {
            extent: <SB::Output as Unsigned>::I64,
            size,
            mode,
        })
    }
}
impl<SB, DB, S, P> LayoutTile<SB, DB, S, P> for B0 {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn uneven(_: &S, _: Option<usize>) -> Option<Uneven> {
        None
    }
}

/// A tiler entry `Self` (normal form) tiles the mode `S` exactly, under the
/// policy `P`.
#[diagnostic::on_unimplemented(
    message = "CuTe partition: the tiler entry `{Self}` does not fit the mode `{S}`",
    note = "a tiler entry is a layout, an integer, `Keep`, or a tuple of entries for the sub-modes of its mode"
)]
pub trait EntryDivides<S, P> {
    /// The first mode not tiled exactly (`mode` is the top-level mode).
    fn uneven(&self, s: &S, mode: Option<usize>) -> Option<Uneven>;
}
/// An integer `n`: `n` divides `size(S)`.
impl<U, B, S, P> EntryDivides<S, P> for UInt<U, B>
where
    U: Unsigned,
    B: Bit,
    S: Size,
    SizeOf<S>: SizeDivisible<UInt<U, B>, P>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn uneven(&self, s: &S, mode: Option<usize>) -> Option<Uneven> {
        s.size().uneven().map(|size| Uneven {
            extent: <UInt<U, B> as Unsigned>::I64,
            size,
            mode,
        })
    }
}
/// A layout tile: its span divides `size(S)`.
impl<SB, DB, S, P> EntryDivides<S, P> for Layout<SB, DB>
where
    SB: HTuple,
    DB: HTuple,
    <Layout<SB, DB> as Tiler>::AllStatic: LayoutTile<SB, DB, S, P>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn uneven(&self, s: &S, mode: Option<usize>) -> Option<Uneven> {
        <<Layout<SB, DB> as Tiler>::AllStatic as LayoutTile<SB, DB, S, P>>::uneven(s, mode)
    }
}
macro_rules! entry_divides_nothing {
    ($(#[$doc:meta])* $t:ty) => {
        $(#[$doc])*
        impl<S, P> EntryDivides<S, P> for $t {
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn uneven(&self, _: &S, _: Option<usize>) -> Option<Uneven> {
                None
            }
        }
    };
}
entry_divides_nothing!(
    /// `Keep`: the mode is not divided.
    Keep
);
entry_divides_nothing!(
    /// `()`: nothing divided.
    HNil
);
entry_divides_nothing!(
    /// A zero tile is refused by the algebra.
    UTerm
);
entry_divides_nothing!(
    /// A tile of run-time extent is refused by the partitions before this
    /// rule.
    i64
);
/// A nested tuple: the sub-modes of `S`, entry by entry.
impl<TH, TT, S, P> EntryDivides<S, P> for HCons<TH, TT>
where
    HCons<TH, TT>: ModesDivide<S, P>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn uneven(&self, s: &S, mode: Option<usize>) -> Option<Uneven> {
        self.modes_uneven(s, mode, 0)
    }
}

/// A tuple of tiler entries `Self` tiles the modes of `S` exactly, entry by
/// entry, under the policy `P`; the modes past the tiler's end are not
/// divided, and the entries of a tiler longer than `S` past its end divide
/// nothing (the algebra takes only `Keep` there).
pub trait ModesDivide<S, P> {
    /// The first mode not tiled exactly: `mode` is the top-level mode of
    /// the first entry, `step` 1 at the top level, 0 inside a mode.
    fn modes_uneven(&self, s: &S, mode: Option<usize>, step: usize) -> Option<Uneven>;
}
impl<S, P> ModesDivide<S, P> for HNil {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn modes_uneven(&self, _: &S, _: Option<usize>, _: usize) -> Option<Uneven> {
        None
    }
}
impl<TH, TT, SH, ST, P> ModesDivide<HCons<SH, ST>, P> for HCons<TH, TT>
where
    TH: EntryDivides<SH, P>,
    TT: ModesDivide<ST, P>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn modes_uneven(&self, s: &HCons<SH, ST>, mode: Option<usize>, step: usize) -> Option<Uneven> {
        self.head.uneven(&s.head, mode).or_else(|| {
            self.tail
                .modes_uneven(&s.tail, mode.map(|m| m + step), step)
        })
    }
}
/// A tiler longer than the layout: its entries past the layout's rank
/// divide nothing (`zipped_divide` takes only `Keep` there, and refuses
/// any other entry).
impl<TH, TT, P> ModesDivide<HNil, P> for HCons<TH, TT> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn modes_uneven(&self, _: &HNil, _: Option<usize>, _: usize) -> Option<Uneven> {
        None
    }
}
macro_rules! leaf_modes_divide {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf mode is its own only sub-mode.
        impl<$($g)* TH, TT, P> ModesDivide<$t, P> for HCons<TH, TT>
        where
            HCons<TH, TT>: ModesDivide<HCons<$t, HNil>, P>,
        {
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn modes_uneven(&self, s: &$t, mode: Option<usize>, step: usize) -> Option<Uneven> {
                self.modes_uneven(&HCons { head: *s, tail: HNil }, mode, step)
            }
        }
    };
}
leaf_modes_divide!([] UTerm);
leaf_modes_divide!([U: Unsigned, B: Bit,] UInt<U, B>);
leaf_modes_divide!([] i64);

/// A tiler `Self` (normal form) tiles the shape `S` with no partial tile,
/// under the policy `P` ([`Outer`]: every mode the tiler divides; [`Inner`]:
/// the modes of static size): a tuple tiler mode by mode, an integer or a
/// layout the whole shape. The static part of the rule is a trait bound
/// ([`TileDivides`]); [`TilerDivides::uneven`] finds a run-time mode the
/// policy checks that is not tiled exactly.
///
/// # Examples
/// ```
/// use cute_static::partition::rules::{TilerDivides, Uneven};
/// use cute_static::partition::Outer;
/// use cute_static::{shape, tile};
/// fn uneven<S, T: TilerDivides<S, Outer>>(s: S, t: T) -> Option<Uneven> {
///     t.uneven(&s)
/// }
/// // a static shape: the bound is the check
/// assert_eq!(uneven(shape!(128, 8), tile!(32, 8)), None);
/// // a run-time extent: checked by `uneven`
/// let u = uneven(shape!(128, {12}), tile!(32, 8)).unwrap();
/// assert_eq!((u.extent, u.size, u.mode), (8, 12, Some(1)));
/// ```
pub trait TilerDivides<S, P> {
    /// The first mode not tiled exactly.
    fn uneven(&self, s: &S) -> Option<Uneven>;
}
macro_rules! whole_tiler {
    ([$($g:tt)*] $t:ty) => {
        /// Not a tuple: the tiler divides the whole layout.
        impl<$($g)* S, P> TilerDivides<S, P> for $t
        where
            $t: EntryDivides<S, P>,
        {
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn uneven(&self, s: &S) -> Option<Uneven> {
                EntryDivides::uneven(self, s, None)
            }
        }
    };
}
whole_tiler!([] UTerm);
whole_tiler!([U: Unsigned, B: Bit,] UInt<U, B>);
whole_tiler!([] i64);
whole_tiler!([] Keep);
whole_tiler!([SB: HTuple, DB: HTuple,] Layout<SB, DB>);
/// `()`: nothing divided.
impl<S, P> TilerDivides<S, P> for HNil {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn uneven(&self, _: &S) -> Option<Uneven> {
        None
    }
}
/// A tuple: mode by mode, from mode 0.
impl<TH, TT, S, P> TilerDivides<S, P> for HCons<TH, TT>
where
    HCons<TH, TT>: ModesDivide<S, P>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn uneven(&self, s: &S) -> Option<Uneven> {
        self.modes_uneven(s, Some(0), 1)
    }
}

/// The rule a partition side `Self` enforces on a tiler `T` (normal form)
/// and the shape `S` it divides: [`Outer`] and [`Inner`] by
/// [`TilerDivides`], [`Unchecked`] none.
pub trait PartitionRule<T, S>: Side {
    /// `Ok` iff the run-time part of the rule holds; `op` names the
    /// partition in the error.
    fn check(t: &T, s: &S, op: &'static str) -> Result<()>;
}
macro_rules! checked_side {
    ($w:ty) => {
        impl<T: TilerDivides<S, $w>, S> PartitionRule<T, S> for $w {
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn check(t: &T, s: &S, op: &'static str) -> Result<()> {
                match t.uneven(s) {
                    None => Ok(()),
                    Some(u) => Err(u.error(op)),
                }
            }
        }
    };
}
checked_side!(Inner);
checked_side!(Outer);
impl<W: Side, T, S> PartitionRule<T, S> for Unchecked<W> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn check(_: &T, _: &S, _: &'static str) -> Result<()> {
        Ok(())
    }
}
