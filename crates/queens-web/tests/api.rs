//! Every endpoint in process (tower's `oneshot` against the router): the happy paths, checked
//! against the library, and the bad inputs, each a 400 naming the bad value.

mod common;

use common::{app, app_with, events, get, ok, refused, request};
use queens::classic::{self, step::TraceStep, Algorithm, Options};
use queens::complete::{self, Instance};
use queens::count::published;
use queens::tour::{self, count as tours, Board};
use queens::{Control, Placement, Solutions, Square, Symmetry};
use serde_json::Value;
use std::ops::ControlFlow;

fn rows(v: &Value) -> Placement {
    let rows: Vec<u32> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_u64().unwrap() as u32 - 1)
        .collect();
    Placement::from_rows(rows).unwrap()
}

#[tokio::test]
async fn health_says_the_version() {
    let v = ok(&app(), "/api/health").await;
    assert_eq!(v["ok"], true);
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    refused(
        &app(),
        "/api/health?verbose=1",
        "unknown parameter 'verbose'",
    )
    .await;
}

#[tokio::test]
async fn the_page_and_only_the_page_is_served() {
    let app = app();
    let index = get(&app, "/").await;
    assert_eq!(index.status, 200);
    assert!(index.content_type.starts_with("text/html"));
    assert_eq!(get(&app, "/index.html").await.body, index.body);
    for name in queens_web::assets::names() {
        let a = get(&app, &format!("/{name}")).await;
        assert_eq!(a.status, 200, "{name}");
        let expected = match name.rsplit('.').next().unwrap() {
            "html" => "text/html",
            "js" | "mjs" => "javascript",
            "css" => "text/css",
            "svg" => "image/svg+xml",
            "json" => "application/json",
            "png" => "image/png",
            _ => "",
        };
        assert!(
            a.content_type.contains(expected),
            "{name}: {}",
            a.content_type
        );
    }
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/%2E%2E/%2E%2E/etc/passwd",
        "/..%2fCargo.toml",
        "/assets/index.html",
        "/src/lib.rs",
        "/index.html/",
        "//etc/passwd",
        "/.%2e/Cargo.toml",
        "/nothing.js",
    ] {
        assert_eq!(get(&app, path).await.status, 404, "{path}");
    }
    assert_eq!(request(&app, "POST", "/").await.status, 405);
}

#[tokio::test]
async fn unknown_api_paths_and_methods_get_json() {
    let app = app();
    for path in [
        "/api",
        "/api/",
        "/api/nothing",
        "/api/check/more",
        "/api/../api/health",
    ] {
        let a = get(&app, path).await;
        assert_eq!(a.status, 404, "{path}");
        assert!(a.error().contains("no such endpoint"), "{path}");
    }
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
        let a = request(&app, method, "/api/check?n=8").await;
        assert_eq!(a.status, 405, "{method}");
        assert!(a.error().contains(method));
    }
}

#[tokio::test]
async fn check_lists_every_attack() {
    let app = app();
    let v = ok(&app, "/api/check?n=8&queens=a1,c5").await;
    assert_eq!(v["queens"], serde_json::json!([[1, 1], [3, 5]]));
    assert_eq!(
        (v["valid"].as_bool(), v["complete"].as_bool()),
        (Some(true), Some(false))
    );
    let v = ok(&app, "/api/check?n=8&queens=c8+g4+a1+h1+a8").await;
    let squares = Square::parse_list("c8 g4 a1 h1 a8").unwrap();
    let expected = Placement::all_attacks(&squares);
    let got = v["conflicts"].as_array().unwrap();
    assert_eq!(got.len(), expected.len());
    for (g, e) in got.iter().zip(&expected) {
        assert_eq!(g["text"], e.to_string());
        assert_eq!(g["line"], e.line.to_string());
        assert_eq!(g["a"][0], e.a.col + 1);
    }
    assert_eq!(
        got[0]["text"],
        "c8 and g4 attack each other on an anti-diagonal"
    );
    assert_eq!(v["valid"], false);
    assert_eq!(v["conflict_count"], expected.len());
    let squares: Vec<Square> = (0..64u32).map(|k| Square::new(k % 8, k / 8)).collect();
    let every: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
    let full = ok(&app, &format!("/api/check?n=8&queens={}", every.join(","))).await;
    assert_eq!(
        full["conflict_count"],
        Placement::all_attacks(&squares).len()
    );
    let full = ok(&app, "/api/check?n=4&queens=a2,b4,c1,d3").await;
    assert_eq!(full["complete"], true);
    let empty = ok(&app, "/api/check?n=1").await;
    assert_eq!(
        (empty["valid"].as_bool(), empty["complete"].as_bool()),
        (Some(true), Some(false))
    );
}

#[tokio::test]
async fn check_names_bad_values() {
    let app = app();
    refused(
        &app,
        "/api/check?n=x",
        "bad n 'x': expected a whole number from 1 to 64",
    )
    .await;
    refused(&app, "/api/check?n=0", "bad n '0'").await;
    refused(&app, "/api/check?n=65", "bad n '65'").await;
    refused(&app, "/api/check", "missing parameter 'n'").await;
    refused(&app, "/api/check?n=8&queens=3,5", "'3' is not a square").await;
    refused(
        &app,
        "/api/check?n=8&queens=a1,i1",
        "'i1' is off the 8x8 board",
    )
    .await;
    refused(&app, "/api/check?n=8&queens=a1,a1", "'a1' is given twice").await;
    refused(&app, "/api/check?n=8&queens=a0", "'a0' is not a square").await;
    refused(&app, "/api/check?n=8&n=9", "'n' given twice").await;
    refused(
        &app,
        "/api/check?n=8&color=red",
        "unknown parameter 'color'",
    )
    .await;
    refused(
        &app,
        &format!("/api/check?n=8&queens={}", "a1,".repeat(2000)),
        "bytes",
    )
    .await;
}

