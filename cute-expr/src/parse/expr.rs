//! The expressions of the grammar: from a lambda or a conditional
//! expression down to the atoms, by precedence climbing over the operators
//! (the table in [`super`]'s documentation).

use cute_core::Result;

use super::Parser;
use crate::ast::{BinOp, CmpOp, LambdaDef, Name, Node, NodeId, Param, Run, Span, UnOp};
use crate::lex::{err, Kw, Op, Tok};

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

impl Parser<'_> {
    /// An expression: a lambda, or a conditional expression.
    pub(super) fn expr(&mut self) -> Result<NodeId> {
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
                    self.token().describe(self.src)
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
                            self.token().describe(self.src)
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
                    self.token().describe(self.src)
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
            _ => return self.power(),
        };
        let pos = self.bump().start as usize;
        if op == UnOp::Neg
            && self.peek() == Tok::Int(1 << 63)
            && !matches!(
                self.peek_at(1),
                Tok::Op(Op::LParen | Op::LBracket | Op::Dot | Op::Pow)
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

    /// A primary with its postfix operations, to a power: `x ** y`, where
    /// `y` is an operand with its prefix operators (`2 ** -1`), and `**`
    /// binds tighter than a prefix operator on its left (`-2 ** 2` is
    /// `-(2 ** 2)`) and groups to the right (`2 ** 3 ** 2` is `2 ** 9`), as
    /// in Python.
    fn power(&mut self) -> Result<NodeId> {
        let base = self.postfix()?;
        if !self.is(Op::Pow) {
            return Ok(base);
        }
        let pos = self.bump().start as usize;
        self.enter()?;
        let exp = self.prefixed(UNARY);
        self.leave();
        let exp = exp?;
        self.pair(Node::Binary(BinOp::Pow, base, exp), base, exp, pos)
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
                                self.token().describe(self.src)
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
                        self.token().describe(self.src)
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
                let builtin = (self.names)(self.text(span));
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
            _ => Err(err(pos, format!("unexpected {}", t.describe(self.src)))),
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
