//! The rules a tiled copy enforces, as trait bounds whose errors name them.
//!
//! - [`CopyThreadsHoldAtoms`], [`CopyValuesHoldAtoms`]: a tiled copy's
//!   thread-value layout holds whole atoms: its threads are a multiple of
//!   the atom's threads, its values per thread a multiple of the atom's
//!   values (CuTe C++'s "TiledCopy uses too few thrs/vals for selected
//!   CopyAtom"). A `make_tiled_copy` whose thread or value layout breaks it
//!   does not compile.
//! - [`CopyTileDivides`]: a layout partitioned by a tiled copy
//!   ([`tidfrg_s`](super::TiledCopy::tidfrg_s), the `partition_s/d` of a
//!   [`ThrCopy`](super::ThrCopy)) is tiled exactly by the copy's tile in
//!   each mode the tile spans. A static size is checked by the compiler, a
//!   run-time one at run time (an `Err`); CuTe C++ checks neither.
//! - A copy atom whose instruction is not valid for its value type does not
//!   compile either ([`CopyAtomValid`](super::CopyAtomValid)).

use core::ops::Rem;

use cute_core::{Error, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, IsEqual, UInt, UTerm, Unsigned, B1, U0};

use crate::htuple::Leaf;
use crate::shape::{Size, SizeOf};

/// The rule of a tiled copy's threads: `T`, the threads of its
/// thread-value layout, is a multiple of `A`, the atom's threads.
/// Implemented for `B1` only; the bound `<T % A == 0>:
/// CopyThreadsHoldAtoms<T, A>` is the check.
///
/// # Examples
/// ```compile_fail
/// // ldmatrix is a warp's instruction: 16 threads do not make one
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM75_U32x4_LDSM_N};
/// use cute_static::layout;
/// let _ = make_tiled_copy(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N),
///                         layout!((4, 4)), layout!((1, 8)));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe TiledCopy: the TiledCopy uses too few threads for its CopyAtom: its threads are not a multiple of the atom's",
    label = "`{T}` threads do not hold whole atoms of `{A}` threads",
    note = "make_tiled_copy(atom, thr_layout, val_layout) needs size(thr_layout) % AtomNumThr == 0 (and make_tiled_copy_A/B/C the tiled MMA's threads): each atom is executed by whole groups of its threads"
)]
pub trait CopyThreadsHoldAtoms<T, A> {}
impl<T, A> CopyThreadsHoldAtoms<T, A> for B1 {}

/// The rule of a tiled copy's values: `V`, the values per thread of its
/// thread-value layout, is a multiple of `A`, the atom's values per thread.
/// Implemented for `B1` only; the bound `<V % A == 0>:
/// CopyValuesHoldAtoms<V, A>` is the check.
///
/// # Examples
/// ```compile_fail
/// // a 128-bit cp.async moves 8 f16 values: 4 values per thread are half an atom
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
/// use cute_static::layout;
/// let _ = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
///                         layout!((32, 4) : (4, 1)), layout!((1, 4)));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe TiledCopy: the TiledCopy uses too few values for its CopyAtom: its values per thread are not a multiple of the atom's",
    label = "`{V}` values per thread do not hold whole atoms of `{A}` values",
    note = "make_tiled_copy(atom, thr_layout, val_layout) needs size(val_layout) % AtomNumVal == 0 (and make_tiled_copy_A/B/C the tiled MMA's values per thread): each thread moves whole atoms (an atom moves sizeof_bits(instruction) / sizeof_bits(T) values)"
)]
pub trait CopyValuesHoldAtoms<V, A> {}
impl<V, A> CopyValuesHoldAtoms<V, A> for B1 {}

