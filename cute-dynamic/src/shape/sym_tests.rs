//! The arithmetic of shapes and strides over symbolic integers agrees with
//! the arithmetic over machine integers: for random shapes with some
//! extents made symbols, whatever `size`, `idx2crd`, `crd2idx`,
//! `in_bounds`, `inner_product_int`, `prefix_product` and `coshape` give
//! over the symbols, substituting the symbols' values gives what they give
//! over the values. A condition the assumptions do not settle is an error,
//! never a panic, and so is an overflow.

use std::collections::HashMap;

use cute_core::sym::{Assumptions, Sym};
use cute_core::{Error, ErrorClass};
use proptest::prelude::*;

use super::{compatible, crd2idx, idx2crd, idx2crd_int, in_bounds, size};
use crate::htuple::{product_each, HTuple, IntTuple};
use crate::layout::testdata::{arb_shape, has_empty};
use crate::stride::{coshape, inner_product_int, prefix_product, prefix_product_int};
use crate::typedefs::Scalar;

/// A shape over symbols and the same shape over the symbols' values.
#[derive(Clone, Debug)]
struct Case {
    sym: HTuple<Sym>,
    int: IntTuple,
    values: HashMap<String, i64>,
    /// The first symbol, if any, with its value.
    first: Option<(Sym, i64)>,
}

/// A random shape whose extents are each kept, or replaced by a positive
/// symbol (`S1`, `S2`, ...) whose value is that extent.
fn case() -> impl Strategy<Value = Case> {
    arb_shape()
        .prop_flat_map(|s| {
            let n = s.leaf_count();
            (Just(s), proptest::collection::vec(any::<bool>(), n))
        })
        .prop_map(|(int, mask)| {
            let mut values = HashMap::new();
            let mut first = None;
            let mut k = 0;
            let sym = int.map(&mut |&e| {
                k += 1;
                if !mask[k - 1] {
                    return Sym::from(e);
                }
                let name = format!("S{k}");
                let s = Sym::symbol_with(&name, Assumptions::positive()).unwrap();
                values.insert(name, e);
                first.get_or_insert((s.clone(), e));
                s
            });
            Case {
                sym,
                int,
                values,
                first,
            }
        })
}

fn value(x: &Sym, values: &HashMap<String, i64>) -> i64 {
    x.eval(&|n| values.get(n).copied())
        .unwrap_or_else(|e| panic!("{x} has no value: {e}"))
}

fn values_of(t: &HTuple<Sym>, values: &HashMap<String, i64>) -> IntTuple {
    t.map(&mut |x| value(x, values))
}

fn sym_tuple(t: &IntTuple) -> HTuple<Sym> {
    t.map(&mut |&v| Sym::from(v))
}

fn sym(name: &str) -> Sym {
    Sym::symbol(name).unwrap()
}

fn int_stride(t: &Stride) -> HTuple<Sym> {
    t.map(&mut |d| d.as_int().expect("an integer stride"))
}

