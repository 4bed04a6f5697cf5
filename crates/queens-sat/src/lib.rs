//! Covers of the N x N board by N disjoint solutions, found by a SAT solver: the library writes
//! the formula ([`queens::cover::formula`]: the covers fixed by a symmetry of the board, with
//! the implied clauses of the long diagonals that help a solver), CaDiCaL (A. Biere et al.,
//! embedded through the `cadical` crate, built from its C++ source: nothing to install but a
//! C++ compiler) decides it, and the library reads the model back and checks it.
//!
//! A solver's "no" is a proof too: no cover of that board is fixed by that symmetry.
//!
//! [`dominate`]: the same solver on queen domination (the formula of
//! [`queens::dominate::formula`]), a cross-check of the exact search on structured parts of
//! open cases.
//!
//! ```
//! use queens::cover::symmetric::Turn;
//! use queens::Control;
//! use queens_sat::{cover, Answer};
//!
//! let Ok(Answer::Found(found)) = cover(12, Turn::Both, 1, &Control::new()) else { panic!() };
//! assert!(queens::cover::check(12, &found.solutions).is_ok());
//! assert_eq!(cover(8, Turn::None, 1, &Control::new()), Ok(Answer::NoneFixed)); // none at all
//! ```

pub mod dominate;

use queens::cover::formula::Formula;
use queens::cover::symmetric::Turn;
use queens::cover::{self, Cover, Method};
use queens::Control;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// What the solver answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A cover fixed by the symmetry asked (checked by [`queens::cover::check`]).
    Found(Cover),
    /// A proof that no cover is fixed by that symmetry (with [`Turn::None`]: no cover at all).
    NoneFixed,
    /// The control was cancelled first.
    Stopped,
}

/// Stops the solver when the control is cancelled, or when another solver of the same
/// portfolio has answered.
struct Watch<'a> {
    control: &'a Control,
    answered: &'a AtomicBool,
}

impl cadical::Callbacks for Watch<'_> {
    fn terminate(&mut self) -> bool {
        self.control.is_cancelled() || self.answered.load(Ordering::Relaxed)
    }
}

/// Looks for a cover of the `n` x `n` board (N from 1 to [`queens::cover::formula::MAX_N`])
/// fixed by `turn` (by none when the turn does not fit N), the formula shuffled by `seed` (see
/// [`Formula::shuffled`]; 0 keeps it as written), until the solver decides or the control is
/// cancelled. A model that is no cover (a defect of the formula or the solver) is the fault
/// [`queens::cover::check`] finds.
pub fn cover(n: usize, turn: Turn, seed: u64, control: &Control) -> Result<Answer, cover::Fault> {
    decide(
        Formula::new(n, turn).shuffled(seed),
        control,
        &AtomicBool::new(false),
    )
}

/// [`cover`] by a portfolio: `seeds` solvers at once, one thread each, the formula shuffled by
/// `first`, `first + 1`, ...; the first answer stops the others. A solver's time to a model
/// varies several-fold from one order of the formula to another (a heavy tail), so the
/// quickest of k runs comes far sooner than one run on average. Returns the answer and the
/// seed that gave it.
pub fn portfolio(
    n: usize,
    turn: Turn,
    first: u64,
    seeds: usize,
    control: &Control,
) -> Result<(Answer, u64), cover::Fault> {
    let formula = Formula::new(n, turn);
    let answered = AtomicBool::new(false);
    let answers = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for k in 0..seeds.max(1) as u64 {
            let (formula, answered, answers) = (formula.clone(), &answered, &answers);
            scope.spawn(move || {
                let seed = first + k;
                let answer = decide(formula.shuffled(seed), control, answered);
                if !matches!(answer, Ok(Answer::Stopped)) {
                    answered.store(true, Ordering::Relaxed);
                }
                if let Ok(mut list) = answers.lock() {
                    list.push((answer, seed));
                }
            });
        }
    });
    let mut answers = answers.into_inner().unwrap_or_default();
    // A definite answer (or a fault) before a stop; among those, the lowest seed.
    answers.sort_by_key(|(a, seed)| (matches!(a, Ok(Answer::Stopped)), *seed));
    let (answer, seed) = answers.swap_remove(0);
    Ok((answer?, seed))
}

/// Gives one formula to CaDiCaL and reads its answer.
fn decide(
    formula: Formula,
    control: &Control,
    answered: &AtomicBool,
) -> Result<Answer, cover::Fault> {
    let n = formula.n;
    let mut solver: cadical::Solver<Watch> = cadical::Solver::new();
    solver.set_callbacks(Some(Watch { control, answered }));
    for clause in &formula.clauses {
        solver.add_clause(clause.iter().copied());
    }
    match solver.solve() {
        Some(true) => {
            let solutions = formula.cover(|v| solver.value(v as i32) == Some(true));
            cover::check(n, &solutions)?;
            Ok(Answer::Found(Cover::new(
                solutions,
                Method::Solver(formula.turn),
            )))
        }
        Some(false) => Ok(Answer::NoneFixed),
        None => Ok(Answer::Stopped),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_covers_fixed_by_each_group_that_has_them() {
        for (n, turn) in [
            (5, Turn::Quarter),
            (7, Turn::None),
            (12, Turn::Both),
            (13, Turn::Quarter),
            (16, Turn::Both),
        ] {
            let Ok(Answer::Found(found)) = cover(n, turn, 1, &Control::new()) else {
                panic!("N = {n}")
            };
            assert_eq!(cover::check(n, &found.solutions), Ok(()), "N = {n}");
            assert_eq!(found.method, Method::Solver(turn));
        }
    }

    #[test]
    fn proves_there_is_none_where_the_exact_search_does() {
        for n in [2, 3, 4, 6, 8] {
            assert_eq!(
                cover(n, Turn::None, 0, &Control::new()),
                Ok(Answer::NoneFixed),
                "N = {n}"
            );
        }
    }

    #[test]
    fn a_portfolio_answers_with_the_seed_that_did() {
        let (answer, seed) = portfolio(16, Turn::Both, 5, 2, &Control::new()).unwrap();
        let Answer::Found(found) = answer else {
            panic!("{answer:?}")
        };
        assert!([5, 6].contains(&seed));
        assert_eq!(cover::check(16, &found.solutions), Ok(()));
        let (answer, _) = portfolio(6, Turn::None, 1, 3, &Control::new()).unwrap();
        assert_eq!(answer, Answer::NoneFixed);
    }

    #[test]
    fn a_cancelled_control_stops_it() {
        let control = Control::new();
        control.cancel();
        assert_eq!(cover(32, Turn::Both, 1, &control), Ok(Answer::Stopped));
    }
}
