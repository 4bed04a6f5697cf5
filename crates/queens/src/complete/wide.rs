//! Complete search for boards of any size: counts of free squares per line, kept up to date.
//!
//! The same rule as the bit-parallel engine (Haralick and Elliott's fail-first with forward
//! checking): branch on the free row or column with the fewest free squares, so an empty line
//! fails at once and a line with one square left is filled without choice. For boards too wide
//! for machine words the engine keeps, for every row and column, the number of its squares that
//! no queen attacks and no excluded diagonal covers. Placing a queen closes four lines; closing
//! a line walks its squares and takes each still-free one off the counts of its row and column,
//! so a placement costs O(N) and reopening walks the same squares back. The squares of the chosen
//! line are tried in a random order (fixed by N): in order, the early rows and columns crowd the
//! queens into one corner's diagonals and large boards backtrack far more. The search runs on an
//! explicit stack, so boards of tens of thousands of queens need no deep recursion.

use super::{Instance, Visit};
use crate::control::{Control, Finds};
use crate::error::Error;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Row,
    Column,
    Sum,
    Difference,
}

/// The board: closed lines and the free-square counts of rows and columns.
struct Board {
    n: usize,
    row_closed: Vec<bool>,
    col_closed: Vec<bool>,
    /// Index `col + row`.
    sum_closed: Vec<bool>,
    /// Index `col - row + n - 1`.
    diff_closed: Vec<bool>,
    row_free: Vec<u32>,
    col_free: Vec<u32>,
    queens: Vec<u32>,
}

impl Board {
    fn is_free(&self, c: usize, r: usize) -> bool {
        !self.row_closed[r]
            && !self.col_closed[c]
            && !self.sum_closed[c + r]
            && !self.diff_closed[c + self.n - 1 - r]
    }

    /// The squares of a line, by rising column (a column: by rising row).
    fn squares(&self, kind: Kind, i: usize) -> impl Iterator<Item = (usize, usize)> {
        let n = self.n;
        let (lo, len) = match kind {
            Kind::Row | Kind::Column => (0, n),
            Kind::Sum | Kind::Difference => {
                let lo = i.saturating_sub(n - 1);
                (lo, i.min(n - 1) + 1 - lo)
            }
        };
        (lo..lo + len).map(move |t| match kind {
            Kind::Row => (t, i),
            Kind::Column => (i, t),
            Kind::Sum => (t, i - t),
            Kind::Difference => (t, t + n - 1 - i),
        })
    }

    fn closed(&mut self, kind: Kind, i: usize) -> &mut bool {
        match kind {
            Kind::Row => &mut self.row_closed[i],
            Kind::Column => &mut self.col_closed[i],
            Kind::Sum => &mut self.sum_closed[i],
            Kind::Difference => &mut self.diff_closed[i],
        }
    }

    /// Closes a line: its free squares leave the counts.
    fn close(&mut self, kind: Kind, i: usize) {
        for (c, r) in self.squares(kind, i) {
            if self.is_free(c, r) {
                self.col_free[c] -= 1;
                self.row_free[r] -= 1;
            }
        }
        *self.closed(kind, i) = true;
    }

    /// Reopens a line closed last among those crossing it: the inverse of `close`.
    fn reopen(&mut self, kind: Kind, i: usize) {
        *self.closed(kind, i) = false;
        for (c, r) in self.squares(kind, i) {
            if self.is_free(c, r) {
                self.col_free[c] += 1;
                self.row_free[r] += 1;
            }
        }
    }

    fn place(&mut self, c: usize, r: usize) {
        self.queens[c] = r as u32;
        self.close(Kind::Row, r);
        self.close(Kind::Column, c);
        self.close(Kind::Sum, c + r);
        self.close(Kind::Difference, c + self.n - 1 - r);
    }

