use super::*;
use crate::layout::testdata::{arb_chain, arb_shape};
use proptest::prelude::*;

fn p(s: &str) -> IntTuple {
    s.parse().unwrap()
}

#[test]
fn test_wrap_unwrap() {
    assert_eq!(wrap(p("7")), p("(7,)"));
    assert_eq!(wrap(p("()")), p("()"));
    assert_eq!(unwrap(p("(7,)")), p("7"));
    assert_eq!(unwrap(wrap(p("(3,)"))), p("3"));
    assert_eq!(unwrap(p("(((1, 2),),)")), p("(1, 2)"));
}

#[test]
fn test_get_lift_replace() {
    let x = p("((0, 0, (0, 0, 0, 42)),)");
    assert_eq!(get(&x, &[0, 2, 3]).unwrap(), &p("42"));
    assert_eq!(get(&x, &[]).unwrap(), &x);
    assert_eq!(get(&p("(1, (2, 3))"), &[1, 0]).unwrap(), &p("2"));
    assert_eq!(
        get(&p("7"), &[0]).unwrap_err().class(),
        cute_core::ErrorClass::IndexError
    );
    assert_eq!(lift(p("42"), &p("0"), &[0, 2, 3]), x);
    assert_eq!(lift(p("42"), &p("0"), &[]), p("42"));
    assert_eq!(
        replace(&p("(1, 2, 3)"), p("42"), &[1]).unwrap(),
        p("(1, 42, 3)")
    );
    assert_eq!(replace(&p("(1, 2, 3)"), p("42"), &[]).unwrap(), p("42"));
    let nones: HTuple<Option<i64>> = repeat_like(&None, &p("(3, 4)"));
    assert_eq!(
        replace(&nones, HTuple::Leaf(Some(42)), &[1]).unwrap(),
        HTuple::from_leaves([None, Some(42)])
    );
    assert_eq!(
        replace(&p("(1, 2, 3)"), p("42"), &[3]).unwrap_err().class(),
        cute_core::ErrorClass::ValueError
    );
    assert!(replace(&p("7"), p("42"), &[0]).is_err());
}

#[test]
fn test_select_and_products() {
    assert_eq!(
        select(&p("(2, (3, 4), 5)"), &[0, 1]).unwrap(),
        p("(2, (3, 4))")
    );
    assert_eq!(select(&p("(2, 3)"), &[]).unwrap(), p("()"));
    assert_eq!(product(&p("42")).unwrap(), 42);
    assert_eq!(product_each(&p("(2, 3)")).unwrap(), p("(2, 3)"));
    assert_eq!(product_each(&p("7")).unwrap(), p("(7,)"));
}

#[test]
fn test_transforms_and_folds() {
    let x = p("(1, (2, 3))");
    assert_eq!(transform_leaf(&x, |v| v * 2), p("(2, (4, 6))"));
    let rebuilt = transform_apply_leaf(&x, &mut |c: Vec<IntTuple>| HTuple::Tuple(c), &mut |&v| {
        HTuple::Leaf(v * 2)
    });
    assert_eq!(rebuilt, p("(2, (4, 6))"));
    assert_eq!(fold_leaf(&x, 0, |a, &v| a + v), 6);
    let (za, zb) = (p("(1, (2, 3))"), p("(4, (5, 6))"));
    let z = zip_leaves(&za, &zb).unwrap();
    assert_eq!(
        z.iter()
            .map(|(a, b)| (**a, b.to_string()))
            .collect::<Vec<_>>(),
        [(1, "4".into()), (2, "5".into()), (3, "6".into())]
    );
    assert!(zip_leaves(&p("(1, (2, 3))"), &p("(4, 5)")).is_err());
    assert!(transform_leaf2(&p("(1, 2, 3)"), &p("(1, 2)"), |&a, _| Ok(a)).is_err());
    assert_eq!(leaves(&p("()")).count(), 0);
    assert_eq!(flatten(&p("()")), p("()"));
    assert_eq!(
        unflatten(&mut [2, 3].into_iter(), &p("(0, 0)")).unwrap(),
        p("(2, 3)")
    );
    assert_eq!(repeat_like(&0, &p("42")), p("0"));
}

