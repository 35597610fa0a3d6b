//! The parser of the expression language: text to syntax tree.
//!
//! The language is the part of Python the specification's examples are
//! written in. A *statement* is an expression, an assignment `NAME = expr` or
//! `a, b = expr`, or an error check `expr -> ErrorClass`. Expressions follow
//! Python's grammar and precedence, from loosest to tightest:
//!
//! | level | forms |
//! |---|---|
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
//! Every error is a [`cute_core::Error::Parse`] carrying the byte position
//! of the problem. Nesting is bounded ([`MAX_DEPTH`]): deeper input is a
//! syntax error, so no input can exhaust the stack, here or in the evaluator
//! that walks the tree.

use cute_core::{Error, ErrorClass, Result};

/// The deepest nesting of the syntax tree the parser accepts.
pub const MAX_DEPTH: usize = 200;

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `@`
    MatMul,
    /// `/`
    Div,
    /// `//`
    FloorDiv,
    /// `%`
    Mod,
    /// `^`
    Xor,
    /// `&`
    And,
    /// `|`
    Or,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
}

impl BinOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::MatMul => "@",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Xor => "^",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
        }
    }
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<=`
    Le,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Gt => ">",
            CmpOp::Le => "<=",
            CmpOp::Ge => ">=",
        }
    }
}

/// A unary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `-x`
    Neg,
    /// `+x`
    Pos,
    /// `~x`
    Invert,
    /// `not x`
    Not,
}

/// An expression node, with the byte position where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What the node is.
    pub kind: ExprKind,
    /// Byte offset of the node in the input.
    pub pos: usize,
}

/// The kinds of expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal.
    Int(i64),
    /// A float literal.
    Float(f64),
    /// A string literal.
    Str(String),
    /// `True` / `False`.
    Bool(bool),
    /// `None`.
    None,
    /// A name.
    Name(String),
    /// A tuple display `(a, b)`, `(a,)`, `()`.
    Tuple(Vec<Expr>),
    /// A list display `[a, b]`.
    List(Vec<Expr>),
    /// A unary operation.
    Unary(UnOp, Box<Expr>),
    /// A binary operation.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a and b`.
    And(Box<Expr>, Box<Expr>),
    /// `a or b`.
    Or(Box<Expr>, Box<Expr>),
    /// A (possibly chained) comparison `a < b <= c`.
    Compare(Box<Expr>, Vec<(CmpOp, Expr)>),
    /// A call `f(args, name=value)`.
    Call {
        /// The callee.
        func: Box<Expr>,
        /// Positional arguments.
        args: Vec<Expr>,
        /// Keyword arguments.
        kwargs: Vec<(String, Expr)>,
    },
    /// Attribute access `a.name`.
    Attr(Box<Expr>, String),
    /// A subscript `a[index]`; several comma-separated indices form a tuple.
    Index(Box<Expr>, Box<Expr>),
    /// A slice `start:stop:step`, only inside a subscript.
    Slice(Option<Box<Expr>>, Option<Box<Expr>>, Option<Box<Expr>>),
    /// A `lambda`: recognised so that it can be reported, never evaluated.
    Lambda,
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// An expression, whose value is the statement's result.
    Expr(Expr),
    /// `a = expr` or `a, b = expr`: binds names.
    Assign(Target, Expr),
    /// `expr -> ErrorClass`: true iff `expr` fails with that class.
    ExpectError(Expr, ErrorClass),
    /// `import x` or `from x import y`: Python module machinery.
    Import,
}

/// The left side of an assignment.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// A name.
    Name(String),
    /// A tuple of targets, unpacked.
    Tuple(Vec<Target>),
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Int(i128),
    Float(f64),
    Str(String),
    Name(String),
    Op(&'static str),
    Eof,
}

fn err(pos: usize, msg: impl Into<String>) -> Error {
    Error::Parse {
        op: "parse",
        pos,
        msg: msg.into(),
    }
}

