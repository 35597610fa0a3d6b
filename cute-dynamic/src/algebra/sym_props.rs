//! The algebra over symbolic integers agrees with the algebra over machine
//! integers: for random layouts with symbolic extents (each a positive
//! multiple of a constant) and strides, whatever an operation decides over
//! the symbols, substituting values for them gives the same function as the
//! operation on the substituted layouts. Decisions the assumptions do not
//! settle are `Undecidable`, which claims nothing.
//!
//! The operations that sort strides (the complement, and so the divides and
//! the products, and the inverses) sort symbolic strides as the
//! specification says: after the static ones, in their order, whatever
//! their values. Their results agree with the machine integers for the
//! values where that order is the order of the values, and the properties
//! compare them there.

use std::collections::HashMap;

use cute_core::sym::{Assumptions, Sym};
use cute_core::{DynInt, Error, Result};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use super::testkit::shape_tree;
use super::{
    blocked_product, coalesce, complement, complement_to, composition, layout_add, left_inverse,
    logical_divide, logical_product, nullspace, raked_product, right_inverse, zipped_divide,
};
use crate::htuple::HTuple;
use crate::layout::Layout;
use crate::typedefs::Scalar;

/// A symbolic layout with values for its symbols.
#[derive(Clone, Debug)]
struct Case {
    layout: Layout<Sym>,
    values: HashMap<String, i64>,
}

/// The symbol `name`, a positive multiple of `k`.
fn symbol(name: &str, k: i64) -> Sym {
    Sym::symbol_with(name, Assumptions::positive().multiple_of(k).unwrap()).unwrap()
}

/// A random symbolic layout of at most 4 leaves, its symbols named from
/// `prefix`: each extent a constant, or a symbol that is a positive multiple
/// of that constant (its value a random such multiple); the strides either
/// the compact strides of the extents in a random order (products of
/// symbols), some zeroed, or random constants.
fn case(prefix: &'static str) -> impl Strategy<Value = Case> {
    shape_tree()
        .prop_filter("at most 4 leaves", |s| s.leaf_count() <= 4)
        .prop_flat_map(move |shape| {
            let n = shape.leaf_count();
            (
                Just(shape),
                proptest::collection::vec((any::<bool>(), 1i64..=3), n),
                any::<bool>(),
                Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
                proptest::collection::vec(prop_oneof![1 => Just(0i64), 5 => 1i64..16], n),
            )
        })
        .prop_map(move |(shape, sym, compact, order, consts)| {
            let mut values = HashMap::new();
            let mut k = 0;
            let extents: Vec<Sym> = shape
                .leaves()
                .map(|&e| {
                    let (is_sym, r) = sym[k];
                    k += 1;
                    if !is_sym {
                        return Sym::from(e);
                    }
                    let name = format!("{prefix}{k}");
                    values.insert(name.clone(), e * r);
                    symbol(&name, e)
                })
                .collect();
            let strides: Vec<Sym> = if compact {
                let mut d = vec![Sym::from(0); extents.len()];
                let mut acc = Sym::from(1);
                for &i in &order {
                    d[i] = acc.clone();
                    acc = (&acc * &extents[i]).unwrap();
                }
                // zero the strides the constants say are zero
                d.into_iter()
                    .zip(&consts)
                    .map(|(x, &c)| if c == 0 { Sym::from(0) } else { x })
                    .collect()
            } else {
                consts.iter().map(|&c| Sym::from(c)).collect()
            };
            let mut it = extents.into_iter();
            let shape = shape.map(&mut |_| it.next().unwrap());
            let mut it = strides.into_iter();
            let stride = shape.map(&mut |_| Scalar::Int(it.next().unwrap()));
            Case {
                layout: Layout::new(shape, stride).unwrap(),
                values,
            }
        })
}

/// The value of `x` with the case's symbols substituted.
fn value(x: &Sym, values: &HashMap<String, i64>) -> i64 {
    x.eval(&|n| values.get(n).copied())
        .unwrap_or_else(|e| panic!("{x} has no value: {e}"))
}

