//! Accessors: the memory of a tensor.
//!
//! A [`Layout`](crate::Layout) maps a coordinate to an offset; an *accessor*
//! maps that offset to a value. Keeping the two apart lets one layout address
//! ordinary memory, a lazily computed function or a transformed view without
//! the layout algebra knowing the difference.
//!
//! Two traits fix the contract, as the specification's two abstract classes
//! do: [`Accessor`] reads, [`MutableAccessor`] also writes, and both offset
//! (the specification's `a + k`), giving another accessor over the same
//! storage. The accessors here:
//!
//! | accessor | storage | specification |
//! |---|---|---|
//! | [`SliceAccessor`] | a borrowed `&[T]` | `Ptr(data)` over a buffer |
//! | [`SliceAccessorMut`] | a borrowed `&mut [T]` | `Ptr(data)` over a buffer |
//! | [`Array`] | an owned buffer | `Array(size, dtype)` |
//! | [`Ptr`] | raw memory, behind `unsafe` | `Ptr(address, dtype)` |
//! | [`ImplicitAccessor`] | none: offset `i` reads `origin + i` | `ImplicitAccessor(origin)` |
//! | [`TransformAccessor`] | another accessor, read through a function | `TransformAccessor(a, f)` |
//!
//! Offsets are signed: an accessor has an *origin* (the storage position of
//! offset 0), so a layout with negative strides reads below it. Moving an
//! accessor combines offsets as the layout's values do: an integer adds to
//! the origin, an F2 value (a swizzled offset) is XORed into every offset
//! read ([`Accessor::xor_mask`]), so a view of a swizzled tensor at `F2(m)`
//! reads its offset `x` at `m XOR x`, as the tensor does. Every memory
//! accessor knows which positions it can reach ([`Accessor::bounds`]); a
//! [`Tensor`](crate::tensor::Tensor) checks once, when it is made, that every
//! offset its layout produces lands among them, and a read past them is
//! `None`, never undefined behaviour.
//!
//! ```
//! use cute_dynamic::accessor::{Accessor, ImplicitAccessor, MutableAccessor, Array};
//! use cute_dynamic::Scalar;
//! assert_eq!(ImplicitAccessor::new(100).read(7), Some(Scalar::Int(107)));
//! let mut a = Array::<i32>::new(16);
//! a.write(5, 42).unwrap();
//! assert_eq!(a.read(5), Some(42));
//! assert_eq!(a.read(16), None);
//! ```

use core::fmt;
use core::ops::Range;

use cute_core::{Error, Result};

use crate::typedefs::Scalar;

mod ptr;

pub use ptr::Ptr;

/// A read-only random-access handle: offset `i` to a value (the
/// specification's `Accessor`).
///
/// # Contract
/// - `read(i)` is `Some` for every `i` whose position
///   `i XOR xor_mask()` is in [`Accessor::bounds`] (for every `i` when the
///   bounds are `None`), and `None` for any offset the accessor cannot
///   reach; it never panics.
/// - `offset(k)` is the accessor whose offset `i` reads what this one's
///   offset `i + k` reads (`(a + k)[i] == a[i + k]`), over the same storage,
///   `+` being the addition of the layout values: integer addition for an
///   integer `k`, XOR for an F2 `k` (`F2(m) + F2(x) == F2(m XOR x)`). As
///   for the values, an integer other than 0 does not add to an F2 value:
///   moving an accessor that an F2 value moved by a nonzero integer is an
///   error.
pub trait Accessor {
    /// The type of the values read.
    type Value;
    /// The accessor [`Accessor::offset`] gives: a view of the same storage
    /// (the accessor itself for accessors without storage).
    type View<'a>: Accessor<Value = Self::Value>
    where
        Self: 'a;

    /// The value at offset `i`, or `None` if `i` is outside the storage.
    fn read(&self, i: i64) -> Option<Self::Value>;

