//! The layout algebra: coalesce, composition, complement, inverses, products
//! and divides (Whitepaper, §3).
//!
//! Every operation takes layouts whose strides are integers, arithmetic
//! tuples (coordinate codomains) or F2 values (swizzles), and gives exactly
//! the layout the specification gives: same shape, same stride, same nesting.

mod coalesce;
mod complement;
mod composition;
mod detail;
mod divide;
#[cfg(test)]
mod flat_props;
mod gcd;
mod inverse;
mod layout_add;
mod nullspace;
mod product;
#[cfg(test)]
pub(crate) mod testkit;

pub use coalesce::*;
pub use complement::*;
pub use composition::*;
pub use divide::*;
pub use gcd::*;
pub use inverse::*;
pub use layout_add::*;
pub use nullspace::*;
pub use product::*;

/// The algebra's test kit, by the name its tests use.
#[cfg(test)]
pub(crate) use testkit as testing;
