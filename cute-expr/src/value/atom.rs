//! The atom layer's values: MMA and copy operations and atoms, their
//! tilings, and one thread's view of a tiling.

use core::fmt;

use cute_dynamic::atom::{CopyAtom, CopyOp, MmaAtom, MmaOp, TiledCopy, TiledMma};
use cute_dynamic::layout::Tiler;

/// A value of the atom layer.
#[derive(Clone, Debug, PartialEq)]
pub enum AtomValue {
    /// An MMA instruction (`SM80_16x8x16_F32F16F16F32_TN`,
    /// `UniversalFMA('f32')`).
    MmaOp(MmaOp),
    /// `MMA_Atom(op)`.
    MmaAtom(MmaAtom),
    /// `make_tiled_mma(...)`.
    TiledMma(TiledMma),
    /// `get_slice(TM, thread)`: the tiled MMA and the thread.
    ThrMma(TiledMma, i64),
    /// A copy instruction (`SM75_U32x4_LDSM_N`, `UniversalCopy('u128')`).
    CopyOp(CopyOp),
    /// `Copy_Atom(op, type)`.
    CopyAtom(CopyAtom),
    /// `make_tiled_copy(...)`.
    TiledCopy(TiledCopy),
    /// `get_slice(TC, thread)`: the tiled copy and the thread.
    ThrCopy(TiledCopy, i64),
}

impl AtomValue {
    /// The name of the value's type (CuTe C++'s).
    pub fn type_name(&self) -> &'static str {
        match self {
            AtomValue::MmaOp(_) => "MMA_Op",
            AtomValue::MmaAtom(_) => "MMA_Atom",
            AtomValue::TiledMma(_) => "TiledMMA",
            AtomValue::ThrMma(..) => "ThrMMA",
            AtomValue::CopyOp(_) => "Copy_Op",
            AtomValue::CopyAtom(_) => "Copy_Atom",
            AtomValue::TiledCopy(_) => "TiledCopy",
            AtomValue::ThrCopy(..) => "ThrCopy",
        }
    }
}

fn tiler(t: &Tiler) -> String {
    match t {
        Tiler::None => "None".to_string(),
        Tiler::Int(n) => n.to_string(),
        Tiler::Layout(l) => format!("{l:?}"),
        Tiler::Tuple(ts) => format!("({})", ts.iter().map(tiler).collect::<Vec<_>>().join(", ")),
        t => format!("{t:?}"),
    }
}

fn tiled_mma(f: &mut fmt::Formatter<'_>, tm: &TiledMma) -> fmt::Result {
    let perm: Vec<String> = tm.permutation().iter().map(tiler).collect();
    write!(
        f,
        "TiledMMA(MMA_Atom({}), thr_layout_vmnk={:?}, permutation=({}))",
        tm.atom().name(),
        tm.thr_layout_vmnk(),
        perm.join(", ")
    )
}

fn tiled_copy(f: &mut fmt::Formatter<'_>, tc: &TiledCopy) -> fmt::Result {
    let t: Vec<String> = tc.tiler().iter().map(tiler).collect();
    write!(
        f,
        "TiledCopy(Copy_Atom({}, '{}'), layout_tv={:?}, tiler=({}))",
        tc.atom().name(),
        tc.atom().value_type(),
        tc.layout_tv(),
        t.join(", ")
    )
}

impl fmt::Display for AtomValue {
    /// A one-line description: the instruction's name, and a tiling's
    /// layouts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AtomValue::MmaOp(op @ MmaOp::Gmma { a, b, .. }) => write!(f, "{op}('{a}', '{b}')"),
            AtomValue::MmaOp(op) => write!(f, "{op}"),
            AtomValue::MmaAtom(a) => write!(f, "MMA_Atom({})", a.name()),
            AtomValue::TiledMma(tm) => tiled_mma(f, tm),
            AtomValue::ThrMma(tm, t) => {
                f.write_str("ThrMMA(")?;
                tiled_mma(f, tm)?;
                write!(f, ", thread={t})")
            }
            AtomValue::CopyOp(op) => write!(f, "{op}"),
            AtomValue::CopyAtom(a) => write!(f, "Copy_Atom({}, '{}')", a.name(), a.value_type()),
            AtomValue::TiledCopy(tc) => tiled_copy(f, tc),
            AtomValue::ThrCopy(tc, t) => {
                f.write_str("ThrCopy(")?;
                tiled_copy(f, tc)?;
                write!(f, ", thread={t})")
            }
        }
    }
}
