//! Errors of the layout algebra.
//!
//! Every failure the specification names is one variant of [`Error`], and
//! every variant knows which of the specification's error classes it is
//! ([`ErrorClass`]): `ValueError`, `TypeError`, `IndexError`, or, for text
//! that does not parse, `SyntaxError`. Each variant carries the name of the
//! operation that failed and a message naming the values involved; the
//! variants whose failure is about particular values (a divisibility
//! condition, two ranks or sizes that differ, an index past its bound) also
//! carry those values, as [`Operand`]s where they may be symbolic, so that a
//! caller can act on them without reading the message.

use core::fmt;

/// The text an error carries: owned and formatted with the `alloc` feature,
/// static otherwise.
#[cfg(feature = "alloc")]
pub type Message = alloc::string::String;
/// The text an error carries: owned and formatted with the `alloc` feature,
/// static otherwise.
#[cfg(not(feature = "alloc"))]
pub type Message = &'static str;

/// The specification's error classes (PyCuTe raises these Python exceptions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorClass {
    /// An argument has the right type but an inadmissible value.
    ValueError,
    /// An argument has a type the operation does not accept.
    TypeError,
    /// An index names no element.
    IndexError,
    /// Text that does not parse.
    SyntaxError,
}

impl ErrorClass {
    /// The class's name as the specification spells it.
    pub const fn name(self) -> &'static str {
        match self {
            ErrorClass::ValueError => "ValueError",
            ErrorClass::TypeError => "TypeError",
            ErrorClass::IndexError => "IndexError",
            ErrorClass::SyntaxError => "SyntaxError",
        }
    }
}

impl fmt::Display for ErrorClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value an error names: an integer, or the text of a value that is not a
/// known integer (a symbolic size such as `M`, a coordinate, a range).
///
/// ```
/// use cute_core::error::Operand;
/// assert_eq!(Operand::of(&6_i64), Operand::Int(6));
/// assert_eq!(Operand::Int(6).to_string(), "6");
/// assert_eq!(Operand::of(&6_i64).as_int(), Some(6));
/// ```
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// A known integer.
    Int(i64),
    /// The printed form of a value that is not a known integer.
    Text(Message),
}

impl Operand {
    /// The integer, if this is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Operand::Int(v) => Some(*v),
            Operand::Text(_) => None,
        }
    }
}

impl From<i64> for Operand {
    fn from(v: i64) -> Self {
        Operand::Int(v)
    }
}

impl From<usize> for Operand {
    /// The integer `v` (saturated at `i64::MAX`).
    fn from(v: usize) -> Self {
        Operand::Int(i64::try_from(v).unwrap_or(i64::MAX))
    }
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Int(v) => write!(f, "{v}"),
            Operand::Text(t) => f.write_str(t),
        }
    }
}

