//! The partitions in the language (`local_tile`, `inner_partition`,
//! `outer_partition`, `local_partition`) are cute-dynamic's
//! `tensor::partition` functions: on integer layouts they give the layout
//! the Rust function gives; on the tensor of a layout's offsets and on a
//! tensor over memory, a view whose elements are the parent's at the
//! partition's offsets (writes included); on symbolic layouts, a layout
//! that is the integer one once the symbols have values. A tiler that
//! leaves a partial tile, a thread index outside the threads and a
//! condition the symbols leave open are errors of the language's classes.

use cute_core::Sym;
use cute_dynamic::layout::Tiler;
use cute_dynamic::shape::Coord;
use cute_dynamic::tensor::partition;
use cute_dynamic::{HTuple, Layout, Scalar};
use cute_expr::{eval, Env, ErrorClass, Outcome, Value};
use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestCaseError};

fn value(env: &mut Env, src: &str) -> Value {
    match eval(src, env) {
        Ok(Outcome::Value(v)) => v,
        other => panic!("{src}: {other:?}"),
    }
}

fn value_of(src: &str) -> Value {
    value(&mut Env::new(), src)
}

fn layout_of(src: &str) -> Layout {
    match value_of(src) {
        Value::Layout(l) => *l,
        other => panic!("{src}: not a layout: {other}"),
    }
}

/// The tiler a value is, as the algebra reads it.
fn tiler(v: &Value) -> Tiler {
    match v {
        Value::None => Tiler::None,
        Value::Int(n) => Tiler::Int(*n),
        Value::Layout(l) => Tiler::Layout((**l).clone()),
        Value::Tuple(ts) => Tiler::Tuple(ts.iter().map(tiler).collect()),
        other => panic!("not a tiler: {other}"),
    }
}

/// The coordinate a value is.
fn coord(v: &Value) -> Coord {
    match v {
        Value::None => HTuple::Leaf(None),
        Value::Int(n) => HTuple::Leaf(Some(*n)),
        Value::Tuple(cs) => HTuple::Tuple(cs.iter().map(coord).collect()),
        other => panic!("not a coordinate: {other}"),
    }
}

/// The Rust partition a built-in call names: the built-in's name and its
/// arguments' texts.
fn rust_partition(name: &str, args: &[&str]) -> cute_core::Result<(Scalar, Layout)> {
    let a = layout_of(args[0]);
    match (name, args.len()) {
        ("local_partition", 3) => {
            let threads = layout_of(args[1]);
            let i = args[2].parse().unwrap();
            partition::local_partition(&a, &threads, i)
        }
        ("local_partition", _) => {
            let threads = layout_of(args[1]);
            let i = args[2].parse().unwrap();
            partition::local_partition_proj(&a, &threads, i, &coord(&value_of(args[3])))
        }
        (_, n) => {
            let t = tiler(&value_of(args[1]));
            let c = coord(&value_of(args[2]));
            match (name, n) {
                ("local_tile", 3) => partition::local_tile(&a, &t, &c),
                ("local_tile", _) => {
                    partition::local_tile_proj(&a, &t, &c, &coord(&value_of(args[3])))
                }
                ("inner_partition", _) => partition::inner_partition(&a, &t, &c),
                _ => partition::outer_partition(&a, &t, &c),
            }
        }
    }
}

