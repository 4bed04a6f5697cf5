//! Reading a tour back from any of the output formats of `queens tour`: JSON
//! (`{"rows":M,"cols":N,"path":[[col,row],...]}`, 1-based), Wirth's grid of move numbers (rank M
//! on the first line) or a move list (`a1 b3 ...`, or `col,row` squares; the board is the
//! smallest that holds every square).

use super::{Board, ParseTourError, Tour};
use crate::square::Square;

#[derive(serde::Deserialize)]
struct JsonTour {
    rows: usize,
    cols: usize,
    path: Vec<[u32; 2]>,
}

pub(super) fn parse(text: &str) -> Result<Tour, ParseTourError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseTourError::Empty);
    }
    if text.starts_with('{') {
        return json(text);
    }
    let is_number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if text.split_whitespace().all(is_number) {
        grid(text)
    } else {
        moves(text)
    }
}

fn json(text: &str) -> Result<Tour, ParseTourError> {
    let t: JsonTour =
        serde_json::from_str(text).map_err(|e| ParseTourError::Json(e.to_string()))?;
    let board = Board::new(t.rows, t.cols);
    if !board.is_supported() {
        return Err(ParseTourError::Json(format!("unsupported board {board}")));
    }
    let mut squares = Vec::with_capacity(t.path.len());
    for [c, r] in t.path {
        if c == 0 || r == 0 {
            return Err(ParseTourError::Json(format!(
                "square [{c},{r}]: columns and rows count from 1"
            )));
        }
        let s = Square::new(c - 1, r - 1);
        if !s.on_board(t.cols, t.rows) {
            return Err(ParseTourError::Json(format!(
                "square [{c},{r}] is off the {board} board"
            )));
        }
        squares.push(s);
    }
    if squares.len() != board.square_count() {
        return Err(ParseTourError::Json(format!(
            "\"path\" holds {} squares but the {board} board has {}: a tour visits every square",
            squares.len(),
            board.square_count()
        )));
    }
    Ok(Tour::new(board, &squares)?)
}

fn grid(text: &str) -> Result<Tour, ParseTourError> {
    let lines: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let (rows, cols) = (lines.len(), lines[0].len());
    if let Some((i, l)) = lines.iter().enumerate().find(|(_, l)| l.len() != cols) {
        return Err(ParseTourError::Grid(format!(
            "line {} has {} numbers, the first has {cols}",
            i + 1,
            l.len()
        )));
    }
    let board = Board::new(rows, cols);
    let total = rows * cols;
    let mut path = vec![u32::MAX; total];
    for (i, line) in lines.iter().enumerate() {
        let row = rows - 1 - i;
        for (col, word) in line.iter().enumerate() {
            let s = Square::new(col as u32, row as u32);
            let k = match word.parse::<u64>() {
                Ok(k) if k >= 1 && k <= total as u64 => k,
                _ => {
                    return Err(ParseTourError::Grid(format!(
                        "{s} holds {}: move numbers run from 1 to {total}",
                        crate::error::excerpt(word)
                    )))
                }
            };
            let slot = &mut path[k as usize - 1];
            if *slot != u32::MAX {
                return Err(ParseTourError::Grid(format!(
                    "move {k} is on both {} and {s}",
                    board.square(*slot)
                )));
            }
            *slot = board.index(s);
        }
    }
    Ok(Tour::from_indices(board, path)?)
}

/// The squares of a move list (`a1 b3 ...`, `1,1 2,3 ...`, `a1,b3,...`: the one rule for
/// commas of [`Square::parse_list`]), or of a JSON tour's path; the board is not checked.
pub(super) fn squares(text: &str) -> Result<Vec<Square>, ParseTourError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseTourError::Empty);
    }
    if text.starts_with('{') {
        let t: JsonTour =
            serde_json::from_str(text).map_err(|e| ParseTourError::Json(e.to_string()))?;
        return t
            .path
            .into_iter()
            .map(|[c, r]| match (c, r) {
                (1.., 1..) => Ok(Square::new(c - 1, r - 1)),
                _ => Err(ParseTourError::Json(format!(
                    "square [{c},{r}]: columns and rows count from 1"
                ))),
            })
            .collect();
    }
    Square::parse_list(text).map_err(|e| match e {
        crate::ParseError::BadSquare(token) => ParseTourError::BadSquare(token),
        other => ParseTourError::Square(other),
    })
}

fn moves(text: &str) -> Result<Tour, ParseTourError> {
    let squares = squares(text)?;
    let cols = squares
        .iter()
        .map(|s| s.col as usize + 1)
        .max()
        .unwrap_or(0);
    let rows = squares
        .iter()
        .map(|s| s.row as usize + 1)
        .max()
        .unwrap_or(0);
    let board = Board::new(rows, cols);
    if !board.is_supported() {
        return Err(ParseTourError::Empty);
    }
    Ok(Tour::new(board, &squares)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: &str = " 1 16 7\n 8  3 2\n";

    #[test]
    fn every_format_reads_back() {
        // A 3x4 open tour, in all three formats.
        let moves = "a1 c2 a3 b1 d2 b3 c1 a2 c3 d1 b2 d3";
        let t = parse(moves).unwrap();
        assert_eq!(t.board(), Board::new(3, 4));
        assert_eq!(parse(&t.grid()).unwrap(), t);
        let json = format!(
            "{{\"rows\":3,\"cols\":4,\"closed\":false,\"path\":[{}]}}",
            t.squares()
                .map(|s| format!("[{},{}]", s.col + 1, s.row + 1))
                .collect::<Vec<_>>()
                .join(",")
        );
        assert_eq!(parse(&json).unwrap(), t);
        let numeric: Vec<String> = t.squares().map(|s| s.numeric()).collect();
        assert_eq!(parse(&numeric.join(" ")).unwrap(), t);
        assert_eq!(parse(&moves.replace(' ', ",")).unwrap(), t);
    }

    #[test]
    fn faults_are_named() {
        assert!(matches!(parse("  "), Err(ParseTourError::Empty)));
        assert!(matches!(parse(GRID), Err(ParseTourError::Grid(_))));
        assert!(matches!(parse("1 2\n3"), Err(ParseTourError::Grid(_))));
        assert!(matches!(parse("a1 zz"), Err(ParseTourError::BadSquare(_))));
        assert!(matches!(
            parse("{\"rows\":3}"),
            Err(ParseTourError::Json(_))
        ));
        assert!(matches!(
            parse("a1 c2 a3 b1 d2 b3 c1 a2 c3 d1 d3 b2"),
            Err(ParseTourError::Invalid(_))
        ));
    }
}
