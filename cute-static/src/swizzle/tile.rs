//! `tile_to_shape`: a block (a GMMA atom, a swizzled or plain static
//! layout) repeated until it has a given shape, CuTe C++'s
//! `tile_to_shape(block, shape)`: computed by the compiler for a static
//! shape, its repeat counts at run time for a shape with run-time extents.
//!
//! ```text
//! tile_to_shape(block, shape):
//!     t_i      = size(shape_i)                        (product_each)
//!     block_i  = mode i of block, 1:0 past its rank
//!     copies_i = t_i / size(block_i)                  (size(block_i) must divide t_i)
//!     result   = blocked_product(block, compact col-major layout of copies),
//!                the stride of every static extent-1 leaf _0 (as CuTe C++ prints it)
//! tile_to_shape(Sw o off o L, shape) = Sw o off o tile_to_shape(L, shape)
//! ```
//!
//! For a static shape, as `cute_dynamic::atom::tile_to_shape` (and its
//! `SwizzledLayout::tile_to_shape`) computes it, leaf for leaf. For a shape
//! with run-time extents, the leaves CuTe C++ keeps static stay static: the
//! block's modes, the repeat counts of the static extents and the strides
//! the compiler can compute; the repeat count of a run-time extent (and
//! the strides after it) is an `i64`. CuTe C++ (4.x) prints, for the K-major
//! SW128 atom of f16 (`Sw<3,3,3> o (_8,_64):(_64,_1)` in elements):
//!
//! ```text
//! (_128, k=64)       ((_8,_16),(_64,1)):((_64,_512),(_1,_8192))
//! (m=128, k=64)      ((_8,16),(_64,1)):((_64,_512),(_1,8192))
//! (m=128, _64)       ((_8,16),(_64,_1)):((_64,_512),(_1,_0))
//! (_128, _64, s=3)   ((_8,_16),(_64,_1),(_1,3)):((_64,_512),(_1,_0),(_0,_8192))
//! ```
//!
//! and so does this function (the cases, with more atoms, are
//! `cute-static/tests/data/swizzle_tile_to_shape.tsv`). A run-time extent is
//! checked at run time: the block's mode must divide it, where CuTe C++,
//! which checks static shapes only, would round the repeat count up.

use core::ops::{Div, Rem};

use cute_core::{Error, KnownInt, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, Eq, IsEqual, Mod, Quot, UInt, Unsigned, B1, U0, U1};

use super::algebra::Reswizzle;
use super::composed::Swizzled;
use super::functor::SwizzleFn;
use crate::algebra::{BlockedProduct, BlockedProducted, IntoResult, Returns, StaticValue};
use crate::atom::{ZeroUnitLayout, ZeroUnitStrides};
use crate::coord::IntoCoord;
use crate::htuple::{Congruent, HTuple, Leaf, StaticTuple};
use crate::layout::Layout;
use crate::shape::{ColMajor, Extents, PrefixProduct, ProductEach, ProductsEach, Size, SizeOf};

const OP: &str = "tile_to_shape";

/// The rule of `tile_to_shape`: the size `N` of a mode of the block divides
/// the size `T` of the target shape's mode. Implemented for `B1` only.
///
/// # Examples
/// ```compile_fail
/// // CuTe tile_to_shape: a mode of the block does not divide the target shape's ...
/// use cute_static::swizzle::{tile_to_shape, GmmaLayoutKSw128Atom};
/// use cute_static::{atom::Half, shape};
/// let _ = tile_to_shape(GmmaLayoutKSw128Atom::<Half>::new(), shape!(100, 64));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe tile_to_shape: a mode of the block does not divide the target shape's: its size is not a divisor of the target's size in that mode",
    label = "a mode of this block does not divide the target's",
    note = "tile_to_shape(block, shape) repeats the block a whole number of times in each mode: size(shape_i) % size(block_i) == 0"
)]
pub trait TileToShapeDivides<N, T> {}
impl<N, T> TileToShapeDivides<N, T> for B1 {}

