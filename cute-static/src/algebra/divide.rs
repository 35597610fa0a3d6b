//! The divides: the operations ([`logical_divide`], [`zipped_divide`],
//! [`tiled_divide`], [`flat_divide`], [`logical_divide_at`]), and the steps
//! of static operands.
//!
//! ```text
//! logical_divide(A, B)  = A o (B, complement(B, shape(A)))      (tile, rest)
//! zipped_divide(A, (B0, B1, ...)) = ((A0 o B0, A1 o B1, ...), (A0 o B0*, A1 o B1*, ...))
//!                         with Bi* = complement(Bi, size(Ai))
//! ```
//!
//! A tuple tiler divides mode by mode, the remaining modes unchanged. The
//! tiles of a divide are complemented, so they must be static; the layout
//! divided may have dynamic leaves (a matrix of run-time extents by a
//! static tile), and then the rest modes are computed at run time
//! (ceil-div extents, as CuTe C++ computes them).
//!
//! `zipped_divide` by a tuple tiler is one composition for static and
//! mixed operands, CuTe C++'s `tile_unzip(logical_divide(A, T), T)`: the
//! by-mode [`logical_divide`] (with its static divisibility bounds, or
//! CuTe C++'s divide for a dynamic leaf), then [`Zip2`](super::Zip2) by the
//! tiler. The specification's `zipped_divide(A, T)` is `logical_divide(A,
//! tiler_to_layout(T))`, so a tuple tiler may also be longer than A when
//! its entries past A's rank are `Keep`, each a tile mode `1:0` with
//! nothing in the rest: A is divided by the tiler cut to its rank
//! ([`TruncateTo`]), and the zip meets the entries past it (any other entry
//! there does not compile).

use cute_core::Result;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, U1};

use super::coalesce::Coal;
use super::complement::{complement_modes, ComplementModes, ComplementOf};
use super::composition::{lhs_modes, AddReach, CarryFree, ComposeTree, Lhs, ReachSum};
use super::detail::{pair, FromModes, ModesOf, Pair, ToModes};
use super::mixed;
use super::regroup::{Flat, KeepInRest, RegroupLayout, Tiled, ZipBy};
use super::tiler::{ApplyLayout, AtMode, AtModeOf, IntTiler, IntoTiler, Parts};
use super::{AllStatic, IntoResult, MixedOf, Path, Returns, TilerOf, Unreachable};
use crate::coord::Keep;
use crate::htuple::HTuple;
use crate::layout::Layout;

// ------------------------------------------------------------------ the operations

tiler_op!(
    /// Splits A by the tile T: `A / T = A o (T, complement(T, shape(A)))`.
    /// Mode 0 of the result is the elements the tile selects, mode 1 the
    /// layout of the tiles. A tuple tiler divides mode by mode (`(A0 / T0,
    /// A1 / T1, ..., A_k...)`).
    ///
    /// # Pre-conditions
    /// T divides A (composition's divisibility conditions hold; a trait
    /// bound for static operands); a by-mode T has at most A's rank.
    ///
    /// # Post-conditions
    /// - `rank(result) == 2` for a layout T
    /// - `result[0] == composition(A, T)`
    ///
    /// # Errors
    /// With a dynamic leaf: a divisibility `ValueError` found at run time
    /// (CuTe C++'s `A o (T, complement(T, shape(coalesce(A))))`).
    ///
    /// # Examples
    /// ```
    /// use cute_static::{layout, logical_divide, tile};
    /// assert_eq!(logical_divide(layout!(24), layout!(4 : 2)).to_string(), "(_4,(_2,_3)):(_2,(_1,_8))");
    /// assert_eq!(logical_divide(layout!((3, 8)), (cute_static::Keep, layout!(4 : 2))).to_string(),
    ///            "(_3,(_4,_2)):(_1,(_6,_3))");
    /// // a matrix of run-time extents by a static tile
    /// let (m, n, ld) = (300, 200, 304);
    /// let a = layout!((m, n) : (1, ld)).unwrap();
    /// let t = logical_divide(a, tile!(128, 64)).unwrap();
    /// // static tile modes, run-time rest modes: ceil(300 / 128) = 3, ceil(200 / 64) = 4
    /// assert_eq!(t.to_string(), "((_128,3),(_64,4)):((_1,_128),(304,19456))");
    /// ```
    LogicalDivide, logical_divide, LogicalDivided, [Path<DivideOp, S, D, TilerOf<T>>], AllStatic<S, D, TilerOf<T>>, "CuTe logical_divide: `{Self}` cannot be divided by `{T}`"
);

