// ldmatrix.x1 gives each thread one 32-bit register: it cannot hold a
// 64-bit value, so the copy atom of f64 does not compile (CuTe C++'s
// "CopyOperation is not valid for Dst of ValType").
use cute_static::atom::{make_copy_atom, Half, SM75_U32x1_LDSM_N};

fn main() {
    let _ok = make_copy_atom::<Half, _>(SM75_U32x1_LDSM_N);
    let _ = make_copy_atom::<f64, _>(SM75_U32x1_LDSM_N);
}
