//! The atom layer on static layouts: MMA and copy atoms as zero-sized
//! types, their tilings over a block of threads (`TiledMma`, `TiledCopy`),
//! one thread's partitions (`ThrMma`, `ThrCopy`) and static register
//! fragments (`Fragment`) — CuTe C++'s `cute/atom/mma_atom.hpp` and
//! `copy_atom.hpp`, their layouts computed by the compiler.
//!
//! - An **atom** ([`MmaAtom`]) is a type: an instruction's shape `(M, N, K)`,
//!   its threads and the thread-value layouts of A, B and C are associated
//!   types (static layouts), named as CuTe C++ names the instruction
//!   ([`SM80_16x8x16_F32F16F16F32_TN`], [`UniversalFMA<T>`], ...: the
//!   `mma.sync` instructions of SM70, SM75 and SM80). The SM90 warpgroup
//!   instructions are four generic types ([`gmma`]:
//!   [`SM90_64xNx16_F32F16F16_SS<N, A, B>`](SM90_64xNx16_F32F16F16_SS),
//!   [`SM90_64xNx16_F32F16F16_RS`], [`SM90_64xNx16_F32BF16BF16_SS`],
//!   [`SM90_64xNx16_F32BF16BF16_RS`]) whose `N` is a typenum integer, a
//!   multiple of 8 from 8 to 256, and whose majors of A and B are the
//!   marker types [`KMajor`] and [`MNMajor`].
//! - A **tiled MMA** ([`TiledMma<Atom, AtomLayout, Permutation>`](TiledMma))
//!   is a zero-sized type too: the thread layout `(V, M, N, K) -> thread`,
//!   the tile's extents and the tilings of A, B and C are computed by the
//!   compiler from the atom, the static atom layout and the permutation
//!   ([`MmaTiling`]), with the algebra's operations (`tiled_product`,
//!   `logical_divide`, `zipped_divide`, `composition`, `complement`,
//!   `right_inverse`).
//! - A **thread's view** ([`ThrMma`], from [`TiledMma::get_slice`] with a
//!   run-time thread index) partitions layouts, static or mixed:
//!   [`ThrMma::partition_c`] gives `(offset, layout)`, the layout's type
//!   computed by the compiler (static where CuTe C++'s is), the offset at
//!   run time.
//! - A **fragment** ([`Fragment<T, L>`](Fragment)) is an owning static
//!   tensor: `cosize(L)` values in a stack array whose length is a typenum
//!   integer the compiler computes, indexed by coordinate through `L`.
//!   [`ThrMma::partition_fragment_c`] makes a thread's accumulators,
//!   [`ThrMma::partition_fragment_a`] and `_b` its operands' registers
//!   ordered like the partition they copy ([`make_fragment_like`], a sort
//!   of the partition's strides at the type level).
//! - A **copy atom** ([`CopyAtom`], [`CopyAtomOf<Op, T>`](CopyAtomOf)) is
//!   a copy instruction ([`CopyOp`]: [`UniversalCopy<T>`],
//!   [`SM75_U32x4_LDSM_N`] and the other `ldmatrix` forms,
//!   [`SM90_U32x4_STSM_N`] and the other `stmatrix` forms,
//!   [`SM80_CP_ASYNC_CACHEALWAYS<T>`] and [`SM80_CP_ASYNC_CACHEGLOBAL<T>`])
//!   with the type it moves: its layouts in bits are types, and in values
//!   the compiler computes them by the recast rule ([`recast_layout`],
//!   [`upcast`], [`downcast`]).
//! - A **tiled copy** ([`TiledCopy`], from [`make_tiled_copy`] with a
//!   thread layout and a value layout, or [`make_tiled_copy_a`] (`_b`,
//!   `_c`) with a tiled MMA) is a type the compiler computes with
//!   `raked_product`, `right_inverse`, `zipped_divide`, `composition` and
//!   `coalesce`; a thread's view ([`ThrCopy`]) partitions the source and
//!   the destination ([`ThrCopy::partition_s`], [`ThrCopy::partition_d`])
//!   and retiles fragments ([`ThrCopy::retile_d`]; the fragment's first
//!   mode, the values of a thread, has a static size, and may have
//!   run-time strides).
//!
//! ```
//! use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
//! use cute_static::{layout, local_tile_proj, tile, Keep, X};
//! // a 2 x 2 grid of 16x8x16 tensor-core atoms: 128 threads, a 32 x 16 tile
//! let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
//! assert_eq!(mma.size(), 128);
//! // a static 128 x 128 block tile of a matrix of run-time extent
//! let m = 4096;
//! let g_c = local_tile_proj(layout!((m, m) : (1, m)).unwrap(), tile!(128, 128, 32), (1, 2, Keep), (1, 1, X))
//!     .unwrap().1;
//! let thr = mma.get_slice(5).unwrap();
//! let (_, t_c) = thr.partition_c(g_c).unwrap();
//! assert_eq!(t_c.to_string(), "((_2,_2),_4,_8):((4096,_8),_32,65536)");
//! let acc = thr.partition_fragment_c(&g_c); // 128 f32 accumulators
//! assert_eq!(acc.layout().to_string(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
//! assert_eq!(core::mem::size_of_val(&acc), 128 * 4);
//! ```
//!
//! The copies that feed it, as CuTe's SM80 GEMMs write them:
//!
//! ```
//! use cute_static::atom::{make_copy_atom, make_tiled_copy, make_tiled_copy_a, make_tiled_mma, Half};
//! use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN, SM80_CP_ASYNC_CACHEALWAYS};
//! use cute_static::layout;
//! let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
//! let s_a = layout!((128, 32) : (32, 1)); // a K-major tile of A in shared memory
//! // global -> shared: 128-bit cp.async, 32 x 4 threads of 8 f16
//! let g2s = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
//!                           layout!((32, 4) : (4, 1)), layout!((1, 8)));
//! let ld = 4096;
//! let g_a = layout!((128, 32) : (ld, 1)).unwrap();
//! let (_, t_a_g_a) = g2s.get_slice(5).unwrap().partition_s(g_a).unwrap();
//! assert_eq!(t_a_g_a.to_string(), "((_8,_1),_4,_1):((_1,_0),131072,_0)");
//! // shared -> registers: ldmatrix into the MMA's fragment of A
//! let s2r = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
//! let t_c_r_a = mma.get_slice(5).unwrap().partition_fragment_a(&s_a);
//! let t_x_r_a = s2r.get_slice(5).unwrap().retile_d(t_c_r_a.layout());
//! let (_, t_x_s_a) = s2r.get_slice(5).unwrap().partition_s(s_a).unwrap();
//! assert_eq!(t_x_s_a.to_string(), "((_8,_1),_4,_2):((_1,_0),_1024,_16)");
//! assert_eq!(t_x_r_a.to_string(), "((_8,_1),_4,_2):((_1,_0),_16,_8)");
//! ```
//!
//! # What the compiler checks
//!
//! - The atom layout is static, of at most three modes ([`AtomLayoutMNK`]).
//! - The permutation's size in each mode is a multiple of the atom's extent
//!   times the atoms in that mode ([`PermutationTilesAtoms`]).
//! - A layout partitioned by a tiled MMA is tiled exactly by its tile in
//!   each of the two modes the operand spans ([`MmaTileDivides`]; a
//!   run-time size is checked at run time).
//! - A register fragment's layout is static ([`FragmentLayout`]), so its
//!   size is known: `size_of::<Fragment<T, L>>() == cosize(L) *
//!   size_of::<T>()`.
//! - A copy atom's instruction is valid for its value type: in values, each
//!   of its layouts keeps the instruction's threads ([`CopyAtomValid`]).
//! - A tiled copy's threads and values per thread hold whole atoms
//!   ([`CopyThreadsHoldAtoms`], [`CopyValuesHoldAtoms`]: CuTe's "TiledCopy
//!   uses too few thrs/vals").
//! - A layout partitioned by a tiled copy is tiled exactly by its tile
//!   ([`CopyTileDivides`]; a run-time size at run time).
//! - `upcast` and `downcast` of static strides meet their conditions
//!   ([`UpcastDivides`], [`DowncastAdjacent`]).
//! - A GMMA atom's `N` is a multiple of 8 from 8 to 256 ([`GmmaN`]), and
//!   an `_RS` atom's A is K-major ([`GmmaRegisterA`]).
//! - A fragment retiled by a tiled copy has a first mode of static size
//!   ([`RetileValues`]).
//!
//! Each is a trait bound whose error's first line names the rule ([`rules`],
//! [`copy_rules`]).
//!
//! # The bridge
//!
//! With the feature `dynamic`, [`MmaAtom::to_dynamic`],
//! [`TiledMma::to_dynamic`], [`CopyAtom::to_dynamic`] and
//! [`TiledCopy::to_dynamic`] give the run-time atoms and tilings
//! (`cute_dynamic::atom`), whose layouts CuTe C++ checks; the tests compare
//! every atom, the thread layouts, the tilings, the thread-value layouts,
//! the partitions, the retilings, the fragments and the casts with them.

