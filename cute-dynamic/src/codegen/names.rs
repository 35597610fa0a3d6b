//! The names generated code may use: identifiers of the target language
//! that it does not reserve, and that the code's own words do not take.

use cute_core::sym::Lang;
use cute_core::{Error, Result};

/// The keywords of C (C23, which keeps every earlier one).
const C_KEYWORDS: &[&str] = &[
    "alignas",
    "alignof",
    "auto",
    "bool",
    "break",
    "case",
    "char",
    "const",
    "constexpr",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "false",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "nullptr",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "struct",
    "switch",
    "thread_local",
    "true",
    "typedef",
    "typeof",
    "typeof_unqual",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_BitInt",
    "_Bool",
    "_Complex",
    "_Decimal128",
    "_Decimal32",
    "_Decimal64",
    "_Generic",
    "_Imaginary",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
];

/// The keywords of C++ (C++20) that C does not have, and the alternative
/// tokens; CUDA is C++.
const CPP_KEYWORDS: &[&str] = &[
    "and",
    "and_eq",
    "asm",
    "bitand",
    "bitor",
    "catch",
    "char16_t",
    "char32_t",
    "char8_t",
    "class",
    "co_await",
    "co_return",
    "co_yield",
    "compl",
    "concept",
    "const_cast",
    "consteval",
    "constinit",
    "decltype",
    "delete",
    "dynamic_cast",
    "explicit",
    "export",
    "friend",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "operator",
    "or",
    "or_eq",
    "private",
    "protected",
    "public",
    "reinterpret_cast",
    "requires",
    "static_cast",
    "template",
    "this",
    "throw",
    "try",
    "typeid",
    "typename",
    "using",
    "virtual",
    "wchar_t",
    "xor",
    "xor_eq",
];

/// The keywords of Rust, strict and reserved (2024 edition), and the
/// names a parameter cannot bind: `_`, `self`, `Self`, `crate`, `super`,
/// and the prelude's variants (`None: i64` is a pattern of `Option`).
const RUST_KEYWORDS: &[&str] = &[
    "_", "Err", "None", "Ok", "Some", "Self", "abstract", "as", "async", "await", "become", "box",
    "break", "const", "continue", "crate", "do", "dyn", "else", "enum", "extern", "false", "final",
    "fn", "for", "gen", "if", "impl", "in", "let", "loop", "macro", "match", "mod", "move", "mut",
    "override", "priv", "pub", "ref", "return", "self", "static", "struct", "super", "trait",
    "true", "try", "type", "typeof", "unsafe", "unsized", "use", "virtual", "where", "while",
    "yield",
];

/// The words the generated C code itself uses: its integer type.
const C_CODE_WORDS: &[&str] = &["int64_t"];

/// The words the generated CUDA code itself uses: its integer type, and
/// `min` and `max`, which a variable of that name would hide.
const CUDA_CODE_WORDS: &[&str] = &["int64_t", "min", "max"];

/// Why `name` cannot name a variable or function in `lang`, if it cannot.
fn refusal(name: &str, lang: Lang) -> Option<String> {
    let mut chars = name.chars();
    let identifier = matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier {
        return Some(
            "is not an identifier (a letter or _, then letters, digits or _, in ASCII)".into(),
        );
    }
    let keyword = |list: &[&str]| list.contains(&name);
    match lang {
        Lang::Rust => keyword(RUST_KEYWORDS).then(|| "is a keyword of Rust".into()),
        Lang::C | Lang::Cuda => {
            let (c, cuda) = (lang == Lang::C, lang == Lang::Cuda);
            let language = if c { "C" } else { "CUDA" };
            let b = name.as_bytes();
            if keyword(C_KEYWORDS) || (cuda && keyword(CPP_KEYWORDS)) {
                Some(format!("is a keyword of {language}"))
            } else if keyword(if c { C_CODE_WORDS } else { CUDA_CODE_WORDS }) {
                Some(format!("is a name the generated {language} code uses"))
            } else if (b[0] == b'_' && b.len() > 1 && (b[1] == b'_' || b[1].is_ascii_uppercase()))
                || (cuda && name.contains("__"))
            {
                Some(format!("is reserved to the implementation in {language}"))
            } else if reserved_by_stdint(name) {
                Some(format!("is reserved by <stdint.h> in {language}"))
            } else {
                None
            }
        }
    }
}

