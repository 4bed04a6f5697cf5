//! Command tests for one solution of any size: `queens solve` (explicit, min-conflicts, random,
//! --exists) and `queens check --input FILE` / `-`.

mod common;
use common::{queens, run};

/// Runs `queens check -` on `text` and returns (exit code, stdout).
fn check_stdin(text: &str) -> (i32, String) {
    let out = queens()
        .args(["check", "-"])
        .write_stdin(text.to_string())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// The 1-based rows of a line in the permutation format.
fn rows(line: &str) -> Vec<u64> {
    line.split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect()
}

#[test]
fn explicit_is_the_default_and_gives_the_seed_examples() {
    let examples = [
        ("8", "2 4 6 8 3 1 7 5"),
        ("14", "2 4 6 8 10 12 14 3 1 7 9 11 13 5"),
        ("15", "4 6 8 10 12 14 2 5 7 9 11 13 15 1 3"),
        ("20", "2 4 6 8 10 12 14 16 18 20 3 1 7 5 11 9 15 13 19 17"),
    ];
    for (n, expected) in examples {
        assert_eq!(
            run(&["solve", n]),
            (0, format!("{expected}\n"), String::new())
        );
        let (_, out, _) = run(&["solve", n, "--method", "explicit"]);
        assert_eq!(out, format!("{expected}\n"));
    }
    assert_eq!(run(&["solve", "1"]).1, "1\n");
    assert_eq!(run(&["solve", "4"]).1, "2 4 1 3\n");
}

#[test]
fn explicit_solutions_check_valid() {
    for n in [
        4, 5, 6, 7, 9, 10, 11, 12, 13, 16, 21, 26, 100, 1001, 100_003,
    ] {
        let (code, out, _) = run(&["solve", &n.to_string()]);
        assert_eq!(code, 0);
        assert_eq!(rows(&out).len(), n);
        let (code, verdict) = check_stdin(&out);
        assert_eq!(code, 0, "N = {n}: {verdict}");
        assert_eq!(
            verdict,
            format!("line 1: valid: {n} queens, no two attack each other\n")
        );
    }
}

#[test]
fn formats() {
    let (_, out, _) = run(&["solve", "8", "--format", "json"]);
    assert_eq!(out, "{\"n\":8,\"rows\":[2,4,6,8,3,1,7,5]}\n");
    let (_, out, _) = run(&["solve", "8", "-f", "algebraic"]);
    assert_eq!(out, "a2 b4 c6 d8 e3 f1 g7 h5\n");
    let (_, out, _) = run(&["solve", "8", "--format", "board"]);
    insta::assert_snapshot!("solve_8_board", out);
    let (_, out, _) = run(&["solve", "5", "--format", "board", "--unicode"]);
    assert_eq!(out.matches('♛').count(), 5);
    // Every format describes the same solution.
    let (_, json, _) = run(&[
        "solve",
        "30",
        "-m",
        "min-conflicts",
        "--seed",
        "4",
        "-f",
        "json",
    ]);
    let (_, perm, _) = run(&["solve", "30", "-m", "min-conflicts", "--seed", "4"]);
    let (_, squares, _) = run(&[
        "solve",
        "30",
        "-m",
        "min-conflicts",
        "--seed",
        "4",
        "-f",
        "algebraic",
    ]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let from_json: Vec<u64> = value["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(from_json, rows(&perm));
    let (_, a, _) = run(&["classify", &squares]);
    let (_, b, _) = run(&["classify", &perm]);
    assert_eq!(a, b);
}

#[test]
fn stats_go_to_stderr_or_into_the_json() {
    let (code, out, err) = run(&["solve", "12", "--stats"]);
    assert_eq!(code, 0);
    assert_eq!(rows(&out).len(), 12);
    assert!(err.contains("explicit") && err.contains("N mod 12:") && err.contains("seconds:"));
    let (_, out, err) = run(&[
        "solve",
        "1000",
        "-m",
        "min-conflicts",
        "--seed",
        "9",
        "--stats",
        "-f",
        "json",
    ]);
    assert!(err.is_empty());
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["stats"]["method"], "min-conflicts");
    assert_eq!(value["stats"]["seed"], 9);
    assert!(value["stats"]["draws"].as_u64().unwrap() >= 1000);
    let (_, out, _) = run(&[
        "solve", "8", "-m", "random", "--seed", "1", "--stats", "-f", "json",
    ]);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value["stats"]["solutions"], 92);
    let (_, out, _) = run(&["solve", "20", "--stats", "--json"]);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (
            value["stats"]["method"].as_str(),
            value["stats"]["N_mod_12"].as_u64()
        ),
        (Some("explicit"), Some(8))
    );
    assert!(value.get("valid").is_none());
}

#[test]
fn no_solution_for_two_and_three_exits_1_with_the_reason() {
    for n in ["2", "3"] {
        for method in ["explicit", "min-conflicts", "random"] {
            let (code, out, err) = run(&["solve", n, "--method", method]);
            assert_eq!(code, 1, "N = {n}, {method}");
            assert!(out.is_empty());
            assert!(
                err.contains(&format!("no solution exists for N = {n}")),
                "{err}"
            );
            assert_eq!(err.lines().count(), 1);
        }
    }
}

