//! Exact counts of knight's tours on boards of at most 64 squares: directed open tours from a
//! square, from every square, and closed tours.
//!
//! A depth-first search over bit sets (one `u64` for the unvisited squares) with the classic
//! dead-end pruning, made exact: the rest of a tour is a path from the current square through
//! every unvisited square, so an unvisited square with one way left in must be its end, and two
//! such squares end the branch. When the knight leaves square c for n, only the other unvisited
//! neighbours of c lose a way in (two squares a knight's move apart have no common neighbour, a
//! knight's move changing colour), so the test costs a mask test per neighbour. Counts from
//! every square are taken once per orbit of squares under the board's symmetries (6 squares of
//! 36 on 6x6). Closed tours are counted from a corner: its two moves are both in every closed
//! tour, so the count is that of the paths from one corner neighbour to the other through all
//! squares. The work is split into prefixes of the search, run on threads (rayon), with progress
//! and cancellation through [`Control`]. Counts are `u64`, and no sum of them can overflow: a
//! count is the number of tours the search reached one by one, and 2^64 of them would take
//! centuries at any speed (the frontier programme of [`super::frontier`] counts past that).

use super::Board;
use crate::control::Control;
use crate::error::Error;
use crate::square::Square;
use crate::symmetry::Symmetry;
use rayon::prelude::*;

/// The largest board the counter takes.
pub const MAX_ENUMERATED_SQUARES: usize = 64;

struct Graph {
    nb: Vec<u64>,
}

impl Graph {
    fn new(board: Board) -> Graph {
        let nb = (0..board.square_count() as u32)
            .map(|i| {
                board
                    .knight_moves(board.square(i))
                    .fold(0u64, |m, s| m | 1 << board.index(s))
            })
            .collect();
        Graph { nb }
    }

    /// Paths from `cur` through every square of `free`, ending on `end` if it is set. `depth`
    /// counts calls, for the cancellation test. No popcount (not in the baseline x86-64 set):
    /// only "none, one or more" is asked of a set, and `x & (x - 1)` answers it.
    fn paths(&self, cur: usize, free: u64, end: u64, depth: u32, control: &Control) -> u64 {
        if free == 0 {
            return 1;
        }
        if depth.is_multiple_of(8) && control.is_cancelled() {
            return 0;
        }
        let cand = self.nb[cur] & free;
        let mut forced = 0u64;
        let mut m = cand;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m &= m - 1;
            let ways = self.nb[bit.trailing_zeros() as usize] & free;
            if ways == 0 {
                return (free == bit) as u64;
            }
            if ways & (ways - 1) == 0 {
                forced |= bit;
            }
        }
        let ends = forced | end;
        let two = ends & ends.wrapping_sub(1);
        if two & two.wrapping_sub(1) != 0 {
            return 0; // three squares or more that must each end the tour
        }
        let mut total = 0;
        let mut m = cand;
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m &= m - 1;
            if end & bit != 0 && free != bit {
                continue;
            }
            let rest = ends & !bit;
            if rest & rest.wrapping_sub(1) != 0 {
                continue;
            }
            let q = bit.trailing_zeros() as usize;
            total += self.paths(q, free & !bit, rest, depth + 1, control);
        }
        total
    }

    /// Prefixes of the search from `cur`, extended until there are at least `want` of them.
    fn split(&self, cur: usize, free: u64, end: u64, want: usize) -> Vec<(usize, u64, u64)> {
        let mut level = vec![(cur, free, end)];
        for _ in 0..free.count_ones().saturating_sub(8) {
            if level.len() >= want {
                break;
            }
            let mut next = Vec::new();
            for &(c, f, e) in &level {
                let mut m = self.nb[c] & f;
                while m != 0 {
                    let bit = m & m.wrapping_neg();
                    m &= m - 1;
                    if e & bit == 0 {
                        next.push((bit.trailing_zeros() as usize, f & !bit, e));
                    }
                }
            }
            level = next;
        }
        level
    }
}

/// Why a board cannot be counted.
fn check(board: Board) -> Result<(), Error> {
    if board.square_count() > MAX_ENUMERATED_SQUARES || board.square_count() == 0 {
        return Err(Error::TooLarge {
            n: board.square_count(),
            max: MAX_ENUMERATED_SQUARES,
        });
    }
    Ok(())
}

fn run_all(g: &Graph, tasks: Vec<(usize, u64, u64)>, control: &Control) -> Result<u64, Error> {
    let total = tasks
        .par_iter()
        .map(|&(c, f, e)| {
            let n = g.paths(c, f, e, 0, control);
            control.advance(1);
            n
        })
        .sum();
    if control.is_cancelled() {
        Err(Error::Cancelled)
    } else {
        Ok(total)
    }
}

/// The number of directed open tours starting on `from`.
pub fn open_from(board: Board, from: Square, control: &Control) -> Result<u64, Error> {
    Ok(open_from_each(board, &[from], control)?[0])
}

fn open_from_each(board: Board, from: &[Square], control: &Control) -> Result<Vec<u64>, Error> {
    check(board)?;
    let g = Graph::new(board);
    let all = if board.square_count() == 64 {
        u64::MAX
    } else {
        (1u64 << board.square_count()) - 1
    };
    let mut tasks = Vec::new();
    let mut owner = Vec::new();
    for (k, &s) in from.iter().enumerate() {
        let i = board.index(s) as usize;
        for t in g.split(i, all & !(1 << i), 0, 64) {
            tasks.push(t);
            owner.push(k);
        }
    }
    control.set_total(tasks.len() as u64);
    let counts: Vec<u64> = tasks
        .par_iter()
        .map(|&(c, f, e)| {
            let n = g.paths(c, f, e, 0, control);
            control.advance(1);
            n
        })
        .collect();
    if control.is_cancelled() {
        return Err(Error::Cancelled);
    }
    let mut out = vec![0u64; from.len()];
    for (k, n) in owner.into_iter().zip(counts) {
        out[k] += n;
    }
    Ok(out)
}

