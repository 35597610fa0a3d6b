// (8, 6):(6, 1) o 16:3: the stride 3 does not divide A's first extent 8.
use cute_static::{assert_composable, Layout};

assert_composable!(Layout![(8, 6) : (6, 1)], Layout![16 : 3]);

fn main() {}
