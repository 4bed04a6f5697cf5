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

use super::Stream;
use crate::error::{bad, ApiError, ApiResult, Code, Said};
use crate::limits::Limits;
use crate::query::Query;
use queens::count::plan::{self, Plan};
use queens::count::record::CountRecord;
use queens::count::session::{self, Counter, Outlook, OutlookRecord, Progress, Session, Tracker};
use queens::count::{self, Counts, Engine};
use queens::Control;
use serde_json::{json, Value};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use web_time::Instant;

/// The stream of events of one count.
pub fn ask(limits: &Limits, raw: Option<&str>) -> ApiResult<Stream> {
    let q = Query::parse(raw, &["n", "engine"])?;
    let n = q.n(limits.max_n.count)?;
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
    let (limit, speed) = (limits.time_limit, limits.speed);
    let model = session::model_outlook(Counter::Engine(engine), n);
    if !model.ends_within(threads(), limits.forecast_budget()) {
        return Err(past_limit(n, model.wall(threads()) / speed, limit));
    }
    let watch = Arc::new(Watch::default());
    let shared = watch.clone();
    Ok(Stream::events(
        move |c| count_in_session(n, engine, (limit, speed), c, &shared),
        move |counts, seconds| result(counts, engine, seconds),
        move |control, start| progress(control, start, &watch),
    ))
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
/// The model's seconds are the native build's, at `speed` here; a timed sample's are this
/// build's own.
fn count_in_session(
    n: usize,
    engine: Engine,
    (limit, speed): (Duration, f64),
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
    let (outlook, speed) = match &before {
        Some(b) => (b.outlook.clone(), 1.0),
        None => (
            Outlook::model(s.model_cpu(), Some(s.plan().memory())),
            speed,
        ),
    };
    // The timed sample may say what the model did not: the count stops here, not at the limit.
    let left = limit.saturating_sub(start.elapsed()).as_secs_f64();
    if !outlook.ends_within(threads, left * speed) {
        return Err(past_limit(n, outlook.wall(threads) / speed, limit));
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
fn past_limit(n: usize, wall: f64, limit: Duration) -> ApiError {
    let (threads, limit) = (threads(), limit.as_secs());
    let seconds = wall.round();
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

/// `{"done","total","elapsed","eta"}` from the engine's units: `eta` is null until there is
/// something to go by.
pub(crate) fn progress_of(control: &Control, start: Instant) -> Value {
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
pub(crate) fn result(c: Counts, engine: Engine, seconds: f64) -> Value {
    let record = CountRecord {
        seconds,
        ..CountRecord::new(&c, seconds)
    };
    serde_json::to_value(record.by(engine).in_strings()).expect("a count record serializes")
}