/// `l` with the symbols substituted.
fn subst(l: &Layout<Sym>, values: &HashMap<String, i64>) -> Layout {
    let shape = l.shape().map(&mut |x| value(x, values));
    let stride = l.stride().map(&mut |d| match d {
        Scalar::Int(x) => Scalar::Int(value(x, values)),
        other => panic!("a symbolic layout with the stride {other}"),
    });
    Layout::new(shape, stride).unwrap()
}

/// Checks that the symbolic result `sym` of an operation, substituted, is
/// the same function as the machine-integer result `int` of the operation
/// on the substituted operands: both defined, of one size, equal at every
/// index (of the first 512). An `Undecidable` symbolic result claims
/// nothing; another error of the symbolic algebra is the operation's
/// verdict on every value of the symbols, which the machine integers need
/// not share (a symbol that may be 1 is not a shortcut the symbolic algebra
/// takes). Returns true iff the symbolic operation decided.
fn agrees(
    what: &str,
    sym: Result<Layout<Sym>>,
    int: &dyn Fn() -> Result<Layout>,
    values: &HashMap<String, i64>,
) -> core::result::Result<bool, TestCaseError> {
    let r = match sym {
        Ok(r) => r,
        Err(Error::Undecidable { msg, .. }) => {
            prop_assert!(msg.starts_with("whether "), "{what}: {msg}");
            return Ok(false);
        }
        Err(_) => return Ok(false),
    };
    let s = subst(&r, values);
    let i = int().map_err(|e| TestCaseError::fail(format!("{what}: {r} over symbols, but {e}")))?;
    let n = i.size().unwrap();
    prop_assert_eq!(
        s.size().unwrap(),
        n,
        "{}: {} is {} with {:?}, not {}",
        what,
        r,
        s,
        values,
        i
    );
    for k in 0..n.min(512) {
        prop_assert_eq!(
            s.call_int(k).unwrap(),
            i.call_int(k).unwrap(),
            "{}: {} is {} with {:?}, not {} at {}",
            what,
            r,
            s,
            values,
            i,
            k
        );
    }
    Ok(true)
}

/// True iff the nonzero strides of `l` have distinct values at `values`:
/// the operations that sort strides sort them by value, symbolic or not,
/// but break ties differently (the machine integers by extent, the symbols
/// as they come), so only tie-free cases are compared.
fn strides_distinct(l: &Layout<Sym>, values: &HashMap<String, i64>) -> bool {
    let mut vals: Vec<i64> = l
        .leaves()
        .iter()
        .filter_map(|(_, d)| match d {
            Scalar::Int(d) if !d.is_const(0) => Some(value(d, values)),
            _ => None,
        })
        .collect();
    vals.sort_unstable();
    vals.windows(2).all(|w| w[0] < w[1])
}

/// The two cases' values together.
fn both(a: &Case, b: &Case) -> HashMap<String, i64> {
    a.values
        .iter()
        .chain(&b.values)
        .map(|(k, v)| (k.clone(), *v))
        .collect()
}

