//! The default counter: meet in the middle over the four quarters of the board, after the idea
//! of Kluev's N-Queens-Count-Sol (a published CPU counter that outruns backtracking),
//! with the disjoint pairs counted by [`super::disjoint`].
//!
//! Cut the board into a west and an east half (files) and a north and a south half (ranks).
//! Every solution has `h = N / 2` queens in the east half; call the set of their ranks the
//! *choice*. For one choice, an *east half board* is a placement of queens on those ranks of
//! the east half, one per file and no two attacking; it is the join of a north-east piece and a
//! south-east piece on complementary files (pieces of each quarter are listed once, by the set of
//! ranks they fill, grouped by files). The west half boards of the complementary ranks are
//! built the same way. An east and a west half board make a solution exactly when they share no
//! diagonal; only the diagonals that cross the middle file line can be shared, `2h - 1` in each
//! direction, so a half board is a *key* of `4h - 2` bits, and the count for the choice is the
//! number of disjoint (east key, west key) pairs. The join of two quarters can only clash on
//! crossing diagonals too, so a piece is just its files and its key.
//!
//! Symmetry:
//! - Odd N: the queens of the middle rank and file are placed first (one queen in the centre,
//!   or two queens), leaving four quarters as for N - 1. These *frames* are taken one per class
//!   under the 8 symmetries, weighted by the size of the class. The centre frame also uses the
//!   mirror and the flip below.
//! - The flip (ranks reversed) maps a choice to its reversed choice with the same count, and the
//!   mirror (files reversed) to its complement; one choice per class is counted, weighted.
//! - Even N, Kluev's diagonal trick: the transposition keeps each queen of the main diagonal in
//!   place and moves the anti-diagonal's queen between the halves; the reflection in the
//!   anti-diagonal does the converse. So solutions with the anti-diagonal queen in the west are
//!   as many as with it in the east, and likewise for the main diagonal, and the total is the sum
//!   over the solutions with neither queen in the west of `2^k`, `k` the number of the two in
//!   the east. That sum is unchanged by the flip (which swaps the two diagonals and keeps the
//!   halves), though not by the mirror, so even N counts one choice per flip class, drops the
//!   west pieces on the two longest diagonals (about 70 % of the west half boards) and weighs
//!   the east ones. Both tricks together do about 1/8 of the plain work.
//!
//! The work splits into independent [`Part`]s (a frame and the north ranks of the east
//! queens): [`parts`] lists them, [`count_parts`] counts any batch of them, within a memory
//! budget if one is given. Memory: the pieces of the four quarters of a frame take about 8
//! bytes each, 47 MB for N = 18, 333 MB for N = 20, 2.9 GB for N = 22 and some 25 GB for
//! N = 24 ([`table_bytes`]). When they fit the budget they are built once per frame and held;
//! otherwise each part builds the pieces it needs and forgets them ([`pieces`]), and the half
//! boards of a choice are joined in slices ([`join`]), so that any N up to [`MAX_N`] runs in a
//! few hundred megabytes.

mod cost;
mod frames;
mod join;
mod layout;
mod pieces;
mod sample;

pub use cost::part_costs;
pub use frames::Reduce;
pub use join::{Path, FORCE_VARIABLE};
pub use sample::{estimate, Estimate};

use crate::control::Control;
use crate::error::Error;
use crate::square::Square;
use frames::{choices, frames};
use join::{Buffers, Choice};
use layout::Layout;
use pieces::Quarter;
use rayon::prelude::*;
use serde::Serialize;

/// The largest N: keys of `4 (N / 2) - 2` bits fit a word up to N = 33, and files a 32-bit
/// mask; beyond 27 no count would end.
pub const MAX_N: usize = 27;

/// The most queens a frame fixes.
const MAX_FIXED: usize = 2;

/// One independent part of the count: a frame (the fixed queens of the middle rank and file,
/// none for even N, with the size of its class) and the north ranks of the east queens (bit
/// `i` of `north` is the `i`-th free north rank). It covers every choice of that frame with
/// these north ranks that is the representative of its class under the frame's reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Part {
    n: u8,
    fixed: [(u8, u8); MAX_FIXED],
    fixed_len: u8,
    reduce: Reduce,
    weight: u32,
    north: u32,
}

