// A mixed `layout!` returns a Result; it is partitioned without unwrapping.
use cute_static::{layout, local_tile, tile};

fn main() {
    let (m, k) = (256, 128);
    let a = layout!((m, k) : (1, m));
    let _ = local_tile(a, tile!(128, 8), (1, 0));
}