/// Runs every operation on `a` and `b` and checks each against the machine
/// integers; counts how many decided, by operation.
fn check_all(
    a: &Case,
    b: &Case,
    decided: &mut HashMap<&'static str, usize>,
) -> core::result::Result<(), TestCaseError> {
    let (la, lb) = (&a.layout, &b.layout);
    let v = both(a, b);
    let (ia, ib) = (subst(la, &v), subst(lb, &v));

    // size, cosize and evaluation: always decided for these layouts
    prop_assert_eq!(value(&la.size().unwrap(), &v), ia.size().unwrap());
    prop_assert_eq!(value(&la.cosize().unwrap(), &v), ia.cosize().unwrap());
    for k in 0..ia.size().unwrap().min(64) {
        let Scalar::Int(x) = la.call_index(Sym::from(k)).unwrap() else {
            panic!("an integer layout")
        };
        prop_assert_eq!(value(&x, &v), ia.call_int(k).unwrap(), "{} at {}", la, k);
    }
    // at a symbolic index: a symbolic offset, the same at every value
    let i = Sym::symbol_with("idx", Assumptions::nonnegative()).unwrap();
    if let Ok(Scalar::Int(x)) = la.call_index(i) {
        for k in 0..ia.size().unwrap().min(16) {
            let mut w = v.clone();
            w.insert("idx".into(), k);
            prop_assert_eq!(
                value(&x, &w),
                ia.call_int(k).unwrap(),
                "{} at {} = {}",
                la,
                x,
                k
            );
        }
    }
    // at a natural coordinate of symbols, one per leaf
    let mut n = 0;
    let crd = la.shape().map(&mut |_| {
        n += 1;
        Sym::symbol_with(&format!("c{n}"), Assumptions::nonnegative()).unwrap()
    });
    if let Ok(Scalar::Int(x)) = la.call(&crd) {
        let leaves: Vec<i64> = ia.shape().leaves().copied().collect();
        for k in 0..ia.size().unwrap().min(16) {
            // the coordinate of k, leaf by leaf (colexicographic)
            let mut w = v.clone();
            let mut rest = k;
            for (j, e) in leaves.iter().enumerate() {
                w.insert(format!("c{}", j + 1), rest % e);
                rest /= e;
            }
            prop_assert_eq!(value(&x, &w), ia.call_int(k).unwrap(), "{} at {}", la, x);
        }
    }

    // where the operations sort strides, ties are broken differently
    let (sorted_a, sorted_b) = (strides_distinct(la, &v), strides_distinct(lb, &v));
    let mut count = |what: &'static str,
                     sorted: bool,
                     sym: Result<Layout<Sym>>,
                     int: &dyn Fn() -> Result<Layout>| {
        if !sorted {
            return Ok(());
        }
        let d = agrees(what, sym, int, &v)?;
        *decided.entry(what).or_default() += d as usize;
        Ok::<(), TestCaseError>(())
    };
    count("coalesce", true, coalesce(la), &|| coalesce(&ia))?;
    count("composition", true, composition(la, lb), &|| {
        composition(&ia, &ib)
    })?;
    count("complement", sorted_a, complement(la), &|| complement(&ia))?;
    let to = (&la.size().unwrap() * &lb.size().unwrap()).unwrap();
    let ito = ia.size().unwrap() * ib.size().unwrap();
    count("complement_to", sorted_a, complement_to(la, to), &|| {
        complement_to(&ia, ito)
    })?;
    count("logical_divide", sorted_b, logical_divide(la, lb), &|| {
        logical_divide(&ia, &ib)
    })?;
    count("zipped_divide", sorted_b, zipped_divide(la, lb), &|| {
        zipped_divide(&ia, &ib)
    })?;
    count(
        "logical_product",
        sorted_a,
        logical_product(la, lb),
        &|| logical_product(&ia, &ib),
    )?;
    count(
        "blocked_product",
        sorted_a,
        blocked_product(la, lb),
        &|| blocked_product(&ia, &ib),
    )?;
    count("raked_product", sorted_a, raked_product(la, lb), &|| {
        raked_product(&ia, &ib)
    })?;
    count("right_inverse", sorted_a, right_inverse(la), &|| {
        right_inverse(&ia)
    })?;
    count("left_inverse", sorted_a, left_inverse(la), &|| {
        left_inverse(&ia)
    })?;
    count("nullspace", true, nullspace(la), &|| nullspace(&ia))?;
    count("layout_add", true, layout_add(la, la), &|| {
        layout_add(&ia, &ia)
    })?;
    Ok(())
}

