//! Complete search for boards up to 64 wide: bit sets of free lines, most constrained line first.
//!
//! The board is five bit sets: free rows, free columns, free sum diagonals (col + row) and the
//! free difference diagonals twice (indexed by row - col and by col - row), so that the free
//! squares of any column or row come out of three shifts and two ANDs, as in the bit-parallel
//! backtrackers (Somers; the "shiftqueens" program of Gent, Jefferson and Nightingale 2017).
//! Unlike those, which fill the columns left to right, every node looks at all free columns
//! AND rows and branches on the line with the fewest free squares (Haralick and Elliott's
//! fail-first rule, with forward checking): a line with no square left fails the node at once,
//! a line with one square left (a forced row or column) is filled without choice. The squares of
//! that line are tried least constraining first: the one whose crossing line (the row of a
//! square in a column, and so on) keeps the most free squares. Every queen still to place needs
//! a sum diagonal and a difference diagonal of its own, and the sum (and difference) diagonals
//! of the queens to place add up to a known total (the free rows and columns fix it); a node
//! fails when the free diagonals can no longer meet either need.

use super::{Instance, Visit};
use crate::control::{Control, Finds};
use crate::error::Error;

/// The widest board this engine takes.
pub const MAX_N: usize = 64;

#[derive(Clone, Copy)]
struct Board {
    rows: u64,
    cols: u64,
    /// Bit `col + row`.
    sums: u128,
    /// Bit `row - col + n - 1`.
    ups: u128,
    /// Bit `col - row + n - 1`.
    downs: u128,
}

struct Search<'a> {
    n: usize,
    control: &'a Control,
    visit: Visit<'a>,
    /// Completions found and not yet reported to `control`: reported every 4096 nodes and
    /// when the search ends.
    finds: Finds<'a>,
    queens: [u32; MAX_N],
    nodes: u64,
    top: u32,
    /// Whether to order the squares of a line (worth it when one completion is wanted).
    ordered: bool,
}

/// Runs the search, calling `visit` with the rows of each completion until it returns false.
/// Returns the number of nodes visited.
pub(crate) fn search(instance: &Instance, control: &Control, visit: Visit) -> Result<u64, Error> {
    run(instance, control, visit, true)
}

/// The same search with the squares of each line in plain order: the same completions, found
/// in another order, at less cost per node (for counting).
pub(crate) fn search_unordered(
    instance: &Instance,
    control: &Control,
    visit: Visit,
) -> Result<u64, Error> {
    run(instance, control, visit, false)
}

fn run(instance: &Instance, control: &Control, visit: Visit, ordered: bool) -> Result<u64, Error> {
    let n = instance.n();
    assert!(n <= MAX_N, "the bitboard engine takes N up to {MAX_N}");
    let lines = (1u128 << (2 * n - 1)) - 1;
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut board = Board {
        rows: full,
        cols: full,
        sums: lines,
        ups: lines,
        downs: lines,
    };
    for s in instance.sum_indices() {
        board.sums &= !(1u128 << s);
    }
    for d in instance.difference_indices() {
        board.downs &= !(1u128 << d);
        board.ups &= !(1u128 << (2 * n - 2 - d));
    }
    let mut s = Search {
        n,
        control,
        visit,
        finds: Finds::new(control),
        queens: [0; MAX_N],
        nodes: 0,
        top: (n - instance.presets().len()) as u32,
        ordered,
    };
    for q in instance.presets() {
        board = s.place(board, q.col as usize, q.row as usize);
    }
    s.node(board, s.top)?;
    Ok(s.nodes)
}

