//! Refused operands of the products: the run-time algebra returns an
//! error for each, so each function must fail to compile with an error
//! naming a rule of CuTe. ui-tests/tests/refusals.rs compiles them (with
//! the other files here, as a library crate) and checks that. Written by
//! scripts/gen_refusal_cases.py (seed 20250611) with
//! tests/data/refusals.tsv; do not edit by hand.
#![cfg_attr(rustfmt, rustfmt::skip)]
#![allow(clippy::all)]
#![allow(dead_code, unused_imports)]

use cute_static::*;

/// logical_product(Layout(((4, 4), 1), ((16, 1), 1)), Layout((6, 4), (1, 6)))
pub fn case_0329() {
    let _ = logical_product(layout!(((4, 4), 1) : ((16, 1), 1)), layout!((6, 4) : (1, 6)));
}

/// logical_product(Layout(((5, 2), 1, 4), ((2, 1), 10, 10)), (None, 1, Layout((2, 4), (1, 4))))
pub fn case_0330() {
    let _ = logical_product(layout!(((5, 2), 1, 4) : ((2, 1), 10, 10)), (Keep, tile!(1), layout!((2, 4) : (1, 4))));
}

/// logical_product(Layout((((2, 2), 3), 2, 2), (((1, 4), 8), 1, 24)), ((None, 1), 2, Layout(6, 16)))
pub fn case_0331() {
    let _ = logical_product(layout!((((2, 2), 3), 2, 2) : (((1, 4), 8), 1, 24)), (tile!(_, 1), tile!(2), layout!(6 : 16)));
}

/// logical_product(Layout((8, 3, 2), (6, 1, 3)), (Layout((16,), (0,)), Layout((8,), (1,)), Layout((2, 4), (4, 1))))
pub fn case_0332() {
    let _ = logical_product(layout!((8, 3, 2) : (6, 1, 3)), (layout!((16,) : (0,)), layout!((8,) : (1,)), layout!((2, 4) : (4, 1))));
}

/// logical_product(Layout((3, 4, 4), (1, 1, 12)), Layout((2, (3, 2, 4)), (24, (8, 4, 1))))
pub fn case_0333() {
    let _ = logical_product(layout!((3, 4, 4) : (1, 1, 12)), layout!((2, (3, 2, 4)) : (24, (8, 4, 1))));
}

/// logical_product(Layout((2, ((2, 4), 3)), (1, ((8, 6), 2))), (None, Layout((16,), (0,))))
pub fn case_0334() {
    let _ = logical_product(layout!((2, ((2, 4), 3)) : (1, ((8, 6), 2))), (Keep, layout!((16,) : (0,))));
}

/// logical_product(Layout(((1, 1), 2, 2, ((2, 2, 2), 2)), ((3, 12), 8, 3, ((1, 3, 3), 32))), ((1, 2), Layout(8, 1), 2, 2))
pub fn case_0335() {
    let _ = logical_product(layout!(((1, 1), 2, 2, ((2, 2, 2), 2)) : ((3, 12), 8, 3, ((1, 3, 3), 32))), (tile!(1, 2), layout!(8 : 1), tile!(2), tile!(2)));
}

/// logical_product(Layout((1, (3, 2, 2), 2), (12, (4, 1, 4), 2)), (Layout((3, 4), (1, 3)), Layout((2, (1, 3)), (1, (2, 2)))))
pub fn case_0336() {
    let _ = logical_product(layout!((1, (3, 2, 2), 2) : (12, (4, 1, 4), 2)), (layout!((3, 4) : (1, 3)), layout!((2, (1, 3)) : (1, (2, 2)))));
}

/// logical_product(Layout((8, 3), (3, 0)), Layout(((2, 1), (2, 2), 1, 3), ((1, 24), (6, 12), 12, 2)))
pub fn case_0337() {
    let _ = logical_product(layout!((8, 3) : (3, 0)), layout!(((2, 1), (2, 2), 1, 3) : ((1, 24), (6, 12), 12, 2)));
}

/// logical_product(Layout(((2, 2), (1, 2, 3), 2), ((1, 12), (12, 24, 2), 0)), (None, 3))
pub fn case_0338() {
    let _ = logical_product(layout!(((2, 2), (1, 2, 3), 2) : ((1, 12), (12, 24, 2), 0)), tile!(_, 3));
}

