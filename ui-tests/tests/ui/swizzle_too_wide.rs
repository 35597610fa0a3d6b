// B + M + abs(S) <= 62: every bit a swizzle reads or writes, and its size
// 2^(B + M + abs(S)), fit in an i64 (cute-dynamic's MAX_SWIZZLE_BITS).
use cute_static::swizzle::Swizzle;
use typenum::{U20, U23};

fn main() {
    let _ = Swizzle::<U20, U20, U23>::new();
}
