//! Counting queens on the torus with its structure (after Engelhardt's torus counts, OEIS
//! A051906, and Pólya 1918).
//!
//! - Pólya: on the torus N queens fit exactly when gcd(N, 6) = 1 (N = 1 aside), so every other
//!   N is answered at once.
//! - Translation: moving every queen one rank up (mod N) turns a torus solution into another,
//!   and the N moves of a solution all differ in the rank of the first queen. So the solutions
//!   are N times those with the first queen on the first rank: the search fixes that queen and
//!   runs the bitmask walk of [`search`](super::search) (rotating diagonals, forward checking)
//!   on the rest, split by the next two files over all cores. The flip of ranks about the
//!   first queen (r -> -r mod N) keeps the torus rules, so only the second queen's lower half
//!   (rows 1 to (N-1)/2 from the first) is searched, and counted twice.
//! - Classes: the torus has 8N² symmetries (the board's 8, then a translation). By the
//!   orbit-stabilizer theorem a solution's orbit has 8N²/|stab| members, so the number of
//!   classes is the sum over all solutions of |stab|/8N², which is N/8N² times the same sum over
//!   the solutions with the first queen on the first rank (translation keeps |stab|). The
//!   stabilizer of each such solution is counted by [`torus_stabilizer`], which gives up on a
//!   symmetry at its first wrong queen.

use super::search::Board;
use super::{Piece, Rules};
use crate::control::Control;
use crate::error::Error;
use crate::symmetry::torus_stabilizer;
use rayon::prelude::*;
use serde::Serialize;
use std::ops::ControlFlow;

/// The largest N the counter takes.
pub const MAX_N: usize = 64;

/// The count of the torus for one N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TorusCount {
    /// The board size.
    pub n: usize,
    /// The piece.
    pub piece: Piece,
    /// All solutions.
    pub total: u128,
    /// Solutions up to the torus's 8N² symmetries.
    pub classes: u128,
}

/// Counts the solutions of the `n` x `n` torus for queens or superqueens.
pub fn count(n: usize, piece: Piece, control: &Control) -> Result<TorusCount, Error> {
    let rules = Rules { piece, torus: true };
    let none = TorusCount {
        n,
        piece,
        total: 0,
        classes: 0,
    };
    if n == 0 || n > MAX_N {
        return Err(Error::TooLarge { n, max: MAX_N });
    }
    if rules.none_known(n) {
        return Ok(none);
    }
    if n < 4 {
        return Ok(TorusCount {
            total: 1,
            classes: 1,
            ..none
        });
    }
    let board = Board::new(n, rules)?;
    // The second queen below the middle only: the flip of ranks about the first queen
    // (r -> -r mod N) pairs these solutions one to one with the rest, keeping stabilizers.
    let tasks: Vec<[u32; 3]> = (1..n as u32 / 2 + 1)
        .flat_map(|b| (0..n as u32).map(move |c| [0, b, c]))
        .collect();
    control.set_total(tasks.len() as u64);
    let parts: Result<Vec<(u128, u128)>, Error> = tasks
        .par_iter()
        .map(|first| {
            let part = fixed_first(&board, first, control);
            control.advance(1);
            part
        })
        .collect();
    let (found, stabilizers) = parts?
        .into_iter()
        .fold((0, 0), |(f, s), (a, b)| (f + a, s + b));
    let (found, stabilizers, n128) = (2 * found, 2 * stabilizers, n as u128);
    Ok(TorusCount {
        n,
        piece,
        total: n128 * found,
        classes: stabilizers / (8 * n128),
    })
}

/// The solutions starting with the queens of `first`, and the sum of their stabilizers.
fn fixed_first(board: &Board, first: &[u32], control: &Control) -> Result<(u128, u128), Error> {
    let (mut found, mut stabilizers) = (0u128, 0u128);
    board.each_from(first, control, |rows| {
        found += 1;
        stabilizers += torus_stabilizer(rows) as u128;
        ControlFlow::Continue(())
    })?;
    Ok((found, stabilizers))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::TorusOrbit;
    use crate::Placement;

    /// OEIS A051906 (queens on the torus), N = 1..17.
    const A051906: [u128; 17] = [1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524, 0, 0, 0, 140692];

    #[test]
    fn counts_agree_with_a051906() {
        for (k, &total) in A051906.iter().enumerate().take(13) {
            let c = count(k + 1, Piece::Queen, &Control::new()).unwrap();
            assert_eq!(c.total, total, "n = {}", k + 1);
        }
    }

    #[test]
    fn classes_agree_with_orbits_listed_one_by_one() {
        for n in [5, 7, 11] {
            let rules = Rules {
                piece: Piece::Queen,
                torus: true,
            };
            let mut canon = std::collections::BTreeSet::new();
            Board::new(n, rules)
                .unwrap()
                .each(&Control::new(), |rows| {
                    let p = Placement::from_rows_unchecked(rows.to_vec());
                    canon.insert(TorusOrbit::of(&p).canonical);
                    ControlFlow::Continue(())
                })
                .unwrap();
            let c = count(n, Piece::Queen, &Control::new()).unwrap();
            assert_eq!(c.classes, canon.len() as u128, "n = {n}");
        }
    }

    #[test]
    fn the_five_by_five_torus_has_one_class_of_ten() {
        let p = Placement::parse("1 3 5 2 4").unwrap();
        let orbit = TorusOrbit::of(&p);
        assert_eq!((orbit.size, orbit.stabilizer), (10, 20));
        assert_eq!(count(5, Piece::Queen, &Control::new()).unwrap().classes, 1);
    }
}