impl Part {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// The fixed queens as squares.
    pub fn fixed(&self) -> Vec<Square> {
        self.fixed[..self.fixed_len as usize]
            .iter()
            .map(|&(r, c)| Square::new(c as u32, r as u32))
            .collect()
    }

    /// The north ranks of the east queens, as a mask over the free north ranks.
    pub fn north(&self) -> u32 {
        self.north
    }

    /// The size of the frame's class under the 8 symmetries.
    pub fn weight(&self) -> u32 {
        self.weight
    }

    fn frame_key(&self) -> ([(u8, u8); MAX_FIXED], u8) {
        (self.fixed, self.fixed_len)
    }

    fn fixed_squares(&self) -> Vec<(usize, usize)> {
        self.fixed[..self.fixed_len as usize]
            .iter()
            .map(|&(r, c)| (r as usize, c as usize))
            .collect()
    }
}

/// Every part for `n` (4 to [`MAX_N`]), frame by frame, in a fixed order: the unit of
/// progress, checkpoints and shares of a cluster job.
pub fn parts(n: usize) -> Vec<Part> {
    assert!((4..=MAX_N).contains(&n), "N = {n} is outside 4..={MAX_N}");
    let mut out = Vec::new();
    for (fixed, weight, reduce) in frames(n) {
        let mut f = [(0u8, 0u8); MAX_FIXED];
        for (slot, &(r, c)) in f.iter_mut().zip(&fixed) {
            *slot = (r as u8, c as u8);
        }
        let layout = Layout::new(n, &fixed);
        for en in 0..=layout.all_north() {
            if !choices(&layout, reduce, en).is_empty() {
                out.push(Part {
                    n: n as u8,
                    fixed: f,
                    fixed_len: fixed.len() as u8,
                    reduce,
                    weight,
                    north: en as u32,
                });
            }
        }
    }
    out
}

/// A frame: the fixed queens, how its choices are reduced, and its four quarters.
struct Frame {
    layout: Layout,
    reduce: Reduce,
    nw: Quarter,
    ne: Quarter,
    sw: Quarter,
    se: Quarter,
}

impl Frame {
    /// The frame of `part`; the quarters that `hold` says build their pieces now and hold them.
    fn new(part: &Part, hold: Hold) -> Frame {
        let l = Layout::new(part.n(), &part.fixed_squares());
        // The diagonal trick: no west queen on a longest diagonal.
        let drop = if part.reduce == Reduce::FlipDiagonals {
            l.longest()
        } else {
            0
        };
        let quarter = |rows: &[usize], cols, drop| {
            let south = rows.first() == l.south.first();
            let held = hold == Hold::All || (hold == Hold::South && south);
            Quarter::new(&l, rows, cols, drop, held)
        };
        let ((nw, ne), (sw, se)) = rayon::join(
            || {
                rayon::join(
                    || quarter(&l.north, l.west, drop),
                    || quarter(&l.north, l.east, 0),
                )
            },
            || {
                rayon::join(
                    || quarter(&l.south, l.west, drop),
                    || quarter(&l.south, l.east, 0),
                )
            },
        );
        Frame {
            nw,
            ne,
            sw,
            se,
            layout: l,
            reduce: part.reduce,
        }
    }

    /// The (weighted) count of one part.
    /// The (weighted) count of one part; [`Error::Cancelled`] between two of its choices
    /// once `control` is cancelled (a choice of N = 27 takes seconds).
    fn count(&self, part: &Part, buf: &mut Buffers, control: &Control) -> Result<u128, Error> {
        let l = &self.layout;
        let en = part.north as usize;
        let sum = self.ne.with(l, en, |ne| {
            self.nw.with(l, l.all_north() ^ en, |nw| {
                let mut sum = 0u128;
                for (es, w) in choices(l, self.reduce, en) {
                    if control.is_cancelled() {
                        return Err(Error::Cancelled);
                    }
                    sum += self.se.with(l, es, |se| {
                        self.sw.with(l, l.all_south() ^ es, |sw| {
                            let c = Choice {
                                layout: l,
                                reduce: self.reduce,
                                ne,
                                se,
                                nw,
                                sw,
                            };
                            join::join(&c, buf) as u128 * w as u128
                        })
                    });
                }
                Ok(sum)
            })
        })?;
        Ok(sum * part.weight as u128)
    }
}

/// The bytes of the pieces of the largest frame's four quarters for `n` (measured up to
/// N = 23 by a test, about 2.9 times more for each N beyond).
pub fn table_bytes(n: usize) -> usize {
    cost::table_bytes(n)
}

