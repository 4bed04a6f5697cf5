//! Warnsdorff's rule (1823): always move to the square with the fewest onward moves, ties
//! broken by Roth's rule (the square farthest from the centre of the board, then the order of
//! [`KNIGHT`](crate::square::KNIGHT)). The rule alone can run into a dead end; here it only orders the
//! candidates of a depth-first search, which backtracks when stuck, so it finds a tour wherever
//! one exists (the search is exhaustive) and, on most boards, without a single step back.
//!
//! Prunings, all exact: the rest of the tour is a path through every unvisited square, so an
//! unvisited square with no unvisited neighbour can only be entered now and last, and one with
//! a single unvisited neighbour must be the end of the tour: two such squares end the branch.
//! For a closed tour the start must keep an unvisited neighbour (the square that will close the
//! tour). On thin boards (3 or 4 rows) of at most [`CONNECTED_UP_TO`] squares, and on any board
//! of at most 1,024, the unvisited squares must also stay connected: the knight easily cuts a
//! thin board in two. On thin boards the ties go to the squares nearest the start's end of the
//! board (a sweep) rather than to Roth's, and on 4-row boards the outer rows, which only
//! neighbour the inner ones, must fit in the rest of the tour. Thin boards remain hard for this
//! search all the same: open 3 x n from a corner is quick (3 x 1000: 247 steps back), but 4 x 30
//! and closed 3 x 20 take longer than anyone will wait.
//!
//! The search can tell each step as it takes it ([`search_with`], for
//! [`super::step::trace`]): the moves made with their rank, onward moves and ties, the moves
//! the prunings refuse and why, the steps back; the plain [`search`] tells none.

use super::step::{Choice, Event, Reason, Watch};
use super::{Board, Tour, Work};
use crate::control::Control;
use crate::error::Error;
use crate::square::Square;
use crate::square::KNIGHT;
use std::ops::ControlFlow;

/// Boards up to this many squares get the connectivity test (a breadth-first search a move).
pub const CONNECTED_UP_TO: usize = 20_000;

const NONE: u32 = u32::MAX;

/// The outcome of a search with its statistics.
#[derive(Clone, Debug)]
pub struct Search {
    /// The tour found, or `None` when the exhaustive search ended without one.
    pub tour: Option<Tour>,
    /// Squares placed (moves made, counting those undone), the start included.
    pub placed: u64,
    /// Moves tried: the candidates taken from the rule's order, made or refused.
    pub tried: u64,
    /// Steps back.
    pub backtracks: u64,
}

impl Search {
    /// The work counted so far.
    pub fn work(&self) -> Work {
        Work {
            placed: self.placed,
            tried: self.tried,
            backtracks: self.backtracks,
        }
    }
}

struct Frame {
    square: u32,
    /// The square that must end the tour, if any.
    end: u32,
    /// Squares left with one way in: each must end the tour unless entered now.
    forced: [u32; 2],
    candidates: [u32; 8],
    len: u8,
    next: u8,
}

/// The state of the search: the board, the squares visited and the onward degrees of the
/// others, and what the prunings keep.
struct Walk {
    board: Board,
    from: Square,
    closed: bool,
    total: usize,
    start: u32,
    visited: Vec<bool>,
    degree: Vec<u8>,
    /// Thin boards: ties to the squares nearest the start's end (a sweep), not to Roth's.
    sweep: bool,
    /// The connectivity test's marks (empty: no test), its epoch and its queue.
    seen: Vec<u32>,
    epoch: u32,
    queue: Vec<u32>,
    /// 4-row boards: the outer squares not yet visited.
    four: bool,
    outer_left: usize,
}

impl Walk {
    fn new(board: Board, from: Square, closed: bool) -> Walk {
        let total = board.square_count();
        let thin = board.rows.min(board.cols) <= 4 && total <= CONNECTED_UP_TO;
        let mut walk = Walk {
            board,
            from,
            closed,
            total,
            start: board.index(from),
            visited: vec![false; total],
            degree: Vec::new(),
            sweep: board.rows.min(board.cols) <= 4,
            seen: vec![0u32; if thin || total <= 1024 { total } else { 0 }],
            epoch: 0,
            queue: Vec::new(),
            four: board.rows.min(board.cols) == 4,
            outer_left: 0,
        };
        walk.degree = (0..total as u32)
            .map(|i| walk.neighbours(i).count() as u8)
            .collect();
        walk.outer_left = (0..total as u32).filter(|&i| walk.outer(i)).count();
        walk
    }

