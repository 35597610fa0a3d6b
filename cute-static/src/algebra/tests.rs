//! The specification's examples of the algebra, as types computed by the
//! compiler (the values are checked against the run-time algebra by the
//! workspace's generated agreement tests).

use crate::{Keep, Layout, Shape};
use static_assertions::assert_type_eq_all;
use typenum::{U1, U2, U3, U4};

use super::*;

#[test]
fn spec_examples_are_types() {
    assert_type_eq_all!(
        Coalesced<Layout![(2, (1, 6)) : (1, (6, 2))]>,
        Layout![12 : 1]
    );
    assert_type_eq_all!(
        Coalesced<Layout![(2, 4, 6) : (24, 6, 1)]>,
        Layout![(2, 4, 6) : (24, 6, 1)]
    );
    assert_type_eq_all!(
        Coalesced<Layout![(2, 1, 6, 1) : (1, 7, 8, 0)]>,
        Layout![(2, 6) : (1, 8)]
    );
    assert_type_eq_all!(CoalescedBy<Layout![(2, (1, 6)) : (1, (6, 2))], (U1, U1)>, Layout![(2, 6) : (1, 2)]);
    assert_type_eq_all!(CoalescedBy<Layout![(3, (2, 6)) : (1, (3, 6))], (Keep, U1)>, Layout![(3, 12) : (1, 3)]);

    assert_type_eq_all!(
        Composed<Layout![(6, 2) : (8, 2)], Layout![(4, 3) : (3, 1)]>,
        Layout![((2, 2), 3) : ((24, 2), 8)]
    );
    assert_type_eq_all!(Composed<Layout![20 : 2], Layout![(5, 4) : (4, 1)]>, Layout![(5, 4) : (8, 2)]);
    assert_type_eq_all!(Composed<Layout![12], Layout![(4, 3)]>, Layout![(4, 3) : (1, 4)]);
    assert_type_eq_all!(Composed<Layout![(4, 6) : (1, 4)], (Keep, Layout![3 : 2])>, Layout![(4, 3) : (1, 8)]);

    assert_type_eq_all!(RightInverted<Layout![(4, 8) : (1, 4)]>, Layout![32 : 1]);
    assert_type_eq_all!(
        RightInverted<Layout![(4, 8) : (8, 1)]>,
        Layout![(8, 4) : (4, 1)]
    );
    assert_type_eq_all!(RightInverted<Layout![(4, 8) : (1, 5)]>, Layout![4 : 1]);
    assert_type_eq_all!(LeftInverted<Layout![(4, 8) : (1, 4)]>, Layout![32 : 1]);
    assert_type_eq_all!(
        LeftInverted<Layout![(4, 8) : (1, 5)]>,
        Layout![(5, 8) : (1, 4)]
    );

    assert_type_eq_all!(Complemented<Layout![4 : 2]>, Layout![(2, 1) : (1, 8)]);
    assert_type_eq_all!(
        Complemented<Layout![(2, 2) : (1, 6)]>,
        Layout![(3, 1) : (2, 12)]
    );
    assert_type_eq_all!(Complemented<Layout![4 : 2], Shape![20]>, Layout![(2, 3) : (1, 8)]);

    assert_type_eq_all!(
        LogicalProducted<Layout![(2, 2) : (4, 1)], Layout![6 : 1]>,
        Layout![((2, 2), (2, 3)) : ((4, 1), (2, 8))]
    );
    assert_type_eq_all!(LogicalProducted<Layout![3 : 1], Layout![4 : 1]>, Layout![(3, 4) : (1, 3)]);
    assert_type_eq_all!(
        LogicalProducted<Layout![(3, 5) : (1, 20)], (Layout![4 : 1],)>,
        Layout![((3, 4), 5) : ((1, 3), 20)]
    );

    assert_type_eq_all!(LogicalDivided<Layout![24], Layout![4 : 2]>, Layout![(4, (2, 3)) : (2, (1, 8))]);
    assert_type_eq_all!(
        LogicalDivided<Layout![(3, 8)], (Keep, Layout![4 : 2])>,
        Layout![(3, (4, 2)) : (1, (6, 3))]
    );
    assert_type_eq_all!(
        ZippedDivided<Layout![(9, 32)], (Layout![3 : 3], Layout![(2, 4) : (1, 8)])>,
        Layout![((3, (2, 4)), (3, 4)) : ((3, (9, 72)), (1, 18))]
    );
    assert_type_eq_all!(
        LogicalDivided<Layout![(5, 24)], (Keep, Layout![4 : 2])>,
        Layout![(5, (4, (2, 3))) : (1, (10, (5, 40)))]
    );

    assert_type_eq_all!(
        BlockedProducted<Layout![(2, 5) : (5, 1)], Layout![(3, 4) : (1, 3)]>,
        Layout![((2, 3), (5, 4)) : ((5, 10), (1, 30))]
    );
    assert_type_eq_all!(
        RakedProducted<Layout![(2, 5) : (5, 1)], Layout![(3, 4) : (1, 3)]>,
        Layout![((3, 2), (4, 5)) : ((10, 5), (30, 1))]
    );
    let _ = U4::new();
}

