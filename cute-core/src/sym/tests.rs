//! Unit tests: one per simplification rule, decision, printing and code
//! generation convention.

extern crate std;

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::*;
use crate::error::ErrorClass;
use crate::int::{
    DynInt, IntAdd, IntCeilDiv, IntCmp, IntDiv, IntDivides, IntGcd, IntLeaf, IntMax, IntMin,
    IntMul, IntRem, IntSub,
};

fn sym(name: &str) -> Sym {
    Sym::symbol(name).unwrap()
}
fn sym_with(name: &str, a: Assumptions) -> Sym {
    Sym::symbol_with(name, a).unwrap()
}
fn any(name: &str) -> Sym {
    sym_with(name, Assumptions::any())
}
fn nonneg(name: &str) -> Sym {
    sym_with(name, Assumptions::nonnegative())
}
fn k128() -> Sym {
    sym_with("K", Assumptions::positive().multiple_of(128).unwrap())
}
fn c(v: i64) -> Sym {
    Sym::from(v)
}
fn add(a: &Sym, b: &Sym) -> Sym {
    a.checked_add(b).unwrap()
}
fn sub(a: &Sym, b: &Sym) -> Sym {
    a.checked_sub(b).unwrap()
}
fn mul(a: &Sym, b: &Sym) -> Sym {
    a.checked_mul(b).unwrap()
}
fn fd(a: &Sym, b: &Sym) -> Sym {
    a.floor_div(b).unwrap()
}
fn fm(a: &Sym, b: &Sym) -> Sym {
    a.floor_mod(b).unwrap()
}
fn lin(terms: &[(i64, &Sym)], k: i64) -> Sym {
    terms
        .iter()
        .fold(c(k), |acc, (co, s)| add(&acc, &mul(&c(*co), s)))
}
fn txt(s: &Sym) -> String {
    s.to_string()
}
fn at(pairs: &'static [(&'static str, i64)]) -> impl Fn(&str) -> Option<i64> {
    move |n| pairs.iter().find(|(k, _)| *k == n).map(|(_, v)| *v)
}
fn undecidable_msg(r: Result<impl core::fmt::Debug>) -> String {
    match r {
        Err(e @ Error::Undecidable { .. }) => {
            assert_eq!(e.class(), ErrorClass::ValueError);
            e.to_string()
        }
        other => panic!("expected Undecidable, got {other:?}"),
    }
}

#[test]
fn test_printing() {
    let (m, n) = (sym("M"), sym("N"));
    assert_eq!(txt(&n), "N");
    assert_eq!(txt(&lin(&[(4, &n)], 0)), "4*N");
    assert_eq!(txt(&lin(&[(1, &n)], 3)), "N + 3");
    assert_eq!(txt(&mul(&m, &n)), "M*N");
    assert_eq!(txt(&mul(&n, &m)), "M*N");
    assert_eq!(txt(&lin(&[(1, &n), (2, &m)], 0)), "2*M + N");
    assert_eq!(
        txt(&add(&mul(&m, &n), &lin(&[(2, &m)], 3))),
        "M*N + 2*M + 3"
    );
    assert_eq!(txt(&lin(&[(1, &m)], -1)), "M - 1");
    assert_eq!(txt(&lin(&[(-1, &m), (1, &n)], 0)), "-M + N");
    assert_eq!(txt(&lin(&[(-1, &m)], 0)), "-M");
    assert_eq!(txt(&mul(&c(-2), &mul(&m, &n))), "-2*M*N");
    assert_eq!(txt(&mul(&m, &m)), "M**2");
    assert_eq!(txt(&add(&mul(&m, &mul(&m, &n)), &m)), "M**2*N + M");
    // sympy's lex order: x before y**2, uppercase before lowercase
    let (x, y) = (any("x"), any("y"));
    assert_eq!(txt(&add(&mul(&y, &y), &x)), "x + y**2");
    assert_eq!(txt(&add(&x, &m)), "M + x");
    let sq = mul(&add(&x, &y), &add(&x, &y));
    assert_eq!(txt(&sq), "x**2 + 2*x*y + y**2");
    assert_eq!(txt(&fd(&n, &c(4))), "floor(N/4)");
    assert_eq!(txt(&fm(&n, &c(4))), "Mod(N, 4)");
    assert_eq!(txt(&m.min_sym(&n).unwrap()), "Min(M, N)");
    assert_eq!(txt(&n.max_sym(&m).unwrap()), "Max(M, N)");
    assert_eq!(txt(&fd(&lin(&[(1, &m)], 1), &n)), "floor((M + 1)/N)");
    assert_eq!(txt(&fd(&m, &lin(&[(1, &n)], 1))), "floor(M/(N + 1))");
    assert_eq!(txt(&fd(&m, &lin(&[(2, &n)], 0))), "floor(M/(2*N))");
    assert_eq!(txt(&fd(&lin(&[(3, &m)], 0), &c(4))), "floor(3*M/4)");
    assert_eq!(txt(&fd(&lin(&[(-1, &x)], 0), &c(4))), "floor(-x/4)");
    assert_eq!(txt(&fd(&c(3), &n)), "floor(3/N)");
    assert_eq!(txt(&mul(&c(-2), &fm(&n, &c(4)))), "-2*Mod(N, 4)");
    assert_eq!(format!("{:?}", lin(&[(4, &m)], 3)), "4*M + 3");
    // as sympy 1.14 prints the same expressions
    let k = sym("K");
    let (m4, f4) = (fm(&n, &c(4)), fd(&n, &c(4)));
    assert_eq!(txt(&mul(&m, &m4)), "M*(Mod(N, 4))");
    assert_eq!(txt(&mul(&m4, &f4)), "(Mod(N, 4))*floor(N/4)");
    assert_eq!(txt(&mul(&m4, &m4)), "(Mod(N, 4))**2");
    assert_eq!(txt(&mul(&c(-1), &mul(&m4, &m4))), "-(Mod(N, 4))**2");
    assert_eq!(txt(&lin(&[(-1, &m4)], 0)), "-Mod(N, 4)");
    assert_eq!(txt(&lin(&[(1, &x), (3, &m4)], 0)), "x + 3*(Mod(N, 4))");
    assert_eq!(txt(&lin(&[(1, &x), (-3, &m4)], 0)), "x - 3*Mod(N, 4)");
    assert_eq!(txt(&mul(&c(-2), &mul(&m, &m4))), "-2*M*Mod(N, 4)");
    assert_eq!(txt(&mul(&c(2), &mul(&m, &m4))), "2*M*(Mod(N, 4))");
    assert_eq!(txt(&mul(&mul(&m, &x), &m4)), "M*x*(Mod(N, 4))");
    let mix = [
        m.clone(),
        m4.clone(),
        f4.clone(),
        m.max_sym(&n).unwrap(),
        m.min_sym(&n).unwrap(),
    ];
    let sum = mix.iter().rev().fold(c(0), |acc, e| add(&acc, e));
    assert_eq!(
        txt(&sum),
        "M + Mod(N, 4) + floor(N/4) + Max(M, N) + Min(M, N)"
    );
    assert_eq!(
        txt(&add(&fd(&n, &k), &fm(&m, &k))),
        "Mod(M, K) + floor(N/K)"
    );
    assert_eq!(txt(&add(&x, &m.min_sym(&n).unwrap())), "x + Min(M, N)");
    assert_eq!(txt(&fd(&lin(&[(1, &m)], -1), &c(4))), "floor(M/4 - 1/4)");
    assert_eq!(txt(&fd(&lin(&[(3, &m)], 1), &c(4))), "floor(3*M/4 + 1/4)");
    assert_eq!(
        txt(&fd(&lin(&[(-1, &m), (1, &n)], 0), &c(4))),
        "floor(-M/4 + N/4)"
    );
    assert_eq!(
        txt(&fd(&add(&mul(&m, &n), &c(2)), &c(4))),
        "floor(M*N/4 + 1/2)"
    );
    assert_eq!(txt(&fd(&mul(&m, &m), &c(4))), "floor(M**2/4)");
    assert_eq!(
        txt(&fd(&add(&m, &n), &lin(&[(2, &n)], 0))),
        "floor((M + N)/(2*N))"
    );
    assert_eq!(txt(&fd(&m, &mul(&n, &n))), "floor(M/N**2)");
    assert_eq!(txt(&fd(&m, &mul(&k, &n))), "floor(M/(K*N))");
    assert_eq!(txt(&fd(&fm(&m, &c(4)), &n)), "floor((Mod(M, 4))/N)");
    assert_eq!(txt(&fd(&lin(&[(-1, &m)], -1), &n)), "floor((-M - 1)/N)");
    assert_eq!(txt(&fd(&lin(&[(-2, &m)], 0), &n)), "floor(-2*M/N)");
    assert_eq!(txt(&fd(&c(-3), &n)), "floor(-3/N)");
    assert_eq!(
        txt(&fd(&mul(&m, &n), &add(&k, &c(1)))),
        "floor(M*N/(K + 1))"
    );
    let xm8 = fm(&x, &c(8));
    assert_eq!(
        txt(&fd(&lin(&[(3, &xm8)], 0), &c(5))),
        "floor(3*(Mod(x, 8))/5)"
    );
    assert_eq!(
        txt(&fd(&lin(&[(-3, &xm8)], 0), &c(5))),
        "floor(-3*Mod(x, 8)/5)"
    );
    assert_eq!(
        txt(&fd(&add(&xm8, &m), &c(5))),
        "floor(M/5 + (Mod(x, 8))/5)"
    );
    assert_eq!(txt(&fd(&mul(&xm8, &m), &c(5))), "floor(M*(Mod(x, 8))/5)");
    assert_eq!(txt(&fd(&add(&xm8, &m), &n)), "floor((M + Mod(x, 8))/N)");
    assert_eq!(
        txt(&fd(&m.min_sym(&n).unwrap(), &c(4))),
        "floor(Min(M, N)/4)"
    );
    assert_eq!(
        txt(&mul(&c(2), &mul(&m, &m.min_sym(&n).unwrap()))),
        "2*M*Min(M, N)"
    );
    assert_eq!(txt(&sub(&fm(&x, &c(4)), &c(4))), "Mod(x, 4) - 4");
    assert_eq!(txt(&lin(&[(-1, &x)], 1)), "1 - x");
    assert_eq!(txt(&lin(&[(-6, &n)], 6)), "6 - 6*N");
    assert_eq!(txt(&sub(&c(1), &mul(&x, &x))), "1 - x**2");
    assert_eq!(
        txt(&sub(&c(4), &x.min_sym(&c(3)).unwrap())),
        "4 - Min(3, x)"
    );
    assert_eq!(txt(&sub(&c(1), &mul(&x, &y))), "-x*y + 1");
    assert_eq!(txt(&lin(&[(-1, &x), (1, &y)], 1)), "-x + y + 1");
    assert_eq!(txt(&fd(&lin(&[(-1, &m)], 2), &c(4))), "floor(1/2 - M/4)");
    assert_eq!(
        txt(&fm(&lin(&[(-7, &nonneg("t"))], 1), &m)),
        "Mod(1 - 7*t, M)"
    );
    assert_eq!(txt(&fd(&c(1), &m4)), "floor(1/(Mod(N, 4)))");
    assert_eq!(txt(&fd(&c(-8), &m4)), "floor(-8/Mod(N, 4))");
    assert_eq!(
        txt(&fd(&lin(&[(-1, &n)], 0), &lin(&[(3, &xm8)], 0))),
        "floor(-N/(3*Mod(x, 8)))"
    );
    assert_eq!(
        txt(&fd(&n, &lin(&[(3, &xm8)], 0))),
        "floor(N/(3*(Mod(x, 8))))"
    );
    assert_eq!(txt(&c(-7)), "-7");
    assert_eq!(txt(&lin(&[(i64::MIN, &m)], 0)), "-9223372036854775808*M");
    // a layout's printing goes through fmt_leaf
    struct Leaf<'a>(&'a Sym);
    impl core::fmt::Display for Leaf<'_> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            self.0.fmt_leaf(f)
        }
    }
    assert_eq!(Leaf(&lin(&[(4, &n)], 0)).to_string(), "4*N");
}