#[tokio::test]
async fn complete_fills_the_board_or_says_why_not() {
    let app = app();
    let v = ok(&app, "/api/complete?n=8&queens=a1,c5").await;
    assert_eq!(v["status"], "solved");
    let p = rows(&v["rows"]);
    assert!(p.is_solution());
    assert_eq!((p.rows()[0], p.rows()[2]), (0, 4));
    assert_eq!(v["queens"].as_array().unwrap().len(), 8);
    let v = ok(&app, "/api/complete?n=4&queens=a1").await;
    assert_eq!(v["status"], "impossible");
    assert!(v["reason"].as_str().unwrap().contains("a1"));
    let v = ok(&app, "/api/complete?n=8&queens=a1,c3").await;
    assert_eq!(v["status"], "impossible");
    assert!(v["reason"]
        .as_str()
        .unwrap()
        .contains("a1 and c3 attack each other"));
    assert_eq!(ok(&app, "/api/complete?n=3").await["status"], "impossible");
    refused(&app, "/api/complete?n=65", "bad n '65'").await;
    refused(&app, "/api/complete?n=8&queens=z9", "off the 8x8 board").await;
}

/// The events of a count of completions: the `progress` events, then the `result`.
async fn completions(app: &axum::Router, uri: &str) -> (Vec<Value>, Value) {
    let a = get(app, uri).await;
    assert_eq!(a.status, 200, "{uri}: {}", a.body);
    assert!(a.content_type.starts_with("text/event-stream"), "{uri}");
    let mut events = events(&a.body);
    let (name, result) = events.pop().unwrap();
    assert_eq!(name, "result", "{uri}: {}", a.body);
    let progress = events
        .into_iter()
        .map(|(name, data)| {
            assert_eq!(name, "progress", "{uri}");
            data
        })
        .collect();
    (progress, result)
}

#[tokio::test]
async fn completions_are_counted_up_to_the_cap() {
    let app = app();
    let instance = Instance::with_presets(8, &[Square::new(0, 0)]).unwrap();
    let all = complete::count(&instance, &Control::new()).unwrap().count;
    let (_, v) = completions(&app, "/api/completions?n=8&queens=a1").await;
    assert_eq!(
        (v["completions"].as_u64(), v["capped"].as_bool()),
        (Some(all as u64), Some(false))
    );
    let (_, v) = completions(&app, "/api/completions?n=8&queens=a1&cap=2").await;
    assert_eq!(
        (v["completions"].as_u64(), v["capped"].as_bool()),
        (Some(2), Some(true))
    );
    let (_, v) = completions(&app, "/api/completions?n=8").await;
    assert_eq!(
        (v["n"].as_u64(), v["completions"].as_u64()),
        (Some(8), Some(92))
    );
    assert!(v["seconds"].as_f64().is_some());
    let (_, v) = completions(&app, "/api/completions?n=10").await;
    assert_eq!(v["completions"], 724);
    // 64 of the 724 solutions of 10 x 10 have a queen on a1
    let (_, v) = completions(&app, "/api/completions?n=10&queens=a1").await;
    assert_eq!(v["completions"], 64);
    // preset queens that attack each other: the answer at once, with the reason
    let (progress, v) = completions(&app, "/api/completions?n=8&queens=a1,b2").await;
    assert!(progress.is_empty());
    assert_eq!(v["completions"], 0);
    assert!(v["reason"].as_str().unwrap().contains("a1 and b2"));
    refused(&app, "/api/completions?n=21", "bad n '21'").await;
    refused(&app, "/api/completions?n=8&cap=0", "bad cap '0'").await;
    refused(&app, "/api/completions?n=8&cap=-1", "bad cap '-1'").await;
    refused(&app, "/api/completions?n=8&queens=z9", "off the 8x8 board").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_count_of_completions_streams_the_running_count() {
    // 365,596 solutions of 14 x 14: about a second of search, so several progress events
    let (progress, result) = completions(&app(), "/api/completions?n=14&cap=10000000").await;
    assert_eq!(
        (result["completions"].as_u64(), result["capped"].as_bool()),
        (Some(365_596), Some(false))
    );
    let found: Vec<u64> = progress
        .iter()
        .map(|p| p["found"].as_u64().expect("found"))
        .collect();
    assert!(found.windows(2).all(|w| w[0] <= w[1]), "{found:?}");
    assert!(
        found.iter().any(|&k| 0 < k && k < 365_596),
        "no running count on the way: {found:?}"
    );
    for p in &progress {
        assert!(p["elapsed"].as_f64().is_some() && p["done"].as_u64() <= p["total"].as_u64());
    }
}

#[tokio::test]
async fn solutions_come_in_the_order_of_list() {
    let app = app();
    let all: Vec<Placement> = Solutions::new(8).unwrap().collect();
    let mut got = Vec::new();
    for offset in (0..100).step_by(30) {
        let v = ok(
            &app,
            &format!("/api/solutions?n=8&offset={offset}&limit=30"),
        )
        .await;
        assert_eq!(v["total"], 92);
        assert_eq!(v["more"], offset + 30 < 92);
        assert_eq!(v["offset"], offset);
        for s in v["solutions"].as_array().unwrap() {
            assert_eq!((s["n"].as_u64(), s.get("index")), (Some(8), None));
            got.push(rows(&s["rows"]));
        }
    }
    assert_eq!(got, all);
    let v = ok(&app, "/api/solutions?n=8&fundamental=true").await;
    let reps = v["solutions"].as_array().unwrap();
    assert_eq!((reps.len(), v["total"].as_u64()), (12, Some(12)));
    let orbits: u64 = reps.iter().map(|s| s["orbit"].as_u64().unwrap()).sum();
    assert_eq!(orbits, 92);
    assert_eq!(
        (v["piece"].as_str(), v["torus"].as_bool()),
        (Some("queen"), Some(false))
    );
    // Each solution is the line `queens list --json --fundamental` writes for it.
    assert_eq!(
        reps[0],
        serde_json::json!({"n": 8, "rows": [1, 5, 8, 6, 3, 7, 2, 4], "orbit": 8})
    );
    assert!(reps
        .iter()
        .all(|s| queens::symmetry::is_canonical(&rows(&s["rows"]))));
    let v = ok(&app, "/api/solutions?n=14&limit=2").await;
    assert_eq!(
        (v["more"].as_bool(), v["total"].is_null()),
        (Some(true), true)
    );
    let v = ok(&app, "/api/solutions?n=3").await;
    assert_eq!(
        (
            v["solutions"].as_array().unwrap().len(),
            v["total"].as_u64()
        ),
        (0, Some(0))
    );
    refused(&app, "/api/solutions?n=21", "bad n '21'").await;
    refused(&app, "/api/solutions?n=8&limit=1001", "bad limit '1001'").await;
    refused(&app, "/api/solutions?n=8&limit=0", "bad limit '0'").await;
    refused(&app, "/api/solutions?n=8&offset=1000000", "bad offset").await;
    refused(
        &app,
        "/api/solutions?n=8&fundamental=yes",
        "expected true or false",
    )
    .await;
}

#[tokio::test]
async fn classify_gives_the_orbit_with_all_eight_images() {
    let app = app();
    let v = ok(&app, "/api/classify?rows=3,5,2,8,1,7,4,6").await;
    let p = Placement::parse("3 5 2 8 1 7 4 6").unwrap();
    assert_eq!(
        (v["orbit"].as_u64(), v["kind"].as_str()),
        (Some(4), Some("symmetric"))
    );
    assert_eq!(v["fixed_by"], serde_json::json!(["identity", "rot180"]));
    let members = v["members"].as_array().unwrap();
    for (m, g) in members.iter().zip(Symmetry::ALL) {
        assert_eq!(m["symmetry"], g.name());
        assert_eq!(rows(&m["rows"]), g.apply(&p));
    }
    assert_eq!(members.len(), 8);
    let v = ok(&app, "/api/classify?rows=1+2+3+4").await;
    assert_eq!(v["solution"], false);
    assert_eq!(v["conflict"]["line"], "diagonal");
    let v = ok(&app, "/api/classify?rows=2,4,1,3").await;
    assert_eq!(
        (v["kind"].as_str(), v["is_canonical"].as_bool()),
        (Some("doubly_symmetric"), Some(true))
    );
    assert!(v.get("conflict").is_none());
    // The record of `queens classify --json`, field for field.
    let p = Placement::parse("2 4 1 3").unwrap();
    let record = queens::record::Classification::of(&p, &queens::Orbit::of(&p));
    assert_eq!(v, serde_json::to_value(record).unwrap());
    refused(&app, "/api/classify?rows=1,1", "two queens in one row").await;
    refused(&app, "/api/classify?rows=1,5", "bad rows").await;
    refused(&app, "/api/classify?rows=a1,b3", "'a1' is not a row").await;
    refused(&app, "/api/classify", "missing parameter 'rows'").await;
}

#[tokio::test]
async fn counts_are_computed_then_published() {
    let v = ok(&app(), "/api/counts").await;
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 27);
    for (k, row) in rows.iter().enumerate() {
        let p = published::get(k + 1).unwrap();
        assert_eq!(row["total"], p.total.to_string());
        assert_eq!(row["fundamental"], p.fundamental.to_string());
        let source = if k < 13 { "computed" } else { "published" };
        assert_eq!(row["source"], source);
    }
    refused(&app(), "/api/counts?n=3", "takes no parameters").await;
}

