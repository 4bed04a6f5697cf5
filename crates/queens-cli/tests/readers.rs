//! The readers of files and pipes: `check -`, `classify -` and `show -` stream (a verdict as
//! its line arrives, in constant memory), every reader is bounded, and random bytes or random
//! JSON lines on any reader end in a verdict or one line of refusal, never a panic.

mod common;
use common::{queens, run_in};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

fn spawn(args: &[&str]) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn the_first_verdict_comes_before_the_second_line_is_written() {
    for (args, first) in [
        (&["check", "-"][..], "line 1: valid: 4 queens"),
        (&["classify", "-"], "placement:   2 4 1 3"),
        (&["show", "-"], "4 . Q . ."),
        (&["check", "--n", "8", "-"], "line 1: valid: 2 queens"),
    ] {
        let mut child = spawn(args);
        let mut stdin = child.stdin.take().unwrap();
        let line = if args.contains(&"--n") {
            "a1 b3\n"
        } else {
            "2 4 1 3\n"
        };
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.flush().unwrap();
        // Read the first line of the output while the input stays open.
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        let reader = std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            tx.send(lines.next().and_then(Result::ok)).unwrap();
            lines.map_while(Result::ok).count()
        });
        let got = rx.recv_timeout(Duration::from_secs(30));
        assert_eq!(
            got.as_ref()
                .ok()
                .cloned()
                .flatten()
                .as_deref()
                .map(|l| l.starts_with(first)),
            Some(true),
            "{args:?}: the first verdict did not come while the input was open: {got:?}"
        );
        stdin.write_all(line.as_bytes()).unwrap();
        drop(stdin);
        let rest = reader.join().unwrap();
        assert!(rest >= 1, "{args:?}: the second verdict");
        assert!(child.wait().unwrap().success(), "{args:?}");
    }
}

/// The peak resident memory of a running process, in KiB (its `VmHWM`, which starts anew at
/// `exec`, so the test process's own memory does not count).
#[cfg(target_os = "linux")]
fn peak_kib(pid: u32) -> i64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Runs `queens ARGS` on `lines`, holding back the last one until every other line has had
/// its output line; returns the peak memory of the process at that moment, in KiB.
#[cfg(target_os = "linux")]
fn peak_while_streaming(args: &[&str], lines: &[u8]) -> i64 {
    let cut = lines[..lines.len() - 1]
        .iter()
        .rposition(|&b| b == b'\n')
        .unwrap()
        + 1;
    let (body, last) = (lines[..cut].to_vec(), lines[cut..].to_vec());
    let expected = body.iter().filter(|&&b| b == b'\n').count();
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        stdin.write_all(&body).unwrap();
        stdin
    });
    let mut out = BufReader::new(child.stdout.take().unwrap()).lines();
    for _ in 0..expected {
        out.next().unwrap().unwrap();
    }
    let kib = peak_kib(child.id());
    let mut stdin = writer.join().unwrap();
    stdin.write_all(&last).unwrap();
    drop(stdin);
    assert!(out.map_while(Result::ok).count() >= 1);
    assert!(child.wait().unwrap().success(), "{args:?}");
    kib
}

#[cfg(target_os = "linux")]
#[test]
fn checking_a_long_stream_holds_one_placement_at_a_time() {
    // 365,596 placements of N = 14 (10 MB of text): the reader held them all before (56 MB).
    let list = queens().args(["list", "14"]).output().unwrap().stdout;
    assert_eq!(list.iter().filter(|&&b| b == b'\n').count(), 365_596);
    for args in [&["check", "-"][..], &["classify", "-", "--json"]] {
        let kib = peak_while_streaming(args, &list);
        assert!(kib < 16 * 1024, "{args:?} held {kib} KiB");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn an_endless_line_is_held_once_and_refused() {
    // One line of a 100 MB run of digits, its end not yet come: the reader holds the line
    // (less than twice its size; four times before), then refuses it as a bad row.
    let mut child = spawn(&["check", "-"]);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&vec![b'7'; 100 << 20]).unwrap();
    stdin.flush().unwrap();
    let mut kib = 0;
    for _ in 0..200 {
        kib = peak_kib(child.id());
        if kib > 100 * 1024 {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(kib < 200 * 1024, "{kib} KiB");
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.len() < 300 && err.lines().count() == 1, "{err}");
}

#[test]
fn nul_bytes_and_long_tokens_are_refused_in_one_short_line() {
    for args in [
        &["check", "-"][..],
        &["tour", "--check", "-"],
        &["classify", "-"],
    ] {
        let out = queens()
            .args(args)
            .write_stdin(vec![0u8; 1 << 20])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("NUL"),
            "{args:?}"
        );
    }
    let long = format!("1 {}\n", "9".repeat(100_000));
    let (code, out, err) = run_in(&["check", "-"], &long);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.len() < 300 && err.lines().count() == 1, "{err}");
}

/// Every reader of the command line, with the input it reads from stdin.
const READERS: &[&[&str]] = &[
    &["check", "-"],
    &["check", "--n", "8", "-"],
    &["classify", "-"],
    &["show", "-"],
    &["tour", "--check", "-"],
    &["tour", "--check", "--board", "8", "-"],
    &["complete", "--input", "-"],
];

fn assert_one_verdict_or_one_refusal(args: &[&str], input: &[u8]) {
    let out = queens().args(args).write_stdin(input).output().unwrap();
    let code = out.status.code().unwrap_or(-1);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(code, 0..=2),
        "{args:?} <<< {input:?}: exit {code}: {err}"
    );
    assert!(!err.contains("panicked"), "{args:?} <<< {input:?}: {err}");
    if code == 2 {
        assert_eq!(err.lines().count(), 1, "{args:?} <<< {input:?}: {err}");
        assert!(err.len() < 400, "{args:?}: a long message: {err}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    #[test]
    fn random_bytes_get_a_verdict_or_one_line_of_refusal(
        reader in 0..READERS.len(),
        bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
    ) {
        assert_one_verdict_or_one_refusal(READERS[reader], &bytes);
    }

    #[test]
    fn random_json_lines_get_a_verdict_or_one_line_of_refusal(
        reader in 0..READERS.len(),
        n in proptest::prelude::prop_oneof![proptest::prelude::Just(-1i64), 0i64..10, proptest::prelude::Just(1i64 << 40)],
        rows in proptest::collection::vec(-2i64..12, 0..10),
        key in proptest::prelude::prop_oneof![
            proptest::prelude::Just("rows"),
            proptest::prelude::Just("path"),
            proptest::prelude::Just("queens"),
        ],
        cols in 0u32..10,
    ) {
        let list = serde_json::to_string(&rows).unwrap();
        let line = format!(
            "{{\"n\":{n},\"rows\":{n},\"cols\":{cols},\"{key}\":{list}}}\n"
        );
        assert_one_verdict_or_one_refusal(READERS[reader], line.as_bytes());
    }
}
