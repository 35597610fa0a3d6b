//! Arithmetic on canonical expressions: every operation takes canonical
//! operands and returns the canonical form of its result.
//!
//! `+`, `-`, `*` expand and combine like terms. Floor division, floor
//! modulo, `Min` and `Max` apply the rules listed in the module doc of
//! `sym`, and what no rule reduces becomes an atom.

use alloc::borrow::Cow;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::interval::Range;
use super::range::decided_range;
use super::repr::{
    cadd, cmul, mono_cmp, mono_mul, sym_cmp, Atom, AtomKind, Factor, Mode, Poly, Repr, Term,
    MAX_WORK,
};
use super::{Sign, Sym};
use crate::checked::{self, gcd_u64};
use crate::error::{Error, Result};

impl Sym {
    pub(super) const ZERO: Sym = Sym(Repr::Const(0));
    pub(super) const ONE: Sym = Sym(Repr::Const(1));

    #[inline]
    pub(super) fn const_val(&self) -> Option<i64> {
        match self.0 {
            Repr::Const(c) => Some(c),
            Repr::Poly(_) => None,
        }
    }

    /// True iff the first term (in canonical order) has a negative
    /// coefficient: such a divisor is negated before dividing.
    fn leading_negative(&self) -> bool {
        match &self.0 {
            Repr::Const(c) => *c < 0,
            Repr::Poly(p) => p.terms[0].coeff < 0,
        }
    }

    fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Const(0))
    }
}

fn divide_by_zero(op: &'static str, a: &Sym) -> Error {
    Error::value(op, alloc::format!("{a} {op} 0: division by zero"))
}

// ---- +, -, * ------------------------------------------------------------------

/// `a + s*b` for `s` in `{1, -1}`, merging the sorted term lists.
fn combine(a: &Sym, b: &Sym, negate_b: bool, mode: Mode) -> Result<Sym> {
    let op = if negate_b { "-" } else { "+" };
    let bc = |c: i64| -> Result<i64> {
        if negate_b {
            match mode {
                Mode::Checked => c
                    .checked_neg()
                    .ok_or_else(|| super::repr::coeff_overflow(op)),
                Mode::Wrapping => Ok(c.wrapping_neg()),
            }
        } else {
            Ok(c)
        }
    };
    match (&a.0, &b.0) {
        (Repr::Const(x), Repr::Const(y)) => {
            let v = if negate_b {
                match mode {
                    Mode::Checked => checked::sub(*x, *y)?,
                    Mode::Wrapping => x.wrapping_sub(*y),
                }
            } else {
                cadd(*x, *y, mode, op)?
            };
            return Ok(Sym(Repr::Const(v)));
        }
        (_, Repr::Const(0)) => return Ok(a.clone()),
        _ => {}
    }
    let (ta, tb) = (a.to_terms(), b.to_terms());
    let mut out: Vec<Term> = Vec::with_capacity(ta.len() + tb.len());
    let (mut i, mut j) = (0, 0);
    while i < ta.len() || j < tb.len() {
        let ord = if i == ta.len() {
            Ordering::Greater
        } else if j == tb.len() {
            Ordering::Less
        } else {
            mono_cmp(&ta[i].mono, &tb[j].mono)
        };
        match ord {
            Ordering::Less => {
                out.push(ta[i].clone());
                i += 1;
            }
            Ordering::Greater => {
                out.push(Term {
                    coeff: bc(tb[j].coeff)?,
                    mono: tb[j].mono.clone(),
                });
                j += 1;
            }
            Ordering::Equal => {
                let c = if negate_b {
                    match mode {
                        Mode::Checked => ta[i]
                            .coeff
                            .checked_sub(tb[j].coeff)
                            .ok_or_else(|| super::repr::coeff_overflow(op))?,
                        Mode::Wrapping => ta[i].coeff.wrapping_sub(tb[j].coeff),
                    }
                } else {
                    cadd(ta[i].coeff, tb[j].coeff, mode, op)?
                };
                if c != 0 {
                    out.push(Term {
                        coeff: c,
                        mono: ta[i].mono.clone(),
                    });
                }
                i += 1;
                j += 1;
            }
        }
    }
    Poly::from_sorted(out, mode)
}

pub(super) fn add(a: &Sym, b: &Sym, mode: Mode) -> Result<Sym> {
    if a.is_zero() {
        return Ok(b.clone());
    }
    combine(a, b, false, mode)
}

pub(super) fn sub(a: &Sym, b: &Sym, mode: Mode) -> Result<Sym> {
    combine(a, b, true, mode)
}

