//! `GET /api/counts`: the table of counts for N = 1 to 27, computed here for small N (once,
//! then kept) and the published values beyond, each row marked which.

use super::{Job, Weight};
use crate::error::{ApiError, ApiResult, Said};
use crate::limits::{Limits, COUNTS_COMPUTED, COUNTS_UP_TO};
use crate::query::Query;
use queens::count::{self, published, Engine};
use queens::Control;
use serde_json::{json, Value};
use std::sync::OnceLock;

/// The table, once computed.
static TABLE: OnceLock<Value> = OnceLock::new();

/// `{"rows":[{"n","total","fundamental","source":"computed"|"published"}, ...]}`, numbers as
/// decimal strings (a(27) is beyond 2^53).
pub fn ask(_: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    Query::parse(raw, &[])?;
    if let Some(table) = TABLE.get() {
        return Ok(Job::done(table.clone()));
    }
    Ok(Job::with(Weight::Blocking, |_| {
        let computed = table()?;
        Ok(TABLE.get_or_init(|| computed).clone())
    }))
}

/// The whole table.
fn table() -> ApiResult<Value> {
    let mut rows = Vec::new();
    for n in 1..=COUNTS_UP_TO {
        let row = match n <= COUNTS_COMPUTED {
            true => {
                let c = count::count(n, Engine::Auto, &Control::new())?;
                row(n, c.total, c.fundamental(), "computed")
            }
            false => {
                let p = published::get(n).ok_or_else(|| {
                    ApiError::Internal(Said::internal(format!("no published count for {n}")))
                })?;
                row(n, p.total, p.fundamental, "published")
            }
        };
        rows.push(row);
    }
    Ok(json!({ "rows": rows }))
}

fn row(n: usize, total: u128, fundamental: u128, source: &str) -> Value {
    json!({"n": n, "total": total.to_string(), "fundamental": fundamental.to_string(), "source": source})
}
