//! Refused operands: the run-time algebra returns an error for each, so
//! each function must fail to compile with an error naming a rule of
//! CuTe. ui-tests/tests/refusals.rs compiles them (as a library crate) and
//! checks that. Written by scripts/gen_refusal_cases.py
//! (seed 20250611) with tests/data/refusals.tsv; do not edit by hand.
#![cfg_attr(rustfmt, rustfmt::skip)]
#![allow(clippy::all)]
#![allow(dead_code, unused_imports)]

use cute_static::*;

/// composition(Layout((4, 2), (1, 100)), Layout((3, 2), (1, 3)))
pub fn case_0045() {
    let _ = composition(layout!((4, 2) : (1, 100)), layout!((3, 2) : (1, 3)));
}

/// composition(Layout((2, 6), (6, 1)), Layout((4, 2, 1), (1, 1, 0)))
pub fn case_0046() {
    let _ = composition(layout!((2, 6) : (6, 1)), layout!((4, 2, 1) : (1, 1, 0)));
}

/// composition(Layout(((4, 8), 4, 4), ((1, 32), 9, 9)), Layout((2, 2, 16), (8, 2, 1)))
pub fn case_0047() {
    let _ = composition(layout!(((4, 8), 4, 4) : ((1, 32), 9, 9)), layout!((2, 2, 16) : (8, 2, 1)));
}

/// composition(Layout((8, (1, 8)), (8, (1, 1))), Layout((8, 16, 4), (2, 4, 2)))
pub fn case_0048() {
    let _ = composition(layout!((8, (1, 8)) : (8, (1, 1))), layout!((8, 16, 4) : (2, 4, 2)));
}

/// composition(Layout(((8, 2, 1), 2, 2), ((8, 4, 2), 1, 2)), Layout((8, 16), (2, 4)))
pub fn case_0049() {
    let _ = composition(layout!(((8, 2, 1), 2, 2) : ((8, 4, 2), 1, 2)), layout!((8, 16) : (2, 4)));
}

/// composition(Layout((3, (12, 2)), (24, (1, 4))), 16)
pub fn case_0050() {
    let _ = composition(layout!((3, (12, 2)) : (24, (1, 4))), tile!(16));
}

/// composition(Layout((3, (5, (2, 6))), (6, (36, (18, 1)))), Layout((8, 4), (4, 1)))
pub fn case_0051() {
    let _ = composition(layout!((3, (5, (2, 6))) : (6, (36, (18, 1)))), layout!((8, 4) : (4, 1)));
}

/// composition(Layout((4, 2), (6, 0)), Layout((4, 4, 3), (1, 1, 4)))
pub fn case_0052() {
    let _ = composition(layout!((4, 2) : (6, 0)), layout!((4, 4, 3) : (1, 1, 4)));
}

/// composition(Layout((((2, 3), 4), (4, 4)), (((1, 128), 2), (2, 32))), (Layout((6, 3), (1, 7)), Layout(1, 2)))
pub fn case_0053() {
    let _ = composition(layout!((((2, 3), 4), (4, 4)) : (((1, 128), 2), (2, 32))), (layout!((6, 3) : (1, 7)), layout!(1 : 2)));
}

/// composition(Layout(2, 1), (None, Layout(1, 5)))
pub fn case_0054() {
    let _ = composition(layout!(2 : 1), (Keep, layout!(1 : 5)));
}

/// composition(Layout(((8, 2), 1, 6), ((5, 40), 48, 32)), (Layout((8, 3), (1, 2)), Layout(3, 4), Layout((5, 2), (1, 5)), Layout(2, 1)))
pub fn case_0055() {
    let _ = composition(layout!(((8, 2), 1, 6) : ((5, 40), 48, 32)), (layout!((8, 3) : (1, 2)), layout!(3 : 4), layout!((5, 2) : (1, 5)), layout!(2 : 1)));
}

/// composition(Layout((((1, 2), (3, 3)), (3, 2), (2, 2)), (((72, 12), (24, 144)), (4, 72), (1, 2))), 16)
pub fn case_0056() {
    let _ = composition(layout!((((1, 2), (3, 3)), (3, 2), (2, 2)) : (((72, 12), (24, 144)), (4, 72), (1, 2))), tile!(16));
}

/// composition(Layout((3, 2), (9, 6)), Layout((3, 2), (2, 6)))
pub fn case_0057() {
    let _ = composition(layout!((3, 2) : (9, 6)), layout!((3, 2) : (2, 6)));
}

/// composition(Layout(((6, 4, (8, 1)), 2), ((8, 0, (6, 3)), 1)), Layout((4, 2), (1, 5)))
pub fn case_0058() {
    let _ = composition(layout!(((6, 4, (8, 1)), 2) : ((8, 0, (6, 3)), 1)), layout!((4, 2) : (1, 5)));
}

/// composition(Layout(((3, 3), 6, 2), ((36, 6), 0, 18)), (8, Layout((1, 2), (1, 1))))
pub fn case_0059() {
    let _ = composition(layout!(((3, 3), 6, 2) : ((36, 6), 0, 18)), (tile!(8), layout!((1, 2) : (1, 1))));
}

/// composition(Layout((16, 3, 5, 2), (2, 32, 144, 720)), (16, Layout((1, 4), (1, 1)), None, 2, Layout((2, 8), (1, 0))))
pub fn case_0060() {
    let _ = composition(layout!((16, 3, 5, 2) : (2, 32, 144, 720)), (tile!(16), layout!((1, 4) : (1, 1)), Keep, tile!(2), layout!((2, 8) : (1, 0))));
}

/// composition(Layout((4, 2), (1, 12)), (Layout((1,), (1,)), Layout(2, 4), Layout((2, 4, 2), (1, 1, 2))))
pub fn case_0061() {
    let _ = composition(layout!((4, 2) : (1, 12)), (layout!((1,) : (1,)), layout!(2 : 4), layout!((2, 4, 2) : (1, 1, 2))));
}

/// composition(Layout((((2, 2), 1, 1), 3, 3, (2, (2, 3))), (((6, 0), 144, 144), 12, 1, (3, (36, 144)))), 16)
pub fn case_0062() {
    let _ = composition(layout!((((2, 2), 1, 1), 3, 3, (2, (2, 3))) : (((6, 0), 144, 144), 12, 1, (3, (36, 144)))), tile!(16));
}

/// composition(Layout((((2, 5), 4), 8), (((3, 1), 32), 8)), Layout((2, (6, 4)), (1, (8, 2))))
pub fn case_0063() {
    let _ = composition(layout!((((2, 5), 4), 8) : (((3, 1), 32), 8)), layout!((2, (6, 4)) : (1, (8, 2))));
}

/// composition(Layout((8, 2), (2, 0)), Layout((7, 2, 3), (1, 7, 8)))
pub fn case_0064() {
    let _ = composition(layout!((8, 2) : (2, 0)), layout!((7, 2, 3) : (1, 7, 8)));
}

/// composition(Layout((6, ((2, 5), 2), 3, 1), (60, ((360, 6), 1), 2, 720)), (3, Layout((3, 4), (3, 6)), Layout(((4, 3),), ((3, 1),)), Layout(1, 2)))
pub fn case_0065() {
    let _ = composition(layout!((6, ((2, 5), 2), 3, 1) : (60, ((360, 6), 1), 2, 720)), (tile!(3), layout!((3, 4) : (3, 6)), layout!(((4, 3),) : ((3, 1),)), layout!(1 : 2)));
}

/// composition(Layout((5, (1, 5), 8), (40, (40, 1), 5)), (Layout((5, 5, 5), (2, 1, 2)), None, Layout((4, 3), (1, 1)), Layout(3, 1)))
pub fn case_0066() {
    let _ = composition(layout!((5, (1, 5), 8) : (40, (40, 1), 5)), (layout!((5, 5, 5) : (2, 1, 2)), Keep, layout!((4, 3) : (1, 1)), layout!(3 : 1)));
}

/// composition(Layout(((4, 6), (6,)), ((1, 4), (24,))), (Layout(3, 3), 6, 1))
pub fn case_0067() {
    let _ = composition(layout!(((4, 6), (6,)) : ((1, 4), (24,))), (layout!(3 : 3), tile!(6), tile!(1)));
}

/// composition(Layout(((6, (3,), 8),), ((1, (48,), 6),)), 8)
pub fn case_0068() {
    let _ = composition(layout!(((6, (3,), 8),) : ((1, (48,), 6),)), tile!(8));
}

/// composition(Layout((2, 12, (8, 2)), (96, 1, (12, 64))), Layout((2, 5), (1, 1)))
pub fn case_0069() {
    let _ = composition(layout!((2, 12, (8, 2)) : (96, 1, (12, 64))), layout!((2, 5) : (1, 1)));
}

/// composition(Layout((16, (5,)), (2, (48,))), Layout((1, (2, 2, 1), 2, (1, 3)), (24, (1, 6, 2), 12, (12, 2))))
pub fn case_0070() {
    let _ = composition(layout!((16, (5,)) : (2, (48,))), layout!((1, (2, 2, 1), 2, (1, 3)) : (24, (1, 6, 2), 12, (12, 2))));
}

/// composition(Layout((2, (2, 2), ((1, 3), 4, 4)), (5, (10, 12), ((16, 16), 72, 288))), (Layout(8, 1), Layout((2, 2, 2), (1, 2, 1))))
pub fn case_0071() {
    let _ = composition(layout!((2, (2, 2), ((1, 3), 4, 4)) : (5, (10, 12), ((16, 16), 72, 288))), (layout!(8 : 1), layout!((2, 2, 2) : (1, 2, 1))));
}

/// composition(Layout((4, (6, (4, 5))), (1, (20, (120, 4)))), (None, Layout((2, (4, 2)), (0, (4, 2))), Layout(2, 1)))
pub fn case_0072() {
    let _ = composition(layout!((4, (6, (4, 5))) : (1, (20, (120, 4)))), (Keep, layout!((2, (4, 2)) : (0, (4, 2))), layout!(2 : 1)));
}

