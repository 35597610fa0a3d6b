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

use cute_core::Result;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, B0, B1, U0, U1};

use super::coalesce::Coal;
use super::complement::{complement_modes, ComplementModes, ComplementOf};
use super::composition::{lhs_modes, AddReach, CarryFree, ComposeTree, Lhs, ReachSum};
use super::detail::{one, pair, FromModes, ModesOf, Pair, ToModes};
use super::mixed;
use super::regroup::{Flat, KeepInRest, RegroupLayout, Tiled, Zip2};
use super::tiler::{
    Apply, ApplyLayout, AtMode, AtModeOf, IntTiler, IntoTiler, Parts, PrependTo, TilerFits,
};
use super::{AllStatic, IntoResult, MixedOf, Path, Returns, TilerOf, Unreachable};
use crate::coord::Keep;
use crate::htuple::{HTuple, Leaf, StaticBit, Tuple};
use crate::layout::Layout;
use crate::shape::{Size, SizeOf};

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

/// The two ways to zip a divide.
pub trait ZippedPath<S, D, T> {
    /// The result's layout type.
    type Output;
    /// The result.
    fn run(s: &S, d: &D, t: &T) -> Result<Self::Output>;
}
/// A tuple tiler, by the compiler: `((tiles...), (rests...))`.
impl<S: HTuple + ZipModes<D, HCons<TH, TT>>, D: HTuple, TH, TT> ZippedPath<S, D, HCons<TH, TT>>
    for B1
{
    type Output = Layout<Pair<S::TileS, S::RestS>, Pair<S::TileD, S::RestD>>;
    #[inline]
    fn run(s: &S, d: &D, t: &HCons<TH, TT>) -> Result<Self::Output> {
        let ((ts, td), (rs, rd)) = s.zip_modes(d, t)?;
        Layout::from_algebra(pair(ts, rs), pair(td, rd))
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
/// The parts of A divided by the tuple tiler `T`, mode by mode (mixed).
type ByModeS<S, D, T> = <T as Apply<mixed::MixedDivide, S, D>>::Shape;
/// Their strides.
type ByModeD<S, D, T> = <T as Apply<mixed::MixedDivide, S, D>>::Stride;

/// A tuple tiler with a dynamic leaf somewhere: CuTe C++'s
/// `tile_unzip(logical_divide(A, T), T)`, the mode-by-mode divide zipped
/// by the tiler (a `Keep` entry, which CuTe C++ cannot zip unless its mode
/// happens to be a pair, gives the tile `_1:_0` and the whole mode as the
/// rest, as the specification does).
impl<S: HTuple, D: HTuple, TH, TT> ZippedPath<S, D, HCons<TH, TT>> for B0
where
    HCons<TH, TT>: Apply<mixed::MixedDivide, S, D>,
    ByModeS<S, D, HCons<TH, TT>>: Zip2<ByModeD<S, D, HCons<TH, TT>>, HCons<TH, TT>, KeepInRest>,
{
    type Output = Layout<
        Pair<
            <ByModeS<S, D, HCons<TH, TT>> as Zip2<
                ByModeD<S, D, HCons<TH, TT>>,
                HCons<TH, TT>,
                KeepInRest,
            >>::S0,
            <ByModeS<S, D, HCons<TH, TT>> as Zip2<
                ByModeD<S, D, HCons<TH, TT>>,
                HCons<TH, TT>,
                KeepInRest,
            >>::S1,
        >,
        Pair<
            <ByModeS<S, D, HCons<TH, TT>> as Zip2<
                ByModeD<S, D, HCons<TH, TT>>,
                HCons<TH, TT>,
                KeepInRest,
            >>::D0,
            <ByModeS<S, D, HCons<TH, TT>> as Zip2<
                ByModeD<S, D, HCons<TH, TT>>,
                HCons<TH, TT>,
                KeepInRest,
            >>::D1,
        >,
    >;
    #[inline]
    fn run(s: &S, d: &D, t: &HCons<TH, TT>) -> Result<Self::Output> {
        let (s, d) = Apply::<mixed::MixedDivide, S, D>::apply(t, s, d)?;
        let ((s0, d0), (s1, d1)) = s.zip2(d);
        Layout::from_algebra(pair(s0, s1), pair(d0, d1))
    }
}

tiler_op!(
    /// The logical divide of A by a tuple tiler with the tiles and the rests
    /// gathered: `((A0 o T0, A1 o T1, ...), (A0 o T0*, A1 o T1*, ..., A_k...))`
    /// with `Ti* = complement(Ti, size(Ai))` (the specification's
    /// `logical_divide(A, tiler_to_layout(T))`). A layout tiler gives the
    /// logical divide. A [`Keep`] entry has the tile `1:0` and its whole mode
    /// as the rest; a nested tuple entry divides the sub-modes of its mode
    /// and zips them in its nesting (the tile `(A1_0 o T1_0, ...)` and the
    /// rest `(A1_0 o T1_0*, ...)`). The result is always a layout of
    /// integer strides, static where the operands are: the specification's
    /// coordinate layouts (`tiler_to_layout`'s strides `E(i)`) arise only
    /// for an `A` that is not a layout, which this crate does not take.
    ///
    /// # Pre-conditions
    /// As [`logical_divide`].
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

// ------------------------------------------------------------------ zipped_divide by mode

/// One mode `A_i` of a zipped divide and its tiler entry: the tile (none
/// for a missing entry) and the rest.
pub trait ZipEntry<S, D> {
    /// The tile modes to prepend (`HNil` or a one-element list).
    type TileS: Tuple;
    /// Their strides.
    type TileD: Tuple;
    /// The rest's shape.
    type RestS: HTuple;
    /// The rest's stride.
    type RestD: HTuple;
    /// The tile and the rest.
    #[allow(clippy::type_complexity)]
    fn zip_entry(
        &self,
        s: &S,
        d: &D,
    ) -> Result<((Self::TileS, Self::TileD), (Self::RestS, Self::RestD))>;
}

/// No tiler entry: no tile; the rest is the mode `A_i` itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Missing;

impl<S: HTuple, D: HTuple> ZipEntry<S, D> for Missing {
    type TileS = HNil;
    type TileD = HNil;
    type RestS = S;
    type RestD = D;
    #[inline]
    fn zip_entry(&self, s: &S, d: &D) -> Result<((HNil, HNil), (S, D))> {
        Ok(((HNil, HNil), (*s, *d)))
    }
}
/// `Keep`: the tile is `1:0`, the rest is the mode `A_i` itself.
impl<S: HTuple, D: HTuple> ZipEntry<S, D> for Keep {
    type TileS = HCons<U1, HNil>;
    type TileD = HCons<U0, HNil>;
    type RestS = S;
    type RestD = D;
    #[inline]
    #[allow(clippy::type_complexity)]
    fn zip_entry(
        &self,
        s: &S,
        d: &D,
    ) -> Result<((Self::TileS, Self::TileD), (Self::RestS, Self::RestD))> {
        Ok((Default::default(), (*s, *d)))
    }
}
/// A static layout tiler `B = SB:DB` (as its parts): the tile `A_i o B`,
/// the rest `A_i o complement(B, size(A_i))`.
impl<S, D, SB: HTuple, DB: HTuple> ZipEntry<S, D> for (SB, DB)
where
    S: Size + ToModes<D>,
    ModesOf<S, D>: Coal<HNil, typenum::B1>,
    SB: ToModes<DB>,
    ModesOf<SB, DB>: ComplementModes<SizeOf<S>>,
    Lhs<S, D>: ComposeTree<SB, DB>
        + ComposeTree<
            <ComplementOf<SB, DB, SizeOf<S>> as FromModes>::Shape,
            <ComplementOf<SB, DB, SizeOf<S>> as FromModes>::Stride,
        >,
    <Lhs<S, D> as ComposeTree<SB, DB>>::Reach: AddReach<
        <Lhs<S, D> as ComposeTree<
            <ComplementOf<SB, DB, SizeOf<S>> as FromModes>::Shape,
            <ComplementOf<SB, DB, SizeOf<S>> as FromModes>::Stride,
        >>::Reach,
    >,
    Lhs<S, D>: CarryFree<
        ReachSum<
            <Lhs<S, D> as ComposeTree<SB, DB>>::Reach,
            <Lhs<S, D> as ComposeTree<
                <ComplementOf<SB, DB, SizeOf<S>> as FromModes>::Shape,
                <ComplementOf<SB, DB, SizeOf<S>> as FromModes>::Stride,
            >>::Reach,
        >,
    >,
{
    type TileS = HCons<<Lhs<S, D> as ComposeTree<SB, DB>>::Shape, HNil>;
    type TileD = HCons<<Lhs<S, D> as ComposeTree<SB, DB>>::Stride, HNil>;
    type RestS = <Lhs<S, D> as ComposeTree<
        <ComplementOf<SB, DB, SizeOf<S>> as FromModes>::Shape,
        <ComplementOf<SB, DB, SizeOf<S>> as FromModes>::Stride,
    >>::Shape;
    type RestD = <Lhs<S, D> as ComposeTree<
        <ComplementOf<SB, DB, SizeOf<S>> as FromModes>::Shape,
        <ComplementOf<SB, DB, SizeOf<S>> as FromModes>::Stride,
    >>::Stride;
    #[inline]
    #[allow(clippy::type_complexity)]
    fn zip_entry(
        &self,
        s: &S,
        d: &D,
    ) -> Result<((Self::TileS, Self::TileD), (Self::RestS, Self::RestD))> {
        let af = lhs_modes(s, d)?;
        let (rs, rd) = complement_modes::<SB, DB, SizeOf<S>>(&s.size())?.parts();
        let (ts, td) = ComposeTree::<SB, DB>::compose_tree(&af, &self.0, &self.1)?;
        let rest = af.compose_tree(&rs, &rd)?;
        Ok(((one(ts), one(td)), rest))
    }
}
/// A nested tuple of tilers for a tuple mode `A_i`: the mode divided by
/// it, zipped inside: the tile is the tuple of its tiles (one mode of the
/// result's tile mode, in the tiler's nesting), the rest the tuple of its
/// rests (CuTe C++'s `zip2_by` with a nested guide; the specification's
/// `logical_divide(A, tiler_to_layout(T))`).
impl<S, D, TH, TT> ZipEntry<S, D> for HCons<TH, TT>
where
    S: ZipModes<D, HCons<TH, TT>>,
{
    type TileS = HCons<S::TileS, HNil>;
    type TileD = HCons<S::TileD, HNil>;
    type RestS = S::RestS;
    type RestD = S::RestD;
    #[inline]
    #[allow(clippy::type_complexity)]
    fn zip_entry(
        &self,
        s: &S,
        d: &D,
    ) -> Result<((Self::TileS, Self::TileD), (Self::RestS, Self::RestD))> {
        let ((ts, td), rest) = s.zip_modes(d, self)?;
        Ok(((one(ts), one(td)), rest))
    }
}
macro_rules! delegate_zip_entry {
    ([$($g:tt)*] $t:ty, $sb:ty, $db:ty, |$x:ident| $parts:expr) => {
        impl<$($g)* S, D> ZipEntry<S, D> for $t
        where
            ($sb, $db): ZipEntry<S, D>,
        {
            type TileS = <($sb, $db) as ZipEntry<S, D>>::TileS;
            type TileD = <($sb, $db) as ZipEntry<S, D>>::TileD;
            type RestS = <($sb, $db) as ZipEntry<S, D>>::RestS;
            type RestD = <($sb, $db) as ZipEntry<S, D>>::RestD;
            #[inline]
            #[allow(clippy::type_complexity)]
            fn zip_entry(&self, s: &S, d: &D) -> Result<((Self::TileS, Self::TileD), (Self::RestS, Self::RestD))> {
                let $x = self;
                $parts.zip_entry(s, d)
            }
        }
    };
}
delegate_zip_entry!([SB: HTuple, DB: HTuple,] Layout<SB, DB>, SB, DB, |l| (*l.shape(), *l.stride()));
delegate_zip_entry!([] UTerm, UTerm, U1, |n| (*n, U1::new()));
delegate_zip_entry!([U: Unsigned, B: Bit,] UInt<U, B>, UInt<U, B>, U1, |n| (*n, U1::new()));

/// `zipped_divide` of the layout `Self:D` by a tuple of tilers `T`, mode by
/// mode: the tiles and the rests gathered in two tuples.
pub trait ZipModes<D, T>: HTuple {
    /// The tiles' shapes.
    type TileS: Tuple;
    /// The tiles' strides.
    type TileD: Tuple;
    /// The rests' shapes.
    type RestS: Tuple;
    /// The rests' strides.
    type RestD: Tuple;
    /// The tiles and the rests.
    #[allow(clippy::type_complexity)]
    fn zip_modes(
        &self,
        d: &D,
        t: &T,
    ) -> Result<((Self::TileS, Self::TileD), (Self::RestS, Self::RestD))>;
}
impl ZipModes<HNil, HNil> for HNil {
    type TileS = HNil;
    type TileD = HNil;
    type RestS = HNil;
    type RestD = HNil;
    #[inline]
    #[allow(clippy::type_complexity)]
    fn zip_modes(&self, _: &HNil, _: &HNil) -> Result<((HNil, HNil), (HNil, HNil))> {
        Ok(((HNil, HNil), (HNil, HNil)))
    }
}
/// A tiler longer than the layout: its entries past the layout's rank may
/// only be `Keep`, each a tile `1:0` of no mode of A (the specification
/// promotes the tiler to a layout, which has those modes); any other entry
/// there is an error.
impl<TH: Extra, TT> ZipModes<HNil, HCons<TH, TT>> for HNil
where
    TH::Ok: TilerFits<HCons<TH, TT>>,
    HNil: ZipModes<HNil, TT>,
    <HNil as ZipModes<HNil, TT>>::TileS: Tuple,
{
    type TileS = HCons<U1, <HNil as ZipModes<HNil, TT>>::TileS>;
    type TileD = HCons<U0, <HNil as ZipModes<HNil, TT>>::TileD>;
    type RestS = HNil;
    type RestD = HNil;
    #[inline]
    #[allow(clippy::type_complexity)]
    fn zip_modes(
        &self,
        _: &HNil,
        _: &HCons<TH, TT>,
    ) -> Result<((Self::TileS, Self::TileD), (HNil, HNil))> {
        Ok(Default::default())
    }
}

/// A tiler entry past the layout's rank: `Ok` is `B1` for `Keep` only.
pub trait Extra {
    /// `B1` iff the entry may stand past the layout's rank.
    type Ok: StaticBit;
}
impl Extra for Keep {
    type Ok = typenum::B1;
}
macro_rules! not_extra {
    ([$($g:tt)*] $t:ty) => {
        /// Not an entry past the layout's rank: the tiler is too long.
        impl<$($g)*> Extra for $t {
            type Ok = B0;
        }
    };
}
not_extra!([SB: HTuple, DB: HTuple] crate::layout::Layout<SB, DB>);
not_extra!([] UTerm);
not_extra!([U: Unsigned, B: Bit] UInt<U, B>);
not_extra!([] i64);
not_extra!([H, T] HCons<H, T>);
not_extra!([] HNil);

/// The entry of a by-mode tiler for the next mode of the layout, and the
/// entries after it; once the tiler has run out, the entry is [`Missing`].
pub trait NextEntry {
    /// The entry.
    type Head;
    /// The entries after it.
    type Tail;
    /// The entry and the entries after it.
    fn next_entry(&self) -> (&Self::Head, &Self::Tail);
}
impl NextEntry for HNil {
    type Head = Missing;
    type Tail = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn next_entry(&self) -> (&Missing, &HNil) {
        (&Missing, self)
    }
}
impl<TH, TT> NextEntry for HCons<TH, TT> {
    type Head = TH;
    type Tail = TT;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn next_entry(&self) -> (&TH, &TT) {
        (&self.head, &self.tail)
    }
}

/// A mode and its tiler entry (or none), then the others.
impl<SH, ST, DH, DT, T: NextEntry> ZipModes<HCons<DH, DT>, T> for HCons<SH, ST>
where
    SH: HTuple,
    ST: Tuple + ZipModes<DT, T::Tail>,
    T::Head: ZipEntry<SH, DH>,
    <T::Head as ZipEntry<SH, DH>>::TileS: PrependTo<ST::TileS>,
    <T::Head as ZipEntry<SH, DH>>::TileD: PrependTo<ST::TileD>,
{
    type TileS = <<T::Head as ZipEntry<SH, DH>>::TileS as PrependTo<ST::TileS>>::Output;
    type TileD = <<T::Head as ZipEntry<SH, DH>>::TileD as PrependTo<ST::TileD>>::Output;
    type RestS = HCons<<T::Head as ZipEntry<SH, DH>>::RestS, ST::RestS>;
    type RestD = HCons<<T::Head as ZipEntry<SH, DH>>::RestD, ST::RestD>;
    #[inline]
    #[allow(clippy::type_complexity)]
    fn zip_modes(
        &self,
        d: &HCons<DH, DT>,
        t: &T,
    ) -> Result<((Self::TileS, Self::TileD), (Self::RestS, Self::RestD))> {
        let (th, tt) = t.next_entry();
        let ((hts, htd), (hrs, hrd)) = th.zip_entry(&self.head, &d.head)?;
        let ((tts, ttd), (trs, trd)) = self.tail.zip_modes(&d.tail, tt)?;
        Ok((
            (hts.prepend_to(tts), htd.prepend_to(ttd)),
            (
                HCons {
                    head: hrs,
                    tail: trs,
                },
                HCons {
                    head: hrd,
                    tail: trd,
                },
            ),
        ))
    }
}
macro_rules! leaf_zip_modes {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf layout is its own only mode.
        impl<$($g)* D: Leaf, TH, TT> ZipModes<D, HCons<TH, TT>> for $t
        where
            HCons<$t, HNil>: ZipModes<HCons<D, HNil>, HCons<TH, TT>>,
        {
            type TileS = <HCons<$t, HNil> as ZipModes<HCons<D, HNil>, HCons<TH, TT>>>::TileS;
            type TileD = <HCons<$t, HNil> as ZipModes<HCons<D, HNil>, HCons<TH, TT>>>::TileD;
            type RestS = <HCons<$t, HNil> as ZipModes<HCons<D, HNil>, HCons<TH, TT>>>::RestS;
            type RestD = <HCons<$t, HNil> as ZipModes<HCons<D, HNil>, HCons<TH, TT>>>::RestD;
            #[inline]
            #[allow(clippy::type_complexity)]
            fn zip_modes(&self, d: &D, t: &HCons<TH, TT>) -> Result<((Self::TileS, Self::TileD), (Self::RestS, Self::RestD))> {
                HCons { head: *self, tail: HNil }.zip_modes(&HCons { head: *d, tail: HNil }, t)
            }
        }
    };
}
leaf_zip_modes!([] UTerm);
leaf_zip_modes!([U: Unsigned, B: Bit,] UInt<U, B>);
leaf_zip_modes!([] i64);
