//! The bit-set backtracker: rows and diagonals as "resources" held in machine words.
//!
//! Sources: the Oracle SQL program of seed 001 ("the board has four kinds of resources:
//! columns, rows and the two kinds of diagonals; each queen consumes one of each"; its `bitand`
//! tests) and the C program beside it, which keeps the attacked squares of the next lines as
//! bits. Column by column, three words say which rows of the column are consumed: `taken`
//! (rows), `up` (up-going diagonals) and `down` (down-going ones); the free rows are
//! `!(taken | up | down)`, one word operation that tests the whole column at once (counted as
//! one safety test). The queen takes the lowest free row first, so the solutions come in
//! lexicographic order. The node type is the library counter's
//! ([`crate::count::bits::Node`]); unlike that counter, this one reports every step and
//! counts its work.

use super::{attacker, Search, Step};
use super::{Event, Stats};
use crate::count::bits::Node;
use crate::placement::Placement;
use crate::square::{Line, Square};
use std::ops::ControlFlow;

/// The largest N (rows are the bits of a 32-bit word).
pub const MAX_N: usize = crate::count::bits::MAX_N;

pub(crate) fn search<F: FnMut(&Event, &Stats) -> ControlFlow<()>>(
    n: usize,
    s: &mut Search<F>,
) -> Step {
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut rows = vec![0u32; n];
    s.control().set_total(n as u64);
    s.node();
    let empty = Node {
        taken: 0,
        up: 0,
        down: 0,
    };
    fill(0, empty, full, &mut rows, s)
}

fn fill<F: FnMut(&Event, &Stats) -> ControlFlow<()>>(
    col: usize,
    node: Node,
    full: u32,
    rows: &mut [u32],
    s: &mut Search<F>,
) -> Step {
    if col == rows.len() {
        return s.solution(&Placement::from_rows_unchecked(rows.to_vec()), false);
    }
    s.tests(1)?;
    let mut free = full & !(node.taken | node.up | node.down);
    // Rows below `next` have been dealt with (for the trace of rejected squares).
    let mut next = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        let row = bit.trailing_zeros();
        if s.tracing() {
            reject_rows(col, next..row, node, rows, s)?;
            next = row + 1;
        }
        let square = Square::new(col as u32, row);
        rows[col] = row;
        s.place(square)?;
        fill(col + 1, node.place(bit), full, rows, s)?;
        s.remove(square)?;
        if col == 0 {
            s.control().advance(1);
        }
    }
    if s.tracing() {
        reject_rows(col, next..rows.len() as u32, node, rows, s)?;
    }
    Ok(())
}

/// Reports the squares of rows `range` in column `col` as rejected, with the mask that says so.
fn reject_rows<F: FnMut(&Event, &Stats) -> ControlFlow<()>>(
    col: usize,
    range: std::ops::Range<u32>,
    node: Node,
    rows: &[u32],
    s: &mut Search<F>,
) -> Step {
    for row in range {
        let bit = 1u32 << row;
        let line = if node.taken & bit != 0 {
            Line::Row
        } else if node.up & bit != 0 {
            Line::Diagonal
        } else {
            Line::AntiDiagonal
        };
        let square = Square::new(col as u32, row);
        s.reject(square, line, || {
            attacker(rows[..col].iter().copied(), square, line)
        })?;
    }
    Ok(())
}
