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
//!   layout, at the coordinate of one thread in it;
//! - [`local_tile_proj`] / [`local_partition_proj`]: the same through a
//!   *projection* (CuTe's `Step<_1, X, _1>`), which keeps only some modes of
//!   a tiler shared by several operands, as a GEMM takes the `(M, K)` part of
//!   an `(M, N, K)` tiler for `A`.
//!
//! The result is the offset of the fixed part and the layout of the kept
//! part: `layout(crd) == offset + result(crd')` for the coordinates the
//! partition keeps. [`Tensor`](super::Tensor) has the same functions as
//! methods, which return views.
//!
//! The partitions take layouts over any integer leaf: the partition of a
//! symbolic layout (`Layout<Sym>`, extents over `M`, `N`) is symbolic, its
//! index code printed by [`crate::codegen`]; a coordinate the symbols do
//! not place inside the tiles is the undecidable condition, named.
//!
//! A coordinate given as a tuple names modes of the fixed part from the
//! first; the modes it does not reach are kept whole (CuTe's
//! `append<R>(coord, _)`), and a `None` inside it keeps that mode too. An
//! integral coordinate indexes the fixed mode as a whole.

use cute_core::{DynInt, Error, Result};

use crate::algebra::zipped_divide;
use crate::htuple::{HTuple, IntTuple};
use crate::layout::{Layout, Tiler};
use crate::shape::{crd2idx, in_bounds, Coord, CoordLeaf};
use crate::typedefs::Scalar;

/// The slicing coordinate of one mode of a zipped layout: `None` for every
/// top-level sub-mode (CuTe's `repeat<R>(_)`).
fn keep_all<I: DynInt>(mode: &HTuple<I>) -> Coord<I> {
    match mode {
        HTuple::Leaf(_) => HTuple::Leaf(None),
        HTuple::Tuple(c) => HTuple::Tuple(vec![HTuple::Leaf(None); c.len()]),
    }
}

