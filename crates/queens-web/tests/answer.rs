//! The answer without a server (`queens_web::answer`, what the page's in-browser back end
//! runs) is the server's answer: for requests of every endpoint, good and bad, the status and
//! the JSON are the same, but for the wall seconds a run took. Streams are compared by their
//! `result` (or `error`) event; the answer without a server gives its progress to a callback.

mod common;

use common::{app, events, get};
use queens::Control;
use queens_web::answer::{answer, Refusal};
use queens_web::limits::Limits;
use serde_json::Value;

/// Requests of every endpoint, answered and refused.
const REQUESTS: &[&str] = &[
    "/health",
    "/health?lang=ru",
    "/check?n=8&queens=a1,b3,c5",
    "/check?n=8&queens=a1,b2&piece=superqueen&torus=true",
    "/check?n=0",
    "/complete?n=8&queens=a1,b3",
    "/complete?n=8&queens=a1,b2",
    "/completions?n=8&queens=a1",
    "/completions?n=8&queens=a1,b2",
    "/solutions?n=8&fundamental=true",
    "/solutions?n=6&offset=2&limit=1",
    "/solutions?n=6&piece=superqueen&torus=true",
    "/solutions?n=99",
    "/classify?rows=1,5,8,6,3,7,2,4",
    "/classify?rows=1,1",
    "/counts",
    "/count?n=10",
    "/count?n=12&engine=somers",
    "/count?n=12&engine=bitmask",
    "/trace?n=4&algorithm=wirth",
    "/trace?n=5&algorithm=naive&limit=30",
    "/trace?n=9&algorithm=brute",
    "/tour?board=5&from=a1&method=wirth",
    "/tour?board=4&from=a1",
    "/tour/count?board=5&from=a1",
    "/tour/count?board=6&closed=true",
    "/tour/count/stream?board=5&from=c3",
    "/tour/count/plan?board=8&closed=true",
    "/tour/trace?board=5&from=a1&limit=50",
    "/tour/trace?board=4&from=a1",
    "/solve?n=50&algorithm=explicit",
    "/solve?n=3&algorithm=explicit",
    "/solve?n=30&algorithm=min-conflicts&seed=3",
    "/dominate?n=6",
    "/dominate?n=5&independent=true",
    "/cover?n=7",
    "/cover?n=27",
    "/next?n=6&rows=2",
    "/next?n=6&rows=9",
    "/nowhere",
    "/count?n=8&lang=de",
];

/// An answer's JSON text read as a value.
fn value(raw: &serde_json::value::RawValue) -> Value {
    serde_json::from_str(raw.get()).expect("an answer is JSON")
}

/// The answer without a server: status and body, the result of a stream.
fn without_server(uri: &str) -> (u16, Value) {
    let (path, query) = match uri.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (uri, None),
    };
    let mut progress = Vec::new();
    match answer(&Limits::default(), path, query, &Control::new(), &mut |p| {
        progress.push(p)
    }) {
        Ok(v) => (200, value(&v)),
        Err(Refusal { status, body }) => (status, body),
    }
}

/// The server's answer: status and body; a stream's `result` or `error` event.
async fn served(uri: &str) -> (u16, Value) {
    let a = get(&app(), &format!("/api{uri}")).await;
    if a.content_type.starts_with("text/event-stream") {
        let (name, data) = events(&a.body).pop().expect("a stream ends with an event");
        return (if name == "result" { 200 } else { 500 }, data);
    }
    (a.status, a.json())
}

/// The answer with the wall seconds of its run taken out.
fn timeless(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        for key in ["seconds", "elapsed"] {
            if o.get(key).is_some_and(Value::is_number) {
                o.remove(key);
            }
        }
        for value in o.values_mut() {
            *value = timeless(value.take());
        }
    }
    v
}

#[tokio::test(flavor = "multi_thread")]
async fn the_answer_without_a_server_is_the_servers() {
    for uri in REQUESTS {
        let (status, body) = served(uri).await;
        let mine = tokio::task::spawn_blocking(move || without_server(uri))
            .await
            .unwrap();
        assert_eq!(mine.0, status, "{uri}: {}", mine.1);
        assert_eq!(timeless(mine.1), timeless(body), "{uri}");
    }
}

#[test]
fn a_stream_reports_its_progress_to_the_callback() {
    let mut progress = Vec::new();
    let counted = answer(
        &Limits::default(),
        "/count",
        Some("n=9"),
        &Control::new(),
        &mut |p| progress.push(p),
    )
    .unwrap();
    let counted = value(&counted);
    assert_eq!(counted["total"], "352");
    assert!(!progress.is_empty());
    assert!(
        progress.iter().all(|p| p.get("done").is_some()),
        "{progress:?}"
    );
}

#[test]
fn the_browser_limits_forecast_in_the_browser_speed() {
    let browser = Limits::browser();
    assert!(browser.speed < 1.0 && browser.forecast_budget() < 60.0);
    // A count past the limit at the browser's speed is refused before it starts.
    let refused = answer(
        &browser,
        "/count",
        Some("n=20"),
        &Control::new(),
        &mut |_| {},
    )
    .unwrap_err();
    assert_eq!(refused.status, 400);
    assert_eq!(refused.body["code"], "count_time", "{}", refused.body);
}

#[test]
fn a_cover_the_browser_would_search_past_its_limit_is_refused_before_it_starts() {
    let browser = Limits::browser();
    // 16 takes about 20 s natively: more than the minute at the browser's speed, not on the server.
    let refused = answer(
        &browser,
        "/cover",
        Some("n=16"),
        &Control::new(),
        &mut |_| {},
    )
    .unwrap_err();
    assert_eq!(refused.status, 400);
    assert_eq!(refused.body["code"], "cover_forecast", "{}", refused.body);
    let found = answer(
        &browser,
        "/cover",
        Some("n=7"),
        &Control::new(),
        &mut |_| {},
    )
    .unwrap();
    let found = value(&found);
    assert_eq!(found["exists"], true, "{found}");
}
