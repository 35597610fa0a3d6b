//! Symbolic integers and layouts in the language: symbols made by
//! `symbols('M N')` or `Symbol('M')` (sympy's names), their arithmetic and
//! comparisons, and the conversions between values and cute-core's [`Sym`]
//! and cute-dynamic's `Layout<Sym>`.
//!
//! A symbolic value is never a constant: an operation whose result has no
//! symbol left gives an [`Value::Int`], and a layout whose leaves are all
//! constants is an ordinary [`Value::Layout`], so that equality and printing
//! match the numbers' ([`sym_value`], [`layout_value`]).
//!
//! # Assumptions
//!
//! A symbol is an integer, and, unless it says otherwise, a *positive* one
//! (sympy assumes nothing of a bare symbol; a layout's extents are positive,
//! and the algebra needs to know it to decide anything). The keywords are
//! sympy's, mapped onto [`Assumptions`]:
//!
//! | keyword | meaning |
//! |---|---|
//! | `positive=True` | `>= 1` (the default) |
//! | `nonnegative=True` | `>= 0` (unless `positive=True` too) |
//! | `integer=True` | nothing more: every symbol is an integer |
//! | `multiple_of=k` | a multiple of the positive integer `k` (not sympy's: it has no such assumption) |
//!
//! `positive=False`, `nonnegative=False` and `integer=False` are a
//! `ValueError` (they would say what the symbol is not, which the integers
//! here cannot represent); any other keyword is a `TypeError`.

use cute_core::sym::{Assumptions, SymSign};
use cute_core::{Error, IntLeaf, Result, Sym};
use cute_dynamic::htuple::HTuple;
use cute_dynamic::layout::{tiler_to_layout, Layout, Tiler};
use cute_dynamic::typedefs::{Scalar, Stride};

use crate::ast::{BinOp, CmpOp};
use crate::value::Value;

/// A symbolic result as a value: a constant is an int.
pub(crate) fn sym_value(s: Sym) -> Value {
    match s.try_const() {
        Some(k) => Value::Int(k),
        None => Value::Sym(s),
    }
}

/// True iff the value is, or holds in its (nested) tuples, a symbolic
/// integer or a symbolic layout.
pub(crate) fn has_sym(v: &Value) -> bool {
    match v {
        Value::Sym(_) | Value::SymLayout(_) => true,
        Value::Tuple(x) | Value::List(x) => x.iter().any(has_sym),
        _ => false,
    }
}

fn expected(op: &'static str, what: &str, v: &Value) -> Error {
    Error::type_error(op, format!("expected {what}, got {} {v}", v.type_name()))
}

/// An integer, symbolic or not.
pub(crate) fn to_sym(v: &Value, op: &'static str) -> Result<Sym> {
    match v {
        Value::Int(x) => Ok(Sym::from(*x)),
        Value::Sym(s) => Ok(s.clone()),
        other => Err(expected(op, "an integer", other)),
    }
}

/// An HTuple of integers, symbolic or not.
pub(crate) fn to_sym_tuple(v: &Value, op: &'static str) -> Result<HTuple<Sym>> {
    match v {
        Value::Tuple(x) | Value::List(x) => Ok(HTuple::Tuple(
            x.iter()
                .map(|y| to_sym_tuple(y, op))
                .collect::<Result<_>>()?,
        )),
        Value::Int(_) | Value::Sym(_) => Ok(HTuple::Leaf(to_sym(v, op)?)),
        other => Err(expected(op, "an integer tuple", other)),
    }
}

/// A stride scalar over symbolic integers.
pub(crate) fn to_sym_scalar(v: &Value, op: &'static str) -> Result<Scalar<Sym>> {
    match v {
        Value::Int(_) | Value::Sym(_) => Ok(Scalar::Int(to_sym(v, op)?)),
        Value::F2(x) => Ok(Scalar::F2(*x)),
        Value::Arith(x) => Ok(Scalar::Arith(x.clone())),
        other => Err(expected(op, "a stride scalar", other)),
    }
}

