//! The built-in names of the expression language: one table, which drives
//! the parser's look-up of names, the dispatch of calls, the list of names,
//! and the error for a name the evaluator does not provide.
//!
//! Each module of the specification has its table next to its handlers:
//! [`python`] (the Python built-ins the examples use: `len`, `tuple`,
//! `isinstance`, ...), [`htuple`], [`spec`] (typedefs, atuple, swizzle),
//! [`layout`] (stride, shape, layout), [`algebra`], [`inverse`],
//! [`tensor`] (accessor, tensor, `print_tensor` and `print_table`, and the
//! element types of `ctypes`), [`partition`] (CuTe C++'s `local_tile`,
//! `inner_partition`, `outer_partition` and `local_partition`, of layouts,
//! symbolic layouts and tensors) and [`sym`] (`symbols`, `Symbol`, the `sympy`
//! module, and the symbolic forms of the built-ins, which run when the
//! machine-integer code fails on a symbolic argument). An entry is a function with its signature
//! (positional parameters, which ones are required, extra positional arguments,
//! keyword-only parameters, and whether it takes a mode, as the
//! specification's `ModeOpDecorator` gives one), an abstract class that
//! only `isinstance` uses, an element type (`c_int`), a module whose names
//! are values (`ctypes`), or a name of the specification the evaluator does
//! not provide, with the reason.
//!
//! The dispatcher binds a call's arguments to the signature (so a handler
//! finds its arguments where the signature puts them, already checked),
//! merges the mode of the subscripts with a `mode=` keyword (subscripts
//! first, as `ModeOpDecorator` does), and counts the elements of the result
//! against the statement's budget.

use std::sync::OnceLock;

use cute_core::{Error, Result};
use cute_dynamic::layout::Layout;
use smallvec::SmallVec;

use crate::ast::{Code, Import};
use crate::builtin_id::BuiltinId;
use crate::eval::{call_value, Ctx};
use crate::ops;
use crate::value::{Fun, Function, Value};

mod algebra;
mod atom;
mod banks;
mod explain;
mod htuple;
mod inverse;
mod layout;
mod partition;
mod python;
mod spec;
mod sym;
mod tensor;

/// A built-in's code: it receives the call's arguments bound to its
/// signature.
pub(crate) type Handler = fn(&mut Ctx<'_>, &Call<'_>) -> Result<Value>;

/// The test of membership of a class, for `isinstance`.
pub(crate) type IsA = fn(&Value) -> bool;

/// One built-in name.
pub(crate) struct Builtin {
    pub(crate) name: &'static str,
    pub(crate) kind: Kind,
}

impl core::fmt::Debug for Builtin {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "<built-in {}>", self.name)
    }
}

/// What a built-in name is.
pub(crate) enum Kind {
    /// A function or a constructor; `class` is its membership test if it
    /// is also a class (`tuple`, `Layout`, `F2`...).
    Function {
        sig: Sig,
        run: Handler,
        class: Option<IsA>,
    },
    /// An abstract class, usable only as `isinstance`'s second argument.
    Class(IsA),
    /// An element type of memory (a ctypes scalar type).
    Dtype(crate::tensor::Dtype),
    /// A module whose names are values (`ctypes.c_int`).
    Module,
    /// A name of the specification (or a Python module its examples use)
    /// that the evaluator does not provide, and why.
    Missing(&'static str),
}

/// The most positional-or-keyword parameters a built-in has.
const MAX_PARAMS: usize = 4;

/// A built-in's signature.
#[derive(Clone, Copy)]
pub(crate) struct Sig {
    /// Parameters given by position or by keyword, in order.
    params: &'static [&'static str],
    /// How many of `params` are required.
    required: usize,
    /// True iff extra positional arguments are accepted (`*args`).
    rest: bool,
    /// Keyword-only parameters.
    keywords: &'static [&'static str],
    /// True iff it takes a mode: a subscript `f[0, 1]` or a keyword
    /// `mode=(0, 1)`.
    mode: bool,
}

