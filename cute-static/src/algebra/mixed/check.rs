//! The specification's conditions, checked on the values of mixed operands.
//!
//! CuTe C++ checks a divisibility condition only where every value it reads
//! is static, and lets the others through. This crate checks them all: a
//! static operand's conditions are trait bounds (the static algebra), and
//! the mixed algebra checks the same conditions on the operands' values
//! before it returns a layout. A mixed result has CuTe C++'s structure, so
//! its conditions are checked twice over A's flat modes:
//!
//! - over A's modes fully coalesced, as the specification composes (the
//!   run-time algebra's conditions: stride and shape divisibility, Whitepaper
//!   Eqs. (20)-(21), and no carry of B's leaves from one mode of A into the
//!   next);
//! - over A's modes as CuTe C++ coalesces them (a dynamic leaf stops a
//!   merge), where each leaf of B is composed on its own: the same
//!   divisibility conditions there, or CuTe C++'s structure would not be
//!   the composition (an extent split over modes that do not divide it).
//!
//! The lists live on the stack: a layout of more than [`MAX_MODES`] flat
//! modes is refused (no real layout has them; the type-level algebra's
//! recursion stops long before).

use cute_core::kernel::coalesce::{Coalescer, Discard, ModeArray, ModeSink, Ones};
use cute_core::kernel::complement::{chain, ChainError};
use cute_core::kernel::compose::{self, WalkError};
use cute_core::{Error, Result};

use crate::htuple::HTuple;

use super::super::detail::Modes;

/// The most flat modes a checked list holds.
pub const MAX_MODES: usize = 64;

/// Flat modes `(extent, stride)` of known values.
#[derive(Clone, Copy)]
pub(crate) struct Flat(ModeArray<MAX_MODES>);

impl Flat {
    #[inline]
    pub(crate) fn new() -> Flat {
        Flat(ModeArray::new())
    }

    #[inline]
    pub(crate) fn push(&mut self, op: &'static str, s: i64, d: i64) -> Result<()> {
        self.0.push_mode(s, d).map_err(|_| too_many(op))
    }

    pub(crate) fn as_slice(&self) -> &[(i64, i64)] {
        self.0.modes()
    }

    /// The modes sorted by stride, the first of equal ones first (CuTe
    /// C++'s order for a complement).
    pub(crate) fn sort_by_stride(&mut self) -> &[(i64, i64)] {
        // stable, and no allocation
        insertion_sort_by_key(self.0.modes_mut(), |m| m.1);
        self.0.modes()
    }

    /// The pairs sorted by their first value, the first of equal ones
    /// first.
    pub(crate) fn sort_by_stride_first(&mut self) -> &[(i64, i64)] {
        insertion_sort_by_key(self.0.modes_mut(), |m| m.0);
        self.0.modes()
    }

    /// The values of a flat mode list.
    pub(crate) fn of_modes<L: Modes>(op: &'static str, l: &L) -> Result<Flat> {
        let mut f = Flat::new();
        f.fill_modes(op, l)?;
        Ok(f)
    }

    /// Appends the values of a flat mode list. (Filling a list in place,
    /// rather than returning one, keeps its 1 KiB of storage from being
    /// moved through a `Result` at every step.)
    #[inline]
    pub(crate) fn fill_modes<L: Modes>(&mut self, op: &'static str, l: &L) -> Result<()> {
        let mut r = Ok(());
        l.each(&mut |s, d| {
            if r.is_ok() {
                r = self.push(op, s, d);
            }
        });
        r
    }

    /// Appends the leaves `(extent, stride)` of the layout `s:d`, left to
    /// right.
    #[inline]
    pub(crate) fn fill_layout<S: HTuple, D: HTuple>(
        &mut self,
        op: &'static str,
        s: &S,
        d: &D,
    ) -> Result<()> {
        let first = self.0.modes().len();
        let mut r = Ok(());
        s.visit(&mut |v, _| {
            if r.is_ok() {
                r = self.push(op, v, 0);
            }
        });
        r?;
        let modes = &mut self.0.modes_mut()[first..];
        let mut k = 0;
        d.visit(&mut |v, _| {
            if let Some(m) = modes.get_mut(k) {
                m.1 = v;
            }
            k += 1;
        });
        Ok(())
    }

