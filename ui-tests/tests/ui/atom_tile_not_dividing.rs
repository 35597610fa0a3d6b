// The TiledMMA's tile is 32 x 16 (2 x 2 atoms of 16x8x16): a static block
// tile of 48 rows is not a whole number of tiles, so a thread's partition
// of it does not compile.
use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
use cute_static::layout;

fn main() {
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    let thr = mma.get_slice(5).unwrap();
    let _ = thr.partition_c(layout!((48, 128)));
}
