//! `GET /api/classify?rows=1,5,8,6,3,7,2,4`: a placement's symmetry class, as `queens
//! classify` gives it, with all 8 images.

use super::Job;
use crate::error::{bad, ApiResult, Code};
use crate::limits::Limits;
use crate::query::Query;
use queens::record::Classification;
use queens::Orbit;
use serde_json::json;

/// The record `queens classify --json` writes: `{"n","rows","solution","conflict","orbit",
/// "kind","fixed_by","canonical","is_canonical","members":[{"symmetry","rows"}, ... in
/// Symmetry::ALL order]}` (`conflict` only when it is not a solution).
pub fn ask(limits: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    let q = Query::parse(raw, &["rows"])?;
    let p = q.rows("rows", limits.max_n.check)?;
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
    Ok(Job::done(Classification::of(&p, &Orbit::of(&p))))
}
