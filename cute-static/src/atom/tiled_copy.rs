//! `TiledCopy`: a copy atom tiled over the threads and values of a block,
//! as a type the compiler computes (CuTe C++'s `TiledCopy`, `ThrCopy`,
//! `make_tiled_copy`, `make_tiled_copy_A/B/C`, `cute/atom/copy_atom.hpp`).
//!
//! A [`TiledCopy<Atom, LayoutTV, Tiler>`](TiledCopy) is a zero-sized type:
//! the atom, the thread-value layout `(thread, value) -> coordinate` of the
//! tile, and the tile's shape. [`make_tiled_copy`] computes the last two
//! from a thread layout and a value layout, as CuTe C++ does:
//!
//! ```text
//! layout_mn = raked_product(thr_layout, val_layout)          (m, n) -> (thr, val)
//! layout_tv = right_inverse(layout_mn) o (size(thr), size(val)):(1, size(thr))
//! tiler     = product_each(shape(layout_mn))
//! ```
//!
//! and [`make_tiled_copy_a`] (`_b`, `_c`) takes them from a [`TiledMma`](super::TiledMma):
//! its operand's thread-value layout and tile, so that the copy's
//! destination is the MMA's register fragment. The tilings are CuTe C++'s
//! `tile2thrfrg`, each step this crate's operation of the same name:
//!
//! ```text
//! ref2trg   = right_inverse(ValLayoutRef) o ValLayoutSrc           (or Dst)
//! atom_tv   = zipped_divide(layout_tv, (AtomNumThr, AtomNumVal))  ((atom_t, atom_v), (rest_t, rest_v))
//! trg_tv    = atom_tv[0] o ref2trg                                 (trg_t, trg_v)
//! thrval2mn = coalesce(((trg_t, rest_t), (trg_v, rest_v)), (1, (1, 1)))
//! tidfrg(L) = let z = zipped_divide(L, tiler), t = z[0] o thrval2mn in (t[0], t[1], z[1])
//!                                                                  (Thr, (FrgV, FrgX), (RestM, RestN, ...))
//! ```
//!
//! A thread's view ([`ThrCopy`], from [`TiledCopy::get_slice`]) slices it
//! at its index: [`ThrCopy::partition_s`] and [`ThrCopy::partition_d`]
//! give `(offset, layout)` of a layout's elements the thread copies, static
//! or mixed as the algebra keeps them, and [`ThrCopy::retile_s`] /
//! [`ThrCopy::retile_d`] regroup a thread's fragment as the copy moves it.
//!
//! ```
//! use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
//! use cute_static::layout;
//! // 32 x 4 threads, K-major, each moving 8 f16 (128 bits) of a row
//! let copy = make_tiled_copy(
//!     make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
//!     layout!((32, 4) : (4, 1)),
//!     layout!((1, 8)),
//! );
//! assert_eq!(copy.size(), 128);
//! assert_eq!(copy.tiler().to_string(), "(_32,_32)");
//! // thread 5's elements of a K-major 128 x 32 tile of A in global memory
//! let ld = 4096;
//! let g_a = layout!((128, 32) : (ld, 1)).unwrap();
//! let (off, t) = copy.get_slice(5).unwrap().partition_s(g_a).unwrap();
//! assert_eq!((off, t.to_string()), (4096 + 8, "((_8,_1),_4,_1):((_1,_0),131072,_0)".to_string()));
//! ```
//!
//! # What the compiler checks
//!
//! - The thread-value layout holds whole atoms: its threads and its values
//!   per thread are multiples of the atom's
//!   ([`CopyThreadsHoldAtoms`](super::CopyThreadsHoldAtoms),
//!   [`CopyValuesHoldAtoms`](super::CopyValuesHoldAtoms); CuTe's "TiledCopy
//!   uses too few thrs/vals").
//! - A layout partitioned by the copy is tiled exactly by its tile in each
//!   mode the tile spans ([`CopyTileDivides`](super::CopyTileDivides); a
//!   run-time size at run time).
//! - The atom is valid for its value type
//!   ([`CopyAtomValid`](super::CopyAtomValid)).