/// Which quarters of a frame hold the pieces of all their sets of ranks (the others build the
/// pieces of a set of ranks when a part asks for them: the north ones once per part, the south
/// ones once per choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hold {
    All,
    South,
    Nothing,
}

/// How a batch of parts is counted within a memory budget (in bytes, `None` for no budget):
/// which quarters hold their pieces, and how many half boards a thread holds at once.
fn plan(n: usize, memory: Option<usize>, threads: usize) -> (Hold, usize) {
    let tables = table_bytes(n);
    let bytes_per_set = Buffers::bytes_per_set(&Layout::new(n, &[]));
    // Even N has one frame; the frames of odd N go in parallel, one per thread.
    let at_once = if n.is_multiple_of(2) { 1 } else { threads };
    let Some(budget) = memory else {
        let hold = if n <= 23 { Hold::All } else { Hold::Nothing };
        return (hold, usize::MAX);
    };
    // At most half the budget for the pieces, the rest for the half boards.
    let held = |hold| match hold {
        Hold::All => tables * at_once,
        Hold::South => tables / 2 * at_once,
        Hold::Nothing => 0,
    };
    let hold = [Hold::All, Hold::South, Hold::Nothing]
        .into_iter()
        .find(|&h| held(h) <= budget / 2)
        .unwrap_or(Hold::Nothing);
    // Three quarters of what is left for the half boards, a share per thread.
    let cap = (budget - held(hold)) / 4 * 3 / threads / bytes_per_set;
    (hold, cap.max(BLOCK_SETS))
}

/// The fewest half boards per slice (a block of the sieve): what a budget too small for
/// anything else gets.
const BLOCK_SETS: usize = crate::count::disjoint::BLOCK;

/// The weighted count of a batch of parts (of one N), in the current rayon pool, within the
/// memory budget `memory` (bytes; `None` for none), calling `done(i, count)` as part
/// `parts[i]` is finished. `control` advances by one per part. With every part of `n`, this
/// is the total for `n`. The join runs on the fastest [`Path`] of the CPU.
pub fn count_parts(
    parts: &[Part],
    memory: Option<usize>,
    control: &Control,
    done: &(dyn Fn(usize, u128) + Sync),
) -> Result<u128, Error> {
    count_parts_on(Path::best(), parts, memory, control, done)
}

/// [`count_parts`] with the join on `path` (any of [`Path::all_available`]).
pub fn count_parts_on(
    path: Path,
    parts: &[Part],
    memory: Option<usize>,
    control: &Control,
    done: &(dyn Fn(usize, u128) + Sync),
) -> Result<u128, Error> {
    let Some(first) = parts.first() else {
        return Ok(0);
    };
    let (hold, cap) = plan(first.n(), memory, rayon::current_num_threads());
    // The runs of parts of one frame; frames go in parallel too, so that no thread waits at
    // the end of a frame.
    let mut runs = Vec::new();
    let mut from = 0;
    while from < parts.len() {
        let key = parts[from].frame_key();
        let len = parts[from..]
            .iter()
            .take_while(|s| s.frame_key() == key)
            .count();
        runs.push(from..from + len);
        from += len;
    }
    runs.into_par_iter()
        .map(|run| {
            if control.is_cancelled() {
                return Err(Error::Cancelled);
            }
            let frame = Frame::new(&parts[run.start], hold);
            parts[run.clone()]
                .par_iter()
                .enumerate()
                .map_init(
                    || Buffers::new(&frame.layout, cap, path),
                    |buf, (i, part)| {
                        let c = frame.count(part, buf, control)?;
                        done(run.start + i, c);
                        control.advance(1);
                        Ok(c)
                    },
                )
                .sum::<Result<u128, Error>>()
        })
        .sum()
}

/// The weighted count of a batch of parts with no memory budget (see [`count_parts`]).
pub fn count_total_of(parts: &[Part], control: &Control) -> Result<u128, Error> {
    count_parts(parts, None, control, &|_, _| {})
}

/// The bytes the engine holds for `n` without a budget (see [`table_bytes`]).
pub fn memory(n: usize) -> usize {
    table_bytes(n)
}