/// composition(Layout(((2, 5), (2, 3)), ((2, 4), (1, 80))), (Layout((2, 2), (1, 2)), Layout((5, 1), (3, 10)), 2))
pub fn case_0073() {
    let _ = composition(layout!(((2, 5), (2, 3)) : ((2, 4), (1, 80))), (layout!((2, 2) : (1, 2)), layout!((5, 1) : (3, 10)), tile!(2)));
}

/// composition(Layout(((1, 2, 2), (2, 1, 2), 2, (2, 2, 2)), ((2, 3, 4), (12, 40, 40), 32, (64, 320, 256))), Layout((3, 3), (1, 1)))
pub fn case_0074() {
    let _ = composition(layout!(((1, 2, 2), (2, 1, 2), 2, (2, 2, 2)) : ((2, 3, 4), (12, 40, 40), 32, (64, 320, 256))), layout!((3, 3) : (1, 1)));
}

/// composition(Layout((((6, 6, 1), 1), 2, 6), (((72, 12, 1), 1), 1, 2)), Layout(((2, 2, 2), 1, 1, (2, 3)), ((1, 2, 4), 8, 8, (8, 16))))
pub fn case_0075() {
    let _ = composition(layout!((((6, 6, 1), 1), 2, 6) : (((72, 12, 1), 1), 1, 2)), layout!(((2, 2, 2), 1, 1, (2, 3)) : ((1, 2, 4), 8, 8, (8, 16))));
}

/// composition(Layout((2, (2, 2), ((2, 3, 2), 4)), (24, (12, 48), ((6, 1, 3), 96))), (Layout(2, 2), 1, Layout((3, 3), (1, 2))))
pub fn case_0076() {
    let _ = composition(layout!((2, (2, 2), ((2, 3, 2), 4)) : (24, (12, 48), ((6, 1, 3), 96))), (layout!(2 : 2), tile!(1), layout!((3, 3) : (1, 2))));
}

/// composition(Layout((2, 2, 2), (1, 2, 4)), (Layout((3, 4), (3, 9)), Layout((4,), (1,)), Layout((2, 5), (1, 1)), Layout((1, 1), (2, 1))))
pub fn case_0077() {
    let _ = composition(layout!((2, 2, 2) : (1, 2, 4)), (layout!((3, 4) : (3, 9)), layout!((4,) : (1,)), layout!((2, 5) : (1, 1)), layout!((1, 1) : (2, 1))));
}

/// composition(Layout((4, 3), (1, 1)), Layout(5, 2))
pub fn case_0078() {
    let _ = composition(layout!((4, 3) : (1, 1)), layout!(5 : 2));
}

/// composition(Layout((2, 2, (4, (2, 2, 3)), 2), (2, 1, (48, (192, 24, 8)), 4)), Layout((2, 3), (64, 64)))
pub fn case_0079() {
    let _ = composition(layout!((2, 2, (4, (2, 2, 3)), 2) : (2, 1, (48, (192, 24, 8)), 4)), layout!((2, 3) : (64, 64)));
}

/// composition(Layout((3, (6, (4, 6))), (1, (3, (18, 72)))), (3, Layout((4, 3), (1, 4)), Layout(4, 3)))
pub fn case_0080() {
    let _ = composition(layout!((3, (6, (4, 6))) : (1, (3, (18, 72)))), (tile!(3), layout!((4, 3) : (1, 4)), layout!(4 : 3)));
}

/// composition(Layout(((3, 3, 2), 2, (2, 4, 1)), ((48, 4, 2), 1, (144, 288, 1152))), Layout((4, 1, 1), (1, 3, 18)))
pub fn case_0081() {
    let _ = composition(layout!(((3, 3, 2), 2, (2, 4, 1)) : ((48, 4, 2), 1, (144, 288, 1152))), layout!((4, 1, 1) : (1, 3, 18)));
}

/// composition(Layout((2, (2, (3, 2, 4), 4)), (48, (96, (4, 1, 12), 192))), Layout((2, 2, 2), (4, 8, 12)))
pub fn case_0082() {
    let _ = composition(layout!((2, (2, (3, 2, 4), 4)) : (48, (96, (4, 1, 12), 192))), layout!((2, 2, 2) : (4, 8, 12)));
}

/// composition(Layout((((2, 6), (12, 2)),), (((1, 2), (12, 144)),)), (288, Layout((1, 4, 2), (1, 2, 2))))
pub fn case_0083() {
    let _ = composition(layout!((((2, 6), (12, 2)),) : (((1, 2), (12, 144)),)), (tile!(288), layout!((1, 4, 2) : (1, 2, 2))));
}

/// composition(Layout(((2,), 1), ((1,), 1)), Layout((1, 2, 3, (2, 2)), (1, 3, 1, (12, 24))))
pub fn case_0084() {
    let _ = composition(layout!(((2,), 1) : ((1,), 1)), layout!((1, 2, 3, (2, 2)) : (1, 3, 1, (12, 24))));
}

/// composition(Layout((8, 12), (1, 24)), Layout((5, (2,)), (1, (5,))))
pub fn case_0085() {
    let _ = composition(layout!((8, 12) : (1, 24)), layout!((5, (2,)) : (1, (5,))));
}

/// composition(Layout(6, 1), (Layout((4, 3), (1, 0)), Layout(((4, 1), 4), ((9, 6), 16))))
pub fn case_0086() {
    let _ = composition(layout!(6 : 1), (layout!((4, 3) : (1, 0)), layout!(((4, 1), 4) : ((9, 6), 16))));
}

/// composition(Layout(((4,), (6, (4, 4))), ((192,), (32, (1, 8)))), Layout((8, 6), (6, 1)))
pub fn case_0087() {
    let _ = composition(layout!(((4,), (6, (4, 4))) : ((192,), (32, (1, 8)))), layout!((8, 6) : (6, 1)));
}

/// composition(Layout((2, 8, (2,)), (3, 2, (12,))), Layout((3, 2, 2), (2, 14, 2)))
pub fn case_0088() {
    let _ = composition(layout!((2, 8, (2,)) : (3, 2, (12,))), layout!((3, 2, 2) : (2, 14, 2)));
}

/// composition(Layout((3, (4, 16)), (5, (6, 24))), (4, Layout(1, 4), 5))
pub fn case_0089() {
    let _ = composition(layout!((3, (4, 16)) : (5, (6, 24))), (tile!(4), layout!(1 : 4), tile!(5)));
}

/// composition(Layout((((1, 3, 3), (3, 2, 2)), 2), (((108, 36, 2), (12, 6, 108)), 1)), Layout(((2, 2), 2), ((2, 4), 1)))
pub fn case_0090() {
    let _ = composition(layout!((((1, 3, 3), (3, 2, 2)), 2) : (((108, 36, 2), (12, 6, 108)), 1)), layout!(((2, 2), 2) : ((2, 4), 1)));
}

/// composition(Layout(((3, 8), 6, 3), ((3, 2), 2, 8)), Layout((3, 2, 1), (48, 48, 1)))
pub fn case_0091() {
    let _ = composition(layout!(((3, 8), 6, 3) : ((3, 2), 2, 8)), layout!((3, 2, 1) : (48, 48, 1)));
}

/// composition(Layout((8, 8, 6), (1, 8, 64)), (Layout(2, 1), Layout(5, 2), Layout((3, 2), (1, 3)), Layout((2, 4), (1, 2))))
pub fn case_0092() {
    let _ = composition(layout!((8, 8, 6) : (1, 8, 64)), (layout!(2 : 1), layout!(5 : 2), layout!((3, 2) : (1, 3)), layout!((2, 4) : (1, 2))));
}

/// composition(Layout((((4, 2), 3), 4, 4), (((9, 100), 12), 8, 8)), Layout((2, 1, 3, (2, 2, 2)), (1, 2, 2, (2, 24, 12))))
pub fn case_0093() {
    let _ = composition(layout!((((4, 2), 3), 4, 4) : (((9, 100), 12), 8, 8)), layout!((2, 1, 3, (2, 2, 2)) : (1, 2, 2, (2, 24, 12))));
}

/// composition(Layout(((16, 4), 2), ((12, 12), 2)), Layout((11, 3), (1, 3)))
pub fn case_0094() {
    let _ = composition(layout!(((16, 4), 2) : ((12, 12), 2)), layout!((11, 3) : (1, 3)));
}

/// composition(Layout((3, 2, (4, 3), 4), (24, 1, (288, 2), 6)), (Layout((1, 1), (1, 2)), Layout((1,), (1,)), Layout((8,), (1,)), Layout((1, 1), (2, 2)), Layout((2, (3,)), (1, (2,)))))
pub fn case_0095() {
    let _ = composition(layout!((3, 2, (4, 3), 4) : (24, 1, (288, 2), 6)), (layout!((1, 1) : (1, 2)), layout!((1,) : (1,)), layout!((8,) : (1,)), layout!((1, 1) : (2, 2)), layout!((2, (3,)) : (1, (2,)))));
}

/// composition(Layout((6, (6, 6)), (6, (36, 1))), Layout(4, 12))
pub fn case_0096() {
    let _ = composition(layout!((6, (6, 6)) : (6, (36, 1))), layout!(4 : 12));
}

/// composition(Layout(((4, 1), 8, 2), ((16, 6), 9, 3)), Layout((3, 2), (4, 28)))
pub fn case_0097() {
    let _ = composition(layout!(((4, 1), 8, 2) : ((16, 6), 9, 3)), layout!((3, 2) : (4, 28)));
}

/// composition(Layout((3, (2, 3), 2, (1, (3, 3))), (6, (8, 8), 1, (32, (9, 0)))), (Layout(8, 1), Layout((4,), (1,)), Layout(((3, 3),), ((0, 1),)), Layout(3, 1), 5))
pub fn case_0098() {
    let _ = composition(layout!((3, (2, 3), 2, (1, (3, 3))) : (6, (8, 8), 1, (32, (9, 0)))), (layout!(8 : 1), layout!((4,) : (1,)), layout!(((3, 3),) : ((0, 1),)), layout!(3 : 1), tile!(5)));
}

