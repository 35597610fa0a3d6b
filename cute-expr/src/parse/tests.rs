//! Tests of the parser: literals, names, precedence, statements, lambdas,
//! subscripts, error positions and the bound on nesting.

use super::*;
use crate::ast::{BinOp, Node, Target, UnOp};
use cute_core::{Error, ErrorClass};

/// Two built-ins, which is all the parser needs to know of the table.
fn names(name: &str) -> Option<BuiltinId> {
    match name {
        "composition" => Some(BuiltinId::new("composition", 0)),
        "size" => Some(BuiltinId::new("size", 1)),
        _ => None,
    }
}

/// Parses on the test's own stack, which the tests keep room for.
fn parse(src: &str) -> Result<Code> {
    super::parse(src, usize::MAX, names).expect("no stack limit")
}

fn pos_of(src: &str) -> usize {
    match parse(src).unwrap_err() {
        Error::Parse { pos, .. } => pos,
        e => panic!("not a parse error: {e}"),
    }
}

/// The node of the line's only expression.
fn expr(src: &str) -> (Code, Node) {
    let code = parse(src).unwrap();
    let Stmt::Expr(id) = code.stmts[0] else {
        panic!("not an expression: {src}")
    };
    let node = code.node(id);
    (code, node)
}

fn int(src: &str) -> i64 {
    match expr(src).1 {
        Node::Int(v) => v,
        n => panic!("{src}: {n:?}"),
    }
}

