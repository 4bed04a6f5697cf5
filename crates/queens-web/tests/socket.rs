//! The API on a real socket (127.0.0.1, a free port): every endpoint once more, the limits
//! (429 beyond the heavy permits, the time limit) and the engines cancelled when the client
//! disconnects, watched through the count of running engines.

mod common;

use common::{app_with, events, fetch_async, listen, send, settles, LONG};
use std::io::Read;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_endpoint_answers_on_a_socket() {
    let (app, _) = app_with(|_| ());
    let address = listen(app).await;
    let long_query = format!("/api/check?n=8&queens={}", "a1,".repeat(1500));
    let longer_query = format!("/api/check?n=8&queens={}", "a1,".repeat(34_000));
    for (path, status) in [
        ("/api/health", 200),
        (long_query.as_str(), 400),
        (longer_query.as_str(), 414),
        ("/api/check?n=8&queens=a1,c5", 200),
        ("/api/check?n=x", 400),
        ("/api/complete?n=8&queens=a1,c5", 200),
        ("/api/complete?n=8&queens=a1,a9", 400),
        ("/api/completions?n=8&queens=a1&cap=3", 200),
        ("/api/completions?n=8&cap=nine", 400),
        ("/api/solutions?n=6&limit=2", 200),
        ("/api/solutions?n=6&offset=-1", 400),
        ("/api/classify?rows=2,4,1,3", 200),
        ("/api/classify?rows=2,4,1", 400),
        ("/api/counts", 200),
        ("/api/counts?x", 400),
        ("/api/count?n=0", 400),
        ("/api/trace?n=4&algorithm=naive", 200),
        ("/api/trace?n=4&algorithm=nope", 400),
        ("/api/tour?board=5&from=c3&method=warnsdorff", 200),
        ("/api/tour?board=5x&from=c3", 400),
        ("/api/tour/count?board=3x4&from=a1", 200),
        ("/api/tour/count?board=3x4&from=q1", 400),
        ("/api/solve?n=1000", 200),
        ("/api/solve?n=1000&algorithm=explicit!", 400),
        ("/api/nowhere", 404),
        ("/../../etc/passwd", 404),
        ("/%2e%2e/%2e%2e/etc/passwd", 404),
        ("/", 200),
    ] {
        let a = fetch_async(address, path).await;
        let path = query_shortened(path);
        assert_eq!(a.status, status, "{path}: {}", a.body);
        if a.content_type.starts_with("text/event-stream") {
            let (name, _) = events(&a.body).pop().unwrap();
            assert_eq!(name, "result", "{path}");
        } else if path.starts_with("/api/") {
            let v = a.json();
            assert_eq!(v.get("error").is_some(), status != 200, "{path}");
        }
    }
    let a = fetch_async(address, "/api/count?n=12").await;
    let (name, result) = events(&a.body).pop().unwrap();
    assert_eq!(name, "result");
    assert_eq!(
        (result["total"].as_str(), result["fundamental"].as_str()),
        (Some("14200"), Some("1787"))
    );
}

/// `path`, at most 80 characters of it.
fn query_shortened(path: &str) -> String {
    path.chars().take(80).collect()
}

