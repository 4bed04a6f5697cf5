//! The default counter: bitmask backtracking over about one eighth of the solutions, one
//! representative per symmetry class weighted exactly, split into independent sub-problems.
//!
//! The idea is takaken's (N-Queens ver3.1: the first queen in a corner or not, BOUND1/BOUND2
//! masks on the border), restated as weights so that no leaf needs to rotate the board. Every
//! solution has exactly one queen on each side of the board (first and last column, bottom and
//! top row). A side seen from one of its two corners gives a distance (0 = in that corner), so a
//! solution has 8 such "border distances", one per pair (corner, side); the 8 symmetries of the
//! square permute these 8 pairs without fixed points. The search keeps the solutions whose queen
//! in column a is at the smallest border distance `c` (its rank, counted from the bottom) and
//! gives each the weight `8 / k`, where `k` is how many of its 8 border distances equal `c`.
//! In every symmetry class the kept members then weigh exactly the size of the class, so the sum
//! is the exact total. "All distances >= c" is pruning by masks (the BOUND masks): in columns
//! 1..c-1 and N-c..N-2 the bottom and top rows are forbidden, and in the last column only ranks
//! c..N-1-c are allowed.
//!
//! A queen in a corner (c = 0) has a distance 0 on two sides, and no other corner can hold a
//! queen, so `k = 2`. There the reflection in the main diagonal (which fixes the corner) swaps
//! `p`, the 0-based rank of the column-b queen, with `q`, the 0-based file of the queen on rank
//! 2; `p = q` is impossible (those two queens would share an anti-diagonal), so only `p < q` is
//! searched (rank 2 stays empty in files 2..=p) and each such solution counts 8.
//!
//! The unit of work ([`SubProblem`]) is a prefix: the ranks of the queens in the first few
//! columns. [`subproblems`] lists them, [`count_subproblem`] counts one and returns a [`Tally`]
//! (leaves by `k`), and tallies add up to the exact total; [`probe`] estimates the work under one
//! (Knuth's random dives), to balance the shares of a cluster job. The hot loop is Somers' bit trick with
//! an explicit stack, takaken's early test at column N-1-c (the bottom and top rows must be
//! filled by then) and the last two columns tried in place. Measurements and a profile are in
//! BENCHMARKS.md, section "Counting".

use crate::control::Control;
use crate::count::bits::{full_mask, Node};
use crate::count::bits::{Bits, Stack};
use crate::error::Error;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use serde::Serialize;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

/// The largest N (ranks are the bits of a 32-bit word).
pub const MAX_N: usize = 32;

/// The longest prefix a sub-problem can hold.
pub const MAX_PREFIX: usize = 8;

/// One independent piece of the count: the 0-based ranks of the queens in the first columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SubProblem {
    n: u8,
    len: u8,
    rows: [u8; MAX_PREFIX],
}

impl SubProblem {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// The 0-based ranks of the pre-placed queens, column a first.
    pub fn rows(&self) -> &[u8] {
        &self.rows[..self.len as usize]
    }

    /// The sub-problem with these pre-placed ranks (as saved from [`SubProblem::rows`]), if it
    /// is one that [`subproblems`] lists for `n` at depth `rows.len()`: 2 to [`MAX_PREFIX`]
    /// queens (fewer than N), none attacking another, in the canonical form.
    pub fn from_rows(n: usize, rows: &[u8]) -> Option<SubProblem> {
        if !(3..=MAX_N).contains(&n) || !(2..=MAX_PREFIX.min(n - 1)).contains(&rows.len()) {
            return None;
        }
        if rows.iter().any(|&r| r as usize >= n) || rows[0] as usize > (n - 1) / 2 {
            return None;
        }
        let rules = Rules::new(n, rows);
        let mut node = Node::EMPTY;
        for (j, &r) in rows.iter().enumerate() {
            let bit = 1u32 << r;
            if rules.free(node, j) & bit == 0 {
                return None;
            }
            node = node.place(bit);
        }
        let mut sub = SubProblem {
            n: n as u8,
            len: rows.len() as u8,
            rows: [0; MAX_PREFIX],
        };
        sub.rows[..rows.len()].copy_from_slice(rows);
        Some(sub)
    }

    /// The sub-problem with one more queen, on the rank `bit`, in the next column.
    fn then(mut self, bit: u32) -> SubProblem {
        self.rows[self.len as usize] = bit.trailing_zeros() as u8;
        self.len += 1;
        self
    }
}

