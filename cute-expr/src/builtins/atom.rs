//! The atom layer as built-ins: MMA and copy operations and atoms
//! (`MMA_Atom(SM80_16x8x16_F32F16F16F32_TN)`, `Copy_Atom(SM75_U32x4_LDSM_N,
//! 'f16')`), their tilings (`make_tiled_mma`, `make_tiled_copy`), one
//! thread's partitions, the GMMA shared-memory layout atoms, and the layout
//! utilities of the atom layer (`upcast`, `tile_to_shape`, ...). The names
//! are CuTe C++'s; value types are strings (`'f16'`, `'u128'`).

use cute_core::{Error, Result, Sym};
use cute_dynamic::atom::{
    downcast, gmma_smem_atom, make_fragment_like, make_tiled_copy, make_tiled_copy_a,
    make_tiled_copy_b, make_tiled_copy_c, make_tiled_mma, max_common_layout, max_common_vector,
    recast_layout, tile_to_shape, upcast, CopyAtom, CopyOp, Major, MmaAtom, MmaOp, SmemSwizzle,
    TiledCopy, TiledMma, ValueType,
};
use cute_dynamic::banks::Smem;
use cute_dynamic::layout::{Layout, Tiler};
use cute_dynamic::typedefs::Scalar;

use super::algebra::layout_arg;
use super::{func, Builtin, Call, Sig};
use crate::eval::Ctx;
use crate::symbolic::layout_value;
use crate::value::{AccessorValue, AtomValue, TensorValue, Value};

const NONE: Sig = Sig::new(&[], 0);
const ONE: Sig = Sig::new(&["x"], 1);
const TWO: Sig = Sig::new(&["x", "y"], 2);
const GMMA: Sig = Sig::new(&["a_major", "b_major"], 0);

pub(super) static TABLE: &[Builtin] = &[
    // MMA
    func("UniversalFMA", ONE, universal_fma_),
    func("MMA_Atom", ONE, mma_atom_),
    func(
        "make_tiled_mma",
        Sig::new(&["atom", "atom_layout", "permutation"], 1),
        make_tiled_mma_,
    ),
    func("get_layoutA_TV", ONE, layout_a_tv_),
    func("get_layoutB_TV", ONE, layout_b_tv_),
    func("get_layoutC_TV", ONE, layout_c_tv_),
    func("tile_size", Sig::new(&["tiled", "mode"], 1), tile_size_),
    func("tile_shape", ONE, tile_shape_),
    func("thr_layout_vmnk", ONE, thr_layout_vmnk_),
    func("thrfrg_A", TWO, thrfrg_a_),
    func("thrfrg_B", TWO, thrfrg_b_),
    func("thrfrg_C", TWO, thrfrg_c_),
    func("get_slice", TWO, get_slice_),
    func("get_thread_slice", TWO, get_slice_),
    func("partition_A", TWO, partition_a_),
    func("partition_B", TWO, partition_b_),
    func("partition_C", TWO, partition_c_),
    func("partition_fragment_A", TWO, partition_fragment_a_),
    func("partition_fragment_B", TWO, partition_fragment_b_),
    func("partition_fragment_C", TWO, partition_fragment_c_),
    // an atom's parts
    func("shape_mnk", ONE, shape_mnk_),
    func("thr_id", ONE, thr_id_),
    func("layoutA_TV", ONE, atom_a_),
    func("layoutB_TV", ONE, atom_b_),
    func("layoutC_TV", ONE, atom_c_),
    func("layoutSrc_TV", ONE, bits_src_),
    func("layoutDst_TV", ONE, bits_dst_),
    func("layoutRef_TV", ONE, bits_ref_),
    func("valLayoutSrc", ONE, val_src_),
    func("valLayoutDst", ONE, val_dst_),
    func("valLayoutRef", ONE, val_ref_),
    func("numValSrc", ONE, num_val_src_),
    func("numValDst", ONE, num_val_dst_),
    // copies
    func("UniversalCopy", ONE, universal_copy_),
    func("SM80_CP_ASYNC_CACHEALWAYS", ONE, cp_async_),
    func("SM80_CP_ASYNC_CACHEGLOBAL", ONE, cp_async_),
    func("Copy_Atom", TWO, copy_atom_),
    func(
        "make_tiled_copy",
        Sig::new(&["atom", "thr_layout", "val_layout"], 2),
        make_tiled_copy_,
    ),
    func("make_tiled_copy_A", TWO, make_tiled_copy_a_),
    func("make_tiled_copy_B", TWO, make_tiled_copy_b_),
    func("make_tiled_copy_C", TWO, make_tiled_copy_c_),
    func("get_layoutS_TV", ONE, layout_s_tv_),
    func("tiled_layout_TV", ONE, tiled_layout_tv_),
    func("tiler_mn", ONE, tiler_mn_),
    func("get_layoutD_TV", ONE, layout_d_tv_),
    func("tidfrg_S", TWO, tidfrg_s_),
    func("tidfrg_D", TWO, tidfrg_d_),
    func("partition_S", TWO, partition_s_),
    func("partition_D", TWO, partition_d_),
    func("retile_S", TWO, retile_),
    func("retile_D", TWO, retile_),
    // utilities
    func("upcast", TWO, upcast_),
    func("downcast", TWO, downcast_),
    func(
        "recast_layout",
        Sig::new(&["old", "new", "layout"], 3),
        recast_layout_,
    ),
    func("tile_to_shape", TWO, tile_to_shape_),
    func("max_common_vector", TWO, max_common_vector_),
    func("max_common_layout", TWO, max_common_layout_),
    func("make_fragment_like", ONE, make_fragment_like_),
];

