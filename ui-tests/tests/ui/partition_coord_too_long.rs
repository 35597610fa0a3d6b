// A tile coordinate with more entries than the rest mode has modes.
use cute_static::{layout, local_tile, tile};

fn main() {
    let _ = local_tile(layout!((8, 8)), tile!(4, 4), (0, 0, 0));
}
