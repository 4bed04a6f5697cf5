//! One step of a traced search as a record: the one place where an [`Event`] and the work
//! counted so far become the step that `queens trace --json` prints and `/api/trace` sends
//! (both serialize this type, so the command line and the page read the same fields).
//!
//! The fields, in order:
//! - `step`: the step's number, from 1;
//! - `event` and its own fields:
//!   - `place`, `remove`: `square` (`c5`), `col`, `row` (1-based);
//!   - `reject`: the same, then `line` (`row`, `diagonal`, `anti-diagonal`) and `by` (the
//!     queen on that line, or null when the algorithm does not know it);
//!   - `candidate`: `rows` (1-based) and `clash`, its first [`Conflict`] in the record every
//!     conflict has (`{"a":[1,1],"b":[2,2],"line":"diagonal","text":"..."}`), or null;
//!   - `solution`: `rows`, `tests_since` (safety tests since the solution before: Wirth's n,
//!     0 for a mirror image) and `mirrored`;
//! - the running counters, as [`Stats`] counts them up to and including this step: `nodes`,
//!   `tests` and `solutions` (so a solution's own number is its `solutions`). At the last
//!   step of a finished search they equal the final stats.

use super::{Event, Stats};
use crate::placement::Conflict;
use crate::square::{Line, Square};
use serde::Serialize;

/// One step of a trace with the counters so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceStep {
    /// The step's number, from 1.
    pub step: u64,
    /// What happened, with its own fields.
    #[serde(flatten)]
    pub what: What,
    /// Boards visited so far (the empty board included for a backtracker).
    pub nodes: u64,
    /// Safety tests made so far.
    pub tests: u64,
    /// Solutions found so far, this one included.
    pub solutions: u64,
}

/// What a step did, tagged by `event`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum What {
    /// A queen put on a safe square.
    Place(At),
    /// A queen taken off.
    Remove(At),
    /// A square that failed the safety test.
    Reject {
        /// The square.
        #[serde(flatten)]
        at: At,
        /// The line it shares with an earlier queen.
        line: Line,
        /// That queen (its name), when the algorithm knows it.
        by: Option<String>,
    },
    /// A whole candidate board of a generate-and-test algorithm.
    Candidate {
        /// The rank of each file's queen, 1-based.
        rows: Vec<u64>,
        /// Its first clash, if any.
        clash: Option<Conflict>,
    },
    /// A solution.
    Solution {
        /// The rank of each file's queen, 1-based.
        rows: Vec<u64>,
        /// Safety tests since the solution before (Wirth's n).
        tests_since: u64,
        /// Whether it is the mirror image of another rather than found by search.
        mirrored: bool,
    },
}

/// A square in both notations: its name and its file and rank from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct At {
    /// The square's name, `c5`.
    pub square: String,
    /// Its file, from 1.
    pub col: u32,
    /// Its rank, from 1.
    pub row: u32,
}

impl TraceStep {
    /// Step number `step`: `event`, with the work `stats` counted so far (the counters that
    /// [`run_counted`](super::run_counted) passes beside each event).
    pub fn new(step: u64, event: &Event, stats: &Stats) -> TraceStep {
        TraceStep {
            step,
            what: What::of(event),
            nodes: stats.nodes,
            tests: stats.tests,
            solutions: stats.solutions,
        }
    }
}

impl What {
    fn of(event: &Event) -> What {
        match *event {
            Event::Place(s) => What::Place(At::of(s)),
            Event::Remove(s) => What::Remove(At::of(s)),
            Event::Reject { square, line, by } => What::Reject {
                at: At::of(square),
                line,
                by: by.map(|q| q.to_string()),
            },
            Event::Candidate {
                placement,
                conflict,
            } => What::Candidate {
                rows: placement.rows_1based(),
                clash: conflict,
            },
            Event::Solution {
                placement,
                tests,
                mirrored,
            } => What::Solution {
                rows: placement.rows_1based(),
                tests_since: tests,
                mirrored,
            },
        }
    }
}

impl At {
    fn of(s: Square) -> At {
        At {
            square: s.to_string(),
            col: s.col + 1,
            row: s.row + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::{run_counted, Algorithm, Options};
    use crate::Control;
    use std::ops::ControlFlow;

    fn text(step: &TraceStep) -> String {
        serde_json::to_string(step).unwrap()
    }

    #[test]
    fn a_rejection_names_its_line_and_queen() {
        let e = Event::Reject {
            square: Square::new(1, 1),
            line: Line::Diagonal,
            by: Some(Square::new(0, 0)),
        };
        let stats = Stats {
            nodes: 2,
            tests: 3,
            ..Stats::default()
        };
        assert_eq!(
            text(&TraceStep::new(3, &e, &stats)),
            r#"{"step":3,"event":"reject","square":"b2","col":2,"row":2,"line":"diagonal","by":"a1","nodes":2,"tests":3,"solutions":0}"#
        );
    }

    /// Every step of wirth on 4 and of permutations on 4, as JSON objects.
    fn steps(algorithm: Algorithm) -> (Vec<serde_json::Value>, Stats) {
        let mut all = Vec::new();
        let options = Options {
            trace: true,
            half: false,
        };
        let stats = run_counted(algorithm, 4, options, &Control::new(), |e, s| {
            let step = TraceStep::new(all.len() as u64 + 1, e, s);
            all.push(serde_json::to_value(step).unwrap());
            ControlFlow::Continue(())
        })
        .unwrap();
        (all, stats)
    }

    #[test]
    fn a_solution_carries_wirths_n_and_the_running_counters() {
        let (all, stats) = steps(Algorithm::Wirth);
        let sols: Vec<_> = all.iter().filter(|s| s["event"] == "solution").collect();
        assert_eq!(sols.len(), 2);
        assert_eq!(sols[0]["rows"], serde_json::json!([2, 4, 1, 3]));
        assert_eq!(sols[0]["solutions"], 1);
        assert_eq!(sols[1]["solutions"], 2);
        // The first solution's n counts from the start: it is the running count of tests.
        assert_eq!(sols[0]["tests_since"], sols[0]["tests"]);
        let n2 = sols[1]["tests"].as_u64().unwrap() - sols[0]["tests"].as_u64().unwrap();
        assert_eq!(sols[1]["tests_since"], n2);
        let last = all.last().unwrap();
        assert_eq!(last["nodes"], stats.nodes);
        assert_eq!(last["tests"], stats.tests);
        assert_eq!(last["solutions"], stats.solutions);
    }

    #[test]
    fn a_candidate_names_its_clash() {
        let (all, _) = steps(Algorithm::Permutations);
        // 1 2 3 4: a1 and b2 share a diagonal.
        assert_eq!(
            all[0]["clash"],
            serde_json::json!({"a": [1, 1], "b": [2, 2], "line": "diagonal",
                "text": "a1 and b2 attack each other on a diagonal"})
        );
        assert_eq!(all[0]["rows"], serde_json::json!([1, 2, 3, 4]));
        assert_eq!(
            (all[0]["nodes"].as_u64(), all[0]["tests"].as_u64()),
            (Some(1), Some(2))
        );
    }
}
