//! One thread's view of a tiled MMA (CuTe C++'s `ThrMMA`): its partitions
//! of A, B and C, and its register fragment of C.

use core::fmt;
use core::marker::PhantomData;

use cute_core::{Error, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::U1;

use super::compact::{LayoutParts, ZeroUnit};
use super::fragment::{Fragment, FragmentLayout};
use super::mma_atom::MmaAtom;
use super::thrfrg::{CompactColMajor, HList2, MmaOperand, OperandA, OperandB, OperandC, Thrfrg};
use super::tiled_mma::{MmaTiling, TiledMma};
use crate::algebra::{IntoResult, StaticValue};
use crate::coord::Keep;
use crate::htuple::{Get, ModeOf, StaticTuple};
use crate::layout::Layout;
use crate::partition::{flat_coord, FlatCoord, KeepAll, Slice, Sliced};
use crate::shape::{ColMajor, PrefixProduct};

/// A thread index: a machine integer, converted to `i64` (a `usize` or
/// `u64` beyond `i64::MAX` is out of range).
pub trait ThreadIndex: Copy {
    /// The index, or `None` if it does not fit in `i64`.
    fn thread_index(self) -> Option<i64>;
}
macro_rules! thread_index {
    ($($t:ty),*) => {$(
        impl ThreadIndex for $t {
            #[inline]
            fn thread_index(self) -> Option<i64> {
                i64::try_from(self).ok()
            }
        }
    )*};
}
thread_index!(i64, i32, i16, i8, u64, u32, u16, u8, usize, isize);

/// The flat coordinate `(v, m, n, k)` of a thread in a tiled MMA's thread
/// layout, as an array.
pub trait Vmnk {
    /// The array.
    fn vmnk(self) -> [i64; 4];
}
impl Vmnk for HCons<i64, HCons<i64, HCons<i64, HCons<i64, HNil>>>> {
    #[inline]
    fn vmnk(self) -> [i64; 4] {
        let t = self.tail.tail;
        [self.head, self.tail.head, t.head, t.tail.head]
    }
}

impl<A, L, P> TiledMma<A, L, P> {
    /// Thread `thr`'s view of the tiled MMA (CuTe's `get_slice`): its
    /// coordinate `(v, m, n, k)` in [`thr_layout_vmnk`](TiledMma::thr_layout_vmnk),
    /// computed at run time.
    ///
    /// # Errors
    /// `IndexError` if `thr` is negative or not below the number of threads
    /// (CuTe C++ does not check).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// assert_eq!(mma.get_slice(37_usize).unwrap().vmnk(), [5, 1, 0, 0]);
    /// assert!(mma.get_slice(128).is_err());
    /// ```
    pub fn get_slice<I: ThreadIndex>(&self, thr: I) -> Result<ThrMma<Self>>
    where
        Self: MmaTiling,
        <<Self as MmaTiling>::ThrLayoutVMNK as LayoutParts>::Shape:
            FlatCoord<<<Self as MmaTiling>::ThrLayoutVMNK as LayoutParts>::Stride>,
        <<<Self as MmaTiling>::ThrLayoutVMNK as LayoutParts>::Shape as FlatCoord<
            <<Self as MmaTiling>::ThrLayoutVMNK as LayoutParts>::Stride,
        >>::Output: Vmnk,
    {
        let n = self.size();
        let t = match thr.thread_index() {
            Some(t) if (0..n).contains(&t) => t,
            _ => return Err(bad_thread(thr.thread_index(), n)),
        };
        let vmnk: Layout<
            <<Self as MmaTiling>::ThrLayoutVMNK as LayoutParts>::Shape,
            <<Self as MmaTiling>::ThrLayoutVMNK as LayoutParts>::Stride,
        > = Layout::from_valid_parts(Default::default(), Default::default());
        let c = flat_coord(&vmnk, t)?.vmnk();
        Ok(ThrMma {
            thr: t,
            vmnk: c,
            tiled: PhantomData,
        })
    }
}

#[cold]
fn bad_thread(thr: Option<i64>, n: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = match thr {
        Some(t) => format!("thread {t} of a TiledMMA of {n} threads"),
        None => format!("a thread index beyond i64 of a TiledMMA of {n} threads"),
    };
    #[cfg(not(feature = "dynamic"))]
    let msg = "a thread index outside the TiledMMA's threads";
    Error::out_of_range("get_slice", thr.unwrap_or(i64::MAX), Some(n.into()), msg)
}

/// One thread's view of a tiled MMA `TM` (CuTe C++'s `ThrMMA`), from
/// [`TiledMma::get_slice`]: the thread's index and its coordinate `(v, m,
/// n, k)`, with which it partitions layouts.
///
/// The partitions take a layout (static or mixed) and give the thread's
/// elements of it with their offset: `(offset, layout)`, the element at a
/// coordinate `c` of the thread's layout being the original layout's
/// `offset + layout(c)`. Their types are computed by the compiler: a static
/// layout's partition is static, a mixed one keeps static what CuTe C++
/// keeps static.
#[derive(Clone, Copy)]
pub struct ThrMma<TM> {
    thr: i64,
    vmnk: [i64; 4],
    tiled: PhantomData<TM>,
}

impl<TM> fmt::Debug for ThrMma<TM> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThrMma")
            .field("thr", &self.thr)
            .field("vmnk", &self.vmnk)
            .finish()
    }
}