/// The macros of `<stdint.h>` that the names below do not cover.
const STDINT_MACROS: &[&str] = &[
    "PTRDIFF_MAX",
    "PTRDIFF_MIN",
    "PTRDIFF_WIDTH",
    "SIG_ATOMIC_MAX",
    "SIG_ATOMIC_MIN",
    "SIG_ATOMIC_WIDTH",
    "SIZE_MAX",
    "SIZE_WIDTH",
    "WCHAR_MAX",
    "WCHAR_MIN",
    "WCHAR_WIDTH",
    "WINT_MAX",
    "WINT_MIN",
    "WINT_WIDTH",
];

/// The names `<stdint.h>`, which the code's `int64_t` comes from, reserves
/// or defines: `intN_t`-like types and `INTN_MAX`-like macros.
fn reserved_by_stdint(name: &str) -> bool {
    let typ = (name.starts_with("int") || name.starts_with("uint")) && name.ends_with("_t");
    let mac = (name.starts_with("INT") || name.starts_with("UINT"))
        && ["_MAX", "_MIN", "_C", "_WIDTH"]
            .iter()
            .any(|s| name.ends_with(s));
    typ || mac || STDINT_MACROS.contains(&name)
}

/// `Ok` if `name` may name a variable or a function in `lang`: an ASCII
/// identifier that the language does not reserve (its keywords; in C and
/// CUDA the implementation's `__x` and `_X` and `<stdint.h>`'s `intN_t` and
/// `INTN_MAX`, and the words the generated code uses: `int64_t`, and in
/// CUDA `min` and `max`; in Rust the prelude's `None`, `Some`, `Ok` and
/// `Err`, which a parameter cannot bind).
///
/// # Errors
/// `ValueError` naming the name, what it was to name (`what`), and why.
///
/// # Examples
/// ```
/// use cute_core::sym::Lang;
/// use cute_dynamic::codegen::check_name;
/// assert!(check_name("tile_offset", Lang::C, "the function").is_ok());
/// assert!(check_name("return", Lang::C, "a coordinate").is_err());
/// assert!(check_name("fn", Lang::Rust, "the function").is_err());
/// assert!(check_name("fn", Lang::C, "the function").is_ok());
/// assert!(check_name("class", Lang::Cuda, "a coordinate").is_err());
/// assert!(check_name("f(){}; evil(); int g", Lang::C, "the function").is_err());
/// assert!(check_name("", Lang::Rust, "the function").is_err());
/// ```
pub fn check_name(name: &str, lang: Lang, what: &str) -> Result<()> {
    match refusal(name, lang) {
        None => Ok(()),
        Some(why) => Err(Error::value(
            "codegen",
            format!("{what} cannot be named {name:?}: it {why}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_lists_are_identifiers() {
        for list in [C_KEYWORDS, CPP_KEYWORDS, RUST_KEYWORDS, CUDA_CODE_WORDS] {
            for w in list {
                let mut cs = w.chars();
                assert!(matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_'));
            }
        }
        // C's keywords are CUDA's too
        for w in C_KEYWORDS {
            assert!(refusal(w, Lang::Cuda).is_some(), "{w}");
        }
    }

    #[test]
    fn test_refusals() {
        for (name, lang) in [
            ("int", Lang::C),
            ("return", Lang::Rust),
            ("int64_t", Lang::Cuda),
            ("uint8_t", Lang::C),
            ("INT64_MAX", Lang::C),
            ("__x", Lang::C),
            ("_M", Lang::C),
            ("a__b", Lang::Cuda),
            ("template", Lang::Cuda),
            ("min", Lang::Cuda),
            ("_", Lang::Rust),
            ("Self", Lang::Rust),
            ("1x", Lang::C),
            ("x-y", Lang::Rust),
            ("é", Lang::Rust),
            ("None", Lang::Rust),
            ("Some", Lang::Rust),
            ("SIZE_MAX", Lang::Cuda),
        ] {
            assert!(refusal(name, lang).is_some(), "{name} in {lang:?}");
        }
        for (name, lang) in [
            ("template", Lang::C),
            ("int", Lang::Rust),
            ("a__b", Lang::C),
            ("_m", Lang::C),
            ("_x", Lang::Rust),
            ("M", Lang::Rust),
            ("union", Lang::Rust),
            ("i64", Lang::Rust),
            ("min", Lang::C),
            ("main", Lang::Rust),
        ] {
            assert!(refusal(name, lang).is_none(), "{name} in {lang:?}");
        }
    }
}
