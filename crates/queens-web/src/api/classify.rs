//! `GET /api/classify?rows=1,5,8,6,3,7,2,4`: a placement's symmetry class, as `queens
//! classify` gives it, with all 8 images.

use super::Job;
use crate::error::{bad, ApiResult, Code};
use crate::limits::Limits;
use crate::query::Query;
use queens::{symmetry, Orbit, Symmetry};
use serde_json::{json, Value};

/// `{"n","rows","solution","conflict","orbit_size","kind","fixed_by","canonical",
/// "is_canonical","members":[{"symmetry","rows"}, ... in Symmetry::ALL order]}`.
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
    let orbit = Orbit::of(&p);
    let members: Vec<Value> = Symmetry::ALL
        .iter()
        .map(|g| json!({"symmetry": g.name(), "rows": g.apply(&p).rows_1based()}))
        .collect();
    Ok(Job::done(json!({
        "n": p.n(),
        "rows": p.rows_1based(),
        "solution": p.is_solution(),
        "conflict": p.first_conflict(),
        "orbit_size": orbit.size,
        "kind": orbit.kind().name(),
        "fixed_by": orbit.stabilizer.iter().map(|g| g.name()).collect::<Vec<_>>(),
        "canonical": orbit.canonical.rows_1based(),
        "is_canonical": symmetry::is_canonical(&p),
        "members": members,
    })))
}
