// The tile 3:1 does not divide A's first mode of extent 4.
use cute_static::{layout, logical_divide};

fn main() {
    let _ = logical_divide(layout!((4, 3) : (3, 1)), layout!(3 : 1));
}
