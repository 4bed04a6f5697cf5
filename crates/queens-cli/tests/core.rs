//! Command tests for the core commands: list, count, check, classify, show.

use predicates::prelude::*;

mod common;
use common::{queens, run};

#[test]
fn list_eight_gives_92_then_12() {
    let (code, out, _) = run(&["list", "8"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 92);
    assert_eq!(out.lines().next(), Some("1 5 8 6 3 7 2 4"));
    let (_, out, _) = run(&["list", "8", "--fundamental"]);
    assert_eq!(out.lines().count(), 12);
    insta::assert_snapshot!("list_8_fundamental", out);
}

#[test]
fn list_formats() {
    let (_, out, _) = run(&["list", "8", "--format", "algebraic", "--limit", "2"]);
    assert_eq!(out, "a1 b5 c8 d6 e3 f7 g2 h4\na1 b6 c8 d3 e7 f4 g2 h5\n");
    let (_, out, _) = run(&["list", "8", "--format", "json", "--limit", "1"]);
    assert_eq!(out, "{\"n\":8,\"rows\":[1,5,8,6,3,7,2,4]}\n");
    let (_, out, _) = run(&["list", "6", "--format", "board"]);
    insta::assert_snapshot!("list_6_board", out);
    let (_, out, _) = run(&[
        "list",
        "4",
        "--format",
        "board",
        "--unicode",
        "--limit",
        "1",
    ]);
    assert!(out.contains('♛') && out.contains("Result #1"));
    let (_, out, _) = run(&["list", "5", "--fundamental", "--format", "json"]);
    assert_eq!(
        out,
        "{\"n\":5,\"rows\":[1,3,5,2,4],\"orbit\":8}\n{\"n\":5,\"rows\":[2,5,3,1,4],\"orbit\":2}\n"
    );
}

#[test]
fn list_streams_into_a_closed_pipe_quietly() {
    // `queens list 16 | head -1`: the reader goes away after one line.
    let want = "1 3 5 2 13 9 14 12 15 6 16 7 4 11 8 10\n";
    let (first, code, err) = common::read_then_close(&["list", "16"], want.len());
    assert_eq!(String::from_utf8_lossy(&first), want);
    assert_eq!(code, 0);
    assert_eq!(err, "");
}

#[test]
fn count_human_and_json() {
    let (code, out, _) = run(&["count", "8"]);
    assert_eq!(code, 0);
    assert!(out.contains("total:        92\n"));
    assert!(out.contains("fundamental:  12\n"));
    assert!(out.contains("orbits of 8:  11 (simple)"));
    assert!(out.contains("orbits of 4:  1 (symmetric)"));
    let (_, out, _) = run(&["count", "12", "--json", "--threads", "1"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["total"], 14200);
    assert_eq!(v["fundamental"], 1787);
    assert_eq!(v["orbits"], serde_json::json!({"8": 1765, "4": 18, "2": 4}));
    assert!(out.starts_with("{\"n\":12,\"total\":14200,\"fundamental\":1787,\"orbits\":{\"8\":1765,\"4\":18,\"2\":4},\"seconds\":"));
    let (_, out, _) = run(&["count", "1", "--json"]);
    assert!(out.starts_with("{\"n\":1,\"total\":1,\"fundamental\":1,\"orbits\":{\"1\":1},"));
    for n in ["2", "3"] {
        let (code, out, _) = run(&["count", n, "--json"]);
        assert_eq!(code, 0);
        assert!(out.contains("\"total\":0,\"fundamental\":0"));
    }
}

#[test]
fn count_range_is_a_table() {
    let (code, out, _) = run(&["count", "1..10"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 11);
    assert!(lines[0].contains("total") && lines[0].contains("fundamental"));
    let fields: Vec<&str> = lines[8].split_whitespace().collect();
    assert_eq!(&fields[..3], &["8", "92", "12"]);
    let (_, out, _) = run(&["count", "4..6", "--json"]);
    assert_eq!(out.lines().count(), 3);
}

#[test]
fn check_valid_and_invalid() {
    queens()
        .args(["check", "1", "5", "8", "6", "3", "7", "2", "4"])
        .assert()
        .code(0)
        .stdout("valid: 8 queens, no two attack each other\n");
    queens()
        .args(["check", "a1 b5 c8 d6 e3 f7 g2 h4"])
        .assert()
        .code(0);
    queens()
        .args([
            "check", "1,1", "2,5", "3,8", "4,6", "5,3", "6,7", "7,2", "8,4",
        ])
        .assert()
        .code(0);
    queens()
        .args(["check", "1 5 8 6 3 7 4 2"])
        .assert()
        .code(1)
        .stdout("invalid: the queens on c8 and g4 attack each other on the same anti-diagonal\n");
    queens()
        .args(["check", "1 1 3"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("a1 and b1").and(predicate::str::contains("same row")));
    queens()
        .args(["check", "2 1 4 3", "--json"])
        .assert()
        .code(1)
        .stdout(concat!(
            "{\"n\":4,\"valid\":false,\"conflict\":{\"a\":[1,2],\"b\":[2,1],",
            "\"line\":\"anti-diagonal\",\"text\":\"a2 and b1 attack each other on an anti-diagonal\"}}\n"
        ));
}

#[test]
fn classify_and_show() {
    let (code, out, _) = run(&["classify", "2", "4", "1", "3"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("classify_4", out);
    let (_, out, _) = run(&["classify", "3 5 2 8 1 7 4 6", "--json"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["orbit"], 4);
    assert_eq!(v["fixed_by"], serde_json::json!(["identity", "rot180"]));
    assert_eq!(v["canonical"], serde_json::json!([3, 5, 2, 8, 1, 7, 4, 6]));
    assert_eq!(
        (v["is_canonical"].as_bool(), v.get("conflict")),
        (Some(true), None)
    );
    let members = v["members"].as_array().unwrap();
    assert_eq!(members.len(), 8);
    assert_eq!(
        members[2],
        serde_json::json!({"symmetry": "rot180", "rows": [3, 5, 2, 8, 1, 7, 4, 6]})
    );
    let (_, out, _) = run(&["classify", "2 1 4 3", "--json"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["solution"].as_bool(), v["conflict"]["line"].as_str()),
        (Some(false), Some("anti-diagonal"))
    );
    let (_, out, _) = run(&["classify", "1 7 5 8 2 4 6 3"]);
    assert!(out.contains("canonical:   1 5 8 6 3 7 2 4 (by "), "{out}");
    let (code, out, _) = run(&["show", "1", "5", "8", "6", "3", "7", "2", "4"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("show_8", out);
}

#[test]
fn show_writes_an_svg() {
    let dir = std::env::temp_dir().join(format!("queens-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.svg");
    queens()
        .args(["show", "2 4 1 3", "--svg"])
        .arg(&file)
        .assert()
        .code(0);
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.starts_with("<svg"));
    assert_eq!(svg.matches("class=\"queen\"").count(), 4);
    assert_eq!(
        svg.matches("<rect x=").count(),
        16 + 4,
        "16 squares and 4 queen bases"
    );
    for label in [">a<", ">d<", ">1<", ">4<"] {
        assert!(svg.contains(label), "{label}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_has_examples() {
    for cmd in ["count", "list", "check", "classify", "show"] {
        queens()
            .args([cmd, "--help"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("Examples:"));
    }
}

/// Ctrl-C (SIGINT) stops a long count cleanly: exit 130, a one-line note, no partial result.
#[cfg(unix)]
#[test]
fn interrupt_stops_a_long_count() {
    use std::process::Stdio;
    let bin = assert_cmd::cargo::cargo_bin("queens");
    let child = std::process::Command::new(bin)
        .args(["count", "24", "--threads", "1", "--yes"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted"));
}
