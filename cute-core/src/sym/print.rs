//! Printing in sympy's `str` style: `4*M + 3`, `M*N`, `M**2`, `-M + N`,
//! `floor((M + 1)/4)`, `Mod(N, 4)`, `Min(M, N)`.

use core::fmt::{self, Write};

use super::repr::{AtomKind, Factor, Repr, Term};
use super::Sym;

fn write_mono(f: &mut dyn Write, m: &[Factor]) -> fmt::Result {
    for (i, fac) in m.iter().enumerate() {
        if i > 0 {
            f.write_char('*')?;
        }
        write_atom(f, &fac.atom.0.kind)?;
        if fac.exp != 1 {
            write!(f, "**{}", fac.exp)?;
        }
    }
    Ok(())
}

/// A term without its sign: `3*M`, `M*N`, `7`.
fn write_abs_term(f: &mut dyn Write, t: &Term) -> fmt::Result {
    let c = t.coeff.unsigned_abs();
    if t.mono.is_empty() {
        return write!(f, "{c}");
    }
    if c != 1 {
        write!(f, "{c}*")?;
    }
    write_mono(f, &t.mono)
}

fn write_sym(f: &mut dyn Write, s: &Sym) -> fmt::Result {
    match &s.0 {
        Repr::Const(c) => write!(f, "{c}"),
        Repr::Poly(p) => {
            for (i, t) in p.terms.iter().enumerate() {
                match (i, t.coeff < 0) {
                    (0, true) => f.write_char('-')?,
                    (0, false) => {}
                    (_, true) => f.write_str(" - ")?,
                    (_, false) => f.write_str(" + ")?,
                }
                write_abs_term(f, t)?;
            }
            Ok(())
        }
    }
}

/// A numerator or denominator of `floor(a/b)`: a sum is parenthesized; a
/// denominator is, unless it is a constant or a lone power of an atom.
fn write_quotient_part(f: &mut dyn Write, s: &Sym, denominator: bool) -> fmt::Result {
    let bare = match s.terms() {
        [] => !denominator || s.const_val().is_some_and(|c| c >= 0),
        [t] => !denominator || (t.coeff == 1 && t.mono.len() == 1),
        _ => false,
    };
    if bare {
        write_sym(f, s)
    } else {
        f.write_char('(')?;
        write_sym(f, s)?;
        f.write_char(')')
    }
}

fn write_atom(f: &mut dyn Write, k: &AtomKind) -> fmt::Result {
    match k {
        AtomKind::Symbol(d) => f.write_str(&d.name),
        AtomKind::Floor(a, b) => {
            f.write_str("floor(")?;
            write_quotient_part(f, a, false)?;
            f.write_char('/')?;
            write_quotient_part(f, b, true)?;
            f.write_char(')')
        }
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
