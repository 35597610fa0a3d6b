//! Static-vs-dynamic agreement of the layout algebra, part 5 of 6.
//! Written by scripts/gen_static_cases.py from the specification's examples
//! and the conformance cases; do not edit by hand.
#![allow(clippy::all)]

mod static_adapter;

use cute_static::*;
use static_adapter::{self as ad, check_mixed, check_static, T};

#[test]
fn agree_5() {
    let (mut statics, mut mixed) = (0, 0);
    check_static(
        &coalesce_by(layout!((3, (2, 6)) : (1, (3, 6))), tile!(_, 1)),
        ad::coalesce("(3, (2, 6)):(1, (3, 6))", Some(T::I(1)), &[1]),
        "coalesce_by: spec: coalesce[1](Layout((3, (2, 6)), (1, (3, 6))))",
    );
    statics += 1;
    check_mixed(
        &coalesce_by(layout!((3, (2, 6)) : ({1}, (3, 6))).unwrap(), tile!(_, 1)).unwrap(),
        ad::coalesce("(3, (2, 6)):(1, (3, 6))", Some(T::I(1)), &[1]),
        "coalesce_by (mixed): spec: coalesce[1](Layout((3, (2, 6)), (1, (3, 6))))",
    );
    mixed += 1;
    check_mixed(
        &composition(
            layout!({12} : 1).unwrap(),
            layout!((4, {3}) : (1, 4)).unwrap(),
        )
        .unwrap(),
        ad::composition("12:1", T::L("(4, 3):(1, 4)"), &[]),
        "composition (mixed): spec: composition(Layout(12), Layout((4, 3)))",
    );
    mixed += 1;
    check_static(
        &left_inverse(layout!((4, 8) : (1, 4))),
        ad::left_inverse("(4, 8):(1, 4)"),
        "left_inverse: spec: left_inverse(Layout((4, 8), (1, 4)))",
    );
    statics += 1;
    check_mixed(
        &left_inverse(layout!((4, 8) : ({1}, 4)).unwrap()).unwrap(),
        ad::left_inverse("(4, 8):(1, 4)"),
        "left_inverse (mixed): spec: left_inverse(Layout((4, 8), (1, 4)))",
    );
    mixed += 1;
    check_static(
        &zipped_product(layout!((2, 2) : (4, 1)), layout!(6 : 1)),
        ad::zipped_product("(2, 2):(4, 1)", T::L("6:1")),
        "zipped_product: spec: logical_product(Layout((2, 2), (4, 1)), Layout(6, 1))",
    );
    statics += 1;
    check_mixed(
        &zipped_product(layout!((2, 2) : (4, 1)), layout!({6} : 1).unwrap()).unwrap(),
        ad::zipped_product("(2, 2):(4, 1)", T::L("6:1")),
        "zipped_product (mixed): spec: logical_product(Layout((2, 2), (4, 1)), Layout(6, 1))",
    );
    mixed += 1;
    check_static(
        &logical_divide(layout!(24 : 1), layout!(4 : 2)),
        ad::logical_divide("24:1", T::L("4:2"), &[]),
        "logical_divide: spec: logical_divide(Layout(24), Layout(4, 2))",
    );
    statics += 1;
    check_mixed(
        &logical_divide(layout!({24} : 1).unwrap(), layout!(4 : 2)).unwrap(),
        ad::logical_divide("24:1", T::L("4:2"), &[]),
        "logical_divide (mixed): spec: logical_divide(Layout(24), Layout(4, 2))",
    );
    mixed += 1;
    check_static(&tiled_divide(layout!((9, 32) : (1, 9)), (layout!(3 : 3), layout!((2, 4) : (1, 8)))), ad::tiled_divide("(9, 32):(1, 9)", T::Tup(vec![T::L("3:3"), T::L("(2, 4):(1, 8)")])), "tiled_divide: spec: zipped_divide(Layout((9, 32)), (Layout(3, 3), Layout((2, 4), (1, 8))))");
    statics += 1;
    check_mixed(&tiled_divide(layout!((9, {32}) : (1, 9)).unwrap(), (layout!(3 : 3), layout!((2, 4) : (1, 8)))).unwrap(), ad::tiled_divide("(9, 32):(1, 9)", T::Tup(vec![T::L("3:3"), T::L("(2, 4):(1, 8)")])), "tiled_divide (mixed): spec: zipped_divide(Layout((9, 32)), (Layout(3, 3), Layout((2, 4), (1, 8))))");
    mixed += 1;
    check_static(
        &raked_product(layout!((2, 5) : (5, 1)), layout!((3, 4) : (1, 3))),
        ad::raked_product("(2, 5):(5, 1)", "(3, 4):(1, 3)"),
        "raked_product: spec: raked_product(Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3)))",
    );
    statics += 1;
    check_mixed(&raked_product(layout!((2, 5) : (5, 1)), layout!((3, 4) : (1, {3})).unwrap()).unwrap(), ad::raked_product("(2, 5):(5, 1)", "(3, 4):(1, 3)"), "raked_product (mixed): spec: raked_product(Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3)))");
    mixed += 1;
    check_static(
        &composition(layout!((8, 6) : (6, 1)), tile!(_, _)),
        ad::composition("(8, 6):(6, 1)", T::Tup(vec![T::N, T::N]), &[]),
        "composition: conformance: composition(Layout((8, 6), (6, 1)), (None, None))",
    );
    statics += 1;
    check_mixed(
        &composition(layout!((8, {6}) : (6, 1)).unwrap(), tile!(_, _)).unwrap(),
        ad::composition("(8, 6):(6, 1)", T::Tup(vec![T::N, T::N]), &[]),
        "composition (mixed): conformance: composition(Layout((8, 6), (6, 1)), (None, None))",
    );
    mixed += 1;
    check_static(
        &tiled_divide(layout!((8, 6) : (6, 1)), tile!(1, 1)),
        ad::tiled_divide("(8, 6):(6, 1)", T::Tup(vec![T::I(1), T::I(1)])),
        "tiled_divide: conformance: zipped_divide(Layout((8, 6), (6, 1)), (1, 1))",
    );
    statics += 1;
    check_mixed(
        &tiled_divide(layout!((8, 6) : (6, {1})).unwrap(), tile!(1, 1)).unwrap(),
        ad::tiled_divide("(8, 6):(6, 1)", T::Tup(vec![T::I(1), T::I(1)])),
        "tiled_divide (mixed): conformance: zipped_divide(Layout((8, 6), (6, 1)), (1, 1))",
    );
    mixed += 1;
    check_static(
        &complement(layout!((8, 6) : (6, 1))),
        ad::complement("(8, 6):(6, 1)", None),
        "complement: conformance: complement(Layout((8, 6), (6, 1)))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!((8, 6) : ({6}, 1)).unwrap()).unwrap(),
        ad::complement("(8, 6):(6, 1)", None),
        "complement (mixed): conformance: complement(Layout((8, 6), (6, 1)))",
    );
    mixed += 1;
    check_mixed(&logical_divide(layout!((8, 6) : ({6}, 1)).unwrap(), layout!((2, {6}) : (2, 4)).unwrap()).unwrap(), ad::logical_divide("(8, 6):(6, 1)", T::L("(2, 6):(2, 4)"), &[]), "logical_divide (mixed): conformance: logical_divide(Layout((8, 6), (6, 1)), Layout((2, 6), (2, 4)))");
    mixed += 1;
    check_static(&raked_product(layout!((8, 6) : (6, 1)), layout!(((4, 4), 1) : ((3, 12), 48))), ad::raked_product("(8, 6):(6, 1)", "((4, 4), 1):((3, 12), 48)"), "raked_product: conformance: raked_product(Layout((8, 6), (6, 1)), Layout(((4, 4), 1), ((3, 12), 48)))");
    statics += 1;
    check_mixed(&raked_product(layout!((8, 6) : (6, 1)), layout!((({4}, 4), 1) : ((3, 12), 48)).unwrap()).unwrap(), ad::raked_product("(8, 6):(6, 1)", "((4, 4), 1):((3, 12), 48)"), "raked_product (mixed): conformance: raked_product(Layout((8, 6), (6, 1)), Layout(((4, 4), 1), ((3, 12), 48)))");
    mixed += 1;
    check_mixed(
        &composition(
            layout!({4} : 1).unwrap(),
            layout!(((2, 2),) : ((0, {2}),)).unwrap(),
        )
        .unwrap(),
        ad::composition("4:1", T::L("((2, 2),):((0, 2),)"), &[]),
        "composition (mixed): conformance: composition(Layout(4, 1), Layout(((2, 2),), ((0, 2),)))",
    );
    mixed += 1;
    check_static(
        &logical_divide(layout!(4 : 1), layout!((1, 4) : (1, 1))),
        ad::logical_divide("4:1", T::L("(1, 4):(1, 1)"), &[]),
        "logical_divide: conformance: logical_divide(Layout(4, 1), Layout((1, 4), (1, 1)))",
    );
    statics += 1;
    check_mixed(
        &logical_divide(layout!(4 : {1}).unwrap(), layout!((1, 4) : (1, 1))).unwrap(),
        ad::logical_divide("4:1", T::L("(1, 4):(1, 1)"), &[]),
        "logical_divide (mixed): conformance: logical_divide(Layout(4, 1), Layout((1, 4), (1, 1)))",
    );
    mixed += 1;
    check_static(
        &coalesce_by(layout!((3, 3) : (3, 1)), tile!(_, _)),
        ad::coalesce("(3, 3):(3, 1)", Some(T::Tup(vec![T::N, T::N])), &[]),
        "coalesce_by: conformance: coalesce(Layout((3, 3), (3, 1)), (None, None))",
    );
    statics += 1;
    check_mixed(
        &coalesce_by(layout!((3, 3) : (3, {1})).unwrap(), tile!(_, _)).unwrap(),
        ad::coalesce("(3, 3):(3, 1)", Some(T::Tup(vec![T::N, T::N])), &[]),
        "coalesce_by (mixed): conformance: coalesce(Layout((3, 3), (3, 1)), (None, None))",
    );
    mixed += 1;
    check_mixed(
        &logical_divide(layout!((3, 3) : ({3}, 1)).unwrap(), (tile!({ 3 }), Keep)).unwrap(),
        ad::logical_divide("(3, 3):(3, 1)", T::Tup(vec![T::I(3), T::N]), &[]),
        "logical_divide (mixed): conformance: logical_divide(Layout((3, 3), (3, 1)), (3, None))",
    );
    mixed += 1;
    check_mixed(
        &logical_product(layout!(({3}, 3) : (3, 1)).unwrap(), (tile!({ 3 }), Keep)).unwrap(),
        ad::logical_product("(3, 3):(3, 1)", T::Tup(vec![T::I(3), T::N]), &[]),
        "logical_product (mixed): conformance: logical_product(Layout((3, 3), (3, 1)), (3, None))",
    );
    mixed += 1;
    check_static(
        &right_inverse(layout!((3, 3) : (3, 1))),
        ad::right_inverse("(3, 3):(3, 1)"),
        "right_inverse: conformance: right_inverse(Layout((3, 3), (3, 1)))",
    );
    statics += 1;
    check_mixed(
        &right_inverse(layout!(({3}, 3) : (3, 1)).unwrap()).unwrap(),
        ad::right_inverse("(3, 3):(3, 1)"),
        "right_inverse (mixed): conformance: right_inverse(Layout((3, 3), (3, 1)))",
    );
    mixed += 1;
    check_static(&zipped_product(layout!((3, 3) : (3, 1)), layout!((4, 2) : (1, 4))), ad::zipped_product("(3, 3):(3, 1)", T::L("(4, 2):(1, 4)")), "zipped_product: conformance: logical_product(Layout((3, 3), (3, 1)), Layout((4, 2), (1, 4)))");
    statics += 1;
    check_mixed(&zipped_product(layout!((3, 3) : (3, 1)), layout!((4, 2) : ({1}, 4)).unwrap()).unwrap(), ad::zipped_product("(3, 3):(3, 1)", T::L("(4, 2):(1, 4)")), "zipped_product (mixed): conformance: logical_product(Layout((3, 3), (3, 1)), Layout((4, 2), (1, 4)))");
    mixed += 1;
    check_static(&coalesce_by(layout!((1, (4, 2), 1) : (2, (9, 17), 14)), tile!(1, _, 1)), ad::coalesce("(1, (4, 2), 1):(2, (9, 17), 14)", Some(T::Tup(vec![T::I(1), T::N, T::I(1)])), &[]), "coalesce_by: conformance: coalesce(Layout((1, (4, 2), 1), (2, (9, 17), 14)), (1, None, 1))");
    statics += 1;
    check_mixed(&coalesce_by(layout!(({1}, (4, 2), 1) : (2, (9, 17), 14)).unwrap(), tile!(1, _, 1)).unwrap(), ad::coalesce("(1, (4, 2), 1):(2, (9, 17), 14)", Some(T::Tup(vec![T::I(1), T::N, T::I(1)])), &[]), "coalesce_by (mixed): conformance: coalesce(Layout((1, (4, 2), 1), (2, (9, 17), 14)), (1, None, 1))");
    mixed += 1;
    check_mixed(&composition(layout!((1, (4, 2), {1}) : (2, (9, 17), 14)).unwrap(), tile!(_, _, _)).unwrap(), ad::composition("(1, (4, 2), 1):(2, (9, 17), 14)", T::Tup(vec![T::N, T::N, T::N]), &[]), "composition (mixed): conformance: composition(Layout((1, (4, 2), 1), (2, (9, 17), 14)), (None, None, None))");
    mixed += 1;
    check_static(&flat_divide(layout!((1, (4, 2), 1) : (2, (9, 17), 14)), tile!(1, 1, 1)), ad::flat_divide("(1, (4, 2), 1):(2, (9, 17), 14)", T::Tup(vec![T::I(1), T::I(1), T::I(1)])), "flat_divide: conformance: zipped_divide(Layout((1, (4, 2), 1), (2, (9, 17), 14)), (1, 1, 1))");
    statics += 1;
    check_mixed(&flat_divide(layout!((1, (4, 2), 1) : (2, ({9}, 17), 14)).unwrap(), tile!(1, 1, 1)).unwrap(), ad::flat_divide("(1, (4, 2), 1):(2, (9, 17), 14)", T::Tup(vec![T::I(1), T::I(1), T::I(1)])), "flat_divide (mixed): conformance: zipped_divide(Layout((1, (4, 2), 1), (2, (9, 17), 14)), (1, 1, 1))");
    mixed += 1;
    check_static(&logical_divide(layout!((1, (4, 2), 1) : (2, (9, 17), 14)), layout!(2 : 1)), ad::logical_divide("(1, (4, 2), 1):(2, (9, 17), 14)", T::L("2:1"), &[]), "logical_divide: conformance: logical_divide(Layout((1, (4, 2), 1), (2, (9, 17), 14)), Layout(2, 1))");
    statics += 1;
    check_mixed(&logical_divide(layout!((1, ({4}, 2), 1) : (2, (9, 17), 14)).unwrap(), layout!(2 : 1)).unwrap(), ad::logical_divide("(1, (4, 2), 1):(2, (9, 17), 14)", T::L("2:1"), &[]), "logical_divide (mixed): conformance: logical_divide(Layout((1, (4, 2), 1), (2, (9, 17), 14)), Layout(2, 1))");
    mixed += 1;
    check_static(&composition(layout!(((3, 2, 8), 4) : ((32, 0, 1), 16)), tile!(_, 2)), ad::composition("((3, 2, 8), 4):((32, 0, 1), 16)", T::Tup(vec![T::N, T::I(2)]), &[]), "composition: conformance: composition(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)), (None, 2))");
    statics += 1;
    check_mixed(&composition(layout!(((3, 2, 8), 4) : ((32, 0, {1}), 16)).unwrap(), tile!(_, 2)).unwrap(), ad::composition("((3, 2, 8), 4):((32, 0, 1), 16)", T::Tup(vec![T::N, T::I(2)]), &[]), "composition (mixed): conformance: composition(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)), (None, 2))");
    mixed += 1;
    check_static(&tiled_divide(layout!(((3, 2, 8), 4) : ((32, 0, 1), 16)), tile!(1, 2)), ad::tiled_divide("((3, 2, 8), 4):((32, 0, 1), 16)", T::Tup(vec![T::I(1), T::I(2)])), "tiled_divide: conformance: zipped_divide(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)), (1, 2))");
    statics += 1;
    check_mixed(&tiled_divide(layout!((({3}, 2, 8), 4) : ((32, 0, 1), 16)).unwrap(), tile!(1, 2)).unwrap(), ad::tiled_divide("((3, 2, 8), 4):((32, 0, 1), 16)", T::Tup(vec![T::I(1), T::I(2)])), "tiled_divide (mixed): conformance: zipped_divide(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)), (1, 2))");
    mixed += 1;
    check_static(
        &right_inverse(layout!(((3, 2, 8), 4) : ((32, 0, 1), 16))),
        ad::right_inverse("((3, 2, 8), 4):((32, 0, 1), 16)"),
        "right_inverse: conformance: right_inverse(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)))",
    );
    statics += 1;
    check_mixed(&right_inverse(layout!(((3, 2, 8), {4}) : ((32, 0, 1), 16)).unwrap()).unwrap(), ad::right_inverse("((3, 2, 8), 4):((32, 0, 1), 16)"), "right_inverse (mixed): conformance: right_inverse(Layout(((3, 2, 8), 4), ((32, 0, 1), 16)))");
    mixed += 1;
    check_mixed(
        &composition(
            layout!((4, {3}) : (3, 1)).unwrap(),
            (layout!({1} : 4).unwrap(), tile!(1)),
        )
        .unwrap(),
        ad::composition("(4, 3):(3, 1)", T::Tup(vec![T::L("1:4"), T::I(1)]), &[]),
        "composition (mixed): conformance: composition(Layout((4, 3), (3, 1)), (Layout(1, 4), 1))",
    );
    mixed += 1;
    check_static(
        &flat_divide(layout!((4, 3) : (3, 1)), (layout!(1 : 4), tile!(1))),
        ad::flat_divide("(4, 3):(3, 1)", T::Tup(vec![T::L("1:4"), T::I(1)])),
        "flat_divide: conformance: zipped_divide(Layout((4, 3), (3, 1)), (Layout(1, 4), 1))",
    );
    statics += 1;
    check_mixed(&flat_divide(layout!((4, 3) : (3, {1})).unwrap(), (layout!(1 : 4), tile!(1))).unwrap(), ad::flat_divide("(4, 3):(3, 1)", T::Tup(vec![T::L("1:4"), T::I(1)])), "flat_divide (mixed): conformance: zipped_divide(Layout((4, 3), (3, 1)), (Layout(1, 4), 1))");
    mixed += 1;
    check_static(
        &composition(layout!((4, 3) : (3, 1)), (layout!(4 : 1),)),
        ad::composition("(4, 3):(3, 1)", T::L("4:1"), &[0]),
        "composition: conformance: composition[0](Layout((4, 3), (3, 1)), Layout(4, 1))",
    );
    statics += 1;
    check_mixed(
        &composition(layout!((4, {3}) : (3, 1)).unwrap(), (layout!(4 : 1),)).unwrap(),
        ad::composition("(4, 3):(3, 1)", T::L("4:1"), &[0]),
        "composition (mixed): conformance: composition[0](Layout((4, 3), (3, 1)), Layout(4, 1))",
    );
    mixed += 1;
    check_static(
        &left_inverse(layout!((4, 3) : (3, 1))),
        ad::left_inverse("(4, 3):(3, 1)"),
        "left_inverse: conformance: left_inverse(Layout((4, 3), (3, 1)))",
    );
    statics += 1;
    check_mixed(
        &left_inverse(layout!((4, {3}) : (3, 1)).unwrap()).unwrap(),
        ad::left_inverse("(4, 3):(3, 1)"),
        "left_inverse (mixed): conformance: left_inverse(Layout((4, 3), (3, 1)))",
    );
    mixed += 1;
    check_static(&raked_product(layout!((4, 3) : (3, 1)), layout!((2, (6, 1)) : (0, (8, 32)))), ad::raked_product("(4, 3):(3, 1)", "(2, (6, 1)):(0, (8, 32))"), "raked_product: conformance: raked_product(Layout((4, 3), (3, 1)), Layout((2, (6, 1)), (0, (8, 32))))");
    statics += 1;
    check_mixed(&raked_product(layout!((4, 3) : (3, 1)), layout!((2, ({6}, 1)) : (0, (8, 32))).unwrap()).unwrap(), ad::raked_product("(4, 3):(3, 1)", "(2, (6, 1)):(0, (8, 32))"), "raked_product (mixed): conformance: raked_product(Layout((4, 3), (3, 1)), Layout((2, (6, 1)), (0, (8, 32))))");
    mixed += 1;
    check_static(
        &composition(layout!((2, 6, 3) : (23, 24, 32)), tile!(2, 6, 1)),
        ad::composition(
            "(2, 6, 3):(23, 24, 32)",
            T::Tup(vec![T::I(2), T::I(6), T::I(1)]),
            &[],
        ),
        "composition: conformance: composition(Layout((2, 6, 3), (23, 24, 32)), (2, 6, 1))",
    );
    statics += 1;
    check_mixed(
        &composition(layout!(({2}, 6, 3) : (23, 24, 32)).unwrap(), tile!(2, 6, 1)).unwrap(),
        ad::composition(
            "(2, 6, 3):(23, 24, 32)",
            T::Tup(vec![T::I(2), T::I(6), T::I(1)]),
            &[],
        ),
        "composition (mixed): conformance: composition(Layout((2, 6, 3), (23, 24, 32)), (2, 6, 1))",
    );
    mixed += 1;
    check_static(
        &tiled_divide(layout!((2, 6, 3) : (23, 24, 32)), tile!(2, 6, 1)),
        ad::tiled_divide(
            "(2, 6, 3):(23, 24, 32)",
            T::Tup(vec![T::I(2), T::I(6), T::I(1)]),
        ),
        "tiled_divide: conformance: zipped_divide(Layout((2, 6, 3), (23, 24, 32)), (2, 6, 1))",
    );
    statics += 1;
    check_mixed(&tiled_divide(layout!((2, 6, {3}) : (23, 24, 32)).unwrap(), tile!(2, 6, 1)).unwrap(), ad::tiled_divide("(2, 6, 3):(23, 24, 32)", T::Tup(vec![T::I(2), T::I(6), T::I(1)])), "tiled_divide (mixed): conformance: zipped_divide(Layout((2, 6, 3), (23, 24, 32)), (2, 6, 1))");
    mixed += 1;
    check_static(
        &flat_product(layout!((2, 6, 3) : (23, 24, 32)), tile!(2, 6, 1)),
        ad::flat_product(
            "(2, 6, 3):(23, 24, 32)",
            T::Tup(vec![T::I(2), T::I(6), T::I(1)]),
        ),
        "flat_product: conformance: logical_product(Layout((2, 6, 3), (23, 24, 32)), (2, 6, 1))",
    );
    statics += 1;
    check_mixed(&flat_product(layout!((2, 6, 3) : (23, 24, 32)), (tile!({2}), tile!(6), tile!(1))).unwrap(), ad::flat_product("(2, 6, 3):(23, 24, 32)", T::Tup(vec![T::I(2), T::I(6), T::I(1)])), "flat_product (mixed): conformance: logical_product(Layout((2, 6, 3), (23, 24, 32)), (2, 6, 1))");
    mixed += 1;
    check_static(
        &coalesce(layout!((2, (6, 2), 4) : (6, (1, 48), 12))),
        ad::coalesce("(2, (6, 2), 4):(6, (1, 48), 12)", None, &[]),
        "coalesce: conformance: coalesce(Layout((2, (6, 2), 4), (6, (1, 48), 12)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!(({2}, (6, 2), 4) : (6, (1, 48), 12)).unwrap()).unwrap(),
        ad::coalesce("(2, (6, 2), 4):(6, (1, 48), 12)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout((2, (6, 2), 4), (6, (1, 48), 12)))",
    );
    mixed += 1;
    check_static(&logical_product(layout!((2, (6, 2), 4) : (6, (1, 48), 12)), (layout!((2, 1) : (1, 4)), layout!(4 : 1), Keep)), ad::logical_product("(2, (6, 2), 4):(6, (1, 48), 12)", T::Tup(vec![T::L("(2, 1):(1, 4)"), T::L("4:1"), T::N]), &[]), "logical_product: conformance: logical_product(Layout((2, (6, 2), 4), (6, (1, 48), 12)), (Layout((2, 1), (1, 4)), Layout(4, 1), None))");
    statics += 1;
    check_mixed(&logical_product(layout!((2, (6, 2), 4) : (6, ({1}, 48), 12)).unwrap(), (layout!((2, 1) : (1, 4)), layout!(4 : 1), Keep)).unwrap(), ad::logical_product("(2, (6, 2), 4):(6, (1, 48), 12)", T::Tup(vec![T::L("(2, 1):(1, 4)"), T::L("4:1"), T::N]), &[]), "logical_product (mixed): conformance: logical_product(Layout((2, (6, 2), 4), (6, (1, 48), 12)), (Layout((2, 1), (1, 4)), Layout(4, 1), None))");
    mixed += 1;
    check_mixed(&complement_to(layout!(({2}, (6, 2), 4) : (6, (1, 48), 12)).unwrap(), shape!(16)).unwrap(), ad::complement("(2, (6, 2), 4):(6, (1, 48), 12)", Some("16")), "complement_to (mixed): conformance: complement(Layout((2, (6, 2), 4), (6, (1, 48), 12)), 16)");
    mixed += 1;
    check_static(
        &coalesce(layout!(((2, 5),) : ((1, 0),))),
        ad::coalesce("((2, 5),):((1, 0),)", None, &[]),
        "coalesce: conformance: coalesce(Layout(((2, 5),), ((1, 0),)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!(((2, 5),) : ((1, {0}),)).unwrap()).unwrap(),
        ad::coalesce("((2, 5),):((1, 0),)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout(((2, 5),), ((1, 0),)))",
    );
    mixed += 1;
    check_static(
        &right_inverse(layout!(((2, 5),) : ((1, 0),))),
        ad::right_inverse("((2, 5),):((1, 0),)"),
        "right_inverse: conformance: right_inverse(Layout(((2, 5),), ((1, 0),)))",
    );
    statics += 1;
    check_mixed(
        &right_inverse(layout!(((2, {5}),) : ((1, 0),)).unwrap()).unwrap(),
        ad::right_inverse("((2, 5),):((1, 0),)"),
        "right_inverse (mixed): conformance: right_inverse(Layout(((2, 5),), ((1, 0),)))",
    );
    mixed += 1;
    check_static(
        &zipped_product(layout!(((2, 5),) : ((1, 0),)), layout!(8 : 0)),
        ad::zipped_product("((2, 5),):((1, 0),)", T::L("8:0")),
        "zipped_product: conformance: logical_product(Layout(((2, 5),), ((1, 0),)), Layout(8, 0))",
    );
    statics += 1;
    check_mixed(&zipped_product(layout!(((2, 5),) : ((1, 0),)), layout!(8 : {0}).unwrap()).unwrap(), ad::zipped_product("((2, 5),):((1, 0),)", T::L("8:0")), "zipped_product (mixed): conformance: logical_product(Layout(((2, 5),), ((1, 0),)), Layout(8, 0))");
    mixed += 1;
    check_mixed(&logical_divide(layout!(({2}, 2) : (1, 2)).unwrap(), (layout!(1 : 1), layout!(2 : {1}).unwrap())).unwrap(), ad::logical_divide("(2, 2):(1, 2)", T::Tup(vec![T::L("1:1"), T::L("2:1")]), &[]), "logical_divide (mixed): conformance: logical_divide(Layout((2, 2), (1, 2)), (Layout(1, 1), Layout(2, 1)))");
    mixed += 1;
    check_mixed(&logical_product(layout!((2, 2) : ({1}, 2)).unwrap(), (layout!(1 : 1), layout!(2 : {1}).unwrap())).unwrap(), ad::logical_product("(2, 2):(1, 2)", T::Tup(vec![T::L("1:1"), T::L("2:1")]), &[]), "logical_product (mixed): conformance: logical_product(Layout((2, 2), (1, 2)), (Layout(1, 1), Layout(2, 1)))");
    mixed += 1;
    check_mixed(
        &complement_to(layout!((2, {2}) : (1, 2)).unwrap(), shape!(1024)).unwrap(),
        ad::complement("(2, 2):(1, 2)", Some("1024")),
        "complement_to (mixed): conformance: complement(Layout((2, 2), (1, 2)), 1024)",
    );
    mixed += 1;
    check_mixed(&logical_product(layout!((2, {2}) : (1, 2)).unwrap(), layout!(({5}, 2) : (0, 0)).unwrap()).unwrap(), ad::logical_product("(2, 2):(1, 2)", T::L("(5, 2):(0, 0)"), &[]), "logical_product (mixed): conformance: logical_product(Layout((2, 2), (1, 2)), Layout((5, 2), (0, 0)))");
    mixed += 1;
    check_static(
        &coalesce(layout!((4, 2, 1) : (1, 4, 8))),
        ad::coalesce("(4, 2, 1):(1, 4, 8)", None, &[]),
        "coalesce: conformance: coalesce(Layout((4, 2, 1), (1, 4, 8)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!((4, 2, {1}) : (1, 4, 8)).unwrap()).unwrap(),
        ad::coalesce("(4, 2, 1):(1, 4, 8)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout((4, 2, 1), (1, 4, 8)))",
    );
    mixed += 1;
    check_static(&tiled_divide(layout!((4, 2, 1) : (1, 4, 8)), (tile!(1), layout!(1 : 2), tile!(1))), ad::tiled_divide("(4, 2, 1):(1, 4, 8)", T::Tup(vec![T::I(1), T::L("1:2"), T::I(1)])), "tiled_divide: conformance: zipped_divide(Layout((4, 2, 1), (1, 4, 8)), (1, Layout(1, 2), 1))");
    statics += 1;
    check_mixed(&tiled_divide(layout!((4, 2, 1) : ({1}, 4, 8)).unwrap(), (tile!(1), layout!(1 : 2), tile!(1))).unwrap(), ad::tiled_divide("(4, 2, 1):(1, 4, 8)", T::Tup(vec![T::I(1), T::L("1:2"), T::I(1)])), "tiled_divide (mixed): conformance: zipped_divide(Layout((4, 2, 1), (1, 4, 8)), (1, Layout(1, 2), 1))");
    mixed += 1;
    check_mixed(
        &complement_to(layout!((4, {2}, 1) : (1, 4, 8)).unwrap(), shape!(256)).unwrap(),
        ad::complement("(4, 2, 1):(1, 4, 8)", Some("256")),
        "complement_to (mixed): conformance: complement(Layout((4, 2, 1), (1, 4, 8)), 256)",
    );
    mixed += 1;
    check_mixed(&logical_product(layout!((4, 2, 1) : (1, 4, {8})).unwrap(), layout!(({3},) : (1,)).unwrap()).unwrap(), ad::logical_product("(4, 2, 1):(1, 4, 8)", T::L("(3,):(1,)"), &[]), "logical_product (mixed): conformance: logical_product(Layout((4, 2, 1), (1, 4, 8)), Layout((3,), (1,)))");
    mixed += 1;
    check_static(&zipped_divide(layout!((5, 3, 3) : (9, 1, 3)), (tile!(1), layout!(1 : 1), tile!(3))), ad::zipped_divide("(5, 3, 3):(9, 1, 3)", T::Tup(vec![T::I(1), T::L("1:1"), T::I(3)]), &[]), "zipped_divide: conformance: zipped_divide(Layout((5, 3, 3), (9, 1, 3)), (1, Layout(1, 1), 3))");
    statics += 1;
    check_mixed(&zipped_divide(layout!(({5}, 3, 3) : (9, 1, 3)).unwrap(), (tile!(1), layout!(1 : 1), tile!(3))).unwrap(), ad::zipped_divide("(5, 3, 3):(9, 1, 3)", T::Tup(vec![T::I(1), T::L("1:1"), T::I(3)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((5, 3, 3), (9, 1, 3)), (1, Layout(1, 1), 3))");
    mixed += 1;
    check_static(&zipped_product(layout!((5, 3, 3) : (9, 1, 3)), (tile!(1), layout!(1 : 1), tile!(3))), ad::zipped_product("(5, 3, 3):(9, 1, 3)", T::Tup(vec![T::I(1), T::L("1:1"), T::I(3)])), "zipped_product: conformance: logical_product(Layout((5, 3, 3), (9, 1, 3)), (1, Layout(1, 1), 3))");
    statics += 1;
    check_mixed(&zipped_product(layout!((5, 3, 3) : (9, 1, 3)), (tile!(1), layout!({1} : 1).unwrap(), tile!(3))).unwrap(), ad::zipped_product("(5, 3, 3):(9, 1, 3)", T::Tup(vec![T::I(1), T::L("1:1"), T::I(3)])), "zipped_product (mixed): conformance: logical_product(Layout((5, 3, 3), (9, 1, 3)), (1, Layout(1, 1), 3))");
    mixed += 1;
    check_static(
        &right_inverse(layout!((5, 3, 3) : (9, 1, 3))),
        ad::right_inverse("(5, 3, 3):(9, 1, 3)"),
        "right_inverse: conformance: right_inverse(Layout((5, 3, 3), (9, 1, 3)))",
    );
    statics += 1;
    check_mixed(
        &right_inverse(layout!((5, 3, 3) : (9, 1, {3})).unwrap()).unwrap(),
        ad::right_inverse("(5, 3, 3):(9, 1, 3)"),
        "right_inverse (mixed): conformance: right_inverse(Layout((5, 3, 3), (9, 1, 3)))",
    );
    mixed += 1;
    check_static(
        &zipped_product(layout!((5, 3, 3) : (9, 1, 3)), layout!(6 : 2)),
        ad::zipped_product("(5, 3, 3):(9, 1, 3)", T::L("6:2")),
        "zipped_product: conformance: logical_product(Layout((5, 3, 3), (9, 1, 3)), Layout(6, 2))",
    );
    statics += 1;
    check_mixed(&zipped_product(layout!((5, 3, 3) : (9, 1, 3)), layout!(6 : {2}).unwrap()).unwrap(), ad::zipped_product("(5, 3, 3):(9, 1, 3)", T::L("6:2")), "zipped_product (mixed): conformance: logical_product(Layout((5, 3, 3), (9, 1, 3)), Layout(6, 2))");
    mixed += 1;
    check_mixed(&zipped_divide(layout!((3, 4) : ({28}, 17)).unwrap(), (layout!(1 : 1), tile!({2}))).unwrap(), ad::zipped_divide("(3, 4):(28, 17)", T::Tup(vec![T::L("1:1"), T::I(2)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((3, 4), (28, 17)), (Layout(1, 1), 2))");
    mixed += 1;
    check_static(
        &tiled_product(layout!((3, 4) : (28, 17)), (layout!(1 : 1), tile!(2))),
        ad::tiled_product("(3, 4):(28, 17)", T::Tup(vec![T::L("1:1"), T::I(2)])),
        "tiled_product: conformance: logical_product(Layout((3, 4), (28, 17)), (Layout(1, 1), 2))",
    );
    statics += 1;
    check_mixed(&tiled_product(layout!((3, 4) : (28, 17)), (layout!({1} : 1).unwrap(), tile!(2))).unwrap(), ad::tiled_product("(3, 4):(28, 17)", T::Tup(vec![T::L("1:1"), T::I(2)])), "tiled_product (mixed): conformance: logical_product(Layout((3, 4), (28, 17)), (Layout(1, 1), 2))");
    mixed += 1;
    check_mixed(&logical_divide(layout!(({6}, (3, 6)) : (28, (22, 9))).unwrap(), (layout!(1 : {1}).unwrap(), Keep)).unwrap(), ad::logical_divide("(6, (3, 6)):(28, (22, 9))", T::Tup(vec![T::L("1:1"), T::N]), &[]), "logical_divide (mixed): conformance: logical_divide(Layout((6, (3, 6)), (28, (22, 9))), (Layout(1, 1), None))");
    mixed += 1;
    check_mixed(&logical_product(layout!((6, (3, {6})) : (28, (22, 9))).unwrap(), (layout!(1 : {1}).unwrap(), Keep)).unwrap(), ad::logical_product("(6, (3, 6)):(28, (22, 9))", T::Tup(vec![T::L("1:1"), T::N]), &[]), "logical_product (mixed): conformance: logical_product(Layout((6, (3, 6)), (28, (22, 9))), (Layout(1, 1), None))");
    mixed += 1;
    check_static(&zipped_divide(layout!(((2, 4, 2), 2, 3) : ((16, 1, 4), 8, 32)), tile!(1, 1, 1)), ad::zipped_divide("((2, 4, 2), 2, 3):((16, 1, 4), 8, 32)", T::Tup(vec![T::I(1), T::I(1), T::I(1)]), &[]), "zipped_divide: conformance: zipped_divide(Layout(((2, 4, 2), 2, 3), ((16, 1, 4), 8, 32)), (1, 1, 1))");
    statics += 1;
    check_mixed(&zipped_divide(layout!(((2, 4, 2), 2, {3}) : ((16, 1, 4), 8, 32)).unwrap(), tile!(1, 1, 1)).unwrap(), ad::zipped_divide("((2, 4, 2), 2, 3):((16, 1, 4), 8, 32)", T::Tup(vec![T::I(1), T::I(1), T::I(1)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout(((2, 4, 2), 2, 3), ((16, 1, 4), 8, 32)), (1, 1, 1))");
    mixed += 1;
    check_static(
        &complement(layout!(((2, 4, 2), 2, 3) : ((16, 1, 4), 8, 32))),
        ad::complement("((2, 4, 2), 2, 3):((16, 1, 4), 8, 32)", None),
        "complement: conformance: complement(Layout(((2, 4, 2), 2, 3), ((16, 1, 4), 8, 32)))",
    );
    statics += 1;
    check_mixed(&complement(layout!(((2, 4, 2), 2, 3) : ((16, 1, {4}), 8, 32)).unwrap()).unwrap(), ad::complement("((2, 4, 2), 2, 3):((16, 1, 4), 8, 32)", None), "complement (mixed): conformance: complement(Layout(((2, 4, 2), 2, 3), ((16, 1, 4), 8, 32)))");
    mixed += 1;
    check_mixed(&logical_divide(layout!(((2, {4}, 2), 2, 3) : ((16, 1, 4), 8, 32)).unwrap(), layout!({1} : 96).unwrap()).unwrap(), ad::logical_divide("((2, 4, 2), 2, 3):((16, 1, 4), 8, 32)", T::L("1:96"), &[]), "logical_divide (mixed): conformance: logical_divide(Layout(((2, 4, 2), 2, 3), ((16, 1, 4), 8, 32)), Layout(1, 96))");
    mixed += 1;
    check_static(
        &logical_divide(layout!(((5, 5), 3) : ((38, 11), 35)), tile!(1, 1)),
        ad::logical_divide(
            "((5, 5), 3):((38, 11), 35)",
            T::Tup(vec![T::I(1), T::I(1)]),
            &[],
        ),
        "logical_divide: conformance: logical_divide(Layout(((5, 5), 3), ((38, 11), 35)), (1, 1))",
    );
    statics += 1;
    check_mixed(&logical_divide(layout!(((5, 5), 3) : ((38, 11), {35})).unwrap(), tile!(1, 1)).unwrap(), ad::logical_divide("((5, 5), 3):((38, 11), 35)", T::Tup(vec![T::I(1), T::I(1)]), &[]), "logical_divide (mixed): conformance: logical_divide(Layout(((5, 5), 3), ((38, 11), 35)), (1, 1))");
    mixed += 1;
    check_static(
        &right_inverse(layout!(((5, 5), 3) : ((38, 11), 35))),
        ad::right_inverse("((5, 5), 3):((38, 11), 35)"),
        "right_inverse: conformance: right_inverse(Layout(((5, 5), 3), ((38, 11), 35)))",
    );
    statics += 1;
    check_mixed(
        &right_inverse(layout!(((5, 5), {3}) : ((38, 11), 35)).unwrap()).unwrap(),
        ad::right_inverse("((5, 5), 3):((38, 11), 35)"),
        "right_inverse (mixed): conformance: right_inverse(Layout(((5, 5), 3), ((38, 11), 35)))",
    );
    mixed += 1;
    check_mixed(&logical_divide(layout!(({3}, 1, (2, 5, 8)) : (16, 8, (8, 48, 1))).unwrap(), (layout!(1 : 3), tile!({1}), Keep)).unwrap(), ad::logical_divide("(3, 1, (2, 5, 8)):(16, 8, (8, 48, 1))", T::Tup(vec![T::L("1:3"), T::I(1), T::N]), &[]), "logical_divide (mixed): conformance: logical_divide(Layout((3, 1, (2, 5, 8)), (16, 8, (8, 48, 1))), (Layout(1, 3), 1, None))");
    mixed += 1;
    check_mixed(&logical_product(layout!((3, 1, ({2}, 5, 8)) : (16, 8, (8, 48, 1))).unwrap(), (layout!(1 : 3), tile!({1}), Keep)).unwrap(), ad::logical_product("(3, 1, (2, 5, 8)):(16, 8, (8, 48, 1))", T::Tup(vec![T::L("1:3"), T::I(1), T::N]), &[]), "logical_product (mixed): conformance: logical_product(Layout((3, 1, (2, 5, 8)), (16, 8, (8, 48, 1))), (Layout(1, 3), 1, None))");
    mixed += 1;
    check_static(&logical_product(layout!((3, 1, (2, 5, 8)) : (16, 8, (8, 48, 1))), layout!(((2, 5),) : ((1, 2),))), ad::logical_product("(3, 1, (2, 5, 8)):(16, 8, (8, 48, 1))", T::L("((2, 5),):((1, 2),)"), &[]), "logical_product: conformance: logical_product(Layout((3, 1, (2, 5, 8)), (16, 8, (8, 48, 1))), Layout(((2, 5),), ((1, 2),)))");
    statics += 1;
    check_mixed(&logical_product(layout!((3, 1, (2, 5, 8)) : (16, 8, (8, {48}, 1))).unwrap(), layout!(((2, 5),) : ((1, 2),))).unwrap(), ad::logical_product("(3, 1, (2, 5, 8)):(16, 8, (8, 48, 1))", T::L("((2, 5),):((1, 2),)"), &[]), "logical_product (mixed): conformance: logical_product(Layout((3, 1, (2, 5, 8)), (16, 8, (8, 48, 1))), Layout(((2, 5),), ((1, 2),)))");
    mixed += 1;
    check_mixed(
        &complement_to(layout!({5} : 34).unwrap(), shape!(256)).unwrap(),
        ad::complement("5:34", Some("256")),
        "complement_to (mixed): conformance: complement(Layout(5, 34), 256)",
    );
    mixed += 1;
    check_mixed(
        &logical_product(layout!({5} : 34).unwrap(), layout!((3,) : ({1},)).unwrap()).unwrap(),
        ad::logical_product("5:34", T::L("(3,):(1,)"), &[]),
        "logical_product (mixed): conformance: logical_product(Layout(5, 34), Layout((3,), (1,)))",
    );
    mixed += 1;
    check_static(
        &zipped_divide(layout!((2, 4) : (1, 2)), (layout!(1 : 2), tile!(1))),
        ad::zipped_divide("(2, 4):(1, 2)", T::Tup(vec![T::L("1:2"), T::I(1)]), &[]),
        "zipped_divide: conformance: zipped_divide(Layout((2, 4), (1, 2)), (Layout(1, 2), 1))",
    );
    statics += 1;
    check_mixed(&zipped_divide(layout!(({2}, 4) : (1, 2)).unwrap(), (layout!(1 : 2), tile!(1))).unwrap(), ad::zipped_divide("(2, 4):(1, 2)", T::Tup(vec![T::L("1:2"), T::I(1)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((2, 4), (1, 2)), (Layout(1, 2), 1))");
    mixed += 1;
    check_static(
        &complement(layout!((2, 4) : (1, 2))),
        ad::complement("(2, 4):(1, 2)", None),
        "complement: conformance: complement(Layout((2, 4), (1, 2)))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!((2, 4) : (1, {2})).unwrap()).unwrap(),
        ad::complement("(2, 4):(1, 2)", None),
        "complement (mixed): conformance: complement(Layout((2, 4), (1, 2)))",
    );
    mixed += 1;
    check_mixed(
        &logical_divide(
            layout!((2, 4) : (1, {2})).unwrap(),
            layout!({2} : 2).unwrap(),
        )
        .unwrap(),
        ad::logical_divide("(2, 4):(1, 2)", T::L("2:2"), &[]),
        "logical_divide (mixed): conformance: logical_divide(Layout((2, 4), (1, 2)), Layout(2, 2))",
    );
    mixed += 1;
    check_static(
        &coalesce(layout!((2, (2, 4), 5, 2) : (0, (0, 16), 1, 1))),
        ad::coalesce("(2, (2, 4), 5, 2):(0, (0, 16), 1, 1)", None, &[]),
        "coalesce: conformance: coalesce(Layout((2, (2, 4), 5, 2), (0, (0, 16), 1, 1)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!((2, ({2}, 4), 5, 2) : (0, (0, 16), 1, 1)).unwrap()).unwrap(),
        ad::coalesce("(2, (2, 4), 5, 2):(0, (0, 16), 1, 1)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout((2, (2, 4), 5, 2), (0, (0, 16), 1, 1)))",
    );
    mixed += 1;
    check_static(
        &right_inverse(layout!((2, (2, 4), 5, 2) : (0, (0, 16), 1, 1))),
        ad::right_inverse("(2, (2, 4), 5, 2):(0, (0, 16), 1, 1)"),
        "right_inverse: conformance: right_inverse(Layout((2, (2, 4), 5, 2), (0, (0, 16), 1, 1)))",
    );
    statics += 1;
    check_mixed(&right_inverse(layout!(({2}, (2, 4), 5, 2) : (0, (0, 16), 1, 1)).unwrap()).unwrap(), ad::right_inverse("(2, (2, 4), 5, 2):(0, (0, 16), 1, 1)"), "right_inverse (mixed): conformance: right_inverse(Layout((2, (2, 4), 5, 2), (0, (0, 16), 1, 1)))");
    mixed += 1;
    check_static(
        &flat_divide(layout!((2, 1) : (1, 2)), tile!(1, 1)),
        ad::flat_divide("(2, 1):(1, 2)", T::Tup(vec![T::I(1), T::I(1)])),
        "flat_divide: conformance: zipped_divide(Layout((2, 1), (1, 2)), (1, 1))",
    );
    statics += 1;
    check_mixed(
        &flat_divide(layout!(({2}, 1) : (1, 2)).unwrap(), tile!(1, 1)).unwrap(),
        ad::flat_divide("(2, 1):(1, 2)", T::Tup(vec![T::I(1), T::I(1)])),
        "flat_divide (mixed): conformance: zipped_divide(Layout((2, 1), (1, 2)), (1, 1))",
    );
    mixed += 1;
    check_static(&zipped_product(layout!((2, 1) : (1, 2)), layout!((2, 3) : (1, 2))), ad::zipped_product("(2, 1):(1, 2)", T::L("(2, 3):(1, 2)")), "zipped_product: conformance: logical_product(Layout((2, 1), (1, 2)), Layout((2, 3), (1, 2)))");
    statics += 1;
    check_mixed(&zipped_product(layout!((2, 1) : (1, 2)), layout!((2, 3) : (1, {2})).unwrap()).unwrap(), ad::zipped_product("(2, 1):(1, 2)", T::L("(2, 3):(1, 2)")), "zipped_product (mixed): conformance: logical_product(Layout((2, 1), (1, 2)), Layout((2, 3), (1, 2)))");
    mixed += 1;
    check_static(
        &complement(layout!(6 : 1)),
        ad::complement("6:1", None),
        "complement: conformance: complement(Layout(6, 1))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!({6} : 1).unwrap()).unwrap(),
        ad::complement("6:1", None),
        "complement (mixed): conformance: complement(Layout(6, 1))",
    );
    mixed += 1;
    check_static(
        &coalesce(layout!((3, 8, 4) : (32, 16, 26))),
        ad::coalesce("(3, 8, 4):(32, 16, 26)", None, &[]),
        "coalesce: conformance: coalesce(Layout((3, 8, 4), (32, 16, 26)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!((3, 8, 4) : (32, {16}, 26)).unwrap()).unwrap(),
        ad::coalesce("(3, 8, 4):(32, 16, 26)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout((3, 8, 4), (32, 16, 26)))",
    );
    mixed += 1;
    check_static(
        &right_inverse(layout!((3, 8, 4) : (32, 16, 26))),
        ad::right_inverse("(3, 8, 4):(32, 16, 26)"),
        "right_inverse: conformance: right_inverse(Layout((3, 8, 4), (32, 16, 26)))",
    );
    statics += 1;
    check_mixed(
        &right_inverse(layout!((3, {8}, 4) : (32, 16, 26)).unwrap()).unwrap(),
        ad::right_inverse("(3, 8, 4):(32, 16, 26)"),
        "right_inverse (mixed): conformance: right_inverse(Layout((3, 8, 4), (32, 16, 26)))",
    );
    mixed += 1;
    check_static(
        &flat_divide(layout!((3, 3) : (15, 3)), tile!(1, 1)),
        ad::flat_divide("(3, 3):(15, 3)", T::Tup(vec![T::I(1), T::I(1)])),
        "flat_divide: conformance: zipped_divide(Layout((3, 3), (15, 3)), (1, 1))",
    );
    statics += 1;
    check_mixed(
        &flat_divide(layout!((3, 3) : ({15}, 3)).unwrap(), tile!(1, 1)).unwrap(),
        ad::flat_divide("(3, 3):(15, 3)", T::Tup(vec![T::I(1), T::I(1)])),
        "flat_divide (mixed): conformance: zipped_divide(Layout((3, 3), (15, 3)), (1, 1))",
    );
    mixed += 1;
    check_static(
        &coalesce_by(layout!((2, 2) : (1, 2)), tile!(_, _)),
        ad::coalesce("(2, 2):(1, 2)", Some(T::Tup(vec![T::N, T::N])), &[]),
        "coalesce_by: conformance: coalesce(Layout((2, 2), (1, 2)), (None, None))",
    );
    statics += 1;
    check_mixed(
        &coalesce_by(layout!((2, {2}) : (1, 2)).unwrap(), tile!(_, _)).unwrap(),
        ad::coalesce("(2, 2):(1, 2)", Some(T::Tup(vec![T::N, T::N])), &[]),
        "coalesce_by (mixed): conformance: coalesce(Layout((2, 2), (1, 2)), (None, None))",
    );
    mixed += 1;
    check_static(&blocked_product(layout!((2, 2) : (1, 2)), layout!((8, 2) : (2, 1))), ad::blocked_product("(2, 2):(1, 2)", "(8, 2):(2, 1)"), "blocked_product: conformance: blocked_product(Layout((2, 2), (1, 2)), Layout((8, 2), (2, 1)))");
    statics += 1;
    check_mixed(&blocked_product(layout!((2, 2) : (1, 2)), layout!((8, 2) : ({2}, 1)).unwrap()).unwrap(), ad::blocked_product("(2, 2):(1, 2)", "(8, 2):(2, 1)"), "blocked_product (mixed): conformance: blocked_product(Layout((2, 2), (1, 2)), Layout((8, 2), (2, 1)))");
    mixed += 1;
    check_static(&zipped_divide(layout!((1, (2, 5), 2, 2) : (5, (1, 14), 3, 12)), (layout!(1 : 1), layout!((10, 1) : (1, 20)), layout!(1 : 2), tile!(1))), ad::zipped_divide("(1, (2, 5), 2, 2):(5, (1, 14), 3, 12)", T::Tup(vec![T::L("1:1"), T::L("(10, 1):(1, 20)"), T::L("1:2"), T::I(1)]), &[]), "zipped_divide: conformance: zipped_divide(Layout((1, (2, 5), 2, 2), (5, (1, 14), 3, 12)), (Layout(1, 1), Layout((10, 1), (1, 20)), Layout(1, 2), 1))");
    statics += 1;
    check_mixed(&zipped_divide(layout!((1, (2, 5), 2, 2) : ({5}, (1, 14), 3, 12)).unwrap(), (layout!(1 : 1), layout!((10, 1) : (1, 20)), layout!(1 : 2), tile!(1))).unwrap(), ad::zipped_divide("(1, (2, 5), 2, 2):(5, (1, 14), 3, 12)", T::Tup(vec![T::L("1:1"), T::L("(10, 1):(1, 20)"), T::L("1:2"), T::I(1)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout((1, (2, 5), 2, 2), (5, (1, 14), 3, 12)), (Layout(1, 1), Layout((10, 1), (1, 20)), Layout(1, 2), 1))");
    mixed += 1;
    check_static(
        &coalesce_by(layout!((4, 1) : (1, 4)), tile!(_, 1)),
        ad::coalesce("(4, 1):(1, 4)", Some(T::Tup(vec![T::N, T::I(1)])), &[]),
        "coalesce_by: conformance: coalesce(Layout((4, 1), (1, 4)), (None, 1))",
    );
    statics += 1;
    check_mixed(
        &coalesce_by(layout!((4, 1) : (1, {4})).unwrap(), tile!(_, 1)).unwrap(),
        ad::coalesce("(4, 1):(1, 4)", Some(T::Tup(vec![T::N, T::I(1)])), &[]),
        "coalesce_by (mixed): conformance: coalesce(Layout((4, 1), (1, 4)), (None, 1))",
    );
    mixed += 1;
    check_static(
        &tiled_product(layout!((4, 1) : (1, 4)), (tile!(4), layout!(1 : 1))),
        ad::tiled_product("(4, 1):(1, 4)", T::Tup(vec![T::I(4), T::L("1:1")])),
        "tiled_product: conformance: logical_product(Layout((4, 1), (1, 4)), (4, Layout(1, 1)))",
    );
    statics += 1;
    check_mixed(&tiled_product(layout!((4, 1) : (1, 4)), (tile!({4}), layout!(1 : 1))).unwrap(), ad::tiled_product("(4, 1):(1, 4)", T::Tup(vec![T::I(4), T::L("1:1")])), "tiled_product (mixed): conformance: logical_product(Layout((4, 1), (1, 4)), (4, Layout(1, 1)))");
    mixed += 1;
    check_static(
        &left_inverse(layout!((4, 1) : (1, 4))),
        ad::left_inverse("(4, 1):(1, 4)"),
        "left_inverse: conformance: left_inverse(Layout((4, 1), (1, 4)))",
    );
    statics += 1;
    check_mixed(
        &left_inverse(layout!((4, 1) : ({1}, 4)).unwrap()).unwrap(),
        ad::left_inverse("(4, 1):(1, 4)"),
        "left_inverse (mixed): conformance: left_inverse(Layout((4, 1), (1, 4)))",
    );
    mixed += 1;
    check_static(
        &coalesce(layout!((4, 3, 1) : (1, 4, 1))),
        ad::coalesce("(4, 3, 1):(1, 4, 1)", None, &[]),
        "coalesce: conformance: coalesce(Layout((4, 3, 1), (1, 4, 1)))",
    );
    statics += 1;
    check_mixed(
        &coalesce(layout!((4, {3}, 1) : (1, 4, 1)).unwrap()).unwrap(),
        ad::coalesce("(4, 3, 1):(1, 4, 1)", None, &[]),
        "coalesce (mixed): conformance: coalesce(Layout((4, 3, 1), (1, 4, 1)))",
    );
    mixed += 1;
    check_static(&zipped_product(layout!((4, 3, 1) : (1, 4, 1)), (tile!(4), layout!(3 : 1), tile!(1))), ad::zipped_product("(4, 3, 1):(1, 4, 1)", T::Tup(vec![T::I(4), T::L("3:1"), T::I(1)])), "zipped_product: conformance: logical_product(Layout((4, 3, 1), (1, 4, 1)), (4, Layout(3, 1), 1))");
    statics += 1;
    check_mixed(&zipped_product(layout!((4, 3, 1) : (1, 4, 1)), (tile!(4), layout!(3 : 1), tile!({1}))).unwrap(), ad::zipped_product("(4, 3, 1):(1, 4, 1)", T::Tup(vec![T::I(4), T::L("3:1"), T::I(1)])), "zipped_product (mixed): conformance: logical_product(Layout((4, 3, 1), (1, 4, 1)), (4, Layout(3, 1), 1))");
    mixed += 1;
    check_static(
        &right_inverse(layout!((4, 3, 1) : (1, 4, 1))),
        ad::right_inverse("(4, 3, 1):(1, 4, 1)"),
        "right_inverse: conformance: right_inverse(Layout((4, 3, 1), (1, 4, 1)))",
    );
    statics += 1;
    check_mixed(
        &right_inverse(layout!(({4}, 3, 1) : (1, 4, 1)).unwrap()).unwrap(),
        ad::right_inverse("(4, 3, 1):(1, 4, 1)"),
        "right_inverse (mixed): conformance: right_inverse(Layout((4, 3, 1), (1, 4, 1)))",
    );
    mixed += 1;
    check_static(&tiled_divide(layout!((2, (2, 1, 4), 8, 4) : (256, (1, 256, 16), 2, 64)), (layout!(1 : 1), layout!((2, 2) : (2, 4)), tile!(8), tile!(1))), ad::tiled_divide("(2, (2, 1, 4), 8, 4):(256, (1, 256, 16), 2, 64)", T::Tup(vec![T::L("1:1"), T::L("(2, 2):(2, 4)"), T::I(8), T::I(1)])), "tiled_divide: conformance: zipped_divide(Layout((2, (2, 1, 4), 8, 4), (256, (1, 256, 16), 2, 64)), (Layout(1, 1), Layout((2, 2), (2, 4)), 8, 1))");
    statics += 1;
    check_mixed(&tiled_divide(layout!((2, (2, 1, 4), {8}, 4) : (256, (1, 256, 16), 2, 64)).unwrap(), (layout!(1 : 1), layout!((2, 2) : (2, 4)), tile!(8), tile!(1))).unwrap(), ad::tiled_divide("(2, (2, 1, 4), 8, 4):(256, (1, 256, 16), 2, 64)", T::Tup(vec![T::L("1:1"), T::L("(2, 2):(2, 4)"), T::I(8), T::I(1)])), "tiled_divide (mixed): conformance: zipped_divide(Layout((2, (2, 1, 4), 8, 4), (256, (1, 256, 16), 2, 64)), (Layout(1, 1), Layout((2, 2), (2, 4)), 8, 1))");
    mixed += 1;
    check_static(&zipped_product(layout!((2, (2, 1, 4), 8, 4) : (256, (1, 256, 16), 2, 64)), layout!((1, (2, 5)) : (10, (1, 2)))), ad::zipped_product("(2, (2, 1, 4), 8, 4):(256, (1, 256, 16), 2, 64)", T::L("(1, (2, 5)):(10, (1, 2))")), "zipped_product: conformance: logical_product(Layout((2, (2, 1, 4), 8, 4), (256, (1, 256, 16), 2, 64)), Layout((1, (2, 5)), (10, (1, 2))))");
    statics += 1;
    check_mixed(&zipped_product(layout!((2, (2, 1, 4), 8, 4) : (256, (1, 256, 16), 2, 64)), layout!((1, (2, 5)) : ({10}, (1, 2))).unwrap()).unwrap(), ad::zipped_product("(2, (2, 1, 4), 8, 4):(256, (1, 256, 16), 2, 64)", T::L("(1, (2, 5)):(10, (1, 2))")), "zipped_product (mixed): conformance: logical_product(Layout((2, (2, 1, 4), 8, 4), (256, (1, 256, 16), 2, 64)), Layout((1, (2, 5)), (10, (1, 2))))");
    mixed += 1;
    check_static(&zipped_product(layout!((2, 5) : (4, 16)), (layout!((2, 1) : (1, 4)), tile!(1))), ad::zipped_product("(2, 5):(4, 16)", T::Tup(vec![T::L("(2, 1):(1, 4)"), T::I(1)])), "zipped_product: conformance: logical_product(Layout((2, 5), (4, 16)), (Layout((2, 1), (1, 4)), 1))");
    statics += 1;
    check_mixed(&zipped_product(layout!((2, 5) : (4, 16)), (layout!((2, 1) : (1, 4)), tile!({1}))).unwrap(), ad::zipped_product("(2, 5):(4, 16)", T::Tup(vec![T::L("(2, 1):(1, 4)"), T::I(1)])), "zipped_product (mixed): conformance: logical_product(Layout((2, 5), (4, 16)), (Layout((2, 1), (1, 4)), 1))");
    mixed += 1;
    check_static(
        &left_inverse(layout!((2, 5) : (4, 16))),
        ad::left_inverse("(2, 5):(4, 16)"),
        "left_inverse: conformance: left_inverse(Layout((2, 5), (4, 16)))",
    );
    statics += 1;
    check_mixed(
        &left_inverse(layout!((2, 5) : (4, {16})).unwrap()).unwrap(),
        ad::left_inverse("(2, 5):(4, 16)"),
        "left_inverse (mixed): conformance: left_inverse(Layout((2, 5), (4, 16)))",
    );
    mixed += 1;
    check_static(
        &complement_to(layout!((4,) : (1,)), shape!(1024)),
        ad::complement("(4,):(1,)", Some("1024")),
        "complement_to: conformance: complement(Layout((4,), (1,)), 1024)",
    );
    statics += 1;
    check_mixed(
        &complement_to(layout!((4,) : (1,)), shape!({ 1024 })).unwrap(),
        ad::complement("(4,):(1,)", Some("1024")),
        "complement_to (mixed): conformance: complement(Layout((4,), (1,)), 1024)",
    );
    mixed += 1;
    check_mixed(&zipped_divide(layout!(((4, {4}), 4) : ((1, 4), 16)).unwrap(), (layout!({16} : 1).unwrap(), tile!(2))).unwrap(), ad::zipped_divide("((4, 4), 4):((1, 4), 16)", T::Tup(vec![T::L("16:1"), T::I(2)]), &[]), "zipped_divide (mixed): conformance: zipped_divide(Layout(((4, 4), 4), ((1, 4), 16)), (Layout(16, 1), 2))");
    mixed += 1;
    check_static(
        &complement_to(layout!(((4, 4), 4) : ((1, 4), 16)), shape!(32)),
        ad::complement("((4, 4), 4):((1, 4), 16)", Some("32")),
        "complement_to: conformance: complement(Layout(((4, 4), 4), ((1, 4), 16)), 32)",
    );
    statics += 1;
    check_mixed(
        &complement_to(layout!(((4, 4), 4) : ((1, 4), 16)), shape!({ 32 })).unwrap(),
        ad::complement("((4, 4), 4):((1, 4), 16)", Some("32")),
        "complement_to (mixed): conformance: complement(Layout(((4, 4), 4), ((1, 4), 16)), 32)",
    );
    mixed += 1;
    check_mixed(&raked_product(layout!(((4, 4), 4) : ((1, 4), {16})).unwrap(), layout!((4, 1) : ({1}, 1)).unwrap()).unwrap(), ad::raked_product("((4, 4), 4):((1, 4), 16)", "(4, 1):(1, 1)"), "raked_product (mixed): conformance: raked_product(Layout(((4, 4), 4), ((1, 4), 16)), Layout((4, 1), (1, 1)))");
    mixed += 1;
    check_static(
        &complement(layout!((2, 4) : (4, 1))),
        ad::complement("(2, 4):(4, 1)", None),
        "complement: conformance: complement(Layout((2, 4), (4, 1)))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!((2, 4) : (4, {1})).unwrap()).unwrap(),
        ad::complement("(2, 4):(4, 1)", None),
        "complement (mixed): conformance: complement(Layout((2, 4), (4, 1)))",
    );
    mixed += 1;
    check_static(&raked_product(layout!((2, 4) : (4, 1)), layout!((2, 8) : (32, 2))), ad::raked_product("(2, 4):(4, 1)", "(2, 8):(32, 2)"), "raked_product: conformance: raked_product(Layout((2, 4), (4, 1)), Layout((2, 8), (32, 2)))");
    statics += 1;
    check_mixed(&raked_product(layout!((2, 4) : (4, 1)), layout!((2, {8}) : (32, 2)).unwrap()).unwrap(), ad::raked_product("(2, 4):(4, 1)", "(2, 8):(32, 2)"), "raked_product (mixed): conformance: raked_product(Layout((2, 4), (4, 1)), Layout((2, 8), (32, 2)))");
    mixed += 1;
    check_static(
        &tiled_product(layout!((5, 2) : (6, 3)), (tile!(1), layout!(2 : 1))),
        ad::tiled_product("(5, 2):(6, 3)", T::Tup(vec![T::I(1), T::L("2:1")])),
        "tiled_product: conformance: logical_product(Layout((5, 2), (6, 3)), (1, Layout(2, 1)))",
    );
    statics += 1;
    check_mixed(&tiled_product(layout!((5, 2) : (6, 3)), (tile!({1}), layout!(2 : 1))).unwrap(), ad::tiled_product("(5, 2):(6, 3)", T::Tup(vec![T::I(1), T::L("2:1")])), "tiled_product (mixed): conformance: logical_product(Layout((5, 2), (6, 3)), (1, Layout(2, 1)))");
    mixed += 1;
    check_static(
        &tiled_divide(layout!((5, (1, 8)) : (24, (3, 3))), tile!(1, 1)),
        ad::tiled_divide("(5, (1, 8)):(24, (3, 3))", T::Tup(vec![T::I(1), T::I(1)])),
        "tiled_divide: conformance: zipped_divide(Layout((5, (1, 8)), (24, (3, 3))), (1, 1))",
    );
    statics += 1;
    check_mixed(&tiled_divide(layout!((5, (1, 8)) : (24, ({3}, 3))).unwrap(), tile!(1, 1)).unwrap(), ad::tiled_divide("(5, (1, 8)):(24, (3, 3))", T::Tup(vec![T::I(1), T::I(1)])), "tiled_divide (mixed): conformance: zipped_divide(Layout((5, (1, 8)), (24, (3, 3))), (1, 1))");
    mixed += 1;
    check_static(
        &complement(layout!((8, (6, 2)) : (6, (96, 1)))),
        ad::complement("(8, (6, 2)):(6, (96, 1))", None),
        "complement: conformance: complement(Layout((8, (6, 2)), (6, (96, 1))))",
    );
    statics += 1;
    check_mixed(
        &complement(layout!((8, (6, {2})) : (6, (96, 1))).unwrap()).unwrap(),
        ad::complement("(8, (6, 2)):(6, (96, 1))", None),
        "complement (mixed): conformance: complement(Layout((8, (6, 2)), (6, (96, 1))))",
    );
    mixed += 1;
    check_static(&raked_product(layout!((8, (6, 2)) : (6, (96, 1))), layout!((2, 3) : (3, 1))), ad::raked_product("(8, (6, 2)):(6, (96, 1))", "(2, 3):(3, 1)"), "raked_product: conformance: raked_product(Layout((8, (6, 2)), (6, (96, 1))), Layout((2, 3), (3, 1)))");
    statics += 1;
    check_mixed(&raked_product(layout!((8, (6, 2)) : (6, (96, 1))), layout!((2, 3) : (3, {1})).unwrap()).unwrap(), ad::raked_product("(8, (6, 2)):(6, (96, 1))", "(2, 3):(3, 1)"), "raked_product (mixed): conformance: raked_product(Layout((8, (6, 2)), (6, (96, 1))), Layout((2, 3), (3, 1)))");
    mixed += 1;
    check_static(&tiled_product(layout!((4, 6) : (1, 8)), (layout!(1 : 1), layout!(6 : 1))), ad::tiled_product("(4, 6):(1, 8)", T::Tup(vec![T::L("1:1"), T::L("6:1")])), "tiled_product: conformance: logical_product(Layout((4, 6), (1, 8)), (Layout(1, 1), Layout(6, 1)))");
    statics += 1;
    check_mixed(&tiled_product(layout!((4, 6) : (1, 8)), (layout!({1} : 1).unwrap(), layout!(6 : 1))).unwrap(), ad::tiled_product("(4, 6):(1, 8)", T::Tup(vec![T::L("1:1"), T::L("6:1")])), "tiled_product (mixed): conformance: logical_product(Layout((4, 6), (1, 8)), (Layout(1, 1), Layout(6, 1)))");
    mixed += 1;
    check_static(&blocked_product(layout!((4, 6) : (1, 8)), layout!((2, 2) : (1, 4))), ad::blocked_product("(4, 6):(1, 8)", "(2, 2):(1, 4)"), "blocked_product: conformance: blocked_product(Layout((4, 6), (1, 8)), Layout((2, 2), (1, 4)))");
    statics += 1;
    check_mixed(&blocked_product(layout!((4, 6) : (1, 8)), layout!((2, {2}) : (1, 4)).unwrap()).unwrap(), ad::blocked_product("(4, 6):(1, 8)", "(2, 2):(1, 4)"), "blocked_product (mixed): conformance: blocked_product(Layout((4, 6), (1, 8)), Layout((2, 2), (1, 4)))");
    mixed += 1;
    check_static(
        &complement_to(layout!(8 : 8), shape!(16)),
        ad::complement("8:8", Some("16")),
        "complement_to: conformance: complement(Layout(8, 8), 16)",
    );
    statics += 1;
    check_mixed(
        &complement_to(layout!(8 : 8), shape!({ 16 })).unwrap(),
        ad::complement("8:8", Some("16")),
        "complement_to (mixed): conformance: complement(Layout(8, 8), 16)",
    );
    mixed += 1;
    check_static(&raked_product(layout!((1, (3, 4)) : (20, (6, 23))), layout!((2, 3) : (3, 1))), ad::raked_product("(1, (3, 4)):(20, (6, 23))", "(2, 3):(3, 1)"), "raked_product: conformance: raked_product(Layout((1, (3, 4)), (20, (6, 23))), Layout((2, 3), (3, 1)))");
    statics += 1;
    check_mixed(&raked_product(layout!((1, (3, 4)) : (20, (6, 23))), layout!(({2}, 3) : (3, 1)).unwrap()).unwrap(), ad::raked_product("(1, (3, 4)):(20, (6, 23))", "(2, 3):(3, 1)"), "raked_product (mixed): conformance: raked_product(Layout((1, (3, 4)), (20, (6, 23))), Layout((2, 3), (3, 1)))");
    mixed += 1;
    check_static(&tiled_product(layout!((1, 2) : (2, 1)), (tile!(1), layout!((2, 1) : (1, 4)))), ad::tiled_product("(1, 2):(2, 1)", T::Tup(vec![T::I(1), T::L("(2, 1):(1, 4)")])), "tiled_product: conformance: logical_product(Layout((1, 2), (2, 1)), (1, Layout((2, 1), (1, 4))))");
    statics += 1;
    check_mixed(&tiled_product(layout!((1, 2) : (2, 1)), (tile!({1}), layout!((2, 1) : (1, 4)))).unwrap(), ad::tiled_product("(1, 2):(2, 1)", T::Tup(vec![T::I(1), T::L("(2, 1):(1, 4)")])), "tiled_product (mixed): conformance: logical_product(Layout((1, 2), (2, 1)), (1, Layout((2, 1), (1, 4))))");
    mixed += 1;
    check_static(&tiled_product(layout!(((4, 2), 5) : ((1, 4), 8)), (layout!(2 : 4), layout!(1 : 1))), ad::tiled_product("((4, 2), 5):((1, 4), 8)", T::Tup(vec![T::L("2:4"), T::L("1:1")])), "tiled_product: conformance: logical_product(Layout(((4, 2), 5), ((1, 4), 8)), (Layout(2, 4), Layout(1, 1)))");
    statics += 1;
    check_mixed(&tiled_product(layout!(((4, 2), 5) : ((1, 4), 8)), (layout!({2} : 4).unwrap(), layout!(1 : 1))).unwrap(), ad::tiled_product("((4, 2), 5):((1, 4), 8)", T::Tup(vec![T::L("2:4"), T::L("1:1")])), "tiled_product (mixed): conformance: logical_product(Layout(((4, 2), 5), ((1, 4), 8)), (Layout(2, 4), Layout(1, 1)))");
    mixed += 1;
    check_static(&blocked_product(layout!((4, 4) : (1, 4)), layout!((2, 4) : (1, 2))), ad::blocked_product("(4, 4):(1, 4)", "(2, 4):(1, 2)"), "blocked_product: conformance: blocked_product(Layout((4, 4), (1, 4)), Layout((2, 4), (1, 2)))");
    statics += 1;
    check_mixed(&blocked_product(layout!((4, 4) : (1, 4)), layout!(({2}, 4) : (1, 2)).unwrap()).unwrap(), ad::blocked_product("(4, 4):(1, 4)", "(2, 4):(1, 2)"), "blocked_product (mixed): conformance: blocked_product(Layout((4, 4), (1, 4)), Layout((2, 4), (1, 2)))");
    mixed += 1;
    check_static(&blocked_product(layout!(((3, 2), 8) : ((16, 1), 2)), layout!((2, 8) : (8, 1))), ad::blocked_product("((3, 2), 8):((16, 1), 2)", "(2, 8):(8, 1)"), "blocked_product: conformance: blocked_product(Layout(((3, 2), 8), ((16, 1), 2)), Layout((2, 8), (8, 1)))");
    statics += 1;
    check_mixed(&blocked_product(layout!(((3, 2), 8) : ((16, 1), 2)), layout!((2, {8}) : (8, 1)).unwrap()).unwrap(), ad::blocked_product("((3, 2), 8):((16, 1), 2)", "(2, 8):(8, 1)"), "blocked_product (mixed): conformance: blocked_product(Layout(((3, 2), 8), ((16, 1), 2)), Layout((2, 8), (8, 1)))");
    mixed += 1;
    check_static(&raked_product(layout!((6, 1) : (1, 6)), layout!((2, 4) : (12, 3))), ad::raked_product("(6, 1):(1, 6)", "(2, 4):(12, 3)"), "raked_product: conformance: raked_product(Layout((6, 1), (1, 6)), Layout((2, 4), (12, 3)))");
    statics += 1;
    check_mixed(&raked_product(layout!((6, 1) : (1, 6)), layout!((2, {4}) : (12, 3)).unwrap()).unwrap(), ad::raked_product("(6, 1):(1, 6)", "(2, 4):(12, 3)"), "raked_product (mixed): conformance: raked_product(Layout((6, 1), (1, 6)), Layout((2, 4), (12, 3)))");
    mixed += 1;
    check_static(&tiled_product(layout!(((1, 3), 2) : ((3, 1), 3)), (tile!(3), layout!(1 : 1))), ad::tiled_product("((1, 3), 2):((3, 1), 3)", T::Tup(vec![T::I(3), T::L("1:1")])), "tiled_product: conformance: logical_product(Layout(((1, 3), 2), ((3, 1), 3)), (3, Layout(1, 1)))");
    statics += 1;
    check_mixed(&tiled_product(layout!(((1, 3), 2) : ((3, 1), 3)), (tile!({3}), layout!(1 : 1))).unwrap(), ad::tiled_product("((1, 3), 2):((3, 1), 3)", T::Tup(vec![T::I(3), T::L("1:1")])), "tiled_product (mixed): conformance: logical_product(Layout(((1, 3), 2), ((3, 1), 3)), (3, Layout(1, 1)))");
    mixed += 1;
    check_static(&tiled_product(layout!((4, (4, 1)) : (1, (4, 16))), (tile!(2), layout!(1 : 4))), ad::tiled_product("(4, (4, 1)):(1, (4, 16))", T::Tup(vec![T::I(2), T::L("1:4")])), "tiled_product: conformance: logical_product(Layout((4, (4, 1)), (1, (4, 16))), (2, Layout(1, 4)))");
    statics += 1;
    check_mixed(&tiled_product(layout!((4, (4, 1)) : (1, (4, 16))), (tile!(2), layout!(1 : {4}).unwrap())).unwrap(), ad::tiled_product("(4, (4, 1)):(1, (4, 16))", T::Tup(vec![T::I(2), T::L("1:4")])), "tiled_product (mixed): conformance: logical_product(Layout((4, (4, 1)), (1, (4, 16))), (2, Layout(1, 4)))");
    mixed += 1;
    check_static(&blocked_product(layout!((5, 4) : (0, 0)), layout!((8, 1) : (1, 8))), ad::blocked_product("(5, 4):(0, 0)", "(8, 1):(1, 8)"), "blocked_product: conformance: blocked_product(Layout((5, 4), (0, 0)), Layout((8, 1), (1, 8)))");
    statics += 1;
    check_mixed(&blocked_product(layout!((5, 4) : (0, 0)), layout!((8, 1) : ({1}, 8)).unwrap()).unwrap(), ad::blocked_product("(5, 4):(0, 0)", "(8, 1):(1, 8)"), "blocked_product (mixed): conformance: blocked_product(Layout((5, 4), (0, 0)), Layout((8, 1), (1, 8)))");
    mixed += 1;
    check_static(&blocked_product(layout!((1, (2, 2)) : (2, (2, 1))), layout!((3, 2) : (2, 1))), ad::blocked_product("(1, (2, 2)):(2, (2, 1))", "(3, 2):(2, 1)"), "blocked_product: conformance: blocked_product(Layout((1, (2, 2)), (2, (2, 1))), Layout((3, 2), (2, 1)))");
    statics += 1;
    check_mixed(&blocked_product(layout!((1, (2, 2)) : (2, (2, 1))), layout!((3, {2}) : (2, 1)).unwrap()).unwrap(), ad::blocked_product("(1, (2, 2)):(2, (2, 1))", "(3, 2):(2, 1)"), "blocked_product (mixed): conformance: blocked_product(Layout((1, (2, 2)), (2, (2, 1))), Layout((3, 2), (2, 1)))");
    mixed += 1;
    check_static(
        &raked_product(layout!((4, 8) : (8, 1)), layout!((4, 4) : (8, 0))),
        ad::raked_product("(4, 8):(8, 1)", "(4, 4):(8, 0)"),
        "raked_product: conformance: raked_product(Layout((4, 8), (8, 1)), Layout((4, 4), (8, 0)))",
    );
    statics += 1;
    check_mixed(&raked_product(layout!((4, 8) : (8, 1)), layout!((4, 4) : (8, {0})).unwrap()).unwrap(), ad::raked_product("(4, 8):(8, 1)", "(4, 4):(8, 0)"), "raked_product (mixed): conformance: raked_product(Layout((4, 8), (8, 1)), Layout((4, 4), (8, 0)))");
    mixed += 1;
    check_static(&blocked_product(layout!((4, 1) : (1, 4)), layout!((2, (2, 1, 4)) : (8, (2, 2, 48)))), ad::blocked_product("(4, 1):(1, 4)", "(2, (2, 1, 4)):(8, (2, 2, 48))"), "blocked_product: conformance: blocked_product(Layout((4, 1), (1, 4)), Layout((2, (2, 1, 4)), (8, (2, 2, 48))))");
    statics += 1;
    check_mixed(&blocked_product(layout!((4, 1) : (1, 4)), layout!((2, ({2}, 1, 4)) : (8, (2, 2, 48))).unwrap()).unwrap(), ad::blocked_product("(4, 1):(1, 4)", "(2, (2, 1, 4)):(8, (2, 2, 48))"), "blocked_product (mixed): conformance: blocked_product(Layout((4, 1), (1, 4)), Layout((2, (2, 1, 4)), (8, (2, 2, 48))))");
    mixed += 1;
    check_static(&tiled_product(layout!(((4, 5), (2, 5)) : ((1, 4), (20, 40))), (layout!(1 : 20), layout!((10, 1) : (1, 10)))), ad::tiled_product("((4, 5), (2, 5)):((1, 4), (20, 40))", T::Tup(vec![T::L("1:20"), T::L("(10, 1):(1, 10)")])), "tiled_product: conformance: logical_product(Layout(((4, 5), (2, 5)), ((1, 4), (20, 40))), (Layout(1, 20), Layout((10, 1), (1, 10))))");
    statics += 1;
    check_mixed(&tiled_product(layout!(((4, 5), (2, 5)) : ((1, 4), (20, 40))), (layout!({1} : 20).unwrap(), layout!((10, 1) : (1, 10)))).unwrap(), ad::tiled_product("((4, 5), (2, 5)):((1, 4), (20, 40))", T::Tup(vec![T::L("1:20"), T::L("(10, 1):(1, 10)")])), "tiled_product (mixed): conformance: logical_product(Layout(((4, 5), (2, 5)), ((1, 4), (20, 40))), (Layout(1, 20), Layout((10, 1), (1, 10))))");
    mixed += 1;
    check_static(&tiled_product(layout!((4, 5, 1, 2) : (2, 8, 40, 1)), (layout!(2 : 2), layout!(5 : 1), layout!(1 : 1), layout!(1 : 2))), ad::tiled_product("(4, 5, 1, 2):(2, 8, 40, 1)", T::Tup(vec![T::L("2:2"), T::L("5:1"), T::L("1:1"), T::L("1:2")])), "tiled_product: conformance: logical_product(Layout((4, 5, 1, 2), (2, 8, 40, 1)), (Layout(2, 2), Layout(5, 1), Layout(1, 1), Layout(1, 2)))");
    statics += 1;
    check_mixed(&tiled_product(layout!((4, 5, 1, 2) : (2, 8, 40, 1)), (layout!(2 : 2), layout!(5 : 1), layout!({1} : 1).unwrap(), layout!(1 : 2))).unwrap(), ad::tiled_product("(4, 5, 1, 2):(2, 8, 40, 1)", T::Tup(vec![T::L("2:2"), T::L("5:1"), T::L("1:1"), T::L("1:2")])), "tiled_product (mixed): conformance: logical_product(Layout((4, 5, 1, 2), (2, 8, 40, 1)), (Layout(2, 2), Layout(5, 1), Layout(1, 1), Layout(1, 2)))");
    mixed += 1;
    check_static(&tiled_product(layout!((4, 2, 6) : (2, 144, 8)), (layout!(1 : 1), layout!((2, 1) : (1, 2)), tile!(6))), ad::tiled_product("(4, 2, 6):(2, 144, 8)", T::Tup(vec![T::L("1:1"), T::L("(2, 1):(1, 2)"), T::I(6)])), "tiled_product: conformance: logical_product(Layout((4, 2, 6), (2, 144, 8)), (Layout(1, 1), Layout((2, 1), (1, 2)), 6))");
    statics += 1;
    check_mixed(&tiled_product(layout!((4, 2, 6) : (2, 144, 8)), (layout!(1 : {1}).unwrap(), layout!((2, 1) : (1, 2)), tile!(6))).unwrap(), ad::tiled_product("(4, 2, 6):(2, 144, 8)", T::Tup(vec![T::L("1:1"), T::L("(2, 1):(1, 2)"), T::I(6)])), "tiled_product (mixed): conformance: logical_product(Layout((4, 2, 6), (2, 144, 8)), (Layout(1, 1), Layout((2, 1), (1, 2)), 6))");
    mixed += 1;
    check_static(&tiled_product(layout!((8, 6, 4) : (8, 192, 1)), (tile!(8), tile!(2), layout!(1 : 2))), ad::tiled_product("(8, 6, 4):(8, 192, 1)", T::Tup(vec![T::I(8), T::I(2), T::L("1:2")])), "tiled_product: conformance: logical_product(Layout((8, 6, 4), (8, 192, 1)), (8, 2, Layout(1, 2)))");
    statics += 1;
    check_mixed(&tiled_product(layout!((8, 6, 4) : (8, 192, 1)), (tile!({8}), tile!(2), layout!(1 : 2))).unwrap(), ad::tiled_product("(8, 6, 4):(8, 192, 1)", T::Tup(vec![T::I(8), T::I(2), T::L("1:2")])), "tiled_product (mixed): conformance: logical_product(Layout((8, 6, 4), (8, 192, 1)), (8, 2, Layout(1, 2)))");
    mixed += 1;
    check_static(&tiled_product(layout!((8, 3, 4) : (1, 8, 24)), (tile!(4), layout!(3 : 1), layout!(2 : 1))), ad::tiled_product("(8, 3, 4):(1, 8, 24)", T::Tup(vec![T::I(4), T::L("3:1"), T::L("2:1")])), "tiled_product: conformance: logical_product(Layout((8, 3, 4), (1, 8, 24)), (4, Layout(3, 1), Layout(2, 1)))");
    statics += 1;
    check_mixed(&tiled_product(layout!((8, 3, 4) : (1, 8, 24)), (tile!(4), layout!(3 : 1), layout!(2 : {1}).unwrap())).unwrap(), ad::tiled_product("(8, 3, 4):(1, 8, 24)", T::Tup(vec![T::I(4), T::L("3:1"), T::L("2:1")])), "tiled_product (mixed): conformance: logical_product(Layout((8, 3, 4), (1, 8, 24)), (4, Layout(3, 1), Layout(2, 1)))");
    mixed += 1;
    println!("static_agree_5: {statics} static cases, {mixed} mixed cases");
}