/// The fixed-name MMA and copy instructions: each a built-in that is the
/// instruction (called with no arguments, it returns it).
macro_rules! ops {
    ($($name:literal)*) => { &[$(func($name, NONE, op_),)*] };
}

pub(super) static OPS: &[Builtin] = ops!(
    "SM70_8x8x4_F16F16F16F16_TN" "SM70_8x8x4_F16F16F16F16_NT" "SM70_8x8x4_F16F16F16F16_NN"
    "SM70_8x8x4_F16F16F16F16_TT" "SM70_8x8x4_F32F16F16F32_TN" "SM70_8x8x4_F32F16F16F32_NT"
    "SM70_8x8x4_F32F16F16F32_NN" "SM70_8x8x4_F32F16F16F32_TT" "SM75_16x8x8_F32F16F16F32_TN"
    "SM75_8x8x16_S32S8S8S32_TN" "SM80_16x8x8_F16F16F16F16_TN" "SM80_16x8x8_F32F16F16F32_TN"
    "SM80_16x8x8_F32BF16BF16F32_TN" "SM80_16x8x16_F16F16F16F16_TN" "SM80_16x8x16_F32F16F16F32_TN"
    "SM80_16x8x16_F32BF16BF16F32_TN" "SM80_16x8x4_F32TF32TF32F32_TN" "SM80_16x8x8_F32TF32TF32F32_TN"
    "SM80_8x8x16_S32S8S8S32_TN" "SM80_16x8x16_S32S8S8S32_TN" "SM80_16x8x32_S32S8S8S32_TN"
    "SM80_8x8x4_F64F64F64F64_TN"
    "SM75_U32x1_LDSM_N" "SM75_U32x2_LDSM_N" "SM75_U32x4_LDSM_N"
    "SM75_U16x2_LDSM_T" "SM75_U16x4_LDSM_T" "SM75_U16x8_LDSM_T"
    "SM90_U32x1_STSM_N" "SM90_U32x2_STSM_N" "SM90_U32x4_STSM_N"
    "SM90_U16x2_STSM_T" "SM90_U16x4_STSM_T" "SM90_U16x8_STSM_T"
);

