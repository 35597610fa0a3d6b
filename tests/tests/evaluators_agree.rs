//! Every evaluator of a layout gives the specification's answer, over the
//! extended domain.
//!
//! The specification evaluates `L(c) = inner_product(idx2crd(c, shape),
//! stride)`: `idx2crd` splits an integer colexicographically with floor
//! division, every mode but the last taking its remainder by the mode's
//! size and the last the whole quotient (so past the size the excess
//! accumulates there, and a negative coordinate borrows). A zero extent is
//! not rejected anywhere in the specification; a coordinate divided by it
//! fails as Python's division by zero does (a `ValueError` here), and one
//! that is not (the leaf keeping the quotient, a natural coordinate) does
//! not. An offset beyond the `i64` range is a `ValueError` (overflow).
//!
//! [`reference`] is that definition, mode by mode by the sizes of the
//! sub-shapes, in 128-bit integers. Each case runs it and every evaluator
//! of the workspace on the same layout and coordinates, integral, flat (one
//! integer per top-level mode) and natural (one per leaf):
//!
//! - cute-dynamic: `Layout::call_index`, `Layout::call`, `Layout::call_int`,
//!   the symbolic layout (`Layout<Sym>::call_index`);
//! - the `Evaluator` (with and without tables): `eval`, `try_eval`,
//!   `eval2`, `eval3`, `eval_flat`, `for_each`, `sum`, and its
//!   `LayoutLike::eval_modes` / `eval_natural`;
//! - cute-core's bridge: the default `LayoutLike::eval_modes` and
//!   `eval_natural` (through the dynamic layout, which keeps the defaults);
//! - the drawings: `viz::Cells::label` and `viz::print_tensor`;
//! - cute-static: `Layout::try_eval`, `eval`, `call` and the bridge of a
//!   mixed layout (every leaf dynamic) converted from the same values;
//! - cute-expr: a layout call `Layout(S, D)(c)` and `crd2idx(c, S)`.
//!
//! An evaluator that answers otherwise is a failure, unless the case is in
//! [`KNOWN_DISAGREEMENTS`], the list of what cute-static and cute-expr
//! answer against the specification (the test fails too when a listed case
//! starts to agree, so that the list stays true).
//!
//! [`reference`]: evaluators::spec::reference

mod evaluators;

use cute_dynamic::htuple::HTuple;
use cute_dynamic::IntTuple;
use evaluators::dynamic::{check_dynamic, check_expr};
use evaluators::static_layouts::check_static;
use evaluators::{probes, py, unflatten, Found};
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// The cases
// ---------------------------------------------------------------------------