/// How `zipped_divide` computes, by its tiler: a layout or an integer
/// gives the logical divide; a tuple divides A mode by mode and zips the
/// result by the tiler.
pub trait ZippedPath<S, D, T> {
    /// The result's layout type.
    type Output;
    /// The result.
    fn run(s: &S, d: &D, t: &T) -> Result<Self::Output>;
}
/// The by-mode divide of A by the tuple tiler `T`, cut to A's rank.
type ByModeDivided<X, S, D, T> = <X as Path<DivideOp, S, D, TruncatedTo<T, S>>>::Output;
/// A tuple tiler: the by-mode logical divide by the tiler cut to A's rank
/// (for static operands the specification's, whose divisibility conditions
/// are trait bounds; otherwise CuTe C++'s), zipped by the whole tiler with
/// [`Zip2`](super::Zip2): CuTe C++'s `tile_unzip(logical_divide(A, T),
/// T)`. A `Keep` entry gives the tile `_1:_0` and its whole mode as the
/// rest (CuTe C++ zips it only when its mode happens to be a pair; this is
/// the specification's value), and so does a `Keep` entry past A's rank,
/// with no mode in the rest.
impl<S: HTuple, D: HTuple, TH, TT, X> ZippedPath<S, D, HCons<TH, TT>> for X
where
    HCons<TH, TT>: TruncateTo<S>,
    X: Path<DivideOp, S, D, TruncatedTo<HCons<TH, TT>, S>>,
    ByModeDivided<X, S, D, HCons<TH, TT>>: RegroupLayout<ZipBy<HCons<TH, TT>, KeepInRest>>,
{
    type Output = <ByModeDivided<X, S, D, HCons<TH, TT>> as RegroupLayout<
        ZipBy<HCons<TH, TT>, KeepInRest>,
    >>::Output;
    #[inline]
    fn run(s: &S, d: &D, t: &HCons<TH, TT>) -> Result<Self::Output> {
        X::run(s, d, &t.truncate_to())?.regroup_layout()
    }
}
macro_rules! zipped_as_logical {
    ([$($g:tt)*] $t:ty) => {
        /// A layout or integer tiler: the logical divide.
        impl<$($g)* S: HTuple, D: HTuple, X> ZippedPath<S, D, $t> for X
        where
            X: Path<DivideOp, S, D, $t>,
        {
            type Output = <X as Path<DivideOp, S, D, $t>>::Output;
            #[inline]
            fn run(s: &S, d: &D, t: &$t) -> Result<Self::Output> {
                <X as Path<DivideOp, S, D, $t>>::run(s, d, t)
            }
        }
    };
}
zipped_as_logical!([SB: HTuple, DB: HTuple,] Layout<SB, DB>);
zipped_as_logical!([] typenum::UTerm);
zipped_as_logical!([U: typenum::Unsigned, B: typenum::Bit,] typenum::UInt<U, B>);
zipped_as_logical!([] i64);

