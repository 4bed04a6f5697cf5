//! Exact or refused, for the readers and what they feed: the symmetry class follows the
//! symmetries that fix a placement, a carriage return alone breaks a line, a diagram is read by
//! its labels' promise, every square name printed reads back, the torus's fundamental
//! solutions are the same from the command line and the server, a picture is written whole or
//! not at all, and options that would change nothing are refused.

mod common;
use common::{assert_bad, run, run_in, scratch};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The JSON lines of an output.
fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// Every permutation of the rows 1..=n, one per line.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for _ in 0..n {
        let mut longer = Vec::new();
        for rows in &all {
            for r in (1..=n).filter(|r| !rows.contains(r)) {
                let mut next: Vec<usize> = rows.clone();
                next.push(r);
                longer.push(next);
            }
        }
        all = longer;
    }
    all
}

fn words(rows: &[usize]) -> String {
    rows.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a kind's label promises about the symmetries that fix a placement.
fn label_holds(kind: &str, fixed_by: &[&str]) -> bool {
    let turns = ["identity", "rot90", "rot180", "rot270"];
    let reflections = fixed_by.iter().filter(|g| !turns.contains(g)).count();
    let has = |g: &str| fixed_by.contains(&g);
    match kind {
        "simple" => fixed_by == ["identity"],
        "symmetric" => fixed_by == ["identity", "rot180"],
        "doubly_symmetric" => fixed_by == turns,
        "reflective" => fixed_by.len() == 2 && reflections == 1,
        "doubly_reflective" => fixed_by.len() == 4 && reflections == 2 && has("rot180"),
        "invariant" => fixed_by.len() == 8,
        _ => false,
    }
}

#[test]
fn the_class_of_every_small_placement_follows_its_stabilizer() {
    let mut input = String::new();
    for n in 1..=6 {
        for rows in permutations(n) {
            input += &words(&rows);
            input.push('\n');
        }
    }
    let (code, out, err) = run_in(&["classify", "-", "--json"], &input);
    assert_eq!(code, 0, "{err}");
    let records = json_lines(&out);
    assert_eq!(records.len(), input.lines().count());
    let mut kinds = std::collections::BTreeSet::new();
    for v in &records {
        let fixed_by: Vec<&str> = v["fixed_by"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g.as_str().unwrap())
            .collect();
        let kind = v["kind"].as_str().unwrap();
        assert!(label_holds(kind, &fixed_by), "{v}");
        assert_eq!(
            v["orbit"].as_u64().unwrap() as usize * fixed_by.len(),
            8,
            "{v}"
        );
        kinds.insert(kind.to_string());
    }
    assert_eq!(kinds.len(), 6, "{kinds:?}");
}

#[test]
fn the_words_of_the_class_name_only_symmetries_that_fix_it() {
    for rows in [
        "1 2 3 4",
        "1 2 4 3",
        "2 4 1 3",
        "3 5 2 8 1 7 4 6",
        "1 5 8 6 3 7 2 4",
    ] {
        let (code, out, _) = run(&["classify", rows]);
        assert_eq!(code, 0);
        let line = |label: &str| {
            out.lines()
                .find_map(|l| l.strip_prefix(label))
                .unwrap_or_else(|| panic!("{rows}: no {label} in {out}"))
                .trim()
                .to_string()
        };
        let (size, fixed) = (line("orbit size:"), line("fixed by:"));
        let fixed: Vec<&str> = fixed.split(", ").collect();
        let number: usize = size.split_whitespace().next().unwrap().parse().unwrap();
        assert_eq!(number * fixed.len(), 8, "{rows}: {out}");
        let words = size.split_once(": ").unwrap().1;
        assert!(
            !words.contains("quarter turn") || fixed.contains(&"rot90"),
            "{rows}: {out}"
        );
        assert!(
            !words.contains("half turn") || fixed.contains(&"rot180"),
            "{rows}: {out}"
        );
        let reflections = fixed
            .iter()
            .filter(|g| !g.starts_with("rot") && **g != "identity");
        let reflections = reflections.count();
        assert_eq!(
            words.contains("one reflection"),
            reflections == 1,
            "{rows}: {out}"
        );
        assert_eq!(
            words.contains("two reflections"),
            reflections == 2,
            "{rows}: {out}"
        );
    }
}

#[test]
fn a_carriage_return_alone_ends_a_line() {
    let lf = "1 5 8 6 3 7 2 4\n2 4 1 3\n";
    let cr = lf.replace('\n', "\r");
    let crlf = lf.replace('\n', "\r\n");
    let want = run_in(&["check", "-"], lf);
    assert!(want.1.contains("line 2: "), "{want:?}");
    for text in [&cr, &crlf] {
        assert_eq!(run_in(&["check", "-"], text), want, "{text:?}");
    }
    // A tour's grid read with each line ended by a carriage return alone.
    let (code, grid, _) = run(&["tour", "5", "--from", "a1", "--format", "grid"]);
    assert_eq!(code, 0);
    let want = run_in(&["tour", "--check"], &grid);
    assert_eq!(want.0, 0, "{want:?}");
    assert_eq!(
        run_in(&["tour", "--check"], &grid.replace('\n', "\r")),
        want
    );
}

#[test]
fn a_diagram_is_read_by_its_labels() {
    let (_, diagram, _) = run(&["show", "2", "4", "1", "3"]);
    let lines: Vec<&str> = diagram.lines().collect();
    assert_eq!(lines.len(), 5, "{diagram}");
    let joined = |lines: &[&str]| lines.join("\n") + "\n";
    let (code, out, _) = run_in(&["check", "-"], &diagram);
    assert_eq!(code, 0, "{out}");
    // Ranks in the order 4, 3, 1, 2: line 3 says rank 1 where rank 2 stands.
    let swapped = joined(&[lines[0], lines[1], lines[3], lines[2], lines[4]]);
    let (code, out, err) = run_in(&["check", "-"], &swapped);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.starts_with("queens: line 3: rank label '1'"), "{err}");
    assert!(err.contains("rank 2 is expected"), "{err}");
    // File letters out of order, or too few.
    let letters = lines[4].replace("c d", "d c");
    let (code, _, err) = run_in(
        &["check", "-"],
        &joined(&[&lines[..4], &[&letters]].concat()),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("line 5: file letter 'd' where 'c' is expected"),
        "{err}"
    );
    let short = lines[4].replace(" d", "");
    let (code, _, err) = run_in(
        &["classify", "-"],
        &joined(&[&lines[..4], &[&short]].concat()),
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("3 file letters under a diagram of 4 ranks"),
        "{err}"
    );
}

