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
//! bytes through a view of them. Kept as an array of bytes, the compiler
//! splits it into 16 one-byte values wherever the pushes land at known
//! places (the fast paths, which build a result's profile from its first
//! token), and then moves a layout byte by byte and reads back as a whole
//! what it wrote in bytes: the complement of `(2, 2):(1, 6)` took a
//! quarter longer so. On the heap, the second word is the pointer to the
//! boxed tokens, so that the profile is 16 bytes in either form (see
//! [`Words`]).
//!
//! The module's `unsafe` code is that byte view, whose soundness is that
//! every byte of either form is an initialized byte, and the heap form's
//! pointer, owned as a `Box` would own it: made by `Box::into_raw` when
//! the tokens move to the heap, read only when the length byte says they
//! are there, cloned as a new box and freed once, when the tokens drop.

use core::ops::Deref;

/// How many tokens a layout keeps inline (15, so that the inline form,
/// with its length, is 16 bytes, as is the heap form): the profile of 13
/// leaves in one tuple, or of a 2-D tile and its tiling,
/// `((8, 8), (16, 16))`.
pub(crate) const INLINE_TOKENS: usize = 15;

/// A layout's profile: its tokens in preorder (see
/// [`LEAF`](super::LEAF), [`OPEN`](super::OPEN), [`CLOSE`](super::CLOSE)).
///
/// Inline, byte 0 is the length `n` and bytes `1..=n` the tokens; on the
/// heap, byte 0 is [`SPILLED`] and the second word points to the boxed
/// tokens, so that a push checks one byte to know it has room.
pub(crate) struct Tokens {
    w: Words,
}

/// The 16 bytes of [`Tokens`]: two words, or the heap form. (The heap
/// pointer shares the second word so that the profile is 16 bytes and a
/// layout's leaves start 16 bytes in: why that matters is said beside
/// [`Layout`](super::Layout)'s definition.)
#[derive(Clone, Copy)]
#[repr(C)]
union Words {
    /// Inline: the length byte and the tokens, typed as two words so that
    /// the compiler moves them as two words (see the module
    /// documentation); read and written as bytes through
    /// [`Tokens::bytes`] and [`Tokens::bytes_mut`].
    inline: [u64; 2],
    /// On the heap.
    heap: Heap,
}

/// The heap form of [`Words`].
#[derive(Clone, Copy)]
#[repr(C)]
struct Heap {
    /// Its first byte is [`SPILLED`].
    tag: u64,
    /// The tokens, owned (made by `Box::into_raw`).
    vec: *mut Vec<u8>,
}

// (the size the documentation promises)
const _: () = assert!(core::mem::size_of::<Tokens>() == 16);

// SAFETY: `Tokens` owns the boxed tokens its heap form points to (no other
// value refers to them), as a `Box<Vec<u8>>` would, so it may move to and
// be shared between threads as such a box may
#[allow(unsafe_code)]
unsafe impl Send for Tokens {}
// SAFETY: as for `Send`: shared access only reads the tokens
#[allow(unsafe_code)]
unsafe impl Sync for Tokens {}

/// The length byte of tokens kept on the heap: more than any inline length.
const SPILLED: u8 = u8::MAX;

/// The first word of the heap form: its first byte in memory is
/// [`SPILLED`].
const SPILLED_WORD: u64 = u64::from_ne_bytes([SPILLED, 0, 0, 0, 0, 0, 0, 0]);

