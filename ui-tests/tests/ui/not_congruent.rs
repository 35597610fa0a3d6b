// The shape (4, 8) and the stride (1, (4, 8)) have different profiles.
use cute_static::layout;

fn main() {
    let _ = layout!((4, 8) : (1, (4, 8)));
}
