// zipped_divide((8, 6):(6, 1), 16:3) breaks composition's stride
// divisibility: 16:3 steps over A's first extent 8 by 3.
use cute_static::{assert_divides, Layout};

fn main() {
    assert_divides!(Layout![16 : 3], Layout![(8, 6) : (6, 1)]);
}
