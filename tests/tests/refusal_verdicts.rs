//! The run-time verdicts of the refusal cases (`data/refusals.tsv`): each
//! case's call in the specification's language, run through the expression
//! evaluator, must give exactly the verdict the file records, `ok <repr>`
//! or `err <Class> <message>`.
//!
//! The static agreement tests and the refused files were generated from
//! these verdicts, so a case that turns from `ok` to `err` (or back), or an
//! accepted case whose layout changes, means the generated tests no longer
//! test what they say. A reworded message only makes the file stale; the
//! failure says which script run fixes each.

use cute_expr::eval_expr;

/// What `cute batch` writes for an evaluation, as the file records it: the
/// message on one line.
fn verdict(expr: &str) -> String {
    match eval_expr(expr) {
        Ok(v) => format!("ok {v}"),
        Err(e) => {
            let msg: String = e
                .to_string()
                .chars()
                .map(|c| {
                    if matches!(c, '\n' | '\r' | '\t') {
                        ' '
                    } else {
                        c
                    }
                })
                .collect();
            format!("err {} {msg}", e.class())
        }
    }
}

#[test]
fn refusal_cases_keep_their_verdicts() {
    let data = include_str!("../data/refusals.tsv");
    let (mut cases, mut changed, mut reworded) = (0, Vec::new(), Vec::new());
    for (n, line) in data.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let [id, _op, _static_call, spec, _today, expected] = cols[..] else {
            panic!("line {}: malformed: {line:?}", n + 1);
        };
        cases += 1;
        let got = verdict(spec);
        if got == expected {
            continue;
        }
        let kind = |v: &str| v.split(' ').take(2).collect::<Vec<_>>().join(" ");
        let entry = format!("{id}: {spec}\n    file {expected}\n    now  {got}");
        if got.starts_with("err") && kind(&got) == kind(expected) {
            reworded.push(entry);
        } else {
            changed.push(entry);
        }
    }
    assert!(cases > 500, "only {cases} cases read");
    assert!(
        changed.is_empty(),
        "{} of {cases} refusal cases changed verdict (draw them again: \
         python3 scripts/gen_refusal_cases.py):\n{}",
        changed.len(),
        changed.join("\n")
    );
    assert!(
        reworded.is_empty(),
        "{} of {cases} refusal cases have reworded errors (rewrite the column: \
         python3 scripts/gen_refusal_cases.py --refresh-verdicts):\n{}",
        reworded.len(),
        reworded.join("\n")
    );
}