/// composition(Layout((((3, 2), 5), 2), (((10, 5), 0), 30)), Layout((3, 4), (1, 1)))
pub fn case_0099() {
    let _ = composition(layout!((((3, 2), 5), 2) : (((10, 5), 0), 30)), layout!((3, 4) : (1, 1)));
}

/// composition(Layout((4, 3, 6, 4), (1, 96, 4, 24)), Layout((3, 2), (4, 8)))
pub fn case_0100() {
    let _ = composition(layout!((4, 3, 6, 4) : (1, 96, 4, 24)), layout!((3, 2) : (4, 8)));
}

/// logical_divide(Layout((3, 12), (9, 100)), 8)
pub fn case_0129() {
    let _ = logical_divide(layout!((3, 12) : (9, 100)), tile!(8));
}

/// logical_divide(Layout((16, 8, 4), (32, 1, 512)), Layout(3, 1))
pub fn case_0130() {
    let _ = logical_divide(layout!((16, 8, 4) : (32, 1, 512)), layout!(3 : 1));
}

/// logical_divide(Layout((((2, 4, 1), (3,), 2), 4, 2), (((16, 4, 192), (64,), 192), 1, 32)), (Layout(5, 4), 1, None))
pub fn case_0131() {
    let _ = logical_divide(layout!((((2, 4, 1), (3,), 2), 4, 2) : (((16, 4, 192), (64,), 192), 1, 32)), (layout!(5 : 4), tile!(1), Keep));
}

/// logical_divide(Layout(((2, 3, 2), 2, (4, 4)), ((96, 32, 4), 192, (1, 8))), (Layout((2, 2), (1, 4)), Layout(3, 2), (2,)))
pub fn case_0132() {
    let _ = logical_divide(layout!(((2, 3, 2), 2, (4, 4)) : ((96, 32, 4), 192, (1, 8))), (layout!((2, 2) : (1, 4)), layout!(3 : 2), tile!(2,)));
}

/// logical_divide(Layout(((3, 2), 3, 2, (4, (1, 3))), ((3, 216), 36, 36, (9, (3, 1)))), (2, 6, 1, Layout((2, 2), (1, 2))))
pub fn case_0133() {
    let _ = logical_divide(layout!(((3, 2), 3, 2, (4, (1, 3))) : ((3, 216), 36, 36, (9, (3, 1)))), (tile!(2), tile!(6), tile!(1), layout!((2, 2) : (1, 2))));
}

/// logical_divide(Layout((((2, 2, 3), 6), 4), (((24, 3, 1), 48), 3)), ((3, Layout((3, 2), (1, 6))), None))
pub fn case_0134() {
    let _ = logical_divide(layout!((((2, 2, 3), 6), 4) : (((24, 3, 1), 48), 3)), ((tile!(3), layout!((3, 2) : (1, 6))), Keep));
}

/// logical_divide(Layout(((2, 1, 3), 2, 4, 6), ((8, 1, 96), 1, 1, 16)), (None, 8, None, Layout(3, 1), 4))
pub fn case_0135() {
    let _ = logical_divide(layout!(((2, 1, 3), 2, 4, 6) : ((8, 1, 96), 1, 1, 16)), (Keep, tile!(8), Keep, layout!(3 : 1), tile!(4)));
}

/// logical_divide(Layout((6, 4, (3, 2)), (9, 1, (2, 8))), (2, Layout((3, 4), (1, 4)), (None, 1), Layout((3, 3), (1, 4))))
pub fn case_0136() {
    let _ = logical_divide(layout!((6, 4, (3, 2)) : (9, 1, (2, 8))), (tile!(2), layout!((3, 4) : (1, 4)), tile!(_, 1), layout!((3, 3) : (1, 4))));
}

/// logical_divide(Layout((5,), (1,)), (5, 4))
pub fn case_0137() {
    let _ = logical_divide(layout!((5,) : (1,)), tile!(5, 4));
}

/// logical_divide(Layout((3, 3, 4, (3, 3)), (3, 15, 27, (180, 540))), Layout((2, 3), (3, 3)))
pub fn case_0138() {
    let _ = logical_divide(layout!((3, 3, 4, (3, 3)) : (3, 15, 27, (180, 540))), layout!((2, 3) : (3, 3)));
}

/// logical_divide(Layout((1, 2, ((2, 1, 1), (3, 2, 3), 2), 2), (288, 12, ((144, 1, 12), (1, 3, 24), 72), 6)), (Layout(3, 1), Layout((5, 2), (1, 10)), None, Layout((3, 4), (1, 2))))
pub fn case_0139() {
    let _ = logical_divide(layout!((1, 2, ((2, 1, 1), (3, 2, 3), 2), 2) : (288, 12, ((144, 1, 12), (1, 3, 24), 72), 6)), (layout!(3 : 1), layout!((5, 2) : (1, 10)), Keep, layout!((3, 4) : (1, 2))));
}

/// logical_divide(Layout((2, (1, 2), ((1, 2, 1), 2, 2), (3, 2, 2)), (24, (384, 48), ((192, 0, 6), 3, 6), (1, 12, 96))), (Layout((3, 4), (1, 2)), 1, 8, (2,)))
pub fn case_0140() {
    let _ = logical_divide(layout!((2, (1, 2), ((1, 2, 1), 2, 2), (3, 2, 2)) : (24, (384, 48), ((192, 0, 6), 3, 6), (1, 12, 96))), (layout!((3, 4) : (1, 2)), tile!(1), tile!(8), tile!(2,)));
}

/// logical_divide(Layout((3, 8, 2), (2, 9, 120)), (Layout(3, 1), Layout((5, 3), (1, 2)), Layout(1, 1)))
pub fn case_0141() {
    let _ = logical_divide(layout!((3, 8, 2) : (2, 9, 120)), (layout!(3 : 1), layout!((5, 3) : (1, 2)), layout!(1 : 1)));
}

/// logical_divide(Layout((2, ((5,), (3,)), (4, 3)), (2, ((4,), (20,)), (60, 240))), (1, (Layout((5, 2), (1, 2)),), Layout(2, 1)))
pub fn case_0142() {
    let _ = logical_divide(layout!((2, ((5,), (3,)), (4, 3)) : (2, ((4,), (20,)), (60, 240))), (tile!(1), (layout!((5, 2) : (1, 2)),), layout!(2 : 1)));
}

/// logical_divide(Layout((2, ((4, 4), (3, 4))), (192, ((1, 48), (16, 4)))), 128)
pub fn case_0143() {
    let _ = logical_divide(layout!((2, ((4, 4), (3, 4))) : (192, ((1, 48), (16, 4)))), tile!(128));
}

/// logical_divide(Layout(((6, 2, 2), 6, 2), ((2, 30, 36), 72, 720)), Layout((4, (2,)), (1, (5,))))
pub fn case_0144() {
    let _ = logical_divide(layout!(((6, 2, 2), 6, 2) : ((2, 30, 36), 72, 720)), layout!((4, (2,)) : (1, (5,))));
}

/// logical_divide(Layout((4, (5, 3, 1), 5), (75, (15, 0, 5), 1)), (None, Layout(3, 1), Layout((5, 2), (1, 2))))
pub fn case_0145() {
    let _ = logical_divide(layout!((4, (5, 3, 1), 5) : (75, (15, 0, 5), 1)), (Keep, layout!(3 : 1), layout!((5, 2) : (1, 2))));
}

/// logical_divide(Layout((3, 3, (2, 1), (5, 4)), (2, 1, (32, 3), (2, 1))), (Layout(5, 2), 3, Layout((3, 3), (1, 3)), (1, 4)))
pub fn case_0146() {
    let _ = logical_divide(layout!((3, 3, (2, 1), (5, 4)) : (2, 1, (32, 3), (2, 1))), (layout!(5 : 2), tile!(3), layout!((3, 3) : (1, 3)), tile!(1, 4)));
}

/// logical_divide(Layout(((4, 6, 4), 4), ((8, 12, 0), 12)), (6, 3))
pub fn case_0147() {
    let _ = logical_divide(layout!(((4, 6, 4), 4) : ((8, 12, 0), 12)), tile!(6, 3));
}

/// logical_divide(Layout(((4, (3, 2), 2),), ((24, (2, 1), 6),)), ((1, 2),))
pub fn case_0148() {
    let _ = logical_divide(layout!(((4, (3, 2), 2),) : ((24, (2, 1), 6),)), tile!((1, 2),));
}

/// logical_divide(Layout((5, 1, 2), (1, 5, 15)), (1, None, Layout(5, 1), Layout(2, 4)))
pub fn case_0149() {
    let _ = logical_divide(layout!((5, 1, 2) : (1, 5, 15)), (tile!(1), Keep, layout!(5 : 1), layout!(2 : 4)));
}

/// logical_divide(Layout((4, ((12,), 6, 1)), (1, ((4,), 48, 288))), (Layout((4, 2), (1, 2)), (2, 3, 2), Layout(1, 3)))
pub fn case_0150() {
    let _ = logical_divide(layout!((4, ((12,), 6, 1)) : (1, ((4,), 48, 288))), (layout!((4, 2) : (1, 2)), tile!(2, 3, 2), layout!(1 : 3)));
}

/// logical_divide(Layout(((3, (4, 2)), (3, 4)), ((2, (9, 36)), (72, 216))), (Layout(3, 1), 6, 8))
pub fn case_0151() {
    let _ = logical_divide(layout!(((3, (4, 2)), (3, 4)) : ((2, (9, 36)), (72, 216))), (layout!(3 : 1), tile!(6), tile!(8)));
}

/// logical_divide(Layout((2, 3), (1, 2)), Layout((3, 2, 1), (2, 4, 2)))
pub fn case_0152() {
    let _ = logical_divide(layout!((2, 3) : (1, 2)), layout!((3, 2, 1) : (2, 4, 2)));
}