#[tokio::test]
async fn count_streams_progress_then_the_result() {
    let a = get(&app(), "/api/count?n=12").await;
    assert_eq!(a.status, 200);
    assert!(a.content_type.starts_with("text/event-stream"));
    let events = events(&a.body);
    let (name, result) = events.last().unwrap();
    assert_eq!(name, "result");
    assert_eq!(
        (result["total"].as_str(), result["fundamental"].as_str()),
        (Some("14200"), Some("1787"))
    );
    assert_eq!(
        result["orbits"],
        serde_json::json!({"8": "1765", "4": "18", "2": "4"})
    );
    assert!(events[..events.len() - 1]
        .iter()
        .all(|(n, _)| n == "progress"));
    let one = events_of(&get(&app(), "/api/count?n=1&engine=somers").await.body);
    assert_eq!(one["orbits"], serde_json::json!({"1": "1"}));
    refused(&app(), "/api/count?n=21", "bad n '21'").await;
    refused(
        &app(),
        "/api/count?n=8&engine=fastest",
        "expected one of auto",
    )
    .await;
}

#[tokio::test]
async fn tours_past_64_squares_stream_from_the_frontier_programme() {
    // OEIS A383660: 14,060,048 closed tours of 3 x 22; A165134: 1,728 directed open tours of
    // 5 x 5 in all, 304 of them from a1 (the enumeration's count).
    let closed = events_of(
        &get(&app(), "/api/tour/count/stream?board=3x22&closed=1")
            .await
            .body,
    );
    assert_eq!(closed["tours"], "14060048");
    let from = events_of(
        &get(&app(), "/api/tour/count/stream?board=5&from=a1")
            .await
            .body,
    );
    let enumerated = ok(&app(), "/api/tour/count?board=5&from=a1").await;
    assert_eq!(
        from["tours"].as_str(),
        Some(enumerated["tours"].to_string().as_str())
    );
    let none = events_of(
        &get(&app(), "/api/tour/count/stream?board=5&closed=1")
            .await
            .body,
    );
    assert_eq!(none["tours"], "0");
    refused(&app(), "/api/tour/count/stream?board=13x13", "at most 12").await;
    refused(&app(), "/api/tour/count/stream?board=8x10&closed=1", "MiB").await;
    refused(&app(), "/api/tour/count/stream?board=5&from=z9", "bad from").await;
}

