//! The values of the expression language.

use crate::atuple::ArithTuple;
use crate::layout::Layout;
use crate::swizzle::{Swizzle, F2};

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