/// logical_divide(Layout((4, (3, 4), 2, 4), (1, (16, 144), 576, 4)), (4, None, Layout((3, 3), (1, 2)), 4))
pub fn case_0153() {
    let _ = logical_divide(layout!((4, (3, 4), 2, 4) : (1, (16, 144), 576, 4)), (tile!(4), Keep, layout!((3, 3) : (1, 2)), tile!(4)));
}

/// logical_divide(Layout((((2, 2), 2), 2, ((2, 3), (2, 2))), (((6, 3), 12), 4, ((16, 3), (0, 1)))), (Layout((4, 4), (1, 2)), Layout(1, 2), (1,)))
pub fn case_0154() {
    let _ = logical_divide(layout!((((2, 2), 2), 2, ((2, 3), (2, 2))) : (((6, 3), 12), 4, ((16, 3), (0, 1)))), (layout!((4, 4) : (1, 2)), layout!(1 : 2), tile!(1,)));
}

/// logical_divide(Layout((3, 2), (1, 3)), (Layout((5, 2), (1, 2)), 2))
pub fn case_0155() {
    let _ = logical_divide(layout!((3, 2) : (1, 3)), (layout!((5, 2) : (1, 2)), tile!(2)));
}

/// logical_divide(Layout((2, 2, 6), (2, 0, 1)), 6)
pub fn case_0156() {
    let _ = logical_divide(layout!((2, 2, 6) : (2, 0, 1)), tile!(6));
}

/// zipped_divide(Layout((3, 6), (2, 3)), (None, None, 1))
pub fn case_0185() {
    let _ = zipped_divide(layout!((3, 6) : (2, 3)), tile!(_, _, 1));
}

/// zipped_divide(Layout(((2, 2, (2, 1)), (3, 2, 2), (1, 2)), ((1, 100, (1, 9)), (3, 100, 1), (32, 4))), ((Layout(1, 2),), Layout(2, 2), 3, Layout((2, 4), (1, 2))))
pub fn case_0186() {
    let _ = zipped_divide(layout!(((2, 2, (2, 1)), (3, 2, 2), (1, 2)) : ((1, 100, (1, 9)), (3, 100, 1), (32, 4))), ((layout!(1 : 2),), layout!(2 : 2), tile!(3), layout!((2, 4) : (1, 2))));
}

/// zipped_divide(Layout(12, 1), (Layout((12, 2), (1, 12)), 4))
pub fn case_0187() {
    let _ = zipped_divide(layout!(12 : 1), (layout!((12, 2) : (1, 12)), tile!(4)));
}

/// zipped_divide(Layout((((8, 2), 6), 4), (((5, 16), 48), 192)), 6)
pub fn case_0188() {
    let _ = zipped_divide(layout!((((8, 2), 6), 4) : (((5, 16), 48), 192)), tile!(6));
}

/// zipped_divide(Layout((6, 6, 5), (30, 5, 1)), Layout((5, 2), (6, 30)))
pub fn case_0189() {
    let _ = zipped_divide(layout!((6, 6, 5) : (30, 5, 1)), layout!((5, 2) : (6, 30)));
}

/// zipped_divide(Layout(((2, 2, 2), 2, (2, 1, 2), ((1, 2), 1, 2)), ((192, 96, 384), 12, (24, 4, 48), ((96, 2), 48, 1))), (Layout((2, 3), (1, 2)), 1, (None, 1, Layout(1, 1)), Layout((3, 2), (1, 3))))
pub fn case_0190() {
    let _ = zipped_divide(layout!(((2, 2, 2), 2, (2, 1, 2), ((1, 2), 1, 2)) : ((192, 96, 384), 12, (24, 4, 48), ((96, 2), 48, 1))), (layout!((2, 3) : (1, 2)), tile!(1), (Keep, tile!(1), layout!(1 : 1)), layout!((3, 2) : (1, 3))));
}

/// zipped_divide(Layout((2, (3, 4), (2, 3, 2)), (12, (96, 1), (48, 4, 24))), (1, None, 3))
pub fn case_0191() {
    let _ = zipped_divide(layout!((2, (3, 4), (2, 3, 2)) : (12, (96, 1), (48, 4, 24))), tile!(1, _, 3));
}

/// zipped_divide(Layout((1, ((3, 2), 3, (3, 2, 2))), (2, ((2, 9), 36, (6, 1, 108)))), (Layout((5, 4), (1, 10)), Layout((6, 2), (1, 6))))
pub fn case_0192() {
    let _ = zipped_divide(layout!((1, ((3, 2), 3, (3, 2, 2))) : (2, ((2, 9), 36, (6, 1, 108)))), (layout!((5, 4) : (1, 10)), layout!((6, 2) : (1, 6))));
}

/// zipped_divide(Layout((((2, 2, 4), 2),), (((5, 6, 8), 80),)), Layout((3, 2), (4, 8)))
pub fn case_0193() {
    let _ = zipped_divide(layout!((((2, 2, 4), 2),) : (((5, 6, 8), 80),)), layout!((3, 2) : (4, 8)));
}

/// zipped_divide(Layout(((12, 5), 2), ((5, 2), 60)), ((Layout((3, 4), (1, 2)), 5), None))
pub fn case_0194() {
    let _ = zipped_divide(layout!(((12, 5), 2) : ((5, 2), 60)), ((layout!((3, 4) : (1, 2)), tile!(5)), Keep));
}

/// zipped_divide(Layout((12,), (1,)), (Layout((5, 3), (1, 2)), 4))
pub fn case_0195() {
    let _ = zipped_divide(layout!((12,) : (1,)), (layout!((5, 3) : (1, 2)), tile!(4)));
}

/// zipped_divide(Layout((4, 4, (12, 2)), (1, 4, (16, 192))), (Layout((3, 2), (1, 2)), Layout(4, 4), 2))
pub fn case_0196() {
    let _ = zipped_divide(layout!((4, 4, (12, 2)) : (1, 4, (16, 192))), (layout!((3, 2) : (1, 2)), layout!(4 : 4), tile!(2)));
}

/// zipped_divide(Layout(((2, 1), 8), ((32, 64), 1)), (None, Layout(8, 4), Layout(5, 1)))
pub fn case_0197() {
    let _ = zipped_divide(layout!(((2, 1), 8) : ((32, 64), 1)), (Keep, layout!(8 : 4), layout!(5 : 1)));
}

/// zipped_divide(Layout((((2, 2, 1), 2), ((2, 3, 2), 2), 2), (((1, 2, 4), 4), ((8, 16, 48), 96), 192)), (Layout((3, 2), (1, 4)), (5, Layout((2, 2), (1, 3))), 2, Layout((3, 2), (1, 3))))
pub fn case_0198() {
    let _ = zipped_divide(layout!((((2, 2, 1), 2), ((2, 3, 2), 2), 2) : (((1, 2, 4), 4), ((8, 16, 48), 96), 192)), (layout!((3, 2) : (1, 4)), (tile!(5), layout!((2, 2) : (1, 3))), tile!(2), layout!((3, 2) : (1, 3))));
}

/// zipped_divide(Layout((8,), (0,)), (Layout(3, 3), 8))
pub fn case_0199() {
    let _ = zipped_divide(layout!((8,) : (0,)), (layout!(3 : 3), tile!(8)));
}

/// zipped_divide(Layout(((6, (3, 2)), 4), ((6, (1, 0)), 36)), 12)
pub fn case_0200() {
    let _ = zipped_divide(layout!(((6, (3, 2)), 4) : ((6, (1, 0)), 36)), tile!(12));
}

/// zipped_divide(Layout((3, 2, 2, (2, 4, 3)), (5, 6, 30, (24, 120, 192))), Layout((4, 4), (2, 12)))
pub fn case_0201() {
    let _ = zipped_divide(layout!((3, 2, 2, (2, 4, 3)) : (5, 6, 30, (24, 120, 192))), layout!((4, 4) : (2, 12)));
}

/// zipped_divide(Layout((1, 6, ((5, 2),), 6), (360, 2, ((12, 1),), 60)), (Layout((5, 2), (1, 5)), Layout(1, 1), (Layout((2, 3), (1, 2)),), 1))
pub fn case_0202() {
    let _ = zipped_divide(layout!((1, 6, ((5, 2),), 6) : (360, 2, ((12, 1),), 60)), (layout!((5, 2) : (1, 5)), layout!(1 : 1), (layout!((2, 3) : (1, 2)),), tile!(1)));
}

/// zipped_divide(Layout((4, (4, (3, 6))), (1, (1, (16, 48)))), (2, Layout((9, 2), (1, 10))))
pub fn case_0203() {
    let _ = zipped_divide(layout!((4, (4, (3, 6))) : (1, (1, (16, 48)))), (tile!(2), layout!((9, 2) : (1, 10))));
}

/// zipped_divide(Layout((4, 4), (1, 4)), Layout((2, (2,)), (1, (1,))))
pub fn case_0204() {
    let _ = zipped_divide(layout!((4, 4) : (1, 4)), layout!((2, (2,)) : (1, (1,))));
}

/// zipped_divide(Layout((2, (2, (2, 2), 3), 4, 2), (1, (8, (96, 48), 16), 2, 192)), (4, (Layout(3, 2), 4, Layout(5, 3)), Layout((4, 3), (1, 2)), 3))
pub fn case_0205() {
    let _ = zipped_divide(layout!((2, (2, (2, 2), 3), 4, 2) : (1, (8, (96, 48), 16), 2, 192)), (tile!(4), (layout!(3 : 2), tile!(4), layout!(5 : 3)), layout!((4, 3) : (1, 2)), tile!(3)));
}

/// zipped_divide(Layout((2, 4), (12, 1)), (Layout((3, 2), (1, 2)), 2, Layout((2, 3), (1, 3))))
pub fn case_0206() {
    let _ = zipped_divide(layout!((2, 4) : (12, 1)), (layout!((3, 2) : (1, 2)), tile!(2), layout!((2, 3) : (1, 3))));
}