#[test]
fn nested_tilers_keep_and_coalesce_z_are_types() {
    // the specification's coalesce_z example
    assert_type_eq_all!(
        CoalescedZ<Layout![(2, 1, 6, 1) : (1, 7, 8, 0)]>,
        Layout![(2, 6, 1) : (1, 8, 0)]
    );
    assert_type_eq_all!(
        CoalescedZBy<Layout![(3, (2, 6)) : (1, (3, 6))], (Keep, U1)>,
        Layout![(3, 12) : (1, 3)]
    );
    // zipped_divide by a nested tiler: the run-time algebra's result
    // (through tiler_to_layout), printed by `cute eval`
    assert_type_eq_all!(
        ZippedDivided<Layout![(8, (4, 6))], (U2, (U2, U3))>,
        Layout![((2, (2, 3)), (4, (2, 2))) : ((1, (8, 32)), (2, (16, 96)))]
    );
    assert_type_eq_all!(
        ZippedDivided<Layout![(8, (4, 6))], (U2, (Keep, U3))>,
        Layout![((2, (1, 3)), (4, (4, 2))) : ((1, (0, 32)), (2, (8, 96)))]
    );
    // a nested tiler longer than its mode: Keep past the mode's rank
    // (`cute eval 'zipped_divide(Layout((4, (2, 3))), (2, (None, 3, None)))'`)
    assert_type_eq_all!(
        ZippedDivided<Layout![(4, (2, 3))], (U2, (Keep, U3, Keep))>,
        Layout![((2, (1, 3, 1)), (2, (2, 1))) : ((1, (0, 8, 0)), (2, (4, 24)))]
    );
    // zipped_product: Keep leaves the mode as the tile, a nested tiler
    // zips inside
    assert_type_eq_all!(
        ZippedProducted<Layout![(2, 5) : (5, 1)], (Keep, Layout![3 : 1])>,
        Layout![((2, 5), (1, 3)) : ((5, 1), (0, 5))]
    );
    assert_type_eq_all!(
        ZippedProducted<Layout![(2, (5, 3)) : (1, (2, 10))], (U3, (U2, U2))>,
        Layout![((2, (5, 3)), (3, (2, 2))) : ((1, (2, 10)), (2, (1, 1)))]
    );
}

#[test]
fn mixed_results_keep_static_leaves_static() {
    // CuTe C++: zipped_divide((M, N):(1, M), (_128, _64)) is
    // ((_128,_64),(M/128,N/64)):((_1,M),(_128,M*64))
    assert_type_eq_all!(
        ZippedDivided<Layout![({}, {}) : (1, {})], (typenum::U128, typenum::U64)>,
        Layout![((128, 64), ({}, {})) : ((1, {}), (128, {}))]
    );
    assert_type_eq_all!(
        TiledDivided<Layout![({}, {}) : (1, {})], (typenum::U128, typenum::U64)>,
        Layout![((128, 64), {}, {}) : ((1, {}), 128, {})]
    );
    assert_type_eq_all!(
        LogicalDivided<Layout![({}, {}) : (1, {})], (typenum::U128, typenum::U64)>,
        Layout![((128, {}), (64, {})) : ((1, 128), ({}, {}))]
    );
    // a static composition inside a mixed layout's static modes
    assert_type_eq_all!(
        Composed<Layout![(8, {}) : (1, 8)], Layout![(4, 2) : (1, 4)]>,
        Layout![(4, 2) : (1, 4)]
    );
    // the products of static thread and value layouts with a mixed grid
    // (CuTe C++: ((m,_4),(n,_8)):((_32,_8),(32*m,_1)))
    assert_type_eq_all!(
        RakedProducted<Layout![(4, 8) : (8, 1)], Layout![({}, {}) : (1, {})]>,
        Layout![(({}, 4), ({}, 8)) : ((32, 8), ({}, 1))]
    );
    assert_type_eq_all!(
        BlockedProducted<Layout![(4, 8) : (8, 1)], Layout![({}, {}) : (1, {})]>,
        Layout![((4, {}), (8, {})) : ((8, 32), (1, {}))]
    );
}

#[test]
fn zipped_divide_by_tilers_shorter_and_longer_than_the_rank() {
    // `cute eval`: the modes the tiler does not reach are the rest's
    assert_type_eq_all!(
        ZippedDivided<Layout![(4, 6)], (U2,)>,
        Layout![((2,), (2, 6)) : ((1,), (2, 4))]
    );
    // Keep entries past A's rank: each a tile mode _1:_0, nothing in the rest
    assert_type_eq_all!(
        ZippedDivided<Layout![(4, 6)], (U2, Keep, Keep)>,
        Layout![((2, 1, 1), (2, 6)) : ((1, 0, 0), (2, 4))]
    );
    assert_type_eq_all!(
        ZippedDivided<Layout![(4, 6)], (Keep, Keep, Keep)>,
        Layout![((1, 1, 1), (4, 6)) : ((0, 0, 0), (1, 4))]
    );
    // a leaf layout is its own only mode
    assert_type_eq_all!(
        ZippedDivided<Layout![6], (U2, Keep)>,
        Layout![((2, 1), (3,)) : ((1, 0), (2,))]
    );
    assert_type_eq_all!(
        TiledDivided<Layout![(4, 6)], (U2, Keep, Keep)>,
        Layout![((2, 1, 1), 2, 6) : ((1, 0, 0), 2, 4)]
    );
    assert_type_eq_all!(
        FlatDivided<Layout![(4, 6)], (U2, Keep, Keep)>,
        Layout![(2, 1, 1, 2, 6) : (1, 0, 0, 2, 4)]
    );
    // the mixed path: CuTe C++'s divide of the modes, the same zip
    assert_type_eq_all!(
        ZippedDivided<Layout![({}, 6)], (U2, Keep, Keep)>,
        Layout![((2, 1, 1), ({}, 6)) : ((1, 0, 0), (2, {}))]
    );
    assert_type_eq_all!(
        ZippedDivided<Layout![({}, 6) : (1, {})], (U2,)>,
        Layout![((2,), ({}, 6)) : ((1,), (2, {}))]
    );
}