#[tokio::test]
async fn a_count_the_forecast_puts_past_the_time_limit_is_refused_before_it_starts() {
    // 20 queens: 80 to 370 s of CPU by the model (per path of the join), far past one second
    // on any machine's threads.
    let (app, _) = app_with(|l| l.time_limit = std::time::Duration::from_secs(1));
    let a = get(&app, "/api/count?n=20").await;
    assert_eq!(a.status, 400, "{}", a.body);
    let body = a.json();
    assert_eq!(body["code"], "count_time");
    assert_eq!(body["values"]["n"], 20);
    assert_eq!(body["values"]["limit"], 1);
    assert!(body["values"]["seconds"].as_f64().unwrap() > 1.0, "{body}");
    // the published total, said as published (A000170), never as counted
    assert_eq!(body["values"]["published"], "39029188884");
    assert_eq!(body["values"]["source"], "OEIS A000170");
    // a count the forecast puts within the limit runs
    let small = events_of(&get(&app, "/api/count?n=8").await.body);
    assert_eq!(small["total"], "92");
    // a knight's count past the limit by the library's guide: refused, as its plan says
    let plan = ok(&app, "/api/tour/count/plan?board=7x8&closed=1").await;
    assert_eq!(plan["fits_time"], false, "{plan}");
    let a = get(&app, "/api/tour/count/stream?board=7x8&closed=1").await;
    assert_eq!(a.status, 400, "{}", a.body);
    assert_eq!(a.json()["code"], "tour_count_time");
    assert_eq!(a.json()["values"]["rows"], 7);
    // one whose plan fits runs; a closed count with no closed tour is answered at once
    assert_eq!(
        ok(&app, "/api/tour/count/plan?board=5&from=a1").await["fits_time"],
        true
    );
    let from = events_of(
        &get(&app, "/api/tour/count/stream?board=5&from=a1")
            .await
            .body,
    );
    assert_eq!(from["tours"], "304");
    let none = events_of(
        &get(&app, "/api/tour/count/stream?board=7&closed=1")
            .await
            .body,
    );
    assert_eq!(none["tours"], "0");
}

fn events_of(body: &str) -> Value {
    events(body).pop().unwrap().1
}

/// The steps of `queens trace --json`, from the library directly.
fn library_trace(algorithm: Algorithm, n: usize) -> (Vec<Value>, classic::Stats) {
    let mut steps = Vec::new();
    let options = Options {
        trace: true,
        half: false,
    };
    let stats = classic::run_counted(algorithm, n, options, &Control::new(), |e, s| {
        let step = TraceStep::new(steps.len() as u64 + 1, e, s);
        steps.push(serde_json::to_value(step).unwrap());
        ControlFlow::Continue(())
    })
    .unwrap();
    (steps, stats)
}

#[tokio::test]
async fn trace_steps_are_the_cli_steps_with_counters() {
    let app = app();
    for (algorithm, n) in [
        (Algorithm::Wirth, 4),
        (Algorithm::Wirth, 6),
        (Algorithm::Naive, 5),
        (Algorithm::Bitmask, 5),
        (Algorithm::Iterative, 5),
        (Algorithm::Permutations, 4),
        (Algorithm::Brute, 4),
    ] {
        let v = ok(&app, &format!("/api/trace?n={n}&algorithm={algorithm}")).await;
        let (expected, stats) = library_trace(algorithm, n);
        let steps = v["steps"].as_array().unwrap();
        // The same record, field for field: no field renamed, added or left out.
        assert_eq!(steps, &expected, "{algorithm} {n}");
        assert_eq!(v["truncated"], false);
        assert_eq!(v["stats"]["nodes"], stats.nodes);
        assert_eq!(v["stats"]["solutions"], stats.solutions);
        let last = steps.last().unwrap();
        assert_eq!(last["solutions"], stats.solutions, "{algorithm} {n}");
        assert_eq!(last["nodes"], stats.nodes, "{algorithm} {n}");
        assert_eq!(last["tests"], stats.tests, "{algorithm} {n}");
    }
}