/// The modes of a block padded to the target's rank, and the copies of
/// each: `Self` is the target's list of mode sizes, `S:D` the block's list
/// of modes.
/// A static extent's copies are computed by the compiler, a run-time
/// extent's at run time: `copies` returns them, checking the run-time
/// extents (`mode` is the index of the first mode of `self`).
#[diagnostic::on_unimplemented(
    message = "CuTe tile_to_shape: the block does not fit the target shape: it has more modes than the shape, or a mode that is not static",
    note = "tile_to_shape(block, shape) takes a static block of at most as many modes as the shape"
)]
pub trait PadTile<S, D> {
    /// The block's shape, padded with `1`.
    type Shape: HTuple;
    /// The block's stride, padded with `0`.
    type Stride: HTuple;
    /// The number of copies of each mode.
    type Copies: HTuple;
    /// The number of copies of each mode, for the target's mode sizes
    /// `self`, starting at mode `mode`.
    ///
    /// # Errors
    /// `ValueError` where a run-time mode size is not positive, or the
    /// block's mode does not divide it.
    fn copies(&self, mode: usize) -> Result<Self::Copies>;
}
/// Nothing left.
impl PadTile<HNil, HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    type Copies = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn copies(&self, _: usize) -> Result<HNil> {
        Ok(HNil)
    }
}
/// The block has no more modes: `1:0`, copied `t` times.
impl<U: Unsigned, B: Bit, TT: PadTile<HNil, HNil>> PadTile<HNil, HNil> for HCons<UInt<U, B>, TT>
where
    TT::Shape: crate::htuple::Tuple,
    TT::Stride: crate::htuple::Tuple,
    TT::Copies: crate::htuple::Tuple,
{
    type Shape = HCons<U1, TT::Shape>;
    type Stride = HCons<U0, TT::Stride>;
    type Copies = HCons<UInt<U, B>, TT::Copies>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn copies(&self, mode: usize) -> Result<Self::Copies> {
        Ok(HCons {
            head: self.head,
            tail: self.tail.copies(mode + 1)?,
        })
    }
}
/// The block has no more modes and the target's mode is a run-time `t`:
/// `1:0`, copied `t` times (`t` positive).
impl<TT: PadTile<HNil, HNil>> PadTile<HNil, HNil> for HCons<i64, TT>
where
    TT::Shape: crate::htuple::Tuple,
    TT::Stride: crate::htuple::Tuple,
    TT::Copies: crate::htuple::Tuple,
{
    type Shape = HCons<U1, TT::Shape>;
    type Stride = HCons<U0, TT::Stride>;
    type Copies = HCons<i64, TT::Copies>;
    #[inline]
    fn copies(&self, mode: usize) -> Result<Self::Copies> {
        Ok(HCons {
            head: copies_of(self.head, 1, mode)?,
            tail: self.tail.copies(mode + 1)?,
        })
    }
}
/// The block's mode `sh:dh` and a run-time target mode `t`: `t / size(sh)`
/// copies, checked at run time.
impl<TT, SH, ST, DH, DT> PadTile<HCons<SH, ST>, HCons<DH, DT>> for HCons<i64, TT>
where
    SH: Size,
    DH: HTuple,
    TT: PadTile<ST, DT>,
    TT::Shape: crate::htuple::Tuple,
    TT::Stride: crate::htuple::Tuple,
    TT::Copies: crate::htuple::Tuple,
{
    type Shape = HCons<SH, TT::Shape>;
    type Stride = HCons<DH, TT::Stride>;
    type Copies = HCons<i64, TT::Copies>;
    #[inline]
    fn copies(&self, mode: usize) -> Result<Self::Copies> {
        Ok(HCons {
            head: copies_of(self.head, SH::default().size().get(), mode)?,
            tail: self.tail.copies(mode + 1)?,
        })
    }
}

/// `t / b` for the run-time size `t` of the target's mode `mode` and the
/// size `b` of the block's.
#[inline]
fn copies_of(t: i64, b: i64, mode: usize) -> Result<i64> {
    if t > 0 && t % b == 0 {
        Ok(t / b)
    } else {
        Err(not_dividing(t, b, mode))
    }
}

