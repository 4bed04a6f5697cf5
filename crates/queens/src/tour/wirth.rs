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
//! placed (the assignments h[u, v] := i), moves tried (the candidates k examined) and steps
//! back (the assignments h[u, v] := 0). With `closed`, a full board counts only if its last
//! square is a knight's move from the first. The search can tell each step as it takes it
//! ([`search_with`], for [`super::step::trace`]); the plain [`search`] tells none.

use super::step::{Choice, Event, Reason, Watch};
use super::{Board, Tour, Work};
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
    /// Steps back: how many squares were erased again.
    pub backtracks: u64,
}

impl Search {
    /// The work counted so far.
    pub fn work(&self) -> Work {
        Work {
            placed: self.placed,
            tried: self.tried,
            backtracks: self.backtracks,
        }
    }
}

/// Wirth's table 3.1 as printed in the book (the seed's text refers to it): the board's side n,
/// his start (x, y), and the tour's move numbers row by row, his x = 1, 2, ... from the top.
pub const TABLE_3_1: [(usize, i64, i64, &str); 3] = [
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
    search_with(board, from, closed, control, &mut ())
}

/// [`search`], telling each step to `watch`: the start, every move k made or rejected (and
/// why), every square erased, the tour. A `Break` from the watch ends the search there, with
/// no tour.
pub fn search_with<W: Watch>(
    board: Board,
    from: Square,
    closed: bool,
    control: &Control,
    watch: &mut W,
) -> Result<Search, Error> {
    let (m, n) = (board.rows as i64, board.cols as i64);
    let nsq = board.square_count();
    // h[x][y] with 1-based indices stored at (x - 1) * n + (y - 1).
    let mut h = vec![0u32; nsq];
    let at = |x: i64, y: i64| ((x - 1) * n + (y - 1)) as usize;
    let square = |x: i64, y: i64| from_wirth(board, x, y);
    let (x0, y0) = to_wirth(board, from);
    let mut result = Search {
        tour: None,
        placed: 1,
        tried: 0,
        backtracks: 0,
    };
    h[at(x0, y0)] = 1;
    if W::TELLS && watch.tell(Event::Start(from), result.work()).is_break() {
        return Ok(result);
    }
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
                result.backtracks += 1;
                if W::TELLS {
                    let (px, py) = xs[depth - 1];
                    let (from, to) = (square(px, py), square(x, y));
                    let undo = Event::Undo { from, to, i: i - 1 };
                    if watch.tell(undo, result.work()).is_break() {
                        return Ok(result);
                    }
                }
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
        let on = 1 <= u && u <= m && 1 <= v && v <= n;
        let told = if on && h[at(u, v)] == 0 {
            h[at(u, v)] = i;
            result.placed += 1;
            if (i as usize) < nsq {
                xs.push((u, v));
                ks.push(0);
                Ok(())
            } else if !closed || closes(u, v) {
                found = true;
                Ok(())
            } else {
                h[at(u, v)] = 0;
                Err(Reason::Open)
            }
        } else if !on {
            Err(Reason::OffBoard)
        } else {
            Err(Reason::Visited(h[at(u, v)]))
        };
        if W::TELLS {
            let from = square(x, y);
            let choice = Choice::Wirth { k: k as u8 + 1 };
            let event = match told {
                Ok(()) => Event::Move {
                    from,
                    to: square(u, v),
                    i,
                    choice,
                },
                // His (u, v) as a file and a rank from 0, off the board too.
                Err(reason) => Event::Reject {
                    from,
                    to: (v - 1, m - u),
                    i,
                    choice,
                    reason,
                },
            };
            if watch.tell(event, result.work()).is_break() {
                return Ok(result);
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
        if W::TELLS {
            if let Some(tour) = &result.tour {
                let _ = watch.tell(Event::Tour(tour), result.work());
            }
        }
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
