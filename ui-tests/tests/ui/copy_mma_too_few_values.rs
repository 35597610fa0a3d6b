// Each thread of a 2 x 2 tiled MMA of 16x8x16 holds 4 f16 of B per tile:
// ldmatrix.x4 moves 8 per thread, so make_tiled_copy_B with it does not
// compile (ldmatrix.x2 is B's load).
use cute_static::atom::{make_copy_atom, make_tiled_copy_b, make_tiled_mma, Half};
use cute_static::atom::{SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN};
use cute_static::layout;

fn main() {
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    let _ = make_tiled_copy_b(make_copy_atom::<Half, _>(SM75_U32x4_LDSM_N), &mma);
}
