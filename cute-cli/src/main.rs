//! The `cute` command: evaluate, print and explore CuTe layouts.
//!
//! - `cute eval 'EXPR'` prints the value's repr;
//! - `cute batch` evaluates standard input line by line, one result line per
//!   input line;
//! - `cute print 'EXPR'` prints a layout or tensor of rank 1 to 4 as a table
//!   of its offsets or elements, as the specification's `print_tensor` does;
//! - `cute table 'EXPR'` prints a rank-2 layout or tensor as a bordered grid
//!   (`print_table`);
//! - `cute svg`, `cute svg-tv`, `cute latex`, `cute latex-tv` draw a layout
//!   or tensor (a swizzle composed with a layout too) or a thread-value
//!   layout (`draw_svg`, `draw_svg_tv`, `draw_latex`, `draw_latex_tv`);
//! - `cute codegen 'EXPR'` writes a layout's offset as C, CUDA or Rust
//!   source over named coordinates;
//! - `cute tour` walks through layouts and their algebra;
//! - `cute help [COMMAND]` (or `cute COMMAND --help`) prints the usage.
//!
//! Every argument is read through one decoder ([`args`]): one that is not
//! valid UTF-8 is a usage error naming it (a file name may be any bytes).
//! A usage error is one line on standard error and exit status 2; an error
//! of the input is `Class: message` on one line and exit status 1.

mod args;
mod banks;
mod batch;
mod codegen;
mod draw;
mod explain;
mod serve;
mod tour;

use std::io::Write;
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;

use cute_dynamic::viz::{MAX_DRAW_ITEMS, MAX_PRINT_ITEMS};
use cute_expr::{self as expr, Env, Outcome};

use args::{Arg, Usage};

