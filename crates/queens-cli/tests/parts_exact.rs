//! Exact or refused, for counts split into parts: a forged part with a valid check value
//! passes every check of a file (the CRC tells damage, not an edit) and is caught only by a
//! recount (`queens merge --recount`, `queens count --checkpoint --recount`); shard files of
//! format version 2 are still merged; `--out` names a file or standard output; `--memory`
//! and `--threads` where no engine would use them are refused.

mod common;
use common::{assert_bad, run, run_in, scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = scratch(&format!("parts-exact-{name}"));
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn crc(text: &str) -> String {
    format!("{:08x}", crc32fast::hash(text.as_bytes()))
}

/// The total of `queens ARGS --json`, which must succeed.
fn total(args: &[&str]) -> u64 {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    v["total"].as_u64().unwrap()
}

/// Writes the shards 0/2 and 1/2 of N = 12 (quarters: counts in solutions) to `dir`.
fn shards(dir: &Path) -> [PathBuf; 2] {
    [0, 1].map(|i| {
        let out = dir.join(format!("s{i}.json"));
        let share = format!("{i}/2");
        let args = [
            "count",
            "12",
            "-a",
            "quarters",
            "--shard",
            &share,
            "--out",
            s(&out),
        ];
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        out
    })
}

/// The shard file `text` with its check value made anew, as an editor of the file would.
fn signed(text: &str) -> String {
    let v: Value = serde_json::from_str(text.trim()).unwrap();
    let check = v["check"].as_str().unwrap();
    let bare = text
        .trim()
        .replace(&format!("\"check\":\"{check}\""), "\"check\":\"\"");
    bare.replace("\"check\":\"\"", &format!("\"check\":\"{}\"", crc(&bare))) + "\n"
}

/// The shard at `path` with the count of its first part that has solutions raised by 8 (the
/// orbits still add up) and its sum and check value made to agree: (the forged text, the
/// part's index).
fn forge(path: &Path) -> (String, usize) {
    let text = std::fs::read_to_string(path).unwrap();
    let v: Value = serde_json::from_str(text.trim()).unwrap();
    let counts: Vec<u64> = v["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().parse().unwrap())
        .collect();
    let parts: Vec<usize> = v["covered"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r[0].as_u64().unwrap() as usize..r[1].as_u64().unwrap() as usize)
        .collect();
    let at = counts.iter().position(|&c| c > 0).unwrap();
    let mut forged = counts.clone();
    forged[at] += 8;
    let old_sum = v["sum"].as_str().unwrap();
    let new_sum = (old_sum.parse::<u64>().unwrap() + 8).to_string();
    let strings =
        |c: &[u64]| serde_json::to_string(&c.iter().map(u64::to_string).collect::<Vec<_>>());
    let edited = text
        .replace(&strings(&counts).unwrap(), &strings(&forged).unwrap())
        .replace(
            &format!("\"sum\":\"{old_sum}\""),
            &format!("\"sum\":\"{new_sum}\""),
        );
    (signed(&edited), parts[at])
}

#[test]
fn a_forged_part_in_a_shard_passes_unless_it_is_recounted() {
    let dir = folder("forged-shard");
    let [a, b] = shards(&dir);
    let whole = total(&["count", "12"]);
    assert_eq!(total(&["merge", s(&a), s(&b)]), whole);
    let (text, part) = forge(&b);
    let forged = dir.join("forged.json");
    std::fs::write(&forged, text).unwrap();
    // Not recounted, the forged part passes every check of the file.
    assert_eq!(
        total(&["merge", s(&a), s(&forged), "--recount", "0"]),
        whole + 8
    );
    // Recounted, it is refused, naming the file and the part.
    let err = assert_bad(&["merge", s(&a), s(&forged), "--recount", "100%"]);
    assert!(
        err.contains("forged.json") && err.contains(&format!("for part {part},")),
        "{err}"
    );
    // A sample of half the parts: refused when the draw holds the part, passed when not.
    let (mut refused, mut passed) = (0, 0);
    for seed in 0..12 {
        let seed = seed.to_string();
        let args = [
            "merge",
            s(&a),
            s(&forged),
            "--recount",
            "50%",
            "--seed",
            &seed,
        ];
        match run(&args) {
            (0, _, err) => {
                passed += 1;
                assert!(err.contains("with probability at most 0."), "{err}");
            }
            (2, _, err) => {
                refused += 1;
                assert!(err.contains(&format!("part {part}")), "{err}");
            }
            (code, _, err) => panic!("exit {code}: {err}"),
        }
    }
    assert!(
        refused > 0 && passed > 0,
        "{refused} refused, {passed} passed"
    );
}

#[test]
fn merge_says_what_it_recounted_and_the_chance_of_missing_a_forged_part() {
    let dir = folder("recount-lines");
    let [a, b] = shards(&dir);
    let (code, _, err) = run(&["merge", s(&a), s(&b), "--seed", "3"]);
    assert_eq!(code, 0, "{err}");
    for share in ["share 0/2", "share 1/2"] {
        let line = err.lines().find(|l| l.contains(share)).unwrap_or_default();
        assert!(
            line.contains("recounted 1 of")
                && line.contains("seed 3")
                && line.contains("with probability at most 0.")
                && line.contains("^k"),
            "{err}"
        );
    }
    let (code, _, err) = run(&["merge", s(&a), s(&b), "--recount", "100%", "--seed", "3"]);
    assert_eq!(code, 0);
    assert!(
        err.contains("recounted all") && err.contains("no forged part can pass"),
        "{err}"
    );
    // The draw is the seed's: the same seed, the same lines.
    let again = run(&["merge", s(&a), s(&b), "--recount", "100%", "--seed", "3"]).2;
    assert_eq!(err, again);
    for (args, want) in [
        (vec!["--recount", "0", "--seed", "1"], "--seed"),
        (vec!["--recount", "0", "--threads", "2"], "--threads"),
        (vec!["--recount", "0%"], "'0%'"),
        (vec!["--recount", "many"], "'many'"),
    ] {
        let mut all = vec!["merge", s(&a), s(&b)];
        all.extend(args);
        let err = assert_bad(&all);
        assert!(err.contains(want), "{want}: {err}");
    }
}

#[test]
fn a_shard_of_format_version_2_is_merged_with_a_note() {
    let dir = folder("v2");
    let [a, b] = shards(&dir);
    // Share 1 as version 2 wrote it: the sum and its residues, no counts of parts.
    let text = std::fs::read_to_string(&b).unwrap();
    let v: Value = serde_json::from_str(text.trim()).unwrap();
    let sum: u128 = v["sum"].as_str().unwrap().parse().unwrap();
    let counts = serde_json::to_string(&v["counts"]).unwrap();
    let residues = format!(
        "{}:{}",
        sum % 4_294_967_291,
        sum % 18_446_744_073_709_551_557
    );
    let v2 = text.replace("\"version\":3", "\"version\":2").replace(
        &format!("\"counts\":{counts}"),
        &format!("\"residues\":\"{residues}\""),
    );
    let old = dir.join("old.json");
    std::fs::write(&old, signed(&v2)).unwrap();
    let (code, out, err) = run(&["merge", s(&a), s(&old), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["total"].as_u64(), Some(total(&["count", "12"])));
    assert!(
        err.contains("old.json") && err.contains("format version 2"),
        "{err}"
    );
}

/// The checkpoint of N = 12 at `path` with the first record that has solutions raised by 8,
/// its CRC made anew: returns the part.
fn forge_checkpoint(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let mut part = None;
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            let w: Vec<&str> = line.split(' ').collect();
            match (part, w.as_slice()) {
                (None, ["part", i, c, _]) if *c != "0" => {
                    part = Some(i.parse().unwrap());
                    let body = format!("part {i} {}", c.parse::<u64>().unwrap() + 8);
                    format!("{body} {}", crc(&body))
                }
                _ => line.to_string(),
            }
        })
        .collect();
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
    part.unwrap()
}

#[test]
fn a_forged_checkpoint_record_passes_unless_it_is_recounted() {
    let dir = folder("forged-checkpoint");
    let ck = dir.join("n12.log");
    let whole = total(&["count", "12", "-a", "quarters", "--checkpoint", s(&ck)]);
    let part = forge_checkpoint(&ck);
    let forged = std::fs::read(&ck).unwrap();
    // Resumed, a finished count answers from the file: the forged record passes.
    let args = ["count", "12", "-a", "quarters", "--checkpoint", s(&ck)];
    assert_eq!(total(&args), whole + 8);
    // Recounted, the checkpoint is refused, named with the part, and left as it is.
    let mut recount = args.to_vec();
    recount.extend(["--recount", "100%"]);
    let err = assert_bad(&recount);
    assert!(
        err.contains("n12.log")
            && err.contains(&format!("for part {part},"))
            && err.contains("not changed"),
        "{err}"
    );
    assert_eq!(std::fs::read(&ck).unwrap(), forged);
    // An honest checkpoint passes its recount, and the line says so.
    std::fs::remove_file(&ck).unwrap();
    total(&args);
    let seeded: Vec<&str> = recount.iter().copied().chain(["--seed", "4"]).collect();
    let (code, _, err) = run(&seeded);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("recounted all") && err.contains("seed 4"),
        "{err}"
    );
    // --recount is about a checkpoint; --seed about --recount.
    assert_bad(&["count", "12", "--recount", "5"]);
    assert_bad(&["count", "12", "--checkpoint", s(&ck), "--seed", "5"]);
}

