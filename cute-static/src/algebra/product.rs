//! The rank-matched products: `blocked_product` and `raked_product`.
//!
//! `logical_product(A, B) = (A, complement(A) o B)`, regrouped so that mode
//! `i` of the result is `(A_i, (complement(A) o B)_i)` (blocked: each tile
//! stays contiguous) or `((complement(A) o B)_i, A_i)` (raked: the tile's
//! elements spread over the grid). A must be static (it is complemented);
//! B may have dynamic leaves. `rank(A) == rank(B)` is a trait bound.

use cute_core::Result;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, UInt, UTerm, Unsigned, B1};

use super::composition::ComposeTree;
use super::detail::{pair, Modes, Pair};
use super::tiler::AsModes;
use crate::htuple::{HTuple, Leaf, Tuple};

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
    SA: super::mixed::CuteZip<SC>,
    DA: super::mixed::CuteZip<DC>,
{
    type Shape = <SA as super::mixed::CuteZip<SC>>::Output;
    type Stride = <DA as super::mixed::CuteZip<DC>>::Output;
    #[inline]
    fn zip_order(s: Pair<SA, SC>, d: Pair<DA, DC>) -> (Self::Shape, Self::Stride) {
        (s.head.cute_zip(s.tail.head), d.head.cute_zip(d.tail.head))
    }
}
impl<SA, SC, DA, DC> ZipOrder<Pair<SA, SC>, Pair<DA, DC>> for Raked
where
    SC: super::mixed::CuteZip<SA>,
    DC: super::mixed::CuteZip<DA>,
{
    type Shape = <SC as super::mixed::CuteZip<SA>>::Output;
    type Stride = <DC as super::mixed::CuteZip<DA>>::Output;
    #[inline]
    fn zip_order(s: Pair<SA, SC>, d: Pair<DA, DC>) -> (Self::Shape, Self::Stride) {
        (s.tail.head.cute_zip(s.head), d.tail.head.cute_zip(d.head))
    }
}
