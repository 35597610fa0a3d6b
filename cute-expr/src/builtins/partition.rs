//! CuTe C++'s partitions as built-ins: `local_tile`, `inner_partition`,
//! `outer_partition` and `local_partition` (cute-dynamic's
//! `tensor::partition`, CuTe's `tensor_impl.hpp`, same names and meaning).
//!
//! - `local_tile(x, tiler, coord, proj=None)` and
//!   `inner_partition(x, tiler, coord)`: the tile of `tiler`'s shape at tile
//!   coordinate `coord` (a thread block's tile);
//! - `outer_partition(x, tiler, coord)`: the element at `coord` of every
//!   tile;
//! - `local_partition(x, tile, index, proj=None)`: the elements thread
//!   `index` owns when the thread layout `tile` is repeated over `x`.
//!
//! `x` is a layout, a symbolic layout or a tensor. A tensor gives a view of
//! its storage (the accessor moved to the part's first element, as the
//! tensor's `local_tile` and friends give it); a layout gives the part's own
//! layout, without the offset of its first element, as the atom layer's
//! partitions (`partition_C`) and CuTe's slicing of a layout do: the tensor
//! of a layout's offsets, `Tensor(ImplicitAccessor(0), A)`, keeps the
//! offset in its view's accessor.
//!
//! The tiler is an integer, a layout, or a tuple of them with `None` for a
//! mode left whole (the algebra's tilers); the coordinate an integer, or a
//! tuple of integers with `None` (CuTe's `_`) for a mode kept whole, the
//! modes past its end kept too. The thread layout of `local_partition` is a
//! layout, or a shape (its column-major layout), with non-negative integer
//! strides, and `index` one of its threads. `proj` is CuTe's `Step`: one
//! entry per mode of the tiler (of the thread layout), `None` (CuTe's `X`)
//! for a mode to leave out, `1` for one to keep; `None` for `proj` itself is
//! no projection.
//!
//! Symbols: a symbolic layout, tiler or coordinate runs the same functions
//! over `Layout<Sym>`. A symbolic tile coordinate must be decided to lie
//! among the tiles; one that cannot be is the undecidable condition, named.
//! The index code of a block's tile keeps the coordinate `None` instead and
//! names it in the code (`cute codegen ... --coord i,j,bx,by`).
//!
//! The tiler must divide `x` with no partial tile, in every partition: each
//! mode a tiler entry divides has a size the divide covers exactly (a tile
//! extent `e` divides the mode's size). CuTe C++ checks none of it, and its
//! `local_tile` leaves a partial last tile for the kernel to predicate;
//! here a partial tile is a `ValueError` naming the extent and the size
//! (`zipped_divide`, whose rest is a ceil-div, shows the partial tile).

use std::cmp::Ordering;

use cute_core::{DynInt, Error, Operand, Result, Sym};
use cute_dynamic::algebra::zipped_divide;
use cute_dynamic::htuple::{self, HTuple};
use cute_dynamic::layout::{Layout, Tiler};
use cute_dynamic::shape::{Coord, CoordDisplay};
use cute_dynamic::tensor::partition::{
    self as part, dice_coord, dice_layout, dice_tiler, flat_coord,
};
use cute_dynamic::typedefs::Scalar;

use super::layout::to_coord;
use super::{func, Builtin, Call, Sig};
use crate::eval::Ctx;
use crate::symbolic::{has_sym, layout_value, to_sym_coord, to_sym_layout, to_sym_tiler};
use crate::value::Value;

pub(super) static TABLE: &[Builtin] = &[
    func(
        "local_tile",
        Sig::new(&["x", "tiler", "coord", "proj"], 3),
        local_tile_,
    ),
    func(
        "inner_partition",
        Sig::new(&["x", "tiler", "coord"], 3),
        inner_partition_,
    ),
    func(
        "outer_partition",
        Sig::new(&["x", "tiler", "coord"], 3),
        outer_partition_,
    ),
    func(
        "local_partition",
        Sig::new(&["x", "tile", "index", "proj"], 3),
        local_partition_,
    ),
];

/// Which mode of `((tile), (rest))` a partition fixes.
#[derive(Clone, Copy, PartialEq)]
enum Fixed {
    /// The rest mode: a tile (`local_tile`, `inner_partition`).
    Rest,
    /// The tile mode: an element of every tile (`outer_partition`).
    Tile,
}

fn local_tile_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    tiled(c, Fixed::Rest)
}

fn inner_partition_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    tiled(c, Fixed::Rest)
}

fn outer_partition_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    tiled(c, Fixed::Tile)
}