#[tokio::test]
async fn wirths_trace_of_four_reaches_2_4_1_3() {
    let v = ok(&app(), "/api/trace?n=4").await;
    let steps = v["steps"].as_array().unwrap();
    let first = steps.iter().find(|s| s["event"] == "solution").unwrap();
    assert_eq!(first["rows"], serde_json::json!([2, 4, 1, 3]));
    let last = steps.last().unwrap();
    assert_eq!(
        (last["nodes"].clone(), last["tests"].clone()),
        (v["stats"]["nodes"].clone(), v["stats"]["tests"].clone())
    );
    let brute = ok(&app(), "/api/trace?n=4&algorithm=brute&limit=3").await;
    assert_eq!(brute["steps"][0]["clash"]["line"], "row");
    assert_eq!(brute["steps"][0]["clash"]["b"], serde_json::json!([2, 1]));
    assert_eq!(brute["truncated"], true);
    assert_eq!(brute["steps"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn trace_names_bad_values() {
    let app = app();
    refused(&app, "/api/trace?n=13", "bad n '13'").await;
    refused(
        &app,
        "/api/trace?n=9&algorithm=brute",
        "the brute algorithm traces N up to 8",
    )
    .await;
    refused(
        &app,
        "/api/trace?n=11&algorithm=permutations",
        "from 1 to 10",
    )
    .await;
    refused(
        &app,
        "/api/trace?n=8&algorithm=fast",
        "bad algorithm 'fast'",
    )
    .await;
    refused(&app, "/api/trace?n=8&limit=0", "bad limit '0'").await;
    refused(&app, "/api/trace?n=8&limit=1000001", "bad limit").await;
}

/// The steps of `queens tour --trace --json`, from the library directly.
fn library_tour_trace(board: Board, from: &str, method: tour::Method) -> (Vec<Value>, tour::Work) {
    let mut steps = Vec::new();
    let from = Square::parse(from).unwrap();
    let traced = tour::step::trace(board, from, false, method, &Control::new(), |e, w| {
        let step = tour::step::TraceStep::new(steps.len() as u64 + 1, board, e, w);
        steps.push(serde_json::to_value(step).unwrap());
        ControlFlow::Continue(())
    })
    .unwrap();
    (steps, traced.work)
}

#[tokio::test]
async fn tour_trace_steps_are_the_cli_steps_with_counters() {
    let app = app();
    for (method, board, from) in [
        (tour::Method::Wirth, "5", "c3"),
        (tour::Method::Warnsdorff, "5", "c3"),
        (tour::Method::Warnsdorff, "4x6", "a1"),
        (tour::Method::Wirth, "3x4", "a1"),
    ] {
        let uri = format!(
            "/api/tour/trace?board={board}&from={from}&method={}",
            method.name()
        );
        let v = ok(&app, &uri).await;
        let (expected, work) = library_tour_trace(Board::parse(board).unwrap(), from, method);
        let steps = v["steps"].as_array().unwrap();
        assert_eq!(steps, &expected, "{uri}");
        assert_eq!(v["truncated"], false, "{uri}");
        assert_eq!(v["found"], true, "{uri}");
        assert_eq!(v["work"]["placed"], work.placed, "{uri}");
        assert_eq!(v["work"]["tried"], work.tried, "{uri}");
        assert_eq!(v["work"]["backtracks"], work.backtracks, "{uri}");
        let last = steps.last().unwrap();
        assert_eq!(last["event"], "tour", "{uri}");
        assert_eq!(
            (&last["placed"], &last["tried"]),
            (&v["work"]["placed"], &v["work"]["tried"])
        );
    }
}

#[tokio::test]
async fn tour_trace_stops_at_its_limit_and_says_so() {
    let app = app();
    let v = ok(&app, "/api/tour/trace?board=5&from=c3&limit=10").await;
    assert_eq!(v["method"], "wirth", "wirth is the default");
    assert_eq!(v["steps"].as_array().unwrap().len(), 10);
    assert_eq!(v["truncated"], true);
    assert_eq!(v["found"], false);
    let reject = &v["steps"][2];
    assert_eq!(
        (&reject["event"], &reject["reason"], &reject["k"]),
        (
            &Value::from("reject"),
            &Value::from("off_board"),
            &Value::from(1)
        )
    );
}

#[tokio::test]
async fn tour_trace_decides_first_and_names_bad_values() {
    let app = app();
    let v = ok(&app, "/api/tour/trace?board=5&from=b1").await;
    assert_eq!(v["found"], false);
    assert!(v.get("steps").is_none());
    assert!(
        v["reason"].as_str().unwrap().contains("other colour"),
        "{v}"
    );
    refused(&app, "/api/tour/trace?board=9&from=a1", "at most 64").await;
    refused(
        &app,
        "/api/tour/trace?board=5&method=divide",
        "bad method 'divide'",
    )
    .await;
    refused(&app, "/api/tour/trace?board=5&from=f1", "off the 5x5 board").await;
    refused(&app, "/api/tour/trace?board=5&limit=0", "bad limit '0'").await;
    refused(&app, "/api/tour/trace?board=5&limit=1000001", "bad limit").await;
}

#[tokio::test]
async fn tours_are_found_or_refused_with_the_reason() {
    let app = app();
    let v = ok(&app, "/api/tour?board=4x30&from=b1").await;
    assert_eq!(
        (v["found"].as_bool(), v["method"].as_str()),
        (Some(true), Some("narrow"))
    );
    let board = Board::new(4, 30);
    let path: Vec<Square> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            Square::new(
                p[0].as_u64().unwrap() as u32 - 1,
                p[1].as_u64().unwrap() as u32 - 1,
            )
        })
        .collect();
    let t = tour::Tour::new(board, &path).unwrap();
    assert_eq!(t.start(), Square::new(1, 0));
    let v = ok(&app, "/api/tour?board=8&from=a1&closed=true").await;
    assert_eq!(v["path"].as_array().unwrap().len(), 64);
    assert_eq!(v["closed"], true);
    let v = ok(&app, "/api/tour?board=3x7&from=d2").await;
    assert_eq!(v["found"], false);
    assert!(v["reason"].as_str().unwrap().contains("proves none exists"));
    let v = ok(&app, "/api/tour?board=1000x1000&from=500,500").await;
    assert_eq!(v["path"].as_array().unwrap().len(), 1_000_000);
    refused(&app, "/api/tour?board=0", "bad board '0'").await;
    refused(&app, "/api/tour?board=1001x1000", "at most 1000000").await;
    refused(&app, "/api/tour?board=9&method=wirth", "at most 64").await;
    refused(
        &app,
        "/api/tour?board=8&method=divine",
        "bad method 'divine'",
    )
    .await;
    refused(&app, "/api/tour?board=8&from=i9", "off the 8x8 board").await;
    refused(&app, "/api/tour?board=8&from=x", "bad from 'x'").await;
    refused(
        &app,
        "/api/tour?board=4x8&method=divide",
        "both sides at least 5",
    )
    .await;
}

#[tokio::test]
async fn tours_are_counted_by_the_library() {
    let app = app();
    let v = ok(&app, "/api/tour/count?board=5x5&from=a1").await;
    let expected = tours::open_from(Board::new(5, 5), Square::new(0, 0), &Control::new()).unwrap();
    assert_eq!(v["tours"], expected);
    assert_eq!(v["from"], "a1");
    let v = ok(&app, "/api/tour/count?board=3x4&closed=true").await;
    assert_eq!(
        (
            v["closed_tours"].clone(),
            v["closed_tours_directed"].clone()
        ),
        (0.into(), 0.into())
    );
    // The same record as the command line's (6x6: 9,862 closed tours).
    let v = ok(&app, "/api/tour/count?board=6&closed=true").await;
    assert_eq!(v["closed_tours"], 9862);
    assert_eq!(v["closed_tours_directed"], 19724);
    assert!(v.get("from").is_none() && v.get("closed").is_none(), "{v}");
    refused(&app, "/api/tour/count?board=9", "at most 64").await;
}

#[tokio::test]
async fn big_boards_are_solved_and_checked() {
    let app = app();
    let v = ok(&app, "/api/solve?n=10000").await;
    assert_eq!(
        (v["valid"].as_bool(), v["stats"]["method"].as_str()),
        (Some(true), Some("explicit"))
    );
    assert_eq!(v["stats"]["N_mod_12"], 10000 % 12);
    assert!(v["stats"]["seconds"].as_f64().is_some());
    assert!(rows(&v["rows"]).is_solution());
    let v = ok(&app, "/api/solve?n=500&algorithm=min-conflicts&seed=7").await;
    let again = ok(&app, "/api/solve?n=500&algorithm=min-conflicts&seed=7").await;
    assert_eq!(v["rows"], again["rows"]);
    assert_eq!(
        (v["stats"]["method"].as_str(), v["stats"]["seed"].as_u64()),
        (Some("min-conflicts"), Some(7))
    );
    assert!(v["stats"]["swaps"].as_u64().is_some());
    assert!(rows(&v["rows"]).is_solution());
    let v = ok(&app, "/api/solve?n=3").await;
    assert_eq!(v["exists"], false);
    assert!(v["reason"].as_str().unwrap().contains("N = 3"));
    refused(&app, "/api/solve?n=100001", "bad n '100001'").await;
    refused(&app, "/api/solve?n=8&seed=3", "seed has no effect").await;
    refused(
        &app,
        "/api/solve?n=8&algorithm=min-conflicts&seed=x",
        "bad seed 'x'",
    )
    .await;
}

/// 16 is the one N above 14 whose proof of minimality the page runs (no 8 queens watch 16x16:
/// seconds of search), so its 9 queens come back as the minimum.
#[tokio::test]
async fn sixteen_is_proved_the_minimum_on_the_page() {
    let app = app();
    let v = ok(&app, "/api/dominate?n=16").await;
    let queens = dominating(&v);
    assert_eq!(queens::dominate::check(16, false, &queens), Ok(()));
    assert_eq!(queens.len(), 9);
    assert_eq!(v["minimum"], true);
    assert_eq!(
        (v["proof"]["kind"].as_str(), v["proof"]["fewer"].as_u64()),
        (Some("searched"), Some(8))
    );
}

/// 20 lies above Weakley's bound (10) and beyond the page's proofs: its 11 queens are the
/// minimum by the published domination number, said so, and found at once (no vain tries at
/// 10, which took half a minute before).
#[tokio::test]
async fn twenty_is_the_minimum_by_the_published_number() {
    let app = app();
    let v = ok(&app, "/api/dominate?n=20").await;
    let queens = dominating(&v);
    assert_eq!(queens::dominate::check(20, false, &queens), Ok(()));
    assert_eq!(queens.len(), 11);
    assert_eq!(v["minimum"], true);
    assert_eq!(v["proof"]["kind"], "published");
    assert_eq!(v["proof"]["gamma"], 11);
    assert_eq!(v["proof"]["by"], "Bird 2017");
}

/// The queens of an answer of `/api/dominate`, read back as squares.
fn dominating(v: &Value) -> Vec<Square> {
    let names = v["queens"].as_array().unwrap();
    names
        .iter()
        .map(|s| Square::parse(s.as_str().unwrap()).unwrap())
        .collect()
}

#[tokio::test]
async fn dominating_sets_watch_the_whole_board() {
    let app = app();
    let v = ok(&app, "/api/dominate?n=8").await;
    let queens = dominating(&v);
    assert_eq!(queens::dominate::check(8, false, &queens), Ok(()));
    assert_eq!((v["size"].as_u64(), queens.len()), (Some(5), 5));
    assert_eq!(v["minimum"], true);
    assert_eq!(v["proof"]["kind"], "searched");
    assert_eq!(v["proof"]["fewer"], 4);
    assert_eq!(
        (v["torus"].as_bool(), v["independent"].as_bool()),
        (Some(false), Some(false))
    );
    assert_eq!(
        v["why"],
        "the exact search over every set of 4 queens finds none that watches the board"
    );
    // Weakley's bound ceil(9/2) = 5 is met on 9x9.
    let v = ok(&app, "/api/dominate?n=9&independent=1").await;
    let queens = dominating(&v);
    assert_eq!(queens::dominate::check(9, false, &queens), Ok(()));
    assert_eq!(queens::dominate::first_attack(9, false, &queens), None);
    assert_eq!(
        (v["size"].as_u64(), v["proof"]["kind"].as_str()),
        (Some(5), Some("bound"))
    );
    let v = ok(&app, "/api/dominate?n=1").await;
    assert_eq!(
        (v["queens"][0].as_str(), v["proof"]["kind"].as_str()),
        (Some("a1"), Some("one"))
    );
    for n in [2, 3, 4, 5, 6, 7] {
        let v = ok(&app, &format!("/api/dominate?n={n}")).await;
        let queens = dominating(&v);
        assert_eq!(queens::dominate::check(n, false, &queens), Ok(()), "{n}");
        assert_eq!(v["minimum"], true, "{n}");
    }
    refused(&app, "/api/dominate", "missing parameter 'n'").await;
    refused(&app, "/api/dominate?n=0", "bad n '0'").await;
    refused(&app, "/api/dominate?n=26", "from 1 to 25").await;
    refused(&app, "/api/dominate?n=x", "bad n 'x'").await;
    refused(
        &app,
        "/api/dominate?n=8&independent=2",
        "bad independent '2'",
    )
    .await;
    refused(
        &app,
        "/api/dominate?n=8&torus=1",
        "unknown parameter 'torus'",
    )
    .await;
}

/// No letter of the Cyrillic alphabet: the server words nothing in Russian.
fn no_russian(body: &str) {
    assert!(
        !body.chars().any(|c| ('\u{0400}'..='\u{04ff}').contains(&c)),
        "{body}"
    );
}

/// The code and values of an error body (which must have both), checked against `code`.
fn coded(a: &common::Answer, code: &str) -> Value {
    let body = a.json();
    assert_eq!(body["code"], code, "{body}");
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{body}"
    );
    no_russian(&a.body);
    body["values"].clone()
}

