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

use core::fmt::{self, Write};

use super::repr::{AtomKind, Factor, Repr};
use super::Sym;

use crate::checked::gcd_u64 as gcd;

/// A term without its sign, `num/den * mono`: `3*M`, `M*N/4`, `7`, `3/4`.
/// `quotient` says the term is the numerator of a quotient by an expression
/// (so a lone `Mod` is a factor of a product).
fn write_abs_term(
    f: &mut dyn Write,
    mono: &[Factor],
    num: u64,
    den: u64,
    negative: bool,
    quotient: bool,
) -> fmt::Result {
    if mono.is_empty() {
        write!(f, "{num}")?;
        if den != 1 {
            write!(f, "/{den}")?;
        }
        return Ok(());
    }
    let product = num != 1 || den != 1 || mono.len() > 1 || quotient;
    if num != 1 {
        write!(f, "{num}*")?;
    }
    for (i, fac) in mono.iter().enumerate() {
        if i > 0 {
            f.write_char('*')?;
        }
        let is_mod = matches!(fac.atom.kind(), AtomKind::Mod(..));
        let paren = is_mod && (fac.exp != 1 || (product && !negative));
        if paren {
            f.write_char('(')?;
        }
        write_atom(f, fac.atom.kind())?;
        if paren {
            f.write_char(')')?;
        }
        if fac.exp != 1 {
            write!(f, "**{}", fac.exp)?;
        }
    }
    if den != 1 {
        write!(f, "/{den}")?;
    }
    Ok(())
}

/// A sum, each coefficient divided by `den` (reduced): `M/4 - 1/4`.
fn write_sum(f: &mut dyn Write, s: &Sym, den: u64) -> fmt::Result {
    match &s.0 {
        Repr::Const(c) => {
            if *c < 0 {
                f.write_char('-')?;
            }
            let g = gcd(c.unsigned_abs(), den).max(1);
            write_abs_term(f, &[], c.unsigned_abs() / g, den / g, *c < 0, false)
        }
        Repr::Poly(p) => {
            // sympy's special case: a positive constant and one negative
            // single-factor term print as `1 - x`, `6 - 6*N`
            if let [t, k] = p.terms.as_slice() {
                if k.mono.is_empty() && k.coeff > 0 && t.coeff < 0 && t.mono.len() == 1 {
                    let (kc, tc) = (k.coeff.unsigned_abs(), t.coeff.unsigned_abs());
                    let (gk, gt) = (gcd(kc, den).max(1), gcd(tc, den).max(1));
                    write_abs_term(f, &[], kc / gk, den / gk, false, false)?;
                    f.write_str(" - ")?;
                    return write_abs_term(f, &t.mono, tc / gt, den / gt, true, false);
                }
            }
            for (i, t) in p.terms.iter().enumerate() {
                let negative = t.coeff < 0;
                match (i, negative) {
                    (0, true) => f.write_char('-')?,
                    (0, false) => {}
                    (_, true) => f.write_str(" - ")?,
                    (_, false) => f.write_str(" + ")?,
                }
                let c = t.coeff.unsigned_abs();
                let g = gcd(c, den).max(1);
                write_abs_term(f, &t.mono, c / g, den / g, negative, false)?;
            }
            Ok(())
        }
    }
}

fn write_sym(f: &mut dyn Write, s: &Sym) -> fmt::Result {
    write_sum(f, s, 1)
}

fn parenthesized(f: &mut dyn Write, s: &Sym) -> fmt::Result {
    f.write_char('(')?;
    write_sym(f, s)?;
    f.write_char(')')
}

/// `floor(a/b)`.
fn write_floor(f: &mut dyn Write, a: &Sym, b: &Sym) -> fmt::Result {
    f.write_str("floor(")?;
    match b.const_val() {
        // a sum of rational terms
        Some(d) if d > 0 => write_sum(f, a, d.unsigned_abs())?,
        _ => {
            // the sign of the quotient, as sympy sees it, decides the
            // parentheses of `Mod` factors on both sides
            let negative = match a.terms() {
                [t] => t.coeff < 0,
                [] => a.const_val().is_some_and(|c| c < 0),
                _ => false,
            };
            match a.terms() {
                [t] => {
                    if negative {
                        f.write_char('-')?;
                    }
                    let c = t.coeff.unsigned_abs();
                    write_abs_term(f, &t.mono, c, 1, negative, true)?;
                }
                [] => write_sym(f, a)?,
                _ => parenthesized(f, a)?,
            }
            f.write_char('/')?;
            match b.terms() {
                [t] if t.coeff == 1 && t.mono.len() == 1 => {
                    let lone_mod =
                        t.mono[0].exp == 1 && matches!(t.mono[0].atom.kind(), AtomKind::Mod(..));
                    if lone_mod && !negative {
                        parenthesized(f, b)?
                    } else {
                        write_sym(f, b)?
                    }
                }
                [t] => {
                    f.write_char('(')?;
                    write_abs_term(f, &t.mono, t.coeff.unsigned_abs(), 1, negative, false)?;
                    f.write_char(')')?;
                }
                _ => parenthesized(f, b)?,
            }
        }
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
