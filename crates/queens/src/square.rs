//! A square of the board and the board notation of the contract.
//!
//! Files are `a, b, ..., z, aa, ab, ...` (spreadsheet columns) left to right, ranks `1..N` bottom
//! to top. A square may also be written `col,row`, both 1-based (`3,5` is `c5`). Internally
//! columns and rows are 0-based. Boards go up to N = [`MAX_SIDE`] (4,294,967,295): the last
//! file's name has seven letters (`mwlqkwu`), and every square name written for such a board
//! reads back.
//!
//! ```
//! use queens::Square;
//!
//! let c5 = Square::parse("c5").unwrap();
//! assert_eq!((c5.col, c5.row), (2, 4));
//! assert_eq!(Square::parse("3,5").unwrap(), c5);
//! assert_eq!(Square::new(26, 0).to_string(), "aa1");
//! assert_eq!(Square::parse_list("a1,c5").unwrap().len(), 2);
//! assert!(Square::parse_list("2,4,1,3").is_err()); // rows are written with spaces
//! ```

use crate::error::ParseError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The largest side of a board whose squares are named: files and ranks are counted in `u32`,
/// so the last file (`mwlqkwu`) and rank (4294967295) of this side are the largest names.
pub const MAX_SIDE: usize = u32::MAX as usize;

/// The most letters of a file name: seven, from `aaaaaaa` (file 321,272,407) on.
pub const MAX_FILE_LETTERS: usize = 7;

/// The eight knight's moves as (column, row) steps: the queens' relatives (superqueens,
/// knight's tours) share them.
pub const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// One square: column (file) and row (rank), both counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    /// The column (file), from 0 for `a`.
    pub col: u32,
    /// The row (rank), from 0 for rank 1.
    pub row: u32,
}

/// The line along which two queens attack each other.
///
/// Its one spelling, in JSON and in words alike, is `row`, `column`, `diagonal`,
/// `anti-diagonal` and `knight` ([`Line::name`]); in a sentence the knight's line reads
/// `knight's move` (the `Display` form).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Line {
    /// The same rank.
    Row,
    /// The same file.
    Column,
    /// The diagonal going up to the right (col - row constant).
    Diagonal,
    /// The diagonal going down to the right (col + row constant).
    AntiDiagonal,
    /// A knight's move apart (superqueens move as knights too).
    Knight,
}

impl Line {
    /// The line's name as JSON spells it: `row`, `column`, `diagonal`, `anti-diagonal`,
    /// `knight`.
    pub fn name(self) -> &'static str {
        match self {
            Line::Row => "row",
            Line::Column => "column",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti-diagonal",
            Line::Knight => "knight",
        }
    }
}

impl fmt::Display for Line {
    /// The name, but `knight's move` for the knight's line, as a sentence says it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Line::Knight => "knight's move",
            line => line.name(),
        })
    }
}

impl Square {
    /// The square in column `col` and row `row`, both from 0.
    pub const fn new(col: u32, row: u32) -> Self {
        Square { col, row }
    }

    /// The line on which `self` and `other` attack each other as queens, if any.
    pub fn queen_attack(self, other: Square) -> Option<Line> {
        if self == other {
            return None;
        }
        let (dc, dr) = (
            self.col as i64 - other.col as i64,
            self.row as i64 - other.row as i64,
        );
        if dr == 0 {
            Some(Line::Row)
        } else if dc == 0 {
            Some(Line::Column)
        } else if dc == dr {
            Some(Line::Diagonal)
        } else if dc == -dr {
            Some(Line::AntiDiagonal)
        } else {
            None
        }
    }

    /// Whether the square lies on an `cols` x `rows` board.
    pub fn on_board(self, cols: usize, rows: usize) -> bool {
        (self.col as usize) < cols && (self.row as usize) < rows
    }