fn shape_of(s: &str) -> IntTuple {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Every evaluator on `shape:stride`, the strides given leaf by leaf.
fn run_case(found: &mut Found, shape: &str, stride: &[i64], extra: &[i64]) {
    let s = shape_of(shape);
    assert_eq!(s.leaf_count(), stride.len(), "{shape}");
    let case = format!(
        "{}:{}",
        shape,
        py(&unflatten(&s, &mut stride.iter().copied()))
    );
    let p = probes(&s, extra);
    check_dynamic(found, &case, &s, stride, &p);
    check_static(found, &case, &s, stride, &p);
    check_expr(found, &case, &s, stride, &p);
}

/// The fixed cases: the specification's example, extent-1 modes, zero
/// extents, empty tuples, nesting, negative strides, and offsets at the
/// edge of the `i64` range.
fn fixed_cases(found: &mut Found) {
    const BIG: i64 = 1 << 61;
    let cases: &[(&str, &[i64], &[i64])] = &[
        // the specification's A
        ("(3, (2, 4))", &[2, 1, 6], &[]),
        ("(4, 8)", &[8, 1], &[]),
        ("7", &[3], &[]),
        // extent-1 modes (coalescing changes the extended domain)
        ("(4, 1)", &[1, 7], &[]),
        ("(1, 4)", &[7, 1], &[]),
        ("((1, 3), 1)", &[5, 1, 9], &[]),
        ("(1, (1, 1))", &[2, 3, 4], &[]),
        // zero extents: where they divide, and where they do not
        ("(4, 0)", &[1, 4], &[]),
        ("(0, 4)", &[1, 0], &[]),
        ("0", &[5], &[]),
        ("(3, (0, 4))", &[1, 3, 0], &[]),
        ("(3, (4, 0))", &[1, 3, 12], &[]),
        ("((2, 0), 3)", &[1, 2, 5], &[]),
        ("((0, 2), (3, 0))", &[1, 0, 2, 6], &[]),
        ("(0, 0, 0)", &[1, 2, 3], &[]),
        // empty tuples: the quotient is dropped at the end of the path
        ("(4, ())", &[3], &[]),
        ("((), 4)", &[2], &[]),
        ("(4, (2, ()))", &[1, 4], &[]),
        ("(0, ())", &[1], &[]),
        // nesting and negative strides
        ("((2, 3), (4, (5, 2)))", &[1, 2, 6, 24, 120], &[]),
        ("((2, 3), (4, (5, 2)))", &[-1, 7, 0, -3, 11], &[]),
        ("(4, 2)", &[-1, 4], &[]),
        ("(2, 3, 5)", &[15, 5, 1], &[]),
        // the edge of the i64 range
        ("4", &[BIG], &[i64::MAX, i64::MIN]),
        ("(2, 2)", &[2 * BIG, -2 * BIG], &[i64::MAX, i64::MIN, 3]),
        ("(2, 3)", &[1, 3], &[i64::MAX, i64::MIN, i64::MIN + 1]),
        (
            "(3, (2, 4))",
            &[i64::MAX / 8, 1, i64::MIN / 4],
            &[i64::MAX, i64::MIN],
        ),
        ("(2, 4, 2)", &[-5, 0, 2], &[-1844783633838736023]),
        ("(0, (1, 3))", &[5, 1, 2], &[i64::MIN / 2 - 1]),
    ];
    for (shape, stride, extra) in cases {
        run_case(found, shape, stride, extra);
    }
}

/// What cute-static answers against the specification, as `evaluator |
/// layout` and why (cute-expr agrees everywhere). The test fails when one
/// of these starts to agree, so that the list stays true.
const KNOWN_DISAGREEMENTS: &[(&str, &str)] = &[
    // `Layout::try_new` (and so `TryFrom<&cute_dynamic::Layout>`) refuses
    // every dynamic extent that is not positive ("a dynamic extent is not
    // positive"), where the specification evaluates the layout: a zero
    // extent fails only where a coordinate is divided by it.
    ("cute_static TryFrom | (4, 0):(1, 4)", "a zero extent"),
    ("cute_static TryFrom | (0, 4):(1, 0)", "a zero extent"),
    ("cute_static TryFrom | 0:5", "a zero extent"),
    ("cute_static TryFrom | (3, (0, 4)):(1, (3, 0))", "a zero extent"),
    ("cute_static TryFrom | (3, (4, 0)):(1, (3, 12))", "a zero extent"),
    ("cute_static TryFrom | ((2, 0), 3):((1, 2), 5)", "a zero extent"),
    ("cute_static TryFrom | (0, 0, 0):(1, 2, 3)", "a zero extent"),
    ("cute_static TryFrom | (0, ()):(1, ())", "a zero extent"),
    ("cute_static TryFrom | (0, (1, 3)):(5, (1, 2))", "a zero extent"),
    // `check_range` bounds the offsets by the sum of |(e - 1) * d|, 2^63
    // here, where the in-bounds offsets are 0, 2^62, -2^62 and 0.
    (
        "cute_static TryFrom | (2, 2):(4611686018427387904, -4611686018427387904)",
        "a range check stricter than the offsets",
    ),
    // `call` with one integer per mode checks each mode's offset exactly in
    // a debug build and panics when one leaves the i64 range, though their
    // sum, the offset, fits (a release build wraps and gets it right).
    (
        "cute_static Layout::call(flat) [a partial offset beyond i64] | (3, (2, 4)):(1152921504606846975, (1, -2305843009213693952))",
        "a debug-build panic on a partial offset",
    ),
    (
        "cute_static Layout::call(flat) [a partial offset beyond i64] | (2, 4, 2):(-5, 0, 2)",
        "a debug-build panic on a partial offset",
    ),
    (
        "cute_static Layout::call(natural) [a partial offset beyond i64] | (2, 4, 2):(-5, 0, 2)",
        "a debug-build panic on a partial offset",
    ),
    // cute-expr's `crd2idx` (cute-dynamic's `shape::crd2idx`) narrows the
    // index of each sub-tuple to an i64 before scaling it by the size of
    // the modes before it, so a sub-index beyond the range is an overflow
    // even where that size is 0 and the index fits: crd2idx((x, (x, x)),
    // (0, (1, 3))) is x.
    (
        "cute_expr crd2idx(c, S) [a sub-index beyond i64] | (0, (1, 3)):(5, (1, 2))",
        "an overflow of a part of the index",
    ),
];

#[test]
fn every_evaluator_agrees_with_the_specification() {
    let mut found = Found::default();
    fixed_cases(&mut found);
    let report = found.unexpected(KNOWN_DISAGREEMENTS);
    assert!(
        report.is_empty(),
        "disagreements with the specification:\n{report}"
    );
}

// ---------------------------------------------------------------------------
// Random layouts
// ---------------------------------------------------------------------------

/// A shape of at most three levels: extents 0 to 6 (0 and 1 often), tuples
/// of 0 to 3 modes (the empty tuple included).
fn arb_shape() -> impl Strategy<Value = IntTuple> {
    let extent = prop_oneof![1 => Just(0i64), 2 => Just(1i64), 5 => 2i64..7];
    extent
        .prop_map(HTuple::Leaf)
        .prop_recursive(3, 12, 3, |inner| {
            prop::collection::vec(inner, 0..4).prop_map(HTuple::Tuple)
        })
}

/// A shape of one of the profiles [`check_static`] spells (the trailing
/// empty tuple aside), extents 0 to 6.
fn arb_static_shape() -> impl Strategy<Value = IntTuple> {
    let profiles = [
        "_",
        "(_,_)",
        "(_,_,_)",
        "(_,(_,_))",
        "((_,_),_)",
        "((_,_),(_,(_,_)))",
    ];
    (
        prop::sample::select(profiles.to_vec()),
        prop::collection::vec(prop_oneof![1 => Just(0i64), 8 => 1i64..7], 5),
    )
        .prop_map(|(p, e)| {
            let mut e = e.into_iter();
            let text: String = p
                .chars()
                .map(|c| {
                    if c == '_' {
                        e.next().unwrap().to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join("")
                .replace(',', ", ");
            shape_of(&text)
        })
}

/// Strides for the leaves of `s`, and random coordinates beside the
/// probes.
fn with_strides(s: IntTuple) -> impl Strategy<Value = (IntTuple, Vec<i64>, Vec<i64>)> {
    let n = s.leaf_count();
    (
        Just(s),
        prop::collection::vec(-9i64..10, n),
        prop::collection::vec(prop_oneof![-200i64..200, any::<i64>()], 3),
    )
}

/// The text of `shape:stride`, as the cases name it.
fn case_name(s: &IntTuple, d: &[i64]) -> String {
    format!("{s}:{}", py(&unflatten(s, &mut d.iter().copied())))
}

proptest! {

    /// cute-dynamic's evaluators, the drawings and cute-expr agree with the
    /// specification on any layout, zero extents and empty tuples included
    /// (but for cute-expr's `crd2idx` of a sub-index beyond i64, see
    /// [`KNOWN_DISAGREEMENTS`]).
    #[test]
    fn random_layouts_agree((s, d, extra) in arb_shape().prop_flat_map(with_strides)) {
        let mut found = Found::default();
        let case = case_name(&s, &d);
        let p = probes(&s, &extra);
        check_dynamic(&mut found, &case, &s, &d, &p);
        check_expr(&mut found, &case, &s, &d, &p);
        // the known kind: see KNOWN_DISAGREEMENTS
        found.detail.retain(|k, _| !k.contains("[a sub-index beyond i64]"));
        let report = found.unexpected(&[]);
        prop_assert!(report.is_empty(), "{}", report);
    }

    /// cute-static agrees on mixed layouts of the profiles it is given here,
    /// except that it refuses a zero extent, and its `call` panics in a
    /// debug build on a partial offset beyond i64 (see
    /// [`KNOWN_DISAGREEMENTS`]).
    #[test]
    fn random_static_layouts_agree((s, d, extra) in arb_static_shape().prop_flat_map(with_strides)) {
        let mut found = Found::default();
        let case = case_name(&s, &d);
        let p = probes(&s, &extra);
        prop_assert!(check_static(&mut found, &case, &s, &d, &p));
        if s.leaves().any(|&e| e == 0) {
            let refused = format!("cute_static TryFrom | {case}");
            prop_assert!(found.detail.remove(&refused).is_some(), "{} is refused", case);
        }
        // the known kind: see KNOWN_DISAGREEMENTS
        found.detail.retain(|k, _| !k.contains("[a partial offset beyond i64]"));
        let report = found.unexpected(&[]);
        prop_assert!(report.is_empty(), "{}", report);
    }
}
