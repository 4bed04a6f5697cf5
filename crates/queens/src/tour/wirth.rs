//! Wirth's knight's tour: plain recursive backtracking, exactly as in Algorithms + Data
//! Structures = Programs, section 3.4 (seed 003, program 3.3).
//!
//! The board is his array h[x, y] with x the row counted from the top of his printed table and y
//! the column, both from 1: h = 0 for a square not yet visited, h = i for the i-th square. From
//! (x, y) he tries the eight candidates u = x + dx[k], v = y + dy[k] in the order
//! dx = 2, 1, -1, -2, -2, -1, 1, 2 and dy = 1, 2, 2, 1, -1, -2, -2, -1; a candidate is taken when
//! it lies on the board and h[u, v] = 0, recorded with h[u, v] := i, and erased again when the
//! search below it fails. The first complete board is the answer (his table 3.1).
//!
//! The recursion is written here as a loop over an explicit stack of his k's (the order of the
//! search is the same), so that deep boards do not exhaust the call stack. Statistics: squares
//! placed (the assignments h[u, v] := i) and moves tried (the candidates k examined). With
//! `closed`, a full board counts only if its last square is a knight's move from the first.

use super::{Board, Tour};
use crate::control::Control;
use crate::error::Error;
use crate::square::Square;

/// Wirth's move order on his (x, y).
pub const DX: [i64; 8] = [2, 1, -1, -2, -2, -1, 1, 2];
/// Wirth's row steps, in his move order (with DX).
pub const DY: [i64; 8] = [1, 2, 2, 1, -1, -2, -2, -1];

/// The outcome of a search with its statistics.
#[derive(Clone, Debug)]
pub struct Search {
    /// The first tour found, or `None` when the search ended without one.
    pub tour: Option<Tour>,
    /// Squares placed: how many times a candidate was recorded on the board.
    pub placed: u64,
    /// Moves tried: how many candidates were examined.
    pub tried: u64,
}

/// Wirth's (x, y) of a square: x the row from the top (1-based), y the column (1-based).
pub fn to_wirth(board: Board, s: Square) -> (i64, i64) {
    (board.rows as i64 - s.row as i64, s.col as i64 + 1)
}

/// The square of Wirth's (x, y).
pub fn from_wirth(board: Board, x: i64, y: i64) -> Square {
    Square::new((y - 1) as u32, (board.rows as i64 - x) as u32)
}

