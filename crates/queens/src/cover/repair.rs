//! Completion of a partial cover: given some pairwise disjoint solutions, find solutions for the
//! squares they leave free, or say there are none within a budget.
//!
//! The free squares hold one free square per file and rank for each missing solution, so the
//! solutions that fit in them are few when few are missing. They are listed by a plain
//! backtracking over files (bit sets of ranks and diagonals, only free squares), and then an
//! exact-cover search (Knuth's Algorithm X, "Dancing links", 2000, with bit sets) chooses the
//! missing ones: the free square with the fewest fitting solutions first, branching on those.
//! A local search that holds many disjoint solutions at once hands them here: the exact search
//! finishes the cover when the rest can be finished at all. This pairing of a heuristic with an
//! exact search on what it leaves is large neighbourhood search (P. Shaw, "Using constraint
//! programming and local search methods to solve vehicle routing problems", CP 1998). Our own
//! code.

use crate::placement::Placement;

/// The largest N completed here: a set of squares is 1024 bits.
pub const MAX_N: usize = 32;

/// A set of squares, square (file x, rank y) is bit x * N + y.
type Squares = [u64; 16];

/// The most fitting solutions listed before giving up.
const MAX_FITTING: usize = 200_000;

/// The most candidates looked at, over all search nodes, before giving up (about a second).
const MAX_WORK: u64 = 20_000_000;

/// Solutions that, with `kept` (pairwise disjoint solutions of the `n` x `n` board), make a
/// cover; `None` when there are none or the budget ran out.
pub fn complete(n: usize, kept: &[Placement]) -> Option<Vec<Placement>> {
    if n > MAX_N || kept.len() > n {
        return None;
    }
    let mut taken = [0u64; 16];
    for p in kept {
        for (x, &y) in p.rows().iter().enumerate() {
            set(&mut taken, x * n + y as usize);
        }
    }
    let fitting = fitting(n, &taken)?;
    let mut search = Search {
        n,
        fitting: &fitting,
        chosen: Vec::new(),
        work: 0,
    };
    let all: Vec<u32> = (0..fitting.len() as u32).collect();
    if !search.step(&all, taken) {
        return None;
    }
    let mut cover = kept.to_vec();
    cover.extend(
        search
            .chosen
            .iter()
            .map(|&i| placement(n, &fitting[i as usize])),
    );
    Some(cover)
}

fn set(s: &mut Squares, i: usize) {
    s[i / 64] |= 1 << (i % 64);
}

fn has(s: &Squares, i: usize) -> bool {
    s[i / 64] >> (i % 64) & 1 == 1
}

fn disjoint(a: &Squares, b: &Squares) -> bool {
    a.iter().zip(b).all(|(x, y)| x & y == 0)
}

fn placement(n: usize, s: &Squares) -> Placement {
    let rows = (0..n)
        .map(|x| (0..n).find(|&y| has(s, x * n + y)).unwrap_or(0) as u32)
        .collect();
    Placement::from_rows_unchecked(rows)
}

/// Every solution on free squares only (`None` past [`MAX_FITTING`]).
fn fitting(n: usize, taken: &Squares) -> Option<Vec<Squares>> {
    let free: Vec<u64> = (0..n)
        .map(|x| {
            (0..n)
                .filter(|&y| !has(taken, x * n + y))
                .fold(0, |m, y| m | 1 << y)
        })
        .collect();
    let mut out = Vec::new();
    let mut rows = vec![0usize; n];
    if list(n, &free, 0, (0, 0, 0), &mut rows, &mut out) {
        Some(out)
    } else {
        None
    }
}

/// Backtracking over files; false when the list grew past its bound.
fn list(
    n: usize,
    free: &[u64],
    x: usize,
    used: (u64, u64, u64),
    rows: &mut [usize],
    out: &mut Vec<Squares>,
) -> bool {
    if x == n {
        let mut s = [0u64; 16];
        for (x, &y) in rows.iter().enumerate() {
            set(&mut s, x * n + y);
        }
        out.push(s);
        return out.len() <= MAX_FITTING;
    }
    let (ranks, diag, anti) = used;
    let mut options = free[x];
    while options != 0 {
        let y = options.trailing_zeros() as usize;
        options &= options - 1;
        let (d, a) = (1u64 << (x + n - 1 - y), 1u64 << (x + y));
        if ranks >> y & 1 == 1 || diag & d != 0 || anti & a != 0 {
            continue;
        }
        rows[x] = y;
        if !list(
            n,
            free,
            x + 1,
            (ranks | 1 << y, diag | d, anti | a),
            rows,
            out,
        ) {
            return false;
        }
    }
    true
}

struct Search<'a> {
    n: usize,
    fitting: &'a [Squares],
    chosen: Vec<u32>,
    work: u64,
}

impl Search<'_> {
    /// Covers the squares not in `covered` with disjoint sets from `live`; true when done.
    fn step(&mut self, live: &[u32], covered: Squares) -> bool {
        self.work += live.len() as u64 + 1;
        if self.work > MAX_WORK {
            return false;
        }
        let n = self.n;
        let mut through = vec![0u32; n * n];
        for &i in live {
            for (w, &word) in self.fitting[i as usize].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    through[w * 64 + bits.trailing_zeros() as usize] += 1;
                    bits &= bits - 1;
                }
            }
        }
        let mut best: Option<(usize, usize)> = None;
        for s in (0..n * n).filter(|&s| !has(&covered, s)) {
            let count = through[s] as usize;
            if best.is_none_or(|(_, c)| count < c) {
                best = Some((s, count));
                if count <= 1 {
                    break;
                }
            }
        }
        let Some((square, count)) = best else {
            return true;
        };
        if count == 0 {
            return false;
        }
        let through: Vec<u32> = live
            .iter()
            .copied()
            .filter(|&i| has(&self.fitting[i as usize], square))
            .collect();
        for i in through {
            let this = &self.fitting[i as usize];
            let rest: Vec<u32> = live
                .iter()
                .copied()
                .filter(|&j| disjoint(&self.fitting[j as usize], this))
                .collect();
            let mut now = covered;
            for (w, t) in now.iter_mut().zip(this) {
                *w |= t;
            }
            self.chosen.push(i);
            if self.step(&rest, now) {
                return true;
            }
            self.chosen.pop();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_a_modular_cover_from_any_part_of_it() {
        let n = 11;
        let cover: Vec<Placement> = (0..n)
            .map(|b| {
                Placement::from_rows_unchecked((0..n).map(|c| ((2 * c + b) % n) as u32).collect())
            })
            .collect();
        for keep in [0, 3, 7, 11] {
            let done = complete(n, &cover[..keep]).unwrap();
            assert_eq!(super::super::check(n, &done), Ok(()), "keep = {keep}");
        }
    }

    #[test]
    fn says_none_when_the_rest_cannot_be_covered() {
        // 8x8 has no cover, so nothing completes; nor does any start of one.
        let a = Placement::from_rows_unchecked(vec![0, 4, 7, 5, 2, 6, 1, 3]);
        assert!(a.is_solution());
        assert_eq!(complete(8, &[]), None);
        assert_eq!(complete(8, &[a]), None);
    }
}