/// logical_product(Layout((1, ((2, 1), 3), ((2, 2), 2)), (1, ((1, 4), 8), ((2, 4), 24))), (2, (2,), Layout((2, 8), (8, 1))))
pub fn case_0339() {
    let _ = logical_product(layout!((1, ((2, 1), 3), ((2, 2), 2)) : (1, ((1, 4), 8), ((2, 4), 24))), (tile!(2), tile!(2,), layout!((2, 8) : (8, 1))));
}

/// logical_product(Layout(((4,), 2), ((0,), 4)), (3, Layout(6, 5)))
pub fn case_0340() {
    let _ = logical_product(layout!(((4,), 2) : ((0,), 4)), (tile!(3), layout!(6 : 5)));
}

/// logical_product(Layout((6, 4), (5, 12)), Layout(((2, 1, 1), 2, (2, 3)), ((1, 2, 2), 2, (4, 8))))
pub fn case_0341() {
    let _ = logical_product(layout!((6, 4) : (5, 12)), layout!(((2, 1, 1), 2, (2, 3)) : ((1, 2, 2), 2, (4, 8))));
}

/// logical_product(Layout((1, 3, (2, 1, (2, 4))), (2, 3, (15, 30, (18, 24)))), (None, 2, Layout((4,), (1,))))
pub fn case_0342() {
    let _ = logical_product(layout!((1, 3, (2, 1, (2, 4))) : (2, 3, (15, 30, (18, 24)))), (Keep, tile!(2), layout!((4,) : (1,))));
}

/// logical_product(Layout((2, 2, ((2, 2), 1, 3)), (5, 6, ((12, 16), 48, 80))), (4, 2, 2))
pub fn case_0343() {
    let _ = logical_product(layout!((2, 2, ((2, 2), 1, 3)) : (5, 6, ((12, 16), 48, 80))), tile!(4, 2, 2));
}

/// logical_product(Layout((2, 3), (4, 9)), Layout(((2, 1, 1), 3, (2, 3)), ((18, 36, 0), 6, (1, 2))))
pub fn case_0344() {
    let _ = logical_product(layout!((2, 3) : (4, 9)), layout!(((2, 1, 1), 3, (2, 3)) : ((18, 36, 0), 6, (1, 2))));
}

/// logical_product(Layout(((1,), 3, 2, (3, (2, 1))), ((2,), 2, 1, (12, (6, 9)))), (Layout(4, 1), Layout(2, 5), None, None))
pub fn case_0345() {
    let _ = logical_product(layout!(((1,), 3, 2, (3, (2, 1))) : ((2,), 2, 1, (12, (6, 9)))), (layout!(4 : 1), layout!(2 : 5), Keep, Keep));
}

/// logical_product(Layout((1, ((2, 3), 2), 2, 2), (1, ((1, 2), 6), 12, 24)), (1, Layout(4, 0), Layout((3, 5), (2, 3)), Layout(4, 1)))
pub fn case_0346() {
    let _ = logical_product(layout!((1, ((2, 3), 2), 2, 2) : (1, ((1, 2), 6), 12, 24)), (tile!(1), layout!(4 : 0), layout!((3, 5) : (2, 3)), layout!(4 : 1)));
}

/// logical_product(Layout(((4, 4), 3), ((32, 8), 32)), Layout((3, 4, 3), (2, 9, 24)))
pub fn case_0347() {
    let _ = logical_product(layout!(((4, 4), 3) : ((32, 8), 32)), layout!((3, 4, 3) : (2, 9, 24)));
}

/// logical_product(Layout((1, (1, 2, (2, 3)), 2), (2, (2, 3, (10, 8)), 60)), (Layout(((1, 3, 2), 2), ((6, 0, 1), 4)), Layout(((3, 1), 3), ((1, 1), 3)), None))
pub fn case_0348() {
    let _ = logical_product(layout!((1, (1, 2, (2, 3)), 2) : (2, (2, 3, (10, 8)), 60)), (layout!(((1, 3, 2), 2) : ((6, 0, 1), 4)), layout!(((3, 1), 3) : ((1, 1), 3)), Keep));
}

/// logical_product(Layout((1, ((2, 2), 2), 3), (3, ((5, 6), 20), 24)), (Layout(2, 5), 2, Layout(((2, 8),), ((0, 16),))))
pub fn case_0349() {
    let _ = logical_product(layout!((1, ((2, 2), 2), 3) : (3, ((5, 6), 20), 24)), (layout!(2 : 5), tile!(2), layout!(((2, 8),) : ((0, 16),))));
}

