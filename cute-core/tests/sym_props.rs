//! Property tests of the symbolic integer: random expressions built from
//! random operations over a few symbols and constants.
//!
//! - the canonical form evaluates, for random admissible symbol values, to
//!   what the operations give when applied directly to the integers (floor
//!   semantics);
//! - `+` and `*` are commutative, associative and distributive on canonical
//!   forms (the same value built two ways is the same `Sym`);
//! - every decision (sign, bounds, comparison, divisibility, decided min and
//!   max, gcd) holds for every admissible value;
//! - substitution agrees with evaluation.

use std::cmp::Ordering;

use cute_core::sym::{Sign, Sym};
use cute_core::{checked, Error, IntCmp, IntDivides, IntGcd, IntMax, IntMin, Result};
use proptest::prelude::*;

mod common;
use common::{vars, NAMES};

/// An expression tree, to be built both as a `Sym` and on integers.
#[derive(Clone, Debug)]
enum E {
    Var(usize),
    Lit(i64),
    Neg(Box<E>),
    Bin(Op, Box<E>, Box<E>),
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    CeilDiv,
    Min,
    Max,
}

/// Admissible values: M, N >= 1, t >= 0, any x, K a positive multiple of 8.
fn arb_values() -> impl Strategy<Value = [i64; 5]> {
    (1..40i64, 1..40i64, 0..70i64, -70..70i64, 1..6i64)
        .prop_map(|(m, n, t, x, k)| [m, n, t, x, 8 * k])
}

fn arb_expr() -> impl Strategy<Value = E> {
    let leaf = prop_oneof![
        3 => (0..NAMES.len()).prop_map(E::Var),
        2 => (-9i64..10).prop_map(E::Lit),
    ];
    leaf.prop_recursive(4, 32, 2, |inner| {
        let op = prop_oneof![
            3 => Just(Op::Add),
            2 => Just(Op::Sub),
            3 => Just(Op::Mul),
            2 => Just(Op::Div),
            2 => Just(Op::Mod),
            1 => Just(Op::CeilDiv),
            1 => Just(Op::Min),
            1 => Just(Op::Max),
        ];
        prop_oneof![
            1 => inner.clone().prop_map(|a| E::Neg(Box::new(a))),
            6 => (op, inner.clone(), inner).prop_map(|(o, a, b)| E::Bin(o, Box::new(a), Box::new(b))),
        ]
    })
}

fn build(e: &E, v: &[Sym]) -> Result<Sym> {
    Ok(match e {
        E::Var(i) => v[*i].clone(),
        E::Lit(c) => Sym::from(*c),
        E::Neg(a) => build(a, v)?.checked_neg()?,
        E::Bin(op, a, b) => {
            let (a, b) = (build(a, v)?, build(b, v)?);
            match op {
                Op::Add => a.checked_add(&b)?,
                Op::Sub => a.checked_sub(&b)?,
                Op::Mul => a.checked_mul(&b)?,
                Op::Div => a.floor_div(&b)?,
                Op::Mod => a.floor_mod(&b)?,
                Op::CeilDiv => a.ceil_div(&b)?,
                Op::Min => a.min_sym(&b)?,
                Op::Max => a.max_sym(&b)?,
            }
        }
    })
}

fn direct(e: &E, x: &[i64; 5]) -> Result<i64> {
    Ok(match e {
        E::Var(i) => x[*i],
        E::Lit(c) => *c,
        E::Neg(a) => checked::sub(0, direct(a, x)?)?,
        E::Bin(op, a, b) => {
            let (a, b) = (direct(a, x)?, direct(b, x)?);
            match op {
                Op::Add => checked::add(a, b)?,
                Op::Sub => checked::sub(a, b)?,
                Op::Mul => checked::mul(a, b)?,
                Op::Div => checked::floor_div(a, b)?,
                Op::Mod => checked::floor_rem(a, b)?,
                Op::CeilDiv => checked::ceil_div(a, b)?,
                Op::Min => a.min(b),
                Op::Max => a.max(b),
            }
        }
    })
}

