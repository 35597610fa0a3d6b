// A shape and a stride of different profiles: mode 1 is a leaf in the shape,
// a pair in the stride. The first line is the library's message for a tuple
// where the profile has a leaf.
use cute_static::{assert_congruent, Shape, Stride};

assert_congruent!(Shape![(4, 2), 8], Stride![(1, 4), (8, 64)]);

fn main() {}
