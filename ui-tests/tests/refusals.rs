//! Every pre-condition of the static algebra is a compile error exactly
//! where the run-time algebra refuses the same operands, on random operands
//! of composition, the divides and the products: `scripts/gen_refusal_cases.py`
//! drew them, `tests/data/refusals.tsv` records them with cute-dynamic's
//! verdict. The layouts of the accepted cases are compared with the
//! run-time ones by `tests/tests/static_refusal_agree_*.rs`; this test
//! checks where cute-static compiles:
//!
//! 1. cute-dynamic still answers each case as the data file says (asked
//!    through the specification's language, as the generator did);
//! 2. one `cargo check --message-format=json` of a scratch workspace under
//!    the target directory compiles every case as a function (the refused
//!    ones from `refusals/*.rs`, the accepted ones from the data file),
//!    spread over a few crates that cargo checks in parallel; each error is
//!    mapped to its function by the line of its span. Every refused case
//!    must have an error, the first of which names a rule in CuTe's terms
//!    (its message starts with "CuTe"); no accepted case may have one; no
//!    error may fall outside the case functions.
//!
//! rustc reports the errors of every function of a crate, but an error that
//! stopped a compilation early could hide the errors of other functions:
//! the refused cases without an error are compiled again on their own,
//! until a compilation finds no new error.
//!
//! An accepted case that cute-static refused when the data file was written
//! is held back from the agreement tests (which would not compile); once it
//! compiles, this test asks for the generator to be run again.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

/// A file of refused cases: its name, and its text.
macro_rules! case_file {
    ($name:literal) => {
        (
            concat!("refusals/", $name),
            include_str!(concat!("../refusals/", $name)),
        )
    };
}

/// The refused cases, as the generator wrote them: a file per topic, in
/// the data file's order.
const CASES: [(&str, &str); 4] = [
    case_file!("composition.rs"),
    case_file!("divides.rs"),
    case_file!("products.rs"),
    case_file!("blocked_raked.rs"),
];
/// The generator's record of every case and its run-time verdict.
const DATA: &str = include_str!("../../tests/data/refusals.tsv");
/// Crates the cases spread over in one compilation.
const CRATES: usize = 2;

/// One function of `refusals/*.rs`.
struct Case {
    id: String,
    op: String,
    /// The static call, `composition(layout!(..), layout!(..))`.
    call: String,
    /// The same call in the specification's language.
    spec: String,
    /// The function's lines, its doc comment first.
    lines: Vec<String>,
}

/// The lines before the first case of the file `name` (its doc comment,
/// attributes and imports), and the cases.
fn parse_cases(name: &str, src: &str) -> (Vec<String>, Vec<Case>) {
    let lines: Vec<&str> = src.lines().collect();
    let mut header = Vec::new();
    let mut cases = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let starts_case = lines[i].starts_with("/// ")
            && lines
                .get(i + 1)
                .is_some_and(|l| l.starts_with("pub fn case_"));
        if !starts_case {
            if cases.is_empty() {
                header.push(lines[i].to_string());
            } else {
                assert!(
                    lines[i].trim().is_empty(),
                    "{name}:{}: a line outside the case functions",
                    i + 1
                );
            }
            i += 1;
            continue;
        }
        let spec = lines[i]["/// ".len()..].to_string();
        let id = lines[i + 1]["pub fn ".len()..]
            .split('(')
            .next()
            .unwrap()
            .to_string();
        let mut body = vec![lines[i].to_string()];
        let mut j = i + 1;
        while lines[j] != "}" {
            body.push(lines[j].to_string());
            j += 1;
        }
        body.push("}".to_string());
        let call = body
            .iter()
            .find_map(|l| l.trim().strip_prefix("let _ = "))
            .unwrap_or_else(|| panic!("{id}: no `let _ = ` call"))
            .trim_end_matches(';')
            .to_string();
        let op = call.split('(').next().unwrap().to_string();
        cases.push(Case {
            id,
            op,
            call,
            spec,
            lines: body,
        });
        i = j + 1;
    }
    (header, cases)
}

