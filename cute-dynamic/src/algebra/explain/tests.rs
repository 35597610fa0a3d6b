//! Tests of the traces: the README's examples, refusals that name the
//! failing condition with its numbers, and properties (a trace's result is
//! the operation's, errors included; the steps a trace tells are the
//! rules' own decisions, ending where the operation ends and making the
//! modes the operation makes; the predicates agree with the operations).

use cute_core::kernel::coalesce::Ones;
use cute_core::{Error, Operand};
use proptest::prelude::*;

use super::operations::COMPOSITION_RULE;
use super::*;
use crate::algebra::testkit as kit;
use crate::algebra::{
    blocked_product, coalesce as coalesce_fn, complement as complement_fn, complement_to,
    composition, is_admissible, is_tractable, left_inverse, logical_divide, logical_product,
    raked_product, right_inverse, zipped_divide, zipped_divide as zipped_divide_fn,
};
use crate::layout::make_layout;
use crate::tile;
use crate::typedefs::Scalar;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

/// The steps of A o B told, with the outcome of the telling.
fn told_composition(a: &Layout, b: &Tiler) -> (Result<()>, Recorder<i64>) {
    let mut rec = Recorder::new();
    let r = compose::whole(a.view(), b.as_ref(), &mut rec);
    (r, rec)
}

/// The failing checks of a trace: `(condition, values)`.
fn failed(t: &Trace) -> Vec<&Step> {
    t.steps
        .iter()
        .filter(|s| s.kind == StepKind::Check && s.holds == Some(false))
        .collect()
}

/// A small JSON checker: true iff `s` is one JSON value and nothing else.
fn is_json(s: &str) -> bool {
    fn ws(b: &[u8], i: &mut usize) {
        while *i < b.len() && b[*i].is_ascii_whitespace() {
            *i += 1;
        }
    }
    fn string(b: &[u8], i: &mut usize) -> bool {
        if b.get(*i) != Some(&b'"') {
            return false;
        }
        *i += 1;
        while *i < b.len() {
            match b[*i] {
                b'"' => {
                    *i += 1;
                    return true;
                }
                b'\\' => *i += 2,
                c if c < 0x20 => return false,
                _ => *i += 1,
            }
        }
        false
    }
    fn value(b: &[u8], i: &mut usize) -> bool {
        ws(b, i);
        let ok = match b.get(*i) {
            Some(b'{') => {
                *i += 1;
                ws(b, i);
                if b.get(*i) == Some(&b'}') {
                    *i += 1;
                    return true;
                }
                loop {
                    ws(b, i);
                    if !string(b, i) {
                        return false;
                    }
                    ws(b, i);
                    if b.get(*i) != Some(&b':') {
                        return false;
                    }
                    *i += 1;
                    if !value(b, i) {
                        return false;
                    }
                    ws(b, i);
                    match b.get(*i) {
                        Some(b',') => *i += 1,
                        Some(b'}') => {
                            *i += 1;
                            break true;
                        }
                        _ => return false,
                    }
                }
            }
            Some(b'[') => {
                *i += 1;
                ws(b, i);
                if b.get(*i) == Some(&b']') {
                    *i += 1;
                    return true;
                }
                loop {
                    if !value(b, i) {
                        return false;
                    }
                    ws(b, i);
                    match b.get(*i) {
                        Some(b',') => *i += 1,
                        Some(b']') => {
                            *i += 1;
                            break true;
                        }
                        _ => return false,
                    }
                }
            }
            Some(b'"') => string(b, i),
            Some(_) => {
                let start = *i;
                while *i < b.len() && (b[*i].is_ascii_alphanumeric() || b[*i] == b'-') {
                    *i += 1;
                }
                let w = &b[start..*i];
                w == b"true" || w == b"false" || w == b"null" || w.iter().all(u8::is_ascii_digit)
            }
            None => false,
        };
        ws(b, i);
        ok
    }
    let b = s.as_bytes();
    let mut i = 0;
    value(b, &mut i) && i == b.len()
}

// ---- the README's examples -------------------------------------------------

