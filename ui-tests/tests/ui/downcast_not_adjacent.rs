// downcast<2> splits each element in two: the mode of stride 1 takes twice
// its extent, and this layout has no static stride 1.
use cute_static::atom::downcast;
use cute_static::layout;

fn main() {
    let _ = downcast::<typenum::U2, _>(layout!((4, 8) : (2, 8)));
}