/// The `proj` argument: absent or `None` for no projection.
fn proj_arg(c: &Call<'_>, i: usize) -> Result<Option<Coord>> {
    match c.opt(i) {
        None | Some(Value::None) => Ok(None),
        Some(v) => to_coord(c.name, v).map(Some),
    }
}

/// A `TypeError` for an `x` that is neither a layout nor a tensor.
fn not_partitionable(op: &'static str, v: &Value) -> Error {
    Error::type_error(
        op,
        format!(
            "{op}() partitions a Layout or a Tensor, got {} {v}",
            v.type_name()
        ),
    )
}

/// A `TypeError` for a symbol in the partition of a tensor, whose layout
/// is over machine integers.
fn symbolic_tensor(op: &'static str) -> Error {
    Error::type_error(
        op,
        format!(
            "{op}() of a Tensor takes integer tilers, coordinates and indices: a tensor's \
             layout has no symbols (partition the symbolic layout itself)"
        ),
    )
}

/// The partition `f` of a machine-integer layout (its part's layout) or of
/// a tensor (the view of the part, the tensor's `partition_by`).
fn integer_partition(
    op: &'static str,
    x: &Value,
    f: impl FnOnce(&Layout) -> Result<(Scalar, Layout)>,
) -> Result<Value> {
    match x {
        Value::Tensor(t) => Ok(Value::Tensor(Box::new(t.view(t.tensor.partition_by(f)?)))),
        Value::Layout(l) => Ok(Value::from(f(l)?.1)),
        other => Err(not_partitionable(op, other)),
    }
}

/// `local_tile`, `inner_partition` (the rest mode fixed) and
/// `outer_partition` (the tile mode fixed).
fn tiled(c: &Call<'_>, fixed: Fixed) -> Result<Value> {
    let op = c.name;
    let proj = proj_arg(c, 3)?;
    let (x, tiler_v, coord_v) = (c.arg(0), c.arg(1), c.arg(2));
    let symbolic = has_sym(x) || has_sym(tiler_v) || has_sym(coord_v);
    match x {
        Value::Tensor(_) if symbolic => Err(symbolic_tensor(op)),
        Value::Tensor(_) | Value::Layout(_) if !symbolic => {
            let tiler = tiler_v.to_tiler(op)?;
            let coord = to_coord(op, coord_v)?;
            let kept = match &proj {
                Some(p) => dice_tiler(op, p, &tiler)?,
                None => tiler.clone(),
            };
            integer_partition(op, x, |l| {
                check_divides(op, l, &kept, None)?;
                match (fixed, &proj) {
                    (Fixed::Rest, None) => part::local_tile(l, &tiler, &coord),
                    (Fixed::Rest, Some(p)) => part::local_tile_proj(l, &tiler, &coord, p),
                    (Fixed::Tile, _) => part::outer_partition(l, &tiler, &coord),
                }
                .map_err(|e| retag(op, e))
            })
        }
        Value::Layout(_) | Value::SymLayout(_) => {
            let l = to_sym_layout(x, op)?;
            let mut tiler = to_sym_tiler(tiler_v, op)?;
            let mut coord = to_sym_coord(op, coord_v)?;
            if let Some(p) = &proj {
                tiler = dice_tiler(op, p, &tiler)?;
                coord = dice_coord(op, p, &coord)?;
            }
            check_divides(op, &l, &tiler, None)?;
            let r = match fixed {
                Fixed::Rest => part::inner_partition(&l, &tiler, &coord),
                Fixed::Tile => part::outer_partition(&l, &tiler, &coord),
            };
            let (_, part) = r.map_err(|e| undecided_coord(op, retag(op, e), &coord))?;
            Ok(layout_value(part))
        }
        other => Err(not_partitionable(op, other)),
    }
}

/// The thread layout of `local_partition`: a layout, or a shape (its
/// column-major layout, CuTe's `make_layout(shape)`).
fn threads_arg(op: &'static str, v: &Value) -> Result<Layout> {
    match v {
        Value::Layout(l) => Ok((**l).clone()),
        Value::Int(_) | Value::Tuple(_) | Value::List(_) => Layout::compact(v.to_int_tuple(op)?),
        Value::SymLayout(l) => Err(Error::type_error(
            op,
            format!("a thread layout has integer extents and strides, got {l:?}"),
        )),
        other => Err(Error::type_error(
            op,
            format!(
                "the thread layout is a Layout or a shape, got {} {other}",
                other.type_name()
            ),
        )),
    }
}

