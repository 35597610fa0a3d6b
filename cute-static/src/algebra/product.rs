//! The products: the operations ([`logical_product`], [`zipped_product`],
//! [`tiled_product`], [`flat_product`], [`logical_product_at`], and the
//! rank-matched [`blocked_product`] and [`raked_product`]), and the steps of
//! static operands.
//!
//! ```text
//! logical_product(A, B) = (A, complement(A) o B)
//! ```
//!
//! A tuple tiler multiplies mode by mode, the remaining modes unchanged.
//! The layout of a product is complemented, so it must be static; the
//! layout of tiles may have dynamic leaves.
//!
//! The rank-matched products regroup `logical_product(A, B)` so that mode
//! `i` of the result is `(A_i, (complement(A) o B)_i)` (blocked: each tile
//! stays contiguous) or `((complement(A) o B)_i, A_i)` (raked: the tile's
//! elements spread over the grid). A must be static (it is complemented);
//! B may have dynamic leaves. `rank(A) == rank(B)` is a trait bound.

use cute_core::Result;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, B0, B1, U1};

use super::complement::{complement_modes, ComplementModes, ComplementOf};
use super::composition::ComposeTree;
use super::detail::{pair, Modes, ModesOf, Pair, ToModes};
use super::mixed;
use super::regroup::{Flat, KeepInTile, RegroupLayout, Then, Tiled, ZipBy};
use super::tiler::{ApplyLayout, AsModes, AtMode, AtModeOf, IntTiler, IntoTiler, Parts};
use super::{AllStatic, IntoResult, LayoutStatic, MixedOf, Path, Returns, TilerOf, Unreachable};
use crate::htuple::{HTuple, Leaf, Rank, StaticBit, Tuple};
use crate::layout::Layout;

// ------------------------------------------------------------------ the operations

tiler_op!(
    /// Reproduces the tile A over the layout of tiles T: `A x T = (A,
    /// complement(A) o T)`: mode 0 is A, mode 1 walks the copies. A tuple
    /// tiler multiplies mode by mode.
    ///
    /// # Pre-conditions
    /// A's modes do not overlap and `complement(A)` and T meet
    /// composition's divisibility conditions (trait bounds for static
    /// operands).
    ///
    /// # Post-conditions
    /// - `result[0] == A`, `size(result) == size(A) * size(T)` for a layout T
    ///
    /// # Errors
    /// With a dynamic leaf: a divisibility `ValueError` found at run time
    /// (CuTe C++'s `(A, complement(A, size(A) * cosize(T)) o T)`).
    ///
    /// # Examples
    /// ```
    /// use cute_static::{layout, logical_product};
    /// assert_eq!(logical_product(layout!((2, 2) : (4, 1)), layout!(6 : 1)).to_string(),
    ///            "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// assert_eq!(logical_product(layout!(3 : 1), layout!(4 : 1)).to_string(), "(_3,_4):(_1,_3)");
    /// ```
    LogicalProduct, logical_product, LogicalProducted, [Path<ProductOp, S, D, TilerOf<T>>], AllStatic<S, D, TilerOf<T>>, "CuTe logical_product: `{Self}` cannot be multiplied by `{T}`"
);

