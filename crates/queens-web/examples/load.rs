//! A bounded load test of a running `queens serve` on loopback: a fixed number of requests from
//! a fixed number of concurrent clients, each request on its own connection (HTTP/1.0), then
//! the statuses, the errors and the latency percentiles.
//!
//! ```sh
//! queens serve --port 8080 &
//! cargo run --release -p queens-web --example load -- 127.0.0.1:8080 200 20000
//! cargo run --release -p queens-web --example load -- 127.0.0.1:8080 200 2000 heavy
//! cargo run --release -p queens-web --example load -- 127.0.0.1:8080 200 20000 health
//! ```
//!
//! The light mix (default) asks the cheap endpoints and the page's files and counts any answer
//! but 200 as an error. The heavy mix asks endpoints that take a permit: beyond the permits the
//! server answers 429 at once, by design, so those are counted apart from errors. The health
//! mix asks `/api/health` only: the floor of the HTTP stack, a baseline for the others.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const LIGHT: [&str; 10] = [
    "/api/health",
    "/api/check?n=8&queens=a1,c5,e8,h4",
    "/api/check?n=32&queens=a1,b3,c5,d7,e9,f11,g13,h15,i17,j19,k21,l23",
    "/api/classify?rows=1,5,8,6,3,7,2,4",
    "/api/solutions?n=8&offset=40&limit=20",
    "/api/solutions?n=12&fundamental=true&limit=100",
    "/api/counts",
    "/api/classify?rows=3,5,2,8,1,7,4,6",
    "/",
    "/api/nowhere",
];

const HEAVY: [&str; 6] = [
    "/api/complete?n=24&queens=a1,c5",
    "/api/solve?n=10000",
    "/api/tour?board=30x30&from=a1",
    "/api/trace?n=6&limit=2000",
    "/api/completions?n=10&queens=a1",
    "/api/tour?board=1000x1000&from=a1",
];

/// What one request brought: its status (0 when the connection failed) and its time.
type Outcome = (u16, Duration);

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let address = args
        .first()
        .cloned()
        .unwrap_or_else(|| "127.0.0.1:8080".into());
    let clients: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let total: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let mix = args.get(3).map_or("light", |a| a.as_str());
    let heavy = mix == "heavy";
    let paths: &'static [&'static str] = match mix {
        "heavy" => &HEAVY,
        "health" => &["/api/health"],
        _ => &LIGHT,
    };
    let next = Arc::new(AtomicUsize::new(0));
    let outcomes = Arc::new(Mutex::new(Vec::with_capacity(total)));
    let start = Instant::now();
    let workers: Vec<_> = (0..clients)
        .map(|_| {
            let (address, next, outcomes) = (address.clone(), next.clone(), outcomes.clone());
            tokio::spawn(async move {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= total {
                        return;
                    }
                    let outcome = one(&address, paths[k % paths.len()]).await;
                    outcomes.lock().unwrap().push((k % paths.len(), outcome));
                }
            })
        })
        .collect();
    for w in workers {
        w.await.unwrap();
    }
    let wall = start.elapsed().as_secs_f64();
    let outcomes = outcomes.lock().unwrap();
    report(&outcomes, paths, (mix, heavy), clients, wall);
}

/// One request on a fresh connection, with a 120 s bound.
async fn one(address: &str, path: &str) -> Outcome {
    let start = Instant::now();
    let asked = async {
        let mut stream = TcpStream::connect(address).await.ok()?;
        let request = format!("GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n");
        stream.write_all(request.as_bytes()).await.ok()?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.ok()?;
        let head = String::from_utf8_lossy(&answer[..answer.len().min(32)]).into_owned();
        head.split(' ').nth(1)?.parse::<u16>().ok()
    };
    let status = tokio::time::timeout(Duration::from_secs(120), asked)
        .await
        .ok()
        .flatten()
        .unwrap_or(0);
    (status, start.elapsed())
}

/// The expected status of a path: 200, but 404 for the path that is no endpoint.
fn expected(path: &str) -> u16 {
    if path == "/api/nowhere" {
        404
    } else {
        200
    }
}

fn report(
    outcomes: &[(usize, Outcome)],
    paths: &[&str],
    (mix, heavy): (&str, bool),
    clients: usize,
    wall: f64,
) {
    let mut statuses: BTreeMap<u16, usize> = BTreeMap::new();
    let mut errors = 0;
    let mut times: Vec<f64> = Vec::with_capacity(outcomes.len());
    for &(p, (status, time)) in outcomes {
        *statuses.entry(status).or_default() += 1;
        let refused = heavy && status == 429;
        if status != expected(paths[p]) && !refused {
            errors += 1;
        }
        times.push(time.as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{} requests ({mix} mix), {clients} concurrent clients, {wall:.2} s, {:.0} requests/s",
        outcomes.len(),
        outcomes.len() as f64 / wall
    );
    println!("statuses: {statuses:?}");
    println!("errors: {errors}");
    println!(
        "latency ms: p50 {:.2}, p90 {:.2}, p99 {:.2}, max {:.2}",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
}
