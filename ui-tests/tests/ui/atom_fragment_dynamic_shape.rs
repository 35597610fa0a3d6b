// A register fragment's size is the compiler's: a C tile of run-time extent
// has no static partition shape, so it has no fragment.
use cute_static::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
use cute_static::layout;

fn main() {
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    let m = 128;
    let g_c = layout!((m, 128)).unwrap();
    let _ = mma.get_slice(5).unwrap().partition_fragment_c(&g_c);
}
