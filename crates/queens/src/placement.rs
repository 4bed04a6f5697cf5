//! The placement: N queens, one in each column, given by the row of each column's queen.
//!
//! This is the one domain type that every engine produces and every command reads. It parses
//! both notations of the contract (`1 5 8 6 3 7 2 4` and `a1 b5 c8 d6 e3 f7 g2 h4`, squares in
//! any order, commas allowed, and `col,row` squares) and formats them back.
//!
//! Validity is the arithmetic test of seed 004: with t_i the row of the queen in column i, a
//! placement is a solution when all t_i are distinct, all t_i + i are distinct and all t_i - i
//! are distinct. The same three sets serve `check` (which two queens clash, and on which line).
//!
//! ```
//! use queens::Placement;
//!
//! let p = Placement::parse("2 4 1 3").unwrap();
//! assert_eq!(p.algebraic(), "a2 b4 c1 d3");
//! assert!(p.is_solution());
//! let q = Placement::parse("1 2 3 4").unwrap();
//! assert_eq!(q.first_conflict().unwrap().line.to_string(), "diagonal");
//! ```

use crate::error::ParseError;
use crate::square::{file_name, Line, Square};
use std::fmt::Write as _;

/// N queens, one per column; `rows[c]` is the 0-based row of the queen in column `c`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    rows: Vec<u32>,
}

/// Two queens that attack each other, and the line they share.
///
/// Its record, the one shape every answer gives a conflict in (`queens check --json`, a
/// candidate's clash in a trace, `/api/check`):
/// `{"a":[3,8],"b":[7,4],"line":"anti-diagonal","text":"c8 and g4 attack each other on an
/// anti-diagonal"}`, the squares as `[col, row]` from 1 and `text` the sentence of `Display`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The earlier queen.
    pub a: Square,
    /// The later queen.
    pub b: Square,
    /// The line they share.
    pub line: Line,
}

impl std::fmt::Display for Conflict {
    /// In words: `c8 and g4 attack each other on an anti-diagonal`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (a, b) = (self.a, self.b);
        match self.line {
            Line::Knight => write!(f, "{a} and {b} attack each other by a knight's move"),
            Line::AntiDiagonal => write!(f, "{a} and {b} attack each other on an anti-diagonal"),
            line => write!(f, "{a} and {b} attack each other on a {line}"),
        }
    }
}

impl serde::Serialize for Conflict {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut record = serializer.serialize_struct("Conflict", 4)?;
        record.serialize_field("a", &self.a.pair())?;
        record.serialize_field("b", &self.b.pair())?;
        record.serialize_field("line", &self.line)?;
        record.serialize_field("text", &self.to_string())?;
        record.end()
    }
}

/// How a board diagram draws its squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DiagramStyle {
    /// `Q` for a queen, `.` for an empty square.
    #[default]
    Ascii,
    /// `♛` for a queen, `·` for an empty square.
    Unicode,
}

impl Placement {
    /// A placement from 0-based rows; every row must be below `rows.len()`.
    pub fn from_rows(rows: Vec<u32>) -> Result<Placement, ParseError> {
        let n = rows.len();
        if let Some(&r) = rows.iter().find(|&&r| r as usize >= n) {
            return Err(ParseError::BadRow((r as u64 + 1).to_string(), n));
        }
        Ok(Placement { rows })
    }

    /// A placement from 0-based rows the caller knows to be in range (the engines of this
    /// crate, which build only valid rows).
    pub(crate) fn from_rows_unchecked(rows: Vec<u32>) -> Placement {
        debug_assert!(rows.iter().all(|&r| (r as usize) < rows.len()));
        Placement { rows }
    }

    /// The board size N (number of queens).
    pub fn n(&self) -> usize {
        self.rows.len()
    }

