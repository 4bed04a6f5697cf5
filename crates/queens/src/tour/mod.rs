//! The knight's tour (Wirth, Algorithms + Data Structures = Programs, section 3.4; seed 003):
//! a knight visits every square of an m x n board exactly once; a tour is closed when its last
//! square is a knight's move from its first.
//!
//! This module holds the domain: the [`Board`] (m rows, n columns, the contract's notation via
//! [`Square`]), the [`Tour`] with its validity and closedness checks, the parsing of the three
//! output formats (grid, moves, JSON), and the existence rules decided before any search
//! ([`existence`]): no tour on 2x2..4x4 (Parberry 1997), colour parity on boards with an odd
//! number of squares, Schwenk's theorem (1991) for closed tours. These rules settle every board
//! with both sides at least 5; on boards with 3 or 4 rows (or columns) no such rule says from
//! which squares a tour starts, and [`decide`] settles them with the exact programme of
//! [`narrow`]. The methods live one per file: [`wirth`] (his backtracking), [`warnsdorff`]
//! (fewest onward moves, Roth's tie-break, backtracking), [`divide`] (divide and conquer in
//! linear time, on blocks from [`blocks`]; both sides at least 5), [`narrow`] (a tour or a proof
//! that none exists, in linear time, on 3 or 4 rows), [`count`] (exact counts by enumeration)
//! and [`frontier`] (exact counts by a transfer-matrix programme, a side of at most 12). The two
//! searches can be followed step by step ([`step`]: every move made, rejected and why, or taken
//! back, as `queens tour --trace` prints it and the page plays it).
//!
//! ```
//! use queens::tour::{existence, find, Board, Method};
//! use queens::{Control, Square};
//!
//! let board = Board::new(8, 8);
//! let found = find(board, Square::new(0, 0), true, Method::Auto, &Control::new()).unwrap();
//! assert!(found.tour.is_closed() && found.tour.len() == 64);
//! assert!(existence(Board::new(4, 4), Square::new(0, 0), false).is_err());
//! ```

pub mod blocks;
pub mod count;
pub mod counter;
pub mod divide;
pub mod frontier;
pub mod narrow;
mod parse;
pub mod step;
pub mod warnsdorff;
pub mod wirth;
pub mod write;

use crate::control::Control;
use crate::square::{Square, KNIGHT};
/// The exact counts of tours past 128 bits ([`frontier::Outcome::count`]).
pub use num_bigint::BigUint;
use std::fmt;
use thiserror::Error;

/// Whether two squares are a knight's move apart.
pub fn knight_move(a: Square, b: Square) -> bool {
    let dc = (a.col as i64 - b.col as i64).abs();
    let dr = (a.row as i64 - b.row as i64).abs();
    (dc == 1 && dr == 2) || (dc == 2 && dr == 1)
}

/// An m x n board: `rows` ranks and `cols` files. Squares are numbered `row * cols + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Ranks.
    pub rows: usize,
    /// Files.
    pub cols: usize,
}

/// The largest number of squares a tour may have (indices are `u32`).
pub const MAX_SQUARES: usize = u32::MAX as usize - 1;

/// A knight's board that is not `N` or `MxN` within the limits (the text quoted short).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("bad board '{0}': expected N or MxN (M rows, N columns), sides from 1 to {MAX_SIDE}, at most {MAX_SQUARES} squares")]
pub struct BadBoard(pub String);

/// The longest side [`Board::parse`] accepts.
pub const MAX_SIDE: usize = 100_000;

impl Board {
    /// A board of `rows` ranks and `cols` files.
    pub fn new(rows: usize, cols: usize) -> Board {
        Board { rows, cols }
    }

