//! Tensors and accessors as values of the expression language.
//!
//! An accessor value is a *base* accessor and the functions read through it:
//!
//! - memory the evaluator owns ([`Buffer`]): the specification's `Array`,
//!   and the `Ptr`s into one (an `Array` offset by `+ k`, or `Ptr(array)`).
//!   Its elements have a ctypes type ([`Dtype`]): integers of a range, or
//!   floating-point numbers. Every access is checked against the buffer, and
//!   a tensor over it checks its layout's offsets once, when it is made;
//! - `ImplicitAccessor(origin)`: no memory, offset `i` reads `origin + i`;
//! - `TransformAccessor(a, f)`: `a` read through `f` (any callable value: a
//!   lambda, a built-in, a layout, a swizzle), which the evaluator applies
//!   after reading the base, so `f` may be a lambda.
//!
//! A tensor value is cute-dynamic's [`Tensor`] over the base accessor, with
//! the functions: its views and the algebra through it are cute-dynamic's,
//! and reading an element applies the functions in the statement's context.
//!
//! Memory is shared: a view, an offset `Ptr` and a copy of a name all see
//! the same elements, and a write through one is seen by all, as in Python.
//! A statement pays for the elements it allocates once, when it allocates
//! them ([`crate::MAX_ELEMENTS`]); naming a tensor again copies only its
//! layout.
//!
//! The specification's raw addresses (`Ptr(address, dtype)`) are not read:
//! they are a `ValueError`, as is an address without a dtype.

use core::fmt;
use core::ops::Range;
use std::sync::{Arc, Mutex, MutexGuard};

use cute_core::{Error, Result};
use cute_dynamic::accessor::{Accessor, MutableAccessor};
use cute_dynamic::htuple::{HTuple, IntTuple};
use cute_dynamic::layout::Layout;
use cute_dynamic::shape::Coord;
use cute_dynamic::tensor::Tensor;
use cute_dynamic::typedefs::Scalar;

use crate::eval::{call_value, Ctx};
use crate::ops;
use crate::value::Value;

