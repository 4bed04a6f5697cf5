//! The request head, read before HTTP is: bounded in bytes and in time, so that the answer to
//! an oversized request is the API's JSON error rather than the HTTP library's empty one.
//!
//! The idea: read from the socket until the blank line that ends the head, at most
//! [`HEAD_BYTES`]; measure the request line and the declared body; hand the bytes read, with
//! the socket behind them, to the HTTP server ([`Rewind`]). A request line over
//! [`REQUEST_LINE_BYTES`] gets 414, a longer head 431, a `Content-Length` over [`BODY_BYTES`]
//! 413, each as `{"error": "..."}` under `/api/` and as plain text elsewhere, with the same
//! safety headers as every answer ([`crate::guard::SAFETY`]). The caller bounds the time.
//!
//! What the HTTP server itself refuses in a head within these bounds (a request line or a
//! header that is not HTTP/1.1, a bad `Content-Length` or `Transfer-Encoding`: 400; more than
//! [`HEADER_FIELDS`] header fields: 431) it answers on its own, before any request reaches
//! the application, with a bare status line; [`Gate`] puts the same kind of answer in its
//! place, the status kept.

use crate::error::{Code, Said};
use crate::guard::SAFETY;
use crate::limits::{BODY_BYTES, HEADER_FIELDS, HEAD_BYTES, REQUEST_LINE_BYTES};
use axum::http::StatusCode;
use serde_json::json;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;

/// A request refused before HTTP: its status, its reason and where it was going.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// 413, 414 or 431.
    pub status: u16,
    /// What was too large and what is accepted: its code, values and English sentence.
    pub said: Said,
    /// True when the target is under `/api/` (the answer is JSON).
    pub api: bool,
}

/// What reading a head gave.
#[derive(Debug)]
pub enum Head {
    /// The head, whole and within bounds (with any bytes read after it).
    Whole(Vec<u8>),
    /// Too large.
    Refused(Refusal),
    /// The client closed before its head was whole.
    Closed,
}

/// Reads a head from `stream` (the caller puts a time limit on it).
pub async fn read(stream: &mut TcpStream) -> io::Result<Head> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    loop {
        if let Some(end) = end_of_head(&buf) {
            return Ok(check(&buf[..end], &buf).map_or_else(Head::Refused, Head::Whole));
        }
        if buf.len() >= HEAD_BYTES {
            return Ok(Head::Refused(too_large(&buf)));
        }
        let room = (HEAD_BYTES - buf.len()).min(chunk.len());
        let k = stream.read(&mut chunk[..room]).await?;
        if k == 0 {
            return Ok(Head::Closed);
        }
        buf.extend_from_slice(&chunk[..k]);
    }
}

/// Where the head ends (after its blank line), if it has.
fn end_of_head(buf: &[u8]) -> Option<usize> {
    let crlf = buf.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4);
    let lf = buf.windows(2).position(|w| w == b"\n\n").map(|i| i + 2);
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A whole head within bounds gives back everything read; else the refusal.
fn check(head: &[u8], read: &[u8]) -> Result<Vec<u8>, Refusal> {
    let line = request_line(head);
    if line.len() > REQUEST_LINE_BYTES {
        return Err(uri_too_long(head, line.len()));
    }
    if let Some(length) = content_length(head) {
        if length > BODY_BYTES {
            return Err(Refusal {
                status: 413,
                said: Said::new(
                    Code::BodyTooLarge,
                    json!({"bytes": length, "most": BODY_BYTES}),
                    format!(
                        "request body of {length} bytes: the server reads no body, and refuses one over {BODY_BYTES} bytes"
                    ),
                ),
                api: is_api(head),
            });
        }
    }
    Ok(read.to_vec())
}

/// The refusal of a head that did not end within [`HEAD_BYTES`].
fn too_large(buf: &[u8]) -> Refusal {
    let line = request_line(buf);
    if line.len() > REQUEST_LINE_BYTES || !buf.contains(&b'\n') {
        return uri_too_long(buf, line.len());
    }
    Refusal {
        status: 431,
        said: Said::new(
            Code::HeadTooLarge,
            json!({"most": HEAD_BYTES}),
            format!("request head over {HEAD_BYTES} bytes: at most {HEAD_BYTES} are read"),
        ),
        api: is_api(buf),
    }
}

fn uri_too_long(head: &[u8], length: usize) -> Refusal {
    let more = if length >= HEAD_BYTES {
        "at least "
    } else {
        ""
    };
    Refusal {
        status: 414,
        said: Said::new(
            Code::LineTooLong,
            json!({
                "bytes": length,
                "at_least": !more.is_empty(),
                "most": REQUEST_LINE_BYTES,
                "query_most": crate::limits::QUERY_BYTES,
            }),
            format!(
                "request line of {more}{length} bytes: at most {REQUEST_LINE_BYTES} are read (and a query of at most {} bytes)",
                crate::limits::QUERY_BYTES
            ),
        ),
        api: is_api(head),
    }
}

