//! `TiledMma`: an MMA atom tiled over a static layout of atoms and a
//! permutation of the tile, as a type the compiler computes (CuTe C++'s
//! `TiledMMA` and `make_tiled_mma`).

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Mul, Rem};

use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, IsEqual, Prod, UInt, Unsigned, U0, U1, U2};

use super::compact::{LayoutParts, LayoutStatic, StaticExtent, ZeroUnitLayout, ZeroUnitStrides};
use super::mma_atom::{AtomK, AtomM, AtomN, MmaAtom, StaticLayout};
use super::rules::PermutationTilesAtoms;
use crate::algebra::{IntoTiler, StaticValue, TiledProduct, TiledProducted};
use crate::coord::Keep;
use crate::htuple::{HTuple, StaticBit, StaticTuple};
use crate::layout::Layout;
use crate::shape::{Size, SizeOf};

/// An MMA atom `A` tiled over the atom layout `L` with the permutation `P`
/// (CuTe C++'s `TiledMMA<MMA_Atom<A>, L, P>`): a zero-sized type whose
/// layouts the compiler computes ([`MmaTiling`]).
///
/// - the *atom layout* `L` (a static layout of at most three modes `(M,
///   N, K)`, the missing ones `1`) places copies of the atom; the threads
///   are `ThrLayoutVMNK = tiled_product(ThrID, L)`, `(V, M, N, K) ->
///   thread index`, V the atom's own threads;
/// - the *permutation* `P` (a tuple of at most three entries, the missing
///   ones [`Keep`]) says, per mode, which elements of the tile the atoms
///   take, in order: `Keep` the natural order over `atom extent * atoms`
///   elements, an integer `n` the first `n` elements (`n:1`), a static
///   layout its own order. Its size in each mode is the tile's extent,
///   [`TiledMma::tile_size`]; it must be a multiple of the atom's extent
///   times the atoms in that mode (a trait bound, [`PermutationTilesAtoms`]).
///
/// The tiled MMA partitions layouts into thread-value form
/// ([`TiledMma::thrfrg_c`], [`TiledMma::get_layout_c_tv`]) and gives one
/// thread's view ([`TiledMma::get_slice`], a [`ThrMma`](super::ThrMma)),
/// whose `partition_*` give the thread's elements of A, B and C.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_tiled_mma, MmaTiling, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::{layout, Layout};
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// assert_eq!(mma.thr_layout_vmnk().to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// assert_eq!((mma.tile_size::<0>(), mma.tile_size::<1>(), mma.tile_size::<2>()), (32, 16, 16));
/// assert_eq!(mma.size(), 128);
/// assert_eq!(core::mem::size_of_val(&mma), 0);
/// // the types are the compiler's
/// let _: Layout![(32, 2, 2, 1) : (1, 32, 64, 0)] = mma.thr_layout_vmnk();
/// ```
/// A tiled MMA is a type, as in CuTe C++ (`using TiledMma = decltype(...)`):
/// ```
/// use cute_static::atom::{HList3, MmaTiling, TiledMma, SM80_16x8x8_F32TF32TF32F32_TN};
/// use cute_static::{Keep, Layout};
/// use typenum::{U16, U32};
/// type Mma = TiledMma<SM80_16x8x8_F32TF32TF32F32_TN, Layout![(2, 2)], HList3<Keep, U32, U16>>;
/// assert_eq!(Mma::default().tile_shape(), [32, 32, 16]);
/// static_assertions::assert_type_eq_all!(<Mma as MmaTiling>::TileN, U32);
/// ```
pub struct TiledMma<A, L = crate::Layout![(1, 1, 1)], P = HList3<Keep, Keep, Keep>>(
    PhantomData<Parts<A, L, P>>,
);

/// The parts a [`TiledMma`] is made of, as a marker of its type.
type Parts<A, L, P> = fn() -> (A, L, P);

/// A three-element HList, the normal form of a permutation `(PM, PN, PK)`.
pub type HList3<A, B, C> = HCons<A, HCons<B, HCons<C, HNil>>>;

