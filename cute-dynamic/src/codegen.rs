//! Index code: a layout's offset as an expression over named coordinates.
//!
//! A kernel generator divides, composes and inverts its layouts once, when it
//! generates the kernel, and then needs the arithmetic the kernel computes:
//! the offset of a coordinate, written over the coordinate's run-time names
//! (`i + 4 * j`, `4 * (t % 8) + ld * (t / 8)`). This module writes it. The offset
//! is built as a symbolic integer ([`Sym`]) from the specification's own
//! rule, `L(c) = inner_product(idx2crd(c, shape), stride)`, over coordinate
//! symbols that are known to be non-negative, then printed as C, CUDA or
//! Rust source by [`Sym::to_code`].
//!
//! The layout may be a machine-integer one (`Layout`) or a symbolic one
//! (`Layout<Sym>`, whose extents and strides name the kernel's run-time
//! parameters, `(M, K):(1, ld)`); the code is then written over the
//! coordinate names and those parameters (`ld * (i / M) + i % M`), and
//! computes for each value of them what the layout with the values
//! substituted ([`Layout::subs`]) computes. A coordinate may not take the
//! name of one of the layout's symbols.
//!
//! A coordinate is given in one of the specification's three forms
//! ([`Coords`]): one linear index, one integer per top-level mode, or one
//! integer per leaf. Before it splits a linear index (or a mode's integer)
//! over the leaves, the layout (or the mode) is coalesced, so the code has
//! the divisions and remainders the hierarchy needs and no others: a
//! compact `(4, 8):(1, 4)` is just `i`. A division or remainder by a power
//! of two becomes a shift or a mask, since the coordinates are non-negative;
//! the last leaf takes the whole quotient, as the specification's `idx2crd`
//! does, so an index past the end lands where the layout itself sends it.
//!
//! The work is polynomial in the number of leaves: a fixed number of
//! symbolic operations per leaf, each linear in the size of the expression
//! built so far (sorting its terms aside), and one pass over the finished
//! expression to write it, so about quadratic in all; and it is bounded, as
//! every symbolic integer is, by the size limits of [`Sym`] (4096 nodes,
//! 24 levels of nested quotients: a linear index split over more than 24
//! symbolic extents is refused, one name per mode or per leaf is not). 64
//! symbolic leaves take under a millisecond (`cargo bench -p cute-benches
//! --bench codegen`). (Writing the code once took time doubling with each
//! nested quotient: the code of a lone factor was written twice at every
//! level.)
//!
//! ```
//! use cute_dynamic::codegen::Coords;
//! use cute_dynamic::Layout;
//! use cute_core::sym::Lang;
//!
//! let a: Layout = "(4, 8):(1, 4)".parse().unwrap();
//! assert_eq!(a.index_code(Coords::Index("i"), Lang::C).unwrap(), "i");
//! let t: Layout = "(8, 16):(16, 1)".parse().unwrap();
//! assert_eq!(t.index_code(Coords::Index("t"), Lang::C).unwrap(), "16 * (t & 7) + (t >> 3)");
//! let m: Layout = "(128, 64):(64, 1)".parse().unwrap();
//! assert_eq!(m.index_code(Coords::Modes(&["i", "j"]), Lang::Rust).unwrap(), "64 * i + j");
//! // F2 strides (a swizzle written as strides) are XORs of shifted coordinates
//! let f: Layout = "Layout(8, F2(3))".parse().unwrap();
//! assert_eq!(f.index_code(Coords::Index("i"), Lang::C).unwrap(), "i ^ (i << 1)");
//! // coordinate strides have no offset
//! let e: Layout = "Layout((2, 3), (E(0), E(1)))".parse().unwrap();
//! assert!(e.index_code(Coords::Index("i"), Lang::C).is_err());
//! ```

pub use cute_core::sym::{Lang, Sym};
pub use names::check_name;

