//! Promises of the command line that span its commands: values and options refused with what
//! is accepted, output that cannot be written, Ctrl-C, messages that are true, the man page.

mod common;
use common::{assert_bad, queens, run};
use std::io::Read;
use std::process::{Command, Stdio};

/// Ctrl-C while `queens solve` streams a solution of 10^8 rows: exit 130, the one-line note,
/// and the output cut short (the last row's newline never written).
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_writing_of_a_huge_solution() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args(["solve", "100000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    // The first rows have come: the writing is under way, and the pipe holds it back.
    let mut head = [0u8; 1000];
    stdout.read_exact(&mut head).unwrap();
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let (mut total, mut last) = (head.len(), head[head.len() - 1]);
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let got = stdout.read(&mut chunk).unwrap();
        if got == 0 {
            break;
        }
        total += got;
        last = chunk[got - 1];
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    assert_ne!(last, b'\n', "a whole solution of {total} bytes was written");
}

/// `queens ARGS > /dev/full`: (exit code, stderr).
#[cfg(target_os = "linux")]
fn into_full_device(args: &[&str]) -> (Option<i32>, String) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args(args)
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(target_os = "linux")]
#[test]
fn help_and_version_that_cannot_be_written_exit_74() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["-V"],
        &["help"],
        &["help", "list"],
        &["list", "--help"],
        &["solve", "-h"],
        &["list", "8"],
        &["solve", "8"],
        &["solve", "8", "--exists"],
        &["man"],
        &["completions", "bash"],
    ] {
        let (code, err) = into_full_device(args);
        assert_eq!(code, Some(74), "{args:?}: {err}");
        assert!(
            err.starts_with("queens: cannot write the output"),
            "{args:?}: {err}"
        );
    }
    // The same help and version written where they can be: exit 0.
    for args in [&["--help"][..], &["--version"], &["help", "list"]] {
        let (code, out, _) = run(args);
        assert_eq!(code, 0, "{args:?}");
        assert!(out.contains("queens"), "{args:?}: {out}");
    }
}