/// An error of the layout algebra.
///
/// `op` is the name of the operation that failed (`"composition"`,
/// `"Layout"`, ...); `msg` names the offending values.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// Two hierarchical tuples that must have the same profile do not
    /// (a shape and its stride, a coordinate and its shape). `ValueError`.
    #[error("{op}: not congruent: {msg}")]
    NotCongruent {
        /// The operation.
        op: &'static str,
        /// The values.
        msg: Message,
    },
    /// A divisibility condition of the algebra fails (shape or stride
    /// divisibility of composition, a stride and a recast scale). `ValueError`.
    #[error("{op}: divisibility condition violated: {msg}")]
    Divisibility {
        /// The operation.
        op: &'static str,
        /// The first of the two values the failed condition relates: the
        /// one that should divide `rhs` (a stride, a number of steps), or
        /// that should stay below it (the coordinate B's leaves reach).
        lhs: Operand,
        /// The second value: what `lhs` should divide (an extent of A, a
        /// scale), or stay below.
        rhs: Operand,
        /// The values, in context.
        msg: Message,
    },
    /// Ranks that must agree do not. `ValueError`.
    #[error("{op}: rank mismatch: {msg}")]
    RankMismatch {
        /// The operation.
        op: &'static str,
        /// The rank (or number of entries) required, or the largest one
        /// admitted.
        expected: usize,
        /// The rank (or number of entries) given.
        found: usize,
        /// The values, in context.
        msg: Message,
    },
    /// Sizes that must agree do not. `ValueError`.
    #[error("{op}: size mismatch: {msg}")]
    SizeMismatch {
        /// The operation.
        op: &'static str,
        /// The size required (that of the first operand).
        expected: Operand,
        /// The size given (that of the second operand).
        found: Operand,
        /// The values, in context.
        msg: Message,
    },
    /// A layout's strides overlap, or cannot be ordered as the operation
    /// requires. `ValueError`.
    #[error("{op}: strides not injective: {msg}")]
    NotInjective {
        /// The operation.
        op: &'static str,
        /// The values.
        msg: Message,
    },
    /// An integer result leaves the range of the integer type. `ValueError`.
    #[error("{op}: integer overflow: {msg}")]
    Overflow {
        /// The operation.
        op: &'static str,
        /// The values.
        msg: Message,
    },
    /// A condition that the operation needs cannot be decided, because it
    /// depends on a value that is not known (a symbolic size whose
    /// divisibility or sign the assumptions do not settle). `ValueError`.
    #[error("{op}: cannot decide {msg}")]
    Undecidable {
        /// The operation.
        op: &'static str,
        /// The condition, e.g. `whether 8 divides M`.
        msg: Message,
    },
    /// Any other inadmissible value (a negative extent, a swizzle with a
    /// negative field, no layout satisfying the contract). `ValueError`.
    #[error("{op}: {msg}")]
    InvalidValue {
        /// The operation.
        op: &'static str,
        /// The values.
        msg: Message,
    },
    /// Operands of incompatible kinds (an ArithTuple plus a nonzero int, an
    /// F2 plus an int). `TypeError`.
    #[error("{op}: {msg}")]
    Type {
        /// The operation.
        op: &'static str,
        /// The values.
        msg: Message,
    },
    /// An index names no element (a mode index out of range). `IndexError`.
    #[error("{op}: index out of range: {msg}")]
    OutOfRange {
        /// The operation.
        op: &'static str,
        /// The index that names no element: a mode index, an offset, or
        /// (as text) a coordinate.
        index: Operand,
        /// What the index should have stayed within, where there is one:
        /// the rank or length it should be below, or (as text) a range of
        /// offsets or a shape.
        len: Option<Operand>,
        /// The values, in context.
        msg: Message,
    },
    /// Text that does not parse; `pos` is the byte offset in the input.
    /// `SyntaxError`.
    #[error("{op}: at position {pos}: {msg}")]
    Parse {
        /// What was being parsed.
        op: &'static str,
        /// Byte offset of the problem in the input.
        pos: usize,
        /// What is wrong.
        msg: Message,
    },
}

impl Error {
    /// The specification's error class of this error.
    ///
    /// ```
    /// use cute_core::{Error, ErrorClass};
    /// let e = Error::out_of_range("Layout[]", 2_i64, Some(2_i64.into()), "2 for rank 2");
    /// assert_eq!(e.class(), ErrorClass::IndexError);
    /// ```
    pub fn class(&self) -> ErrorClass {
        match self {
            Error::NotCongruent { .. }
            | Error::Divisibility { .. }
            | Error::RankMismatch { .. }
            | Error::SizeMismatch { .. }
            | Error::NotInjective { .. }
            | Error::Overflow { .. }
            | Error::Undecidable { .. }
            | Error::InvalidValue { .. } => ErrorClass::ValueError,
            Error::Type { .. } => ErrorClass::TypeError,
            Error::OutOfRange { .. } => ErrorClass::IndexError,
            Error::Parse { .. } => ErrorClass::SyntaxError,
        }
    }

