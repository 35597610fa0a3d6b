//! `tile_to_shape`: a block (a GMMA atom, a swizzled or plain static
//! layout) repeated until it has a given static shape, CuTe C++'s
//! `tile_to_shape(block, shape)`, computed by the compiler.
//!
//! ```text
//! tile_to_shape(block, shape):
//!     t_i      = size(shape_i)                        (product_each)
//!     block_i  = mode i of block, 1:0 past its rank
//!     copies_i = t_i / size(block_i)                  (size(block_i) must divide t_i)
//!     result   = blocked_product(block, compact col-major layout of copies),
//!                the stride of every static extent-1 leaf _0 (as CuTe C++ prints it)
//! tile_to_shape(Sw o 0 o L, shape) = Sw o 0 o tile_to_shape(L, shape)
//! ```
//!
//! As `cute_dynamic::atom::tile_to_shape` (and its `SwizzledLayout::tile_to_shape`)
//! computes it, leaf for leaf.

use core::ops::{Div, Rem};

use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, Eq, IsEqual, Mod, Quot, UInt, Unsigned, B1, U0, U1};

use super::composed::{compose_swizzle, Swizzled};
use super::functor::SwizzleFn;
use crate::algebra::{BlockedProduct, StaticValue};
use crate::atom::{ZeroUnitLayout, ZeroUnitStrides};
use crate::htuple::{HTuple, StaticTuple};
use crate::layout::Layout;
use crate::shape::{ColMajor, PrefixProduct, ProductEach, ProductsEach, Size, SizeOf};

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
#[diagnostic::on_unimplemented(
    message = "CuTe tile_to_shape: the block does not fit the target shape: it has more modes than the shape, or a mode that is not static",
    note = "tile_to_shape(block, shape) takes a static block of at most as many modes as the static shape"
)]
pub trait PadTile<S, D> {
    /// The block's shape, padded with `1`.
    type Shape: HTuple;
    /// The block's stride, padded with `0`.
    type Stride: HTuple;
    /// The number of copies of each mode.
    type Copies: HTuple;
}
/// Nothing left.
impl PadTile<HNil, HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    type Copies = HNil;
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
}

/// A shape or a layout's shape and stride as a list of modes: a tuple is
/// its own list, a leaf the list of itself.
pub trait ModeList {
    /// The list.
    type Output;
}
impl ModeList for HNil {
    type Output = HNil;
}
impl<H, T> ModeList for HCons<H, T> {
    type Output = HCons<H, T>;
}
impl<U: Unsigned, B: Bit> ModeList for UInt<U, B> {
    type Output = HCons<UInt<U, B>, HNil>;
}
impl ModeList for i64 {
    type Output = HCons<i64, HNil>;
}
/// The list of modes of `X`.
type ListOf<X> = <X as ModeList>::Output;

/// A block that `tile_to_shape` repeats to the shape `T` (a static shape:
/// `shape!(128, 64)`, `shape!(128, 64, 3)`): a static [`Layout`], or a
/// [`Swizzled`] one (the swizzle is kept).
#[diagnostic::on_unimplemented(
    message = "CuTe tile_to_shape: `{Self}` cannot be tiled to the shape `{T}`",
    note = "the block is a static layout or a swizzled static layout, the shape a static shape"
)]
pub trait TileToShape<T> {
    /// The tiled layout's type.
    type Output;
    /// The block repeated to the shape `shape`.
    fn tile_to_shape(self, shape: T) -> Self::Output;
}

/// The layout type of `tile_to_shape(A, T)`.
pub type TiledToShape<A, T> = <A as TileToShape<T>>::Output;

/// The padded block of `Layout<S, D>` tiled to `T`.
type Padded<S, D, T> = <ListOf<ProductsEach<T>> as PadTile<ListOf<S>, ListOf<D>>>::Shape;
type PaddedStride<S, D, T> = <ListOf<ProductsEach<T>> as PadTile<ListOf<S>, ListOf<D>>>::Stride;
type Copies<S, D, T> = <ListOf<ProductsEach<T>> as PadTile<ListOf<S>, ListOf<D>>>::Copies;
/// The blocked product of the padded block and the copies.
type Blocked<S, D, T> = <Layout<Padded<S, D, T>, PaddedStride<S, D, T>> as BlockedProduct<
    Layout<Copies<S, D, T>, ColMajor<Copies<S, D, T>>>,
