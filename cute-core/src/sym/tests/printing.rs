//! Printing: the specification's notation, and the text of generated code.

use super::*;

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
