//! The values of the expression language.

use core::fmt;
use std::sync::Arc;

use cute_core::{DynInt, Error, Result, Sym};
use cute_dynamic::atuple::ArithTuple;
use cute_dynamic::htuple::{HTuple, IntTuple};
use cute_dynamic::layout::{Layout, Tiler};
use cute_dynamic::swizzle::{Swizzle, F2};
use cute_dynamic::typedefs::{Scalar, Stride};

use crate::builtin_id::BuiltinId;
use crate::eval::Lambda;
use crate::slice::Slice;
use crate::tensor::{AccessorValue, Dtype, TensorValue};

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
}

/// A function value: a built-in, a `lambda` (a closure over the names in
/// scope where it was written), or a function made by `ModeOpDecorator`.
///
/// Its `Display` is `<function NAME>`, with the mode its subscripts gave it:
/// `<function shape[1, 0]>`, `<function <lambda>>`.
#[derive(Clone)]
pub struct Function(pub(crate) Fun);

#[derive(Clone)]
pub(crate) enum Fun {
    /// A built-in, without a mode subscript.
    Builtin(BuiltinId),
    /// A built-in with its mode subscripts (`shape[1][0]`).
    Subscripted(Arc<(BuiltinId, Vec<i64>)>),
    /// A lambda.
    Lambda(Arc<Lambda>),
    /// `ModeOpDecorator(inner)`, with its mode subscripts.
    ModeOp(Arc<(Value, Vec<i64>)>),
}

impl Function {
    pub(crate) fn builtin(b: BuiltinId) -> Function {
        Function(Fun::Builtin(b))
    }

    /// The function's name: the built-in's, or `<lambda>`.
    pub fn name(&self) -> &str {
        match &self.0 {
            Fun::Builtin(b) => b.name(),
            Fun::Subscripted(s) => s.0.name(),
            Fun::Lambda(_) => "<lambda>",
            Fun::ModeOp(m) => match &m.0 {
                Value::Function(f) => f.name(),
                _ => "ModeOpDecorator",
            },
        }
    }

    /// The mode its subscripts accumulated (empty if none).
    pub fn mode(&self) -> &[i64] {
        match &self.0 {
            Fun::Subscripted(s) => &s.1,
            Fun::ModeOp(m) => &m.1,
            Fun::Builtin(_) | Fun::Lambda(_) => &[],
        }
    }

    /// The built-in this function is, if it is one.
    pub(crate) fn as_builtin(&self) -> Option<BuiltinId> {
        match &self.0 {
            Fun::Builtin(b) => Some(*b),
            Fun::Subscripted(s) => Some(s.0),
            _ => None,
        }
    }

    /// The same function with `more` appended to its mode, as `f[more]`
    /// gives.
    ///
    /// # Errors
    /// `TypeError` for a lambda, which takes no mode subscript.
    pub(crate) fn subscript(&self, more: &[i64]) -> Result<Function> {
        let join = |mode: &[i64]| {
            let mut m = Vec::with_capacity(mode.len() + more.len());
            m.extend_from_slice(mode);
            m.extend_from_slice(more);
            m
        };
        Ok(Function(match &self.0 {
            Fun::Builtin(b) => Fun::Subscripted(Arc::new((*b, more.to_vec()))),
            Fun::Subscripted(s) => Fun::Subscripted(Arc::new((s.0, join(&s.1)))),
            Fun::ModeOp(m) => Fun::ModeOp(Arc::new((m.0.clone(), join(&m.1)))),
            Fun::Lambda(_) => {
                return Err(Error::type_error(
                    "[]",
                    "a lambda is not subscriptable: wrap it in ModeOpDecorator to give it modes",
                ))
            }
        }))
    }