/// The SM90 GMMA instructions, `SM90_64xNx16_F32F16F16_SS(a_major,
/// b_major)` and the `_RS` and `BF16` ones, for `N` in `8..=256` step 8.
macro_rules! gmma {
    ($($n:literal)*) => {
        &[$(
            func(concat!("SM90_64x", $n, "x16_F32F16F16_SS"), GMMA, gmma_),
            func(concat!("SM90_64x", $n, "x16_F32F16F16_RS"), GMMA, gmma_),
            func(concat!("SM90_64x", $n, "x16_F32BF16BF16_SS"), GMMA, gmma_),
            func(concat!("SM90_64x", $n, "x16_F32BF16BF16_RS"), GMMA, gmma_),
        )*]
    };
}

pub(super) static GMMA_OPS: &[Builtin] = gmma!(
    8 16 24 32 40 48 56 64 72 80 88 96 104 112 120 128
    136 144 152 160 168 176 184 192 200 208 216 224 232 240 248 256
);

/// The GMMA shared-memory layout atoms, `GMMA_Layout_K_SW128_Atom('f16')`.
macro_rules! smem {
    ($($major:literal $sw:literal)*) => {
        &[$(func(concat!("GMMA_Layout_", $major, "_", $sw, "_Atom"), ONE, smem_atom_),)*]
    };
}

pub(super) static SMEM: &[Builtin] = smem!(
    "K" "INTER" "K" "SW32" "K" "SW64" "K" "SW128" "MN" "INTER" "MN" "SW32" "MN" "SW64" "MN" "SW128"
);

fn atom(v: AtomValue) -> Value {
    Value::Atom(Box::new(v))
}

fn value_type(op: &'static str, v: &Value) -> Result<ValueType> {
    match v {
        Value::Str(s) => s.parse(),
        other => Err(Error::type_error(
            op,
            format!(
                "a value type is a string such as 'f16', got {} {other}",
                other.type_name()
            ),
        )),
    }
}

fn op_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    fixed_op(c.name)
}

/// The instruction of a fixed name.
fn fixed_op(name: &str) -> Result<Value> {
    if name.contains("_LDSM_") || name.contains("_STSM_") {
        Ok(atom(AtomValue::CopyOp(CopyOp::from_name(name)?)))
    } else {
        Ok(atom(AtomValue::MmaOp(MmaOp::from_name(name)?)))
    }
}

fn major(op: &'static str, v: Option<&Value>) -> Result<Major> {
    match v {
        None | Some(Value::None) => Ok(Major::K),
        Some(Value::Str(s)) => s.parse(),
        Some(other) => Err(Error::type_error(
            op,
            format!("a major is 'K' or 'MN', got {} {other}", other.type_name()),
        )),
    }
}

fn gmma_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (a, b) = (major(c.name, c.opt(0))?, major(c.name, c.opt(1))?);
    Ok(atom(AtomValue::MmaOp(MmaOp::gmma(c.name, a, b)?)))
}

fn universal_fma_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(atom(AtomValue::MmaOp(MmaOp::UniversalFma(value_type(
        c.name,
        c.arg(0),
    )?))))
}

fn universal_copy_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(atom(AtomValue::CopyOp(CopyOp::universal(value_type(
        c.name,
        c.arg(0),
    )?))))
}

fn cp_async_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(atom(AtomValue::CopyOp(CopyOp::cp_async(
        c.name,
        value_type(c.name, c.arg(0))?,
    )?)))
}

/// An instruction given by its built-in name (`SM80_16x8x16_F32F16F16F32_TN`
/// without a call; a GMMA name is K-major for both operands).
fn named_op(v: &Value) -> Option<Result<Value>> {
    let Value::Function(f) = v else { return None };
    let name = f.as_builtin()?.name();
    if name.starts_with("SM90_64x") {
        Some(MmaOp::gmma(name, Major::K, Major::K).map(|op| atom(AtomValue::MmaOp(op))))
    } else if OPS.iter().any(|b| b.name == name) {
        Some(fixed_op(name))
    } else {
        None
    }
}

fn wrong(op: &'static str, want: &str, v: &Value) -> Error {
    Error::type_error(op, format!("expected {want}, got {} {v}", v.type_name()))
}

