//! The server's HTTP: one request per connection, read with stated limits
//! and a deadline, parsed by `httparse`, answered and closed.
//!
//! A connection sends one request head (request line and headers, at most
//! [`MAX_HEAD`] bytes, at most [`MAX_HEADERS`] headers) within
//! [`HEAD_DEADLINE`]; the head is answered with an error status otherwise
//! (`414`, `431`, `400`, `408`), and so is a request with a body (`413`: no
//! route takes one) or another method than `GET` or `HEAD` (`405`). The
//! body of a request is never read. Every answer closes the connection.

use std::borrow::Cow;
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

/// The longest request head (request line and headers) read, in bytes.
pub const MAX_HEAD: usize = 64 << 10;

/// The most headers a request may have.
pub const MAX_HEADERS: usize = 64;

/// The time a connection has to send its request head, from its accept.
pub const HEAD_DEADLINE: Duration = Duration::from_secs(10);

/// The time an answer may take to be written.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// The method of a request the server answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// `GET`.
    Get,
    /// `HEAD`: the answer of `GET` without its body.
    Head,
}

/// A request: its method, and its target split into the path and the
/// query (the text after `?`, still percent-encoded).
#[derive(Debug)]
pub struct Request {
    /// `GET` or `HEAD`.
    pub method: Method,
    /// The path, as sent (no decoding: routes match it exactly).
    pub path: String,
    /// The query, as sent, without its `?`.
    pub query: String,
}

/// An answer.
#[derive(Debug)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Cow<'static, [u8]>,
    /// Other headers.
    pub headers: Vec<(&'static str, &'static str)>,
}

impl Response {
    /// A `200` answer of a static asset.
    pub fn asset(content_type: &'static str, body: &'static str) -> Response {
        Response {
            status: 200,
            content_type,
            body: Cow::Borrowed(body.as_bytes()),
            headers: Vec::new(),
        }
    }

    /// A JSON answer.
    pub fn json(status: u16, body: String) -> Response {
        Response {
            status,
            content_type: "application/json; charset=utf-8",
            body: Cow::Owned(body.into_bytes()),
            headers: Vec::new(),
        }
    }

    /// A plain-text answer, for errors of the protocol.
    pub fn text(status: u16, body: &str) -> Response {
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body: Cow::Owned(format!("{status} {}: {body}\n", reason(status)).into_bytes()),
            headers: Vec::new(),
        }
    }

    /// Adds a header.
    pub fn with(mut self, name: &'static str, value: &'static str) -> Response {
        self.headers.push((name, value));
        self
    }
}

/// The reason phrase of a status.
pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        414 => "URI Too Long",
        421 => "Misdirected Request",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Unknown",
    }
}

/// Reads one request head from `stream` until `deadline`.
///
/// # Errors
/// `Err(Some(answer))`, the error status to answer with (see the module's
/// documentation; a peer that stops sending in the middle of a head is
/// answered `400`); `Err(None)` if the peer went away before sending
/// anything but blank lines, or the socket failed: there is nothing to
/// answer.
pub fn read_request(
    stream: &mut TcpStream,
    deadline: Instant,
) -> Result<Request, Option<Response>> {
    let mut buf: Vec<u8> = Vec::with_capacity(2048);
    let mut chunk = [0u8; 4096];
    loop {
        let now = Instant::now();
        if now >= deadline {
            return Err(Some(Response::text(408, "the request head took too long")));
        }
        // a zero timeout would mean "none": the deadline is in the future
        if stream.set_read_timeout(Some(deadline - now)).is_err() {
            return Err(None);
        }
        let room = (MAX_HEAD - buf.len()).min(chunk.len());
        match stream.read(&mut chunk[..room]) {
            // the peer sent all it will: nothing to answer if it sent
            // nothing (or blank lines, which may precede a request line)
            Ok(0) if buf.iter().all(|b| matches!(b, b'\r' | b'\n')) => return Err(None),
            Ok(0) => {
                return Err(Some(Response::text(
                    400,
                    "the connection closed before the request head was complete",
                )))
            }
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(Some(Response::text(408, "the request head took too long")))
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return Err(None),
        }
        match parse_head(&buf) {
            Some(r) => return r.map_err(Some),
            None if buf.len() >= MAX_HEAD => {
                let line_done = buf.contains(&b'\n');
                return Err(Some(if line_done {
                    Response::text(431, "the request headers are too long")
                } else {
                    Response::text(414, "the request line is too long")
                }));
            }
            None => {}
        }
    }
}

/// Parses a request head: `None` while it is incomplete, else the request
/// or the error status to answer with.
fn parse_head(buf: &[u8]) -> Option<Result<Request, Response>> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut req = httparse::Request::new(&mut headers);
    match req.parse(buf) {
        Ok(httparse::Status::Partial) => None,
        Ok(httparse::Status::Complete(_)) => Some(check(&req)),
        Err(httparse::Error::TooManyHeaders) => Some(Err(Response::text(
            431,
            &format!("more than {MAX_HEADERS} headers"),
        ))),
        Err(e) => Some(Err(Response::text(
            400,
            &format!("malformed request head: {e}"),
        ))),
    }
}

