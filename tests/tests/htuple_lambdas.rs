//! The htuple examples of the specification that pass a Python lambda,
//! written against the Rust API with closures and the same values.

use cute_dynamic::htuple::{
    fold_leaf, fold_leaf2, transform_apply_leaf, transform_leaf, transform_leaf2, HTuple, IntTuple,
};

fn p(s: &str) -> IntTuple {
    s.parse().expect("a valid integer tuple")
}

#[test]
fn transform_apply_leaf_examples() {
    // transform_apply_leaf(tuple, lambda x: x * 2, (1, (2, 3))) == (2, (4, 6))
    let r = transform_apply_leaf(&p("(1, (2, 3))"), &mut HTuple::Tuple, &mut |&x| {
        HTuple::Leaf(x * 2)
    });
    assert_eq!(r, p("(2, (4, 6))"));
    // transform_apply_leaf(sum, lambda x: x, (1, (2, 3))) == 6
    let r = transform_apply_leaf(
        &p("(1, (2, 3))"),
        &mut |c: Vec<i64>| c.iter().sum(),
        &mut |&x| x,
    );
    assert_eq!(r, 6);
}

#[test]
fn transform_leaf_examples() {
    // transform_leaf(lambda x: x + 1, (1, (2, 3))) == (2, (3, 4))
    assert_eq!(
        transform_leaf(&p("(1, (2, 3))"), |&x| x + 1),
        p("(2, (3, 4))")
    );
    // transform_leaf(lambda x, y: x * y, (2, 3), (5, 7)) == (10, 21)
    let r = transform_leaf2(&p("(2, 3)"), &p("(5, 7)"), |&x, y| {
        Ok(x * y.as_leaf().copied().unwrap_or(0))
    })
    .unwrap();
    assert_eq!(r, p("(10, 21)"));
}

#[test]
fn fold_leaf_examples() {
    // fold_leaf(lambda acc, x: acc + x, 0, (1, (2, 3))) == 6
    assert_eq!(fold_leaf(&p("(1, (2, 3))"), 0, |acc, &x| acc + x), 6);
    // fold_leaf(lambda acc, x, y: acc + x * y, 0, (2, 3), (5, 7)) == 31
    let r = fold_leaf2(&p("(2, 3)"), &p("(5, 7)"), 0, |acc, &x, y| {
        Ok(acc + x * y.as_leaf().copied().unwrap_or(0))
    })
    .unwrap();
    assert_eq!(r, 31);
}