regrouped_op!(
    /// The logical product by a tuple tiler with the tiles and the copies
    /// gathered: `((A0, A1, ...), (R0, R1, ..., A_k...))` where the by-mode
    /// product is `((A0, R0), (A1, R1), ..., A_k...)` (CuTe C++'s
    /// `zipped_product`). A layout tiler gives the logical product. A
    /// [`Keep`](crate::Keep) entry leaves its mode as the tile, with the copies `1:0`; a
    /// nested tuple entry zips inside its mode (CuTe C++'s `zip2_by` with
    /// the tiler as the guide).
    ///
    /// # Pre-conditions
    /// As [`logical_product`].
    ///
    /// # Errors
    /// As [`logical_product`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{layout, zipped_product};
    /// let p = zipped_product(layout!((2, 5) : (5, 1)), (layout!(3 : 1), layout!(4 : 1)));
    /// assert_eq!(p.to_string(), "((_2,_5),(_3,_4)):((_5,_1),(_1,_5))");
    /// // Keep: the mode is the tile, with no copies
    /// let k = zipped_product(layout!((2, 5) : (5, 1)), (cute_static::Keep, layout!(3 : 1)));
    /// assert_eq!(k.to_string(), "((_2,_5),(_1,_3)):((_5,_1),(_0,_5))");
    /// // a nested tiler
    /// let b = layout!((2, (5, 3)) : (1, (2, 10)));
    /// assert_eq!(zipped_product(b, cute_static::tile!(3, (2, 2))).to_string(),
    ///            "((_2,(_5,_3)),(_3,(_2,_2))):((_1,(_2,_10)),(_2,(_1,_1)))");
    /// ```
    ZippedProduct, zipped_product, ZippedProducted, LogicalProduct, logical_product, ZipBy<TilerOf<T>, KeepInTile>, "CuTe zipped_product: `{Self}` cannot be multiplied by `{T}`", "the tiler is a layout, an integer, `Keep`, or a tuple of tilers (one per mode)"
);

regrouped_op!(
    /// The zipped product with the copies' modes unpacked: `((A0, A1, ...),
    /// R0, R1, ...)` (CuTe C++'s `tiled_product`).
    ///
    /// # Pre-conditions
    /// As [`logical_product`].
    ///
    /// # Errors
    /// As [`logical_product`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{layout, tiled_product};
    /// let p = tiled_product(layout!((2, 5) : (5, 1)), (layout!(3 : 1), layout!(4 : 1)));
    /// assert_eq!(p.to_string(), "((_2,_5),_3,_4):((_5,_1),_1,_5)");
    /// ```
    TiledProduct, tiled_product, TiledProducted, LogicalProduct, logical_product, Then<ZipBy<TilerOf<T>, KeepInTile>, Tiled>, "CuTe tiled_product: `{Self}` cannot be multiplied by `{T}`", "the tiler is a layout, an integer, `Keep`, or a tuple of tilers (one per mode)"
);
regrouped_op!(
    /// The zipped product with both modes unpacked: `(A0, A1, ..., R0, R1,
    /// ...)` (CuTe C++'s `flat_product`).
    ///
    /// # Pre-conditions
    /// As [`logical_product`].
    ///
    /// # Errors
    /// As [`logical_product`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{flat_product, layout};
    /// let p = flat_product(layout!((2, 5) : (5, 1)), (layout!(3 : 1), layout!(4 : 1)));
    /// assert_eq!(p.to_string(), "(_2,_5,_3,_4):(_5,_1,_1,_5)");
    /// ```
    FlatProduct, flat_product, FlatProducted, LogicalProduct, logical_product, Then<ZipBy<TilerOf<T>, KeepInTile>, Flat>, "CuTe flat_product: `{Self}` cannot be multiplied by `{T}`", "the tiler is a layout, an integer, `Keep`, or a tuple of tilers (one per mode)"
);

// ------------------------------------------------------------------ blocked and raked products

