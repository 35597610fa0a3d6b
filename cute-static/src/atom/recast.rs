//! Layouts between value widths, as type-level operations: CuTe C++'s
//! `upcast<N>`, `downcast<N>` and `recast_layout<Old, New>`
//! (`cute/layout.hpp`), which the copy atoms use to read their layouts,
//! written in bits, in values of the type they move.
//!
//! The rule, leaf by leaf (`s:d` an extent and its stride), is one for
//! static and mixed layouts, CuTe C++'s:
//!
//! ```text
//! upcast<N>(s:d)     d = _0:          s:d
//!                    d static:        ceil(s / ceil(N / d)) : ceil(d / N)   (N % d == 0 or d % N == 0)
//!                    d dynamic:       s : d / N                             (checked: N divides d)
//! downcast<N>(s:d)   d = _1:          (s * N) : d
//!                    d = _0:          s:d
//!                    otherwise:       s : (d * N)                           (a dynamic d is not ±1)
//!                    (the layout has a static stride _1: "downcast requires adjacent elements")
//! recast_layout<Old, New>:            upcast by New / g, then downcast by Old / g (unless 1),
//!                                     g = gcd(Old, New)
//! ```
//!
//! A static layout gives a static layout, computed by the compiler; the
//! conditions on static strides are trait bounds whose errors name them
//! ([`UpcastDivides`], [`DowncastAdjacent`]). A layout with a dynamic leaf
//! gives a `Result`: a leaf whose stride or extent is dynamic is computed at
//! run time, and the conditions CuTe C++ only assumes of a dynamic stride
//! (that `N` divides it when upcasting, that it is not `±1` when
//! downcasting, since CuTe C++ reads only static strides to decide) are
//! checked, an `Err` where they fail: where CuTe C++'s layout would not be
//! the run-time algebra's (`cute_dynamic::atom::upcast`), this crate
//! refuses rather than differ. Static strides are non-negative; a negative
//! stride is dynamic.
//!
//! ```
//! use cute_static::atom::{downcast, recast_layout, upcast};
//! use cute_static::{layout, Layout};
//! use typenum::{U1, U16, U2, U32};
//! // ldmatrix's source rows, in bits, as 16-bit values
//! let _: Layout![(32, 8) : (8, 1)] = upcast::<U16, _>(layout!((32, 128) : (128, 1)));
//! let _: Layout![(32, 16) : (16, 1)] = downcast::<U2, _>(layout!((32, 8) : (8, 1)));
//! let _: Layout![(32, 8) : (8, 1)] = recast_layout::<U1, U16, _>(layout!((32, 128) : (128, 1)));
//! let _: Layout![(8, 16) : (16, 1)] = recast_layout::<U32, U16, _>(layout!((8, 8) : (8, 1)));
//! // a run-time leading dimension: divided at run time, checked
//! let ld = 4096;
//! let m = upcast::<U16, _>(layout!((64, 128) : (ld, 1)).unwrap()).unwrap();
//! assert_eq!(m.to_string(), "(_64,_8):(256,_1)");
//! assert!(upcast::<U16, _>(layout!((64, 128) : ({100}, 1)).unwrap()).is_err());
//! ```
//!
//! A static stride that the factor does not divide, nor divides, does not
//! compile:
//!
//! ```compile_fail
//! // CuTe upcast: divisibility condition violated: ...
//! use cute_static::{atom::upcast, layout};
//! let _ = upcast::<typenum::U4, _>(layout!((8, 6) : (6, 1)));
//! ```

use core::ops::{Div, Mul, Rem};

use cute_core::{Error, IntCeilDiv, IntMul, Result};
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, Gcd, IsEqual, UInt, UTerm, Unsigned, B0, B1, U0, U1};

use super::thrfrg::LayoutStatic;
use crate::algebra::{IntoResult, Returns};
use crate::htuple::{HTuple, Leaf, StaticBit, Tuple};
use crate::layout::Layout;

// ------------------------------------------------------------------ the rules

