//! # cute-core
//!
//! The vocabulary shared by every flavour of CuTe layout in this workspace.
//!
//! A CuTe layout is a function from coordinates to offsets, written
//! `Shape:Stride`. Two crates implement it: `cute-dynamic`, whose shapes and
//! strides are run-time trees, and `cute-static`, whose shapes and strides are
//! types. This crate holds what both speak:
//!
//! - [`int`]: the integer leaf, an integer that may be known at compile time
//!   (typenum's unsigned integers are static, `i64` is dynamic), with the
//!   arithmetic that keeps static x static static;
//! - [`error`]: the error type, whose every variant maps to one of the
//!   specification's error classes;
//! - [`bridge`]: the trait every layout implements, whatever its flavour;
//! - [`kernel`]: the rules of the algebra (composition's walk, the
//!   coalescer, the complement's chain, evaluation over the extended
//!   domain), written once over the integers;
//! - [`sym`] (with the `alloc` feature): the symbolic integer [`Sym`], an
//!   expression over named sizes that is a dynamic integer leaf, decides what
//!   its assumptions settle, prints as sympy does and writes index code.
//!
//! The crate is `#![no_std]`. With the default `alloc` feature, error messages
//! carry formatted text naming the offending values; without it they carry
//! static text only.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod bridge;
pub mod error;
pub mod fastdiv;
pub mod int;
pub mod kernel;
#[cfg(feature = "alloc")]
pub mod sym;

pub use bridge::LayoutLike;
pub use error::{Error, ErrorClass, Message, Operand, Result};
pub use fastdiv::FastDivmod;
pub use int::{
    checked, BoolLeaf, DynInt, IntAdd, IntCeilDiv, IntCmp, IntDiv, IntDivides, IntGcd, IntLeaf,
    IntMax, IntMin, IntMul, IntRem, IntSub, KnownInt,
};
#[cfg(feature = "alloc")]
pub use sym::Sym;
