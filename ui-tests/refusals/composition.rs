//! Refused operands of composition: the run-time algebra returns an
//! error for each, so each function must fail to compile with an error
//! naming a rule of CuTe. ui-tests/tests/refusals.rs compiles them (with
//! the other files here, as a library crate) and checks that. Written by
//! scripts/gen_refusal_cases.py (seed 20250611) with
//! tests/data/refusals.tsv; do not edit by hand.
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