#[test]
fn options_with_no_effect_are_refused() {
    for (args, named) in [
        (
            &["solve", "8", "--exists", "--format", "board"][..],
            "--format board",
        ),
        (
            &["solve", "8", "--exists", "--format", "algebraic"],
            "--format algebraic",
        ),
        (&["solve", "8", "--exists", "-f", "perm"], "--format perm"),
        (&["bench", "4..5", "-a", "wirth,wirth"], "wirth twice"),
        (
            &["bench", "4..5", "-a", "wirth,bitmask,wirth"],
            "wirth twice",
        ),
        (&["bench", "4..5", "-a", "sql", "-a", "sql"], "sql twice"),
    ] {
        let err = assert_bad(args);
        assert!(err.contains(named), "{args:?}: {err}");
    }
    // What --exists does answer: yes or no, as text or JSON.
    let (code, out, _) = run(&["solve", "8", "--exists", "--format", "json"]);
    assert_eq!((code, out.as_str()), (0, "{\"n\":8,\"exists\":true}\n"));
    let (code, out, _) = run(&["solve", "8", "--exists"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("yes"), "{out}");
}

#[test]
fn limits_are_whole_numbers_from_one() {
    for args in [
        &["list", "8", "--limit", "0"][..],
        &["list", "6", "--torus", "--limit", "0"],
        &["list", "8", "--algorithm", "sql", "--limit", "0"],
        &["trace", "4", "--limit", "0"],
        &["list", "8", "--limit", "1.5"],
        &["list", "8", "--limit", "1e20"],
        &["list", "8", "--limit", "18446744073709551616"],
        &["trace", "4", "--limit", "1.5"],
    ] {
        let value = args[args.len() - 1];
        let err = assert_bad(args);
        assert!(err.contains(&format!("'{value}'")), "{args:?}: {err}");
        assert!(err.contains("whole number from 1 to"), "{args:?}: {err}");
        assert!(!err.contains("invalid digit"), "{args:?}: {err}");
    }
    let (code, out, _) = run(&["list", "8", "--limit", "1"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 1, "{out}");
}

#[test]
fn durations_say_their_range() {
    for value in ["9999999999", "1e-300", "0.0001", "8761h", "0"] {
        let err = assert_bad(&["solve", "8", "-a", "random", "--time-limit", value]);
        assert!(err.contains(&format!("'{value}'")), "{err}");
        assert!(err.contains("0.001 s") && err.contains("8760h"), "{err}");
        assert!(err.len() < 300, "{err}");
    }
    // Both ends are accepted: the search of N = 5 stops, found or not, with 0 or 1.
    for value in ["0.001", "8760h"] {
        let (code, _, err) = run(&[
            "solve",
            "5",
            "-a",
            "random",
            "--seed",
            "1",
            "--time-limit",
            value,
        ]);
        assert!(code == 0 || code == 1, "{value}: {err}");
    }
    for command in ["solve", "bench", "tour", "cover", "dominate"] {
        let (code, help, _) = run(&[command, "--help"]);
        assert_eq!(code, 0);
        let described = option_help(&help, "--time-limit");
        assert!(
            described.contains("0.001 s") && described.contains("8760h"),
            "{command}: {described}"
        );
    }
}

/// Whether a line of clap's help starts an option (`  -a, --algorithm <NAME>`,
/// `      --json`); its description's lines are indented further.
fn is_option_line(line: &str) -> bool {
    let indent = line.len() - line.trim_start().len();
    indent <= 6 && line.trim_start().starts_with('-')
}

/// The long options a command's help lists.
fn long_options(help: &str) -> Vec<String> {
    help.lines()
        .filter(|l| is_option_line(l))
        .filter_map(|l| l.split_whitespace().find(|w| w.starts_with("--")))
        .map(|w| w.trim_end_matches(',').to_string())
        .collect()
}

/// The lines of a command's help that describe the option `long`, joined.
fn option_help(help: &str, long: &str) -> String {
    let mut lines = help.lines().skip_while(|l| {
        !(is_option_line(l)
            && l.split_whitespace()
                .any(|w| w.trim_end_matches(',') == long))
    });
    let header = lines
        .next()
        .unwrap_or_else(|| panic!("no {long} in {help}"));
    let rest = lines.take_while(|l| !l.trim().is_empty() && !is_option_line(l));
    std::iter::once(header)
        .chain(rest)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The generator's random draws may get stuck before the queens asked: the message says so
/// with its seed, and never that fewer queens fit than do.
#[test]
fn a_stuck_generator_says_what_stopped_it() {
    let (mut stuck, mut made) = (0, 0);
    for seed in 0..40u64 {
        let seed = seed.to_string();
        let (code, out, err) = run(&[
            "complete",
            "--generate",
            "8",
            "--presets",
            "8",
            "--seed",
            &seed,
        ]);
        match code {
            0 => {
                made += 1;
                let v: serde_json::Value = serde_json::from_str(&out).unwrap();
                assert_eq!(v["queens"].as_array().map(Vec::len), Some(8), "{out}");
            }
            _ => {
                stuck += 1;
                assert_eq!(code, 2, "{err}");
                assert!(
                    err.contains(&format!("seed {seed} got stuck after")),
                    "{err}"
                );
                assert!(!err.contains("only"), "{err}");
            }
        }
    }
    assert!(made > 0 && stuck > 0, "{made} made, {stuck} stuck");
    // More than a placement holds: the true most, whatever the seed.
    let err = assert_bad(&[
        "complete",
        "--generate",
        "3",
        "--presets",
        "3",
        "--seed",
        "1",
    ]);
    assert!(err.contains("no more than 2 of the 3 queens"), "{err}");
}

/// The man page is one page: every command of `queens --help` is a subsection with every long
/// option its own help lists, and no other page is named.
#[test]
fn the_man_page_holds_every_command() {
    let (code, page, _) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(!page.contains("(1)"), "the page names another page");
    let (_, help, _) = run(&["--help"]);
    let commands: Vec<&str> = help
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .collect();
    assert!(commands.len() > 10, "{commands:?}");
    for command in commands {
        assert!(
            page.contains(&format!(".SS \"queens {command}\"")),
            "{command}"
        );
        let out = queens().args([command, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        let longs = long_options(&help);
        assert!(longs.contains(&"--help".to_string()), "{command}: {help}");
        for long in longs {
            let long = long.replace('-', "\\-");
            assert!(
                page.contains(&format!("\\fB{long}\\fR")),
                "{command}: {long}"
            );
        }
    }
}