#[test]
fn the_symbolic_algebra_agrees_with_the_machine_integers() {
    // a fixed seed, so that the count of decided cases below is stable
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases: 1024,
            failure_persistence: None,
            ..Config::default()
        },
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let decided = std::cell::RefCell::new(HashMap::new());
    runner
        .run(&(case("M"), case("N")), |(a, b)| {
            check_all(&a, &b, &mut decided.borrow_mut())
        })
        .unwrap();
    // the properties are not vacuous: every operation decides some cases
    let decided = decided.into_inner();
    for op in [
        "coalesce",
        "composition",
        "complement",
        "complement_to",
        "logical_divide",
        "zipped_divide",
        "logical_product",
        "blocked_product",
        "raked_product",
        "right_inverse",
        "left_inverse",
        "nullspace",
        "layout_add",
    ] {
        let n = decided.get(op).copied().unwrap_or(0);
        assert!(n >= 20, "{op} decided only {n} of 1024 cases");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The same property over fresh random cases.
    #[test]
    fn symbolic_results_substitute_to_the_machine_results(a in case("M"), b in case("N")) {
        check_all(&a, &b, &mut HashMap::new())?;
    }
}

/// `(e0, e1, ...):(d0, d1, ...)` over symbols.
fn flat(e: &[&Sym], d: &[&Sym]) -> Layout<Sym> {
    Layout::new(
        HTuple::from_leaves(e.iter().map(|&x| x.clone())),
        HTuple::from_leaves(d.iter().map(|&x| Scalar::Int(x.clone()))),
    )
    .unwrap()
}

#[test]
fn what_the_assumptions_do_not_settle_is_undecidable() {
    let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
    let one = Sym::from(1);
    let m2 = (&m * 2).unwrap();
    let undecidable = |r: Result<Layout<Sym>>, op: &str, what: &str| match r {
        Err(e @ Error::Undecidable { .. }) => {
            assert_eq!(
                (e.op(), e.to_string()),
                (op, format!("{op}: cannot decide {what}"))
            );
        }
        other => panic!("{op}: {other:?}"),
    };
    // whether a tile of 8 fits in a column of M rows
    let padded = flat(&[&m, &n], &[&one, &m2]);
    undecidable(composition(&padded, 8), "composition", "whether 1 < M");
    undecidable(
        logical_divide(&padded, 8),
        "logical_divide",
        "whether 1 < M",
    );
    // which of the strides M and N comes first
    let two = flat(&[&Sym::from(4), &Sym::from(4)], &[&m, &n]);
    undecidable(
        complement(&two),
        "complement",
        "whether N < M (the modes are taken in the order of their strides)",
    );
    // whether the stride M leaves a hole after offset 0
    let one_sym = flat(&[&Sym::from(4), &Sym::from(4)], &[&m, &(&m * 4).unwrap()]);
    undecidable(complement(&one_sym), "complement", "whether M > 1");
    // whether the stride M continues the chain after 4
    let gap = flat(&[&Sym::from(4), &Sym::from(2)], &[&one, &m]);
    undecidable(right_inverse(&gap), "right_inverse", "whether M < 4");
    // whether a mode of extent M, which covers nothing if M is 1, is in
    // the chain
    let tall = flat(&[&m, &Sym::from(4)], &[&Sym::from(8), &one]);
    undecidable(left_inverse(&tall), "left_inverse", "whether M > 1");
    // known to be a multiple of 8, the column holds the tile
    let m8 = symbol("M", 8);
    let padded = flat(&[&m8, &n], &[&one, &(&m8 * 2).unwrap()]);
    assert_eq!(composition(&padded, 8).unwrap().to_string(), "8:1");
    // but whether the rest of the column, M - 8 rows, is more than the
    // tile's stride is not known: M may be 8
    undecidable(
        logical_divide(&padded, 8),
        "logical_divide",
        "whether 8 < M",
    );
    // a compact A is one mode: dividing it decides nothing
    let compact = flat(&[&m8, &n], &[&one, &m8]);
    let d = logical_divide(&compact, 8).unwrap();
    let values = HashMap::from([("M".to_string(), 24), ("N".to_string(), 3)]);
    let i = subst(&compact, &values);
    assert_eq!(subst(&d, &values), logical_divide(&i, 8).unwrap());
}

