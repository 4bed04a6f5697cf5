//! The writer of the three tour formats, beside their reader ([`super::Tour::parse`] reads all
//! three back): the squares in order (`a1 b3 c5 ...`), JSON
//! (`{"rows":M,"cols":N,"closed":false,"path":[[col,row],...]}`, 1-based) and Wirth's table
//! (the move number on every square, the top rank first, numbers right-aligned).
//!
//! Each writer fills a buffer with [`crate::decimal`] and hands it to the writer in blocks of
//! 64 KiB, so a tour of a million squares streams in constant memory as it is walked.

use super::{Board, Tour};
use crate::decimal::push_decimal;
use crate::square::file_name;
use crate::Square;
use std::io::{self, Write};

/// A buffer is handed on when it holds this many bytes.
const BLOCK: usize = 1 << 16;

/// The squares in order, separated by spaces, and a newline.
pub fn moves(
    out: &mut impl Write,
    board: Board,
    squares: impl Iterator<Item = Square>,
) -> io::Result<()> {
    let names: Vec<String> = (0..board.cols as u32).map(file_name).collect();
    let mut buf = Vec::with_capacity(BLOCK);
    for (k, s) in squares.enumerate() {
        if k > 0 {
            buf.push(b' ');
        }
        buf.extend_from_slice(names[s.col as usize].as_bytes());
        push_decimal(&mut buf, s.row + 1);
        spill(out, &mut buf)?;
    }
    buf.push(b'\n');
    out.write_all(&buf)
}

/// The tour as one JSON line: the board, whether it is closed, and the squares as 1-based
/// `[col,row]` pairs.
pub fn json(
    out: &mut impl Write,
    board: Board,
    squares: impl Iterator<Item = Square>,
    closed: bool,
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(BLOCK);
    let head = format!(
        "{{\"rows\":{},\"cols\":{},\"closed\":{closed},\"path\":[",
        board.rows, board.cols
    );
    buf.extend_from_slice(head.as_bytes());
    for (k, s) in squares.enumerate() {
        if k > 0 {
            buf.push(b',');
        }
        buf.push(b'[');
        push_decimal(&mut buf, s.col + 1);
        buf.push(b',');
        push_decimal(&mut buf, s.row + 1);
        buf.push(b']');
        spill(out, &mut buf)?;
    }
    buf.extend_from_slice(b"]}\n");
    out.write_all(&buf)
}

/// The most squares Wirth's table is written for: it holds the move number of every square
/// (4 bytes each, 400 MB at this bound) before it writes its first line, the top rank.
pub const MAX_GRID_SQUARES: usize = 100_000_000;

/// Wirth's table: one line per rank, the top rank first, each square's move number
/// right-aligned to the width of the largest.
pub fn grid(out: &mut impl Write, t: &Tour) -> io::Result<()> {
    grid_numbers(out, t.board(), &t.numbers())
}

/// The move number of every square (by index) of the tour walked by `squares`, checked as the
/// tour is walked: every square of the board once, each a knight's move from the one before.
/// The path itself is not kept: 4 bytes a square.
pub fn numbers(
    board: Board,
    squares: impl Iterator<Item = Square>,
) -> Result<Vec<u32>, super::TourError> {
    let n = board.square_count();
    let mut numbers = vec![0u32; n];
    let mut last: Option<Square> = None;
    let mut len = 0usize;
    for s in squares {
        if !board.contains(s) {
            return Err(super::TourError::OffBoard {
                board,
                square: s.to_string(),
            });
        }
        if len == n {
            return Err(super::TourError::WrongLength {
                board,
                got: len + 1,
                want: n,
            });
        }
        let i = board.index(s) as usize;
        if numbers[i] != 0 {
            return Err(super::TourError::Repeated {
                square: s.to_string(),
                first: numbers[i] as usize,
                second: len + 1,
            });
        }
        if let Some(prev) = last.filter(|&p| !super::knight_move(p, s)) {
            return Err(super::TourError::NotAKnightMove {
                step: len,
                from: prev.to_string(),
                to: s.to_string(),
            });
        }
        len += 1;
        numbers[i] = len as u32;
        last = Some(s);
    }
    if len != n {
        return Err(super::TourError::WrongLength {
            board,
            got: len,
            want: n,
        });
    }
    Ok(numbers)
}

/// Wirth's table of the move numbers of every square (by index).
pub fn grid_numbers(out: &mut impl Write, b: Board, numbers: &[u32]) -> io::Result<()> {
    let width = b.square_count().to_string().len();
    let mut buf = Vec::with_capacity(BLOCK);
    for row in (0..b.rows).rev() {
        for col in 0..b.cols {
            let v = numbers[row * b.cols + col];
            if col > 0 {
                buf.push(b' ');
            }
            buf.resize(buf.len() + width - v.to_string().len(), b' ');
            push_decimal(&mut buf, v);
        }
        buf.push(b'\n');
        spill(out, &mut buf)?;
    }
    out.write_all(&buf)
}

/// Hands a full buffer on and empties it.
fn spill(out: &mut impl Write, buf: &mut Vec<u8>) -> io::Result<()> {
    if buf.len() >= BLOCK {
        out.write_all(buf)?;
        buf.clear();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        write(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Each format written is read back as the same tour.
    #[test]
    fn every_format_reads_back() {
        let board = Board::parse("5").unwrap();
        let start = Square { col: 0, row: 0 };
        let control = crate::control::Control::new();
        let found = super::super::find(
            board,
            start,
            false,
            super::super::Method::Warnsdorff,
            &control,
        );
        let tour = found.expect("5x5 has an open tour from a1").tour;
        let all = [
            text(|o| moves(o, board, tour.squares())),
            text(|o| json(o, board, tour.squares(), tour.is_closed())),
            text(|o| grid(o, &tour)),
        ];
        assert!(all[0].starts_with("a1 "), "{}", all[0]);
        assert!(all[1].starts_with("{\"rows\":5,\"cols\":5,\"closed\":false,\"path\":[[1,1],"));
        assert_eq!(all[2].lines().count(), 5);
        assert_eq!(numbers(board, tour.squares()).unwrap(), tour.numbers());
        let short = numbers(board, tour.squares().take(24));
        assert!(matches!(
            short,
            Err(super::super::TourError::WrongLength { .. })
        ));
        let twice = numbers(board, tour.squares().take(24).chain(tour.squares().take(1)));
        assert!(matches!(
            twice,
            Err(super::super::TourError::Repeated { .. })
        ));
        for written in &all {
            let back = Tour::parse(written).unwrap();
            assert_eq!(
                back.squares().collect::<Vec<_>>(),
                tour.squares().collect::<Vec<_>>()
            );
        }
    }
}
