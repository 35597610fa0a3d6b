//! The values of the expression language.

use cute_dynamic::atuple::ArithTuple;
use cute_dynamic::layout::Layout;
use cute_dynamic::swizzle::{Swizzle, F2};

/// A value of the expression language.
///
/// Its `Display` (in the evaluator) is Python's `repr` of the corresponding
/// PyCuTe value: `Layout((4, 8), (1, 4))`, `1@0`, `F6`, `(2, 3)`, `'text'`.
#[derive(Clone, Debug)]
pub enum Value {
    /// `None`.
    None,
    /// `True` / `False`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A floating-point number (only written, compared and printed).
    Float(f64),
    /// A string.
    Str(String),
    /// An F2 value.
    F2(F2),
    /// An arithmetic tuple.
    Arith(ArithTuple),
    /// A rational number `num / den` (`Fraction(1, 2)`), in lowest terms with
    /// a positive denominator.
    Fraction(i64, i64),
    /// A tuple.
    Tuple(Vec<Value>),
    /// A list.
    List(Vec<Value>),
    /// A layout.
    Layout(Layout),
    /// A swizzle functor.
    Swizzle(Swizzle),
    /// A basis scalar `V(value)`, which `@ i` places at mode `i`.
    BasisScalar(Box<Value>),
    /// A built-in function, with the mode its subscripts accumulated
    /// (`shape[0, 1]` is `Func { name: "shape", mode: [0, 1] }`).
    Func {
        /// The function's name.
        name: String,
        /// The accumulated mode path.
        mode: Vec<i64>,
    },
    /// A slice `start:stop:step`, as written inside `[]`.
    Slice(Option<i64>, Option<i64>, Option<i64>),
}

use core::fmt;

use cute_core::{Error, Result};

use cute_dynamic::htuple::{HTuple, IntTuple};
use cute_dynamic::layout::Tiler;
use cute_dynamic::typedefs::{Scalar, Stride};

impl Value {
    /// The name of the value's type, as Python would call it.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::None => "NoneType",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::F2(_) => "F2",
            Value::Arith(_) => "ArithTuple",
            Value::Fraction(..) => "Fraction",
            Value::Tuple(_) => "tuple",
            Value::List(_) => "list",
            Value::Layout(_) => "Layout",
            Value::Swizzle(_) => "Swizzle",
            Value::BasisScalar(_) => "V",
            Value::Func { .. } => "function",
            Value::Slice(..) => "slice",
        }
    }

    /// The elements of a tuple or list.
    pub fn as_seq(&self) -> Option<&[Value]> {
        match self {
            Value::Tuple(v) | Value::List(v) => Some(v),
            _ => None,
        }
    }

    /// An integer (a bool is not one).
    pub fn to_int(&self, op: &'static str) -> Result<i64> {
        match self {
            Value::Int(x) => Ok(*x),
            other => Err(Error::type_error(
                op,
                format!("expected an integer, got {} {}", other.type_name(), other),
            )),
        }
    }

    /// An HTuple of integers from an int or a (nested) tuple/list of ints.
    pub fn to_int_tuple(&self, op: &'static str) -> Result<IntTuple> {
        match self {
            Value::Int(x) => Ok(HTuple::Leaf(*x)),
            Value::Tuple(v) | Value::List(v) => Ok(HTuple::Tuple(
                v.iter()
                    .map(|x| x.to_int_tuple(op))
                    .collect::<Result<_>>()?,
            )),
            other => Err(Error::type_error(
                op,
                format!(
                    "expected an integer tuple, got {} {}",
                    other.type_name(),
                    other
                ),
            )),
        }
    }

    /// A stride scalar: an int, an F2 or an ArithTuple.
    pub fn to_scalar(&self, op: &'static str) -> Result<Scalar> {
        match self {
            Value::Int(x) => Ok(Scalar::Int(*x)),
            Value::F2(x) => Ok(Scalar::F2(*x)),
            Value::Arith(x) => Ok(Scalar::Arith(x.clone())),
            other => Err(Error::type_error(
                op,
                format!(
                    "expected a stride scalar, got {} {}",
                    other.type_name(),
                    other
                ),
            )),
        }
    }

    /// An HTuple of stride scalars from a stride scalar or a (nested)
    /// tuple/list of them.
    pub fn to_stride(&self, op: &'static str) -> Result<Stride> {
        match self {
            Value::Tuple(v) | Value::List(v) => Ok(HTuple::Tuple(
                v.iter().map(|x| x.to_stride(op)).collect::<Result<_>>()?,
            )),
            x => Ok(HTuple::Leaf(x.to_scalar(op)?)),
        }
    }

    /// A layout.
    pub fn to_layout(&self, op: &'static str) -> Result<cute_dynamic::layout::Layout> {
        match self {
            Value::Layout(l) => Ok(l.clone()),
            other => Err(Error::type_error(
                op,
                format!("expected a Layout, got {} {}", other.type_name(), other),
            )),
        }
    }

    /// A tiler: `None`, an int, a layout, or a tuple/list of tilers.
    pub fn to_tiler(&self, op: &'static str) -> Result<Tiler> {
        match self {
            Value::None => Ok(Tiler::None),
            Value::Int(x) => Ok(Tiler::Int(*x)),
            Value::Layout(l) => Ok(Tiler::Layout(l.clone())),
            Value::Tuple(v) | Value::List(v) => Ok(Tiler::Tuple(
                v.iter().map(|x| x.to_tiler(op)).collect::<Result<_>>()?,
            )),
            other => Err(Error::type_error(
                op,
                format!("expected a tiler, got {} {}", other.type_name(), other),
            )),
        }
    }

    /// The value of an HTuple of integers (a leaf is an int, a node a tuple).
    pub fn from_int_tuple(t: &IntTuple) -> Value {
        match t {
            HTuple::Leaf(x) => Value::Int(*x),
            HTuple::Tuple(c) => Value::Tuple(c.iter().map(Value::from_int_tuple).collect()),
        }
    }

    /// The value of a stride scalar.
    pub fn from_scalar(s: Scalar) -> Value {
        match s {
            Scalar::Int(x) => Value::Int(x),
            Scalar::F2(x) => Value::F2(x),
            Scalar::Arith(x) => Value::Arith(x),
        }
    }

    /// The value of an HTuple of stride scalars.
    pub fn from_stride(t: &Stride) -> Value {
        match t {
            HTuple::Leaf(x) => Value::from_scalar(x.clone()),
            HTuple::Tuple(c) => Value::Tuple(c.iter().map(Value::from_stride).collect()),
        }
    }

    /// The value of a tiler.
    pub fn from_tiler(t: &Tiler) -> Value {
        match t {
            Tiler::None => Value::None,
            Tiler::Int(x) => Value::Int(*x),
            Tiler::Layout(l) => Value::Layout(l.clone()),
            Tiler::Tuple(c) => Value::Tuple(c.iter().map(Value::from_tiler).collect()),
        }
    }

    /// Python's `repr` of the value (the same as `Display`).
    pub fn repr(&self) -> String {
        self.to_string()
    }
}