/// The rule of `upcast<N>` on a static stride `M`: `N % M == 0` or `M % N
/// == 0`, so that `ceil(N / M)` elements pack into one, or the stride
/// shrinks exactly. Implemented for `B1` only; the bound `<(M % N == 0) |
/// (N % M == 0)>: UpcastDivides<M, N>` is the check.
///
/// # Examples
/// ```compile_fail
/// // 6 and 4 do not divide one another
/// use cute_static::{atom::upcast, layout};
/// let _ = upcast::<typenum::U4, _>(layout!((8, 6) : (6, 1)));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe upcast: divisibility condition violated: a static stride and the factor do not divide one another",
    label = "the stride `{M}` and the factor `{N}` do not divide one another",
    note = "upcast<N>(layout) reads N narrow elements as one: each non-zero static stride d needs N % d == 0 (d < N: ceil(N / d) elements pack into one) or d % N == 0 (the stride shrinks to d / N)"
)]
pub trait UpcastDivides<M, N> {}
impl<M, N> UpcastDivides<M, N> for B1 {}

/// The rule of `downcast<N>`: the layout has a static stride `_1` (CuTe's
/// "Downcast requires adjacent elements"), whose extent grows `N` times.
/// Implemented for `B1` only; the bound `<has a static _1>:
/// DowncastAdjacent<L>` is the check.
///
/// # Examples
/// ```compile_fail
/// use cute_static::{atom::downcast, layout};
/// let _ = downcast::<typenum::U2, _>(layout!((4, 8) : (2, 8)));
/// ```
#[diagnostic::on_unimplemented(
    message = "CuTe downcast: downcast requires adjacent elements: the layout has no static stride _1",
    label = "`{L}` has no static stride _1",
    note = "downcast<N>(layout) splits each element into N narrow ones: the mode of stride _1 takes N times its extent, every other stride is N times larger; a run-time stride is not read to decide"
)]
pub trait DowncastAdjacent<L> {}
impl<L> DowncastAdjacent<L> for B1 {}

#[cold]
fn upcast_dynamic(n: i64, d: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = format!(
        "the run-time stride {d} is not a multiple of the factor {n}: CuTe C++ assumes that a dynamic stride is (and divides it by {n} without changing its extent)"
    );
    #[cfg(not(feature = "dynamic"))]
    let msg = "a run-time stride is not a multiple of the factor: CuTe C++ assumes that a dynamic stride is";
    Error::divisibility("upcast", n, d, msg)
}

#[cold]
fn downcast_dynamic(d: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = format!(
        "the run-time stride {d} is adjacent: CuTe C++ reads only static strides to decide, and would scale it rather than its extent"
    );
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = d;
        "a run-time stride is ±1: CuTe C++ reads only static strides to decide, and would scale it rather than its extent"
    };
    Error::value("downcast", msg)
}

#[cold]
fn overflow(op: &'static str) -> Error {
    Error::overflow(op, "a stride leaves the 64-bit range")
}

// ------------------------------------------------------------------ upcast

/// `upcast<N>` of one leaf `S:Self` (`Self` the stride): see the
/// [module](self).
pub trait UpcastLeaf<N, S> {
    /// The extent.
    type Shape: Leaf;
    /// The stride.
    type Stride: Leaf;
    /// The extent and the stride.
    fn upcast_leaf(&self, s: &S) -> Result<(Self::Shape, Self::Stride)>;
}
/// A static stride 0: kept.
impl<N, S: Leaf> UpcastLeaf<N, S> for UTerm {
    type Shape = S;
    type Stride = UTerm;
    #[inline]
    fn upcast_leaf(&self, s: &S) -> Result<(S, UTerm)> {
        Ok((*s, UTerm))
    }
}
/// `ceil(N / M)`, the elements one value packs.
type Pack<N, M> = <N as IntCeilDiv<M>>::Output;
/// `B1` iff `M % N == 0` or `N % M == 0`.
type Divides<N, M> = <<<M as Rem<N>>::Output as IsEqual<U0>>::Output as StaticBit>::Or<
    <<N as Rem<M>>::Output as IsEqual<U0>>::Output,