// ---------------------------------------------------------------------------
// Element types
// ---------------------------------------------------------------------------

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
    fn range(self) -> (i64, i64) {
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

    /// The element a value is stored as.
    ///
    /// # Errors
    /// `TypeError` for a value that is not a number (or a float for an
    /// integer type, as ctypes); `ValueError` for an integer outside the
    /// type's range (ctypes would wrap it silently).
    fn store(self, v: &Value) -> Result<Elem> {
        let op = "Accessor[]=";
        let int = match v {
            Value::Int(x) => Some(*x),
            Value::Bool(b) => Some(i64::from(*b)),
            _ => None,
        };
        match (self.is_float(), int, v) {
            (true, Some(x), _) => Ok(self.round(x as f64)),
            (true, None, Value::Float(x)) => Ok(self.round(*x)),
            (false, Some(x), _) => {
                let (lo, hi) = self.range();
                if x < lo || x > hi {
                    return Err(Error::value(
                        op,
                        format!("{x} does not fit ctypes.{} ({lo} to {hi})", self.name()),
                    ));
                }
                Ok(Elem::Int(x))
            }
            (false, None, Value::Float(_)) => Err(Error::type_error(
                op,
                format!("ctypes.{} holds integers, not the float {v}", self.name()),
            )),
            _ => Err(Error::type_error(
                op,
                format!(
                    "ctypes.{} holds numbers, not {} {v}",
                    self.name(),
                    v.type_name()
                ),
            )),
        }
    }

    /// `x` as this floating-point type holds it (rounded to 32 bits for
    /// `c_float`).
    fn round(self, x: f64) -> Elem {
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

/// One element of memory.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Elem {
    Int(i64),
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

enum Data {
    Ints(Vec<i64>),
    Floats(Vec<f64>),
}

impl Buffer {
    /// `len` zeros of `dtype`.
    ///
    /// # Errors
    /// `ValueError` if the elements cannot be allocated.
    fn new(dtype: Dtype, len: usize) -> Result<Buffer> {
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

    fn get(&self, k: usize) -> Option<Value> {
        match &*self.lock() {
            Data::Ints(v) => v.get(k).map(|&x| Value::Int(x)),
            Data::Floats(v) => v.get(k).map(|&x| Value::Float(x)),
        }
    }

    fn set(&self, k: usize, e: Elem) {
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
            // Dtype::store gives the element kind of the buffer's dtype
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
    /// Element `pos + i` of `buf` is offset `i`. `array` is true for the
    /// `Array` itself (its first element at offset 0), false for a `Ptr`.
    Memory {
        buf: Arc<Buffer>,
        pos: i64,
        array: bool,
    },
    /// Offset `i` reads `origin + i`.
    Implicit(Scalar),
}

/// The integer offset an integer or F2 offset addresses.
fn int_offset(op: &'static str, off: &Scalar) -> Result<i64> {
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
    /// The index in the buffer of offset `i`, if it is one.
    fn index(pos: i64, i: i64, len: usize) -> Option<usize> {
        let k = usize::try_from(pos.checked_add(i)?).ok()?;
        (k < len).then_some(k)
    }

    fn out_of_bounds(&self, op: &'static str, i: i64) -> Error {
        match self.bounds() {
            Some(r) => Error::out_of_range(
                op,
                i,
                Some(cute_core::Operand::Text(format!("{}..{}", r.start, r.end))),
                format!(
                    "offset {i} is outside the memory's offsets {}..{}",
                    r.start, r.end
                ),
            ),
            None => Error::out_of_range(op, i, None, format!("offset {i} cannot be read")),
        }
    }
}

impl Accessor for Base {
    type Value = Value;
    type View<'a> = Base;

    fn read(&self, i: i64) -> Option<Value> {
        match self {
            Base::Memory { buf, pos, .. } => buf.get(Base::index(*pos, i, buf.len)?),
            Base::Implicit(o) => o.add(&Scalar::Int(i)).ok().map(Value::from_scalar),
        }
    }

    fn bounds(&self) -> Option<Range<i64>> {
        match self {
            Base::Memory { buf, pos, .. } => {
                // a buffer holds at most the budget of a statement: len fits
                let len = buf.len as i64;
                Some(pos.saturating_neg()..len.saturating_sub(*pos))
            }
            Base::Implicit(_) => None,
        }
    }

    fn offset(&self, by: &Scalar) -> Result<Base> {
        match self {
            Base::Memory { buf, pos, .. } => {
                let k = int_offset("Accessor +", by)?;
                let pos = pos.checked_add(k).ok_or_else(|| {
                    Error::overflow("Accessor +", format!("offset {pos} moved by {k}"))
                })?;
                Ok(Base::Memory {
                    buf: buf.clone(),
                    pos,
                    array: false,
                })
            }
            Base::Implicit(o) => Ok(Base::Implicit(o.add(by)?)),
        }
    }

    fn read_at(&self, off: &Scalar) -> Result<Value> {
        match self {
            Base::Memory { .. } => {
                let i = int_offset("Accessor[]", off)?;
                self.read(i)
                    .ok_or_else(|| self.out_of_bounds("Accessor[]", i))
            }
            Base::Implicit(o) => Ok(Value::from_scalar(o.add(off)?)),
        }
    }
}

impl MutableAccessor for Base {
    type ViewMut<'a> = Base;

    fn write(&mut self, i: i64, value: Value) -> Result<()> {
        match self {
            Base::Memory { buf, pos, .. } => {
                let e = buf.dtype.store(&value)?;
                match Base::index(*pos, i, buf.len) {
                    Some(k) => {
                        buf.set(k, e);
                        Ok(())
                    }
                    None => Err(self.out_of_bounds("Accessor[]=", i)),
                }
            }
            Base::Implicit(_) => Err(Error::type_error(
                "Accessor[]=",
                "an ImplicitAccessor has no memory to write",
            )),
        }
    }

    fn offset_mut(&mut self, by: &Scalar) -> Result<Base> {
        self.offset(by)
    }
}

impl PartialEq for Base {
    /// Memory is equal by identity (the same buffer from the same offset),
    /// an implicit accessor by its origin.
    fn eq(&self, other: &Base) -> bool {
        match (self, other) {
            (Base::Memory { buf: a, pos: p, .. }, Base::Memory { buf: b, pos: q, .. }) => {
                Arc::ptr_eq(a, b) && p == q
            }
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
            Base::Memory { buf, pos, array } => {
                let a = format!("Array({}, dtype=ctypes.{})", buf.len, buf.dtype.name());
                match (array, *pos) {
                    (true, _) => f.write_str(&a),
                    (false, 0) => write!(f, "Ptr({a})"),
                    (false, p) if p < 0 => write!(f, "Ptr({a}) - {}", p.unsigned_abs()),
                    (false, p) => write!(f, "Ptr({a}) + {p}"),
                }
            }
            Base::Implicit(o) => write!(f, "ImplicitAccessor({})", Value::from_scalar(o.clone())),
        }
    }
}

// ---------------------------------------------------------------------------
// Accessor and tensor values
// ---------------------------------------------------------------------------

/// An accessor value: `Array`, `Ptr`, `ImplicitAccessor` or
/// `TransformAccessor`.
///
/// Its `Display` is a repr that evaluates to an equal accessor where one
/// exists (`ImplicitAccessor(100)`, `Ptr(Array(16, dtype=ctypes.c_int)) +
/// 5` names the same memory only through the value itself).
///
/// # Examples
/// ```
/// use cute_expr::{eval, Env, Outcome};
/// let mut env = Env::new();
/// eval("a = Array(4, dtype=ctypes.c_int); a[3] = 3", &mut env).unwrap();
/// let Outcome::Value(v) = eval("TransformAccessor(a + 1, lambda x: x * x)", &mut env).unwrap() else { panic!() };
/// assert_eq!(v.to_string(), "TransformAccessor(Ptr(Array(4, dtype=ctypes.c_int)) + 1, <function <lambda>>)");
/// let Outcome::Value(v) = eval("TransformAccessor(a + 1, lambda x: x * x)[2]", &mut env).unwrap() else { panic!() };
/// assert_eq!(v.to_string(), "9");
/// ```
#[derive(Clone)]
pub struct AccessorValue {
    pub(crate) base: Base,
    /// The functions read through, innermost first.
    pub(crate) transforms: Vec<Value>,
}

impl AccessorValue {
    pub(crate) fn new(base: Base) -> AccessorValue {
        AccessorValue {
            base,
            transforms: Vec::new(),
        }
    }

    /// The specification's class of the accessor.
    pub fn type_name(&self) -> &'static str {
        match (&self.base, self.transforms.is_empty()) {
            (_, false) => "TransformAccessor",
            (Base::Memory { array: true, .. }, true) => "Array",
            (Base::Memory { .. }, true) => "Ptr",
            (Base::Implicit(_), true) => "ImplicitAccessor",
        }
    }

    /// True iff it can be written: memory, read directly.
    pub fn is_mutable(&self) -> bool {
        self.transforms.is_empty() && matches!(self.base, Base::Memory { .. })
    }

    /// The type of its elements, for an accessor over memory.
    pub fn dtype(&self) -> Option<Dtype> {
        match &self.base {
            Base::Memory { buf, .. } => Some(buf.dtype),
            Base::Implicit(_) => None,
        }
    }

    /// The `Array` owning its memory (the specification's `Ptr.base()`),
    /// for an accessor over memory.
    pub fn owner(&self) -> Option<AccessorValue> {
        match &self.base {
            Base::Memory { buf, .. } => Some(AccessorValue::new(Base::Memory {
                buf: buf.clone(),
                pos: 0,
                array: true,
            })),
            Base::Implicit(_) => None,
        }
    }
}

/// Two lists of functions are the same functions, in order.
fn same_transforms(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(f, g)| ops::py_eq(f, g))
}

impl PartialEq for AccessorValue {
    fn eq(&self, other: &AccessorValue) -> bool {
        self.base == other.base && same_transforms(&self.transforms, &other.transforms)
    }
}

impl fmt::Display for AccessorValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in &self.transforms {
            f.write_str("TransformAccessor(")?;
        }
        write!(f, "{}", self.base)?;
        for t in &self.transforms {
            write!(f, ", {t})")?;
        }
        Ok(())
    }
}

