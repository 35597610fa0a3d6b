//! Symbolic integers: integer expressions over named sizes, such as `M`,
//! `4*N`, `M*N + 2*M + 3`, `floor(N/4)`, `Mod(N, 4)` or `Min(M, N)`.
//!
//! The specification lets a shape or stride leaf be a symbol (sympy there:
//! `is_int(N)` is true, `is_static(N)` false). A layout over symbols, such as
//! `Layout((M, N), (1, M))`, is a layout whose sizes are known only when a
//! kernel is launched; the algebra runs over it as over numbers, and its
//! evaluation is index code (`i + M*j`). [`Sym`] is that integer: a dynamic
//! integer leaf ([`IntLeaf`] with `IsStatic = B0`) that implements every
//! operation of [`DynInt`](crate::DynInt).
//!
//! # The canonical form
//!
//! A `Sym` is kept in one canonical, simplified form, so that two
//! expressions built in different ways from the same value by `+`, `-` and
//! `*` are equal (`==` and `Hash` are structural on the canonical form):
//!
//! - a polynomial with `i64` coefficients over *atoms*: like terms combined,
//!   zero terms dropped, constants folded (`x*1`, `x + 0`, `x*0`, `x - x`);
//!   an operation whose coefficient leaves the `i64` range is an error,
//!   never a wrap;
//! - atoms are symbols and the irreducible `floor(a/b)`, `Mod(a, b)`,
//!   `Min(..)` and `Max(..)` of canonical expressions;
//! - an atom whose values the assumptions make multiples of some `s > 1`
//!   (its *scale*: `s = 8` for a symbol `K` assumed a multiple of 8, and
//!   for `Min(K, 8*M)`) is, as a generator of the polynomial ring, its
//!   value divided by `s`: `K` is `8*(K/8)`, the integer `K/8` the
//!   generator. So every exact quotient of a known multiple is a
//!   polynomial over the generators, whatever divisor or sign made it:
//!   `floor(K/2) = 4*(K/8)`, `floor(-K/2) = -4*(K/8)`, `8*floor(K/8) = K`,
//!   `K*floor(-K/2) = -32*(K/8)**2`; and what the assumptions make a
//!   multiple of `c` is what has coefficients `c` divides;
//! - terms are sorted by sympy's `lex` order (see *Printing*), the factors of
//!   a term by the atom order (symbols by name, then `Mod`, `floor`, `Max`,
//!   `Min`, each by its arguments, as sympy orders them).
//!
//! Floor division and floor modulo (Python's `//` and `%`, which the
//! specification uses) reduce by these rules, in this order:
//!
//! | rule | example |
//! |---|---|
//! | constants fold; division by 0 is an error | `7 // 2 = 3`, `-7 % 2 = 1` |
//! | `x // 1 = x`, `x % 1 = 0`, `x // x = 1`, `x % x = 0`, `0 // x = 0` | |
//! | a divisor leading with a negative coefficient is negated: `a // -b = -a // b`, `a % -b = -(-a % b)` (of `b` and `-b`, the one that leads with a positive coefficient; if both or neither do, the smaller in the structural order; so `a // b` and `-a // -b` are one form) | `floor(M/(1 - N)) = floor(-M/(N - 1))` |
//! | exact multiples leave the quotient: `(b*q + r) // b = q + r // b` | `(4*M + N) // 4 = M + floor(N/4)`, `(M*N + 3) // N = M + floor(3/N)` |
//! | ... and the remainder: `(b*q + r) % b = r % b` | `Mod(8*M + 3, 4) = 3` |
//! | a common coefficient cancels: `(g*a) // (g*b) = a // b` | `(2*M + 2) // 4 = (M + 1) // 2`, printed `floor(M/2 + 1/2)` |
//! | ... and factors out: `(g*a) % (g*b) = g*(a % b)` | `Mod(2*M, 4) = 2*Mod(M, 2)` |
//! | remainder coefficients reduce into `[0, c)` | `Mod(5*M - 1, 4) = Mod(M + 3, 4)` |
//! | ... and a common monomial: `(a*g) // (b*g) = a // b`, `(a*g) % (b*g) = g*(a % b)` (any `g` not 0) | `floor(N*t/(t*x)) = floor(N/x)`, `Mod(2*N*t, M*N) = N*Mod(2*t, M)` |
//! | `floor(floor(x/a)/b) = floor(x/(a*b))` for constants `a, b > 0` | |
//! | `Mod(k*Mod(x, d) + s, c) = Mod(k*x + s, c)` when `c` divides `d` | `Mod(Mod(x, 8), 4) = Mod(x, 4)`, `Mod(Mod(x, n), n) = Mod(x, n)` |
//! | a dividend whose range one quotient covers | `floor(Mod(x, 4)/8) = 0`, `Mod(Mod(x, 4), 8) = Mod(x, 4)` |
//! | `r // b = 0` and `r % b = r` when `0 <= r < b` is decided | |
//! | `r // b = -1` and `r % b = r + b` when `-b <= r < 0` is decided | `floor(-1/N) = -1`, `Mod(-1, N) = N - 1` |
//! | a remainder decided to be divisible vanishes | `Mod(K, 128) = 0` for `K` a multiple of 128 |
//!
//! An exact quotient multiplies back: for `K` a multiple of 128,
//! `floor(K/128)` is the generator `K/128`, so `128*floor(K/128) = K`, and
//! the size of a divided layout, `64*floor(K/64)*...`, is the size it
//! divides. The rule `(b*q + r) // b = q + r // b` is all it takes, since
//! the multiple is in the coefficients.
//!
//! `Min` and `Max` flatten, fold their constants, drop duplicates, every
//! argument that another one is decided to beat (`Min(M, M + 1) = M`) and
//! every one absorbed (`Max(a, Min(a, b)) = a`), and sort the rest; one
//! argument left is the result. `ceil(a / b)` is `floor((a + b - 1)/b)`
//! for a positive `b`.
//!
//! What the rules do not reduce stays an atom: `floor(N/4)`, `Mod(N, 4)`,
//! `floor(M/N)`. The canonical form is complete for `+`, `-`, `*`
//! (polynomial identity: `+` and `*` are commutative, associative and
//! distributive on canonical forms, since they are the polynomial ring's
//! operations and never look inside atoms), not
//! for every identity of `floor` and `Mod` (`M - 4*floor(M/4)` is not
//! rewritten to `Mod(M, 4)`, nor `Mod(M, 4) + 4*floor(M/4)` to `M`, as sympy
//! does not: doing it inside `+` would make the form depend on the order of
//! the additions). Equal `Sym`s have equal values, but unequal `Sym`s may
//! still have equal values; the decisions below compare values, not forms.
//!
//! # Symbols and assumptions
//!
//! A symbol has a name (an identifier: a letter or `_`, then letters, digits
//! or `_`) and [`Assumptions`]: always an integer; its sign is *positive*
//! (the default, as sizes and leading dimensions are), *non-negative* or
//! unknown; and it may be known to be a multiple of a positive `k` (`K` a
//! multiple of 128). Two symbols with the same name and assumptions are the
//! same symbol. Simplification uses the assumptions: `floor(M/4)` needs no
//! floor-division code for a non-negative `M`, `Mod(K, 128)` is 0 for `K` a
//! multiple of 128. So values that violate them are rejected by
//! [`Sym::eval`] and [`Sym::subs`].
//!
//! # Decisions
//!
//! From the assumptions, every expression has a range of values, computed
//! from its atoms' ranges (a positive symbol is `>= 1`, a multiple of 128 is
//! `>= 128`, `Mod(x, 4)` is in `[0, 3]`, `floor(x/4)` for `x >= 0` is
//! `>= 0`), sharpened by pairing terms (`M*N - M >= 0` since `N >= 1`). From
//! it:
//!
//! - [`Sym::sign`]: positive, negative, zero, non-negative, non-positive or
//!   unknown (`M - 1` is non-negative for a positive `M`);
//! - comparison ([`IntCmp`](crate::IntCmp), [`Sym::is_lt`], ...), by the sign
//!   of the difference;
//! - divisibility ([`IntDivides`](crate::IntDivides)): `128` divides
//!   `128*K`, `8` divides `8*M + 16*N`, `8` does not divide `8*M + 4`; by a
//!   symbolic divisor, `M` divides `4*M*N`;
//! - `min`, `max`, `gcd` where one operand is decided to be the answer.
//!
//! [`IntMin`](crate::IntMin) and [`IntMax`](crate::IntMax) return the
//! operand decided to be the smaller (larger) one, and are `Undecidable`
//! otherwise, as the trait says and as PyCuTe's `min` over sympy values
//! raises; [`Sym::min_sym`] and [`Sym::max_sym`] never fail to decide: they
//! return the canonical atom `Min(M, N)` instead, a value the algebra can
//! carry on with (whose later comparisons may then be undecidable).
//!
//! What cannot be decided is an [`Error::Undecidable`](crate::Error)
//! naming the condition in the specification's style: `divides: cannot
//! decide whether 8 divides M`, `cmp: cannot decide whether M < N`.
//!
//! # Operators and errors
//!
//! Every operation is checked: a coefficient that leaves the `i64` range, a
//! division by zero, or an expression that grows past the size limit
//! (4096 nodes, 24 levels of nested atoms, total degree 64 per term) is an
//! `Err`, and so is a floor division or modulo whose rules would call one
//! another more than 32 levels deep (a bound on the stack: cancelling a
//! common factor divides again, and that rarely more than once), so no
//! input can overflow silently, make the simplifier run away or exhaust
//! the stack. The operations are the [`IntAdd`](crate::IntAdd) ... traits
//! (`int_add`, `int_div`, ...), the inherent [`Sym::floor_div`],
//! [`Sym::floor_mod`], ... and the std operators `+`, `-`, `*` and unary
//! `-` between `Sym`s (owned or borrowed) and `i64`s, whose `Output` is
//! `Result<Sym>`: they can fail, so they say so, and `?` chains them. The
//! `wrapping_int_*` forms (for paths whose operands were checked) wrap
//! coefficients modulo `2^64`, the machine meaning of a wrapping operation,
//! and do not apply the size limit.
//!
//! # Printing
//!
//! `Display` prints sympy's `str` form of the same expression: `N`, `4*N`,
//! `N + 3`, `M*N`, `2*M + N`, `M**2`, `M - 1`, `-M + N`, `floor(N/4)`,
//! `floor(N/2 + 3/4)` (a quotient by a constant is a sum of rational terms),
//! `floor((M + 1)/N)`, `Mod(N, 4)`, `4*(Mod(N, 4))` (sympy parenthesizes a
//! `Mod` factor of a positive product, not of a negative one:
//! `-4*Mod(N, 4)`), `Min(M, N)`. Terms come in sympy's `lex` order: by the
//! exponent of the first generator, larger first, then of the next, and so
//! on, the constant last (but `1 - x`, `6 - 6*N`: sympy writes a positive
//! constant first beside one negative single-factor term), where the
//! generators are the atoms in the atom
//! order above (symbols alphabetically, uppercase before lowercase, then
//! `Mod`, `floor`, `Max`, `Min`): `M**2 + M*N + 2*M + N + 3`,
//! `x + Mod(N, 4) + floor(N/4) + Min(M, N)`; the factors of a term in the
//! same order, `M*x*(Mod(N, 4))`. A scaled atom prints as its value: for
//! `K` a multiple of 8, the term `c*(K/8)**e` is `c/8**e * K**e`, printed
//! as such where that coefficient is an integer (`K`, `2*K`), and else as
//! the floor division that gives it, the other factors outside:
//! `floor(K/8)`, `floor(K/2)`, `3*floor(K/8)`, `M*floor(K/8)`,
//! `floor(K**2/64)`, `128*(Mod(floor(K/128), 2))` (for `Mod(K, 256)` when
//! `K` is a multiple of 128); such a floor sorts among the `floor`s, before
//! the atoms (`x - floor(K/4)`, `M + floor(K/8)`). Inside a floor, whose
//! arguments sympy writes as fractions, it is one: `floor(K/16 + M/2)`,
//! `floor(K/(8*M))`, `floor(8*M/K)`. `Debug` prints the same text. Where this
//! differs from sympy: atoms of the same kind (two `floor`s, two `Mod`s)
//! and the arguments of `Min` and `Max` are ordered by their arguments in
//! this crate's structural order, where sympy uses its own sort keys
//! (`Min(x, M + N)` there, `Min(M + N, x)` here); and sympy may keep a
//! different canonical form of some values (`Mod(5*M + 3, 4)` there,
//! `Mod(M + 3, 4)` here, which reduces every coefficient). The text of a
//! given canonical form otherwise re-reads in sympy to the same text.
//!
//! # Code generation and evaluation
//!
//! [`Sym::to_code`] prints an expression as C, CUDA or Rust code over 64-bit
//! integers, preserving floor semantics (see [`Lang`]); [`Sym::eval`]
//! evaluates it for given symbol values, checked; [`Sym::subs`] substitutes
//! expressions for symbols and simplifies.
//!
//! # Examples
//!
//! ```
//! use cute_core::sym::{Assumptions, Sym};
//! use cute_core::{IntCmp, IntDivides, IntLeaf};
//!
//! # fn main() -> cute_core::Result<()> {
//! let m = Sym::symbol("M")?;
//! let n = Sym::symbol("N")?;
//! assert_eq!(((&m * 4)? + 3)?.to_string(), "4*M + 3");
//! assert_eq!(((&m + &n)? * &m)?.to_string(), "M**2 + M*N");
//! assert_eq!(((&m * &n)? + ((2 * &m)? + 3)?)?.to_string(), "M*N + 2*M + 3");
//! assert_eq!(((&n * 8)? + 3)?.floor_div(&8.into())?.to_string(), "N");
//! assert_eq!(n.floor_div(&4.into())?.to_string(), "floor(N/4)");
//! assert_eq!(n.floor_mod(&4.into())?.to_string(), "Mod(N, 4)");
//! assert_eq!(m.min_sym(&n)?.to_string(), "Min(M, N)");
//!
//! // decisions from the assumptions (M and N are positive)
//! assert!(Sym::from(8).int_divides(&((&m * 8)? + (&n * 16)?)?)?);
//! assert!(!Sym::from(8).int_divides(&((&m * 8)? + 4)?)?);
//! assert!((&m * &n)?.is_ge(&m)?);
//! let e = Sym::from(8).int_divides(&m).unwrap_err();
//! assert_eq!(e.to_string(), "divides: cannot decide whether 8 divides M");
//! let e = m.int_cmp(&n).unwrap_err();
//! assert_eq!(e.to_string(), "cmp: cannot decide whether M < N");
//!
//! // a symbol known to be a multiple of 128
//! let k = Sym::symbol_with("K", Assumptions::positive().multiple_of(128)?)?;
//! assert_eq!(k.floor_mod(&64.into())?, Sym::from(0));
//! assert!(Sym::from(128).int_divides(&k)?);
//!
//! assert_eq!(m.try_const(), None);
//! assert_eq!(Sym::from(7).try_const(), Some(7));
//! # Ok(())
//! # }
//! ```

