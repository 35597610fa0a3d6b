// tile_to_shape repeats the block a whole number of times in each mode: the
// 8 rows of a K-major atom do not divide 100.
use cute_static::atom::Half;
use cute_static::shape;
use cute_static::swizzle::{tile_to_shape, GmmaLayoutKSw128Atom};

fn main() {
    let _ = tile_to_shape(GmmaLayoutKSw128Atom::<Half>::new(), shape!(100, 64));
}
