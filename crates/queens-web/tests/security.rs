//! Exact or refused, on a real socket (127.0.0.1, a free port) and in process: every refusal
//! carries the safety headers and says why (the `Host` check, and the heads the HTTP server
//! itself cannot read), a page of another site cannot start work, a count names the engine
//! that ran, and a trace cut short ends with the counters of its last step.

mod common;

use common::{app, app_with, events, get, listen, ok, refused, settles, Answer};
use queens::classic::{self, step::TraceStep, Algorithm, Options, Stats};
use queens::count::Engine;
use queens::Control;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

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

/// `GET path` over HTTP/1.1 to `address` with these extra header lines.
async fn get_with(address: SocketAddr, path: &str, lines: &[String]) -> Raw {
    let host = format!("127.0.0.1:{}", address.port());
    let extra: String = lines.iter().map(|l| format!("{l}\r\n")).collect();
    let head = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{extra}\r\n");
    exchange_async(address, head).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_of_another_site_cannot_use_the_api() {
    let (app, state) = app_with(|_| ());
    let address = listen(app).await;
    let port = address.port();
    let own = format!("http://127.0.0.1:{port}");
    for lines in [
        vec!["Sec-Fetch-Site: cross-site".to_string()],
        vec!["Sec-Fetch-Site: same-site".to_string()],
        vec!["Sec-Fetch-Site: something-new".to_string()],
        vec!["Origin: http://evil.example".to_string()],
        vec![format!("Origin: http://localhost:{port}")],
        vec![format!("Origin: https://127.0.0.1:{port}")],
        vec![format!("Origin: http://127.0.0.1:{}", port.wrapping_add(1))],
        vec!["Origin: null".to_string()],
        vec![
            "Sec-Fetch-Site: cross-site".to_string(),
            format!("Origin: {own}"),
        ],
        vec![
            "Sec-Fetch-Site: same-origin".to_string(),
            "Origin: http://evil.example".to_string(),
        ],
    ] {
        for path in [
            "/api/count?n=20&engine=somers",
            "/api/health",
            "/api/nowhere",
        ] {
            let raw = get_with(address, path, &lines).await;
            let what = format!("{lines:?} {path}");
            assert_refusal(&raw, 403, true, &what);
            assert_eq!(raw.answer.json()["cross_site"], true, "{what}");
            assert!(raw.answer.error().contains("another site"), "{what}");
        }
        // The page itself (a shared link is a cross-site navigation) still comes.
        let page = get_with(address, "/", &lines).await;
        assert_eq!(page.answer.status, 200, "{lines:?}");
    }
    assert_eq!(
        state.heavy.running(),
        0,
        "a refused request started an engine"
    );
    // The page's own requests, the address bar and programs that are not browsers.
    for lines in [
        vec![],
        vec!["Sec-Fetch-Site: same-origin".to_string()],
        vec!["Sec-Fetch-Site: none".to_string()],
        vec![format!("Origin: {own}")],
        vec![
            "Sec-Fetch-Site: same-origin".to_string(),
            format!("Origin: {}", own.to_uppercase()),
        ],
    ] {
        let raw = get_with(address, "/api/check?n=4&queens=a2,b4,c1,d3", &lines).await;
        assert_eq!(raw.answer.status, 200, "{lines:?}: {}", raw.answer.body);
        assert_eq!(raw.answer.json()["complete"], true, "{lines:?}");
    }
    // A foreign host is told so first.
    let head =
        "GET /api/health HTTP/1.1\r\nHost: evil.example\r\nSec-Fetch-Site: cross-site\r\n\r\n";
    let raw = exchange_async(address, head.to_string()).await;
    assert_refusal(&raw, 421, true, "a foreign host from another site");
}

#[tokio::test]
async fn a_count_names_the_engine_that_ran_and_refuses_an_old_name() {
    refused(&app(), "/api/count?n=14&engine=bitmask", "is somers").await;
    refused(
        &app(),
        "/api/count?n=8&engine=bitmask",
        "expected one of auto",
    )
    .await;
    // The same code and values in every language: the page words them.
    let a = get(&app(), "/api/count?n=8&engine=bitmask&lang=ru").await;
    let body = a.json();
    assert_eq!(body["code"], "old_engine", "{}", a.body);
    assert_eq!(body["values"]["now"], "somers", "{}", a.body);
    assert_eq!(body["values"]["text"], "bitmask", "{}", a.body);
    for name in Engine::NAMES {
        let n = 9;
        let body = get(&app(), &format!("/api/count?n={n}&engine={name}"))
            .await
            .body;
        let (last, result) = events(&body).pop().expect("an event");
        assert_eq!(last, "result", "{name}: {body}");
        let ran = Engine::from_name(name).unwrap().resolve(n).name();
        assert_eq!(result["engine"], ran, "{name}: {result}");
        assert_eq!(result["total"], "352", "{name}");
    }
    let body = get(&app(), "/api/count?n=8&engine=somers").await.body;
    assert_eq!(events(&body).pop().unwrap().1["engine"], "somers");
}

/// The steps of a trace cut after `limit` steps, from the library directly, and the counters
/// after the last of them (`end` says whether the search was cut).
fn library_trace(algorithm: Algorithm, n: usize, limit: u64) -> (Vec<Value>, Stats) {
    let (mut steps, mut last) = (Vec::new(), Stats::default());
    let options = Options {
        trace: true,
        half: false,
    };
    let run = classic::run_counted(algorithm, n, options, &Control::new(), |e, stats| {
        if steps.len() as u64 == limit {
            return ControlFlow::Break(());
        }
        let step = TraceStep::new(steps.len() as u64 + 1, e, stats);
        steps.push(serde_json::to_value(step).unwrap());
        last = *stats;
        ControlFlow::Continue(())
    })
    .unwrap();
    match run.end {
        classic::End::Finished => (steps, run),
        end => (steps, Stats { end, ..last }),
    }
}

#[tokio::test]
async fn a_trace_cut_short_ends_with_the_counters_of_its_last_step() {
    for algorithm in [
        Algorithm::Wirth,
        Algorithm::Naive,
        Algorithm::Bitmask,
        Algorithm::Iterative,
        Algorithm::Brute,
        Algorithm::Permutations,
    ] {
        for limit in [1, 2, 7, 50, 1000] {
            let n = 5;
            let uri = format!("/api/trace?n={n}&algorithm={algorithm}&limit={limit}");
            let v = ok(&app(), &uri).await;
            let (steps, stats) = library_trace(algorithm, n, limit);
            let shown = v["steps"].as_array().unwrap();
            assert_eq!(shown, &steps, "{uri}");
            let last = shown.last().unwrap();
            for counter in ["nodes", "tests", "solutions"] {
                assert_eq!(v["stats"][counter], last[counter], "{uri}: {counter}");
            }
            // The library's own record of the counters, as `queens trace` writes it.
            assert_eq!(v["stats"], serde_json::to_value(stats).unwrap(), "{uri}");
            let truncated = stats.end != classic::End::Finished;
            assert_eq!(v["truncated"], truncated, "{uri}");
        }
    }
}

/// Opens a connection from `from` (a loopback address) and sends `GET path`.
async fn send_from(from: &str, address: SocketAddr, path: &str) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    let stream = socket.connect(address).await.unwrap().into_std().unwrap();
    stream.set_nonblocking(false).unwrap();
    let mut stream = stream;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(stream, "GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n").unwrap();
    stream
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trace_stopped_for_another_client_says_so_and_claims_no_end() {
    let (app, state) = app_with(|_| ());
    let address = listen(app).await;
    // Client 127.0.0.1 takes both permits: a tour count that would take years, then a trace
    // far longer than the socket holds, of which it reads only the start.
    let tours = send_from("127.0.0.1", address, "/api/tour/count?board=8&from=a1").await;
    let start = Instant::now();
    while state.heavy.running() == 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let path = "/api/trace?n=12&algorithm=naive&limit=1000000";
    let mut trace = send_from("127.0.0.1", address, path).await;
    let trace = tokio::task::spawn_blocking(move || {
        let mut first = [0u8; 1];
        trace.read_exact(&mut first).unwrap();
        trace
    })
    .await
    .unwrap();
    assert_eq!(state.heavy.running(), 2);
    // Another client takes the trace's permit.
    let mut other = send_from("127.0.0.2", address, "/api/complete?n=8").await;
    let raw = tokio::task::spawn_blocking(move || read_answer(&mut other))
        .await
        .unwrap();
    assert_eq!(raw.answer.status, 200, "{}", raw.answer.body);
    let rest = tokio::task::spawn_blocking(move || {
        let mut trace = trace;
        let mut rest = Vec::new();
        trace.read_to_end(&mut rest).unwrap();
        String::from_utf8(rest).unwrap()
    })
    .await
    .unwrap();
    let (_, body) = rest.split_once("\r\n\r\n").expect("a head and a body");
    let v: Value = serde_json::from_str(body).expect("the trace is whole JSON");
    assert_eq!(
        v["preempted"],
        true,
        "{}",
        &body[body.len().saturating_sub(300)..]
    );
    assert!(v.get("truncated").is_none() && v.get("stats").is_none());
    drop(tours);
    assert!(settles(&state, 10).await);
}