/// logical_product(Layout((((2, 1), 3), 3, 2), (((54, 108), 18), 2, 1)), Layout((4, 8), (2, 20)))
pub fn case_0350() {
    let _ = logical_product(layout!((((2, 1), 3), 3, 2) : (((54, 108), 18), 2, 1)), layout!((4, 8) : (2, 20)));
}

/// logical_product(Layout(((1, 4), 2), ((1, 2), 1)), (3, None))
pub fn case_0351() {
    let _ = logical_product(layout!(((1, 4), 2) : ((1, 2), 1)), tile!(3, _));
}

/// logical_product(Layout((4, 1, 3, 4), (8, 8, 12, 3)), (3, 4, Layout((2, (1, 2, 4)), (6, (2, 1, 12))), Layout((8,), (1,))))
pub fn case_0352() {
    let _ = logical_product(layout!((4, 1, 3, 4) : (8, 8, 12, 3)), (tile!(3), tile!(4), layout!((2, (1, 2, 4)) : (6, (2, 1, 12))), layout!((8,) : (1,))));
}

/// logical_product(Layout((((2, 2), (2, 1, 1), 2), 2), (((5, 6), (8, 16, 16), 24), 48)), Layout((4, (2, 2)), (2, (12, 24))))
pub fn case_0353() {
    let _ = logical_product(layout!((((2, 2), (2, 1, 1), 2), 2) : (((5, 6), (8, 16, 16), 24), 48)), layout!((4, (2, 2)) : (2, (12, 24))));
}

/// logical_product(Layout(((4, 8), 2), ((3, 8), 160)), (2, None))
pub fn case_0354() {
    let _ = logical_product(layout!(((4, 8), 2) : ((3, 8), 160)), tile!(2, _));
}

/// logical_product(Layout(((3, 2, 4), 2), ((2, 24, 2), 1)), (Layout((3, 3), (1, 3)), Layout(((8, 2),), ((2, 1),))))
pub fn case_0355() {
    let _ = logical_product(layout!(((3, 2, 4), 2) : ((2, 24, 2), 1)), (layout!((3, 3) : (1, 3)), layout!(((8, 2),) : ((2, 1),))));
}

/// logical_product(Layout((2, (4, 2, (2, 2))), (16, (2, 0, (32, 1)))), Layout((2, (3, 2, 1), 4), (16, (3, 32, 0), 9)))
pub fn case_0356() {
    let _ = logical_product(layout!((2, (4, 2, (2, 2))) : (16, (2, 0, (32, 1)))), layout!((2, (3, 2, 1), 4) : (16, (3, 32, 0), 9)));
}

/// logical_product(Layout((4, 6), (0, 4)), Layout((3, 5), (1, 3)))
pub fn case_0381() {
    let _ = zipped_product(layout!((4, 6) : (0, 4)), layout!((3, 5) : (1, 3)));
}

/// logical_product(Layout(((2, 3, 3), 3), ((1, 6, 18), 2)), (None, Layout((3, 3), (1, 3))))
pub fn case_0382() {
    let _ = zipped_product(layout!(((2, 3, 3), 3) : ((1, 6, 18), 2)), (Keep, layout!((3, 3) : (1, 3))));
}

/// logical_product(Layout((((4,),), 3), (((1,),), 4)), ((3,), Layout((1, (2, 3)), (5, (3, 6)))))
pub fn case_0383() {
    let _ = zipped_product(layout!((((4,),), 3) : (((1,),), 4)), (tile!(3,), layout!((1, (2, 3)) : (5, (3, 6)))));
}

/// logical_product(Layout((2, (2, 2, 2), (2, 2)), (8, (128, 1, 4), (2, 16))), (2, Layout(6, 5), 1))
pub fn case_0384() {
    let _ = zipped_product(layout!((2, (2, 2, 2), (2, 2)) : (8, (128, 1, 4), (2, 16))), (tile!(2), layout!(6 : 5), tile!(1)));
}

/// logical_product(Layout((((3, 3, 1), 2), 2), (((2, 9, 45), 18), 54)), Layout((1, (6, 8)), (1, (1, 6))))
pub fn case_0385() {
    let _ = zipped_product(layout!((((3, 3, 1), 2), 2) : (((2, 9, 45), 18), 54)), layout!((1, (6, 8)) : (1, (1, 6))));
}

/// logical_product(Layout((1, (2, (2, 4, 4))), (0, (12, (12, 32, 2)))), (None, 3))
pub fn case_0386() {
    let _ = zipped_product(layout!((1, (2, (2, 4, 4))) : (0, (12, (12, 32, 2)))), tile!(_, 3));
}

