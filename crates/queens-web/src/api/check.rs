//! `GET /api/check?n=8&queens=a1,c5`: a partly or fully filled board, and every attack on it,
//! under the classic rules or those of `piece` and `torus` ([`super::rules`]).

use super::Job;
use crate::error::ApiResult;
use crate::limits::{Limits, CHECK_CONFLICTS};
use crate::query::Query;
use serde_json::json;

/// `{"n","queens","valid","complete","conflicts":[...every attacking pair...],"conflict_count"}`
/// (the list stops at [`CHECK_CONFLICTS`] pairs; the count does not), each pair the library's
/// [`queens::Conflict`] record.
pub fn ask(limits: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    let q = Query::parse(raw, &["n", "queens", "piece", "torus"])?;
    let n = q.n(limits.max_n.check)?;
    let queens = q.squares("queens", n)?;
    let rules = super::rules::read(&q)?;
    let attacks = rules.all_attacks(n, &queens);
    Ok(Job::done(json!({
        "n": n,
        "queens": super::pairs(queens.iter().copied()),
        "valid": attacks.is_empty(),
        "complete": attacks.is_empty() && queens.len() == n,
        "conflicts": &attacks[..attacks.len().min(CHECK_CONFLICTS)],
        "conflict_count": attacks.len(),
    })))
}