    /// The positions this accessor can read, `lo..hi`, or `None` if it
    /// reads any offset (an accessor without storage). Offset `i` is at
    /// position `i XOR xor_mask()`: the offset itself unless an F2 value
    /// moved the accessor.
    fn bounds(&self) -> Option<Range<i64>>;

    /// The F2 value this accessor was moved by, XORed into every offset
    /// before it is read (0 for an accessor no F2 value moved, and for one
    /// without storage, whose origin holds the move).
    fn xor_mask(&self) -> i64 {
        0
    }

    /// The accessor moved by `by`: `a.offset(k).read(i) == a.read(i + k)`
    /// (XOR for an F2 `k`), sharing this accessor's storage (the
    /// specification's `a + k`).
    ///
    /// # Errors
    /// `TypeError` if `by` is not an offset this accessor takes (a
    /// coordinate, for an accessor over memory), or is a nonzero integer
    /// and an F2 value moved this accessor; `ValueError` on overflow.
    fn offset(&self, by: &Scalar) -> Result<Self::View<'_>>;

    /// The value at a layout's offset, which may be an integer, an F2 value
    /// (a swizzled offset, read as its bits) or a coordinate (an arithmetic
    /// tuple, which only [`ImplicitAccessor`] reads).
    ///
    /// # Errors
    /// `TypeError` for a coordinate offset; `IndexError` for an offset outside
    /// the storage.
    fn read_at(&self, offset: &Scalar) -> Result<Self::Value> {
        let i = int_offset("Accessor[]", offset)?;
        self.read(i)
            .ok_or_else(|| out_of_bounds("Accessor[]", i, self.xor_mask(), self.bounds()))
    }

    /// Contiguous storage, if the accessor has it: a slice and the position
    /// in it of offset 0, so that `read(i) == slice.get(origin + i)`. The
    /// copy algorithm moves whole runs through it. `None` for an accessor
    /// an F2 value moved, whose offsets are not positions.
    fn memory(&self) -> Option<(&[Self::Value], i64)> {
        None
    }
}

/// A read/write random-access handle (the specification's
/// `MutableAccessor`).
///
/// # Contract
/// As [`Accessor`], and `write(i, v)` stores `v` where `read(i)` reads it,
/// returning `Err` (an `IndexError`) for an offset outside the storage.
pub trait MutableAccessor: Accessor {
    /// The writable view [`MutableAccessor::offset_mut`] gives.
    type ViewMut<'a>: MutableAccessor<Value = Self::Value>
    where
        Self: 'a;

    /// Stores `value` at offset `i`.
    ///
    /// # Errors
    /// `IndexError` if `i` is outside the storage.
    fn write(&mut self, i: i64, value: Self::Value) -> Result<()>;

    /// The writable accessor moved by `by`, borrowing this one's storage.
    ///
    /// # Errors
    /// As [`Accessor::offset`].
    fn offset_mut(&mut self, by: &Scalar) -> Result<Self::ViewMut<'_>>;

    /// [`MutableAccessor::write`] at a layout's offset (see
    /// [`Accessor::read_at`]).
    ///
    /// # Errors
    /// `TypeError` for a coordinate offset; `IndexError` outside the storage.
    fn write_at(&mut self, offset: &Scalar, value: Self::Value) -> Result<()> {
        let i = int_offset("Accessor[]=", offset)?;
        self.write(i, value)
    }

    /// Contiguous writable storage, if the accessor has it: a slice and the
    /// position in it of offset 0 (see [`Accessor::memory`]; `None` for an
    /// accessor an F2 value moved).
    fn memory_mut(&mut self) -> Option<(&mut [Self::Value], i64)> {
        None
    }
}

/// The integer offset an integer or F2 layout value addresses.
pub(crate) fn int_offset(op: &'static str, offset: &Scalar) -> Result<i64> {
    match offset {
        Scalar::Int(i) => Ok(*i),
        Scalar::F2(f) => i64::try_from(f.0).map_err(|_| {
            Error::overflow(op, format!("the F2 offset {offset} leaves the i64 range"))
        }),
        other => Err(Error::type_error(
            op,
            format!(
                "the offset {other} is a coordinate; only an ImplicitAccessor reads coordinates"
            ),
        )),
    }
}