use cute_core::sym::Assumptions;
use cute_core::{DynInt, Error, Result};

use crate::algebra::coalesce;
use crate::htuple::HTuple;
use crate::layout::Layout;
use crate::typedefs::Scalar;

mod emit;
mod names;

pub use emit::{function_code_with, index_code_with, IndexType};

const OP: &str = "index_expr";

/// The form of the coordinate the code takes, each entry the name of a
/// run-time integer (an identifier).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coords<'a> {
    /// One linear index, split over the whole shape colexicographically.
    Index(&'a str),
    /// One integer per top-level mode (CuTe's `L(i, j)`), each split over
    /// its mode's leaves.
    Modes(&'a [&'a str]),
    /// One integer per leaf, left to right: a natural coordinate.
    Natural(&'a [&'a str]),
    /// Names laid out as a prefix of the layout's profile: each name takes
    /// the whole sub-layout it faces (split over its leaves), each tuple
    /// one mode per entry. `(t, (v, (m, n)))` names a TiledMMA's thread,
    /// and a fragment's value and tile coordinates, of its
    /// `((ThrV, (ThrM, ThrN)), (FrgV, (RestM, RestN)))` separately.
    Profile(&'a HTuple<&'a str>),
}

/// The offset of the coordinate `coords` under `layout`, as a symbolic
/// integer over the coordinate names (each assumed non-negative) and the
/// layout's own symbols, if it has any.
///
/// # Errors
/// `TypeError` for a stride that is not an integer (an F2 or coordinate
/// stride); `ValueError` for a name that is not an identifier or is a
/// symbol of the layout, or a number of names that does not match the layout's rank (for [`Coords::Modes`]) or
/// leaf count (for [`Coords::Natural`]); `ValueError` on overflow.
///
/// # Examples
/// ```
/// use cute_dynamic::codegen::{index_expr, Coords};
/// let l: cute_dynamic::Layout = "(3, (2, 4)):(2, (1, 6))".parse().unwrap();
/// let e = index_expr(&l, Coords::Modes(&["i", "j"])).unwrap();
/// assert_eq!(e.to_string(), "2*i + Mod(j, 2) + 6*floor(j/2)");
/// ```
pub fn index_expr<I: DynInt + Into<Sym>>(layout: &Layout<I>, coords: Coords<'_>) -> Result<Sym> {
    let mut acc = Sym::from(0);
    for (c, d) in leaf_coordinates(layout, coords)? {
        let d = match d {
            Scalar::Int(d) => d.into(),
            d => {
                return Err(Error::type_error(
                    OP,
                    format!("{layout:?} has the stride {d}: an offset expression is written for integer strides (index_code writes F2 strides as XORs)"),
                ))
            }
        };
        acc = acc.checked_add(&c.checked_mul(&d)?)?;
    }
    Ok(acc)
}

/// The coordinate of each leaf of `layout` (or of its coalesced form, for
/// a linear index or one integer per mode), as a symbolic integer over the
/// coordinate names, with the leaf's stride.
fn leaf_coordinates<I: DynInt + Into<Sym>>(
    layout: &Layout<I>,
    coords: Coords<'_>,
) -> Result<Vec<(Sym, Scalar<I>)>> {
    let symbols = layout_symbols(layout);
    let coordinate = |name: &str| coordinate(name, &symbols);
    let names = coordinate_names(&coords);
    if let Some(k) = (1..names.len()).find(|&k| names[..k].contains(&names[k])) {
        return Err(Error::value(
            OP,
            format!("the coordinate name {} is given twice", names[k]),
        ));
    }
    match coords {
        Coords::Profile(tree) => {
            let mut out = Vec::new();
            profile_coordinates(layout, tree, &coordinate, &mut out)?;
            Ok(out)
        }
        Coords::Index(name) => split(&coordinate(name)?, &coded_leaves(&coalesce(layout)?)?),
        Coords::Modes(names) => {
            let rank = layout.rank();
            if names.len() != rank {
                return Err(count_error("modes", rank, names.len()));
            }
            let mut out = Vec::new();
            for (mode, name) in layout.modes().zip(names) {
                out.extend(split(
                    &coordinate(name)?,
                    &coded_leaves(&coalesce(&mode)?)?,
                )?);
            }
            Ok(out)
        }
        Coords::Natural(names) => {
            let leaves = coded_leaves(layout)?;
            if names.len() != leaves.len() {
                return Err(count_error("leaves", leaves.len(), names.len()));
            }
            leaves
                .into_iter()
                .zip(names)
                .map(|((_, d), name)| Ok((coordinate(name)?, d)))
                .collect()
        }
    }
}

