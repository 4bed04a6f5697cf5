//! Errors of the library, as types: what was wrong and with which value.

use thiserror::Error;

/// Bad input as an error message quotes it: at most 40 characters (then `...`), control
/// characters escaped, so that a message stays one short line whatever the input was.
pub fn excerpt(text: &str) -> String {
    const MOST: usize = 40;
    let mut out = String::new();
    for (k, c) in text.chars().enumerate() {
        if k == MOST {
            out.push_str("...");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Input that does not describe a board, a square or a placement.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("empty placement: give rows like '1 5 8 6 3 7 2 4' or squares like 'a1 b5 c8'")]
    /// No square and no row.
    Empty,
    #[error("bad square '{0}': expected a file and a rank like 'c5', or 'col,row' like '3,5'")]
    /// A word that is not a square.
    BadSquare(String),
    #[error("bad row '{0}': expected a whole number from 1 to {1}")]
    /// A row outside 1 to N.
    BadRow(String, usize),
    #[error("square '{square}' is off the {n}x{n} board (files a..{last_file}, ranks 1..{n})")]
    /// A square off the board.
    OffBoard {
        /// The square.
        square: String,
        /// The board size.
        n: usize,
        /// The last file of the board.
        last_file: String,
    },
    #[error("column {file} holds two queens ('{first}' and '{second}'): a placement has one queen per column")]
    /// Two queens in one column.
    RepeatedColumn {
        /// The file.
        file: String,
        /// The first of the two (a move number, or a square).
        first: String,
        /// The second of the two.
        second: String,
    },
    #[error("column {0} has no queen: a placement of {1} queens needs one in every column a..{2}")]
    /// A column with no queen.
    MissingColumn(String, usize, String),
    #[error("mixed notations in '{0}': use rows ('1 5 8 ...') or squares ('a1 b5 ...'), not both")]
    /// Rows and squares mixed in one placement.
    MixedNotation(String),
    #[error("'{0}' is not a square: a comma joins the column and row of one square ('3,5' is c5); write rows with spaces, like '2 4 1 3'")]
    /// Rows joined by commas, which join a square's column and row only.
    CommaRows(String),
    #[error("bad board size '{0}': expected a whole number from {1} to {2}")]
    /// A board size outside the accepted range.
    BadSize(String, usize, usize),
}

/// Why an engine stopped without a complete answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    #[error("interrupted before the end: no result")]
    /// The control was cancelled.
    Cancelled,
    #[error("N = {n} is beyond what this engine supports (1 to {max})")]
    /// N beyond the engine's range.
    #[allow(missing_docs)] // the fields are named in the message
    TooLarge { n: usize, max: usize },
    #[error("{k} queens is beyond what this search takes (at most {max})")]
    /// More queens asked of a search than it takes.
    #[allow(missing_docs)] // the fields are named in the message
    TooManyQueens { k: usize, max: usize },
    #[error(
        "{variable}='{value}' names no build of the join this CPU can run (it runs: {available})"
    )]
    /// A forced path of the join that this CPU cannot run.
    #[allow(missing_docs)] // the fields are named in the message
    UnknownPath {
        variable: &'static str,
        value: String,
        available: String,
    },
    #[error(transparent)]
    /// Input that does not parse.
    Parse(#[from] ParseError),
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn excerpts_are_short_and_escaped() {
        assert_eq!(excerpt("a\u{0}b\nc"), "a\\u{0}b\\nc");
        assert_eq!(excerpt(&"7".repeat(100)), format!("{}...", "7".repeat(40)));
        assert_eq!(
            excerpt("ü".repeat(41).as_str()),
            format!("{}...", "ü".repeat(40))
        );
    }
}