/// Calls of each built-in on integer layouts (the Rust functions' cases,
/// which CuTe C++ printed, and more).
const CASES: &[(&str, &[&str])] = &[
    (
        "local_tile",
        &["Layout((128, 64), (1, 128))", "(32, 16)", "(2, 3)"],
    ),
    (
        "local_tile",
        &["Layout((128, 64), (1, 128))", "(32, 16)", "(2, None)"],
    ),
    (
        "local_tile",
        &["Layout((128, 64), (1, 128))", "(32, 16)", "5"],
    ),
    (
        "local_tile",
        &["Layout((128, 64), (64, 1))", "(32, 16)", "(2, 3)"],
    ),
    (
        "local_tile",
        &["Layout((8, 8, 3), (1, 8, 64))", "(4, 2)", "(1, 2)"],
    ),
    (
        "local_tile",
        &["Layout((8, 6), (1, 8))", "(4, None)", "(1, 0)"],
    ),
    (
        "local_tile",
        &["Layout((8, 8), (1, 8))", "(4, Layout(2, 2))", "(1, 1)"],
    ),
    (
        "local_tile",
        &["Layout((8, 8), (1, 8))", "Layout(16, 1)", "3"],
    ),
    (
        "local_tile",
        &["Layout(((2, 4), 8), ((1, 16), 2))", "(4, 2)", "(1, 3)"],
    ),
    (
        "local_tile",
        &["Layout((8, 32), (F2(36), F2(1)))", "(4, 8)", "(1, 2)"],
    ),
    (
        "inner_partition",
        &["Layout((8, 6), (1, 8))", "(4, 3)", "(1, 1)"],
    ),
    (
        "inner_partition",
        &["Layout((8, 6), (6, 1))", "(2, 3)", "(None, 1)"],
    ),
    (
        "outer_partition",
        &["Layout((8, 6), (1, 8))", "(4, 3)", "(1, 2)"],
    ),
    (
        "outer_partition",
        &["Layout((16, 64), (64, 1))", "(2, 16)", "(1, None)"],
    ),
    (
        "outer_partition",
        &["Layout((8, 8), (8, 1))", "(4, 4)", "7"],
    ),
    (
        "local_partition",
        &["Layout((16, 64), (1, 16))", "Layout((2, 16), (1, 2))", "3"],
    ),
    (
        "local_partition",
        &[
            "Layout((16, 64), (64, 1))",
            "Layout((2, 16), (16, 1))",
            "17",
        ],
    ),
    (
        "local_partition",
        &[
            "Layout((8, 8), (8, 1))",
            "Layout(((2, 2), 4), ((1, 8), 2))",
            "13",
        ],
    ),
    (
        "local_partition",
        &["Layout((4, 8), (8, 1))", "Layout((2, 4), (4, 1))", "5"],
    ),
    ("local_partition", &["Layout(32, 1)", "Layout(8, 1)", "7"]),
    // projections (CuTe's Step<_1, X, _1>)
    (
        "local_tile",
        &[
            "Layout((256, 128), (1, 256))",
            "(128, 128, 8)",
            "(1, 2, None)",
            "(1, None, 1)",
        ],
    ),
    (
        "local_tile",
        &[
            "Layout((384, 128), (1, 384))",
            "(128, 128, 8)",
            "(1, 2, None)",
            "(None, 1, 1)",
        ],
    ),
    (
        "local_tile",
        &[
            "Layout((256, 384), (1, 256))",
            "(128, 128, 8)",
            "(1, 2, None)",
            "(1, 1, None)",
        ],
    ),
    (
        "local_tile",
        &[
            "Layout((256, 128), (128, 1))",
            "(128, 128, 8)",
            "(1, 2, 3)",
            "(1, None, 1)",
        ],
    ),
    (
        "local_tile",
        &[
            "Layout((16, 64), (1, 16))",
            "((4, 2), 8)",
            "((3, None), 1)",
            "((1, None), 1)",
        ],
    ),
    (
        "local_partition",
        &[
            "Layout((128, 8), (1, 128))",
            "Layout((16, 16), (1, 16))",
            "200",
            "(1, None)",
        ],
    ),
    (
        "local_partition",
        &[
            "Layout((128, 8), (1, 128))",
            "Layout((16, 16), (1, 16))",
            "200",
            "(None, 1)",
        ],
    ),
    (
        "local_partition",
        &[
            "Layout((8, 32), (1, 8))",
            "Layout((2, 16, 1), (16, 1, 1))",
            "19",
            "(1, 1, None)",
        ],
    ),
];

