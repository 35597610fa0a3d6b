//! # cute-dynamic
//!
//! Run-time CuTe layouts with every feature of the PyCuTe specification.
//!
//! A layout is a function from coordinates to offsets, written `Shape:Stride`:
//! both are hierarchical tuples of the same profile. Here they are run-time
//! trees ([`htuple::HTuple`]); stride leaves may be integers, arithmetic
//! tuples (coordinate strides, `E(0)`) or [`swizzle::F2`] values (XOR
//! swizzles).
//!
//! The modules mirror the specification's: [`htuple`], [`typedefs`],
//! [`stride`], [`shape`], [`atuple`], [`layout`], [`swizzle`], [`algebra`],
//! [`accessor`], [`tensor`], [`alg`] (copy), [`viz`] (printing and drawing);
//! beside them, [`evaluator`] (fast evaluation of integer layouts) and
//! [`codegen`] (a layout's offset as C, CUDA or Rust source). The evaluator
//! of the language the specification's examples are written in is the crate
//! `cute-expr`.
//!
//! A [`Layout`] is generic over its integers: `Layout` is `Layout<i64>`, and
//! `Layout<cute_core::Sym>` is a layout over symbolic sizes, `(M, K):(1, ld)`,
//! which the same algebra divides, composes and inverts, deciding each
//! condition from the symbols' assumptions (see [`layout`]).
//!
//! ```
//! use cute_dynamic::layout::Layout;
//! let a: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
//! assert_eq!(format!("{a:?}"), "Layout((3, (2, 4)), (2, (1, 6)))");
//! ```
// `unsafe` is denied everywhere but in `accessor::ptr`, the raw-pointer
// accessor, and in a layout's storage (`layout::leaves`, the copy of leaves
// that own nothing; `layout::tokens`, the bytes of the inline profile),
// each of which states its safety contract.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub use cute_core::{Error, ErrorClass, Result};

pub mod accessor;
pub mod alg;
pub mod algebra;
pub mod atom;
pub mod atuple;
pub mod banks;
pub mod codegen;
pub mod evaluator;
pub mod htuple;
pub mod layout;
pub mod shape;
pub mod stride;
pub mod swizzle;
pub mod tensor;
pub mod typedefs;
pub mod viz;

pub use atuple::{ArithTuple, V};
pub use evaluator::Evaluator;
pub use htuple::{HTuple, IntTuple};
pub use layout::Layout;
pub use shape::Coord;
pub use swizzle::{Swizzle, F2};
pub use tensor::Tensor;
pub use typedefs::{Scalar, Stride};
