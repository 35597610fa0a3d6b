//! Shared-memory bank conflicts: how many wavefronts a warp's access takes,
//! and which swizzle (or padding) of a tile makes its accesses conflict-free.
//!
//! An *access* is one instruction executed by the threads of a thread-value
//! layout `TV: (thread, value) -> index`, whose indices are the domain of the
//! shared-memory layout `SMEM` (so `composition(SMEM, TV)` gives the element
//! offsets, in elements of `bits` bits). A thread's values are what it moves
//! in the instruction: they must be one vector, contiguous and aligned in
//! shared memory. [`bank_conflicts`] counts the *wavefronts* (the passes the
//! shared-memory unit makes) and the ideal count; [`choose_swizzle`] ranks
//! the swizzles `Swizzle<B,M,S>` and the paddings of a tile by the total
//! wavefronts of a set of accesses; [`crate::viz::draw_svg_banks`] draws the
//! banks of an access.
//!
//! ```
//! use cute_dynamic::banks::{bank_conflicts, Op};
//! use cute_dynamic::atom::SwizzledLayout;
//! use cute_dynamic::swizzle::Swizzle;
//! use cute_dynamic::Layout;
//! let l = |s: &str| s.parse::<Layout>().unwrap();
//! // ldmatrix.x4 of a K-major 8 x 64 fp16 tile: thread t gives the address of
//! // row t % 8 of the matrix t / 8, 16 bytes (8 values) each
//! let tv = l("((8, 4), 8):((1, 64), 8)");
//! let tile = l("(8, 64):(64, 1)");
//! let r = bank_conflicts(&tv, &tile.clone().into(), 16, Op::LDMATRIX).unwrap();
//! assert_eq!((r.wavefronts, r.ideal), (32, 4)); // the 8 rows of a matrix share banks
//! let sw = SwizzledLayout { swizzle: Swizzle::new(3, 3, 3).unwrap(), layout: tile };
//! let r = bank_conflicts(&tv, &sw.into(), 16, Op::LDMATRIX).unwrap();
//! assert_eq!((r.wavefronts, r.ideal), (4, 4));
//! ```
//!
//! # The model
//!
//! - Shared memory has 32 banks of 4 bytes: the 4-byte word at byte address
//!   `a` is word `a / 4`, in bank `(a / 4) mod 32`. Each bank serves one word
//!   per wavefront. Accesses to the same word in one phase are served
//!   together (a broadcast for loads; for stores, one write of the word).
//! - A vector access of `w` bytes per thread (`ld`, `st`): `w` of 1, 2 or 4
//!   bytes is served per warp (one phase of 32 threads); 8 bytes in 2 phases
//!   of 16 threads (threads 0-15, then 16-31); 16 bytes in 4 phases of 8
//!   threads. A phase takes as many wavefronts as the most distinct words any
//!   one bank holds among its threads' words (at least 1 when a thread of the
//!   phase is active); an instruction takes the sum over its phases, and the
//!   ideal is one wavefront per active phase (a phase moves at most 128
//!   bytes, the 32 banks' width).
//! - `ldmatrix` and `stmatrix` (`.x1`, `.x2`, `.x4`, with or without
//!   `.trans`): each 8 x 8 matrix of 16-bit elements is one phase of 8 row
//!   addresses, each the start of a 16-byte row: threads 0-7 give matrix 0's
//!   rows, 8-15 matrix 1's, 16-23 and 24-31 matrices 2 and 3; `.x1` reads
//!   threads 0-7 and `.x2` threads 0-15 (the other threads' addresses are
//!   not used, and their values in the TV layout are ignored). `.trans`
//!   changes only which registers receive the elements, not the addresses,
//!   so it has the same wavefronts. The ideal is one wavefront per matrix.
//! - `cp.async` of 4, 8 or 16 bytes writes shared memory as the vector store
//!   of that width does.
//!
//! A TV layout of more than 32 threads is analysed warp by warp (threads
//! `32 w .. 32 w + 31` are warp `w`, each executing the instruction once),
//! and the counts are summed over the warps; a TV layout whose value mode
//! holds several instructions (as a tiled copy's does) is analysed
//! instruction by instruction, values `k n .. k n + n - 1` of each thread
//! being instruction `k` (see [`Access::values_per_instruction`]).
//!
//! ## Sources
//!
//! - NVIDIA, *CUDA C++ Programming Guide*, "Compute Capabilities", the shared
//!   memory sections of compute capability 5.x and later: 32 banks,
//!   successive 32-bit words in successive banks, no conflict between
//!   threads accessing any address within the same 32-bit word (a
//!   broadcast for reads, one writer for writes).
//! - NVIDIA, *PTX ISA*, "Warp-level matrix load instruction: `ldmatrix`"
//!   and "`stmatrix`": the eight addresses of each matrix are given by
//!   threads 0-7, 8-15, 16-23, 24-31 (`.x1` threads 0-7, `.x2` 0-15), each
//!   the start of a row of the 8 x 8 matrix of 16-bit elements, rows that
//!   need not be contiguous; and "`cp.async`", whose `cp-size` is 4, 8 or 16
//!   bytes.
//! - The phases of 64- and 128-bit accesses (16 and 8 threads per wavefront)
//!   follow from the 128 bytes per cycle the 32 banks serve, as NVIDIA's
//!   engineers state it on the NVIDIA Developer Forums ("LDS.128 requires 4
//!   requests per instruction", thread "Unexpected shared memory bank
//!   conflict"), and are the wavefronts Nsight Compute reports for
//!   conflict-free vector accesses.
//! - The closed form for power-of-two layouts (below) is Triton's
//!   (`lib/Tools/GenericSwizzling.cpp`, `bankConflicts`).
//!
//! ## Limits
//!
//! The model is the one above, not a simulation of a particular GPU:
//!
//! - it counts wavefronts of shared memory only, not their latency, and
//!   one instruction at a time (no interaction between warps or
//!   instructions);
//! - some GPUs serve more in one wavefront than it says: on compute
//!   capability 7.x a 128-bit load whose thread pairs read the same
//!   addresses may take 2 wavefronts rather than 4, and 64-bit accesses
//!   whose two half-warps read the same words may be merged; the model
//!   counts 4 and 2;
//! - the `.m16n16` and `.m8n16` shapes of `ldmatrix` (8-bit and narrower
//!   elements) and `stmatrix.m16n8` are not modelled: a matrix op here is
//!   the `.m8n8` one, 16 bytes per row address, whatever the element width;
//! - a thread's values must be one vector in register order (value `v` at
//!   offset `o + v`), aligned to the vector's width; a gather of scattered
//!   elements by one thread is several instructions, not one, and is an
//!   error here;
//! - TMA (`cp.async.bulk`) and `wgmma`'s own reads of shared memory are not
//!   modelled.
//!
//! ## The closed form for power-of-two layouts
//!
//! Where the word address of a phase's threads is an affine map over F2 of
//! the bits of the lane (and of the word within a thread's vector), the set
//! of words one bank holds is a coset of `W ∩ N`, with `W` the span of the
//! lanes' (and vector words') images and `N` the words of bank 0 (the word
//! bits above the 5 bank bits), so each phase takes `2^dim(W ∩ N)`
//! wavefronts: `2^dim - 1` conflicts, Triton's formula (the intersection of
//! the shared-memory "segment" bases with the lane bases). The tests check
//! the analyser against it on every random case where that map is affine
//! (checked at every lane), and against a brute-force simulation on every
//! case.
//!
//! # Choosing a swizzle
//!
//! [`choose_swizzle`] takes the tile's layout (plain, integer strides) and
//! the accesses that write and read it, and tries: the tile itself; every
//! `Swizzle<B,M,S>` with `1 <= B <= max_swizzle_bits` (5 by default: 32
//! banks), `S >= B` and `M + S + B <= k`, where `2^k` is the smallest power
//! of two above the tile's offsets, at most `2^32` (the swizzle's source
//! bits lie inside the tile); and, with `padding`, the tile with its leading
//! dimension (the extent of its stride-1 leaf, when every other stride is a
//! multiple of it) padded by `p` elements, `p` from 1 to a whole bank row
//! of 128 bytes (at most 128 elements).
//! A candidate under which an access is not a vector any more is rejected
//! (with its reason). The others are ranked by:
//!
//! 1. the total wavefronts of the accesses;
//! 2. the footprint, the shared memory bytes the tile spans;
//! 3. the simpler candidate: the tile itself, then swizzles by fewest bits
//!    `B`, then widest base `M` (the coarsest unit, which keeps the widest
//!    vectors whole), then smallest shift `S` (the lowest row bits), then
//!    paddings, smallest first.
//!
//! With this rule the choices CuTe C++ makes by hand come out: for the SM80
//! fp16 K-major tile `(8, 64):(64, 1)` written by 128-bit `cp.async` and
//! read by `ldmatrix`, `Swizzle<3,3,3>`; for 8-row tiles of 32-, 64- and
//! 128-byte rows read by `ldmatrix`, the GMMA atoms' `SW32`, `SW64` and
//! `SW128` (`Swizzle<1,4,3>`, `<2,4,3>`, `<3,4,3>` on bytes).

