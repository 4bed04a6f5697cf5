//! `queens dominate`: every printed set is checked square by square (every square watched,
//! the size the published minimum), the JSON fields and the reason for minimality, `--count`
//! against the published counts, the time limit, and bad input.

mod common;
use common::{assert_bad, run};
use queens::dominate;
use queens::Square;

/// The domination numbers for N = 1..16 (OEIS A075458).
const GAMMA: [usize; 16] = [1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 9, 9];

/// Runs `queens dominate ARGS` with the squares format and returns the squares printed, after
/// checking that they watch the board.
fn printed(n: usize, torus: bool, extra: &[&str]) -> (Vec<Square>, String) {
    let size = n.to_string();
    let mut args = vec!["dominate", size.as_str()];
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    let queens = Square::parse_list(out.trim()).unwrap();
    assert_eq!(
        dominate::check(n, torus, &queens),
        Ok(()),
        "{args:?}: {out}"
    );
    (queens, err)
}

#[test]
fn sets_printed_watch_the_board_and_are_least() {
    for n in 1..=12 {
        let (queens, err) = printed(n, false, &[]);
        assert_eq!(queens.len(), GAMMA[n - 1], "n={n}");
        assert!(!err.contains("not proved"), "n={n}: {err}");
        // The size said in words, in the number it agrees with ("1 queen", "5 queens").
        let said = match queens.len() {
            1 => "queens: 1 queen; ".to_owned(),
            k => format!("queens: {k} queens; "),
        };
        assert!(err.starts_with(&said), "n={n}: {err}");
    }
}

#[test]
fn independent_sets_do_not_attack() {
    for n in [4, 8, 9, 12] {
        let (queens, _) = printed(n, false, &["--independent"]);
        assert_eq!(dominate::first_attack(n, false, &queens), None, "n={n}");
    }
}

#[test]
fn torus_sets_watch_the_torus() {
    for n in [4, 5, 7, 9] {
        printed(n, true, &["--torus"]);
    }
}

