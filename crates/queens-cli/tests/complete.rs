//! Command tests of `queens complete`: every answer is checked (a solution that keeps every
//! preset), verdicts agree with the library's plain solution stream on small boards and with the
//! verdicts file for the reference instances, bad input exits 2 naming the culprit.

use queens::{Placement, Solutions, Square};
use serde_json::Value;
use std::path::PathBuf;

mod common;
use common::queens;

fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../queens/tests/data/completion-ed")
}

/// Runs the command with `--json`, returns (exit code, the JSON line on stdout).
fn json(args: &[&str]) -> (i32, Value) {
    let out = queens().args(args).arg("--json").output().expect("runs");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let value = serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"));
    (out.status.code().expect("exit code"), value)
}

fn rows_of(value: &Value) -> Placement {
    let rows: Vec<String> = value["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r.to_string())
        .collect();
    Placement::parse(&rows.join(" ")).expect("a placement")
}

/// The completions of `presets` on an n x n board, from the plain solution stream.
fn oracle(n: usize, presets: &[Square]) -> usize {
    Solutions::new(n)
        .unwrap()
        .filter(|p| presets.iter().all(|s| p.rows()[s.col as usize] == s.row))
        .count()
}

#[test]
fn solves_and_keeps_the_presets_in_both_notations() {
    for preset in ["a1,c5", "1,1 3,5"] {
        let (code, v) = json(&["complete", "8", "--preset", preset]);
        assert_eq!(code, 0);
        assert_eq!(v["status"], "solved");
        let p = rows_of(&v);
        assert!(p.is_solution(), "{}", p.perm());
        assert_eq!((p.rows()[0], p.rows()[2]), (0, 4));
    }
}

#[test]
fn text_output_shows_the_solution_and_the_board() {
    let out = queens()
        .args(["complete", "8", "--preset", "a1,c5"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    insta::assert_snapshot!(text);
}

#[test]
fn impossible_boards_exit_1() {
    let (code, v) = json(&["complete", "4", "--preset", "a1"]);
    assert_eq!(code, 1);
    assert_eq!(v, serde_json::json!({"n": 4, "status": "impossible"}));
    queens()
        .args(["complete", "4", "--preset", "a1"])
        .assert()
        .code(1)
        .stdout("impossible: the 4x4 board with preset a1 cannot be completed\n");
}

#[test]
fn verdicts_and_counts_agree_with_the_solution_stream_on_small_boards() {
    // A fifth of the non-attacking preset pairs on each board from 4 to 7.
    for n in 4..=7usize {
        for a in 0..n * n {
            for b in a + 1..n * n {
                let squares = [
                    Square::new((a / n) as u32, (a % n) as u32),
                    Square::new((b / n) as u32, (b % n) as u32),
                ];
                if squares[0].queen_attack(squares[1]).is_some() || (a + b) % 5 != 0 {
                    continue;
                }
                let preset = format!("{} {}", squares[0].numeric(), squares[1].numeric());
                let expected = oracle(n, &squares);
                let (code, v) = json(&["complete", &n.to_string(), "-p", &preset, "--count"]);
                assert_eq!(v["completions"], expected as u64, "n = {n}, {preset}");
                assert_eq!(code, if expected > 0 { 0 } else { 1 });
                if expected > 0 {
                    let p = rows_of(&v);
                    assert!(p.is_solution());
                    assert!(squares.iter().all(|s| p.rows()[s.col as usize] == s.row));
                }
            }
        }
    }
    let (code, v) = json(&["complete", "8", "--count"]);
    assert_eq!((code, v["completions"].as_u64()), (0, Some(92)));
}

#[test]
fn bad_presets_exit_2_naming_the_queens_or_the_square() {
    queens()
        .args(["complete", "8", "--preset", "a1,c3"])
        .assert()
        .code(2)
        .stderr("queens: the preset queens on a1 and c3 attack each other on the same diagonal\n");
    queens()
        .args(["complete", "8", "--preset", "c5", "c7"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "c5 and c7 attack each other on the same column",
        ));
    queens()
        .args(["complete", "8", "--preset", "a9"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("a9 is off the 8x8 board"));
    queens()
        .args(["complete", "8", "--preset", "9,1"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("i1 is off the 8x8 board"));
    queens()
        .args(["complete", "8", "--preset", "zz"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("bad square 'zz'"));
    queens().args(["complete"]).assert().code(2);
    queens().args(["complete", "0"]).assert().code(2);
}

#[test]
fn input_files_with_excluded_diagonals() {
    let dir = std::env::temp_dir().join(format!("queens-complete-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.json");
    // Both 4-queens solutions use the sums 3, 4, 6 and 7: excluding 5 keeps both, 3 neither.
    for (sum, code_expected) in [(5i64, 0), (3, 1)] {
        let text = format!(r#"{{"n":4,"queens":[],"excluded_sums":[{sum}]}}"#);
        std::fs::write(&file, text).unwrap();
        let (code, v) = json(&["complete", "--input", file.to_str().unwrap(), "--count"]);
        let expected = Solutions::new(4)
            .unwrap()
            .filter(|p| p.squares().all(|s| s.col as i64 + s.row as i64 + 2 != sum))
            .count();
        assert_eq!(v["completions"], expected as u64);
        assert_eq!(code, if expected > 0 { 0 } else { 1 });
        assert_eq!(code, code_expected);
    }
    std::fs::write(&file, r#"{"n":8,"queens":[[1,1]],"excluded_sums":[2]}"#).unwrap();
    queens()
        .args(["complete", "--input", file.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "a1 stands on the excluded sum diagonal 2",
        ));
    std::fs::write(&file, r#"{"n":8,"queens":[[1,1]"#).unwrap();
    queens()
        .args(["complete", "--input", file.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("bad instance file"));
    queens()
        .args([
            "complete",
            "--input",
            dir.join("none.json").to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot read"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn reference_instances_agree_with_the_verdicts() {
    // The quick ones here; the library's ignored test runs all sixteen.
    let dir = reference_dir();
    let verdicts = std::fs::read_to_string(dir.join("verdicts.tsv")).unwrap();
    for line in verdicts.lines().skip(1) {
        let (name, verdict) = line.split_once('\t').unwrap();
        if !["id3.", "id6.", "id13.", "id14.", "id15."]
            .iter()
            .any(|id| name.contains(id))
        {
            continue;
        }
        let path = dir.join(name);
        let (code, v) = json(&["complete", "--input", path.to_str().unwrap()]);
        assert_eq!(v["status"], verdict.trim(), "{name}");
        assert_eq!(code, if verdict.trim() == "solved" { 0 } else { 1 });
        if code == 0 {
            let text = std::fs::read_to_string(&path).unwrap();
            let instance: Value = serde_json::from_str(&text).unwrap();
            let p = rows_of(&v);
            assert!(p.is_solution(), "{name}");
            let excluded = |key: &str, value: i64| {
                instance[key]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|x| x.as_i64() == Some(value))
            };
            for s in p.squares() {
                let (c, r) = (s.col as i64 + 1, s.row as i64 + 1);
                assert!(!excluded("excluded_sums", c + r), "{name}: {s}");
                assert!(!excluded("excluded_differences", c - r), "{name}: {s}");
            }
        }
    }
}

#[test]
fn generated_instances_are_reproducible_and_complete_on_large_boards() {
    let make = |seed: &str| {
        let out = queens()
            .args([
                "complete",
                "--generate",
                "1000",
                "--presets",
                "16",
                "--seed",
                seed,
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let text = make("7");
    assert_eq!(text, make("7"));
    assert_ne!(text, make("8"));
    let instance: Value = serde_json::from_str(&text).unwrap();
    let presets: Vec<(u64, u64)> = instance["queens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| (q[0].as_u64().unwrap(), q[1].as_u64().unwrap()))
        .collect();
    assert_eq!(presets.len(), 16);
    let out = queens()
        .args(["complete", "--input", "-", "--json"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let p = rows_of(&v);
    assert_eq!(p.n(), 1000);
    assert!(p.is_solution());
    for (c, r) in presets {
        assert_eq!(p.rows()[c as usize - 1] as u64, r - 1);
    }
    queens()
        .args(["complete", "--generate", "5", "--presets", "9"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--presets '9'"));
}