use core::fmt;
use core::marker::PhantomData;

use cute_core::Result;
use typenum::Unsigned;

use super::copy_atom::{CopyAtom, Dst, Src};
pub use super::copy_partition::{
    CopyLayoutTv, CopyPartition, CopyPartitioned, CopySide, ThrVal2Mn, TidFrg,
};
pub use super::copy_retile::{Retile, Retiled, TailOf};
use super::copy_tiling::bad_thread;
pub use super::copy_tiling::{CopyTiling, TiledCopy};
pub use super::make_copy::{AsTuple, PadLike, PadRanks, ThrValLayout};
#[cfg(feature = "dynamic")]
use super::mma_atom::StaticLayout;
use super::thr_mma::ThreadIndex;
use super::thrfrg::{HList2, LayoutTv, OperandA, OperandB, OperandC};
use super::tiled_mma::MmaTiling;
use crate::algebra::StaticValue;

/// The tiled copy of `make_tiled_copy(atom, Thr, Val)`.
pub type TiledCopyOf<A, Thr, Val> =
    TiledCopy<A, <Thr as ThrValLayout<Val>>::LayoutTV, <Thr as ThrValLayout<Val>>::Tiler>;

/// CuTe C++'s `make_tiled_copy(atom, thr_layout, val_layout)`: the threads
/// laid out by `thr_layout` (`(m, n) -> thread`), each moving the block
/// `val_layout` (`(m, n) -> value`); both static layouts. The tile is their
/// raked product, the thread-value layout its right inverse with the shape
/// `(size(thr_layout), size(val_layout))`, all computed by the compiler
/// (see the [module](self)). The layout of fewer modes is padded with
/// `_1:_0` modes.
///
/// # Pre-conditions
/// The threads and the values per thread hold whole atoms (trait bounds,
/// [`CopyThreadsHoldAtoms`](super::CopyThreadsHoldAtoms),
/// [`CopyValuesHoldAtoms`](super::CopyValuesHoldAtoms)).
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
/// use cute_static::layout;
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
/// assert_eq!(copy.get_layout_s_tv().to_string(), "((_8,_16),(_8,_1)):((_128,_1),(_16,_0))");
/// ```
/// Too few threads for the atom do not compile:
/// ```compile_fail
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM75_U32x4_LDSM_N};
/// use cute_static::layout;
/// let _ = make_tiled_copy(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), layout!((4, 4)), layout!((1, 8)));
/// ```
#[inline]
pub fn make_tiled_copy<A, Thr, Val>(
    atom: A,
    thr_layout: Thr,
    val_layout: Val,
) -> TiledCopyOf<A, Thr, Val>
where
    A: CopyAtom,
    Thr: ThrValLayout<Val>,
    TiledCopyOf<A, Thr, Val>: CopyTiling,
{
    let _ = (atom, thr_layout, val_layout);
    TiledCopy::default()
}

/// The tiled copy of `make_tiled_copy_A(atom, mma)`.
pub type TiledCopyA<A, TM> = TiledCopy<
    A,
    <OperandA as LayoutTv<TM>>::Output,
    HList2<<TM as MmaTiling>::TileM, <TM as MmaTiling>::TileK>,
>;
/// The tiled copy of `make_tiled_copy_B(atom, mma)`.
pub type TiledCopyB<A, TM> = TiledCopy<
    A,
    <OperandB as LayoutTv<TM>>::Output,
    HList2<<TM as MmaTiling>::TileN, <TM as MmaTiling>::TileK>,
>;
/// The tiled copy of `make_tiled_copy_C(atom, mma)`.
pub type TiledCopyC<A, TM> = TiledCopy<
    A,
    <OperandC as LayoutTv<TM>>::Output,
    HList2<<TM as MmaTiling>::TileM, <TM as MmaTiling>::TileN>,
>;

