//! A layout's profile tokens: [`INLINE_TOKENS`] bytes inline, the heap past
//! that.
//!
//! The tokens are bytes, so the inline form is 16 bytes, a length and the
//! tokens: cloning it is a copy of 16 bytes and dropping it is one test,
//! and a push tests one byte for room, where a general small vector clones
//! through an iterator and asks at each push which of its two forms it is
//! in. Every operation of the algebra builds, clones and drops layouts; a
//! layout's clone and drop cost a fifth less with it (188 instructions for
//! a 2-D layout, from 238).
//!
//! The inline bytes are kept in two 64-bit words and read and written as
//! bytes through a view of them (the module's one `unsafe`, whose
//! soundness is that every byte of the words is one). Kept as an array of
//! bytes, the compiler splits it into 16 one-byte values wherever the
//! pushes land at known places (the fast paths, which build a result's
//! profile from its first token), and then moves a layout byte by byte and
//! reads back as a whole what it wrote in bytes: the complement of
//! `(2, 2):(1, 6)` took a quarter longer so.

use core::ops::Deref;

/// How many tokens a layout keeps inline (15, so that the inline form, with
/// its length, is as small as the heap form: 24 bytes): the profile of 13
/// leaves in one
/// tuple, or of a 2-D tile and its tiling, `((8, 8), (16, 16))`.
pub(crate) const INLINE_TOKENS: usize = 15;

/// A layout's profile: its tokens in preorder (see
/// [`LEAF`](super::LEAF), [`OPEN`](super::OPEN), [`CLOSE`](super::CLOSE)).
///
/// Inline, `inline[0]` is the length `n` and `inline[1..=n]` the tokens; on
/// the heap, `heap`, with the length byte set to [`SPILLED`], so that a push
/// checks one byte to know it has room.
#[derive(Clone)]
pub(crate) struct Tokens {
    // the 16 inline bytes, typed as two words so that the compiler moves
    // them as two words (see the module documentation); read and written
    // as bytes through `bytes` and `bytes_mut`
    inline: [u64; 2],
    // boxed: a thin pointer beside the 16 inline bytes keeps the store at
    // 24 bytes, where a `Vec` would make it 40 (and a layout past 128 bytes,
    // which moves by a call to `memcpy`)
    #[allow(clippy::box_collection)]
    heap: Option<Box<Vec<u8>>>,
}

/// The length byte of tokens kept on the heap: more than any inline length.
const SPILLED: u8 = u8::MAX;

impl Tokens {
    /// No tokens.
    #[inline(always)]
    pub(crate) const fn new() -> Tokens {
        Tokens {
            inline: [0; 2],
            heap: None,
        }
    }

    /// The profile of `n` leaves in a row: one leaf, or a flat tuple of
    /// them (`( L L ... )`). Inline, its two words are computed, not pushed
    /// byte by byte: a layout made so and then moved was read back in wider
    /// pieces than the bytes written, and the move waited for them.
    #[inline(always)]
    pub(crate) fn flat(n: usize) -> Tokens {
        if n == 1 {
            // the length 1 and `LEAF` (0)
            return Tokens {
                inline: [1, 0],
                heap: None,
            };
        }
        if n + 2 > INLINE_TOKENS {
            let mut t = Tokens::new();
            t.push_flat(n);
            return t;
        }
        // the bytes in order: the length n + 2, `OPEN`, n times `LEAF` (0),
        // `CLOSE`; each word holds its 8 bytes in memory order, as the byte
        // view reads them
        let len = n as u128 + 2;
        let bytes =
            len | (u128::from(super::OPEN) << 8) | (u128::from(super::CLOSE) << (8 * (n + 2)));
        let bytes = bytes.to_le_bytes();
        let word = |k: usize| {
            let mut w = [0; 8];
            w.copy_from_slice(&bytes[8 * k..8 * k + 8]);
            u64::from_ne_bytes(w)
        };
        Tokens {
            inline: [word(0), word(1)],
            heap: None,
        }
    }

    /// Appends the profile of `n` leaves in a row, as [`Tokens::flat`]
    /// makes it, token by token.
    #[inline]
    pub(crate) fn push_flat(&mut self, n: usize) {
        if n == 1 {
            self.push(super::LEAF);
            return;
        }
        self.reserve(n + 2);
        self.push(super::OPEN);
        for _ in 0..n {
            self.push(super::LEAF);
        }
        self.push(super::CLOSE);
    }

