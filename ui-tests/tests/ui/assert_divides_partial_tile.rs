// A kernel pins its thread tiling: 16 x 16 threads do not divide a 128 x 8
// tile (16 does not divide 8).
use cute_static::{assert_divides, Layout, Shape};

type SmemA = Layout![(128, 8) : (1, 128)];
type ThreadTiler = Shape![16, 16];

assert_divides!(ThreadTiler, SmemA);

fn main() {}