fn mma_atom_of(op: &'static str, v: &Value) -> Result<MmaAtom> {
    if let Some(r) = named_op(v) {
        return mma_atom_of(op, &r?);
    }
    match v {
        Value::Atom(a) => match &**a {
            AtomValue::MmaAtom(a) => Ok(a.clone()),
            AtomValue::MmaOp(o) => MmaAtom::new(*o),
            _ => Err(wrong(op, "an MMA atom", v)),
        },
        _ => Err(wrong(op, "an MMA atom", v)),
    }
}

fn tiled_mma_of(op: &'static str, v: &Value) -> Result<TiledMma> {
    match v {
        Value::Atom(a) if matches!(&**a, AtomValue::TiledMma(_)) => match &**a {
            AtomValue::TiledMma(t) => Ok(t.clone()),
            _ => unreachable_atom(op),
        },
        _ => make_tiled_mma(
            mma_atom_of(op, v).map_err(|_| wrong(op, "a TiledMMA or an MMA atom", v))?,
            None,
            &[],
        ),
    }
}

/// Never reached: the caller matched the variant.
#[cold]
fn unreachable_atom<T>(op: &'static str) -> Result<T> {
    Err(Error::value(op, "internal: the atom value changed kind"))
}

fn thr_mma_of<'v>(op: &'static str, v: &'v Value) -> Result<(&'v TiledMma, i64)> {
    match v {
        Value::Atom(a) => match &**a {
            AtomValue::ThrMma(t, i) => Ok((t, *i)),
            _ => Err(wrong(
                op,
                "a thread's slice of a TiledMMA (get_slice(TM, thread))",
                v,
            )),
        },
        _ => Err(wrong(
            op,
            "a thread's slice of a TiledMMA (get_slice(TM, thread))",
            v,
        )),
    }
}

fn copy_atom_of<'v>(op: &'static str, v: &'v Value) -> Result<&'v CopyAtom> {
    match v {
        Value::Atom(a) => match &**a {
            AtomValue::CopyAtom(a) => Ok(a),
            _ => Err(wrong(op, "a copy atom (Copy_Atom(op, type))", v)),
        },
        _ => Err(wrong(op, "a copy atom (Copy_Atom(op, type))", v)),
    }
}

fn tiled_copy_of<'v>(op: &'static str, v: &'v Value) -> Result<&'v TiledCopy> {
    match v {
        Value::Atom(a) => match &**a {
            AtomValue::TiledCopy(t) => Ok(t),
            _ => Err(wrong(op, "a TiledCopy", v)),
        },
        _ => Err(wrong(op, "a TiledCopy", v)),
    }
}

fn thr_copy_of<'v>(op: &'static str, v: &'v Value) -> Result<(&'v TiledCopy, i64)> {
    match v {
        Value::Atom(a) => match &**a {
            AtomValue::ThrCopy(t, i) => Ok((t, *i)),
            _ => Err(wrong(
                op,
                "a thread's slice of a TiledCopy (get_slice(TC, thread))",
                v,
            )),
        },
        _ => Err(wrong(
            op,
            "a thread's slice of a TiledCopy (get_slice(TC, thread))",
            v,
        )),
    }
}

fn mma_atom_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(atom(AtomValue::MmaAtom(mma_atom_of(c.name, c.arg(0))?)))
}

/// The entries of a permutation: a tuple of integers, layouts and `None`.
fn permutation(op: &'static str, v: Option<&Value>) -> Result<Vec<Tiler>> {
    match v {
        None | Some(Value::None) => Ok(vec![]),
        Some(v @ (Value::Tuple(items) | Value::List(items))) => items
            .iter()
            .map(|x| match x {
                Value::Tuple(_) | Value::List(_) => {
                    Err(wrong(op, "an integer, a layout or None per mode", v))
                }
                x => x.to_tiler(op),
            })
            .collect(),
        Some(v) => Err(wrong(
            op,
            "a tuple (M, N, K) of integers, layouts or None",
            v,
        )),
    }
}

fn make_tiled_mma_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = mma_atom_of(c.name, c.arg(0))?;
    let layout = match c.opt(1) {
        None | Some(Value::None) => None,
        Some(v) => Some(layout_arg(c.name, v)?.into_owned()),
    };
    let perm = permutation(c.name, c.opt(2))?;
    Ok(atom(AtomValue::TiledMma(make_tiled_mma(
        a,
        layout.as_ref(),
        &perm,
    )?)))
}

