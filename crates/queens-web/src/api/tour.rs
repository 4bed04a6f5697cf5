//! `GET /api/tour` (one knight's tour), `GET /api/tour/count` (how many, by enumeration, on
//! boards of at most 64 squares) and `GET /api/tour/count/stream` (how many, by the frontier
//! programme, on boards with a side of at most 12, as server-sent events with progress), by the
//! library's methods, as `queens tour` runs them.

use super::{Job, Stream};
use crate::error::{bad, board_values, find_said, with, ApiError, ApiResult, Code, Said};
use crate::limits::{Limits, TOUR_COUNT_BYTES};
use crate::query::{shorten, Query};
use queens::record::{BigCount, ClosedTours, ToursFrom};
use queens::tour::{self, count, frontier, BigUint, Board, FindError, Method};
use queens::Square;
use serde::Serialize;
use serde_json::{json, Value};

/// `{"rows","cols","from","closed","found":true,"method","path":[[c,r],...],"work"}`, or
/// `{"rows","cols","from","closed","found":false,"reason"}` when no tour exists.
pub fn ask(limits: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    let q = Query::parse(raw, &["board", "from", "method", "closed"])?;
    let board = board(&q, "8")?;
    let method = q.named("method", &Method::ALL, Method::name)?;
    let from = from(&q, board)?;
    let closed = q.flag("closed", false)?;
    let limits = &limits.max_n;
    let max = match method {
        Method::Wirth | Method::Warnsdorff => limits.tour_search_squares,
        _ => limits.tour_squares,
    };
    if board.square_count() > max {
        return Err(bad(
            Code::TourSquares,
            with(
                board_values(board),
                json!({"squares": board.square_count(), "method": method.name(), "max": max}),
            ),
            format!(
                "board {board} has {} squares: method {} takes at most {max} here",
                board.square_count(),
                method.name()
            ),
        ));
    }
    Ok(Job::heavy(move |control| {
        let found = match tour::find(board, from, closed, method, control) {
            Err(FindError::Stopped(e)) => return Err(e.into()),
            other => other,
        };
        answer(board, from, closed, found)
    }))
}

/// The answer of a search that ended.
fn answer(
    board: Board,
    from: Square,
    closed: bool,
    found: Result<tour::Found, FindError>,
) -> ApiResult<Answer> {
    let answer = Answer {
        rows: board.rows,
        cols: board.cols,
        from: from.to_string(),
        closed,
        found: found.is_ok(),
        method: None,
        path: None,
        work: None,
        reason: None,
        reason_code: None,
        reason_values: None,
    };
    match found {
        Ok(found) => Ok(Answer {
            method: Some(found.method.name()),
            path: Some(super::pairs(found.tour.squares())),
            work: Some(found.work),
            ..answer
        }),
        Err(e @ (FindError::NoTour(_) | FindError::Exhausted { .. })) => {
            let said = find_said(&e);
            Ok(Answer {
                reason: Some(said.text),
                reason_code: Some(said.code.name()),
                reason_values: Some(said.values),
                ..answer
            })
        }
        Err(e @ FindError::Invalid(_)) => Err(ApiError::Internal(find_said(&e))),
        Err(e) => Err(ApiError::Bad(find_said(&e))),
    }
}

/// The answer of `/api/tour`, serialized straight from the path (a million squares as a
/// JSON value would take ten times the memory).
#[derive(Serialize)]
pub struct Answer {
    rows: usize,
    cols: usize,
    from: String,
    closed: bool,
    found: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    method: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<Vec<[u64; 2]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    work: Option<tour::Work>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason_code: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason_values: Option<Value>,
}

/// The library's records, as `queens tour --count --json` writes them: [`ToursFrom`]
/// `{"rows","cols","from","tours"}`, the directed open tours from `from`, or (closed)
/// [`ClosedTours`] `{"rows","cols","closed_tours","closed_tours_directed"}`, the closed tours of
/// the board counted once each whatever their start and direction, and once in each direction.
pub fn ask_count(_: &Limits, raw: Option<&str>) -> ApiResult<Job> {
    let q = Query::parse(raw, &["board", "from", "closed"])?;
    let board = board(&q, "5")?;
    let from = from(&q, board)?;
    let closed = q.flag("closed", false)?;
    if board.square_count() > count::MAX_ENUMERATED_SQUARES {
        return Err(bad(
            Code::TourCountSquares,
            with(
                board_values(board),
                json!({"squares": board.square_count(), "max": count::MAX_ENUMERATED_SQUARES}),
            ),
            format!(
                "board {board} has {} squares: tours are counted on boards of at most {}",
                board.square_count(),
                count::MAX_ENUMERATED_SQUARES
            ),
        ));
    }
    Ok(Job::heavy(move |control| {
        let big = |n: u64| BigCount(BigUint::from(n));
        match closed {
            true => {
                let tours = count::closed(board, control)?;
                super::reply(&ClosedTours {
                    rows: board.rows,
                    cols: board.cols,
                    closed_tours: big(tours),
                    closed_tours_directed: BigCount(BigUint::from(tours) * 2u32),
                })
            }
            false => super::reply(&ToursFrom {
                rows: board.rows,
                cols: board.cols,
                from: from.to_string(),
                tours: big(count::open_from(board, from, control)?),
            }),
        }
    }))
}

