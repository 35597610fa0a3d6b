//! The syntax tree of one line, stored flat.
//!
//! A parsed line is a [`Code`]: its text, its statements, and the nodes of
//! its expressions in one vector, children before their parents, each
//! referring to its children by index. Lists of children (the items of a
//! tuple, the arguments of a call) are runs of another vector. A line is
//! parsed into a handful of allocations, whatever its length, and a name is
//! a span of the text together with the built-in it names, found once by
//! the parser.
//!
//! A `lambda` keeps the code it was written in alive (its body is a node of
//! that code), so a function defined on one line can be called on the next.

use cute_core::ErrorClass;

use crate::builtin_id::BuiltinId;

/// The index of a node in [`Code::nodes`].
pub(crate) type NodeId = u32;

/// A byte range of the line's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) start: u32,
    pub(crate) end: u32,
}

/// A run `start..start + len` of one of the code's side vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Run {
    pub(crate) start: u32,
    pub(crate) len: u32,
}

impl Run {
    pub(crate) fn range(self) -> core::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Sub,
    Mul,
    MatMul,
    Div,
    FloorDiv,
    Mod,
    Xor,
    And,
    Or,
    Shl,
    Shr,
    Pow,
}

impl BinOp {
    /// The operator as written.
    pub(crate) fn symbol(self) -> &'static str {
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
            BinOp::Pow => "**",
        }
    }
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CmpOp {
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
}

/// A unary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnOp {
    Neg,
    Pos,
    Invert,
    Not,
}

impl UnOp {
    /// The operator as written.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            UnOp::Neg => "-",
            UnOp::Pos => "+",
            UnOp::Invert => "~",
            UnOp::Not => "not",
        }
    }
}

/// A name as written, with the built-in of that name if there is one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Name {
    pub(crate) span: Span,
    pub(crate) builtin: Option<BuiltinId>,
}

/// An expression node. Children are indices into [`Code::nodes`]; `Run`s
/// index [`Code::kids`] (items, arguments), [`Code::cmps`] (the operators
/// and operands of a chained comparison) or [`Code::kwargs`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Node {
    Int(i64),
    Float(f64),
    /// A string literal: its index in [`Code::strings`].
    Str(u32),
    Bool(bool),
    None,
    Name(Name),
    Tuple(Run),
    List(Run),
    Unary(UnOp, NodeId),
    Binary(BinOp, NodeId, NodeId),
    And(NodeId, NodeId),
    Or(NodeId, NodeId),
    /// `then if cond else other`.
    IfElse {
        cond: NodeId,
        then: NodeId,
        other: NodeId,
    },
    /// `first op0 x0 op1 x1 ...`, the pairs in [`Code::cmps`].
    Compare {
        first: NodeId,
        rest: Run,
    },
    /// `func(args, name=value)`: positional arguments in [`Code::kids`],
    /// keyword arguments in [`Code::kwargs`].
    Call {
        func: NodeId,
        args: Run,
        kwargs: Run,
    },
    /// `obj.name`.
    Attr(NodeId, Span),
    /// `obj[index]`; several comma-separated indices form a tuple node.
    Index(NodeId, NodeId),
    /// `start:stop:step` inside a subscript, each part optional.
    Slice([Option<NodeId>; 3]),
    /// A `lambda`: its index in [`Code::lambdas`].
    Lambda(u32),
}

/// One parameter of a lambda.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Param {
    pub(crate) name: Span,
    /// Its default value's expression, evaluated when the lambda is.
    pub(crate) default: Option<NodeId>,
    /// True for a parameter after `*`, which only a keyword can set.
    pub(crate) keyword_only: bool,
}

/// A `lambda params: body`.
#[derive(Clone, Debug)]
pub(crate) struct LambdaDef {
    pub(crate) params: Vec<Param>,
    pub(crate) body: NodeId,
}

/// The left side of an assignment.
#[derive(Clone, Debug)]
pub(crate) enum Target {
    Name(Span),
    Tuple(Vec<Target>),
    /// `obj[index]`: a write into a tensor or an accessor.
    Item(NodeId, NodeId),
}

/// One statement of a line.
#[derive(Clone, Debug)]
pub(crate) enum Stmt {
    /// An expression, whose value is the statement's result.
    Expr(NodeId),
    /// `a = expr`, `a, b = expr` or `T[i] = expr`.
    Assign(Target, NodeId),
    /// `expr -> ErrorClass`: true iff `expr` fails with that class.
    ExpectError(NodeId, ErrorClass),
    /// `import module` or `from module import names`.
    Import(Import),
}

/// An import statement: the module and the names it imports (`*` for all).
#[derive(Clone, Debug)]
pub(crate) struct Import {
    pub(crate) module: Span,
    pub(crate) names: Vec<Span>,
    pub(crate) star: bool,
}

/// One parsed line: its statements (separated by `;`) and their nodes.
#[derive(Debug)]
pub(crate) struct Code {
    pub(crate) text: Box<str>,
    pub(crate) stmts: Vec<Stmt>,
    pub(crate) nodes: Vec<Node>,
    pub(crate) kids: Vec<NodeId>,
    pub(crate) cmps: Vec<(CmpOp, NodeId)>,
    pub(crate) kwargs: Vec<(Span, NodeId)>,
    pub(crate) strings: Vec<String>,
    pub(crate) lambdas: Vec<LambdaDef>,
}

impl Code {
    /// The text of `span`.
    #[inline]
    pub(crate) fn text(&self, span: Span) -> &str {
        &self.text[span.start as usize..span.end as usize]
    }

    /// The node `id`.
    #[inline]
    pub(crate) fn node(&self, id: NodeId) -> Node {
        self.nodes[id as usize]
    }

    /// The children of a run of [`Code::kids`].
    #[inline]
    pub(crate) fn kids(&self, run: Run) -> &[NodeId] {
        &self.kids[run.range()]
    }
}
