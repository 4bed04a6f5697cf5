//! A quick first attempt for large, loosely constrained boards: local search by swaps.
//!
//! The method of Sosic and Gu ("3,000,000 queens in less than one minute", SIGART Bulletin
//! 1991), with the preset queens held still: the free queens always form a permutation of the
//! free rows over the free columns, so rows and columns never clash and only diagonals can. A
//! greedy start puts each free column's queen, in random order, on one of a few random unused
//! rows whose diagonals are still empty, when it finds one. Then every queen still on a taken
//! diagonal swaps rows with a random other free queen whenever the swap lowers the number of
//! collisions (an excluded diagonal counts as holding one queen already). The search either
//! reaches zero collisions, a completion, or gives up after a bounded number of swap attempts
//! (linear in N) and leaves the decision to the complete search: it never answers "impossible".

use super::Instance;
use crate::placement::Placement;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Rows given to each free column in the greedy start before it settles for a clash.
const GREEDY_TRIES: usize = 16;
/// Rounds of repair (each visits every queen in collision once) before giving up.
const ROUNDS: usize = 64;
/// Swap attempts per free queen, over all rounds, before giving up.
const TRIES_PER_QUEEN: usize = 256;

struct Board {
    n: usize,
    rows: Vec<u32>,
    /// Queens (and excluded marks) on each `col + row` diagonal.
    sums: Vec<u32>,
    /// Queens (and excluded marks) on each `col - row + n - 1` diagonal.
    diffs: Vec<u32>,
}

impl Board {
    fn diagonals(&self, c: usize, r: usize) -> (usize, usize) {
        (c + r, c + self.n - 1 - r)
    }

    /// Collisions of the queen of column `c` (other queens or marks on its two diagonals).
    fn clashes(&self, c: usize) -> u32 {
        let (s, d) = self.diagonals(c, self.rows[c] as usize);
        self.sums[s] + self.diffs[d] - 2
    }

    fn lift(&mut self, c: usize) -> u32 {
        let (s, d) = self.diagonals(c, self.rows[c] as usize);
        self.sums[s] -= 1;
        self.diffs[d] -= 1;
        self.sums[s] + self.diffs[d]
    }

    fn drop(&mut self, c: usize, r: u32) -> u32 {
        self.rows[c] = r;
        let (s, d) = self.diagonals(c, r as usize);
        let before = self.sums[s] + self.diffs[d];
        self.sums[s] += 1;
        self.diffs[d] += 1;
        before
    }

    /// Swaps the rows of columns `a` and `b` if that lowers the collisions; returns whether.
    fn try_swap(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.rows[a], self.rows[b]);
        let before = self.lift(a) + self.lift(b);
        let after = self.drop(a, rb) + self.drop(b, ra);
        if after < before {
            return true;
        }
        self.lift(a);
        self.lift(b);
        self.drop(a, ra);
        self.drop(b, rb);
        false
    }
}

/// A completion found by local search from `seed`, or `None` when it gives up.
pub(crate) fn attempt(instance: &Instance, seed: u64) -> Option<Placement> {
    let n = instance.n();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut board = Board {
        n,
        rows: vec![0; n],
        sums: vec![0; 2 * n - 1],
        diffs: vec![0; 2 * n - 1],
    };
    for s in instance.sum_indices() {
        board.sums[s] += 1;
    }
    for d in instance.difference_indices() {
        board.diffs[d] += 1;
    }
    let (mut col_taken, mut row_taken) = (vec![false; n], vec![false; n]);
    for q in instance.presets() {
        col_taken[q.col as usize] = true;
        row_taken[q.row as usize] = true;
        board.drop(q.col as usize, q.row);
    }
    let mut free: Vec<usize> = (0..n).filter(|&c| !col_taken[c]).collect();
    let mut unused: Vec<u32> = (0..n as u32).filter(|&r| !row_taken[r as usize]).collect();
    if free.len() < 2 {
        return None;
    }
    // Greedy start, columns in random order.
    for i in (1..free.len()).rev() {
        free.swap(i, rng.random_range(0..=i));
    }
    for &c in &free {
        let mut pick = 0;
        for _ in 0..GREEDY_TRIES {
            let j = rng.random_range(0..unused.len());
            pick = j;
            let (s, d) = board.diagonals(c, unused[j] as usize);
            if board.sums[s] == 0 && board.diffs[d] == 0 {
                break;
            }
        }
        let r = unused.swap_remove(pick);
        board.drop(c, r);
    }
    // Repair by swaps.
    let mut budget = TRIES_PER_QUEEN * free.len();
    for _ in 0..ROUNDS {
        let clashing: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&c| board.clashes(c) > 0)
            .collect();
        if clashing.is_empty() {
            let p = Placement::from_rows_unchecked(board.rows);
            return instance.is_completion(&p).then_some(p);
        }
        for a in clashing {
            if board.clashes(a) == 0 {
                continue;
            }
            for _ in 0..4 * n {
                if budget == 0 {
                    return None;
                }
                budget -= 1;
                let b = free[rng.random_range(0..free.len())];
                if b != a && board.try_swap(a, b) {
                    break;
                }
            }
        }
    }
    None
}
