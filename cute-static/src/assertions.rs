//! Compile-time assertions of the library's rules, for a crate to pin the
//! layouts its kernels rely on: [`assert_congruent!`](crate::assert_congruent),
//! [`assert_compatible!`](crate::assert_compatible),
//! [`assert_divides!`](crate::assert_divides) and
//! [`assert_composable!`](crate::assert_composable).
//!
//! Each takes *types*, written with the type macros (`Layout![...]`,
//! `Shape![...]`, `Stride![...]`, `Coord![...]`), and expands to an item,
//! `const _: fn() = || { ... };`, whose body names a function with the
//! rule as its trait bounds: the closure is never called and the constant
//! is never read, so the assertion costs nothing at run time, and it may
//! stand wherever an item may (at the top of a module, in a function body).
//! A rule that does not hold is a compile error whose first line is the
//! library's own message for it: the bounds are the traits the operations
//! themselves require, not a second copy of the rules.
//!
//! ```
//! use cute_static::{assert_compatible, assert_composable, assert_congruent, assert_divides};
//! use cute_static::{Layout, Shape, Stride};
//!
//! // the shared-memory tile of a kernel, its thread layout, its copy tile
//! type SmemA = Layout![(128, 8) : (1, 128)];
//! type Threads = Layout![(32, 8)];
//!
//! assert_congruent!(Shape![(4, 2), 8], Stride![(1, 4), 8]);
//! assert_congruent!(SmemA, Threads); // the same profile
//! assert_compatible!(Shape![1024], SmemA); // 1024 elements, as one mode
//! assert_divides!(Shape![32, 8], SmemA); // the threads tile the tile exactly
//! assert_composable!(Layout![(4, 2) : (1, 100)], Layout![(2, 2) : (1, 2)]);
//! ```
//!
//! A rule that fails:
//!
//! ```compile_fail
//! // CuTe partition: the tiler does not divide the layout: ...
//! cute_static::assert_divides!(cute_static::Shape![16, 16], cute_static::Layout![(128, 8)]);
//! ```
//!
//! The assertions take static operands: a type with a dynamic (`i64`) leaf
//! is refused (its value is known only at run time), except by
//! [`assert_congruent!`](crate::assert_congruent), which compares profiles
//! only.

use crate::algebra::{Composition, IntoTiler, Tiler, ZippedDivide};
use crate::htuple::{Congruent, HTuple, StaticTuple};
use crate::layout::Layout;
use crate::partition::rules::TilerDivides;
use crate::partition::Outer;
use crate::shape::Compatible;

/// The profile an assertion compares: a tuple type (a shape, a stride, a
/// coordinate) is its own, a layout type stands for its shape.
#[diagnostic::on_unimplemented(
    message = "CuTe assertion: `{Self}` is neither a layout type nor a shape, stride or coordinate type",
    note = "write the operands with the type macros: `Layout![(4, 8) : (1, 4)]`, `Shape![4, 8]`, `Stride![1, 4]`, `Coord![1, 2]`"
)]
pub trait Profile {
    /// The tuple compared.
    type Of: HTuple;
}
impl<T: HTuple> Profile for T {
    type Of = T;
}
impl<S: HTuple, D: HTuple> Profile for Layout<S, D> {
    type Of = S;
}

/// An assertion's operand is static.
#[diagnostic::on_unimplemented(
    message = "CuTe assertion: `{T}` has a dynamic (`i64`) leaf; a compile-time assertion takes static operands",
    label = "an operand with a run-time leaf",
    note = "a dynamic leaf is known only at run time: the operations check it there and return an `Err`"
)]
pub trait StaticOperand<T> {}
impl<T> StaticOperand<T> for typenum::B1 {}

/// [`assert_congruent!`](crate::assert_congruent): the profiles of `Self`
/// and `B` are congruent (the same nesting and rank at every level).
pub trait CongruentProfiles<B> {}
impl<A, B> CongruentProfiles<B> for A
where
    A: Profile,
    B: Profile,
    A::Of: Congruent<B::Of>,
{
}

/// [`assert_compatible!`](crate::assert_compatible): the static shape of
/// `Self` is compatible with that of `B` (every coordinate of `Self` is
/// one of `B`).
pub trait CompatibleShapes<B> {}
impl<A, B> CompatibleShapes<B> for A
where
    A: Profile,
    B: Profile,
    <A::Of as HTuple>::AllStatic: StaticOperand<A>,
    <B::Of as HTuple>::AllStatic: StaticOperand<B>,
    A::Of: Compatible<B::Of>,
{
}

/// [`assert_divides!`](crate::assert_divides): the static tiler `Self`
/// divides the static layout `L`: `zipped_divide(L, Self)` meets its
/// pre-conditions, and the tiles cover `L` exactly (the partitions' rule,
/// [`crate::partition::rules`]).
pub trait DividesLayout<L> {}
impl<T, S, D> DividesLayout<Layout<S, D>> for T
where
    T: IntoTiler,
    S: StaticTuple,
    D: StaticTuple,
    <T::Tiler as Tiler>::AllStatic: StaticOperand<T>,
    T::Tiler: TilerDivides<S, Outer>,
    Layout<S, D>: ZippedDivide<T::Tiler>,
{
}

/// [`assert_composable!`](crate::assert_composable): the static layout
/// `Self` composes with the static tiler `B` (composition's divisibility
/// conditions hold; the result is static).
pub trait Composable<B> {}
impl<S, D, B> Composable<B> for Layout<S, D>
where
    S: StaticTuple,
    D: StaticTuple,
    B: IntoTiler,
    <B::Tiler as Tiler>::AllStatic: StaticOperand<B>,
    Layout<S, D>: Composition<B::Tiler>,
{
}