#[test]
fn test_ring_canonical_form() {
    let (m, n) = (sym("M"), sym("N"));
    assert_eq!(mul(&m, &c(1)), m);
    assert_eq!(add(&m, &c(0)), m);
    assert_eq!(mul(&m, &c(0)), c(0));
    assert_eq!(sub(&m, &m), c(0));
    assert_eq!(sub(&add(&m, &n), &n), m);
    assert_eq!(add(&m, &n), add(&n, &m));
    assert_eq!(mul(&m, &n), mul(&n, &m));
    let sq = mul(&add(&m, &n), &add(&m, &n));
    assert_eq!(txt(&sq), "M**2 + 2*M*N + N**2");
    assert_eq!(
        sq,
        add(&add(&mul(&m, &m), &mul(&c(2), &mul(&m, &n))), &mul(&n, &n))
    );
    assert_eq!(m.pow(3).unwrap(), mul(&m, &mul(&m, &m)));
    assert_eq!(m.pow(0).unwrap(), c(1));
    // constants fold
    assert_eq!(add(&c(3), &c(4)), c(7));
    assert_eq!(mul(&add(&m, &c(2)), &c(3)), lin(&[(3, &m)], 6));
    // the same symbol, built twice
    assert_eq!(sym("M"), m);
    assert_ne!(nonneg("M"), m);
    assert_eq!(m.try_const(), None);
    assert_eq!(sub(&m, &m).try_const(), Some(0));
    assert!(!c(3).is_static());
}

#[test]
fn test_overflow_is_an_error() {
    let m = sym("M");
    let big = lin(&[(i64::MAX, &m)], 0);
    let e = big.checked_add(&m).unwrap_err();
    assert_eq!(e.class(), ErrorClass::ValueError);
    assert!(matches!(e, Error::Overflow { .. }), "{e}");
    assert!(big.checked_mul(&c(2)).is_err());
    assert!(c(i64::MAX).checked_add(&c(1)).is_err());
    assert!(lin(&[(i64::MIN, &m)], 0).checked_neg().is_err());
    assert!((&big + &m).is_err());
    // wrapping forms wrap coefficients modulo 2^64
    assert_eq!(big.wrapping_int_add(&big), lin(&[(-2, &m)], 0));
    assert_eq!(big.wrapping_int_mul(&2_i64), lin(&[(-2, &m)], 0));
    assert_eq!(
        c(i64::MIN).wrapping_int_sub(&c(1)),
        c(i64::MAX),
        "constants wrap too"
    );
}