/// A stride over symbolic integers.
pub(crate) fn to_sym_stride(v: &Value, op: &'static str) -> Result<Stride<Sym>> {
    match v {
        Value::Tuple(x) | Value::List(x) => Ok(HTuple::Tuple(
            x.iter()
                .map(|y| to_sym_stride(y, op))
                .collect::<Result<_>>()?,
        )),
        x => Ok(HTuple::Leaf(to_sym_scalar(x, op)?)),
    }
}

/// A symbolic result layout as a value: an ordinary layout if no symbol is
/// left in it.
pub(crate) fn layout_value(l: Layout<Sym>) -> Value {
    match l.to_int() {
        Some(k) => Value::from(k),
        None => Value::SymLayout(Box::new(l)),
    }
}

/// A layout over symbolic integers: a layout, or an integer or tuple
/// promoted through `tiler_to_layout`.
pub(crate) fn to_sym_layout(v: &Value, op: &'static str) -> Result<Layout<Sym>> {
    match v {
        Value::SymLayout(l) => Ok((**l).clone()),
        Value::Layout(l) => Ok(l.to_symbolic()),
        Value::Int(_) | Value::Sym(_) | Value::Tuple(_) | Value::List(_) => {
            tiler_to_layout(&to_sym_tiler(v, op)?)
        }
        other => Err(expected(op, "a Layout", other)),
    }
}

/// A tiler over symbolic integers: `None`, an integer, a layout, or a
/// tuple of tilers.
pub(crate) fn to_sym_tiler(v: &Value, op: &'static str) -> Result<Tiler<Sym>> {
    match v {
        Value::None => Ok(Tiler::None),
        Value::Int(_) | Value::Sym(_) => Ok(Tiler::Int(to_sym(v, op)?)),
        Value::Layout(l) => Ok(Tiler::Layout(l.to_symbolic())),
        Value::SymLayout(l) => Ok(Tiler::Layout((**l).clone())),
        Value::Tuple(x) | Value::List(x) => Ok(Tiler::Tuple(
            x.iter()
                .map(|y| to_sym_tiler(y, op))
                .collect::<Result<_>>()?,
        )),
        other => Err(expected(op, "a tiler", other)),
    }
}

/// The value of an HTuple of symbolic integers.
pub(crate) fn from_sym_tuple(t: &HTuple<Sym>) -> Value {
    match t {
        HTuple::Leaf(x) => sym_value(x.clone()),
        HTuple::Tuple(c) => Value::Tuple(c.iter().map(from_sym_tuple).collect()),
    }
}

/// The value of a symbolic stride scalar.
pub(crate) fn from_sym_scalar(s: Scalar<Sym>) -> Value {
    match s.to_known() {
        Some(k) => Value::from_scalar(k),
        None => match s {
            Scalar::Int(x) => sym_value(x),
            other => Value::Str(other.to_string()),
        },
    }
}

/// The value of a symbolic stride.
pub(crate) fn from_sym_stride(t: &Stride<Sym>) -> Value {
    match t {
        HTuple::Leaf(x) => from_sym_scalar(x.clone()),
        HTuple::Tuple(c) => Value::Tuple(c.iter().map(from_sym_stride).collect()),
    }
}

/// The value of a symbolic layout's shape (`A.shape`, `shape(A)`).
pub(crate) fn shape_value(l: &Layout<Sym>) -> Value {
    from_sym_tuple(&l.shape())
}

/// `select[mode](A)` of a symbolic layout: the tuple of the top-level
/// modes named by `mode`, in that order.
///
/// # Errors
/// `IndexError` if an index is out of range.
pub(crate) fn select(l: &Layout<Sym>, mode: &[usize]) -> Result<Value> {
    Ok(Value::Tuple(
        l.select(mode)?.into_iter().map(layout_value).collect(),
    ))
}