    /// The 0-based row of each column's queen.
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }

    /// The 1-based rows, as the permutation notation writes them.
    pub fn rows_1based(&self) -> Vec<u64> {
        self.rows.iter().map(|&r| r as u64 + 1).collect()
    }

    /// The queens as squares, column by column.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.rows
            .iter()
            .enumerate()
            .map(|(c, &r)| Square::new(c as u32, r))
    }

    /// Parses either notation (see the module comment).
    ///
    /// Linear in the length of the text. Plain rows separated by white space (the form of a
    /// large solution in a file) take a fast path with the same results.
    pub fn parse(text: &str) -> Result<Placement, ParseError> {
        match Self::parse_plain_rows(text) {
            Some(result) => result,
            None => Self::parse_any(text),
        }
    }

    /// Rows as plain whole numbers separated by ASCII white space, in two passes over the
    /// bytes (count the numbers, then read them) and no strings in between; `None` for any
    /// other text, which [`Placement::parse_any`] reads.
    fn parse_plain_rows(text: &str) -> Option<Result<Placement, ParseError>> {
        let mut n = 0usize;
        let mut in_number = false;
        for &b in text.as_bytes() {
            if b.is_ascii_digit() {
                n += usize::from(!in_number);
                in_number = true;
            } else if b.is_ascii_whitespace() {
                in_number = false;
            } else {
                return None;
            }
        }
        if n == 0 {
            return None;
        }
        let mut rows = Vec::with_capacity(n);
        for token in text.split_ascii_whitespace() {
            let row = token.bytes().fold(0u64, |value, b| {
                value.saturating_mul(10).saturating_add(u64::from(b - b'0'))
            });
            if row == 0 || row > n as u64 {
                return Some(Err(ParseError::BadRow(crate::error::excerpt(token), n)));
            }
            rows.push((row - 1) as u32);
        }
        Some(Ok(Placement { rows }))
    }

    /// The general parser of both notations.
    fn parse_any(text: &str) -> Result<Placement, ParseError> {
        let cleaned: String = text
            .chars()
            .map(|c| match c {
                '(' | ')' | '[' | ']' | ';' => ' ',
                c => c,
            })
            .collect();
        let tokens: Vec<&str> = cleaned.split_whitespace().collect();
        if tokens.is_empty() {
            return Err(ParseError::Empty);
        }
        let is_number = |t: &&str| t.bytes().all(|b| b.is_ascii_digit());
        let numbers: Vec<&str> = tokens.iter().copied().filter(is_number).collect();
        if numbers.len() == tokens.len() {
            return Self::from_row_words(&numbers);
        }
        // Squares: `Square::parse_list` applies the one rule for commas; a plain number among
        // squares belongs to neither notation.
        let words: Vec<&str> = tokens.iter().copied().filter(|t| !is_number(t)).collect();
        let squares = Square::parse_list(&words.join(" "))?;
        if let Some(bad) = numbers.first() {
            return Err(ParseError::MixedNotation(crate::error::excerpt(bad)));
        }
        Self::from_squares(&squares)
    }

    /// Rows written as whole numbers from 1 to their count.
    fn from_row_words(words: &[&str]) -> Result<Placement, ParseError> {
        let n = words.len();
        let rows: Result<Vec<u32>, ParseError> = words
            .iter()
            .map(|s| match s.parse::<u64>() {
                Ok(r) if r >= 1 && r <= n as u64 => Ok((r - 1) as u32),
                _ => Err(ParseError::BadRow(crate::error::excerpt(s), n)),
            })
            .collect();
        Ok(Placement { rows: rows? })
    }

    /// The first two queens among `squares` that attack each other (the same rank, file or
    /// diagonal), in the order given; `None` when no two attack. Any number of queens anywhere
    /// on a board: the check of a partly filled board. Linear time (hash sets of the lines).
    pub fn first_attack(squares: &[Square]) -> Option<Conflict> {
        use std::collections::HashMap;
        let mut seen: [HashMap<i64, Square>; 4] = Default::default();
        for &b in squares {
            let (c, r) = (b.col as i64, b.row as i64);
            let lines = [
                (Line::Row, r),
                (Line::Column, c),
                (Line::Diagonal, c - r),
                (Line::AntiDiagonal, c + r),
            ];
            for (k, (line, key)) in lines.into_iter().enumerate() {
                if let Some(&a) = seen[k].get(&key) {
                    return Some(Conflict { a, b, line });
                }
                seen[k].insert(key, b);
            }
        }
        None
    }

    /// Every pair of queens among `squares` that attack each other (the same rank, file or
    /// diagonal), each once, as `a` (earlier in the order given) and `b`: all the attack lines
    /// of a board, where [`Placement::first_attack`] stops at the first. Quadratic in the
    /// number of squares, as the answer can be.
    pub fn all_attacks(squares: &[Square]) -> Vec<Conflict> {
        let mut attacks = Vec::new();
        for (j, &b) in squares.iter().enumerate() {
            for &a in &squares[..j] {
                if let Some(line) = a.queen_attack(b) {
                    attacks.push(Conflict { a, b, line });
                }
            }
        }
        attacks
    }

    /// A placement from N squares, one per column, in any order.
    pub fn from_squares(squares: &[Square]) -> Result<Placement, ParseError> {
        let n = squares.len();
        if n == 0 {
            return Err(ParseError::Empty);
        }
        let mut rows: Vec<Option<u32>> = vec![None; n];
        for &s in squares {
            if !s.on_board(n, n) {
                return Err(ParseError::OffBoard {
                    square: s.to_string(),
                    n,
                    last_file: file_name(n as u32 - 1),
                });
            }
            if let Some(r) = rows[s.col as usize] {
                return Err(ParseError::RepeatedColumn {
                    file: file_name(s.col),
                    first: Square::new(s.col, r).to_string(),
                    second: s.to_string(),
                });
            }
            rows[s.col as usize] = Some(s.row);
        }
        // n squares in n columns with no repeat: every column is filled.
        Ok(Placement {
            rows: rows
                .into_iter()
                .map(|r| r.expect("all columns filled"))
                .collect(),
        })
    }

    /// The first clash found by the arithmetic test (rows, t_i + i, t_i - i all distinct),
    /// scanning columns left to right; `None` means the placement is a solution.
    ///
    /// Linear time and 5N bits of memory: the scan marks rows, sums and differences in bit
    /// sets; only when a mark is already set does it look back for the earlier queen.
    pub fn first_conflict(&self) -> Option<Conflict> {
        let n = self.rows.len();
        let mut rows = BitSet::new(n);
        let mut sums = BitSet::new(2 * n);
        let mut diffs = BitSet::new(2 * n);
        for (c, &r) in self.rows.iter().enumerate() {
            let (r, sum, diff) = (r as usize, c + r as usize, c + n - r as usize);
            let line = if rows.test_and_set(r) {
                Line::Row
            } else if diffs.test_and_set(diff) {
                Line::Diagonal
            } else if sums.test_and_set(sum) {
                Line::AntiDiagonal
            } else {
                continue;
            };
            let b = Square::new(c as u32, r as u32);
            let a = self
                .squares()
                .take(c)
                .find(|&a| a.queen_attack(b) == Some(line));
            return Some(Conflict {
                a: a.expect("an earlier queen set the mark"),
                b,
                line,
            });
        }
        None
    }

    /// Whether no two queens attack each other.
    pub fn is_solution(&self) -> bool {
        self.first_conflict().is_none()
    }

    /// Whether the rows are a permutation (one queen in each row too).
    pub fn is_permutation(&self) -> bool {
        let mut seen = BitSet::new(self.rows.len());
        self.rows.iter().all(|&r| !seen.test_and_set(r as usize))
    }

    /// The permutation notation: `1 5 8 6 3 7 2 4`.
    pub fn perm(&self) -> String {
        let mut s = String::with_capacity(self.rows.len() * 3);
        for (i, r) in self.rows.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let _ = write!(s, "{}", r + 1);
        }
        s
    }

    /// The algebraic notation: `a1 b5 c8 d6 e3 f7 g2 h4`.
    pub fn algebraic(&self) -> String {
        let squares: Vec<String> = self.squares().map(|s| s.to_string()).collect();
        squares.join(" ")
    }

    /// A board diagram, rank N at the top, rank numbers on the left and files below.
    pub fn diagram(&self, style: DiagramStyle) -> String {
        let n = self.rows.len();
        let (queen, empty) = style.marks();
        let cell = file_name(n.saturating_sub(1) as u32).len();
        let label = n.to_string().len();
        let mut out = String::new();
        for row in (0..n).rev() {
            let _ = write!(out, "{:>label$}", row + 1);
            for col in 0..n {
                let mark = if self.rows[col] as usize == row {
                    queen
                } else {
                    empty
                };
                let _ = write!(out, " {mark:>cell$}");
            }
            out.push('\n');
        }
        let _ = write!(out, "{:>label$}", "");
        for col in 0..n {
            let _ = write!(out, " {:>cell$}", file_name(col as u32));
        }
        out.push('\n');
        out
    }
}

