//! Shared-memory bank conflicts in the language (`cute_dynamic::banks`):
//!
//! - `bank_conflicts(TV, SMEM, bits, op)`: `(wavefronts, ideal)` of one
//!   execution of the instruction `op` (`'ld'`, `'st'`, `'ldmatrix'`,
//!   `'ldmatrix.trans'`, `'stmatrix'`, `'stmatrix.trans'`, `'cp.async'`; a
//!   matrix op may name its matrices, `'ldmatrix.x2'`) by the threads of
//!   `TV: (thread, value) -> index of SMEM's domain`, each moving its values,
//!   elements of `bits` bits (an integer, or a value type such as `'f16'`);
//!   a TV layout of several warps is analysed warp by warp and the counts
//!   summed. `SMEM` is a layout (plain, padded, F2-strided) or a swizzled
//!   layout, `composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))`.
//!   `bank_conflicts(TC, SMEM)` takes a tiled copy instead: its side in
//!   shared memory (the source of `ldmatrix`, the destination of `stmatrix`
//!   and `cp.async`; `op='ld'` or `op='st'` for a `UniversalCopy`) over the
//!   whole of `SMEM`, its element width its atom's value type.
//! - `choose_swizzle(tile, access, ..., top=5, padding=True)`: the `top`
//!   best layouts of `tile` (the layout itself, its swizzles
//!   `Swizzle(B, M, S)`, its leading dimension padded) for the accesses, best
//!   first, each `(name, wavefronts, ideal, bytes, smem)`: its name
//!   (`'Swizzle<3,3,3>'`, `'pad 8'`, `'none'`), the total wavefronts of the
//!   accesses and their ideal, the shared memory bytes it spans, and the
//!   layout itself (a swizzle composed with the tile, or a layout), which
//!   `bank_conflicts` takes. An access is a tiled copy (as above), a tuple
//!   `(TC, op)` naming its side, or a tuple `(TV, bits, op)`. The ranking:
//!   fewest wavefronts, then fewest bytes, then the simplest (the tile, then
//!   swizzles by fewest bits, widest base, smallest shift, then paddings).

use cute_core::{Error, Result};
use cute_dynamic::atom::{TiledCopy, ValueType};
use cute_dynamic::banks::{self, Access, ChooseOptions, Op, Side, Smem};
use cute_dynamic::htuple::IntTuple;
use cute_dynamic::layout::Layout;

use super::{func, Builtin, Call, Sig};
use crate::eval::Ctx;
use crate::value::{AtomValue, Value};

pub(super) static TABLE: &[Builtin] = &[
    func(
        "bank_conflicts",
        Sig::new(&["tv", "smem", "bits", "op"], 2),
        bank_conflicts_,
    ),
    func(
        "choose_swizzle",
        Sig::new(&["tile"], 1).rest().keywords(&["top", "padding"]),
        choose_swizzle_,
    ),
];

/// A shared-memory layout: a layout, or the tensor of a swizzle composed
/// with one (`composition(Swizzle(b, m, s), layout)`).
fn smem_of(op: &'static str, v: &Value) -> Result<Smem> {
    v.to_smem().ok_or_else(|| {
        Error::type_error(
            op,
            format!(
                "shared memory is a layout or a swizzle composed with one, composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1))); got {} {v}",
                v.type_name()
            ),
        )
    })
}

/// An element width: an integer, or a value type's name.
fn bits_of(op: &'static str, v: &Value) -> Result<i64> {
    match v {
        Value::Int(b) => Ok(*b),
        Value::Str(s) => Ok(s.parse::<ValueType>()?.bits()),
        v => Err(Error::type_error(
            op,
            format!(
                "an element width is a number of bits or a value type such as 'f16', got {} {v}",
                v.type_name()
            ),
        )),
    }
}

/// An instruction's name.
fn op_of(op: &'static str, v: &Value) -> Result<Op> {
    match v {
        Value::Str(s) => s.parse(),
        v => Err(Error::type_error(
            op,
            format!(
                "an instruction is a string, one of {}; got {} {v}",
                Op::NAMES,
                v.type_name()
            ),
        )),
    }
}

/// The layout of a TV argument.
fn tv_of(op: &'static str, v: &Value) -> Result<Layout> {
    match v {
        Value::Layout(l) => Ok((**l).clone()),
        v => Err(Error::type_error(
            op,
            format!(
                "a TV layout (thread, value) -> index is a Layout, got {} {v}",
                v.type_name()
            ),
        )),
    }
}

