//! Reading the conformance cases of the reference implementation in unit
//! tests: `TAG<TAB>EXPR<TAB>EXPECTED` lines, `EXPECTED` being `ok <repr>` or
//! `err <Class>`.

/// The `(EXPR, EXPECTED)` pairs of the conformance cases tagged `tag`.
pub(crate) fn cases(tag: &str) -> Vec<(String, String)> {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/conformance.tsv"
    ));
    text.lines()
        .filter_map(|l| {
            let mut f = l.splitn(3, '\t');
            let (t, e, x) = (f.next()?, f.next()?, f.next()?);
            (t == tag).then(|| (e.to_string(), x.to_string()))
        })
        .collect()
}

/// The arguments of the call `name(a, b, ...)`, split at top-level commas.
pub(crate) fn call_args<'a>(expr: &'a str, name: &str) -> Vec<&'a str> {
    let inner = expr
        .strip_prefix(name)
        .and_then(|r| r.strip_prefix('('))
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("{expr} is not a call of {name}"));
    split_top(inner, ',')
}

/// `s` split at the occurrences of `sep` outside brackets.
pub(crate) fn split_top(s: &str, sep: char) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            c if c == sep && depth == 0 => {
                out.push(s[start..i].trim());
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    out.push(s[start..].trim());
    out
}

/// The index of the bracket closing the one opening `s`.
pub(crate) fn matching_close(s: &str) -> usize {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced brackets in {s}")
}

/// The result as the conformance file writes it.
pub(crate) fn outcome<T>(r: cute_core::Result<T>, show: impl Fn(&T) -> String) -> String {
    match r {
        Ok(v) => format!("ok {}", show(&v)),
        Err(e) => format!("err {}", e.class()),
    }
}

use proptest::prelude::*;

use crate::htuple::{HTuple, IntTuple};
use crate::layout::Layout;
use crate::typedefs::Scalar;

/// Shapes of depth up to 3 and rank up to 4, extents 1..=5, with at most
/// 1024 coordinates (so that tests can walk all of them).
pub(crate) fn arb_shape() -> impl Strategy<Value = IntTuple> {
    let leaf = (1i64..=5).prop_map(HTuple::Leaf);
    leaf.prop_recursive(3, 8, 4, |inner| {
        prop::collection::vec(inner, 0..=4).prop_map(HTuple::Tuple)
    })
    .prop_filter("small enough to enumerate", |s| {
        crate::htuple::product(s).is_ok_and(|n| n <= 1024)
    })
}

/// True iff `s` holds an empty tuple somewhere (its excess index vanishes).
pub(crate) fn has_empty(s: &IntTuple) -> bool {
    match s {
        HTuple::Leaf(_) => false,
        HTuple::Tuple(c) => c.is_empty() || c.iter().any(has_empty),
    }
}

/// Layouts with integer strides in -20..=40 on random shapes.
pub(crate) fn arb_layout() -> impl Strategy<Value = Layout> {
    arb_shape()
        .prop_flat_map(|s| {
            let n = s.leaf_count();
            (Just(s), prop::collection::vec(-20i64..=40, n))
        })
        .prop_map(|(s, d)| {
            let stride = crate::htuple::unflatten(&mut d.into_iter().map(Scalar::Int), &s).unwrap();
            Layout::new(s, stride).unwrap()
        })
}

/// A coarsening of `s`: each tuple node whose flag (taken in pre-order)
/// is set collapses into the leaf of its size.
pub(crate) fn coarsen(s: &IntTuple, flags: &mut impl Iterator<Item = bool>) -> IntTuple {
    match s {
        HTuple::Leaf(v) => HTuple::Leaf(*v),
        HTuple::Tuple(c) => {
            if flags.next().unwrap_or(false) {
                HTuple::Leaf(crate::htuple::product(s).unwrap())
            } else {
                HTuple::Tuple(c.iter().map(|x| coarsen(x, flags)).collect())
            }
        }
    }
}

/// A shape with two successive coarsenings of it: `(c2, c1, s)` with
/// `c2 ≼ c1 ≼ s`.
pub(crate) fn arb_chain() -> impl Strategy<Value = (IntTuple, IntTuple, IntTuple)> {
    (
        arb_shape(),
        prop::collection::vec(prop::bool::weighted(0.3), 32),
        prop::collection::vec(prop::bool::weighted(0.3), 32),
    )
        .prop_map(|(s, f1, f2)| {
            let c1 = coarsen(&s, &mut f1.into_iter());
            let c2 = coarsen(&c1, &mut f2.into_iter());
            (c2, c1, s)
        })
}
