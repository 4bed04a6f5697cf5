//! Local search for covers: a tabu search over colourings of the board in which every file
//! holds each of the N colours once, until no two squares of one colour share a rank or a
//! diagonal. Then each colour is one queen per file and per rank with no two on a diagonal, a
//! solution, and the N colours are N disjoint solutions that fill the board.
//!
//! Sources of the ideas: TabuCol (A. Hertz and D. de Werra, "Using tabu search techniques for
//! graph coloring", Computing 39, 1987): minimise the number of conflicting pairs, take the best
//! move that touches a conflicting square, and forbid undoing it for a tenure that grows with
//! the conflicts; M. Vasquez ("On the queen graph coloring problem", 2006, HAL hal-00354882),
//! who found covers of 15 to 32 by a heuristic that exploits the board's structure. Here the
//! structure is kept by the move: two squares of one file exchange their colours, so every
//! file stays a permutation of the colours and only ranks and diagonals can conflict. Each
//! colour's ranks and diagonals carry occupancy counters, so a move's change in conflicts is
//! read off six counters per colour. The search starts from a Latin square of a linear
//! congruence, colour (a·file + b·rank) mod N with random units a, b (the start Pólya's cover
//! takes for gcd(N, 6) = 1), with random exchanges on top, and restarts after a long stall.
//! Our own code.

use crate::control::Control;
use crate::error::Error;
use crate::placement::Placement;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The largest N the local search takes (colours are bytes; the search is meant for N to 64).
pub const MAX_N: usize = 64;

/// Moves without a new best before a restart, per square of the board.
const STALL_PER_SQUARE: u64 = 400;

/// Iterations between looks at the control.
const REPORT_EVERY: u64 = 4096;

/// The best a search reached: a cover when `conflicts` is 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Best {
    /// The fewest conflicting pairs seen (two squares of one colour on one rank or diagonal).
    pub conflicts: u64,
    /// The most colours seen at once free of conflicts, that is disjoint solutions.
    pub disjoint: Vec<Placement>,
    /// Moves made in all.
    pub moves: u64,
    /// Restarts made.
    pub restarts: u64,
}

/// The state of one colouring: `colour[x * n + y]` for file x and rank y, and per colour the
/// number of its squares on each rank, diagonal (x - y) and antidiagonal (x + y).
struct Board {
    n: usize,
    colour: Vec<u8>,
    rank: Vec<u32>,
    diag: Vec<u32>,
    anti: Vec<u32>,
    conflicts: u64,
}

impl Board {
    fn new(n: usize, colour: Vec<u8>) -> Board {
        let lines = 2 * n - 1;
        let mut b = Board {
            n,
            colour,
            rank: vec![0; n * n],
            diag: vec![0; n * lines],
            anti: vec![0; n * lines],
            conflicts: 0,
        };
        for x in 0..n {
            for y in 0..n {
                let c = b.colour[x * n + y] as usize;
                b.conflicts += b.here(c, x, y);
                b.add(c, x, y, 1);
            }
        }
        b
    }

    fn lines(&self, c: usize, x: usize, y: usize) -> (usize, usize, usize) {
        let lines = 2 * self.n - 1;
        (
            c * self.n + y,
            c * lines + x + self.n - 1 - y,
            c * lines + x + y,
        )
    }

    /// Squares of colour c on the three lines through (x, y).
    fn here(&self, c: usize, x: usize, y: usize) -> u64 {
        let (r, d, a) = self.lines(c, x, y);
        u64::from(self.rank[r] + self.diag[d] + self.anti[a])
    }

    fn add(&mut self, c: usize, x: usize, y: usize, k: i32) {
        let (r, d, a) = self.lines(c, x, y);
        self.rank[r] = self.rank[r].wrapping_add_signed(k);
        self.diag[d] = self.diag[d].wrapping_add_signed(k);
        self.anti[a] = self.anti[a].wrapping_add_signed(k);
    }

    /// Conflicts of the square (x, y) with the other squares of its colour.
    fn conflicts_at(&self, x: usize, y: usize) -> u64 {
        self.here(self.colour[x * self.n + y] as usize, x, y) - 3
    }

    /// The change in conflicts if squares (x, y1) and (x, y2) exchange colours.
    fn delta(&self, x: usize, y1: usize, y2: usize) -> i64 {
        let n = self.n;
        let (c1, c2) = (
            self.colour[x * n + y1] as usize,
            self.colour[x * n + y2] as usize,
        );
        let gone = self.here(c1, x, y1) - 3 + self.here(c2, x, y2) - 3;
        let come = self.here(c1, x, y2) + self.here(c2, x, y1);
        come as i64 - gone as i64
    }

