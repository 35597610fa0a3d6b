//! The atom layer: what one GPU instruction computes or moves, as layouts,
//! and its tilings over a block of threads (CuTe C++'s `cute/atom/`).
//!
//! An *atom* is data: an instruction's shape and the thread-value layouts
//! that say which thread holds which element of each operand.
//!
//! - [`MmaAtom`]: a matrix multiply-accumulate instruction (`mma.sync`,
//!   `wgmma`, or the one-thread [`MmaOp::UniversalFma`]): its `(M, N, K)`
//!   shape, its thread ID layout and the `(thread, value) -> coordinate`
//!   layouts of A `(M, K)`, B `(N, K)` and C `(M, N)`, each coordinate a
//!   column-major index into its operand's tile.
//! - [`CopyAtom`]: a copy instruction ([`CopyOp`]: `ldmatrix`, `stmatrix`,
//!   `cp.async`, a vectorised load) with the type of the values it moves:
//!   its source, destination and reference layouts in bits, and the same
//!   layouts in values ([`recast_layout`]).
//!
//! The tilings build on the algebra: [`TiledMma`] tiles an MMA atom over a
//! layout of atoms and a permutation of the tile (`thrfrg_C` is a
//! logical_divide, a zipped_divide, a composition with the atom's C layout
//! and a zipped_divide by the threads), and [`TiledCopy`] tiles a copy atom
//! by the right inverse of a raked product of thread and value layouts.
//! [`ThrMma`] and [`ThrCopy`] are one thread's view of them, which
//! partitions layouts (and, through them, tensors).

mod copy_atoms;
mod copy_ops;
mod mma_atoms;
mod mma_ops;
mod recast;
mod smem;
mod tiled_copy;
mod tiled_mma;
mod value_type;

pub use copy_atoms::{CopyAtom, CopyOp};
pub use mma_atoms::{Major, MmaAtom, MmaOp};
pub use recast::{
    downcast, max_common_layout, max_common_vector, recast_layout, tile_to_shape, upcast,
};
pub use smem::{gmma_smem_atom, SmemSwizzle, SwizzledLayout};
pub use tiled_copy::{
    make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_copy_c, ThrCopy, TiledCopy,
};
pub use tiled_mma::{make_fragment_like, make_tiled_mma, ThrMma, TiledMma};
pub use value_type::ValueType;
