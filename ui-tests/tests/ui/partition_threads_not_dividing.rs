// 16 x 16 threads over a 128 x 8 tile: the 16 threads of mode 1 do not
// divide its 8 columns, so half of them would get offsets outside the tile.
use cute_static::{layout, local_partition};

fn main() {
    let _ = local_partition(layout!((128, 8)), layout!((16, 16)), 200);
}
