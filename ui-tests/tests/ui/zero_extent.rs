// Every extent of a shape is positive.
use cute_static::layout;

fn main() {
    let _ = layout!((4, (0, 2)) : (1, (4, 4)));
}