pub(super) fn neg(a: &Sym, mode: Mode) -> Result<Sym> {
    scale(a, -1, mode)
}

/// `c * a` for a constant `c`.
pub(super) fn scale(a: &Sym, c: i64, mode: Mode) -> Result<Sym> {
    match (&a.0, c) {
        (Repr::Const(x), _) => Ok(Sym(Repr::Const(cmul(*x, c, mode, "*")?))),
        (_, 0) => Ok(Sym::ZERO),
        (_, 1) => Ok(a.clone()),
        (Repr::Poly(p), _) => {
            let mut out = Vec::with_capacity(p.terms.len());
            for t in &p.terms {
                let coeff = cmul(t.coeff, c, mode, "*")?;
                if coeff != 0 {
                    out.push(Term {
                        coeff,
                        mono: t.mono.clone(),
                    });
                }
            }
            Poly::from_sorted(out, mode)
        }
    }
}

pub(super) fn mul(a: &Sym, b: &Sym, mode: Mode) -> Result<Sym> {
    match (&a.0, &b.0) {
        (Repr::Const(x), _) => return scale(b, *x, mode),
        (_, Repr::Const(y)) => return scale(a, *y, mode),
        _ => {}
    }
    let (ta, tb) = (a.terms(), b.terms());
    if mode == Mode::Checked && ta.len().saturating_mul(tb.len()) > MAX_WORK {
        return Err(super::repr::too_large(
            u32::try_from(ta.len() * tb.len()).unwrap_or(u32::MAX),
        ));
    }
    let mut out = Vec::with_capacity(ta.len() * tb.len());
    for s in ta {
        for t in tb {
            out.push(Term {
                coeff: cmul(s.coeff, t.coeff, mode, "*")?,
                mono: mono_mul(&s.mono, &t.mono, mode)?,
            });
        }
    }
    Poly::build(out, mode)
}

/// `a**e`, by repeated multiplication.
pub(super) fn pow(a: &Sym, e: u32) -> Result<Sym> {
    let mut acc = Sym::ONE;
    let mut base = a.clone();
    let mut e = e;
    while e > 0 {
        if e & 1 == 1 {
            acc = mul(&acc, &base, Mode::Checked)?;
        }
        e >>= 1;
        if e > 0 {
            base = mul(&base, &base, Mode::Checked)?;
        }
    }
    Ok(acc)
}

/// The monomial `c * m` as an expression.
fn monomial(c: i64, m: Vec<Factor>) -> Sym {
    Poly::make(alloc::vec![Term { coeff: c, mono: m }])
}

// ---- floor division and modulo ----------------------------------------------------

/// The gcd of the absolute values of the coefficients (0 for 0).
fn content(s: &Sym) -> u64 {
    let mut g: u64 = 0;
    for c in s
        .const_val()
        .into_iter()
        .chain(s.terms().iter().map(|t| t.coeff))
    {
        let (mut x, mut y) = (g, c.unsigned_abs());
        while y != 0 {
            (x, y) = (y, x % y);
        }
        g = x;
    }
    g
}

/// The common positive divisor of the coefficients of `a` and `b`, as an
/// `i64` (at most `2^62`).
fn common_content(a: &Sym, b: &Sym) -> i64 {
    let g = gcd_u64(content(a), content(b));
    i64::try_from(g).unwrap_or(1 << 62)
}

/// `s / g` for a `g` dividing every coefficient.
fn exact_div(s: &Sym, g: i64) -> Sym {
    match &s.0 {
        Repr::Const(c) => Sym(Repr::Const(c / g)),
        Repr::Poly(p) => Poly::make(
            p.terms
                .iter()
                .map(|t| Term {
                    coeff: t.coeff / g,
                    mono: t.mono.clone(),
                })
                .collect(),
        ),
    }
}

/// The largest monomial dividing every term of `a` and of `b` (empty when
/// either has a constant term).
fn common_monomial(a: &Sym, b: &Sym) -> Vec<Factor> {
    let mut g: Option<Vec<Factor>> = None;
    for t in a.to_terms().iter().chain(b.to_terms().iter()) {
        g = Some(match g {
            None => t.mono.clone(),
            Some(cur) => cur
                .into_iter()
                .filter_map(|f| {
                    let e = t.mono.iter().find(|h| h.atom == f.atom)?.exp.min(f.exp);
                    Some(Factor {
                        atom: f.atom,
                        exp: e,
                    })
                })
                .collect(),
        });
        if g.as_ref().is_some_and(Vec::is_empty) {
            break;
        }
    }
    g.unwrap_or_default()
}