/// A tiler cut to the modes of a layout of shape `S`: a tuple keeps its
/// first `rank(S)` entries (a leaf layout is its own only mode), a nested
/// tuple entry for a tuple mode is cut to that mode's rank in turn, and any
/// other tiler is itself. The by-mode divide takes the cut tiler, which
/// fits A; the zip takes the whole one, and meets the entries cut off past
/// the last mode.
pub trait TruncateTo<S> {
    /// The cut tiler.
    type Output;
    /// The cut tiler.
    fn truncate_to(&self) -> Self::Output;
}
/// The tiler `T` cut to the modes of the shape `S`.
type TruncatedTo<T, S> = <T as TruncateTo<S>>::Output;
macro_rules! truncate_as_is {
    ([$($g:tt)*] $t:ty) => {
        /// Not a tuple: as it is.
        impl<$($g)* S> TruncateTo<S> for $t {
            type Output = Self;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn truncate_to(&self) -> Self {
                *self
            }
        }
    };
}
truncate_as_is!([SB: HTuple, DB: HTuple,] Layout<SB, DB>);
truncate_as_is!([] UTerm);
truncate_as_is!([U: Unsigned, B: Bit,] UInt<U, B>);
truncate_as_is!([] i64);
truncate_as_is!([] Keep);
truncate_as_is!([] HNil);
/// No mode left: nothing of the tiler.
impl<TH, TT> TruncateTo<HNil> for HCons<TH, TT> {
    type Output = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn truncate_to(&self) -> HNil {
        HNil
    }
}
/// The entry of the first mode cut to it, then the others.
impl<TH: TruncateTo<SH>, TT: TruncateTo<ST>, SH, ST> TruncateTo<HCons<SH, ST>> for HCons<TH, TT> {
    type Output = HCons<TH::Output, TT::Output>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn truncate_to(&self) -> Self::Output {
        HCons {
            head: self.head.truncate_to(),
            tail: self.tail.truncate_to(),
        }
    }
}
macro_rules! leaf_truncate {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf layout is its own only mode.
        impl<$($g)* TH: TruncateTo<$t>, TT> TruncateTo<$t> for HCons<TH, TT> {
            type Output = HCons<TH::Output, HNil>;
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn truncate_to(&self) -> Self::Output {
                HCons {
                    head: self.head.truncate_to(),
                    tail: HNil,
                }
            }
        }
    };
}
leaf_truncate!([] UTerm);
leaf_truncate!([U: Unsigned, B: Bit,] UInt<U, B>);
leaf_truncate!([] i64);