/// zipped_divide(Layout((12, 2), (2, 1)), (Layout(3, 1), Layout((5, 4), (1, 2))))
pub fn case_0207() {
    let _ = zipped_divide(layout!((12, 2) : (2, 1)), (layout!(3 : 1), layout!((5, 4) : (1, 2))));
}

/// zipped_divide(Layout(((2, 4, 2), ((2, 3, 3),)), ((0, 12, 3), ((16, 2, 0),))), (None, Layout((6, 3), (1, 6)), 2))
pub fn case_0208() {
    let _ = zipped_divide(layout!(((2, 4, 2), ((2, 3, 3),)) : ((0, 12, 3), ((16, 2, 0),))), (Keep, layout!((6, 3) : (1, 6)), tile!(2)));
}

/// zipped_divide(Layout((3, 2, ((2, 2, 4), 4), 1), (64, 384, ((192, 32, 1), 8), 4)), (Layout(1, 4), 1, (6,), Layout(1, 2), Layout((5, 2), (1, 6))))
pub fn case_0209() {
    let _ = zipped_divide(layout!((3, 2, ((2, 2, 4), 4), 1) : (64, 384, ((192, 32, 1), 8), 4)), (layout!(1 : 4), tile!(1), tile!(6,), layout!(1 : 2), layout!((5, 2) : (1, 6))));
}

/// zipped_divide(Layout((1, 4), (1, 1)), (1, Layout((2, 2), (1, 4)), Layout(5, 2)))
pub fn case_0210() {
    let _ = zipped_divide(layout!((1, 4) : (1, 1)), (tile!(1), layout!((2, 2) : (1, 4)), layout!(5 : 2)));
}

/// zipped_divide(Layout((2, 2, 8), (8, 16, 0)), 5)
pub fn case_0211() {
    let _ = zipped_divide(layout!((2, 2, 8) : (8, 16, 0)), tile!(5));
}

/// zipped_divide(Layout((2, 6, 5, 8), (40, 80, 8, 1)), Layout((8, 6), (0, 16)))
pub fn case_0212() {
    let _ = zipped_divide(layout!((2, 6, 5, 8) : (40, 80, 8, 1)), layout!((8, 6) : (0, 16)));
}

/// zipped_divide(Layout((4, 4, 2), (16, 9, 0)), (None, None, 6, Layout((2, 2), (1, 3))))
pub fn case_0235() {
    let _ = tiled_divide(layout!((4, 4, 2) : (16, 9, 0)), (Keep, Keep, tile!(6), layout!((2, 2) : (1, 3))));
}

/// zipped_divide(Layout((4, (6, 4), 2), (1, (4, 24), 96)), (None, (Layout((5, 2), (1, 5)),), 2, Layout(5, 4)))
pub fn case_0236() {
    let _ = tiled_divide(layout!((4, (6, 4), 2) : (1, (4, 24), 96)), (Keep, (layout!((5, 2) : (1, 5)),), tile!(2), layout!(5 : 4)));
}

/// zipped_divide(Layout((16, 4, 2), (1, 16, 64)), (Layout((3, 2), (1, 6)), 2, 6, 4))
pub fn case_0237() {
    let _ = tiled_divide(layout!((16, 4, 2) : (1, 16, 64)), (layout!((3, 2) : (1, 6)), tile!(2), tile!(6), tile!(4)));
}

/// zipped_divide(Layout((6, ((3, 4), 6)), (72, ((1, 3), 12))), 5)
pub fn case_0238() {
    let _ = tiled_divide(layout!((6, ((3, 4), 6)) : (72, ((1, 3), 12))), tile!(5));
}

/// zipped_divide(Layout((2, (2, 2, (2, 4, 3)), 2), (96, (48, 24, (1, 2, 8)), 192)), Layout((3, 2, 2), (16, 48, 128)))
pub fn case_0239() {
    let _ = tiled_divide(layout!((2, (2, 2, (2, 4, 3)), 2) : (96, (48, 24, (1, 2, 8)), 192)), layout!((3, 2, 2) : (16, 48, 128)));
}

/// zipped_divide(Layout(((5,), (2, 4, (4, 2))), ((4,), (80, 20, (1, 160)))), ((Layout(3, 1),), Layout(5, 1)))
pub fn case_0240() {
    let _ = tiled_divide(layout!(((5,), (2, 4, (4, 2))) : ((4,), (80, 20, (1, 160)))), ((layout!(3 : 1),), layout!(5 : 1)));
}

/// zipped_divide(Layout((1, (4, 1), 8, 2), (4, (6, 16), 1, 1)), (4, Layout(4, 3), None, 2))
pub fn case_0241() {
    let _ = tiled_divide(layout!((1, (4, 1), 8, 2) : (4, (6, 16), 1, 1)), (tile!(4), layout!(4 : 3), Keep, tile!(2)));
}

/// zipped_divide(Layout((((3,), 2, 6), 12), (((36,), 72, 1), 6)), (Layout((2, 2), (1, 4)), Layout(4, 4)))
pub fn case_0242() {
    let _ = tiled_divide(layout!((((3,), 2, 6), 12) : (((36,), 72, 1), 6)), (layout!((2, 2) : (1, 4)), layout!(4 : 4)));
}

/// zipped_divide(Layout((2, 2, ((4, 2, 4), 2), 2), (256, 16, ((64, 2, 4), 1), 32)), Layout((3, 2), (4, 8)))
pub fn case_0243() {
    let _ = tiled_divide(layout!((2, 2, ((4, 2, 4), 2), 2) : (256, 16, ((64, 2, 4), 1), 32)), layout!((3, 2) : (4, 8)));
}

/// zipped_divide(Layout(((3,), 16), ((16,), 1)), ((5,), Layout((5, 2), (1, 2))))
pub fn case_0244() {
    let _ = tiled_divide(layout!(((3,), 16) : ((16,), 1)), (tile!(5,), layout!((5, 2) : (1, 2))));
}

/// zipped_divide(Layout((4, 8, 3), (1, 12, 4)), (1, 2, Layout((3, 3), (1, 2)), Layout(5, 1)))
pub fn case_0245() {
    let _ = tiled_divide(layout!((4, 8, 3) : (1, 12, 4)), (tile!(1), tile!(2), layout!((3, 3) : (1, 2)), layout!(5 : 1)));
}

/// zipped_divide(Layout((1, ((1, 1, 2), 2), (2, (2, 2, 2)), ((2, 2), 2)), (512, ((32, 32, 128), 8), (512, (256, 1, 64)), ((16, 2), 32))), (None, Layout((4, 2), (1, 2)), 16, Layout(4, 4)))
pub fn case_0246() {
    let _ = tiled_divide(layout!((1, ((1, 1, 2), 2), (2, (2, 2, 2)), ((2, 2), 2)) : (512, ((32, 32, 128), 8), (512, (256, 1, 64)), ((16, 2), 32))), (Keep, layout!((4, 2) : (1, 2)), tile!(16), layout!(4 : 4)));
}

/// zipped_divide(Layout((1, 8, 2), (16, 1, 8)), (Layout((3, 3), (1, 2)), Layout(1, 4)))
pub fn case_0247() {
    let _ = tiled_divide(layout!((1, 8, 2) : (16, 1, 8)), (layout!((3, 3) : (1, 2)), layout!(1 : 4)));
}

/// zipped_divide(Layout(((2, (5, 2), (3, 4)), 2), ((4, (8, 120), (40, 1)), 960)), (None, Layout((3, 2), (1, 6)), 1))
pub fn case_0248() {
    let _ = tiled_divide(layout!(((2, (5, 2), (3, 4)), 2) : ((4, (8, 120), (40, 1)), 960)), (Keep, layout!((3, 2) : (1, 6)), tile!(1)));
}

/// zipped_divide(Layout((2, 4), (1, 2)), (Layout((5, 2), (1, 6)), 1, 2))
pub fn case_0249() {
    let _ = tiled_divide(layout!((2, 4) : (1, 2)), (layout!((5, 2) : (1, 6)), tile!(1), tile!(2)));
}

/// zipped_divide(Layout(((8, 8),), ((2, 24),)), 3)
pub fn case_0250() {
    let _ = tiled_divide(layout!(((8, 8),) : ((2, 24),)), tile!(3));
}

/// zipped_divide(Layout(((4, 4), 3, 2, 4), ((32, 8), 256, 4, 1)), Layout((2, 3), (1, 2)))
pub fn case_0251() {
    let _ = tiled_divide(layout!(((4, 4), 3, 2, 4) : ((32, 8), 256, 4, 1)), layout!((2, 3) : (1, 2)));
}

/// zipped_divide(Layout((2, (2, (3, 2, 2)), 3, 3), (1, (2, (4, 108, 648)), 12, 36)), (Layout((3, 2), (1, 3)), (1, 2), Layout(1, 1), 4))
pub fn case_0252() {
    let _ = tiled_divide(layout!((2, (2, (3, 2, 2)), 3, 3) : (1, (2, (4, 108, 648)), 12, 36)), (layout!((3, 2) : (1, 3)), tile!(1, 2), layout!(1 : 1), tile!(4)));
}

/// zipped_divide(Layout(((3, 2), 3, 6, 3), ((2, 15), 18, 90, 324)), (Layout((6, 2), (1, 7)), Layout(5, 2), 6, None))
pub fn case_0253() {
    let _ = tiled_divide(layout!(((3, 2), 3, 6, 3) : ((2, 15), 18, 90, 324)), (layout!((6, 2) : (1, 7)), layout!(5 : 2), tile!(6), Keep));
}

/// zipped_divide(Layout((1, (5, 4), (4, 4)), (16, (16, 1), (80, 4))), (6, Layout(20, 4), 8))
pub fn case_0254() {
    let _ = tiled_divide(layout!((1, (5, 4), (4, 4)) : (16, (16, 1), (80, 4))), (tile!(6), layout!(20 : 4), tile!(8)));
}