/// The number of directed open tours from every square (by square index), counted once per
/// orbit of squares under the symmetries of the board.
pub fn open_from_every(board: Board, control: &Control) -> Result<Vec<u64>, Error> {
    check(board)?;
    let image = |g: Symmetry, s: Square| g.apply_square_on(s, board.cols, board.rows);
    let mut rep = vec![u32::MAX; board.square_count()];
    let mut reps = Vec::new();
    for i in 0..board.square_count() as u32 {
        if rep[i as usize] != u32::MAX {
            continue;
        }
        let s = board.square(i);
        for g in Symmetry::ALL {
            if let Some(t) = image(g, s) {
                rep[board.index(t) as usize] = reps.len() as u32;
            }
        }
        reps.push(s);
    }
    let counts = open_from_each(board, &reps, control)?;
    Ok(rep.into_iter().map(|r| counts[r as usize]).collect())
}

/// The number of undirected closed tours (each is 2 directed tours from any square).
pub fn closed(board: Board, control: &Control) -> Result<u64, Error> {
    check(board)?;
    if board.rows.min(board.cols) < 3 {
        return Ok(0);
    }
    let g = Graph::new(board);
    let corner = 0usize;
    let (a, b) = {
        let m = g.nb[corner];
        (m.trailing_zeros() as usize, 63 - m.leading_zeros() as usize)
    };
    let all = if board.square_count() == 64 {
        u64::MAX
    } else {
        (1u64 << board.square_count()) - 1
    };
    let free = all & !(1 << corner) & !(1 << a);
    // Many prefixes on large boards, so that progress shows on long counts.
    let want = if board.square_count() > 48 {
        1 << 18
    } else {
        4096
    };
    let tasks = g.split(a, free, 1 << b, want);
    control.set_total(tasks.len() as u64);
    run_all(&g, tasks, control)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_by_five_from_each_square() {
        // OEIS A165134 (reference/knight-tours.md): 304 from a corner, 64 from the centre, 56
        // from the other squares with col + row even, none from the others; 1,728 in all.
        let board = Board::new(5, 5);
        let counts = open_from_every(board, &Control::new()).unwrap();
        for (i, &n) in counts.iter().enumerate() {
            let s = board.square(i as u32);
            let corner = (s.col == 0 || s.col == 4) && (s.row == 0 || s.row == 4);
            let want = match () {
                _ if (s.col + s.row) % 2 == 1 => 0,
                _ if corner => 304,
                _ if s == Square::new(2, 2) => 64,
                _ => 56,
            };
            assert_eq!(n, want, "{s}");
        }
        assert_eq!(counts.iter().sum::<u64>(), 1728);
        assert_eq!(
            open_from(board, Square::new(0, 0), &Control::new()).unwrap(),
            304
        );
    }

    #[test]
    fn pruning_agrees_with_a_plain_search() {
        // 3x4: count from every square, compared with a plain search of all paths.
        let board = Board::new(3, 4);
        let counts = open_from_every(board, &Control::new()).unwrap();
        let g = Graph::new(board);
        fn plain(g: &Graph, cur: usize, free: u64) -> u64 {
            if free == 0 {
                return 1;
            }
            let mut m = g.nb[cur] & free;
            let mut t = 0;
            while m != 0 {
                let q = m.trailing_zeros() as usize;
                m &= m - 1;
                t += plain(g, q, free & !(1 << q));
            }
            t
        }
        for (i, &n) in counts.iter().enumerate() {
            assert_eq!(n, plain(&g, i, 0xFFF & !(1 << i)), "square {i}");
        }
        assert!(counts.iter().sum::<u64>() > 0);
    }

    #[test]
    fn closed_tours_of_small_boards() {
        // 3x10 has 16 undirected closed tours (OEIS A070030), 5x6 has 8 (A175881), 6x6 has
        // 9,862 (A001230, the reference file).
        assert_eq!(closed(Board::new(3, 10), &Control::new()).unwrap(), 16);
        assert_eq!(closed(Board::new(5, 6), &Control::new()).unwrap(), 8);
        assert_eq!(closed(Board::new(6, 6), &Control::new()).unwrap(), 9862);
        assert_eq!(closed(Board::new(5, 5), &Control::new()).unwrap(), 0);
    }

    #[test]
    fn six_by_six_corner() {
        // The reference file: 524,486 open tours from a corner of 6x6.
        let n = open_from(Board::new(6, 6), Square::new(0, 0), &Control::new()).unwrap();
        assert_eq!(n, 524_486);
    }

    #[test]
    #[ignore = "about a second; cargo test -p queens --release -- --ignored six_by_six"]
    fn six_by_six_every_square() {
        let board = Board::new(6, 6);
        let counts = open_from_every(board, &Control::new()).unwrap();
        assert_eq!(counts[0], 524_486);
        assert_eq!(counts.iter().sum::<u64>(), 6_637_920);
    }

    #[test]
    fn cancelled_counts_say_so() {
        let control = Control::new();
        control.cancel();
        assert_eq!(closed(Board::new(6, 6), &control), Err(Error::Cancelled));
    }
}
