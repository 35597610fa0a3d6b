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

/// The symbols of the division properties: `M`, `N` positive, `K` a
/// positive multiple of 8, `t` non-negative.
const DIV_SYMBOLS: &str = "M, N = symbols('M N'); K = symbols('K', multiple_of=8); \
                           t = symbols('t', nonnegative=True)";

/// Expressions of the language rich in `//` and `%`, fully parenthesized,
/// whose divisors are themselves nested quotients and remainders, and
/// exact quotients of `K`.
fn arb_division_src() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        3 => prop::sample::select(&["M", "N", "K", "t"][..]).prop_map(String::from),
        2 => (-9i64..10).prop_map(|c| format!("({c})")),
        // exact quotients (multiples of the generator K/8), whose
        // coefficients were once kept in [0, d), so that the forms of e and
        // -e could both lead negative
        1 => prop::sample::select(&["(K // 2)", "(K // 4)", "(K // 8)"][..]).prop_map(String::from),
    ];
    leaf.prop_recursive(5, 40, 2, |inner| {
        let op = prop::sample::select(&["+", "-", "*", "//", "//", "%", "%"][..]);
        prop_oneof![
            1 => inner.clone().prop_map(|a| format!("(-{a})")),
            6 => (op, inner.clone(), inner).prop_map(|(o, a, b)| format!("({a} {o} {b})")),
        ]
    })
}

/// Runs `f` on a thread with a stack of 512 KiB, a quarter of a test
/// thread's default and some three times what parsing and evaluating
/// these expressions take in a debug build: recursion much deeper than an
/// expression's nesting overflows there on every run that meets it.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let h = std::thread::Builder::new()
        .name("small stack".into())
        .stack_size(512 * 1024)
        .spawn(f)
        .expect("spawn a thread");
    match h.join() {
        Ok(t) => t,
        Err(p) => std::panic::resume_unwind(p),
    }
}

/// Evaluates `src` over the symbols and over the values `[M, N, K, t]`:
/// the symbolic evaluation answers (an error only where the numbers fail
/// too, on overflow or past the size limit; never the bound on how deep
/// the rules of division re-enter), and, where both give an integer, the
/// symbolic one at those values is the numeric one.
fn divisions_agree(src: &str, vals: [i64; 4]) -> Result<(), TestCaseError> {
    let mut symbolic = Env::new();
    eval(DIV_SYMBOLS, &mut symbolic).expect("symbols");
    let mut numeric = Env::new();
    let [m, n, k, t] = vals;
    eval(&format!("M, N, K, t = {m}, {n}, {k}, {t}"), &mut numeric).expect("values");
    let num = match eval(src, &mut numeric) {
        Ok(Outcome::Value(Value::Int(v))) => Some(v),
        Ok(other) => return Err(TestCaseError::fail(format!("{src}: {other:?}"))),
        Err(_) => None,
    };
    let at = |name: &str| {
        ["M", "N", "K", "t"]
            .iter()
            .position(|x| *x == name)
            .map(|i| vals[i])
    };
    let tolerated = |e: &cute_expr::Error| {
        matches!(e, cute_expr::Error::Overflow { .. }) || e.to_string().contains("too large")
    };
    let sym = match eval(src, &mut symbolic) {
        Ok(Outcome::Value(Value::Int(v))) => Ok(v),
        Ok(Outcome::Value(Value::Sym(s))) => s.eval(&at),
        Ok(other) => return Err(TestCaseError::fail(format!("{src}: {other:?}"))),
        Err(e) => {
            prop_assert!(num.is_none() || tolerated(&e), "{src}: {e}");
            prop_assert!(!e.to_string().contains("too complex"), "{src}: {e}");
            return Ok(());
        }
    };
    match (sym, num) {
        (Ok(s), Some(v)) => prop_assert_eq!(s, v, "{} at {:?}", src, vals),
        (Err(e), Some(_)) => prop_assert!(tolerated(&e), "{src} at {vals:?}: {e}"),
        _ => {}
    }
    Ok(())
}

/// `(M - K) % (M - K // 4)`: `M - floor(K/4)` was `-K + M + 3*floor(K/4)`
/// and its negation `-M + floor(K/4)`, both leading with a negative
/// coefficient, and this line once overflowed the stack (an abort, which
/// a batch cannot catch). The divisor is now `-M + floor(K/4)`, which
/// leads with a positive one.
#[test]
fn remainder_by_a_divisor_negative_both_ways_answers() {
    on_small_stack(|| {
        let mut env = Env::new();
        eval(DIV_SYMBOLS, &mut env).expect("symbols");
        let r = value("(M - K) % (M - K // 4)", &mut env);
        assert_eq!(r.to_string(), "-Mod(K - M, -M + floor(K/4))");
        for src in [
            "(M - K) % (M - K // 4)",
            "(M - K) // (M - K // 4)",
            "(K - M) % (K // 4 - M)",
            "-((K - M) // (M - K // 4))",
            "(t - K) % (t - K // 4) + (M - K) % (K // 4 - t)",
        ] {
            for m in 1..12 {
                for k in [8, 16, 24, 40] {
                    divisions_agree(src, [m, 3, k, m + 1]).expect("agree");
                }
            }
        }
    });
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The cases are drawn on the test's thread, evaluated on a small one.
    #[test]
    fn divisions_answer_on_a_small_stack(
        src in arb_division_src(),
        m in 1i64..24,
        n in 1i64..24,
        k8 in 1i64..6,
        t in 0i64..30,
    ) {
        on_small_stack(move || divisions_agree(&src, [m, n, 8 * k8, t]))?;
    }
}