/// CuTe C++'s `make_tiled_copy_A(atom, mma)`: a tiled copy whose
/// thread-value layout is the tiled MMA's A layout over its `(M, K)` tile
/// ([`TiledMma::get_layout_a_tv`](super::TiledMma::get_layout_a_tv)): the
/// copy's destination is the MMA's A fragment (CuTe's SM80 GEMMs load it
/// from shared memory with `ldmatrix`).
///
/// # Pre-conditions
/// The MMA's threads and A values per thread hold whole atoms (trait
/// bounds, [`CopyThreadsHoldAtoms`](super::CopyThreadsHoldAtoms),
/// [`CopyValuesHoldAtoms`](super::CopyValuesHoldAtoms)).
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half};
/// use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::layout;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
/// assert_eq!((copy.size(), copy.tiler().to_string()), (128, "(_32,_16)".to_string()));
/// ```
#[inline]
pub fn make_tiled_copy_a<A, TM>(atom: A, mma: &TM) -> TiledCopyA<A, TM>
where
    A: CopyAtom,
    TM: MmaTiling,
    OperandA: LayoutTv<TM>,
    TiledCopyA<A, TM>: CopyTiling,
{
    let _ = (atom, mma);
    TiledCopy::default()
}

/// CuTe C++'s `make_tiled_copy_B(atom, mma)`: as [`make_tiled_copy_a`] for
/// B, over the tiled MMA's `(N, K)` tile.
///
/// # Pre-conditions
/// As [`make_tiled_copy_a`], for B's values.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy_b, make_tiled_mma, Half};
/// use cute_static::atom::{SM75_U32x2_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::layout;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// // each thread holds 4 f16 of B per tile: two 32-bit registers, ldmatrix.x2
/// let copy = make_tiled_copy_b(make_copy_atom::<Half, _>(SM75_U32x2_LDSM_N), &mma);
/// assert_eq!(copy.tiler().to_string(), "(_16,_16)");
/// ```
#[inline]
pub fn make_tiled_copy_b<A, TM>(atom: A, mma: &TM) -> TiledCopyB<A, TM>
where
    A: CopyAtom,
    TM: MmaTiling,
    OperandB: LayoutTv<TM>,
    TiledCopyB<A, TM>: CopyTiling,
{
    let _ = (atom, mma);
    TiledCopy::default()
}

/// CuTe C++'s `make_tiled_copy_C(atom, mma)`: as [`make_tiled_copy_a`] for
/// C, over the tiled MMA's `(M, N)` tile.
///
/// # Pre-conditions
/// As [`make_tiled_copy_a`], for C's values.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy_c, make_tiled_mma, UniversalCopy};
/// use cute_static::atom::SM80_16x8x16_F32F16F16F32_TN;
/// use cute_static::layout;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// let copy = make_tiled_copy_c(make_copy_atom::<f32, _>(UniversalCopy::<u64>::default()), &mma);
/// // the destination's thread-value layout is the MMA's C layout, coalesced
/// let (d, c) = (copy.get_layout_d_tv(), mma.get_layout_c_tv());
/// assert!((0..128 * 4).all(|i| d.eval(i) == c.eval(i)));
/// ```
#[inline]
pub fn make_tiled_copy_c<A, TM>(atom: A, mma: &TM) -> TiledCopyC<A, TM>
where
    A: CopyAtom,
    TM: MmaTiling,
    OperandC: LayoutTv<TM>,
    TiledCopyC<A, TM>: CopyTiling,
{
    let _ = (atom, mma);
    TiledCopy::default()
}

// ------------------------------------------------------------------ the tiled copy's functions

impl<A, TV, T> TiledCopy<A, TV, T> {
    /// The number of threads (CuTe's `size(tiled_copy)`).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u64>::default()),
    ///                            layout!((8, 8) : (8, 1)), layout!((1, 4)));
    /// assert_eq!(copy.size(), 64);
    /// assert_eq!(copy.tiler().to_string(), "(_8,_32)");
    /// assert_eq!(copy.layout_tv().to_string(), "((_8,_8),_4):((_32,_1),_8)");
    /// assert_eq!(format!("{:?}", copy.atom()), "Copy_Atom<UniversalCopy<u64>, f16>");
    /// ```
    #[inline]
    pub fn size(&self) -> i64
    where
        Self: CopyTiling,
    {
        <<Self as CopyTiling>::NumThr as Unsigned>::I64
    }

