//! The classic algorithms of the seed texts, side by side, each faithful to its source and
//! instrumented the same way.
//!
//! The seeds show one problem solved many ways and note that "the approach leaves its mark on
//! the code and on its efficiency". Each way is one small file here:
//!
//! | [`Algorithm`] | idea | source |
//! | --- | --- | --- |
//! | `brute` | all N^N placements, one queen per column, as base-N numbers | the PHP seed (002) |
//! | `permutations` | all N! permutations, filtered by the diagonal test | the Erlang program (001), the N! of seed 000 |
//! | `naive` | a board matrix, scans along the row and both diagonals | the C++ program (001) |
//! | `wirth` | the row array and the two diagonal arrays | Wirth, programs 3.4 and 3.5 (003) |
//! | `iterative` | nested loops, no recursion, half the board and the rest by mirror | seed 000 |
//! | `bitmask` | rows and diagonals as bit sets ("resources") | the SQL and C programs (001) |
//! | `fast` | the library's engine ([`Solutions`](crate::Solutions), [`count`](crate::count)) | |
//!
//! Every algorithm reports to one callback through [`Event`]s: always each solution (with the
//! safety tests made since the one before, Wirth's "n" of table 3.2), and when tracing every
//! step (a queen placed, a square rejected and why, a queen removed, a candidate tested). The
//! callback may stop the search; the [`Control`] cancels it (time limits, Ctrl-C). The
//! counters ([`Stats`]) mean the same in every algorithm:
//!
//! - `tests`: safety tests, each the question "is this queen safe from the queens before it?"
//!   (for the generate-and-test algorithms, the queens of a candidate checked up to its first
//!   clash; for `bitmask`, one word operation tests a whole column);
//! - `nodes`: the boards visited: the partial placements of a backtracker (the empty board
//!   included), the complete candidates of a generate-and-test algorithm;
//! - `placements` and `removals`: queens put on and taken off the board by a backtracker.
//!
//! ```
//! use queens::classic::{run, Algorithm, Event, Options};
//! use queens::Control;
//! use std::ops::ControlFlow;
//!
//! let mut first = None;
//! let stats = run(Algorithm::Wirth, 8, Options::default(), &Control::new(), |e| {
//!     if let Event::Solution { placement, tests, .. } = e {
//!         first.get_or_insert((placement.perm(), *tests));
//!     }
//!     ControlFlow::Continue(())
//! })
//! .unwrap();
//! assert_eq!(stats.solutions, 92);
//! assert_eq!(first.unwrap(), ("1 5 8 6 3 7 2 4".to_string(), 876)); // Wirth's n
//! ```

pub mod bitmask;
pub mod brute;
pub mod iterative;
pub mod naive;
pub mod permutations;
pub mod step;
pub mod wirth;

use crate::control::Control;
use crate::error::Error;
use crate::placement::{Conflict, Placement};
use crate::solutions::Solutions;
use crate::square::{Line, Square};
use serde::Serialize;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

/// The algorithms, in the order of the seeds' story: from blind enumeration to bit sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// All N^N placements with one queen per column, each tested (the PHP seed).
    Brute,
    /// All N! permutations, kept when the diagonals are free (the Erlang seed).
    Permutations,
    /// A board matrix and scans along the row and both diagonals (the C++ seed).
    Naive,
    /// The row and diagonal arrays of Wirth's programs 3.4 and 3.5.
    Wirth,
    /// Nested loops with no recursion, half the board and the rest by mirror (seed 000).
    Iterative,
    /// Rows and diagonals as bit sets (the SQL and C seeds).
    Bitmask,
    /// The library's own solution iterator, which counts no work.
    Fast,
}