/// `s / m` for a monomial `m` dividing every term of `s`.
fn div_monomial(s: &Sym, m: &[Factor]) -> Sym {
    let terms: Vec<Term> = s
        .to_terms()
        .into_iter()
        .filter_map(|t| {
            Some(Term {
                coeff: t.coeff,
                mono: mono_div(&t.mono, m)?,
            })
        })
        .collect();
    // dividing every term by one monomial keeps the order
    Poly::make(terms)
}

/// `m / d` if the monomial `d` divides the monomial `m`.
fn mono_div(m: &[Factor], d: &[Factor]) -> Option<Vec<Factor>> {
    let mut out = Vec::with_capacity(m.len());
    let mut j = 0;
    for f in m {
        if j < d.len() && d[j].atom == f.atom {
            if f.exp < d[j].exp {
                return None;
            }
            if f.exp > d[j].exp {
                out.push(Factor {
                    atom: f.atom.clone(),
                    exp: f.exp - d[j].exp,
                });
            }
            j += 1;
        } else {
            out.push(f.clone());
        }
    }
    (j == d.len()).then_some(out)
}

/// Splits `a = b*q + r` where `q` collects the terms of `a` that are exact
/// multiples of `b`: of a constant `b` (coefficient divisible), of a
/// single-term `b` (coefficient and monomial divisible), or all of `a` when
/// `a` is an integer multiple of a many-term `b`.
fn split(a: &Sym, b: &Sym) -> Result<(Sym, Sym)> {
    let (bc, bm): (i64, &[Factor]) = match (&b.0, b.terms()) {
        (Repr::Const(c), _) => (*c, &[]),
        (_, [t]) => (t.coeff, &t.mono),
        _ => {
            return Ok(match integer_ratio(a, b) {
                Some(k) => (Sym::from(k), Sym::ZERO),
                None => (Sym::ZERO, a.clone()),
            })
        }
    };
    let (mut q, mut r) = (Vec::new(), Vec::new());
    for t in a.to_terms() {
        match mono_div(&t.mono, bm) {
            Some(m) if checked::divides(bc, t.coeff) && t.coeff.checked_div(bc).is_some() => q
                .push(Term {
                    coeff: t.coeff / bc,
                    mono: m,
                }),
            _ => r.push(t),
        }
    }
    Ok((
        Poly::build(q, Mode::Checked)?,
        Poly::from_sorted(r, Mode::Checked)?,
    ))
}

/// `k` such that `a = k*b`, if there is an integer one.
fn integer_ratio(a: &Sym, b: &Sym) -> Option<i64> {
    let (ta, tb) = (a.terms(), b.terms());
    if ta.len() != tb.len() || ta.is_empty() {
        return None;
    }
    let (x, y) = (ta[0].coeff, tb[0].coeff);
    if !checked::divides(y, x) {
        return None;
    }
    let k = x.checked_div(y)?;
    ta.iter()
        .zip(tb)
        .all(|(s, t)| s.mono == t.mono && t.coeff.checked_mul(k) == Some(s.coeff))
        .then_some(k)
}

/// `-b` when the rules divide by `-b` instead of `b` (`floor(a/b)` as
/// `floor(-a/-b)`, `Mod(a, b)` as `-Mod(-a, -b)`): of `b` and `-b`, the
/// divisor is the one whose canonical form leads with a positive
/// coefficient. Negating a canonical form negates each coefficient and
/// keeps the terms, so exactly one of the two does: the divisor chosen for
/// `-b` is the one chosen for `b`, and dividing by the chosen divisor never
/// negates it again.
fn negated_divisor(b: &Sym) -> Result<Option<Sym>> {
    if let Some(c) = b.const_val() {
        return Ok(if c < 0 {
            Some(Sym::from(checked::sub(0, c)?))
        } else {
            None
        });
    }
    if b.leading_negative() {
        Ok(Some(neg(b, Mode::Checked)?))
    } else {
        Ok(None)
    }
}

/// How deep the rules of floor division and modulo may call one another
/// within one operation (cancelling a common monomial divides again,
/// `floor(floor(x/a)/b)` divides `x`): far more than any expression within
/// the size limits needs, and a bound on the stack whatever the rules do.
pub(super) const MAX_REENTRY: u32 = 32;

#[cold]
fn reentry_limit(op: &'static str, a: &Sym, b: &Sym) -> Error {
    Error::value(
        "Sym",
        alloc::format!(
            "{a} {op} {b}: too complex to simplify (the rules of division \
             call one another more than {MAX_REENTRY} levels deep)"
        ),
    )
}

