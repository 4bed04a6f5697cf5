//! `queens tour N|MxN --from SQUARE --algorithm wirth|warnsdorff --trace [--limit K] [--json]`:
//! a tour search step by step.
//!
//! Every step the search takes, numbered: the start, a move made (Wirth's move number k, or
//! Warnsdorff's rank with its onward moves), a move rejected and why (off the board, a
//! square visited already, or one of Warnsdorff's prunings), a move taken back, the tour. As
//! text, one step per line, as `queens trace` writes the queens' steps; as JSON lines, the
//! library's trace record ([`TraceStep`]: the step, its fields and the counters so far), the
//! same record the web page animates.

use crate::exit::{bad, Exit, Failure, Result};
use crate::job::Job;
use crate::output::Out;
use queens::tour::step::{self, Choice, Event, Reason, TraceStep};
use queens::tour::{Board, FindError, Method};
use queens::Square;
use std::io::Write;
use std::ops::ControlFlow;

/// What to trace and how to write it.
pub struct Request {
    /// The board.
    pub board: Board,
    /// The start square.
    pub from: Square,
    /// A closed tour.
    pub closed: bool,
    /// Wirth or Warnsdorff.
    pub method: Method,
    /// Stop after this many steps.
    pub limit: Option<u64>,
    /// JSON lines rather than text.
    pub json: bool,
    /// The work on stderr at the end.
    pub stats: bool,
    /// Seconds before giving up.
    pub time_limit: Option<f64>,
}

pub fn run(r: Request) -> Result<Exit> {
    if !step::TRACED.contains(&r.method) {
        return Err(bad(
            "--trace follows a search step by step: give --algorithm wirth or warnsdorff",
        ));
    }
    let job = Job::start(
        format!("tracing a tour search on {}", r.board),
        r.time_limit,
    );
    let mut out = Out::stdout();
    let limit = r.limit.unwrap_or(u64::MAX);
    let mut n = 0u64;
    let mut failure: Option<std::io::Error> = None;
    let board = r.board;
    let traced = step::trace(
        board,
        r.from,
        r.closed,
        r.method,
        job.control(),
        |e, work| {
            if n >= limit {
                return ControlFlow::Break(());
            }
            n += 1;
            let written = if r.json {
                out.json_line(&TraceStep::new(n, board, e, work))
            } else {
                writeln!(out, "{}", step_text(n, e)).and_then(|()| out.record())
            };
            match written {
                Ok(()) => ControlFlow::Continue(()),
                Err(err) => {
                    failure = Some(err);
                    ControlFlow::Break(())
                }
            }
        },
    );
    if let Some(e) = failure {
        return Err(e.into());
    }
    let traced = match traced {
        Ok(t) => t,
        Err(FindError::Stopped(e)) => return Err(job.check::<()>(Err(e)).unwrap_err()),
        Err(e) => return Err(super::tour::find_error(e)),
    };
    let seconds = job.seconds();
    drop(job);
    out.flush()?;
    if r.stats {
        let work = super::tour::work_text(r.method, traced.work);
        eprintln!("{work}; seconds: {seconds:.3}");
    }
    if traced.stopped {
        eprintln!("queens: trace stopped after {n} steps (--limit)");
    } else if traced.tour.is_none() {
        return Err(Failure::No(
            FindError::Exhausted {
                from: r.from.to_string(),
            }
            .to_string(),
        ));
    }
    Ok(Exit::Success)
}

/// One step as a line of text.
fn step_text(n: u64, e: &Event<'_>) -> String {
    match *e {
        Event::Start(s) => format!("{n:>6}  start   {s}  (square 1)"),
        Event::Move {
            from,
            to,
            i,
            choice,
        } => format!(
            "{n:>6}  move    {from} {to}  ({}, square {i})",
            chosen(choice)
        ),
        Event::Reject {
            from,
            to,
            choice,
            reason,
            ..
        } => {
            let target = match reason {
                Reason::OffBoard => "--".to_string(),
                _ => Square::new(to.0 as u32, to.1 as u32).to_string(),
            };
            format!(
                "{n:>6}  reject  {from} {target}  ({}): {}",
                chosen(choice),
                why(reason)
            )
        }
        Event::Undo { from, to, i } => {
            format!("{n:>6}  undo    {to} {from}  (square {i} erased)")
        }
        Event::Tour(tour) => {
            let squares: Vec<String> = tour.squares().map(|s| s.to_string()).collect();
            format!("{n:>6}  tour    {}", squares.join(" "))
        }
    }
}

/// How a move was chosen, in words.
fn chosen(choice: Choice) -> String {
    match choice {
        Choice::Wirth { k } => format!("k = {k}"),
        Choice::Warnsdorff { rank, onward, ties } => {
            format!("rank {rank}, {onward} onward, {ties} tied")
        }
    }
}

/// Why a move is not made, in words.
fn why(reason: Reason) -> String {
    match reason {
        Reason::OffBoard => "off the board".to_string(),
        Reason::Visited(at) => format!("visited already, square {at}"),
        Reason::Open => "the board is full but the tour does not close".to_string(),
        Reason::EndsEarly => "it has one way in left: it must be the last square".to_string(),
        Reason::TwoEnds => "it would leave two squares that must each be the last".to_string(),
        Reason::Split => "the unvisited squares would fall apart".to_string(),
        Reason::OuterRows => "the outer rows would not fit in the rest".to_string(),
    }
}