impl<A, L, P> Clone for TiledMma<A, L, P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A, L, P> Copy for TiledMma<A, L, P> {}
impl<A, L, P> Default for TiledMma<A, L, P> {
    fn default() -> Self {
        TiledMma(PhantomData)
    }
}

/// CuTe C++'s `make_tiled_mma(atom, atom_layout)`: `atom` tiled over the
/// static layout of atoms `atom_layout` (at most three modes `(M, N, K)`,
/// the missing ones `1`), with the permutation `(_, _, _)`. The result is a
/// zero-sized [`TiledMma`]; its type says everything.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_tiled_mma, SM80_16x8x8_F32TF32TF32F32_TN};
/// use cute_static::layout;
/// let mma = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, layout!((2, 4)));
/// assert_eq!(mma.thr_layout_vmnk().to_string(), "(_32,_2,_4,_1):(_1,_32,_64,_0)");
/// ```
/// An atom layout with a run-time extent does not compile:
/// ```compile_fail
/// use cute_static::atom::{make_tiled_mma, MmaTiling, SM80_16x8x16_F32F16F16F32_TN};
/// let n = 2;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, cute_static::layout!((2, n, 1)).unwrap());
/// let _ = mma.size();
/// ```
#[inline]
pub fn make_tiled_mma<A: MmaAtom, L>(atom: A, atom_layout: L) -> TiledMma<A, L>
where
    L: StaticLayout,
    TiledMma<A, L>: MmaTiling,
{
    let _ = (atom, atom_layout);
    TiledMma(PhantomData)
}

/// CuTe C++'s `make_tiled_mma(atom, atom_layout, permutation)`: as
/// [`make_tiled_mma`], with the permutation `permutation`, a tuple of at
/// most three entries `(PM, PN, PK)` (the missing ones [`Keep`]): each a
/// `Keep` (the atoms' own extent), a static integer (`tile!(32, 32, 16)`)
/// or a static layout.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_tiled_mma_permuted, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::{layout, tile};
/// let mma = make_tiled_mma_permuted(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)), tile!(32, 32, 16));
/// assert_eq!((mma.tile_size::<0>(), mma.tile_size::<1>()), (32, 32));
/// ```
/// A permutation whose size the atoms do not tile does not compile
/// (`PermutationTilesAtoms`): two atoms of N = 8 take 16 columns at a
/// time, and 24 is not a multiple of 16.
/// ```compile_fail
/// use cute_static::atom::{make_tiled_mma_permuted, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::{layout, tile};
/// let mma = make_tiled_mma_permuted(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)), tile!(32, 24, 16));
/// let _ = mma.tile_size::<1>();
/// ```
#[inline]
pub fn make_tiled_mma_permuted<A: MmaAtom, L, P: IntoTiler>(
    atom: A,
    atom_layout: L,
    permutation: P,
) -> TiledMma<A, L, P::Tiler>
where
    L: StaticLayout,
    TiledMma<A, L, P::Tiler>: MmaTiling,
{
    let _ = (atom, atom_layout, permutation);
    TiledMma(PhantomData)
}

// ------------------------------------------------------------------ the atom layout

/// The atom layout of a [`TiledMma`] as CuTe C++ takes it: a static layout
/// of at most three modes `(M, N, K)`, padded with `_1:_0` modes to three,
/// its static extent-1 modes given the stride `_0`.
#[diagnostic::on_unimplemented(
    message = "CuTe TiledMMA: `{Self}` is not an atom layout (a static layout of at most three modes (M, N, K))",
    note = "the atom layout places copies of the atom along M, N and K: `layout!((2, 2, 1))`; its leaves are static"
)]
pub trait AtomLayoutMNK {
    /// The padded layout, a static layout of three modes.
    type Output: StaticLayout;
    /// The number of atoms along M.
    type M: StaticExtent;
    /// The number of atoms along N.
    type N: StaticExtent;
    /// The number of atoms along K.
    type K: StaticExtent;
}

