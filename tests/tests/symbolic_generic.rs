//! The contract of the symbolic algebra's generic answers (the README's
//! "Symbolic layouts", the documentation of `coalesce`, `right_inverse`
//! and `left_inverse`): coalescing takes a symbolic extent not decided to
//! be 1 as another, and a symbolic stride that is not the continuation
//! `s0 * d0` as an expression as not continuing. The answer is the same
//! function on its domain for every value of the symbols; at the values
//! where such an extent is 1 (or such a stride continues) the integer answer
//! has fewer modes, and what reads the structure afterwards may differ.
//!
//! PyCuTe's coalescing does the same over sympy symbols: `shape == 1` and
//! `result_shape[-1] * result_stride[-1] == stride` are structural
//! comparisons, false for a symbol not equal to the other side as an
//! expression (`sympy.Symbol('M', positive=True) == 1` is `False`). The
//! PyCuTe of the specification is not at hand; the CUTLASS `pycute`
//! package (`layout.py`, whose `coalesce`, `complement`, `right_inverse`
//! and `left_inverse` have those tests), with sympy expressions registered
//! as its integers as the specification's PyCuTe registers them, gives:
//!
//! ```text
//! coalesce(Layout((M, N), (1, 7)))                  (M, N):(1, 7)   at M = 1: N:7
//! right_inverse(Layout(M, 1))                       M:1             at M = 1: 1:0
//! left_inverse(Layout(M, 1))                        M:1             at M = 1: 1:0
//! zipped_divide(right_inverse(Layout(M, 1)), Layout(N))
//!     (N, floor((M + N - 1)/N)):(1, N)              at M = 1, N = 4: (4, 1):(0, 0)
//! coalesce(Layout((1, K, 1, K), (13, 512, 128, 35)))
//!     (K, K):(512, 35)                              at K = 1: 1:0
//! zipped_divide(that, (None, Layout(4*N)))
//!     ((1, 4*N), (K, floor((K + 4*N - 1)/(4*N)))):((0, 35), (512, 140*N))
//!                                                   at K = 1, N = 2: AssertionError
//!                                                   (len(layoutA) >= len(layoutB))
//! coalesce(Layout((K // 2, 1), (40, 22)))           floor(K/2):40   at K = 2: 1:0
//! ```
//!
//! (That `pycute` has no coordinate strides, so the line of seed 3 below
//! runs there only as its last row; its `left_inverse` answers `M:1` where
//! this algebra decides whether `M > 1`, and so names the condition.) The
//! lines below are the three the symbolic fuzz test found
//! (`CUTE_FUZZ_SEED` 3, 11 and 22), with the fuzz test's oracle
//! (`fuzz_common::generic`) asked about each.

mod fuzz_common;

use cute_expr::Value;
use fuzz_common::eval::{same, size, value};
use fuzz_common::generic::{calls, generic_instance, run_program};

/// The line's answer after the statements `prelude`.
fn symbolic(prelude: &str, line: &str) -> Value {
    run_program(&format!("{prelude}; {line}")).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// The line with the symbols set to `vals`.
fn at(vals: &[(&str, i64)], line: &str) -> Result<Value, cute_dynamic::Error> {
    let set: Vec<String> = vals.iter().map(|(n, v)| format!("{n} = {v}")).collect();
    run_program(&format!("{}; {line}", set.join("; ")))
}

fn lookup<'v>(vals: &'v [(&str, i64)]) -> impl Fn(&str) -> Option<i64> + 'v {
    move |n| vals.iter().find(|(m, _)| *m == n).map(|(_, v)| *v)
}

/// The symbolic layout `s` at `vals` is the same function as the integer
/// layout `i` on the domain: the same size, the same offset at each index.
fn same_function(s: &Value, vals: &[(&str, i64)], i: &Value) {
    let (Value::SymLayout(s), Value::Layout(i)) = (s, i) else {
        panic!("{s} and {i} are not a symbolic and an integer layout");
    };
    let s = s.subs(&lookup(vals)).unwrap();
    let n = size(&s).unwrap();
    assert_eq!(Some(n), size(i), "{s} and {i}");
    for k in 0..n {
        let (x, y) = (value(&s, k), value(i, k));
        assert!(
            same(x.as_ref(), y.as_ref()),
            "{s} and {i} at {k}: {x:?}, {y:?}"
        );
    }
}

/// The symbolic answer of `line` and its integer answers at each of
/// `vals`: printed as `want` says, and the same function on the domain.
fn check(prelude: &str, line: &str, sym: &str, ints: &[(&[(&str, i64)], &str)]) {
    let s = symbolic(prelude, line);
    assert_eq!(s.to_string(), sym, "{line}");
    for (vals, want) in ints {
        let i = at(vals, line).unwrap();
        assert_eq!(i.to_string(), *want, "{line} at {vals:?}");
        same_function(&s, vals, &i);
    }
}