/// logical_product(Layout(((2, (2, 1), (2, 2, 2)),), ((5, (10, 12), (20, 16, 80)),)), (Layout((2, 1, 3), (3, 1, 0)),))
pub fn case_0387() {
    let _ = zipped_product(layout!(((2, (2, 1), (2, 2, 2)),) : ((5, (10, 12), (20, 16, 80)),)), (layout!((2, 1, 3) : (3, 1, 0)),));
}

/// logical_product(Layout(((3, 4), 3), ((2, 6), 60)), Layout((5, 3, 1), (3, 1, 3)))
pub fn case_0388() {
    let _ = zipped_product(layout!(((3, 4), 3) : ((2, 6), 60)), layout!((5, 3, 1) : (3, 1, 3)));
}

/// logical_product(Layout((2, (1, 3, (3, 3))), (2, (10, 4, (18, 54)))), (None, Layout((6,), (6,))))
pub fn case_0389() {
    let _ = zipped_product(layout!((2, (1, 3, (3, 3))) : (2, (10, 4, (18, 54)))), (Keep, layout!((6,) : (6,))));
}

/// logical_product(Layout((5, 3, 3), (18, 3, 1)), (3, 4, 2))
pub fn case_0390() {
    let _ = zipped_product(layout!((5, 3, 3) : (18, 3, 1)), tile!(3, 4, 2));
}

/// logical_product(Layout((8, 4), (16, 6)), Layout((5, 2), (1, 5)))
pub fn case_0391() {
    let _ = zipped_product(layout!((8, 4) : (16, 6)), layout!((5, 2) : (1, 5)));
}

/// logical_product(Layout(((4, 3), 4), ((2, 1), 4)), (Layout(6, 0), None))
pub fn case_0392() {
    let _ = zipped_product(layout!(((4, 3), 4) : ((2, 1), 4)), (layout!(6 : 0), Keep));
}

/// logical_product(Layout((2, (2, 6)), (1, (3, 2))), (Layout((6,), (0,)), Layout(2, 1)))
pub fn case_0393() {
    let _ = zipped_product(layout!((2, (2, 6)) : (1, (3, 2))), (layout!((6,) : (0,)), layout!(2 : 1)));
}

/// logical_product(Layout((2, (4, (3, 2))), (2, (4, (24, 72)))), Layout(3, 1))
pub fn case_0394() {
    let _ = zipped_product(layout!((2, (4, (3, 2))) : (2, (4, (24, 72)))), layout!(3 : 1));
}

/// logical_product(Layout(((1, 1), (2, (2, 1)), (2, (1, 1, 2)), 3), ((12, 24), (6, (3, 12)), (12, (12, 3, 0)), 1)), (None, Layout(16, 1), 4, 4))
pub fn case_0395() {
    let _ = zipped_product(layout!(((1, 1), (2, (2, 1)), (2, (1, 1, 2)), 3) : ((12, 24), (6, (3, 12)), (12, (12, 3, 0)), 1)), (Keep, layout!(16 : 1), tile!(4), tile!(4)));
}

/// logical_product(Layout((4, (2,), 3, 2), (8, (6,), 100, 1)), (Layout(2, 2), Layout((2, 8), (1, 2)), Layout((2,), (5,)), 4))
pub fn case_0396() {
    let _ = zipped_product(layout!((4, (2,), 3, 2) : (8, (6,), 100, 1)), (layout!(2 : 2), layout!((2, 8) : (1, 2)), layout!((2,) : (5,)), tile!(4)));
}

/// logical_product(Layout((((3, 2), 4), (2, 1)), (((1, 1), 12), (2, 48))), Layout(((4, 8),), ((8, 1),)))
pub fn case_0397() {
    let _ = zipped_product(layout!((((3, 2), 4), (2, 1)) : (((1, 1), 12), (2, 48))), layout!(((4, 8),) : ((8, 1),)));
}

/// logical_product(Layout(((2, 2, 4), 3), ((1, 6, 4), 2)), (Layout((1, 16), (0, 1)), Layout((3,), (0,))))
pub fn case_0398() {
    let _ = zipped_product(layout!(((2, 2, 4), 3) : ((1, 6, 4), 2)), (layout!((1, 16) : (0, 1)), layout!((3,) : (0,))));
}

/// logical_product(Layout(4, 8), Layout((12, 3), (1, 12)))
pub fn case_0399() {
    let _ = zipped_product(layout!(4 : 8), layout!((12, 3) : (1, 12)));
}

