//! Runs that may not end in reasonable time say so before they start, and the searches that can
//! run long take a time limit.

mod common;
use common::run;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// The first line `queens ARGS` writes on stderr, after which it is stopped.
fn first_warning(args: &[&str]) -> String {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    line
}

#[test]
fn hopeless_runs_are_announced_before_they_start() {
    let line = first_warning(&["tour", "8", "--from", "a1", "--closed", "-a", "wirth"]);
    assert!(
        line.starts_with("queens: warning: Wirth's backtracking is exponential"),
        "{line}"
    );
    let line = first_warning(&["cover", "27"]);
    assert!(
        line.starts_with("queens: warning: for N = 27 the search by quads may not find"),
        "{line}"
    );
    let line = first_warning(&["cover", "30"]);
    assert!(
        line.starts_with("queens: warning: for N = 30 the mirror-pair search may not find"),
        "{line}"
    );
    let line = first_warning(&["cover", "36"]);
    assert!(
        line.starts_with("queens: warning: for N = 36 the SAT solver may not find"),
        "{line}"
    );
    let line = first_warning(&["complete", "64", "--preset", "a1", "--count"]);
    assert!(
        line.starts_with("queens: warning: counting the completions"),
        "{line}"
    );
}

#[test]
fn a_tour_search_gives_up_at_its_time_limit() {
    let (code, out, err) = run(&[
        "tour",
        "8",
        "--from",
        "a1",
        "--closed",
        "-a",
        "wirth",
        "--time-limit",
        "1",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("time limit"), "{err}");
}

#[test]
fn small_wirth_searches_start_without_a_warning() {
    let (code, _, err) = run(&["tour", "5", "--from", "c3", "-a", "wirth"]);
    assert_eq!(code, 0);
    assert!(err.is_empty(), "{err}");
}
