// 4:3 covers the offsets 0..12, and the stride 2 starts inside them.
use cute_static::{complement, layout};

fn main() {
    let _ = complement(layout!((4, 3) : (3, 2)));
}