mod arith;
mod code;
mod eval;
mod interval;
mod leaf;
mod print;
mod range;
mod repr;
#[cfg(test)]
mod tests;

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::error::{Error, Result};
use crate::int::IntLeaf;
use repr::{AtomKind, Mode, Repr, SymbolDef};

pub use code::Lang;

/// A symbolic integer: an integer expression over named symbols, in
/// canonical form. See the [module documentation](self).
///
/// Cheap to clone (a constant is stored inline, anything else is shared
/// behind an `Arc`). `==` and `Hash` compare canonical forms.
#[derive(Clone)]
pub struct Sym(Repr);

/// What is assumed of a symbol's sign.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum SymSign {
    /// `>= 1`: the default, as for sizes and leading dimensions.
    #[default]
    Positive,
    /// `>= 0`, as for coordinates and offsets.
    NonNegative,
    /// Any integer.
    Any,
}

/// The assumptions on a symbol: it is an integer, with a sign
/// ([`SymSign`], positive by default) and, optionally, a positive integer
/// it is known to be a multiple of.
///
/// ```
/// use cute_core::sym::{Assumptions, SymSign};
/// let a = Assumptions::positive().multiple_of(128).unwrap();
/// assert_eq!((a.sign(), a.multiple()), (SymSign::Positive, 128));
/// assert_eq!(Assumptions::default(), Assumptions::positive());
/// assert!(Assumptions::any().multiple_of(0).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Assumptions {
    sign: SymSign,
    multiple: i64,
}

