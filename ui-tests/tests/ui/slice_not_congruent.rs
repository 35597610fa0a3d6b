// A slicing coordinate of rank 3 for a layout of rank 2.
use cute_static::{layout, slice, Keep};

fn main() {
    let _ = slice(layout!((4, 8)), (1, Keep, 2));
}
