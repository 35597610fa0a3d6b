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
//! - substitution agrees with evaluation;
//! - division and remainder by symbolic divisors, nested, terminate on a
//!   small stack, agree with the integers, and do not depend on the sign
//!   the divisor is written with.

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

/// Expressions rich in floor division, remainder and ceiling division, so
/// that divisors are themselves symbolic quotients and remainders, and in
/// exact quotients of `K` (multiples of the generator `K/8`, whose
/// coefficients were once kept in `[0, d)`, so that the forms of `e` and
/// `-e` could both lead negative).
fn arb_division_expr() -> impl Strategy<Value = E> {
    let exact = |d: i64| E::Bin(Op::Div, Box::new(E::Var(4)), Box::new(E::Lit(d)));
    let leaf = prop_oneof![
        3 => (0..NAMES.len()).prop_map(E::Var),
        2 => (-9i64..10).prop_map(E::Lit),
        1 => prop::sample::select(&[2i64, 4, 8][..]).prop_map(exact),
    ];
    leaf.prop_recursive(5, 40, 2, |inner| {
        let op = prop_oneof![
            2 => Just(Op::Add),
            2 => Just(Op::Sub),
            1 => Just(Op::Mul),
            3 => Just(Op::Div),
            3 => Just(Op::Mod),
            2 => Just(Op::CeilDiv),
            1 => Just(Op::Min),
            1 => Just(Op::Max),
        ];
        prop_oneof![
            1 => inner.clone().prop_map(|a| E::Neg(Box::new(a))),
            6 => (op, inner.clone(), inner).prop_map(|(o, a, b)| E::Bin(o, Box::new(a), Box::new(b))),
        ]
    })
}

/// The stack the small-stack properties run on: an eighth of a test
/// thread's default, at least four times what the operations on these
/// expressions take in a debug build, so that recursion much deeper than an
/// expression's nesting overflows on every run that draws it, not only
/// where stacks happen to be smaller.
const SMALL_STACK: usize = 256 * 1024;

/// Runs `f` on a thread with a [`SMALL_STACK`] and returns what it returns.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let h = std::thread::Builder::new()
        .name("small stack".into())
        .stack_size(SMALL_STACK)
        .spawn(f)
        .expect("spawn a thread");
    match h.join() {
        Ok(t) => t,
        Err(p) => std::panic::resume_unwind(p),
    }
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