fn values(x: &[i64; 5]) -> impl Fn(&str) -> Option<i64> + '_ {
    move |n| NAMES.iter().position(|m| *m == n).map(|i| x[i])
}

/// Overflow of a coefficient or of an intermediate value may happen in the
/// expanded form where the direct computation stays in range; the size
/// limit may stop a large expansion. Both are errors, never wrong values.
fn tolerated(e: &Error) -> bool {
    matches!(e, Error::Overflow { .. }) || e.to_string().contains("too large")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn canonical_form_evaluates_like_the_operations(e in arb_expr(), x in arb_values()) {
        let v = vars();
        let s = match build(&e, &v) {
            Ok(s) => s,
            Err(err) => {
                // only overflow, the size limit, or a constant zero divisor
                // (which the direct computation meets too)
                prop_assert!(tolerated(&err) || direct(&e, &x).is_err(), "{e:?}: {err}");
                return Ok(());
            }
        };
        if let Ok(want) = direct(&e, &x) {
            match s.eval(&values(&x)) {
                Ok(got) => prop_assert_eq!(got, want, "{:?} = {} at {:?}", e, s, x),
                Err(err) => prop_assert!(tolerated(&err), "{e:?} = {s} at {x:?}: {err}"),
            }
        }
    }

    #[test]
    fn ring_operations_are_canonical(a in arb_expr(), b in arb_expr(), c in arb_expr()) {
        let v = vars();
        let (Ok(a), Ok(b), Ok(c)) = (build(&a, &v), build(&b, &v), build(&c, &v)) else {
            return Ok(());
        };
        let ok = |r: Result<Sym>| r.ok();
        if let (Some(x), Some(y)) = (ok(a.checked_add(&b)), ok(b.checked_add(&a))) {
            prop_assert_eq!(x, y);
        }
        if let (Some(x), Some(y)) = (ok(a.checked_mul(&b)), ok(b.checked_mul(&a))) {
            prop_assert_eq!(x, y);
        }
        let l = a.checked_add(&b).and_then(|ab| ab.checked_add(&c));
        let r = b.checked_add(&c).and_then(|bc| a.checked_add(&bc));
        if let (Ok(x), Ok(y)) = (l, r) {
            prop_assert_eq!(x, y);
        }
        let l = a.checked_mul(&b).and_then(|ab| ab.checked_mul(&c));
        let r = b.checked_mul(&c).and_then(|bc| a.checked_mul(&bc));
        if let (Ok(x), Ok(y)) = (l, r) {
            prop_assert_eq!(x, y);
        }
        let l = b.checked_add(&c).and_then(|bc| a.checked_mul(&bc));
        let r = a.checked_mul(&b).and_then(|ab| a.checked_mul(&c).and_then(|ac| ab.checked_add(&ac)));
        if let (Ok(x), Ok(y)) = (l, r) {
            prop_assert_eq!(x, y);
        }
        if let Ok(x) = a.checked_add(&b).and_then(|ab| ab.checked_sub(&b)) {
            prop_assert_eq!(x, a.clone());
        }
        prop_assert_eq!(a.checked_sub(&a).unwrap(), Sym::from(0));
        // printing is a function of the canonical form
        if let (Ok(x), Ok(y)) = (a.checked_add(&b), b.checked_add(&a)) {
            prop_assert_eq!(x.to_string(), y.to_string());
        }
    }

    #[test]
    fn decisions_hold_for_admissible_values(a in arb_expr(), b in arb_expr(), x in arb_values()) {
        let v = vars();
        let (Ok(a), Ok(b)) = (build(&a, &v), build(&b, &v)) else {
            return Ok(());
        };
        let (Ok(va), Ok(vb)) = (a.eval(&values(&x)), b.eval(&values(&x))) else {
            return Ok(());
        };
        let sign_ok = match a.sign() {
            Sign::Zero => va == 0,
            Sign::Positive => va > 0,
            Sign::Negative => va < 0,
            Sign::NonNegative => va >= 0,
            Sign::NonPositive => va <= 0,
            Sign::Unknown => true,
        };
        prop_assert!(sign_ok, "sign of {} is {:?}, value {} at {:?}", a, a.sign(), va, x);
        let (lo, hi) = a.bounds();
        prop_assert!(lo.is_none_or(|l| l <= va) && hi.is_none_or(|h| va <= h),
            "bounds of {} are {:?}, value {} at {:?}", a, (lo, hi), va, x);
        if let Ok(o) = a.int_cmp(&b) {
            prop_assert_eq!(o, va.cmp(&vb), "{} vs {} at {:?}", a, b, x);
        }
        for (d, e, vd, ve) in [(&a, &b, va, vb), (&b, &a, vb, va)] {
            if let Ok(yes) = d.int_divides(e) {
                prop_assert_eq!(yes, checked::divides(vd, ve), "{} divides {} at {:?}", d, e, x);
            }
        }
        if let Ok(m) = a.int_min(&b) {
            prop_assert_eq!(m.eval(&values(&x)).ok(), Some(va.min(vb)));
        }
        if let Ok(m) = a.int_max(&b) {
            prop_assert_eq!(m.eval(&values(&x)).ok(), Some(va.max(vb)));
        }
        if let Ok(g) = a.int_gcd(&b) {
            prop_assert_eq!(g.eval(&values(&x)).ok(), checked::gcd(va, vb).ok(), "gcd({}, {}) = {}", a, b, g);
        }
        for (s, t, o) in [("<", a.is_lt(&b), Ordering::Less), (">", a.is_gt(&b), Ordering::Greater)] {
            if let Ok(yes) = t {
                prop_assert_eq!(yes, va.cmp(&vb) == o, "{} {} {}", a, s, b);
            }
        }
        if let Ok(yes) = a.is_le(&b) {
            prop_assert_eq!(yes, va <= vb);
        }
        if let Ok(yes) = a.is_ge(&b) {
            prop_assert_eq!(yes, va >= vb);
        }
    }

    #[test]
    fn substitution_agrees_with_evaluation(e in arb_expr(), x in arb_values()) {
        let v = vars();
        let Ok(s) = build(&e, &v) else { return Ok(()) };
        // every symbol by its value: the constant
        if let (Ok(want), Ok(c)) = (direct(&e, &x), s.subs(&|n: &str| values(&x)(n).map(Sym::from))) {
            prop_assert_eq!(c, Sym::from(want), "{}", s);
        }
        // M by N + 1, t by x*x, K by 8*M: evaluate with the values those take
        let by = |n: &str| match n {
            "M" => Some((&v[1] + 1).unwrap()),
            "t" => Some((&v[3] * &v[3]).unwrap()),
            "K" => Some((&v[0] * 8).unwrap()),
            _ => None,
        };
        let y = [x[1] + 1, x[1], x[3] * x[3], x[3], 8 * x[0]];
        let want = s.eval(&values(&y));
        if let (Ok(t), Ok(want)) = (s.subs(&by), want) {
            match t.eval(&values(&x)) {
                Ok(got) => prop_assert_eq!(got, want, "{} -> {}", s, t),
                Err(err) => prop_assert!(tolerated(&err), "{t}: {err}"),
            }
        }
    }
}

#[test]
fn same_value_built_two_ways() {
    let v = vars();
    let (m, n) = (&v[0], &v[1]);
    // (4*M + N) // 4 and M + N // 4
    let a = ((m * 4).unwrap() + n)
        .unwrap()
        .floor_div(&4.into())
        .unwrap();
    let b = (m + n.floor_div(&4.into()).unwrap()).unwrap();
    assert_eq!(a, b);
    // (M + N)*(M - N) and M**2 - N**2
    let a = ((m + n).unwrap() * (m - n).unwrap()).unwrap();
    let b = (m.pow(2).unwrap() - n.pow(2).unwrap()).unwrap();
    assert_eq!(a, b);
    // Mod(8*M + 3 + N, 4) and Mod(N + 3, 4)
    let a = ((m * 8).unwrap() + (n + 3).unwrap())
        .unwrap()
        .floor_mod(&4.into())
        .unwrap();
    let b = (n + 3).unwrap().floor_mod(&4.into()).unwrap();
    assert_eq!(a, b);
}
