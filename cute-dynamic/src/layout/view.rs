//! Views: a borrowed layout or sub-layout (its profile tokens and leaves),
//! how the algebra reaches the modes of a layout without copying them.

use core::fmt;

use cute_core::{DynInt, Result};
use smallvec::SmallVec;

use super::{Layout, Mode, CLOSE, LEAF, OPEN};

/// A borrowed layout or sub-layout: a well-formed run of profile tokens (a
/// leaf, or a tuple from its opening to its closing token) and its leaves.
/// The algebra reaches the modes of a layout through views, without copying
/// them.
pub(crate) struct View<'a, I: DynInt> {
    pub(crate) tok: &'a [u8],
    pub(crate) leaves: &'a [Mode<I>],
}

impl<I: DynInt> Clone for View<'_, I> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<I: DynInt> Copy for View<'_, I> {}

/// The number of tokens and leaves of the node that starts `tok`.
#[inline]
pub(super) fn node_len(tok: &[u8]) -> (usize, usize) {
    if tok[0] == LEAF {
        return (1, 1);
    }
    let (mut depth, mut leaves) = (0usize, 0usize);
    for (i, &t) in tok.iter().enumerate() {
        match t {
            OPEN => depth += 1,
            CLOSE => {
                depth -= 1;
                if depth == 0 {
                    return (i + 1, leaves);
                }
            }
            _ => leaves += 1,
        }
    }
    unreachable!("a profile's tuples close")
}

/// The top-level modes of a view: the children of a tuple, or the leaf
/// itself (a leaf is the 1-tuple it denotes).
pub(crate) struct Children<'a, I: DynInt> {
    tok: &'a [u8],
    leaves: &'a [Mode<I>],
}

impl<'a, I: DynInt> Iterator for Children<'a, I> {
    type Item = View<'a, I>;
    #[inline]
    fn next(&mut self) -> Option<View<'a, I>> {
        if self.tok.is_empty() {
            return None;
        }
        let (nt, nl) = node_len(self.tok);
        let (tok, rest) = self.tok.split_at(nt);
        let (leaves, lrest) = self.leaves.split_at(nl);
        self.tok = rest;
        self.leaves = lrest;
        Some(View { tok, leaves })
    }
}

/// The profile of a single leaf.
pub(crate) const LEAF_TOKENS: &[u8] = &[LEAF];

impl<'a, I: DynInt> View<'a, I> {
    /// The view of a single leaf.
    #[inline]
    pub(crate) fn leaf(leaf: &'a [Mode<I>; 1]) -> Self {
        View {
            tok: LEAF_TOKENS,
            leaves: leaf,
        }
    }

    /// True iff this is a single leaf (not a tuple).
    #[inline]
    pub(crate) fn is_leaf(self) -> bool {
        self.tok[0] == LEAF
    }

    /// The top-level modes (a leaf is its own only mode).
    #[inline]
    pub(crate) fn modes(self) -> Children<'a, I> {
        if self.is_leaf() {
            Children {
                tok: self.tok,
                leaves: self.leaves,
            }
        } else {
            Children {
                tok: &self.tok[1..self.tok.len() - 1],
                leaves: self.leaves,
            }
        }
    }

    /// The top-level modes when each is a leaf (a flat tuple, or a leaf),
    /// read without scanning the profile; `None` otherwise.
    #[inline]
    pub(crate) fn leaf_modes(self) -> Option<impl Iterator<Item = View<'a, I>>> {
        let flat = self.is_leaf() || self.tok.len() == self.leaves.len() + 2;
        flat.then(|| {
            self.leaves.chunks(1).map(|leaf| View {
                tok: LEAF_TOKENS,
                leaves: leaf,
            })
        })
    }

    /// Number of top-level modes (1 for a leaf).
    #[inline]
    pub(crate) fn rank(self) -> usize {
        if self.is_leaf() {
            return 1;
        }
        if self.tok.len() == self.leaves.len() + 2 {
            // a flat tuple
            return self.leaves.len();
        }
        let mut depth = 0usize;
        let mut n = 0;
        for &t in &self.tok[1..self.tok.len() - 1] {
            match t {
                OPEN => {
                    if depth == 0 {
                        n += 1;
                    }
                    depth += 1;
                }
                CLOSE => depth -= 1,
                _ => n += usize::from(depth == 0),
            }
        }
        n
    }

    /// Nesting depth: 0 for a leaf.
    pub(crate) fn depth(self) -> usize {
        let (mut d, mut max) = (0usize, 0usize);
        for &t in self.tok {
            match t {
                OPEN => {
                    d += 1;
                    max = max.max(d);
                }
                CLOSE => d -= 1,
                _ => {}
            }
        }
        max
    }

    /// The mode at `path`, each index naming a top-level mode of the one
    /// before (a leaf is the 1-tuple it denotes); `Err` with the depth and
    /// rank where an index names no mode.
    #[inline]
    pub(crate) fn at(self, path: &[usize]) -> core::result::Result<Self, (usize, usize)> {
        let mut v = self;
        for (depth, &i) in path.iter().enumerate() {
            match v.modes().nth(i) {
                Some(m) => v = m,
                None => return Err((depth, v.rank())),
            }
        }
        Ok(v)
    }

    /// An owned copy.
    #[inline]
    pub(crate) fn to_layout(self) -> Layout<I> {
        let mut out = Layout::building();
        out.push_view(self);
        out
    }

    /// The product of the extents.
    ///
    /// # Errors
    /// `ValueError` on overflow.
    #[inline]
    pub(crate) fn size(self) -> Result<I> {
        size_of_leaves(self.leaves)
    }
}

/// The product of the extents of `leaves`.
#[inline]
pub(crate) fn size_of_leaves<I: DynInt>(leaves: &[Mode<I>]) -> Result<I> {
    let mut p = I::from_i64(1);
    for (s, _) in leaves {
        p = p.int_mul(s)?;
    }
    Ok(p)
}

impl<I: DynInt> fmt::Debug for View<'_, I> {
    /// As a [`Layout`] prints: `Layout(shape, stride)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Layout(")?;
        write_tree(self.tok, self.leaves, f, |(s, _), f| {
            fmt::Display::fmt(s, f)
        })?;
        f.write_str(", ")?;
        write_tree(self.tok, self.leaves, f, |(_, d), f| {
            fmt::Display::fmt(d, f)
        })?;
        f.write_str(")")
    }
}

/// Writes the tree of `tok` with `item` at each leaf, as Python prints a
/// nested tuple: `(3, (2, 4))`, `(8,)`, `()`.
pub(super) fn write_tree<T>(
    tok: &[u8],
    leaves: &[T],
    f: &mut fmt::Formatter<'_>,
    item: impl Fn(&T, &mut fmt::Formatter<'_>) -> fmt::Result,
) -> fmt::Result {
    // (children written so far, per open tuple); profiles are shallow
    let mut counts: SmallVec<[usize; 8]> = SmallVec::new();
    let mut k = 0;
    for &t in tok {
        if t != CLOSE {
            if let Some(c) = counts.last_mut() {
                if *c > 0 {
                    f.write_str(", ")?;
                }
                *c += 1;
            }
        }
        match t {
            LEAF => {
                item(&leaves[k], f)?;
                k += 1;
            }
            OPEN => {
                f.write_str("(")?;
                counts.push(0);
            }
            _ => {
                if counts.pop() == Some(1) {
                    f.write_str(",")?;
                }
                f.write_str(")")?;
            }
        }
    }
    Ok(())
}