/// The slicing coordinate that fixes a mode at `coord`: an integral coordinate
/// as it is, a tuple padded with `None` up to the mode's rank (CuTe's
/// `append<R>(coord, _)`).
fn fix<I: DynInt>(op: &'static str, mode: &HTuple<I>, coord: &Coord<I>) -> Result<Coord<I>>
where
    Option<I>: CoordLeaf<Int = I>,
{
    match (mode, coord) {
        (_, HTuple::Leaf(_)) => Ok(coord.clone()),
        // a 1-tuple facing a leaf mode: its one entry
        (HTuple::Leaf(_), HTuple::Tuple(c)) if c.len() == 1 => Ok(c[0].clone()),
        (HTuple::Leaf(_), HTuple::Tuple(c)) => Err(Error::rank_mismatch(
            op,
            1,
            c.len(),
            format!(
                "the coordinate {} has {} modes, the mode it indexes, {mode}, has 1",
                crate::shape::CoordDisplay(coord),
                c.len()
            ),
        )),
        (HTuple::Tuple(m), HTuple::Tuple(c)) => {
            if c.len() > m.len() {
                return Err(Error::rank_mismatch(
                    op,
                    m.len(),
                    c.len(),
                    format!(
                        "the coordinate {} has {} modes, the mode it indexes, {mode}, has {}",
                        crate::shape::CoordDisplay(coord),
                        c.len(),
                        m.len()
                    ),
                ));
            }
            let mut out = c.clone();
            out.resize(m.len(), HTuple::Leaf(None));
            Ok(HTuple::Tuple(out))
        }
    }
}

/// `zipped_divide(layout, tiler)`, checked to be `((tile), (rest))`.
fn zipped<I: DynInt>(
    op: &'static str,
    layout: &Layout<I>,
    tiler: &Tiler<I>,
) -> Result<(Layout<I>, HTuple<I>, HTuple<I>)> {
    let z = zipped_divide(layout, tiler)?;
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
fn slice_at<I: DynInt>(
    op: &'static str,
    z: &Layout<I>,
    crd: Coord<I>,
) -> Result<(Scalar<I>, Layout<I>)>
where
    Option<I>: CoordLeaf<Int = I>,
{
    if !in_bounds(&crd, &z.shape())? {
        return Err(Error::out_of_range(
            op,
            cute_core::Operand::Text(crate::shape::CoordDisplay(&crd).to_string()),
            Some(cute_core::Operand::Text(z.shape().to_string())),
            format!(
                "coordinate {} is outside {}",
                crate::shape::CoordDisplay(&crd),
                z.shape()
            ),
        ));
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
pub fn inner_partition<I: DynInt>(
    layout: &Layout<I>,
    tiler: &Tiler<I>,
    coord: &Coord<I>,
) -> Result<(Scalar<I>, Layout<I>)>
where
    Option<I>: CoordLeaf<Int = I>,
{
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
pub fn local_tile<I: DynInt>(
    layout: &Layout<I>,
    tiler: &Tiler<I>,
    coord: &Coord<I>,
) -> Result<(Scalar<I>, Layout<I>)>
where
    Option<I>: CoordLeaf<Int = I>,
{
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
pub fn outer_partition<I: DynInt>(
    layout: &Layout<I>,
    tiler: &Tiler<I>,
    coord: &Coord<I>,
) -> Result<(Scalar<I>, Layout<I>)>
where
    Option<I>: CoordLeaf<Int = I>,
{
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
                .zip(&ds)
                .map(|(s, d)| mode_coord(s, d).map(HTuple::Leaf))
                .collect::<Result<_>>()?,
        )),
        (s, d) => Ok(HTuple::Leaf(mode_coord(&s, &d)?)),
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
pub fn local_partition<I: DynInt>(
    layout: &Layout<I>,
    threads: &Layout,
    index: i64,
) -> Result<(Scalar<I>, Layout<I>)>
where
    Option<I>: CoordLeaf<Int = I>,
{
    let coord = flat_coord(threads, index)?;
    let tiler = match threads.shape() {
        HTuple::Tuple(ss) => Tiler::Tuple(
            ss.iter()
                .map(|s| crate::htuple::product(s).map(Tiler::Int))
                .collect::<Result<_>>()?,
        ),
        s => Tiler::Int(crate::htuple::product(&s)?),
    };
    let tiler = tiler.lifted()?;
    let coord = coord.map(&mut |c: &i64| Some(I::from_i64(*c)));
    outer_partition(layout, &tiler, &coord)
}

// ---------------------------------------------------------------------------
// Projections
// ---------------------------------------------------------------------------

/// CuTe's `dice(proj, x)` on a tuple of `n` parts: the parts whose entry in
/// `proj` is not `None` (CuTe's `X`), in order, in one tuple; a nested entry
/// of `proj` selects inside its part, and what it keeps joins the same tuple.
/// A leaf `proj` keeps `x` whole (`Some`) or nothing (`None`).
fn dice_parts<T: Clone>(
    op: &'static str,
    proj: &Coord,
    x: &T,
    parts: &dyn Fn(&T) -> Option<Vec<T>>,
    out: &mut Vec<T>,
) -> Result<()> {
    match proj {
        HTuple::Leaf(Some(_)) => out.push(x.clone()),
        HTuple::Leaf(None) => {}
        HTuple::Tuple(ps) => {
            // a part with no modes (an integer tiler, an integral
            // coordinate) has none to select, even for an empty projection
            let xs = parts(x);
            let found = xs.as_ref().map_or(0, Vec::len);
            let Some(xs) = xs.filter(|xs| xs.len() == ps.len()) else {
                let has = match found {
                    0 => "none".to_string(),
                    k => k.to_string(),
                };
                return Err(Error::rank_mismatch(
                    op,
                    found,
                    ps.len(),
                    format!(
                        "the projection {} has {} modes, what it selects from has {has}",
                        crate::shape::CoordDisplay(proj),
                        ps.len(),
                    ),
                ));
            };
            for (p, x) in ps.iter().zip(&xs) {
                dice_parts(op, p, x, parts, out)?;
            }
        }
    }
    Ok(())
}

/// The projection `proj` of a tiler (CuTe's `dice(proj, tiler)`): the tuple
/// of the modes of a tuple tiler whose entry of `proj` is not `None`; a leaf
/// `proj` keeps the whole tiler or nothing.
///
/// A layout tiler divides a layout as a whole, not mode by mode, so a tuple
/// projection of it is refused (CuTe C++ would project the layout's modes and
/// divide by the result as a whole, which the specification's divide does
/// not do alike).
///
/// `op` names the operation the errors are reported under.
///
/// # Errors
/// `ValueError` (a rank mismatch) where a tuple entry of `proj` faces a part
/// with another number of modes, or none; `ValueError` for a tuple `proj` of
/// a layout tiler.
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::partition::dice_tiler;
/// use cute_dynamic::layout::Tiler;
/// use cute_dynamic::Coord;
/// let t: Tiler = Tiler::Tuple(vec![Tiler::Int(128), Tiler::Int(128), Tiler::Int(8)]);
/// let p: Coord = "(1, None, 1)".parse().unwrap();
/// assert_eq!(dice_tiler("local_tile", &p, &t).unwrap(), Tiler::Tuple(vec![Tiler::Int(128), Tiler::Int(8)]));
/// assert!(dice_tiler("local_tile", &"(1, None)".parse().unwrap(), &t).is_err());
/// ```
pub fn dice_tiler<I: DynInt>(op: &'static str, proj: &Coord, tiler: &Tiler<I>) -> Result<Tiler<I>> {
    if let HTuple::Leaf(p) = proj {
        return Ok(match p {
            Some(_) => tiler.clone(),
            None => Tiler::Tuple(Vec::new()),
        });
    }
    if let Tiler::Layout(l) = tiler {
        return Err(Error::value(
            op,
            format!(
                "the projection {} selects modes of a tuple tiler; the layout tiler {l} divides as a whole",
                crate::shape::CoordDisplay(proj)
            ),
        ));
    }
    let mut out = Vec::new();
    dice_parts(
        op,
        proj,
        tiler,
        &|t| match t {
            Tiler::Tuple(ts) => Some(ts.clone()),
            Tiler::Layout(_) | Tiler::Int(_) | Tiler::None => None,
        },
        &mut out,
    )?;
    Ok(Tiler::Tuple(out))
}

/// The projection `proj` of a layout (CuTe's `dice(proj, layout)`): the
/// layout of the modes whose entry of `proj` is not `None`.
///
/// # Errors
/// As [`dice_tiler`], for the modes of the layout.
pub fn dice_layout(op: &'static str, proj: &Coord, layout: &Layout) -> Result<Layout> {
    if let HTuple::Leaf(Some(_)) = proj {
        return Ok(layout.clone());
    }
    let parts = |x: &(IntTuple, crate::typedefs::Stride)| match x {
        (HTuple::Tuple(s), HTuple::Tuple(d)) => {
            Some(s.iter().cloned().zip(d.iter().cloned()).collect())
        }
        _ => None,
    };
    let mut kept = Vec::new();
    let whole = (layout.shape().clone(), layout.stride().clone());
    dice_parts(op, proj, &whole, &parts, &mut kept)?;
    let (shape, stride) = kept.into_iter().unzip();
    Layout::new(HTuple::Tuple(shape), HTuple::Tuple(stride))
}

/// The projection `proj` of a tile coordinate (CuTe's `dice(proj, coord)`),
/// over any integer leaf.
///
/// # Errors
/// As [`dice_tiler`], for the modes of the coordinate.
pub fn dice_coord<I: DynInt>(op: &'static str, proj: &Coord, coord: &Coord<I>) -> Result<Coord<I>>
where
    Option<I>: CoordLeaf<Int = I>,
{
    if let HTuple::Leaf(Some(_)) = proj {
        return Ok(coord.clone());
    }
    let mut out = Vec::new();
    dice_parts(
        op,
        proj,
        coord,
        &|c| match c {
            HTuple::Tuple(cs) => Some(cs.clone()),
            HTuple::Leaf(_) => None,
        },
        &mut out,
    )?;
    Ok(HTuple::Tuple(out))
}

/// CuTe's `local_tile(layout, tiler, coord, proj)`: [`local_tile`] by the
/// modes of `tiler` and `coord` that the projection `proj` keeps.
///
/// `proj` is CuTe's `Step<...>`: one entry per mode of the tiler, `None`
/// (CuTe's `X`) for a mode to leave out, any integer (CuTe's `_1`) for a
/// mode to keep. A GEMM tiles its three operands with one `(BM, BN, BK)`
/// tiler and one `(m, n, None)` tile coordinate: `A` (`M x K`) with
/// `proj = (1, None, 1)`, `B` (`N x K`) with `(None, 1, 1)`, `C` with
/// `(1, 1, None)`.
///
/// # Pre-conditions
/// `proj` has as many modes as `tiler` and `coord` (a nested entry selects
/// inside its mode); what it keeps satisfies the pre-conditions of
/// [`local_tile`].
///
/// # Post-conditions
/// `result == local_tile(layout, dice(proj, tiler), dice(proj, coord))`,
/// where `dice` keeps the modes whose entry of `proj` is not `None`.
///
/// # Errors
/// `ValueError` if `proj` does not have the modes of `tiler` or `coord`; as
/// [`local_tile`].
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::partition::local_tile_proj;
/// use cute_dynamic::layout::Tiler;
/// use cute_dynamic::{Coord, Layout, Scalar};
/// let c = |s: &str| s.parse::<Coord>().unwrap();
/// // C = A B with A 256 x 128 (column-major), CTA tiles of 128 x 128 x 8:
/// // the CTA at (1, 2) reads the (128, 8) tiles of A in row 1, for every k
/// let a: Layout = "(256, 128):(1, 256)".parse().unwrap();
/// let tiler = Tiler::Tuple(vec![Tiler::Int(128), Tiler::Int(128), Tiler::Int(8)]);
/// let (off, g_a) = local_tile_proj(&a, &tiler, &c("(1, 2, None)"), &c("(1, None, 1)")).unwrap();
/// assert_eq!((off, g_a.to_string()), (Scalar::Int(128), "(128, 8, 16):(1, 256, 2048)".to_string()));
/// // the projection must name every mode of the tiler
/// assert!(local_tile_proj(&a, &tiler, &c("(1, 2, None)"), &c("(1, None)")).is_err());
/// ```
pub fn local_tile_proj<I: DynInt>(
    layout: &Layout<I>,
    tiler: &Tiler<I>,
    coord: &Coord<I>,
    proj: &Coord,
) -> Result<(Scalar<I>, Layout<I>)>
where
    Option<I>: CoordLeaf<Int = I>,
{
    const OP: &str = "local_tile";
    let tiler = dice_tiler(OP, proj, tiler)?;
    let coord = dice_coord(OP, proj, coord)?;
    local_tile(layout, &tiler, &coord)
}

/// CuTe's `local_partition(layout, threads, index, proj)`:
/// [`local_partition`] by the modes of the thread layout that the
/// projection `proj` keeps (see [`local_tile_proj`] for `proj`).
///
/// The thread's coordinate is taken in the projected thread layout, whose
/// strides still place the kept modes in the whole one: with threads
/// `(16, 16):(1, 16)`, `proj = (1, None)` partitions the rows of `A` by the
/// first coordinate of the thread, `(None, 1)` the rows of `B` by the
/// second.
///
/// # Pre-conditions
/// `proj` has as many modes as `threads`; what it keeps satisfies the
/// pre-conditions of [`local_partition`].
///
/// # Post-conditions
/// `result == local_partition(layout, dice(proj, threads), index)`, where
/// `dice` keeps the modes whose entry of `proj` is not `None`.
///
/// # Errors
/// `ValueError` if `proj` does not have the modes of `threads`; as
/// [`local_partition`].
///
/// # Examples
/// ```
/// use cute_dynamic::tensor::partition::local_partition_proj;
/// use cute_dynamic::{Coord, Layout, Scalar};
/// let c = |s: &str| s.parse::<Coord>().unwrap();
/// // 16 x 16 threads over a 128 x 8 tile of A: thread 200 is (8, 12) and
/// // takes every 16th row, from row 8, of every column
/// let s_a: Layout = "(128, 8):(1, 128)".parse().unwrap();
/// let threads: Layout = "(16, 16):(1, 16)".parse().unwrap();
/// let (off, mine) = local_partition_proj(&s_a, &threads, 200, &c("(1, None)")).unwrap();
/// assert_eq!((off, mine.to_string()), (Scalar::Int(8), "(8, 8):(16, 128)".to_string()));
/// // the same threads over B take the rows of their second coordinate
/// let (off, _) = local_partition_proj(&s_a, &threads, 200, &c("(None, 1)")).unwrap();
/// assert_eq!(off, Scalar::Int(12));
/// ```
pub fn local_partition_proj<I: DynInt>(
    layout: &Layout<I>,
    threads: &Layout,
    index: i64,
    proj: &Coord,
) -> Result<(Scalar<I>, Layout<I>)>
where
    Option<I>: CoordLeaf<Int = I>,
{
    let threads = dice_layout("local_partition", proj, threads)?;
    local_partition(layout, &threads, index)
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

    // The expected values below were printed by CuTe C++ (CUTLASS 4.2) for
    // local_tile(make_tensor(ptr, layout), tiler, coord, Step<...>{}) and
    // local_partition(tensor, threads, tid, Step<...>{}) with the same
    // operands (the offset is tensor.data() - ptr): A is M x K, B is N x K,
    // C is M x N with M = 256, N = 384, K = 128, column-major unless noted,
    // the CTA tiler Shape<_128, _128, _8>.

    #[test]
    fn test_local_tile_proj_like_cute() {
        let cta = ints(&[128, 128, 8]);
        let at = c("(1, 2, None)");
        // Step<_1, X, _1> for A: (BM, BK, k)
        let (off, t) =
            local_tile_proj(&l("(256, 128):(1, 256)"), &cta, &at, &c("(1, None, 1)")).unwrap();
        assert_eq!(
            (off, t),
            (Scalar::Int(128), l("(128, 8, 16):(1, 256, 2048)"))
        );
        // Step<X, _1, _1> for B: (BN, BK, k)
        let (off, t) =
            local_tile_proj(&l("(384, 128):(1, 384)"), &cta, &at, &c("(None, 1, 1)")).unwrap();
        assert_eq!(
            (off, t),
            (Scalar::Int(256), l("(128, 8, 16):(1, 384, 3072)"))
        );
        // Step<_1, _1, X> for C: (BM, BN)
        let (off, t) =
            local_tile_proj(&l("(256, 384):(1, 256)"), &cta, &at, &c("(1, 1, None)")).unwrap();
        assert_eq!((off, t), (Scalar::Int(65664), l("(128, 128):(1, 256)")));
        // one k-tile: coordinate (1, 2, 3)
        let (off, t) = local_tile_proj(
            &l("(256, 128):(1, 256)"),
            &cta,
            &c("(1, 2, 3)"),
            &c("(1, None, 1)"),
        )
        .unwrap();
        assert_eq!((off, t), (Scalar::Int(6272), l("(128, 8):(1, 256)")));
        // a row-major A
        let (off, t) =
            local_tile_proj(&l("(256, 128):(128, 1)"), &cta, &at, &c("(1, None, 1)")).unwrap();
        assert_eq!(
            (off, t),
            (Scalar::Int(16384), l("(128, 8, 16):(128, 1, 8)"))
        );
        // by-mode layouts in the tiler are projected like extents
        let cta_layouts = Tiler::Tuple(vec![
            Tiler::Layout(l("128:1")),
            Tiler::Layout(l("128:1")),
            Tiler::Layout(l("8:1")),
        ]);
        let r = local_tile_proj(
            &l("(256, 128):(1, 256)"),
            &cta_layouts,
            &at,
            &c("(1, None, 1)"),
        )
        .unwrap();
        assert_eq!(r, (Scalar::Int(128), l("(128, 8, 16):(1, 256, 2048)")));
    }

    #[test]
    fn test_local_partition_proj_like_cute() {
        // threads (16, 16) column-major over the (128, 8) tiles of A and B and
        // the (128, 128) tile of C
        let threads = l("(16, 16):(1, 16)");
        let s_ab = l("(128, 8):(1, 128)");
        let s_c = l("(128, 128):(1, 128)");
        for (tid, a_off, b_off, c_off) in [(0, 0, 0, 0), (17, 1, 1, 129), (200, 8, 12, 1544)] {
            let a = local_partition_proj(&s_ab, &threads, tid, &c("(1, None)")).unwrap();
            assert_eq!(
                a,
                (Scalar::Int(a_off), l("(8, 8):(16, 128)")),
                "A, thread {tid}"
            );
            let b = local_partition_proj(&s_ab, &threads, tid, &c("(None, 1)")).unwrap();
            assert_eq!(
                b,
                (Scalar::Int(b_off), l("(8, 8):(16, 128)")),
                "B, thread {tid}"
            );
            let cc = local_partition_proj(&s_c, &threads, tid, &c("(1, 1)")).unwrap();
            assert_eq!(
                cc,
                (Scalar::Int(c_off), l("(8, 8):(16, 2048)")),
                "C, thread {tid}"
            );
        }
        // a rank-3 thread layout (2, 16, 1), row-major, over (8, 4) of A,
        // (32, 4) of B and (8, 32) of C
        let thr = l("(2, 16, 1):(16, 1, 1)");
        let cases = [
            (5, "(8, 4):(1, 8)", "(1, None, 1)", 0, "(4, 4):(2, 8)"),
            (19, "(8, 4):(1, 8)", "(1, None, 1)", 1, "(4, 4):(2, 8)"),
            (5, "(32, 4):(1, 32)", "(None, 1, 1)", 5, "(2, 4):(16, 32)"),
            (19, "(32, 4):(1, 32)", "(None, 1, 1)", 3, "(2, 4):(16, 32)"),
            (5, "(8, 32):(1, 8)", "(1, 1, None)", 40, "(4, 2):(2, 128)"),
            (19, "(8, 32):(1, 8)", "(1, 1, None)", 25, "(4, 2):(2, 128)"),
        ];
        for (tid, data, proj, off, want) in cases {
            let r = local_partition_proj(&l(data), &thr, tid, &c(proj)).unwrap();
            assert_eq!(
                r,
                (Scalar::Int(off), l(want)),
                "{data} by {proj}, thread {tid}"
            );
        }
    }

    #[test]
    fn test_projection_is_dice_then_partition() {
        // projecting with every mode kept changes nothing
        let a = l("(16, 64):(1, 16)");
        let threads = l("(2, 16):(1, 2)");
        for tid in 0..32 {
            assert_eq!(
                local_partition_proj(&a, &threads, tid, &c("(1, 1)")).unwrap(),
                local_partition(&a, &threads, tid).unwrap()
            );
        }
        let tiler = ints(&[4, 8]);
        assert_eq!(
            local_tile_proj(&a, &tiler, &c("(3, 1)"), &c("(1, 1)")).unwrap(),
            local_tile(&a, &tiler, &c("(3, 1)")).unwrap()
        );
        // a leaf projection keeps everything
        assert_eq!(
            local_tile_proj(&a, &tiler, &c("(3, 1)"), &c("1")).unwrap(),
            local_tile(&a, &tiler, &c("(3, 1)")).unwrap()
        );
        // a nested projection selects inside a mode
        let tiler = Tiler::Tuple(vec![ints(&[4, 2]), Tiler::Int(8)]);
        assert_eq!(
            local_tile_proj(
                &l("(16, 64):(1, 16)"),
                &tiler,
                &c("((3, None), 1)"),
                &c("((1, None), 1)")
            )
            .unwrap(),
            local_tile(&l("(16, 64):(1, 16)"), &ints(&[4, 8]), &c("(3, 1)")).unwrap()
        );
    }

    #[test]
    fn test_projection_errors() {
        let a = l("(256, 128):(1, 256)");
        let cta = ints(&[128, 128, 8]);
        // a projection of the wrong rank, for the tiler and for the coordinate
        let e = local_tile_proj(&a, &cta, &c("(1, 2, None)"), &c("(1, None)")).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        assert!(local_tile_proj(&a, &cta, &c("(1, 2)"), &c("(1, None, 1)")).is_err());
        assert!(local_tile_proj(&a, &cta, &c("5"), &c("(1, None, 1)")).is_err());
        // a projection of an integer tiler
        assert!(local_tile_proj(&a, &Tiler::Int(8), &c("0"), &c("(1, None)")).is_err());
        // a thread projection of the wrong rank
        assert!(local_partition_proj(&a, &l("(16, 16):(1, 16)"), 0, &c("(1, None, 1)")).is_err());
        // a layout tiler divides as a whole: it has no modes to project
        let whole = Tiler::Layout(l("(128, 128, 8):(1, 128, 16384)"));
        let e = local_tile_proj(&a, &whole, &c("(1, 2, None)"), &c("(1, None, 1)")).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::ValueError);
        // the kept tile coordinate must lie among the tiles: A has 2 row tiles
        let e = local_tile_proj(&a, &cta, &c("(2, 0, None)"), &c("(1, None, 1)")).unwrap_err();
        assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
        // (the dropped coordinate is not checked: it indexes B's tiles)
        assert!(local_tile_proj(&a, &cta, &c("(1, 99, None)"), &c("(1, None, 1)")).is_ok());
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

    /// Over a symbolic layout, and a symbolic tile coordinate: the tile's
    /// offset and layout are those of the layout with the symbols'
    /// values, once substituted (index code of a block's tile).
    #[test]
    fn test_symbolic_partitions() {
        use cute_core::sym::{Assumptions, Sym};
        let m = Sym::symbol_with("M", Assumptions::positive()).unwrap();
        let bx = Sym::symbol_with("bx", Assumptions::nonnegative()).unwrap();
        let k = |x: i64| Sym::from(x);
        let a = Layout::from_modes([
            ((k(128) * m.clone()).unwrap(), Scalar::Int(k(1))),
            (k(256), Scalar::Int((k(128) * m).unwrap())),
        ])
        .unwrap();
        let tiler = Tiler::Tuple(vec![Tiler::Int(k(128)), Tiler::Int(k(64))]);
        // a symbolic tile coordinate may lie outside the tiles: undecidable,
        // and named (the index code of a block's tile gives its coordinate a
        // name of its own instead: codegen's profiles)
        let coord: Coord<Sym> =
            HTuple::Tuple(vec![HTuple::Leaf(Some(bx)), HTuple::Leaf(Some(k(2)))]);
        let e = local_tile(&a, &tiler, &coord).unwrap_err();
        assert!(e.to_string().contains("whether bx < M"), "{e}");
        let coord: Coord<Sym> =
            HTuple::Tuple(vec![HTuple::Leaf(Some(k(0))), HTuple::Leaf(Some(k(2)))]);
        let (off, tile) = local_tile(&a, &tiler, &coord).unwrap();
        for (mv, bv) in [(1, 0), (3, 0), (5, 0)] {
            let values = |s: &str| match s {
                "M" => Some(mv),
                "bx" => Some(bv),
                _ => None,
            };
            let at = a.subs(&values).unwrap();
            let ints = Tiler::Tuple(vec![Tiler::Int(128), Tiler::Int(64)]);
            let (off_at, tile_at) = local_tile(&at, &ints, &c(&format!("({bv}, 2)"))).unwrap();
            assert_eq!(tile.subs(&values).unwrap(), tile_at);
            let Scalar::Int(off) = &off else {
                panic!("an integer offset")
            };
            assert_eq!(Scalar::Int(off.eval(&values).unwrap()), off_at);
        }
        // a thread's elements of a symbolic tile
        let threads = l("(32, 4):(1, 32)");
        let (_, mine) = local_partition(&tile, &threads, 5).unwrap();
        let at = tile.subs(&|s| (s == "M").then_some(3)).unwrap();
        assert_eq!(
            mine.subs(&|s| (s == "M").then_some(3)).unwrap(),
            local_partition(&at, &threads, 5).unwrap().1
        );
    }
}
