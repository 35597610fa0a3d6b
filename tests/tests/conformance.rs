//! The conformance cases (`data/conformance.tsv`): each expression, run
//! through the expression evaluator, must give exactly the repr the
//! specification's reference implementation printed (`ok <repr>`), or an
//! error of the class it raised (`err <Class>`).

use std::collections::BTreeMap;

use cute_expr::eval_expr;

#[test]
fn conformance_cases() {
    let data = include_str!("../data/conformance.tsv");
    // family -> (cases, passed)
    let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (n, line) in data.lines().enumerate() {
        let cols: Vec<&str> = line.splitn(3, '\t').collect();
        let [tag, expr, expected] = cols[..] else {
            panic!("line {}: malformed: {line:?}", n + 1);
        };
        let got = match eval_expr(expr) {
            Ok(v) => format!("ok {v}"),
            Err(e) => format!("err {}", e.class()),
        };
        let entry = counts.entry(tag).or_default();
        entry.0 += 1;
        if got == expected {
            entry.1 += 1;
        } else {
            let detail = match eval_expr(expr) {
                Err(e) => format!(" ({e})"),
                Ok(_) => String::new(),
            };
            failures.push(format!(
                "{}: [{tag}] {expr}\n    want {expected}\n    got  {got}{detail}",
                n + 1
            ));
        }
    }
    let (total, passed) = counts
        .values()
        .fold((0, 0), |(t, p), (c, q)| (t + c, p + q));
    println!("conformance: {passed} of {total} cases pass");
    for (tag, (c, p)) in &counts {
        println!("  {tag:<24} {p:>4} / {c}");
    }
    assert!(
        failures.is_empty(),
        "{} of {total} conformance cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
