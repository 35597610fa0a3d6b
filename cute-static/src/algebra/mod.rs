//! The layout algebra on static and mixed layouts: coalesce, composition,
//! complement, inverses, divides and products (Whitepaper, §3).
//!
//! Every operation is a trait with an `Output` type (the result's layout
//! type, computed by the compiler), a short alias naming it, and a function
//! with the operation's name that takes layouts by value (they are `Copy`):
//!
//! | CuTe | function | trait | alias |
//! |---|---|---|---|
//! | `coalesce(A)` | [`coalesce`](fn@coalesce) | [`Coalesce`] | [`Coalesced<A>`] |
//! | `coalesce(A, profile)` | [`coalesce_by`] | [`CoalesceBy`] | [`CoalescedBy<A, P>`] |
//! | `coalesce_z(A)` | [`coalesce_z`] | [`CoalesceZ`] | [`CoalescedZ<A>`] |
//! | `coalesce_z(A, profile)` | [`coalesce_z_by`] | [`CoalesceZBy`] | [`CoalescedZBy<A, P>`] |
//! | `composition(A, B)` | [`composition`](fn@composition) | [`Composition`] | [`Composed<A, B>`] |
//! | `complement(A)`, `complement(A, n)` | [`complement`](fn@complement), [`complement_to`] | [`Complement`] | [`Complemented<A, N>`] |
//! | `right_inverse(A)` | [`right_inverse`] | [`RightInverse`] | [`RightInverted<A>`] |
//! | `left_inverse(A)` | [`left_inverse`] | [`LeftInverse`] | [`LeftInverted<A>`] |
//! | `logical_divide(A, T)` | [`logical_divide`] | [`LogicalDivide`] | [`LogicalDivided<A, T>`] |
//! | `zipped_divide(A, T)` | [`zipped_divide`] | [`ZippedDivide`] | [`ZippedDivided<A, T>`] |
//! | `tiled_divide(A, T)` | [`tiled_divide`] | [`TiledDivide`] | [`TiledDivided<A, T>`] |
//! | `flat_divide(A, T)` | [`flat_divide`] | [`FlatDivide`] | [`FlatDivided<A, T>`] |
//! | `logical_product(A, T)` | [`logical_product`] | [`LogicalProduct`] | [`LogicalProducted<A, T>`] |
//! | `zipped_product(A, T)` | [`zipped_product`] | [`ZippedProduct`] | [`ZippedProducted<A, T>`] |
//! | `tiled_product(A, T)` | [`tiled_product`] | [`TiledProduct`] | [`TiledProducted<A, T>`] |
//! | `flat_product(A, T)` | [`flat_product`] | [`FlatProduct`] | [`FlatProducted<A, T>`] |
//! | `blocked_product(A, B)` | [`blocked_product`] | [`BlockedProduct`] | [`BlockedProducted<A, B>`] |
//! | `raked_product(A, B)` | [`raked_product`] | [`RakedProduct`] | [`RakedProducted<A, B>`] |
//!
//! A tiler `T` is a layout, an integer, [`Keep`] or a tuple of tilers
//! (mode by mode): `tile!(8, 8)`, `(layout_a, layout_b)`.
//!
//! # What the functions return
//!
//! The rule is one for every operation: **operands that are all static give
//! the result itself; an operand with a dynamic leaf gives a
//! `Result`** (the trait's `Ret`). A static result is a zero-sized layout
//! whose evaluation folds to constants, and every pre-condition on static
//! operands is a trait bound: a violation does not compile, and the error's
//! first line names the rule in CuTe's terms. With a dynamic leaf, the
//! pre-conditions are checked on the values, as an `Err`.
//!
//! # What a result keeps static
//!
//! **Static operands** take the specification's algebra: the result's
//! type is the layout the run-time algebra computes for the same operands
//! (the same shape, stride and nesting), every leaf static.
//!
//! **Operands with a dynamic leaf** take CuTe C++'s algorithm, step for
//! step ([`mixed`]), and the result prints exactly as CuTe C++ prints the
//! same operation on the same objects:
//! - a result leaf is static where CuTe C++'s is: where it is computed
//!   from static leaves only, or where a static operand decides it whatever
//!   the dynamic one is (`_0 * n` is `_0`); otherwise it is an `i64`
//!   computed at run time;
//! - a decision of the algorithm reads only what is static, so a dynamic
//!   leaf is never dropped or merged on the strength of its value: a
//!   dynamic extent that happens to be 1 stays a mode, two modes merge only
//!   where the merge is decided statically, and a composition keeps the
//!   modes of extent 1 CuTe C++ keeps, with the strides it computes;
//! - where CuTe C++'s layout is not the operation's value (it checks the
//!   divisibility conditions only on static leaves), the result is an
//!   `Err` naming the condition; where CuTe C++ and the specification
//!   disagree on something CuTe C++ leaves unchecked (a `Keep` entry of a
//!   zipped tiler, a composition by a tuple shorter than A), the
//!   specification decides, and so it does for a zipped tiler longer than
//!   A, which CuTe C++ refuses: its `Keep` entries past A's rank are tile
//!   modes `_1:_0`, static as CuTe C++'s `Keep` tiles are.
//!
//! `zipped_divide` by a tuple tiler takes the same two steps either way,
//! the by-mode `logical_divide` and then the zip by the tiler (CuTe C++'s
//! `zip2_by`), so what its result keeps static is what the by-mode divide
//! keeps: all of it for static operands, CuTe C++'s leaves otherwise.
//!
//! Two examples, `M = 256` a run-time extent:
//!
//! ```
//! use cute_static::{coalesce, composition, layout};
//! let m = 256;
//! // the dynamic extent stops the merge of _4:_1 and _2:_4 with M:_8
//! let c = coalesce(layout!((4, (2, m)) : (1, (4, 8))).unwrap()).unwrap();
//! assert_eq!(c.to_string(), "(_8,256):(_1,_8)");
//! // each leaf of B meets the mode M of A: min(M, 4) and 4 / min(M, 4)
//! // are computed at run time, the strides _1 * _1 and _4 * _1 statically
//! let t = composition(layout!((m, 8) : (1, m)).unwrap(), layout!((4, 8) : (1, 4))).unwrap();
//! assert_eq!(t.to_string(), "((4,1),(8,1)):((_1,256),(_4,256))");
//! ```

