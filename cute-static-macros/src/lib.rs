//! # cute-static-macros
//!
//! The notation macros of `cute-static`, re-exported there: layouts, shapes,
//! strides and coordinates written as CuTe writes them, `(4, (2, 3)) : (1, (4, 8))`.
//!
//! A leaf is *static* when it is an integer literal (`4`, `0x10`, `1_024`) or
//! CuTe's printed form `_4`; the macros turn it into a typenum
//! `UInt<..., B1>` chain, so any value works (typenum's named constants `U<N>`
//! stop at 1024). A leaf is *dynamic* (an `i64` known at run time) when it is
//! a block `{expr}` or a bare name `n`. In the type macros a dynamic leaf is
//! written `{}` or `i64`. A parenthesised list is a tuple: `(4,)` is a
//! one-tuple, `(4)` is the leaf `4` (as in Python), `()` is the empty tuple.
//!
//! The token stream is parsed by hand, with no dependency, to keep the
//! compile time of user crates low.

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// The largest static leaf: values must fit an `i64`.
const MAX_STATIC: u128 = i64::MAX as u128;

/// One parsed leaf or tuple.
enum Node {
    /// A static integer.
    Static(u128),
    /// A dynamic leaf: the tokens of its `i64` expression (empty in types).
    Dynamic(TokenStream),
    /// A tuple.
    Tuple(Vec<Node>),
    /// `_`: leave the mode alone (tilers and coordinates only).
    Keep,
}

impl Node {
    fn has_dynamic(&self) -> bool {
        match self {
            Node::Static(_) => false,
            Node::Dynamic(_) => true,
            Node::Tuple(c) => c.iter().any(Node::has_dynamic),
            Node::Keep => false,
        }
    }
}

/// A compile error at `span`.
struct Failure {
    span: Span,
    msg: String,
}

type Parsed<T> = Result<T, Failure>;

fn fail<T>(span: Span, msg: impl Into<String>) -> Parsed<T> {
    Err(Failure {
        span,
        msg: msg.into(),
    })
}

/// Which notation is being parsed: a value (expressions), a type, a tiler
/// or coordinate value (where `_` leaves a mode alone), or a coordinate
/// type (where `_` is `Keep` too).
#[derive(Clone, Copy, PartialEq)]
enum Form {
    Value,
    Type,
    Tiler,
    CoordType,
}

/// Splits a token list at top-level commas; `trailing` reports a final comma.
fn split_commas(tokens: Vec<TokenTree>) -> (Vec<Vec<TokenTree>>, bool) {
    let mut parts = vec![Vec::new()];
    let mut trailing = false;
    for t in tokens {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => {
                parts.push(Vec::new());
                trailing = true;
            }
            _ => {
                parts.last_mut().expect("parts is never empty").push(t);
                trailing = false;
            }
        }
    }
    if parts.last().is_some_and(Vec::is_empty) {
        parts.pop();
    }
    (parts, trailing)
}

/// Parses an integer literal (any radix, `_` separators, an integer suffix).
fn parse_int(lit: &Literal) -> Parsed<u128> {
    let text = lit.to_string().replace('_', "");
    let mut body = text.as_str();
    for suffix in [
        "usize", "isize", "u128", "i128", "u64", "i64", "u32", "i32", "u16", "i16", "u8", "i8",
    ] {
        if let Some(b) = body.strip_suffix(suffix) {
            body = b;
            break;
        }
    }
    let (digits, radix) = if let Some(d) = body.strip_prefix("0x") {
        (d, 16)
    } else if let Some(d) = body.strip_prefix("0o") {
        (d, 8)
    } else if let Some(d) = body.strip_prefix("0b") {
        (d, 2)
    } else {
        (body, 10)
    };
    match u128::from_str_radix(digits, radix) {
        Ok(v) if v <= MAX_STATIC => Ok(v),
        Ok(_) => fail(
            lit.span(),
            format!("CuTe: the static leaf {text} does not fit an i64"),
        ),
        Err(_) => fail(
            lit.span(),
            format!("CuTe: expected an integer leaf, found `{text}`"),
        ),
    }
}

