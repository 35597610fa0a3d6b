//! Partitions, as kernels use them: which part of a layout (or tensor) a
//! thread block or a thread works on.
//!
//! Each function divides a layout by a tiler with
//! [`zipped_divide`], giving
//! `((tile), (rest))`, then fixes one of the two modes with a coordinate and
//! keeps the other (CuTe C++'s `tensor_impl.hpp`, same names, same
//! semantics):
//!
//! - [`inner_partition`] / [`local_tile`]: fix the *rest* mode at `coord`:
//!   the tile at tile coordinate `coord` (a thread block's tile);
//! - [`outer_partition`]: fix the *tile* mode at `coord`: element `coord`
//!   of every tile (a thread's elements, one per tile);
//! - [`local_partition`]: [`outer_partition`] by the shape of a thread
//!   layout, at the coordinate of one thread in it.
//!
//! The result is the offset of the fixed part and the layout of the kept
//! part: `layout(crd) == offset + result(crd')` for the coordinates the
//! partition keeps. [`Tensor`](super::Tensor) has the same functions as
//! methods, which return views.
//!
//! A coordinate given as a tuple names modes of the fixed part from the
//! first; the modes it does not reach are kept whole (CuTe's
//! `append<R>(coord, _)`), and a `None` inside it keeps that mode too. An
//! integral coordinate indexes the fixed mode as a whole.

use cute_core::{Error, Result};

use crate::algebra::zipped_divide;
use crate::htuple::{HTuple, IntTuple};
use crate::layout::{Layout, Tiler};
use crate::shape::{crd2idx, in_bounds, Coord};
use crate::typedefs::Scalar;

/// The slicing coordinate of one mode of a zipped layout: `None` for every
/// top-level sub-mode (CuTe's `repeat<R>(_)`).
fn keep_all(mode: &IntTuple) -> Coord {
    match mode {
        HTuple::Leaf(_) => HTuple::Leaf(None),
        HTuple::Tuple(c) => HTuple::Tuple(vec![HTuple::Leaf(None); c.len()]),
    }
}

/// The slicing coordinate that fixes a mode at `coord`: an integral coordinate
/// as it is, a tuple padded with `None` up to the mode's rank (CuTe's
/// `append<R>(coord, _)`).
fn fix(op: &'static str, mode: &IntTuple, coord: &Coord) -> Result<Coord> {
    match (mode, coord) {
        (_, HTuple::Leaf(_)) => Ok(coord.clone()),
        // a 1-tuple facing a leaf mode: its one entry
        (HTuple::Leaf(_), HTuple::Tuple(c)) if c.len() == 1 => Ok(c[0].clone()),
        (HTuple::Leaf(_), HTuple::Tuple(c)) => Err(Error::RankMismatch {
            op,
            msg: format!(
                "the coordinate {} has {} modes, the mode it indexes, {mode}, has 1",
                crate::shape::CoordDisplay(coord),
                c.len()
            ),
        }),
        (HTuple::Tuple(m), HTuple::Tuple(c)) => {
            if c.len() > m.len() {
                return Err(Error::RankMismatch {
                    op,
                    msg: format!(
                        "the coordinate {} has {} modes, the mode it indexes, {mode}, has {}",
                        crate::shape::CoordDisplay(coord),
                        c.len(),
                        m.len()
                    ),
                });
            }
            let mut out = c.clone();
            out.resize(m.len(), HTuple::Leaf(None));
            Ok(HTuple::Tuple(out))
        }
    }
}

/// `zipped_divide(layout, tiler)`, checked to be `((tile), (rest))`.
fn zipped(
    op: &'static str,
    layout: &Layout,
    tiler: &Tiler,
) -> Result<(Layout, IntTuple, IntTuple)> {
    let z = zipped_divide(Some(layout), tiler, &[])?;
    match z.shape().as_tuple() {
        Some([tile, rest]) => {
            let (tile, rest) = (tile.clone(), rest.clone());
            Ok((z, tile, rest))
        }
        _ => Err(Error::value(
            op,
            format!("zipped_divide({layout}, {tiler:?}) = {z} is not (tile, rest)"),
        )),
    }
}