    /// The values the function holds: a lambda's defaults and the values
    /// of the parameters it closes over, a `ModeOpDecorator`'s function.
    pub(crate) fn held(&self) -> Box<dyn Iterator<Item = &Value> + '_> {
        match &self.0 {
            Fun::Builtin(_) | Fun::Subscripted(_) => Box::new(core::iter::empty()),
            Fun::ModeOp(m) => Box::new(core::iter::once(&m.0)),
            Fun::Lambda(l) => l.held(),
        }
    }

    /// True iff both are the same function with the same mode.
    pub(crate) fn same(&self, other: &Function) -> bool {
        match (&self.0, &other.0) {
            (Fun::Lambda(a), Fun::Lambda(b)) => Arc::ptr_eq(a, b),
            (Fun::ModeOp(a), Fun::ModeOp(b)) => {
                a.1 == b.1
                    && match (&a.0, &b.0) {
                        (Value::Function(x), Value::Function(y)) => x.same(y),
                        _ => false,
                    }
            }
            (Fun::Lambda(_) | Fun::ModeOp(_), _) | (_, Fun::Lambda(_) | Fun::ModeOp(_)) => false,
            _ => {
                let (a, b) = (self.as_builtin(), other.as_builtin());
                a.is_some() && a == b && self.mode() == other.mode()
            }
        }
    }
}

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<function {}", self.name())?;
        let mode = self.mode();
        if !mode.is_empty() {
            f.write_str("[")?;
            for (i, m) in mode.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{m}")?;
            }
            f.write_str("]")?;
        }
        f.write_str(">")
    }
}

impl fmt::Debug for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
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

    /// The number of elements the value holds, nested ones included (a
    /// leaf counts 1, a tuple 1 plus its elements, a layout 1 plus its
    /// leaves, a string 1 plus its bytes), counted up to `cap`: a result
    /// above `cap` means "more than `cap`", and the count stops there.
    pub(crate) fn weight(&self, cap: u64) -> u64 {
        self.measure(cap).weight
    }

    /// The value's weight (as [`Value::weight`], counted up to `cap`) and
    /// its nesting depth: tuples in tuples, ArithTuples in ArithTuples,
    /// values held by functions (a lambda's defaults and the parameters it
    /// closes over, a `ModeOpDecorator`'s function).
    pub(crate) fn measure(&self, cap: u64) -> Measure {
        match self {
            Value::Tuple(v) | Value::List(v) => {
                let mut m = Measure {
                    weight: 1 + v.len() as u64,
                    depth: 1,
                };
                for x in v {
                    if m.weight > cap {
                        break;
                    }
                    if !x.is_atom() {
                        m.add(x.measure(cap - m.weight));
                    }
                }
                m
            }
            Value::Str(s) => Measure {
                weight: 1 + s.len() as u64,
                depth: 0,
            },
            Value::Arith(a) => arith_measure(a),
            Value::Layout(l) => layout_measure(l),
            Value::SymLayout(l) => layout_measure(l),
            Value::BasisScalar(b) => {
                let mut m = Measure {
                    weight: 1,
                    depth: 1,
                };
                m.add(b.measure(cap));
                m
            }
            Value::Function(f) => held_measure(f.held(), cap),
            // the memory is shared, and counted once, when it is allocated
            Value::Accessor(a) => held_measure(a.transforms.iter(), cap),
            Value::Tensor(t) => {
                let mut m = held_measure(t.transforms.iter(), cap);
                // the layout's leaves and nodes, not the layout itself
                let l = layout_measure(t.layout());
                m.weight += l.weight - 1;
                m.depth = m.depth.max(l.depth);
                m
            }
            _ => Measure {
                weight: 1,
                depth: 0,
            },
        }
    }

    /// True iff the value holds no other value (its weight is 1).
    #[inline]
    fn is_atom(&self) -> bool {
        matches!(
            self,
            Value::None
                | Value::Bool(_)
                | Value::Int(_)
                | Value::Sym(_)
                | Value::Float(_)
                | Value::F2(_)
                | Value::Fraction(..)
                | Value::Swizzle(_)
                | Value::Function(_)
                | Value::Slice(_)
                | Value::Dtype(_)
                | Value::Module(_)
        )
    }

    /// Nesting depth of the value (as [`Value::measure`] counts it),
    /// counted up to `cap`.
    pub(crate) fn depth(&self, cap: usize) -> usize {
        if cap == 0 {
            return 0;
        }
        match self {
            Value::Tuple(x) | Value::List(x) => {
                1 + x.iter().map(|y| y.depth(cap - 1)).max().unwrap_or(0)
            }
            Value::BasisScalar(b) => 1 + b.depth(cap - 1),
            Value::Function(f) => f
                .held()
                .map(|y| y.depth(cap - 1))
                .max()
                .map_or(0, |d| d + 1),
            Value::Accessor(a) => a
                .transforms
                .iter()
                .map(|y| y.depth(cap - 1))
                .max()
                .map_or(0, |d| d + 1),
            Value::Tensor(t) => {
                let held = t.transforms.iter().map(|y| y.depth(cap - 1) + 1).max();
                held.unwrap_or(0).max(layout_measure(t.layout()).depth)
            }
            Value::Layout(_) | Value::SymLayout(_) | Value::Arith(_) => {
                self.measure(u64::MAX).depth
            }
            _ => 0,
        }
    }
}

