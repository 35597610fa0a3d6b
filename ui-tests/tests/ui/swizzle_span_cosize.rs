// The cosize of a swizzled layout is the layout's only where the swizzle's
// span 2^(B + M + abs(S)) divides it: Sw<3,4,3> (a byte swizzle) spans 1024
// offsets, the layout of 16-bit elements 512.
use cute_static::swizzle::Swizzle;
use cute_static::{composition, layout};
use typenum::{U3, U4};

fn main() {
    let _ = composition(Swizzle::<U3, U4, U3>::new(), layout!((8, 64) : (64, 1))).cosize();
}
