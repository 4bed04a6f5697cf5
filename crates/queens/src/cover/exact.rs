//! Exact search for covers: every solution of the board as a set of squares, and an exact-cover
//! search for N of them that are pairwise disjoint (then they fill all N² squares).
//!
//! The idea is Knuth's Algorithm X ("Dancing links", 2000) with bit sets in place of the linked
//! lists: every square must be covered exactly once, so at each step the search takes the
//! uncovered square with the fewest candidate solutions through it and branches on those only,
//! keeping just the candidates disjoint from the one chosen. Branching on the solutions through
//! one square finds every cover exactly once, as a set. Hamlyn and Stertenbrink found the first
//! 12x12 covers by a clique search over the 14,200 solutions; this is the same question asked
//! as an exact cover.

use crate::control::Control;
use crate::error::Error;
use crate::placement::Placement;
use crate::solutions::Solutions;
use std::ops::ControlFlow;

/// The largest N the exact search takes: a solution is a set of at most 256 squares.
pub const MAX_N: usize = 16;

/// A set of squares; square (c, r) is bit `c * N + r`.
type Squares = [u64; 4];

/// Every solution of one board, as sets of squares, ready to search.
pub struct Exact {
    n: usize,
    /// The sets to choose from: solutions, or mirror pairs of solutions.
    sols: Vec<Squares>,
    /// The solution each set comes from (for a pair, the one of the two given first).
    base: Vec<Squares>,
    /// How many sets make a cover: N, or N/2 pairs.
    picks: usize,
    /// The most squares of one diagonal a set can hold: 1, or 2 for a pair.
    per_line: u32,
    diagonals: Vec<Squares>,
}

impl Exact {
    /// Enumerates the solutions of the `n` x `n` board (n from 1 to [`MAX_N`]).
    pub fn new(n: usize, control: &Control) -> Result<Exact, Error> {
        if !(1..=MAX_N).contains(&n) {
            return Err(Error::TooLarge { n, max: MAX_N });
        }
        let mut sols = Vec::new();
        for (k, p) in Solutions::new(n)?.enumerate() {
            if k % 65_536 == 0 && control.is_cancelled() {
                return Err(Error::Cancelled);
            }
            sols.push(squares_of(&p));
        }
        let diagonals = diagonals(n);
        let base = sols.clone();
        Ok(Exact {
            n,
            sols,
            base,
            picks: n,
            per_line: 1,
            diagonals,
        })
    }

    /// The search for covers that the mirror (the flip of files) maps onto themselves, for even
    /// N: such a cover is N/2 pairs {s, mirror of s} (a solution and its mirror image are
    /// always disjoint when N is even: s(c) and s(N-1-c) are different rows), so the search
    /// chooses N/2 pairs among half as many sets, twice as large. A quicker way to *find*
    /// covers (the 12x12 cover found first by the full search is of this kind); it cannot
    /// prove that none exists.
    pub fn mirror_pairs(n: usize, control: &Control) -> Result<Exact, Error> {
        if !(1..=MAX_N).contains(&n) {
            return Err(Error::TooLarge { n, max: MAX_N });
        }
        let mut sols = Vec::new();
        let mut base = Vec::new();
        let none = n % 2 == 1;
        for (k, p) in Solutions::new(n)?.enumerate().take_while(|_| !none) {
            if k % 65_536 == 0 && control.is_cancelled() {
                return Err(Error::Cancelled);
            }
            let mirror = crate::symmetry::Symmetry::FlipFiles.apply(&p);
            if p < mirror {
                let own = squares_of(&p);
                sols.push(union(&own, &squares_of(&mirror)));
                base.push(own);
            }
        }
        let diagonals = diagonals(n);
        Ok(Exact {
            n,
            sols,
            base,
            picks: n / 2,
            per_line: 2,
            diagonals,
        })
    }

    /// The solutions of a cover whose sets are `chosen` (for pairs, both of each pair).
    pub fn cover_of(&self, chosen: &[u32]) -> Vec<Placement> {
        let mut out = Vec::new();
        for &i in chosen {
            let p = self.placement(i);
            if self.per_line == 2 {
                out.push(crate::symmetry::Symmetry::FlipFiles.apply(&p));
            }
            out.push(p);
        }
        out
    }

    /// How many solutions the search chooses from.
    pub fn solutions(&self) -> usize {
        self.sols.len()
    }

    /// The placement of solution `i` (for a pair, the one given first).
    pub fn placement(&self, i: u32) -> Placement {
        let s = &self.base[i as usize];
        let rows = (0..self.n)
            .map(|c| (0..self.n).find(|&r| has(s, c * self.n + r)).unwrap_or(0) as u32)
            .collect();
        Placement::from_rows_unchecked(rows)
    }

    /// Calls `visit` with the indices of the solutions of every cover, until it breaks.
    pub fn search<F>(&self, control: &Control, visit: F) -> Result<(), Error>
    where
        F: FnMut(&[u32]) -> ControlFlow<()>,
    {
        let mut walk = Walk {
            exact: self,
            control,
            chosen: Vec::with_capacity(self.picks),
            nodes: 0,
            visit,
        };
        let all: Vec<u32> = (0..self.sols.len() as u32).collect();
        walk.step(&all, [0; 4]).map(|_| ())
    }
}

/// The state of one search: the solutions chosen so far.
struct Walk<'a, F> {
    exact: &'a Exact,
    control: &'a Control,
    chosen: Vec<u32>,
    nodes: u64,
    visit: F,
}

