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
//! - `cute help` prints the usage.

mod batch;
mod codegen;
mod draw;
mod tour;

use std::io::Write;
use std::process::ExitCode;

use cute_expr::{self as expr, Env, Outcome};

const USAGE: &str = "\
cute: evaluate, print and explore CuTe layouts

usage:
  cute eval 'EXPR'   evaluate a statement or expression and print its value
  cute batch         evaluate standard input line by line, in one environment:
                     each non-empty line gives one line,
                       ok<TAB><repr>              for an expression
                       ok                         for a statement or %reset
                       err<TAB><Class><TAB><msg>  for an error
                     the line %reset forgets every name
  cute print 'EXPR'  print a layout or tensor of rank 1 to 4 as a table of
                     its offsets or elements
  cute table 'EXPR'  print a rank-2 layout or tensor as a bordered grid
  cute svg 'EXPR' [-o FILE.svg] [--color white|grey|bank8|bank16|bank32]
                     draw a rank-1 or rank-2 layout or tensor, each cell its
                     offset or element, colored by offset (to standard
                     output without -o); a swizzle composed with a layout,
                     composition(Swizzle(3, 3, 3), Layout((8, 64), (64, 1))),
                     shows and is colored by its swizzled offsets
  cute svg-tv 'EXPR' [--tile M,N] [-o FILE.svg] [--color thread|value|warp|white]
                     draw a thread-value layout (tid, vid) -> (m, n); a linear
                     codomain is folded into the tile M x N (column-major)
  cute latex 'EXPR' [-o FILE.tex] [--color ...] [--no-pdf]
  cute latex-tv 'EXPR' [--tile M,N] [-o FILE.tex] [--color ...] [--no-pdf]
                     the same as TikZ documents, compiled to PDF with pdflatex
                     when it is installed (the .tex is kept otherwise)
  cute codegen 'EXPR' [--lang c|cuda|rust] [--coord NAMES] [--fn NAME]
                     the offset of a layout as source code over named
                     coordinates: one index (--coord t), one name per mode
                     (the default: i,j,...) or one per leaf; --fn wraps it
                     in a function; a layout over symbols, 'M, ld =
                     symbols(\"M ld\"); Layout((M, 8), (1, ld))', gives code
                     over them too (the function takes them after the
                     coordinates)
  cute tour          a short walk through layouts and their algebra
  cute help          this text

The language is the one of the PyCuTe specification's examples:
  Layout((4, 8), (1, 4))(2, 3)    composition(Layout(20, 2), Layout((5, 4), (4, 1)))
  A = Layout((3, (2, 4)))         shape[1](A)      A[1:]      3 * E(0) + 5 * E(1)
  Layout((2, 3), (1, 2))[2] -> IndexError
  T = make_tensor((4, 4), dtype=c_int); T[1, 2] = 42; T[1, None]
EXPR may be several statements separated by ';', the last one an expression.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    match argv.as_slice() {
        ["eval", src] => eval_one(src),
        ["eval", ..] => usage_error("eval takes exactly one argument, the expression"),
        ["print", src] => print_one(src),
        ["print", ..] => {
            usage_error("print takes exactly one argument, a layout or tensor expression")
        }
        ["table", src] => {
            report(batch::guarded(|| draw::table(src, &mut Env::new())).map(draw::Written::Stdout))
        }
        ["table", ..] => {
            usage_error("table takes exactly one argument, a layout or tensor expression")
        }
        [cmd @ ("svg" | "svg-tv" | "latex" | "latex-tv"), rest @ ..] => {
            let tv = cmd.ends_with("-tv");
            let latex = cmd.starts_with("latex");
            match draw::parse_options(rest, tv, latex) {
                Ok(o) => report(batch::guarded(|| {
                    if tv {
                        draw::draw_tv(&o, latex)
                    } else {
                        draw::draw(&o, latex)
                    }
                })),
                Err(msg) => usage_error(&format!("{cmd}: {msg}")),
            }
        }
        ["codegen", rest @ ..] => match codegen::parse_options(rest) {
            Ok(o) => report(batch::guarded(|| codegen::run(&o)).map(draw::Written::Stdout)),
            Err(msg) => usage_error(&format!("codegen: {msg}")),
        },
        ["batch"] => {
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
        ["tour"] => {
            let stdout = std::io::stdout();
            match tour::run(&mut stdout.lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("cute tour: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        ["help"] | ["--help"] | ["-h"] => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        [] => usage_error("no command given"),
        [cmd, ..] => usage_error(&format!("unknown command {cmd:?}")),
    }
}

fn usage_error(msg: &str) -> ExitCode {
    eprintln!("cute: {msg}\n\n{USAGE}");
    ExitCode::from(2)
}

fn eval_one(src: &str) -> ExitCode {
    // a panic is reported as an error line, not as a trace
    std::panic::set_hook(Box::new(|_| {}));
    let mut env = Env::new();
    match batch::guarded(|| expr::eval(src, &mut env)) {
        Ok(Outcome::Value(v)) => {
            println!("{v}");
            ExitCode::SUCCESS
        }
        Ok(Outcome::Statement) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}: {}", e.class(), batch::one_line(&e.to_string()));
            let _ = std::io::stderr().flush();
            ExitCode::FAILURE
        }
    }
}

/// Prints a result of `table` or a drawing command (or `Class: message` on
/// standard error, exit 1).
fn report(r: cute_dynamic::Result<draw::Written>) -> ExitCode {
    match r {
        Ok(draw::Written::Stdout(text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Ok(draw::Written::Files(files, note)) => {
            for f in files {
                println!("wrote {}", f.display());
            }
            if let Some(n) = note {
                println!("{n}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {}", e.class(), batch::one_line(&e.to_string()));
            let _ = std::io::stderr().flush();
            ExitCode::FAILURE
        }
    }
}

fn print_one(src: &str) -> ExitCode {
    std::panic::set_hook(Box::new(|_| {}));
    match batch::guarded(|| tour::table(src, &mut Env::new())) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {}", e.class(), batch::one_line(&e.to_string()));
            let _ = std::io::stderr().flush();
            ExitCode::FAILURE
        }
    }
}
