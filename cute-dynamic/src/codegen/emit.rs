//! Writing the code: an offset expression, a swizzle applied after it, and
//! a whole function over an index type of one's choice.

use core::fmt;
use core::str::FromStr;

use cute_core::sym::{Lang, Sym};
use cute_core::{DynInt, Error, Result};

use super::{check_name, checked_code, coordinate_names, Coords};
use crate::layout::Layout;
use crate::swizzle::Swizzle;

/// The integer type generated code computes in: the coordinates, the
/// layout's symbols and the offset all have it.
///
/// The code is the same arithmetic in each; a narrower type is the
/// kernel's promise that every value fits it (an offset of a tile, a
/// thread's fragment), as in hand-written CUDA. Unsigned arithmetic is
/// exact for the shifts, masks, quotients and remainders of non-negative
/// coordinates; a layout with a negative stride needs a signed type.
///
/// # Examples
/// ```
/// use cute_dynamic::codegen::{IndexType, Lang};
/// assert_eq!(IndexType::U32.name(Lang::Cuda), "uint32_t");
/// assert_eq!("i32".parse::<IndexType>().unwrap().name(Lang::Rust), "i32");
/// assert!("i16".parse::<IndexType>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum IndexType {
    /// 32-bit signed (`int32_t`, `i32`).
    I32,
    /// 32-bit unsigned (`uint32_t`, `u32`).
    U32,
    /// 64-bit signed (`int64_t`, `i64`), the default.
    #[default]
    I64,
}

impl IndexType {
    /// The type's name in `lang`.
    pub fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (IndexType::I32, Lang::Rust) => "i32",
            (IndexType::U32, Lang::Rust) => "u32",
            (IndexType::I64, Lang::Rust) => "i64",
            (IndexType::I32, _) => "int32_t",
            (IndexType::U32, _) => "uint32_t",
            (IndexType::I64, _) => "int64_t",
        }
    }
}

impl fmt::Display for IndexType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name(Lang::Rust))
    }
}

impl FromStr for IndexType {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        match s {
            "i32" => Ok(IndexType::I32),
            "u32" => Ok(IndexType::U32),
            "i64" => Ok(IndexType::I64),
            _ => Err(Error::value(
                "codegen",
                format!("unknown index type {s:?}; the index types are i32, u32, i64"),
            )),
        }
    }
}

/// `swizzle(x)` as code over the code `x` (an operand: a name, or an
/// expression in parentheses): `x ^ ((x & mask) >> shift)`.
fn swizzle_code(x: &str, sw: &Swizzle) -> String {
    let mask = sw.yyy_mask();
    let moved = match sw.shift {
        0 => format!("({x} & {mask})"),
        s if s > 0 => format!("(({x} & {mask}) >> {s})"),
        s => format!("(({x} & {mask}) << {})", -s),
    };
    format!("{x} ^ {moved}")
}

/// The offset of the coordinate `coords` under `layout`, then through
/// `swizzle` if one is given (CuTe's composed layout `swizzle o layout`),
/// as source code in `lang` (see [`super::index_code`]).
///
/// # Errors
/// As [`super::index_code`].
///
/// # Examples
/// ```
/// use cute_dynamic::codegen::{index_code_with, Coords, Lang};
/// use cute_dynamic::{swizzle::Swizzle, Layout};
/// let tile: Layout = "(8, 64):(64, 1)".parse().unwrap();
/// let sw = Swizzle::new(3, 3, 3).unwrap();
/// assert_eq!(index_code_with(&tile, Some(&sw), Coords::Modes(&["m", "n"]), Lang::C).unwrap(),
///            "(64 * m + n) ^ (((64 * m + n) & 448) >> 3)");
/// ```
pub fn index_code_with<I: DynInt + Into<Sym>>(
    layout: &Layout<I>,
    swizzle: Option<&Swizzle>,
    coords: Coords<'_>,
    lang: Lang,
) -> Result<String> {
    let (code, _) = checked_code(layout, coords, lang)?;
    Ok(match swizzle {
        None => code,
        Some(sw) => swizzle_code(&super::operand(code), sw),
    })
}

/// Text for a comment of generated code: on one line, and without the end
/// of a C comment.
fn comment_text(s: &str) -> String {
    s.replace(['\n', '\r'], " ").replace("*/", "* /")
}