#[test]
fn test_floor_div_rules() {
    let (m, n) = (sym("M"), sym("N"));
    let x = any("x");
    assert_eq!(fd(&x, &c(1)), x);
    assert_eq!(fd(&x, &c(-1)), lin(&[(-1, &x)], 0));
    assert_eq!(fd(&x, &x), c(1));
    assert_eq!(fd(&c(0), &x), c(0));
    assert_eq!(fd(&c(7), &c(2)), c(3));
    assert_eq!(fd(&c(-7), &c(2)), c(-4));
    // a negative divisor is negated
    assert_eq!(fd(&x, &c(-4)), fd(&lin(&[(-1, &x)], 0), &c(4)));
    assert_eq!(fd(&m, &lin(&[(-1, &n)], 0)), fd(&lin(&[(-1, &m)], 0), &n));
    // (a*k)/k = a and (b*q + r) // b = q + r // b
    assert_eq!(fd(&lin(&[(8, &m)], 0), &c(8)), m);
    assert_eq!(fd(&lin(&[(8, &m)], 0), &c(4)), lin(&[(2, &m)], 0));
    assert_eq!(
        txt(&fd(&lin(&[(4, &m), (1, &n)], 0), &c(4))),
        "M + floor(N/4)"
    );
    assert_eq!(fd(&lin(&[(8, &n)], 3), &c(8)), n);
    assert_eq!(txt(&fd(&add(&mul(&m, &n), &c(3)), &n)), "M + floor(3/N)");
    assert_eq!(fd(&mul(&m, &n), &n), m);
    assert_eq!(fd(&lin(&[(2, &m), (2, &n)], 0), &add(&m, &n)), c(2));
    // a common coefficient cancels
    assert_eq!(txt(&fd(&lin(&[(2, &m)], 2), &c(4))), "floor(M/2 + 1/2)");
    assert_eq!(
        fd(&lin(&[(6, &m)], 0), &lin(&[(4, &n)], 0)),
        fd(&lin(&[(3, &m)], 0), &lin(&[(2, &n)], 0))
    );
    // a common monomial cancels: floor(a*g/(b*g)) = floor(a/b)
    let t = nonneg("t");
    assert_eq!(fd(&mul(&n, &t), &mul(&t, &x)), fd(&n, &x));
    assert_eq!(fd(&t, &mul(&t, &t)), fd(&c(1), &t));
    assert_eq!(fd(&mul(&m, &x), &lin(&[(7, &x)], 0)), fd(&m, &c(7)));
    // nested floors by constants merge
    assert_eq!(fd(&fd(&x, &c(2)), &c(3)), fd(&x, &c(6)));
    // a range one quotient covers
    assert_eq!(fd(&fm(&x, &c(4)), &c(8)), c(0));
    assert_eq!(fd(&add(&fm(&x, &c(4)), &c(8)), &c(8)), c(1));
    // 0 <= r < d
    assert_eq!(fd(&fm(&x, &n), &n), c(0));
    assert_eq!(fd(&m, &add(&m, &c(1))), c(0));
    // -d <= r < 0 gives -1
    assert_eq!(fd(&c(-1), &n), c(-1));
    assert_eq!(fd(&lin(&[(-1, &m)], 0), &add(&m, &n)), c(-1));
    // what does not reduce is an atom
    assert_eq!(txt(&fd(&m, &n)), "floor(M/N)");
    assert_eq!(txt(&fd(&c(-2), &n)), "floor(-2/N)");
    // by zero
    let e = m.floor_div(&c(0)).unwrap_err();
    assert_eq!(e.to_string(), "//: M // 0: division by zero");
    assert!(c(i64::MIN).floor_div(&c(-1)).is_err());
}

#[test]
fn test_floor_mod_rules() {
    let (m, n) = (sym("M"), sym("N"));
    let x = any("x");
    assert_eq!(fm(&x, &c(1)), c(0));
    assert_eq!(fm(&x, &c(-1)), c(0));
    assert_eq!(fm(&x, &x), c(0));
    assert_eq!(fm(&c(-7), &c(2)), c(1));
    assert_eq!(fm(&c(7), &c(-2)), c(-1));
    // (a*n) % n = 0 and (b*q + r) % b = r % b
    assert_eq!(fm(&lin(&[(8, &m)], 0), &c(8)), c(0));
    assert_eq!(fm(&lin(&[(8, &m)], 3), &c(4)), c(3));
    assert_eq!(fm(&mul(&m, &n), &n), c(0));
    assert_eq!(txt(&fm(&add(&mul(&m, &n), &c(3)), &n)), "Mod(3, N)");
    // coefficients into [0, c)
    assert_eq!(txt(&fm(&lin(&[(5, &m)], -1), &c(4))), "Mod(M + 3, 4)");
    assert_eq!(txt(&fm(&lin(&[(-1, &m)], 0), &c(4))), "Mod(3*M, 4)");
    // a common coefficient factors out
    assert_eq!(txt(&fm(&lin(&[(2, &m)], 0), &c(4))), "2*(Mod(M, 2))");
    assert_eq!(
        fm(&lin(&[(2, &m)], 0), &lin(&[(2, &n)], 0)),
        mul(&c(2), &fm(&m, &n))
    );
    // a common monomial factors out: Mod(a*g, b*g) = g*Mod(a, b)
    let t = nonneg("t");
    assert_eq!(
        txt(&fm(&lin(&[(2, &mul(&n, &t))], 0), &mul(&m, &n))),
        "N*(Mod(2*t, M))"
    );
    assert_eq!(txt(&fm(&mul(&n, &x), &mul(&t, &x))), "x*(Mod(N, t))");
    assert_eq!(txt(&fm(&mul(&m, &x), &lin(&[(4, &x)], 0))), "x*(Mod(M, 4))");
    // nested remainders
    assert_eq!(fm(&fm(&x, &c(8)), &c(4)), fm(&x, &c(4)));
    assert_eq!(fm(&fm(&x, &c(4)), &c(4)), fm(&x, &c(4)));
    assert_eq!(fm(&fm(&x, &n), &n), fm(&x, &n));
    assert_eq!(fm(&add(&fm(&x, &n), &m), &n), fm(&add(&x, &m), &n));
    assert_eq!(fm(&fm(&x, &c(4)), &c(8)), fm(&x, &c(4)));
    // 0 <= r < d, and -d <= r < 0
    assert_eq!(fm(&m, &add(&m, &c(1))), m);
    assert_eq!(fm(&c(-1), &n), lin(&[(1, &n)], -1));
    assert_eq!(fm(&lin(&[(-1, &m)], 0), &add(&m, &n)), n);
    // a negative divisor: Mod(a, -b) = -Mod(-a, b)
    let r = fm(&x, &c(-4));
    for v in -9..9 {
        assert_eq!(
            r.eval(&|_| Some(v)).unwrap(),
            crate::checked::floor_rem(v, -4).unwrap()
        );
    }
    // assumptions: a multiple of 128
    let k = k128();
    assert_eq!(fm(&k, &c(128)), c(0));
    assert_eq!(fm(&k, &c(64)), c(0));
    assert_eq!(fm(&lin(&[(1, &k)], 5), &c(32)), c(5));
    // Mod(128*(K/128), 256) = 128*Mod(K/128, 2)
    assert_eq!(txt(&fm(&k, &c(256))), "128*(Mod(floor(K/128), 2))");
    assert_eq!(fm(&k, &c(256)), mul(&fm(&fd(&k, &c(128)), &c(2)), &c(128)));
    assert_eq!(fd(&lin(&[(1, &k)], 5), &c(128)), fd(&k, &c(128)));
    assert!(m.floor_mod(&c(0)).is_err());
}

#[test]
fn test_ceil_div() {
    let (m, n) = (sym("M"), sym("N"));
    let x = any("x");
    let q = m.ceil_div(&c(4)).unwrap();
    assert_eq!(txt(&q), "floor(M/4 + 3/4)");
    assert_eq!(lin(&[(8, &m)], 0).ceil_div(&c(8)).unwrap(), m);
    assert_eq!(c(7).ceil_div(&c(2)).unwrap(), c(4));
    for (a, b) in [(&x, &c(-3)), (&x, &n), (&m, &n)] {
        let q = a.ceil_div(b).unwrap();
        for (xv, mv, nv) in [(-7, 1, 1), (7, 3, 2), (0, 5, 7), (-1, 8, 3)] {
            let vals = move |s: &str| match s {
                "x" => Some(xv),
                "M" => Some(mv),
                _ => Some(nv),
            };
            let want = crate::checked::ceil_div(a.eval(&vals).unwrap(), b.eval(&vals).unwrap());
            assert_eq!(q.eval(&vals).unwrap(), want.unwrap());
        }
    }
    assert!(m.ceil_div(&c(0)).is_err());
}

