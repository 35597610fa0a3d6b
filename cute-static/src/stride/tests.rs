use super::*;
use crate::{shape, stride, Coord, Shape, Stride};
use static_assertions::assert_type_eq_all;
use typenum::{U23, U24, U32, U8, U99};

#[test]
fn test_cosize() {
    assert_type_eq_all!(CosizeOf<Shape![4, 8], Stride![1, 4]>, U32);
    assert_type_eq_all!(CosizeOf<Shape![3, (2, 4)], Stride![2, (1, 6)]>, U24);
    assert_type_eq_all!(CosizeOf<Shape![4, 8], Stride![0, 1]>, U8);
    assert_type_eq_all!(CosizeOf<Shape![4, {}], Stride![1, 4]>, i64);
    assert_eq!(shape!(4, 8).cosize(&stride!(1, { -4 })), 1 + 3);
}

#[test]
fn test_static_offsets() {
    type S = Shape![3, (2, 4)];
    type D = Stride![2, (1, 6)];
    assert_type_eq_all!(OffsetOf<S, D, Coord![0]>, U0);
    assert_type_eq_all!(OffsetOf<S, D, Coord![23]>, U23);
    assert_type_eq_all!(OffsetOf<S, D, Coord![100]>, U99);
    assert_type_eq_all!(OffsetOf<S, D, Coord![1, (0, 1)]>, U8);
    assert_type_eq_all!(OffsetOf<S, D, Coord![0, 7]>, typenum::U19);
}
