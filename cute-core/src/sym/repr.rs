//! The canonical representation: a polynomial with `i64` coefficients over
//! atoms, each node shared through an `Arc` and carrying its size, depth,
//! structural hash, value range and scale, computed once when it is made.
//!
//! ```text
//! Sym   = Const(i64) | Poly
//! Poly  = [Term]             sorted by the monomial order, >= 1 non-constant term
//! Term  = coeff * Mono       coeff != 0
//! Mono  = [(Atom, exp)]      sorted by the atom order, exp >= 1, distinct atoms
//! Atom  = Symbol(name, assumptions) | Floor(Sym, Sym) | Mod(Sym, Sym)
//!       | Min([Sym]) | Max([Sym])
//! ```
//!
//! # Scaled atoms
//!
//! An atom whose values are all known to be multiples of some `s > 1` (its
//! *scale*: a symbol `K` assumed a multiple of 8 has scale 8, `Min(K, 8*M)`
//! too) stands, as a generator of the polynomial ring, for its value divided
//! by its scale, the integer `K/8`: the expression `K` is the term
//! `8*(K/8)`, and `floor(K/2)` is `4*(K/8)`. So every multiple the
//! assumptions know of is an integer coefficient, every exact quotient of a
//! known multiple is the polynomial of its value, and the canonical form
//! of `+`, `-` and `*` is the polynomial's, with nothing to rewrite after
//! the terms are combined. `Sym::from_atom` builds the expression of an
//! atom (`scale * generator`), `Sym::as_atom` recognizes one; evaluation,
//! substitution, code and printing convert between the two.

use alloc::boxed::Box;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::interval::Range;
use super::{Assumptions, Sym};
use crate::error::{Error, Result};

/// The largest expression, counted as the nodes of its tree (each term, each
/// atom, each nested term), that a checked operation builds.
pub(super) const MAX_SIZE: u32 = 4096;
/// The deepest nesting of atoms (`floor(floor(x/N)/M)` has depth 2).
pub(super) const MAX_DEPTH: u32 = 24;
/// The largest total degree of one monomial.
pub(super) const MAX_DEGREE: u64 = 64;
/// The most monomial products one multiplication may form.
pub(super) const MAX_WORK: usize = 1 << 14;

/// How coefficients combine: checked (overflow and size limits are errors)
/// or wrapping modulo `2^64` (the machine meaning of `wrapping_int_*`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Mode {
    Checked,
    Wrapping,
}

#[derive(Clone)]
pub(super) enum Repr {
    Const(i64),
    Poly(Arc<Poly>),
}

pub(super) struct Poly {
    pub(super) terms: Vec<Term>,
    pub(super) size: u32,
    pub(super) depth: u32,
    pub(super) hash: u64,
    pub(super) range: Range,
}

#[derive(Clone, PartialEq, Eq)]
pub(super) struct Term {
    pub(super) coeff: i64,
    pub(super) mono: Mono,
}

pub(super) type Mono = Vec<Factor>;

#[derive(Clone, PartialEq, Eq)]
pub(super) struct Factor {
    pub(super) atom: Atom,
    pub(super) exp: u64,
}

#[derive(Clone)]
pub(super) struct Atom(pub(super) Arc<AtomNode>);

pub(super) struct AtomNode {
    pub(super) kind: AtomKind,
    pub(super) size: u32,
    pub(super) depth: u32,
    pub(super) hash: u64,
    /// The range of the generator (the atom's values divided by its scale).
    pub(super) range: Range,
    /// The largest positive integer known to divide every value of the
    /// atom: the generator stands for the value divided by it.
    pub(super) scale: i64,
}