#[test]
fn test_min_max() {
    let (m, n) = (sym("M"), sym("N"));
    assert_eq!(m.min_sym(&m).unwrap(), m);
    assert_eq!(m.min_sym(&add(&m, &c(1))).unwrap(), m);
    assert_eq!(m.max_sym(&add(&m, &c(1))).unwrap(), add(&m, &c(1)));
    assert_eq!(m.max_sym(&c(1)).unwrap(), m);
    assert_eq!(m.min_sym(&c(0)).unwrap(), c(0));
    assert_eq!(
        txt(&Sym::min_of(&[c(5), m.clone(), c(3)]).unwrap()),
        "Min(3, M)"
    );
    let k = k128();
    assert_eq!(k.min_sym(&c(64)).unwrap(), c(64));
    // nested ones flatten, arguments sort
    let mn = m.min_sym(&n).unwrap();
    assert_eq!(mn, n.min_sym(&m).unwrap());
    assert_eq!(txt(&mn.min_sym(&k).unwrap()), "Min(K, M, N)");
    assert_eq!(mn.min_sym(&m).unwrap(), mn);
    // absorption
    assert_eq!(m.max_sym(&mn).unwrap(), m);
    assert_eq!(m.min_sym(&m.max_sym(&n).unwrap()).unwrap(), m);
    assert_eq!(m.max_sym(&c(6).min_sym(&m).unwrap()).unwrap(), m);
    assert!(Sym::min_of(&[]).is_err());
    assert_eq!(mn.bounds(), (Some(1), None));
    // the decided forms of the trait
    assert_eq!(m.int_min(&add(&m, &c(2))).unwrap(), m);
    assert_eq!(m.int_max(&c(1)).unwrap(), m);
    assert_eq!(m.int_max(&m).unwrap(), m);
    assert_eq!(c(3).int_min(&c(2)).unwrap(), c(2));
    assert_eq!(
        undecidable_msg(m.int_min(&n)),
        "min: cannot decide whether M < N"
    );
    assert_eq!(
        undecidable_msg(m.int_max(&c(4))),
        "max: cannot decide whether M < 4"
    );
}

#[test]
fn test_sign() {
    let (m, n) = (sym("M"), sym("N"));
    let (x, t) = (any("x"), nonneg("t"));
    assert_eq!(m.sign(), Sign::Positive);
    assert_eq!(t.sign(), Sign::NonNegative);
    assert_eq!(x.sign(), Sign::Unknown);
    assert_eq!(c(0).sign(), Sign::Zero);
    assert_eq!(c(-3).sign(), Sign::Negative);
    assert_eq!(lin(&[(1, &m)], -1).sign(), Sign::NonNegative);
    assert_eq!(lin(&[(2, &m)], -1).sign(), Sign::Positive);
    assert_eq!(lin(&[(1, &m), (1, &n)], -2).sign(), Sign::NonNegative);
    assert_eq!(lin(&[(1, &m)], -2).sign(), Sign::Unknown);
    assert_eq!(lin(&[(-1, &m)], 1).sign(), Sign::NonPositive);
    assert_eq!(sub(&m, &n).sign(), Sign::Unknown);
    assert_eq!(mul(&m, &n).sign(), Sign::Positive);
    assert_eq!(sub(&mul(&m, &n), &m).sign(), Sign::NonNegative);
    let e = sub(&mul(&c(2), &mul(&m, &n)), &add(&m, &n));
    assert_eq!(e.sign(), Sign::NonNegative);
    assert_eq!(sub(&mul(&m, &m), &m).sign(), Sign::NonNegative);
    assert_eq!(mul(&x, &x).sign(), Sign::NonNegative);
    assert_eq!(sub(&fm(&x, &c(4)), &c(4)).sign(), Sign::Negative);
    assert_eq!(fd(&t, &c(4)).sign(), Sign::NonNegative);
    assert_eq!(fd(&m, &c(4)).sign(), Sign::NonNegative);
    assert_eq!(fd(&lin(&[(1, &m)], 4), &c(4)).sign(), Sign::Positive);
    assert_eq!(fd(&x, &c(4)).sign(), Sign::Unknown);
    assert_eq!(fm(&x, &n).sign(), Sign::NonNegative);
    assert_eq!(k128().sign(), Sign::Positive);
    assert_eq!(k128().bounds(), (Some(128), None));
    assert_eq!(fm(&t, &c(8)).bounds(), (Some(0), Some(7)));
    assert_eq!(fd(&fm(&t, &c(64)), &c(8)).bounds(), (Some(0), Some(7)));
    assert_eq!(fm(&x, &c(-4)).bounds(), (Some(-3), Some(0)));
}

#[test]
fn test_comparisons() {
    let (m, n) = (sym("M"), sym("N"));
    assert_eq!(
        mul(&m, &n).int_cmp(&m).unwrap_err().class(),
        ErrorClass::ValueError
    );
    assert!(mul(&m, &n).is_ge(&m).unwrap());
    assert!(!mul(&m, &n).is_lt(&m).unwrap());
    assert_eq!(add(&m, &c(1)).int_cmp(&m).unwrap(), Ordering::Greater);
    assert_eq!(m.int_cmp(&lin(&[(4, &m)], 0)).unwrap(), Ordering::Less);
    assert_eq!(m.int_cmp(&m).unwrap(), Ordering::Equal);
    assert_eq!(m.int_cmp(&0_i64).unwrap(), Ordering::Greater);
    assert_eq!(0_i64.int_cmp(&m).unwrap(), Ordering::Less);
    assert_eq!(typenum::U0::default().int_cmp(&m).unwrap(), Ordering::Less);
    assert_eq!(
        undecidable_msg(m.int_cmp(&n)),
        "cmp: cannot decide whether M < N"
    );
    assert_eq!(
        undecidable_msg(mul(&m, &n).int_cmp(&m)),
        "cmp: cannot decide whether M*N > M"
    );
    assert_eq!(
        undecidable_msg(m.is_lt(&n)),
        "cmp: cannot decide whether M < N"
    );
    assert_eq!(
        undecidable_msg(m.is_ge(&c(2))),
        "cmp: cannot decide whether M >= 2"
    );
    assert!(m.is_ge(&c(1)).unwrap());
    assert!(m.is_gt(&c(0)).unwrap());
    assert!(!m.is_le(&c(0)).unwrap());
    assert!(c(2).is_lt(&c(3)).unwrap());
    assert_eq!(m.try_cmp(&add(&m, &n)).unwrap(), Ordering::Less);
}

#[test]
fn test_divides() {
    let (m, n) = (sym("M"), sym("N"));
    let x = any("x");
    let k = k128();
    assert!(c(128).int_divides(&mul(&c(128), &k)).unwrap());
    assert!(c(128).int_divides(&k).unwrap());
    assert!(c(8).int_divides(&lin(&[(8, &m), (16, &n)], 0)).unwrap());
    assert!(!c(8).int_divides(&lin(&[(8, &m)], 4)).unwrap());
    assert!(!c(4).int_divides(&lin(&[(2, &m)], 1)).unwrap());
    assert!(c(2).int_divides(&lin(&[(4, &fm(&x, &c(3)))], 2)).unwrap());
    assert!(!c(8).int_divides(&add(&fm(&x, &c(4)), &c(1))).unwrap());
    assert!(c(1).int_divides(&m).unwrap());
    assert!(c(-4).int_divides(&lin(&[(8, &m)], 0)).unwrap());
    assert!(c(0).int_divides(&c(0)).unwrap());
    assert!(!c(0).int_divides(&m).unwrap());
    assert!(m.int_divides(&c(0)).unwrap());
    assert!(m.int_divides(&mul(&c(4), &mul(&m, &n))).unwrap());
    assert!(m.int_divides(&add(&mul(&m, &n), &m)).unwrap());
    assert!(add(&m, &n)
        .int_divides(&lin(&[(3, &m), (3, &n)], 0))
        .unwrap());
    assert!(!add(&m, &c(1)).int_divides(&m).unwrap());
    assert!(8_i64.int_divides(&lin(&[(8, &m)], 0)).unwrap());
    assert!(lin(&[(8, &m)], 0)
        .int_divides(&lin(&[(16, &m)], 0))
        .unwrap());
    assert_eq!(
        undecidable_msg(c(8).int_divides(&m)),
        "divides: cannot decide whether 8 divides M"
    );
    assert_eq!(
        undecidable_msg(c(256).int_divides(&k)),
        "divides: cannot decide whether 256 divides K"
    );
    assert_eq!(
        undecidable_msg(m.int_divides(&n)),
        "divides: cannot decide whether M divides N"
    );
    assert_eq!(
        undecidable_msg(typenum::U8::default().int_divides(&m)),
        "divides: cannot decide whether 8 divides M"
    );
}