mod atoms;
mod compact;
pub mod copy_atom;
mod copy_partition;
mod copy_retile;
pub mod copy_rules;
mod copy_tiling;
mod fragment;
pub mod fragment_like;
pub mod gmma;
mod make_copy;
mod mma_atom;
pub mod recast;
pub mod rules;
mod thr_mma;
pub mod thrfrg;
pub mod tiled_copy;
pub(crate) mod tiled_mma;
mod value;

pub use atoms::*;
pub use compact::StaticExtent;
pub use compact::{
    zero_unit_strides, LayoutMode, LayoutParts, ModeLayout, ZeroUnit, ZeroUnitLayout,
    ZeroUnitStrides,
};
pub use copy_atom::{
    make_copy_atom, CopyAtom, CopyAtomOf, CopyAtomValid, CopyOp, CopyValue, CpAsyncGlobalValue,
    CpAsyncValue, Dst, Ref, SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T,
    SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N, SM75_U32x4_LDSM_N, SM90_U16x2_STSM_T, SM90_U16x4_STSM_T,
    SM90_U16x8_STSM_T, SM90_U32x1_STSM_N, SM90_U32x2_STSM_N, SM90_U32x4_STSM_N, Src, UniversalCopy,
    SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEGLOBAL,
};
pub use copy_retile::RetileValues;
pub use copy_rules::{
    CopyThreadsHoldAtoms, CopyTileDivides, CopyValuesHoldAtoms, ModeCopiedBy, TiledByCopy,
};
pub use fragment::{make_fragment, Fragment, FragmentLayout, FragmentLen};
pub use fragment_like::{
    make_fragment_like, DynamicKey, FragmentA, FragmentB, FragmentLike, FragmentLikeOf,
    FragmentLikeShape, OrderedStrides, SortEntries,
};
pub use gmma::{
    GmmaMajor, GmmaN, GmmaRegisterA, KMajor, MNMajor, SM90_64xNx16_F32BF16BF16_RS,
    SM90_64xNx16_F32BF16BF16_SS, SM90_64xNx16_F32F16F16_RS, SM90_64xNx16_F32F16F16_SS,
};
pub use mma_atom::{AtomK, AtomM, AtomN, MmaAtom, Mnk, StaticLayout};
pub use recast::{
    downcast, recast_layout, upcast, Downcast, DowncastAdjacent, Downcasted, Recast, RecastLayout,
    Upcast, UpcastDivides, Upcasted,
};
pub use rules::{MmaTileDivides, ModeTiledBy, PermutationTilesAtoms};
pub use thr_mma::{FragmentC, FragmentOf, MmaPartition, Partitioned, ThrMma, ThreadIndex, Vmnk};
pub use thrfrg::{
    CompactColMajor, LayoutTv, MmaOperand, OperandA, OperandB, OperandC, Thrfrg, ThrfrgOf,
};
pub use tiled_copy::{
    make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c, CopyLayoutTv,
    CopyPartition, CopyPartitioned, CopySide, CopyTiling, Retile, Retiled, ThrCopy, ThrVal2Mn,
    ThrValLayout, TidFrg, TiledCopy, TiledCopyA, TiledCopyB, TiledCopyC, TiledCopyOf,
};
pub use tiled_mma::{
    make_tiled_mma, make_tiled_mma_permuted, AtomLayoutMNK, HList3, MmaTiling, PermEntry,
    PermIndex, PermutationMNK, TileSize, TiledMma,
};
pub use value::{BFloat16, Half, MmaValue, TFloat32};

#[cfg(all(test, feature = "dynamic"))]
mod copy_tests;
#[cfg(all(test, feature = "dynamic"))]
mod tests;
