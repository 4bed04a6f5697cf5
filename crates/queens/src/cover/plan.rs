//! Which search answers a cover of the N x N board, decided here once for the command line and
//! the page, and what is known of how long each search takes.
//!
//! The choice ([`chosen`]): Pólya's construction for N prime to 6 (any N); the exact searches
//! for the other N up to 16 but 15 (mirror pairs first for even N, then all solutions: they
//! also prove that none exists); the search by quads for 15 and the N = 0, 1 or 3 mod 4 to 32;
//! mirror pairs for the N = 2 mod 4 to 30; the SAT solver for N = 0 or 1 mod 4 to 40; the tabu
//! search for the rest to 64. The costs ([`cost`], [`count_cost`]) are the CPU times measured
//! on one core (README and BENCHMARKS.md, "Covers"), or why none can be given.

use super::{exact, formula, modular, pairs, quads, symmetric, Cover};
use crate::control::Control;
use crate::error::Error;
use symmetric::Turn;

/// A way to look for a cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Pólya's modular construction (N prime to 6).
    Modular,
    /// The exact searches over every solution (N up to [`exact::MAX_N`]): mirror pairs first
    /// for even N, then all solutions; they prove it when there is no cover.
    Exact,
    /// Quads of a group of symmetries, a random start and an exact completion ([`quads`]).
    Quads,
    /// Mirror pairs, a random start and an exact completion ([`pairs`]).
    Pairs,
    /// A SAT solver's search among the covers fixed by a turn ([`formula`]).
    Sat,
    /// The tabu search among the colourings fixed by a turn ([`symmetric`]).
    Tabu,
}

impl Algorithm {
    /// Its name in messages: `the exact search`, `the search by quads`, ...
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Modular => "the modular construction",
            Algorithm::Exact => "the exact search",
            Algorithm::Quads => "the search by quads",
            Algorithm::Pairs => "the mirror-pair search",
            Algorithm::Sat => "the SAT solver",
            Algorithm::Tabu => "the tabu search",
        }
    }

    /// The largest N it takes (any N for the construction, where it applies).
    pub fn max_n(self) -> usize {
        match self {
            Algorithm::Modular => usize::MAX,
            Algorithm::Exact => exact::MAX_N,
            Algorithm::Quads => quads::MAX_N,
            Algorithm::Pairs => pairs::MAX_N,
            Algorithm::Sat => formula::MAX_N,
            Algorithm::Tabu => symmetric::MAX_N,
        }
    }

    /// Whether a seed changes what it does: the random starts, the SAT solver's order of the
    /// formula, the tabu search.
    pub fn seeded(self) -> bool {
        !matches!(self, Algorithm::Modular | Algorithm::Exact)
    }

    /// Whether it looks among the covers fixed by a symmetry that can be chosen (`--turn`).
    pub fn turned(self) -> bool {
        matches!(self, Algorithm::Quads | Algorithm::Sat | Algorithm::Tabu)
    }

    /// Whether it runs on several threads.
    pub fn threaded(self) -> bool {
        matches!(self, Algorithm::Quads | Algorithm::Pairs | Algorithm::Sat)
    }
}

/// The search that answers a cover of the `n` x `n` board: see the module's opening.
/// [`Error::TooLarge`] past [`symmetric::MAX_N`] for N not prime to 6.
pub fn chosen(n: usize) -> Result<Algorithm, Error> {
    Ok(match n {
        0 => return Err(Error::TooLarge { n, max: 0 }),
        _ if modular::applies(n) => Algorithm::Modular,
        _ if n <= exact::MAX_N && n != 15 => Algorithm::Exact,
        _ if n <= quads::MAX_N && n % 4 != 2 => Algorithm::Quads,
        _ if n <= pairs::MAX_N => Algorithm::Pairs,
        _ if n <= formula::MAX_N && n % 4 < 2 => Algorithm::Sat,
        _ if n <= symmetric::MAX_N => Algorithm::Tabu,
        _ => {
            return Err(Error::TooLarge {
                n,
                max: symmetric::MAX_N,
            })
        }
    })
}

/// What a search run by [`run`] came back with.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// A cover.
    Found(Cover),
    /// Proved by the exact search: the board has no cover at all.
    NoCover,
    /// Proved by an exhaustive symmetric search (mirror pairs, quads): no cover has the symmetry
    /// it looks among. Nothing is said of the covers without it.
    NoneSymmetric,
    /// The tabu search was stopped by its control first, with the best it reached: nothing is
    /// proved.
    Unfound(symmetric::Best),
    /// Nothing was run: the SAT solver lives in its own crate (`queens-sat`), which its callers
    /// run themselves.
    SatSolver,
}

