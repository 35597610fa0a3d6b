//! The lexer of the expression language: one line of text to tokens.
//!
//! It reads bytes and hands out [`Token`]s that refer to the text by their
//! span: integers (decimal, `0b..`, `0o..`, `0x..`, with `_` separators),
//! floats (`1.0`, `1e3`), strings in single or double quotes (their text
//! goes to a side vector, in order), names, Python's keywords, and
//! operators; `#` starts a comment. The token stream always ends with
//! [`Tok::Eof`]. Every error is a [`cute_core::Error::Parse`] carrying the
//! byte position of the problem.

use cute_core::{Error, Result};

/// An operator or a punctuation mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Arrow,
    FloorDiv,
    EqEq,
    Ne,
    Le,
    Ge,
    Shl,
    Shr,
    Pow,
    AugAssign,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Comma,
    Colon,
    Semi,
    Dot,
    Assign,
    Plus,
    Minus,
    Star,
    At,
    Slash,
    Percent,
    Caret,
    Amp,
    Pipe,
    Lt,
    Gt,
    Tilde,
    Bang,
}

impl Op {
    /// The operator as written.
    pub(crate) fn text(self) -> &'static str {
        match self {
            Op::Arrow => "->",
            Op::FloorDiv => "//",
            Op::EqEq => "==",
            Op::Ne => "!=",
            Op::Le => "<=",
            Op::Ge => ">=",
            Op::Shl => "<<",
            Op::Shr => ">>",
            Op::Pow => "**",
            Op::AugAssign => "augmented assignment",
            Op::LParen => "(",
            Op::RParen => ")",
            Op::LBracket => "[",
            Op::RBracket => "]",
            Op::LBrace => "{",
            Op::RBrace => "}",
            Op::Comma => ",",
            Op::Colon => ":",
            Op::Semi => ";",
            Op::Dot => ".",
            Op::Assign => "=",
            Op::Plus => "+",
            Op::Minus => "-",
            Op::Star => "*",
            Op::At => "@",
            Op::Slash => "/",
            Op::Percent => "%",
            Op::Caret => "^",
            Op::Amp => "&",
            Op::Pipe => "|",
            Op::Lt => "<",
            Op::Gt => ">",
            Op::Tilde => "~",
            Op::Bang => "!",
        }
    }
}

/// A keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kw {
    And,
    Or,
    Not,
    Lambda,
    If,
    Else,
    True,
    False,
    None,
    Import,
    From,
    /// A keyword of Python the language has no use for (`for`, `def`...).
    Other,
}

/// The keyword `name` is, if it is one.
fn keyword(name: &str) -> Option<Kw> {
    Some(match name {
        "and" => Kw::And,
        "or" => Kw::Or,
        "not" => Kw::Not,
        "lambda" => Kw::Lambda,
        "if" => Kw::If,
        "else" => Kw::Else,
        "True" => Kw::True,
        "False" => Kw::False,
        "None" => Kw::None,
        "import" => Kw::Import,
        "from" => Kw::From,
        "in" | "is" | "for" | "def" | "return" | "class" | "while" => Kw::Other,
        _ => return None,
    })
}

/// A token; its text is the span `start..end` of the line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Tok {
    /// An integer literal's magnitude (at most 2^63, which only a minus
    /// sign makes an `i64`).
    Int(u64),
    Float(f64),
    /// A string literal: its index in the code's strings.
    Str(u32),
    Name,
    Kw(Kw),
    Op(Op),
    Eof,
}

/// A token and the span `start..end` of the line it was read from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    pub(crate) start: u32,
    pub(crate) end: u32,
}

impl Token {
    /// The token as an error message names it: `integer 42`, `name "x"`,
    /// `')'`, `end of input`.
    pub(crate) fn describe(&self, src: &str) -> String {
        let text = &src[self.start as usize..self.end as usize];
        match self.tok {
            Tok::Int(_) => format!("integer {text}"),
            Tok::Float(_) => format!("number {text}"),
            Tok::Str(_) => format!("string {text}"),
            Tok::Name | Tok::Kw(_) => format!("name {text:?}"),
            Tok::Op(o) => format!("'{}'", o.text()),
            Tok::Eof => "end of input".to_string(),
        }
    }
}

/// A `SyntaxError` at the byte position `pos` of the line.
pub(crate) fn err(pos: usize, msg: impl Into<String>) -> Error {
    Error::Parse {
        op: "parse",
        pos,
        msg: msg.into(),
    }
}

