//! Divide and conquer in linear time, after Parberry (1997, closed tours on n x n) and Lin & Wei
//! (2005, m x n boards): cut the board into blocks with sides from 5 to 13, take on every block a
//! tour that contains a few prescribed "structured" moves near its corners ([`blocks`]), and
//! join neighbouring tours two at a time: delete one prescribed move in each and add the two
//! knight's moves across the border that reconnect the ends, which turns two cycles into one
//! cycle, or a path and a cycle into one path.
//!
//! Blocks are joined along each row of blocks, left to right, at the bottom of their common
//! border: block A ends at column x, block B starts there, the bottom row is y, and the moves
//! (x-2, y)-(x-1, y+2) of A and (x, y+1)-(x+1, y+3) of B give way to (x-2, y)-(x, y+1) and
//! (x-1, y+2)-(x+1, y+3). The rows of blocks are then joined up the first column of blocks by
//! the same pattern turned a quarter (transposed). Every prescribed move is used by one join.
//!
//! Closed tours exist where Schwenk's theorem allows; here, on boards with both sides at least 5
//! (not both odd): one side is even, so at most one band of blocks has an odd side, and every
//! block has a closed tour. A closed tour, rotated, gives an open tour from any square. On a
//! board with both sides odd, the start's block is made odd by odd: its part of each side
//! is chosen around the start, it holds a path from the start (the start has the colour of a1,
//! so such a path exists), every other block a cycle, and the joins give one path.
//!
//! The tour is never stored as a graph: the neighbours of a square are those in its block's
//! cached tour, with at most four substitutions made by the joins, so a walk needs memory only
//! for the blocks' kinds and the output.

use super::blocks::{self, Adjacency, Spec, NONE};
use super::{Board, FindError, Tour};
use crate::control::Control;
use crate::error::Error;
use crate::square::Square;
use std::collections::HashMap;

/// Whether the construction applies: both sides at least 5.
pub fn applies(board: Board) -> bool {
    board.rows.min(board.cols) >= 5
}

/// Even parts from 8 to 14 that add up to an even `len` >= 8 (or `len` itself if 6, nothing
/// if 0): blocks with a side of 6 against a side of 5 lack some structured tours.
fn even_parts(mut len: usize) -> Vec<usize> {
    let mut parts = Vec::new();
    while len >= 16 {
        parts.push(8);
        len -= 8;
    }
    if len > 0 {
        parts.push(len);
    }
    parts
}

/// Parts of a side, and which of them (if any) is odd. With `around`, an odd side is cut so
/// that the odd part holds that coordinate; otherwise the odd part comes last.
fn cut(len: usize, around: Option<usize>) -> (Vec<usize>, Option<usize>) {
    if len.is_multiple_of(2) {
        return (even_parts(len), None);
    }
    let ok = |x: usize| x == 0 || x >= 8;
    let t = around.unwrap_or(len - 1);
    let smallest = if len == 5 { 5 } else { 7 };
    for b in (smallest..=len).step_by(2) {
        let lowest = (t + 1).saturating_sub(b);
        for a in (lowest..=t).rev().filter(|a| a % 2 == 0) {
            if a + b <= len && ok(a) && ok(len - a - b) {
                let mut parts = even_parts(a);
                let odd = parts.len();
                parts.push(b);
                parts.extend(even_parts(len - a - b));
                return (parts, Some(odd));
            }
        }
    }
    (vec![len], Some(0))
}

/// For each coordinate, its part and its offset in the part; and each part's first coordinate.
fn lookup(parts: &[usize]) -> (Vec<(u32, u16)>, Vec<usize>) {
    let mut table = Vec::with_capacity(parts.iter().sum());
    let mut starts = Vec::with_capacity(parts.len());
    for (p, &len) in parts.iter().enumerate() {
        starts.push(table.len());
        table.extend((0..len).map(|o| (p as u32, o as u16)));
    }
    (table, starts)
}

/// A board cut into blocks, with one cached tour per kind of block.
pub struct Construction {
    board: Board,
    start: Square,
    cols: Vec<(u32, u16)>,
    rows: Vec<(u32, u16)>,
    col_starts: Vec<usize>,
    row_starts: Vec<usize>,
    /// Per block (row of blocks, then column of blocks), its kind: an index into `kinds`.
    kind: Vec<u16>,
    kinds: Vec<Adjacency>,
    widths: Vec<u16>,
}