/// Parses one leaf or tuple.
fn parse_item(tokens: Vec<TokenTree>, form: Form, outer: Span) -> Parsed<Node> {
    let span = tokens.first().map_or(outer, TokenTree::span);
    if tokens.len() == 2 {
        if let (TokenTree::Punct(p), TokenTree::Literal(l)) = (&tokens[0], &tokens[1]) {
            if p.as_char() == '-' {
                let hint = match form {
                    Form::Value | Form::Tiler => {
                        format!("write `{{-{l}}}` for a dynamic negative leaf")
                    }
                    Form::Type | Form::CoordType => {
                        "write `{}` or `i64` for a dynamic leaf".to_string()
                    }
                };
                return fail(
                    p.span(),
                    format!("CuTe: a static leaf is a non-negative integer; {hint}"),
                );
            }
        }
    }
    if tokens.len() != 1 {
        return fail(
            span,
            "CuTe: expected a leaf (an integer, `_N`, `{expr}` or a name) or a parenthesised tuple; \
             separate modes with `,` and shape from stride with `:`",
        );
    }
    match tokens.into_iter().next().expect("one token") {
        TokenTree::Literal(l) => parse_int(&l).map(Node::Static),
        TokenTree::Group(g) => match g.delimiter() {
            Delimiter::Parenthesis => parse_tuple(g.stream(), form, g.span()),
            Delimiter::Brace => Ok(Node::Dynamic(g.stream())),
            Delimiter::None => parse_tuple(g.stream(), form, g.span()),
            Delimiter::Bracket => fail(g.span(), "CuTe: write a tuple with parentheses, `(4, 8)`"),
        },
        TokenTree::Ident(i) => {
            let name = i.to_string();
            if let Some(digits) = name.strip_prefix('_') {
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    return match digits.parse::<u128>() {
                        Ok(v) if v <= MAX_STATIC => Ok(Node::Static(v)),
                        _ => fail(
                            i.span(),
                            format!("CuTe: the static leaf {name} does not fit an i64"),
                        ),
                    };
                }
            }
            match form {
                Form::Tiler | Form::CoordType if name == "_" => Ok(Node::Keep),
                Form::Value | Form::Tiler => Ok(Node::Dynamic(TokenTree::Ident(i).into())),
                Form::Type | Form::CoordType if name == "i64" => {
                    Ok(Node::Dynamic(TokenStream::new()))
                }
                Form::Type | Form::CoordType => fail(
                    i.span(),
                    format!("CuTe: `{name}` is not a leaf type; write an integer for a static leaf, `{{}}` or `i64` for a dynamic one"),
                ),
            }
        }
        TokenTree::Punct(p) => fail(
            p.span(),
            format!("CuTe: unexpected `{}` in a layout", p.as_char()),
        ),
    }
}

/// Parses the inside of a parenthesised group: `()` is the empty tuple, one
/// item without a trailing comma is that item, anything else is a tuple.
fn parse_tuple(stream: TokenStream, form: Form, span: Span) -> Parsed<Node> {
    let (parts, trailing) = split_commas(stream.into_iter().collect());
    if parts.len() == 1 && !trailing {
        return parse_item(parts.into_iter().next().expect("one part"), form, span);
    }
    parts
        .into_iter()
        .map(|p| parse_item(p, form, span))
        .collect::<Parsed<Vec<_>>>()
        .map(Node::Tuple)
}

/// Parses a whole macro input as a tuple body: `4, 8` is a tuple, `4` a leaf.
fn parse_top(tokens: Vec<TokenTree>, form: Form, span: Span) -> Parsed<Node> {
    if tokens.is_empty() {
        return fail(span, "CuTe: empty input; write `()` for the empty tuple");
    }
    parse_tuple(tokens.into_iter().collect(), form, span)
}

