//! `queens cover`: every printed cover is checked (N solutions, pairwise disjoint, all squares),
//! the boards without a cover exit 1 with the reason, `--count` counts, bad input exits 2.

mod common;
use common::{assert_bad, run};
use queens::{cover, Placement};

/// Runs `queens cover N` and checks what it prints is a cover of the board; returns the cover
/// and what was said on stderr.
fn run_cover(n: usize, extra: &[&str]) -> (Vec<Placement>, String) {
    let size = n.to_string();
    let mut args = vec!["cover", size.as_str()];
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "cover {n}: {err}");
    let solutions: Vec<Placement> = out.lines().map(|l| Placement::parse(l).unwrap()).collect();
    assert_eq!(
        cover::check(n, &solutions),
        Ok(()),
        "cover {n} printed:\n{out}"
    );
    (solutions, err)
}

/// [`run_cover`], the cover alone.
fn printed_cover(n: usize, extra: &[&str]) -> Vec<Placement> {
    run_cover(n, extra).0
}

#[test]
fn covers_printed_are_covers() {
    for n in [1, 5, 7, 11, 13, 25, 37] {
        printed_cover(n, &[]);
        printed_cover(n, &["--format", "algebraic"]);
    }
}

#[test]
fn the_search_finds_covers_of_twelve_and_fourteen() {
    for n in [12, 14] {
        printed_cover(n, &[]);
    }
}

#[test]
#[ignore = "about 20 s and 0.5 GB in release: run with --ignored"]
fn the_search_finds_a_cover_of_sixteen() {
    printed_cover(16, &[]);
}

