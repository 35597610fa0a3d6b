//! A layout's leaves: a small vector of `(extent, stride)` pairs that is a
//! plain value when no leaf owns anything.
//!
//! A leaf owns memory only through a coordinate stride (an
//! [`ArithTuple`](crate::atuple::ArithTuple), boxed) or a symbolic integer.
//! A layout of machine integers with integer or F2 strides, which is what
//! the algebra's fast paths build and what a kernel generator's hot loop
//! holds, owns nothing but its storage, so its clone is a copy of the
//! inline bytes and its drop is a test of the tags, where a general small
//! vector clones and drops leaf by leaf through each leaf's `Clone` and
//! `Drop`. Every operation of the algebra builds, clones and drops layouts
//! (a 2-D layout's clone and drop: 188 instructions with the general
//! vector, 122 with this store and the profile's).
//!
//! This module has `unsafe` code (as do the module of
//! [`crate::accessor::Ptr`] and the profile's [`super::tokens`]): the copy
//! of the bytes and the drop by hand, whose soundness rests on the test
//! [`Leaves::owns_nothing`] states.
#![allow(unsafe_code)]

use core::mem::{needs_drop, ManuallyDrop};
use core::ops::{Deref, DerefMut};

use cute_core::DynInt;
use smallvec::SmallVec;

use super::{Mode, KEPT};
use crate::typedefs::Scalar;

/// The leaves of a layout, inline up to `N` (see the [module](self)).
///
/// It is a `SmallVec` in every respect but cloning and dropping, which it
/// derefs to.
pub(crate) struct Leaves<I: DynInt, const N: usize = KEPT> {
    // dropped by hand: not at all when the leaves are inline and own
    // nothing
    v: ManuallyDrop<SmallVec<[Mode<I>; N]>>,
}

impl<I: DynInt, const N: usize> Leaves<I, N> {
    /// No leaves.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Leaves {
            v: ManuallyDrop::new(SmallVec::new()),
        }
    }

    /// No leaves, with room for `n`.
    #[inline]
    pub(crate) fn with_capacity(n: usize) -> Self {
        Leaves {
            v: ManuallyDrop::new(SmallVec::with_capacity(n)),
        }
    }

    /// True iff no leaf owns memory: the integers are machine integers and
    /// no stride is a coordinate stride. (The integer type is known when
    /// this is compiled, so for `i64` this is a test of each leaf's tag.)
    #[inline(always)]
    fn owns_nothing(&self) -> bool {
        !needs_drop::<I>() && !self.v.iter().any(|(_, d)| matches!(d, Scalar::Arith(_)))
    }

    /// The leaves, as the small vector they are kept in.
    #[inline]
    pub(crate) fn into_inner(mut self) -> SmallVec<[Mode<I>; N]> {
        // SAFETY: `self` is forgotten right after, so `v` is taken once and
        // never dropped here
        let v = unsafe { ManuallyDrop::take(&mut self.v) };
        core::mem::forget(self);
        v
    }
}

impl<I: DynInt, const N: usize> Clone for Leaves<I, N> {
    #[inline]
    fn clone(&self) -> Self {
        if !self.v.spilled() && self.owns_nothing() {
            // SAFETY: the leaves are inline and none owns anything (each is
            // a pair of machine integers or an integer and an F2 value, with
            // no drop glue of its own), so a copy of the bytes is a second,
            // independent vector of the same leaves; neither copy's drop
            // frees anything the other holds
            return Leaves {
                v: unsafe { core::ptr::read(&self.v) },
            };
        }
        let mut out = Leaves::new();
        super::extend_leaves(&mut out, &self.v);
        out
    }
}

impl<I: DynInt, const N: usize> Drop for Leaves<I, N> {
    #[inline]
    fn drop(&mut self) {
        if self.v.spilled() || !self.owns_nothing() {
            // SAFETY: `v` is dropped once, here, and never used again
            unsafe { ManuallyDrop::drop(&mut self.v) }
        }
        // (inline leaves that own nothing: nothing to free)
    }
}

impl<I: DynInt, const N: usize> Deref for Leaves<I, N> {
    type Target = SmallVec<[Mode<I>; N]>;
    #[inline(always)]
    fn deref(&self) -> &Self::Target {
        &self.v
    }
}

impl<I: DynInt, const N: usize> DerefMut for Leaves<I, N> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.v
    }
}

impl<I: DynInt, const N: usize> core::fmt::Debug for Leaves<I, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.v.iter()).finish()
    }
}

impl<I: DynInt, const N: usize> PartialEq for Leaves<I, N> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.v[..] == other.v[..]
    }
}

impl<I: DynInt, const N: usize> FromIterator<Mode<I>> for Leaves<I, N> {
    #[inline]
    fn from_iter<T: IntoIterator<Item = Mode<I>>>(iter: T) -> Self {
        Leaves {
            v: ManuallyDrop::new(iter.into_iter().collect()),
        }
    }
}

impl<I: DynInt, const N: usize> IntoIterator for Leaves<I, N> {
    type Item = Mode<I>;
    type IntoIter = smallvec::IntoIter<[Mode<I>; N]>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.into_inner().into_iter()
    }
}

impl<'a, I: DynInt, const N: usize> IntoIterator for &'a Leaves<I, N> {
    type Item = &'a Mode<I>;
    type IntoIter = core::slice::Iter<'a, Mode<I>>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.v.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atuple::ArithTuple;
    use crate::htuple::HTuple::Leaf;
    use cute_core::Sym;

    fn int(s: i64, d: i64) -> Mode {
        (s, Scalar::Int(d))
    }

    #[test]
    fn plain_leaves_clone_as_copies_and_owning_ones_deeply() {
        let mut a: Leaves<i64, 2> = Leaves::new();
        a.push(int(4, 1));
        a.push((8, Scalar::F2(crate::swizzle::F2(3))));
        let b = a.clone();
        assert!(b == a && !b.spilled());
        // spilled, and owning a coordinate stride
        let e0 = ArithTuple::new(vec![Leaf(Scalar::Int(1))]);
        let mut c: Leaves<i64, 2> = [int(2, 1), int(3, 2)].into_iter().collect();
        c.push((5, Scalar::Arith(e0.clone())));
        assert!(c.spilled());
        let d = c.clone();
        drop(c);
        assert_eq!(d[2], (5, Scalar::Arith(e0.clone())));
        // inline, owning a coordinate stride
        let f: Leaves<i64, 4> = [(5, Scalar::Arith(e0.clone()))].into_iter().collect();
        let g = f.clone();
        drop(f);
        assert_eq!(g[0], (5, Scalar::Arith(e0)));
        // symbolic integers own memory
        let m = Sym::symbol("M").unwrap();
        let h: Leaves<Sym, 4> = [(m.clone(), Scalar::Int(m.clone()))].into_iter().collect();
        let k = h.clone();
        drop(h);
        assert_eq!(k[0].0, m);
        let all: Vec<Mode> = d.into_iter().collect();
        assert_eq!(all.len(), 3);
    }
}
