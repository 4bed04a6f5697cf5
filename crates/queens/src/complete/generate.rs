//! Random completion instances by the method of Gent, Jefferson and Nightingale (2017, section
//! on experiments): pick a random free row and a random free column; if the square where they
//! cross lies on no diagonal already taken by a preset queen, put a queen there, else draw again;
//! stop at the number of presets asked for. The presets never attack each other, yet the board
//! may or may not be completable: that is what makes the instances interesting.

use super::{Instance, InstanceError, MAX_N};
use crate::square::Square;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// `presets` random non-attacking queens on an `n` x `n` board, the same for the same `seed`.
/// The draws may get stuck short of `presets` (no square left that the queens placed do not
/// attack): that is [`InstanceError::Saturated`], and another seed may succeed; more presets
/// than any placement holds are [`InstanceError::TooMany`].
pub fn generate(n: usize, presets: usize, seed: u64) -> Result<Instance, InstanceError> {
    if n == 0 || n > MAX_N {
        return Err(InstanceError::BadSize(n));
    }
    let most = most_that_fit(n);
    if presets > most {
        return Err(InstanceError::TooMany {
            n,
            asked: presets,
            most,
        });
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut rows: Vec<u32> = (0..n as u32).collect();
    let mut cols: Vec<u32> = (0..n as u32).collect();
    let mut sums = vec![false; 2 * n - 1];
    let mut diffs = vec![false; 2 * n - 1];
    let mut queens: Vec<Square> = Vec::with_capacity(presets);
    let free = |sums: &[bool], diffs: &[bool], c: u32, r: u32| {
        !sums[(c + r) as usize] && !diffs[(c as usize + n - 1) - r as usize]
    };
    while queens.len() < presets {
        if cols.is_empty() {
            return Err(InstanceError::Saturated {
                n,
                asked: presets,
                placed: queens.len(),
                seed,
            });
        }
        let mut pick = None;
        for _ in 0..64 * n {
            let (i, j) = (
                rng.random_range(0..cols.len()),
                rng.random_range(0..rows.len()),
            );
            if free(&sums, &diffs, cols[i], rows[j]) {
                pick = Some((i, j));
                break;
            }
        }
        if pick.is_none() {
            // Many misses in a row: draw among the squares still possible, if there are any.
            let possible: Vec<(usize, usize)> = (0..cols.len())
                .flat_map(|i| (0..rows.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| free(&sums, &diffs, cols[i], rows[j]))
                .collect();
            if possible.is_empty() {
                return Err(InstanceError::Saturated {
                    n,
                    asked: presets,
                    placed: queens.len(),
                    seed,
                });
            }
            pick = Some(possible[rng.random_range(0..possible.len())]);
        }
        let (i, j) = pick.expect("a square was drawn");
        let (c, r) = (cols.swap_remove(i), rows.swap_remove(j));
        sums[(c + r) as usize] = true;
        diffs[(c as usize + n - 1) - r as usize] = true;
        queens.push(Square::new(c, r));
    }
    Instance::with_presets(n, &queens)
}

/// The most queens that fit on an `n` x `n` board without attacks: `n`, but for 2 and 3, whose
/// boards hold no solution (one queen on 2x2, two on 3x3).
fn most_that_fit(n: usize) -> usize {
    match n {
        2 => 1,
        3 => 2,
        _ => n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_legal_and_reproducible() {
        for seed in 0..20 {
            let a = generate(30, 12, seed).unwrap();
            assert_eq!(a.presets().len(), 12);
            assert_eq!(a, generate(30, 12, seed).unwrap());
        }
        assert_ne!(generate(30, 12, 1).unwrap(), generate(30, 12, 2).unwrap());
    }

    #[test]
    fn too_many_presets_is_an_error_not_a_hang() {
        assert!(matches!(
            generate(4, 4, 0),
            Err(InstanceError::Saturated { .. }) | Ok(_)
        ));
        assert_eq!(
            generate(3, 3, 0),
            Err(InstanceError::TooMany {
                n: 3,
                asked: 3,
                most: 2
            })
        );
        assert!(matches!(
            generate(2, 2, 0),
            Err(InstanceError::TooMany { most: 1, .. })
        ));
        assert!(matches!(
            generate(5, 6, 0),
            Err(InstanceError::TooMany {
                asked: 6,
                most: 5,
                ..
            })
        ));
    }

    /// The most that fit is what a solution (or, for 2 and 3, the exhaustive search) holds, and
    /// a full board is always possible for some seed, though the draws of one seed may get stuck.
    #[test]
    fn most_that_fit_is_what_the_board_holds() {
        for n in 1..=8 {
            let held = crate::construct::exists(n as u64);
            assert_eq!(most_that_fit(n) == n, held, "n = {n}");
            assert!(
                (0..200).any(|seed| generate(n, most_that_fit(n), seed).is_ok()),
                "n = {n}"
            );
        }
    }

    #[test]
    fn stuck_draws_say_so_with_their_seed() {
        let stuck = (0..200)
            .find_map(|seed| generate(8, 8, seed).err().map(|e| (seed, e)))
            .expect("some seed gets stuck on a full 8x8 board");
        let (seed, InstanceError::Saturated { placed, asked, .. }) = &stuck else {
            panic!("{stuck:?}");
        };
        assert!(placed < asked && *asked == 8);
        let message = stuck.1.to_string();
        assert!(message.contains(&format!("seed {seed}")), "{message}");
        assert!(!message.contains("only"), "{message}");
    }
}
