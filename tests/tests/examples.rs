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
//! Every line runs except those that [`SKIPS`] names, each exclusion a
//! pattern of Python machinery with its reason, and the lines of the same
//! subject that use a name a skipped line bound (they cannot run without
//! it), with the same reason. The test prints how many lines ran and how
//! many each exclusion skipped. Where the values of a skipped line can be
//! checked without Python, an ordinary Rust test checks them, and the
//! reason names it.

use cute_expr::{self as expr, Env, Outcome, Value};

/// An exclusion: the lines whose text contains `text`, and why they do not
/// run.
struct Skip {
    text: &'static str,
    reason: &'static str,
}

/// The lines that do not run through the evaluator.
const SKIPS: &[Skip] = &[
    Skip {
        text: "array.array",
        reason: "Python machinery: an array.array buffer, its raw address (buffer_info) and \
                 tolist; the same values are checked by cute-dynamic's \
                 accessor::ptr::tests::test_ptr_spec and tensor::tests::test_ptr_tensor_spec, \
                 and a Ptr without an element type does not compile (Ptr's compile_fail doc-test)",
    },
    Skip {
        text: "__name__",
        reason: "Python machinery: a function's __name__ (cute-expr's test \
                 tests::function_names checks that size is named 'size')",
    },
];

/// The names a statement `a, b = ...` or `a = ...` binds (not `T[i] = ...`).
fn bound_names(text: &str) -> Vec<&str> {
    let Some((lhs, rhs)) = text.split_once('=') else {
        return Vec::new();
    };
    if rhs.starts_with('=') || lhs.ends_with(['!', '<', '>']) {
        return Vec::new(); // a comparison
    }
    lhs.split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_alphanumeric() || c == '_'))
        .collect()
}

/// True iff `text` uses the name `name` (as a whole word).
fn uses(text: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// Why a line is skipped, if it is: a pattern of [`SKIPS`], or a name bound
/// by a skipped line of the subject (`unbound`, with that line's reason).
fn skip_reason(text: &str, unbound: &[(String, &'static str)]) -> Option<&'static str> {
    SKIPS
        .iter()
        .find(|s| text.contains(s.text))
        .map(|s| s.reason)
        .or_else(|| {
            unbound
                .iter()
                .find(|(n, _)| uses(text, n))
                .map(|&(_, why)| why)
        })
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
    // names bound by skipped lines of the subject, and why
    let mut unbound: Vec<(String, &'static str)> = Vec::new();
    for (n, line) in data.lines().enumerate() {
        let cols: Vec<&str> = line.splitn(4, '\t').collect();
        let [source, subj, kind, text] = cols[..] else {
            panic!("line {}: malformed: {line:?}", n + 1);
        };
        if subj != subject {
            env.clear();
            unbound.clear();
            subject = subj.to_string();
        }
        if let Some(why) = skip_reason(text, &unbound) {
            match skipped.iter_mut().find(|(r, _)| *r == why) {
                Some((_, k)) => *k += 1,
                None => skipped.push((why, 1)),
            }
            if kind != "check" {
                unbound.extend(bound_names(text).into_iter().map(|n| (n.to_string(), why)));
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
    assert!(ran >= 488, "only {ran} examples ran");
    assert!(total <= 10, "{total} examples skipped");
}

#[test]
fn skipped_lines_carry_their_names() {
    assert_eq!(bound_names("T = Tensor(Ptr(data), L)"), ["T"]);
    assert_eq!(bound_names("a, b = (1, 2)"), ["a", "b"]);
    assert!(bound_names("T[1, 0] = 9.0").is_empty());
    assert!(bound_names("x == 1").is_empty());
    assert!(bound_names("x <= 1").is_empty());
    assert!(uses("T[1, 0] = 9.0", "T") && !uses("Tensor(x)", "T"));
    assert!(uses("data.tolist() == [1.0]", "data") && !uses("metadata", "data"));
    let unbound = vec![("data".to_string(), "why")];
    assert_eq!(skip_reason("Ptr(data)", &unbound), Some("why"));
    assert_eq!(skip_reason("Ptr(x)", &unbound), None);
    assert!(skip_reason("import sympy", &[]).is_none());
    assert!(skip_reason("x = array.array('d')", &[]).is_some());
}