    /// Reads `N` (N x N) or `MxN` (M rows, N columns; `X` and `×` also join them), sides
    /// from 1 to [`MAX_SIDE`], at most [`MAX_SQUARES`] squares.
    ///
    /// ```
    /// use queens::Board;
    /// assert_eq!(Board::parse("4x30"), Ok(Board::new(4, 30)));
    /// assert_eq!(Board::parse("8"), Ok(Board::new(8, 8)));
    /// assert!(Board::parse("0x5").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Board, BadBoard> {
        let bad = || BadBoard(crate::error::excerpt(text));
        let side = |t: &str| match t.trim().parse::<usize>() {
            Ok(v) if (1..=MAX_SIDE).contains(&v) => Ok(v),
            _ => Err(bad()),
        };
        let lower = text.to_ascii_lowercase().replace('×', "x");
        let board = match lower.split_once('x') {
            Some((m, n)) => Board::new(side(m)?, side(n)?),
            None => {
                let n = side(&lower)?;
                Board::new(n, n)
            }
        };
        match board.is_supported() {
            true => Ok(board),
            false => Err(bad()),
        }
    }

    /// The number of squares.
    pub fn square_count(&self) -> usize {
        self.rows * self.cols
    }

    /// Whether `s` is on the board.
    pub fn contains(&self, s: Square) -> bool {
        s.on_board(self.cols, self.rows)
    }

    /// The index of `s`, rank by rank from a1.
    pub fn index(&self, s: Square) -> u32 {
        (s.row as usize * self.cols + s.col as usize) as u32
    }

    /// The square of an index.
    pub fn square(&self, index: u32) -> Square {
        let i = index as usize;
        Square::new((i % self.cols) as u32, (i / self.cols) as u32)
    }

    /// The squares a knight's move from `s`, in the order of [`KNIGHT`].
    pub fn knight_moves(&self, s: Square) -> impl Iterator<Item = Square> + '_ {
        KNIGHT.iter().filter_map(move |&(dc, dr)| {
            let c = s.col as i64 + dc as i64;
            let r = s.row as i64 + dr as i64;
            (c >= 0 && r >= 0 && (c as usize) < self.cols && (r as usize) < self.rows)
                .then(|| Square::new(c as u32, r as u32))
        })
    }

    /// Whether a board this size can be held (at most [`MAX_SQUARES`] squares, none empty).
    pub fn is_supported(&self) -> bool {
        self.rows >= 1
            && self.cols >= 1
            && self
                .rows
                .checked_mul(self.cols)
                .is_some_and(|s| s <= MAX_SQUARES)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// A knight's tour: every square of the board once, consecutive squares a knight's move apart.
/// The path is kept as square indices (4 bytes a square), so boards of 10^8 squares fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tour {
    board: Board,
    path: Vec<u32>,
}

/// Why a sequence of squares is not a knight's tour of its board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TourError {
    #[error("the tour has {got} squares but the {board} board has {want}")]
    /// The path does not cover the board exactly.
    WrongLength {
        /// The board.
        board: Board,
        /// Squares given.
        got: usize,
        /// Squares on the board.
        want: usize,
    },
    #[error("square {square} is off the {board} board")]
    /// A square off the board.
    #[allow(missing_docs)] // the fields are named in the message
    OffBoard { board: Board, square: String },
    #[error("square {square} is visited twice (moves {first} and {second})")]
    /// A square visited twice.
    Repeated {
        /// The square.
        square: String,
        /// The first of the two (a move number, or a square).
        first: usize,
        /// The second of the two.
        second: usize,
    },
    #[error("move {step}: {from} to {to} is not a knight's move")]
    /// Two consecutive squares that are not a knight's move apart.
    NotAKnightMove {
        /// The move number.
        step: usize,
        /// The start square.
        from: String,
        /// The square moved to.
        to: String,
    },
    #[error(
        "the tour is open: its last square {last} is not a knight's move from its first {first}"
    )]
    /// A tour asked to be closed whose ends are not a knight's move apart.
    #[allow(missing_docs)] // the fields are named in the message
    NotClosed { first: String, last: String },
}