/// The offset of the coordinate `coords` under `layout`, as source code in
/// `lang` (see [`Lang`] for how divisions are written). Integer strides
/// give a sum of products; F2 strides (a swizzle written as strides) give
/// the XOR of each leaf's coordinate shifted to the bits of its stride
/// ([`index_code_with`] also applies a swizzle after the layout).
///
/// # Errors
/// As [`index_expr`]; `ValueError` for a coordinate name, or a name of a
/// symbol the code reads, that `lang` does not accept as a variable
/// ([`check_name`]); `TypeError` for a layout mixing integer and F2
/// strides.
///
/// # Examples
/// ```
/// use cute_dynamic::codegen::{index_code, Coords, Lang};
/// use cute_dynamic::Layout;
/// // a swizzled 8 x 32 tile: 32 m + (n XOR 4 m)
/// let f: Layout = "Layout((8, 32), (F2(36), F2(1)))".parse().unwrap();
/// assert_eq!(index_code(&f, Coords::Modes(&["m", "n"]), Lang::C).unwrap(),
///            "(m << 2) ^ (m << 5) ^ n");
/// ```
pub fn index_code<I: DynInt + Into<Sym>>(
    layout: &Layout<I>,
    coords: Coords<'_>,
    lang: Lang,
) -> Result<String> {
    index_code_with(layout, None, coords, lang)
}

/// The names of a coordinate.
fn coordinate_names<'a>(coords: &Coords<'a>) -> Vec<&'a str> {
    match *coords {
        Coords::Index(name) => vec![name],
        Coords::Modes(names) | Coords::Natural(names) => names.to_vec(),
        Coords::Profile(tree) => tree.leaves().copied().collect(),
    }
}

/// An operand of `^` or `<<`: a name or a number as it is, anything else
/// in parentheses.
fn operand(code: String) -> String {
    if code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        code
    } else {
        format!("({code})")
    }
}

/// The code of the offset of `coords` under `layout` (before any swizzle)
/// and the layout's symbols it reads, in the layout's order, every name
/// checked for `lang`.
fn checked_code<I: DynInt + Into<Sym>>(
    layout: &Layout<I>,
    coords: Coords<'_>,
    lang: Lang,
) -> Result<(String, Vec<String>)> {
    for name in coordinate_names(&coords) {
        check_name(name, lang, "a coordinate")?;
    }
    let (code, symbols) = code_and_symbols(layout, coords, lang)?;
    for s in &symbols {
        check_name(s, lang, "a symbol the code reads")?;
    }
    Ok((code, symbols))
}

