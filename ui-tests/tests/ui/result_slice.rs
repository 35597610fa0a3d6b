// Slicing the Result of a mixed `layout!`.
use cute_static::{layout, slice, Keep};

fn main() {
    let m = 256;
    let _ = slice(layout!((4, m) : (m, 1)), (2, Keep));
}
