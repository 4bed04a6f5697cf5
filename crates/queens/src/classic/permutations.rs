//! Every permutation, filtered: the queens are already on distinct columns and rows, and only
//! the diagonals remain to test.
//!
//! Sources: the Erlang program of seed 001 (`pmut` builds all N! permutations of 1..N, and a
//! permutation Q is kept when the N sums Q_i + i and the N differences Q_i - i are all
//! distinct) and the "8! placements" of full enumeration in seed 000. The permutations are
//! generated in lexicographic order, each from the one before (find the last ascent, swap in
//! its successor, reverse the tail), so the solutions come in the same order as a
//! backtracker's. The diagonal test is the placement's own arithmetic test
//! ([`Placement::first_conflict`](crate::Placement::first_conflict): rows, sums and differences all distinct, which is exactly
//! the Erlang filter); each queen it looks at counts as one safety test.

use super::{Event, Stats};
use super::{Search, Step};
use std::ops::ControlFlow;

pub(crate) fn search<F: FnMut(&Event, &Stats) -> ControlFlow<()>>(
    n: usize,
    s: &mut Search<F>,
) -> Step {
    let total = (1..=n as u64).try_fold(1u64, |a, k| a.checked_mul(k));
    s.control().set_total(total.unwrap_or(0));
    let mut rows: Vec<u32> = (0..n as u32).collect();
    loop {
        s.examine(&rows)?;
        s.control().advance(1);
        if !next_permutation(&mut rows) {
            return Ok(());
        }
    }
}

/// The next permutation in lexicographic order; false after the last.
fn next_permutation(v: &mut [u32]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len())
        .rev()
        .find(|&j| v[j] > v[i - 1])
        .expect("an ascent");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_in_lexicographic_order() {
        let mut v = vec![0, 1, 2, 3];
        let mut all = vec![v.clone()];
        while next_permutation(&mut v) {
            all.push(v.clone());
        }
        assert_eq!(all.len(), 24);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(all.last().unwrap(), &vec![3, 2, 1, 0]);
    }
}
