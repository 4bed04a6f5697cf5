//! The catalogue of bad and edge inputs, across every command: each is refused with exit code
//! 2, nothing on stdout, and on stderr one line naming the bad value (or clap's whole usage
//! message); none panics. A few edge inputs that are fine are checked to stay fine.

mod common;
use common::{assert_bad, run, run_in};

/// (arguments, a piece of the message that names the bad value).
const CASES: &[(&[&str], &str)] = &[
    // count
    (&["count", "0"], "'0'"),
    (&["count", "-3"], "-3"),
    (&["count", "eight"], "'eight'"),
    (&["count", "33"], "33"),
    (&["count", "10..4"], "10..4"),
    (&["count", "4..x"], "'x'"),
    (&["count", "8", "--threads", "0"], "'0'"),
    (&["count", "8", "--threads", "many"], "'many'"),
    (&["count", "8", "--algorithm", "fastest"], "'fastest'"),
    (&["count", "8", "--algorithm", ""], "''"),
    (&["count", "8", "--algorithm", "Bitmask"], "'Bitmask'"),
    (&["count", "8", "--engine"], "--algorithm"),
    (&["count", "26..28", "--algorithm", "quarters"], "N = 28"),
    (&["count", "16", "--algorithm", "brute"], "brute"),
    (&["count", "8", "--stats"], "--stats"),
    (&["count", "8", "--format", "xml"], "xml"),
    (&["count", "8", "--json", "--format", "text"], "--format"),
    (&["count"], "N|A..B"),
    // dominate
    (&["dominate", "0"], "'0'"),
    (&["dominate", "33"], "33"),
    (&["dominate", "eight"], "'eight'"),
    (&["dominate", "8", "--format", "xml"], "xml"),
    (
        &["dominate", "8", "--count", "--format", "board"],
        "--count",
    ),
    (&["dominate", "8", "--time-limit", "soon"], "soon"),
    (&["dominate", "8", "--seed", "x"], "'x'"),
    (&["dominate"], "<N>"),
    // list
    (&["list", "0"], "'0'"),
    (&["list", "65"], "65"),
    (&["list", "8", "--format", "xml"], "xml"),
    (&["list", "8", "--algorithm", "quick"], "'quick'"),
    (&["list", "8", "--algorithm", "wirth", "--half"], "--half"),
    (&["list", "8", "--unicode"], "--unicode"),
    (&["list", "8", "--limit", "-1"], "-1"),
    (&["list", "8", "--limit", "many"], "many"),
    (&["list", "16", "--algorithm", "brute"], "brute"),
    (&["list"], "<N>"),
    // check
    (&["check", "1 2 2 9"], "'9'"),
    (&["check", "a1 a2 c3"], "column a"),
    (&["check", "a1 b9"], "b9"),
    (&["check", "a1 bb"], "bb"),
    (&["check", "1 x 3"], "'x'"),
    (&["check", "2,4,1,3"], "'2,4,1,3'"),
    (&["check", "1,1,3"], "'1,1,3'"),
    (&["check", "1,1", "2"], "'2'"),
    (&["check", "0"], "'0'"),
    (
        &["check", "--input", "/nonexistent/solution.txt"],
        "solution.txt",
    ),
    (&["check", "1", "2", "--input", "x.txt"], "--input"),
    (&["check", "--n", "8", "a1", "i9"], "i9"),
    (&["check", "--n", "0", "a1"], "'0'"),
    (&["check", "--n", "4", "1", "2", "3", "4", "1"], "5 rows"),
    (&["check", "--n", "8", "1", "9"], "'9'"),
    (&["check"], "PLACEMENT"),
    (&["check", "2 4 1 3", "--format", "yaml"], "yaml"),
    // classify
    (&["classify", "1 1 3"], "1 1 3"),
    (&["classify", "2", "4", "1", "3", "--json", "x"], "'x'"),
    (&["classify", "a1 a2"], "column a"),
    (&["classify", "--input", "/nonexistent"], "nonexistent"),
    // show
    (&["show", "z1"], "z1"),
    (&["show", "1 2 7"], "'7'"),
    (&["show", "2 4 1 3", "--json", "--unicode"], "--unicode"),
    (
        &["show", "2 4 1 3", "--svg", "/nonexistent/dir/x.svg"],
        "x.svg",
    ),
    // solve
    (&["solve", "x"], "'x'"),
    (&["solve", "0"], "'0'"),
    (&["solve", "-4"], "-4"),
    (&["solve", "4294967296"], "4294967295"),
    (&["solve", "17", "--algorithm", "random"], "random"),
    (&["solve", "8", "--algorithm", "annealing"], "annealing"),
    (&["solve", "8", "--seed", "3"], "--seed"),
    (&["solve", "8", "-a", "min-conflicts", "--seed", "x"], "'x'"),
    (&["solve", "8", "-a", "min-conflicts", "--seed", "-1"], "-1"),
    (&["solve", "2000", "--format", "board"], "board"),
    (
        &["solve", "8", "-a", "min-conflicts", "--time-limit", "-1"],
        "-1",
    ),
    (
        &["solve", "8", "-a", "backtrack", "--time-limit", "soon"],
        "'soon'",
    ),
    (&["solve", "8", "--time-limit", "1"], "--time-limit"),
    (
        &["solve", "8", "--method", "explicit", "--time-limit", "1"],
        "--time-limit",
    ),
    (&["solve", "8", "--unicode"], "--unicode"),
    (&["solve", "0", "--exists"], "'0'"),
    (&["solve", "1e9", "--exists"], "1e9"),
    (&["solve", "8", "--exists", "--stats"], "--stats"),
    (&["solve", "1001", "-a", "backtrack"], "1001"),
    // trace
    (&["trace", "0"], "'0'"),
    (&["trace", "8", "--algorithm", "fast"], "fast"),
    (&["trace", "8", "--limit", "x"], "'x'"),
    (&["trace", "8", "--algorithm", "naive", "--half"], "--half"),
    // bench
    (&["bench", "--time-limit", "0"], "'0'"),
    (&["bench", "--time-limit", "1e400"], "1e400"),
    (
        &["bench", "4", "--plot", "/nonexistent-dir/chart.svg"],
        "chart.svg",
    ),
    (&["bench", "4..x"], "'x'"),
    (&["bench", "4", "--algorithm", "wirth,quick"], "'quick'"),
    (&["bench", "4", "--json", "--csv"], "--csv"),
    // tour
    (&["tour", "0", "--from", "a1"], "'0'"),
    (&["tour", "8x", "--from", "a1"], "'8x'"),
    (&["tour", "8", "--from", "i1"], "i1"),
    (&["tour", "8", "--from", "x"], "'x'"),
    (&["tour", "8"], "--from"),
    (&["tour"], "missing board"),
    (&["tour", "8", "9", "--from", "a1"], "'9'"),
    (&["tour", "8", "--from", "a1", "-m", "magic"], "magic"),
    (&["tour", "4x20", "--from", "a1", "-a", "divide"], "divide"),
    (&["tour", "8", "--from", "a1", "-a", "narrow"], "narrow"),
    (&["tour", "9", "--count"], "give --memory"),
    (&["tour", "13", "--count"], "64 squares"),
    (
        &["tour", "5", "--from", "a1", "--count", "--svg", "x.svg"],
        "--svg",
    ),
    (&["tour", "5", "--count", "--format", "moves"], "moves"),
    (&["tour", "5", "--count", "-a", "wirth"], "--algorithm"),
    (&["tour", "--check", "a1 zz"], "zz"),
    (&["tour", "--check", "nofile"], "'nofile'"),
    (&["tour", "--check", "--board", "8x", "a1"], "'8x'"),
    (&["tour", "--check", "--format", "grid", "a1 c2"], "grid"),
    (&["tour", "--board", "8", "--from", "a1"], "--check"),
    // complete
    (&["complete", "8", "--preset", "a1,b2"], "b2"),
    (&["complete", "8", "--preset", "i1"], "i1"),
    (&["complete", "8", "--preset", "1,1,3"], "'1,1,3'"),
    (&["complete", "8", "--presets", "3"], "--presets"),
    (&["complete", "8", "--seed", "3"], "--seed"),
    (&["complete", "0"], "'0'"),
    (&["complete"], "missing board"),
    (
        &["complete", "--input", "/nonexistent.json"],
        "nonexistent.json",
    ),
    (&["complete", "--generate", "8"], "--presets"),
    (&["complete", "--generate", "8", "--presets", "9"], "'9'"),
    (
        &[
            "complete",
            "--generate",
            "8",
            "--presets",
            "2",
            "--seed",
            "x",
        ],
        "'x'",
    ),
    // exact or refused (issue: no silent wrong answer, every read bounded)
    (&["check", "--n", "8", "a1", "a1"], "'a1' is given twice"),
    (
        &["check", "--n", "8", "a1", "c2", "1,1"],
        "'a1' is given twice",
    ),
    (&["count", "17", "--estimate", "--memory", "1"], "256M"),
    (&["count", "17", "--memory", "255M"], "'255M'"),
    (&["list", "8", "--stats", "--algorithm", "fast"], "--stats"),
    (&["list", "8", "--algorithm", "sql", "--stats"], "--stats"),
    (
        &["bench", "11..11", "--algorithm", "sql"],
        "sql runs N from 1 to 10",
    ),
    (&["show", "2 4 1 3", "--svg", "-"], "'-'"),
    (&["tour", "5", "--from", "a1", "--svg", "-"], "'-'"),
    (&["cover", "5", "--svg", "-"], "'-'"),
    (&["cover", "20", "--threads", "0"], "'0'"),
    (&["cover", "20", "--algorithm", "fast"], "'fast'"),
    (
        &["cover", "20", "--algorithm", "tabu", "--threads", "2"],
        "--threads",
    ),
    (&["cover", "12", "--seed", "3"], "--seed"),
    (&["bench", "4", "--plot", "-"], "'-'"),
    (
        &["count", "12", "--checkpoint", "/dev/zero"],
        "not a regular file",
    ),
    (&["count", "12", "--checkpoint", "/"], "not a regular file"),
    (&["check", "--input", "/dev/zero"], "NUL"),
    (&["check", "--input", "/"], "folder"),
    (&["classify", "--input", "/dev/zero"], "NUL"),
    (&["show", "--input", "/dev/zero"], "NUL"),
    (&["tour", "--check", "/dev/zero"], "NUL"),
    (&["complete", "--input", "/dev/zero"], "NUL"),
    (&["merge", "/dev/zero"], "NUL"),
    (&["tour", "5", "--from", "a1", "--time-limit", "0"], "'0'"),
    (
        &["tour", "--check", "--time-limit", "5", "a1"],
        "--time-limit",
    ),
    // the command itself
    (&["frobnicate"], "frobnicate"),
    (&["lsit", "8"], "list"),
    (&["completions", "tcsh"], "tcsh"),
];

