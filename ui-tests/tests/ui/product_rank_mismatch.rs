// blocked_product pairs the modes of A and B: rank 2 and rank 1.
use cute_static::{blocked_product, layout};

fn main() {
    let _ = blocked_product(layout!((2, 5) : (5, 1)), layout!(3 : 1));
}
