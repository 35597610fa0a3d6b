//! Reading layouts, shapes, strides and coordinates back from text.
//!
//! Both printed notations of a layout are accepted: the constructor form
//! `Layout((3, (2, 4)), (2, (1, 6)))` (whose stride may be omitted, or a
//! single scalar base, as in the specification's `Layout((4, 8), 2)`) and
//! the `Shape:Stride` form `(3, (2, 4)):(2, (1, 6))`, including CuTe C++'s
//! static spelling `(_4,_8):(_1,_4)`. Tuples follow Python: `(8,)` is a
//! 1-tuple, `(8)` is just `8`. A stride leaf may be an integer, an F2 value
//! (`F2(6)` or `F6`), or a scaled basis element (`1@0`, `3@0@1`, `E(1, 0)`,
//! `3 * E(0)`).
//! A coordinate leaf may be `None`.

use core::str::FromStr;

use cute_core::{Error, Result};

use super::Layout;
use crate::atuple::ArithTuple;
use crate::htuple::{HTuple, IntTuple};
use crate::swizzle::F2;
use crate::typedefs::{Scalar, Stride};

/// One leaf as written.
#[derive(Clone, Debug)]
enum Atom {
    None,
    Int(i64),
    F2(u64),
    /// `value@p_n@...@p_0`: the value and the path `(p_0, ..., p_n)`.
    Basis(i64, Vec<usize>),
}

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    what: &'static str,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str, what: &'static str) -> Self {
        Parser { src, pos: 0, what }
    }

    fn err(&self, pos: usize, msg: impl Into<String>) -> Error {
        Error::Parse {
            op: self.what,
            pos,
            msg: msg.into(),
        }
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn skip_ws(&mut self) {
        let r = self.rest();
        self.pos += r.len() - r.trim_start().len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.rest().chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> Result<()> {
        if self.eat(c) {
            Ok(())
        } else {
            let found = self
                .peek()
                .map_or("the end".to_string(), |f| format!("'{f}'"));
            Err(self.err(self.pos, format!("expected '{c}', found {found}")))
        }
    }

    fn eat_word(&mut self, w: &str) -> bool {
        self.skip_ws();
        if let Some(after) = self.rest().strip_prefix(w) {
            if !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                self.pos += w.len();
                return true;
            }
        }
        false
    }

    fn end(&mut self) -> Result<()> {
        self.skip_ws();
        if self.pos == self.src.len() {
            Ok(())
        } else {
            Err(self.err(
                self.pos,
                format!("unexpected trailing text '{}'", self.rest()),
            ))
        }
    }

    /// An unsigned integer literal: decimal, `0b...` or `0x...`, `_` allowed
    /// between digits.
    fn uint(&mut self) -> Result<u64> {
        self.skip_ws();
        let start = self.pos;
        let r = self.rest();
        let (radix, body_start) = if r.starts_with("0b") || r.starts_with("0B") {
            (2, 2)
        } else if r.starts_with("0x") || r.starts_with("0X") {
            (16, 2)
        } else {
            (10, 0)
        };
        let body = &r[body_start..];
        let len = body
            .find(|c: char| !(c.is_digit(radix) || c == '_'))
            .unwrap_or(body.len());
        let digits: String = body[..len].chars().filter(|&c| c != '_').collect();
        if digits.is_empty() {
            return Err(self.err(start, "expected an integer"));
        }
        self.pos += body_start + len;
        u64::from_str_radix(&digits, radix).map_err(|_| {
            self.err(
                start,
                format!("integer {} is out of range", &r[..body_start + len]),
            )
        })
    }

    fn int(&mut self) -> Result<i64> {
        self.skip_ws();
        let start = self.pos;
        let neg = self.eat('-');
        // CuTe C++ spells a static integer `_4`.
        self.skip_ws();
        if self.rest().starts_with('_') {
            self.pos += 1;
        }
        let u = self.uint()?;
        let v = if neg {
            0i64.checked_sub_unsigned(u)
        } else {
            i64::try_from(u).ok()
        };
        v.ok_or_else(|| self.err(start, "integer is out of the 64-bit range"))
    }

    fn index(&mut self) -> Result<usize> {
        let start = self.pos;
        let v = self.uint()?;
        usize::try_from(v).map_err(|_| self.err(start, "mode index out of range"))
    }

    fn atom(&mut self) -> Result<Atom> {
        let start = {
            self.skip_ws();
            self.pos
        };
        if self.eat_word("None") {
            return Ok(Atom::None);
        }
        // `F2(6)`, the constructor, or `F6`, the printed form (`F2` is F2(2)).
        if self.rest().starts_with("F2") && self.rest()[2..].trim_start().starts_with('(') {
            self.pos += 2;
            self.expect('(')?;
            let v = self.int()?;
            self.expect(')')?;
            return u64::try_from(v)
                .map(Atom::F2)
                .map_err(|_| self.err(start, "an F2 value is non-negative"));
        }
        if self.rest().starts_with('F')
            && self.rest()[1..].starts_with(|c: char| c.is_ascii_digit())
        {
            self.pos += 1;
            return Ok(Atom::F2(self.uint()?));
        }
        if self.eat_word("E") {
            self.expect('(')?;
            let mut path = Vec::new();
            if !self.eat(')') {
                loop {
                    path.push(self.index()?);
                    if self.eat(')') {
                        break;
                    }
                    self.expect(',')?;
                }
            }
            return Ok(if path.is_empty() {
                Atom::Int(1)
            } else {
                Atom::Basis(1, path)
            });
        }
        match self.peek() {
            Some(c) if c.is_ascii_digit() || c == '-' || c == '_' => {}
            Some(c) => return Err(self.err(self.pos, format!("unexpected '{c}'"))),
            None => return Err(self.err(self.pos, "unexpected end of text")),
        }
        let v = self.int()?;
        if self.eat('*') {
            // `3 * E(0)`: a scaled unit basis element.
            let at = self.pos;
            return match self.atom()? {
                Atom::Int(u) => v
                    .checked_mul(u)
                    .map(Atom::Int)
                    .ok_or_else(|| self.err(at, "product is out of the 64-bit range")),
                Atom::Basis(u, path) => v
                    .checked_mul(u)
                    .map(|x| Atom::Basis(x, path))
                    .ok_or_else(|| self.err(at, "product is out of the 64-bit range")),
                other => Err(self.err(at, format!("cannot scale {other:?}"))),
            };
        }
        let mut rev = Vec::new();
        while self.eat('@') {
            rev.push(self.index()?);
        }
        if rev.is_empty() {
            Ok(Atom::Int(v))
        } else {
            rev.reverse();
            Ok(Atom::Basis(v, rev))
        }
    }

    /// An HTuple of atoms with Python's tuple rules.
    fn htuple(&mut self) -> Result<HTuple<(usize, Atom)>> {
        self.skip_ws();
        let start = self.pos;
        if self.eat('(') {
            let mut items = Vec::new();
            let mut trailing_comma = false;
            if !self.eat(')') {
                loop {
                    items.push(self.htuple()?);
                    if self.eat(')') {
                        trailing_comma = false;
                        break;
                    }
                    self.expect(',')?;
                    if self.eat(')') {
                        trailing_comma = true;
                        break;
                    }
                }
            }
            if items.len() == 1 && !trailing_comma {
                return Ok(items.pop().expect("one item"));
            }
            Ok(HTuple::Tuple(items))
        } else {
            Ok(HTuple::Leaf((start, self.atom()?)))
        }
    }
}