/// logical_product(Layout(((2, (3, 2)), 3), ((9, (1, 0)), 3)), (None, Layout((2, 4), (1, 2))))
pub fn case_0400() {
    let _ = zipped_product(layout!(((2, (3, 2)), 3) : ((9, (1, 0)), 3)), (Keep, layout!((2, 4) : (1, 2))));
}

/// logical_product(Layout((6, 2, 2), (1, 6, 12)), (Layout((8,), (0,)), Layout(((2, 2, 2), 2), ((1, 2, 4), 8)), 4))
pub fn case_0401() {
    let _ = zipped_product(layout!((6, 2, 2) : (1, 6, 12)), (layout!((8,) : (0,)), layout!(((2, 2, 2), 2) : ((1, 2, 4), 8)), tile!(4)));
}

/// logical_product(Layout((1, (2, 2, (1, 1, 2)), 2, 2), (32, (0, 32, (1, 2, 6)), 32, 9)), Layout(3, 1))
pub fn case_0402() {
    let _ = zipped_product(layout!((1, (2, 2, (1, 1, 2)), 2, 2) : (32, (0, 32, (1, 2, 6)), 32, 9)), layout!(3 : 1));
}

/// logical_product(Layout((1, 2, (1, (3, 2), 2)), (3, 32, (100, (1, 1), 12))), (Layout((6,), (5,)), 1, Layout((12, 1), (5, 60))))
pub fn case_0403() {
    let _ = zipped_product(layout!((1, 2, (1, (3, 2), 2)) : (3, 32, (100, (1, 1), 12))), (layout!((6,) : (5,)), tile!(1), layout!((12, 1) : (5, 60))));
}

/// logical_product(Layout(2, 8), Layout((6, 5), (5, 1)))
pub fn case_0404() {
    let _ = zipped_product(layout!(2 : 8), layout!((6, 5) : (5, 1)));
}

/// logical_product(Layout((4, 2), (2, 0)), Layout(3, 1))
pub fn case_0427() {
    let _ = tiled_product(layout!((4, 2) : (2, 0)), layout!(3 : 1));
}

/// logical_product(Layout(((2, 2), 2, 3, 2), ((24, 6), 1, 2, 12)), (Layout((3,), (1,)), None, Layout(((2, 2, 1), 3), ((3, 10, 8), 8)), 3))
pub fn case_0428() {
    let _ = tiled_product(layout!(((2, 2), 2, 3, 2) : ((24, 6), 1, 2, 12)), (layout!((3,) : (1,)), Keep, layout!(((2, 2, 1), 3) : ((3, 10, 8), 8)), tile!(3)));
}

/// logical_product(Layout(((2, 1), (3, 3), 2), ((5, 4), (10, 30), 54)), (Layout((3, 4), (1, 3)), (1, 2), 2))
pub fn case_0429() {
    let _ = tiled_product(layout!(((2, 1), (3, 3), 2) : ((5, 4), (10, 30), 54)), (layout!((3, 4) : (1, 3)), tile!(1, 2), tile!(2)));
}

/// logical_product(Layout((4, 2, 5), (1, 4, 2)), (Layout((2, (2, 2, 2)), (4, (1, 8, 1))), Layout((2, 3), (1, 2)), 2))
pub fn case_0430() {
    let _ = tiled_product(layout!((4, 2, 5) : (1, 4, 2)), (layout!((2, (2, 2, 2)) : (4, (1, 8, 1))), layout!((2, 3) : (1, 2)), tile!(2)));
}

/// logical_product(Layout(((4, 5), 3), ((2, 20), 60)), ((3,), 2))
pub fn case_0431() {
    let _ = tiled_product(layout!(((4, 5), 3) : ((2, 20), 60)), tile!((3,), 2));
}

/// logical_product(Layout(((3, 2), 2, 3), ((16, 12), 0, 0)), Layout(((1, 3, 2), 2, 2), ((12, 1, 3), 12, 3)))
pub fn case_0432() {
    let _ = tiled_product(layout!(((3, 2), 2, 3) : ((16, 12), 0, 0)), layout!(((1, 3, 2), 2, 2) : ((12, 1, 3), 12, 3)));
}

/// logical_product(Layout((2, (2, 4, 2), 2), (6, (16, 2, 9), 1)), (None, 3, Layout((8,), (1,))))
pub fn case_0433() {
    let _ = tiled_product(layout!((2, (2, 4, 2), 2) : (6, (16, 2, 9), 1)), (Keep, tile!(3), layout!((8,) : (1,))));
}