#[test]
fn test_slice_dice() {
    let c: HTuple<Option<i64>> = "(None, 1)".parse().unwrap();
    let b = p("((2, 3), (5, 7, 9))");
    assert_eq!(slice_(&c, &b).unwrap(), p("((2, 3),)"));
    assert_eq!(dice_(&c, &b).unwrap(), p("((5, 7, 9),)"));
    let all: HTuple<Option<i64>> = "(None, None)".parse().unwrap();
    assert_eq!(slice_(&all, &p("(2, 3)")).unwrap(), p("(2, 3)"));
    assert_eq!(dice_(&all, &p("(2, 3)")).unwrap(), p("()"));
    let fixed: HTuple<Option<i64>> = "(1, 2)".parse().unwrap();
    assert_eq!(slice_(&fixed, &p("(5, 7)")).unwrap(), p("()"));
    assert_eq!(dice_(&fixed, &p("(5, 7)")).unwrap(), p("(5, 7)"));
    let nested: HTuple<Option<i64>> = "((None, 0), None)".parse().unwrap();
    assert_eq!(
        slice_(&nested, &p("((2, 3), (5, 7))")).unwrap(),
        p("(2, (5, 7))")
    );
    assert_eq!(dice_(&nested, &p("((2, 3), (5, 7))")).unwrap(), p("(3,)"));
}

/// A random coordinate-like tuple: `s` with some leaves `None`.
fn with_nones(s: &IntTuple, mask: &[bool]) -> HTuple<Option<i64>> {
    let mut it = mask.iter().cycle();
    s.map(&mut |&v| (!*it.next().unwrap()).then_some(v))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn congruence_laws((c2, c1, s) in arb_chain(), t in arb_shape()) {
        // congruent: reflexive and symmetric; implies weak congruence
        prop_assert!(congruent(&s, &s));
        prop_assert_eq!(congruent(&s, &t), congruent(&t, &s));
        if congruent(&s, &t) { prop_assert!(weakly_congruent(&s, &t)); }
        // weak congruence: reflexive, transitive along the chain,
        // antisymmetric up to congruence
        prop_assert!(weakly_congruent(&s, &s));
        prop_assert!(weakly_congruent(&c1, &s));
        prop_assert!(weakly_congruent(&c2, &c1));
        prop_assert!(weakly_congruent(&c2, &s));
        if weakly_congruent(&s, &t) && weakly_congruent(&t, &s) { prop_assert!(congruent(&s, &t)); }
    }

    #[test]
    fn flatten_unflatten_round_trip(s in arb_shape()) {
        let f = flatten(&s);
        prop_assert!(f.depth() <= 1);
        prop_assert_eq!(unflatten(&mut f.leaves().copied(), &s).unwrap(), s.clone());
        prop_assert_eq!(product(&s).unwrap(), product(&product_each(&s).unwrap()).unwrap());
    }

    #[test]
    fn slice_and_dice_partition(s in arb_shape(), mask in prop::collection::vec(any::<bool>(), 1..8)) {
        let c = with_nones(&s, &mask);
        let sl = slice_(&c, &s).unwrap();
        let di = dice_(&c, &s).unwrap();
        prop_assert_eq!(sl.leaf_count() + di.leaf_count(), s.leaf_count());
        prop_assert_eq!(product(&sl).unwrap() * product(&di).unwrap(), product(&s).unwrap());
    }

    #[test]
    fn lift_then_get(s in arb_shape(), mode in prop::collection::vec(0usize..4, 0..4)) {
        let x = lift(s.clone(), &HTuple::Leaf(0), &mode);
        prop_assert_eq!(get(&x, &mode).unwrap(), &s);
        prop_assert_eq!(replace(&x, HTuple::Leaf(7), &mode).unwrap().leaves().filter(|&&v| v == 7).count() >= 1, true);
    }
}
