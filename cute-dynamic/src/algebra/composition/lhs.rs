//! The left operand A of a composition: its coalesced flat modes, computed
//! once, and what the leaves of B reach in them.

use cute_core::{DynInt, Result};
use smallvec::SmallVec;

use super::OP;
use crate::algebra::flat::{self, Modes, Ones};
use crate::layout::{mode_path, view_at, Mode, View, INLINE};

/// A, with its coalesced flat modes computed once, on first use.
pub(crate) struct Lhs<'a, I: DynInt> {
    pub(super) view: View<'a, I>,
    /// Where A's flat modes, coalesced keeping a significant trailing
    /// extent-1 mode (which carries A's values past its end), are: not
    /// computed yet, A's own leaves (already coalesced), or `owned`.
    state: FlatState,
    owned: Modes<I>,
    /// What the leaves of B composed so far reach in each of A's flat modes
    /// but the last: see [`Lhs::reach`].
    reach: Reaches<I>,
    /// Whether B's leaves must add up to `A(B(i))` (composition and the
    /// divides), or only compose exactly one by one (the products, whose
    /// `A* o B` the specification defines leaf by leaf, for any B).
    whole: bool,
    /// Whether more than one B composes with this A (a divide's tile and
    /// rest), so that what each reaches in A is kept for the next.
    pub(super) shared: bool,
    /// The modes of A that coordinate strides `k@path` of B compose with,
    /// each with what B's leaves reach there.
    by_path: Vec<(Vec<usize>, Lhs<'a, I>)>,
    /// How errors name this A: `A`, or `A*` in a product.
    name: &'static str,
    /// The path of this A inside the A that is named, for the coordinate
    /// strides `k@path` of B (empty for the A named itself).
    pub(super) path: Vec<usize>,
}

/// How an error names the left operand of a composition: `A` (or `A*`),
/// or its mode at `path`.
#[derive(Clone, Copy)]
pub(crate) struct Who<'p> {
    pub(super) name: &'static str,
    pub(super) path: &'p [usize],
}

impl core::fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.path {
            [] => f.write_str(self.name),
            p => write!(f, "mode {} of {}", mode_path(p), self.name),
        }
    }
}

/// Where an [`Lhs`] keeps A's coalesced flat modes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum FlatState {
    Unset,
    Borrowed,
    Owned,
}

/// What the leaves of B reach in each of A's flat modes.
pub(crate) type Reaches<I> = SmallVec<[Reach<I>; INLINE]>;

/// The coordinates the leaves of B reach in one mode of A: the sum of their
/// largest coordinates there, and the union of their coordinates' bits.
#[derive(Clone)]
pub(crate) struct Reach<I> {
    pub(crate) sum: I,
    pub(crate) bits: u64,
}

impl<'a, I: DynInt> Lhs<'a, I> {
    #[inline]
    pub(crate) fn new(view: View<'a, I>) -> Self {
        Lhs {
            view,
            state: FlatState::Unset,
            owned: Modes::new(),
            reach: SmallVec::new(),
            whole: true,
            shared: false,
            by_path: Vec::new(),
            name: "A",
            path: Vec::new(),
        }
    }

    /// This A, named `name` in errors (`A*` for the complement a product
    /// composes with).
    #[inline]
    pub(crate) fn named(mut self, name: &'static str) -> Self {
        self.name = name;
        self
    }

    /// How errors name this A.
    #[inline]
    pub(super) fn who(&self) -> Who<'_> {
        Who {
            name: self.name,
            path: &self.path,
        }
    }

    /// This A, composed with more than one B (see [`reach`]).
    ///
    /// [`reach`]: super::carry::reach
    #[inline]
    pub(crate) fn shared(mut self) -> Self {
        self.shared = true;
        self
    }

    /// This A, composed leaf by leaf only: each leaf of B exact on its own,
    /// their sum not checked against `A(B(i))` (see [`Lhs::reach`]).
    #[inline]
    pub(crate) fn leaf_by_leaf(mut self) -> Self {
        self.whole = false;
        self
    }

    /// A's coalesced flat modes: A's own leaves when they are coalesced
    /// already, else a coalesced copy.
    #[inline(always)]
    pub(crate) fn flat(&mut self) -> Result<&[Mode<I>]> {
        if self.state == FlatState::Unset {
            self.set_flat()?;
        }
        Ok(self.modes())
    }

    /// Computes A's coalesced flat modes, once.
    fn set_flat(&mut self) -> Result<()> {
        if flat::is_coalesced(self.view.leaves) {
            self.state = FlatState::Borrowed;
        } else {
            flat::coalesce_onto(OP, self.view.leaves, &mut self.owned, Ones::KeepLast)?;
            self.state = FlatState::Owned;
        }
        Ok(())
    }

    /// A's coalesced flat modes, once computed.
    #[inline]
    fn modes(&self) -> &[Mode<I>] {
        match self.state {
            FlatState::Owned => &self.owned,
            _ => self.view.leaves,
        }
    }

    /// A's coalesced flat modes (once computed), what B's leaves reach in
    /// them (see [`reach`]), whether that is checked, and how errors name
    /// A: borrowed apart, so that `compose_int` records each mode of the
    /// result as it makes it.
    ///
    /// [`reach`]: super::carry::reach
    #[inline]
    pub(crate) fn parts(&mut self) -> (&[Mode<I>], &mut Reaches<I>, bool, Who<'_>) {
        let flat = match self.state {
            FlatState::Owned => &self.owned[..],
            _ => self.view.leaves,
        };
        let who = Who {
            name: self.name,
            path: &self.path,
        };
        (flat, &mut self.reach, self.whole, who)
    }
}

impl<'a, I: DynInt> Lhs<'a, I> {
    /// The mode of A at `path`, for the coordinate strides `k@path` of B:
    /// made once, and kept with what B's leaves reach there.
    pub(crate) fn at_path(&mut self, path: Vec<usize>) -> Result<&mut Lhs<'a, I>> {
        let at = match self.by_path.iter().position(|(p, _)| *p == path) {
            Some(at) => at,
            None => {
                let mut sub = Lhs::new(view_at(OP, self.view, &path)?);
                sub.whole = self.whole;
                sub.shared = self.shared;
                sub.name = self.name;
                sub.path = self.path.iter().chain(&path).copied().collect();
                self.by_path.push((path, sub));
                self.by_path.len() - 1
            }
        };
        Ok(&mut self.by_path[at].1)
    }
}
