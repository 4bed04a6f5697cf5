//! A uniformly random solution, by counting the sub-trees of the search and descending.
//!
//! Every solution is a path from the root of the column-by-column search tree to a leaf, so
//! drawing a solution uniformly means: at each column, choose the next queen's row with a
//! probability proportional to the number of solutions below it. The counts come from the
//! reference counter, `somers`, ([`count_below`]); for the first column, whose sub-trees are the
//! whole search, they are counted in parallel and only for the lower half of the rows (the
//! mirror image of a first queen on row r is a first queen on row N - 1 - r, with as many
//! completions). Each later column counts a sub-tree about N times smaller than the one
//! before, so one draw costs about one count of all solutions: quick up to [`MAX_N`].
//!
//! The idea is the classic one of sampling by counting (the "recursive method" of Nijenhuis
//! and Wilf, Combinatorial Algorithms, 1978).

use crate::construct::rng;
use crate::control::Control;
use crate::count::{
    bits::Node,
    somers::{count_below, expand},
};
use crate::error::Error;
use crate::placement::Placement;
use rand::Rng;
use rayon::prelude::*;

/// The largest N: a draw counts every solution once (N = 16: 14,772,512 of them, about 5 s of
/// CPU; N = 15: 0.7 s).
pub const MAX_N: usize = 16;

/// A solution for `n` drawn uniformly at random from all of them (the same one for the same
/// seed), with the number of solutions it was drawn from; `None` when no solution exists
/// (N = 2, 3). Obeys cancellation.
pub fn solve(n: usize, seed: u64, control: &Control) -> Result<Option<(Placement, u64)>, Error> {
    if n == 0 || n > MAX_N {
        return Err(Error::TooLarge { n, max: MAX_N });
    }
    let full = (1u32 << n) - 1;
    let mut rng = rng(seed);
    let mut node = Node {
        taken: 0,
        up: 0,
        down: 0,
    };
    let mut rows = Vec::with_capacity(n);
    let mut solutions = 0;
    for column in 0..n {
        let children = if column == 0 {
            first_column(n, control)?
        } else {
            free_rows(full & !(node.taken | node.up | node.down))
                .map(|bit| (bit, count_below(full, node.place(bit))))
                .collect()
        };
        let total: u64 = children.iter().map(|&(_, count)| count).sum();
        if total == 0 {
            return Ok(None);
        }
        if column == 0 {
            solutions = total;
        }
        let mut x = rng.random_range(0..total);
        let &(bit, _) = children
            .iter()
            .find(|&&(_, count)| {
                let here = x < count;
                x = x.wrapping_sub(count);
                here
            })
            .expect("x is below the total");
        node = node.place(bit);
        rows.push(bit.trailing_zeros());
    }
    Ok(Some((Placement::from_rows_unchecked(rows), solutions)))
}

/// The rows of a mask, lowest first, as one-bit masks.
fn free_rows(mut free: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        (bit != 0).then_some(bit)
    })
}

/// The completions of each first queen (row r as the bit `1 << r`), lower half counted. The
/// work is split into the sub-trees three columns down, so that both threads stay busy and a
/// cancellation is seen within milliseconds.
fn first_column(n: usize, control: &Control) -> Result<Vec<(u32, u64)>, Error> {
    let full = (1u32 << n) - 1;
    let root = Node {
        taken: 0,
        up: 0,
        down: 0,
    };
    let half = n.div_ceil(2);
    let mut parts = Vec::new();
    for r in 0..half {
        let mut below = Vec::new();
        expand(full, root.place(1 << r), 2, &mut below);
        parts.extend(below.into_iter().map(|node| (r, node)));
    }
    let counts: Option<Vec<(usize, u64)>> = parts
        .par_iter()
        .map(|&(r, node)| (!control.is_cancelled()).then(|| (r, count_below(full, node))))
        .collect();
    let mut lower = vec![0; half];
    for (r, count) in counts.ok_or(Error::Cancelled)? {
        lower[r] += count;
    }
    Ok((0..n)
        .map(|r| (1u32 << r, lower[r.min(n - 1 - r)]))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solutions::Solutions;
    use std::collections::HashMap;

    /// Pearson's chi-square statistic of the draws against the uniform law on `all`.
    fn chi_square(all: &[Placement], draws: &[Placement]) -> f64 {
        let mut seen: HashMap<&Placement, u64> = all.iter().map(|p| (p, 0)).collect();
        for p in draws {
            *seen.get_mut(p).expect("every draw is a solution") += 1;
        }
        let expected = draws.len() as f64 / all.len() as f64;
        seen.values()
            .map(|&k| (k as f64 - expected).powi(2) / expected)
            .sum()
    }

    #[test]
    fn draws_are_solutions() {
        for n in (1..=12).filter(|&n| n != 2 && n != 3) {
            for seed in 0..5 {
                let (p, solutions) = solve(n, seed, &Control::new()).unwrap().unwrap();
                assert_eq!(solutions, Solutions::new(n).unwrap().count() as u64);
                assert_eq!(p.n(), n);
                assert!(p.is_solution(), "N = {n}");
            }
        }
        assert_eq!(solve(2, 0, &Control::new()), Ok(None));
        assert_eq!(solve(3, 0, &Control::new()), Ok(None));
        assert_eq!(solve(8, 5, &Control::new()), solve(8, 5, &Control::new()));
    }

    /// With 30 draws per solution the statistic has mean k - 1 (k solutions); the bounds are
    /// far in the tail (p < 1e-6), and a sampler that picks each free row with equal chance
    /// lands well beyond them.
    #[test]
    fn draws_spread_over_all_solutions() {
        for (n, bound) in [(6, 35.0), (8, 200.0)] {
            let all: Vec<Placement> = Solutions::new(n).unwrap().collect();
            let draws: Vec<Placement> = (0..30 * all.len() as u64)
                .map(|seed| solve(n, 1000 + seed, &Control::new()).unwrap().unwrap().0)
                .collect();
            let chi = chi_square(&all, &draws);
            assert!(chi < bound, "N = {n}: chi-square {chi}");
            let distinct: std::collections::HashSet<&Placement> = draws.iter().collect();
            assert_eq!(distinct.len(), all.len(), "N = {n}");
        }
        // The same test rejects a biased sampler: equal chances among the rows that lead to a
        // solution, whatever the size of their sub-trees.
        let all: Vec<Placement> = Solutions::new(8).unwrap().collect();
        let mut rng = rng(9);
        let biased: Vec<Placement> = (0..30 * all.len())
            .map(|_| {
                let mut rows = Vec::new();
                while rows.len() < 8 {
                    let fits: Vec<&Placement> =
                        all.iter().filter(|p| p.rows().starts_with(&rows)).collect();
                    let mut next: Vec<u32> = fits.iter().map(|p| p.rows()[rows.len()]).collect();
                    next.dedup();
                    rows.push(next[rng.random_range(0..next.len())]);
                }
                Placement::from_rows_unchecked(rows)
            })
            .collect();
        assert!(chi_square(&all, &biased) > 200.0);
    }

    #[test]
    fn cancel_stops_the_draw() {
        let control = Control::new();
        control.cancel();
        assert_eq!(solve(10, 1, &control), Err(Error::Cancelled));
        assert!(matches!(
            solve(MAX_N + 1, 1, &control),
            Err(Error::TooLarge { .. })
        ));
    }
}