>;
/// A static stride `M > 0`: `ceil(s / ceil(N / M)) : ceil(M / N)`.
impl<N, S, U, B> UpcastLeaf<N, S> for UInt<U, B>
where
    U: Unsigned,
    B: Bit,
    S: Leaf + IntCeilDiv<Pack<N, UInt<U, B>>>,
    N: Unsigned + Default + IntCeilDiv<UInt<U, B>> + Rem<UInt<U, B>>,
    UInt<U, B>: Rem<N> + IntCeilDiv<N>,
    <UInt<U, B> as Rem<N>>::Output: IsEqual<U0>,
    <<UInt<U, B> as Rem<N>>::Output as IsEqual<U0>>::Output: StaticBit,
    <N as Rem<UInt<U, B>>>::Output: IsEqual<U0>,
    <<N as Rem<UInt<U, B>>>::Output as IsEqual<U0>>::Output: StaticBit,
    Divides<N, UInt<U, B>>: UpcastDivides<UInt<U, B>, N>,
    Pack<N, UInt<U, B>>: Default,
    <S as IntCeilDiv<Pack<N, UInt<U, B>>>>::Output: Leaf,
    <UInt<U, B> as IntCeilDiv<N>>::Output: Leaf,
{
    type Shape = <S as IntCeilDiv<Pack<N, UInt<U, B>>>>::Output;
    type Stride = <UInt<U, B> as IntCeilDiv<N>>::Output;
    #[inline]
    fn upcast_leaf(&self, s: &S) -> Result<(Self::Shape, Self::Stride)> {
        let shape = s.int_ceil_div(&Pack::<N, UInt<U, B>>::default())?;
        Ok((shape, Leaf::from_i64(0)))
    }
}
/// A dynamic stride: `s : d / N`, `N` dividing `d` (checked).
impl<N: Unsigned, S: Leaf> UpcastLeaf<N, S> for i64 {
    type Shape = S;
    type Stride = i64;
    #[inline]
    fn upcast_leaf(&self, s: &S) -> Result<(S, i64)> {
        let n = N::I64;
        if n == 0 || self % n != 0 {
            return Err(upcast_dynamic(n, *self));
        }
        Ok((*s, self / n))
    }
}

