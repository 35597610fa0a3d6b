//! The compile error for a `Result` where a layout is expected.
//!
//! A layout with a dynamic leaf is checked when it is built, so `layout!`
//! with a `{expr}` or a bare name returns a `cute_core::Result`, and so do
//! the algebra's operations on mixed operands. Passing that `Result` on
//! without unwrapping it is an easy slip; the traits of the algebra and of
//! the partitions are therefore implemented for `Result<Layout<S, D>>`
//! under a bound that never holds, a trait of this module implemented for
//! `B1` only and required of `B0`, so that the compiler's error names the
//! slip:
//!
//! ```text
//! error[E0277]: CuTe: this is a `Result` (a `layout!` with a dynamic leaf returns one):
//!               unwrap it with `?` or `.unwrap()` before partitioning it
//! ```
//!
//! ```compile_fail
//! use cute_static::{layout, local_partition};
//! let m = 128;
//! let tile = layout!((m, 8)); // a Result: m is a run-time extent
//! let _ = local_partition(tile, layout!((16, 8)), 0);
//! ```
//! ```
//! use cute_static::{layout, local_partition};
//! # fn main() -> Result<(), cute_core::Error> {
//! let m = 128;
//! let tile = layout!((m, 8))?;
//! let (off, mine) = local_partition(tile, layout!((16, 8)), 0)?;
//! assert_eq!((off, mine.to_string()), (0, "(8,_1):(_16,_0)".to_string()));
//! # Ok(())
//! # }
//! ```
//!
//! The impls' functions are never called (their bound cannot be met); they
//! return a `TypeError`.

use cute_core::{Error, Result};
use typenum::{B0, B1};

use crate::algebra::{
    BlockedProduct, Coalesce, CoalesceBy, CoalesceZ, CoalesceZBy, Complement, Composition,
    FlatDivide, FlatProduct, IntoTiler, LeftInverse, LogicalDivide, LogicalProduct, RakedProduct,
    RankProductWith, RightInverse, TiledDivide, TiledProduct, ZippedDivide, ZippedProduct,
};
use crate::htuple::HTuple;
use crate::layout::Layout;
use crate::partition::{LocalPartition, Partition, Slice};
use frunk_core::hlist::HNil;
use typenum::U1;

/// The error the impls for `Result` would return if they could be called.
#[cold]
fn not_a_layout(op: &'static str) -> Error {
    Error::type_error(
        op,
        "a Result is not a layout: unwrap it with `?` or `.unwrap()` first",
    )
}

macro_rules! hint {
    ($(#[$doc:meta])* $name:ident, $msg:literal) => {
        $(#[$doc])*
        #[diagnostic::on_unimplemented(
            message = $msg,
            label = "this is a `Result<{L}>`, not a layout",
            note = "a layout with a dynamic leaf is checked when it is built, so `layout!` with a `{{expr}}` leaf or a bare name returns a `Result`, as do the algebra's operations on such layouts"
        )]
        pub trait $name<L> {}
        impl<L> $name<L> for B1 {}
    };
}

