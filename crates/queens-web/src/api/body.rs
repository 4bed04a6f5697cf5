//! The body of a traced search (`/api/trace`, `/api/tour/trace`), written as the search runs:
//! a head (an object's fields), `"steps":[...]`, a tail (more fields). [`Steps`] writes that
//! shape once, into any [`Sink`]: the server's sends it in chunks while the search runs
//! (`trace::Writer`), [`Buffer`] keeps it whole (the answer without a server).

use crate::error::ApiError;
use serde::Serialize;
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// Where a body's bytes go.
pub trait Sink {
    /// Appends `bytes`; false when the reader has gone or the search was stopped.
    fn push(&mut self, bytes: &[u8]) -> bool;
    /// Sends what is held; false as [`Sink::push`].
    fn flush(&mut self) -> bool;
    /// Whether the time limit has passed.
    fn past_deadline(&self) -> bool;
    /// Ends a body whose search was stopped for another client, with `preempted` (only a
    /// server has other clients).
    fn close_preempted(&mut self, end: &[u8]);
}

/// A body being written: its sink, the steps written so far, and whether its search was
/// stopped for another client.
pub struct Steps<'a> {
    sink: &'a mut dyn Sink,
    steps: u64,
    preempted: Arc<AtomicBool>,
}

impl<'a> Steps<'a> {
    /// A body into `sink`; `preempted` is set when the server gives the permit to another.
    pub fn new(sink: &'a mut dyn Sink, preempted: Arc<AtomicBool>) -> Steps<'a> {
        Steps {
            sink,
            steps: 0,
            preempted,
        }
    }

    /// The head of the body, an object's fields, and the opening of its `"steps"`.
    pub fn open(&mut self, head: &Value) -> bool {
        let head = head.to_string();
        self.sink.push(&head.as_bytes()[..head.len() - 1]) && self.sink.push(br#","steps":["#)
    }

    /// One step. False when the client has gone or the search was stopped. The comma and the
    /// step go in together: the body always ends between steps.
    pub fn step(&mut self, step: &impl Serialize) -> bool {
        self.steps += 1;
        let mut text = if self.steps > 1 {
            vec![b',']
        } else {
            Vec::new()
        };
        text.extend(serde_json::to_vec(step).unwrap_or_default());
        self.sink.push(&text)
    }

    /// Whether the time limit has passed.
    pub fn past_deadline(&self) -> bool {
        self.sink.past_deadline()
    }

    /// Whether the search was stopped for another client.
    pub fn preempted(&self) -> bool {
        self.preempted.load(Ordering::SeqCst)
    }

    /// The end of the steps and the tail's fields (an object's), then the last chunk.
    pub fn close(&mut self, tail: &Value) {
        let tail = tail.to_string();
        self.sink.push(b"],");
        self.sink.push(&tail.as_bytes()[1..]);
        self.sink.flush();
    }

    /// The end of a body stopped for another client: `"error"` and `"preempted":true`.
    pub fn close_preempted(&mut self) {
        let end = ApiError::Preempted.body().to_string();
        let mut bytes = b"],".to_vec();
        bytes.extend_from_slice(&end.as_bytes()[1..]);
        self.sink.close_preempted(&bytes);
    }
}

/// A body kept whole, under a time limit.
pub struct Buffer {
    /// The bytes written.
    pub bytes: Vec<u8>,
    deadline: Instant,
}

impl Buffer {
    /// An empty body whose search stops after `time_limit`.
    pub fn new(time_limit: Duration) -> Buffer {
        Buffer {
            bytes: Vec::new(),
            deadline: Instant::now() + time_limit,
        }
    }
}

impl Sink for Buffer {
    fn push(&mut self, bytes: &[u8]) -> bool {
        self.bytes.extend_from_slice(bytes);
        true
    }

    fn flush(&mut self) -> bool {
        true
    }

    fn past_deadline(&self) -> bool {
        Instant::now() >= self.deadline
    }

    fn close_preempted(&mut self, end: &[u8]) {
        self.bytes.extend_from_slice(end);
    }
}

/// A traced search: it writes its body under a control.
pub type Write = Box<dyn FnOnce(&queens::Control, &mut Steps) + Send>;

/// A traced endpoint's answer to a request it has read and found good.
pub enum Traced {
    /// Known at once (no search runs).
    Answered(Value),
    /// The search, writing its body.
    Write(Write),
}

/// A traced endpoint: it reads the request with the server's limits.
pub type AskTrace = fn(&crate::limits::Limits, Option<&str>) -> crate::error::ApiResult<Traced>;