/// An operand of symbolic arithmetic: an int, a bool (as Python reads it)
/// or a symbol.
fn operand(v: &Value) -> Option<Sym> {
    match v {
        Value::Int(x) => Some(Sym::from(*x)),
        Value::Bool(b) => Some(Sym::from(i64::from(*b))),
        Value::Sym(s) => Some(s.clone()),
        _ => None,
    }
}

/// `a op b` where one operand is symbolic, if the operator applies to the
/// operands (integers and symbols, and `+ - * // % /`): `None` if not.
pub(crate) fn binary(op: BinOp, a: &Value, b: &Value) -> Option<Result<Value>> {
    let (x, y) = (operand(a)?, operand(b)?);
    let r = match op {
        BinOp::Add => x.checked_add(&y),
        BinOp::Sub => x.checked_sub(&y),
        BinOp::Mul => x.checked_mul(&y),
        BinOp::FloorDiv => x.floor_div(&y),
        BinOp::Mod => x.floor_mod(&y),
        BinOp::Div => {
            return Some(Err(Error::type_error(
                "/",
                format!("true division {a} / {b} is not an integer; use //"),
            )))
        }
        BinOp::Pow => match y.try_const() {
            Some(e) if e >= 0 => match u32::try_from(e) {
                Ok(e) => x.pow(e),
                Err(_) => Err(Error::overflow("**", format!("{a} ** {b}"))),
            },
            Some(_) => {
                return Some(Err(Error::value(
                    "**",
                    format!("{a} ** {b}: a negative exponent gives a float, not an integer"),
                )))
            }
            None => {
                return Some(Err(Error::type_error(
                    "**",
                    format!("{a} ** {b}: a symbolic exponent is not supported"),
                )))
            }
        },
        _ => return None,
    };
    Some(r.map(sym_value).map_err(|e| e.in_op(op.symbol())))
}

/// `-a` for a symbolic `a`.
pub(crate) fn neg(s: &Sym) -> Result<Value> {
    Ok(sym_value(s.checked_neg()?))
}

/// An ordering comparison where one operand is symbolic: decided from the
/// symbols' assumptions, or a `ValueError` naming the condition.
pub(crate) fn compare(op: CmpOp, a: &Value, b: &Value) -> Option<Result<bool>> {
    let (x, y) = (operand(a)?, operand(b)?);
    let r = match op {
        // sympy's `==`: the same canonical form (structural, not a claim
        // about every value of the symbols)
        CmpOp::Eq => Ok(x == y),
        CmpOp::Ne => Ok(x != y),
        CmpOp::Lt => x.is_lt(&y),
        CmpOp::Gt => x.is_gt(&y),
        CmpOp::Le => x.is_le(&y),
        CmpOp::Ge => x.is_ge(&y),
    };
    Some(r)
}

/// The assumptions that sympy's keyword arguments state.
///
/// # Errors
/// `TypeError` for a keyword that is not one of `positive`, `nonnegative`,
/// `integer` and `multiple_of`, or a flag that is not a bool; `ValueError`
/// for a flag set to `False` or a `multiple_of` that is not a positive
/// integer.
pub(crate) fn assumptions(op: &'static str, kwargs: &[(&str, Value)]) -> Result<Assumptions> {
    let mut sign = SymSign::Positive;
    let (mut positive, mut nonnegative) = (false, false);
    let mut multiple = 1;
    for (k, v) in kwargs {
        match *k {
            "positive" | "nonnegative" | "integer" => {
                let Value::Bool(flag) = v else {
                    return Err(Error::type_error(
                        op,
                        format!("{k} must be True or False, got {v}"),
                    ));
                };
                if !flag {
                    return Err(Error::value(
                        op,
                        format!(
                            "{k}=False is not supported: a symbol is an integer, \
                             positive (the default) or nonnegative=True"
                        ),
                    ));
                }
                match *k {
                    "positive" => positive = true,
                    "nonnegative" => nonnegative = true,
                    _ => {}
                }
            }
            "multiple_of" => {
                multiple = match v {
                    Value::Int(m) => *m,
                    other => return Err(expected(op, "an integer multiple_of", other)),
                };
            }
            "seq" => {}
            other => {
                return Err(Error::type_error(
                    op,
                    format!(
                        "{op}() got an unexpected keyword argument '{other}' (the assumptions \
                         are positive=True, nonnegative=True, integer=True and multiple_of=k)"
                    ),
                ))
            }
        }
    }
    if nonnegative && !positive {
        sign = SymSign::NonNegative;
    }
    let base = match sign {
        SymSign::NonNegative => Assumptions::nonnegative(),
        _ => Assumptions::positive(),
    };
    base.multiple_of(multiple).map_err(|_| {
        Error::value(
            op,
            format!("multiple_of must be a positive integer, not {multiple}"),
        )
    })
}

