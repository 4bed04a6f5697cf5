//! `GET /api/solve?n=10000&algorithm=explicit|min-conflicts&seed=7`: one solution for a big
//! board, checked here by the library's linear test.

use super::Job;
use crate::error::{bad, ApiResult, Code, Said};
use crate::limits::Limits;
use crate::query::Query;
use queens::construct::{self, explicit, min_conflicts, Method};
use queens::record::{SolveStats, Solved};
use serde::Serialize;
use serde_json::{json, Value};
use web_time::Instant;

/// The library's methods this endpoint offers (the random one is for small boards only).
const OFFERED: [Method; 2] = [Method::Explicit, Method::MinConflicts];

/// The answer: the record `queens solve N --json --stats` writes, checked here (`{"n","rows",
/// "valid","stats":{"method","seed",...,"seconds"}}`), or `{"n","exists":false,"reason"}` when
/// no solution exists.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// A solution.
    Solved(Solved),
    /// None exists, and why.
    None(Value),
}

/// `n`, `algorithm` (explicit or min-conflicts) and `seed` (min-conflicts only).
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
        return Ok(Job::done(Answer::None(answer)));
    }
    Ok(Job::heavy(move |control| {
        let start = Instant::now();
        let found = match algorithm {
            Method::Explicit => explicit::placement(n)
                .map(|p| (p, SolveStats::explicit(n, start.elapsed().as_secs_f64()))),
            _ => min_conflicts::solve(n, seed, control)?.map(|(p, work)| {
                let seconds = start.elapsed().as_secs_f64();
                (p, SolveStats::min_conflicts(seed, &work, seconds))
            }),
        };
        solved(n, found)
    }))
}

/// The answer of a search that ran: its solution, checked here.
fn solved(n: usize, found: Option<(queens::Placement, SolveStats)>) -> ApiResult<Answer> {
    let Some((p, stats)) = found else {
        return Err(crate::error::ApiError::Internal(Said::internal(format!(
            "no solution found for N = {n}"
        ))));
    };
    Ok(Answer::Solved(Solved {
        n,
        rows: p.rows_1based(),
        valid: Some(p.first_conflict().is_none()),
        stats: Some(stats),
    }))
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
