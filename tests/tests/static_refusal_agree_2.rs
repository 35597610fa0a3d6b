//! Static-vs-dynamic agreement on random operands, part 2 of 3:
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
fn refusal_agree_2() {
    let mut r = Agreement::default();
    r.check("composition", "case_0002", &composition(layout!((8, 5) : (1, 8)), tile!(3)), ad::composition("(8, 5):(1, 8)", T::I(3), &[]));
    r.check("composition", "case_0005", &composition(layout!(((2, 2, 2), (1, 2, (2, 2, 2)), 2) : ((1, 32, 4), (2, 384, (8, 16, 64)), 2)), tile!(2)), ad::composition("((2, 2, 2), (1, 2, (2, 2, 2)), 2):((1, 32, 4), (2, 384, (8, 16, 64)), 2)", T::I(2), &[]));
    r.check("composition", "case_0008", &composition(layout!((2,) : (0,)), layout!(((2, 8), 1) : ((1, 0), 1))), ad::composition("(2,):(0,)", T::L("((2, 8), 1):((1, 0), 1)"), &[]));
    r.check("composition", "case_0011", &composition(layout!((4, 4, 8, 4) : (2, 12, 48, 640)), layout!((5,) : (16,))), ad::composition("(4, 4, 8, 4):(2, 12, 48, 640)", T::L("(5,):(16,)"), &[]));
    r.check("composition", "case_0014", &composition(layout!((3, (2, 4, 1), (3, 4)) : (2, (12, 1, 12), (100, 4))), layout!(((2, 2, 2), (1, 3)) : ((3, 6, 12), (12, 0)))), ad::composition("(3, (2, 4, 1), (3, 4)):(2, (12, 1, 12), (100, 4))", T::L("((2, 2, 2), (1, 3)):((3, 6, 12), (12, 0))"), &[]));
    r.check("composition", "case_0017", &composition(layout!((4,) : (1,)), tile!(_,)), ad::composition("(4,):(1,)", T::Tup(vec![T::N]), &[]));
    r.check("composition", "case_0020", &composition(layout!(((3, 1), 2) : ((2, 0), 1)), (Keep, layout!((2, 2, 2) : (1, 1, 1)))), ad::composition("((3, 1), 2):((2, 0), 1)", T::Tup(vec![T::N, T::L("(2, 2, 2):(1, 1, 1)")]), &[]));
    r.check("composition", "case_0023", &composition(layout!(4 : 0), (layout!(4 : 1),)), ad::composition("4:0", T::Tup(vec![T::L("4:1")]), &[]));
    r.check("composition", "case_0026", &composition(layout!((3, 2, 8) : (2, 9, 18)), (layout!((1, 3) : (1, 1)), layout!(4 : 1), layout!(2 : 4))), ad::composition("(3, 2, 8):(2, 9, 18)", T::Tup(vec![T::L("(1, 3):(1, 1)"), T::L("4:1"), T::L("2:4")]), &[]));
    r.check("composition", "case_0029", &composition(layout!((6, (6, 6)) : (1, (6, 36))), (layout!(2 : 1), tile!(9))), ad::composition("(6, (6, 6)):(1, (6, 36))", T::Tup(vec![T::L("2:1"), T::I(9)]), &[]));
    r.check("composition", "case_0032", &composition(layout!(8 : 1), tile!(16)), ad::composition("8:1", T::I(16), &[]));
    r.check("composition", "case_0035", &composition(layout!((3, (2, (2, 3), 2), 4) : (2, (6, (1, 12), 144), 36)), tile!(2)), ad::composition("(3, (2, (2, 3), 2), 4):(2, (6, (1, 12), 144), 36)", T::I(2), &[]));
    r.check("composition", "case_0038", &composition(layout!((16, 2) : (1, 16)), layout!((4, 4, 4) : (1, 32, 4))), ad::composition("(16, 2):(1, 16)", T::L("(4, 4, 4):(1, 32, 4)"), &[]));
    r.check("composition", "case_0041", &composition(layout!(((2, (3,)),) : ((5, (4,)),)), layout!((3, 3) : (2, 4))), ad::composition("((2, (3,)),):((5, (4,)),)", T::L("(3, 3):(2, 4)"), &[]));
    r.check("composition", "case_0044", &composition(layout!(((2, (3, 3, 3)), 2, 4, 1) : ((54, (6, 18, 2)), 1, 108, 108)), layout!(2 : 1)), ad::composition("((2, (3, 3, 3)), 2, 4, 1):((54, (6, 18, 2)), 1, 108, 108)", T::L("2:1"), &[]));
    r.check("logical_divide", "case_0103", &logical_divide(layout!((2, 8) : (1, 0)), tile!(16)), ad::logical_divide("(2, 8):(1, 0)", T::I(16), &[]));
    r.check("logical_divide", "case_0106", &logical_divide(layout!(((16, 5), 3) : ((1, 16), 80)), tile!(5)), ad::logical_divide("((16, 5), 3):((1, 16), 80)", T::I(5), &[]));
    r.check("logical_divide", "case_0109", &logical_divide(layout!(2 : 1), layout!((2, 2) : (1, 2))), ad::logical_divide("2:1", T::L("(2, 2):(1, 2)"), &[]));
    r.check("logical_divide", "case_0112", &logical_divide(layout!((1, 1, 16) : (1, 16, 1)), layout!((12, 2) : (1, 13))), ad::logical_divide("(1, 1, 16):(1, 16, 1)", T::L("(12, 2):(1, 13)"), &[]));
    r.check("logical_divide", "case_0115", &logical_divide(layout!((2, (2, 3, (1, 4)), (6,)) : (4, (8, 64, (16, 1)), (192,))), layout!(((1, 2),) : ((4, 1),))), ad::logical_divide("(2, (2, 3, (1, 4)), (6,)):(4, (8, 64, (16, 1)), (192,))", T::L("((1, 2),):((4, 1),)"), &[]));
    r.check("logical_divide", "case_0118", &logical_divide(layout!((16, 3) : (1, 16)), (layout!((3, 2) : (1, 4)), Keep)), ad::logical_divide("(16, 3):(1, 16)", T::Tup(vec![T::L("(3, 2):(1, 4)"), T::N]), &[]));
    r.check("logical_divide", "case_0121", &logical_divide(layout!(((8, 4),) : ((1, 0),)), tile!(_,)), ad::logical_divide("((8, 4),):((1, 0),)", T::Tup(vec![T::N]), &[]));
    r.check("logical_divide", "case_0124", &logical_divide(layout!(((2, (3, 1, 4)), 3, 2, 2) : ((12, (24, 3, 72)), 0, 6, 3)), (layout!(8 : 4), Keep, tile!(2), tile!(2))), ad::logical_divide("((2, (3, 1, 4)), 3, 2, 2):((12, (24, 3, 72)), 0, 6, 3)", T::Tup(vec![T::L("8:4"), T::N, T::I(2), T::I(2)]), &[]));
    r.check("logical_divide", "case_0127", &logical_divide(layout!(((2, 2), 3, 4, 2) : ((8, 16), 32, 2, 1)), (tile!(_,), layout!(3 : 4), tile!(4), tile!(4))), ad::logical_divide("((2, 2), 3, 4, 2):((8, 16), 32, 2, 1)", T::Tup(vec![T::Tup(vec![T::N]), T::L("3:4"), T::I(4), T::I(4)]), &[]));
    r.check("zipped_divide", "case_0158", &zipped_divide(layout!((8,) : (1,)), tile!(2)), ad::zipped_divide("(8,):(1,)", T::I(2), &[]));
    r.check("zipped_divide", "case_0161", &zipped_divide(layout!((5, 4, 4, 1) : (1, 5, 20, 80)), tile!(10)), ad::zipped_divide("(5, 4, 4, 1):(1, 5, 20, 80)", T::I(10), &[]));
    r.check("zipped_divide", "case_0164", &zipped_divide(layout!((8, 6, ((2,),)) : (1, 8, ((48,),))), tile!(16)), ad::zipped_divide("(8, 6, ((2,),)):(1, 8, ((48,),))", T::I(16), &[]));
    r.check("zipped_divide", "case_0167", &zipped_divide(layout!((2, 3) : (5, 4)), layout!((2, 2) : (2, 4))), ad::zipped_divide("(2, 3):(5, 4)", T::L("(2, 2):(2, 4)"), &[]));
    r.check("zipped_divide", "case_0170", &zipped_divide(layout!(((2, (3, 2)),) : ((1, (2, 6)),)), layout!((2, 4) : (2, 4))), ad::zipped_divide("((2, (3, 2)),):((1, (2, 6)),)", T::L("(2, 4):(2, 4)"), &[]));
    r.check("zipped_divide", "case_0173", &zipped_divide(layout!((2, (2, 2, (2, 1)), 3, (2, 2, 1)) : (1, (2, 4, (8, 16)), 16, (48, 96, 192))), layout!((2, 2) : (16, 32))), ad::zipped_divide("(2, (2, 2, (2, 1)), 3, (2, 2, 1)):(1, (2, 4, (8, 16)), 16, (48, 96, 192))", T::L("(2, 2):(16, 32)"), &[]));
    r.check("zipped_divide", "case_0176", &zipped_divide(layout!((8, 3) : (2, 8)), tile!(8, _)), ad::zipped_divide("(8, 3):(2, 8)", T::Tup(vec![T::I(8), T::N]), &[]));
    r.check("zipped_divide", "case_0179", &zipped_divide(layout!(((4, 3),) : ((1, 16),)), tile!(_,)), ad::zipped_divide("((4, 3),):((1, 16),)", T::Tup(vec![T::N]), &[]));
    r.check("zipped_divide", "case_0182", &zipped_divide(layout!((1, ((2, 4, 2), 3), 2, 4) : (0, ((3, 2, 8), 9), 100, 1)), tile!(4, _, 2, 1)), ad::zipped_divide("(1, ((2, 4, 2), 3), 2, 4):(0, ((3, 2, 8), 9), 100, 1)", T::Tup(vec![T::I(4), T::N, T::I(2), T::I(1)]), &[]));
    r.check("tiled_divide", "case_0213", &tiled_divide(layout!(16 : 1), tile!(3)), ad::tiled_divide("16:1", T::I(3)));
    r.check("tiled_divide", "case_0216", &tiled_divide(layout!((3, 2, 2) : (2, 6, 1)), tile!(3)), ad::tiled_divide("(3, 2, 2):(2, 6, 1)", T::I(3)));
    r.check("tiled_divide", "case_0219", &tiled_divide(layout!(((5, 5), 4, 1) : ((1, 5), 25, 100)), tile!(100)), ad::tiled_divide("((5, 5), 4, 1):((1, 5), 25, 100)", T::I(100)));
    r.check("tiled_divide", "case_0222", &tiled_divide(layout!((8,) : (1,)), layout!((3, (2, 1)) : (1, (6, 8)))), ad::tiled_divide("(8,):(1,)", T::L("(3, (2, 1)):(1, (6, 8))")));
    r.check("tiled_divide", "case_0225", &tiled_divide(layout!(((6,),) : ((1,),)), layout!((2, 3, 3) : (1, 0, 6))), ad::tiled_divide("((6,),):((1,),)", T::L("(2, 3, 3):(1, 0, 6)")));
    r.check("tiled_divide", "case_0228", &tiled_divide(layout!((1, (6, 2, (2, 6)), 1, 2) : (4, (3, 1, (2, 12)), 2, 0)), layout!((1,) : (1,))), ad::tiled_divide("(1, (6, 2, (2, 6)), 1, 2):(4, (3, 1, (2, 12)), 2, 0)", T::L("(1,):(1,)")));
    r.check("tiled_divide", "case_0231", &tiled_divide(layout!((4, 2) : (0, 4)), (layout!(4 : 2), Keep)), ad::tiled_divide("(4, 2):(0, 4)", T::Tup(vec![T::L("4:2"), T::N])));
    r.check("tiled_divide", "case_0234", &tiled_divide(layout!((4, (1, (2,))) : (0, (2, (1,)))), (tile!(4), layout!(3 : 2), Keep)), ad::tiled_divide("(4, (1, (2,))):(0, (2, (1,)))", T::Tup(vec![T::I(4), T::L("3:2"), T::N])));
    r.check("flat_divide", "case_0259", &flat_divide(layout!((12, 4) : (2, 12)), tile!(3)), ad::flat_divide("(12, 4):(2, 12)", T::I(3)));
    r.check("flat_divide", "case_0262", &flat_divide(layout!(((1, 2, 2), (2, 1, 2), ((2, 1), (2, 2), (1, 2))) : ((3, 2, 10), (12, 40, 16), ((80, 64), (96, 192), (384, 384)))), tile!(16)), ad::flat_divide("((1, 2, 2), (2, 1, 2), ((2, 1), (2, 2), (1, 2))):((3, 2, 10), (12, 40, 16), ((80, 64), (96, 192), (384, 384)))", T::I(16)));
    r.check("flat_divide", "case_0265", &flat_divide(layout!((8,) : (2,)), layout!(((2, 2, 4), 2) : ((4, 8, 1), 16))), ad::flat_divide("(8,):(2,)", T::L("((2, 2, 4), 2):((4, 8, 1), 16)")));
    r.check("flat_divide", "case_0268", &flat_divide(layout!((4, 3, 4, 6) : (1, 4, 12, 48)), layout!((4, 3) : (48, 192))), ad::flat_divide("(4, 3, 4, 6):(1, 4, 12, 48)", T::L("(4, 3):(48, 192)")));
    r.check("flat_divide", "case_0271", &flat_divide(layout!((3, 6, (2, 5)) : (100, 100, (6, 1))), layout!((2, 4, 2) : (3, 9, 0))), ad::flat_divide("(3, 6, (2, 5)):(100, 100, (6, 1))", T::L("(2, 4, 2):(3, 9, 0)")));
    r.check("flat_divide", "case_0274", &flat_divide(layout!((16,) : (1,)), tile!(_,)), ad::flat_divide("(16,):(1,)", T::Tup(vec![T::N])));
    r.check("flat_divide", "case_0277", &flat_divide(layout!((1, 4, 2, 3) : (1, 1, 4, 8)), (layout!(1 : 1), tile!(2), layout!((2, 2) : (1, 4)), tile!(1), Keep)), ad::flat_divide("(1, 4, 2, 3):(1, 1, 4, 8)", T::Tup(vec![T::L("1:1"), T::I(2), T::L("(2, 2):(1, 4)"), T::I(1), T::N])));
    r.check("logical_product", "case_0302", &logical_product(layout!((6,) : (1,)), layout!((8, 3) : (0, 8))), ad::logical_product("(6,):(1,)", T::L("(8, 3):(0, 8)"), &[]));
    r.check("logical_product", "case_0305", &logical_product(layout!((3, 2, 2, 4) : (1, 3, 6, 12)), layout!((2, 2, 6, 2) : (24, 1, 2, 12))), ad::logical_product("(3, 2, 2, 4):(1, 3, 6, 12)", T::L("(2, 2, 6, 2):(24, 1, 2, 12)"), &[]));
    r.check("logical_product", "case_0308", &logical_product(layout!(((4, 2), 2, 3) : ((6, 1), 24, 2)), layout!(((2, 2), 2, (2, 1, 2)) : ((1, 2), 4, (8, 16, 16)))), ad::logical_product("((4, 2), 2, 3):((6, 1), 24, 2)", T::L("((2, 2), 2, (2, 1, 2)):((1, 2), 4, (8, 16, 16))"), &[]));
    r.check("logical_product", "case_0311", &logical_product(layout!((8,) : (2,)), tile!(_,)), ad::logical_product("(8,):(2,)", T::Tup(vec![T::N]), &[]));
    r.check("logical_product", "case_0314", &logical_product(layout!((3, 2, 2, 3) : (1, 3, 6, 12)), (tile!(4), Keep, layout!((3,) : (2,)), layout!(6 : 1))), ad::logical_product("(3, 2, 2, 3):(1, 3, 6, 12)", T::Tup(vec![T::I(4), T::N, T::L("(3,):(2,)"), T::L("6:1")]), &[]));
    r.check("logical_product", "case_0317", &logical_product(layout!(((1, 1), (2, 2), ((2, 2, 1), 2), 2) : ((8, 1), (32, 4), ((1, 16, 64), 2), 8)), (layout!(((4, 4),) : ((0, 4),)), layout!(4 : 0), Keep, tile!(1))), ad::logical_product("((1, 1), (2, 2), ((2, 2, 1), 2), 2):((8, 1), (32, 4), ((1, 16, 64), 2), 8)", T::Tup(vec![T::L("((4, 4),):((0, 4),)"), T::L("4:0"), T::N, T::I(1)]), &[]));
    r.check("logical_product", "case_0320", &logical_product(layout!((((1, 2), 1), (1, 2, (1, 2, 2)), 2, 2) : (((64, 1), 4), (4, 8, (64, 2, 4)), 32, 4)), (tile!(_,), Keep, layout!((2, (4, 2)) : (32, (2, 1))))), ad::logical_product("(((1, 2), 1), (1, 2, (1, 2, 2)), 2, 2):(((64, 1), 4), (4, 8, (64, 2, 4)), 32, 4)", T::Tup(vec![T::Tup(vec![T::N]), T::N, T::L("(2, (4, 2)):(32, (2, 1))")]), &[]));
    r.check("logical_product", "case_0323", &logical_product(layout!((16, 2) : (1, 48)), (layout!(1 : 1),)), ad::logical_product("(16, 2):(1, 48)", T::Tup(vec![T::L("1:1")]), &[]));
    r.check("logical_product", "case_0326", &logical_product(layout!((((1, 2),), (2, 2, 3)) : (((6, 6),), (12, 1, 2))), (layout!((3, 4) : (1, 3)),)), ad::logical_product("(((1, 2),), (2, 2, 3)):(((6, 6),), (12, 1, 2))", T::Tup(vec![T::L("(3, 4):(1, 3)")]), &[]));
    r.check("zipped_product", "case_0357", &zipped_product(layout!(4 : 1), layout!((8, 8) : (3, 40))), ad::zipped_product("4:1", T::L("(8, 8):(3, 40)")));
    r.check("zipped_product", "case_0360", &zipped_product(layout!((2, 2, 4) : (1, 2, 4)), layout!(((2, 2), 8) : ((1, 16), 2))), ad::zipped_product("(2, 2, 4):(1, 2, 4)", T::L("((2, 2), 8):((1, 16), 2)")));
    r.check("zipped_product", "case_0363", &zipped_product(layout!(((1, (2, 2, 3)), 2) : ((0, (4, 2, 8)), 1)), layout!((4, 4) : (0, 4))), ad::zipped_product("((1, (2, 2, 3)), 2):((0, (4, 2, 8)), 1)", T::L("(4, 4):(0, 4)")));
    r.check("zipped_product", "case_0366", &zipped_product(layout!(4 : 9), tile!(_,)), ad::zipped_product("4:9", T::Tup(vec![T::N])));
    r.check("zipped_product", "case_0369", &zipped_product(layout!((4, 3, 2) : (3, 1, 0)), (Keep, layout!(2 : 0), layout!(((2, 6),) : ((5, 4),)))), ad::zipped_product("(4, 3, 2):(3, 1, 0)", T::Tup(vec![T::N, T::L("2:0"), T::L("((2, 6),):((5, 4),)")])));
    r.check("zipped_product", "case_0372", &zipped_product(layout!(((2, (1, 3), 3), 2) : ((1, (4, 4), 12), 1)), (Keep, layout!(2 : 5))), ad::zipped_product("((2, (1, 3), 3), 2):((1, (4, 4), 12), 1)", T::Tup(vec![T::N, T::L("2:5")])));
    r.check("zipped_product", "case_0375", &zipped_product(layout!((((2, 2, 4), 1, 3),) : (((1, 24, 0), 8, 8),)), tile!((1, 1, 3),)), ad::zipped_product("(((2, 2, 4), 1, 3),):(((1, 24, 0), 8, 8),)", T::Tup(vec![T::Tup(vec![T::I(1), T::I(1), T::I(3)])])));
    r.check("zipped_product", "case_0378", &zipped_product(layout!((1, 3, (2, 2), 2) : (8, 32, (4, 1), 2)), (layout!((2, 2) : (2, 0)), layout!((2,) : (2,)), tile!(_,), tile!(1))), ad::zipped_product("(1, 3, (2, 2), 2):(8, 32, (4, 1), 2)", T::Tup(vec![T::L("(2, 2):(2, 0)"), T::L("(2,):(2,)"), T::Tup(vec![T::N]), T::I(1)])));
    r.check("tiled_product", "case_0405", &tiled_product(layout!(2 : 3), layout!(((3, 2), (3, 2)) : ((1, 3), (48, 6)))), ad::tiled_product("2:3", T::L("((3, 2), (3, 2)):((1, 3), (48, 6))")));
    r.check("tiled_product", "case_0408", &tiled_product(layout!((2, 3, 8) : (24, 8, 1)), layout!((5, (2, 6)) : (32, (1, 32)))), ad::tiled_product("(2, 3, 8):(24, 8, 1)", T::L("(5, (2, 6)):(32, (1, 32))")));
    r.check("tiled_product", "case_0411", &tiled_product(layout!((2, (2, 2, (2, 1)), (2, 2)) : (4, (8, 16, (1, 192)), (96, 2))), layout!(((12,), 1) : ((1,), 12))), ad::tiled_product("(2, (2, 2, (2, 1)), (2, 2)):(4, (8, 16, (1, 192)), (96, 2))", T::L("((12,), 1):((1,), 12)")));
    r.check("tiled_product", "case_0414", &tiled_product(layout!((8,) : (1,)), tile!(_,)), ad::tiled_product("(8,):(1,)", T::Tup(vec![T::N])));
    r.check("tiled_product", "case_0417", &tiled_product(layout!((2, 4, 3, 2) : (2, 12, 1, 1)), (Keep, tile!(1), layout!((1, (1, 3, 2)) : (100, (3, 12, 100))), tile!(3))), ad::tiled_product("(2, 4, 3, 2):(2, 12, 1, 1)", T::Tup(vec![T::N, T::I(1), T::L("(1, (1, 3, 2)):(100, (3, 12, 100))"), T::I(3)])));
    r.check("tiled_product", "case_0420", &tiled_product(layout!((1, 2, (3, 2, (2, 2))) : (1, 1, (2, 6, (12, 24)))), (tile!(1), Keep, layout!((2, 8) : (32, 1)))), ad::tiled_product("(1, 2, (3, 2, (2, 2))):(1, 1, (2, 6, (12, 24)))", T::Tup(vec![T::I(1), T::N, T::L("(2, 8):(32, 1)")])));
    r.check("tiled_product", "case_0423", &tiled_product(layout!((2, ((2, 2), 2), ((1, 2), 1), (2,)) : (4, ((16, 2), 1), ((64, 32), 32), (8,))), (layout!((8, 1) : (1, 1)), tile!(_, 1), Keep)), ad::tiled_product("(2, ((2, 2), 2), ((1, 2), 1), (2,)):(4, ((16, 2), 1), ((64, 32), 32), (8,))", T::Tup(vec![T::L("(8, 1):(1, 1)"), T::Tup(vec![T::N, T::I(1)]), T::N])));
    r.check("tiled_product", "case_0426", &tiled_product(layout!((1, 8) : (8, 1)), (layout!(8 : 0), layout!((3, 4) : (5, 9)))), ad::tiled_product("(1, 8):(8, 1)", T::Tup(vec![T::L("8:0"), T::L("(3, 4):(5, 9)")])));
    r.check("flat_product", "case_0451", &flat_product(layout!((16, 2) : (1, 16)), layout!((4, 8) : (8, 2))), ad::flat_product("(16, 2):(1, 16)", T::L("(4, 8):(8, 2)")));
    r.check("flat_product", "case_0454", &flat_product(layout!((((2, 2, 3), 4),) : (((0, 24, 4), 1),)), layout!(((2, 4), 8) : ((1, 2), 8))), ad::flat_product("(((2, 2, 3), 4),):(((0, 24, 4), 1),)", T::L("((2, 4), 8):((1, 2), 8)")));
    r.check("flat_product", "case_0457", &flat_product(layout!((2, (2, 2, 1), 2, 2) : (1, (2, 4, 8), 8, 16)), layout!(4 : 5)), ad::flat_product("(2, (2, 2, 1), 2, 2):(1, (2, 4, 8), 8, 16)", T::L("4:5")));
    r.check("flat_product", "case_0460", &flat_product(layout!((4, 4, 3) : (12, 3, 1)), (layout!((1, 8) : (8, 0)), Keep, layout!(6 : 1))), ad::flat_product("(4, 4, 3):(12, 3, 1)", T::Tup(vec![T::L("(1, 8):(8, 0)"), T::N, T::L("6:1")])));
    r.check("flat_product", "case_0463", &flat_product(layout!((3, (4, 2), (1, 2, 1)) : (1, (12, 3), (1, 6, 1))), (layout!((1, (2, 3)) : (1, (1, 2))), tile!(2), Keep)), ad::flat_product("(3, (4, 2), (1, 2, 1)):(1, (12, 3), (1, 6, 1))", T::Tup(vec![T::L("(1, (2, 3)):(1, (1, 2))"), T::I(2), T::N])));
    r.check("flat_product", "case_0466", &flat_product(layout!((2, ((2, 2, 1), 3), 2) : (8, ((2, 4, 8), 16), 0)), (layout!(3 : 0), tile!(_, 1))), ad::flat_product("(2, ((2, 2, 1), 3), 2):(8, ((2, 4, 8), 16), 0)", T::Tup(vec![T::L("3:0"), T::Tup(vec![T::N, T::I(1)])])));
    r.check("flat_product", "case_0469", &flat_product(layout!((12,) : (1,)), (layout!((16,) : (1,)),)), ad::flat_product("(12,):(1,)", T::Tup(vec![T::L("(16,):(1,)")])));
    r.check("blocked_product", "case_0494", &blocked_product(layout!((1,) : (0,)), layout!(8 : 0)), ad::blocked_product("(1,):(0,)", "8:0"));
    r.check("blocked_product", "case_0497", &blocked_product(layout!((1, 3, 2, 6) : (18, 6, 18, 1)), layout!((4, 2, 2, 3) : (1, 24, 4, 8))), ad::blocked_product("(1, 3, 2, 6):(18, 6, 18, 1)", "(4, 2, 2, 3):(1, 24, 4, 8)"));
    r.check("blocked_product", "case_0500", &blocked_product(layout!((4, 2, (1, 2, 4)) : (1, 4, (8, 8, 16))), layout!((2, 4, (3, 2)) : (12, 1, (4, 0)))), ad::blocked_product("(4, 2, (1, 2, 4)):(1, 4, (8, 8, 16))", "(2, 4, (3, 2)):(12, 1, (4, 0))"));
    r.check("blocked_product", "case_0503", &blocked_product(layout!((2,) : (0,)), layout!(1 : 3)), ad::blocked_product("(2,):(0,)", "1:3"));
    r.check("blocked_product", "case_0506", &blocked_product(layout!((2, 3, 2, 4) : (24, 2, 1, 6)), layout!(((1, 1), 1, (3, 3, 3), 1) : ((3, 0), 8, (1, 1, 8), 1))), ad::blocked_product("(2, 3, 2, 4):(24, 2, 1, 6)", "((1, 1), 1, (3, 3, 3), 1):((3, 0), 8, (1, 1, 8), 1)"));
    r.check("blocked_product", "case_0509", &blocked_product(layout!(((5,), 4, 3) : ((1,), 5, 20)), layout!(((2, 3), 3, 3) : ((32, 100), 1, 9))), ad::blocked_product("((5,), 4, 3):((1,), 5, 20)", "((2, 3), 3, 3):((32, 100), 1, 9)"));
    r.check("blocked_product", "case_0512", &blocked_product(layout!((3,) : (1,)), layout!((4,) : (16,))), ad::blocked_product("(3,):(1,)", "(4,):(16,)"));
    r.check("blocked_product", "case_0515", &blocked_product(layout!((3, 3, 2, 2) : (1, 3, 9, 18)), layout!((3, 3, 2, 2) : (2, 6, 27, 36))), ad::blocked_product("(3, 3, 2, 2):(1, 3, 9, 18)", "(3, 3, 2, 2):(2, 6, 27, 36)"));
    r.check("blocked_product", "case_0518", &blocked_product(layout!((1, (2, 1), (3, 2, 2)) : (1, (1, 2), (2, 6, 12))), layout!((2, (2, 2, 2), (2, 1)) : (1, (16, 2, 4), (8, 32)))), ad::blocked_product("(1, (2, 1), (3, 2, 2)):(1, (1, 2), (2, 6, 12))", "(2, (2, 2, 2), (2, 1)):(1, (16, 2, 4), (8, 32))"));
    r.check("blocked_product", "case_0521", &blocked_product(layout!((8,) : (1,)), layout!(4 : 1)), ad::blocked_product("(8,):(1,)", "4:1"));
    r.check("raked_product", "case_0554", &raked_product(layout!((1,) : (1,)), layout!(2 : 12)), ad::raked_product("(1,):(1,)", "2:12"));
    r.check("raked_product", "case_0557", &raked_product(layout!((3, 3, 2, 2) : (4, 12, 1, 2)), layout!((1, 2, 4, 4) : (0, 16, 1, 4))), ad::raked_product("(3, 3, 2, 2):(4, 12, 1, 2)", "(1, 2, 4, 4):(0, 16, 1, 4)"));
    r.check("raked_product", "case_0560", &raked_product(layout!((2, (3, 2), 3) : (9, (1, 18), 3)), layout!(((1, 2), 5, 6) : ((3, 30), 6, 1))), ad::raked_product("(2, (3, 2), 3):(9, (1, 18), 3)", "((1, 2), 5, 6):((3, 30), 6, 1)"));
    r.check("raked_product", "case_0563", &raked_product(layout!((12,) : (0,)), layout!(1 : 1)), ad::raked_product("(12,):(0,)", "1:1"));
    r.check("raked_product", "case_0566", &raked_product(layout!((1, 2, 2, 2) : (4, 4, 8, 1)), layout!((1, 2, 2, (2, 3)) : (1, 18, 1, (36, 2)))), ad::raked_product("(1, 2, 2, 2):(4, 4, 8, 1)", "(1, 2, 2, (2, 3)):(1, 18, 1, (36, 2))"));
    r.check("raked_product", "case_0569", &raked_product(layout!((2, (2, 2, 2), 4) : (1, (2, 4, 8), 16)), layout!((1, (3, 2, 2), 4) : (1, (16, 8, 1), 2))), ad::raked_product("(2, (2, 2, 2), 4):(1, (2, 4, 8), 16)", "(1, (3, 2, 2), 4):(1, (16, 8, 1), 2)"));
    r.check("raked_product", "case_0572", &raked_product(layout!((2,) : (1,)), layout!(2 : 1)), ad::raked_product("(2,):(1,)", "2:1"));
    r.check("raked_product", "case_0575", &raked_product(layout!((3, 3, 2, 2) : (1, 3, 9, 18)), layout!((2, 2, (2, 2, 1), 2) : (9, 4, (6, 0, 8), 6))), ad::raked_product("(3, 3, 2, 2):(1, 3, 9, 18)", "(2, 2, (2, 2, 1), 2):(9, 4, (6, 0, 8), 6)"));
    r.check("raked_product", "case_0578", &raked_product(layout!((3, (3, 2), 3) : (27, (1, 81), 9)), layout!((1, 2, (6, 2)) : (3, 3, (6, 36)))), ad::raked_product("(3, (3, 2), 3):(27, (1, 81), 9)", "(1, 2, (6, 2)):(3, 3, (6, 36))"));
    r.check("raked_product", "case_0581", &raked_product(layout!((4,) : (1,)), layout!((4,) : (1,))), ad::raked_product("(4,):(1,)", "(4,):(1,)"));
    r.finish("static_refusal_agree_2");
}
