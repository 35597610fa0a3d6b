//! The layout helpers of the atom layer: CuTe C++'s stride `_0` on the
//! static extent-1 modes, a layout's mode as a trait, and the parts of a
//! layout type.
//!
//! CuTe C++'s compact layouts (`make_layout(shape)`) give a static extent 1
//! the stride `_0`, and so do its divides and complements where they leave
//! such a mode; the specification's algebra gives it the stride its place
//! would have. It is the same function. The atom layer's results are
//! written as CuTe C++ prints them, as the run-time atom layer
//! (`cute_dynamic::atom`) writes them: [`ZeroUnitStrides`] sets the stride
//! of every static extent-1 leaf to `_0`, and leaves the others (a dynamic
//! extent keeps its stride, as in CuTe C++, whatever its value).
//!
//! ```
//! use cute_static::atom::zero_unit_strides;
//! use cute_static::layout;
//! let l = zero_unit_strides(layout!((2, 1, (1, 4)) : (1, 2, (2, 2))));
//! assert_eq!(l.to_string(), "(_2,_1,(_1,_4)):(_1,_0,(_0,_2))");
//! let n = 1;
//! let m = zero_unit_strides(layout!((1, n) : (5, 7)).unwrap());
//! assert_eq!(m.to_string(), "(_1,1):(_0,_7)");
//! ```

use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, IsEqual, UInt, UTerm, Unsigned, U0, U1};

use crate::algebra::{IntoTiler, StaticValue};
use crate::coord::Keep;
use crate::htuple::{Get, HTuple, Leaf, ModeOf, StaticBit, StaticLeaf, Tuple};
use crate::layout::Layout;

/// The stride of the shape `Self` with every static extent-1 leaf's stride
/// `_0` (see [`zero_unit_strides`]).
pub trait ZeroUnit<D>: HTuple {
    /// The stride.
    type Stride: HTuple;
    /// The stride.
    fn zero_unit(&self, d: &D) -> Self::Stride;
}
/// A dynamic extent keeps its stride.
impl<D: Leaf> ZeroUnit<D> for i64 {
    type Stride = D;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zero_unit(&self, d: &D) -> D {
        *d
    }
}
/// The static 0 (not an extent): as it is.
impl<D: Leaf> ZeroUnit<D> for UTerm {
    type Stride = D;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zero_unit(&self, d: &D) -> D {
        *d
    }
}
/// A static extent: `_0` for the 1, its stride otherwise.
impl<U: Unsigned, B: Bit, D: Leaf> ZeroUnit<D> for UInt<U, B>
where
    UInt<U, B>: IsEqual<U1>,
    <UInt<U, B> as IsEqual<U1>>::Output: StaticBit,
    <<UInt<U, B> as IsEqual<U1>>::Output as StaticBit>::Select<U0, D>: Leaf,
{
    type Stride = <<UInt<U, B> as IsEqual<U1>>::Output as StaticBit>::Select<U0, D>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zero_unit(&self, d: &D) -> Self::Stride {
        Leaf::from_i64(d.get())
    }
}
impl ZeroUnit<HNil> for HNil {
    type Stride = HNil;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zero_unit(&self, _: &HNil) -> HNil {
        HNil
    }
}
impl<H, T, DH, DT> ZeroUnit<HCons<DH, DT>> for HCons<H, T>
where
    H: ZeroUnit<DH>,
    T: Tuple + ZeroUnit<DT>,
    T::Stride: Tuple,
{
    type Stride = HCons<H::Stride, T::Stride>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zero_unit(&self, d: &HCons<DH, DT>) -> Self::Stride {
        HCons {
            head: self.head.zero_unit(&d.head),
            tail: self.tail.zero_unit(&d.tail),
        }
    }
}

/// The layout `L` with the stride `_0` on its static extent-1 leaves.
pub type ZeroUnitStrides<L> = <L as ZeroUnitLayout>::Output;