/// Runs `algorithm` for the `n` x `n` board from `seed`, among the covers fixed by `turn` where
/// it looks among symmetric ones: the one way the command line and the page run a search they
/// chose (by [`chosen`] or by name). The searches on several threads run in the current rayon
/// pool.
pub fn run(
    n: usize,
    algorithm: Algorithm,
    turn: Turn,
    seed: u64,
    control: &Control,
) -> Result<Outcome, Error> {
    let symmetric = |found: Option<Cover>| found.map_or(Outcome::NoneSymmetric, Outcome::Found);
    Ok(match algorithm {
        Algorithm::Modular => super::find(n, control)?.map_or(Outcome::NoCover, Outcome::Found),
        Algorithm::Exact => super::find_exact(n, control)?.map_or(Outcome::NoCover, Outcome::Found),
        Algorithm::Pairs => symmetric(super::pairs(n, seed, control)?),
        Algorithm::Quads => symmetric(super::quads(n, turn, seed, control)?),
        Algorithm::Tabu => match super::search_turned(n, turn, seed, control)? {
            (Some(cover), _) => Outcome::Found(cover),
            (None, best) => Outcome::Unfound(best),
        },
        Algorithm::Sat => Outcome::SatSolver,
    })
}

/// What is known of how long a search takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cost {
    /// At most about this many CPU seconds on one core, as measured (over the seeds tried).
    Seconds(f64),
    /// Not measured, and not known to be long.
    Unmeasured,
    /// Not known to end in reasonable time: why.
    Unbounded(&'static str),
    /// The search for an open case (N = 27): no cover of it is known, and none is proved not
    /// to exist.
    Open,
}

/// What is known of the time `algorithm` takes to find a cover of the `n` x `n` board (or to
/// prove there is none) with the symmetry `turn` where it asks for one.
pub fn cost(n: usize, algorithm: Algorithm, turn: Turn) -> Cost {
    match algorithm {
        Algorithm::Modular => Cost::Seconds(0.0),
        Algorithm::Exact => exact_cost(n),
        Algorithm::Quads if turn == Turn::for_size(n) => quads_cost(n),
        Algorithm::Quads if n <= 13 => Cost::Seconds(1.0),
        Algorithm::Quads => Cost::Unmeasured,
        Algorithm::Pairs => pairs_cost(n),
        Algorithm::Sat => sat_cost(n, turn),
        Algorithm::Tabu => tabu_cost(n),
    }
}

/// The exact searches: 12 in 0.05 s, 14 in 1 s, 16 in 18 s (mirror pairs), the rest to 11 in
/// under a second; 13 (asked for by name: the construction answers it) and 15 find none in
/// minutes (13: not one of its 2,338 first branches searched in 37 CPU s).
fn exact_cost(n: usize) -> Cost {
    match n {
        13 | 15 => Cost::Unbounded(
            "the search over all its solutions, without the symmetry of mirror pairs, has found \
             none in minutes",
        ),
        14 => Cost::Seconds(1.0),
        16 => Cost::Seconds(20.0),
        _ if n <= 12 => Cost::Seconds(1.0),
        _ => Cost::Unmeasured,
    }
}

/// Quads under the default group: 20 to 28 in under a second, 32 in 1 to 7 s, 21 in 5 to 15
/// s, 15 in 3 to 41 s; 27 is open.
fn quads_cost(n: usize) -> Cost {
    match n {
        27 => Cost::Open,
        15 => Cost::Seconds(41.0),
        21 => Cost::Seconds(15.0),
        32 => Cost::Seconds(7.0),
        20 | 24 | 28 => Cost::Seconds(1.0),
        _ if n <= 13 => Cost::Seconds(1.0),
        _ => Cost::Unmeasured,
    }
}

/// Mirror pairs: 18 in a tenth of a second, 22 in 2 to 6 s, 24 in 6 to 29 s, 26 in 37 to 108
/// s, 28 in 3.6 minutes for seed 1 only; 30 and 32 not within 5 minutes.
fn pairs_cost(n: usize) -> Cost {
    match n {
        _ if n <= 20 => Cost::Seconds(1.0),
        22 => Cost::Seconds(6.0),
        24 => Cost::Seconds(30.0),
        26 => Cost::Seconds(110.0),
        _ => Cost::Unbounded(
            "28 took 3.6 minutes with seed 1, seeds 2 and 3 found none in 5 minutes, nor did any \
             seed for 30 and 32",
        ),
    }
}

