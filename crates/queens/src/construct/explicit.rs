//! The explicit construction of seed 001: one solution for every N >= 4 and N = 1, with no
//! search, by the remainder of N divided by 12.
//!
//! The seed's recipe builds a list of the numbers 1..N and puts the queen of the i-th column on
//! the row given by the i-th number of the list:
//!
//! 1. divide N by 12 and keep the remainder;
//! 2. list the even numbers 2, 4, ..., N in order;
//! 3. if the remainder is 3 or 9, move 2 to the end of the list;
//! 4. append the odd numbers 1, 3, ..., N in order, but if the remainder is 8, swap each pair
//!    of neighbours (3, 1, 7, 5, 11, 9, ...);
//! 5. if the remainder is 2 (and N >= 3), swap 1 and 3, then (if N >= 5) move 5 to the end;
//! 6. if the remainder is 3 or 9, move 1 and then 3 to the end;
//! 7. column a gets the row of the first number, column b the second, and so on.
//!
//! The steps only ever move a few single numbers, so the list is a handful of runs of numbers
//! two apart: the evens, the odds, and the few moved numbers. [`Rows`] walks those runs, so the
//! rows stream out in constant memory and constant time each, whatever N is: N = 10^9 needs
//! nothing but a counter. The tests compare the runs with the seven steps done literally on a
//! list, and check every N up to 5000.

use crate::placement::Placement;

/// The largest N (rows are 32-bit numbers).
pub const MAX_N: usize = u32::MAX as usize;

/// Whether an N x N board has a solution: for N = 1 and every N >= 4 (the construction below
/// is the proof), and not for N = 2 or 3 (every queen attacks every other square of the
/// middle, so two queens always clash).
pub fn exists(n: u64) -> bool {
    n == 1 || n >= 4
}

/// A run of the seed's list: `len` numbers `first + 2 k` for k = 0, 1, ..., or, with
/// `swap_pairs`, `first + 2 (k xor 1)` (each pair of neighbours swapped: 3, 1, 7, 5, ...).
/// The numbers are 1-based rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Run {
    /// The first row of the run, 1-based.
    pub first: u64,
    /// How many rows the run has.
    pub len: u64,
    /// Whether the rows of each pair of columns are swapped.
    pub swap_pairs: bool,
}

const fn run(first: u64, len: u64) -> Run {
    Run {
        first,
        len,
        swap_pairs: false,
    }
}

/// The seed's list for `n` as at most five runs (1-based numbers), steps 1 to 6.
fn runs(n: u64) -> ([Run; 5], usize) {
    let evens = n / 2;
    let odds = n - evens;
    let mut out = [Run::default(); 5];
    let list: &[Run] = match n % 12 {
        // Steps 2 and 3: 4, 6, ..., then 2. Steps 4 and 6: 5, 7, ..., N, then 1 and 3.
        3 | 9 => &[
            run(4, evens - 1),
            run(2, 1),
            run(5, odds - 2),
            run(1, 1),
            run(3, 1),
        ],
        // Step 4 with the neighbours of each pair swapped: 3, 1, 7, 5, ... (N/2 odds: even).
        8 => &[
            run(2, evens),
            Run {
                first: 1,
                len: odds,
                swap_pairs: true,
            },
        ],
        // Step 5: 3, 1 swapped, then 7, 9, ..., N - 1, and 5 moved to the end.
        2 if n >= 5 => &[
            run(2, evens),
            run(3, 1),
            run(1, 1),
            run(7, odds - 3),
            run(5, 1),
        ],
        _ => &[run(2, evens), run(1, odds)],
    };
    out[..list.len()].copy_from_slice(list);
    (out, list.len())
}

/// The 0-based rows of the construction, column by column, in constant memory.
///
/// For N = 2 and 3 the seed's list is not a solution (none exists): [`rows`] refuses them.
#[derive(Clone, Debug)]
pub struct Rows {
    runs: [Run; 5],
    count: usize,
    /// The run being walked and the position in it.
    at: usize,
    k: u64,
    left: u64,
}

impl Iterator for Rows {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        while self.at < self.count {
            let run = self.runs[self.at];
            if self.k < run.len {
                let k = if run.swap_pairs { self.k ^ 1 } else { self.k };
                self.k += 1;
                self.left -= 1;
                return Some((run.first + 2 * k - 1) as u32);
            }
            self.at += 1;
            self.k = 0;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left as usize, Some(self.left as usize))
    }
}

impl ExactSizeIterator for Rows {}

/// The rows of the seed's solution for `n`, or `None` when no solution exists (N = 0, 2, 3)
/// or N is beyond [`MAX_N`].
pub fn rows(n: usize) -> Option<Rows> {
    if !exists(n as u64) || n as u64 > MAX_N as u64 {
        return None;
    }
    Some(list(n as u64))
}

