// N = 264 is a multiple of 8, but beyond the widest GMMA (N = 256): the
// type names no instruction, and it is no MMA atom.
use cute_static::atom::{KMajor, MmaAtom, MNMajor, SM90_64xNx16_F32BF16BF16_RS};

fn main() {
    let _ok = <SM90_64xNx16_F32BF16BF16_RS<typenum::U256, KMajor, MNMajor> as MmaAtom>::c_layout();
    let _ = <SM90_64xNx16_F32BF16BF16_RS<typenum::U264, KMajor, MNMajor> as MmaAtom>::c_layout();
}