/// Slices `z` at `crd`, checking that the named part is in bounds.
fn slice_at(op: &'static str, z: &Layout, crd: Coord) -> Result<(Scalar, Layout)> {
    if !in_bounds(&crd, z.shape())? {
        return Err(Error::OutOfRange {
            op,
            msg: format!(
                "coordinate {} is outside {}",
                crate::shape::CoordDisplay(&crd),
                z.shape()
            ),
        });
    }
    z.offset_and_slice(&crd)
}

/// CuTe's `inner_partition(layout, tiler, coord)`: everything inside the
/// tile at tile coordinate `coord`. The layout is divided into
/// `((tile), (rest))` by [`zipped_divide`], and the rest mode is fixed at
/// `coord`.
///
/// # Pre-conditions
/// `tiler` divides `layout` as [`zipped_divide`] requires; `coord` is a
/// coordinate of the rest mode (an integer, or a tuple of at most its
/// rank, `None` entries keeping their mode).
///
/// # Post-conditions
/// With `(off, t) = result`: `shape(t)` is the tile's shape (followed by the
/// rest modes `coord` leaves `None`), and `off + t(j) == z((j, coord))` for
/// `z = zipped_divide(layout, tiler)`.
///
/// # Errors
/// As [`zipped_divide`]; `ValueError` if `coord` has more modes than the rest
/// mode; `IndexError` if it lies outside it.
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::partition::inner_partition;
/// use cute_dynamic::layout::Tiler;
/// use cute_dynamic::{Coord, Layout, Scalar};
/// let a: Layout = "(8, 6):(1, 8)".parse().unwrap();
/// let tiler = Tiler::Tuple(vec![Tiler::Int(4), Tiler::Int(3)]);
/// let (off, tile) = inner_partition(&a, &tiler, &"(1, 1)".parse::<Coord>().unwrap()).unwrap();
/// assert_eq!((off, tile.to_string()), (Scalar::Int(4 + 3 * 8), "(4, 3):(1, 8)".to_string()));
/// assert!(inner_partition(&a, &tiler, &"(2, 0)".parse::<Coord>().unwrap()).is_err());
/// ```
pub fn inner_partition(layout: &Layout, tiler: &Tiler, coord: &Coord) -> Result<(Scalar, Layout)> {
    const OP: &str = "inner_partition";
    let (z, tile, rest) = zipped(OP, layout, tiler)?;
    let crd = HTuple::Tuple(vec![keep_all(&tile), fix(OP, &rest, coord)?]);
    slice_at(OP, &z, crd)
}

/// CuTe's `local_tile(layout, tiler, coord)`: the tile of `tiler`'s shape
/// at tile coordinate `coord`; the same as [`inner_partition`]. A thread
/// block takes its tile of a matrix this way.
///
/// # Errors
/// As [`inner_partition`].
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::partition::local_tile;
/// use cute_dynamic::layout::Tiler;
/// use cute_dynamic::{Coord, Layout, Scalar};
/// // a 128 x 64 row-major matrix, 32 x 16 tiles: tile (2, 3)
/// let a: Layout = "(128, 64):(64, 1)".parse().unwrap();
/// let t = Tiler::Tuple(vec![Tiler::Int(32), Tiler::Int(16)]);
/// let (off, tile) = local_tile(&a, &t, &"(2, 3)".parse::<Coord>().unwrap()).unwrap();
/// assert_eq!(off, Scalar::Int(2 * 32 * 64 + 3 * 16));
/// assert_eq!(tile.to_string(), "(32, 16):(64, 1)");
/// // the tile coordinate may leave a mode whole: every tile of row 2
/// let (_, row) = local_tile(&a, &t, &"(2, None)".parse::<Coord>().unwrap()).unwrap();
/// assert_eq!(row.to_string(), "(32, 16, 4):(64, 1, 16)");
/// ```
pub fn local_tile(layout: &Layout, tiler: &Tiler, coord: &Coord) -> Result<(Scalar, Layout)> {
    inner_partition(layout, tiler, coord)
}