/// The symbols named in `names` (separated by commas or whitespace): one
/// symbol for one name, else (or with a comma, or with `seq`) a tuple.
pub(crate) fn symbols(
    op: &'static str,
    names: &str,
    assume: Assumptions,
    seq: bool,
) -> Result<Value> {
    let parts: Vec<&str> = names
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    let made = parts
        .iter()
        .map(|n| symbol(op, n, assume).map(Value::Sym))
        .collect::<Result<Vec<_>>>()?;
    if parts.len() == 1 && !seq && !names.contains(',') {
        return Ok(made.into_iter().next().unwrap_or(Value::None));
    }
    Ok(Value::Tuple(made))
}

/// The symbol `name`.
///
/// # Errors
/// `ValueError` of `op` unless `name` is an identifier.
pub(crate) fn symbol(op: &'static str, name: &str, assume: Assumptions) -> Result<Sym> {
    Sym::symbol_with(name, assume).map_err(|_| {
        Error::value(
            op,
            format!("a symbol's name must be an identifier, not {name:?}"),
        )
    })
}

/// Evaluates a symbolic layout at a coordinate (integers or symbols, given
/// whole or one argument per mode).
pub(crate) fn call_layout(l: &Layout<Sym>, args: &[Value]) -> Result<Value> {
    let crd = match args {
        [one] => one.clone(),
        many => Value::Tuple(many.to_vec()),
    };
    let r = match &crd {
        Value::Int(_) | Value::Sym(_) => l.call_index(to_sym(&crd, "Layout()")?)?,
        c => l.call(&to_sym_coord("Layout()", c)?)?,
    };
    Ok(from_sym_scalar(r))
}

