//! Accessor and tensor values: a base accessor ([`Base`]: memory or an
//! implicit accessor) and the functions read through it, and a tensor, an
//! accessor composed with a layout.
//!
//! They are values, so they sit with the values: a function an accessor
//! reads through is any callable value. Here too is what makes a [`Base`] a
//! cute-dynamic accessor *of values*: a read gives the element as a value,
//! and a write stores a value as ctypes does, with its errors (a float into
//! an integer type is a `TypeError`, an integer out of the type's range a
//! `ValueError`, where ctypes would wrap it silently). Reading through the
//! functions calls them, which is the evaluator's ([`crate::tensor`]).

use core::fmt;
use core::ops::Range;

use cute_core::{Error, Result};
use cute_dynamic::accessor::{Accessor, MutableAccessor};
use cute_dynamic::layout::Layout;
use cute_dynamic::tensor::Tensor;
use cute_dynamic::typedefs::Scalar;

use super::Value;
use crate::storage::{int_offset, Base, Dtype, Elem};

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
            Base::Memory { buf, .. } => Some(buf.dtype()),
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
                xor: 0,
                array: true,
            })),
            Base::Implicit(_) => None,
        }
    }

    /// The offset `i` names, to index or move the accessor by: an integer
    /// (or a bool) or an F2 value (a swizzled layout's offset, which moves
    /// memory by XOR), or for an implicit accessor any stride scalar.
    ///
    /// # Errors
    /// `TypeError`, naming `op`, for another value.
    pub(crate) fn offset_of(&self, op: &'static str, i: &Value) -> Result<Scalar> {
        match (i, &self.base) {
            (Value::Bool(b), _) => Ok(Scalar::Int(i64::from(*b))),
            (Value::Int(_) | Value::F2(_), _) | (Value::Arith(_), Base::Implicit(_)) => {
                i.to_scalar(op)
            }
            (other, _) => Err(Error::type_error(
                op,
                format!(
                    "{} offsets are integers or F2 values, got {} {other}",
                    self.type_name(),
                    other.type_name()
                ),
            )),
        }
    }

    /// `a + k`: the accessor moved by `k` (a `Ptr` for memory), read
    /// through the same functions. An F2 `k` moves memory by XOR: offset
    /// `i` of `a + F2(m)` is offset `i XOR m` of `a`, as a view of a
    /// swizzled tensor reads.
    ///
    /// # Errors
    /// As [`AccessorValue::offset_of`]; `TypeError` for a nonzero integer
    /// after an F2 value (they do not add); `ValueError` if the offset
    /// leaves the `i64` range.
    pub(crate) fn moved(&self, k: &Value) -> Result<AccessorValue> {
        let off = self.offset_of("Accessor +", k)?;
        Ok(AccessorValue {
            base: self.base.moved(&off)?,
            transforms: self.transforms.clone(),
        })
    }

    /// The functions applied on read, innermost first (`TransformAccessor`).
    pub fn transform_values(&self) -> &[Value] {
        &self.transforms
    }

    /// The origin of an `ImplicitAccessor` with an integer origin (offset
    /// `i` reads `origin + i`), if the accessor is one under its functions.
    pub fn implicit_origin(&self) -> Option<i64> {
        match &self.base {
            crate::storage::Base::Implicit(cute_dynamic::Scalar::Int(o)) => Some(*o),
            _ => None,
        }
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
    pub(crate) fn view(&self, t: Tensor<Base>) -> TensorValue {
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

// A base accessor as cute-dynamic's accessor of values.

impl Accessor for Base {
    type Value = Value;
    type View<'a> = Base;

    fn read(&self, i: i64) -> Option<Value> {
        match self {
            Base::Memory { buf, pos, xor, .. } => buf
                .get(Base::index(*pos, *xor, i, buf.len())?)
                .map(Value::from),
            Base::Implicit(o) => o.add(&Scalar::Int(i)).ok().map(Value::from_scalar),
        }
    }

    fn bounds(&self) -> Option<Range<i64>> {
        self.offsets()
    }

    fn xor_mask(&self) -> i64 {
        self.xor()
    }

    fn offset(&self, by: &Scalar) -> Result<Base> {
        self.moved(by)
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
            Base::Memory { buf, pos, xor, .. } => {
                let e = store(buf.dtype(), &value)?;
                match Base::index(*pos, *xor, i, buf.len()) {
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

/// The element `v` is stored as in memory of `dtype`.
///
/// # Errors
/// `TypeError` for a value that is not a number (or a float for an
/// integer type, as ctypes); `ValueError` for an integer outside the
/// type's range (ctypes would wrap it silently).
fn store(dtype: Dtype, v: &Value) -> Result<Elem> {
    let op = "Accessor[]=";
    let int = match v {
        Value::Int(x) => Some(*x),
        Value::Bool(b) => Some(i64::from(*b)),
        _ => None,
    };
    match (dtype.is_float(), int, v) {
        (true, Some(x), _) => Ok(dtype.round(x as f64)),
        (true, None, Value::Float(x)) => Ok(dtype.round(*x)),
        (false, Some(x), _) => {
            let (lo, hi) = dtype.range();
            if x < lo || x > hi {
                return Err(Error::value(
                    op,
                    format!("{x} does not fit ctypes.{} ({lo} to {hi})", dtype.name()),
                ));
            }
            Ok(Elem::Int(x))
        }
        (false, None, Value::Float(_)) => Err(Error::type_error(
            op,
            format!("ctypes.{} holds integers, not the float {v}", dtype.name()),
        )),
        _ => Err(Error::type_error(
            op,
            format!(
                "ctypes.{} holds numbers, not {} {v}",
                dtype.name(),
                v.type_name()
            ),
        )),
    }
}

impl From<Elem> for Value {
    /// An element of memory as the value it reads as.
    fn from(e: Elem) -> Value {
        match e {
            Elem::Int(x) => Value::Int(x),
            Elem::Float(x) => Value::Float(x),
        }
    }
}