impl Sig {
    /// `params`, the first `required` of them required.
    pub(crate) const fn new(params: &'static [&'static str], required: usize) -> Sig {
        assert!(params.len() <= MAX_PARAMS && required <= params.len());
        Sig {
            params,
            required,
            rest: false,
            keywords: &[],
            mode: false,
        }
    }
    /// Also any number of extra positional arguments.
    pub(crate) const fn rest(mut self) -> Sig {
        self.rest = true;
        self
    }
    /// Also these keyword-only parameters.
    pub(crate) const fn keywords(mut self, keywords: &'static [&'static str]) -> Sig {
        self.keywords = keywords;
        self
    }
    /// Also a mode.
    pub(crate) const fn mode(mut self) -> Sig {
        self.mode = true;
        self
    }
}

/// A function.
pub(crate) const fn func(name: &'static str, sig: Sig, run: Handler) -> Builtin {
    Builtin {
        name,
        kind: Kind::Function {
            sig,
            run,
            class: None,
        },
    }
}

/// A function that is also a class.
pub(crate) const fn class_func(name: &'static str, sig: Sig, run: Handler, isa: IsA) -> Builtin {
    Builtin {
        name,
        kind: Kind::Function {
            sig,
            run,
            class: Some(isa),
        },
    }
}

/// An abstract class.
pub(crate) const fn class(name: &'static str, isa: IsA) -> Builtin {
    Builtin {
        name,
        kind: Kind::Class(isa),
    }
}

/// A name the evaluator does not provide.
pub(crate) const fn missing(name: &'static str, why: &'static str) -> Builtin {
    Builtin {
        name,
        kind: Kind::Missing(why),
    }
}

/// Why the drawing names are missing.
const DRAWING: &str = "drawing writes files (an SVG, a TeX document): the evaluator does not draw; the cute command does (cute svg, cute latex)";
/// Why Python's modules are missing.
const MODULE: &str = "it is a Python module the evaluator does not provide";

/// The names of the specification the evaluator does not provide, and the
/// Python modules its examples import.
static MISSING: &[Builtin] = &[
    missing(
        "register_integer_type",
        "registering Python types as integers is Python machinery",
    ),
    missing("draw_svg", DRAWING),
    missing("draw_svg_tv", DRAWING),
    missing("draw_latex", DRAWING),
    missing("draw_latex_tv", DRAWING),
    missing("index_grey_8x", DRAWING),
    missing("bank_color_8x", DRAWING),
    missing("bank_color_16x", DRAWING),
    missing("bank_color_32x", DRAWING),
    missing("thread_color_8x", DRAWING),
    missing("value_color_8x", DRAWING),
    missing("warp_color_8x", DRAWING),
    missing("constant", DRAWING),
    missing("white", DRAWING),
    missing("array", MODULE),
    missing("numpy", MODULE),
];

/// Every module's table.
static TABLES: &[&[Builtin]] = &[
    python::TABLE,
    htuple::TABLE,
    spec::TABLE,
    layout::TABLE,
    algebra::TABLE,
    inverse::TABLE,
    tensor::TABLE,
    tensor::CTYPES,
    partition::TABLE,
    sym::TABLE,
    atom::TABLE,
    atom::OPS,
    atom::GMMA_OPS,
    atom::SMEM,
    banks::TABLE,
    explain::TABLE,
    MISSING,
];

/// Every built-in, found by name: sorted (a [`BuiltinId`] is a place in
/// this order), and hashed into an open-addressing table, so that a look-up
/// is one hash and, mostly, one comparison.
struct Index {
    sorted: Vec<&'static Builtin>,
    slots: Vec<Option<BuiltinId>>,
}

/// FNV-1a of a name.
fn hash(name: &str) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in name.as_bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h as usize
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut sorted: Vec<&'static Builtin> = TABLES.iter().flat_map(|t| t.iter()).collect();
        sorted.sort_by_key(|b| b.name);
        // a table at most a quarter full: probes are short
        let size = (sorted.len() * 4).next_power_of_two();
        let mut slots = vec![None; size];
        for (k, b) in sorted.iter().enumerate() {
            let mut i = hash(b.name) & (size - 1);
            while slots[i].is_some() {
                i = (i + 1) & (size - 1);
            }
            // a few hundred built-ins: their places fit a u32
            slots[i] = Some(BuiltinId::new(b.name, k as u32));
        }
        Index { sorted, slots }
    })
}

