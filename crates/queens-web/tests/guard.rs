//! What the server refuses, on a real socket (127.0.0.1, a free port): a Host it does not serve
//! (DNS rebinding), a request head that comes too slowly or is too large, a client that stops
//! reading a streamed answer, one client holding every heavy permit; and a count under way at
//! shutdown, which ends with an error event.

mod common;

use common::{app_with, events, fetch_async, listen, send, settles, Answer, LONG};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// Sends `head` (the blank line that ends it is added) and reads the whole answer, its
/// headers kept.
fn exchange(address: SocketAddr, head: &str) -> (Answer, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    stream
        .write_all(format!("{head}\r\n\r\n").as_bytes())
        .unwrap();
    read_answer(&mut stream)
}

/// The answer on `stream`, read to its end: (status, content type, body) and the head.
fn read_answer(stream: &mut TcpStream) -> (Answer, String) {
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("the answer ends");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let content_type = header(head, "content-type").unwrap_or_default();
    let answer = Answer {
        status,
        content_type,
        body: body.to_string(),
    };
    (answer, head.to_string())
}

/// The value of header `name` in `head`.
fn header(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|l| {
        let (n, v) = l.split_once(':')?;
        n.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
    })
}

/// `GET path` over HTTP/1.1 with this Host header (none when `host` is None).
async fn get_with_host(address: SocketAddr, path: &str, host: Option<&str>) -> Answer {
    let host = host.map(|h| format!("\r\nHost: {h}")).unwrap_or_default();
    let head = format!("GET {path} HTTP/1.1{host}\r\nConnection: close");
    tokio::task::spawn_blocking(move || exchange(address, &head).0)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_host_names_it_serves_are_answered() {
    let (app, state) = app_with(|_| ());
    let address = listen(app).await;
    let port = address.port();
    for host in [
        "localhost".to_string(),
        format!("localhost:{port}"),
        format!("LocalHost:{port}"),
        "127.0.0.1".to_string(),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
        "[::1]".to_string(),
    ] {
        let a = get_with_host(address, "/api/health", Some(&host)).await;
        assert_eq!(a.status, 200, "{host}: {}", a.body);
    }
    for host in [
        "evil.example".to_string(),
        format!("evil.example:{port}"),
        format!("localhost.evil.example:{port}"),
        format!("127.0.0.1.nip.io:{port}"),
        "localhost:1".to_string(),
        format!("127.0.0.2:{port}"),
        format!("localhost:{port}0"),
        "::1".to_string(),
        "".to_string(),
    ] {
        for path in [
            "/api/health",
            "/api/count?n=20&engine=dihedral",
            "/api/nowhere",
        ] {
            let a = get_with_host(address, path, Some(&host)).await;
            assert_eq!(a.status, 421, "{host} {path}: {}", a.body);
            assert!(a.error().contains("host"), "{host} {path}: {}", a.body);
        }
        for path in ["/", "/style.css", "/nowhere"] {
            let a = get_with_host(address, path, Some(&host)).await;
            assert_eq!(a.status, 421, "{host} {path}: {}", a.body);
            assert!(a.content_type.starts_with("text/plain"), "{host} {path}");
        }
    }
    assert_eq!(
        state.heavy.running(),
        0,
        "a refused request started an engine"
    );
    let a = get_with_host(address, "/api/health", None).await;
    assert_eq!(a.status, 400, "{}", a.body);
    assert!(a.error().contains("Host"), "{}", a.body);
    // An absolute target names the host too.
    let a = tokio::task::spawn_blocking(move || {
        let head = format!(
            "GET http://evil.example:{port}/api/health HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close"
        );
        exchange(address, &head).0
    })
    .await
    .unwrap();
    assert_eq!(a.status, 421, "{}", a.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_on_every_interface_answers_to_its_addresses_but_not_to_names() {
    let listener = tokio::net::TcpListener::bind("0.0.0.0:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (app, _) = app_with(|_| ());
    tokio::spawn(queens_web::serve_with(
        listener,
        app,
        std::future::pending(),
    ));
    let address: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    for (host, status) in [
        (format!("192.168.1.20:{port}"), 200),
        (format!("localhost:{port}"), 200),
        (format!("[fe80::1]:{port}"), 200),
        (format!("evil.example:{port}"), 421),
        (format!("192.168.1.20:{}", port.wrapping_add(1)), 421),
    ] {
        let a = get_with_host(address, "/api/health", Some(&host)).await;
        assert_eq!(a.status, status, "{host}: {}", a.body);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_says_what_it_may_load_and_where_it_may_be_framed() {
    let (app, _) = app_with(|_| ());
    let address = listen(app).await;
    for path in ["/", "/js/main.js", "/api/health", "/nowhere"] {
        let head = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close");
        let (_, head) = tokio::task::spawn_blocking(move || exchange(address, &head))
            .await
            .unwrap();
        let csp = header(&head, "content-security-policy").unwrap_or_default();
        assert!(csp.contains("default-src 'self'"), "{path}: {head}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {head}");
        assert!(!csp.contains("unsafe"), "{path}: {csp}");
        assert_eq!(header(&head, "x-frame-options").as_deref(), Some("DENY"));
        assert_eq!(
            header(&head, "x-content-type-options").as_deref(),
            Some("nosniff")
        );
        assert_eq!(
            header(&head, "referrer-policy").as_deref(),
            Some("no-referrer")
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_that_comes_too_slowly_is_closed() {
    let (app, _) = app_with(|_| ());
    let address = listen(app).await;
    let closed_after = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(500)))
            .unwrap();
        let start = Instant::now();
        // A byte a second, for far longer than the server waits for a head.
        for byte in
            b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaa".iter()
        {
            if stream.write_all(&[*byte]).is_err() {
                return Some(start.elapsed());
            }
            let mut buf = [0u8; 256];
            match stream.read(&mut buf) {
                Ok(_) => return Some(start.elapsed()),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => return Some(start.elapsed()),
            }
            std::thread::sleep(Duration::from_millis(500));
            if start.elapsed() > Duration::from_secs(15) {
                return None;
            }
        }
        None
    })
    .await
    .unwrap();
    let closed_after = closed_after.expect("the slow head was still read after 15 s");
    assert!(closed_after < Duration::from_secs(8), "{closed_after:?}");
    assert!(closed_after >= Duration::from_secs(3), "{closed_after:?}");
    // A connection that sends nothing at all is closed too.
    let silent = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(15)))
            .unwrap();
        let start = Instant::now();
        let mut buf = [0u8; 64];
        let _ = stream.read(&mut buf);
        start.elapsed()
    })
    .await
    .unwrap();
    assert!(silent < Duration::from_secs(8), "{silent:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_requests_get_the_json_error() {
    let (app, _) = app_with(|_| ());
    let address = listen(app).await;
    let long_query = format!("/api/check?n=8&queens={}", "a1,".repeat(34_000));
    let long_header = format!("X-Long: {}", "x".repeat(100_000));
    for (head, status, json) in [
        (
            format!("GET {long_query} HTTP/1.1\r\nHost: localhost"),
            414,
            true,
        ),
        (
            format!("GET /{} HTTP/1.1\r\nHost: localhost", "a".repeat(100_000)),
            414,
            false,
        ),
        (
            format!("GET /api/health HTTP/1.1\r\nHost: localhost\r\n{long_header}"),
            431,
            true,
        ),
        (
            format!("GET / HTTP/1.1\r\nHost: localhost\r\n{long_header}"),
            431,
            false,
        ),
        (
            "POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10000000".to_string(),
            413,
            true,
        ),
    ] {
        let shown: String = head.chars().take(40).collect();
        let a = tokio::task::spawn_blocking(move || exchange(address, &head).0)
            .await
            .unwrap();
        assert_eq!(a.status, status, "{shown}: {}", a.body);
        match json {
            true => assert!(!a.error().is_empty(), "{shown}"),
            false => assert!(a.content_type.starts_with("text/plain"), "{shown}"),
        }
    }
    // A query under the head's bound but over the query's gets the 400 it always got.
    let a = fetch_async(
        address,
        &format!("/api/check?n=8&queens={}", "a1,".repeat(2000)),
    )
    .await;
    assert_eq!(a.status, 400, "{}", a.body);
    assert!(a.error().contains("at most 4096"), "{}", a.body);
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

/// Reads `stream` until `marker` has come; the text read.
fn read_until(stream: &mut TcpStream, marker: &str) -> String {
    let mut text = String::new();
    let mut buf = [0u8; 4096];
    while !text.contains(marker) {
        let k = stream.read(&mut buf).unwrap();
        assert!(k > 0, "closed before '{marker}': {text}");
        text.push_str(&String::from_utf8_lossy(&buf[..k]));
    }
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_client_cannot_hold_every_permit() {
    let (app, state) = app_with(|l| l.time_limit = LONG);
    let address = listen(app).await;
    // Client 127.0.0.1 takes both permits: a tour count that would take years, then a count
    // that would take minutes (somers: its engine looks at its control often).
    let tours = send_from("127.0.0.1", address, "/api/tour/count?board=8&from=a1").await;
    let start = Instant::now();
    while state.heavy.running() == 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mut s = send_from("127.0.0.1", address, "/api/count?n=20&engine=somers").await;
    let newest = tokio::task::spawn_blocking(move || {
        read_until(&mut s, "event: progress");
        s
    })
    .await
    .unwrap();
    assert_eq!(state.heavy.running(), 2);
    // The same client asking for a third is busy.
    let busy = fetch_async(address, "/api/complete?n=8").await;
    assert_eq!(busy.status, 429, "{}", busy.body);
    // Another client gets a permit: the first client's newest count gives its own up.
    let mut other = send_from("127.0.0.2", address, "/api/complete?n=8").await;
    let (a, _) = tokio::task::spawn_blocking(move || read_answer(&mut other))
        .await
        .unwrap();
    assert_eq!(a.status, 200, "{}", a.body);
    let ended = tokio::task::spawn_blocking(move || {
        let mut newest = newest;
        let mut rest = String::new();
        newest.read_to_string(&mut rest).unwrap();
        rest
    })
    .await
    .unwrap();
    let (name, data) = events(&ended).pop().expect("an event");
    assert_eq!(name, "error", "{ended}");
    assert_eq!(data["preempted"], true, "{data}");
    // The oldest request still runs.
    assert_eq!(state.heavy.running(), 1);
    drop(tours);
    assert!(settles(&state, 10).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_reads_nothing_loses_its_permit_within_seconds() {
    // The default time limit (60 s): the stall, not the time limit, must free the permit.
    let (app, state) = app_with(|l| l.heavy_at_once = 1);
    let address = listen(app).await;
    // About 150 MB of steps, far beyond what the socket and the channel can hold unread.
    let stream = send(address, "/api/trace?n=12&algorithm=naive&limit=1000000");
    let start = Instant::now();
    while state.heavy.running() == 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(
        settles(&state, 15).await,
        "the unread trace still holds its permit"
    );
    assert!(start.elapsed() < Duration::from_secs(20));
    assert_eq!(fetch_async(address, "/api/complete?n=8").await.status, 200);
    drop(stream);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_count_under_way_at_shutdown_ends_with_an_error_event() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (app, state) = app_with(|l| l.time_limit = LONG);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(queens_web::serve_with(listener, app, async {
        let _ = stopped.await;
    }));
    let mut stream = send(address, "/api/count?n=20&engine=dihedral");
    let (stream, head) = tokio::task::spawn_blocking(move || {
        let head = read_until(&mut stream, "event: progress");
        (stream, head)
    })
    .await
    .unwrap();
    assert!(head.starts_with("HTTP/1.0 200"), "{head}");
    stop.send(()).unwrap();
    let rest = tokio::task::spawn_blocking(move || {
        let mut stream = stream;
        let mut rest = String::new();
        stream.read_to_string(&mut rest).unwrap();
        rest
    })
    .await
    .unwrap();
    let (name, data) = events(&rest).pop().expect("an event");
    assert_eq!(name, "error", "{rest}");
    assert_eq!(data["shutdown"], true, "{data}");
    let served = tokio::time::timeout(Duration::from_secs(5), server).await;
    assert!(matches!(served, Ok(Ok(Ok(())))));
    assert!(settles(&state, 10).await);
}
