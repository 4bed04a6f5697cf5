//! `GET /api/trace?n=4&algorithm=wirth&limit=200000`: a classic search step by step, as
//! `queens trace N --algorithm A --json` prints it, with the running counters.
//!
//! Each step is the library's trace record ([`TraceStep`]), the very object `queens trace
//! --json` prints: the step, its fields, and the counters `nodes`, `tests` and `solutions`
//! so far. The body is written as the search runs, in chunks through a small
//! channel, so a million steps never sit in memory; a client that goes away stops the search,
//! and so does one that takes no chunk for `STALL` (its socket is full: it reads nothing).
//! A trace stopped for another client ends with `"error"` and `"preempted":true` (not with
//! stats, which would claim an end), sent without holding the permit. The `stats` a trace ends
//! with are the counters after its last step written, also when `limit` or the time limit cut
//! it (the search has then counted part of a step not written).
//!
//! The body's shape is written by [`super::body::Steps`], shared with `/api/tour/trace`,
//! whose answer has the same shape: a head, the steps, a tail; the server sends it in chunks
//! (`super::chunked`).

use super::body::{Steps, Traced};
use crate::error::{bad, ApiResult, Code};
use crate::limits::{Limits, TRACE_BRUTE, TRACE_PERMUTATIONS, TRACE_STEPS};
use crate::query::Query;
use queens::classic::{self, step::TraceStep, Algorithm, End, Options, Stats};
use queens::Control;
use serde_json::{json, Value};
use std::ops::ControlFlow;

const ALGORITHMS: [Algorithm; 6] = [
    Algorithm::Wirth,
    Algorithm::Naive,
    Algorithm::Bitmask,
    Algorithm::Iterative,
    Algorithm::Brute,
    Algorithm::Permutations,
];

/// `{"n","algorithm","steps":[...],"truncated","stats"}` (and `"timeout":true` when the time
/// limit cut it short).
pub fn ask(limits: &Limits, raw: Option<&str>) -> ApiResult<Traced> {
    let q = Query::parse(raw, &["n", "algorithm", "limit"])?;
    let names: Vec<&str> = ALGORITHMS.iter().map(|a| a.name()).collect();
    let algorithm = ALGORITHMS[q.choice("algorithm", &names)?];
    let max = match algorithm {
        Algorithm::Brute => TRACE_BRUTE,
        Algorithm::Permutations => TRACE_PERMUTATIONS,
        _ => limits.max_n.trace,
    };
    let n = q.n(max).map_err(|e| match algorithm {
        Algorithm::Brute | Algorithm::Permutations => {
            let said = e.said();
            bad(
                Code::TraceN,
                json!({
                    "text": q.get("n").map(crate::query::shorten),
                    "algorithm": algorithm.to_string(),
                    "max": max,
                }),
                format!(
                    "{} (the {algorithm} algorithm traces N up to {max})",
                    said.text
                ),
            )
        }
        _ => e,
    })?;
    let limit = q.number("limit", 1, TRACE_STEPS, Some(200_000))?;
    let trace = Trace {
        n,
        algorithm,
        limit,
    };
    Ok(Traced::Write(Box::new(move |c, w| trace.write(c, w))))
}

/// What to trace.
struct Trace {
    n: usize,
    algorithm: Algorithm,
    limit: u64,
}

impl Trace {
    /// Runs the search and writes the whole body.
    fn write(self, control: &Control, w: &mut Steps) {
        w.open(&json!({"n": self.n, "algorithm": self.algorithm.name()}));
        let (mut step, mut timeout, mut gone) = (0u64, false, false);
        // The counters after the last step written: a search stopped for the limit has
        // already counted the work of the step it was stopped at.
        let mut shown = Stats::default();
        let options = Options {
            trace: true,
            half: false,
        };
        let run = classic::run_counted(self.algorithm, self.n, options, control, |e, stats| {
            if step >= self.limit {
                return ControlFlow::Break(());
            }
            if step % 1024 == 0 && w.past_deadline() {
                timeout = true;
                return ControlFlow::Break(());
            }
            step += 1;
            if !w.step(&TraceStep::new(step, e, stats)) {
                gone = true;
                return ControlFlow::Break(());
            }
            shown = *stats;
            ControlFlow::Continue(())
        });
        if w.preempted() {
            return w.close_preempted();
        }
        // A search cancelled otherwise (its client went) has no one to end for.
        let Some(stats) = run.ok().filter(|s| s.end != End::Cancelled && !gone) else {
            return;
        };
        w.close(&tail(&at_last_step(stats, shown), timeout));
    }
}

/// The stats the body ends with: the search's own when it ran to its end, else the counters
/// after the last step written (a stopped search has counted part of the next step).
fn at_last_step(run: Stats, shown: Stats) -> Stats {
    match run.end {
        End::Stopped => Stats {
            end: End::Stopped,
            ..shown
        },
        _ => run,
    }
}

/// The end of the body, after the steps: `"truncated"`, `"stats"` (the library's [`Stats`]
/// record, as `queens trace` and `--stats` write it) and `"timeout"` when the time ran out.
fn tail(stats: &Stats, timeout: bool) -> Value {
    let mut tail = json!({
        "truncated": stats.end == End::Stopped,
        "stats": stats,
    });
    if timeout {
        tail["timeout"] = json!(true);
    }
    tail
}