/// zipped_divide(Layout((((2, 3), (2, 2, 1)), (2, (2, 4))), (((1, 2), (6, 12, 24)), (24, (48, 96)))), Layout((2, (2,)), (96, (96,))))
pub fn case_0255() {
    let _ = tiled_divide(layout!((((2, 3), (2, 2, 1)), (2, (2, 4))) : (((1, 2), (6, 12, 24)), (24, (48, 96)))), layout!((2, (2,)) : (96, (96,))));
}

/// zipped_divide(Layout((((2, 2, 2), 1), (2, 2, 2), 2, 4), (((5, 6, 12), 24), (24, 48, 96), 192, 640)), ((Layout(4, 2), 1), 2, Layout((5, 4), (1, 2)), Layout(2, 2)))
pub fn case_0256() {
    let _ = tiled_divide(layout!((((2, 2, 2), 1), (2, 2, 2), 2, 4) : (((5, 6, 12), 24), (24, 48, 96), 192, 640)), ((layout!(4 : 2), tile!(1)), tile!(2), layout!((5, 4) : (1, 2)), layout!(2 : 2)));
}

/// zipped_divide(Layout((8, 5, 2), (40, 1, 5)), (None, 3, 2, Layout((5, 4), (1, 5))))
pub fn case_0279() {
    let _ = flat_divide(layout!((8, 5, 2) : (40, 1, 5)), (Keep, tile!(3), tile!(2), layout!((5, 4) : (1, 5))));
}

/// zipped_divide(Layout((4, (8,)), (1, (4,))), (4, (Layout(8, 3),), 8))
pub fn case_0280() {
    let _ = flat_divide(layout!((4, (8,)) : (1, (4,))), (tile!(4), (layout!(8 : 3),), tile!(8)));
}

/// zipped_divide(Layout((2, ((1, 1, 2), (2, 2), (3, 2, 4))), (3, ((4, 4, 4), (12, 40), (48, 144, 480)))), (8, Layout((48, 2), (1, 48)), 2))
pub fn case_0281() {
    let _ = flat_divide(layout!((2, ((1, 1, 2), (2, 2), (3, 2, 4))) : (3, ((4, 4, 4), (12, 40), (48, 144, 480)))), (tile!(8), layout!((48, 2) : (1, 48)), tile!(2)));
}

/// zipped_divide(Layout(((3, 2, 2), (2, (2, 2, 4))), ((8, 24, 192), (4, (96, 48, 1)))), 8)
pub fn case_0282() {
    let _ = flat_divide(layout!(((3, 2, 2), (2, (2, 2, 4))) : ((8, 24, 192), (4, (96, 48, 1)))), tile!(8));
}

/// zipped_divide(Layout((3, (5, 2, (3, 3))), (3, (54, 27, (9, 0)))), Layout((3, 2), (2, 1)))
pub fn case_0283() {
    let _ = flat_divide(layout!((3, (5, 2, (3, 3))) : (3, (54, 27, (9, 0)))), layout!((3, 2) : (2, 1)));
}

/// zipped_divide(Layout((((2, 2), (1, 2), (2, 2)), ((2, 1, 2), (2, 1)), 2), (((64, 4), (128, 128), (2, 256)), ((1, 256, 32), (8, 16)), 8)), ((None, 1), (Layout((3, 2), (1, 4)), Layout(1, 1))))
pub fn case_0284() {
    let _ = flat_divide(layout!((((2, 2), (1, 2), (2, 2)), ((2, 1, 2), (2, 1)), 2) : (((64, 4), (128, 128), (2, 256)), ((1, 256, 32), (8, 16)), 8)), (tile!(_, 1), (layout!((3, 2) : (1, 4)), layout!(1 : 1))));
}

/// zipped_divide(Layout((2, (2, 6), 3), (1, (36, 1), 2)), (1, 3, None))
pub fn case_0285() {
    let _ = flat_divide(layout!((2, (2, 6), 3) : (1, (36, 1), 2)), tile!(1, 3, _));
}

/// zipped_divide(Layout(((1, 2, 2), (2, 4)), ((96, 24, 4), (48, 1))), (Layout((5, 3), (1, 5)), 8))
pub fn case_0286() {
    let _ = flat_divide(layout!(((1, 2, 2), (2, 4)) : ((96, 24, 4), (48, 1))), (layout!((5, 3) : (1, 5)), tile!(8)));
}

/// zipped_divide(Layout((2, 2, 6), (4, 1, 100)), Layout((4, 4, 2), (4, 12, 4)))
pub fn case_0287() {
    let _ = flat_divide(layout!((2, 2, 6) : (4, 1, 100)), layout!((4, 4, 2) : (4, 12, 4)));
}

/// zipped_divide(Layout(((3, 2, 4), 4, 2), ((4, 32, 1), 12, 48)), (Layout((5, 2), (1, 2)), Layout((3, 2), (1, 4)), None, 4))
pub fn case_0288() {
    let _ = flat_divide(layout!(((3, 2, 4), 4, 2) : ((4, 32, 1), 12, 48)), (layout!((5, 2) : (1, 2)), layout!((3, 2) : (1, 4)), Keep, tile!(4)));
}

/// zipped_divide(Layout((1, ((2, 2, 1), (3, 2, 3), 2), 2), (48, ((144, 0, 1), (2, 1, 48), 6), 12)), (1, Layout((9, 2), (1, 2)), Layout(1, 3), 2))
pub fn case_0289() {
    let _ = flat_divide(layout!((1, ((2, 2, 1), (3, 2, 3), 2), 2) : (48, ((144, 0, 1), (2, 1, 48), 6), 12)), (tile!(1), layout!((9, 2) : (1, 2)), layout!(1 : 3), tile!(2)));
}

/// zipped_divide(Layout((1, 6, 16), (6, 1, 6)), (None, Layout((3, 4), (1, 2)), Layout((16, 2), (1, 32))))
pub fn case_0290() {
    let _ = flat_divide(layout!((1, 6, 16) : (6, 1, 6)), (Keep, layout!((3, 4) : (1, 2)), layout!((16, 2) : (1, 32))));
}

/// zipped_divide(Layout((4, 6, 3), (3, 12, 1)), (Layout((4, 2), (1, 2)), 6))
pub fn case_0291() {
    let _ = flat_divide(layout!((4, 6, 3) : (3, 12, 1)), (layout!((4, 2) : (1, 2)), tile!(6)));
}

/// zipped_divide(Layout((8, (4, 16)), (2, (40, 160))), (8, None, Layout(3, 3)))
pub fn case_0292() {
    let _ = flat_divide(layout!((8, (4, 16)) : (2, (40, 160))), (tile!(8), Keep, layout!(3 : 3)));
}

/// zipped_divide(Layout((8, ((5, 2), 2)), (2, ((16, 80), 1))), (Layout(2, 1), (1, Layout((3, 2), (1, 3))), Layout(1, 3)))
pub fn case_0293() {
    let _ = flat_divide(layout!((8, ((5, 2), 2)) : (2, ((16, 80), 1))), (layout!(2 : 1), (tile!(1), layout!((3, 2) : (1, 3))), layout!(1 : 3)));
}

/// zipped_divide(Layout((3, 5), (2, 12)), (1, 1, 1))
pub fn case_0294() {
    let _ = flat_divide(layout!((3, 5) : (2, 12)), tile!(1, 1, 1));
}

/// zipped_divide(Layout((2, 6, 8, 2), (24, 8, 1, 48)), 3)
pub fn case_0295() {
    let _ = flat_divide(layout!((2, 6, 8, 2) : (24, 8, 1, 48)), tile!(3));
}

/// zipped_divide(Layout((6, (16, 1), 1), (0, (1, 1), 16)), Layout((2, (2, 4, 4)), (32, (4, 8, 1))))
pub fn case_0296() {
    let _ = flat_divide(layout!((6, (16, 1), 1) : (0, (1, 1), 16)), layout!((2, (2, 4, 4)) : (32, (4, 8, 1))));
}

/// zipped_divide(Layout((2, ((2, 3, 2), (3, 2), 2)), (4, ((48, 16, 2), (96, 1), 8))), (Layout(3, 4), (Layout((3, 4), (1, 4)),)))
pub fn case_0297() {
    let _ = flat_divide(layout!((2, ((2, 3, 2), (3, 2), 2)) : (4, ((48, 16, 2), (96, 1), 8))), (layout!(3 : 4), (layout!((3, 4) : (1, 4)),)));
}

/// zipped_divide(Layout((2, (2, 2), 3, (2, (4, 2))), (24, (2, 48), 8, (4, (96, 1)))), (None, Layout((5, 3), (1, 6)), 8, Layout(5, 3)))
pub fn case_0298() {
    let _ = flat_divide(layout!((2, (2, 2), 3, (2, (4, 2))) : (24, (2, 48), 8, (4, (96, 1)))), (Keep, layout!((5, 3) : (1, 6)), tile!(8), layout!(5 : 3)));
}

/// zipped_divide(Layout((((2, 2), 2), (3, 4, 4)), (((4, 48), 8), (16, 1, 96))), (Layout(5, 1), 3))
pub fn case_0299() {
    let _ = flat_divide(layout!((((2, 2), 2), (3, 4, 4)) : (((4, 48), 8), (16, 1, 96))), (layout!(5 : 1), tile!(3)));
}

/// zipped_divide(Layout(2, 0), Layout((3, 2, 2), (1, 2, 1)))
pub fn case_0300() {
    let _ = flat_divide(layout!(2 : 0), layout!((3, 2, 2) : (1, 2, 1)));
}

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

/// blocked_product(Layout((4, (4, 3)), (1, (48, 4))), Layout((6, (3, 2)), (1, (12, 1))))
pub fn case_0523() {
    let _ = blocked_product(layout!((4, (4, 3)) : (1, (48, 4))), layout!((6, (3, 2)) : (1, (12, 1))));
}

/// blocked_product(Layout((3, (4, 4)), (16, (4, 16))), Layout(((3, 3, 2), 2), ((12, 2, 6), 1)))
pub fn case_0524() {
    let _ = blocked_product(layout!((3, (4, 4)) : (16, (4, 16))), layout!(((3, 3, 2), 2) : ((12, 2, 6), 1)));
}