/// The slicing coordinate of a thread's partition: `((v, (i, j)), (_, (_, ...)))`.
type PartCoord<O> = HList2<HList2<i64, HList2<i64, i64>>, HList2<Keep, KeepRest<O>>>;
/// `_` for each rest mode of a tiling `((ThrV, (ThrI, ThrJ)), (FrgV, (Rest...)))`.
type KeepRest<O> = <ModeOf<ModeOf<<O as LayoutParts>::Shape, U1>, U1> as KeepAll>::Output;

/// A thread's partition of a layout for the operand `X` of a tiled MMA
/// `TM`: the layout tiled by [`Thrfrg`] and sliced at the thread's
/// coordinate, `(FrgV, RestI, RestJ, ...)`.
#[diagnostic::on_unimplemented(
    message = "CuTe TiledMMA: `{Self}` cannot be partitioned by the tiled MMA for {X}",
    note = "the layout has at least two modes, tiled exactly by the tiled MMA's tile in each (tile_size)"
)]
pub trait MmaPartition<TM, X> {
    /// The thread's layout.
    type Output;
    /// The offset of the thread's first element and its layout.
    fn mma_partition(self, vij: [i64; 3]) -> Result<(i64, Self::Output)>;
}
impl<TM, X, L> MmaPartition<TM, X> for L
where
    TM: MmaTiling,
    X: MmaOperand<TM>,
    L: Thrfrg<TM, X>,
    L::Ret: IntoResult<L::Output>,
    L::Output: LayoutParts + Slice<PartCoord<L::Output>>,
    <L::Output as LayoutParts>::Shape: Get<U1>,
    ModeOf<<L::Output as LayoutParts>::Shape, U1>: Get<U1>,
    ModeOf<ModeOf<<L::Output as LayoutParts>::Shape, U1>, U1>: KeepAll,
{
    type Output = Sliced<L::Output, PartCoord<L::Output>>;
    #[inline]
    fn mma_partition(self, [v, i, j]: [i64; 3]) -> Result<(i64, Self::Output)> {
        let t = self.thrfrg().into_result()?;
        let thr: HList2<i64, HList2<i64, i64>> = frunk_core::hlist![v, frunk_core::hlist![i, j]];
        let coord = HCons {
            head: thr,
            tail: HCons {
                head: HCons {
                    head: Keep,
                    tail: HCons {
                        head: Default::default(),
                        tail: HNil,
                    },
                },
                tail: HNil,
            },
        };
        t.try_offset_and_slice(coord)
    }
}

/// The layout of the thread's partition of `L` for the operand `X`.
pub type Partitioned<L, TM, X> = <L as MmaPartition<TM, X>>::Output;
/// The layout of the register fragment of a partition `P`: column-major
/// compact over its shape.
pub type FragmentOf<P> = CompactColMajor<<P as LayoutParts>::Shape>;
/// The register fragment of C of the thread's partition of `L`.
pub type FragmentC<TM, L> = Fragment<
    <<TM as MmaTiling>::Atom as MmaAtom>::ValTypeC,
    FragmentOf<Partitioned<L, TM, OperandC>>,
>;

impl<TM: MmaTiling> ThrMma<TM> {
    /// The thread's index.
    #[inline]
    pub fn thread(&self) -> i64 {
        self.thr
    }

    /// The thread's coordinate `(v, m, n, k)` in the thread layout.
    #[inline]
    pub fn vmnk(&self) -> [i64; 4] {
        self.vmnk
    }

