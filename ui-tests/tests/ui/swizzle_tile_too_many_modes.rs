// tile_to_shape takes a block of at most as many modes as the target shape.
use cute_static::swizzle::tile_to_shape;
use cute_static::{layout, shape};

fn main() {
    let _ = tile_to_shape(layout!((8, 8, 2)), shape!(64, 64));
}
