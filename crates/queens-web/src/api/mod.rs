//! The JSON API under `/api/`: one module per endpoint, all GET with query parameters.
//!
//! Unknown paths get 404 and wrong methods 405, both as `{"error","code","values"}` like every
//! other error (see [`crate::error`]). Squares go out as `[col, row]`, 1-based.

pub mod body;
pub mod check;
#[cfg(feature = "server")]
pub mod chunked;
pub mod classify;
pub mod complete;
pub mod count;
pub mod counts;
pub mod cover;
pub mod dominate;
#[cfg(feature = "server")]
pub mod events;
pub mod health;
pub mod next;
pub mod rules;
pub mod solutions;
pub mod solve;
pub mod tour;
pub mod tour_plan;
pub mod tour_trace;
pub mod trace;

use crate::error::{ApiError, ApiResult, Code, Said};
use crate::limits::Limits;
use queens::{Control, Square};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};
use web_time::Instant;
#[cfg(feature = "server")]
use {
    crate::heavy::Client,
    crate::State,
    axum::extract::{OriginalUri, RawQuery, State as Shared},
    axum::handler::Handler,
    axum::http::Method,
    axum::response::{IntoResponse, Response},
    axum::routing::{get, MethodRouter},
    axum::{Json, Router},
    std::sync::Arc,
};

/// An answer as its JSON text, written once (a path of a million squares as a JSON value
/// would take ten times the memory).
pub type Reply = Box<RawValue>;

/// Work under a control that can stop it.
pub type Work<T> = Box<dyn FnOnce(&Control) -> ApiResult<T> + Send>;

/// The data of a `progress` event, from the control of the work and its start.
pub type Report = Box<dyn Fn(&Control, Instant) -> Value + Send + Sync>;

/// The answer of a JSON endpoint to a request it has read and found good: the work that
/// makes it, and how heavy that work is.
pub struct Job {
    /// How the server runs the work.
    pub weight: Weight,
    /// The work: the answer, under a control that can stop it.
    pub run: Work<Reply>,
}

/// How the server runs a job.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// At once, on the thread that read the request (a few milliseconds at most).
    Light,
    /// On a blocking thread, without a permit (a table computed once, then kept).
    Blocking,
    /// Under one of the heavy requests' permits and the time limit.
    Heavy,
}

impl Job {
    /// Work of a few milliseconds at most.
    pub fn light<R: Serialize>(run: impl FnOnce(&Control) -> ApiResult<R> + Send + 'static) -> Job {
        Job::with(Weight::Light, run)
    }

    /// Work for a permit.
    pub fn heavy<R: Serialize>(run: impl FnOnce(&Control) -> ApiResult<R> + Send + 'static) -> Job {
        Job::with(Weight::Heavy, run)
    }

    /// Work of the given weight, whose answer is any record.
    pub fn with<R: Serialize>(
        weight: Weight,
        run: impl FnOnce(&Control) -> ApiResult<R> + Send + 'static,
    ) -> Job {
        Job {
            weight,
            run: Box::new(move |control| run(control).and_then(|r| reply(&r))),
        }
    }

    /// An answer known without work.
    pub fn done(answer: impl Serialize + Send + 'static) -> Job {
        Job::light(move |_| Ok(answer))
    }
}

/// A record's JSON text.
pub fn reply(record: &impl Serialize) -> ApiResult<Reply> {
    serde_json::value::to_raw_value(record)
        .map_err(|e| ApiError::Internal(Said::internal(e.to_string())))
}

/// An endpoint that answers JSON: it reads the request with the server's limits into a job.
pub type Ask = fn(&Limits, Option<&str>) -> ApiResult<Job>;

/// What a streamed answer makes of its wall seconds once its job is done: its `result`.
pub type Finish = Box<dyn FnOnce(f64) -> Value + Send>;

/// The answer of a streamed endpoint (server-sent `progress` events, then one `result`).
pub enum Stream {
    /// The `result`, known before any work (no permit is taken, no engine runs).
    Answered(Value),
    /// A job whose progress is reported while it runs.
    Events(Streamed),
}

/// A streamed job: the work, and the progress it has made (from its control and its start).
pub struct Streamed {
    /// The work; its answer waits for the wall seconds.
    pub run: Work<Finish>,
    /// The data of a `progress` event.
    pub report: Report,
}

impl Stream {
    /// The events of `job`, whose result `answer` makes of what it returns and its seconds.
    pub fn events<T: Send + 'static>(
        job: impl FnOnce(&Control) -> ApiResult<T> + Send + 'static,
        answer: impl FnOnce(T, f64) -> Value + Send + 'static,
        report: impl Fn(&Control, Instant) -> Value + Send + Sync + 'static,
    ) -> Stream {
        Stream::Events(Streamed {
            run: Box::new(move |control| {
                let done = job(control)?;
                Ok(Box::new(move |seconds| answer(done, seconds)) as Finish)
            }),
            report: Box::new(report),
        })
    }
}