/// A coordinate over symbolic integers: integers, symbols and `None`s.
pub(crate) fn to_sym_coord(op: &'static str, v: &Value) -> Result<HTuple<Option<Sym>>> {
    match v {
        Value::Tuple(x) | Value::List(x) => Ok(HTuple::Tuple(
            x.iter()
                .map(|y| to_sym_coord(op, y))
                .collect::<Result<_>>()?,
        )),
        Value::None => Ok(HTuple::Leaf(None)),
        other => Ok(HTuple::Leaf(Some(to_sym(other, op).map_err(|_| {
            Error::type_error(
                op,
                format!("a coordinate leaf is an integer or None, got {other}"),
            )
        })?))),
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::run;

    /// Each case runs after `M, N = symbols('M N')` and
    /// `A = Layout((M, N), (1, M))`.
    fn check(cases: &[(&str, &str)]) {
        for (src, want) in cases {
            let got = run(&["M, N = symbols('M N')", "A = Layout((M, N), (1, M))", src]);
            assert_eq!(got, *want, "{src}");
        }
    }

    #[test]
    fn making_symbols() {
        check(&[
            ("symbols('K')", "K"),
            ("symbols('K L')", "(K, L)"),
            ("symbols('K, L')", "(K, L)"),
            ("symbols('K,')", "(K,)"),
            ("symbols('K', seq=True)", "(K,)"),
            ("Symbol('K')", "K"),
            ("Symbol('K', positive=True, integer=True)", "K"),
            ("import sympy; sympy.symbols('K')", "K"),
            ("import sympy; sympy.Symbol('K')", "K"),
            ("from sympy import symbols, Symbol; Symbol('K')", "K"),
            ("type_is = isinstance(M, Integer); type_is", "True"),
            (
                "(is_int(M), is_static(M), is_stride_scalar(M))",
                "(True, False, True)",
            ),
            (
                "(is_int(A), is_static(4 * M), is_layout(A))",
                "(False, False, True)",
            ),
            ("isinstance(A, Layout)", "True"),
            (
                "symbols('K', real=True)",
                "TypeError: symbols: symbols() got an unexpected keyword argument 'real'",
            ),
            (
                "symbols('K', positive=False)",
                "ValueError: symbols: positive=False is not supported: a symbol is an integer, \
                 positive (the default) or nonnegative=True",
            ),
            (
                "symbols('K', multiple_of=0)",
                "ValueError: symbols: multiple_of must be a positive integer, not 0",
            ),
            (
                "Symbol('2K')",
                "ValueError: Symbol: a symbol's name must be an identifier, not \"2K\"",
            ),
            (
                "symbols(3)",
                "TypeError: symbols: symbols() takes a string of names, got int 3",
            ),
            (
                "import sympy; sympy.floor",
                "TypeError: attribute: module 'sympy' has no attribute 'floor' (of ctypes, \
                 the evaluator provides the scalar types; of sympy, symbols and Symbol)",
            ),
        ]);
    }

    #[test]
    fn arithmetic_and_comparisons() {
        check(&[
            ("4 * N", "4*N"),
            ("N + 3", "N + 3"),
            ("M * N + 2 * M + 3", "M*N + 2*M + 3"),
            ("(8 * N + 3) // 8", "N"),
            ("N // 4", "floor(N/4)"),
            ("N % 4", "Mod(N, 4)"),
            ("(8 * N + 3) % 4", "3"),
            ("M - M", "0"),
            ("type(M - M) if False else (M - M) + 1", "1"),
            ("-M + N", "-M + N"),
            ("+M", "M"),
            ("True + M", "M + 1"),
            ("M * N % M", "0"),
            ("sum([M, N, 1])", "M + N + 1"),
            ("M == M", "True"),
            // sympy's ==: the same canonical form, structurally
            ("M == N", "False"),
            ("M + 0 == M", "True"),
            ("M != 3", "True"),
            ("M + 1 == M", "False"),
            ("(M, 1) == (M, 2)", "False"),
            ("[M, 2 * M] == [M, M + M]", "True"),
            ("Layout(M, 1) == Layout(M, 1)", "True"),
            ("Layout(M, 1) == Layout(4, 1)", "False"),
            ("Layout(M, 1) != Layout((M,), (1,))", "True"),
            ("M < M + 1", "True"),
            ("M <= M * N", "True"),
            ("M >= 1", "True"),
            ("M > 0 and N > 0", "True"),
            ("min(M, M + 1)", "M"),
            ("M < N", "ValueError: <: cannot decide whether M < N"),
            ("M <= N", "ValueError: <=: cannot decide whether M <= N"),
            // min and max of integers and symbols are sympy's Min and Max:
            // decided where the assumptions settle it, ties included
            ("max(M, N)", "Max(M, N)"),
            ("min(M, 1), max(M, 1), min([M, 2 * M, 3])", "(1, M, Min(3, M))"),
            ("min(M, 2.5)", "TypeError: <: '<' not supported between 'float' (2.5) and 'Symbol' (M)"),
            ("M / 2", "TypeError: /: true division M / 2 is not an integer; use //"),
            ("M // 0", "ValueError: //: M // 0: division by zero"),
            ("M ^ 1", "TypeError: operator: unsupported operand types for ^: 'Symbol' (M) and 'int' (1)"),
            ("M + 1.5", "TypeError: operator: unsupported operand types for +: 'Symbol' (M) and 'float' (1.5)"),
            ("int(M)", "TypeError: int: int() argument must be a number or string, not 'Symbol'"),
        ]);
    }

    #[test]
    fn shapes() {
        check(&[
            ("product((M, (N, 2)))", "2*M*N"),
            ("product_each((M, (N, 2)))", "(M, 2*N)"),
            ("size((M, 4))", "4*M"),
            ("size((M, (N, 4)), mode=1)", "4*N"),
            ("rank((M, N)), depth((M, (N, 2)))", "(2, 2)"),
            ("flatten((M, (N, 2)))", "(M, N, 2)"),
            ("inner_product((1, 2), (M, N))", "M + 2*N"),
            ("inner_product((M, N), (1, M))", "M*N + M"),
            ("congruent((M, N), (1, 2))", "True"),
            // coordinates: an index splits over the symbolic extents
            ("idx2crd(5, (M, 4))", "(Mod(5, M), floor(5/M))"),
            ("idx2crd(M + 2, (M, 4))", "(Mod(2, M), floor(2/M) + 1)"),
            ("idx2crd((1, 5), (M, (2, 4)))", "(1, (1, 2))"),
            ("idx2crd(M, M)", "M"),
            ("crd2idx((1, 2), (M, 4))", "2*M + 1"),
            ("crd2idx((1, (2, 3)), (M, (3, 4)))", "11*M + 1"),
            (
                "idx2crd(3*M, (M, N)), crd2idx(idx2crd(3*M, (M, N)), (M, N))",
                "((0, 3), 3*M)",
            ),
        ]);
    }

    /// The symbolic form of a built-in answers as its integer form does:
    /// each line gives, with `M` and `N` symbols, the symbolic answer, and
    /// with `M = 3` and `N = 5`, the integer answer, the same formula.
    #[test]
    fn symbolic_forms_follow_the_integer_ones() {
        let cases = [
            // a leaf is one mode
            ("product_each(M)", "(M,)", "(3,)"),
            ("product_each(())", "()", "()"),
            // an index is itself, whatever the shape
            ("crd2idx(N, ())", "N", "5"),
            ("crd2idx(M, (4, N))", "M", "3"),
            ("crd2idx((M, None), (4, N))", "M", "3"),
            ("crd2idx(((1, M),), ((2, N),))", "2*M + 1", "7"),
            // a tuple coordinate is weakly congruent to the shape
            (
                "idx2crd((1, M), ())",
                "ValueError: idx2crd: not congruent: coordinate (1, M) is not weakly \
                 congruent to shape ()",
                "ValueError: idx2crd: not congruent: coordinate (1, 3) is not weakly \
                 congruent to shape ()",
            ),
            (
                "crd2idx((1, M), (N,))",
                "ValueError: crd2idx: not congruent: coordinate (1, M) is not weakly \
                 congruent to shape (N,)",
                "ValueError: crd2idx: not congruent: coordinate (1, 3) is not weakly \
                 congruent to shape (5,)",
            ),
            ("idx2crd(None, (M, 4))", "(0, 0)", "(0, 0)"),
            // the same rules, so the same errors
            (
                "idx2crd(7, ((0, 3), M))",
                "ValueError: divmod: 7 divided by zero",
                "ValueError: divmod: 7 divided by zero",
            ),
            (
                "size((M, 4), mode=5)",
                "IndexError: get: index out of range: mode [5] names no element (index 5 at \
                 depth 0)",
                "IndexError: get: index out of range: mode [5] names no element (index 5 at \
                 depth 0)",
            ),
            (
                "product((M, 4611686018427387904, 4))",
                "ValueError: product: integer overflow: the product of (M, \
                 4611686018427387904, 4) leaves the 64-bit range",
                "ValueError: product: integer overflow: the product of (3, \
                 4611686018427387904, 4) leaves the 64-bit range",
            ),
            (
                "crd2idx((0, 4), (4611686018427387904, M))",
                "ValueError: crd2idx: integer overflow: index leaves the 64-bit range in shape \
                 (4611686018427387904, M)",
                "ValueError: crd2idx: integer overflow: index leaves the 64-bit range in shape \
                 (4611686018427387904, 3)",
            ),
            (
                "idx2crd((M, None), (N, (4, 2)))",
                "(M, (0, 0))",
                "(3, (0, 0))",
            ),
        ];
        for (src, sym, int) in cases {
            let got = run(&["M, N = symbols('M N')", src]);
            assert_eq!(got, sym, "{src}");
            let got = run(&["M, N = 3, 5", src]);
            assert_eq!(got, int, "{src} over integers");
        }
    }

    #[test]
    fn layouts() {
        check(&[
            ("A", "Layout((M, N), (1, M))"),
            ("str(A)", "'(M, N):(1, M)'"),
            ("Layout((M, N))", "Layout((M, N), (1, M))"),
            ("Layout((4, M))", "Layout((4, M), (1, 4))"),
            ("Layout((4, 8), (1, M))", "Layout((4, 8), (1, M))"),
            ("Layout((M, N), 2)", "Layout((M, N), (2, 2*M))"),
            ("Layout(M)", "Layout(M, 1)"),
            ("A == Layout((M, N))", "True"),
            // structural, as sympy's: a different form is unequal
            ("A == Layout((N, M))", "False"),
            ("A == Layout((M, N), (1, 2 * M))", "False"),
            ("A.shape, A.stride", "((M, N), (1, M))"),
            ("shape(A), stride(A)", "((M, N), (1, M))"),
            ("rank(A), depth(A)", "(2, 1)"),
            ("A[1]", "Layout(N, M)"),
            ("get[0](A)", "Layout(M, 1)"),
            ("A.get(1)", "Layout(N, M)"),
            ("Layout(((M, 2), N)).get((0, 1))", "Layout(2, M)"),
            ("select[1, 0](A)", "(Layout(N, M), Layout(M, 1))"),
            ("size(A)", "M*N"),
            ("size[1](A)", "N"),
            ("coshape(A)", "M*N"),
            ("coshape(Layout((M, N), (N, 1)))", "M*N"),
            ("A(3, 2)", "2*M + 3"),
            ("A((3, 2))", "2*M + 3"),
            ("A(M - 1, N - 1)", "M*N - 1"),
            ("Layout((4, 8))(M, 0)", "M"),
            ("A(7)", "M*floor(7/M) + Mod(7, M)"),
            (
                "make_layout(Layout(M, 1), Layout(4, M))",
                "Layout((M, 4), (1, M))",
            ),
            (
                "make_layout_like(Layout((M, N), (N, 1)))",
                "Layout((M, N), (N, 1))",
            ),
            (
                "make_ordered_layout((M, N), (1, 0))",
                "Layout((M, N), (N, 1))",
            ),
            ("tiler_to_layout((M, N))", "Layout((M, N), (1@0, 1@1))"),
            // no symbol left: an ordinary layout
            ("Layout((M, 4))[1]", "Layout(4, M)"),
            ("Layout((4, M), (1, 4))[0]", "Layout(4, 1)"),
            ("Layout((4, M), (1, 4))[0] == Layout(4, 1)", "True"),
        ]);
    }

    #[test]
    fn algebra() {
        check(&[
            ("coalesce(A)", "Layout(M*N, 1)"),
            ("coalesce(Layout((4, M), (1, 4)))", "Layout(4*M, 1)"),
            ("coalesce(A, (1, 1))", "Layout((M, N), (1, M))"),
            (
                "coalesce_z(Layout((M, 1), (1, 0)))",
                "Layout((M, 1), (1, 0))",
            ),
            ("coalesce_z(Layout((1, M), (0, 1)))", "Layout(M, 1)"),
            (
                "composition(A, Layout((4, 2), (2, 1)))",
                "Layout((4, 2), (2, 1))",
            ),
            (
                "composition(Layout(M * N, 1), Layout((M, N)))",
                "Layout((M, N), (1, M))",
            ),
            (
                "logical_product(A, Layout(2, 4))",
                "Layout(((M, N), 2), ((1, M), 4*M*N))",
            ),
            (
                "blocked_product(A, Layout((2, 2)))",
                "Layout(((M, 2), (N, 2)), ((1, M*N), (M, 2*M*N)))",
            ),
            ("complement(Layout(4, 1), M)", "Layout(floor(M/4 + 3/4), 4)"),
            ("complement(Layout(M, 1), 4 * M)", "Layout(4, M)"),
            (
                "logical_divide(A, (8, 8))",
                "Layout(((8, floor(M/8 + 7/8)), (8, floor(N/8 + 7/8))), ((1, 8), (M, 8*M)))",
            ),
            (
                "zipped_divide(A, (128, 64))",
                "Layout(((128, 64), (floor(M/128 + 127/128), floor(N/64 + 63/64))), \
                 ((1, M), (128, 64*M)))",
            ),
            (
                "logical_product(Layout(4, 1), Layout(M, 1))",
                "Layout((4, M), (1, 4))",
            ),
            (
                "logical_product(A, Layout(2, 1))",
                "Layout(((M, N), 2), ((1, M), M*N))",
            ),
            (
                "blocked_product(Layout((2, 2)), Layout((M, N)))",
                "Layout(((2, M), (2, N)), ((1, 4), (2, 4*M)))",
            ),
            (
                "raked_product(Layout((2, 2)), Layout((M, N)))",
                "Layout(((M, 2), (N, 2)), ((4, 1), (4*M, 2)))",
            ),
            ("right_inverse(A)", "Layout(M*N, 1)"),
            (
                "right_inverse(Layout((4, M), (M, 1)))",
                "Layout((M, 4), (4, 1))",
            ),
            ("nullspace(Layout((M, 4), (0, 1)))", "Layout(M, 1)"),
            ("layout_add(A, A)", "Layout(M*N, 2)"),
        ]);
    }

    #[test]
    fn assumptions_settle_the_algebra() {
        let k = [
            "M = symbols('M', multiple_of=128)",
            "N = symbols('N', multiple_of=64)",
            "A = Layout((M, N), (1, M))",
        ];
        let with_k = |src: &str| {
            let mut lines = k.to_vec();
            lines.push(src);
            run(&lines)
        };
        assert_eq!(
            with_k("logical_divide(A, (8, 8))"),
            "Layout(((8, floor(M/8)), (8, floor(N/8))), ((1, 8), (M, 8*M)))"
        );
        assert_eq!(
            with_k("zipped_divide(A, (128, 64))"),
            "Layout(((128, 64), (floor(M/128), floor(N/64))), ((1, M), (128, 64*M)))"
        );
        assert_eq!(
            with_k("composition(Layout((M, N), (1, 2 * M)), (8, 4))"),
            "Layout((8, 4), (1, 2*M))"
        );
        assert_eq!(with_k("M % 64, N % 64, N // 32"), "(0, 0, floor(N/32))");
        // an exact quotient multiplies back: the divide keeps the size
        assert_eq!(
            with_k("Z = zipped_divide(A, (128, 64)); size(Z), size(Z) == size(A), N // 64 * 64"),
            "(M*N, True, N)"
        );
        // nonnegative: a zero extent is possible
        assert_eq!(
            run(&["K = symbols('K', nonnegative=True)", "K >= 0, K + 1 > 0"]),
            "(True, True)"
        );
        assert_eq!(
            run(&["K = symbols('K', nonnegative=True)", "K > 0"]),
            "ValueError: >: cannot decide whether K > 0"
        );
    }

    #[test]
    fn undecidable_conditions_are_value_errors() {
        check(&[
            (
                "composition(Layout((M, N), (1, 2 * M)), 8)",
                "ValueError: composition: cannot decide whether 1 < M",
            ),
            (
                "complement(Layout(4, M))",
                "ValueError: complement: cannot decide whether M > 1",
            ),
            (
                "left_inverse(A)",
                "ValueError: left_inverse: cannot decide whether M > 1",
            ),
            (
                "logical_divide(Layout((M, N), (1, 2 * M)), 8)",
                "ValueError: logical_divide: cannot decide whether 1 < M",
            ),
        ]);
    }
}