#[test]
fn square_names_of_the_largest_board_read_back() {
    let n = u32::MAX.to_string();
    let far = format!("{n},{n}");
    // The tool names the far corner (seven letters) in its verdict ...
    let (code, out, _) = run(&["check", "--n", &n, "1,1", &far]);
    assert_eq!(code, 1, "{out}");
    let named: Vec<&str> = out
        .split_whitespace()
        .filter(|w| w.ends_with(&n) && w.bytes().next().is_some_and(|b| b.is_ascii_lowercase()))
        .collect();
    assert_eq!(named.len(), 1, "{out}");
    assert_eq!(named[0].len() - n.len(), 7, "{out}");
    // ... and reads that name back as the same square.
    assert_eq!(run(&["check", "--n", &n, "a1", named[0]]).1, out);
    let bigger = (u32::MAX as u64 + 1).to_string();
    let err = assert_bad(&["check", "--n", &bigger, "a1"]);
    assert!(err.contains(&bigger) && err.contains(&n), "{err}");
}

/// `GET path` on `address` (HTTP/1.0): the body.
fn get(address: &str, path: &str) -> String {
    let mut s = TcpStream::connect(address).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(s, "GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n").unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.contains(" 200 "), "{head}");
    body.to_string()
}

/// The rows and class size of each fundamental solution, from `queens list` and from the
/// server that `queens serve` runs.
#[test]
fn the_torus_fundamental_solutions_agree_between_the_command_line_and_the_server() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut url = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut url)
        .unwrap();
    let address = url
        .trim_end()
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    for (n, rules) in [(7, "--torus"), (11, "--torus"), (10, "--piece=superqueen")] {
        let (code, out, err) = run(&["list", &n.to_string(), rules, "--fundamental", "--json"]);
        assert_eq!(code, 0, "{err}");
        let listed: Vec<(Value, Value)> = json_lines(&out)
            .into_iter()
            .map(|v| (v["rows"].clone(), v["orbit"].clone()))
            .collect();
        let query = match rules {
            "--torus" => "torus=true",
            _ => "piece=superqueen",
        };
        let body = get(
            &address,
            &format!("/api/solutions?n={n}&{query}&fundamental=true&limit=1000"),
        );
        let page: Value = serde_json::from_str(&body).unwrap();
        let served: Vec<(Value, Value)> = page["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| (v["rows"].clone(), v["orbit"].clone()))
            .collect();
        assert_eq!(listed, served, "N = {n} {rules}");
        // One per class that the count gives, their classes adding up to the total.
        let (_, counted, _) = run(&["count", &n.to_string(), rules, "--json"]);
        let counted = &json_lines(&counted)[0];
        assert_eq!(
            listed.len() as u64,
            counted["fundamental"].as_u64().unwrap()
        );
        let members: u64 = listed.iter().map(|(_, o)| o.as_u64().unwrap()).sum();
        assert_eq!(
            members,
            counted["total"].as_u64().unwrap(),
            "N = {n} {rules}"
        );
    }
    // SAFETY: a signal to the child this test started.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    child.wait().unwrap();
}

