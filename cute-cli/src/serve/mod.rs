//! `cute serve`: an interactive page over the evaluator, served on the
//! loopback interface.
//!
//! The server answers a fixed set of routes ([`ROUTES`]): the page and its
//! script and style sheet, compiled into the binary (`include_str!`), and
//! the evaluation API (`GET /api/eval?expr=...`, see [`api`]), the trace
//! of an explained operation (`GET /api/explain?expr=...`) and the bank
//! view of a shared-memory access (`GET /api/banks?tv=...&smem=...`). Nothing else
//! is served: no file is read, and any other path is `404`. Each connection
//! carries one request, read with the limits of [`http`] and answered on a
//! thread of its own; at most [`MAX_CONNECTIONS`] are open at once (more
//! are answered `503`) and at most [`MAX_EVALUATIONS`] evaluations run at
//! once, each within the evaluator's budgets and behind `catch_unwind`.

mod api;
mod http;
mod json;
mod linked;

use std::io::Write;
use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::panic::{self, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::args::Arg;

use http::{Request, Response};

/// The port `cute serve` listens on without `--port`: 2883 spells CUTE on
/// a phone's keypad.
pub const DEFAULT_PORT: u16 = 2883;

/// The most connections served at once; one more is answered `503`.
pub const MAX_CONNECTIONS: usize = 64;

/// The most evaluations run at once; another request waits for one to end.
pub const MAX_EVALUATIONS: usize = 4;

/// The limits of `cute serve`, for its help (after the evaluator's).
pub fn limits() -> String {
    format!(
        "the table has at most {} items and the picture at most {} items, as with print and \
         svg, and the page is sent at most {} bytes of SVG, {} bytes of table and {} bytes of \
         repr (a longer one is cut); a composition or divide is linked cell by cell up to {} \
         result cells; a request head (request line and headers) is at most {} bytes with at \
         most {} headers, sent within {} s of the connection; no route reads a request body; \
         at most {MAX_CONNECTIONS} connections at once (more are answered 503) and \
         {MAX_EVALUATIONS} evaluations at once",
        cute_dynamic::viz::MAX_PRINT_ITEMS,
        cute_dynamic::viz::MAX_DRAW_ITEMS,
        api::MAX_SVG,
        api::MAX_TABLE,
        api::MAX_REPR,
        linked::MAX_LINKS,
        http::MAX_HEAD,
        http::MAX_HEADERS,
        http::HEAD_DEADLINE.as_secs(),
    )
}

/// One route of the server: an exact path and its handler.
pub struct Route {
    /// The path, matched exactly (no decoding, no prefix).
    pub path: &'static str,
    /// What the route serves (the `404` answer lists the routes).
    pub what: &'static str,
    /// The answer to a `GET` (or `HEAD`) of the path.
    pub handler: fn(&Request) -> Response,
}

/// Every route the server answers; any other path is `404`.
///
/// This table is the server's extension point: a new view of the page
/// adds its API here and changes nothing else in the server. The planned
/// `explain` view, for instance, is one more entry, `Route { path:
/// "/api/explain", what: "...", handler: ... }`, whose handler reads its
/// parameters with `http::parse_query(&request.query)`, computes the trace
/// under [`evaluation_slot`] and `batch::guarded` as [`api::eval`] does
/// (`cute explain --json`, `explain::run`, already writes it as JSON), and
/// answers `Response::json(200, ...)`; the page's script (`assets/app.js`,
/// beside its `render`) then fetches and shows it. There is no such route
/// yet.
pub const ROUTES: &[Route] = &[
    Route {
        path: "/",
        what: "the page (an expression given as /?expr=...&tile=M,N&view=tv&color=NAME is shown \
               on load)",
        handler: |_| {
            Response::asset(
                "text/html; charset=utf-8",
                include_str!("assets/index.html"),
            )
            .with(
                "Content-Security-Policy",
                "default-src 'self'; img-src 'self' data:; object-src 'none'; \
                 frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
            )
        },
    },
    Route {
        path: "/app.js",
        what: "the page's script",
        handler: |_| {
            Response::asset(
                "text/javascript; charset=utf-8",
                include_str!("assets/app.js"),
            )
        },
    },
    Route {
        path: "/style.css",
        what: "the page's style sheet",
        handler: |_| Response::asset("text/css; charset=utf-8", include_str!("assets/style.css")),
    },
    Route {
        path: "/api/eval",
        what: "the evaluation of /api/eval?expr=EXPR[&tile=M,N][&view=tv][&color=NAME], as JSON",
        handler: |r| api::eval(&r.query),
    },
    Route {
        path: "/api/explain",
        what: "the trace of /api/explain?expr=EXPR (EXPR's last statement a call of an \
               explained operation, composition(A, B) and the like), as JSON",
        handler: |r| api::explain(&r.query),
    },
    Route {
        path: "/api/banks",
        what: "the bank picture and wavefronts of \
               /api/banks?tv=TV&smem=SMEM[&bits=BITS][&op=OP], as JSON",
        handler: |r| api::banks(&r.query),
    },
];

/// The options of `cute serve`.
#[derive(Debug)]
pub struct Options {
    /// `--port N` (0: a free port the system picks).
    pub port: u16,
}

/// Reads `[--port N]`; `Err` is a usage message.
pub fn parse_options(args: &[Arg]) -> Result<Options, String> {
    let mut port = DEFAULT_PORT;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let a = arg.text().map_err(|e| e.0)?;
        let value = match a {
            "--port" => it
                .next()
                .ok_or("--port needs a value")?
                .text()
                .map_err(|e| e.0)?,
            a if a.starts_with("--port=") => &a["--port=".len()..],
            a if a.starts_with('-') => return Err(format!("unknown option {a:?}")),
            a => return Err(format!("takes no expression; {a:?} is one too many")),
        };
        port = value
            .parse()
            .map_err(|_| format!("--port takes a port number from 0 to 65535, not {value:?}"))?;
    }
    Ok(Options { port })
}