#[test]
fn test_gcd() {
    let (m, n) = (sym("M"), sym("N"));
    assert_eq!(c(4).int_gcd(&lin(&[(8, &m)], 2)).unwrap(), c(2));
    assert_eq!(c(4).int_gcd(&lin(&[(8, &m)], 0)).unwrap(), c(4));
    assert_eq!(lin(&[(8, &m)], 0).int_gcd(&c(-4)).unwrap(), c(4));
    assert_eq!(m.int_gcd(&mul(&m, &n)).unwrap(), m);
    assert_eq!(c(0).int_gcd(&m).unwrap(), m);
    assert_eq!(m.int_gcd(&m).unwrap(), m);
    assert_eq!(c(1).int_gcd(&m).unwrap(), c(1));
    assert_eq!(c(6).int_gcd(&c(4)).unwrap(), c(2));
    assert_eq!(k128().int_gcd(&c(64)).unwrap(), c(64));
    assert_eq!(
        undecidable_msg(m.int_gcd(&n)),
        "gcd: cannot decide gcd(M, N)"
    );
    assert_eq!(
        undecidable_msg(c(8).int_gcd(&lin(&[(4, &m)], 0))),
        "gcd: cannot decide gcd(8, 4*M)"
    );
}

#[test]
fn test_int_leaf_and_typenum_operands() {
    use typenum::{U0, U4, U8};
    let m = sym("M");
    assert_eq!(U4::default().int_mul(&m).unwrap(), lin(&[(4, &m)], 0));
    assert_eq!(m.int_add(&U4::default()).unwrap(), lin(&[(1, &m)], 4));
    assert_eq!(m.int_sub(&U0::default()).unwrap(), m);
    assert_eq!(U8::default().int_sub(&m).unwrap(), lin(&[(-1, &m)], 8));
    assert_eq!(lin(&[(8, &m)], 0).int_div(&U8::default()).unwrap(), m);
    assert_eq!(lin(&[(8, &m)], 3).int_rem(&U4::default()).unwrap(), c(3));
    assert_eq!(
        lin(&[(8, &m)], 0).int_ceil_div(&U4::default()).unwrap(),
        lin(&[(2, &m)], 0)
    );
    assert_eq!(3_i64.int_add(&m).unwrap(), lin(&[(1, &m)], 3));
    assert_eq!(m.int_mul(&-2_i64).unwrap(), lin(&[(-2, &m)], 0));
    assert_eq!(20_i64.int_rem(&c(6)).unwrap(), c(2));
    assert_eq!(m.wrapping_int_add(&U4::default()), lin(&[(1, &m)], 4));
    assert!(m.int_div(&0_i64).is_err());
    const { assert!(!<Sym as IntLeaf>::IS_STATIC) };
}

/// The generic algebra's view: any `DynInt`.
fn generic_extent<I: DynInt>(shape: &[I], stride: &[I]) -> Result<I> {
    // cosize = sum (s - 1) * d + 1
    let mut acc = I::from_i64(1);
    for (s, d) in shape.iter().zip(stride) {
        let s1 = s.int_sub(&I::from_i64(1))?;
        acc = acc.int_add(&s1.int_mul(d)?)?;
    }
    Ok(acc)
}

#[test]
fn test_dyn_int() {
    let (m, n) = (sym("M"), sym("N"));
    assert_eq!(generic_extent(&[4_i64, 8], &[1, 4]).unwrap(), 32);
    let e = generic_extent(&[m.clone(), n.clone()], &[c(1), m.clone()]).unwrap();
    assert_eq!(txt(&e), "M*N");
    let e = generic_extent(&[c(4), c(8)], &[c(1), c(4)]).unwrap();
    assert_eq!(e, Sym::from_i64(32));
    assert!(e.is_const(32));
}

#[test]
fn test_std_operators() {
    let (m, n) = (sym("M"), sym("N"));
    let e = ((&m * 4).unwrap() + 3).unwrap();
    assert_eq!(txt(&e), "4*M + 3");
    assert_eq!(txt(&(2 * &m).unwrap()), "2*M");
    assert_eq!(txt(&(3 - &m).unwrap()), "3 - M");
    assert_eq!(txt(&(m.clone() + n.clone()).unwrap()), "M + N");
    assert_eq!(txt(&(&m - n.clone()).unwrap()), "M - N");
    assert_eq!(txt(&(m.clone() * &n).unwrap()), "M*N");
    assert_eq!(txt(&(-&m).unwrap()), "-M");
    assert_eq!(txt(&(-m.clone()).unwrap()), "-M");
    assert!((lin(&[(i64::MAX, &m)], 0) * 2).is_err());
}

#[test]
fn test_eval_and_subs() {
    let (m, n) = (sym("M"), sym("N"));
    let x = any("x");
    let e = add(&fd(&lin(&[(1, &x)], 0), &c(4)), &mul(&fm(&x, &c(4)), &m));
    let v = e.eval(&at(&[("x", -7), ("M", 10)])).unwrap();
    assert_eq!(v, -2 + 10); // floor(-7/4) + Mod(-7, 4)*10
    let err = e.eval(&at(&[("x", 1)])).unwrap_err();
    assert_eq!(err.to_string(), "eval: no value for the symbol M");
    let err = m.eval(&at(&[("M", 0)])).unwrap_err();
    assert_eq!(err.to_string(), "eval: M = 0, but M is positive");
    let k = k128();
    let err = k.eval(&at(&[("K", 64)])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "eval: K = 64, but K is positive and a multiple of 128"
    );
    assert_eq!(k.eval(&at(&[("K", 256)])).unwrap(), 256);
    assert!(fd(&m, &n).eval(&at(&[("M", 1), ("N", 1)])).is_ok());
    assert!(lin(&[(i64::MAX, &m)], 0).eval(&at(&[("M", 2)])).is_err());
    // substitution simplifies
    let q = fd(&m, &c(4));
    let four_n = lin(&[(4, &n)], 0);
    assert_eq!(
        q.subs(&|s: &str| (s == "M").then(|| four_n.clone()))
            .unwrap(),
        n
    );
    assert_eq!(q.subs(&|_: &str| Some(c(9))).unwrap(), c(2));
    assert_eq!(q.subs(&|_: &str| None).unwrap(), q);
    let err = q.subs(&|_: &str| Some(c(0))).unwrap_err();
    assert_eq!(err.to_string(), "subs: M = 0, but M is positive");
    let err = q
        .subs(&|s: &str| (s == "M").then(|| lin(&[(1, &n)], -1)))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "subs: cannot decide whether N - 1 > 0 (the assumption on M, which N - 1 replaces)"
    );
    let err = k.subs(&|_: &str| Some(m.clone())).unwrap_err();
    assert!(matches!(err, Error::Undecidable { .. }));
    assert_eq!(
        k.subs(&|_: &str| Some(lin(&[(256, &m)], 0))).unwrap(),
        lin(&[(256, &m)], 0)
    );
}