/// The files in `dir`, sorted.
fn files(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_refused_input_writes_no_picture() {
    let dir = scratch("readers-exact-svg");
    let picture = dir.join("board.svg");
    let path = picture.to_str().unwrap();
    for input in ["2 4 1 3\n3 1 4 2\n", "2 4 1 3\n1 x\n", "2 4 1 3\n4 . Q\n"] {
        let (code, out, err) = run_in(&["show", "-", "--svg", path], input);
        assert_eq!((code, out.as_str()), (2, ""), "{input:?}: {err}");
        assert!(err.contains("line 2"), "{err}");
        assert!(files(&dir).is_empty(), "{input:?}: {:?}", files(&dir));
    }
    std::fs::write(&picture, "old").unwrap();
    let (code, _, _) = run_in(&["show", "-", "--svg", path], "2 4 1 3\n3 1 4 2\n");
    assert_eq!(code, 2);
    assert_eq!(std::fs::read_to_string(&picture).unwrap(), "old");
    let (code, _, err) = run_in(&["show", "-", "--svg", path], "2 4 1 3\n");
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&picture)
        .unwrap()
        .starts_with("<svg"));
    assert_eq!(files(&dir), ["board.svg"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A write that fails half-way (the file size limit of the process stands for a full disk)
/// leaves no file, neither empty nor cut, and nothing beside it.
#[test]
fn a_failed_picture_write_leaves_no_file() {
    use std::os::unix::process::CommandExt;
    let dir = scratch("readers-exact-full");
    let picture = dir.join("board.svg");
    for args in [
        vec!["show", "1 5 8 6 3 7 2 4", "--svg"],
        vec!["tour", "6", "--from", "a1", "--svg"],
    ] {
        let mut command = Command::new(assert_cmd::cargo::cargo_bin("queens"));
        command.args(&args).arg(&picture).stdout(Stdio::null());
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(|| {
                libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                let limit = libc::rlimit {
                    rlim_cur: 1024,
                    rlim_max: 1024,
                };
                match libc::setrlimit(libc::RLIMIT_FSIZE, &limit) {
                    0 => Ok(()),
                    _ => Err(std::io::Error::last_os_error()),
                }
            });
        }
        let out = command.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(74), "{args:?}: {err}");
        assert!(err.contains("board.svg"), "{err}");
        assert!(files(&dir).is_empty(), "{args:?}: {:?}", files(&dir));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn half_with_fundamental_is_refused() {
    let err = assert_bad(&[
        "list",
        "8",
        "--algorithm",
        "iterative",
        "--half",
        "--fundamental",
    ]);
    assert!(
        err.contains("--half") && err.contains("--fundamental"),
        "{err}"
    );
    // Each alone is answered.
    for option in ["--half", "--fundamental"] {
        let (code, out, _) = run(&["list", "8", "--algorithm", "iterative", option]);
        assert_eq!(code, 0);
        assert!(!out.is_empty());
    }
}
