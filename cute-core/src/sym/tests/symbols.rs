//! Symbols and their assumptions, evaluation and substitution, equality,
//! sharing.

use super::*;

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