/// `floor(a / b)`; see the rules in the module doc of `sym`.
pub(super) fn floor_div(a: &Sym, b: &Sym) -> Result<Sym> {
    floor_div_at(a, b, 0)
}

/// `floor(a / b)` where `depth` rules are already under way.
pub(super) fn floor_div_at(a: &Sym, b: &Sym, depth: u32) -> Result<Sym> {
    if depth > MAX_REENTRY {
        return Err(reentry_limit("//", a, b));
    }
    match (a.const_val(), b.const_val()) {
        (_, Some(0)) => return Err(divide_by_zero("//", a)),
        (Some(x), Some(y)) => return Ok(Sym::from(checked::floor_div(x, y)?)),
        (_, Some(1)) => return Ok(a.clone()),
        (_, Some(-1)) => return neg(a, Mode::Checked),
        (Some(0), _) => return Ok(Sym::ZERO),
        _ => {}
    }
    if a == b {
        return Ok(Sym::ONE);
    }
    // floor(a / b) = floor(-a / -b), once: the rules below never negate
    // the divisor again
    let (a, b) = match negated_divisor(b)? {
        Some(nb) => (neg(a, Mode::Checked)?, nb),
        None => (a.clone(), b.clone()),
    };
    let (a, b) = (&a, &b);
    // (b*q + r) // b = q + r // b
    let (q, r) = split(a, b)?;
    if r.is_zero() {
        return Ok(q);
    }
    let f = floor_rest(&r, b, depth)?;
    add(&q, &f, Mode::Checked)
}

/// `floor(r / d)` once the exact multiples of `d` are out of `r`; `d` is the
/// divisor [`negated_divisor`] keeps; `depth` rules are under way.
fn floor_rest(r: &Sym, d: &Sym, depth: u32) -> Result<Sym> {
    if let (Some(x), Some(y)) = (r.const_val(), d.const_val()) {
        return Ok(Sym::from(checked::floor_div(x, y)?));
    }
    // floor(g*r / (g*d)) = floor(r / d)
    let g = common_content(r, d);
    let (r, d) = if g > 1 {
        (exact_div(r, g), exact_div(d, g))
    } else {
        (r.clone(), d.clone())
    };
    if d == Sym::ONE {
        return Ok(r);
    }
    // floor(r*g / (d*g)) = floor(r/d) for a common monomial g (not 0
    // wherever the divisor is not)
    let g = common_monomial(&r, &d);
    if !g.is_empty() {
        return floor_div_at(&div_monomial(&r, &g), &div_monomial(&d, &g), depth + 1);
    }
    if let Some(c) = d.const_val() {
        // floor(floor(x / e) / c) = floor(x / (e*c)) for positive e, c
        if let Some(AtomKind::Floor(x, e)) = r.as_atom().map(Atom::kind) {
            if let Some(ec) = e.const_val().filter(|&v| v > 0) {
                if let Some(p) = ec.checked_mul(c) {
                    return floor_div_at(x, &Sym::from(p), depth + 1);
                }
            }
        }
        // a range that one quotient covers
        let rr = decided_range(&r);
        if let (Some(lo), Some(hi)) = (rr.lo, rr.hi) {
            let c = i128::from(c);
            let (ql, qh) = (lo.div_euclid(c), hi.div_euclid(c));
            if ql == qh {
                if let Ok(v) = i64::try_from(ql) {
                    return Ok(Sym::from(v));
                }
            }
        }
    } else if positive(&d) {
        // 0 <= r < d gives 0; Mod(x, d) is such an r
        let is_mod_d = matches!(r.as_atom().map(Atom::kind), Some(AtomKind::Mod(_, m)) if *m == d);
        if is_mod_d || (nonneg(&r) && sub(&d, &r, Mode::Checked).is_ok_and(|x| positive(&x))) {
            return Ok(Sym::ZERO);
        }
        // -d <= r < 0 gives -1
        if below_zero_within(&r, &d) {
            return Ok(Sym::from(-1));
        }
    }
    Ok(Sym::from_atom(Atom::new(AtomKind::Floor(r, d))?))
}

/// True iff `-d <= r < 0` is decided.
fn below_zero_within(r: &Sym, d: &Sym) -> bool {
    decided_range(r).hi.is_some_and(|h| h < 0) && add(r, d, Mode::Checked).is_ok_and(|x| nonneg(&x))
}

fn positive(s: &Sym) -> bool {
    decided_range(s).lo.is_some_and(|l| l >= 1)
}

fn nonneg(s: &Sym) -> bool {
    decided_range(s).lo.is_some_and(|l| l >= 0)
}

