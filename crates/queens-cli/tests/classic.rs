//! Command tests for the classic algorithms: `list`/`count --algorithm`, `trace`, `bench`,
//! `solve --method backtrack --stats`.
//!
//! The known values come from `tests/data`: the reference counts and seed 000's listing 4.

use queens::count::published::PUBLISHED;
use std::path::PathBuf;

mod common;
use common::run;

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../queens/tests/data")
}

/// Total counts by N from the library's published table (checked there against the OEIS table).
fn reference_totals() -> Vec<(usize, u64)> {
    PUBLISHED.iter().map(|r| (r.n, r.total as u64)).collect()
}

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn every_algorithm_agrees_with_the_reference_counts() {
    let reference = reference_totals();
    for (algorithm, last) in [
        ("brute", 8),
        ("permutations", 10),
        ("naive", 10),
        ("wirth", 10),
        ("iterative", 10),
        ("bitmask", 10),
        ("fast", 10),
    ] {
        let range = format!("1..{last}");
        let (code, out, err) = run(&["count", &range, "--algorithm", algorithm, "--json"]);
        assert_eq!(code, 0, "{algorithm}: {err}");
        let lines = json_lines(&out);
        assert_eq!(lines.len(), last);
        for v in lines {
            let n = v["n"].as_u64().unwrap() as usize;
            let expected = reference.iter().find(|r| r.0 == n).unwrap().1;
            assert_eq!(v["total"].as_u64(), Some(expected), "{algorithm} N = {n}");
        }
    }
}

#[test]
fn lists_of_every_algorithm_hold_the_same_solutions() {
    let (_, fast, _) = run(&["list", "7"]);
    let mut fast: Vec<&str> = fast.lines().collect();
    fast.sort();
    for a in [
        "brute",
        "permutations",
        "naive",
        "wirth",
        "iterative",
        "bitmask",
    ] {
        let (code, out, _) = run(&["list", "7", "--algorithm", a]);
        assert_eq!(code, 0);
        let mut mine: Vec<&str> = out.lines().collect();
        mine.sort();
        assert_eq!(mine, fast, "{a}");
    }
}