impl fmt::Debug for AccessorValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A tensor value: an accessor composed with a layout.
///
/// Its `Display` is `Tensor(accessor, layout)`.
///
/// # Examples
/// ```
/// use cute_expr::{eval_expr, Value};
/// let v = eval_expr("make_tensor(Layout((2, 3), (3, 1)), dtype=ctypes.c_int)").unwrap();
/// assert_eq!(v.to_string(), "Tensor(Array(6, dtype=ctypes.c_int), Layout((2, 3), (3, 1)))");
/// let Value::Tensor(t) = &v else { panic!("a tensor") };
/// assert_eq!(t.layout().to_string(), "(2, 3):(3, 1)");
/// ```
#[derive(Clone)]
pub struct TensorValue {
    pub(crate) tensor: Tensor<Base>,
    pub(crate) transforms: Vec<Value>,
}

impl TensorValue {
    /// The tensor reading `accessor` through `layout`.
    ///
    /// # Errors
    /// `ValueError` if the layout reaches outside the accessor's memory, or
    /// has a coordinate codomain over memory.
    pub(crate) fn new(accessor: AccessorValue, layout: Layout) -> Result<TensorValue> {
        Ok(TensorValue {
            tensor: Tensor::new(accessor.base, layout)?,
            transforms: accessor.transforms,
        })
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        self.tensor.layout()
    }

    /// The accessor.
    pub fn accessor(&self) -> AccessorValue {
        AccessorValue {
            base: self.tensor.accessor().clone(),
            transforms: self.transforms.clone(),
        }
    }

    /// The same accessor through another layout.
    ///
    /// # Errors
    /// As [`TensorValue::new`].
    pub(crate) fn with_layout(&self, layout: Layout) -> Result<TensorValue> {
        Ok(TensorValue {
            tensor: Tensor::new(self.tensor.accessor().clone(), layout)?,
            transforms: self.transforms.clone(),
        })
    }

    /// A view of the same storage through `(offset, layout)`.
    fn view(&self, t: Tensor<Base>) -> TensorValue {
        TensorValue {
            tensor: t,
            transforms: self.transforms.clone(),
        }
    }

    /// The sub-tensor at a mode path (`T.get(mode)`).
    ///
    /// # Errors
    /// `IndexError` if `mode` names no mode.
    pub(crate) fn mode(&self, mode: &[usize]) -> Result<TensorValue> {
        Ok(self.view(self.tensor.mode(mode)?))
    }
}

impl PartialEq for TensorValue {
    fn eq(&self, other: &TensorValue) -> bool {
        self.tensor == other.tensor && same_transforms(&self.transforms, &other.transforms)
    }
}

impl fmt::Display for TensorValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tensor({}, {:?})", self.accessor(), self.layout())
    }
}

impl fmt::Debug for TensorValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// ---------------------------------------------------------------------------
// Making them
// ---------------------------------------------------------------------------

/// Allocates `len` elements of `dtype` for the statement `cx`.
///
/// # Errors
/// `ValueError` if the statement may not build that many elements.
pub(crate) fn allocate(cx: &mut Ctx<'_>, op: &'static str, dtype: Dtype, len: i64) -> Result<Base> {
    let n = u64::try_from(len)
        .map_err(|_| Error::value(op, format!("cannot allocate {len} elements")))?;
    cx.charge(op, n)?;
    let len = usize::try_from(n).map_err(|_| crate::eval::too_many(op))?;
    Ok(Base::Memory {
        buf: Arc::new(Buffer::new(dtype, len)?),
        pos: 0,
        array: true,
    })
}

// ---------------------------------------------------------------------------
// Reading and writing
// ---------------------------------------------------------------------------

/// `v` read through the functions, innermost first.
fn apply(cx: &mut Ctx<'_>, transforms: &[Value], mut v: Value) -> Result<Value> {
    for f in transforms {
        v = call_value(cx, f, &[v], &[])?;
    }
    Ok(v)
}

/// An index of a tensor as a coordinate: integers, and `None` or `:` for a
/// mode left unnamed, in any nesting.
fn index_coord(op: &'static str, i: &Value) -> Result<Coord> {
    match i {
        Value::Int(x) => Ok(HTuple::Leaf(Some(*x))),
        Value::Bool(b) => Ok(HTuple::Leaf(Some(i64::from(*b)))),
        Value::None => Ok(HTuple::Leaf(None)),
        Value::Slice(s) if s.start.is_none() && s.stop.is_none() && s.step.is_none() => {
            Ok(HTuple::Leaf(None))
        }
        Value::Slice(_) => Err(Error::type_error(
            op,
            format!("a tensor is indexed by coordinates; {i} is not ':' (use None or : for a whole mode)"),
        )),
        Value::Tuple(x) | Value::List(x) => Ok(HTuple::Tuple(
            x.iter().map(|y| index_coord(op, y)).collect::<Result<_>>()?,
        )),
        other => Err(Error::type_error(
            op,
            format!("a tensor index is a coordinate of integers and None, got {} {other}", other.type_name()),
        )),
    }
}

/// A coordinate that names every mode, if it does.
fn full(crd: &Coord) -> Option<IntTuple> {
    crd.try_map(&mut |x: &Option<i64>| x.ok_or(())).ok()
}

/// `T[i]`: the element at a coordinate, or the view of the modes `i`
/// leaves unnamed (`None` or `:`).
pub(crate) fn tensor_getitem(cx: &mut Ctx<'_>, t: &TensorValue, i: &Value) -> Result<Value> {
    let crd = index_coord("Tensor[]", i)?;
    match full(&crd) {
        Some(c) => {
            let raw = t.tensor.get(&c)?;
            apply(cx, &t.transforms, raw)
        }
        None => Ok(Value::Tensor(Box::new(t.view(t.tensor.slice(&crd)?)))),
    }
}