    /// The inline bytes: the length, then the tokens.
    #[inline(always)]
    fn bytes(&self) -> &[u8; 16] {
        // SAFETY: `[u64; 2]` is 16 initialized bytes without padding, and
        // `[u8; 16]` has alignment 1 and accepts every byte, so the words'
        // memory is a valid `[u8; 16]` for as long as `self` is borrowed
        #[allow(unsafe_code)]
        unsafe {
            &*self.inline.as_ptr().cast::<[u8; 16]>()
        }
    }

    /// The inline bytes, to write.
    #[inline(always)]
    fn bytes_mut(&mut self) -> &mut [u8; 16] {
        // SAFETY: as for `bytes`, and every byte written leaves a valid
        // `[u64; 2]` (every bit pattern is one)
        #[allow(unsafe_code)]
        unsafe {
            &mut *self.inline.as_mut_ptr().cast::<[u8; 16]>()
        }
    }

    /// The length byte: the number of inline tokens, or [`SPILLED`].
    #[inline(always)]
    fn len_byte(&self) -> u8 {
        self.bytes()[0]
    }

    /// Appends a token.
    #[inline(always)]
    pub(crate) fn push(&mut self, t: u8) {
        let at = usize::from(self.len_byte());
        if at < INLINE_TOKENS {
            let b = self.bytes_mut();
            b[at + 1] = t;
            b[0] += 1;
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
        let n = self.len_byte();
        if n != SPILLED {
            let n = usize::from(n);
            let mut v = Vec::with_capacity((2 * INLINE_TOKENS).max(n + more));
            v.extend_from_slice(&self.bytes()[1..=n]);
            self.heap = Some(Box::new(v));
            self.bytes_mut()[0] = SPILLED;
        }
        let v = self.heap.get_or_insert_with(Default::default);
        v.reserve(more);
        v
    }

    /// Makes room for `more` tokens.
    #[inline(always)]
    pub(crate) fn reserve(&mut self, more: usize) {
        if usize::from(self.len_byte()) + more > INLINE_TOKENS {
            self.spill(more);
        }
    }

    /// Appends the tokens `src`.
    #[inline(always)]
    pub(crate) fn extend_from_slice(&mut self, src: &[u8]) {
        let at = usize::from(self.len_byte());
        if at + src.len() <= INLINE_TOKENS {
            let bytes = self.bytes_mut();
            bytes[1 + at..1 + at + src.len()].copy_from_slice(src);
            // (at + src.len() <= INLINE_TOKENS: it fits in a u8)
            bytes[0] = (at + src.len()) as u8;
        } else {
            self.spill(src.len()).extend_from_slice(src);
        }
    }

    /// Keeps the first `n` tokens.
    #[inline]
    pub(crate) fn truncate(&mut self, n: usize) {
        let len = self.len_byte();
        if len == SPILLED {
            if let Some(v) = &mut self.heap {
                v.truncate(n);
            }
        } else if n < usize::from(len) {
            // (n < len <= INLINE_TOKENS: it fits in a u8)
            self.bytes_mut()[0] = n as u8;
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
        self.len_byte() == SPILLED
    }
}

impl Deref for Tokens {
    type Target = [u8];
    #[inline(always)]
    fn deref(&self) -> &[u8] {
        let bytes = self.bytes();
        match (bytes[0], &self.heap) {
            (SPILLED, Some(v)) => v,
            (n, _) => &bytes[1..=usize::from(n).min(INLINE_TOKENS)],
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

    /// The computed profile of `n` leaves in a row is the one pushed token
    /// by token, inline and on the heap.
    #[test]
    fn flat_profiles_are_the_pushed_ones() {
        use super::super::{CLOSE, LEAF, OPEN};
        for n in 0..40 {
            let mut want = Tokens::new();
            if n == 1 {
                want.push(LEAF);
            } else {
                want.push(OPEN);
                for _ in 0..n {
                    want.push(LEAF);
                }
                want.push(CLOSE);
            }
            let got = Tokens::flat(n);
            assert_eq!(got, want, "{n} leaves");
            assert_eq!(got.spilled(), want.spilled(), "{n} leaves");
            // the words are the pushed bytes, not only the same tokens
            if !got.spilled() {
                assert_eq!(got.bytes()[..=n + 2], want.bytes()[..=n + 2], "{n} leaves");
            }
        }
    }

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
        // a push after a truncation writes over what was cut off
        let mut y = Tokens::new();
        y.extend_from_slice(&[1, 2, 2, 1]);
        y.truncate(1);
        y.push(0);
        y.push(2);
        assert_eq!(&*y, &[1, 0, 2]);
        assert_eq!(y, {
            let mut z = Tokens::new();
            z.extend_from_slice(&[1, 0, 2]);
            z
        });
    }
}
