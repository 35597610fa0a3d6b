//! The parser of the expression language: one line of text to a [`Code`].
//!
//! The language is the part of Python the specification's examples are
//! written in. A line holds one or more statements separated by `;`. A
//! *statement* is an expression, an assignment `NAME = expr` or
//! `a, b = expr`, an error check `expr -> ErrorClass`, or an import.
//! Expressions follow Python's grammar and precedence, from loosest to
//! tightest:
//!
//! | level | forms |
//! |---|---|
//! | lambda, conditional | `lambda a, b=1, *, c: body`, `x if cond else y` |
//! | boolean | `or`, `and`, `not` |
//! | comparison | `== != < > <= >=`, chained as in Python (`a == b == c`) |
//! | bitwise | `\|`, `^`, `&`, `<< >>` |
//! | arithmetic | `+ -`, then `* @ // % /` |
//! | unary | `-x`, `+x`, `~x` |
//! | primary | literals, names, `( )` tuples, `[ ]` lists, calls `f(a, k=v)`, attributes `a.b`, subscripts `a[i]`, `a[1:-1:2]` |
//!
//! Literals are integers (decimal, `0b..`, `0o..`, `0x..`, with `_`
//! separators), floats (`1.0`), strings in single or double quotes,
//! `True`, `False` and `None`. `#` starts a comment.
//!
//! The lexer reads bytes and hands out tokens that refer to the text; the
//! parser looks each name up once in the table of built-ins and builds the
//! flat tree of [`crate::ast`]. Every error is a [`cute_core::Error::Parse`]
//! carrying the byte position of the problem. Nesting is bounded
//! ([`MAX_DEPTH`]): deeper input is a syntax error, so no input can exhaust
//! the stack, here or in the evaluator that walks the tree.

use std::cell::Cell;

use cute_core::{Error, ErrorClass, Result};

use crate::ast::{
    BinOp, CmpOp, Code, Import, LambdaDef, Name, Node, NodeId, Param, Run, Span, Stmt, Target, UnOp,
};
use crate::builtins;
use crate::eval::stack_address;

/// The deepest nesting of the syntax tree the parser accepts.
pub(crate) const MAX_DEPTH: usize = 200;

