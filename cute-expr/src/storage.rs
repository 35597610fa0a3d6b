//! Memory and the accessors under the language's accessor values: the
//! element types ([`Dtype`], ctypes' scalar types), the memory the
//! evaluator owns ([`Buffer`], the specification's `Array`, shared by every
//! `Ptr`, view and name of it), and the [`Base`] accessor a value's
//! functions read through: memory from an offset, or an implicit accessor.
//!
//! Everything here is below the values: memory holds [`Elem`]s, integers or
//! floats, and an implicit accessor reads stride scalars; how a value is
//! written into memory (ctypes' conversions and their errors) and what a
//! read gives as a value are [`crate::value`]'s, which makes a [`Base`] a
//! cute-dynamic accessor of values. Every access is checked against the
//! memory: an offset outside it is an `IndexError`, never a wild read.

use core::fmt;
use core::ops::Range;
use std::sync::{Arc, Mutex, MutexGuard};

use cute_core::{Error, Result};
use cute_dynamic::typedefs::Scalar;

/// The type of the elements of memory: one of ctypes' scalar types, the
/// values of the specification's `dtype` arguments (`Array(16,
/// dtype=ctypes.c_int)`, `make_tensor(layout, dtype=c_double)`).
///
/// The names of ctypes that are aliases on a 64-bit Linux host name the
/// same type, as in Python: `c_int32` is `c_int`, `c_int64` and `c_longlong`
/// are `c_long`, `c_size_t` is `c_ulong`.
///
/// # Examples
/// ```
/// use cute_expr::{eval_expr, Dtype};
/// assert_eq!(Dtype::by_name("c_int32"), Some(Dtype::Int));
/// assert_eq!(eval_expr("ctypes.c_int64").unwrap().to_string(), "<class 'ctypes.c_long'>");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dtype {
    /// `c_byte` (`c_int8`).
    Byte,
    /// `c_ubyte` (`c_uint8`).
    UByte,
    /// `c_short` (`c_int16`).
    Short,
    /// `c_ushort` (`c_uint16`).
    UShort,
    /// `c_int` (`c_int32`).
    Int,
    /// `c_uint` (`c_uint32`).
    UInt,
    /// `c_long` (`c_int64`, `c_longlong`, `c_ssize_t`).
    Long,
    /// `c_ulong` (`c_uint64`, `c_ulonglong`, `c_size_t`); the evaluator's
    /// integers reach `2**63 - 1` of it.
    ULong,
    /// `c_float`: a 32-bit float.
    Float,
    /// `c_double`: a 64-bit float, the specification's default.
    Double,
}

/// Every name of a dtype, and the type it names.
pub(crate) const DTYPE_NAMES: &[(&str, Dtype)] = &[
    ("c_byte", Dtype::Byte),
    ("c_int8", Dtype::Byte),
    ("c_ubyte", Dtype::UByte),
    ("c_uint8", Dtype::UByte),
    ("c_short", Dtype::Short),
    ("c_int16", Dtype::Short),
    ("c_ushort", Dtype::UShort),
    ("c_uint16", Dtype::UShort),
    ("c_int", Dtype::Int),
    ("c_int32", Dtype::Int),
    ("c_uint", Dtype::UInt),
    ("c_uint32", Dtype::UInt),
    ("c_long", Dtype::Long),
    ("c_int64", Dtype::Long),
    ("c_longlong", Dtype::Long),
    ("c_ssize_t", Dtype::Long),
    ("c_ulong", Dtype::ULong),
    ("c_uint64", Dtype::ULong),
    ("c_ulonglong", Dtype::ULong),
    ("c_size_t", Dtype::ULong),
    ("c_float", Dtype::Float),
    ("c_double", Dtype::Double),
];

