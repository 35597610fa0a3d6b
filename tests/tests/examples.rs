//! Every example of the specification (`data/examples.tsv`), run through the
//! expression evaluator in order.
//!
//! `stmt` lines bind names for the `check` lines of the same subject that
//! follow; a `check` line must evaluate to `True` (`expr -> Class` is true
//! iff `expr` fails with that class); a `repl` line `input => output` must
//! print `output` (its repr, or `str(X)` for `print(X)`, or the printed
//! lines joined by ` / ` for `print_tensor`; an empty output means a
//! statement or nothing printed; a traceback means the named error class).
//! The environment is reset whenever the subject changes.
//!
//! Every line runs except those that [`SKIPS`] names, each exclusion with
//! its reason: Python machinery, and the tensor and accessor modules. The
//! test prints how many lines ran and how many each exclusion skipped.

use cute_expr::{self as expr, Env, Outcome, Value};

/// What a skipped line is recognised by.
enum Pattern {
    /// The subject starts with this.
    Subject(&'static str),
    /// The text contains this.
    Text(&'static str),
}

/// An exclusion: the lines it matches, and why they do not run.
struct Skip {
    pattern: Pattern,
    reason: &'static str,
}

const TENSORS: &str = "tensor and accessor modules: evaluated once they exist";

/// The lines that do not run through the evaluator.
const SKIPS: &[Skip] = &[
    Skip {
        pattern: Pattern::Subject("tensor."),
        reason: TENSORS,
    },
    Skip {
        pattern: Pattern::Subject("accessor."),
        reason: TENSORS,
    },
    Skip {
        pattern: Pattern::Text("sympy"),
        reason: "Python machinery: sympy symbols (symbolic integers are not implemented)",
    },
    Skip {
        pattern: Pattern::Text("is_int(N)"),
        reason: "Python machinery: sympy symbols (symbolic integers are not implemented)",
    },
    Skip {
        pattern: Pattern::Text("__name__"),
        reason: "Python machinery: function attributes",
    },
];

fn skip_reason(subject: &str, text: &str) -> Option<&'static str> {
    SKIPS
        .iter()
        .find(|s| match s.pattern {
            Pattern::Subject(p) => subject.starts_with(p),
            Pattern::Text(p) => text.contains(p),
        })
        .map(|s| s.reason)
}

/// What a line must give.
enum Expect {
    /// A statement: any success.
    Success,
    /// The value `True`.
    True,
    /// The repr of the value.
    Repr(String),
    /// The printed text of `print(X)` or `print_tensor(X)`, its lines
    /// joined by ` / `.
    Printed(String),
    /// An error of the named class.
    Error(String),
}

fn expectation(kind: &str, text: &str) -> (String, Expect) {
    match kind {
        "stmt" => (text.to_string(), Expect::Success),
        // an import among the checks (`from fractions import Fraction`)
        "check" if text.starts_with("import ") || text.starts_with("from ") => {
            (text.to_string(), Expect::Success)
        }
        "check" => (text.to_string(), Expect::True),
        _ => {
            let (input, output) = match text.split_once(" => ") {
                Some((i, o)) => (i.trim().to_string(), o.trim().to_string()),
                None => (
                    text.trim_end_matches(" =>").trim().to_string(),
                    String::new(),
                ),
            };
            let expect = if output.is_empty() {
                Expect::Success
            } else if output.starts_with("Traceback") {
                let last = output.rsplit(" / ").next().unwrap_or("");
                let class = last.split(':').next().unwrap_or("").trim().to_string();
                Expect::Error(class)
            } else if input.starts_with("print(") || input.starts_with("print_tensor(") {
                Expect::Printed(output)
            } else {
                Expect::Repr(output)
            };
            (input, expect)
        }
    }
}

fn judge(result: cute_expr::Result<Outcome>, expect: &Expect) -> Result<(), String> {
    match (result, expect) {
        (Err(e), Expect::Error(class)) if e.class().name() == class => Ok(()),
        (Err(e), _) => Err(format!("error {}: {e}", e.class())),
        (Ok(_), Expect::Success) => Ok(()),
        (Ok(Outcome::Value(Value::Bool(true))), Expect::True) => Ok(()),
        (Ok(Outcome::Value(v)), Expect::Repr(want)) if v.to_string() == *want => Ok(()),
        (Ok(Outcome::Value(Value::Str(s))), Expect::Printed(want))
            if s.trim_end_matches('\n').replace('\n', " / ") == *want =>
        {
            Ok(())
        }
        (Ok(Outcome::Value(v)), _) => Err(format!("gave {v}")),
        (Ok(Outcome::Statement), _) => Err("a statement, not a value".to_string()),
    }
}

#[test]
fn specification_examples() {
    let data = include_str!("../data/examples.tsv");
    let mut env = Env::new();
    let mut subject = String::new();
    let (mut ran, mut passed) = (0, 0);
    let mut skipped: Vec<(&str, usize)> = Vec::new();
    let mut failures = Vec::new();
    for (n, line) in data.lines().enumerate() {
        let cols: Vec<&str> = line.splitn(4, '\t').collect();
        let [source, subj, kind, text] = cols[..] else {
            panic!("line {}: malformed: {line:?}", n + 1);
        };
        if subj != subject {
            env.clear();
            subject = subj.to_string();
        }
        if let Some(why) = skip_reason(subj, text) {
            match skipped.iter_mut().find(|(r, _)| *r == why) {
                Some((_, k)) => *k += 1,
                None => skipped.push((why, 1)),
            }
            continue;
        }
        let (input, expect) = expectation(kind, text);
        ran += 1;
        match judge(expr::eval(&input, &mut env), &expect) {
            Ok(()) => passed += 1,
            Err(why) => failures.push(format!("{}:{source}/{subj}: {input}  -- {why}", n + 1)),
        }
    }
    let total: usize = skipped.iter().map(|(_, k)| k).sum();
    println!("examples: {ran} ran, {passed} passed, {total} skipped");
    for (why, k) in &skipped {
        println!("  skipped {k:>3}: {why}");
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} examples failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // every line is accounted for, and only the named exclusions are skipped
    assert_eq!(ran + total, data.lines().count());
    assert!(ran >= 460, "only {ran} examples ran");
}