    /// CuTe's `partition_C`: the thread's elements of an `(M, N, ...)`
    /// layout, `(FrgV, RestM, RestN, ...)`, with their offset: the layout's
    /// element at the thread's `(FrgV, RestM, RestN)` is `offset +
    /// result(...)`.
    ///
    /// # Pre-conditions
    /// The layout has at least two modes, each of a size the tile's extent
    /// divides (trait bounds on static sizes, [`MmaTileDivides`](super::MmaTileDivides)).
    ///
    /// # Errors
    /// For a layout with a dynamic leaf: a mode of run-time size the tile
    /// does not divide, or an error of the algebra's operations.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::{layout, Layout};
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let thr = mma.get_slice(5).unwrap();
    /// let (off, c) = thr.partition_c(layout!((128, 128))).unwrap();
    /// assert_eq!((off, c.to_string()), (257, "((_2,_2),_4,_8):((_128,_8),_32,_2048)".to_string()));
    /// let _: Layout![((2, 2), 4, 8) : ((128, 8), 32, 2048)] = c; // static
    /// // a run-time leading dimension: the shape stays static
    /// let ld = 1000;
    /// let (off, c) = thr.partition_c(layout!((128, 128) : (1, ld)).unwrap()).unwrap();
    /// assert_eq!((off, c.to_string()), (2001, "((_2,_2),_4,_8):((1000,_8),_32,16000)".to_string()));
    /// ```
    #[inline]
    pub fn partition_c<L: MmaPartition<TM, OperandC>>(
        &self,
        layout: L,
    ) -> Result<(i64, L::Output)> {
        layout.mma_partition(<OperandC as MmaOperand<TM>>::thread_coord(self.vmnk))
    }

    /// CuTe's `partition_A`: the thread's elements of an `(M, K, ...)`
    /// layout, `(FrgV, RestM, RestK, ...)`, with their offset.
    ///
    /// # Pre-conditions
    /// As [`ThrMma::partition_c`], for the tile's `(M, K)`.
    ///
    /// # Errors
    /// As [`ThrMma::partition_c`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let (off, a) = mma.get_slice(5).unwrap().partition_a(layout!((128, 32))).unwrap();
    /// assert_eq!((off, a.to_string()), (257, "((_2,_2,_2),_4,_2):((_128,_8,_1024),_32,_2048)".to_string()));
    /// ```
    #[inline]
    pub fn partition_a<L: MmaPartition<TM, OperandA>>(
        &self,
        layout: L,
    ) -> Result<(i64, L::Output)> {
        layout.mma_partition(<OperandA as MmaOperand<TM>>::thread_coord(self.vmnk))
    }

    /// CuTe's `partition_B`: the thread's elements of an `(N, K, ...)`
    /// layout, `(FrgV, RestN, RestK, ...)`, with their offset.
    ///
    /// # Pre-conditions
    /// As [`ThrMma::partition_c`], for the tile's `(N, K)`.
    ///
    /// # Errors
    /// As [`ThrMma::partition_c`].
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let (off, b) = mma.get_slice(5).unwrap().partition_b(layout!((128, 32))).unwrap();
    /// assert_eq!((off, b.to_string()), (257, "((_2,_2),_8,_2):((_128,_1024),_16,_2048)".to_string()));
    /// ```
    #[inline]
    pub fn partition_b<L: MmaPartition<TM, OperandB>>(
        &self,
        layout: L,
    ) -> Result<(i64, L::Output)> {
        layout.mma_partition(<OperandB as MmaOperand<TM>>::thread_coord(self.vmnk))
    }

    /// CuTe's `partition_fragment_C`: the thread's register fragment of C
    /// for the layout `layout`, a [`Fragment`] of the atom's C type over the
    /// column-major compact layout of [`ThrMma::partition_c`]'s shape
    /// (CuTe's `make_tensor<ValTypeC>(shape)`), every element the type's
    /// default (zero). Only the layout's type is read: the fragment's
    /// layout and size are the compiler's, and nothing is computed at run
    /// time. The partition's shape must be static (a trait bound).
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let ld = 1000;
    /// let g_c = layout!((128, 128) : (1, ld)).unwrap();
    /// let frag = mma.get_slice(5).unwrap().partition_fragment_c(&g_c);
    /// assert_eq!(frag.layout().to_string(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
    /// assert_eq!(core::mem::size_of_val(&frag), 128 * 4); // 128 f32, on the stack
    /// ```
    #[inline]
    pub fn partition_fragment_c<L>(&self, layout: &L) -> FragmentC<TM, L>
    where
        L: MmaPartition<TM, OperandC>,
        L::Output: LayoutParts,
        <L::Output as LayoutParts>::Shape:
            StaticTuple + PrefixProduct<U1> + ZeroUnit<ColMajor<<L::Output as LayoutParts>::Shape>>,
        FragmentOf<L::Output>: FragmentLayout,
    {
        let _ = layout;
        Fragment::default()
    }
}

