//! Symbolic lines of the specification's language whose answer must be the
//! integers' at every value of the symbols, or the error naming the
//! condition the symbols leave open: each line is checked against the same
//! line with integers substituted.

use cute_expr::{eval, Env, Outcome};

/// The answer of the statements `src` (separated by `;`), printed: the
/// value's repr or the error.
fn run(src: &str) -> String {
    let mut env = Env::new();
    match eval(src, &mut env) {
        Ok(Outcome::Value(v)) => v.to_string(),
        Ok(Outcome::Statement) => "(statement)".to_string(),
        Err(e) => format!("{}: {e}", e.class().name()),
    }
}

#[test]
fn a_stride_that_may_be_zero_is_undecidable_in_make_layout_like() {
    assert_eq!(
        run("K = Symbol('K', nonnegative=True); make_layout_like(Layout(8, K))"),
        "ValueError: make_layout_like: cannot decide whether K > 0"
    );
    // the integers differ at K = 0 and K > 0
    assert_eq!(run("make_layout_like(Layout(8, 0))"), "Layout(8, 0)");
    assert_eq!(run("make_layout_like(Layout(8, 5))"), "Layout(8, 1)");
    // a positive symbol is settled
    assert_eq!(
        run("K = Symbol('K'); make_layout_like(Layout(8, K))"),
        "Layout(8, 1)"
    );
}

#[test]
fn a_composition_that_holds_only_where_a_coalesces_is_undecidable() {
    let got = run("M = symbols('M'); composition(Layout((3, 8), (1, M)), Layout(8, 1))");
    assert!(
        got.starts_with("ValueError: composition: cannot decide whether M == 3"),
        "{got}"
    );
    assert_eq!(
        run("composition(Layout((3, 8), (1, 3)), Layout(8, 1))"),
        "Layout(8, 1)"
    );
    assert!(run("composition(Layout((3, 8), (1, 4)), Layout(8, 1))").starts_with("ValueError"));
}

#[test]
fn symbolic_strides_sort_by_value_in_the_complement_and_the_inverses() {
    // injective at every M: (2, 2):(2*M, M) has offsets 0, M, 2*M, 3*M
    for (line, int) in [
        (
            "complement(Layout((2, 2), (4*N, 2*N)))",
            "complement(Layout((2, 2), (8, 4)))",
        ),
        (
            "complement(Layout((2, 2, 2), (4*N, 1, 2*N)))",
            "complement(Layout((2, 2, 2), (8, 1, 4)))",
        ),
    ] {
        let sym = run(&format!(
            "N = Symbol('N', multiple_of=2); X = {line}; X(0), X(1), X(2), size(X), cosize(X)"
        ));
        let sub = run(&format!(
            "N = 2; X = {int}; X(0), X(1), X(2), size(X), cosize(X)"
        ));
        assert_eq!(sym, sub, "{line}");
    }
    // the order of M and N is what is open
    assert_eq!(
        run("M, N = symbols('M N'); complement(Layout((4, 4), (M, N)))"),
        "ValueError: complement: cannot decide whether N < M (the modes are taken in the order of their strides)"
    );
    // a hole after offset 0 is there unless M is 1
    let got = run("M = symbols('M'); complement(Layout((2, 2), (2*M, M)))");
    assert_eq!(got, "ValueError: complement: cannot decide whether M > 1");
}

#[test]
fn a_product_with_mod_prints_as_sympy_does() {
    // sympy 1.14 parenthesizes Mod as a factor of a product with a positive
    // sign: str(N*Mod(7, M) + 7//M) is 'N*(Mod(7, M)) + floor(7/M)'
    assert_eq!(
        run("M, N = symbols('M N'); Layout((M, N), (N, 1))(7)"),
        "N*(Mod(7, M)) + floor(7/M)"
    );
}

#[test]
fn powers_of_symbols() {
    assert_eq!(run("M = symbols('M'); M ** 2 == M * M"), "True");
    assert_eq!(
        run("M = symbols('M'); Layout((M ** 2, 4))"),
        "Layout((M**2, 4), (1, M**2))"
    );
    assert_eq!(
        run("M = symbols('M'); 2 ** M"),
        "TypeError: **: 2 ** M: a symbolic exponent is not supported"
    );
    assert!(run("M = symbols('M'); M ** -1").starts_with("ValueError"));
}
