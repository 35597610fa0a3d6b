//! Errors of the layout algebra.
//!
//! Every failure the specification names is one variant of [`Error`], and
//! every variant knows which of the specification's error classes it is
//! ([`ErrorClass`]): `ValueError`, `TypeError`, `IndexError`, or, for text
//! that does not parse, `SyntaxError`. Each variant carries the name of the
//! operation that failed and a message naming the values involved.

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
        /// The values.
        msg: Message,
    },
    /// Ranks that must agree do not. `ValueError`.
    #[error("{op}: rank mismatch: {msg}")]
    RankMismatch {
        /// The operation.
        op: &'static str,
        /// The values.
        msg: Message,
    },
    /// Sizes that must agree do not. `ValueError`.
    #[error("{op}: size mismatch: {msg}")]
    SizeMismatch {
        /// The operation.
        op: &'static str,
        /// The values.
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
        /// The values.
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
    /// let e = Error::OutOfRange { op: "Layout[]", msg: "2 for rank 2".into() };
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
        let e = Error::Divisibility {
            op: "composition",
            msg: "shape 6 and stride 4".into(),
        };
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