/// `T[i] = v`.
///
/// # Errors
/// `ValueError` for a coordinate that leaves a mode unnamed; `TypeError` for
/// a tensor that cannot be written or a value its memory does not hold; as
/// [`Tensor::set`].
pub(crate) fn tensor_setitem(t: &TensorValue, i: &Value, v: &Value) -> Result<()> {
    let op = "Tensor[]=";
    let crd = index_coord(op, i)?;
    let Some(c) = full(&crd) else {
        return Err(Error::value(
            op,
            format!(
                "{i} leaves a mode unnamed: a write names every mode (a slicing coordinate selects a view)"
            ),
        ));
    };
    if !t.transforms.is_empty() {
        return Err(Error::type_error(
            op,
            "a TransformAccessor is read-only: there is no inverse to write back through",
        ));
    }
    // the clone shares the memory
    t.tensor.clone().set(&c, v.clone())
}

/// The offset an accessor is indexed or moved by: an integer (or a bool),
/// or for an implicit accessor any stride scalar.
fn accessor_offset(op: &'static str, a: &AccessorValue, i: &Value) -> Result<Scalar> {
    match (i, &a.base) {
        (Value::Bool(b), _) => Ok(Scalar::Int(i64::from(*b))),
        (Value::Int(_), _) | (Value::F2(_) | Value::Arith(_), Base::Implicit(_)) => i.to_scalar(op),
        (other, _) => Err(Error::type_error(
            op,
            format!(
                "{} offsets are integers, got {} {other}",
                a.type_name(),
                other.type_name()
            ),
        )),
    }
}

/// `a[i]`: the value at offset `i`.
pub(crate) fn accessor_getitem(cx: &mut Ctx<'_>, a: &AccessorValue, i: &Value) -> Result<Value> {
    let off = accessor_offset("Accessor[]", a, i)?;
    let raw = a.base.read_at(&off)?;
    apply(cx, &a.transforms, raw)
}

/// `a[i] = v`.
pub(crate) fn accessor_setitem(a: &AccessorValue, i: &Value, v: &Value) -> Result<()> {
    let op = "Accessor[]=";
    if !a.is_mutable() {
        return Err(Error::type_error(
            op,
            format!("a {} is read-only", a.type_name()),
        ));
    }
    let off = accessor_offset(op, a, i)?;
    a.base.clone().write_at(&off, v.clone())
}

/// `a + k`: the accessor moved by `k` (a `Ptr` for memory).
pub(crate) fn accessor_add(a: &AccessorValue, k: &Value) -> Result<Value> {
    let off = accessor_offset("Accessor +", a, k)?;
    Ok(Value::Accessor(Box::new(AccessorValue {
        base: a.base.offset(&off)?,
        transforms: a.transforms.clone(),
    })))
}

// ---------------------------------------------------------------------------
// Tables of cells, for printing and drawing
// ---------------------------------------------------------------------------

/// A layout or a tensor with the text of each of its cells computed: what
/// cute-dynamic's printing and drawing functions take (it implements
/// [`cute_dynamic::viz::Cells`]). A layout's cells are its values; a
/// tensor's its elements, read through its functions. An implicit tensor
/// (over `ImplicitAccessor`) whose elements are integers is colored by them,
/// as the layout of those offsets is.
///
/// # Examples
/// ```
/// use cute_expr::{cell_table, eval_expr, Env};
/// let t = eval_expr("composition(Swizzle(1, 0, 1), Layout((2, 2), (2, 1)))").unwrap();
/// let cells = cell_table(&t, &Env::new()).unwrap();
/// let text = cute_dynamic::viz::print_tensor(&cells, true).unwrap();
/// assert_eq!(text, "(2, 2):(2, 1)\n0     1\n3     2\n");
/// ```
#[derive(Clone, Debug)]
pub struct CellTable {
    layout: Layout,
    /// The sizes of the top-level modes.
    sizes: Vec<i64>,
    /// The labels, colexicographically by flat coordinate.
    labels: Vec<String>,
    /// The color keys, if not the layout's values.
    keys: Option<Vec<i64>>,
}

impl CellTable {
    /// The position of a flat coordinate among the cells.
    fn position(&self, crd: &[i64]) -> Result<usize> {
        let mut k: i64 = 0;
        let mut scale: i64 = 1;
        if crd.len() != self.sizes.len() {
            return Err(Error::rank_mismatch(
                "cell",
                self.sizes.len(),
                crd.len(),
                format!("{} coordinates for {} modes", crd.len(), self.sizes.len()),
            ));
        }
        for (&c, &n) in crd.iter().zip(&self.sizes) {
            if c < 0 || c >= n {
                return Err(Error::out_of_range(
                    "cell",
                    c,
                    Some(n.into()),
                    format!("coordinate {c} outside a mode of size {n}"),
                ));
            }
            k += c * scale;
            scale *= n;
        }
        usize::try_from(k)
            .ok()
            .filter(|&k| k < self.labels.len())
            .ok_or_else(|| Error::value("cell", "the cells of this rank were not computed"))
    }
}

impl cute_dynamic::viz::Cells for CellTable {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn label(&self, crd: &[i64]) -> Result<String> {
        Ok(self.labels[self.position(crd)?].clone())
    }

    fn color_key(&self, crd: &[i64]) -> Result<Option<i64>> {
        match &self.keys {
            Some(keys) => Ok(Some(keys[self.position(crd)?])),
            None => Ok(None),
        }
    }
}

