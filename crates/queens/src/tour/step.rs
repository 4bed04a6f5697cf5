//! The two tour searches step by step: Wirth's backtracking ([`super::wirth`]) and
//! Warnsdorff's rule with backtracking ([`super::warnsdorff`]) tell each step they take as an
//! [`Event`], with the work counted so far ([`Work`]); [`TraceStep`] is the one record of a step
//! that `queens tour --trace` prints and `/api/tour/trace` sends.
//!
//! A search is generic over its [`Watch`]: the plain search passes `()`, whose `TELLS` is
//! false, so that no event is even built and the search runs as fast as before; [`trace`]
//! passes a watch that hands each event to a callback. Both are the same code, so the trace
//! follows the search's order exactly (the tests check the counters and the tour besides).
//!
//! The record's fields, in order:
//! - `step`: the step's number, from 1;
//! - `event` and its own fields:
//!   - `start`: `square` (the knight's first square, number `i` = 1);
//!   - `move`: `from`, `to` (square names), `i` (the number `to` gets: Wirth's i), and how the
//!     move was chosen: Wirth's `k` (his move number, 1 to 8, in his order), or Warnsdorff's
//!     `rank` (1 = the candidate tried first), `onward` (the onward moves from `to`) and
//!     `ties` (the candidates with as few onward moves, `to` included: more than 1 means the
//!     tie-break chose);
//!   - `reject`: the same, with `to` null when the move leaves the board, `col` and `row`
//!     (the target's file and rank from 1, off the board too), `reason` (see [`Reason`]) and,
//!     for a square already visited, `visited_at` (its number);
//!   - `undo`: `from`, `to` and `i`: the move to `to` (numbered `i`) taken back, the knight
//!     back on `from`;
//!   - `tour`: `path`, the squares of the tour in order;
//! - the running counters up to and including this step: `placed`, `tried`, `backtracks` (as
//!   [`Work`] counts them). At the last step of a finished search they equal the search's.

use super::{decide, warnsdorff, wirth, Board, FindError, Method, Tour, Work};
use crate::control::Control;
use crate::square::Square;
use serde::Serialize;
use std::ops::ControlFlow;

/// What a search tells as it goes. The plain search's `()` tells nothing (its `TELLS` is false,
/// and the searches build no event then).
pub trait Watch {
    /// Whether the search tells its steps at all.
    const TELLS: bool;
    /// One step and the work so far; `Break` stops the search.
    fn tell(&mut self, event: Event<'_>, work: Work) -> ControlFlow<()>;
}

impl Watch for () {
    const TELLS: bool = false;

