//! `queens cover` and `queens dominate`, exact or refused: Ctrl-C exits 130 and records only
//! finished seeds; the schedule's checkpoint is checked line by line and its solutions again;
//! an unopenable or foreign checkpoint is refused before any work; options the method for N
//! would not use are refused by name; long runs are said before they start.

mod common;
use common::{assert_bad, run, scratch};
use queens::{cover, Placement};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `queens ARGS`, sends it SIGINT after `wait`, and returns (exit code, stdout, stderr).
fn interrupted(args: &[&str], wait: Duration) -> (i32, String, String) {
    let child = Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(wait);
    // SAFETY: a signal to the child this test started.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The line of the finished seeds of a schedule's checkpoint.
fn finished(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().nth(1).unwrap();
    line.rsplit_once(" crc=").unwrap().0.to_string()
}

/// The checkpoint's text with `from` replaced by `to` in line `k` (from 1), and the line's
/// check value made anew, as a deliberate edit would.
fn forged(path: &Path, k: usize, from: &str, to: &str) {
    let crc = |body: &str| format!("{:08x}", crc32fast::hash(body.as_bytes()));
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        let body = line.rsplit_once(" crc=").unwrap().0;
        let body = if i + 1 == k {
            assert!(body.contains(from), "line {k}: {body}");
            body.replacen(from, to, 1)
        } else {
            body.to_string()
        };
        out.push_str(&format!("{body} crc={}\n", crc(&body)));
    }
    std::fs::write(path, out).unwrap();
}