impl Algorithm {
    /// Every algorithm, in the order of the seeds' story.
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Brute,
        Algorithm::Permutations,
        Algorithm::Naive,
        Algorithm::Wirth,
        Algorithm::Iterative,
        Algorithm::Bitmask,
        Algorithm::Fast,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Brute => "brute",
            Algorithm::Permutations => "permutations",
            Algorithm::Naive => "naive",
            Algorithm::Wirth => "wirth",
            Algorithm::Iterative => "iterative",
            Algorithm::Bitmask => "bitmask",
            Algorithm::Fast => "fast",
        }
    }

    /// One line: the idea and where it comes from.
    pub fn about(self) -> &'static str {
        match self {
            Algorithm::Brute => "every one of the N^N placements as a base-N number (PHP seed)",
            Algorithm::Permutations => "every permutation, filtered by the diagonals (Erlang seed)",
            Algorithm::Naive => "board matrix, scans along row and diagonals (C++ seed)",
            Algorithm::Wirth => "row and diagonal arrays (Wirth, programs 3.4/3.5)",
            Algorithm::Iterative => "nested loops, no recursion, half by mirror (seed 000)",
            Algorithm::Bitmask => "rows and diagonals as bit sets (SQL and C seeds)",
            Algorithm::Fast => "the library's engine (bitmask, mirror, threads)",
        }
    }

    /// The largest N the algorithm accepts.
    pub fn max_n(self) -> usize {
        match self {
            // N^N must fit a 64-bit counter.
            Algorithm::Brute => brute::MAX_N,
            Algorithm::Bitmask => bitmask::MAX_N,
            Algorithm::Fast => crate::solutions::MAX_N,
            Algorithm::Permutations | Algorithm::Naive | Algorithm::Wirth => 1000,
            Algorithm::Iterative => 1000,
        }
    }

    /// Whether the algorithm counts its work ([`Stats`]) and can be traced step by step.
    pub fn instrumented(self) -> bool {
        self != Algorithm::Fast
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(s: &str) -> Result<Algorithm, String> {
        Algorithm::ALL
            .iter()
            .copied()
            .find(|a| a.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                format!(
                    "unknown algorithm '{s}': expected one of {}",
                    names.join(", ")
                )
            })
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum End {
    /// The whole search space was covered.
    #[default]
    Finished,
    /// The callback asked to stop (a limit, the first solution).
    Stopped,
    /// The [`Control`] was cancelled (a time limit, Ctrl-C).
    Cancelled,
}

/// The work a search did; see the module comment for what each counter means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Solutions found.
    pub solutions: u64,
    /// Boards visited: partial placements (the empty one included) or complete candidates.
    pub nodes: u64,
    /// Safety tests made.
    pub tests: u64,
    /// Queens put on the board.
    pub placements: u64,
    /// Queens taken off the board.
    pub removals: u64,
    /// How the search ended.
    pub end: End,
}

/// One step of a search, as the callback sees it.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// A queen is put on a square that passed the safety test.
    Place(Square),
    /// A square failed the safety test: the `line` it shares with an earlier queen, and that
    /// queen (`by`) when the algorithm knows it.
    Reject {
        /// The square that failed the test.
        square: Square,
        /// The line it shares with an earlier queen.
        line: Line,
        /// That queen, when the algorithm knows it.
        by: Option<Square>,
    },
    /// A queen is taken off its square (to try the next square of its column).
    Remove(Square),
    /// A complete candidate of a generate-and-test algorithm and its first clash, if any.
    Candidate {
        /// The candidate board.
        placement: &'a Placement,
        /// Its first clash, if any.
        conflict: Option<Conflict>,
    },
    /// A solution: the safety tests made since the previous solution (Wirth's "n"), and
    /// whether it was obtained by reflecting another rather than by search.
    Solution {
        /// The solution.
        placement: &'a Placement,
        /// Safety tests since the previous solution (Wirth's n).
        tests: u64,
        /// Whether it is the mirror image of another rather than found by search.
        mirrored: bool,
    },
}

/// What to report besides the solutions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Report every step, not only the solutions.
    pub trace: bool,
    /// `iterative` only: report just the half the program finds (first queen in the lower
    /// half of its column), as seed 000's listing 4, without the mirror images.
    pub half: bool,
}

