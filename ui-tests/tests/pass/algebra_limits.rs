// The algebra on static layouts of depth 3, rank 4 and values up to 2^30
// builds with the compiler's default recursion_limit, and mixed operands
// keep their static parts static.
use cute_static::{
    blocked_product, coalesce, complement, complement_to, composition, flat_divide,
    left_inverse, layout, logical_divide, logical_product, raked_product, right_inverse, shape,
    tile, tiled_divide, zipped_divide, KnownInt,
};

fn main() {
    // depth 3, rank 4, values near 2^30
    let a = layout!(((2, 4), (8, (16, 32)), 64, 16) : ((1, 2), (8, (64, 1024)), 32768, 2097152));
    let c = coalesce(a);
    assert_eq!(c.size().get(), 1 << 25);
    let r = right_inverse(a);
    assert_eq!(r.size().get(), 1 << 25);
    let l = left_inverse(a);
    assert_eq!(l.size().get(), 1 << 25);
    let big = layout!((1024, 1024, 1024) : (1, 1024, 1048576));
    let t = zipped_divide(big, tile!(128, 64, 32));
    assert_eq!(t.to_string(), "((_128,_64,_32),(_8,_16,_32)):((_1,_1024,_1048576),(_128,_65536,_33554432))");
    let f = flat_divide(big, tile!(128, 64));
    assert_eq!(f.rank(), 5);
    let d = logical_divide(big, layout!((4, 8) : (1, 1024)));
    assert_eq!(d.size().get(), 1 << 30);
    let p = logical_product(layout!((4, 8) : (1, 4)), layout!((32, 32) : (1, 32)));
    assert_eq!(p.size().get(), 1 << 15);
    let b = blocked_product(layout!((4, 8) : (8, 1)), layout!((8, 4) : (1, 8)));
    let k = raked_product(layout!((4, 8) : (8, 1)), layout!((8, 4) : (1, 8)));
    assert_eq!((b.size().get(), k.size().get()), (1024, 1024));
    let m = complement_to(layout!((4, 4) : (1, 64)), shape!(1048576));
    assert_eq!(m.cosize().get() > 0, true);
    let x = complement(layout!((8, 8) : (1, 64)));
    let y = composition(x, layout!(8 : 1));
    assert_eq!(y.to_string(), "_8:_8");

    // mixed: a run-time matrix by a static tile
    let (rows, cols) = (1000, 3000);
    let g = layout!((rows, cols) : (1, rows)).unwrap();
    let td = tiled_divide(g, tile!(128, 64)).unwrap();
    assert_eq!(td.to_string(), "((_128,_64),8,47):((_1,1000),_128,64000)");
    let tile0 = td.mode::<0>();
    let _: cute_static::Layout![(128, 64) : (1, {})] = tile0;
}