/// Reads from `stream` until `bytes` have come.
fn read_some(stream: &mut std::net::TcpStream, bytes: usize) -> String {
    let mut got = vec![0u8; bytes];
    let mut have = 0;
    while have < bytes {
        let k = stream.read(&mut got[have..]).unwrap();
        assert!(k > 0, "the server closed early");
        have += k;
    }
    String::from_utf8_lossy(&got).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_event_stream_cancels_the_count_and_frees_its_permit() {
    let (app, state) = app_with(|l| {
        l.heavy_at_once = 1;
        l.time_limit = LONG;
    });
    let address = listen(app).await;
    let mut stream = tokio::task::spawn_blocking(move || {
        let mut s = send(address, "/api/count?n=20&engine=dihedral");
        let head = read_some(&mut s, 64);
        assert!(head.starts_with("HTTP/1.0 200"), "{head}");
        s
    })
    .await
    .unwrap();
    assert_eq!(state.heavy.running(), 1);
    let busy = fetch_async(address, "/api/complete?n=8").await;
    assert_eq!(busy.status, 429);
    assert_eq!(busy.json()["busy"], true);
    assert!(busy.error().contains("busy"));
    let _ = read_some(&mut stream, 16);
    drop(stream);
    assert!(settles(&state, 10).await, "the count still runs");
    assert_eq!(fetch_async(address, "/api/complete?n=8").await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_stream_of_completions_stops_the_count() {
    let (app, state) = app_with(|_| ());
    let address = listen(app).await;
    // Ten million of the 39,029,188,884 solutions of 20 x 20: half a minute and more of search.
    let stream = tokio::task::spawn_blocking(move || {
        let mut s = send(address, "/api/completions?n=20&cap=10000000");
        let head = read_some(&mut s, 64);
        assert!(head.starts_with("HTTP/1.0 200"), "{head}");
        s
    })
    .await
    .unwrap();
    assert_eq!(state.heavy.running(), 1);
    drop(stream);
    assert!(
        settles(&state, 5).await,
        "the count of completions still runs"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_gone_during_a_json_request_cancels_the_engine() {
    let (app, state) = app_with(|_| ());
    let address = listen(app).await;
    // Counting the open tours of 8x8 from a1 would take years; only the disconnect ends it.
    let stream = send(address, "/api/tour/count?board=8&from=a1");
    let start = Instant::now();
    while state.heavy.running() == 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    drop(stream);
    assert!(settles(&state, 10).await, "the tour count still runs");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_trace_stops_its_search() {
    let (app, state) = app_with(|_| ());
    let address = listen(app).await;
    let stream = tokio::task::spawn_blocking(move || {
        let mut s = send(address, "/api/trace?n=12&algorithm=naive&limit=1000000");
        let head = read_some(&mut s, 4096);
        assert!(head.contains(r#""steps":[{"step":1"#), "{head}");
        s
    })
    .await
    .unwrap();
    drop(stream);
    assert!(settles(&state, 10).await, "the trace still runs");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_loses_its_permit_at_the_time_limit() {
    let (app, state) = app_with(|l| l.time_limit = Duration::from_millis(500));
    let address = listen(app).await;
    // About 150 MB of steps, far beyond what the socket and the channel can hold unread.
    let stream = send(address, "/api/trace?n=12&algorithm=naive&limit=1000000");
    let start = Instant::now();
    while state.heavy.running() == 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "never started");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(settles(&state, 10).await, "the trace waits for ever");
    drop(stream);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_time_limit_stops_heavy_work() {
    let (app, state) = app_with(|l| l.time_limit = Duration::from_millis(300));
    let address = listen(app).await;
    let a = fetch_async(address, "/api/tour/count?board=8&from=a1").await;
    assert_eq!(a.status, 503);
    assert_eq!(a.json()["timeout"], true);
    assert!(a.error().contains("time limit"));
    // a count the forecast puts past the limit is not started at all
    let a = fetch_async(address, "/api/count?n=20&engine=dihedral").await;
    assert_eq!(a.status, 400, "{}", a.body);
    assert_eq!(a.json()["code"], "count_time");
    for path in ["/api/completions?n=20&cap=10000000"] {
        let a = fetch_async(address, path).await;
        let (name, data) = events(&a.body).pop().unwrap();
        assert_eq!(
            (name.as_str(), data["timeout"].as_bool()),
            ("error", Some(true)),
            "{path}"
        );
    }
    assert!(settles(&state, 10).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_ends_serving() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(queens_web::serve(listener, async {
        let _ = stopped.await;
    }));
    assert_eq!(fetch_async(address, "/api/health").await.status, 200);
    stop.send(()).unwrap();
    let served = tokio::time::timeout(Duration::from_secs(5), server).await;
    assert!(matches!(served, Ok(Ok(Ok(())))));
}