    /// The square as `[col, row]`, both 1-based: how JSON answers give a square.
    pub fn pair(self) -> [u64; 2] {
        [self.col as u64 + 1, self.row as u64 + 1]
    }

    /// The square in the `col,row` notation, 1-based.
    pub fn numeric(self) -> String {
        format!("{},{}", self.col + 1, self.row + 1)
    }

    /// Parses `c5`, `aa12` or `3,5` (1-based), with no board size check.
    pub fn parse(text: &str) -> Result<Square, ParseError> {
        let bad = || ParseError::BadSquare(crate::error::excerpt(text));
        let t = text
            .trim()
            .trim_matches(|c| c == '(' || c == ')' || c == '[' || c == ']');
        if let Some((c, r)) = t.split_once(',') {
            let c: u32 = c.trim().parse().map_err(|_| bad())?;
            let r: u32 = r.trim().parse().map_err(|_| bad())?;
            if c == 0 || r == 0 {
                return Err(bad());
            }
            return Ok(Square::new(c - 1, r - 1));
        }
        let split = t.find(|c: char| !c.is_ascii_alphabetic()).ok_or_else(bad)?;
        let (letters, digits) = t.split_at(split);
        if letters.is_empty()
            || letters.len() > MAX_FILE_LETTERS
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        let col = file_index(letters).ok_or_else(bad)?;
        let row: u32 = digits.parse().map_err(|_| bad())?;
        if row == 0 {
            return Err(bad());
        }
        Ok(Square::new(col, row - 1))
    }

    /// Parses a list of squares in either notation: `a1,c5`, `a1 c5` or `1,1 3,5`. The one
    /// rule for commas everywhere: squares are separated by spaces or semicolons; a comma joins
    /// the column and row of one square (`3,5`), or separates squares written with file
    /// letters (`a1,c5`). A word of numbers with two or more commas (`2,4,1,3`) is refused with
    /// [`ParseError::CommaRows`]. An empty or blank text is an empty list. No board size check.
    pub fn parse_list(text: &str) -> Result<Vec<Square>, ParseError> {
        let mut squares = Vec::new();
        for token in text
            .split(|c: char| c.is_whitespace() || c == ';')
            .filter(|t| !t.is_empty())
        {
            if token.chars().any(|c| c.is_ascii_alphabetic()) {
                for part in token.split(',').filter(|p| !p.is_empty()) {
                    squares.push(Square::parse(part)?);
                }
            } else if token.matches(',').count() >= 2 {
                return Err(ParseError::CommaRows(crate::error::excerpt(token)));
            } else {
                squares.push(Square::parse(token)?);
            }
        }
        Ok(squares)
    }
}

/// The name of a file: 0 -> `a`, 25 -> `z`, 26 -> `aa`, 27 -> `ab`, ...
pub fn file_name(col: u32) -> String {
    let mut n = col as u64 + 1;
    let mut out = Vec::new();
    while n > 0 {
        let d = ((n - 1) % 26) as u8;
        out.push(b'a' + d);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).expect("ascii")
}

/// The column of a file name (`a` -> 0, `aa` -> 26), case-insensitive; `None` past the files
/// of a board of [`MAX_SIDE`].
pub fn file_index(letters: &str) -> Option<u32> {
    let mut n: u64 = 0;
    for b in letters.bytes() {
        let b = b.to_ascii_lowercase();
        if !b.is_ascii_lowercase() {
            return None;
        }
        n = n * 26 + (b - b'a' + 1) as u64;
        if n > u32::MAX as u64 {
            return None;
        }
    }
    n.checked_sub(1).map(|v| v as u32)
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_name(self.col), self.row + 1)
    }
}

impl FromStr for Square {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Square::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_follow_spreadsheet_columns() {
        assert_eq!(file_name(0), "a");
        assert_eq!(file_name(25), "z");
        assert_eq!(file_name(26), "aa");
        assert_eq!(file_name(27), "ab");
        assert_eq!(file_name(701), "zz");
        assert_eq!(file_name(702), "aaa");
        for c in 0..2000 {
            assert_eq!(file_index(&file_name(c)), Some(c));
        }
    }

