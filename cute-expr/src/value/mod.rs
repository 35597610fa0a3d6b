//! The values of the expression language.
//!
//! [`Value`] is one enum, and the values it holds hold values again: a
//! function's defaults and closure ([`function`]), an accessor's and a
//! tensor's functions ([`accessor`]). These types are one knot, kept in
//! this module; [`measure`] weighs a value for the statement's budgets.
//! The values know no evaluator: calling a function or reading an accessor
//! through its functions is the evaluator's.

use core::fmt;

use cute_core::{Error, Result, Sym};
use cute_dynamic::atom::SwizzledLayout;
use cute_dynamic::atuple::ArithTuple;
use cute_dynamic::banks::Smem;
use cute_dynamic::htuple::{HTuple, IntTuple};
use cute_dynamic::layout::{Layout, Tiler};
use cute_dynamic::swizzle::{Swizzle, F2};
use cute_dynamic::typedefs::{Scalar, Stride};

use crate::slice::Slice;
use crate::storage::Dtype;

mod accessor;
mod atom;
mod function;
mod measure;

pub use accessor::{AccessorValue, TensorValue};
pub use atom::AtomValue;
pub use function::Function;
pub(crate) use function::{Fun, Lambda, Locals};

/// A value of the expression language.
///
/// Its `Display` is Python's `repr` of the corresponding PyCuTe value:
/// `Layout((4, 8), (1, 4))`, `1@0`, `F6`, `(2, 3)`, `'text'`; [`Value::str`]
/// is Python's `str`. A value is 32 bytes: the larger payloads are boxed.
///
/// # Examples
/// ```
/// use cute_expr::{eval_expr, Value};
/// let v = eval_expr("(Layout((4, 8)), 'x', F2(6))").unwrap();
/// assert_eq!(v.to_string(), "(Layout((4, 8), (1, 4)), 'x', F6)");
/// let Value::Tuple(items) = &v else { panic!("a tuple") };
/// assert_eq!(items[0].str(), "(4, 8):(1, 4)");
/// assert_eq!(items[1].type_name(), "str");
/// ```
#[non_exhaustive]
#[derive(Clone, Debug)]
pub enum Value {
    /// `None`.
    None,
    /// `True` / `False`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A symbolic integer (`symbols('M')`, `4*M + N`): never a constant,
    /// which is an [`Value::Int`].
    Sym(Sym),
    /// A floating-point number (an element of `c_double` or `c_float`
    /// memory, or written as a literal).
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
    Layout(Box<Layout>),
    /// A layout with a symbolic extent or stride, `Layout((M, N), (1, M))`:
    /// at least one of its leaves is not a constant (a layout whose leaves
    /// are all constants is a [`Value::Layout`]).
    SymLayout(Box<Layout<Sym>>),
    /// A swizzle functor.
    Swizzle(Swizzle),
    /// A basis scalar `V(value)`, which `@ i` places at mode `i`.
    BasisScalar(Box<Value>),
    /// A function: a built-in (with the mode its subscripts gave it), a
    /// `lambda`, or a function made by `ModeOpDecorator`.
    Function(Function),
    /// A slice `start:stop:step`, as written inside `[]`.
    Slice(Box<Slice>),
    /// An accessor: `Array`, `Ptr`, `ImplicitAccessor`, `TransformAccessor`.
    Accessor(Box<AccessorValue>),
    /// A tensor: an accessor composed with a layout.
    Tensor(Box<TensorValue>),
    /// An element type, a ctypes scalar type (`ctypes.c_int`).
    Dtype(Dtype),
    /// A module whose names are values (`ctypes`, `sympy`).
    Module(&'static str),
    /// A value of the atom layer: an MMA or copy operation or atom, a
    /// tiled MMA or copy, or one thread's slice of one.
    Atom(Box<AtomValue>),
}

impl Value {
    /// The name of the value's type, as Python would call it.
    ///
    /// # Examples
    /// ```
    /// use cute_expr::eval_expr;
    /// assert_eq!(eval_expr("E(1)").unwrap().type_name(), "ArithTuple");
    /// assert_eq!(eval_expr("lambda x: x").unwrap().type_name(), "function");
    /// ```
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::None => "NoneType",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Sym(_) => "Symbol",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::F2(_) => "F2",
            Value::Arith(_) => "ArithTuple",
            Value::Fraction(..) => "Fraction",
            Value::Tuple(_) => "tuple",
            Value::List(_) => "list",
            Value::Layout(_) | Value::SymLayout(_) => "Layout",
            Value::Swizzle(_) => "Swizzle",
            Value::BasisScalar(_) => "V",
            Value::Function(_) => "function",
            Value::Slice(..) => "slice",
            Value::Accessor(a) => a.type_name(),
            Value::Tensor(_) => "Tensor",
            Value::Dtype(_) => "PyCSimpleType",
            Value::Module(_) => "module",
            Value::Atom(a) => a.type_name(),
        }
    }

    /// Python's `repr` of the value (the same as `Display`).
    ///
    /// # Examples
    /// ```
    /// use cute_expr::eval_expr;
    /// assert_eq!(eval_expr("(1, 'a')").unwrap().repr(), "(1, 'a')");
    /// ```
    pub fn repr(&self) -> String {
        self.to_string()
    }

    /// Python's `str` of the value: a string is itself, a layout prints
    /// `Shape:Stride`, anything else as its repr.
    ///
    /// # Examples
    /// ```
    /// use cute_expr::eval_expr;
    /// assert_eq!(eval_expr("Layout((4, 8))").unwrap().str(), "(4, 8):(1, 4)");
    /// assert_eq!(eval_expr("'x'").unwrap().str(), "x");
    /// ```
    pub fn str(&self) -> String {
        match self {
            Value::Str(s) => s.clone(),
            Value::Layout(l) => l.to_string(),
            Value::SymLayout(l) => l.to_string(),
            other => other.to_string(),
        }
    }

    /// The elements of a tuple or list.
    pub fn as_seq(&self) -> Option<&[Value]> {
        match self {
            Value::Tuple(v) | Value::List(v) => Some(v),
            _ => None,
        }
    }

    /// The layout this value is.
    ///
    /// # Errors
    /// `TypeError`, naming `op`, if the value is not a layout.
    ///
    /// # Examples
    /// ```
    /// use cute_expr::eval_expr;
    /// let a = eval_expr("Layout((4, 8))").unwrap().to_layout("example").unwrap();
    /// assert_eq!(a.to_string(), "(4, 8):(1, 4)");
    /// assert!(eval_expr("(4, 8)").unwrap().to_layout("example").is_err());
    /// ```
    pub fn to_layout(&self, op: &'static str) -> Result<Layout> {
        match self {
            Value::Layout(l) => Ok((**l).clone()),
            other => Err(Error::type_error(
                op,
                format!("expected a Layout, got {} {}", other.type_name(), other),
            )),
        }
    }

    /// An integer (a bool is not one).
    pub(crate) fn to_int(&self, op: &'static str) -> Result<i64> {
        match self {
            Value::Int(x) => Ok(*x),
            other => Err(Error::type_error(
                op,
                format!("expected an integer, got {} {}", other.type_name(), other),
            )),
        }
    }

    /// An HTuple of integers from an int or a (nested) tuple/list of ints.
    pub(crate) fn to_int_tuple(&self, op: &'static str) -> Result<IntTuple> {
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
    pub(crate) fn to_scalar(&self, op: &'static str) -> Result<Scalar> {
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
    pub(crate) fn to_stride(&self, op: &'static str) -> Result<Stride> {
        match self {
            Value::Tuple(v) | Value::List(v) => Ok(HTuple::Tuple(
                v.iter().map(|x| x.to_stride(op)).collect::<Result<_>>()?,
            )),
            x => Ok(HTuple::Leaf(x.to_scalar(op)?)),
        }
    }

    /// A tiler: `None`, an int, a layout, or a tuple/list of tilers.
    pub(crate) fn to_tiler(&self, op: &'static str) -> Result<Tiler> {
        match self {
            Value::None => Ok(Tiler::None),
            Value::Int(x) => Ok(Tiler::Int(*x)),
            Value::Layout(l) => Ok(Tiler::Layout((**l).clone())),
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
    pub(crate) fn from_int_tuple(t: &IntTuple) -> Value {
        match t {
            HTuple::Leaf(x) => Value::Int(*x),
            HTuple::Tuple(c) => Value::Tuple(c.iter().map(Value::from_int_tuple).collect()),
        }
    }

    /// The value of a stride scalar.
    pub(crate) fn from_scalar(s: Scalar) -> Value {
        match s {
            Scalar::Int(x) => Value::Int(x),
            Scalar::F2(x) => Value::F2(x),
            Scalar::Arith(x) => Value::Arith(x),
            // a kind of stride scalar this language has no value for yet:
            // its printed form
            other => Value::Str(other.to_string()),
        }
    }

    /// The value of an HTuple of stride scalars.
    pub(crate) fn from_stride(t: &Stride) -> Value {
        match t {
            HTuple::Leaf(x) => Value::from_scalar(x.clone()),
            HTuple::Tuple(c) => Value::Tuple(c.iter().map(Value::from_stride).collect()),
        }
    }
}

impl Value {
    /// The shared-memory layout this value writes, if it writes one: a
    /// layout, or the tensor of offsets of one (`ImplicitAccessor(0)`),
    /// possibly through one swizzle (`composition(Swizzle(3, 3, 3),
    /// Layout((8, 64), (64, 1)))`, CuTe C++'s composed layout).
    ///
    /// # Examples
    /// ```
    /// use cute_expr::eval_expr;
    /// use cute_dynamic::banks::Smem;
    /// let v = eval_expr("composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))").unwrap();
    /// assert!(matches!(v.to_smem(), Some(Smem::Swizzled(_))));
    /// assert!(matches!(eval_expr("Layout(4)").unwrap().to_smem(), Some(Smem::Layout(_))));
    /// assert!(eval_expr("4").unwrap().to_smem().is_none());
    /// ```
    pub fn to_smem(&self) -> Option<Smem> {
        match self {
            Value::Layout(l) => Some(Smem::Layout((**l).clone())),
            Value::Tensor(t) => {
                let acc = t.accessor();
                match (acc.implicit_origin(), acc.transform_values()) {
                    (Some(0), []) => Some(Smem::Layout(t.layout().clone())),
                    (Some(0), [Value::Swizzle(s)]) => Some(Smem::Swizzled(SwizzledLayout {
                        swizzle: *s,
                        layout: t.layout().clone(),
                    })),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The value of a shared-memory layout, as [`Value::to_smem`] reads
    /// it back: a layout, or the tensor of a swizzle composed with one.
    ///
    /// # Errors
    /// As [`TensorValue`]'s construction (never, for a layout's offsets).
    pub fn from_smem(s: &Smem) -> Result<Value> {
        match s {
            Smem::Layout(l) => Ok(Value::from(l.clone())),
            Smem::Swizzled(sw) => {
                let mut acc = AccessorValue::new(crate::storage::Base::Implicit(Scalar::Int(0)));
                acc.transforms.push(Value::Swizzle(sw.swizzle));
                Ok(Value::Tensor(Box::new(TensorValue::new(
                    acc,
                    sw.layout.clone(),
                )?)))
            }
        }
    }
}

impl From<Layout> for Value {
    fn from(l: Layout) -> Self {
        Value::Layout(Box::new(l))
    }
}

impl From<i64> for Value {
    fn from(x: i64) -> Self {
        Value::Int(x)
    }
}

impl From<bool> for Value {
    fn from(x: bool) -> Self {
        Value::Bool(x)
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
        fmt::Display::fmt(x, f)?;
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
            Value::Sym(x) => write!(f, "{x}"),
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
            Value::SymLayout(l) => write!(f, "{l:?}"),
            Value::Swizzle(s) => write!(f, "{s:?}"),
            Value::BasisScalar(v) => write!(f, "V({v})"),
            Value::Function(func) => write!(f, "{func}"),
            Value::Slice(s) => {
                let o = |x: Option<i64>| x.map_or("None".to_string(), |v| v.to_string());
                write!(f, "slice({}, {}, {})", o(s.start), o(s.stop), o(s.step))
            }
            Value::Accessor(a) => write!(f, "{a}"),
            Value::Tensor(t) => write!(f, "{t}"),
            Value::Dtype(d) => write!(f, "{d}"),
            Value::Module(m) => write!(f, "<module '{m}'>"),
            Value::Atom(a) => write!(f, "{a}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_id::BuiltinId;

    #[test]
    fn a_value_is_32_bytes() {
        assert_eq!(core::mem::size_of::<Value>(), 32);
    }

    #[test]
    fn reprs_and_conversions() {
        let t = Value::Tuple(vec![
            Value::Int(1),
            Value::Str("a'b".into()),
            Value::Float(2.0),
        ]);
        assert_eq!(t.to_string(), "(1, 'a\\'b', 2.0)");
        assert_eq!(Value::Tuple(vec![Value::None]).to_string(), "(None,)");
        assert_eq!(Value::List(vec![]).to_string(), "[]");
        let s = Slice {
            start: Some(1),
            stop: None,
            step: Some(-1),
        };
        assert_eq!(Value::Slice(Box::new(s)).to_string(), "slice(1, None, -1)");
        let shape = Value::Tuple(vec![Value::Int(4), Value::Int(8)]);
        assert_eq!(shape.to_int_tuple("test").unwrap().to_string(), "(4, 8)");
        assert!(t.to_int_tuple("test").is_err());
        assert_eq!(
            Value::from_int_tuple(&shape.to_int_tuple("test").unwrap()).to_string(),
            "(4, 8)"
        );
    }

    #[test]
    fn functions_are_named_and_subscripted() {
        let shape = Function::builtin(BuiltinId::new("shape", 7));
        let sub = shape.subscript(&[1, 0]).unwrap();
        assert_eq!(sub.to_string(), "<function shape[1, 0]>");
        assert_eq!((sub.name(), sub.mode()), ("shape", &[1, 0][..]));
        assert!(sub.same(&shape.subscript(&[1, 0]).unwrap()));
        assert!(!sub.same(&shape));
        assert_eq!(Value::Function(shape).type_name(), "function");
    }

    #[test]
    fn a_value_weighs_what_it_holds() {
        let inner = Value::Tuple(vec![Value::Int(1), Value::Int(2)]);
        let outer = Value::Tuple(vec![inner.clone(), inner, Value::Str("ab".into())]);
        // 1 + 3 for the outer tuple, 1 + 2 for each inner one, 1 + 2 for the string
        assert_eq!(outer.weight(u64::MAX), 4 + 3 + 3 + 3);
        assert_eq!(outer.depth(100), 2);
        // the count stops past its cap
        assert!(outer.weight(5) > 5);
    }
}
