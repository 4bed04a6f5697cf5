//! `--algorithm sql`: the seeds' recursive SQL statement, run in SQLite, on `list`, `count` and
//! `bench`, against the library's own solutions.

mod common;
use common::{assert_bad, read_then_close, run};

#[test]
fn list_gives_the_same_92_solutions() {
    let (code, sql, _) = run(&["list", "8", "--algorithm", "sql"]);
    assert_eq!(code, 0);
    let (_, fast, _) = run(&["list", "8"]);
    let mut sql: Vec<&str> = sql.lines().collect();
    sql.sort();
    assert_eq!(sql, fast.lines().collect::<Vec<_>>());
}

#[test]
fn count_agrees_for_1_to_8() {
    for (n, total) in [
        (1, 1),
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 10),
        (6, 4),
        (7, 40),
        (8, 92),
    ] {
        let (code, out, _) = run(&["count", &n.to_string(), "--algorithm", "sql", "--json"]);
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["total"], total, "n = {n}");
    }
}

#[test]
fn show_sql_prints_the_statement() {
    let (code, out, err) = run(&["list", "5", "-a", "sql", "--show-sql"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 10);
    assert!(
        err.contains("with recursive") && err.contains(":d = 5"),
        "{err}"
    );
}

#[test]
fn a_closed_pipe_stops_the_statement() {
    let (head, code, err) = read_then_close(&["list", "10", "--algorithm", "sql"], 4);
    assert_eq!(head.len(), 4);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn bench_runs_it_beside_the_others() {
    let (code, out, _) = run(&["bench", "4..6", "-a", "wirth,sql", "--csv"]);
    assert_eq!(code, 0);
    assert!(out.contains("sql,6,finished,4,"), "{out}");
}

#[test]
fn bad_input_is_refused() {
    for (args, names) in [
        (&["list", "11", "--algorithm", "sql"][..], "11"),
        (&["count", "12", "--algorithm", "sql"][..], "12"),
        (&["list", "8", "--show-sql"][..], "--show-sql"),
        (
            &["list", "8", "-a", "sql", "--fundamental"][..],
            "--fundamental",
        ),
        (&["count", "8", "-a", "sql", "--stats"][..], "sql"),
        (&["list", "8", "-a", "sqlite"][..], "sqlite"),
    ] {
        let err = assert_bad(args);
        assert!(err.contains(names), "{args:?}: {err}");
    }
}