impl<F: FnMut(&[u32]) -> ControlFlow<()>> Walk<'_, F> {
    /// Extends the chosen solutions with candidates (all disjoint from the chosen ones).
    fn step(&mut self, candidates: &[u32], covered: Squares) -> Result<ControlFlow<()>, Error> {
        if self.chosen.len() == self.exact.picks {
            return Ok((self.visit)(&self.chosen));
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.control.is_cancelled() {
            return Err(Error::Cancelled);
        }
        let Some(candidates) = self.through_full_diagonals(candidates, &covered) else {
            return Ok(ControlFlow::Continue(()));
        };
        let Some(square) = self.tightest(&candidates, &covered) else {
            return Ok(ControlFlow::Continue(()));
        };
        let sols = &self.exact.sols;
        let branches: Vec<u32> = candidates
            .iter()
            .copied()
            .filter(|&i| has(&sols[i as usize], square))
            .collect();
        if self.chosen.is_empty() {
            self.control.set_total(branches.len() as u64);
        }
        for i in branches {
            let s = sols[i as usize];
            let next: Vec<u32> = candidates
                .iter()
                .copied()
                .filter(|&j| disjoint(&sols[j as usize], &s))
                .collect();
            self.chosen.push(i);
            let flow = self.step(&next, union(&covered, &s))?;
            self.chosen.pop();
            if self.chosen.is_empty() {
                self.control.advance(1);
            }
            if flow.is_break() {
                return Ok(flow);
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// The diagonal rule: a solution holds at most one square of a diagonal, so a diagonal with
    /// u uncovered squares needs u of the k solutions still to choose. With u > k the branch is
    /// dead (`None`); with u = k every one of them must cross that diagonal, and candidates that
    /// miss it are dropped. (On the two long diagonals this keeps, from the start, only the
    /// solutions with a queen on each.)
    fn through_full_diagonals(&self, candidates: &[u32], covered: &Squares) -> Option<Vec<u32>> {
        let k = (self.exact.picks - self.chosen.len()) as u32 * self.exact.per_line;
        let mut full = Vec::new();
        for d in &self.exact.diagonals {
            let open = minus(d, covered);
            match count(&open).cmp(&k) {
                std::cmp::Ordering::Equal if self.exact.per_line > 1 => {}
                std::cmp::Ordering::Greater => return None,
                std::cmp::Ordering::Equal => full.push(open),
                std::cmp::Ordering::Less => {}
            }
        }
        let sols = &self.exact.sols;
        let crosses_all = |&i: &u32| full.iter().all(|d| !disjoint(&sols[i as usize], d));
        Some(candidates.iter().copied().filter(crosses_all).collect())
    }

    /// The uncovered square with the fewest candidates through it, or `None` when some
    /// uncovered square has none (a dead end).
    fn tightest(&self, candidates: &[u32], covered: &Squares) -> Option<usize> {
        let mut through = [0u32; 256];
        for &i in candidates {
            for (w, &word) in self.exact.sols[i as usize].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    through[w * 64 + bits.trailing_zeros() as usize] += 1;
                    bits &= bits - 1;
                }
            }
        }
        let n2 = self.exact.n * self.exact.n;
        let open = (0..n2).filter(|&sq| !has(covered, sq));
        let best = open.min_by_key(|&sq| through[sq])?;
        (through[best] > 0).then_some(best)
    }
}

fn squares_of(p: &Placement) -> Squares {
    let n = p.n();
    let mut s = [0u64; 4];
    for (c, &r) in p.rows().iter().enumerate() {
        let bit = c * n + r as usize;
        s[bit / 64] |= 1 << (bit % 64);
    }
    s
}

/// Every diagonal and anti-diagonal of two squares or more, as a set of squares.
fn diagonals(n: usize) -> Vec<Squares> {
    let mut lines = vec![[0u64; 4]; 4 * n];
    for c in 0..n {
        for r in 0..n {
            let bit = c * n + r;
            for line in [c + n - 1 - r, 2 * n + c + r] {
                lines[line][bit / 64] |= 1 << (bit % 64);
            }
        }
    }
    lines.retain(|l| count(l) >= 2);
    lines
}

fn count(s: &Squares) -> u32 {
    s.iter().map(|w| w.count_ones()).sum()
}

fn minus(a: &Squares, b: &Squares) -> Squares {
    [a[0] & !b[0], a[1] & !b[1], a[2] & !b[2], a[3] & !b[3]]
}

fn has(s: &Squares, bit: usize) -> bool {
    s[bit / 64] >> (bit % 64) & 1 == 1
}

fn disjoint(a: &Squares, b: &Squares) -> bool {
    (a[0] & b[0]) | (a[1] & b[1]) | (a[2] & b[2]) | (a[3] & b[3]) == 0
}

fn union(a: &Squares, b: &Squares) -> Squares {
    [a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_come_back_from_their_squares() {
        let exact = Exact::new(8, &Control::new()).unwrap();
        assert_eq!(exact.solutions(), 92);
        assert_eq!(exact.placement(0).perm(), "1 5 8 6 3 7 2 4");
    }

    #[test]
    fn too_large_is_refused() {
        let e = Exact::new(17, &Control::new()).err();
        assert_eq!(e, Some(Error::TooLarge { n: 17, max: 16 }));
    }
}