/// `upcast<N>` of the layout `Self:D`, leaf by leaf.
pub trait UpcastTree<N, D>: HTuple {
    /// The shape.
    type Shape: HTuple;
    /// The stride.
    type Stride: HTuple;
    /// The shape and the stride.
    fn upcast_tree(&self, d: &D) -> Result<(Self::Shape, Self::Stride)>;
}
macro_rules! upcast_shape_leaf {
    ([$($g:tt)*] $t:ty) => {
        impl<$($g)* N, D: UpcastLeaf<N, $t>> UpcastTree<N, D> for $t {
            type Shape = D::Shape;
            type Stride = D::Stride;
            #[inline]
            fn upcast_tree(&self, d: &D) -> Result<(D::Shape, D::Stride)> {
                d.upcast_leaf(self)
            }
        }
    };
}
upcast_shape_leaf!([U: Unsigned, B: Bit,] UInt<U, B>);
upcast_shape_leaf!([] i64);
impl<N> UpcastTree<N, HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline]
    fn upcast_tree(&self, _: &HNil) -> Result<(HNil, HNil)> {
        Ok((HNil, HNil))
    }
}
impl<N, H, T, G, V> UpcastTree<N, HCons<G, V>> for HCons<H, T>
where
    H: UpcastTree<N, G>,
    T: Tuple + UpcastTree<N, V>,
    T::Shape: Tuple,
    T::Stride: Tuple,
{
    type Shape = HCons<H::Shape, T::Shape>;
    type Stride = HCons<H::Stride, T::Stride>;
    #[inline]
    fn upcast_tree(&self, d: &HCons<G, V>) -> Result<(Self::Shape, Self::Stride)> {
        let (hs, hd) = self.head.upcast_tree(&d.head)?;
        let (ts, td) = self.tail.upcast_tree(&d.tail)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}

// ------------------------------------------------------------------ downcast

/// `downcast<N>` of one leaf `S:Self` (`Self` the stride): see the
/// [module](self).
pub trait DowncastLeaf<N, S> {
    /// The extent.
    type Shape: Leaf;
    /// The stride.
    type Stride: Leaf;
    /// The extent and the stride.
    fn downcast_leaf(&self, s: &S) -> Result<(Self::Shape, Self::Stride)>;
}
/// A static stride 0: kept.
impl<N, S: Leaf> DowncastLeaf<N, S> for UTerm {
    type Shape = S;
    type Stride = UTerm;
    #[inline]
    fn downcast_leaf(&self, s: &S) -> Result<(S, UTerm)> {
        Ok((*s, UTerm))
    }
}
/// A static stride: `_1` scales the extent, another scales itself.
impl<N, S, U, B> DowncastLeaf<N, S> for UInt<U, B>
where
    U: Unsigned,
    B: Bit,
    UInt<U, B>: IsEqual<U1>,
    <UInt<U, B> as IsEqual<U1>>::Output: DowncastStatic<N, S, UInt<U, B>>,
{
    type Shape = <<UInt<U, B> as IsEqual<U1>>::Output as DowncastStatic<N, S, UInt<U, B>>>::Shape;
    type Stride = <<UInt<U, B> as IsEqual<U1>>::Output as DowncastStatic<N, S, UInt<U, B>>>::Stride;
    #[inline]
    fn downcast_leaf(&self, s: &S) -> Result<(Self::Shape, Self::Stride)> {
        <<UInt<U, B> as IsEqual<U1>>::Output as DowncastStatic<N, S, UInt<U, B>>>::downcast_static(
            s,
        )
    }
}
/// A dynamic stride: `s : d * N`, `d` not `±1` (checked).
impl<N: Unsigned, S: Leaf> DowncastLeaf<N, S> for i64 {
    type Shape = S;
    type Stride = i64;
    #[inline]
    fn downcast_leaf(&self, s: &S) -> Result<(S, i64)> {
        if self.unsigned_abs() == 1 {
            return Err(downcast_dynamic(*self));
        }
        Ok((
            *s,
            self.checked_mul(N::I64)
                .ok_or_else(|| overflow("downcast"))?,
        ))
    }
}

/// The static stride `M` of `downcast<N>`, `Self` the bit `M == 1`.
pub trait DowncastStatic<N, S, M> {
    /// The extent.
    type Shape: Leaf;
    /// The stride.
    type Stride: Leaf;
    /// The extent and the stride.
    fn downcast_static(s: &S) -> Result<(Self::Shape, Self::Stride)>;
}
/// The stride `_1`: the extent `s * N`.
impl<N: Default, S: Leaf + IntMul<N>, M: Leaf> DowncastStatic<N, S, M> for B1
where
    S::Output: Leaf,
{
    type Shape = S::Output;
    type Stride = M;
    #[inline]
    fn downcast_static(s: &S) -> Result<(S::Output, M)> {
        Ok((
            s.int_mul(&N::default()).map_err(|_| overflow("downcast"))?,
            M::from_i64(1),
        ))
    }
}
/// Another stride: `M * N`.
impl<N, S: Leaf, M: Mul<N>> DowncastStatic<N, S, M> for B0
where
    <M as Mul<N>>::Output: Leaf,
{
    type Shape = S;
    type Stride = <M as Mul<N>>::Output;
    #[inline]
    fn downcast_static(s: &S) -> Result<(S, Self::Stride)> {
        Ok((*s, Leaf::from_i64(0)))
    }
}

/// `downcast<N>` of the layout `Self:D`, leaf by leaf.
pub trait DowncastTree<N, D>: HTuple {
    /// The shape.
    type Shape: HTuple;
    /// The stride.
    type Stride: HTuple;
    /// The shape and the stride.
    fn downcast_tree(&self, d: &D) -> Result<(Self::Shape, Self::Stride)>;
}
macro_rules! downcast_shape_leaf {
    ([$($g:tt)*] $t:ty) => {
        impl<$($g)* N, D: DowncastLeaf<N, $t>> DowncastTree<N, D> for $t {
            type Shape = D::Shape;
            type Stride = D::Stride;
            #[inline]
            fn downcast_tree(&self, d: &D) -> Result<(D::Shape, D::Stride)> {
                d.downcast_leaf(self)
            }
        }
    };
}
downcast_shape_leaf!([U: Unsigned, B: Bit,] UInt<U, B>);
downcast_shape_leaf!([] i64);
impl<N> DowncastTree<N, HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline]
    fn downcast_tree(&self, _: &HNil) -> Result<(HNil, HNil)> {
        Ok((HNil, HNil))
    }
}
impl<N, H, T, G, V> DowncastTree<N, HCons<G, V>> for HCons<H, T>
where
    H: DowncastTree<N, G>,
    T: Tuple + DowncastTree<N, V>,
    T::Shape: Tuple,
    T::Stride: Tuple,
{
    type Shape = HCons<H::Shape, T::Shape>;
    type Stride = HCons<H::Stride, T::Stride>;
    #[inline]
    fn downcast_tree(&self, d: &HCons<G, V>) -> Result<(Self::Shape, Self::Stride)> {
        let (hs, hd) = self.head.downcast_tree(&d.head)?;
        let (ts, td) = self.tail.downcast_tree(&d.tail)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}

/// `B1` iff a stride of the tree `Self` is the static `_1` (CuTe's
/// `has_int1`).
pub trait HasUnitStride {
    /// The answer.
    type Output: StaticBit;
}
impl HasUnitStride for UTerm {
    type Output = B0;
}
impl HasUnitStride for i64 {
    type Output = B0;
}
impl<U: Unsigned, B: Bit> HasUnitStride for UInt<U, B>
where
    UInt<U, B>: IsEqual<U1>,
    <UInt<U, B> as IsEqual<U1>>::Output: StaticBit,
{
    type Output = <UInt<U, B> as IsEqual<U1>>::Output;
}
impl HasUnitStride for HNil {
    type Output = B0;
}
impl<H: HasUnitStride, T: HasUnitStride> HasUnitStride for HCons<H, T> {
    type Output = <H::Output as StaticBit>::Or<T::Output>;
}

// ------------------------------------------------------------------ the operations

/// CuTe's `upcast<N>(layout)`: the layout in elements `N` times wider (see
/// the [module](self)). `Output` is the result's layout type; `Ret` is
/// `Output` for a static layout, `Result<Output>` otherwise.
#[diagnostic::on_unimplemented(
    message = "CuTe upcast: `{Self}` cannot be upcast by `{N}`",
    note = "upcast<N> takes a layout and a static factor N >= 1 (a typenum integer)"
)]
///
/// # Examples
/// ```
/// use cute_static::atom::{Upcast, Upcasted};
/// use cute_static::{layout, Layout};
/// let _: Upcasted<Layout![(32, 128) : (128, 1)], typenum::U32> =
///     Upcast::<typenum::U32>::upcast(layout!((32, 128) : (128, 1)));
/// static_assertions::assert_type_eq_all!(
///     Upcasted<Layout![(32, 128) : (128, 1)], typenum::U32>, Layout![(32, 4) : (4, 1)]);
/// ```
pub trait Upcast<N> {
    /// The result's layout type.
    type Output;
    /// `Output` for a static layout, `Result<Output>` otherwise.
    type Ret;
    /// The layout upcast.
    fn upcast(self) -> Self::Ret;
}
impl<N, S, D> Upcast<N> for Layout<S, D>
where
    S: UpcastTree<N, D>,
    D: HTuple,
    LayoutStatic<S, D>: Returns<Layout<S::Shape, S::Stride>>,
{
    type Output = Layout<S::Shape, S::Stride>;
    type Ret = <LayoutStatic<S, D> as Returns<Self::Output>>::Ret;
    #[inline]
    fn upcast(self) -> Self::Ret {
        <LayoutStatic<S, D>>::ret(|| {
            let (s, d) = self.shape().upcast_tree(self.stride())?;
            Layout::from_algebra(s, d)
        })
    }
}
/// The layout type of `upcast<N>(L)`.
pub type Upcasted<L, N> = <L as Upcast<N>>::Output;

