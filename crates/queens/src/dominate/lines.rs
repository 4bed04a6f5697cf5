//! The board as lines: every square lies on one rank, one file and two diagonals, and a queen
//! watches exactly the squares that share one of its four lines (the queen graph ignores
//! blocking: a queen between two others does not shield anything). So coverage is decided by
//! which lines hold a queen, and the search can count, for every line, how many unwatched
//! squares it still holds.
//!
//! On the ordinary board the diagonals are the 2N - 1 lines of constant `col - row` and the
//! 2N - 1 of constant `col + row`; on the torus they wrap, and there are N of each, taken mod
//! N. The symmetry group is the board's 8 rotations and reflections
//! ([`Symmetry`](crate::Symmetry)); on the torus also the N² translations (8N² in all).

use crate::square::Square;
use crate::symmetry::Symmetry;

/// The four kinds of line through a square, in the order of [`Lines::of`].
pub const KINDS: usize = 4;

/// The lines of an `n` x `n` board (ordinary or torus), and its symmetry group as
/// permutations of the squares. Squares are numbered `row * n + col`.
#[derive(Clone, Debug)]
pub struct Lines {
    /// The board size.
    pub n: usize,
    /// Whether the diagonals wrap around (the torus).
    pub torus: bool,
    /// For every square, its rank, file, diagonal and anti-diagonal as line numbers.
    of: Vec<[u16; KINDS]>,
    /// The number of lines of each kind, and where each kind starts in the numbering.
    pub per_kind: [usize; KINDS],
    /// Where each kind's numbers start.
    pub start: [usize; KINDS],
    /// Every symmetry of the board as a permutation of the squares.
    pub group: Vec<Vec<u16>>,
}

impl Lines {
    /// The lines of the ordinary board (`torus` false) or of the torus.
    pub fn new(n: usize, torus: bool) -> Lines {
        let diagonals = if torus { n } else { 2 * n - 1 };
        let per_kind = [n, n, diagonals, diagonals];
        let start = [0, n, 2 * n, 2 * n + diagonals];
        let of = (0..n * n)
            .map(|i| {
                let (c, r) = (i % n, i / n);
                let (d, a) = if torus {
                    ((c + n - r) % n, (c + r) % n)
                } else {
                    (c + n - 1 - r, c + r)
                };
                [r, c, d, a]
                    .iter()
                    .zip(start)
                    .map(|(&l, s)| (l + s) as u16)
                    .collect::<Vec<_>>()
                    .try_into()
                    .expect("four lines")
            })
            .collect();
        let group = group(n, torus);
        Lines {
            n,
            torus,
            of,
            per_kind,
            start,
            group,
        }
    }

    /// The four lines of square `i`.
    #[inline]
    pub fn of(&self, i: usize) -> [u16; KINDS] {
        self.of[i]
    }

    /// How many lines there are in all.
    pub fn count(&self) -> usize {
        self.start[3] + self.per_kind[3]
    }

    /// Whether a queen on square `q` watches square `s` (or stands on it).
    #[inline]
    pub fn watches(&self, q: usize, s: usize) -> bool {
        let (a, b) = (self.of[q], self.of[s]);
        (0..KINDS).any(|k| a[k] == b[k])
    }

    /// The number of square `i`.
    pub fn index(&self, s: Square) -> usize {
        s.row as usize * self.n + s.col as usize
    }

    /// The square numbered `i`.
    pub fn square(&self, i: usize) -> Square {
        Square::new((i % self.n) as u32, (i / self.n) as u32)
    }
}

/// The symmetry group as permutations: the 8 of the square (reused from [`Symmetry`]), and on
/// the torus each of them followed by every translation.
fn group(n: usize, torus: bool) -> Vec<Vec<u16>> {
    let mut all = Vec::new();
    for g in Symmetry::ALL {
        let base: Vec<Square> = (0..n * n)
            .map(|i| g.apply_square(Square::new((i % n) as u32, (i / n) as u32), n))
            .collect();
        let shifts = if torus { n * n } else { 1 };
        for t in 0..shifts {
            let (dc, dr) = (t % n, t / n);
            all.push(
                base.iter()
                    .map(|s| {
                        let c = (s.col as usize + dc) % n;
                        let r = (s.row as usize + dr) % n;
                        (r * n + c) as u16
                    })
                    .collect(),
            );
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symmetry_keeps_watching() {
        for torus in [false, true] {
            let lines = Lines::new(5, torus);
            assert_eq!(lines.group.len(), if torus { 200 } else { 8 });
            for g in &lines.group {
                for q in 0..25 {
                    for s in 0..25 {
                        let (gq, gs) = (g[q] as usize, g[s] as usize);
                        assert_eq!(lines.watches(q, s), lines.watches(gq, gs));
                    }
                }
            }
        }
    }

    #[test]
    fn lines_agree_with_the_queen_move() {
        let lines = Lines::new(6, false);
        for q in 0..36 {
            for s in 0..36 {
                let (a, b) = (lines.square(q), lines.square(s));
                assert_eq!(lines.watches(q, s), q == s || a.queen_attack(b).is_some());
            }
        }
    }
}