impl Default for Assumptions {
    fn default() -> Self {
        Self::positive()
    }
}

impl Assumptions {
    /// A positive integer (`>= 1`).
    pub const fn positive() -> Self {
        Assumptions {
            sign: SymSign::Positive,
            multiple: 1,
        }
    }
    /// A non-negative integer (`>= 0`).
    pub const fn nonnegative() -> Self {
        Assumptions {
            sign: SymSign::NonNegative,
            multiple: 1,
        }
    }
    /// Any integer.
    pub const fn any() -> Self {
        Assumptions {
            sign: SymSign::Any,
            multiple: 1,
        }
    }
    /// The same, and a multiple of `k`.
    ///
    /// # Errors
    /// `ValueError` unless `k >= 1`.
    pub fn multiple_of(self, k: i64) -> Result<Self> {
        if k < 1 {
            return Err(Error::value(
                "Assumptions",
                alloc::format!("a symbol can be a multiple of a positive integer only, not {k}"),
            ));
        }
        Ok(Assumptions {
            multiple: k,
            ..self
        })
    }
    /// The assumed sign.
    pub const fn sign(&self) -> SymSign {
        self.sign
    }
    /// The positive integer the symbol is a multiple of (1 if nothing is
    /// known).
    pub const fn multiple(&self) -> i64 {
        self.multiple
    }
    /// True iff `v` satisfies the assumptions.
    pub fn admits(&self, v: i64) -> bool {
        let sign_ok = match self.sign {
            SymSign::Positive => v >= 1,
            SymSign::NonNegative => v >= 0,
            SymSign::Any => true,
        };
        sign_ok && crate::checked::divides(self.multiple, v)
    }
    fn describe(&self) -> String {
        let s = match self.sign {
            SymSign::Positive => "positive",
            SymSign::NonNegative => "non-negative",
            SymSign::Any => "an integer",
        };
        if self.multiple > 1 {
            alloc::format!("{s} and a multiple of {}", self.multiple)
        } else {
            String::from(s)
        }
    }
    fn hash_key(&self) -> u64 {
        repr::mix(self.sign as u64, self.multiple as u64)
    }
    fn cmp_key(&self) -> (u8, i64) {
        (self.sign as u8, self.multiple)
    }
}

