//! The atom layer on static layouts: MMA atoms as zero-sized types, their
//! tilings over a block of threads (`TiledMma`), one thread's partitions
//! (`ThrMma`) and static register fragments (`Fragment`) — CuTe C++'s
//! `cute/atom/mma_atom.hpp`, its layouts computed by the compiler.
//!
//! - An **atom** ([`MmaAtom`]) is a type: an instruction's shape `(M, N, K)`,
//!   its threads and the thread-value layouts of A, B and C are associated
//!   types (static layouts), named as CuTe C++ names the instruction
//!   ([`SM80_16x8x16_F32F16F16F32_TN`], [`UniversalFMA<T>`], ...).
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
//!   [`ThrMma::partition_fragment_c`] makes a thread's accumulators.
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
//!
//! Each is a trait bound whose error's first line names the rule ([`rules`]).
//!
//! # The bridge
//!
//! With the feature `dynamic`, [`MmaAtom::to_dynamic`] and
//! [`TiledMma::to_dynamic`] give the run-time atom and tiled MMA
//! (`cute_dynamic::atom`), whose layouts CuTe C++ checks; the tests compare
//! every atom, the thread layouts, the tilings, the thread-value layouts
//! and the partitions with them.

mod atoms;
mod compact;
mod fragment;
mod mma_atom;
pub mod rules;
mod thr_mma;
pub mod thrfrg;
pub(crate) mod tiled_mma;
mod value;

pub use atoms::*;
pub use compact::{
    zero_unit_strides, LayoutMode, LayoutParts, ModeLayout, ZeroUnit, ZeroUnitLayout,
    ZeroUnitStrides,
};
pub use fragment::{make_fragment, Fragment, FragmentLayout, FragmentLen};
pub use mma_atom::{AtomK, AtomM, AtomN, MmaAtom, Mnk, StaticLayout};
pub use rules::{MmaTileDivides, ModeTiledBy, PermutationTilesAtoms};
pub use thr_mma::{FragmentC, FragmentOf, MmaPartition, Partitioned, ThrMma, ThreadIndex, Vmnk};
pub use thrfrg::{
    CompactColMajor, LayoutTv, MmaOperand, OperandA, OperandB, OperandC, Thrfrg, ThrfrgOf,
};
pub use tiled_mma::{
    make_tiled_mma, make_tiled_mma_permuted, AtomLayoutMNK, HList3, MmaTiling, PermEntry,
    PermIndex, PermutationMNK, StaticExtent, TileSize, TiledMma,
};
pub use value::{BFloat16, Half, MmaValue, TFloat32};

#[cfg(all(test, feature = "dynamic"))]
mod tests;