    /// The thread-value layout `(thread, value) -> coordinate` (CuTe's
    /// `TiledLayout_TV`), a static layout.
    #[inline]
    pub fn layout_tv(&self) -> <Self as CopyTiling>::LayoutTV
    where
        Self: CopyTiling,
    {
        StaticValue::static_value()
    }

    /// The tile's shape (CuTe's `Tiler_MN`), a tuple of static extents.
    #[inline]
    pub fn tiler(&self) -> crate::htuple::Cute<<Self as CopyTiling>::Tiler>
    where
        Self: CopyTiling,
    {
        crate::htuple::Cute(StaticValue::static_value())
    }

    /// The atom.
    #[inline]
    pub fn atom(&self) -> <Self as CopyTiling>::Atom
    where
        Self: CopyTiling,
    {
        Default::default()
    }

    /// CuTe's `get_layoutS_TV`: `(thread, value) -> m + M * n` of the
    /// source, the column-major index into the tile; a static layout the
    /// compiler computes.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half};
    /// use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
    /// // each thread addresses 8 f16 of one row of the 32 x 16 tile
    /// assert_eq!(copy.get_layout_s_tv().to_string(),
    ///            "((_16,_2,_2,_2),(_8,_1)):((_1,_256,_16,_0),(_32,_0))");
    /// ```
    #[inline]
    pub fn get_layout_s_tv(&self) -> <Src as CopyLayoutTv<Self>>::Output
    where
        Self: CopyTiling,
        Src: CopyLayoutTv<Self>,
    {
        StaticValue::static_value()
    }

    /// CuTe's `get_layoutD_TV`: as [`TiledCopy::get_layout_s_tv`] for the
    /// destination.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half};
    /// use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
    /// // the registers ldmatrix fills are the MMA's A fragment: the same function
    /// let (d, a) = (copy.get_layout_d_tv(), mma.get_layout_a_tv());
    /// assert!((0..128 * 8).all(|i| d.eval(i) == a.eval(i)));
    /// ```
    #[inline]
    pub fn get_layout_d_tv(&self) -> <Dst as CopyLayoutTv<Self>>::Output
    where
        Self: CopyTiling,
        Dst: CopyLayoutTv<Self>,
    {
        StaticValue::static_value()
    }

    /// CuTe's `tidfrg_S`: a layout of the source tiled into `(thread,
    /// (FrgV, FrgX), (RestM, RestN, ...))`: FrgV the values of one atom,
    /// FrgX the atoms of one thread, Rest the tiles (see the
    /// [module](self)). A static layout gives a static layout; a layout
    /// with a dynamic leaf gives a `Result`.
    ///
    /// # Pre-conditions
    /// The layout has at least as many modes as the tile, each of a size
    /// the tile's extent divides (trait bounds on static sizes,
    /// [`CopyTileDivides`](super::CopyTileDivides)).
    ///
    /// # Errors
    /// For a layout with a dynamic leaf: a mode of run-time size the tile
    /// does not divide, or an error of the algebra's operations.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
    ///                            layout!((32, 4) : (4, 1)), layout!((1, 8)));
    /// let ld = 1000;
    /// let t = copy.tidfrg_s(layout!((64, 32) : (ld, 1)).unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "((_4,_32),(_8,_1),(_2,_1)):((_8,1000),(_1,_0),(32000,_0))");
    /// ```
    #[inline]
    pub fn tidfrg_s<L: TidFrg<Self, Src>>(&self, layout: L) -> L::Ret {
        layout.tidfrg()
    }