#[test]
fn exists_answers_at_once_for_any_n() {
    for (n, code) in [
        ("1", 0),
        ("2", 1),
        ("3", 1),
        ("4", 0),
        ("8", 0),
        ("1000000000", 0),
    ] {
        let (got, out, _) = run(&["solve", n, "--exists"]);
        assert_eq!(got, code, "N = {n}");
        assert!(out.starts_with(if code == 0 { "yes" } else { "no" }));
    }
    let huge = "123456789012345678901234567890123456789";
    assert_eq!(run(&["solve", huge, "--exists"]).0, 0);
    let (_, out, _) = run(&["solve", "3", "--exists", "--format", "json"]);
    assert_eq!(out, "{\"n\":3,\"exists\":false}\n");
    let (_, out, _) = run(&["solve", "0012", "--exists", "-f", "json"]);
    assert_eq!(out, "{\"n\":12,\"exists\":true}\n");
}

#[test]
fn min_conflicts_is_valid_and_reproducible_per_seed() {
    for n in ["4", "5", "8", "31", "500", "20000"] {
        let mut outputs = Vec::new();
        for seed in ["1", "2", "1"] {
            let (code, out, _) = run(&["solve", n, "-m", "min-conflicts", "--seed", seed]);
            assert_eq!(code, 0);
            assert_eq!(check_stdin(&out).0, 0, "N = {n}, seed {seed}");
            outputs.push(out);
        }
        assert_eq!(outputs[0], outputs[2], "N = {n}");
        if n.len() >= 3 {
            assert_ne!(outputs[0], outputs[1], "N = {n}");
        }
    }
}

#[test]
fn a_fresh_seed_is_shown_and_replays() {
    let (code, out, err) = run(&["solve", "300", "-m", "min-conflicts", "--stats"]);
    assert_eq!(code, 0);
    let seed = err
        .lines()
        .find_map(|l| l.strip_prefix("seed:"))
        .unwrap()
        .trim()
        .to_string();
    let (_, again, _) = run(&["solve", "300", "-m", "min-conflicts", "--seed", &seed]);
    assert_eq!(out, again);
}

#[test]
fn random_solutions_are_valid_and_reproducible() {
    for n in ["1", "4", "6", "9", "12"] {
        let (code, out, _) = run(&["solve", n, "--method", "random", "--seed", "5"]);
        assert_eq!(code, 0);
        assert_eq!(check_stdin(&out).0, 0);
        assert_eq!(
            run(&["solve", n, "--method", "random", "--seed", "5"]).1,
            out
        );
    }
    // Different seeds reach different solutions of the 92.
    let distinct: std::collections::HashSet<String> = (0..40)
        .map(|s| run(&["solve", "8", "-m", "random", "--seed", &s.to_string()]).1)
        .collect();
    assert!(distinct.len() > 20, "{}", distinct.len());
}

#[test]
fn check_reads_a_file_or_stdin() {
    let dir = std::env::temp_dir().join(format!("queens-solve-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    let (_, solution, _) = run(&["solve", "50000", "-m", "min-conflicts", "--seed", "3"]);
    std::fs::write(&good, &solution).unwrap();
    let good = good.to_str().unwrap();
    assert_eq!(
        run(&["check", "--input", good]),
        (
            0,
            "line 1: valid: 50000 queens, no two attack each other\n".into(),
            String::new()
        )
    );
    assert_eq!(
        run(&["check", "-i", good, "--json"]).1,
        "{\"line\":1,\"n\":50000,\"valid\":true}\n"
    );
    // Column b takes the row of column a: the first clash is theirs, on a row.
    let mut r = rows(&solution);
    r[1] = r[0];
    let text: Vec<String> = r.iter().map(|x| x.to_string()).collect();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, text.join(" ")).unwrap();
    let (code, out, _) = run(&["check", "--input", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        format!(
            "line 1: invalid: the queens on a{0} and b{0} attack each other on the same row\n",
            r[0]
        )
    );
    // Squares work from a file too.
    let squares = dir.join("squares.txt");
    std::fs::write(&squares, "a2, b4, c1, d3\n").unwrap();
    assert_eq!(run(&["check", "-i", squares.to_str().unwrap()]).0, 0);
    // Stdin, as `-` or as `--input -`.
    assert_eq!(check_stdin("2 4 1 3\n").0, 0);
    let out = queens()
        .args(["check", "--input", "-"])
        .write_stdin("1 2 3 4")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = queens()
        .args(["check", "-"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("standard input"));
    let out = queens()
        .args(["check", "-"])
        .write_stdin("1 2 9")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'9'"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_huge_solution_streams_into_a_closed_pipe_quietly() {
    // `queens solve 1000000000 | head -c 1000`: the reader goes away at once.
    let (head, code, err) = common::read_then_close(&["solve", "1000000000"], 1000);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(head.starts_with(b"2 4 6 8 10 12 14 "));
}

#[test]
fn a_time_limit_stops_a_search_with_exit_1() {
    // Random at N = 16 counts millions of solutions: far longer than a millisecond.
    let (code, out, err) = run(&["solve", "16", "-m", "random", "--time-limit", "0.001"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("time limit"), "{err}");
    // The greedy start of a large min-conflicts search stops too.
    let (code, out, err) = run(&[
        "solve",
        "30000000",
        "-m",
        "min-conflicts",
        "--time-limit",
        "0.05",
    ]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
}