    /// The name of the operation that failed.
    pub fn op(&self) -> &'static str {
        match self {
            Error::NotCongruent { op, .. }
            | Error::Divisibility { op, .. }
            | Error::RankMismatch { op, .. }
            | Error::SizeMismatch { op, .. }
            | Error::NotInjective { op, .. }
            | Error::Overflow { op, .. }
            | Error::Undecidable { op, .. }
            | Error::InvalidValue { op, .. }
            | Error::Type { op, .. }
            | Error::OutOfRange { op, .. }
            | Error::Parse { op, .. } => op,
        }
    }

    /// An integer overflow in `op`; the message names the operands.
    pub fn overflow(op: &'static str, msg: impl Into<Message>) -> Self {
        Error::Overflow {
            op,
            msg: msg.into(),
        }
    }

    /// A failed divisibility condition of `op` relating `lhs` and `rhs`.
    pub fn divisibility(
        op: &'static str,
        lhs: impl Into<Operand>,
        rhs: impl Into<Operand>,
        msg: impl Into<Message>,
    ) -> Self {
        Error::Divisibility {
            op,
            lhs: lhs.into(),
            rhs: rhs.into(),
            msg: msg.into(),
        }
    }

    /// Ranks of `op` that differ: `expected`, `found`.
    pub fn rank_mismatch(
        op: &'static str,
        expected: usize,
        found: usize,
        msg: impl Into<Message>,
    ) -> Self {
        Error::RankMismatch {
            op,
            expected,
            found,
            msg: msg.into(),
        }
    }

    /// Sizes of `op` that differ: `expected`, `found`.
    pub fn size_mismatch(
        op: &'static str,
        expected: impl Into<Operand>,
        found: impl Into<Operand>,
        msg: impl Into<Message>,
    ) -> Self {
        Error::SizeMismatch {
            op,
            expected: expected.into(),
            found: found.into(),
            msg: msg.into(),
        }
    }

    /// An index of `op` that names no element, and what it should have
    /// stayed within.
    pub fn out_of_range(
        op: &'static str,
        index: impl Into<Operand>,
        len: Option<Operand>,
        msg: impl Into<Message>,
    ) -> Self {
        Error::OutOfRange {
            op,
            index: index.into(),
            len,
            msg: msg.into(),
        }
    }

    /// This error with the operation `op` in place of that of an
    /// [`Error::Undecidable`] or an [`Error::Overflow`] (which name the
    /// integer operation that could not decide or overflowed, such as
    /// `divides` or `*`): an algebra that computes through the integer
    /// operations reports its own name. Other errors are returned unchanged.
    ///
    /// ```
    /// use cute_core::Error;
    /// let e = Error::Undecidable { op: "divides", msg: "whether 8 divides M".into() };
    /// assert_eq!(e.in_op("composition").to_string(), "composition: cannot decide whether 8 divides M");
    /// let o = cute_core::checked::mul(i64::MAX, 2).unwrap_err();
    /// assert_eq!(o.in_op("coalesce").op(), "coalesce");
    /// ```
    #[cold]
    pub fn in_op(self, op: &'static str) -> Self {
        match self {
            Error::Undecidable { msg, .. } => Error::Undecidable { op, msg },
            Error::Overflow { msg, .. } => Error::Overflow { op, msg },
            e => e,
        }
    }

    /// The same error reported under the name `op`: an operation built on
    /// another (a regrouping on its divide, a built-in on a library
    /// function) reports what fails in it as its own. Every field but the
    /// operation's name is kept.
    ///
    /// ```
    /// use cute_core::Error;
    /// let e = Error::value("logical_divide", "the tile 3 does not divide 8");
    /// assert_eq!(e.renamed("tiled_divide").to_string(), "tiled_divide: the tile 3 does not divide 8");
    /// ```
    #[cold]
    pub fn renamed(self, op: &'static str) -> Self {
        match self {
            Error::NotCongruent { msg, .. } => Error::NotCongruent { op, msg },
            Error::Divisibility { lhs, rhs, msg, .. } => Error::Divisibility { op, lhs, rhs, msg },
            Error::RankMismatch {
                expected,
                found,
                msg,
                ..
            } => Error::RankMismatch {
                op,
                expected,
                found,
                msg,
            },
            Error::SizeMismatch {
                expected,
                found,
                msg,
                ..
            } => Error::SizeMismatch {
                op,
                expected,
                found,
                msg,
            },
            Error::NotInjective { msg, .. } => Error::NotInjective { op, msg },
            Error::Overflow { msg, .. } => Error::Overflow { op, msg },
            Error::Undecidable { msg, .. } => Error::Undecidable { op, msg },
            Error::InvalidValue { msg, .. } => Error::InvalidValue { op, msg },
            Error::Type { msg, .. } => Error::Type { op, msg },
            Error::OutOfRange {
                index, len, msg, ..
            } => Error::OutOfRange {
                op,
                index,
                len,
                msg,
            },
            Error::Parse { pos, msg, .. } => Error::Parse { op, pos, msg },
        }
    }

    /// A generic `ValueError` of `op`.
    pub fn value(op: &'static str, msg: impl Into<Message>) -> Self {
        Error::InvalidValue {
            op,
            msg: msg.into(),
        }
    }

    /// A `TypeError` of `op`.
    pub fn type_error(op: &'static str, msg: impl Into<Message>) -> Self {
        Error::Type {
            op,
            msg: msg.into(),
        }
    }
}

/// The result type of fallible layout operations.
pub type Result<T, E = Error> = core::result::Result<T, E>;

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn classes_and_messages() {
        let e = Error::divisibility("composition", 4_i64, 6_i64, "shape 6 and stride 4");
        assert_eq!(e.class(), ErrorClass::ValueError);
        assert_eq!(e.op(), "composition");
        assert_eq!(
            e.to_string(),
            "composition: divisibility condition violated: shape 6 and stride 4"
        );
        let p = Error::Parse {
            op: "expr",
            pos: 7,
            msg: "expected ')'".into(),
        };
        assert_eq!(p.class(), ErrorClass::SyntaxError);
        assert_eq!(p.to_string(), "expr: at position 7: expected ')'");
        assert_eq!(
            Error::type_error("F2.+", "x").class(),
            ErrorClass::TypeError
        );
        assert_eq!(ErrorClass::IndexError.to_string(), "IndexError");
    }
}
