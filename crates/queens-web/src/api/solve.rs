//! `GET /api/solve?n=10000&algorithm=explicit|min-conflicts&seed=7`: one solution for a big
//! board, checked here by the library's linear test.

use crate::error::{bad, ApiResult};
use crate::heavy::Client;
use crate::query::Query;
use crate::State;
use axum::extract::{RawQuery, State as Shared};
use axum::Json;
use queens::construct::{self, explicit, min_conflicts, Method};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Instant;

/// The library's methods this endpoint offers (the random one is for small boards only).
const OFFERED: [Method; 2] = [Method::Explicit, Method::MinConflicts];

/// `{"n","algorithm","rows","valid","seconds"}` (and `seed`), or `{"n","exists":false,"reason"}`.
pub async fn get(
    client: Client,
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Value>> {
    let q = Query::parse(raw.as_deref(), &["n", "algorithm", "seed"])?;
    let n = q.n(state.limits.max_n.solve)?;
    let algorithm = q.named("algorithm", &OFFERED, Method::name)?;
    let seed = match (algorithm, q.get("seed")) {
        (Method::Explicit, Some(_)) => {
            return Err(bad(
                "seed has no effect with algorithm explicit (the construction draws nothing): leave it out, or use min-conflicts",
            ))
        }
        _ => q.number("seed", 0, u64::MAX, Some(1))?,
    };
    if let Some(why) = construct::why_none(n as u64) {
        return Ok(Json(json!({
            "n": n,
            "exists": false,
            "reason": crate::lang::say(&format!("no solution exists for N = {n}: {why}")),
        })));
    }
    let found = state
        .heavy
        .run(client, move |control| {
            let start = Instant::now();
            let p = match algorithm {
                Method::Explicit => explicit::placement(n),
                _ => min_conflicts::solve(n, seed, control)?.map(|(p, _)| p),
            };
            Ok((p, start.elapsed().as_secs_f64()))
        })
        .await?;
    let (Some(p), seconds) = found else {
        return Err(crate::error::ApiError::Internal(format!(
            "no solution found for N = {n}"
        )));
    };
    let mut body = json!({
        "n": n,
        "algorithm": algorithm.name(),
        "rows": p.rows_1based(),
        "valid": p.first_conflict().is_none(),
        "seconds": seconds,
    });
    if algorithm.seeded() {
        body["seed"] = json!(seed);
    }
    Ok(Json(body))
}