/// Every built-in, sorted by name.
fn sorted() -> &'static [&'static Builtin] {
    &index().sorted
}

/// The built-in named `name`, if there is one.
pub(crate) fn lookup(name: &str) -> Option<BuiltinId> {
    let slots = &index().slots;
    let mask = slots.len() - 1;
    let mut i = hash(name) & mask;
    loop {
        match slots[i] {
            None => return None,
            Some(b) if b.name() == name => return Some(b),
            Some(_) => i = (i + 1) & mask,
        }
    }
}

/// The entry of the table that `id` names.
fn entry(id: BuiltinId) -> &'static Builtin {
    sorted()[id.index()]
}

/// The names of the built-ins the evaluator provides (functions and
/// classes), sorted.
pub(crate) fn provided_names() -> impl Iterator<Item = &'static str> {
    sorted()
        .iter()
        .filter(|b| !matches!(b.kind, Kind::Missing(_)))
        .map(|b| b.name)
}

/// The value of the built-in name `id`.
///
/// # Errors
/// `ValueError`, with the reason, for a name the evaluator does not
/// provide.
pub(crate) fn reference(id: BuiltinId) -> Result<Value> {
    let b = entry(id);
    match b.kind {
        Kind::Missing(why) => Err(Error::value(
            "name",
            format!("name '{}' is not available: {why}", b.name),
        )),
        Kind::Dtype(d) => Ok(Value::Dtype(d)),
        Kind::Module => Ok(Value::Module(b.name)),
        _ => Ok(Value::Function(Function::builtin(id))),
    }
}

/// Checks that `f` may take a mode subscript.
pub(crate) fn check_subscript(f: &Function) -> Result<()> {
    match f.as_builtin().map(entry) {
        Some(b)
            if !matches!(
                b.kind,
                Kind::Function {
                    sig: Sig { mode: true, .. },
                    ..
                }
            ) =>
        {
            Err(Error::type_error(
                "[]",
                format!("{} takes no mode subscript", b.name),
            ))
        }
        _ => Ok(()),
    }
}

/// The arguments of a call of a built-in, bound to its signature.
pub(crate) struct Call<'a> {
    /// The built-in's name.
    pub(crate) name: &'static str,
    slots: [Option<&'a Value>; MAX_PARAMS],
    /// The positional arguments after the parameters (`*args`).
    pub(crate) rest: &'a [Value],
    kwargs: &'a [(&'a str, Value)],
    /// The mode: the subscripts', then the `mode=` keyword's.
    pub(crate) mode: &'a [usize],
}

impl<'a> Call<'a> {
    /// Required parameter `i`.
    #[inline]
    pub(crate) fn arg(&self, i: usize) -> &'a Value {
        self.slots[i].unwrap_or(&Value::None)
    }
    /// Optional parameter `i`, if given.
    #[inline]
    pub(crate) fn opt(&self, i: usize) -> Option<&'a Value> {
        self.slots[i]
    }
    /// Keyword-only parameter `name`, if given.
    pub(crate) fn kw(&self, name: &str) -> Option<&'a Value> {
        self.kwargs.iter().find(|(k, _)| *k == name).map(|(_, v)| v)
    }
}

/// A mode index, non-negative.
fn mode_index(op: &'static str, i: i64) -> Result<usize> {
    usize::try_from(i)
        .map_err(|_| Error::out_of_range(op, i, None, format!("negative mode index {i}")))
}