/// CuTe's `outer_partition(layout, tiler, coord)`: the element at tile
/// coordinate `coord` of every tile. The layout is divided into
/// `((tile), (rest))` by [`zipped_divide`], and the tile mode is fixed at
/// `coord`.
///
/// # Pre-conditions
/// As [`inner_partition`], `coord` a coordinate of the tile mode.
///
/// # Post-conditions
/// With `(off, t) = result`: `shape(t)` is the shape of the rest mode, and
/// `off + t(j) == z((coord, j))` for `z = zipped_divide(layout, tiler)`.
///
/// # Errors
/// As [`inner_partition`].
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::partition::outer_partition;
/// use cute_dynamic::layout::Tiler;
/// use cute_dynamic::{Coord, Layout, Scalar};
/// let a: Layout = "(8, 6):(1, 8)".parse().unwrap();
/// let tiler = Tiler::Tuple(vec![Tiler::Int(4), Tiler::Int(3)]);
/// let (off, mine) = outer_partition(&a, &tiler, &"(1, 2)".parse::<Coord>().unwrap()).unwrap();
/// assert_eq!((off, mine.to_string()), (Scalar::Int(1 + 2 * 8), "(2, 2):(4, 24)".to_string()));
/// ```
pub fn outer_partition(layout: &Layout, tiler: &Tiler, coord: &Coord) -> Result<(Scalar, Layout)> {
    const OP: &str = "outer_partition";
    let (z, tile, rest) = zipped(OP, layout, tiler)?;
    let crd = HTuple::Tuple(vec![fix(OP, &tile, coord)?, keep_all(&rest)]);
    slice_at(OP, &z, crd)
}

/// CuTe's `Layout::get_flat_coord(index)`: the flat coordinate (one integer
/// per top-level mode) of the thread `index` in the thread layout
/// `threads`. Each leaf `e:s` takes the coordinate `(index / s) mod e`
/// (CuTe's `idx2crd(index, shape, stride)`; a stride-0 leaf takes 0), and
/// each top-level mode gathers its leaves colexicographically.
///
/// # Post-conditions
/// For a compact injective `threads`, `threads(result) == index` when
/// `0 <= index < size(threads)`.
///
/// # Errors
/// `ValueError` for a negative `index`, or for a stride that is not a
/// non-negative integer.
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::partition::flat_coord;
/// use cute_dynamic::{IntTuple, Layout};
/// let threads: Layout = "(2, 16):(16, 1)".parse().unwrap(); // row-major
/// assert_eq!(flat_coord(&threads, 17).unwrap(), "(1, 1)".parse::<IntTuple>().unwrap());
/// let nested: Layout = "((2, 2), 4):((1, 8), 2)".parse().unwrap();
/// assert_eq!(flat_coord(&nested, 13).unwrap(), "(3, 2)".parse::<IntTuple>().unwrap());
/// assert!(flat_coord(&threads, -1).is_err());
/// ```
pub fn flat_coord(threads: &Layout, index: i64) -> Result<IntTuple> {
    const OP: &str = "local_partition";
    if index < 0 {
        return Err(Error::value(
            OP,
            format!("thread index {index} is negative"),
        ));
    }
    let leaf_coord = |e: i64, d: &Scalar| -> Result<i64> {
        match d {
            Scalar::Int(0) => Ok(0),
            Scalar::Int(s) if *s > 0 && e > 0 => Ok((index / s) % e),
            other => Err(Error::value(
                OP,
                format!("thread layout {threads} has the stride {other}; thread layouts take positive integer strides"),
            )),
        }
    };
    fn natural(
        s: &IntTuple,
        d: &crate::typedefs::Stride,
        leaf: &impl Fn(i64, &Scalar) -> Result<i64>,
    ) -> Result<IntTuple> {
        match (s, d) {
            (HTuple::Leaf(e), HTuple::Leaf(d)) => Ok(HTuple::Leaf(leaf(*e, d)?)),
            (HTuple::Tuple(ss), HTuple::Tuple(ds)) => Ok(HTuple::Tuple(
                ss.iter()
                    .zip(ds)
                    .map(|(s, d)| natural(s, d, leaf))
                    .collect::<Result<_>>()?,
            )),
            _ => Err(Error::NotCongruent {
                op: "local_partition",
                msg: format!("shape {s} and stride {d}"),
            }),
        }
    }
    let mode_coord = |s: &IntTuple, d: &crate::typedefs::Stride| -> Result<i64> {
        crd2idx(&natural(s, d, &leaf_coord)?, s)
    };
    match (threads.shape(), threads.stride()) {
        (HTuple::Tuple(ss), HTuple::Tuple(ds)) => Ok(HTuple::Tuple(
            ss.iter()
                .zip(ds)
                .map(|(s, d)| mode_coord(s, d).map(HTuple::Leaf))
                .collect::<Result<_>>()?,
        )),
        (s, d) => Ok(HTuple::Leaf(mode_coord(s, d)?)),
    }
}

