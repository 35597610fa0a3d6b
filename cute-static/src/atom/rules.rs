//! The rules a tiled MMA enforces, as trait bounds whose errors name them.
//!
//! - [`PermutationTilesAtoms`]: the permutation of each mode `(M, N, K)`
//!   takes whole copies of the atom tiled over the atom layout: its size is
//!   a multiple of the atom's extent times the atoms in that mode. A
//!   permutation of 24 columns over two atoms of N = 8 (16 columns a step)
//!   would leave the last step half outside.
//! - [`MmaTileDivides`]: a layout partitioned by a tiled MMA
//!   ([`thrfrg_c`](super::TiledMma::thrfrg_c), the `partition_*` of a
//!   [`ThrMma`](super::ThrMma)) is tiled exactly by the tiled MMA's tile in
//!   its first two modes: the size of each is a multiple of the tile's
//!   extent there ([`tile_size`](super::TiledMma::tile_size)). A static
//!   size is checked by the compiler; a run-time one at run time (an
//!   `Err`). CuTe C++ checks neither (its rest modes are ceil-divs, and the
//!   threads of a partial tile get elements outside the layout).
//!
//! A tiled MMA whose atom layout is not static, or has more than three
//! modes, does not compile either ([`AtomLayoutMNK`](super::AtomLayoutMNK)).

use core::ops::Rem;

use cute_core::{Error, Result};
use typenum::{Bit, IsEqual, UInt, UTerm, Unsigned, B1, U0};

/// The rule of a tiled MMA's permutation: its size `P` in a mode is a
/// multiple of `E`, the atom's extent times the atoms in that mode.
/// Implemented for `B1` only; the bound `<P mod E == 0>:
/// PermutationTilesAtoms<P, E>` is the check.
///
/// # Examples
/// ```compile_fail
/// // two atoms of N = 8 take 16 columns a step: 24 is not a multiple of 16
/// use cute_static::atom::{make_tiled_mma_permuted, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::{layout, tile};
/// let mma = make_tiled_mma_permuted(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)), tile!(32, 24, 16));
/// let _ = mma.tile_shape();
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe TiledMMA: the permutation does not tile the atoms: its size in a mode is not a multiple of the atom's extent times the atoms in that mode",
    label = "the permutation's size `{P}` is not a multiple of `{E}`",
    note = "make_tiled_mma(atom, atom_layout, permutation) needs, for each mode i of (M, N, K), size(permutation_i) % (atom_shape_i * size(atom_layout_i)) == 0: the tile takes whole copies of the atoms"
)]
pub trait PermutationTilesAtoms<P, E> {}
impl<P, E> PermutationTilesAtoms<P, E> for B1 {}

/// The rule of a tiled MMA's partitions on static sizes: the tile's extent
/// `E` divides the size `M` of the layout's mode it tiles. Implemented for
/// `B1` only; the bound `<M mod E == 0>: MmaTileDivides<E, M>` is the check.
///
/// # Examples
/// ```compile_fail
/// // the tile is 32 x 16; 48 rows are not a multiple of 32
/// use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
/// use cute_static::layout;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// let _ = mma.thrfrg_c(layout!((48, 64)));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe TiledMMA: the tiled MMA's tile does not divide the layout: a tile extent does not divide the size of the mode it tiles",
    label = "the tile extent `{E}` does not divide the mode size `{M}`",
    note = "thrfrg_C/A/B and partition_C/A/B tile the first two modes of the layout ((M, N) of C, (M, K) of A, (N, K) of B) by the tiled MMA's tile: size(mode) % tile_size == 0, so that every thread gets whole tiles",
    note = "the tile's extents are tile_size::<0>(), tile_size::<1>() and tile_size::<2>(): the sizes of the permutation, by default the atom's extent times the atoms in that mode"
)]
pub trait MmaTileDivides<E, M> {}
impl<E, M> MmaTileDivides<E, M> for B1 {}

/// The size `Self` of a layout's mode is a multiple of the tile extent
/// `E`: a static size by the compiler ([`MmaTileDivides`]), a run-time one
/// by [`ModeTiledBy::check`].
pub trait ModeTiledBy<E> {
    /// `Ok` for a static size; for a run-time one, `Ok` iff `E` divides
    /// it. `op` and `mode` name the partition and the mode in the error.
    fn check(&self, op: &'static str, mode: usize) -> Result<()>;
}
impl<U, B, E> ModeTiledBy<E> for UInt<U, B>
where
    U: Unsigned,
    B: Bit,
    E: Unsigned,
    UInt<U, B>: Rem<E>,
    <UInt<U, B> as Rem<E>>::Output: IsEqual<U0>,
    <<UInt<U, B> as Rem<E>>::Output as IsEqual<U0>>::Output: MmaTileDivides<E, UInt<U, B>>,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn check(&self, _: &'static str, _: usize) -> Result<()> {
        Ok(())
    }
}
/// A zero size is refused by the layout itself.
impl<E> ModeTiledBy<E> for UTerm {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn check(&self, _: &'static str, _: usize) -> Result<()> {
        Ok(())
    }
}
impl<E: Unsigned> ModeTiledBy<E> for i64 {
    #[inline]
    fn check(&self, op: &'static str, mode: usize) -> Result<()> {
        if E::I64 != 0 && *self % E::I64 == 0 {
            Ok(())
        } else {
            Err(uneven(op, E::I64, *self, mode))
        }
    }
}

#[cold]
fn uneven(op: &'static str, extent: i64, size: i64, mode: usize) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = format!(
        "the tiled MMA's tile extent {extent} does not divide the size {size} of mode {mode} of the layout: the threads would get a partial tile"
    );
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = mode;
        "the tiled MMA's tile extent does not divide the size of the mode it tiles"
    };
    Error::divisibility(op, extent, size, msg)
}