#[test]
fn literals() {
    assert_eq!(int("42"), 42);
    assert_eq!(int("0b1010"), 10);
    assert_eq!(int("0x1F"), 31);
    assert_eq!(int("0o17"), 15);
    assert_eq!(int("1_000"), 1000);
    assert_eq!(int("-7"), -7);
    assert_eq!(int("-9223372036854775808"), i64::MIN);
    assert_eq!(int("9223372036854775807"), i64::MAX);
    assert_eq!(int("0"), 0);
    assert_eq!(int("000"), 0);
    assert!(matches!(expr("1.5").1, Node::Float(v) if v == 1.5));
    assert!(matches!(expr("1e3").1, Node::Float(v) if v == 1000.0));
    let (code, n) = expr("'a\\'b' \"c\"");
    assert!(matches!(n, Node::Str(i) if code.strings[i as usize] == "a'bc"));
    assert!(matches!(expr("True").1, Node::Bool(true)));
    assert!(matches!(expr("None").1, Node::None));
    for bad in [
        "99999999999999999999",
        "9223372036854775808",
        "0x8000000000000000",
        "0b",
        "0b102",
        "012",
        "1.2.3",
        "1e999",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn names_are_looked_up_once() {
    let (code, n) = expr("composition");
    let Node::Name(name) = n else { panic!("{n:?}") };
    assert_eq!(code.text(name.span), "composition");
    assert_eq!(name.builtin, names("composition"));
    assert_eq!(name.builtin.map(|b| b.name()), Some("composition"));
    let Node::Name(name) = expr("my_layout").1 else {
        panic!()
    };
    assert!(name.builtin.is_none());
}

#[test]
fn tuples_and_lists() {
    assert!(matches!(expr("(7,)").1, Node::Tuple(r) if r.len == 1));
    assert!(matches!(expr("()").1, Node::Tuple(r) if r.len == 0));
    assert!(matches!(expr("(7)").1, Node::Int(7)));
    assert!(matches!(expr("[1, 2,]").1, Node::List(r) if r.len == 2));
    assert!(matches!(expr("1, 2").1, Node::Tuple(r) if r.len == 2));
}

#[test]
fn precedence() {
    // 1 + 2 * 3 parses as 1 + (2 * 3)
    let (code, n) = expr("1 + 2 * 3");
    let Node::Binary(BinOp::Add, _, r) = n else {
        panic!("{n:?}")
    };
    assert!(matches!(code.node(r), Node::Binary(BinOp::Mul, ..)));
    // comparisons chain
    assert!(matches!(expr("a == b == c").1, Node::Compare { rest, .. } if rest.len == 2));
    // ^ binds looser than +
    assert!(matches!(expr("1 ^ 2 + 3").1, Node::Binary(BinOp::Xor, ..)));
    // not binds looser than ==, tighter than and; unary minus tighter than *
    assert!(matches!(expr("not a == b").1, Node::Unary(UnOp::Not, _)));
    assert!(matches!(expr("not a and b").1, Node::And(..)));
    assert!(matches!(expr("a or b and c").1, Node::Or(..)));
    let (code, n) = expr("-a * b");
    let Node::Binary(BinOp::Mul, l, _) = n else {
        panic!("{n:?}")
    };
    assert!(matches!(code.node(l), Node::Unary(UnOp::Neg, _)));
    assert!(matches!(expr("- - 2").1, Node::Int(2)));
    assert!(parse("1 + not x").is_err());
    // `**` binds tighter than a prefix minus on its left and groups to the
    // right
    let (code, n) = expr("-a ** b");
    let Node::Unary(UnOp::Neg, inner) = n else {
        panic!("{n:?}")
    };
    assert!(matches!(code.node(inner), Node::Binary(BinOp::Pow, ..)));
    let (code, n) = expr("a ** b ** c");
    let Node::Binary(BinOp::Pow, _, r) = n else {
        panic!("{n:?}")
    };
    assert!(matches!(code.node(r), Node::Binary(BinOp::Pow, ..)));
    assert!(parse("2 **").is_err());
    // a conditional binds looser than or, a lambda's body takes it
    assert!(matches!(expr("a or b if c else d").1, Node::IfElse { .. }));
    let (code, n) = expr("lambda x: x if x else 0");
    let Node::Lambda(i) = n else { panic!("{n:?}") };
    let body = code.lambdas[i as usize].body;
    assert!(matches!(code.node(body), Node::IfElse { .. }));
}

#[test]
fn statements() {
    let code = parse("a, b = f(x)").unwrap();
    assert!(matches!(&code.stmts[0], Stmt::Assign(Target::Tuple(v), _) if v.len() == 2));
    let code = parse("f[0, 2](x, mode=(1,)) -> ValueError").unwrap();
    assert!(matches!(
        code.stmts[0],
        Stmt::ExpectError(_, ErrorClass::ValueError)
    ));
    let code = parse("from fractions import Fraction").unwrap();
    assert!(matches!(&code.stmts[0], Stmt::Import(i) if !i.star && i.names.len() == 1));
    let code = parse("from pycute import *").unwrap();
    assert!(matches!(&code.stmts[0], Stmt::Import(i) if i.star));
    let code = parse("import sympy").unwrap();
    assert!(matches!(&code.stmts[0], Stmt::Import(i) if code.text(i.module) == "sympy"));
    assert!(matches!(
        parse("x # comment").unwrap().stmts[0],
        Stmt::Expr(_)
    ));
    let code = parse("x = 1; y = x; y;").unwrap();
    assert_eq!(code.stmts.len(), 3);
    for bad in [
        "f(x) = 3",
        "x -> KeyError",
        "a = b = c",
        "x = ",
        "x += 1",
        ";",
        "1;;2",
        "f(*a)",
        "f(a=1, 2)",
        "f(a=1, a=2)",
        "from x",
        "",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn lambdas() {
    let (code, n) = expr("lambda a, b=2, *, mode=(): a");
    let Node::Lambda(i) = n else { panic!("{n:?}") };
    let def = &code.lambdas[i as usize];
    let names: Vec<&str> = def.params.iter().map(|p| code.text(p.name)).collect();
    assert_eq!(names, ["a", "b", "mode"]);
    assert!(def.params[1].default.is_some() && !def.params[1].keyword_only);
    assert!(def.params[2].keyword_only);
    assert!(matches!(expr("lambda: 3").1, Node::Lambda(_)));
    // the body ends at the first top-level comma
    let (_, n) = expr("f(lambda x, y: x * y, (2, 3))");
    assert!(matches!(n, Node::Call { args, .. } if args.len == 2));
    for bad in [
        "lambda x x: 1",
        "lambda x, x: 1",
        "lambda *a: 1",
        "lambda **k: 1",
        "lambda x=1, y: 2",
        "lambda x",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn subscripts_and_slices() {
    let (code, n) = expr("A[1:-1]");
    let Node::Index(_, i) = n else {
        panic!("{n:?}")
    };
    assert!(matches!(
        code.node(i),
        Node::Slice([Some(_), Some(_), None])
    ));
    let (code, n) = expr("A[::2]");
    let Node::Index(_, i) = n else {
        panic!("{n:?}")
    };
    assert!(matches!(code.node(i), Node::Slice([None, None, Some(_)])));
    assert!(parse("f[0][1](x).shape").is_ok());
    assert!(parse("A[]").is_err());
}

#[test]
fn error_positions() {
    assert_eq!(pos_of("Layout((4, 8), (1,"), 18);
    assert_eq!(pos_of("1 + $"), 4);
    assert_eq!(pos_of("(1, 2"), 5);
    assert_eq!(pos_of("'abc"), 0);
    assert_eq!(pos_of("x = 1; 2 3"), 9);
}

/// Runs `f` with room for the parser's deepest recursion, as the public
/// entry points do.
fn big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn nesting_is_bounded() {
    big_stack(|| {
        let deep = "(".repeat(10_000) + &")".repeat(10_000);
        assert!(parse(&deep).is_err());
        // a long chain parses without recursion, but its tree is deep
        let chain = vec!["1"; 5_000].join(" + ");
        assert!(parse(&chain).is_err());
        let calls = "f".to_string() + &"(1)".repeat(300);
        assert!(parse(&calls).is_err());
        let neg = "-".repeat(10_000) + "1";
        assert!(parse(&neg).is_err());
        let ok = "(".repeat(199) + "1" + &")".repeat(199);
        assert!(parse(&ok).is_ok());
        let too_deep = "(".repeat(201) + "1" + &")".repeat(201);
        assert!(parse(&too_deep).is_err());
        let lambdas = "lambda: ".repeat(300) + "1";
        assert!(parse(&lambdas).is_err());
    });
}