/// `Mod(a, b)`; see the rules in the module doc of `sym`.
pub(super) fn floor_mod(a: &Sym, b: &Sym) -> Result<Sym> {
    floor_mod_at(a, b, 0)
}

/// `Mod(a, b)` where `depth` rules are already under way.
pub(super) fn floor_mod_at(a: &Sym, b: &Sym, depth: u32) -> Result<Sym> {
    if depth > MAX_REENTRY {
        return Err(reentry_limit("%", a, b));
    }
    match (a.const_val(), b.const_val()) {
        (_, Some(0)) => return Err(divide_by_zero("%", a)),
        (Some(x), Some(y)) => return Ok(Sym::from(checked::floor_rem(x, y)?)),
        (_, Some(1 | -1)) | (Some(0), _) => return Ok(Sym::ZERO),
        _ => {}
    }
    if a == b {
        return Ok(Sym::ZERO);
    }
    let kept = |a: &Sym, b: &Sym| match b.const_val() {
        Some(c) => mod_const(a, c),
        None => mod_sym(a, b, depth),
    };
    match negated_divisor(b)? {
        // Mod(a, b) = -Mod(-a, -b), once: the rules below never negate the
        // divisor again
        Some(nb) => neg(&kept(&neg(a, Mode::Checked)?, &nb)?, Mode::Checked),
        None => kept(a, b),
    }
}

/// Replaces each factor `Mod(x, d)**e` of `a` whose `d` satisfies `pred` by
/// `x**e` (sound inside a remainder by any divisor of `d`), until none is
/// left. Only a remainder of scale 1 is replaced: the generator of another
/// is the remainder divided by its scale, which `x` is not.
fn strip_mods(a: &Sym, pred: &dyn Fn(&Sym) -> bool) -> Result<Sym> {
    let mut cur = a.clone();
    for _ in 0..=super::repr::MAX_DEPTH {
        let mut changed = false;
        let mut acc = Sym::ZERO;
        for t in cur.to_terms() {
            let mut part = monomial(t.coeff, Vec::new());
            for f in &t.mono {
                let factor = match f.atom.kind() {
                    AtomKind::Mod(x, d) if f.atom.scale() == 1 && pred(d) => {
                        changed = true;
                        pow(x, u32::try_from(f.exp).unwrap_or(u32::MAX))?
                    }
                    _ => monomial(1, alloc::vec![f.clone()]),
                };
                part = mul(&part, &factor, Mode::Checked)?;
            }
            acc = add(&acc, &part, Mode::Checked)?;
        }
        if !changed {
            return Ok(cur);
        }
        cur = acc;
    }
    Ok(cur)
}

fn has_mod(s: &Sym) -> bool {
    s.terms().iter().any(|t| {
        t.mono
            .iter()
            .any(|f| matches!(f.atom.kind(), AtomKind::Mod(..)))
    })
}

/// `Mod(a, c)` for a constant `c >= 2`.
fn mod_const(a: &Sym, c: i64) -> Result<Sym> {
    // Mod(k*Mod(x, d) + s, c) = Mod(k*x + s, c) when c divides d
    let a = if has_mod(a) {
        strip_mods(a, &|d| d.const_val().is_some_and(|d| d % c == 0))?
    } else {
        a.clone()
    };
    // coefficients reduced into [0, c); what the assumptions make a
    // multiple of c has a coefficient c divides (see *Scaled atoms* in
    // `repr`), and goes
    let terms: Vec<Term> = a
        .to_terms()
        .into_iter()
        .filter_map(|t| {
            let coeff = t.coeff.rem_euclid(c);
            (coeff != 0).then_some(Term {
                coeff,
                mono: t.mono,
            })
        })
        .collect();
    let r = Poly::from_sorted(terms, Mode::Checked)?;
    if let Some(v) = r.const_val() {
        return Ok(Sym::from(v.rem_euclid(c)));
    }
    // Mod(g*r, g*c) = g*Mod(r, c)
    let g = i64::try_from(gcd_u64(content(&r), c.unsigned_abs())).unwrap_or(1);
    if g > 1 {
        let m = mod_const(&exact_div(&r, g), c / g)?;
        return scale(&m, g, Mode::Checked);
    }
    if matches!(divides_const(c, &r), Some(true)) {
        return Ok(Sym::ZERO);
    }
    let rr = decided_range(&r);
    if let (Some(lo), Some(hi)) = (rr.lo, rr.hi) {
        let cc = i128::from(c);
        let (ql, qh) = (lo.div_euclid(cc), hi.div_euclid(cc));
        if ql == qh {
            if let Some(k) = i64::try_from(ql).ok().and_then(|q| q.checked_mul(c)) {
                return sub(&r, &Sym::from(k), Mode::Checked);
            }
        }
    }
    Ok(Sym::from_atom(Atom::new(AtomKind::Mod(r, Sym::from(c)))?))
}

