//! Regroupings of the result of a divide or a product.
//!
//! CuTe C++'s `zip2_by`: a by-mode divide or product, whose modes are the
//! pairs `(A_i o T_i, rest_i)` or `(A_i, copies_i)`, regrouped by its tiler
//! into `((tiles...), (rests..., modes the tiler does not reach...))`:
//!
//! ```text
//! split(layout or integer, (x_i, y_i)) = (x_i, y_i)
//! split(Keep, A_i)                     = (A_i, _1:_0)  a product: the mode is the tile, no copies
//!                                        (_1:_0, A_i)  a divide: no tile, the mode is the rest
//! split((t...), A_i)                   = zip2_by(A_i, (t...))  a nested tiler zips inside
//! ```
//!
//! CuTe C++ zips a `Keep` entry only when its mode happens to be a pair
//! (and then splits it as if it were one); the specification's rule, above,
//! is the one this crate follows.
//!
//! A guide longer than the modes it zips (the zipped divide by a tiler
//! longer than A's rank, which divides A by the tiler cut to its rank) may
//! have only `Keep` entries past the last mode: each gives a first part
//! `_1:_0` and nothing to the second, as the specification's
//! `logical_divide(A, tiler_to_layout(T))` does; any other entry there does
//! not compile ([`PastRank`]).
//!
//! The zipped result `(tile, rest)` then unpacks into `(tile, rest_0,
//! rest_1, ...)` ([`Tiled`], CuTe C++'s `tiled_divide` and `tiled_product`)
//! or `(tile_0, tile_1, ..., rest_0, rest_1, ...)` ([`Flat`], their `flat_`
//! forms).

use cute_core::Result;
use frunk_core::hlist::{HCons, HNil};

use super::detail::{pair, Pair};
use super::tiler::{SliceModes, Tiler};
use crate::coord::Keep;
use crate::htuple::{Concat, Concatenated, HTuple, Leaf, Tuple};
use crate::layout::Layout;

/// A `Keep` entry of a product's tiler: its mode is the tile, no copies.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeepInTile;
/// A `Keep` entry of a divide's tiler: no tile, its mode is the rest.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeepInRest;

/// How a `Keep` entry splits its mode `S:D`.
pub trait KeepSplit<S, D> {
    /// The first part.
    type S0: HTuple;
    /// Its stride.
    type D0: HTuple;
    /// The second part.
    type S1: HTuple;
    /// Its stride.
    type D1: HTuple;
    /// The parts.
    #[allow(clippy::type_complexity)]
    fn keep_split(s: S, d: D) -> ((Self::S0, Self::D0), (Self::S1, Self::D1));
}
impl<S: HTuple, D: HTuple> KeepSplit<S, D> for KeepInTile {
    type S0 = S;
    type D0 = D;
    type S1 = typenum::U1;
    type D1 = typenum::U0;
    #[inline(always)]
    fn keep_split(s: S, d: D) -> ((S, D), (typenum::U1, typenum::U0)) {
        ((s, d), Default::default())
    }
}
impl<S: HTuple, D: HTuple> KeepSplit<S, D> for KeepInRest {
    type S0 = typenum::U1;
    type D0 = typenum::U0;
    type S1 = S;
    type D1 = D;
    #[inline(always)]
    fn keep_split(s: S, d: D) -> ((typenum::U1, typenum::U0), (S, D)) {
        (Default::default(), (s, d))
    }
}