/// What is decided about the sign of an expression.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Sign {
    /// Always 0.
    Zero,
    /// Always `> 0`.
    Positive,
    /// Always `< 0`.
    Negative,
    /// Always `>= 0`, possibly 0.
    NonNegative,
    /// Always `<= 0`, possibly 0.
    NonPositive,
    /// Not decided.
    Unknown,
}

/// The key that orders integer leaves as the specification orders strides
/// and orders (`make_layout_like`, `make_ordered_layout`): "only static values
/// can be ordered by magnitude; symbolic (non-static) values are considered
/// larger than every static value and, being mutually incomparable, retain
/// their left-to-right order".
///
/// `Static(v) < Symbolic` and `Static` values in numeric order; every
/// symbolic value has the same key, so a *stable* sort by this key (such as
/// `slice::sort_by_key`) keeps symbolic values in their left-to-right order,
/// after the static ones. A value is static here iff it is a known constant
/// ([`IntLeaf::try_const`]), as the specification's `is_static` calls a
/// value static iff `int()` of it succeeds. Sort by magnitude by keying the
/// absolute values.
///
/// ```
/// use cute_core::sym::{spec_order_key, Sym};
/// let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
/// let mut v = vec![n.clone(), Sym::from(4), m.clone(), Sym::from(1)];
/// v.sort_by_key(spec_order_key);
/// assert_eq!(v, [Sym::from(1), Sym::from(4), n, m]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum SpecOrderKey {
    /// A value known now.
    Static(i64),
    /// A value not known now: larger than every static one.
    Symbolic,
}