/// blocked_product(Layout((1, 3, 3, 6), (54, 3, 0, 9)), Layout((1, (2, 2, 1), 2, 3), (24, (12, 1, 6), 2, 4)))
pub fn case_0525() {
    let _ = blocked_product(layout!((1, 3, 3, 6) : (54, 3, 0, 9)), layout!((1, (2, 2, 1), 2, 3) : (24, (12, 1, 6), 2, 4)));
}

/// blocked_product(Layout(((2, 2, 3), 4), ((3, 4, 8), 24)), Layout((2, (16, 2)), (1, (4, 1))))
pub fn case_0526() {
    let _ = blocked_product(layout!(((2, 2, 3), 4) : ((3, 4, 8), 24)), layout!((2, (16, 2)) : (1, (4, 1))));
}

/// blocked_product(Layout(((6,), 3), ((1,), 12)), Layout((3, (2, 2, 4)), (9, (1, 16, 9))))
pub fn case_0527() {
    let _ = blocked_product(layout!(((6,), 3) : ((1,), 12)), layout!((3, (2, 2, 4)) : (9, (1, 16, 9))));
}

/// blocked_product(Layout(((3, 2), 6), ((3, 6), 1)), Layout(((2, 2, 6), 2), ((6, 6, 1), 12)))
pub fn case_0528() {
    let _ = blocked_product(layout!(((3, 2), 6) : ((3, 6), 1)), layout!(((2, 2, 6), 2) : ((6, 6, 1), 12)));
}

/// blocked_product(Layout((5, 2, 6), (5, 25, 50)), Layout((5, 2, 3), (2, 0, 10)))
pub fn case_0529() {
    let _ = blocked_product(layout!((5, 2, 6) : (5, 25, 50)), layout!((5, 2, 3) : (2, 0, 10)));
}

/// blocked_product(Layout((3, 2, 3, 2), (2, 18, 3, 9)), Layout((4, 1, 3, 5), (0, 5, 20, 1)))
pub fn case_0530() {
    let _ = blocked_product(layout!((3, 2, 3, 2) : (2, 18, 3, 9)), layout!((4, 1, 3, 5) : (0, 5, 20, 1)));
}

/// blocked_product(Layout((2, 1), (9, 6)), Layout((4, (1, 3)), (0, (1, 32))))
pub fn case_0531() {
    let _ = blocked_product(layout!((2, 1) : (9, 6)), layout!((4, (1, 3)) : (0, (1, 32))));
}

/// blocked_product(Layout((8, 2), (4, 9)), Layout(((3, 2), (3, 2)), ((1, 3), (6, 18))))
pub fn case_0532() {
    let _ = blocked_product(layout!((8, 2) : (4, 9)), layout!(((3, 2), (3, 2)) : ((1, 3), (6, 18))));
}

/// blocked_product(Layout((2, 2, 6), (3, 6, 12)), Layout((8, 2, 2), (2, 16, 0)))
pub fn case_0533() {
    let _ = blocked_product(layout!((2, 2, 6) : (3, 6, 12)), layout!((8, 2, 2) : (2, 16, 0)));
}

/// blocked_product(Layout((4, 4, 3), (3, 3, 1)), Layout((2, 4, 3), (1, 2, 8)))
pub fn case_0534() {
    let _ = blocked_product(layout!((4, 4, 3) : (3, 3, 1)), layout!((2, 4, 3) : (1, 2, 8)));
}

/// blocked_product(Layout(3, 3), Layout((8,), (1,)))
pub fn case_0535() {
    let _ = blocked_product(layout!(3 : 3), layout!((8,) : (1,)));
}

/// blocked_product(Layout(((3, 2), 4, 2), ((16, 1), 2, 2)), Layout((1, 8, 8), (3, 3, 16)))
pub fn case_0536() {
    let _ = blocked_product(layout!(((3, 2), 4, 2) : ((16, 1), 2, 2)), layout!((1, 8, 8) : (3, 3, 16)));
}

/// blocked_product(Layout(((2, 1), (2, 2, 1), 3), ((6, 2), (36, 1, 12), 12)), Layout((4, 8, 2), (5, 12, 160)))
pub fn case_0537() {
    let _ = blocked_product(layout!(((2, 1), (2, 2, 1), 3) : ((6, 2), (36, 1, 12), 12)), layout!((4, 8, 2) : (5, 12, 160)));
}

/// blocked_product(Layout((8, 8), (1, 2)), Layout((4, 3), (1, 1)))
pub fn case_0538() {
    let _ = blocked_product(layout!((8, 8) : (1, 2)), layout!((4, 3) : (1, 1)));
}

/// blocked_product(Layout((2, 1, (3, 3, 2)), (3, 3, (1, 6, 54))), Layout((3, 2, (2, 4)), (5, 6, (30, 36))))
pub fn case_0539() {
    let _ = blocked_product(layout!((2, 1, (3, 3, 2)) : (3, 3, (1, 6, 54))), layout!((3, 2, (2, 4)) : (5, 6, (30, 36))));
}

/// blocked_product(Layout((2, 3, (3, 2)), (6, 4, (1, 8))), Layout((3, 2, (3, 3)), (1, 3, (6, 18))))
pub fn case_0540() {
    let _ = blocked_product(layout!((2, 3, (3, 2)) : (6, 4, (1, 8))), layout!((3, 2, (3, 3)) : (1, 3, (6, 18))));
}

/// blocked_product(Layout(((1, 1), (2, 1, 3), 2, 3), ((54, 1), (54, 1, 6), 1, 18)), Layout((1, (2, 2, 1), 2, (2, 2)), (1, (1, 2, 4), 4, (8, 16))))
pub fn case_0541() {
    let _ = blocked_product(layout!(((1, 1), (2, 1, 3), 2, 3) : ((54, 1), (54, 1, 6), 1, 18)), layout!((1, (2, 2, 1), 2, (2, 2)) : (1, (1, 2, 4), 4, (8, 16))));
}

/// blocked_product(Layout((4, (4, 2)), (5, (12, 48))), Layout(((4, 4), 3), ((1, 4), 16)))
pub fn case_0542() {
    let _ = blocked_product(layout!((4, (4, 2)) : (5, (12, 48))), layout!(((4, 4), 3) : ((1, 4), 16)));
}

/// blocked_product(Layout((2, 2), (32, 6)), Layout((8, 4), (4, 1)))
pub fn case_0543() {
    let _ = blocked_product(layout!((2, 2) : (32, 6)), layout!((8, 4) : (4, 1)));
}

/// blocked_product(Layout((4, 2, 6), (3, 32, 4)), Layout((3, (2, 3), 3), (6, (1, 2), 0)))
pub fn case_0544() {
    let _ = blocked_product(layout!((4, 2, 6) : (3, 32, 4)), layout!((3, (2, 3), 3) : (6, (1, 2), 0)));
}

/// blocked_product(Layout((4, 4), (5, 20)), Layout(((2,), (8, 1, 3)), ((1,), (6, 6, 2))))
pub fn case_0545() {
    let _ = blocked_product(layout!((4, 4) : (5, 20)), layout!(((2,), (8, 1, 3)) : ((1,), (6, 6, 2))));
}

/// blocked_product(Layout(((1, 2), (1, 2), (3, 3)), ((9, 8), (0, 4), (16, 12))), Layout((3, 6, 2), (6, 1, 18)))
pub fn case_0546() {
    let _ = blocked_product(layout!(((1, 2), (1, 2), (3, 3)) : ((9, 8), (0, 4), (16, 12))), layout!((3, 6, 2) : (6, 1, 18)));
}

/// blocked_product(Layout((4, 2), (6, 3)), Layout((2, (4, 4)), (1, (8, 1))))
pub fn case_0547() {
    let _ = blocked_product(layout!((4, 2) : (6, 3)), layout!((2, (4, 4)) : (1, (8, 1))));
}

/// blocked_product(Layout(((3, 3, 3), 2), ((3, 15, 18), 81)), Layout((5, 3), (0, 1)))
pub fn case_0548() {
    let _ = blocked_product(layout!(((3, 3, 3), 2) : ((3, 15, 18), 81)), layout!((5, 3) : (0, 1)));
}

/// blocked_product(Layout(((2, 3), 8), ((5, 10), 30)), Layout((4, 16), (16, 1)))
pub fn case_0549() {
    let _ = blocked_product(layout!(((2, 3), 8) : ((5, 10), 30)), layout!((4, 16) : (16, 1)));
}

/// blocked_product(Layout((2, (2, 4), 3), (2, (10, 12), 80)), Layout((3, 1, 4), (1, 3, 3)))
pub fn case_0550() {
    let _ = blocked_product(layout!((2, (2, 4), 3) : (2, (10, 12), 80)), layout!((3, 1, 4) : (1, 3, 3)));
}

/// blocked_product(Layout(((5,), (2, 2, 2)), ((0,), (6, 3, 12))), Layout((8, 4), (1, 8)))
pub fn case_0551() {
    let _ = blocked_product(layout!(((5,), (2, 2, 2)) : ((0,), (6, 3, 12))), layout!((8, 4) : (1, 8)));
}

/// blocked_product(Layout((4, 6, 2), (2, 2, 1)), Layout((8, 2, 2), (4, 1, 1)))
pub fn case_0552() {
    let _ = blocked_product(layout!((4, 6, 2) : (2, 2, 1)), layout!((8, 2, 2) : (4, 1, 1)));
}

/// raked_product(Layout(((4, 1), (12,)), ((1, 16), (32,))), Layout((12, (2,)), (1, (12,))))
pub fn case_0583() {
    let _ = raked_product(layout!(((4, 1), (12,)) : ((1, 16), (32,))), layout!((12, (2,)) : (1, (12,))));
}

