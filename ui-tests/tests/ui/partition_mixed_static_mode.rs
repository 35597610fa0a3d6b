// A matrix with a run-time row count and 100 static columns: the rows may end
// in a partial tile (checked by the kernel), but the static mode of 100 is not
// tiled exactly by 32, which the compiler sees.
use cute_static::{layout, local_tile_proj, tile, X};

fn main() {
    let m = 1000;
    let a = layout!((m, 100)).unwrap();
    let _ = local_tile_proj(a, tile!(128, 128, 32), (0, 0, 0), (1, X, 1));
}
