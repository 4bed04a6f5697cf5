//! `--algorithm NAME` for `list` and `count`, and what `trace`, `bench` and `solve` share:
//! running one of the classic algorithms (`queens::classic`) with a time limit, its progress on
//! stderr, and its statistics as text or JSON.

use crate::cmd::list::{write_placement, Format};
use crate::out;
use crate::progress;
use queens::classic::{self, Algorithm, End, Event, Options, Stats};
use queens::count::{self, symmetric, Counts, Engine};
use queens::symmetry::{is_canonical, Orbit};
use queens::{Control, DiagramStyle};
use serde_json::json;
use std::io::Write;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The value parser of `--algorithm`.
pub fn parse(s: &str) -> Result<Algorithm, String> {
    s.parse()
}

/// `--half` belongs to the iterative program alone (the half it finds before mirroring).
pub fn check_half(algorithm: Algorithm, half: bool) -> anyhow::Result<()> {
    if half && algorithm != Algorithm::Iterative {
        return Err(out::bad(format!(
            "--half applies to --algorithm iterative only, not '{algorithm}'"
        )));
    }
    Ok(())
}

/// Exit 2 unless `algorithm` handles boards up to `n`.
pub fn check_size(algorithm: Algorithm, n: usize) -> anyhow::Result<()> {
    if n > algorithm.max_n() {
        return Err(out::bad(format!(
            "N = {n} is too large for --algorithm {algorithm}: it accepts N from 1 to {}",
            algorithm.max_n()
        )));
    }
    Ok(())
}

/// Cancels a control after a number of seconds, unless dropped before.
pub struct Deadline {
    done: Arc<AtomicBool>,
    fired: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Deadline {
    /// Starts the clock (no limit: nothing happens).
    pub fn start(control: &Arc<Control>, seconds: Option<f64>) -> Deadline {
        let done = Arc::new(AtomicBool::new(false));
        let fired = Arc::new(AtomicBool::new(false));
        let thread = seconds.map(|limit| {
            let (control, done, fired) = (control.clone(), done.clone(), fired.clone());
            std::thread::spawn(move || {
                let start = Instant::now();
                let limit = Duration::from_secs_f64(limit);
                while !done.load(Ordering::Relaxed) {
                    let elapsed = start.elapsed();
                    if elapsed >= limit {
                        fired.store(true, Ordering::Relaxed);
                        control.cancel();
                        return;
                    }
                    std::thread::park_timeout(limit - elapsed);
                }
            })
        });
        Deadline {
            done,
            fired,
            thread,
        }
    }

    /// Whether the time ran out (as opposed to Ctrl-C).
    pub fn fired(&self) -> bool {
        self.fired.load(Ordering::Relaxed)
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}

/// A time limit from the command line: a positive number of seconds.
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    let bad = || format!("bad time limit '{s}': expected a positive number of seconds");
    let x = s.trim().parse::<f64>().map_err(|_| bad())?;
    check_seconds(x).map_err(|_| bad())
}

/// A time limit must be a positive, finite number of seconds.
pub fn check_seconds(x: f64) -> Result<f64, String> {
    if x > 0.0 && x.is_finite() {
        Ok(x)
    } else {
        Err(format!(
            "bad time limit '{x}': expected a positive number of seconds"
        ))
    }
}

/// Runs `work` while printing, for `brute`, the share of the N^N numbers processed on stderr
/// (as the PHP seed does), about once a second; other algorithms get the usual progress.
pub fn with_progress<T>(
    algorithm: Algorithm,
    control: &Arc<Control>,
    label: &str,
    work: impl FnOnce() -> T,
) -> T {
    if algorithm != Algorithm::Brute {
        return progress::watch(control, label, work);
    }
    let finished = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (control, finished) = (control.clone(), finished.clone());
        std::thread::spawn(move || {
            let tick = Duration::from_secs(1);
            let mut last = Instant::now();
            while !finished.load(Ordering::Relaxed) {
                std::thread::park_timeout(tick.saturating_sub(last.elapsed()));
                if last.elapsed() >= tick && !finished.load(Ordering::Relaxed) {
                    let (done, total) = control.progress();
                    let pct = 100.0 * done as f64 / total.max(1) as f64;
                    eprintln!("queens: brute: values processed - {pct:.2}%");
                    last = Instant::now();
                }
            }
        })
    };
    let result = work();
    finished.store(true, Ordering::Relaxed);
    watcher.thread().unpark();
    let _ = watcher.join();
    result
}

/// Counts all solutions of `n` with `algorithm` (the symmetric counts come from the library,
/// which finds them by a small separate search); the stats unless the algorithm is `fast`.
pub fn count(
    n: usize,
    algorithm: Algorithm,
    control: &Control,
) -> Result<(Counts, Option<Stats>), queens::Error> {
    if algorithm == Algorithm::Fast {
        return Ok((count::count(n, Engine::default(), control)?, None));
    }
    let stats = classic::run(algorithm, n, Options::default(), control, |_| {
        ControlFlow::Continue(())
    })?;
    if stats.end != End::Finished {
        return Err(queens::Error::Cancelled);
    }
    let counts = Counts {
        n,
        total: stats.solutions as u128,
        fixed180: symmetric::count_fixed180(n) as u128,
        fixed90: symmetric::count_fixed90(n) as u128,
    };
    Ok((counts, Some(stats)))
}

/// Wirth's average: safety tests per solution listed, up to the last one.
pub fn tests_per_solution(listed: u64, tests_to_last: u64) -> Option<f64> {
    (listed > 0).then(|| tests_to_last as f64 / listed as f64)
}