fn layout_a_tv_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        tiled_mma_of(c.name, c.arg(0))?.get_layout_a_tv()?,
    ))
}

fn layout_b_tv_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        tiled_mma_of(c.name, c.arg(0))?.get_layout_b_tv()?,
    ))
}

fn layout_c_tv_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        tiled_mma_of(c.name, c.arg(0))?.get_layout_c_tv()?,
    ))
}

/// The tile's extents of a tiled MMA `(M, N, K)` or a tiled copy.
fn tile_extents(op: &'static str, v: &Value) -> Result<Vec<i64>> {
    match v {
        Value::Atom(a) if matches!(&**a, AtomValue::TiledCopy(_)) => {
            tiled_copy_of(op, v)?.tile_shape()
        }
        v => Ok(tiled_mma_of(op, v)?.tile_shape()?.to_vec()),
    }
}

/// `tile_size(TM, i)`: the tile's extent in mode `i` (CuTe's
/// `tile_size<I>`); `tile_size(TC)` of a tiled copy without a mode: the
/// size of its tile (CuTe's `size(Tiler_MN)`).
fn tile_size_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let sizes = tile_extents(c.name, c.arg(0))?;
    let i = match c.opt(1) {
        None | Some(Value::None) => {
            let size = sizes.iter().try_fold(1_i64, |a, &b| a.checked_mul(b));
            return size
                .map(Value::Int)
                .ok_or_else(|| Error::overflow(c.name, "the tile's size leaves the 64-bit range"));
        }
        Some(v) => v.to_int(c.name)?,
    };
    usize::try_from(i)
        .ok()
        .and_then(|i| sizes.get(i))
        .map(|&s| Value::Int(s))
        .ok_or_else(|| {
            Error::out_of_range(
                c.name,
                i,
                Some((sizes.len() as i64).into()),
                format!("mode {i} of a tile of {} modes", sizes.len()),
            )
        })
}

/// `tile_shape(TM)`: the tile `(M, N, K)` of a tiled MMA, or the extents of
/// a tiled copy's tile.
fn tile_shape_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Tuple(
        tile_extents(c.name, c.arg(0))?
            .into_iter()
            .map(Value::Int)
            .collect(),
    ))
}

/// The threads of a tiled MMA or copy (CuTe's `size(TiledMMA)`).
pub(super) fn threads(op: &'static str, v: &Value) -> Result<i64> {
    match v {
        Value::Atom(a) if matches!(&**a, AtomValue::TiledCopy(_)) => {
            tiled_copy_of(op, v)?.num_threads()
        }
        v => tiled_mma_of(op, v)?.size(),
    }
}

fn thr_layout_vmnk_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        tiled_mma_of(c.name, c.arg(0))?.thr_layout_vmnk().clone(),
    ))
}

fn tiled_layout_tv_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        tiled_copy_of(c.name, c.arg(0))?.layout_tv().clone(),
    ))
}

/// `tiler_mn(TC)`: the tiled copy's tiler, one entry per mode (an integer
/// or a layout).
fn tiler_mn_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let t = tiled_copy_of(c.name, c.arg(0))?;
    Ok(Value::Tuple(
        t.tiler()
            .iter()
            .map(|x| match x {
                Tiler::Int(n) => Value::Int(*n),
                Tiler::Layout(l) => Value::from(l.clone()),
                _ => Value::None,
            })
            .collect(),
    ))
}

fn num_val_src_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Int(copy_atom_of(c.name, c.arg(0))?.num_val_src()?))
}

fn num_val_dst_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Int(copy_atom_of(c.name, c.arg(0))?.num_val_dst()?))
}

fn thrfrg_a_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let tm = tiled_mma_of(c.name, c.arg(0))?;
    on_layout(c.name, c.arg(1), |l| tm.thrfrg_a(l), |l| tm.thrfrg_a(l))
}