/// `Mod(a, b)` for a non-constant `b` that [`negated_divisor`] keeps;
/// `depth` rules are under way.
fn mod_sym(a: &Sym, b: &Sym, depth: u32) -> Result<Sym> {
    if depth > MAX_REENTRY {
        return Err(reentry_limit("%", a, b));
    }
    // Mod(k*Mod(x, d) + s, b) = Mod(k*x + s, b) when b divides d (d is b,
    // or b times an integer polynomial: Mod(Mod(7, 2*M), M) is Mod(7, M))
    let a = if has_mod(a) {
        strip_mods(a, &|d| {
            d == b || split(d, b).is_ok_and(|(q, r)| r.is_zero() && !q.is_zero())
        })?
    } else {
        a.clone()
    };
    let g = common_content(&a, b);
    if g > 1 {
        let m = mod_sym(&exact_div(&a, g), &exact_div(b, g), depth + 1)?;
        return scale(&m, g, Mode::Checked);
    }
    // Mod(a*g, b*g) = g*Mod(a, b) for a common monomial g (of any sign)
    let gm = common_monomial(&a, b);
    if !gm.is_empty() {
        let m = floor_mod_at(&div_monomial(&a, &gm), &div_monomial(b, &gm), depth + 1)?;
        return mul(&m, &monomial(1, gm), Mode::Checked);
    }
    let (_, r) = split(&a, b)?;
    if r.is_zero() {
        return Ok(Sym::ZERO);
    }
    if positive(b) && nonneg(&r) && sub(b, &r, Mode::Checked).is_ok_and(|x| positive(&x)) {
        return Ok(r);
    }
    // -b <= r < 0: r + b
    if positive(b) && below_zero_within(&r, b) {
        return add(&r, b, Mode::Checked);
    }
    Ok(Sym::from_atom(Atom::new(AtomKind::Mod(r, b.clone()))?))
}

/// `ceil(a / b)`: `floor((a + b - 1) / b)` for a positive `b`,
/// `floor((a + b + 1) / b)` for a negative one, `-floor(-a / b)` otherwise.
pub(super) fn ceil_div(a: &Sym, b: &Sym) -> Result<Sym> {
    match (a.const_val(), b.const_val()) {
        (_, Some(0)) => return Err(divide_by_zero("ceil_div", a)),
        (Some(x), Some(y)) => return Ok(Sym::from(checked::ceil_div(x, y)?)),
        (_, Some(1)) => return Ok(a.clone()),
        _ => {}
    }
    let r = decided_range(b);
    if r.lo.is_some_and(|l| l >= 1) {
        let n = sub(&add(a, b, Mode::Checked)?, &Sym::ONE, Mode::Checked)?;
        floor_div(&n, b)
    } else if r.hi.is_some_and(|h| h <= -1) {
        let n = add(&add(a, b, Mode::Checked)?, &Sym::ONE, Mode::Checked)?;
        floor_div(&n, b)
    } else {
        neg(&floor_div(&neg(a, Mode::Checked)?, b)?, Mode::Checked)
    }
}

// ---- Min and Max -------------------------------------------------------------------

/// True iff `a <= b` is decided.
fn decided_le(a: &Sym, b: &Sym) -> bool {
    match (a.const_val(), b.const_val()) {
        (Some(x), Some(y)) => x <= y,
        _ => sub(b, a, Mode::Checked).is_ok_and(|d| nonneg(&d)),
    }
}