impl Tour {
    /// Checks that `squares` is a knight's tour of `board` (moves numbered from 1).
    pub fn new(board: Board, squares: &[Square]) -> Result<Tour, TourError> {
        if squares.len() != board.square_count() {
            return Err(TourError::WrongLength {
                board,
                got: squares.len(),
                want: board.square_count(),
            });
        }
        if let Some(s) = squares.iter().find(|s| !board.contains(**s)) {
            return Err(TourError::OffBoard {
                board,
                square: s.to_string(),
            });
        }
        Tour::from_indices(board, squares.iter().map(|&s| board.index(s)).collect())
    }

    /// Checks that `path` (square indices, all on the board) is a knight's tour of `board`.
    pub fn from_indices(board: Board, path: Vec<u32>) -> Result<Tour, TourError> {
        if path.len() != board.square_count() {
            return Err(TourError::WrongLength {
                board,
                got: path.len(),
                want: board.square_count(),
            });
        }
        let mut seen = vec![0u32; path.len()];
        for (k, &i) in path.iter().enumerate() {
            let Some(slot) = seen.get_mut(i as usize) else {
                return Err(TourError::OffBoard {
                    board,
                    square: format!("#{i}"),
                });
            };
            if *slot != 0 {
                return Err(TourError::Repeated {
                    square: board.square(i).to_string(),
                    first: *slot as usize,
                    second: k + 1,
                });
            }
            *slot = k as u32 + 1;
            if k > 0 && !knight_move(board.square(path[k - 1]), board.square(i)) {
                return Err(TourError::NotAKnightMove {
                    step: k,
                    from: board.square(path[k - 1]).to_string(),
                    to: board.square(i).to_string(),
                });
            }
        }
        Ok(Tour { board, path })
    }

    /// Checks that `squares` is a knight's path on `board`, possibly partial: every square on
    /// the board, none twice, consecutive squares a knight's move apart.
    pub fn check_path(board: Board, squares: &[Square]) -> Result<(), TourError> {
        let mut seen = std::collections::HashMap::with_capacity(squares.len());
        for (k, &s) in squares.iter().enumerate() {
            if !board.contains(s) {
                return Err(TourError::OffBoard {
                    board,
                    square: s.to_string(),
                });
            }
            if let Some(first) = seen.insert(s, k + 1) {
                return Err(TourError::Repeated {
                    square: s.to_string(),
                    first,
                    second: k + 1,
                });
            }
            if k > 0 && !knight_move(squares[k - 1], s) {
                return Err(TourError::NotAKnightMove {
                    step: k,
                    from: squares[k - 1].to_string(),
                    to: s.to_string(),
                });
            }
        }
        Ok(())
    }

    /// The squares of a tour or partial path written as a move list or as JSON, in order;
    /// no check of the board or the moves (see [`Tour::check_path`]).
    pub fn parse_squares(text: &str) -> Result<Vec<Square>, ParseTourError> {
        parse::squares(text)
    }

