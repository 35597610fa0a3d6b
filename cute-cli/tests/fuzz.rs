//! The `cute` command under hostile arguments: every subcommand, run as a
//! process, with arguments that are not UTF-8, huge numbers, empty strings,
//! layouts of size 0 and of enormous sizes, unknown flags and names the
//! target languages reserve, under a memory cap.
//!
//! Every run must end by itself (a hang detector far above any case), with
//! an exit status that is neither 101 (a panic) nor a signal (an abort, the
//! memory cap); a refused input (status 1 or 2) says so in exactly one line
//! on standard error, never as an internal error.
//!
//! The cases are a fixed number, from a fixed seed, so that a slow machine
//! tests as much as a fast one: `CUTE_FUZZ_CASES` sets the number and
//! `CUTE_FUZZ_SEED` the seed; a failure names both and the arguments.
#![cfg(unix)]

mod common;

use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{fuzz_cases, fuzz_seed, Rng};

/// The virtual memory a run may take: far above what any case needs (the
/// evaluator's and the printers' limits keep a run to tens of MiB), far
/// below what a runaway allocation asks for.
const MEMORY_CAP_KIB: u64 = 1 << 20;

/// The hang detector: a run takes milliseconds.
const HANG: Duration = Duration::from_secs(60);

const COMMANDS: &[&str] = &[
    "eval", "batch", "print", "table", "svg", "svg-tv", "latex", "latex-tv", "codegen", "tour",
    "help", "banks", "explain",
];

/// Expressions: ordinary, of size 0 with huge other modes, enormous,
/// symbolic, malformed.
const EXPRESSIONS: &[&str] = &[
    "Layout((4, 8))",
    "make_tiled_mma(MMA_Atom(SM80_16x8x16_F32F16F16F32_TN), Layout((2, 2, 1)))",
    "make_tiled_mma(MMA_Atom(SM80_16x8x16_F32F16F16F32_TN), Layout((1048576, 1048576, 1)))",
    "make_tiled_copy(Copy_Atom(UniversalCopy('u128'), 'f16'), Layout((16, 8), (8, 1)), Layout((1, 8)))",
    "composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))",
    "Layout((2, 3), (3, 1))",
    "Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))",
    "Layout((4, 8), (E(0), E(1)))",
    "composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1)))",
    "identity_tensor((4, 4))",
    "Layout((1000000000, 0))",
    "Layout((0, 1000000000))",
    "Layout((1, 0, 1000000000))",
    "Layout((0, 1000000000, 1, 1000000000))",
    "identity_tensor((1000000000, 0))",
    "Tensor(ImplicitAccessor(0), Layout((1000000000, 0)))",
    "Layout((1000000000, 0), (E(0), E(1)))",
    "Layout((1000000, 1000000))",
    "Layout(4611686018427387904)",
    "Layout((4611686018427387904, 4611686018427387904))",
    "Layout(99999999999999999999999999)",
    "Layout(-5)",
    "Layout((2, -3))",
    "make_tensor((1000000000, 0))",
    "make_tensor((4096, 4096))",
    "Tensor(TransformAccessor(ImplicitAccessor(0), lambda x: 'a' * 70000), Layout((2, 2)))",
    "M = symbols('M'); Layout((M, 4), (1, M))",
    "M, N = symbols('M N', multiple_of=64); zipped_divide(Layout((M, N), (1, M)), (64, 64))",
    "a = symbols('int'); Layout((a, 4))",
    "b = symbols('fn'); Layout((b, 4))",
    "x = 1",
    "1 / 0",
    "((((((((((((((((((((",
    "Layout(",
    "",
    " ",
    "\t\n",
];

