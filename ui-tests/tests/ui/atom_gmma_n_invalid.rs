// wgmma.mma_async.m64nNk16 exists for N a multiple of 8 from 8 to 256:
// SM90_64xNx16_F32F16F16_SS with N = 12 is no instruction, so the atom
// does not compile where it is used.
use cute_static::atom::{make_tiled_mma, KMajor, SM90_64xNx16_F32F16F16_SS};
use cute_static::layout;

fn main() {
    let _ok = make_tiled_mma(SM90_64xNx16_F32F16F16_SS::<typenum::U64, KMajor, KMajor>::new(), layout!((1, 1, 1)));
    let _ = make_tiled_mma(SM90_64xNx16_F32F16F16_SS::<typenum::U12, KMajor, KMajor>::new(), layout!((1, 1, 1)));
}
