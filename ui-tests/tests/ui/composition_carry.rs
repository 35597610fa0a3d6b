// B's leaves 3:1 and 2:3 each compose with A = (4, 2):(1, 100) on their own,
// but together they reach coordinate 2 + 3 = 5 of A's first mode, whose
// extent is 4: A(B(4)) = 100, where the sum of the leaves' values gives 4.
// No layout is i -> A(B(i)), and the specification refuses it.
use cute_static::{composition, layout};

fn main() {
    let _ = composition(layout!((4, 2) : (1, 100)), layout!((3, 2) : (1, 3)));
}