#[test]
fn ctrl_c_in_a_seed_records_only_the_seeds_finished() {
    let dir = scratch("coverdom-seeds");
    let path = dir.join("n27.ckpt");
    let file = path.to_str().unwrap();
    let schedule = |per_seed: &'static str| {
        vec![
            "cover",
            "27",
            "--seeds",
            "1..5",
            "--per-seed",
            per_seed,
            "--checkpoint",
            file,
        ]
    };
    // Stopped in the middle of seed 1: nothing is finished.
    let (code, out, err) = interrupted(&schedule("60"), Duration::from_millis(1500));
    assert_eq!(code, 130, "{err}");
    assert!(out.is_empty() && err.contains("interrupted"), "{err}");
    assert!(
        finished(&path).starts_with("finished next=1 "),
        "{}",
        finished(&path)
    );
    // Seeds of a moment each: all four finish and are recorded, with their best.
    let (code, out, err) = run(&schedule("0.2"));
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    for seed in 1..5 {
        assert!(err.contains(&format!("seed {seed}: no cover in ")), "{err}");
    }
    let done = finished(&path);
    assert!(
        done.starts_with("finished next=5 ") && !done.contains("conflicts=- "),
        "{done}"
    );
    // Resumed, the recorded seeds are not run again: the schedule says its best at once.
    let (code, _, err) = run(&schedule("60"));
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!("resuming from '{file}': seeds 1..5 done"))
            && !err.contains("seed 1: no cover"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_edited_schedule_is_refused_by_its_line() {
    let dir = scratch("coverdom-edit");
    let path = dir.join("n18.ckpt");
    let file = path.to_str().unwrap();
    let args = [
        "cover",
        "18",
        "--seeds",
        "1..3",
        "--per-seed",
        "0.2",
        "--checkpoint",
        file,
    ];
    let (code, _, err) = run(&args);
    assert_eq!(code, 1, "{err}");
    let kept = std::fs::read_to_string(&path).unwrap();
    // An edited byte: its check value no longer matches.
    let conflicts = finished(&path)
        .split(' ')
        .find(|w| w.starts_with("conflicts="))
        .unwrap()
        .to_string();
    std::fs::write(&path, kept.replacen(&conflicts, "conflicts=0", 1)).unwrap();
    let err = assert_bad(&args);
    assert!(
        err.contains(&format!("checkpoint '{file}' is damaged at line 2"))
            && err.contains("check value"),
        "{err}"
    );
    // The same edit with its check value made anew: a cover claimed that is not there.
    std::fs::write(&path, &kept).unwrap();
    forged(&path, 2, &conflicts, "conflicts=0");
    let err = assert_bad(&args);
    assert!(
        err.contains("line 2") && err.contains("holds none"),
        "{err}"
    );
    // Another schedule: the file says what it holds and the run what it asks.
    std::fs::write(&path, &kept).unwrap();
    let err = assert_bad(&["cover", "18", "--seeds", "1..4", "--checkpoint", file]);
    assert!(
        err.contains("holds the schedule of N = 18 (mirror), seeds 1..3; this run asks for N = 18 (mirror), seeds 1..4"),
        "{err}"
    );
    let err = assert_bad(&[
        "cover",
        "18",
        "--seeds",
        "1..3",
        "--turn",
        "none",
        "--checkpoint",
        file,
    ]);
    assert!(err.contains("N = 18 (no symmetry), seeds 1..3"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), kept);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cover_recorded_is_checked_again_and_printed() {
    let dir = scratch("coverdom-found");
    let path = dir.join("n7.ckpt");
    let file = path.to_str().unwrap();
    let args = [
        "cover",
        "7",
        "--seeds",
        "3..9",
        "--per-seed",
        "30",
        "--checkpoint",
        file,
    ];
    let (code, first, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let solutions: Vec<Placement> = first
        .lines()
        .map(|l| Placement::parse(l).unwrap())
        .collect();
    assert_eq!(cover::check(7, &solutions), Ok(()));
    let (code, again, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, first);
    assert!(err.contains("checked again"), "{err}");
    // A solution of the recorded cover changed for another solution: no longer a cover.
    let text = std::fs::read_to_string(&path).unwrap();
    let (k, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with("solution "))
        .unwrap();
    let rows = line.rsplit_once(" crc=").unwrap().0["solution ".len()..].to_string();
    let other = ["1 3 5 7 2 4 6", "1 4 7 3 6 2 5"]
        .into_iter()
        .find(|&p| p != rows)
        .unwrap();
    forged(&path, k + 1, &rows, other);
    let err = assert_bad(&args);
    assert!(err.contains(&format!("line {}", k + 1)), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn checkpoints_that_cannot_serve_are_refused_before_any_work() {
    for file in ["/nonexistent/x", "/dev/zero", "/etc/passwd"] {
        for args in [
            &["cover", "27", "--seeds", "1..5", "--checkpoint", file][..],
            &["dominate", "14", "--checkpoint", file][..],
            &["dominate", "11", "--count", "--checkpoint", file][..],
        ] {
            let err = assert_bad(args);
            assert!(err.contains(file), "{args:?}: {err}");
        }
    }
}

#[test]
fn ctrl_c_stops_every_search_with_130() {
    for args in [
        &["cover", "15", "--local"][..],
        &["cover", "15", "--algorithm", "tabu"][..],
        &["cover", "33"][..],
        &["cover", "27"][..],
        &["cover", "30", "--most"][..],
        &["cover", "34", "--most"][..],
    ] {
        let (code, out, err) = interrupted(args, Duration::from_millis(1500));
        assert_eq!(code, 130, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains("interrupted"), "{args:?}: {err}");
    }
}

#[test]
fn long_runs_are_said_before_they_start() {
    for (args, said) in [
        (&["cover", "12", "--count"][..], "takes up to about"),
        (&["cover", "27"][..], "open question"),
        (&["cover", "30"][..], "may not find a cover"),
        (&["dominate", "21", "--independent"][..], "no known end"),
        (&["dominate", "19", "--torus"][..], "no known end"),
    ] {
        let (code, _, err) = interrupted(args, Duration::from_millis(1500));
        assert_eq!(code, 130, "{args:?}: {err}");
        let first = err.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("queens: warning: ") && first.contains(said),
            "{args:?}: {err}"
        );
    }
    // A count whose end is not known is said so, a count of moments is not.
    let (code, _, err) = interrupted(&["cover", "13", "--count"], Duration::from_millis(1500));
    assert_eq!(code, 130, "{err}");
    assert!(
        err.starts_with("queens: warning: ") && err.contains("no known end"),
        "{err}"
    );
    let (code, _, err) = run(&["cover", "9", "--count"]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("warning"), "{err}");
}

#[test]
fn options_the_method_for_n_would_not_use_are_refused() {
    for (args, names) in [
        (&["cover", "5", "--turn", "quarter"][..], "--turn"),
        (&["cover", "12", "--turn", "both"][..], "--turn"),
        (&["cover", "8", "--seed", "5"][..], "--seed"),
        (&["cover", "7", "--count", "--seed", "2"][..], "--seed"),
        (
            &["cover", "7", "--count", "--threads", "2"][..],
            "--threads",
        ),
        (&["cover", "8", "--count", "--turn", "half"][..], "--turn"),
        (&["cover", "9", "--most", "--seed", "3"][..], "--seed"),
        (&["cover", "9", "--most", "--turn", "half"][..], "--turn"),
        (&["cover", "9", "--most", "--local"][..], "--local"),
        (
            &["cover", "27", "--seeds", "1..3", "--threads", "2"][..],
            "--threads",
        ),
        (&["dominate", "8", "--seed", "5"][..], "--seed"),
        (
            &["dominate", "20", "--independent", "--seed", "5"][..],
            "--seed",
        ),
        (&["dominate", "8", "--prove"][..], "--prove"),
        (
            &["dominate", "20", "--independent", "--prove"][..],
            "--prove",
        ),
        (&["dominate", "20", "--count", "--prove"][..], "--prove"),
        (&["dominate", "8", "--shard", "0/1000"][..], "--shard"),
        (
            &["dominate", "12", "--torus", "--shard", "999/1000"][..],
            "--shard",
        ),
        (
            &["dominate", "11", "--checkpoint", "d11.log"][..],
            "--checkpoint",
        ),
        (
            &["dominate", "14", "--independent", "--shard", "0/2"][..],
            "--shard",
        ),
        (
            &["dominate", "14", "--torus", "--checkpoint", "d14.log"][..],
            "--checkpoint",
        ),
        (&["dominate", "14", "--torus", "--seed", "2"][..], "--seed"),
    ] {
        let err = assert_bad(args);
        assert!(err.contains(names), "{args:?}: {err}");
    }
    assert!(!Path::new("d11.log").exists());
}

#[test]
fn a_legitimate_no_is_exit_1_and_asked_searches_run() {
    for n in ["2", "3"] {
        let (code, out, err) = run(&["cover", n, "--most"]);
        assert_eq!(code, 1, "{err}");
        assert!(out.is_empty() && err.contains("no solution"), "{err}");
    }
    // The exact search as asked, on a board the construction answers by default.
    let (code, out, err) = run(&["cover", "11", "--algorithm", "exact"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("exact search"), "{err}");
    let solutions: Vec<Placement> = out.lines().map(|l| Placement::parse(l).unwrap()).collect();
    assert_eq!(cover::check(11, &solutions), Ok(()));
    // Every N to 64 is searched (the help says so): past the SAT formula, the tabu search.
    let (code, out, err) = run(&["cover", "44", "--time-limit", "0.3"]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty() && err.contains("tabu search"), "{err}");
}