#[cold]
fn not_dividing(t: i64, b: i64, mode: usize) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = if t <= 0 {
        format!("mode {mode} of the target shape has the size {t}: a size is positive")
    } else {
        format!(
            "mode {mode} of the block has size {b}, which does not divide the target's run-time size {t} \
             (the block is repeated a whole number of times; CuTe C++ checks static shapes only)"
        )
    };
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = mode;
        "a mode of the block does not divide the target's run-time size (or the size is not positive)"
    };
    if t <= 0 {
        Error::value(OP, msg)
    } else {
        Error::divisibility(OP, t, b, msg)
    }
}
/// The block's mode `sh:dh`, copied `t / size(sh)` times.
impl<U, B, TT, SH, ST, DH, DT> PadTile<HCons<SH, ST>, HCons<DH, DT>> for HCons<UInt<U, B>, TT>
where
    U: Unsigned,
    B: Bit,
    SH: Size,
    DH: HTuple,
    UInt<U, B>: Rem<SizeOf<SH>> + Div<SizeOf<SH>>,
    Mod<UInt<U, B>, SizeOf<SH>>: IsEqual<U0>,
    Eq<Mod<UInt<U, B>, SizeOf<SH>>, U0>: TileToShapeDivides<SizeOf<SH>, UInt<U, B>>,
    Quot<UInt<U, B>, SizeOf<SH>>: HTuple,
    TT: PadTile<ST, DT>,
    TT::Shape: crate::htuple::Tuple,
    TT::Stride: crate::htuple::Tuple,
    TT::Copies: crate::htuple::Tuple,
{
    type Shape = HCons<SH, TT::Shape>;
    type Stride = HCons<DH, TT::Stride>;
    type Copies = HCons<Quot<UInt<U, B>, SizeOf<SH>>, TT::Copies>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn copies(&self, mode: usize) -> Result<Self::Copies> {
        Ok(HCons {
            head: Default::default(),
            tail: self.tail.copies(mode + 1)?,
        })
    }
}

/// A shape or a layout's shape and stride as a list of modes: a tuple is
/// its own list, a leaf the list of itself.
pub trait ModeList: Sized {
    /// The list.
    type Output;
    /// The list.
    fn mode_list(self) -> Self::Output;
}
impl ModeList for HNil {
    type Output = HNil;
    fn mode_list(self) -> HNil {
        self
    }
}
impl<H, T> ModeList for HCons<H, T> {
    type Output = HCons<H, T>;
    fn mode_list(self) -> Self {
        self
    }
}
impl<U: Unsigned, B: Bit> ModeList for UInt<U, B> {
    type Output = HCons<UInt<U, B>, HNil>;
    fn mode_list(self) -> Self::Output {
        HCons {
            head: self,
            tail: HNil,
        }
    }
}
impl ModeList for i64 {
    type Output = HCons<i64, HNil>;
    fn mode_list(self) -> Self::Output {
        HCons {
            head: self,
            tail: HNil,
        }
    }
}
/// The list of modes of `X`.
type ListOf<X> = <X as ModeList>::Output;

/// A block that `tile_to_shape` repeats to the shape `T` (a shape in
/// normal form: an HList tree or a leaf of static and run-time integers,
/// what [`IntoCoord`] makes of `shape!(128, 64)`, `(U128::new(), k)` or
/// `(128, k)`): a static [`Layout`], or a [`Swizzled`] one (the swizzle and
/// the offset are kept).
#[diagnostic::on_unimplemented(
    message = "CuTe tile_to_shape: `{Self}` cannot be tiled to the shape `{T}`",
    note = "the block is a static layout or a swizzled static layout, the shape a static or mixed shape of at least the block's rank"
)]
pub trait TileToShape<T> {
    /// The tiled layout's type.
    type Output;
    /// `Output` for a static shape, `Result<Output>` for one with a
    /// run-time extent.
    type Ret;
    /// The block repeated to the shape `shape`.
    fn tile_to_shape(self, shape: T) -> Self::Ret;
}

/// The layout type of `tile_to_shape(A, T)` (`T` in normal form: an HList
/// tree such as `Shape![128, 64]`, a leaf, or a mixed one, `HCons<U128,
/// HCons<i64, HNil>>`).
pub type TiledToShape<A, T> = <A as TileToShape<T>>::Output;