/// The offsets the layout `a` reaches, at each integral index.
fn offsets(a: &Layout) -> Vec<i64> {
    (0..a.size().unwrap())
        .map(|i| a.call_int(i).unwrap())
        .collect()
}

#[test]
fn integer_layouts_are_partitioned_as_cute_dynamic_partitions_them() {
    for (name, args) in CASES {
        let call = format!("{name}({})", args.join(", "));
        let (off, want) = rust_partition(name, args).unwrap_or_else(|e| panic!("{call}: {e}"));
        match value_of(&call) {
            Value::Layout(l) => assert_eq!(*l, want, "{call}"),
            other => panic!("{call}: {other}"),
        }
        // the tensor of the layout's offsets: the view's origin is the offset
        let mut rest = args.to_vec();
        let of_offsets = format!("Tensor(ImplicitAccessor(0), {})", args[0]);
        rest[0] = &of_offsets;
        let call = format!("{name}({})", rest.join(", "));
        match value_of(&call) {
            Value::Tensor(t) => {
                assert_eq!(t.layout(), &want, "{call}");
                let Scalar::Int(off) = off else {
                    // an F2 offset: the view reads the XOR-moved offsets
                    continue;
                };
                assert_eq!(t.accessor().implicit_origin(), Some(off), "{call}");
            }
            other => panic!("{call}: {other}"),
        }
    }
}

/// The keyword forms name the same arguments.
#[test]
fn keywords_name_the_arguments() {
    for (kw, pos) in [
        (
            "local_tile(x=Layout((8, 6), (1, 8)), tiler=(4, 3), coord=(1, 1))",
            "local_tile(Layout((8, 6), (1, 8)), (4, 3), (1, 1))",
        ),
        (
            "local_tile(Layout((256, 128), (1, 256)), (128, 128, 8), (1, 2, None), proj=(1, None, 1))",
            "local_tile(Layout((256, 128), (1, 256)), (128, 128, 8), (1, 2, None), (1, None, 1))",
        ),
        (
            "local_tile(Layout((8, 6), (1, 8)), (4, 3), (1, 1), proj=None)",
            "local_tile(Layout((8, 6), (1, 8)), (4, 3), (1, 1))",
        ),
        (
            "local_partition(Layout((16, 64), (1, 16)), tile=Layout((2, 16), (1, 2)), index=3)",
            "local_partition(Layout((16, 64), (1, 16)), Layout((2, 16), (1, 2)), 3)",
        ),
        // a shape as the thread layout is its column-major layout
        (
            "local_partition(Layout((16, 64), (1, 16)), (2, 16), 3)",
            "local_partition(Layout((16, 64), (1, 16)), Layout((2, 16), (1, 2)), 3)",
        ),
        (
            "local_partition(Layout((128, 8), (1, 128)), (16, 16), 200, proj=(1, None))",
            "local_partition(Layout((128, 8), (1, 128)), Layout((16, 16), (1, 16)), 200, (1, None))",
        ),
        (
            "outer_partition(coord=(1, 2), tiler=(4, 3), x=Layout((8, 6), (1, 8)))",
            "outer_partition(Layout((8, 6), (1, 8)), (4, 3), (1, 2))",
        ),
    ] {
        assert_eq!(value_of(kw).to_string(), value_of(pos).to_string(), "{kw}");
    }
}

/// Fills `a`, the storage of `T`, with `a[k] = k`.
fn fill(env: &mut Env) -> i64 {
    let repr = value(env, "a").to_string();
    let len: i64 = repr["Array(".len()..repr.find(',').unwrap()]
        .parse()
        .unwrap();
    let src: Vec<String> = (0..len).map(|k| format!("a[{k}] = {k}")).collect();
    for chunk in src.chunks(256) {
        assert!(matches!(
            eval(&chunk.join("; "), env),
            Ok(Outcome::Statement)
        ));
    }
    len
}

