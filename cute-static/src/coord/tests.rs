use super::*;
use crate::{coord, Coord};
use static_assertions::assert_type_eq_all;

#[test]
fn test_into_coord() {
    assert_type_eq_all!(<(i32, (u8, i64)) as IntoCoord>::Coord, Coord![{}, ({}, {})]);
    assert_eq!((3,).into_coord(), coord!(({ 3 },)));
    assert_eq!(().into_coord(), HNil);
    assert_eq!(coord!(1, 2).into_coord(), coord!(1, 2));
}