const MN: &str = "M, N = symbols('M N', positive=True)";

#[test]
fn coalescing_keeps_an_extent_that_may_be_1_and_a_stride_that_may_continue() {
    let line = "coalesce(Layout((M, N), (1, 7)))";
    check(
        MN,
        line,
        "Layout((M, N), (1, 7))",
        &[
            (&[("M", 1), ("N", 3)], "Layout(3, 7)"),
            (&[("M", 2), ("N", 3)], "Layout((2, 3), (1, 7))"),
        ],
    );
    let line = "coalesce(Layout((4, 2), (1, M)))";
    check(
        MN,
        line,
        "Layout((4, 2), (1, M))",
        &[
            (&[("M", 4)], "Layout(8, 1)"),
            (&[("M", 3)], "Layout((4, 2), (1, 3))"),
        ],
    );
    // the inverses: right_inverse takes M as another extent than 1; past
    // the end of its domain (index 1 at M = 1) the answers differ
    check(
        MN,
        "right_inverse(Layout(M, 1))",
        "Layout(M, 1)",
        &[(&[("M", 1)], "Layout(1, 0)")],
    );
    assert_eq!(
        symbolic(MN, "right_inverse(Layout(M, 1))(1)").to_string(),
        "1"
    );
    assert_eq!(
        at(&[("M", 1)], "right_inverse(Layout(M, 1))(1)")
            .unwrap()
            .to_string(),
        "0"
    );
    // left_inverse decides it: skipping an extent 1 changes the gaps
    let e = run_program(&format!("{MN}; left_inverse(Layout(M, 1))")).unwrap_err();
    assert!(e.to_string().contains("whether M > 1"), "{e}");
    let two = "M = symbols('M', positive=True, multiple_of=2)";
    check(
        two,
        "left_inverse(Layout(M, 1))",
        "Layout(M, 1)",
        &[(&[("M", 2)], "Layout(2, 1)")],
    );
}

/// Seed 3: a coordinate stride names a mode that the integers' coalesce
/// dropped.
#[test]
fn a_coordinate_stride_names_a_mode_the_integers_coalesced_away() {
    let prelude = "M = Symbol('M', multiple_of=4); N = Symbol('N', nonnegative=True); \
                   (K,) = symbols('K,', positive=True, multiple_of=2)";
    let b = "coalesce(Layout(((), K // 2, 1), ((), 40 * E(0), 22 * E(1, 1))))";
    let a = "coalesce(Layout((3, 8, (((6, 3), 6, (6, 1), 1),), 1), (0, 39, (((15, 0), 7, (6, -8), 30),), -8)))";
    let line = format!("composition({a}, {b})");
    let k2: &[(&str, i64)] = &[("M", 4), ("N", 4), ("K", 2)];
    let k4: &[(&str, i64)] = &[("M", 4), ("N", 4), ("K", 4)];
    // B keeps its symbolic extent; at K = 2 the integers keep the last
    // extent-1 mode instead, with its stride 22@(1, 1): the same function
    // on the domain {0}
    check(
        prelude,
        b,
        "Layout(floor(K/2), 40@0)",
        &[(k2, "Layout(1, 22@1@1)"), (k4, "Layout(2, 40@0)")],
    );
    // and 22@(1, 1) names the mode (1, 1) of A, which A does not have
    check(
        prelude,
        &line,
        "Layout(floor(K/2), 0)",
        &[(k4, "Layout(2, 0)")],
    );
    let e = at(k2, &line).unwrap_err();
    assert!(
        e.to_string()
            .contains("mode [1, 1] of Layout((3, 8, 6, 3, 6, 6)"),
        "{e}"
    );
    let why = generic_instance(prelude, &line, &lookup(k2)).unwrap();
    assert!(why.contains("the extent floor(K/2)"), "{why}");
    assert_eq!(generic_instance(prelude, &line, &lookup(k4)), None);
}