fn thrfrg_b_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let tm = tiled_mma_of(c.name, c.arg(0))?;
    on_layout(c.name, c.arg(1), |l| tm.thrfrg_b(l), |l| tm.thrfrg_b(l))
}

fn thrfrg_c_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let tm = tiled_mma_of(c.name, c.arg(0))?;
    on_layout(c.name, c.arg(1), |l| tm.thrfrg_c(l), |l| tm.thrfrg_c(l))
}

fn get_slice_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let t = c.arg(1).to_int(c.name)?;
    match c.arg(0) {
        Value::Atom(a) if matches!(&**a, AtomValue::TiledCopy(_)) => {
            let tc = tiled_copy_of(c.name, c.arg(0))?;
            tc.get_slice(t)?;
            Ok(atom(AtomValue::ThrCopy(tc.clone(), t)))
        }
        v => {
            let tm = tiled_mma_of(c.name, v)
                .map_err(|_| wrong(c.name, "a TiledMMA or a TiledCopy", v))?;
            tm.get_slice(t)?;
            Ok(atom(AtomValue::ThrMma(tm, t)))
        }
    }
}

/// A partition of a layout (a layout), of a symbolic layout (a symbolic
/// layout: the part's own layout, without the offset of its first
/// element), or of a tensor (a view of its storage). `f` partitions
/// machine-integer layouts, `g` symbolic ones.
fn partitioned(
    op: &'static str,
    v: &Value,
    f: impl FnOnce(&Layout) -> Result<(Scalar, Layout)>,
    g: impl FnOnce(&Layout<Sym>) -> Result<(Scalar<Sym>, Layout<Sym>)>,
) -> Result<Value> {
    match v {
        Value::Tensor(t) => {
            let (off, l) = f(t.layout())?;
            let acc: AccessorValue = t.accessor().moved(&Value::from_scalar(off))?;
            Ok(Value::Tensor(Box::new(TensorValue::new(acc, l)?)))
        }
        Value::SymLayout(l) => Ok(layout_value(g(l)?.1)),
        v => Ok(Value::from(f(&*layout_arg(op, v)?)?.1)),
    }
}

/// A layout-to-layout function of the atom layer on a layout or a
/// symbolic layout: `f` on machine integers, `g` on symbols.
fn on_layout(
    op: &'static str,
    v: &Value,
    f: impl FnOnce(&Layout) -> Result<Layout>,
    g: impl FnOnce(&Layout<Sym>) -> Result<Layout<Sym>>,
) -> Result<Value> {
    match v {
        Value::SymLayout(l) => Ok(layout_value(g(l)?)),
        v => Ok(Value::from(f(&*layout_arg(op, v)?)?)),
    }
}

/// The layout of a layout or tensor argument.
fn layout_of<'v>(op: &'static str, v: &'v Value) -> Result<std::borrow::Cow<'v, Layout>> {
    match v {
        Value::Tensor(t) => Ok(std::borrow::Cow::Borrowed(t.layout())),
        v => layout_arg(op, v),
    }
}

fn partition_a_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (tm, t) = thr_mma_of(c.name, c.arg(0))?;
    let s = tm.get_slice(t)?;
    partitioned(c.name, c.arg(1), |l| s.partition_a(l), |l| s.partition_a(l))
}

fn partition_b_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (tm, t) = thr_mma_of(c.name, c.arg(0))?;
    let s = tm.get_slice(t)?;
    partitioned(c.name, c.arg(1), |l| s.partition_b(l), |l| s.partition_b(l))
}

fn partition_c_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (tm, t) = thr_mma_of(c.name, c.arg(0))?;
    let s = tm.get_slice(t)?;
    partitioned(c.name, c.arg(1), |l| s.partition_c(l), |l| s.partition_c(l))
}

fn partition_fragment_a_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (tm, t) = thr_mma_of(c.name, c.arg(0))?;
    Ok(Value::from(
        tm.get_slice(t)?
            .partition_fragment_a(&*layout_of(c.name, c.arg(1))?)?,
    ))
}