/// The padded atom layout `(S0, S1, S2):(D0, D1, D2)`, with `_0` strides
/// on its extent-1 leaves.
type Padded<S0, S1, S2, D0, D1, D2> =
    ZeroUnitStrides<Layout<HList3<S0, S1, S2>, HList3<D0, D1, D2>>>;
/// `T` for a static layout `S:D`, `F` otherwise: a layout with a run-time
/// leaf is refused by the bound `Layout<S, D>: StaticLayout` alone (its
/// error names the rule), and its padded form is not computed.
type IfStatic<S, D, T, F> = <LayoutStatic<S, D> as StaticBit>::Select<T, F>;
/// The stand-in padded layout of an atom layout with a run-time leaf.
type NotStatic = crate::Layout![(1, 1, 1) : (0, 0, 0)];

macro_rules! atom_layout_mnk {
    ([$($g:ident),*] $s:ty, $d:ty => ($s0:ty, $s1:ty, $s2:ty), ($d0:ty, $d1:ty, $d2:ty)) => {
        impl<$($g),*> AtomLayoutMNK for Layout<$s, $d>
        where
            Layout<$s, $d>: StaticLayout,
            $s: HTuple,
            $d: HTuple,
            $s0: Size,
            $s1: Size,
            $s2: Size,
            IfStatic<$s, $d, SizeOf<$s0>, U1>: StaticExtent,
            IfStatic<$s, $d, SizeOf<$s1>, U1>: StaticExtent,
            IfStatic<$s, $d, SizeOf<$s2>, U1>: StaticExtent,
            Layout<HList3<$s0, $s1, $s2>, HList3<$d0, $d1, $d2>>: ZeroUnitLayout,
            IfStatic<$s, $d, Padded<$s0, $s1, $s2, $d0, $d1, $d2>, NotStatic>: StaticLayout,
        {
            type Output = IfStatic<$s, $d, Padded<$s0, $s1, $s2, $d0, $d1, $d2>, NotStatic>;
            type M = IfStatic<$s, $d, SizeOf<$s0>, U1>;
            type N = IfStatic<$s, $d, SizeOf<$s1>, U1>;
            type K = IfStatic<$s, $d, SizeOf<$s2>, U1>;
        }
    };
}
atom_layout_mnk!([U, B, D] UInt<U, B>, D => (UInt<U, B>, U1, U1), (D, U0, U0));
atom_layout_mnk!([S0, D0] HCons<S0, HNil>, HCons<D0, HNil> => (S0, U1, U1), (D0, U0, U0));
atom_layout_mnk!([S0, S1, D0, D1] HCons<S0, HCons<S1, HNil>>, HCons<D0, HCons<D1, HNil>>
    => (S0, S1, U1), (D0, D1, U0));
atom_layout_mnk!([S0, S1, S2, D0, D1, D2] HList3<S0, S1, S2>, HList3<D0, D1, D2>
    => (S0, S1, S2), (D0, D1, D2));

// ------------------------------------------------------------------ the permutation

/// The permutation of a [`TiledMma`] in normal form: a tuple of at most
/// three entries, padded with [`Keep`] to `(PM, PN, PK)`.
#[diagnostic::on_unimplemented(
    message = "CuTe TiledMMA: `{Self}` is not a permutation (a tuple of at most three entries (M, N, K))",
    note = "each entry is `Keep` (`_`), a static integer or a static layout: `tile!(32, 32, 16)`, `(Keep, layout!((4, 4, 2) : (1, 8, 4)), Keep)`"
)]
pub trait PermutationMNK {
    /// The entry of M.
    type M;
    /// The entry of N.
    type N;
    /// The entry of K.
    type K;
}
impl PermutationMNK for HNil {
    type M = Keep;
    type N = Keep;
    type K = Keep;
}
impl<A> PermutationMNK for HCons<A, HNil> {
    type M = A;
    type N = Keep;
    type K = Keep;
}
impl<A, B> PermutationMNK for HCons<A, HCons<B, HNil>> {
    type M = A;
    type N = B;
    type K = Keep;
}
impl<A, B, C> PermutationMNK for HList3<A, B, C> {
    type M = A;
    type N = B;
    type K = C;
}