/// The commands, each with its usage lines.
const COMMANDS: &[(&str, &str)] = &[
    (
        "eval",
        "  cute eval 'EXPR'   evaluate a statement or expression and print its value",
    ),
    (
        "batch",
        "  cute batch         evaluate standard input line by line, in one environment:
                     each non-empty line gives one line,
                       ok<TAB><repr>              for an expression
                       ok                         for a statement or %reset
                       err<TAB><Class><TAB><msg>  for an error
                     the line %reset forgets every name",
    ),
    (
        "print",
        "  cute print 'EXPR'  print a layout or tensor of rank 1 to 4 as a table of
                     its offsets or elements; a tiled MMA (or an MMA atom)
                     or tiled copy as its operands' tiles, each element
                     T<thread>V<value>",
    ),
    (
        "table",
        "  cute table 'EXPR'  print a rank-2 layout or tensor as a bordered grid",
    ),
    (
        "svg",
        "  cute svg 'EXPR' [-o FILE.svg] [--color white|grey|bank8|bank16|bank32]
                     draw a rank-1 or rank-2 layout or tensor, each cell its
                     offset or element, colored by offset (to standard
                     output without -o); a swizzle composed with a layout,
                     composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1))),
                     shows and is colored by its swizzled offsets; a tiled
                     MMA (or an MMA atom) draws A, B and C, a tiled copy
                     its source and destination, each element its thread
                     and value, colored by thread",
    ),
    (
        "svg-tv",
        "  cute svg-tv 'EXPR' [--tile M,N] [-o FILE.svg] [--color thread|value|warp|white]
                     draw a thread-value layout (tid, vid) -> (m, n); a linear
                     codomain is folded into the tile M x N (column-major)",
    ),
    (
        "latex",
        "  cute latex 'EXPR' [-o FILE.tex] [--color ...] [--no-pdf]
                     the drawing of svg as a TikZ document, compiled to PDF
                     with pdflatex when it is installed (the .tex is kept
                     otherwise)",
    ),
    (
        "latex-tv",
        "  cute latex-tv 'EXPR' [--tile M,N] [-o FILE.tex] [--color ...] [--no-pdf]
                     the drawing of svg-tv as a TikZ document, compiled as
                     latex compiles it",
    ),
    (
        "codegen",
        "  cute codegen 'EXPR' [--lang c|cuda|rust] [--coord NAMES] [--fn NAME]
               [--type i32|u32|i64]
                     the offset of a layout as source code over named
                     coordinates: one index (--coord t), one name per mode
                     (the default: i,j,...), one per leaf, or a profile of
                     names, --coord 't,(v,(m,n))', each name taking the
                     sub-layout it faces (no division where coordinates are
                     given separately); --fn wraps it in a function over
                     --type (int64_t by default); a layout over symbols,
                     'M, ld = symbols(\"M ld\"); Layout((M, 8), (1, ld))',
                     gives code over them too (the function takes the ones
                     the code reads after the coordinates); F2 strides and
                     a swizzle composed with a layout give XORs of shifted
                     masks; every name is an identifier of the language
                     that it does not reserve, and names differ",
    ),
    (
        "banks",
        "  cute banks 'TV' 'SMEM' BITS OP [--svg [-o FILE.svg]]
                     the shared-memory wavefronts of one instruction OP
                     (ld, st, ldmatrix[.x1|.x2|.x4][.trans], stmatrix[...],
                     cp.async) executed by the threads of the thread-value
                     layout TV, (thread, value) -> index of SMEM's domain,
                     each moving its values (one vector) of BITS bits (or a
                     type: f16), against 32 banks of 4 bytes; SMEM is a
                     layout or composition(Swizzle(3, 3, 3), Layout(...));
                     per warp, per instruction, and the conflicting threads
                     of the worst phase; --svg draws the tile's banks with
                     the worst phase outlined; TV may be a tiled copy,
                     cute banks 'TC' 'SMEM' [ld|st]
  cute banks --choose 'TILE' 'ACCESS'... [--top N] [--no-padding]
                     rank the swizzles Swizzle(B, M, S) and the paddings of
                     the tile's leading dimension by the total wavefronts of
                     the accesses (each a tiled copy, (TC, 'ld'), or (TV,
                     BITS, 'OP')), then by bytes, then the simplest",
    ),
    (
        "serve",
        "  cute serve [--port N]
                     serve an interactive page on http://127.0.0.1:N/ (N is
                     2883 by default; 0 takes a free port) and print its
                     address: type an expression to see its value, table
                     and drawing; hover or click a thread of a thread-value
                     layout (tile M,N), tiled MMA or copy to light its
                     values; a composition or divide of two layouts is drawn
                     beside A and B, each result cell linked to the cells it
                     comes from; /?expr=EXPR&tile=M,N&view=tv is a link to a
                     view. Only 127.0.0.1 is listened on; no file is served",
    ),
    (
        "explain",
        "  cute explain 'EXPR' [--json]
                     the trace of the algebra's operation that EXPR's last
                     statement calls (composition, complement, coalesce,
                     right_inverse, left_inverse, logical_divide,
                     zipped_divide, tiled_divide, flat_divide,
                     logical_product, zipped_product, tiled_product,
                     flat_product, blocked_product, raked_product), in the
                     specification's terms: which mode of B meets which
                     mode of A, the divisibility
                     conditions and the carry check with their numbers, the
                     complement's chain, what coalesce merged and why,
                     ending in the result or the refused condition (exit
                     status 0 either way); --json gives it as one JSON
                     object",
    ),
    (
        "tour",
        "  cute tour          a short walk through layouts and their algebra",
    ),
    (
        "help",
        "  cute help [COMMAND]  this text, or the usage of one command (also
                     cute COMMAND --help)",
    ),
];

const LANGUAGE: &str = "\
The language is the one of the PyCuTe specification's examples:
  Layout((4, 8), (1, 4))(2, 3)    composition(Layout(20, 2), Layout((5, 4), (4, 1)))
  A = Layout((3, (2, 4)))         shape[1](A)      A[1:]      3 * E(0) + 5 * E(1)
  Layout((2, 3), (1, 2))[2] -> IndexError
  T = make_tensor((4, 4), dtype=c_int); T[1, 2] = 42; T[1, None]
EXPR may be several statements separated by ';', the last one an expression.
";