/// The target's mode sizes as a list.
type Targets<T> = ListOf<ProductsEach<T>>;
/// The padded block of `Layout<S, D>` tiled to `T`.
type Padded<S, D, T> = <Targets<T> as PadTile<ListOf<S>, ListOf<D>>>::Shape;
type PaddedStride<S, D, T> = <Targets<T> as PadTile<ListOf<S>, ListOf<D>>>::Stride;
type Copies<S, D, T> = <Targets<T> as PadTile<ListOf<S>, ListOf<D>>>::Copies;
/// The layout of the copies: compact, column-major.
type CopiesLayout<S, D, T> = Layout<Copies<S, D, T>, ColMajor<Copies<S, D, T>>>;
/// The padded block.
type PaddedLayout<S, D, T> = Layout<Padded<S, D, T>, PaddedStride<S, D, T>>;
/// The blocked product of the padded block and the copies.
type Blocked<S, D, T> = BlockedProducted<PaddedLayout<S, D, T>, CopiesLayout<S, D, T>>;
/// `B1` iff the target shape is static.
type TargetStatic<T> = <T as HTuple>::AllStatic;

impl<S, D, T> TileToShape<T> for Layout<S, D>
where
    S: StaticTuple + ModeList,
    D: StaticTuple + ModeList,
    T: ProductEach,
    ProductsEach<T>: ModeList,
    Targets<T>: PadTile<ListOf<S>, ListOf<D>>,
    Copies<S, D, T>: PrefixProduct<U1> + Congruent<ColMajor<Copies<S, D, T>>> + Extents,
    ColMajor<Copies<S, D, T>>: HTuple,
    PaddedLayout<S, D, T>: StaticValue + BlockedProduct<CopiesLayout<S, D, T>>,
    <PaddedLayout<S, D, T> as BlockedProduct<CopiesLayout<S, D, T>>>::Ret:
        IntoResult<Blocked<S, D, T>>,
    Blocked<S, D, T>: ZeroUnitLayout,
    TargetStatic<T>: Returns<ZeroUnitStrides<Blocked<S, D, T>>>,
{
    type Output = ZeroUnitStrides<Blocked<S, D, T>>;
    type Ret = <TargetStatic<T> as Returns<Self::Output>>::Ret;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn tile_to_shape(self, shape: T) -> Self::Ret {
        // a static shape: the result's only value, nothing computed
        <TargetStatic<T>>::ret(|| {
            let copies = shape.product_each().mode_list().copies(0)?;
            let copies = Layout::try_new(copies, copies.prefix_product(U1::new()))?;
            let blocked = PaddedLayout::<S, D, T>::static_value()
                .blocked_product(copies)
                .into_result()?;
            Ok(blocked.zero_unit_strides())
        })
    }
}

impl<Sw, S, D, O, T, S2, D2> TileToShape<T> for Swizzled<Sw, Layout<S, D>, O>
where
    Sw: SwizzleFn,
    S: HTuple,
    D: HTuple,
    O: Leaf,
    S2: HTuple,
    D2: HTuple,
    Layout<S, D>: TileToShape<T, Output = Layout<S2, D2>>,
    <Layout<S, D> as TileToShape<T>>::Ret: Reswizzle<Sw, O>,
{
    type Output = Swizzled<Sw, Layout<S2, D2>, O>;
    type Ret = <<Layout<S, D> as TileToShape<T>>::Ret as Reswizzle<Sw, O>>::Output;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn tile_to_shape(self, shape: T) -> Self::Ret {
        <Layout<S, D> as TileToShape<T>>::tile_to_shape(*self.layout(), shape)
            .reswizzle(self.swizzle(), self.offset())
    }
}