/// The events of a frontier count (a [`Stream`]): `progress` in cells, then
/// `result` `{"rows","cols","from","closed","tours","seconds"}`, `tours` a decimal string
/// (directed open tours from `from`, or the closed tours counted once each).
pub fn ask_count_stream(limits: &Limits, raw: Option<&str>) -> ApiResult<Stream> {
    let q = Query::parse(raw, &["board", "from", "closed"])?;
    let board = board(&q, "8")?;
    let from = from(&q, board)?;
    let closed = q.flag("closed", false)?;
    frontier::check(board).map_err(|e| ApiError::Bad(frontier_said(&e)))?;
    let kind = match closed {
        true => frontier::Kind::Closed,
        false => frontier::Kind::From(from),
    };
    // A closed count on a board without closed tours is answered at once (0).
    let none = closed && tour::existence(board, Square::new(0, 0), true).is_err();
    let need = frontier::typical_peak_bytes(board, kind);
    if need > TOUR_COUNT_BYTES && !none {
        return Err(bad(
            Code::TourCountMemory,
            with(
                board_values(board),
                json!({"need_mib": need >> 20, "most_mib": TOUR_COUNT_BYTES >> 20}),
            ),
            format!(
                "board {board}: its count would hold about {} MiB of states, more than the {} MiB a count may take here (the command line, queens tour --count, takes a --memory budget)",
                need >> 20,
                TOUR_COUNT_BYTES >> 20
            ),
        ));
    }
    // What the library's guide says cannot end within the time limit is refused before it
    // starts, as /api/tour/count/plan says to the page.
    let seconds = frontier::typical_cpu_seconds(board, kind) / limits.speed;
    let limit = limits.time_limit.as_secs_f64();
    if seconds > limit && !none {
        return Err(bad(
            Code::TourCountTime,
            with(
                board_values(board),
                json!({"seconds": seconds.round(), "limit": limit.round()}),
            ),
            format!(
                "board {board}: its count takes about {} s of CPU time by the library's guide, more than this server's time limit of {} s (the command line, queens tour --count, has none)",
                seconds.round(),
                limit.round()
            ),
        ));
    }
    let job = move |control: &queens::Control| -> ApiResult<BigUint> {
        if none {
            return Ok(BigUint::ZERO);
        }
        control.set_total(board.square_count() as u64);
        let mut step = |_: frontier::Step| control.advance(1);
        match frontier::count(board, kind, Some(TOUR_COUNT_BYTES), control, &mut step) {
            Ok(outcome) => Ok(outcome.count),
            Err(frontier::FrontierError::Stopped(e)) => Err(e.into()),
            Err(e) => Err(ApiError::Bad(frontier_said(&e))),
        }
    };
    let answer = move |tours: BigUint, seconds: f64| {
        json!({
            "rows": board.rows,
            "cols": board.cols,
            "from": from.to_string(),
            "closed": closed,
            "tours": tours.to_string(),
            "seconds": seconds,
        })
    };
    Ok(Stream::events(job, answer, super::count::progress_of))
}

/// `board`: N or MxN, read by the library.
pub(crate) fn board(q: &Query, default: &str) -> ApiResult<Board> {
    let text = q.get("board").unwrap_or(default);
    Board::parse(text).map_err(|e| {
        bad(
            Code::BadBoard,
            json!({"text": e.0, "max_side": tour::MAX_SIDE, "max_squares": tour::MAX_SQUARES}),
            e.to_string(),
        )
    })
}

/// Why a frontier count does not take a board, or stopped.
pub(crate) fn frontier_said(e: &frontier::FrontierError) -> Said {
    use frontier::FrontierError as F;
    let text = e.to_string();
    match e {
        F::TooWide { board, max } => Said::new(
            Code::FrontierTooWide,
            with(board_values(*board), json!({"max": max})),
            text,
        ),
        F::OverBudget {
            board,
            budget,
            cell,
            cells,
            states,
        } => Said::new(
            Code::FrontierMemory,
            with(
                board_values(*board),
                json!({"budget": budget, "cell": cell, "cells": cells, "states": states}),
            ),
            text,
        ),
        F::Stopped(e) => crate::error::engine_said(e),
        _ => Said::internal(text),
    }
}

/// `from`: one square (`c3` or `3,3`) on the board; a1 when absent.
pub(crate) fn from(q: &Query, board: Board) -> ApiResult<Square> {
    let text = q.get("from").unwrap_or("a1");
    let square = Square::parse(text).map_err(|_| {
        bad(
            Code::BadFrom,
            json!({"text": shorten(text)}),
            format!(
                "bad from '{}': expected a square like c3 or 3,3",
                shorten(text)
            ),
        )
    })?;
    match board.contains(square) {
        true => Ok(square),
        false => Err(bad(
            Code::FromOffBoard,
            with(board_values(board), json!({"text": shorten(text)})),
            format!(
                "bad from '{}': the square is off the {board} board",
                shorten(text)
            ),
        )),
    }
}
