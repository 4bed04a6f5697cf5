//! `GET /api/tour/trace?board=5&from=c3&method=wirth&limit=200000`: a knight's tour search
//! step by step, as `queens tour 5 --from c3 --algorithm wirth --trace --json` prints it.
//!
//! The parameters are those of `/api/tour` (`board`, `from`, `closed`, `method`: here wirth,
//! the default, or warnsdorff, the two searches) and `limit`, the most steps sent. Each step is
//! the library's trace record ([`TraceStep`]): the step, its fields and the counters `placed`,
//! `tried` and `backtracks` so far. The body is streamed as `/api/trace` streams its own
//! (`trace::body`): `{"rows","cols","from","closed","method","steps":[...],
//! "truncated","found","work"}`, `"timeout":true` when the time limit cut it short. Existence
//! is decided first, as `/api/tour` decides it: a start with no tour is answered at once,
//! `{"rows","cols","from","closed","method","found":false,"reason"}`, with no steps.

use super::body::{Steps, Traced};
use crate::error::{bad, board_values, find_said, with, ApiError, ApiResult, Code};
use crate::limits::{Limits, TRACE_STEPS};
use crate::query::Query;
use queens::tour::step::{self, TraceStep, TRACED};
use queens::tour::{self, Board, FindError, Method};
use queens::{Control, Square};
use serde_json::{json, Value};
use std::ops::ControlFlow;

/// The trace of one search, or the reason no tour exists.
pub fn ask(limits: &Limits, raw: Option<&str>) -> ApiResult<Traced> {
    let q = Query::parse(raw, &["board", "from", "method", "closed", "limit"])?;
    let board = super::tour::board(&q, "5")?;
    let method = q.named("method", &TRACED, Method::name)?;
    let from = super::tour::from(&q, board)?;
    let closed = q.flag("closed", false)?;
    let max = limits.max_n.tour_search_squares;
    if board.square_count() > max {
        return Err(bad(
            Code::TourTraceSquares,
            with(
                board_values(board),
                json!({"squares": board.square_count(), "max": max}),
            ),
            format!(
                "board {board} has {} squares: a search is traced on boards of at most {max}",
                board.square_count()
            ),
        ));
    }
    let limit = q.number("limit", 1, TRACE_STEPS, Some(200_000))?;
    let trace = Trace {
        board,
        from,
        closed,
        method,
        limit,
    };
    // On a board this small the rules and the narrow programme decide at once.
    match tour::decide(board, from, closed, &Control::new()) {
        Ok(()) => {}
        Err(e @ FindError::NoTour(_)) => {
            let mut answer = trace.head();
            answer["found"] = json!(false);
            find_said(&e).add_reason(&mut answer);
            return Ok(Traced::Answered(answer));
        }
        Err(e) => return Err(ApiError::Bad(find_said(&e))),
    }
    Ok(Traced::Write(Box::new(move |c, w| trace.write(c, w))))
}

/// What to trace.
struct Trace {
    board: Board,
    from: Square,
    closed: bool,
    method: Method,
    limit: u64,
}

impl Trace {
    /// The fields before the steps.
    fn head(&self) -> Value {
        json!({
            "rows": self.board.rows,
            "cols": self.board.cols,
            "from": self.from.to_string(),
            "closed": self.closed,
            "method": self.method.name(),
        })
    }

    /// Runs the search and writes the whole body.
    fn write(self, control: &Control, w: &mut Steps) {
        w.open(&self.head());
        let (mut n, mut timeout, mut gone) = (0u64, false, false);
        // The work after the last step written: a search stopped for the limit has already
        // counted part of the step it was stopped at.
        let mut shown = None;
        let board = self.board;
        let run = step::trace(
            board,
            self.from,
            self.closed,
            self.method,
            control,
            |e, work| {
                if n >= self.limit {
                    return ControlFlow::Break(());
                }
                if n % 1024 == 0 && w.past_deadline() {
                    timeout = true;
                    return ControlFlow::Break(());
                }
                n += 1;
                if !w.step(&TraceStep::new(n, board, e, work)) {
                    gone = true;
                    return ControlFlow::Break(());
                }
                shown = Some(*work);
                ControlFlow::Continue(())
            },
        );
        if w.preempted() {
            return w.close_preempted();
        }
        // A search cancelled otherwise (its client went) has no one to end for.
        let Ok(traced) = run else { return };
        if gone {
            return;
        }
        let work = match (traced.stopped, shown) {
            (true, Some(shown)) => shown,
            _ => traced.work,
        };
        let mut tail = json!({
            "truncated": traced.stopped,
            "found": traced.tour.is_some(),
            "work": work,
        });
        if timeout {
            tail["timeout"] = json!(true);
        }
        w.close(&tail);
    }
}
