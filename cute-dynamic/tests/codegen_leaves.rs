//! Index code of layouts with many symbolic leaves completes: 64 leaves in
//! each coordinate form, and the deepest nesting a symbolic integer allows
//! (a linear index split over 24 symbolic extents, 24 nested quotients).
//!
//! Writing that code once took time doubling with each nested quotient
//! (the code of a lone factor was written twice at every level); the work
//! is now linear in the expression, whose size is bounded. This test counts
//! cases, not seconds: each case must give its code (or, past the nesting
//! limit, its error), and a hang detector far above any case stops a
//! regression from running for minutes. The times are in the `codegen`
//! benchmark (`cargo bench -p cute-benches --bench codegen`).

use std::sync::mpsc;
use std::time::Duration;

use cute_core::sym::{Assumptions, Lang, Sym};
use cute_dynamic::codegen::{function_code, Coords};
use cute_dynamic::{HTuple, Layout, Scalar};

/// The hang detector: a case takes milliseconds in a debug build; the
/// doubling this guards against took over a minute for the deepest case.
const HANG: Duration = Duration::from_secs(30);

fn symbol(name: &str) -> Sym {
    Sym::symbol_with(name, Assumptions::positive()).unwrap()
}

/// `modes` modes of `per` leaves each, leaf `k` of extent `a<k>` and stride
/// `d<k>`: 64 distinct symbols of each kind for 4 x 16.
fn distinct(modes: usize, per: usize) -> Layout<Sym> {
    fn tuple<T>(modes: usize, per: usize, f: impl Fn(usize) -> T) -> HTuple<T> {
        HTuple::Tuple(
            (0..modes)
                .map(|m| HTuple::Tuple((0..per).map(|k| HTuple::Leaf(f(m * per + k))).collect()))
                .collect(),
        )
    }
    let shape = tuple(modes, per, |k| symbol(&format!("a{k}")));
    let stride = tuple(modes, per, |k| Scalar::Int(symbol(&format!("d{k}"))));
    Layout::new(shape, stride).unwrap()
}

/// `n` leaves `M:M`: a linear index split over them nests `n` quotients.
fn repeated(n: usize) -> Layout<Sym> {
    let m = symbol("M");
    Layout::from_modes((0..n).map(|_| (m.clone(), Scalar::Int(m.clone())))).unwrap()
}

fn names(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|k| format!("{prefix}{k}")).collect()
}

/// Runs `f` under the hang detector.
fn within_hang_detector<T: Send + 'static>(
    what: &str,
    f: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(HANG)
        .unwrap_or_else(|_| panic!("{what}: no answer within {HANG:?}"))
}

#[test]
fn sixty_four_symbolic_leaves_complete_in_every_form() {
    let mut done = 0;
    for lang in [Lang::C, Lang::Cuda, Lang::Rust] {
        // one name per mode: 4 modes of 16 leaves, each split 16 deep
        let code = within_hang_detector("4 x 16 by mode", move || {
            function_code(
                &distinct(4, 16),
                Coords::Modes(&["i", "j", "k", "l"]),
                "f",
                lang,
            )
        })
        .unwrap();
        assert!(
            code.contains("int64_t d63") || code.contains("d63: i64"),
            "{code}"
        );
        done += 1;
        // one name per leaf: 64 of them
        let code = within_hang_detector("64 by leaf", move || {
            let n = names("c", 64);
            let refs: Vec<&str> = n.iter().map(String::as_str).collect();
            function_code(&distinct(8, 8), Coords::Natural(&refs), "f", lang)
        })
        .unwrap();
        assert!(code.contains("c63") && code.contains("d63"), "{code}");
        done += 1;
        // the deepest a linear index may go: 24 nested quotients
        let code = within_hang_detector("a linear index over 24", move || {
            repeated(24).index_code(Coords::Index("t"), lang)
        })
        .unwrap();
        assert_eq!(code.matches("M").count(), 24 + 24 * 25 / 2 - 1, "{code}");
        done += 1;
        // past it: a clear error, not a long wait
        let e = within_hang_detector("a linear index over 64", move || {
            repeated(64).index_code(Coords::Index("t"), lang)
        })
        .unwrap_err();
        assert!(e.to_string().contains("nested too deeply"), "{e}");
        done += 1;
    }
    assert_eq!(done, 12);
}
