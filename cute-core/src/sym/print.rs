//! Printing in sympy's `str` style: `4*M + 3`, `M*N`, `M**2`, `-M + N`,
//! `floor(N/4)`, `floor(M/4 + 3/4)`, `floor((M + 1)/N)`, `Mod(N, 4)`,
//! `4*(Mod(N, 4))`, `Min(M, N)`.
//!
//! sympy's conventions, as its printer applies them to these expressions:
//! - a quotient by a constant is a sum of rational terms: `floor((2*N + 3)/4)`
//!   prints as `floor(N/2 + 3/4)`; by an expression it is
//!   `numerator/denominator`, each parenthesized unless it is one term (the
//!   denominator: one power of an atom): `floor((M + 1)/N)`,
//!   `floor(M/(2*N))`, `floor(M/N**2)`;
//! - `Mod(..)` binds like `*` and `%`, so it is parenthesized as the base of a
//!   power, and as a factor of a product (with a coefficient, another
//!   factor or a denominator) whose sign is positive: `2*M*(Mod(N, 4))` but
//!   `-2*M*Mod(N, 4)`, `(Mod(N, 4))**2`, and as a denominator of a positive
//!   quotient, `floor(1/(Mod(N, 4)))` but `floor(-1/Mod(N, 4))`;
//! - a positive constant and one negative single-factor term print as
//!   `1 - x`, `6 - 6*N`, `4 - Min(3, x)` (but `-x*y + 1`, `-M + N`).
//!
//! # Scaled atoms
//!
//! A term over generators of scaled atoms (see *Scaled atoms* in `repr`)
//! prints with the atoms' values: `c * (K/8)**e` is `c/8**e * K**e`. Where
//! that coefficient is an integer, it is one (`8*(K/8)` is `K`). Where it is
//! not, the term is an integer written as the floor division that gives it,
//! as sympy prints `K // 8`: `floor(K/8)`, `4*(K/8)` is `floor(K/2)`,
//! `3*(K/8)` is `3*floor(K/8)`, `M*(K/8)` is `M*floor(K/8)`, `(K/8)**2` is
//! `floor(K**2/64)` (every scaled atom of the term under the one floor, the
//! other factors outside). That `floor(..)` is a generator of the printed
//! term: it sorts among the quotients (before the `floor` atoms), as sympy
//! sorts `x - floor(K/4)`. Inside a floor, whose arguments sympy writes as
//! rational expressions, the coefficient stays a fraction:
//! `floor((K/8 + M)/2)` is `floor(K/16 + M/2)`, `floor((K/8)/M)` is
//! `floor(K/(8*M))`, `floor(M/(K/8))` is `floor(8*M/K)`.

use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt::{self, Write};

use super::repr::{atom_cmp, kind_rank, Atom, AtomKind, Repr, Term, FLOOR_RANK};
use super::Sym;

fn gcd(a: u128, b: u128) -> u128 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    x
}