    /// Appends the modes to `out` through the algebra's coalescer, which
    /// drops modes of extent 1 as `ones` says.
    #[inline]
    fn coalesce_into(&self, op: &'static str, ones: Ones, out: &mut Flat) -> Result<()> {
        let mut c = Coalescer::new(op, &mut out.0, ones);
        for &(s, d) in self.as_slice() {
            c.push(s, d).map_err(|_| too_many(op))?;
        }
        c.finish().map_err(|e| e.in_op(op))
    }

    /// The modes coalesced as the specification's composition sees A: modes
    /// of extent 1 dropped but a last one (its stride carries A past its
    /// end), a mode that continues the one before merged into it, `1:0` for
    /// none; appended to `out`.
    #[inline]
    pub(crate) fn coalesced_into(&self, op: &'static str, out: &mut Flat) -> Result<()> {
        self.coalesce_into(op, Ones::KeepLast, out)
    }

    /// [`Flat::coalesced_into`] a new list.
    pub(crate) fn coalesced(&self, op: &'static str) -> Result<Flat> {
        let mut out = Flat::new();
        self.coalesced_into(op, &mut out)?;
        Ok(out)
    }

    /// The modes as a function on their domain, in normal form: modes of
    /// extent 1 dropped, a mode that continues the one before merged into
    /// it. Two mode lists are the same function on their domain iff their
    /// normal forms are equal.
    pub(crate) fn normal(&self, op: &'static str) -> Result<Flat> {
        let mut out = Flat::new();
        self.coalesce_into(op, Ones::Drop, &mut out)?;
        Ok(out)
    }
}

fn insertion_sort_by_key(m: &mut [(i64, i64)], key: impl Fn(&(i64, i64)) -> i64) {
    for i in 1..m.len() {
        let mut j = i;
        while j > 0 && key(&m[j - 1]) > key(&m[j]) {
            m.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cold]
fn too_many(op: &'static str) -> Error {
    Error::value(op, "a layout of more than 64 flat modes")
}

#[cold]
fn overflow(op: &'static str) -> Error {
    Error::overflow(op, "an extent leaves the 64-bit range")
}

/// The error of operation `op` for a walk that stops.
#[cold]
fn walk_error(op: &'static str, e: WalkError<i64>) -> Error {
    match e {
        WalkError::Stride { step, extent, .. } => stride_error(op, step, extent),
        WalkError::Shape {
            step,
            extent,
            avail,
            needed,
            ..
        } => shape_error(op, needed, avail, step, extent),
        WalkError::Carry { sum, extent, .. } => carry_error(op, sum, extent),
        WalkError::Other(e) => e.in_op(op),
    }
}

#[cold]
fn stride_error(op: &'static str, d: i64, s: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = format!("stride {d} of B and extent {s} of A do not divide one another");
    #[cfg(not(feature = "dynamic"))]
    let msg = "a stride of B and an extent of A do not divide one another";
    Error::divisibility(op, d, s, msg)
}

#[cold]
fn shape_error(op: &'static str, rs: i64, avail: i64, rd: i64, cs: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = format!(
        "extent {rs} of B does not split over the {avail} steps of stride {rd} in A's extent {cs}"
    );
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = (rd, cs);
        "an extent of B does not split evenly over an extent of A"
    };
    Error::divisibility(op, avail, rs, msg)
}