/// Splits `Shape : Stride` at the first top-level single `:`.
fn split_colon(input: TokenStream) -> (Vec<TokenTree>, Option<Vec<TokenTree>>) {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    let mut prev_joint_colon = false;
    for (k, t) in tokens.iter().enumerate() {
        if let TokenTree::Punct(p) = t {
            if p.as_char() == ':' {
                let next_colon =
                    matches!(tokens.get(k + 1), Some(TokenTree::Punct(q)) if q.as_char() == ':');
                let path = prev_joint_colon || (p.spacing() == Spacing::Joint && next_colon);
                if !path {
                    let stride = tokens[k + 1..].to_vec();
                    let shape = tokens[..k].to_vec();
                    return (shape, Some(stride));
                }
                prev_joint_colon = p.spacing() == Spacing::Joint;
                continue;
            }
        }
        prev_joint_colon = false;
    }
    (tokens, None)
}

// ---------------------------------------------------------------- codegen

fn code(s: &str) -> TokenStream {
    s.parse().expect("generated code is valid Rust tokens")
}

fn group(delim: Delimiter, inner: TokenStream) -> TokenStream {
    TokenTree::Group(Group::new(delim, inner)).into()
}

/// The typenum type of `n`: `UTerm` for 0, else `UInt<type of n/2, B(n%2)>`.
fn uint_type(n: u128) -> String {
    if n == 0 {
        "::cute_static::typenum::UTerm".to_string()
    } else {
        format!(
            "::cute_static::typenum::UInt<{}, ::cute_static::typenum::{}>",
            uint_type(n >> 1),
            if n & 1 == 1 { "B1" } else { "B0" }
        )
    }
}

fn type_of(node: &Node) -> String {
    match node {
        Node::Static(n) => uint_type(*n),
        Node::Dynamic(_) => "i64".to_string(),
        Node::Keep => "::cute_static::Keep".to_string(),
        Node::Tuple(c) => c
            .iter()
            .rev()
            .fold("::cute_static::HNil".to_string(), |acc, x| {
                format!("::cute_static::HCons<{}, {}>", type_of(x), acc)
            }),
    }
}

fn value_of(node: &Node) -> TokenStream {
    match node {
        Node::Keep => code("::cute_static::Keep"),
        Node::Static(n) => code(&format!(
            "<{} as ::core::default::Default>::default()",
            uint_type(*n)
        )),
        Node::Dynamic(expr) => {
            let mut inner = code("let __cute_leaf: i64 = ");
            inner.extend(group(Delimiter::Brace, expr.clone()));
            inner.extend(code("; __cute_leaf"));
            group(Delimiter::Brace, inner)
        }
        Node::Tuple(c) => c.iter().rev().fold(code("::cute_static::HNil"), |acc, x| {
            let mut fields = code("head: ");
            fields.extend(value_of(x));
            fields.extend(code(", tail: "));
            fields.extend(acc);
            let mut out = code("::cute_static::HCons");
            out.extend(group(Delimiter::Brace, fields));
            out
        }),
    }
}

fn compile_error(f: Failure) -> TokenStream {
    let mut lit = Literal::string(&f.msg);
    lit.set_span(f.span);
    let mut bang = Punct::new('!', Spacing::Alone);
    bang.set_span(f.span);
    let mut out: TokenStream = TokenTree::Ident(Ident::new("compile_error", f.span)).into();
    out.extend([TokenTree::Punct(bang)]);
    let mut g = Group::new(Delimiter::Parenthesis, TokenTree::Literal(lit).into());
    g.set_span(f.span);
    out.extend([TokenTree::Group(g)]);
    out
}

fn finish(r: Parsed<TokenStream>) -> TokenStream {
    r.unwrap_or_else(compile_error)
}

fn layout_value(input: TokenStream) -> Parsed<TokenStream> {
    let span = Span::call_site();
    let (shape, stride) = split_colon(input);
    let shape = parse_top(shape, Form::Value, span)?;
    let stride = stride
        .map(|d| parse_top(d, Form::Value, span))
        .transpose()?;
    let dynamic = shape.has_dynamic() || stride.as_ref().is_some_and(Node::has_dynamic);
    let mut args = value_of(&shape);
    let ctor = match (&stride, dynamic) {
        (Some(d), _) => {
            args.extend(code(","));
            args.extend(value_of(d));
            if dynamic {
                "try_new"
            } else {
                "new"
            }
        }
        (None, false) => "col_major",
        (None, true) => "try_col_major",
    };
    let mut out = code(&format!("::cute_static::Layout::{ctor}"));
    out.extend(group(Delimiter::Parenthesis, args));
    Ok(out)
}