#[test]
fn test_symbols_and_assumptions() {
    assert!(Sym::symbol("").is_err());
    assert!(Sym::symbol("a b").is_err());
    assert!(Sym::symbol("_tile0").is_ok());
    assert!(Assumptions::positive().multiple_of(-4).is_err());
    assert!(Assumptions::nonnegative().admits(0));
    assert!(!Assumptions::positive().admits(0));
    assert!(Assumptions::any().admits(-5));
    let (m, k) = (sym("M"), k128());
    assert_eq!(m.as_symbol(), Some(("M", Assumptions::positive())));
    assert_eq!(lin(&[(2, &m)], 0).as_symbol(), None);
    let e = add(&fd(&k, &m), &any("x"));
    let names: Vec<String> = e.symbols().into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["K", "M", "x"]);
}

#[test]
fn test_hash_and_eq_are_structural() {
    use std::collections::HashSet;
    let (m, n) = (sym("M"), sym("N"));
    let mut set = HashSet::new();
    set.insert(add(&mul(&m, &n), &fd(&m, &c(4))));
    set.insert(add(&fd(&m, &c(4)), &mul(&n, &m)));
    set.insert(c(3));
    set.insert(add(&c(1), &c(2)));
    assert_eq!(set.len(), 2);
}

#[test]
fn test_shareable() {
    fn send_sync<T: Send + Sync + Clone + core::hash::Hash + Eq>() {}
    send_sync::<Sym>();
    // clones share the expression
    let e = add(&mul(&sym("M"), &sym("N")), &c(1));
    let f = e.clone();
    assert_eq!(e, f);
    assert_eq!(core::mem::size_of::<Sym>(), 16);
}

#[test]
fn test_spec_order() {
    let (m, n) = (sym("M"), sym("N"));
    let mut v = vec![n.clone(), c(8), m.clone(), c(-1), c(2)];
    v.sort_by_key(spec_order_key);
    assert_eq!(v, [c(-1), c(2), c(8), n.clone(), m.clone()]);
    assert_eq!(spec_cmp(&c(3), &c(2)), Some(Ordering::Greater));
    assert_eq!(spec_cmp(&m, &c(2)), Some(Ordering::Greater));
    assert_eq!(spec_cmp(&m, &n), None);
    assert_eq!(spec_order_key(&7_i64), SpecOrderKey::Static(7));
}

#[test]
fn test_limits() {
    // a product that would grow past the size limit fails, fast
    let vars: Vec<Sym> = (0..8).map(|i| sym(&format!("a{i}"))).collect();
    let sum = vars.iter().fold(c(1), |acc, v| add(&acc, v));
    let mut p = sum.clone();
    let mut failed = false;
    for _ in 0..12 {
        match p.checked_mul(&sum) {
            Ok(q) => p = q,
            Err(e) => {
                assert_eq!(e.class(), ErrorClass::ValueError);
                assert!(e.to_string().contains("too large"), "{e}");
                failed = true;
                break;
            }
        }
    }
    assert!(failed);
    // nesting past the depth limit fails
    let n = sym("N");
    let mut e = sym("M");
    let mut deep = false;
    for _ in 0..64 {
        match e.floor_div(&n) {
            Ok(q) => e = q,
            Err(err) => {
                assert!(err.to_string().contains("nested too deeply"), "{err}");
                deep = true;
                break;
            }
        }
    }
    assert!(deep);
    // degree
    let m = sym("M");
    assert!(m.pow(64).is_ok());
    assert!(m.pow(65).is_err());
    assert!(m.pow(60).unwrap().node_count() < 10);
}

#[test]
fn test_codegen_text() {
    let (m, n) = (sym("M"), sym("N"));
    let (x, t) = (any("x"), nonneg("t"));
    let code = |e: &Sym, l: Lang| e.to_code(l).unwrap();
    let e = lin(&[(4, &m)], 3);
    assert_eq!(code(&e, Lang::C), "4 * M + 3");
    assert_eq!(
        code(&lin(&[(1, &m), (-2, &n)], -1), Lang::Rust),
        "M - 2 * N - 1"
    );
    assert_eq!(code(&lin(&[(-1, &m), (1, &n)], 0), Lang::C), "-M + N");
    assert_eq!(code(&mul(&add(&m, &n), &m), Lang::C), "M * M + M * N");
    assert_eq!(code(&fd(&t, &c(8)), Lang::C), "t >> 3");
    assert_eq!(code(&fm(&t, &c(8)), Lang::Rust), "t & 7");
    assert_eq!(code(&add(&fd(&t, &c(8)), &c(1)), Lang::C), "(t >> 3) + 1");
    assert_eq!(code(&fd(&t, &c(6)), Lang::C), "t / 6");
    assert_eq!(code(&fm(&m, &n), Lang::C), "M % N");
    assert_eq!(code(&fd(&add(&m, &n), &c(3)), Lang::C), "(M + N) / 3");
    assert_eq!(code(&mul(&fd(&m, &n), &c(3)), Lang::C), "3 * (M / N)");
    assert_eq!(code(&fd(&x, &c(4)), Lang::Rust), "x.div_euclid(4)");
    assert_eq!(code(&fm(&x, &c(4)), Lang::Rust), "x.rem_euclid(4)");
    assert_eq!(code(&fd(&x, &c(4)), Lang::C), "x / 4 - (x % 4 < 0)");
    assert_eq!(code(&fm(&x, &c(4)), Lang::Cuda), "x % 4 + (x % 4 < 0) * 4");
    assert_eq!(
        code(&fd(&c(3), &x), Lang::Rust),
        "3 / x - ((3 % x != 0 && ((3 % x < 0) != (x < 0))) as i64)"
    );
    assert_eq!(code(&fd(&c(-3), &n), Lang::Rust), "(-3_i64).div_euclid(N)");
    assert_eq!(code(&m.min_sym(&n).unwrap(), Lang::Rust), "M.min(N)");
    assert_eq!(code(&m.max_sym(&n).unwrap(), Lang::Cuda), "max(M, N)");
    assert_eq!(code(&m.min_sym(&n).unwrap(), Lang::C), "(M < N ? M : N)");
    assert_eq!(
        code(&Sym::min_of(&[c(3), m.clone()]).unwrap(), Lang::Rust),
        "(3_i64).min(M)"
    );
    assert_eq!(code(&c(i64::MIN), Lang::C), "(-9223372036854775807LL - 1)");
    assert_eq!(
        code(&lin(&[(5_000_000_000, &m)], 0), Lang::C),
        "5000000000LL * M"
    );
    assert_eq!(code(&c(-4), Lang::Rust), "-4");
    let v = m.to_code_with(Lang::C, &|s| Some(format!("args->{}", s.to_lowercase())));
    assert_eq!(v.unwrap(), "(args->m)");
    assert!(m.to_code_with(Lang::C, &|_| Some(String::new())).is_err());
}

#[test]
fn test_exact_floors_multiply_back() {
    // K is a positive multiple of 128: floor(K/128) is exact
    let k = k128();
    let q = fd(&k, &c(128));
    assert_eq!(txt(&q), "floor(K/128)");
    assert_eq!(mul(&q, &c(128)), k);
    assert_eq!(mul(&q, &c(256)), lin(&[(2, &k)], 0));
    assert_eq!(mul(&mul(&q, &q), &c(128 * 128)), mul(&k, &k));
    // within a sum and a product with other atoms
    let m = sym("M");
    let e = add(&mul(&mul(&q, &m), &c(128)), &c(1));
    assert_eq!(e, add(&mul(&k, &m), &c(1)));
    // like terms that add up to a multiple of 128 are absorbed too
    let half = mul(&q, &c(64));
    assert_eq!(add(&half, &half), k);
    // a coefficient that 128 does not divide is an exact quotient too
    assert_eq!(txt(&mul(&q, &c(64))), "floor(K/2)");
    assert_eq!(mul(&q, &c(64)), fd(&k, &c(2)));
    assert_eq!(txt(&mul(&q, &c(3))), "3*floor(K/128)");
    // and so does a numerator that is not a known multiple
    let n = sym("N");
    assert_eq!(txt(&mul(&fd(&n, &c(8)), &c(8))), "8*floor(N/8)");
    // floor(K/64) is exact as well (128 is a multiple of 64)
    assert_eq!(mul(&fd(&k, &c(64)), &c(64)), k);
    // the values agree
    let v = at(&[("K", 384), ("M", 5)]);
    assert_eq!(e.eval(&v).unwrap(), 384 * 5 + 1);
}