    /// CuTe's `tidfrg_D`: as [`TiledCopy::tidfrg_s`] for the destination.
    ///
    /// # Pre-conditions
    /// As [`TiledCopy::tidfrg_s`].
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg_s`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
    ///                            layout!((32, 4) : (4, 1)), layout!((1, 8)));
    /// let t = copy.tidfrg_d(layout!((64, 32) : (32, 1)));
    /// assert_eq!(t.to_string(), "((_4,_32),(_8,_1),(_2,_1)):((_8,_32),(_1,_0),(_1024,_0))");
    /// ```
    #[inline]
    pub fn tidfrg_d<L: TidFrg<Self, Dst>>(&self, layout: L) -> L::Ret {
        layout.tidfrg()
    }

    /// CuTe's `retile`: a thread's fragment `(V, RestM, RestN, ...)`
    /// regrouped as the copy moves it (see [`Retile`]).
    ///
    /// # Errors
    /// For a layout with a dynamic leaf: an error of the algebra's
    /// operations.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u64>::default()),
    ///                            layout!((8, 8) : (8, 1)), layout!((1, 8)));
    /// // 8 values per thread and tile, 4 per atom: two atoms a tile
    /// assert_eq!(copy.retile(layout!((8, 2, 3))).to_string(), "((_4,_2),_2,_3):((_1,_4),_8,_16)");
    /// ```
    #[inline]
    pub fn retile<L: Retile<Self>>(&self, layout: L) -> L::Ret {
        layout.retile()
    }

    /// Thread `thr`'s view of the tiled copy (CuTe's `get_slice`).
    ///
    /// # Errors
    /// `IndexError` if `thr` is negative or not below the number of threads
    /// (CuTe C++ does not check).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
    ///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
    /// assert_eq!(copy.get_slice(7_u32).unwrap().thread(), 7);
    /// assert!(copy.get_slice(128).is_err());
    /// ```
    pub fn get_slice<I: ThreadIndex>(&self, thr: I) -> Result<ThrCopy<Self>>
    where
        Self: CopyTiling,
    {
        let n = self.size();
        match thr.thread_index() {
            Some(t) if (0..n).contains(&t) => Ok(ThrCopy {
                thr: t,
                tiled: PhantomData,
            }),
            t => Err(bad_thread(t, n)),
        }
    }

    /// The tiled copy as a run-time one (`cute_dynamic::atom::TiledCopy`):
    /// the same atom, thread-value layout and tile.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
    ///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
    /// let d = copy.to_dynamic();
    /// assert_eq!(d.get_layout_s_tv().unwrap(), copy.get_layout_s_tv().to_dynamic());
    /// ```
    #[cfg(feature = "dynamic")]
    pub fn to_dynamic(&self) -> cute_dynamic::atom::TiledCopy
    where
        Self: CopyTiling,
    {
        use crate::algebra::{IntoTiler, Tiler};
        let tiler = match <<Self as CopyTiling>::Tiler as StaticValue>::static_value()
            .into_tiler()
            .to_dynamic()
        {
            cute_dynamic::layout::Tiler::Tuple(t) => t,
            t => vec![t],
        };
        cute_dynamic::atom::TiledCopy::new(
            self.atom().to_dynamic(),
            self.layout_tv().dynamic(),
            tiler,
        )
        .expect("a static tiled copy is a run-time one")
    }
}

// ------------------------------------------------------------------ a thread's view

/// One thread's view of a tiled copy `TC` (CuTe C++'s `ThrCopy`), from
/// [`TiledCopy::get_slice`]: the thread's index, with which it partitions
/// layouts.
///
/// The partitions take a layout (static or mixed) and give the thread's
/// elements of it with their offset: `(offset, layout)`, the element at a
/// coordinate `c` of the thread's layout being the original layout's
/// `offset + layout(c)`. Their types are computed by the compiler: a static
/// layout's partition is static, a mixed one keeps static what the algebra
/// keeps static.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
/// use cute_static::layout;
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
/// let thr = copy.get_slice(9).unwrap();
/// let (off, d) = thr.partition_d(layout!((64, 64) : (64, 1))).unwrap();
/// assert_eq!((off, d.to_string()), (72, "((_8,_1),_4,_1):((_1,_0),_1024,_0)".to_string()));
/// ```
pub struct ThrCopy<TC> {
    thr: i64,
    tiled: PhantomData<TC>,
}
impl<TC> Clone for ThrCopy<TC> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<TC> Copy for ThrCopy<TC> {}
impl<TC> fmt::Debug for ThrCopy<TC> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThrCopy").field("thr", &self.thr).finish()
    }
}