/// Option words, values and other hostile words.
const WORDS: &[&str] = &[
    "-o",
    "--output",
    "--color",
    "--tile",
    "--no-pdf",
    "--lang",
    "--coord",
    "--fn",
    "--help",
    "-h",
    "--frobnicate",
    "-x",
    "--",
    "-",
    "",
    "grey",
    "bank32",
    "thread",
    "nonsense",
    "16,8",
    "(16, 8)",
    "0,1000000000",
    "1000000000,1000000000",
    "-3,4",
    "c",
    "cuda",
    "rust",
    "go",
    "i,i",
    "int,return",
    "t,b",
    "i,j,k,l,m,n,o,p",
    ",",
    "fn",
    "return",
    "class",
    "None",
    "main",
    "int64_t",
    "__x",
    "f(){}; evil(); int g",
    "99999999999999999999999999999999",
    "-9223372036854775808",
];

/// Byte strings that are not UTF-8.
const NOT_UTF8: &[&[u8]] = &[
    b"\xff",
    b"Layout(4)\xff",
    b"\xc3\x28",
    b"--co\xfflor",
    b"\xed\xa0\x80",
];

/// One argument: a word, an expression, or bytes that are not UTF-8.
fn argument(rng: &mut Rng) -> OsString {
    match rng.below(10) {
        0..=2 => OsString::from(*rng.pick(EXPRESSIONS)),
        3..=8 => OsString::from(*rng.pick(WORDS)),
        _ => OsString::from_vec(rng.pick(NOT_UTF8).to_vec()),
    }
}

/// The options of a command, each with the values it may take.
fn options(cmd: &str) -> &'static [&'static str] {
    match cmd {
        "svg" | "latex" => &["-o", "--output", "--color", "--no-pdf"],
        "svg-tv" | "latex-tv" => &["-o", "--color", "--tile", "--no-pdf"],
        "codegen" => &["--lang", "--coord", "--fn", "--type"],
        "banks" => &["--svg", "-o", "--choose", "--top", "--no-padding"],
        "explain" => &["--json"],
        _ => &["--help", "-h", "--frobnicate"],
    }
}

/// The arguments of one case: a command (or, rarely, a hostile word), most
/// often an expression, then options of the command with hostile values,
/// or hostile words.
fn case(rng: &mut Rng) -> Vec<OsString> {
    let cmd = if rng.below(16) == 0 {
        "-"
    } else {
        *rng.pick(COMMANDS)
    };
    let mut args = vec![if cmd == "-" {
        argument(rng)
    } else {
        OsString::from(cmd)
    }];
    if rng.below(5) != 0 {
        args.push(OsString::from(*rng.pick(EXPRESSIONS)));
    }
    for _ in 0..rng.below(4) {
        if rng.below(3) == 0 {
            args.push(argument(rng));
        } else {
            args.push(OsString::from(*rng.pick(options(cmd))));
            args.push(argument(rng));
        }
    }
    args
}

/// Standard input of `cute batch`: hostile lines, one of which is not UTF-8.
fn batch_input(rng: &mut Rng) -> Vec<u8> {
    let mut input = Vec::new();
    for _ in 0..4 {
        let e = rng.pick(EXPRESSIONS).replace('\n', " ");
        input.extend_from_slice(format!("print_tensor({e})\nprint_table({e})\n{e}\n").as_bytes());
    }
    input.extend_from_slice(b"Layout(4)\xff\n1 + 1\n");
    input
}

/// How a run is capped in memory.
enum Cap {
    /// `sh -c 'ulimit -v KIB && exec "$0" "$@"'`.
    Ulimit,
    /// `prlimit --as=BYTES`.
    Prlimit,
    /// No cap (reported).
    None,
}

