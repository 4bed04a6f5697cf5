//! Helpers shared by the command tests: running `queens` and finding the test data.
#![allow(dead_code)] // each test file uses its own subset

use assert_cmd::Command;
use std::path::PathBuf;

/// The `queens` binary of this build.
pub fn queens() -> Command {
    Command::cargo_bin("queens").unwrap()
}

/// Runs `queens ARGS` with `input` on stdin and returns (exit code, stdout, stderr).
pub fn run_in(args: &[&str], input: &str) -> (i32, String, String) {
    let out = queens().args(args).write_stdin(input).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs `queens ARGS` and returns (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    run_in(args, "")
}

/// A fresh directory for one test's files, named by `tag` and this process.
pub fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("queens-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A path under the repository's `tests/data` folder.
pub fn data(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../queens/tests/data")
        .join(path)
}

/// Runs `queens ARGS`, reads the first `bytes` bytes of its output and closes the pipe, as
/// `queens ARGS | head -c BYTES` does; returns (those bytes, exit code, stderr).
pub fn read_then_close(args: &[&str], bytes: usize) -> (Vec<u8>, i32, String) {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = vec![0u8; bytes];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // The reader is closed here (the pipe end was dropped).
    let out = child.wait_with_output().unwrap();
    (
        head,
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Asserts that `queens ARGS` is refused as bad input: exit code 2, nothing on stdout, and on
/// stderr either one line `queens: ...` (a domain error, naming the bad value) or clap's whole
/// usage message (`error: ...` with its hint); never a panic. Returns stderr.
pub fn assert_bad(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: exit {code}, stderr: {err}");
    assert!(out.is_empty(), "{args:?}: stdout: {out}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    if err.starts_with("error:") {
        assert!(
            err.contains("--help") || err.contains("Usage:"),
            "{args:?}: a usage error without clap's hint: {err}"
        );
    } else {
        assert!(err.starts_with("queens: "), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    err
}
