// A Result as the second operand of a composition.
use cute_static::{composition, layout};

fn main() {
    let s = 3;
    let _ = composition(layout!((8, 6) : (6, 1)), layout!(4 : s));
}