/// `Min(args)` (`is_min`) or `Max(args)`, canonical: nested ones flattened,
/// constants folded, duplicates and arguments decided not to matter dropped,
/// the rest sorted; one argument is itself.
pub(super) fn min_max(args: &[Sym], is_min: bool) -> Result<Sym> {
    let mut flat: Vec<Sym> = Vec::new();
    let mut konst: Option<i64> = None;
    for a in args {
        let inner = match a.as_atom().map(Atom::kind) {
            Some(AtomKind::Min(xs)) if is_min => xs.as_slice(),
            Some(AtomKind::Max(xs)) if !is_min => xs.as_slice(),
            _ => core::slice::from_ref(a),
        };
        for x in inner {
            match x.const_val() {
                Some(v) => {
                    konst = Some(match konst {
                        None => v,
                        Some(k) if is_min => k.min(v),
                        Some(k) => k.max(v),
                    })
                }
                None => {
                    if !flat.contains(x) {
                        flat.push(x.clone());
                    }
                }
            }
        }
    }
    if let Some(k) = konst {
        flat.push(Sym::from(k));
    }
    // drop the arguments another one beats: decided by the values, or
    // absorbed (`Max(a, Min(a, b)) = a`, `Min(a, Max(a, b)) = a`)
    let absorbed = |x: &Sym, by: &Sym| match x.as_atom().map(Atom::kind) {
        Some(AtomKind::Min(ys)) if !is_min => ys.contains(by),
        Some(AtomKind::Max(ys)) if is_min => ys.contains(by),
        _ => false,
    };
    let mut keep = alloc::vec![true; flat.len()];
    for j in 0..flat.len() {
        for i in 0..flat.len() {
            if i == j || !keep[i] {
                continue;
            }
            let beats = absorbed(&flat[j], &flat[i])
                || if is_min {
                    decided_le(&flat[i], &flat[j])
                } else {
                    decided_le(&flat[j], &flat[i])
                };
            if beats {
                keep[j] = false;
                break;
            }
        }
    }
    let mut kept: Vec<Sym> = flat
        .into_iter()
        .zip(keep)
        .filter_map(|(s, k)| k.then_some(s))
        .collect();
    match kept.len() {
        0 => Err(Error::value(
            if is_min { "Min" } else { "Max" },
            "needs at least one argument",
        )),
        1 => Ok(kept.pop().unwrap_or(Sym::ZERO)),
        _ => {
            kept.sort_by(sym_cmp);
            let kind = if is_min {
                AtomKind::Min(kept)
            } else {
                AtomKind::Max(kept)
            };
            Ok(Sym::from_atom(Atom::new(kind)?))
        }
    }
}

// ---- decisions -------------------------------------------------------------------

pub(super) fn undecidable(op: &'static str, msg: alloc::string::String) -> Error {
    Error::Undecidable { op, msg }
}

/// The constant term and the gcd of the other terms' coefficients (all that
/// is known to divide them, see *Scaled atoms* in `repr`): every value is
/// `k0 (mod g)`.
fn residue(e: &Sym) -> (i64, u128) {
    let mut k0 = 0;
    let mut g: u128 = 0;
    for t in e.to_terms() {
        if t.mono.is_empty() {
            k0 = t.coeff;
            continue;
        }
        let k = u128::from(t.coeff.unsigned_abs());
        let (mut x, mut y) = (g, k);
        while y != 0 {
            (x, y) = (y, x % y);
        }
        g = x;
    }
    (k0, g)
}

/// Whether the constant `c` divides `e`, if decided.
fn divides_const(c: i64, e: &Sym) -> Option<bool> {
    if let Some(v) = e.const_val() {
        return Some(checked::divides(c, v));
    }
    let r = decided_range(e);
    if c == 0 {
        return match r.sign() {
            Sign::Positive | Sign::Negative => Some(false),
            _ => None,
        };
    }
    let cu = u128::from(c.unsigned_abs());
    if cu == 1 {
        return Some(true);
    }
    let (k0, g) = residue(e);
    let k0u = i128::from(k0).rem_euclid(cu as i128) as u128;
    if g % cu == 0 {
        // e = k0 (mod c)
        return Some(k0u == 0);
    }
    let mut h = (g, cu);
    while h.1 != 0 {
        h = (h.1, h.0 % h.1);
    }
    if k0u % h.0 != 0 {
        // gcd(c, g) divides every multiple of c, but not e
        return Some(false);
    }
    if let (Some(lo), Some(hi)) = (r.lo, r.hi) {
        // no multiple of c in [lo, hi]
        let ci = cu as i128;
        if hi.div_euclid(ci) * ci < lo {
            return Some(false);
        }
    }
    None
}

