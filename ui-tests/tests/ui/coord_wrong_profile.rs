// A rank-3 flat coordinate for a rank-2 layout.
use cute_static::layout;

fn main() {
    let a = layout!((4, (2, 3)) : (1, (4, 8)));
    let _ = a.call((1, 2, 3));
}