/// Runs `algorithm` on an `n` x `n` board, calling `on_event` for every solution (and every
/// step when tracing) until it returns `Break` or the search ends; the stats say which
/// ([`End::Stopped`] or [`End::Finished`]). A cancelled `control` gives
/// [`Error::Cancelled`], as with every engine of the library.
pub fn run<F>(
    algorithm: Algorithm,
    n: usize,
    options: Options,
    control: &Control,
    on_event: F,
) -> Result<Stats, Error>
where
    F: FnMut(&Event) -> ControlFlow<()>,
{
    let stats = run_partial(algorithm, n, options, control, on_event)?;
    if stats.end == End::Cancelled {
        return Err(Error::Cancelled);
    }
    Ok(stats)
}

/// As [`run`], but a cancellation ends with the work done so far, `end` set to
/// [`End::Cancelled`]: for callers that report how far a search got within a time limit.
pub fn run_partial<F>(
    algorithm: Algorithm,
    n: usize,
    options: Options,
    control: &Control,
    mut on_event: F,
) -> Result<Stats, Error>
where
    F: FnMut(&Event) -> ControlFlow<()>,
{
    run_counted(algorithm, n, options, control, |e, _| on_event(e))
}

/// As [`run_partial`], with the work counted so far ([`Stats`]) beside each event: the
/// running counters of a trace. When tracing, every node and safety test of a classic
/// algorithm is followed by an event, so the counters at the last event are the final stats.
pub fn run_counted<F>(
    algorithm: Algorithm,
    n: usize,
    options: Options,
    control: &Control,
    on_event: F,
) -> Result<Stats, Error>
where
    F: FnMut(&Event, &Stats) -> ControlFlow<()>,
{
    if n == 0 || n > algorithm.max_n() {
        return Err(Error::TooLarge {
            n,
            max: algorithm.max_n(),
        });
    }
    let mut search = Search::new(options.trace, control, on_event);
    let outcome = match algorithm {
        Algorithm::Brute => brute::search(n, &mut search),
        Algorithm::Permutations => permutations::search(n, &mut search),
        Algorithm::Naive => naive::search(n, &mut search),
        Algorithm::Wirth => wirth::search(n, &mut search),
        Algorithm::Iterative => iterative::search(n, options.half, &mut search),
        Algorithm::Bitmask => bitmask::search(n, &mut search),
        Algorithm::Fast => fast(Solutions::new(n)?, &mut search),
    };
    let mut stats = search.stats;
    stats.end = match outcome {
        Ok(()) => End::Finished,
        Err(Halt::Stopped) => End::Stopped,
        Err(Halt::Cancelled) => End::Cancelled,
    };
    Ok(stats)
}

/// The fast default: the library's solution iterator, which counts nothing but solutions.
fn fast<F: FnMut(&Event, &Stats) -> ControlFlow<()>>(
    solutions: Solutions,
    s: &mut Search<F>,
) -> Result<(), Halt> {
    for p in solutions {
        s.check()?;
        s.solution(&p, false)?;
    }
    Ok(())
}

/// Why a search stopped early; algorithms pass it up with `?`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halt {
    Stopped,
    Cancelled,
}

pub(crate) type Step = Result<(), Halt>;

/// How many tests between two looks at the cancellation flag.
const CHECK_EVERY: u32 = 1 << 14;

/// The bookkeeping every algorithm shares: counters, the callback, cancellation.
pub(crate) struct Search<'c, F> {
    trace: bool,
    control: &'c Control,
    on_event: F,
    stats: Stats,
    since_solution: u64,
    budget: u32,
}

impl<'c, F: FnMut(&Event, &Stats) -> ControlFlow<()>> Search<'c, F> {
    fn new(trace: bool, control: &'c Control, on_event: F) -> Self {
        Search {
            trace,
            control,
            on_event,
            stats: Stats::default(),
            since_solution: 0,
            // The first test looks at the flag at once.
            budget: 1,
        }
    }

    /// Whether the caller wants every step.
    #[inline(always)]
    pub(crate) fn tracing(&self) -> bool {
        self.trace
    }

