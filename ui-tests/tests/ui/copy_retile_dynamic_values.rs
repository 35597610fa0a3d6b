// retile tiles the first mode of a thread's fragment (its values) by the
// copy's values, so its size must be static (CuTe C++'s
// upcast<TiledNumThr * V> takes V as a compile-time constant). Run-time
// strides in the first mode are fine; a run-time size is not.
use cute_static::atom::{make_copy_atom, make_tiled_copy_a, make_tiled_mma, Half};
use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
use cute_static::layout;

fn main() {
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    let copy = make_tiled_copy_a(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
    let ld = 1000;
    let _ok = copy.retile(layout!(((2, 2, 2), 4, 2) : ((1, ld, 4), 16, 64)).unwrap());
    let v = 8;
    let _ = copy.retile(layout!((v, 4, 2) : (1, 8, 32)).unwrap());
}