/// `cute serve`: listens on `127.0.0.1`, prints the page's address, and
/// serves until the process is stopped.
pub fn run(o: &Options) -> ExitCode {
    let listener = match TcpListener::bind((Ipv4Addr::LOCALHOST, o.port)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("cute serve: cannot listen on 127.0.0.1:{}: {e}", o.port);
            return ExitCode::FAILURE;
        }
    };
    let addr = match listener.local_addr() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("cute serve: cannot read the address listened on: {e}");
            return ExitCode::FAILURE;
        }
    };
    {
        let mut out = std::io::stdout().lock();
        let said = writeln!(
            out,
            "cute serve: http://{addr}/ (the page; Ctrl-C stops the server)"
        )
        .and_then(|()| out.flush());
        if let Err(e) = said {
            eprintln!("cute serve: cannot write the address: {e}");
            return ExitCode::FAILURE;
        }
    }
    serve(&listener);
    ExitCode::SUCCESS
}

/// Accepts connections for ever, each served on a thread of its own.
fn serve(listener: &TcpListener) {
    let open = Arc::new(AtomicUsize::new(0));
    for conn in listener.incoming() {
        let mut stream = match conn {
            Ok(s) => s,
            Err(_) => {
                // out of file descriptors or an aborted handshake: go on
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
        };
        if open.load(Ordering::SeqCst) >= MAX_CONNECTIONS {
            refuse(&mut stream);
            continue;
        }
        let counted = Counted::new(&open);
        let spawned = std::thread::Builder::new()
            .name("cute-serve".into())
            .spawn(move || {
                let _counted = counted;
                connection(stream);
            });
        if spawned.is_err() {
            // the stream went with the closure; the client sees a reset
            continue;
        }
    }
}

/// Answers `503` at once, on the accepting thread (a short write to a new
/// connection does not wait), and closes.
fn refuse(stream: &mut TcpStream) {
    let r = Response::text(503, "too many connections; try again");
    http::respond(stream, &r, false, false);
}

/// One open connection, counted while it lives.
struct Counted(Arc<AtomicUsize>);

impl Counted {
    fn new(open: &Arc<AtomicUsize>) -> Counted {
        open.fetch_add(1, Ordering::SeqCst);
        Counted(Arc::clone(open))
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Reads one request, answers it and closes the connection.
fn connection(mut stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    let deadline = Instant::now() + http::HEAD_DEADLINE;
    match http::read_request(&mut stream, deadline) {
        Ok(request) => {
            let response = route(&request);
            let head_only = request.method == http::Method::Head;
            http::respond(&mut stream, &response, head_only, true);
        }
        Err(Some(error)) => http::respond(&mut stream, &error, false, true),
        Err(None) => {}
    }
}

/// The answer of the route of `request.path`, `404` without one; a panic
/// of a handler is a `500`.
fn route(request: &Request) -> Response {
    let Some(r) = ROUTES.iter().find(|r| r.path == request.path) else {
        let routes: Vec<String> = ROUTES
            .iter()
            .map(|r| format!("  {}  {}", r.path, r.what))
            .collect();
        return Response::text(
            404,
            &format!("no such page; this server answers\n{}", routes.join("\n")),
        );
    };
    match panic::catch_unwind(AssertUnwindSafe(|| (r.handler)(request))) {
        Ok(response) => response,
        Err(payload) => Response::text(
            500,
            &format!(
                "internal error: {}",
                crate::batch::one_line(&crate::batch::panic_text(payload.as_ref()))
            ),
        ),
    }
}

/// The evaluations running, at most [`MAX_EVALUATIONS`].
static RUNNING: Mutex<usize> = Mutex::new(0);
/// Signalled when an evaluation ends.
static ENDED: Condvar = Condvar::new();

/// The right to run one evaluation, waited for while [`MAX_EVALUATIONS`]
/// run; given back when dropped.
pub struct EvaluationSlot(());

/// Waits for a free [`EvaluationSlot`].
pub fn evaluation_slot() -> EvaluationSlot {
    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    while *running >= MAX_EVALUATIONS {
        running = ENDED.wait(running).unwrap_or_else(|e| e.into_inner());
    }
    *running += 1;
    EvaluationSlot(())
}

impl Drop for EvaluationSlot {
    fn drop(&mut self) {
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        *running -= 1;
        ENDED.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<Arg> {
        crate::args::collect(a.iter().map(std::ffi::OsString::from))
    }

    #[test]
    fn options() {
        assert_eq!(parse_options(&args(&[])).unwrap().port, DEFAULT_PORT);
        assert_eq!(parse_options(&args(&["--port", "0"])).unwrap().port, 0);
        assert_eq!(parse_options(&args(&["--port=8080"])).unwrap().port, 8080);
        assert!(parse_options(&args(&["--port"])).is_err());
        assert!(parse_options(&args(&["--port", "65536"])).is_err());
        assert!(parse_options(&args(&["--host", "0.0.0.0"])).is_err());
        assert!(parse_options(&args(&["Layout(4)"])).is_err());
    }

    #[test]
    fn routes_are_fixed() {
        let get = |path: &str| {
            route(&Request {
                method: http::Method::Get,
                path: path.into(),
                query: "expr=Layout(4)&tv=Layout(4)&smem=Layout(4)".into(),
            })
        };
        for r in ROUTES {
            assert_eq!(get(r.path).status, 200, "{}", r.path);
        }
        for p in [
            "/../../etc/passwd",
            "/index.html",
            "//",
            "/api",
            "/api/eval/",
            "/%2e%2e/",
        ] {
            assert_eq!(get(p).status, 404, "{p}");
        }
    }
}
