// 6:1 spans past A's first extent 4, and 4 does not divide 6.
use cute_static::{composition, layout};

fn main() {
    let _ = composition(layout!((4, 6) : (1, 5)), layout!(6 : 1));
}
