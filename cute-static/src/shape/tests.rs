use super::*;
use crate::{coord, shape, Coord, Shape, Stride};
use static_assertions::assert_type_eq_all;
use typenum::{U1024, U12, U24, U3, U30, U4, U6, U7};

#[test]
fn test_size() {
    assert_type_eq_all!(SizeOf<Shape![3, (2, 4)]>, U24);
    assert_type_eq_all!(SizeOf<Shape![42]>, typenum::U42);
    assert_type_eq_all!(SizeOf<Shape![()]>, U1);
    assert_type_eq_all!(SizeOf<Shape![3, {}]>, i64);
    assert_type_eq_all!(SizeOf<Shape![(32, 32)]>, U1024);
    assert_eq!(shape!(3, (2, 4)).size().get(), 24);
    let n = 5;
    assert_eq!(shape!(3, (n, 4)).size(), 60);
}

#[test]
fn test_product_each() {
    assert_type_eq_all!(ProductsEach<Shape![(2, 3), 4, (5, 6)]>, Shape![6, 4, 30]);
    assert_type_eq_all!(ProductsEach<Shape![()]>, HNil);
    assert_type_eq_all!(ProductsEach<Shape![(2, 6), 5]>, HCons<U12, HCons<typenum::U5, HNil>>);
}

#[test]
fn test_prefix_product() {
    assert_type_eq_all!(ColMajor<Shape![3, 2, 4]>, Stride![1, 3, 6]);
    assert_type_eq_all!(ColMajor<Shape![3, (2, 4)]>, Stride![1, (3, 6)]);
    assert_type_eq_all!(PrefixProducts<Shape![4, 8], typenum::U2>, Stride![2, 8]);
    assert_type_eq_all!(ColMajor<Shape![4, {}, 2]>, Stride![1, 4, {}]);
    let n = 3;
    assert_eq!(
        shape!(4, n, 2).prefix_product(U1::new()),
        shape!(1, 4, { 12 })
    );
}

#[test]
fn test_idx2crd_crd2idx() {
    assert_type_eq_all!(Idx2CrdOf<Shape![14], Coord![7]>, U7);
    assert_type_eq_all!(Idx2CrdOf<Shape![3, 2, 4], Coord![7]>, Coord![1, 0, 1]);
    assert_type_eq_all!(Idx2CrdOf<Shape![(3, 2), 4], Coord![7]>, Coord![(1, 0), 1]);
    assert_type_eq_all!(Crd2IdxOf<Shape![3, (2, 4)], Coord![1, (0, 1)]>, U7);
    assert_type_eq_all!(Crd2IdxOf<Shape![3, (2, 4)], Coord![7]>, U7);
    assert_type_eq_all!(Crd2IdxOf<Shape![3, (2, 3)], Coord![2, 5]>, typenum::U17);
    // round trip on every index of a small shape
    assert_type_eq_all!(Crd2IdxOf<Shape![3, (2, 4)], Idx2CrdOf<Shape![3, (2, 4)], U24>>, U24);
}

#[test]
fn test_idx2crd_crd2idx_values() {
    let n = 4;
    let s = shape!(3, (2, n));
    assert_eq!(idx2crd(7_i64, &s), coord!({ 1 }, ({ 0 }, { 1 })));
    assert_eq!(idx2crd(100_i64, &s), coord!({ 1 }, ({ 1 }, { 16 })));
    assert_eq!(idx2crd(7_i64, &shape!(14)), 7);
    assert_eq!(
        idx2crd(42_i64, &shape!(3, 7, 2)),
        coord!({ 0 }, { 0 }, { 2 })
    );
    assert_eq!(
        idx2crd(7_i64, &shape!((3, 2), 4)),
        coord!(({ 1 }, { 0 }), { 1 })
    );
    assert_eq!(shape!(3, (2, 4)).crd2idx(&coord!(1, (0, 1))).get(), 7);
    assert_eq!(shape!(3, 2, 4).crd2idx(&coord!(1, 0, 1)).get(), 7);
    for i in 0..24 {
        assert_eq!(s.crd2idx(&idx2crd(i, &s)), i);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
    #[test]
    fn prop_idx2crd_right_inverse(a in 1_i64..6, b in 1_i64..6, c in 1_i64..6, k in 0_i64..10_000) {
        let s = shape!((a, 3), (b, (c, 2)));
        let i = k % s.size();
        proptest::prop_assert_eq!(s.crd2idx(&idx2crd(i, &s)), i);
        let l = crate::Layout::try_col_major(s).unwrap();
        proptest::prop_assert_eq!(l.call(idx2crd(i, &s)), l.eval(i));
    }
}

#[test]
fn test_compatible() {
    fn check<A: Compatible<B>, B>() {}
    check::<Shape![30], Shape![2, 15]>();
    check::<Shape![2, 15], Shape![2, (3, 5)]>();
    check::<Shape![24], Shape![(2, 2), (3, 2)]>();
    check::<Shape![24], Shape![(24,)]>();
    assert!(shape!({ U30::I64 }).compatible(&shape!(2, (3, 5))));
    assert!(!shape!({ 4 }, 6).compatible(&shape!((2, 3), 6)));
    let _ = (U3::new(), U4::new(), U6::new());
}