/// CuTe's `local_partition(layout, threads, index)`: the elements thread
/// `index` owns when the thread layout `threads` is tiled over `layout`.
/// The layout is divided by the shape of `threads`, mode by mode, and each
/// tile gives the thread its element at the thread's coordinate
/// ([`flat_coord`]): [`outer_partition`] with `tiler =
/// product_each(shape(threads))` and `coord = flat_coord(threads, index)`.
///
/// # Pre-conditions
/// Each mode of `threads` divides the matching mode of `layout`; `threads`
/// has non-negative integer strides.
///
/// # Post-conditions
/// With `(off, t) = result`: `size(t) == size(layout) / size(threads)`;
/// over all threads of a compact `threads`, the partitions cover every
/// offset of `layout` exactly once.
///
/// # Errors
/// As [`flat_coord`] and [`outer_partition`].
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::partition::local_partition;
/// use cute_dynamic::{Layout, Scalar};
/// // CuTe's example: a 16 x 64 tile, threads (2, 16) column-major: thread 3 is (1, 1)
/// let data: Layout = "(16, 64):(1, 16)".parse().unwrap();
/// let threads: Layout = "(2, 16):(1, 2)".parse().unwrap();
/// let (off, mine) = local_partition(&data, &threads, 3).unwrap();
/// assert_eq!(off, Scalar::Int(1 + 16));
/// assert_eq!(mine.to_string(), "(8, 4):(2, 256)");
/// assert!(local_partition(&data, &threads, -1).is_err());
/// ```
pub fn local_partition(layout: &Layout, threads: &Layout, index: i64) -> Result<(Scalar, Layout)> {
    let coord = flat_coord(threads, index)?;
    let tiler = match threads.shape() {
        HTuple::Tuple(ss) => Tiler::Tuple(
            ss.iter()
                .map(|s| crate::htuple::product(s).map(Tiler::Int))
                .collect::<Result<_>>()?,
        ),
        s => Tiler::Int(crate::htuple::product(s)?),
    };
    outer_partition(layout, &tiler, &crate::shape::to_coord(&coord))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(s: &str) -> Layout {
        s.parse().unwrap()
    }
    fn c(s: &str) -> Coord {
        s.parse().unwrap()
    }
    fn ints(ts: &[i64]) -> Tiler {
        Tiler::Tuple(ts.iter().map(|&t| Tiler::Int(t)).collect())
    }

    /// Every offset of `a` is reached by exactly one thread.
    fn assert_covers(a: &Layout, threads: &Layout) {
        let n = a.size().unwrap();
        let mut seen = vec![0u32; a.cosize().unwrap() as usize];
        for t in 0..threads.size().unwrap() {
            let (off, p) = local_partition(a, threads, t).unwrap();
            assert_eq!(p.size().unwrap() * threads.size().unwrap(), n);
            for j in 0..p.size().unwrap() {
                let o = off.as_int().unwrap() + p.call_int(j).unwrap();
                seen[o as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&k| k == 1), "{a} by {threads}: {seen:?}");
    }

    // The expected values below were printed by CuTe C++ (cute/tensor.hpp,
    // CUTLASS 4.2) for the same calls on make_layout / make_identity_tensor.

    #[test]
    fn test_local_tile_like_cute() {
        // local_tile(make_layout(make_shape(128, 64)), Shape<_32,_16>, (2, 3))
        let a = l("(128, 64):(1, 128)");
        let (off, t) = local_tile(&a, &ints(&[32, 16]), &c("(2, 3)")).unwrap();
        assert_eq!((off, t), (Scalar::Int(6208), l("(32, 16):(1, 128)")));
        // with an underscore: (2, _)
        let (off, t) = local_tile(&a, &ints(&[32, 16]), &c("(2, None)")).unwrap();
        assert_eq!((off, t), (Scalar::Int(64), l("(32, 16, 4):(1, 128, 2048)")));
        // integral tile coordinate 5 of the (4, 4) tiles: (1, 1)
        let (off, t) = local_tile(&a, &ints(&[32, 16]), &c("5")).unwrap();
        assert_eq!((off, t), (Scalar::Int(2080), l("(32, 16):(1, 128)")));
        // a rank-3 tensor tiled in its first two modes keeps the third
        let b = l("(8, 8, 3):(1, 8, 64)");
        let (off, t) = local_tile(&b, &ints(&[4, 2]), &c("(1, 2)")).unwrap();
        assert_eq!((off, t), (Scalar::Int(36), l("(4, 2, 3):(1, 8, 64)")));
    }

    #[test]
    fn test_local_partition_like_cute() {
        // local_partition(make_layout(make_shape(_16{}, _64{})), Layout<Shape<_2,_16>>{}, 3)
        let (off, t) = local_partition(&l("(16, 64):(1, 16)"), &l("(2, 16):(1, 2)"), 3).unwrap();
        assert_eq!((off, t), (Scalar::Int(17), l("(8, 4):(2, 256)")));
        // a row-major thread layout: thread 17 is (1, 1)
        let (off, t) = local_partition(&l("(16, 64):(64, 1)"), &l("(2, 16):(16, 1)"), 17).unwrap();
        assert_eq!((off, t), (Scalar::Int(65), l("(8, 4):(128, 16)")));
        // outer_partition(make_layout(make_shape(8, 6)), Shape<_4,_3>, (1, 2))
        let (off, t) = outer_partition(&l("(8, 6):(1, 8)"), &ints(&[4, 3]), &c("(1, 2)")).unwrap();
        assert_eq!((off, t), (Scalar::Int(17), l("(2, 2):(4, 24)")));
        // a nested thread layout over a row-major 8 x 8 tile: thread 13
        let threads = l("((2, 2), 4):((1, 8), 2)");
        let (off, t) = local_partition(&l("(8, 8):(8, 1)"), &threads, 13).unwrap();
        assert_eq!((off, t), (Scalar::Int(26), l("(2, 2):(32, 4)")));
        // local_partition(make_layout((4, 8), LayoutRight), make_layout((2, 4), LayoutRight), 5)
        let (off, t) = local_partition(&l("(4, 8):(8, 1)"), &l("(2, 4):(4, 1)"), 5).unwrap();
        assert_eq!((off, t), (Scalar::Int(9), l("(2, 2):(16, 4)")));
    }

    #[test]
    fn test_partitions_cover() {
        assert_covers(&l("(16, 64):(1, 16)"), &l("(2, 16):(1, 2)"));
        assert_covers(&l("(16, 64):(64, 1)"), &l("(2, 16):(16, 1)"));
        assert_covers(&l("(8, 8):(8, 1)"), &l("((2, 2), 4):((1, 8), 2)"));
        assert_covers(&l("32:1"), &l("8:1"));
    }

    #[test]
    fn test_partition_errors() {
        let a = l("(8, 6):(1, 8)");
        // a tiler larger than the layout
        assert!(inner_partition(&l("(4, 3):(3, 1)"), &Tiler::Layout(l("3:1")), &c("0")).is_err());
        // tile coordinate out of the rest mode (2, 2)
        let e = inner_partition(&a, &ints(&[4, 3]), &c("(0, 2)")).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
        // too many modes
        assert!(outer_partition(&a, &ints(&[4, 3]), &c("(0, 0, 0)")).is_err());
        // a negative thread stride
        assert!(local_partition(&a, &l("(2, 3):(-1, 2)"), 0).is_err());
    }
}