/// logical_product(Layout((2, ((2, 4), 3)), (2, ((6, 20), 48))), (Layout(((1, 1), (2, 3)), ((3, 2), (2, 6))), 3))
pub fn case_0434() {
    let _ = tiled_product(layout!((2, ((2, 4), 3)) : (2, ((6, 20), 48))), (layout!(((1, 1), (2, 3)) : ((3, 2), (2, 6))), tile!(3)));
}

/// logical_product(Layout((2, ((2, 3), (4, 1))), (96, ((1, 8), (2, 1)))), Layout((2, 8), (3, 9)))
pub fn case_0435() {
    let _ = tiled_product(layout!((2, ((2, 3), (4, 1))) : (96, ((1, 8), (2, 1)))), layout!((2, 8) : (3, 9)));
}

/// logical_product(Layout((4, (3, 4)), (1, (32, 4))), (None, Layout(8, 5)))
pub fn case_0436() {
    let _ = tiled_product(layout!((4, (3, 4)) : (1, (32, 4))), (Keep, layout!(8 : 5)));
}

/// logical_product(Layout(((1, 2), ((2, 2), 1), 1, (2, (2, 2), 1)), ((4, 2), ((100, 8), 32), 100, (1, (12, 3), 16))), (Layout((4, 3), (3, 12)), (None,), None, None))
pub fn case_0437() {
    let _ = tiled_product(layout!(((1, 2), ((2, 2), 1), 1, (2, (2, 2), 1)) : ((4, 2), ((100, 8), 32), 100, (1, (12, 3), 16))), (layout!((4, 3) : (3, 12)), tile!(_,), Keep, Keep));
}

/// logical_product(Layout((5, 3, 3), (5, 15, 30)), (Layout((8, 2), (2, 0)), 3, Layout(8, 8)))
pub fn case_0438() {
    let _ = tiled_product(layout!((5, 3, 3) : (5, 15, 30)), (layout!((8, 2) : (2, 0)), tile!(3), layout!(8 : 8)));
}

/// logical_product(Layout(((1, 2), 2, (1, 2), (2, 3)), ((9, 1), 9, (1, 16), (1, 9))), Layout((4, 1), (1, 4)))
pub fn case_0439() {
    let _ = tiled_product(layout!(((1, 2), 2, (1, 2), (2, 3)) : ((9, 1), 9, (1, 16), (1, 9))), layout!((4, 1) : (1, 4)));
}

/// logical_product(Layout((((2, 2, 1), 2, 2), 2), (((5, 6, 20), 20, 24), 48)), (Layout((3, 4), (3, 6)),))
pub fn case_0440() {
    let _ = tiled_product(layout!((((2, 2, 1), 2, 2), 2) : (((5, 6, 20), 20, 24), 48)), (layout!((3, 4) : (3, 6)),));
}

/// logical_product(Layout(2, 3), Layout(4, 1))
pub fn case_0441() {
    let _ = tiled_product(layout!(2 : 3), layout!(4 : 1));
}

/// logical_product(Layout((3, 4), (0, 3)), (None, Layout((3,), (5,))))
pub fn case_0442() {
    let _ = tiled_product(layout!((3, 4) : (0, 3)), (Keep, layout!((3,) : (5,))));
}

/// logical_product(Layout(3, 3), (Layout((2, 8), (0, 16)),))
pub fn case_0443() {
    let _ = tiled_product(layout!(3 : 3), (layout!((2, 8) : (0, 16)),));
}

/// logical_product(Layout(((4, 2), (2, 1, 3)), ((4, 16), (16, 16, 100))), Layout((4, 2), (1, 4)))
pub fn case_0444() {
    let _ = tiled_product(layout!(((4, 2), (2, 1, 3)) : ((4, 16), (16, 16, 100))), layout!((4, 2) : (1, 4)));
}

/// logical_product(Layout((((2, 2), 2, 2), 2, 1), (((8, 5), 2, 4), 1, 4)), (3, Layout(((2, 1), (2, 2)), ((16, 32), (2, 1))), 3))
pub fn case_0445() {
    let _ = tiled_product(layout!((((2, 2), 2, 2), 2, 1) : (((8, 5), 2, 4), 1, 4)), (tile!(3), layout!(((2, 1), (2, 2)) : ((16, 32), (2, 1))), tile!(3)));
}

