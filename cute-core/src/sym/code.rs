//! Code generation: one expression as C, CUDA or Rust source over 64-bit
//! integers, with the floor semantics of `//` and `%` preserved.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::range::sym_range;
use super::repr::{AtomKind, Repr, Term};
use super::Sym;
use crate::error::{Error, Result};

/// The language [`Sym::to_code`] writes.
///
/// Every value is a 64-bit signed integer: `int64_t` (or `long long`) in
/// C and CUDA, `i64` in Rust; symbols become variables of that type. The
/// code assumes the evaluation does not overflow (check with
/// [`Sym::eval`]). C's and Rust's `/` and `%` truncate towards zero, which
/// is floor division only for a non-negative dividend and a positive
/// divisor, so each `floor(a/b)` and `Mod(a, b)` is written by what the
/// assumptions decide about its operands:
///
/// | operands | `floor(a/b)` | `Mod(a, b)` |
/// |---|---|---|
/// | `a >= 0`, `b = 2^k` | `a >> k` | `a & (2^k - 1)` |
/// | `a >= 0`, `b > 0` | `a / b` | `a % b` |
/// | `b > 0`, Rust | `a.div_euclid(b)` | `a.rem_euclid(b)` |
/// | `b > 0`, C, CUDA | `a / b - (a % b < 0)` | `a % b + (a % b < 0) * b` |
/// | otherwise | `a / b` minus 1 when the remainder is non-zero and its sign differs from `b`'s | `a % b` plus `b` in that case |
///
/// `Min` and `Max` are `a.min(b)` / `a.max(b)` in Rust, `min(a, b)` /
/// `max(a, b)` in CUDA, and a conditional expression in C. Powers are
/// repeated products. Operands are parenthesized by precedence only where
/// needed (`M*(N + 1)`); shifts and masks are always parenthesized as
/// operands, since they bind more loosely than `+` in both languages.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Lang {
    /// C (C99 or later), over `int64_t`.
    C,
    /// CUDA C++, over `int64_t` (`long long`): as C, with `min`/`max`.
    Cuda,
    /// Rust, over `i64`.
    Rust,
}

/// Precedence of a piece of code, loosest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Prec {
    /// Shifts, masks, comparisons, conditionals: parenthesized as operands.
    Low,
    Sum,
    Prod,
    Unary,
    Primary,
}

struct Code {
    text: String,
    prec: Prec,
    /// A bare integer literal (Rust needs a typed one as a method receiver).
    literal: bool,
}

impl Code {
    fn new(text: String, prec: Prec) -> Code {
        Code {
            text,
            prec,
            literal: false,
        }
    }
    /// The text, parenthesized unless it binds at least as tightly as `p`.
    fn at(&self, p: Prec) -> String {
        if self.prec >= p {
            self.text.clone()
        } else {
            alloc::format!("({})", self.text)
        }
    }
}

struct Gen<'a> {
    lang: Lang,
    var: &'a dyn Fn(&str) -> Option<String>,
}