impl Search<'_> {
    fn place(&mut self, b: Board, c: usize, r: usize) -> Board {
        let n = self.n;
        self.queens[c] = r as u32;
        Board {
            rows: b.rows & !(1 << r),
            cols: b.cols & !(1 << c),
            sums: b.sums & !(1 << (c + r)),
            ups: b.ups & !(1 << (r + n - 1 - c)),
            downs: b.downs & !(1 << (c + n - 1 - r)),
        }
    }

    /// The free rows of column `c`.
    fn column(&self, b: &Board, c: usize) -> u64 {
        b.rows & (b.sums >> c) as u64 & (b.ups >> (self.n - 1 - c)) as u64
    }

    /// The free columns of row `r`.
    fn row(&self, b: &Board, r: usize) -> u64 {
        b.cols & (b.sums >> r) as u64 & (b.downs >> (self.n - 1 - r)) as u64
    }

    /// Searches below `b` with `left` queens to place; `Ok(false)` when the visitor stopped.
    fn node(&mut self, b: Board, left: u32) -> Result<bool, Error> {
        if left == 0 {
            self.finds.one();
            return Ok((self.visit)(&self.queens[..self.n]));
        }
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            self.finds.report();
            if self.control.is_cancelled() {
                return Err(Error::Cancelled);
            }
        }
        // The most constrained line: (number of free squares, is a column, index, squares).
        let mut best = (u32::MAX, true, 0, 0u64);
        let (mut sums, mut ups) = (0u128, 0u128);
        let mut cols = b.cols;
        while cols != 0 {
            let c = cols.trailing_zeros() as usize;
            cols &= cols - 1;
            let free = self.column(&b, c);
            let k = free.count_ones();
            if k < best.0 {
                if k == 0 {
                    return Ok(true);
                }
                best = (k, true, c, free);
            }
            sums |= (free as u128) << c;
            ups |= ((free as u128) << (self.n - 1)) >> c;
        }
        if sums.count_ones() < left || ups.count_ones() < left {
            return Ok(true);
        }
        let (col_total, row_total) = (index_total(b.cols), index_total(b.rows));
        if !reachable(sums, left, col_total + row_total)
            || !reachable(
                ups,
                left,
                row_total + left as u64 * (self.n as u64 - 1) - col_total,
            )
        {
            return Ok(true);
        }
        if best.0 > 1 {
            let mut rows = b.rows;
            while rows != 0 {
                let r = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                let free = self.row(&b, r);
                let k = free.count_ones();
                if k < best.0 {
                    if k == 0 {
                        return Ok(true);
                    }
                    best = (k, false, r, free);
                }
            }
        }
        if left == self.top {
            self.control.set_total(best.0 as u64);
        }
        let (k, is_column, line, mut free) = best;
        // Least constraining first: squares whose crossing line has the most free squares.
        let mut order = [(0u32, 0usize); MAX_N];
        let mut m = 0;
        while free != 0 {
            let x = free.trailing_zeros() as usize;
            free &= free - 1;
            let score = if !self.ordered {
                0
            } else if is_column {
                u32::MAX - self.row(&b, x).count_ones()
            } else {
                u32::MAX - self.column(&b, x).count_ones()
            };
            order[m] = (score, x);
            m += 1;
        }
        debug_assert_eq!(m as u32, k);
        if self.ordered {
            order[..m].sort_unstable();
        }
        for &(_, x) in &order[..m] {
            let (c, r) = if is_column { (line, x) } else { (x, line) };
            let child = self.place(b, c, r);
            if !self.node(child, left - 1)? {
                return Ok(false);
            }
            if left == self.top {
                self.control.advance(1);
            }
        }
        Ok(true)
    }
}

/// The sum of the indices of the set bits.
fn index_total(set: u64) -> u64 {
    let mut total = 0;
    let mut s = set;
    while s != 0 {
        total += s.trailing_zeros() as u64;
        s &= s - 1;
    }
    total
}

/// Whether `k` distinct indices of `set` may add up to `total`: it lies between the sum of the
/// `k` smallest and the sum of the `k` largest.
fn reachable(set: u128, k: u32, total: u64) -> bool {
    let (mut low, mut high) = (0u64, 0u64);
    let (mut lo_set, mut hi_set) = (set, set);
    for _ in 0..k {
        low += lo_set.trailing_zeros() as u64;
        lo_set &= lo_set - 1;
        let top = 127 - hi_set.leading_zeros();
        high += top as u64;
        hi_set &= !(1u128 << top);
    }
    low <= total && total <= high
}