/// An operator or a punctuation mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
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
    fn text(self) -> &'static str {
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
enum Kw {
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
enum Tok {
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

#[derive(Clone, Copy, Debug)]
struct Token {
    tok: Tok,
    start: u32,
    end: u32,
}

fn err(pos: usize, msg: impl Into<String>) -> Error {
    Error::Parse {
        op: "parse",
        pos,
        msg: msg.into(),
    }
}

/// Splits `src` into tokens, ending with [`Tok::Eof`]; string literals go
/// to `strings`.
fn lex(src: &str, strings: &mut Vec<String>, out: &mut Vec<Token>) -> Result<()> {
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

/// An infix operator of [`Parser::operators`].
#[derive(Clone, Copy)]
enum Infix {
    Or,
    And,
    Cmp(CmpOp),
    Bin(BinOp),
}

/// The binding power of the comparisons.
const CMP: u8 = 4;
/// The binding power of `not`'s operand: `not a == b` is `not (a == b)`.
const NOT: u8 = 3;
/// The binding power of a unary minus's operand: tighter than every
/// binary operator.
const UNARY: u8 = 11;

fn describe(src: &str, t: &Token) -> String {
    let text = &src[t.start as usize..t.end as usize];
    match t.tok {
        Tok::Int(_) => format!("integer {text}"),
        Tok::Float(_) => format!("number {text}"),
        Tok::Str(_) => format!("string {text}"),
        Tok::Name | Tok::Kw(_) => format!("name {text:?}"),
        Tok::Op(o) => format!("'{}'", o.text()),
        Tok::Eof => "end of input".to_string(),
    }
}

/// Parses one line.
///
/// # Post-conditions
/// Every expression tree of the result is at most [`MAX_DEPTH`] nodes deep.
///
/// # Errors
/// `SyntaxError` (an [`Error::Parse`] with the byte position) if `src` is
/// not a line of the language, or nests deeper than [`MAX_DEPTH`].
///
/// The parser uses at most about `stack` bytes of stack: `None` means that
/// was not enough (the line nests deeply), and the line is to be parsed
/// again with more.
pub(crate) fn parse(src: &str, stack: usize) -> Option<Result<Code>> {
    let mut scratch = SCRATCH.with(Cell::take).unwrap_or_default();
    let mut out_of_stack = false;
    let r = parse_with(src, &mut scratch, stack, &mut out_of_stack);
    scratch.clear();
    SCRATCH.with(|s| s.set(Some(scratch)));
    (!out_of_stack).then_some(r)
}

/// The buffers the parser needs only while it parses a line, kept from one
/// line to the next.
#[derive(Default)]
struct Scratch {
    toks: Vec<Token>,
    /// The depth of the tree below each node, the node included.
    depths: Vec<u16>,
    /// Children of the lists being parsed, moved to the code's `kids` when
    /// a list ends.
    stack: Vec<NodeId>,
    kw_stack: Vec<(Span, NodeId)>,
    cmp_stack: Vec<(CmpOp, NodeId)>,
}

impl Scratch {
    /// Empties the buffers, and lets go of those a long line made large.
    fn clear(&mut self) {
        const KEEP: usize = 1 << 12;
        if self.toks.capacity() > KEEP || self.depths.capacity() > KEEP {
            *self = Scratch::default();
            return;
        }
        self.toks.clear();
        self.depths.clear();
        self.stack.clear();
        self.kw_stack.clear();
        self.cmp_stack.clear();
    }
}

thread_local! {
    static SCRATCH: Cell<Option<Scratch>> = const { Cell::new(None) };
}

fn parse_with(src: &str, sc: &mut Scratch, stack: usize, out_of_stack: &mut bool) -> Result<Code> {
    let mut strings = Vec::new();
    lex(src, &mut strings, &mut sc.toks)?;
    let n = sc.toks.len();
    let mut p = Parser {
        src,
        sc,
        at: 0,
        depth: 0,
        stack_base: stack_address(),
        stack_limit: stack,
        out_of_stack,
        nodes: Vec::with_capacity(n),
        kids: Vec::with_capacity(n),
        cmps: Vec::new(),
        kwargs: Vec::new(),
        lambdas: Vec::new(),
        strings,
    };
    let mut stmts = Vec::with_capacity(1);
    loop {
        stmts.push(p.statement()?);
        if p.eat(Op::Semi) {
            if p.peek() == Tok::Eof {
                break;
            }
            continue;
        }
        if p.peek() != Tok::Eof {
            return Err(err(
                p.pos(),
                format!("unexpected {}", describe(src, p.token())),
            ));
        }
        break;
    }
    Ok(Code {
        text: src.into(),
        stmts,
        nodes: p.nodes,
        kids: p.kids,
        cmps: p.cmps,
        kwargs: p.kwargs,
        strings: p.strings,
        lambdas: p.lambdas,
    })
}

struct Parser<'s> {
    src: &'s str,
    sc: &'s mut Scratch,
    at: usize,
    /// The parser's recursion depth.
    depth: usize,
    stack_base: usize,
    stack_limit: usize,
    /// Set when the parser ran out of its stack.
    out_of_stack: &'s mut bool,
    nodes: Vec<Node>,
    kids: Vec<NodeId>,
    cmps: Vec<(CmpOp, NodeId)>,
    kwargs: Vec<(Span, NodeId)>,
    lambdas: Vec<LambdaDef>,
    strings: Vec<String>,
}

impl Parser<'_> {
    #[inline]
    fn token(&self) -> &Token {
        &self.sc.toks[self.at]
    }
    #[inline]
    fn peek(&self) -> Tok {
        self.sc.toks[self.at].tok
    }
    fn peek_at(&self, k: usize) -> Tok {
        self.sc.toks[(self.at + k).min(self.sc.toks.len() - 1)].tok
    }
    #[inline]
    fn pos(&self) -> usize {
        self.sc.toks[self.at].start as usize
    }
    fn span(&self) -> Span {
        let t = self.token();
        Span {
            start: t.start,
            end: t.end,
        }
    }
    #[inline]
    fn bump(&mut self) -> Token {
        let t = self.sc.toks[self.at];
        if self.at + 1 < self.sc.toks.len() {
            self.at += 1;
        }
        t
    }
    #[inline]
    fn is(&self, op: Op) -> bool {
        self.peek() == Tok::Op(op)
    }
    #[inline]
    fn eat(&mut self, op: Op) -> bool {
        if self.is(op) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, op: Op) -> Result<()> {
        if self.eat(op) {
            Ok(())
        } else {
            Err(err(
                self.pos(),
                format!(
                    "expected '{}', found {}",
                    op.text(),
                    describe(self.src, self.token())
                ),
            ))
        }
    }
    fn text(&self, s: Span) -> &str {
        &self.src[s.start as usize..s.end as usize]
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(err(
                self.pos(),
                format!("expression nested deeper than {MAX_DEPTH} levels"),
            ));
        }
        if self.stack_base.abs_diff(stack_address()) > self.stack_limit {
            *self.out_of_stack = true;
            return Err(err(
                self.pos(),
                "expression nested too deeply for the stack",
            ));
        }
        Ok(())
    }
    fn leave(&mut self) {
        self.depth -= 1;
    }

    #[inline]
    fn depth_of(&self, id: NodeId) -> usize {
        self.sc.depths[id as usize] as usize
    }

    /// Adds a node whose deepest child is `below` levels deep.
    fn push(&mut self, node: Node, below: usize, pos: usize) -> Result<NodeId> {
        let depth = below + 1;
        if depth > MAX_DEPTH {
            return Err(err(
                pos,
                format!("expression nested deeper than {MAX_DEPTH} levels"),
            ));
        }
        self.nodes.push(node);
        self.sc.depths.push(depth as u16);
        Ok((self.nodes.len() - 1) as NodeId)
    }

    /// Adds a leaf node.
    fn leaf(&mut self, node: Node, pos: usize) -> Result<NodeId> {
        self.push(node, 0, pos)
    }

