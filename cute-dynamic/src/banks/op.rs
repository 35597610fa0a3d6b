//! The instructions and the sides of a copy: [`Op`] (`ld`, `st`,
//! `ldmatrix`, `stmatrix`, `cp.async`), its names, and the op of a copy
//! atom on its shared-memory [`Side`].

use core::fmt;
use core::str::FromStr;

use cute_core::{Error, Result};

use super::OP;
use crate::atom::CopyOp;

/// A shared-memory instruction, as the language names it: `'ld'`, `'st'`,
/// `'ldmatrix'`, `'ldmatrix.trans'`, `'stmatrix'`, `'stmatrix.trans'`,
/// `'cp.async'`; a matrix op may name its number of matrices, `'ldmatrix.x2'`
/// (else it is read from the TV layout's threads: 8 threads `.x1`, 16 `.x2`,
/// a multiple of 32 `.x4`).
///
/// # Examples
/// ```
/// use cute_dynamic::banks::Op;
/// assert_eq!("ldmatrix.x2.trans".parse::<Op>().unwrap(), Op::Ldmatrix { x: Some(2), trans: true });
/// assert_eq!("cp.async".parse::<Op>().unwrap(), Op::CpAsync);
/// assert_eq!(Op::Stmatrix { x: Some(4), trans: false }.to_string(), "stmatrix.x4");
/// assert!("ldmatrix.x3".parse::<Op>().is_err());
/// assert!("lds".parse::<Op>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// A vector load `ld.shared` of 1 to 16 bytes per thread.
    Ld,
    /// A vector store `st.shared` of 1 to 16 bytes per thread.
    St,
    /// `ldmatrix.m8n8`: each thread gives a 16-byte row address.
    Ldmatrix {
        /// The number of matrices (1, 2 or 4); `None`: from the threads.
        x: Option<u8>,
        /// `.trans` (the same addresses).
        trans: bool,
    },
    /// `stmatrix.m8n8`: as `Ldmatrix`, storing.
    Stmatrix {
        /// The number of matrices (1, 2 or 4); `None`: from the threads.
        x: Option<u8>,
        /// `.trans` (the same addresses).
        trans: bool,
    },
    /// `cp.async` of 4, 8 or 16 bytes into shared memory: the vector store.
    CpAsync,
}

impl Op {
    /// `ldmatrix` with its number of matrices read from the threads.
    pub const LDMATRIX: Op = Op::Ldmatrix {
        x: None,
        trans: false,
    };

    /// The names [`Op`] parses, for messages.
    pub const NAMES: &'static str = "'ld', 'st', 'ldmatrix', 'ldmatrix.trans', 'stmatrix', \
        'stmatrix.trans', 'cp.async' (a matrix op may add '.x1', '.x2' or '.x4')";

    /// True for `ldmatrix` and `stmatrix`.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::banks::Op;
    /// assert!(Op::LDMATRIX.is_matrix() && !Op::Ld.is_matrix());
    /// ```
    pub fn is_matrix(self) -> bool {
        matches!(self, Op::Ldmatrix { .. } | Op::Stmatrix { .. })
    }

    /// The number of matrices of a matrix op, if it names it.
    pub(super) fn matrices(self) -> Option<u8> {
        match self {
            Op::Ldmatrix { x, .. } | Op::Stmatrix { x, .. } => x,
            _ => None,
        }
    }

    /// The same op with `x` matrices.
    pub(super) fn with_matrices(self, n: u8) -> Op {
        match self {
            Op::Ldmatrix { trans, .. } => Op::Ldmatrix { x: Some(n), trans },
            Op::Stmatrix { trans, .. } => Op::Stmatrix { x: Some(n), trans },
            op => op,
        }
    }

