//! Fuzzing of the layout algebra through the expression evaluator: random
//! lines of the specification's language, each answered once, without a
//! panic, in time, and every layout meeting its operation's
//! post-conditions (see `fuzz_common`).

mod fuzz_common;

use std::time::Duration;

use cute_dynamic::htuple::HTuple;
use cute_dynamic::layout::Layout;
use cute_dynamic::Scalar;
use fuzz_common::check::{check, Case, Seen};
use fuzz_common::draw::{
    layout, layout_arg, layout_text, mode_text, tiler, tiler_text, tuple_text, Kind, Rng, HUGE,
};
use fuzz_common::{answer_once, cases, evaluate, seed};

/// One line: an algebra call (the operation, its mode, its arguments).
struct Line {
    op: &'static str,
    mode: String,
    args: Vec<String>,
}

impl Line {
    fn text(&self) -> String {
        format!("{}{}({})", self.op, self.mode, self.args.join(", "))
    }
}

/// An index: small, negative, or huge.
fn index_text(r: &mut Rng) -> String {
    match r.below(10) {
        0..=5 => r.below(4).to_string(),
        6 => r.below(40).to_string(),
        7 => (-(1 + r.below(4) as i64)).to_string(),
        _ => r.pick(&HUGE).to_string(),
    }
}

/// A layout to partition and a tiler: mostly a literal layout and a
/// by-mode tiler of divisors of its modes' sizes (`None` now and then),
/// else any layout argument and any tiler.
fn partitioned(r: &mut Rng) -> (String, String) {
    if r.pct(25) {
        return (layout_arg(r, 1), tiler_text(&tiler(r, 2)));
    }
    let wild = r.pct(10);
    let l = layout(r, Kind::Int, wild);
    let sizes: Vec<i64> = l.modes().map(|m| m.size().unwrap_or(0)).collect();
    let k = 1 + r.below(sizes.len() as u64) as usize;
    let entries: Vec<String> = sizes[..k.min(sizes.len())]
        .iter()
        .map(|&n| {
            let divisors: Vec<i64> = (1..=n.clamp(1, 64)).filter(|d| n % d == 0).collect();
            match r.below(10) {
                0 => "None".to_string(),
                1 => (1 + r.below(8)).to_string(),
                _ => r.pick(&divisors).to_string(),
            }
        })
        .collect();
    let t = match entries.as_slice() {
        [one] => format!("({one},)"),
        _ => format!("({})", entries.join(", ")),
    };
    (layout_text(&l), t)
}

/// A partition's coordinate (or projection): an index, or a tuple, nested
/// now and then, of indices and `None`.
fn coord_text(r: &mut Rng) -> String {
    fn entry(r: &mut Rng, depth: u32) -> String {
        match r.below(10) {
            0..=2 => "None".into(),
            3 if depth > 0 => coord_text_at(r, depth - 1),
            _ => index_text(r),
        }
    }
    fn coord_text_at(r: &mut Rng, depth: u32) -> String {
        let n = r.below(4) as usize;
        let items: Vec<String> = (0..n).map(|_| entry(r, depth)).collect();
        match items.as_slice() {
            [one] => format!("({one},)"),
            _ => format!("({})", items.join(", ")),
        }
    }
    if r.pct(20) {
        index_text(r)
    } else {
        coord_text_at(r, 1)
    }
}

