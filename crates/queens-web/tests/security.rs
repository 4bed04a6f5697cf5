//! Every answer carries the safety headers and says why, on a real socket (127.0.0.1, a free
//! port): the refusals of the `Host` check, of the head's bounds, and of the heads the HTTP
//! server itself cannot read.

mod common;

use common::{app_with, listen, Answer};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// The headers every answer carries, with a word each must contain.
const SAFETY: [(&str, &str); 4] = [
    ("content-security-policy", "frame-ancestors 'none'"),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
];

/// An answer read whole, with its head.
struct Raw {
    answer: Answer,
    head: String,
}

/// Sends `head` as it is (the caller ends it) and reads the whole answer.
fn exchange(address: SocketAddr, head: &str) -> Raw {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    read_answer(&mut stream)
}

/// The answer on `stream`, read to its end.
fn read_answer(stream: &mut TcpStream) -> Raw {
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("the answer ends");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no head and body in {text:?}"));
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let answer = Answer {
        status,
        content_type: header(head, "content-type").unwrap_or_default(),
        body: body.to_string(),
    };
    Raw {
        answer,
        head: head.to_string(),
    }
}

/// The value of header `name` in `head`.
fn header(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|l| {
        let (n, v) = l.split_once(':')?;
        n.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
    })
}

/// [`exchange`] from async code.
async fn exchange_async(address: SocketAddr, head: String) -> Raw {
    tokio::task::spawn_blocking(move || exchange(address, &head))
        .await
        .unwrap()
}

/// Asserts that `raw` is a refusal of `status` with the safety headers and a body that says
/// why: JSON `{"error"}` under the API, plain text elsewhere.
fn assert_refusal(raw: &Raw, status: u16, api: bool, what: &str) {
    let a = &raw.answer;
    assert_eq!(a.status, status, "{what}: {}\n{}", raw.head, a.body);
    for (name, word) in SAFETY {
        let value = header(&raw.head, name).unwrap_or_default();
        assert!(value.contains(word), "{what}: no {name}: {}", raw.head);
    }
    match api {
        true => {
            assert!(a.content_type.starts_with("application/json"), "{what}");
            assert!(a.error().len() > 10, "{what}: {}", a.body);
        }
        false => {
            assert!(a.content_type.starts_with("text/plain"), "{what}");
            assert!(a.body.trim().len() > 10, "{what}: {:?}", a.body);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_carries_the_safety_headers_and_says_why() {
    let (app, _) = app_with(|_| ());
    let address = listen(app).await;
    let fields: String = (0..101).map(|i| format!("X-{i}: {i}\r\n")).collect();
    let long = format!("X-Long: {}\r\n", "x".repeat(20_000));
    for path in ["/api/health", "/"] {
        let api = path != "/";
        for (head, status, what) in [
            (
                format!("GET {path} HTTP/1.1\r\nHost: evil.example\r\n\r\n"),
                421,
                "a foreign host",
            ),
            (
                format!("GET {path} HTTP/1.1\r\nConnection: close\r\n\r\n"),
                400,
                "no host",
            ),
            (
                format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nHost: localhost\r\n\r\n"),
                400,
                "two hosts",
            ),
            (
                format!("GET {path} HTTP/9.1\r\nHost: localhost\r\n\r\n"),
                400,
                "an unknown version",
            ),
            (
                format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nBad Name: x\r\n\r\n"),
                400,
                "a space in a header name",
            ),
            (
                format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: ten\r\n\r\n"),
                400,
                "a length that is no number",
            ),
            (
                format!(
                    "GET {path} HTTP/1.0\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
                ),
                400,
                "a transfer encoding in HTTP/1.0",
            ),
            (
                format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n{fields}\r\n"),
                431,
                "101 header fields",
            ),
            (
                format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n{long}\r\n"),
                431,
                "a head over 16 KiB",
            ),
            (
                format!(
                    "GET {path}?{} HTTP/1.1\r\nHost: localhost\r\n\r\n",
                    "a".repeat(9000)
                ),
                414,
                "a request line over 8 KiB",
            ),
            (
                format!("POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5000\r\n\r\n"),
                413,
                "a large body",
            ),
        ] {
            let raw = exchange_async(address, head).await;
            assert_refusal(&raw, status, api, &format!("{what} on {path}"));
        }
    }
    // The HTTP server's own refusals, now ours, name what was wrong.
    let raw = exchange_async(
        address,
        format!("GET /api/health HTTP/1.1\r\nHost: localhost\r\n{fields}\r\n"),
    )
    .await;
    assert!(
        raw.answer.error().contains("100 header fields"),
        "{}",
        raw.answer.body
    );
    let raw = exchange_async(address, "GET /api/health HTTP/9.1\r\n\r\n".to_string()).await;
    assert!(
        raw.answer.error().contains("malformed request"),
        "{}",
        raw.answer.body
    );
    // 100 fields are read, and the request answered.
    let fields: String = (0..99).map(|i| format!("X-{i}: {i}\r\n")).collect();
    let head = format!("GET /api/health HTTP/1.1\r\nHost: localhost\r\n{fields}\r\n");
    let raw = exchange_async(address, head).await;
    assert_eq!(raw.answer.status, 200, "{}", raw.answer.body);
}