    /// Moves the children pushed on the stack since `base` to `kids`.
    fn take_kids(&mut self, base: usize) -> (Run, usize) {
        let start = self.kids.len() as u32;
        let mut below = 0;
        for &k in &self.sc.stack[base..] {
            below = below.max(self.sc.depths[k as usize] as usize);
        }
        self.kids.extend(self.sc.stack.drain(base..));
        let len = self.kids.len() as u32 - start;
        (Run { start, len }, below)
    }

    fn statement(&mut self) -> Result<Stmt> {
        if matches!(self.peek(), Tok::Kw(Kw::Import | Kw::From)) {
            return self.import();
        }
        let start = self.pos();
        let first = self.expr_list()?;
        if self.is(Op::Assign) {
            let eq = self.bump().start as usize;
            let target = self.target(first).ok_or_else(|| {
                err(
                    start,
                    "cannot assign to this expression: only names, items (T[i]) and tuples of them",
                )
            })?;
            if matches!(self.peek(), Tok::Eof | Tok::Op(Op::Semi)) {
                return Err(err(eq, "expected an expression after '='"));
            }
            let value = self.expr_list()?;
            if self.is(Op::Assign) {
                return Err(err(self.pos(), "chained assignment is not supported"));
            }
            return Ok(Stmt::Assign(target, value));
        }
        if self.eat(Op::Arrow) {
            let pos = self.pos();
            let t = self.bump();
            let class = match (
                t.tok,
                self.text(Span {
                    start: t.start,
                    end: t.end,
                }),
            ) {
                (Tok::Name, "ValueError") => ErrorClass::ValueError,
                (Tok::Name, "TypeError") => ErrorClass::TypeError,
                (Tok::Name, "IndexError") => ErrorClass::IndexError,
                (Tok::Name, "SyntaxError") => ErrorClass::SyntaxError,
                (Tok::Name, other) => {
                    return Err(err(pos, format!("unknown error class {other:?}")))
                }
                _ => {
                    return Err(err(
                        pos,
                        format!("expected an error class, found {}", describe(self.src, &t)),
                    ))
                }
            };
            return Ok(Stmt::ExpectError(first, class));
        }
        if self.is(Op::AugAssign) {
            return Err(err(self.pos(), "augmented assignment is not supported"));
        }
        Ok(Stmt::Expr(first))
    }

    /// The assignment target an expression denotes: a name, an item
    /// `obj[index]`, or a tuple or list of targets.
    fn target(&self, id: NodeId) -> Option<Target> {
        match self.nodes[id as usize] {
            Node::Name(n) => Some(Target::Name(n.span)),
            Node::Index(obj, idx) => Some(Target::Item(obj, idx)),
            Node::Tuple(run) | Node::List(run) => self.kids[run.range()]
                .iter()
                .map(|&k| self.target(k))
                .collect::<Option<_>>()
                .map(Target::Tuple),
            _ => None,
        }
    }

    /// A dotted module name.
    fn module(&mut self) -> Result<Span> {
        let first = self.span();
        if self.peek() != Tok::Name {
            return Err(err(
                self.pos(),
                format!(
                    "expected a module name, found {}",
                    describe(self.src, self.token())
                ),
            ));
        }
        self.bump();
        let mut end = first.end;
        while self.is(Op::Dot) {
            self.bump();
            if self.peek() != Tok::Name {
                return Err(err(self.pos(), "expected a module name after '.'"));
            }
            end = self.bump().end;
        }
        Ok(Span {
            start: first.start,
            end,
        })
    }

    /// `import a.b` or `from a.b import x, y` (or `*`, or `(x, y)`); an
    /// `as` alias is read and ignored.
    fn import(&mut self) -> Result<Stmt> {
        let from = self.peek() == Tok::Kw(Kw::From);
        self.bump();
        let module = self.module()?;
        let mut import = Import {
            module,
            names: Vec::new(),
            star: false,
        };
        if !from {
            self.alias()?;
            return Ok(Stmt::Import(import));
        }
        if self.peek() != Tok::Kw(Kw::Import) {
            return Err(err(self.pos(), "expected 'import'"));
        }
        self.bump();
        if self.eat(Op::Star) {
            import.star = true;
            return Ok(Stmt::Import(import));
        }
        let paren = self.eat(Op::LParen);
        loop {
            if self.peek() != Tok::Name {
                return Err(err(
                    self.pos(),
                    format!(
                        "expected a name to import, found {}",
                        describe(self.src, self.token())
                    ),
                ));
            }
            import.names.push(self.span());
            self.bump();
            self.alias()?;
            if !self.eat(Op::Comma) || (paren && self.is(Op::RParen)) {
                break;
            }
        }
        if paren {
            self.expect(Op::RParen)?;
        }
        Ok(Stmt::Import(import))
    }

    fn alias(&mut self) -> Result<()> {
        if self.peek() == Tok::Name && self.text(self.span()) == "as" {
            self.bump();
            if self.peek() != Tok::Name {
                return Err(err(self.pos(), "expected a name after 'as'"));
            }
            self.bump();
        }
        Ok(())
    }