/// raked_product(Layout(((1, 2), 1, (1, 3, 2), 2), ((100, 12), 100, (8, 8, 4), 16)), Layout((2, (2, 1, 1), (1, 3, 2), 2), (1, (24, 4, 48), (12, 1, 2), 12)))
pub fn case_0584() {
    let _ = raked_product(layout!(((1, 2), 1, (1, 3, 2), 2) : ((100, 12), 100, (8, 8, 4), 16)), layout!((2, (2, 1, 1), (1, 3, 2), 2) : (1, (24, 4, 48), (12, 1, 2), 12)));
}

/// raked_product(Layout(((2, 2, 1), 1, 2, (1, 2, 2)), ((4, 64, 64), 64, 1, (32, 2, 32))), Layout((1, 5, 5, 2), (4, 12, 12, 6)))
pub fn case_0585() {
    let _ = raked_product(layout!(((2, 2, 1), 1, 2, (1, 2, 2)) : ((4, 64, 64), 64, 1, (32, 2, 32))), layout!((1, 5, 5, 2) : (4, 12, 12, 6)));
}

/// raked_product(Layout((3, 4, 1, 4), (3, 4, 9, 4)), Layout((1, (3, 2), 2, 2), (12, (0, 12), 4, 16)))
pub fn case_0586() {
    let _ = raked_product(layout!((3, 4, 1, 4) : (3, 4, 9, 4)), layout!((1, (3, 2), 2, 2) : (12, (0, 12), 4, 16)));
}

/// raked_product(Layout((2, (3, 3, 2)), (2, (4, 12, 0))), Layout((2, 3), (5, 10)))
pub fn case_0587() {
    let _ = raked_product(layout!((2, (3, 3, 2)) : (2, (4, 12, 0))), layout!((2, 3) : (5, 10)));
}

/// raked_product(Layout((8, 8), (2, 8)), Layout((8, 4), (0, 8)))
pub fn case_0588() {
    let _ = raked_product(layout!((8, 8) : (2, 8)), layout!((8, 4) : (0, 8)));
}

/// raked_product(Layout(((2, 2), 1, 3), ((32, 6), 100, 0)), Layout((3, (2, 2), 3), (6, (0, 3), 1)))
pub fn case_0589() {
    let _ = raked_product(layout!(((2, 2), 1, 3) : ((32, 6), 100, 0)), layout!((3, (2, 2), 3) : (6, (0, 3), 1)));
}

/// raked_product(Layout((2, 8), (2, 1)), Layout((4, 8), (1, 4)))
pub fn case_0590() {
    let _ = raked_product(layout!((2, 8) : (2, 1)), layout!((4, 8) : (1, 4)));
}

/// raked_product(Layout(((2, 2), 1, 2, 3), ((1, 2), 4, 12, 24)), Layout((2, 1, 3, (2, 2)), (1, 2, 2, (6, 12))))
pub fn case_0591() {
    let _ = raked_product(layout!(((2, 2), 1, 2, 3) : ((1, 2), 4, 12, 24)), layout!((2, 1, 3, (2, 2)) : (1, 2, 2, (6, 12))));
}

/// raked_product(Layout((1, (3, 2, 2), (2, 2)), (2, (4, 12, 1), (1, 24))), Layout((5, 2, 6), (12, 0, 2)))
pub fn case_0592() {
    let _ = raked_product(layout!((1, (3, 2, 2), (2, 2)) : (2, (4, 12, 1), (1, 24))), layout!((5, 2, 6) : (12, 0, 2)));
}

/// raked_product(Layout((2, (4, 3)), (1, (6, 24))), Layout((4, 3), (1, 4)))
pub fn case_0593() {
    let _ = raked_product(layout!((2, (4, 3)) : (1, (6, 24))), layout!((4, 3) : (1, 4)));
}

/// raked_product(Layout((3, 2), (3, 3)), Layout(((6, 4), (2, 1)), ((4, 0), (2, 2))))
pub fn case_0594() {
    let _ = raked_product(layout!((3, 2) : (3, 3)), layout!(((6, 4), (2, 1)) : ((4, 0), (2, 2))));
}

/// raked_product(Layout((2, (3, 2), 3), (3, (6, 72), 1)), Layout(((1, 1), 6, 2), ((0, 1), 1, 6)))
pub fn case_0595() {
    let _ = raked_product(layout!((2, (3, 2), 3) : (3, (6, 72), 1)), layout!(((1, 1), 6, 2) : ((0, 1), 1, 6)));
}

/// raked_product(Layout((2, 3, 3), (9, 3, 6)), Layout((4, (2, 2), 2), (100, (3, 3), 4)))
pub fn case_0596() {
    let _ = raked_product(layout!((2, 3, 3) : (9, 3, 6)), layout!((4, (2, 2), 2) : (100, (3, 3), 4)));
}

/// raked_product(Layout((3, 3, 2, 2), (0, 6, 3, 18)), Layout((2, 2, (2, 2, 2), 2), (3, 4, (12, 24, 48), 96)))
pub fn case_0597() {
    let _ = raked_product(layout!((3, 3, 2, 2) : (0, 6, 3, 18)), layout!((2, 2, (2, 2, 2), 2) : (3, 4, (12, 24, 48), 96)));
}

/// raked_product(Layout((3, (4, 5)), (5, (15, 36))), Layout(((4, 4), 3), ((3, 3), 1)))
pub fn case_0598() {
    let _ = raked_product(layout!((3, (4, 5)) : (5, (15, 36))), layout!(((4, 4), 3) : ((3, 3), 1)));
}

/// raked_product(Layout((2, 5, 6), (5, 10, 50)), Layout((2, 4, 6), (1, 2, 8)))
pub fn case_0599() {
    let _ = raked_product(layout!((2, 5, 6) : (5, 10, 50)), layout!((2, 4, 6) : (1, 2, 8)));
}

/// raked_product(Layout((1, 2, 16), (5, 3, 4)), Layout((4, 8, 2), (1, 1, 100)))
pub fn case_0600() {
    let _ = raked_product(layout!((1, 2, 16) : (5, 3, 4)), layout!((4, 8, 2) : (1, 1, 100)));
}

/// raked_product(Layout((3, 3), (2, 9)), Layout((3, (2, 2, 4)), (1, (1, 24, 6))))
pub fn case_0601() {
    let _ = raked_product(layout!((3, 3) : (2, 9)), layout!((3, (2, 2, 4)) : (1, (1, 24, 6))));
}

/// raked_product(Layout(((2, 8), (4, 1)), ((8, 16), (9, 6))), Layout(((3, 3), (2, 2)), ((1, 3), (9, 18))))
pub fn case_0602() {
    let _ = raked_product(layout!(((2, 8), (4, 1)) : ((8, 16), (9, 6))), layout!(((3, 3), (2, 2)) : ((1, 3), (9, 18))));
}

/// raked_product(Layout((5, 6), (0, 5)), Layout((2, (2, 3)), (6, (1, 1))))
pub fn case_0603() {
    let _ = raked_product(layout!((5, 6) : (0, 5)), layout!((2, (2, 3)) : (6, (1, 1))));
}

/// raked_product(Layout(((1, 2), (2, 2), 2, (2, 2)), ((8, 3), (8, 6), 3, (4, 2))), Layout((2, 2, 3, 3), (16, 16, 9, 0)))
pub fn case_0604() {
    let _ = raked_product(layout!(((1, 2), (2, 2), 2, (2, 2)) : ((8, 3), (8, 6), 3, (4, 2))), layout!((2, 2, 3, 3) : (16, 16, 9, 0)));
}

/// raked_product(Layout((4, 3, 3), (100, 8, 32)), Layout((6, 3, 3), (2, 18, 6)))
pub fn case_0605() {
    let _ = raked_product(layout!((4, 3, 3) : (100, 8, 32)), layout!((6, 3, 3) : (2, 18, 6)));
}

/// raked_product(Layout((3, 2, 2), (5, 9, 18)), Layout((4, 6, 2), (6, 1, 96)))
pub fn case_0606() {
    let _ = raked_product(layout!((3, 2, 2) : (5, 9, 18)), layout!((4, 6, 2) : (6, 1, 96)));
}

/// raked_product(Layout(2, 5), Layout((3,), (4,)))
pub fn case_0607() {
    let _ = raked_product(layout!(2 : 5), layout!((3,) : (4,)));
}

/// raked_product(Layout(((1, 2), 3, 2, 3), ((5, 5), 6, 12, 60)), Layout((1, (2, 2), 2, 3), (1, (1, 2), 4, 8)))
pub fn case_0608() {
    let _ = raked_product(layout!(((1, 2), 3, 2, 3) : ((5, 5), 6, 12, 60)), layout!((1, (2, 2), 2, 3) : (1, (1, 2), 4, 8)));
}

/// raked_product(Layout((2, (2, 2, 2), 3), (4, (8, 0, 2), 16)), Layout(((1, 2, 2), 2, 3), ((2, 3, 4), 8, 40)))
pub fn case_0609() {
    let _ = raked_product(layout!((2, (2, 2, 2), 3) : (4, (8, 0, 2), 16)), layout!(((1, 2, 2), 2, 3) : ((2, 3, 4), 8, 40)));
}

/// raked_product(Layout((1, 6, 2), (12, 2, 2)), Layout(((4, 1, 3), 3, 1), ((1, 4, 4), 12, 36)))
pub fn case_0610() {
    let _ = raked_product(layout!((1, 6, 2) : (12, 2, 2)), layout!(((4, 1, 3), 3, 1) : ((1, 4, 4), 12, 36)));
}

/// raked_product(Layout(((2, 4, 6), 1), ((3, 6, 40), 96)), Layout((6, 5), (1, 100)))
pub fn case_0611() {
    let _ = raked_product(layout!(((2, 4, 6), 1) : ((3, 6, 40), 96)), layout!((6, 5) : (1, 100)));
}

/// raked_product(Layout((8, 8), (2, 8)), Layout((3, 12), (1, 3)))
pub fn case_0612() {
    let _ = raked_product(layout!((8, 8) : (2, 8)), layout!((3, 12) : (1, 3)));
}