#[derive(PartialEq, Eq)]
pub(super) enum AtomKind {
    Symbol(SymbolDef),
    Floor(Sym, Sym),
    Mod(Sym, Sym),
    Min(Vec<Sym>),
    Max(Vec<Sym>),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct SymbolDef {
    pub(super) name: Box<str>,
    pub(super) assume: Assumptions,
}

// ---- hashing: a deterministic mixer, computed once per node -------------------

#[inline]
pub(super) fn mix(h: u64, v: u64) -> u64 {
    (h.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95)
}

fn hash_str(mut h: u64, s: &str) -> u64 {
    for b in s.bytes() {
        h = mix(h, u64::from(b));
    }
    mix(h, s.len() as u64)
}

impl Sym {
    pub(super) fn struct_hash(&self) -> u64 {
        match &self.0 {
            Repr::Const(c) => mix(0x0c, *c as u64),
            Repr::Poly(p) => p.hash,
        }
    }
    pub(super) fn size(&self) -> u32 {
        match &self.0 {
            Repr::Const(_) => 1,
            Repr::Poly(p) => p.size,
        }
    }
    pub(super) fn depth(&self) -> u32 {
        match &self.0 {
            Repr::Const(_) => 0,
            Repr::Poly(p) => p.depth,
        }
    }
    pub(super) fn terms(&self) -> &[Term] {
        match &self.0 {
            Repr::Const(_) => &[],
            Repr::Poly(p) => &p.terms,
        }
    }
    /// The terms, a constant as a term with the empty monomial.
    pub(super) fn to_terms(&self) -> Vec<Term> {
        match &self.0 {
            Repr::Const(0) => Vec::new(),
            Repr::Const(c) => alloc::vec![Term {
                coeff: *c,
                mono: Vec::new()
            }],
            Repr::Poly(p) => p.terms.clone(),
        }
    }
    /// The single atom this expression is, if it is one: `scale * atom`
    /// (see *Scaled atoms*).
    pub(super) fn as_atom(&self) -> Option<&Atom> {
        match self.terms() {
            [t] if t.mono.len() == 1 && t.mono[0].exp == 1 && t.coeff == t.mono[0].atom.scale() => {
                Some(&t.mono[0].atom)
            }
            _ => None,
        }
    }
    /// The expression of an atom: its generator times its scale.
    pub(super) fn from_atom(atom: Atom) -> Sym {
        let t = Term {
            coeff: atom.scale(),
            mono: alloc::vec![Factor { atom, exp: 1 }],
        };
        // A single atom is within every limit its parts were.
        Poly::make(alloc::vec![t])
    }
}

impl Atom {
    pub(super) fn kind(&self) -> &AtomKind {
        &self.0.kind
    }
    /// The range of the generator: the atom's values divided by its scale.
    pub(super) fn range(&self) -> Range {
        self.0.range
    }
    /// The atom's scale (see *Scaled atoms*), at least 1.
    pub(super) fn scale(&self) -> i64 {
        self.0.scale
    }

    /// Makes an atom of what is known of its values (`scale` and the
    /// generator's `range`, which [`Atom::new`] computes), computing its
    /// size, depth and hash; fails beyond the size limits.
    pub(super) fn with_known(kind: AtomKind, scale: i64, range: Range) -> Result<Atom> {
        let (size, depth, hash) = match &kind {
            AtomKind::Symbol(d) => {
                let h = hash_str(mix(0x51, d.assume.hash_key()), &d.name);
                (1, 0, h)
            }
            AtomKind::Floor(a, b) | AtomKind::Mod(a, b) => {
                let tag = if matches!(kind, AtomKind::Floor(..)) {
                    0xf1
                } else {
                    0x3d
                };
                (
                    1 + a.size() + b.size(),
                    1 + a.depth().max(b.depth()),
                    mix(mix(tag, a.struct_hash()), b.struct_hash()),
                )
            }
            AtomKind::Min(args) | AtomKind::Max(args) => {
                let tag = if matches!(kind, AtomKind::Min(..)) {
                    0x17
                } else {
                    0x71
                };
                let mut h = tag;
                let (mut size, mut depth) = (1u32, 0u32);
                for a in args {
                    h = mix(h, a.struct_hash());
                    size = size.saturating_add(a.size());
                    depth = depth.max(a.depth());
                }
                (size, depth + 1, mix(h, args.len() as u64))
            }
        };
        if size > MAX_SIZE {
            return Err(too_large(size));
        }
        if depth > MAX_DEPTH {
            return Err(too_deep());
        }
        Ok(Atom(Arc::new(AtomNode {
            kind,
            size,
            depth,
            hash,
            range,
            scale,
        })))
    }
}

#[cold]
pub(super) fn too_large(size: u32) -> Error {
    Error::value(
        "Sym",
        alloc::format!(
            "expression too large ({size} nodes, at most {MAX_SIZE}): simplify or split it"
        ),
    )
}

#[cold]
fn too_deep() -> Error {
    Error::value(
        "Sym",
        alloc::format!("expression nested too deeply (more than {MAX_DEPTH} levels of atoms)"),
    )
}

#[cold]
pub(super) fn coeff_overflow(op: &'static str) -> Error {
    Error::overflow(
        op,
        "a coefficient of the expression leaves the 64-bit range",
    )
}

// ---- equality and hashing: structural on the canonical form --------------------

impl PartialEq for Atom {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
            || (self.0.hash == other.0.hash && self.0.kind == other.0.kind)
    }
}
impl Eq for Atom {}