    /// Parses a tour printed in any of the output formats (grid, moves or JSON).
    pub fn parse(text: &str) -> Result<Tour, ParseTourError> {
        parse::parse(text)
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The number of squares visited.
    pub fn len(&self) -> usize {
        self.path.len()
    }

    /// Whether the tour visits no square.
    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// The first square.
    pub fn start(&self) -> Square {
        self.board.square(self.path[0])
    }

    /// The last square.
    pub fn end(&self) -> Square {
        self.board.square(self.path[self.path.len() - 1])
    }

    /// The squares in the order of the tour.
    pub fn squares(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        self.path.iter().map(|&i| self.board.square(i))
    }

    /// The square indices (`row * cols + col`) in the order of the tour.
    pub fn indices(&self) -> &[u32] {
        &self.path
    }

    /// Whether the last square is a knight's move from the first (a re-entrant tour).
    pub fn is_closed(&self) -> bool {
        self.path.len() > 2 && knight_move(self.start(), self.end())
    }

    /// `Ok` when closed, else why not.
    pub fn check_closed(&self) -> Result<(), TourError> {
        if self.is_closed() {
            Ok(())
        } else {
            Err(TourError::NotClosed {
                first: self.start().to_string(),
                last: self.end().to_string(),
            })
        }
    }

    /// The move number (1-based) of every square, by index: Wirth's h[x, y].
    pub fn numbers(&self) -> Vec<u32> {
        let mut h = vec![0u32; self.path.len()];
        for (k, &i) in self.path.iter().enumerate() {
            h[i as usize] = k as u32 + 1;
        }
        h
    }

    /// Wirth's table: the move numbers row by row, rank `rows` first, right-aligned.
    pub fn grid(&self) -> String {
        let h = self.numbers();
        let width = self.path.len().to_string().len();
        let mut out = String::with_capacity(self.path.len() * (width + 1));
        for row in (0..self.board.rows).rev() {
            for col in 0..self.board.cols {
                if col > 0 {
                    out.push(' ');
                }
                let v = h[row * self.board.cols + col].to_string();
                for _ in v.len()..width {
                    out.push(' ');
                }
                out.push_str(&v);
            }
            out.push('\n');
        }
        out
    }
}

/// Text that is not a tour in any output format.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseTourError {
    #[error("empty input: give a tour as a grid of move numbers, a move list 'a1 b3 ...' or JSON")]
    /// Nothing to read.
    Empty,
    #[error("bad JSON tour: {0} (expected {{\"rows\":M,\"cols\":N,\"path\":[[col,row],...]}})")]
    /// JSON that is not a tour.
    Json(String),
    #[error("bad token '{0}' in a move list: expected squares like 'c5' or 'col,row' like '3,5'")]
    /// A word of a move list that is not a square.
    BadSquare(String),
    #[error("bad grid: {0}")]
    /// A grid of move numbers that is not a tour.
    Grid(String),
    #[error(transparent)]
    /// A list of squares that breaks the notation.
    Square(crate::ParseError),
    #[error("not a knight's tour: {0}")]
    /// A path that is not a knight's tour.
    Invalid(#[from] TourError),
}

/// Which case of Schwenk's theorem (1991) excludes a closed tour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ClosedWhy {
    #[error("both sides are odd, and a closed tour alternates colours")]
    /// Both sides odd.
    OddSides,
    #[error("a board with a side of 1, 2 or 4 has none")]
    /// A side of 1, 2 or 4.
    Side,
    #[error("a 3-row board needs n even and at least 10")]
    /// Three rows and n of 4, 6 or 8.
    ThreeRows,
}

/// Why no tour exists, decided from the board and the start square alone.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NoTour {
    #[error("no knight's tour exists on a {board} board (open tours need n = 1 or n >= 5 on square boards; Parberry 1997)")]
    /// A square board of side 2 to 4.
    #[allow(missing_docs)] // the fields are named in the message
    Square { board: Board },
    #[error("no knight's tour exists on a {board} board: a board with a side of 1 or 2 has none but 1x1, a 3-row board needs n = 4 or n >= 7, a 4-row board n >= 5 (or 3)")]
    /// A board with a side of 1 to 4 and too short.
    #[allow(missing_docs)] // the fields are named in the message
    Thin { board: Board },
    #[error("no knight's tour from {from} on the {board} board: the board has an odd number of squares, so a tour starts and ends on the colour of a1 (col+row even), and {from} has the other colour")]
    /// An odd board and a start on the wrong colour.
    #[allow(missing_docs)] // the fields are named in the message
    Colour { board: Board, from: String },
    #[error("no closed knight's tour exists on a {board} board (Schwenk 1991): {reason}")]
    /// A closed tour on a board that has none (Schwenk).
    #[allow(missing_docs)] // the fields are named in the message
    Closed { board: Board, reason: ClosedWhy },
    #[error("square {from} is off the {board} board")]
    /// A start square off the board.
    #[allow(missing_docs)] // the fields are named in the message
    OffBoard { board: Board, from: String },
    #[error("no {} tour from {from} on the {board} board: the exhaustive column-by-column search proves none exists", if *.closed { "closed" } else { "open" })]
    /// A board with 3 or 4 rows where the exact programme finds none.
    Narrow {
        /// The board.
        board: Board,
        /// The start square.
        from: String,
        /// Whether a closed tour was asked.
        closed: bool,
    },
}