/// Checks `A o B` leaf by leaf over A's flat modes `a`: each leaf `s:d` of B
/// (`b`) must meet the divisibility conditions (the algebra's walk), and a
/// negative stride must land in A's last mode only. With `whole`, B's leaves
/// must also add up without carrying from one mode of A into the next (the
/// walk's carry check: what composition and the divides require; a
/// product's `A* o B` is defined leaf by leaf).
fn check_walks(op: &'static str, a: &[(i64, i64)], b: &[(i64, i64)], whole: bool) -> Result<()> {
    let n = a.len();
    let mut reach = [0_i64; MAX_MODES];
    for &(s, d) in b {
        if s == 1 || d == 0 {
            continue;
        }
        if s < 1 {
            return Err(Error::value(op, "an extent of B is not positive"));
        }
        let m = d.checked_abs().ok_or_else(|| overflow(op))?;
        compose::walk(
            a,
            |m| &m.0,
            &s,
            &m,
            |e, i, step, _| {
                if d < 0 && e != 1 && i + 1 != n {
                    return Err(WalkError::Other(negative_error(op, d, a[i].0)));
                }
                if whole && e != 1 && i + 1 < n {
                    compose::carry(&mut reach[i], i, &a[i].0, &e, &step)?;
                }
                Ok(())
            },
        )
        .map_err(|e| walk_error(op, e))?;
    }
    Ok(())
}

#[cold]
fn negative_error(op: &'static str, d: i64, s: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = format!(
        "B's negative stride {d} reaches A's extent {s} (not its last mode), where A(-x) takes the coordinate (-x) mod {s}: no layout is j -> A(j * {d})"
    );
    #[cfg(not(feature = "dynamic"))]
    let msg = "a negative stride of B reaches a mode of A that is not its last";
    Error::divisibility(op, d, s, msg)
}

#[cold]
fn carry_error(op: &'static str, sum: i64, s: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = format!(
        "B's leaves together reach coordinate {sum} of A's extent {s}, so B's offsets carry from one mode of A into the next and no layout is i -> A(B(i))"
    );
    #[cfg(not(feature = "dynamic"))]
    let msg = "B's leaves together carry from one mode of A into the next";
    Error::divisibility(op, sum, s, msg)
}

/// Checks the composition of A (its flat modes as CuTe C++ coalesces them,
/// `cute_flat`) with B's leaves `b`: the specification's conditions over
/// A's modes fully coalesced, and each leaf's divisibility over
/// `cute_flat`, which the mixed result's structure follows.
pub(crate) fn composition(op: &'static str, cute_flat: &Flat, b: &Flat, whole: bool) -> Result<()> {
    let mut spec = Flat::new();
    cute_flat.coalesced_into(op, &mut spec)?;
    check_walks(op, spec.as_slice(), b.as_slice(), whole)?;
    check_walks(op, cute_flat.as_slice(), b.as_slice(), false).map_err(|e| with_note(e, op))
}

/// An error of CuTe C++'s view of A, which the specification's view
/// accepts: say why.
#[cold]
fn with_note(e: Error, op: &'static str) -> Error {
    #[cfg(feature = "dynamic")]
    {
        let note = "A's dynamic leaves keep its modes apart (as CuTe C++ keeps them), and B's leaf does not split over them, so no mixed layout of CuTe C++'s structure is i -> A(B(i)) (make those leaves static, or use the run-time algebra)";
        match e {
            Error::Divisibility { lhs, rhs, msg, .. } => Error::Divisibility {
                op,
                lhs,
                rhs,
                msg: format!("{msg}; {note}"),
            },
            e => e,
        }
    }
    #[cfg(not(feature = "dynamic"))]
    {
        let _ = e;
        Error::divisibility(
            op,
            0_i64,
            0_i64,
            "a leaf of B does not split over the modes of A that its dynamic leaves keep apart (as CuTe C++ keeps them)",
        )
    }
}

