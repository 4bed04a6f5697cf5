//! `GET /api/trace?n=4&algorithm=wirth&limit=200000`: a classic search step by step, as
//! `queens trace N --algorithm A --json` prints it, with the running counters.
//!
//! Each step is the library's trace record ([`TraceStep`]), the very object `queens trace
//! --json` prints: the step, its fields, and the counters `nodes`, `tests` and `solutions`
//! so far. The body is written as the search runs, in chunks through a small
//! channel, so a million steps never sit in memory; a client that goes away stops the search,
//! and so does one that takes no chunk for [`STALL`] (its socket is full: it reads nothing).
//! A trace stopped for another client ends with `"error"` and `"preempted":true` (not with
//! stats, which would claim an end), sent without holding the permit. The `stats` a trace ends
//! with are the counters after its last step written, also when `limit` or the time limit cut
//! it (the search has then counted part of a step not written).
//!
//! The body's writing (`body`, `Writer`) is shared with `/api/tour/trace`, whose answer has
//! the same shape: a head, the steps, a tail.

use crate::error::{bad, ApiError, ApiResult, Code};
use crate::heavy::{self, CancelOnDrop, Client, Guarded, Ticket};
use crate::limits::{STALL, TRACE_BRUTE, TRACE_PERMUTATIONS, TRACE_STEPS};
use crate::query::Query;
use crate::State;
use axum::body::{Body, Bytes};
use axum::extract::{RawQuery, State as Shared};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use queens::classic::{self, step::TraceStep, Algorithm, End, Options, Stats};
use queens::Control;
use serde::Serialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::runtime::Handle;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::mpsc::Sender;
use tokio_stream::wrappers::ReceiverStream;

const ALGORITHMS: [Algorithm; 6] = [
    Algorithm::Wirth,
    Algorithm::Naive,
    Algorithm::Bitmask,
    Algorithm::Iterative,
    Algorithm::Brute,
    Algorithm::Permutations,
];

/// Bytes gathered before a chunk is sent.
const CHUNK: usize = 64 * 1024;

