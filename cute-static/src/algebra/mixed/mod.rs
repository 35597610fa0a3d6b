//! The algebra on operands with a dynamic leaf, as CuTe C++ computes it.
//!
//! CuTe C++ runs one implementation over `Int<N>` and `int`: a decision
//! reads only what is static (is this leaf the static 1?), so the structure
//! of a result is fixed by the types and its dynamic leaves are computed at
//! run time. This module is that implementation for cute-static's mixed
//! layouts: each operation is CuTe C++'s algorithm step for step, and a
//! result leaf is static exactly where CuTe C++'s is (a result is static
//! where its operands are, or where a static operand decides it whatever
//! the dynamic one is: `_0 * n` is `_0`), so a mixed result prints as
//! CuTe C++ prints the same operation on the same objects.
//!
//! Two things differ from CuTe C++, both on purpose:
//! - the specification's conditions (divisibility, no carry across A's
//!   modes, injectivity), which CuTe C++ checks only on static leaves, are
//!   checked on the values, and a failure is an `Err`: where
//!   CuTe C++ would print a layout that is not the operation's value, this
//!   crate refuses;
//! - where the specification and CuTe C++ disagree on something CuTe C++
//!   leaves unchecked (a `Keep` entry of a zipped tiler, composition by a
//!   tuple with fewer modes than A), the specification decides.
//!
//! Operands that are all static take the static algebra instead, which is
//! the specification's (its results equal the run-time algebra's).

pub(crate) mod arith;
pub(crate) mod check;
pub(crate) mod coalesce;
pub(crate) mod complement;
pub(crate) mod composition;
pub(crate) mod inverse;

use core::marker::PhantomData;

