//! The reference: the specification's evaluation, mode by mode by the
//! sizes of the sub-shapes, in 128-bit integers, and where partial sums
//! leave the `i64` range.

use cute_dynamic::htuple::HTuple;
use cute_dynamic::IntTuple;

use super::{Answer, VALUE};

pub(super) fn size(s: &IntTuple) -> i128 {
    s.leaves().map(|&e| i128::from(e)).product()
}

/// `idx2crd(c, s)` of an integer, flattened to the leaves of `s`, as the
/// specification writes it: mode by mode, by the sizes of the modes.
fn split(c: i128, s: &IntTuple, out: &mut Vec<i128>) -> Result<(), &'static str> {
    match s {
        HTuple::Leaf(_) => out.push(c),
        HTuple::Tuple(ms) => {
            let mut c = c;
            for (k, m) in ms.iter().enumerate() {
                if k + 1 == ms.len() {
                    split(c, m, out)?;
                } else {
                    let n = size(m);
                    if n == 0 {
                        return Err(VALUE); // ZeroDivisionError
                    }
                    split(c.rem_euclid(n), m, out)?;
                    c = c.div_euclid(n);
                }
            }
        }
    }
    Ok(())
}

/// `idx2crd(crd, s)` of a coordinate weakly congruent with `s`, flattened.
fn natural_of(crd: &HTuple<i64>, s: &IntTuple, out: &mut Vec<i128>) -> Result<(), &'static str> {
    match (crd, s) {
        (HTuple::Leaf(c), _) => split(i128::from(*c), s, out),
        (HTuple::Tuple(cs), HTuple::Tuple(ms)) if cs.len() == ms.len() => {
            for (c, m) in cs.iter().zip(ms) {
                natural_of(c, m, out)?;
            }
            Ok(())
        }
        _ => Err(VALUE),
    }
}

/// The specification's `L(crd)`.
pub(super) fn reference(shape: &IntTuple, stride: &[i64], crd: &HTuple<i64>) -> Answer {
    let mut c = Vec::new();
    natural_of(crd, shape, &mut c)?;
    let mut acc = 0i128;
    for (c, &d) in c.iter().zip(stride) {
        acc = c
            .checked_mul(i128::from(d))
            .and_then(|t| acc.checked_add(t))
            .ok_or(VALUE)?;
    }
    i64::try_from(acc).map_err(|_| VALUE)
}

/// The specification's `crd2idx(crd, shape)`: Horner from the right, an
/// integer passing through.
pub(super) fn reference_crd2idx(crd: &HTuple<i64>, s: &IntTuple) -> Answer {
    fn go(crd: &HTuple<i64>, s: &IntTuple) -> i128 {
        match (crd, s) {
            (HTuple::Leaf(c), _) => i128::from(*c),
            (HTuple::Tuple(cs), HTuple::Tuple(ms)) => cs
                .iter()
                .zip(ms)
                .rev()
                .fold(0, |acc, (c, m)| acc * size(m) + go(c, m)),
            _ => unreachable!("weakly congruent"),
        }
    }
    i64::try_from(go(crd, s)).map_err(|_| VALUE)
}

/// True iff a term `c_k * d_k` of `L(crd)`, or a running sum of the terms
/// of a mode, leaves the `i64` range (whatever the offset).
pub(super) fn partial_overflow(shape: &IntTuple, stride: &[i64], crd: &HTuple<i64>) -> bool {
    let mut c = Vec::new();
    if natural_of(crd, shape, &mut c).is_err() {
        return false;
    }
    let fits = |v: i128| i64::try_from(v).is_ok();
    let terms: Vec<i128> = c
        .iter()
        .zip(stride)
        .map(|(c, &d)| c * i128::from(d))
        .collect();
    let mut k = 0;
    let mut partial = false;
    for m in shape.modes() {
        let n = m.leaf_count();
        let mut run = 0i128;
        for t in &terms[k..k + n] {
            run += t;
            partial |= !fits(*t) || !fits(run);
        }
        k += n;
    }
    partial
}

/// True iff `crd2idx` of a sub-tuple of `crd` (a mode's own index, before
/// it is scaled by the size of the modes before it) leaves the `i64`
/// range.
pub(super) fn sub_index_overflow(crd: &HTuple<i64>, s: &IntTuple) -> bool {
    fn go(crd: &HTuple<i64>, s: &IntTuple, bad: &mut bool) -> i128 {
        match (crd, s) {
            (HTuple::Leaf(c), _) => i128::from(*c),
            (HTuple::Tuple(cs), HTuple::Tuple(ms)) => {
                let v = cs
                    .iter()
                    .zip(ms)
                    .rev()
                    .fold(0, |acc, (c, m)| acc * size(m) + go(c, m, bad));
                *bad |= i64::try_from(v).is_err();
                v
            }
            _ => 0,
        }
    }
    let mut bad = false;
    if let (HTuple::Tuple(cs), HTuple::Tuple(ms)) = (crd, s) {
        for (c, m) in cs.iter().zip(ms) {
            go(c, m, &mut bad);
        }
    }
    bad
}