/// A permutation entry for a mode whose atom has the extent `E` and which
/// has `T` atoms: the tiler of the mode (`Keep` is `E * T`, an integer or a
/// static layout is itself) and its size. Its size must be a multiple of
/// `E * T` ([`PermutationTilesAtoms`]).
#[diagnostic::on_unimplemented(
    message = "CuTe TiledMMA: the permutation entry `{Self}` is not `Keep`, a static integer or a static layout",
    note = "a permutation entry says which elements of a mode the atoms take, in order"
)]
pub trait PermEntry<E, T> {
    /// The tiler: a static integer or a static layout.
    type Tiler: StaticValue + IntoTiler + Copy;
    /// Its size: the tile's extent in this mode.
    type Size: StaticExtent;
}
/// `atom extent * atoms`.
impl<E, T> PermEntry<E, T> for Keep
where
    E: Mul<T>,
    Prod<E, T>: StaticExtent,
{
    type Tiler = Prod<E, T>;
    type Size = Prod<E, T>;
}
/// The `n` first elements, in order.
impl<U, B, E, T> PermEntry<E, T> for UInt<U, B>
where
    U: Unsigned,
    B: Bit,
    E: Mul<T>,
    UInt<U, B>: Rem<Prod<E, T>>,
    <UInt<U, B> as Rem<Prod<E, T>>>::Output: IsEqual<U0>,
    <<UInt<U, B> as Rem<Prod<E, T>>>::Output as IsEqual<U0>>::Output:
        PermutationTilesAtoms<UInt<U, B>, Prod<E, T>>,
{
    type Tiler = UInt<U, B>;
    type Size = UInt<U, B>;
}
/// The elements of a static layout, in its order.
impl<S, D, E, T> PermEntry<E, T> for Layout<S, D>
where
    S: StaticTuple + Size,
    D: StaticTuple,
    Layout<S, D>: StaticValue,
    SizeOf<S>: StaticExtent,
    E: Mul<T>,
    SizeOf<S>: Rem<Prod<E, T>>,
    <SizeOf<S> as Rem<Prod<E, T>>>::Output: IsEqual<U0>,
    <<SizeOf<S> as Rem<Prod<E, T>>>::Output as IsEqual<U0>>::Output:
        PermutationTilesAtoms<SizeOf<S>, Prod<E, T>>,
{
    type Tiler = Layout<S, D>;
    type Size = SizeOf<S>;
}

// ------------------------------------------------------------------ the tiling

/// What the compiler computes of a [`TiledMma`]: its threads, the
/// permutation's tilers and the tile's extents, as types.
///
/// Implemented for `TiledMma<A, L, P>` when `L` is an atom layout
/// ([`AtomLayoutMNK`]) and `P` a permutation whose sizes the atoms tile
/// ([`PermEntry`], [`PermutationTilesAtoms`]): a tiled MMA that breaks a
/// rule does not compile where it is made ([`make_tiled_mma`]) or used.
pub trait MmaTiling: Copy + Default {
    /// The atom.
    type Atom: MmaAtom;
    /// The atom layout, padded to `(M, N, K)`.
    type AtomLayoutMNK: StaticLayout;
    /// `(V, M, N, K) -> thread index`: `tiled_product(ThrID, AtomLayoutMNK)`
    /// (CuTe's `get_thr_layout_vmnk`).
    type ThrLayoutVMNK: StaticLayout;
    /// The number of threads, `size(ThrLayoutVMNK)`.
    type Threads: StaticExtent;
    /// The atom's threads, `size(ThrID)`.
    type ThrV: StaticExtent;
    /// The atoms along M.
    type ThrM: StaticExtent;
    /// The atoms along N.
    type ThrN: StaticExtent;
    /// The atoms along K.
    type ThrK: StaticExtent;
    /// The permutation's tiler of M: an integer or a static layout.
    type PermM: StaticValue + IntoTiler + Copy;
    /// The permutation's tiler of N.
    type PermN: StaticValue + IntoTiler + Copy;
    /// The permutation's tiler of K.
    type PermK: StaticValue + IntoTiler + Copy;
    /// The tile's extent along M (CuTe's `tile_size<0>`).
    type TileM: StaticExtent;
    /// The tile's extent along N.
    type TileN: StaticExtent;
    /// The tile's extent along K.
    type TileK: StaticExtent;
}