/// How the mode `S:D` of a by-mode divide or product splits by its tiler
/// entry `Self`; `K` says how a `Keep` entry splits.
#[diagnostic::on_unimplemented(
    message = "CuTe zip2_by: the tiler entry `{Self}` does not fit the mode `{S}`",
    note = "a tiler entry is a layout, an integer, `Keep`, or a tuple of entries for a tuple mode"
)]
pub trait Split2<S, D, K> {
    /// The first part.
    type S0: HTuple;
    /// Its stride.
    type D0: HTuple;
    /// The second part.
    type S1: HTuple;
    /// Its stride.
    type D1: HTuple;
    /// The parts.
    #[allow(clippy::type_complexity)]
    fn split2(s: S, d: D) -> ((Self::S0, Self::D0), (Self::S1, Self::D1));
}
macro_rules! split_pair {
    ([$($g:tt)*] $t:ty) => {
        /// A layout or an integer: the mode is the pair `(x_i, y_i)`.
        impl<$($g)* X0: HTuple, X1: HTuple, Y0: HTuple, Y1: HTuple, K> Split2<Pair<X0, X1>, Pair<Y0, Y1>, K> for $t {
            type S0 = X0;
            type D0 = Y0;
            type S1 = X1;
            type D1 = Y1;
            #[inline(always)]
            fn split2(s: Pair<X0, X1>, d: Pair<Y0, Y1>) -> ((X0, Y0), (X1, Y1)) {
                ((s.head, d.head), (s.tail.head, d.tail.head))
            }
        }
    };
}
split_pair!([SB: HTuple, DB: HTuple,] Layout<SB, DB>);
split_pair!([] typenum::UTerm);
split_pair!([U: typenum::Unsigned, B: typenum::Bit,] typenum::UInt<U, B>);
split_pair!([] i64);
/// `Keep`: as `K` says.
impl<S, D, K: KeepSplit<S, D>> Split2<S, D, K> for Keep {
    type S0 = K::S0;
    type D0 = K::D0;
    type S1 = K::S1;
    type D1 = K::D1;
    #[inline(always)]
    fn split2(s: S, d: D) -> ((Self::S0, Self::D0), (Self::S1, Self::D1)) {
        K::keep_split(s, d)
    }
}
/// A nested tuple: the mode zipped inside by it.
impl<S: Zip2<D, HCons<TH, TT>, K>, D, TH, TT, K> Split2<S, D, K> for HCons<TH, TT> {
    type S0 = S::S0;
    type D0 = S::D0;
    type S1 = S::S1;
    type D1 = S::D1;
    #[inline(always)]
    fn split2(s: S, d: D) -> ((Self::S0, Self::D0), (Self::S1, Self::D1)) {
        s.zip2(d)
    }
}

/// The modes `Self:D` zipped by the tuple tiler `T`: the first parts of the
/// modes it reaches (then `_1:_0` for each of its `Keep` entries past the
/// last mode), and their second parts followed by the modes it does not
/// reach.
pub trait Zip2<D, T, K>: HTuple {
    /// The first parts.
    type S0: Tuple;
    /// Their strides.
    type D0: Tuple;
    /// The second parts and the modes the tiler does not reach.
    type S1: Tuple;
    /// Their strides.
    type D1: Tuple;
    /// The parts.
    #[allow(clippy::type_complexity)]
    fn zip2(self, d: D) -> ((Self::S0, Self::D0), (Self::S1, Self::D1));
}
impl<S: Tuple, D: Tuple, K> Zip2<D, HNil, K> for S {
    type S0 = HNil;
    type D0 = HNil;
    type S1 = S;
    type D1 = D;
    #[inline]
    fn zip2(self, d: D) -> ((HNil, HNil), (S, D)) {
        ((HNil, HNil), (self, d))
    }
}
impl<SH: HTuple, ST, DH: HTuple, DT, TH, TT, K> Zip2<HCons<DH, DT>, HCons<TH, TT>, K>
    for HCons<SH, ST>
