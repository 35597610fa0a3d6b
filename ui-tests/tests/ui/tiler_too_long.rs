// A by-mode tiler of three modes for a layout of two.
use cute_static::{layout, logical_divide, tile};

fn main() {
    let _ = logical_divide(layout!((4, 8)), tile!(2, 2, 2));
}
