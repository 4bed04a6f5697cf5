//! The exact search: every set of at most `k` queens that watches the whole board, found
//! (one is enough), counted, or proved not to exist.
//!
//! The idea is the classical branch on an unwatched square (Kearse and Gibbons, "Computational
//! methods and new results for chessboard problems", Australas. J. Combin. 23, 2001): some
//! queen must watch it, so branch on which one, and after each branch forbid that square to
//! its younger siblings, so that every set is reached exactly once. The choices here:
//!
//! - Lines, not squares. A queen watches the squares sharing its rank, file or a diagonal, so
//!   the state keeps, besides bit sets of the unwatched and the still allowed squares, for
//!   every line the number of unwatched squares on it and the number of allowed squares.
//! - The most constrained square first: the unwatched square with the fewest allowed queens
//!   that would watch it, which is the sum of the allowed counts of its four lines (two lines
//!   through a square meet only there), read in four look-ups.
//! - The bound: `k` more queens stand on at most `k` ranks, `k` files, `k` diagonals and `k`
//!   anti-diagonals, so they watch at most the sum, over the four kinds, of the `k` largest
//!   unwatched counts among the lines that still have an allowed square. Kept as a histogram
//!   per kind, updated as counts change, so the bound costs one short walk per node. It is
//!   tested again after every forbidden sibling: once it fails, no later sibling can succeed.
//! - The queen bound, beside it at every node: a queen watches the unwatched squares of its
//!   four lines (itself once), so `k` more queens watch at most the sum of the `k` largest such
//!   gains among the allowed squares. Neither bound implies the other (the line bound knows
//!   that two queens on one rank watch its squares once; the queen bound that one queen takes
//!   one line of each kind); together they cut the proof at N = 14 and the count at N = 13 by
//!   about five.
//! - The children judged before they are made: a child's queen watches its gain, and the
//!   other queens at most what this node's two bounds allow without the child's four lines
//!   and without its square (counts only fall on the way down, so these bound the child's
//!   own bounds). Most children are dropped so, without a copy of the state: four times fewer
//!   nodes on the proof at N = 14, a third less time.
//! - The last queens without states. A last queen must watch every unwatched square: among
//!   the queens that watch the first and the last of them (far apart, they share few
//!   watchers), those whose watched set holds them all. With two left, by pigeonhole one of
//!   them watches two of any three unwatched squares that share no line, so stands where their
//!   lines meet: each such queen in turn, after a cheap form of the queen bound (its gain and
//!   the most one more queen can watch). With three left, each child's counts
//!   are lowered in place, not copied. Most nodes of a count have two queens left; these
//!   took the count at N = 14 from 48 to 17 CPU s with the next point (BENCHMARKS.md).
//! - The last four queens on numbered squares (`packed`, where the CPU has `pext`): a node
//!   with four queens left numbers its unwatched squares, and what each allowed queen watches
//!   of them becomes one 128-bit word, so the nodes below it need no state; there a child
//!   with two queens left is refuted before its pair search when the two largest gains fall
//!   short, read in the order of the parent's gains (97 % of the pair searches of the count
//!   at N = 14). The count at N = 14 takes a third of the time it took without them.
//! - Symmetry: order the squares (the corners first, the centre last: a set's representative
//!   queen is then its queen nearest an edge, and the parts with the edges forbidden die early
//!   by the bounds), give every square the key of its smallest image under the
//!   board's symmetries, and split the work by the queen of smallest key. Mapped by a
//!   symmetry, every set has one whose smallest-key queen is the representative of its class,
//!   so the search only starts from representatives (about N²/8 of them; one on the torus),
//!   and forbids every square of smaller key. Finding and proving need no more. Counting
//!   weighs each set found to make up for the images it stands for (orbit counting: with
//!   G symmetries, a representative `r` fixed by `S_r` of them, and `M` queens of the set in
//!   `r`'s class, a set stands for `G / (S_r M)` sets, and for `|Stab| / (S_r M)` classes).
//!
//! - Parts: one per representative first queen, or (a split search, for proofs that take
//!   hours) one per child of that queen's first branch, the earlier siblings forbidden as the
//!   whole search would have forbidden them after exploring them: the same search cut into
//!   some 10 to 20 times as many pieces (328 for 28 first queens at N = 14, 1,648 for 91 at
//!   N = 26), each resumable, shardable and reported as it ends. Counts run split too (the
//!   first queens' parts are far from equal: the corner's is a third of the count at N = 14),
//!   so a part's sums are kept as numerators over a denominator common to all parts (a set's
//!   weight is a fraction, whole only over all of its first queen's sets): see
//!   [`Search::totals`].
//!
//! A set of fewer than `k` queens that watches the board is met on the way (the branch
//! reaches it before placing all `k`), so a count at `k` also proves that nothing smaller
//! exists: it reports such a set instead of counting.

use super::lines::{Lines, KINDS};
use crate::control::Control;
use crate::error::Error;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

#[cfg(target_arch = "x86_64")]
mod packed;

/// The largest board side the search takes.
pub const MAX_N: usize = 32;
/// Room for the lines' counts: at most 6N - 2 lines, numbered by a byte, so that an index
/// into these arrays needs no bounds check.
const MAX_LINES: usize = 256;
/// The meaning of a part: raised whenever the order of the keys or the first branch changes
/// (2: the corners first) or what a part reports (3: counts as numerators, in split parts), so
/// that checkpoints of an older list are refused.
pub const PARTS_VERSION: u64 = 3;
/// Nodes between two looks at the control.
const POLL: u64 = 1 << 14;