#[test]
fn tensor_views_read_and_write_the_parents_elements() {
    for (name, args) in CASES {
        if args[0].contains("F2") {
            continue;
        }
        let (off, part) = rust_partition(name, args).unwrap();
        let off = off.as_int().unwrap();
        let parent = layout_of(args[0]);
        let mut env = Env::new();
        let setup = format!(
            "T = make_tensor({}, dtype=c_long); a = T.accessor.base()",
            args[0]
        );
        assert!(matches!(eval(&setup, &mut env), Ok(Outcome::Statement)));
        fill(&mut env);
        let mut rest = args.to_vec();
        rest[0] = "T";
        let call = format!("P = {name}({})", rest.join(", "));
        assert!(
            matches!(eval(&call, &mut env), Ok(Outcome::Statement)),
            "{call}"
        );
        let reached = offsets(&parent);
        let part_offsets = offsets(&part);
        let step = (part_offsets.len() / 64).max(1);
        for (j, &o) in part_offsets.iter().enumerate().step_by(step) {
            // the view's element j is the storage at the partition's offset,
            // which the parent reads at the index that reaches it
            let got = value(&mut env, &format!("P[{j}]")).to_string();
            assert_eq!(got, (off + o).to_string(), "{call}: element {j}");
            let i = reached.iter().position(|&r| r == off + o).unwrap();
            assert_eq!(value(&mut env, &format!("T[{i}]")).to_string(), got);
        }
        // a write through the view is the parent's element
        let i = reached
            .iter()
            .position(|&r| r == off + part.call_int(0).unwrap())
            .unwrap();
        assert!(matches!(
            eval("P[0] = -7", &mut env),
            Ok(Outcome::Statement)
        ));
        assert_eq!(
            value(&mut env, &format!("T[{i}]")).to_string(),
            "-7",
            "{call}"
        );
    }
}

/// The symbols' values in a symbolic result.
fn subs(l: &Layout<Sym>, vals: &[(&str, i64)]) -> Layout {
    l.subs(&|n| vals.iter().find(|(k, _)| *k == n).map(|&(_, v)| v))
        .unwrap()
}

/// Two layouts are the same function: the same size and offsets.
fn same_function(a: &Layout, b: &Layout) -> bool {
    a.size().unwrap() == b.size().unwrap() && offsets(a) == offsets(b)
}

#[test]
fn symbolic_layouts_are_the_integer_ones_once_the_symbols_have_values() {
    // (symbols made, partition over them); each value of M and N
    let cases = [
        (
            "M, N = symbols('M N', multiple_of=16)",
            "local_tile(Layout((M, N), (1, M)), (16, 8), (None, None))",
        ),
        (
            "M, N = symbols('M N', multiple_of=16)",
            "local_tile(Layout((M, N), (N, 1)), (16, 8), (0, None))",
        ),
        (
            "M, N = symbols('M N')",
            "local_tile(Layout((16*M, 8*N), (1, 16*M)), (16, 8), (M - 1, N - 1))",
        ),
        (
            "M, N = symbols('M N')",
            "inner_partition(Layout((16*M, 8*N), (1, 16*M)), (16, 8), (0, None))",
        ),
        (
            "M, N = symbols('M N')",
            "outer_partition(Layout((16*M, 8*N), (1, 16*M)), (16, 8), (3, 5))",
        ),
        (
            "M, N = symbols('M N')",
            "local_partition(Layout((16*M, 8*N), (1, 16*M)), Layout((4, 8), (8, 1)), 13)",
        ),
        (
            "M, N = symbols('M N')",
            "local_partition(Layout((16*M, 8*N), (1, 16*M)), Layout((16, 4), (1, 16)), 50, (1, None))",
        ),
        (
            "M, K = symbols('M K', multiple_of=8)",
            "local_tile(Layout((M, K), (1, M)), (8, 16, 8), (None, 1, None), (1, None, 1))",
        ),
        // the integer layout over a symbolic coordinate
        (
            "M = symbols('M')",
            "local_tile(Layout((16, 64), (1, 16)), (4, 8), (M % 4, 7))",
        ),
    ];
    for (made, call) in cases {
        let mut env = Env::new();
        assert!(matches!(eval(made, &mut env), Ok(Outcome::Statement)));
        let sym = match value(&mut env, call) {
            Value::SymLayout(l) => *l,
            Value::Layout(l) => l.to_symbolic(),
            other => panic!("{call}: {other}"),
        };
        for (m, n) in [(16, 16), (32, 48), (64, 16), (16, 128)] {
            let vals = [("M", m), ("N", n), ("K", n)];
            let set = format!("M = {m}; N = {n}; K = {n}");
            let mut int_env = Env::new();
            assert!(matches!(eval(&set, &mut int_env), Ok(Outcome::Statement)));
            let Value::Layout(want) = value(&mut int_env, call) else {
                panic!("{set}; {call}: not a layout")
            };
            let got = subs(&sym, &vals);
            assert!(
                same_function(&got, &want),
                "{made}; {call} = {sym} is {got} at {set}, not {want}"
            );
        }
    }
}