    #[inline(always)]
    fn tell(&mut self, _: Event<'_>, _: Work) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// One step of a tour search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event<'a> {
    /// The knight is put on its first square (number 1).
    Start(Square),
    /// A move made: the knight goes from `from` to `to`, which gets number `i`.
    Move {
        /// The square moved from.
        from: Square,
        /// The square moved to.
        to: Square,
        /// The number `to` gets.
        i: u32,
        /// How the move was chosen.
        choice: Choice,
    },
    /// A move not made, and why.
    Reject {
        /// The square the knight stands on.
        from: Square,
        /// The target's file and rank from 0 (off the board: below 0 or past the side).
        to: (i64, i64),
        /// The number the target would have got.
        i: u32,
        /// How the move was chosen.
        choice: Choice,
        /// Why it is not made.
        reason: Reason,
    },
    /// The move to `to` (numbered `i`) taken back: the knight is on `from` again.
    Undo {
        /// The square the knight goes back to.
        from: Square,
        /// The square left, no longer visited.
        to: Square,
        /// The number `to` had.
        i: u32,
    },
    /// A tour: every square visited (closing when a closed tour was asked).
    Tour(&'a Tour),
}

/// How a move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Choice {
    /// Wirth's move number `k`, 1 to 8, in his order ([`wirth::DX`], [`wirth::DY`]).
    Wirth {
        /// Wirth's k.
        k: u8,
    },
    /// Warnsdorff's rule: fewest onward moves first.
    Warnsdorff {
        /// The candidate's place in the order tried, from 1.
        rank: u8,
        /// Its onward moves: the unvisited squares a move from it.
        onward: u8,
        /// The candidates with as few onward moves, itself included (more than one: the
        /// tie-break ordered them).
        ties: u8,
    },
}

/// Why a move is not made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The target is off the board (Wirth).
    OffBoard,
    /// The target is visited already, at the number given (Wirth).
    Visited(u32),
    /// The move would fill the board without closing the tour (a closed tour was asked).
    Open,
    /// The target has one way in left, so it must be the tour's last square, and squares
    /// remain (Warnsdorff).
    EndsEarly,
    /// The move would leave two squares with one way in each: both would have to be last
    /// (Warnsdorff).
    TwoEnds,
    /// After the move the unvisited squares fall apart (Warnsdorff).
    Split,
    /// After the move the outer rows of a 4-row board cannot fit in the rest (Warnsdorff).
    OuterRows,
}

impl Reason {
    /// The reason's name in the record: `off_board`, `visited`, `open`, ...
    pub fn name(self) -> &'static str {
        match self {
            Reason::OffBoard => "off_board",
            Reason::Visited(_) => "visited",
            Reason::Open => "open",
            Reason::EndsEarly => "ends_early",
            Reason::TwoEnds => "two_ends",
            Reason::Split => "split",
            Reason::OuterRows => "outer_rows",
        }
    }
}

/// The methods that search, and so can be traced.
pub const TRACED: [Method; 2] = [Method::Wirth, Method::Warnsdorff];

/// The end of a trace.
#[derive(Clone, Debug)]
pub struct Traced {
    /// The tour found, if the search found one before it was stopped.
    pub tour: Option<Tour>,
    /// The work done, up to the stop.
    pub work: Work,
    /// Whether the callback stopped the search (a limit).
    pub stopped: bool,
}

/// The watch of [`trace`]: every event to the callback.
struct Tracer<F> {
    on_event: F,
    stopped: bool,
}

impl<F: FnMut(&Event<'_>, &Work) -> ControlFlow<()>> Watch for Tracer<F> {
    const TELLS: bool = true;

    fn tell(&mut self, event: Event<'_>, work: Work) -> ControlFlow<()> {
        let flow = (self.on_event)(&event, &work);
        self.stopped |= flow.is_break();
        flow
    }
}

/// Runs `method` (Wirth or Warnsdorff) from `from` as [`super::find`] does, existence decided
/// first, calling `on_event` at every step with the work so far, until it returns `Break` or
/// the search ends.
pub fn trace<F>(
    board: Board,
    from: Square,
    closed: bool,
    method: Method,
    control: &Control,
    on_event: F,
) -> Result<Traced, FindError>
where
    F: FnMut(&Event<'_>, &Work) -> ControlFlow<()>,
{
    if !TRACED.contains(&method) {
        return Err(FindError::NotTraced { method });
    }
    decide(board, from, closed, control)?;
    let mut tracer = Tracer {
        on_event,
        stopped: false,
    };
    let (work, tour) = match method {
        Method::Wirth => {
            let s = wirth::search_with(board, from, closed, control, &mut tracer)?;
            (s.work(), s.tour)
        }
        _ => {
            let s = warnsdorff::search_with(board, from, closed, control, &mut tracer)?;
            (s.work(), s.tour)
        }
    };
    Ok(Traced {
        tour,
        work,
        stopped: tracer.stopped,
    })
}

/// One step of a traced tour search with the counters so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceStep {
    /// The step's number, from 1.
    pub step: u64,
    /// What happened, with its own fields.
    #[serde(flatten)]
    pub what: What,
    /// The work so far.
    #[serde(flatten)]
    pub work: Work,
}

/// What a step did, tagged by `event`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum What {
    /// The first square.
    Start {
        /// Its name.
        square: String,
        /// Its number, 1.
        i: u32,
    },
    /// A move made.
    Move {
        /// The square moved from.
        from: String,
        /// The square moved to.
        to: String,
        /// The number `to` gets.
        i: u32,
        /// How the move was chosen.
        #[serde(flatten)]
        choice: Choice,
    },
    /// A move not made.
    Reject {
        /// The square moved from.
        from: String,
        /// The target, or null off the board.
        to: Option<String>,
        /// The target's file from 1 (below 1 or past the last file off the board).
        col: i64,
        /// The target's rank from 1 (likewise).
        row: i64,
        /// The number the target would have got.
        i: u32,
        /// How the move was chosen.
        #[serde(flatten)]
        choice: Choice,
        /// Why not: `off_board`, `visited`, `open`, `ends_early`, `two_ends`, `split`,
        /// `outer_rows`.
        reason: &'static str,
        /// For `visited`: the target's number.
        #[serde(skip_serializing_if = "Option::is_none")]
        visited_at: Option<u32>,
    },
    /// A move taken back.
    Undo {
        /// The square the knight goes back to.
        from: String,
        /// The square left.
        to: String,
        /// The number it had.
        i: u32,
    },
    /// A tour.
    Tour {
        /// Its squares in order.
        path: Vec<String>,
    },
}