/// The canonical leaves of some sub-problems, by `k` (`ties[k - 1]` leaves have `k` border
/// distances equal to the smallest one); each such leaf stands for `8 / k` solutions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Solutions found with each number of ties among their images (for the orbit weights).
    pub ties: [u128; 8],
}

/// The parts of a solution in which [`Tally::units`] counts: every weight `8 / k` (k = 1 to 8)
/// is a whole number of them.
pub const UNITS_PER_SOLUTION: u128 = 840;

impl Tally {
    /// The number of solutions the leaves stand for (exact: the sum of `8 / k` over the
    /// leaves, computed in units of 1/840 so that every weight is whole).
    pub fn total(&self) -> u128 {
        self.units() / UNITS_PER_SOLUTION
    }

    /// The solutions the leaves stand for, in units of 1/[`UNITS_PER_SOLUTION`]: whole for
    /// any set of leaves, so the tallies of separate sub-problems can be added as numbers.
    pub fn units(&self) -> u128 {
        (1..=8u128)
            .map(|k| self.ties[k as usize - 1] * (UNITS_PER_SOLUTION * 8 / k))
            .sum()
    }
}

impl AddAssign for Tally {
    fn add_assign(&mut self, other: Tally) {
        for (a, b) in self.ties.iter_mut().zip(other.ties) {
            *a += b;
        }
    }
}

impl Add for Tally {
    type Output = Tally;
    fn add(mut self, other: Tally) -> Tally {
        self += other;
        self
    }
}

impl Sum for Tally {
    fn sum<I: Iterator<Item = Tally>>(iter: I) -> Tally {
        iter.fold(Tally::default(), Add::add)
    }
}

/// The masks that keep only canonical solutions, for a given first queen (and, in the corner
/// case, second queen).
struct Rules {
    n: usize,
    full: u32,
    /// Ranks forbidden in each column.
    forbid: [u32; MAX_N],
    /// The columns whose queen on the bottom or top row ties with `c`, and those rows.
    tie_cols: [usize; 2],
    edge_rows: u32,
    /// The ranks of the last column that tie with `c`.
    tie_last: [u32; 2],
    /// 1, plus 1 when `c` is also the distance from the other corner of column a.
    base: usize,
    /// Column N-1-c: the last one that may hold a queen on the bottom or top row.
    squeeze: usize,
}

impl Rules {
    /// The rules once the prefix holds columns a and b.
    fn new(n: usize, rows: &[u8]) -> Rules {
        let full = full_mask(n);
        let c = rows[0] as usize;
        let mut forbid = [0u32; MAX_N];
        if c == 0 {
            // Corner: rank 1 is free of queens in columns 2..=p, so the column-b queen (rank
            // p) is below the row-2 queen.
            let p = rows[1] as usize;
            for f in forbid.iter_mut().take(p + 1).skip(2) {
                *f = 0b10;
            }
            return Rules {
                n,
                full,
                forbid,
                tie_cols: [0, 0],
                edge_rows: 0,
                tie_last: [0, 0],
                base: 1,
                squeeze: usize::MAX,
            };
        }
        let edges = 1 | (1u32 << (n - 1));
        for j in (1..c).chain(n - c..n - 1) {
            forbid[j] = edges;
        }
        let middle = full & !((1u32 << c) - 1) & ((1u32 << (n - c)) - 1);
        forbid[n - 1] = full & !middle;
        Rules {
            n,
            full,
            forbid,
            tie_cols: [c, n - 1 - c],
            edge_rows: edges,
            tie_last: [1 << c, 1 << (n - 1 - c)],
            base: 1 + usize::from(2 * c == n - 1),
            squeeze: n - 1 - c,
        }
    }

    /// The ranks of column `col` that are free below `node` and allowed there.
    #[inline(always)]
    fn free(&self, node: Node, col: usize) -> u32 {
        node.free(self.full) & !self.forbid[col]
    }

    /// The free ranks `free` of column N-1-c once the ranks `taken` are taken (takaken's
    /// early test at BOUND2): the bottom and top rows are forbidden after this column, so
    /// if both are still empty the branch is dead, and if one is, this column must fill it.
    #[inline(always)]
    fn squeezed(&self, free: u32, taken: u32) -> u32 {
        let empty = self.edge_rows & !taken;
        if empty == self.edge_rows {
            0
        } else if empty != 0 {
            free & empty
        } else {
            free
        }
    }