/// The two ways to compute a rank-matched product.
pub trait RankProductPath<S, D, SB, DB, O> {
    /// The result's layout type.
    type Output;
    /// The result.
    fn rank_product(s: &S, d: &D, sb: &SB, db: &DB) -> Result<Self::Output>;
}
impl<S, D, SB, DB, O> RankProductPath<S, D, SB, DB, O> for B1
where
    S: HTuple + ToModes<D> + Rank + AsModes,
    D: HTuple + AsModes,
    SB: Rank,
    <S as Rank>::Output: typenum::IsEqual<<SB as Rank>::Output>,
    RanksEqual<S, SB>: SameRank<S, SB>,
    ModesOf<S, D>: ComplementModes<()>,
    <S as AsModes>::Output: RankProduct<<D as AsModes>::Output, SB, DB, ComplementOf<S, D, ()>, O>,
{
    type Output = Layout<
        <<S as AsModes>::Output as RankProduct<
            <D as AsModes>::Output,
            SB,
            DB,
            ComplementOf<S, D, ()>,
            O,
        >>::Shape,
        <<S as AsModes>::Output as RankProduct<
            <D as AsModes>::Output,
            SB,
            DB,
            ComplementOf<S, D, ()>,
            O,
        >>::Stride,
    >;
    #[inline]
    fn rank_product(s: &S, d: &D, sb: &SB, db: &DB) -> Result<Self::Output> {
        use RankProduct;
        let ac = complement_modes::<S, D, ()>(&())?;
        let (rs, rd) = s.as_modes().rank_product(&d.as_modes(), sb, db, &ac)?;
        Layout::from_algebra(rs, rd)
    }
}
/// A dynamic leaf somewhere: CuTe C++'s `zip` of `logical_product(A, B)`,
/// `zip(A, complement(A, size(A) * cosize(B)) o B)` (blocked) or the two
/// swapped (raked).
impl<S, D, SB, DB, O> RankProductPath<S, D, SB, DB, O> for B0
where
    S: HTuple + Rank,
    D: HTuple,
    SB: HTuple + Rank,
    DB: HTuple,
    <S as Rank>::Output: typenum::IsEqual<<SB as Rank>::Output>,
    RanksEqual<S, SB>: SameRank<S, SB>,
    mixed::MixedProduct: ApplyLayout<S, D, SB, DB>,
    O: ZipOrder<
        <mixed::MixedProduct as ApplyLayout<S, D, SB, DB>>::Shape,
        <mixed::MixedProduct as ApplyLayout<S, D, SB, DB>>::Stride,
    >,
{
    type Output = Layout<
        <O as ZipOrder<
            <mixed::MixedProduct as ApplyLayout<S, D, SB, DB>>::Shape,
            <mixed::MixedProduct as ApplyLayout<S, D, SB, DB>>::Stride,
        >>::Shape,
        <O as ZipOrder<
            <mixed::MixedProduct as ApplyLayout<S, D, SB, DB>>::Shape,
            <mixed::MixedProduct as ApplyLayout<S, D, SB, DB>>::Stride,
        >>::Stride,
    >;
    #[inline]
    fn rank_product(s: &S, d: &D, sb: &SB, db: &DB) -> Result<Self::Output> {
        let (ps, pd) =
            <mixed::MixedProduct as ApplyLayout<S, D, SB, DB>>::apply_layout(s, d, sb, db)?;
        let (zs, zd) = O::zip_order(ps, pd);
        Layout::from_algebra(zs, zd)
    }
}

/// `B1` iff both layouts of a rank-matched product are static.
type RankStatic<S, D, SB, DB> = <LayoutStatic<SB, DB> as StaticBit>::And<LayoutStatic<S, D>>;

/// The grid `Self` of a rank-matched product with the tile `S:D`. (The
/// grid is the trait's `Self` so that the compiler waits for its type.)
pub trait RankProductWith<S: HTuple, D, O> {
    /// The result's layout type.
    type Output;
    /// `Output` for static operands, `Result<Output>` otherwise.
    type Ret;
    /// The product.
    fn rank_product_with(self, a: Layout<S, D>) -> Self::Ret;
}
impl<S: HTuple, D: HTuple, SB: HTuple, DB: HTuple, O> RankProductWith<S, D, O> for Layout<SB, DB>
where
    RankStatic<S, D, SB, DB>: RankProductPath<S, D, SB, DB, O>,
    RankStatic<S, D, SB, DB>:
        Returns<<RankStatic<S, D, SB, DB> as RankProductPath<S, D, SB, DB, O>>::Output>,
{
    type Output = <RankStatic<S, D, SB, DB> as RankProductPath<S, D, SB, DB, O>>::Output;
    type Ret = ret_of!(RankStatic<S, D, SB, DB>, Self::Output);
    #[inline]
    fn rank_product_with(self, a: Layout<S, D>) -> Self::Ret {
        <RankStatic<S, D, SB, DB>>::ret(|| {
            <RankStatic<S, D, SB, DB>>::rank_product(
                a.shape(),
                a.stride(),
                self.shape(),
                self.stride(),
            )
        })
    }
}