/// CuTe's `downcast<N>(layout)`: the layout in elements `N` times narrower
/// (see the [module](self)).
#[diagnostic::on_unimplemented(
    message = "CuTe downcast: `{Self}` cannot be downcast by `{N}`",
    note = "downcast<N> takes a layout with a static stride _1 and a static factor N >= 1 (a typenum integer)"
)]
///
/// # Examples
/// ```
/// use cute_static::atom::Downcasted;
/// use cute_static::Layout;
/// static_assertions::assert_type_eq_all!(
///     Downcasted<Layout![(32, 4) : (4, 1)], typenum::U8>, Layout![(32, 32) : (32, 1)]);
/// ```
pub trait Downcast<N> {
    /// The result's layout type.
    type Output;
    /// `Output` for a static layout, `Result<Output>` otherwise.
    type Ret;
    /// The layout downcast.
    fn downcast(self) -> Self::Ret;
}
impl<N, S, D> Downcast<N> for Layout<S, D>
where
    S: DowncastTree<N, D>,
    D: HTuple + HasUnitStride,
    D::Output: DowncastAdjacent<Layout<S, D>>,
    LayoutStatic<S, D>: Returns<Layout<S::Shape, S::Stride>>,
{
    type Output = Layout<S::Shape, S::Stride>;
    type Ret = <LayoutStatic<S, D> as Returns<Self::Output>>::Ret;
    #[inline]
    fn downcast(self) -> Self::Ret {
        <LayoutStatic<S, D>>::ret(|| {
            let (s, d) = self.shape().downcast_tree(self.stride())?;
            Layout::from_algebra(s, d)
        })
    }
}
/// The layout type of `downcast<N>(L)`.
pub type Downcasted<L, N> = <L as Downcast<N>>::Output;