    /// The last two columns in place: counts into `ties` the leaves below `node`, the node
    /// before the column N-2 with the free ranks `free`; each of them leaves at most one rank
    /// for the last column.
    #[inline(always)]
    fn last_two(&self, node: Node, free: u32, placed: &mut [u32; MAX_N], ties: &mut [u64; 8]) {
        let (col, last) = (self.n - 2, self.n - 1);
        for bit in Bits(free) {
            let end = self.free(node.place(bit), last);
            if end != 0 {
                placed[col] = bit;
                ties[self.ties(placed, end) - 1] += 1;
            }
        }
    }

    /// The `k` of a solution whose last queen is `last` (placed: the queens of the other
    /// columns, as bits).
    #[inline(always)]
    fn ties(&self, placed: &[u32; MAX_N], last: u32) -> usize {
        self.base
            + (placed[self.tie_cols[0]] & self.edge_rows).count_ones() as usize
            + (placed[self.tie_cols[1]] & self.edge_rows).count_ones() as usize
            + (last & self.tie_last[0]).count_ones() as usize
            + (last & self.tie_last[1]).count_ones() as usize
    }
}

/// The prefix length [`count_total`] uses for `n`: enough sub-problems to share among threads
/// and to report progress, few enough to list in little memory.
pub fn default_depth(n: usize) -> usize {
    match n {
        0..=9 => 2,
        10..=13 => 3,
        14..=22 => 4,
        _ => 5,
    }
}

/// The sub-problems for `n` (2 to [`MAX_N`]): canonical prefixes of `depth` columns (clamped
/// to 2..=N-1, at most [`MAX_PREFIX`]). Their tallies add up to the total.
pub fn subproblems(n: usize, depth: usize) -> Vec<SubProblem> {
    assert!((2..=MAX_N).contains(&n), "N = {n} out of range");
    let depth = depth.clamp(2, (n - 1).max(2)).min(MAX_PREFIX);
    let full = full_mask(n);
    let mut out = Vec::new();
    for c in 0..=(n - 1) / 2 {
        let first = Node::EMPTY.place(1 << c);
        let mut corner = SubProblem {
            n: n as u8,
            len: 1,
            rows: [0; MAX_PREFIX],
        };
        corner.rows[0] = c as u8;
        for bit in Bits(first.free(full)) {
            let sub = corner.then(bit);
            let rules = Rules::new(n, sub.rows());
            if rules.forbid[1] & bit != 0 {
                continue;
            }
            extend(&rules, sub, first.place(bit), depth, &mut out);
        }
    }
    out
}

/// Appends the sub-problems of `depth` columns that extend `sub` (whose queens leave `node`).
fn extend(rules: &Rules, sub: SubProblem, node: Node, depth: usize, out: &mut Vec<SubProblem>) {
    let j = sub.len as usize;
    if j == depth {
        out.push(sub);
        return;
    }
    for bit in Bits(rules.free(node, j)) {
        extend(rules, sub.then(bit), node.place(bit), depth, out);
    }
}

/// Counts the canonical solutions that extend `sub`; stops with [`Error::Cancelled`] soon
/// after `control` is cancelled, however large the sub-problem.
pub fn count_subproblem(sub: &SubProblem, control: &Control) -> Result<Tally, Error> {
    let n = sub.n();
    let rules = Rules::new(n, sub.rows());
    let mut placed = [0u32; MAX_N];
    for (p, &r) in placed.iter_mut().zip(sub.rows()) {
        *p = 1 << r;
    }
    let node = Node::after(sub.rows());
    search(&rules, sub.len as usize, node, &mut placed, control)
}

/// Below this many columns left a subtree takes well under a second: the search looks at the
/// control only when it backs up above that.
const CHECK_ABOVE: usize = 14;

/// The hot loop: depth-first search of columns `start..N` below `node`.
fn search(
    rules: &Rules,
    start: usize,
    node: Node,
    placed: &mut [u32; MAX_N],
    control: &Control,
) -> Result<Tally, Error> {
    let (n, last) = (rules.n, rules.n - 1);
    // Leaves by k - 1, in 64-bit counters (a sub-problem is far below 2^64 leaves).
    let mut ties = [0u64; 8];
    let tally = |ties: [u64; 8]| {
        Ok(Tally {
            ties: ties.map(u128::from),
        })
    };
    let check = n.saturating_sub(CHECK_ABOVE);
    if start >= n {
        return tally(ties);
    }
    if start == last {
        let free = rules.free(node, last);
        if free != 0 {
            ties[rules.ties(placed, free) - 1] += 1;
        }
        return tally(ties);
    }
    let mut stack = Stack::new();
    // Columns from here on need more than the common step.
    let special = last - 1;
    let mut d = start;
    stack.push(d, node, rules.free(node, d));
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
        placed[d] = bit;
        let child = stack.node(d).place(bit);
        let col = d + 1;
        let mut next = rules.free(child, col);
        if col == rules.squeeze {
            next = rules.squeezed(next, child.taken);
        }
        if col < special {
            // The common case: an ordinary column, entered if it has a free rank.
            if next != 0 {
                d = col;
                stack.push(d, child, next);
            }
            continue;
        }
        if next == 0 {
            continue;
        }
        if col == last {
            ties[rules.ties(placed, next) - 1] += 1;
        } else if col + 1 == last {
            rules.last_two(child, next, placed, &mut ties);
        } else {
            d += 1;
            stack.push(d, child, next);
        }
    }
    tally(ties)
}