/// The `IndexError` of offset `i`, at position `i XOR xor`, outside
/// `bounds`.
fn out_of_bounds(op: &'static str, i: i64, xor: i64, bounds: Option<Range<i64>>) -> Error {
    let len = bounds
        .as_ref()
        .map(|r| cute_core::Operand::Text(format!("{}..{}", r.start, r.end)));
    let at = match xor {
        0 => format!("offset {i}"),
        m => format!("offset {i} (position {i} XOR {m} = {})", i ^ m),
    };
    let msg = match bounds {
        Some(r) => format!(
            "{at} is outside the storage's offsets {}..{}",
            r.start, r.end
        ),
        None => format!("{at} cannot be read"),
    };
    Error::out_of_range(op, i, len, msg)
}

/// `origin + (i XOR xor)` as an index into a slice of length `len`, if it
/// is one.
#[inline(always)]
fn index(origin: i64, xor: i64, i: i64, len: usize) -> Option<usize> {
    let k = origin.checked_add(i ^ xor)?;
    // a negative k wraps to a huge usize, which fails the comparison
    let k = k as u64 as usize;
    (k < len).then_some(k)
}

/// The move of an accessor over memory, shared by every such accessor (and
/// by those of other crates): an accessor whose offset `i` is at storage
/// position `origin + (i XOR xor)`, moved by the layout value `by`, has the
/// origin and mask returned. An integer adds to the origin; an F2 value
/// XORs into the mask, so that a view at `F2(m)` reads the sub-layout's
/// offset `x` where its parent reads `F2(m) + F2(x) == F2(m XOR x)`.
///
/// # Errors
/// `TypeError` for a coordinate, or for a nonzero integer once an F2 value
/// has moved the accessor (F2 values and nonzero integers do not add);
/// `ValueError` if the origin leaves the `i64` range, or the F2 value
/// does. `op` names the operation in the error.
///
/// # Examples
/// ```
/// use cute_dynamic::accessor::move_by;
/// use cute_dynamic::{Scalar, F2};
/// assert_eq!(move_by("+", 5, 0, &Scalar::Int(3)).unwrap(), (8, 0));
/// assert_eq!(move_by("+", 8, 0, &Scalar::F2(F2(6))).unwrap(), (8, 6));
/// assert_eq!(move_by("+", 8, 6, &Scalar::F2(F2(3))).unwrap(), (8, 5));
/// assert_eq!(move_by("+", 8, 6, &Scalar::Int(0)).unwrap(), (8, 6));
/// assert!(move_by("+", 8, 6, &Scalar::Int(1)).is_err());
/// ```
pub fn move_by(op: &'static str, origin: i64, xor: i64, by: &Scalar) -> Result<(i64, i64)> {
    match by {
        Scalar::F2(_) => Ok((origin, xor ^ int_offset(op, by)?)),
        _ => {
            let k = int_offset(op, by)?;
            if k != 0 && xor != 0 {
                return Err(Error::type_error(
                    op,
                    format!(
                        "an accessor moved by the F2 offset {} cannot move by the integer {k}: \
                         F2 values and nonzero integers do not add",
                        crate::F2(xor.unsigned_abs())
                    ),
                ));
            }
            let origin = origin
                .checked_add(k)
                .ok_or_else(|| Error::overflow(op, format!("origin {origin} moved by {k}")))?;
            Ok((origin, xor))
        }
    }
}

fn slice_bounds(origin: i64, len: usize) -> Range<i64> {
    // a slice of Rust values holds at most isize::MAX bytes, so len fits
    let len = len as i64;
    origin.saturating_neg()..len.saturating_sub(origin)
}

// ---------------------------------------------------------------------------
// Borrowed slices
// ---------------------------------------------------------------------------

