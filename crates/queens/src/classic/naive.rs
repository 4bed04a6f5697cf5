//! The naive backtracker: a board matrix and scans for the safety test.
//!
//! Source: the C++ program of seed 001 ("Backtracking method" with `board[SIZE][SIZE]`,
//! `tryQueen` and `setQueen`). The board is an N x N matrix of squares; a queen goes into the
//! next line only if `tryQueen` finds no queen when it scans the squares already filled along
//! the three lines that reach back: straight back, and back along both diagonals. The cost of
//! the test grows with the board, which is what Wirth's arrays (see [`super::wirth`]) avoid.
//!
//! The seed fills rows top to bottom and scans columns; here, as everywhere in this crate, it
//! fills columns a, b, c, ... and scans back along the row, so the solutions come in the same
//! order as the others'.

use super::{Event, Stats};
use super::{Search, Step};
use crate::placement::Placement;
use crate::square::{Line, Square};
use std::ops::ControlFlow;

struct Board {
    n: usize,
    /// `queen[col * n + row]`.
    queen: Vec<bool>,
    /// The row of each filled column, for the solutions.
    rows: Vec<u32>,
}

impl Board {
    fn has(&self, col: usize, row: usize) -> bool {
        self.queen[col * self.n + row]
    }

    /// `tryQueen`: the first queen found by scanning back from (col, row), and the line.
    fn try_queen(&self, col: usize, row: usize) -> Option<(Square, Line)> {
        for c in (0..col).rev() {
            if self.has(c, row) {
                return Some((Square::new(c as u32, row as u32), Line::Row));
            }
        }
        for k in 1..=col.min(row) {
            if self.has(col - k, row - k) {
                let q = Square::new((col - k) as u32, (row - k) as u32);
                return Some((q, Line::Diagonal));
            }
        }
        for k in 1..=col.min(self.n - 1 - row) {
            if self.has(col - k, row + k) {
                let q = Square::new((col - k) as u32, (row + k) as u32);
                return Some((q, Line::AntiDiagonal));
            }
        }
        None
    }
}

pub(crate) fn search<F: FnMut(&Event, &Stats) -> ControlFlow<()>>(
    n: usize,
    s: &mut Search<F>,
) -> Step {
    let mut board = Board {
        n,
        queen: vec![false; n * n],
        rows: vec![0; n],
    };
    s.control().set_total(n as u64);
    s.node();
    set_queen(0, &mut board, s)
}

/// `setQueen(a)`: fill column `col` and go on to the next.
fn set_queen<F: FnMut(&Event, &Stats) -> ControlFlow<()>>(
    col: usize,
    b: &mut Board,
    s: &mut Search<F>,
) -> Step {
    let n = b.n;
    if col == n {
        return s.solution(&Placement::from_rows_unchecked(b.rows.clone()), false);
    }
    for row in 0..n {
        s.tests(1)?;
        let square = Square::new(col as u32, row as u32);
        match b.try_queen(col, row) {
            None => {
                b.queen[col * n + row] = true;
                b.rows[col] = row as u32;
                s.place(square)?;
                set_queen(col + 1, b, s)?;
                b.queen[col * n + row] = false;
                s.remove(square)?;
                if col == 0 {
                    s.control().advance(1);
                }
            }
            Some((by, line)) => s.reject(square, line, || Some(by))?,
        }
    }
    Ok(())
}