#[test]
fn json_says_how_the_minimum_is_known() {
    let (code, out, _) = run(&["dominate", "8", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["n"], 8);
    assert_eq!(v["size"], 5);
    assert_eq!(v["minimum"], true);
    assert!(v["why"].as_str().unwrap().contains("4 queens"), "{v}");
    assert_eq!(
        v["proof"],
        serde_json::json!({"kind": "searched", "fewer": 4})
    );
    assert_eq!(
        (v["torus"].as_bool(), v["independent"].as_bool()),
        (Some(false), Some(false))
    );
    let queens: Vec<Square> = v["queens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| Square::parse(s.as_str().unwrap()).unwrap())
        .collect();
    assert_eq!(dominate::check(8, false, &queens), Ok(()));

    let (_, out, _) = run(&["dominate", "12", "--json"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert!(v["why"].as_str().unwrap().contains("Weakley"), "{v}");
    assert_eq!(v["proof"], serde_json::json!({"kind": "bound", "bound": 6}));
    let (_, out, _) = run(&["dominate", "9", "--independent", "--torus", "--json"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["torus"].as_bool(), v["independent"].as_bool()),
        (Some(true), Some(true))
    );
}

/// Above Weakley's bound and beyond the proofs (20, 22, 24), a set of the published size is
/// the minimum by that publication, said with its source; `--prove` asks for the search.
#[test]
fn twenty_two_is_least_by_the_published_number() {
    let (queens, err) = printed(22, false, &[]);
    assert_eq!(queens.len(), 12);
    assert!(
        err.contains("published domination number of the 22x22 board is 12")
            && err.contains("Bird 2017")
            && !err.contains("not proved"),
        "{err}"
    );
    let (_, out, _) = run(&["dominate", "22", "--json"]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (v["size"].as_u64(), &v["minimum"]),
        (Some(12), &true.into())
    );
    let (code, out, _) = run(&["dominate", "22", "--json", "--prove", "--time-limit", "2"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["minimum"], false, "{v}");
    assert!(v["why"].as_str().unwrap().contains("not proved"), "{v}");
}

#[test]
fn the_board_shows_the_queens() {
    let (code, out, _) = run(&["dominate", "5", "--format", "board"]);
    assert_eq!(code, 0);
    assert_eq!(out.matches('Q').count(), 3);
    assert!(!out.contains('o'), "{out}");
    assert!(out.ends_with("  a b c d e\n"), "{out}");
}

#[test]
fn counts_match_a002564_and_a002563() {
    let published = [
        (4, 12, 3),
        (5, 186, 37),
        (6, 4, 1),
        (7, 86, 13),
        (8, 4860, 638),
        (9, 114, 21),
    ];
    for (n, sets, classes) in published {
        let (code, out, err) = run(&["dominate", &n.to_string(), "--count", "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["sets"], sets, "n={n}");
        assert_eq!(v["classes"], classes, "n={n}");
        assert_eq!(v["size"], GAMMA[n - 1], "n={n}");
    }
    let (_, out, _) = run(&["dominate", "8", "--count"]);
    assert!(out.contains("minimum sets:    4860"), "{out}");
    assert!(out.contains("up to symmetry:  638"), "{out}");
}

#[test]
fn a_proof_cut_short_says_not_proved() {
    let (code, out, _) = run(&["dominate", "16", "--json", "--time-limit", "0.5"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["minimum"], false, "{v}");
    assert!(v["why"].as_str().unwrap().starts_with("not proved"), "{v}");
}

#[test]
fn bad_input_exits_2() {
    assert_bad(&["dominate", "0"]);
    assert_bad(&["dominate", "40"]);
    assert_bad(&["dominate", "8", "--count", "--format", "board"]);
}

#[test]
#[ignore = "seconds: the proof that 7 queens cannot watch 14x14"]
fn fourteen_needs_eight() {
    let (queens, err) = printed(14, false, &[]);
    assert_eq!(queens.len(), 8);
    assert!(err.contains("every set of 7 queens"), "{err}");
}

/// `queens dominate 8 --count --json --checkpoint LOG` in a fresh directory named by `tag`:
/// the arguments' log path, the directory, and what the first run printed.
fn count_of_8_recorded(tag: &str) -> (String, std::path::PathBuf, String) {
    let dir = common::scratch(tag);
    let log = dir.join("d8.log").to_str().unwrap().to_string();
    let (code, out, err) = run(&["dominate", "8", "--count", "--json", "--checkpoint", &log]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"sets\":4860"), "{out}");
    (log, dir, out)
}

#[test]
fn a_count_resumes_from_its_checkpoint() {
    let (log, dir, first) = count_of_8_recorded("dominate");
    let (code, again, err) = run(&["dominate", "8", "--count", "--json", "--checkpoint", &log]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("resuming"), "{err}");
    let sets = |s: &str| s.split("\"seconds\"").next().unwrap().to_string();
    assert_eq!(sets(&first), sets(&again));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A checkpoint written by an older build, whose parts were another list (the centre first):
/// its records name parts by number, so summing them into today's list would give a wrong
/// count. Its fingerprint lacks the hash of the list, and it is refused (exit 2), unchanged.
#[test]
fn a_count_refuses_the_checkpoint_of_another_list_of_parts() {
    let (log, dir, _) = count_of_8_recorded("dominate-old");
    let path = std::path::PathBuf::from(&log);
    let crc = |body: &str| format!("{:08x}", crc32fast::hash(body.as_bytes()));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    let head = lines.next().unwrap().rsplit_once(" crc=").unwrap().0;
    let (before, after) = head.split_once("fingerprint=").unwrap();
    let (print, rest) = after.split_once(' ').unwrap();
    let old = print.rsplit_once('-').unwrap().0;
    assert_eq!(old, "board-k5", "{head}");
    let body = format!("{before}fingerprint={old} {rest}");
    let forged = format!(
        "{body} crc={}\n{}\n",
        crc(&body),
        lines.collect::<Vec<_>>().join("\n")
    );
    std::fs::write(&path, &forged).unwrap();
    let (code, out, err) = run(&["dominate", "8", "--count", "--json", "--checkpoint", &log]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("belongs to another count"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), forged);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The parts a share of the proof at N = 14 searched, read off its reason.
fn share_parts(why: &str) -> (usize, usize) {
    let after = why.split("finds none in its ").nth(1).expect(why);
    let mut words = after.split(' ');
    let mine = words.next().unwrap().parse().unwrap();
    let all = words.nth(1).unwrap().parse().unwrap();
    (mine, all)
}

#[test]
fn the_proof_in_shares_and_from_its_checkpoint() {
    // Three shares of the proof that 7 queens cannot watch 14x14: none proves it alone, none
    // finds a set, and together they search every part once.
    let mut searched = 0;
    let mut total = 0;
    for i in 0..3 {
        let share = format!("{i}/3");
        let (code, out, err) = run(&["dominate", "14", "--shard", &share, "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["size"], 8, "{out}");
        assert_eq!(v["minimum"], false, "{out}");
        let why = v["why"].as_str().unwrap();
        assert!(why.contains(&format!("share {share}")), "{why}");
        let (mine, all) = share_parts(why);
        searched += mine;
        total = all;
    }
    assert!(total > 100, "the parts are finer than the first queens");
    assert_eq!(searched, total);
    // The whole proof, resumed from its checkpoint, proves it.
    let dir = std::env::temp_dir().join(format!("queens-dominate-p{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("d14.log");
    let args = [
        "dominate",
        "14",
        "--json",
        "--checkpoint",
        path.to_str().unwrap(),
    ];
    for again in [false, true] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("\"minimum\":true"), "{out}");
        assert!(out.contains("every set of 7 queens"), "{out}");
        assert_eq!(err.contains("resuming"), again, "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_share_needs_the_proof() {
    let err = assert_bad(&["dominate", "20", "--shard", "1/4"]);
    assert!(err.contains("add --prove"), "{err}");
    let err = assert_bad(&["dominate", "20", "--checkpoint", "d20.log"]);
    assert!(err.contains("add --prove"), "{err}");
    let err = assert_bad(&["dominate", "14", "--shard", "3/3"]);
    assert!(err.contains("bad share '3/3'"), "{err}");
    let err = assert_bad(&["dominate", "8", "--count", "--shard", "0/2"]);
    assert!(err.contains("--shard"), "{err}");
}
