//! Slicing in the language: tuples, lists, strings and a layout's modes
//! are sliced as Python slices them, whatever the bounds and the step.
//!
//! `Slice::indices` is held against a model of Python's semantics in its
//! own tests; here every kind of sliceable value selects those positions.

use cute_expr::{eval_expr, ErrorClass, Slice};
use proptest::prelude::*;

/// `start:stop:step` as written inside `[]`.
fn text(s: &Slice) -> String {
    let b = |x: Option<i64>| x.map_or(String::new(), |v| v.to_string());
    match s.step {
        None => format!("{}:{}", b(s.start), b(s.stop)),
        Some(_) => format!("{}:{}:{}", b(s.start), b(s.stop), b(s.step)),
    }
}

/// Python's repr of a tuple of the items.
fn tuple(items: &[String]) -> String {
    match items {
        [one] => format!("({one},)"),
        _ => format!("({})", items.join(", ")),
    }
}

/// The repr of `value[slice]`, or the class of its error.
fn sliced(value: &str, s: &Slice) -> String {
    match eval_expr(&format!("{value}[{}]", text(s))) {
        Ok(v) => v.to_string(),
        Err(e) => e.class().to_string(),
    }
}

/// A bound or a step: small, or near the ends of `i64`.
fn arb_i64() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => -10i64..10,
        1 => any::<i64>(),
        1 => prop_oneof![
            Just(i64::MIN),
            Just(i64::MIN + 1),
            Just(i64::MAX),
            Just(i64::MAX - 1),
        ],
    ]
}

fn arb_slice() -> impl Strategy<Value = Slice> {
    let bound = || proptest::option::of(arb_i64());
    (bound(), bound(), bound()).prop_map(|(start, stop, step)| Slice { start, stop, step })
}

#[test]
fn examples() {
    let v = |src: &str| eval_expr(src).map(|v| v.to_string());
    assert_eq!(v("(0, 1, 2, 3, 4)[::-2]").unwrap(), "(4, 2, 0)");
    assert_eq!(v("[0, 1, 2, 3, 4][-2:]").unwrap(), "[3, 4]");
    assert_eq!(v("'abcde'[-9223372036854775808:2]").unwrap(), "'ab'");
    assert_eq!(v("'abcde'[::9223372036854775807]").unwrap(), "'a'");
    assert_eq!(v("'abcde'[::-9223372036854775808]").unwrap(), "'e'");
    assert_eq!(
        v("Layout((2, 3, 5, 7), (1, 2, 6, 30))[::-1]").unwrap(),
        "Layout((7, 5, 3, 2), (30, 6, 2, 1))"
    );
    assert_eq!(
        v("Layout((2, 3, 5, 7), (1, 2, 6, 30))[-3:-1]").unwrap(),
        "Layout((3, 5), (2, 6))"
    );
    assert_eq!(v("Layout(8, 1)[:5]").unwrap(), "Layout((8,), (1,))");
    assert_eq!(v("Layout(8, 1)[1:]").unwrap(), "Layout((), ())");
    for zero in ["(1, 2)[::0]", "'ab'[1::0]", "Layout((2, 3))[::0]"] {
        assert_eq!(
            eval_expr(zero).unwrap_err().class(),
            ErrorClass::ValueError,
            "{zero}"
        );
    }
    // symbolic layouts are sliced the same way
    let mut env = cute_expr::Env::new();
    cute_expr::eval("M, N = symbols('M N')", &mut env).unwrap();
    let Ok(cute_expr::Outcome::Value(s)) =
        cute_expr::eval("Layout((M, N, 4), (1, M, M * N))[::-2]", &mut env)
    else {
        panic!("a value")
    };
    assert_eq!(s.to_string(), "Layout((4, M), (M*N, 1))");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// A tuple, a list and a string select the positions of
    /// `Slice::indices`.
    #[test]
    fn sequences_select_the_slice_indices(n in 0usize..12, s in arb_slice()) {
        let items: Vec<String> = (0..n).map(|i| i.to_string()).collect();
        let letters: String = (0..n).map(|i| char::from(b'a' + i as u8)).collect();
        match s.indices(n) {
            Ok(picked) => {
                let picked: Vec<usize> = picked.collect();
                let want: Vec<String> = picked.iter().map(|i| i.to_string()).collect();
                prop_assert_eq!(sliced(&tuple(&items), &s), tuple(&want));
                prop_assert_eq!(sliced(&format!("[{}]", items.join(", ")), &s), format!("[{}]", want.join(", ")));
                let chars: String = picked.iter().map(|&i| char::from(b'a' + i as u8)).collect();
                prop_assert_eq!(sliced(&format!("'{letters}'"), &s), format!("'{chars}'"));
            }
            Err(e) => {
                prop_assert_eq!(e.class(), ErrorClass::ValueError);
                prop_assert_eq!(sliced(&tuple(&items), &s), "ValueError");
                prop_assert_eq!(sliced(&format!("'{letters}'"), &s), "ValueError");
            }
        }
    }

    /// A layout's slice is the layout of the modes at the positions of
    /// `Slice::indices`, a tuple of them however many there are.
    #[test]
    fn layouts_select_the_slice_indices(n in 1usize..7, s in arb_slice()) {
        // modes (2, 3, 4, ...) with compact strides
        let shape: Vec<i64> = (0..n as i64).map(|i| i + 2).collect();
        let stride: Vec<i64> = shape
            .iter()
            .scan(1, |acc, &x| { let d = *acc; *acc *= x; Some(d) })
            .collect();
        let strs = |v: &[i64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let layout = format!("Layout({}, {})", tuple(&strs(&shape)), tuple(&strs(&stride)));
        match s.indices(n) {
            Ok(picked) => {
                let picked: Vec<usize> = picked.collect();
                let sub = |v: &[i64]| picked.iter().map(|&i| v[i].to_string()).collect::<Vec<_>>();
                let want = format!("Layout({}, {})", tuple(&sub(&shape)), tuple(&sub(&stride)));
                prop_assert_eq!(sliced(&layout, &s), want);
            }
            Err(_) => prop_assert_eq!(sliced(&layout, &s), "ValueError"),
        }
    }
}
