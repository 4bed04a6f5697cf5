//! `queens tour` is exact or refused: counts past 2^64, 2^128 and 2^256 printed whole (their
//! totals and doublings too, in text and JSON), a checkpoint in use refused, outputs too large
//! to hold refused before any work, long counts forecast, options without effect refused.

mod common;
use common::{assert_bad, run, scratch};
use queens::tour::BigUint;

/// The number after `"key":` in a JSON line, digits as written.
fn json_number(line: &str, key: &str) -> BigUint {
    let at = line.find(&format!("\"{key}\":")).expect(key) + key.len() + 3;
    let digits: String = line[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().expect(key)
}

/// 2^bits.
fn power(bits: u32) -> BigUint {
    BigUint::from(1u32) << bits
}

/// The counts of every square and the total of `queens tour BOARD --count`, from its text.
fn every_square(board: &str) -> (Vec<BigUint>, BigUint) {
    let (code, out, err) = run(&["tour", board, "--count"]);
    assert_eq!(code, 0, "{board}: {err}");
    let mut lines: Vec<&str> = out.lines().collect();
    let total = lines.pop().expect("a total line");
    let total = total
        .strip_prefix("total: ")
        .and_then(|t| t.split(' ').next())
        .expect(total)
        .parse()
        .unwrap();
    let counts = lines
        .iter()
        .flat_map(|l| l.split_whitespace())
        .map(|w| w.parse().unwrap())
        .collect();
    (counts, total)
}

#[test]
fn the_total_of_every_square_is_the_sum_printed_past_2_to_the_128() {
    // 3x74 was the first board whose total wrapped at 2^128, 3x77 the first refused.
    for board in ["3x74", "3x77", "57x4"] {
        let (counts, total) = every_square(board);
        let sum: BigUint = counts.iter().sum();
        assert_eq!(total, sum, "{board}");
        assert!(total > power(128), "{board}: {total}");
    }
}

#[test]
fn json_counts_are_numbers_of_all_their_digits() {
    let (code, out, err) = run(&["tour", "3x74", "--count", "--json"]);
    assert_eq!(code, 0, "{err}");
    let total = json_number(&out, "total");
    assert!(total > power(128));
    let (_, text_total) = every_square("3x74");
    assert_eq!(total, text_total);
    // Still a JSON document, the numbers as numbers (not strings).
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["total"].is_number() && v["counts"][0][0].is_number());
    // Closed tours past 2^128 and 2^256, and their doubling (6x25, whose doubling wrapped,
    // takes half a minute; 3 x n closed counts grow about threefold a column).
    for board in ["3x100", "3x200"] {
        let (code, out, err) = run(&["tour", board, "--closed", "--count", "--json"]);
        assert_eq!(code, 0, "{err}");
        let undirected = json_number(&out, "closed_tours");
        let directed = json_number(&out, "closed_tours_directed");
        assert!(undirected > power(128), "{undirected}");
        assert_eq!(directed, undirected * 2u32);
    }
}

#[test]
fn counts_past_2_to_the_256_are_exact_and_their_text_says_so() {
    // 3x170 open tours from a corner pass 2^256: the frontier counts widen to arbitrary
    // precision. The same count from the opposite corner, the board turned round.
    let (code, out, err) = run(&["tour", "3x170", "--from", "a1", "--count"]);
    assert_eq!(code, 0, "{err}");
    let n: BigUint = out.trim().rsplit(' ').next().unwrap().parse().unwrap();
    assert!(n > power(256), "{n}");
    let (code, again, err) = run(&["tour", "3x170", "--from", "170,3", "--count"]);
    assert_eq!(code, 0, "{err}");
    let m: BigUint = again.trim().rsplit(' ').next().unwrap().parse().unwrap();
    assert_eq!(n, m);
}

/// Locks `path` as another process would (an exclusive flock), for as long as the file lives.
fn hold(path: &std::path::Path) -> std::fs::File {
    use std::os::unix::io::AsRawFd;
    let file = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .unwrap();
    // SAFETY: flock on a descriptor this test owns.
    let r = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    assert_eq!(r, 0);
    file
}

#[test]
fn a_checkpoint_in_use_is_refused_as_count_refuses_it() {
    let dir = scratch("tour-lock");
    let save = dir.join("t.save");
    let path = save.to_str().unwrap();
    let args = ["tour", "5x8", "--closed", "--count", "--checkpoint", path];
    let held = hold(&save);
    let err = assert_bad(&args);
    assert!(err.contains("is in use by another queens process"), "{err}");
    drop(held);
    // Free again: the count runs, and a file it made but never saved to is not left behind.
    std::fs::remove_file(&save).unwrap();
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("closed tours on 5x8: 44202 "), "{out}");
    assert!(!save.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn outputs_too_large_to_hold_are_refused_before_any_work() {
    let err = assert_bad(&["tour", "60000x60000", "--from", "a1", "--format", "grid"]);
    assert!(
        err.contains("100000000 squares") && err.contains("60000x60000"),
        "{err}"
    );
    let err = assert_bad(&["tour", "60000x60000", "--from", "a1"]);
    assert!(err.contains("--format grid"), "{err}");
    let dir = scratch("tour-svg");
    let svg = dir.join("big.svg");
    let err = assert_bad(&[
        "tour",
        "3000x3000",
        "--from",
        "a1",
        "--format",
        "moves",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(
        err.contains("1000000 squares") && err.contains("3000x3000"),
        "{err}"
    );
    assert!(!svg.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn wirths_table_of_a_construction_checks() {
    // Both sides at least 5: the table is filled in as the construction is walked.
    for board in ["12", "9x14"] {
        let (code, out, err) = run(&["tour", board, "--from", "c3", "--format", "grid"]);
        assert_eq!(code, 0, "{err}");
        let (code, verdict, err) = common::run_in(&["tour", "--check"], &out);
        assert_eq!(code, 0, "{board}: {verdict}{err}");
        assert!(verdict.contains("from c3"), "{verdict}");
    }
}

#[test]
fn long_counts_are_forecast_and_past_a_day_need_yes() {
    let err = assert_bad(&["tour", "8x1000", "--closed", "--count", "--memory", "100G"]);
    assert!(
        err.contains("--yes") && err.contains("rough model"),
        "{err}"
    );
    // Forecast on stderr before the count starts; the time limit stops it (exit 1).
    let (code, out, err) = run(&["tour", "7", "--count", "--time-limit", "0.5"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    let warning = err.lines().next().unwrap();
    assert!(
        warning.starts_with("queens: warning: counting the tours from every square of 7x7")
            && warning.contains("of CPU time"),
        "{err}"
    );
    // Short counts say nothing.
    let (code, _, err) = run(&["tour", "5x8", "--closed", "--count"]);
    assert_eq!((code, err.as_str()), (0, ""));
}

#[test]
fn options_without_effect_on_a_count_are_refused() {
    for (args, why) in [
        (
            &["tour", "6", "--closed", "--from", "a1", "--count"][..],
            "--from a1",
        ),
        (&["tour", "5", "--count", "--memory", "1G"][..], "--memory"),
        (&["tour", "8", "--from", "a1", "--yes"][..], "--yes"),
    ] {
        let err = assert_bad(args);
        assert!(err.contains(why), "{args:?}: {err}");
    }
}
