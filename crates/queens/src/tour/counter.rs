//! Which counter counts the tours of a board: decided here once, for the command line and the
//! page.
//!
//! Two exact counters exist: the enumeration of [`super::count`] (boards of at most
//! [`MAX_ENUMERATED_SQUARES`] squares; every tour is reached one by one) and the frontier
//! programme of [`super::frontier`] (a side of at most [`frontier::MAX_ROWS`]; the states of
//! the boundary between counted and uncounted cells, so its cost grows with the width, not with
//! the number of tours). Up to [`ENUMERATE_UP_TO`] squares the enumeration is the faster (6x6:
//! 0.01 s closed and 0.21 s from a corner, against 0.15 s and several seconds for the frontier
//! programme); beyond it the frontier programme (6x8 closed: 6 s against 48 s).

use super::count::MAX_ENUMERATED_SQUARES;
use super::{frontier, Board};

/// Up to this many squares the enumeration is the faster counter.
pub const ENUMERATE_UP_TO: usize = 36;

/// An exact counter of knight's tours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// The enumeration of [`super::count`].
    Enumerate,
    /// The frontier programme of [`super::frontier`].
    Frontier,
}

impl Counter {
    /// The name of the counter on the command line (`--algorithm`).
    pub fn name(self) -> &'static str {
        match self {
            Counter::Enumerate => "enumerate",
            Counter::Frontier => "frontier",
        }
    }

    /// Whether this counter takes `board`.
    pub fn takes(self, board: Board) -> bool {
        match self {
            Counter::Enumerate => board.square_count() <= MAX_ENUMERATED_SQUARES,
            Counter::Frontier => frontier::check(board).is_ok(),
        }
    }

    /// The faster of the counters that take `board`, or `None` when neither does.
    pub fn for_board(board: Board) -> Option<Counter> {
        match board.square_count() {
            s if s <= ENUMERATE_UP_TO => Some(Counter::Enumerate),
            _ if Counter::Frontier.takes(board) => Some(Counter::Frontier),
            _ if Counter::Enumerate.takes(board) => Some(Counter::Enumerate),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards_are_enumerated_and_wide_ones_need_a_narrow_side() {
        let board = |rows, cols| Board::new(rows, cols);
        assert_eq!(Counter::for_board(board(6, 6)), Some(Counter::Enumerate));
        assert_eq!(Counter::for_board(board(6, 7)), Some(Counter::Frontier));
        assert_eq!(Counter::for_board(board(8, 8)), Some(Counter::Frontier));
        assert_eq!(Counter::for_board(board(3, 200)), Some(Counter::Frontier));
        assert_eq!(Counter::for_board(board(20, 20)), None);
        assert!(Counter::Enumerate.takes(board(8, 8)));
        assert!(!Counter::Enumerate.takes(board(5, 13)));
    }
}