#[tokio::test]
async fn errors_and_reasons_are_codes_with_values() {
    let app = app();
    // A bad parameter: its code and values, the English sentence beside them, the same in
    // every language the page asks in.
    for lang in ["", "&lang=en", "&lang=ru"] {
        let a = get(&app, &format!("/api/check?n=0{lang}")).await;
        assert_eq!(a.status, 400);
        assert_eq!(a.error(), "bad n '0': expected a whole number from 1 to 64");
        let values = coded(&a, "bad_number");
        assert_eq!(
            values,
            serde_json::json!({"name": "n", "text": "0", "min": 1, "max": 64})
        );
    }
    let a = get(&app, "/api/check?n=8&x=1").await;
    let values = coded(&a, "unknown_parameter");
    assert_eq!(values["name"], "x");
    assert_eq!(
        values["accepted"],
        serde_json::json!(["n", "queens", "piece", "torus"])
    );
    let a = get(&app, "/api/check?n=8&n=9").await;
    assert_eq!(coded(&a, "duplicate_parameter")["name"], "n");
    let a = get(&app, "/api/check?n=8&queens=z9").await;
    let values = coded(&a, "square_off_board");
    assert_eq!(
        (values["square"].as_str(), values["n"].as_u64()),
        (Some("z9"), Some(8))
    );
    let a = get(&app, "/api/check?n=8&queens=3,5").await;
    assert_eq!(coded(&a, "not_a_square")["text"], "3");
    let a = get(&app, "/api/solve?n=8&algorithm=fast").await;
    let values = coded(&a, "bad_choice");
    assert_eq!(
        values["choices"],
        serde_json::json!(["explicit", "min-conflicts"])
    );
    let a = get(&app, "/api/solve?n=8&algorithm=explicit&seed=1").await;
    coded(&a, "seed_explicit");
    let a = get(&app, "/api/tour?board=8&from=z1").await;
    let values = coded(&a, "from_off_board");
    assert_eq!(
        (values["rows"].as_u64(), values["cols"].as_u64()),
        (Some(8), Some(8))
    );
    let a = get(&app, "/api/tour?board=0x5").await;
    assert_eq!(coded(&a, "bad_board")["text"], "0x5");
    let a = get(&app, "/api/cover?n=27").await;
    assert_eq!(coded(&a, "open_question")["n"], 27);
    let a = get(&app, "/api/nothing").await;
    assert_eq!(coded(&a, "no_endpoint")["path"], "/api/nothing");
    let a = request(&app, "POST", "/api/check?n=8").await;
    assert_eq!(coded(&a, "method_not_allowed")["method"], "POST");
    let a = get(&app, "/api/check?n=8&lang=de").await;
    assert_eq!(a.error(), "bad lang 'de': expected en or ru");
    assert_eq!(coded(&a, "bad_lang")["text"], "de");
    let a = get(&app, "/api/check?n=8&lang=ru&lang=en").await;
    assert_eq!(coded(&a, "duplicate_parameter")["name"], "lang");
    // Reasons inside answers: a "no tour" with its source, why N = 3 has no solution, why
    // preset queens have no completion; the page words the source from the code.
    for lang in ["", "&lang=ru"] {
        let a = get(&app, &format!("/api/tour?board=4{lang}")).await;
        no_russian(&a.body);
        let v = a.json();
        assert_eq!(v["found"], false);
        assert_eq!(v["reason_code"], "no_tour_square");
        assert_eq!(
            v["reason_values"],
            serde_json::json!({"rows": 4, "cols": 4})
        );
        assert!(v["reason"].as_str().unwrap().contains("Parberry 1997"));
    }
    let v = ok(&app, "/api/tour?board=5&from=b1&closed=false&lang=ru").await;
    assert_eq!(v["reason_code"], "no_tour_colour");
    assert_eq!(v["reason_values"]["from"], "b1");
    let v = ok(&app, "/api/tour?board=5&closed=true").await;
    assert_eq!(v["reason_code"], "no_closed_tour_odd");
    let v = ok(&app, "/api/solve?n=3&lang=ru").await;
    assert_eq!(v["reason_code"], "no_solution");
    assert_eq!(v["reason_values"], serde_json::json!({"n": 3}));
    let v = ok(&app, "/api/complete?n=8&queens=a1,b2&lang=ru").await;
    assert_eq!(v["reason_code"], "preset_attack");
    assert_eq!(
        v["reason_values"],
        serde_json::json!({"a": "a1", "b": "b2", "line": "diagonal"})
    );
    // A conflict: its squares and line, the English sentence beside them.
    let v = ok(&app, "/api/check?n=8&queens=c8,g4&lang=ru").await;
    assert_eq!(
        v["conflicts"][0]["text"],
        "c8 and g4 attack each other on an anti-diagonal"
    );
    assert_eq!(v["conflicts"][0]["line"], "anti-diagonal");
    // No Russian from the server, whatever the browser prefers.
    let asked = axum::http::Request::builder()
        .uri("/api/check?n=0")
        .header("accept-language", "ru-RU,ru;q=0.9,en;q=0.5")
        .body(axum::body::Body::empty())
        .unwrap();
    use tower::ServiceExt;
    let response = app.clone().oneshot(asked).await.unwrap();
    assert_eq!(response.status(), 400);
    let body = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap();
    let text = String::from_utf8(body.to_bytes().to_vec()).unwrap();
    no_russian(&text);
    assert!(text.contains("\"code\":\"bad_number\""), "{text}");
}

