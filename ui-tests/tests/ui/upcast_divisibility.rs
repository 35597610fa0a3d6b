// upcast<4> reads 4 elements as one: the stride 6 and the factor 4 do not
// divide one another, so the layout has no upcast.
use cute_static::atom::upcast;
use cute_static::layout;

fn main() {
    let _ = upcast::<typenum::U4, _>(layout!((8, 6) : (6, 1)));
}
