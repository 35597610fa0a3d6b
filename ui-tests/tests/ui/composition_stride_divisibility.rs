// 16:3 steps over A's first extent 8 by 3, which does not divide 8.
use cute_static::{composition, layout};

fn main() {
    let _ = composition(layout!((8, 6) : (6, 1)), layout!(16 : 3));
}