/// The cells of a layout or a tensor value, computed in the statement `cx`.
///
/// Only a rank of 1 to 4 has its cells computed (the ranks that are printed
/// and drawn); another rank gives a table of no cells, which prints as its
/// header.
///
/// # Errors
/// `TypeError` for a value that is neither; `ValueError` if the cells are
/// more than the statement may build; whatever reading an element raises.
pub(crate) fn cells(cx: &mut Ctx<'_>, op: &'static str, v: &Value) -> Result<CellTable> {
    let (layout, tensor) = match v {
        Value::Layout(l) => ((**l).clone(), None),
        Value::Tensor(t) => (t.layout().clone(), Some(&**t)),
        other => {
            return Err(Error::type_error(
                op,
                format!(
                    "takes a Layout or a Tensor, got {} {other}",
                    other.type_name()
                ),
            ))
        }
    };
    let shape = layout.shape();
    let modes = shape.modes();
    let mut table = CellTable {
        sizes: Vec::new(),
        labels: Vec::new(),
        keys: None,
        layout: layout.clone(),
    };
    if !(1..=4).contains(&modes.len()) {
        return Ok(table);
    }
    let sizes = modes
        .iter()
        .map(cute_dynamic::htuple::product)
        .collect::<Result<Vec<i64>>>()?;
    let too_large = || crate::eval::too_many(op);
    let mut n: i64 = 1;
    for &s in &sizes {
        if s < 0 {
            return Err(Error::value(
                op,
                format!("{layout} has a mode of negative size {s}"),
            ));
        }
        n = n.checked_mul(s).ok_or_else(too_large)?;
    }
    if n as u64 > cx.room() {
        return Err(too_large());
    }
    let implicit = tensor.is_some_and(|t| matches!(t.tensor.accessor(), Base::Implicit(_)));
    let mut keys = Vec::new();
    let mut crd = vec![0i64; sizes.len()];
    let mut labels = Vec::with_capacity(n as usize);
    for _ in 0..n {
        // one integral coordinate per top-level mode (a scalar shape: a leaf)
        let c = match layout.shape() {
            HTuple::Leaf(_) => HTuple::Leaf(crd[0]),
            _ => HTuple::from_leaves(crd.iter().copied()),
        };
        let value = match tensor {
            None => Value::from_scalar(layout.call(&c)?),
            Some(t) => {
                let raw = t.tensor.get(&c)?;
                apply(cx, &t.transforms, raw)?
            }
        };
        if implicit {
            keys.push(match &value {
                Value::Int(k) => Some(*k),
                Value::F2(f) => i64::try_from(f.0).ok(),
                _ => None,
            });
        }
        let text = value.to_string();
        cx.charge(op, 1 + text.len() as u64)?;
        labels.push(text);
        // the next flat coordinate, colexicographically
        for (c, &s) in crd.iter_mut().zip(&sizes) {
            *c += 1;
            if *c < s {
                break;
            }
            *c = 0;
        }
    }
    table.keys = if implicit && keys.iter().all(Option::is_some) {
        Some(keys.into_iter().flatten().collect())
    } else {
        None
    };
    table.sizes = sizes;
    table.labels = labels;
    Ok(table)
}

#[cfg(test)]
mod tests {
    use crate::test_support::run;

    fn yes(lines: &[&str]) {
        assert_eq!(run(lines), "True", "{lines:?}");
    }

    fn class(lines: &[&str]) -> String {
        let r = run(lines);
        r.split(':').next().unwrap_or("").to_string()
    }

    #[test]
    fn test_accessor_spec() {
        yes(&[
            "a = Array(16, dtype=ctypes.c_int)",
            "a[5] = 42",
            "a[5] == 42",
        ]);
        yes(&["ImplicitAccessor(0)[7] == 7"]);
        yes(&["ImplicitAccessor(100)[7] == 107"]);
        yes(&["(ImplicitAccessor(0) + 100)[7] == 107"]);
        yes(&["(ImplicitAccessor(0) + 100).origin == 100"]);
        yes(&[
            "a = Array(4, dtype=ctypes.c_int)",
            "a[3] = 3",
            "TransformAccessor(a, lambda x: x * x)[3] == 9",
        ]);
        // a raw address: without a dtype, as the specification says, and with one
        assert!(run(&["Ptr(140000000000)"])
            .starts_with("ValueError: Ptr: a Ptr of an address needs its dtype"));
        assert!(run(&["Ptr(140000000000, ctypes.c_double)"])
            .starts_with("ValueError: Ptr: the evaluator reads no raw address"));
    }

    #[test]
    fn test_tensor_spec() {
        let t = "T = make_tensor(Layout((4, 4), (4, 1)))";
        yes(&[t, "T[1, 2] = 42.0", "T[1, 2] == 42.0"]);
        yes(&[t, "shape(T) == (4, 4)"]);
        yes(&[t, "T[1, None] == T[1, :]"]);
        yes(&[t, "shape(T[1, None]) == (4,)"]);
        yes(&[t, "T[1, 2] = 42.0", "T[1, None][2] == 42.0"]);
        yes(&["coalesce(make_tensor(Layout((4, 4), (1, 4)))).layout == Layout(16, 1)"]);
        yes(&[t, "T[2, 3] == 0.0"]);
        yes(&[t, "shape(T[None, 2]) == (4,)"]);
        yes(&["is_tensor(make_tensor(Layout((2, 2)))) == True"]);
        yes(&["is_tensor(Layout((2, 2))) == False"]);
        yes(&["identity_tensor((3, 4))[1, 2] == (1, 2)"]);
        yes(&["shape(identity_tensor((3, 4))) == (3, 4)"]);
        yes(&["shape(make_tensor(Layout((4, 4), (4, 1)))) == (4, 4)"]);
        yes(&["make_tensor((2, 3)).layout == Layout((2, 3), (1, 2))"]);
        yes(&["make_tensor(Layout((2, 2), (E(0), E(1)))) -> ValueError"]);
    }

