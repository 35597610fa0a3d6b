// select<1, 4> of a rank-4 layout: mode 4 does not exist.
use cute_static::layout;
use typenum::{U1, U4};

fn main() {
    let a = layout!((2, 3, 5, 7) : (1, 2, 6, 30));
    let _ = a.select::<frunk_core::HList![U1, U4]>();
}