/// Why the ranks of a board diagram do not draw a placement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    /// A rank with another number of squares than the diagram has ranks.
    #[error("a rank of {marks} squares in a diagram of {ranks} ranks")]
    #[allow(missing_docs)] // named in the message; `index` counts from the top rank, from 0
    Width {
        index: usize,
        marks: usize,
        ranks: usize,
    },
    /// A rank whose label is not its number: the ranks run from N at the top down to 1.
    #[error("rank label '{label}' where rank {expected} is expected: a diagram's ranks run from {ranks} at the top down to 1")]
    #[allow(missing_docs)] // named in the message; `index` counts from the top rank, from 0
    RankLabel {
        index: usize,
        label: String,
        expected: usize,
        ranks: usize,
    },
    /// A line of file letters that does not name the files a, b, c, ... of the diagram.
    #[error("file letter '{letter}' where '{expected}' is expected: the files of a diagram of {ranks} ranks run {first_files} from the left")]
    #[allow(missing_docs)] // named in the message
    FileLetter {
        letter: String,
        expected: String,
        ranks: usize,
        first_files: String,
    },
    /// A line of file letters with more or fewer letters than the diagram has files.
    #[error("{letters} file letters under a diagram of {ranks} ranks: expected the {ranks} letters {first_files}")]
    #[allow(missing_docs)] // named in the message
    FileCount {
        letters: usize,
        ranks: usize,
        first_files: String,
    },
    /// The queens drawn are not a placement.
    #[error(transparent)]
    Placement(#[from] ParseError),
}

