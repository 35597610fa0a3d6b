// A projection of two entries for a tiler of three modes.
use cute_static::{layout, local_tile_proj, tile, Keep, X};

fn main() {
    let _ = local_tile_proj(layout!((256, 128)), tile!(128, 128, 8), (1, 2, Keep), (1, X));
}