where
    ST: Tuple + Zip2<DT, TT, K>,
    DT: Tuple,
    TH: Split2<SH, DH, K>,
{
    type S0 = HCons<TH::S0, ST::S0>;
    type D0 = HCons<TH::D0, ST::D0>;
    type S1 = HCons<TH::S1, ST::S1>;
    type D1 = HCons<TH::D1, ST::D1>;
    #[inline]
    #[allow(clippy::type_complexity)]
    fn zip2(self, d: HCons<DH, DT>) -> ((Self::S0, Self::D0), (Self::S1, Self::D1)) {
        let ((hs0, hd0), (hs1, hd1)) = TH::split2(self.head, d.head);
        let ((s0, d0), (s1, d1)) = self.tail.zip2(d.tail);
        (
            (
                HCons {
                    head: hs0,
                    tail: s0,
                },
                HCons {
                    head: hd0,
                    tail: d0,
                },
            ),
            (
                HCons {
                    head: hs1,
                    tail: s1,
                },
                HCons {
                    head: hd1,
                    tail: d1,
                },
            ),
        )
    }
}
/// Past the last mode: a guide longer than the modes. Each entry there
/// must be `Keep`, and gives the first part `_1:_0` (a tile of no mode of
/// A); the second part has nothing more.
impl<TH: PastRank<HCons<TH, TT>>, TT, K> Zip2<HNil, HCons<TH, TT>, K> for HNil
where
    HNil: Zip2<HNil, TT, K>,
{
    type S0 = HCons<typenum::U1, <HNil as Zip2<HNil, TT, K>>::S0>;
    type D0 = HCons<typenum::U0, <HNil as Zip2<HNil, TT, K>>::D0>;
    type S1 = HNil;
    type D1 = HNil;
    #[inline]
    #[allow(clippy::type_complexity)]
    fn zip2(self, _: HNil) -> ((Self::S0, Self::D0), (HNil, HNil)) {
        let ((s0, d0), _) = <HNil as Zip2<HNil, TT, K>>::zip2(HNil, HNil);
        (
            (
                HCons {
                    head: typenum::U1::new(),
                    tail: s0,
                },
                HCons {
                    head: typenum::U0::new(),
                    tail: d0,
                },
            ),
            (HNil, HNil),
        )
    }
}

/// A tiler entry that may stand past the layout's rank (of the guide `T`,
/// the entries from the first past the rank on): `Keep` alone.
#[diagnostic::on_unimplemented(
    message = "CuTe zipped_divide: the tiler has more modes than the layout, and an entry past the layout's rank is not `Keep`",
    label = "the tiler's entries past the layout's rank: `{T}`",
    note = "a tuple tiler applies its i-th entry to the i-th mode of the layout; past the layout's rank only `Keep` may stand (each gives the tile mode `_1:_0`)"
)]
pub trait PastRank<T> {}
impl<T> PastRank<T> for Keep {}

macro_rules! leaf_zip2 {
    ([$($g:tt)*] $t:ty) => {
        /// A leaf mode is its own only mode.
        impl<$($g)* DL: Leaf, TH, TT, K> Zip2<DL, HCons<TH, TT>, K> for $t
        where
            HCons<$t, HNil>: Zip2<HCons<DL, HNil>, HCons<TH, TT>, K>,
        {
            type S0 = <HCons<$t, HNil> as Zip2<HCons<DL, HNil>, HCons<TH, TT>, K>>::S0;
            type D0 = <HCons<$t, HNil> as Zip2<HCons<DL, HNil>, HCons<TH, TT>, K>>::D0;
            type S1 = <HCons<$t, HNil> as Zip2<HCons<DL, HNil>, HCons<TH, TT>, K>>::S1;
            type D1 = <HCons<$t, HNil> as Zip2<HCons<DL, HNil>, HCons<TH, TT>, K>>::D1;
            #[inline]
            #[allow(clippy::type_complexity)]
            fn zip2(self, d: DL) -> ((Self::S0, Self::D0), (Self::S1, Self::D1)) {
                HCons { head: self, tail: HNil }.zip2(HCons { head: d, tail: HNil })
            }
        }
    };
}
leaf_zip2!([] typenum::UTerm);
leaf_zip2!([U: typenum::Unsigned, B: typenum::Bit,] typenum::UInt<U, B>);
leaf_zip2!([] i64);

/// Zips a by-mode divide or product by the tiler `T`, a `Keep` entry split
/// as `K` says (a layout tiler's result is already the pair): CuTe C++'s
/// `tile_unzip`, for `zipped_divide` ([`KeepInRest`]) and
/// `zipped_product` ([`KeepInTile`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ZipBy<T, K>(core::marker::PhantomData<(T, K)>);