impl Gen<'_> {
    fn literal(&self, v: i64) -> Code {
        let (text, prec) = match (self.lang, v) {
            (Lang::Rust, i64::MIN) => ("i64::MIN".to_string(), Prec::Primary),
            (_, i64::MIN) => ("(-9223372036854775807LL - 1)".to_string(), Prec::Primary),
            (Lang::Rust, _) => (alloc::format!("{v}"), Prec::Primary),
            (_, _) if i32::try_from(v).is_ok() => (alloc::format!("{v}"), Prec::Primary),
            (_, _) => (alloc::format!("{v}LL"), Prec::Primary),
        };
        let prec = if v < 0 && v != i64::MIN {
            Prec::Unary
        } else {
            prec
        };
        Code {
            text,
            prec,
            literal: v != i64::MIN,
        }
    }

    /// A Rust method receiver: primary, and typed if a literal.
    fn receiver(&self, c: &Code) -> String {
        if c.literal {
            alloc::format!("({}_i64)", c.text)
        } else {
            c.at(Prec::Primary)
        }
    }

    fn sym(&self, s: &Sym) -> Result<Code> {
        match &s.0 {
            Repr::Const(c) => Ok(self.literal(*c)),
            Repr::Poly(p) => {
                if let [t] = p.terms.as_slice() {
                    return self.term(t);
                }
                let mut out = String::new();
                for (i, t) in p.terms.iter().enumerate() {
                    let negative = t.coeff < 0 && t.coeff != i64::MIN;
                    let body = if i == 0 {
                        self.term(t)?.at(Prec::Sum)
                    } else {
                        let abs = Term {
                            coeff: if negative { -t.coeff } else { t.coeff },
                            mono: t.mono.clone(),
                        };
                        // the right operand of `-` binds more tightly than a sum
                        self.term(&abs)?.at(Prec::Prod)
                    };
                    if i > 0 {
                        out.push_str(if negative { " - " } else { " + " });
                    }
                    out.push_str(&body);
                }
                Ok(Code::new(out, Prec::Sum))
            }
        }
    }

    /// `coeff * f1 * f2 ...`. A generator of scale `s` (see *Scaled atoms*
    /// in `repr`) is its atom divided by `s`: as much of `s` as the
    /// coefficient holds comes out of it, and the atom is divided by the
    /// rest (exactly, as `s` divides it): `8*(K/8)` is `K`, `4*(K/8)` is
    /// `K >> 1`, `3*(K/8)` is `3 * (K >> 3)`.
    fn term(&self, t: &Term) -> Result<Code> {
        if t.mono.is_empty() {
            return Ok(self.literal(t.coeff));
        }
        let mut coeff = t.coeff;
        let mut factors: Vec<String> = Vec::new();
        let mut lone: Option<Code> = None;
        for f in &t.mono {
            if f.exp > super::repr::MAX_DEGREE {
                return Err(Error::value(
                    "to_code",
                    alloc::format!("a power of degree {} (at most 64)", f.exp),
                ));
            }
            for _ in 0..f.exp {
                let s = f.atom.scale();
                let g = crate::checked::gcd_u64(coeff.unsigned_abs(), s.unsigned_abs());
                let g = i64::try_from(g).unwrap_or(1).max(1);
                coeff /= g;
                let code = self.exact_quotient(&f.atom, s / g)?;
                factors.push(code.at(Prec::Unary));
                lone = Some(code);
            }
        }
        let product = factors.join(" * ");
        let single = factors.len() == 1;
        Ok(match coeff {
            1 if single => lone.unwrap_or_else(|| Code::new(product, Prec::Prod)),
            1 => Code::new(product, Prec::Prod),
            -1 => {
                let body = if single {
                    product
                } else {
                    alloc::format!("({product})")
                };
                Code::new(alloc::format!("-{body}"), Prec::Unary)
            }
            c => {
                let lit = self.literal(c);
                Code::new(alloc::format!("{} * {product}", lit.text), Prec::Prod)
            }
        })
    }

    /// The atom's value divided by `d`, a divisor of its scale: a shift for
    /// a non-negative atom and a power of two, else `/` (which is exact).
    fn exact_quotient(&self, atom: &super::repr::Atom, d: i64) -> Result<Code> {
        let code = self.atom(atom.kind())?;
        if d == 1 {
            return Ok(code);
        }
        let nonneg = atom.range().lo.is_some_and(|l| l >= 0);
        let x = code.at(Prec::Unary);
        if nonneg && (d as u64).is_power_of_two() {
            Ok(Code::new(
                alloc::format!("{x} >> {}", d.trailing_zeros()),
                Prec::Low,
            ))
        } else {
            Ok(Code::new(
                alloc::format!("{} / {}", code.at(Prec::Prod), self.literal(d).text),
                Prec::Prod,
            ))
        }
    }

    fn atom(&self, k: &AtomKind) -> Result<Code> {
        match k {
            AtomKind::Symbol(d) => {
                let name = (self.var)(&d.name).unwrap_or_else(|| String::from(&*d.name));
                if name.is_empty() {
                    return Err(Error::value(
                        "to_code",
                        alloc::format!("an empty variable name for the symbol {}", d.name),
                    ));
                }
                let simple = name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == ':');
                Ok(if simple {
                    Code::new(name, Prec::Primary)
                } else {
                    Code::new(alloc::format!("({name})"), Prec::Primary)
                })
            }
            AtomKind::Floor(a, b) => self.div_mod(a, b, true),
            AtomKind::Mod(a, b) => self.div_mod(a, b, false),
            AtomKind::Min(xs) | AtomKind::Max(xs) => {
                let is_min = matches!(k, AtomKind::Min(_));
                let mut acc = self.sym(&xs[0])?;
                for x in &xs[1..] {
                    let y = self.sym(x)?;
                    acc = match self.lang {
                        Lang::Rust => Code::new(
                            alloc::format!(
                                "{}.{}({})",
                                self.receiver(&acc),
                                if is_min { "min" } else { "max" },
                                y.text
                            ),
                            Prec::Primary,
                        ),
                        Lang::Cuda => Code::new(
                            alloc::format!(
                                "{}({}, {})",
                                if is_min { "min" } else { "max" },
                                acc.text,
                                y.text
                            ),
                            Prec::Primary,
                        ),
                        Lang::C => {
                            let (p, q) = (acc.at(Prec::Unary), y.at(Prec::Unary));
                            let op = if is_min { "<" } else { ">" };
                            Code::new(alloc::format!("({p} {op} {q} ? {p} : {q})"), Prec::Primary)
                        }
                    };
                }
                Ok(acc)
            }
        }
    }

    fn div_mod(&self, a: &Sym, b: &Sym, div: bool) -> Result<Code> {
        let (ra, rb) = (sym_range(a), sym_range(b));
        let a_nonneg = ra.lo.is_some_and(|l| l >= 0);
        let b_pos = rb.lo.is_some_and(|l| l >= 1);
        let ca = self.sym(a)?;
        let cb = self.sym(b)?;
        let (x, y) = (ca.at(Prec::Unary), cb.at(Prec::Unary));
        let rust = self.lang == Lang::Rust;
        if a_nonneg {
            if let Some(c) = b
                .const_val()
                .filter(|c| *c > 0 && (*c as u64).is_power_of_two())
            {
                let text = if div {
                    alloc::format!("{x} >> {}", c.trailing_zeros())
                } else {
                    alloc::format!("{x} & {}", self.literal(c - 1).text)
                };
                return Ok(Code::new(text, Prec::Low));
            }
        }
        if a_nonneg && b_pos {
            // truncation is floor here
            let op = if div { '/' } else { '%' };
            return Ok(Code::new(
                alloc::format!("{} {op} {y}", ca.at(Prec::Prod)),
                Prec::Prod,
            ));
        }
        if b_pos && rust {
            let m = if div { "div_euclid" } else { "rem_euclid" };
            return Ok(Code::new(
                alloc::format!("{}.{m}({})", self.receiver(&ca), cb.text),
                Prec::Primary,
            ));
        }
        // the remainder is non-zero and of the other sign than the divisor
        let off = if b_pos {
            alloc::format!("{x} % {y} < 0")
        } else if rust {
            alloc::format!("{x} % {y} != 0 && (({x} % {y} < 0) != ({y} < 0))")
        } else {
            alloc::format!("({x} % {y} != 0) && (({x} % {y} < 0) != ({y} < 0))")
        };
        let off = if rust {
            alloc::format!("(({off}) as i64)")
        } else {
            alloc::format!("({off})")
        };
        let text = if div {
            alloc::format!("{x} / {y} - {off}")
        } else {
            alloc::format!("{x} % {y} + {off} * {y}")
        };
        Ok(Code::new(text, Prec::Sum))
    }
}