/// The limits of one command, stated in its help and in the README.
fn limits(cmd: &str) -> String {
    let eval = format!(
        "a statement builds at most {} elements and takes at most {} steps, calls \
         nest at most {} deep",
        expr::MAX_ELEMENTS,
        expr::MAX_STEPS,
        expr::MAX_CALL_DEPTH
    );
    match cmd {
        "eval" => eval,
        "batch" => format!("each line: at most {} bytes; {eval}", expr::MAX_TEXT),
        "print" => format!(
            "{eval}; the table has at most {MAX_PRINT_ITEMS} items (cells, lines, rule columns)"
        ),
        "table" | "svg" | "svg-tv" | "latex" | "latex-tv" => format!(
            "{eval}; the grid or picture has at most {MAX_DRAW_ITEMS} items (cells, indices, \
             rule segments, thread-value pairs visited)"
        ),
        "codegen" => format!("{eval}; {}", codegen::LIMITS),
        "explain" => format!("{eval}; {}", explain::limits()),
        "serve" => format!("each evaluation: {eval}; {}", serve::limits()),
        "banks" => format!("{eval}; {}", banks::LIMITS),
        _ => "none: it reads no input".to_string(),
    }
}

/// The usage of every command.
fn usage() -> String {
    let mut s = String::from("cute: evaluate, print and explore CuTe layouts\n\nusage:\n");
    for (_, text) in COMMANDS {
        s.push_str(text);
        s.push('\n');
    }
    s.push('\n');
    s.push_str(LANGUAGE);
    s
}

/// The usage of one command, with its limits.
fn command_usage(cmd: &str) -> Option<String> {
    let (_, text) = COMMANDS.iter().find(|(name, _)| *name == cmd)?;
    Some(format!(
        "usage:\n{text}\n\nlimits: {}\n\n{LANGUAGE}",
        limits(cmd)
    ))
}

fn main() -> ExitCode {
    // a panic is reported as one error line, not as a trace
    panic::set_hook(Box::new(|_| {}));
    let argv = args::collect(std::env::args_os().skip(1));
    match panic::catch_unwind(AssertUnwindSafe(|| run(&argv))) {
        Ok(Ok(code)) => code,
        Ok(Err(Usage(msg))) => {
            eprintln!("{}", batch::one_line(&msg));
            ExitCode::from(2)
        }
        Err(payload) => {
            let what = batch::panic_text(payload.as_ref());
            eprintln!("cute: internal error: {}", batch::one_line(&what));
            ExitCode::FAILURE
        }
    }
}

/// A usage error of the command `cmd`.
fn misuse(cmd: &str, msg: impl std::fmt::Display) -> Usage {
    Usage(format!("cute {cmd}: {msg} (see 'cute {cmd} --help')"))
}

/// The one argument of `cmd`, the expression.
fn one_expression<'a>(cmd: &str, rest: &'a [Arg]) -> Result<&'a str, Usage> {
    match rest {
        [e] => e.text().map_err(|u| misuse(cmd, u)),
        [] => Err(misuse(cmd, "the expression is missing")),
        [_, extra, ..] => Err(misuse(
            cmd,
            format!(
                "takes exactly one argument, the expression; {:?} is one too many",
                extra.os()
            ),
        )),
    }
}

/// No argument after `cmd`.
fn no_arguments(cmd: &str, rest: &[Arg]) -> Result<(), Usage> {
    match rest.first() {
        None => Ok(()),
        Some(a) => Err(misuse(
            cmd,
            format!("takes no arguments; {:?} is one too many", a.os()),
        )),
    }
}

