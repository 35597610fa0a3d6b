//! # cute-static
//!
//! CuTe layouts whose shapes and strides are types: frunk HLists of typenum
//! integers, with dynamic (`i64`) leaves allowed beside static ones, as CuTe
//! C++ mixes `Int<N>` and `int`. The compiler checks congruence and the
//! algebra's divisibility rules, and evaluation folds to constants.
#![cfg_attr(not(feature = "dynamic"), no_std)]
#![forbid(unsafe_code)]