/// [`checked_code`] before its names are checked.
fn code_and_symbols<I: DynInt + Into<Sym>>(
    layout: &Layout<I>,
    coords: Coords<'_>,
    lang: Lang,
) -> Result<(String, Vec<String>)> {
    let leaves = leaf_coordinates(layout, coords)?;
    let f2 = leaves
        .iter()
        .any(|(_, d)| matches!(d, Scalar::F2(f) if f.0 != 0));
    let mut used: Vec<(String, Assumptions)> = Vec::new();
    let code = if !f2 {
        let expr = index_expr(layout, coords)?;
        used = expr.symbols();
        expr.to_code(lang)?
    } else {
        // the XOR of each leaf's coordinate, shifted to each bit of its stride
        let mut terms = Vec::new();
        for (c, d) in &leaves {
            let bits = match d {
                Scalar::F2(f) => f.0,
                d if d.is_zero() => 0,
                d => {
                    return Err(Error::type_error(
                        OP,
                        format!("{layout:?} has the integer stride {d} beside F2 strides: their sum is not defined"),
                    ))
                }
            };
            if bits == 0 {
                continue;
            }
            used.extend(c.symbols());
            let c = operand(c.to_code(lang)?);
            for p in (0..64).filter(|p| bits >> p & 1 == 1) {
                terms.push(if p == 0 {
                    c.clone()
                } else {
                    format!("({c} << {p})")
                });
            }
        }
        match terms.len() {
            0 => "0".to_string(),
            // a lone shift needs no parentheses
            1 => {
                let t = terms.pop().unwrap_or_default();
                t.strip_prefix('(')
                    .and_then(|t| t.strip_suffix(')'))
                    .filter(|t| t.contains(" << ") && !t.starts_with('('))
                    .map_or(t.clone(), str::to_string)
            }
            _ => terms.join(" ^ "),
        }
    };
    let symbols: Vec<String> = layout_symbols(layout)
        .into_iter()
        .filter(|p| used.iter().any(|(u, _)| u == p))
        .collect();
    Ok((code, symbols))
}

/// The run-time parameters of the code of `coords` under `layout`: the
/// names of the layout's symbols that the code reads, in the order they
/// first appear in the layout (a symbol the code does not read, such as
/// the extent of the last leaf of a linear index, is not one). A function
/// written by [`function_code`] takes them after the coordinates, and so
/// does `cute codegen --fn`.
///
/// # Errors
/// As [`index_expr`] (the names are not checked for a language here).
///
/// # Examples
/// ```
/// use cute_core::sym::Sym;
/// use cute_dynamic::codegen::{parameters, Coords};
/// use cute_dynamic::{Layout, Scalar};
/// let (m, n, ld) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap(), Sym::symbol("ld").unwrap());
/// let a = Layout::from_modes([(m, Scalar::Int(Sym::from(1))), (n, Scalar::Int(ld))]).unwrap();
/// // one name per mode reads ld only; one index also divides by M
/// assert_eq!(parameters(&a, Coords::Modes(&["i", "j"])).unwrap(), ["ld"]);
/// assert_eq!(parameters(&a, Coords::Index("i")).unwrap(), ["M", "ld"]);
/// assert!(parameters(&"(4, 8):(1, 4)".parse::<Layout>().unwrap(), Coords::Index("i")).unwrap().is_empty());
/// ```
pub fn parameters<I: DynInt + Into<Sym>>(
    layout: &Layout<I>,
    coords: Coords<'_>,
) -> Result<Vec<String>> {
    Ok(code_and_symbols(layout, coords, Lang::C)?.1)
}

/// A function named `name` that returns the offset of the coordinate
/// `coords` under `layout`, as source code in `lang`, over 64-bit signed
/// integers: [`function_code_with`] without a swizzle, with
/// [`IndexType::I64`].
///
/// # Errors
/// As [`function_code_with`].
///
/// # Examples
/// ```
/// use cute_dynamic::codegen::{function_code, Coords, Lang};
/// use cute_dynamic::Layout;
/// let l: Layout = "(4, 8):(8, 1)".parse().unwrap();
/// assert_eq!(
///     function_code(&l, Coords::Modes(&["i", "j"]), "off", Lang::C).unwrap(),
///     "/* The offset of (4, 8):(8, 1) at (i, j). */\n\
///      static inline int64_t off(int64_t i, int64_t j) {\n    return 8 * i + j;\n}\n"
/// );
/// assert!(function_code(&l, Coords::Modes(&["i", "i"]), "off", Lang::C).is_err());
/// assert!(function_code(&l, Coords::Modes(&["i", "j"]), "i", Lang::C).is_err());
/// assert!(function_code(&l, Coords::Modes(&["i", "j"]), "fn", Lang::Rust).is_err());
/// assert!(function_code(&l, Coords::Modes(&["i", "j"]), "", Lang::Rust).is_err());
/// ```
pub fn function_code<I: DynInt + Into<Sym>>(
    layout: &Layout<I>,
    coords: Coords<'_>,
    name: &str,
    lang: Lang,
) -> Result<String> {
    function_code_with(layout, None, coords, name, lang, IndexType::I64)
}