impl TraceStep {
    /// Step number `step`: `event` on `board`, with the `work` counted so far.
    pub fn new(step: u64, board: Board, event: &Event<'_>, work: &Work) -> TraceStep {
        TraceStep {
            step,
            what: What::of(board, event),
            work: *work,
        }
    }
}

impl What {
    fn of(board: Board, event: &Event<'_>) -> What {
        match *event {
            Event::Start(s) => What::Start {
                square: s.to_string(),
                i: 1,
            },
            Event::Move {
                from,
                to,
                i,
                choice,
            } => What::Move {
                from: from.to_string(),
                to: to.to_string(),
                i,
                choice,
            },
            Event::Reject {
                from,
                to: (col, row),
                i,
                choice,
                reason,
            } => What::Reject {
                from: from.to_string(),
                to: on_board(board, col, row).map(|s| s.to_string()),
                col: col + 1,
                row: row + 1,
                i,
                choice,
                reason: reason.name(),
                visited_at: match reason {
                    Reason::Visited(at) => Some(at),
                    _ => None,
                },
            },
            Event::Undo { from, to, i } => What::Undo {
                from: from.to_string(),
                to: to.to_string(),
                i,
            },
            Event::Tour(tour) => What::Tour {
                path: tour.squares().map(|s| s.to_string()).collect(),
            },
        }
    }
}