#[test]
fn every_bad_input_is_refused_with_exit_2_naming_the_value() {
    assert!(CASES.len() >= 80, "{} cases", CASES.len());
    for (args, needle) in CASES {
        let err = assert_bad(args);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn bad_input_on_standard_input_names_the_line() {
    for (args, input, needle) in [
        (&["check", "-"][..], "2 4 1 3\n1 x 2\n", "line 2"),
        (&["show", "-"], "{\"n\":4}\n", "line 1"),
        (&["classify", "-"], "2 4 1 3\n1 1 2\n", "line 2"),
        (&["check", "-"], "", "no placement"),
        (&["check", "--n", "8", "-"], "a1 b3\na1 z9\n", "line 2"),
        (&["tour", "--check"], "a1 zz", "zz"),
        (
            &["complete", "--input", "-"],
            "{\"n\":4,\"queens\":[[1,9]]}",
            "1,9",
        ),
        (&["complete", "--input", "-"], "not json", "bad instance"),
        (
            &["check", "-"],
            "{\"n\":8,\"rows\":[]}\n",
            "holds 0 numbers but \"n\" is 8",
        ),
        (
            &["check", "-"],
            "{\"n\":100,\"rows\":[2,4,1,3]}\n",
            "line 1",
        ),
        (
            &["classify", "-"],
            "{\"n\":100,\"rows\":[2,4,1,3]}\n",
            "holds 4 numbers",
        ),
        (&["show", "-"], "{\"rows\":[2,4,1,3]}\n", "without \"n\""),
        (&["check", "-"], "{\"n\":0,\"rows\":[]}\n", "\"n\" is '0'"),
        (&["check", "-"], "{\"n\":-4,\"rows\":[]}\n", "\"n\" is '-4'"),
        (
            &["tour", "--check"],
            "{\"rows\":8,\"cols\":8,\"path\":[]}",
            "holds 0 squares",
        ),
        (
            &["tour", "--check"],
            "{\"rows\":3,\"cols\":3,\"path\":[[9,9]]}",
            "[9,9] is off",
        ),
        (
            &["tour", "--check"],
            "18446744073709551617",
            "a1 holds 18446744073709551617",
        ),
        (&["check", "-"], "2 4 1 3\n\u{0}\n", "line 2: a NUL byte"),
        (&["check", "-"], "1 x\u{7}y\n", "x\\u{7}y"),
    ] {
        let (code, out, err) = run_in(args, input);
        assert_eq!(code, 2, "{args:?} <<< {input:?}: {err}");
        // The verdicts of the lines before the bad one have been written as they came.
        assert!(
            out.is_empty() || out.starts_with("line 1: valid") || out.starts_with("placement:"),
            "{args:?}: {out}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn a_byte_order_mark_is_read_past() {
    let (code, out, err) = run_in(&["check", "-"], "\u{feff}2 4 1 3\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("line 1: valid"), "{out}");
}

#[test]
fn usage_errors_show_clap_s_whole_message() {
    let err = assert_bad(&["count", "8", "--algorithm", "fastest"]);
    assert!(err.contains("expected one of auto, quarters"), "{err}");
    let err = assert_bad(&["tour", "8", "--from", "a1", "-a", "magic"]);
    assert!(err.contains("possible values"), "{err}");
    let err = assert_bad(&["lsit", "8"]);
    assert!(err.contains("similar") || err.contains("tip"), "{err}");
    let err = assert_bad(&["list"]);
    assert!(err.contains("Usage:"), "{err}");
}

#[test]
fn edge_inputs_that_are_fine_stay_fine() {
    for (args, code) in [
        (&["list", "1"][..], 0),
        (&["list", "2"], 1),
        (&["list", "3", "--fundamental"], 1),
        (&["count", "1"], 0),
        (&["count", "2..3"], 0),
        (&["check", "1"], 0),
        (&["check", "a1", "3,2", "b3"], 1),
        (&["classify", "1"], 0),
        (&["show", "1"], 0),
        (&["solve", "1"], 0),
        (&["solve", "3"], 1),
        (&["tour", "1", "--from", "a1"], 0),
        (&["tour", "4", "--from", "a1"], 1),
        (&["complete", "1"], 0),
        (&["complete", "2"], 1),
        (&["check", "--input", "/dev/null"], 2),
    ] {
        let (got, _, err) = run(args);
        assert_eq!(got, code, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
