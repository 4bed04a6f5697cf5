//! The reference counter: bitmask backtracking after Jeff Somers' classic program, with the
//! left-right mirror, split into independent sub-problems run on all cores.
//!
//! The bit trick. Rows are bits of a word. Going column by column, three words say which rows
//! of the current column are attacked: `taken` (rows with a queen), `up` (rows reached by the
//! up-going diagonals of the queens so far) and `down` (by the down-going ones). The free rows
//! are `full & !(taken | up | down)` ([`Node::free`]). Taking a free row: `bit = free &
//! free.wrapping_neg()` isolates the lowest set bit (two's complement: -x flips every bit above
//! the lowest 1), and `free ^= bit` removes it ([`Bits`] takes these steps). Moving to the next
//! column ([`Node::place`]), each up-going diagonal climbs one row (`up << 1`) and each
//! down-going one falls one row (`down >> 1`); bits pushed off the board are cut by `full`. No
//! arrays, no loops over squares: one solution-free subtree costs a few instructions per node.
//!
//! The mirror. Flipping ranks maps solutions with the first queen in the lower half onto those
//! with it in the upper half, so only the lower half is searched and counted twice. For odd N,
//! when the first queen sits on the middle row, the second one cannot, and the same flip pairs
//! up second queens below and above the middle.

use crate::control::Control;
pub use crate::count::bits::MAX_N;
use crate::count::bits::{full_mask, Bits, Node};
use crate::error::Error;
use rayon::prelude::*;

/// Counts the completions of `node` (all columns after it).
///
/// A `for` loop rather than `Bits(..).map(..).sum()`: that form recursed through the
/// iterator's `fold`, not inlined, for 27 % more instructions at N = 15 (BENCHMARKS.md).
pub fn count_below(full: u32, node: Node) -> u64 {
    if node.taken == full {
        return 1;
    }
    let mut count = 0;
    for bit in Bits(node.free(full)) {
        count += count_below(full, node.place(bit));
    }
    count
}

/// Below this many empty columns a subtree is counted without looking at the control: it takes
/// well under a second, so cancellation still answers at once.
const CHECK_ABOVE: u32 = 14;

/// Counts the completions of `node` like [`count_below`], but returns `None` soon after the
/// control is cancelled, however large N is.
pub fn count_below_cancellable(full: u32, node: Node, control: &Control) -> Option<u64> {
    let empty = (full & !node.taken).count_ones();
    if empty <= CHECK_ABOVE {
        return Some(count_below(full, node));
    }
    if control.is_cancelled() {
        return None;
    }
    Bits(node.free(full))
        .map(|bit| count_below_cancellable(full, node.place(bit), control))
        .sum()
}

/// The sub-problems: the nodes after `depth` columns (at least two for the middle first row of
/// an odd board), for N >= 2, each counted with weight 2 (its mirror
/// image is not in the list), restricted by the mirror rule.
pub fn subproblems(n: usize, depth: usize) -> Vec<Node> {
    let full = full_mask(n);
    let depth = depth.clamp(1, n);
    let mut out = Vec::new();
    let lower = (1u32 << (n / 2)) - 1;
    for bit in Bits(lower) {
        expand(full, Node::EMPTY.place(bit), depth - 1, &mut out);
    }
    if n % 2 == 1 {
        let start = Node::EMPTY.place(1 << (n / 2));
        for bit in Bits(start.free(full) & lower) {
            expand(full, start.place(bit), depth.saturating_sub(2), &mut out);
        }
    }
    out
}

/// Appends the nodes `more` columns below `node` (or fewer, where the board is full).
pub(crate) fn expand(full: u32, node: Node, more: usize, out: &mut Vec<Node>) {
    if more == 0 || node.taken == full {
        out.push(node);
        return;
    }
    for bit in Bits(node.free(full)) {
        expand(full, node.place(bit), more - 1, out);
    }
}

/// The total number of solutions for `n` (1 to [`MAX_N`]).
pub fn count_total(n: usize, control: &Control) -> Result<u128, Error> {
    if n == 1 {
        return Ok(1);
    }
    let full = full_mask(n);
    let depth = if n <= 6 { 1 } else { 3 };
    let tasks = subproblems(n, depth);
    control.set_total(tasks.len() as u64);
    let total: Option<u128> = tasks
        .par_iter()
        .with_max_len(1)
        .map(|&node| {
            if control.is_cancelled() {
                return None;
            }
            let c = count_below_cancellable(full, node, control)?;
            control.advance(1);
            Some(2 * c as u128)
        })
        .sum();
    total.ok_or(Error::Cancelled)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_oeis_for_small_n() {
        let known = [1u128, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
        for (i, &k) in known.iter().enumerate() {
            assert_eq!(
                count_total(i + 1, &Control::new()).unwrap(),
                k,
                "N = {}",
                i + 1
            );
        }
    }

    #[test]
    fn subproblems_sum_to_the_total() {
        for depth in 1..=4 {
            let s: u64 = subproblems(10, depth)
                .iter()
                .map(|&node| 2 * count_below(full_mask(10), node))
                .sum();
            assert_eq!(s, 724);
        }
    }
}