fn works(cmd: &mut Command) -> bool {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn memory_cap() -> Cap {
    let ulimit = format!("ulimit -v {MEMORY_CAP_KIB} && exec \"$0\" \"$@\"");
    if works(Command::new("sh").args(["-c", &ulimit, "true"])) {
        return Cap::Ulimit;
    }
    let bytes = format!("--as={}", MEMORY_CAP_KIB * 1024);
    if works(Command::new("prlimit").args([bytes.as_str(), "--", "true"])) {
        return Cap::Prlimit;
    }
    eprintln!("neither sh's ulimit -v nor prlimit runs here: the runs are not capped in memory");
    Cap::None
}

/// The command that runs `cute` with `args` under `cap`, in `dir`.
fn command(cap: &Cap, args: &[OsString], dir: &Path) -> Command {
    let cute = env!("CARGO_BIN_EXE_cute");
    let mut c = match cap {
        Cap::Ulimit => {
            let mut c = Command::new("sh");
            c.arg("-c")
                .arg(format!("ulimit -v {MEMORY_CAP_KIB} && exec \"$0\" \"$@\""))
                .arg(cute);
            c
        }
        Cap::Prlimit => {
            let mut c = Command::new("prlimit");
            c.arg(format!("--as={}", MEMORY_CAP_KIB * 1024))
                .arg("--")
                .arg(cute);
            c
        }
        Cap::None => Command::new(cute),
    };
    c.args(args).current_dir(dir);
    c
}

/// What one run did.
struct Run {
    code: Option<i32>,
    stderr: String,
    took: Duration,
}

fn run(cap: &Cap, args: &[OsString], stdin: &[u8], dir: &Path) -> Run {
    let start = Instant::now();
    let mut child = command(cap, args, dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cute starts");
    let input = stdin.to_vec();
    let mut sink = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = sink.write_all(&input);
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = out.read_to_end(&mut b);
    });
    let err_reader = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = err.read_to_end(&mut b);
        b
    });
    let status = loop {
        if let Some(s) = child.try_wait().expect("cute is waited for") {
            break Some(s);
        }
        if start.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = writer.join();
    let _ = reader.join();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    Run {
        code: status.and_then(|s| s.code()),
        stderr: if status.is_none() {
            format!("still running after {HANG:?}")
        } else {
            stderr
        },
        took: start.elapsed(),
    }
}

/// A scratch directory the runs work in (a `-o` writes there).
fn scratch() -> PathBuf {
    let d = std::env::temp_dir().join(format!("cute-cli-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn every_command_survives_hostile_arguments() {
    let (seed, n) = (fuzz_seed(0x5EED_0C11), fuzz_cases(300));
    let cap = memory_cap();
    let dir = scratch();
    let mut rng = Rng(seed | 1);
    let mut failures = Vec::new();
    let mut by_code = [0usize; 3];
    let mut slowest = (Duration::ZERO, String::new());
    for k in 0..n {
        let args = case(&mut rng);
        let stdin = if args[0] == "batch" {
            batch_input(&mut rng)
        } else {
            Vec::new()
        };
        let r = run(&cap, &args, &stdin, &dir);
        let shown = format!("case {k} (seed {seed}): cute {args:?}");
        if r.took > slowest.0 {
            slowest = (r.took, shown.clone());
        }
        match r.code {
            None => failures.push(format!("{shown}: ended by a signal: {}", r.stderr)),
            Some(101) => failures.push(format!("{shown}: panicked: {}", r.stderr)),
            Some(0) => by_code[0] += 1,
            Some(c @ (1 | 2)) => {
                by_code[c as usize] += 1;
                let lines = r.stderr.lines().count();
                if lines != 1 || r.stderr.trim().is_empty() {
                    failures.push(format!(
                        "{shown}: exit {c} with {lines} lines on stderr: {:?}",
                        r.stderr
                    ));
                }
                if r.stderr.contains("internal error") || r.stderr.contains("panicked") {
                    failures.push(format!("{shown}: {}", r.stderr));
                }
            }
            Some(c) => failures.push(format!("{shown}: exit {c}: {}", r.stderr)),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{n} runs (seed {seed}): {} succeeded, {} refused the input, {} misused the command; \
         slowest {:?}: {}",
        by_code[0], by_code[1], by_code[2], slowest.0, slowest.1
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // the cases reach every kind of end
    assert!(by_code.iter().all(|&c| c > 0) || n < 50, "{by_code:?}");
}