/// What to search for.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The board.
    pub lines: Lines,
    /// At most this many queens.
    pub k: usize,
    /// The queens may not attack each other.
    pub independent: bool,
    /// If given, queens only on these squares: the search then finds or excludes the sets
    /// within them (symmetry broken only by the symmetries that keep them). For finding only.
    pub within: Option<Vec<bool>>,
    /// If given (a symmetry of the board as a permutation of the squares), only sets that it
    /// maps onto themselves: every queen comes with its image. For finding only.
    pub mirror: Option<Vec<u16>>,
}

/// The result of a count: the sets of exactly `k` queens, or a smaller set that proves `k` is
/// not the minimum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// Every set of `k` queens watching the board: how many, and how many up to symmetry.
    Sets {
        /// All the sets.
        sets: u128,
        /// Classes under the board's symmetries.
        classes: u128,
    },
    /// A watching set of fewer queens, as square numbers.
    Smaller(Vec<usize>),
}

/// The outcome of one part (one representative first queen).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartResult {
    /// A set found (finding), or a smaller set (counting).
    Found(Vec<usize>),
    /// Counted: the sets and classes found by this part, as numerators over the search's
    /// common denominators (summed over parts, then divided by [`Search::totals`]).
    Counted(u128, u128),
}

/// The search, split into parts by the representative of the first queen's class (and, split
/// further, by the child of its first branch).
pub struct Search {
    problem: Problem,
    /// The rank of every square in the order of keys (the corners first).
    key: Vec<u32>,
    /// The representatives, smallest key first.
    roots: Vec<usize>,
    /// The parts: a representative, and the child of its first branch if split.
    parts: Vec<(usize, Option<usize>)>,
    /// Whether the nodes with four queens left may run on numbered squares where the CPU has
    /// the instructions for it (see `packed`); off, for the tests, to compare both ways. Read
    /// only on x86-64, where those instructions exist.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    packed: bool,
}

impl Search {
    /// Prepares the search of `problem`; `Err` for N beyond [`MAX_N`] or a zero N.
    pub fn new(problem: Problem) -> Result<Search, Error> {
        let n = problem.lines.n;
        if n == 0 || n > MAX_N {
            return Err(Error::TooLarge { n, max: MAX_N });
        }
        // The bounds keep the k largest values of each kind in arrays of MAX_N + 1; no board
        // here needs more than N queens (a full rank watches every square).
        if problem.k > MAX_N {
            return Err(Error::TooManyQueens {
                k: problem.k,
                max: MAX_N,
            });
        }
        let rank = edge_first(n);
        let identity: Vec<u16> = (0..n * n).map(|s| s as u16).collect();
        let group = match (&problem.mirror, &problem.within) {
            (Some(m), _) => vec![identity, m.clone()],
            // Only the symmetries that map the allowed squares onto themselves break symmetry
            // within them (the others would map a set out of the region).
            (None, Some(w)) => (problem.lines.group.iter())
                .filter(|g| (0..n * n).all(|s| w[g[s] as usize] == w[s]))
                .cloned()
                .collect(),
            (None, None) => problem.lines.group.clone(),
        };
        let key: Vec<u32> = (0..n * n)
            .map(|s| {
                let images = group.iter().map(|g| rank[g[s] as usize]);
                images.min().expect("a group")
            })
            .collect();
        let mut roots: Vec<usize> = (0..n * n)
            .filter(|&s| key[s] == rank[s])
            .filter(|&s| problem.within.as_ref().is_none_or(|w| w[s]))
            .collect();
        roots.sort_by_key(|&s| key[s]);
        let parts = roots.iter().map(|&r| (r, None)).collect();
        Ok(Search {
            problem,
            key,
            roots,
            parts,
            packed: true,
        })
    }

    /// The same search in finer parts: one per child of each first queen's first branch (a
    /// first queen whose node does not branch stays one part).
    pub fn split(mut self) -> Search {
        let words = self.problem.lines.n.pow(2).div_ceil(64);
        let children: Vec<usize> = match words {
            1 => self.children_w::<1>(),
            2 => self.children_w::<2>(),
            3..=4 => self.children_w::<4>(),
            5..=8 => self.children_w::<8>(),
            9..=11 => self.children_w::<11>(),
            _ => self.children_w::<16>(),
        };
        self.parts = (self.roots.iter().zip(children))
            .flat_map(|(&r, c)| match c {
                0 => vec![(r, None)],
                c => (0..c).map(|j| (r, Some(j))).collect(),
            })
            .collect();
        self
    }

    /// The same search without the nodes on numbered squares: the way of every CPU.
    #[cfg(test)]
    pub(crate) fn portable(mut self) -> Search {
        self.packed = false;
        self
    }

    /// The children of each first queen's first branch (0: its node does not branch).
    fn children_w<const W: usize>(&self) -> Vec<usize> {
        let (stop, control) = (AtomicBool::new(false), Control::new());
        let engine = Engine::<W>::new(self, false, &stop, &control);
        self.roots
            .iter()
            .map(|&r| engine.first_children(r))
            .collect()
    }

    /// The number of parts.
    pub fn parts(&self) -> usize {
        self.parts.len()
    }