fn partition_fragment_b_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (tm, t) = thr_mma_of(c.name, c.arg(0))?;
    Ok(Value::from(
        tm.get_slice(t)?
            .partition_fragment_b(&*layout_of(c.name, c.arg(1))?)?,
    ))
}

fn partition_fragment_c_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (tm, t) = thr_mma_of(c.name, c.arg(0))?;
    Ok(Value::from(
        tm.get_slice(t)?
            .partition_fragment_c(&*layout_of(c.name, c.arg(1))?)?,
    ))
}

fn shape_mnk_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let [m, n, k] = mma_atom_of(c.name, c.arg(0))?.shape_mnk();
    Ok(Value::Tuple(vec![
        Value::Int(m),
        Value::Int(n),
        Value::Int(k),
    ]))
}

fn thr_id_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    match c.arg(0) {
        Value::Atom(a) if matches!(&**a, AtomValue::CopyAtom(_)) => Ok(Value::from(
            copy_atom_of(c.name, c.arg(0))?.thr_id().clone(),
        )),
        v => Ok(Value::from(mma_atom_of(c.name, v)?.thr_id().clone())),
    }
}

fn atom_a_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        mma_atom_of(c.name, c.arg(0))?.layout_a_tv().clone(),
    ))
}

fn atom_b_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        mma_atom_of(c.name, c.arg(0))?.layout_b_tv().clone(),
    ))
}

fn atom_c_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        mma_atom_of(c.name, c.arg(0))?.layout_c_tv().clone(),
    ))
}

fn bits_src_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        copy_atom_of(c.name, c.arg(0))?.layout_src_bits().clone(),
    ))
}

fn bits_dst_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        copy_atom_of(c.name, c.arg(0))?.layout_dst_bits().clone(),
    ))
}

fn bits_ref_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        copy_atom_of(c.name, c.arg(0))?.layout_ref_bits().clone(),
    ))
}

fn val_src_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        copy_atom_of(c.name, c.arg(0))?.val_layout_src()?,
    ))
}

fn val_dst_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        copy_atom_of(c.name, c.arg(0))?.val_layout_dst()?,
    ))
}

fn val_ref_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        copy_atom_of(c.name, c.arg(0))?.val_layout_ref()?,
    ))
}

fn copy_op_of(op: &'static str, v: &Value) -> Result<CopyOp> {
    if let Some(r) = named_op(v) {
        return copy_op_of(op, &r?);
    }
    match v {
        Value::Atom(a) => match &**a {
            AtomValue::CopyOp(o) => Ok(*o),
            _ => Err(wrong(op, "a copy operation", v)),
        },
        _ => Err(wrong(op, "a copy operation", v)),
    }
}

fn copy_atom_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let o = copy_op_of(c.name, c.arg(0))?;
    Ok(atom(AtomValue::CopyAtom(CopyAtom::new(
        o,
        value_type(c.name, c.arg(1))?,
    )?)))
}

fn make_tiled_copy_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = copy_atom_of(c.name, c.arg(0))?.clone();
    let thr = layout_arg(c.name, c.arg(1))?;
    let val = match c.opt(2) {
        None | Some(Value::None) => Layout::leaf(1, Scalar::Int(0)),
        Some(v) => layout_arg(c.name, v)?.into_owned(),
    };
    Ok(atom(AtomValue::TiledCopy(make_tiled_copy(a, &thr, &val)?)))
}

fn make_tiled_copy_a_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = copy_atom_of(c.name, c.arg(0))?.clone();
    Ok(atom(AtomValue::TiledCopy(make_tiled_copy_a(
        a,
        &tiled_mma_of(c.name, c.arg(1))?,
    )?)))
}

fn make_tiled_copy_b_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = copy_atom_of(c.name, c.arg(0))?.clone();
    Ok(atom(AtomValue::TiledCopy(make_tiled_copy_b(
        a,
        &tiled_mma_of(c.name, c.arg(1))?,
    )?)))
}

fn make_tiled_copy_c_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let a = copy_atom_of(c.name, c.arg(0))?.clone();
    Ok(atom(AtomValue::TiledCopy(make_tiled_copy_c(
        a,
        &tiled_mma_of(c.name, c.arg(1))?,
    )?)))
}