const OPS: [&str; 36] = [
    "->", "//", "==", "!=", "<=", ">=", "<<", ">>", "**", "+=", "-=", "*=", "(", ")", "[", "]",
    ",", ":", ".", "=", "+", "-", "*", "@", "/", "%", "^", "&", "|", "<", ">", "~", "{", "}", ";",
    "!",
];

fn lex(src: &str) -> Result<Vec<(Tok, usize)>> {
    let b = src.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c == b' ' || c == b'\t' || c == b'\r' || c == b'\n' {
            i += 1;
            continue;
        }
        if c == b'#' {
            break;
        }
        let start = i;
        if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                // an exponent sign belongs to the number
                if (b[i] == b'e' || b[i] == b'E')
                    && !src[start..].starts_with("0x")
                    && !src[start..].starts_with("0X")
                    && matches!(b.get(i + 1), Some(b'+') | Some(b'-'))
                {
                    i += 1;
                }
                i += 1;
            }
            out.push((number(&src[start..i], start)?, start));
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push((Tok::Name(src[start..i].to_string()), start));
            continue;
        }
        if c == b'\'' || c == b'"' {
            let (s, end) = string(src, i)?;
            out.push((Tok::Str(s), start));
            i = end;
            continue;
        }
        if !c.is_ascii() {
            let ch = src[i..].chars().next().unwrap_or('?');
            return Err(err(i, format!("unexpected character {ch:?}")));
        }
        match OPS.iter().find(|op| src[i..].starts_with(**op)) {
            Some(op) => {
                out.push((Tok::Op(op), start));
                i += op.len();
            }
            None => {
                return Err(err(i, format!("unexpected character {:?}", c as char)));
            }
        }
    }
    out.push((Tok::Eof, src.len()));
    Ok(out)
}

fn number(text: &str, pos: usize) -> Result<Tok> {
    let clean: String = text.chars().filter(|&c| c != '_').collect();
    let lower = clean.to_ascii_lowercase();
    let radix = [("0b", 2), ("0o", 8), ("0x", 16)]
        .iter()
        .find(|(p, _)| lower.starts_with(p));
    if let Some(&(p, r)) = radix {
        let digits = &lower[p.len()..];
        if digits.is_empty() {
            return Err(err(pos, format!("invalid integer literal {text:?}")));
        }
        return match i64::from_str_radix(digits, r) {
            Ok(v) => Ok(Tok::Int(v.into())),
            Err(e) if matches!(e.kind(), core::num::IntErrorKind::PosOverflow) => Err(err(
                pos,
                format!("integer literal {text} leaves the 64-bit range"),
            )),
            Err(_) => Err(err(pos, format!("invalid integer literal {text:?}"))),
        };
    }
    if lower.bytes().all(|c| c.is_ascii_digit()) {
        if lower.len() > 1 && lower.starts_with('0') && lower.bytes().any(|c| c != b'0') {
            return Err(err(
                pos,
                format!("leading zeros in decimal integer literal {text:?}"),
            ));
        }
        return lower
            .parse::<i128>()
            .ok()
            .filter(|&v| v <= 1 << 63)
            .map(Tok::Int)
            .ok_or_else(|| {
                err(
                    pos,
                    format!("integer literal {text} leaves the 64-bit range"),
                )
            });
    }
    let valid = lower
        .bytes()
        .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'e' | b'+' | b'-'));
    match lower.parse::<f64>() {
        Ok(v) if valid && v.is_finite() => Ok(Tok::Float(v)),
        _ => Err(err(pos, format!("invalid number literal {text:?}"))),
    }
}

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

/// Keyword arguments of a call, in the order written.
type KwExprs = Vec<(String, Expr)>;

struct Parser {
    toks: Vec<(Tok, usize)>,
    at: usize,
    depth: usize,
}

