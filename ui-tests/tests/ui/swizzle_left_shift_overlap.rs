// A negative shift moves YYY left onto ZZZ and must clear the mask:
// abs(S) >= B (cute-dynamic's Swizzle::new; a right shift may overlap).
use cute_static::swizzle::Swizzle;
use typenum::{N2, U0, U3};

fn main() {
    let _ = Swizzle::<U3, U0, N2>::new();
}