    #[test]
    fn test_views_share_memory() {
        let t = "T = make_tensor(Layout((4, 4), (4, 1)), dtype=c_int)";
        // a write through a view is seen through the tensor, and the reverse
        yes(&[t, "R = T[2, :]", "R[3] = 7", "T[2, 3] == 7"]);
        yes(&[t, "C = T[None, 1]", "T[3, 1] = 9", "C[3] == 9"]);
        // a name is the same memory, not a copy
        yes(&[t, "U = T", "U[0, 0] = 5", "T[0, 0] == 5"]);
        // a nested coordinate and a mode path
        yes(&[
            "T = make_tensor(Layout((2, (2, 2))), dtype=c_int)",
            "T[1, (1, 0)] = 4",
            "T[(1, (1, 0))] == T[1, 1] == T[3] == 4",
        ]);
        yes(&[
            "T = make_tensor(Layout((2, (2, 2))), dtype=c_int)",
            "T.get((1,)).layout == Layout((2, 2), (2, 4))",
        ]);
        yes(&[
            "T = make_tensor(Layout((2, (2, 2))), dtype=c_int)",
            "get(T, mode=(1, 0)).layout == Layout(2, 2)",
        ]);
        yes(&[
            "T = make_tensor(Layout((2, 3)))",
            "T.shape == T.shape() == (2, 3)",
        ]);
        yes(&[
            "T = make_tensor(Layout((2, 3)))",
            "size(T) == 6 and rank(T) == 2 and depth(T) == 1",
        ]);
        // an integral coordinate reads an element; a whole-tensor view
        yes(&[t, "T[1, 1] = 3", "T[5] == 3"]);
        yes(&[t, "T[None, None] == T"]);
        // writes in a tuple assignment, in order
        yes(&[
            t,
            "T[0, 0], T[0, 1] = (1, 2)",
            "(T[0, 0], T[0, 1]) == (1, 2)",
        ]);
    }

    #[test]
    fn test_element_types() {
        assert_eq!(
            run(&["a = Array(2, dtype=c_float)", "a[0] = 0.1", "a[0]"]),
            "0.10000000149011612"
        );
        assert_eq!(run(&["a = Array(2)", "a[0] = 3", "a[0]"]), "3.0");
        assert_eq!(
            run(&["a = Array(2, dtype=c_int)", "a[0] = True", "a[0]"]),
            "1"
        );
        assert_eq!(
            class(&["a = Array(2, dtype=c_int)", "a[0] = 1.5"]),
            "TypeError"
        );
        assert_eq!(
            class(&["a = Array(2, dtype=c_byte)", "a[0] = 128"]),
            "ValueError"
        );
        assert_eq!(
            class(&["a = Array(2, dtype=c_ubyte)", "a[0] = -1"]),
            "ValueError"
        );
        assert_eq!(
            run(&["a = Array(2, dtype=ctypes.c_uint8)", "a[0] = 255", "a[0]"]),
            "255"
        );
        assert_eq!(class(&["a = Array(2)", "a[0] = 'x'"]), "TypeError");
        assert_eq!(class(&["Array(2, dtype=int)"]), "TypeError");
        assert_eq!(class(&["Array(-1)"]), "ValueError");
        // the dtypes, their aliases and their module
        assert_eq!(run(&["ctypes.c_int32"]), "<class 'ctypes.c_int'>");
        yes(&["ctypes.c_size_t == c_ulong and c_int8 == c_byte"]);
        assert_eq!(
            run(&["Array(3, dtype=c_longlong).dtype"]),
            "<class 'ctypes.c_long'>"
        );
        assert_eq!(run(&["ctypes"]), "<module 'ctypes'>");
        assert_eq!(class(&["ctypes.c_char"]), "TypeError");
        assert_eq!(class(&["c_int(3)"]), "TypeError");
        assert_eq!(class(&["ctypes()"]), "TypeError");
        // the memory is zero at first
        assert_eq!(
            run(&["print_tensor(make_tensor(3, dtype=c_short), False)"]),
            "'0\\n0\\n0\\n'"
        );
    }

    #[test]
    fn test_ptr() {
        let a = "a = Array(8, dtype=c_int)";
        assert_eq!(
            run(&[a, "Ptr(a) + 2"]),
            "Ptr(Array(8, dtype=ctypes.c_int)) + 2"
        );
        assert_eq!(
            run(&[a, "a + 3 + -5"]),
            "Ptr(Array(8, dtype=ctypes.c_int)) - 2"
        );
        yes(&[a, "p = a + 3", "p[1] = 6", "a[4] == 6 and p[-3] == 0"]);
        yes(&[
            a,
            "Ptr(a) == a and Ptr(a + 1) == a + 1 and Ptr(a) != Array(8, dtype=c_int)",
        ]);
        yes(&[a, "(a + 5).base() == a and a.base() == a"]);
        yes(&[a, "Ptr(a, dtype=c_int, owner=a) == a"]);
        assert_eq!(class(&[a, "Ptr(a, dtype=c_double)"]), "ValueError");
        assert_eq!(
            class(&[a, "Ptr(a + 1, owner=Array(8, dtype=c_int))"]),
            "ValueError"
        );
        assert_eq!(class(&["Ptr(ImplicitAccessor(0))"]), "TypeError");
        assert_eq!(class(&["Ptr(Layout(4))"]), "TypeError");
        // a tensor over a Ptr, checked against the memory
        yes(&[
            a,
            "T = Tensor(a + 2, Layout((2, 3)))",
            "T[1, 2] = 5",
            "a[7] == 5",
        ]);
        assert_eq!(class(&[a, "Tensor(a + 3, Layout((2, 3)))"]), "ValueError");
        assert_eq!(class(&[a, "a[8]"]), "IndexError");
        assert_eq!(class(&[a, "a[-1]"]), "IndexError");
        assert_eq!(class(&[a, "a[1:2]"]), "TypeError");
        assert_eq!(class(&[a, "a + E(0)"]), "TypeError");
    }