    /// The op of a copy atom's instruction on its shared-memory side, and
    /// that side: `ldmatrix` reads its source, `stmatrix` and `cp.async`
    /// write their destination; a one-thread `UniversalCopy` is a load from
    /// its source or a store to its destination, as `side` says.
    ///
    /// # Errors
    /// `ValueError` for a side that is not shared memory (the source of
    /// `cp.async` is global memory), for a `UniversalCopy` without a side,
    /// and for an instruction this module does not know.
    ///
    /// # Examples
    /// ```
    /// use cute_dynamic::atom::CopyOp;
    /// use cute_dynamic::banks::{Op, Side};
    /// let ldsm = CopyOp::from_name("SM75_U16x8_LDSM_T").unwrap();
    /// assert_eq!(Op::of_copy(&ldsm, None).unwrap(), (Op::Ldmatrix { x: Some(4), trans: true }, Side::Source));
    /// let u = CopyOp::UniversalCopy { bits: 128 };
    /// assert_eq!(Op::of_copy(&u, Some(Side::Destination)).unwrap(), (Op::St, Side::Destination));
    /// assert!(Op::of_copy(&u, None).is_err());
    /// let cp = CopyOp::CpAsync { bits: 128, cache_global: true };
    /// assert!(Op::of_copy(&cp, Some(Side::Source)).is_err());
    /// ```
    pub fn of_copy(op: &CopyOp, side: Option<Side>) -> Result<(Op, Side)> {
        let fixed = |op: Op, s: Side| -> Result<(Op, Side)> {
            match side {
                Some(given) if given != s => Err(Error::value(
                    OP,
                    format!(
                        "the {given} of {} is not shared memory; its {s} is",
                        copy_name(op)
                    ),
                )),
                _ => Ok((op, s)),
            }
        };
        match *op {
            CopyOp::Ldsm { x, trans } => fixed(
                Op::Ldmatrix {
                    x: Some(x),
                    trans,
                },
                Side::Source,
            ),
            CopyOp::Stsm { x, trans } => fixed(
                Op::Stmatrix {
                    x: Some(x),
                    trans,
                },
                Side::Destination,
            ),
            CopyOp::CpAsync { .. } => fixed(Op::CpAsync, Side::Destination),
            CopyOp::UniversalCopy { .. } => match side {
                Some(Side::Source) => Ok((Op::Ld, Side::Source)),
                Some(Side::Destination) => Ok((Op::St, Side::Destination)),
                None => Err(Error::value(
                    OP,
                    format!("{op} copies between any memories: say which side is shared memory ('ld' reads its source, 'st' writes its destination)"),
                )),
            },
        }
    }
}

/// The instruction's name in messages.
fn copy_name(op: Op) -> &'static str {
    match op {
        Op::Ld => "ld",
        Op::St => "st",
        Op::Ldmatrix { .. } => "ldmatrix",
        Op::Stmatrix { .. } => "stmatrix",
        Op::CpAsync => "cp.async",
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(copy_name(*self))?;
        if let Some(x) = self.matrices() {
            write!(f, ".x{x}")?;
        }
        if let Op::Ldmatrix { trans: true, .. } | Op::Stmatrix { trans: true, .. } = self {
            f.write_str(".trans")?;
        }
        Ok(())
    }
}

impl FromStr for Op {
    type Err = Error;

    fn from_str(s: &str) -> Result<Op> {
        let bad = || {
            Error::value(
                OP,
                format!(
                    "unknown instruction {s:?}; the instructions are {}",
                    Op::NAMES
                ),
            )
        };
        if s == "cp.async" {
            return Ok(Op::CpAsync);
        }
        let mut parts = s.split('.');
        let head = parts.next().unwrap_or("");
        let (mut x, mut trans) = (None, false);
        for p in parts {
            match p {
                "trans" if !trans => trans = true,
                "x1" | "x2" | "x4" if x.is_none() => x = Some(p.as_bytes()[1] - b'0'),
                _ => return Err(bad()),
            }
        }
        match head {
            "ld" | "st" if x.is_none() && !trans => Ok(if head == "ld" { Op::Ld } else { Op::St }),
            "ldmatrix" => Ok(Op::Ldmatrix { x, trans }),
            "stmatrix" => Ok(Op::Stmatrix { x, trans }),
            _ => Err(bad()),
        }
    }
}

/// A side of a copy: its source or its destination.
///
/// # Examples
/// ```
/// use cute_dynamic::banks::Side;
/// assert_eq!(Side::Source.to_string(), "source");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The source (`get_layoutS_TV`).
    Source,
    /// The destination (`get_layoutD_TV`).
    Destination,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Source => "source",
            Side::Destination => "destination",
        })
    }
}
