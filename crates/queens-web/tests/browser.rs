//! The page in a real browser: this test starts the server (the library's `serve` on
//! 127.0.0.1, a free port), runs the browser tests of `e2e/` (node's test runner driving
//! Debian's chromium through playwright-core) against it, and fails on any failure.
//!
//! The answers the page must show come from the `queens` library here (the step at which the
//! wirth trace of N = 4 reaches its first solution, the counters of `queens list --stats`,
//! the counts of N = 12, the completions of a1 on 8 x 8 and 16 x 16, the work of Wirth's and
//! Warnsdorff's searches on 5 x 5 from c3 as `queens tour --stats` prints it and Wirth's table
//! 3.1), and what the page produced (the completed board, the knight's
//! tour, the count of tours) is written by the browser tests to `results.jsonl` and checked
//! here with the library, as `queens check` and `queens tour --check` would.
//!
//! Without /usr/bin/chromium the test fails when the environment variable `CI` is set, and is
//! skipped with a loud message otherwise. `npm ci` runs in `e2e/` when its `node_modules` is
//! missing. Screenshots go to `target/tmp/e2e/screenshots/`.
//!
//! Then the static page (`scripts/static-page.sh DIR`: the page without a server, its engines
//! in WebAssembly) is opened from its folder, `target/static-page` or `QUEENS_STATIC_PAGE`,
//! by the tests of `e2e/static/`, with the same server beside it to compare answers with.
//! Without that folder they are skipped with a loud message, or fail when `CI` is set; a
//! folder whose page is older than the page's sources fails (build it again).
//! `QUEENS_E2E=static` runs these alone.

use queens::classic::{self, Algorithm, Event, Options};
use queens::tour::{self, Board, Tour};
use queens::{Control, Engine, Placement, Square};
use serde_json::{json, Value};
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
/// Far more than the tests need (about two minutes): a hung browser must not hang CI.
const DEADLINE: Duration = Duration::from_secs(20 * 60);

#[test]
fn the_page_in_a_real_browser() {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| CHROMIUM.to_string());
    if !Path::new(&chromium).exists() {
        let message = format!(
            "the browser tests need {chromium} (Debian: apt-get install chromium); .ci/run installs it"
        );
        if std::env::var_os("CI").is_some() {
            panic!("{message}");
        }
        // Straight to stderr, past the test harness's capture: a skip must be seen.
        let _ = writeln!(
            std::io::stderr(),
            "\n**********\n*** SKIPPED: the browser tests did not run: {message}\n**********\n"
        );
        return;
    }
    let e2e = Path::new(env!("CARGO_MANIFEST_DIR")).join("e2e");
    install_node_packages(&e2e);
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("e2e");
    std::fs::create_dir_all(&out).expect("a folder for the screenshots");
    // One results file per run: two runs at once (cargo test in two terminals) keep apart.
    let results = out.join(format!("results-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&results);

    let server = Server::start();
    // QUEENS_E2E=static runs the static page's tests alone (while working on that page).
    let only_static = std::env::var("QUEENS_E2E").is_ok_and(|v| v == "static");
    let served = only_static
        || run_node_tests(
            &e2e.join("tests"),
            &server.url,
            &out,
            &results,
            &chromium,
            None,
        );
    let from_folder = static_page(&e2e).is_none_or(|folder| {
        run_node_tests(
            &e2e.join("static"),
            &server.url,
            &out,
            &results,
            &chromium,
            Some(&folder),
        )
    });
    drop(server);
    assert!(served, "the browser tests failed (their output is above)");
    assert!(
        from_folder,
        "the static page's browser tests failed (their output is above)"
    );
    check_results(&results);
    let _ = std::fs::remove_file(&results);
}

/// `npm ci` when the packages are missing (a fresh clone); CI installs them beforehand.
fn install_node_packages(e2e: &Path) {
    if e2e.join("node_modules").join("playwright-core").exists() {
        return;
    }
    let status = Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(e2e)
        .status()
        .expect("npm runs (Node.js 20 or later is needed for the browser tests)");
    assert!(status.success(), "npm ci failed in {}", e2e.display());
}

/// The server on a thread of its own, stopped when dropped.
struct Server {
    url: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<std::io::Result<()>>>,
}

impl Server {
    fn start() -> Server {
        let runtime = tokio::runtime::Runtime::new().expect("a tokio runtime");
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .expect("a free port on 127.0.0.1");
        let url = format!("http://{}/", listener.local_addr().expect("an address"));
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            runtime.block_on(queens_web::serve(listener, async {
                let _ = stopped.await;
            }))
        });
        Server {
            url,
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let served = thread.join();
            if !std::thread::panicking() {
                served
                    .expect("the server thread ends")
                    .expect("the server stops cleanly");
            }
        }
    }
}