/// A streamed endpoint: it reads the request with the server's limits into a stream.
pub type AskStream = fn(&Limits, Option<&str>) -> ApiResult<Stream>;

/// What kind of answer an endpoint gives, and how it reads a request.
#[derive(Clone, Copy)]
pub enum Endpoint {
    /// One JSON answer.
    Json(Ask),
    /// Server-sent events: `progress`, then `result` or `error`.
    Stream(AskStream),
    /// A traced search's body, written as the search runs.
    Trace(body::AskTrace),
}

/// Every endpoint of the API, by its path under `/api`: the server routes them, and the answer
/// without a server ([`crate::answer`]) finds them here too.
pub const ENDPOINTS: [(&str, Endpoint); 18] = [
    ("/health", Endpoint::Json(health::ask)),
    ("/check", Endpoint::Json(check::ask)),
    ("/complete", Endpoint::Json(complete::ask)),
    ("/completions", Endpoint::Stream(complete::ask_count)),
    ("/solutions", Endpoint::Json(solutions::ask)),
    ("/classify", Endpoint::Json(classify::ask)),
    ("/counts", Endpoint::Json(counts::ask)),
    ("/count", Endpoint::Stream(count::ask)),
    ("/trace", Endpoint::Trace(trace::ask)),
    ("/tour", Endpoint::Json(tour::ask)),
    ("/tour/count", Endpoint::Json(tour::ask_count)),
    (
        "/tour/count/stream",
        Endpoint::Stream(tour::ask_count_stream),
    ),
    ("/tour/count/plan", Endpoint::Json(tour_plan::ask)),
    ("/tour/trace", Endpoint::Trace(tour_trace::ask)),
    ("/solve", Endpoint::Json(solve::ask)),
    ("/dominate", Endpoint::Json(dominate::ask)),
    ("/cover", Endpoint::Json(cover::ask)),
    ("/next", Endpoint::Json(next::ask)),
];

/// The endpoint at `path` (under `/api`).
pub fn endpoint_at(path: &str) -> Option<Endpoint> {
    ENDPOINTS.iter().find(|(p, _)| *p == path).map(|(_, e)| *e)
}

/// The routes of the API, relative to `/api`.
#[cfg(feature = "server")]
pub fn router(state: Arc<State>) -> Router {
    let mut router = Router::new();
    for (path, e) in ENDPOINTS {
        router = router.route(
            path,
            match e {
                Endpoint::Json(ask) => json_endpoint(ask),
                Endpoint::Stream(ask) => events::route(ask),
                Endpoint::Trace(ask) => chunked::route(ask),
            },
        );
    }
    router
        .fallback(not_found)
        .layer(axum::middleware::from_fn(crate::lang::scope))
        .with_state(state)
}

/// The route of a JSON endpoint: its job run as its weight says.
#[cfg(feature = "server")]
fn json_endpoint(ask: Ask) -> MethodRouter<Arc<State>> {
    endpoint(
        move |client: Client, Shared(state): Shared<Arc<State>>, RawQuery(raw): RawQuery| async move {
            let job = ask(&state.limits, raw.as_deref())?;
            let answer = match job.weight {
                Weight::Light => (job.run)(&Control::new())?,
                Weight::Blocking => tokio::task::spawn_blocking(move || (job.run)(&Control::new()))
                    .await
                    .map_err(|e| ApiError::Internal(Said::internal(e.to_string())))??,
                Weight::Heavy => state.heavy.run(client, job.run).await?,
            };
            Ok::<_, ApiError>(Json(answer))
        },
    )
}

/// A GET route whose other methods get a JSON 405.
#[cfg(feature = "server")]
pub(crate) fn endpoint<H, T>(handler: H) -> MethodRouter<Arc<State>>
where
    H: Handler<T, Arc<State>>,
    T: 'static,
{
    get(handler).fallback(not_allowed)
}

#[cfg(feature = "server")]
async fn not_allowed(method: Method, OriginalUri(uri): OriginalUri) -> Response {
    let path = crate::query::shorten(uri.path());
    ApiError::Method(Said::new(
        Code::MethodNotAllowed,
        json!({"method": method.as_str(), "path": path}),
        format!("method {method} not allowed on {path}: the API takes GET"),
    ))
    .into_response()
}

#[cfg(feature = "server")]
async fn not_found(OriginalUri(uri): OriginalUri) -> Response {
    no_endpoint(uri.path()).into_response()
}

/// The 404 of a path that is no endpoint.
pub fn no_endpoint(path: &str) -> ApiError {
    let path = crate::query::shorten(path);
    ApiError::NotFound(Said::new(
        Code::NoEndpoint,
        json!({"path": path}),
        format!("no such endpoint: {path}"),
    ))
}

/// Squares as `[[col, row], ...]`, 1-based.
pub fn pairs(squares: impl IntoIterator<Item = Square>) -> Vec<[u64; 2]> {
    squares.into_iter().map(Square::pair).collect()
}