/// Checks that `index` is a thread of `threads`: a value the thread layout
/// takes, `threads(flat_coord(threads, index)) == index` (for a compact
/// thread layout, `0 <= index < size(threads)`).
fn check_thread(op: &'static str, threads: &Layout, index: i64) -> Result<()> {
    let n = threads.size()?;
    let outside = || {
        let why = match n {
            0 => "it has no threads".to_string(),
            _ => format!(
                "it maps no coordinate to {index} (a compact thread layout numbers its {n} \
                 threads 0 to {})",
                n - 1
            ),
        };
        Error::out_of_range(
            op,
            index,
            Some(Operand::Int(n)),
            format!("thread {index} is not a thread of the thread layout {threads:?}: {why}"),
        )
    };
    if index < 0 || n == 0 {
        return Err(outside());
    }
    let crd = flat_coord(threads, index).map_err(|e| retag(op, e))?;
    match threads.call(&crd)? {
        Scalar::Int(k) if k == index => Ok(()),
        _ => Err(outside()),
    }
}

/// An error of cute-dynamic's partition functions under the built-in's
/// name (`local_tile` reports its errors as `inner_partition`, the thread
/// index's as `local_partition`); the errors of the divide keep theirs.
fn retag(op: &'static str, e: Error) -> Error {
    const PARTITIONS: [&str; 4] = [
        "local_tile",
        "inner_partition",
        "outer_partition",
        "local_partition",
    ];
    if !PARTITIONS.contains(&e.op()) {
        return e.in_op(op);
    }
    e.renamed(op)
}

fn local_partition_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let op = c.name;
    let (x, index_v) = (c.arg(0), c.arg(2));
    let threads = threads_arg(op, c.arg(1))?;
    let index = match index_v {
        Value::Int(i) => *i,
        Value::Sym(_) => {
            return Err(Error::type_error(
                op,
                format!(
                    "the thread index is an integer, got the symbol {index_v}: a thread's \
                     elements over a symbolic index are a partition of every thread at once \
                     (outer_partition with a None coordinate, its mode named in the code)"
                ),
            ))
        }
        other => {
            return Err(Error::type_error(
                op,
                format!(
                    "the thread index is an integer, got {} {other}",
                    other.type_name()
                ),
            ))
        }
    };
    let proj = proj_arg(c, 3)?;
    check_thread(op, &threads, index)?;
    let kept = match &proj {
        Some(p) => dice_layout(op, p, &threads)?,
        None => threads.clone(),
    };
    match x {
        Value::Tensor(_) | Value::Layout(_) => integer_partition(op, x, |l| {
            check_divides(op, l, &thread_tiler(&kept)?, Some(&kept))?;
            match &proj {
                None => part::local_partition(l, &threads, index),
                Some(p) => part::local_partition_proj(l, &threads, index, p),
            }
            .map_err(|e| retag(op, e))
        }),
        Value::SymLayout(l) => {
            check_divides(op, &**l, &thread_tiler(&kept)?, Some(&kept))?;
            let (_, part) = part::local_partition(l, &kept, index).map_err(|e| retag(op, e))?;
            Ok(layout_value(part))
        }
        other => Err(not_partitionable(op, other)),
    }
}

/// The tiler of a thread layout: the size of each of its top-level modes
/// (CuTe's `product_each(shape(threads))`), over the integers `I`.
fn thread_tiler<I: DynInt>(threads: &Layout) -> Result<Tiler<I>> {
    let extent = |s: &HTuple<i64>| htuple::product(s).map(|n| Tiler::Int(I::from_i64(n)));
    Ok(match threads.shape() {
        HTuple::Tuple(ss) => Tiler::Tuple(ss.iter().map(extent).collect::<Result<_>>()?),
        s => extent(&s)?,
    })
}

// ---------------------------------------------------------------------------
// The divisibility rule
// ---------------------------------------------------------------------------

/// A tiler as the language writes it.
fn tiler_text<I: DynInt>(t: &Tiler<I>) -> String {
    match t {
        Tiler::None => "None".into(),
        Tiler::Int(n) => n.to_string(),
        Tiler::Layout(l) => format!("{l:?}"),
        Tiler::Tuple(ts) => {
            let mut s = String::from("(");
            for (i, t) in ts.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                s.push_str(&tiler_text(t));
            }
            if ts.len() == 1 {
                s.push(',');
            }
            s.push(')');
            s
        }
        other => format!("{other:?}"),
    }
}