/// logical_product(Layout(2, 3), Layout((4, (8, 2)), (16, (2, 1))))
pub fn case_0446() {
    let _ = tiled_product(layout!(2 : 3), layout!((4, (8, 2)) : (16, (2, 1))));
}

/// logical_product(Layout((2, 4, 5), (1, 1, 8)), (None, 2, Layout((1, (2, 1, 3)), (12, (1, 12, 4)))))
pub fn case_0447() {
    let _ = tiled_product(layout!((2, 4, 5) : (1, 1, 8)), (Keep, tile!(2), layout!((1, (2, 1, 3)) : (12, (1, 12, 4)))));
}

/// logical_product(Layout((2, 2, 2, ((1, 2), 4)), (1, 4, 32, ((4, 2), 8))), (Layout((2, 1), (1, 1)), Layout((2,), (1,)), Layout((2, (1, 3)), (1, (1, 2))), Layout(((3, 4),), ((1, 3),))))
pub fn case_0448() {
    let _ = tiled_product(layout!((2, 2, 2, ((1, 2), 4)) : (1, 4, 32, ((4, 2), 8))), (layout!((2, 1) : (1, 1)), layout!((2,) : (1,)), layout!((2, (1, 3)) : (1, (1, 2))), layout!(((3, 4),) : ((1, 3),))));
}

/// logical_product(Layout((3, (1, 4, 4)), (1, (1, 24, 3))), Layout(((2, 3, 2), 4), ((3, 1, 6), 0)))
pub fn case_0471() {
    let _ = flat_product(layout!((3, (1, 4, 4)) : (1, (1, 24, 3))), layout!(((2, 3, 2), 4) : ((3, 1, 6), 0)));
}

/// logical_product(Layout(((2, 4), 2), ((1, 2), 2)), (None, 3))
pub fn case_0472() {
    let _ = flat_product(layout!(((2, 4), 2) : ((1, 2), 2)), tile!(_, 3));
}

/// logical_product(Layout((2, 4, 8), (4, 1, 8)), (Layout((3, 3), (1, 3)), Layout((4,), (1,)), 3))
pub fn case_0473() {
    let _ = flat_product(layout!((2, 4, 8) : (4, 1, 8)), (layout!((3, 3) : (1, 3)), layout!((4,) : (1,)), tile!(3)));
}

/// logical_product(Layout(((2, 2, 1), (2, 2, 3)), ((1, 2, 4), (4, 0, 16))), ((None, 3, 3), (None,)))
pub fn case_0474() {
    let _ = flat_product(layout!(((2, 2, 1), (2, 2, 3)) : ((1, 2, 4), (4, 0, 16))), tile!((_, 3, 3), (_,)));
}

/// logical_product(Layout(((3, 4, 4),), ((1, 1, 12),)), Layout((3, 2, (3, 2)), (6, 1, (2, 18))))
pub fn case_0475() {
    let _ = flat_product(layout!(((3, 4, 4),) : ((1, 1, 12),)), layout!((3, 2, (3, 2)) : (6, 1, (2, 18))));
}

/// logical_product(Layout(((2, 2, 2), 2, 4), ((5, 6, 20), 40, 32)), (Layout(2, 2), None, 2))
pub fn case_0476() {
    let _ = flat_product(layout!(((2, 2, 2), 2, 4) : ((5, 6, 20), 40, 32)), (layout!(2 : 2), Keep, tile!(2)));
}

/// logical_product(Layout((2, ((2, 4), 3)), (2, ((10, 20), 48))), (Layout(1, 1), 1))
pub fn case_0477() {
    let _ = flat_product(layout!((2, ((2, 4), 3)) : (2, ((10, 20), 48))), (layout!(1 : 1), tile!(1)));
}

/// logical_product(Layout((2, 16), (0, 2)), Layout((2, 1, 2, (2, 3)), (12, 6, 6, (3, 2))))
pub fn case_0478() {
    let _ = flat_product(layout!((2, 16) : (0, 2)), layout!((2, 1, 2, (2, 3)) : (12, 6, 6, (3, 2))));
}

/// logical_product(Layout(((2, (3, 1)), (4, 2)), ((1, (8, 2)), (2, 24))), (None, Layout(((3,), (2, 2)), ((1,), (3, 24)))))
pub fn case_0479() {
    let _ = flat_product(layout!(((2, (3, 1)), (4, 2)) : ((1, (8, 2)), (2, 24))), (Keep, layout!(((3,), (2, 2)) : ((1,), (3, 24)))));
}