/// About the most bytes the engine holds for `n` within the budget `memory` on `threads`
/// threads: the pieces it holds and, under a budget, the half boards of every thread at
/// their cap (without a budget, the half boards of the largest choice, not known before).
pub fn memory_within(n: usize, memory: Option<usize>, threads: usize) -> usize {
    let (hold, cap) = plan(n, memory, threads);
    let at_once = if n.is_multiple_of(2) { 1 } else { threads };
    let held = match hold {
        Hold::All => table_bytes(n) * at_once,
        Hold::South => table_bytes(n) / 2 * at_once,
        Hold::Nothing => 0,
    };
    let buffers = if cap == usize::MAX {
        0
    } else {
        cap * Buffers::bytes_per_set(&Layout::new(n, &[])) * threads
    };
    held + buffers.min(memory.unwrap_or(usize::MAX))
}

/// The total number of solutions for `n` (1 to [`MAX_N`]), in the current rayon pool, within
/// the memory budget `memory` (bytes, or `None`).
pub fn count_total_within(
    n: usize,
    memory: Option<usize>,
    control: &Control,
) -> Result<u128, Error> {
    if n < 4 {
        return crate::count::somers::count_total(n, control);
    }
    let parts = parts(n);
    control.set_total(parts.len() as u64);
    count_parts(&parts, memory, control, &|_, _| {})
}

/// The total number of solutions for `n` (1 to [`MAX_N`]), in the current rayon pool.
pub fn count_total(n: usize, control: &Control) -> Result<u128, Error> {
    count_total_within(n, None, control)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::somers;

    #[test]
    fn agrees_with_the_reference_engine() {
        for n in 1..=12 {
            let want = somers::count_total(n, &Control::new()).unwrap();
            assert_eq!(count_total(n, &Control::new()).unwrap(), want, "N = {n}");
        }
    }

    #[test]
    fn a_tiny_budget_splits_everything_and_still_agrees() {
        // 1 byte: no frame held, slices of the fewest half boards.
        for n in 4..=13 {
            let want = somers::count_total(n, &Control::new()).unwrap();
            let got = count_total_within(n, Some(1), &Control::new()).unwrap();
            assert_eq!(got, want, "N = {n}");
        }
    }

    #[test]
    fn parts_add_up_in_any_batches() {
        for n in [9, 10] {
            let want = somers::count_total(n, &Control::new()).unwrap();
            let parts = parts(n);
            let one_by_one: u128 = parts
                .iter()
                .map(|s| count_total_of(std::slice::from_ref(s), &Control::new()).unwrap())
                .sum();
            assert_eq!(one_by_one, want, "N = {n}");
            let halves: u128 = parts
                .chunks(parts.len() / 2 + 1)
                .map(|c| count_total_of(c, &Control::new()).unwrap())
                .sum();
            assert_eq!(halves, want, "N = {n}");
        }
    }

    #[test]
    fn each_part_is_reported_once_with_its_count() {
        use std::sync::Mutex;
        let parts = parts(11);
        let seen = Mutex::new(vec![None; parts.len()]);
        let total = count_parts(&parts, Some(1 << 20), &Control::new(), &|i, c| {
            let mut seen = seen.lock().unwrap();
            assert!(seen[i].is_none(), "part {i} twice");
            seen[i] = Some(c);
        })
        .unwrap();
        let seen = seen.into_inner().unwrap();
        let sum: u128 = seen.iter().map(|c| c.expect("every part reported")).sum();
        assert_eq!((sum, total), (2680, 2680));
    }

    #[test]
    fn budgets_decide_what_is_held() {
        assert_eq!(plan(18, None, 2), (Hold::All, usize::MAX));
        assert_eq!(plan(24, None, 2).0, Hold::Nothing);
        let (hold, cap) = plan(20, Some(256 << 20), 2);
        assert!(hold == Hold::South && cap > 100_000, "{cap}");
        assert_eq!(plan(18, Some(512 << 20), 2).0, Hold::All);
        assert_eq!(plan(24, Some(4 << 30), 2).0, Hold::Nothing);
        assert_eq!(plan(18, Some(1), 2), (Hold::Nothing, BLOCK_SETS));
        assert!(table_bytes(24) > 10 << 30 && table_bytes(25) > table_bytes(23));
    }

    #[test]
    fn stops_when_cancelled() {
        let c = Control::new();
        c.cancel();
        assert_eq!(count_total(12, &c), Err(Error::Cancelled));
    }
}