impl<TC: CopyTiling> ThrCopy<TC> {
    /// The thread's index.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u64>::default()),
    ///                            layout!((8, 8) : (8, 1)), layout!((1, 8)));
    /// assert_eq!(copy.get_slice(63).unwrap().thread(), 63);
    /// ```
    #[inline]
    pub fn thread(&self) -> i64 {
        self.thr
    }

    /// CuTe's `partition_S`: the thread's elements of a source layout,
    /// `((FrgV, FrgX), RestM, RestN, ...)`, with their offset: the layout's
    /// element at the thread's coordinate `c` is `offset + result(c)`.
    ///
    /// # Pre-conditions
    /// As [`TiledCopy::tidfrg_s`].
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg_s`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half};
    /// use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::{layout, Layout};
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
    /// // a K-major 128 x 32 tile of A in shared memory
    /// let (off, s) = copy.get_slice(9).unwrap().partition_s(layout!((128, 32) : (32, 1))).unwrap();
    /// assert_eq!((off, s.to_string()), (288, "((_8,_1),_4,_2):((_1,_0),_1024,_16)".to_string()));
    /// let _: Layout![((8, 1), 4, 2) : ((1, 0), 1024, 16)] = s;
    /// ```
    #[inline]
    pub fn partition_s<L: CopyPartition<TC, Src>>(&self, layout: L) -> Result<(i64, L::Output)> {
        layout.copy_partition(self.thr)
    }

    /// CuTe's `partition_D`: the thread's elements of a destination layout,
    /// with their offset.
    ///
    /// # Pre-conditions
    /// As [`TiledCopy::tidfrg_d`].
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg_d`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
    ///                            layout!((32, 4) : (4, 1)), layout!((1, 8)));
    /// // thread 5's elements of a K-major 128 x 32 tile in shared memory
    /// let (off, d) = copy.get_slice(5).unwrap().partition_d(layout!((128, 32) : (32, 1))).unwrap();
    /// assert_eq!((off, d.to_string()), (40, "((_8,_1),_4,_1):((_1,_0),_1024,_0)".to_string()));
    /// ```
    #[inline]
    pub fn partition_d<L: CopyPartition<TC, Dst>>(&self, layout: L) -> Result<(i64, L::Output)> {
        layout.copy_partition(self.thr)
    }

    /// CuTe's `retile_S`: a thread's fragment regrouped as the copy moves
    /// it ([`TiledCopy::retile`]; the source and the destination are
    /// retiled alike).
    ///
    /// # Errors
    /// As [`TiledCopy::retile`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
    /// use cute_static::layout;
    /// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u64>::default()),
    ///                            layout!((8, 8) : (8, 1)), layout!((1, 8)));
    /// let thr = copy.get_slice(0).unwrap();
    /// assert_eq!(thr.retile_s(layout!((8, 2, 3))), thr.retile_d(layout!((8, 2, 3))));
    /// ```
    #[inline]
    pub fn retile_s<L: Retile<TC>>(&self, layout: L) -> L::Ret {
        layout.retile()
    }

    /// CuTe's `retile_D`: [`TiledCopy::retile`] (see [`ThrCopy::retile_s`]).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half};
    /// use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
    /// let thr = mma.get_slice(9).unwrap();
    /// let frag = thr.partition_fragment_a(&layout!((128, 32) : (32, 1)));
    /// let r = copy.get_slice(9).unwrap().retile_d(frag.layout());
    /// assert_eq!(r.to_string(), "((_8,_1),_4,_2):((_1,_0),_16,_8)");
    /// ```
    #[inline]
    pub fn retile_d<L: Retile<TC>>(&self, layout: L) -> L::Ret {
        layout.retile()
    }
}