/// Decides before any search whether a tour (closed if asked) from `from` can exist. `Ok`
/// means it exists for sure on boards with both sides at least 5 (Conrad et al. 1994 for open
/// tours from any square of the right colour; Schwenk 1991 for closed ones); on 3- and 4-row
/// boards, `Ok` means only that no rule excludes it: [`decide`] settles those.
pub fn existence(board: Board, from: Square, closed: bool) -> Result<(), NoTour> {
    if !board.contains(from) {
        return Err(NoTour::OffBoard {
            board,
            from: from.to_string(),
        });
    }
    let (m, n) = (board.rows.min(board.cols), board.rows.max(board.cols));
    if closed {
        let reason = if m % 2 == 1 && n % 2 == 1 {
            Some(ClosedWhy::OddSides)
        } else if m == 1 || m == 2 || m == 4 {
            Some(ClosedWhy::Side)
        } else if m == 3 && matches!(n, 4 | 6 | 8) {
            Some(ClosedWhy::ThreeRows)
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(NoTour::Closed { board, reason });
        }
    }
    if m == n && (2..=4).contains(&n) {
        return Err(NoTour::Square { board });
    }
    let open_exists = match m {
        1 => n == 1,
        2 => false,
        3 => n == 4 || n >= 7,
        4 => n >= 5,
        _ => true,
    };
    if !open_exists {
        return Err(NoTour::Thin { board });
    }
    if board.square_count() % 2 == 1 && (from.col + from.row) % 2 == 1 {
        return Err(NoTour::Colour {
            board,
            from: from.to_string(),
        });
    }
    Ok(())
}

/// Decides whether a tour (closed if asked) from `from` exists, before any search: the rules of
/// [`existence`], then on boards with 3 or 4 rows or columns the exact programme of [`narrow`]
/// (linear in the board's length). `Ok` means a tour exists for sure.
pub fn decide(
    board: Board,
    from: Square,
    closed: bool,
    control: &Control,
) -> Result<(), FindError> {
    if !board.is_supported() {
        return Err(FindError::TooLarge { board });
    }
    existence(board, from, closed)?;
    if narrow::applies(board) && !narrow::exists(board, from, closed, control)? {
        return Err(no_narrow_tour(board, from, closed).into());
    }
    Ok(())
}

fn no_narrow_tour(board: Board, from: Square, closed: bool) -> NoTour {
    NoTour::Narrow {
        board,
        from: from.to_string(),
        closed,
    }
}

/// The methods that find one tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Wirth's backtracking in his move order (exponential; small boards).
    Wirth,
    /// Warnsdorff's rule with Roth's tie-break and backtracking.
    Warnsdorff,
    /// Divide and conquer: linear time, both sides at least 5.
    Divide,
    /// The exact column-by-column programme: linear time, a side of 3 or 4.
    Narrow,
    /// `Divide` where it applies, else `Narrow` (or `Warnsdorff` on boards with neither).
    Auto,
}