/// A generator of a printed term: an atom (standing for its value), or the
/// exact quotient `floor(X/q)` of the product `X` of the values of some
/// scaled atoms, each to its power.
#[derive(Clone)]
enum Gen<'a> {
    Atom(&'a Atom),
    Quot(Vec<(&'a Atom, u64)>, u128),
}

impl Gen<'_> {
    fn rank(&self) -> u8 {
        match self {
            Gen::Atom(a) => kind_rank(a.kind()),
            // among the quotients
            Gen::Quot(..) => FLOOR_RANK,
        }
    }
}

/// The order of printed generators: the atom order, an exact quotient
/// among the `floor` atoms, before them.
fn gen_cmp(a: &Gen<'_>, b: &Gen<'_>) -> Ordering {
    a.rank().cmp(&b.rank()).then_with(|| match (a, b) {
        (Gen::Atom(x), Gen::Atom(y)) => atom_cmp(x, y),
        (Gen::Quot(..), Gen::Atom(_)) => Ordering::Less,
        (Gen::Atom(_), Gen::Quot(..)) => Ordering::Greater,
        (Gen::Quot(fx, qx), Gen::Quot(fy, qy)) => {
            for ((s, es), (t, et)) in fx.iter().zip(fy) {
                let o = atom_cmp(s, t).then(et.cmp(es));
                if o != Ordering::Equal {
                    return o;
                }
            }
            fy.len().cmp(&fx.len()).then(qx.cmp(qy))
        }
    })
}

/// A printed term: `(-) num/den * gens`.
struct PTerm<'a> {
    negative: bool,
    num: u128,
    den: u128,
    gens: Vec<(Gen<'a>, u64)>,
}

/// The order of printed terms, sympy's `lex` on the printed generators (as
/// `mono_cmp` on atoms).
fn pterm_cmp(a: &PTerm<'_>, b: &PTerm<'_>) -> Ordering {
    for ((x, ex), (y, ey)) in a.gens.iter().zip(&b.gens) {
        match gen_cmp(x, y) {
            Ordering::Equal => match ey.cmp(ex) {
                Ordering::Equal => {}
                o => return o,
            },
            o => return o,
        }
    }
    b.gens.len().cmp(&a.gens.len())
}

/// How a sum is printed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    /// An integer: at the top, an argument of `Mod`, `Min`, `Max`. A term
    /// whose coefficient is a fraction is written with a `floor`.
    Int,
    /// Divided by the positive constant: a numerator or denominator of a
    /// `floor`, whose terms are fractions.
    Rational(u128),
}

impl<'a> PTerm<'a> {
    fn new(t: &'a Term, ctx: Ctx) -> PTerm<'a> {
        let mut num = u128::from(t.coeff.unsigned_abs());
        let mut den = match ctx {
            Ctx::Int => 1,
            Ctx::Rational(d) => d,
        };
        let g = gcd(num, den).max(1);
        (num, den) = (num / g, den / g);
        // the scales out of the coefficient: c/(s1**e1 * ...)
        let mut fits = true;
        'scales: for f in &t.mono {
            let s = u128::from(f.atom.scale().unsigned_abs());
            if s <= 1 {
                continue;
            }
            // each round divides `num` by `s` or multiplies `den` by more
            // than 1, so even a huge power ends within some 128 rounds
            for _ in 0..f.exp {
                let g = gcd(num, s);
                num /= g;
                match den.checked_mul(s / g) {
                    Some(d) if d <= u128::from(u64::MAX) => den = d,
                    _ => {
                        fits = false;
                        break 'scales;
                    }
                }
            }
        }
        let negative = t.coeff < 0;
        let mut gens: Vec<(Gen<'a>, u64)> = Vec::with_capacity(t.mono.len());
        if !fits {
            // each scaled generator as the quotient it is, `floor(K/8)**e`
            num = u128::from(t.coeff.unsigned_abs());
            den = match ctx {
                Ctx::Int => 1,
                Ctx::Rational(d) => d,
            };
            let g = gcd(num, den).max(1);
            (num, den) = (num / g, den / g);
            for f in &t.mono {
                let s = u128::from(f.atom.scale().unsigned_abs());
                if s <= 1 {
                    gens.push((Gen::Atom(&f.atom), f.exp));
                } else {
                    gens.push((Gen::Quot(alloc::vec![(&f.atom, 1)], s), f.exp));
                }
            }
        } else if ctx == Ctx::Int && den > 1 {
            let mut scaled = Vec::new();
            for f in &t.mono {
                if f.atom.scale() > 1 {
                    scaled.push((&f.atom, f.exp));
                } else {
                    gens.push((Gen::Atom(&f.atom), f.exp));
                }
            }
            gens.push((Gen::Quot(scaled, den), 1));
            den = 1;
        } else {
            gens.extend(t.mono.iter().map(|f| (Gen::Atom(&f.atom), f.exp)));
        }
        gens.sort_by(|x, y| gen_cmp(&x.0, &y.0));
        PTerm {
            negative,
            num,
            den,
            gens,
        }
    }

    fn constant(c: i64, ctx: Ctx) -> PTerm<'a> {
        let num = u128::from(c.unsigned_abs());
        let den = match ctx {
            Ctx::Int => 1,
            Ctx::Rational(d) => d,
        };
        let g = gcd(num, den).max(1);
        PTerm {
            negative: c < 0,
            num: num / g,
            den: den / g,
            gens: Vec::new(),
        }
    }