/// The class of the error of `src` (after the symbols' line), and its text.
fn error(src: &str) -> (ErrorClass, String) {
    let mut env = Env::new();
    let made = "M, N = symbols('M N'); K = symbols('K', multiple_of=64); \
                bx, by = symbols('bx by', nonnegative=True)";
    assert!(matches!(eval(made, &mut env), Ok(Outcome::Statement)));
    match eval(src, &mut env) {
        Err(e) => (e.class(), e.to_string()),
        Ok(v) => panic!("{src}: no error: {v:?}"),
    }
}

#[test]
fn errors_are_the_languages() {
    use ErrorClass::{IndexError, TypeError, ValueError};
    let cases: &[(&str, ErrorClass, &str)] = &[
        // argument counts and types
        ("local_tile(Layout(8), 4)", TypeError, "missing required argument 'coord'"),
        ("inner_partition(Layout(8), 4, 0, (1,))", TypeError, "takes 3 positional arguments"),
        ("outer_partition(Layout(8), 4, 0, proj=1)", TypeError, "unexpected keyword argument 'proj'"),
        ("local_partition(Layout(8))", TypeError, "missing required argument 'tile'"),
        ("local_tile((8, 4), (4, 2), (0, 0))", TypeError, "partitions a Layout or a Tensor"),
        ("local_tile(None, (4, 2), (0, 0))", TypeError, "partitions a Layout or a Tensor"),
        ("local_tile(Layout(8), 'a', 0)", TypeError, "expected a tiler"),
        ("local_tile(Layout(8), 4, 'a')", TypeError, "coordinate leaf"),
        ("local_tile(Layout(8), 4, 1.5)", TypeError, "coordinate leaf"),
        ("local_tile(Layout(8), 4, 0, 'x')", TypeError, "coordinate leaf"),
        ("local_partition(Layout(8), 'x', 0)", TypeError, "thread layout"),
        ("local_partition(Layout(8), Layout((M, 2)), 0)", TypeError, "a thread layout has integer extents"),
        ("local_partition(Layout(8), Layout(2), 1.5)", TypeError, "thread index is an integer"),
        ("local_partition(Layout(8), Layout(2), True)", TypeError, "thread index is an integer"),
        ("local_partition(Layout((M, 8)), Layout(2), bx)", TypeError, "thread index is an integer"),
        ("local_tile(make_tensor(Layout((8, 8))), (4, 4), (bx, 0))", TypeError, "integer tilers"),
        ("local_tile(make_tensor(Layout((8, 8))), (M, 4), (0, 0))", TypeError, "integer tilers"),
        // tilers that leave a partial tile
        ("local_tile(Layout((100, 64)), (32, 16), (3, 0))", ValueError, "the tile extent 32 does not divide the size 100 of mode 0"),
        ("inner_partition(Layout((100, 64)), (32, 16), (0, 0))", ValueError, "partial tile"),
        ("outer_partition(Layout((8, 7)), (4, 3), (1, 2))", ValueError, "the tile extent 3 does not divide the size 7 of mode 1"),
        ("local_partition(Layout((128, 8)), Layout((16, 16)), 200)", ValueError, "the 16 threads of mode 1 of the thread layout Layout((16, 16), (1, 16)) do not divide the size 8 of mode 1"),
        ("local_tile(Layout((8, 8)), (4, Layout(2, 3)), (1, 1))", ValueError, "the tiler Layout(2, 3) does not divide"),
        ("local_tile(Layout((8, 8)), Layout(3, 1), 1)", ValueError, "partial tile"),
        ("local_tile(make_tensor(Layout((100, 64))), (32, 16), (3, 0))", ValueError, "partial tile"),
        ("local_tile(Layout((M, N), (1, M)), (128, 64), (0, 0))", ValueError, "cannot decide whether 128 divides M"),
        ("local_partition(Layout((M, 8)), Layout((16, 8)), 3)", ValueError, "cannot decide whether 16 divides M"),
        // a coordinate outside the tiles, a thread outside the threads
        ("local_tile(Layout((8, 6), (1, 8)), (4, 3), (0, 2))", IndexError, "outside"),
        ("local_tile(Layout(8), 4, 2)", IndexError, "local_tile: index out of range"),
        ("outer_partition(Layout((8, 6), (1, 8)), (4, 3), (4, 0))", IndexError, "outside"),
        ("local_tile(make_tensor(Layout((8, 8))), (4, 4), (2, 0))", IndexError, "outside"),
        ("local_partition(Layout((16, 64)), Layout((2, 16)), 32)", IndexError, "thread 32 is not a thread"),
        ("local_partition(Layout((16, 64)), Layout((2, 16)), -1)", IndexError, "thread -1 is not a thread"),
        ("local_partition(Layout((16, 64)), Layout((2, 2), (1, 4)), 2)", IndexError, "maps no coordinate to 2"),
        ("local_partition(make_tensor(Layout((16, 64))), (2, 16), 99)", IndexError, "not a thread"),
        ("local_partition(Layout(8), Layout(0), 0)", IndexError, "it has no threads"),
        // ranks
        ("inner_partition(Layout(8), 4, (1, 0))", ValueError, "rank mismatch"),
        ("local_tile(Layout((256, 128), (1, 256)), (128, 128, 8), (1, 2, None), (1, None))", ValueError, "the projection (1, None) has 2 modes"),
        ("local_tile(Layout((256, 128), (1, 256)), Layout((128, 128, 8)), (1, 2, None), (1, None, 1))", ValueError, "divides as a whole"),
        ("local_partition(Layout((16, 16)), Layout((4, 4)), 3, (1, None, 1))", ValueError, "the projection (1, None, 1) has 3 modes"),
        // an integer tiler has no modes to project, even by ()
        ("local_tile(Layout((8, 5)), 4, (), ())", ValueError, "what it selects from has none"),
        ("local_tile(Layout((8*N, 5)), N, (), ())", ValueError, "what it selects from has none"),
        ("local_tile(Layout((8*N, 4)), (8, 2), 1, (1, 1))", ValueError, "rank mismatch"),
        ("local_tile(Layout((K, N), (1, K)), (64, 8), (0,), (1, None, 1))", ValueError, "the projection (1, None, 1) has 3 modes"),
        // thread layouts take non-negative integer strides
        ("local_partition(Layout(8), Layout(2, -1), 0)", ValueError, "local_partition: thread layout 2:-1 has the stride -1"),
        ("local_partition(Layout(8), Layout(2, E(0)), 0)", ValueError, "stride 1@0"),
        // symbolic tile coordinates the assumptions do not place
        ("local_tile(Layout((K, 64), (1, K)), (64, 8), (bx, by))", ValueError, "local_tile: cannot decide whether bx < floor(K/64)"),
        ("outer_partition(Layout((K, 64), (1, K)), (64, 8), (bx, 0))", ValueError, "cannot decide whether bx < 64"),
        ("local_tile(Layout((K, 64), (1, K)), (64, 8), (K, 0))", IndexError, "outside"),
    ];
    for (src, class, text) in cases {
        let (c, msg) = error(src);
        assert_eq!(c, *class, "{src}: {msg}");
        assert!(msg.contains(text), "{src}: {msg:?} does not say {text:?}");
    }
    // the undecidable coordinate says how index code names a block index
    let (_, msg) = error("local_tile(Layout((K, 64), (1, K)), (64, 8), (bx, by))");
    assert!(msg.contains("leave the coordinate None"), "{msg}");
}