    /// The squares a knight's move from square `i`.
    fn neighbours(&self, i: u32) -> impl Iterator<Item = u32> {
        let (rows, cols) = (self.board.rows as i64, self.board.cols as i64);
        let (c, r) = ((i as i64) % cols, (i as i64) / cols);
        KNIGHT.iter().filter_map(move |&(dc, dr)| {
            let (c2, r2) = (c + dc as i64, r + dr as i64);
            (c2 >= 0 && r2 >= 0 && c2 < cols && r2 < rows).then_some((r2 * cols + c2) as u32)
        })
    }

    /// Roth: squared distance from the centre, in doubled coordinates. On thin boards, the
    /// squares nearest the start's end of the long side first, so that none are left behind.
    fn far(&self, i: u32) -> i64 {
        let (rows, cols) = (self.board.rows as i64, self.board.cols as i64);
        let (c, r) = ((i as i64) % cols, (i as i64) / cols);
        if self.sweep {
            let (along, from_along) = if cols >= rows {
                (c, self.from.col as i64)
            } else {
                (r, self.from.row as i64)
            };
            return -(along - from_along).abs();
        }
        let (dc, dr) = (2 * c - (cols - 1), 2 * r - (rows - 1));
        dc * dc + dr * dr
    }

    /// On 4-row boards, whether square `i` is on an outer row.
    fn outer(&self, i: u32) -> bool {
        let (rows, cols) = (self.board.rows as i64, self.board.cols as i64);
        let (c, r) = ((i as i64) % cols, (i as i64) / cols);
        let across = if rows == 4 { r } else { c };
        self.four && (across == 0 || across == 3)
    }

    /// Visits square `i` (or leaves it, `on` false), keeping the degrees and the outer count.
    fn mark(&mut self, i: u32, on: bool) {
        self.visited[i as usize] = on;
        for q in self.neighbours(i) {
            if on {
                self.degree[q as usize] -= 1;
            } else {
                self.degree[q as usize] += 1;
            }
        }
        if on {
            self.outer_left -= self.outer(i) as usize;
        } else {
            self.outer_left += self.outer(i) as usize;
        }
    }

    /// The candidates from `s`, best first; none when the branch is dead.
    fn candidates(&self, s: u32, end: u32, placed: usize) -> Frame {
        let mut frame = Frame {
            square: s,
            end,
            forced: [NONE, NONE],
            candidates: [0; 8],
            len: 0,
            next: 0,
        };
        let remaining = self.total - placed;
        if self.closed && remaining > 0 && self.degree[self.start as usize] == 0 {
            return frame;
        }
        let mut keyed: [(u8, i64, u32); 8] = [(0, 0, 0); 8];
        let mut n = 0;
        for q in self.neighbours(s) {
            if self.visited[q as usize] {
                continue;
            }
            let d = self.degree[q as usize];
            if d == 0 && remaining > 1 {
                return frame; // q could be entered only now, and would end the tour early
            }
            if d == 1 && remaining > 1 && q != end {
                // Left now, q keeps one way in: it must end the tour.
                if frame.forced[0] == NONE {
                    frame.forced[0] = q;
                } else if frame.forced[1] == NONE && end == NONE {
                    frame.forced[1] = q;
                } else {
                    return frame;
                }
            }
            keyed[n] = (d, -self.far(q), q);
            n += 1;
        }
        keyed[..n].sort_unstable_by_key(|&(d, f, _)| (d, f));
        for (k, &(_, _, q)) in keyed[..n].iter().enumerate() {
            frame.candidates[k] = q;
        }
        frame.len = n as u8;
        frame
    }