/// The accessor traits of a type whose elements are `self.data` (a slice
/// or a `Vec`) with offset `i` at `data[origin + (i XOR xor)]`: `read` its `Accessor`
/// (`$add` names the operation in the error of an offset that overflows),
/// `write` its `MutableAccessor` (`$set` names a write out of bounds).
macro_rules! slice_backed {
    (read $ty:ty, $add:literal) => {
        impl<T: Copy> Accessor for $ty {
            type Value = T;
            type View<'b>
                = SliceAccessor<'b, T>
            where
                Self: 'b;

            #[inline]
            fn read(&self, i: i64) -> Option<T> {
                index(self.origin, self.xor, i, self.data.len()).map(|k| self.data[k])
            }

            fn bounds(&self) -> Option<Range<i64>> {
                Some(slice_bounds(self.origin, self.data.len()))
            }

            fn xor_mask(&self) -> i64 {
                self.xor
            }

            fn offset(&self, by: &Scalar) -> Result<SliceAccessor<'_, T>> {
                let (origin, xor) = move_by($add, self.origin, self.xor, by)?;
                Ok(SliceAccessor {
                    data: &self.data[..],
                    origin,
                    xor,
                })
            }

            fn memory(&self) -> Option<(&[T], i64)> {
                (self.xor == 0).then_some((&self.data[..], self.origin))
            }
        }
    };
    (write $ty:ty, $add:literal, $set:literal) => {
        impl<T: Copy> MutableAccessor for $ty {
            type ViewMut<'b>
                = SliceAccessorMut<'b, T>
            where
                Self: 'b;

            #[inline]
            fn write(&mut self, i: i64, value: T) -> Result<()> {
                match index(self.origin, self.xor, i, self.data.len()) {
                    Some(k) => {
                        self.data[k] = value;
                        Ok(())
                    }
                    None => Err(out_of_bounds($set, i, self.xor, self.bounds())),
                }
            }

            fn offset_mut(&mut self, by: &Scalar) -> Result<SliceAccessorMut<'_, T>> {
                let (origin, xor) = move_by($add, self.origin, self.xor, by)?;
                Ok(SliceAccessorMut {
                    data: &mut self.data[..],
                    origin,
                    xor,
                })
            }

            fn memory_mut(&mut self) -> Option<(&mut [T], i64)> {
                let origin = self.origin;
                (self.xor == 0).then_some((&mut self.data[..], origin))
            }
        }
    };
}

/// A read-only accessor over a borrowed slice: offset `i` reads
/// `data[origin + i]`, or `data[origin + (i XOR m)]` once the F2 value
/// `m` moved it (a view of a swizzled tensor).
///
/// Equality is identity, as for the specification's pointers: two slice
/// accessors are equal iff they view the same memory from the same origin,
/// moved by the same F2 value.
///
/// # Examples
/// ```
/// use cute_dynamic::accessor::{Accessor, SliceAccessor};
/// use cute_dynamic::Scalar;
/// let data = [1.0, 2.0, 3.0, 4.0];
/// let a = SliceAccessor::new(&data);
/// assert_eq!(a.read(2), Some(3.0));
/// let b = a.offset(&Scalar::Int(1)).unwrap();
/// assert_eq!(b.read(-1), Some(1.0));
/// assert_eq!(b.read(3), None);
/// assert_eq!(b.bounds(), Some(-1..3));
/// // moved by an F2 value, offsets combine by XOR: offset i is data[1 + (i XOR 2)]
/// let c = b.offset(&Scalar::F2(cute_dynamic::F2(2))).unwrap();
/// assert_eq!((c.read(0), c.read(1), c.read(2)), (Some(4.0), None, Some(2.0)));
/// assert!(c.offset(&Scalar::Int(1)).is_err()); // F2(2) + 1 does not add
/// ```
#[derive(Clone, Copy)]
pub struct SliceAccessor<'a, T> {
    data: &'a [T],
    origin: i64,
    /// The F2 value that moved it, XORed into every offset.
    xor: i64,
}