    /// `a, b, c` at statement level: a tuple if there is a comma.
    fn expr_list(&mut self) -> Result<NodeId> {
        let pos = self.pos();
        let first = self.expr()?;
        if !self.is(Op::Comma) {
            return Ok(first);
        }
        let base = self.sc.stack.len();
        self.sc.stack.push(first);
        while self.eat(Op::Comma) {
            if matches!(
                self.peek(),
                Tok::Eof | Tok::Op(Op::Assign | Op::Arrow | Op::RParen | Op::RBracket | Op::Semi)
            ) {
                break;
            }
            let x = self.expr()?;
            self.sc.stack.push(x);
        }
        let (run, below) = self.take_kids(base);
        self.push(Node::Tuple(run), below, pos)
    }

    /// An expression: a lambda, or a conditional expression.
    fn expr(&mut self) -> Result<NodeId> {
        self.enter()?;
        let r = if self.peek() == Tok::Kw(Kw::Lambda) {
            self.lambda()
        } else {
            self.conditional()
        };
        self.leave();
        r
    }

    /// `then if cond else other`, or just `then`.
    fn conditional(&mut self) -> Result<NodeId> {
        let pos = self.pos();
        let then = self.operators(1)?;
        if self.peek() != Tok::Kw(Kw::If) {
            return Ok(then);
        }
        self.bump();
        let cond = self.operators(1)?;
        if self.peek() != Tok::Kw(Kw::Else) {
            return Err(err(
                self.pos(),
                format!(
                    "expected 'else' in a conditional expression, found {}",
                    describe(self.src, self.token())
                ),
            ));
        }
        self.bump();
        let other = self.expr()?;
        let below = self
            .depth_of(then)
            .max(self.depth_of(cond))
            .max(self.depth_of(other));
        self.push(Node::IfElse { cond, then, other }, below, pos)
    }

    /// `lambda params: body`.
    fn lambda(&mut self) -> Result<NodeId> {
        let pos = self.bump().start as usize;
        let mut params: Vec<Param> = Vec::new();
        let mut keyword_only = false;
        let mut below = 0;
        while !self.is(Op::Colon) {
            if self.eat(Op::Star) {
                if keyword_only {
                    return Err(err(self.pos(), "'*' given twice in a lambda"));
                }
                if self.peek() == Tok::Name {
                    return Err(err(self.pos(), "'*args' parameters are not supported"));
                }
                keyword_only = true;
            } else if self.is(Op::Pow) {
                return Err(err(self.pos(), "'**kwargs' parameters are not supported"));
            } else {
                if self.peek() != Tok::Name {
                    return Err(err(
                        self.pos(),
                        format!(
                            "expected a parameter name, found {}",
                            describe(self.src, self.token())
                        ),
                    ));
                }
                let name = self.span();
                let at = self.pos();
                self.bump();
                if params.iter().any(|p| self.text(p.name) == self.text(name)) {
                    return Err(err(
                        at,
                        format!("duplicate parameter '{}' in a lambda", self.text(name)),
                    ));
                }
                let default = if self.eat(Op::Assign) {
                    let d = self.expr()?;
                    below = below.max(self.depth_of(d));
                    Some(d)
                } else {
                    None
                };
                if default.is_none()
                    && !keyword_only
                    && params
                        .iter()
                        .any(|p| p.default.is_some() && !p.keyword_only)
                {
                    return Err(err(
                        at,
                        "a parameter without a default follows one with a default",
                    ));
                }
                params.push(Param {
                    name,
                    default,
                    keyword_only,
                });
            }
            if !self.eat(Op::Comma) {
                break;
            }
        }
        if !self.is(Op::Colon) {
            return Err(err(
                self.pos(),
                format!(
                    "expected ':' in a lambda, found {}",
                    describe(self.src, self.token())
                ),
            ));
        }
        self.bump();
        let body = self.expr()?;
        below = below.max(self.depth_of(body));
        self.lambdas.push(LambdaDef { params, body });
        let index = (self.lambdas.len() - 1) as u32;
        self.push(Node::Lambda(index), below, pos)
    }

    /// The operator at the cursor, and its binding power: higher binds
    /// tighter. Every operator is left-associative; comparisons chain.
    fn infix(&self) -> Option<(Infix, u8)> {
        Some(match self.peek() {
            Tok::Kw(Kw::Or) => (Infix::Or, 1),
            Tok::Kw(Kw::And) => (Infix::And, 2),
            Tok::Op(o) => match o {
                Op::EqEq => (Infix::Cmp(CmpOp::Eq), CMP),
                Op::Ne => (Infix::Cmp(CmpOp::Ne), CMP),
                Op::Lt => (Infix::Cmp(CmpOp::Lt), CMP),
                Op::Gt => (Infix::Cmp(CmpOp::Gt), CMP),
                Op::Le => (Infix::Cmp(CmpOp::Le), CMP),
                Op::Ge => (Infix::Cmp(CmpOp::Ge), CMP),
                Op::Pipe => (Infix::Bin(BinOp::Or), 5),
                Op::Caret => (Infix::Bin(BinOp::Xor), 6),
                Op::Amp => (Infix::Bin(BinOp::And), 7),
                Op::Shl => (Infix::Bin(BinOp::Shl), 8),
                Op::Shr => (Infix::Bin(BinOp::Shr), 8),
                Op::Plus => (Infix::Bin(BinOp::Add), 9),
                Op::Minus => (Infix::Bin(BinOp::Sub), 9),
                Op::Star => (Infix::Bin(BinOp::Mul), 10),
                Op::At => (Infix::Bin(BinOp::MatMul), 10),
                Op::FloorDiv => (Infix::Bin(BinOp::FloorDiv), 10),
                Op::Slash => (Infix::Bin(BinOp::Div), 10),
                Op::Percent => (Infix::Bin(BinOp::Mod), 10),
                _ => return None,
            },
            _ => return None,
        })
    }

