//! Refused operands of the blocked and raked products: the run-time algebra returns an
//! error for each, so each function must fail to compile with an error
//! naming a rule of CuTe. ui-tests/tests/refusals.rs compiles them (with
//! the other files here, as a library crate) and checks that. Written by
//! scripts/gen_refusal_cases.py (seed 20250611) with
//! tests/data/refusals.tsv; do not edit by hand.
#![cfg_attr(rustfmt, rustfmt::skip)]
#![allow(clippy::all)]
#![allow(dead_code, unused_imports)]

use cute_static::*;

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