impl<A, L, P> TiledMma<A, L, P> {
    /// CuTe's `thrfrg_C`: an `(M, N, ...)` layout tiled into `((ThrV,
    /// (ThrM, ThrN)), (FrgV, (RestM, RestN, ...)))` (see
    /// [`thrfrg`](super::thrfrg)). A static layout gives a static layout;
    /// a layout with a dynamic leaf gives a `Result`.
    ///
    /// # Pre-conditions
    /// The layout has at least two modes, each of a size the tile's extent
    /// divides (trait bounds on static sizes, [`MmaTileDivides`](super::MmaTileDivides)).
    ///
    /// # Errors
    /// For a layout with a dynamic leaf: a mode of run-time size the tile
    /// does not divide, or an error of the algebra's operations.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// let t = mma.thrfrg_c(layout!((128, 128)));
    /// assert_eq!(t.to_string(),
    ///     "(((_4,_8),(_2,_2)),((_2,_2),(_4,_8))):(((_256,_1),(_16,_1024)),((_128,_8),(_32,_2048)))");
    /// ```
    #[inline]
    pub fn thrfrg_c<T: Thrfrg<Self, OperandC>>(&self, layout: T) -> T::Ret {
        layout.thrfrg()
    }

    /// CuTe's `thrfrg_A`: an `(M, K, ...)` layout tiled into `((ThrV,
    /// (ThrM, ThrK)), (FrgV, (RestM, RestK, ...)))`.
    ///
    /// # Pre-conditions
    /// As [`TiledMma::thrfrg_c`], for the tile's `(M, K)`.
    ///
    /// # Errors
    /// As [`TiledMma::thrfrg_c`].
    #[inline]
    pub fn thrfrg_a<T: Thrfrg<Self, OperandA>>(&self, layout: T) -> T::Ret {
        layout.thrfrg()
    }

    /// CuTe's `thrfrg_B`: an `(N, K, ...)` layout tiled into `((ThrV,
    /// (ThrN, ThrK)), (FrgV, (RestN, RestK, ...)))`.
    ///
    /// # Pre-conditions
    /// As [`TiledMma::thrfrg_c`], for the tile's `(N, K)`.
    ///
    /// # Errors
    /// As [`TiledMma::thrfrg_c`].
    #[inline]
    pub fn thrfrg_b<T: Thrfrg<Self, OperandB>>(&self, layout: T) -> T::Ret {
        layout.thrfrg()
    }

    /// CuTe's `get_layoutC_TV`: `(thread index, value) -> m + TileM * n`,
    /// the column-major index into the `(M, N)` tile, for every thread; a
    /// static layout the compiler computes.
    ///
    /// # Examples
    /// ```
    /// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
    /// use cute_static::layout;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    /// assert_eq!(mma.get_layout_c_tv().to_string(),
    ///            "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))");
    /// ```
    #[inline]
    pub fn get_layout_c_tv(&self) -> <OperandC as super::thrfrg::LayoutTv<Self>>::Output
    where
        Self: MmaTiling,
        OperandC: super::thrfrg::LayoutTv<Self>,
    {
        StaticValue::static_value()
    }

    /// CuTe's `get_layoutA_TV`: `(thread index, value) -> m + TileM * k`;
    /// the threads of different N hold the same elements.
    #[inline]
    pub fn get_layout_a_tv(&self) -> <OperandA as super::thrfrg::LayoutTv<Self>>::Output
    where
        Self: MmaTiling,
        OperandA: super::thrfrg::LayoutTv<Self>,
    {
        StaticValue::static_value()
    }

    /// CuTe's `get_layoutB_TV`: `(thread index, value) -> n + TileN * k`;
    /// the threads of different M hold the same elements.
    #[inline]
    pub fn get_layout_b_tv(&self) -> <OperandB as super::thrfrg::LayoutTv<Self>>::Output
    where
        Self: MmaTiling,
        OperandB: super::thrfrg::LayoutTv<Self>,
    {
        StaticValue::static_value()
    }
}