#[test]
fn out_names_a_file_or_standard_output_and_a_folder_is_refused_first() {
    let dir = folder("out");
    let err = assert_bad(&["count", "12", "--shard", "0/2", "--out", s(&dir)]);
    assert!(err.contains(s(&dir)) && err.contains("folder"), "{err}");
    let nowhere = dir.join("none/s0.json");
    let err = assert_bad(&["count", "12", "--shard", "0/2", "--out", s(&nowhere)]);
    assert!(err.contains("none/s0.json"), "{err}");
    // `-`: the shard's file on standard output, which merge reads from its standard input.
    let (code, shard0, err) = run(&[
        "count", "12", "-a", "quarters", "--shard", "0/2", "--out", "-",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(shard0.trim()).unwrap();
    assert_eq!(
        (v["format"].as_str(), v["shard"].as_u64()),
        (Some("queens-shard"), Some(0))
    );
    assert!(err.contains("standard output"), "{err}");
    assert!(!Path::new("-").exists(), "no file named '-'");
    let [_, b] = shards(&dir);
    let (code, out, err) = run_in(&["merge", "-", s(&b), "--json"], &shard0);
    assert_eq!(code, 0, "{err}");
    let merged: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(merged["total"].as_u64(), Some(total(&["count", "12"])));
}

#[test]
fn options_no_engine_would_use_are_refused_by_name() {
    for (args, want) in [
        (vec!["count", "12", "--memory", "2G"], "dihedral"),
        (
            vec!["count", "16", "--memory", "2G", "-a", "dihedral"],
            "'dihedral'",
        ),
        (
            vec!["count", "12", "--memory", "2G", "-a", "somers"],
            "'somers'",
        ),
        (
            vec!["count", "10", "--memory", "2G", "-a", "wirth"],
            "'wirth'",
        ),
        (
            vec!["count", "10", "--threads", "2", "-a", "wirth"],
            "--threads",
        ),
        (vec!["count", "8", "--threads", "2", "-a", "sql"], "'sql'"),
    ] {
        let err = assert_bad(&args);
        assert!(
            err.contains(want) && err.contains(args[2]),
            "{args:?}: {err}"
        );
    }
    let err = assert_bad(&["count", "16", "--memory", "16777215T"]);
    assert!(
        err.contains("'16777215T'") && err.contains("256M to 1048576T"),
        "{err}"
    );
    // Where the option is used, it is taken.
    let whole = total(&["count", "10"]);
    assert_eq!(
        total(&["count", "10", "--threads", "1", "-a", "wirth"]),
        whole
    );
    assert_eq!(
        total(&["count", "14", "--memory", "512M"]),
        total(&["count", "14", "-a", "dihedral"])
    );
}