    #[test]
    fn test_implicit_and_transform_accessors() {
        yes(&["ImplicitAccessor(E(1))[E(0)] == (1, 1)"]);
        yes(&["(ImplicitAccessor(0) + E(1)).origin == E(1)"]);
        yes(&["TransformAccessor(ImplicitAccessor(0), Layout(4, 2))[3] == 6"]);
        yes(&["TransformAccessor(ImplicitAccessor(0), Swizzle(1, 0, 1))[2] == 3"]);
        yes(&["TransformAccessor(TransformAccessor(ImplicitAccessor(1), lambda x: x * 10), abs)[-3] == 20"]);
        // offsetting moves the inner accessor
        yes(&["(TransformAccessor(ImplicitAccessor(0), lambda x: x * x) + 3)[1] == 16"]);
        // a transform that fails fails the read
        assert_eq!(
            class(&["TransformAccessor(ImplicitAccessor(0), lambda x: 1 // x)[0]"]),
            "ValueError"
        );
        assert_eq!(
            class(&["TransformAccessor(ImplicitAccessor(0), 3)"]),
            "TypeError"
        );
        assert_eq!(class(&["TransformAccessor(3, abs)"]), "TypeError");
        // read-only
        assert_eq!(class(&["t = ImplicitAccessor(0)", "t[0] = 1"]), "TypeError");
        assert_eq!(
            class(&["a = Array(2)", "t = TransformAccessor(a, abs)", "t[0] = 1"]),
            "TypeError"
        );
        assert_eq!(
            class(&[
                "a = Array(2)",
                "T = Tensor(TransformAccessor(a, abs), Layout(2))",
                "T[0] = 1"
            ]),
            "TypeError"
        );
        assert_eq!(
            class(&["T = identity_tensor((2, 2))", "T[0, 0] = 1"]),
            "TypeError"
        );
        // a tensor over a transform reads through it, views too
        yes(&[
            "a = Array(6, dtype=c_int)",
            "a[5] = 5",
            "T = Tensor(TransformAccessor(a, lambda x: x + 100), Layout((2, 3)))",
            "T[1, 2] == 105 and T[None, 2][1] == 105 and T[0, 0] == 100",
        ]);
        // isinstance
        yes(&["a = Array(2)", "isinstance(a, Array) and isinstance(a, Ptr) and isinstance(a, MutableAccessor) and isinstance(a, Accessor)"]);
        yes(&[
            "a = Array(2)",
            "not isinstance(a + 1, Array) and isinstance(a + 1, Ptr)",
        ]);
        yes(&["i = ImplicitAccessor(0)", "isinstance(i, Accessor) and not isinstance(i, MutableAccessor) and isinstance(i, ImplicitAccessor)"]);
        yes(&[
            "t = TransformAccessor(ImplicitAccessor(0), abs)",
            "isinstance(t, TransformAccessor) and not isinstance(t, ImplicitAccessor)",
        ]);
        yes(&["isinstance(identity_tensor(2), Tensor) and not isinstance(Layout(2), Tensor)"]);
    }

    #[test]
    fn test_equality_and_repr() {
        yes(&["make_tensor(4) != make_tensor(4)"]);
        yes(&["T = make_tensor(4)", "T == T and T[None] == Tensor(T.accessor, Layout((4,), (1,))) and T != Tensor(T.accessor, Layout(2))"]);
        yes(&["ImplicitAccessor(3) == ImplicitAccessor(3) != ImplicitAccessor(4)"]);
        yes(&["f = lambda x: x", "TransformAccessor(ImplicitAccessor(0), f) == TransformAccessor(ImplicitAccessor(0), f)"]);
        yes(&["TransformAccessor(ImplicitAccessor(0), lambda x: x) != TransformAccessor(ImplicitAccessor(0), lambda x: x)"]);
        assert_eq!(
            run(&["identity_tensor((2, 3))"]),
            "Tensor(ImplicitAccessor(0), Layout((2, 3), (1@0, 1@1)))"
        );
        assert_eq!(
            run(&["Tensor(TransformAccessor(ImplicitAccessor(0), Swizzle(1, 0, 1)), Layout(4))"]),
            "Tensor(TransformAccessor(ImplicitAccessor(0), Swizzle(1,0,1)), Layout(4, 1))"
        );
        assert_eq!(
            run(&["str(make_tensor(2))"]),
            "'Tensor(Array(2, dtype=ctypes.c_double), Layout(2, 1))'"
        );
        // a negative stride reads below its Ptr's offset 0
        assert_eq!(
            run(&["make_tensor(Layout(4, -1), dtype=c_int)"]),
            "Tensor(Ptr(Array(4, dtype=ctypes.c_int)) + 3, Layout(4, -1))"
        );
        yes(&[
            "T = make_tensor(Layout(4, -1), dtype=c_int)",
            "T[3] = 1",
            "T.accessor[-3] == 1 and T.accessor.base()[0] == 1",
        ]);
    }

    #[test]
    fn test_indexing_errors() {
        let t = "T = make_tensor(Layout((4, 4), (4, 1)))";
        assert_eq!(class(&[t, "T[4, 0]"]), "IndexError");
        assert_eq!(class(&[t, "T[16]"]), "IndexError");
        assert_eq!(class(&[t, "T[4, None]"]), "IndexError");
        assert_eq!(class(&[t, "T[1, 2, 3]"]), "ValueError");
        assert_eq!(class(&[t, "T[1:3]"]), "TypeError");
        assert_eq!(class(&[t, "T['x']"]), "TypeError");
        assert_eq!(class(&[t, "T[1, None] = 2.0"]), "ValueError");
        assert_eq!(class(&[t, "T[4, 0] = 2.0"]), "IndexError");
        assert_eq!(class(&[t, "T(1, 2)"]), "TypeError");
        assert_eq!(class(&[t, "T.stride"]), "TypeError");
        assert_eq!(class(&["x = [1, 2]", "x[0] = 3"]), "TypeError");
        assert_eq!(class(&["Tensor(Array(4), (2, 2))"]), "TypeError");
        assert_eq!(class(&["Tensor(Array(4), Layout((2, 3)))"]), "ValueError");
        assert_eq!(class(&["Tensor(Array(4), Layout(2, E(0)))"]), "ValueError");
        assert_eq!(class(&["make_tensor('x')"]), "TypeError");
    }