fn layout_s_tv_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        tiled_copy_of(c.name, c.arg(0))?.get_layout_s_tv()?,
    ))
}

fn layout_d_tv_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(
        tiled_copy_of(c.name, c.arg(0))?.get_layout_d_tv()?,
    ))
}

fn tidfrg_s_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let tc = tiled_copy_of(c.name, c.arg(0))?;
    on_layout(c.name, c.arg(1), |l| tc.tidfrg_s(l), |l| tc.tidfrg_s(l))
}

fn tidfrg_d_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let tc = tiled_copy_of(c.name, c.arg(0))?;
    on_layout(c.name, c.arg(1), |l| tc.tidfrg_d(l), |l| tc.tidfrg_d(l))
}

fn partition_s_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (tc, t) = thr_copy_of(c.name, c.arg(0))?;
    let s = tc.get_slice(t)?;
    partitioned(c.name, c.arg(1), |l| s.partition_s(l), |l| s.partition_s(l))
}

fn partition_d_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (tc, t) = thr_copy_of(c.name, c.arg(0))?;
    let s = tc.get_slice(t)?;
    partitioned(c.name, c.arg(1), |l| s.partition_d(l), |l| s.partition_d(l))
}

fn retile_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (tc, _) = thr_copy_of(c.name, c.arg(0))?;
    partitioned(
        c.name,
        c.arg(1),
        |l| Ok((Scalar::Int(0), tc.retile(l)?)),
        |l| Ok((Scalar::Int(Sym::from(0)), tc.retile(l)?)),
    )
}

fn upcast_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(upcast(
        &*layout_arg(c.name, c.arg(0))?,
        c.arg(1).to_int(c.name)?,
    )?))
}

fn downcast_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(downcast(
        &*layout_arg(c.name, c.arg(0))?,
        c.arg(1).to_int(c.name)?,
    )?))
}

/// A width in bits: a value type's name or an integer.
fn bits(op: &'static str, v: &Value) -> Result<i64> {
    match v {
        Value::Int(b) => Ok(*b),
        v => Ok(value_type(op, v)?.bits()),
    }
}

fn recast_layout_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let (old, new) = (bits(c.name, c.arg(0))?, bits(c.name, c.arg(1))?);
    Ok(Value::from(recast_layout(
        &*layout_arg(c.name, c.arg(2))?,
        old,
        new,
    )?))
}

fn tile_to_shape_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    let shape = c.arg(1).to_int_tuple(c.name)?;
    if let Some(Smem::Swizzled(s)) = c.arg(0).to_smem() {
        return Value::from_smem(&Smem::Swizzled(s.tile_to_shape(&shape)?));
    }
    Ok(Value::from(tile_to_shape(
        &*layout_arg(c.name, c.arg(0))?,
        &shape,
    )?))
}

fn max_common_vector_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::Int(max_common_vector(
        &*layout_arg(c.name, c.arg(0))?,
        &*layout_arg(c.name, c.arg(1))?,
    )?))
}

fn max_common_layout_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(max_common_layout(
        &*layout_arg(c.name, c.arg(0))?,
        &*layout_arg(c.name, c.arg(1))?,
    )?))
}

fn make_fragment_like_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    Ok(Value::from(make_fragment_like(&*layout_of(
        c.name,
        c.arg(0),
    )?)?))
}

fn smem_atom_(_: &mut Ctx<'_>, c: &Call<'_>) -> Result<Value> {
    // GMMA_Layout_{major}_{swizzle}_Atom
    let mut parts = c.name.split('_').skip(2);
    let (Some(m), Some(sw)) = (parts.next(), parts.next()) else {
        return Err(Error::value(c.name, "the name of a GMMA layout atom"));
    };
    let major: Major = m.parse()?;
    let sw: SmemSwizzle = sw.parse()?;
    Value::from_smem(&Smem::Swizzled(gmma_smem_atom(
        major,
        sw,
        value_type(c.name, c.arg(0))?,
    )?))
}