#[test]
fn test_exact_floors_are_canonical() {
    // an exact quotient of K (a multiple of 128) is the generator K/128
    // times an integer, however it was made: by any divisor of 128, of K or
    // of -K, multiplied by anything, distributed over a sum or not
    let k = k128();
    let q = fd(&k, &c(128));
    let m = sym("M");
    let by_sum = mul(&q, &add(&m, &c(-3)));
    let by_terms = add(&add(&mul(&q, &m), &q), &mul(&q, &c(-4)));
    assert_eq!(by_sum, by_terms);
    assert_eq!(txt(&by_sum), "M*floor(K/128) - 3*floor(K/128)");
    assert_eq!(txt(&mul(&q, &c(-3))), "-3*floor(K/128)");
    assert_eq!(mul(&q, &c(-3)), add(&mul(&q, &c(-131)), &k));
    assert_eq!(txt(&mul(&q, &c(130))), "65*floor(K/64)");
    let nk = k.checked_neg().unwrap();
    for d in [1, 2, 4, 8, 16, 32, 64, 128] {
        // floor(-K/d) = -floor(K/d) = -(128/d)*floor(K/128)
        let want = mul(&q, &c(-128 / d));
        assert_eq!(fd(&nk, &c(d)), want, "floor(-K/{d})");
        assert_eq!(fd(&k, &c(-d)), want, "floor(K/-{d})");
        assert_eq!(fd(&k, &c(d)).checked_neg().unwrap(), want);
        assert_eq!(k.ceil_div(&c(-d)).unwrap(), want);
    }
    assert_eq!(txt(&fd(&nk, &c(2))), "-floor(K/2)");
    // products of exact quotients with other factors: K*floor(-K/2) and
    // -64*K*floor(K/128) and -floor(K/2)**2*2
    let a = mul(&k, &fd(&nk, &c(2)));
    assert_eq!(a, mul(&mul(&k, &q), &c(-64)));
    assert_eq!(a, mul(&mul(&fd(&k, &c(2)), &fd(&k, &c(2))), &c(-2)));
    assert_eq!(txt(&a), "-floor(K**2/2)");
    assert_eq!(txt(&mul(&q, &q)), "floor(K**2/16384)");
    assert_eq!(txt(&mul(&mul(&q, &q), &c(128))), "floor(K**2/128)");
    assert_eq!(txt(&mul(&mul(&q, &k), &m)), "M*floor(K**2/128)");
    // and the values agree
    let v = at(&[("K", 384), ("M", 5)]);
    assert_eq!(by_sum.eval(&v).unwrap(), 3 * (5 - 3));
    assert_eq!(mul(&q, &c(-3)).eval(&v).unwrap(), -9);
    assert_eq!(a.eval(&v).unwrap(), 384 * (-384 / 2));
}

#[test]
fn test_divisor_whose_negation_also_leads_negative() {
    // K is a positive multiple of 8, so floor(K/4) is exact: x - floor(K/4)
    // and its negation are polynomials over K/8, which once kept exact
    // quotients' coefficients in [0, 4) so that both led with a negative
    // coefficient
    let k = sym_with("K", Assumptions::positive().multiple_of(8).unwrap());
    let (m, x) = (sym("M"), any("x"));
    let d = sub(&x, &fd(&k, &c(4)));
    let nd = d.checked_neg().unwrap();
    assert_eq!(txt(&d), "x - floor(K/4)");
    assert_eq!(txt(&nd), "-x + floor(K/4)");
    // and K + floor(-K/2) and floor(-K/2), which once both led with a
    // positive one
    let e = add(&k, &fd(&k.checked_neg().unwrap(), &c(2)));
    let ne = e.checked_neg().unwrap();
    assert_eq!(
        (txt(&e), txt(&ne)),
        ("floor(K/2)".into(), "-floor(K/2)".into())
    );
    assert_eq!(fd(&m, &e), fd(&m.checked_neg().unwrap(), &ne));
    assert_eq!(
        fm(&m, &e),
        fm(&m.checked_neg().unwrap(), &ne).checked_neg().unwrap()
    );
    // the ordinary case: the divisor that leads with a positive coefficient
    let one_minus_n = lin(&[(-1, &sym("N"))], 1);
    assert_eq!(txt(&fd(&m, &one_minus_n)), "floor(-M/(N - 1))");
    assert_eq!(txt(&fm(&m, &one_minus_n)), "-Mod(-M, N - 1)");
    // (M - K) % (x - K // 4), the case that recursed without end
    let a = sub(&m, &k);
    let na = a.checked_neg().unwrap();
    let q = fd(&a, &d);
    let r = fm(&a, &d);
    let up = a.ceil_div(&d).unwrap();
    assert_eq!(txt(&q), "floor((K - M)/(K/4 - x))");
    assert_eq!(txt(&r), "-Mod(K - M, -x + floor(K/4))");
    // one divisor is chosen for d and for -d
    assert_eq!(fd(&na, &nd), q);
    assert_eq!(fm(&na, &nd).checked_neg().unwrap(), r);
    // the values are the integers'
    for mv in 1..6 {
        for kv in [8, 16, 24, 40] {
            for xv in -12..12 {
                let (av, dv) = (mv - kv, xv - kv / 4);
                let vals = |n: &str| match n {
                    "M" => Some(mv),
                    "K" => Some(kv),
                    "x" => Some(xv),
                    _ => None,
                };
                if dv == 0 {
                    assert!(q.eval(&vals).is_err());
                    continue;
                }
                let want = [
                    crate::checked::floor_div(av, dv).unwrap(),
                    crate::checked::floor_rem(av, dv).unwrap(),
                    crate::checked::ceil_div(av, dv).unwrap(),
                ];
                let got = [&q, &r, &up].map(|e| e.eval(&vals).unwrap());
                assert_eq!(got, want, "M = {mv}, K = {kv}, x = {xv}");
            }
        }
    }
}

