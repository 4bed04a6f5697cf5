//! The commands read each other's output: what `list`, `solve` and `tour` print, `check`,
//! `show`, `classify` and `tour --check` read back. And every producer streams: a solution is
//! written when it is found, and a closed pipe stops the work.

mod common;
use common::{run, run_in};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `queens A | queens B`, through a real pipe between two processes.
fn pipe(a: &[&str], b: &[&str]) -> (i32, String, String) {
    let (code, out, err) = run(a);
    assert!(code == 0, "{a:?}: {err}");
    run_in(b, &out)
}

#[test]
fn list_8_into_check_reads_92_placements() {
    let (code, out, err) = pipe(&["list", "8"], &["check", "-"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 93);
    assert_eq!(
        lines[0],
        "line 1: valid: 8 queens, no two attack each other"
    );
    assert_eq!(lines[92], "checked 92 placements: 92 valid, 0 invalid");
}

#[test]
fn every_list_format_reads_back() {
    for format in ["perm", "algebraic", "board", "json"] {
        for extra in [
            &[][..],
            &["--fundamental"],
            &["--algorithm", "wirth", "--stats"],
        ] {
            let mut args = vec!["list", "6", "--format", format];
            args.extend_from_slice(extra);
            let (code, out, err) = pipe(&args, &["check", "--json", "-"]);
            assert_eq!(code, 0, "{args:?}: {err}");
            let last = out.lines().last().unwrap();
            if extra == ["--fundamental"] {
                // The one fundamental solution of N = 6: a single verdict, with its line.
                assert!(
                    last.starts_with("{\"line\":") && last.ends_with(",\"n\":6,\"valid\":true}"),
                    "{args:?}: {last}"
                );
            } else {
                assert_eq!(
                    last, "{\"checked\":4,\"valid\":4,\"invalid\":0}",
                    "{args:?}"
                );
            }
        }
    }
}

#[test]
fn one_invalid_placement_among_many_is_exit_1() {
    let (code, out, _) = run_in(&["check", "-"], "2 4 1 3\n1 2 3 4\n3 1 4 2\n");
    assert_eq!(code, 1);
    assert!(
        out.contains("line 2: invalid: the queens on a1 and b2"),
        "{out}"
    );
    assert!(
        out.ends_with("checked 3 placements: 2 valid, 1 invalid\n"),
        "{out}"
    );
}

#[test]
fn solve_json_into_check() {
    let (code, out, err) = pipe(&["solve", "1000", "--format", "json"], &["check", "-"]);
    assert_eq!(code, 0, "{err}");
    // Read from a pipe, a verdict names its line: it is written before more lines can come.
    assert_eq!(
        out,
        "line 1: valid: 1000 queens, no two attack each other\n"
    );
    let (code, _, err) = pipe(&["solve", "1000", "--json"], &["check", "-"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = pipe(
        &[
            "solve",
            "300",
            "-a",
            "min-conflicts",
            "--seed",
            "3",
            "-f",
            "board",
        ],
        &["check", "-"],
    );
    assert_eq!(code, 0, "{err}");
}

#[test]
fn show_and_classify_read_standard_input() {
    let (code, out, err) = pipe(&["list", "4"], &["show", "-"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("Result #").count(), 2);
    let (code, out, err) = pipe(
        &["list", "8", "--fundamental"],
        &["classify", "--json", "-"],
    );
    assert_eq!(code, 0, "{err}");
    let kinds: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["kind"].clone())
        .collect();
    assert_eq!(kinds.len(), 12);
    assert_eq!(kinds.iter().filter(|k| *k == "symmetric").count(), 1);
    // The diagrams of `list --format board` go back into `classify`.
    let (code, out, _) = pipe(&["list", "4", "-f", "board"], &["classify", "-"]);
    assert_eq!(code, 0);
    assert_eq!(out.matches("orbit size:  2").count(), 2);
}

#[test]
fn partial_boards_and_partial_tours() {
    let (code, out, _) = run(&["check", "--n", "8", "a1", "b3", "c5"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "valid: 3 queens on the 8x8 board, no two attack each other\n"
    );
    let (code, out, _) = run(&["check", "--n", "8", "2", "4"]);
    assert_eq!((code, out.starts_with("valid: 2 queens")), (0, true));
    let (code, out, _) = run(&["check", "--n", "8", "a1", "h8"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("a1 and h8") && out.contains("diagonal"),
        "{out}"
    );
    let (code, out, _) = run(&["tour", "--check", "--board", "8", "a1", "b3", "c5"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "valid: a partial knight's path of 3 squares on the 8x8 board, from a1 to c5\n"
    );
    let (code, out, _) = run(&["tour", "--check", "--board", "8", "a1 b3 c4"]);
    assert_eq!(code, 1);
    assert!(out.contains("b3 to c4 is not a knight's move"), "{out}");
    let (code, _, _) = run(&["tour", "--check", "--board", "3", "a1,b3"]);
    assert_eq!(code, 0);
}

#[test]
fn one_rule_for_commas_in_check_complete_and_tour() {
    for args in [
        &["check", "2,4,1,3"][..],
        &["complete", "8", "--preset", "1,1,3"],
        &["tour", "--check", "1,1,2,3"],
    ] {
        let err = common::assert_bad(args);
        assert!(
            err.contains("a comma joins the column and row"),
            "{args:?}: {err}"
        );
    }
    assert_eq!(run(&["check", "2,1 4,2 1,3 3,4"]).0, 0);
    assert_eq!(run(&["complete", "8", "--preset", "a1,c5"]).0, 0);
    assert_eq!(run(&["complete", "8", "--preset", "1,1", "3,5"]).0, 0);
}

#[test]
fn a_slow_producer_writes_its_first_solution_long_before_its_last() {
    // Brute force on 8x8 examines 16,777,216 boards; the first solution comes about a
    // twentieth of the way through, and must be on the pipe while the search goes on.
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args(["list", "8", "--algorithm", "brute"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert_eq!(first, "1 5 8 6 3 7 2 4");
    let still_running = child.try_wait().unwrap().is_none();
    let rest = lines.count();
    let status = child.wait().unwrap();
    assert!(still_running, "the first solution came only at the end");
    assert_eq!((rest, status.code()), (91, Some(0)));
}

#[test]
fn a_closed_pipe_stops_a_long_search() {
    // `queens list 9 --algorithm brute | head -1`: 387,420,489 boards, a minute of work; once
    // the reader is gone the process must end by itself, quietly.
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args(["list", "9", "--algorithm", "brute"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert_eq!(first.trim(), "1 3 6 8 2 4 9 7 5");
    drop(reader);
    let closed = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            closed.elapsed() < Duration::from_secs(30),
            "still running after the reader left"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("interrupted") && !err.contains("panicked"),
        "{err}"
    );
}

#[test]
fn a_failed_write_is_kept_apart_from_bad_input() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no such device here
    };
    let out = Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args(["list", "8"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(74));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("queens: cannot write the output"), "{err}");
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, out, _) = run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}");
        assert!(out.contains("queens") && out.contains("count"), "{shell}");
    }
    let (code, out, _) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with(".ie") || out.contains(".TH queens"),
        "{}",
        &out[..80]
    );
}
