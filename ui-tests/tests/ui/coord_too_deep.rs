// A coordinate may coarsen the shape, never refine it: 4 is a leaf.
use cute_static::layout;

fn main() {
    let a = layout!((4, 8) : (1, 4));
    let _ = a.call(((1, 1), 2));
}