impl PartialEq for Sym {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (Repr::Const(a), Repr::Const(b)) => a == b,
            (Repr::Poly(a), Repr::Poly(b)) => {
                Arc::ptr_eq(a, b) || (a.hash == b.hash && a.terms == b.terms)
            }
            _ => false,
        }
    }
}
impl Eq for Sym {}

impl core::hash::Hash for Sym {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.struct_hash());
    }
}

// ---- the canonical orders -------------------------------------------------------

/// The rank of `floor` atoms in the order of kinds.
pub(super) const FLOOR_RANK: u8 = 2;

/// The kinds of atoms in the order they sort (sympy's): symbols first.
pub(super) fn kind_rank(k: &AtomKind) -> u8 {
    match k {
        AtomKind::Symbol(_) => 0,
        AtomKind::Mod(..) => 1,
        AtomKind::Floor(..) => FLOOR_RANK,
        AtomKind::Max(..) => 3,
        AtomKind::Min(..) => 4,
    }
}

/// The order of atoms (the generators of the polynomial ring): symbols by
/// name, then `Mod`, `floor`, `Max`, `Min`, each by its arguments.
pub(super) fn atom_cmp(a: &Atom, b: &Atom) -> Ordering {
    if Arc::ptr_eq(&a.0, &b.0) {
        return Ordering::Equal;
    }
    let (ka, kb) = (a.kind(), b.kind());
    kind_rank(ka)
        .cmp(&kind_rank(kb))
        .then_with(|| match (ka, kb) {
            (AtomKind::Symbol(x), AtomKind::Symbol(y)) => x
                .name
                .cmp(&y.name)
                .then_with(|| x.assume.cmp_key().cmp(&y.assume.cmp_key())),
            (AtomKind::Floor(a1, b1), AtomKind::Floor(a2, b2))
            | (AtomKind::Mod(a1, b1), AtomKind::Mod(a2, b2)) => {
                sym_cmp(a1, a2).then_with(|| sym_cmp(b1, b2))
            }
            (AtomKind::Min(x), AtomKind::Min(y)) | (AtomKind::Max(x), AtomKind::Max(y)) => {
                seq_cmp(x, y, sym_cmp)
            }
            _ => Ordering::Equal,
        })
}

fn seq_cmp<T>(x: &[T], y: &[T], f: impl Fn(&T, &T) -> Ordering) -> Ordering {
    for (a, b) in x.iter().zip(y) {
        let o = f(a, b);
        if o != Ordering::Equal {
            return o;
        }
    }
    x.len().cmp(&y.len())
}

/// The order of monomials, which is the order terms are printed in (sympy's
/// `lex`): by the exponent of the first generator, larger first, then of the
/// next, and so on; the constant monomial last. `M**2`, `M*N`, `M`, `N**2`,
/// `N`, `1`.
pub(super) fn mono_cmp(a: &[Factor], b: &[Factor]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        match atom_cmp(&x.atom, &y.atom) {
            // The earlier generator has a positive exponent in `a` only.
            Ordering::Less => return Ordering::Less,
            Ordering::Greater => return Ordering::Greater,
            Ordering::Equal => match y.exp.cmp(&x.exp) {
                Ordering::Equal => {}
                o => return o,
            },
        }
    }
    // The longer one has a positive exponent where the other has none.
    b.len().cmp(&a.len())
}

/// A total order on canonical expressions: constants first (by value), then
/// polynomials term by term.
pub(super) fn sym_cmp(a: &Sym, b: &Sym) -> Ordering {
    match (&a.0, &b.0) {
        (Repr::Const(x), Repr::Const(y)) => x.cmp(y),
        (Repr::Const(_), Repr::Poly(_)) => Ordering::Less,
        (Repr::Poly(_), Repr::Const(_)) => Ordering::Greater,
        (Repr::Poly(x), Repr::Poly(y)) => {
            if Arc::ptr_eq(x, y) {
                return Ordering::Equal;
            }
            seq_cmp(&x.terms, &y.terms, |s, t| {
                mono_cmp(&s.mono, &t.mono).then_with(|| s.coeff.cmp(&t.coeff))
            })
        }
    }
}

// ---- building canonical polynomials ---------------------------------------------

