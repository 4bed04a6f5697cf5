//! `GET /api/count?n=12&engine=auto`: an exact count as server-sent events, with progress.
//!
//! The count is the library's counting session ([`queens::count::session`]) whenever the engine
//! splits into parts: the same plan, the same estimate before the work (a timed sample, or
//! nothing for a trivial count) and the same time left as `queens count` says on the terminal;
//! other engines count at once, with the cost model's estimate.
//!
//! Events: `progress` (`{"done","total","elapsed","eta","estimate"}`, every 200 ms; `estimate`
//! is the outlook of the count, `{"cpu_seconds","wall_seconds","threads","source",...}`, null
//! until it is known), then one `result`
//! (`{"n","engine","total","fundamental","orbits","seconds"}`, counts as decimal strings) or one
//! `error` (`{"error"}`, with `"timeout":true` after the time limit, `"preempted":true` when
//! another client took the permit, `"shutdown":true` when the server stops). Closing the
//! stream cancels the engine, and so does a client that takes no event for
//! [`STALL`](crate::limits::STALL). Bad parameters and a busy server answer 400 and 429 as JSON
//! before any event.

use crate::error::{bad, ApiError, ApiResult, Code, Said};
use crate::heavy::{self, CancelOnDrop, Client, Guarded};
use crate::limits::{PROGRESS_EVERY, STALL};
use crate::query::Query;
use crate::server::Stopping;
use crate::State;
use axum::extract::{RawQuery, State as Shared};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use queens::count::plan::{self, Plan};
use queens::count::record::CountRecord;
use queens::count::session::{self, Counter, Outlook, OutlookRecord, Progress, Session, Tracker};
use queens::count::{self, Counts, Engine};
use queens::Control;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::mpsc::Sender;
use tokio::task::JoinHandle;
use tokio_stream::wrappers::ReceiverStream;

type Events = Sender<Result<Event, Infallible>>;

/// How long the result waits for a reader that does not read.
const LAST_EVENT_WAIT: Duration = Duration::from_secs(30);

/// The stream of events of one count.
pub async fn get(
    client: Client,
    stopping: Stopping,
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Response> {
    let q = Query::parse(raw.as_deref(), &["n", "engine"])?;
    let n = q.n(state.limits.max_n.count)?;
    let engine = q.get("engine").map_or(Ok(Engine::Auto), engine)?;
    if n > engine.max_n() {
        return Err(bad(
            Code::EngineN,
            json!({"n": n, "engine": engine.name(), "max": engine.max_n()}),
            format!(
                "bad n '{n}': engine {} counts N up to {}",
                engine.name(),
                engine.max_n()
            ),
        ));
    }
    let engine = engine.resolve(n);
    // What the forecast says cannot end within the time limit is refused before it starts.
    let limit = state.heavy.time_limit();
    let model = session::model_outlook(Counter::Engine(engine), n);
    if !model.ends_within(threads(), limit.as_secs_f64()) {
        return Err(past_limit(n, &model, limit));
    }
    let watch = Arc::new(Watch::default());
    let shared = watch.clone();
    events_with(
        client,
        stopping,
        &state,
        move |c| count_in_session(n, engine, limit, c, &shared),
        move |counts, seconds| result(counts, engine, seconds),
        move |control, start| progress(control, start, &watch),
    )
    .await
}

/// The engine named `name`, by the library's name, as `queens count --algorithm` reads it; an
/// older name the library still knows is refused with the engine's name, since the answer
/// names the engine that ran (and `queens count --algorithm bitmask` is the seeds' classic
/// algorithm, not the engine once called so).
fn engine(name: &str) -> ApiResult<Engine> {
    let shown = crate::query::shorten(name);
    let names = Engine::NAMES.join(", ");
    match Engine::from_name(name) {
        Some(e) if e.name() == name => Ok(e),
        Some(e) => Err(bad(
            Code::OldEngine,
            json!({"text": shown, "choices": Engine::NAMES, "now": e.name()}),
            format!(
                "bad engine '{shown}': expected one of {names} (the engine once called {shown} is {})",
                e.name()
            ),
        )),
        None => Err(bad(
            Code::BadChoice,
            json!({"name": "engine", "text": shown, "choices": Engine::NAMES}),
            format!("bad engine '{shown}': expected one of {names}"),
        )),
    }
}

/// What the progress events say of a count beyond its engine's own units: its estimate and,
/// for a session, its accounts.
#[derive(Default)]
struct Watch {
    estimate: OnceLock<(OutlookRecord, f64)>,
    tracker: OnceLock<Tracker>,
}

/// The threads of a count: those of a permit's pool, as many as the machine has.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |t| t.get())
}

