//! A counter with the queens of the four sides of the board placed first, one search per
//! symmetry class of these "constellations", weighted by the size of the class.
//!
//! The idea is the border pre-placement of the Q27 project (Preusser and Engelhardt, FPGA count
//! of a(27), 2016) and of NQueensFAF's "constellations". Every solution has exactly one queen on
//! each side of the board: column a (rank `a`), the last column (rank `b`), the bottom row (file
//! `x`) and the top row (file `y`); a corner queen sits on two sides, so a constellation is a
//! set of 3 or 4 squares. A symmetry of the board maps the solutions with constellation C onto
//! those with constellation g(C), so the total is the sum, over one constellation per class,
//! of (size of its class) x (number of its completions). Only about one eighth of the
//! constellations are searched, and each search is narrow from its first column on, because the
//! four side queens already block their ranks and diagonals in every column.
//!
//! The search. The side queens' attacks are folded into one mask of forbidden ranks per inner
//! column (a column that holds a side queen admits only that queen's rank). The inner columns,
//! b to the one before the last, are then filled by Somers' bit trick with an explicit stack;
//! the last inner column has at most one free rank left, so it is a test, not a loop. A
//! [`SubProblem`] is a constellation plus the ranks of the queens of the next few columns:
//! [`subproblems`] lists them, [`count_subproblem`] counts one, and the weighted counts add up
//! to the exact total.
//!
//! Measured, it is slower than [`super::dihedral`] (BENCHMARKS.md, "Counting"): the early
//! pruning does not pay for searching a partial placement once per compatible constellation.

use crate::control::Control;
use crate::count::bits::{full_mask, Node};
use crate::count::bits::{Bits, Stack};
use crate::error::Error;
use crate::square::Square;
use crate::symmetry::Symmetry;
use rayon::prelude::*;
use serde::Serialize;

/// The largest N (ranks are the bits of a 32-bit word).
pub const MAX_N: usize = 32;

/// The longest prefix of inner columns a sub-problem can hold.
pub const MAX_PREFIX: usize = 8;

/// One independent piece of the count: a constellation and the ranks of the queens in the
/// next inner columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SubProblem {
    n: u8,
    /// Rank of the column-a queen, rank of the last-column queen, file of the bottom-row queen,
    /// file of the top-row queen (0-based).
    sides: [u8; 4],
    /// The size of the constellation's symmetry class: 1, 2, 4 or 8.
    weight: u8,
    len: u8,
    prefix: [u8; MAX_PREFIX],
}

impl SubProblem {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// The queens on the sides of the board (3 when one is in a corner), sorted.
    pub fn constellation(&self) -> Vec<Square> {
        constellation(self.n(), self.sides)
    }

    /// How many constellations this one stands for (the size of its symmetry class).
    pub fn weight(&self) -> u64 {
        self.weight as u64
    }

    /// The 0-based ranks of the queens of columns b, c, ... fixed by the sub-problem.
    pub fn prefix(&self) -> &[u8] {
        &self.prefix[..self.len as usize]
    }

    /// The sub-problem with one more queen, on the rank `bit`, in the next inner column.
    fn then(mut self, bit: u32) -> SubProblem {
        self.prefix[self.len as usize] = bit.trailing_zeros() as u8;
        self.len += 1;
        self
    }
}

/// The side queens, deduplicated and sorted.
fn constellation(n: usize, [a, b, x, y]: [u8; 4]) -> Vec<Square> {
    let m = n as u32 - 1;
    let mut squares = vec![
        Square::new(0, a as u32),
        Square::new(m, b as u32),
        Square::new(x as u32, 0),
        Square::new(y as u32, m),
    ];
    squares.sort();
    squares.dedup();
    squares
}

