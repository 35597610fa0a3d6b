// A partition's tile is static: a tiler with a run-time extent is refused.
use cute_static::{layout, local_tile, tile};

fn main() {
    let n = 4;
    let _ = local_tile(layout!((8, 8)), tile!(n, 4), (0, 0));
}
