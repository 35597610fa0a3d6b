//! A layout's profile tokens: [`INLINE_TOKENS`] bytes inline, the heap past
//! that.
//!
//! The tokens are bytes, so the inline form is a plain array and a length:
//! cloning it is a copy of 16 bytes and dropping it is one test, and a push
//! tests one byte for room, where a general small vector clones through an
//! iterator and asks at each push which of its two forms it is in. Every
//! operation of the algebra builds, clones and drops layouts; a layout's
//! clone and drop cost a fifth less with it (188 instructions for a 2-D
//! layout, from 238).

use core::ops::Deref;

/// How many tokens a layout keeps inline (15, so that the inline form, with
/// its length, is as small as the heap form: 24 bytes): the profile of 13
/// leaves in one
/// tuple, or of a 2-D tile and its tiling, `((8, 8), (16, 16))`.
pub(crate) const INLINE_TOKENS: usize = 15;

/// A layout's profile: its tokens in preorder (see
/// [`LEAF`](super::LEAF), [`OPEN`](super::OPEN), [`CLOSE`](super::CLOSE)).
///
/// Inline, the first `len` bytes of `buf`; on the heap, `heap`, with `len`
/// set to [`SPILLED`], so that a push checks one byte to know it has room.
#[derive(Clone)]
pub(crate) struct Tokens {
    len: u8,
    buf: [u8; INLINE_TOKENS],
    // boxed: a thin pointer beside the 16 inline bytes keeps the store at
    // 24 bytes, where a `Vec` would make it 40 (and a layout past 128 bytes,
    // which moves by a call to `memcpy`)
    #[allow(clippy::box_collection)]
    heap: Option<Box<Vec<u8>>>,
}

/// The `len` of tokens kept on the heap: more than any inline length.
const SPILLED: u8 = u8::MAX;

impl Tokens {
    /// No tokens.
    #[inline(always)]
    pub(crate) const fn new() -> Tokens {
        Tokens {
            len: 0,
            buf: [0; INLINE_TOKENS],
            heap: None,
        }
    }

    /// Appends a token.
    #[inline(always)]
    pub(crate) fn push(&mut self, t: u8) {
        let at = usize::from(self.len);
        if at < INLINE_TOKENS {
            self.buf[at] = t;
            self.len += 1;
        } else {
            self.push_heap(t);
        }
    }

    /// [`push`](Tokens::push) past the inline capacity: the tokens move to
    /// the heap if they are not there yet.
    #[cold]
    #[inline(never)]
    fn push_heap(&mut self, t: u8) {
        self.spill(1).push(t);
    }

    /// The tokens on the heap (moved there if they are inline), with room
    /// for `more`.
    fn spill(&mut self, more: usize) -> &mut Vec<u8> {
        if self.len != SPILLED {
            let n = usize::from(self.len);
            let mut v = Vec::with_capacity((2 * INLINE_TOKENS).max(n + more));
            v.extend_from_slice(&self.buf[..n]);
            self.heap = Some(Box::new(v));
            self.len = SPILLED;
        }
        let v = self.heap.get_or_insert_with(Default::default);
        v.reserve(more);
        v
    }

    /// Makes room for `more` tokens.
    #[inline(always)]
    pub(crate) fn reserve(&mut self, more: usize) {
        if usize::from(self.len) + more > INLINE_TOKENS {
            self.spill(more);
        }
    }

    /// Appends the tokens `src`.
    #[inline(always)]
    pub(crate) fn extend_from_slice(&mut self, src: &[u8]) {
        let at = usize::from(self.len);
        if at + src.len() <= INLINE_TOKENS {
            self.buf[at..at + src.len()].copy_from_slice(src);
            // (at + src.len() <= INLINE_TOKENS: it fits in a u8)
            self.len = (at + src.len()) as u8;
        } else {
            self.spill(src.len()).extend_from_slice(src);
        }
    }

    /// Keeps the first `n` tokens.
    #[inline]
    pub(crate) fn truncate(&mut self, n: usize) {
        if self.len == SPILLED {
            if let Some(v) = &mut self.heap {
                v.truncate(n);
            }
        } else if n < usize::from(self.len) {
            // (n < len <= INLINE_TOKENS: it fits in a u8)
            self.len = n as u8;
        }
    }

    /// Removes every token.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.truncate(0);
    }

    /// Whether the tokens are on the heap.
    #[inline]
    pub(crate) fn spilled(&self) -> bool {
        self.len == SPILLED
    }
}

impl Deref for Tokens {
    type Target = [u8];
    #[inline(always)]
    fn deref(&self) -> &[u8] {
        match (self.len, &self.heap) {
            (SPILLED, Some(v)) => v,
            (n, _) => &self.buf[..usize::from(n).min(INLINE_TOKENS)],
        }
    }
}

impl<'a> IntoIterator for &'a Tokens {
    type Item = &'a u8;
    type IntoIter = core::slice::Iter<'a, u8>;
    #[inline(always)]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for Tokens {
    #[inline]
    fn eq(&self, other: &Tokens) -> bool {
        **self == **other
    }
}

impl Eq for Tokens {}

impl core::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tokens past the inline capacity move to the heap and keep their
    /// order; truncation and clearing work in both forms.
    #[test]
    fn tokens_inline_then_heap() {
        let mut t = Tokens::new();
        for k in 0..40u8 {
            t.push(k % 3);
            assert_eq!(t.spilled(), usize::from(k) >= INLINE_TOKENS);
        }
        let want: Vec<u8> = (0..40u8).map(|k| k % 3).collect();
        assert_eq!(&*t, &want[..]);
        assert_eq!(t.clone(), t);
        t.truncate(5);
        assert_eq!(&*t, &want[..5]);
        t.clear();
        assert!(t.is_empty());
        let mut u = Tokens::new();
        u.push(1);
        u.reserve(INLINE_TOKENS);
        assert!(u.spilled());
        assert_eq!(&*u, &[1]);
        let mut x = Tokens::new();
        x.extend_from_slice(&want[..10]);
        x.extend_from_slice(&want[10..]);
        assert_eq!(&*x, &want[..]);
        let mut w = Tokens::new();
        w.push(2);
        w.truncate(3);
        assert_eq!(&*w, &[2]);
        assert_ne!(w, u);
    }
}
