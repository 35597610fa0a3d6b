// Static and mixed layouts of realistic depth, rank and values build with the
// default recursion limit, and their type-level results are the expected
// types.
use cute_static::shape::{ColMajor, Idx2CrdOf, SizeOf};
use cute_static::stride::{CosizeOf, OffsetOf};
use cute_static::{coord, layout, KnownInt, make_layout, Coord, Layout, Shape, Stride};
use static_assertions::assert_type_eq_all;

type Big = Layout![((128, 64), (2, (4, 8))) : ((1, 128), (8192, (16384, 65536)))];

fn main() {
    // depth 3, rank 4 per level, values up to 2^30
    let a = layout!(((2, 3), (4, (5, 6)), 7, 8) : ((1, 2), (6, (24, 120)), 720, 5040));
    assert_eq!(a.size().get(), 40320);
    let b: Big = layout!(((128, 64), (2, (4, 8))) : ((1, 128), (8192, (16384, 65536))));
    assert_eq!(b.eval(1 << 19), 65536 * 8);
    let big = layout!((1024, 1024, 1024) : (1, 1024, 1048576));
    assert_eq!(big.eval((1 << 30) - 1), (1 << 30) - 1);
    assert_type_eq_all!(SizeOf<Shape![1024, 1024, 1024]>, typenum::U1073741824);
    assert_type_eq_all!(ColMajor<Shape![4, (2, 3)]>, Stride![1, (4, 8)]);
    assert_type_eq_all!(CosizeOf<Shape![4, 8], Stride![8, 1]>, typenum::U32);
    assert_type_eq_all!(Idx2CrdOf<Shape![3, (2, 4)], Coord![7]>, Coord![1, (0, 1)]);
    assert_type_eq_all!(OffsetOf<Shape![3, (2, 4)], Stride![2, (1, 6)], Coord![23]>, typenum::U23);
    // mixed
    let n = 4;
    let m = layout!((8, n) : (n, 1)).unwrap();
    assert_eq!(m.to_string(), "(_8,4):(4,_1)");
    assert_eq!(m.call(coord!(1, 2)), 6);
    let c = make_layout((layout!(3 : 1), m));
    assert_eq!(c.to_string(), "(_3,(_8,4)):(_1,(4,_1))");
    // a flat rank-16 layout
    let f = layout!((2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2));
    assert_eq!(f.eval(65535), 65535);
}