/// Asserts at compile time that two profiles are congruent: the same
/// nesting and the same rank at every level (CuTe's `congruent`).
///
/// Each operand is a shape, stride or coordinate type (`Shape![...]`,
/// `Stride![...]`, `Coord![...]`) or a layout type (`Layout![...]`), which
/// stands for its shape. Dynamic leaves are allowed: only the profiles are
/// compared. Expands to an item; costs nothing at run time.
///
/// # Examples
/// ```
/// use cute_static::{assert_congruent, Layout, Shape, Stride};
/// assert_congruent!(Shape![(4, 2), 8], Stride![(1, 4), {}]);
/// // a thread layout and a value layout of the same profile
/// assert_congruent!(Layout![(32, 8)], Layout![(4, 1) : (1, 0)]);
/// ```
/// ```compile_fail
/// use cute_static::{assert_congruent, Shape, Stride};
/// // CuTe: not congruent: a leaf faces a tuple ...
/// assert_congruent!(Shape![4, 8], Stride![1, (4, 8)]);
/// ```
#[macro_export]
macro_rules! assert_congruent {
    ($a:ty, $b:ty $(,)?) => {
        const _: fn() = || {
            fn assert_congruent<A: $crate::assertions::CongruentProfiles<B>, B>() {}
            assert_congruent::<$a, $b>();
        };
    };
}

/// Asserts at compile time that the first static shape is compatible with
/// the second (CuTe's `compatible(a, b)`: the second refines each leaf of
/// the first into a mode of the same size, so every coordinate of the first
/// is a coordinate of the second).
///
/// Each operand is a shape type (`Shape![...]`) or a layout type, which
/// stands for its shape; both are static. Expands to an item; costs nothing
/// at run time.
///
/// # Examples
/// ```
/// use cute_static::{assert_compatible, Layout, Shape};
/// assert_compatible!(Shape![30], Shape![2, (3, 5)]);
/// assert_compatible!(Shape![8, 16], Layout![((2, 4), (4, 4)) : ((1, 2), (8, 32))]);
/// ```
/// ```compile_fail
/// use cute_static::{assert_compatible, Shape};
/// // CuTe compatible: the first shape is not compatible with the second
/// assert_compatible!(Shape![2, (3, 5)], Shape![(3, 2), 5]);
/// ```
#[macro_export]
macro_rules! assert_compatible {
    ($a:ty, $b:ty $(,)?) => {
        const _: fn() = || {
            fn assert_compatible<A: $crate::assertions::CompatibleShapes<B>, B>() {}
            assert_compatible::<$a, $b>();
        };
    };
}

/// Asserts at compile time that a static tiler divides a static layout:
/// `zipped_divide(layout, tiler)` meets its pre-conditions (composition's
/// divisibility conditions, a tiler no longer than the layout but for
/// `Keep` entries past its rank) and leaves
/// no partial tile (each tile extent divides the size of the mode it tiles;
/// the rule of [`local_partition`](crate::local_partition),
/// [`outer_partition`](crate::outer_partition) and
/// [`local_tile`](crate::local_tile), see [`crate::partition::rules`]).
///
/// The tiler is a tiler type: a shape of tile extents (`Shape![128, 8]`,
/// the tiler of a thread layout being the sizes of its modes), a
/// coordinate type with `_` for a mode left whole (`Coord![128, _]`), a
/// layout type, or a Rust tuple of those. Expands to an item; costs nothing
/// at run time.
///
/// # Examples
/// ```
/// use cute_static::{assert_divides, Coord, Layout, Shape};
/// type Tile = Layout![(128, 8) : (1, 128)];
/// assert_divides!(Shape![32, 8], Tile);
/// assert_divides!(Coord![16, _], Tile);
/// assert_divides!((Layout![(2, 2) : (1, 4)], Layout![4 : 2]), Tile);
/// ```
/// ```compile_fail
/// use cute_static::{assert_divides, Layout, Shape};
/// // CuTe partition: the tiler does not divide the layout: ...
/// assert_divides!(Shape![16, 16], Layout![(128, 8) : (1, 128)]);
/// ```
#[macro_export]
macro_rules! assert_divides {
    ($tiler:ty, $layout:ty $(,)?) => {
        const _: fn() = || {
            fn assert_divides<T: $crate::assertions::DividesLayout<L>, L>() {}
            assert_divides::<$tiler, $layout>();
        };
    };
}

/// Asserts at compile time that a static layout `A` composes with a static
/// tiler `B`: `A: Composition<B>` with a static result, that is, `A o B`
/// meets composition's shape- and stride-divisibility conditions (and a
/// by-mode `B` has at most `A`'s rank).
///
/// `A` is a layout type; `B` a layout type, a shape of integers (composed
/// mode by mode), or a Rust tuple of layout types. Expands to an item;
/// costs nothing at run time.
///
/// # Examples
/// ```
/// use cute_static::{assert_composable, Layout, Shape};
/// assert_composable!(Layout![(6, 2) : (8, 2)], Layout![(4, 3) : (3, 1)]);
/// assert_composable!(Layout![(12, 8) : (1, 12)], Shape![4, 2]);
/// ```
/// ```compile_fail
/// use cute_static::{assert_composable, Layout};
/// // CuTe composition: stride divisibility condition violated: ...
/// assert_composable!(Layout![(8, 6) : (6, 1)], Layout![16 : 3]);
/// ```
#[macro_export]
macro_rules! assert_composable {
    ($a:ty, $b:ty $(,)?) => {
        const _: fn() = || {
            fn assert_composable<A: $crate::assertions::Composable<B>, B>() {}
            assert_composable::<$a, $b>();
        };
    };
}
