// A swizzle value made by `Default` is still checked where it is used: its
// composition with a layout names the rule it breaks.
use cute_static::swizzle::Swizzle;
use cute_static::{composition, layout};
use typenum::{N2, U0, U3};

fn main() {
    let _ = composition(Swizzle::<U3, U0, N2>::default(), layout!((8, 64) : (64, 1)));
}