/// Calls the built-in `id` with the mode `sub` of its subscripts.
pub(crate) fn call(
    cx: &mut Ctx<'_>,
    id: BuiltinId,
    sub: &[i64],
    args: &[Value],
    kwargs: &[(&str, Value)],
) -> Result<Value> {
    let b = entry(id);
    let name = b.name;
    let (sig, run) = match &b.kind {
        Kind::Function { sig, run, .. } => (sig, *run),
        Kind::Class(_) => {
            return Err(Error::type_error(
                name,
                format!("{name} is an abstract type: use it with isinstance"),
            ))
        }
        Kind::Missing(why) => {
            return Err(Error::value(
                name,
                format!("{name} is not available: {why}"),
            ))
        }
        // (their names evaluate to values, which are not callable)
        Kind::Dtype(_) | Kind::Module => {
            return Err(Error::type_error(
                name,
                format!("{name} is not callable: the evaluator makes no ctypes objects"),
            ))
        }
    };
    let mut mode: SmallVec<[usize; 4]> = SmallVec::new();
    if !sub.is_empty() {
        if !sig.mode {
            return Err(Error::type_error(
                name,
                format!("{name} takes no mode subscript"),
            ));
        }
        for &m in sub {
            mode.push(mode_index(name, m)?);
        }
    }
    let n = sig.params.len();
    if args.len() > n && !sig.rest {
        return Err(Error::type_error(
            name,
            format!(
                "{name}() takes {} positional arguments but {} were given",
                if sig.required == n {
                    format!("{n}")
                } else {
                    format!("{} to {n}", sig.required)
                },
                args.len()
            ),
        ));
    }
    let mut slots: [Option<&Value>; MAX_PARAMS] = [None; MAX_PARAMS];
    for (slot, a) in slots.iter_mut().zip(args) {
        *slot = Some(a);
    }
    let rest = args.get(n..).unwrap_or(&[]);
    for (k, v) in kwargs {
        if sig.mode && *k == "mode" {
            match v {
                Value::Int(i) => mode.push(mode_index(name, *i)?),
                Value::Tuple(x) | Value::List(x) => {
                    for m in x {
                        mode.push(mode_index(name, m.to_int(name)?)?);
                    }
                }
                other => {
                    return Err(Error::type_error(
                        name,
                        format!("{name}: mode must be a tuple of integers, got {other}"),
                    ))
                }
            }
        } else if let Some(i) = sig.params.iter().position(|p| p == k) {
            if slots[i].is_some() {
                return Err(Error::type_error(
                    name,
                    format!("{name}() got multiple values for argument '{k}'"),
                ));
            }
            slots[i] = Some(v);
        } else if !sig.keywords.contains(k) {
            return Err(Error::type_error(
                name,
                format!("{name}() got an unexpected keyword argument '{k}'"),
            ));
        }
    }
    if let Some(i) = (0..sig.required).find(|&i| slots[i].is_none()) {
        return Err(Error::type_error(
            name,
            format!("{name}() missing required argument '{}'", sig.params[i]),
        ));
    }
    let call = Call {
        name,
        slots,
        rest,
        kwargs,
        mode: &mode,
    };
    let r = match run(cx, &call) {
        Ok(r) => r,
        Err(e) => sym::retry(&call, e)?,
    };
    cx.charge_value(name, &r)?;
    Ok(r)
}

