// A thread layout of rank 2 and a value layout of rank 3 are not congruent.
use cute_static::{assert_congruent, Layout};

type Threads = Layout![(32, 8)];
type Values = Layout![(4, 1, 2)];

assert_congruent!(Threads, Values);

fn main() {}