macro_rules! rank_product_op {
    ($(#[$doc:meta])* $tr:ident, $method:ident, $alias:ident, $o:ty, $msg:literal) => {
        operation!($(#[$doc])* $tr, $method(b: B) -> $alias, $msg, "both operands are layouts of the same rank");

        impl<S: HTuple, D: HTuple, B: RankProductWith<S, D, $o>> $tr<B> for Layout<S, D> {
            type Output = B::Output;
            type Ret = B::Ret;
            #[inline]
            fn $method(self, b: B) -> Self::Ret {
                b.rank_product_with(self)
            }
        }
    };
}

rank_product_op!(
    /// Lays out copies of the tile A in a blocked arrangement over B: the
    /// logical product regrouped so that mode `i` is `(A_i, (complement(A)
    /// o B)_i)`, each tile contiguous.
    ///
    /// # Pre-conditions
    /// `rank(A) == rank(B)` (a trait bound), and those of
    /// [`logical_product`].
    ///
    /// # Post-conditions
    /// `rank(result) == rank(A) == rank(B)`
    ///
    /// # Errors
    /// As [`logical_product`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{blocked_product, layout};
    /// assert_eq!(blocked_product(layout!((2, 5) : (5, 1)), layout!((3, 4) : (1, 3))).to_string(),
    ///            "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
    /// ```
    BlockedProduct, blocked_product, BlockedProducted, Blocked, "CuTe blocked_product: `{Self}` cannot be multiplied by `{B}`"
);
rank_product_op!(
    /// Distributes copies of the tile A raked through B: the logical product
    /// regrouped so that mode `i` is `((complement(A) o B)_i, A_i)`.
    ///
    /// # Pre-conditions
    /// `rank(A) == rank(B)` (a trait bound), and those of
    /// [`logical_product`].
    ///
    /// # Post-conditions
    /// `rank(result) == rank(A) == rank(B)`
    ///
    /// # Errors
    /// As [`logical_product`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{layout, raked_product};
    /// assert_eq!(raked_product(layout!((2, 5) : (5, 1)), layout!((3, 4) : (1, 3))).to_string(),
    ///            "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
    /// ```
    /// ```compile_fail
    /// // ranks 2 and 1
    /// let _ = cute_static::raked_product(cute_static::layout!((2, 5) : (5, 1)), cute_static::layout!(3 : 1));
    /// ```
    RakedProduct, raked_product, RakedProducted, Raked, "CuTe raked_product: `{Self}` cannot be multiplied by `{B}`"
);

ambiguity_guard!(LogicalProduct, logical_product);
ambiguity_guard!(ZippedProduct, zipped_product);
ambiguity_guard!(TiledProduct, tiled_product);
ambiguity_guard!(FlatProduct, flat_product);

at_mode_fn!(
    /// `logical_product[I](A, B)`: A with its mode `I` multiplied by B.
    ///
    /// # Pre-conditions
    /// As [`logical_product`]; `I < rank(A)` (a trait bound).
    ///
    /// # Errors
    /// As [`logical_product`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::{algebra::logical_product_at, layout};
    /// let p = logical_product_at::<0, _, _>(layout!((3, 5) : (1, 20)), layout!(4 : 1));
    /// assert_eq!(p.to_string(), "((_3,_4),_5):((_1,_3),_20)");
    /// ```
    logical_product_at, LogicalProduct, logical_product
);

// ------------------------------------------------------------------ the logical product's step

/// `(A, complement(A) o B)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProductOp;

/// The specification's integer tiler `n` is the layout `n:1`.
impl<N> IntTiler<N> for ProductOp {
    type Stride = U1;
}
/// Operands with a dynamic leaf: CuTe C++'s product.
impl MixedOf for ProductOp {
    type Mixed = mixed::MixedProduct;
}

/// `(A, complement(A) o B)` for a static layout `A = S:D`.
impl<S, D, SB, DB> ApplyLayout<S, D, SB, DB> for ProductOp
where
    S: ToModes<D> + HTuple,
    D: HTuple,
    ModesOf<S, D>: ComplementModes<()>,
    ComplementOf<S, D, ()>: ComposeTree<SB, DB>,
{
    type Shape = Pair<S, <ComplementOf<S, D, ()> as ComposeTree<SB, DB>>::Shape>;
    type Stride = Pair<D, <ComplementOf<S, D, ()> as ComposeTree<SB, DB>>::Stride>;
    #[inline]
    fn apply_layout(s: &S, d: &D, sb: &SB, db: &DB) -> Result<Parts<Self::Shape, Self::Stride>> {
        let (cs, cd) = complement_modes::<S, D, ()>(&())?.compose_tree(sb, db)?;
        Ok((pair(*s, cs), pair(*d, cd)))
    }
}

// ------------------------------------------------------------------ the rank-matched steps

/// The ranks of a rank-matched product's operands must be equal.
#[diagnostic::on_unimplemented(
    message = "CuTe blocked_product / raked_product: the ranks of the tile and the grid differ",
    label = "rank(A) == rank(B) is required: A has the modes `{A}`, B `{B}`",
    note = "mode i of the result pairs mode i of A with mode i of complement(A) o B"
)]
pub trait SameRank<A, B> {}
impl<A, B> SameRank<A, B> for B1 {}

/// `(x, y)` or `(y, x)`: the order of a rank-matched product's pairs.
pub trait Order {
    /// `(a, b)` in this order.
    type Pair<A: HTuple, B: HTuple>: HTuple;
    /// `(a, b)` in this order.
    fn pair<A: HTuple, B: HTuple>(a: A, b: B) -> Self::Pair<A, B>;
}
/// The tile first: `blocked_product`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Blocked;
/// The grid first: `raked_product`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Raked;
impl Order for Blocked {
    type Pair<A: HTuple, B: HTuple> = Pair<A, B>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn pair<A: HTuple, B: HTuple>(a: A, b: B) -> Self::Pair<A, B> {
        pair(a, b)
    }
}
impl Order for Raked {
    type Pair<A: HTuple, B: HTuple> = Pair<B, A>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn pair<A: HTuple, B: HTuple>(a: A, b: B) -> Self::Pair<A, B> {
        pair(b, a)
    }
}

/// Mode by mode: `(pair(A_i, AC o B_i)...)` for A's modes `Self:D` and B's
/// modes `SB:DB`, `AC` being A's complement (flat modes).
pub trait PairModes<D, SB, DB, AC, O>: Tuple {
    /// The result's shape.
    type Shape: Tuple;
    /// The result's stride.
    type Stride: Tuple;
    /// The result.
    fn pair_modes(&self, d: &D, sb: &SB, db: &DB, ac: &AC) -> Result<(Self::Shape, Self::Stride)>;
}
impl<AC, O> PairModes<HNil, HNil, HNil, AC, O> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline]
    fn pair_modes(&self, _: &HNil, _: &HNil, _: &HNil, _: &AC) -> Result<(HNil, HNil)> {
        Ok((HNil, HNil))
    }
}
impl<SH, ST, DH, DT, BSH, BST, BDH, BDT, AC, O>
    PairModes<HCons<DH, DT>, HCons<BSH, BST>, HCons<BDH, BDT>, AC, O> for HCons<SH, ST>
