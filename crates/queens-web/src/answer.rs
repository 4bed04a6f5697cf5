//! One answer of the API without a server: the same endpoints ([`crate::api::ENDPOINTS`]),
//! the same reading of the query, the same limits, engines and records as the server's, run
//! on the caller's thread. The page's in-browser back end (WebAssembly in a Web Worker) answers
//! through this, so that its answers are the server's by construction.
//!
//! A streamed endpoint gives its `progress` events to a callback and its `result` as the
//! answer; a traced search gives its whole body, under the time limit of the [`Limits`]. What
//! the server alone does (permits, a client that goes, the stall rule, the `Host` check) has no
//! place here: the caller stops a run by ending the thread it runs on.

use crate::api::body::{Buffer, Steps, Traced};
use crate::api::{self, Endpoint, Stream};
use crate::error::{ApiError, Said};
use crate::limits::{Limits, PROGRESS_EVERY};
use queens::Control;
use serde_json::value::RawValue;
use serde_json::Value;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use web_time::Instant;

/// A request refused, as the server refuses it: the HTTP status and the JSON body
/// `{"error","code","values"}` (for a stream, its `error` event's data).
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    /// The HTTP status the server answers with.
    pub status: u16,
    /// The body the server sends.
    pub body: Value,
}

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Refusal {
        Refusal {
            status: e.status().as_u16(),
            body: e.body(),
        }
    }
}

/// The answer to `GET /api{path}?{query}` under `limits`; `progress` gets the data of each
/// `progress` event of a streamed endpoint: one as the work starts, then at most one every
/// [`PROGRESS_EVERY`] while it runs.
pub fn answer(
    limits: &Limits,
    path: &str,
    query: Option<&str>,
    control: &Control,
    progress: &mut (dyn FnMut(Value) + Send),
) -> Result<Box<RawValue>, Refusal> {
    let (_, rest) = crate::lang::split_lang(query)?;
    let query = rest.as_deref().or(query);
    let endpoint =
        api::endpoint_at(path).ok_or_else(|| api::no_endpoint(&format!("/api{path}")))?;
    Ok(match endpoint {
        // The server's reply text as it is, not read into values and written again.
        Endpoint::Json(ask) => (ask(limits, query)?.run)(control)?,
        Endpoint::Stream(ask) => match ask(limits, query)? {
            Stream::Answered(result) => raw(&result)?,
            Stream::Events(s) => {
                let start = Instant::now();
                progress((s.report)(control, start));
                let last = Mutex::new((start, progress));
                let tick = || {
                    let Ok(mut last) = last.lock() else { return };
                    if last.0.elapsed() >= PROGRESS_EVERY {
                        last.0 = Instant::now();
                        (last.1)((s.report)(control, start));
                    }
                };
                let finish = (s.run)(control, &tick)?;
                raw(&finish(start.elapsed().as_secs_f64()))?
            }
        },
        Endpoint::Trace(ask) => match ask(limits, query)? {
            Traced::Answered(answer) => raw(&answer)?,
            Traced::Write(write) => {
                let mut buffer = Buffer::new(limits.time_limit);
                write(
                    control,
                    &mut Steps::new(&mut buffer, Arc::new(AtomicBool::new(false))),
                );
                whole_trace(&buffer.bytes)?
            }
        },
    })
}

/// A value as JSON text.
fn raw(value: &Value) -> Result<Box<RawValue>, ApiError> {
    serde_json::value::to_raw_value(value)
        .map_err(|e| ApiError::Internal(Said::internal(e.to_string())))
}

/// A trace's body, checked to be whole JSON (one that did not end was stopped) but not read
/// into values.
fn whole_trace(bytes: &[u8]) -> Result<Box<RawValue>, ApiError> {
    serde_json::from_slice(bytes).map_err(|_| ApiError::from(queens::Error::Cancelled))
}
