// A swizzle's base M is non-negative (cute-dynamic's Swizzle::new: "base
// must be non-negative").
use cute_static::swizzle::Swizzle;
use typenum::{N2, U1};

fn main() {
    let _ = Swizzle::<U1, N2, U1>::new();
}
