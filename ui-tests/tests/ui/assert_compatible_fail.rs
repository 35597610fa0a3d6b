// compatible((2, (3, 5)), ((3, 2), 5)) is false: mode 0 has size 2 against 6.
use cute_static::{assert_compatible, Shape};

assert_compatible!(Shape![2, (3, 5)], Shape![(3, 2), 5]);

fn main() {}
