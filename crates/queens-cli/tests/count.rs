//! `queens count` with `--engine`: every engine gives the reference counts; bad names are
//! refused with exit code 2 and one line naming the value and the accepted names.

use predicates::prelude::*;
use queens::count::published::PUBLISHED;
use serde_json::Value;

const ENGINES: [&str; 5] = ["auto", "quarters", "dihedral", "constellation", "somers"];

mod common;
use common::queens;

/// (n, total, fundamental) from the library's published table (checked there against the OEIS table).
fn reference() -> Vec<(u64, u64, u64)> {
    PUBLISHED
        .iter()
        .map(|r| (r.n as u64, r.total as u64, r.fundamental as u64))
        .collect()
}

fn json_lines(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8(stdout.to_vec())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn every_engine_gives_the_reference_counts() {
    let table = reference();
    for engine in ENGINES {
        let out = queens()
            .args(["count", "1..11", "--json", "--engine", engine])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 11, "{engine}");
        for line in lines {
            let n = line["n"].as_u64().unwrap();
            let &(_, total, fundamental) = table.iter().find(|r| r.0 == n).unwrap();
            assert_eq!(line["total"].as_u64(), Some(total), "{engine} N = {n}");
            assert_eq!(
                line["fundamental"].as_u64(),
                Some(fundamental),
                "{engine} N = {n}"
            );
        }
    }
}

#[test]
fn engines_agree_on_the_orbit_breakdown() {
    let run = |engine: Option<&str>| {
        let mut cmd = queens();
        cmd.args(["count", "12", "--json", "--threads", "2"]);
        if let Some(e) = engine {
            cmd.args(["--engine", e]);
        }
        let mut v = json_lines(&cmd.assert().success().get_output().stdout)[0].clone();
        v.as_object_mut().unwrap().remove("seconds");
        v
    };
    let default = run(None);
    assert_eq!(default["orbits"]["2"], 4);
    for engine in ENGINES {
        assert_eq!(run(Some(engine)), default, "{engine}");
    }
}

#[test]
fn the_engine_option_needs_a_name() {
    queens()
        .args(["count", "8", "--engine"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty());
}

#[test]
fn an_engine_refuses_sizes_beyond_its_limit_before_counting() {
    let assert = queens()
        .args(["count", "26..28", "--engine", "quarters"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty());
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(
        stderr.contains("N = 28") && stderr.contains("quarters") && stderr.contains("27"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn a_forced_build_of_the_join_counts_alike_or_is_refused_by_name() {
    // Every CPU runs the plain build; the count is the published one on it.
    let out = queens()
        .env("QUEENS_JOIN_PATH", "plain")
        .args(["count", "16", "--json"])
        .assert()
        .success();
    let line: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(line["total"], 14_772_512);
    // A name of no build: exit 2, one line naming the value and the builds this CPU runs.
    let assert = queens()
        .env("QUEENS_JOIN_PATH", "avx1024")
        .args(["count", "16"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty());
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(
        stderr.contains("QUEENS_JOIN_PATH='avx1024'") && stderr.contains("plain"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