mod access;
mod analysis;
mod chooser;
mod op;
mod report;
mod smem;

#[cfg(test)]
mod tests;

pub use access::{Access, ThreadAccess};
pub use analysis::{bank_conflicts, bank_conflicts_of};
pub use chooser::{choose_swizzle, Candidate, Choice, ChooseOptions, Ranking};
pub use op::{Op, Side};
pub use report::{BankReport, Instruction, Phase};
pub use smem::Smem;

/// The number of shared-memory banks.
pub const BANKS: i64 = 32;
/// The width of a bank, in bytes.
pub const BANK_BYTES: i64 = 4;
/// The threads of a warp.
pub const WARP_SIZE: i64 = 32;
/// The most threads a TV layout may have: a thread block's 1024.
pub const MAX_THREADS: i64 = 1024;
/// The most thread-value pairs an analysis visits (`size(TV)`).
pub const MAX_VALUES: i64 = 1 << 20;
/// The most elements a tile given to [`choose_swizzle`] (or drawn) may have.
pub const MAX_TILE: i64 = 1 << 20;
/// The most work [`choose_swizzle`] does: candidates times (the
/// thread-value pairs of the accesses plus the tile's elements).
pub const MAX_CHOOSER_WORK: i64 = 1 << 27;

const OP: &str = "bank_conflicts";