/// The downcast of `recast_layout`, skipped (`Self = B1`) when its factor
/// is 1.
pub trait RecastDown<N, L> {
    /// The result's layout type.
    type Output;
    /// The result.
    fn recast_down(l: L) -> Result<Self::Output>;
}
impl<N, L> RecastDown<N, L> for B1 {
    type Output = L;
    #[inline]
    fn recast_down(l: L) -> Result<L> {
        Ok(l)
    }
}
impl<N, L: Downcast<N>> RecastDown<N, L> for B0
where
    L::Ret: IntoResult<L::Output>,
{
    type Output = L::Output;
    #[inline]
    fn recast_down(l: L) -> Result<L::Output> {
        l.downcast().into_result()
    }
}

/// `New / gcd(Old, New)`: the upcast factor of `recast_layout`.
pub type RecastUp<Old, New> = <New as Div<<Old as Gcd<New>>::Output>>::Output;
/// `Old / gcd(Old, New)`: the downcast factor of `recast_layout`.
pub type RecastDn<Old, New> = <Old as Div<<Old as Gcd<New>>::Output>>::Output;
/// `B1` iff the downcast factor is 1.
type DnIsOne<Old, New> = <RecastDn<Old, New> as IsEqual<U1>>::Output;

/// CuTe's `recast_layout<OldType, NewType>(layout)`, the types given by
/// their widths in bits `Old` and `New` (typenum integers; a value type's
/// is [`CopyValue::Bits`](super::CopyValue::Bits)): a layout over values of
/// `Old` bits as one over values of `New` bits. With `g = gcd(Old, New)`:
/// [`upcast`] by `New / g`, then [`downcast`] by `Old / g` unless it is 1
/// (see the [module](self)).
#[diagnostic::on_unimplemented(
    message = "CuTe recast_layout: `{Self}` cannot be recast from values of `{Old}` bits to values of `{New}` bits",
    note = "recast_layout upcasts by New / gcd(Old, New) and downcasts by Old / gcd(Old, New): their conditions hold"
)]
///
/// # Examples
/// ```
/// use cute_static::atom::Recast;
/// use cute_static::Layout;
/// use typenum::{U16, U32};
/// // a layout of 32-bit words as 16-bit halves
/// static_assertions::assert_type_eq_all!(
///     Recast<Layout![(8, 8) : (8, 1)], U32, U16>, Layout![(8, 16) : (16, 1)]);
/// ```
pub trait RecastLayout<Old, New> {
    /// The result's layout type.
    type Output;
    /// `Output` for a static layout, `Result<Output>` otherwise.
    type Ret;
    /// The layout recast.
    fn recast_layout(self) -> Self::Ret;
}
impl<Old, New, S, D> RecastLayout<Old, New> for Layout<S, D>
where
    S: HTuple,
    D: HTuple,
    Old: Gcd<New> + Div<<Old as Gcd<New>>::Output>,
    New: Div<<Old as Gcd<New>>::Output>,
    RecastDn<Old, New>: IsEqual<U1>,
    Layout<S, D>: Upcast<RecastUp<Old, New>>,
    <Layout<S, D> as Upcast<RecastUp<Old, New>>>::Ret:
        IntoResult<Upcasted<Layout<S, D>, RecastUp<Old, New>>>,
    DnIsOne<Old, New>: RecastDown<RecastDn<Old, New>, Upcasted<Layout<S, D>, RecastUp<Old, New>>>,
    LayoutStatic<S, D>: Returns<
        <DnIsOne<Old, New> as RecastDown<
            RecastDn<Old, New>,
            Upcasted<Layout<S, D>, RecastUp<Old, New>>,
        >>::Output,
    >,
{
    type Output = <DnIsOne<Old, New> as RecastDown<
        RecastDn<Old, New>,
        Upcasted<Layout<S, D>, RecastUp<Old, New>>,
    >>::Output;
    type Ret = <LayoutStatic<S, D> as Returns<Self::Output>>::Ret;
    #[inline]
    fn recast_layout(self) -> Self::Ret {
        <LayoutStatic<S, D>>::ret(|| {
            let up = Upcast::<RecastUp<Old, New>>::upcast(self).into_result()?;
            <DnIsOne<Old, New>>::recast_down(up)
        })
    }
}
/// The layout type of `recast_layout<Old, New>(L)`.
pub type Recast<L, Old, New> = <L as RecastLayout<Old, New>>::Output;

