// A static leaf is a non-negative integer; a negative stride is dynamic.
use cute_static::layout;

fn main() {
    let _ = layout!((4, 8) : (1, -4));
}