impl<'a, T> SliceAccessor<'a, T> {
    /// Offset 0 at `data[0]`.
    pub fn new(data: &'a [T]) -> Self {
        SliceAccessor {
            data,
            origin: 0,
            xor: 0,
        }
    }

    /// Offset 0 at `data[origin]` (which may lie outside `data`: only the
    /// offsets that land inside it can be read).
    pub fn with_origin(data: &'a [T], origin: i64) -> Self {
        SliceAccessor {
            data,
            origin,
            xor: 0,
        }
    }

    /// The slice.
    pub fn data(&self) -> &'a [T] {
        self.data
    }

    /// The position in the slice of offset 0.
    pub fn origin(&self) -> i64 {
        self.origin
    }
}

slice_backed!(read SliceAccessor<'_, T>, "SliceAccessor +");

impl<T> PartialEq for SliceAccessor<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.data, other.data) && (self.origin, self.xor) == (other.origin, other.xor)
    }
}

impl<T> fmt::Debug for SliceAccessor<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SliceAccessor({} x {}, origin {}{})",
            self.data.len(),
            core::any::type_name::<T>(),
            self.origin,
            XorNote(self.xor)
        )
    }
}

/// `, xor F2(m)` after an accessor's origin, when an F2 value moved it.
struct XorNote(i64);

impl fmt::Display for XorNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => Ok(()),
            m => write!(f, ", xor {}", crate::F2(m.unsigned_abs())),
        }
    }
}

/// A read/write accessor over a borrowed mutable slice: offset `i` is
/// `data[origin + i]`, or `data[origin + (i XOR m)]` once the F2 value `m`
/// moved it.
///
/// # Examples
/// ```
/// use cute_dynamic::accessor::{Accessor, MutableAccessor, SliceAccessorMut};
/// let mut data = [1.0, 2.0, 3.0, 4.0];
/// let mut a = SliceAccessorMut::new(&mut data);
/// a.write(2, 9.0).unwrap();
/// assert!(a.write(4, 0.0).is_err());
/// assert_eq!(data, [1.0, 2.0, 9.0, 4.0]);
/// ```
pub struct SliceAccessorMut<'a, T> {
    data: &'a mut [T],
    origin: i64,
    /// The F2 value that moved it, XORed into every offset.
    xor: i64,
}

impl<'a, T> SliceAccessorMut<'a, T> {
    /// Offset 0 at `data[0]`.
    pub fn new(data: &'a mut [T]) -> Self {
        SliceAccessorMut {
            data,
            origin: 0,
            xor: 0,
        }
    }

    /// Offset 0 at `data[origin]`.
    pub fn with_origin(data: &'a mut [T], origin: i64) -> Self {
        SliceAccessorMut {
            data,
            origin,
            xor: 0,
        }
    }

    /// The position in the slice of offset 0.
    pub fn origin(&self) -> i64 {
        self.origin
    }
}

slice_backed!(read SliceAccessorMut<'_, T>, "SliceAccessorMut +");

slice_backed!(write SliceAccessorMut<'_, T>, "SliceAccessorMut +", "Accessor[]=");

impl<T> PartialEq for SliceAccessorMut<'_, T> {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(&*self.data, &*other.data)
            && (self.origin, self.xor) == (other.origin, other.xor)
    }
}

impl<T> fmt::Debug for SliceAccessorMut<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SliceAccessorMut({} x {}, origin {}{})",
            self.data.len(),
            core::any::type_name::<T>(),
            self.origin,
            XorNote(self.xor)
        )
    }
}

// ---------------------------------------------------------------------------
// Owned storage
// ---------------------------------------------------------------------------

