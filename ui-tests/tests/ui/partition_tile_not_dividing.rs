// Tiles of 32 rows over a static extent of 100: the fourth tile would run 28
// rows past the matrix.
use cute_static::{layout, local_tile, tile};

fn main() {
    let _ = local_tile(layout!((100, 64)), tile!(32, 16), (0, 0));
}
