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
//! The lexer ([`crate::lex`]) hands out tokens that refer to the text; the
//! parser looks each name up once in the table of built-ins and builds the
//! flat tree of [`crate::ast`]: the statements here, the expressions in
//! [`expr`]. Every error is a [`cute_core::Error::Parse`] carrying the byte
//! position of the problem. Nesting is bounded ([`MAX_DEPTH`]): deeper
//! input is a syntax error, so no input can exhaust the stack, here or in
//! the evaluator that walks the tree.

use std::cell::Cell;

use cute_core::{ErrorClass, Result};

use crate::ast::{CmpOp, Code, Import, LambdaDef, Node, NodeId, Run, Span, Stmt, Target};
use crate::builtin_id::BuiltinId;
use crate::lex::{err, lex, Kw, Op, Tok, Token};
use crate::stack::StackLimit;

mod expr;
#[cfg(test)]
mod tests;

/// The deepest nesting of the syntax tree the parser accepts.
pub(crate) const MAX_DEPTH: usize = 200;

/// The built-in a name denotes, if any: how the parser resolves each name
/// it reads, once.
pub(crate) type Names = fn(&str) -> Option<BuiltinId>;

/// Parses one line, resolving its names with `names`.
///
/// # Post-conditions
/// Every expression tree of the result is at most [`MAX_DEPTH`] nodes deep.
///
/// # Errors
/// `SyntaxError` (an [`cute_core::Error::Parse`] with the byte position) if `src` is
/// not a line of the language, or nests deeper than [`MAX_DEPTH`].
///
/// The parser uses at most about `stack` bytes of stack: `None` means that
/// was not enough (the line nests deeply), and the line is to be parsed
/// again with more.
pub(crate) fn parse(src: &str, stack: usize, names: Names) -> Option<Result<Code>> {
    let mut scratch = SCRATCH.with(Cell::take).unwrap_or_default();
    let mut out_of_stack = false;
    let r = parse_with(src, &mut scratch, stack, names, &mut out_of_stack);
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

fn parse_with(
    src: &str,
    sc: &mut Scratch,
    stack: usize,
    names: Names,
    out_of_stack: &mut bool,
) -> Result<Code> {
    let mut strings = Vec::new();
    lex(src, &mut strings, &mut sc.toks)?;
    let n = sc.toks.len();
    let mut p = Parser {
        src,
        sc,
        at: 0,
        depth: 0,
        stack: StackLimit::new(stack),
        out_of_stack,
        names,
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
                format!("unexpected {}", p.token().describe(src)),
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
    stack: StackLimit,
    /// Set when the parser ran out of its stack.
    out_of_stack: &'s mut bool,
    /// The resolution of names to built-ins.
    names: Names,
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
                    self.token().describe(self.src)
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
        if self.stack.exceeded() {
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
                        format!("expected an error class, found {}", t.describe(self.src)),
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
                    self.token().describe(self.src)
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
                        self.token().describe(self.src)
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
}
