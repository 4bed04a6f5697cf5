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

use super::fewest::Fewest;
use super::search::RulesBoard;
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
    let parts: Vec<(Vec<(usize, u32)>, u128)> = match piece {
        Piece::Queen => queen_parts(n),
        Piece::Superqueen => superqueen_parts(n),
    };
    let board = RulesBoard::new(n, rules)?;
    let fewest = Fewest::new(n);
    control.set_total(parts.len() as u64);
    let counted: Result<Vec<(u128, u128)>, Error> = parts
        .par_iter()
        .map(|(fixed, weight)| {
            let (found, stabilizers) = match piece {
                Piece::Queen => fixed_first(control, |c, v| fewest.each_with(fixed, c, v)),
                Piece::Superqueen => {
                    let first: Vec<u32> = fixed.iter().map(|&(_, r)| r).collect();
                    fixed_first(control, |c, v| board.each_from(&first, c, v))
                }
            }?;
            control.advance(1);
            Ok((weight * found, weight * stabilizers))
        })
        .collect();
    let (found, stabilizers) = counted?
        .into_iter()
        .fold((0, 0), |(f, s), (a, b)| (f + a, s + b));
    let n128 = n as u128;
    Ok(TorusCount {
        n,
        piece,
        total: n128 * found,
        classes: stabilizers / (8 * n128),
    })
}

/// The parts of a count of queens, with their weights: the first queen on a1, and the queens
/// of the second file (rank x) and the last file (rank y) chosen one per class of the flips of
/// files and of ranks about a1. On the pairs (x, y) the flips act as (y, x), (-x, -y) and
/// (-y, -x) mod N; a class of four has one member with x < y and x + y < N (weight 4), and the
/// classes of two, y = -x, one with x < N/2 (weight 2).
fn queen_parts(n: usize) -> Vec<(Vec<(usize, u32)>, u128)> {
    let mut parts = Vec::new();
    for x in 1..n {
        for y in x + 1..n - x {
            parts.push((vec![(0, 0), (1, x as u32), (n - 1, y as u32)], 4));
        }
        if 2 * x < n {
            parts.push((vec![(0, 0), (1, x as u32), (n - 1, (n - x) as u32)], 2));
        }
    }
    parts
}

/// The parts of a count of superqueens: the first queen on a1, the second file's rank in the
/// lower half (the flip of ranks about a1 pairs it with the upper half), the third file's any.
fn superqueen_parts(n: usize) -> Vec<(Vec<(usize, u32)>, u128)> {
    (1..n as u32 / 2 + 1)
        .flat_map(|b| (0..n as u32).map(move |c| (vec![(0, 0), (1, b), (2, c)], 2)))
        .collect()
}

/// The solutions a search finds, and the sum of their stabilizers.
fn fixed_first(
    control: &Control,
    each: impl FnOnce(&Control, &mut dyn FnMut(&[u32]) -> ControlFlow<()>) -> Result<(), Error>,
) -> Result<(u128, u128), Error> {
    let (mut found, mut stabilizers) = (0u128, 0u128);
    each(control, &mut |rows| {
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
            RulesBoard::new(n, rules)
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
