//! Static-vs-dynamic agreement on random operands, part 1 of 3:
//! cases the run-time algebra accepts, whose static result must be its
//! result (shape, stride, nesting, printed form). Accepted cases that
//! cute-static refused when this was written are held back (`refuses` in
//! tests/data/refusals.tsv; ui-tests/tests/refusals.rs reports them).
//! Written by scripts/gen_refusal_cases.py (seed 20250611) with
//! tests/data/refusals.tsv; do not edit by hand.
#![cfg_attr(rustfmt, rustfmt::skip)]
#![allow(clippy::all)]

mod static_adapter;

use cute_static::*;
use static_adapter::{self as ad, Agreement, T};

#[test]
fn refusal_agree_1() {
    let mut r = Agreement::default();
    r.check("composition", "case_0001", &composition(layout!(4 : 0), tile!(4)), ad::composition("4:0", T::I(4), &[]));
    r.check("composition", "case_0004", &composition(layout!(((1, 6), 2) : ((1, 1), 6)), tile!(8)), ad::composition("((1, 6), 2):((1, 1), 6)", T::I(8), &[]));
    r.check("composition", "case_0007", &composition(layout!(12 : 5), layout!((2, (1, 2, 3), 2, 2) : (96, (12, 1, 2), 6, 12))), ad::composition("12:5", T::L("(2, (1, 2, 3), 2, 2):(96, (12, 1, 2), 6, 12)"), &[]));
    r.check("composition", "case_0010", &composition(layout!((2, 2, 1) : (6, 6, 4)), layout!(((2, 1), (2, 8)) : ((1, 2), (2, 4)))), ad::composition("(2, 2, 1):(6, 6, 4)", T::L("((2, 1), (2, 8)):((1, 2), (2, 4))"), &[]));
    r.check("composition", "case_0013", &composition(layout!((6, (3, 1, (4, 4))) : (1, (6, 18, (18, 72)))), layout!((6, 4, 2) : (2, 18, 48))), ad::composition("(6, (3, 1, (4, 4))):(1, (6, 18, (18, 72)))", T::L("(6, 4, 2):(2, 18, 48)"), &[]));
    r.check("composition", "case_0016", &composition(layout!(6 : 1), tile!(_,)), ad::composition("6:1", T::Tup(vec![T::N]), &[]));
    r.check("composition", "case_0019", &composition(layout!((8, 4, 3) : (1, 8, 32)), (Keep, layout!(((3, 1), 5) : ((5, 15), 1)), layout!((3, 5) : (1, 2)))), ad::composition("(8, 4, 3):(1, 8, 32)", T::Tup(vec![T::N, T::L("((3, 1), 5):((5, 15), 1)"), T::L("(3, 5):(1, 2)")]), &[]));
    r.check("composition", "case_0022", &composition(layout!((4, 2, (5, 3), 4) : (1, 4, (8, 40), 120)), (Keep, layout!((2, 3, 1) : (1, 1, 1)), layout!((1, 4) : (1, 2)))), ad::composition("(4, 2, (5, 3), 4):(1, 4, (8, 40), 120)", T::Tup(vec![T::N, T::L("(2, 3, 1):(1, 1, 1)"), T::L("(1, 4):(1, 2)")]), &[]));
    r.check("composition", "case_0025", &composition(layout!((3, 5) : (1, 1)), (layout!((1, 3) : (2, 1)), tile!(1))), ad::composition("(3, 5):(1, 1)", T::Tup(vec![T::L("(1, 3):(2, 1)"), T::I(1)]), &[]));
    r.check("composition", "case_0028", &composition(layout!(((4, 8, (2,)),) : ((1, 8, (4,)),)), (layout!((8, 1, 2) : (8, 32, 32)),)), ad::composition("((4, 8, (2,)),):((1, 8, (4,)),)", T::Tup(vec![T::L("(8, 1, 2):(8, 32, 32)")]), &[]));
    r.check("composition", "case_0031", &composition(layout!((2, (2, 4), 3, (3, 2)) : (3, (6, 20), 80, (240, 720))), (layout!((4, 1, 2) : (1, 2, 1)), layout!(3 : 4), layout!((2,) : (1,)), layout!(1 : 1))), ad::composition("(2, (2, 4), 3, (3, 2)):(3, (6, 20), 80, (240, 720))", T::Tup(vec![T::L("(4, 1, 2):(1, 2, 1)"), T::L("3:4"), T::L("(2,):(1,)"), T::L("1:1")]), &[]));
    r.check("composition", "case_0034", &composition(layout!((2, (8, 2, (3, 2))) : (0, (4, 32, (64, 1)))), tile!(6)), ad::composition("(2, (8, 2, (3, 2))):(0, (4, 32, (64, 1)))", T::I(6), &[]));
    r.check("composition", "case_0037", &composition(layout!((8,) : (1,)), layout!((2, 4, 8) : (1, 16, 2))), ad::composition("(8,):(1,)", T::L("(2, 4, 8):(1, 16, 2)"), &[]));
    r.check("composition", "case_0040", &composition(layout!((4, 4, 8, 4) : (0, 32, 4, 1)), layout!((1, 2) : (32, 1))), ad::composition("(4, 4, 8, 4):(0, 32, 4, 1)", T::L("(1, 2):(32, 1)"), &[]));
    r.check("composition", "case_0043", &composition(layout!((3, (2, 2, 1), 4) : (1, (3, 6, 12), 12)), layout!((3, 2) : (1, 3))), ad::composition("(3, (2, 2, 1), 4):(1, (3, 6, 12), 12)", T::L("(3, 2):(1, 3)"), &[]));
    r.check("logical_divide", "case_0102", &logical_divide(layout!((3,) : (2,)), tile!(1)), ad::logical_divide("(3,):(2,)", T::I(1), &[]));
    r.check("logical_divide", "case_0105", &logical_divide(layout!((1, 6, 4, 8) : (1, 1, 6, 24)), tile!(6)), ad::logical_divide("(1, 6, 4, 8):(1, 1, 6, 24)", T::I(6), &[]));
    r.check("logical_divide", "case_0108", &logical_divide(layout!((((1, 3), 2), 2, (2,), (2, 2, 3)) : (((1, 1), 3), 6, (12,), (24, 48, 96))), tile!(12)), ad::logical_divide("(((1, 3), 2), 2, (2,), (2, 2, 3)):(((1, 1), 3), 6, (12,), (24, 48, 96))", T::I(12), &[]));
    r.check("logical_divide", "case_0111", &logical_divide(layout!((4, 8) : (8, 1)), layout!((2,) : (1,))), ad::logical_divide("(4, 8):(8, 1)", T::L("(2,):(1,)"), &[]));
    r.check("logical_divide", "case_0114", &logical_divide(layout!(((4, 4, 4), 6) : ((5, 8, 48), 192)), layout!(4 : 1)), ad::logical_divide("((4, 4, 4), 6):((5, 8, 48), 192)", T::L("4:1"), &[]));
    r.check("logical_divide", "case_0117", &logical_divide(layout!((8,) : (8,)), tile!(_,)), ad::logical_divide("(8,):(8,)", T::Tup(vec![T::N]), &[]));
    r.check("logical_divide", "case_0120", &logical_divide(layout!((1, 5, 3, 12) : (1, 1, 5, 15)), (Keep, Keep, layout!(3 : 3), tile!(3))), ad::logical_divide("(1, 5, 3, 12):(1, 1, 5, 15)", T::Tup(vec![T::N, T::N, T::L("3:3"), T::I(3)]), &[]));
    r.check("logical_divide", "case_0123", &logical_divide(layout!((2, (2, (4, 2)), ((4, 3),)) : (12, (192, (48, 24)), ((1, 0),))), (tile!(3), layout!(16 : 1), Keep)), ad::logical_divide("(2, (2, (4, 2)), ((4, 3),)):(12, (192, (48, 24)), ((1, 0),))", T::Tup(vec![T::I(3), T::L("16:1"), T::N]), &[]));
    r.check("logical_divide", "case_0126", &logical_divide(layout!(((6, 4), 3, (4, 1)) : ((1, 6), 24, (72, 288))), ((tile!(1), layout!((3, 2) : (1, 3))), tile!(3), layout!(2 : 4))), ad::logical_divide("((6, 4), 3, (4, 1)):((1, 6), 24, (72, 288))", T::Tup(vec![T::Tup(vec![T::I(1), T::L("(3, 2):(1, 3)")]), T::I(3), T::L("2:4")]), &[]));
    r.check("zipped_divide", "case_0157", &zipped_divide(layout!(3 : 12), tile!(5)), ad::zipped_divide("3:12", T::I(5), &[]));
    r.check("zipped_divide", "case_0160", &zipped_divide(layout!((4, 5, 3) : (5, 1, 20)), tile!(20)), ad::zipped_divide("(4, 5, 3):(5, 1, 20)", T::I(20), &[]));
    r.check("zipped_divide", "case_0163", &zipped_divide(layout!(((2,), 6) : ((1,), 8)), tile!(4)), ad::zipped_divide("((2,), 6):((1,), 8)", T::I(4), &[]));
    r.check("zipped_divide", "case_0166", &zipped_divide(layout!((4,) : (1,)), layout!(2 : 6)), ad::zipped_divide("(4,):(1,)", T::L("2:6"), &[]));
    r.check("zipped_divide", "case_0169", &zipped_divide(layout!((1, 4, 2, 16) : (4, 1, 1, 8)), layout!((2, (2,)) : (8, (24,)))), ad::zipped_divide("(1, 4, 2, 16):(4, 1, 1, 8)", T::L("(2, (2,)):(8, (24,))"), &[]));
    r.check("zipped_divide", "case_0172", &zipped_divide(layout!(((3, (2, 4), 6), 2, 1) : ((1, (3, 6), 24), 144, 288)), layout!((1, (3, 4)) : (1, (1, 3)))), ad::zipped_divide("((3, (2, 4), 6), 2, 1):((1, (3, 6), 24), 144, 288)", T::L("(1, (3, 4)):(1, (1, 3))"), &[]));
    r.check("zipped_divide", "case_0175", &zipped_divide(layout!((16,) : (1,)), tile!(_,)), ad::zipped_divide("(16,):(1,)", T::Tup(vec![T::N]), &[]));
    r.check("zipped_divide", "case_0178", &zipped_divide(layout!((6, 5, 2, 8) : (3, 30, 90, 180)), tile!(_, 5, _)), ad::zipped_divide("(6, 5, 2, 8):(3, 30, 90, 180)", T::Tup(vec![T::N, T::I(5), T::N]), &[]));
    r.check("zipped_divide", "case_0181", &zipped_divide(layout!((2, 4, (4, 3, 4)) : (192, 4, (48, 16, 1))), (tile!(6), layout!(4 : 1), Keep)), ad::zipped_divide("(2, 4, (4, 3, 4)):(192, 4, (48, 16, 1))", T::Tup(vec![T::I(6), T::L("4:1"), T::N]), &[]));
    r.check("zipped_divide", "case_0184", &zipped_divide(layout!((3, (4, 6), 4) : (24, (6, 1), 72)), tile!(_, (_,), 2)), ad::zipped_divide("(3, (4, 6), 4):(24, (6, 1), 72)", T::Tup(vec![T::N, T::Tup(vec![T::N]), T::I(2)]), &[]));
    r.check("tiled_divide", "case_0215", &tiled_divide(layout!((8, 4) : (1, 8)), tile!(16)), ad::tiled_divide("(8, 4):(1, 8)", T::I(16)));
    r.check("tiled_divide", "case_0218", &tiled_divide(layout!((4, (16, 8)) : (3, (12, 192))), tile!(256)), ad::tiled_divide("(4, (16, 8)):(3, (12, 192))", T::I(256)));
    r.check("tiled_divide", "case_0221", &tiled_divide(layout!(12 : 1), layout!((4, 2) : (1, 11))), ad::tiled_divide("12:1", T::L("(4, 2):(1, 11)")));
    r.check("tiled_divide", "case_0224", &tiled_divide(layout!((2, 6, 5) : (1, 2, 12)), layout!((3, 1) : (1, 1))), ad::tiled_divide("(2, 6, 5):(1, 2, 12)", T::L("(3, 1):(1, 1)")));
    r.check("tiled_divide", "case_0227", &tiled_divide(layout!(((2, 2), (2, 2), (2, (2, 1, 2), 3)) : ((1, 2), (4, 8), (16, (32, 64, 64), 128))), layout!(3 : 0)), ad::tiled_divide("((2, 2), (2, 2), (2, (2, 1, 2), 3)):((1, 2), (4, 8), (16, (32, 64, 64), 128))", T::L("3:0")));
    r.check("tiled_divide", "case_0230", &tiled_divide(layout!((1,) : (0,)), tile!(_,)), ad::tiled_divide("(1,):(0,)", T::Tup(vec![T::N])));
    r.check("tiled_divide", "case_0233", &tiled_divide(layout!((2, 16, 2, 6) : (6, 24, 12, 1)), tile!(4, _, 4, 3)), ad::tiled_divide("(2, 16, 2, 6):(6, 24, 12, 1)", T::Tup(vec![T::I(4), T::N, T::I(4), T::I(3)])));
    r.check("flat_divide", "case_0258", &flat_divide(layout!((4,) : (1,)), tile!(1)), ad::flat_divide("(4,):(1,)", T::I(1)));
    r.check("flat_divide", "case_0261", &flat_divide(layout!((2, (2,)) : (1, (2,))), tile!(1)), ad::flat_divide("(2, (2,)):(1, (2,))", T::I(1)));
    r.check("flat_divide", "case_0264", &flat_divide(layout!(2 : 1), layout!(2 : 2)), ad::flat_divide("2:1", T::L("2:2")));
    r.check("flat_divide", "case_0267", &flat_divide(layout!((8, 4, 4) : (16, 4, 0)), layout!((2, 4) : (0, 1))), ad::flat_divide("(8, 4, 4):(16, 4, 0)", T::L("(2, 4):(0, 1)")));
    r.check("flat_divide", "case_0270", &flat_divide(layout!((8, (4, 12)) : (3, (16, 96))), layout!((3, 3) : (32, 288))), ad::flat_divide("(8, (4, 12)):(3, (16, 96))", T::L("(3, 3):(32, 288)")));
    r.check("flat_divide", "case_0273", &flat_divide(layout!(8 : 8), tile!(_,)), ad::flat_divide("8:8", T::Tup(vec![T::N])));
    r.check("flat_divide", "case_0276", &flat_divide(layout!((8, 2, 3) : (1, 8, 16)), tile!(2, 1, _)), ad::flat_divide("(8, 2, 3):(1, 8, 16)", T::Tup(vec![T::I(2), T::I(1), T::N])));
    r.check("logical_product", "case_0301", &logical_product(layout!(8 : 1), layout!((4,) : (3,))), ad::logical_product("8:1", T::L("(4,):(3,)"), &[]));
    r.check("logical_product", "case_0304", &logical_product(layout!((4, 4, 4) : (3, 32, 0)), layout!(((3, 2), 6) : ((12, 6), 1))), ad::logical_product("(4, 4, 4):(3, 32, 0)", T::L("((3, 2), 6):((12, 6), 1)"), &[]));
    r.check("logical_product", "case_0307", &logical_product(layout!((2, (3, 2)) : (1, (2, 6))), layout!((2, (2, 2), 2, 3) : (3, (6, 12), 24, 1))), ad::logical_product("(2, (3, 2)):(1, (2, 6))", T::L("(2, (2, 2), 2, 3):(3, (6, 12), 24, 1)"), &[]));
    r.check("logical_product", "case_0310", &logical_product(layout!(6 : 9), tile!(_,)), ad::logical_product("6:9", T::Tup(vec![T::N]), &[]));
    r.check("logical_product", "case_0313", &logical_product(layout!((3, 6, 2) : (16, 100, 3)), (Keep, layout!((4, 3) : (12, 1)), Keep)), ad::logical_product("(3, 6, 2):(16, 100, 3)", T::Tup(vec![T::N, T::L("(4, 3):(12, 1)"), T::N]), &[]));
    r.check("logical_product", "case_0316", &logical_product(layout!((5, (3,), (2,)) : (6, (1,), (0,))), tile!(2, _, _)), ad::logical_product("(5, (3,), (2,)):(6, (1,), (0,))", T::Tup(vec![T::I(2), T::N, T::N]), &[]));
    r.check("logical_product", "case_0319", &logical_product(layout!((4, 3, ((2,), 2)) : (4, 100, ((0,), 12))), tile!(4, _, (_, 1))), ad::logical_product("(4, 3, ((2,), 2)):(4, 100, ((0,), 12))", T::Tup(vec![T::I(4), T::N, T::Tup(vec![T::N, T::I(1)])]), &[]));
    r.check("logical_product", "case_0322", &logical_product(layout!((6,) : (0,)), (layout!((2, (3, 2, 1)) : (6, (2, 1, 48))),)), ad::logical_product("(6,):(0,)", T::Tup(vec![T::L("(2, (3, 2, 1)):(6, (2, 1, 48))")]), &[]));
    r.check("logical_product", "case_0325", &logical_product(layout!(((2, (4, 8)),) : ((1, (2, 8)),)), (layout!(((3, 2, 2),) : ((5, 6, 30),)),)), ad::logical_product("((2, (4, 8)),):((1, (2, 8)),)", T::Tup(vec![T::L("((3, 2, 2),):((5, 6, 30),)")]), &[]));
    r.check("logical_product", "case_0328", &logical_product(layout!(((2, 1), (3, 1), 3, 3) : ((1, 54), (2, 6), 18, 6)), tile!(4, 2, 2, 3)), ad::logical_product("((2, 1), (3, 1), 3, 3):((1, 54), (2, 6), 18, 6)", T::Tup(vec![T::I(4), T::I(2), T::I(2), T::I(3)]), &[]));
    r.check("zipped_product", "case_0359", &zipped_product(layout!((8, 5) : (1, 8)), layout!((12,) : (5,))), ad::zipped_product("(8, 5):(1, 8)", T::L("(12,):(5,)")));
    r.check("zipped_product", "case_0362", &zipped_product(layout!(((3, 4, 5),) : ((40, 1, 4),)), layout!((6, 2) : (0, 6))), ad::zipped_product("((3, 4, 5),):((40, 1, 4),)", T::L("(6, 2):(0, 6)")));
    r.check("zipped_product", "case_0365", &zipped_product(layout!(((1,), ((1, 2), 2), 1, ((2, 2), 2, 2)) : ((2,), ((32, 16), 32), 8, ((8, 4), 1, 2))), layout!((1, 16) : (9, 2))), ad::zipped_product("((1,), ((1, 2), 2), 1, ((2, 2), 2, 2)):((2,), ((32, 16), 32), 8, ((8, 4), 1, 2))", T::L("(1, 16):(9, 2)")));
    r.check("zipped_product", "case_0368", &zipped_product(layout!((3, 5) : (1, 0)), tile!(_, _)), ad::zipped_product("(3, 5):(1, 0)", T::Tup(vec![T::N, T::N])));
    r.check("zipped_product", "case_0371", &zipped_product(layout!((((3, 2), 2, 4),) : (((8, 24), 4, 1),)), tile!(_,)), ad::zipped_product("(((3, 2), 2, 4),):(((8, 24), 4, 1),)", T::Tup(vec![T::N])));
    r.check("zipped_product", "case_0374", &zipped_product(layout!((((1, 2),), 2, 3, 2) : (((1, 1),), 2, 4, 12)), (tile!(3), layout!(5 : 2), Keep, Keep)), ad::zipped_product("(((1, 2),), 2, 3, 2):(((1, 1),), 2, 4, 12)", T::Tup(vec![T::I(3), T::L("5:2"), T::N, T::N])));
    r.check("zipped_product", "case_0377", &zipped_product(layout!((2, ((2, 2), 2), 4) : (16, ((1, 32), 8), 2)), tile!(2, (3,), _)), ad::zipped_product("(2, ((2, 2), 2), 4):(16, ((1, 32), 8), 2)", T::Tup(vec![T::I(2), T::Tup(vec![T::I(3)]), T::N])));
    r.check("zipped_product", "case_0380", &zipped_product(layout!((3,) : (0,)), (layout!(4 : 1),)), ad::zipped_product("(3,):(0,)", T::Tup(vec![T::L("4:1")])));
    r.check("tiled_product", "case_0407", &tiled_product(layout!((6, 8) : (1, 6)), layout!((5, 2, 4) : (12, 100, 1))), ad::tiled_product("(6, 8):(1, 6)", T::L("(5, 2, 4):(12, 100, 1)")));
    r.check("tiled_product", "case_0410", &tiled_product(layout!((2, (2, 2, (1, 2, 2))) : (1, (2, 4, (8, 8, 16)))), layout!((3, 4) : (4, 1))), ad::tiled_product("(2, (2, 2, (1, 2, 2))):(1, (2, 4, (8, 8, 16)))", T::L("(3, 4):(4, 1)")));
    r.check("tiled_product", "case_0413", &tiled_product(layout!(5 : 0), tile!(_,)), ad::tiled_product("5:0", T::Tup(vec![T::N])));
    r.check("tiled_product", "case_0416", &tiled_product(layout!((4, 3, 3) : (1, 4, 12)), (Keep, layout!((2, 3) : (3, 1)), layout!(4 : 1))), ad::tiled_product("(4, 3, 3):(1, 4, 12)", T::Tup(vec![T::N, T::L("(2, 3):(3, 1)"), T::L("4:1")])));
    r.check("tiled_product", "case_0419", &tiled_product(layout!((((2, 1, 2), 3), 2) : (((1, 2, 4), 8), 2)), tile!(_, 1)), ad::tiled_product("(((2, 1, 2), 3), 2):(((1, 2, 4), 8), 2)", T::Tup(vec![T::N, T::I(1)])));
    r.check("tiled_product", "case_0422", &tiled_product(layout!(((5, 2), 4) : ((0, 1), 10)), tile!((_,),)), ad::tiled_product("((5, 2), 4):((0, 1), 10)", T::Tup(vec![T::Tup(vec![T::N])])));
    r.check("tiled_product", "case_0425", &tiled_product(layout!((2,) : (0,)), (layout!(5 : 0),)), ad::tiled_product("(2,):(0,)", T::Tup(vec![T::L("5:0")])));
    r.check("flat_product", "case_0450", &flat_product(layout!((2,) : (1,)), layout!((2, 1, 3, (2, 2)) : (1, 2, 2, (6, 12)))), ad::flat_product("(2,):(1,)", T::L("(2, 1, 3, (2, 2)):(1, 2, 2, (6, 12))")));
    r.check("flat_product", "case_0453", &flat_product(layout!((1, 3, 4, 4) : (4, 4, 1, 12)), layout!((2, 4) : (8, 100))), ad::flat_product("(1, 3, 4, 4):(4, 4, 1, 12)", T::L("(2, 4):(8, 100)")));
    r.check("flat_product", "case_0456", &flat_product(layout!((2, 2, ((2, 2, 2), 2)) : (2, 1, ((64, 32, 16), 8))), layout!((2, (3, 2, 4)) : (1, (2, 24, 6)))), ad::flat_product("(2, 2, ((2, 2, 2), 2)):(2, 1, ((64, 32, 16), 8))", T::L("(2, (3, 2, 4)):(1, (2, 24, 6))")));
    r.check("flat_product", "case_0459", &flat_product(layout!((2, 16) : (16, 2)), (layout!((2, 3) : (1, 2)), Keep)), ad::flat_product("(2, 16):(16, 2)", T::Tup(vec![T::L("(2, 3):(1, 2)"), T::N])));
    r.check("flat_product", "case_0462", &flat_product(layout!(((2, 2), 3) : ((1, 2), 4)), tile!(_,)), ad::flat_product("((2, 2), 3):((1, 2), 4)", T::Tup(vec![T::N])));
    r.check("flat_product", "case_0465", &flat_product(layout!(((2, (2, 2, 2)), 4) : ((0, (16, 8, 4)), 1)), tile!((2, 1), 4)), ad::flat_product("((2, (2, 2, 2)), 4):((0, (16, 8, 4)), 1)", T::Tup(vec![T::Tup(vec![T::I(2), T::I(1)]), T::I(4)])));
    r.check("flat_product", "case_0468", &flat_product(layout!(2 : 1), (layout!(5 : 0),)), ad::flat_product("2:1", T::Tup(vec![T::L("5:0")])));
    r.check("blocked_product", "case_0493", &blocked_product(layout!(4 : 0), layout!(4 : 2)), ad::blocked_product("4:0", "4:2"));
    r.check("blocked_product", "case_0496", &blocked_product(layout!((2, 16, 2) : (32, 2, 1)), layout!((8, (2, 2), 2) : (1, (8, 16), 32))), ad::blocked_product("(2, 16, 2):(32, 2, 1)", "(8, (2, 2), 2):(1, (8, 16), 32)"));
    r.check("blocked_product", "case_0499", &blocked_product(layout!(((2, 5, 2), 2) : ((1, 2, 10), 20)), layout!(((3,), 4) : ((1,), 1))), ad::blocked_product("((2, 5, 2), 2):((1, 2, 10), 20)", "((3,), 4):((1,), 1)"));
    r.check("blocked_product", "case_0502", &blocked_product(layout!(4 : 1), layout!(6 : 1)), ad::blocked_product("4:1", "6:1"));
    r.check("blocked_product", "case_0505", &blocked_product(layout!((4, 3, 3) : (1, 4, 12)), layout!((3, (2, 3), 2) : (5, (6, 30), 36))), ad::blocked_product("(4, 3, 3):(1, 4, 12)", "(3, (2, 3), 2):(5, (6, 30), 36)"));
    r.check("blocked_product", "case_0508", &blocked_product(layout!((4, (4, 4)) : (4, (16, 1))), layout!(((3, 2), (3, 2)) : ((1, 3), (6, 18)))), ad::blocked_product("(4, (4, 4)):(4, (16, 1))", "((3, 2), (3, 2)):((1, 3), (6, 18))"));
    r.check("blocked_product", "case_0511", &blocked_product(layout!(6 : 0), layout!((1,) : (2,))), ad::blocked_product("6:0", "(1,):(2,)"));
    r.check("blocked_product", "case_0514", &blocked_product(layout!((5, 2, 6) : (1, 5, 10)), layout!((2, 2, 4) : (0, 1, 4))), ad::blocked_product("(5, 2, 6):(1, 5, 10)", "(2, 2, 4):(0, 1, 4)"));
    r.check("blocked_product", "case_0517", &blocked_product(layout!((2, (2, 1)) : (1, (2, 4))), layout!((4, 2) : (1, 4))), ad::blocked_product("(2, (2, 1)):(1, (2, 4))", "(4, 2):(1, 4)"));
    r.check("blocked_product", "case_0520", &blocked_product(layout!(4 : 0), layout!(16 : 1)), ad::blocked_product("4:0", "16:1"));
    r.check("raked_product", "case_0553", &raked_product(layout!(4 : 5), layout!(((4, 4),) : ((0, 1),))), ad::raked_product("4:5", "((4, 4),):((0, 1),)"));
    r.check("raked_product", "case_0556", &raked_product(layout!((2, 4, 8) : (0, 16, 2)), layout!((3, 2, 6) : (2, 1, 6))), ad::raked_product("(2, 4, 8):(0, 16, 2)", "(3, 2, 6):(2, 1, 6)"));
    r.check("raked_product", "case_0559", &raked_product(layout!(((2, 2), 2) : ((9, 32), 100)), layout!((3, 4) : (4, 1))), ad::raked_product("((2, 2), 2):((9, 32), 100)", "(3, 4):(4, 1)"));
    r.check("raked_product", "case_0562", &raked_product(layout!(4 : 1), layout!(4 : 12)), ad::raked_product("4:1", "4:12"));
    r.check("raked_product", "case_0565", &raked_product(layout!((4, 5, 2) : (2, 8, 1)), layout!((2, 8, 2) : (1, 2, 4))), ad::raked_product("(4, 5, 2):(2, 8, 1)", "(2, 8, 2):(1, 2, 4)"));
    r.check("raked_product", "case_0568", &raked_product(layout!((4, (5, 2)) : (1, (4, 80))), layout!((4, 8) : (2, 12))), ad::raked_product("(4, (5, 2)):(1, (4, 80))", "(4, 8):(2, 12)"));
    r.check("raked_product", "case_0571", &raked_product(layout!(6 : 1), layout!(3 : 9)), ad::raked_product("6:1", "3:9"));
    r.check("raked_product", "case_0574", &raked_product(layout!((16, 4, 1) : (4, 1, 64)), layout!((4, 8, 2) : (2, 8, 1))), ad::raked_product("(16, 4, 1):(4, 1, 64)", "(4, 8, 2):(2, 8, 1)"));
    r.check("raked_product", "case_0577", &raked_product(layout!(((12, 1, 2), 1) : ((2, 24, 1), 24)), layout!(((2, 2, 3), (4,)) : ((12, 24, 1), (3,)))), ad::raked_product("((12, 1, 2), 1):((2, 24, 1), 24)", "((2, 2, 3), (4,)):((12, 24, 1), (3,))"));
    r.check("raked_product", "case_0580", &raked_product(layout!(1 : 1), layout!(4 : 1)), ad::raked_product("1:1", "4:1"));
    r.finish("static_refusal_agree_1");
}
