//! The ring: the canonical form, overflow, the operators, the integer
//! traits over symbols, and the limits on an expression's size.

use super::*;

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
