//! `GET /api/solutions?n=8&fundamental=false&offset=0&limit=100`: one page of the solutions
//! in the order of `queens list` (with `fundamental`, one per orbit as `queens list
//! --fundamental` gives them).
//!
//! With `piece=superqueen` or `torus=true` ([`super::rules`]) the solutions under those rules
//! come in lexicographic order of their rows, from the library's search under any rules; with
//! `fundamental`, one per class under the board's symmetries (the torus's 8N² on the torus)
//! and `orbit` the size of that class, as the library chooses them for `queens list`.
//!
//! N up to 12 is answered at once (at most 14,200 solutions to walk); larger N walk up to a
//! million solutions to reach `offset`, so they run as heavy requests.

use super::Job;
use crate::error::ApiResult;
use crate::limits::{Limits, SOLUTIONS_OFFSET, SOLUTIONS_PAGE};
use crate::query::Query;
use queens::count::published;
use queens::rules::Rules;
use queens::{symmetry, Control, Orbit, Placement, Solutions};
use serde_json::{json, Value};
use std::ops::ControlFlow;

/// N up to this is answered without a permit.
const LIGHT_N: usize = 12;

/// A page of solutions, `more` when the listing goes on, `total` when known.
pub fn ask(limits: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    let q = Query::parse(
        raw,
        &["n", "fundamental", "offset", "limit", "piece", "torus"],
    )?;
    let n = q.n(limits.max_n.solutions)?;
    let fundamental = q.flag("fundamental", false)?;
    let offset = q.number("offset", 0, SOLUTIONS_OFFSET - 1, Some(0))?;
    let limit = q.number("limit", 1, SOLUTIONS_PAGE, Some(100))?;
    let page = Page {
        n,
        fundamental,
        offset,
        limit,
        rules: super::rules::read(&q)?,
    };
    Ok(match n <= LIGHT_N {
        true => Job::light(move |control| page.list(control)),
        false => Job::heavy(move |control| page.list(control)),
    })
}

/// What was asked.
#[derive(Clone, Copy)]
struct Page {
    n: usize,
    fundamental: bool,
    offset: u64,
    limit: u64,
    rules: Rules,
}

impl Page {
    /// Walks the listing to the page and one past it.
    fn list(self, control: &Control) -> Result<Value, crate::error::ApiError> {
        if !self.rules.is_classic() {
            return self.list_under_rules(control);
        }
        let mut listed = Solutions::new(self.n)?
            .filter(|p| !self.fundamental || symmetry::is_canonical(p))
            .enumerate();
        let mut solutions = Vec::new();
        let (mut more, mut seen) = (false, 0u64);
        for (index, p) in listed.by_ref() {
            seen = index as u64 + 1;
            if index % 4096 == 0 && control.is_cancelled() {
                return Err(queens::Error::Cancelled.into());
            }
            if (index as u64) < self.offset {
                continue;
            }
            if solutions.len() as u64 == self.limit {
                more = true;
                break;
            }
            let orbit = Orbit::of(&p).size;
            solutions.push(json!({"index": index, "rows": p.rows_1based(), "orbit": orbit}));
        }
        let total = match (more, published::get(self.n)) {
            (false, _) => Some(seen as u128),
            (_, Some(p)) if self.n <= LIGHT_N => Some(match self.fundamental {
                true => p.fundamental,
                false => p.total,
            }),
            _ => None,
        };
        Ok(json!({
            "n": self.n,
            "fundamental": self.fundamental,
            "offset": self.offset,
            "limit": self.limit,
            "solutions": solutions,
            "more": more,
            "total": total.map(|t| t as u64),
        }))
    }

    /// The page under other rules, walking the library's search in lexicographic order; the
    /// total is known when the walk ends within the page.
    fn list_under_rules(self, control: &Control) -> Result<Value, crate::error::ApiError> {
        let board = queens::rules::search::RulesBoard::new(self.n, self.rules)?;
        let mut solutions = Vec::new();
        let (mut more, mut seen) = (false, 0u64);
        board.each(control, |rows| {
            let p = Placement::from_rows(rows.to_vec()).expect("the search gives placements");
            let class = match self.fundamental {
                true => match self.rules.representative(&p) {
                    Some(size) => Some(size),
                    None => return ControlFlow::Continue(()),
                },
                false => None,
            };
            let index = seen;
            seen += 1;
            if index < self.offset {
                return ControlFlow::Continue(());
            }
            if solutions.len() as u64 == self.limit {
                more = true;
                return ControlFlow::Break(());
            }
            let orbit = class.unwrap_or_else(|| self.rules.class_size(&p));
            solutions.push(json!({"index": index, "rows": p.rows_1based(), "orbit": orbit}));
            ControlFlow::Continue(())
        })?;
        Ok(json!({
            "n": self.n,
            "fundamental": self.fundamental,
            "offset": self.offset,
            "limit": self.limit,
            "piece": self.rules.piece.name(),
            "torus": self.rules.torus,
            "solutions": solutions,
            "more": more,
            "total": (!more).then_some(seen),
        }))
    }
}
