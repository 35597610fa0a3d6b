// A swizzle's bits B are non-negative (cute-dynamic's Swizzle::new: "bits
// must be non-negative").
use cute_static::swizzle::Swizzle;
use typenum::{N1, U0, U1};

fn main() {
    let _ = Swizzle::<N1, U0, U1>::new();
}