type Stride = crate::typedefs::Stride<Sym>;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn sizes_agree(c in case()) {
        prop_assert_eq!(value(&size(&c.sym).unwrap(), &c.values), size(&c.int).unwrap());
        let each = product_each(&c.sym).unwrap();
        prop_assert_eq!(values_of(&each, &c.values), product_each(&c.int).unwrap());
        let n = HTuple::Leaf(size(&c.sym).unwrap());
        prop_assert!(compatible(&n, &c.sym));
    }

    #[test]
    fn idx2crd_and_crd2idx_agree(c in case(), i in -30i64..1100, k in 0i64..3) {
        // a constant index, and one that names a symbol, M * k + i
        let mut indices = vec![(Sym::from(i), i)];
        if let Some((m, v)) = &c.first {
            indices.push((((m * k).unwrap() + i).unwrap(), v * k + i));
        }
        for (idx, iv) in indices {
            let crd = idx2crd(&HTuple::Leaf(idx.clone()), &c.sym).unwrap();
            let want = idx2crd_int(iv, &c.int).unwrap();
            prop_assert_eq!(values_of(&crd, &c.values), want.clone(), "idx2crd({}, {})", idx, c.sym);
            // crd2idx of the symbolic coordinate is the index again
            let back = crd2idx(&crd, &c.sym).unwrap();
            prop_assert_eq!(value(&back, &c.values), crd2idx(&want, &c.int).unwrap());
            if !has_empty(&c.int) {
                prop_assert_eq!(value(&back, &c.values), iv);
            }
            // so is crd2idx of one index per top-level mode
            if c.sym.is_tuple() {
                let flat = HTuple::Tuple(
                    crd.modes().iter().zip(c.sym.modes())
                        .map(|(x, s)| crd2idx(x, s).map(HTuple::Leaf))
                        .collect::<cute_core::Result<Vec<_>>>().unwrap(),
                );
                let whole = value(&crd2idx(&flat, &c.sym).unwrap(), &c.values);
                prop_assert_eq!(whole, value(&back, &c.values));
                let again = idx2crd(&flat, &c.sym).unwrap();
                prop_assert_eq!(values_of(&again, &c.values), want.clone());
            }
            // in bounds, where it is decided
            if let Ok(b) = in_bounds(&HTuple::Leaf(idx), &c.sym) {
                prop_assert_eq!(b, in_bounds(&HTuple::Leaf(iv), &c.int).unwrap());
            }
        }
    }

    #[test]
    fn strides_agree(c in case(), seed in 1i64..4, i in 0i64..1024) {
        let base = match &c.first {
            Some((m, _)) if seed == 3 => m.clone(),
            _ => Sym::from(seed),
        };
        let base_v = value(&base, &c.values);
        let st = prefix_product_int(&c.sym, base.clone()).unwrap();
        let want = prefix_product_int(&c.int, base_v).unwrap();
        prop_assert_eq!(values_of(&st, &c.values), want.clone());
        let generic = prefix_product(&c.sym, &HTuple::Leaf(Scalar::Int(base))).unwrap();
        prop_assert_eq!(int_stride(&generic), st.clone());
        // the compact layout's offset of a natural coordinate
        let n = size(&c.int).unwrap();
        prop_assume!(n > 0);
        let crd = idx2crd(&HTuple::Leaf(Sym::from(i % n)), &c.sym).unwrap();
        let off = inner_product_int(&crd, &st).unwrap();
        prop_assert_eq!(value(&off, &c.values), (i % n) * base_v);
        prop_assert_eq!(
            value(&off, &c.values),
            inner_product_int(&values_of(&crd, &c.values), &want).unwrap()
        );
        // and its codomain
        let stride = st.map(&mut |d| Scalar::Int(d.clone()));
        let cs = coshape(&c.sym, &stride).unwrap();
        let int_stride = want.map(&mut |&d| Scalar::Int(d));
        prop_assert_eq!(values_of(&cs, &c.values), coshape(&c.int, &int_stride).unwrap());
    }
}

#[test]
fn constants_answer_as_the_integers_do() {
    let p = |s: &str| s.parse::<IntTuple>().unwrap();
    for (crd, shape) in [
        ("(1, (0, 1))", "(3, (2, 4))"),
        ("7", "((3, 2), 4)"),
        ("-1", "(3, 4)"),
        ("(2, 5)", "(3, (2, 3))"),
        ("1", "((4294967296, 4294967296), 2)"),
    ] {
        let (crd, shape) = (p(crd), p(shape));
        let want = idx2crd(&crd, &shape).unwrap();
        let got = idx2crd(&sym_tuple(&crd), &sym_tuple(&shape)).unwrap();
        assert_eq!(got, sym_tuple(&want), "idx2crd({crd}, {shape})");
        let want = crd2idx(&crd, &shape).unwrap();
        assert_eq!(
            crd2idx(&sym_tuple(&crd), &sym_tuple(&shape)).unwrap(),
            want.into()
        );
    }
}

/// The class and text of an error.
fn err<T: std::fmt::Debug>(r: cute_core::Result<T>) -> (ErrorClass, String) {
    let e = r.unwrap_err();
    (e.class(), e.to_string())
}

