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
use crate::limits::Limits;
use queens::Control;
use serde_json::Value;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
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
/// `progress` event of a streamed endpoint.
pub fn answer(
    limits: &Limits,
    path: &str,
    query: Option<&str>,
    control: &Control,
    progress: &mut dyn FnMut(Value),
) -> Result<Value, Refusal> {
    let (_, rest) = crate::lang::split_lang(query)?;
    let query = rest.as_deref().or(query);
    let endpoint =
        api::endpoint_at(path).ok_or_else(|| api::no_endpoint(&format!("/api{path}")))?;
    Ok(match endpoint {
        Endpoint::Json(ask) => {
            let reply = (ask(limits, query)?.run)(control)?;
            parse(reply.get())?
        }
        Endpoint::Stream(ask) => match ask(limits, query)? {
            Stream::Answered(result) => result,
            Stream::Events(s) => {
                let start = Instant::now();
                progress((s.report)(control, start));
                let finish = (s.run)(control)?;
                finish(start.elapsed().as_secs_f64())
            }
        },
        Endpoint::Trace(ask) => match ask(limits, query)? {
            Traced::Answered(answer) => answer,
            Traced::Write(write) => {
                let mut buffer = Buffer::new(limits.time_limit);
                write(
                    control,
                    &mut Steps::new(&mut buffer, Arc::new(AtomicBool::new(false))),
                );
                parse_trace(&buffer.bytes)?
            }
        },
    })
}

/// An answer's JSON text as a value.
fn parse(text: &str) -> Result<Value, ApiError> {
    serde_json::from_str(text).map_err(|e| ApiError::Internal(Said::internal(e.to_string())))
}

/// A trace's body; one that did not end was stopped.
fn parse_trace(bytes: &[u8]) -> Result<Value, ApiError> {
    serde_json::from_slice(bytes).map_err(|_| ApiError::from(queens::Error::Cancelled))
}