fn layout_type(input: TokenStream) -> Parsed<TokenStream> {
    let span = Span::call_site();
    let (shape, stride) = split_colon(input);
    let shape = parse_top(shape, Form::Type, span)?;
    let s = type_of(&shape);
    let d = match stride {
        Some(d) => type_of(&parse_top(d, Form::Type, span)?),
        None => format!("::cute_static::ColMajor<{s}>"),
    };
    Ok(code(&format!("::cute_static::Layout<{s}, {d}>")))
}

fn tuple_value(input: TokenStream, form: Form) -> Parsed<TokenStream> {
    Ok(value_of(&parse_top(
        input.into_iter().collect(),
        form,
        Span::call_site(),
    )?))
}

fn tuple_type(input: TokenStream, form: Form) -> Parsed<TokenStream> {
    Ok(code(&type_of(&parse_top(
        input.into_iter().collect(),
        form,
        Span::call_site(),
    )?)))
}

/// A layout value in CuTe's notation, `Shape : Stride`; with the stride
/// omitted, the compact column-major stride.
///
/// A fully static layout is built with `Layout::new` (infallible, a
/// zero-sized value); one with a dynamic leaf (`{expr}` or a name) with
/// `Layout::try_new`, which checks the dynamic extents at run time and
/// returns a `Result`.
#[proc_macro]
pub fn layout(input: TokenStream) -> TokenStream {
    finish(layout_value(input))
}

/// The type of a layout in CuTe's notation, `Layout![(4, 8) : (1, 4)]`;
/// `{}` or `i64` is a dynamic leaf; with the stride omitted, the compact
/// column-major stride.
#[allow(non_snake_case)]
#[proc_macro]
pub fn Layout(input: TokenStream) -> TokenStream {
    finish(layout_type(input))
}

/// A tiler value: a tuple of tilers applied mode by mode, `tile!(8, 8)`,
/// `tile!(128, _)`. An integer literal is a static extent (the layout
/// `n:1`), `{expr}` or a name a dynamic one, `_` leaves its mode alone, and
/// a parenthesised list is a nested tuple. One item without a trailing
/// comma is that item itself (`tile!(8)` is the tiler `8:1`).
#[proc_macro]
pub fn tile(input: TokenStream) -> TokenStream {
    finish(tuple_value(input, Form::Tiler))
}

/// A shape value: an HList of leaves, `shape!(4, (2, {n}))`.
#[proc_macro]
pub fn shape(input: TokenStream) -> TokenStream {
    finish(tuple_value(input, Form::Value))
}

/// A shape type, `Shape![4, (2, 3)]`.
#[allow(non_snake_case)]
#[proc_macro]
pub fn Shape(input: TokenStream) -> TokenStream {
    finish(tuple_type(input, Form::Type))
}

/// A stride value, `stride!(1, (4, 8))`.
#[proc_macro]
pub fn stride(input: TokenStream) -> TokenStream {
    finish(tuple_value(input, Form::Value))
}

/// A stride type, `Stride![1, (4, 8)]`.
#[allow(non_snake_case)]
#[proc_macro]
pub fn Stride(input: TokenStream) -> TokenStream {
    finish(tuple_type(input, Form::Type))
}

/// A coordinate value, `coord!(1, (0, {j}))`; `_` is a mode left free (a
/// slicing coordinate, `coord!(2, _)`).
#[proc_macro]
pub fn coord(input: TokenStream) -> TokenStream {
    finish(tuple_value(input, Form::Tiler))
}

/// A coordinate type, `Coord![1, (0, 1)]`; `_` is a mode left free.
#[allow(non_snake_case)]
#[proc_macro]
pub fn Coord(input: TokenStream) -> TokenStream {
    finish(tuple_type(input, Form::CoordType))
}