#[tokio::test]
async fn cover_gives_disjoint_solutions_or_says_none_exists() {
    let app = app();
    let found = [
        (1, "modular"),
        (5, "modular"),
        (7, "modular"),
        (12, "mirror"),
        (20, "quads"),
        (21, "quads"),
        (15, "half-turn-pairs"),
        (18, "pairs"),
    ];
    for (n, method) in found {
        let v = ok(&app, &format!("/api/cover?n={n}")).await;
        assert_eq!(
            (v["exists"].as_bool(), v["method"].as_str()),
            (Some(true), Some(method))
        );
        let solutions: Vec<Placement> = v["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(rows)
            .collect();
        assert_eq!(solutions.len(), n);
        assert_eq!(queens::cover::check(n, &solutions), Ok(()), "{n}");
    }
    for n in [2, 3, 4, 6, 8] {
        assert_eq!(
            ok(&app, &format!("/api/cover?n={n}")).await["exists"],
            false,
            "{n}"
        );
    }
    assert_eq!(ok(&app, "/api/cover?n=31").await["exists"], true);
    // What keeps each cover: Pólya's of 5 every turn, of 7 the half-turn, quads of 20 the
    // mirrors and the half-turn.
    for (n, kept) in [
        (5, serde_json::json!(["rot90", "rot180", "rot270"])),
        (7, serde_json::json!(["rot180"])),
        (
            20,
            serde_json::json!(["rot180", "flip-files", "flip-ranks"]),
        ),
    ] {
        assert_eq!(
            ok(&app, &format!("/api/cover?n={n}")).await["symmetries"],
            kept,
            "{n}"
        );
    }
    refused(&app, "/api/cover?n=0", "bad n '0'").await;
    refused(&app, "/api/cover?n=33", "from 1 to 32").await;
    refused(
        &app,
        "/api/cover?n=27",
        "whether the 27 x 27 board has a cover is an open question; every N from 1 to 32 but 27 and 30 is answered",
    )
    .await;
    // 27 is sent as an open question (a code the page words), 30 as a limit of this server
    assert_eq!(
        get(&app, "/api/cover?n=27").await.json()["open_question"],
        true
    );
    assert!(get(&app, "/api/cover?n=30")
        .await
        .json()
        .get("open_question")
        .is_none());
    refused(
        &app,
        "/api/cover?n=30",
        "no cover of the 30 x 30 board is found within the server's time limit",
    )
    .await;
    refused(&app, "/api/cover", "missing parameter 'n'").await;
}

#[tokio::test]
async fn a_count_of_tours_says_beforehand_whether_it_can_end() {
    let app = app();
    let v = ok(&app, "/api/tour/count/plan?board=8x8").await;
    assert_eq!(
        (v["fits_memory"].as_bool(), v["fits_time"].as_bool()),
        (Some(false), Some(false))
    );
    let v = ok(&app, "/api/tour/count/plan?board=5x5&from=a1").await;
    assert_eq!(
        (v["fits_memory"].as_bool(), v["fits_time"].as_bool()),
        (Some(true), Some(true))
    );
    // the stream refuses what the plan says does not fit in memory
    refused(&app, "/api/tour/count/stream?board=8x8", "MiB of states").await;
    let v = ok(&app, "/api/tour/count/plan?board=5x5&closed=true").await;
    assert_eq!(v["states"], 0, "no closed tour on 5x5: nothing to count");
    refused(
        &app,
        "/api/tour/count/plan?board=13x13",
        "side of at most 12",
    )
    .await;
    refused(
        &app,
        "/api/tour/count/plan?board=5&from=z9",
        "bad from 'z9'",
    )
    .await;
}

#[tokio::test]
async fn next_resumes_the_search_from_a_board() {
    let app = app();
    // from the empty board, then from each answer: the solutions of queens list 6, in turn
    let listed: Vec<String> = Solutions::new(6).unwrap().map(|p| p.perm()).collect();
    let mut rows = String::new();
    for want in &listed {
        let v = ok(&app, &format!("/api/next?n=6&rows={rows}")).await;
        let got = self::rows(&v["rows"]);
        assert_eq!(&got.perm(), want);
        rows = v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join(",");
    }
    assert_eq!(
        ok(&app, &format!("/api/next?n=6&rows={rows}")).await["rows"],
        Value::Null
    );
    // a1 extended: the first solution of 8, keeping the queen
    let v = ok(&app, "/api/next?n=8&rows=1").await;
    assert_eq!(
        (rows_of(&v), v["kept"].as_u64()),
        ("1 5 8 6 3 7 2 4".to_string(), Some(1))
    );
    // under other rules: the first superqueen solution of 10
    let v = ok(&app, "/api/next?n=10&piece=superqueen").await;
    let p = self::rows(&v["rows"]);
    assert!(queens::rules::Rules::SUPERQUEENS
        .first_conflict(&p)
        .is_none());
    refused(&app, "/api/next?n=8&rows=9", "'9' is not a row").await;
    refused(&app, "/api/next?n=4&rows=1,2,3,4,1", "at most 4 rows").await;
    refused(&app, "/api/next?n=33", "from 1 to 32").await;
}

fn rows_of(v: &Value) -> String {
    rows(&v["rows"]).perm()
}

/// A client's traces one after another each get their permit: the one before gave its permit
/// back before its body ended, so a client that reads a whole answer and asks again is never
/// told the server is busy with its own finished request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_trace_has_given_back_its_permit() {
    let (app, state) = app_with(|l| l.heavy_at_once = 1);
    for i in 0..200 {
        let a = get(&app, "/api/trace?n=4&algorithm=wirth").await;
        assert_eq!(a.status, 200, "request {i}: {}", a.body);
        assert_eq!(state.heavy.running(), 0, "request {i}: still running");
    }
}