impl<I: DynInt + Into<Sym>> Layout<I> {
    /// The offset of `coords` as a symbolic integer: [`index_expr`].
    ///
    /// # Errors
    /// As [`index_expr`].
    pub fn index_expr(&self, coords: Coords<'_>) -> Result<Sym> {
        index_expr(self, coords)
    }

    /// The offset of `coords` as source code: [`index_code`].
    ///
    /// # Errors
    /// As [`index_expr`].
    pub fn index_code(&self, coords: Coords<'_>, lang: Lang) -> Result<String> {
        index_code(self, coords, lang)
    }
}

/// [`leaf_coordinates`] of a profile of names: a name takes the whole of
/// `layout`, split over its (coalesced) leaves; a tuple names `layout`'s
/// modes one by one.
fn profile_coordinates<I: DynInt + Into<Sym>>(
    layout: &Layout<I>,
    tree: &HTuple<&str>,
    coordinate: &impl Fn(&str) -> Result<Sym>,
    out: &mut Vec<(Sym, Scalar<I>)>,
) -> Result<()> {
    match tree {
        HTuple::Leaf(name) => {
            out.extend(split(
                &coordinate(name)?,
                &coded_leaves(&coalesce(layout)?)?,
            )?);
            Ok(())
        }
        HTuple::Tuple(names) => {
            let rank = if layout.is_tuple() { layout.rank() } else { 1 };
            if names.len() != rank {
                return Err(Error::value(
                    OP,
                    format!(
                        "the coordinate profile has {} names where {layout:?} has {rank} modes",
                        names.len()
                    ),
                ));
            }
            if !layout.is_tuple() {
                return profile_coordinates(layout, &names[0], coordinate, out);
            }
            for (mode, names) in layout.modes().zip(names) {
                profile_coordinates(&mode, names, coordinate, out)?;
            }
            Ok(())
        }
    }
}

/// `idx2crd(c, s)` over the leaves `(s_k, d_k)`, each leaf's coordinate
/// with its stride: each leaf takes the remainder of the running quotient,
/// the last the whole quotient.
fn split<I: DynInt>(c: &Sym, leaves: &[(Sym, Scalar<I>)]) -> Result<Vec<(Sym, Scalar<I>)>> {
    let mut out = Vec::with_capacity(leaves.len());
    let mut q = c.clone();
    for (k, (s, d)) in leaves.iter().enumerate() {
        let last = k + 1 == leaves.len();
        let ck = if last { q.clone() } else { q.floor_mod(s)? };
        out.push((ck, d.clone()));
        if !last {
            q = q.floor_div(s)?;
        }
    }
    Ok(out)
}

