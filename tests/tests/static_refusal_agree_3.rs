//! Static-vs-dynamic agreement on random operands, part 3 of 3:
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
fn refusal_agree_3() {
    let mut r = Agreement::default();
    r.check("composition", "case_0003", &composition(layout!((8, 2, 12) : (2, 1, 16)), tile!(6)), ad::composition("(8, 2, 12):(2, 1, 16)", T::I(6), &[]));
    r.check("composition", "case_0006", &composition(layout!((((2, 2, 1), (2, 1), (1, 2)), ((1, 2), (2, 1)), 2, 2) : (((16, 8, 128), (1, 256), (256, 32)), ((16, 64), (4, 4)), 32, 2)), tile!(2)), ad::composition("(((2, 2, 1), (2, 1), (1, 2)), ((1, 2), (2, 1)), 2, 2):(((16, 8, 128), (1, 256), (256, 32)), ((16, 64), (4, 4)), 32, 2)", T::I(2), &[]));
    r.check("composition", "case_0009", &composition(layout!((2, 6) : (5, 10)), layout!((4, 2, 3, 2) : (1, 4, 8, 24))), ad::composition("(2, 6):(5, 10)", T::L("(4, 2, 3, 2):(1, 4, 8, 24)"), &[]));
    r.check("composition", "case_0012", &composition(layout!((((4, 3), 1),) : (((1, 4), 12),)), layout!((2, 3) : (1, 1))), ad::composition("(((4, 3), 1),):(((1, 4), 12),)", T::L("(2, 3):(1, 1)"), &[]));
    r.check("composition", "case_0015", &composition(layout!((1, ((2, 2), (1, 2)), ((3, 2), 2, 2), 2) : (1, ((1, 2), (4, 4)), ((8, 24), 48, 96), 192)), layout!((3, 2) : (8, 8))), ad::composition("(1, ((2, 2), (1, 2)), ((3, 2), 2, 2), 2):(1, ((1, 2), (4, 4)), ((8, 24), 48, 96), 192)", T::L("(3, 2):(8, 8)"), &[]));
    r.check("composition", "case_0018", &composition(layout!((4, 2) : (2, 1)), (layout!((4,) : (1,)), Keep)), ad::composition("(4, 2):(2, 1)", T::Tup(vec![T::L("(4,):(1,)"), T::N]), &[]));
    r.check("composition", "case_0021", &composition(layout!(((3, (4,)), 8, 4) : ((1, (3,)), 12, 96)), (Keep, layout!((4, 2) : (1, 8)), layout!((1,) : (1,)))), ad::composition("((3, (4,)), 8, 4):((1, (3,)), 12, 96)", T::Tup(vec![T::N, T::L("(4, 2):(1, 8)"), T::L("(1,):(1,)")]), &[]));
    r.check("composition", "case_0024", &composition(layout!((3,) : (3,)), tile!(1,)), ad::composition("(3,):(3,)", T::Tup(vec![T::I(1)]), &[]));
    r.check("composition", "case_0027", &composition(layout!((4, 1, 12, 2) : (1, 4, 4, 48)), (layout!((2, 2) : (1, 2)), tile!(1), tile!(2), layout!((3, 4) : (1, 3)))), ad::composition("(4, 1, 12, 2):(1, 4, 4, 48)", T::Tup(vec![T::L("(2, 2):(1, 2)"), T::I(1), T::I(2), T::L("(3, 4):(1, 3)")]), &[]));
    r.check("composition", "case_0030", &composition(layout!(((2, 3), 4, (4, 4)) : ((1, 2), 6, (24, 96))), (layout!((2,) : (2,)), layout!(2 : 1), layout!((2, 2) : (4, 4)))), ad::composition("((2, 3), 4, (4, 4)):((1, 2), 6, (24, 96))", T::Tup(vec![T::L("(2,):(2,)"), T::L("2:1"), T::L("(2, 2):(4, 4)")]), &[]));
    r.check("composition", "case_0033", &composition(layout!((4, 8) : (0, 4)), tile!(3)), ad::composition("(4, 8):(0, 4)", T::I(3), &[]));
    r.check("composition", "case_0036", &composition(layout!(8 : 1), layout!((1, 4) : (1, 1))), ad::composition("8:1", T::L("(1, 4):(1, 1)"), &[]));
    r.check("composition", "case_0039", &composition(layout!((2, 5, 3) : (2, 4, 50)), layout!((2, 2) : (10, 10))), ad::composition("(2, 5, 3):(2, 4, 50)", T::L("(2, 2):(10, 10)"), &[]));
    r.check("composition", "case_0042", &composition(layout!(((12, 3), 6) : ((1, 12), 36)), layout!(((2, 8), 2) : ((1, 4), 2))), ad::composition("((12, 3), 6):((1, 12), 36)", T::L("((2, 8), 2):((1, 4), 2)"), &[]));
    r.check("logical_divide", "case_0101", &logical_divide(layout!(3 : 1), tile!(5)), ad::logical_divide("3:1", T::I(5), &[]));
    r.check("logical_divide", "case_0104", &logical_divide(layout!((8, 8, 8) : (8, 64, 0)), tile!(2)), ad::logical_divide("(8, 8, 8):(8, 64, 0)", T::I(2), &[]));
    r.check("logical_divide", "case_0107", &logical_divide(layout!((6, (4,), 6) : (1, (6,), 24)), tile!(12)), ad::logical_divide("(6, (4,), 6):(1, (6,), 24)", T::I(12), &[]));
    r.check("logical_divide", "case_0110", &logical_divide(layout!((4,) : (16,)), layout!((3, 2) : (1, 3))), ad::logical_divide("(4,):(16,)", T::L("(3, 2):(1, 3)"), &[]));
    r.check("logical_divide", "case_0113", &logical_divide(layout!(((3, (5, 4), 4),) : ((1, (3, 15), 60),)), layout!((6,) : (1,))), ad::logical_divide("((3, (5, 4), 4),):((1, (3, 15), 60),)", T::L("(6,):(1,)"), &[]));
    r.check("logical_divide", "case_0116", &logical_divide(layout!(((1, (3, 2), 2), 2, 2, (3, 2)) : ((1, (1, 3), 6), 12, 24, (48, 144))), layout!((8, 8) : (3, 0))), ad::logical_divide("((1, (3, 2), 2), 2, 2, (3, 2)):((1, (1, 3), 6), 12, 24, (48, 144))", T::L("(8, 8):(3, 0)"), &[]));
    r.check("logical_divide", "case_0119", &logical_divide(layout!((6, 8, 8) : (1, 48, 6)), (Keep, layout!((8, 4) : (1, 8)))), ad::logical_divide("(6, 8, 8):(1, 48, 6)", T::Tup(vec![T::N, T::L("(8, 4):(1, 8)")]), &[]));
    r.check("logical_divide", "case_0122", &logical_divide(layout!((6, (6, 2, 3)) : (12, (1, 6, 72))), tile!(4, _)), ad::logical_divide("(6, (6, 2, 3)):(12, (1, 6, 72))", T::Tup(vec![T::I(4), T::N]), &[]));
    r.check("logical_divide", "case_0125", &logical_divide(layout!((2, (2, 2)) : (9, (8, 4))), (tile!(2), (layout!((2, 4) : (1, 4)),))), ad::logical_divide("(2, (2, 2)):(9, (8, 4))", T::Tup(vec![T::I(2), T::Tup(vec![T::L("(2, 4):(1, 4)")])]), &[]));
    r.check("logical_divide", "case_0128", &logical_divide(layout!(8 : 1), tile!(2,)), ad::logical_divide("8:1", T::Tup(vec![T::I(2)]), &[]));
    r.check("zipped_divide", "case_0159", &zipped_divide(layout!((16, 12) : (0, 1)), tile!(8)), ad::zipped_divide("(16, 12):(0, 1)", T::I(8), &[]));
    r.check("zipped_divide", "case_0162", &zipped_divide(layout!(((6, 2),) : ((2, 0),)), tile!(2)), ad::zipped_divide("((6, 2),):((2, 0),)", T::I(2), &[]));
    r.check("zipped_divide", "case_0165", &zipped_divide(layout!(3 : 1), layout!((2, 4, 3) : (1, 2, 0))), ad::zipped_divide("3:1", T::L("(2, 4, 3):(1, 2, 0)"), &[]));
    r.check("zipped_divide", "case_0168", &zipped_divide(layout!((8, 12, 3) : (1, 8, 96)), layout!(4 : 1)), ad::zipped_divide("(8, 12, 3):(1, 8, 96)", T::L("4:1"), &[]));
    r.check("zipped_divide", "case_0171", &zipped_divide(layout!(((4, 6, 4), 2) : ((2, 12, 72), 288)), layout!(2 : 1)), ad::zipped_divide("((4, 6, 4), 2):((2, 12, 72), 288)", T::L("2:1"), &[]));
    r.check("zipped_divide", "case_0174", &zipped_divide(layout!(6 : 1), tile!(_,)), ad::zipped_divide("6:1", T::Tup(vec![T::N]), &[]));
    r.check("zipped_divide", "case_0177", &zipped_divide(layout!((6, 2, 2) : (1, 4, 6)), (Keep, tile!(2), layout!(5 : 1))), ad::zipped_divide("(6, 2, 2):(1, 4, 6)", T::Tup(vec![T::N, T::I(2), T::L("5:1")]), &[]));
    r.check("zipped_divide", "case_0180", &zipped_divide(layout!(((2, (4, 8)), 6) : ((64, (1, 4)), 32)), (layout!(16 : 1), Keep)), ad::zipped_divide("((2, (4, 8)), 6):((64, (1, 4)), 32)", T::Tup(vec![T::L("16:1"), T::N]), &[]));
    r.check("zipped_divide", "case_0183", &zipped_divide(layout!(((2, (2, 1)), (2, (2, 3), (2, 2, 2))) : ((1, (2, 4)), (4, (8, 16), (48, 96, 192)))), tile!((_, 1), _)), ad::zipped_divide("((2, (2, 1)), (2, (2, 3), (2, 2, 2))):((1, (2, 4)), (4, (8, 16), (48, 96, 192)))", T::Tup(vec![T::Tup(vec![T::N, T::I(1)]), T::N]), &[]));
    r.check("tiled_divide", "case_0214", &tiled_divide(layout!((4,) : (1,)), tile!(8)), ad::tiled_divide("(4,):(1,)", T::I(8)));
    r.check("tiled_divide", "case_0217", &tiled_divide(layout!((2, 2, 12, 6) : (144, 72, 1, 12)), tile!(288)), ad::tiled_divide("(2, 2, 12, 6):(144, 72, 1, 12)", T::I(288)));
    r.check("tiled_divide", "case_0220", &tiled_divide(layout!((5, 6, (2, 3), 2) : (1, 5, (30, 60), 180)), tile!(2)), ad::tiled_divide("(5, 6, (2, 3), 2):(1, 5, (30, 60), 180)", T::I(2)));
    r.check("tiled_divide", "case_0223", &tiled_divide(layout!((2, 6) : (1, 0)), layout!((3, (2,)) : (2, (8,)))), ad::tiled_divide("(2, 6):(1, 0)", T::L("(3, (2,)):(2, (8,))")));
    r.check("tiled_divide", "case_0226", &tiled_divide(layout!((5, (8, 12)) : (1, (5, 40))), layout!((4, 4) : (1, 4))), ad::tiled_divide("(5, (8, 12)):(1, (5, 40))", T::L("(4, 4):(1, 4)")));
    r.check("tiled_divide", "case_0229", &tiled_divide(layout!(2 : 1), tile!(_,)), ad::tiled_divide("2:1", T::Tup(vec![T::N])));
    r.check("tiled_divide", "case_0232", &tiled_divide(layout!((5, 16, 4) : (2, 10, 240)), (tile!(2), tile!(8), layout!(3 : 1), Keep)), ad::tiled_divide("(5, 16, 4):(2, 10, 240)", T::Tup(vec![T::I(2), T::I(8), T::L("3:1"), T::N])));
    r.check("flat_divide", "case_0257", &flat_divide(layout!(4 : 2), tile!(4)), ad::flat_divide("4:2", T::I(4)));
    r.check("flat_divide", "case_0260", &flat_divide(layout!((1, 4, 2) : (2, 4, 1)), tile!(8)), ad::flat_divide("(1, 4, 2):(2, 4, 1)", T::I(8)));
    r.check("flat_divide", "case_0263", &flat_divide(layout!((3, 3, (1, 2), (4, (2, 3))) : (1, 3, (9, 9), (18, (72, 144)))), tile!(108)), ad::flat_divide("(3, 3, (1, 2), (4, (2, 3))):(1, 3, (9, 9), (18, (72, 144)))", T::I(108)));
    r.check("flat_divide", "case_0266", &flat_divide(layout!((12, 6) : (1, 12)), layout!((2, (3, 2, 4)) : (1, (0, 2, 12)))), ad::flat_divide("(12, 6):(1, 12)", T::L("(2, (3, 2, 4)):(1, (0, 2, 12))")));
    r.check("flat_divide", "case_0269", &flat_divide(layout!(((1, 2),) : ((2, 1),)), layout!(2 : 1)), ad::flat_divide("((1, 2),):((2, 1),)", T::L("2:1")));
    r.check("flat_divide", "case_0272", &flat_divide(layout!((((3, 2), 2), 2, 4, 4) : (((128, 2), 1), 16, 4, 32)), layout!((3, 2) : (96, 288))), ad::flat_divide("(((3, 2), 2), 2, 4, 4):(((128, 2), 1), 16, 4, 32)", T::L("(3, 2):(96, 288)")));
    r.check("flat_divide", "case_0275", &flat_divide(layout!((2, 8) : (8, 0)), tile!(_, 4)), ad::flat_divide("(2, 8):(8, 0)", T::Tup(vec![T::N, T::I(4)])));
    r.check("flat_divide", "case_0278", &flat_divide(layout!(((16, 6, 5),) : ((10, 1, 6),)), tile!(_,)), ad::flat_divide("((16, 6, 5),):((10, 1, 6),)", T::Tup(vec![T::N])));
    r.check("logical_product", "case_0303", &logical_product(layout!((5, 3) : (1, 5)), layout!((4, 1, (2, 2, 2)) : (1, 8, (16, 4, 8)))), ad::logical_product("(5, 3):(1, 5)", T::L("(4, 1, (2, 2, 2)):(1, 8, (16, 4, 8))"), &[]));
    r.check("logical_product", "case_0306", &logical_product(layout!(((2, (6, 4)),) : ((24, (1, 6)),)), layout!((3,) : (16,))), ad::logical_product("((2, (6, 4)),):((24, (1, 6)),)", T::L("(3,):(16,)"), &[]));
    r.check("logical_product", "case_0309", &logical_product(layout!((1, 1, 1, ((2, 3, 3), 2)) : (12, 1, 36, ((6, 2, 12), 1))), layout!((2, (2, 1), (3, 2), 2) : (1, (2, 4), (4, 12), 24))), ad::logical_product("(1, 1, 1, ((2, 3, 3), 2)):(12, 1, 36, ((6, 2, 12), 1))", T::L("(2, (2, 1), (3, 2), 2):(1, (2, 4), (4, 12), 24)"), &[]));
    r.check("logical_product", "case_0312", &logical_product(layout!((5, 2) : (16, 12)), (layout!((3, 5) : (1, 3)), Keep)), ad::logical_product("(5, 2):(16, 12)", T::Tup(vec![T::L("(3, 5):(1, 3)"), T::N]), &[]));
    r.check("logical_product", "case_0315", &logical_product(layout!((((2, 2, 1), 3), (1, 3)) : (((1, 2, 4), 4), (12, 12))), (Keep, layout!((8, 2) : (6, 12)))), ad::logical_product("(((2, 2, 1), 3), (1, 3)):(((1, 2, 4), 4), (12, 12))", T::Tup(vec![T::N, T::L("(8, 2):(6, 12)")]), &[]));
    r.check("logical_product", "case_0318", &logical_product(layout!((4, (1, 6)) : (0, (1, 4))), (layout!((4, 3) : (1, 0)), tile!(1,))), ad::logical_product("(4, (1, 6)):(0, (1, 4))", T::Tup(vec![T::L("(4, 3):(1, 0)"), T::Tup(vec![T::I(1)])]), &[]));
    r.check("logical_product", "case_0321", &logical_product(layout!(2 : 1), tile!(2,)), ad::logical_product("2:1", T::Tup(vec![T::I(2)]), &[]));
    r.check("logical_product", "case_0324", &logical_product(layout!((4, 5, 3) : (45, 1, 15)), (layout!(3 : 1), layout!(6 : 1), tile!(3))), ad::logical_product("(4, 5, 3):(45, 1, 15)", T::Tup(vec![T::L("3:1"), T::L("6:1"), T::I(3)]), &[]));
    r.check("logical_product", "case_0327", &logical_product(layout!((2, ((1, 1, 3), 2), 3) : (9, ((32, 2, 1), 9), 4)), (tile!(3), layout!((3, 5) : (1, 3)), layout!(1 : 1))), ad::logical_product("(2, ((1, 1, 3), 2), 3):(9, ((32, 2, 1), 9), 4)", T::Tup(vec![T::I(3), T::L("(3, 5):(1, 3)"), T::L("1:1")]), &[]));
    r.check("zipped_product", "case_0358", &zipped_product(layout!((2,) : (1,)), layout!(((2, 3), 8) : ((1, 2), 6))), ad::zipped_product("(2,):(1,)", T::L("((2, 3), 8):((1, 2), 6)")));
    r.check("zipped_product", "case_0361", &zipped_product(layout!((2, 4, 2, 3) : (1, 2, 8, 16)), layout!((2, 1, (3, 3), 3) : (3, 12, (12, 36), 1))), ad::zipped_product("(2, 4, 2, 3):(1, 2, 8, 16)", T::L("(2, 1, (3, 3), 3):(3, 12, (12, 36), 1)")));
    r.check("zipped_product", "case_0364", &zipped_product(layout!((3, (3, 3), 2) : (1, (18, 6), 3)), layout!((1, (6, 6)) : (100, (0, 0)))), ad::zipped_product("(3, (3, 3), 2):(1, (18, 6), 3)", T::L("(1, (6, 6)):(100, (0, 0))")));
    r.check("zipped_product", "case_0367", &zipped_product(layout!((3,) : (1,)), tile!(_,)), ad::zipped_product("(3,):(1,)", T::Tup(vec![T::N])));
    r.check("zipped_product", "case_0370", &zipped_product(layout!((2, 2, 4, 3) : (12, 96, 3, 1)), (tile!(1), layout!((6,) : (9,)), Keep, Keep)), ad::zipped_product("(2, 2, 4, 3):(12, 96, 3, 1)", T::Tup(vec![T::I(1), T::L("(6,):(9,)"), T::N, T::N])));
    r.check("zipped_product", "case_0373", &zipped_product(layout!((2, (2, 2), (1, 3)) : (1, (2, 4), (8, 8))), (Keep, layout!(8 : 2), layout!(((2, 1, 3),) : ((1, 1, 2),)))), ad::zipped_product("(2, (2, 2), (1, 3)):(1, (2, 4), (8, 8))", T::Tup(vec![T::N, T::L("8:2"), T::L("((2, 1, 3),):((1, 1, 2),)")])));
    r.check("zipped_product", "case_0376", &zipped_product(layout!((2, ((3, 2, 3), 1)) : (2, ((4, 1, 12), 12))), (layout!(1 : 1), tile!(_,))), ad::zipped_product("(2, ((3, 2, 3), 1)):(2, ((4, 1, 12), 12))", T::Tup(vec![T::L("1:1"), T::Tup(vec![T::N])])));
    r.check("zipped_product", "case_0379", &zipped_product(layout!(5 : 1), tile!(1,)), ad::zipped_product("5:1", T::Tup(vec![T::I(1)])));
    r.check("tiled_product", "case_0406", &tiled_product(layout!((4,) : (16,)), layout!((2, 1) : (1, 1))), ad::tiled_product("(4,):(16,)", T::L("(2, 1):(1, 1)")));
    r.check("tiled_product", "case_0409", &tiled_product(layout!((2, 2, 3, 4) : (2, 6, 12, 36)), layout!(2 : 2)), ad::tiled_product("(2, 2, 3, 4):(2, 6, 12, 36)", T::L("2:2")));
    r.check("tiled_product", "case_0412", &tiled_product(layout!(((2, 2), 2, 2, 3) : ((1, 2), 4, 8, 16)), layout!(((2, 1), (1,), (2, 2, 2), 2) : ((0, 2), (8,), (16, 8, 4), 2))), ad::tiled_product("((2, 2), 2, 2, 3):((1, 2), 4, 8, 16)", T::L("((2, 1), (1,), (2, 2, 2), 2):((0, 2), (8,), (16, 8, 4), 2)")));
    r.check("tiled_product", "case_0415", &tiled_product(layout!((4, 4) : (8, 4)), tile!(_, 3)), ad::tiled_product("(4, 4):(8, 4)", T::Tup(vec![T::N, T::I(3)])));
    r.check("tiled_product", "case_0418", &tiled_product(layout!((((3, 1), (4, 1), 5),) : (((4, 1), (1, 12), 12),)), tile!(_,)), ad::tiled_product("(((3, 1), (4, 1), 5),):(((4, 1), (1, 12), 12),)", T::Tup(vec![T::N])));
    r.check("tiled_product", "case_0421", &tiled_product(layout!((2, 2, (4,), 4) : (1, 8, (2,), 48)), (tile!(3), layout!(2 : 0), tile!(2), Keep)), ad::tiled_product("(2, 2, (4,), 4):(1, 8, (2,), 48)", T::Tup(vec![T::I(3), T::L("2:0"), T::I(2), T::N])));
    r.check("tiled_product", "case_0424", &tiled_product(layout!(4 : 2), (layout!((2, 6) : (1, 1)),)), ad::tiled_product("4:2", T::Tup(vec![T::L("(2, 6):(1, 1)")])));
    r.check("flat_product", "case_0449", &flat_product(layout!(4 : 0), layout!((2, 8) : (1, 0))), ad::flat_product("4:0", T::L("(2, 8):(1, 0)")));
    r.check("flat_product", "case_0452", &flat_product(layout!((4, 2, 4) : (1, 4, 8)), layout!((16, 4) : (12, 100))), ad::flat_product("(4, 2, 4):(1, 4, 8)", T::L("(16, 4):(12, 100)")));
    r.check("flat_product", "case_0455", &flat_product(layout!((4, (2, 8)) : (1, (4, 8))), layout!((4, 5, 2) : (10, 1, 5))), ad::flat_product("(4, (2, 8)):(1, (4, 8))", T::L("(4, 5, 2):(10, 1, 5)")));
    r.check("flat_product", "case_0458", &flat_product(layout!(12 : 1), tile!(_,)), ad::flat_product("12:1", T::Tup(vec![T::N])));
    r.check("flat_product", "case_0461", &flat_product(layout!((2, 4, 4, 2) : (32, 4, 1, 4)), (Keep, layout!(((3, 4),) : ((4, 0),)), Keep, Keep)), ad::flat_product("(2, 4, 4, 2):(32, 4, 1, 4)", T::Tup(vec![T::N, T::L("((3, 4),):((4, 0),)"), T::N, T::N])));
    r.check("flat_product", "case_0464", &flat_product(layout!(((2,), 1, 8, 4) : ((1,), 2, 2, 16)), (layout!(8 : 1), layout!((3, 3) : (1, 3)), Keep, tile!(2))), ad::flat_product("((2,), 1, 8, 4):((1,), 2, 2, 16)", T::Tup(vec![T::L("8:1"), T::L("(3, 3):(1, 3)"), T::N, T::I(2)])));
    r.check("flat_product", "case_0467", &flat_product(layout!(((1, 1), (1, (1, 1)), (1, 2, (2, 2, 2)), (1, 2, 2)) : ((32, 32), (8, (8, 2)), (8, 32, (2, 4, 8)), (32, 1, 5))), (Keep, layout!(((2, 1, 3),) : ((3, 0, 1),)), tile!(2), tile!(1, _))), ad::flat_product("((1, 1), (1, (1, 1)), (1, 2, (2, 2, 2)), (1, 2, 2)):((32, 32), (8, (8, 2)), (8, 32, (2, 4, 8)), (32, 1, 5))", T::Tup(vec![T::N, T::L("((2, 1, 3),):((3, 0, 1),)"), T::I(2), T::Tup(vec![T::I(1), T::N])])));
    r.check("flat_product", "case_0470", &flat_product(layout!((6, 6) : (1, 6)), tile!(2,)), ad::flat_product("(6, 6):(1, 6)", T::Tup(vec![T::I(2)])));
    r.check("blocked_product", "case_0495", &blocked_product(layout!((3, 8) : (1, 3)), layout!((2, 4) : (1, 1))), ad::blocked_product("(3, 8):(1, 3)", "(2, 4):(1, 1)"));
    r.check("blocked_product", "case_0498", &blocked_product(layout!(((2, 16),) : ((1, 2),)), layout!(4 : 1)), ad::blocked_product("((2, 16),):((1, 2),)", "4:1"));
    r.check("blocked_product", "case_0501", &blocked_product(layout!((1, (3, 2, 2), 2, 2) : (1, (1, 3, 6), 12, 24)), layout!((3, 2, 2, (1, 4)) : (4, 1, 2, (0, 12)))), ad::blocked_product("(1, (3, 2, 2), 2, 2):(1, (1, 3, 6), 12, 24)", "(3, 2, 2, (1, 4)):(4, 1, 2, (0, 12))"));
    r.check("blocked_product", "case_0504", &blocked_product(layout!((3, 12) : (1, 3)), layout!((8, 3) : (0, 8))), ad::blocked_product("(3, 12):(1, 3)", "(8, 3):(0, 8)"));
    r.check("blocked_product", "case_0507", &blocked_product(layout!(((5,),) : ((0,),)), layout!(3 : 1)), ad::blocked_product("((5,),):((0,),)", "3:1"));
    r.check("blocked_product", "case_0510", &blocked_product(layout!((2, 2, 1, (2, 2, 2)) : (64, 8, 4, (2, 4, 1))), layout!((2, 2, 2, 4) : (3, 0, 32, 2))), ad::blocked_product("(2, 2, 1, (2, 2, 2)):(64, 8, 4, (2, 4, 1))", "(2, 2, 2, 4):(3, 0, 32, 2)"));
    r.check("blocked_product", "case_0513", &blocked_product(layout!((3, 3) : (1, 3)), layout!((2, (5, 4)) : (0, (32, 32)))), ad::blocked_product("(3, 3):(1, 3)", "(2, (5, 4)):(0, (32, 32))"));
    r.check("blocked_product", "case_0516", &blocked_product(layout!(((6, 8),) : ((2, 18),)), layout!((12,) : (1,))), ad::blocked_product("((6, 8),):((2, 18),)", "(12,):(1,)"));
    r.check("blocked_product", "case_0519", &blocked_product(layout!((1, 2, 2, (1, 3, 2)) : (8, 2, 4, (4, 8, 1))), layout!((2, 2, (2, 3), 2) : (1, 2, (4, 8), 24))), ad::blocked_product("(1, 2, 2, (1, 3, 2)):(8, 2, 4, (4, 8, 1))", "(2, 2, (2, 3), 2):(1, 2, (4, 8), 24)"));
    r.check("blocked_product", "case_0522", &blocked_product(layout!((6, 4) : (1, 6)), layout!((8, 8) : (1, 24))), ad::blocked_product("(6, 4):(1, 6)", "(8, 8):(1, 24)"));
    r.check("raked_product", "case_0555", &raked_product(layout!((8, 8) : (1, 8)), layout!((6, 8) : (8, 1))), ad::raked_product("(8, 8):(1, 8)", "(6, 8):(8, 1)"));
    r.check("raked_product", "case_0558", &raked_product(layout!(((5, 4, 2),) : ((1, 5, 20),)), layout!(3 : 1)), ad::raked_product("((5, 4, 2),):((1, 5, 20),)", "3:1"));
    r.check("raked_product", "case_0561", &raked_product(layout!((2, 2, 2, (2, 4)) : (1, 2, 4, (8, 16))), layout!((2, 2, 8, 2) : (1, 2, 4, 32))), ad::raked_product("(2, 2, 2, (2, 4)):(1, 2, 4, (8, 16))", "(2, 2, 8, 2):(1, 2, 4, 32)"));
    r.check("raked_product", "case_0564", &raked_product(layout!((1, 2) : (1, 1)), layout!((5, 3) : (0, 1))), ad::raked_product("(1, 2):(1, 1)", "(5, 3):(0, 1)"));
    r.check("raked_product", "case_0567", &raked_product(layout!(((2, 3),) : ((1, 2),)), layout!(3 : 1)), ad::raked_product("((2, 3),):((1, 2),)", "3:1"));
    r.check("raked_product", "case_0570", &raked_product(layout!((4, (2,), 2, 4) : (4, (32,), 16, 0)), layout!((1, 4, 4, 3) : (12, 1, 12, 4))), ad::raked_product("(4, (2,), 2, 4):(4, (32,), 16, 0)", "(1, 4, 4, 3):(12, 1, 12, 4)"));
    r.check("raked_product", "case_0573", &raked_product(layout!((1, 16) : (16, 1)), layout!(((3, 3), 4) : ((1, 4), 1))), ad::raked_product("(1, 16):(16, 1)", "((3, 3), 4):((1, 4), 1)"));
    r.check("raked_product", "case_0576", &raked_product(layout!(((1,),) : ((1,),)), layout!(3 : 2)), ad::raked_product("((1,),):((1,),)", "3:2"));
    r.check("raked_product", "case_0579", &raked_product(layout!((2, 1, (2, 2, 1), (2, 2)) : (1, 2, (2, 4, 8), (8, 16))), layout!(((1, 2), 2, 2, (1, 3, 2)) : ((48, 2), 8, 1, (16, 16, 48)))), ad::raked_product("(2, 1, (2, 2, 1), (2, 2)):(1, 2, (2, 4, 8), (8, 16))", "((1, 2), 2, 2, (1, 3, 2)):((48, 2), 8, 1, (16, 16, 48))"));
    r.check("raked_product", "case_0582", &raked_product(layout!((6, 3) : (1, 6)), layout!(((4, 1), 8) : ((1, 4), 4))), ad::raked_product("(6, 3):(1, 6)", "((4, 1), 8):((1, 4), 4)"));
    r.finish("static_refusal_agree_3");
}
