//! `GET /api/solve?n=10000&algorithm=explicit|min-conflicts&seed=7`: one solution for a big
//! board, checked here by the library's linear test.

use super::Job;
use crate::error::{bad, ApiResult, Code, Said};
use crate::limits::Limits;
use crate::query::Query;
use queens::construct::{self, explicit, min_conflicts, Method};
use serde_json::json;
use web_time::Instant;

/// The library's methods this endpoint offers (the random one is for small boards only).
const OFFERED: [Method; 2] = [Method::Explicit, Method::MinConflicts];

/// `{"n","algorithm","rows","valid","seconds"}` (and `seed`), or `{"n","exists":false,"reason"}`.
pub fn ask(limits: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    let q = Query::parse(raw, &["n", "algorithm", "seed"])?;
    let n = q.n(limits.max_n.solve)?;
    let algorithm = q.named("algorithm", &OFFERED, Method::name)?;
    let seed = match (algorithm, q.get("seed")) {
        (Method::Explicit, Some(_)) => {
            return Err(bad(
                Code::SeedExplicit,
                json!({}),
                "seed has no effect with algorithm explicit (the construction draws nothing): leave it out, or use min-conflicts",
            ))
        }
        _ => q.number("seed", 0, u64::MAX, Some(1))?,
    };
    if let Some(why) = construct::why_none(n as u64) {
        let mut answer = json!({"n": n, "exists": false});
        no_solution(n, Some(why)).add_reason(&mut answer);
        return Ok(Job::done(answer));
    }
    Ok(Job::heavy(move |control| {
        let start = Instant::now();
        let p = match algorithm {
            Method::Explicit => explicit::placement(n),
            _ => min_conflicts::solve(n, seed, control)?.map(|(p, _)| p),
        };
        answer(n, algorithm, seed, p, start.elapsed().as_secs_f64())
    }))
}

/// The answer of a search that ran.
fn answer(
    n: usize,
    algorithm: Method,
    seed: u64,
    p: Option<queens::Placement>,
    seconds: f64,
) -> ApiResult<serde_json::Value> {
    let Some(p) = p else {
        return Err(crate::error::ApiError::Internal(Said::internal(format!(
            "no solution found for N = {n}"
        ))));
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
    Ok(body)
}

/// No solution exists for `n`, and why when the library says (N = 2 and 3): the page words the
/// reason from N.
pub fn no_solution(n: usize, why: Option<&str>) -> Said {
    let text = match why {
        Some(why) => format!("no solution exists for N = {n}: {why}"),
        None => format!("no solution exists for N = {n}"),
    };
    Said::new(Code::NoSolution, json!({"n": n}), text)
}