/// Splits `src` into tokens, ending with [`Tok::Eof`]; string literals go
/// to `strings`.
pub(crate) fn lex(src: &str, strings: &mut Vec<String>, out: &mut Vec<Token>) -> Result<()> {
    let b = src.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let tok = match c {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                continue;
            }
            b'#' => break,
            b'0'..=b'9' => {
                i = number_end(b, i);
                number(&src[start..i], start)?
            }
            b'.' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                i = number_end(b, i);
                number(&src[start..i], start)?
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                keyword(&src[start..i]).map_or(Tok::Name, Tok::Kw)
            }
            b'\'' | b'"' => {
                let (s, end) = string(src, i)?;
                i = end;
                strings.push(s);
                Tok::Str((strings.len() - 1) as u32)
            }
            _ => {
                let next = b.get(i + 1).copied();
                let (op, len) = match (c, next) {
                    (b'-', Some(b'>')) => (Op::Arrow, 2),
                    (b'/', Some(b'/')) => (Op::FloorDiv, 2),
                    (b'=', Some(b'=')) => (Op::EqEq, 2),
                    (b'!', Some(b'=')) => (Op::Ne, 2),
                    (b'<', Some(b'=')) => (Op::Le, 2),
                    (b'>', Some(b'=')) => (Op::Ge, 2),
                    (b'<', Some(b'<')) => (Op::Shl, 2),
                    (b'>', Some(b'>')) => (Op::Shr, 2),
                    (b'*', Some(b'*')) => (Op::Pow, 2),
                    (b'+' | b'-' | b'*', Some(b'=')) => (Op::AugAssign, 2),
                    (b'(', _) => (Op::LParen, 1),
                    (b')', _) => (Op::RParen, 1),
                    (b'[', _) => (Op::LBracket, 1),
                    (b']', _) => (Op::RBracket, 1),
                    (b'{', _) => (Op::LBrace, 1),
                    (b'}', _) => (Op::RBrace, 1),
                    (b',', _) => (Op::Comma, 1),
                    (b':', _) => (Op::Colon, 1),
                    (b';', _) => (Op::Semi, 1),
                    (b'.', _) => (Op::Dot, 1),
                    (b'=', _) => (Op::Assign, 1),
                    (b'+', _) => (Op::Plus, 1),
                    (b'-', _) => (Op::Minus, 1),
                    (b'*', _) => (Op::Star, 1),
                    (b'@', _) => (Op::At, 1),
                    (b'/', _) => (Op::Slash, 1),
                    (b'%', _) => (Op::Percent, 1),
                    (b'^', _) => (Op::Caret, 1),
                    (b'&', _) => (Op::Amp, 1),
                    (b'|', _) => (Op::Pipe, 1),
                    (b'<', _) => (Op::Lt, 1),
                    (b'>', _) => (Op::Gt, 1),
                    (b'~', _) => (Op::Tilde, 1),
                    (b'!', _) => (Op::Bang, 1),
                    _ => {
                        let ch = src[i..].chars().next().unwrap_or('?');
                        return Err(err(i, format!("unexpected character {ch:?}")));
                    }
                };
                i += len;
                Tok::Op(op)
            }
        };
        out.push(Token {
            tok,
            start: start as u32,
            end: i as u32,
        });
    }
    out.push(Token {
        tok: Tok::Eof,
        start: src.len() as u32,
        end: src.len() as u32,
    });
    Ok(())
}

/// The end of the number starting at `i`: letters, digits, `_` and `.`,
/// and the sign of a decimal exponent.
fn number_end(b: &[u8], mut i: usize) -> usize {
    let hex = b[i] == b'0' && matches!(b.get(i + 1), Some(b'x' | b'X'));
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
        if !hex && matches!(b[i], b'e' | b'E') && matches!(b.get(i + 1), Some(b'+' | b'-')) {
            i += 1;
        }
        i += 1;
    }
    i
}

/// The token of a number literal.
fn number(text: &str, pos: usize) -> Result<Tok> {
    let b = text.as_bytes();
    let too_big = || {
        err(
            pos,
            format!("integer literal {text} leaves the 64-bit range"),
        )
    };
    let invalid = || err(pos, format!("invalid integer literal {text:?}"));
    let radix = match b {
        [b'0', b'b' | b'B', ..] => 2,
        [b'0', b'o' | b'O', ..] => 8,
        [b'0', b'x' | b'X', ..] => 16,
        _ => 0,
    };
    if radix != 0 {
        let mut v: u64 = 0;
        let mut digits = 0;
        for &c in &b[2..] {
            if c == b'_' {
                continue;
            }
            let d = (c as char).to_digit(radix).ok_or_else(invalid)?;
            v = v
                .checked_mul(u64::from(radix))
                .and_then(|v| v.checked_add(u64::from(d)))
                .filter(|&v| v <= i64::MAX as u64)
                .ok_or_else(too_big)?;
            digits += 1;
        }
        if digits == 0 {
            return Err(invalid());
        }
        return Ok(Tok::Int(v));
    }
    if b.iter().all(|&c| c.is_ascii_digit() || c == b'_') {
        let mut v: u64 = 0;
        let (mut first, mut nonzero, mut digits) = (None, false, 0);
        for &c in b {
            if c == b'_' {
                continue;
            }
            first.get_or_insert(c);
            nonzero |= c != b'0';
            digits += 1;
            v = v
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(c - b'0')))
                .filter(|&v| v <= 1 << 63)
                .ok_or_else(too_big)?;
        }
        if digits > 1 && first == Some(b'0') && nonzero {
            return Err(err(
                pos,
                format!("leading zeros in decimal integer literal {text:?}"),
            ));
        }
        return Ok(Tok::Int(v));
    }
    let valid = b
        .iter()
        .all(|&c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'E' | b'+' | b'-' | b'_'));
    let parsed = if text.contains('_') {
        text.replace('_', "").parse::<f64>()
    } else {
        text.parse::<f64>()
    };
    match parsed {
        Ok(v) if valid && v.is_finite() => Ok(Tok::Float(v)),
        _ => Err(err(pos, format!("invalid number literal {text:?}"))),
    }
}