impl Sym {
    /// The expression as code in `lang`, each symbol a variable of its own
    /// name. See [`Lang`] for the conventions.
    ///
    /// # Errors
    /// `ValueError` for a power of degree beyond 64 (only a wrapping
    /// operation makes one).
    ///
    /// # Examples
    /// ```
    /// use cute_core::sym::{Assumptions, Lang, Sym};
    /// let t = Sym::symbol_with("t", Assumptions::nonnegative()).unwrap();
    /// let ld = Sym::symbol("ld").unwrap();
    /// // (t % 8) * 4 + (t / 8) * ld
    /// let e = ((t.floor_mod(&8.into()).unwrap() * 4).unwrap()
    ///     + (t.floor_div(&8.into()).unwrap() * &ld).unwrap())
    /// .unwrap();
    /// assert_eq!(e.to_string(), "ld*floor(t/8) + 4*(Mod(t, 8))");
    /// assert_eq!(e.to_code(Lang::C).unwrap(), "ld * (t >> 3) + 4 * (t & 7)");
    /// let i = Sym::symbol_with("i", Assumptions::any()).unwrap();
    /// let q = i.floor_div(&ld).unwrap();
    /// assert_eq!(q.to_code(Lang::Rust).unwrap(), "i.div_euclid(ld)");
    /// assert_eq!(q.to_code(Lang::C).unwrap(), "i / ld - (i % ld < 0)");
    /// ```
    pub fn to_code(&self, lang: Lang) -> Result<String> {
        self.to_code_with(lang, &|_| None)
    }

    /// The expression as code in `lang`, the symbol named `n` written as the
    /// variable `var(n)` (or `n` where `var` gives `None`). A variable that
    /// is not an identifier or a path (`p.m`, `cfg::M`) is parenthesized.
    ///
    /// # Errors
    /// `ValueError` for an empty variable name, or as [`Sym::to_code`].
    ///
    /// ```
    /// use cute_core::sym::{Lang, Sym};
    /// let m = Sym::symbol("M").unwrap();
    /// let e = (&m * 4).unwrap();
    /// let code = e.to_code_with(Lang::Rust, &|n| Some(format!("p.{}", n.to_lowercase())));
    /// assert_eq!(code.unwrap(), "4 * p.m");
    /// ```
    pub fn to_code_with(&self, lang: Lang, var: &dyn Fn(&str) -> Option<String>) -> Result<String> {
        let g = Gen { lang, var };
        Ok(g.sym(self)?.text)
    }
}