    /// Multiplies by `k`, reducing the fraction.
    fn times(&mut self, k: u128) {
        let g = gcd(k, self.den).max(1);
        self.den /= g;
        self.num = self.num.saturating_mul(k / g);
    }
}

/// The printed terms of `s` in `ctx`, in the printed order.
fn pterms(s: &Sym, ctx: Ctx) -> Vec<PTerm<'_>> {
    match &s.0 {
        Repr::Const(c) => alloc::vec![PTerm::constant(*c, ctx)],
        Repr::Poly(p) => {
            let mut v: Vec<PTerm<'_>> = p.terms.iter().map(|t| PTerm::new(t, ctx)).collect();
            if ctx == Ctx::Int {
                // only a quotient's place can differ from the atom order
                v.sort_by(pterm_cmp);
            }
            v
        }
    }
}

/// A term without its sign: `3*M`, `M*N/4`, `7`, `3/4`, `3*floor(K/8)`.
/// `quotient` says the term is the numerator of a quotient by an expression
/// (so a lone `Mod` is a factor of a product).
fn write_abs_term(f: &mut dyn Write, t: &PTerm<'_>, quotient: bool) -> fmt::Result {
    if t.gens.is_empty() {
        write!(f, "{}", t.num)?;
        if t.den != 1 {
            write!(f, "/{}", t.den)?;
        }
        return Ok(());
    }
    let product = t.num != 1 || t.den != 1 || t.gens.len() > 1 || quotient;
    if t.num != 1 {
        write!(f, "{}*", t.num)?;
    }
    for (i, (g, exp)) in t.gens.iter().enumerate() {
        if i > 0 {
            f.write_char('*')?;
        }
        match g {
            Gen::Atom(a) => {
                let is_mod = matches!(a.kind(), AtomKind::Mod(..));
                write_factor(
                    f,
                    a.kind(),
                    *exp,
                    is_mod && (*exp != 1 || (product && !t.negative)),
                )?;
            }
            Gen::Quot(fs, q) => {
                f.write_str("floor(")?;
                write_raw_product(f, fs, *q)?;
                f.write_char(')')?;
                if *exp != 1 {
                    write!(f, "**{exp}")?;
                }
            }
        }
    }
    if t.den != 1 {
        write!(f, "/{}", t.den)?;
    }
    Ok(())
}

/// An atom to a power, parenthesized if `paren`.
fn write_factor(f: &mut dyn Write, k: &AtomKind, exp: u64, paren: bool) -> fmt::Result {
    if paren {
        f.write_char('(')?;
    }
    write_atom(f, k)?;
    if paren {
        f.write_char(')')?;
    }
    if exp != 1 {
        write!(f, "**{exp}")?;
    }
    Ok(())
}

/// The product of the atoms' values over `q`: `K**2/64`, `K*L/8`.
fn write_raw_product(f: &mut dyn Write, fs: &[(&Atom, u64)], q: u128) -> fmt::Result {
    let product = q != 1 || fs.len() > 1;
    for (i, (a, exp)) in fs.iter().enumerate() {
        if i > 0 {
            f.write_char('*')?;
        }
        let is_mod = matches!(a.kind(), AtomKind::Mod(..));
        write_factor(f, a.kind(), *exp, is_mod && (*exp != 1 || product))?;
    }
    if q != 1 {
        write!(f, "/{q}")?;
    }
    Ok(())
}