/// The cases of every file of `refusals/`, in order, and the lines before
/// them that every file has (attributes and imports: a file's doc comment
/// is its own).
fn refused_cases() -> (Vec<String>, Vec<Case>) {
    let mut header: Option<Vec<String>> = None;
    let mut cases = Vec::new();
    for (name, src) in CASES {
        let (h, c) = parse_cases(name, src);
        let h: Vec<String> = h.into_iter().filter(|l| !l.starts_with("//!")).collect();
        match &header {
            None => header = Some(h),
            Some(first) => assert!(
                *first == h,
                "{name}: its attributes and imports differ from {}'s: \
                 run scripts/gen_refusal_cases.py",
                CASES[0].0
            ),
        }
        cases.extend(c);
    }
    (header.unwrap_or_default(), cases)
}

/// A case of the data file.
struct Row {
    id: String,
    op: String,
    call: String,
    spec: String,
    /// What cute-static did with the call when the file was written.
    today: String,
    /// The run-time verdict: `ok <layout>` or `err <Class> <message>`.
    verdict: String,
}

fn data_rows() -> Vec<Row> {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 6, "tests/data/refusals.tsv: {l}");
            let [id, op, call, spec, today, verdict] = [f[0], f[1], f[2], f[3], f[4], f[5]];
            Row {
                id: id.into(),
                op: op.into(),
                call: call.into(),
                spec: spec.into(),
                today: today.into(),
                verdict: verdict.into(),
            }
        })
        .collect()
}

/// An accepted case as a function like those of `refusals/*.rs`.
fn accepted_case(r: &Row) -> Case {
    Case {
        id: r.id.clone(),
        op: r.op.clone(),
        call: r.call.clone(),
        spec: r.spec.clone(),
        lines: vec![
            format!("/// {}", r.spec),
            format!("pub fn {}() {{", r.id),
            format!("    let _ = {};", r.call),
            "}".into(),
        ],
    }
}

/// The errors of one compilation: those of each case, in the compiler's
/// order, and those outside the case functions.
#[derive(Default)]
struct Errors {
    by_case: HashMap<String, Vec<String>>,
    outside: Vec<String>,
}

/// The scratch workspace of `CRATES` library crates depending on
/// cute-static by path.
struct Scratch {
    dir: PathBuf,
    cargo: String,
}