    /// Whether the unvisited squares are reachable from `s` through unvisited squares.
    fn connected(&mut self, s: u32, unvisited: usize) -> bool {
        if self.seen.is_empty() {
            return true;
        }
        self.epoch += 1;
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        queue.push(s);
        self.seen[s as usize] = self.epoch;
        let mut reached = 0;
        while let Some(i) = queue.pop() {
            for q in self.neighbours(i) {
                if !self.visited[q as usize] && self.seen[q as usize] != self.epoch {
                    self.seen[q as usize] = self.epoch;
                    reached += 1;
                    queue.push(q);
                }
            }
        }
        self.queue = queue;
        reached == unvisited
    }

    /// On 4-row boards the outer rows only neighbour the inner ones: two outer squares are
    /// never consecutive, so the rest of the tour (`unvisited` squares after `head`) holds at
    /// most ceil(L / 2) of them, floor(L / 2) if `head` is outer.
    fn room(&self, head: u32, unvisited: usize) -> bool {
        let most = if self.outer(head) {
            unvisited / 2
        } else {
            unvisited.div_ceil(2)
        };
        self.outer_left <= most
    }

    /// Whether a path ending on `i` closes into a tour.
    fn closes(&self, i: u32) -> bool {
        super::knight_move(self.board.square(i), self.from)
    }
}

/// The end of the tour once `q` is entered from `top`, or why the move is no use: entering
/// the end early, or leaving two squares that must each end the tour.
fn end_after(top: &Frame, q: u32, remaining: usize) -> Result<u32, Reason> {
    if remaining > 1 && q == top.end {
        return Err(Reason::EndsEarly);
    }
    let mut ends = [top.end, top.forced[0], top.forced[1]]
        .into_iter()
        .filter(|&e| e != NONE && e != q);
    let end = ends.next().unwrap_or(NONE);
    match ends.next() {
        Some(_) => Err(Reason::TwoEnds),
        None => Ok(end),
    }
}

impl Frame {
    /// How candidate `q`, the `rank`-th of this frame, was chosen: its onward moves and the
    /// candidates with as many (the walk is as it was when the frame was made).
    fn choice(&self, walk: &Walk, rank: u8, q: u32) -> Choice {
        let onward = walk.degree[q as usize];
        let ties = self.candidates[..self.len as usize]
            .iter()
            .filter(|&&c| walk.degree[c as usize] == onward)
            .count() as u8;
        Choice::Warnsdorff { rank, onward, ties }
    }
}

/// Finds a tour from `from` (closed if asked). Cancellation is checked every 2^20 moves.
pub fn search(
    board: Board,
    from: Square,
    closed: bool,
    control: &Control,
) -> Result<Search, Error> {
    search_with(board, from, closed, control, &mut ())
}