/// Seed 11: a tiler reads past the end of the domain of a right inverse.
#[test]
fn a_tiler_reads_past_the_end_of_a_right_inverse() {
    let prelude =
        "M = Symbol('M'); import sympy; N = sympy.symbols('N', positive=True, integer=True)";
    let inv = "right_inverse(tiler_to_layout(M))";
    let line = format!("zipped_divide({inv}, N)");
    let m1: &[(&str, i64)] = &[("M", 1), ("N", 4)];
    let m8: &[(&str, i64)] = &[("M", 8), ("N", 4)];
    check(
        prelude,
        inv,
        "Layout(M, 1)",
        &[(m1, "Layout(1, 0)"), (m8, "Layout(8, 1)")],
    );
    // PyCuTe's answer, (N, floor((M + N - 1)/N)):(1, N)
    check(
        prelude,
        &line,
        "Layout((N, floor((M - 1)/N) + 1), (1, N))",
        &[(m8, "Layout((4, 2), (1, 4))")],
    );
    // at M = 1 the tile's indices 1..4 are past the end of 1:0 and of M:1
    let s = symbolic(prelude, &line);
    let Value::SymLayout(s) = s else {
        unreachable!()
    };
    assert_eq!(s.subs(&lookup(m1)).unwrap().to_string(), "(4, 1):(1, 4)");
    assert_eq!(at(m1, &line).unwrap().to_string(), "Layout((4, 1), (0, 0))");
    let why = generic_instance(prelude, &line, &lookup(m1)).unwrap();
    assert!(why.contains("is 1 there"), "{why}");
}

/// Seed 22: a by-mode tiler longer than the integers' coalesced layout.
#[test]
fn a_by_mode_tiler_past_the_rank_the_integers_coalesced_to() {
    let prelude = "import sympy; M = sympy.symbols('M'); N = sympy.symbols('N'); \
                   K = symbols('K', integer=True)";
    let a = "coalesce(Layout((((), ((1, K, 1, K),), ()),), (((), ((13, 512, 128, 35),), ()),)))";
    let line = format!("size(zipped_divide({a}, (None, 4*N)))");
    let k1: &[(&str, i64)] = &[("M", 45), ("N", 2), ("K", 1)];
    let k9: &[(&str, i64)] = &[("M", 45), ("N", 2), ("K", 9)];
    check(
        prelude,
        a,
        "Layout((K, K), (512, 35))",
        &[(k1, "Layout(1, 35)"), (k9, "Layout((9, 9), (512, 35))")],
    );
    let s = symbolic(prelude, &line);
    assert_eq!(s.to_string(), "4*K*N*floor((K - 1)/(4*N)) + 4*K*N");
    assert_eq!(at(k9, &line).unwrap().to_string(), "144");
    // at K = 1 the rank rule, named as such
    let e = at(k1, &line).unwrap_err();
    assert_eq!(
        e.to_string(),
        "zipped_divide: rank mismatch: a by-mode tiler of rank 2 for Layout(1, 35) of rank 1: \
         its entry 1, 8, divides a mode A does not have (a tiler may be longer than the mode it \
         divides only by None entries)"
    );
    let why = generic_instance(prelude, &line, &lookup(k1)).unwrap();
    assert!(why.contains("the extent K of"), "{why}");
    assert_eq!(generic_instance(prelude, &line, &lookup(k9)), None);
}

/// The oracle excuses a disagreement only on a line that coalesces, at
/// values where an extent or a stride taken generically is special.
#[test]
fn the_oracle_excuses_only_the_special_values() {
    // the stride M continues 4:1 at M = 4: the integers' A has rank 1
    let line = "logical_divide(coalesce(Layout((4, 2), (1, M))), (None, 2))";
    assert_eq!(
        symbolic(MN, line).to_string(),
        "Layout((4, (2, 1)), (1, (M, 2*M)))"
    );
    let e = at(&[("M", 4)], line).unwrap_err();
    assert!(e.to_string().contains("rank mismatch"), "{e}");
    let why = generic_instance(MN, line, &lookup(&[("M", 4)])).unwrap();
    assert!(
        why.starts_with("the stride M of ") && why.ends_with(" continues the mode 4:1 there"),
        "{why}"
    );
    assert_eq!(generic_instance(MN, line, &lookup(&[("M", 3)])), None);
    // an extent 1 on a line without a coalescing operation excuses nothing
    let plain = "Layout((M, N), (1, 7))(M*N + 1)";
    assert_eq!(
        generic_instance(MN, plain, &lookup(&[("M", 1), ("N", 2)])),
        None
    );
    // an extent decided to be 1 is not generic
    let decided = "coalesce(Layout((M // M, N), (1, 7)))";
    assert_eq!(
        generic_instance(MN, decided, &lookup(&[("M", 2), ("N", 2)])),
        None
    );
}

#[test]
fn the_calls_of_a_line() {
    let c = calls("zipped_divide[1](coalesce(Layout((M, 2), (1, M))), (None, 4*N))(3)");
    let texts: Vec<&str> = c.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "zipped_divide[1](coalesce(Layout((M, 2), (1, M))), (None, 4*N))",
            "coalesce(Layout((M, 2), (1, M)))",
            "Layout((M, 2), (1, M))",
        ]
    );
    assert_eq!(c[0].name, "zipped_divide");
    assert_eq!(
        c[0].args,
        ["coalesce(Layout((M, 2), (1, M)))", "(None, 4*N)"]
    );
    assert_eq!(c[2].args, ["(M, 2)", "(1, M)"]);
}