/// CuTe's `upcast<N>(layout)`: the layout in elements `N` (a typenum
/// integer) times wider. A static layout gives a static layout; a layout
/// with a dynamic leaf gives a `Result` (see the [module](self)).
///
/// # Pre-conditions
/// Every non-zero static stride `d` and `N` divide one another (a trait
/// bound, [`UpcastDivides`]).
///
/// # Errors
/// For a layout with a dynamic leaf: a dynamic stride that `N` does not
/// divide (CuTe C++ assumes it does), or an extent or offset out of range.
///
/// # Examples
/// ```
/// use cute_static::atom::upcast;
/// use cute_static::layout;
/// use typenum::{U8, U16};
/// let l = upcast::<U16, _>(layout!(((4, 8), (16, 2, 4)) : ((256, 16), (1, 128, 1024))));
/// assert_eq!(l.to_string(), "((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))");
/// // a stride 0 is kept
/// assert_eq!(upcast::<U8, _>(layout!((4, 8) : (0, 1))).to_string(), "(_4,_1):(_0,_1)");
/// ```
#[inline]
pub fn upcast<N, L: Upcast<N>>(layout: L) -> L::Ret {
    layout.upcast()
}

/// CuTe's `downcast<N>(layout)`: the layout in elements `N` (a typenum
/// integer) times narrower (see the [module](self)).
///
/// # Pre-conditions
/// The layout has a static stride `_1` (a trait bound, [`DowncastAdjacent`]).
///
/// # Errors
/// For a layout with a dynamic leaf: a dynamic stride `±1` (CuTe C++ would
/// scale it as a stride rather than scale its extent), or an overflow.
///
/// # Examples
/// ```
/// use cute_static::atom::downcast;
/// use cute_static::layout;
/// use typenum::U2;
/// assert_eq!(downcast::<U2, _>(layout!((4, 8) : (8, 1))).to_string(), "(_4,_16):(_16,_1)");
/// let n = 6;
/// let m = downcast::<U2, _>(layout!((n, 8) : (8, 1)).unwrap()).unwrap();
/// assert_eq!(m.to_string(), "(6,_16):(_16,_1)");
/// ```
#[inline]
pub fn downcast<N, L: Downcast<N>>(layout: L) -> L::Ret {
    layout.downcast()
}

/// CuTe's `recast_layout<Old, New>(layout)` for values of `Old` and `New`
/// bits (typenum integers): see [`RecastLayout`].
///
/// # Pre-conditions
/// Those of [`upcast`] and [`downcast`] with the factors `New / gcd` and
/// `Old / gcd` (trait bounds on static strides).
///
/// # Errors
/// As [`upcast`] and [`downcast`].
///
/// # Examples
/// ```
/// use cute_static::atom::{recast_layout, CopyValue, Half};
/// use cute_static::layout;
/// use typenum::{U1, U32, U48};
/// // 1-bit elements as f16 values
/// let l = recast_layout::<U1, <Half as CopyValue>::Bits, _>(layout!((32, (32, 4)) : (32, (1, 1024))));
/// assert_eq!(l.to_string(), "(_32,(_2,_4)):(_2,(_1,_64))");
/// assert_eq!(recast_layout::<U32, U48, _>(layout!((4, 6) : (6, 1))).to_string(), "(_4,_4):(_4,_1)");
/// ```
#[inline]
pub fn recast_layout<Old, New, L: RecastLayout<Old, New>>(layout: L) -> L::Ret {
    layout.recast_layout()
}