/// The first line, without its end.
fn request_line(head: &[u8]) -> &[u8] {
    let end = head.iter().position(|&b| b == b'\n').unwrap_or(head.len());
    let line = &head[..end];
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// True when the request's target is under `/api/` (origin or absolute form).
pub fn is_api(head: &[u8]) -> bool {
    let line = request_line(head);
    let Some(target) = line.split(|&b| b == b' ').nth(1) else {
        return false;
    };
    let path = match target.windows(3).position(|w| w == b"://") {
        Some(i) => {
            let rest = &target[i + 3..];
            &rest[rest.iter().position(|&b| b == b'/').unwrap_or(rest.len())..]
        }
        None => target,
    };
    path == b"/api" || path.starts_with(b"/api/") || path.starts_with(b"/api?")
}

/// The largest `Content-Length` declared, if any (one that is not a number is left to the
/// HTTP server, which refuses it).
fn content_length(head: &[u8]) -> Option<u64> {
    let text = String::from_utf8_lossy(head);
    text.lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .filter(|(name, _)| name.trim().eq_ignore_ascii_case("content-length"))
        .filter_map(|(_, value)| value.trim().parse::<u64>().ok())
        .max()
}

impl Refusal {
    /// The whole answer: status line, headers, body; the connection closes after it.
    pub fn answer(&self) -> Vec<u8> {
        let (kind, body) = match self.api {
            true => ("application/json", self.said.error_body().to_string()),
            false => ("text/plain; charset=utf-8", format!("{}\n", self.said.text)),
        };
        let reason = match self.status {
            413 => "Content Too Large",
            status => StatusCode::from_u16(status)
                .ok()
                .and_then(|s| s.canonical_reason())
                .unwrap_or("Refused"),
        };
        let mut head = format!(
            "HTTP/1.1 {} {reason}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\nconnection: close\r\n",
            self.status,
            body.len()
        );
        for (name, value) in SAFETY {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        head.push_str(&body);
        head.into_bytes()
    }

    /// Sends the answer, then reads and drops what the client still sends for a moment (a
    /// socket closed with unread bytes is reset, and the client could lose the answer).
    pub async fn send(&self, stream: &mut TcpStream) {
        if stream.write_all(&self.answer()).await.is_err() {
            return;
        }
        let _ = stream.shutdown().await;
        let drain = async {
            let mut sink = [0u8; 16 * 1024];
            let mut left: usize = 1 << 20;
            while let Ok(k @ 1..) = stream.read(&mut sink).await {
                left = left.saturating_sub(k);
                if left == 0 {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(Duration::from_secs(1), drain).await;
    }
}

impl Refusal {
    /// The refusal that takes the place of the HTTP server's own answer of status `status`
    /// (a head it could not read).
    pub fn of_server(status: u16, api: bool) -> Refusal {
        let message = match status {
            400 => Said::new(Code::Malformed, json!({}), "malformed request: the request line, a header, or the length of a body (Content-Length, Transfer-Encoding) is not valid HTTP/1.1"),
            431 => Said::new(
                Code::TooManyFields,
                json!({"most": HEADER_FIELDS}),
                format!("request head of more than {HEADER_FIELDS} header fields: at most {HEADER_FIELDS} are read"),
            ),
            _ => Said::new(
                Code::Refused,
                json!({"status": status}),
                format!("request refused ({status}) before it was read"),
            ),
        };
        Refusal {
            status,
            said: message,
            api,
        }
    }
}

/// The socket as the HTTP server writes to it: what it writes before the request reaches the
/// application (`reached`) is its own answer to a head it could not read, a status line and
/// headers without a body; [`Refusal::of_server`] is sent in its place, the status kept. Once
/// the application has the request, everything passes as it is.
#[derive(Debug)]
pub struct Gate {
    io: Rewind,
    api: bool,
    reached: Arc<AtomicBool>,
    held: Vec<u8>,
    ours: Vec<u8>,
    sent: usize,
}

impl Gate {
    /// `io` as the HTTP server writes to it; `api` when the request's target is under `/api/`;
    /// `reached` set when the request reaches the application.
    pub fn new(io: Rewind, api: bool, reached: Arc<AtomicBool>) -> Gate {
        Gate {
            io,
            api,
            reached,
            held: Vec::new(),
            ours: Vec::new(),
            sent: 0,
        }
    }

    /// Holds what the HTTP server writes on its own; once its head is whole, ours replaces it.
    fn hold(&mut self, buf: &[u8]) {
        let room = 1024usize.saturating_sub(self.held.len());
        self.held.extend_from_slice(&buf[..buf.len().min(room)]);
        if self.ours.is_empty() && end_of_head(&self.held).is_some() {
            self.ours = Refusal::of_server(status_of(&self.held), self.api).answer();
        }
    }

    /// Writes our answer, as far as the socket takes it.
    fn poll_ours(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.ours.len() {
            let k =
                std::task::ready!(Pin::new(&mut self.io).poll_write(cx, &self.ours[self.sent..]))?;
            if k == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += k;
        }
        Poll::Ready(Ok(()))
    }
}

/// The status of an answer's head (`HTTP/1.1 400 Bad Request`); 400 if it cannot be read.
fn status_of(head: &[u8]) -> u16 {
    let text = String::from_utf8_lossy(head);
    let status = text.split(' ').nth(1).and_then(|s| s.parse().ok());
    status.filter(|s| (400..600).contains(s)).unwrap_or(400)
}

impl AsyncRead for Gate {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl AsyncWrite for Gate {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.reached.load(Ordering::SeqCst) {
            return Pin::new(&mut this.io).poll_write(cx, buf);
        }
        this.hold(buf);
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        std::task::ready!(this.poll_ours(cx))?;
        Pin::new(&mut this.io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        std::task::ready!(this.poll_ours(cx))?;
        Pin::new(&mut this.io).poll_shutdown(cx)
    }
}

/// The bytes already read, then the socket: what the HTTP server reads from.
#[derive(Debug)]
pub struct Rewind {
    read: Vec<u8>,
    at: usize,
    stream: TcpStream,
}

impl Rewind {
    /// `read` comes first, then `stream`.
    pub fn new(read: Vec<u8>, stream: TcpStream) -> Rewind {
        Rewind {
            read,
            at: 0,
            stream,
        }
    }
}

impl AsyncRead for Rewind {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.at < self.read.len() {
            let k = (self.read.len() - self.at).min(buf.remaining());
            let at = self.at;
            buf.put_slice(&self.read[at..at + k]);
            self.at += k;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Rewind {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_are_measured() {
        let ok = b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n";
        assert_eq!(check(ok, ok), Ok(ok.to_vec()));
        let long = format!("GET /api/check?{} HTTP/1.1\r\n\r\n", "a".repeat(9000));
        let refusal = check(long.as_bytes(), long.as_bytes()).unwrap_err();
        assert_eq!((refusal.status, refusal.api), (414, true));
        let body = b"POST / HTTP/1.1\r\nContent-Length: 2000\r\n\r\n";
        let refusal = check(body, body).unwrap_err();
        assert_eq!((refusal.status, refusal.api), (413, false));
        let odd = b"POST /api HTTP/1.1\r\ncontent-length: 7\r\nContent-Length: 1025\r\n\r\n";
        assert_eq!(check(odd, odd).unwrap_err().status, 413);
        let fine = b"POST /api/check HTTP/1.1\r\nContent-Length: 10\r\n\r\n";
        assert!(check(fine, fine).is_ok());
    }

    #[test]
    fn an_unended_head_is_a_long_line_or_long_headers() {
        let line = format!("GET /{}", "a".repeat(HEAD_BYTES));
        assert_eq!(too_large(line.as_bytes()).status, 414);
        let headers = format!("GET /api/health HTTP/1.1\r\nX: {}", "a".repeat(HEAD_BYTES));
        let refusal = too_large(headers.as_bytes());
        assert_eq!((refusal.status, refusal.api), (431, true));
    }

    #[test]
    fn api_targets_are_recognised() {
        for (line, api) in [
            ("GET /api/x HTTP/1.1", true),
            ("GET /api HTTP/1.1", true),
            ("GET /api?x HTTP/1.1", true),
            ("GET http://localhost:80/api/x HTTP/1.1", true),
            ("GET /apix HTTP/1.1", false),
            ("GET / HTTP/1.1", false),
            ("GET", false),
        ] {
            assert_eq!(is_api(line.as_bytes()), api, "{line}");
        }
    }

    #[test]
    fn the_servers_own_answers_keep_their_status() {
        assert_eq!(
            status_of(b"HTTP/1.1 431 Request Header Fields Too Large\r\n\r\n"),
            431
        );
        assert_eq!(status_of(b"HTTP/1.1 400 Bad Request\r\n\r\n"), 400);
        assert_eq!(status_of(b"HTTP/1.1 200 OK\r\n\r\n"), 400);
        assert_eq!(status_of(b"garbage"), 400);
        let text = String::from_utf8(Refusal::of_server(431, false).answer()).unwrap();
        assert!(
            text.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"),
            "{text}"
        );
        assert!(text.contains("x-frame-options: DENY\r\n"), "{text}");
        assert!(text.ends_with("at most 100 are read\n"), "{text}");
    }

    #[test]
    fn the_answer_is_json_under_the_api() {
        let r = Refusal {
            status: 414,
            said: Said::new(Code::LineTooLong, json!({}), "too long"),
            api: true,
        };
        let text = String::from_utf8(r.answer()).unwrap();
        assert!(text.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{text}");
        assert!(
            text.ends_with(
                "\r\n\r\n{\"error\":\"too long\",\"code\":\"line_too_long\",\"values\":{}}"
            ),
            "{text}"
        );
    }
}
