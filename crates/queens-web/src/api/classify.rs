//! `GET /api/classify?rows=1,5,8,6,3,7,2,4`: a placement's symmetry class, as `queens
//! classify` gives it, with all 8 images.

use crate::error::{bad, ApiResult, Code};
use crate::query::Query;
use crate::State;
use axum::extract::{RawQuery, State as Shared};
use axum::Json;
use queens::record::Classification;
use queens::Orbit;
use serde_json::json;
use std::sync::Arc;

/// The record `queens classify --json` writes: `{"n","rows","solution","conflict","orbit",
/// "kind","fixed_by","canonical","is_canonical","members":[{"symmetry","rows"}, ... in
/// Symmetry::ALL order]}` (`conflict` only when it is not a solution).
pub async fn get(
    Shared(state): Shared<Arc<State>>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Classification>> {
    let q = Query::parse(raw.as_deref(), &["rows"])?;
    let p = q.rows("rows", state.limits.max_n.check)?;
    if !p.is_permutation() {
        return Err(bad(
            Code::NotPermutation,
            json!({"text": p.perm()}),
            format!(
                "bad rows '{}': two queens in one row; classify takes one queen in each row and column",
                p.perm()
            ),
        ));
    }
    Ok(Json(Classification::of(&p, &Orbit::of(&p))))
}