    fn exchange(&mut self, x: usize, y1: usize, y2: usize) {
        let n = self.n;
        let (c1, c2) = (
            self.colour[x * n + y1] as usize,
            self.colour[x * n + y2] as usize,
        );
        let delta = self.delta(x, y1, y2);
        self.add(c1, x, y1, -1);
        self.add(c2, x, y2, -1);
        self.add(c1, x, y2, 1);
        self.add(c2, x, y1, 1);
        self.colour.swap(x * n + y1, x * n + y2);
        self.conflicts = (self.conflicts as i64 + delta) as u64;
    }

    /// The colour classes free of conflicts, each as a solution.
    fn clean_classes(&self) -> Vec<Placement> {
        let n = self.n;
        let mut rows = vec![vec![0u32; n]; n];
        let mut dirty = vec![false; n];
        for (s, &c) in self.colour.iter().enumerate() {
            let (c, x, y) = (c as usize, s / n, s % n);
            rows[c][x] = y as u32;
            dirty[c] |= self.conflicts_at(x, y) > 0;
        }
        rows.into_iter()
            .zip(dirty)
            .filter(|(_, d)| !d)
            .map(|(r, _)| Placement::from_rows_unchecked(r))
            .collect()
    }
}

/// A starting colouring: colour (a·x + b·y) mod N with a, b units mod N, so every file and
/// rank holds each colour once, then `shake` random exchanges within files.
fn start(n: usize, rng: &mut Xoshiro256PlusPlus, shake: usize) -> Vec<u8> {
    let units: Vec<usize> = (1..n.max(2)).filter(|&u| gcd(u, n) == 1).collect();
    let (a, b) = if n == 1 {
        (0, 0)
    } else {
        (
            units[rng.random_range(0..units.len())],
            units[rng.random_range(0..units.len())],
        )
    };
    let mut colour = vec![0u8; n * n];
    for x in 0..n {
        for y in 0..n {
            colour[x * n + y] = ((a * x + b * y) % n.max(1)) as u8;
        }
    }
    for _ in 0..shake {
        let x = rng.random_range(0..n);
        let (y1, y2) = (rng.random_range(0..n), rng.random_range(0..n));
        colour.swap(x * n + y1, x * n + y2);
    }
    colour
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The best non-tabu exchange touching a conflicting square (a tabu one only when it beats
/// the best seen), ties broken at random: (x, y1, y2, delta).
fn best_move(
    b: &Board,
    tabu: &[u64],
    iter: u64,
    best: u64,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<(usize, usize, usize, i64)> {
    let n = b.n;
    let mut chosen = None;
    let mut ties = 0u32;
    for x in 0..n {
        for y1 in 0..n {
            if b.conflicts_at(x, y1) == 0 {
                continue;
            }
            for y2 in 0..n {
                if y2 == y1 {
                    continue;
                }
                let delta = b.delta(x, y1, y2);
                let (c1, c2) = (b.colour[x * n + y1] as usize, b.colour[x * n + y2] as usize);
                let is_tabu =
                    tabu[(x * n + y2) * n + c1] > iter || tabu[(x * n + y1) * n + c2] > iter;
                let aspires = (b.conflicts as i64 + delta) < best as i64;
                if is_tabu && !aspires {
                    continue;
                }
                match chosen {
                    Some((_, _, _, d)) if delta > d => {}
                    Some((_, _, _, d)) if delta == d => {
                        ties += 1;
                        if rng.random_range(0..ties) == 0 {
                            chosen = Some((x, y1, y2, delta));
                        }
                    }
                    _ => {
                        ties = 1;
                        chosen = Some((x, y1, y2, delta));
                    }
                }
            }
        }
    }
    chosen
}

/// Searches for a cover of the `n` x `n` board from `seed` until it finds one or the control
/// is cancelled; returns the N solutions, checked by [`super::check`], or `Err(Cancelled)`.
pub fn find(n: usize, seed: u64, control: &Control) -> Result<Vec<Placement>, Error> {
    let (found, best) = run(n, seed, control)?;
    found
        .ok_or(Error::Cancelled)
        .inspect(|_| debug_assert_eq!(best.conflicts, 0))
}

/// Searches as [`find`] does, and also reports the best reached (when cancelled, that is the
/// answer: the fewest conflicts and the most disjoint solutions seen at once).
pub fn run(
    n: usize,
    seed: u64,
    control: &Control,
) -> Result<(Option<Vec<Placement>>, Best), Error> {
    if n == 0 || n > MAX_N {
        return Err(Error::TooLarge { n, max: MAX_N });
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut best = Best {
        conflicts: u64::MAX,
        disjoint: Vec::new(),
        moves: 0,
        restarts: 0,
    };
    let stall = STALL_PER_SQUARE * (n * n) as u64;
    loop {
        let mut board = Board::new(n, start(n, &mut rng, n * n));
        if let Some(cover) = descend(&mut board, &mut rng, &mut best, stall, control)? {
            return Ok((Some(cover), best));
        }
        if control.is_cancelled() {
            return Ok((None, best));
        }
        best.restarts += 1;
    }
}

/// One tabu search from `board` until a cover, a stall, or the control says stop.
fn descend(
    board: &mut Board,
    rng: &mut Xoshiro256PlusPlus,
    best: &mut Best,
    stall: u64,
    control: &Control,
) -> Result<Option<Vec<Placement>>, Error> {
    let n = board.n;
    let mut tabu = vec![0u64; n * n * n];
    let mut run_best = board.conflicts;
    record(board, best);
    let (mut iter, mut since) = (0u64, 0u64);
    while board.conflicts > 0 && since < stall {
        iter += 1;
        since += 1;
        if iter.is_multiple_of(REPORT_EVERY) {
            control.advance(REPORT_EVERY);
            if control.is_cancelled() {
                break;
            }
        }
        let Some((x, y1, y2, _)) = best_move(board, &tabu, iter, run_best, rng) else {
            continue;
        };
        let (c1, c2) = (
            board.colour[x * n + y1] as usize,
            board.colour[x * n + y2] as usize,
        );
        board.exchange(x, y1, y2);
        let conflicted = board.conflicts;
        let tenure = rng.random_range(0..10) + (conflicted * 6 / 10).min(4 * n as u64);
        tabu[(x * n + y1) * n + c1] = iter + tenure;
        tabu[(x * n + y2) * n + c2] = iter + tenure;
        if board.conflicts < run_best {
            run_best = board.conflicts;
            since = 0;
        }
        if board.conflicts < best.conflicts || iter.is_multiple_of(64) {
            record(board, best);
        }
    }
    best.moves += iter;
    if board.conflicts > 0 {
        return Ok(None);
    }
    // Without conflicts every colour is a solution; the check makes sure before returning.
    let cover = board.clean_classes();
    Ok(super::check(n, &cover).ok().map(|()| cover))
}

/// Notes a new fewest conflicts and, when it is more, the conflict-free colours.
fn record(board: &Board, best: &mut Best) {
    best.conflicts = best.conflicts.min(board.conflicts);
    let clean = board.clean_classes();
    if clean.len() > best.disjoint.len() {
        best.disjoint = clean;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_covers_of_small_boards() {
        for n in [1, 5, 7] {
            let cover = find(n, 3, &Control::new()).unwrap();
            assert_eq!(super::super::check(n, &cover), Ok(()), "n = {n}");
        }
    }

    #[test]
    fn the_best_reached_is_disjoint_solutions() {
        let control = Control::new();
        control.cancel();
        let (found, best) = run(12, 5, &control).unwrap();
        assert!(found.is_none());
        for (i, p) in best.disjoint.iter().enumerate() {
            assert!(p.is_solution());
            for q in &best.disjoint[..i] {
                assert!(p.rows().iter().zip(q.rows()).all(|(a, b)| a != b));
            }
        }
    }

    #[test]
    fn the_delta_is_the_change_in_conflicts() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let mut board = Board::new(9, start(9, &mut rng, 81));
        for _ in 0..200 {
            let (x, y1, y2) = (
                rng.random_range(0..9),
                rng.random_range(0..9),
                rng.random_range(0..9),
            );
            if y1 == y2 {
                continue;
            }
            let expected = board.conflicts as i64 + board.delta(x, y1, y2);
            board.exchange(x, y1, y2);
            assert_eq!(
                Board::new(9, board.colour.clone()).conflicts as i64,
                expected
            );
        }
    }

    #[test]
    fn too_large_is_refused() {
        assert_eq!(
            find(65, 1, &Control::new()),
            Err(Error::TooLarge { n: 65, max: 64 })
        );
    }
}