/// The checks of a complete head: method, no body, the host, the target.
fn check(req: &httparse::Request<'_, '_>) -> Result<Request, Response> {
    let method = match req.method {
        Some("GET") => Method::Get,
        Some("HEAD") => Method::Head,
        _ => {
            return Err(
                Response::text(405, "only GET and HEAD are answered").with("Allow", "GET, HEAD")
            )
        }
    };
    for h in req.headers.iter() {
        let name = h.name.to_ascii_lowercase();
        let body = match name.as_str() {
            "content-length" => h
                .value
                .iter()
                .any(|&b| b != b'0' && !b.is_ascii_whitespace()),
            "transfer-encoding" => true,
            _ => false,
        };
        if body {
            return Err(Response::text(413, "no route takes a request body"));
        }
        if name == "host" && !local_host(h.value) {
            // a page of another site reaching this one through a name that
            // resolves to the loopback address (DNS rebinding)
            return Err(Response::text(
                421,
                "this server answers to 127.0.0.1 and localhost only",
            ));
        }
    }
    let target = req.path.unwrap_or("");
    if !target.starts_with('/') {
        return Err(Response::text(400, "the request target must be a path"));
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    Ok(Request {
        method,
        path: path.to_string(),
        query: query.to_string(),
    })
}

/// True iff a `Host` header names the loopback interface (any port).
fn local_host(value: &[u8]) -> bool {
    let Ok(v) = std::str::from_utf8(value) else {
        return false;
    };
    let v = v.trim();
    let host = if let Some(rest) = v.strip_prefix('[') {
        rest.split(']').next().unwrap_or("")
    } else {
        v.rsplit_once(':').map_or(v, |(h, _)| h)
    };
    matches!(
        host.to_ascii_lowercase().as_str(),
        "127.0.0.1" | "localhost" | "::1"
    )
}

/// Writes `response` (without its body for `HEAD`) and closes the
/// connection, after reading what the peer still sends for a moment if
/// `wait` (see [`linger`]). Failures to write are ignored: the peer has
/// gone.
pub fn respond(stream: &mut TcpStream, response: &Response, head_only: bool, wait: bool) {
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n",
        response.status,
        reason(response.status),
        response.content_type,
        response.body.len()
    );
    for (name, value) in &response.headers {
        head.push_str(name);
        head.push_str(": ");
        head.push_str(value);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    let written = stream.write_all(head.as_bytes()).and_then(|()| {
        if head_only {
            Ok(())
        } else {
            stream.write_all(&response.body)
        }
    });
    if written.and_then(|()| stream.flush()).is_err() {
        return;
    }
    if wait {
        linger(stream);
    } else {
        let _ = stream.shutdown(Shutdown::Write);
    }
}

/// Closes the sending side, then reads and drops what the peer still
/// sends (for at most a second and 64 KiB), so that the close does not
/// reset the connection before the peer has read the answer.
fn linger(stream: &mut TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let until = Instant::now() + Duration::from_secs(1);
    let mut left = 64usize << 10;
    let mut sink = [0u8; 4096];
    while left > 0 {
        let now = Instant::now();
        if now >= until || stream.set_read_timeout(Some(until - now)).is_err() {
            return;
        }
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => return,
            Ok(n) => left = left.saturating_sub(n),
        }
    }
}

/// Decodes a query (`a=1&b=x%20y`) into its parameters, in order; `+` is
/// a space.
///
/// # Errors
/// A message naming the parameter whose name or value is not valid UTF-8
/// once decoded, or holds a `%` not followed by two hex digits.
pub fn parse_query(query: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for part in query.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=').unwrap_or((part, ""));
        let key = decode(k).map_err(|e| format!("a parameter's name {e}"))?;
        let value = decode(v).map_err(|e| format!("the parameter {key:?} {e}"))?;
        out.push((key, value));
    }
    Ok(out)
}

/// Percent-decodes one name or value.
fn decode(s: &str) -> Result<String, &'static str> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = |c: u8| (c as char).to_digit(16);
                match (
                    b.get(i + 1).and_then(|&c| hex(c)),
                    b.get(i + 2).and_then(|&c| hex(c)),
                ) {
                    (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
                    _ => return Err("has a '%' that is not followed by two hex digits"),
                }
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| "is not valid UTF-8 once decoded")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_decode() {
        let q = parse_query("expr=Layout((4%2C+8))&tile=16,8&&view").unwrap();
        assert_eq!(
            q,
            [
                ("expr".into(), "Layout((4, 8))".into()),
                ("tile".into(), "16,8".into()),
                ("view".into(), String::new())
            ]
        );
        assert!(parse_query("expr=%ff").unwrap_err().contains("UTF-8"));
        assert!(parse_query("expr=%4").unwrap_err().contains("hex"));
        assert!(parse_query("expr=%zz").is_err());
        assert_eq!(parse_query("e=%C3%A9").unwrap()[0].1, "é");
    }

    #[test]
    fn heads_are_checked() {
        let ok = parse_head(b"GET /api/eval?expr=1 HTTP/1.1\r\nHost: 127.0.0.1:80\r\n\r\n");
        let r = ok.unwrap().unwrap();
        assert_eq!(
            (r.method, r.path.as_str(), r.query.as_str()),
            (Method::Get, "/api/eval", "expr=1")
        );
        assert!(parse_head(b"GET / HTTP/1.1\r\nHost: x").is_none());
        let status = |h: &[u8]| parse_head(h).unwrap().unwrap_err().status;
        assert_eq!(status(b"POST / HTTP/1.1\r\n\r\n"), 405);
        assert_eq!(status(b"GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\n"), 413);
        assert_eq!(status(b"GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n"), 421);
        assert_eq!(status(b"GET http://x/ HTTP/1.1\r\n\r\n"), 400);
        assert_eq!(status(b"\x00\x01garbage\r\n\r\n"), 400);
        assert_eq!(status(b"GET /\xff HTTP/1.1\r\n\r\n"), 400);
        assert!(
            parse_head(b"GET / HTTP/1.1\r\nHost: [::1]:8\r\nContent-Length: 0\r\n\r\n")
                .unwrap()
                .is_ok()
        );
        assert!(parse_head(b"GET / HTTP/1.1\r\nHost: LocalHost\r\n\r\n")
            .unwrap()
            .is_ok());
    }
}
