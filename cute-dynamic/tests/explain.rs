//! Traces and predicates through the public API: the README's examples
//! explained, their text and JSON, the refusals, and the predicates
//! against the operations on a fixed table of cases.

use cute_dynamic::algebra::explain::{
    explain, explain_coalesce, explain_complement, explain_composition, explain_logical_divide,
    Arg, StepKind, Trace, OPERATIONS,
};
use cute_dynamic::algebra::{complement, composition, is_admissible, is_tractable, logical_divide};
use cute_dynamic::layout::Tiler;
use cute_dynamic::{tile, Layout};

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

/// The lines of a trace's text, the rule's statement (line 2) left out.
fn lines(t: &Trace) -> Vec<String> {
    t.to_string()
        .lines()
        .enumerate()
        .filter(|(i, _)| *i != 1)
        .map(|(_, x)| x.to_string())
        .collect()
}

#[test]
fn explain_readme_composition_text() {
    let a: Layout = "Layout((6, 2), (8, 2))".parse().unwrap();
    let b = l("(4, 3):(3, 1)");
    let t = explain_composition(&a, &b);
    assert_eq!(t.result, composition(&a, &b));
    let got = lines(&t);
    assert_eq!(
        got[0],
        "composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))"
    );
    assert_eq!(got.last().unwrap(), "  = ((2, 2), 3):((24, 2), 8)");
    // which mode of B meets which mode of A, with the conditions' numbers
    for want in [
        "  leaf 0 of B, 4:3",
        "    mode 0 of A, 6:8: the leaf's 4 points at stride 3 reach past it: 3 < 6 <= (4 - 1) * 3",
        "    stride divisibility: 3 divides the extent 6 [holds]",
        "    shape divisibility: the extent 6 holds 6 / 3 = 2 of B's steps, and 2 divides the 4 points B needs [holds]",
        "    -> 2:24: 2 points of mode 0 of A, its stride 8 times 3",
        "  leaf 1 of B, 3:1",
        "    carry check: in mode 0 of A (extent 6), the leaves composed so far reach coordinate 5, below 6 [holds]",
    ] {
        assert!(got.iter().any(|x| x == want), "{want}\n{t}");
    }
}

#[test]
fn explain_refusal_names_the_condition() {
    let a = l("(6, 2):(8, 2)");
    let t = explain_composition(&a, l("(4, 3):(5, 1)"));
    let failed: Vec<_> = t.steps.iter().filter(|s| s.holds == Some(false)).collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0].value("condition"), Some("stride divisibility"));
    assert_eq!(failed[0].value("stride"), Some("5"));
    assert_eq!(failed[0].value("extent"), Some("6"));
    let last = t.steps.last().unwrap();
    assert_eq!(last.kind, StepKind::Refused);
    assert_eq!(last.value("class"), Some("ValueError"));
    assert!(last.value("message").unwrap().contains("the leaf 4:5 of B"));
    assert!(!is_admissible(&a, l("(4, 3):(5, 1)")));
}

#[test]
fn explain_readme_algebra() {
    let c = explain_complement(&l("4:2"));
    assert_eq!(c.result, complement(&l("4:2")));
    assert_eq!(c.result.as_ref().unwrap().to_string(), "(2, 1):(1, 8)");
    let m = l("(128, 64):(1, 128)");
    let d = explain_logical_divide(&m, tile!(8, 8));
    assert_eq!(d.result, logical_divide(&m, tile!(8, 8)));
    let co = explain_coalesce(&l("(2, (1, 6)):(1, (6, 2))"));
    assert_eq!(co.result.as_ref().unwrap().to_string(), "12:1");
    assert!(co.steps.iter().any(|s| s.kind == StepKind::Merge));
}

#[test]
fn explain_json_for_a_web_page() {
    let t = explain_composition(&l("(6, 2):(8, 2)"), l("(4, 3):(3, 1)"));
    let j = t.to_json();
    assert!(j.starts_with("{\"op\":\"composition\",\"call\":\"composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))\",\"operands\":[\"Layout((6, 2), (8, 2))\",\"Layout((4, 3), (3, 1))\"],\"steps\":[{\"kind\":\"rule\""), "{j}");
    assert!(j.contains("{\"kind\":\"check\",\"depth\":1,\"text\":\"stride divisibility: 3 divides the extent 6\",\"holds\":true,\"values\":{\"condition\":\"stride divisibility\",\"stride\":\"3\",\"extent\":\"6\"}}"), "{j}");
    assert!(j.ends_with("\"result\":{\"layout\":\"((2, 2), 3):((24, 2), 8)\",\"repr\":\"Layout(((2, 2), 3), ((24, 2), 8))\"}}"), "{j}");
    let e = explain_composition(&l("(6, 2):(8, 2)"), l("4:2")).to_json();
    assert!(e.contains("\"result\":{\"error\":{\"class\":\"ValueError\",\"message\":\"composition: divisibility condition violated"), "{e}");
}

#[test]
fn explain_every_operation_by_name() {
    let a = Arg::Layout(l("(4, 8):(1, 4)"));
    for op in OPERATIONS {
        let args = match *op {
            "blocked_product" | "raked_product" => vec![a.clone(), Arg::Layout(l("(2, 2):(1, 2)"))],
            "complement" | "coalesce" | "right_inverse" | "left_inverse" => vec![a.clone()],
            _ => vec![a.clone(), Arg::Tiler(Tiler::Int(4))],
        };
        let t = explain(op, &args).unwrap();
        assert!(t.result.is_ok(), "{t}");
        assert!(t
            .to_string()
            .starts_with(&format!("{op}(Layout((4, 8), (1, 4))")));
    }
}

#[test]
fn predicates_agree_with_the_operations() {
    // (A, B, composition succeeds)
    for (a, b) in [
        ("(6, 2):(8, 2)", "(4, 3):(3, 1)"),
        ("(6, 2):(8, 2)", "(4, 3):(5, 1)"),
        ("(6, 2):(8, 2)", "4:2"),
        ("(4, 3):(1, 5)", "(2, 2):(1, 3)"),
        ("20:2", "(5, 4):(4, 1)"),
        ("(8, 6):(6, 1)", "16:3"),
        ("(4, 8):(8, 1)", "(2, 8):(16, 1)"),
        ("(3, 4):(1, 3)", "2:-1"),
        ("(3, 4):(1, 3)", "4:-3"),
    ] {
        let (a, b) = (l(a), l(b));
        assert_eq!(
            is_admissible(&a, &b),
            composition(&a, &b).is_ok(),
            "{a} o {b}"
        );
    }
    for (a, tractable) in [
        ("(4, 8):(1, 4)", true),
        ("(2, 4):(12, 1)", true),
        ("(3, 5):(0, 2)", true),
        ("(4, 3):(3, 2)", false),
        ("(2, 3):(1, 3)", false),
        ("(2, 2):(1, 6)", true),
        ("(2, 2):(1, 5)", false),
        ("(2, 2):(1, 4)", true),
        ("(4, 4):(1@0, 1@1)", true),
        ("(4, 4):(1@0, 2@0)", false),
    ] {
        let a = l(a);
        assert_eq!(is_tractable(&a), tractable, "{a}");
    }
}
