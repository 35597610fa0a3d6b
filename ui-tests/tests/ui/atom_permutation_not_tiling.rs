// A TiledMMA of 2 x 2 atoms of 16x8x16 takes 2 * 8 = 16 columns of N at a
// time: a permutation of 24 columns along N leaves the last step half
// outside, so the tiled MMA does not compile where it is used.
use cute_static::atom::{make_tiled_mma_permuted, SM80_16x8x16_F32F16F16F32_TN};
use cute_static::{layout, tile};

fn main() {
    let mma = make_tiled_mma_permuted(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)), tile!(32, 24, 16));
    let _ = mma.tile_shape();
}
