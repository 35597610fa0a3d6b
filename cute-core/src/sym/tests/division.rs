//! Floor division, modulo and ceiling division: the simplification rules,
//! exact floors, scaled atoms.

use super::*;

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
    // a remainder by a multiple of the divisor goes, as in sympy:
    // Mod(Mod(7, 2*M), M) = Mod(7, M), Mod(Mod(x, M*N) + 1, N) = Mod(x + 1, N)
    let inner = fm(&c(7), &lin(&[(2, &m)], 0));
    assert_eq!(txt(&fm(&inner, &m)), "Mod(7, M)");
    let inner = add(&fm(&x, &mul(&m, &n)), &c(1));
    assert_eq!(txt(&fm(&inner, &n)), "Mod(x + 1, N)");
    // but not by a divisor the inner one is no multiple of
    let inner = fm(&c(7), &lin(&[(2, &m)], 0));
    assert_eq!(txt(&fm(&inner, &n)), "Mod(Mod(7, 2*M), N)");
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