impl Construction {
    /// Cuts the board and finds its blocks (a closed tour if `closed` or if the board has an
    /// even number of squares; otherwise a path from `start`).
    pub fn new(board: Board, start: Square, closed: bool) -> Result<Construction, FindError> {
        if !applies(board) {
            return Err(FindError::Unsupported { board });
        }
        super::existence(board, start, closed)?;
        let path = board.square_count() % 2 == 1;
        let (around_c, around_r) = if path {
            (Some(start.col as usize), Some(start.row as usize))
        } else {
            (None, None)
        };
        let (col_parts, odd_c) = cut(board.cols, around_c);
        let (row_parts, odd_r) = cut(board.rows, around_r);
        let (cols, col_starts) = lookup(&col_parts);
        let (rows, row_starts) = lookup(&row_parts);
        let (nr, nc) = (row_parts.len(), col_parts.len());
        let mut seen: HashMap<Spec, u16> = HashMap::new();
        let mut kinds = Vec::new();
        let mut kind = Vec::with_capacity(nr * nc);
        for (bi, &h) in row_parts.iter().enumerate() {
            for (bj, &w) in col_parts.iter().enumerate() {
                let (w16, h16) = (w as u16, h as u16);
                let mut required = Vec::new();
                if bj + 1 < nc {
                    required.push(((w16 - 2, 0), (w16 - 1, 2)));
                }
                if bj > 0 {
                    required.push(((0, 1), (1, 3)));
                }
                if bj == 0 && bi + 1 < nr {
                    required.push(((0, h16 - 2), (2, h16 - 1)));
                }
                if bj == 0 && bi > 0 {
                    required.push(((1, 0), (3, 1)));
                }
                let start = (path && Some(bi) == odd_r && Some(bj) == odd_c).then(|| {
                    (
                        (start.col as usize - col_starts[bj]) as u16,
                        (start.row as usize - row_starts[bi]) as u16,
                    )
                });
                let spec = Spec {
                    w: w16,
                    h: h16,
                    start,
                    required,
                };
                let k = match seen.get(&spec) {
                    Some(&k) => k,
                    None => {
                        let adj = blocks::block(&spec).ok_or(FindError::Exhausted {
                            from: format!("a {w}x{h} block"),
                        })?;
                        kinds.push(adj);
                        seen.insert(spec, kinds.len() as u16 - 1);
                        kinds.len() as u16 - 1
                    }
                };
                kind.push(k);
            }
        }
        Ok(Construction {
            board,
            start,
            cols,
            rows,
            col_starts,
            row_starts,
            kind,
            kinds,
            widths: col_parts.iter().map(|&w| w as u16).collect(),
        })
    }

    /// The two neighbours of a square in the joined tour (`u32::MAX` for a path's end).
    fn neighbours(&self, s: (u32, u32)) -> [(u32, u32); 2] {
        const END: (u32, u32) = (u32::MAX, u32::MAX);
        let (bj, c) = self.cols[s.0 as usize];
        let (bi, r) = self.rows[s.1 as usize];
        let (bi, bj) = (bi as usize, bj as usize);
        let nc = self.widths.len();
        let w = self.widths[bj];
        let (x0, y0) = (self.col_starts[bj] as u32, self.row_starts[bi] as u32);
        let adj =
            &self.kinds[self.kind[bi * nc + bj] as usize][r as usize * w as usize + c as usize];
        let mut out = adj.map(|l| {
            if l == NONE {
                END
            } else {
                (x0 + (l % w) as u32, y0 + (l / w) as u32)
            }
        });
        let mut swap = |old: (u32, u32), new: (u32, u32)| {
            for o in out.iter_mut() {
                if *o == old {
                    *o = new;
                }
            }
        };
        let (c, r) = (c as u32, r as u32);
        let x1 = x0 + w as u32; // the first column right of this block
        if bj + 1 < nc {
            if (c, r) == (w as u32 - 2, 0) {
                swap((x1 - 1, y0 + 2), (x1, y0 + 1));
            } else if (c, r) == (w as u32 - 1, 2) {
                swap((x1 - 2, y0), (x1 + 1, y0 + 3));
            }
        }
        if bj > 0 {
            if (c, r) == (0, 1) {
                swap((x0 + 1, y0 + 3), (x0 - 2, y0));
            } else if (c, r) == (1, 3) {
                swap((x0, y0 + 1), (x0 - 1, y0 + 2));
            }
        }
        if bj == 0 {
            let nr = self.row_starts.len();
            let y1 = self
                .row_starts
                .get(bi + 1)
                .copied()
                .unwrap_or(self.rows.len()) as u32;
            let h = y1 - y0;
            if bi + 1 < nr {
                if (c, r) == (0, h - 2) {
                    swap((x0 + 2, y1 - 1), (x0 + 1, y1));
                } else if (c, r) == (2, h - 1) {
                    swap((x0, y1 - 2), (x0 + 3, y1 + 1));
                }
            }
            if bi > 0 {
                if (c, r) == (1, 0) {
                    swap((x0 + 3, y0 + 1), (x0, y0 - 2));
                } else if (c, r) == (3, 1) {
                    swap((x0 + 1, y0), (x0 + 2, y0 - 1));
                }
            }
        }
        out
    }