/// Whether `d` divides `e`.
pub(super) fn divides(d: &Sym, e: &Sym) -> Result<bool> {
    if e.is_zero() {
        return Ok(true);
    }
    if let Some(c) = d.const_val() {
        if let Some(v) = divides_const(c, e) {
            return Ok(v);
        }
    } else {
        if integer_ratio(e, d).is_some() {
            return Ok(true);
        }
        if let [t] = d.terms() {
            let all = e.to_terms().iter().all(|u| {
                mono_div(&u.mono, &t.mono).is_some() && checked::divides(t.coeff, u.coeff)
            });
            if all {
                return Ok(true);
            }
        }
        // 0 < |e| < |d|
        let (re, rd) = (decided_range(e), decided_range(d));
        let abs_lt = |x: &Sym, y: &Sym| sub(y, x, Mode::Checked).is_ok_and(|z| positive(&z));
        let (ne, nd) = (neg(e, Mode::Checked), neg(d, Mode::Checked));
        let e_abs = match re.sign() {
            Sign::Positive => Some(e.clone()),
            Sign::Negative => ne.ok(),
            _ => None,
        };
        let d_abs = match rd.sign() {
            Sign::Positive => Some(d.clone()),
            Sign::Negative => nd.ok(),
            _ => None,
        };
        if let (Some(ea), Some(da)) = (e_abs, d_abs) {
            if abs_lt(&ea, &da) {
                return Ok(false);
            }
        }
    }
    Err(undecidable(
        "divides",
        alloc::format!("whether {d} divides {e}"),
    ))
}

/// `a - b`, without a new expression when `b` is 0 (the comparisons with
/// 0 that check every extent and stride).
fn difference<'a>(a: &'a Sym, b: &Sym) -> Result<Cow<'a, Sym>> {
    if b.const_val() == Some(0) {
        return Ok(Cow::Borrowed(a));
    }
    sub(a, b, Mode::Checked).map(Cow::Owned)
}

/// The order of `a` and `b`, from the sign of `a - b`.
pub(super) fn compare(a: &Sym, b: &Sym) -> Result<Ordering> {
    if let (Some(x), Some(y)) = (a.const_val(), b.const_val()) {
        return Ok(x.cmp(&y));
    }
    let d = difference(a, b)?;
    match decided_range(&d).sign() {
        Sign::Zero => Ok(Ordering::Equal),
        Sign::Positive => Ok(Ordering::Greater),
        Sign::Negative => Ok(Ordering::Less),
        Sign::NonNegative => Err(undecidable("cmp", alloc::format!("whether {a} > {b}"))),
        _ => Err(undecidable("cmp", alloc::format!("whether {a} < {b}"))),
    }
}

/// The order of `a` and `b` from the sign of `a - b` as far as it is
/// decided, a weak order included (see `IntCmp::int_cmp_weak`); `None`
/// where it is not, or where the difference leaves the 64-bit range. No
/// error is built.
pub(super) fn weak_compare(a: &Sym, b: &Sym) -> Option<Ordering> {
    if let (Some(x), Some(y)) = (a.const_val(), b.const_val()) {
        return Some(x.cmp(&y));
    }
    let d = difference(a, b).ok()?;
    match decided_range(&d).sign() {
        Sign::Zero => Some(Ordering::Equal),
        Sign::Positive | Sign::NonNegative => Some(Ordering::Greater),
        Sign::Negative | Sign::NonPositive => Some(Ordering::Less),
        Sign::Unknown => None,
    }
}

/// `|s|` when the sign of `s` is decided.
fn abs(s: &Sym, op: &'static str) -> Result<Sym> {
    match decided_range(s).sign() {
        Sign::Zero | Sign::Positive | Sign::NonNegative => Ok(s.clone()),
        Sign::Negative | Sign::NonPositive => neg(s, Mode::Checked),
        Sign::Unknown => Err(undecidable(op, alloc::format!("whether {s} >= 0"))),
    }
}

/// `gcd(a, b)`, never negative.
pub(super) fn gcd(a: &Sym, b: &Sym) -> Result<Sym> {
    if let (Some(x), Some(y)) = (a.const_val(), b.const_val()) {
        return Ok(Sym::from(checked::gcd(x, y)?));
    }
    if a.is_zero() {
        return abs(b, "gcd");
    }
    if b.is_zero() || a == b {
        return abs(a, "gcd");
    }
    let konst = match (a.const_val(), b.const_val()) {
        (Some(c), _) => Some((c, b)),
        (_, Some(c)) => Some((c, a)),
        _ => None,
    };
    if let Some((c, e)) = konst {
        // e = k0 (mod g): when c divides g, gcd(c, e) = gcd(c, k0)
        let (k0, g) = residue(e);
        let cu = u128::from(c.unsigned_abs());
        if g % cu == 0 {
            return Ok(Sym::from(checked::gcd(c, k0)?));
        }
    }
    if matches!(divides(a, b), Ok(true)) {
        return abs(a, "gcd");
    }
    if matches!(divides(b, a), Ok(true)) {
        return abs(b, "gcd");
    }
    Err(undecidable("gcd", alloc::format!("gcd({a}, {b})")))
}

/// The range of `s` the decisions use.
pub(super) fn range_of(s: &Sym) -> Range {
    decided_range(s)
}