fn to_int_tuple(p: &Parser<'_>, t: &HTuple<(usize, Atom)>) -> Result<IntTuple> {
    t.try_map(&mut |(pos, a)| match a {
        Atom::Int(v) => Ok(*v),
        other => Err(p.err(*pos, format!("expected an integer, found {other:?}"))),
    })
}

fn to_stride(p: &Parser<'_>, t: &HTuple<(usize, Atom)>) -> Result<Stride> {
    t.try_map(&mut |(pos, a)| match a {
        Atom::Int(v) => Ok(Scalar::Int(*v)),
        Atom::F2(v) => Ok(Scalar::F2(F2(*v))),
        Atom::Basis(v, path) => Ok(ArithTuple::scaled_basis(Scalar::Int(*v), path)),
        Atom::None => Err(p.err(*pos, "None is not a stride")),
    })
}

fn to_coord(p: &Parser<'_>, t: &HTuple<(usize, Atom)>) -> Result<HTuple<Option<i64>>> {
    t.try_map(&mut |(pos, a)| match a {
        Atom::Int(v) => Ok(Some(*v)),
        Atom::None => Ok(None),
        other => Err(p.err(
            *pos,
            format!("expected an integer or None, found {other:?}"),
        )),
    })
}

/// Parses an integer tuple, `(3, (2, 4))` (also `_4`-style static leaves).
///
/// # Errors
/// `Error::Parse` with the byte position of the problem.
///
/// # Examples
/// ```
/// use cute_dynamic::IntTuple;
/// let s: IntTuple = "(3, (_2, 4))".parse().unwrap();
/// assert_eq!(s.to_string(), "(3, (2, 4))");
/// assert_eq!("(8,)".parse::<IntTuple>().unwrap().to_string(), "(8,)");
/// assert_eq!("(8)".parse::<IntTuple>().unwrap().to_string(), "8");
/// assert!(matches!("(3, x)".parse::<IntTuple>(), Err(cute_dynamic::Error::Parse { pos: 4, .. })));
/// ```
impl FromStr for HTuple<i64> {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut p = Parser::new(s, "IntTuple");
        let t = p.htuple()?;
        p.end()?;
        to_int_tuple(&p, &t)
    }
}

