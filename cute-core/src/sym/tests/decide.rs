//! Decisions over the symbols' assumptions: min and max, sign, comparisons,
//! divisibility, gcd, and the specification's order.

use super::*;

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