hint!(
    /// A `Result` where a layout to partition is expected.
    UnwrapBeforePartitioning,
    "CuTe: this is a `Result` (a `layout!` with a dynamic leaf returns one): unwrap it with `?` or `.unwrap()` before partitioning it"
);
hint!(
    /// A `Result` where a layout to slice is expected.
    UnwrapBeforeSlicing,
    "CuTe: this is a `Result` (a `layout!` with a dynamic leaf returns one): unwrap it with `?` or `.unwrap()` before slicing it"
);
hint!(
    /// A `Result` where a thread layout is expected.
    UnwrapThreadsBeforePartitioning,
    "CuTe: the thread layout is a `Result` (a `layout!` with a dynamic leaf returns one): unwrap it with `?` or `.unwrap()` before partitioning by it"
);
hint!(
    /// A `Result` as the second operand of the algebra (a tiler, a
    /// product's grid) or a partition's tiler.
    UnwrapOperand,
    "CuTe: this operand is a `Result` (a `layout!` with a dynamic leaf returns one): unwrap it with `?` or `.unwrap()` before passing it to the algebra"
);
hint!(
    /// A `Result` as the first operand of a composition.
    UnwrapBeforeComposing,
    "CuTe: this is a `Result` (a `layout!` with a dynamic leaf returns one): unwrap it with `?` or `.unwrap()` before composing it"
);
hint!(
    /// A `Result` as the layout to coalesce.
    UnwrapBeforeCoalescing,
    "CuTe: this is a `Result` (a `layout!` with a dynamic leaf returns one): unwrap it with `?` or `.unwrap()` before coalescing it"
);
hint!(
    /// A `Result` as the layout to complement.
    UnwrapBeforeComplementing,
    "CuTe: this is a `Result` (a `layout!` with a dynamic leaf returns one): unwrap it with `?` or `.unwrap()` before taking its complement"
);
hint!(
    /// A `Result` as the layout to invert.
    UnwrapBeforeInverting,
    "CuTe: this is a `Result` (a `layout!` with a dynamic leaf returns one): unwrap it with `?` or `.unwrap()` before taking its inverse"
);
hint!(
    /// A `Result` as the layout to divide.
    UnwrapBeforeDividing,
    "CuTe: this is a `Result` (a `layout!` with a dynamic leaf returns one): unwrap it with `?` or `.unwrap()` before dividing it"
);
hint!(
    /// A `Result` as the first operand of a product.
    UnwrapBeforeMultiplying,
    "CuTe: this is a `Result` (a `layout!` with a dynamic leaf returns one): unwrap it with `?` or `.unwrap()` before multiplying it"
);

/// The `Result` of a layout.
type Res<S, D> = Result<Layout<S, D>>;

// ------------------------------------------------------------------ partitions

impl<S, D, T, C, W> Partition<T, C, W> for Res<S, D>
where
    S: HTuple,
    D: HTuple,
    B0: UnwrapBeforePartitioning<Layout<S, D>>,
{
    type Output = Layout<S, D>;
    fn partition(self, _: T, _: C) -> Result<(i64, Layout<S, D>)> {
        Err(not_a_layout("partition"))
    }
}

impl<S, D, C> Slice<C> for Res<S, D>
where
    S: HTuple,
    D: HTuple,
    B0: UnwrapBeforeSlicing<Layout<S, D>>,
{
    type Output = ();
    fn slice(self, _: C) {}
    fn offset_and_slice(self, _: C) -> (i64, ()) {
        (0, ())
    }
    fn try_offset_and_slice(self, _: C) -> Result<(i64, ())> {
        Err(not_a_layout("offset_and_slice"))
    }
}

impl<S, D, Thr, W> LocalPartition<Thr, W> for Res<S, D>
where
    S: HTuple,
    D: HTuple,
    B0: UnwrapBeforePartitioning<Layout<S, D>>,
{
    type Output = Layout<S, D>;
    fn local_partition(self, _: Thr, _: i64) -> Result<(i64, Layout<S, D>)> {
        Err(not_a_layout("local_partition"))
    }
}

/// `B0` for every hierarchical tuple, as a projection the compiler resolves
/// only once it knows the tuple. The impl for a `Result` thread layout
/// requires it of the thread layout's shape, so that the compiler does not
/// discard that impl while the thread layout's type is still unknown (it
/// would then take the thread layout for a `Layout` and report a type
/// mismatch instead of the hint).
pub trait Falsity {
    /// `B0`.
    type Bit;
}
impl Falsity for typenum::UTerm {
    type Bit = B0;
}
impl<U, B> Falsity for typenum::UInt<U, B> {
    type Bit = B0;
}
impl Falsity for i64 {
    type Bit = B0;
}
impl Falsity for HNil {
    type Bit = B0;
}
impl<H, T> Falsity for frunk_core::hlist::HCons<H, T> {
    type Bit = B0;
}