/// The random paths [`probe`] takes by default: enough that the shares of a cluster job and
/// the scaling of a timed sample come out within a few per cent (measured at N = 16 and 17).
pub const PROBE_DIVES: usize = 16;

/// A cheap, deterministic measure of the work under `sub`, for balancing the shares of a
/// cluster job and scaling a timed sample: Knuth's estimate of the size of a backtrack tree
/// (Knuth 1975, "Estimating the efficiency of backtrack programs"). A dive goes down one random
/// path under the search's own masks; the products of the numbers of free ranks met on the way
/// add up to an unbiased estimate of the nodes, and `dives` of them are averaged. The random
/// paths are seeded by the prefix itself, so every machine gets the same figure.
pub fn probe(sub: &SubProblem, dives: usize) -> f64 {
    let rules = Rules::new(sub.n(), sub.rows());
    let seed = sub.rows().iter().fold(sub.n() as u64, |seed, &r| {
        seed.wrapping_mul(131).wrapping_add(r as u64 + 1)
    });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let start = (sub.len as usize, Node::after(sub.rows()));
    let sum: f64 = (0..dives.max(1))
        .map(|_| dive(&rules, start, &mut rng))
        .sum();
    sum / dives.max(1) as f64
}

/// One random path down from column `start.0` below the node `start.1`: the estimate of the
/// nodes below (the node itself included).
fn dive(rules: &Rules, start: (usize, Node), rng: &mut Xoshiro256PlusPlus) -> f64 {
    let (first, mut node) = start;
    let (mut width, mut nodes) = (1.0, 1.0);
    for col in first..rules.n {
        let mut free = rules.free(node, col);
        if col == rules.squeeze {
            free = rules.squeezed(free, node.taken);
        }
        let k = free.count_ones();
        if k == 0 {
            break;
        }
        width *= k as f64;
        nodes += width;
        let pick = rng.random_range(0..k) as usize;
        node = node.place(Bits(free).nth(pick).expect("pick < k, the free ranks"));
    }
    nodes
}