/// Parses a stride: integers, `F2(6)` / `F6`, `1@0`, `3@0@1`, `E(1, 0)`.
///
/// # Errors
/// `Error::Parse` with the byte position of the problem.
///
/// # Examples
/// ```
/// use cute_dynamic::Stride;
/// let d: Stride = "(1@0, (3@0@1, F6))".parse().unwrap();
/// assert_eq!(d.to_string(), "(1@0, (3@0@1, F6))");
/// assert!("(1, None)".parse::<Stride>().is_err());
/// ```
impl FromStr for HTuple<Scalar> {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut p = Parser::new(s, "Stride");
        let t = p.htuple()?;
        p.end()?;
        to_stride(&p, &t)
    }
}

/// Parses a coordinate whose leaves may be `None`: `(2, None)`.
///
/// # Errors
/// `Error::Parse` with the byte position of the problem.
///
/// # Examples
/// ```
/// use cute_dynamic::shape::Coord;
/// use cute_dynamic::htuple::HTuple;
/// let c: Coord = "(2, None)".parse().unwrap();
/// assert_eq!(c, HTuple::from_leaves([Some(2), None]));
/// assert!("(2, F3)".parse::<Coord>().is_err());
/// ```
impl FromStr for HTuple<Option<i64>> {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut p = Parser::new(s, "Coord");
        let t = p.htuple()?;
        p.end()?;
        to_coord(&p, &t)
    }
}

/// Parses a layout in either printed notation: `Layout((4, 8), (1, 4))`
/// (stride optional, or a scalar base: `Layout((4, 8), 2)`), or
/// `(4, 8):(1, 4)` (also CuTe C++'s `(_4,_8):(_1,_4)`).
///
/// # Errors
/// `Error::Parse` with the byte position of the problem; the errors of
/// [`Layout::new`] for a shape and stride that are not congruent.
///
/// # Examples
/// ```
/// use cute_dynamic::Layout;
/// let a: Layout = "Layout((3, (2, 4)), (2, (1, 6)))".parse().unwrap();
/// let b: Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
/// assert_eq!(a, b);
/// assert_eq!("(_4,_8):(_1,_4)".parse::<Layout>().unwrap(), "Layout((4, 8))".parse().unwrap());
/// assert_eq!("Layout((4, 8), 2)".parse::<Layout>().unwrap().to_string(), "(4, 8):(2, 8)");
/// assert!(matches!("(4, 8):(1, 4".parse::<Layout>(), Err(cute_dynamic::Error::Parse { pos: 12, .. })));
/// ```
impl FromStr for Layout {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        let mut p = Parser::new(s, "Layout");
        if p.eat_word("Layout") {
            p.expect('(')?;
            let shape_t = p.htuple()?;
            let shape = to_int_tuple(&p, &shape_t)?;
            let layout = if p.eat(',') {
                if p.eat(')') {
                    Layout::compact(shape)?
                } else {
                    let st = p.htuple()?;
                    let stride = to_stride(&p, &st)?;
                    p.eat(',');
                    p.expect(')')?;
                    match stride {
                        HTuple::Leaf(base) => Layout::with_base(shape, base)?,
                        stride => Layout::new(shape, stride)?,
                    }
                }
            } else {
                p.expect(')')?;
                Layout::compact(shape)?
            };
            p.end()?;
            return Ok(layout);
        }
        let shape_t = p.htuple()?;
        let shape = to_int_tuple(&p, &shape_t)?;
        p.expect(':')?;
        let st = p.htuple()?;
        let stride = to_stride(&p, &st)?;
        p.end()?;
        Layout::new(shape, stride)
    }
}