where
    SH: HTuple,
    DH: HTuple,
    ST: Tuple + PairModes<DT, BST, BDT, AC, O>,
    AC: Modes + ComposeTree<BSH, BDH>,
    O: Order,
{
    type Shape = HCons<O::Pair<SH, <AC as ComposeTree<BSH, BDH>>::Shape>, ST::Shape>;
    type Stride = HCons<O::Pair<DH, <AC as ComposeTree<BSH, BDH>>::Stride>, ST::Stride>;
    #[inline]
    fn pair_modes(
        &self,
        d: &HCons<DH, DT>,
        sb: &HCons<BSH, BST>,
        db: &HCons<BDH, BDT>,
        ac: &AC,
    ) -> Result<(Self::Shape, Self::Stride)> {
        let (rs, rd) = ac.compose_tree(&sb.head, &db.head)?;
        let (ts, td) = self.tail.pair_modes(&d.tail, &sb.tail, &db.tail, ac)?;
        Ok((
            HCons {
                head: O::pair(self.head, rs),
                tail: ts,
            },
            HCons {
                head: O::pair(d.head, rd),
                tail: td,
            },
        ))
    }
}

/// `(pair(A_i, R_i)...)` for A's modes and the modes `R` of `AC o B` (a leaf
/// B), zipped: as many as A has (the run-time algebra zips the same way).
pub trait ZipPairs<D, RS, RD, O>: Tuple {
    /// The result's shape.
    type Shape: Tuple;
    /// The result's stride.
    type Stride: Tuple;
    /// The result.
    fn zip_pairs(&self, d: &D, rs: &RS, rd: &RD) -> (Self::Shape, Self::Stride);
}
impl<D, RS, RD, O> ZipPairs<D, RS, RD, O> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline]
    fn zip_pairs(&self, _: &D, _: &RS, _: &RD) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<SH, ST, DH, DT, RSH, RST, RDH, RDT, O>
    ZipPairs<HCons<DH, DT>, HCons<RSH, RST>, HCons<RDH, RDT>, O> for HCons<SH, ST>
