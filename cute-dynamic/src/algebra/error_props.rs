//! The errors of the operations that compose with a complement (the
//! divides and the products) name only values the user can find: the
//! operands A and B, the parts of them an operation works on (a mode, a
//! leaf), and the complement the operation computed, with the arguments
//! that reproduce it (`complement(B, (6, 4)) = Layout(8, 4)`), never an
//! intermediate layout that exists nowhere else.
//!
//! The check reads every layout a message prints, `Layout(...)` or
//! `shape:stride`, and requires it to be a sub-layout (at some mode path,
//! the whole included) of A, of B, or of a complement that the message
//! names together with its arguments and that the public `complement`
//! gives again from those arguments.

use std::cell::Cell;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use super::testkit as kit;
use super::{
    blocked_product, complement, complement_to, composition, logical_divide, logical_divide_at,
    logical_product, raked_product, zipped_divide,
};
use crate::htuple::IntTuple;
use crate::layout::{tiler_to_layout, Layout, Tiler};
use cute_core::Error;

/// The index of the bracket that closes the one at `open`.
fn closing(s: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0;
    for (k, &c) in s.iter().enumerate().skip(open) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// The index of the bracket that opens the one at `close`.
fn opening(s: &[u8], close: usize) -> Option<usize> {
    let mut depth = 0;
    for k in (0..=close).rev() {
        match s[k] {
            b')' => depth += 1,
            b'(' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// A character of a printed extent or stride that is not a tuple: digits,
/// a sign, `F` of an F2 value, `@` of a coordinate, a symbol's letters.
fn atom(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'@' || c == b'-' || c == b'_'
}

/// Every layout `msg` prints: each `Layout(...)`, and each
/// `shape:stride` (a colon with no space after it, between a tuple or an
/// atom on either side).
fn layouts_in(msg: &str) -> Vec<String> {
    let s = msg.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = msg[from..].find("Layout(") {
        let open = from + k + "Layout".len();
        let close = closing(s, open).expect("balanced");
        out.push(msg[from + k..=close].to_string());
        from = close + 1;
    }
    for p in 1..s.len().saturating_sub(1) {
        if s[p] != b':' || s[p + 1] == b' ' {
            continue;
        }
        let start = if s[p - 1] == b')' {
            opening(s, p - 1).expect("balanced")
        } else {
            let mut k = p;
            while k > 0 && atom(s[k - 1]) {
                k -= 1;
            }
            k
        };
        let end = if s[p + 1] == b'(' {
            closing(s, p + 1).expect("balanced") + 1
        } else {
            let mut k = p + 1;
            while k < s.len() && atom(s[k]) {
                k += 1;
            }
            k
        };
        if start < p && p + 1 < end {
            out.push(msg[start..end].to_string());
        }
    }
    out
}

/// `l` and all its sub-layouts, at every mode path.
fn parts(l: &Layout, out: &mut Vec<Layout>) {
    out.push(l.clone());
    if l.shape().is_tuple() {
        for m in l.modes() {
            parts(&m, out);
        }
    }
}

/// The layout printed in `text` from `at`: `Layout(...)` up to its bracket.
fn layout_at(text: &str, at: usize) -> Option<(Layout, usize)> {
    let rest = &text[at..];
    if !rest.starts_with("Layout(") {
        return None;
    }
    let close = closing(text.as_bytes(), at + "Layout".len())?;
    Some((text[at..=close].parse().ok()?, close + 1))
}

/// The complements a message names, each checked against the public
/// `complement`: `X / B = A o (B, B*) with B* = complement(B, C) = L`
/// (a divide) and `A x B = (A, A* o B) with A* = complement(A) = L` or
/// `A and B: logical_product(A, B) = ... = L` (a product). Returns each
/// complement with its operand and cotarget (`None` for a free one).
fn complements_in(msg: &str) -> Vec<(Layout, Layout, Option<IntTuple>)> {
    let mut out = Vec::new();
    let key = " = A o (B, B*) with B* = complement(B, ";
    let mut from = 0;
    while let Some(k) = msg[from..].find(key) {
        let at = from + k;
        // B is the layout before " = A o": after the last " / " before it
        let slash = msg[..at].rfind(" / ").expect("A / B before the complement");
        let (b, _) = layout_at(msg, slash + 3).expect("B printed as a layout");
        let cot_at = at + key.len();
        let eq = msg[cot_at..]
            .find(") = Layout(")
            .expect("the complement printed")
            + cot_at;
        let cot: IntTuple = msg[cot_at..eq].parse().expect("a shape");
        let (c, end) = layout_at(msg, eq + ") = ".len()).expect("a layout");
        let want = complement_to(&b, cot.clone()).unwrap();
        assert_eq!(c, want, "complement(B, {cot}) for B = {b:?} in: {msg}");
        out.push((c, b, Some(cot)));
        from = end;
    }
    let key = " with A* = complement(A) = ";
    if let Some(k) = msg.find(key) {
        let head = &msg[..k];
        let (a, _) = layout_at(head, head.find("Layout(").expect("A printed")).expect("A");
        let (c, _) = layout_at(msg, k + key.len()).expect("a layout");
        assert_eq!(
            c,
            complement(&a).unwrap(),
            "complement(A) for A = {a:?} in: {msg}"
        );
        out.push((c, a, None));
    }
    out
}

/// Checks that the error `e` of an operation on `roots` (A, B, and the
/// other values the user gave or can name: a tiler's layouts, the tiler
/// promoted) prints only layouts found among the roots, the complements
/// it names (each reproduced by `complement`), and their sub-layouts; and
/// that it names `must` (A and B), each printed whole. Returns the
/// complements it names.
fn check_names(
    e: &Error,
    roots: &[Layout],
    must: &[&Layout],
) -> Vec<(Layout, Layout, Option<IntTuple>)> {
    let msg = e.to_string();
    let named = complements_in(&msg);
    let mut ok = Vec::new();
    for r in roots.iter().chain(named.iter().map(|(c, _, _)| c)) {
        parts(r, &mut ok);
    }
    for text in layouts_in(&msg) {
        let l: Layout = text
            .parse()
            .unwrap_or_else(|_| panic!("{text:?} does not parse, in: {msg}"));
        assert!(
            ok.contains(&l),
            "{text} is none of A, B, the complements named and their parts, in: {msg}"
        );
    }
    for m in must {
        assert!(
            msg.contains(&format!("{m:?}")),
            "{m:?} is not named in: {msg}"
        );
    }
    named
}

/// Checks that the error `e` of a by-mode operation on A says which mode
/// of A it is about (`in mode i of A`) and prints that mode.
fn names_its_mode(e: &Error, a: &Layout) {
    let msg = e.to_string();
    let key = "in mode ";
    let at = msg
        .find(key)
        .unwrap_or_else(|| panic!("no mode named in: {msg}"))
        + key.len();
    let i: usize = msg[at..]
        .split(' ')
        .next()
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("no mode index in: {msg}"));
    let m = a.get(&[i]).unwrap();
    assert!(
        msg.contains(&format!("{m:?}")),
        "mode {i} of A, {m:?}, is not named in: {msg}"
    );
}

/// Whether an error is one of those the naming is about: a divisibility
/// condition, or strides that overlap (no complement).
fn about_operands(e: &Error) -> bool {
    matches!(e, Error::Divisibility { .. } | Error::NotInjective { .. })
}

/// Runs `f` on `cases` random cases of `strategy`, deterministically, and
/// returns how many of them `f` counted (the refused ones it checked).
fn run<S: Strategy>(cases: u32, strategy: S, f: impl Fn(S::Value) -> bool) -> u32
where
    S::Value: std::fmt::Debug,
{
    let mut runner = TestRunner::new_with_rng(
        Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        },
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let count = Cell::new(0);
    runner
        .run(&strategy, |v| {
            if f(v) {
                count.set(count.get() + 1);
            }
            Ok(())
        })
        .unwrap();
    count.get()
}

/// A layout B to divide by or to reproduce: injective chains, which the
/// divisibility conditions then decide, and any layout, whose strides may
/// overlap.
fn tile() -> BoxedStrategy<Layout> {
    prop_oneof![kit::chained_layout(false), kit::layout()].boxed()
}

#[test]
fn the_complement_a_divide_names_is_the_one_it_computed() {
    // refused divides whose B* = complement(B, shape(A)) is not the
    // complement up to size(A) (8:4 for A = (6, 4):(4, 1), not 6:4, as the
    // specification's conformance cases compute it): the message names the
    // one computed, which complement(B, shape(A)) gives again, and the
    // mode of A and the leaf of B* that fail
    let l = |s: &str| -> Layout { s.parse().unwrap() };
    for (a, b, star, extent) in [
        ("(6, 4):(4, 1)", "4:1", "Layout(8, 4)", 6),
        ("(4, 3):(3, 1)", "3:1", "Layout(6, 3)", 4),
        ("(10, 4):(4, 1)", "4:1", "Layout(12, 4)", 10),
    ] {
        let (a, b) = (l(a), l(b));
        let e = logical_divide(&a, &b).unwrap_err();
        assert_eq!(e.op(), "logical_divide");
        let msg = e.to_string();
        let want = format!(
            "{a:?} / {b:?} = A o (B, B*) with B* = complement(B, {}) = {star}: the leaf {}",
            a.shape(),
            l(star)
        );
        assert!(msg.contains(&want), "{msg}");
        assert!(
            msg.contains(&format!("the coalesced mode 0 of A (extent {extent})")),
            "{msg}"
        );
        assert!(
            msg.contains("stride divisibility, Whitepaper Eqs. (20)-(21)"),
            "{msg}"
        );
        assert_eq!(complement_to(&b, a.shape()).unwrap(), l(star));
        let named = check_names(&e, &[a.clone(), b.clone()], &[&a, &b]);
        assert_eq!(named.len(), 1);
        // the same A, B refused by zipped_divide, and as a mode of a larger A
        let e = zipped_divide(&a, &b).unwrap_err();
        assert_eq!(e.op(), "zipped_divide");
        check_names(&e, &[a.clone(), b.clone()], &[&a, &b]);
        let outer = crate::layout::make_layout(&[l("2:1"), a.clone()]);
        let e = logical_divide_at(&outer, &b, &[1]).unwrap_err();
        assert!(e.to_string().contains("in mode 1 of A: "), "{e}");
        check_names(&e, &[outer, b.clone()], &[&a, &b]);
    }
}

#[test]
fn refused_divides_name_only_what_the_user_can_find() {
    let n = run(1500, (kit::layout(), tile()), |(a, b)| {
        let Err(e) = logical_divide(&a, &b) else {
            return false;
        };
        if !about_operands(&e) {
            return false;
        }
        let named = check_names(&e, &[a.clone(), b.clone()], &[&a, &b]);
        // the complement of a divide is complement(B, shape(A))
        for (_, of, cot) in &named {
            assert_eq!(of, &b, "{e}");
            assert_eq!(cot.as_ref(), Some(&a.shape()), "{e}");
        }
        // (counted: the refusals that name the complement)
        !named.is_empty()
    });
    assert!(n >= 200, "only {n} refused divides name B*");
}

#[test]
fn refused_divides_by_mode_name_only_what_the_user_can_find() {
    // a tuple of tilers: each mode of A divided by its tiler, the mode and
    // the tiler named, and the complement of that tiler
    let n = run(
        1600,
        (kit::layout(), prop::collection::vec(tile(), 1..=3)),
        |(a, ts)| {
            let ts: Vec<Layout> = ts.into_iter().take(a.rank()).collect();
            let tiler = Tiler::Tuple(ts.iter().cloned().map(Tiler::Layout).collect());
            let Err(e) = logical_divide(&a, &tiler) else {
                return false;
            };
            if !about_operands(&e) {
                return false;
            }
            let mut roots = vec![a.clone()];
            roots.extend(ts.iter().cloned());
            let named = check_names(&e, &roots, &[]);
            names_its_mode(&e, &a);
            !named.is_empty()
        },
    );
    assert!(n >= 100, "only {n} refused divides name B*");
}

#[test]
fn refused_zipped_divides_name_only_what_the_user_can_find() {
    // integer tilers (divided mode by mode) and tuples with layouts
    // (divided by the tiler promoted to one layout, which is named)
    let entry = prop_oneof![
        (1_i64..=8).prop_map(Tiler::Int),
        tile().prop_map(Tiler::Layout),
        Just(Tiler::None),
    ];
    let n = run(
        1500,
        (kit::layout(), prop::collection::vec(entry, 1..=3)),
        |(a, ts)| {
            let ts: Vec<Tiler> = ts.into_iter().take(a.rank()).collect();
            let tiler = Tiler::Tuple(ts.clone());
            let Err(e) = zipped_divide(&a, &tiler) else {
                return false;
            };
            if !about_operands(&e) {
                return false;
            }
            let mut roots = vec![a.clone()];
            for t in &ts {
                match t {
                    Tiler::Int(k) => roots.push(Layout::leaf(*k, crate::Scalar::Int(1))),
                    Tiler::Layout(l) => roots.push(l.clone()),
                    _ => {}
                }
            }
            if let Ok(p) = tiler_to_layout(&tiler) {
                roots.push(p);
            }
            assert_eq!(e.op(), "zipped_divide");
            let named = check_names(&e, &roots, &[]);
            if e.to_string().contains("in mode ") {
                names_its_mode(&e, &a);
            } else {
                assert!(e.to_string().contains(&format!("{a:?}")), "{e}");
            }
            !named.is_empty()
        },
    );
    assert!(n >= 60, "only {n} refused zipped divides name B*");
}

#[test]
fn refused_products_name_only_what_the_user_can_find() {
    // A* = complement(A), composed with B leaf by leaf
    let n = run(1500, (kit::layout(), tile()), |(a, b)| {
        let mut seen = false;
        if let Err(e) = logical_product(&a, &b) {
            if about_operands(&e) {
                assert_eq!(e.op(), "logical_product");
                check_names(&e, &[a.clone(), b.clone()], &[&a, &b]);
                seen = true;
            }
        }
        // the rank-matched products, B cut to A's rank
        let (ra, rb) = (a.rank(), b.rank());
        if rb >= ra && a.shape().is_tuple() && b.shape().is_tuple() {
            let b = crate::layout::make_layout(&b.modes().take(ra).collect::<Vec<_>>());
            for (op, r) in [
                ("blocked_product", blocked_product(&a, &b)),
                ("raked_product", raked_product(&a, &b)),
            ] {
                if let Err(e) = r {
                    if about_operands(&e) {
                        assert_eq!(e.op(), op);
                        check_names(&e, &[a.clone(), b.clone()], &[&a, &b]);
                        seen = true;
                    }
                }
            }
        }
        seen
    });
    assert!(n >= 150, "only {n} refused products");
}

#[test]
fn refused_compositions_name_only_what_the_user_can_find() {
    let n = run(2000, (kit::layout(), kit::layout()), |(a, b)| {
        let Err(e) = composition(&a, &b) else {
            return false;
        };
        if !about_operands(&e) {
            return false;
        }
        assert_eq!(e.op(), "composition");
        check_names(&e, &[a.clone(), b.clone()], &[&a, &b]);
        true
    });
    assert!(n >= 200, "only {n} refused compositions");
}

#[test]
fn the_checker_sees_every_layout_a_message_prints() {
    let found = layouts_in(
        "op: x: Layout((6, 4), (4, 1)) / Layout(4, 1) = A o (B, B*) with B* = complement(B, (6, 4)) = Layout(8, 4): the leaf 8:4 of B*, (2, 2):(1, 2) and 4:1@0; mode 0: A(j * 3)",
    );
    assert_eq!(
        found,
        [
            "Layout((6, 4), (4, 1))",
            "Layout(4, 1)",
            "Layout(8, 4)",
            "8:4",
            "(2, 2):(1, 2)",
            "4:1@0"
        ]
    );
    // a layout that exists nowhere is caught
    let a: Layout = "(6, 4):(4, 1)".parse().unwrap();
    let e = Error::divisibility(
        "t",
        0_i64,
        0_i64,
        format!("{a:?} / Layout(4, 1): Layout(8, 4)"),
    );
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        check_names(&e, std::slice::from_ref(&a), &[])
    }));
    assert!(r.is_err());
}