/// The total number of solutions for `n` (1 to [`MAX_N`]), in the current rayon pool.
pub fn count_total(n: usize, control: &Control) -> Result<u128, Error> {
    if n == 1 {
        return Ok(1);
    }
    let tasks = subproblems(n, default_depth(n));
    control.set_total(tasks.len() as u64);
    let tally: Result<Tally, Error> = tasks
        .par_iter()
        .with_max_len(1)
        .map(|sub| {
            if control.is_cancelled() {
                return Err(Error::Cancelled);
            }
            let t = count_subproblem(sub, control)?;
            control.advance(1);
            Ok(t)
        })
        .sum();
    tally.map(|t| t.total())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::somers;
    use crate::square::Square;

    #[test]
    fn every_depth_gives_the_same_total() {
        for n in 4..=11 {
            let want = somers::count_total(n, &Control::new()).unwrap();
            for depth in 2..=7 {
                let t: Tally = subproblems(n, depth)
                    .iter()
                    .map(|s| count_subproblem(s, &Control::new()).unwrap())
                    .sum();
                assert_eq!(t.total(), want, "N = {n}, depth {depth}");
            }
        }
    }

    #[test]
    fn subproblems_are_distinct_prefixes_of_the_right_length() {
        let subs = subproblems(10, 4);
        let set: std::collections::HashSet<_> = subs.iter().collect();
        assert_eq!(set.len(), subs.len());
        assert!(subs.iter().all(|s| s.n() == 10 && s.rows().len() == 4));
        // A prefix is a partial placement: no two of its queens attack.
        for s in &subs {
            let r = s.rows();
            for i in 0..r.len() {
                for j in i + 1..r.len() {
                    let a = Square::new(i as u32, r[i] as u32);
                    let b = Square::new(j as u32, r[j] as u32);
                    assert_eq!(a.queen_attack(b), None, "{r:?}");
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        #[test]
        fn deeper_subproblems_split_each_one_exactly(n in 5usize..=11, depth in 2usize..=5) {
            let children = subproblems(n, depth + 1);
            for parent in subproblems(n, depth) {
                let split: Tally = children
                    .iter()
                    .filter(|c| c.rows().starts_with(parent.rows()))
                    .map(|s| count_subproblem(s, &Control::new()).unwrap())
                    .sum();
                proptest::prop_assert_eq!(split, count_subproblem(&parent, &Control::new()).unwrap());
            }
        }
    }

    #[test]
    fn saved_subproblems_are_restored_and_others_refused() {
        for n in [5, 8, 13] {
            for depth in [2, 3, 4] {
                let subs = subproblems(n, depth);
                for sub in &subs {
                    assert_eq!(SubProblem::from_rows(n, sub.rows()), Some(*sub));
                }
                // Every other prefix of that length is refused: the list is complete.
                let accepted = all_prefixes(n, depth)
                    .filter(|rows| SubProblem::from_rows(n, rows).is_some())
                    .count();
                assert_eq!(accepted, subs.len(), "N = {n}, depth {depth}");
            }
        }
        assert_eq!(SubProblem::from_rows(8, &[0]), None);
        assert_eq!(SubProblem::from_rows(8, &[1, 2]), None); // attacking
        assert_eq!(SubProblem::from_rows(8, &[5, 2]), None); // not canonical
        assert_eq!(SubProblem::from_rows(8, &[1, 9]), None); // off the board
        assert_eq!(SubProblem::from_rows(40, &[1, 3]), None);
    }

    /// Every sequence of `len` ranks below `n`.
    fn all_prefixes(n: usize, len: usize) -> impl Iterator<Item = Vec<u8>> {
        (0..n.pow(len as u32)).map(move |mut i| {
            (0..len)
                .map(|_| {
                    let r = (i % n) as u8;
                    i /= n;
                    r
                })
                .collect()
        })
    }

    /// Every node of the search under `sub` (the masks and the squeeze as in the search).
    fn nodes(sub: &SubProblem) -> u64 {
        fn go(rules: &Rules, col: usize, node: Node) -> u64 {
            if col == rules.n {
                return 1;
            }
            let mut free = rules.free(node, col);
            if col == rules.squeeze {
                free = rules.squeezed(free, node.taken);
            }
            1 + Bits(free)
                .map(|bit| go(rules, col + 1, node.place(bit)))
                .sum::<u64>()
        }
        let rules = Rules::new(sub.n(), sub.rows());
        go(&rules, sub.rows().len(), Node::after(sub.rows()))
    }

    #[test]
    fn probes_estimate_the_nodes_and_are_the_same_every_time() {
        let subs = subproblems(11, 3);
        let exact: u64 = subs.iter().map(nodes).sum();
        let probed: f64 = subs.iter().map(|s| probe(s, 400)).sum();
        let ratio = probed / exact as f64;
        assert!((0.9..1.1).contains(&ratio), "{probed} against {exact}");
        for s in &subs[..20] {
            assert_eq!(probe(s, PROBE_DIVES), probe(s, PROBE_DIVES));
            assert!(probe(s, PROBE_DIVES) >= 1.0);
        }
        // A prefix with more room below weighs more: the corner prefixes of N = 12, two
        // columns deep, against those with the first queen near the middle.
        let heavy = probe(&subproblems(12, 2)[0], 200);
        let light = probe(subproblems(12, 2).last().unwrap(), 200);
        assert!(heavy > light, "{heavy} {light}");
    }

    #[test]
    fn tally_weights_are_exact() {
        let mut t = Tally::default();
        t.ties[0] = 3; // 3 leaves of weight 8
        t.ties[1] = 1; // 1 of weight 4
        t.ties[2] = 3; // 3 of weight 8/3
        assert_eq!(t.total(), 24 + 4 + 8);
        assert_eq!((t + t).total(), 2 * (24 + 4 + 8));
    }

    #[test]
    fn cancel_stops_a_large_subproblem_from_inside() {
        // N = 24 with a 2-column prefix: hours of work, unless the search sees the cancel.
        let sub = subproblems(24, 2)[10];
        let c = Control::new();
        c.cancel();
        assert_eq!(count_subproblem(&sub, &c), Err(Error::Cancelled));
    }
}