/// CuTe C++'s `tile_to_shape(block, shape)`: the static `block` (a
/// [`Layout`] or a [`Swizzled`] layout, such as a GMMA atom) repeated,
/// column-major over the copies, until it has the shape `shape`; the
/// swizzle (and its offset) is kept. The result is the
/// [`blocked_product`](crate::blocked_product) of the block (padded with
/// `1:0` modes to the shape's rank) and the compact layout of the copies,
/// with the stride `_0` on its static extent-1 leaves, as CuTe C++ writes
/// it.
///
/// The shape is static (`shape!(128, 64)`, a typenum integer) or has
/// run-time extents (`(128, k)`, `(U128::new(), k)`, `shape!(128, {k})`).
/// A static shape gives the layout itself, computed by the compiler:
/// `cute_dynamic::atom::tile_to_shape`'s layout, leaf for leaf. A shape
/// with a run-time extent gives a `Result` of CuTe C++'s layout: the
/// block's modes stay static, and so do the repeat counts of the static
/// extents and every stride the compiler can compute; the repeat count of
/// a run-time extent, and the strides that depend on it, are `i64`s. CuTe
/// C++ (4.x) prints, for the K-major SW128 atom of f16 (`Sw<3,3,3> o
/// (_8,_64):(_64,_1)` in elements), and so does this function:
///
/// ```text
/// (_128, k=64)       ((_8,_16),(_64,1)):((_64,_512),(_1,_8192))
/// (m=128, k=64)      ((_8,16),(_64,1)):((_64,_512),(_1,8192))
/// (m=128, _64)       ((_8,16),(_64,_1)):((_64,_512),(_1,_0))
/// (_128, _64, s=3)   ((_8,_16),(_64,_1),(_1,3)):((_64,_512),(_1,_0),(_0,_8192))
/// ```
///
/// (the 60 cases of `cute-static/tests/data/swizzle_tile_to_shape.tsv`, for
/// ten blocks, are the unit tests'.)
///
/// # Pre-conditions
/// The block has at most as many modes as the shape, and the size of each
/// of its modes divides the size of the shape's: trait bounds for the
/// static extents (compile errors naming the rule, [`TileToShapeDivides`],
/// [`PadTile`]), checked at run time for the run-time ones.
///
/// # Post-conditions
/// `product_each(shape(result)) == product_each(shape)`; `result(i) ==
/// block(i)` for `i < size(block)` where the block's modes are the first ones.
///
/// # Errors
/// For a shape with a run-time extent: `ValueError` (a divisibility error)
/// where the block's mode does not divide the extent's size (CuTe C++
/// checks static shapes only, and would round the repeat count up), or the
/// size is not positive.
///
/// # Examples
/// ```
/// use cute_static::swizzle::{tile_to_shape, GmmaLayoutKSw128Atom, GmmaLayoutMNSw128Atom};
/// use cute_static::{atom::Half, layout, shape, Layout};
/// use typenum::U128;
/// let t = tile_to_shape(layout!((8, 64) : (64, 1)), shape!(128, 64));
/// let _: Layout![((8, 16), (64, 1)) : ((64, 512), (1, 0))] = t;
/// let b = tile_to_shape(GmmaLayoutMNSw128Atom::<f32>::new(), shape!(64, 16));
/// assert_eq!(b.to_string(), "Sw<3,2,3> o _0 o ((_32,_2),(_8,_2)):((_1,_256),(_32,_512))");
/// // a run-time K: the atom's modes and the 16 copies of the static M stay static
/// let k = 192;
/// let atom = GmmaLayoutKSw128Atom::<Half>::new();
/// let s = tile_to_shape(atom, (U128::new(), k)).unwrap();
/// assert_eq!(s.to_string(), "Sw<3,3,3> o _0 o ((_8,_16),(_64,3)):((_64,_512),(_1,_8192))");
/// let m = tile_to_shape(atom, (128, k)).unwrap(); // both run-time
/// assert_eq!(m.to_string(), "Sw<3,3,3> o _0 o ((_8,16),(_64,3)):((_64,_512),(_1,8192))");
/// assert!((0..128 * 192).all(|i| s.eval(i) == m.eval(i)));
/// // 64 does not divide a run-time 100: an error, at run time
/// let e = tile_to_shape(atom, (U128::new(), 100)).unwrap_err();
/// assert_eq!(e.to_string(), "tile_to_shape: divisibility condition violated: mode 1 of the block \
///     has size 64, which does not divide the target's run-time size 100 (the block is repeated a \
///     whole number of times; CuTe C++ checks static shapes only)");
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn tile_to_shape<A: TileToShape<T::Coord>, T: IntoCoord>(block: A, shape: T) -> A::Ret {
    block.tile_to_shape(shape.into_coord())
}