// ---------------------------------------------------------------------------
// A property: the built-ins are the Rust functions on random operands
// ---------------------------------------------------------------------------

/// `(a, b, ...)` with Python's one-element form.
fn tuple(items: &[String]) -> String {
    match items {
        [one] => format!("({one},)"),
        _ => format!("({})", items.join(", ")),
    }
}

/// A layout of 1 to 3 modes, each of 1 or 2 leaves of extents 1 to 8 and
/// strides -8 to 16 (any: not necessarily injective), as text.
fn arb_layout() -> impl Strategy<Value = Vec<Vec<(i64, i64)>>> {
    let mode = prop::collection::vec((1i64..=8, -8i64..=16), 1..=2);
    prop::collection::vec(mode, 1..=3)
}

fn layout_text(modes: &[Vec<(i64, i64)>]) -> String {
    let part = |m: &Vec<(i64, i64)>, f: &dyn Fn(&(i64, i64)) -> i64| match m.as_slice() {
        [one] => f(one).to_string(),
        _ => tuple(&m.iter().map(|l| f(l).to_string()).collect::<Vec<_>>()),
    };
    let shape: Vec<String> = modes.iter().map(|m| part(m, &|l| l.0)).collect();
    let stride: Vec<String> = modes.iter().map(|m| part(m, &|l| l.1)).collect();
    format!("Layout({}, {})", tuple(&shape), tuple(&stride))
}

