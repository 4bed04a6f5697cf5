//! `GET /api/dominate`: the fewest queens that watch every square, by the library's
//! `queens::dominate::minimum`, as `queens dominate` runs it, with how minimality is known
//! (Weakley's bound, the exact search over one queen fewer, or not proved). Independent queens
//! are served only up to the N whose search is measured to end within the time limit
//! ([`crate::limits::dominate_independent_max`]): past it, refused at once.

use super::Job;
use crate::error::{ApiError, ApiResult};
use crate::limits::{dominate_independent_max, dominate_proves, Limits};
use crate::query::Query;
use queens::dominate::{self, Options, Why};
use serde::Serialize;

/// The answer: `{"n","queens":["a1",...],"size","minimum","why":{"kind",...}}`.
#[derive(Serialize)]
pub struct Answer {
    n: usize,
    independent: bool,
    queens: Vec<String>,
    size: usize,
    minimum: bool,
    why: Why,
}

/// `n` (1 to the cap; with `independent`, to the N whose search ends within the time limit,
/// 17) and `independent` (queens that do not attack each other).
pub fn ask(limits: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    let q = Query::parse(raw, &["n", "independent"])?;
    let independent = q.flag("independent", false)?;
    let max = limits.max_n.dominate.min(dominate::MAX_N);
    let n = q.n(match independent {
        true => dominate_independent_max(max, limits.forecast_budget()),
        false => max,
    })?;
    let opts = Options {
        independent,
        prove: dominate_proves(n),
        ..Options::default()
    };
    Ok(Job::heavy(move |control| {
        let found = dominate::minimum(n, &opts, control)?;
        answer(n, independent, found)
    }))
}

/// The answer, once the set is checked.
fn answer(n: usize, independent: bool, found: dominate::Dominating) -> ApiResult<Answer> {
    if dominate::check(n, false, &found.queens).is_err() {
        return Err(ApiError::Internal(crate::error::Said::internal(format!(
            "the set found for N = {n} leaves a square unwatched"
        ))));
    }
    Ok(Answer {
        n,
        independent,
        queens: found.queens.iter().map(|s| s.to_string()).collect(),
        size: found.queens.len(),
        minimum: found.why.proved(),
        why: found.why,
    })
}