/// [`search`], telling each step to `watch`. A `Break` from the watch ends the search there,
/// with no tour.
pub fn search_with<W: Watch>(
    board: Board,
    from: Square,
    closed: bool,
    control: &Control,
    watch: &mut W,
) -> Result<Search, Error> {
    let mut walk = Walk::new(board, from, closed);
    let (start, total) = (walk.start, walk.total);
    let square = |i: u32| board.square(i);
    let mut stats = Search {
        tour: None,
        placed: 1,
        tried: 0,
        backtracks: 0,
    };
    walk.mark(start, true);
    let mut path = vec![start];
    if W::TELLS && watch.tell(Event::Start(from), stats.work()).is_break() {
        return Ok(stats);
    }
    if total == 1 {
        return Ok(found(board, path, stats, watch));
    }
    let mut stack = vec![walk.candidates(start, NONE, 1)];
    while let Some(top) = stack.last_mut() {
        if top.next == top.len {
            let s = top.square;
            stack.pop();
            if s != start {
                walk.mark(s, false);
                path.pop();
                stats.backtracks += 1;
                if W::TELLS {
                    let (from, i) = (path[path.len() - 1], path.len() as u32 + 1);
                    let undo = Event::Undo {
                        from: square(from),
                        to: square(s),
                        i,
                    };
                    if watch.tell(undo, stats.work()).is_break() {
                        return Ok(stats);
                    }
                }
            }
            continue;
        }
        let q = top.candidates[top.next as usize];
        top.next += 1;
        stats.tried += 1;
        let (s, i) = (top.square, path.len() as u32 + 1);
        // Told only when tracing (None otherwise): the walk as the frame saw it.
        let choice = W::TELLS.then(|| top.choice(&walk, top.next, q));
        let refuse = |reason: Reason, stats: &Search, watch: &mut W| match choice {
            Some(choice) => {
                let (c, r) = (q as i64 % board.cols as i64, q as i64 / board.cols as i64);
                let event = Event::Reject {
                    from: square(s),
                    to: (c, r),
                    i,
                    choice,
                    reason,
                };
                watch.tell(event, stats.work())
            }
            None => ControlFlow::Continue(()),
        };
        let end = match end_after(top, q, total - path.len()) {
            Ok(end) => end,
            Err(reason) => {
                if refuse(reason, &stats, watch).is_break() {
                    return Ok(stats);
                }
                continue;
            }
        };
        stats.placed += 1;
        if stats.placed & 0xF_FFFF == 0 && control.is_cancelled() {
            return Err(Error::Cancelled);
        }
        walk.mark(q, true);
        path.push(q);
        let unvisited = total - path.len();
        let complete = unvisited == 0 && (!closed || walk.closes(q));
        let refused = if complete {
            None
        } else if unvisited == 0 {
            Some(Reason::Open)
        } else if !walk.room(q, unvisited) {
            Some(Reason::OuterRows)
        } else if !walk.connected(q, unvisited) {
            Some(Reason::Split)
        } else {
            None
        };
        if let Some(reason) = refused {
            walk.mark(q, false);
            path.pop();
            if refuse(reason, &stats, watch).is_break() {
                return Ok(stats);
            }
            continue;
        }
        if let Some(choice) = choice {
            let event = Event::Move {
                from: square(s),
                to: square(q),
                i,
                choice,
            };
            if watch.tell(event, stats.work()).is_break() {
                return Ok(stats);
            }
        }
        if complete {
            return Ok(found(board, path, stats, watch));
        }
        stack.push(walk.candidates(q, end, path.len()));
    }
    Ok(stats)
}

/// The search's end with a tour: its path checked, told to `watch`.
fn found<W: Watch>(board: Board, path: Vec<u32>, mut stats: Search, watch: &mut W) -> Search {
    stats.tour = Tour::from_indices(board, path).ok();
    if W::TELLS {
        if let Some(tour) = &stats.tour {
            let _ = watch.tell(Event::Tour(tour), stats.work());
        }
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tour(rows: usize, cols: usize, from: Square, closed: bool) -> Option<Tour> {
        search(Board::new(rows, cols), from, closed, &Control::new())
            .unwrap()
            .tour
    }

    #[test]
    fn finds_open_and_closed_tours() {
        for n in 5..=12 {
            let t = tour(n, n, Square::new(0, 0), false).expect("open tour");
            assert_eq!(t.start(), Square::new(0, 0));
            if n % 2 == 0 {
                let c = tour(n, n, Square::new(1, 2), true).expect("closed tour");
                assert!(c.is_closed() && c.start() == Square::new(1, 2));
            }
        }
    }

    #[test]
    fn thin_boards() {
        for cols in [4, 7, 8, 12, 30, 100] {
            assert!(
                tour(3, cols, Square::new(0, 0), false).is_some(),
                "3x{cols}"
            );
        }
        for cols in [5, 6, 9] {
            assert!(
                tour(4, cols, Square::new(0, 0), false).is_some(),
                "4x{cols}"
            );
        }
        for cols in [10, 12] {
            assert!(tour(3, cols, Square::new(0, 0), true)
                .expect("closed")
                .is_closed());
        }
    }

    #[test]
    fn the_search_is_exhaustive() {
        // 3x4 has open tours, but none from b2; 3x3 has none at all.
        assert!(tour(3, 4, Square::new(1, 1), false).is_none());
        assert!(tour(3, 4, Square::new(0, 0), false).is_some());
        assert!(tour(3, 3, Square::new(0, 0), false).is_none());
    }
}