/// Seed 000's listing 4, copied as one permutation per line in the printed order.
fn listing_4() -> Vec<String> {
    let text = std::fs::read_to_string(data().join("seed-000-listing-4.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn iterative_half_reproduces_listing_4_line_for_line() {
    let listing = listing_4();
    assert_eq!(listing.len(), 46);
    let (code, out, _) = run(&["list", "8", "--algorithm", "iterative", "--half"]);
    assert_eq!(code, 0);
    let ours: Vec<&str> = out.lines().collect();
    assert_eq!(ours, listing);
    // Without --half, each is followed by its mirror image: all 92.
    let (_, out, _) = run(&["list", "8", "--algorithm", "iterative"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 92);
    assert_eq!(lines[1], "8 4 1 3 6 2 7 5");
}

#[test]
fn wirth_finds_his_solution_first_with_876_tests() {
    let (code, out, _) = run(&["list", "8", "--algorithm", "wirth", "--limit", "1"]);
    assert_eq!((code, out.as_str()), (0, "1 5 8 6 3 7 2 4\n"));
    let (_, out, _) = run(&["solve", "8", "--method", "backtrack"]);
    assert_eq!(out, "1 5 8 6 3 7 2 4\n");
    let (_, out, err) = run(&["list", "8", "--algorithm", "wirth", "--stats"]);
    assert!(out.starts_with("1 5 8 6 3 7 2 4  tests 876\n"), "{out}");
    assert!(err.contains("161.4 tests per solution listed"), "{err}");
}

#[test]
fn wirth_average_over_the_92_solutions_rounds_to_161() {
    let (code, out, _) = run(&["list", "8", "--algorithm", "wirth", "--stats", "--json"]);
    assert_eq!(code, 0);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 93);
    let sum: u64 = lines[..92]
        .iter()
        .map(|v| v["tests"].as_u64().unwrap())
        .sum();
    assert_eq!((sum as f64 / 92.0).round(), 161.0);
    let stats = &lines[92]["stats"];
    assert_eq!(stats["solutions"], 92);
    assert_eq!(stats["tests_per_solution"].as_f64().unwrap().round(), 161.0);
    // Program 3.5 tests all 8 squares of a column from every partial placement.
    let (nodes, tests) = (
        stats["nodes"].as_u64().unwrap(),
        stats["tests"].as_u64().unwrap(),
    );
    assert_eq!(tests, 8 * (nodes - 92));
}

#[test]
fn count_stats_show_the_work() {
    let (code, out, _) = run(&["count", "8", "--algorithm", "bitmask", "--stats", "--json"]);
    assert_eq!(code, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(
        (v["total"].as_u64(), v["fundamental"].as_u64()),
        (Some(92), Some(12))
    );
    assert_eq!(v["stats"]["algorithm"], "bitmask");
    assert!(v["stats"]["nodes"].as_u64().unwrap() > 92);
    let (code, _, err) = run(&["count", "6", "--algorithm", "naive", "--stats"]);
    assert_eq!(code, 0);
    assert!(err.contains("naive N = 6: solutions 4, nodes 153"), "{err}");
}

#[test]
fn trace_shows_each_step_and_why() {
    let (code, out, _) = run(&["trace", "4"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("trace_4_wirth", out);
    let (code, out, err) = run(&[
        "trace",
        "6",
        "--algorithm",
        "bitmask",
        "--json",
        "--limit",
        "50",
    ]);
    assert_eq!(code, 0);
    assert!(err.contains("stopped after 50 steps"));
    let steps = json_lines(&out);
    assert_eq!(steps.len(), 50);
    for (i, s) in steps.iter().enumerate() {
        assert_eq!(s["step"].as_u64(), Some(i as u64 + 1));
        assert!(["place", "reject", "remove", "solution"].contains(&s["event"].as_str().unwrap()));
        if s["event"] == "reject" {
            assert!(s["line"].is_string() && s["by"].is_string(), "{s}");
        }
    }
    let (_, out, _) = run(&["trace", "4", "--algorithm", "permutations", "--json"]);
    let steps = json_lines(&out);
    let candidates = steps.iter().filter(|s| s["event"] == "candidate").count();
    let solutions = steps.iter().filter(|s| s["event"] == "solution").count();
    assert_eq!((candidates, solutions), (24, 2));
}

#[test]
fn trace_balances_places_and_removes() {
    for a in ["naive", "wirth", "iterative", "bitmask"] {
        let (_, out, _) = run(&["trace", "6", "--algorithm", a]);
        let count = |word: &str| out.lines().filter(|l| l.contains(word)).count();
        assert_eq!(count("  place "), count("  remove "), "{a}");
        assert_eq!(count("  solution "), 4, "{a}");
    }
}

#[test]
fn solve_stats_show_why_six_is_slower_than_seven() {
    let first = |n: &str| {
        let (code, out, _) = run(&[
            "solve",
            n,
            "--method",
            "backtrack",
            "--stats",
            "--format",
            "json",
        ]);
        assert_eq!(code, 0);
        json_lines(&out).remove(0)
    };
    let (six, seven) = (first("6"), first("7"));
    assert_eq!(six["rows"], serde_json::json!([2, 4, 6, 1, 3, 5]));
    assert_eq!(seven["rows"], serde_json::json!([1, 3, 5, 7, 2, 4, 6]));
    let nodes = |v: &serde_json::Value| v["stats"]["nodes"].as_u64().unwrap();
    assert!(nodes(&six) > 2 * nodes(&seven));
    // For 6 the whole branch of a1 is a dead end; for 7 the first branch holds the solution.
    let branches = &six["stats"]["first_queen"];
    assert_eq!(branches[0]["square"], "a1");
    assert_eq!(branches[0]["solution"], false);
    assert_eq!(branches[1]["solution"], true);
    assert_eq!(seven["stats"]["first_queen"].as_array().unwrap().len(), 1);
    let (code, _, err) = run(&["solve", "3", "--method", "backtrack"]);
    assert_eq!(code, 1);
    assert!(err.contains("no solution exists"));
}

#[test]
fn a_time_limit_stops_a_run_cleanly() {
    // Brute force on 9x9 has 387,420,489 boards: far beyond 0.1 s on any machine.
    let (code, out, _) = run(&[
        "bench",
        "8..9",
        "--algorithms",
        "brute",
        "--time-limit",
        "0.1",
        "--json",
    ]);
    assert_eq!(code, 0);
    let runs = json_lines(&out);
    assert_eq!(runs[0]["end"], "timeout");
    // The larger board is skipped, not run.
    assert_eq!(runs.len(), 1);
}

#[test]
fn bench_writes_a_table_csv_json_and_a_chart() {
    let dir = std::env::temp_dir().join(format!("queens-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("chart.svg");
    let (code, out, _) = run(&[
        "bench",
        "4..7",
        "--algorithms",
        "wirth,naive,fast",
        "--csv",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "algorithm,n,end,solutions,nodes,tests,placements,removals,seconds"
    );
    assert_eq!(lines.len(), 1 + 3 * 4);
    assert!(lines.iter().any(|l| l.starts_with("wirth,7,finished,40,")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("fast,6,finished,4,,,,,")));
    let chart = std::fs::read_to_string(&svg).unwrap();
    assert!(chart.starts_with("<svg") && chart.contains("wirth") && chart.contains("naive"));
    std::fs::remove_dir_all(&dir).unwrap();

    let (_, out, _) = run(&["bench", "5", "--algorithms", "iterative", "--json"]);
    let v = &json_lines(&out)[0];
    assert_eq!(
        (v["n"].as_u64(), v["solutions"].as_u64()),
        (Some(5), Some(10))
    );
    let (_, out, _) = run(&["bench", "4..5", "--algorithms", "bitmask"]);
    assert!(out.starts_with("bitmask: "));
    assert!(out.lines().nth(1).unwrap().contains("solutions"));
}