/// The rule of a tiled copy's partitions on static sizes: the tile's extent
/// `E` divides the size `M` of the layout's mode it tiles. Implemented for
/// `B1` only; the bound `<M % E == 0>: CopyTileDivides<E, M>` is the check.
///
/// # Examples
/// ```compile_fail
/// // the copy's tile is 32 x 32; 48 rows are not a whole number of tiles
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, SM80_CP_ASYNC_CACHEALWAYS};
/// use cute_static::layout;
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(SM80_CP_ASYNC_CACHEALWAYS::<u128>::default()),
///                            layout!((32, 4) : (4, 1)), layout!((1, 8)));
/// let _ = copy.get_slice(0).unwrap().partition_s(layout!((48, 32) : (32, 1)));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe TiledCopy: the tiled copy's tile does not divide the layout: a tile extent does not divide the size of the mode it tiles",
    label = "the tile extent `{E}` does not divide the mode size `{M}`",
    note = "tidfrg_S/D and partition_S/D tile the first modes of the layout by the copy's tile (Tiler_MN): size(mode) % tile extent == 0, so that every thread gets whole tiles"
)]
pub trait CopyTileDivides<E, M> {}
impl<E, M> CopyTileDivides<E, M> for B1 {}

/// The size `Self` of a layout's mode is a multiple of the copy's tile
/// extent `E`: a static size by the compiler ([`CopyTileDivides`]), a
/// run-time one by [`ModeCopiedBy::check`].
pub trait ModeCopiedBy<E> {
    /// `Ok` for a static size; for a run-time one, `Ok` iff `E` divides it.
    fn check(&self, op: &'static str, mode: usize) -> Result<()>;
}
impl<U, B, E> ModeCopiedBy<E> for UInt<U, B>
where
    U: Unsigned,
    B: Bit,
    E: Unsigned,
    UInt<U, B>: Rem<E>,
    <UInt<U, B> as Rem<E>>::Output: IsEqual<U0>,
    <<UInt<U, B> as Rem<E>>::Output as IsEqual<U0>>::Output: CopyTileDivides<E, UInt<U, B>>,
{
    #[inline]
    fn check(&self, _: &'static str, _: usize) -> Result<()> {
        Ok(())
    }
}
/// A zero size is refused by the layout itself.
impl<E> ModeCopiedBy<E> for UTerm {
    #[inline]
    fn check(&self, _: &'static str, _: usize) -> Result<()> {
        Ok(())
    }
}
impl<E: Unsigned> ModeCopiedBy<E> for i64 {
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
        "the tiled copy's tile extent {extent} does not divide the size {size} of mode {mode} of the layout: the threads would get a partial tile"
    );
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = mode;
        "the tiled copy's tile extent does not divide the size of the mode it tiles"
    };
    Error::divisibility(op, extent, size, msg)
}

/// The first modes of the shape `Self` are tiled exactly by the tile
/// `Tile` (a tuple of static extents, one per mode it spans): each a
/// [`ModeCopiedBy`] bound.
#[diagnostic::on_unimplemented(
    message = "CuTe TiledCopy: `{Self}` cannot be tiled by the copy's tile `{Tile}`",
    note = "the layout has at least as many modes as the copy's tile (Tiler_MN), each of a size the tile's extent divides"
)]
pub trait TiledByCopy<Tile> {
    /// Checks the run-time sizes; `first` is the index of the first mode.
    fn check_tiles(&self, op: &'static str, first: usize) -> Result<()>;
}
impl<S> TiledByCopy<HNil> for S {
    #[inline]
    fn check_tiles(&self, _: &'static str, _: usize) -> Result<()> {
        Ok(())
    }
}
impl<H, T, E, R> TiledByCopy<HCons<E, R>> for HCons<H, T>
where
    H: Size,
    SizeOf<H>: ModeCopiedBy<E>,
    T: TiledByCopy<R>,
{
    #[inline]
    fn check_tiles(&self, op: &'static str, first: usize) -> Result<()> {
        self.head.size().check(op, first)?;
        self.tail.check_tiles(op, first + 1)
    }
}
/// A layout of one mode (a leaf shape) tiled by a tile of one extent.
macro_rules! leaf_tiled_by {
    ([$($g:tt)*] $t:ty) => {
        impl<$($g)* E> TiledByCopy<HCons<E, HNil>> for $t
        where
            $t: ModeCopiedBy<E> + Leaf,
        {
            #[inline]
            fn check_tiles(&self, op: &'static str, first: usize) -> Result<()> {
                self.check(op, first)
            }
        }
    };
}
leaf_tiled_by!([U: Unsigned, B: Bit,] UInt<U, B>);
leaf_tiled_by!([] i64);
