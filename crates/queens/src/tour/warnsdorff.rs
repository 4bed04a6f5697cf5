//! Warnsdorff's rule (1823): always move to the square with the fewest onward moves, ties
//! broken by Roth's rule (the square farthest from the centre of the board, then the order of
//! [`KNIGHT`](super::KNIGHT)). The rule alone can run into a dead end; here it only orders the
//! candidates of a depth-first search, which backtracks when stuck, so it finds a tour wherever
//! one exists (the search is exhaustive) and, on most boards, without a single step back.
//!
//! Two cheap prunings: an unvisited neighbour of the current square with no other unvisited
//! neighbour must be the next and last square; for a closed tour the start must keep an
//! unvisited neighbour (the square that will close the tour) until the end.

use super::{Board, Tour, KNIGHT};
use crate::control::Control;
use crate::error::Error;
use crate::square::Square;

/// The outcome of a search with its statistics.
#[derive(Clone, Debug)]
pub struct Search {
    /// The tour found, or `None` when the exhaustive search ended without one.
    pub tour: Option<Tour>,
    /// Squares placed (moves made, counting those undone).
    pub placed: u64,
    /// Steps back.
    pub backtracks: u64,
}

struct Frame {
    square: u32,
    candidates: [u32; 8],
    len: u8,
    next: u8,
}

/// Finds a tour from `from` (closed if asked). Cancellation is checked every 2^20 moves.
pub fn search(
    board: Board,
    from: Square,
    closed: bool,
    control: &Control,
) -> Result<Search, Error> {
    let (rows, cols) = (board.rows as i64, board.cols as i64);
    let total = board.square_count();
    let neighbours = |i: u32| {
        let (c, r) = ((i as i64) % cols, (i as i64) / cols);
        KNIGHT.iter().filter_map(move |&(dc, dr)| {
            let (c2, r2) = (c + dc as i64, r + dr as i64);
            (c2 >= 0 && r2 >= 0 && c2 < cols && r2 < rows).then_some((r2 * cols + c2) as u32)
        })
    };
    // Roth: squared distance from the centre, in doubled coordinates.
    let far = |i: u32| {
        let (c, r) = ((i as i64) % cols, (i as i64) / cols);
        let (dc, dr) = (2 * c - (cols - 1), 2 * r - (rows - 1));
        dc * dc + dr * dr
    };
    let mut visited = vec![false; total];
    let mut degree: Vec<u8> = (0..total as u32)
        .map(|i| neighbours(i).count() as u8)
        .collect();
    let start = board.index(from);
    let mut stats = Search {
        tour: None,
        placed: 1,
        backtracks: 0,
    };
    let visit = |i: u32, visited: &mut Vec<bool>, degree: &mut Vec<u8>| {
        visited[i as usize] = true;
        for q in neighbours(i) {
            degree[q as usize] -= 1;
        }
    };
    let unvisit = |i: u32, visited: &mut Vec<bool>, degree: &mut Vec<u8>| {
        visited[i as usize] = false;
        for q in neighbours(i) {
            degree[q as usize] += 1;
        }
    };
    // The candidates from `s`, best first; none when a neighbour would be stranded.
    let candidates = |s: u32, placed: usize, visited: &[bool], degree: &[u8]| -> Frame {
        let mut frame = Frame {
            square: s,
            candidates: [0; 8],
            len: 0,
            next: 0,
        };
        let remaining = total - placed;
        if closed && remaining > 0 && degree[start as usize] == 0 {
            return frame;
        }
        let mut keyed: [(u8, i64, u32); 8] = [(0, 0, 0); 8];
        let mut n = 0;
        for q in neighbours(s) {
            if !visited[q as usize] {
                let d = degree[q as usize];
                if d == 0 && remaining > 1 {
                    return frame; // q could be reached only now, and would end the tour early
                }
                keyed[n] = (d, -far(q), q);
                n += 1;
            }
        }
        keyed[..n].sort_unstable_by_key(|&(d, f, _)| (d, f));
        for (k, &(_, _, q)) in keyed[..n].iter().enumerate() {
            frame.candidates[k] = q;
        }
        frame.len = n as u8;
        frame
    };
    let closes = |i: u32| {
        let (a, b) = (board.square(i), from);
        super::knight_move(a, b)
    };
    visit(start, &mut visited, &mut degree);
    let mut stack = vec![candidates(start, 1, &visited, &degree)];
    let mut path = vec![start];
    let done = |path: &Vec<u32>| path.len() == total && (!closed || closes(path[total - 1]));
    if total == 1 {
        stats.tour = Tour::from_indices(board, path).ok();
        return Ok(stats);
    }
    while let Some(top) = stack.last_mut() {
        if top.next == top.len {
            let s = top.square;
            stack.pop();
            if s != start {
                unvisit(s, &mut visited, &mut degree);
                path.pop();
                stats.backtracks += 1;
            }
            continue;
        }
        let q = top.candidates[top.next as usize];
        top.next += 1;
        stats.placed += 1;
        if stats.placed & 0xF_FFFF == 0 && control.is_cancelled() {
            return Err(Error::Cancelled);
        }
        visit(q, &mut visited, &mut degree);
        path.push(q);
        if path.len() == total {
            if done(&path) {
                stats.tour = Tour::from_indices(board, path).ok();
                return Ok(stats);
            }
            unvisit(q, &mut visited, &mut degree);
            path.pop();
            continue;
        }
        let frame = candidates(q, path.len(), &visited, &degree);
        stack.push(frame);
    }
    Ok(stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_open_and_closed_tours() {
        for n in 5..=12 {
            let board = Board::new(n, n);
            let t = search(board, Square::new(0, 0), false, &Control::new()).unwrap();
            let t = t.tour.expect("open tour");
            assert_eq!(t.start(), Square::new(0, 0));
            if n % 2 == 0 {
                let c = search(board, Square::new(1, 2), true, &Control::new()).unwrap();
                assert!(c.tour.expect("closed tour").is_closed());
            }
        }
    }

    #[test]
    fn the_search_is_exhaustive() {
        // 3x4 has open tours but none from b2 (the search must end, not loop).
        let board = Board::new(3, 3);
        let s = search(board, Square::new(0, 0), false, &Control::new()).unwrap();
        assert!(s.tour.is_none());
    }
}
