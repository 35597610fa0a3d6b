//! The rules of the layout algebra, each written once over the integer
//! vocabulary ([`DynInt`](crate::DynInt) and the leaf operations), so that
//! the run-time algebra over `i64` and over symbolic integers, its
//! machine-integer fast paths and the checks of cute-static's mixed layouts
//! are instantiations of the same code:
//!
//! - [`compose`]: composition's walk of a leaf of B over A's extents, with
//!   the stride- and shape-divisibility conditions, and the carry check
//!   between B's leaves;
//! - [`coalesce`]: the coalescer, which merges a mode into the one before
//!   it when it continues it and drops modes of extent 1;
//! - [`complement`]: the complement's chain over modes sorted by stride;
//! - [`eval`]: evaluation over the extended domain (coordinates past a
//!   mode's extent, zero extents).
//!
//! A kernel decides and computes; it names no operand. A failure of a
//! condition comes back as data (which mode, which values), and the caller
//! words the error with what it knows of its operands.

pub mod coalesce;
pub mod complement;
pub mod compose;
pub mod eval;