/// A tile extent for a mode of size `n`: mostly one of its divisors.
fn extent(n: i64, r: u32) -> i64 {
    let ds: Vec<i64> = (1..=n).filter(|d| n % d == 0).collect();
    match r % 8 {
        0 => 1 + (r / 8) as i64 % 6,
        _ => ds[(r / 8) as usize % ds.len()],
    }
}

/// Whether the by-mode extents `tile` (None: the mode whole) divide the
/// modes of sizes `sizes` exactly.
fn divides(tile: &[Option<i64>], sizes: &[i64]) -> bool {
    tile.iter()
        .zip(sizes)
        .all(|(t, n)| t.is_none_or(|e| n % e == 0))
}

/// Checks one call of a built-in against the Rust function: equal layouts
/// where the tiler divides and the function succeeds, a `ValueError`
/// where it does not divide, and an error of the same class where the
/// function fails.
fn agree(name: &str, args: &[String], divides: bool) -> Result<(), TestCaseError> {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let call = format!("{name}({})", args.join(", "));
    let got = eval(&call, &mut Env::new());
    let want = rust_partition(name, &refs);
    match (got, want) {
        (Ok(_), _) if !divides => prop_assert!(false, "{call}: a partial tile, accepted"),
        (Err(e), _) if !divides => {
            prop_assert_eq!(e.class(), ErrorClass::ValueError, "{}: {}", call, e)
        }
        (Ok(Outcome::Value(Value::Layout(l))), Ok((_, w))) => prop_assert_eq!(*l, w, "{}", call),
        (Err(e), Err(w)) => prop_assert_eq!(e.class(), w.class(), "{}: {} against {}", call, e, w),
        (got, want) => prop_assert!(false, "{call}: {got:?} against {want:?}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(0x9a_7717),
        ..ProptestConfig::with_cases(256)
    })]

    #[test]
    fn prop_partitions_are_the_rust_functions(
        modes in arb_layout(),
        r in prop::collection::vec(any::<u32>(), 16),
    ) {
        let a = layout_text(&modes);
        let sizes: Vec<i64> = modes.iter().map(|m| m.iter().map(|l| l.0).product()).collect();
        let rank = sizes.len();
        let mut r = r.into_iter().cycle();
        let mut next = move || r.next().unwrap_or(0);
        // a by-mode tiler over the first modes, None now and then
        let k = 1 + next() as usize % rank;
        let tile: Vec<Option<i64>> = (0..k)
            .map(|i| (next() % 6 != 0).then(|| extent(sizes[i], next())))
            .collect();
        let tiler = tuple(&tile.iter().map(|t| t.map_or("None".into(), |e| e.to_string())).collect::<Vec<_>>());
        // a coordinate: each entry in or just past its mode, or None
        let crd = |n: &mut dyn FnMut() -> u32, bounds: &[i64]| {
            tuple(&bounds.iter().map(|&b| match n() % 5 {
                0 => "None".to_string(),
                _ => (n() as i64 % (b + 1)).to_string(),
            }).collect::<Vec<_>>())
        };
        let ok = divides(&tile, &sizes);
        let rests: Vec<i64> = tile.iter().zip(&sizes).map(|(t, n)| t.map_or(*n, |e| (n + e - 1) / e)).collect();
        let tiles: Vec<i64> = tile.iter().map(|t| t.unwrap_or(1)).collect();
        for name in ["local_tile", "inner_partition"] {
            let c = crd(&mut next, &rests);
            agree(name, &[a.clone(), tiler.clone(), c], ok)?;
        }
        let c = crd(&mut next, &tiles);
        agree("outer_partition", &[a.clone(), tiler.clone(), c], ok)?;
        // an integral coordinate
        let c = (next() % 8).to_string();
        agree("local_tile", &[a.clone(), tiler.clone(), c], ok)?;
        // threads: a compact layout of one extent per mode, column- or
        // row-major, and one of its threads (or one past them)
        let th: Vec<i64> = (0..k).map(|i| extent(sizes[i], next())).collect();
        let n: i64 = th.iter().product();
        let threads = if next() % 2 == 0 {
            format!("Layout({})", tuple(&th.iter().map(i64::to_string).collect::<Vec<_>>()))
        } else {
            let mut stride = vec![1i64; k];
            for i in (0..k.saturating_sub(1)).rev() {
                stride[i] = stride[i + 1] * th[i + 1];
            }
            format!(
                "Layout({}, {})",
                tuple(&th.iter().map(i64::to_string).collect::<Vec<_>>()),
                tuple(&stride.iter().map(i64::to_string).collect::<Vec<_>>())
            )
        };
        let index = next() as i64 % (n + 1);
        let ths: Vec<Option<i64>> = th.iter().map(|&e| Some(e)).collect();
        let call = [a.clone(), threads.clone(), index.to_string()];
        if index < n {
            agree("local_partition", &call, divides(&ths, &sizes))?;
        } else {
            let e = eval(&format!("local_partition({})", call.join(", ")), &mut Env::new());
            prop_assert!(matches!(&e, Err(e) if e.class() == ErrorClass::IndexError), "{:?}: {:?}", call, e);
        }
    }
}