/// The folder of the static page, if built (with CI it must be) and built from the page's
/// sources as they are: its bundle must be what the bundler makes of them now.
fn static_page(e2e: &Path) -> Option<PathBuf> {
    let folder = std::env::var_os("QUEENS_STATIC_PAGE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_TARGET_TMPDIR"))
                .parent()
                .expect("the target folder")
                .join("static-page")
        });
    if !folder.join("index.html").exists() {
        let message = format!(
            "no static page in {}: build it with scripts/static-page.sh {0}",
            folder.display()
        );
        if std::env::var_os("CI").is_some() {
            panic!("{message}");
        }
        let _ = writeln!(
            std::io::stderr(),
            "\n**********\n*** SKIPPED: the static page's browser tests did not run: {message}\n**********\n"
        );
        return None;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let bundle = Command::new("node")
        .arg(root.join("scripts/bundle-page.mjs"))
        .arg(e2e.join("../assets/js/main.js"))
        .output()
        .expect("node runs the bundler");
    assert!(bundle.status.success(), "the bundler failed");
    let built = std::fs::read(folder.join("js/queens.js")).expect("the static page's script");
    assert!(
        built == bundle.stdout,
        "the static page in {} is older than the page's sources: build it again with scripts/static-page.sh",
        folder.display()
    );
    Some(folder)
}

fn run_node_tests(
    dir: &Path,
    url: &str,
    out: &Path,
    results: &Path,
    chromium: &str,
    static_page: Option<&Path>,
) -> bool {
    let e2e = dir.parent().expect("e2e");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the browser tests' folder")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.to_string_lossy().ends_with(".test.mjs"))
        .collect();
    files.sort();
    assert!(
        files.len() >= if static_page.is_some() { 2 } else { 10 },
        "the browser test files are missing"
    );
    let mut node = Command::new("node");
    if let Some(folder) = static_page {
        node.env("QUEENS_STATIC", folder);
    }
    let child = node
        .args(["--test", "--test-concurrency=1", "--test-reporter=spec"])
        .args(&files)
        .current_dir(e2e)
        .env("QUEENS_URL", url)
        .env("QUEENS_OUT", out)
        .env("QUEENS_RESULTS", results)
        .env("QUEENS_EXPECT", expectations().to_string())
        .env("CHROMIUM", chromium)
        .stdin(Stdio::null())
        .spawn()
        .expect("node runs (Node.js 20 or later is needed for the browser tests)");
    wait(child)
}

