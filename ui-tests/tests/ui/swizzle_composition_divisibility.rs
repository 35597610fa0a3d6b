// A composition of a swizzled layout is the composition of the layout under
// the swizzle, with its rules: 16:3 steps over the atom's first extent 8 by
// 3, which does not divide 8.
use cute_static::atom::Half;
use cute_static::swizzle::GmmaLayoutKSw128Atom;
use cute_static::{composition, layout};

fn main() {
    let _ = composition(GmmaLayoutKSw128Atom::<Half>::new(), layout!(16 : 3));
}