use cute_core::{IntMul, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{B0, U0};

use super::detail::{pair, FromModes, Modes, ModesOf, MulOf, Pair, ToModes};
use super::tiler::{ApplyLayout, Parts};
use crate::htuple::{HTuple, Leaf, StaticBit, Tuple};
use crate::shape::{Size, SizeOf};
use coalesce::BwCoalesce;
use complement::{CoSize, ComplementF, FilterZeros, Filtered};
use composition::{Lhs, Tree};

/// `A o B` (CuTe C++'s composition), for operands with a dynamic leaf.
#[derive(Clone, Copy, Debug, Default)]
pub struct MixedCompose;
/// `A / B = A o (B, complement(B, shape(coalesce(A))))`.
#[derive(Clone, Copy, Debug, Default)]
pub struct MixedDivide;
/// `A x B = (A, complement(A, size(A) * cosize(B)) o B)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct MixedProduct;
/// CuTe C++'s `coalesce` (`K = B0`) or the specification's `coalesce_z`
/// with CuTe C++'s rule for static-ness (`K = B1`) of each mode a profile
/// names.
#[derive(Clone, Copy, Debug, Default)]
pub struct MixedCoalescing<K>(PhantomData<K>);

/// CuTe C++ composes with an integer `n` as the layout `n:_1`.
impl<N> super::tiler::IntTiler<N> for MixedCompose {
    type Stride = typenum::U1;
}
impl<N, K> super::tiler::IntTiler<N> for MixedCoalescing<K> {
    type Stride = typenum::U1;
}
/// CuTe C++ divides and multiplies by an integer `n` as `make_layout(n)`:
/// `n:_1`, or `_1:_0` for a static 1.
macro_rules! compact_int_tiler {
    ($($op:ty),*) => {$(
        impl<N: super::detail::KnownOne> super::tiler::IntTiler<N> for $op
        where
            arith::If<super::detail::IsOne<N>, U0, typenum::U1>: Leaf,
        {
            type Stride = arith::If<super::detail::IsOne<N>, U0, typenum::U1>;
        }
    )*};
}
compact_int_tiler!(MixedDivide, MixedProduct);

impl<S, D, SB, DB> ApplyLayout<S, D, SB, DB> for MixedCompose
where
    S: ToModes<D>,
    D: HTuple,
    ModesOf<S, D>: coalesce::CoalesceX,
    Lhs<S, D>: Tree<SB, DB>,
    SB: HTuple,
    DB: HTuple,
{
    type Shape = <Lhs<S, D> as Tree<SB, DB>>::Shape;
    type Stride = <Lhs<S, D> as Tree<SB, DB>>::Stride;
    #[inline]
    fn apply_layout(s: &S, d: &D, sb: &SB, db: &DB) -> Result<Parts<Self::Shape, Self::Stride>> {
        composition::compose::<S, D, SB, DB>(s, d, sb, db, true).map_err(|e| {
            check::within(e, "composition", || {
                check::context!("{} o {}", check::layout(s, d), check::layout(sb, db))
            })
        })
    }
}

impl<S, D, SB, DB, K> ApplyLayout<S, D, SB, DB> for MixedCoalescing<K>
where
    S: ToModes<D>,
    ModesOf<S, D>: BwCoalesce<K>,
    <ModesOf<S, D> as BwCoalesce<K>>::Output: FromModes,
{
    type Shape = <<ModesOf<S, D> as BwCoalesce<K>>::Output as FromModes>::Shape;
    type Stride = <<ModesOf<S, D> as BwCoalesce<K>>::Output as FromModes>::Stride;
    #[inline]
    fn apply_layout(s: &S, d: &D, _: &SB, _: &DB) -> Result<Parts<Self::Shape, Self::Stride>> {
        Ok(s.to_modes(d).bw_coalesce()?.parts())
    }
}

/// `shape(coalesce(A))`.
pub type CoalescedShape<S, D> = <<ModesOf<S, D> as BwCoalesce<B0>>::Output as FromModes>::Shape;
/// `complement(B, n)`'s shape and stride (B `SB:DB`).
pub type ComplementS<SB, DB, N> = <Filtered<SB, DB> as ComplementF<N>>::Shape;
/// Its stride.
pub type ComplementD<SB, DB, N> = <Filtered<SB, DB> as ComplementF<N>>::Stride;
/// The layout a divide composes A with: `(B, complement(B, shape(coalesce(A))))`.
type DivS<S, D, SB, DB> = Pair<SB, ComplementS<SB, DB, CoalescedShape<S, D>>>;
type DivD<S, D, SB, DB> = Pair<DB, ComplementD<SB, DB, CoalescedShape<S, D>>>;

impl<S, D, SB, DB> ApplyLayout<S, D, SB, DB> for MixedDivide
where
    S: ToModes<D>,
    D: HTuple,
    ModesOf<S, D>: BwCoalesce<B0> + coalesce::CoalesceX,
    <ModesOf<S, D> as BwCoalesce<B0>>::Output: FromModes,
    SB: HTuple + ToModes<DB>,
    DB: HTuple,
    ModesOf<SB, DB>: FilterZeros,
    <ModesOf<SB, DB> as FilterZeros>::Output: BwCoalesce<B0>,
    Filtered<SB, DB>: ComplementF<CoalescedShape<S, D>>,
    Lhs<S, D>: Tree<DivS<S, D, SB, DB>, DivD<S, D, SB, DB>>,
{
    type Shape = <Lhs<S, D> as Tree<DivS<S, D, SB, DB>, DivD<S, D, SB, DB>>>::Shape;
    type Stride = <Lhs<S, D> as Tree<DivS<S, D, SB, DB>, DivD<S, D, SB, DB>>>::Stride;
    #[inline]
    fn apply_layout(s: &S, d: &D, sb: &SB, db: &DB) -> Result<Parts<Self::Shape, Self::Stride>> {
        const OP: &str = "logical_divide";
        let (shape_a, _) = s.to_modes(d).bw_coalesce()?.parts();
        let (cs, cd) = complement::complement(sb, db, &shape_a).map_err(|e| {
            check::within(e, OP, || {
                check::context!(
                    "{} / {} = A o (B, B*), and B has no complement B* = complement(B, {})",
                    check::layout(s, d),
                    check::layout(sb, db),
                    crate::htuple::Cute(shape_a)
                )
            })
        })?;
        composition::compose::<S, D, DivS<S, D, SB, DB>, DivD<S, D, SB, DB>>(
            s,
            d,
            &pair(*sb, cs),
            &pair(*db, cd),
            true,
        )
        .map_err(|e| {
            check::within(e, OP, || {
                check::context!(
                    "{} / {} = A o (B, B*) with B* = complement(B, {}) = {}",
                    check::layout(s, d),
                    check::layout(sb, db),
                    crate::htuple::Cute(shape_a),
                    check::layout(&cs, &cd)
                )
            })
        })
    }
}

/// `size(A) * cosize(B)`, the cotarget of a product's complement.
pub type ProductCotarget<S, SB, DB> = MulOf<SizeOf<S>, <ModesOf<SB, DB> as CoSize<U0>>::Output>;
/// `complement(A, size(A) * cosize(B))`.
type ProdC<S, D, SB, DB> = (
    ComplementS<S, D, ProductCotarget<S, SB, DB>>,
    ComplementD<S, D, ProductCotarget<S, SB, DB>>,
);
/// `complement(A, size(A) * cosize(B)) o B`.
type ProdR<S, D, SB, DB> =
    Lhs<<ProdC<S, D, SB, DB> as PairTypes>::A, <ProdC<S, D, SB, DB> as PairTypes>::B>;

/// The two types of a pair.
pub trait PairTypes {
    /// The first.
    type A;
    /// The second.
    type B;
}
impl<X, Y> PairTypes for (X, Y) {
    type A = X;
    type B = Y;
}

impl<S, D, SB, DB> ApplyLayout<S, D, SB, DB> for MixedProduct
where
    S: HTuple + Size + ToModes<D>,
    D: HTuple,
    SB: HTuple + ToModes<DB>,
    DB: HTuple,
    ModesOf<SB, DB>: CoSize<U0>,
    SizeOf<S>: IntMul<<ModesOf<SB, DB> as CoSize<U0>>::Output>,
    ProductCotarget<S, SB, DB>: Leaf,
    ModesOf<S, D>: FilterZeros,
    <ModesOf<S, D> as FilterZeros>::Output: BwCoalesce<B0>,
    Filtered<S, D>: ComplementF<ProductCotarget<S, SB, DB>>,
    ComplementS<S, D, ProductCotarget<S, SB, DB>>:
        ToModes<ComplementD<S, D, ProductCotarget<S, SB, DB>>>,
    ModesOf<
        ComplementS<S, D, ProductCotarget<S, SB, DB>>,
        ComplementD<S, D, ProductCotarget<S, SB, DB>>,
    >: coalesce::CoalesceX,
    ProdR<S, D, SB, DB>: Tree<SB, DB>,
{
    type Shape = Pair<S, <ProdR<S, D, SB, DB> as Tree<SB, DB>>::Shape>;
    type Stride = Pair<D, <ProdR<S, D, SB, DB> as Tree<SB, DB>>::Stride>;
    #[inline]
    fn apply_layout(s: &S, d: &D, sb: &SB, db: &DB) -> Result<Parts<Self::Shape, Self::Stride>> {
        const OP: &str = "logical_product";
        let cosize_b = sb.to_modes(db).cosize(U0::new())?;
        let cot = s.size().int_mul(&cosize_b).map_err(|e| e.in_op(OP))?;
        let (cs, cd) = complement::complement(s, d, &cot).map_err(|e| {
            check::within(e, OP, || {
                check::context!(
                    "{} x {} = (A, A* o B), and A has no complement A* = complement(A, {})",
                    check::layout(s, d),
                    check::layout(sb, db),
                    crate::htuple::Cute(cot)
                )
            })
        })?;
        let (ps, pd) = composition::compose::<
            ComplementS<S, D, ProductCotarget<S, SB, DB>>,
            ComplementD<S, D, ProductCotarget<S, SB, DB>>,
            SB,
            DB,
        >(&cs, &cd, sb, db, false)
        .map_err(|e| {
            check::within(e, OP, || {
                check::context!(
                    "{} x {} = (A, A* o B) with A* = complement(A, size(A) * cosize(B)) = {}",
                    check::layout(s, d),
                    check::layout(sb, db),
                    check::layout(&cs, &cd)
                )
            })
        })?;
        Ok((pair(*s, ps), pair(*d, pd)))
    }
}

// ------------------------------------------------------------------ zip

/// CuTe C++'s `zip` of two layout parts: for a tuple `Self`, the pairs of
/// its modes with `Y`'s, `((x0, y0), (x1, y1), ...)` (the ranks equal); for
/// a leaf, `((x, y))`.
pub trait CuteZip<Y>: HTuple {
    /// The zipped part.
    type Output: Tuple;
    /// The zipped part.
    fn cute_zip(self, y: Y) -> Self::Output;
}
macro_rules! leaf_zip {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf: `((x, y))`.
        impl<$($g)* Y: HTuple> CuteZip<Y> for $t {
            type Output = HCons<Pair<$t, Y>, HNil>;
            #[inline(always)]
            fn cute_zip(self, y: Y) -> Self::Output {
                HCons { head: pair(self, y), tail: HNil }
            }
        }
    };
}
leaf_zip!([] typenum::UTerm);
leaf_zip!([U: typenum::Unsigned, B: typenum::Bit,] typenum::UInt<U, B>);
leaf_zip!([] i64);
impl CuteZip<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn cute_zip(self, _: HNil) -> HNil {
        HNil
    }
}
impl<XH: HTuple, XT: Tuple + ZipRest<YT>, YH: HTuple, YT: Tuple> CuteZip<HCons<YH, YT>>
    for HCons<XH, XT>
{
    type Output = HCons<Pair<XH, YH>, XT::Output>;
    #[inline(always)]
    fn cute_zip(self, y: HCons<YH, YT>) -> Self::Output {
        HCons {
            head: pair(self.head, y.head),
            tail: self.tail.zip_rest(y.tail),
        }
    }
}
/// The rest of a tuple zip, mode by mode.
#[diagnostic::on_unimplemented(
    message = "CuTe blocked_product / raked_product: the modes of the tile and of the grid's copies do not pair up",
    note = "CuTe C++ zips the tile's modes with those of complement(A) o B, which must have the same rank"
)]
pub trait ZipRest<Y>: Tuple {
    /// The pairs.
    type Output: Tuple;
    /// The pairs.
    fn zip_rest(self, y: Y) -> Self::Output;
}
impl ZipRest<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn zip_rest(self, _: HNil) -> HNil {
        HNil
    }
}
impl<XH: HTuple, XT: ZipRest<YT>, YH: HTuple, YT: Tuple> ZipRest<HCons<YH, YT>> for HCons<XH, XT> {
    type Output = HCons<Pair<XH, YH>, XT::Output>;
    #[inline(always)]
    fn zip_rest(self, y: HCons<YH, YT>) -> Self::Output {
        HCons {
            head: pair(self.head, y.head),
            tail: self.tail.zip_rest(y.tail),
        }
    }
}

/// `B1` iff the mode list has no dynamic leaf.
pub type ModesStatic<L> = <L as Modes>::AllStatic;

#[allow(dead_code)]
fn _assert_static_bit<B: StaticBit>() {}