impl Dtype {
    /// The type a ctypes name names, aliases included.
    pub fn by_name(name: &str) -> Option<Dtype> {
        DTYPE_NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, d)| d)
    }

    /// Its ctypes name (`c_int`).
    pub fn name(self) -> &'static str {
        match self {
            Dtype::Byte => "c_byte",
            Dtype::UByte => "c_ubyte",
            Dtype::Short => "c_short",
            Dtype::UShort => "c_ushort",
            Dtype::Int => "c_int",
            Dtype::UInt => "c_uint",
            Dtype::Long => "c_long",
            Dtype::ULong => "c_ulong",
            Dtype::Float => "c_float",
            Dtype::Double => "c_double",
        }
    }

    /// True for the floating-point types.
    pub fn is_float(self) -> bool {
        matches!(self, Dtype::Float | Dtype::Double)
    }

    /// The integers an integer type holds (as far as the evaluator's reach).
    pub(crate) fn range(self) -> (i64, i64) {
        match self {
            Dtype::Byte => (i8::MIN.into(), i8::MAX.into()),
            Dtype::UByte => (0, u8::MAX.into()),
            Dtype::Short => (i16::MIN.into(), i16::MAX.into()),
            Dtype::UShort => (0, u16::MAX.into()),
            Dtype::Int => (i32::MIN.into(), i32::MAX.into()),
            Dtype::UInt => (0, u32::MAX.into()),
            Dtype::Long | Dtype::Float | Dtype::Double => (i64::MIN, i64::MAX),
            Dtype::ULong => (0, i64::MAX),
        }
    }

    /// `x` as this floating-point type holds it (rounded to 32 bits for
    /// `c_float`).
    pub(crate) fn round(self, x: f64) -> Elem {
        match self {
            Dtype::Float => Elem::Float(f64::from(x as f32)),
            _ => Elem::Float(x),
        }
    }
}

impl fmt::Display for Dtype {
    /// Python's repr of the ctypes class.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<class 'ctypes.{}'>", self.name())
    }
}

/// One element of memory: an integer for an integer type, a float for a
/// floating-point one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Elem {
    /// An element of an integer type.
    Int(i64),
    /// An element of a floating-point type.
    Float(f64),
}

// ---------------------------------------------------------------------------
// Memory
// ---------------------------------------------------------------------------

/// Memory the evaluator owns: `len` elements of one dtype, zero at first,
/// shared by every accessor and tensor over it.
pub(crate) struct Buffer {
    dtype: Dtype,
    len: usize,
    data: Mutex<Data>,
}

/// The elements, of the kind the dtype holds.
enum Data {
    Ints(Vec<i64>),
    Floats(Vec<f64>),
}