    /// A fingerprint of the list of parts (16 hex digits), for checkpoints: the same for the
    /// same board, queens and parts, and different when a part would mean another piece of
    /// the search (the key order and the first branch are covered by [`PARTS_VERSION`]), so
    /// that a record of another list is never summed into this one.
    pub fn fingerprint(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |x: u64| {
            for byte in x.to_le_bytes() {
                h = (h ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        mix(PARTS_VERSION);
        mix(self.problem.lines.n as u64);
        mix(self.problem.k as u64);
        for &(root, child) in &self.parts {
            mix(root as u64);
            mix(child.map_or(u64::MAX, |c| c as u64));
        }
        format!("{h:016x}")
    }

    /// The first queen of part `i` (a square number), and the child of its first branch if
    /// the search is split.
    pub fn part_of(&self, i: usize) -> (usize, Option<usize>) {
        self.parts[i]
    }

    /// The problem searched.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// Runs part `i`: finds one set (`count` false) or counts them all. `stop` is polled with
    /// the control; `Err(Cancelled)` when either asks to stop.
    pub fn part(
        &self,
        i: usize,
        count: bool,
        stop: &AtomicBool,
        control: &Control,
    ) -> Result<PartResult, Error> {
        let words = self.problem.lines.n.pow(2).div_ceil(64);
        match words {
            1 => self.part_w::<1>(i, count, stop, control),
            2 => self.part_w::<2>(i, count, stop, control),
            3..=4 => self.part_w::<4>(i, count, stop, control),
            5..=8 => self.part_w::<8>(i, count, stop, control),
            9..=11 => self.part_w::<11>(i, count, stop, control),
            _ => self.part_w::<16>(i, count, stop, control),
        }
    }

    fn part_w<const W: usize>(
        &self,
        i: usize,
        count: bool,
        stop: &AtomicBool,
        control: &Control,
    ) -> Result<PartResult, Error> {
        let engine = Engine::<W>::new(self, count, stop, control);
        let (root, child) = self.parts[i];
        engine.run(root, child)
    }

    /// The sets and classes counted, from the sums over all parts of their
    /// [`PartResult::Counted`] numerators. A set whose first queen `r` is fixed by `S_r` of the
    /// `G` symmetries and shares its class with `M - 1` other queens of the set stands for
    /// `G / (S_r M)` sets and `|Stab| / (S_r M)` classes; with `L` the least common multiple of
    /// 1 to k (at least 8), a part reports `(G / S_r) (L / M)` and `(G / S_r) |Stab| (L / M)`
    /// per set, whole numbers, and the totals are their sums over `L` and over `G L`.
    ///
    /// # Panics
    ///
    /// When a total does not divide: only some parts were summed, or a bug; a count is exact
    /// or not given.
    pub fn totals(&self, sets: u128, classes: u128) -> (u128, u128) {
        let l = lcm_upto(self.problem.k.max(8));
        let g = self.problem.lines.group.len() as u128;
        assert!(
            sets.is_multiple_of(l) && classes.is_multiple_of(g * l),
            "the parts' sums do not make whole counts"
        );
        (sets / l, classes / (g * l))
    }

    /// Runs every part not in `done` on all cores, calling `each` as each one ends (in any
    /// order). Finding stops at the first set; counting at the first smaller set.
    pub fn run(
        &self,
        count: bool,
        done: &[usize],
        control: &Control,
        each: &(dyn Fn(usize, &PartResult) + Sync),
    ) -> Result<Option<Vec<usize>>, Error> {
        let stop = AtomicBool::new(false);
        let mut skip = vec![false; self.parts()];
        for &i in done {
            if let Some(s) = skip.get_mut(i) {
                *s = true;
            }
        }
        let todo: Vec<usize> = (0..self.parts()).filter(|&i| !skip[i]).collect();
        let results: Vec<Result<Option<Vec<usize>>, Error>> = todo
            .par_iter()
            .with_max_len(1)
            .map(|&i| {
                if stop.load(Ordering::Relaxed) {
                    return Ok(None);
                }
                // A part polls the control every few thousand nodes: many parts end sooner.
                if control.is_cancelled() {
                    return Err(Error::Cancelled);
                }
                match self.part(i, count, &stop, control) {
                    Ok(r) => {
                        each(i, &r);
                        control.advance(1);
                        match r {
                            PartResult::Found(set) => {
                                stop.store(true, Ordering::Relaxed);
                                Ok(Some(set))
                            }
                            PartResult::Counted(..) => Ok(None),
                        }
                    }
                    Err(Error::Cancelled)
                        if stop.load(Ordering::Relaxed) && !control.is_cancelled() =>
                    {
                        Ok(None)
                    }
                    Err(e) => Err(e),
                }
            })
            .collect();
        let mut failed = None;
        for r in results {
            match r {
                Ok(Some(set)) => return Ok(Some(set)),
                Ok(None) => {}
                Err(e) => failed = Some(e),
            }
        }
        failed.map_or(Ok(None), Err)
    }
}

/// A search of fewer parts than this (the torus, whose translations leave one class of first
/// queens) is split by the children of its first branch: its progress then has parts to show,
/// and its parts run on every core.
const FEW_PARTS: usize = 4;

/// Finds a set of at most `problem.k` queens watching the board, or `None` when the search
/// proves there is none (unless `problem.within` restricts it).
pub fn find(problem: Problem, control: &Control) -> Result<Option<Vec<usize>>, Error> {
    let whole = problem.within.is_none() && problem.mirror.is_none();
    let mut search = Search::new(problem)?;
    if whole && search.parts() < FEW_PARTS {
        search = search.split();
    }
    control.set_total(search.parts() as u64);
    search.run(false, &[], control, &|_, _| {})
}

/// Counts the sets of exactly `problem.k` queens watching the board, or gives a smaller one.
pub fn count(problem: Problem, control: &Control) -> Result<Count, Error> {
    let search = Search::new(problem)?.split();
    control.set_total(search.parts() as u64);
    let sums = std::sync::Mutex::new((0u128, 0u128));
    let add = |_: usize, r: &PartResult| {
        if let PartResult::Counted(s, c) = r {
            let mut sums = sums.lock().expect("no panic while held");
            sums.0 += s;
            sums.1 += c;
        }
    };
    let smaller = search.run(true, &[], control, &add)?;
    Ok(match smaller {
        Some(set) => Count::Smaller(set),
        None => {
            let (sets, classes) = sums.into_inner().expect("no panic while held");
            let (sets, classes) = search.totals(sets, classes);
            Count::Sets { sets, classes }
        }
    })
}

/// The order of the squares: the farthest from the centre first (the corners), then by number.
/// A queen near the edge watches the fewest squares, so the first parts (sets with such a
/// queen) are small, and the later parts, with the edges forbidden, are cut early by the
/// bounds: against the centre first, the count at N = 14 takes 0.73 times as long.
fn edge_first(n: usize) -> Vec<u32> {
    let mut order: Vec<usize> = (0..n * n).collect();
    let far = |s: usize| {
        let (c, r) = ((s % n) as i64 * 2, (s / n) as i64 * 2);
        let m = n as i64 - 1;
        let (dc, dr) = ((c - m).abs(), (r - m).abs());
        (dc.max(dr), dc + dr, s)
    };
    order.sort_by_key(|&s| std::cmp::Reverse(far(s)));
    let mut rank = vec![0u32; n * n];
    for (i, &s) in order.iter().enumerate() {
        rank[s] = i as u32;
    }
    rank
}

type Bits<const W: usize> = [u64; W];

#[inline]
fn and<const W: usize>(a: &Bits<W>, b: &Bits<W>) -> Bits<W> {
    std::array::from_fn(|i| a[i] & b[i])
}

#[inline]
fn has<const W: usize>(a: &Bits<W>, i: usize) -> bool {
    a[i / 64] >> (i % 64) & 1 == 1
}

/// The lowest set bit of `a` (not empty).
#[inline]
fn first_bit<const W: usize>(a: &Bits<W>) -> usize {
    let w = a.iter().position(|&x| x != 0).expect("a set bit");
    w * 64 + a[w].trailing_zeros() as usize
}

/// The highest set bit of `a` (not empty).
#[inline]
fn last_bit<const W: usize>(a: &Bits<W>) -> usize {
    let w = a.iter().rposition(|&x| x != 0).expect("a set bit");
    w * 64 + 63 - a[w].leading_zeros() as usize
}

/// Calls `f` on every set bit of `a`, in order.
#[inline]
fn each_bit<const W: usize>(a: &Bits<W>, mut f: impl FnMut(usize)) {
    for (w, &word) in a.iter().enumerate() {
        let mut x = word;
        while x != 0 {
            f(w * 64 + x.trailing_zeros() as usize);
            x &= x - 1;
        }
    }
}

/// The sum of four lines' counts.
#[inline]
fn sum4(counts: &[u8; MAX_LINES], lines: [u8; KINDS]) -> u32 {
    let count = |i: usize| u32::from(counts[lines[i] as usize]);
    count(0) + count(1) + count(2) + count(3)
}

/// Puts `g` among the `m` largest values of `top` (largest first).
#[inline(always)]
fn insert_top(top: &mut [u32; MAX_N + 1], m: usize, g: u32) {
    if g > top[m - 1] {
        let mut i = m - 1;
        while i > 0 && top[i - 1] < g {
            top[i] = top[i - 1];
            i -= 1;
        }
        top[i] = g;
    }
}

/// A queen and, under a mirror, its image: one or two squares, without a heap allocation.
#[derive(Clone, Copy)]
struct Pair([usize; 2], usize);

impl Pair {
    fn queens(&self) -> &[usize] {
        &self.0[..self.1]
    }
}

/// What the last queens need of a node: the unwatched squares, the allowed ones, how many
/// are unwatched.
struct Lean<const W: usize> {
    open: Bits<W>,
    allowed: Bits<W>,
    left: u32,
}

/// The state of a branch: what is unwatched, what is allowed, and the line counts.
#[derive(Clone)]
struct State<const W: usize> {
    open: Bits<W>,
    allowed: Bits<W>,
    left: u32,
    unwatched: [u8; MAX_LINES],
    free: [u8; MAX_LINES],
    /// Per kind, how many lines have each bound value (their unwatched count if they have an
    /// allowed square, else 0).
    hist: [[u8; MAX_N + 1]; KINDS],
    /// Per kind, bit `v` set when some line has bound value `v` (`hist[kind][v] > 0`): the
    /// walks over the histogram jump from one present value to the next.
    present: [u64; KINDS],
}

struct Engine<'a, const W: usize> {
    search: &'a Search,
    lines: &'a Lines,
    masks: Vec<Bits<W>>,
    line_of: Vec<[u8; KINDS]>,
    n: usize,
    count: bool,
    group_size: u128,
    stop: &'a AtomicBool,
    control: &'a Control,
    /// The instructions for the nodes on numbered squares, when the CPU has them.
    #[cfg(target_arch = "x86_64")]
    packed: Option<crate::cpu::Bmi>,
}

/// What a node does (see [`Engine::node`]).
enum Node {
    Leaf,
    Cut,
    Branch { ahead: Ahead, order: Vec<usize> },
}

/// What a branch reports upwards.
enum Flow {
    Go,
    Found(Vec<usize>),
    Cancelled,
}

/// The sum of the `k` largest of some values, the `k`-th and the next: enough to give the sum
/// of the `k` largest once any one value at least the `k`-th is left out.
#[derive(Clone, Copy)]
struct Top {
    sum: u32,
    kth: u32,
    next: u32,
}

impl Top {
    /// From values sorted largest first (at least `k + 1` of them, zeros past the end).
    fn new(sorted: &[u32], k: usize) -> Top {
        Top {
            sum: sorted[..k].iter().sum(),
            kth: if k == 0 { u32::MAX } else { sorted[k - 1] },
            next: sorted[k],
        }
    }

    /// The sum of the `k` largest with one value `v` of them left out.
    #[inline]
    fn without(&self, v: u32) -> u32 {
        if v >= self.kth {
            self.sum - v + self.next
        } else {
            self.sum
        }
    }
}

/// A node's bounds, made ready for judging its children (`k` queens left after the child's).
struct Ahead {
    k: usize,
    lines: [Top; KINDS],
    gains: Top,
}

impl Ahead {
    fn new(lines: &[[u32; MAX_N + 1]; KINDS], gains: &[u32; MAX_N + 1], k: usize) -> Ahead {
        Ahead {
            k,
            lines: std::array::from_fn(|kind| Top::new(&lines[kind], k)),
            gains: Top::new(gains, k),
        }
    }
}

/// The sums of one part while it is counted.
struct Tally {
    root: usize,
    weighted: u128,
    classes: u128,
    nodes: u64,
    /// Room for what each queen watches of a node's numbered squares (see `packed`).
    #[cfg(target_arch = "x86_64")]
    cover: Vec<u128>,
    /// Room for the allowed queens of a node ranked by gain, twice (see `packed`).
    #[cfg(target_arch = "x86_64")]
    ranked: Vec<(u16, u16)>,
}

/// The least common multiple of 1..=m (the weights' common denominator).
fn lcm_upto(m: usize) -> u128 {
    fn gcd(a: u128, b: u128) -> u128 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    (1..=m as u128).fold(1, |l, x| l / gcd(l, x) * x)
}

impl<'a, const W: usize> Engine<'a, W> {
    fn new(search: &'a Search, count: bool, stop: &'a AtomicBool, control: &'a Control) -> Self {
        let lines = &search.problem.lines;
        let n = lines.n;
        let masks = (0..n * n)
            .map(|q| {
                let mut m = [0u64; W];
                for s in (0..n * n).filter(|&s| lines.watches(q, s)) {
                    m[s / 64] |= 1 << (s % 64);
                }
                m
            })
            .collect();
        Engine {
            search,
            lines,
            masks,
            line_of: (0..n * n).map(|s| lines.of(s).map(|l| l as u8)).collect(),
            n,
            count,
            group_size: lines.group.len() as u128,
            stop,
            control,
            #[cfg(target_arch = "x86_64")]
            packed: crate::cpu::Bmi::detect()
                .filter(|_| search.packed && crate::cpu::pext_in_one_step()),
        }
    }

    /// The state at the start of the part of `root`: everything unwatched, the squares of
    /// smaller key forbidden.
    fn start(&self, root: usize) -> State<W> {
        let n2 = self.n * self.n;
        let key = &self.search.key;
        let mut st = State {
            open: [0; W],
            allowed: [0; W],
            left: n2 as u32,
            unwatched: [0; MAX_LINES],
            free: [0; MAX_LINES],
            hist: [[0; MAX_N + 1]; KINDS],
            present: [0; KINDS],
        };
        let within = self.search.problem.within.as_ref();
        for s in 0..n2 {
            st.open[s / 64] |= 1 << (s % 64);
            let ok = key[s] >= key[root] && within.is_none_or(|w| w[s]);
            for &l in &self.line_of[s] {
                st.unwatched[l as usize] += 1;
                st.free[l as usize] += ok as u8;
            }
            if ok {
                st.allowed[s / 64] |= 1 << (s % 64);
            }
        }
        for (kind, &start) in self.lines.start.iter().enumerate() {
            for l in start..start + self.lines.per_kind[kind] {
                let v = self.value(&st, l);
                st.hist[kind][v] += 1;
                st.present[kind] |= 1 << v;
            }
        }
        st
    }

    /// A line of `kind` goes from bound value `before` to `after`.
    #[inline]
    fn shift(st: &mut State<W>, kind: usize, before: usize, after: usize) {
        st.hist[kind][before] -= 1;
        if st.hist[kind][before] == 0 {
            st.present[kind] &= !(1 << before);
        }
        st.hist[kind][after] += 1;
        st.present[kind] |= 1 << after;
    }

    /// The values present in a kind's histogram, largest first (zero left out).
    #[inline]
    fn values(present: u64) -> impl Iterator<Item = usize> {
        let mut bits = present & !1;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let v = 63 - bits.leading_zeros() as usize;
                bits &= !(1 << v);
                v
            })
        })
    }

    #[inline]
    fn value(&self, st: &State<W>, l: usize) -> usize {
        if st.free[l] > 0 {
            st.unwatched[l] as usize
        } else {
            0
        }
    }

    /// Square `s` is now watched.
    #[inline]
    fn watch(&self, st: &mut State<W>, s: usize) {
        for (kind, &l) in self.line_of[s].iter().enumerate() {
            let l = l as usize;
            let before = self.value(st, l);
            st.unwatched[l] -= 1;
            let after = self.value(st, l);
            if before != after {
                Self::shift(st, kind, before, after);
            }
        }
    }

    /// No queen may stand on `q` from now on. Whether the line bound's histogram changed (a
    /// line lost its last allowed square): if not, the bound holds as it did.
    #[inline]
    fn forbid(&self, st: &mut State<W>, q: usize) -> bool {
        if !has(&st.allowed, q) {
            return false;
        }
        st.allowed[q / 64] &= !(1 << (q % 64));
        let mut changed = false;
        for (kind, &l) in self.line_of[q].iter().enumerate() {
            let l = l as usize;
            let before = self.value(st, l);
            st.free[l] -= 1;
            let after = self.value(st, l);
            if before != after {
                Self::shift(st, kind, before, after);
                changed = true;
            }
        }
        changed
    }

    /// A queen on `q`.
    fn place(&self, st: &mut State<W>, q: usize) {
        let mask = &self.masks[q];
        let newly = and(&st.open, mask);
        each_bit(&newly, |s| self.watch(st, s));
        for (o, m) in st.open.iter_mut().zip(mask) {
            *o &= !m;
        }
        st.left -= newly.iter().map(|w| w.count_ones()).sum::<u32>();
        self.forbid(st, q);
        if self.search.problem.independent {
            let attacked = and(&st.allowed, mask);
            each_bit(&attacked, |s| {
                self.forbid(st, s);
            });
        }
    }

    /// Whether `k` more queens could still watch every unwatched square (the line bound).
    #[inline]
    fn enough(&self, st: &State<W>, k: usize) -> bool {
        let mut total = 0usize;
        for (hist, &present) in st.hist.iter().zip(&st.present) {
            let mut need = k;
            for v in Self::values(present) {
                let take = (hist[v] as usize).min(need);
                total += take * v;
                need -= take;
                if need == 0 {
                    break;
                }
            }
        }
        total >= st.left as usize
    }

    /// How many unwatched squares a queen on `q` would watch: those of its four lines, `q`
    /// itself once (two lines through a square meet only there).
    #[inline]
    fn gain(&self, st: &State<W>, q: usize) -> u32 {
        self.gain_in(&st.unwatched, &st.open, q)
    }

    /// [`Self::gain`] from the lines' `unwatched` counts and the `open` squares of a node
    /// without a state of its own.
    #[inline]
    fn gain_in(&self, unwatched: &[u8; MAX_LINES], open: &Bits<W>, q: usize) -> u32 {
        sum4(unwatched, self.line_of[q]) - 3 * has(open, q) as u32
    }

    /// The `m` largest gains among the allowed squares (`m` at most [`MAX_N`]), largest
    /// first (zeros past them).
    fn top_gains(&self, st: &State<W>, m: usize) -> [u32; MAX_N + 1] {
        let mut top = [0u32; MAX_N + 1];
        each_bit(&st.allowed, |q| insert_top(&mut top, m, self.gain(st, q)));
        top
    }

    /// Per kind of line, the `m` largest bound values (unwatched counts of lines with an
    /// allowed square), largest first, read off the histogram.
    fn top_lines(&self, st: &State<W>, m: usize) -> [[u32; MAX_N + 1]; KINDS] {
        let mut tops = [[0u32; MAX_N + 1]; KINDS];
        for ((top, hist), &present) in tops.iter_mut().zip(&st.hist).zip(&st.present) {
            let mut i = 0;
            'values: for v in Self::values(present) {
                for _ in 0..hist[v] {
                    if i == m {
                        break 'values;
                    }
                    top[i] = v as u32;
                    i += 1;
                }
            }
        }
        tops
    }

    /// The unwatched square with the fewest allowed queens that would watch it, or `None`
    /// when one has none.
    #[inline]
    fn most_constrained(&self, st: &State<W>) -> Option<usize> {
        let mut best = (u32::MAX, 0);
        let mut dead = false;
        each_bit(&st.open, |s| {
            if dead || best.0 <= 1 {
                return;
            }
            let mut c = sum4(&st.free, self.line_of[s]);
            if has(&st.allowed, s) {
                c -= 3;
            }
            if c == 0 {
                dead = true;
            } else if c < best.0 {
                best = (c, s);
            }
        });
        (!dead).then_some(best.1)
    }

    /// The state with the first queen (and its image, for a mirror) placed, and the queens
    /// placed; `None` when they are more than `k`.
    fn first(&self, root: usize) -> Option<(State<W>, Vec<usize>)> {
        let pair = self.pair(root);
        let pair = pair.queens();
        if pair.len() > self.search.problem.k {
            return None;
        }
        let mut st = self.start(root);
        for &q in pair {
            self.place(&mut st, q);
        }
        Some((st, pair.to_vec()))
    }

    /// The children of the first branch of the part of `root` (0 when its node does not
    /// branch: a leaf, or cut by a bound).
    fn first_children(&self, root: usize) -> usize {
        match self.first(root) {
            Some((st, path)) => match self.node(&st, self.search.problem.k - path.len()) {
                Node::Branch { order, .. } => order.len(),
                _ => 0,
            },
            None => 0,
        }
    }

    /// Runs the part of `root`, or only the child `only` of its first branch.
    fn run(&self, root: usize, only: Option<usize>) -> Result<PartResult, Error> {
        let mut tally = Tally {
            root,
            weighted: 0,
            classes: 0,
            nodes: 0,
            #[cfg(target_arch = "x86_64")]
            cover: vec![0; self.n * self.n],
            #[cfg(target_arch = "x86_64")]
            ranked: vec![(0, 0); 2 * self.n * self.n],
        };
        let Some((mut st, mut path)) = self.first(root) else {
            return Ok(self.counted(&tally));
        };
        let k = self.search.problem.k - path.len();
        match self.branch(&mut st, k, &mut path, &mut tally, only) {
            Flow::Cancelled => Err(Error::Cancelled),
            Flow::Found(set) => Ok(PartResult::Found(set)),
            Flow::Go => Ok(self.counted(&tally)),
        }
    }

    /// The part's numerators (see [`Search::totals`]).
    fn counted(&self, tally: &Tally) -> PartResult {
        let orbit = self.group_size / self.fixers(tally.root) as u128;
        PartResult::Counted(orbit * tally.weighted, orbit * tally.classes)
    }

    /// How many symmetries fix square `s`.
    fn fixers(&self, s: usize) -> usize {
        self.lines
            .group
            .iter()
            .filter(|g| g[s] as usize == s)
            .count()
    }

    /// What a node does: it is a leaf (every square watched), it is cut, or it branches on
    /// the queens that could watch its most constrained square, in `order`.
    fn node(&self, st: &State<W>, k: usize) -> Node {
        if st.left == 0 {
            return Node::Leaf;
        }
        if k == 0 || !self.enough(st, k) {
            return Node::Cut;
        }
        let gains = self.top_gains(st, k);
        if gains[..k].iter().sum::<u32>() < st.left {
            return Node::Cut;
        }
        let Some(s) = self.most_constrained(st) else {
            return Node::Cut;
        };
        let ahead = Ahead::new(&self.top_lines(st, k), &gains, k - 1);
        let candidates = and(&self.masks[s], &st.allowed);
        let mut order = Vec::with_capacity(4 * self.n);
        each_bit(&candidates, |q| order.push(q));
        if !self.count {
            // Finding: the queens that watch the most first.
            order.sort_by_cached_key(|&q| std::cmp::Reverse(self.gain(st, q)));
        }
        Node::Branch { ahead, order }
    }

    /// The search below a node with `k` queens left; with `only`, the child of that index
    /// alone, its elder siblings forbidden as if they had been explored.
    fn branch(
        &self,
        st: &mut State<W>,
        k: usize,
        path: &mut Vec<usize>,
        t: &mut Tally,
        only: Option<usize>,
    ) -> Flow {
        if self.tick(t) {
            return Flow::Cancelled;
        }
        if k <= 2 && only.is_none() && self.lean() {
            return self.last(st, k, path, t);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(bmi) = self.packed {
            if k == 4 && only.is_none() && self.numbered(st) {
                return self.four_packed(bmi, st, path, t);
            }
        }
        let (ahead, order) = match self.node(st, k) {
            Node::Leaf => return self.reached(path, t),
            Node::Cut => return Flow::Go,
            Node::Branch { ahead, order } => (ahead, order),
        };
        for (i, q) in order.into_iter().enumerate() {
            if only.is_some_and(|j| i > j) {
                break;
            }
            let pair = self.pair(q);
            let pair = pair.queens();
            if pair.len() > k {
                continue;
            }
            let g = self.gain(st, q);
            if pair.len() == 1 && !self.child_may(st, &ahead, q, g) {
                if self.forbid(st, q) && !self.enough(st, k) {
                    break;
                }
                continue;
            }
            if k == 3 && only.is_none() && self.lean() {
                // One more queen watches at most the largest gain of this node but q's.
                let top = ahead.gains.sum - ahead.gains.kth;
                let other = if g >= top { ahead.gains.kth } else { top };
                match self.then_two(st, q, other, path, t) {
                    Flow::Go => {}
                    other => return other,
                }
            } else if only.is_none_or(|j| i == j) {
                let mut child = st.clone();
                for &p in pair {
                    self.place(&mut child, p);
                    path.push(p);
                }
                match self.branch(&mut child, k - pair.len(), path, t, None) {
                    Flow::Go => {}
                    other => return other,
                }
                path.truncate(path.len() - pair.len());
            }
            let mut changed = false;
            for &p in pair {
                changed |= self.forbid(st, p);
            }
            if changed && !self.enough(st, k) {
                break;
            }
        }
        Flow::Go
    }

    /// Counts a node; whether the search is asked to stop (looked at every [`POLL`] nodes).
    #[inline]
    fn tick(&self, t: &mut Tally) -> bool {
        t.nodes += 1;
        t.nodes.is_multiple_of(POLL)
            && (self.control.is_cancelled() || self.stop.load(Ordering::Relaxed))
    }

    /// Whether the node may go on with its unwatched squares numbered (`packed`): the last
    /// queens placed one by one, not independent, few enough unwatched squares.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    fn numbered(&self, st: &State<W>) -> bool {
        self.lean() && !self.search.problem.independent && st.left <= packed::MOST
    }

    /// Whether the last queens may be placed one by one, without states (not so when they
    /// come in mirror pairs).
    #[inline]
    fn lean(&self) -> bool {
        self.search.problem.mirror.is_none()
    }

    /// The last one or two queens, found with square sets instead of branching on states: a
    /// last queen must watch every unwatched square ([`Self::last_one`]); with two left, one
    /// of them stands on a pivot square ([`Self::pivots`], [`Self::pairs`]).
    fn last(&self, st: &State<W>, k: usize, path: &mut Vec<usize>, t: &mut Tally) -> Flow {
        if st.left == 0 {
            return self.reached(path, t);
        }
        match k {
            0 => Flow::Go,
            1 => self.last_one(&st.open, &st.allowed, path, t),
            _ => self.two(st, path, t),
        }
    }

    /// The sum over the four kinds of the largest bound value: no queen watches more.
    #[inline]
    fn widest(&self, st: &State<W>) -> u32 {
        (st.present.iter())
            .map(|&p| Self::values(p).next().unwrap_or(0) as u32)
            .sum()
    }

    /// Every pair of allowed queens that watches all the unwatched squares (some), one of
    /// which stands on a pivot square: each such queen in turn, forbidden to the later ones,
    /// unless what it watches and what one more queen can watch fall short.
    fn two(&self, st: &State<W>, path: &mut Vec<usize>, t: &mut Tally) -> Flow {
        let node = Lean {
            open: st.open,
            allowed: st.allowed,
            left: st.left,
        };
        self.pairs(&node, &st.unwatched, self.widest(st), path, t)
    }

    /// A queen on `q` with two more to come, without a child state: the unwatched counts are
    /// lowered in place for the pairs and raised again after them. One more queen watches at
    /// most `other`.
    fn then_two(
        &self,
        st: &mut State<W>,
        q: usize,
        other: u32,
        path: &mut Vec<usize>,
        t: &mut Tally,
    ) -> Flow {
        let mask = &self.masks[q];
        let newly = and(&st.open, mask);
        let mut node = Lean {
            open: std::array::from_fn(|i| st.open[i] & !mask[i]),
            allowed: st.allowed,
            left: st.left,
        };
        node.allowed[q / 64] &= !(1 << (q % 64));
        if self.search.problem.independent {
            node.allowed = std::array::from_fn(|i| node.allowed[i] & !mask[i]);
        }
        each_bit(&newly, |s| {
            node.left -= 1;
            for &l in &self.line_of[s] {
                st.unwatched[l as usize] -= 1;
            }
        });
        path.push(q);
        let flow = if node.left == 0 {
            self.reached(path, t)
        } else {
            self.pairs(&node, &st.unwatched, other, path, t)
        };
        path.pop();
        each_bit(&newly, |s| {
            for &l in &self.line_of[s] {
                st.unwatched[l as usize] += 1;
            }
        });
        flow
    }

    /// Every pair of allowed queens that watches all of `node.open` (not empty), one of which
    /// stands on a pivot square: each such queen in turn, forbidden to the later ones, unless
    /// its gain (read from the lines' `unwatched` counts) and `other`, the most one more queen
    /// can watch, fall short.
    fn pairs(
        &self,
        node: &Lean<W>,
        unwatched: &[u8; MAX_LINES],
        other: u32,
        path: &mut Vec<usize>,
        t: &mut Tally,
    ) -> Flow {
        let mut allowed = node.allowed;
        let mut order = [0u16; 4 * MAX_N];
        let mut len = 0;
        each_bit(&and(&self.pivots(&node.open), &allowed), |q| {
            order[len] = q as u16;
            len += 1;
        });
        for &q in &order[..len] {
            let q = q as usize;
            allowed[q / 64] &= !(1 << (q % 64));
            let g = self.gain_in(unwatched, &node.open, q);
            if g + other < node.left {
                continue;
            }
            let mask = &self.masks[q];
            let rest: Bits<W> = std::array::from_fn(|i| node.open[i] & !mask[i]);
            path.push(q);
            let flow = if rest.iter().all(|&w| w == 0) {
                self.reached(path, t)
            } else if self.search.problem.independent {
                let apart: Bits<W> = std::array::from_fn(|i| allowed[i] & !mask[i]);
                self.last_one(&rest, &apart, path, t)
            } else {
                self.last_one(&rest, &allowed, path, t)
            };
            path.pop();
            if !matches!(flow, Flow::Go) {
                return flow;
            }
        }
        Flow::Go
    }

    /// Squares among which one of any two queens watching all of `open` (not empty) stands.
    /// Take open squares `u`, `v`, `w` that share no line: the two queens watch all three, so
    /// one of them watches two, and stands on a line of each of those two (where their lines
    /// meet: a dozen squares at most). Without three such squares: the watchers of the first.
    #[inline]
    fn pivots(&self, open: &Bits<W>) -> Bits<W> {
        let u = first_bit(open);
        let mu = &self.masks[u];
        let far: Bits<W> = std::array::from_fn(|i| open[i] & !mu[i]);
        if far.iter().all(|&x| x == 0) {
            return *mu;
        }
        let mv = &self.masks[last_bit(&far)];
        let farther: Bits<W> = std::array::from_fn(|i| far[i] & !mv[i]);
        if farther.iter().all(|&x| x == 0) {
            return *mu;
        }
        let mw = &self.masks[first_bit(&farther)];
        std::array::from_fn(|i| (mu[i] & mv[i]) | (mw[i] & (mu[i] | mv[i])))
    }

    /// Every allowed queen that watches all of `open` (not empty), added to `path` in turn:
    /// among those that watch its first and its last square (far apart, they share few
    /// watchers), the ones whose watched set holds all of `open`.
    fn last_one(
        &self,
        open: &Bits<W>,
        allowed: &Bits<W>,
        path: &mut Vec<usize>,
        t: &mut Tally,
    ) -> Flow {
        let ends = and(&self.masks[first_bit(open)], &self.masks[last_bit(open)]);
        let mut flow = Flow::Go;
        each_bit(&and(allowed, &ends), |q| {
            let mask = &self.masks[q];
            if matches!(flow, Flow::Go) && (0..W).all(|i| open[i] & !mask[i] == 0) {
                path.push(q);
                flow = self.reached(path, t);
                path.pop();
            }
        });
        flow
    }

    /// Whether the child with a queen on `q` could pass its bounds, judged before it is made:
    /// the queen watches its gain `g`, and the others at most what the bounds of this node
    /// allow without `q`'s lines (a line of `q` is all watched in the child) and without `q`
    /// itself. Counts only fall on the way down, so these are upper bounds of the child's own.
    #[inline]
    fn child_may(&self, st: &State<W>, ahead: &Ahead, q: usize, g: u32) -> bool {
        if ahead.k == 0 {
            return g >= st.left;
        }
        let by_lines: u32 = (self.line_of[q].iter().zip(&ahead.lines))
            .map(|(&l, top)| top.without(self.value(st, l as usize) as u32))
            .sum();
        let by_queens = ahead.gains.without(g);
        g + by_lines.min(by_queens) >= st.left
    }

    /// The queens that come with a queen on `q`: `q`, and its image under the mirror if any.
    #[inline]
    fn pair(&self, q: usize) -> Pair {
        match &self.search.problem.mirror {
            Some(m) if m[q] as usize != q => Pair([q, m[q] as usize], 2),
            _ => Pair([q, q], 1),
        }
    }

    /// Every square is watched by the queens of `path`.
    fn reached(&self, path: &[usize], t: &mut Tally) -> Flow {
        if !self.count || path.len() < self.search.problem.k {
            let mut set = path.to_vec();
            set.sort_unstable();
            return Flow::Found(set);
        }
        let key = &self.search.key;
        let first = key[t.root];
        let m = path.iter().filter(|&&q| key[q] == first).count() as u128;
        let stab = self.stabilizer(path) as u128;
        let l = lcm_upto(self.search.problem.k.max(8));
        t.weighted += l / m;
        t.classes += l * stab / m;
        Flow::Go
    }

    /// How many symmetries map the set onto itself.
    fn stabilizer(&self, set: &[usize]) -> usize {
        let mut bits = [0u64; W];
        for &q in set {
            bits[q / 64] |= 1 << (q % 64);
        }
        self.lines
            .group
            .iter()
            .filter(|g| set.iter().all(|&q| has(&bits, g[q] as usize)))
            .count()
    }
}