/// The specification's ordering key of an integer leaf; see
/// [`SpecOrderKey`].
pub fn spec_order_key<I: IntLeaf>(x: &I) -> SpecOrderKey {
    match x.try_const() {
        Some(v) => SpecOrderKey::Static(v),
        None => SpecOrderKey::Symbolic,
    }
}

/// The specification's comparison of two integer leaves: `Some` order of
/// two static values or of a static and a symbolic one (the symbolic is
/// larger), `None` for two symbolic values, which are incomparable.
///
/// ```
/// use core::cmp::Ordering;
/// use cute_core::sym::{spec_cmp, Sym};
/// let m = Sym::symbol("M").unwrap();
/// assert_eq!(spec_cmp(&Sym::from(4), &m), Some(Ordering::Less));
/// assert_eq!(spec_cmp(&m, &m), None);
/// ```
pub fn spec_cmp<I: IntLeaf>(a: &I, b: &I) -> Option<Ordering> {
    match (spec_order_key(a), spec_order_key(b)) {
        (SpecOrderKey::Symbolic, SpecOrderKey::Symbolic) => None,
        (x, y) => Some(x.cmp(&y)),
    }
}

fn valid_name(name: &str) -> bool {
    let mut cs = name.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl Sym {
    /// The constant `v`.
    pub const fn constant(v: i64) -> Sym {
        Sym(Repr::Const(v))
    }

    /// The positive integer symbol `name`.
    ///
    /// # Errors
    /// `ValueError` unless `name` is an identifier (a letter or `_`, then
    /// letters, digits or `_`).
    ///
    /// # Examples
    /// ```
    /// use cute_core::sym::Sym;
    /// assert_eq!(Sym::symbol("M").unwrap().to_string(), "M");
    /// assert!(Sym::symbol("2x").is_err());
    /// ```
    pub fn symbol(name: &str) -> Result<Sym> {
        Self::symbol_with(name, Assumptions::positive())
    }

    /// The integer symbol `name` with the given assumptions.
    ///
    /// # Errors
    /// `ValueError` unless `name` is an identifier.
    pub fn symbol_with(name: &str, assume: Assumptions) -> Result<Sym> {
        if !valid_name(name) {
            return Err(Error::value(
                "Sym",
                alloc::format!("a symbol's name must be an identifier, not {name:?}"),
            ));
        }
        let atom = repr::Atom::new(AtomKind::Symbol(SymbolDef {
            name: Box::from(name),
            assume,
        }))?;
        Ok(Sym::from_atom(atom))
    }

    /// The name and assumptions of this expression if it is a lone symbol.
    pub fn as_symbol(&self) -> Option<(&str, Assumptions)> {
        match self.as_atom().map(|a| a.kind()) {
            Some(AtomKind::Symbol(d)) => Some((&d.name, d.assume)),
            _ => None,
        }
    }

    /// The symbols the expression mentions, each once, in the atom order
    /// (by name).
    pub fn symbols(&self) -> Vec<(String, Assumptions)> {
        let mut out: Vec<(String, Assumptions)> = Vec::new();
        self.visit_symbols(&mut |d| {
            if !out.iter().any(|(n, a)| **n == *d.name && *a == d.assume) {
                out.push((String::from(&*d.name), d.assume));
            }
        });
        out.sort_by(|x, y| x.0.cmp(&y.0).then(x.1.cmp_key().cmp(&y.1.cmp_key())));
        out
    }

    fn visit_symbols(&self, f: &mut dyn FnMut(&SymbolDef)) {
        for t in self.terms() {
            for fac in &t.mono {
                match fac.atom.kind() {
                    AtomKind::Symbol(d) => f(d),
                    AtomKind::Floor(a, b) | AtomKind::Mod(a, b) => {
                        a.visit_symbols(f);
                        b.visit_symbols(f);
                    }
                    AtomKind::Min(xs) | AtomKind::Max(xs) => {
                        xs.iter().for_each(|x| x.visit_symbols(f));
                    }
                }
            }
        }
    }

    /// `self + rhs`.
    ///
    /// # Errors
    /// `ValueError` (overflow) when a coefficient leaves the `i64` range, or
    /// when the result exceeds the size limit.
    pub fn checked_add(&self, rhs: &Sym) -> Result<Sym> {
        arith::add(self, rhs, Mode::Checked)
    }
    /// `self - rhs`.
    ///
    /// # Errors
    /// As [`Sym::checked_add`].
    pub fn checked_sub(&self, rhs: &Sym) -> Result<Sym> {
        arith::sub(self, rhs, Mode::Checked)
    }
    /// `self * rhs`, expanded.
    ///
    /// # Errors
    /// As [`Sym::checked_add`], and when a term's degree exceeds 64.
    pub fn checked_mul(&self, rhs: &Sym) -> Result<Sym> {
        arith::mul(self, rhs, Mode::Checked)
    }
    /// `-self`.
    ///
    /// # Errors
    /// `ValueError` (overflow) for a coefficient `i64::MIN`.
    pub fn checked_neg(&self) -> Result<Sym> {
        arith::neg(self, Mode::Checked)
    }
    /// `self ** e`, expanded.
    ///
    /// # Errors
    /// As [`Sym::checked_mul`].
    pub fn pow(&self, e: u32) -> Result<Sym> {
        arith::pow(self, e)
    }
    /// Floor division `self // rhs`, rounded towards negative infinity. A
    /// symbolic divisor is allowed (the result is valid wherever the divisor
    /// is not 0); what does not reduce is a `floor(a/b)` atom.
    ///
    /// # Errors
    /// `ValueError` for the divisor 0, on overflow, past the size limit, or
    /// when the rules of division would call one another more than 32
    /// levels deep (see *Operators and errors* in the module doc).
    ///
    /// # Examples
    /// ```
    /// use cute_core::sym::Sym;
    /// let n = Sym::symbol("N").unwrap();
    /// let x = ((&n * 4).unwrap() + 6).unwrap(); // 4*N + 6
    /// assert_eq!(x.floor_div(&4.into()).unwrap().to_string(), "N + 1");
    /// assert_eq!(x.floor_div(&8.into()).unwrap().to_string(), "floor(N/2 + 3/4)");
    /// assert!(x.floor_div(&0.into()).is_err());
    /// ```
    pub fn floor_div(&self, rhs: &Sym) -> Result<Sym> {
        arith::floor_div(self, rhs)
    }
    /// Floor modulo `self % rhs`, with the divisor's sign (as in Python).
    /// What does not reduce is a `Mod(a, b)` atom.
    ///
    /// # Errors
    /// As [`Sym::floor_div`].
    ///
    /// # Examples
    /// ```
    /// use cute_core::sym::Sym;
    /// let n = Sym::symbol("N").unwrap();
    /// let x = ((&n * 4).unwrap() + 6).unwrap(); // 4*N + 6
    /// assert_eq!(x.floor_mod(&4.into()).unwrap().to_string(), "2");
    /// assert_eq!(x.floor_mod(&8.into()).unwrap().to_string(), "2*(Mod(2*N + 3, 4))");
    /// ```
    pub fn floor_mod(&self, rhs: &Sym) -> Result<Sym> {
        arith::floor_mod(self, rhs)
    }
    /// Ceiling division `ceil(self / rhs)`: `floor((self + rhs - 1)/rhs)`
    /// for a positive divisor.
    ///
    /// # Errors
    /// As [`Sym::floor_div`].
    pub fn ceil_div(&self, rhs: &Sym) -> Result<Sym> {
        arith::ceil_div(self, rhs)
    }
    /// The greatest common divisor, never negative, where it is decided:
    /// `gcd(4, 8*M + 2) = 2`, `gcd(M, M*N) = M`.
    ///
    /// # Errors
    /// `Undecidable` otherwise (`gcd(M, N)`).
    pub fn gcd(&self, rhs: &Sym) -> Result<Sym> {
        arith::gcd(self, rhs)
    }
    /// The smaller of the two: the one decided to be smaller, or else the
    /// atom `Min(self, rhs)`. Unlike [`IntMin`](crate::IntMin), never
    /// undecidable.
    ///
    /// # Errors
    /// Only past the size limit.
    pub fn min_sym(&self, rhs: &Sym) -> Result<Sym> {
        arith::min_max(&[self.clone(), rhs.clone()], true)
    }
    /// The larger of the two, or the atom `Max(self, rhs)`; see
    /// [`Sym::min_sym`].
    ///
    /// # Errors
    /// Only past the size limit.
    pub fn max_sym(&self, rhs: &Sym) -> Result<Sym> {
        arith::min_max(&[self.clone(), rhs.clone()], false)
    }
    /// `Min` of any number of expressions (see [`Sym::min_sym`]).
    ///
    /// # Errors
    /// `ValueError` for no arguments, or past the size limit.
    pub fn min_of(args: &[Sym]) -> Result<Sym> {
        arith::min_max(args, true)
    }
    /// `Max` of any number of expressions (see [`Sym::max_sym`]).
    ///
    /// # Errors
    /// `ValueError` for no arguments, or past the size limit.
    pub fn max_of(args: &[Sym]) -> Result<Sym> {
        arith::min_max(args, false)
    }

    /// What is decided about the sign of the expression under the
    /// assumptions.
    ///
    /// ```
    /// use cute_core::sym::{Sign, Sym};
    /// let m = Sym::symbol("M").unwrap();
    /// assert_eq!(m.sign(), Sign::Positive);
    /// assert_eq!((&m - 1).unwrap().sign(), Sign::NonNegative);
    /// assert_eq!((1 - &m).unwrap().sign(), Sign::NonPositive);
    /// assert_eq!((&m - 2).unwrap().sign(), Sign::Unknown);
    /// ```
    pub fn sign(&self) -> Sign {
        arith::range_of(self).sign()
    }

    /// The bounds decided for the values of the expression: `(lo, hi)`,
    /// `None` where unbounded (or beyond the `i64` range).
    ///
    /// ```
    /// use cute_core::sym::Sym;
    /// let m = Sym::symbol("M").unwrap();
    /// assert_eq!(m.bounds(), (Some(1), None));
    /// assert_eq!(m.floor_mod(&8.into()).unwrap().bounds(), (Some(0), Some(7)));
    /// ```
    pub fn bounds(&self) -> (Option<i64>, Option<i64>) {
        let r = arith::range_of(self);
        (
            r.lo.and_then(|v| i64::try_from(v).ok()),
            r.hi.and_then(|v| i64::try_from(v).ok()),
        )
    }

    /// The order of `self` and `rhs`, by the sign of their difference.
    ///
    /// # Errors
    /// `Undecidable` (`cmp: cannot decide whether M < N`) when the sign is
    /// not decided; overflow of the difference.
    pub fn try_cmp(&self, rhs: &Sym) -> Result<Ordering> {
        arith::compare(self, rhs)
    }

    fn decide(&self, rhs: &Sym, op: &str, yes: fn(Sign) -> Option<bool>) -> Result<bool> {
        if let (Some(a), Some(b)) = (self.const_val(), rhs.const_val()) {
            let o = a.cmp(&b);
            return Ok(match op {
                "<" => o.is_lt(),
                "<=" => o.is_le(),
                ">" => o.is_gt(),
                _ => o.is_ge(),
            });
        }
        let d = self.checked_sub(rhs)?;
        yes(d.sign())
            .ok_or_else(|| arith::undecidable("cmp", alloc::format!("whether {self} {op} {rhs}")))
    }

    /// `self < rhs`.
    ///
    /// # Errors
    /// `Undecidable` when not decided (`cannot decide whether M < N`).
    pub fn is_lt(&self, rhs: &Sym) -> Result<bool> {
        self.decide(rhs, "<", |s| match s {
            Sign::Negative => Some(true),
            Sign::Zero | Sign::Positive | Sign::NonNegative => Some(false),
            _ => None,
        })
    }
    /// `self <= rhs`.
    ///
    /// # Errors
    /// `Undecidable` when not decided.
    pub fn is_le(&self, rhs: &Sym) -> Result<bool> {
        self.decide(rhs, "<=", |s| match s {
            Sign::Negative | Sign::Zero | Sign::NonPositive => Some(true),
            Sign::Positive => Some(false),
            _ => None,
        })
    }
    /// `self > rhs`.
    ///
    /// # Errors
    /// `Undecidable` when not decided.
    pub fn is_gt(&self, rhs: &Sym) -> Result<bool> {
        self.decide(rhs, ">", |s| match s {
            Sign::Positive => Some(true),
            Sign::Zero | Sign::Negative | Sign::NonPositive => Some(false),
            _ => None,
        })
    }
    /// `self >= rhs`.
    ///
    /// # Errors
    /// `Undecidable` when not decided.
    pub fn is_ge(&self, rhs: &Sym) -> Result<bool> {
        self.decide(rhs, ">=", |s| match s {
            Sign::Positive | Sign::Zero | Sign::NonNegative => Some(true),
            Sign::Negative => Some(false),
            _ => None,
        })
    }

    /// True iff `self` divides `rhs` (0 divides only 0).
    ///
    /// # Errors
    /// `Undecidable` (`divides: cannot decide whether 8 divides M`) when
    /// not decided.
    pub fn divides(&self, rhs: &Sym) -> Result<bool> {
        arith::divides(self, rhs)
    }

    /// The number of nodes of the expression's tree (1 for a constant or a
    /// symbol): what the size limit of 4096 counts.
    pub fn node_count(&self) -> usize {
        self.size() as usize
    }
}

impl From<i64> for Sym {
    fn from(v: i64) -> Sym {
        Sym(Repr::Const(v))
    }
}

impl Default for Sym {
    /// The constant 0.
    fn default() -> Sym {
        Sym::ZERO
    }
}