    pub(crate) fn control(&self) -> &Control {
        self.control
    }

    fn emit(&mut self, event: &Event) -> Step {
        match (self.on_event)(event, &self.stats) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(Halt::Stopped),
        }
    }

    /// Looks at the cancellation flag now.
    pub(crate) fn check(&mut self) -> Step {
        if self.control.is_cancelled() {
            Err(Halt::Cancelled)
        } else {
            Ok(())
        }
    }

    /// Counts `k` safety tests, looking at the cancellation flag now and then.
    #[inline(always)]
    pub(crate) fn tests(&mut self, k: u64) -> Step {
        self.stats.tests += k;
        self.since_solution += k;
        self.budget -= 1;
        if self.budget == 0 {
            self.budget = CHECK_EVERY;
            return self.check();
        }
        Ok(())
    }

    /// Counts a board visited (the empty board, or a candidate).
    #[inline(always)]
    pub(crate) fn node(&mut self) {
        self.stats.nodes += 1;
    }

    /// A queen placed: a new partial placement.
    #[inline(always)]
    pub(crate) fn place(&mut self, square: Square) -> Step {
        self.stats.placements += 1;
        self.stats.nodes += 1;
        if self.trace {
            self.emit(&Event::Place(square))?;
        }
        Ok(())
    }

    /// A queen removed.
    #[inline(always)]
    pub(crate) fn remove(&mut self, square: Square) -> Step {
        self.stats.removals += 1;
        if self.trace {
            self.emit(&Event::Remove(square))?;
        }
        Ok(())
    }

    /// A square rejected, when tracing; `by` finds the queen that attacks it (only called
    /// when tracing).
    #[inline(always)]
    pub(crate) fn reject(
        &mut self,
        square: Square,
        line: Line,
        by: impl FnOnce() -> Option<Square>,
    ) -> Step {
        if self.trace {
            let by = by();
            self.emit(&Event::Reject { square, line, by })?;
        }
        Ok(())
    }

    /// A complete candidate tested, when tracing.
    pub(crate) fn candidate(&mut self, placement: &Placement, conflict: Option<Conflict>) -> Step {
        if self.trace {
            self.emit(&Event::Candidate {
                placement,
                conflict,
            })?;
        }
        Ok(())
    }

    /// A whole candidate board tested at once (the generate-and-test algorithms): one node, as
    /// many safety tests as columns checked up to the first clash, and a solution if none.
    pub(crate) fn examine(&mut self, rows: &[u32]) -> Step {
        let p = Placement::from_rows_unchecked(rows.to_vec());
        let conflict = p.first_conflict();
        self.node();
        self.tests(conflict.map_or(rows.len() as u64, |c| c.b.col as u64 + 1))?;
        self.candidate(&p, conflict)?;
        if conflict.is_none() {
            self.solution(&p, false)?;
        }
        Ok(())
    }

    /// A solution found (or reflected).
    pub(crate) fn solution(&mut self, placement: &Placement, mirrored: bool) -> Step {
        self.stats.solutions += 1;
        let tests = std::mem::take(&mut self.since_solution);
        self.emit(&Event::Solution {
            placement,
            tests,
            mirrored,
        })
    }
}