fn line(r: &mut Rng) -> Line {
    let a = layout_arg(r, 2);
    let t = tiler_text(&tiler(r, 2));
    let shape = |r: &mut Rng| {
        let wild = r.pct(20);
        tuple_text(&layout(r, Kind::Int, wild).shape(), &|x: &i64| {
            x.to_string()
        })
    };
    let (op, args): (&'static str, Vec<String>) = match r.below(30) {
        0 => ("coalesce", vec![a]),
        1 => ("coalesce", vec![a, t]),
        2 => ("coalesce_z", vec![a]),
        3 | 4 => ("composition", vec![a, layout_arg(r, 1)]),
        5 => ("composition", vec![a, t]),
        6 => ("composition", vec!["None".into(), t]),
        7 => ("complement", vec![a]),
        8 => ("complement", vec![a, shape(r)]),
        9 => ("right_inverse", vec![a]),
        10 => ("left_inverse", vec![a]),
        11 => ("logical_divide", vec![a, layout_arg(r, 1)]),
        12 => ("logical_divide", vec![a, t]),
        13 => ("logical_divide", vec!["None".into(), t]),
        14 => ("zipped_divide", vec![a, t]),
        15 => ("logical_product", vec![a, layout_arg(r, 1)]),
        16 => ("logical_product", vec![a, t]),
        17 => ("blocked_product", vec![a, layout_arg(r, 1)]),
        18 => ("raked_product", vec![a, layout_arg(r, 1)]),
        19 => ("layout_add", vec![a.clone(), layout_arg(r, 1)]),
        20 => ("nullspace", vec![a]),
        21 => ("greatest_common_domain", vec![shape(r), shape(r)]),
        22 => ("make_layout_like", vec![a]),
        23 => (
            "idx2crd",
            vec![(r.next() as i64 >> r.below(64)).to_string(), shape(r)],
        ),
        24 => ("crd2idx", vec![shape(r), shape(r)]),
        25 | 26 => {
            let (a, t) = partitioned(r);
            let op = r.pick(&["local_tile", "inner_partition", "outer_partition"]);
            let mut args = vec![a, t, coord_text(r)];
            if op == "local_tile" && r.pct(20) {
                args.push(coord_text(r));
            }
            (op, args)
        }
        27 | 28 => {
            let (a, t) = partitioned(r);
            // a thread layout of the tiler's extents (a shape, or its
            // column-major layout), or any layout
            let threads = match r.below(10) {
                0..=3 if t.starts_with('(') => t.replace("None", "1"),
                4..=6 if t.starts_with('(') => format!("Layout({})", t.replace("None", "1")),
                _ => layout_arg(r, 0),
            };
            let mut args = vec![a, threads, index_text(r)];
            if r.pct(20) {
                args.push(coord_text(r));
            }
            ("local_partition", args)
        }
        _ => (
            "recast",
            vec![a, r.pick(&[1, 2, 4, 8, 3, 0, -2]).to_string()],
        ),
    };
    let mode = match op {
        "coalesce" | "coalesce_z" | "composition" | "logical_divide" | "zipped_divide"
        | "logical_product" => mode_text(r),
        _ => String::new(),
    };
    Line { op, mode, args }
}

#[test]
fn fuzz_expressions() {
    let seed = seed();
    let mut rng = Rng(seed);
    let cases = cases(6000);
    let (mut lines, mut ok, mut slowest) = (0u64, 0u64, Duration::ZERO);
    let mut slowest_line = String::new();
    let mut seen = Seen::default();
    let mut failures = Vec::new();
    while lines < cases && failures.len() < 10 {
        let l = line(&mut rng);
        let text = l.text();
        lines += 1;
        let fail = |why: String| format!("seed {seed}, line {lines}: {text}\n    {why}");
        let slow = (&mut slowest, &mut slowest_line);
        let Some(answer) = answer_once(&text, evaluate, slow, &fail, &mut failures) else {
            continue;
        };
        let Ok(repr) = answer else { continue };
        ok += 1;
        // idx2crd and crd2idx undo each other in bounds
        if l.op == "idx2crd" {
            if let (Ok(i), Ok(Ok(n))) = (
                l.args[0].parse::<i64>(),
                evaluate(&format!("size({})", l.args[1])).map(|v| v.parse::<i64>()),
            ) {
                if (0..n).contains(&i) {
                    let back = evaluate(&format!("crd2idx({repr}, {})", l.args[1]));
                    if back.as_deref().ok() != Some(i.to_string().as_str()) {
                        failures.push(fail(format!("= {repr}, and crd2idx gives back {back:?}")));
                    }
                }
            }
            continue;
        }
        // the operands, as layouts where they are (a shape as its compact
        // layout)
        let arg = |k: usize| -> Option<Layout> {
            let v = evaluate(l.args.get(k)?).ok()?;
            if v.starts_with("Layout(") {
                v.parse().ok()
            } else {
                Layout::compact(v.parse().ok()?).ok()
            }
        };
        let Ok(r) = repr.parse::<Layout>() else {
            continue;
        };
        let second = l.args.get(1).map(String::as_str);
        let (b, tuple_b) = match second {
            Some(s) if l.op != "greatest_common_domain" && (s.starts_with('(') || s == "None") => {
                (None, true)
            }
            Some(s) => match s.parse::<i64>() {
                Ok(n) => (
                    Layout::new(HTuple::Leaf(n), HTuple::Leaf(Scalar::Int(1))).ok(),
                    false,
                ),
                Err(_) => (arg(1), false),
            },
            None => (None, false),
        };
        let case = Case {
            op: l.op,
            mode: !l.mode.is_empty(),
            a: if l.args[0] == "None" { None } else { arg(0) },
            b,
            tuple_b,
            r,
        };
        if let Err(why) = check(&case, &mut seen) {
            failures.push(fail(format!("{} = {repr}: {why}", l.op)));
        }
    }
    println!(
        "fuzz_expressions: seed {seed}: {lines} lines, {ok} answered with a value, {} checked against their post-conditions, slowest {slowest:?}: {slowest_line}",
        seen.checked
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
