//! Command tests for `queens tour`: Wirth's table 3.1, every method and format, existence
//! decided before searching, counts against the reference file, and `--check` on every format.

mod common;
use common::{data, run, run_in};

#[test]
fn wirths_table_3_1_in_our_notation() {
    // His (3,3) and (2,4) on 5x5 are c3 and d4; his (1,1) on 6x6 is a6 (the three start
    // squares of his table 3.1, seed 003).
    let (code, out, err) = run(&["tour", "5", "--from", "c3", "--method", "wirth", "--stats"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("wirth_5_c3", out);
    assert!(
        err.contains("squares placed") && err.contains("moves tried"),
        "{err}"
    );
    let (_, out, _) = run(&["tour", "5", "--from", "d4", "-m", "wirth"]);
    insta::assert_snapshot!("wirth_5_d4", out);
    let (_, out, _) = run(&["tour", "6", "--from", "a6", "-m", "wirth"]);
    insta::assert_snapshot!("wirth_6_a6", out);
}

#[test]
fn every_method_and_format_gives_a_tour_that_checks() {
    for method in ["auto", "wirth", "warnsdorff", "divide"] {
        for format in ["grid", "moves", "json"] {
            let board = if method == "wirth" { "5" } else { "8" };
            let (code, out, err) =
                run(&["tour", board, "--from", "a1", "-m", method, "-f", format]);
            assert_eq!(code, 0, "{method} {format}: {err}");
            let (code, verdict, _) = run_in(&["tour", "--check"], &out);
            assert_eq!(code, 0, "{method} {format}: {verdict}");
            assert!(verdict.starts_with("valid:"), "{verdict}");
            assert!(verdict.contains("from a1"), "{verdict}");
        }
    }
}

#[test]
fn closed_tours_are_closed_and_json_says_so() {
    for method in ["auto", "warnsdorff", "divide"] {
        let (code, out, err) = run(&[
            "tour", "6x8", "--from", "c4", "--closed", "-m", method, "-f", "json",
        ]);
        assert_eq!(code, 0, "{method}: {err}");
        assert!(
            out.starts_with("{\"rows\":6,\"cols\":8,\"closed\":true,\"path\":[[3,4],"),
            "{out}"
        );
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["path"].as_array().unwrap().len(), 48);
        let (code, verdict, _) = run_in(&["tour", "--check", "--closed"], &out);
        assert_eq!(code, 0, "{verdict}");
        assert!(verdict.starts_with("valid: a closed"), "{verdict}");
    }
}

#[test]
fn moves_start_where_asked_on_large_boards() {
    let (code, out, _) = run(&["tour", "101", "--from", "51,51", "-f", "moves"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("ay51 "), "{}", &out[..20]);
    assert_eq!(out.split_whitespace().count(), 101 * 101);
    let (code, verdict, _) = run_in(&["tour", "--check", "-"], &out);
    assert_eq!((code, verdict.starts_with("valid")), (0, true), "{verdict}");
}

#[test]
fn no_tour_is_exit_1_with_the_reason() {
    for (args, why) in [
        (vec!["tour", "4", "--from", "a1"], "4x4"),
        (vec!["tour", "5", "--from", "b1"], "colour"),
        (vec!["tour", "7", "--from", "a1", "--closed"], "Schwenk"),
        (vec!["tour", "4x9", "--from", "a1", "--closed"], "Schwenk"),
        (vec!["tour", "3x6", "--from", "a1"], "3-row"),
        (
            vec!["tour", "2x40", "--from", "a1", "-m", "wirth"],
            "side of 1 or 2",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 1, "{args:?}");
        assert!(out.is_empty());
        assert!(
            err.contains(why) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    // Decided before searching: Wirth's search on 999x999 from b1 would never end.
    let (code, _, err) = run(&["tour", "999", "--from", "b1", "-m", "wirth"]);
    assert_eq!(code, 1, "{err}");
}

#[test]
fn check_names_the_fault() {
    let (code, out, _) = run(&[
        "tour", "--check", "a1", "c2", "a3", "b1", "d2", "b3", "c1", "a2", "c3", "d1", "b2", "d3",
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out,
        "valid: an open knight's tour of the 3x4 board, from a1 to d3\n"
    );
    let (code, out, _) = run(&[
        "tour",
        "--check",
        "--closed",
        "a1 c2 a3 b1 d2 b3 c1 a2 c3 d1 b2 d3",
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("open"), "{out}");
    let (code, out, _) = run(&["tour", "--check", "a1 c2 a3 b1 d2 b3 c1 a2 c3 d1 d3 b2"]);
    assert_eq!(code, 1);
    assert_eq!(out, "invalid: move 10: d1 to d3 is not a knight's move\n");
    let (code, out, _) = run_in(&["tour", "--check"], " 1 2\n 3 4\n");
    assert_eq!(code, 1, "{out}");
}

#[test]
fn counts_match_the_reference_file() {
    let reference = std::fs::read_to_string(data("knight-tours.md")).unwrap();
    assert!(reference
        .contains("| 5×5 | 1,728 open tours in all; 304 from each corner, 64 from the centre, 56"));
    let (code, out, _) = run(&["tour", "5", "--count"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("count_5", out);
    assert!(out.ends_with("total: 1728 directed open tours on 5x5\n"));
    let (_, out, _) = run(&["tour", "5", "--from", "e5", "--count", "-f", "json"]);
    assert_eq!(
        out,
        "{\"rows\":5,\"cols\":5,\"from\":\"e5\",\"tours\":304}\n"
    );
    let (_, out, _) = run(&["tour", "5", "--from", "b1", "--count"]);
    assert_eq!(out, "tours from b1 on 5x5: 0\n");
    assert!(reference.contains("| 6×6 | 9,862 closed tours, undirected"));
    let (_, out, _) = run(&["tour", "6", "--closed", "--count"]);
    assert!(out.starts_with("closed tours on 6x6: 9862 "), "{out}");
    let (_, out, _) = run(&["tour", "3x10", "--closed", "--count", "-f", "json"]);
    assert_eq!(
        out,
        "{\"rows\":3,\"cols\":10,\"closed_tours\":16,\"closed_tours_directed\":32}\n"
    );
    let (_, out, _) = run(&["tour", "7", "--closed", "--count"]);
    assert!(out.starts_with("closed tours on 7x7: 0 "), "{out}");
}

#[test]
fn six_by_six_corner_count() {
    let (code, out, _) = run(&["tour", "6", "--from", "a1", "--count"]);
    assert_eq!(code, 0);
    assert_eq!(out, "tours from a1 on 6x6: 524486\n");
}

#[test]
fn svg_draws_the_path_and_the_numbers() {
    let dir = std::env::temp_dir().join(format!("queens-tour-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tour.svg");
    let (code, _, err) = run(&["tour", "5", "--from", "a1", "--svg", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains("<polyline") && svg.contains(">25</text>"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn piped_into_head_exits_quietly() {
    let (_, code, err) =
        common::read_then_close(&["tour", "2000", "--from", "a1", "-f", "moves"], 16);
    assert!(code == 0 && err.is_empty(), "{code} {err}");
}

/// Checks `out` with `queens tour --check` (closed when asked); returns the verdict line.
fn checked(out: &str, closed: bool) -> String {
    let args: &[&str] = if closed {
        &["tour", "--check", "--closed"]
    } else {
        &["tour", "--check"]
    };
    let (code, verdict, _) = run_in(args, out);
    assert_eq!(code, 0, "{verdict}");
    verdict
}

#[test]
fn boards_with_3_or_4_rows_get_a_tour_or_a_proof() {
    // Once a search that might not end; now the column-by-column programme, by default.
    let (code, out, err) = run(&["tour", "4x30", "--from", "b1", "-f", "moves"]);
    assert_eq!(code, 0, "{err}");
    let verdict = checked(&out, false);
    assert!(verdict.contains("of the 4x30 board, from b1"), "{verdict}");
    for (board, from) in [("3x10", "a1"), ("10x3", "b5")] {
        let (code, out, err) = run(&["tour", board, "--from", from, "--closed", "-f", "json"]);
        assert_eq!(code, 0, "{board}: {err}");
        let verdict = checked(&out, true);
        assert!(
            verdict.contains(&format!(
                "closed knight's tour of the {board} board, from {from}"
            )),
            "{verdict}"
        );
    }
    let (code, out, err) = run(&["tour", "30x4", "--from", "d17", "-m", "narrow", "--stats"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.starts_with("method: narrow"), "{err}");
    assert!(checked(&out, false).contains("from d17"));
}

#[test]
fn no_tour_on_3_or_4_rows_is_exit_1_with_the_reason_for_every_method() {
    // d2 on 3x7 has the colour of a1 and no rule excludes it; b2 on 4 rows neither.
    for args in [
        vec!["tour", "3x7", "--from", "d2"],
        vec!["tour", "3x7", "--from", "d2", "-m", "wirth"],
        vec!["tour", "4x30", "--from", "b2", "-m", "warnsdorff"],
        vec!["tour", "30x4", "--from", "b2", "-m", "narrow"],
        vec!["tour", "3x8", "--from", "c2"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(out.is_empty());
        let board = args[1];
        assert_eq!(
            err,
            format!(
                "queens: no open tour from {} on the {board} board: the exhaustive column-by-column search proves none exists\n",
                args[3]
            )
        );
    }
    let (code, _, err) = run(&["tour", "8", "--from", "a1", "-m", "narrow"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("3 or 4 rows") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn the_frontier_programme_counts_what_the_enumeration_counts() {
    for args in [
        vec!["tour", "5", "--count"],
        vec!["tour", "5x6", "--count", "-f", "json"],
        vec!["tour", "6", "--from", "b1", "--count"],
        vec!["tour", "6", "--closed", "--count"],
        vec!["tour", "3x10", "--closed", "--count", "-f", "json"],
    ] {
        let mut frontier = args.clone();
        frontier.extend(["--algorithm", "frontier"]);
        let mut enumerate = args.clone();
        enumerate.extend(["--algorithm", "enumerate"]);
        let (code, a, err) = run(&frontier);
        assert_eq!(code, 0, "{args:?}: {err}");
        let (code, b, err) = run(&enumerate);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_eq!(a, b, "{args:?}");
        assert_eq!(run(&args).1, a, "{args:?}: the default");
    }
}

#[test]
fn the_frontier_programme_counts_past_enumeration() {
    // OEIS A392000 (k x n <= 40, tests/data/knight-tours.tsv): 5x8 has 44,202 closed tours;
    // A079137: 4x16 has 29,819,231,288 undirected paths, so twice as many directed tours.
    let (code, out, err) = run(&[
        "tour", "5x8", "--closed", "--count", "-f", "json", "--stats",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "{\"rows\":5,\"cols\":8,\"closed_tours\":44202,\"closed_tours_directed\":88404}\n"
    );
    assert!(err.starts_with("algorithm: frontier;"), "{err}");
    let (code, out, err) = run(&["tour", "16x4", "--count", "-f", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["total"].as_u64(), Some(2 * 29_819_231_288));
}

#[test]
fn a_frontier_count_whose_checkpoint_cannot_be_saved_names_the_file_that_failed() {
    let dir = std::env::temp_dir().join(format!("queens-tour-part-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("t.save");
    // A folder where a save writes `FILE.part` first: it cannot be made.
    std::fs::create_dir_all(dir.join("t.save.part")).unwrap();
    let args = [
        "tour",
        "6x8",
        "--closed",
        "--count",
        "--checkpoint",
        save.to_str().unwrap(),
        "--checkpoint-every",
        "0.001",
    ];
    let (code, out, err) = run(&args);
    assert_eq!((code, out.as_str()), (74, ""), "{err}");
    assert!(
        err.contains("the checkpoint was not saved: '") && err.contains("t.save.part'"),
        "{err}"
    );
    assert!(!save.exists(), "an empty checkpoint was left behind");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_frontier_count_stopped_goes_on_from_its_checkpoint() {
    let dir = std::env::temp_dir().join(format!("queens-tour-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("t.save");
    let path = save.to_str().unwrap();
    // 6x8 closed tours (A175881: 55,488,142), saved after every cell and stopped early.
    let stopped = [
        "tour",
        "6x8",
        "--closed",
        "--count",
        "--checkpoint",
        path,
        "--checkpoint-every",
        "0.001",
        "--time-limit",
        "0.3",
    ];
    let (code, out, err) = run(&stopped);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    let saved = std::fs::read(&save).unwrap();
    assert!(!saved.is_empty());
    let whole = [
        "tour",
        "6x8",
        "--closed",
        "--count",
        "--checkpoint",
        path,
        "-f",
        "json",
    ];
    let (code, out, err) = run(&whole);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "{\"rows\":6,\"cols\":8,\"closed_tours\":55488142,\"closed_tours_directed\":110976284}\n"
    );
    // Another board, a damaged file, a folder: refused, the file left as it was.
    // A bit of the last state's count (the 8 bytes before the check word of the last 8).
    let mut damaged = saved.clone();
    let last = damaged.len() - 12;
    damaged[last] ^= 1;
    std::fs::write(&save, &damaged).unwrap();
    for (args, why) in [
        (whole.to_vec(), "check word does not match"),
        (
            ["tour", "6x9", "--closed", "--count", "--checkpoint", path].to_vec(),
            "closed tours on 6x8, not this one",
        ),
        (
            [
                "tour",
                "6x8",
                "--closed",
                "--count",
                "--checkpoint",
                dir.to_str().unwrap(),
            ]
            .to_vec(),
            "not a regular file",
        ),
        (
            ["tour", "6x8", "--count", "--checkpoint", path].to_vec(),
            "give --closed, or --from",
        ),
        (
            ["tour", "5", "--closed", "--count", "--checkpoint", path].to_vec(),
            "counted by enumeration",
        ),
        (
            ["tour", "5", "--from", "a1", "--checkpoint", path].to_vec(),
            "use it with --count",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            out.is_empty() && err.contains(why) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    assert_eq!(std::fs::read(&save).unwrap(), damaged);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn counts_beyond_reach_say_what_applies() {
    for (args, why) in [
        (vec!["tour", "13x13", "--count"], "a side of at most 12"),
        (
            vec!["tour", "10", "--count", "-a", "enumerate"],
            "--algorithm frontier",
        ),
        (
            vec!["tour", "8", "--closed", "--count", "--memory", "64M"],
            "beyond the budget of 64 MiB: give --memory",
        ),
        (
            vec!["tour", "5", "--from", "a1", "-a", "frontier"],
            "--count",
        ),
        (
            vec!["tour", "5", "--count", "-a", "wirth"],
            "frontier or enumerate",
        ),
        (
            vec!["tour", "5", "--from", "a1", "--memory", "1G"],
            "--count",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(
            err.contains(why) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_trace_is_the_search_step_by_step_and_ends_with_its_work_and_tour() {
    for method in ["wirth", "warnsdorff"] {
        let args = ["tour", "5", "--from", "c3", "-a", method];
        let (code, out, err) = run(&[&args[..], &["--trace", "--json"]].concat());
        assert_eq!(code, 0, "{err}");
        let steps: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(steps[0]["event"], "start");
        assert!(steps.iter().enumerate().all(|(k, s)| s["step"] == k + 1));
        // The last step is the tour the plain search finds, with the counters of its --stats.
        let last = steps.last().unwrap();
        assert_eq!(last["event"], "tour");
        let (_, moves, stats) = run(&[&args[..], &["-f", "moves", "--stats"]].concat());
        let path: Vec<&str> = last["path"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        assert_eq!(path.join(" "), moves.trim(), "{method}");
        let work = format!(
            "squares placed: {}; moves tried: {}; steps back: {}",
            last["placed"], last["tried"], last["backtracks"]
        );
        assert!(stats.contains(&work), "{method}: {stats} against {work}");
        // Every move tried is one step: made, or rejected with its reason.
        let tried = steps
            .iter()
            .filter(|s| s["event"] == "move" || s["event"] == "reject")
            .count();
        assert_eq!(last["tried"], tried, "{method}");
    }
}

#[test]
fn a_trace_as_text_stops_at_its_limit_and_says_why_a_move_is_rejected() {
    let (code, out, err) = run(&[
        "tour", "5", "--from", "c3", "-a", "wirth", "--trace", "--limit", "12",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12);
    assert!(
        lines[0].contains("start") && lines[0].contains("c3"),
        "{out}"
    );
    assert!(
        lines[1].contains("move") && lines[1].contains("k = 1"),
        "{out}"
    );
    assert!(
        lines[2].contains("reject") && lines[2].contains("off the board"),
        "{out}"
    );
    assert!(lines.iter().any(|l| l.contains("visited already")), "{out}");
    assert!(
        err.contains("trace stopped after 12 steps (--limit)"),
        "{err}"
    );
}

#[test]
fn a_trace_needs_a_search_and_a_start_with_a_tour() {
    for extra in [&[][..], &["-a", "divide"][..], &["-a", "auto"][..]] {
        let (code, _, err) = run(&[&["tour", "5", "--from", "c3", "--trace"][..], extra].concat());
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("give --algorithm wirth or warnsdorff"),
            "{err}"
        );
    }
    let (code, _, err) = run(&["tour", "5", "--from", "b1", "-a", "wirth", "--trace"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("other colour"), "{err}");
    let (code, _, err) = run(&["tour", "5", "--from", "c3", "--limit", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--trace"), "{err}");
    let (code, _, err) = run(&[
        "tour", "5", "--from", "c3", "-a", "wirth", "--trace", "-f", "grid",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--trace writes its steps"), "{err}");
}
