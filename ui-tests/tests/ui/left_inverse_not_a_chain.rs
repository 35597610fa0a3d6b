// The strides 1 (extent 4) and 2 overlap: no ordered chain.
use cute_static::{layout, left_inverse};

fn main() {
    let _ = left_inverse(layout!((4, 8) : (1, 2)));
}