    /// The operators from `or` down to unary minus, by precedence climbing:
    /// an operand (with its prefix operators), then every operator that
    /// binds at least as tightly as `min`, its right operand parsed one
    /// level tighter. The recursion is as deep as the number of precedence
    /// levels, however long a chain of operators.
    fn operators(&mut self, min: u8) -> Result<NodeId> {
        let mut left = self.prefixed(min)?;
        while let Some((op, bp)) = self.infix().filter(|&(_, bp)| bp >= min) {
            let pos = self.bump().start as usize;
            left = match op {
                Infix::Cmp(first) => self.chain(left, first, pos)?,
                Infix::Or => {
                    let right = self.operators(bp + 1)?;
                    self.pair(Node::Or(left, right), left, right, pos)?
                }
                Infix::And => {
                    let right = self.operators(bp + 1)?;
                    self.pair(Node::And(left, right), left, right, pos)?
                }
                Infix::Bin(b) => {
                    let right = self.operators(bp + 1)?;
                    self.pair(Node::Binary(b, left, right), left, right, pos)?
                }
            };
        }
        Ok(left)
    }

    /// Adds the node of a binary operation on `a` and `b`.
    fn pair(&mut self, node: Node, a: NodeId, b: NodeId, pos: usize) -> Result<NodeId> {
        let below = self.depth_of(a).max(self.depth_of(b));
        self.push(node, below, pos)
    }

    /// A chained comparison `first op0 x0 op1 x1 ...`, after `op0`.
    fn chain(&mut self, first: NodeId, op: CmpOp, pos: usize) -> Result<NodeId> {
        let base = self.sc.cmp_stack.len();
        let mut below = self.depth_of(first);
        let mut op = op;
        loop {
            let x = self.operators(CMP + 1)?;
            below = below.max(self.depth_of(x));
            self.sc.cmp_stack.push((op, x));
            match self.infix() {
                Some((Infix::Cmp(next), _)) => {
                    self.bump();
                    op = next;
                }
                _ => break,
            }
        }
        let start = self.cmps.len() as u32;
        self.cmps.extend(self.sc.cmp_stack.drain(base..));
        let rest = Run {
            start,
            len: self.cmps.len() as u32 - start,
        };
        self.push(Node::Compare { first, rest }, below, pos)
    }

    /// An operand with its prefix operators: `not x` (looser than the
    /// comparisons, so only where `min` allows it), `-x`, `+x`, `~x`
    /// (tighter than every binary operator), or a primary.
    fn prefixed(&mut self, min: u8) -> Result<NodeId> {
        let op = match self.peek() {
            Tok::Kw(Kw::Not) if min <= NOT => UnOp::Not,
            Tok::Op(Op::Minus) => UnOp::Neg,
            Tok::Op(Op::Plus) => UnOp::Pos,
            Tok::Op(Op::Tilde) => UnOp::Invert,
            Tok::Op(Op::Pow) => return Err(err(self.pos(), "'**' is not supported")),
            _ => return self.postfix(),
        };
        let pos = self.bump().start as usize;
        if op == UnOp::Neg
            && self.peek() == Tok::Int(1 << 63)
            && !matches!(
                self.peek_at(1),
                Tok::Op(Op::LParen | Op::LBracket | Op::Dot)
            )
        {
            self.bump();
            return self.leaf(Node::Int(i64::MIN), pos);
        }
        self.enter()?;
        let inner = self.operators(if op == UnOp::Not { NOT } else { UNARY });
        self.leave();
        let inner = inner?;
        // fold a negated literal into the literal
        if op == UnOp::Neg {
            if let Node::Int(v) = self.nodes[inner as usize] {
                if let Some(n) = v.checked_neg() {
                    self.nodes[inner as usize] = Node::Int(n);
                    return Ok(inner);
                }
            }
        }
        let below = self.depth_of(inner);
        self.push(Node::Unary(op, inner), below, pos)
    }

    fn postfix(&mut self) -> Result<NodeId> {
        let mut e = self.atom()?;
        loop {
            match self.peek() {
                Tok::Op(Op::LParen) => {
                    let pos = self.bump().start as usize;
                    e = self.call(e, pos)?;
                }
                Tok::Op(Op::LBracket) => {
                    let pos = self.bump().start as usize;
                    let i = self.subscript()?;
                    let below = self.depth_of(e).max(self.depth_of(i));
                    e = self.push(Node::Index(e, i), below, pos)?;
                }
                Tok::Op(Op::Dot) => {
                    let pos = self.bump().start as usize;
                    if !matches!(self.peek(), Tok::Name | Tok::Kw(_)) {
                        return Err(err(
                            self.pos(),
                            format!(
                                "expected an attribute name, found {}",
                                describe(self.src, self.token())
                            ),
                        ));
                    }
                    let name = self.span();
                    self.bump();
                    let below = self.depth_of(e);
                    e = self.push(Node::Attr(e, name), below, pos)?;
                }
                _ => return Ok(e),
            }
        }
    }

