//! The server's sending of a traced search's body (`/api/trace`, `/api/tour/trace`): the
//! search runs on a heavy thread and writes into a [`Writer`], which sends the body in chunks
//! through a small channel as it goes, so a million steps never sit in memory; a client that
//! goes away stops the search, and so does one that takes no chunk for [`STALL`] (its socket is
//! full: it reads nothing), or the time limit.

use super::body::{AskTrace, Sink, Steps, Traced, Write};
use crate::error::ApiError;
use crate::heavy::{self, CancelOnDrop, Client, Guarded, Ticket};
use crate::limits::STALL;
use crate::State;
use axum::body::{Body, Bytes};
use axum::extract::{RawQuery, State as Shared};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use axum::Json;
use queens::Control;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::runtime::Handle;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::mpsc::Sender;
use tokio_stream::wrappers::ReceiverStream;
use web_time::Instant;

/// Bytes gathered before a chunk is sent.
const CHUNK: usize = 64 * 1024;

/// The route's handler of a traced endpoint: its answer at once, or its search's body
/// under a heavy permit.
pub fn route(ask: AskTrace) -> MethodRouter<Arc<State>> {
    super::endpoint(
        move |client: Client, Shared(state): Shared<Arc<State>>, RawQuery(raw): RawQuery| async move {
            match ask(&state.limits, raw.as_deref())? {
                Traced::Answered(answer) => Ok::<_, ApiError>(Json(answer).into_response()),
                Traced::Write(write) => {
                    let ticket = state.heavy.ticket(client).await?;
                    Ok(body(ticket, state.heavy.time_limit(), write))
                }
            }
        },
    )
}

/// The answer of a streamed trace: `write` runs on a heavy thread with the request's control,
/// writing the body as it goes; the client going away cancels it.
fn body(ticket: Ticket, time_limit: Duration, write: Write) -> Response {
    let (control, preempted) = (ticket.control(), ticket.preempted());
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    let (watched, runtime) = (control.clone(), Handle::current());
    drop(heavy::spawn(ticket, move |c| {
        let start = Instant::now();
        let mut w = Writer {
            buf: Vec::with_capacity(CHUNK),
            tx,
            deadline: start + time_limit,
            taken: start,
            control: watched,
            runtime,
        };
        write(c, &mut Steps::new(&mut w, preempted));
        // The writer holds the channel, and the body ends when the channel closes: it is
        // handed back, so that it is dropped after the permit is given back. Dropped here,
        // a client that read the whole body and asked again could find its own finished
        // search still holding the permit, and be told the server is busy.
        Ok(w)
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

/// The body as it is written: a buffer, the channel its chunks go through, the time after
/// which the client is given up (the time limit), when it last took a chunk, the steps
/// written, the search's control (a stopped search waits on no full channel) and the runtime
/// that sends the end of a trace stopped for another client.
pub struct Writer {
    buf: Vec<u8>,
    tx: Sender<Result<Bytes, Infallible>>,
    deadline: Instant,
    taken: Instant,
    control: Arc<Control>,
    runtime: Handle,
}

impl Sink for Writer {
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

    fn past_deadline(&self) -> bool {
        Instant::now() >= self.deadline
    }

    /// Sent without waiting (a task of the runtime sends it), so that the permit comes back
    /// at once.
    fn close_preempted(&mut self, end: &[u8]) {
        self.buf.extend_from_slice(end);
        let (tx, chunk) = (self.tx.clone(), Bytes::from(std::mem::take(&mut self.buf)));
        self.runtime.spawn(async move {
            let _ = tokio::time::timeout(STALL, tx.send(Ok(chunk))).await;
        });
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