/// The measure of a value holding `held` (a function's defaults and
/// closure, an accessor's functions), counted up to `cap`.
fn held_measure<'a>(held: impl Iterator<Item = &'a Value>, cap: u64) -> Measure {
    let mut m = Measure {
        weight: 1,
        depth: 0,
    };
    for x in held {
        if m.weight > cap {
            break;
        }
        m.add(x.measure(cap - m.weight));
    }
    m
}

/// What a value holds: its elements, nested ones included, and how deeply
/// they nest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Measure {
    pub(crate) weight: u64,
    pub(crate) depth: usize,
}

impl Measure {
    /// Counts a part held one level down.
    fn add(&mut self, part: Measure) {
        self.weight += part.weight;
        self.depth = self.depth.max(part.depth + 1);
    }
}

/// The measure of a layout: its shape's and its stride's.
fn layout_measure<I: DynInt>(l: &Layout<I>) -> Measure {
    let s = shape_measure(&l.shape());
    let d = stride_measure(&l.stride());
    Measure {
        weight: 1 + s.weight + d.weight,
        depth: s.depth.max(d.depth),
    }
}

/// The leaves of a tree and its inner nodes, and its depth, each leaf
/// measured by `leaf`.
fn tree_measure<T>(t: &HTuple<T>, leaf: &impl Fn(&T) -> Measure) -> Measure {
    match t {
        HTuple::Leaf(x) => leaf(x),
        HTuple::Tuple(c) => {
            let mut m = Measure {
                weight: 1,
                depth: 1,
            };
            for x in c {
                m.add(tree_measure(x, leaf));
            }
            m
        }
    }
}

/// The leaves of a shape and its inner nodes, and its depth.
fn shape_measure<I>(t: &HTuple<I>) -> Measure {
    tree_measure(t, &|_| Measure {
        weight: 1,
        depth: 0,
    })
}

/// The leaves of a stride (an ArithTuple's entries included) and its inner
/// nodes, and its depth (ArithTuples nested in it included).
fn stride_measure<I>(t: &Stride<I>) -> Measure {
    tree_measure(t, &|x| match x {
        Scalar::Arith(a) => arith_measure(a),
        _ => Measure {
            weight: 1,
            depth: 0,
        },
    })
}

fn arith_measure(a: &ArithTuple) -> Measure {
    let mut m = Measure {
        weight: 1,
        depth: 1,
    };
    for x in a.data() {
        m.add(stride_measure(x));
    }
    m
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
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_32_bytes() {
        assert_eq!(core::mem::size_of::<Value>(), 32);
    }
}