/// The thread layout of the atom `A` tiled over the padded atom layout `L`.
type VmnkOf<A, L> = ZeroUnitStrides<TiledProducted<<A as MmaAtom>::ThrID, L>>;
/// The entry of mode `I` of the permutation `P`.
type PermOf<P, I> = <P as PermIndex<I>>::Entry;

/// The entry of mode `I` (0, 1, 2) of a permutation.
pub trait PermIndex<I> {
    /// The entry.
    type Entry;
}
impl<P: PermutationMNK> PermIndex<U0> for P {
    type Entry = P::M;
}
impl<P: PermutationMNK> PermIndex<U1> for P {
    type Entry = P::N;
}
impl<P: PermutationMNK> PermIndex<U2> for P {
    type Entry = P::K;
}

impl<A, L, P> MmaTiling for TiledMma<A, L, P>
where
    A: MmaAtom,
    L: AtomLayoutMNK,
    P: PermutationMNK,
    A::ThrID: TiledProduct<L::Output>,
    TiledProducted<A::ThrID, L::Output>: ZeroUnitLayout,
    VmnkOf<A, L::Output>: StaticLayout,
    <VmnkOf<A, L::Output> as LayoutParts>::Shape: Size,
    SizeOf<<VmnkOf<A, L::Output> as LayoutParts>::Shape>: StaticExtent,
    <A::ThrID as LayoutParts>::Shape: Size,
    SizeOf<<A::ThrID as LayoutParts>::Shape>: StaticExtent,
    PermOf<P, U0>: PermEntry<AtomM<A>, L::M>,
    PermOf<P, U1>: PermEntry<AtomN<A>, L::N>,
    PermOf<P, U2>: PermEntry<AtomK<A>, L::K>,
{
    type Atom = A;
    type AtomLayoutMNK = L::Output;
    type ThrLayoutVMNK = VmnkOf<A, L::Output>;
    type Threads = SizeOf<<VmnkOf<A, L::Output> as LayoutParts>::Shape>;
    type ThrV = SizeOf<<A::ThrID as LayoutParts>::Shape>;
    type ThrM = L::M;
    type ThrN = L::N;
    type ThrK = L::K;
    type PermM = <PermOf<P, U0> as PermEntry<AtomM<A>, L::M>>::Tiler;
    type PermN = <PermOf<P, U1> as PermEntry<AtomN<A>, L::N>>::Tiler;
    type PermK = <PermOf<P, U2> as PermEntry<AtomK<A>, L::K>>::Tiler;
    type TileM = <PermOf<P, U0> as PermEntry<AtomM<A>, L::M>>::Size;
    type TileN = <PermOf<P, U1> as PermEntry<AtomN<A>, L::N>>::Size;
    type TileK = <PermOf<P, U2> as PermEntry<AtomK<A>, L::K>>::Size;
}

/// The extent of the tile in mode `I` of `(M, N, K)`.
pub trait TileSize<I> {
    /// The extent.
    type Output: Unsigned;
}
impl<TM: MmaTiling> TileSize<U0> for TM {
    type Output = TM::TileM;
}
impl<TM: MmaTiling> TileSize<U1> for TM {
    type Output = TM::TileN;
}
impl<TM: MmaTiling> TileSize<U2> for TM {
    type Output = TM::TileK;
}

impl<A, L, P> TiledMma<A, L, P> {
    /// `(V, M, N, K) -> thread index`: the atom's threads tiled over the
    /// atom layout (CuTe's `get_thr_layout_vmnk`), a static layout.
    #[inline]
    pub fn thr_layout_vmnk(&self) -> <Self as MmaTiling>::ThrLayoutVMNK
    where
        Self: MmaTiling,
    {
        StaticValue::static_value()
    }