impl DiagramStyle {
    /// The marks of a queen and of an empty square.
    pub fn marks(self) -> (&'static str, &'static str) {
        match self {
            DiagramStyle::Ascii => ("Q", "."),
            DiagramStyle::Unicode => ("♛", "·"),
        }
    }
}

/// Reading back what [`Placement::diagram`] writes, in either style.
pub mod diagram {
    use super::{DiagramError, DiagramStyle, Placement};
    use crate::square::{file_name, Square};

    /// Whether `mark` is a square's mark of either style.
    fn is_mark(mark: &str) -> bool {
        [DiagramStyle::Ascii, DiagramStyle::Unicode]
            .iter()
            .any(|s| s.marks().0 == mark || s.marks().1 == mark)
    }

    /// Whether `line` is a rank of a diagram: its number, then one mark per file.
    pub fn is_rank(line: &str) -> bool {
        // Short-circuits on the second word: a line of a million rows is not split up.
        let mut words = line.split_whitespace();
        words
            .next()
            .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
            && words.next().is_some_and(is_mark)
            && words.all(is_mark)
    }

    /// Whether `line` is the line of file letters under a diagram.
    pub fn is_files(line: &str) -> bool {
        !line.is_empty()
            && line
                .split_whitespace()
                .all(|w| w.bytes().all(|b| b.is_ascii_lowercase()))
    }

    /// Checks a line of file letters (accepted by [`is_files`]) under a diagram of `ranks`
    /// ranks: it must name the files a, b, c, ... of the board, in order.
    ///
    /// ```
    /// use queens::placement::diagram;
    /// assert!(diagram::check_files("  a b c d", 4).is_ok());
    /// assert!(diagram::check_files("  a b d c", 4).is_err());
    /// assert!(diagram::check_files("  a b c", 4).is_err());
    /// ```
    pub fn check_files(line: &str, ranks: usize) -> Result<(), DiagramError> {
        let first_files = first_files(ranks);
        let letters = line.split_whitespace();
        let mut count = 0;
        for (col, letter) in letters.enumerate() {
            count += 1;
            if col >= ranks {
                continue;
            }
            let expected = file_name(col as u32);
            if letter != expected {
                return Err(DiagramError::FileLetter {
                    letter: crate::error::excerpt(letter),
                    expected,
                    ranks,
                    first_files,
                });
            }
        }
        if count != ranks {
            return Err(DiagramError::FileCount {
                letters: count,
                ranks,
                first_files,
            });
        }
        Ok(())
    }

    /// The files of a board of `n` files as a message names them: `a, b, c, d` or `a, b, ..., z, aa`.
    fn first_files(n: usize) -> String {
        let last = file_name(n.saturating_sub(1) as u32);
        match n {
            0..=4 => (0..n as u32).map(file_name).collect::<Vec<_>>().join(", "),
            _ => format!("a, b, ..., {last}"),
        }
    }