use cute_core::Result;
use typenum::{B0, B1};

use crate::htuple::{HTuple, StaticBit};
use crate::layout::Layout;

/// `B1` iff every leaf of the layout `S:D` is static.
type LayoutStatic<S, D> = <<S as HTuple>::AllStatic as StaticBit>::And<<D as HTuple>::AllStatic>;
/// `B1` iff every leaf of the layout and the tiler is static. (The
/// tiler's bit comes first, so that the compiler cannot decide it before it
/// knows the tiler's type, and does not search an operation's bounds with
/// the tiler unknown.)
type AllStatic<S, D, T> = <<T as Tiler>::AllStatic as StaticBit>::And<LayoutStatic<S, D>>;
/// The normal form of a tiler.
type TilerOf<T> = <T as IntoTiler>::Tiler;

/// What the function of an operation returns (`Returns::Ret`): `$out` for
/// the static bit `$bit` of `B1`, `Result<$out>` for `B0`.
macro_rules! ret_of {
    ($bit:ty, $out:ty) => {
        <$bit as Returns<$out>>::Ret
    };
}

/// Declares an operation of the algebra: its trait (`Output`, the result's
/// layout type; `Ret`, what its function returns), the alias naming the
/// result and, unless `@trait`, the function with the operation's name,
/// which takes the operands by value and calls the trait's method. The
/// message and the note are the trait's diagnostic.
macro_rules! operation {
    (
        $(#[$doc:meta])*
        $tr:ident, $method:ident($($arg:ident: $targ:ident)?) -> $alias:ident,
        $msg:literal $(, $note:literal)?
    ) => {
        operation!(@trait $tr, $method($($arg: $targ)?) -> $alias, $msg $(, $note)?);

        $(#[$doc])*
        #[inline]
        pub fn $method<A: $tr$(<$targ>)? $(, $targ)?>(a: A $(, $arg: $targ)?) -> A::Ret {
            a.$method($($arg)?)
        }
    };
    (
        @trait $tr:ident, $method:ident($($arg:ident: $targ:ident $(= $def:ty)?)?) -> $alias:ident,
        $msg:literal $(, $note:literal)?
    ) => {
        #[doc = concat!("The trait of [`", stringify!($method), "`]: `Output` is the result's layout type.")]
        #[diagnostic::on_unimplemented(message = $msg $(, note = $note)?)]
        pub trait $tr$(<$targ>)? {
            /// The result's layout type (a `cute_dynamic::Layout` where the
            /// run-time algebra computes it).
            type Output;
            /// `Output` for static operands, `Result<Output>` otherwise.
            type Ret;
            #[doc = concat!("`", stringify!($method), "`.")]
            fn $method(self $(, $arg: $targ)?) -> Self::Ret;
        }
        #[doc = concat!("The layout type of `", stringify!($method), "(A", $(", ", stringify!($targ),)? ")`.")]
        pub type $alias<A $(, $targ $(= $def)?)?> = <A as $tr$(<$targ>)?>::Output;
    };
}

/// The layout of the parts an operation `Op` computes by [`Apply`].
type Applied<Op, S, D, T> = Layout<<T as Apply<Op, S, D>>::Shape, <T as Apply<Op, S, D>>::Stride>;

/// The impl of an operation whose result [`Apply`] computes from the
/// layout and a tiler (or profile) `$targ`, whatever their leaves: `$bit`
/// says whether the operands are all static.
macro_rules! apply_impl {
    ($tr:ident, $method:ident($arg:ident: $targ:ident), $op:ty, $bit:ty) => {
        impl<S: HTuple, D: HTuple, $targ: IntoTiler> $tr<$targ> for Layout<S, D>
        where
            TilerOf<$targ>: Apply<$op, S, D>,
            $bit: Returns<Applied<$op, S, D, TilerOf<$targ>>>,
        {
            type Output = Applied<$op, S, D, TilerOf<$targ>>;
            type Ret = ret_of!($bit, Self::Output);
            #[inline]
            fn $method(self, $arg: $targ) -> Self::Ret {
                <$bit>::ret(|| {
                    let (s, d) =
                        Apply::<$op, S, D>::apply(&$arg.into_tiler(), self.shape(), self.stride())?;
                    Layout::from_algebra(s, d)
                })
            }
        }
    };
}

/// An operation of a layout and a tiler computed through a path
/// (`[$path]`, a trait with the function `run`), `$bit` choosing the path.
macro_rules! tiler_op {
    ($(#[$doc:meta])* $tr:ident, $method:ident, $alias:ident, [$($path:tt)*], $bit:ty, $msg:literal) => {
        operation!(
            $(#[$doc])* $tr, $method(tiler: T) -> $alias, $msg,
            "the tiler is a layout, an integer, `Keep`, or a tuple of tilers (one per mode)"
        );

        impl<S: HTuple, D: HTuple, T: IntoTiler> $tr<T> for Layout<S, D>
        where
            $bit: $($path)*,
            AllStatic<S, D, TilerOf<T>>: Returns<<$bit as $($path)*>::Output>,
        {
            type Output = <$bit as $($path)*>::Output;
            type Ret = ret_of!(AllStatic<S, D, TilerOf<T>>, Self::Output);
            #[inline]
            fn $method(self, tiler: T) -> Self::Ret {
                <AllStatic<S, D, TilerOf<T>>>::ret(|| {
                    <$bit as $($path)*>::run(self.shape(), self.stride(), &tiler.into_tiler())
                })
            }
        }
    };
}

/// A regrouping `$g` of the result of the operation `$base` (whose
/// function is `$basem`), `$bit` choosing the static or the run-time
/// regrouping.
macro_rules! regrouped_op {
    ($(#[$doc:meta])* $tr:ident, $method:ident, $alias:ident, $base:ident, $basem:ident, $g:ty, $msg:literal, $note:literal) => {
        operation!($(#[$doc])* $tr, $method(tiler: T) -> $alias, $msg, $note);

        impl<S: HTuple, D: HTuple, T: IntoTiler> $tr<T> for Layout<S, D>
        where
            Layout<S, D>: $base<T>,
            <Layout<S, D> as $base<T>>::Output: RegroupLayout<$g>,
            AllStatic<S, D, TilerOf<T>>: Returns<<<Layout<S, D> as $base<T>>::Output as RegroupLayout<$g>>::Output>,
            <Layout<S, D> as $base<T>>::Ret: IntoResult<<Layout<S, D> as $base<T>>::Output>,
        {
            type Output = <<Layout<S, D> as $base<T>>::Output as RegroupLayout<$g>>::Output;
            type Ret = ret_of!(AllStatic<S, D, TilerOf<T>>, Self::Output);
            #[inline]
            fn $method(self, tiler: T) -> Self::Ret {
                <AllStatic<S, D, TilerOf<T>>>::ret(|| {
                    $base::$basem(self, tiler).into_result()?.regroup_layout()
                })
            }
        }
    };
}

/// The mode subscript `f[I](A, B)` of the operation `$tr`: `$name::<I>(A, B)`
/// applies it to mode `I` of A alone.
macro_rules! at_mode_fn {
    ($(#[$doc:meta])* $name:ident, $tr:ident, $method:ident) => {
        $(#[$doc])*
        #[inline]
        pub fn $name<const I: usize, A, B>(a: A, b: B) -> <A as $tr<AtModeOf<crate::htuple::IndexOf<I>, B>>>::Ret
        where
            crate::htuple::Idx<I>: crate::htuple::ToIndex,
            crate::htuple::IndexOf<I>: AtMode<B>,
            A: $tr<AtModeOf<crate::htuple::IndexOf<I>, B>>,
        {
            a.$method(<crate::htuple::IndexOf<I> as AtMode<B>>::at_mode(b))
        }
    };
}

/// The impl of `$tr` for [`Unreachable`] (see there).
macro_rules! ambiguity_guard {
    ($tr:ident, $method:ident) => {
        impl<S: HTuple, D: HTuple> $tr<Unreachable> for Layout<S, D> {
            type Output = Unreachable;
            type Ret = Unreachable;
            fn $method(self, b: Unreachable) -> Unreachable {
                match b {}
            }
        }
    };
}

// One file per operation (its trait, alias, function and impls, beside the
// type-level steps of static operands), and what they are built on: flat
// mode lists (`detail`), tilers, regroupings, and CuTe C++'s algorithm for
// operands with a dynamic leaf (`mixed`). Declared after the macros, which
// the operations' files use.
mod coalesce;
mod complement;
mod composition;
mod detail;
mod divide;
mod inverse;
pub mod mixed;
mod product;
mod regroup;
mod tiler;

pub use crate::coord::Keep;
pub use coalesce::{
    coalesce, coalesce_at, coalesce_by, coalesce_z, coalesce_z_by, Coalesce, CoalesceBy,
    CoalesceOp, CoalesceZ, CoalesceZBy, CoalesceZOp, Coalesced, CoalescedBy, CoalescedZ,
    CoalescedZBy, Coalescing,
};
pub use complement::{
    complement, complement_to, Complement, ComplementPath, Complemented, Cotarget,
};
pub use composition::{composition, composition_at, ComposeOp, Composed, Composition};
pub(crate) use detail::{pair, Pair};
pub use divide::{
    flat_divide, logical_divide, logical_divide_at, tiled_divide, zipped_divide, DivideOp,
    FlatDivide, FlatDivided, LogicalDivide, LogicalDivided, TiledDivide, TiledDivided, TruncateTo,
    ZippedDivide, ZippedDivided, ZippedPath,
};
pub use inverse::{
    left_inverse, right_inverse, InversePath, LeftInverse, LeftInverted, RightInverse,
    RightInverted,
};
pub use product::{
    blocked_product, flat_product, logical_product, logical_product_at, raked_product,
    tiled_product, zipped_product, Blocked, BlockedProduct, BlockedProducted, FlatProduct,
    FlatProducted, LogicalProduct, LogicalProducted, ProductOp, Raked, RakedProduct,
    RakedProducted, RankProductPath, RankProductWith, TiledProduct, TiledProducted, ZippedProduct,
    ZippedProducted,
};
pub use regroup::{
    Flat, KeepInRest, KeepInTile, KeepSplit, PastRank, Regroup, RegroupLayout, Split2, Then, Tiled,
    Zip2, ZipBy, ZipByPath,
};
pub use tiler::{Apply, AtMode, AtModeOf, IntoTiler, Tiler};

// ================================================================== what the operations share

/// What an algebra function returns: for operands that are all static, the
/// result itself (a static layout, computed by the compiler; nothing can
/// fail at run time); otherwise a [`Result`], since a pre-condition that
/// depends on a dynamic value is checked at run time.
pub trait Returns<T> {
    /// `T` for static operands, `Result<T>` otherwise.
    type Ret;
    /// The result: for static operands, `T`'s only value (`run` is not
    /// called, and not even compiled); otherwise `run()`.
    fn ret(run: impl FnOnce() -> Result<T>) -> Self::Ret;
}
impl<T: StaticValue> Returns<T> for B1 {
    type Ret = T;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn ret(_: impl FnOnce() -> Result<T>) -> T {
        T::static_value()
    }
}
impl<T> Returns<T> for B0 {
    type Ret = Result<T>;
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn ret(run: impl FnOnce() -> Result<T>) -> Result<T> {
        run()
    }
}

/// A type with exactly one value, known to the compiler: a static layout.
pub trait StaticValue {
    /// The value.
    fn static_value() -> Self;
}
impl<S: HTuple, D: HTuple> StaticValue for Layout<S, D>
where
    S::Div: Default,
{
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn static_value() -> Self {
        Layout::from_static_parts()
    }
}

/// The two ways to compute an operation `Op` of a layout `S:D` and a
/// tiler `T`: the specification's, by the compiler (`B1`: every leaf
/// static), or CuTe C++'s, its structure by the compiler and its dynamic
/// leaves at run time (`B0`: a dynamic leaf somewhere).
pub trait Path<Op, S, D, T> {
    /// The result's layout type.
    type Output;
    /// The result.
    fn run(s: &S, d: &D, t: &T) -> Result<Self::Output>;
}
impl<Op, S: HTuple, D: HTuple, T: Apply<Op, S, D>> Path<Op, S, D, T> for B1 {
    type Output = Applied<Op, S, D, T>;
    #[inline]
    fn run(s: &S, d: &D, t: &T) -> Result<Self::Output> {
        let (s, d) = Apply::<Op, S, D>::apply(t, s, d)?;
        Layout::from_algebra(s, d)
    }
}
impl<Op: MixedOf, S: HTuple, D: HTuple, T: Apply<Op::Mixed, S, D>> Path<Op, S, D, T> for B0 {
    type Output = Applied<Op::Mixed, S, D, T>;
    #[inline]
    fn run(s: &S, d: &D, t: &T) -> Result<Self::Output> {
        let (s, d) = Apply::<Op::Mixed, S, D>::apply(t, s, d)?;
        Layout::from_algebra(s, d)
    }
}

/// The mixed (CuTe C++) form of an operation of the static algebra.
pub trait MixedOf {
    /// The operation on operands with a dynamic leaf.
    type Mixed;
}

/// A result as a `Result`: a value is `Ok`.
pub trait IntoResult<T> {
    /// The result.
    fn into_result(self) -> Result<T>;
}
impl<T> IntoResult<T> for Result<T> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn into_result(self) -> Result<T> {
        self
    }
}
impl<S: HTuple, D: HTuple> IntoResult<Layout<S, D>> for Layout<S, D> {
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn into_result(self) -> Result<Layout<S, D>> {
        Ok(self)
    }
}

/// A type with no value. Each operation with a second operand has one
/// impl for it beside the real one, so that the compiler waits until it
/// knows the second operand's type before it searches the real one's
/// bounds (with a single impl it would search them with the type unknown,
/// and the recursive bounds would overflow).
#[derive(Clone, Copy, Debug)]
pub enum Unreachable {}

#[cfg(all(test, feature = "dynamic"))]
mod tests;