/// The stats as a JSON object.
pub fn stats_json(algorithm: Algorithm, stats: Option<&Stats>, seconds: f64) -> serde_json::Value {
    let seconds = (seconds * 1e6).round() / 1e6;
    match stats {
        Some(s) => json!({
            "algorithm": algorithm.name(),
            "solutions": s.solutions,
            "nodes": s.nodes,
            "tests": s.tests,
            "placements": s.placements,
            "removals": s.removals,
            "seconds": seconds,
            "end": s.end,
        }),
        None => json!({"algorithm": algorithm.name(), "seconds": seconds}),
    }
}

/// The stats as one line of text.
pub fn stats_line(algorithm: Algorithm, n: usize, stats: Option<&Stats>, seconds: f64) -> String {
    match stats {
        Some(s) => format!(
            "{algorithm} N = {n}: solutions {}, nodes {}, tests {}, placements {}, removals {}, {seconds:.6} s",
            s.solutions, s.nodes, s.tests, s.placements, s.removals
        ),
        None => format!("{algorithm} N = {n}: {seconds:.6} s (the fast engine counts no work)"),
    }
}

/// What `queens list` asks of an algorithm.
pub struct ListRequest {
    pub n: usize,
    pub algorithm: Algorithm,
    pub fundamental: bool,
    pub format: Format,
    pub style: DiagramStyle,
    pub limit: Option<u64>,
    pub stats: bool,
    pub half: bool,
}

/// `queens list N --algorithm NAME [--stats] [--half]`: the solutions in the order the
/// algorithm finds them; with `--stats`, each with the safety tests made since the one before
/// (Wirth's n), and a summary at the end (stderr, or a last JSON line).
pub fn list(req: ListRequest) -> anyhow::Result<ExitCode> {
    check_size(req.algorithm, req.n)?;
    check_half(req.algorithm, req.half)?;
    let control = progress::interruptible();
    let mut out = out::stdout();
    let limit = req.limit.unwrap_or(u64::MAX);
    let mut number = 0u64;
    let mut tests_to_last = 0u64;
    let mut pending = 0u64;
    let mut failure: Option<std::io::Error> = None;
    let options = Options {
        trace: false,
        half: req.half,
    };
    let start = Instant::now();
    let label = format!("listing N = {} ({})", req.n, req.algorithm);
    let stats = with_progress(req.algorithm, &control, &label, || {
        classic::run(req.algorithm, req.n, options, &control, |e| {
            let Event::Solution {
                placement, tests, ..
            } = e
            else {
                return ControlFlow::Continue(());
            };
            pending += tests;
            if number >= limit {
                return ControlFlow::Break(());
            }
            let orbit = if req.fundamental {
                if !is_canonical(placement) {
                    return ControlFlow::Continue(());
                }
                Some(Orbit::of(placement).size)
            } else {
                None
            };
            number += 1;
            tests_to_last += pending;
            let shown = std::mem::take(&mut pending);
            let written = if req.stats {
                write_with_tests(&mut out, placement, &req, number, orbit, shown)
            } else {
                write_placement(&mut out, placement, req.format, req.style, number, orbit)
            };
            match written {
                Ok(()) if number < limit => ControlFlow::Continue(()),
                Ok(()) => ControlFlow::Break(()),
                Err(e) => {
                    failure = Some(e);
                    ControlFlow::Break(())
                }
            }
        })
    })?;
    if let Some(e) = failure {
        return Err(e.into());
    }
    if stats.end == End::Cancelled {
        out.flush()?;
        return Err(queens::Error::Cancelled.into());
    }
    let seconds = start.elapsed().as_secs_f64();
    if req.stats {
        let instrumented = req.algorithm.instrumented();
        let average = tests_per_solution(number, tests_to_last).filter(|_| instrumented);
        if req.format == Format::Json {
            let mut summary = stats_json(req.algorithm, instrumented.then_some(&stats), seconds);
            summary["n"] = json!(req.n);
            if let Some(avg) = average {
                summary["tests_per_solution"] = json!((avg * 1000.0).round() / 1000.0);
            }
            writeln!(out, "{}", json!({ "stats": summary }))?;
        } else {
            out.flush()?;
            eprintln!(
                "queens: {}",
                stats_line(
                    req.algorithm,
                    req.n,
                    instrumented.then_some(&stats),
                    seconds
                )
            );
            if let Some(avg) = average {
                eprintln!("queens: {avg:.1} tests per solution listed (the average of Wirth's n)");
            }
            if stats.end == End::Stopped {
                eprintln!("queens: stopped after {number} listed (--limit)");
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// One solution with its count of tests (Wirth's n).
fn write_with_tests(
    out: &mut impl Write,
    p: &queens::Placement,
    req: &ListRequest,
    number: u64,
    orbit: Option<usize>,
    tests: u64,
) -> std::io::Result<()> {
    let text = match req.format {
        Format::Json => {
            let mut v = json!({"n": p.n(), "rows": p.rows_1based()});
            if let Some(size) = orbit {
                v["orbit"] = json!(size);
            }
            v["tests"] = json!(tests);
            return writeln!(out, "{v}");
        }
        Format::Board => {
            write!(out, "{}", p.diagram(req.style))?;
            return writeln!(out, "Result #{number}: {tests} tests\n");
        }
        Format::Perm => p.perm(),
        Format::Algebraic => p.algebraic(),
    };
    match orbit {
        Some(size) => writeln!(out, "{text}  orbit {size}  tests {tests}"),
        None => writeln!(out, "{text}  tests {tests}"),
    }
}