/// Waits for the node tests, killing them past the deadline.
fn wait(mut child: Child) -> bool {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("the node tests' status") {
            return status.success();
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the browser tests took longer than {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// What the page must show, from the library.
fn expectations() -> Value {
    let wirth4 = trace_facts(4);
    json!({
        "wirth4": wirth4,
        "first6": trace_facts(6)["first_solution_step"],
        "first7": trace_facts(7)["first_solution_step"],
        "wirth8": trace_facts(8),
        "count12": count_facts(12),
        "count14": count_facts(14),
        "knight": knight_facts(),
        "completions": {
            "8 a1": completion_count(8, "a1"),
            "16 a1": completion_count(16, "a1"),
        },
    })
}

/// The completions of the preset queens on an n x n board, as `queens complete --count`.
fn completion_count(n: usize, presets: &str) -> u64 {
    let presets = Square::parse_list(presets).expect("squares");
    let instance = queens::complete::Instance::with_presets(n, &presets).expect("an instance");
    let all = queens::complete::count(&instance, &Control::new()).expect("a count");
    all.count as u64
}

/// The wirth trace of N as `queens trace N` numbers it: every event is a step.
fn trace_facts(n: usize) -> Value {
    let mut steps = 0u64;
    let mut places = 0u64;
    let mut first: Option<(u64, u64, u64, String)> = None;
    let options = Options {
        trace: true,
        half: false,
    };
    let stats = classic::run(Algorithm::Wirth, n, options, &Control::new(), |e| {
        steps += 1;
        match e {
            Event::Place(_) => places += 1,
            Event::Solution {
                placement, tests, ..
            } if first.is_none() => {
                // the empty board is a node too; `tests` counts from the start for the first
                first = Some((steps, places + 1, *tests, placement.perm()));
            }
            _ => {}
        }
        ControlFlow::Continue(())
    })
    .expect("the wirth search runs");
    let (step, nodes, tests, rows) = first.expect("a first solution");
    json!({
        "first_solution_step": step,
        "first_solution": rows,
        "nodes_at_first": nodes,
        "tests_at_first": tests,
        "steps": steps,
        "stats": {
            "nodes": stats.nodes,
            "tests": stats.tests,
            "solutions": stats.solutions,
            "placements": stats.placements,
        },
    })
}

/// Wirth's and Warnsdorff's searches on 5 x 5 from his (3, 3): the work of each as `queens
/// tour --stats` prints it (the plain search), the steps of its trace as `queens tour --trace`
/// numbers them, and Wirth's table 3.1 as the book prints it.
fn knight_facts() -> Value {
    let (n, x, y, table) = tour::wirth::TABLE_3_1[0];
    let board = Board::new(n, n);
    let from = tour::wirth::from_wirth(board, x, y);
    assert_eq!(
        from.to_string(),
        "c3",
        "the page's preset starts on his (3, 3)"
    );
    let facts = |method: tour::Method| {
        let found = tour::find(board, from, false, method, &Control::new()).expect("a tour");
        let mut steps = 0u64;
        tour::step::trace(board, from, false, method, &Control::new(), |_, _| {
            steps += 1;
            ControlFlow::Continue(())
        })
        .expect("the trace runs");
        json!({
            "steps": steps,
            "work": {
                "placed": found.work.placed,
                "tried": found.work.tried,
                "backtracks": found.work.backtracks,
            },
        })
    };
    json!({
        "table": table,
        "wirth": facts(tour::Method::Wirth),
        "warnsdorff": facts(tour::Method::Warnsdorff),
    })
}

fn count_facts(n: usize) -> Value {
    let counts = queens::count::count(n, Engine::Auto, &Control::new()).expect("a count");
    let orbits: serde_json::Map<String, Value> = counts
        .orbits()
        .into_iter()
        .filter(|&(_, k)| k > 0)
        .map(|(size, k)| (size.to_string(), json!(k.to_string())))
        .collect();
    json!({
        "total": counts.total.to_string(),
        "fundamental": counts.fundamental().to_string(),
        "orbits": orbits,
    })
}

/// The boards and tours the page produced, checked with the library.
fn check_results(results: &Path) {
    let text = std::fs::read_to_string(results).expect("the browser tests' results");
    let mut kinds = Vec::new();
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).expect("a JSON line");
        let kind = record["kind"].as_str().expect("a kind").to_string();
        match kind.as_str() {
            "placement" => check_placement(&record),
            "tour" => check_tour(&record),
            "tour_count" => check_tour_count(&record),
            "dominating" => check_dominating(&record),
            other => panic!("unknown result kind {other}"),
        }
        kinds.push(kind);
    }
    for kind in ["placement", "tour", "tour_count", "dominating"] {
        assert!(kinds.iter().any(|k| k == kind), "no {kind} was checked");
    }
}

fn squares(record: &Value, field: &str) -> Vec<Square> {
    record[field]
        .as_array()
        .expect("a list of squares")
        .iter()
        .map(|s| Square::parse(s.as_str().expect("a square")).expect("a square name"))
        .collect()
}

fn check_placement(record: &Value) {
    let n = record["n"].as_u64().expect("n") as usize;
    let placement =
        Placement::from_squares(&squares(record, "squares")).expect("one queen per file");
    assert_eq!(placement.n(), n, "{record}");
    assert!(
        placement.is_solution(),
        "not a solution: {}",
        placement.perm()
    );
}

fn check_tour(record: &Value) {
    let board = Board::new(
        record["rows"].as_u64().expect("rows") as usize,
        record["cols"].as_u64().expect("cols") as usize,
    );
    let path = squares(record, "path");
    let tour = Tour::new(board, &path).unwrap_or_else(|e| panic!("not a tour: {e}"));
    let from = Square::parse(record["from"].as_str().expect("from")).expect("a square");
    assert_eq!(tour.start(), from);
}

/// A set of queens the Guard page showed: it watches every square (the library's check,
/// square by square) and has the least size, five for N = 8 (de Jaenisch; proved by search).
fn check_dominating(record: &Value) {
    let n = record["n"].as_u64().expect("n") as usize;
    let squares: Vec<Square> = record["squares"]
        .as_array()
        .expect("squares")
        .iter()
        .map(|s| Square::parse(s.as_str().expect("a square")).expect("a square name"))
        .collect();
    assert_eq!(
        queens::dominate::check(n, false, &squares),
        Ok(()),
        "{record}"
    );
    if n == 8 {
        assert_eq!(squares.len(), 5, "{record}");
    }
}

fn check_tour_count(record: &Value) {
    let board = Board::new(
        record["rows"].as_u64().expect("rows") as usize,
        record["cols"].as_u64().expect("cols") as usize,
    );
    let from = Square::parse(record["from"].as_str().expect("from")).expect("a square");
    let count = tour::count::open_from(board, from, &Control::new()).expect("a count");
    assert_eq!(record["tours"].as_u64(), Some(count), "{record}");
}