/// Runs Wirth's backtracking from `from`. Cancellation is checked every million moves tried.
pub fn search(
    board: Board,
    from: Square,
    closed: bool,
    control: &Control,
) -> Result<Search, Error> {
    let (m, n) = (board.rows as i64, board.cols as i64);
    let nsq = board.square_count();
    // h[x][y] with 1-based indices stored at (x - 1) * n + (y - 1).
    let mut h = vec![0u32; nsq];
    let at = |x: i64, y: i64| ((x - 1) * n + (y - 1)) as usize;
    let (x0, y0) = to_wirth(board, from);
    let mut result = Search {
        tour: None,
        placed: 1,
        tried: 0,
    };
    h[at(x0, y0)] = 1;
    // The stack of the recursion: per level i (from 2), the square it moved from and its k.
    let mut xs = vec![(x0, y0)];
    let mut ks: Vec<usize> = vec![0];
    let closes = |x: i64, y: i64| {
        let (a, b) = ((x - x0).abs(), (y - y0).abs());
        (a == 1 && b == 2) || (a == 2 && b == 1)
    };
    let mut found = nsq == 1;
    while !found && !ks.is_empty() {
        let depth = ks.len() - 1;
        let i = depth as u32 + 2;
        let (x, y) = xs[depth];
        let k = ks[depth];
        if k == 8 {
            // UNTIL k = 8 with no success: erase the square we stood on, back to the caller.
            ks.pop();
            xs.pop();
            if depth > 0 {
                h[at(x, y)] = 0;
            }
            continue;
        }
        ks[depth] = k + 1;
        result.tried += 1;
        if result.tried & 0xF_FFFF == 0 {
            control.advance(0x10_0000);
            if control.is_cancelled() {
                return Err(Error::Cancelled);
            }
        }
        let (u, v) = (x + DX[k], y + DY[k]);
        if 1 <= u && u <= m && 1 <= v && v <= n && h[at(u, v)] == 0 {
            h[at(u, v)] = i;
            result.placed += 1;
            if (i as usize) < nsq {
                xs.push((u, v));
                ks.push(0);
            } else if !closed || closes(u, v) {
                found = true;
            } else {
                h[at(u, v)] = 0;
            }
        }
    }
    if found {
        let mut path = vec![0u32; nsq];
        for x in 1..=m {
            for y in 1..=n {
                path[h[at(x, y)] as usize - 1] = board.index(from_wirth(board, x, y));
            }
        }
        result.tour = Tour::from_indices(board, path).ok();
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_tour(n: usize, x: i64, y: i64) -> Vec<Vec<u32>> {
        let board = Board::new(n, n);
        let s = search(board, from_wirth(board, x, y), false, &Control::new()).unwrap();
        let tour = s.tour.expect("a tour");
        let numbers = tour.numbers();
        // Wirth's table: row x = 1 at the top.
        (1..=n as i64)
            .map(|x| {
                (1..=n as i64)
                    .map(|y| numbers[board.index(from_wirth(board, x, y)) as usize])
                    .collect()
            })
            .collect()
    }

    #[test]
    fn wirth_coordinates_match_the_contract() {
        let b5 = Board::new(5, 5);
        assert_eq!(from_wirth(b5, 2, 4).to_string(), "d4");
        assert_eq!(from_wirth(Board::new(6, 6), 1, 1).to_string(), "a6");
        assert_eq!(to_wirth(b5, Square::parse("d4").unwrap()), (2, 4));
    }

    /// Wirth's table 3.1 as printed in the book (the seed's text refers to it; its rows are
    /// his x = 1, 2, ... from the top).
    const TABLE_3_1: [(usize, i64, i64, &str); 3] = [
        (
            5,
            3,
            3,
            "23 10 15 4 25 / 16 5 24 9 14 / 11 22 1 18 3 / 6 17 20 13 8 / 21 12 7 2 19",
        ),
        (
            5,
            2,
            4,
            "23 4 9 14 25 / 10 15 24 1 8 / 5 22 3 18 13 / 16 11 20 7 2 / 21 6 17 12 19",
        ),
        (
            6,
            1,
            1,
            "1 16 7 26 11 14 / 34 25 12 15 6 27 / 17 2 33 8 13 10 / \
             32 35 24 21 28 5 / 23 18 3 30 9 20 / 36 31 22 19 4 29",
        ),
    ];

    #[test]
    fn reproduces_table_3_1() {
        for (n, x, y, table) in TABLE_3_1 {
            let want: Vec<Vec<u32>> = table
                .split('/')
                .map(|row| row.split_whitespace().map(|v| v.parse().unwrap()).collect())
                .collect();
            assert_eq!(first_tour(n, x, y), want, "n = {n} from ({x},{y})");
        }
    }

    #[test]
    fn the_grid_is_his_table() {
        let board = Board::new(5, 5);
        let s = search(board, Square::parse("d4").unwrap(), false, &Control::new()).unwrap();
        let grid = s.tour.unwrap().grid();
        assert!(
            grid.starts_with("23  4  9 14 25\n10 15 24  1  8\n"),
            "{grid}"
        );
        assert!(s.tried > s.placed && s.placed >= 25);
    }

    #[test]
    fn exhausts_and_counts_on_a_board_without_tours() {
        let board = Board::new(3, 3);
        let s = search(board, Square::new(0, 0), false, &Control::new()).unwrap();
        assert!(s.tour.is_none());
        assert!(s.tried >= 8 && s.placed > 1);
    }
}