/// A fresh name for the offset before the swizzle: `off`, or `off_`,
/// `off__`... if a parameter or the function has the name.
fn fresh(taken: &[&str]) -> String {
    let mut name = String::from("off");
    while taken.contains(&name.as_str()) {
        name.push('_');
    }
    name
}

/// A function named `name` that returns the offset of the coordinate
/// `coords` under `layout` (then through `swizzle`, if one is given), as
/// source code in `lang`, every value of the type `ty`: its parameters are
/// the coordinate names, then the names of the layout's symbols that the
/// code reads ([`super::parameters`], in the layout's order); a comment
/// above it names the layout. C gets a `static inline` function, CUDA a
/// `__host__ __device__ inline` one, Rust a `pub fn` marked
/// `#[inline(always)]`.
///
/// No text is pasted into the code unchecked: every name is an identifier
/// that `lang` accepts ([`check_name`]), the parameters differ from one
/// another and from the function's name, and the layout in the comment is
/// the crate's own printing of it.
///
/// # Errors
/// As [`super::index_code`]; `ValueError` for a function name that `lang`
/// does not accept (in C and CUDA, also `main`), or that a parameter takes.
///
/// # Examples
/// ```
/// use cute_dynamic::codegen::{function_code_with, Coords, IndexType, Lang};
/// use cute_dynamic::{swizzle::Swizzle, Layout};
/// let tile: Layout = "(8, 64):(64, 1)".parse().unwrap();
/// let sw = Swizzle::new(3, 3, 3).unwrap();
/// let code = function_code_with(&tile, Some(&sw), Coords::Modes(&["m", "n"]), "smem", Lang::Rust, IndexType::U32).unwrap();
/// assert!(code.contains("pub fn smem(m: u32, n: u32) -> u32 {"));
/// assert!(code.contains("let off = 64 * m + n;\n    off ^ ((off & 448) >> 3)"));
/// ```
pub fn function_code_with<I: DynInt + Into<Sym>>(
    layout: &Layout<I>,
    swizzle: Option<&Swizzle>,
    coords: Coords<'_>,
    name: &str,
    lang: Lang,
    ty: IndexType,
) -> Result<String> {
    check_name(name, lang, "the function")?;
    if name == "main" && lang != Lang::Rust {
        return Err(Error::value(
            "codegen",
            "the function cannot be named \"main\": main may not be static inline",
        ));
    }
    let (code, symbols) = checked_code(layout, coords, lang)?;
    let coordinates = coordinate_names(&coords);
    let params: Vec<&str> = coordinates
        .iter()
        .copied()
        .chain(symbols.iter().map(String::as_str))
        .collect();
    if params.contains(&name) {
        return Err(Error::value(
            "codegen",
            format!("the function cannot be named {name:?}: a parameter has that name"),
        ));
    }
    let what = match swizzle {
        None => comment_text(&layout.to_string()),
        Some(sw) => format!("{sw:?} o {}", comment_text(&layout.to_string())),
    };
    let about = format!("The offset of {what} at ({}).", coordinates.join(", "));
    let t = ty.name(lang);
    // the body: the offset, or the offset then swizzled
    let mut taken = params.clone();
    taken.push(name);
    let x = fresh(&taken);
    let (pre, value) = match swizzle {
        None => (String::new(), code),
        Some(sw) => {
            let pre = match lang {
                Lang::Rust => format!("let {x} = {code};\n    "),
                _ => format!("const {t} {x} = {code};\n    "),
            };
            (pre, swizzle_code(&x, sw))
        }
    };
    Ok(match lang {
        Lang::Rust => {
            // symbols such as `M` are not snake case
            let allow = if params
                .iter()
                .any(|p| p.bytes().any(|b| b.is_ascii_uppercase()))
            {
                "\n#[allow(non_snake_case)]"
            } else {
                ""
            };
            let p: Vec<String> = params.iter().map(|n| format!("{n}: {t}")).collect();
            format!(
                "/// {about}\n#[inline(always)]{allow}\npub fn {name}({}) -> {t} {{\n    {pre}{value}\n}}\n",
                p.join(", ")
            )
        }
        Lang::C | Lang::Cuda => {
            let p: Vec<String> = params.iter().map(|n| format!("{t} {n}")).collect();
            let (open, close, head) = if lang == Lang::C {
                ("/*", " */", "static inline")
            } else {
                ("//", "", "__host__ __device__ inline")
            };
            format!(
                "{open} {about}{close}\n{head} {t} {name}({}) {{\n    {pre}return {value};\n}}\n",
                p.join(", ")
            )
        }
    })
}
