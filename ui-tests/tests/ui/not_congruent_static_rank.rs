// A rank-2 stride for a rank-3 static shape.
use cute_static::layout;

fn main() {
    let _ = layout!((4, 8, 2) : (1, 4));
}
