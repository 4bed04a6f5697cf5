//! `GET /api/complete` (one completion) and `GET /api/completions` (how many): the library's
//! completion of preset queens, as `queens complete` runs it.
//!
//! A count of completions can take the whole time limit, so it streams like `/api/count`
//! (a [`super::Stream`]): `progress` events
//! (`{"found","done","total","elapsed"}`: the completions found so far, the branches of the
//! search's first choice done and in all, the seconds since the start) every
//! [`PROGRESS_EVERY`](crate::limits::PROGRESS_EVERY), then one `result`
//! (`{"n","completions","capped","seconds"}`) or `error`. Closing the stream stops the count.

use super::{Job, Stream};
use crate::error::{ApiError, ApiResult, Code, Said};
use crate::limits::{Limits, COMPLETIONS_CAP};
use crate::query::Query;
use queens::complete::{self, Instance, InstanceError, Outcome};
use queens::record::Completion;
use queens::{Control, Placement, Square};
use serde_json::{json, Value};
use web_time::Instant;

/// `{"n","status":"solved","rows","queens"}` or `{"n","status":"impossible","reason"}`.
pub fn ask(limits: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    let q = Query::parse(raw, &["n", "queens"])?;
    let n = q.n(limits.max_n.complete)?;
    let presets = q.squares("queens", n)?;
    let instance = match instance(n, &presets)? {
        Ok(instance) => instance,
        Err(reason) => return Ok(Job::done(impossible(n, reason))),
    };
    Ok(Job::heavy(move |control| {
        Ok(match complete::solve(&instance, control)? {
            Outcome::Solved(p) => solved(&p),
            Outcome::Impossible => impossible(n, no_completion(n, &presets)),
        })
    }))
}

/// The stream of one count of completions, up to `cap` (default 100000): `progress` with the
/// running count, then `result` `{"n","completions","capped","seconds"}`. Preset queens that
/// attack each other have no completion: the `result` comes at once, with the `reason`.
pub fn ask_count(limits: &Limits, raw: Option<&str>) -> ApiResult<Stream> {
    let q = Query::parse(raw, &["n", "queens", "cap"])?;
    let n = q.n(limits.max_n.completions)?;
    let presets = q.squares("queens", n)?;
    let cap = q.number("cap", 1, COMPLETIONS_CAP, Some(100_000))?;
    let instance = match instance(n, &presets)? {
        Ok(instance) => instance,
        Err(reason) => {
            let mut answer = json!({
                "n": n,
                "completions": 0,
                "capped": false,
                "seconds": 0.0,
            });
            reason.add_reason(&mut answer);
            return Ok(Stream::Answered(answer));
        }
    };
    Ok(Stream::events(
        move |control| Ok(complete::count_up_to(&instance, cap as u128, control)?),
        move |found, seconds| {
            json!({
                "n": n,
                "completions": found.count as u64,
                "capped": found.count >= cap as u128,
                "seconds": seconds,
            })
        },
        progress,
    ))
}

/// `{"found","done","total","elapsed"}`: the running count, the branches of the first choice
/// done and in all (uneven in cost, so no time left is guessed), the seconds so far.
fn progress(control: &Control, start: Instant) -> Value {
    let (done, total) = control.progress();
    json!({
        "found": control.found(),
        "done": done,
        "total": total,
        "elapsed": start.elapsed().as_secs_f64(),
    })
}

/// The instance, or the reason it has no completion (presets that attack each other).
fn instance(n: usize, presets: &[Square]) -> ApiResult<Result<Instance, Said>> {
    match Instance::with_presets(n, presets) {
        Ok(instance) => Ok(Ok(instance)),
        Err(e @ InstanceError::Attack { .. }) => Ok(Err(instance_said(&e))),
        Err(e) => {
            let said = instance_said(&e);
            let values = crate::error::with(said.values, json!({"name": "queens"}));
            Err(ApiError::Bad(Said::new(
                said.code,
                values,
                format!("bad queens: {e}"),
            )))
        }
    }
}

/// The library's reasons an instance is not a completion problem, or has no completion.
fn instance_said(e: &InstanceError) -> Said {
    use InstanceError as I;
    let text = e.to_string();
    let (code, values) = match e {
        I::BadSize(n) => (
            Code::BadSize,
            json!({"text": n.to_string(), "min": 1, "max": complete::MAX_N}),
        ),
        I::OffBoard {
            square,
            n,
            last_file,
        } => (
            Code::SquareOffBoard,
            json!({"square": square, "n": n, "last_file": last_file}),
        ),
        I::Attack { a, b, line } => (
            Code::PresetAttack,
            json!({"a": a.to_string(), "b": b.to_string(), "line": line.to_string()}),
        ),
        I::Repeated(square) => (Code::RepeatedSquare, json!({"square": square.to_string()})),
        I::DiagonalOffBoard {
            kind,
            value,
            n,
            min,
            max,
        } => (
            Code::DiagonalOffBoard,
            json!({"kind": kind, "value": value, "n": n, "min": min, "max": max}),
        ),
        I::TooMany { n, asked, most } => (
            Code::TooManyPresets,
            json!({"n": n, "asked": asked, "most": most}),
        ),
        I::Saturated {
            n,
            asked,
            placed,
            seed,
        } => (
            Code::Saturated,
            json!({"n": n, "asked": asked, "placed": placed, "seed": seed}),
        ),
        I::OnExcluded {
            square,
            kind,
            value,
        } => (
            Code::OnExcluded,
            json!({"square": square.to_string(), "kind": kind, "value": value}),
        ),
    };
    Said::new(code, values, text)
}

/// The library's [`Completion`] record of `p`, with its queens as `[col, row]` pairs.
fn solved(p: &Placement) -> Value {
    let mut answer = record(Completion::of(p.n(), Some(p), None));
    answer["queens"] = json!(super::pairs(p.squares()));
    answer
}

/// The library's [`Completion`] record of no completion, with the reason.
fn impossible(n: usize, reason: Said) -> Value {
    let mut answer = record(Completion::of(n, None, None));
    reason.add_reason(&mut answer);
    answer
}

fn record(completion: Completion) -> Value {
    serde_json::to_value(completion).expect("a completion record serializes")
}

fn no_completion(n: usize, presets: &[Square]) -> Said {
    let names: Vec<String> = presets.iter().map(|s| s.to_string()).collect();
    match names.len() {
        0 => super::solve::no_solution(n, None),
        _ => Said::new(
            Code::NoCompletion,
            json!({"n": n, "queens": names}),
            format!(
                "the {n}x{n} board with the queens on {} cannot be completed: the exhaustive search finds no completion",
                names.join(", ")
            ),
        ),
    }
}