/// The square at file `col` and rank `row` (from 0), when it is on the board.
fn on_board(board: Board, col: i64, row: i64) -> Option<Square> {
    let on = (0..board.cols as i64).contains(&col) && (0..board.rows as i64).contains(&row);
    on.then(|| Square::new(col as u32, row as u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    /// Every record of a whole trace to `f`, and its end.
    fn each(
        board: Board,
        from: &str,
        closed: bool,
        method: Method,
        mut f: impl FnMut(TraceStep),
    ) -> Traced {
        let mut n = 0;
        trace(board, sq(from), closed, method, &Control::new(), |e, w| {
            n += 1;
            f(TraceStep::new(n, board, e, w));
            ControlFlow::Continue(())
        })
        .unwrap()
    }

    /// The first `k` records of a trace.
    fn first(board: Board, from: &str, method: Method, k: usize) -> Vec<TraceStep> {
        let mut all = Vec::new();
        each(board, from, false, method, |r| {
            if all.len() < k {
                all.push(r)
            }
        });
        all
    }

    /// The plain search's tour and work, as `find` reports them.
    fn plain(board: Board, from: &str, closed: bool, method: Method) -> (Option<Tour>, Work) {
        let control = Control::new();
        match method {
            Method::Wirth => {
                let s = wirth::search(board, sq(from), closed, &control).unwrap();
                (s.tour.clone(), s.work())
            }
            _ => {
                let s = warnsdorff::search(board, sq(from), closed, &control).unwrap();
                (s.tour.clone(), s.work())
            }
        }
    }

    /// Boards, starts and closedness for both searches (Wirth's table 3.1 among them), and
    /// for Warnsdorff's alone those where its prunings and steps back show (Wirth's search
    /// there runs to millions of steps).
    fn cases(method: Method) -> Vec<(usize, usize, &'static str, bool)> {
        let mut cases = vec![
            (5, 5, "c3", false),
            (5, 5, "d4", false),
            (6, 6, "a6", false),
            (3, 4, "a1", false),
            (4, 5, "a1", false),
            (6, 6, "c3", true),
            (5, 6, "b1", true),
        ];
        if method == Method::Warnsdorff {
            cases.extend([(4, 6, "a1", false), (3, 10, "a1", true), (5, 6, "a1", true)]);
        }
        cases
    }

    #[test]
    fn the_trace_ends_with_the_searchs_counters_and_tour() {
        for method in TRACED {
            for (rows, cols, from, closed) in cases(method) {
                let board = Board::new(rows, cols);
                let mut last = None;
                let traced = each(board, from, closed, method, |r| last = Some(r));
                let last = last.unwrap();
                let (tour, work) = plain(board, from, closed, method);
                let case = format!("{} {board} from {from}", method.name());
                assert!(!traced.stopped, "{case}");
                assert_eq!(traced.work, work, "{case}");
                assert_eq!(last.work, work, "{case}: the last record");
                assert_eq!(traced.tour, tour, "{case}");
                let path: Vec<String> = tour.unwrap().squares().map(|s| s.to_string()).collect();
                assert_eq!(last.what, What::Tour { path }, "{case}");
            }
        }
    }

    /// The records played on a board of numbers, as the page plays them, each checked against
    /// the board: a move lands on an empty square a knight's move from the knight, a square
    /// visited is rejected with its number, a square off the board is off it, an undo empties
    /// the last square; the counters count the events.
    #[derive(Default)]
    struct Replay {
        h: HashMap<String, u32>,
        path: Vec<String>,
        placed: u64,
        tried: u64,
        backtracks: u64,
        reasons: Vec<&'static str>,
    }

    impl Replay {
        fn play(&mut self, board: Board, r: &TraceStep) {
            let at = format!("step {}: {r:?}", r.step);
            match &r.what {
                What::Start { square, i } => {
                    self.h.insert(square.clone(), *i);
                    self.path.push(square.clone());
                    self.placed += 1;
                }
                What::Move { from, to, i, .. } => {
                    self.tried += 1;
                    self.placed += 1;
                    assert_eq!(self.path.last(), Some(from), "{at}");
                    assert!(self.h.insert(to.clone(), *i).is_none(), "{at}");
                    assert_eq!(*i as usize, self.path.len() + 1, "{at}");
                    assert!(super::super::knight_move(sq(from), sq(to)), "{at}");
                    self.path.push(to.clone());
                }
                What::Reject {
                    from,
                    to,
                    col,
                    row,
                    reason,
                    visited_at,
                    ..
                } => {
                    self.tried += 1;
                    assert_eq!(self.path.last(), Some(from), "{at}");
                    if !self.reasons.contains(reason) {
                        self.reasons.push(reason);
                    }
                    let inside = (1..=board.cols as i64).contains(col)
                        && (1..=board.rows as i64).contains(row);
                    assert_eq!(inside, to.is_some(), "{at}");
                    match *reason {
                        "off_board" => assert!(!inside, "{at}"),
                        "visited" => {
                            let to = to.as_ref().unwrap();
                            assert_eq!(self.h.get(to), visited_at.as_ref(), "{at}");
                        }
                        // Warnsdorff's prunings place the knight, look, and take it back.
                        _ => {
                            assert!(!self.h.contains_key(to.as_ref().unwrap()), "{at}");
                            if *reason != "ends_early" && *reason != "two_ends" {
                                self.placed += 1;
                            }
                        }
                    }
                }
                What::Undo { from, to, i } => {
                    self.backtracks += 1;
                    assert_eq!(self.path.pop().as_ref(), Some(to), "{at}");
                    assert_eq!(self.path.last(), Some(from), "{at}");
                    assert_eq!(self.h.remove(to), Some(*i), "{at}");
                }
                What::Tour { path } => assert_eq!(path, &self.path, "{at}"),
            }
            let counted = Work {
                placed: self.placed,
                tried: self.tried,
                backtracks: self.backtracks,
            };
            assert_eq!(r.work, counted, "{at}");
        }
    }

    #[test]
    fn the_steps_replayed_give_the_tour() {
        let mut reasons = Vec::new();
        for method in TRACED {
            for (rows, cols, from, closed) in cases(method) {
                let board = Board::new(rows, cols);
                let mut replay = Replay::default();
                let traced = each(board, from, closed, method, |r| replay.play(board, &r));
                for (k, s) in traced.tour.unwrap().squares().enumerate() {
                    assert_eq!(replay.h[&s.to_string()], k as u32 + 1);
                }
                reasons.extend(replay.reasons);
            }
        }
        for reason in [
            "off_board",
            "visited",
            "open",
            "two_ends",
            "split",
            "outer_rows",
        ] {
            assert!(reasons.contains(&reason), "no {reason} among {reasons:?}");
        }
    }

    #[test]
    fn wirth_rejects_off_the_board_and_visited_squares_with_their_move_number() {
        // From c3 on 5x5 Wirth's first move, k = 1, is (x + 2, y + 1) in his coordinates:
        // two ranks down, one file right, d1.
        let board = Board::new(5, 5);
        let all = first(board, "c3", Method::Wirth, 100);
        let text = |k: usize| serde_json::to_string(&all[k]).unwrap();
        assert_eq!(
            text(0),
            r#"{"step":1,"event":"start","square":"c3","i":1,"placed":1,"tried":0,"backtracks":0}"#
        );
        assert_eq!(
            text(1),
            r#"{"step":2,"event":"move","from":"c3","to":"d1","i":2,"k":1,"placed":2,"tried":1,"backtracks":0}"#
        );
        // From d1 (x = 5), k = 1 and 2 leave the board below rank 1.
        assert_eq!(
            text(2),
            r#"{"step":3,"event":"reject","from":"d1","to":null,"col":5,"row":-1,"i":3,"k":1,"reason":"off_board","placed":2,"tried":2,"backtracks":0}"#
        );
        let visited = all
            .iter()
            .find(|r| matches!(&r.what, What::Reject { reason, .. } if *reason == "visited"))
            .unwrap();
        let v = serde_json::to_value(visited).unwrap();
        assert!(
            v["visited_at"].as_u64().unwrap() >= 1 && v["to"].is_string(),
            "{v}"
        );
    }

    #[test]
    fn warnsdorff_says_its_rank_onward_moves_and_ties() {
        let board = Board::new(5, 5);
        let all = first(board, "c3", Method::Warnsdorff, 100);
        let first = serde_json::to_value(&all[1]).unwrap();
        assert_eq!(first["event"], "move");
        assert_eq!(first["rank"], 1);
        // From c3 all eight moves are on the board, each to a square of 2 or 3 onward moves.
        let onward = first["onward"].as_u64().unwrap();
        let from_c3: Vec<u64> = board
            .knight_moves(sq("c3"))
            .map(|q| board.knight_moves(q).filter(|&r| r != sq("c3")).count() as u64)
            .collect();
        assert_eq!(onward, *from_c3.iter().min().unwrap());
        let ties = from_c3.iter().filter(|&&d| d == onward).count() as u64;
        assert_eq!(first["ties"], ties);
        assert!(first.get("k").is_none());
        assert!(all.iter().all(|r| r.work.backtracks == 0));
    }

    #[test]
    fn a_callback_stops_the_trace() {
        let board = Board::new(5, 5);
        let mut seen = 0;
        let traced = trace(
            board,
            sq("c3"),
            false,
            Method::Wirth,
            &Control::new(),
            |_, _| {
                seen += 1;
                match seen < 100 {
                    true => ControlFlow::Continue(()),
                    false => ControlFlow::Break(()),
                }
            },
        )
        .unwrap();
        assert!(traced.stopped && traced.tour.is_none());
        assert_eq!(seen, 100);
        assert!(traced.work.tried < 100);
    }

    #[test]
    fn only_the_searches_are_traced_and_existence_comes_first() {
        let board = Board::new(5, 5);
        let none = |_: &Event<'_>, _: &Work| ControlFlow::Continue(());
        let control = Control::new();
        assert!(matches!(
            trace(board, sq("c3"), false, Method::Divide, &control, none),
            Err(FindError::NotTraced { .. })
        ));
        assert!(matches!(
            trace(board, sq("b1"), false, Method::Wirth, &control, none),
            Err(FindError::NoTour(_))
        ));
    }
}