#[test]
fn test_scaled_atoms() {
    // K and L positive multiples of 8: the generators K/8 and L/8
    let k = sym_with("K", Assumptions::positive().multiple_of(8).unwrap());
    let l = sym_with("L", Assumptions::positive().multiple_of(8).unwrap());
    let (m, n, x) = (sym("M"), sym("N"), any("x"));
    let q = fd(&k, &c(8));
    assert_eq!(
        k.as_symbol().map(|(s, a)| (s, a.multiple())),
        Some(("K", 8))
    );
    assert_eq!(q.as_symbol(), None);
    // printed with the atom's value, a fraction as the floor that gives it
    // (each as sympy 1.14 prints the same expression)
    assert_eq!(txt(&k), "K");
    assert_eq!(txt(&lin(&[(2, &k)], 0)), "2*K");
    assert_eq!(txt(&q), "floor(K/8)");
    assert_eq!(txt(&fd(&k, &c(2))), "floor(K/2)");
    assert_eq!(txt(&lin(&[(3, &q)], 0)), "3*floor(K/8)");
    assert_eq!(txt(&lin(&[(-3, &q)], 0)), "-3*floor(K/8)");
    assert_eq!(txt(&mul(&q, &m)), "M*floor(K/8)");
    assert_eq!(txt(&add(&q, &m)), "M + floor(K/8)");
    assert_eq!(txt(&add(&mul(&q, &m), &m)), "M*floor(K/8) + M");
    assert_eq!(txt(&sub(&x, &fd(&k, &c(4)))), "x - floor(K/4)");
    assert_eq!(txt(&sub(&c(1), &q)), "1 - floor(K/8)");
    assert_eq!(txt(&mul(&q, &q)), "floor(K**2/64)");
    assert_eq!(txt(&mul(&q, &k)), "floor(K**2/8)");
    assert_eq!(txt(&mul(&q, &fd(&l, &c(8)))), "floor(K*L/64)");
    assert_eq!(txt(&add(&k, &mul(&q, &fd(&l, &c(8))))), "K + floor(K*L/64)");
    let xm8 = fm(&x, &c(8));
    assert_eq!(txt(&mul(&xm8, &q)), "(Mod(x, 8))*floor(K/8)");
    assert_eq!(txt(&mul(&mul(&xm8, &q), &c(3))), "3*(Mod(x, 8))*floor(K/8)");
    assert_eq!(
        txt(&mul(&q, &m.min_sym(&n).unwrap())),
        "floor(K/8)*Min(M, N)"
    );
    assert_eq!(txt(&fm(&q, &c(2))), "Mod(floor(K/8), 2)");
    assert_eq!(txt(&fm(&k, &c(16))), "8*(Mod(floor(K/8), 2))");
    // inside a floor, fractions
    assert_eq!(
        txt(&fd(&add(&k, &lin(&[(8, &m)], 0)), &c(16))),
        "floor(K/16 + M/2)"
    );
    assert_eq!(txt(&fd(&q, &m)), "floor(K/(8*M))");
    assert_eq!(txt(&fd(&fd(&k, &c(2)), &m)), "floor(K/(2*M))");
    assert_eq!(txt(&fd(&k, &lin(&[(2, &m)], 0))), "floor(K/(2*M))");
    assert_eq!(
        txt(&fd(&lin(&[(-1, &k)], 0), &lin(&[(2, &m)], 0))),
        "floor(-K/(2*M))"
    );
    assert_eq!(txt(&fd(&m, &q)), "floor(8*M/K)");
    assert_eq!(txt(&fd(&add(&m, &n), &q)), "floor((8*M + 8*N)/K)");
    assert_eq!(
        txt(&fd(&fd(&k, &c(2)), &add(&m, &n))),
        "floor(K/(2*M + 2*N))"
    );
    assert_eq!(txt(&fd(&m, &add(&q, &n))), "floor(M/(K/8 + N))");
    assert_eq!(txt(&fd(&xm8, &q)), "floor(8*(Mod(x, 8))/K)");
    assert_eq!(
        txt(&fd(&lin(&[(-1, &k)], 0), &lin(&[(2, &xm8)], 0))),
        "floor(-K/(2*Mod(x, 8)))"
    );
    assert_eq!(
        txt(&fd(&k, &lin(&[(2, &xm8)], 0))),
        "floor(K/(2*(Mod(x, 8))))"
    );
    // a Min of multiples of 8 has scale 8
    let mn = k.min_sym(&lin(&[(8, &m)], 0)).unwrap();
    assert_eq!(txt(&mn), "Min(K, 8*M)");
    assert_eq!(txt(&fd(&mn, &c(2))), "floor(Min(K, 8*M)/2)");
    assert_eq!(mul(&fd(&mn, &c(8)), &c(8)), mn);
    assert_eq!(fd(&mn, &c(2)), mul(&fd(&mn, &c(8)), &c(4)));
    assert_eq!(fm(&mn, &c(4)), c(0));
    assert!(Sym::from(8).int_divides(&mn).unwrap());
    assert_eq!(
        Sym::min_of(&[mn.clone(), m.clone()]).unwrap(),
        Sym::min_of(&[k.clone(), lin(&[(8, &m)], 0), m.clone()]).unwrap()
    );
    // decisions see the multiple in the coefficients
    assert!(Sym::from(8).int_divides(&k).unwrap());
    assert!(Sym::from(4)
        .int_divides(&add(&k, &lin(&[(4, &m)], 0)))
        .unwrap());
    assert!(!Sym::from(8).int_divides(&add(&k, &c(4))).unwrap());
    assert!(Sym::from(16).int_divides(&k).is_err());
    assert!(k.int_divides(&mul(&k, &m)).unwrap());
    assert_eq!(k.gcd(&c(4)).unwrap(), c(4));
    assert!(k.gcd(&c(12)).is_err()); // 24 or 8
    assert_eq!(k.bounds(), (Some(8), None));
    assert_eq!(q.bounds(), (Some(1), None));
    assert_eq!(fd(&k, &c(2)).bounds(), (Some(4), None));
    assert!(k.is_ge(&c(8)).unwrap());
    assert_eq!(fd(&c(7), &k), c(0));
    // code: the scale out of the coefficient first, then out of the atom
    let code = |e: &Sym, lang: Lang| e.to_code(lang).unwrap();
    assert_eq!(code(&k, Lang::C), "K");
    assert_eq!(code(&q, Lang::C), "K >> 3");
    assert_eq!(code(&fd(&k, &c(2)), Lang::Rust), "K >> 1");
    assert_eq!(code(&lin(&[(3, &q)], 0), Lang::C), "3 * (K >> 3)");
    assert_eq!(code(&add(&q, &c(1)), Lang::C), "(K >> 3) + 1");
    assert_eq!(code(&mul(&q, &k), Lang::C), "K * (K >> 3)");
    assert_eq!(code(&mul(&q, &m), Lang::Rust), "(K >> 3) * M");
    assert_eq!(code(&fd(&mn, &c(2)), Lang::Cuda), "min(K, 8 * M) >> 1");
    let y = sym_with("y", Assumptions::any().multiple_of(6).unwrap());
    assert_eq!(code(&fd(&y, &c(2)), Lang::C), "y / 2");
    assert_eq!(code(&fd(&y, &c(6)), Lang::Rust), "y / 6");
    assert_eq!(code(&fd(&y, &c(-3)), Lang::C), "-(y / 3)");
    // evaluation and substitution
    let e = add(&mul(&q, &m), &fd(&k, &c(-2)));
    assert_eq!(e.eval(&at(&[("K", 40), ("M", 3)])).unwrap(), 5 * 3 - 20);
    assert_eq!(fd(&y, &c(-3)).eval(&at(&[("y", -12)])).unwrap(), 4);
    assert!(q.eval(&at(&[("K", 12)])).is_err());
    let by = |s: &str| match s {
        "K" => Some(lin(&[(16, &n)], 0)),
        _ => None,
    };
    assert_eq!(
        e.subs(&by).unwrap(),
        sub(&mul(&lin(&[(2, &n)], 0), &m), &lin(&[(8, &n)], 0))
    );
    let by_l = |s: &str| (s == "K").then(|| l.clone());
    assert_eq!(txt(&e.subs(&by_l).unwrap()), "M*floor(L/8) - floor(L/2)");
    assert_eq!(
        mn.subs(&|s: &str| (s == "K").then(|| c(16))).unwrap(),
        Sym::min_of(&[c(16), lin(&[(8, &m)], 0)]).unwrap()
    );
}

#[test]
fn test_division_rules_reenter_a_bounded_number_of_times() {
    // the rules of division call one another a bounded number of times;
    // floor(M*t/(N*t)) cancels t and divides again; past the bound, an
    // error, never a deeper stack
    let (m, n, t) = (sym("M"), sym("N"), sym("t"));
    let (a, b) = (mul(&m, &t), mul(&n, &t));
    let last = arith::MAX_REENTRY - 1;
    assert_eq!(arith::floor_div_at(&a, &b, last).unwrap(), fd(&a, &b));
    assert_eq!(txt(&fd(&a, &b)), "floor(M/N)");
    assert_eq!(arith::floor_mod_at(&a, &b, last).unwrap(), fm(&a, &b));
    for r in [
        arith::floor_div_at(&a, &b, last + 1),
        arith::floor_mod_at(&a, &b, last + 1),
    ] {
        let e = r.unwrap_err();
        assert_eq!(e.class(), ErrorClass::ValueError);
        assert!(e.to_string().contains("too complex to simplify"), "{e}");
    }
}