/// The size of the symmetry class of a valid constellation if it is the least of its class
/// (by sorted squares), else `None`.
fn canonical_weight(n: usize, squares: &[Square]) -> Option<u8> {
    let mut fixed = 0;
    for g in Symmetry::ALL {
        let mut image: Vec<Square> = squares.iter().map(|&s| g.apply_square(s, n)).collect();
        image.sort();
        match image.as_slice().cmp(squares) {
            std::cmp::Ordering::Less => return None,
            std::cmp::Ordering::Equal => fixed += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    Some(8 / fixed)
}

/// The canonical constellations of an `n` board (`n` >= 2), as sub-problems with no prefix.
pub fn constellations(n: usize) -> Vec<SubProblem> {
    assert!((2..=MAX_N).contains(&n), "N = {n} out of range");
    let mut out = Vec::new();
    let n8 = n as u8;
    for a in 0..n8 {
        for b in 0..n8 {
            for x in 0..n8 {
                for y in 0..n8 {
                    let sides = [a, b, x, y];
                    let squares = constellation(n, sides);
                    // A corner queen stands for two sides; any other coincidence is a conflict.
                    let valid = squares.iter().enumerate().all(|(i, &s)| {
                        squares[i + 1..]
                            .iter()
                            .all(|&t| s.queen_attack(t).is_none())
                    });
                    if !valid {
                        continue;
                    }
                    if let Some(weight) = canonical_weight(n, &squares) {
                        out.push(SubProblem {
                            n: n8,
                            sides,
                            weight,
                            len: 0,
                            prefix: [0; MAX_PREFIX],
                        });
                    }
                }
            }
        }
    }
    out
}

/// Forbidden ranks in each column: the side queens' ranks and diagonals; a column holding a
/// side queen admits that queen's rank only.
fn forbidden(n: usize, squares: &[Square]) -> [u32; MAX_N] {
    let full = full_mask(n);
    let mut forbid = [0u32; MAX_N];
    for (j, f) in forbid.iter_mut().enumerate().take(n) {
        for q in squares {
            let (col, row) = (q.col as usize, q.row as usize);
            if col == j {
                *f |= full & !(1 << row);
                continue;
            }
            let dist = col.abs_diff(j);
            *f |= 1 << row;
            if row + dist < n {
                *f |= 1 << (row + dist);
            }
            if dist <= row {
                *f |= 1 << (row - dist);
            }
        }
    }
    forbid
}

/// The prefix length [`count_total`] uses for `n`: none up to 18 (the constellations alone are
/// thousands of sub-problems), then more as the board grows.
pub fn default_depth(n: usize) -> usize {
    match n {
        0..=18 => 0,
        19..=23 => 1,
        _ => 2,
    }
}

/// The sub-problems for `n` (2 to [`MAX_N`]): each canonical constellation extended by the
/// queens of `depth` inner columns (at most [`MAX_PREFIX`], and fewer than N - 3).
pub fn subproblems(n: usize, depth: usize) -> Vec<SubProblem> {
    let depth = depth.min(MAX_PREFIX).min(n.saturating_sub(3));
    let full = full_mask(n);
    let mut out = Vec::new();
    for sub in constellations(n) {
        let forbid = forbidden(n, &sub.constellation());
        extend(full, &forbid, sub, Node::EMPTY, depth, &mut out);
    }
    out
}

/// Appends the sub-problems with `depth` inner columns that extend `sub` (whose prefix leaves
/// `node`).
fn extend(
    full: u32,
    forbid: &[u32; MAX_N],
    sub: SubProblem,
    node: Node,
    depth: usize,
    out: &mut Vec<SubProblem>,
) {
    let len = sub.len as usize;
    if len == depth {
        out.push(sub);
        return;
    }
    for bit in Bits(node.free(full) & !forbid[len + 1]) {
        extend(full, forbid, sub.then(bit), node.place(bit), depth, out);
    }
}

/// The number of solutions that extend `sub` (its constellation and prefix), not weighted;
/// [`Error::Cancelled`] soon after `control` is cancelled.
pub fn count_subproblem(sub: &SubProblem, control: &Control) -> Result<u64, Error> {
    let n = sub.n();
    if n < 4 {
        // Too small for inner columns: the side queens are the whole board.
        return Ok(u64::from(sub.constellation().len() == n));
    }
    let forbid = forbidden(n, &sub.constellation());
    let node = Node::after(sub.prefix());
    search(n, &forbid, 1 + sub.len as usize, node, control)
}

/// Below this many columns left a subtree takes well under a second: the search looks at the
/// control only when it backs up above that.
const CHECK_ABOVE: usize = 14;

/// The hot loop: fills columns `start..=N-2` below `node`.
fn search(
    n: usize,
    forbid: &[u32; MAX_N],
    start: usize,
    node: Node,
    control: &Control,
) -> Result<u64, Error> {
    let full = full_mask(n);
    let last = n - 2;
    let check = n.saturating_sub(CHECK_ABOVE);
    if start == last {
        return Ok(u64::from(node.free(full) & !forbid[last] != 0));
    }
    let mut count = 0u64;
    let mut stack = Stack::new();
    let mut d = start;
    stack.push(d, node, node.free(full) & !forbid[d]);
    loop {
        let Some(bit) = stack.next(d) else {
            if d == start {
                break;
            }
            d -= 1;
            if d < check && control.is_cancelled() {
                return Err(Error::Cancelled);
            }
            continue;
        };
        let child = stack.node(d).place(bit);
        let next = child.free(full) & !forbid[d + 1];
        if d + 1 == last {
            count += u64::from(next != 0);
        } else {
            d += 1;
            stack.push(d, child, next);
        }
    }
    Ok(count)
}

/// The total number of solutions for `n` (1 to [`MAX_N`]), in the current rayon pool.
pub fn count_total(n: usize, control: &Control) -> Result<u128, Error> {
    if n == 1 {
        return Ok(1);
    }
    let tasks = subproblems(n, default_depth(n));
    control.set_total(tasks.len() as u64);
    tasks
        .par_iter()
        .with_max_len(1)
        .map(|sub| {
            if control.is_cancelled() {
                return Err(Error::Cancelled);
            }
            let c = count_subproblem(sub, control)?;
            control.advance(1);
            Ok(sub.weight() as u128 * c as u128)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::somers;

    #[test]
    fn every_depth_gives_the_same_total() {
        for n in 4..=11 {
            let want = somers::count_total(n, &Control::new()).unwrap();
            for depth in 0..=4 {
                let total: u128 = subproblems(n, depth)
                    .iter()
                    .map(|s| {
                        s.weight() as u128 * count_subproblem(s, &Control::new()).unwrap() as u128
                    })
                    .sum();
                assert_eq!(total, want, "N = {n}, depth {depth}");
            }
        }
    }

    #[test]
    fn weights_cover_every_constellation_once() {
        // The classes of the canonical constellations add up to all valid constellations.
        for n in 4..=9 {
            let weighted: u64 = constellations(n).iter().map(|s| s.weight()).sum();
            let mut all = std::collections::HashSet::new();
            for s in constellations(n) {
                for g in Symmetry::ALL {
                    let mut image: Vec<Square> = s
                        .constellation()
                        .iter()
                        .map(|&q| g.apply_square(q, n))
                        .collect();
                    image.sort();
                    all.insert(image);
                }
            }
            assert_eq!(weighted, all.len() as u64, "N = {n}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        #[test]
        fn deeper_subproblems_split_each_one_exactly(n in 5usize..=10, depth in 0usize..=3) {
            let children = subproblems(n, depth + 1);
            for parent in subproblems(n, depth) {
                let split: u64 = children
                    .iter()
                    .filter(|c| c.sides == parent.sides && c.prefix().starts_with(parent.prefix()))
                    .map(|s| count_subproblem(s, &Control::new()).unwrap())
                    .sum();
                proptest::prop_assert_eq!(split, count_subproblem(&parent, &Control::new()).unwrap());
            }
        }
    }
}