/// Parses one statement.
///
/// # Post-conditions
/// The tree is at most [`MAX_DEPTH`] nodes deep.
///
/// # Errors
/// `SyntaxError` (an [`Error::Parse`] with the byte position) if `src` is
/// not one statement of the language, or nests deeper than [`MAX_DEPTH`].
///
/// # Examples
/// ```
/// use cute_expr::parse::{parse_statement, Stmt};
/// assert!(matches!(parse_statement("A = Layout((4, 8), (1, 4))").unwrap(), Stmt::Assign(..)));
/// assert!(matches!(parse_statement("A[3] -> IndexError").unwrap(), Stmt::ExpectError(..)));
/// let e = parse_statement("Layout((4, 8), (1,").unwrap_err();
/// assert!(matches!(e, cute_expr::Error::Parse { pos: 18, .. }));
/// ```
pub fn parse_statement(src: &str) -> Result<Stmt> {
    let toks = lex(src)?;
    let mut p = Parser {
        toks,
        at: 0,
        depth: 0,
    };
    let stmt = p.statement()?;
    if *p.peek() != Tok::Eof {
        return Err(err(p.pos(), format!("unexpected {}", describe(p.peek()))));
    }
    Ok(stmt)
}

/// Parses one expression.
///
/// # Errors
/// As [`parse_statement`]; a statement that is not an expression is a
/// `SyntaxError` too.
///
/// # Examples
/// ```
/// use cute_expr::parse::{parse_expr, ExprKind};
/// assert_eq!(parse_expr("0b101").unwrap().kind, ExprKind::Int(5));
/// assert!(parse_expr("x = 1").is_err());
/// ```
pub fn parse_expr(src: &str) -> Result<Expr> {
    match parse_statement(src)? {
        Stmt::Expr(e) => Ok(e),
        _ => Err(err(0, "expected an expression, found a statement")),
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Int(v) => format!("integer {v}"),
        Tok::Float(v) => format!("number {v}"),
        Tok::Str(s) => format!("string {s:?}"),
        Tok::Name(n) => format!("name {n:?}"),
        Tok::Op(o) => format!("'{o}'"),
        Tok::Eof => "end of input".to_string(),
    }
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.at].0
    }
    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.at + k).min(self.toks.len() - 1)].0
    }
    fn pos(&self) -> usize {
        self.toks[self.at].1
    }
    fn bump(&mut self) -> (Tok, usize) {
        let t = self.toks[self.at].clone();
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
        t
    }
    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }
    fn is_name(&self, name: &str) -> bool {
        matches!(self.peek(), Tok::Name(n) if n == name)
    }
    fn eat_op(&mut self, op: &str) -> bool {
        if self.is_op(op) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn expect_op(&mut self, op: &str) -> Result<usize> {
        if self.is_op(op) {
            Ok(self.bump().1)
        } else {
            Err(err(
                self.pos(),
                format!("expected '{op}', found {}", describe(self.peek())),
            ))
        }
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(err(
                self.pos(),
                format!("expression nested deeper than {MAX_DEPTH} levels"),
            ));
        }
        Ok(())
    }
    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Builds a node whose children are `children`, checking the depth of
    /// the tree it makes.
    fn node(&self, kind: ExprKind, pos: usize) -> Result<Expr> {
        let e = Expr { kind, pos };
        if tree_depth(&e, MAX_DEPTH + 1) > MAX_DEPTH {
            return Err(err(
                pos,
                format!("expression nested deeper than {MAX_DEPTH} levels"),
            ));
        }
        Ok(e)
    }

    fn statement(&mut self) -> Result<Stmt> {
        if self.is_name("import") || (self.is_name("from") && !self.is_op_at(1, "(")) {
            // Python module machinery: accepted, with no effect
            while *self.peek() != Tok::Eof {
                self.bump();
            }
            return Ok(Stmt::Import);
        }
        let start = self.pos();
        let first = self.expr_list()?;
        if self.is_op("=") {
            let eq = self.bump().1;
            let target = to_target(&first).ok_or_else(|| {
                err(
                    start,
                    "cannot assign to this expression: only names and tuples of names",
                )
            })?;
            if self.is_op("=") {
                return Err(err(self.pos(), "chained assignment is not supported"));
            }
            if *self.peek() == Tok::Eof {
                return Err(err(eq, "expected an expression after '='"));
            }
            let value = self.expr_list()?;
            return Ok(Stmt::Assign(target, value));
        }
        if self.is_op("->") {
            self.bump();
            let pos = self.pos();
            let class = match self.bump().0 {
                Tok::Name(n) => match n.as_str() {
                    "ValueError" => ErrorClass::ValueError,
                    "TypeError" => ErrorClass::TypeError,
                    "IndexError" => ErrorClass::IndexError,
                    "SyntaxError" => ErrorClass::SyntaxError,
                    other => return Err(err(pos, format!("unknown error class {other:?}"))),
                },
                t => {
                    return Err(err(
                        pos,
                        format!("expected an error class, found {}", describe(&t)),
                    ))
                }
            };
            return Ok(Stmt::ExpectError(first, class));
        }
        Ok(Stmt::Expr(first))
    }

    fn is_op_at(&self, k: usize, op: &str) -> bool {
        matches!(self.peek_at(k), Tok::Op(o) if *o == op)
    }

    /// `a, b, c` at statement level: a tuple if there is a comma.
    fn expr_list(&mut self) -> Result<Expr> {
        let pos = self.pos();
        let first = self.expr()?;
        if !self.is_op(",") {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat_op(",") {
            if self.ends_list() {
                break;
            }
            items.push(self.expr()?);
        }
        self.node(ExprKind::Tuple(items), pos)
    }

    fn ends_list(&self) -> bool {
        matches!(self.peek(), Tok::Eof)
            || self.is_op("=")
            || self.is_op("->")
            || self.is_op(")")
            || self.is_op("]")
    }

    fn expr(&mut self) -> Result<Expr> {
        self.enter()?;
        let r = if self.is_name("lambda") {
            self.lambda()
        } else {
            self.or_expr()
        };
        self.leave();
        r
    }

    /// Skips a lambda's text up to the end of its body, which ends at a
    /// top-level `,` or a closing bracket.
    fn lambda(&mut self) -> Result<Expr> {
        let pos = self.bump().1;
        // the parameters, up to the ':'
        while !self.is_op(":") {
            if *self.peek() == Tok::Eof {
                return Err(err(pos, "expected ':' in lambda"));
            }
            self.bump();
        }
        self.bump();
        let mut level = 0usize;
        loop {
            match self.peek() {
                Tok::Eof => break,
                Tok::Op("(") | Tok::Op("[") | Tok::Op("{") => level += 1,
                Tok::Op(")") | Tok::Op("]") | Tok::Op("}") => {
                    if level == 0 {
                        break;
                    }
                    level -= 1;
                }
                Tok::Op(",") if level == 0 => {
                    break;
                }
                _ => {}
            }
            self.bump();
        }
        Ok(Expr {
            kind: ExprKind::Lambda,
            pos,
        })
    }

    fn or_expr(&mut self) -> Result<Expr> {
        let mut left = self.and_expr()?;
        while self.is_name("or") {
            let pos = self.bump().1;
            let right = self.and_expr()?;
            left = self.node(ExprKind::Or(Box::new(left), Box::new(right)), pos)?;
        }
        Ok(left)
    }

    fn and_expr(&mut self) -> Result<Expr> {
        let mut left = self.not_expr()?;
        while self.is_name("and") {
            let pos = self.bump().1;
            let right = self.not_expr()?;
            left = self.node(ExprKind::And(Box::new(left), Box::new(right)), pos)?;
        }
        Ok(left)
    }

    fn not_expr(&mut self) -> Result<Expr> {
        if self.is_name("not") {
            let pos = self.bump().1;
            self.enter()?;
            let inner = self.not_expr();
            self.leave();
            return self.node(ExprKind::Unary(UnOp::Not, Box::new(inner?)), pos);
        }
        self.comparison()
    }

    fn cmp_op(&self) -> Option<CmpOp> {
        match self.peek() {
            Tok::Op("==") => Some(CmpOp::Eq),
            Tok::Op("!=") => Some(CmpOp::Ne),
            Tok::Op("<") => Some(CmpOp::Lt),
            Tok::Op(">") => Some(CmpOp::Gt),
            Tok::Op("<=") => Some(CmpOp::Le),
            Tok::Op(">=") => Some(CmpOp::Ge),
            _ => None,
        }
    }

    fn comparison(&mut self) -> Result<Expr> {
        let pos = self.pos();
        let first = self.bitor()?;
        let mut rest = Vec::new();
        while let Some(op) = self.cmp_op() {
            self.bump();
            rest.push((op, self.bitor()?));
        }
        if rest.is_empty() {
            Ok(first)
        } else {
            self.node(ExprKind::Compare(Box::new(first), rest), pos)
        }
    }

    /// The binary operator at the cursor and its binding power (higher
    /// binds tighter), for the levels between comparisons and unary minus.
    fn bin_op(&self) -> Option<(BinOp, u8)> {
        let Tok::Op(o) = self.peek() else {
            return None;
        };
        Some(match *o {
            "|" => (BinOp::Or, 1),
            "^" => (BinOp::Xor, 2),
            "&" => (BinOp::And, 3),
            "<<" => (BinOp::Shl, 4),
            ">>" => (BinOp::Shr, 4),
            "+" => (BinOp::Add, 5),
            "-" => (BinOp::Sub, 5),
            "*" => (BinOp::Mul, 6),
            "@" => (BinOp::MatMul, 6),
            "//" => (BinOp::FloorDiv, 6),
            "/" => (BinOp::Div, 6),
            "%" => (BinOp::Mod, 6),
            _ => return None,
        })
    }

    fn bitor(&mut self) -> Result<Expr> {
        self.binary(1)
    }

    /// Precedence climbing over the left-associative binary operators:
    /// parses a unary operand, then every operator that binds at least as
    /// tightly as `min`. The recursion is as deep as the number of
    /// precedence levels, however long the chain.
    fn binary(&mut self, min: u8) -> Result<Expr> {
        let mut left = self.unary()?;
        while let Some((op, prec)) = self.bin_op().filter(|&(_, p)| p >= min) {
            let pos = self.bump().1;
            let right = self.binary(prec + 1)?;
            left = self.node(ExprKind::Binary(op, Box::new(left), Box::new(right)), pos)?;
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr> {
        let op = match self.peek() {
            Tok::Op("-") => Some(UnOp::Neg),
            Tok::Op("+") => Some(UnOp::Pos),
            Tok::Op("~") => Some(UnOp::Invert),
            _ => None,
        };
        if let Some(op) = op {
            let pos = self.bump().1;
            if op == UnOp::Neg
                && *self.peek() == Tok::Int(1 << 63)
                && !matches!(self.peek_at(1), Tok::Op("(" | "[" | "."))
            {
                self.bump();
                return Ok(Expr {
                    kind: ExprKind::Int(i64::MIN),
                    pos,
                });
            }
            self.enter()?;
            let inner = self.unary();
            self.leave();
            let inner = inner?;
            // fold a negative literal, so that i64::MIN is writable
            if op == UnOp::Neg {
                if let ExprKind::Int(v) = inner.kind {
                    if let Some(n) = v.checked_neg() {
                        return Ok(Expr {
                            kind: ExprKind::Int(n),
                            pos,
                        });
                    }
                }
            }
            return self.node(ExprKind::Unary(op, Box::new(inner)), pos);
        }
        if self.is_op("**") {
            return Err(err(self.pos(), "'**' is not supported"));
        }
        self.postfix()
    }

    fn postfix(&mut self) -> Result<Expr> {
        let mut e = self.atom()?;
        loop {
            if self.is_op("(") {
                let pos = self.bump().1;
                let (args, kwargs) = self.call_args()?;
                e = self.node(
                    ExprKind::Call {
                        func: Box::new(e),
                        args,
                        kwargs,
                    },
                    pos,
                )?;
            } else if self.is_op("[") {
                let pos = self.bump().1;
                let r = self.subscript()?;
                e = self.node(ExprKind::Index(Box::new(e), Box::new(r)), pos)?;
            } else if self.is_op(".") {
                let pos = self.bump().1;
                match self.bump() {
                    (Tok::Name(n), _) => {
                        e = self.node(ExprKind::Attr(Box::new(e), n), pos)?;
                    }
                    (t, p) => {
                        return Err(err(
                            p,
                            format!("expected an attribute name, found {}", describe(&t)),
                        ))
                    }
                }
            } else {
                return Ok(e);
            }
        }
    }

    fn call_args(&mut self) -> Result<(Vec<Expr>, KwExprs)> {
        let mut args = Vec::new();
        let mut kwargs: Vec<(String, Expr)> = Vec::new();
        while !self.is_op(")") {
            if let (Tok::Name(n), true) = (self.peek().clone(), self.is_op_at(1, "=")) {
                let pos = self.pos();
                self.bump();
                self.bump();
                if kwargs.iter().any(|(k, _)| *k == n) {
                    return Err(err(pos, format!("keyword argument {n:?} repeated")));
                }
                kwargs.push((n, self.expr()?));
            } else {
                if self.is_op("*") {
                    return Err(err(self.pos(), "argument unpacking '*' is not supported"));
                }
                if !kwargs.is_empty() {
                    return Err(err(
                        self.pos(),
                        "positional argument follows keyword argument",
                    ));
                }
                args.push(self.expr()?);
            }
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op(")")?;
        Ok((args, kwargs))
    }

    /// The inside of `[...]`: one index, a slice, or a comma-separated tuple
    /// of them.
    fn subscript(&mut self) -> Result<Expr> {
        let pos = self.pos();
        let mut items = vec![self.slice_item()?];
        let mut tuple = false;
        while self.eat_op(",") {
            tuple = true;
            if self.is_op("]") {
                break;
            }
            items.push(self.slice_item()?);
        }
        self.expect_op("]")?;
        if tuple {
            self.node(ExprKind::Tuple(items), pos)
        } else {
            Ok(items.pop().unwrap_or(Expr {
                kind: ExprKind::None,
                pos,
            }))
        }
    }

    fn slice_item(&mut self) -> Result<Expr> {
        let pos = self.pos();
        let bound = |p: &mut Self| -> Result<Option<Box<Expr>>> {
            if p.is_op(":") || p.is_op("]") || p.is_op(",") {
                Ok(None)
            } else {
                Ok(Some(Box::new(p.expr()?)))
            }
        };
        let start = bound(self)?;
        if !self.eat_op(":") {
            return match start {
                Some(e) => Ok(*e),
                None => Err(err(
                    pos,
                    format!("expected an index, found {}", describe(self.peek())),
                )),
            };
        }
        let stop = bound(self)?;
        let step = if self.eat_op(":") { bound(self)? } else { None };
        self.node(ExprKind::Slice(start, stop, step), pos)
    }

    fn atom(&mut self) -> Result<Expr> {
        let (tok, pos) = self.bump();
        let kind =
            match tok {
                Tok::Int(v) => ExprKind::Int(i64::try_from(v).map_err(|_| {
                    err(pos, format!("integer literal {v} leaves the 64-bit range"))
                })?),
                Tok::Float(v) => ExprKind::Float(v),
                Tok::Str(s) => {
                    // adjacent literals concatenate
                    let mut s = s;
                    while let Tok::Str(t) = self.peek() {
                        s.push_str(t);
                        self.bump();
                    }
                    ExprKind::Str(s)
                }
                Tok::Name(n) => match n.as_str() {
                    "True" => ExprKind::Bool(true),
                    "False" => ExprKind::Bool(false),
                    "None" => ExprKind::None,
                    "and" | "or" | "not" | "in" | "is" | "if" | "else" | "for" | "import"
                    | "from" | "def" | "return" | "lambda" | "class" | "while" => {
                        return Err(err(pos, format!("unexpected keyword {n:?}")))
                    }
                    _ => ExprKind::Name(n),
                },
                Tok::Op("(") => return self.paren(pos),
                Tok::Op("[") => {
                    let r = self.list_display()?;
                    return self.node(ExprKind::List(r), pos);
                }
                t => return Err(err(pos, format!("unexpected {}", describe(&t)))),
            };
        Ok(Expr { kind, pos })
    }

    fn paren(&mut self, pos: usize) -> Result<Expr> {
        if self.eat_op(")") {
            return Ok(Expr {
                kind: ExprKind::Tuple(Vec::new()),
                pos,
            });
        }
        let first = self.expr()?;
        if self.eat_op(")") {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat_op(",") {
            if self.is_op(")") {
                break;
            }
            items.push(self.expr()?);
        }
        self.expect_op(")")?;
        self.node(ExprKind::Tuple(items), pos)
    }

    fn list_display(&mut self) -> Result<Vec<Expr>> {
        let mut items = Vec::new();
        while !self.is_op("]") {
            items.push(self.expr()?);
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op("]")?;
        Ok(items)
    }
}

fn to_target(e: &Expr) -> Option<Target> {
    match &e.kind {
        ExprKind::Name(n) => Some(Target::Name(n.clone())),
        ExprKind::Tuple(v) | ExprKind::List(v) => v
            .iter()
            .map(to_target)
            .collect::<Option<_>>()
            .map(Target::Tuple),
        _ => None,
    }
}

/// Depth of the tree below `e`, counting `e` itself; stops counting at
/// `cap`.
fn tree_depth(e: &Expr, cap: usize) -> usize {
    if cap == 0 {
        return 0;
    }
    let sub = |x: &Expr| tree_depth(x, cap - 1);
    let children = match &e.kind {
        ExprKind::Tuple(v) | ExprKind::List(v) => v.iter().map(sub).max().unwrap_or(0),
        ExprKind::Unary(_, a) | ExprKind::Attr(a, _) => sub(a),
        ExprKind::Binary(_, a, b)
        | ExprKind::And(a, b)
        | ExprKind::Or(a, b)
        | ExprKind::Index(a, b) => sub(a).max(sub(b)),
        ExprKind::Compare(a, rest) => rest.iter().map(|(_, x)| sub(x)).fold(sub(a), usize::max),
        ExprKind::Call { func, args, kwargs } => args
            .iter()
            .chain(kwargs.iter().map(|(_, x)| x))
            .map(sub)
            .fold(sub(func), usize::max),
        ExprKind::Slice(a, b, c) => [a, b, c]
            .iter()
            .filter_map(|x| x.as_deref())
            .map(sub)
            .max()
            .unwrap_or(0),
        _ => 0,
    };
    children + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos_of(src: &str) -> usize {
        match parse_statement(src).unwrap_err() {
            Error::Parse { pos, .. } => pos,
            e => panic!("not a parse error: {e}"),
        }
    }

    #[test]
    fn literals() {
        assert_eq!(parse_expr("42").unwrap().kind, ExprKind::Int(42));
        assert_eq!(parse_expr("0b1010").unwrap().kind, ExprKind::Int(10));
        assert_eq!(parse_expr("0x1F").unwrap().kind, ExprKind::Int(31));
        assert_eq!(parse_expr("1_000").unwrap().kind, ExprKind::Int(1000));
        assert_eq!(parse_expr("-7").unwrap().kind, ExprKind::Int(-7));
        assert_eq!(
            parse_expr("-9223372036854775808").unwrap().kind,
            ExprKind::Int(i64::MIN)
        );
        assert_eq!(parse_expr("1.5").unwrap().kind, ExprKind::Float(1.5));
        assert_eq!(
            parse_expr("'a\\'b'").unwrap().kind,
            ExprKind::Str("a'b".into())
        );
        assert_eq!(parse_expr("\"x\"").unwrap().kind, ExprKind::Str("x".into()));
        assert_eq!(parse_expr("True").unwrap().kind, ExprKind::Bool(true));
        assert_eq!(parse_expr("None").unwrap().kind, ExprKind::None);
        assert!(parse_expr("99999999999999999999").is_err());
        assert!(parse_expr("0b").is_err());
        assert!(parse_expr("0b102").is_err());
    }

    #[test]
    fn tuples_and_lists() {
        let one = parse_expr("(7,)").unwrap();
        assert!(matches!(one.kind, ExprKind::Tuple(ref v) if v.len() == 1));
        assert!(matches!(parse_expr("()").unwrap().kind, ExprKind::Tuple(ref v) if v.is_empty()));
        assert!(matches!(parse_expr("(7)").unwrap().kind, ExprKind::Int(7)));
        assert!(
            matches!(parse_expr("[1, 2,]").unwrap().kind, ExprKind::List(ref v) if v.len() == 2)
        );
    }

    #[test]
    fn precedence() {
        // 1 + 2 * 3 parses as 1 + (2 * 3)
        let e = parse_expr("1 + 2 * 3").unwrap();
        match e.kind {
            ExprKind::Binary(BinOp::Add, _, r) => {
                assert!(matches!(r.kind, ExprKind::Binary(BinOp::Mul, ..)))
            }
            k => panic!("{k:?}"),
        }
        // comparisons chain
        let e = parse_expr("a == b == c").unwrap();
        assert!(matches!(e.kind, ExprKind::Compare(_, ref v) if v.len() == 2));
        // ^ binds looser than +
        let e = parse_expr("1 ^ 2 + 3").unwrap();
        assert!(matches!(e.kind, ExprKind::Binary(BinOp::Xor, ..)));
    }

    #[test]
    fn statements() {
        assert!(
            matches!(parse_statement("a, b = f(x)").unwrap(), Stmt::Assign(Target::Tuple(ref v), _) if v.len() == 2)
        );
        assert!(matches!(
            parse_statement("f[0, 2](x, mode=(1,)) -> ValueError").unwrap(),
            Stmt::ExpectError(_, ErrorClass::ValueError)
        ));
        assert_eq!(
            parse_statement("from fractions import Fraction").unwrap(),
            Stmt::Import
        );
        assert!(matches!(
            parse_statement("x # comment").unwrap(),
            Stmt::Expr(_)
        ));
        assert!(parse_statement("f(x) = 3").is_err());
        assert!(parse_statement("x -> KeyError").is_err());
    }

    #[test]
    fn subscripts_and_slices() {
        let e = parse_expr("A[1:-1]").unwrap();
        match e.kind {
            ExprKind::Index(_, i) => {
                assert!(matches!(i.kind, ExprKind::Slice(Some(_), Some(_), None)))
            }
            k => panic!("{k:?}"),
        }
        let e = parse_expr("A[::2]").unwrap();
        match e.kind {
            ExprKind::Index(_, i) => {
                assert!(matches!(i.kind, ExprKind::Slice(None, None, Some(_))))
            }
            k => panic!("{k:?}"),
        }
        assert!(parse_expr("f[0][1](x).shape").is_ok());
        assert!(parse_expr("A[]").is_err());
    }

    #[test]
    fn error_positions() {
        assert_eq!(pos_of("Layout((4, 8), (1,"), 18);
        assert_eq!(pos_of("1 + $"), 4);
        assert_eq!(pos_of("(1, 2"), 5);
        assert_eq!(pos_of("'abc"), 0);
    }

    /// Runs `f` with room for the parser's deepest recursion, as the
    /// public entry points do.
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
        big_stack(nesting_is_bounded_impl);
    }

    fn nesting_is_bounded_impl() {
        let deep = "(".repeat(10_000) + &")".repeat(10_000);
        assert!(parse_statement(&deep).is_err());
        let chain = vec!["1"; 5_000].join(" + ");
        assert!(parse_statement(&chain).is_err());
        let neg = "-".repeat(10_000) + "1";
        assert!(parse_statement(&neg).is_err());
        let ok = "(".repeat(199) + "1" + &")".repeat(199);
        assert!(parse_statement(&ok).is_ok());
        let too_deep = "(".repeat(201) + "1" + &")".repeat(201);
        assert!(parse_statement(&too_deep).is_err());
    }

    #[test]
    fn lambda_is_recognised() {
        let e = parse_expr("f(lambda x, y: x * y, (2, 3))").unwrap();
        match e.kind {
            ExprKind::Call { args, .. } => {
                // the body ends at the first top-level comma
                assert_eq!(args.len(), 2);
                assert_eq!(args[0].kind, ExprKind::Lambda);
            }
            k => panic!("{k:?}"),
        }
    }
}
