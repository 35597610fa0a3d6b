// A compile-time assertion cannot read a run-time extent.
use cute_static::{assert_divides, Layout, Shape};

assert_divides!(Shape![32, 8], Layout![({}, 8)]);

fn main() {}
