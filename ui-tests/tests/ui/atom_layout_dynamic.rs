// The atom layout of a TiledMMA is static: its thread layout and tile are
// types.
use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
use cute_static::layout;

fn main() {
    let n = 2;
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, n, 1)).unwrap());
    let _ = mma.size();
}