#[test]
fn explain_readme_composition() {
    let a: Layout = "Layout((6, 2), (8, 2))".parse().unwrap();
    let b = l("(4, 3):(3, 1)");
    let t = explain_composition(&a, &b);
    let text = t.to_string();
    let want = "\
composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))
  the walk reads A's flat modes, (6, 2):(8, 2), as they are: they are coalesced already
  leaf 0 of B, 4:3
    mode 0 of A, 6:8: the leaf's 4 points at stride 3 reach past it: 3 < 6 <= (4 - 1) * 3
    stride divisibility: 3 divides the extent 6 [holds]
    shape divisibility: the extent 6 holds 6 / 3 = 2 of B's steps, and 2 divides the 4 points B needs [holds]
    -> 2:24: 2 points of mode 0 of A, its stride 8 times 3
    carry check: in mode 0 of A (extent 6), the leaves composed so far reach coordinate 3, below 6 [holds]
    mode 1 of A, 2:2, is A's last: it takes the rest of the leaf, 2 points at stride 1 (past its extent if need be: A's last mode extends it)
    -> 2:2: 2 points of mode 1 of A, its stride 2 times 1
  leaf 1 of B, 3:1
    mode 0 of A, 6:8: the leaf's 3 points at stride 1 lie within it: (3 - 1) * 1 < 6
    -> 3:8: 3 points of mode 0 of A, its stride 8 times 1
    carry check: in mode 0 of A (extent 6), the leaves composed so far reach coordinate 5, below 6 [holds]
  = ((2, 2), 3):((24, 2), 8)";
    // (the rule's statement, on the second line, aside)
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1].trim_start(), COMPOSITION_RULE);
    let rest: Vec<&str> = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 1)
        .map(|(_, x)| *x)
        .collect();
    assert_eq!(rest.join("\n"), want, "{text}");
    assert_eq!(t.result, composition(&a, &b));
    assert_eq!(t.steps.last().unwrap().kind, StepKind::Result);
    assert_eq!(
        t.steps.last().unwrap().value("layout"),
        Some("((2, 2), 3):((24, 2), 8)")
    );
}

#[test]
fn explain_readme_examples() {
    let c = explain_complement(&l("4:2"));
    assert_eq!(c.result.as_ref().unwrap().to_string(), "(2, 1):(1, 8)");
    assert!(
        c.to_string().contains(
            "the gap up to its stride 2 holds 2 / 1 = 2 copies of them: the complement's mode 2:1"
        ),
        "{c}"
    );
    assert!(
        c.to_string()
            .contains("the free complement ends with the mode 1:8"),
        "{c}"
    );
    let m = l("(128, 64):(1, 128)");
    let d = explain_logical_divide(&m, tile!(8, 8));
    assert_eq!(d.result, logical_divide(&m, tile!(8, 8)));
    assert_eq!(
        d.result.as_ref().unwrap().to_string(),
        "((8, 16), (8, 8)):((1, 8), (128, 1024))"
    );
    let text = d.to_string();
    assert!(
        text.contains("mode 0 of A, 128:1, with mode 0 of B, 8"),
        "{text}"
    );
    assert!(text.contains("B* = complement(B, 64) = 8:8"), "{text}");
    let z = explain_zipped_divide(&m, (8, 8));
    assert_eq!(
        z.result.as_ref().unwrap().to_string(),
        "((8, 8), (16, 8)):((1, 128), (8, 1024))"
    );
    assert_eq!(z.result, zipped_divide_fn(&m, (8, 8)));
    let p = explain_logical_product(&l("(2, 2):(4, 1)"), 6);
    assert_eq!(
        p.result.as_ref().unwrap().to_string(),
        "((2, 2), (2, 3)):((4, 1), (2, 8))"
    );
    let r = explain_raked_product(&l("(2, 5):(5, 1)"), &l("(3, 4):(1, 3)"));
    assert_eq!(
        r.result.as_ref().unwrap().to_string(),
        "((3, 2), (4, 5)):((10, 5), (30, 1))"
    );
    assert!(r
        .to_string()
        .contains("regrouped: mode i of the result is ((A* o B)_i, A_i)"));
    let i = explain_right_inverse(&l("(4, 8):(1, 5)"));
    assert_eq!(i.result.as_ref().unwrap().to_string(), "4:1");
    assert!(
        i.to_string()
            .contains("its stride 5 leaves a gap after the 4 offsets covered"),
        "{i}"
    );
    let li = explain_left_inverse(&l("(4, 8):(1, 5)"));
    assert_eq!(li.result.as_ref().unwrap().to_string(), "(5, 8):(1, 4)");
    let co = explain_coalesce(&l("(2, 1, 6, 1):(1, 7, 8, 0)"));
    assert_eq!(co.result.as_ref().unwrap().to_string(), "(2, 6):(1, 8)");
    let text = co.to_string();
    assert!(
        text.contains(
            "mode 2, 6:8, does not continue 2:1 (8 is not 2 * 1): 2:1 is a mode of the result"
        ),
        "{text}"
    );
    assert!(
        text.contains("mode 3, of extent 1, ends the layout: dropped"),
        "{text}"
    );
}