    /// The placement drawn by `ranks` (each accepted by [`is_rank`]), the top rank first. Each
    /// rank's label must be its number, N at the top down to 1 (a diagram is read by its
    /// labels' promise, not by position alone).
    ///
    /// ```
    /// use queens::placement::diagram;
    /// use queens::{DiagramStyle, Placement};
    /// let p = Placement::parse("2 4 1 3").unwrap();
    /// let text = p.diagram(DiagramStyle::Unicode);
    /// let ranks: Vec<&str> = text.lines().filter(|l| diagram::is_rank(l)).collect();
    /// assert_eq!(diagram::read(&ranks), Ok(p));
    /// assert!(diagram::read(&["1 . Q", "2 Q ."]).is_err()); // ranks 1 and 2 upside down
    /// ```
    pub fn read(ranks: &[&str]) -> Result<Placement, DiagramError> {
        let size = ranks.len();
        let mut squares = Vec::new();
        for (index, line) in ranks.iter().enumerate() {
            let mut words = line.split_whitespace();
            let label = words.next().unwrap_or("");
            let expected = size - index;
            if label != expected.to_string() {
                return Err(DiagramError::RankLabel {
                    index,
                    label: crate::error::excerpt(label),
                    expected,
                    ranks: size,
                });
            }
            let marks: Vec<&str> = words.collect();
            if marks.len() != size {
                return Err(DiagramError::Width {
                    index,
                    marks: marks.len(),
                    ranks: size,
                });
            }
            let row = (size - 1 - index) as u32;
            for (col, mark) in marks.iter().enumerate() {
                if [DiagramStyle::Ascii, DiagramStyle::Unicode]
                    .iter()
                    .any(|s| s.marks().0 == *mark)
                {
                    squares.push(Square::new(col as u32, row));
                }
            }
        }
        Ok(Placement::from_squares(&squares)?)
    }
}

/// A fixed-size bit set for the linear-time checks.
struct BitSet(Vec<u64>);

impl BitSet {
    fn new(bits: usize) -> Self {
        BitSet(vec![0; bits / 64 + 1])
    }

    /// Sets bit `i` and says whether it was set before.
    fn test_and_set(&mut self, i: usize) -> bool {
        let (w, b) = (i / 64, 1u64 << (i % 64));
        let was = self.0[w] & b != 0;
        self.0[w] |= b;
        was
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_attack_is_listed_once_and_said_in_words() {
        let squares = Square::parse_list("a1 c3 c8 g4 h1").unwrap();
        let all = Placement::all_attacks(&squares);
        let words: Vec<String> = all.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            words,
            [
                "a1 and c3 attack each other on a diagonal",
                "c3 and c8 attack each other on a column",
                "c8 and g4 attack each other on an anti-diagonal",
                "a1 and h1 attack each other on a row",
            ]
        );
        assert_eq!(Placement::first_attack(&squares), all.first().copied());
        assert!(Placement::all_attacks(&Square::parse_list("a2 b4 c1 d3").unwrap()).is_empty());
    }

    fn wirth() -> Placement {
        Placement::parse("1 5 8 6 3 7 2 4").unwrap()
    }

    #[test]
    fn both_notations_give_the_same_placement() {
        let p = wirth();
        assert_eq!(Placement::parse("a1 b5 c8 d6 e3 f7 g2 h4").unwrap(), p);
        assert_eq!(Placement::parse("h4,g2,f7,e3,d6,c8,b5,a1").unwrap(), p);
        assert_eq!(
            Placement::parse("1,1 2,5 3,8 4,6 5,3 6,7 7,2 8,4").unwrap(),
            p
        );
        // One rule for commas: they join a square's column and row, never a list of rows.
        for text in ["(1,5,8,6,3,7,2,4)", "1,1,3", "1,1 2"] {
            assert!(Placement::parse(text).is_err(), "{text}");
        }
        assert_eq!(
            Placement::parse("2,4,1,3"),
            Err(ParseError::CommaRows("2,4,1,3".into()))
        );
        assert_eq!(
            Placement::parse("1,1 2"),
            Err(ParseError::MixedNotation("2".into()))
        );
        assert_eq!(Placement::parse("(1 5 8 6 3 7 2 4)").unwrap(), p);
        assert_eq!(p.perm(), "1 5 8 6 3 7 2 4");
        assert_eq!(p.algebraic(), "a1 b5 c8 d6 e3 f7 g2 h4");
        assert!(p.is_solution());
    }

