use super::*;
use crate::{shape, Shape};
use static_assertions::assert_type_eq_all;
use typenum::{U0, U1, U2, U3, U4, U5, U6, U7};

#[test]
fn test_profile_constants() {
    type S = Shape![3, (2, (4, 5))];
    assert_eq!(S::RANK, 2);
    assert_eq!(S::DEPTH, 3);
    assert_eq!(S::LEAVES, 4);
    const { assert!(S::IS_STATIC) };
    const { assert!(!<Shape![3, {}]>::IS_STATIC) };
    assert_eq!(HNil::DEPTH, 1);
    assert_eq!(<Shape![42]>::RANK, 1);
    assert_eq!(<Shape![42]>::DEPTH, 0);
}

#[test]
fn test_rank_depth() {
    assert_type_eq_all!(RankOf<Shape![3, (2, 4), 5]>, U3);
    assert_type_eq_all!(RankOf<Shape![()]>, U0);
    assert_type_eq_all!(DepthOf<Shape![3, (2, (4, 5))]>, U3);
    assert_type_eq_all!(DepthOf<Shape![7]>, U0);
    assert_eq!(<Shape![(1, 2), 3] as Rank>::VALUE, 2);
}

#[test]
fn test_flatten() {
    assert_type_eq_all!(
        Flattened<Shape![(2, 3), (4, (5, 6))]>,
        Shape![2, 3, 4, 5, 6]
    );
    assert_type_eq_all!(Flattened<Shape![()]>, HNil);
    let n = 5_i64;
    assert_eq!(shape!((2, n), ((7,),)).flatten(), shape!(2, n, 7));
}

#[test]
fn test_get_select() {
    type S = Shape![2, (3, 4), 5, 7];
    assert_type_eq_all!(ModeOf<S, U0>, U2);
    assert_type_eq_all!(ModeOf<S, U1>, Shape![3, 4]);
    assert_type_eq_all!(ModeOf<S, IndexOf<3>>, U7);
    assert_type_eq_all!(Selected<S, frunk_core::HList![U3, U0]>, Shape![7, 2]);
    let s = shape!(2, { 9 }, 5);
    assert_eq!(Get::<U1>::get(&s), 9);
    assert_eq!(
        Select::<frunk_core::HList![U1, U1]>::select(&s),
        shape!({ 9 }, { 9 })
    );
}

#[test]
fn test_congruent_visit() {
    let mut pairs = Vec::new();
    shape!(4, (2, { 3 })).zip_visit(&shape!(1, ({ 8 }, 4)), &mut |a, b| pairs.push((a, b)));
    assert_eq!(pairs, vec![(4, 1), (2, 8), (3, 4)]);
}

#[test]
fn test_printing() {
    assert_eq!(Cute(shape!((2, 2), 3)).to_string(), "((_2,_2),_3)");
    assert_eq!(Cute(shape!(4, { 6 })).to_string(), "(_4,6)");
    assert_eq!(Cute(shape!(8)).to_string(), "_8");
    assert_eq!(Cute(shape!(8,)).to_string(), "(_8)");
    assert_eq!(Cute(HNil).to_string(), "()");
    let _: (U4, U5, U6) = Default::default();
}
