//! Unit tests of the regroupings and the zip: the notation of CuTe C++'s
//! prints, agreement with CuTe C++, `None` entries, unpacking, errors.

use super::*;
use crate::algebra::zipped_divide;
use crate::htuple::HTuple;
use crate::layout::{Layout, Tiler};
use crate::tile;
use crate::typedefs::Scalar;
use cute_core::{Error, ErrorClass, Result, Sym};

fn lay(s: &str) -> Layout {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// A print of CuTe C++ (`((_2),_4):((_4),1)`: `_N` static, every
/// parenthesis a tuple) in the notation of the specification
/// (`((2,), 4):((4,), 1)`).
fn from_cute(s: &str) -> String {
    fn tree(b: &[u8], i: &mut usize, out: &mut String) {
        if b[*i] == b'(' {
            *i += 1;
            out.push('(');
            let mut n = 0;
            loop {
                if n > 0 {
                    out.push_str(", ");
                }
                tree(b, i, out);
                n += 1;
                if b[*i] == b',' {
                    *i += 1;
                } else {
                    break;
                }
            }
            assert_eq!(b[*i], b')');
            *i += 1;
            if n == 1 {
                out.push(',');
            }
            out.push(')');
            return;
        }
        if b[*i] == b'_' {
            *i += 1;
        }
        while *i < b.len() && (b[*i] == b'-' || b[*i].is_ascii_digit()) {
            out.push(b[*i] as char);
            *i += 1;
        }
    }
    let (b, mut i, mut out) = (s.as_bytes(), 0, String::new());
    tree(b, &mut i, &mut out);
    assert_eq!(b[i], b':');
    i += 1;
    out.push(':');
    tree(b, &mut i, &mut out);
    assert_eq!(i, b.len(), "{s}");
    out
}

/// A tiler in the test's notation: a layout `s:d`, an integer, `_` for
/// `None`, or a tuple of these (`(2, (_, 3:1))`).
fn tiler(s: &str) -> Tiler {
    fn item(b: &[u8], i: &mut usize) -> Tiler {
        while b[*i] == b' ' {
            *i += 1;
        }
        let start = *i;
        if b[*i] == b'_' {
            *i += 1;
            return Tiler::None;
        }
        if b[*i] == b'(' {
            // a tuple of tilers, unless a layout's shape follows
            let mut depth = 0;
            let mut j = *i;
            loop {
                match b[j] {
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            let after = b[j + 1..].iter().find(|c| **c != b' ');
            if after != Some(&b':') {
                *i += 1;
                let mut v = Vec::new();
                loop {
                    while b[*i] == b' ' {
                        *i += 1;
                    }
                    if b[*i] == b')' {
                        *i += 1;
                        return Tiler::Tuple(v);
                    }
                    v.push(item(b, i));
                    while b[*i] == b' ' {
                        *i += 1;
                    }
                    if b[*i] == b',' {
                        *i += 1;
                    }
                }
            }
        }
        // a layout or an integer: up to the next `,` or `)` at depth 0
        let mut depth = 0;
        while *i < b.len() {
            match b[*i] {
                b'(' => depth += 1,
                b')' if depth == 0 => break,
                b')' => depth -= 1,
                b',' if depth == 0 => break,
                _ => {}
            }
            *i += 1;
        }
        let text = std::str::from_utf8(&b[start..*i]).unwrap().trim();
        if text.contains(':') {
            Tiler::Layout(lay(text))
        } else {
            Tiler::Int(text.parse().unwrap())
        }
    }
    let mut i = 0;
    let t = item(s.as_bytes(), &mut i);
    assert_eq!(i, s.len(), "{s}");
    t
}

#[test]
fn test_tiler_notation() {
    assert_eq!(tiler("8"), Tiler::Int(8));
    assert_eq!(tiler("4:2"), Tiler::Layout(lay("4:2")));
    assert_eq!(
        tiler("(2, (_, (3, 2):(1, 3)), 1:0)"),
        Tiler::Tuple(vec![
            Tiler::Int(2),
            Tiler::Tuple(vec![Tiler::None, Tiler::Layout(lay("(3, 2):(1, 3)"))]),
            Tiler::Layout(lay("1:0")),
        ])
    );
    assert_eq!(tiler("(2)"), Tiler::Tuple(vec![Tiler::Int(2)]));
    assert_eq!(from_cute("((_2),_4):((_4),-1)"), "((2,), 4):((4,), -1)");
}

/// CuTe C++'s prints (nvidia-cutlass 4.2.0.0, compiled and run on the
/// host) of the regroupings of layouts whose leaves are all static.
const CUTE_CPP: &[(&str, &str, &str, &str)] = &[
    ("tiled_divide", "16:3", "(2)", "((_2),(_8)):((_3),(_6))"),
    (
        "flat_divide",
        "(8, 16, 8):(1, 8, 128)",
        "(2:4)",
        "((_2),_4,_16,_8):((_4),_1,_8,_128)",
    ),
    (
        "tiled_divide",
        "(128, 128):(1, 128)",
        "(8, 8)",
        "((_8,_8),_16,_16):((_1,_128),_8,_1024)",
    ),
    (
        "flat_divide",
        "(128, 128):(1, 128)",
        "(8, 8)",
        "(_8,_8,_16,_16):(_1,_128,_8,_1024)",
    ),
    ("tiled_divide", "24:1", "4:2", "(_4,_2,_3):(_2,_1,_8)"),
    ("flat_divide", "24:1", "4:2", "(_4,_2,_3):(_2,_1,_8)"),
    (
        "tiled_divide",
        "(9, 32):(1, 9)",
        "(3:3, (2, 4):(1, 8))",
        "((_3,(_2,_4)),_3,_4):((_3,(_9,_72)),_1,_18)",
    ),
    (
        "flat_divide",
        "(8, (4, 6)):(1, (8, 32))",
        "(2, (2, 3))",
        "(_2,(_2,_3),_4,(_2,_2)):(_1,(_8,_32),_2,(_16,_96))",
    ),
    // from tests/data/cute_cpp_mixed.tsv, the prints with every leaf static
    (
        "tiled_divide",
        "((3, 1, 10),):((1, 3, 3),)",
        "(2)",
        "((_2),(_15)):((_1),(_2))",
    ),
    (
        "tiled_divide",
        "(4, (16, 8)):(3, (12, 192))",
        "(2, (4, 2))",
        "((_2,(_4,_2)),_2,(_4,_4)):((_3,(_12,_192)),_6,(_48,_384))",
    ),
    (
        "flat_divide",
        "(16, 2, 5):(1, 16, 32)",
        "(2, 1:1, 1)",
        "(_2,_1,_1,_8,_2,_5):(_1,_16,_0,_2,_16,_32)",
    ),
    (
        "flat_divide",
        "(1, (2, 2)):(2, (2, 1))",
        "(1, (4, 1):(1, 8))",
        "(_1,((_2,_2),_1),_1,_1):(_0,((_2,_1),_4),_0,_0)",
    ),
    (
        "flat_divide",
        "((9, 1, 2),):((1, 9, 9),)",
        "(18:1)",
        "((_18),(_1)):((_1),(_0))",
    ),
    (
        "zipped_product",
        "(2, 5):(5, 1)",
        "(3:1, 4:1)",
        "((_2,_5),(_3,_4)):((_5,_1),(_1,_5))",
    ),
    (
        "tiled_product",
        "(2, 5):(5, 1)",
        "(3:1, 4:1)",
        "((_2,_5),_3,_4):((_5,_1),_1,_5)",
    ),
    (
        "flat_product",
        "(2, 5):(5, 1)",
        "(3:1, 4:1)",
        "(_2,_5,_3,_4):(_5,_1,_1,_5)",
    ),
    (
        "tiled_product",
        "(2, 5):(5, 1)",
        "(3, 4):(1, 3)",
        "((_2,_5),_3,_4):((_5,_1),_10,_30)",
    ),
    (
        "flat_product",
        "(2, 5):(5, 1)",
        "(3, 4):(1, 3)",
        "(_2,_5,_3,_4):(_5,_1,_10,_30)",
    ),
    (
        "zipped_product",
        "(2, (5, 3)):(1, (2, 10))",
        "(3, (2, 2))",
        "((_2,(_5,_3)),(_3,(_2,_2))):((_1,(_2,_10)),(_2,(_1,_1)))",
    ),
    (
        "flat_product",
        "(2, (5, 3)):(1, (2, 10))",
        "(3, (2, 2))",
        "(_2,(_5,_3),_3,(_2,_2)):(_1,(_2,_10),_2,(_1,_1))",
    ),
    (
        "zipped_product",
        "(2, 3):(1, 2)",
        "(4)",
        "((_2),(_4,_3)):((_1),(_2,_2))",
    ),
    (
        "tiled_product",
        "(2, 3):(1, 2)",
        "(4)",
        "((_2),_4,_3):((_1),_2,_2)",
    ),
    (
        "flat_product",
        "(2, 3):(1, 2)",
        "(4)",
        "((_2),_4,_3):((_1),_2,_2)",
    ),
    ("tiled_product", "3:1", "(4)", "((_3),(_4)):((_1),(_3))"),
    (
        "flat_product",
        "((3,),):((1,),)",
        "(4)",
        "(((_3)),(_4)):(((_1)),(_3))",
    ),
    // from tests/data/cute_cpp_mixed.tsv, the prints with every leaf static
    ("zipped_product", "8:1", "(1)", "((_8),(_1)):((_1),(_0))"),
    (
        "zipped_product",
        "(2, 5):(4, 16)",
        "((2, 1):(1, 4), 1)",
        "((_2,_5),((_2,_1),_1)):((_4,_16),((_1,_4),_0))",
    ),
    (
        "zipped_product",
        "(1, 2, 4):(24, 1, 2)",
        "(9:1, 2:1, 8)",
        "((_1,_2,_4),(_9,_2,(_2,_4))):((_24,_1,_2),(_1,_2,(_1,_8)))",
    ),
    (
        "zipped_product",
        "(4, 8):(8, 1)",
        "(16:1, 3:1)",
        "((_4,_8),((_8,_2),_3)):((_8,_1),((_1,_32),_8))",
    ),
    (
        "zipped_product",
        "((1, 2),):((1, 1),)",
        "(1)",
        "(((_1,_2)),(_1)):(((_1,_1)),(_0))",
    ),
];

fn call(op: &str, a: &Layout, t: &Tiler) -> Result<Layout> {
    match op {
        "tiled_divide" => tiled_divide(a, t),
        "flat_divide" => flat_divide(a, t),
        "zipped_product" => zipped_product(a, t),
        "tiled_product" => tiled_product(a, t),
        "flat_product" => flat_product(a, t),
        other => panic!("{other}"),
    }
}

/// `r` and `c` have the same shape and nesting, and the same stride at
/// every leaf of extent other than 1: CuTe C++ gives a static leaf of
/// extent 1 the stride 0, where the specification keeps the stride the
/// operation computed (such a leaf is never stepped on).
fn same_but_unit_strides(r: &Layout, c: &Layout) -> bool {
    r.shape() == c.shape()
        && r.leaves()
            .iter()
            .zip(c.leaves())
            .all(|((s, d), (_, e))| *s == 1 || d == e)
}

#[test]
fn test_agrees_with_cute_cpp() {
    let mut bad = Vec::new();
    for &(op, a, t, cute) in CUTE_CPP {
        // (a tiler `(x)` is the tuple of one entry, CuTe C++'s
        // make_tile(x))
        let t = tiler(t);
        match call(op, &lay(a), &t) {
            Ok(r) if same_but_unit_strides(&r, &lay(&from_cute(cute))) => {}
            Ok(r) => bad.push(format!("{op}({a}, {t:?}): {r}, CuTe C++ {cute}")),
            Err(e) => bad.push(format!("{op}({a}, {t:?}): {e}, CuTe C++ {cute}")),
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn test_keep_entries() {
    // a divide's None entry: no tile (1:0), the mode is the rest
    let a = lay("(4, (3, 2)):(1, (4, 12))");
    assert_eq!(
        tiled_divide(&a, (Tiler::None, 3)).unwrap(),
        lay("((1, 3), 4, 2):((0, 4), 1, 12)")
    );
    assert_eq!(
        flat_divide(&a, (Tiler::None, 3)).unwrap(),
        lay("(1, 3, 4, 2):(0, 4, 1, 12)")
    );
    // a product's None entry: the mode is the tile, no copies (1:0)
    assert_eq!(
        tiled_product(&a, (2, Tiler::None)).unwrap(),
        lay("((4, (3, 2)), 2, 1):((1, (4, 12)), 4, 0)")
    );
    assert_eq!(
        flat_product(&a, (2, Tiler::None)).unwrap(),
        lay("(4, (3, 2), 2, 1):(1, (4, 12), 4, 0)")
    );
    // a nested None
    assert_eq!(
        zipped_product(&a, (Tiler::None, tile!(Tiler::None, 2))).unwrap(),
        lay("((4, (3, 2)), (1, (1, 2))):((1, (4, 12)), (0, (0, 1)))")
    );
    // a tiler of None leaves A as it is: the regroupings need a pair
    assert_eq!(
        tiled_divide(&lay("(4, 6):(1, 4)"), Tiler::None).unwrap(),
        lay("(4, 6):(1, 4)")
    );
    assert_eq!(
        tiled_divide(&a.get(&[1]).unwrap(), Tiler::None).unwrap(),
        lay("(3, 2):(4, 12)")
    );
    let e = flat_product(&lay("(2, 3, 4):(1, 2, 6)"), Tiler::None).unwrap_err();
    assert!(
        matches!(
            e,
            Error::RankMismatch {
                op: "flat_product",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(zipped_product(&a, Tiler::None).unwrap(), a);
}

#[test]
fn test_unpacking() {
    // parts of one mode stay one mode; of two or more, are unpacked
    let a = lay("(8, 6):(1, 8)");
    assert_eq!(
        tiled_divide(&a, (2,)).unwrap(),
        lay("((2,), 4, 6):((1,), 2, 8)")
    );
    assert_eq!(
        flat_divide(&a, (2,)).unwrap(),
        lay("((2,), 4, 6):((1,), 2, 8)")
    );
    assert_eq!(
        flat_divide(&lay("8:1"), (2,)).unwrap(),
        lay("((2,), (4,)):((1,), (2,))")
    );
    // a layout tiler: the logical divide, its tile and rest unpacked
    // where they have two modes or more
    assert_eq!(
        flat_divide(&lay("(8, 6):(1, 8)"), lay("4:1")).unwrap(),
        lay("(4, 12):(1, 4)")
    );
    assert_eq!(
        tiled_divide(&lay("(8, 6):(1, 8)"), lay("(2, 2):(1, 4)")).unwrap(),
        lay("((2, 2), 2, 6):((1, 4), 2, 8)")
    );
    assert_eq!(
        flat_divide(&lay("(8, 6):(1, 8)"), lay("(2, 2):(1, 4)")).unwrap(),
        lay("(2, 2, 2, 6):(1, 4, 2, 8)")
    );
    // nested parts are unpacked at the top only
    assert_eq!(
        flat_divide(&lay("(8, (4, 6)):(1, (8, 32))"), tile!(2, (2, 3))).unwrap(),
        lay("(2, (2, 3), 4, (2, 2)):(1, (8, 32), 2, (16, 96))")
    );
}

#[test]
fn test_errors() {
    let a = lay("(4, 3):(3, 1)");
    // the errors of the divide or product, under the regrouping's name
    for (op, e) in [
        ("tiled_divide", tiled_divide(&a, 3).unwrap_err()),
        ("flat_divide", flat_divide(&a, 3).unwrap_err()),
    ] {
        assert!(matches!(e, Error::Divisibility { .. }), "{e}");
        assert_eq!(e.op(), op);
        let z = zipped_divide(&a, 3).unwrap_err().to_string();
        assert_eq!(e.to_string(), z.replacen("zipped_divide", op, 1));
    }
    // (mode 0 of A overlaps itself: it has no complement)
    let overlapping = lay("((2, 2), 3):((1, 1), 4)");
    for (op, e) in [
        (
            "zipped_product",
            zipped_product(&overlapping, (2, 2)).unwrap_err(),
        ),
        ("tiled_product", tiled_product(&overlapping, 2).unwrap_err()),
        (
            "flat_product",
            flat_product(&overlapping, (2,)).unwrap_err(),
        ),
    ] {
        assert!(matches!(e, Error::NotInjective { .. }), "{e}");
        assert_eq!(e.op(), op);
    }
    // a tiler longer than A
    let e = tiled_divide(&a, (2, 3, 4)).unwrap_err();
    assert_eq!(
        (e.class(), e.op()),
        (ErrorClass::ValueError, "tiled_divide"),
        "{e}"
    );
    let e = zipped_product(&a, (2, 3, 4)).unwrap_err();
    assert!(
        matches!(
            e,
            Error::RankMismatch {
                op: "zipped_product",
                ..
            }
        ),
        "{e}"
    );
    // a mode that names nothing
    for e in [
        tiled_divide_at(&a, 2, &[2]).unwrap_err(),
        flat_divide_at(&a, 2, &[0, 1]).unwrap_err(),
        zipped_product_at(&a, 2, &[3]).unwrap_err(),
        tiled_product_at(&a, 2, &[2]).unwrap_err(),
        flat_product_at(&a, 2, &[2]).unwrap_err(),
    ] {
        assert_eq!(e.class(), ErrorClass::IndexError, "{e}");
    }
    assert_eq!(
        tiled_divide_identity(Tiler::<i64>::None, &[])
            .unwrap_err()
            .class(),
        ErrorClass::TypeError
    );
    // zip2_by: a mode that is not a pair, a guide longer than its mode
    let e = zip2_by(&lay("((2, 3), 5):((1, 2), 6)"), (1, 1), KeepIn::Tile).unwrap_err();
    assert_eq!(
        e.to_string(),
        "zip2_by: rank mismatch: mode 1 (Layout(5, 6)) is not a pair, which its guide \
         entry (a layout or an integer) splits into its two parts"
    );
    let e = zip2_by(
        &lay("((2, 3), 5):((1, 2), 6)"),
        tile!((1, 1, 1)),
        KeepIn::Rest,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "zip2_by: rank mismatch: a guide of 3 entries for mode 0 (Layout((2, 3), (1, 2))), \
         which has 2 modes"
    );
    assert!(zip2_by(&lay("(2, 3, 4):(1, 2, 6)"), 2, KeepIn::Tile).is_err());
    assert!(zip2_by(&lay("(2, 3, 4):(1, 2, 6)"), (1, 1, 1, 1), KeepIn::Tile).is_err());
}

#[test]
fn test_zip2_by_guides() {
    let p = lay("((2, 3), 5):((1, 2), 6)");
    // a guide that is not a tuple: the pair as it is, or kept whole
    assert_eq!(zip2_by(&p, lay("4:1"), KeepIn::Tile).unwrap(), p);
    assert_eq!(
        zip2_by(&p, Tiler::None, KeepIn::Tile).unwrap(),
        lay("(((2, 3), 5), 1):(((1, 2), 6), 0)")
    );
    assert_eq!(
        zip2_by(&p, Tiler::None, KeepIn::Rest).unwrap(),
        lay("(1, ((2, 3), 5)):(0, ((1, 2), 6))")
    );
    // the empty guide: every mode goes to the second part
    assert_eq!(
        zip2_by(&p, Tiler::Tuple(vec![]), KeepIn::Tile).unwrap(),
        lay("((), ((2, 3), 5)):((), ((1, 2), 6))")
    );
    // a leaf is the 1-tuple it denotes
    assert_eq!(
        zip2_by(&lay("6:1"), (Tiler::None,), KeepIn::Rest).unwrap(),
        lay("((1,), (6,)):((0,), (1,))")
    );
}

#[test]
fn test_mode_and_identity_forms() {
    let a = lay("(3, (8, 6)):(1, (3, 24))");
    assert_eq!(
        tiled_divide_at(&a, (2, 3), &[1]).unwrap(),
        lay("(3, ((2, 3), 4, 2)):(1, ((3, 24), 6, 72))")
    );
    assert_eq!(
        flat_divide_at(&a, (2, 3), &[1]).unwrap(),
        lay("(3, (2, 3, 4, 2)):(1, (3, 24, 6, 72))")
    );
    assert_eq!(
        tiled_product_at(&a, 2, &[1, 0]).unwrap(),
        lay("(3, ((8, 2), 6)):(1, ((3, 1), 24))")
    );
    // a leaf is the 1-tuple it denotes
    assert_eq!(
        tiled_divide_at(&lay("12:1"), (4,), &[0]).unwrap(),
        lay("(((4,), (3,)),):(((1,), (4,)),)")
    );
    // the identity: the others modes are 1:0
    let r: Layout = tiled_divide_identity((2, 3), &[1]).unwrap();
    assert_eq!(
        r.to_string(),
        "(1, ((2, 3), 1, 1)):(0, ((1@0, 1@1), 2@0, 3@1))"
    );
    let r: Layout = flat_divide_identity(lay("4:2"), &[]).unwrap();
    assert_eq!(r.to_string(), "(4, 2, 1):(2, 1, 8)");
    // the methods
    assert_eq!(
        a.tiled_divide((3, 2)).unwrap(),
        tiled_divide(&a, (3, 2)).unwrap()
    );
    assert_eq!(
        a.flat_divide((3, 2)).unwrap(),
        flat_divide(&a, (3, 2)).unwrap()
    );
    assert_eq!(
        a.zipped_product((3, 2)).unwrap(),
        zipped_product(&a, (3, 2)).unwrap()
    );
    assert_eq!(
        a.tiled_product((3, 2)).unwrap(),
        tiled_product(&a, (3, 2)).unwrap()
    );
    assert_eq!(
        a.flat_product((3, 2)).unwrap(),
        flat_product(&a, (3, 2)).unwrap()
    );
}

#[test]
fn test_through_a_tensor() {
    use crate::tensor::{identity_tensor, make_tensor};
    let t = identity_tensor(&"(8, 6)".parse().unwrap()).unwrap();
    let d = t.flat_divide((4, 3)).unwrap();
    assert_eq!(d.layout().to_string(), "(4, 3, 2, 2):(1@0, 1@1, 4@0, 3@1)");
    let c = "(3, 2, 1, 1)".parse().unwrap();
    assert_eq!(d.get(&c).unwrap().to_string(), "(7, 5)");
    // a divide that reaches outside the storage is refused
    let m = make_tensor::<f32>(&lay("(8, 6):(1, 8)")).unwrap();
    assert!(m.tiled_divide((16, 3)).is_err());
}

#[test]
fn test_symbolic() {
    let (m, n) = (Sym::symbol("M").unwrap(), Sym::symbol("N").unwrap());
    let ints = |v: [Sym; 2]| HTuple::from_leaves(v.map(Scalar::Int));
    let a = Layout::new(
        HTuple::from_leaves([m.clone(), n.clone()]),
        ints([Sym::from(1), m.clone()]),
    )
    .unwrap();
    assert_eq!(
        tiled_divide(&a, (128, 64)).unwrap().to_string(),
        "((128, 64), floor(M/128 + 127/128), floor(N/64 + 63/64)):((1, M), 128, 64*M)"
    );
    assert_eq!(
        flat_divide(&a, (128, 64)).unwrap().to_string(),
        "(128, 64, floor(M/128 + 127/128), floor(N/64 + 63/64)):(1, M, 128, 64*M)"
    );
    assert_eq!(
        flat_product(&a, (2,)).unwrap().to_string(),
        "((M,), 2, N):((1,), M, M)"
    );
    // the complement of N:M, whose copies mode 1 holds, starts with
    // the gap 1 to M if M > 1, which the symbol's assumptions leave open
    let e = flat_product(&a, (2, 2)).unwrap_err();
    assert_eq!(e.to_string(), "flat_product: cannot decide whether M > 1");
}
