// An _RS GMMA reads A from registers, which hold it K-major: an M-major A
// does not compile (CuTe C++'s "Register source operand A must have K
// major layout").
use cute_static::atom::{make_tiled_mma, KMajor, MNMajor, SM90_64xNx16_F32F16F16_RS};
use cute_static::layout;

fn main() {
    let _ok = make_tiled_mma(SM90_64xNx16_F32F16F16_RS::<typenum::U64, KMajor, MNMajor>::new(), layout!((1, 1, 1)));
    let _ = make_tiled_mma(SM90_64xNx16_F32F16F16_RS::<typenum::U64, MNMajor, KMajor>::new(), layout!((1, 1, 1)));
}