    /// The atom layout padded to `(M, N, K)`.
    #[inline]
    pub fn atom_layout_mnk(&self) -> <Self as MmaTiling>::AtomLayoutMNK
    where
        Self: MmaTiling,
    {
        StaticValue::static_value()
    }

    /// The number of threads (CuTe's `size(tiled_mma)`).
    #[inline]
    pub fn size(&self) -> i64
    where
        Self: MmaTiling,
    {
        <<Self as MmaTiling>::Threads as Unsigned>::I64
    }

    /// The tile's extent in mode `I` of `(M, N, K)` (CuTe's
    /// `tile_size<I>`): the size of the permutation of that mode. Its type
    /// is [`TileSize`]`<I>`'s, a typenum integer.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_tiled_mma, SM70_8x8x4_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM70_8x8x4_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// assert_eq!([mma.tile_size::<0>(), mma.tile_size::<1>(), mma.tile_size::<2>()], [16, 16, 4]);
    /// ```
    #[inline]
    pub fn tile_size<const I: usize>(&self) -> i64
    where
        crate::htuple::Idx<I>: crate::htuple::ToIndex,
        Self: TileSize<crate::htuple::IndexOf<I>>,
    {
        <<Self as TileSize<crate::htuple::IndexOf<I>>>::Output as Unsigned>::I64
    }

    /// The tile `(M, N, K)` (CuTe's `tile_shape`).
    #[inline]
    pub fn tile_shape(&self) -> [i64; 3]
    where
        Self: MmaTiling,
    {
        [
            <<Self as MmaTiling>::TileM as Unsigned>::I64,
            <<Self as MmaTiling>::TileN as Unsigned>::I64,
            <<Self as MmaTiling>::TileK as Unsigned>::I64,
        ]
    }

    /// The tiled MMA as a run-time one (`cute_dynamic::atom::TiledMma`):
    /// the same atom, atom layout and permutation.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let d = mma.to_dynamic();
    /// assert_eq!(d.thr_layout_vmnk(), &mma.thr_layout_vmnk().to_dynamic());
    /// ```
    #[cfg(feature = "dynamic")]
    pub fn to_dynamic(&self) -> cute_dynamic::atom::TiledMma
    where
        Self: MmaTiling,
        <Self as MmaTiling>::PermM: crate::algebra::Tiler,
        <Self as MmaTiling>::PermN: crate::algebra::Tiler,
        <Self as MmaTiling>::PermK: crate::algebra::Tiler,
    {
        use crate::algebra::Tiler;
        let atom = <<Self as MmaTiling>::Atom as MmaAtom>::to_dynamic();
        let layout = self.atom_layout_mnk().dynamic();
        let perm = [
            <<Self as MmaTiling>::PermM as StaticValue>::static_value().to_dynamic(),
            <<Self as MmaTiling>::PermN as StaticValue>::static_value().to_dynamic(),
            <<Self as MmaTiling>::PermK as StaticValue>::static_value().to_dynamic(),
        ];
        cute_dynamic::atom::make_tiled_mma(atom, Some(&layout), &perm)
            .expect("a static tiled MMA is a run-time one")
    }
}

impl<A: MmaAtom, L, P> fmt::Debug for TiledMma<A, L, P>
where
    Self: MmaTiling,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TiledMMA<{}>", A::NAME)
    }
}

/// CuTe C++'s `print(TiledMMA)`: the thread layout, the tile and the atom.
impl<A: MmaAtom, L, P> fmt::Display for TiledMma<A, L, P>
where
    Self: MmaTiling,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledMMA {}", A::NAME)?;
        writeln!(f, "  ThrLayoutVMNK: {}", self.thr_layout_vmnk())?;
        let [m, n, k] = self.tile_shape();
        writeln!(f, "  Tile_MNK:      ({m}, {n}, {k})")?;
        writeln!(f, "  ThrID:         {}", A::thr_id())?;
        writeln!(f, "  LayoutA_TV:    {}", A::a_layout())?;
        writeln!(f, "  LayoutB_TV:    {}", A::b_layout())?;
        write!(f, "  LayoutC_TV:    {}", A::c_layout())
    }
}