impl<S, D, TS, TD, W> LocalPartition<Res<TS, TD>, W> for Layout<S, D>
where
    S: HTuple,
    D: HTuple,
    TS: HTuple + Falsity,
    TD: HTuple,
    TS::Bit: UnwrapThreadsBeforePartitioning<Layout<TS, TD>>,
{
    type Output = Layout<S, D>;
    fn local_partition(self, _: Res<TS, TD>, _: i64) -> Result<(i64, Layout<S, D>)> {
        Err(not_a_layout("local_partition"))
    }
}

// ------------------------------------------------------------------ tilers

/// Never converted: the bound cannot be met. (The tiler `1`, which every
/// operation accepts, keeps the compiler from reporting more than the
/// hint.)
impl<S, D> IntoTiler for Res<S, D>
where
    S: HTuple,
    D: HTuple,
    B0: UnwrapOperand<Layout<S, D>>,
{
    type Tiler = U1;
    fn into_tiler(self) -> U1 {
        U1::new()
    }
}

/// A `Result` as the grid of a blocked or raked product.
impl<S, D, SB, DB, O> RankProductWith<S, D, O> for Res<SB, DB>
where
    S: HTuple,
    SB: HTuple,
    DB: HTuple,
    B0: UnwrapOperand<Layout<SB, DB>>,
{
    type Output = Layout<SB, DB>;
    type Ret = Res<SB, DB>;
    fn rank_product_with(self, _: Layout<S, D>) -> Res<SB, DB> {
        Err(not_a_layout("blocked_product"))
    }
}

// ------------------------------------------------------------------ the algebra

/// An operation with a second operand, for a `Result` first operand.
macro_rules! binary {
    ($tr:ident, $method:ident, $hint:ident) => {
        impl<S: HTuple, D: HTuple, B> $tr<B> for Res<S, D>
        where
            B0: $hint<Layout<S, D>>,
        {
            type Output = Layout<S, D>;
            type Ret = Res<S, D>;
            fn $method(self, _: B) -> Res<S, D> {
                Err(not_a_layout(stringify!($method)))
            }
        }
    };
}
/// An operation of one operand, for a `Result`.
macro_rules! unary {
    ($tr:ident, $method:ident, $hint:ident) => {
        impl<S: HTuple, D: HTuple> $tr for Res<S, D>
        where
            B0: $hint<Layout<S, D>>,
        {
            type Output = Layout<S, D>;
            type Ret = Res<S, D>;
            fn $method(self) -> Res<S, D> {
                Err(not_a_layout(stringify!($method)))
            }
        }
    };
}

binary!(Composition, composition, UnwrapBeforeComposing);
unary!(Coalesce, coalesce, UnwrapBeforeCoalescing);
binary!(CoalesceBy, coalesce_by, UnwrapBeforeCoalescing);
unary!(CoalesceZ, coalesce_z, UnwrapBeforeCoalescing);
binary!(CoalesceZBy, coalesce_z_by, UnwrapBeforeCoalescing);
binary!(Complement, complement, UnwrapBeforeComplementing);
unary!(RightInverse, right_inverse, UnwrapBeforeInverting);
unary!(LeftInverse, left_inverse, UnwrapBeforeInverting);
binary!(LogicalDivide, logical_divide, UnwrapBeforeDividing);
binary!(ZippedDivide, zipped_divide, UnwrapBeforeDividing);
binary!(TiledDivide, tiled_divide, UnwrapBeforeDividing);
binary!(FlatDivide, flat_divide, UnwrapBeforeDividing);
binary!(LogicalProduct, logical_product, UnwrapBeforeMultiplying);
binary!(ZippedProduct, zipped_product, UnwrapBeforeMultiplying);
binary!(TiledProduct, tiled_product, UnwrapBeforeMultiplying);
binary!(FlatProduct, flat_product, UnwrapBeforeMultiplying);
binary!(BlockedProduct, blocked_product, UnwrapBeforeMultiplying);
binary!(RakedProduct, raked_product, UnwrapBeforeMultiplying);