// ---- refusals --------------------------------------------------------------

#[test]
fn explain_stride_refusal_names_the_leaf_and_the_numbers() {
    let a = l("(6, 2):(8, 2)");
    let b = l("(4, 3):(5, 1)");
    let t = explain_composition(&a, &b);
    let f = failed(&t);
    assert_eq!(f.len(), 1, "{t}");
    assert_eq!(f[0].value("condition"), Some("stride divisibility"));
    assert_eq!(
        (f[0].value("stride"), f[0].value("extent")),
        (Some("5"), Some("6"))
    );
    // the leaf is the part the failing check belongs to
    let at = t.steps.iter().position(|s| core::ptr::eq(s, f[0])).unwrap();
    let leaf = t.steps[..at]
        .iter()
        .rev()
        .find(|s| s.kind == StepKind::Begin)
        .unwrap();
    assert_eq!(leaf.text, "leaf 0 of B, 4:5");
    // and the error says the same, with the same numbers
    let e = t.result.as_ref().unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("the leaf 4:5 of B")
            && msg.contains("5 and 6 do not divide one another (stride divisibility"),
        "{msg}"
    );
    assert!(
        matches!(
            e,
            Error::Divisibility {
                lhs: Operand::Int(5),
                rhs: Operand::Int(6),
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(t.steps.last().unwrap().kind, StepKind::Refused);
    assert!(t
        .to_string()
        .lines()
        .last()
        .unwrap()
        .starts_with("  refused: ValueError: composition: divisibility condition violated"));
}

#[test]
fn explain_shape_and_carry_refusals() {
    let t = explain_composition(&l("(6, 2):(8, 2)"), l("4:2"));
    let f = failed(&t);
    assert_eq!(f.len(), 1, "{t}");
    assert_eq!(f[0].value("condition"), Some("shape divisibility"));
    assert_eq!(
        (f[0].value("held"), f[0].value("needed")),
        (Some("3"), Some("4"))
    );
    assert!(matches!(
        t.result,
        Err(Error::Divisibility {
            lhs: Operand::Int(3),
            rhs: Operand::Int(4),
            ..
        })
    ));
    // (4, 3):(1, 5) o (2, 2):(1, 3): the leaves reach 1 and 3 in A's mode
    // of extent 4, together 4
    let t = explain_composition(&l("(4, 3):(1, 5)"), l("(2, 2):(1, 3)"));
    let f = failed(&t);
    assert_eq!(f.len(), 1, "{t}");
    assert_eq!(f[0].value("condition"), Some("carry check"));
    assert_eq!(
        (f[0].value("reach"), f[0].value("extent")),
        (Some("4"), Some("4"))
    );
    assert!(
        matches!(
            t.result,
            Err(Error::Divisibility {
                lhs: Operand::Int(4),
                rhs: Operand::Int(4),
                ..
            })
        ),
        "{:?}",
        t.result
    );
    // overlapping strides have no complement
    let t = explain_complement(&l("(4, 3):(3, 2)"));
    let f = failed(&t);
    assert_eq!(f[0].value("condition"), Some("injectivity"));
    assert_eq!(
        (f[0].value("stride"), f[0].value("covered")),
        (Some("3"), Some("6"))
    );
    assert!(
        t.to_string()
            .contains("the mode 4:3 overlaps the 6 offsets"),
        "{t}"
    );
    // a divide whose rest fails, named B*
    let t = explain_logical_divide(&l("(6, 4):(4, 1)"), l("4:1"));
    assert!(t.to_string().contains("leaf 0 of B*, 8:4"), "{t}");
    assert_eq!(failed(&t)[0].value("stride"), Some("4"));
}

#[test]
fn explain_by_name_and_limits() {
    let a = Arg::Layout(l("(4, 8):(1, 4)"));
    for op in OPERATIONS {
        let b = match *op {
            "blocked_product" | "raked_product" => Some(Arg::Layout(l("(2, 2):(1, 2)"))),
            "complement" | "coalesce" | "right_inverse" | "left_inverse" => None,
            _ => Some(Arg::Tiler(Tiler::Int(2))),
        };
        let args: Vec<Arg> = core::iter::once(a.clone()).chain(b).collect();
        let t = explain(op, &args).unwrap();
        assert_eq!(t.op, *op);
        assert!(t.result.is_ok(), "{t}");
        assert!(is_json(&t.to_json()), "{}", t.to_json());
    }
    assert!(explain("complement", &[a.clone(), Arg::Shape(HTuple::Leaf(64))]).is_ok());
    assert_eq!(
        explain("nullspace", core::slice::from_ref(&a))
            .unwrap_err()
            .class(),
        cute_core::ErrorClass::ValueError
    );
    assert_eq!(
        explain("blocked_product", &[a.clone(), Arg::Tiler(Tiler::Int(2))])
            .unwrap_err()
            .class(),
        cute_core::ErrorClass::TypeError
    );
    // an operand too large to follow: the result, and a note
    let big =
        Layout::from_modes((0..80).map(|i| (1 + (i % 2), Scalar::Int(1 << (i % 40))))).unwrap();
    let t = explain_coalesce(&big);
    assert_eq!(t.result, coalesce_fn(&big));
    assert_eq!(t.steps.len(), 3, "{t}");
    assert_eq!(t.steps[1].kind, StepKind::Note);
}

#[test]
fn explain_symbolic_layouts() {
    use crate::htuple::HTuple;
    use cute_core::sym::{Assumptions, Sym};
    let m = Sym::symbol_with("M", Assumptions::positive().multiple_of(8).unwrap()).unwrap();
    let ints = |v: [Sym; 2]| HTuple::from_leaves(v.map(Scalar::Int));
    let a = Layout::new(
        HTuple::from_leaves([m.clone(), Sym::from(4)]),
        ints([Sym::from(1), (&m * 2).unwrap()]),
    )
    .unwrap();
    let b: Layout<Sym> = Layout::new(
        HTuple::from_leaves([Sym::from(8), Sym::from(4)]),
        ints([Sym::from(1), m.clone()]),
    )
    .unwrap();
    let t = explain_composition(&a, &b);
    assert_eq!(t.result, composition(&a, &b));
    assert!(t.result.is_ok(), "{t}");
    assert!(t.to_string().contains("stride divisibility"), "{t}");
    let c = explain_complement(&a);
    assert_eq!(c.result, complement_fn(&a));
}

// ---- properties ------------------------------------------------------------

/// A tiler for a mode or a whole layout: an integer, a layout, `None`, or
/// a tuple of those.
fn tiler() -> BoxedStrategy<Tiler> {
    let one = prop_oneof![
        3 => (1_i64..10).prop_map(Tiler::Int),
        3 => kit::layout().prop_map(Tiler::Layout),
        1 => Just(Tiler::None),
    ];
    prop_oneof![
        3 => one.clone(),
        1 => prop::collection::vec(one, 1..3).prop_map(Tiler::Tuple),
    ]
    .boxed()
}

/// What the steps tell of A o B against composition itself: they end in
/// a refusal exactly when composition refuses, a divisibility refusal at
/// a failing check with the error's numbers, and otherwise make the modes
/// composition makes.
fn check_told_composition(a: &Layout, b: &Tiler) -> core::result::Result<(), TestCaseError> {
    let real = composition(a, b);
    let (told, rec) = told_composition(a, b);
    prop_assert_eq!(
        told.is_ok(),
        real.is_ok(),
        "{:?} o {:?}: told {:?}, composition {:?}",
        a,
        b,
        told,
        real
    );
    prop_assert_eq!(is_admissible(a, b), real.is_ok(), "{:?} o {:?}", a, b);
    let t = explain_composition(a, b);
    prop_assert_eq!(&t.result, &real);
    match &real {
        Ok(r) => {
            if !matches!(b, Tiler::Tuple(_) | Tiler::None) {
                prop_assert_eq!(&rec.modes[..], r.leaves(), "{:?} o {:?}", a, b);
            }
            prop_assert!(failed(&t).is_empty(), "{}", t);
        }
        Err(Error::Divisibility { lhs, rhs, .. }) => {
            let f = failed(&t);
            prop_assert!(!f.is_empty(), "{}", t);
            let (x, y) = (lhs.to_string(), rhs.to_string());
            prop_assert!(
                f.iter().any(|s| s.values.iter().any(|(_, v)| *v == x)
                    && s.values.iter().any(|(_, v)| *v == y)),
                "{} / {:?}",
                t,
                real
            );
        }
        Err(_) => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A trace's result is the operation's, errors included, for every
    /// operation explained.
    #[test]
    fn prop_explain_result_is_the_operation(a in kit::layout(), b in kit::layout(), e in 1_i64..40) {
        prop_assert_eq!(explain_composition(&a, &b).result, composition(&a, &b));
        prop_assert_eq!(explain_complement(&a).result, complement_fn(&a));
        prop_assert_eq!(explain_complement_to(&a, e).result, complement_to(&a, e));
        prop_assert_eq!(explain_coalesce(&a).result, coalesce_fn(&a));
        prop_assert_eq!(explain_right_inverse(&a).result, right_inverse(&a));
        prop_assert_eq!(explain_left_inverse(&a).result, left_inverse(&a));
        prop_assert_eq!(explain_logical_divide(&a, &b).result, logical_divide(&a, &b));
        prop_assert_eq!(explain_zipped_divide(&a, (e, b.clone())).result, zipped_divide(&a, (e, b.clone())));
        prop_assert_eq!(explain_logical_product(&a, &b).result, logical_product(&a, &b));
        prop_assert_eq!(explain_blocked_product(&a, &b).result, blocked_product(&a, &b));
        prop_assert_eq!(explain_raked_product(&a, &b).result, raked_product(&a, &b));
        let t = explain_composition(&a, &b);
        prop_assert!(is_json(&t.to_json()));
        let last = t.steps.last().unwrap().kind;
        prop_assert_eq!(last, if t.result.is_ok() { StepKind::Result } else { StepKind::Refused });
    }

    /// Composition told, on pairs that mostly compose (powers of two) and
    /// pairs that mostly do not (any strides).
    #[test]
    fn prop_explain_composition_told(a in kit::pow2_layout(), b in kit::pow2_layout(), c in kit::layout(), d in kit::layout()) {
        check_told_composition(&a, &Tiler::Layout(b))?;
        check_told_composition(&c, &Tiler::Layout(d))?;
    }

    /// Composition told with tilers of every kind, and bad operands.
    #[test]
    fn prop_explain_composition_tilers(a in kit::layout(), t in tiler(), w in kit::wild_layout(), x in kit::wild_layout()) {
        check_told_composition(&a, &t)?;
        check_told_composition(&w, &Tiler::Layout(x))?;
    }

    /// The coalescer told makes the modes coalesce makes.
    #[test]
    fn prop_explain_coalesce_told(a in kit::layout(), w in kit::wild_layout()) {
        for x in [a, w] {
            let mut rec = Recorder::new();
            let told = super::coalesce::narrate("coalesce", x.leaves(), Ones::KeepAlone, &mut rec);
            let real = coalesce_fn(&x);
            prop_assert_eq!(told.is_ok(), real.is_ok());
            if let (Ok(t), Ok(r)) = (told, real) {
                prop_assert_eq!(&t[..], r.leaves());
            }
        }
    }

    /// The complement, the inverses, the divides and the products told:
    /// their steps end in a refusal exactly when the operation refuses.
    #[test]
    fn prop_explain_chains_told(a in kit::int_layout(), b in kit::layout(), e in 1_i64..60) {
        let free = crate::algebra::complement::Cotarget::Free;
        let mut rec = Recorder::new();
        prop_assert_eq!(super::complement::narrate(a.view(), free, &mut rec).is_ok(), complement_fn(&a).is_ok());
        let mut rec = Recorder::new();
        let one = crate::algebra::complement::Cotarget::One(&e);
        prop_assert_eq!(super::complement::narrate(a.view(), one, &mut rec).is_ok(), complement_to(&a, e).is_ok());
        // a coordinate codomain, each axis on its own, as a divide by a
        // tuple promotes it
        let promoted = crate::layout::tiler_to_layout(&Tiler::Tuple(vec![Tiler::Int(e % 5 + 1), Tiler::Layout(b.clone())])).unwrap();
        let shape = HTuple::from_leaves([e % 7 + 1, 3 * e]);
        let mut rec = Recorder::new();
        let to = crate::algebra::complement::Cotarget::Shape(&shape);
        prop_assert_eq!(super::complement::narrate(promoted.view(), to, &mut rec).is_ok(), complement_to(&promoted, shape.clone()).is_ok(), "{:?} to {}", promoted, shape);
        let mut rec = Recorder::new();
        prop_assert_eq!(super::complement::narrate(promoted.view(), free, &mut rec).is_ok(), complement_fn(&promoted).is_ok(), "{:?}", promoted);
        let mut rec = Recorder::new();
        prop_assert_eq!(super::inverse::right(&a, &mut rec).is_ok(), right_inverse(&a).is_ok());
        if let Ok(r) = right_inverse(&a) {
            let last = rec.steps.last().unwrap();
            let want = r.to_string();
            prop_assert_eq!(last.value("layout"), Some(want.as_str()));
        }
        let mut rec = Recorder::new();
        prop_assert_eq!(super::inverse::left(&a, &mut rec).is_ok(), left_inverse(&a).is_ok(), "{:?}", a);
        let t = Tiler::Layout(b.clone());
        let mut rec = Recorder::new();
        prop_assert_eq!(super::tiling::logical_divide(a.view(), t.as_ref(), &mut rec).is_ok(), logical_divide(&a, &b).is_ok(), "{:?} / {:?}", a, b);
        let z = Tiler::Tuple(vec![Tiler::Int(e % 7 + 1), Tiler::Layout(b.clone())]);
        let mut rec = Recorder::new();
        prop_assert_eq!(super::tiling::zipped_divide(a.view(), z.as_ref(), &mut rec).is_ok(), zipped_divide_fn(&a, &z).is_ok(), "{:?} / {:?}", a, z);
        let mut rec = Recorder::new();
        prop_assert_eq!(super::tiling::logical_product(a.view(), t.as_ref(), &mut rec).is_ok(), logical_product(&a, &b).is_ok(), "{:?} x {:?}", a, b);
        let mut rec = Recorder::new();
        prop_assert_eq!(super::tiling::zipped_product("blocked_product", &a, &b, true, &mut rec).is_ok(), blocked_product(&a, &b).is_ok());
    }

    /// `is_admissible` agrees with composition on admissible pairs (A
    /// tractable with power-of-two extents, B of powers of two within A's
    /// size), inadmissible ones (strides that divide nothing) and any.
    #[test]
    fn prop_is_admissible_agrees(
        a in kit::chained_layout(true),
        b in kit::pow2_layout(),
        s in 2_i64..9,
        d in 1_i64..30,
        c in kit::layout(),
        t in tiler(),
    ) {
        let compact = kit::compact_of(&b);
        for (x, y) in [
            (a.clone(), Tiler::Layout(compact)),
            (a.clone(), Tiler::Layout(b.clone())),
            (l("(6, 10):(1, 6)"), Tiler::Layout(Layout::leaf(s, Scalar::Int(d)))),
            (c.clone(), Tiler::Layout(Layout::leaf(s, Scalar::Int(d)))),
            (c, t),
        ] {
            prop_assert_eq!(is_admissible(&x, &y), composition(&x, &y).is_ok(), "{:?} o {:?}", x, y);
        }
    }

    /// `is_tractable` agrees with the complement tiling: the complement
    /// succeeds and A's modes of nonzero stride beside it walk 0..N once
    /// (checked offset by offset); and the sorted strides form a
    /// divisible chain (checked directly, as the definition says).
    #[test]
    fn prop_is_tractable_agrees(a in kit::layout(), b in kit::int_layout(), c in kit::chained_layout(false)) {
        for x in [a, b, c.clone()] {
            let tiles = match complement_fn(&x) {
                Err(_) => false,
                Ok(comp) => {
                    let nz: Vec<Layout> = x.leaves().iter().filter(|(_, d)| !d.is_zero()).map(|m| Layout::leaf(m.0, m.1.clone())).collect();
                    let both = make_layout(&[make_layout(&nz), comp]);
                    let n = kit::size(&both);
                    let mut seen: Vec<i64> = (0..n).map(|i| kit::at(&both, i)).collect();
                    seen.sort_unstable();
                    seen == (0..n).collect::<Vec<_>>()
                }
            };
            // the divisible chain, directly: sorted by stride, each stride a
            // multiple of the extent covered before it
            let mut modes: Vec<(i64, i64)> = x.leaves().iter().filter_map(|(s, d)| match d {
                Scalar::Int(d) if *d != 0 && *s != 1 => Some((*d, *s)),
                _ => None,
            }).collect();
            modes.sort_unstable();
            let mut cur = 1_i64;
            let mut chain = x.leaves().iter().all(|(s, d)| *s >= 1 && matches!(d, Scalar::Int(k) if *k >= 0));
            for (d, s) in modes {
                chain &= d % cur == 0;
                cur = d * s;
            }
            prop_assert_eq!(is_tractable(&x), tiles, "{:?}", x);
            prop_assert_eq!(is_tractable(&x), chain, "{:?}", x);
        }
        prop_assert!(is_tractable(&c));
    }
}