/// Counts `n` as `queens count` does: through a session of parts when the engine has them
/// (its estimate first, unless the count is trivial), else at once with the model's outlook.
fn count_in_session(
    n: usize,
    engine: Engine,
    limit: Duration,
    control: &Control,
    watch: &Watch,
) -> Result<Counts, ApiError> {
    let start = Instant::now();
    let threads = threads();
    if !session::in_parts(engine, n) {
        let outlook = session::model_outlook(Counter::Engine(engine), n);
        let _ = watch
            .estimate
            .set((outlook.record(threads), outlook.wall(threads)));
        return Ok(count::count(n, engine, control)?);
    }
    let plan = Plan::new(n, engine).map_err(|e| ApiError::Bad(plan_said(&e)))?;
    let mut s = Session::new(plan, None, threads)
        .map_err(|e| ApiError::Internal(Said::internal(e.to_string())))?;
    let before = s.before(control)?;
    let outlook = match &before {
        Some(b) => b.outlook.clone(),
        None => Outlook::model(s.model_cpu(), Some(s.plan().memory())),
    };
    // The timed sample may say what the model did not: the count stops here, not at the limit.
    let left = limit.saturating_sub(start.elapsed()).as_secs_f64();
    if !outlook.ends_within(threads, left) {
        return Err(past_limit(n, &outlook, limit));
    }
    let _ = watch
        .estimate
        .set((outlook.record(threads), outlook.wall(threads)));
    let _ = watch
        .tracker
        .set(Tracker::new(s.progress(before.map(|b| b.seconds_per_cost))));
    let costs = s.plan().costs();
    let sum = s.count(control, &|i, _| {
        if let Some(t) = watch.tracker.get() {
            t.finished(costs[i]);
        }
    })?;
    s.counts(sum)
        .ok_or_else(|| ApiError::Internal(Said::internal("the parts do not add up to a count")))
}

/// Why no plan of a count can be made.
fn plan_said(e: &plan::PlanError) -> Said {
    let text = e.to_string();
    match *e {
        plan::PlanError::Size {
            n,
            engine,
            min,
            max,
        } => Said::new(
            Code::PlanSize,
            json!({"n": n, "engine": engine, "min": min, "max": max}),
            text,
        ),
        plan::PlanError::Memory {
            n,
            engine,
            need,
            budget,
        } => Said::new(
            Code::PlanMemory,
            json!({"n": n, "engine": engine, "need": need, "budget": budget}),
            text,
        ),
        _ => Said::internal(text),
    }
}

/// The refusal of a count whose forecast ends past the time limit on this server's threads,
/// with the published total where there is one (OEIS A000170), said as published, not counted.
fn past_limit(n: usize, outlook: &Outlook, limit: Duration) -> ApiError {
    let (threads, limit) = (threads(), limit.as_secs());
    let seconds = outlook.wall(threads).round();
    let mut values = json!({"n": n, "seconds": seconds, "threads": threads, "limit": limit});
    let mut text = format!(
        "bad n '{n}': counting N = {n} takes about {seconds} s on this server's {threads} threads \
         by the forecast, past its time limit of {limit} s (the command queens count {n} has no \
         limit)"
    );
    if let Some(p) = queens::count::published::get(n) {
        values["published"] = json!(p.total.to_string());
        values["source"] = json!("OEIS A000170");
        text += &format!("; the published total (OEIS A000170) is {}", p.total);
    }
    bad(Code::CountTime, values, text)
}

/// The stream of events of a long heavy job: `progress` from its control every
/// [`PROGRESS_EVERY`], then the `result` that `answer` makes of what it returns (with its wall
/// seconds), or an `error`; the endpoints of long counts share it (this one, the count of
/// tours and the count of completions).
pub async fn events<T: Send + 'static>(
    client: Client,
    stopping: Stopping,
    state: &State,
    job: impl FnOnce(&Control) -> Result<T, ApiError> + Send + 'static,
    answer: impl FnOnce(T, f64) -> Value + Send + 'static,
) -> ApiResult<Response> {
    events_with(client, stopping, state, job, answer, progress_of).await
}

/// [`events`] with the progress reported by `report` (from the control and the start).
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
/// no engine runs), as a client of [`events`] reads it.
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

/// `{"done","total","elapsed","eta"}` from the engine's units: `eta` is null until there is
/// something to go by.
fn progress_of(control: &Control, start: Instant) -> Value {
    let (done, total) = control.progress();
    let elapsed = start.elapsed().as_secs_f64();
    let eta = (done <= total)
        .then(|| {
            Progress::of_units(total)
                .at(done, done as f64, elapsed)
                .left
        })
        .flatten();
    json!({"done": done, "total": total, "elapsed": elapsed, "eta": eta})
}

/// The progress of a count: the session's accounts once it counts its parts (the time left
/// as the terminal says it), else the engine's units steadied by the estimate; with the
/// estimate when it is known.
fn progress(control: &Control, start: Instant, watch: &Watch) -> Value {
    let elapsed = start.elapsed().as_secs_f64();
    let estimate = watch.estimate.get();
    let (done, total, eta) = match watch.tracker.get() {
        Some(t) => {
            let s = t.snapshot();
            (s.done, s.total, s.left)
        }
        None => {
            let (done, total) = control.progress();
            let mut p = Progress::of_units(total);
            if let Some((_, wall)) = estimate {
                p = p.expecting(*wall);
            }
            let eta = (done <= total && total > 0)
                .then(|| p.at(done, done as f64, elapsed).left)
                .flatten();
            (done, total, eta)
        }
    };
    json!({
        "done": done,
        "total": total,
        "elapsed": elapsed,
        "eta": eta,
        "estimate": estimate.map(|e| &e.0),
    })
}

/// The count as `queens count --json` gives it, the library's [`CountRecord`] with the
/// engine named and the numbers as strings.
fn result(c: Counts, engine: Engine, seconds: f64) -> Value {
    let record = CountRecord {
        seconds,
        ..CountRecord::new(&c, seconds)
    };
    serde_json::to_value(record.by(engine).in_strings()).expect("a count record serializes")
}

#[cfg(test)]
mod tests {
    use super::*;

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
            |c, s| result(c, Engine::Auto, s),
            progress_of,
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
            |c, s| result(c, Engine::Auto, s),
            progress_of,
        )
        .await;
        // It ran to the time limit.
        assert!(control.is_cancelled());
        assert!(start.elapsed() >= Duration::from_secs(30));
        reader.await.unwrap();
    }
}
