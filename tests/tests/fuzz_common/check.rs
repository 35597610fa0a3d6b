//! The post-conditions of each operation, checked on what the algebra
//! returned.

use cute_dynamic::algebra::{composition, greatest_common_domain};
use cute_dynamic::layout::Layout;
use cute_dynamic::Scalar;

use super::eval::{index, int_strides, leaves, points, same, size, value};

/// What the algebra returned for one call, with its operands as layouts
/// (where they are layouts; shapes as their compact layouts).
pub(crate) struct Case {
    pub(crate) op: &'static str,
    pub(crate) mode: bool,
    pub(crate) a: Option<Layout>,
    pub(crate) b: Option<Layout>,
    /// A second operand that is a tiler but not a layout (a tuple, None).
    pub(crate) tuple_b: bool,
    pub(crate) r: Layout,
}

/// Counts of what the checks saw, for the report.
#[derive(Default, Debug)]
pub(crate) struct Seen {
    pub(crate) checked: u64,
}

/// Checks the post-conditions of `c`; an error names the one that fails.
pub(crate) fn check(c: &Case, seen: &mut Seen) -> Result<(), String> {
    let r = &c.r;
    let (Some(a), false) = (&c.a, c.mode) else {
        return Ok(());
    };
    let Some(na) = size(a) else { return Ok(()) };
    let nb = c.b.as_ref().map_or(Some(1), size);
    let Some(nr) = size(r) else {
        // a result must be countable, unless an operand is not
        return match (c.op, nb, na) {
            ("composition", None, _) => Ok(()),
            // an extent 0 of A makes its size 0 whatever its other extents,
            // and a by-mode tiler may replace that extent in the result
            (_, _, 0) if c.tuple_b => Ok(()),
            _ => Err(format!("a result of no size: {r:?}")),
        };
    };
    if na > 1 << 16 {
        return Ok(());
    }
    seen.checked += 1;
    match c.op {
        "coalesce" | "coalesce_z" => {
            if c.b.is_some() || c.tuple_b {
                return Ok(());
            }
            if nr != na {
                return Err(format!("size {nr} != {na}"));
            }
            let past = if c.op == "coalesce_z" { na + 3 } else { 0 };
            for i in points(na + past) {
                if let (Some(x), y) = (value(a, i), value(r, i)) {
                    if !same(y.as_ref(), Some(&x)) {
                        return Err(format!("R({i}) = {y:?}, A({i}) = {x:?}"));
                    }
                }
            }
        }
        "composition" => {
            let Some(b) = &c.b else { return Ok(()) };
            if !int_strides(b) {
                return Ok(());
            }
            let nb = size(b).unwrap_or(0);
            if nr != nb {
                return Err(format!("size {nr} != size(B) {nb}"));
            }
            let bl = leaves(b);
            let mut additive = true;
            for i in points(nb) {
                // B's coordinate of i, leaf by leaf: R distributes over them
                let mut rest = i;
                let mut sum: Option<Scalar> = Some(Scalar::Int(0));
                for (s, d) in &bl {
                    let ci = if *s > 0 { rest % s } else { 0 };
                    rest = if *s > 0 { rest / s } else { 0 };
                    let Scalar::Int(d) = d else { unreachable!() };
                    let term = ci.checked_mul(*d).and_then(|x| value(a, x));
                    sum = match (sum, term) {
                        (Some(s), Some(t)) => s.add(&t).ok(),
                        _ => None,
                    };
                }
                let Some(sum) = sum else { continue };
                let got = value(r, i);
                if !same(got.as_ref(), Some(&sum)) {
                    return Err(format!("R({i}) = {got:?}, sum of A(B_k(i_k)) = {sum:?}"));
                }
                // (an A with a zero extent has no value to compare with)
                if let Some(whole) = value(b, i)
                    .and_then(|x| index(&x))
                    .and_then(|x| value(a, x))
                {
                    additive &= same(Some(&whole), Some(&sum));
                }
            }
            if !additive {
                // the specification's post-condition: R(i) == A(B(i)), or a
                // ValueError (leaves whose offsets carry across A's modes)
                return Err(format!("R(i) != A(B(i)) for B = {b:?}"));
            }
        }
        "complement" => {
            if !int_strides(a) {
                return Ok(());
            }
            // ordered, and disjoint from A's image (but at 0)
            let image: std::collections::HashSet<i64> = (0..na)
                .filter_map(|j| value(a, j).and_then(|x| index(&x)))
                .collect();
            let mut prev: Option<(i64, i64)> = None;
            for i in points(nr) {
                let Some(x) = value(r, i).and_then(|x| index(&x)) else {
                    continue;
                };
                if let Some((j, p)) = prev {
                    if p >= x {
                        return Err(format!("not ordered: R({j}) = {p}, R({i}) = {x}"));
                    }
                }
                prev = Some((i, x));
                if i > 0 && image.contains(&x) {
                    return Err(format!("R({i}) = {x} is in A's image"));
                }
            }
        }
        "right_inverse" => {
            for i in points(nr) {
                let Some(ri) = value(r, i) else { continue };
                let Some(x) = index(&ri).and_then(|x| value(a, x)) else {
                    continue;
                };
                let Some(back) = index(&x).and_then(|x| value(r, x)) else {
                    continue;
                };
                if !same(Some(&back), Some(&ri)) {
                    return Err(format!("R(A(R({i}))) = {back:?}, R({i}) = {ri:?}"));
                }
            }
        }
        "left_inverse" => {
            for i in points(na) {
                let Some(ai) = value(a, i) else { continue };
                let Some(li) = index(&ai).and_then(|x| value(r, x)) else {
                    continue;
                };
                let Some(back) = index(&li).and_then(|x| value(a, x)) else {
                    continue;
                };
                if !same(Some(&back), Some(&ai)) {
                    return Err(format!("A(L(A({i}))) = {back:?}, A({i}) = {ai:?}"));
                }
            }
        }
        "nullspace" => {
            for i in points(nr) {
                let Some(x) = value(r, i)
                    .and_then(|x| index(&x))
                    .and_then(|x| value(a, x))
                else {
                    continue;
                };
                if !x.is_zero() {
                    return Err(format!("A(N({i})) = {x:?}"));
                }
            }
        }
        "layout_add" => {
            let Some(b) = &c.b else { return Ok(()) };
            if nr != na {
                return Err(format!("size {nr} != {na}"));
            }
            for i in points(na) {
                if let (Some(x), Some(y)) = (value(a, i), value(b, i)) {
                    let want = x.add(&y).ok();
                    let got = value(r, i);
                    if want.is_some() && !same(got.as_ref(), want.as_ref()) {
                        return Err(format!("R({i}) = {got:?}, A + B = {want:?}"));
                    }
                }
            }
        }
        "logical_divide" | "zipped_divide" => {
            if r.shape().rank() != 2 && c.b.is_some() {
                return Err(format!("rank {} != 2", r.shape().rank()));
            }
            if let Some(b) = &c.b {
                // the tile is A o B
                let tile = r.mode(0).map_err(|e| e.to_string())?;
                if Some(size(&tile).unwrap_or(-1)) != size(b) {
                    return Err(format!("the tile {tile:?} is not the size of B {b:?}"));
                }
                if c.op == "logical_divide" {
                    let comp = composition(a, b)
                        .map_err(|e| format!("the divide exists, A o B does not: {e}"))?;
                    if comp != tile {
                        return Err(format!("the tile {tile:?} is not A o B = {comp:?}"));
                    }
                }
            }
        }
        "logical_product" => {
            if let Some(b) = &c.b {
                let nb = size(b).unwrap_or(0);
                if r.shape().rank() != 2 || nr != na * nb {
                    return Err(format!(
                        "rank {} and size {nr}, for sizes {na} x {nb}",
                        r.shape().rank()
                    ));
                }
                if r.mode(0).ok().as_ref() != Some(a) {
                    return Err("mode 0 is not A".into());
                }
            }
        }
        "greatest_common_domain" => {
            let Some(b) = &c.b else { return Ok(()) };
            let nb = size(b).unwrap_or(0);
            let g = gcd(na, nb);
            if r.shape().depth() > 1 || (g != 0 && g % nr != 0) {
                return Err(format!(
                    "depth {} and size {nr}, for sizes {na} and {nb}",
                    r.shape().depth()
                ));
            }
            let swapped =
                greatest_common_domain(&b.shape(), &a.shape()).map_err(|e| e.to_string())?;
            if &swapped != r {
                return Err(format!("not symmetric: the other way it is {swapped:?}"));
            }
        }
        "make_layout_like" if r.shape() != a.shape() || !int_strides(r) => {
            return Err(format!(
                "not a layout of A's shape with integer strides: {r:?}"
            ));
        }
        "blocked_product" | "raked_product" => {
            if let Some(b) = &c.b {
                let nb = size(b).unwrap_or(0);
                if r.shape().rank() != a.shape().rank() || nr != na * nb {
                    return Err(format!(
                        "rank {} and size {nr}, for {a:?} and {b:?}",
                        r.shape().rank()
                    ));
                }
            }
        }
        _ => {}
    }
    Ok(())
}

pub(crate) fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}