impl<S: HTuple, D: HTuple, T: Tiler, K> Regroup<S, D> for ZipBy<T, K>
where
    T::IsTuple: ZipByPath<S, D, T, K>,
{
    type Shape = <T::IsTuple as ZipByPath<S, D, T, K>>::Shape;
    type Stride = <T::IsTuple as ZipByPath<S, D, T, K>>::Stride;
    #[inline]
    fn regroup(s: S, d: D) -> (Self::Shape, Self::Stride) {
        <T::IsTuple>::zip_by(s, d)
    }
}
/// A tuple tiler zips; a layout tiler's result is already zipped.
pub trait ZipByPath<S, D, T, K> {
    /// The shape.
    type Shape: HTuple;
    /// The stride.
    type Stride: HTuple;
    /// The zipped parts.
    fn zip_by(s: S, d: D) -> (Self::Shape, Self::Stride);
}
impl<S: HTuple, D: HTuple, T, K> ZipByPath<S, D, T, K> for typenum::B0 {
    type Shape = S;
    type Stride = D;
    #[inline]
    fn zip_by(s: S, d: D) -> (S, D) {
        (s, d)
    }
}
impl<S: Zip2<D, T, K>, D, T, K> ZipByPath<S, D, T, K> for typenum::B1 {
    type Shape = Pair<S::S0, S::S1>;
    type Stride = Pair<S::D0, S::D1>;
    #[inline]
    fn zip_by(s: S, d: D) -> (Self::Shape, Self::Stride) {
        let ((s0, d0), (s1, d1)) = s.zip2(d);
        (pair(s0, s1), pair(d0, d1))
    }
}

/// Regroups a zipped result: `(tile, rest)` to `(tile, rest_0, rest_1, ...)`
/// (tiled) or `(tile_0, ..., rest_0, ...)` (flat).
pub trait Regroup<S, D> {
    /// The shape.
    type Shape: HTuple;
    /// The stride.
    type Stride: HTuple;
    /// The regrouped parts.
    fn regroup(s: S, d: D) -> (Self::Shape, Self::Stride);
}
/// `(tile, rest_0, rest_1, ...)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tiled;
/// `(tile_0, tile_1, ..., rest_0, rest_1, ...)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flat;
impl<S0: HTuple, S1: SliceModes, D0: HTuple, D1: SliceModes> Regroup<Pair<S0, S1>, Pair<D0, D1>>
    for Tiled
{
    type Shape = HCons<S0, S1::Output>;
    type Stride = HCons<D0, D1::Output>;
    #[inline]
    fn regroup(s: Pair<S0, S1>, d: Pair<D0, D1>) -> (Self::Shape, Self::Stride) {
        (
            HCons {
                head: s.head,
                tail: s.tail.head.slice_modes(),
            },
            HCons {
                head: d.head,
                tail: d.tail.head.slice_modes(),
            },
        )
    }
}
impl<S0, S1, D0, D1> Regroup<Pair<S0, S1>, Pair<D0, D1>> for Flat
where
    S0: SliceModes,
    S1: SliceModes,
    D0: SliceModes,
    D1: SliceModes,
    S0::Output: Concat<S1::Output>,
    D0::Output: Concat<D1::Output>,
{
    type Shape = Concatenated<S0::Output, S1::Output>;
    type Stride = Concatenated<D0::Output, D1::Output>;
    #[inline]
    fn regroup(s: Pair<S0, S1>, d: Pair<D0, D1>) -> (Self::Shape, Self::Stride) {
        (
            s.head.slice_modes().concat(s.tail.head.slice_modes()),
            d.head.slice_modes().concat(d.tail.head.slice_modes()),
        )
    }
}

/// A layout regrouped by `G`.
pub trait RegroupLayout<G> {
    /// The result's layout type.
    type Output;
    /// The result.
    fn regroup_layout(self) -> Result<Self::Output>;
}
impl<S: HTuple, D: HTuple, G: Regroup<S, D>> RegroupLayout<G> for Layout<S, D> {
    type Output = Layout<G::Shape, G::Stride>;
    #[inline]
    fn regroup_layout(self) -> Result<Self::Output> {
        let (s, d) = G::regroup(*self.shape(), *self.stride());
        Layout::from_algebra(s, d)
    }
}

/// `((tiles...), rest...)` of a zipped product.
#[derive(Clone, Copy, Debug, Default)]
pub struct Then<G1, G2>(core::marker::PhantomData<(G1, G2)>);
impl<S: HTuple, D: HTuple, G1: Regroup<S, D>, G2: Regroup<G1::Shape, G1::Stride>> Regroup<S, D>
    for Then<G1, G2>
{
    type Shape = G2::Shape;
    type Stride = G2::Stride;
    #[inline]
    fn regroup(s: S, d: D) -> (Self::Shape, Self::Stride) {
        let (s, d) = G1::regroup(s, d);
        G2::regroup(s, d)
    }
}