pub(super) fn mono_degree(m: &[Factor]) -> u64 {
    m.iter().fold(0u64, |d, f| d.saturating_add(f.exp))
}

/// Exponents combined in wrapping mode stay exact modulo `2^64`: for every
/// integer `x` and `k >= 64`, `x^k = x^(k + 2^62) (mod 2^64)`.
fn wrap_exp(e: u64) -> u64 {
    const PERIOD: u64 = 1 << 62;
    if e >= 64 + PERIOD {
        64 + (e - 64) % PERIOD
    } else {
        e
    }
}

/// The product of two monomials.
pub(super) fn mono_mul(a: &[Factor], b: &[Factor], mode: Mode) -> Result<Mono> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match atom_cmp(&a[i].atom, &b[j].atom) {
            Ordering::Less => {
                out.push(a[i].clone());
                i += 1;
            }
            Ordering::Greater => {
                out.push(b[j].clone());
                j += 1;
            }
            Ordering::Equal => {
                let exp = wrap_exp(a[i].exp.saturating_add(b[j].exp));
                out.push(Factor {
                    atom: a[i].atom.clone(),
                    exp,
                });
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    if mode == Mode::Checked && mono_degree(&out) > MAX_DEGREE {
        return Err(Error::value(
            "Sym",
            alloc::format!("a monomial of degree more than {MAX_DEGREE}"),
        ));
    }
    Ok(out)
}

/// `a + b` on coefficients.
#[inline]
pub(super) fn cadd(a: i64, b: i64, mode: Mode, op: &'static str) -> Result<i64> {
    match mode {
        Mode::Checked => a.checked_add(b).ok_or_else(|| coeff_overflow(op)),
        Mode::Wrapping => Ok(a.wrapping_add(b)),
    }
}

/// `a * b` on coefficients.
#[inline]
pub(super) fn cmul(a: i64, b: i64, mode: Mode, op: &'static str) -> Result<i64> {
    match mode {
        Mode::Checked => a.checked_mul(b).ok_or_else(|| coeff_overflow(op)),
        Mode::Wrapping => Ok(a.wrapping_mul(b)),
    }
}

impl Poly {
    /// The canonical expression of a list of terms in any order: like terms
    /// combined, zero terms dropped, a lone constant a `Const`.
    pub(super) fn build(mut terms: Vec<Term>, mode: Mode) -> Result<Sym> {
        terms.sort_by(|s, t| mono_cmp(&s.mono, &t.mono));
        let mut merged: Vec<Term> = Vec::with_capacity(terms.len());
        for t in terms {
            match merged.last_mut() {
                Some(last) if last.mono == t.mono => {
                    last.coeff = cadd(last.coeff, t.coeff, mode, "+")?;
                }
                _ => merged.push(t),
            }
        }
        merged.retain(|t| t.coeff != 0);
        Self::from_sorted(merged, mode)
    }

    /// The canonical expression of terms already sorted, combined and
    /// non-zero; in checked mode, within the size limit.
    pub(super) fn from_sorted(terms: Vec<Term>, mode: Mode) -> Result<Sym> {
        let s = Self::make(terms);
        if mode == Mode::Checked && s.size() > MAX_SIZE {
            return Err(too_large(s.size()));
        }
        Ok(s)
    }

    /// The expression of terms already sorted, combined and non-zero.
    pub(super) fn make(terms: Vec<Term>) -> Sym {
        match terms.as_slice() {
            [] => return Sym(Repr::Const(0)),
            [t] if t.mono.is_empty() => return Sym(Repr::Const(t.coeff)),
            _ => {}
        }
        let mut size = 0u32;
        let mut depth = 0u32;
        let mut hash = 0x9e37_79b9_7f4a_7c15u64;
        let mut range = Range::exact(0);
        for t in &terms {
            size = size.saturating_add(1);
            hash = mix(hash, t.coeff as u64);
            let mut mr = Range::exact(1);
            for f in &t.mono {
                size = size.saturating_add(f.atom.0.size);
                depth = depth.max(f.atom.0.depth);
                hash = mix(mix(hash, f.atom.0.hash), f.exp);
                mr = mr.mul(f.atom.range().pow(f.exp));
            }
            hash = mix(hash, 0xfe);
            range = range.add(mr.mul(Range::exact(i128::from(t.coeff))));
        }
        Sym(Repr::Poly(Arc::new(Poly {
            terms,
            size,
            depth,
            hash,
            range,
        })))
    }
}