/// The tiled copy a value is, if it is one.
fn tiled_copy(v: &Value) -> Option<&TiledCopy> {
    match v {
        Value::Atom(a) => match &**a {
            AtomValue::TiledCopy(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// The side of a copy an instruction's name says is shared memory: a load
/// reads its source, a store writes its destination.
fn side_of(op: Op) -> Side {
    match op {
        Op::Ld | Op::Ldmatrix { .. } => Side::Source,
        Op::St | Op::Stmatrix { .. } | Op::CpAsync => Side::Destination,
    }
}

/// The accesses of a tiled copy to a tile of `shape`, with the side an
/// instruction's name gives.
fn copy_access(tc: &TiledCopy, op: Option<Op>, shape: &IntTuple) -> Result<Access> {
    Access::from_tiled_copy(tc, op.map(side_of), shape)
}

fn bank_conflicts_(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let smem = smem_of(c.name, c.arg(1))?;
    let access = match tiled_copy(c.arg(0)) {
        Some(tc) => {
            if let Some(b) = c.opt(2).filter(|b| !matches!(b, Value::None)) {
                return Err(Error::type_error(
                    c.name,
                    format!("a tiled copy gives its element width (its atom's value type); got the width {b} too"),
                ));
            }
            let op = match c.opt(3) {
                None | Some(Value::None) => None,
                Some(v) => Some(op_of(c.name, v)?),
            };
            copy_access(tc, op, &smem.layout().shape())?
        }
        None => {
            let tv = tv_of(c.name, c.arg(0))?;
            let (Some(bits), Some(op)) = (c.opt(2), c.opt(3)) else {
                return Err(Error::type_error(
                    c.name,
                    "bank_conflicts(TV, SMEM, bits, op) takes the element width in bits and the instruction",
                ));
            };
            Access::new(tv, bits_of(c.name, bits)?, op_of(c.name, op)?)
        }
    };
    // the analysis bounds its own work (at most 1024 threads and 2^20
    // thread-value pairs); the pairs it visited count against the
    // statement's budget
    let r = banks::bank_conflicts_of(&access, &smem)?;
    cx.charge(c.name, access.tv.size().unwrap_or(0).max(0) as u64)?;
    Ok(Value::Tuple(vec![
        Value::Int(r.wavefronts),
        Value::Int(r.ideal),
    ]))
}

/// One access of `choose_swizzle`: a tiled copy, `(TC, op)` or `(TV, bits,
/// op)`.
fn access_of(op: &'static str, v: &Value, shape: &IntTuple) -> Result<Access> {
    if let Some(tc) = tiled_copy(v) {
        return copy_access(tc, None, shape);
    }
    if let Some([tc, o]) = v.as_seq() {
        if let Some(tc) = tiled_copy(tc) {
            return copy_access(tc, Some(op_of(op, o)?), shape);
        }
    }
    match v.as_seq() {
        Some([tv, bits, o]) => Ok(Access::new(
            tv_of(op, tv)?,
            bits_of(op, bits)?,
            op_of(op, o)?,
        )),
        _ => Err(Error::type_error(
            op,
            format!(
                "an access is a TiledCopy, a tuple (TiledCopy, op) or a tuple (TV, bits, op); got {} {v}",
                v.type_name()
            ),
        )),
    }
}

fn choose_swizzle_(cx: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let tile = match c.arg(0) {
        Value::Layout(l) => (**l).clone(),
        v => {
            return Err(Error::type_error(
                c.name,
                format!(
                    "the tile is a plain Layout (the candidates add the swizzle), got {} {v}",
                    v.type_name()
                ),
            ))
        }
    };
    let shape = tile.shape();
    let accesses = c
        .rest
        .iter()
        .map(|a| access_of(c.name, a, &shape))
        .collect::<Result<Vec<_>>>()?;
    let top = match c.kw("top") {
        None => 5,
        Some(v) => {
            let n = v.to_int(c.name)?;
            if n < 1 {
                return Err(Error::value(
                    c.name,
                    format!("top is {n}; it must be at least 1"),
                ));
            }
            n
        }
    };
    let padding = match c.kw("padding") {
        None => true,
        Some(Value::Bool(b)) => *b,
        Some(v) => {
            return Err(Error::type_error(
                c.name,
                format!("padding is True or False, got {v}"),
            ))
        }
    };
    let work: i64 = accesses
        .iter()
        .map(|a| a.tv.size().unwrap_or(0).max(0))
        .sum();
    let options = ChooseOptions {
        padding,
        ..ChooseOptions::default()
    };
    // the chooser bounds its own work; the pairs count against the budget
    let ranking = banks::choose_swizzle(&tile, &accesses, &options)?;
    cx.charge(c.name, work as u64)?;
    let best = ranking
        .candidates
        .iter()
        .take(usize::try_from(top).unwrap_or(usize::MAX))
        .map(|k| {
            Ok(Value::Tuple(vec![
                Value::Str(k.choice.to_string()),
                Value::Int(k.wavefronts),
                Value::Int(k.ideal),
                Value::Int(k.bytes),
                Value::from_smem(&k.smem)?,
            ]))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::Tuple(best))
}