/// An accessor that allocates and owns its elements (the specification's
/// `Array(size, dtype)`): `size` elements, each `T::default()` (zero for the
/// numeric types), offset `i` at element `origin + i`.
///
/// Offsetting an `Array` borrows it: the view is a [`SliceAccessor`] (or a
/// [`SliceAccessorMut`]) over the same elements. Equality is identity (the
/// same allocation), as for the specification's pointers.
///
/// # Examples
/// ```
/// use cute_dynamic::accessor::{Accessor, Array, MutableAccessor};
/// let mut a = Array::<i32>::new(16);
/// a.write(5, 42).unwrap();
/// assert_eq!(a.read(5), Some(42));
/// assert_eq!(a.len(), 16);
/// assert_eq!(a.as_slice()[5], 42);
/// ```
pub struct Array<T> {
    data: Vec<T>,
    origin: i64,
    /// Always 0: an array is never moved (its views are slice accessors).
    xor: i64,
}

impl<T: Copy + Default> Array<T> {
    /// `size` elements of `T::default()`, offset 0 at the first.
    pub fn new(size: usize) -> Self {
        Array::from_vec(vec![T::default(); size])
    }
}

impl<T> Array<T> {
    /// An array owning `data`, offset 0 at `data[0]`.
    pub fn from_vec(data: Vec<T>) -> Self {
        Array::from_vec_with_origin(data, 0)
    }

    /// An array owning `data`, offset 0 at `data[origin]` (for layouts with
    /// negative strides, whose offsets reach below 0).
    pub fn from_vec_with_origin(data: Vec<T>, origin: i64) -> Self {
        Array {
            data,
            origin,
            xor: 0,
        }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// True iff the array holds no element.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The elements, in storage order.
    pub fn as_slice(&self) -> &[T] {
        &self.data
    }

    /// The elements, writable.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.data
    }

    /// The position in the storage of offset 0.
    pub fn origin(&self) -> i64 {
        self.origin
    }

    /// The elements, by value.
    pub fn into_vec(self) -> Vec<T> {
        self.data
    }
}

slice_backed!(read Array<T>, "Array +");

slice_backed!(write Array<T>, "Array +", "Array[]=");

impl<T> PartialEq for Array<T> {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self, other)
    }
}

impl<T> fmt::Debug for Array<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Array({}, {})",
            self.data.len(),
            core::any::type_name::<T>()
        )
    }
}

// ---------------------------------------------------------------------------
// Accessors without storage
// ---------------------------------------------------------------------------

/// An accessor with no memory behind it: offset `i` reads `origin + i`
/// (the specification's `ImplicitAccessor`).
///
/// The origin and the values are [`Scalar`]s, so a layout with coordinate
/// strides (`E(0)`, `E(1)`) read through it yields coordinates: this is the
/// accessor of [`identity_tensor`](crate::tensor::identity_tensor), and the
/// one through which a layout is printed and drawn as a table of its
/// offsets.
///
/// # Examples
/// ```
/// use cute_dynamic::accessor::{Accessor, ImplicitAccessor};
/// use cute_dynamic::Scalar;
/// assert_eq!(ImplicitAccessor::new(0).read(7), Some(Scalar::Int(7)));
/// assert_eq!(ImplicitAccessor::new(100).read(7), Some(Scalar::Int(107)));
/// assert_eq!((ImplicitAccessor::new(0) + 100).read(7), Some(Scalar::Int(107)));
/// assert_eq!((ImplicitAccessor::new(0) + 100).origin(), &Scalar::Int(100));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ImplicitAccessor {
    origin: Scalar,
}

impl ImplicitAccessor {
    /// Offset `i` reads `origin + i`.
    pub fn new(origin: impl Into<Scalar>) -> Self {
        ImplicitAccessor {
            origin: origin.into(),
        }
    }

    /// The value at offset 0.
    pub fn origin(&self) -> &Scalar {
        &self.origin
    }
}

impl core::ops::Add<i64> for ImplicitAccessor {
    type Output = ImplicitAccessor;

    /// The accessor moved by `k`.
    ///
    /// # Panics
    /// If the origin is an integer and `origin + k` overflows, or the origin
    /// is a coordinate or an F2 value and `k` is not 0 (use
    /// [`Accessor::offset`] for a checked move).
    fn add(self, k: i64) -> ImplicitAccessor {
        match self.offset(&Scalar::Int(k)) {
            Ok(a) => a,
            Err(e) => panic!("{e}"),
        }
    }
}