#[test]
fn overflow_is_an_error() {
    let (m, n) = (sym("M"), sym("N"));
    let big = Sym::from(1i64 << 62);
    let t = |xs: Vec<Sym>| HTuple::from_leaves(xs);
    // a coefficient past 64 bits
    let (class, msg) = err(size(&t(vec![(&big * &m).unwrap(), Sym::from(4)])));
    assert_eq!(class, ErrorClass::ValueError);
    assert!(
        msg.contains("product of (4611686018427387904*M, 4)"),
        "{msg}"
    );
    let r = crd2idx(
        &t(vec![Sym::from(0), (&m * 4).unwrap()]),
        &t(vec![big.clone(), n.clone()]),
    );
    assert_eq!(err(r).0, ErrorClass::ValueError);
    // known terms: only the index has to fit, and here it does not
    let r = crd2idx(
        &t(vec![Sym::from(0), Sym::from(4)]),
        &t(vec![big.clone(), m.clone()]),
    );
    assert_eq!(
        err(r).1,
        "crd2idx: integer overflow: index leaves the 64-bit range in shape (4611686018427387904, M)"
    );
    // a size past 64 bits that names a symbol cannot split an index
    let shape = HTuple::tuple(vec![
        t(vec![big.clone(), (&m * 4).unwrap()]),
        HTuple::Leaf(n.clone()),
    ]);
    assert_eq!(
        err(idx2crd_int(Sym::from(5), &shape)).0,
        ErrorClass::ValueError
    );
    let (class, msg) = err(inner_product_int(
        &t(vec![big.clone(), big.clone()]),
        &t(vec![m.clone(), m.clone()]),
    ));
    assert_eq!(class, ErrorClass::ValueError);
    assert!(
        msg.starts_with("inner_product: integer overflow: "),
        "{msg}"
    );
    let (class, msg) = err(prefix_product_int(
        &t(vec![big.clone(), Sym::from(4), m.clone()]),
        Sym::from(1),
    ));
    assert_eq!(class, ErrorClass::ValueError);
    assert!(
        msg.starts_with("prefix_product: integer overflow: the strides of "),
        "{msg}"
    );
    // the running product past the last leaf is never needed
    let st = prefix_product_int(&t(vec![m.clone(), big.clone()]), Sym::from(4)).unwrap();
    assert_eq!(st.to_string(), "(4, 4*M)");
    // over machine integers, as before
    let p = |s: &str| s.parse::<IntTuple>().unwrap();
    assert_eq!(
        err(inner_product_int(&p("(2, 4611686018427387904)"), &p("(1, 2)"))).1,
        "inner_product: integer overflow: (2, 4611686018427387904) . (1, 2) leaves the 64-bit range"
    );
    assert_eq!(
        err(prefix_product_int(&p("(4294967296, 4294967296, 2)"), 1)).1,
        "prefix_product: integer overflow: the strides of (4294967296, 4294967296, 2) from 1 leave \
         the 64-bit range"
    );
}

#[test]
fn undecided_conditions_are_errors() {
    let (m, n) = (sym("M"), sym("N"));
    let k = Sym::symbol_with("K", Assumptions::nonnegative()).unwrap();
    let is_undecidable = |e: Error| matches!(e, Error::Undecidable { .. });
    // 3 < M is not settled; M < M is, and M - 1 < M
    let shape = HTuple::Leaf(m.clone());
    let r = in_bounds(&HTuple::Leaf(Sym::from(3)), &shape);
    assert!(is_undecidable(r.unwrap_err()));
    assert!(!in_bounds(&HTuple::Leaf(m.clone()), &shape).unwrap());
    assert!(in_bounds(&HTuple::Leaf((&m - 1).unwrap()), &shape).unwrap());
    // one leaf decided out of bounds settles it
    let two = HTuple::from_leaves([m.clone(), Sym::from(4)]);
    let crd = HTuple::from_leaves([Sym::from(3), Sym::from(4)]);
    assert!(!in_bounds(&crd, &two).unwrap());
    // a stride of unknown sign
    let shape = HTuple::from_leaves([m.clone(), n.clone()]);
    let stride = HTuple::from_leaves([Scalar::Int((&n - &m).unwrap()), Scalar::Int(Sym::from(1))]);
    assert!(is_undecidable(coshape(&shape, &stride).unwrap_err()));
    // a size that may be 0
    let shape = HTuple::from_leaves([k.clone(), Sym::from(4)]);
    let stride = HTuple::from_leaves([Scalar::Int(Sym::from(1)), Scalar::Int(k.clone())]);
    assert!(is_undecidable(coshape(&shape, &stride).unwrap_err()));
    // an F2 stride over a symbolic extent has no bound here
    let stride =
        HTuple::from_leaves([Scalar::F2(crate::swizzle::F2(3)), Scalar::Int(Sym::from(0))]);
    let shape = HTuple::from_leaves([m.clone(), Sym::from(4)]);
    assert_eq!(err(coshape(&shape, &stride)).0, ErrorClass::TypeError);
    // an index split by a size that may be 0
    let r = idx2crd(
        &HTuple::Leaf(Sym::from(5)),
        &HTuple::from_leaves([k.clone(), m.clone()]),
    );
    assert_eq!(
        err(r).1,
        "idx2crd: cannot decide whether K != 0, the size of K"
    );
    let shape = HTuple::from_leaves([(&m - &n).unwrap(), Sym::from(4)]);
    assert!(is_undecidable(idx2crd_int(m.clone(), &shape).unwrap_err()));
    // but not the last mode, which keeps the quotient
    let shape = HTuple::from_leaves([m.clone(), k.clone()]);
    let c = idx2crd(&HTuple::Leaf(Sym::from(5)), &shape).unwrap();
    assert_eq!(c.to_string(), "(Mod(5, M), floor(5/M))");
}
