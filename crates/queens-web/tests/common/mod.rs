//! Helpers of the API tests: a router with chosen limits, requests in process (tower's
//! `oneshot`) and over a real socket (HTTP/1.0 on a `TcpStream`: the body ends when the
//! connection closes, so no chunked decoding is needed).
#![allow(dead_code)] // each test file uses its own subset

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use queens_web::limits::Limits;
use queens_web::State;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

/// An answer: status, content type and body.
pub struct Answer {
    pub status: u16,
    pub content_type: String,
    pub body: String,
}

impl Answer {
    /// The body as JSON (panics with the body when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// The `error` of a JSON error body.
    pub fn error(&self) -> String {
        self.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error in {}", self.body))
            .to_string()
    }
}

/// A time limit no test reaches: for the tests that need a count to run long (the server
/// refuses a count its forecast ends past the limit, and 20 queens is hours in a debug build).
#[allow(dead_code)]
pub const LONG: std::time::Duration = std::time::Duration::from_secs(30 * 24 * 3600);

/// The application and its state, with the default limits changed by `edit`.
pub fn app_with(edit: impl FnOnce(&mut Limits)) -> (Router, Arc<State>) {
    let mut limits = Limits::default();
    edit(&mut limits);
    let state = State::new(limits);
    (queens_web::router_with(state.clone()), state)
}

/// The application with the default limits.
pub fn app() -> Router {
    queens_web::router()
}

/// `method uri` in process.
pub async fn request(app: &Router, method: &str, uri: &str) -> Answer {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status: status.as_u16(),
        content_type,
        body: String::from_utf8(bytes.to_vec()).unwrap(),
    }
}

/// `GET uri` in process.
pub async fn get(app: &Router, uri: &str) -> Answer {
    request(app, "GET", uri).await
}

/// `GET uri` in process, expecting 200 and JSON.
pub async fn ok(app: &Router, uri: &str) -> Value {
    let a = get(app, uri).await;
    assert_eq!(a.status, 200, "{uri}: {}", a.body);
    assert!(a.content_type.starts_with("application/json"), "{uri}");
    a.json()
}

/// `GET uri` in process, expecting 400 with an error that contains `words`.
pub async fn refused(app: &Router, uri: &str, words: &str) {
    let a = get(app, uri).await;
    assert_eq!(
        a.status,
        StatusCode::BAD_REQUEST.as_u16(),
        "{uri}: {}",
        a.body
    );
    let error = a.error();
    assert!(error.contains(words), "{uri}: '{error}' lacks '{words}'");
    let body = a.json();
    let code = body["code"].as_str().unwrap_or_default();
    assert!(
        queens_web::error::Code::ALL
            .iter()
            .any(|c| c.name() == code),
        "{uri}: no known code in {body}"
    );
    assert!(body["values"].is_object(), "{uri}: no values in {body}");
}

/// The events of a server-sent event stream: (name, data as JSON).
pub fn events(body: &str) -> Vec<(String, Value)> {
    body.split("\n\n")
        .filter_map(|block| {
            let name = block.lines().find_map(|l| l.strip_prefix("event: "))?;
            let data = block.lines().find_map(|l| l.strip_prefix("data: "))?;
            Some((name.to_string(), serde_json::from_str(data).unwrap()))
        })
        .collect()
}

/// A server on 127.0.0.1, a free port, serving `app` until the test's runtime ends.
pub async fn listen(app: Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(queens_web::serve_with(
        listener,
        app,
        std::future::pending(),
    ));
    address
}

/// Opens a connection and sends `GET path` (HTTP/1.0).
pub fn send(address: SocketAddr, path: &str) -> TcpStream {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    write!(stream, "GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n").unwrap();
    stream
}

/// `GET path` over the socket, the whole answer (call from a blocking thread).
pub fn fetch(address: SocketAddr, path: &str) -> Answer {
    let mut stream = send(address, path);
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let content_type = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-type: ")
                .map(String::from)
        })
        .unwrap_or_default();
    Answer {
        status,
        content_type,
        body: body.to_string(),
    }
}

/// [`fetch`] from async code.
pub async fn fetch_async(address: SocketAddr, path: &str) -> Answer {
    let path = path.to_string();
    tokio::task::spawn_blocking(move || fetch(address, &path))
        .await
        .unwrap()
}

/// Waits (up to `seconds`) until no engine runs; false if some still do.
pub async fn settles(state: &State, seconds: u64) -> bool {
    for _ in 0..seconds * 50 {
        if state.heavy.running() == 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}
