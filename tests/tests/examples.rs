//! Every example of the specification (`data/examples.tsv`), run through the
//! expression evaluator in order.
//!
//! `stmt` lines bind names for the `check` lines of the same subject that
//! follow; a `check` line must evaluate to `True` (`expr -> Class` is true
//! iff `expr` fails with that class); a `repl` line `input => output` must
//! print `output` (its repr, or `str(X)` for `print(X)`; an empty output
//! means a statement or nothing printed; a traceback means the named error
//! class). The environment is reset whenever the subject changes.
//!
//! The lines that need Python's runtime are skipped, by the patterns of
//! [`SKIP`], each with its reason; those in scope are ordinary Rust tests
//! elsewhere, with the same values.

use cute_expr::{self as expr, Env, Outcome, Value};

/// Subjects (prefixes) skipped as a whole.
const SKIP_SUBJECTS: &[(&str, &str)] = &[
    (
        "accessor.",
        "accessors address memory through ctypes and array: Python's runtime",
    ),
    (
        "tensor.",
        "tensors are not in the scope of the evaluator yet",
    ),
];

/// Text patterns of skipped lines.
const SKIP: &[(&str, &str)] = &[
    (
        "lambda",
        "Python lambdas: the htuple examples are Rust tests calling the API with closures",
    ),
    ("__name__", "Python function attributes have no counterpart"),
    ("sympy", "symbolic integers (sympy) are not implemented"),
    ("is_int(N)", "N is a sympy symbol"),
    (
        "print_tensor",
        "print_tensor prints several lines: checked by the viz module's tests",
    ),
    (
        "from fractions import",
        "a Python import; Fraction is a built-in of the evaluator",
    ),
];

fn skip_reason(subject: &str, text: &str) -> Option<&'static str> {
    SKIP_SUBJECTS
        .iter()
        .find(|(p, _)| subject.starts_with(p))
        .or_else(|| SKIP.iter().find(|(p, _)| text.contains(p)))
        .map(|(_, why)| *why)
}

/// What a line must give.
enum Expect {
    /// A statement: any success.
    Success,
    /// The value `True`.
    True,
    /// The repr of the value.
    Repr(String),
    /// The printed text of `print(X)`.
    Printed(String),
    /// An error of the named class.
    Error(String),
}

fn expectation(kind: &str, text: &str) -> (String, Expect) {
    match kind {
        "stmt" => (text.to_string(), Expect::Success),
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
            } else if input.starts_with("print(") {
                Expect::Printed(output)
            } else {
                Expect::Repr(output)
            };
            (input, expect)
        }
    }
}

fn judge(result: cute_dynamic::Result<Outcome>, expect: &Expect) -> Result<(), String> {
    match (result, expect) {
        (Err(e), Expect::Error(class)) if e.class().name() == class => Ok(()),
        (Err(e), _) => Err(format!("error {}: {e}", e.class())),
        (Ok(_), Expect::Success) => Ok(()),
        (Ok(Outcome::Value(Value::Bool(true))), Expect::True) => Ok(()),
        (Ok(Outcome::Value(v)), Expect::Repr(want)) if v.to_string() == *want => Ok(()),
        (Ok(Outcome::Value(Value::Str(s))), Expect::Printed(want)) if s == *want => Ok(()),
        (Ok(Outcome::Value(v)), _) => Err(format!("gave {v}")),
        (Ok(Outcome::Statement), _) => Err("a statement, not a value".to_string()),
    }
}

#[test]
fn specification_examples() {
    let data = include_str!("../data/examples.tsv");
    let mut env = Env::new();
    let mut subject = String::new();
    let (mut ran, mut passed, mut skipped) = (0, 0, 0);
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
        if skip_reason(subj, text).is_some() {
            skipped += 1;
            continue;
        }
        let (input, expect) = expectation(kind, text);
        ran += 1;
        match judge(expr::eval(&input, &mut env), &expect) {
            Ok(()) => passed += 1,
            Err(why) => failures.push(format!("{}:{source}/{subj}: {input}  -- {why}", n + 1)),
        }
    }
    println!("examples: {ran} ran, {passed} passed, {skipped} skipped");
    for (p, why) in SKIP_SUBJECTS.iter().chain(SKIP) {
        println!("  skipped {p:?}: {why}");
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} examples failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
