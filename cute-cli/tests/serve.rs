//! `cute serve`, run as a process on a free port: its routes and API over
//! raw TCP, hostile requests (a huge request line, bad UTF-8, path
//! traversal, garbage, slow and half-sent requests) after each of which it
//! still answers, and its page in a real browser: headless Chromium driven
//! through the DevTools protocol (`headless_chrome`). The browser test is
//! skipped, saying why, where Chromium is not installed (`CUTE_CHROMIUM`
//! names the binary; otherwise `chromium`, `chromium-browser`,
//! `google-chrome` are looked for on the `PATH`).
//!
//! The browser test saves its screenshots (1200 x 800) in Cargo's
//! temporary directory for tests (`target/tmp/cute-serve-*.png`), to look
//! at; `cute-serve-composition.png` is the README's
//! `docs/images/cute-serve.png`.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use headless_chrome::protocol::cdp::Emulation;
use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions, Tab};

use common::{fuzz_cases, fuzz_seed, Rng};

/// A `cute serve --port 0` process, stopped when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cute"))
            .args(["serve", "--port", "0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cute serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout is piped"))
            .read_line(&mut line)
            .expect("cute serve prints its address");
        // "cute serve: http://127.0.0.1:PORT/ (...)"
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|s| s.split('/').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Server { child, addr }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Sends `request` as it is and reads the answer until the server
    /// closes (or 30 s pass): the status code (0 if none) and the body.
    fn raw(&self, request: &[u8]) -> (u16, String) {
        self.send(request, false)
    }

    /// [`Server::raw`], closing the sending side after the request, so
    /// that an incomplete request is known to be all there is (instead of
    /// waiting for the head's deadline).
    fn raw_then_close(&self, request: &[u8]) -> (u16, String) {
        self.send(request, true)
    }

    fn send(&self, request: &[u8], close_sending: bool) -> (u16, String) {
        let mut s = TcpStream::connect(self.addr).expect("the server accepts");
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        // the server may close before reading everything of a hostile request
        let _ = s.write_all(request);
        if close_sending {
            let _ = s.shutdown(std::net::Shutdown::Write);
        }
        let mut answer = Vec::new();
        let _ = s.read_to_end(&mut answer);
        parse_answer(&answer)
    }

    fn get(&self, target: &str) -> (u16, String) {
        self.raw(
            format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
    }

    /// True iff the page and the API still answer, promptly.
    fn alive(&self) {
        let t = Instant::now();
        let (status, body) = self.get("/api/eval?expr=size(Layout((4%2C+8)))");
        assert_eq!(status, 200, "{body}");
        assert!(body.contains(r#""repr":"32""#), "{body}");
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn parse_answer(answer: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(answer);
    let status = text
        .strip_prefix("HTTP/1.1 ")
        .and_then(|s| s.get(..3))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

#[test]
fn the_routes_answer_and_nothing_else_is_served() {
    let server = Server::start();
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.contains(r#"<input id="expr""#) && page.contains("/app.js"));
    assert_eq!(server.get("/app.js").0, 200);
    assert_eq!(server.get("/style.css").0, 200);
    // the page ignores its query: the script reads it
    assert_eq!(server.get("/?expr=Layout(4)").1, page);
    let (status, body) = server
        .get("/api/eval?expr=composition(Layout((6%2C2)%2C(8%2C2))%2CLayout((4%2C3)%2C(3%2C1)))");
    assert_eq!(status, 200);
    assert!(
        body.starts_with(
            r#"{"ok":true,"kind":"linked","repr":"Layout(((2, 2), 3), ((24, 2), 8))""#
        ),
        "{body}"
    );
    let (status, body) = server.get("/api/eval?expr=Layout((2%2C+3))%5B5%5D");
    assert_eq!(status, 200);
    assert!(
        body.starts_with(r#"{"ok":false,"class":"IndexError""#),
        "{body}"
    );
    // the trace of an explained operation, and the bank view
    let (status, body) = server.get(
        "/api/explain?expr=composition(Layout((6%2C2)%2C(8%2C2))%2CLayout((4%2C3)%2C(3%2C1)))",
    );
    assert_eq!(status, 200);
    assert!(
        body.starts_with(r#"{"ok":true,"explained":true,"trace":{"op":"composition""#),
        "{body:.300}"
    );
    assert_eq!(
        server.get("/api/explain?expr=Layout(4)").1,
        r#"{"ok":true,"explained":false}"#
    );
    let (status, body) = server.get(
        "/api/banks?tv=Layout(((8%2C4)%2C8)%2C((1%2C64)%2C8))&smem=Layout((8%2C64)%2C(64%2C1))\
         &bits=16&op=ldmatrix",
    );
    assert_eq!(status, 200);
    assert!(
        body.starts_with(r#"{"ok":true,"kind":"banks","wavefronts":32,"ideal":4,"#),
        "{body:.300}"
    );
    let (status, _) = server.raw(b"HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert_eq!(status, 200);
    for path in [
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2fetc%2fpasswd",
        "//etc/passwd",
        "/api/eval/../../../etc/passwd",
        "/app.js/../../etc/passwd",
        "/index.html",
        "/Cargo.toml",
        "/src/main.rs",
    ] {
        let (status, body) = server.get(path);
        assert_eq!(status, 404, "{path}");
        assert!(!body.contains("root:"), "{path}: {body}");
    }
    server.alive();
}

#[test]
fn the_server_survives_hostile_requests() {
    let server = Server::start();
    // slow clients: half a request line, then nothing; they hold a
    // connection each until the deadline, and nobody else waits for them
    let slow: Vec<TcpStream> = (0..8)
        .map(|_| {
            let mut s = TcpStream::connect(server.addr).unwrap();
            s.write_all(b"GET /api/eval?expr=").unwrap();
            s
        })
        .collect();
    server.alive();
    // a request line of 4 MiB: refused once 64 KiB are read
    let mut huge = b"GET /api/eval?expr=".to_vec();
    huge.resize(4 << 20, b'1');
    huge.extend_from_slice(b" HTTP/1.1\r\n\r\n");
    let (status, _) = server.raw(&huge);
    assert!(matches!(status, 414 | 0), "{status}");
    server.alive();
    // headers too many and too long
    let mut many = b"GET / HTTP/1.1\r\n".to_vec();
    for i in 0..200 {
        many.extend_from_slice(format!("X-{i}: {i}\r\n").as_bytes());
    }
    many.extend_from_slice(b"\r\n");
    assert_eq!(server.raw(&many).0, 431);
    let mut long = b"GET / HTTP/1.1\r\nX: ".to_vec();
    long.resize(100_000, b'x');
    long.extend_from_slice(b"\r\n\r\n");
    assert!(matches!(server.raw(&long).0, 431 | 0));
    server.alive();
    // bad UTF-8: encoded in the query, and raw in the request line
    let (status, body) = server.get("/api/eval?expr=Layout(%FF%FE)");
    assert_eq!(status, 400);
    assert!(
        body.contains("BadRequest") && body.contains("UTF-8"),
        "{body}"
    );
    assert_eq!(server.get("/api/eval?expr=%E2%28%A1").0, 400);
    assert_eq!(server.get("/api/eval?expr=%").0, 400);
    assert_eq!(
        server
            .raw(b"GET /api/eval?expr=\xff\xfe HTTP/1.1\r\n\r\n")
            .0,
        400
    );
    assert_eq!(server.get("/api/eval").0, 400);
    assert_eq!(server.get("/api/explain?expr=%FF").0, 400);
    assert_eq!(server.get("/api/explain").0, 400);
    assert_eq!(server.get("/api/banks?tv=%FF&smem=1").0, 400);
    assert_eq!(server.get("/api/banks?tv=Layout(4)").0, 400);
    server.alive();
    // garbage, other methods, a body, another host, an absolute target
    for (request, want) in [
        (&b"\x00\x01\x02\x03 garbage \xff\r\n\r\n"[..], 400),
        (b"HELLO\r\n\r\n", 400),
        (b"GET\r\n\r\n", 400),
        (
            b"POST /api/eval HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc",
            405,
        ),
        (
            b"GET /api/eval?expr=1 HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc",
            413,
        ),
        (
            b"GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            413,
        ),
        (b"GET / HTTP/1.1\r\nHost: attacker.example\r\n\r\n", 421),
        (b"GET http://127.0.0.1/ HTTP/1.1\r\n\r\n", 400),
        (b"GET / HTTP/9.9\r\n\r\n", 400),
    ] {
        assert_eq!(
            server.raw(request).0,
            want,
            "{:?}",
            String::from_utf8_lossy(request)
        );
    }
    // connections closed at once, or after part of a request
    for part in [&b""[..], b"GE", b"GET / HTTP/1.1\r\nHost: 127"] {
        let mut s = TcpStream::connect(server.addr).unwrap();
        let _ = s.write_all(part);
        drop(s);
    }
    // a request cut short by the client's end of sending is answered 400;
    // nothing, or blank lines, is no request at all
    for (part, want) in [
        (&b"GE"[..], 400),
        (b"GET / HTTP/1.1\r\nHost: 127", 400),
        (b"", 0),
        (b"\r\n", 0),
    ] {
        assert_eq!(
            server.raw_then_close(part).0,
            want,
            "{:?}",
            String::from_utf8_lossy(part)
        );
    }
    server.alive();
    // lines that exhaust the evaluator's budgets or nest deeply
    for expr in [
        "tuple(range(10**9))",
        "Layout((100000%2C+100000))",
        "make_tiled_mma(MMA_Atom(SM80_16x8x8_F32F16F16F32_TN)%2C+Layout((64%2C+64%2C+1)))",
        &"(".repeat(20_000),
        &"-".repeat(20_000),
    ] {
        let t = Instant::now();
        let (status, body) = server.get(&format!("/api/eval?expr={expr}"));
        assert_eq!(status, 200, "{expr:.40}: {body:.300}");
        assert!(body.starts_with(r#"{"ok":"#), "{body:.300}");
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "{expr:.40}: {:?}",
            t.elapsed()
        );
    }
    // the same through the trace and the bank view
    for target in [
        "/api/explain?expr=composition(Layout((100000%2C+100000))%2C+Layout(4))",
        "/api/explain?expr=coalesce(Layout(tuple(range(10**9))))",
        &format!("/api/explain?expr=composition({}", "(".repeat(20_000)),
        "/api/banks?tv=Layout((100000%2C+100000))&smem=Layout(4)&bits=16&op=ld",
        "/api/banks?tv=Layout((1024%2C+1024))&smem=Layout((1024%2C+1024))&bits=8&op=ld",
        "/api/banks?tv=Layout(4)&smem=Layout(4)&bits=10**30&op=ld",
        &format!("/api/banks?tv={}&smem=1", "-".repeat(20_000)),
    ] {
        let t = Instant::now();
        let (status, body) = server.get(target);
        assert_eq!(status, 200, "{target:.60}: {body:.300}");
        assert!(body.starts_with(r#"{"ok":"#), "{body:.300}");
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "{target:.60}: {:?}",
            t.elapsed()
        );
    }
    server.alive();
    // a slow client is answered 408 at its deadline (10 s after its connect)
    let mut first = slow.into_iter().next().unwrap();
    first
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut answer = Vec::new();
    let _ = first.read_to_end(&mut answer);
    assert_eq!(parse_answer(&answer).0, 408);
    server.alive();
}

/// The Chromium binary, or why there is none.
fn chromium() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("CUTE_CHROMIUM") {
        let p = PathBuf::from(p);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(format!(
                "CUTE_CHROMIUM is {}, which is not a file",
                p.display()
            ))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            let p = dir.join(name);
            if p.is_file() {
                return Ok(p);
            }
        }
    }
    Err("no chromium, chromium-browser or google-chrome on the PATH (set CUTE_CHROMIUM)".into())
}

/// Evaluates `js` in the page: its value as a string (a number or boolean
/// as its JSON text).
fn js(tab: &Tab, js: &str) -> String {
    let v = tab
        .evaluate(js, false)
        .unwrap_or_else(|e| panic!("{js}: {e}"))
        .value
        .unwrap_or_else(|| panic!("{js}: no value"));
    v.as_str().map_or_else(|| v.to_string(), str::to_string)
}

/// Waits until the page has shown an answer (`done` or `error`).
fn settled(tab: &Tab) -> String {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let state = js(tab, "document.body.dataset.state");
        if state == "done" || state == "error" {
            return state;
        }
        assert!(Instant::now() < until, "the page is still {state:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Checks that the lit cells are exactly those whose thread label is
/// `T{t}`, read from the SVG's own labels, and that there are `n`.
fn lit_thread(tab: &Tab, t: u32, n: usize) {
    let check = format!(
        "(() => {{
            const svg = document.querySelector('#drawing svg');
            const lit = new Set(svg.querySelectorAll('rect.cell.hl'));
            // the cells whose T label says T{t}, from the labels alone
            const want = new Set();
            for (const label of svg.querySelectorAll('text.thread')) {{
                if (label.textContent !== 'T{t}') continue;
                const m = label.getAttribute('data-m'), n = label.getAttribute('data-n');
                for (const r of label.parentNode.querySelectorAll('rect.cell')) {{
                    if (r.parentNode === label.parentNode && r.getAttribute('data-m') === m
                        && r.getAttribute('data-n') === n) want.add(r);
                }}
            }}
            const same = lit.size === want.size && [...want].every((r) => lit.has(r));
            return JSON.stringify([lit.size, want.size, same,
                document.getElementById('drawing').classList.contains('lit')])
                + ' lit: ' + [...lit].map((r) => r.getAttribute('data-t') + '@' + r.getAttribute('data-m') + ',' + r.getAttribute('data-n')).join(' ');
        }})()"
    );
    let got = js(tab, &check);
    assert!(
        got.starts_with(&format!("[{n},{n},true,true]")),
        "thread {t}: {got}"
    );
}

fn screenshot(tab: &Tab, name: &str) -> PathBuf {
    let png = tab
        .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .expect("a screenshot");
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cute-serve-{name}.png"));
    std::fs::write(&path, png).expect("the screenshot is written");
    path
}

/// Says why the browser test did not run, where `cargo test` shows it
/// (standard error itself, not the test's captured output).
fn skip(why: &str) {
    let _ = writeln!(std::io::stderr(), "serve: browser test skipped: {why}");
}

#[test]
fn the_page_works_in_a_browser() {
    let path = match chromium() {
        Ok(p) => p,
        Err(why) => return skip(&why),
    };
    let server = Server::start();
    let options = LaunchOptions {
        path: Some(path),
        headless: true,
        sandbox: false,
        window_size: Some((1200, 800)),
        idle_browser_timeout: Duration::from_secs(120),
        ..LaunchOptions::default()
    };
    let browser = match Browser::new(options) {
        Ok(b) => b,
        Err(e) => return skip(&format!("Chromium did not start: {e}")),
    };
    let tab = browser.new_tab().expect("a tab");
    tab.set_default_timeout(Duration::from_secs(30));
    // a viewport of 1200 x 800, whatever the window's decorations take
    tab.call_method(Emulation::SetDeviceMetricsOverride {
        width: 1200,
        height: 800,
        device_scale_factor: 1.0,
        mobile: false,
        scale: None,
        screen_width: None,
        screen_height: None,
        position_x: None,
        position_y: None,
        dont_set_visible_size: None,
        screen_orientation: None,
        viewport: None,
        display_feature: None,
        device_posture: None,
    })
    .expect("the viewport is set");

    // type an expression and a tile, press Enter
    tab.navigate_to(&server.url("/"))
        .unwrap()
        .wait_until_navigated()
        .unwrap();
    let tv = "Layout(((4, 8), (2, 2)), ((32, 1), (16, 8)))";
    tab.wait_for_element("#expr")
        .unwrap()
        .type_into(tv)
        .unwrap();
    tab.find_element("#tile")
        .unwrap()
        .type_into("16,8")
        .unwrap();
    tab.press_key("Enter").unwrap();
    assert_eq!(settled(&tab), "done");
    assert_eq!(js(&tab, "document.body.dataset.kind"), "tv");
    assert_eq!(js(&tab, "document.querySelector('#repr').textContent"), tv);
    assert_eq!(
        js(
            &tab,
            "document.querySelectorAll('#drawing rect.cell').length"
        ),
        "128"
    );
    assert_eq!(
        js(&tab, "new URLSearchParams(location.search).get('expr')"),
        tv
    );
    assert_eq!(
        js(&tab, "new URLSearchParams(location.search).get('tile')"),
        "16,8"
    );

    // click a cell of thread 5: its four values light up, and nothing else
    let el = tab.find_element("#drawing rect.cell[data-t='5']").unwrap();
    el.click().unwrap();
    lit_thread(&tab, 5, 4);
    assert!(
        js(&tab, "document.getElementById('status').textContent").starts_with("T5 holds 4 values")
    );
    // hovering another thread lights it; leaving the drawing goes back to 5
    tab.find_element("#drawing rect.cell[data-t='17']")
        .unwrap()
        .move_mouse_over()
        .unwrap();
    lit_thread(&tab, 17, 4);
    tab.find_element("#run").unwrap().move_mouse_over().unwrap();
    lit_thread(&tab, 5, 4);
    // clicking a value (its V label) lights its thread
    let value = tab
        .find_element("#drawing text.value[data-t='30']")
        .unwrap();
    value.click().unwrap();
    lit_thread(&tab, 30, 4);
    // a thread of the list
    tab.find_element("#threads button[data-t='9']")
        .unwrap()
        .click()
        .unwrap();
    lit_thread(&tab, 9, 4);
    assert_eq!(
        js(
            &tab,
            "document.querySelector('#threads button.on').textContent"
        ),
        "T9"
    );
    screenshot(&tab, "tv");

    // a shared URL: a tiled MMA shown on load; a thread lights A, B and C
    let mma = "make_tiled_mma(MMA_Atom(SM80_16x8x8_F32F16F16F32_TN))";
    tab.navigate_to(&server.url(&format!("/?expr={mma}")))
        .unwrap()
        .wait_until_navigated()
        .unwrap();
    assert_eq!(settled(&tab), "done");
    assert_eq!(js(&tab, "document.getElementById('expr').value"), mma);
    assert_eq!(js(&tab, "document.body.dataset.kind"), "mma");
    assert_eq!(
        js(
            &tab,
            "document.querySelectorAll('#drawing g.operand').length"
        ),
        "3"
    );
    assert_eq!(
        js(
            &tab,
            "document.querySelectorAll('#drawing rect.cell').length"
        ),
        "320"
    );
    tab.find_element("#drawing g.operand[data-operand='C'] rect.cell[data-t='5']")
        .unwrap()
        .click()
        .unwrap();
    // thread 5 holds 4 values of A, 2 of B, 4 of C
    lit_thread(&tab, 5, 10);
    let operands = js(
        &tab,
        "[...document.querySelectorAll('#drawing rect.cell.hl')].map((r) => r.closest('g.operand').getAttribute('data-operand')).sort().join('')",
    );
    assert_eq!(operands, "AAAABBCCCC");
    screenshot(&tab, "mma");

    // a composition beside its operands: a result cell lights A's and B's
    let comp = "composition(Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1)))";
    let encoded = comp.replace(' ', "%20").replace(',', "%2C");
    tab.navigate_to(&server.url(&format!("/?expr={encoded}")))
        .unwrap()
        .wait_until_navigated()
        .unwrap();
    assert_eq!(settled(&tab), "done");
    assert_eq!(js(&tab, "document.body.dataset.kind"), "linked");
    assert_eq!(
        js(
            &tab,
            "document.querySelectorAll('#drawing figure svg').length"
        ),
        "3"
    );
    // result (1, 0) is index 1: B's cell (1, 0) holds B(1) = 3, A's index 3 is A's cell (3, 0)
    tab.find_element("figure[data-panel='2'] rect.cell[data-m='1'][data-n='0']")
        .unwrap()
        .move_mouse_over()
        .unwrap();
    let lit = js(
        &tab,
        "[...document.querySelectorAll('#drawing rect.cell.hl')].map((r) => r.closest('figure').dataset.panel + ':' + r.getAttribute('data-m') + ',' + r.getAttribute('data-n')).sort().join(' ')",
    );
    assert_eq!(lit, "0:3,0 1:1,0 2:1,0");
    // linked cells share a colour
    let fills = js(
        &tab,
        "['0', '1', '2'].map((p, i) => document.querySelector(`figure[data-panel='${p}'] rect.cell[data-m='${['3', '1', '1'][i]}'][data-n='0']`).getAttribute('fill')).join('|')",
    );
    let colours: Vec<&str> = fills.split('|').collect();
    assert_eq!(colours.len(), 3, "{fills}");
    assert!(
        colours[0].starts_with("hsl(") && colours.iter().all(|c| *c == colours[0]),
        "{fills}"
    );
    screenshot(&tab, "composition");

    // its trace, step by step: Next twice, then the last step, the result
    let step = |tab: &Tab| {
        js(
            tab,
            "JSON.stringify([document.querySelector('#steps li.current').dataset.step, \
             document.getElementById('step-text').textContent, \
             document.querySelector('#steps li.current').textContent, \
             document.getElementById('step-count').textContent])",
        )
    };
    assert_eq!(js(&tab, "document.getElementById('trace').hidden"), "false");
    assert_eq!(
        js(&tab, "document.getElementById('trace-call').textContent"),
        comp
    );
    let steps: usize = js(&tab, "document.querySelectorAll('#steps li').length")
        .parse()
        .unwrap();
    assert!(steps > 3, "{steps}");
    let first = step(&tab);
    assert!(first.starts_with(r#"["0","A o B: each leaf"#), "{first}");
    assert_eq!(js(&tab, "document.getElementById('prev').disabled"), "true");
    tab.find_element("#next").unwrap().click().unwrap();
    let second = step(&tab);
    tab.find_element("#next").unwrap().click().unwrap();
    let third = step(&tab);
    assert!(
        second.starts_with(r#"["1","the walk reads A's flat modes"#),
        "{second}"
    );
    assert!(third.starts_with(r#"["2","leaf 0 of B, 4:3""#), "{third}");
    assert_eq!(
        js(
            &tab,
            "document.querySelectorAll('#steps li.current').length"
        ),
        "1"
    );
    // the values of the step: leaf 0 of B is 4:3
    assert_eq!(
        js(
            &tab,
            "[...document.querySelectorAll('#step-values dt, #step-values dd')].map((e) => e.textContent).join(' ')"
        ),
        "leaf 0 extent 4 stride 3"
    );
    screenshot(&tab, "trace");
    tab.find_element(&format!("#steps li[data-step='{}']", steps - 1))
        .unwrap()
        .click()
        .unwrap();
    let last = step(&tab);
    assert!(
        last.starts_with(&format!(r#"["{}","= ((2, 2), 3):((24, 2), 8)""#, steps - 1)),
        "{last}"
    );
    assert_eq!(
        js(&tab, "document.getElementById('step').dataset.kind"),
        "result"
    );
    assert!(
        js(&tab, "document.getElementById('step-values').textContent")
            .contains("Layout(((2, 2), 3), ((24, 2), 8))")
    );
    assert_eq!(js(&tab, "document.getElementById('next').disabled"), "true");
    screenshot(&tab, "trace-result");

    // a refused composition: the page shows the error and the trace ends in
    // the refusal, after the condition that fails
    let refused = "composition(Layout((6, 2), (8, 2)), Layout((4, 3), (5, 1)))";
    let encoded = refused.replace(' ', "%20").replace(',', "%2C");
    tab.navigate_to(&server.url(&format!("/?expr={encoded}")))
        .unwrap()
        .wait_until_navigated()
        .unwrap();
    assert_eq!(settled(&tab), "error");
    assert_eq!(
        js(&tab, "document.getElementById('error-class').textContent"),
        "ValueError:"
    );
    assert_eq!(js(&tab, "document.getElementById('trace').hidden"), "false");
    let steps: usize = js(&tab, "document.querySelectorAll('#steps li').length")
        .parse()
        .unwrap();
    for _ in 1..steps {
        tab.find_element("#next").unwrap().click().unwrap();
    }
    let last = step(&tab);
    assert!(
        last.starts_with(&format!(
            r#"["{}","refused: ValueError: composition"#,
            steps - 1
        )),
        "{last}"
    );
    assert_eq!(
        js(&tab, "document.getElementById('step').dataset.kind"),
        "refused"
    );
    screenshot(&tab, "trace-refused");
    tab.find_element("#prev").unwrap().click().unwrap();
    let check = step(&tab);
    assert!(
        check.contains("stride divisibility: 5 and 6 do not divide one another [fails]"),
        "{check}"
    );
    assert_eq!(
        js(&tab, "document.getElementById('step').dataset.holds"),
        "false"
    );
    assert!(
        js(&tab, "document.getElementById('step-values').textContent")
            .starts_with("conditionstride divisibility")
    );

    // the bank view: ldmatrix of 16-bit elements from a row-major tile, 32
    // wavefronts; with the swizzle, 4
    let ldmatrix = "Layout(((8, 4), 8), ((1, 64), 8))";
    let smem = "Layout((8, 64), (64, 1))";
    let enc = |s: &str| s.replace(' ', "%20").replace(',', "%2C");
    tab.navigate_to(&server.url(&format!(
        "/?expr={}&smem={}&bits=16&op=ldmatrix",
        enc(ldmatrix),
        enc(smem)
    )))
    .unwrap()
    .wait_until_navigated()
    .unwrap();
    assert_eq!(settled(&tab), "done");
    assert_eq!(js(&tab, "document.body.dataset.kind"), "banks");
    assert_eq!(js(&tab, "document.getElementById('smem').value"), smem);
    assert_eq!(js(&tab, "document.getElementById('bits').value"), "16");
    assert_eq!(js(&tab, "document.getElementById('op').value"), "ldmatrix");
    let wavefronts = |tab: &Tab| {
        js(
            tab,
            "(() => { const w = document.getElementById('wavefronts'); \
             return [w.hidden, w.dataset.wavefronts, w.dataset.ideal, \
             document.querySelectorAll('#drawing svg').length].join(' ') + ': ' + w.textContent; })()",
        )
    };
    let got = wavefronts(&tab);
    assert!(
        got.starts_with("false 32 4 1: 32 wavefronts (ideal 4): bank conflicts"),
        "{got}"
    );
    screenshot(&tab, "banks");
    let swizzled = format!("composition(Swizzle(3, 3, 3), {smem})");
    js(&tab, "document.getElementById('smem').value = ''");
    tab.find_element("#smem")
        .unwrap()
        .type_into(&swizzled)
        .unwrap();
    tab.press_key("Enter").unwrap();
    let until = Instant::now() + Duration::from_secs(30);
    while js(
        &tab,
        "document.getElementById('wavefronts').dataset.wavefronts",
    ) != "4"
    {
        assert!(Instant::now() < until, "{}", wavefronts(&tab));
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(settled(&tab), "done");
    let got = wavefronts(&tab);
    assert!(
        got.starts_with("false 4 4 1: 4 wavefronts (ideal 4): conflict-free"),
        "{got}"
    );
    assert_eq!(
        js(&tab, "new URLSearchParams(location.search).get('smem')"),
        swizzled
    );
    screenshot(&tab, "banks-swizzle");
    // a bad shared-memory layout: the error is shown
    js(&tab, "document.getElementById('smem').value = ''");
    tab.find_element("#smem")
        .unwrap()
        .type_into("Layout((8, 64)")
        .unwrap();
    tab.press_key("Enter").unwrap();
    let until = Instant::now() + Duration::from_secs(30);
    while js(&tab, "document.body.dataset.state") != "error" {
        assert!(Instant::now() < until, "no error shown");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        js(&tab, "document.getElementById('error-class').textContent"),
        "SyntaxError:"
    );
    assert_eq!(
        js(&tab, "document.getElementById('wavefronts').hidden"),
        "true"
    );
    assert_eq!(
        js(&tab, "document.querySelectorAll('#drawing *').length"),
        "0"
    );

    // a divide: a cell of B lights its tile's cells in every tile
    let divide = "logical_divide(Layout((4, 8), (8, 1)), Layout(4, 2))";
    let encoded = divide.replace(' ', "%20").replace(',', "%2C");
    tab.navigate_to(&server.url(&format!("/?expr={encoded}")))
        .unwrap()
        .wait_until_navigated()
        .unwrap();
    assert_eq!(settled(&tab), "done");
    assert_eq!(js(&tab, "document.body.dataset.kind"), "linked");
    tab.find_element("figure[data-panel='1'] rect.cell[data-m='0'][data-n='1']")
        .unwrap()
        .click()
        .unwrap();
    let lit = js(
        &tab,
        "[...document.querySelectorAll('#drawing rect.cell.hl')].map((r) => r.closest('figure').dataset.panel + ':' + r.getAttribute('data-m') + ',' + r.getAttribute('data-n')).sort().join(' ')",
    );
    // result (1, n) for each n; A's index L(1 + 4 n) = 2 + (n % 2) + 8 (n / 2)
    assert_eq!(
        lit,
        "0:2,0 0:2,2 0:2,4 0:2,6 0:3,0 0:3,2 0:3,4 0:3,6 1:0,1 \
         2:1,0 2:1,1 2:1,2 2:1,3 2:1,4 2:1,5 2:1,6 2:1,7"
    );
    assert!(js(&tab, "document.getElementById('status').textContent")
        .starts_with("B cell (0, 1) gives 8 result cells"));
    screenshot(&tab, "divide");

    // bad input: the error is shown, never a blank page
    let input = tab.find_element("#expr").unwrap();
    js(&tab, "document.getElementById('expr').value = ''");
    input.type_into("Layout((2, 3))[5]").unwrap();
    tab.press_key("Enter").unwrap();
    assert_eq!(settled(&tab), "error");
    assert_eq!(js(&tab, "document.getElementById('error').hidden"), "false");
    assert_eq!(
        js(&tab, "document.getElementById('error-class').textContent"),
        "IndexError:"
    );
    assert_eq!(
        js(&tab, "document.querySelectorAll('#drawing *').length"),
        "0"
    );
    // a shared URL that is not valid UTF-8 or does not parse
    for query in ["%FF%FE", "Layout((4%2C"] {
        tab.navigate_to(&server.url(&format!("/?expr={query}")))
            .unwrap()
            .wait_until_navigated()
            .unwrap();
        assert_eq!(settled(&tab), "error", "{query}");
        assert_eq!(
            js(&tab, "document.getElementById('error-class').textContent"),
            "SyntaxError:"
        );
    }
    screenshot(&tab, "error");
    server.alive();
}

/// A random text of the language's tokens and stray characters, mostly
/// near an expression (so that it reaches the algebra), percent-encoded or
/// not.
fn random_expr(rng: &mut Rng) -> String {
    const TOKENS: &[&str] = &[
        "Layout(",
        "composition(",
        "complement(",
        "logical_divide(",
        "zipped_divide(",
        "logical_product(",
        "blocked_product(",
        "coalesce(",
        "right_inverse(",
        "size(",
        "make_tiled_mma(",
        "MMA_Atom(",
        "SM80_16x8x8_F32F16F16F32_TN",
        "Swizzle(3, 3, 3)",
        "E(0)",
        "None",
        "(",
        ")",
        ",",
        ", ",
        "%2C",
        "+",
        "-",
        "*",
        "**",
        "//",
        "%",
        "@",
        "0",
        "1",
        "2",
        "4",
        "8",
        "16",
        "-3",
        "10**18",
        "2**63",
        "99999999999999999999",
        "x",
        "=",
        ";",
        "[",
        "]",
        ":",
        "'",
        "\"",
        "%FF",
        "%00",
        "%20",
        "&",
        "?",
        "#",
        "\u{e9}",
        "\u{2028}",
    ];
    let n = 1 + rng.below(24);
    (0..n).map(|_| *rng.pick(TOKENS)).collect()
}

/// Seeded random requests (`CUTE_FUZZ_CASES` of them, 300 unless set;
/// `CUTE_FUZZ_SEED` the seed): random bytes, random targets, and random
/// texts of the language sent to the evaluation, trace and bank routes.
/// Each must be answered promptly with one of the statuses the server
/// documents (never a dropped connection or a server error), every API
/// answer of `200` must be a JSON answer, and the server must still answer
/// afterwards.
#[test]
fn the_server_answers_random_requests() {
    let (cases, seed) = (fuzz_cases(300), fuzz_seed(0x5E12_7E5E));
    let server = Server::start();
    let mut rng = Rng(seed | 1);
    for case in 0..cases {
        let (request, api) = match rng.below(4) {
            0 => {
                let mut b: Vec<u8> = (0..rng.below(200)).map(|_| rng.next() as u8).collect();
                b.extend_from_slice(b"\r\n\r\n");
                (b, false)
            }
            1 => {
                let target: String = (0..rng.below(6))
                    .map(|_| {
                        *rng.pick(&["/", "api", "/api/eval", "?", "expr=", "&", "..", "%2F", "x"])
                    })
                    .collect();
                let method = *rng.pick(&["GET", "HEAD", "POST", "get", "OPTIONS"]);
                (
                    format!("{method} {target} HTTP/1.1\r\n\r\n").into_bytes(),
                    false,
                )
            }
            _ => {
                let e = random_expr(&mut rng);
                let route = match rng.below(4) {
                    0 => format!("/api/explain?expr={e}"),
                    1 => format!(
                        "/api/banks?tv={e}&smem={}&bits=16&op=ld",
                        random_expr(&mut rng)
                    ),
                    _ => format!(
                        "/api/eval?expr={e}&tile={}",
                        rng.pick(&["8,8", "0,0", "x", "4"])
                    ),
                };
                let target: String = route.replace(' ', "+");
                (
                    format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").into_bytes(),
                    true,
                )
            }
        };
        let shown = || {
            format!(
                "case {case} (seed {seed}): {:.300?}",
                String::from_utf8_lossy(&request)
            )
        };
        let t = Instant::now();
        let (status, body) = server.raw_then_close(&request);
        // (blank lines alone are no request: the connection just closes)
        let blank = request.iter().all(|b| matches!(b, b'\r' | b'\n'));
        assert!(
            matches!(status, 200 | 400 | 404 | 405 | 413 | 414 | 421 | 431)
                || (blank && status == 0),
            "status {status}: {}: {body:.300}",
            shown()
        );
        if api && status == 200 {
            assert!(body.starts_with(r#"{"ok":"#), "{}: {body:.300}", shown());
        }
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "{}: {:?}",
            shown(),
            t.elapsed()
        );
        if case % 50 == 49 {
            server.alive();
        }
    }
    server.alive();
}
