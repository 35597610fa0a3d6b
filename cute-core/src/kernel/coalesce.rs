//! The coalescer: flat modes appended one at a time, each merged into the
//! one before when it continues it (`d1 == s0 * d0`, in the stride's own
//! algebra) and modes of extent 1 dropped as [`Ones`] says. Every
//! coalescing of the algebra (coalesce, composition's view of A, the
//! complement, the inverses) is this one, whatever the integers and the
//! strides are.
//!
//! # Examples
//! ```
//! use cute_core::kernel::coalesce::{Coalescer, ModeArray, Ones};
//! let mut out = ModeArray::<4>::new();
//! let mut c = Coalescer::new("coalesce", &mut out, Ones::KeepAlone);
//! for (s, d) in [(2_i64, 1_i64), (1, 7), (6, 2), (1, 0)] {
//!     c.push(s, d).unwrap();
//! }
//! c.finish().unwrap();
//! assert_eq!(out.modes(), [(12, 1)]);
//! ```

use crate::{DynInt, Error, Result};

/// What a [`Coalescer`] does with modes of extent 1.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ones {
    /// Keep the last mode if it has extent 1 (`coalesce_z`, composition's
    /// A, the free complement): its stride carries the layout past its end.
    KeepLast,
    /// Keep the last mode if it has extent 1 and is the only one left
    /// (`coalesce`, a complement with a cotarget).
    KeepAlone,
    /// Drop every mode of extent 1 (an empty list stays empty).
    Drop,
}

/// A stride the coalescer merges: the rule by which a mode of stride `d1`
/// continues the mode `s0:d0`, and the zero stride of the empty layout's
/// `1:0`.
pub trait CoalesceStride<I>: Clone {
    /// True iff a mode of stride `d1` after `s0:d0` walks on as one mode.
    fn continues(s0: &I, d0: &Self, d1: &Self) -> bool;
    /// The stride 0.
    fn zero() -> Self;
}

impl CoalesceStride<i64> for i64 {
    #[inline(always)]
    fn continues(s0: &i64, d0: &i64, d1: &i64) -> bool {
        d0.checked_mul(*s0) == Some(*d1)
    }
    #[inline(always)]
    fn zero() -> i64 {
        0
    }
}

/// Where a [`Coalescer`] writes its modes.
pub trait ModeSink<S, I> {
    /// Appends the mode `s:d`.
    ///
    /// # Errors
    /// A sink of bounded room may refuse a mode.
    fn push_mode(&mut self, s: I, d: S) -> Result<()>;
}

/// The coalescer, writing to `sink` after what it holds (and merging
/// nothing into that).
///
/// The last mode waits until a mode arrives that does not merge into it,
/// so that merging reads and writes no list; a mode of extent 1 waits until
/// the next mode arrives, which drops it, or until [`Coalescer::finish`],
/// which keeps it as the last mode if [`Ones`] says so. An empty list,
/// unless [`Ones::Drop`], becomes the empty layout's `1:0`.
pub struct Coalescer<'m, I, S, K: ModeSink<S, I>> {
    op: &'static str,
    sink: &'m mut K,
    ones: Ones,
    last: Option<(I, S)>,
    pending: Option<S>,
}

impl<'m, I: DynInt, S: CoalesceStride<I>, K: ModeSink<S, I>> Coalescer<'m, I, S, K> {
    /// A coalescer appending to `sink`, for the operation `op` (which its
    /// errors name).
    #[inline]
    pub fn new(op: &'static str, sink: &'m mut K, ones: Ones) -> Self {
        Coalescer {
            op,
            sink,
            ones,
            last: None,
            pending: None,
        }
    }

    /// Appends `s:d`.
    ///
    /// # Errors
    /// `ValueError` (overflow) of the operation when a merged extent
    /// overflows; the sink's error.
    #[inline(always)]
    pub fn push(&mut self, s: I, d: S) -> Result<()> {
        if s.is_const(1) {
            self.pending = Some(d);
            return Ok(());
        }
        self.pending = None;
        self.append(s, d)
    }

    #[inline(always)]
    fn append(&mut self, s: I, d: S) -> Result<()> {
        if let Some((s0, d0)) = &mut self.last {
            if S::continues(s0, d0, &d) {
                *s0 = s0.int_mul(&s).map_err(|e| e.in_op(self.op))?;
                return Ok(());
            }
        }
        if let Some((s0, d0)) = self.last.replace((s, d)) {
            self.sink.push_mode(s0, d0)?;
        }
        Ok(())
    }

    /// Ends the list: a last mode of extent 1 stays as [`Ones`] says, and an
    /// empty list becomes `1:0` (unless [`Ones::Drop`]).
    ///
    /// # Errors
    /// As [`Coalescer::push`].
    #[inline(always)]
    pub fn finish(mut self) -> Result<()> {
        if let Some(d) = self.pending.take() {
            let keep = match self.ones {
                Ones::KeepLast => true,
                Ones::KeepAlone => self.last.is_none(),
                Ones::Drop => false,
            };
            if keep {
                self.append(I::from_i64(1), d)?;
            }
        }
        match self.last.take() {
            Some((s, d)) => self.sink.push_mode(s, d),
            None if self.ones != Ones::Drop => self.sink.push_mode(I::from_i64(1), S::zero()),
            None => Ok(()),
        }
    }
}

/// Up to `N` flat modes of machine integers, on the stack: the fast paths'
/// working list, and a [`ModeSink`] that refuses a mode past its room.
#[derive(Clone, Copy, Debug)]
pub struct ModeArray<const N: usize> {
    len: usize,
    m: [(i64, i64); N],
}

impl<const N: usize> Default for ModeArray<N> {
    #[inline]
    fn default() -> Self {
        ModeArray {
            len: 0,
            m: [(0, 0); N],
        }
    }
}

impl<const N: usize> ModeArray<N> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        Self::default()
    }

    /// The modes held.
    #[inline]
    pub fn modes(&self) -> &[(i64, i64)] {
        &self.m[..self.len]
    }

    /// The modes held, to reorder.
    #[inline]
    pub fn modes_mut(&mut self) -> &mut [(i64, i64)] {
        &mut self.m[..self.len]
    }
}

impl<const N: usize> ModeSink<i64, i64> for ModeArray<N> {
    #[inline(always)]
    fn push_mode(&mut self, s: i64, d: i64) -> Result<()> {
        let slot = self.m.get_mut(self.len).ok_or_else(|| {
            Error::value(
                "layout algebra",
                "more flat modes than a working list holds",
            )
        })?;
        *slot = (s, d);
        self.len += 1;
        Ok(())
    }
}

/// A sink that keeps nothing: a coalescer run for its decisions (or a
/// chain for its checks) alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct Discard;

impl<S, I> ModeSink<S, I> for Discard {
    #[inline(always)]
    fn push_mode(&mut self, _: I, _: S) -> Result<()> {
        Ok(())
    }
}
