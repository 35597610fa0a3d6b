//! Evaluation for given symbol values, and substitution of expressions for
//! symbols.

use super::arith;
use super::repr::{AtomKind, Mode, Repr, SymbolDef};
use super::{Sign, Sym, SymSign};
use crate::checked;
use crate::error::{Error, Result};

impl Sym {
    /// The value of the expression when each symbol `n` is `values(n)`,
    /// with floor semantics for `//` and `%`, checked.
    ///
    /// # Errors
    /// `ValueError` for a symbol without a value, a value that violates the
    /// symbol's assumptions (the canonical form relies on them), a division
    /// by zero, or overflow.
    ///
    /// # Examples
    /// ```
    /// use cute_core::sym::Sym;
    /// let m = Sym::symbol("M").unwrap();
    /// let e = ((&m * 4).unwrap() + 3).unwrap().floor_div(&8.into()).unwrap();
    /// assert_eq!(e.eval(&|n| (n == "M").then_some(5)).unwrap(), 2);
    /// assert!(e.eval(&|_| None).is_err()); // no value for M
    /// assert!(e.eval(&|_| Some(0)).is_err()); // M is positive
    /// ```
    pub fn eval(&self, values: &impl Fn(&str) -> Option<i64>) -> Result<i64> {
        eval_dyn(self, values)
    }

    /// The expression with each symbol `n` for which `with(n)` is `Some(e)`
    /// replaced by `e`, simplified.
    ///
    /// # Errors
    /// `ValueError` when a replacement violates the symbol's assumptions
    /// (`M` positive replaced by `0`), `Undecidable` when it is not decided
    /// to satisfy them (`M` positive replaced by `N - 1`), or any error of
    /// the operations that rebuild the expression.
    ///
    /// # Examples
    /// ```
    /// use cute_core::sym::Sym;
    /// let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
    /// let e = (&m + 6).unwrap().floor_div(&n).unwrap(); // floor((M + 6)/N)
    /// let by_4n = |x: &str| match x {
    ///     "M" => Some((&n * 4).unwrap()),
    ///     _ => None,
    /// };
    /// // floor((4*N + 6)/N) = 4 + floor(6/N)
    /// assert_eq!(e.subs(&by_4n).unwrap().to_string(), "floor(6/N) + 4");
    /// let all = e.subs(&|x: &str| Some(Sym::from(if x == "M" { 10 } else { 4 }))).unwrap();
    /// assert_eq!(all, Sym::from(4));
    /// assert!(e.subs(&|x: &str| (x == "M").then(|| Sym::from(0))).is_err());
    /// ```
    pub fn subs(&self, with: &impl Fn(&str) -> Option<Sym>) -> Result<Sym> {
        subs_dyn(self, with)
    }
}

fn eval_dyn(s: &Sym, values: &dyn Fn(&str) -> Option<i64>) -> Result<i64> {
    let terms = match &s.0 {
        Repr::Const(c) => return Ok(*c),
        Repr::Poly(p) => &p.terms,
    };
    let mut acc: i64 = 0;
    for t in terms {
        let mut v = t.coeff;
        for f in &t.mono {
            // the generator: the atom's value divided by its scale, which
            // divides it (a symbol's value is checked to)
            let x = checked::floor_div(eval_atom(&f.atom.0.kind, values)?, f.atom.scale())?;
            let p = match u32::try_from(f.exp) {
                Ok(e) => x.checked_pow(e),
                // only 0, 1 and -1 have such powers in range
                Err(_) => match x {
                    0 | 1 => Some(x),
                    -1 => Some(if f.exp % 2 == 0 { 1 } else { -1 }),
                    _ => None,
                },
            };
            let p = p.ok_or_else(|| {
                Error::overflow(
                    "eval",
                    alloc::format!("{x}**{} leaves the 64-bit range", f.exp),
                )
            })?;
            v = checked::mul(v, p)?;
        }
        acc = checked::add(acc, v)?;
    }
    Ok(acc)
}

