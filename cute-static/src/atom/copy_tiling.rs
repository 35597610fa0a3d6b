//! The type of a tiled copy ([`TiledCopy`]) and what the compiler knows of
//! it ([`CopyTiling`]), with its formatting and the error of a thread index
//! outside its threads; the functions that make and use it are in
//! [`tiled_copy`](super::tiled_copy).

use core::fmt;
use core::marker::PhantomData;
use core::ops::Rem;

use cute_core::Error;
use typenum::{IsEqual, U0, U1};

use super::compact::LayoutParts;
use super::compact::StaticExtent;
use super::copy_atom::CopyAtom;
use super::copy_rules::{CopyThreadsHoldAtoms, CopyValuesHoldAtoms};
use super::mma_atom::StaticLayout;
use crate::algebra::{IntoTiler, StaticValue};
use crate::htuple::{Get, ModeOf, StaticTuple};
use crate::shape::{Size, SizeOf};

// ------------------------------------------------------------------ the type

/// A copy atom `A` tiled over a block (CuTe C++'s `TiledCopy`): `TV` is the
/// thread-value layout `(thread, value) -> coordinate` of the tile (a
/// static layout), `T` the tile's shape, a tuple of static extents (CuTe's
/// `Tiler_MN`). A zero-sized type; made by [`make_tiled_copy`](super::make_tiled_copy) or
/// [`make_tiled_copy_a`](super::make_tiled_copy_a) (`_b`, `_c`), whose bounds check the rules.
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, Half, UniversalCopy};
/// use cute_static::layout;
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
/// assert_eq!(core::mem::size_of_val(&copy), 0);
/// assert_eq!(copy.to_string().lines().nth(2).unwrap(),
///            "  TiledLayout_TV: ((_8,_16),_8):((_128,_1),_16)");
/// ```
pub struct TiledCopy<A, TV, T>(PhantomData<Parts<A, TV, T>>);
/// The parameters of a [`TiledCopy`], as a marker (no value held).
type Parts<A, TV, T> = fn() -> (A, TV, T);

impl<A, TV, T> Clone for TiledCopy<A, TV, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A, TV, T> Copy for TiledCopy<A, TV, T> {}
impl<A, TV, T> Default for TiledCopy<A, TV, T> {
    fn default() -> Self {
        TiledCopy(PhantomData)
    }
}

/// The size of mode `I` of a layout type.
type ModeSize<L, I> = SizeOf<ModeOf<<L as LayoutParts>::Shape, I>>;
/// `B1` iff `A` divides `T`.
type DividesBit<T, A> = <<T as Rem<A>>::Output as IsEqual<U0>>::Output;

/// What the compiler knows of a [`TiledCopy`]: its atom, thread-value
/// layout, tile, threads and values per thread, the rules checked
/// ([`CopyThreadsHoldAtoms`], [`CopyValuesHoldAtoms`]).
///
/// # Examples
/// ```
/// use cute_static::atom::{make_copy_atom, make_tiled_copy, CopyTiling, Half, UniversalCopy};
/// use cute_static::layout;
/// use typenum::Unsigned;
/// fn threads<TC: CopyTiling>(_: &TC) -> (i64, i64) {
///     (<TC::NumThr as Unsigned>::I64, <TC::NumVal as Unsigned>::I64)
/// }
/// let copy = make_tiled_copy(make_copy_atom::<Half, _>(UniversalCopy::<u128>::default()),
///                            layout!((16, 8) : (8, 1)), layout!((1, 8)));
/// assert_eq!(threads(&copy), (128, 8));
/// ```
pub trait CopyTiling: Copy + Default {
    /// The atom.
    type Atom: CopyAtom;
    /// `(thread, value) -> coordinate` of the tile (CuTe's `TiledLayout_TV`).
    type LayoutTV: StaticLayout;
    /// The tile's shape, one static extent per mode (CuTe's `Tiler_MN`).
    type Tiler: StaticTuple + StaticValue + IntoTiler + Copy + 'static;
    /// The threads (CuTe's `TiledNumThr`).
    type NumThr: StaticExtent;
    /// The values per thread (CuTe's `TiledNumVal`).
    type NumVal: StaticExtent;
}
impl<A, TV, T> CopyTiling for TiledCopy<A, TV, T>
where
    A: CopyAtom,
    TV: StaticLayout,
    <TV as LayoutParts>::Shape: Get<U0> + Get<U1>,
    ModeOf<<TV as LayoutParts>::Shape, U0>: Size,
    ModeOf<<TV as LayoutParts>::Shape, U1>: Size,
    ModeSize<TV, U0>: StaticExtent + Rem<A::NumThr>,
    ModeSize<TV, U1>: StaticExtent + Rem<A::NumVal>,
    <ModeSize<TV, U0> as Rem<A::NumThr>>::Output: IsEqual<U0>,
    <ModeSize<TV, U1> as Rem<A::NumVal>>::Output: IsEqual<U0>,
    DividesBit<ModeSize<TV, U0>, A::NumThr>: CopyThreadsHoldAtoms<ModeSize<TV, U0>, A::NumThr>,
    DividesBit<ModeSize<TV, U1>, A::NumVal>: CopyValuesHoldAtoms<ModeSize<TV, U1>, A::NumVal>,
    T: StaticTuple + StaticValue + IntoTiler + Copy + 'static,
{
    type Atom = A;
    type LayoutTV = TV;
    type Tiler = T;
    type NumThr = ModeSize<TV, U0>;
    type NumVal = ModeSize<TV, U1>;
}

impl<A: CopyAtom, TV, T> fmt::Debug for TiledCopy<A, TV, T>
where
    Self: CopyTiling,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TiledCopy<{A:?}>", A = A::default())
    }
}

/// CuTe C++'s `print(TiledCopy)`: the tile, the thread-value layout and the
/// atom.
impl<A: CopyAtom + fmt::Display, TV, T> fmt::Display for TiledCopy<A, TV, T>
where
    Self: CopyTiling,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledCopy")?;
        writeln!(f, "  Tiler_MN:       {}", self.tiler())?;
        writeln!(f, "  TiledLayout_TV: {}", self.layout_tv())?;
        write!(f, "{}", A::default())
    }
}

#[cold]
pub(super) fn bad_thread(thr: Option<i64>, n: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = match thr {
        Some(t) => format!("thread {t} of a TiledCopy of {n} threads"),
        None => format!("a thread index beyond i64 of a TiledCopy of {n} threads"),
    };
    #[cfg(not(feature = "dynamic"))]
    let msg = "a thread index outside the TiledCopy's threads";
    Error::out_of_range("get_slice", thr.unwrap_or(i64::MAX), Some(n.into()), msg)
}