    /// The squares of the tour in order, from the start, as they are walked.
    pub fn walk(&self) -> impl Iterator<Item = Square> + '_ {
        let first = (self.start.col, self.start.row);
        let total = self.board.square_count();
        let mut prev = (u32::MAX, u32::MAX);
        let mut cur = first;
        (0..total).map(move |_| {
            let here = cur;
            let [a, b] = self.neighbours(here);
            let next = if a != prev && a.0 != u32::MAX { a } else { b };
            prev = here;
            cur = next;
            Square::new(here.0, here.1)
        })
    }
}

/// A tour from `start` (closed if asked) in linear time; both sides at least 5.
pub fn tour(
    board: Board,
    start: Square,
    closed: bool,
    control: &Control,
) -> Result<Option<Tour>, FindError> {
    let c = Construction::new(board, start, closed)?;
    let mut path = Vec::with_capacity(board.square_count());
    for (k, s) in c.walk().enumerate() {
        if k & 0xFF_FFFF == 0 && control.is_cancelled() {
            return Err(FindError::Stopped(Error::Cancelled));
        }
        path.push(board.index(s));
    }
    Ok(Some(Tour::from_indices(board, path)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_cut_into_blocks_of_5_to_15() {
        for len in 5..300 {
            for t in 0..len {
                let (parts, odd) = cut(len, Some(t));
                assert_eq!(parts.iter().sum::<usize>(), len);
                assert!(
                    parts.iter().all(|&p| (5..=15).contains(&p)),
                    "{len} {t} {parts:?}"
                );
                assert_eq!(odd.is_some(), len % 2 == 1);
                if let Some(o) = odd {
                    let a: usize = parts[..o].iter().sum();
                    assert!(a <= t && t < a + parts[o]);
                    assert!(parts.iter().enumerate().all(|(i, p)| i == o || p % 2 == 0));
                }
            }
        }
    }

    fn check(board: Board, start: Square, closed: bool) {
        let t = tour(board, start, closed, &Control::new())
            .unwrap_or_else(|e| panic!("{board} from {start}: {e}"))
            .expect("a tour");
        assert_eq!(t.start(), start, "{board}");
        assert_eq!(t.len(), board.square_count());
        if closed {
            assert!(t.is_closed(), "{board} from {start}");
        }
    }

    #[test]
    fn every_square_board_from_5_to_60_from_every_admissible_square() {
        for n in 5..=60 {
            let board = Board::new(n, n);
            for row in 0..n as u32 {
                for col in 0..n as u32 {
                    let s = Square::new(col, row);
                    if super::super::existence(board, s, false).is_ok() {
                        check(board, s, false);
                    }
                    if n % 2 == 0 {
                        check(board, s, true);
                    }
                }
            }
        }
    }

    #[test]
    fn rectangles_open_and_closed() {
        for rows in 5..=24 {
            for cols in 5..=24 {
                let board = Board::new(rows, cols);
                for s in [
                    Square::new(0, 0),
                    Square::new(cols as u32 / 2, rows as u32 / 2),
                ] {
                    for closed in [false, true] {
                        if super::super::existence(board, s, closed).is_ok() {
                            check(board, s, closed);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_million_squares_from_a_corner_and_the_centre() {
        let board = Board::new(1000, 1000);
        check(board, Square::new(0, 0), false);
        check(board, Square::new(500, 500), true);
        let odd = Board::new(1001, 999);
        check(odd, Square::new(500, 498), false);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Any board with sides from 5 to 40, any start: a valid tour from there (closed when
        /// asked and possible), which reads back from its grid and its move list.
        #[test]
        fn any_board_any_start(rows in 5usize..=40, cols in 5usize..=40, c in 0u32..40, r in 0u32..40, closed: bool) {
            let board = Board::new(rows, cols);
            let start = Square::new(c % cols as u32, r % rows as u32);
            proptest::prop_assume!(super::super::existence(board, start, closed).is_ok());
            let t = tour(board, start, closed, &Control::new()).unwrap().unwrap();
            proptest::prop_assert_eq!(t.start(), start);
            proptest::prop_assert!(!closed || t.is_closed());
            proptest::prop_assert_eq!(&Tour::parse(&t.grid()).unwrap(), &t);
            let moves: Vec<String> = t.squares().map(|s| s.to_string()).collect();
            proptest::prop_assert_eq!(&Tour::parse(&moves.join(" ")).unwrap(), &t);
        }
    }
}