#[test]
fn symbolic_strides_sort_by_value() {
    let n = symbol("N", 2);
    let (two, one) = (Sym::from(2), Sym::from(1));
    let (n2, n4) = ((&n * 2).unwrap(), (&n * 4).unwrap());
    // 1, then 2*N and 4*N: the complement fills the hole between 2 and 2*N
    let a = flat(&[&two, &two, &two], &[&n2, &one, &n4]);
    assert_eq!(complement(&a).unwrap().to_string(), "(N, 1):(2, 8*N)");
    // the same strides in another order sort the same way: 2*N < 4*N at
    // every value of N, so the layout is injective and has that complement
    let a = flat(&[&two, &two, &two], &[&n4, &one, &n2]);
    assert_eq!(complement(&a).unwrap().to_string(), "(N, 1):(2, 8*N)");
    // and the inverses see the same order: the left inverse of
    // (2, 2):(2*M, M) is the same function as the integers' at every M
    let m = Sym::symbol("M").unwrap();
    let a = flat(&[&two, &two], &[&(&m * 2).unwrap(), &m]);
    let l = left_inverse(&a).unwrap();
    for v in 1..6 {
        let values = HashMap::from([("M".to_string(), v)]);
        let int = || left_inverse(&subst(&a, &values));
        assert!(agrees("left_inverse", Ok(l.clone()), &int, &values).unwrap());
    }
    // a symbolic stride after every static one: the hole between 4 and M
    let m = symbol("M", 8);
    let a = flat(&[&two, &Sym::from(4)], &[&m, &one]);
    assert_eq!(
        complement(&a).unwrap().to_string(),
        "(floor(M/4), 1):(4, 2*M)"
    );
}

#[test]
fn a_stride_that_may_be_zero_has_no_decided_place_in_the_order() {
    // at K = 0 the stride carries no position and keeps 0; at K > 0 it
    // is the smallest, 1: which one is not settled
    let k = Sym::symbol_with("K", Assumptions::nonnegative()).unwrap();
    let a = flat(&[&Sym::from(8)], &[&k]);
    let e = crate::layout::make_layout_like(&a).unwrap_err();
    assert!(matches!(e, Error::Undecidable { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "make_layout_like: cannot decide whether K > 0"
    );
    // a positive K is settled
    let k = Sym::symbol("K").unwrap();
    let a = flat(&[&Sym::from(8)], &[&k]);
    assert_eq!(
        crate::layout::make_layout_like(&a).unwrap().to_string(),
        "(8,):(1,)"
    );
}

#[test]
fn a_walk_that_fails_where_a_may_coalesce_is_undecidable() {
    // (3, 8):(1, M) is 24:1 at M = 3, where it composes with 8:1; at any
    // other M the leaf 8:1 does not split over the 3 steps of mode 0
    let m = Sym::symbol("M").unwrap();
    let a = flat(&[&Sym::from(3), &Sym::from(8)], &[&Sym::from(1), &m]);
    let e = composition(&a, 8).unwrap_err();
    assert!(matches!(e, Error::Undecidable { .. }), "{e}");
    assert!(
        e.to_string()
            .starts_with("composition: cannot decide whether M == 3"),
        "{e}"
    );
    for v in [1, 2, 3, 4, 6] {
        let values = HashMap::from([("M".to_string(), v)]);
        let i = subst(&a, &values);
        let int = composition(&i, 8);
        assert_eq!(int.is_ok(), v == 3, "M = {v}: {int:?}");
    }
    // where A's modes cannot continue each other, the error is definite
    let m8 = symbol("M", 8);
    let a = flat(&[&Sym::from(3), &Sym::from(8)], &[&Sym::from(1), &m8]);
    let e = composition(&a, 8).unwrap_err();
    assert!(matches!(e, Error::Divisibility { .. }), "{e}");
}