    #[test]
    fn partial_boards_name_the_first_attack() {
        let sq = |t: &str| Square::parse(t).unwrap();
        assert_eq!(
            Placement::first_attack(&[sq("a1"), sq("b3"), sq("c5")]),
            None
        );
        let c = Placement::first_attack(&[sq("a1"), sq("b3"), sq("a7")]).unwrap();
        assert_eq!((c.a, c.b, c.line), (sq("a1"), sq("a7"), Line::Column));
        let c = Placement::first_attack(&[sq("c8"), sq("a1"), sq("g4")]).unwrap();
        assert_eq!((c.a, c.b, c.line), (sq("c8"), sq("g4"), Line::AntiDiagonal));
        assert_eq!(Placement::first_attack(&[]), None);
    }

    #[test]
    fn bad_placements_are_parse_errors() {
        assert_eq!(Placement::parse("  "), Err(ParseError::Empty));
        assert!(matches!(
            Placement::parse("1 2 9"),
            Err(ParseError::BadRow(..))
        ));
        assert_eq!(
            Placement::parse("1 x 2"),
            Err(ParseError::BadSquare("x".into()))
        );
        assert_eq!(
            Placement::parse("2 4 1 3 x"),
            Err(ParseError::BadSquare("x".into()))
        );
        assert!(matches!(
            Placement::parse("a1 a2 c3"),
            Err(ParseError::RepeatedColumn { .. })
        ));
        assert!(matches!(
            Placement::parse("a1 d2 c3"),
            Err(ParseError::OffBoard { .. })
        ));
        assert!(matches!(
            Placement::parse("a1 b0"),
            Err(ParseError::BadSquare(_))
        ));
    }

    #[test]
    fn conflicts_name_the_queens_and_the_line() {
        let c = Placement::parse("1 5 8 6 3 7 4 2")
            .unwrap()
            .first_conflict()
            .unwrap();
        assert_eq!(
            (c.a.to_string(), c.b.to_string(), c.line),
            ("c8".into(), "g4".into(), Line::AntiDiagonal)
        );
        let c = Placement::parse("1 1 3").unwrap().first_conflict().unwrap();
        assert_eq!(c.line, Line::Row);
        let c = Placement::parse("1 2 4 3")
            .unwrap()
            .first_conflict()
            .unwrap();
        assert_eq!(
            (c.a, c.b, c.line),
            (Square::new(0, 0), Square::new(1, 1), Line::Diagonal)
        );
    }

    proptest::proptest! {
        /// The fast path for plain rows reads text exactly as the general parser does.
        #[test]
        fn plain_rows_parse_as_the_general_parser_does(
            text in "[0-9 \t\r\n]{0,12}|(0?[1-9]{1,2}[ \n]{1,2}){1,9}|[0-9]{18,22}( 1)?"
        ) {
            if let Some(fast) = Placement::parse_plain_rows(&text) {
                proptest::prop_assert_eq!(fast, Placement::parse_any(&text));
            }
        }
    }

    #[test]
    fn plain_rows_take_the_fast_path() {
        assert!(Placement::parse_plain_rows("2 4 1 3\n").is_some());
        assert!(Placement::parse_plain_rows("\t2\r\n4 1   3").is_some());
        assert!(Placement::parse_plain_rows("2,4,1,3").is_none());
        assert!(Placement::parse_plain_rows("  ").is_none());
        assert_eq!(
            Placement::parse("2 4 1 5"),
            Err(ParseError::BadRow("5".into(), 4))
        );
        assert_eq!(
            Placement::parse("1 99999999999999999999999 2"),
            Err(ParseError::BadRow("99999999999999999999999".into(), 3))
        );
        assert_eq!(
            Placement::parse("0 1"),
            Err(ParseError::BadRow("0".into(), 2))
        );
    }

    #[test]
    fn diagram_has_rank_n_on_top() {
        let d = Placement::parse("2 4 1 3")
            .unwrap()
            .diagram(DiagramStyle::Ascii);
        assert_eq!(d, "4 . Q . .\n3 . . . Q\n2 Q . . .\n1 . . Q .\n  a b c d\n");
    }
}