/// True iff `v` is an instance of the class `class` (a built-in class, or
/// a tuple of classes).
pub(crate) fn isinstance(v: &Value, class: &Value) -> Result<bool> {
    if let Value::Tuple(cs) = class {
        for c in cs {
            if isinstance(v, c)? {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    let isa = match class {
        Value::Function(Function(Fun::Builtin(b))) => match entry(*b).kind {
            Kind::Class(isa)
            | Kind::Function {
                class: Some(isa), ..
            } => Some(isa),
            _ => None,
        },
        _ => None,
    };
    match isa {
        Some(isa) => Ok(isa(v)),
        None => Err(Error::type_error(
            "isinstance",
            format!("isinstance() arg 2 must be a type, got {class}"),
        )),
    }
}

/// Checks an import: the specification's modules (`pycute...`) provide the
/// names the evaluator knows, `fractions` its `Fraction`, `ctypes` its
/// element types, `sympy` its `symbols` and `Symbol`; a Python module it
/// does not provide is an error.
pub(crate) fn import(code: &Code, import: &Import) -> Result<()> {
    let module = code.text(import.module);
    let known = module == "pycute"
        || module.starts_with("pycute.")
        || module == "fractions"
        || module == "ctypes"
        || module == "sympy";
    if !known {
        let why = match lookup(module).map(entry) {
            Some(Builtin {
                kind: Kind::Missing(why),
                ..
            }) => why,
            _ => "the evaluator provides only the specification's modules (pycute), fractions, ctypes' element types and sympy's symbols",
        };
        return Err(Error::value(
            "import",
            format!("cannot import {module}: {why}"),
        ));
    }
    for &n in &import.names {
        let name = code.text(n);
        let ok = match lookup(name) {
            Some(id) => {
                reference(id)?;
                let b = entry(id);
                match module {
                    "fractions" => name == "Fraction",
                    "ctypes" => matches!(b.kind, Kind::Dtype(_)),
                    "sympy" => sym::SYMPY_NAMES.contains(&name),
                    _ => !matches!(b.kind, Kind::Dtype(_) | Kind::Module),
                }
            }
            None => false,
        };
        if !ok {
            return Err(Error::value(
                "import",
                format!("cannot import name '{name}' from '{module}'"),
            ));
        }
    }
    Ok(())
}

/// `obj.name`.
pub(crate) fn attribute(o: &Value, name: &str) -> Result<Value> {
    match (o, name) {
        (Value::Layout(l), "shape") => Ok(Value::from_int_tuple(&l.shape())),
        (Value::Layout(l), "stride") => Ok(Value::from_stride(&l.stride())),
        (Value::SymLayout(l), "shape") => Ok(crate::symbolic::shape_value(l)),
        (Value::SymLayout(l), "stride") => Ok(crate::symbolic::from_sym_stride(&l.stride())),
        (Value::F2(x), "value") => {
            Ok(Value::Int(i64::try_from(x.0).map_err(|_| {
                Error::overflow("F2.value", format!("{x} leaves the 64-bit range"))
            })?))
        }
        (Value::Fraction(n, _), "numerator") => Ok(Value::Int(*n)),
        (Value::Fraction(_, d), "denominator") => Ok(Value::Int(*d)),
        (Value::Swizzle(s), "bits") => Ok(Value::Int(s.bits)),
        (Value::Swizzle(s), "base") => Ok(Value::Int(s.base)),
        (Value::Swizzle(s), "shift") => Ok(Value::Int(s.shift)),
        (Value::Tensor(t), "layout") => Ok(Value::from(t.layout().clone())),
        (Value::Tensor(t), "shape") => Ok(Value::from_int_tuple(&t.layout().shape())),
        (Value::Tensor(t), "accessor") => Ok(Value::Accessor(Box::new(t.accessor()))),
        (Value::Accessor(a), "origin") => match &a.base {
            crate::tensor::Base::Implicit(o) if a.transforms.is_empty() => {
                Ok(Value::from_scalar(o.clone()))
            }
            _ => Err(Error::type_error(
                "attribute",
                format!("'{}' object {a} has no attribute 'origin'", a.type_name()),
            )),
        },
        (Value::Accessor(a), "dtype") if a.is_mutable() => {
            Ok(a.dtype().map_or(Value::None, Value::Dtype))
        }
        (Value::Module(m), n) => match lookup(n) {
            Some(id) if *m == "ctypes" && matches!(entry(id).kind, Kind::Dtype(_)) => reference(id),
            Some(id) if *m == "sympy" && sym::SYMPY_NAMES.contains(&n) => reference(id),
            _ => Err(Error::type_error(
                "attribute",
                format!("module '{m}' has no attribute '{n}' (of ctypes, the evaluator provides the scalar types; of sympy, symbols and Symbol)"),
            )),
        },
        (_, n) if n.starts_with("__") => Err(Error::value(
            "attribute",
            format!("{n} is Python machinery the evaluator does not provide"),
        )),
        (o, n) => Err(Error::type_error(
            "attribute",
            format!("'{}' object {o} has no attribute '{n}'", o.type_name()),
        )),
    }
}

/// Checks the number of arguments of a method, which takes no keyword
/// beyond `allowed`.
pub(super) fn method_arity(
    name: &'static str,
    args: &[Value],
    kwargs: &[(&str, Value)],
    min: usize,
    max: usize,
    allowed: &[&str],
) -> Result<()> {
    if args.len() < min || args.len() > max {
        return Err(Error::type_error(
            name,
            format!(
                "{name}() takes {} positional arguments but {} were given",
                if min == max {
                    format!("{min}")
                } else {
                    format!("{min} to {max}")
                },
                args.len()
            ),
        ));
    }
    if let Some((k, _)) = kwargs.iter().find(|(k, _)| !allowed.contains(k)) {
        return Err(Error::type_error(
            name,
            format!("{name}() got an unexpected keyword argument '{k}'"),
        ));
    }
    Ok(())
}

/// `obj.name(args)`.
pub(crate) fn call_method(
    cx: &mut Ctx<'_>,
    o: &Value,
    name: &str,
    args: &[Value],
    kwargs: &[(&str, Value)],
) -> Result<Value> {
    let r = match (o, name) {
        (Value::Function(Function(Fun::Builtin(b))), "_set") if b.name() == "Layout" => {
            method_arity("Layout._set", args, kwargs, 2, 2, &[])?;
            let shape = args[0].to_int_tuple("Layout._set")?;
            let stride = args[1].to_stride("Layout._set")?;
            Value::from(Layout::new(shape, stride)?)
        }
        (Value::F2(_), "divmod") => {
            method_arity("F2.divmod", args, kwargs, 1, 1, &[])?;
            let (q, r) = ops::py_divmod(o, &args[0])?;
            Value::Tuple(vec![q, r])
        }
        (Value::Arith(_), "matmul") => {
            method_arity("ArithTuple.matmul", args, kwargs, 1, 1, &[])?;
            ops::binary(crate::ast::BinOp::MatMul, o, &args[0], cx.room())?
        }
        (Value::Layout(l), _) => layout::method(l, name, args, kwargs)?,
        (Value::SymLayout(l), "get") => {
            method_arity("Layout.get", args, kwargs, 0, 1, &["mode"])?;
            let path = match args.first().or(kwargs.first().map(|(_, v)| v)) {
                None => Vec::new(),
                Some(p) => htuple::mode_path("Layout.get", p)?,
            };
            crate::symbolic::layout_value(l.get(&path)?)
        }
        (Value::Tensor(t), "get") => {
            method_arity("Tensor.get", args, kwargs, 0, 1, &["mode"])?;
            let path = match args.first().or(kwargs.first().map(|(_, v)| v)) {
                None => Vec::new(),
                Some(p) => htuple::mode_path("Tensor.get", p)?,
            };
            Value::Tensor(Box::new(t.mode(&path)?))
        }
        (Value::Tensor(t), "shape") => {
            method_arity("Tensor.shape", args, kwargs, 0, 0, &[])?;
            Value::from_int_tuple(&t.layout().shape())
        }
        (Value::Accessor(a), "base") if a.is_mutable() => {
            method_arity("Ptr.base", args, kwargs, 0, 0, &[])?;
            a.owner()
                .map_or(Value::None, |o| Value::Accessor(Box::new(o)))
        }
        _ => {
            let f = attribute(o, name)?;
            return call_value(cx, &f, args, kwargs);
        }
    };
    cx.charge_value("method", &r)?;
    Ok(r)
}

/// Calls a layout (evaluation at a coordinate) or a swizzle (applied to an
/// offset).
pub(crate) fn call_object(f: &Value, args: &[Value], kwargs: &[(&str, Value)]) -> Result<Value> {
    match f {
        Value::Swizzle(s) => {
            method_arity("Swizzle", args, kwargs, 1, 1, &[])?;
            Ok(Value::Int(s.apply(args[0].to_int("Swizzle")?)))
        }
        Value::Layout(l) => {
            method_arity("Layout()", args, kwargs, 0, usize::MAX, &[])?;
            layout::call_layout(l, args).or_else(|e| {
                if args.iter().any(crate::symbolic::has_sym) {
                    crate::symbolic::call_layout(&l.to_symbolic(), args)
                } else {
                    Err(e)
                }
            })
        }
        Value::SymLayout(l) => {
            method_arity("Layout()", args, kwargs, 0, usize::MAX, &[])?;
            crate::symbolic::call_layout(l, args)
        }
        other => Err(Error::type_error(
            "call",
            format!("'{}' object {other} is not callable", other.type_name()),
        )),
    }
}

/// `A[i]` and `A[i:j:k]` for a layout.
pub(crate) fn layout_getitem(l: &Layout, i: &Value) -> Result<Value> {
    layout::getitem(l, i)
}

/// `A[i]` and `A[i:j:k]` for a symbolic layout.
pub(crate) fn sym_layout_getitem(l: &Layout<cute_core::Sym>, i: &Value) -> Result<Value> {
    let sub = match i {
        Value::Int(k) => l.mode(*k)?,
        Value::Bool(b) => l.mode(*b as i64)?,
        Value::Slice(s) => layout::slice_modes(l, s)?,
        other => {
            return Err(Error::type_error(
                "Layout[]",
                format!("layout indices must be integers or slices, got {other}"),
            ))
        }
    };
    Ok(crate::symbolic::layout_value(sub))
}

/// The elements of an iterable value: a tuple, a list or a string.
pub(crate) fn iterate(op: &'static str, v: &Value) -> Result<Vec<Value>> {
    match v {
        Value::Tuple(x) | Value::List(x) => Ok(x.clone()),
        Value::Str(s) => Ok(s.chars().map(|c| Value::Str(c.to_string())).collect()),
        other => Err(Error::type_error(
            op,
            format!("'{}' object {other} is not iterable", other.type_name()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_table_names_are_unique_and_found() {
        let all = sorted();
        for w in all.windows(2) {
            assert!(w[0].name < w[1].name, "{} listed twice", w[0].name);
        }
        for (k, b) in all.iter().enumerate() {
            let id = lookup(b.name).unwrap();
            assert_eq!((id.name(), id.index()), (b.name, k));
            assert!(core::ptr::eq(entry(id), *b));
        }
        assert!(lookup("no_such_name").is_none());
        assert!(provided_names().any(|n| n == "composition"));
        assert!(provided_names().any(|n| n == "Tensor"));
        assert!(!provided_names().any(|n| n == "draw_svg"));
    }

    #[test]
    fn test_every_name_of_the_specification_is_in_the_table() {
        // the specification's __all__, module by module
        let spec = "is_tuple profile congruent weakly_congruent wrap unwrap ModeOpDecorator get \
            lift replace select transform_apply_leaf transform_leaf leaves zip_leaves fold_leaf \
            flatten unflatten repeat_like product product_each slice_ dice_ Integer \
            register_integer_type is_int is_static divmod StrideScalar is_stride_scalar HTuple \
            stride inner_product prefix_product coshape coprofile shape size rank depth \
            compatible common_refinement common_coarsening idx2crd crd2idx coordinates in_bounds \
            ArithTuple ScaledBasis E V basis_repr is_basis make_basis_like proj unit as_tuple \
            LayoutBase is_layout Layout make_layout make_layout_like make_ordered_layout \
            tiler_to_layout recast coalesce_z coalesce composition right_inverse left_inverse \
            complement logical_product logical_divide zipped_divide blocked_product \
            raked_product nullspace layout_add greatest_common_domain F2 shiftr shiftl Swizzle \
            Accessor MutableAccessor Ptr Array ImplicitAccessor TransformAccessor Tensor \
            is_tensor identity_tensor make_tensor print_tensor print_table draw_svg draw_svg_tv \
            draw_latex draw_latex_tv index_grey_8x bank_color_8x bank_color_16x bank_color_32x \
            thread_color_8x value_color_8x warp_color_8x constant white";
        for name in spec.split_whitespace() {
            assert!(lookup(name).is_some(), "{name} is not in the table");
        }
    }
}
