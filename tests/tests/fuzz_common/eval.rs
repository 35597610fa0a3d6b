//! An evaluation of layouts written here, independently of the crate's:
//! the definition, point by point.

use cute_dynamic::layout::Layout;
use cute_dynamic::Scalar;

/// At most this many points of a domain are checked per post-condition.
pub(crate) const POINTS: i64 = 96;

/// The flat leaves `(extent, stride)` of a layout.
pub(crate) fn leaves(l: &Layout) -> Vec<(i64, Scalar)> {
    l.shape()
        .leaves()
        .copied()
        .zip(l.stride().leaves().cloned())
        .collect()
}

/// The number of points of a layout's domain, if it is a reasonable one.
pub(crate) fn size(l: &Layout) -> Option<i64> {
    l.shape()
        .leaves()
        .try_fold(1i64, |p, &x| if x < 0 { None } else { p.checked_mul(x) })
}

/// `L(i)` by the definition: the index split colexicographically with floor
/// semantics (the last leaf keeps the quotient), then `sum(c * d)` in the
/// stride's algebra; `None` where that is undefined or leaves 64 bits.
pub(crate) fn value(l: &Layout, i: i64) -> Option<Scalar> {
    let ls = leaves(l);
    let n = ls.len();
    let mut rest = i128::from(i);
    let mut wide = 0i128;
    let mut acc: Option<Scalar> = None;
    for (k, (s, d)) in ls.iter().enumerate() {
        let c = if k + 1 == n {
            rest
        } else {
            if *s <= 0 {
                return None;
            }
            let c = rest.rem_euclid(i128::from(*s));
            rest = rest.div_euclid(i128::from(*s));
            c
        };
        if c == 0 {
            continue;
        }
        match (d, &mut acc) {
            (Scalar::Int(v), None) => wide = wide.checked_add(c.checked_mul(i128::from(*v))?)?,
            _ => {
                let term = d.scale(i64::try_from(c).ok()?).ok()?;
                let prev = match acc.take() {
                    Some(a) => a,
                    None => Scalar::Int(i64::try_from(wide).ok()?),
                };
                acc = Some(prev.add(&term).ok()?);
            }
        }
    }
    match acc {
        Some(a) => Some(a),
        None => i64::try_from(wide).ok().map(Scalar::Int),
    }
}

/// The integer a value stands for as an index (an F2 value's bits).
pub(crate) fn index(v: &Scalar) -> Option<i64> {
    match v {
        Scalar::Int(i) => Some(*i),
        Scalar::F2(f) => i64::try_from(f.0).ok(),
        _ => None,
    }
}

/// The points of `0..n` checked: all of a small domain, else the first and
/// last ones and some between.
pub(crate) fn points(n: i64) -> impl Iterator<Item = i64> {
    let head = n.min(POINTS / 2);
    let tail = (n - POINTS / 2).max(head);
    let step = ((tail - head) / (POINTS / 2)).max(1) as usize;
    (0..head).chain((head..tail).step_by(step)).chain(tail..n)
}

/// Equal values, a zero of one algebra equal to a zero of another (the
/// empty sum is the integer 0).
pub(crate) fn same(x: Option<&Scalar>, y: Option<&Scalar>) -> bool {
    match (x, y) {
        (Some(x), Some(y)) => x == y || (x.is_zero() && y.is_zero()),
        _ => false,
    }
}

pub(crate) fn int_strides(l: &Layout) -> bool {
    l.stride().leaves().all(|d| matches!(d, Scalar::Int(_)))
}