fn eval_atom(k: &AtomKind, values: &dyn Fn(&str) -> Option<i64>) -> Result<i64> {
    match k {
        AtomKind::Symbol(d) => symbol_value(d, values),
        AtomKind::Floor(a, b) => checked::floor_div(eval_dyn(a, values)?, eval_dyn(b, values)?),
        AtomKind::Mod(a, b) => checked::floor_rem(eval_dyn(a, values)?, eval_dyn(b, values)?),
        AtomKind::Min(xs) | AtomKind::Max(xs) => {
            let is_min = matches!(k, AtomKind::Min(_));
            let mut acc: Option<i64> = None;
            for x in xs {
                let v = eval_dyn(x, values)?;
                acc = Some(match acc {
                    None => v,
                    Some(a) if is_min => a.min(v),
                    Some(a) => a.max(v),
                });
            }
            Ok(acc.unwrap_or(0))
        }
    }
}

fn symbol_value(d: &SymbolDef, values: &dyn Fn(&str) -> Option<i64>) -> Result<i64> {
    let v = values(&d.name).ok_or_else(|| {
        Error::value("eval", alloc::format!("no value for the symbol {}", d.name))
    })?;
    if !d.assume.admits(v) {
        return Err(Error::value(
            "eval",
            alloc::format!(
                "{} = {v}, but {} is {}",
                d.name,
                d.name,
                d.assume.describe()
            ),
        ));
    }
    Ok(v)
}

/// Checks that `e` may stand for the symbol `d`.
fn check_replacement(d: &SymbolDef, e: &Sym) -> Result<()> {
    if let Some(v) = e.const_val() {
        if d.assume.admits(v) {
            return Ok(());
        }
        return Err(Error::value(
            "subs",
            alloc::format!(
                "{} = {v}, but {} is {}",
                d.name,
                d.name,
                d.assume.describe()
            ),
        ));
    }
    let sign = e.sign();
    let (sign_ok, what) = match d.assume.sign {
        SymSign::Positive => (sign == Sign::Positive, "> 0"),
        SymSign::NonNegative => (
            matches!(sign, Sign::Positive | Sign::NonNegative | Sign::Zero),
            ">= 0",
        ),
        SymSign::Any => (true, ""),
    };
    if !sign_ok {
        return Err(arith::undecidable(
            "subs",
            alloc::format!(
                "whether {e} {what} (the assumption on {}, which {e} replaces)",
                d.name
            ),
        ));
    }
    let k = d.assume.multiple;
    if k > 1 && !matches!(arith::divides(&Sym::from(k), e), Ok(true)) {
        return Err(arith::undecidable(
            "subs",
            alloc::format!(
                "whether {k} divides {e} (the assumption on {}, which {e} replaces)",
                d.name
            ),
        ));
    }
    Ok(())
}

fn subs_dyn(s: &Sym, with: &dyn Fn(&str) -> Option<Sym>) -> Result<Sym> {
    let terms = match &s.0 {
        Repr::Const(_) => return Ok(s.clone()),
        Repr::Poly(p) => &p.terms,
    };
    let mut acc = Sym::ZERO;
    for t in terms {
        let mut v = Sym::from(t.coeff);
        for f in &t.mono {
            // the generator: the atom divided by its scale, an exact
            // quotient (a symbol's replacement is checked to be a multiple)
            let x = arith::floor_div(&subs_atom(&f.atom, with)?, &Sym::from(f.atom.scale()))?;
            let e = u32::try_from(f.exp)
                .map_err(|_| Error::value("subs", alloc::format!("a power of degree {}", f.exp)))?;
            v = arith::mul(&v, &arith::pow(&x, e)?, Mode::Checked)?;
        }
        acc = arith::add(&acc, &v, Mode::Checked)?;
    }
    Ok(acc)
}

fn subs_atom(atom: &super::repr::Atom, with: &dyn Fn(&str) -> Option<Sym>) -> Result<Sym> {
    match atom.kind() {
        AtomKind::Symbol(d) => match with(&d.name) {
            Some(e) => {
                check_replacement(d, &e)?;
                Ok(e)
            }
            None => Ok(Sym::from_atom(atom.clone())),
        },
        AtomKind::Floor(a, b) => arith::floor_div(&subs_dyn(a, with)?, &subs_dyn(b, with)?),
        AtomKind::Mod(a, b) => arith::floor_mod(&subs_dyn(a, with)?, &subs_dyn(b, with)?),
        AtomKind::Min(xs) | AtomKind::Max(xs) => {
            let args = xs
                .iter()
                .map(|x| subs_dyn(x, with))
                .collect::<Result<alloc::vec::Vec<_>>>()?;
            arith::min_max(&args, matches!(atom.kind(), AtomKind::Min(_)))
        }
    }
}
