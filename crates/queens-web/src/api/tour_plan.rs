//! `GET /api/tour/count/plan`: before a count of tours starts, whether it can end here. The
//! library's guide to the peak states of the frontier programme
//! ([`queens::tour::frontier::typical_peak_states`]) gives the memory, checked against
//! [`TOUR_COUNT_BYTES`] as `/api/tour/count/stream` checks it; the time is that peak times the
//! cells swept times the library's figure per state and cell
//! ([`queens::tour::frontier::typical_cpu_seconds`]), set against the time limit, as
//! `/api/tour/count/stream` sets it before it starts. Nothing is
//! counted: the answer is immediate.

use super::Job;
use crate::error::{ApiError, ApiResult};
use crate::limits::{Limits, TOUR_COUNT_BYTES};
use crate::query::Query;
use queens::tour::{self, frontier};
use queens::Square;
use serde_json::json;

/// `{"rows","cols","states","memory_mib","memory_limit_mib","fits_memory","seconds",
/// "time_limit","fits_time"}` for the count `/api/tour/count/stream` would make with these
/// parameters; 400 when it does not take the board at all.
pub fn ask(limits: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    let q = Query::parse(raw, &["board", "from", "closed"])?;
    let board = super::tour::board(&q, "8")?;
    let from = super::tour::from(&q, board)?;
    let closed = q.flag("closed", false)?;
    frontier::check(board).map_err(|e| ApiError::Bad(super::tour::frontier_said(&e)))?;
    let kind = match closed {
        true => frontier::Kind::Closed,
        false => frontier::Kind::From(from),
    };
    // A closed count on a board without closed tours is answered at once (0), as the stream does.
    let none = closed && tour::existence(board, Square::new(0, 0), true).is_err();
    let states = match none {
        true => 0,
        false => frontier::typical_peak_states(board, kind),
    };
    let bytes = states.saturating_mul(frontier::bytes_per_state(board));
    let seconds = match none {
        true => 0.0,
        false => frontier::typical_cpu_seconds(board, kind) / limits.speed,
    };
    let limit = limits.time_limit.as_secs_f64();
    Ok(Job::done(json!({
        "rows": board.rows,
        "cols": board.cols,
        "states": states,
        "memory_mib": bytes.div_ceil(1 << 20),
        "memory_limit_mib": TOUR_COUNT_BYTES >> 20,
        "fits_memory": bytes <= TOUR_COUNT_BYTES,
        "seconds": seconds,
        "time_limit": limit,
        "fits_time": seconds <= limit,
    })))
}