    /// The arguments of a call of `func`, after its `(`.
    fn call(&mut self, func: NodeId, pos: usize) -> Result<NodeId> {
        let base = self.sc.stack.len();
        let kw_base = self.sc.kw_stack.len();
        let mut below = self.depth_of(func);
        while !self.is(Op::RParen) {
            if self.peek() == Tok::Name && self.peek_at(1) == Tok::Op(Op::Assign) {
                let at = self.pos();
                let name = self.span();
                self.bump();
                self.bump();
                let text = self.text(name);
                if self.sc.kw_stack[kw_base..]
                    .iter()
                    .any(|&(k, _)| self.text(k) == text)
                {
                    return Err(err(at, format!("keyword argument {text:?} repeated")));
                }
                let x = self.expr()?;
                below = below.max(self.depth_of(x));
                self.sc.kw_stack.push((name, x));
            } else {
                if self.is(Op::Star) || self.is(Op::Pow) {
                    return Err(err(self.pos(), "argument unpacking is not supported"));
                }
                if self.sc.kw_stack.len() > kw_base {
                    return Err(err(
                        self.pos(),
                        "positional argument follows keyword argument",
                    ));
                }
                let x = self.expr()?;
                self.sc.stack.push(x);
            }
            if !self.eat(Op::Comma) {
                break;
            }
        }
        self.expect(Op::RParen)?;
        let (args, args_below) = self.take_kids(base);
        let start = self.kwargs.len() as u32;
        self.kwargs.extend(self.sc.kw_stack.drain(kw_base..));
        let kwargs = Run {
            start,
            len: self.kwargs.len() as u32 - start,
        };
        self.push(
            Node::Call { func, args, kwargs },
            below.max(args_below),
            pos,
        )
    }

    /// The inside of `[...]`: one index, a slice, or a comma-separated tuple
    /// of them.
    fn subscript(&mut self) -> Result<NodeId> {
        let pos = self.pos();
        let first = self.slice_item()?;
        if !self.is(Op::Comma) {
            self.expect(Op::RBracket)?;
            return Ok(first);
        }
        let base = self.sc.stack.len();
        self.sc.stack.push(first);
        while self.eat(Op::Comma) {
            if self.is(Op::RBracket) {
                break;
            }
            let x = self.slice_item()?;
            self.sc.stack.push(x);
        }
        self.expect(Op::RBracket)?;
        let (run, below) = self.take_kids(base);
        self.push(Node::Tuple(run), below, pos)
    }

    fn slice_item(&mut self) -> Result<NodeId> {
        let pos = self.pos();
        let bound = |p: &mut Self| -> Result<Option<NodeId>> {
            if matches!(p.peek(), Tok::Op(Op::Colon | Op::RBracket | Op::Comma)) {
                Ok(None)
            } else {
                p.expr().map(Some)
            }
        };
        let start = bound(self)?;
        if !self.eat(Op::Colon) {
            return start.ok_or_else(|| {
                err(
                    pos,
                    format!(
                        "expected an index, found {}",
                        describe(self.src, self.token())
                    ),
                )
            });
        }
        let stop = bound(self)?;
        let step = if self.eat(Op::Colon) {
            bound(self)?
        } else {
            None
        };
        let parts = [start, stop, step];
        let below = parts
            .iter()
            .flatten()
            .map(|&x| self.depth_of(x))
            .max()
            .unwrap_or(0);
        self.push(Node::Slice(parts), below, pos)
    }

    fn atom(&mut self) -> Result<NodeId> {
        let t = self.bump();
        let pos = t.start as usize;
        match t.tok {
            Tok::Int(v) => {
                let v = i64::try_from(v).map_err(|_| {
                    err(pos, format!("integer literal {v} leaves the 64-bit range"))
                })?;
                self.leaf(Node::Int(v), pos)
            }
            Tok::Float(v) => self.leaf(Node::Float(v), pos),
            Tok::Str(i) => {
                // adjacent literals concatenate
                while let Tok::Str(j) = self.peek() {
                    self.bump();
                    let tail = core::mem::take(&mut self.strings[j as usize]);
                    self.strings[i as usize].push_str(&tail);
                }
                self.leaf(Node::Str(i), pos)
            }
            Tok::Name => {
                let span = Span {
                    start: t.start,
                    end: t.end,
                };
                let builtin = builtins::lookup(self.text(span));
                self.leaf(Node::Name(Name { span, builtin }), pos)
            }
            Tok::Kw(Kw::True) => self.leaf(Node::Bool(true), pos),
            Tok::Kw(Kw::False) => self.leaf(Node::Bool(false), pos),
            Tok::Kw(Kw::None) => self.leaf(Node::None, pos),
            Tok::Kw(_) => Err(err(
                pos,
                format!(
                    "unexpected keyword {:?}",
                    self.text(Span {
                        start: t.start,
                        end: t.end
                    })
                ),
            )),
            Tok::Op(Op::LParen) => self.paren(pos),
            Tok::Op(Op::LBracket) => {
                let base = self.sc.stack.len();
                while !self.is(Op::RBracket) {
                    let x = self.expr()?;
                    self.sc.stack.push(x);
                    if !self.eat(Op::Comma) {
                        break;
                    }
                }
                self.expect(Op::RBracket)?;
                let (run, below) = self.take_kids(base);
                self.push(Node::List(run), below, pos)
            }
            _ => Err(err(pos, format!("unexpected {}", describe(self.src, &t)))),
        }
    }