impl Accessor for ImplicitAccessor {
    type Value = Scalar;
    type View<'a> = ImplicitAccessor;

    /// `origin + i`; `None` if the sum overflows or the origin does not add
    /// to an integer.
    fn read(&self, i: i64) -> Option<Scalar> {
        self.origin.add(&Scalar::Int(i)).ok()
    }

    fn bounds(&self) -> Option<Range<i64>> {
        None
    }

    fn offset(&self, by: &Scalar) -> Result<ImplicitAccessor> {
        Ok(ImplicitAccessor {
            origin: self.origin.add(by)?,
        })
    }

    fn read_at(&self, offset: &Scalar) -> Result<Scalar> {
        self.origin.add(offset)
    }
}

/// An accessor that reads another and applies a function to every value
/// read: `TransformAccessor::new(a, f).read(i) == a.read(i).map(f)` (the
/// specification's `TransformAccessor`).
///
/// Offsetting moves the inner accessor. Read-only: there is no inverse with
/// which to push a write back through the function.
///
/// # Examples
/// ```
/// use cute_dynamic::accessor::{Accessor, Array, MutableAccessor, TransformAccessor};
/// let mut a = Array::<i32>::new(4);
/// a.write(3, 3).unwrap();
/// let sq = TransformAccessor::new(&a, |x: i32| x * x);
/// assert_eq!(sq.read(3), Some(9));
/// ```
#[derive(Clone, Copy)]
pub struct TransformAccessor<A, F> {
    inner: A,
    transform: F,
}

impl<A, F> TransformAccessor<A, F> {
    /// Reads `inner` through `transform`.
    pub fn new(inner: A, transform: F) -> Self {
        TransformAccessor { inner, transform }
    }

    /// The accessor read.
    pub fn inner(&self) -> &A {
        &self.inner
    }
}

impl<A, F, U> Accessor for TransformAccessor<A, F>
where
    A: Accessor,
    F: Fn(A::Value) -> U,
{
    type Value = U;
    type View<'a>
        = TransformAccessor<A::View<'a>, &'a F>
    where
        Self: 'a;

    #[inline]
    fn read(&self, i: i64) -> Option<U> {
        self.inner.read(i).map(&self.transform)
    }

    fn bounds(&self) -> Option<Range<i64>> {
        self.inner.bounds()
    }

    fn xor_mask(&self) -> i64 {
        self.inner.xor_mask()
    }

    fn offset(&self, by: &Scalar) -> Result<Self::View<'_>> {
        Ok(TransformAccessor {
            inner: self.inner.offset(by)?,
            transform: &self.transform,
        })
    }

    fn read_at(&self, offset: &Scalar) -> Result<U> {
        self.inner.read_at(offset).map(&self.transform)
    }
}

impl<A: fmt::Debug, F> fmt::Debug for TransformAccessor<A, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TransformAccessor({:?}, fn)", self.inner)
    }
}

// ---------------------------------------------------------------------------
// References
// ---------------------------------------------------------------------------

/// A shared reference reads as the accessor it points to, so a tensor can
/// borrow an accessor (`Tensor::new(&array, layout)`).
impl<A: Accessor + ?Sized> Accessor for &A {
    type Value = A::Value;
    type View<'b>
        = A::View<'b>
    where
        Self: 'b;

    #[inline]
    fn read(&self, i: i64) -> Option<A::Value> {
        (**self).read(i)
    }

    fn bounds(&self) -> Option<Range<i64>> {
        (**self).bounds()
    }

    fn xor_mask(&self) -> i64 {
        (**self).xor_mask()
    }

