//! `GET /api/cover?n=`: N solutions that together fill every square of the N x N board, found
//! as `queens cover N` finds them, by the search the library chooses for N
//! ([`queens::cover::plan::chosen`]): Pólya's modular construction when N is prime to 6, the
//! exact search to 16, the search by quads (15, and N = 0, 1 or 3 mod 4) and the mirror-pair
//! search (N = 2 mod 4) from seed 1, under the heavy requests' permits and time limit. An N
//! whose search has no measured end ([`queens::cover::plan::cost`]: 27 is open, 30 is not
//! found in minutes) is refused at once with the reason.

use super::Job;
use crate::error::{bad, engine_said, ApiError, ApiResult, Code, Said};
use crate::limits::Limits;
use crate::query::Query;
use queens::cover::{self, plan, symmetric::Turn};
use queens::record::CoverRecord;
use serde_json::json;

/// The largest N asked here: past it the solutions would not be readable on the page (and the
/// exact search stops at 16 anyway; N prime to 6 is answered at once).
pub const MAX_N: usize = 32;

/// `{"n","exists":true,"method","solutions":[[rows 1-based],...],"symmetries":[names]}` (the
/// symmetries of the board but the identity that map the cover onto itself, named as
/// [`queens::Symmetry::name`] names them) or `{"n","exists":false}` (the exact search proved
/// that none exists).
pub fn ask(_: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    let q = Query::parse(raw, &["n"])?;
    let n = q.n(MAX_N)?;
    let algorithm = plan::chosen(n).map_err(|e| ApiError::Bad(engine_said(&e)))?;
    let turn = Turn::for_size(n);
    match plan::cost(n, algorithm, turn) {
        plan::Cost::Open => {
            return Err(ApiError::OpenQuestion(Said::new(
                Code::OpenQuestion,
                json!({"n": n, "max": MAX_N}),
                format!(
                    "bad n '{n}': whether the {n} x {n} board has a cover is an open question; \
                     every N from 1 to {MAX_N} but 27 and 30 is answered"
                ),
            )))
        }
        plan::Cost::Unbounded(_) => {
            return Err(bad(
                Code::CoverTime,
                json!({"n": n, "max": MAX_N}),
                format!(
                    "bad n '{n}': no cover of the {n} x {n} board is found within the server's \
                     time limit (the command queens cover {n} searches longer); every N from 1 \
                     to {MAX_N} but 27 and 30 is answered"
                ),
            ))
        }
        _ => {}
    }
    Ok(Job::heavy(move |control| {
        let found = match plan::run(n, algorithm, turn, 1, control)? {
            plan::Outcome::Found(cover) => Some(cover),
            plan::Outcome::NoCover => None,
            other => {
                return Err(ApiError::Internal(Said::internal(format!(
                    "{} chosen for {n} came back with no answer: {other:?}",
                    algorithm.name()
                ))))
            }
        };
        if let Some(fault) = found
            .as_ref()
            .and_then(|c| cover::check(n, &c.solutions).err())
        {
            return Err(ApiError::Internal(Said::internal(format!(
                "the search's answer for {n} is no cover: {fault}"
            ))));
        }
        Ok(CoverRecord::of(n, found.as_ref()))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The N the library's costs make the page refuse at once are the two its messages name.
    #[test]
    fn the_refused_n_are_27_and_30() {
        let refused: Vec<usize> = (1..=MAX_N)
            .filter(|&n| {
                let algorithm = plan::chosen(n).unwrap();
                !matches!(
                    plan::cost(n, algorithm, Turn::for_size(n)),
                    plan::Cost::Seconds(_)
                )
            })
            .collect();
        assert_eq!(refused, [27, 30]);
    }
}
