//! Refused operands of the divides: the run-time algebra returns an
//! error for each, so each function must fail to compile with an error
//! naming a rule of CuTe. ui-tests/tests/refusals.rs compiles them (with
//! the other files here, as a library crate) and checks that. Written by
//! scripts/gen_refusal_cases.py (seed 20250611) with
//! tests/data/refusals.tsv; do not edit by hand.
#![cfg_attr(rustfmt, rustfmt::skip)]
#![allow(clippy::all)]
#![allow(dead_code, unused_imports)]

use cute_static::*;

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