    fn offset(&self, by: &Scalar) -> Result<A::View<'_>> {
        (**self).offset(by)
    }

    fn read_at(&self, offset: &Scalar) -> Result<A::Value> {
        (**self).read_at(offset)
    }

    fn memory(&self) -> Option<(&[A::Value], i64)> {
        (**self).memory()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atuple::e;

    #[test]
    fn test_implicit_accessor_spec() {
        // ImplicitAccessor(0)[7] == 7, (ImplicitAccessor(0) + 100).origin == 100
        assert_eq!(ImplicitAccessor::new(0).read(7), Some(Scalar::Int(7)));
        assert_eq!(ImplicitAccessor::new(100).read(7), Some(Scalar::Int(107)));
        let moved = ImplicitAccessor::new(0) + 100;
        assert_eq!(moved.read(7), Some(Scalar::Int(107)));
        assert_eq!(moved.origin(), &Scalar::Int(100));
        // a coordinate origin reads coordinates
        let c = ImplicitAccessor::new(0).offset(&e(&[1])).unwrap();
        assert_eq!(c.read_at(&e(&[0])).unwrap().to_string(), "(1, 1)");
        assert_eq!(c.read(3), None); // (0, 1) + 3 is not a value
        assert_eq!(ImplicitAccessor::new(i64::MAX).read(1), None);
    }

    #[test]
    fn test_array_spec() {
        // a = Array(16, dtype=ctypes.c_int); a[5] = 42; a[5] == 42
        let mut a = Array::<i32>::new(16);
        a.write(5, 42).unwrap();
        assert_eq!(a.read(5), Some(42));
        assert_eq!(a.read(4), Some(0));
        assert_eq!(a.read(-1), None);
        assert_eq!(
            a.write(16, 1).unwrap_err().class(),
            cute_core::ErrorClass::IndexError
        );
        assert_eq!(a.bounds(), Some(0..16));
        let v = a.offset(&Scalar::Int(5)).unwrap();
        assert_eq!(v.read(0), Some(42));
        assert_eq!(v.bounds(), Some(-5..11));
        let mut a2 = Array::<i32>::new(16);
        assert!(a != a2 && a == a);
        a2.offset_mut(&Scalar::Int(3)).unwrap().write(1, 7).unwrap();
        assert_eq!(a2.as_slice()[4], 7);
    }

    #[test]
    fn test_transform_accessor_spec() {
        // TransformAccessor(a, lambda x: x * x)[3] == 9
        let mut a = Array::<i32>::new(4);
        a.write(3, 3).unwrap();
        let t = TransformAccessor::new(&a, |x: i32| x * x);
        assert_eq!(t.read(3), Some(9));
        assert_eq!(t.read(4), None);
        // offsetting propagates to the inner accessor
        let t1 = t.offset(&Scalar::Int(1)).unwrap();
        assert_eq!(t1.read(2), Some(9));
        assert_eq!(t1.bounds(), Some(-1..3));
    }

    #[test]
    fn test_offsets_are_typed() {
        let data = [1u8, 2, 3];
        let a = SliceAccessor::new(&data);
        assert_eq!(
            a.offset(&e(&[0])).unwrap_err().class(),
            cute_core::ErrorClass::TypeError
        );
        assert_eq!(a.read_at(&Scalar::F2(crate::F2(2))).unwrap(), 3);
        assert_eq!(
            a.read_at(&Scalar::Int(3)).unwrap_err().class(),
            cute_core::ErrorClass::IndexError
        );
        assert!(a
            .offset(&Scalar::Int(i64::MAX))
            .unwrap()
            .offset(&Scalar::Int(1))
            .is_err());
        let far = SliceAccessor::with_origin(&data, i64::MIN);
        assert_eq!(far.read(-1), None);
        assert_eq!(far.read(i64::MAX), None);
    }

    #[test]
    fn test_slice_identity() {
        let data = [1, 2, 3, 4];
        let a = SliceAccessor::new(&data);
        let b = SliceAccessor::new(&data[..]);
        assert_eq!(a, b);
        assert_ne!(a, SliceAccessor::new(&data[..3]));
        assert_ne!(a, a.offset(&Scalar::Int(1)).unwrap());
    }
}
