//! The server-sent events of the streamed answers (`/api/count`, `/api/completions`,
//! `/api/tour/count/stream`): `progress` every [`PROGRESS_EVERY`] from the job's control,
//! then one `result` or one `error`. The job runs under a heavy permit; closing the stream
//! cancels it, and so do a client that takes no event for [`STALL`], the time limit and the
//! server's shutdown. What each endpoint counts and says is its own module's
//! ([`super::Stream`]); how it travels is here.

use super::{AskStream, Stream};
use crate::error::{ApiError, ApiResult, Said};
use crate::heavy::{self, CancelOnDrop, Client, Guarded};
use crate::limits::{PROGRESS_EVERY, STALL};
use crate::server::Stopping;
use crate::State;
use axum::extract::{RawQuery, State as Shared};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use queens::Control;
use serde_json::Value;
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::mpsc::Sender;
use tokio::task::JoinHandle;
use tokio_stream::wrappers::ReceiverStream;
use web_time::Instant;

type Events = Sender<Result<Event, Infallible>>;

/// How long the result waits for a reader that does not read.
const LAST_EVENT_WAIT: Duration = Duration::from_secs(30);

/// The handler of a streamed endpoint: its answer known at once, or its job's events.
pub async fn handle(
    ask: AskStream,
    client: Client,
    stopping: Stopping,
    state: Arc<State>,
    raw: Option<String>,
) -> ApiResult<Response> {
    match ask(&state.limits, raw.as_deref())? {
        Stream::Answered(result) => Ok(answered(result)),
        Stream::Events(s) => {
            events_with(
                client,
                stopping,
                &state,
                s.run,
                |finish, seconds| finish(seconds),
                s.report,
            )
            .await
        }
    }
}

/// The route's handler of a streamed endpoint.
pub fn route(ask: AskStream) -> MethodRouter<Arc<State>> {
    super::endpoint(
        move |client: Client,
              stopping: Stopping,
              Shared(state): Shared<Arc<State>>,
              RawQuery(raw): RawQuery| handle(ask, client, stopping, state, raw),
    )
}

/// The stream of events of a long heavy job: `progress` from its control every
/// [`PROGRESS_EVERY`] as `report` says it (from the control and the start), then the `result`
/// that `answer` makes of what the job returns (with its wall seconds), or an `error`.
pub async fn events_with<T: Send + 'static>(
    client: Client,
    stopping: Stopping,
    state: &State,
    job: impl FnOnce(&Control) -> Result<T, ApiError> + Send + 'static,
    answer: impl FnOnce(T, f64) -> Value + Send + 'static,
    report: impl Fn(&Control, Instant) -> Value + Send + 'static,
) -> ApiResult<Response> {
    let ticket = state.heavy.ticket(client).await?;
    let (control, preempted) = (ticket.control(), ticket.preempted());
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    let task = heavy::spawn(ticket, job);
    let ends = Ends {
        limit: state.heavy.time_limit(),
        preempted,
        stopping,
    };
    tokio::spawn(drive(task, control.clone(), tx, ends, answer, report));
    let events = Guarded {
        inner: ReceiverStream::new(rx),
        guard: CancelOnDrop(control),
    };
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::default())
        .into_response())
}

/// The stream of an answer known before any work: its one `result` event (no permit is taken,
/// no engine runs), as a client of [`events_with`] reads it.
pub fn answered(result: Value) -> Response {
    let events = tokio_stream::once(Ok::<_, Infallible>(event("result", result)));
    Sse::new(events).into_response()
}

/// What else than its own end can end a count.
struct Ends {
    /// The time limit.
    limit: Duration,
    /// Set when another client took the permit (the engine is then cancelled).
    preempted: Arc<AtomicBool>,
    /// The server's shutdown.
    stopping: Stopping,
}