>>::Ret;

impl<S, D, T> TileToShape<T> for Layout<S, D>
where
    S: StaticTuple + ModeList,
    D: StaticTuple + ModeList,
    T: ProductEach,
    ProductsEach<T>: ModeList,
    ListOf<ProductsEach<T>>: PadTile<ListOf<S>, ListOf<D>>,
    Copies<S, D, T>: PrefixProduct<U1>,
    ColMajor<Copies<S, D, T>>: HTuple,
    Layout<Padded<S, D, T>, PaddedStride<S, D, T>>:
        StaticValue + BlockedProduct<Layout<Copies<S, D, T>, ColMajor<Copies<S, D, T>>>>,
    Layout<Copies<S, D, T>, ColMajor<Copies<S, D, T>>>: StaticValue,
    Blocked<S, D, T>: ZeroUnitLayout,
{
    type Output = ZeroUnitStrides<Blocked<S, D, T>>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn tile_to_shape(self, _: T) -> Self::Output {
        crate::blocked_product(
            <Layout<Padded<S, D, T>, PaddedStride<S, D, T>>>::static_value(),
            <Layout<Copies<S, D, T>, ColMajor<Copies<S, D, T>>>>::static_value(),
        )
        .zero_unit_strides()
    }
}

impl<Sw, S, D, T, S2, D2> TileToShape<T> for Swizzled<Sw, Layout<S, D>>
where
    Sw: SwizzleFn,
    S: HTuple,
    D: HTuple,
    S2: HTuple,
    D2: HTuple,
    Layout<S, D>: TileToShape<T, Output = Layout<S2, D2>>,
{
    type Output = Swizzled<Sw, Layout<S2, D2>>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn tile_to_shape(self, shape: T) -> Self::Output {
        compose_swizzle(self.swizzle(), self.layout().tile_to_shape(shape))
    }
}

/// CuTe C++'s `tile_to_shape(block, shape)`: the static `block` (a
/// [`Layout`] or a [`Swizzled`] layout, such as a GMMA atom) repeated,
/// column-major over the copies, until it has the static shape `shape`;
/// the swizzle is kept. The result is the [`blocked_product`](crate::blocked_product)
/// of the block (padded with `1:0` modes to the shape's rank) and the
/// compact layout of the copies, with the stride `_0` on its static
/// extent-1 leaves, as CuTe C++ writes it: `cute_dynamic::atom::tile_to_shape`'s
/// layout, leaf for leaf, computed by the compiler.
///
/// # Pre-conditions
/// The block has at most as many modes as the shape, and the size of each
/// of its modes divides the size of the shape's (trait bounds: compile
/// errors naming the rule, [`TileToShapeDivides`], [`PadTile`]).
///
/// # Post-conditions
/// `product_each(shape(result)) == product_each(shape)`; `result(i) ==
/// block(i)` for `i < size(block)` where the block's modes are the first ones.
///
/// # Examples
/// ```
/// use cute_static::swizzle::{tile_to_shape, GmmaLayoutMNSw128Atom};
/// use cute_static::{layout, shape, Layout};
/// let t = tile_to_shape(layout!((8, 64) : (64, 1)), shape!(128, 64));
/// let _: Layout![((8, 16), (64, 1)) : ((64, 512), (1, 0))] = t;
/// let b = tile_to_shape(GmmaLayoutMNSw128Atom::<f32>::new(), shape!(64, 16));
/// assert_eq!(b.to_string(), "Sw<3,2,3> o _0 o ((_32,_2),(_8,_2)):((_1,_256),(_32,_512))");
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn tile_to_shape<A: TileToShape<T>, T>(block: A, shape: T) -> A::Output {
    block.tile_to_shape(shape)
}