/// A layout whose static extent-1 leaves can take the stride `_0`.
pub trait ZeroUnitLayout {
    /// The layout with those strides `_0`.
    type Output;
    /// The layout with those strides `_0`.
    fn zero_unit_strides(self) -> Self::Output;
}
impl<S: ZeroUnit<D>, D: HTuple> ZeroUnitLayout for Layout<S, D> {
    type Output = Layout<S, S::Stride>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn zero_unit_strides(self) -> Self::Output {
        let d = self.shape().zero_unit(self.stride());
        Layout::from_valid_parts(*self.shape(), d)
    }
}

/// `layout` with the stride `_0` on its static extent-1 leaves: the same
/// function, written as CuTe C++ writes it.
///
/// CuTe C++'s compact layouts (`make_layout(shape)`) give a static extent 1
/// the stride `_0`, and so do its divides and complements where they leave
/// such a mode; the specification's algebra gives it the stride its place
/// would have. The atom layer's results are written as CuTe C++ prints
/// them, as the run-time atom layer (`cute_dynamic::atom`) writes them; a
/// dynamic extent keeps its stride, whatever its value, as in CuTe C++.
///
/// # Examples
/// ```
/// use cute_static::atom::zero_unit_strides;
/// use cute_static::layout;
/// assert_eq!(zero_unit_strides(layout!((4, 1) : (1, 4))).to_string(), "(_4,_1):(_1,_0)");
/// ```
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn zero_unit_strides<L: ZeroUnitLayout>(layout: L) -> L::Output {
    layout.zero_unit_strides()
}

/// The top-level mode `I` (a typenum integer) of a layout, as a trait: the
/// layout type that `Layout::mode` gives, for generic code.
pub trait LayoutMode<I> {
    /// The mode's layout.
    type Output;
    /// The mode's layout.
    fn layout_mode(&self) -> Self::Output;
}
impl<I, S: HTuple + Get<I>, D: HTuple + Get<I>> LayoutMode<I> for Layout<S, D> {
    type Output = Layout<ModeOf<S, I>, ModeOf<D, I>>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn layout_mode(&self) -> Self::Output {
        Layout::from_valid_parts(self.shape().get(), self.stride().get())
    }
}
/// The mode `I` of the layout `L`.
pub type ModeLayout<L, I> = <L as LayoutMode<I>>::Output;

/// The shape and stride types of a layout type.
pub trait LayoutParts {
    /// The shape.
    type Shape: HTuple;
    /// The stride.
    type Stride: HTuple;
}
impl<S: HTuple, D: HTuple> LayoutParts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}

// The static tilers the atom layer divides by are values of their types.
macro_rules! static_value_default {
    ([$($g:tt)*] $t:ty) => {
        /// The type's only value.
        impl<$($g)*> StaticValue for $t {
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
            fn static_value() -> Self {
                Default::default()
            }
        }
    };
}
static_value_default!([] UTerm);
static_value_default!([U: Unsigned, B: Bit] UInt<U, B>);
static_value_default!([] Keep);
static_value_default!([] HNil);
/// A tuple of values known to the compiler.
impl<H: StaticValue, T: StaticValue> StaticValue for HCons<H, T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn static_value() -> Self {
        HCons {
            head: H::static_value(),
            tail: T::static_value(),
        }
    }
}

/// A static extent of a tiled MMA or copy: a typenum integer, usable as a
/// leaf of a shape, a tiler and a value known to the compiler.
pub trait StaticExtent: StaticLeaf + StaticValue + IntoTiler + Copy + 'static {}
impl<T: StaticLeaf + StaticValue + IntoTiler + Copy + 'static> StaticExtent for T {}

/// `B1` iff every leaf of the layout `S:D` is static.
pub type LayoutStatic<S, D> =
    <<S as HTuple>::AllStatic as StaticBit>::And<<D as HTuple>::AllStatic>;
