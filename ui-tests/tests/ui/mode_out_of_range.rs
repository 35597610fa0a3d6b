// A rank-2 layout has modes 0 and 1 only.
use cute_static::layout;

fn main() {
    let a = layout!((4, 8) : (1, 4));
    let _ = a.mode::<2>();
}
