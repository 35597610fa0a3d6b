//! Fuzzing of the layout algebra by direct calls of its functions on
//! random layouts: each answers without a panic, in time, an error on one
//! line, and every layout meets its operation's post-conditions (see
//! `fuzz_common`).

mod fuzz_common;

use std::time::Duration;

use cute_dynamic::algebra::{
    blocked_product, coalesce, coalesce_z, complement, composition, greatest_common_domain,
    layout_add, left_inverse, logical_divide, logical_product, nullspace, raked_product,
    right_inverse, zipped_divide,
};
use cute_dynamic::htuple::HTuple;
use cute_dynamic::layout::{Layout, Tiler};
use cute_dynamic::{Error, Scalar};
use fuzz_common::check::{check, Case, Seen};
use fuzz_common::draw::{kind, layout, tiler, tiler_text, Rng};
use fuzz_common::{cases, seed, timed, SLOW};

/// A direct call of the algebra, ready to run.
type ApiCall = Box<dyn FnOnce() -> (Result<Layout, Error>, Option<Case>)>;

/// One direct call of the algebra on random operands, and its description.
fn api_call(rng: &mut Rng) -> (String, ApiCall) {
    let k = kind(rng);
    let wild = rng.pct(10);
    let a = layout(rng, k, wild);
    let kb = kind(rng);
    let b = layout(rng, kb, false);
    let t = tiler(rng, 2);
    let op: &'static str = rng.pick(&[
        "coalesce",
        "coalesce_z",
        "composition",
        "complement",
        "right_inverse",
        "left_inverse",
        "logical_divide",
        "zipped_divide",
        "logical_product",
        "blocked_product",
        "raked_product",
        "layout_add",
        "nullspace",
        "greatest_common_domain",
    ]);
    let tb = if rng.pct(30) {
        t
    } else {
        Tiler::Layout(b.clone())
    };
    let desc = format!("{op}({a:?}, {})", tiler_text(&tb));
    let call = move || {
        let r = match op {
            "coalesce" => coalesce(&a),
            "coalesce_z" => coalesce_z(&a),
            "composition" => composition(&a, &tb),
            "complement" => complement(&a),
            "right_inverse" => right_inverse(&a),
            "left_inverse" => left_inverse(&a),
            "logical_divide" => logical_divide(&a, &tb),
            "zipped_divide" => zipped_divide(&a, &tb),
            "logical_product" => logical_product(&a, &tb),
            "blocked_product" => blocked_product(&a, &b),
            "raked_product" => raked_product(&a, &b),
            "layout_add" => layout_add(&a, &b),
            "nullspace" => nullspace(&a),
            _ => greatest_common_domain(&a.shape(), &b.shape()),
        };
        let (bl, tuple_b) = match (&tb, op) {
            (_, "blocked_product" | "raked_product" | "layout_add") => (Some(b.clone()), false),
            (_, "greatest_common_domain") => (Layout::compact(b.shape()).ok(), false),
            (Tiler::Layout(l), _) => (Some(l.clone()), false),
            (Tiler::Int(n), _) => (
                Layout::new(HTuple::Leaf(*n), HTuple::Leaf(Scalar::Int(1))).ok(),
                false,
            ),
            _ => (None, true),
        };
        let a = if op == "greatest_common_domain" {
            Layout::compact(a.shape().clone()).ok()
        } else {
            Some(a)
        };
        let case = r.as_ref().ok().map(|r| Case {
            op,
            mode: false,
            a,
            b: bl,
            tuple_b,
            r: r.clone(),
        });
        (r, case)
    };
    (desc, Box::new(call))
}

#[test]
fn fuzz_api() {
    let seed = seed() ^ 0xA11_CA11;
    let mut rng = Rng(seed);
    let cases = cases(20000);
    let (mut calls, mut ok, mut slowest) = (0u64, 0u64, Duration::ZERO);
    let mut seen = Seen::default();
    let mut failures = Vec::new();
    while calls < cases && failures.len() < 10 {
        // the generator's state before the call, to draw it again
        let replay = rng.0;
        let (desc, call) = api_call(&mut rng);
        calls += 1;
        let (out, took) = timed(call);
        slowest = slowest.max(took);
        let fail = |why: String| format!("seed {seed}, call {calls}: {desc}\n    {why}");
        let Ok((r, case)) = out else {
            failures.push(fail("panicked".into()));
            continue;
        };
        if took > SLOW {
            // once more, in case the machine was busy: slow twice is slow
            let (_, again) = timed(api_call(&mut Rng(replay)).1);
            if again > SLOW {
                failures.push(fail(format!("took {took:?}, then {again:?}")));
            }
        }
        match r {
            Ok(r) => {
                ok += 1;
                if let Some(case) = case {
                    if let Err(why) = check(&case, &mut seen) {
                        failures.push(fail(format!("= {r:?}: {why}")));
                    }
                }
            }
            Err(e) => {
                if e.to_string().contains('\n') {
                    failures.push(fail(format!("an error of more than one line: {e}")));
                }
            }
        }
    }
    println!(
        "fuzz_api: seed {seed}: {calls} calls, {ok} gave a layout, {} checked against their post-conditions, slowest {slowest:?}",
        seen.checked
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