/// `{"n","algorithm","steps":[...],"truncated","stats"}` (and `"timeout":true` when the time
/// limit cut it short).
pub async fn get(
    client: Client,
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Response> {
    let q = Query::parse(raw.as_deref(), &["n", "algorithm", "limit"])?;
    let names: Vec<&str> = ALGORITHMS.iter().map(|a| a.name()).collect();
    let algorithm = ALGORITHMS[q.choice("algorithm", &names)?];
    let max = match algorithm {
        Algorithm::Brute => TRACE_BRUTE,
        Algorithm::Permutations => TRACE_PERMUTATIONS,
        _ => state.limits.max_n.trace,
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
    let ticket = state.heavy.ticket(client).await?;
    let trace = Trace {
        n,
        algorithm,
        limit,
        preempted: ticket.preempted(),
    };
    Ok(body(ticket, state.heavy.time_limit(), move |c, w| {
        trace.write(c, w)
    }))
}

/// The answer of a streamed trace: `write` runs on a heavy thread with the request's control,
/// writing the body as it goes; the client going away cancels it.
pub(crate) fn body<F>(ticket: Ticket, time_limit: Duration, write: F) -> Response
where
    F: FnOnce(&Control, &mut Writer) + Send + 'static,
{
    let control = ticket.control();
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    let (watched, runtime) = (control.clone(), Handle::current());
    drop(heavy::spawn(ticket, move |c| {
        let start = Instant::now();
        let mut w = Writer {
            buf: Vec::with_capacity(CHUNK),
            tx,
            deadline: start + time_limit,
            taken: start,
            steps: 0,
            control: watched,
            runtime,
        };
        write(c, &mut w);
        Ok(())
    }));
    let body = Guarded {
        inner: ReceiverStream::new(rx),
        guard: CancelOnDrop(control),
    };
    (
        [(header::CONTENT_TYPE, "application/json")],
        Body::from_stream(body),
    )
        .into_response()
}

/// What to trace.
struct Trace {
    n: usize,
    algorithm: Algorithm,
    limit: u64,
    preempted: Arc<AtomicBool>,
}

/// The body as it is written: a buffer, the channel its chunks go through, the time after
/// which the client is given up (the time limit), when it last took a chunk, the steps
/// written, the search's control (a stopped search waits on no full channel) and the runtime
/// that sends the end of a trace stopped for another client.
pub(crate) struct Writer {
    buf: Vec<u8>,
    tx: Sender<Result<Bytes, Infallible>>,
    deadline: Instant,
    taken: Instant,
    steps: u64,
    control: Arc<Control>,
    runtime: Handle,
}

impl Writer {
    /// The head of the body, an object's fields, and the opening of its `"steps"`.
    pub(crate) fn open(&mut self, head: &Value) -> bool {
        let head = head.to_string();
        self.push(&head.as_bytes()[..head.len() - 1]) && self.push(br#","steps":["#)
    }

    /// One step. False when the client has gone or the search was stopped. The comma and the
    /// step go in together: the buffer always ends between steps.
    pub(crate) fn step(&mut self, step: &impl Serialize) -> bool {
        self.steps += 1;
        let mut text = if self.steps > 1 {
            vec![b',']
        } else {
            Vec::new()
        };
        text.extend(serde_json::to_vec(step).unwrap_or_default());
        self.push(&text)
    }

    /// Whether the time limit has passed.
    pub(crate) fn past_deadline(&self) -> bool {
        Instant::now() >= self.deadline
    }

    /// The end of the steps and the tail's fields (an object's), then the last chunk.
    pub(crate) fn close(&mut self, tail: &Value) {
        let tail = tail.to_string();
        self.push(b"],");
        self.push(&tail.as_bytes()[1..]);
        self.flush();
    }

    /// The end of a trace stopped for another client: `"error"` and `"preempted":true`, sent
    /// without waiting (a task of the runtime sends it), so that the permit comes back at once.
    pub(crate) fn close_preempted(&mut self) {
        let end = ApiError::Preempted.body().to_string();
        self.buf.extend_from_slice(b"],");
        self.buf.extend_from_slice(&end.as_bytes()[1..]);
        let (tx, chunk) = (self.tx.clone(), Bytes::from(std::mem::take(&mut self.buf)));
        self.runtime.spawn(async move {
            let _ = tokio::time::timeout(STALL, tx.send(Ok(chunk))).await;
        });
    }

    /// Appends; sends a chunk when the buffer is full. False when the client has gone or the
    /// search was stopped (what could not be sent stays in the buffer).
    fn push(&mut self, bytes: &[u8]) -> bool {
        self.buf.extend_from_slice(bytes);
        self.buf.len() < CHUNK || self.flush()
    }

    /// Sends what is buffered; waits while the channel is full, up to the deadline, while
    /// the search is not stopped, and for at most [`STALL`] since the client last took a
    /// chunk (a client that stops reading must not hold its permit).
    fn flush(&mut self) -> bool {
        let mut chunk = Ok(Bytes::from(std::mem::take(&mut self.buf)));
        loop {
            match self.tx.try_send(chunk) {
                Ok(()) => {
                    self.taken = Instant::now();
                    return true;
                }
                Err(TrySendError::Closed(_)) => return false,
                Err(TrySendError::Full(Ok(back))) if self.gives_up() => {
                    self.buf = back.into();
                    return false;
                }
                Err(TrySendError::Full(back)) => {
                    chunk = back;
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        }
    }
}

impl Writer {
    /// True when a full channel is waited on no longer.
    fn gives_up(&self) -> bool {
        Instant::now() >= self.deadline
            || self.taken.elapsed() >= STALL
            || self.control.is_cancelled()
    }
}

impl Trace {
    /// Runs the search and writes the whole body.
    fn write(self, control: &Control, w: &mut Writer) {
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
        if self.preempted.load(Ordering::SeqCst) {
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
