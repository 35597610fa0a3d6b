// A static natural coordinate with the wrong profile.
use cute_static::shape::Idx2CrdOf;
use cute_static::{Coord, Shape};

type Bad = Idx2CrdOf<Shape![3, 4], Coord![1, 2, 3]>;

fn main() {
    let _ = core::mem::size_of::<Bad>();
}