/// The string literal starting at `start` (a quote) and the index after it.
fn string(src: &str, start: usize) -> Result<(String, usize)> {
    let quote = src.as_bytes()[start] as char;
    let mut out = String::new();
    let mut chars = src[start + 1..].char_indices();
    while let Some((off, c)) = chars.next() {
        let at = start + 1 + off;
        match c {
            c if c == quote => return Ok((out, at + 1)),
            '\n' => return Err(err(start, "unterminated string literal")),
            '\\' => match chars.next() {
                Some((_, 'n')) => out.push('\n'),
                Some((_, 't')) => out.push('\t'),
                Some((_, 'r')) => out.push('\r'),
                Some((_, '0')) => out.push('\0'),
                Some((_, c @ ('\\' | '\'' | '"'))) => out.push(c),
                Some((_, c)) => {
                    out.push('\\');
                    out.push(c);
                }
                None => break,
            },
            c => out.push(c),
        }
    }
    Err(err(start, "unterminated string literal"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens of `src` (without the final `Eof`) and its strings.
    fn tokens(src: &str) -> Result<(Vec<Tok>, Vec<String>)> {
        let (mut strings, mut out) = (Vec::new(), Vec::new());
        lex(src, &mut strings, &mut out)?;
        assert_eq!(out.last().map(|t| t.tok), Some(Tok::Eof));
        out.pop();
        Ok((out.into_iter().map(|t| t.tok).collect(), strings))
    }

    fn one(src: &str) -> Tok {
        let (t, _) = tokens(src).unwrap();
        assert_eq!(t.len(), 1, "{src}: {t:?}");
        t[0]
    }

    #[test]
    fn numbers() {
        assert_eq!(one("42"), Tok::Int(42));
        assert_eq!(one("0b1010"), Tok::Int(10));
        assert_eq!(one("0o17"), Tok::Int(15));
        assert_eq!(one("0x1F"), Tok::Int(31));
        assert_eq!(one("1_000"), Tok::Int(1000));
        // the magnitude of i64::MIN, which only a minus sign makes an i64
        assert_eq!(one("9223372036854775808"), Tok::Int(1 << 63));
        assert_eq!(one("1.5"), Tok::Float(1.5));
        assert_eq!(one(".5"), Tok::Float(0.5));
        assert_eq!(one("1e-3"), Tok::Float(1e-3));
        for bad in [
            "9223372036854775809",
            "0x8000000000000000",
            "0b",
            "0b102",
            "012",
            "1.2.3",
            "1e999",
        ] {
            assert!(tokens(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn strings_names_and_operators() {
        let (t, s) = tokens("'a\\'b' \"c\"").unwrap();
        assert_eq!(t, [Tok::Str(0), Tok::Str(1)]);
        assert_eq!(s, ["a'b", "c"]);
        let (t, _) = tokens("lambda x: x // 2 -> ValueError # comment").unwrap();
        assert_eq!(
            t,
            [
                Tok::Kw(Kw::Lambda),
                Tok::Name,
                Tok::Op(Op::Colon),
                Tok::Name,
                Tok::Op(Op::FloorDiv),
                Tok::Int(2),
                Tok::Op(Op::Arrow),
                Tok::Name,
            ]
        );
        assert_eq!(one("for"), Tok::Kw(Kw::Other));
        assert_eq!(one("+="), Tok::Op(Op::AugAssign));
    }

    #[test]
    fn errors_carry_their_position() {
        let pos = |src: &str| match tokens(src).unwrap_err() {
            Error::Parse { pos, .. } => pos,
            e => panic!("not a parse error: {e}"),
        };
        assert_eq!(pos("1 + $"), 4);
        assert_eq!(pos("x = 'abc"), 4);
        assert_eq!(pos("f(0b2)"), 2);
    }

    #[test]
    fn tokens_describe_themselves() {
        let src = "f(42, 'x')";
        let (mut strings, mut out) = (Vec::new(), Vec::new());
        lex(src, &mut strings, &mut out).unwrap();
        let said: Vec<String> = out.iter().map(|t| t.describe(src)).collect();
        assert_eq!(
            said,
            [
                "name \"f\"",
                "'('",
                "integer 42",
                "','",
                "string 'x'",
                "')'",
                "end of input"
            ]
        );
    }
}