where
    SH: HTuple,
    DH: HTuple,
    RSH: HTuple,
    RDH: HTuple,
    ST: Tuple + ZipPairs<DT, RST, RDT, O>,
    O: Order,
{
    type Shape = HCons<O::Pair<SH, RSH>, ST::Shape>;
    type Stride = HCons<O::Pair<DH, RDH>, ST::Stride>;
    #[inline]
    fn zip_pairs(
        &self,
        d: &HCons<DH, DT>,
        rs: &HCons<RSH, RST>,
        rd: &HCons<RDH, RDT>,
    ) -> (Self::Shape, Self::Stride) {
        let (ts, td) = self.tail.zip_pairs(&d.tail, &rs.tail, &rd.tail);
        (
            HCons {
                head: O::pair(self.head, rs.head),
                tail: ts,
            },
            HCons {
                head: O::pair(d.head, rd.head),
                tail: td,
            },
        )
    }
}

/// The rank-matched product of `Self:D` (A, as its modes) and `SB:DB`, `AC`
/// being A's complement.
pub trait RankProduct<D, SB, DB, AC, O>: Tuple {
    /// The result's shape.
    type Shape: Tuple;
    /// The result's stride.
    type Stride: Tuple;
    /// The result.
    fn rank_product(&self, d: &D, sb: &SB, db: &DB, ac: &AC)
        -> Result<(Self::Shape, Self::Stride)>;
}
/// A tuple B: `AC o B_i` for each mode.
impl<SA: Tuple, D, BH, BT, DBH, DBT, AC, O> RankProduct<D, HCons<BH, BT>, HCons<DBH, DBT>, AC, O>
    for SA