/// The names of the symbols in `layout`'s extents and strides, in the
/// order they first appear.
fn layout_symbols<I: DynInt + Into<Sym>>(layout: &Layout<I>) -> Vec<String> {
    let mut names = Vec::new();
    for (s, d) in layout.leaves() {
        let s: Sym = s.clone().into();
        let d: Option<Sym> = d.as_int().map(Into::into);
        for x in core::iter::once(s).chain(d) {
            for (name, _) in x.symbols() {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
    }
    names
}

/// A coordinate's run-time name as a non-negative symbol, which must not be
/// the name of one of the layout's own symbols (`parameters`).
fn coordinate(name: &str, parameters: &[String]) -> Result<Sym> {
    if parameters.iter().any(|p| p == name) {
        return Err(Error::value(
            OP,
            format!("the coordinate name {name} is a symbol of the layout"),
        ));
    }
    Sym::symbol_with(name, Assumptions::nonnegative())
}

/// The leaves of `layout` as symbolic extents with their strides, which
/// must be integers or F2 values (a coordinate stride has no offset).
fn coded_leaves<I: DynInt + Into<Sym>>(layout: &Layout<I>) -> Result<Vec<(Sym, Scalar<I>)>> {
    layout
        .leaves()
        .iter()
        .map(|(s, d)| match d {
            Scalar::Int(_) | Scalar::F2(_) => Ok((s.clone().into(), d.clone())),
            d => Err(Error::type_error(
                OP,
                format!("{layout:?} has the stride {d}: index code is written for integer and F2 strides"),
            )),
        })
        .collect()
}

#[cold]
fn count_error(what: &str, want: usize, got: usize) -> Error {
    Error::value(
        OP,
        format!("the coordinate has {got} names, the layout {want} {what}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::typedefs::Scalar;

    fn lay(s: &str) -> Layout {
        s.parse().unwrap()
    }

    fn eval(e: &Sym, names: &[&str], values: &[i64]) -> i64 {
        e.eval(&|n: &str| names.iter().position(|m| *m == n).map(|k| values[k]))
            .unwrap()
    }

    #[test]
    fn test_index_forms_agree_with_the_layout() {
        for text in [
            "(2, 8):(1, 2)",
            "(16, 4):(4, 1)",
            "(3, (4, 2)):(8, (1, 4))",
            "((4, 2), (8, 2)):((2, 128), (8, 64))",
            "(5, (3, 2)):(1, (10, 5))",
            "(4, 1, 3):(0, 7, 1)",
            "7:3",
        ] {
            let l = lay(text);
            let n = l.size().unwrap();
            let linear = l.index_expr(Coords::Index("i")).unwrap();
            for i in 0..n + 3 {
                assert_eq!(
                    eval(&linear, &["i"], &[i]),
                    l.call_int(i).unwrap(),
                    "{text} at {i}"
                );
            }
            let names: Vec<String> = (0..l.rank()).map(|k| format!("c{k}")).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let modes = l.index_expr(Coords::Modes(&names)).unwrap();
            let sizes: Vec<i64> = l.modes().map(|m| m.size().unwrap()).collect();
            for i in 0..n {
                // the coordinate of i, one integer per mode
                let (mut rest, mut crd) = (i, Vec::new());
                for s in &sizes {
                    crd.push(rest % s);
                    rest /= s;
                }
                assert_eq!(
                    eval(&modes, &names, &crd),
                    l.call_int(i).unwrap(),
                    "{text} at {crd:?}"
                );
            }
        }
    }

    #[test]
    fn test_codes() {
        let tv = lay("(8, 4):(4, 1)");
        assert_eq!(
            tv.index_code(Coords::Index("t"), Lang::Rust).unwrap(),
            "4 * (t & 7) + (t >> 3)"
        );
        let odd = lay("(6, 5):(5, 1)");
        assert_eq!(
            odd.index_code(Coords::Index("i"), Lang::C).unwrap(),
            "5 * (i % 6) + i / 6"
        );
        assert_eq!(
            odd.index_code(Coords::Natural(&["a", "b"]), Lang::Cuda)
                .unwrap(),
            "5 * a + b"
        );
    }

    #[test]
    fn test_symbolic_layouts() {
        let ld = Sym::symbol_with("ld", Assumptions::positive()).unwrap();
        let m = Sym::symbol_with("M", Assumptions::positive()).unwrap();
        let int = |x: i64| Scalar::Int(Sym::from(x));
        let a = Layout::from_modes([(m.clone(), int(1)), (Sym::from(8), Scalar::Int(ld))]).unwrap();
        assert_eq!(
            a.index_code(Coords::Modes(&["i", "j"]), Lang::C).unwrap(),
            "i + j * ld"
        );
        // one index splits over the symbolic extent, no shift (M is not a power of two)
        assert_eq!(
            a.index_code(Coords::Index("i"), Lang::C).unwrap(),
            "ld * (i / M) + i % M"
        );
        // an integer layout seen as symbolic writes the same code
        let t = lay("(8, 16):(16, 1)");
        assert_eq!(
            t.to_symbolic()
                .index_code(Coords::Index("t"), Lang::C)
                .unwrap(),
            t.index_code(Coords::Index("t"), Lang::C).unwrap()
        );
        // a coordinate may not take the name of a symbol of the layout
        let e = a.index_expr(Coords::Modes(&["M", "j"])).unwrap_err();
        assert!(e.to_string().contains("symbol of the layout"), "{e}");
        // a compact symbolic layout coalesces before it splits
        let c = Layout::from_modes([(m.clone(), int(1)), (Sym::from(4), Scalar::Int(m))]).unwrap();
        assert_eq!(c.index_code(Coords::Index("i"), Lang::Rust).unwrap(), "i");
    }

    #[test]
    fn test_names_are_checked_never_pasted() {
        let l = lay("(4, 8):(1, 4)");
        let f = |c: Coords<'_>, name: &str, lang: Lang| function_code(&l, c, name, lang);
        // the coordinates, the function, each in its language
        assert!(f(Coords::Modes(&["i", "i"]), "f", Lang::C).is_err());
        assert!(f(Coords::Modes(&["int", "return"]), "f", Lang::C).is_err());
        assert!(f(Coords::Modes(&["i", "j"]), "fn", Lang::Rust).is_err());
        assert!(f(Coords::Modes(&["i", "j"]), "fn", Lang::C).is_ok());
        assert!(f(Coords::Modes(&["i", "j"]), "", Lang::C).is_err());
        assert!(f(Coords::Modes(&["i", "j"]), "main", Lang::Cuda).is_err());
        assert!(f(Coords::Modes(&["i", "j"]), "f(){}; evil(); int g", Lang::C).is_err());
        assert!(f(Coords::Index("None"), "f", Lang::Rust).is_err());
        assert!(l.index_code(Coords::Index("class"), Lang::Cuda).is_err());
        assert!(l
            .index_code(Coords::Natural(&["a", "a"]), Lang::Rust)
            .is_err());
        // the symbols the code reads
        let int = |x: i64| Scalar::Int(Sym::from(x));
        let k = Sym::symbol_with("int", Assumptions::positive()).unwrap();
        let s = Layout::from_modes([(k.clone(), int(1)), (Sym::from(4), Scalar::Int(k))]).unwrap();
        let e = s
            .index_code(Coords::Modes(&["i", "j"]), Lang::C)
            .unwrap_err();
        assert!(e.to_string().contains("symbol the code reads"), "{e}");
        assert!(s.index_code(Coords::Modes(&["i", "j"]), Lang::Rust).is_ok());
        assert!(function_code(&s, Coords::Modes(&["i", "j"]), "int", Lang::Rust).is_err());
    }

    #[test]
    fn test_errors() {
        let l = lay("(4, 8):(1, 4)");
        assert!(l.index_expr(Coords::Modes(&["i"])).is_err());
        assert!(l.index_expr(Coords::Natural(&["i", "j", "k"])).is_err());
        assert!(l.index_expr(Coords::Index("not a name")).is_err());
        let e = lay("Layout((2, 3), (E(0), E(1)))").index_expr(Coords::Index("i"));
        assert_eq!(e.unwrap_err().class(), cute_core::ErrorClass::TypeError);
    }
}