impl Tokens {
    /// No tokens.
    #[inline(always)]
    pub(crate) const fn new() -> Tokens {
        Tokens {
            w: Words { inline: [0; 2] },
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
                w: Words {
                    inline: [u64::from_ne_bytes([1, 0, 0, 0, 0, 0, 0, 0]), 0],
                },
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
            w: Words {
                inline: [word(0), word(1)],
            },
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
        // SAFETY: both forms are 16 initialized bytes without padding, and
        // `[u8; 16]` has alignment 1 and accepts every byte, so the words'
        // memory is a valid `[u8; 16]` for as long as `self` is borrowed
        #[allow(unsafe_code)]
        unsafe {
            &*core::ptr::addr_of!(self.w).cast::<[u8; 16]>()
        }
    }

    /// The inline bytes, to write.
    #[inline(always)]
    fn bytes_mut(&mut self) -> &mut [u8; 16] {
        // SAFETY: as for `bytes`; the callers write only the inline form
        // (whose every bit pattern is valid), or its length byte
        #[allow(unsafe_code)]
        unsafe {
            &mut *core::ptr::addr_of_mut!(self.w).cast::<[u8; 16]>()
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
            self.w = Words {
                heap: Heap {
                    tag: SPILLED_WORD,
                    vec: Box::into_raw(Box::new(v)),
                },
            };
        }
        let v = self.heap_mut().expect("spilled just above");
        v.reserve(more);
        v
    }

    /// The tokens on the heap, if they are there.
    #[inline]
    fn heap(&self) -> Option<&Vec<u8>> {
        if self.len_byte() != SPILLED {
            return None;
        }
        // SAFETY: the length byte is `SPILLED` only in the heap form, whose
        // pointer came from `Box::into_raw` and is owned by `self`, so it
        // is valid for as long as `self` is borrowed
        #[allow(unsafe_code)]
        unsafe {
            Some(&*self.w.heap.vec)
        }
    }

    /// The tokens on the heap, to change, if they are there.
    #[inline]
    fn heap_mut(&mut self) -> Option<&mut Vec<u8>> {
        if self.len_byte() != SPILLED {
            return None;
        }
        // SAFETY: as for `heap`, borrowed mutably through `self`
        #[allow(unsafe_code)]
        unsafe {
            Some(&mut *self.w.heap.vec)
        }
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
        if let Some(v) = self.heap_mut() {
            v.truncate(n);
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

impl Clone for Tokens {
    #[inline]
    fn clone(&self) -> Tokens {
        match self.heap() {
            None => Tokens { w: self.w },
            Some(v) => Tokens {
                w: Words {
                    heap: Heap {
                        tag: SPILLED_WORD,
                        vec: Box::into_raw(Box::new(v.clone())),
                    },
                },
            },
        }
    }
}

impl Drop for Tokens {
    #[inline]
    fn drop(&mut self) {
        if self.len_byte() == SPILLED {
            // SAFETY: the heap form's pointer came from `Box::into_raw`, is
            // owned by `self` and is freed once, here
            #[allow(unsafe_code)]
            unsafe {
                drop(Box::from_raw(self.w.heap.vec));
            }
        }
    }
}

impl Deref for Tokens {
    type Target = [u8];
    #[inline(always)]
    fn deref(&self) -> &[u8] {
        match self.heap() {
            Some(v) => v,
            None => {
                let bytes = self.bytes();
                &bytes[1..=usize::from(bytes[0]).min(INLINE_TOKENS)]
            }
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

    /// One step of [`tokens_follow_a_vector`].
    #[derive(Clone, Debug)]
    enum Step {
        Push(u8),
        Extend(Vec<u8>),
        Reserve(usize),
        Truncate(usize),
        Clear,
        /// Replace the tokens by a clone of themselves.
        Clone,
        /// Replace the tokens by the flat profile of this many leaves.
        Flat(usize),
    }

    fn step() -> impl proptest::strategy::Strategy<Value = Step> {
        use proptest::prelude::*;
        prop_oneof![
            (0u8..3).prop_map(Step::Push),
            proptest::collection::vec(0u8..3, 0..20).prop_map(Step::Extend),
            (0usize..40).prop_map(Step::Reserve),
            (0usize..40).prop_map(Step::Truncate),
            Just(Step::Clear),
            Just(Step::Clone),
            (0usize..30).prop_map(Step::Flat),
        ]
    }

    proptest::proptest! {
        /// Every sequence of the operations leaves the tokens equal to a
        /// plain vector given the same operations, inline and on the
        /// heap, and a clone taken on the way keeps its own tokens.
        #[test]
        fn tokens_follow_a_vector(steps in proptest::collection::vec(step(), 0..40)) {
            use super::super::{CLOSE, LEAF, OPEN};
            let mut t = Tokens::new();
            let mut v: Vec<u8> = Vec::new();
            let mut kept: Vec<(Tokens, Vec<u8>)> = Vec::new();
            for s in steps {
                match s {
                    Step::Push(x) => {
                        t.push(x);
                        v.push(x);
                    }
                    Step::Extend(xs) => {
                        t.extend_from_slice(&xs);
                        v.extend_from_slice(&xs);
                    }
                    Step::Reserve(n) => t.reserve(n),
                    Step::Truncate(n) => {
                        t.truncate(n);
                        v.truncate(n);
                    }
                    Step::Clear => {
                        t.clear();
                        v.clear();
                    }
                    Step::Clone => {
                        kept.push((t.clone(), v.clone()));
                        t = t.clone();
                    }
                    Step::Flat(n) => {
                        t = Tokens::flat(n);
                        v = if n == 1 {
                            vec![LEAF]
                        } else {
                            let mut w = vec![OPEN];
                            w.extend(core::iter::repeat_n(LEAF, n));
                            w.push(CLOSE);
                            w
                        };
                    }
                }
                proptest::prop_assert_eq!(&*t, &v[..]);
                proptest::prop_assert!(t.spilled() || v.len() <= INLINE_TOKENS);
            }
            for (c, w) in &kept {
                proptest::prop_assert_eq!(&**c, &w[..]);
            }
        }
    }

    /// A clone of tokens on the heap owns tokens of its own: changing one
    /// leaves the other as it was, and each frees its own when dropped.
    #[test]
    fn heap_clones_are_independent() {
        let mut a = Tokens::new();
        for k in 0..20u8 {
            a.push(k % 3);
        }
        assert!(a.spilled());
        let mut b = a.clone();
        assert!(b.spilled());
        assert_eq!(a, b);
        b.push(1);
        a.truncate(3);
        assert_eq!(a.len(), 3);
        assert_eq!(b.len(), 21);
        assert_eq!(&b[..3], &*a);
        drop(a);
        assert_eq!(b.last(), Some(&1));
        // an inline clone is a copy of the bytes
        let mut c = Tokens::flat(3);
        let d = c.clone();
        c.push(0);
        assert_eq!(d.len(), 5);
        assert_eq!(c.len(), 6);
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
