// A rank-3 stride for a rank-2 shape, in a mixed layout.
use cute_static::layout;

fn main() {
    let n = 8;
    let _ = layout!((4, n) : (1, 4, 32));
}