/// Why a method stopped without a tour.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FindError {
    #[error(transparent)]
    /// No tour exists.
    NoTour(#[from] NoTour),
    #[error("no tour from {from}: the exhaustive search ended without one")]
    /// The exhaustive search ended without a tour.
    #[allow(missing_docs)] // the fields are named in the message
    Exhausted { from: String },
    #[error("the divide-and-conquer construction needs both sides at least 5, not {board} (Warnsdorff's rule and the column-by-column programme cover the other boards)")]
    /// The construction needs both sides at least 5.
    #[allow(missing_docs)] // the fields are named in the message
    Unsupported { board: Board },
    #[error("the column-by-column programme needs a board with 3 or 4 rows or columns, not {board} (divide and conquer covers boards with both sides at least 5)")]
    /// The programme needs 3 or 4 rows or columns.
    #[allow(missing_docs)] // the fields are named in the message
    NotNarrow { board: Board },
    #[error("method {} makes no search to trace: wirth and warnsdorff do", .method.name())]
    /// A method that is a construction, not a search, cannot be traced.
    #[allow(missing_docs)] // the fields are named in the message
    NotTraced { method: Method },
    #[error("the board {board} is too large: at most {max} squares", max = MAX_SQUARES)]
    /// More squares than supported.
    #[allow(missing_docs)] // the fields are named in the message
    TooLarge { board: Board },
    #[error(transparent)]
    /// Cancelled.
    Stopped(#[from] crate::Error),
    #[error("internal error, the tour built is wrong: {0}")]
    /// A bug: the tour built does not check.
    Invalid(#[from] TourError),
}

impl Method {
    /// Every method, `Auto` (the default) first.
    pub const ALL: [Method; 5] = [
        Method::Auto,
        Method::Wirth,
        Method::Warnsdorff,
        Method::Divide,
        Method::Narrow,
    ];

    /// The method called `name`, if any.
    ///
    /// ```
    /// use queens::tour::Method;
    /// assert_eq!(Method::from_name("divide"), Some(Method::Divide));
    /// assert_eq!(Method::from_name("euler"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The method that does the work on `board`: `Auto` resolved, the others themselves.
    pub fn resolve(self, board: Board) -> Method {
        match self {
            Method::Auto if divide::applies(board) => Method::Divide,
            Method::Auto if narrow::applies(board) => Method::Narrow,
            Method::Auto => Method::Warnsdorff,
            m => m,
        }
    }

    /// The method's name: `wirth`, `warnsdorff`, `divide`, `narrow`, `auto`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Wirth => "wirth",
            Method::Warnsdorff => "warnsdorff",
            Method::Divide => "divide",
            Method::Narrow => "narrow",
            Method::Auto => "auto",
        }
    }
}

/// The work a search did to find a tour (the constructions count none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Work {
    /// Squares the knight was put on, the start included.
    pub placed: u64,
    /// Moves tried: each candidate the search looked at and made or rejected (Wirth's eight
    /// moves from every square, on the board or not; Warnsdorff's unvisited squares a move
    /// away, in the rule's order).
    pub tried: u64,
    /// Steps taken back after a dead end.
    pub backtracks: u64,
}

/// A tour and how it was found.
#[derive(Clone, Debug)]
pub struct Found {
    /// The tour.
    pub tour: Tour,
    /// The method that found it (`Auto` resolved).
    pub method: Method,
    /// The work of the search.
    pub work: Work,
}