    #[test]
    fn test_algebra_through_tensors() {
        let t = "T = make_tensor(Layout((4, 4), (4, 1)), dtype=c_int)";
        yes(&[
            t,
            "T[2, 3] = 1",
            "D = logical_divide(T, (2, 2))",
            "D.layout == logical_divide(T.layout, (2, 2)) and D[(0, 1), (1, 1)] == 1",
        ]);
        yes(&[
            t,
            "T[2, 3] = 1",
            "zipped_divide(T, (2, 2))[(0, 1), (1, 1)] == 1",
        ]);
        yes(&[
            t,
            "composition(T, Layout(4, 4)).layout == composition(T.layout, Layout(4, 4))",
        ]);
        yes(&[
            t,
            "composition[1](T, Layout(2, 2)).layout == Layout((4, 2), (4, 2))",
        ]);
        yes(&[t, "coalesce(T, (1, 1)).layout == Layout((4, 4), (4, 1))"]);
        // the result shares the memory
        yes(&[
            t,
            "D = zipped_divide(T, (2, 2))",
            "D[(1, 1), (0, 0)] = 8",
            "T[1, 1] == 8",
        ]);
        // a result that reaches past the memory is refused
        assert_eq!(class(&[t, "composition(T, Layout(32))"]), "ValueError");
        // the rest of the algebra takes layouts
        assert_eq!(class(&[t, "complement(T)"]), "TypeError");
        assert_eq!(class(&[t, "logical_product(T, Layout(2))"]), "TypeError");
        assert_eq!(class(&[t, "coalesce_z(T)"]), "TypeError");
        // identity tensors tiled like data give each tile its coordinates
        yes(&["zipped_divide(identity_tensor((8, 6)), (4, 3))[(3, 2), (1, 1)] == (7, 5)"]);
    }

    #[test]
    fn test_swizzle_after_a_layout() {
        let s = "S = composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))";
        // the element at a coordinate is the swizzled offset
        yes(&[
            s,
            "S[1, 8] == 64 and S[7, 63] == Swizzle(3, 3, 3)(7 * 64 + 63)",
        ]);
        // composing further composes the layout under the swizzle
        yes(&[
            s,
            "B = Layout(8, 64)",
            "C = composition(S, B)",
            "C[3] == S[B(3)] == Swizzle(3, 3, 3)(S.layout(B(3)))",
        ]);
        assert_eq!(
            class(&["composition[0](Swizzle(1, 0, 1), Layout(4))"]),
            "TypeError"
        );
        assert_eq!(class(&["composition(Swizzle(1, 0, 1), None)"]), "TypeError");
        assert_eq!(
            class(&["composition(Swizzle(1, 0, 1), Layout((2, 2), (E(0), E(1))))"]),
            "ValueError"
        );
        assert_eq!(
            class(&["composition(Layout(4), Swizzle(1, 0, 1))"]),
            "TypeError"
        );
        // it prints as the specification's print_tensor prints the tensor
        assert_eq!(
            run(&["print_tensor(composition(Swizzle(1, 0, 1), Layout((2, 2), (2, 1))))"]),
            "'(2, 2):(2, 1)\\n0     1\\n3     2\\n'"
        );
    }

    #[test]
    fn test_print_tensor_and_table() {
        assert_eq!(
            run(&[
                "T = make_tensor(Layout((2, 3), (3, 1)), dtype=c_int)",
                "T[1, 2] = 5",
                "print_tensor(T)"
            ]),
            "'(2, 3):(3, 1)\\n0     0     0\\n0     0     5\\n'"
        );
        assert_eq!(
            run(&["print_table(Layout((2, 2), (1, 2)), print_type=False)"]),
            "'+---+---+---+\\n|   | 0 | 1 |\\n+===+===+===+\\n| 0 | 0 | 2 |\\n+---+---+---+\\n| 1 | 1 | 3 |\\n+---+---+---+\\n'"
        );
        // another rank prints its header alone
        assert_eq!(
            run(&["print_table(make_tensor((2, 2, 2)))"]),
            "'(2, 2, 2):(1, 2, 4)\\n'"
        );
        assert_eq!(
            class(&["print_tensor(make_tensor((1, 1, 1, 1, 1)))"]),
            "ValueError"
        );
        assert_eq!(class(&["print_tensor(3)"]), "TypeError");
        // a transform's failure is the print's
        assert_eq!(class(&["print_tensor(Tensor(TransformAccessor(ImplicitAccessor(0), lambda x: 1 // x), Layout(2)))"]), "ValueError");
    }

    #[test]
    fn test_budget() {
        // memory counts against the statement's budget once, when allocated
        for src in [
            "Array(5000000)",
            "make_tensor(Layout((4096, 4096)))",
            "(Array(3000000), Array(3000000))",
            "print_tensor(identity_tensor((4096, 4096)))",
            "print_table(identity_tensor((4096, 4096)))",
        ] {
            let r = run(&[src]);
            assert!(
                r.starts_with("ValueError") && r.contains("4194304"),
                "{src}: {r}"
            );
        }
        // a name does not copy the memory: a large tensor is used many times
        assert_eq!(
            run(&[
                "T = make_tensor((1024, 1024), dtype=c_byte)",
                "T[1, None] == T[1, :] and T[2, None] != T[1, None] and shape(T) == (1024, 1024)",
            ]),
            "True"
        );
        // every statement has its own budget
        assert_eq!(
            run(&["a = Array(3000000)", "b = Array(3000000)", "a[0] == b[0]"]),
            "True"
        );
    }

    #[test]
    fn test_f2_and_coordinate_layouts() {
        // an F2 layout over memory reads its swizzled offsets
        yes(&[
            "a = Array(64, dtype=c_int)",
            "a[9] = 1",
            "T = Tensor(a, Layout((8, 8), (F2(8), F2(1))))",
            "T[1, 1] == 1",
        ]);
        yes(&["Tensor(ImplicitAccessor(0), Layout((2, 2), (F2(3), F2(1))))[1, 1] == F2(2)"]);
        assert_eq!(
            class(&["Tensor(Array(64), Layout((2, 2), (E(0), E(1))))"]),
            "ValueError"
        );
    }
}