/// The earliest queen (rows of columns a, b, ...) that attacks `square` along `line`.
pub(crate) fn attacker(
    queens: impl IntoIterator<Item = u32>,
    square: Square,
    line: Line,
) -> Option<Square> {
    queens
        .into_iter()
        .enumerate()
        .map(|(c, r)| Square::new(c as u32, r))
        .find(|q| q.queen_attack(square) == Some(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every solution of `algorithm` for `n`, in the order found.
    pub(crate) fn solutions(algorithm: Algorithm, n: usize) -> (Vec<Placement>, Stats) {
        let mut all = Vec::new();
        let stats = run(algorithm, n, Options::default(), &Control::new(), |e| {
            if let Event::Solution { placement, .. } = e {
                all.push((*placement).clone());
            }
            ControlFlow::Continue(())
        })
        .unwrap();
        (all, stats)
    }

    #[test]
    fn every_algorithm_gives_the_same_solutions() {
        for n in 1..=8 {
            let (mut reference, _) = solutions(Algorithm::Fast, n);
            reference.sort();
            for a in Algorithm::ALL {
                if a == Algorithm::Brute && n > 7 {
                    continue;
                }
                let (mut found, stats) = solutions(a, n);
                assert_eq!(stats.end, End::Finished);
                assert_eq!(stats.solutions as usize, found.len(), "{a} N = {n}");
                found.sort();
                assert_eq!(found, reference, "{a} N = {n}");
            }
        }
    }

    #[test]
    fn traces_are_consistent_boards() {
        // Replaying the events keeps a board: each placement goes on a safe square, each
        // rejection names a queen on the board that attacks the square on the line given,
        // each removal takes off the last queen, and each solution is the board itself.
        for a in [
            Algorithm::Naive,
            Algorithm::Wirth,
            Algorithm::Iterative,
            Algorithm::Bitmask,
        ] {
            let mut board: Vec<Square> = Vec::new();
            let options = Options {
                trace: true,
                half: true,
            };
            let stats = run(a, 6, options, &Control::new(), |e| {
                match *e {
                    Event::Place(s) => {
                        assert_eq!(s.col as usize, board.len(), "{a}");
                        assert!(board.iter().all(|q| q.queen_attack(s).is_none()), "{a}");
                        board.push(s);
                    }
                    Event::Reject { square, line, by } => {
                        assert_eq!(square.col as usize, board.len(), "{a}");
                        let by = by.expect("the attacker");
                        assert!(board.contains(&by), "{a}");
                        assert_eq!(by.queen_attack(square), Some(line), "{a}");
                    }
                    Event::Remove(s) => assert_eq!(board.pop(), Some(s), "{a}"),
                    Event::Solution { placement, .. } => {
                        assert_eq!(placement.squares().collect::<Vec<_>>(), board, "{a}");
                    }
                    Event::Candidate { .. } => panic!("{a} is a backtracker"),
                }
                ControlFlow::Continue(())
            })
            .unwrap();
            assert!(board.is_empty(), "{a}");
            assert_eq!(stats.placements, stats.removals, "{a}");
        }
    }

    #[test]
    fn names_round_trip() {
        for a in Algorithm::ALL {
            assert_eq!(a.name().parse::<Algorithm>(), Ok(a));
        }
        assert!("quick".parse::<Algorithm>().unwrap_err().contains("brute"));
    }

    #[test]
    fn too_large_is_an_error() {
        let r = run(
            Algorithm::Brute,
            brute::MAX_N + 1,
            Options::default(),
            &Control::new(),
            |_| ControlFlow::Continue(()),
        );
        assert!(matches!(r, Err(Error::TooLarge { .. })));
    }

    #[test]
    fn a_cancelled_control_stops_every_algorithm() {
        for a in Algorithm::ALL {
            let c = Control::new();
            c.cancel();
            let r = run(a, 9, Options::default(), &c, |_| ControlFlow::Continue(()));
            assert_eq!(r, Err(Error::Cancelled), "{a}");
            let partial = run_partial(a, 9, Options::default(), &c, |_| ControlFlow::Continue(()));
            assert_eq!(partial.unwrap().end, End::Cancelled, "{a}");
        }
    }

    #[test]
    fn the_callback_stops_every_algorithm_at_the_first_solution() {
        for a in Algorithm::ALL {
            let mut first = None;
            let stats = run(a, 8, Options::default(), &Control::new(), |e| match e {
                Event::Solution { placement, .. } => {
                    first = Some((*placement).clone());
                    ControlFlow::Break(())
                }
                _ => ControlFlow::Continue(()),
            })
            .unwrap();
            assert_eq!(stats.end, End::Stopped, "{a}");
            assert_eq!(stats.solutions, 1);
            assert_eq!(first.unwrap().perm(), "1 5 8 6 3 7 2 4", "{a}");
        }
    }
}