    fn paren(&mut self, pos: usize) -> Result<NodeId> {
        if self.eat(Op::RParen) {
            let run = Run {
                start: self.kids.len() as u32,
                len: 0,
            };
            return self.leaf(Node::Tuple(run), pos);
        }
        let first = self.expr()?;
        if self.eat(Op::RParen) {
            return Ok(first);
        }
        let base = self.sc.stack.len();
        self.sc.stack.push(first);
        while self.eat(Op::Comma) {
            if self.is(Op::RParen) {
                break;
            }
            let x = self.expr()?;
            self.sc.stack.push(x);
        }
        self.expect(Op::RParen)?;
        let (run, below) = self.take_kids(base);
        self.push(Node::Tuple(run), below, pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses on the test's own stack, which the tests keep room for.
    fn parse(src: &str) -> Result<Code> {
        super::parse(src, usize::MAX).expect("no stack limit")
    }

    fn pos_of(src: &str) -> usize {
        match parse(src).unwrap_err() {
            Error::Parse { pos, .. } => pos,
            e => panic!("not a parse error: {e}"),
        }
    }

    /// The node of the line's only expression.
    fn expr(src: &str) -> (Code, Node) {
        let code = parse(src).unwrap();
        let Stmt::Expr(id) = code.stmts[0] else {
            panic!("not an expression: {src}")
        };
        let node = code.node(id);
        (code, node)
    }

    fn int(src: &str) -> i64 {
        match expr(src).1 {
            Node::Int(v) => v,
            n => panic!("{src}: {n:?}"),
        }
    }

    #[test]
    fn literals() {
        assert_eq!(int("42"), 42);
        assert_eq!(int("0b1010"), 10);
        assert_eq!(int("0x1F"), 31);
        assert_eq!(int("0o17"), 15);
        assert_eq!(int("1_000"), 1000);
        assert_eq!(int("-7"), -7);
        assert_eq!(int("-9223372036854775808"), i64::MIN);
        assert_eq!(int("9223372036854775807"), i64::MAX);
        assert_eq!(int("0"), 0);
        assert_eq!(int("000"), 0);
        assert!(matches!(expr("1.5").1, Node::Float(v) if v == 1.5));
        assert!(matches!(expr("1e3").1, Node::Float(v) if v == 1000.0));
        let (code, n) = expr("'a\\'b' \"c\"");
        assert!(matches!(n, Node::Str(i) if code.strings[i as usize] == "a'bc"));
        assert!(matches!(expr("True").1, Node::Bool(true)));
        assert!(matches!(expr("None").1, Node::None));
        for bad in [
            "99999999999999999999",
            "9223372036854775808",
            "0x8000000000000000",
            "0b",
            "0b102",
            "012",
            "1.2.3",
            "1e999",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn names_are_looked_up_once() {
        let (code, n) = expr("composition");
        let Node::Name(name) = n else { panic!("{n:?}") };
        assert_eq!(code.text(name.span), "composition");
        assert_eq!(name.builtin.map(|b| b.name), Some("composition"));
        let Node::Name(name) = expr("my_layout").1 else {
            panic!()
        };
        assert!(name.builtin.is_none());
    }

    #[test]
    fn tuples_and_lists() {
        assert!(matches!(expr("(7,)").1, Node::Tuple(r) if r.len == 1));
        assert!(matches!(expr("()").1, Node::Tuple(r) if r.len == 0));
        assert!(matches!(expr("(7)").1, Node::Int(7)));
        assert!(matches!(expr("[1, 2,]").1, Node::List(r) if r.len == 2));
        assert!(matches!(expr("1, 2").1, Node::Tuple(r) if r.len == 2));
    }

    #[test]
    fn precedence() {
        // 1 + 2 * 3 parses as 1 + (2 * 3)
        let (code, n) = expr("1 + 2 * 3");
        let Node::Binary(BinOp::Add, _, r) = n else {
            panic!("{n:?}")
        };
        assert!(matches!(code.node(r), Node::Binary(BinOp::Mul, ..)));
        // comparisons chain
        assert!(matches!(expr("a == b == c").1, Node::Compare { rest, .. } if rest.len == 2));
        // ^ binds looser than +
        assert!(matches!(expr("1 ^ 2 + 3").1, Node::Binary(BinOp::Xor, ..)));
        // not binds looser than ==, tighter than and; unary minus tighter than *
        assert!(matches!(expr("not a == b").1, Node::Unary(UnOp::Not, _)));
        assert!(matches!(expr("not a and b").1, Node::And(..)));
        assert!(matches!(expr("a or b and c").1, Node::Or(..)));
        let (code, n) = expr("-a * b");
        let Node::Binary(BinOp::Mul, l, _) = n else {
            panic!("{n:?}")
        };
        assert!(matches!(code.node(l), Node::Unary(UnOp::Neg, _)));
        assert!(matches!(expr("- - 2").1, Node::Int(2)));
        assert!(parse("1 + not x").is_err());
        assert!(parse("2 ** 3").is_err());
        // a conditional binds looser than or, a lambda's body takes it
        assert!(matches!(expr("a or b if c else d").1, Node::IfElse { .. }));
        let (code, n) = expr("lambda x: x if x else 0");
        let Node::Lambda(i) = n else { panic!("{n:?}") };
        let body = code.lambdas[i as usize].body;
        assert!(matches!(code.node(body), Node::IfElse { .. }));
    }

    #[test]
    fn statements() {
        let code = parse("a, b = f(x)").unwrap();
        assert!(matches!(&code.stmts[0], Stmt::Assign(Target::Tuple(v), _) if v.len() == 2));
        let code = parse("f[0, 2](x, mode=(1,)) -> ValueError").unwrap();
        assert!(matches!(
            code.stmts[0],
            Stmt::ExpectError(_, ErrorClass::ValueError)
        ));
        let code = parse("from fractions import Fraction").unwrap();
        assert!(matches!(&code.stmts[0], Stmt::Import(i) if !i.star && i.names.len() == 1));
        let code = parse("from pycute import *").unwrap();
        assert!(matches!(&code.stmts[0], Stmt::Import(i) if i.star));
        let code = parse("import sympy").unwrap();
        assert!(matches!(&code.stmts[0], Stmt::Import(i) if code.text(i.module) == "sympy"));
        assert!(matches!(
            parse("x # comment").unwrap().stmts[0],
            Stmt::Expr(_)
        ));
        let code = parse("x = 1; y = x; y;").unwrap();
        assert_eq!(code.stmts.len(), 3);
        for bad in [
            "f(x) = 3",
            "x -> KeyError",
            "a = b = c",
            "x = ",
            "x += 1",
            ";",
            "1;;2",
            "f(*a)",
            "f(a=1, 2)",
            "f(a=1, a=2)",
            "from x",
            "",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn lambdas() {
        let (code, n) = expr("lambda a, b=2, *, mode=(): a");
        let Node::Lambda(i) = n else { panic!("{n:?}") };
        let def = &code.lambdas[i as usize];
        let names: Vec<&str> = def.params.iter().map(|p| code.text(p.name)).collect();
        assert_eq!(names, ["a", "b", "mode"]);
        assert!(def.params[1].default.is_some() && !def.params[1].keyword_only);
        assert!(def.params[2].keyword_only);
        assert!(matches!(expr("lambda: 3").1, Node::Lambda(_)));
        // the body ends at the first top-level comma
        let (_, n) = expr("f(lambda x, y: x * y, (2, 3))");
        assert!(matches!(n, Node::Call { args, .. } if args.len == 2));
        for bad in [
            "lambda x x: 1",
            "lambda x, x: 1",
            "lambda *a: 1",
            "lambda **k: 1",
            "lambda x=1, y: 2",
            "lambda x",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn subscripts_and_slices() {
        let (code, n) = expr("A[1:-1]");
        let Node::Index(_, i) = n else {
            panic!("{n:?}")
        };
        assert!(matches!(
            code.node(i),
            Node::Slice([Some(_), Some(_), None])
        ));
        let (code, n) = expr("A[::2]");
        let Node::Index(_, i) = n else {
            panic!("{n:?}")
        };
        assert!(matches!(code.node(i), Node::Slice([None, None, Some(_)])));
        assert!(parse("f[0][1](x).shape").is_ok());
        assert!(parse("A[]").is_err());
    }

    #[test]
    fn error_positions() {
        assert_eq!(pos_of("Layout((4, 8), (1,"), 18);
        assert_eq!(pos_of("1 + $"), 4);
        assert_eq!(pos_of("(1, 2"), 5);
        assert_eq!(pos_of("'abc"), 0);
        assert_eq!(pos_of("x = 1; 2 3"), 9);
    }

    /// Runs `f` with room for the parser's deepest recursion, as the public
    /// entry points do.
    fn big_stack(f: impl FnOnce() + Send + 'static) {
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(f)
            .unwrap()
            .join()
            .unwrap();
    }

    #[test]
    fn nesting_is_bounded() {
        big_stack(|| {
            let deep = "(".repeat(10_000) + &")".repeat(10_000);
            assert!(parse(&deep).is_err());
            // a long chain parses without recursion, but its tree is deep
            let chain = vec!["1"; 5_000].join(" + ");
            assert!(parse(&chain).is_err());
            let calls = "f".to_string() + &"(1)".repeat(300);
            assert!(parse(&calls).is_err());
            let neg = "-".repeat(10_000) + "1";
            assert!(parse(&neg).is_err());
            let ok = "(".repeat(199) + "1" + &")".repeat(199);
            assert!(parse(&ok).is_ok());
            let too_deep = "(".repeat(201) + "1" + &")".repeat(201);
            assert!(parse(&too_deep).is_err());
            let lambdas = "lambda: ".repeat(300) + "1";
            assert!(parse(&lambdas).is_err());
        });
    }
}