/// Checks that `tiler` divides `layout` with no partial tile: the divide
/// `zipped_divide(layout, tiler)` has the layout's size (its rest modes are
/// ceil-divs), mode by mode for a tuple tiler. `threads` is the thread
/// layout the tiler comes from (for `local_partition`'s message).
///
/// # Errors
/// As [`zipped_divide`]; `ValueError` (a divisibility error naming the
/// tile extent and the mode's size) for a partial tile; `ValueError` for a
/// symbolic size whose divisibility the assumptions do not settle.
fn check_divides<I: DynInt>(
    op: &'static str,
    layout: &Layout<I>,
    tiler: &Tiler<I>,
    threads: Option<&Layout>,
) -> Result<()> {
    let z = zipped_divide(layout, tiler).map_err(|e| e.in_op(op))?;
    let size = layout.size()?;
    if let Tiler::Tuple(ts) = tiler {
        for (i, t) in ts.iter().enumerate() {
            if matches!(t, Tiler::None) || i >= layout.rank() {
                continue;
            }
            let mode = layout.mode(i as i64)?;
            let ms = mode.size()?;
            let at = format!("mode {i} of the layout {layout:?}");
            let what = match (threads, t) {
                (Some(th), Tiler::Int(e)) => {
                    format!("the {e} threads of mode {i} of the thread layout {th:?}")
                }
                (_, Tiler::Int(e)) => format!("the tile extent {e}"),
                (_, t) => format!("the tiler {}", tiler_text(t)),
            };
            let divides = match t {
                Tiler::Int(e) => e.int_divides(&ms),
                t => zipped_divide(&mode, t)
                    .map_err(|e| e.in_op(op))?
                    .size()?
                    .int_cmp(&ms)
                    .map(|o| o == Ordering::Equal),
            };
            match divides {
                Ok(true) => {}
                Ok(false) => return Err(partial(op, t, &ms, &what, &at, threads)),
                Err(e) => return Err(undecided_divides(op, e, &what, &at)),
            }
        }
        // every mode it divides is divided exactly: so is the layout
        return Ok(());
    }
    let what = match (threads, tiler) {
        (Some(th), Tiler::Int(e)) => format!("the {e} threads of the thread layout {th:?}"),
        (_, Tiler::Int(e)) => format!("the tile extent {e}"),
        (_, t) => format!("the tiler {}", tiler_text(t)),
    };
    let at = format!("the layout {layout:?}");
    let divides = match tiler {
        Tiler::None => Ok(true),
        Tiler::Int(e) => e.int_divides(&size),
        _ => z.size()?.int_cmp(&size).map(|o| o == Ordering::Equal),
    };
    match divides {
        Ok(true) => Ok(()),
        Ok(false) => Err(partial(op, tiler, &size, &what, &at, threads)),
        Err(e) => Err(undecided_divides(op, e, &what, &at)),
    }
}

/// The error of a partial tile: `what` (the tile extent, the threads) does
/// not divide the size `size` of `at` (a mode of the layout).
fn partial<I: DynInt>(
    op: &'static str,
    t: &Tiler<I>,
    size: &I,
    what: &str,
    at: &str,
    threads: Option<&Layout>,
) -> Error {
    let lhs = match t {
        Tiler::Int(e) => Operand::of(e),
        t => Operand::Text(tiler_text(t)),
    };
    // the threads of a thread layout do not divide; a tile extent does not
    let verb = if threads.is_some() { "do" } else { "does" };
    let msg = format!(
        "{what} {verb} not divide the size {size} of {at}: the partition would have a partial tile"
    );
    Error::divisibility(op, lhs, Operand::of(size), msg)
}

/// The undecidable divisibility of a symbolic size, named in the
/// partition's terms.
fn undecided_divides(op: &'static str, e: Error, what: &str, at: &str) -> Error {
    match e {
        Error::Undecidable { msg, .. } => Error::Undecidable {
            op,
            msg: format!(
                "{msg}: {what} must divide the size of {at} with no partial tile (an assumption \
                 such as multiple_of= settles it)"
            ),
        },
        e => e.in_op(op),
    }
}

/// The undecidable condition of a symbolic tile coordinate, with the way
/// to index code over a block index.
fn undecided_coord(op: &'static str, e: Error, coord: &Coord<Sym>) -> Error {
    match e {
        Error::Undecidable { msg, .. } => Error::Undecidable {
            op,
            msg: format!(
                "{msg}: the coordinate {} must be known to lie among the tiles (for the index \
                 code of every tile, leave the coordinate None, which keeps the tiles' mode, and \
                 name it in the code: cute codegen --coord)",
                CoordDisplay(coord)
            ),
        },
        e => e,
    }
}