/// A sum of printed terms: `M/4 - 1/4`, `x - floor(K/4)`.
fn write_terms(f: &mut dyn Write, ts: &[PTerm<'_>]) -> fmt::Result {
    // sympy's special case: a positive constant and one negative
    // single-factor term print as `1 - x`, `6 - 6*N`
    if let [t, k] = ts {
        if k.gens.is_empty() && !k.negative && k.num > 0 && t.negative && t.gens.len() == 1 {
            write_abs_term(f, k, false)?;
            f.write_str(" - ")?;
            return write_abs_term(f, t, false);
        }
    }
    for (i, t) in ts.iter().enumerate() {
        match (i, t.negative) {
            (0, true) => f.write_char('-')?,
            (0, false) => {}
            (_, true) => f.write_str(" - ")?,
            (_, false) => f.write_str(" + ")?,
        }
        write_abs_term(f, t, false)?;
    }
    Ok(())
}

fn write_sym(f: &mut dyn Write, s: &Sym) -> fmt::Result {
    write_terms(f, &pterms(s, Ctx::Int))
}

fn parenthesized(f: &mut dyn Write, ts: &[PTerm<'_>]) -> fmt::Result {
    f.write_char('(')?;
    write_terms(f, ts)?;
    f.write_char(')')
}

/// `floor(a/b)`.
fn write_floor(f: &mut dyn Write, a: &Sym, b: &Sym) -> fmt::Result {
    f.write_str("floor(")?;
    if let Some(d) = b.const_val().filter(|&d| d > 0) {
        // a sum of rational terms
        write_terms(f, &pterms(a, Ctx::Rational(d.unsigned_abs().into())))?;
        return f.write_char(')');
    }
    let mut pa = pterms(a, Ctx::Rational(1));
    let mut pb = pterms(b, Ctx::Rational(1));
    // the fractions of scaled atoms folded as sympy folds them: a
    // denominator's into the numerator (`8*M/K`, `(8*M + 8*N)/K`), a
    // numerator's into the denominator (`K/(2*M)`, `K/(2*M + 2*N)`)
    if let [t] = pb.as_mut_slice() {
        if t.den > 1 {
            let d = core::mem::replace(&mut t.den, 1);
            pa.iter_mut().for_each(|s| s.times(d));
        }
        if t.negative {
            t.negative = false;
            pa.iter_mut().for_each(|s| s.negative = !s.negative);
        }
    }
    if let [s] = pa.as_mut_slice() {
        if s.den > 1 {
            let d = core::mem::replace(&mut s.den, 1);
            pb.iter_mut().for_each(|t| t.times(d));
        }
    }
    // the sign of the quotient, as sympy sees it, decides the parentheses
    // of `Mod` factors on both sides
    let negative = matches!(pa.as_slice(), [s] if s.negative);
    match pa.as_slice() {
        [s] => {
            if s.negative {
                f.write_char('-')?;
            }
            write_abs_term(f, s, true)?;
        }
        _ => parenthesized(f, &pa)?,
    }
    f.write_char('/')?;
    match pb.as_slice() {
        [t] if t.num == 1 && t.den == 1 && t.gens.len() == 1 => {
            let lone_mod = t.gens[0].1 == 1
                && matches!(&t.gens[0].0, Gen::Atom(a) if matches!(a.kind(), AtomKind::Mod(..)));
            if lone_mod && !negative {
                parenthesized(f, &pb)?
            } else {
                write_terms(f, &pb)?
            }
        }
        [t] => {
            f.write_char('(')?;
            let t = PTerm {
                negative,
                num: t.num,
                den: t.den,
                gens: t.gens.clone(),
            };
            write_abs_term(f, &t, false)?;
            f.write_char(')')?;
        }
        _ => parenthesized(f, &pb)?,
    }
    f.write_char(')')
}

fn write_atom(f: &mut dyn Write, k: &AtomKind) -> fmt::Result {
    match k {
        AtomKind::Symbol(d) => f.write_str(&d.name),
        AtomKind::Floor(a, b) => write_floor(f, a, b),
        AtomKind::Mod(a, b) => {
            f.write_str("Mod(")?;
            write_sym(f, a)?;
            f.write_str(", ")?;
            write_sym(f, b)?;
            f.write_char(')')
        }
        AtomKind::Min(xs) | AtomKind::Max(xs) => {
            f.write_str(if matches!(k, AtomKind::Min(_)) {
                "Min("
            } else {
                "Max("
            })?;
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write_sym(f, x)?;
            }
            f.write_char(')')
        }
    }
}

impl fmt::Display for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_sym(f, self)
    }
}

impl fmt::Debug for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_sym(f, self)
    }
}
