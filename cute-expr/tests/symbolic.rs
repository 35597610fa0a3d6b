//! Symbols agree with numbers: evaluating an expression over symbols and
//! then substituting values for them gives what evaluating it over those
//! values gives. Integers must be equal; layouts must be the same function
//! (the same size and the same offset at every index), since a symbolic
//! result may keep a mode that the numbers would coalesce away (an extent
//! `M` that is 1).

use cute_core::Sym;
use cute_dynamic::Layout;
use cute_expr::{eval, Env, Outcome, Value};
use proptest::prelude::*;

/// The symbols the expressions use: `M`, `N` positive, `K` a multiple of 8.
const SYMBOLS: &str = "M, N = symbols('M N'); K = symbols('K', multiple_of=8)";

/// Expressions that the symbols decide, and the index to evaluate at (`i`).
const EXPRS: &[&str] = &[
    "M * N + 3 * M - N // 4 + N % 3",
    "(4 * M + N) // 4 - M",
    "size(Layout((M, N), (1, M)))",
    "Layout((M, N), (1, M))(i)",
    "Layout((M, (N, 3)), (3 * N, (1, N)))(i)",
    "inner_product((M, N), (N, 1))",
    "product_each(((M, 2), (N, K)))",
    "Layout((M, N), (1, M))",
    "coalesce(Layout((M, 4, N), (1, M, 4 * M)))",
    "coalesce(Layout((4, M), (1, 4)))",
    "composition(Layout((M, N), (1, M)), Layout((M, 1), (1, 1)))",
    "composition(Layout(M * N, 1), Layout((M, N)))",
    "complement(Layout(4, 1), 4 * M)",
    "complement(Layout(M, 1), N * M)",
    "logical_divide(Layout((K, N), (1, K)), (8, N))",
    "zipped_divide(Layout((K, N), (1, K)), (8, 1))",
    "logical_divide(Layout(8 * M, 1), 8)",
    "logical_product(Layout((M, N), (1, M)), Layout(3, 1))",
    "logical_product(Layout(4, 1), Layout(M, 1))",
    "blocked_product(Layout((2, 2)), Layout((M, N)))",
    "raked_product(Layout((2, 2)), Layout((M, N)))",
    "right_inverse(Layout((4, M), (M, 1)))",
    "right_inverse(Layout((M, N), (1, M)))",
    "layout_add(Layout((M, N), (1, M)), Layout((M, N), (1, M)))",
    "Layout((M, N), (1, M))[1]",
    "idx2crd(i, (M, (N, 3)))",
    "crd2idx((i, 2), (M, N))",
    "crd2idx(i, ((M, 2), N))",
];

fn value(src: &str, env: &mut Env) -> Value {
    match eval(src, env) {
        Ok(Outcome::Value(v)) => v,
        other => panic!("{src}: {other:?}"),
    }
}

fn subs(s: &Sym, vals: &[(&str, i64)]) -> i64 {
    s.eval(&|n| vals.iter().find(|(k, _)| *k == n).map(|&(_, v)| v))
        .expect("a value for every symbol")
}

/// A symbolic result with the symbols' values substituted.
enum Subst {
    Int(i64),
    Tuple(Vec<Subst>),
    Layout(Layout),
}

fn substitute(v: &Value, vals: &[(&str, i64)]) -> Subst {
    match v {
        Value::Int(x) => Subst::Int(*x),
        Value::Sym(s) => Subst::Int(subs(s, vals)),
        Value::Tuple(x) => Subst::Tuple(x.iter().map(|y| substitute(y, vals)).collect()),
        Value::Layout(l) => Subst::Layout((**l).clone()),
        Value::SymLayout(l) => Subst::Layout(
            l.subs(&|n| vals.iter().find(|(k, _)| *k == n).map(|&(_, v)| v))
                .expect("a layout"),
        ),
        other => panic!("unexpected result {other}"),
    }
}

/// Checks that the substituted symbolic result is the numeric one.
fn agree(src: &str, sym: &Subst, num: &Value) -> Result<(), TestCaseError> {
    match (sym, num) {
        (Subst::Int(a), Value::Int(b)) => prop_assert_eq!(a, b, "{}", src),
        (Subst::Tuple(a), Value::Tuple(b)) => {
            prop_assert_eq!(a.len(), b.len(), "{}", src);
            for (x, y) in a.iter().zip(b) {
                agree(src, x, y)?;
            }
        }
        (Subst::Layout(a), Value::Layout(b)) => {
            let n = a.size().expect("a size");
            prop_assert_eq!(n, b.size().expect("a size"), "{}: {} and {}", src, a, b);
            for i in 0..n.min(4096) {
                prop_assert_eq!(
                    a.call_index(i).expect("an offset"),
                    b.call_index(i).expect("an offset"),
                    "{}: {} and {} at {}",
                    src,
                    a,
                    b,
                    i
                );
            }
        }
        _ => prop_assert!(false, "{src}: different kinds of value"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn substituting_values_agrees_with_evaluating_them(
        m in 1i64..24,
        n in 1i64..24,
        k8 in 1i64..6,
        i in 0i64..600,
    ) {
        let k = 8 * k8;
        let vals = [("M", m), ("N", n), ("K", k)];
        let mut symbolic = Env::new();
        eval(SYMBOLS, &mut symbolic).expect("symbols");
        eval(&format!("i = {i}"), &mut symbolic).expect("i");
        let mut numeric = Env::new();
        eval(&format!("M, N, K, i = {m}, {n}, {k}, {i}"), &mut numeric).expect("values");
        for src in EXPRS {
            let s = value(src, &mut symbolic);
            let v = value(src, &mut numeric);
            agree(src, &substitute(&s, &vals), &v)?;
        }
    }
}
