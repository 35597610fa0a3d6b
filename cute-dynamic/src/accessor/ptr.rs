//! [`Ptr`]: an accessor over raw memory, for memory that Rust does not own
//! (a buffer from C, a mapped region, a pinned host allocation).
//!
//! This is the one module of the crate with `unsafe` code. Its soundness
//! rests on one contract, stated by [`Ptr::from_raw_parts`], the only
//! `unsafe` constructor: the caller vouches for `len` elements behind the
//! pointer for the lifetime `'a`. Everything after that is checked: every
//! read and write is compared with `len` before the memory is touched, so no
//! safe call on a `Ptr` can reach outside those elements.
//!
//! Reads and writes go through the raw pointer (`ptr::read` / `ptr::write`)
//! and never create a reference to the elements, so copies of one `Ptr` may
//! alias each other, as C pointers do. A `Ptr` is neither `Send` nor `Sync`:
//! two threads writing through copies of one pointer would race.
#![allow(unsafe_code)]

use core::fmt;
use core::marker::PhantomData;
use core::ops::Range;

use cute_core::Result;

use super::{index, move_by, out_of_bounds, slice_bounds, Accessor, MutableAccessor};
use crate::typedefs::Scalar;

/// A typed pointer into memory owned elsewhere (the specification's `Ptr`):
/// offset `i` is element `origin + i` of `len` elements starting at the
/// pointer (`origin + (i XOR m)` once the F2 value `m` moved it). The element type is the type parameter, so a `Ptr` without one
/// does not compile (the specification's `Ptr(address) -> ValueError`):
///
/// ```compile_fail
/// let data = [1.0f64, 2.0];
/// // the element type cannot be inferred
/// let p = unsafe { cute_dynamic::accessor::Ptr::from_address(data.as_ptr() as usize, 2) };
/// ```
///
/// Unlike the specification's `Ptr`, which trusts its address blindly, a
/// `Ptr` knows how many elements it may touch and checks every access
/// against that count; a tensor over it checks its layout's offsets once
/// when it is made.
///
/// Equality is identity: the same address, the same origin and the same F2
/// move.
///
/// # Examples
/// ```
/// use cute_dynamic::accessor::{Accessor, MutableAccessor, Ptr};
/// use cute_dynamic::tensor::Tensor;
/// use cute_dynamic::Layout;
/// let mut data = vec![1.0f64, 2.0, 3.0, 4.0];
/// let p = Ptr::from_mut_slice(&mut data);
/// let mut t = Tensor::new(p, "(2, 2):(2, 1)".parse::<Layout>().unwrap()).unwrap();
/// t.set(&"(1, 0)".parse().unwrap(), 9.0).unwrap();
/// assert_eq!(p.read(0), Some(1.0));
/// assert_eq!(data, [1.0, 2.0, 9.0, 4.0]);
/// ```
pub struct Ptr<'a, T> {
    /// Element 0 of the region.
    base: *mut T,
    /// Number of elements of the region.
    len: usize,
    /// Position in the region of offset 0.
    origin: i64,
    /// The F2 value that moved it, XORed into every offset.
    xor: i64,
    marker: PhantomData<&'a mut [T]>,
}

impl<T> Clone for Ptr<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Ptr<'_, T> {}

impl<'a, T: Copy> Ptr<'a, T> {
    /// A pointer to the elements of a mutable slice. Safe: the borrow keeps
    /// the slice alive and unaliased for `'a`, and copies of the pointer
    /// share it through raw reads and writes only.
    pub fn from_mut_slice(data: &'a mut [T]) -> Self {
        Ptr {
            base: data.as_mut_ptr(),
            len: data.len(),
            origin: 0,
            xor: 0,
            marker: PhantomData,
        }
    }

    /// A pointer to `len` elements at `base`.
    ///
    /// # Safety
    /// For the whole lifetime `'a`:
    /// - `base` is non-null, aligned for `T`, and the `len` elements
    ///   `base[0..len]` lie in one allocation and are initialized values of
    ///   `T`, valid for reads and for writes (a `Ptr` that is only read needs
    ///   only reads);
    /// - these elements are not accessed except through this `Ptr` and its
    ///   copies (no live Rust reference to them, no other thread writing).
    pub unsafe fn from_raw_parts(base: *mut T, len: usize) -> Self {
        Ptr {
            base,
            len,
            origin: 0,
            xor: 0,
            marker: PhantomData,
        }
    }

