//! `GET /api/complete` (one completion) and `GET /api/completions` (how many): the library's
//! completion of preset queens, as `queens complete` runs it.

use crate::error::{ApiError, ApiResult};
use crate::heavy::Client;
use crate::limits::COMPLETIONS_CAP;
use crate::query::Query;
use crate::State;
use axum::extract::{RawQuery, State as Shared};
use axum::Json;
use queens::complete::{self, Instance, InstanceError, Outcome};
use queens::Square;
use serde_json::{json, Value};
use std::sync::Arc;

/// `{"n","status":"solved","rows","queens"}` or `{"n","status":"impossible","reason"}`.
pub async fn get(
    client: Client,
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Value>> {
    let q = Query::parse(raw.as_deref(), &["n", "queens"])?;
    let n = q.n(state.limits.max_n.complete)?;
    let presets = q.squares("queens", n)?;
    let instance = match instance(n, &presets)? {
        Ok(instance) => instance,
        Err(reason) => return Ok(Json(impossible(n, reason))),
    };
    let outcome = state
        .heavy
        .run(client, move |control| {
            Ok(complete::solve(&instance, control)?)
        })
        .await?;
    Ok(Json(match outcome {
        Outcome::Solved(p) => json!({
            "n": n,
            "status": "solved",
            "rows": p.rows_1based(),
            "queens": super::pairs(p.squares()),
        }),
        Outcome::Impossible => impossible(n, no_completion(n, &presets)),
    }))
}

/// `{"n","completions","capped"}`: completions counted up to `cap` (default 100000).
pub async fn count(
    client: Client,
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Value>> {
    let q = Query::parse(raw.as_deref(), &["n", "queens", "cap"])?;
    let n = q.n(state.limits.max_n.completions)?;
    let presets = q.squares("queens", n)?;
    let cap = q.number("cap", 1, COMPLETIONS_CAP, Some(100_000))?;
    let instance = match instance(n, &presets)? {
        Ok(instance) => instance,
        Err(reason) => {
            return Ok(Json(
                json!({"n": n, "completions": 0, "capped": false, "reason": crate::lang::say(&reason)}),
            ))
        }
    };
    let found = state
        .heavy
        .run(client, move |control| {
            Ok(complete::count_up_to(&instance, cap as u128, control)?)
        })
        .await?;
    Ok(Json(json!({
        "n": n,
        "completions": found.count as u64,
        "capped": found.count >= cap as u128,
    })))
}

/// The instance, or the reason it has no completion (presets that attack each other).
fn instance(n: usize, presets: &[Square]) -> ApiResult<Result<Instance, String>> {
    match Instance::with_presets(n, presets) {
        Ok(instance) => Ok(Ok(instance)),
        Err(e @ InstanceError::Attack { .. }) => Ok(Err(e.to_string())),
        Err(e) => Err(ApiError::Bad(format!("bad queens: {e}"))),
    }
}

fn impossible(n: usize, reason: String) -> Value {
    json!({"n": n, "status": "impossible", "reason": crate::lang::say(&reason)})
}

fn no_completion(n: usize, presets: &[Square]) -> String {
    let names: Vec<String> = presets.iter().map(|s| s.to_string()).collect();
    match names.len() {
        0 => format!("no solution exists for N = {n}"),
        _ => format!(
            "the {n}x{n} board with the queens on {} cannot be completed: the exhaustive search finds no completion",
            names.join(", ")
        ),
    }
}
