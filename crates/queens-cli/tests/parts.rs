//! Counts split into parts: `count --checkpoint` (resume, repair of a cut last line, refusal
//! of damaged or foreign files, never a wrong total), `count --shard I/K --out` with
//! `queens merge` (any order, refusals naming the files), `--estimate`, `--yes`, `--memory`,
//! and the fault injection: counts killed with SIGKILL at random moments and resumed.

mod common;
use common::{assert_bad, run};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-parts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// (total, fundamental) of N from the library's published table (checked there against the OEIS table).
fn reference(n: u64) -> (u64, u64) {
    let r = queens::count::published::get(n as usize).expect("a published N");
    (r.total as u64, r.fundamental as u64)
}

fn json(stdout: &str) -> Value {
    serde_json::from_str(stdout.trim()).unwrap()
}

/// Runs `queens ARGS --json` and checks the counts against the reference table.
fn assert_counts(args: &[&str], n: u64) -> String {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    let v = json(&out);
    let (total, fundamental) = reference(n);
    assert_eq!(v["total"].as_u64(), Some(total), "{args:?}");
    assert_eq!(v["fundamental"].as_u64(), Some(fundamental), "{args:?}");
    err
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_checkpointed_count_resumes_and_a_finished_one_answers_at_once() {
    let dir = folder("resume");
    let ck = dir.join("n12.log");
    for engine in ["dihedral", "quarters"] {
        let _ = std::fs::remove_file(&ck);
        assert_counts(&["count", "12", "-a", engine, "--checkpoint", s(&ck)], 12);
        let text = std::fs::read_to_string(&ck).unwrap();
        let header = text.lines().next().unwrap();
        assert!(
            header.starts_with("queens-checkpoint 3 n=12 engine="),
            "{header}"
        );
        assert!(text.lines().skip(1).all(|l| l.starts_with("part ")));
        // Keep the first half of the records: the rest is counted again, the total exact.
        let lines: Vec<&str> = text.lines().collect();
        let half = lines[..lines.len() / 2].join("\n") + "\n";
        std::fs::write(&ck, half).unwrap();
        let err = assert_counts(&["count", "12", "-a", engine, "--checkpoint", s(&ck)], 12);
        assert!(err.contains("resuming from"), "{err}");
        let again = std::fs::read_to_string(&ck).unwrap();
        assert_eq!(again.lines().count(), lines.len(), "every part once");
        // Finished: the same command answers from the file.
        assert_counts(&["count", "12", "-a", engine, "--checkpoint", s(&ck)], 12);
        assert_eq!(std::fs::read_to_string(&ck).unwrap(), again);
    }
}

#[test]
fn a_checkpoint_cut_in_its_last_line_is_repaired_with_a_note() {
    let dir = folder("cut");
    let ck = dir.join("n11.log");
    assert_counts(&["count", "11", "--checkpoint", s(&ck)], 11);
    let whole = std::fs::read(&ck).unwrap();
    // Cut 5 bytes into the last record: as if killed while writing it.
    let last = whole[..whole.len() - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap()
        + 1;
    std::fs::write(&ck, &whole[..last + 5]).unwrap();
    let err = assert_counts(&["count", "11", "--checkpoint", s(&ck)], 11);
    assert!(err.contains("ended in the middle of a line"), "{err}");
    assert_eq!(std::fs::read(&ck).unwrap().len(), whole.len());
}

#[test]
fn damaged_or_foreign_checkpoints_are_refused_and_left_alone() {
    let dir = folder("refuse");
    let ck = dir.join("n11.log");
    assert_counts(&["count", "11", "--checkpoint", s(&ck)], 11);
    let good = std::fs::read(&ck).unwrap();
    let middle = good.len() / 2;
    let mut flipped = good.clone();
    flipped[middle] ^= 0x04;
    let mut crossed = good.clone();
    let second = good.iter().position(|&b| b == b'\n').unwrap() + 1;
    crossed.splice(second..second, b"part 0 1 1:1 00000000\n".iter().copied());
    let cases: [(&str, Vec<u8>, &[&str]); 4] = [
        ("flipped", flipped, &["count", "11"]),
        ("forged", crossed, &["count", "11"]),
        ("other N", good.clone(), &["count", "10"]),
        (
            "other engine",
            good.clone(),
            &["count", "11", "-a", "quarters"],
        ),
    ];
    for (what, bytes, args) in cases {
        std::fs::write(&ck, &bytes).unwrap();
        let mut all = args.to_vec();
        all.extend(["--checkpoint", s(&ck)]);
        let err = assert_bad(&all);
        assert!(
            err.contains("n11.log") && err.contains("not changed"),
            "{what}: {err}"
        );
        assert_eq!(
            std::fs::read(&ck).unwrap(),
            bytes,
            "{what}: the file is unchanged"
        );
    }
    let other = dir.join("notes.txt");
    std::fs::write(&other, "my notes\n").unwrap();
    let err = assert_bad(&["count", "11", "--checkpoint", s(&other)]);
    assert!(err.contains("not a queens checkpoint"), "{err}");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "my notes\n");
}

/// The counts of N printed by `queens count`, without the seconds.
fn counts_of(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out.lines()
        .filter(|l| !l.contains("seconds"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn shards_merged_in_any_order_print_what_count_prints() {
    let dir = folder("shards");
    for (engine, k) in [("quarters", 3), ("dihedral", 5)] {
        let mut files = Vec::new();
        for i in 0..k {
            let out = dir.join(format!("{engine}-{i}.json"));
            let share = format!("{i}/{k}");
            let (code, stdout, err) = run(&[
                "count",
                "13",
                "-a",
                engine,
                "--shard",
                &share,
                "--out",
                s(&out),
            ]);
            assert_eq!(code, 0, "{err}");
            assert!(stdout.contains(&format!("share {share}")), "{stdout}");
            files.push(out);
        }
        files.reverse();
        files.swap(0, 1);
        let mut args = vec!["merge"];
        args.extend(files.iter().map(|f| s(f)));
        let whole = counts_of(&["count", "13", "-a", engine]);
        assert_eq!(counts_of(&args), whole, "{engine}");
        args.push("--json");
        let (_, out, _) = run(&args);
        let (total, fundamental) = reference(13);
        let v = json(&out);
        assert_eq!(
            (v["total"].as_u64(), v["fundamental"].as_u64()),
            (Some(total), Some(fundamental))
        );
        assert_eq!(v["orbits"]["2"], 4);
    }
}

#[test]
fn merge_refuses_what_does_not_add_up_and_names_the_file() {
    let dir = folder("merge");
    let shard = |n: &str, i: usize, k: usize| {
        let out = dir.join(format!("n{n}-{i}of{k}.json"));
        let (code, _, err) = run(&["count", n, "--shard", &format!("{i}/{k}"), "--out", s(&out)]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let (a, b, c) = (shard("12", 0, 3), shard("12", 1, 3), shard("12", 2, 3));
    let other_n = shard("11", 2, 3);
    let other_k = shard("12", 1, 2);
    let damaged = dir.join("damaged.json");
    let text = std::fs::read_to_string(&c).unwrap();
    let sum = json(&text)["sum"].as_str().unwrap().to_string();
    let forged = format!("{}1", &sum[..sum.len() - 1]);
    std::fs::write(
        &damaged,
        text.replace(&format!("\"{sum}\""), &format!("\"{forged}\"")),
    )
    .unwrap();
    let cases: [(&[&Path], &str); 5] = [
        (&[&a, &b], "missing 1 of the 3 shares: 2"),
        (&[&a, &b, &c, &b], "given twice"),
        (&[&a, &b, &other_n], "N differ"),
        (&[&a, &b, &other_k], "number of shares differ"),
        (&[&a, &b, &damaged], "damaged"),
    ];
    for (files, want) in cases {
        let mut args = vec!["merge"];
        args.extend(files.iter().map(|f| s(f)));
        let err = assert_bad(&args);
        assert!(err.contains(want), "{want}: {err}");
    }
    let err = assert_bad(&["merge", s(&dir.join("none.json"))]);
    assert!(err.contains("none.json"), "{err}");
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "hello").unwrap();
    assert!(assert_bad(&["merge", s(&notes)]).contains("not a shard file"));
}

#[test]
fn a_shard_can_use_a_checkpoint_of_its_own() {
    let dir = folder("shard-checkpoint");
    let mut files = Vec::new();
    for i in 0..2 {
        let out = dir.join(format!("s{i}.json"));
        let ck = dir.join(format!("s{i}.log"));
        let share = format!("{i}/2");
        let args = [
            "count",
            "12",
            "--shard",
            &share,
            "--out",
            s(&out),
            "--checkpoint",
            s(&ck),
        ];
        assert_eq!(run(&args).0, 0);
        let header = std::fs::read_to_string(&ck).unwrap();
        assert!(header.contains(&format!("share={share}")), "{header}");
        // The other share's checkpoint is another count's.
        let wrong = format!("{}/2", 1 - i);
        let err = assert_bad(&[
            "count",
            "12",
            "--shard",
            &wrong,
            "--out",
            s(&out),
            "--checkpoint",
            s(&ck),
        ]);
        assert!(err.contains("share"), "{err}");
        files.push(out);
    }
    assert_eq!(
        counts_of(&["merge", s(&files[0]), s(&files[1])]),
        counts_of(&["count", "12"])
    );
}

#[test]
fn estimate_says_the_cost_and_counts_nothing() {
    let (code, out, _) = run(&["count", "14", "--estimate", "--threads", "2"]);
    assert_eq!(code, 0);
    for label in [
        "N = 14 (quarters engine",
        "cpu:",
        "wall:",
        "on 2 threads",
        "memory:",
        "from:",
    ] {
        assert!(out.contains(label), "{label}: {out}");
    }
    assert!(!out.contains("total"), "{out}");
    let (code, out, _) = run(&[
        "count",
        "15",
        "--estimate",
        "--json",
        "-a",
        "dihedral",
        "--shard",
        "1/4",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(
        (v["n"].as_u64(), v["engine"].as_str(), v["shard"].as_str()),
        (Some(15), Some("dihedral"), Some("1/4"))
    );
    assert!(v["cpu_seconds"].as_f64().unwrap() > 0.0);
    assert!(v["work"].as_u64().unwrap() < v["parts"].as_u64().unwrap());
    assert_eq!(v["source"], "sample");
}

#[test]
fn a_count_of_more_than_a_day_asks_for_yes() {
    let err = assert_bad(&["count", "26"]);
    for word in [
        "N = 26",
        "days",
        "--yes",
        "--checkpoint",
        "--shard",
        "queens merge",
    ] {
        assert!(err.contains(word), "{word}: {err}");
    }
    let err = assert_bad(&[
        "count",
        "23",
        "--algorithm",
        "constellation",
        "--threads",
        "1",
    ]);
    assert!(err.contains("--yes"), "{err}");
}

#[test]
fn bad_options_of_split_counts_are_refused_by_name() {
    let cases: [(&[&str], &str); 12] = [
        (&["count", "16", "--memory", "lots"], "'lots'"),
        (&["count", "16", "--memory", "0"], "'0'"),
        (&["count", "16", "--memory", "4GB"], "'4GB'"),
        (
            &["count", "16", "--shard", "8/8", "--out", "x.json"],
            "'8/8'",
        ),
        (
            &["count", "16", "--shard", "1/0", "--out", "x.json"],
            "'1/0'",
        ),
        (&["count", "16", "--shard", "1/8"], "--out"),
        (&["count", "16", "--out", "x.json"], "--shard"),
        (&["count", "10..12", "--checkpoint", "x.log"], "10..12"),
        (
            &["count", "12", "--checkpoint", "x.log", "-a", "somers"],
            "somers",
        ),
        (
            &["count", "12", "--checkpoint", "x.log", "--torus"],
            "--torus",
        ),
        (&["count", "3", "--checkpoint", "x.log"], "N = 3"),
        (
            &["count", "16", "--memory", "1K", "-a", "dihedral"],
            "--memory",
        ),
    ];
    for (args, want) in cases {
        let err = assert_bad(args);
        assert!(err.contains(want), "{args:?}: {err}");
    }
    assert!(!Path::new("x.log").exists() && !Path::new("x.json").exists());
}

#[test]
fn merge_has_help_with_examples() {
    let (code, out, _) = run(&["merge", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Examples:") && out.contains("queens merge"));
    let (_, out, _) = run(&["count", "--help"]);
    for word in [
        "--checkpoint",
        "--shard",
        "--estimate",
        "--memory",
        "--yes",
        "queens merge",
    ] {
        assert!(out.contains(word), "{word}");
    }
}

#[cfg(unix)]
#[test]
fn two_runs_never_share_a_checkpoint() {
    use std::process::Stdio;
    let dir = folder("lock");
    let ck = dir.join("n18.log");
    let mut first = std::process::Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args([
            "count",
            "18",
            "-a",
            "dihedral",
            "--threads",
            "1",
            "--checkpoint",
            s(&ck),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the first run has written its header (it holds the lock by then).
    let start = std::time::Instant::now();
    while std::fs::read(&ck).map_or(true, |b| b.is_empty()) && start.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let err = assert_bad(&["count", "18", "-a", "dihedral", "--checkpoint", s(&ck)]);
    first.kill().unwrap();
    first.wait().unwrap();
    assert!(err.contains("in use by another queens process"), "{err}");
}

/// Runs `queens count N -a ENGINE --checkpoint FILE`, killed with SIGKILL after a random
/// delay up to `most` seconds, then resumed (killed again up to `kills` times), until it
/// finishes; checks the total every time.
#[cfg(unix)]
fn kill_and_resume(dir: &Path, n: u64, engine: &str, most: f64, kills: usize, seed: u64) {
    use rand::Rng;
    let mut rng = rand::rng();
    let ck = dir.join(format!("n{n}-{engine}-{seed}.log"));
    let args = [
        "count",
        &n.to_string(),
        "-a",
        engine,
        "--threads",
        "2",
        "--checkpoint",
        s(&ck),
        "--json",
    ]
    .map(String::from);
    for _ in 0..kills {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("queens"))
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let delay = rng.random_range(0.0..most);
        std::thread::sleep(std::time::Duration::from_secs_f64(delay));
        let _ = child.kill(); // SIGKILL; it may have finished already
        let out = child.wait_with_output().unwrap();
        if out.status.success() {
            let v = json(&String::from_utf8_lossy(&out.stdout));
            assert_eq!(
                v["total"].as_u64(),
                Some(reference(n).0),
                "run {seed}, {delay} s"
            );
        }
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert_counts(&args[..args.len() - 1], n);
}

/// A few SIGKILLs in every run of the tests; the full set (below) in a release build.
#[cfg(unix)]
#[test]
fn counts_killed_with_sigkill_resume_to_the_exact_total() {
    let dir = folder("kill");
    kill_and_resume(&dir, 13, "dihedral", 0.3, 2, 1);
    kill_and_resume(&dir, 14, "quarters", 0.3, 2, 2);
}

/// The fault injection of the issue: 24 counts of N = 15 and 16 with both engines, each
/// killed with SIGKILL at a random moment (and resumed and killed again), then resumed to the
/// end: the exact total every time. `cargo test --release -p queens-cli --test parts --
/// --ignored` (about a minute); also `bench/fault-injection.sh`.
#[cfg(unix)]
#[test]
#[ignore = "about a minute: 24 counts killed and resumed"]
fn twenty_four_killed_counts_end_with_the_exact_total() {
    let dir = folder("kill-many");
    for seed in 0..6 {
        kill_and_resume(&dir, 15, "quarters", 0.3, 3, 10 + seed);
        kill_and_resume(&dir, 16, "quarters", 0.4, 3, 20 + seed);
        kill_and_resume(&dir, 15, "dihedral", 0.8, 3, 30 + seed);
        kill_and_resume(&dir, 16, "dihedral", 3.0, 3, 40 + seed);
    }
}