/// logical_product(Layout(((2, 3, 2), 3), ((0, 6, 3), 1)), (Layout(4, 1),))
pub fn case_0480() {
    let _ = flat_product(layout!(((2, 3, 2), 3) : ((0, 6, 3), 1)), (layout!(4 : 1),));
}

/// logical_product(Layout((1, ((1, 1, 1), (3, 3), (3, 2))), (5, ((2, 5, 2), (3, 15), (27, 81)))), Layout(8, 1))
pub fn case_0481() {
    let _ = flat_product(layout!((1, ((1, 1, 1), (3, 3), (3, 2))) : (5, ((2, 5, 2), (3, 15), (27, 81)))), layout!(8 : 1));
}

/// logical_product(Layout((2, ((1, 3), 2, 2), 2), (2, ((10, 10), 12, 24), 72)), (Layout(2, 0), Layout((4, 3), (1, 4)), Layout(((3, 1), 1), ((1, 1), 3))))
pub fn case_0482() {
    let _ = flat_product(layout!((2, ((1, 3), 2, 2), 2) : (2, ((10, 10), 12, 24), 72)), (layout!(2 : 0), layout!((4, 3) : (1, 4)), layout!(((3, 1), 1) : ((1, 1), 3))));
}

/// logical_product(Layout((4, 8), (16, 0)), Layout((2, (2, 3), 2, 2), (4, (24, 8), 2, 0)))
pub fn case_0483() {
    let _ = flat_product(layout!((4, 8) : (16, 0)), layout!((2, (2, 3), 2, 2) : (4, (24, 8), 2, 0)));
}

/// logical_product(Layout((2, ((2, 4, 4),)), (2, ((10, 12, 80),))), (Layout((4, 3), (3, 0)), None))
pub fn case_0484() {
    let _ = flat_product(layout!((2, ((2, 4, 4),)) : (2, ((10, 12, 80),))), (layout!((4, 3) : (3, 0)), Keep));
}

/// logical_product(Layout((5, 5), (2, 15)), (Layout((3, 3), (3, 0)),))
pub fn case_0485() {
    let _ = flat_product(layout!((5, 5) : (2, 15)), (layout!((3, 3) : (3, 0)),));
}

/// logical_product(Layout((2, 2, 2, (1, 3, 1)), (12, 1, 1, (1, 4, 2))), Layout((3, 4), (4, 1)))
pub fn case_0486() {
    let _ = flat_product(layout!((2, 2, 2, (1, 3, 1)) : (12, 1, 1, (1, 4, 2))), layout!((3, 4) : (4, 1)));
}

/// logical_product(Layout((3, ((2, 2), 4)), (5, ((9, 30), 36))), (4, Layout(2, 2)))
pub fn case_0487() {
    let _ = flat_product(layout!((3, ((2, 2), 4)) : (5, ((9, 30), 36))), (tile!(4), layout!(2 : 2)));
}

/// logical_product(Layout((2, 16), (3, 6)), Layout((2, 2, (4, 2)), (32, 4, (8, 1))))
pub fn case_0488() {
    let _ = flat_product(layout!((2, 16) : (3, 6)), layout!((2, 2, (4, 2)) : (32, 4, (8, 1))));
}

/// logical_product(Layout((3, 3), (1, 3)), (None, Layout(6, 2)))
pub fn case_0489() {
    let _ = flat_product(layout!((3, 3) : (1, 3)), (Keep, layout!(6 : 2)));
}

/// logical_product(Layout(((2, 2), (2, 1), 3, 2), ((96, 3), (12, 6), 1, 6)), (Layout((4, 4), (1, 4)), 3, 1, Layout(6, 1)))
pub fn case_0490() {
    let _ = flat_product(layout!(((2, 2), (2, 1), 3, 2) : ((96, 3), (12, 6), 1, 6)), (layout!((4, 4) : (1, 4)), tile!(3), tile!(1), layout!(6 : 1)));
}

/// logical_product(Layout((4, 2), (2, 4)), Layout((2, 3), (4, 1)))
pub fn case_0491() {
    let _ = flat_product(layout!((4, 2) : (2, 4)), layout!((2, 3) : (4, 1)));
}

/// logical_product(Layout((1, (2, (2, 4, 4))), (5, (5, (6, 12, 48)))), (Layout(8, 1), Layout(12, 1)))
pub fn case_0492() {
    let _ = flat_product(layout!((1, (2, (2, 4, 4))) : (5, (5, (6, 12, 48)))), (layout!(8 : 1), layout!(12 : 1)));
}