    #[test]
    fn the_largest_board_has_seven_letter_files() {
        let last = (MAX_SIDE - 1) as u32;
        assert_eq!(file_name(last), "mwlqkwu");
        assert_eq!(file_name(last).len(), MAX_FILE_LETTERS);
        assert_eq!(file_name(321_272_405), "zzzzzz");
        assert_eq!(file_name(321_272_406), "aaaaaaa");
        let corner = Square::new(last, last);
        assert_eq!(corner.to_string(), "mwlqkwu4294967295");
        assert_eq!(Square::parse(&corner.to_string()), Ok(corner));
        // One file past the largest board, and eight letters, are no square.
        assert_eq!(file_index("mwlqkwv"), None);
        assert!(Square::parse("aaaaaaaa1").is_err());
    }

    proptest::proptest! {
        /// Every square the tool can name on a board up to the largest side reads back.
        #[test]
        fn every_square_name_reads_back(col in 0..u32::MAX, row in 0..u32::MAX) {
            let s = Square::new(col, row);
            proptest::prop_assert_eq!(file_index(&file_name(col)), Some(col));
            proptest::prop_assert_eq!(Square::parse(&s.to_string()), Ok(s));
            proptest::prop_assert_eq!(Square::parse(&s.to_string().to_uppercase()), Ok(s));
            proptest::prop_assert_eq!(Square::parse(&s.numeric()), Ok(s));
        }

        /// Names of seven letters, the longest, read back across the whole band.
        #[test]
        fn seven_letter_files_read_back(col in 321_272_406u32..u32::MAX) {
            proptest::prop_assert_eq!(file_name(col).len(), MAX_FILE_LETTERS);
            proptest::prop_assert_eq!(file_index(&file_name(col)), Some(col));
        }
    }

    #[test]
    fn parses_both_square_notations() {
        assert_eq!(Square::parse("c5").unwrap(), Square::new(2, 4));
        assert_eq!(Square::parse("3,5").unwrap(), Square::new(2, 4));
        assert_eq!(Square::parse("AA10").unwrap(), Square::new(26, 9));
        assert_eq!(Square::new(26, 9).to_string(), "aa10");
        for bad in ["", "c", "5", "c0", "0,3", "c5x", "1,", "é4", "c-1"] {
            assert!(Square::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn parses_lists_of_squares() {
        let two = vec![Square::new(0, 0), Square::new(2, 4)];
        assert_eq!(Square::parse_list("a1,c5").unwrap(), two);
        assert_eq!(Square::parse_list("a1 c5").unwrap(), two);
        assert_eq!(Square::parse_list(" 1,1  3,5 ").unwrap(), two);
        assert_eq!(Square::parse_list("1,1;3,5").unwrap(), two);
        assert_eq!(Square::parse_list("").unwrap(), vec![]);
        assert_eq!(
            Square::parse_list("1,1,3,5"),
            Err(ParseError::CommaRows("1,1,3,5".into()))
        );
        // Both notations of a square may stand in one list.
        assert_eq!(Square::parse_list("a1 3,5").unwrap(), two);
        assert!(Square::parse_list("a0").is_err());
    }

    #[test]
    fn attack_lines() {
        let s = Square::new(2, 2);
        assert_eq!(s.queen_attack(Square::new(5, 2)), Some(Line::Row));
        assert_eq!(s.queen_attack(Square::new(2, 7)), Some(Line::Column));
        assert_eq!(s.queen_attack(Square::new(4, 4)), Some(Line::Diagonal));
        assert_eq!(s.queen_attack(Square::new(0, 4)), Some(Line::AntiDiagonal));
        assert_eq!(s.queen_attack(Square::new(3, 4)), None);
    }
}