/// The seed's list for any N >= 1, solution or not.
fn list(n: u64) -> Rows {
    let (runs, count) = runs(n);
    Rows {
        runs,
        count,
        at: 0,
        k: 0,
        left: n,
    }
}

/// The seed's solution for `n` as its runs, for writers that make use of the steps of two
/// (the rows of [`rows`], column by column); `None` as for [`rows`].
pub fn runs_of(n: usize) -> Option<Vec<Run>> {
    rows(n).map(|r| r.runs[..r.count].to_vec())
}

/// The seed's solution for `n` as a placement (N queens in memory), or `None` as for [`rows`].
pub fn placement(n: usize) -> Option<Placement> {
    rows(n).map(|r| Placement::from_rows_unchecked(r.collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seven steps of the seed, done literally on a list of 1-based numbers.
    fn literal(n: u64) -> Vec<u64> {
        let remainder = n % 12;
        let mut list: Vec<u64> = (1..=n).filter(|x| x % 2 == 0).collect();
        let move_to_end = |list: &mut Vec<u64>, x: u64| {
            if let Some(i) = list.iter().position(|&y| y == x) {
                let x = list.remove(i);
                list.push(x);
            }
        };
        if remainder == 3 || remainder == 9 {
            move_to_end(&mut list, 2);
        }
        let mut odds: Vec<u64> = (1..=n).filter(|x| x % 2 == 1).collect();
        if remainder == 8 {
            for pair in odds.chunks_mut(2) {
                pair.reverse();
            }
        }
        list.extend(odds);
        if remainder == 2 && n >= 3 {
            let i = list.iter().position(|&y| y == 1).unwrap();
            let j = list.iter().position(|&y| y == 3).unwrap();
            list.swap(i, j);
            if n >= 5 {
                move_to_end(&mut list, 5);
            }
        }
        if remainder == 3 || remainder == 9 {
            move_to_end(&mut list, 1);
            move_to_end(&mut list, 3);
        }
        list
    }

    fn one_based(n: usize) -> Vec<u64> {
        rows(n).unwrap().map(|r| r as u64 + 1).collect()
    }

    #[test]
    fn the_seed_examples() {
        assert_eq!(one_based(8), [2, 4, 6, 8, 3, 1, 7, 5]);
        assert_eq!(
            one_based(14),
            [2, 4, 6, 8, 10, 12, 14, 3, 1, 7, 9, 11, 13, 5]
        );
        assert_eq!(
            one_based(15),
            [4, 6, 8, 10, 12, 14, 2, 5, 7, 9, 11, 13, 15, 1, 3]
        );
        assert_eq!(
            one_based(20),
            [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 3, 1, 7, 5, 11, 9, 15, 13, 19, 17]
        );
    }

    #[test]
    fn runs_are_the_seven_steps() {
        for n in 1..=1500u64 {
            let streamed: Vec<u64> = list(n).map(|r| r as u64 + 1).collect();
            assert_eq!(streamed, literal(n), "N = {n}");
        }
    }

    #[test]
    fn a_solution_for_every_n_up_to_5000() {
        for n in 1..=5000 {
            match placement(n) {
                Some(p) => {
                    assert_eq!(p.n(), n);
                    assert!(p.is_solution(), "N = {n}: {:?}", p.first_conflict());
                }
                None => assert!(n == 2 || n == 3, "N = {n}"),
            }
        }
    }

    #[test]
    fn the_list_fails_where_no_solution_exists() {
        for n in [2, 3] {
            assert!(rows(n).is_none() && !exists(n as u64));
            let p = Placement::from_rows_unchecked(list(n as u64).collect());
            assert!(!p.is_solution());
        }
        assert!(rows(0).is_none());
    }

    #[test]
    fn a_solution_near_a_million_for_every_remainder() {
        for n in 1_000_000..1_000_012 {
            let rows = rows(n).unwrap();
            assert_eq!(rows.len(), n);
            let p = Placement::from_rows_unchecked(rows.collect());
            assert!(p.is_solution(), "N = {n}");
        }
    }

    #[test]
    fn runs_spell_out_the_rows() {
        for n in (1..=100).chain([1_000_002, 1_000_003, 1_000_008]) {
            let Some(runs) = runs_of(n) else {
                assert!(n == 2 || n == 3);
                continue;
            };
            let spelled: Vec<u32> = runs
                .iter()
                .flat_map(|run| {
                    (0..run.len).map(move |k| {
                        let k = if run.swap_pairs { k ^ 1 } else { k };
                        (run.first + 2 * k - 1) as u32
                    })
                })
                .collect();
            assert!(spelled.iter().copied().eq(rows(n).unwrap()), "N = {n}");
        }
    }

    #[test]
    fn rows_report_their_length() {
        let mut r = rows(10).unwrap();
        assert_eq!(r.len(), 10);
        r.next();
        assert_eq!(r.size_hint(), (9, Some(9)));
        assert_eq!(rows(MAX_N).unwrap().len(), MAX_N);
    }
}
