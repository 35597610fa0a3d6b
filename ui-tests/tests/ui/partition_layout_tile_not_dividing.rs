// The layout tile (2, 2):(1, 4) spans 8 elements with its complement; 8 does
// not divide the mode's extent 12, so outer_partition would leave a partial
// tile.
use cute_static::{layout, outer_partition, Keep};

fn main() {
    let tiler = (layout!((2, 2) : (1, 4)), Keep);
    let _ = outer_partition(layout!((12, 4)), tiler, (1, 0));
}