/// The SAT solver: to 13 in under a second, 16 and 20 (N = 0 mod 4) in seconds; 24 took two
/// solvers 112 s, 28 one solver 18 minutes; N = 2 or 3 mod 4 past 13 (the mirror or the
/// half-turn alone): 14 not in 150 s.
fn sat_cost(n: usize, turn: Turn) -> Cost {
    match n {
        _ if n <= 13 => Cost::Seconds(1.0),
        _ if n <= 20 && n.is_multiple_of(4) && turn == Turn::Both => Cost::Seconds(10.0),
        _ => Cost::Unbounded(
            "24 took two solvers 2 minutes and 28 one solver 18; past that, and for N = 2 or 3 \
             mod 4 past 13, none was found in minutes",
        ),
    }
}

/// The tabu search: boards prime to 6 and those to 10 in under a second; past 10 it runs
/// until it finds a cover or is stopped (20 took it 5 s, 24 11 s; 15 and 21 not in minutes).
fn tabu_cost(n: usize) -> Cost {
    if n <= 10 || modular::applies(n) {
        Cost::Seconds(1.0)
    } else {
        Cost::Unbounded("it found 20 in 5 s and 24 in 11 s, but not 15, 21 or 32 in minutes")
    }
}

/// What is known of the time the exact count of the covers of the `n` x `n` board takes: 11
/// in a tenth of a second, 12 (454 covers) in 520 CPU s on the machine of BENCHMARKS.md and
/// some 14 minutes on a slower one; from 13 on (73,712 solutions, five times 12's) the count
/// has not been run to its end.
pub fn count_cost(n: usize) -> Cost {
    match n {
        0..=11 => Cost::Seconds(1.0),
        12 => Cost::Seconds(900.0),
        _ => Cost::Unbounded(
            "the count has not been run to its end here: 12 takes up to about a quarter of an \
             hour, and each N more has several times as many solutions to choose from",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chosen_search_runs_as_the_direct_calls_answer() {
        let control = Control::new();
        for n in 1..=12 {
            let turn = Turn::for_size(n);
            match run(n, chosen(n).unwrap(), turn, 1, &control).unwrap() {
                Outcome::Found(c) => assert!(super::super::check(n, &c.solutions).is_ok(), "{n}"),
                Outcome::NoCover => assert!(super::super::find(n, &control).unwrap().is_none()),
                other => panic!("{n}: {other:?}"),
            }
        }
        assert!(matches!(
            run(20, Algorithm::Sat, Turn::Both, 1, &control).unwrap(),
            Outcome::SatSolver
        ));
        assert!(matches!(
            run(6, Algorithm::Pairs, Turn::Mirror, 1, &control).unwrap(),
            Outcome::NoneSymmetric
        ));
    }

    #[test]
    fn the_choice_follows_the_residue_of_n() {
        let by = |n| chosen(n).unwrap();
        assert!([1, 5, 7, 25, 35, 1001]
            .iter()
            .all(|&n| by(n) == Algorithm::Modular));
        assert!([2, 8, 12, 16].iter().all(|&n| by(n) == Algorithm::Exact));
        assert!([15, 20, 21, 27, 32]
            .iter()
            .all(|&n| by(n) == Algorithm::Quads));
        assert!([18, 26, 30].iter().all(|&n| by(n) == Algorithm::Pairs));
        assert!([33, 36, 40].iter().all(|&n| by(n) == Algorithm::Sat));
        assert!([34, 39, 44, 64].iter().all(|&n| by(n) == Algorithm::Tabu));
        assert_eq!(chosen(66), Err(Error::TooLarge { n: 66, max: 64 }));
    }

    #[test]
    fn every_choice_takes_its_n() {
        for n in 1..=symmetric::MAX_N {
            let a = chosen(n).unwrap();
            assert!(n <= a.max_n(), "{n}: {a:?}");
        }
    }

    #[test]
    fn the_open_case_and_the_long_ones_are_said_to_be() {
        assert_eq!(cost(27, Algorithm::Quads, Turn::Half), Cost::Open);
        assert!(matches!(
            cost(30, Algorithm::Pairs, Turn::Mirror),
            Cost::Unbounded(_)
        ));
        assert!(matches!(
            cost(15, Algorithm::Exact, Turn::Half),
            Cost::Unbounded(_)
        ));
        assert_eq!(
            cost(13, Algorithm::Modular, Turn::Quarter),
            Cost::Seconds(0.0)
        );
        assert!(matches!(count_cost(12), Cost::Seconds(s) if s > 600.0));
        assert!(matches!(count_cost(14), Cost::Unbounded(_)));
    }
}