tiler_op!(
    /// The logical divide of A by a tuple tiler with the tiles and the rests
    /// gathered: `((A0 o T0, A1 o T1, ...), (A0 o T0*, A1 o T1*, ..., A_k...))`
    /// with `Ti* = complement(Ti, size(Ai))` (the specification's
    /// `logical_divide(A, tiler_to_layout(T))`). A layout tiler gives the
    /// logical divide. A [`Keep`] entry has the tile `1:0` and its whole mode
    /// as the rest; a nested tuple entry divides the sub-modes of its mode
    /// and zips them in its nesting (the tile `(A1_0 o T1_0, ...)` and the
    /// rest `(A1_0 o T1_0*, ...)`). A tuple shorter than A leaves the modes
    /// it does not reach to the rest (`A_k...`); one longer than A (or a
    /// nested one longer than its mode) may have only `Keep` entries past
    /// the rank, each a tile mode `1:0` with nothing in the rest (the
    /// promoted tiler has those modes). Static and mixed operands take the
    /// same steps: the by-mode [`logical_divide`] by the tiler cut to A's
    /// rank, then the zip by the tiler (CuTe C++'s `zip2_by`, which
    /// [`zipped_product`](crate::zipped_product) takes too). The result is
    /// always a layout of integer strides, static where the operands are:
    /// the specification's coordinate layouts (`tiler_to_layout`'s strides
    /// `E(i)`) arise only for an `A` that is not a layout, which this crate
    /// does not take.
    ///
    /// # Pre-conditions
    /// As [`logical_divide`], but a tuple T may be longer than A when its
    /// entries past A's rank are `Keep` (a trait bound).
    ///
    /// # Post-conditions
    /// - `rank(result) == 2`; `result[0] == composition(A, T)`
    ///
    /// # Errors
    /// As [`logical_divide`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{layout, tile, zipped_divide};
    /// let a = layout!((9, 32));
    /// let z = zipped_divide(a, (layout!(3 : 3), layout!((2, 4) : (1, 8))));
    /// assert_eq!(z.to_string(), "((_3,(_2,_4)),(_3,_4)):((_3,(_9,_72)),(_1,_18))");
    /// // the tiling idiom: static tile modes, run-time rest modes
    /// let (m, n) = (4096, 4096);
    /// let t = zipped_divide(layout!((m, n) : (1, m)).unwrap(), tile!(128, 64)).unwrap();
    /// assert_eq!(t.to_string(), "((_128,_64),(32,64)):((_1,4096),(_128,262144))");
    /// // a nested tiler, and Keep inside it
    /// let b = layout!((8, (4, 6)));
    /// assert_eq!(zipped_divide(b, tile!(2, (2, 3))).to_string(),
    ///            "((_2,(_2,_3)),(_4,(_2,_2))):((_1,(_8,_32)),(_2,(_16,_96)))");
    /// assert_eq!(zipped_divide(b, tile!(2, (_, 3))).to_string(),
    ///            "((_2,(_1,_3)),(_4,(_4,_2))):((_1,(_0,_32)),(_2,(_8,_96)))");
    /// // a tiler shorter than A, and one longer by Keep entries
    /// let c = layout!((4, 6));
    /// assert_eq!(zipped_divide(c, tile!(2,)).to_string(), "((_2),(_2,_6)):((_1),(_2,_4))");
    /// assert_eq!(zipped_divide(c, tile!(2, _, _)).to_string(),
    ///            "((_2,_1,_1),(_2,_6)):((_1,_0,_0),(_2,_4))");
    /// ```
    ZippedDivide, zipped_divide, ZippedDivided, [ZippedPath<S, D, TilerOf<T>>], AllStatic<S, D, TilerOf<T>>, "CuTe zipped_divide: `{Self}` cannot be divided by `{T}`"
);

regrouped_op!(
    /// The zipped divide with the rest's modes unpacked: `((tiles...),
    /// rest_0, rest_1, ...)` (CuTe C++'s `tiled_divide`).
    ///
    /// # Pre-conditions
    /// As [`logical_divide`].
    ///
    /// # Errors
    /// As [`logical_divide`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{layout, tile, tiled_divide};
    /// let (m, n) = (4096, 4096);
    /// let t = tiled_divide(layout!((m, n) : (1, m)).unwrap(), tile!(128, 64)).unwrap();
    /// assert_eq!(t.to_string(), "((_128,_64),32,64):((_1,4096),_128,262144)");
    /// ```
    TiledDivide, tiled_divide, TiledDivided, ZippedDivide, zipped_divide, Tiled, "CuTe tiled_divide: `{Self}` cannot be divided by `{T}`", "the tiler is a layout, an integer, `Keep`, or a tuple of tilers (one per mode)"
);
regrouped_op!(
    /// The zipped divide with both modes unpacked: `(tile_0, tile_1, ...,
    /// rest_0, rest_1, ...)` (CuTe C++'s `flat_divide`).
    ///
    /// # Pre-conditions
    /// As [`logical_divide`].
    ///
    /// # Errors
    /// As [`logical_divide`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{flat_divide, layout, tile};
    /// assert_eq!(flat_divide(layout!((16, 16)), tile!(4, 8)).to_string(),
    ///            "(_4,_8,_4,_2):(_1,_16,_4,_128)");
    /// ```
    FlatDivide, flat_divide, FlatDivided, ZippedDivide, zipped_divide, Flat, "CuTe flat_divide: `{Self}` cannot be divided by `{T}`", "the tiler is a layout, an integer, `Keep`, or a tuple of tilers (one per mode)"
);

ambiguity_guard!(LogicalDivide, logical_divide);
ambiguity_guard!(ZippedDivide, zipped_divide);
ambiguity_guard!(TiledDivide, tiled_divide);
ambiguity_guard!(FlatDivide, flat_divide);