#[test]
fn seed_004s_cover_of_five() {
    let (code, out, err) = run(&["cover", "5"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "1 3 5 2 4\n2 4 1 3 5\n3 5 2 4 1\n4 1 3 5 2\n5 2 4 1 3\n"
    );
    assert!(err.contains("modular"), "{err}");
}

#[test]
fn the_board_format_shows_a_letter_per_solution() {
    let (code, out, _) = run(&["cover", "5", "--format", "board"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "5 e c a d b\n4 d b e c a\n3 c a d b e\n2 b e c a d\n1 a d b e c\n  a b c d e\n"
    );
}

#[test]
fn json_lines_are_the_solutions() {
    let (code, out, _) = run(&["cover", "7", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 7);
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["n"], 7, "{line}");
    }
}

#[test]
fn no_cover_exits_1_with_the_reason() {
    for n in ["2", "3", "4", "6", "8", "9", "10"] {
        let (code, out, err) = run(&["cover", n]);
        assert_eq!(code, 1, "cover {n}");
        assert!(out.is_empty());
        assert!(err.contains("no cover"), "cover {n}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn count_reports_covers_and_classes() {
    let (code, out, _) = run(&["cover", "7", "--count", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (
            v["solutions"].as_u64(),
            v["covers"].as_u64(),
            v["classes"].as_u64()
        ),
        (Some(40), Some(4), Some(1))
    );
    let (code, out, _) = run(&["cover", "8", "--count"]);
    assert_eq!(code, 0, "a count of none is an answer");
    assert!(out.contains("covers:          0"), "{out}");
}

#[test]
fn the_picture_has_a_token_per_square() {
    let dir = std::env::temp_dir().join(format!("queens-cover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cover.svg");
    let (code, _, err) = run(&["cover", "5", "--svg", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
    assert_eq!(
        svg.matches("hsl(").count(),
        25,
        "one coloured token per square"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_refused() {
    for (args, names) in [
        (&["cover", "0"][..], "'0'"),
        (&["cover", "x"][..], "'x'"),
        (&["cover", "66"][..], "66"),
        (&["cover", "18", "--count"][..], "18"),
        (&["cover", "8", "--most", "--format", "board"][..], "board"),
        (&["cover", "17", "--count"][..], "17"),
        (&["cover", "7", "--count", "--svg", "a.svg"][..], "--svg"),
        (&["cover", "7", "--count", "--format", "board"][..], "board"),
        (&["cover", "7", "--format", "xml"][..], "xml"),
        (&["cover", "12", "--time-limit", "soon"][..], "soon"),
        (&["cover", "27", "--seeds", "9..3"][..], "9..3"),
        (&["cover", "27", "--seeds", "x"][..], "'x'"),
        (&["cover", "27", "--per-seed", "5"][..], "--seeds"),
        (&["cover", "18", "--turn", "both"][..], "N = 0 mod 4"),
        (&["cover", "15", "--turn", "mirror"][..], "even N"),
    ] {
        let err = assert_bad(args);
        assert!(err.contains(names), "{args:?}: {err}");
    }
}

#[test]
fn a_time_limit_stops_a_long_search() {
    // The tabu search says the best it reached.
    let (code, _, err) = run(&["cover", "15", "--local", "--time-limit", "0.3"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not a proof"), "{err}");
}

#[test]
fn most_past_the_published_values_is_a_checked_cover_where_one_is_found() {
    // OEIS A171760 reads "a(18) >= 16": the mirror-pair search finds all 18.
    let (_, err) = run_cover(18, &["--most"]);
    assert!(
        err.contains("18 pairwise disjoint") && err.contains("mirror-pair search"),
        "{err}"
    );
    // On the threads asked, the seed's cover; where no search would use them, refused.
    let (_, err) = run_cover(20, &["--most", "--threads", "2"]);
    assert!(err.contains("20 pairwise disjoint"), "{err}");
    let (code, out, err) = run(&["cover", "10", "--most", "--threads", "2"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty() && err.contains("--threads"), "{err}");
}

#[test]
fn most_agrees_with_the_published_values() {
    // OEIS A171760: a(4) = 2, a(6) = 4, a(8) = 6, a(9) = 7, a(10) = 8.
    for (n, most) in [(4, 2), (6, 4), (8, 6), (9, 7), (10, 8), (11, 11)] {
        let (code, out, err) = run(&["cover", &n.to_string(), "--most"]);
        assert_eq!(code, 0, "{err}");
        let solutions: Vec<Placement> = out.lines().map(|l| Placement::parse(l).unwrap()).collect();
        assert_eq!(solutions.len(), most, "n = {n}");
        for (i, p) in solutions.iter().enumerate() {
            assert!(p.is_solution() && p.n() == n, "n = {n}");
            for q in &solutions[..i] {
                assert!(
                    p.rows().iter().zip(q.rows()).all(|(a, b)| a != b),
                    "n = {n}"
                );
            }
        }
        assert!(err.contains(&format!("{most} pairwise disjoint")), "{err}");
    }
}

#[test]
fn the_local_search_prints_checked_covers() {
    let solutions = printed_cover(7, &["--local", "--seed", "4"]);
    assert_eq!(solutions.len(), 7);
}

#[test]
fn the_local_search_stops_at_the_time_limit_with_its_best() {
    let (code, out, err) = run(&["cover", "18", "--algorithm", "tabu", "--time-limit", "0.5"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("not a proof") && err.contains("conflicting pairs"),
        "{err}"
    );
}

#[test]
fn a_seed_schedule_finds_and_checks_a_cover() {
    let solutions = printed_cover(7, &["--seeds", "3..5", "--per-seed", "5"]);
    assert_eq!(solutions.len(), 7);
}

/// The arguments of a seed schedule of N = 18 with its checkpoint `file`.
fn schedule<'a>(seeds: &'a str, per_seed: &'a str, file: &'a str) -> [&'a str; 8] {
    [
        "cover",
        "18",
        "--seeds",
        seeds,
        "--per-seed",
        per_seed,
        "--checkpoint",
        file,
    ]
}

#[test]
fn a_seed_schedule_saves_and_resumes_its_checkpoint() {
    let dir = std::env::temp_dir().join(format!("queens-cover-seeds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("n18.ckpt");
    let file = path.to_str().unwrap();
    let args = schedule("1..3", "0.3", file);
    let (code, out, err) = run(&args);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("seed 1:") && err.contains("seeds 1..3"),
        "{err}"
    );
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("\nfinished next=3 "), "{saved}");
    for line in saved.lines().filter(|l| l.starts_with("disjoint ")) {
        let rows = line.rsplit_once(" crc=").unwrap().0;
        let p = Placement::parse(&rows["disjoint ".len()..]).unwrap();
        assert!(p.is_solution() && p.n() == 18, "{line}");
    }
    // Resumed, the schedule is already done: it says its best without running a seed.
    let (code, _, err) = run(&args);
    assert_eq!(code, 1, "{err}");
    assert!(
        !err.contains("seed 1:") && err.contains("seeds 1..3"),
        "{err}"
    );
    let other = ["cover", "18", "--seeds", "1..4", "--checkpoint", file];
    let (code, _, err) = run(&other);
    assert_eq!(code, 2, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_seed_schedule_s_checkpoint_that_cannot_be_saved_names_the_file_that_failed() {
    let dir = std::env::temp_dir().join(format!("queens-cover-part-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("n18.ckpt");
    // A folder where the save writes `FILE.part` first: it cannot be made.
    std::fs::create_dir_all(dir.join("n18.ckpt.part")).unwrap();
    let (code, out, err) = run(&schedule("1..2", "0.1", path.to_str().unwrap()));
    assert_eq!((code, out.as_str()), (74, ""), "{err}");
    assert!(err.contains("n18.ckpt.part'"), "{err}");
    assert!(!path.exists(), "an empty checkpoint was left behind");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_seed_schedule_s_checkpoint_is_held_by_one_run() {
    let dir = common::scratch("cover-seeds-lock");
    let path = dir.join("n18.ckpt");
    let file = path.to_str().unwrap();
    let args = schedule("1..200", "0.2", file);
    // A run that saves every 0.2 s, each save a new file renamed over the old one.
    let bin = assert_cmd::cargo::cargo_bin("queens");
    let mut first = std::process::Command::new(bin)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let saved = |p: &std::path::Path| std::fs::read_to_string(p).unwrap_or_default();
    let start = std::time::Instant::now();
    while !saved(&path).contains("finished next=3 ") {
        assert!(start.elapsed().as_secs() < 60, "no save: {}", saved(&path));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    // While it runs, a second run is refused, before and after the first one's saves.
    for _ in 0..3 {
        let err = assert_bad(&args);
        assert!(err.contains("is in use by another queens process"), "{err}");
        assert!(
            saved(&path).starts_with("queens-cover-seeds "),
            "the file was lost"
        );
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    first.kill().unwrap();
    first.wait().unwrap();
    // Free again: the same command resumes from what the first run saved.
    let shorter = ["cover", "18", "--seeds", "1..3", "--checkpoint", file];
    let (code, _, err) = run(&shorter);
    assert_eq!(
        code, 2,
        "another schedule is refused, not taken as in use: {err}"
    );
    assert!(!err.contains("in use"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_symmetric_search_finds_covers_of_twelve_and_sixteen() {
    for n in [12, 16] {
        let (code, _, err) = run(&["cover", &n.to_string(), "--local", "--time-limit", "60"]);
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("mirror and half-turn"), "{err}");
        printed_cover(n, &["--local", "--time-limit", "60"]);
    }
}

#[test]
fn the_sat_solver_finds_a_cover_of_twenty_and_mirror_pairs_by_default() {
    let (_, err) = run_cover(20, &["--algorithm", "sat"]);
    assert!(
        err.contains("SAT solver") && err.contains("mirror and half-turn"),
        "{err}"
    );
    // By default, boards of N = 0 mod 4 past the exact search go to quads, on the threads
    // asked; mirror pairs on request.
    let (_, err) = run_cover(20, &["--threads", "2"]);
    assert!(err.contains("5 quads"), "{err}");
    let (_, err) = run_cover(20, &["--algorithm", "pairs"]);
    assert!(err.contains("10 pairs of mirror-image solutions"), "{err}");
    // Another seed is another order of the formula, and still a checked cover.
    printed_cover(16, &["--algorithm", "sat", "--seed", "2"]);
}

#[test]
fn the_sat_solver_proves_what_has_no_cover() {
    // No cover of 8 at all; no cover of 12 fixed by a quarter-turn.
    let (code, out, err) = run(&["cover", "8", "--algorithm", "sat", "--turn", "none"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("proved that none exists"), "{err}");
    let (code, _, err) = run(&["cover", "6", "--algorithm", "sat", "--turn", "half"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("fixed by the half-turn"), "{err}");
}

#[test]
fn the_sat_solver_stops_at_the_time_limit() {
    let (code, out, err) = run(&["cover", "36", "--algorithm", "sat", "--time-limit", "0.5"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("time limit"), "{err}");
}

#[test]
fn the_mirror_pair_search_finds_a_cover_of_eighteen_by_default() {
    let (solutions, err) = run_cover(18, &["--seed", "1"]);
    assert!(err.contains("9 pairs of mirror-image solutions"), "{err}");
    assert!(err.contains("seed 1"), "{err}");
    // The same seed, the same cover: the one stored in tests/data.
    let printed: Vec<String> = solutions.iter().map(|p| p.perm()).collect();
    assert_eq!(
        printed,
        stored(include_str!("../../queens/tests/data/cover-18.txt"))
    );
    // Even boards of the exact search's range too; none for the boards without a cover.
    printed_cover(14, &["--algorithm", "pairs", "--seed", "3"]);
    let (code, out, err) = run(&["cover", "10", "--algorithm", "pairs"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty() && err.contains("no cover at all"), "{err}");
}

/// The stored cover of `n` in tests/data, one solution a line.
fn stored(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('#')).collect()
}

#[test]
fn quads_find_fifteen_twenty_one_and_thirty_two_by_default() {
    // 15: one solution the half-turn fixes and seven pairs; 21: one solution the quarter-turn
    // fixes and five quads; the same seed, the same cover on any number of threads: the one
    // stored in tests/data.
    let stored_15 = include_str!("../../queens/tests/data/cover-15.txt");
    let stored_21 = include_str!("../../queens/tests/data/cover-21.txt");
    let stored_32 = include_str!("../../queens/tests/data/cover-32.txt");
    for (n, seed, text, said) in [
        (
            15,
            "1",
            stored_15,
            "7 pairs of a solution and its half-turn",
        ),
        (
            21,
            "2",
            stored_21,
            "quarter-turn (one solution the turn fixes and 5 quads",
        ),
        (32, "2", stored_32, "mirror and half-turn (8 quads"),
    ] {
        let (solutions, err) = run_cover(n, &["--seed", seed]);
        assert!(err.contains(said), "{err}");
        let printed: Vec<String> = solutions.iter().map(|p| p.perm()).collect();
        assert_eq!(printed, stored(text), "N = {n}");
    }
    // 28 at once, and the quarter-turn by request for N = 0 mod 4.
    printed_cover(28, &[]);
    printed_cover(
        20,
        &[
            "--algorithm",
            "quads",
            "--turn",
            "quarter",
            "--threads",
            "1",
        ],
    );
}

#[test]
fn quads_prove_none_where_the_search_is_exhaustive() {
    // Twelve has covers, but none fixed by a quarter-turn: all three quads are searched.
    let (code, out, err) = run(&["cover", "12", "--algorithm", "quads", "--turn", "quarter"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.is_empty() && err.contains("fixed by the quarter-turn"),
        "{err}"
    );
    printed_cover(13, &["--algorithm", "quads"]);
}

#[test]
fn algorithms_that_cannot_apply_are_refused() {
    for (args, said) in [
        (
            &["cover", "22", "--algorithm", "quads"][..],
            "other than 2 mod 4",
        ),
        (&["cover", "36", "--algorithm", "quads"][..], "from 1 to 32"),
        (
            &["cover", "15", "--algorithm", "quads", "--turn", "quarter"][..],
            "N = 0 or 1 mod 4",
        ),
        (
            &["cover", "21", "--algorithm", "quads", "--turn", "both"][..],
            "N = 0 mod 4",
        ),
        (
            &["cover", "20", "--algorithm", "quads", "--turn", "mirror"][..],
            "--turn both",
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty() && err.contains(said), "{args:?}: {err}");
    }
    let (code, _, err) = run(&["cover", "15", "--algorithm", "pairs"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("even N"), "{err}");
    let (code, _, err) = run(&["cover", "34", "--algorithm", "pairs"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["cover", "18", "--algorithm", "pairs", "--turn", "half"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--turn mirror"), "{err}");
    let (code, _, err) = run(&["cover", "20", "--algorithm", "exact"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("beyond the exact search"), "{err}");
    let (code, _, err) = run(&["cover", "12", "--algorithm", "exact", "--seed", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--seed goes with"), "{err}");
    let (code, _, err) = run(&["cover", "41", "--algorithm", "sat"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("beyond the SAT formula"), "{err}");
    let (code, _, err) = run(&["cover", "20", "--algorithm", "sat", "--local"]);
    assert_eq!(code, 2, "{err}");
}