impl Buffer {
    /// `len` zeros of `dtype`.
    ///
    /// # Errors
    /// `ValueError` if the elements cannot be allocated.
    pub(crate) fn new(dtype: Dtype, len: usize) -> Result<Buffer> {
        fn zeros<T: Copy>(len: usize, zero: T) -> Result<Vec<T>> {
            let mut v = Vec::new();
            v.try_reserve_exact(len)
                .map_err(|_| Error::value("Array", format!("cannot allocate {len} elements")))?;
            v.resize(len, zero);
            Ok(v)
        }
        let data = if dtype.is_float() {
            Data::Floats(zeros(len, 0.0)?)
        } else {
            Data::Ints(zeros(len, 0)?)
        };
        Ok(Buffer {
            dtype,
            len,
            data: Mutex::new(data),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Data> {
        // a panic cannot leave the elements half-written: take them anyway
        self.data.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The type of its elements.
    #[inline]
    pub(crate) fn dtype(&self) -> Dtype {
        self.dtype
    }

    /// The number of its elements.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Element `k`, if there is one.
    pub(crate) fn get(&self, k: usize) -> Option<Elem> {
        match &*self.lock() {
            Data::Ints(v) => v.get(k).map(|&x| Elem::Int(x)),
            Data::Floats(v) => v.get(k).map(|&x| Elem::Float(x)),
        }
    }

    /// Writes element `k`; nothing if there is none.
    ///
    /// # Pre-conditions
    /// `e` is of the kind the dtype holds ([`Dtype::round`] for a float
    /// type, an integer within [`Dtype::range`] for an integer type);
    /// another kind is not written.
    pub(crate) fn set(&self, k: usize, e: Elem) {
        match (&mut *self.lock(), e) {
            (Data::Ints(v), Elem::Int(x)) => {
                if let Some(slot) = v.get_mut(k) {
                    *slot = x;
                }
            }
            (Data::Floats(v), Elem::Float(x)) => {
                if let Some(slot) = v.get_mut(k) {
                    *slot = x;
                }
            }
            // the pre-condition: a writer gives the kind of the dtype
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------
// Base accessors
// ---------------------------------------------------------------------------

/// The accessor under a value's functions: memory, or an implicit accessor.
#[derive(Clone)]
pub(crate) enum Base {
    /// Element `pos + (i XOR xor)` of `buf` is offset `i`: `xor` is the F2
    /// value that moved the accessor (0 if none did; a view of a swizzled
    /// tensor has one). `array` is true for the `Array` itself (its first
    /// element at offset 0), false for a `Ptr`.
    Memory {
        buf: Arc<Buffer>,
        pos: i64,
        xor: i64,
        array: bool,
    },
    /// Offset `i` reads `origin + i`.
    Implicit(Scalar),
}

/// The integer offset an integer or F2 offset addresses.
pub(crate) fn int_offset(op: &'static str, off: &Scalar) -> Result<i64> {
    match off {
        Scalar::Int(i) => Ok(*i),
        Scalar::F2(f) => i64::try_from(f.0)
            .map_err(|_| Error::overflow(op, format!("the F2 offset {off} leaves the i64 range"))),
        other => Err(Error::type_error(
            op,
            format!(
                "the offset {other} is a coordinate; only an ImplicitAccessor reads coordinates"
            ),
        )),
    }
}

impl Base {
    /// The index in the buffer of offset `i`, at position `i XOR xor`, if
    /// it is one.
    pub(crate) fn index(pos: i64, xor: i64, i: i64, len: usize) -> Option<usize> {
        let k = usize::try_from(pos.checked_add(i ^ xor)?).ok()?;
        (k < len).then_some(k)
    }

    /// The positions that read memory (offset `i` is at position
    /// `i XOR xor`), or `None` for an implicit accessor, which reads every
    /// offset.
    pub(crate) fn offsets(&self) -> Option<Range<i64>> {
        match self {
            Base::Memory { buf, pos, .. } => {
                // a buffer holds at most the budget of a statement: len fits
                let len = buf.len as i64;
                Some(pos.saturating_neg()..len.saturating_sub(*pos))
            }
            Base::Implicit(_) => None,
        }
    }

    /// The F2 value that moved the accessor (0 for none, and for an
    /// implicit accessor, whose origin holds its moves).
    pub(crate) fn xor(&self) -> i64 {
        match self {
            Base::Memory { xor, .. } => *xor,
            Base::Implicit(_) => 0,
        }
    }

    /// The accessor moved by the offset `by`: a `Ptr` for memory. An
    /// integer moves its position, an F2 value XORs into its offsets
    /// (cute-dynamic's [`move_by`](cute_dynamic::accessor::move_by)), as the
    /// layout values add.
    ///
    /// # Errors
    /// `TypeError` for memory moved by a coordinate, or by a nonzero
    /// integer after an F2 value; `ValueError` if the offset leaves the
    /// `i64` range.
    pub(crate) fn moved(&self, by: &Scalar) -> Result<Base> {
        match self {
            Base::Memory { buf, pos, xor, .. } => {
                let (pos, xor) = cute_dynamic::accessor::move_by("Accessor +", *pos, *xor, by)?;
                Ok(Base::Memory {
                    buf: buf.clone(),
                    pos,
                    xor,
                    array: false,
                })
            }
            Base::Implicit(o) => Ok(Base::Implicit(o.add(by)?)),
        }
    }

    /// The `IndexError` of reading or writing offset `i`, whose position
    /// is outside [`Base::offsets`].
    pub(crate) fn out_of_bounds(&self, op: &'static str, i: i64) -> Error {
        let at = match self.xor() {
            0 => format!("offset {i}"),
            m => format!("offset {i} (position {i} XOR {m} = {})", i ^ m),
        };
        match self.offsets() {
            Some(r) => Error::out_of_range(
                op,
                i,
                Some(cute_core::Operand::Text(format!("{}..{}", r.start, r.end))),
                format!(
                    "{at} is outside the memory's offsets {}..{}",
                    r.start, r.end
                ),
            ),
            None => Error::out_of_range(op, i, None, format!("{at} cannot be read")),
        }
    }
}

impl PartialEq for Base {
    /// Memory is equal by identity (the same buffer from the same offset,
    /// moved by the same F2 value), an implicit accessor by its origin.
    fn eq(&self, other: &Base) -> bool {
        match (self, other) {
            (
                Base::Memory {
                    buf: a,
                    pos: p,
                    xor: x,
                    ..
                },
                Base::Memory {
                    buf: b,
                    pos: q,
                    xor: y,
                    ..
                },
            ) => Arc::ptr_eq(a, b) && (p, x) == (q, y),
            (Base::Implicit(a), Base::Implicit(b)) => a == b,
            _ => false,
        }
    }
}

impl fmt::Debug for Base {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Base {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Base::Memory {
                buf,
                pos,
                xor,
                array,
            } => {
                let a = format!("Array({}, dtype=ctypes.{})", buf.len, buf.dtype.name());
                match (array, *pos) {
                    (true, _) => f.write_str(&a)?,
                    (false, 0) => write!(f, "Ptr({a})")?,
                    (false, p) if p < 0 => write!(f, "Ptr({a}) - {}", p.unsigned_abs())?,
                    (false, p) => write!(f, "Ptr({a}) + {p}")?,
                }
                match *xor {
                    0 => Ok(()),
                    x => write!(f, " + F2({x})"),
                }
            }
            Base::Implicit(o) => write!(f, "ImplicitAccessor({o})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memory(dtype: Dtype, len: usize, pos: i64) -> Base {
        Base::Memory {
            buf: Arc::new(Buffer::new(dtype, len).unwrap()),
            pos,
            xor: 0,
            array: pos == 0,
        }
    }

    #[test]
    fn dtypes_by_name() {
        assert_eq!(Dtype::by_name("c_int32"), Some(Dtype::Int));
        assert_eq!(Dtype::by_name("c_size_t"), Some(Dtype::ULong));
        assert_eq!(Dtype::by_name("c_char"), None);
        for &(name, d) in DTYPE_NAMES {
            assert_eq!(Dtype::by_name(d.name()), Some(d), "{name}");
        }
        assert_eq!(Dtype::Short.range(), (-32768, 32767));
        assert_eq!(Dtype::Float.round(0.1), Elem::Float(f64::from(0.1f32)));
        assert_eq!(Dtype::Double.to_string(), "<class 'ctypes.c_double'>");
    }

    #[test]
    fn buffers_hold_zeros_and_what_is_written() {
        let b = Buffer::new(Dtype::Int, 3).unwrap();
        assert_eq!((b.dtype(), b.len()), (Dtype::Int, 3));
        assert_eq!(b.get(2), Some(Elem::Int(0)));
        b.set(2, Elem::Int(7));
        assert_eq!(b.get(2), Some(Elem::Int(7)));
        // another kind of element, or an index past the end, writes nothing
        b.set(1, Elem::Float(1.5));
        b.set(3, Elem::Int(1));
        assert_eq!((b.get(1), b.get(3)), (Some(Elem::Int(0)), None));
        let f = Buffer::new(Dtype::Double, 1).unwrap();
        assert_eq!(f.get(0), Some(Elem::Float(0.0)));
        assert!(Buffer::new(Dtype::Long, usize::MAX).is_err());
    }

    #[test]
    fn offsets_of_memory_and_of_implicit_accessors() {
        let m = memory(Dtype::Int, 4, 0);
        assert_eq!(m.offsets(), Some(0..4));
        let p = m.moved(&Scalar::Int(3)).unwrap();
        assert_eq!(p.offsets(), Some(-3..1));
        assert_eq!(p.to_string(), "Ptr(Array(4, dtype=ctypes.c_int)) + 3");
        assert_eq!(m.to_string(), "Array(4, dtype=ctypes.c_int)");
        assert!(p != m && p == m.moved(&Scalar::Int(3)).unwrap());
        let e = p.out_of_bounds("Accessor[]", 1);
        assert_eq!(e.class(), cute_core::ErrorClass::IndexError);
        let coordinate =
            cute_dynamic::atuple::ArithTuple::new(vec![cute_dynamic::htuple::HTuple::Leaf(
                Scalar::Int(1),
            )]);
        assert!(m.moved(&Scalar::Arith(coordinate)).is_err());
        assert!(m
            .moved(&Scalar::Int(i64::MAX))
            .unwrap()
            .moved(&Scalar::Int(1))
            .is_err());
        assert_eq!(Base::index(-1, 0, 1, 4), Some(0));
        assert_eq!(Base::index(i64::MAX, 0, 1, 4), None);
        assert_eq!(Base::index(0, 2, 1, 4), Some(1 ^ 2));
        assert_eq!(Base::index(1, 2, 1, 4), None);
        let i = Base::Implicit(Scalar::Int(100));
        assert_eq!(i.offsets(), None);
        assert_eq!(
            i.moved(&Scalar::Int(5)).unwrap().to_string(),
            "ImplicitAccessor(105)"
        );
        assert_eq!(
            int_offset("op", &Scalar::F2(cute_dynamic::swizzle::F2(6))),
            Ok(6)
        );
    }
}