    fn remove(&mut self, c: usize, r: usize) {
        self.reopen(Kind::Difference, c + self.n - 1 - r);
        self.reopen(Kind::Sum, c + r);
        self.reopen(Kind::Column, c);
        self.reopen(Kind::Row, r);
    }

    /// The open row or column with the fewest free squares: (count, is a column, index).
    fn most_constrained(&self) -> (u32, bool, usize) {
        let mut best = (u32::MAX, true, 0);
        for (c, &k) in self.col_free.iter().enumerate() {
            if k < best.0 && !self.col_closed[c] {
                best = (k, true, c);
                if k <= 1 {
                    return best;
                }
            }
        }
        for (r, &k) in self.row_free.iter().enumerate() {
            if k < best.0 && !self.row_closed[r] {
                best = (k, false, r);
                if k <= 1 {
                    return best;
                }
            }
        }
        best
    }
}

/// One choice point: the free squares of a line, as (col, row), and the next one to try.
struct Frame {
    start: usize,
    end: usize,
    next: usize,
    placed: Option<(usize, usize)>,
}

/// Runs the search, calling `visit` with the rows of each completion until it returns false.
/// Returns the number of nodes visited.
pub(crate) fn search(instance: &Instance, control: &Control, visit: Visit) -> Result<u64, Error> {
    let n = instance.n();
    let mut b = Board {
        n,
        row_closed: vec![false; n],
        col_closed: vec![false; n],
        sum_closed: vec![false; 2 * n - 1],
        diff_closed: vec![false; 2 * n - 1],
        row_free: vec![n as u32; n],
        col_free: vec![n as u32; n],
        queens: vec![0; n],
    };
    for s in instance.sum_indices() {
        b.close(Kind::Sum, s);
    }
    for d in instance.difference_indices() {
        b.close(Kind::Difference, d);
    }
    for q in instance.presets() {
        b.place(q.col as usize, q.row as usize);
    }
    // Completions found, reported to `control` every 256 nodes and when the search ends.
    let mut finds = Finds::new(control);
    let mut left = n - instance.presets().len();
    if left == 0 {
        finds.one();
        visit(&b.queens);
        return Ok(0);
    }
    let mut squares: Vec<(usize, usize)> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut nodes = 1u64;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(n as u64);
    // Pushes the choice point of the most constrained line, unless some line is empty.
    let mut branch = |b: &Board, squares: &mut Vec<(usize, usize)>, stack: &mut Vec<Frame>| {
        let (k, is_column, i) = b.most_constrained();
        if k == 0 {
            return false;
        }
        let start = squares.len();
        let kind = if is_column { Kind::Column } else { Kind::Row };
        squares.extend(b.squares(kind, i).filter(|&(c, r)| b.is_free(c, r)));
        for j in (start + 1..squares.len()).rev() {
            squares.swap(j, rng.random_range(start..=j));
        }
        stack.push(Frame {
            start,
            end: squares.len(),
            next: start,
            placed: None,
        });
        true
    };
    if branch(&b, &mut squares, &mut stack) {
        control.set_total(squares.len() as u64);
    }
    loop {
        let depth = stack.len();
        let Some(top) = stack.last_mut() else { break };
        if let Some((c, r)) = top.placed.take() {
            b.remove(c, r);
            left += 1;
            if depth == 1 {
                control.advance(1);
            }
        }
        if top.next == top.end {
            squares.truncate(top.start);
            stack.pop();
            continue;
        }
        let (c, r) = squares[top.next];
        top.next += 1;
        top.placed = Some((c, r));
        b.place(c, r);
        left -= 1;
        nodes += 1;
        if nodes & 0xff == 0 {
            finds.report();
            if control.is_cancelled() {
                return Err(Error::Cancelled);
            }
        }
        if left == 0 {
            finds.one();
            if !visit(&b.queens) {
                return Ok(nodes);
            }
            continue;
        }
        branch(&b, &mut squares, &mut stack);
    }
    Ok(nodes)
}