/// Sends progress until the count ends, then its result; cancels the engine when the client
/// has gone, has taken nothing for [`STALL`], the time limit is reached or the server stops.
async fn drive<T>(
    mut task: JoinHandle<Result<T, ApiError>>,
    control: Arc<Control>,
    tx: Events,
    ends: Ends,
    answer: impl FnOnce(T, f64) -> Value,
    report: impl Fn(&Control, Instant) -> Value,
) {
    let start = Instant::now();
    // Tokio's clock, which the tests can pause.
    let mut taken = tokio::time::Instant::now();
    let mut tick = tokio::time::interval(PROGRESS_EVERY);
    let deadline = tokio::time::sleep(ends.limit);
    tokio::pin!(deadline);
    let stopping = ends.stopping.wait();
    tokio::pin!(stopping);
    loop {
        tokio::select! {
            joined = &mut task => {
                let seconds = start.elapsed().as_secs_f64();
                let event = match joined {
                    Ok(Err(_)) if ends.preempted.load(Ordering::SeqCst) => {
                        event("error", ApiError::Preempted.body())
                    }
                    Ok(Ok(done)) => event("result", answer(done, seconds)),
                    Ok(Err(e)) => event("error", e.body()),
                    Err(e) => event("error", ApiError::Internal(Said::internal(e.to_string())).body()),
                };
                last(&tx, event).await;
                return;
            }
            _ = tick.tick() => {
                // A progress event that finds the channel full is dropped: the next one says
                // more. A channel full for STALL: the client reads nothing.
                let update = event("progress", report(&control, start));
                match tx.try_send(Ok(update)) {
                    Ok(()) => taken = tokio::time::Instant::now(),
                    Err(TrySendError::Full(_)) if taken.elapsed() < STALL => {}
                    Err(_) => {
                        control.cancel();
                        return;
                    }
                }
            }
            () = &mut deadline => {
                control.cancel();
                last(&tx, event("error", ApiError::Timeout(ends.limit).body())).await;
                return;
            }
            () = &mut stopping => {
                control.cancel();
                last(&tx, event("error", ApiError::Stopping.body())).await;
                return;
            }
        }
    }
}

/// Sends the last event, waiting a little for a slow reader, never for ever.
async fn last(tx: &Events, event: Event) {
    let _ = tokio::time::timeout(LAST_EVENT_WAIT, tx.send(Ok(event))).await;
}

fn event(name: &str, data: Value) -> Event {
    Event::default().event(name).data(data.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens::count::{Counts, Engine};

    /// A count that never ends, and its control.
    fn endless() -> (JoinHandle<Result<Counts, ApiError>>, Arc<Control>) {
        (
            tokio::spawn(std::future::pending()),
            Arc::new(Control::new()),
        )
    }

    fn ends(limit: Duration) -> Ends {
        Ends {
            limit,
            preempted: Arc::new(AtomicBool::new(false)),
            stopping: crate::server::Stopping::never(),
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_count_whose_client_reads_nothing_is_stopped_after_the_stall() {
        let (task, control) = endless();
        let (tx, _rx) = tokio::sync::mpsc::channel(8);
        let start = tokio::time::Instant::now();
        drive(
            task,
            control.clone(),
            tx,
            ends(Duration::from_secs(60)),
            |c, s| super::super::count::result(c, Engine::Auto, s),
            super::super::count::progress_of,
        )
        .await;
        assert!(control.is_cancelled());
        let took = start.elapsed();
        assert!(
            took >= STALL && took < STALL + Duration::from_secs(3),
            "{took:?}"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_count_whose_client_reads_runs_on() {
        let (task, control) = endless();
        let (tx, mut rx) = tokio::sync::mpsc::channel(8);
        let reader = tokio::spawn(async move { while rx.recv().await.is_some() {} });
        let start = tokio::time::Instant::now();
        drive(
            task,
            control.clone(),
            tx,
            ends(Duration::from_secs(30)),
            |c, s| super::super::count::result(c, Engine::Auto, s),
            super::super::count::progress_of,
        )
        .await;
        // It ran to the time limit.
        assert!(control.is_cancelled());
        assert!(start.elapsed() >= Duration::from_secs(30));
        reader.await.unwrap();
    }
}
