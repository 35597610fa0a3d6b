//! CuTe C++'s regroupings of the divides and products: [`tiled_divide`],
//! [`flat_divide`], [`zipped_product`], [`tiled_product`] and
//! [`flat_product`], and the zip they are made of, [`zip2_by`].
//!
//! A divide or a product by a tuple tiler works mode by mode: mode `i` of
//! the result is a pair, the tile and the rest of mode `i` of A
//! (`(A_i o T_i, rest_i)` for a divide, `(A_i, copies_i)` for a product).
//! The zipped forms gather the first parts into one mode and the second
//! parts into another; the tiled and flat forms then unpack those modes
//! into the top level:
//!
//! | operation | result |
//! |---|---|
//! | [`zipped_divide`](super::zipped_divide)`(A, T)` | `((tile_0, tile_1, ...), (rest_0, rest_1, ...))` |
//! | [`tiled_divide`]`(A, T)` | `((tile_0, tile_1, ...), rest_0, rest_1, ...)` |
//! | [`flat_divide`]`(A, T)` | `(tile_0, tile_1, ..., rest_0, rest_1, ...)` |
//! | [`zipped_product`]`(A, T)` | `((A_0, A_1, ...), (R_0, R_1, ..., A_k, ...))` |
//! | [`tiled_product`]`(A, T)` | `((A_0, A_1, ...), R_0, R_1, ..., A_k, ...)` |
//! | [`flat_product`]`(A, T)` | `(A_0, A_1, ..., R_0, R_1, ..., A_k, ...)` |
//!
//! A part is unpacked into its modes only if it is a tuple of two or more
//! modes; a leaf, or a tuple of one mode, stays one mode, as it is (CuTe
//! C++ slices a part with `repeat<rank>(_)`, and `repeat<1>(_)` is `_`,
//! which keeps the part): `tiled_divide(16:3, (2,))` is
//! `((2,), (8,)):((3,), (6,))`. A tiler that is not a tuple divides or
//! multiplies A as one layout, whose result is already the pair `(tile,
//! rest)`.
//!
//! Each regrouping only renests its zipped result: the layouts are the same
//! function of the index, with the same size.
//!
//! ```
//! use cute_dynamic::algebra::{flat_divide, tiled_divide, tiled_product, zipped_product};
//! use cute_dynamic::{layout::Tiler, Layout};
//! # fn main() -> cute_dynamic::Result<()> {
//! let a: Layout = "(4096, 4096):(1, 4096)".parse()?;
//! assert_eq!(tiled_divide(&a, (128, 64))?.to_string(),
//!            "((128, 64), 32, 64):((1, 4096), 128, 262144)");
//! assert_eq!(flat_divide(&a, (128, 64))?.to_string(),
//!            "(128, 64, 32, 64):(1, 4096, 128, 262144)");
//! let tile: Layout = "(2, 5):(5, 1)".parse()?;
//! let (r, c): (Layout, Layout) = ("3:1".parse()?, "4:1".parse()?);
//! assert_eq!(zipped_product(&tile, (&r, &c))?.to_string(),
//!            "((2, 5), (3, 4)):((5, 1), (1, 5))");
//! assert_eq!(tiled_product(&tile, (&r, &c))?.to_string(), "((2, 5), 3, 4):((5, 1), 1, 5)");
//! // a None entry keeps its mode as the tile, with the copies 1:0
//! assert_eq!(zipped_product(&tile, (Tiler::None, &r))?.to_string(),
//!            "((2, 5), (1, 3)):((5, 1), (0, 5))");
//! # Ok(())
//! # }
//! ```

mod divides;
mod products;
mod regroup;
mod zip2;

#[cfg(test)]
mod props;
#[cfg(test)]
mod tests;

pub use divides::{
    flat_divide, flat_divide_at, flat_divide_identity, tiled_divide, tiled_divide_at,
    tiled_divide_identity,
};
pub use products::{
    flat_product, flat_product_at, tiled_product, tiled_product_at, zipped_product,
    zipped_product_at,
};
pub use zip2::{zip2_by, KeepIn};
