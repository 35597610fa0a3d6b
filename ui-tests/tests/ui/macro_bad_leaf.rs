// A leaf is an integer, `_N`, `{expr}` or a name: not a float.
use cute_static::layout;

fn main() {
    let _ = layout!((4, 8) : (1, 4.5));
}
