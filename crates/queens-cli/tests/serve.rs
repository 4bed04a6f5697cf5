//! `queens serve`: it starts, says its URL first on stdout, answers, and stops cleanly on
//! Ctrl-C; bad options exit 2 with one line.

mod common;

use common::run;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `GET path` on `address` (HTTP/1.0): the status line and the body.
fn get(address: &str, path: &str) -> (String, String) {
    let mut s = TcpStream::connect(address).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(s, "GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n").unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

#[test]
fn serve_prints_its_url_answers_and_stops_on_ctrl_c() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("queens"))
        .arg("serve")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut url = String::new();
    stdout.read_line(&mut url).unwrap();
    let address = url
        .trim_end()
        .strip_prefix("http://127.0.0.1:")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("not a loopback URL: {url:?}"));
    assert!(address.parse::<u16>().unwrap() > 0);
    let address = format!("127.0.0.1:{address}");
    let (status, body) = get(&address, "/api/health");
    assert!(status.contains(" 200 "), "{status}");
    assert!(body.contains(r#""ok":true"#), "{body}");
    let (status, body) = get(&address, "/api/check?n=8&queens=a1,c3");
    assert!(status.contains(" 200 ") && body.contains("a1 and c3 attack each other"));
    assert!(get(&address, "/%2e%2e/Cargo.toml").0.contains(" 404 "));
    // SAFETY: a signal to the child this test started.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "still serving");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
    let mut log = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    assert!(log.contains("serving") && log.contains("stopping"), "{log}");
}

#[test]
fn bad_ports_and_hosts_are_refused_in_one_line() {
    for (args, words) in [
        (
            ["serve", "--port", "70000"],
            "bad port '70000': expected a whole number from 0 to 65535",
        ),
        (["serve", "--port", "http"], "bad port 'http'"),
        (["serve", "--host", "example"], "bad host 'example'"),
        (["serve", "--host", "300.1.1.1"], "bad host '300.1.1.1'"),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(words), "{err}");
    }
}

#[test]
fn a_port_in_use_is_refused() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let (code, _, err) = run(&["serve", "--port", &port]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot listen on 127.0.0.1:"), "{err}");
}

#[test]
fn serve_help_has_examples() {
    let (code, out, _) = run(&["serve", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Examples:") && out.contains("queens serve --port 8080"));
}

#[test]
fn serve_refuses_a_forced_build_of_the_join_this_cpu_lacks_before_listening() {
    let out = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["serve", "--port", "0"])
        .env("QUEENS_JOIN_PATH", "avx1024")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("QUEENS_JOIN_PATH='avx1024'"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
