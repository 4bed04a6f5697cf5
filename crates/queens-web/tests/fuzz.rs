//! The server never panics and always answers as documented, whatever the path and query:
//! random requests against the router in process.

mod common;

use common::{app_with, get};
use proptest::prelude::*;
use std::time::Duration;

/// Each endpoint with the parameters it knows ("nothing" is no endpoint).
const ENDPOINTS: [(&str, &[&str]); 13] = [
    ("health", &[]),
    ("check", &["n", "queens"]),
    ("complete", &["n", "queens"]),
    ("completions", &["n", "queens", "cap"]),
    ("solutions", &["n", "fundamental", "offset", "limit"]),
    ("classify", &["rows"]),
    ("counts", &[]),
    ("count", &["n", "engine"]),
    ("trace", &["n", "algorithm", "limit"]),
    ("tour", &["board", "from", "method", "closed"]),
    ("tour/count", &["board", "from", "closed"]),
    ("solve", &["n", "algorithm", "seed"]),
    ("nothing", &["n"]),
];

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(vec![
            "8", "0", "1", "4", "12", "20", "64", "-1", "x", "1e3", "99999999999999999999999",
            "a1,c5", "a1 a1", "3,5", "2,4,1,3", "1,1,1", "true", "false", "wirth", "brute",
            "5x5", "4x30", "1000x1000", "0x0", "auto", "divide", "min-conflicts", "b1", "",
        ])
        .prop_map(String::from),
        1 => "[ -~]{0,16}",
        1 => "[0-9a-z,]{0,40}",
        2 => "[0-9]{1,3}",
        2 => "[a-h][1-8](,[a-h][1-8]){0,5}",
    ]
}

/// A value that fits the parameter `name` most of the time.
fn value_for(name: &str) -> BoxedStrategy<String> {
    let pick = |v: &[&'static str]| {
        prop::sample::select(v.to_vec())
            .prop_map(String::from)
            .boxed()
    };
    let fitting = match name {
        "n" => "[0-9]{1,2}".boxed(),
        "queens" => "[a-m][1-9]([, ][a-m][1-9]){0,6}".boxed(),
        "cap" | "offset" | "limit" | "seed" => "[0-9]{1,5}".boxed(),
        "fundamental" | "closed" => pick(&["true", "false", "1", "0"]),
        "rows" => "[1-9]([, ][1-9]){0,9}".boxed(),
        "engine" => pick(&["auto", "quarters", "dihedral", "constellation", "somers"]),
        "algorithm" => pick(&[
            "wirth",
            "naive",
            "bitmask",
            "iterative",
            "brute",
            "permutations",
            "explicit",
            "min-conflicts",
        ]),
        "board" => "[1-9][0-9]?(x[1-9][0-9]?)?".boxed(),
        "from" => "[a-j][1-9]|[1-9],[1-9]".boxed(),
        "method" => pick(&["auto", "wirth", "warnsdorff", "divide", "narrow"]),
        _ => value().boxed(),
    };
    prop_oneof![6 => fitting, 1 => value()].boxed()
}

/// A query: each known name given or not, with a fitting value most of the time, and now
/// and then a name the endpoint does not know.
fn query(names: &'static [&'static str]) -> impl Strategy<Value = String> {
    let given: Vec<_> = names
        .iter()
        .map(|&name| prop::option::weighted(0.7, value_for(name)).prop_map(move |v| (name, v)))
        .collect();
    (given, prop::option::weighted(0.1, value())).prop_map(|(given, unknown)| {
        let mut q = form_urlencoded::Serializer::new(String::new());
        for (name, value) in given {
            if let Some(value) = value {
                q.append_pair(name, &value);
            }
        }
        if let Some(value) = unknown {
            q.append_pair("x", &value);
        }
        q.finish()
    })
}

/// An endpoint and its query, or a random path.
fn request() -> impl Strategy<Value = (String, String)> {
    prop_oneof![
        10 => prop::sample::select(ENDPOINTS.to_vec())
            .prop_flat_map(|(e, names)| (Just(format!("/api/{e}")), query(names))),
        1 => ("/[a-z0-9./%_-]{0,24}", query(&["n"])),
        1 => ("/api/[a-z0-9./%_-]{0,24}", query(&["n"])),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_request_gets_a_documented_answer((path, query) in request()) {
        let uri = format!("{path}?{query}");
        prop_assume!(uri.parse::<axum::http::Uri>().is_ok());
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let (app, state) = app_with(|l| l.time_limit = Duration::from_millis(300));
        let a = runtime.block_on(get(&app, &uri));
        prop_assert!([200, 400, 404, 429, 503].contains(&a.status), "{uri}: {}", a.status);
        if path.starts_with("/api/") && !a.content_type.starts_with("text/event-stream") {
            let v: serde_json::Value = serde_json::from_str(&a.body)
                .map_err(|e| TestCaseError::fail(format!("{uri}: not JSON: {e}")))?;
            prop_assert_eq!(v.get("error").is_some(), a.status != 200, "{}: {}", uri, a.body);
        }
        runtime.block_on(async {
            while state.heavy.running() > 0 {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        });
    }
}
