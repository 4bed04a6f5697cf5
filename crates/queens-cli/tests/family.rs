//! The relatives: `--torus` and `--piece superqueen` on list, count, check, show, complete and
//! classify, against the published counts in `tests/data` (OEIS A051906, A051223, A051224).

mod common;
use common::{assert_bad, data, run, run_in};
use queens::rules::{Piece, Rules};
use queens::Placement;

const TORUS: Rules = Rules {
    piece: Piece::Queen,
    torus: true,
};
const SUPER: Rules = Rules {
    piece: Piece::Superqueen,
    torus: false,
};

/// The rows of a published table: (n, the other columns as text).
fn table(file: &str) -> Vec<(usize, Vec<String>)> {
    std::fs::read_to_string(data(file))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("n\t"))
        .map(|l| {
            let mut cols = l.split('\t');
            let n = cols.next().unwrap().parse().unwrap();
            (n, cols.map(str::to_string).collect())
        })
        .collect()
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(out.trim()).unwrap()
}

#[test]
fn superqueen_counts_agree_with_a051223_and_a051224() {
    for (n, cols) in table("superqueens.tsv")
        .into_iter()
        .filter(|(n, _)| *n <= 15)
    {
        let v = json(&["count", &n.to_string(), "--piece", "superqueen", "--json"]);
        assert_eq!(v["total"].to_string(), cols[0], "n = {n}");
        assert_eq!(v["fundamental"].to_string(), cols[1], "n = {n}");
    }
}

#[test]
fn torus_counts_agree_with_a051906() {
    for (n, cols) in table("torus.tsv").into_iter().filter(|(n, _)| *n <= 19) {
        let v = json(&["count", &n.to_string(), "--torus", "--json"]);
        assert_eq!(v["total"].to_string(), cols[0], "n = {n}");
        if cols[1] != "-" {
            assert_eq!(v["classes"].to_string(), cols[1], "n = {n}");
        }
        assert_eq!(
            v["fundamental"], v["classes"],
            "on the torus, up to its own symmetries"
        );
        assert_eq!(v["symmetries"], 8 * n * n);
    }
}

#[test]
fn a_range_is_a_table() {
    let (code, out, _) = run(&["count", "5..7", "--torus"]);
    assert_eq!(code, 0);
    assert!(out.lines().next().unwrap().contains("classes"), "{out}");
    assert_eq!(out.lines().count(), 4, "{out}");
}

#[test]
fn every_listed_solution_keeps_the_rules() {
    for (rules, args, n, total) in [
        (TORUS, &["--torus"][..], 13, 4524),
        (SUPER, &["--piece", "superqueen"][..], 12, 156),
    ] {
        let size = n.to_string();
        let mut all = vec!["list", size.as_str()];
        all.extend_from_slice(args);
        let (code, out, _) = run(&all);
        assert_eq!(code, 0);
        let listed: Vec<Placement> = out.lines().map(|l| Placement::parse(l).unwrap()).collect();
        assert_eq!(listed.len(), total, "{rules}");
        assert!(listed
            .iter()
            .all(|p| p.n() == n && rules.first_conflict(p).is_none()));
        assert!(
            listed.iter().all(Placement::is_solution),
            "each is a queen solution too"
        );
    }
}

#[test]
fn the_fundamental_listing_has_one_per_class() {
    let (code, out, _) = run(&["list", "13", "--torus", "--fundamental"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 11);
    let orbits: usize = out
        .lines()
        .map(|l| {
            l.rsplit("orbit ")
                .next()
                .unwrap()
                .trim()
                .parse::<usize>()
                .unwrap()
        })
        .sum();
    assert_eq!(orbits, 4524, "the orbits add up to the total");
}

#[test]
fn check_reads_a_listing_under_the_same_rules() {
    let (_, listing, _) = run(&["list", "11", "--torus"]);
    let (code, out, _) = run_in(&["check", "-", "--torus"], &listing);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("checked 88 placements: 88 valid"), "{out}");
    let (_, eight, _) = run(&["list", "8"]);
    let (code, out, _) = run_in(&["check", "-", "--torus"], &eight);
    assert_eq!(code, 1, "no 8x8 solution holds on the torus");
    assert!(out.contains("92 invalid"), "{out}");
    let (code, out, _) = run(&[
        "check",
        "1",
        "5",
        "8",
        "6",
        "3",
        "7",
        "2",
        "4",
        "--piece",
        "superqueen",
    ]);
    assert_eq!(code, 1);
    assert!(out.contains("knight's move"), "{out}");
    let (code, out, _) = run(&["check", "--n", "8", "a1", "h2", "--torus"]);
    assert_eq!(code, 1, "a1 and h2 share a diagonal across the wrap");
    assert!(out.contains("anti-diagonal"), "{out}");
}

#[test]
fn show_says_whether_the_rules_hold() {
    let (code, out, _) = run(&["show", "1", "3", "5", "2", "4", "--torus"]);
    assert_eq!(code, 0);
    assert!(
        out.ends_with("queens on the torus: no two attack each other\n"),
        "{out}"
    );
}

#[test]
fn complete_on_the_torus_and_with_superqueens() {
    let v = json(&[
        "complete", "11", "--preset", "a1", "b3", "--torus", "--json",
    ]);
    assert_eq!(v["status"], "solved");
    let rows: Vec<u32> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_u64().unwrap() as u32 - 1)
        .collect();
    let p = Placement::from_rows(rows).unwrap();
    assert!(TORUS.first_conflict(&p).is_none());
    assert_eq!((p.rows()[0], p.rows()[1]), (0, 2));
    let v = json(&[
        "complete",
        "10",
        "--preset",
        "a3",
        "--piece",
        "superqueen",
        "--count",
        "--json",
    ]);
    assert_eq!(v["completions"], 1);
    let (code, out, _) = run(&["complete", "8", "--torus"]);
    assert_eq!(code, 1);
    assert!(out.contains("divisible by 2 or 3"), "{out}");
}

#[test]
fn classify_gives_the_torus_orbit() {
    let v = json(&["classify", "1", "3", "5", "2", "4", "--torus", "--json"]);
    assert_eq!(
        (
            v["orbit"].as_u64(),
            v["stabilizer"].as_u64(),
            v["symmetries"].as_u64()
        ),
        (Some(10), Some(20), Some(200))
    );
    assert_eq!(v["torus_solution"], true);
}

#[test]
fn a_closed_pipe_stops_a_listing() {
    let (head, code, err) = common::read_then_close(&["list", "25", "--torus"], 10);
    assert_eq!(head.len(), 10);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn bad_input_is_refused() {
    for (args, names) in [
        (
            &["list", "8", "--torus", "--algorithm", "wirth"][..],
            "wirth",
        ),
        (&["list", "8", "--torus", "--half"][..], "--half"),
        (
            &[
                "count",
                "8",
                "--piece",
                "superqueen",
                "--algorithm",
                "dihedral",
            ][..],
            "dihedral",
        ),
        (
            &["count", "8", "--torus", "--algorithm", "wirth", "--stats"][..],
            "--torus",
        ),
        (&["list", "8", "--piece", "bishop"][..], "bishop"),
        (
            &["complete", "8", "--preset", "a1", "h2", "--torus"][..],
            "h2",
        ),
        (
            &[
                "complete",
                "11",
                "--preset",
                "a1",
                "b3",
                "--piece",
                "superqueen",
            ][..],
            "b3",
        ),
        (
            &["complete", "--generate", "8", "--presets", "2", "--torus"][..],
            "--generate",
        ),
    ] {
        let err = assert_bad(args);
        assert!(err.contains(names), "{args:?}: {err}");
    }
}