/// Checks that the modes `(extent, stride)`, in the order CuTe C++ sorts
/// them for a complement (by stride, the first of equal ones first), do not
/// overlap: the algebra's complement chain over them, and then CuTe C++'s,
/// which keeps a (dynamic) mode of extent 1 in its chain where the
/// specification's skips it. A stride must be positive: the specification
/// refuses a negative one, and leaves out a zero one, which CuTe C++ leaves
/// out only when it is static.
pub(crate) fn complement(op: &'static str, sorted: &[(i64, i64)]) -> Result<()> {
    if let Some(&(s, d)) = sorted.iter().find(|m| m.1 <= 0) {
        return Err(stride_sign_error(op, s, d));
    }
    let mut sink = Discard;
    let mut c = Coalescer::new(op, &mut sink, Ones::Drop);
    chain(sorted.iter().map(|(s, d)| (d, s)), &mut c, |x| x).map_err(|e| match e {
        ChainError::Overlap {
            extent,
            stride,
            covered,
        } => overlap_error(op, extent, stride, covered, ""),
        ChainError::Other(e) => e.in_op(op),
    })?;
    let mut current: i64 = 1;
    for &(s, d) in sorted {
        if d < current {
            return Err(overlap_error(
                op,
                s,
                d,
                current,
                ", which CuTe C++'s complement counts though the extent is 1 (make the extent static, or use the run-time algebra)",
            ));
        }
        current = s.checked_mul(d).ok_or_else(|| overflow(op))?;
    }
    Ok(())
}

#[cold]
fn stride_sign_error(op: &'static str, s: i64, d: i64) -> Error {
    #[cfg(feature = "dynamic")]
    let msg = if d < 0 {
        format!("the mode {s}:{d} has a negative stride")
    } else {
        format!(
            "the mode {s}:{d} has a dynamic stride 0, which CuTe C++'s complement does not leave out (only a static 0 is): make it static, or use the run-time algebra"
        )
    };
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = s;
        if d < 0 {
            "a mode has a negative stride"
        } else {
            "a mode has a dynamic stride 0, which CuTe C++'s complement does not leave out"
        }
    };
    Error::value(op, msg)
}

#[cold]
fn overlap_error(op: &'static str, s: i64, d: i64, current: i64, why: &str) -> Error {
    #[cfg(feature = "dynamic")]
    let msg =
        format!("the mode {s}:{d} overlaps the {current} offsets the smaller strides cover{why}");
    #[cfg(not(feature = "dynamic"))]
    let msg = {
        let _ = (s, d, current, why);
        "a mode overlaps the offsets the smaller strides cover"
    };
    #[allow(clippy::useless_conversion)]
    Error::NotInjective {
        op,
        msg: msg.into(),
    }
}

/// `e` with `context` (the operation and its operands, in CuTe C++'s
/// notation) before its message, and `op` as its operation: an error names
/// the values the caller passed.
#[cold]
pub(crate) fn within(e: Error, op: &'static str, context: impl FnOnce() -> Context) -> Error {
    #[cfg(feature = "dynamic")]
    {
        let c = context().0;
        match e {
            Error::Divisibility { lhs, rhs, msg, .. } => Error::Divisibility {
                op,
                lhs,
                rhs,
                msg: format!("{c}: {msg}"),
            },
            Error::NotInjective { msg, .. } => Error::NotInjective {
                op,
                msg: format!("{c}: {msg}"),
            },
            Error::InvalidValue { msg, .. } => Error::InvalidValue {
                op,
                msg: format!("{c}: {msg}"),
            },
            Error::Overflow { msg, .. } => Error::Overflow {
                op,
                msg: format!("{c}: {msg}"),
            },
            e => e,
        }
    }
    #[cfg(not(feature = "dynamic"))]
    {
        let _ = (op, context);
        e
    }
}

/// The words an error's context is made of.
pub(crate) struct Context(#[cfg(feature = "dynamic")] pub(crate) String);

/// The layout `s:d` in CuTe C++'s notation.
#[cfg(feature = "dynamic")]
pub(crate) fn layout<S: HTuple, D: HTuple>(s: &S, d: &D) -> String {
    format!("{}:{}", crate::htuple::Cute(*s), crate::htuple::Cute(*d))
}

/// The context of an error: `format!` with the feature `dynamic`, nothing
/// without it.
macro_rules! context {
    ($($t:tt)*) => {{
        #[cfg(feature = "dynamic")]
        let c = $crate::algebra::mixed::check::Context(format!($($t)*));
        #[cfg(not(feature = "dynamic"))]
        let c = $crate::algebra::mixed::check::Context();
        c
    }};
}
pub(crate) use context;