at_mode_fn!(
    /// `logical_divide[I](A, B)`: A with its mode `I` divided by B. For a
    /// layout B this is also the specification's `zipped_divide[I](A, B)`.
    ///
    /// # Pre-conditions
    /// As [`logical_divide`]; `I < rank(A)` (a trait bound).
    ///
    /// # Errors
    /// As [`logical_divide`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{algebra::logical_divide_at, layout};
    /// let d = logical_divide_at::<1, _, _>(layout!((3, 8)), layout!(4 : 2));
    /// assert_eq!(d.to_string(), "(_3,(_4,_2)):(_1,(_6,_3))");
    /// ```
    logical_divide_at, LogicalDivide, logical_divide
);

// ------------------------------------------------------------------ the logical divide's step

/// `A o (B, complement(B, shape(A)))`.
#[derive(Clone, Copy, Debug, Default)]
pub struct DivideOp;

/// The specification's integer tiler `n` is the layout `n:1`.
impl<N> IntTiler<N> for DivideOp {
    type Stride = U1;
}
/// Operands with a dynamic leaf: CuTe C++'s divide.
impl MixedOf for DivideOp {
    type Mixed = mixed::MixedDivide;
}

/// `A o (B, complement(B, shape(A)))` for a static layout `B = SB:DB`.
impl<S, D, SB, DB> ApplyLayout<S, D, SB, DB> for DivideOp
where
    S: ToModes<D> + HTuple,
    ModesOf<S, D>: Coal<HNil, typenum::B1>,
    SB: ToModes<DB>,
    ModesOf<SB, DB>: ComplementModes<S>,
    Lhs<S, D>: ComposeTree<SB, DB>
        + ComposeTree<
            <ComplementOf<SB, DB, S> as FromModes>::Shape,
            <ComplementOf<SB, DB, S> as FromModes>::Stride,
        >,
    <Lhs<S, D> as ComposeTree<SB, DB>>::Shape: HTuple,
    <Lhs<S, D> as ComposeTree<SB, DB>>::Reach: AddReach<
        <Lhs<S, D> as ComposeTree<
            <ComplementOf<SB, DB, S> as FromModes>::Shape,
            <ComplementOf<SB, DB, S> as FromModes>::Stride,
        >>::Reach,
    >,
    Lhs<S, D>: CarryFree<
        ReachSum<
            <Lhs<S, D> as ComposeTree<SB, DB>>::Reach,
            <Lhs<S, D> as ComposeTree<
                <ComplementOf<SB, DB, S> as FromModes>::Shape,
                <ComplementOf<SB, DB, S> as FromModes>::Stride,
            >>::Reach,
        >,
    >,
{
    type Shape = Pair<
        <Lhs<S, D> as ComposeTree<SB, DB>>::Shape,
        <Lhs<S, D> as ComposeTree<
            <ComplementOf<SB, DB, S> as FromModes>::Shape,
            <ComplementOf<SB, DB, S> as FromModes>::Stride,
        >>::Shape,
    >;
    type Stride = Pair<
        <Lhs<S, D> as ComposeTree<SB, DB>>::Stride,
        <Lhs<S, D> as ComposeTree<
            <ComplementOf<SB, DB, S> as FromModes>::Shape,
            <ComplementOf<SB, DB, S> as FromModes>::Stride,
        >>::Stride,
    >;
    #[inline]
    fn apply_layout(s: &S, d: &D, sb: &SB, db: &DB) -> Result<Parts<Self::Shape, Self::Stride>> {
        let af = lhs_modes(s, d)?;
        let (rs, rd) = complement_modes::<SB, DB, S>(s)?.parts();
        let (ts, td) = ComposeTree::<SB, DB>::compose_tree(&af, sb, db)?;
        let (cs, cd) = af.compose_tree(&rs, &rd)?;
        Ok((pair(ts, cs), pair(td, cd)))
    }
}