impl Scratch {
    fn new() -> Scratch {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the workspace root")
            .to_path_buf();
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("refusals");
        std::fs::create_dir_all(&dir).unwrap();
        let members: Vec<String> = (0..CRATES).map(|k| format!("\"c{k}\"")).collect();
        write(
            &dir.join("Cargo.toml"),
            &format!(
                "[workspace]\nresolver = \"2\"\nmembers = [{}]\n",
                members.join(", ")
            ),
        );
        // The workspace's lock file pins every crate cute-static needs, and
        // this test's own build fetched them: the check runs offline.
        std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).expect("Cargo.lock");
        let static_path = root.join("cute-static");
        for k in 0..CRATES {
            let c = dir.join(format!("c{k}"));
            std::fs::create_dir_all(c.join("src")).unwrap();
            write(
                &c.join("Cargo.toml"),
                &format!(
                    "[package]\nname = \"cute-refusals-{k}\"\nversion = \"0.0.0\"\n\
                     edition = \"2021\"\npublish = false\n\n[dependencies]\n\
                     cute-static = {{ path = {:?} }}\n",
                    static_path.to_str().expect("a UTF-8 path")
                ),
            );
        }
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        Scratch { dir, cargo }
    }

    /// Compiles the cases spread over the crates.
    fn check(&self, header: &[String], cases: &[&Case]) -> Errors {
        // crate k: its source file and the line range of each case in it
        let mut ranges: Vec<Vec<(usize, usize, &str)>> = vec![Vec::new(); CRATES];
        let mut lib_files = Vec::new();
        for (k, in_crate) in ranges.iter_mut().enumerate() {
            let mut text = header.join("\n");
            text.push('\n');
            let mut line = header.len();
            for c in cases.iter().skip(k).step_by(CRATES) {
                text.push('\n');
                line += 1;
                let start = line + 1;
                for l in &c.lines {
                    text.push_str(l);
                    text.push('\n');
                    line += 1;
                }
                in_crate.push((start, line, &c.id));
            }
            let file = self.dir.join(format!("c{k}")).join("src").join("lib.rs");
            write(&file, &text);
            lib_files.push(file);
        }
        let mut out = self.cargo_check(true);
        if !out.status.success() && !String::from_utf8_lossy(&out.stdout).contains("compiler-") {
            // not a compilation that failed: perhaps a crate missing from
            // the offline cache; let cargo fetch it
            out = self.cargo_check(false);
        }
        let stdout = String::from_utf8_lossy(&out.stdout);
        let mut errors = Errors::default();
        let mut seen_compiler = false;
        for line in stdout.lines() {
            let Ok(v) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            if v["reason"] != "compiler-message" {
                continue;
            }
            seen_compiler = true;
            let msg = &v["message"];
            if !msg["level"].as_str().unwrap_or("").starts_with("error") {
                continue;
            }
            let text = msg["message"].as_str().unwrap_or("").to_string();
            let spans = msg["spans"].as_array().cloned().unwrap_or_default();
            if spans.is_empty() && text.starts_with("aborting due to") {
                continue;
            }
            let located = self.locate(&spans, &lib_files);
            let case = located.and_then(|(k, line)| {
                ranges[k]
                    .iter()
                    .find(|(a, b, _)| (*a..=*b).contains(&line))
                    .map(|(_, _, id)| id.to_string())
            });
            match case {
                Some(id) => errors.by_case.entry(id).or_default().push(text),
                None => errors.outside.push(
                    msg["rendered"]
                        .as_str()
                        .unwrap_or(&text)
                        .lines()
                        .take(6)
                        .collect::<Vec<_>>()
                        .join("\n"),
                ),
            }
        }
        if !out.status.success() && !seen_compiler {
            panic!(
                "cargo check of the refusal cases did not run the compiler:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        errors
    }

    fn cargo_check(&self, offline: bool) -> std::process::Output {
        let mut cmd = Command::new(&self.cargo);
        cmd.args(["check", "--workspace", "--lib", "--message-format=json"]);
        if offline {
            cmd.arg("--offline");
        }
        cmd.current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", self.dir.join("target"))
            .env("CARGO_INCREMENTAL", "0")
            .env("CARGO_TERM_COLOR", "never")
            .output()
            .expect("cargo runs")
    }

    /// The crate and line of a span in one of the crates' sources: the
    /// primary span first, through the macro expansions it comes from.
    fn locate(&self, spans: &[Value], files: &[PathBuf]) -> Option<(usize, usize)> {
        let mut order: Vec<&Value> = spans.iter().filter(|s| s["is_primary"] == true).collect();
        order.extend(spans.iter().filter(|s| s["is_primary"] != true));
        for span in order {
            let mut s = Some(span);
            while let Some(sp) = s {
                let name = Path::new(sp["file_name"].as_str().unwrap_or(""));
                let path = if name.is_absolute() {
                    name.to_path_buf()
                } else {
                    self.dir.join(name)
                };
                if let Some(k) = files.iter().position(|f| *f == path) {
                    return sp["line_start"].as_u64().map(|l| (k, l as usize));
                }
                s = sp["expansion"]["span"]
                    .as_object()
                    .map(|_| &sp["expansion"]["span"]);
            }
        }
        None
    }
}

fn write(path: &Path, text: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(text) {
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// How a case breaks the rule.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Failure {
    /// cute-dynamic refuses the operands; cute-static compiles them.
    Compiled,
    /// The first error of a refused case is not in CuTe's terms.
    NotCute,
    /// cute-dynamic accepts the operands; cute-static refuses them.
    Refused,
    /// cute-static compiles an accepted case held back from the agreement
    /// tests because it refused it when they were written.
    HeldBack,
    /// cute-dynamic no longer answers as the data file says.
    Stale,
}

impl Failure {
    fn what(self) -> &'static str {
        match self {
            Failure::Compiled => "refused by cute-dynamic, compiled by cute-static",
            Failure::NotCute => "refused, but the first error does not name a rule in CuTe's terms",
            Failure::Refused => "accepted by cute-dynamic, refused by cute-static",
            Failure::HeldBack => {
                "compiled now, but held back from the agreement tests: \
                 run scripts/gen_refusal_cases.py to compare its layout"
            }
            Failure::Stale => {
                "cute-dynamic answers otherwise than tests/data/refusals.tsv: \
                 run scripts/gen_refusal_cases.py"
            }
        }
    }
}

#[test]
fn static_refusals_match_the_run_time_algebra() {
    let (header, refused) = refused_cases();
    assert!(!refused.is_empty(), "refusals/*.rs have no cases");
    let rows = data_rows();

    // refusals/*.rs hold the refused cases of the data file
    let by_id: HashMap<&str, &Row> = rows.iter().map(|r| (r.id.as_str(), r)).collect();
    let in_file: HashSet<&str> = refused.iter().map(|c| c.id.as_str()).collect();
    for c in &refused {
        let r = by_id.get(c.id.as_str()).unwrap_or_else(|| {
            panic!(
                "{} is not in tests/data/refusals.tsv: run scripts/gen_refusal_cases.py",
                c.id
            )
        });
        assert!(
            r.verdict.starts_with("err ") && [&r.op, &r.call, &r.spec] == [&c.op, &c.call, &c.spec],
            "{}: refusals/*.rs and tests/data/refusals.tsv differ: \
             run scripts/gen_refusal_cases.py",
            c.id
        );
    }
    for r in rows.iter().filter(|r| r.verdict.starts_with("err ")) {
        assert!(
            in_file.contains(r.id.as_str()),
            "{}, refused in tests/data/refusals.tsv, is not in refusals/*.rs",
            r.id
        );
    }
    let accepted: Vec<Case> = rows
        .iter()
        .filter(|r| r.verdict.starts_with("ok "))
        .map(accepted_case)
        .collect();
    let held_back: HashSet<&str> = rows
        .iter()
        .filter(|r| r.verdict.starts_with("ok ") && r.today == "refuses")
        .map(|r| r.id.as_str())
        .collect();

    let mut failures: Vec<(Failure, &Case, String)> = Vec::new();

    // 1. cute-dynamic answers as it did: refused cases are still refused,
    //    accepted ones still accepted
    let mut dynamic_error: HashMap<&str, String> = HashMap::new();
    for c in &refused {
        match cute_expr::eval_expr(&c.spec) {
            Ok(v) => failures.push((Failure::Stale, c, format!("cute-dynamic now gives {v}"))),
            Err(e) => {
                dynamic_error.insert(&c.id, format!("{}: {e}", e.class()));
            }
        }
    }
    for c in &accepted {
        if let Err(e) = cute_expr::eval_expr(&c.spec) {
            failures.push((Failure::Stale, c, format!("cute-dynamic now refuses: {e}")));
        }
    }

    // 2. cute-static refuses the refused cases, in CuTe's terms, and
    //    compiles the accepted ones
    let started = Instant::now();
    let scratch = Scratch::new();
    let mut errors: HashMap<String, Vec<String>> = HashMap::new();
    let mut outside = Vec::new();
    let mut pending: Vec<&Case> = refused.iter().chain(&accepted).collect();
    let mut passes = Vec::new();
    loop {
        let pass = Instant::now();
        let found = scratch.check(&header, &pending);
        passes.push(format!(
            "{} cases in {:.1}s",
            pending.len(),
            pass.elapsed().as_secs_f64()
        ));
        outside.extend(found.outside);
        errors.extend(found.by_case);
        // the refused cases without an error, again on their own: an error
        // that stopped the compilation early may have hidden theirs
        let before = pending.len();
        pending.retain(|c| in_file.contains(c.id.as_str()) && !errors.contains_key(&c.id));
        if pending.is_empty() || pending.len() == before || !outside.is_empty() {
            break;
        }
    }
    let compile_time = started.elapsed().as_secs_f64();
    for c in &refused {
        match errors.get(&c.id).and_then(|e| e.first()) {
            None => {
                let why = dynamic_error
                    .get(c.id.as_str())
                    .cloned()
                    .unwrap_or_default();
                failures.push((Failure::Compiled, c, format!("cute-dynamic: {why}")));
            }
            Some(first) if !first.starts_with("CuTe ") && !first.starts_with("CuTe:") => {
                failures.push((Failure::NotCute, c, first.clone()));
            }
            Some(_) => {}
        }
    }
    for c in &accepted {
        match errors.get(&c.id).and_then(|e| e.first()) {
            Some(first) => {
                let r = by_id[c.id.as_str()];
                failures.push((
                    Failure::Refused,
                    c,
                    format!("cute-static: {first}\n    cute-dynamic: {}", r.verdict),
                ));
            }
            None if held_back.contains(c.id.as_str()) => {
                failures.push((Failure::HeldBack, c, String::new()));
            }
            None => {}
        }
    }

    // the counts, per operation
    #[derive(Default)]
    struct Counts {
        refused: usize,
        refused_ok: usize,
        accepted: usize,
        accepted_ok: usize,
    }
    let mut table: BTreeMap<&str, Counts> = BTreeMap::new();
    for c in &refused {
        let n = table.entry(&c.op).or_default();
        n.refused += 1;
        if errors
            .get(&c.id)
            .and_then(|e| e.first())
            .is_some_and(|m| m.starts_with("CuTe"))
        {
            n.refused_ok += 1;
        }
    }
    for c in &accepted {
        let n = table.entry(&c.op).or_default();
        n.accepted += 1;
        if !errors.contains_key(&c.id) {
            n.accepted_ok += 1;
        }
    }
    let mut report = String::new();
    let _ = writeln!(
        report,
        "refusals: {} refused and {} accepted cases compiled in {compile_time:.1}s ({})",
        refused.len(),
        accepted.len(),
        passes.join(", then ")
    );
    let _ = writeln!(
        report,
        "  {:<16} {:>8} {:>18} {:>9} {:>9} {:>19}",
        "operation", "refused", "fail to compile", "compile", "accepted", "cute-static refuses"
    );
    for (op, n) in &table {
        let _ = writeln!(
            report,
            "  {op:<16} {:>8} {:>18} {:>9} {:>9} {:>19}",
            n.refused,
            n.refused_ok,
            n.refused - n.refused_ok,
            n.accepted,
            n.accepted - n.accepted_ok
        );
    }
    println!("{report}");

    failures.sort_by(|a, b| (a.0, &a.1.op, &a.1.id).cmp(&(b.0, &b.1.op, &b.1.id)));
    let mut detail = String::new();
    let mut last = None;
    for (f, c, why) in &failures {
        if last != Some(*f) {
            let n = failures.iter().filter(|x| x.0 == *f).count();
            let _ = writeln!(detail, "{n} cases {}:", f.what());
            last = Some(*f);
        }
        let _ = writeln!(detail, "  {} {}", c.id, c.call);
        if !why.is_empty() {
            let _ = writeln!(detail, "    {why}");
        }
    }
    for e in &outside {
        let _ = writeln!(detail, "an error outside the case functions:\n{e}");
    }
    assert!(
        failures.is_empty() && outside.is_empty(),
        "{} cases break the rule, {} errors fall outside the cases:\n{detail}",
        failures.len(),
        outside.len()
    );
}
