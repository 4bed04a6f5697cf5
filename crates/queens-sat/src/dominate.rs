//! Domination decided by CaDiCaL: the formula of [`queens::dominate::formula`] (at most k
//! queens on allowed squares watching the whole board), the model read back and checked square
//! by square. A cross-check of the exact search on the structured parts of open cases: on the
//! 26 x 26 board both say that no 13 queens on one parity lattice watch it (BENCHMARKS.md).

use crate::Watch;
use queens::dominate::formula::Formula;
use queens::dominate::lines::Lines;
use queens::{Control, Square};
use std::sync::atomic::AtomicBool;

/// What the solver answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dominating {
    /// A set of at most k queens on allowed squares that watches the board (checked).
    Found(Vec<Square>),
    /// A proof that no such set exists.
    None,
    /// The control was cancelled first.
    Stopped,
}

/// Decides whether at most `k` queens on the squares where `allowed` is true (one entry per
/// square, `row * n + col`) watch the ordinary `n` x `n` board. A model that leaves a square
/// unwatched (a defect of the formula or the solver) comes back as `Err` with that square.
///
/// # Panics
///
/// When `n` is 0 or `allowed` has fewer than `n * n` entries.
pub fn dominate(
    n: usize,
    k: usize,
    allowed: &[bool],
    control: &Control,
) -> Result<Dominating, Square> {
    let lines = Lines::new(n, false);
    let formula = Formula::within(&lines, k, allowed);
    let answered = AtomicBool::new(false);
    let mut solver: cadical::Solver<Watch> = cadical::Solver::new();
    solver.set_callbacks(Some(Watch {
        control,
        answered: &answered,
    }));
    for clause in &formula.clauses {
        solver.add_clause(clause.iter().copied());
    }
    match solver.solve() {
        Some(true) => {
            let set = formula.set(|v| solver.value(v) == Some(true));
            let queens = queens::dominate::squares(&lines, &set);
            queens::dominate::check(n, false, &queens)?;
            let outside = set.iter().find(|&&s| !allowed[s]);
            if let Some(&s) = outside {
                return Err(lines.square(s));
            }
            Ok(Dominating::Found(queens))
        }
        Some(false) => Ok(Dominating::None),
        None => Ok(Dominating::Stopped),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens::dominate::lattice;

    #[test]
    fn the_bound_sized_sets_on_a_lattice_where_they_exist() {
        // 6, 10 and 18 have minimum sets of N/2 queens on a parity lattice; 14 and 22 need
        // N/2 + 1 queens (OEIS A075458), so none of N/2 anywhere, on a lattice neither.
        for n in [6, 10, 18] {
            let Ok(Dominating::Found(set)) = dominate(n, n / 2, &lattice(n, 0, 1), &Control::new())
            else {
                panic!("N = {n}")
            };
            assert_eq!(set.len(), n / 2, "N = {n}");
            assert!(
                set.iter().all(|s| s.col % 2 == 0 && s.row % 2 == 1),
                "N = {n}"
            );
        }
        for n in [14, 22] {
            let answer = dominate(n, n / 2, &lattice(n, 0, 1), &Control::new());
            assert_eq!(answer, Ok(Dominating::None), "N = {n}");
        }
    }

    #[test]
    fn the_whole_board_agrees_with_the_published_numbers() {
        // A075458: 5 queens for 8x8, 4 cannot; 5 for 11x11 (below Weakley's bound there).
        let all = |n: usize| vec![true; n * n];
        let control = Control::new();
        assert!(matches!(
            dominate(8, 5, &all(8), &control),
            Ok(Dominating::Found(_))
        ));
        assert_eq!(dominate(8, 4, &all(8), &control), Ok(Dominating::None));
        assert!(matches!(
            dominate(11, 5, &all(11), &control),
            Ok(Dominating::Found(_))
        ));
    }

    #[test]
    fn a_cancelled_control_stops_it() {
        let control = Control::new();
        control.cancel();
        let answer = dominate(26, 13, &lattice(26, 0, 1), &control);
        assert_eq!(answer, Ok(Dominating::Stopped));
    }

    /// The moonshot's lattice part, by the solver: no 13 queens on a parity lattice watch the
    /// 26 x 26 board (the four lattices are images of one another). Minutes.
    #[test]
    #[ignore = "minutes: the cross-check of the 26 x 26 lattice, see BENCHMARKS.md"]
    fn no_thirteen_on_a_lattice_of_26() {
        let start = std::time::Instant::now();
        let answer = dominate(26, 13, &lattice(26, 0, 1), &Control::new());
        eprintln!(
            "26x26, 13 on a lattice, by CaDiCaL: {answer:?} in {:.1} s",
            start.elapsed().as_secs_f64()
        );
        assert_eq!(answer, Ok(Dominating::None));
    }
}