impl From<cute_dynamic::layout::Layout> for Value {
    fn from(l: cute_dynamic::layout::Layout) -> Self {
        Value::Layout(l)
    }
}

fn write_seq(
    f: &mut fmt::Formatter<'_>,
    open: &str,
    close: &str,
    v: &[Value],
    tuple: bool,
) -> fmt::Result {
    f.write_str(open)?;
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{x}")?;
    }
    if tuple && v.len() == 1 {
        f.write_str(",")?;
    }
    f.write_str(close)
}

impl fmt::Display for Value {
    /// Python's `repr`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::None => f.write_str("None"),
            Value::Bool(true) => f.write_str("True"),
            Value::Bool(false) => f.write_str("False"),
            Value::Int(x) => write!(f, "{x}"),
            Value::Float(x) if x.is_finite() && x.fract() == 0.0 && x.abs() < 1e16 => {
                write!(f, "{x:.1}")
            }
            Value::Float(x) => write!(f, "{x}"),
            Value::Str(s) => {
                f.write_str("'")?;
                for c in s.chars() {
                    match c {
                        '\\' => f.write_str("\\\\")?,
                        '\'' => f.write_str("\\'")?,
                        '\n' => f.write_str("\\n")?,
                        '\t' => f.write_str("\\t")?,
                        c => write!(f, "{c}")?,
                    }
                }
                f.write_str("'")
            }
            Value::F2(x) => write!(f, "{x}"),
            Value::Arith(x) => write!(f, "{x}"),
            Value::Fraction(n, d) => write!(f, "Fraction({n}, {d})"),
            Value::Tuple(v) => write_seq(f, "(", ")", v, true),
            Value::List(v) => write_seq(f, "[", "]", v, false),
            Value::Layout(l) => write!(f, "{l:?}"),
            Value::Swizzle(s) => write!(f, "{s:?}"),
            Value::BasisScalar(v) => write!(f, "V({v})"),
            Value::Func { name, mode } if mode.is_empty() => write!(f, "<function {name}>"),
            Value::Func { name, mode } => {
                write!(f, "<function {name}[")?;
                for (i, m) in mode.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{m}")?;
                }
                f.write_str("]>")
            }
            Value::Slice(a, b, c) => {
                let o = |x: &Option<i64>| x.map_or("None".to_string(), |v| v.to_string());
                write!(f, "slice({}, {}, {})", o(a), o(b), o(c))
            }
        }
    }
}