/// Checks `a op b` for floor division, remainder and ceiling division:
/// the result is an error only where [`tolerated`] or for the divisor 0
/// (the bound on how deep the rules of division re-enter is not tolerated:
/// no expression should reach it), evaluates like the integers at `x`, and
/// floor division and remainder give the same form for `-a op -b`
/// (`floor(-a/-b)`, `-Mod(-a, -b)`) as for `a op b`.
fn check_divisions(ea: &E, eb: &E, x: &[i64; 5]) -> std::result::Result<(), TestCaseError> {
    let v = vars();
    let (Ok(a), Ok(b)) = (build(ea, &v), build(eb, &v)) else {
        return Ok(());
    };
    let (Ok(na), Ok(nb)) = (a.checked_neg(), b.checked_neg()) else {
        return Ok(());
    };
    for op in [Op::Div, Op::Mod, Op::CeilDiv] {
        let e = E::Bin(op, Box::new(ea.clone()), Box::new(eb.clone()));
        let want = direct(&e, x);
        let (got, flipped) = match op {
            Op::Div => (a.floor_div(&b), na.floor_div(&nb)),
            Op::Mod => (
                a.floor_mod(&b),
                na.floor_mod(&nb).and_then(|m| m.checked_neg()),
            ),
            _ => (a.ceil_div(&b), Ok(Sym::from(0))),
        };
        let s = match got {
            Ok(s) => s,
            Err(err) => {
                prop_assert!(
                    tolerated(&err) || b == Sym::from(0),
                    "{a} {op:?} {b}: {err}"
                );
                continue;
            }
        };
        if let Ok(w) = want {
            match s.eval(&values(x)) {
                Ok(g) => prop_assert_eq!(g, w, "{} {:?} {} = {} at {:?}", a, op, b, s, x),
                Err(err) => prop_assert!(tolerated(&err), "{s} at {x:?}: {err}"),
            }
        }
        if matches!(op, Op::Div | Op::Mod) {
            if let Ok(f) = flipped {
                prop_assert_eq!(&f, &s, "{} {:?} {}, and negated both", a, op, b);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// The cases are drawn on the test's thread (drawing deep recursive
    /// values takes stack of its own), the expressions built, divided,
    /// evaluated and substituted on a small one.
    #[test]
    fn symbolic_divisors_terminate_on_a_small_stack(
        a in arb_division_expr(),
        b in arb_division_expr(),
        x in arb_values(),
    ) {
        on_small_stack(move || {
            check_divisions(&a, &b, &x)?;
            // and the remainder as a whole, evaluated and substituted
            let e = E::Bin(Op::Mod, Box::new(a), Box::new(b));
            let Ok(s) = build(&e, &vars()) else {
                return Ok(());
            };
            if let Ok(want) = direct(&e, &x) {
                let every = |n: &str| values(&x)(n).map(Sym::from);
                match s.subs(&every) {
                    Ok(c) => prop_assert_eq!(c, Sym::from(want), "{}", s),
                    Err(err) => prop_assert!(tolerated(&err), "{s} at {x:?}: {err}"),
                }
            }
            Ok(())
        })?;
    }

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
            // where the strict order is decided, the weak one is that order
            prop_assert_eq!(a.int_cmp_weak(&b), Some(o), "{} vs {}", a, b);
        }
        // the weak order: `<=`, `>=` or `==` for every admissible value
        let weak_ok = match a.int_cmp_weak(&b) {
            Some(Ordering::Less) => va <= vb,
            Some(Ordering::Greater) => va >= vb,
            Some(Ordering::Equal) => va == vb,
            None => true,
        };
        prop_assert!(weak_ok, "{} vs {} weakly {:?}, values {} and {} at {:?}",
            a, b, a.int_cmp_weak(&b), va, vb, x);
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

/// `(M - K) % (x - K // 4)`: the canonical forms of `x - floor(K/4)` and
/// of its negation once both led with a negative coefficient (an exact
/// quotient's coefficient was kept in `[0, 4)`: `-K + x + 3*floor(K/4)`
/// and `-x + floor(K/4)`), and negating the divisor until it did not
/// recursed without end. Both are now polynomials over `K/8`, and the
/// divisor is `-x + floor(K/4)`, the one that leads with a positive
/// coefficient.
#[test]
fn remainder_by_a_divisor_negative_both_ways() {
    let e = E::Bin(
        Op::Mod,
        Box::new(E::Bin(
            Op::Add,
            Box::new(E::Neg(Box::new(E::Var(4)))),
            Box::new(E::Var(0)),
        )),
        Box::new(E::Bin(
            Op::Sub,
            Box::new(E::Var(3)),
            Box::new(E::Bin(Op::Div, Box::new(E::Var(4)), Box::new(E::Lit(4)))),
        )),
    );
    let E::Bin(_, a, b) = &e else { unreachable!() };
    let (a, b) = ((**a).clone(), (**b).clone());
    on_small_stack(move || {
        let s = build(&e, &vars()).expect("the remainder is an expression");
        assert_eq!(s.to_string(), "-Mod(K - M, -x + floor(K/4))");
        // the divisor is 3, -7, -10 and 0
        for x in [
            [1, 1, 0, 5, 8],
            [7, 1, 0, -3, 16],
            [2, 1, 0, 0, 40],
            [3, 1, 0, 2, 8],
        ] {
            assert_eq!(s.eval(&values(&x)).ok(), direct(&e, &x).ok(), "at {x:?}");
            check_divisions(&a, &b, &x).expect("the divisions agree");
        }
    });
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

/// The products seed 86 drew, reduced: with `K` a positive multiple of 8 and
/// `M` positive, `a = -M`, `b = ceil(K/-8) + M`, `c = 2*M + ceil(K/-2)`.
/// `floor(-K/8)`, `floor(-K/2)` and `floor(K/2)` were independent atoms
/// (`floor(-K/2) = 4*floor(-K/8) = -floor(K/2)`), and multiplying an exact
/// quotient back into `K` happened only to a lone coefficient, not to
/// products such as `K*floor(-K/2)`: `(a*b)*c` and `a*(b*c)` were different
/// forms of one value.
#[test]
fn exact_quotients_of_one_symbol_are_one_generator() {
    let v = vars();
    let (m, k) = (&v[0], &v[4]);
    let a = m.checked_neg().unwrap();
    let b = (k.ceil_div(&Sym::from(-8)).unwrap() + m).unwrap();
    let c = ((m * 2).unwrap() + k.ceil_div(&Sym::from(-2)).unwrap()).unwrap();
    let l = ((&a * &b).unwrap() * &c).unwrap();
    let r = (&a * (&b * &c).unwrap()).unwrap();
    assert_eq!(l, r);
    assert_eq!(l.to_string(), r.to_string());
    for p in [
        ((&a * &c).unwrap() * &b).unwrap(),
        ((&b * &c).unwrap() * &a).unwrap(),
        (&c * (&b * &a).unwrap()).unwrap(),
    ] {
        assert_eq!(p, l);
    }
    // -M*(M - K/8)*(2*M - K/2)
    assert_eq!(
        l.to_string(),
        "-2*M**3 + 3*M**2*floor(K/4) - M*floor(K**2/16)"
    );
    for (mv, kv) in [(1, 8), (3, 16), (7, 40), (2, 64)] {
        let vals = |n: &str| match n {
            "M" => Some(mv),
            "K" => Some(kv),
            _ => None,
        };
        let want = -mv * (mv - kv / 8) * (2 * mv - kv / 2);
        assert_eq!(l.eval(&vals).unwrap(), want, "M = {mv}, K = {kv}");
    }
}
