//! The most pairwise disjoint solutions of a small board (OEIS A171760), by branch and bound
//! over the list of all its solutions.
//!
//! Disjoint solutions have their queens of file a on different ranks, so a set of them takes
//! at most one solution from each bucket "queen of file a on rank r". The search goes through
//! the buckets in order and either takes a solution of the bucket disjoint from those taken or
//! takes none; it gives up a branch when the solutions taken plus the buckets still holding a
//! solution disjoint from them cannot beat the best set found. Our own code, in the manner of
//! the plain counting of covers in this module's tests.

use crate::control::Control;
use crate::error::Error;
use crate::placement::Placement;
use crate::solutions::Solutions;

/// The largest N this search takes: a solution is a set of at most 128 squares.
pub const MAX_N: usize = 11;

/// A largest set of pairwise disjoint solutions of the `n` x `n` board (n from 1 to
/// [`MAX_N`]), proved largest by the search.
pub fn most(n: usize, control: &Control) -> Result<Vec<Placement>, Error> {
    if n == 0 || n > MAX_N {
        return Err(Error::TooLarge { n, max: MAX_N });
    }
    let mut buckets: Vec<Vec<(u128, Placement)>> = vec![Vec::new(); n];
    for p in Solutions::new(n)? {
        let squares = p.squares().fold(0u128, |set, s| {
            set | 1 << (s.col as usize * n + s.row as usize)
        });
        buckets[p.rows()[0] as usize].push((squares, p));
    }
    let mut search = Search {
        buckets: &buckets,
        chosen: Vec::new(),
        best: Vec::new(),
        control,
    };
    search.extend(0, 0)?;
    Ok(search
        .best
        .iter()
        .map(|&(b, i)| buckets[b][i].1.clone())
        .collect())
}

struct Search<'a> {
    buckets: &'a [Vec<(u128, Placement)>],
    /// The solutions taken, as (bucket, index).
    chosen: Vec<(usize, usize)>,
    best: Vec<(usize, usize)>,
    control: &'a Control,
}

impl Search<'_> {
    /// Buckets from `from` on that hold a solution disjoint from `used`.
    fn open(&self, from: usize, used: u128) -> usize {
        self.buckets[from..]
            .iter()
            .filter(|b| b.iter().any(|(s, _)| s & used == 0))
            .count()
    }

    fn extend(&mut self, from: usize, used: u128) -> Result<(), Error> {
        if self.chosen.len() > self.best.len() {
            self.best = self.chosen.clone();
        }
        if from == self.buckets.len()
            || self.chosen.len() + self.open(from, used) <= self.best.len()
        {
            return Ok(());
        }
        self.control.advance(1);
        if self.control.is_cancelled() {
            return Err(Error::Cancelled);
        }
        for (i, (squares, _)) in self.buckets[from].iter().enumerate() {
            if squares & used == 0 {
                self.chosen.push((from, i));
                self.extend(from + 1, used | squares)?;
                self.chosen.pop();
            }
        }
        self.extend(from + 1, used)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A171760, a(1) to a(10): the most pairwise disjoint solutions of the N x N board.
    const A171760: [usize; 10] = [1, 0, 0, 2, 5, 4, 7, 6, 7, 8];

    #[test]
    fn agrees_with_the_published_values_to_ten() {
        for n in 1..=10 {
            let found = most(n, &Control::new()).unwrap();
            assert_eq!(found.len(), A171760[n - 1], "n = {n}");
            for (i, p) in found.iter().enumerate() {
                assert!(p.is_solution(), "n = {n}");
                for q in &found[..i] {
                    let shared = p.rows().iter().zip(q.rows()).any(|(a, b)| a == b);
                    assert!(!shared, "n = {n}: two solutions share a square");
                }
            }
        }
    }

    #[test]
    fn a_board_with_a_cover_has_n() {
        assert_eq!(most(11, &Control::new()).unwrap().len(), 11);
    }

    #[test]
    fn beyond_the_range_is_refused() {
        assert_eq!(
            most(12, &Control::new()),
            Err(Error::TooLarge { n: 12, max: 11 })
        );
    }
}