    /// A pointer to `len` elements at the integer address `addr` (the
    /// specification's `Ptr(address, dtype)`).
    ///
    /// # Safety
    /// As [`Ptr::from_raw_parts`] with `base = addr as *mut T`.
    pub unsafe fn from_address(addr: usize, len: usize) -> Self {
        // SAFETY: the caller's contract is the one of from_raw_parts.
        unsafe { Ptr::from_raw_parts(addr as *mut T, len) }
    }

    /// The address of element 0 of the region (the specification's
    /// `Ptr.base()` names the storage's owner; here the storage is the
    /// region).
    pub fn base(&self) -> *mut T {
        self.base
    }

    /// The number of elements of the region.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True iff the region has no element.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<T: Copy> Accessor for Ptr<'_, T> {
    type Value = T;
    type View<'b>
        = Ptr<'b, T>
    where
        Self: 'b;

    #[inline]
    fn read(&self, i: i64) -> Option<T> {
        let k = index(self.origin, self.xor, i, self.len)?;
        // SAFETY: k < len, and the constructor's contract makes the len
        // elements at base valid for reads.
        Some(unsafe { self.base.add(k).read() })
    }

    fn bounds(&self) -> Option<Range<i64>> {
        Some(slice_bounds(self.origin, self.len))
    }

    fn xor_mask(&self) -> i64 {
        self.xor
    }

    fn offset(&self, by: &Scalar) -> Result<Ptr<'_, T>> {
        let (origin, xor) = move_by("Ptr +", self.origin, self.xor, by)?;
        Ok(Ptr {
            origin,
            xor,
            ..*self
        })
    }
}

impl<T: Copy> MutableAccessor for Ptr<'_, T> {
    type ViewMut<'b>
        = Ptr<'b, T>
    where
        Self: 'b;

    #[inline]
    fn write(&mut self, i: i64, value: T) -> Result<()> {
        match index(self.origin, self.xor, i, self.len) {
            Some(k) => {
                // SAFETY: k < len, and the constructor's contract makes the
                // len elements at base valid for writes.
                unsafe { self.base.add(k).write(value) };
                Ok(())
            }
            None => Err(out_of_bounds("Ptr[]=", i, self.xor, self.bounds())),
        }
    }

    fn offset_mut(&mut self, by: &Scalar) -> Result<Ptr<'_, T>> {
        self.offset(by)
    }
}

impl<T> PartialEq for Ptr<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        self.base == other.base && (self.origin, self.xor) == (other.origin, other.xor)
    }
}

impl<T> fmt::Debug for Ptr<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Ptr({:p}, {} x {}, origin {}{})",
            self.base,
            self.len,
            core::any::type_name::<T>(),
            self.origin,
            super::XorNote(self.xor)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_ptr_spec() {
        // data = array.array('d', [1.0, 2.0, 3.0, 4.0])
        // T = Tensor(Ptr(data), Layout((2, 2), (2, 1))); T[1, 0] = 9.0
        // data.tolist() == [1.0, 2.0, 9.0, 4.0]
        let mut data = vec![1.0f64, 2.0, 3.0, 4.0];
        let mut p = Ptr::from_mut_slice(&mut data);
        p.write(2, 9.0).unwrap();
        assert!(p.write(4, 0.0).is_err());
        assert_eq!(data, [1.0, 2.0, 9.0, 4.0]);
        // Ptr(data.buffer_info()[0], ctypes.c_double)[0] == 1.0
        let addr = data.as_mut_ptr() as usize;
        // SAFETY: data outlives q and is not used while q is.
        let q = unsafe { Ptr::<f64>::from_address(addr, data.len()) };
        assert_eq!(q.read(0), Some(1.0));
        assert_eq!(q.read(4), None);
        assert_eq!(q.read(-1), None);
        let q1 = q.offset(&Scalar::Int(3)).unwrap();
        assert_eq!(q1.read(-1), Some(9.0));
        assert_eq!(q1.bounds(), Some(-3..1));
        assert!(q != q1 && q == q);
    }
}