fn run(argv: &[Arg]) -> Result<ExitCode, Usage> {
    let Some((first, rest)) = argv.split_first() else {
        return Err(Usage("cute: no command given (see 'cute help')".into()));
    };
    let cmd = first.text().map_err(|u| Usage(format!("cute: {u}")))?;
    if matches!(cmd, "help" | "--help" | "-h") {
        let text = match rest {
            [] => usage(),
            [c] => {
                let c = c.text().map_err(|u| misuse("help", u))?;
                command_usage(c).ok_or_else(|| misuse("help", format!("unknown command {c:?}")))?
            }
            [_, extra, ..] => {
                return Err(misuse(
                    "help",
                    format!(
                        "takes at most one command; {:?} is one too many",
                        extra.os()
                    ),
                ))
            }
        };
        return Ok(emit(&text));
    }
    let Some(help) = command_usage(cmd) else {
        return Err(Usage(format!(
            "cute: unknown command {cmd:?} (see 'cute help')"
        )));
    };
    // `cute COMMAND --help` anywhere among its arguments
    if rest.iter().any(|a| a.is("--help") || a.is("-h")) {
        return Ok(emit(&help));
    }
    Ok(match cmd {
        "eval" => eval_one(one_expression(cmd, rest)?),
        "print" => {
            let src = one_expression(cmd, rest)?;
            report(batch::guarded(|| tour::table(src, &mut Env::new())).map(draw::Written::Stdout))
        }
        "table" => {
            let src = one_expression(cmd, rest)?;
            report(batch::guarded(|| draw::table(src, &mut Env::new())).map(draw::Written::Stdout))
        }
        "svg" | "svg-tv" | "latex" | "latex-tv" => {
            let tv = cmd.ends_with("-tv");
            let latex = cmd.starts_with("latex");
            let o = draw::parse_options(rest, tv, latex).map_err(|m| misuse(cmd, m))?;
            report(batch::guarded(|| {
                if tv {
                    draw::draw_tv(&o, latex)
                } else {
                    draw::draw(&o, latex)
                }
            }))
        }
        "banks" => {
            let o = banks::parse_options(rest).map_err(|m| misuse(cmd, m))?;
            report(batch::guarded(|| banks::run(&o)))
        }
        "explain" => {
            let o = explain::parse_options(rest).map_err(|m| misuse(cmd, m))?;
            report(batch::guarded(|| explain::run(&o)).map(draw::Written::Stdout))
        }
        "codegen" => {
            let o = codegen::parse_options(rest).map_err(|m| misuse(cmd, m))?;
            report(batch::guarded(|| codegen::run(&o)).map(draw::Written::Stdout))
        }
        "batch" => {
            no_arguments(cmd, rest)?;
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            let out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
            match batch::run(stdin.lock(), out) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("cute batch: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        "serve" => {
            let o = serve::parse_options(rest).map_err(|m| misuse(cmd, m))?;
            serve::run(&o)
        }
        "tour" => {
            no_arguments(cmd, rest)?;
            let stdout = std::io::stdout();
            match tour::run(&mut stdout.lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("cute tour: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        // every command of COMMANDS is above
        other => return Err(Usage(format!("cute: unknown command {other:?}"))),
    })
}

fn eval_one(src: &str) -> ExitCode {
    let mut env = Env::new();
    match batch::guarded(|| expr::eval(src, &mut env)) {
        Ok(Outcome::Value(v)) => emit(&format!("{v}\n")),
        Ok(Outcome::Statement) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// Writes `text` to standard output; a failure to write it (a closed pipe)
/// is one line on standard error and exit status 1.
fn emit(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cute: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Reports an error of the input: `Class: message` on one line of standard
/// error, exit status 1.
fn fail(e: &cute_dynamic::Error) -> ExitCode {
    eprintln!("{}: {}", e.class(), batch::one_line(&e.to_string()));
    let _ = std::io::stderr().flush();
    ExitCode::FAILURE
}

/// Prints a result of `print`, `table`, `codegen` or a drawing command (or
/// `Class: message` on standard error, exit 1).
fn report(r: cute_dynamic::Result<draw::Written>) -> ExitCode {
    match r {
        Ok(draw::Written::Stdout(text)) => emit(&text),
        Ok(draw::Written::Files(files, note)) => {
            let mut text = String::new();
            for f in files {
                text.push_str(&format!("wrote {}\n", f.display()));
            }
            if let Some(n) = note {
                text.push_str(&format!("{n}\n"));
            }
            emit(&text)
        }
        Err(e) => fail(&e),
    }
}