where
    SA: PairModes<D, HCons<BH, BT>, HCons<DBH, DBT>, AC, O>,
{
    type Shape = <SA as PairModes<D, HCons<BH, BT>, HCons<DBH, DBT>, AC, O>>::Shape;
    type Stride = <SA as PairModes<D, HCons<BH, BT>, HCons<DBH, DBT>, AC, O>>::Stride;
    #[inline]
    fn rank_product(
        &self,
        d: &D,
        sb: &HCons<BH, BT>,
        db: &HCons<DBH, DBT>,
        ac: &AC,
    ) -> Result<(Self::Shape, Self::Stride)> {
        self.pair_modes(d, sb, db, ac)
    }
}
macro_rules! leaf_rank_product {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf B: the top-level modes of `AC o B`, zipped with A's.
        impl<$($g)* SA: Tuple, D, DB: Leaf, AC, O> RankProduct<D, $t, DB, AC, O> for SA
        where
            AC: Modes + ComposeTree<$t, DB>,
            <AC as ComposeTree<$t, DB>>::Shape: AsModes,
            <AC as ComposeTree<$t, DB>>::Stride: AsModes,
            SA: ZipPairs<
                D,
                <<AC as ComposeTree<$t, DB>>::Shape as AsModes>::Output,
                <<AC as ComposeTree<$t, DB>>::Stride as AsModes>::Output,
                O,
            >,
        {
            type Shape = <SA as ZipPairs<
                D,
                <<AC as ComposeTree<$t, DB>>::Shape as AsModes>::Output,
                <<AC as ComposeTree<$t, DB>>::Stride as AsModes>::Output,
                O,
            >>::Shape;
            type Stride = <SA as ZipPairs<
                D,
                <<AC as ComposeTree<$t, DB>>::Shape as AsModes>::Output,
                <<AC as ComposeTree<$t, DB>>::Stride as AsModes>::Output,
                O,
            >>::Stride;
            #[inline]
            fn rank_product(&self, d: &D, sb: &$t, db: &DB, ac: &AC) -> Result<(Self::Shape, Self::Stride)> {
                let (rs, rd) = ac.compose_tree(sb, db)?;
                Ok(self.zip_pairs(d, &rs.as_modes(), &rd.as_modes()))
            }
        }
    };
}
leaf_rank_product!([] UTerm);
leaf_rank_product!([U: Unsigned, B: Bit,] UInt<U, B>);
leaf_rank_product!([] i64);

/// `B1` iff the ranks are equal.
pub type RanksEqual<A, B> = <<A as crate::htuple::Rank>::Output as typenum::IsEqual<
    <B as crate::htuple::Rank>::Output,
>>::Output;

/// CuTe C++'s `zip` of a logical product `(A, C)` (`C` the complement of A
/// composed with the grid): `zip(A, C)` for a blocked product, `zip(C, A)`
/// for a raked one.
pub trait ZipOrder<S, D> {
    /// The shape.
    type Shape: HTuple;
    /// The stride.
    type Stride: HTuple;
    /// The zipped parts.
    fn zip_order(s: S, d: D) -> (Self::Shape, Self::Stride);
}
impl<SA, SC, DA, DC> ZipOrder<Pair<SA, SC>, Pair<DA, DC>> for Blocked
where
    SA: mixed::CuteZip<SC>,
    DA: mixed::CuteZip<DC>,
{
    type Shape = <SA as mixed::CuteZip<SC>>::Output;
    type Stride = <DA as mixed::CuteZip<DC>>::Output;
    #[inline]
    fn zip_order(s: Pair<SA, SC>, d: Pair<DA, DC>) -> (Self::Shape, Self::Stride) {
        (s.head.cute_zip(s.tail.head), d.head.cute_zip(d.tail.head))
    }
}
impl<SA, SC, DA, DC> ZipOrder<Pair<SA, SC>, Pair<DA, DC>> for Raked
where
    SC: mixed::CuteZip<SA>,
    DC: mixed::CuteZip<DA>,
{
    type Shape = <SC as mixed::CuteZip<SA>>::Output;
    type Stride = <DC as mixed::CuteZip<DA>>::Output;
    #[inline]
    fn zip_order(s: Pair<SA, SC>, d: Pair<DA, DC>) -> (Self::Shape, Self::Stride) {
        (s.tail.head.cute_zip(s.head), d.tail.head.cute_zip(d.head))
    }
}