/// One tour from `from`, closed if asked, by `method`; existence is decided first ([`decide`];
/// `Narrow` decides it as it goes).
pub fn find(
    board: Board,
    from: Square,
    closed: bool,
    method: Method,
    control: &Control,
) -> Result<Found, FindError> {
    if !board.is_supported() {
        return Err(FindError::TooLarge { board });
    }
    let method = method.resolve(board);
    let mut work = Work::default();
    let tour = match method {
        Method::Narrow => {
            existence(board, from, closed)?;
            if !narrow::applies(board) {
                return Err(FindError::NotNarrow { board });
            }
            let tour = narrow::tour(board, from, closed, control)?;
            Some(tour.ok_or_else(|| no_narrow_tour(board, from, closed))?)
        }
        Method::Wirth => {
            decide(board, from, closed, control)?;
            let s = wirth::search(board, from, closed, control)?;
            work = s.work();
            s.tour
        }
        Method::Warnsdorff => {
            decide(board, from, closed, control)?;
            let s = warnsdorff::search(board, from, closed, control)?;
            work = s.work();
            s.tour
        }
        _ => {
            decide(board, from, closed, control)?;
            divide::tour(board, from, closed, control)?
        }
    };
    let tour = tour.ok_or_else(|| FindError::Exhausted {
        from: from.to_string(),
    })?;
    Ok(Found { tour, method, work })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn existence_rules() {
        let b = |m, n| Board::new(m, n);
        for n in 2..=4 {
            assert!(existence(b(n, n), sq("a1"), false).is_err());
        }
        assert!(existence(b(1, 1), sq("a1"), false).is_ok());
        assert!(existence(b(5, 5), sq("a1"), false).is_ok());
        assert!(matches!(
            existence(b(5, 5), sq("b1"), false),
            Err(NoTour::Colour { .. })
        ));
        assert!(existence(b(6, 6), sq("b1"), false).is_ok());
        assert!(existence(b(6, 6), sq("b1"), true).is_ok());
        assert!(matches!(
            existence(b(7, 7), sq("a1"), true),
            Err(NoTour::Closed { .. })
        ));
        for n in [4, 6, 8] {
            assert!(existence(b(3, n), sq("a1"), true).is_err());
        }
        assert!(existence(b(3, 10), sq("a1"), true).is_ok());
        assert!(existence(b(4, 9), sq("a1"), true).is_err());
        assert!(existence(b(4, 9), sq("a1"), false).is_ok());
        assert!(existence(b(3, 5), sq("a1"), false).is_err());
        assert!(existence(b(2, 9), sq("a1"), false).is_err());
        assert!(existence(b(5, 5), sq("f1"), false).is_err());
    }

    #[test]
    fn decide_settles_boards_with_3_or_4_rows() {
        let control = Control::new();
        let b = |m, n| Board::new(m, n);
        assert!(matches!(
            decide(b(3, 7), sq("d2"), false, &control),
            Err(FindError::NoTour(NoTour::Narrow { .. }))
        ));
        assert!(existence(b(3, 7), sq("d2"), false).is_ok());
        assert!(decide(b(3, 7), sq("b2"), false, &control).is_ok());
        assert!(decide(b(4, 30), sq("b1"), false, &control).is_ok());
        assert!(matches!(
            decide(b(4, 9), sq("a1"), true, &control),
            Err(FindError::NoTour(NoTour::Closed { .. }))
        ));
        assert!(decide(b(8, 8), sq("a1"), false, &control).is_ok());
        let t = find(b(4, 30), sq("b1"), false, Method::Auto, &control)
            .unwrap()
            .tour;
        assert_eq!(t.start(), sq("b1"));
        let t = find(b(10, 3), sq("a1"), true, Method::Narrow, &control)
            .unwrap()
            .tour;
        assert!(t.is_closed());
        assert!(matches!(
            find(b(4, 30), sq("b2"), false, Method::Warnsdorff, &control),
            Err(FindError::NoTour(NoTour::Narrow { .. }))
        ));
        assert!(matches!(
            find(b(4, 30), sq("c3"), false, Method::Auto, &control),
            Err(FindError::NoTour(NoTour::Narrow { .. }))
        ));
        assert!(matches!(
            find(b(8, 8), sq("a1"), false, Method::Narrow, &control),
            Err(FindError::NotNarrow { .. })
        ));
    }

    #[test]
    fn tour_checks_name_the_fault() {
        let board = Board::new(3, 4);
        let squares: Vec<Square> = "a1 c2 a3 b1 d2 c4"
            .split(' ')
            .map(|s| Square::parse(s).unwrap())
            .collect();
        assert!(matches!(
            Tour::new(board, &squares),
            Err(TourError::WrongLength { .. })
        ));
        let path: Vec<Square> = "a1 c2 a3 b1 d2 b3 a1 c2 a3 b1 d2 b3"
            .split(' ')
            .map(sq)
            .collect();
        assert!(matches!(
            Tour::new(board, &path),
            Err(TourError::Repeated {
                first: 1,
                second: 7,
                ..
            })
        ));
        let path: Vec<Square> = "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3"
            .split(' ')
            .map(sq)
            .collect();
        assert!(matches!(
            Tour::new(board, &path),
            Err(TourError::NotAKnightMove { step: 1, .. })
        ));
    }
}
